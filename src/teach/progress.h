/*
 * progress.h: the learner's progress through the lessons: for each lesson
 * the page reached, whether its last page was reached, and the latest answer
 * to each of its questions. Kept in $XDG_STATE_HOME/quiesce/progress
 * (default ~/.local/state/quiesce/progress), a text file of lines:
 *
 *   quiesce-progress 1
 *   lesson ID PAGE PAGES started|done
 *   answer ID PAGE QUESTION right|wrong TEXT
 *   last ID
 *
 * PAGE and QUESTION count from 1 (QUESTION within its page); an answer line
 * follows the lesson line of its lesson; TEXT is the answer as typed, the
 * rest of the line; "last" names the lesson studied last. Lines starting with
 * '#' and blank lines are ignored. The file is replaced atomically.
 *
 * Several sessions may share the file (two terminals, a REPL and a tutor):
 * a save merges. Under a lock (on the file's directory), it reads what is on disk, keeps
 * every lesson this session did not change as the disk has it, puts this
 * session's changes over it (for a lesson both changed: this session's page,
 * and the answers of both, this session's where both answered a question),
 * and writes the result. So no session's progress is lost. Reading and
 * saving go through src/base/statefile: never through a symbolic link, a
 * damaged file kept as progress.corrupt-DATE, CRLF read as LF.
 */
#ifndef QUIESCE_PROGRESS_H
#define QUIESCE_PROGRESS_H

#include <stddef.h>
#include <stdio.h>

#include "base/idindex.h"
#include "base/types.h"

#define PROGRESS_MAGIC "quiesce-progress 1"
#define PROGRESS_ID_MAX 64
#define PROGRESS_TEXT_MAX 128

struct progress_answer {
	int page, question;              /* 1-based */
	bool right;
	char text[PROGRESS_TEXT_MAX];
};

struct progress_lesson {
	char id[PROGRESS_ID_MAX];
	int page;                        /* the page the learner is on (1-based) */
	int pages;                       /* the lesson's page count when last saved */
	bool done;                       /* the learner reached the last page */
	int answer_count;
	struct progress_answer *answers;
	bool changed;                    /* changed by this session since it was read */
};

struct progress {
	int count, cap;
	struct progress_lesson *lessons;
	char last[PROGRESS_ID_MAX];      /* the lesson studied last, "" when none */
	bool last_changed;               /* LAST set by this session */
	struct idindex index;            /* the lessons by id: loading is linear */
};

/*
 * What progress_load found: the file read, no file, a file whose contents
 * are not a progress file (to be set aside), or something that cannot be
 * read at all or is not a regular file (a directory, a FIFO: left alone).
 */
enum progress_status { PROGRESS_OK = 0, PROGRESS_MISSING, PROGRESS_CORRUPT, PROGRESS_UNUSABLE };

/* An empty progress (no lesson started); progress_clear frees what it holds. */
void progress_init(struct progress *p);
void progress_clear(struct progress *p);

/*
 * The progress file's path into BUF: $XDG_STATE_HOME/quiesce/progress when
 * XDG_STATE_HOME is absolute, else $HOME/.local/state/quiesce/progress. With
 * CREATE the directory is made. False when there is no such place.
 */
bool progress_path(char *buf, size_t n, bool create);

/*
 * Reads PATH into P (emptied first). PROGRESS_MISSING when there is no file;
 * PROGRESS_CORRUPT, with P empty and ERR naming the line and what is wrong,
 * when the file cannot be read as progress.
 */
enum progress_status progress_load(struct progress *p, const char *path, struct error *err);

/* Parses the text of a progress file (NAME stands for it in messages). */
enum progress_status progress_parse(struct progress *p, const char *text, const char *name, struct error *err);

/*
 * Merges the file on disk (see above) and writes P to PATH atomically (a
 * temporary file renamed over PATH); false with ERR on failure. A damaged
 * file on disk is set aside and the save goes on: true with a note in ERR
 * (whose message is empty otherwise).
 */
bool progress_save(struct progress *p, const char *path, struct error *err);

/* Writes P in the file's format to FP; false on a write error. */
bool progress_write(const struct progress *p, FILE *fp);

/*
 * Merges DISK (the file as another session left it) into P as progress_save
 * does: lessons P did not change are taken from DISK. P's change marks stay.
 */
void progress_merge(struct progress *p, const struct progress *disk);

/*
 * Moves a corrupt progress file out of the way: PATH is renamed to
 * PATH.corrupt-YYYYMMDD-HHMMSS, whose name goes to AWAY (N bytes).
 */
bool progress_set_aside(const char *path, char *away, size_t n, struct error *err);

/* The record of lesson ID; with CREATE a new one (page 0: not started) when there is none, else NULL. */
struct progress_lesson *progress_find(struct progress *p, const char *id, bool create);

/* Records the learner's answer TEXT to question QUESTION of page PAGE, replacing an earlier one. */
void progress_answer(struct progress_lesson *pl, int page, int question, bool right, const char *text);

/* The latest answer to QUESTION of PAGE, or NULL. */
const struct progress_answer *progress_answer_of(const struct progress_lesson *pl, int page, int question);

/* Describes lesson ID (PAGES pages) for a list: "not started", "page K of N" or "done". */
void progress_describe(const struct progress *p, const char *id, int pages, char *buf, size_t n);

#endif
