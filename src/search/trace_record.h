/*
 * trace_record.h: recording into a trace, the search's hot path.
 *
 * These functions run once or more for every node the search visits, so
 * they are inline (a call each cost more than the recording itself, and the
 * issue's budget is 15 % over an untraced search). They write the compact
 * records described in trace_int.h. Used by the search and by the readers,
 * which rebuild a trace from a file through the same path.
 */
#ifndef QUIESCE_TRACE_RECORD_H
#define QUIESCE_TRACE_RECORD_H

#include "search/trace_int.h"

/* The growths are rare: tell the compiler, so the common path stays straight. */
#if defined(__GNUC__)
#define TRACE_RARELY(x) __builtin_expect(!!(x), 0)
#else
#define TRACE_RARELY(x) (x)
#endif

/* Appends a stored event at the next index. */
static inline void trace_push_xev(struct trace *t, uint32_t node, int kind, move m, int v1, int v2, int extra)
{
	struct xevent *x;

	if (TRACE_RARELY(t->xevs.count == t->xevs.cap))
		trace_grow_xevs(t);
	x = trace_xev(t, t->xevs.count++);
	x->index = t->event_count++;
	x->node = node;
	x->kind = (uint8_t)kind;
	x->extra = (uint8_t)extra;
	x->move = m;
	x->v1 = (int16_t)v1;
	x->v2 = (int16_t)v2;
}

/* The kinds of decision that can be implied right after an entry. */
static inline bool trace_post_kind(int kind)
{
	return kind == TE_STAND_PAT || kind == TE_MATE || kind == TE_STALEMATE || kind == TE_HORIZON ||
	       kind == TE_QDEPTH_LIMIT || kind == TE_PLY_LIMIT;
}

/* Appends a node record (its events are recorded apart) and returns its id. */
static inline uint32_t trace_push_node(struct trace *t, uint32_t parent, move m, int ply, int qply, int alpha,
				       int beta, int eval, unsigned flags)
{
	uint32_t id;

	if (TRACE_RARELY(t->nodes.count == t->nodes.cap))
		trace_grow_nodes(t);
	id = t->nodes.count++;
	*trace_tnode(t, id) = (struct tnode){
		.parent = parent, .end = id + 1, .enter = TRACE_NONE, .leave = TRACE_NONE,
		.alpha = (int16_t)alpha, .beta = (int16_t)beta, .eval = (int16_t)eval, .score = 0,
		.move = m, .ply = (uint8_t)ply, .qply = (int8_t)qply, .bits = (uint8_t)(flags & FLAG_MASK),
		.post = 0, .children = 0
	};
	return id;
}

/* Records node ID's enter event. */
static inline void trace_record_enter(struct trace *t, uint32_t id)
{
	trace_tnode(t, id)->enter = t->event_count++;
	t->entered = id + 1;
	t->last_kind = TE_ENTER;
	t->last_node = id;
}

/* Records node ID's leave; a quiet leaf stored just before it becomes a bit. */
static inline void trace_record_leave(struct trace *t, uint32_t id)
{
	struct tnode *n = trace_tnode(t, id);

	if (t->last_kind == TE_QUIET_LEAF && t->last_node == id && t->xevs.count > 0) {
		const struct xevent *x = trace_xev(t, t->xevs.count - 1);

		if (x->index + 1 == t->event_count && x->node == id && x->move == MOVE_NONE && x->v1 == n->eval &&
		    x->v2 == 0 && x->extra == 0) {
			t->xevs.count--;
			n->bits |= QUIET_BIT;
		}
	}
	n->leave = t->event_count++;
	t->last_kind = TE_LEAVE;
	t->last_node = id;
}

/* Records the entry into a new node, child of PARENT by move M (TRACE_NONE and MOVE_NONE at the root). */
static inline uint32_t trace_enter(struct trace *t, uint32_t parent, move m, int ply, int qply,
				   int alpha, int beta, bool in_check, int eval)
{
	uint32_t id = trace_push_node(t, parent, m, ply, qply, alpha, beta, eval,
				      (in_check ? TN_IN_CHECK : 0) | (qply >= 0 ? TN_QUIESCENCE : 0));

	if (parent != TRACE_NONE)
		trace_tnode(t, parent)->children++;
	trace_record_enter(t, id);
	return id;
}

/* Records a decision of NODE: implied by the nodes when it fits a pattern (trace_int.h), else stored. */
static inline void trace_event(struct trace *t, uint32_t node, int kind, move m, int v1, int v2, int extra)
{
	if (kind == TE_STOPPED && !t->stopped) {
		t->stopped = true;
		t->stopped_at = node;
	}
	if (t->last_kind == TE_ENTER && t->last_node == node && m == MOVE_NONE && v2 == 0 && trace_post_kind(kind) &&
	    extra >= 0 && extra <= (kind == TE_STAND_PAT ? TSP_CUTOFF : 0)) {
		struct tnode *n = trace_tnode(t, node);

		if ((int16_t)v1 == trace_post_value(n, kind)) {
			n->post = (uint8_t)(kind | extra << 4);
			t->event_count++;
			t->last_kind = (uint8_t)kind;
			return;
		}
	}
	if ((kind == TE_ALPHA_RAISE || kind == TE_BETA_CUTOFF) && t->last_kind == TE_LEAVE && v2 == 0 && extra == 0) {
		struct tnode *c = trace_tnode(t, t->last_node);

		if (c->parent == node && c->move == m && (int16_t)v1 == (int16_t)-c->score) {
			c->bits |= (uint8_t)((kind == TE_ALPHA_RAISE ? AFTER_RAISE : AFTER_CUTOFF) << AFTER_SHIFT);
			t->event_count++;
			t->last_kind = (uint8_t)kind;
			return;
		}
	}
	trace_push_xev(t, node, kind, m, v1, v2, extra);
	t->last_kind = (uint8_t)kind;
	t->last_node = node;
}

/* Records NODE's move event for M: implied by the child that comes next, so only counted. */
static inline void trace_move(struct trace *t, uint32_t node, move m)
{
	(void)node;
	(void)m;
	t->event_count++;
	t->last_kind = TE_MOVE;
}

/* Records NODE's leave with its SCORE and the bound (TB_*) it is. */
static inline void trace_leave(struct trace *t, uint32_t node, int score, int bound)
{
	struct tnode *n = trace_tnode(t, node);

	n->score = (int16_t)score;
	n->bits = (uint8_t)((n->bits & ~(3u << BOUND_SHIFT)) | (unsigned)(bound & 3) << BOUND_SHIFT);
	n->end = t->nodes.count;
	trace_record_leave(t, node);
}

/*
 * Whether recording one more node and a few events could pass the budget
 * (trace.h's contract). One load while even the next growths of both arrays
 * fit in the budget (the search asks before every move).
 */
static inline bool trace_full(const struct trace *t)
{
	return TRACE_RARELY(t->tight) && trace_over_budget(t);
}

#endif
