/*
 * ui_lesson.c: the lessons in the curses tutor: the lesson pane beside the
 * board and tree (the page's prose wrapped to the pane, its questions and
 * the feedback to the last answer) and the lesson menu (every lesson with the
 * learner's progress). Both only show the tour (tour.h); what they change
 * they change through the commands (lesson, next-page, answer …).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "teach/tour.h"
#include "tutor/ui_int.h"
#include "base/util.h"

bool ui_lesson_open(struct ui *ui)
{
	return ui->s->tour && ui->s->tour->lesson;
}

void ui_queue_command(struct ui *ui, const char *line)
{
	free(ui->pending_line);
	ui->pending_line = xstrdup(line);
	ui->cmd_kind = ':';
}

void ui_lesson_init(struct ui *ui, struct pane *p)
{
	(void)ui;
	p->name = "lesson";
}

void ui_lesson_free(struct ui *ui)
{
	free(ui->lesson_text);
	ui->lesson_text = NULL;
}

/*
 * Rewrites the page text when the tour or the pane's width changed. The page
 * is printed as the REPL prints it and then wrapped again to the pane, so
 * that no line is wider than the pane: titles and preformatted lines (a
 * formula, say) too, which the printer leaves as they are.
 */
static void sync_text(struct ui *ui, int width)
{
	struct tour *t = ui->s->tour;
	char *buf = NULL;
	size_t len = 0;
	FILE *out;

	int where = t->number * 1000 + t->page;
	bool changed;

	if (ui->lesson_text && ui->lesson_gen == t->generation && ui->lesson_width == width)
		return;
	changed = ui->lesson_gen != t->generation;
	out = open_memstream(&buf, &len);
	if (!out)
		util_die("out of memory");
	tour_print_page(t, width, out);
	fclose(out);
	free(ui->lesson_text);
	ui->lesson_text = ui_wrap(buf, width);
	free(buf);
	/*
	 * A new page starts at its top. The same page changed by an answer or
	 * a hint scrolls to the feedback or the hint, two lines of the question
	 * above it, so the learner sees it without scrolling.
	 */
	if (changed && where != ui->lesson_where) {
		ui->lesson_top = 0;
	} else if (changed && (t->answered >= 0 || t->hinted >= 0)) {
		const char *at = ui->lesson_text;

		for (int n = 0; at && *at; n++) {
			if (!strncmp(at, "  [right]", 9) || !strncmp(at, "  [wrong]", 9) || !strncmp(at, "  [?]", 5) ||
			    !strncmp(at, "  Hint: ", 8)) {
				ui->lesson_top = n > 2 ? n - 2 : 0;
				break;
			}
			at = strchr(at, '\n');
			at = at ? at + 1 : NULL;
		}
	}
	ui->lesson_where = where;
	ui->lesson_gen = t->generation;
	ui->lesson_width = width;
}

/* Whether the lesson pane draws its key bar on a line of its own (else in its title line). */
static bool own_key_bar(const struct pane *p)
{
	/* A band across an 80-column screen has room for the keys on its title line: its rows are for text. */
	return p->r.h >= 10 && p->r.w < 80;
}

/* The lines of page text the pane shows at once. */
static int body_rows(const struct pane *p)
{
	int body = p->r.h - 1 - (own_key_bar(p) ? 1 : 0);

	return body > 1 ? body : 1;
}

/* The lesson's keys that work now: pages, answer and hint only when the question has one, the menu. */
static void key_bar(struct ui *ui, char *buf, size_t n)
{
	const struct lesson_item *it = tour_question(ui->s->tour);

	snprintf(buf, n, "[ ] pages%s%s  L lessons", it ? "  A answer" : "",
		 it && it->question->hint ? "  H hint" : "");
}

void ui_lesson_scroll(struct ui *ui, int lines, bool page)
{
	const struct pane *p = &ui->panes[PANE_LESSON];
	int body = body_rows(p);

	if (!ui_lesson_open(ui) || !p->shown) {
		ui_set_status(ui, true, "No lesson is open (L opens the lesson menu)");
		return;
	}
	ui->lesson_top += page ? lines * (body > 1 ? body - 1 : 1) : lines;
	/* The draw clamps the top to the text's end. */
	if (ui->lesson_top < 0)
		ui->lesson_top = 0;
}

void ui_lesson_draw(struct ui *ui, struct pane *p)
{
	struct tour *t = ui->s->tour;
	int x = p->r.x, y = p->r.y, w = p->r.w, h = p->r.h, body = body_rows(p), row = 0, lines;
	bool focused = ui->focus == PANE_LESSON;
	const char *at;
	char title[300], keys[120], more[80] = "";

	if (!ui_lesson_open(ui))
		return;
	/* A pane to the right has a divider on its left; a band below the board has its title line. */
	if (x > 0)
		for (int i = 0; i < h; i++)
			mvaddstr(y + i, x - 1, ui->utf8 ? "\u2502" : "|");
	sync_text(ui, w - 1);
	lines = ui_count_lines(ui->lesson_text);
	if (ui->lesson_top > lines - body)
		ui->lesson_top = lines - body;
	if (ui->lesson_top < 0)
		ui->lesson_top = 0;
	/* The more-mark names the keys that scroll whatever has the focus. */
	if (lines > body) {
		bool below = ui->lesson_top + body < lines, above = ui->lesson_top > 0;

		snprintf(more, sizeof more, "  (%s: J/K)", below && above ? "more above and below" :
			 below ? "more below" : "more above");
	}
	key_bar(ui, keys, sizeof keys);
	snprintf(title, sizeof title, "%sPage %d/%d%s%s%s", focused ? "[" : " ", t->page + 1,
		 t->lesson->page_count, focused ? "]" : "", more, own_key_bar(p) ? "" : "  ");
	if (!own_key_bar(p) && (int)(strlen(title) + strlen(keys)) <= w)
		strcat(title, keys);
	attron(ui_attr(ui, UI_PAIR_TITLE, A_BOLD));
	ui_put(y, x, w, title, true);
	attroff(ui_attr(ui, UI_PAIR_TITLE, A_BOLD));
	at = ui->lesson_text;
	for (int skip = ui->lesson_top; skip > 0 && at && *at; skip--) {
		at = strchr(at, '\n');
		at = at ? at + 1 : NULL;
	}
	for (int n = ui->lesson_top; row < body; row++, n++) {
		const char *nl = at ? strchr(at, '\n') : NULL;
		char line[600];
		int attr = 0;

		if (at && *at && nl) {
			snprintf(line, sizeof line, "%.*s", (int)(nl - at), at);
			/* The two heading lines, the questions and the feedback stand out. */
			if (n < 2 || !strncmp(line, "Question", 8))
				attr = A_BOLD;
			else if (strstr(line, "[right]") || strstr(line, "[wrong]") || strstr(line, "[?]"))
				attr = A_BOLD;
			at = nl + 1;
		} else {
			line[0] = '\0';
		}
		attron(attr);
		ui_put(y + 1 + row, x, w, line, true);
		attroff(attr);
	}
	if (own_key_bar(p)) {
		attron(A_REVERSE);
		ui_put(y + h - 1, x, w, keys, true);
		attroff(A_REVERSE);
	}
}

bool ui_lesson_key(struct ui *ui, struct pane *p, int key)
{
	(void)p;
	switch (key) {
	case 'j':
	case KEY_DOWN:
		ui_lesson_scroll(ui, 1, false);
		return true;
	case 'k':
	case KEY_UP:
		ui_lesson_scroll(ui, -1, false);
		return true;
	case ' ':
		ui_lesson_scroll(ui, 1, true);
		return true;
	case KEY_NPAGE:
		ui_queue_command(ui, "next-page");
		return true;
	case KEY_PPAGE:
		ui_queue_command(ui, "prev-page");
		return true;
	default:
		return false;
	}
}

bool ui_lesson_choice_key(struct ui *ui, int key)
{
	const struct lesson_item *it;
	char line[32];

	if (!ui_lesson_open(ui) || key < '1' || key > '9')
		return false;
	it = tour_question(ui->s->tour);
	if (!it || it->question->kind != LQ_NODE || key - '0' > it->question->choice_count)
		return false;
	snprintf(line, sizeof line, "answer %c", key);
	ui_queue_command(ui, line);
	return true;
}

/* ---------------------------------------------------------------- the menu */

/* The lessons, listed afresh each time the menu is drawn (the list is short). */
static int menu_list(struct lesson_info **list)
{
	return lesson_list(NULL, list);
}

void ui_menu_open(struct ui *ui)
{
	struct tour *t = tour_of(ui->s);

	ui->menu = true;
	/* Start on the open lesson, else the first one not done. */
	ui->menu_sel = 0;
	if (t->lesson && t->number > 0) {
		ui->menu_sel = t->number - 1;
	} else {
		struct lesson_info *list;
		int count = menu_list(&list);

		for (int i = 0; i < count; i++) {
			const struct progress_lesson *pl = progress_find(&t->progress, list[i].id, false);

			if (!pl || !pl->done) {
				ui->menu_sel = i;
				break;
			}
		}
		lesson_info_free(list, count);
	}
}

void ui_menu_draw(struct ui *ui)
{
	struct tour *t = tour_of(ui->s);
	struct lesson_info *list;
	int count = menu_list(&list), y = 0, h = LINES - 2, top = 0;
	char line[600];

	attron(A_BOLD);
	ui_put(y++, 0, COLS, "Lessons: quiescence search, step by step", true);
	attroff(A_BOLD);
	ui_put(y++, 0, COLS, COLS >= 84 ? "j/k or Up/Down choose, Enter opens (at the page you reached), Esc closes, q quits"
	       : "j/k choose, Enter opens (where you were), Esc closes, q quits", true);
	ui_put(y++, 0, COLS, "", true);
	if (ui->menu_sel >= count)
		ui->menu_sel = count - 1;
	if (ui->menu_sel < 0)
		ui->menu_sel = 0;
	/* Room for the list and, below it, the chosen lesson's summary. */
	if (ui->menu_sel - top >= h - y - 4)
		top = ui->menu_sel - (h - y - 4) + 1;
	for (int i = top; i < count && y < h - 4; i++) {
		char status[64];

		progress_describe(&t->progress, list[i].id, 0, status, sizeof status);
		/* The lesson's id only when there is room for it beside title and progress. */
		if (COLS >= 100)
			snprintf(line, sizeof line, "%c %2d  %-14s %-40s %s", i == ui->menu_sel ? '>' : ' ', i + 1,
				 list[i].id, list[i].title, status);
		else
			snprintf(line, sizeof line, "%c %2d  %-*s %s", i == ui->menu_sel ? '>' : ' ', i + 1,
				 COLS - 24 > 40 ? 40 : COLS - 24, list[i].title, status);
		if (i == ui->menu_sel)
			attron(A_REVERSE);
		ui_put(y++, 0, COLS, line, true);
		if (i == ui->menu_sel)
			attroff(A_REVERSE);
	}
	if (count == 0)
		ui_put(y++, 0, COLS, "  No lessons found (looked in the data directory's lessons/).", true);
	ui_put(y++, 0, COLS, "", true);
	if (count > 0 && y < h) {
		char *w = lesson_wrap(list[ui->menu_sel].summary, COLS - 4 > 20 ? COLS - 4 : 20);
		char *save = NULL;

		for (char *l = strtok_r(w, "\n", &save); l && y < h; l = strtok_r(NULL, "\n", &save)) {
			snprintf(line, sizeof line, "  %s", l);
			ui_put(y++, 0, COLS, line, true);
		}
		free(w);
	}
	while (y < h)
		ui_put(y++, 0, COLS, "", true);
	lesson_info_free(list, count);
}

/* The keys of the lesson menu, for its help (? or F1): the menu's own keys first, then where the rest are. */
static const char *const menu_keys_help[][2] = {
	{ "j k  Down Up", "choose a lesson" },
	{ "1-9", "choose lesson 1 to 9" },
	{ "g  Home", "the first lesson" },
	{ "Enter l Right", "open the chosen lesson (at the page you reached)" },
	{ "Esc x L", "close the menu: the board and the tree" },
	{ ":", "type a command ('lesson N', 'help')" },
	{ "q", "quit" },
	{ "? F1", "this help; on the board, ? lists every key, command and mark" },
};

/* Opens the lesson menu's help in the output view; closing it returns to the menu. */
static void menu_help(struct ui *ui)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	if (!out)
		util_die("out of memory");
	fputs("Lesson menu keys:\n", out);
	for (size_t i = 0; i < sizeof menu_keys_help / sizeof menu_keys_help[0]; i++)
		fprintf(out, "  %-16s %s\n", menu_keys_help[i][0], menu_keys_help[i][1]);
	fputs("\nIn a lesson: ] and [ turn the pages (] on the last page offers the next lesson), A answers, "
	      "H gives a hint, } and { scroll a long page.\n", out);
	fclose(out);
	ui_output_set(ui, buf, true);
}

void ui_menu_key(struct ui *ui, int key)
{
	char line[32];

	switch (key) {
	case '?':
	case KEY_F(1):
		menu_help(ui);
		break;
	case 'j':
	case KEY_DOWN:
		ui->menu_sel++;
		break;
	case 'k':
	case KEY_UP:
		if (ui->menu_sel > 0)
			ui->menu_sel--;
		break;
	case 'g':
	case KEY_HOME:
		ui->menu_sel = 0;
		break;
	case '\r':
	case '\n':
	case KEY_ENTER:
	case 'l':
	case KEY_RIGHT:
		snprintf(line, sizeof line, "lesson %d", ui->menu_sel + 1);
		ui->menu = false;
		ui_queue_command(ui, line);
		break;
	case 27:
	case 'x':
	case 'L':
		ui->menu = false;
		break;
	case 'q':
		ui->quit = true;
		break;
	case ':':
		ui_cmdline_open(ui, ':');
		break;
	default:
		/* A lesson's number chooses it. */
		if (key >= '1' && key <= '9')
			ui->menu_sel = key - '1';
		break;
	}
}
