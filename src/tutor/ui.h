/*
 * ui.h: the curses tutor: board, tree, event and status panes over a session,
 * with a readline command line at the bottom.
 */
#ifndef QUIESCE_UI_H
#define QUIESCE_UI_H

#include <stdbool.h>
#include <stddef.h>

#include "teach/lesson.h"
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

/* A terminal size, in character cells. */
struct ui_screen_size {
	int lines, cols;
};

/*
 * Page PAGE (0-based) of lesson L as the tutor draws it when the page opens
 * (':lesson' or ']': the page's directives applied by tour_goto_page, the
 * status line naming the page, no key pressed yet), at each of the COUNT
 * SIZES, on a virtual terminal of its own (as ui_bench's; the user's
 * terminal is never touched) in the C locale. L has been loaded and its
 * references resolved (lessoncheck_lesson); it is borrowed, not freed.
 * NUMBER is its place in the lesson list (0 when not listed). SCREENS[i]
 * receives the screen at SIZES[i]: its rows, each ended by a newline, with
 * the lesson pane blanked (its own text quotes what the page talks about).
 * PRESSES, when not NULL, receives at PRESSES[i] how many presses of '}' it
 * takes at SIZES[i] to read the whole text of the page: the key is pressed
 * through the tutor's own key handler while the lesson pane's title says
 * there is more below, as a learner (and tests/tutor-lessons.py) does.
 * False with WHY set when no virtual terminal could be made, a size is
 * below the tutor's smallest, or PAGE is out of range.
 */
bool ui_page_screens(struct lesson *l, int number, int page, const struct ui_screen_size *sizes, int count,
		     char **screens, int *presses, char *why, size_t n);

#endif
