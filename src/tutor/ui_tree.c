/*
 * ui_tree.c: the tree pane: the search tree as an indented, foldable list.
 *
 * Only the lines on screen are ever looked at: the outline finds each next
 * or previous line from the one before it, so a keypress costs the same for
 * a million nodes as for ten. The selection is the cursor's event (a line's
 * id is its event id), so it survives folding, filtering and re-searching.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tutor/command.h"
#include "teach/explain.h"
#include "chess/notation.h"
#include "teach/tour.h"
#include "tutor/ui_int.h"

void ui_tree_init(struct ui *ui, struct pane *p)
{
	(void)ui;
	p->name = "tree";
}

void ui_tree_free(struct ui *ui)
{
	for (int i = 0; i < 2; i++)
		if (ui->tree[i].have)
			outline_free(&ui->tree[i].o);
}

/* The SNI_* bits of the trace a side shows. */
static const uint8_t *side_info(struct ui *ui, int side)
{
	return ui->s->comparing ? ui->s->side[side].info : ui->s->info;
}

void ui_tree_sync(struct ui *ui, int side)
{
	struct tree_state *ts = &ui->tree[side];
	const struct trace *t = ui_trace(ui, side);

	if (!ts->have || ts->gen != ui->s->generation || ts->t != t) {
		if (ts->have)
			outline_free(&ts->o);
		outline_init(&ts->o, t, side_info(ui, side));
		ts->t = t;
		ts->gen = ui->s->generation;
		ts->top = OUTLINE_NONE;
		ts->have = true;
	}
	ts->o.filter = ui->s->filter;
}

/* The line that shows the cursor of SIDE. */
static uint32_t selected_line(struct ui *ui, int side)
{
	struct tree_state *ts = &ui->tree[side];
	const struct trace *t = ts->t;
	uint32_t ev = *ui_event(ui, side);

	if (trace_event_count(t) == 0)
		return OUTLINE_NONE;
	if (ev >= trace_event_count(t))
		ev = 0;
	if (trace_is_prune(trace_event_get(t, ev).kind)) {
		uint32_t n = trace_event_get(t, ev).node;

		if (outline_line_of(&ts->o, n) == trace_node_get(t, n).enter && !ts->o.folded[n] &&
		    ts->o.filter != OUTLINE_MAIN)
			return ev;
	}
	return outline_line_of(&ts->o, trace_event_get(t, ev).node);
}

/* Whether LINE is still a line of the outline (it may not be after folding or filtering). */
static bool line_valid(const struct tree_state *ts, uint32_t line)
{
	const struct trace *t = ts->t;
	uint32_t n;

	if (line >= trace_event_count(t))
		return false;
	n = trace_event_get(t, line).node;
	if (outline_is_prune(&ts->o, line))
		return ts->o.filter != OUTLINE_MAIN && outline_line_of(&ts->o, n) == trace_node_get(t, n).enter && !ts->o.folded[n];
	return trace_event_get(t, line).kind == TE_ENTER && outline_line_of(&ts->o, n) == line;
}

/* The rows of the pane the lines use (a title row above; in compare, a result row too). */
/* The most rows a compare side's label takes: a long variant's every switch stays in view. */
#define LABEL_MAX_ROWS 3

/*
 * Splits a compare side's label TEXT into rows of at most W columns, each
 * cut after the last ", " that fits (the rows after the first indented by
 * one blank), into ROWS; returns how many (at most LABEL_MAX_ROWS: the
 * last row takes the rest, cut at the pane's edge).
 */
static int wrap_label(const char *text, int w, char rows[LABEL_MAX_ROWS][300])
{
	int n = 0;

	while (n < LABEL_MAX_ROWS) {
		int indent = n ? 1 : 0, room = w - indent, len = (int)strlen(text), cut = len;

		/* The blank after the comma may fall just past the edge. */
		if (len > room && n + 1 < LABEL_MAX_ROWS && room > 2) {
			for (cut = room + 1; cut > 0 && !(cut >= 2 && text[cut - 1] == ' ' && text[cut - 2] == ','); cut--)
				;
			if (cut <= 0)
				cut = room;
		}
		snprintf(rows[n++], 300, "%*s%.*s", indent, "", cut, text);
		text += cut;
		if (*text == '\0')
			break;
	}
	return n;
}

/* The rows the wider of the two compare labels takes ("[A: SPEC]" with its brackets), so both trees start level. */
static int label_rows(struct ui *ui)
{
	int w = ui->panes[PANE_TREE_A].r.w < ui->panes[PANE_TREE_B].r.w ? ui->panes[PANE_TREE_A].r.w :
		ui->panes[PANE_TREE_B].r.w, most = 1;

	for (int k = 0; k < 2; k++) {
		char text[300], rows[LABEL_MAX_ROWS][300];
		int n;

		snprintf(text, sizeof text, "[%c: %s]", 'A' + k, ui->s->side[k].spec);
		n = wrap_label(text, w, rows);
		most = n > most ? n : most;
	}
	return most;
}

/* The rows above the tree: its title, or a compare side's label (one row or more) and its result. */
static int header_rows(struct ui *ui)
{
	return ui->s->comparing ? label_rows(ui) + 1 : 1;
}

static int body_top(struct ui *ui, struct pane *p)
{
	return p->r.y + header_rows(ui);
}

static int body_height(struct ui *ui, struct pane *p)
{
	int h = p->r.h - header_rows(ui);

	return h > 0 ? h : 0;
}

/* Writes a compare side's label TEXT on ROWS rows from Y, W columns each (wrap_label's rows, blanks below). */
static void put_label(int y, int x, int w, int rows, const char *text)
{
	char lines[LABEL_MAX_ROWS][300];
	int n = wrap_label(text, w, lines);

	for (int r = 0; r < rows; r++)
		ui_put(y + r, x, w, r < n ? lines[r] : "", true);
}

/* Scrolls so that the selection is on screen, looking at no more lines than the pane holds. */
static void keep_visible(struct ui *ui, struct pane *p, uint32_t sel)
{
	struct tree_state *ts = &ui->tree[p->side];
	int h = body_height(ui, p);
	uint32_t l;
	int i;

	if (sel == OUTLINE_NONE || h <= 0)
		return;
	if (!line_valid(ts, ts->top) || sel < ts->top) {
		ts->top = sel;
		for (i = 0; i < h / 3; i++) {
			l = outline_prev(&ts->o, ts->top);
			if (l == OUTLINE_NONE)
				break;
			ts->top = l;
		}
		return;
	}
	for (l = ts->top, i = 0; l != OUTLINE_NONE && i < h; l = outline_next(&ts->o, l), i++)
		if (l == sel)
			return;
	/* Below the pane: put the selection two thirds of the way down. */
	ts->top = sel;
	for (i = 0; i < (2 * h) / 3; i++) {
		l = outline_prev(&ts->o, ts->top);
		if (l == OUTLINE_NONE)
			break;
		ts->top = l;
	}
}

/* A tree pane narrower than this draws its lines in the compact form (see the legend in the help). */
#define TREE_WIDE_MIN 64

/* Whether pane P draws the compact form of its lines. */
static bool compact_pane(const struct pane *p)
{
	return p->r.w < TREE_WIDE_MIN;
}

/*
 * The compact form of a node's line for narrow panes: the same facts as
 * explain_tree_line in narrower fields ("m" for main, "sp+50" for the
 * stand pat) and with what the node did (sp-cut, raise, cut, ...) before its
 * window, so a cut line loses the window first.
 */
static void compact_line(const struct trace *t, uint32_t node, const char *san, const char *note, char *buf, size_t n)
{
	const struct trace_node nd_v = trace_node_get(t, node), *nd = &nd_v;
	char kind[8], score[24], sp[32] = "", a[24], b[24], badges[96] = "";
	size_t bl = 0;
	bool delta = false, see = false, stopped = false, raise = false, stood = false;
	unsigned modern = 0;    /* the modern prune kinds badged so far, a bit each */

	if (nd->flags & TN_QUIESCENCE)
		snprintf(kind, sizeof kind, "q%d", nd->qply);
	else
		snprintf(kind, sizeof kind, "m");
	/* A cut or a fail-low returns a bound, never the node's value (">=+50"); a node the stop cut short, "?". */
	trace_node_value_text(t, node, score, sizeof score);
	for (uint32_t ev = nd->enter; ev != TRACE_NONE; ev = trace_node_next_event(t, node, ev)) {
		const struct trace_event e_v = trace_event_get(t, ev), *e = &e_v;
		const char *badge = NULL;

		switch (e->kind) {
		case TE_STAND_PAT:
			stood = true;
			score_format(e->v1, nd->ply, a, sizeof a);
			snprintf(sp, sizeof sp, "sp%s", a);
			if (e->extra == TSP_CUTOFF)
				badge = "sp-cut";
			break;
		case TE_BETA_CUTOFF:
			badge = "cut";
			break;
		case TE_ALPHA_RAISE:
			badge = raise ? NULL : "raise";
			raise = true;
			break;
		case TE_DELTA_PRUNE:
			badge = delta ? NULL : "delta";
			delta = true;
			break;
		case TE_SEE_PRUNE:
			badge = see ? NULL : "see";
			see = true;
			break;
		case TE_FUTILITY_PRUNE:
		case TE_RECAPTURE_PRUNE:
		case TE_EVASION_PRUNE:
			/* The modern prunes (issue 29): one badge each, "futility", "recapture", "evasion-prune". */
			badge = modern & (1u << (e->kind - TE_FUTILITY_PRUNE)) ? NULL :
				e->kind == TE_FUTILITY_PRUNE ? "futility" : e->kind == TE_RECAPTURE_PRUNE ? "recapture" :
				"evasion-prune";
			modern |= 1u << (e->kind - TE_FUTILITY_PRUNE);
			break;
		case TE_MATE:
			badge = "mate";
			break;
		case TE_TT_CUTOFF:
			badge = "tt";   /* answered by the transposition table */
			break;
		case TE_STOPPED:
			badge = stopped ? NULL : "stop";
			stopped = true;
			break;
		default:
			break;
		}
		if (badge && bl + strlen(badge) + 2 < sizeof badges)
			bl += (size_t)snprintf(badges + bl, sizeof badges - bl, "%s%s", bl ? " " : "", badge);
	}
	/* As the wide line (explain_tree_line): a node in check that stood pat (the faulty variant) searched none. */
	if ((nd->flags & TN_IN_CHECK) && (nd->flags & TN_QUIESCENCE) && !stood && bl + 7 < sizeof badges)
		bl += (size_t)snprintf(badges + bl, sizeof badges - bl, "%sevas", bl ? " " : "");
	score_format_edge(nd->alpha, nd->ply, a, sizeof a);
	score_format_edge(nd->beta, nd->ply, b, sizeof b);
	if (note)
		snprintf(sp, sizeof sp, "%s", note);
	snprintf(buf, n, "%c%-6s %-2s %-5s %s%s%s%s[%s,%s]", nd->flags & TN_PV ? '*' : ' ', san, kind, score,
		 sp, sp[0] ? " " : "", badges, bl ? " " : "", a, b);
}

/* Writes the text of LINE (without indentation) into BUF, compact when COMPACT; sets *ATTR for its colour. */
static void line_text(struct ui *ui, int side, uint32_t line, bool compact, char *buf, size_t n, int *attr)
{
	struct tree_state *ts = &ui->tree[side];
	const struct trace *t = ts->t;
	struct session *s = ui->s;
	uint32_t node = outline_node(&ts->o, line);
	const uint8_t *info = side_info(ui, side);
	char san[NOTATION_BUFSIZE], text[300], note[96];

	*attr = 0;
	/* A practice walk hides what the search has not yet done at the cursor (ui_practice.c). */
	if (ui_practice_mask_line(ui, t, node, line, outline_is_prune(&ts->o, line), outline_has_items(&ts->o, node) ?
				  (ts->o.folded[node] ? '+' : '-') : ' ', buf, n))
		return;
	if (outline_is_prune(&ts->o, line)) {
		struct position pos;

		cursor_position_at(&s->root, t, node, &pos, NULL);
		notation_san(&pos, trace_event_get(t, line).move, san);
		if (compact && trace_event_get(t, line).kind == TE_DELTA_PRUNE) {
			char a[24], b[24];
			const struct trace_event e_v = trace_event_get(t, line), *e = &e_v;

			score_format(trace_node_get(t, node).eval, trace_node_get(t, node).ply, a, sizeof a);
			score_format_edge(trace_node_get(t, node).alpha, trace_node_get(t, node).ply, b, sizeof b);
			/*
			 * The compact form drops letters, never the formula's end: "d" for
			 * "delta:", no "alpha"; the whole formula fits a 40-column side.
			 */
			snprintf(text, sizeof text, "~%-6s d %s+%d+%d<=%s", san, a, e->v1, e->v2, b);
		} else if (compact) {
			const struct trace_event e = trace_event_get(t, line);
			struct trace_node nd = trace_node_get(t, node);
			char a[24];

			/* Each prune's own short form: a futility or recapture prune is no SEE prune. */
			score_format(e.v1, 0, a, sizeof a);
			if (e.kind == TE_FUTILITY_PRUNE && e.extra == TFP_SEE)
				snprintf(text, sizeof text, "~%-6s fut SEE %d<=0", san, e.v1);
			else if (e.kind == TE_FUTILITY_PRUNE)
				snprintf(text, sizeof text, "~%-6s fut %d+%d+%d<=alpha", san, nd.eval, e.v2, e.v1);
			else if (e.kind == TE_RECAPTURE_PRUNE)
				snprintf(text, sizeof text, "~%-6s not a recapture", san);
			else if (e.kind == TE_EVASION_PRUNE)
				snprintf(text, sizeof text, "~%-6s quiet evasion, after %d", san, e.v2);
			else if (e.v2)
				snprintf(text, sizeof text, "~%-6s SEE %s<-%d", san, a, e.v2);
			else
				snprintf(text, sizeof text, "~%-6s SEE %s<0", san, a);
		} else {
			explain_prune_line(t, line, san, text, sizeof text);
		}
		snprintf(buf, n, "  %s", text);
		*attr = ui_attr(ui, UI_PAIR_PRUNE, A_DIM);
		return;
	}
	command_node_san(s, t, node, san);
	note[0] = '\0';
	/* A compare side shows the marks its search would show alone: its own mode decides which. */
	enum qmode mode = s->comparing ? s->side[side == 1].opt.mode : s->opt.mode;

	if (mode == QMODE_NONE) {
		int st, q;

		/* Horizon view: the static value used against what quiescence would have said. */
		if (s->comparing ? session_side_horizon(s, side, node, &st, &q) : session_horizon(s, node, &st, &q)) {
			char a[24], b[24];

			score_format(st, 0, a, sizeof a);
			score_format(q, 0, b, sizeof b);
			snprintf(note, sizeof note, compact ? "st %s q %s%s" : "static %s, quiescence %s%s", a, b,
				 abs(q - st) >= 100 ? " !!" : "");
			if (abs(q - st) >= 100)
				*attr = ui_attr(ui, UI_PAIR_HORIZON, A_BOLD);
		}
	} else if (cursor_quiescence_changed(t, node)) {
		char st[24];

		/* Signed as every other value of the row: "Q! static +190", not "190". */
		score_format(trace_node_get(t, node).eval, 0, st, sizeof st);
		snprintf(note, sizeof note, compact ? "Q! st %s" : "Q! static %s", st);
		*attr = ui_attr(ui, UI_PAIR_HORIZON, A_BOLD);
	}
	if (compact)
		compact_line(t, node, san, note[0] ? note : NULL, text, sizeof text);
	else
		explain_tree_line(t, node, san, note[0] ? note : NULL, text, sizeof text);
	snprintf(buf, n, "%s%c %s", s->comparing && node == s->diverge ? (compact ? ">" : ">>") : "",
		 outline_has_items(&ts->o, node) ? (ts->o.folded[node] ? '+' : '-') : ' ', text);
	if (info && (info[node] & SNI_CUTOFF) && !*attr)
		*attr = ui_attr(ui, UI_PAIR_CUTOFF, 0);
	if (trace_node_get(t, node).flags & TN_PV)
		*attr |= A_BOLD;
	if (s->comparing && node == s->diverge)
		*attr = ui_attr(ui, UI_PAIR_DIVERGE, A_UNDERLINE) | A_BOLD;
}

/*
 * A row too long for its pane (a narrow compare side) ends at the last whole
 * word that fits: half a mark ("s" of "sp-cut") or half a window ("[-inf,")
 * reads as another one. The window, always last and written without a
 * blank, goes first; the event pane gives the selected node's. A first word
 * wider than the pane is cut where the pane ends.
 */
static void cut_at_word(char *row, int width)
{
	size_t len = strlen(row), cut, first_end = 0;

	if (width < 1 || ui_text_cols(row, len) <= width)
		return;
	cut = ui_text_bytes(row, len, width);
	while (first_end < len && row[first_end] == ' ')
		first_end++;
	while (first_end < len && row[first_end] != ' ')
		first_end++;
	if (row[cut] != ' ') {
		size_t at = cut;

		while (at > first_end && row[at - 1] != ' ')
			at--;
		if (at > first_end)
			cut = at;
	}
	while (cut > first_end && row[cut - 1] == ' ')
		cut--;
	row[cut] = '\0';
}

void ui_tree_draw(struct ui *ui, struct pane *p)
{
	struct session *s = ui->s;
	struct tree_state *ts;
	int side = p->side, h, y0, row = 0;
	uint32_t sel, l;
	char title[300];

	ui_tree_sync(ui, side);
	ts = &ui->tree[side];
	h = body_height(ui, p);
	y0 = body_top(ui, p);
	if (s->comparing) {
		const struct session_side *sd = &s->side[side];
		char score[48];

		snprintf(title, sizeof title, "%s%c: %s%s", ui->focus == PANE_TREE_A + side ? "[" : " ",
			 'A' + side, sd->spec, ui->focus == PANE_TREE_A + side ? "]" : "");
		attron(ui_attr(ui, UI_PAIR_TITLE, A_BOLD));
		put_label(p->r.y, p->r.x, p->r.w, header_rows(ui) - 1, title);
		attroff(ui_attr(ui, UI_PAIR_TITLE, A_BOLD));
		char part[40];
		bool same = s->diverge == TRACE_NONE;

		/* A stopped side shows the best of its finished root moves ("at least"), or "none". */
		explain_result_score(&sd->result, score, sizeof score);
		/* Identical trees have no parting node; the narrow form drops words, not figures. */
		if (same)
			snprintf(part, sizeof part, "%s", "same tree");
		else
			snprintf(part, sizeof part, "part at node %u", (unsigned)s->diverge);
		snprintf(title, sizeof title, "result %s, %llu node%s (%llu q)%s, %s", score,
			 (unsigned long long)sd->result.nodes, sd->result.nodes == 1 ? "" : "s",
			 (unsigned long long)sd->result.qnodes,
			 sd->result.stopped ? " STOPPED" : "", part);
		if ((int)strlen(title) > p->r.w) {
			if (!same)
				snprintf(part, sizeof part, "part %u", (unsigned)s->diverge);
			snprintf(title, sizeof title, "%s, %llu node%s (%llu q)%s, %s", score,
				 (unsigned long long)sd->result.nodes, sd->result.nodes == 1 ? "" : "s",
				 (unsigned long long)sd->result.qnodes,
				 sd->result.stopped ? " STOP" : "", part);
		}
		ui_put(p->r.y + header_rows(ui) - 1, p->r.x, p->r.w, title, true);
	} else {
		char share[32] = "";

		/* The quiescence share beside the node count, as the result line rounds it: a page quoting it shows it. */
		if (s->searched && s->result.nodes == trace_node_count(ts->t) && s->result.nodes > 0)
			snprintf(share, sizeof share, ", %.0f%% q", 100.0 * (double)s->result.qnodes / (double)s->result.nodes);
		/* STOPPED before the share: a narrow pane cuts the title's end, and the stop matters more. */
		snprintf(title, sizeof title, "%s (filter %s, %u node%s%s%s)", ui->focus == PANE_TREE_A ? "[Tree]" : " Tree",
			 outline_filter_name(s->filter), (unsigned)trace_node_count(ts->t),
			 trace_node_count(ts->t) == 1 ? "" : "s", trace_stopped(ts->t) ? ", STOPPED early" : "", share);
		attron(ui_attr(ui, UI_PAIR_TITLE, A_BOLD));
		ui_put(p->r.y, p->r.x, p->r.w, title, true);
		attroff(ui_attr(ui, UI_PAIR_TITLE, A_BOLD));
	}
	if (trace_node_count(ts->t) == 0) {
		ui_put(y0, p->r.x, p->r.w, s->searched ? "(empty trace)" : "No search yet: type :search", true);
		row = 1;
	} else {
		sel = selected_line(ui, side);
		keep_visible(ui, p, sel);
		for (l = ts->top; l != OUTLINE_NONE && row < h; l = outline_next(&ts->o, l), row++) {
			int depth = outline_depth(&ts->o, l), attr, indent;
			char text[400], full[520];

			line_text(ui, side, l, compact_pane(p), text, sizeof text, &attr);
			/* The node a lesson page points at. */
			if (!s->comparing && ui_lesson_open(ui) && s->tour->node != TRACE_NONE &&
			    !outline_is_prune(&ts->o, l) && outline_node(&ts->o, l) == s->tour->node)
				attr |= A_UNDERLINE | A_BOLD;
			/* Two columns a level, one in a narrow pane, and never more than a fraction of the pane. */
			indent = compact_pane(p) ? depth : 2 * depth;
			if (indent > p->r.w / (compact_pane(p) ? 4 : 2))
				indent = p->r.w / (compact_pane(p) ? 4 : 2);
			snprintf(full, sizeof full, "%*s%s", indent, "", text);
			cut_at_word(full, p->r.w);
			if (l == sel)
				attr |= A_REVERSE;
			attron(attr);
			ui_put(y0 + row, p->r.x, p->r.w, full, true);
			attroff(attr);
		}
	}
	for (; row < h; row++)
		ui_put(y0 + row, p->r.x, p->r.w, "", true);
}

/* Moves the selection of SIDE to LINE: the cursor goes to that line's event. */
static void select_line(struct ui *ui, int side, uint32_t line)
{
	if (line != OUTLINE_NONE)
		ui_move_cursor(ui, side, line);
}

bool ui_tree_key(struct ui *ui, struct pane *p, int key)
{
	int side = p->side, h = body_height(ui, p);
	struct tree_state *ts;
	uint32_t sel, l, node;

	ui_tree_sync(ui, side);
	ts = &ui->tree[side];
	if (trace_node_count(ts->t) == 0)
		return false;
	sel = selected_line(ui, side);
	node = outline_node(&ts->o, sel);
	switch (key) {
	case 'j':
	case KEY_DOWN:
		select_line(ui, side, outline_next(&ts->o, sel));
		return true;
	case 'k':
	case KEY_UP:
		select_line(ui, side, outline_prev(&ts->o, sel));
		return true;
	case 'g':
	case KEY_HOME:
		select_line(ui, side, outline_first(&ts->o));
		return true;
	case 'G':
	case KEY_END:
		select_line(ui, side, outline_last(&ts->o));
		return true;
	case KEY_NPAGE:
	case KEY_PPAGE:
		for (int i = 0; i < (h > 1 ? h - 1 : 1); i++) {
			l = key == KEY_NPAGE ? outline_next(&ts->o, sel) : outline_prev(&ts->o, sel);
			if (l == OUTLINE_NONE)
				break;
			sel = l;
		}
		select_line(ui, side, sel);
		return true;
	case 'h':
	case KEY_LEFT:
		/* Fold an open node; on a folded node or a leaf, go to the parent. */
		if (!outline_is_prune(&ts->o, sel) && !ts->o.folded[node] && outline_has_items(&ts->o, node)) {
			ts->o.folded[node] = 1;
			return true;
		}
		for (uint32_t par = trace_node_get(ts->t, node).parent; par != TRACE_NONE; par = trace_node_get(ts->t, par).parent) {
			l = outline_line_of(&ts->o, par);
			if (l != sel) {
				select_line(ui, side, l);
				break;
			}
		}
		if (outline_is_prune(&ts->o, sel))
			select_line(ui, side, outline_line_of(&ts->o, node));
		return true;
	case 'l':
	case KEY_RIGHT:
		/* Unfold a folded node; on an open one, go to its first item. */
		if (!outline_is_prune(&ts->o, sel) && ts->o.folded[node]) {
			ts->o.folded[node] = 0;
			return true;
		}
		l = outline_next(&ts->o, sel);
		if (l != OUTLINE_NONE && outline_depth(&ts->o, l) > outline_depth(&ts->o, sel))
			select_line(ui, side, l);
		return true;
	case ' ':
	case '\r':
	case '\n':
	case KEY_ENTER:
		if (!outline_is_prune(&ts->o, sel) && outline_has_items(&ts->o, node))
			ts->o.folded[node] = !ts->o.folded[node];
		return true;
	default:
		return false;
	}
}

void ui_tree_resize(struct ui *ui, struct pane *p)
{
	/* The next draw scrolls the selection back into view. */
	(void)ui;
	(void)p;
}

void ui_tree_click(struct ui *ui, struct pane *p, int y)
{
	struct tree_state *ts;
	int row = y - body_top(ui, p);
	uint32_t l;

	ui_tree_sync(ui, p->side);
	ts = &ui->tree[p->side];
	if (row < 0 || row >= body_height(ui, p) || trace_node_count(ts->t) == 0 || !line_valid(ts, ts->top))
		return;
	for (l = ts->top; l != OUTLINE_NONE && row > 0; row--)
		l = outline_next(&ts->o, l);
	if (l != OUTLINE_NONE)
		select_line(ui, p->side, l);
}

bool ui_tree_search(struct ui *ui, int side, const char *text)
{
	struct tree_state *ts;
	const struct trace *t;
	uint32_t start, n;
	size_t len = strlen(text);

	ui_tree_sync(ui, side);
	ts = &ui->tree[side];
	t = ts->t;
	if (trace_node_count(t) == 0 || len == 0)
		return false;
	/* Node ids are in pre-order: search forward from the selected node, folded or not, and wrap. */
	start = outline_node(&ts->o, selected_line(ui, side));
	for (n = start + 1 == trace_node_count(t) ? 0 : start + 1; n != start; n = n + 1 == trace_node_count(t) ? 0 : n + 1) {
		char san[NOTATION_BUFSIZE];

		if (n == 0)
			continue;
		command_node_san(ui->s, t, n, san);
		if (!strncmp(san, text, len)) {
			ui_move_cursor(ui, side, trace_node_get(t, n).enter);
			return true;
		}
	}
	return false;
}
