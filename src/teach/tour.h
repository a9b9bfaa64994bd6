/*
 * tour.h: a lesson being taught in a session: the open lesson, its page, the
 * question being asked and the feedback to the last answer, with the
 * learner's progress (progress.h) loaded at the start and saved at every
 * step. Showing a page makes its directives drive the session: position,
 * search options, search, cursor, highlights and the compare view. The REPL
 * and the full-screen tutor share it through the commands of command.h; the tour
 * never prints unless asked to write a page to a stream.
 */
#ifndef QUIESCE_TOUR_H
#define QUIESCE_TOUR_H

#include <stdio.h>

#include "teach/lesson.h"
#include "teach/progress.h"
#include "teach/session.h"
#include "base/types.h"

struct tour {
	struct progress progress;
	char path[4200];                 /* the progress file, "" when there is no state directory */
	bool existed;                    /* a progress file was there at the start (not a new learner) */
	bool returning;                  /* a progress file was read at the start: "welcome back" (existed changes on saving) */
	bool detached;                   /* never reads or writes the progress file (tour_new_detached) */
	bool borrowed;                   /* LESSON belongs to the caller of tour_show: closing does not free it */
	bool position_asked;             /* the user opened a position (--fen): no lesson menu first */
	char note[700];                  /* news for the learner (a corrupt file set aside, a failed save), or "" */

	struct lesson *lesson;           /* the open lesson, or NULL */
	int number;                      /* its number in lesson_list order (1-based), 0 when not listed */
	int page;                        /* 0-based */
	int question;                    /* the item index of the question being asked, -1 when none */
	int answered;                    /* the item index FEEDBACK is about, -1 when none */
	int hinted;                      /* the item index whose hint the page shows, -1 when none */
	enum lesson_verdict verdict;
	char feedback[800];

	bitboard squares;                /* squares the page highlights on the board */
	uint32_t node;                   /* the node the page highlights in the tree, TRACE_NONE when none */
	bool pane;                       /* a pane shows the page: commands print a line, not the page */
	bool menu;                       /* the lessons command asks the front end for its lesson menu */
	bool offer_next;                 /* next-page on the last page offered the next lesson: a second one opens it */
	/* The learner's own search options, kept while lessons set theirs (own_saved: kept). */
	struct search_options own_opt;
	bool own_saved;
	uint32_t generation;             /* changes whenever what a pane shows changes */
};

/* Makes a tour with the progress read from its file; a corrupt file is set aside and NOTE says so. */
struct tour *tour_new(void);
void tour_free(struct tour *t);

/* Frees the session's tour (tour_of) and forgets it: front ends call it before session_free. */
void tour_end(struct session *s);

/*
 * Makes a tour with no progress: it never reads or writes the progress
 * file, so that a page can be shown for a check (check-lesson's rendering of
 * each page) without touching the learner's record.
 */
struct tour *tour_new_detached(void);

/*
 * Shows page PAGE (0-based) of L, a lesson the caller has loaded and
 * resolved (lessoncheck_lesson) and keeps: the tour borrows it, and closing
 * the tour does not free it. NUMBER is its place in the lesson list (0 when
 * not listed). The page is shown as tour_goto_page shows it. False with ERR
 * when PAGE is out of range.
 */
bool tour_show(struct tour *t, struct session *s, struct lesson *l, int number, int page, struct error *err);

/* The session's tour (made on first use). */
struct tour *tour_of(struct session *s);

/*
 * Opens the lesson NAME (see lesson_find) at the page the progress file
 * saved (the first page for a new lesson, or page PAGE, 1-based, when it
 * is above 0) and shows it in S. False with ERR when there is no such lesson.
 */
bool tour_open(struct tour *t, struct session *s, const char *name, int page, struct error *err);

/* Closes the open lesson (the session keeps its position and search). */
void tour_close(struct tour *t);

/*
 * Leaves the open lesson for the learner's own work (a position of their
 * own): closes it and gives the session back the search options it had
 * before the first lesson was opened. Returns false when no lesson was open.
 */
bool tour_leave(struct tour *t, struct session *s);

/* Shows page PAGE (0-based) of the open lesson: its directives set up S. Saves the progress. */
bool tour_goto_page(struct tour *t, struct session *s, int page, struct error *err);

/*
 * Answers the question being asked with TEXT: FEEDBACK receives what
 * lesson_answer says; a readable answer is saved with the progress (a right
 * one moves on to the page's next question). False with ERR when there is
 * no lesson or no question on the page.
 */
bool tour_answer(struct tour *t, const char *text, struct error *err);

/* The hint for the question being asked; false with ERR when there is none. */
bool tour_hint(struct tour *t, char *buf, size_t n, struct error *err);

/* The question item being asked, or NULL. */
const struct lesson_item *tour_question(const struct tour *t);

/* Writes the page: heading, prose wrapped to WIDTH, the questions with their answers and the feedback. */
void tour_print_page(const struct tour *t, int width, FILE *out);

/* Writes the lesson list: number, id, title and status (from the progress), and each summary when SUMMARY. */
void tour_print_list(const struct tour *t, bool summary, FILE *out);

/* Saves the progress (creating the state directory); on failure NOTE says why. */
bool tour_save(struct tour *t);

#endif
