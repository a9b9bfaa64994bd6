/*
 * ui_status.c: the status line: a message, or the search options and the
 * main keys, fitted to the screen's width.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tutor/command.h"
#include "tutor/ui_int.h"
#include "search/variant.h"

void ui_set_status(struct ui *ui, bool error, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ui->status, sizeof ui->status, fmt, ap);
	va_end(ap);
	ui->status_error = error;
}

/*
 * Shortens an options description in place for a narrow status line: the
 * words every reader of the line knows from the wide form go ("mode ",
 * "order ", "eval "), "depth N" becomes "dN" and commas become spaces.
 */
static void abbreviate_options(char *desc)
{
	static const char *const drop[][2] = {
		{ "mode ", "" }, { "depth ", "d" }, { "qdepth ", "qd" }, { "order ", "" }, { "eval ", "" },
		{ ", ", " " }, { " (checks at every ply)", "@every-ply" }, { " (checks in ", "@" }, { " ply)", "ply" }, { " plies)", "plies" },
	};
	char out[256];

	for (size_t i = 0; i < sizeof drop / sizeof drop[0]; i++) {
		const char *from = drop[i][0], *to = drop[i][1];
		size_t fl = strlen(from), n = 0;
		const char *p = desc;

		while (*p && n + 1 < sizeof out) {
			if (!strncmp(p, from, fl) && n + strlen(to) + 1 < sizeof out) {
				memcpy(out + n, to, strlen(to));
				n += strlen(to);
				p += fl;
			} else {
				out[n++] = *p++;
			}
		}
		out[n] = '\0';
		strcpy(desc, out);
	}
}

/*
 * The status line: a message, or the search options and the main keys. On a
 * narrow screen the options are abbreviated and the key hint shortened so the
 * line fits. True when a long message took the command line's row too.
 */
bool ui_status_draw(struct ui *ui)
{
	char desc[256], line[900];
	int y = LINES - 2;
	bool two_rows = false;

	if (ui->status[0]) {
		snprintf(line, sizeof line, "%s%s", ui->status_error ? "error: " : "", ui->status);
	} else {
		static const char *const hints[] = { "? help, : command, q quit", "? help : cmd q quit", "? help" };
		const char *play = "playing (any key stops)";

		char walk[96] = "";

		/* A practice walk's running score comes first (command_walk.c). */
		if (command_walk_status(ui->s, walk, sizeof walk - 3) || command_practice_status(ui->s, walk, sizeof walk - 3))
			strcat(walk, " | ");
		variant_describe(&ui->s->opt, true, desc, sizeof desc);
		for (int form = 0; form < 2 * 3; form++) {
			if (form == 3)
				abbreviate_options(desc);
			snprintf(line, sizeof line, "%s%s%s | %s", walk, ui->s->comparing ? (form < 3 ? "COMPARE | " : "CMP ") : "",
				 desc, ui->play_speed ? play : hints[form % 3]);
			if (ui_text_cols(line, sizeof line) <= COLS)
				break;
		}
	}
	/*
	 * A message too long for the line goes on over the command line's row
	 * while the command line is closed; what is still too long is cut
	 * where it would leave the screen, and marked so.
	 */
	if (ui_text_cols(line, sizeof line) > COLS && ui->status[0] && !ui->cmdline && COLS > 8) {
		char *wrapped = ui_wrap(line, COLS), *nl = strchr(wrapped, '\n'), *rest = nl ? nl + 1 : NULL;

		if (nl)
			*nl = '\0';
		snprintf(line, sizeof line, "%s", wrapped);
		if (rest) {
			char *nl2 = strchr(rest, '\n');

			if (nl2 && nl2[1]) {
				/* A third line would be needed: mark the cut. */
				size_t cut = ui_text_bytes(rest, strlen(rest), COLS - 1);

				rest[cut] = '>';
				rest[cut + 1] = '\0';
			} else if (nl2) {
				*nl2 = '\0';
			}
			attron(ui->status_error ? ui_attr(ui, UI_PAIR_ERROR, A_BOLD) : (int)A_REVERSE);
			ui_put(y + 1, 0, COLS, rest, true);
			attroff(ui->status_error ? ui_attr(ui, UI_PAIR_ERROR, A_BOLD) : (int)A_REVERSE);
			two_rows = true;
		}
		free(wrapped);
	}
	if (ui_text_cols(line, sizeof line) > COLS && COLS > 1) {
		size_t cut = ui_text_bytes(line, sizeof line, COLS - 1);

		line[cut] = '>';
		line[cut + 1] = '\0';
	}
	attron(ui->status_error ? ui_attr(ui, UI_PAIR_ERROR, A_BOLD) : (int)A_REVERSE);
	ui_put(y, 0, COLS, line, true);
	attroff(ui->status_error ? ui_attr(ui, UI_PAIR_ERROR, A_BOLD) : (int)A_REVERSE);
	return two_rows;
}
