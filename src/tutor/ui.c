/*
 * ui.c: the curses tutor: the layout of the panes, the main loop, its keys
 * (to the command line, the output view, the key table or the focused pane)
 * and the command lines it runs.
 */
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tutor/command.h"
#include "tutor/repl.h"
#include "tutor/terminal.h"
#include "teach/tour.h"
#include "tutor/ui.h"
#include "tutor/ui_int.h"
#include "base/util.h"

static volatile sig_atomic_t got_sigint;
static struct session *sigint_session;

/* Ctrl-C: stops a running search (and, between searches, cancels what is being typed). */
static void on_sigint(int sig)
{
	(void)sig;
	got_sigint = 1;
	if (sigint_session)
		sigint_session->stop = 1;
}

/* ---------------------------------------------------------------- layout */

/* The lesson pane's width beside the board and tree; narrower screens get a band below them. */
#define UI_LESSON_MIN_WIDE 96
#define UI_LESSON_MIN_WIDTH 32
#define UI_LESSON_MAX_WIDTH 56
/* The board pane's width: 3 columns a square and the rank digits, and room for its captions. */
#define UI_BOARD_WIDTH 34
#define UI_BOARD_WIDTH_COMPACT 27
/* The rows the board needs for its squares, file letters, side to move and material (a short pane drops its title). */
#define UI_BOARD_ROWS 11
/* The event pane's rows in the reading layout (a lesson band on a short narrow screen). */
#define UI_READING_EVENT_ROWS 0
/* The fewest rows the lesson band keeps below the board and tree. */
#define UI_LESSON_MIN_ROWS 5

/*
 * Places the panes. A screen narrower than UI_LESSON_MIN_WIDE (80x24, say) is
 * laid out compactly: a narrower board, and a lesson open in a band below
 * the board and tree that leaves the board its rows (squares, coordinates,
 * side to move, material) and gives the rest to the lesson.
 */
bool ui_reading_screen(struct ui *ui)
{
	return ui_lesson_open(ui) && COLS < UI_LESSON_MIN_WIDE && LINES - 2 < 30;
}

void ui_layout(struct ui *ui)
{
	int h = LINES - 2, w = COLS, ev_h = 4, mh, lw = 0, lh = 0;
	struct pane *p = ui->panes;
	bool lesson = ui_lesson_open(ui);

	ui->too_small = LINES < UI_MIN_LINES || COLS < UI_MIN_COLS;
	ui->compact = COLS < UI_LESSON_MIN_WIDE;
	for (int i = 0; i < PANE_COUNT; i++)
		p[i].shown = false;
	if (ui->too_small)
		return;
	if (h >= 30)
		ev_h = 5;
	/*
	 * The reading layout: on a short narrow screen (80x24) a lesson band gets
	 * the event pane's rows, so that the page's text and the tree rows it
	 * talks about are on screen together with at most one scroll a page on
	 * average (tests/tutor-lessons.py measures it). z gives the event pane
	 * back, and takes it away again.
	 */
	if (ui_reading_screen(ui) && !ui->full_events)
		ev_h = UI_READING_EVENT_ROWS;
	p[PANE_EVENT].r = (struct rect){ h - ev_h, 0, ev_h, w };
	p[PANE_EVENT].shown = ev_h > 0;
	if (ev_h == 0 && ui->focus == PANE_EVENT)
		ui->focus = PANE_TREE_A;
	mh = h - ev_h;
	/* A lesson: its pane to the right of board and tree, or below them on a narrow screen. */
	if (lesson) {
		if (w >= UI_LESSON_MIN_WIDE) {
			lw = w / 3 < UI_LESSON_MIN_WIDTH ? UI_LESSON_MIN_WIDTH : w / 3 > UI_LESSON_MAX_WIDTH ?
				UI_LESSON_MAX_WIDTH : w / 3;
			p[PANE_LESSON].r = (struct rect){ 0, w - lw, mh, lw };
			w -= lw + 1;
		} else {
			int top = mh / 2 > UI_BOARD_ROWS ? mh / 2 : UI_BOARD_ROWS;

			if (mh - top < UI_LESSON_MIN_ROWS)
				top = mh - UI_LESSON_MIN_ROWS;
			if (top < 1)
				top = 1;
			lh = mh - top;
			p[PANE_LESSON].r = (struct rect){ top, 0, lh, w };
			mh = top;
		}
		p[PANE_LESSON].shown = true;
	} else if (ui->focus == PANE_LESSON) {
		ui->focus = PANE_TREE_A;
	}
	if (ui->s->comparing) {
		int half = w / 2;

		/* Side A, a divider column, side B: the divider is drawn at side B's x - 1. */
		p[PANE_TREE_A].r = (struct rect){ 0, 0, mh, half };
		p[PANE_TREE_B].r = (struct rect){ 0, half + 1, mh, w - half - 1 };
		p[PANE_TREE_A].shown = p[PANE_TREE_B].shown = true;
		if (ui->focus == PANE_BOARD)
			ui->focus = PANE_TREE_A;
	} else {
		int bw = ui->compact ? UI_BOARD_WIDTH_COMPACT : UI_BOARD_WIDTH;

		p[PANE_BOARD].r = (struct rect){ 0, 0, mh, bw };
		p[PANE_TREE_A].r = (struct rect){ 0, bw + 1, mh, w - bw - 1 };
		p[PANE_BOARD].shown = p[PANE_TREE_A].shown = true;
		if (ui->focus == PANE_TREE_B)
			ui->focus = PANE_TREE_A;
	}
	for (int i = 0; i < PANE_COUNT; i++)
		if (p[i].shown && p[i].resize)
			p[i].resize(ui, &p[i]);
}

void ui_draw(struct ui *ui)
{
	erase();
	if (ui->too_small) {
		char msg[160], *wrapped, *line;
		int y = 0;

		/* Wrapped at word boundaries to whatever width there is: a word cut in two would read wrong. */
		snprintf(msg, sizeof msg, "Terminal too small (%dx%d): the tutor needs %dx%d. Resize, or q to quit.",
			 COLS, LINES, UI_MIN_COLS, UI_MIN_LINES);
		wrapped = ui_wrap(msg, COLS);
		erase();
		for (line = wrapped; line && *line && y < LINES; y++) {
			char *nl = strchr(line, '\n');

			mvaddnstr(y, 0, line, nl ? (int)(nl - line) : -1);
			line = nl ? nl + 1 : NULL;
		}
		free(wrapped);
		refresh();
		return;
	}
	if (ui->output) {
		ui_output_draw(ui);
	} else if (ui->menu) {
		ui_menu_draw(ui);
	} else {
		for (int i = 0; i < PANE_COUNT; i++)
			if (ui->panes[i].shown)
				ui->panes[i].draw(ui, &ui->panes[i]);
		/* The divider left of the right-hand tree: board | tree, or side A | side B. */
		const struct pane *right = &ui->panes[ui->s->comparing ? PANE_TREE_B : PANE_TREE_A];

		for (int y = right->r.y; y < right->r.y + right->r.h; y++)
			mvaddstr(y, right->r.x - 1, ui->utf8 ? "\u2502" : "|");
	}
	bool two_rows = ui_status_draw(ui);

	if (ui->cmdline) {
		curs_set(1);
		ui_cmdline_draw(ui, LINES - 1, COLS);
	} else {
		curs_set(0);
		if (!two_rows)
			ui_put(LINES - 1, 0, COLS, "", true);
	}
	refresh();
}

/* Shows that a long search is alive: its node count on the status line. */
static void search_progress(void *ctx, uint64_t nodes)
{
	struct ui *ui = ctx;

	ui_set_status(ui, false, "Searching: %llu nodes so far  (Ctrl-C stops the search)",
		      (unsigned long long)nodes);
	ui_status_draw(ui);
	refresh();
}

/* Whether command LINE is an answer or a hint (its first word a prefix of either, as commands may be shortened). */
static bool lesson_reply(const char *line)
{
	size_t n;

	line += strspn(line, " \t:");
	n = strcspn(line, " \t");
	return n >= 2 && (!strncmp(line, "answer", n) || !strncmp(line, "hint", n));
}

/* Runs a finished command line (or a tree search after '/'). */
static void run_line(struct ui *ui, char *line)
{
	struct session *s = ui->s;
	struct error err = { 0 };
	struct command_outcome oc = { false, 0 };
	bool ok;
	char *buf = NULL;
	size_t len = 0;
	FILE *out;
	uint32_t gen = s->generation;
	int side = ui_focus_side(ui);

	if (ui->cmd_kind == '/') {
		if (!ui_tree_search(ui, side, line))
			ui_set_status(ui, true, "no move '%s' in the tree after the selection", line);
		return;
	}
	out = open_memstream(&buf, &len);
	if (!out)
		util_die("out of memory");
	ui_set_status(ui, false, "Running: %s  (Ctrl-C stops a search)", line);
	ui_draw(ui);
	got_sigint = 0;
	s->progress = search_progress;
	s->progress_ctx = ui;
	/* :stats and :horizon in a compare view speak of the side with the focus. */
	s->focus_side = side;
	ok = command_run(s, line, out, &oc, &err);
	s->progress = NULL;
	if (!ok) {
		fclose(out);
		free(buf);
		got_sigint = 0;
		ui_set_status(ui, true, "%s", err.msg);
		return;
	}
	/* A Ctrl-C during the command stopped its search; it is not for the next key. */
	got_sigint = 0;
	s->stop = 0;
	fclose(out);
	(void)gen;
	/* The position, the compare view or the lesson pane may have come or gone. */
	ui_layout(ui);
	if (s->tour && s->tour->menu) {
		s->tour->menu = false;
		ui_menu_open(ui);
	}
	/* One line of output goes to the status line (two rows when long); more opens the output view. */
	while (len > 0 && buf[len - 1] == '\n')
		buf[--len] = '\0';
	/*
	 * An answer's feedback and a hint are drawn in the lesson pane, under the
	 * question (tour_print_page), beside the board and never over it: the
	 * status line only says so.
	 */
	if (ui->panes[PANE_LESSON].shown && lesson_reply(line)) {
		const char *v = strstr(buf, "[right]") ? "Right" : strstr(buf, "[wrong]") ? "Not quite" :
				strstr(buf, "[?]") ? "Answer in the form the question asks" : "Hint";

		ui_set_status(ui, false, "%s: the lesson pane shows it under the question", v);
		free(buf);
	} else if (strchr(buf, '\n') || ui_text_cols(buf, len) > 2 * COLS - 8) {
		/* A line that would not fit the status line's two rows opens the output view. */
		ui_output_set(ui, buf, false);
		ui_set_status(ui, false, "%s", "");
	} else {
		ui_set_status(ui, false, "%s", buf);
		free(buf);
	}
	if (oc.play_speed)
		ui->play_speed = oc.play_speed;
	if (oc.quit)
		ui->quit = true;
}

/* Handles a mouse event: a click in a tree pane selects the line under it. */
static void mouse(struct ui *ui)
{
	MEVENT me;

	if (getmouse(&me) != OK)
		return;
	if (!(me.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED)))
		return;
	for (int i = PANE_TREE_A; i <= PANE_TREE_B; i++) {
		struct pane *p = &ui->panes[i];

		if (p->shown && me.y >= p->r.y && me.y < p->r.y + p->r.h && me.x >= p->r.x &&
		    me.x < p->r.x + p->r.w) {
			ui->focus = i;
			ui_tree_click(ui, p, me.y);
		}
	}
}

void ui_handle_key(struct ui *ui, int key)
{
	struct pane *focus;

	if (key == KEY_RESIZE) {
		ui_layout(ui);
		clearok(curscr, TRUE);
		return;
	}
	if (ui->cmdline) {
		ui_cmdline_key(ui, key);
		return;
	}
	ui->status[0] = '\0';
	ui->status_error = false;
	if (ui->output) {
		/*
		 * ':' and '/' close the output view and do what they do: typed right
		 * after a command's output, they were lost and the rest of the line
		 * ("move e4") was taken for tree keys.
		 */
		if (key != ':' && key != '/') {
			if (ui_output_key(ui, key))
				return;
		} else {
			ui_output_close(ui);
		}
	}
	if (ui->too_small) {
		if (key == 'q')
			ui->quit = true;
		return;
	}
	if (ui->menu) {
		ui_menu_key(ui, key);
		return;
	}
	if (key == KEY_MOUSE) {
		mouse(ui);
		return;
	}
	if (ui_keys_run(ui, key))
		return;
	if (ui_lesson_choice_key(ui, key))
		return;
	/* Tree keys go to the focused tree (or the first one when another pane has the focus). */
	focus = &ui->panes[ui->focus];
	if (!(focus->shown && focus->key)) {
		focus = &ui->panes[ui_focus_side(ui) ? PANE_TREE_B : PANE_TREE_A];
	}
	if (focus->shown && focus->key && focus->key(ui, focus, key))
		return;
}

/* Fills UI for S: the panes, the focus and whether the locale's codeset (set by the caller) is UTF-8. */
void ui_init(struct ui *ui, struct session *s, bool ascii)
{
	const char *cs;

	memset(ui, 0, sizeof *ui);
	ui->s = s;
	ui->ascii = ascii;
	cs = nl_langinfo(CODESET);
	ui->utf8 = cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8"));
	ui->panes[PANE_BOARD] = (struct pane){ .init = ui_board_init, .draw = ui_board_draw };
	ui->panes[PANE_TREE_A] = (struct pane){ .init = ui_tree_init, .draw = ui_tree_draw, .key = ui_tree_key,
						.resize = ui_tree_resize, .side = 0 };
	ui->panes[PANE_TREE_B] = (struct pane){ .init = ui_tree_init, .draw = ui_tree_draw, .key = ui_tree_key,
						.resize = ui_tree_resize, .side = 1 };
	ui->panes[PANE_EVENT] = (struct pane){ .draw = ui_event_draw };
	ui->panes[PANE_LESSON] = (struct pane){ .init = ui_lesson_init, .draw = ui_lesson_draw, .key = ui_lesson_key };
	ui->focus = PANE_TREE_A;
	for (int i = 0; i < PANE_COUNT; i++)
		if (ui->panes[i].init)
			ui->panes[i].init(ui, &ui->panes[i]);
	ui->panes[PANE_EVENT].name = "event";
}

/* The terminal modes and colours the tutor uses, on the current screen. */
void ui_screen_setup(struct ui *ui)
{
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, NULL);
	mouseinterval(0);
	ui_colour_setup(ui);
}

/*
 * A fatal error (util_die: out of memory, say) while the tutor owns the
 * terminal: curses gives it back in the shell's modes before the message is
 * printed, so that the message is readable and the shell usable.
 */
static void ui_fatal(void)
{
	if (!isendwin())
		endwin();
	terminal_guard_end();
}

/* The escape sequences that leave the tutor's screen: rmcup and cnorm, from the terminal's description. */
static void guard_reset_sequence(void)
{
	char seq[128] = "";
	const char *caps[] = { "rmcup", "cnorm", "sgr0" };
	size_t i;

	for (i = 0; i < sizeof caps / sizeof caps[0]; i++) {
		const char *cap = tigetstr(caps[i]);

		if (cap && cap != (char *)-1 && strlen(seq) + strlen(cap) < sizeof seq)
			strcat(seq, cap);
	}
	terminal_guard_reset(seq);
}

int ui_run(struct session *s, bool ascii)
{
	struct ui ui;
	struct sigaction sa, old;

	setlocale(LC_ALL, "");
	ui_init(&ui, s, ascii);
	if (!getenv("ESCDELAY"))
		set_escdelay(25);
	/* The shell's modes are remembered before curses changes them. */
	terminal_guard_begin(STDIN_FILENO);
	if (initscr() == NULL) {
		terminal_guard_end();
		return 1;
	}
	guard_reset_sequence();
	util_set_fatal_hook(ui_fatal);
	ui_screen_setup(&ui);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sigint_session = s;
	sigaction(SIGINT, &sa, &old);
	ui_cmdline_init(&ui);
	/* The lessons: a pane shows the page; a new learner (no progress file) starts at the menu. */
	{
		struct tour *t = tour_of(s);

		t->pane = true;
		if (t->note[0]) {
			ui_set_status(&ui, true, "%s", t->note);
			t->note[0] = '\0';
		}
		if (!t->existed && !t->position_asked)
			ui_menu_open(&ui);
		else if (t->lesson)
			/* "Welcome back" only to a learner who has been here: a progress file was read at the start. */
			ui_set_status(&ui, false, "%s lesson %d, page %d of %d (L: all lessons)",
				      t->returning ? "Welcome back:" : "Welcome to", t->number, t->page + 1,
				      t->lesson->page_count);
	}
	ui_layout(&ui);

	while (!ui.quit) {
		int key;

		ui_draw(&ui);
		timeout(ui.play_speed ? 1000 / ui.play_speed : -1);
		key = getch();
		if (got_sigint) {
			got_sigint = 0;
			s->stop = 0;
			if (ui.cmdline)
				ui_cmdline_cancel(&ui);
			ui.play_speed = 0;
			ui_set_status(&ui, false, "Interrupted (q quits)");
			continue;
		}
		if (key == ERR) {
			if (ui.play_speed) {
				int side = ui_focus_side(&ui);
				const struct trace *t = ui_trace(&ui, side);
				uint32_t ev = *ui_event(&ui, side);

				if (ev + 1 >= trace_event_count(t)) {
					ui.play_speed = 0;
					ui_set_status(&ui, false, "The end of the search");
				} else {
					ui_keys_step(&ui, cursor_step, 1);
				}
			}
			continue;
		}
		if (ui.play_speed && key != KEY_RESIZE) {
			ui.play_speed = 0;
			ui_set_status(&ui, false, "Stopped playing");
			continue;
		}
		ui_handle_key(&ui, key);
		if (ui.pending_eof) {
			ui.pending_eof = false;
		}
		if (ui.pending_line) {
			char *line = ui.pending_line;

			ui.pending_line = NULL;
			run_line(&ui, line);
			free(line);
		}
	}
	ui_cmdline_end(&ui);
	endwin();
	util_set_fatal_hook(NULL);
	terminal_guard_end();
	/* After endwin: a warning about the history goes to standard error, below the shell prompt's line. */
	repl_history_save();
	sigaction(SIGINT, &old, NULL);
	sigint_session = NULL;
	/* The menu is for the first start: from now on a progress file says the learner has been here. */
	if (!s->tour->existed && !tour_save(s->tour))
		fprintf(stderr, "quiesce: %s\n", s->tour->note);
	s->tour->pane = false;
	ui_tree_free(&ui);
	ui_lesson_free(&ui);
	ui_output_close(&ui);
	return 0;
}
