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

#include <assert.h>

#include "search/trace_int.h"

/* The growths are rare: tell the compiler, so the common path stays straight. */
#if defined(__GNUC__)
#define TRACE_RARELY(x) __builtin_expect(!!(x), 0)
#define TRACE_INLINE static inline __attribute__((always_inline))
#else
#define TRACE_RARELY(x) (x)
#define TRACE_INLINE static inline
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

/* Appends a node record (its events are recorded apart), returns its id and sets *REC to it. */
TRACE_INLINE uint32_t trace_push_node(struct trace *t, move m, int eval, unsigned flags, struct tnode **rec)
{
	uint32_t id;

	if (TRACE_RARELY(t->wr == t->wr_end))
		trace_grow_nodes(t);
	id = t->nodes.count++;
	*rec = t->wr++;
	**rec = (struct tnode){
		.span = 1, .eval = (int16_t)eval, .score = 0, .move = m, .bits = (uint8_t)(flags & FLAG_MASK), .post = 0
	};
	return id;
}

/*
 * Opens node ID, whose record is REC, at PLY: the innermost node being
 * recorded from now on, its enter event counted. Returns its stack entry.
 */
TRACE_INLINE struct topen *trace_open_push(struct trace *t, struct tnode *rec, uint32_t id, int ply)
{
	struct topen *p = t->top;

	if (TRACE_RARELY(p + 1 == t->open_end)) {
		trace_grow_open(t);
		p = t->top;
	}
	p++;
	p->rec = rec;
	p->id = id;
	p->cply = (uint8_t)(ply + 1);
	t->top = p;
	t->event_count++;
	t->last_kind = TE_ENTER;
	return p;
}

/*
 * Records the entry into a new node, child of PARENT by move M (TRACE_NONE
 * and MOVE_NONE at the root). PARENT is the innermost node being recorded:
 * the nodes are entered in pre-order. The window, ply and qply are stored
 * only when they are not the ones derived from the parent (trace_int.h).
 */
TRACE_INLINE uint32_t trace_enter(struct trace *t, uint32_t parent, move m, int ply, int qply,
				   int alpha, int beta, bool in_check, int eval)
{
	struct tnode *rec;
	uint32_t id = trace_push_node(t, m, eval, (in_check ? TN_IN_CHECK : 0) | (qply >= 0 ? TN_QUIESCENCE : 0), &rec);
	struct topen *p = t->top;
	/* Every comparison made (no branch between them): they are all equal but rarely. */
	bool differs = ((int16_t)alpha != p->calpha) | ((int16_t)beta != p->cbeta) | ((uint8_t)ply != p->cply) |
		       ((int16_t)qply != (qply >= 0 ? p->cqply : -1));

	(void)parent;
	if (TRACE_RARELY(differs)) {
		if (t->nexc == t->capexc)
			trace_grow_exc(t);
		t->exc[t->nexc++] = (struct texc){
			.id = id, .alpha = (int16_t)alpha, .beta = (int16_t)beta, .ply = (uint8_t)ply, .qply1 = TRACE_QPLY1(qply)
		};
	}
	trace_open_set(trace_open_push(t, rec, id, ply), alpha, beta, ply, qply);
	return id;
}

/*
 * The same for a recorder that enters every node with the window, ply and
 * qply derived from its parent's (trace_int.h): the search, which gives a
 * child (-beta, -alpha) of its parent's window, alpha as last raised by a
 * recorded raise, and (-SCORE_INF, SCORE_INF) to the root. Nothing is
 * compared, so the search pays a third less for its recording; builds with
 * assertions (--enable-debug, and the sanitizer builds, which run the whole
 * test suite) compare anyway and stop at the first node that breaks the
 * promise. Not to be mixed with trace_enter in one recording.
 */
TRACE_INLINE uint32_t trace_enter_derived(struct trace *t, uint32_t parent, move m, int ply, int qply,
					  int alpha, int beta, bool in_check, int eval)
{
#ifndef NDEBUG
	uint32_t nexc = t->nexc, id = trace_enter(t, parent, m, ply, qply, alpha, beta, in_check, eval);

	assert(t->nexc == nexc && "trace_enter_derived: the window, ply or qply is not the derived one");
	return id;
#else
	struct tnode *rec;
	uint32_t id = trace_push_node(t, m, eval, (in_check ? TN_IN_CHECK : 0) | (qply >= 0 ? TN_QUIESCENCE : 0), &rec);

	(void)parent;
	(void)alpha;
	(void)beta;
	trace_open_push(t, rec, id, ply);
	return id;
#endif
}

/* Records a decision of NODE: implied by the nodes when it fits a pattern (trace_int.h), else stored. */
TRACE_INLINE void trace_event(struct trace *t, uint32_t node, int kind, move m, int v1, int v2, int extra)
{
	struct topen *top = t->top;

	if (TRACE_RARELY(kind == TE_STOPPED) && !t->stopped) {
		t->stopped = true;
		t->stopped_at = node;
	}
	/* A raise moves the window the node's next children are derived to have: their beta is minus the new alpha. */
	if (trace_raises(kind, extra) && top->id == node)
		top->cbeta = (int16_t)-v1;
	if (t->last_kind == TE_ENTER && top->id == node && m == MOVE_NONE && v2 == 0 && trace_post_kind(kind) &&
	    extra >= 0 && extra <= (kind == TE_STAND_PAT ? TSP_CUTOFF : 0)) {
		struct tnode *n = top->rec;   /* the node just entered */

		if ((int16_t)v1 == trace_post_value(n->eval, (uint8_t)(top->cply - 1), kind)) {
			n->post = (uint8_t)(kind | extra << 4);
			t->event_count++;
			t->last_kind = (uint8_t)kind;
			return;
		}
	}
	if ((kind == TE_ALPHA_RAISE || kind == TE_BETA_CUTOFF) && t->last_kind == TE_LEAVE && v2 == 0 && extra == 0 &&
	    top->id == node) {
		struct tnode *c = t->last_rec;

		if (c->move == m && (int16_t)v1 == (int16_t)-c->score) {
			c->bits |= (uint8_t)((kind == TE_ALPHA_RAISE ? AFTER_RAISE : AFTER_CUTOFF) << AFTER_SHIFT);
			t->event_count++;
			t->last_kind = (uint8_t)kind;
			return;
		}
	}
	trace_push_xev(t, node, kind, m, v1, v2, extra);
	t->last_kind = (uint8_t)kind;
}

/* Records NODE's move event for M: implied by the child that comes next, so only counted. */
TRACE_INLINE void trace_move(struct trace *t, uint32_t node, move m)
{
	(void)node;
	(void)m;
	t->event_count++;
	t->last_kind = TE_MOVE;
}

/*
 * Records NODE's leave with its SCORE and the bound (TB_*) it is. NODE is
 * the innermost node being recorded; a quiet leaf stored just before the
 * leave becomes a bit.
 */
TRACE_INLINE void trace_leave(struct trace *t, uint32_t node, int score, int bound)
{
	struct tnode *n = t->top->rec;   /* NODE's */

	if (t->last_kind == TE_QUIET_LEAF && t->xevs.count > 0) {
		const struct xevent *x = trace_xev(t, t->xevs.count - 1);

		if (x->index + 1 == t->event_count && x->node == node && x->move == MOVE_NONE && x->v1 == n->eval &&
		    x->v2 == 0 && x->extra == 0) {
			t->xevs.count--;
			n->bits |= QUIET_BIT;
		}
	}
	n->score = (int16_t)score;
	n->bits |= (uint8_t)((unsigned)(bound & 3) << BOUND_SHIFT);   /* a node is left once: its bound is still 0 */
	n->post |= POST_LEFT;
	if (TRACE_RARELY(t->nodes.count - node >= SPAN_FAR)) {
		trace_far_add(t, node, t->nodes.count);
		n->span = SPAN_FAR;
	} else {
		n->span = (uint16_t)(t->nodes.count - node);
	}
	t->top--;
	t->event_count++;
	t->last_kind = TE_LEAVE;
	t->last_left = node;
	t->last_rec = n;
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
