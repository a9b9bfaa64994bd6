/* cursor.c: questions asked of a recorded search by a reader walking it (no state of its own). */
#include "teach/cursor.h"

#include <stdio.h>
#include <stdlib.h>

#include "base/util.h"
#include "chess/notation.h"
#include "teach/outline.h"

uint8_t *cursor_node_info(const struct trace *t)
{
	uint8_t *info = xcalloc(trace_node_count(t) ? trace_node_count(t) : 1, 1);

	struct trace_iter it;
	struct trace_event e_v;
	const struct trace_event *e = &e_v;

	for (trace_iter_init(&it, t, 0); trace_iter_next(&it, &e_v);) {
		switch (e->kind) {
		case TE_STAND_PAT:
			info[e->node] |= SNI_STAND_PAT;
			if (e->extra == TSP_CUTOFF)
				info[e->node] |= SNI_CUTOFF;
			else if (e->extra == TSP_RAISE)
				info[e->node] |= SNI_RAISE;
			break;
		case TE_BETA_CUTOFF:
			info[e->node] |= SNI_CUTOFF;
			break;
		case TE_ALPHA_RAISE:
			info[e->node] |= SNI_RAISE;
			break;
		case TE_DELTA_PRUNE:
		case TE_SEE_PRUNE:
		case TE_FUTILITY_PRUNE:
		case TE_RECAPTURE_PRUNE:
		case TE_EVASION_PRUNE:
			info[e->node] |= SNI_PRUNE;
			break;
		default:
			break;
		}
	}
	/* Children come after their parents, so one backward pass carries the subtree bits up. */
	for (uint32_t n = trace_node_count(t); n-- > 0;) {
		const struct trace_node nd_v = trace_node_get(t, n), *nd = &nd_v;

		if (info[n] & (SNI_CUTOFF | SNI_PRUNE))
			info[n] |= SNI_SUB_MARK;
		if (nd->flags & TN_QUIESCENCE)
			info[n] |= SNI_SUB_QUIESCENCE;
		if (nd->parent != TRACE_NONE)
			info[nd->parent] |= info[n] & (SNI_SUB_MARK | SNI_SUB_QUIESCENCE);
	}
	return info;
}

uint32_t cursor_diverge(const struct trace *a, const struct trace *b)
{
	uint32_t n = trace_node_count(a) < trace_node_count(b) ? trace_node_count(a) : trace_node_count(b);

	for (uint32_t i = 0; i < n; i++) {
		const struct trace_node x_v = trace_node_get(a, i), y_v = trace_node_get(b, i), *x = &x_v, *y = &y_v;

		if (x->parent != y->parent || x->move != y->move ||
		    (x->flags & TN_QUIESCENCE) != (y->flags & TN_QUIESCENCE))
			return i;
	}
	return trace_node_count(a) == trace_node_count(b) ? TRACE_NONE : n;
}

int cursor_position_at(const struct position *root, const struct trace *t, uint32_t node,
			struct position *pos, move *line)
{
	move moves[SEARCH_MAX_PLY + 2];
	int len = 0;

	*pos = *root;
	if (node >= trace_node_count(t))
		return 0;
	for (uint32_t n = node; n != TRACE_NONE && trace_node_get(t, n).parent != TRACE_NONE &&
	     len < SEARCH_MAX_PLY + 1; n = trace_node_get(t, n).parent)
		moves[len++] = trace_node_get(t, n).move;
	for (int i = 0; i < len; i++) {
		struct undo u;
		move m = moves[len - 1 - i];

		if (line)
			line[i] = m;
		board_make(pos, m, &u);
	}
	return len;
}

void cursor_line_text(const struct position *root, const struct trace *t, uint32_t node,
		       char *buf, size_t n)
{
	move line[SEARCH_MAX_PLY + 1];
	struct position pos;
	int len = cursor_position_at(root, t, node, &pos, line);
	size_t used = 0;

	buf[0] = '\0';
	pos = *root;
	for (int i = 0; i < len && used + 1 < n; i++) {
		char san[NOTATION_BUFSIZE], num[16] = "";
		struct undo u;

		if (pos.side == WHITE)
			snprintf(num, sizeof num, "%d. ", pos.fullmove);
		else if (i == 0)
			snprintf(num, sizeof num, "%d... ", pos.fullmove);
		notation_san(&pos, line[i], san);
		used += (size_t)snprintf(buf + used, n - used, "%s%s%s", i ? " " : "", num, san);
		board_make(&pos, line[i], &u);
	}
	if (len == 0)
		snprintf(buf, n, "(the root position)");
}

uint32_t cursor_step(const struct trace *t, uint32_t ev, int dir)
{
	if (trace_event_count(t) == 0)
		return 0;
	if (dir > 0)
		return ev + 1 < trace_event_count(t) ? ev + 1 : ev;
	return ev > 0 ? ev - 1 : 0;
}

uint32_t cursor_step_over(const struct trace *t, uint32_t ev)
{
	struct trace_event e_v;
	const struct trace_event *e = &e_v;

	if (ev >= trace_event_count(t))
		return ev;
	e_v = trace_event_get(t, ev);
	if (e->kind == TE_MOVE) {
		uint32_t child = trace_child_of_move_event(e);

		if (child < trace_node_count(t) && trace_node_get(t, child).leave != TRACE_NONE)
			return cursor_step(t, trace_node_get(t, child).leave, 1);
	}
	if (e->kind == TE_ENTER && trace_node_get(t, e->node).leave != TRACE_NONE)
		return trace_node_get(t, e->node).leave;
	{
		uint32_t next = trace_node_next_event(t, e->node, ev);

		return next == TRACE_NONE ? cursor_step(t, ev, 1) : next;
	}
}

uint32_t cursor_step_out(const struct trace *t, uint32_t ev)
{
	uint32_t node, parent;

	if (ev >= trace_event_count(t))
		return ev;
	node = trace_event_get(t, ev).node;
	parent = trace_node_get(t, node).parent;
	if (parent == TRACE_NONE)
		parent = node;
	return trace_node_get(t, parent).leave != TRACE_NONE ? trace_node_get(t, parent).leave : ev;
}

uint32_t cursor_find_kind(const struct trace *t, uint32_t ev, int kind, int dir)
{
	/* The trace's index by kind: no scan of the events (issue 9). */
	uint32_t a = trace_find_kind(t, ev, kind == CURSOR_KIND_CUTOFF ? TE_BETA_CUTOFF : kind, dir);

	if (kind == CURSOR_KIND_CUTOFF) {
		uint32_t b = trace_find_kind(t, ev, TRACE_STAND_PAT_CUTOFF, dir);

		if (a == TRACE_NONE || (b != TRACE_NONE && (dir > 0 ? b < a : b > a)))
			a = b;
	}
	return a == TRACE_NONE ? ev : a;
}

bool cursor_quiescence_changed(const struct trace *t, uint32_t node)
{
	struct trace_node nd_v;
	const struct trace_node *nd = &nd_v;
	int verdict;

	if (node >= trace_node_count(t))
		return false;
	nd_v = trace_node_get(t, node);
	if (!(nd->flags & TN_QUIESCENCE) || nd->qply != 0 || nd->leave == TRACE_NONE)
		return false;
	/* What the static value alone would have said about this window. */
	verdict = trace_bound_of(nd->eval, nd->alpha, nd->beta);
	if (verdict != nd->bound)
		return true;
	return verdict == TB_EXACT && nd->score != nd->eval;
}

uint32_t cursor_find_line(const struct trace *t, const move *line, int len)
{
	uint32_t node = 0;

	if (trace_node_count(t) == 0)
		return 0;
	for (int i = 0; i < len; i++) {
		uint32_t c = trace_child_by_move(t, node, line[i]);

		if (c == TRACE_NONE)
			break;
		node = c;
	}
	return node;
}
