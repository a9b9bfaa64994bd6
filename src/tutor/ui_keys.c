/*
 * ui_keys.c: the key bindings of the tutor, and the help view generated from
 * them, from the legend of the tree and from the command table.
 */
#include <stdio.h>

#include "tutor/command.h"
#include "teach/tour.h"
#include "tutor/ui_int.h"
#include "base/util.h"

/* Steps the focused side's cursor with MOTION and follows it in the tree. */
void ui_keys_step(struct ui *ui, uint32_t (*motion)(const struct trace *, uint32_t, int), int dir)
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
	return cursor_step_over(t, ev);
}

static uint32_t m_out(const struct trace *t, uint32_t ev, int dir)
{
	(void)dir;
	return cursor_step_out(t, ev);
}

static uint32_t m_first(const struct trace *t, uint32_t ev, int dir)
{
	(void)t;
	(void)ev;
	(void)dir;
	return 0;
}

static void k_next(struct ui *ui) { ui_keys_step(ui, cursor_step, 1); }
static void k_prev(struct ui *ui) { ui_keys_step(ui, cursor_step, -1); }
static void k_over(struct ui *ui) { ui_keys_step(ui, m_over, 1); }
static void k_out(struct ui *ui) { ui_keys_step(ui, m_out, 1); }
static void k_rewind(struct ui *ui) { ui_keys_step(ui, m_first, 1); }

/* Jumps to the next event of KIND, or says there is none. */
static void jump(struct ui *ui, int kind, const char *what)
{
	int side = ui_focus_side(ui);
	const struct trace *t = ui_trace(ui, side);
	uint32_t ev = *ui_event(ui, side), to;

	if (trace_event_count(t) == 0)
		return;
	to = cursor_find_kind(t, ev, kind, 1);
	if (to == ev)
		ui_set_status(ui, true, "No %s after this event", what);
	else
		ui_move_cursor(ui, side, to);
}

static void k_jump_sp(struct ui *ui) { jump(ui, TE_STAND_PAT, "stand pat"); }
static void k_jump_cut(struct ui *ui) { jump(ui, CURSOR_KIND_CUTOFF, "cutoff"); }
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

/* z: the reading layout (a lesson band with the event pane's rows, 80x24) or the full event pane. */
static void k_zoom(struct ui *ui)
{
	ui->full_events = !ui->full_events;
	ui_layout(ui);
	if (!ui_reading_screen(ui))
		ui_set_status(ui, false, "z changes the layout only with a lesson open on a short, narrow screen "
			      "(80x24): the event pane is always shown here");
	else
		ui_set_status(ui, false, ui->full_events ? "The event pane is back (z: the reading layout, more room "
			      "for the lesson)" : "The reading layout: the lesson has the event pane's rows (z: the "
			      "event pane)");
}
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
	{ 'z', 0, "z", "with a lesson on a short, narrow screen (80x24): the event pane, or the reading layout "
		       "that gives its rows to the lesson (the default)", k_zoom },
	{ ']', 0, "]", "the lesson's next page (PgDn when the lesson pane has the focus); on the last page it "
		       "offers the next lesson, and ] again opens it", k_next_page },
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
	{ "1-9", "answer a question with choices by the choice's number (also in a :practice walk; 1 yes, 2 no for a drill's question)" },
	{ "n (walk)", "in a :practice walk: the next decision to predict, once the last one is revealed" },
	{ "j k Space", "also scroll the lesson pane when it has the focus (Tab)" },
	{ "Enter Esc", "in the lesson menu: open the chosen lesson / close the menu; ? lists the menu's keys" },
};

/*
 * The legend of the tree and compare views: every column and mark a tree line
 * can show (see ui_tree.c, which draws them), in the order they appear.
 */
static const char *const legend_help[][2] = {
	{ "A tree line", "  - *Qxd5    q1   = >=+50  sp +50    [-inf,+50]    sp-cut" },
	{ "", "  - *Qxd5   q1 >=+50 sp+50 sp-cut [-inf,+50]    (compact, in a narrow pane: the same marks, "
	      "with letters and spaces dropped; each entry below gives both spellings)" },
	{ "- +", "the node's children are shown (-) or folded away (+); Space folds" },
	{ "*", "the node is on the principal variation: the line both sides choose (also bold)" },
	{ "Qxd5", "the move that led to the node (SAN); root is the start position" },
	{ "main  m", "a node of the main (full-width) search (the compact form, in a narrow pane, writes m)" },
	{ "q0 q1 ...", "a quiescence node, N plies into quiescence: q0 is the horizon node where the main search "
		       "ends and quiescence starts" },
	{ "= -100  -100", "the value the node returned, for the side to move there (? while not finished)" },
	{ ">=+50  <=-100", "a bound, not a value: >=V the node cut off and is worth at least V (fail-hard returns "
			   "beta, fail-soft the best found); <=V no move beat alpha, it is worth at most V; "
			   "a bound at the end of the scale is >=-inf or <=+inf, never a mate" },
	{ "#3 #-2", "a mate score in moves, as chess GUIs write it: the side to move at this node mates in 3 "
		   "moves, or is mated in 2 (#-0: it is checkmated here, an exact value); every view counts the same way" },
	{ "sp +50  sp+50", "the stand pat: the static value the side to move can keep by not capturing" },
	{ "[a,b]", "the window the node was searched with: alpha (what the side to move already has) and beta "
		   "(what the opponent allows); -inf/+inf when open" },
	{ "sp-cut", "stand-pat cutoff: the static value alone reached beta, so the node returned at once" },
	{ "raise", "a move raised alpha: a new best move at this node" },
	{ "cut", "beta cutoff: a move was so good the opponent will avoid this node; the rest are skipped" },
	{ "delta", "delta pruning skipped a capture here (shown as a ~ line below the node)" },
	{ "see", "SEE pruning skipped a capture that loses material (a ~ line)" },
	{ "futility", "futility pruning skipped a capture: stand pat + margin + gain <= alpha, or stand pat + "
		      "margin <= alpha and SEE <= 0 (a ~ line)" },
	{ "recapture", "recaptures only (--recaptures N): a capture to another square than the last move's was "
		       "skipped (a ~ line)" },
	{ "evasion-prune", "evasion pruning (--evasion-limit N): a quiet evasion was skipped after N evasions, one "
			   "not mated (a ~ line)" },
	{ "mate", "no legal move in check: checkmate, scored as mate" },
	{ "evasion  evas", "a quiescence node in check that searched its evasions: no stand pat, every legal move "
			   "(with evasions off, the faulty variant, the node stands pat and tries captures only: it "
			   "shows sp and no evasion mark)" },
	{ "stopped  stop", "the search was stopped (node limit or Ctrl-C) inside this node" },
	{ "~Rxh8 ...", "a pruned move: why it was skipped (delta: stand pat + gain + margin <= alpha; SEE < 0); "
		       "compact: 'd -1200+500+200<=-300', 'SEE -200<0', 'fut -900+100+320<=alpha', 'not a recapture'" },
	{ "static st, !!", "mode none (the horizon view): the static value used at the leaf against the value a "
			   "quiescence search would have found ('static N, quiescence M', compact 'st N q M'); !! when "
			   "they differ by a pawn or more" },
	{ "Q! static N  Q! st N", "quiescence changed the static verdict N of this horizon node (mode captures or "
				  "checks; in a compare view too)" },
	{ "? (walk)", "in a :practice walk: a node the search has not reached at the cursor ('= ?': one it has not "
		      "finished; ~? a pruned move still to come); the board hides the material and static value" },
	{ "underline", "the node the lesson page points at" },
	{ "Tree (...)", "the tree's title: its filter (f cycles it) and node count; STOPPED early when the search was "
			"stopped" },
	{ "Compare view", "two searches of the same position, side A left and side B right (Tab switches)" },
	{ "A: spec", "the search of each side: its mode and switches (+delta=M, +see, ...)" },
	{ "result", "the side's score, its node count, how many were quiescence nodes (q)" },
	{ "part at N  part N", "the first node where the two trees differ; 'same tree' when they never do" },
	{ ">>  >", "marks that first differing node on both sides (> in the compact form)" },
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
	ui_output_set(ui, buf, true);
}

/* Runs the binding of KEY in the key table or the lesson keys; false when neither has one. */
bool ui_keys_run(struct ui *ui, int key)
{
	/* A practice walk takes the number keys and n first (ui_practice.c). */
	if (ui_practice_key(ui, key))
		return true;
	for (size_t i = 0; i < sizeof key_table / sizeof key_table[0]; i++)
		if (key_table[i].key == key || (key_table[i].key2 && key_table[i].key2 == key)) {
			key_table[i].run(ui);
			return true;
		}
	for (size_t i = 0; i < sizeof lesson_key_table / sizeof lesson_key_table[0]; i++)
		if (lesson_key_table[i].key == key) {
			lesson_key_table[i].run(ui);
			return true;
		}
	return false;
}
