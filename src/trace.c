/*
 * trace.c: recording a search's decisions and walking the record.
 *
 * The storage is compact (issue 9: about 32 bytes a node, events included).
 * Most events are implied by the node records and are never stored:
 *   - every node's "enter" and "leave", and the parent's "move" event that
 *     opens it (the event just before the child's "enter");
 *   - the decision right after a node's entry when it carries nothing the
 *     node does not know: a stand pat of the static value (its outcome in two
 *     bits), a mate at the node's ply, a stalemate, a horizon, a --qdepth or
 *     ply limit at the static value;
 *   - the parent's alpha raise or beta cutoff right after a child's leave, by
 *     the child's move and at minus the child's score (two bits on the child);
 *   - a quiet leaf at the static value just before the node's leave (a bit).
 * Any other event (delta and SEE prunes, the stop, anything a trace file
 * says that does not fit the patterns) is stored explicitly with its index.
 * The event numbering is the same as if every event were stored: a node
 * keeps the indices of its enter and leave events, and an event is decoded
 * from the explicit list or from the nodes around it.
 *
 * Both arrays are chunked: the first chunk grows by a quarter at a time, the
 * others are allocated whole, so nothing is copied once a trace is large and
 * the slack at the end is at most one chunk.
 */
#include "trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "search.h"
#include "util.h"

/* A stored node: 32 bytes. */
struct tnode {
	uint32_t parent, end, enter, leave;
	int16_t alpha, beta, eval, score;
	move move;
	uint8_t ply;
	int8_t qply;
	uint8_t bits;       /* TN_* flags (0-2), bound (3-4), the parent's event after the leave (5-6), quiet leaf (7) */
	uint8_t post;       /* the implied event after the enter: its kind (0-3, 0 for none) and extra (4-5) */
	uint16_t children;
};

/* A stored event, with its index in the numbering. */
struct xevent {
	uint32_t index, node;
	uint8_t kind, extra;
	move move;
	int16_t v1, v2;
};

#define FLAG_MASK 7u
#define BOUND_SHIFT 3
#define AFTER_SHIFT 5
#define AFTER_RAISE 1u
#define AFTER_CUTOFF 2u
#define QUIET_BIT 0x80u

#define NODE_BITS 15          /* 32,768 nodes (1 MB) a chunk */
#define XEV_BITS 12           /* 4,096 stored events (64 KB) a chunk */
#define NODE_FIRST 256
#define XEV_FIRST 16
/* The most stored events the search can add between two checks of trace_full. */
#define XEV_HEADROOM 4

/* An array of elements in chunks of 1 << bits elements (the first grows to that size). */
struct chunked {
	void **chunk;
	uint32_t chunks, table_cap;
	uint32_t count, cap;
};

struct kind_index;

struct trace {
	struct chunked nodes, xevs;
	uint32_t event_count;
	uint32_t entered;      /* the nodes whose enter event is recorded */
	uint8_t last_kind;     /* the last event recorded, to fold the implied ones */
	uint32_t last_node;
	bool stopped;          /* the search was cut short */
	uint32_t stopped_at;   /* the node whose loop the stop broke, when stopped */
	size_t bytes;          /* bytes allocated */
	size_t budget;         /* bytes the trace may hold (0: no limit) */
	struct kind_index *index;   /* the jumps' index, built on first use */
};

static void kind_index_free(struct trace *t);

static inline struct tnode *node_at(const struct trace *t, uint32_t i)
{
	return &((struct tnode *)t->nodes.chunk[i >> NODE_BITS])[i & ((1u << NODE_BITS) - 1)];
}

static inline struct xevent *xev_at(const struct trace *t, uint32_t i)
{
	return &((struct xevent *)t->xevs.chunk[i >> XEV_BITS])[i & ((1u << XEV_BITS) - 1)];
}

/* The bytes the next growth of A would allocate. */
static size_t chunked_next_bytes(const struct chunked *a, unsigned bits, size_t elem, uint32_t first)
{
	uint32_t full = 1u << bits;
	size_t table = a->chunks == a->table_cap ? sizeof(void *) * (a->table_cap ? a->table_cap : 8) : 0;

	if (a->cap < full) {
		uint32_t ncap = a->cap ? a->cap + a->cap / 4 : first;

		return (size_t)((ncap > full ? full : ncap) - a->cap) * elem + (a->chunks == 0 ? table : 0);
	}
	return (size_t)full * elem + table;
}

/* Adds room to A: the first chunk grows by a quarter up to a whole chunk, then chunks are added. */
static void chunked_grow(struct chunked *a, unsigned bits, size_t elem, uint32_t first, size_t *bytes)
{
	uint32_t full = 1u << bits;

	if (a->chunks == a->table_cap) {
		uint32_t ncap = a->table_cap ? a->table_cap * 2 : 8;

		a->chunk = xrealloc(a->chunk, sizeof *a->chunk * ncap);
		*bytes += sizeof *a->chunk * (ncap - a->table_cap);
		a->table_cap = ncap;
	}
	if (a->cap < full) {
		uint32_t ncap = a->cap ? a->cap + a->cap / 4 : first;

		if (ncap > full)
			ncap = full;
		if (a->chunks == 0) {
			a->chunk[0] = NULL;
			a->chunks = 1;
		}
		a->chunk[0] = xrealloc(a->chunk[0], (size_t)ncap * elem);
		*bytes += (size_t)(ncap - a->cap) * elem;
		a->cap = ncap;
	} else {
		a->chunk[a->chunks++] = xmalloc((size_t)full * elem);
		*bytes += (size_t)full * elem;
		a->cap += full;
	}
}

static void chunked_free(struct chunked *a)
{
	for (uint32_t i = 0; i < a->chunks; i++)
		free(a->chunk[i]);
	free(a->chunk);
	memset(a, 0, sizeof *a);
}

static const char *const kind_names[TE_KIND_COUNT] = {
	"enter", "stand_pat", "move", "alpha_raise", "beta_cutoff", "delta_prune",
	"see_prune", "mate", "stalemate", "horizon", "qdepth_limit", "ply_limit", "quiet_leaf",
	"leave", "stopped"
};

struct trace *trace_new(void)
{
	struct trace *t = xcalloc(1, sizeof *t);

	t->stopped_at = TRACE_NONE;
	t->last_kind = TE_KIND_COUNT;
	return t;
}

void trace_free(struct trace *t)
{
	if (t == NULL)
		return;
	trace_clear(t);
	free(t);
}

void trace_clear(struct trace *t)
{
	size_t budget = t->budget;

	kind_index_free(t);
	chunked_free(&t->nodes);
	chunked_free(&t->xevs);
	memset(t, 0, sizeof *t);
	t->budget = budget;
	t->stopped_at = TRACE_NONE;
	t->last_kind = TE_KIND_COUNT;
}

/* ------------------------------------------------------------ recording */

/* Appends a stored event at the next index. */
static void push_xev(struct trace *t, uint32_t node, int kind, move m, int v1, int v2, int extra)
{
	struct xevent *x;

	if (t->xevs.count == t->xevs.cap)
		chunked_grow(&t->xevs, XEV_BITS, sizeof(struct xevent), XEV_FIRST, &t->bytes);
	x = xev_at(t, t->xevs.count++);
	x->index = t->event_count++;
	x->node = node;
	x->kind = (uint8_t)kind;
	x->extra = (uint8_t)extra;
	x->move = m;
	x->v1 = (int16_t)v1;
	x->v2 = (int16_t)v2;
}

/* The value an implied decision right after node N's entry carries. */
static int post_value(const struct tnode *n, int kind)
{
	switch (kind) {
	case TE_MATE: return -(SCORE_MATE - n->ply);
	case TE_STALEMATE: return 0;
	default: return n->eval;
	}
}

static bool post_kind(int kind)
{
	return kind == TE_STAND_PAT || kind == TE_MATE || kind == TE_STALEMATE || kind == TE_HORIZON ||
	       kind == TE_QDEPTH_LIMIT || kind == TE_PLY_LIMIT;
}

/* Records a decision: implied by the nodes when it fits a pattern (see the top), else stored. */
static void record(struct trace *t, uint32_t node, int kind, move m, int v1, int v2, int extra)
{
	if (kind == TE_STOPPED && !t->stopped) {
		t->stopped = true;
		t->stopped_at = node;
	}
	if (t->last_kind == TE_ENTER && t->last_node == node && m == MOVE_NONE && v2 == 0 && post_kind(kind) &&
	    extra >= 0 && extra <= (kind == TE_STAND_PAT ? TSP_CUTOFF : 0)) {
		struct tnode *n = node_at(t, node);

		if ((int16_t)v1 == post_value(n, kind)) {
			n->post = (uint8_t)(kind | extra << 4);
			t->event_count++;
			t->last_kind = (uint8_t)kind;
			return;
		}
	}
	if ((kind == TE_ALPHA_RAISE || kind == TE_BETA_CUTOFF) && t->last_kind == TE_LEAVE && v2 == 0 && extra == 0) {
		struct tnode *c = node_at(t, t->last_node);

		if (c->parent == node && c->move == m && (int16_t)v1 == (int16_t)-c->score) {
			c->bits |= (uint8_t)((kind == TE_ALPHA_RAISE ? AFTER_RAISE : AFTER_CUTOFF) << AFTER_SHIFT);
			t->event_count++;
			t->last_kind = (uint8_t)kind;
			return;
		}
	}
	push_xev(t, node, kind, m, v1, v2, extra);
	t->last_kind = (uint8_t)kind;
	t->last_node = node;
}

static void record_enter(struct trace *t, uint32_t id)
{
	node_at(t, id)->enter = t->event_count++;
	t->entered = id + 1;
	t->last_kind = TE_ENTER;
	t->last_node = id;
}

/* Records node ID's leave; a quiet leaf stored just before it becomes a bit. */
static void record_leave(struct trace *t, uint32_t id)
{
	struct tnode *n = node_at(t, id);

	if (t->last_kind == TE_QUIET_LEAF && t->last_node == id && t->xevs.count > 0) {
		const struct xevent *x = xev_at(t, t->xevs.count - 1);

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

/* Appends a node record (its events are recorded apart). */
static uint32_t push_node(struct trace *t, uint32_t parent, move m, int ply, int qply, int alpha, int beta,
			  int eval, unsigned flags)
{
	struct tnode *n;
	uint32_t id;

	if (t->nodes.count == t->nodes.cap)
		chunked_grow(&t->nodes, NODE_BITS, sizeof(struct tnode), NODE_FIRST, &t->bytes);
	id = t->nodes.count++;
	n = node_at(t, id);
	n->parent = parent;
	n->end = id + 1;
	n->enter = TRACE_NONE;
	n->leave = TRACE_NONE;
	n->alpha = (int16_t)alpha;
	n->beta = (int16_t)beta;
	n->eval = (int16_t)eval;
	n->score = 0;
	n->move = m;
	n->ply = (uint8_t)ply;
	n->qply = (int8_t)qply;
	n->bits = (uint8_t)(flags & FLAG_MASK);
	n->post = 0;
	n->children = 0;
	return id;
}

uint32_t trace_enter(struct trace *t, uint32_t parent, move m, int ply, int qply,
		     int alpha, int beta, bool in_check, int eval)
{
	uint32_t id = push_node(t, parent, m, ply, qply, alpha, beta, eval,
				(in_check ? TN_IN_CHECK : 0) | (qply >= 0 ? TN_QUIESCENCE : 0));

	if (parent != TRACE_NONE)
		node_at(t, parent)->children++;
	record_enter(t, id);
	return id;
}

void trace_event(struct trace *t, uint32_t node, int kind, move m, int v1, int v2, int extra)
{
	record(t, node, kind, m, v1, v2, extra);
}

void trace_move(struct trace *t, uint32_t node, move m)
{
	(void)node;
	(void)m;
	t->event_count++;
	t->last_kind = TE_MOVE;
}

void trace_leave(struct trace *t, uint32_t node, int score, int bound)
{
	struct tnode *n = node_at(t, node);

	n->score = (int16_t)score;
	n->bits = (uint8_t)((n->bits & ~(3u << BOUND_SHIFT)) | (unsigned)(bound & 3) << BOUND_SHIFT);
	n->end = t->nodes.count;
	record_leave(t, node);
}

void trace_node_mark(struct trace *t, uint32_t n, unsigned flags)
{
	node_at(t, n)->bits |= (uint8_t)(flags & FLAG_MASK);
}

/* ------------------------------------------------------------- building */

uint32_t trace_add_node(struct trace *t, const struct trace_node *nd)
{
	uint32_t id = push_node(t, nd->parent, nd->move, nd->ply, nd->qply, nd->alpha, nd->beta, nd->eval, nd->flags);

	trace_put_node(t, id, nd);
	return id;
}

void trace_put_node(struct trace *t, uint32_t id, const struct trace_node *nd)
{
	struct tnode *n = node_at(t, id);

	n->parent = nd->parent;
	n->end = nd->end;
	n->alpha = nd->alpha;
	n->beta = nd->beta;
	n->eval = nd->eval;
	n->score = nd->score;
	n->move = nd->move;
	n->ply = nd->ply;
	n->qply = nd->qply;
	n->bits = (uint8_t)((n->bits & ~(FLAG_MASK | 3u << BOUND_SHIFT)) | (nd->flags & FLAG_MASK) |
			    (unsigned)(nd->bound & 3) << BOUND_SHIFT);
	n->children = nd->children;
}

bool trace_add_event(struct trace *t, const struct trace_event *e, char *why)
{
	const struct tnode *n;

	if (e->node >= t->nodes.count || e->kind >= TE_KIND_COUNT) {
		snprintf(why, 128, "event %lu: there is no node %lu or no kind %d", (unsigned long)t->event_count,
			 (unsigned long)e->node, e->kind);
		return false;
	}
	n = node_at(t, e->node);
	switch (e->kind) {
	case TE_ENTER:
		if (e->node != t->entered || (e->node == 0) != (t->event_count == 0) ||
		    (e->node != 0 && t->last_kind != TE_MOVE) || e->move != n->move || e->v1 != n->alpha ||
		    e->v2 != n->beta) {
			snprintf(why, 128, "node %lu's enter event is out of place or differs from the node",
				 (unsigned long)e->node);
			return false;
		}
		record_enter(t, e->node);
		return true;
	case TE_MOVE: {
		uint32_t child = trace_child_of_move_event(e);

		if (child != t->entered || child >= t->nodes.count || node_at(t, child)->parent != e->node ||
		    node_at(t, child)->move != e->move || e->node >= t->entered || n->leave != TRACE_NONE) {
			snprintf(why, 128, "node %lu's move event does not open the next node", (unsigned long)e->node);
			return false;
		}
		trace_move(t, e->node, e->move);
		return true;
	}
	case TE_LEAVE:
		if (n->enter == TRACE_NONE || n->leave != TRACE_NONE || e->v1 != n->score ||
		    e->extra != (n->bits >> BOUND_SHIFT & 3)) {
			snprintf(why, 128, "node %lu's leave event is out of place or differs from the node",
				 (unsigned long)e->node);
			return false;
		}
		record_leave(t, e->node);
		return true;
	default:
		if (n->enter == TRACE_NONE || n->leave != TRACE_NONE || t->last_kind == TE_MOVE) {
			snprintf(why, 128, "an event of node %lu outside its enter and leave", (unsigned long)e->node);
			return false;
		}
		record(t, e->node, e->kind, e->move, e->v1, e->v2, e->extra);
		return true;
	}
}

/* -------------------------------------------------------------- reading */

uint32_t trace_node_count(const struct trace *t)
{
	return t->nodes.count;
}

uint32_t trace_event_count(const struct trace *t)
{
	return t->event_count;
}

struct trace_node trace_node_get(const struct trace *t, uint32_t id)
{
	const struct tnode *n = node_at(t, id);
	struct trace_node nd;

	nd.parent = n->parent;
	nd.end = n->end;
	nd.enter = n->enter;
	nd.leave = n->leave;
	nd.alpha = n->alpha;
	nd.beta = n->beta;
	nd.eval = n->eval;
	nd.score = n->score;
	nd.move = n->move;
	nd.ply = n->ply;
	nd.qply = n->qply;
	nd.flags = (uint8_t)(n->bits & FLAG_MASK);
	nd.bound = (uint8_t)(n->bits >> BOUND_SHIFT & 3);
	nd.children = n->children;
	return nd;
}

bool trace_stopped(const struct trace *t)
{
	return t->stopped;
}

uint32_t trace_stopped_at(const struct trace *t)
{
	return t->stopped ? t->stopped_at : TRACE_NONE;
}

static struct trace_event make_event(uint32_t node, int kind, move m, int v1, int v2, int extra)
{
	struct trace_event e;

	e.node = node;
	e.kind = (uint8_t)kind;
	e.extra = (uint8_t)extra;
	e.move = m;
	e.v1 = (int16_t)v1;
	e.v2 = (int16_t)v2;
	return e;
}

static struct trace_event stored_event(const struct xevent *x)
{
	return make_event(x->node, x->kind, x->move, x->v1, x->v2, x->extra);
}

/* The first stored event whose index is at least EV (binary search). */
static uint32_t xev_lower(const struct trace *t, uint32_t ev)
{
	uint32_t lo = 0, hi = t->xevs.count;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (xev_at(t, mid)->index < ev)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The last node entered at or before event EV (binary search over the enter indices). */
static uint32_t node_of_event(const struct trace *t, uint32_t ev)
{
	uint32_t lo = 0, hi = t->entered;

	while (hi - lo > 1) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (node_at(t, mid)->enter <= ev)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Event EV, one not stored, between node N's enter and the next node's:
 * N's enter, the decision implied after it, the move opening node N + 1,
 * or an event around the leave of N or of an ancestor that closes in this
 * stretch. *CHAIN is the node the walk up the closing nodes starts from; it
 * is left where the walk stopped, so an in-order walk never climbs twice.
 */
static struct trace_event implied_event(const struct trace *t, uint32_t ev, uint32_t n, uint32_t *chain)
{
	const struct tnode *nd = node_at(t, n);

	if (ev == nd->enter)
		return make_event(n, TE_ENTER, nd->move, nd->alpha, nd->beta, 0);
	if (ev == nd->enter + 1 && (nd->post & 15))
		return make_event(n, nd->post & 15, MOVE_NONE, post_value(nd, nd->post & 15), 0, nd->post >> 4);
	if (n + 1 < t->entered && ev + 1 == node_at(t, n + 1)->enter) {
		const struct tnode *c = node_at(t, n + 1);

		return make_event(c->parent, TE_MOVE, c->move, (int16_t)((n + 1) & 0xFFFF), (int16_t)((n + 1) >> 16), 0);
	}
	for (uint32_t x = *chain; x != TRACE_NONE; x = node_at(t, x)->parent) {
		const struct tnode *xn = node_at(t, x);
		unsigned after = xn->bits >> AFTER_SHIFT & 3;

		*chain = x;
		if (xn->leave == TRACE_NONE || ev + 1 < xn->leave)
			break;
		if (ev > xn->leave + (after ? 1 : 0))
			continue;
		if (ev == xn->leave)
			return make_event(x, TE_LEAVE, MOVE_NONE, xn->score, 0, xn->bits >> BOUND_SHIFT & 3);
		if (ev + 1 == xn->leave && (xn->bits & QUIET_BIT))
			return make_event(x, TE_QUIET_LEAF, MOVE_NONE, xn->eval, 0, 0);
		if (ev == xn->leave + 1 && after)
			return make_event(xn->parent, after == AFTER_RAISE ? TE_ALPHA_RAISE : TE_BETA_CUTOFF, xn->move,
					  -xn->score, 0, 0);
		break;
	}
	/* Not reached for a trace built through this module's functions. */
	return make_event(n, TE_STOPPED, MOVE_NONE, 0, 0, 0);
}

struct trace_event trace_event_get(const struct trace *t, uint32_t ev)
{
	uint32_t xi = xev_lower(t, ev), n, chain;

	if (xi < t->xevs.count && xev_at(t, xi)->index == ev)
		return stored_event(xev_at(t, xi));
	n = node_of_event(t, ev);
	chain = n;
	return implied_event(t, ev, n, &chain);
}

void trace_iter_init(struct trace_iter *it, const struct trace *t, uint32_t from)
{
	memset(it, 0, sizeof *it);
	it->t = t;
	it->index = TRACE_NONE;
	it->next = from;
	if (from < t->event_count) {
		it->node = node_of_event(t, from);
		it->chain = it->node;
		it->aux = xev_lower(t, from);
	}
}

bool trace_iter_next(struct trace_iter *it, struct trace_event *e)
{
	const struct trace *t = it->t;
	uint32_t ev = it->next;

	if (ev >= t->event_count)
		return false;
	if (it->aux < t->xevs.count && xev_at(t, it->aux)->index == ev) {
		*e = stored_event(xev_at(t, it->aux++));
	} else {
		while (it->node + 1 < t->entered && node_at(t, it->node + 1)->enter <= ev) {
			it->node++;
			it->chain = it->node;
		}
		*e = implied_event(t, ev, it->node, &it->chain);
	}
	it->index = ev;
	it->next = ev + 1;
	return true;
}

bool trace_node_is_horizon(const struct trace *t, uint32_t n)
{
	const struct tnode *nd = node_at(t, n);
	uint32_t xi;

	if (nd->enter == TRACE_NONE)
		return false;
	if (nd->post & 15)
		return (nd->post & 15) == TE_HORIZON;
	xi = xev_lower(t, nd->enter + 1);
	return xi < t->xevs.count && xev_at(t, xi)->index == nd->enter + 1 && xev_at(t, xi)->kind == TE_HORIZON &&
	       xev_at(t, xi)->node == n;
}

/* ----------------------------------------------------------- navigation */

uint32_t trace_first_child(const struct trace *t, uint32_t n)
{
	return node_at(t, n)->end > n + 1 ? n + 1 : TRACE_NONE;
}

uint32_t trace_next_sibling(const struct trace *t, uint32_t n)
{
	uint32_t p = node_at(t, n)->parent;
	uint32_t next = node_at(t, n)->end;

	if (p == TRACE_NONE || next >= node_at(t, p)->end)
		return TRACE_NONE;
	return next;
}

uint32_t trace_prev_sibling(const struct trace *t, uint32_t n)
{
	uint32_t p = node_at(t, n)->parent, c, prev = TRACE_NONE;

	if (p == TRACE_NONE)
		return TRACE_NONE;
	for (c = p + 1; c < n; c = node_at(t, c)->end)
		prev = c;
	return prev;
}

/*
 * N's own events after EV: the implied ones are found from N's record and
 * its children's (the move opening each child, the raise or cutoff after
 * it, the quiet leaf and the leave); a stored one before the first of those
 * is N's own unless it lies in a child's block, which is skipped whole.
 */
uint32_t trace_node_next_event(const struct trace *t, uint32_t n, uint32_t ev)
{
	const struct tnode *nd = node_at(t, n);
	uint32_t last, cand = TRACE_NONE, xi;

	if (nd->enter == TRACE_NONE || t->event_count == 0)
		return TRACE_NONE;
	if (ev < nd->enter)
		return nd->enter;
	last = nd->leave == TRACE_NONE ? t->event_count - 1 : nd->leave;
	if ((nd->post & 15) && nd->enter + 1 > ev) {
		cand = nd->enter + 1;
	} else {
		for (uint32_t c = trace_first_child(t, n); c != TRACE_NONE; c = trace_next_sibling(t, c)) {
			const struct tnode *cn = node_at(t, c);

			if (cn->enter == TRACE_NONE)
				break;
			if (cn->enter - 1 > ev) {
				cand = cn->enter - 1;
				break;
			}
			if ((cn->bits >> AFTER_SHIFT & 3) && cn->leave != TRACE_NONE && cn->leave + 1 > ev) {
				cand = cn->leave + 1;
				break;
			}
		}
		if (cand == TRACE_NONE && nd->leave != TRACE_NONE) {
			if ((nd->bits & QUIET_BIT) && nd->leave - 1 > ev)
				cand = nd->leave - 1;
			else if (nd->leave > ev)
				cand = nd->leave;
		}
	}
	for (xi = xev_lower(t, ev + 1); xi < t->xevs.count;) {
		const struct xevent *x = xev_at(t, xi);
		uint32_t c = x->node;

		if (x->index > last || (cand != TRACE_NONE && x->index >= cand))
			break;
		if (x->node == n)
			return x->index;
		/* A descendant's: skip the block of N's child that holds it. */
		while (c != TRACE_NONE && node_at(t, c)->parent != n)
			c = node_at(t, c)->parent;
		if (c == TRACE_NONE || node_at(t, c)->leave == TRACE_NONE)
			break;
		xi = xev_lower(t, node_at(t, c)->leave + 1);
	}
	return cand;
}

uint32_t trace_node_event(const struct trace *t, uint32_t n, uint32_t k)
{
	uint32_t ev = node_at(t, n)->enter;

	while (k-- > 0 && ev != TRACE_NONE)
		ev = trace_node_next_event(t, n, ev);
	return ev;
}

const char *trace_kind_name(int kind)
{
	return kind >= 0 && kind < TE_KIND_COUNT ? kind_names[kind] : "unknown";
}

int trace_kind_parse(const char *name)
{
	for (int k = 0; k < TE_KIND_COUNT; k++)
		if (strcmp(kind_names[k], name) == 0)
			return k;
	return -1;
}

const char *trace_outcome_name(int outcome)
{
	return outcome == TSP_CUTOFF ? "cutoff" : outcome == TSP_RAISE ? "raise" : "none";
}

const char *trace_bound_name(int bound)
{
	return bound == TB_LOWER ? "lower" : bound == TB_UPPER ? "upper" : "exact";
}

double trace_bytes_per_node(const struct trace *t)
{
	if (t->nodes.count == 0)
		return 0;
	return (double)t->bytes / t->nodes.count;
}

size_t trace_bytes(const struct trace *t)
{
	return t->bytes + sizeof *t;
}

/* ----------------------------------------------------------- the budget */

void trace_set_budget(struct trace *t, size_t bytes)
{
	t->budget = bytes;
}

size_t trace_budget(const struct trace *t)
{
	return t->budget;
}

/* The bytes of the process's address space (AS) or data segment (DATA) in use, from /proc (0 if unknown). */
static uint64_t bytes_in_use(bool data)
{
	unsigned long long size = 0, resident, shared, text, lib, dat;
	long page = sysconf(_SC_PAGESIZE);
	FILE *f = fopen("/proc/self/statm", "r");

	if (f == NULL || page <= 0) {
		if (f)
			fclose(f);
		return 0;
	}
	if (fscanf(f, "%llu %llu %llu %llu %llu %llu", &size, &resident, &shared, &text, &lib, &dat) != 6)
		size = dat = 0;
	fclose(f);
	return (uint64_t)(data ? dat : size) * (uint64_t)page;
}

/* Half of what limit RES leaves beyond what is in use, or UINT64_MAX without a limit. */
static uint64_t limit_share(int res, bool data)
{
	struct rlimit rl;
	uint64_t used;

	if (getrlimit(res, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
		return UINT64_MAX;
	used = bytes_in_use(data);
	return (uint64_t)rl.rlim_cur > used ? ((uint64_t)rl.rlim_cur - used) / TRACE_LIMIT_SHARE : 0;
}

size_t trace_default_budget(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	uint64_t budget = UINT64_MAX, share;

	if (pages > 0 && page > 0)
		budget = (uint64_t)pages * (uint64_t)page / TRACE_PHYS_SHARE;
	if ((share = limit_share(RLIMIT_AS, false)) < budget)
		budget = share;
#ifdef RLIMIT_DATA
	if ((share = limit_share(RLIMIT_DATA, true)) < budget)
		budget = share;
#endif
	if (budget == UINT64_MAX)
		budget = (uint64_t)1 << 32;   /* nothing known: 4 GB */
	budget &= ~(uint64_t)((1 << 20) - 1);   /* whole MB, so the messages read well */
	if (budget < (1 << 20))
		budget = 1 << 20;
	return budget > SIZE_MAX ? SIZE_MAX : (size_t)budget;
}

bool trace_full(const struct trace *t)
{
	size_t need = 0;

	if (t->budget == 0)
		return false;
	if (t->nodes.count == t->nodes.cap)
		need += chunked_next_bytes(&t->nodes, NODE_BITS, sizeof(struct tnode), NODE_FIRST);
	if (t->xevs.count + XEV_HEADROOM > t->xevs.cap)
		need += chunked_next_bytes(&t->xevs, XEV_BITS, sizeof(struct xevent), XEV_FIRST);
	return need > 0 && t->bytes + need > t->budget;
}

/* ------------------------------------------------------ jumps by kind */

/*
 * "Next event of a kind" without a scan. Implied decisions right after an
 * entry (stand pat, mate, ...) lie at enter + 1, in node order: a bitmap
 * over the nodes per kind finds the next one (a word of 64 nodes at a
 * time). Implied events at a leave (alpha raise, beta cutoff, quiet leaf,
 * leave) lie in the order nodes leave: a sorted array of their indices per
 * kind, from one post-order pass. Enter and move events are found from the
 * nodes' enter indices by binary search, stored events from a list per
 * kind. The index is built on first use and rebuilt when the trace grows.
 */
#define KINDS (TE_KIND_COUNT + 1)   /* the kinds and TRACE_STAND_PAT_CUTOFF */

struct kind_index {
	uint32_t events, nodes, xcount;   /* the trace's sizes when built */
	uint32_t words;                   /* 64-bit words of a bitmap */
	uint64_t *bits[KINDS];            /* post kinds: a bit per node (NULL when none) */
	uint32_t *sorted[KINDS];          /* leave kinds: event indices, ascending */
	uint32_t nsorted[KINDS];
	bool leaves;                      /* sorted[TE_LEAVE] is built (on demand: 4 bytes a node) */
	uint32_t *xs[KINDS];              /* stored events of each kind: positions in the stored list */
	uint32_t nxs[KINDS], capxs[KINDS];
};

static void kind_index_free(struct trace *t)
{
	struct kind_index *ix = t->index;

	if (ix == NULL)
		return;
	for (int k = 0; k < KINDS; k++) {
		free(ix->bits[k]);
		free(ix->sorted[k]);
		free(ix->xs[k]);
	}
	free(ix);
	t->index = NULL;
}

static void push_u32(uint32_t **a, uint32_t *n, uint32_t *cap, uint32_t v)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		*a = xrealloc(*a, sizeof **a * *cap);
	}
	(*a)[(*n)++] = v;
}

/* Visits the entered nodes in the order they leave (post-order), calling VISIT on each that has left. */
static void post_order(const struct trace *t, struct kind_index *ix, bool leaves,
		       void (*visit)(const struct trace *, struct kind_index *, uint32_t, bool, uint32_t *))
{
	uint32_t *stack = NULL, depth = 0, cap = 0, caps[KINDS] = { 0 };

	for (uint32_t c = 0; c <= t->entered; c++) {
		while (depth > 0 && (c == t->entered || node_at(t, stack[depth - 1])->end <= c))
			visit(t, ix, stack[--depth], leaves, caps);
		if (c < t->entered)
			push_u32(&stack, &depth, &cap, c);
	}
	free(stack);
}

static void visit_leave(const struct trace *t, struct kind_index *ix, uint32_t x, bool leaves, uint32_t *caps)
{
	const struct tnode *n = node_at(t, x);
	unsigned after = n->bits >> AFTER_SHIFT & 3;

	if (n->leave == TRACE_NONE)
		return;
	if (leaves) {
		push_u32(&ix->sorted[TE_LEAVE], &ix->nsorted[TE_LEAVE], &caps[TE_LEAVE], n->leave);
		return;
	}
	if (n->bits & QUIET_BIT)
		push_u32(&ix->sorted[TE_QUIET_LEAF], &ix->nsorted[TE_QUIET_LEAF], &caps[TE_QUIET_LEAF], n->leave - 1);
	if (after) {
		int k = after == AFTER_RAISE ? TE_ALPHA_RAISE : TE_BETA_CUTOFF;

		push_u32(&ix->sorted[k], &ix->nsorted[k], &caps[k], n->leave + 1);
	}
}

static struct kind_index *kind_index_get(const struct trace *ct, bool leaves)
{
	struct trace *t = (struct trace *)ct;   /* the index is a cache: building it changes no event */
	struct kind_index *ix = t->index;

	if (ix && (ix->events != t->event_count || ix->nodes != t->nodes.count || ix->xcount != t->xevs.count))
		kind_index_free(t);
	if ((ix = t->index) == NULL) {
		ix = t->index = xcalloc(1, sizeof *ix);
		ix->events = t->event_count;
		ix->nodes = t->nodes.count;
		ix->xcount = t->xevs.count;
		ix->words = (t->nodes.count + 63) / 64;
		for (uint32_t c = 0; c < t->entered; c++) {
			const struct tnode *n = node_at(t, c);
			int k = n->post & 15;

			if (k == 0)
				continue;
			if (ix->bits[k] == NULL)
				ix->bits[k] = xcalloc(ix->words ? ix->words : 1, sizeof(uint64_t));
			ix->bits[k][c >> 6] |= (uint64_t)1 << (c & 63);
			if (k == TE_STAND_PAT && (n->post >> 4) == TSP_CUTOFF) {
				if (ix->bits[TRACE_STAND_PAT_CUTOFF] == NULL)
					ix->bits[TRACE_STAND_PAT_CUTOFF] = xcalloc(ix->words ? ix->words : 1, sizeof(uint64_t));
				ix->bits[TRACE_STAND_PAT_CUTOFF][c >> 6] |= (uint64_t)1 << (c & 63);
			}
		}
		post_order(t, ix, false, visit_leave);
		for (uint32_t i = 0; i < t->xevs.count; i++) {
			const struct xevent *x = xev_at(t, i);

			push_u32(&ix->xs[x->kind], &ix->nxs[x->kind], &ix->capxs[x->kind], i);
			if (x->kind == TE_STAND_PAT && x->extra == TSP_CUTOFF)
				push_u32(&ix->xs[TRACE_STAND_PAT_CUTOFF], &ix->nxs[TRACE_STAND_PAT_CUTOFF],
					 &ix->capxs[TRACE_STAND_PAT_CUTOFF], i);
		}
	}
	if (leaves && !ix->leaves) {
		post_order(t, ix, true, visit_leave);
		ix->leaves = true;
	}
	return ix;
}

/* The first set bit at or after FROM (DIR > 0), or the last at or before it (DIR < 0); UINT32_MAX for none. */
static uint32_t bit_find(const uint64_t *bits, uint32_t words, uint32_t nbits, uint32_t from, int dir)
{
	if (bits == NULL || from >= nbits)
		return UINT32_MAX;
	if (dir > 0) {
		uint32_t w = from >> 6;
		uint64_t word = bits[w] & (~(uint64_t)0 << (from & 63));

		for (;;) {
			if (word)
				return (w << 6) + (uint32_t)__builtin_ctzll(word);
			if (++w >= words)
				return UINT32_MAX;
			word = bits[w];
		}
	} else {
		uint32_t w = from >> 6;
		uint64_t word = bits[w] & (~(uint64_t)0 >> (63 - (from & 63)));

		for (;;) {
			if (word)
				return (w << 6) + 63 - (uint32_t)__builtin_clzll(word);
			if (w-- == 0)
				return UINT32_MAX;
			word = bits[w];
		}
	}
}

/* In the ascending array A of N values, the first above EV (DIR > 0) or the last below it; TRACE_NONE for none. */
static uint32_t sorted_find(const uint32_t *a, uint32_t n, uint32_t ev, int dir)
{
	uint32_t lo = 0, hi = n;

	while (lo < hi) {   /* the first value > EV (DIR > 0) or >= EV (DIR < 0) */
		uint32_t mid = lo + (hi - lo) / 2;

		if (dir > 0 ? a[mid] <= ev : a[mid] < ev)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (dir > 0)
		return lo < n ? a[lo] : TRACE_NONE;
	return lo > 0 ? a[lo - 1] : TRACE_NONE;
}

/* The same over the stored events listed in XS (positions in the stored list, ascending by index). */
static uint32_t stored_find(const struct trace *t, const uint32_t *xs, uint32_t n, uint32_t ev, int dir)
{
	uint32_t lo = 0, hi = n;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		uint32_t idx = xev_at(t, xs[mid])->index;

		if (dir > 0 ? idx <= ev : idx < ev)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (dir > 0)
		return lo < n ? xev_at(t, xs[lo])->index : TRACE_NONE;
	return lo > 0 ? xev_at(t, xs[lo - 1])->index : TRACE_NONE;
}

/* The implied event of KIND nearest EV in direction DIR, or TRACE_NONE. */
static uint32_t implied_find(const struct trace *t, struct kind_index *ix, uint32_t ev, int kind, int dir)
{
	uint32_t n, c;

	if (t->entered == 0)
		return TRACE_NONE;
	switch (kind) {
	case TE_ENTER:
		n = node_of_event(t, ev);
		if (dir > 0)
			return n + 1 < t->entered && node_at(t, n)->enter <= ev ? node_at(t, n + 1)->enter :
			       node_at(t, n)->enter > ev ? node_at(t, n)->enter : TRACE_NONE;
		if (node_at(t, n)->enter < ev)
			return node_at(t, n)->enter;
		return n > 0 ? node_at(t, n - 1)->enter : TRACE_NONE;
	case TE_MOVE:
		/* Node C's move event is enter(C) - 1. */
		if (dir > 0) {
			c = node_of_event(t, ev + 1) + 1;
			return c < t->entered ? node_at(t, c)->enter - 1 : TRACE_NONE;
		}
		c = node_of_event(t, ev);
		if (c >= 1 && node_at(t, c)->enter <= ev)
			return node_at(t, c)->enter - 1;
		return TRACE_NONE;
	case TE_ALPHA_RAISE:
	case TE_BETA_CUTOFF:
	case TE_QUIET_LEAF:
	case TE_LEAVE:
		return sorted_find(ix->sorted[kind], ix->nsorted[kind], ev, dir);
	default:
		/* The decisions right after an entry: at enter(C) + 1 for a node C with the bit. */
		if (dir > 0) {
			n = node_of_event(t, ev);
			c = bit_find(ix->bits[kind], ix->words, t->entered, node_at(t, n)->enter == ev ? n : n + 1, 1);
		} else {
			if (ev < 2)
				return TRACE_NONE;
			c = bit_find(ix->bits[kind], ix->words, t->entered, node_of_event(t, ev - 2), -1);
		}
		return c == UINT32_MAX ? TRACE_NONE : node_at(t, c)->enter + 1;
	}
}

uint32_t trace_find_kind(const struct trace *t, uint32_t ev, int kind, int dir)
{
	struct kind_index *ix;
	uint32_t a, b;

	if (kind < 0 || kind >= KINDS || t->event_count == 0)
		return TRACE_NONE;
	ix = kind_index_get(t, kind == TE_LEAVE);
	a = implied_find(t, ix, ev, kind, dir);
	b = stored_find(t, ix->xs[kind], ix->nxs[kind], ev, dir);
	if (a == TRACE_NONE)
		return b;
	if (b == TRACE_NONE)
		return a;
	return dir > 0 ? (a < b ? a : b) : (a > b ? a : b);
}

static double thread_cpu_seconds(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
		return 0;
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void trace_bench_jumps(const struct trace *t, struct trace_jump_bench *b)
{
	static const int kinds[] = {
		TE_STAND_PAT, TRACE_STAND_PAT_CUTOFF, TE_BETA_CUTOFF, TE_ALPHA_RAISE, TE_MATE, TE_DELTA_PRUNE, TE_LEAVE
	};
	uint32_t count = t->event_count, step;
	double start, total = 0;

	memset(b, 0, sizeof *b);
	if (count == 0)
		return;
	kind_index_free((struct trace *)t);
	start = thread_cpu_seconds();
	kind_index_get(t, true);
	b->index_ms = (thread_cpu_seconds() - start) * 1e3;
	step = count / 1000 + 1;
	for (uint32_t from = 0; from < count; from += step) {
		for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
			for (int dir = -1; dir <= 1; dir += 2) {
				double one;

				start = thread_cpu_seconds();
				(void)trace_find_kind(t, from, kinds[k], dir);
				one = (thread_cpu_seconds() - start) * 1e6;
				total += one;
				if (one > b->max_us)
					b->max_us = one;
				b->jumps++;
			}
		}
	}
	b->mean_us = total / b->jumps;
}
