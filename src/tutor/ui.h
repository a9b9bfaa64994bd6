/*
 * ui.h: the curses tutor: board, tree, event and status panes over a session,
 * with a readline command line at the bottom.
 */
#ifndef QUIESCE_UI_H
#define QUIESCE_UI_H

#include <stdbool.h>

#include "teach/session.h"

/* Runs the full-screen tutor on S until the user quits; returns the exit status. ASCII: letters for pieces. */
int ui_run(struct session *s, bool ascii);

/*
 * The tutor's responsiveness, measured on a virtual LINES x COLS terminal of
 * its own (output to /dev/null; the user's terminal is never touched): the
 * keys of KEYS, repeated until COUNT have been pressed, go to the tutor's key
 * handler one by one and each is timed (monotonic clock, and processor time)
 * until the screen is redrawn. In KEYS, '>' stands for PgDn and '<' for PgUp;
 * KEYS must not open the command line (':' or '/'). False, with WHY set, when
 * no virtual terminal could be made.
 */
struct ui_bench {
	int lines, cols;
	const char *keys;
	int count;
	int done;                   /* keys pressed */
	double mean_ms, p99_ms, max_ms; /* per key, handled and redrawn: mean, 99th percentile, slowest */
	char max_key;               /* the key of KEYS that took MAX_MS */
	double cpu_max_ms;          /* the most processor time a key took (MAX_MS less other programs' turns) */
	char why[160];
};

bool ui_bench(struct session *s, struct ui_bench *b);

#endif
