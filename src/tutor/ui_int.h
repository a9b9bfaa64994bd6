/*
 * ui_int.h: what the files of the curses tutor share: the screen state, the
 * pane interface (init / draw / key / resize) and the colours.
 */
#ifndef QUIESCE_UI_INT_H
#define QUIESCE_UI_INT_H

#include <signal.h>
#include <stdbool.h>

/*
 * curses declares a function move(), the chess core a type of that name:
 * the function is renamed out of the way (the tutor calls wmove) and the
 * curses macros are not used (their functions are the same).
 */
#define NCURSES_NOMACROS 1
#define move curses_move_
#include <curses.h>
#undef move

#include "teach/outline.h"
#include "teach/cursor.h"
#include "teach/session.h"

/* The smallest screen the tutor draws on; below it a message asks for more room. */
#define UI_MIN_COLS 60
#define UI_MIN_LINES 18

/* Colour pairs (used only when the terminal has colours and NO_COLOR is unset). */
enum {
	UI_PAIR_LIGHT = 1, UI_PAIR_DARK, UI_PAIR_HIGHLIGHT, UI_PAIR_CUTOFF, UI_PAIR_RAISE,
	UI_PAIR_PRUNE, UI_PAIR_ERROR, UI_PAIR_TITLE, UI_PAIR_DIVERGE, UI_PAIR_HORIZON
};

struct rect {
	int y, x, h, w;
};

struct ui;

/* Every pane has the same four entry points; key returns true when it used the key. */
struct pane {
	const char *name;
	void (*init)(struct ui *ui, struct pane *p);
	void (*draw)(struct ui *ui, struct pane *p);
	bool (*key)(struct ui *ui, struct pane *p, int key);
	void (*resize)(struct ui *ui, struct pane *p);
	struct rect r;
	bool shown;
	int side;           /* tree panes: 0 (the session's trace or compare side A) or 1 (side B) */
};

/* A tree view's state: its outline and its first line on screen. */
struct tree_state {
	struct outline o;
	const struct trace *t;
	uint32_t gen;
	uint32_t top;
	bool have;
};

enum { PANE_BOARD, PANE_TREE_A, PANE_TREE_B, PANE_EVENT, PANE_LESSON, PANE_COUNT };

struct ui {
	struct session *s;
	bool ascii, utf8, colour;
	struct pane panes[PANE_COUNT];
	int focus;                  /* index into panes */
	struct tree_state tree[2];
	bool help;                  /* the help overlay is open */
	char *output;               /* a command's output shown over the panes, or NULL */
	int output_top;
	char *output_wrapped;       /* OUTPUT wrapped to OUTPUT_WRAP_W columns (made when drawn) */
	int output_wrap_w;
	char status[600];
	bool status_error;
	bool too_small;
	bool compact;               /* a narrow screen (80 columns): the compact layout */
	bool full_events;           /* z: the whole event pane under a lesson band (not the reading layout) */
	bool cmdline;               /* the command line has the keyboard */
	int cmd_kind;               /* ':' for a command, '/' for a move search */
	char *pending_line;         /* a line readline finished, to run after it returns */
	bool pending_eof;
	int play_speed;             /* autoplay: events a second, 0 when off */
	bool quit;
	/* The lessons (ui_lesson.c): the menu over the panes, and the page text the lesson pane shows. */
	bool menu;                  /* the lesson menu is open */
	int menu_sel;               /* its selected line (0-based) */
	char *lesson_text;          /* the page as tour_print_page wrote it, for LESSON_GEN and LESSON_WIDTH */
	uint32_t lesson_gen;
	int lesson_width;
	int lesson_top;             /* the first line on screen */
	int lesson_where;           /* the lesson and page LESSON_TEXT is of (number * 1000 + page) */
};

/* ui.c */
/* Places the panes for the screen's size, the open lesson and the compare view. */
void ui_layout(struct ui *ui);
/*
 * Whether the screen takes the reading layout when z has not asked for the
 * event pane: a lesson open in a band on a short, narrow screen (80x24).
 */
bool ui_reading_screen(struct ui *ui);
/* Draws the whole screen: the panes (or the output view, or the menu), the status line, the command line. */
void ui_draw(struct ui *ui);
/* Handles one key: the command line's, the output view's, the key table's or the focused pane's. */
void ui_handle_key(struct ui *ui, int key);
/* Fills UI for S: the panes, the focus and whether the locale's codeset (set by the caller) is UTF-8. */
void ui_init(struct ui *ui, struct session *s, bool ascii);
/* The terminal modes and colours the tutor uses, on the current screen. */
void ui_screen_setup(struct ui *ui);

/* ui_colour.c */
/* The attribute of colour pair PAIR, or FALLBACK when the screen has no colours. */
int ui_attr(struct ui *ui, int pair, int fallback);
/* Starts the colours, unless the terminal has too few or NO_COLOR is set. */
void ui_colour_setup(struct ui *ui);

/* ui_status.c */
/* Sets the status line's message (an error when ERROR). */
void ui_set_status(struct ui *ui, bool error, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;
/* Draws the status line; true when a long message took the command line's row too. */
bool ui_status_draw(struct ui *ui);

/* ui_cursor.c */
/* The trace, event cursor and options the focused view steps through. */
const struct trace *ui_trace(struct ui *ui, int side);
uint32_t *ui_event(struct ui *ui, int side);
int ui_focus_side(struct ui *ui);
/* Moves the focused side's cursor to EV (the other compare side follows where the trees agree). */
void ui_move_cursor(struct ui *ui, int side, uint32_t ev);

/* ui_text.c */
/*
 * TEXT wrapped at spaces to lines of at most WIDTH columns (a longer word is
 * broken); a continuation keeps the line's indentation, or aligns with the
 * second column of a "  key   description" line. Newly allocated.
 */
char *ui_wrap(const char *text, int width);
/* The number of lines (newlines) of TEXT. */
int ui_count_lines(const char *text);
/* Writes at most W columns of TEXT at (Y, X), clearing the rest of the width when PAD. */
void ui_put(int y, int x, int w, const char *text, bool pad);
/* The columns of the first N bytes of TEXT (UTF-8: continuation bytes take none). */
int ui_text_cols(const char *text, size_t n);
/* The number of bytes of TEXT (up to N) that fill at most COLS columns, ending on a character boundary. */
size_t ui_text_bytes(const char *text, size_t n, int cols);

/* ui_output.c */
/* Replaces the output view's text with BUF (taken over); HELP says whether it is the help. */
void ui_output_set(struct ui *ui, char *buf, bool help);
void ui_output_close(struct ui *ui);
void ui_output_draw(struct ui *ui);
/*
 * Handles KEY over the output view: scrolls, or closes the view. Returns
 * false when it closed a command's output on a key that also has work of its
 * own (the caller then does it), so that no key is lost on a message.
 */
bool ui_output_key(struct ui *ui, int key);

/* ui_keys.c */
/* Runs KEY's binding from the key tables; false when it has none. */
bool ui_keys_run(struct ui *ui, int key);
/* ui_vterm.c: a virtual terminal of the tutor's own (output to /dev/null, input from /dev/null). */
#define UI_VTERM_SIGNALS 4
struct ui_vterm {
	FILE *out, *in;
	SCREEN *scr;
	char *old_ctype;                 /* LC_CTYPE before the terminal was opened */
	struct sigaction saved[UI_VTERM_SIGNALS];
	bool saved_signals;
};
/*
 * Opens a virtual terminal and makes it the current screen, with LC_CTYPE
 * set to CTYPE ("" for the user's) until it is closed; false with WHY when
 * it cannot be made (no terminfo entry).
 */
bool ui_vterm_open(struct ui_vterm *vt, const char *ctype, char *why, size_t n);
/* Closes it: the screen, the signal handlers newterm installed and the locale are put back. */
void ui_vterm_close(struct ui_vterm *vt);

/* ui_practice.c: the number keys and n during a practice walk; false for a key it leaves alone. */
bool ui_practice_key(struct ui *ui, int key);
/*
 * While a walk is on, a tree line of T that would show what the search has
 * not yet done at the cursor (NODE not left yet, or the pruned move LINE
 * after it) is written masked into BUF, with its fold mark FOLD; false for a
 * line shown as it is. ui_practice_hides_eval: the board hides the material
 * and the static value while a question waits.
 */
bool ui_practice_mask_line(struct ui *ui, const struct trace *t, uint32_t node, uint32_t line, bool prune,
			   char fold, char *buf, size_t n);
bool ui_practice_hides_eval(struct ui *ui);
/* Steps the focused side's cursor with MOTION and follows it in the tree. */
void ui_keys_step(struct ui *ui, uint32_t (*motion)(const struct trace *, uint32_t, int), int dir);

/* ui_board.c */
void ui_board_init(struct ui *ui, struct pane *p);
void ui_board_draw(struct ui *ui, struct pane *p);

/* ui_tree.c */
void ui_tree_init(struct ui *ui, struct pane *p);
void ui_tree_draw(struct ui *ui, struct pane *p);
bool ui_tree_key(struct ui *ui, struct pane *p, int key);
void ui_tree_resize(struct ui *ui, struct pane *p);
/* Rebuilds the outline when the trace changed, keeping what can be kept. */
void ui_tree_sync(struct ui *ui, int side);
/* Selects the line under screen row Y of pane P (a mouse click). */
void ui_tree_click(struct ui *ui, struct pane *p, int y);
/* Finds the next node line after the selection whose move starts with TEXT. */
bool ui_tree_search(struct ui *ui, int side, const char *text);
void ui_tree_free(struct ui *ui);

/* ui_event.c */
void ui_event_draw(struct ui *ui, struct pane *p);

/* ui_lesson.c */
void ui_lesson_init(struct ui *ui, struct pane *p);
void ui_lesson_draw(struct ui *ui, struct pane *p);
bool ui_lesson_key(struct ui *ui, struct pane *p, int key);
/* Whether a lesson is open (the lesson pane is part of the layout). */
bool ui_lesson_open(struct ui *ui);
/* Scrolls the lesson pane by LINES (a page when PAGE), whichever pane has the focus. */
void ui_lesson_scroll(struct ui *ui, int lines, bool page);
/* A digit answers a question with choices; true when KEY was used so. */
bool ui_lesson_choice_key(struct ui *ui, int key);
/* Queues command LINE to run as if typed after ':'. */
void ui_queue_command(struct ui *ui, const char *line);
void ui_menu_open(struct ui *ui);
void ui_menu_draw(struct ui *ui);
void ui_menu_key(struct ui *ui, int key);
void ui_lesson_free(struct ui *ui);

/* ui_cmdline.c */
void ui_cmdline_init(struct ui *ui);
void ui_cmdline_open(struct ui *ui, int kind);
/* Opens the command line with TEXT already typed. */
void ui_cmdline_open_with(struct ui *ui, const char *text);
void ui_cmdline_key(struct ui *ui, int key);
void ui_cmdline_cancel(struct ui *ui);
void ui_cmdline_draw(struct ui *ui, int y, int w);
void ui_cmdline_end(struct ui *ui);

#endif
