/*
 * ui_output.c: the output view over the panes: a command's output or the
 * help, wrapped and scrolled.
 */
#include <stdlib.h>
#include <string.h>

#include "tutor/ui_int.h"

/* Replaces the output view's text with BUF (taken over); HELP says whether it is the help. */
void ui_output_set(struct ui *ui, char *buf, bool help)
{
	free(ui->output);
	free(ui->output_wrapped);
	ui->output = buf;
	ui->output_wrapped = NULL;
	ui->output_top = 0;
	ui->help = help;
}

void ui_output_close(struct ui *ui)
{
	ui_output_set(ui, NULL, false);
}

/* The output view's lines on screen (below its title line). */
static int output_rows(void)
{
	return LINES - 3 > 1 ? LINES - 3 : 1;
}

/* The output wrapped to the screen's width (kept until the width changes); its line count in *LINES_OUT. */
static const char *output_text(struct ui *ui, int *lines_out)
{
	int w = COLS - 1;

	if (!ui->output_wrapped || ui->output_wrap_w != w) {
		free(ui->output_wrapped);
		ui->output_wrapped = ui_wrap(ui->output, w);
		ui->output_wrap_w = w;
	}
	*lines_out = ui_count_lines(ui->output_wrapped);
	return ui->output_wrapped;
}

/*
 * The output view (a command's output, or the help): its text wrapped to the
 * screen, a title line that says which lines are shown and which keys scroll.
 */
void ui_output_draw(struct ui *ui)
{
	int h = output_rows(), y = 0, lines;
	const char *p = output_text(ui, &lines);
	char title[200];

	if (ui->output_top > lines - h)
		ui->output_top = lines - h;
	if (ui->output_top < 0)
		ui->output_top = 0;
	for (int skip = ui->output_top; skip > 0 && p; skip--) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	/* The title names the scrolling keys and says where the view is, with a mark while there is more. */
	snprintf(title, sizeof title, "%s (j/k scroll, any other key closes)", ui->help ? "Help" : "Output");
	if (lines > h) {
		size_t at = strlen(title);

		snprintf(title + at, sizeof title - at, "  lines %d-%d of %d%s", ui->output_top + 1, ui->output_top + h,
			 lines, ui->output_top + h < lines ? " (more: j, Space, PgDn)" : "");
		if ((int)strlen(title) > COLS)
			snprintf(title + at, sizeof title - at, "  %d-%d/%d%s", ui->output_top + 1, ui->output_top + h,
				 lines, ui->output_top + h < lines ? " more: Space" : "");
	}
	attron(A_BOLD);
	ui_put(y++, 0, COLS, title, true);
	attroff(A_BOLD);
	for (int row = 0; row < h; row++) {
		const char *nl = p ? strchr(p, '\n') : NULL;
		char line[1200];

		if (p && *p && nl) {
			snprintf(line, sizeof line, " %.*s", (int)(nl - p), p);
			p = nl + 1;
		} else {
			line[0] = '\0';
		}
		ui_put(y++, 0, COLS, line, true);
	}
}

/*
 * How far KEY scrolls a view of LINES lines whose first shown line is TOP
 * (PAGE lines a page), in *DELTA; false when KEY is no scrolling key.
 */
static bool scroll_delta(int key, int lines, int top, int page, int *delta)
{
	switch (key) {
	case 'j': case 'J': case KEY_DOWN: *delta = 1; return true;
	case 'k': case 'K': case KEY_UP: *delta = -1; return true;
	case ' ': case KEY_NPAGE: *delta = page; return true;
	case KEY_PPAGE: *delta = -page; return true;
	case 'G': case KEY_END: *delta = lines; return true;
	case 'g': case KEY_HOME: *delta = -top; return true;
	default: return false;
	}
}

/* Whether KEY only closes the output view (it has no work of its own to do after). */
static bool closes_only(int key)
{
	switch (key) {
	case 27: case 'x': case 'q': case '\r': case '\n': case KEY_ENTER: case ' ':
	case KEY_BACKSPACE: case 127: case KEY_RESIZE: case KEY_MOUSE:
		return true;
	default:
		return false;
	}
}

/*
 * Handles KEY while the output view is open; false when the key closed the
 * view and still has its own work to do. Scrolling keys scroll while there
 * is more to see. A key with work of its own (], n, A ...) closes a
 * command's output and does its work, so it is not lost on closing a
 * message; keys that only close (Escape, x, q, Enter, Space, Backspace) and
 * every key over the help just close.
 */
bool ui_output_key(struct ui *ui, int key)
{
	int lines, delta, page = output_rows() > 1 ? output_rows() - 1 : 1;
	bool consumed;

	output_text(ui, &lines);
	if (lines > output_rows() && scroll_delta(key, lines, ui->output_top, page, &delta)) {
		ui->output_top += delta;
		if (ui->output_top < 0)
			ui->output_top = 0;
		return true;
	}
	consumed = ui->help || closes_only(key);
	ui_output_close(ui);
	return consumed;
}
