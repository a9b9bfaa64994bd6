/*
 * leitner.h: the learner's practice record: accuracy per drill and level,
 * and a Leitner-box schedule of the questions answered. Kept beside the
 * lesson progress in $XDG_STATE_HOME/quiesce/practice (default
 * ~/.local/state/quiesce/practice), a text file of lines:
 *
 *   quiesce-practice 1
 *   stat DRILL LEVEL RIGHT ASKED
 *   box ID BOX DUE LAST
 *
 * DRILL is a drill's name (practice.h), ID a question's id; BOX counts from
 * 1 to LEITNER_BOXES, DUE is the day (days since 1970-01-01, UTC) the
 * question comes back and LAST the day it was last answered (optional: a
 * record written before it was kept has none). The schedule:
 *
 *   - a new question answered right goes to box 1, first due the next day;
 *   - a due question answered right moves up one box (at most 5) and is due
 *     again after leitner_interval(BOX) days: 1, 2, 4, 8, 16;
 *   - one promotion a day: a question missed earlier the same day and then
 *     answered right stays in its box (due the next day);
 *   - a question answered before it is due (an explicit --seed's set holds
 *     it) keeps its box and day;
 *   - a wrong answer sends a question back to box 1, due the same day, so
 *     the missed questions come first next time.
 *
 * Several sessions may share the file: a save merges as progress_save does.
 * Under a lock it reads the file, adds this session's answers to the counts
 * on disk, puts this session's boxes over the disk's (the others stay) and
 * replaces the file atomically (src/base/statefile: never through a
 * symbolic link, a damaged file kept as practice.corrupt-DATE). Counts stop
 * at STATEFILE_COUNT_MAX instead of overflowing; lines may end in CRLF.
 */
#ifndef QUIESCE_LEITNER_H
#define QUIESCE_LEITNER_H

#include <stddef.h>
#include <stdio.h>

#include "base/idindex.h"
#include "base/types.h"
#include "teach/practice.h"

#define LEITNER_MAGIC "quiesce-practice 1"
#define LEITNER_BOXES 5

struct leitner_card {
	char id[96];
	int box;                    /* 1 .. LEITNER_BOXES */
	long due;                   /* the day it comes back */
	long last;                  /* the day it was last answered; -1 unknown */
	bool changed;               /* answered in this session */
};

struct leitner {
	int right[PD_COUNT][PRACTICE_MAX_LEVEL + 1];    /* [drill][level], level from 1 */
	int asked[PD_COUNT][PRACTICE_MAX_LEVEL + 1];
	int new_right[PD_COUNT][PRACTICE_MAX_LEVEL + 1]; /* this session's share of the counts */
	int new_asked[PD_COUNT][PRACTICE_MAX_LEVEL + 1];
	int count, cap;
	struct leitner_card *cards;
	struct idindex index;       /* the cards by id: loading is linear */
};

/* The largest practice file read (a larger one is damaged). */
#define LEITNER_MAX_BYTES (64L << 20)

/* An empty record; leitner_clear frees what it holds. */
void leitner_init(struct leitner *l);
void leitner_clear(struct leitner *l);

/* The file's path into BUF (statedir_path "practice"); with CREATE its directory is made. */
bool leitner_path(char *buf, size_t n, bool create);

/*
 * Reads PATH into L (initialised by leitner_init; emptied first). True when the file was read or does not
 * exist (L empty); false with ERR naming the line and what is wrong.
 */
bool leitner_load(struct leitner *l, const char *path, struct error *err);

/*
 * Reads PATH into L as leitner_load does; when it cannot, L is left empty
 * and NOTE says why (naming PATH). With SET_ASIDE a damaged record is first
 * kept as PATH.corrupt-DATE, and NOTE says so. True when PATH was read or
 * does not exist (NOTE empty).
 */
bool leitner_load_or_restart(struct leitner *l, const char *path, bool set_aside, struct error *note);

/*
 * Parses TEXT (LEN bytes, NUL-terminated; NAME stands for the file in
 * messages) into L (emptied first); false with ERR naming the line, L empty.
 */
bool leitner_parse(struct leitner *l, const char *text, size_t len, const char *name, struct error *err);

/* Writes L in the file's format to FP; false on a write error. */
bool leitner_write(const struct leitner *l, FILE *fp);

/*
 * Merges what is on disk and writes L to PATH (see above); false with ERR.
 * When the file on disk was damaged it is set aside and the save goes on:
 * true, with ERR holding a note that says so (ERR's message is empty
 * otherwise), for the caller to show.
 */
bool leitner_save(struct leitner *l, const char *path, struct error *err);

/* Today, as the schedule counts days: $QUIESCE_PRACTICE_DAY when set (for tests), else the UTC date. */
long leitner_today(void);

/* The days a question in box BOX waits after a right answer: 1, 2, 4, 8, 16. */
int leitner_interval(int box);

/*
 * Records an answer to question ID of drill D at LEVEL on day TODAY. ID NULL
 * counts the answer without scheduling it (a question that cannot be asked
 * again: from a position the tutor was studying).
 */
void leitner_record(struct leitner *l, const char *id, enum practice_drill d, int level, bool right, long today);

/* Where question ID stands on TODAY: never answered, due (or missed), or waiting for its day. */
enum { LEITNER_NEW = 0, LEITNER_DUE, LEITNER_WAITING };
int leitner_state(const struct leitner *l, const char *id, long today);

/* The drill a question id belongs to (its name, then the level's digit); -1 for none. */
int leitner_id_drill(const char *id);

/* The first day after TODAY on which a question of drill D is due; -1 when none waits. */
long leitner_next_due(const struct leitner *l, enum practice_drill d, long today);

/* The day DAY (days since 1970-01-01) as YYYY-MM-DD into BUF. */
void leitner_day_format(long day, char *buf, size_t n);

/* The card of ID, or NULL. */
const struct leitner_card *leitner_find(const struct leitner *l, const char *id);

/*
 * The ids of drill D due on TODAY or before, most overdue first (the lowest
 * box first on a tie), into IDS (at most MAX); returns how many.
 */
int leitner_due(const struct leitner *l, enum practice_drill d, long today, const char **ids, int max);

/*
 * Prints the practice section of 'quiesce lessons' to OUT: for each drill
 * its concept, the right answers and the questions asked at each level with
 * the accuracy, the questions due on TODAY and the next day one is due; a
 * hint when nothing was practised yet.
 */
void leitner_print(const struct leitner *l, long today, FILE *out);

#endif
