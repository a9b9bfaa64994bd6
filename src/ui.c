/*
 * ui.c: the curses tutor: screen layout, the main loop, the key table and
 * the help overlay generated from it and from the command table.
 */
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "command.h"
#include "repl.h"
#include "terminal.h"
#include "tour.h"
#include "ui.h"
#include "ui_int.h"
#include "util.h"
#include "variant.h"

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

int ui_attr(struct ui *ui, int pair, int fallback)
{
	return ui->colour ? (int)COLOR_PAIR(pair) : fallback;
}

void ui_set_status(struct ui *ui, bool error, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ui->status, sizeof ui->status, fmt, ap);
	va_end(ap);
	ui->status_error = error;
}

void ui_put(int y, int x, int w, const char *text, bool pad)
{
	int len;

	if (w <= 0 || y < 0 || y >= LINES)
		return;
	len = (int)strlen(text);
	mvaddnstr(y, x, text, w);
	if (pad) {
		/* Columns, not bytes: count the characters written (UTF-8 continuation bytes take none). */
		int cols = 0;

		for (int i = 0; i < len && cols < w; i++)
			if (((unsigned char)text[i] & 0xC0) != 0x80)
				cols++;
		for (; cols < w; cols++)
			addch(' ');
	}
}

/* The columns of the first N bytes of TEXT (UTF-8: continuation bytes take none). */
static int text_cols(const char *text, size_t n)
{
	int cols = 0;

	for (size_t i = 0; i < n && text[i]; i++)
		if (((unsigned char)text[i] & 0xC0) != 0x80)
			cols++;
	return cols;
}

/* The number of bytes of TEXT (up to N) that fill at most COLS columns, ending on a character boundary. */
static size_t text_bytes(const char *text, size_t n, int cols)
{
	size_t i = 0;
	int c = 0;

	while (i < n && text[i]) {
		if (((unsigned char)text[i] & 0xC0) != 0x80) {
			if (c == cols)
				break;
			c++;
		}
		i++;
	}
	return i;
}

/*
 * The indentation of a wrapped line's continuation: a line of two columns
 * ("  key   what it does") continues under its second column, any other line
 * under its first word.
 */
static int hanging_indent(const char *line, size_t len)
{
	size_t i = 0;

	while (i < len && line[i] == ' ')
		i++;
	for (size_t j = i; j + 1 < len; j++)
		if (line[j] == ' ' && line[j + 1] == ' ') {
			while (j < len && line[j] == ' ')
				j++;
			return j < len ? text_cols(line, j) : (int)i;
		}
	return (int)i;
}

char *ui_wrap(const char *text, int width)
{
	char *buf = NULL;
	size_t blen = 0;
	FILE *out = open_memstream(&buf, &blen);

	if (!out)
		util_die("out of memory");
	if (width < 8)
		width = 8;
	while (text && *text) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text), at = 0;
		int indent = hanging_indent(text, len), first = 1;

		if (indent > width / 2)
			indent = width / 2;
		do {
			int room = first ? width : width - indent;

			if (room < 1)
				room = 1;
			size_t take = text_bytes(text + at, len - at, room);

			/* Break at the last space that fits, unless the word alone is wider than the line. */
			if (at + take < len && text[at + take] != ' ') {
				size_t sp = take, lead = 0;

				while (lead < take && text[at + lead] == ' ')
					lead++;
				while (sp > lead && text[at + sp - 1] != ' ')
					sp--;
				if (sp > lead)
					take = sp;
			}
			fprintf(out, "%*s%.*s\n", first ? 0 : indent, "", (int)take, text + at);
			at += take;
			while (at < len && text[at] == ' ')
				at++;
			first = 0;
		} while (at < len);
		text = nl ? nl + 1 : text + len;
	}
	fclose(out);
	return buf;
}

int ui_count_lines(const char *text)
{
	int n = 0;

	for (; text && *text; text++)
		n += *text == '\n';
	return n;
}

int ui_focus_side(struct ui *ui)
{
	return ui->s->comparing && ui->focus == PANE_TREE_B ? 1 : 0;
}

const struct trace *ui_trace(struct ui *ui, int side)
{
	return ui->s->comparing ? ui->s->side[side].trace : ui->s->trace;
}

uint32_t *ui_event(struct ui *ui, int side)
{
	return ui->s->comparing ? &ui->s->side[side].event : &ui->s->event;
}

void ui_move_cursor(struct ui *ui, int side, uint32_t ev)
{
	struct session *s = ui->s;
	const struct trace *t = ui_trace(ui, side);
	uint32_t node;

	if (ev >= trace_event_count(t))
		return;
	*ui_event(ui, side) = ev;
	node = trace_event_get(t, ev).node;
	if (ui->tree[side].have && ui->tree[side].t == t)
		outline_reveal(&ui->tree[side].o, node);
	/* In a comparison, the other side follows while the trees are still the same. */
	if (s->comparing && node < s->diverge) {
		const struct trace *o = ui_trace(ui, 1 - side);
		uint32_t *oev = ui_event(ui, 1 - side);

		if (ev < trace_event_count(o) && trace_event_get(o, ev).node == node)
			*oev = ev;
		else if (node < trace_node_count(o))
			*oev = trace_node_get(o, node).enter;
	}
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
/* The fewest rows the lesson band keeps below the board and tree. */
#define UI_LESSON_MIN_ROWS 5

/*
 * Places the panes. A screen narrower than UI_LESSON_MIN_WIDE (80x24, say) is
 * laid out compactly: a narrower board, and a lesson open in a band below
 * the board and tree that leaves the board its rows (squares, coordinates,
 * side to move, material) and gives the rest to the lesson.
 */
static void layout(struct ui *ui)
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
	p[PANE_EVENT].r = (struct rect){ h - ev_h, 0, ev_h, w };
	p[PANE_EVENT].shown = true;
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

/* ---------------------------------------------------------------- keys */

/* Steps the focused side's cursor with MOTION and follows it in the tree. */
static void step(struct ui *ui, uint32_t (*motion)(const struct trace *, uint32_t, int), int dir)
{
	int side = ui_focus_side(ui);
	const struct trace *t = ui_trace(ui, side);

	if (trace_event_count(t) == 0) {
		ui_set_status(ui, true, "No search yet: type :search");
		return;
	}
	ui_tree_sync(ui, side);
	ui_move_cursor(ui, side, motion(t, *ui_event(ui, side), dir));
}

static uint32_t m_over(const struct trace *t, uint32_t ev, int dir)
{
	(void)dir;
	return session_step_over(t, ev);
}

static uint32_t m_out(const struct trace *t, uint32_t ev, int dir)
{
	(void)dir;
	return session_step_out(t, ev);
}

static uint32_t m_first(const struct trace *t, uint32_t ev, int dir)
{
	(void)t;
	(void)ev;
	(void)dir;
	return 0;
}

static void k_next(struct ui *ui) { step(ui, session_step, 1); }
static void k_prev(struct ui *ui) { step(ui, session_step, -1); }
static void k_over(struct ui *ui) { step(ui, m_over, 1); }
static void k_out(struct ui *ui) { step(ui, m_out, 1); }
static void k_rewind(struct ui *ui) { step(ui, m_first, 1); }

/* Jumps to the next event of KIND, or says there is none. */
static void jump(struct ui *ui, int kind, const char *what)
{
	int side = ui_focus_side(ui);
	const struct trace *t = ui_trace(ui, side);
	uint32_t ev = *ui_event(ui, side), to;

	if (trace_event_count(t) == 0)
		return;
	to = session_find_kind(t, ev, kind, 1);
	if (to == ev)
		ui_set_status(ui, true, "No %s after this event", what);
	else
		ui_move_cursor(ui, side, to);
}

static void k_jump_sp(struct ui *ui) { jump(ui, TE_STAND_PAT, "stand pat"); }
static void k_jump_cut(struct ui *ui) { jump(ui, SESSION_KIND_CUTOFF, "cutoff"); }
static void k_jump_delta(struct ui *ui) { jump(ui, TE_DELTA_PRUNE, "delta prune"); }

static void k_focus(struct ui *ui)
{
	do
		ui->focus = (ui->focus + 1) % PANE_COUNT;
	while (!ui->panes[ui->focus].shown);
}

static void k_filter(struct ui *ui)
{
	ui->s->filter = (enum outline_filter)((ui->s->filter + 1) % OUTLINE_FILTER_COUNT);
	ui_set_status(ui, false, "Tree filter: %s", outline_filter_name(ui->s->filter));
}

static void open_help(struct ui *ui);
static void k_help(struct ui *ui) { open_help(ui); }
static void k_quit(struct ui *ui) { ui->quit = true; }
static void k_command(struct ui *ui) { ui_cmdline_open(ui, ':'); }
static void k_search(struct ui *ui) { ui_cmdline_open(ui, '/'); }

static void k_play(struct ui *ui)
{
	ui->play_speed = 4;
	ui_set_status(ui, false, "Playing 4 events a second; any key stops");
}

static void k_next_page(struct ui *ui) { ui_queue_command(ui, "next-page"); }
static void k_prev_page(struct ui *ui) { ui_queue_command(ui, "prev-page"); }
static void k_hint(struct ui *ui) { ui_queue_command(ui, "hint"); }
static void k_menu(struct ui *ui) { ui_menu_open(ui); }
static void k_lesson_down(struct ui *ui) { ui_lesson_scroll(ui, 1, false); }
static void k_lesson_up(struct ui *ui) { ui_lesson_scroll(ui, -1, false); }
static void k_lesson_page_down(struct ui *ui) { ui_lesson_scroll(ui, 1, true); }
static void k_lesson_page_up(struct ui *ui) { ui_lesson_scroll(ui, -1, true); }

static void k_answer(struct ui *ui)
{
	if (!ui_lesson_open(ui) || !tour_question(ui->s->tour)) {
		ui_set_status(ui, true, "No question to answer (L opens the lesson menu)");
		return;
	}
	ui_cmdline_open_with(ui, "answer ");
}

static void k_redraw(struct ui *ui)
{
	(void)ui;
	clearok(curscr, TRUE);
}

/* The key bindings; the help overlay is generated from this table. */
static const struct key_binding {
	int key, key2;
	const char *name;
	const char *help;
	void (*run)(struct ui *ui);
} key_table[] = {
	{ 'n', 0, "n", "next event in search order", k_next },
	{ 'p', 0, "p", "previous event", k_prev },
	{ 's', 0, "s", "step over the current subtree", k_over },
	{ 'o', 0, "o", "step out to the parent's leave", k_out },
	{ 'r', 0, "r", "rewind to the first event", k_rewind },
	{ 'S', 0, "S", "jump to the next stand pat", k_jump_sp },
	{ 'c', 0, "c", "jump to the next cutoff (stand pat or beta)", k_jump_cut },
	{ 'd', 0, "d", "jump to the next delta prune", k_jump_delta },
	{ 'a', 0, "a", "autoplay the events (:play N sets the speed); any key stops", k_play },
	{ 'f', 0, "f", "cycle the tree filter: all, main, quiescence, marked", k_filter },
	{ '\t', 0, "Tab", "cycle the panes (in compare: the two sides)", k_focus },
	{ ':', 0, ":", "enter a command (Tab completes, Up/Ctrl-R search history)", k_command },
	{ '/', 0, "/", "search the tree for a move (SAN prefix)", k_search },
	{ '?', KEY_F(1), "? F1", "this help", k_help },
	{ 12, 0, "Ctrl-L", "redraw the screen", k_redraw },
	{ 'q', 0, "q", "quit", k_quit },
};

/* Keys the tree pane handles, listed in the help alongside the table above. */
static const char *const tree_keys_help[][2] = {
	{ "j k Up Down", "move in the tree (the cursor follows)" },
	{ "h l Left Right", "fold / unfold, go to parent / child" },
	{ "g G Home End", "first / last line" },
	{ "PgUp PgDn", "a page up / down" },
	{ "Space Enter", "fold or unfold the node" },
	{ "mouse click", "select a line in the tree" },
};

/* The keys of the lessons, listed in the help after the commands. */
static const struct key_binding lesson_key_table[] = {
	{ 'L', 0, "L", "the lesson menu: every lesson with your progress", k_menu },
	{ ']', 0, "]", "the lesson's next page (PgDn when the lesson pane has the focus)", k_next_page },
	{ '[', 0, "[", "the lesson's previous page (PgUp in the lesson pane)", k_prev_page },
	{ 'A', 0, "A", "answer the lesson's question (opens ':answer ')", k_answer },
	{ 'H', 0, "H", "a hint for the lesson's question (shown in the lesson pane's key bar when it has one)",
	  k_hint },
	{ 'J', 0, "J", "scroll the lesson pane down a line, whichever pane has the focus", k_lesson_down },
	{ 'K', 0, "K", "scroll the lesson pane up a line", k_lesson_up },
	{ '}', 0, "}", "scroll the lesson pane down a page", k_lesson_page_down },
	{ '{', 0, "{", "scroll the lesson pane up a page", k_lesson_page_up },
};

/* Keys the lesson pane and the menu handle, listed with the table above. */
static const char *const lesson_keys_help[][2] = {
	{ "1-9", "answer a question with choices by the choice's number" },
	{ "j k Space", "also scroll the lesson pane when it has the focus (Tab)" },
	{ "Enter Esc", "in the lesson menu: open the chosen lesson / close the menu" },
};

/* Replaces the output view's text with BUF (taken over); HELP says whether it is the help. */
static void set_output(struct ui *ui, char *buf, bool help)
{
	free(ui->output);
	free(ui->output_wrapped);
	ui->output = buf;
	ui->output_wrapped = NULL;
	ui->output_top = 0;
	ui->help = help;
}

static void close_output(struct ui *ui)
{
	set_output(ui, NULL, false);
}

/*
 * The legend of the tree and compare views: every column and mark a tree line
 * can show (see ui_tree.c, which draws them), in the order they appear.
 */
static const char *const legend_help[][2] = {
	{ "A tree line", "  - *Qxd5    q1   = -100   sp +50    [-inf,+50]    sp-cut" },
	{ "", "  - *Qxd5   q1 -100  sp+50 sp-cut [-inf,+50]    (compact, in a narrow pane)" },
	{ "- +", "the node's children are shown (-) or folded away (+); Space folds" },
	{ "*", "the node is on the principal variation: the line both sides choose (also bold)" },
	{ "Qxd5", "the move that led to the node (SAN); root is the start position" },
	{ "main", "a node of the main (full-width) search; 'm' in the compact form" },
	{ "q0 q1 ...", "a quiescence node, N plies into quiescence: q0 is the horizon node where the main search "
		       "ends and quiescence starts" },
	{ "= -100", "the value the node returned, for the side to move there (? while not finished)" },
	{ "sp +50", "the stand pat: the static value the side to move can keep by not capturing" },
	{ "[a,b]", "the window the node was searched with: alpha (what the side to move already has) and beta "
		   "(what the opponent allows); -inf/+inf when open" },
	{ "sp-cut", "stand-pat cutoff: the static value alone reached beta, so the node returned at once" },
	{ "raise", "a move raised alpha: a new best move at this node" },
	{ "cut", "beta cutoff: a move was so good the opponent will avoid this node; the rest are skipped" },
	{ "delta", "delta pruning skipped a capture here (shown as a ~ line below the node)" },
	{ "see", "SEE pruning skipped a capture that loses material (a ~ line)" },
	{ "mate", "no legal move in check: checkmate, scored as mate" },
	{ "evasion", "a quiescence node in check: no stand pat, every legal move is searched; 'evas' compact" },
	{ "stopped", "the search was stopped (node limit or Ctrl-C) inside this node" },
	{ "~Rxh8 ...", "a pruned move: why it was skipped (delta: stand pat + gain + margin <= alpha; SEE < 0)" },
	{ "static, !!", "mode none (the horizon view): the static value used at the leaf against the value a "
			"quiescence search would have found; !! when they differ by a pawn or more ('st' compact)" },
	{ "Q! static N", "quiescence changed the static verdict N of this horizon node (mode captures or checks)" },
	{ "underline", "the node the lesson page points at" },
	{ "Tree (...)", "the tree's title: its filter (f cycles it) and node count; STOPPED early when the search was "
			"stopped" },
	{ "Compare view", "two searches of the same position, side A left and side B right (Tab switches)" },
	{ "A: spec", "the search of each side: its mode and switches (+delta=M, +see, ...)" },
	{ "result", "the side's score, its node count, how many were quiescence nodes (q)" },
	{ "part at N", "the first node where the two trees differ; 'same shape' when they never do" },
	{ ">>", "marks that first differing node on both sides (> in the compact form)" },
	{ "Event pane", "the event at the cursor explained, then the counts of the whole search; (:event >) when "
			"the sentence goes on beyond the pane" },
	{ "Status line", "the search's variant and depth (abbreviated on a narrow screen: d2 for depth 2), COMPARE "
			 "(CMP) in the compare view" },
	{ "Lesson pane", "Page K/N; (more below: J/K) when the page goes on: J/K scroll a line, } { a page" },
};

/* Opens the help view: the key table and the command table, formatted. */
static void open_help(struct ui *ui)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	if (!out)
		util_die("out of memory");
	fputs("Keys:\n", out);
	for (size_t i = 0; i < sizeof key_table / sizeof key_table[0]; i++)
		fprintf(out, "  %-16s %s\n", key_table[i].name, key_table[i].help);
	for (size_t i = 0; i < sizeof tree_keys_help / sizeof tree_keys_help[0]; i++)
		fprintf(out, "  %-16s %s\n", tree_keys_help[i][0], tree_keys_help[i][1]);
	fputs("\nLesson keys:\n", out);
	for (size_t i = 0; i < sizeof lesson_key_table / sizeof lesson_key_table[0]; i++)
		fprintf(out, "  %-16s %s\n", lesson_key_table[i].name, lesson_key_table[i].help);
	for (size_t i = 0; i < sizeof lesson_keys_help / sizeof lesson_keys_help[0]; i++)
		fprintf(out, "  %-16s %s\n", lesson_keys_help[i][0], lesson_keys_help[i][1]);
	fputs("\nLegend of the tree and compare views:\n", out);
	for (size_t i = 0; i < sizeof legend_help / sizeof legend_help[0]; i++) {
		if (!legend_help[i][0][0])
			fprintf(out, "  %s\n", legend_help[i][1]);
		else if (legend_help[i][1][0] == ' ')
			fprintf(out, "  %s:\n  %s\n", legend_help[i][0], legend_help[i][1]);
		else
			fprintf(out, "  %-16s %s\n", legend_help[i][0], legend_help[i][1]);
	}
	fputs("\n", out);
	command_help(NULL, out, NULL);
	fclose(out);
	set_output(ui, buf, true);
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
static void draw_output(struct ui *ui)
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
static bool draw_status(struct ui *ui)
{
	char desc[256], line[900];
	int y = LINES - 2;
	bool two_rows = false;

	if (ui->status[0]) {
		snprintf(line, sizeof line, "%s%s", ui->status_error ? "error: " : "", ui->status);
	} else {
		static const char *const hints[] = { "? help, : command, q quit", "? help : cmd q quit", "? help" };
		const char *play = "playing (any key stops)";

		variant_describe(&ui->s->opt, true, desc, sizeof desc);
		for (int form = 0; form < 2 * 3; form++) {
			if (form == 3)
				abbreviate_options(desc);
			snprintf(line, sizeof line, "%s%s | %s", ui->s->comparing ? (form < 3 ? "COMPARE | " : "CMP ") : "",
				 desc, ui->play_speed ? play : hints[form % 3]);
			if (text_cols(line, sizeof line) <= COLS)
				break;
		}
	}
	/*
	 * A message too long for the line goes on over the command line's row
	 * while the command line is closed; what is still too long is cut
	 * where it would leave the screen, and marked so.
	 */
	if (text_cols(line, sizeof line) > COLS && ui->status[0] && !ui->cmdline && COLS > 8) {
		char *wrapped = ui_wrap(line, COLS), *nl = strchr(wrapped, '\n'), *rest = nl ? nl + 1 : NULL;

		if (nl)
			*nl = '\0';
		snprintf(line, sizeof line, "%s", wrapped);
		if (rest) {
			char *nl2 = strchr(rest, '\n');

			if (nl2 && nl2[1]) {
				/* A third line would be needed: mark the cut. */
				size_t cut = text_bytes(rest, strlen(rest), COLS - 1);

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
	if (text_cols(line, sizeof line) > COLS && COLS > 1) {
		size_t cut = text_bytes(line, sizeof line, COLS - 1);

		line[cut] = '>';
		line[cut + 1] = '\0';
	}
	attron(ui->status_error ? ui_attr(ui, UI_PAIR_ERROR, A_BOLD) : (int)A_REVERSE);
	ui_put(y, 0, COLS, line, true);
	attroff(ui->status_error ? ui_attr(ui, UI_PAIR_ERROR, A_BOLD) : (int)A_REVERSE);
	return two_rows;
}

static void draw(struct ui *ui)
{
	erase();
	if (ui->too_small) {
		erase();
		mvprintw(0, 0, "Terminal too small (%dx%d):", COLS, LINES);
		mvprintw(1, 0, "the tutor needs %dx%d. Resize, or q to quit.", UI_MIN_COLS, UI_MIN_LINES);
		refresh();
		return;
	}
	if (ui->output) {
		draw_output(ui);
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
	bool two_rows = draw_status(ui);

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
	draw_status(ui);
	refresh();
}

/* Runs a finished command line (or a tree search after '/'). */
static void run_line(struct ui *ui, char *line)
{
	struct session *s = ui->s;
	struct error err = { 0 };
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
	draw(ui);
	got_sigint = 0;
	s->progress = search_progress;
	s->progress_ctx = ui;
	ok = command_run(s, line, out, &err);
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
	layout(ui);
	if (s->tour && s->tour->menu) {
		s->tour->menu = false;
		ui_menu_open(ui);
	}
	/* One line of output goes to the status line (two rows when long); more opens the output view. */
	while (len > 0 && buf[len - 1] == '\n')
		buf[--len] = '\0';
	/* A line that would not fit the status line's two rows (a long hint) opens the output view too. */
	if (strchr(buf, '\n') || text_cols(buf, len) > 2 * COLS - 8) {
		set_output(ui, buf, false);
		ui_set_status(ui, false, "%s", "");
	} else {
		ui_set_status(ui, false, "%s", buf);
		free(buf);
	}
	if (s->play_speed) {
		ui->play_speed = s->play_speed;
		s->play_speed = 0;
	}
	if (s->quit)
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

static void handle_key(struct ui *ui, int key)
{
	struct pane *focus;

	if (key == KEY_RESIZE) {
		layout(ui);
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
		int lines, page = output_rows() > 1 ? output_rows() - 1 : 1;

		/* Scrolling keys scroll while there is more to see; any other key closes the view. */
		output_text(ui, &lines);
		if (lines > output_rows() && (key == 'j' || key == KEY_DOWN || key == ' ' || key == KEY_NPAGE ||
					      key == 'J' || key == 'G' || key == KEY_END))
			ui->output_top += key == 'j' || key == 'J' || key == KEY_DOWN ? 1 :
				key == 'G' || key == KEY_END ? lines : page;
		else if (lines > output_rows() && (key == 'k' || key == KEY_UP || key == KEY_PPAGE || key == 'K' ||
						   key == 'g' || key == KEY_HOME))
			ui->output_top -= key == 'k' || key == 'K' || key == KEY_UP ? 1 :
				key == 'g' || key == KEY_HOME ? ui->output_top : page;
		else
			close_output(ui);
		if (ui->output_top < 0)
			ui->output_top = 0;
		return;
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
	for (size_t i = 0; i < sizeof key_table / sizeof key_table[0]; i++)
		if (key_table[i].key == key || (key_table[i].key2 && key_table[i].key2 == key)) {
			key_table[i].run(ui);
			return;
		}
	for (size_t i = 0; i < sizeof lesson_key_table / sizeof lesson_key_table[0]; i++)
		if (lesson_key_table[i].key == key) {
			lesson_key_table[i].run(ui);
			return;
		}
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

static void setup_colours(struct ui *ui)
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

/* Fills UI for S: the panes, the focus and whether the locale's codeset (set by the caller) is UTF-8. */
static void ui_init(struct ui *ui, struct session *s, bool ascii)
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
static void screen_setup(struct ui *ui)
{
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	mousemask(BUTTON1_CLICKED | BUTTON1_PRESSED, NULL);
	mouseinterval(0);
	setup_colours(ui);
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
	screen_setup(&ui);
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
			ui_set_status(&ui, false, "Welcome back: lesson %d, page %d of %d (L: all lessons)", t->number,
				      t->page + 1, t->lesson->page_count);
	}
	layout(&ui);

	while (!ui.quit) {
		int key;

		draw(&ui);
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
					step(&ui, session_step, 1);
				}
			}
			continue;
		}
		if (ui.play_speed && key != KEY_RESIZE) {
			ui.play_speed = 0;
			ui_set_status(&ui, false, "Stopped playing");
			continue;
		}
		handle_key(&ui, key);
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
	close_output(&ui);
	return 0;
}

/*
 * The benchmark: the real key handler and drawing code on a virtual terminal
 * of its own (newterm writing to /dev/null, reading from /dev/null), never
 * the user's. The key script is fed straight to the key handler; each key is
 * timed from its handling to the end of the redraw (doupdate).
 */
static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The processor time this process has used, in milliseconds. */
static double cpu_ms(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
		return 0;
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int bench_key(char c)
{
	switch (c) {
	case '>': return KEY_NPAGE;
	case '<': return KEY_PPAGE;
	default: return (unsigned char)c;
	}
}

bool ui_bench(struct session *s, struct ui_bench *b)
{
	static const char *const terms[] = { "xterm-256color", "xterm", "vt100" };
	struct ui ui;
	FILE *out, *in;
	SCREEN *scr = NULL;
	char *old_ctype = NULL;
	const char *cur;
	size_t nkeys = strlen(b->keys);
	double total = 0, *times;
	/* newterm installs handlers for these; they are put back as they were. */
	static const int sigs[] = { SIGINT, SIGTERM, SIGTSTP, SIGWINCH };
	struct sigaction saved[sizeof sigs / sizeof sigs[0]];

	b->mean_ms = b->p99_ms = b->max_ms = 0;
	b->max_key = 0;
	b->cpu_max_ms = 0;
	b->done = 0;
	b->why[0] = '\0';
	if (nkeys == 0 || b->count <= 0) {
		snprintf(b->why, sizeof b->why, "no keys");
		return false;
	}
	times = xmalloc((size_t)b->count * sizeof *times);
	out = fopen("/dev/null", "w");
	in = fopen("/dev/null", "r");
	if (!out || !in) {
		snprintf(b->why, sizeof b->why, "cannot open /dev/null");
		if (out)
			fclose(out);
		if (in)
			fclose(in);
		free(times);
		return false;
	}
	/* The user's character set, as the tutor would have it (only LC_CTYPE: numbers print as before). */
	cur = setlocale(LC_CTYPE, NULL);
	old_ctype = cur ? xstrdup(cur) : NULL;
	setlocale(LC_CTYPE, "");
	ui_init(&ui, s, false);
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], NULL, &saved[i]);
	for (size_t i = 0; i < sizeof terms / sizeof terms[0] && !scr; i++)
		scr = newterm(terms[i], out, in);
	if (!scr) {
		snprintf(b->why, sizeof b->why, "no terminfo entry for xterm-256color, xterm or vt100");
		goto done;
	}
	set_term(scr);
	screen_setup(&ui);
	/* resize_term, not resizeterm: no KEY_RESIZE is queued, and there is no tty to ask. */
	resize_term(b->lines, b->cols);
	layout(&ui);
	draw(&ui);
	for (int i = 0; i < b->count; i++) {
		double start = util_now(), cpu = cpu_ms(), ms;

		handle_key(&ui, bench_key(b->keys[(size_t)i % nkeys]));
		ui.quit = false;
		draw(&ui);
		ms = (util_now() - start) * 1e3;
		cpu = cpu_ms() - cpu;
		if (cpu > b->cpu_max_ms)
			b->cpu_max_ms = cpu;
		total += ms;
		if (ms > b->max_ms) {
			b->max_ms = ms;
			b->max_key = b->keys[(size_t)i % nkeys];
		}
		times[b->done] = ms;
		b->done++;
	}
	b->mean_ms = b->done ? total / b->done : 0;
	qsort(times, (size_t)b->done, sizeof *times, cmp_double);
	b->p99_ms = b->done ? times[(b->done * 99 - 1) / 100] : 0;
	endwin();
	delscreen(scr);
done:
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &saved[i], NULL);
	ui_tree_free(&ui);
	ui_lesson_free(&ui);
	close_output(&ui);
	if (old_ctype) {
		setlocale(LC_CTYPE, old_ctype);
		free(old_ctype);
	}
	fclose(out);
	fclose(in);
	free(times);
	return scr != NULL;
}
