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

/* Handles KEY while the output view is open. */
bool ui_output_key(struct ui *ui, int key)
{
	int lines, page = output_rows() > 1 ? output_rows() - 1 : 1;

	/* Scrolling keys scroll while there is more to see; any other key closes the view. */
	output_text(ui, &lines);
	/*
	 * A key with work of its own (], n, A ...) closes a command's output and
	 * does its work: it is not lost on closing a message. Keys that only
	 * close (Escape, x, q, Enter, Space, Backspace) and every key over the
	 * help just close.
	 */
	if (!ui->help && !(lines > output_rows() && (key == 'j' || key == KEY_DOWN || key == ' ' || key == 'k' ||
						     key == KEY_UP || key == KEY_NPAGE || key == KEY_PPAGE ||
						     key == 'J' || key == 'K' || key == 'g' || key == 'G' ||
						     key == KEY_HOME || key == KEY_END)) &&
	    key != 27 && key != 'x' && key != 'q' && key != '\r' && key != '\n' && key != KEY_ENTER && key != ' ' &&
	    key != KEY_BACKSPACE && key != 127 && key != KEY_RESIZE && key != KEY_MOUSE) {
		ui_output_close(ui);
		return false;
	}
	if (lines > output_rows() && (key == 'j' || key == KEY_DOWN || key == ' ' || key == KEY_NPAGE ||
				      key == 'J' || key == 'G' || key == KEY_END))
		ui->output_top += key == 'j' || key == 'J' || key == KEY_DOWN ? 1 :
			key == 'G' || key == KEY_END ? lines : page;
	else if (lines > output_rows() && (key == 'k' || key == KEY_UP || key == KEY_PPAGE || key == 'K' ||
					   key == 'g' || key == KEY_HOME))
		ui->output_top -= key == 'k' || key == 'K' || key == KEY_UP ? 1 :
			key == 'g' || key == KEY_HOME ? ui->output_top : page;
	else
		ui_output_close(ui);
	if (ui->output_top < 0)
		ui->output_top = 0;
	return true;
}
