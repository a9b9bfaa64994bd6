/*
 * trace_derive.c: the fields of a trace the search does not store, derived
 * when the trace is first read (trace_int.h): each node's parent, children,
 * ply, qply, window and enter and leave indices, in one walk over the
 * events; and the ends of the few subtrees too large for a node's 16 bits.
 */
#include <stdlib.h>
#include <string.h>

#include "search/trace_int.h"
#include "base/util.h"

uint32_t trace_far_end(const struct trace *t, uint32_t id)
{
	uint32_t lo = 0, hi = t->nfar;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (t->far[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->nfar && t->far[lo].id == id ? t->far[lo].end : id + 1;
}

/* The nodes leave in post-order, not in id order: each is put in its place (a few hundred at most). */
void trace_far_add(struct trace *t, uint32_t id, uint32_t end)
{
	uint32_t at = t->nfar;

	if (t->nfar == t->capfar)
		t->far = trace_array_grow(t->far, &t->capfar, 16, sizeof *t->far, &t->bytes);
	while (at > 0 && t->far[at - 1].id > id)
		at--;
	memmove(&t->far[at + 1], &t->far[at], sizeof *t->far * (t->nfar - at));
	t->far[at] = (struct tfar){ .id = id, .end = end };
	t->nfar++;
}

/*
 * The derived fields of every node (trace_int.h), from one walk over the
 * events in their order: the nodes in pre-order, each node's implied
 * events where the recording put them, and the stored events at their
 * indices in between. The walk keeps the nodes open at each point with
 * their windows as raised so far, exactly as trace_enter and trace_event
 * did while recording, so a derived window is the one the recording
 * compared against.
 */
static void cold_build(struct trace *t)
{
	struct open {
		uint32_t id;
		int16_t alpha, beta;   /* alpha as raised so far */
		uint8_t ply;
		int16_t qply;
	};
	uint32_t count = t->nodes.count, ev = 0, xi = 0, ei = 0, depth = 0, cap = 64;
	struct open *st = xmalloc(sizeof *st * cap);

	trace_colds_reserve(t);
/* The stored events at the walk's index come first, each raising its node's alpha if it says so. */
#define TAKE_STORED()                                                                                          \
	for (; xi < t->xevs.count && trace_xev(t, xi)->index == ev; xi++, ev++) {                              \
		const struct xevent *x_ = trace_xev(t, xi);                                                    \
		if (depth > 0 && st[depth - 1].id == x_->node && trace_raises(x_->kind, x_->extra))            \
			st[depth - 1].alpha = x_->v1;                                                          \
	}
	for (uint32_t id = 0;; id++) {
		struct tcold *c;
		const struct tnode *n;

		/* The nodes left before ID is entered: a quiet leaf, the leave, the parent's raise or cutoff. */
		while (depth > 0) {
			uint32_t x = st[depth - 1].id;
			const struct tnode *xn = trace_tnode(t, x);
			unsigned after = xn->bits >> AFTER_SHIFT & 3;

			if (!(xn->post & POST_LEFT) || (id < count && trace_node_end(t, x) > id))
				break;
			TAKE_STORED();
			if (xn->bits & QUIET_BIT) {
				ev++;
				TAKE_STORED();
			}
			trace_tcold(t, x)->leave = ev++;
			depth--;
			if (after) {
				TAKE_STORED();
				ev++;
				if (after == AFTER_RAISE && depth > 0)
					st[depth - 1].alpha = (int16_t)-xn->score;
			}
		}
		if (id == count)
			break;
		/* ID's move event (by its parent), its enter, its window. */
		n = trace_tnode(t, id);
		c = trace_tcold(t, id);
		if (depth > 0) {
			const struct open *p = &st[depth - 1];

			TAKE_STORED();
			ev++;
			c->parent = p->id;
			c->alpha = (int16_t)-p->beta;
			c->beta = (int16_t)-p->alpha;
			c->ply = (uint8_t)(p->ply + 1);
			c->qply1 = TRACE_QPLY1((n->bits & TN_QUIESCENCE) ? p->qply + 1 : -1);
			trace_tcold(t, p->id)->children++;
		} else {
			c->parent = TRACE_NONE;
			c->alpha = TRACE_ROOT_ALPHA;
			c->beta = TRACE_ROOT_BETA;
			c->ply = 0;
			c->qply1 = TRACE_QPLY1((n->bits & TN_QUIESCENCE) ? 0 : -1);
		}
		if (ei < t->nexc && t->exc[ei].id == id) {
			c->alpha = t->exc[ei].alpha;
			c->beta = t->exc[ei].beta;
			c->ply = t->exc[ei].ply;
			c->qply1 = t->exc[ei].qply1;
			ei++;
		}
		TAKE_STORED();
		c->enter = ev++;
		c->leave = TRACE_NONE;
		c->children = 0;
		if (depth == cap) {
			cap *= 2;
			st = xrealloc(st, sizeof *st * cap);
		}
		st[depth++] = (struct open){ .id = id, .alpha = c->alpha, .beta = c->beta, .ply = c->ply, .qply = (int16_t)TRACE_QPLY(c->qply1) };
		if (n->post & POST_KIND) {
			TAKE_STORED();
			ev++;
			if (trace_raises(n->post & POST_KIND, n->post >> 4 & 3))
				st[depth - 1].alpha = n->eval;
		}
	}
	TAKE_STORED();
#undef TAKE_STORED
	free(st);
	t->cold_nodes = count;
	t->cold_events = t->event_count;
}

void trace_cold_need(const struct trace *ct)
{
	struct trace *t = (struct trace *)ct;   /* the derived fields are a cache: building them changes no event */

	/* A new, cleared or copied trace has built nothing: its counts are 0 (so a trace of no node needs nothing). */
	if (t->cold_nodes == t->nodes.count && t->cold_events == t->event_count)
		return;
	cold_build(t);
}

