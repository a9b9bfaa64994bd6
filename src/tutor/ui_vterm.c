/*
 * ui_vterm.c: the tutor drawn on a virtual terminal of its own (newterm
 * writing to /dev/null and reading from /dev/null), never the user's: the
 * responsiveness benchmark (ui_bench.c) runs the key handler on one, and
 * check-lesson reads back the screen of each lesson page drawn on one, and
 * counts the presses of '}' its text takes to read (ui_page_screens).
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "teach/tour.h"
#include "tutor/ui.h"
#include "tutor/ui_int.h"
#include "base/util.h"

/* newterm installs handlers for these; ui_vterm_close puts them back as they were. */
static const int vterm_sigs[UI_VTERM_SIGNALS] = { SIGINT, SIGTERM, SIGTSTP, SIGWINCH };

bool ui_vterm_open(struct ui_vterm *vt, const char *ctype, char *why, size_t n)
{
	static const char *const terms[] = { "xterm-256color", "xterm", "vt100" };
	const char *cur;

	memset(vt, 0, sizeof *vt);
	vt->out = fopen("/dev/null", "w");
	vt->in = fopen("/dev/null", "r");
	if (!vt->out || !vt->in) {
		snprintf(why, n, "cannot open /dev/null");
		ui_vterm_close(vt);
		return false;
	}
	/* Only LC_CTYPE changes, so that numbers print as before; it is put back on closing. */
	cur = setlocale(LC_CTYPE, NULL);
	vt->old_ctype = cur ? xstrdup(cur) : NULL;
	setlocale(LC_CTYPE, ctype);
	for (size_t i = 0; i < UI_VTERM_SIGNALS; i++)
		sigaction(vterm_sigs[i], NULL, &vt->saved[i]);
	vt->saved_signals = true;
	for (size_t i = 0; i < sizeof terms / sizeof terms[0] && !vt->scr; i++)
		vt->scr = newterm(terms[i], vt->out, vt->in);
	if (!vt->scr) {
		snprintf(why, n, "no terminfo entry for xterm-256color, xterm or vt100");
		ui_vterm_close(vt);
		return false;
	}
	set_term(vt->scr);
	return true;
}

void ui_vterm_close(struct ui_vterm *vt)
{
	if (vt->scr) {
		endwin();
		delscreen(vt->scr);
		vt->scr = NULL;
	}
	if (vt->saved_signals)
		for (size_t i = 0; i < UI_VTERM_SIGNALS; i++)
			sigaction(vterm_sigs[i], &vt->saved[i], NULL);
	vt->saved_signals = false;
	if (vt->old_ctype) {
		setlocale(LC_CTYPE, vt->old_ctype);
		free(vt->old_ctype);
		vt->old_ctype = NULL;
	}
	if (vt->out)
		fclose(vt->out);
	if (vt->in)
		fclose(vt->in);
	vt->out = vt->in = NULL;
}

/*
 * The text of the virtual screen (stdscr as drawn), LINES rows of COLS
 * characters each ended by a newline, with the rectangle BLANK (the lesson
 * pane and the divider on its left) written as spaces. Newly allocated.
 */
static char *screen_text(const struct rect *blank)
{
	size_t row = (size_t)COLS + 1;
	char *text = xmalloc(row * (size_t)LINES + 1), *line = xmalloc((size_t)COLS + 1);

	for (int y = 0; y < LINES; y++) {
		char *at = text + (size_t)y * row;
		int got;

		memset(at, ' ', (size_t)COLS);
		at[COLS] = '\n';
		got = mvwinnstr(stdscr, y, 0, line, COLS);
		if (got > 0)
			memcpy(at, line, strlen(line) < (size_t)COLS ? strlen(line) : (size_t)COLS);
		if (blank && y >= blank->y && y < blank->y + blank->h) {
			int x0 = blank->x > 0 ? blank->x - 1 : 0, x1 = blank->x + blank->w;

			if (x1 > COLS)
				x1 = COLS;
			if (x0 < x1)
				memset(at + x0, ' ', (size_t)(x1 - x0));
		}
	}
	text[row * (size_t)LINES] = '\0';
	free(line);
	return text;
}

/*
 * Whether the lesson pane's title line, as drawn in the rectangle R, says
 * that the text goes on below ("more below" or "more above and below"): the
 * mark a learner reads, not the pane's own counters.
 */
static bool more_below(const struct rect *r)
{
	char *line = xmalloc((size_t)COLS + 1);
	bool below = false;

	if (r->w > 0 && mvwinnstr(stdscr, r->y, r->x, line, r->w) > 0)
		below = strstr(line, "more below") != NULL || strstr(line, "more above and below") != NULL;
	free(line);
	return below;
}

/* Presses of '}' after which reading gives up: far more than any page has, so that a '}' that stops scrolling cannot loop. */
#define READ_PRESSES_CAP 1000

/*
 * The presses of '}' it takes to read the whole text of the lesson pane of
 * UI, drawn as the page opens: '}' goes through the tutor's key handler and
 * the screen is drawn again after each press, until the pane's title no
 * longer says there is more below. 0 when the text fits the pane.
 */
static int read_presses(struct ui *ui)
{
	int presses = 0;

	if (!ui->panes[PANE_LESSON].shown)
		return 0;
	while (more_below(&ui->panes[PANE_LESSON].r) && presses < READ_PRESSES_CAP) {
		ui_handle_key(ui, '}');
		ui->quit = false;
		ui_draw(ui);
		presses++;
	}
	return presses;
}

bool ui_page_screens(struct lesson *l, int number, int page, const struct ui_screen_size *sizes, int count,
		     char **screens, int *presses, char *why, size_t n)
{
	struct session *s = session_new();
	struct tour *t = tour_new_detached();
	struct error err = { 0 };
	struct ui_vterm vt;
	bool ok = true;

	for (int i = 0; i < count; i++) {
		screens[i] = NULL;
		if (presses)
			presses[i] = 0;
	}
	s->tour = t;
	t->pane = true;
	/* The page as the tutor shows it when it opens: the same tour_goto_page as ':lesson' and ']'. */
	if (!tour_show(t, s, l, number, page, &err)) {
		snprintf(why, n, "%s", err.msg);
		tour_end(s);
		session_free(s);
		return false;
	}
	/* The C locale: ASCII dividers and marks, as the tmux test's LC_ALL=C screens. */
	if (!ui_vterm_open(&vt, "C", why, n)) {
		tour_end(s);
		session_free(s);
		return false;
	}
	for (int i = 0; i < count; i++) {
		struct ui ui;

		ui_init(&ui, s, true);
		ui_screen_setup(&ui);
		/* Without colours, as a monochrome terminal (or NO_COLOR) has it: dark squares are dots, marks text. */
		ui.colour = false;
		/* resize_term, not resizeterm: no KEY_RESIZE is queued, and there is no tty to ask. */
		resize_term(sizes[i].lines, sizes[i].cols);
		/* The line ':lesson' and ']' leave on the status line (command_lesson.c's show_page). */
		ui_set_status(&ui, false, "Lesson %d, page %d of %d: %s", t->number, t->page + 1, l->page_count,
			      l->pages[page].title);
		ui_layout(&ui);
		ui_draw(&ui);
		if (ui.too_small) {
			snprintf(why, n, "%dx%d is smaller than the tutor's %dx%d", sizes[i].cols, sizes[i].lines,
				 UI_MIN_COLS, UI_MIN_LINES);
			ok = false;
		} else {
			screens[i] = screen_text(ui.panes[PANE_LESSON].shown ? &ui.panes[PANE_LESSON].r : NULL);
			/* After the screen is read: scrolling changes only the lesson pane, which it blanks. */
			if (presses)
				presses[i] = read_presses(&ui);
		}
		ui_tree_free(&ui);
		ui_lesson_free(&ui);
		ui_output_close(&ui);
		if (!ok)
			break;
	}
	ui_vterm_close(&vt);
	tour_end(s);
	session_free(s);
	if (!ok)
		for (int i = 0; i < count; i++) {
			free(screens[i]);
			screens[i] = NULL;
		}
	return ok;
}
