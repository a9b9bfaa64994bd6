/*
 * trace_index.c: jumps to the next (or previous) event of a kind, the
 * tutor's "next stand pat", "next cutoff" keys, in O(log n) with an index
 * built on first use, and the benchmark of those jumps.
 */
#include "search/trace.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search/trace_int.h"
#include "base/util.h"

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

void trace_index_free(struct trace *t)
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

	for (uint32_t c = 0; c <= t->nodes.count; c++) {
		while (depth > 0 && (c == t->nodes.count || trace_node_end(t, stack[depth - 1]) <= c))
			visit(t, ix, stack[--depth], leaves, caps);
		if (c < t->nodes.count)
			push_u32(&stack, &depth, &cap, c);
	}
	free(stack);
}

static void visit_leave(const struct trace *t, struct kind_index *ix, uint32_t x, bool leaves, uint32_t *caps)
{
	const struct tnode *n = trace_tnode(t, x);
	uint32_t leave = trace_tcold(t, x)->leave;
	unsigned after = n->bits >> AFTER_SHIFT & 3;

	if (leave == TRACE_NONE)
		return;
	if (leaves) {
		push_u32(&ix->sorted[TE_LEAVE], &ix->nsorted[TE_LEAVE], &caps[TE_LEAVE], leave);
		return;
	}
	if (n->bits & QUIET_BIT)
		push_u32(&ix->sorted[TE_QUIET_LEAF], &ix->nsorted[TE_QUIET_LEAF], &caps[TE_QUIET_LEAF], leave - 1);
	if (after) {
		int k = after == AFTER_RAISE ? TE_ALPHA_RAISE : TE_BETA_CUTOFF;

		push_u32(&ix->sorted[k], &ix->nsorted[k], &caps[k], leave + 1);
	}
}

static struct kind_index *kind_index_get(const struct trace *ct, bool leaves)
{
	struct trace *t = (struct trace *)ct;   /* the index is a cache: building it changes no event */
	struct kind_index *ix = t->index;

	trace_cold_need(t);
	if (ix && (ix->events != t->event_count || ix->nodes != t->nodes.count || ix->xcount != t->xevs.count))
		trace_index_free(t);
	if ((ix = t->index) == NULL) {
		ix = t->index = xcalloc(1, sizeof *ix);
		ix->events = t->event_count;
		ix->nodes = t->nodes.count;
		ix->xcount = t->xevs.count;
		ix->words = (t->nodes.count + 63) / 64;
		for (uint32_t c = 0; c < t->nodes.count; c++) {
			const struct tnode *n = trace_tnode(t, c);
			int k = n->post & POST_KIND;

			if (k == 0)
				continue;
			if (ix->bits[k] == NULL)
				ix->bits[k] = xcalloc(ix->words ? ix->words : 1, sizeof(uint64_t));
			ix->bits[k][c >> 6] |= (uint64_t)1 << (c & 63);
			if (k == TE_STAND_PAT && (n->post >> 4 & 3) == TSP_CUTOFF) {
				if (ix->bits[TRACE_STAND_PAT_CUTOFF] == NULL)
					ix->bits[TRACE_STAND_PAT_CUTOFF] = xcalloc(ix->words ? ix->words : 1, sizeof(uint64_t));
				ix->bits[TRACE_STAND_PAT_CUTOFF][c >> 6] |= (uint64_t)1 << (c & 63);
			}
		}
		post_order(t, ix, false, visit_leave);
		for (uint32_t i = 0; i < t->xevs.count; i++) {
			const struct xevent *x = trace_xev(t, i);

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
		uint32_t idx = trace_xev(t, xs[mid])->index;

		if (dir > 0 ? idx <= ev : idx < ev)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (dir > 0)
		return lo < n ? trace_xev(t, xs[lo])->index : TRACE_NONE;
	return lo > 0 ? trace_xev(t, xs[lo - 1])->index : TRACE_NONE;
}

/* The implied event of KIND nearest EV in direction DIR, or TRACE_NONE. */
static uint32_t implied_find(const struct trace *t, struct kind_index *ix, uint32_t ev, int kind, int dir)
{
	uint32_t n, c;

	if (t->nodes.count == 0)
		return TRACE_NONE;
	switch (kind) {
	case TE_ENTER:
		n = trace_node_of_event(t, ev);
		if (dir > 0)
			return n + 1 < t->nodes.count && trace_tcold(t, n)->enter <= ev ? trace_tcold(t, n + 1)->enter :
			       trace_tcold(t, n)->enter > ev ? trace_tcold(t, n)->enter : TRACE_NONE;
		if (trace_tcold(t, n)->enter < ev)
			return trace_tcold(t, n)->enter;
		return n > 0 ? trace_tcold(t, n - 1)->enter : TRACE_NONE;
	case TE_MOVE:
		/* Node C's move event is enter(C) - 1. */
		if (dir > 0) {
			c = trace_node_of_event(t, ev + 1) + 1;
			return c < t->nodes.count ? trace_tcold(t, c)->enter - 1 : TRACE_NONE;
		}
		c = trace_node_of_event(t, ev);
		if (c >= 1 && trace_tcold(t, c)->enter <= ev)
			return trace_tcold(t, c)->enter - 1;
		return TRACE_NONE;
	case TE_ALPHA_RAISE:
	case TE_BETA_CUTOFF:
	case TE_QUIET_LEAF:
	case TE_LEAVE:
		return sorted_find(ix->sorted[kind], ix->nsorted[kind], ev, dir);
	default:
		/* The decisions right after an entry: at enter(C) + 1 for a node C with the bit. */
		if (dir > 0) {
			n = trace_node_of_event(t, ev);
			c = bit_find(ix->bits[kind], ix->words, t->nodes.count, trace_tcold(t, n)->enter == ev ? n : n + 1, 1);
		} else {
			if (ev < 2)
				return TRACE_NONE;
			c = bit_find(ix->bits[kind], ix->words, t->nodes.count, trace_node_of_event(t, ev - 2), -1);
		}
		return c == UINT32_MAX ? TRACE_NONE : trace_tcold(t, c)->enter + 1;
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
	trace_index_free((struct trace *)t);
	trace_cold_need(t);
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
