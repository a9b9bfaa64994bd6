/* ui_colour.c: the colour pairs of the tutor, and the attribute to use without colours. */
#include <stdlib.h>

#include "tutor/ui_int.h"

int ui_attr(struct ui *ui, int pair, int fallback)
{
	return ui->colour ? (int)COLOR_PAIR(pair) : fallback;
}

void ui_colour_setup(struct ui *ui)
{
	const char *nc = getenv("NO_COLOR");

	ui->colour = has_colors() && !(nc && *nc);
	if (!ui->colour)
		return;
	start_color();
	use_default_colors();
	if (COLORS < 8) {
		ui->colour = false;
		return;
	}
	init_pair(UI_PAIR_LIGHT, COLOR_BLACK, COLOR_WHITE);
	init_pair(UI_PAIR_DARK, COLOR_BLACK, COLOR_CYAN);
	init_pair(UI_PAIR_HIGHLIGHT, COLOR_BLACK, COLOR_YELLOW);
	init_pair(UI_PAIR_CUTOFF, COLOR_RED, -1);
	init_pair(UI_PAIR_RAISE, COLOR_GREEN, -1);
	init_pair(UI_PAIR_PRUNE, COLOR_BLUE, -1);
	init_pair(UI_PAIR_ERROR, COLOR_WHITE, COLOR_RED);
	init_pair(UI_PAIR_TITLE, COLOR_CYAN, -1);
	init_pair(UI_PAIR_DIVERGE, COLOR_BLACK, COLOR_YELLOW);
	init_pair(UI_PAIR_HORIZON, COLOR_MAGENTA, -1);
}
