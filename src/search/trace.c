/*
 * trace.c: a trace's life (new, clear, copy, trim, its budget) and walking
 * it: nodes, events decoded from the compact storage (trace_int.h),
 * navigation. The recording functions the search calls on every node are
 * inline, in trace_record.h; the fields the search does not store are
 * derived in trace_derive.c; the jumps by kind are in trace_index.c.
 */
#include "search/trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "search/trace_record.h"
#include "base/util.h"

/*
 * The whole chunks after the first are mapped with their pages prefaulted
 * (MAP_POPULATE): the kernel fills a chunk's pages in one call instead of
 * taking a page fault for every 4 KB the search writes. A Kiwipete depth-7
 * trace (5.8 M nodes, 186 MB) took 46,008 minor faults and about 0.09 s of
 * system time; prefaulted, about 600 faults and 0.07 s. The mapping is
 * exactly the chunk's size, so the bytes the budget counts are the address
 * space the trace holds (a tutor under "ulimit -v" stops at its budget).
 * Transparent huge pages (2 MiB chunks aligned and marked MADV_HUGEPAGE)
 * were tried and cost more system time here, not less.
 */

/* Whether chunk I of SIZE elements is mapped (chunk_map) rather than allocated. */
static bool chunk_is_mapped(uint32_t i, uint32_t size, unsigned bits)
{
	return i > 0 && size == 1u << bits;
}

/* BYTES of zeroed memory, mapped and prefaulted; exits as xmalloc does when it cannot be had. */
static void *chunk_map(size_t bytes)
{
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);

	if (p == MAP_FAILED)
		util_die("out of memory (asked for %zu bytes)", bytes);
	return p;
}

/* Frees chunk I of A, of SIZE elements. */
static void chunk_free(void *chunk, uint32_t i, uint32_t size, unsigned bits, size_t elem)
{
	if (chunk_is_mapped(i, size, bits))
		munmap(chunk, (size_t)size * elem);
	else
		free(chunk);
}

/* A new chunk I of SIZE elements. */
static void *chunk_new(uint32_t i, uint32_t size, unsigned bits, size_t elem)
{
	return chunk_is_mapped(i, size, bits) ? chunk_map((size_t)size * elem) : xmalloc((size_t)size * elem);
}

/*
 * Chunk I of A cut or grown from OLD to NEW elements, its content kept (as
 * realloc does, but across the allocated and mapped kinds).
 */
static void *chunk_resize(void *chunk, uint32_t i, uint32_t old, uint32_t size, unsigned bits, size_t elem)
{
	void *p;

	if (!chunk_is_mapped(i, old, bits) && !chunk_is_mapped(i, size, bits))
		return xrealloc(chunk, (size_t)size * elem);
	p = chunk_new(i, size, bits, elem);
	memcpy(p, chunk, (size_t)(old < size ? old : size) * elem);
	chunk_free(chunk, i, old, bits, elem);
	return p;
}

/* The number of elements A's last chunk holds room for (0 without chunks). */
static uint32_t chunked_last_size(const struct chunked *a, unsigned bits)
{
	return a->chunks ? a->cap - ((a->chunks - 1) << bits) : 0;
}

/*
 * A's next growth: the new size of its last chunk (*RESIZE true) or of a
 * new chunk. The first chunk doubles (from FIRST elements) up to a whole
 * chunk; a short later chunk (cut by trace_trim) grows back whole.
 */
static uint32_t chunked_next_size(const struct chunked *a, unsigned bits, uint32_t first, bool *resize)
{
	uint32_t full = 1u << bits, size = chunked_last_size(a, bits), n;

	*resize = a->chunks > 0 && size < full;
	if (a->chunks == 0)
		return first;
	if (!*resize)
		return full;
	if (a->chunks > 1)
		return full;
	n = size * 2 > first ? size * 2 : first;
	return n > full ? full : n;
}

/* The bytes the next growth of A would allocate. */
static size_t chunked_next_bytes(const struct chunked *a, unsigned bits, size_t elem, uint32_t first)
{
	bool resize;
	uint32_t n = chunked_next_size(a, bits, first, &resize);
	size_t table = !resize && a->chunks == a->table_cap ? sizeof(void *) * (a->table_cap ? a->table_cap : 8) : 0;

	return (size_t)(n - (resize ? chunked_last_size(a, bits) : 0)) * elem + table;
}

/* Adds room to A (see chunked_next_size); BYTES counts what is allocated. */
static void chunked_grow(struct chunked *a, unsigned bits, size_t elem, uint32_t first, size_t *bytes)
{
	bool resize;
	uint32_t n = chunked_next_size(a, bits, first, &resize);

	if (resize) {
		uint32_t size = chunked_last_size(a, bits);

		a->chunk[a->chunks - 1] = chunk_resize(a->chunk[a->chunks - 1], a->chunks - 1, size, n, bits, elem);
		*bytes += (size_t)(n - size) * elem;
		a->cap += n - size;
		return;
	}
	if (a->chunks == a->table_cap) {
		uint32_t ncap = a->table_cap ? a->table_cap * 2 : 8;

		a->chunk = xrealloc(a->chunk, sizeof *a->chunk * ncap);
		*bytes += sizeof *a->chunk * (ncap - a->table_cap);
		a->table_cap = ncap;
	}
	a->chunk[a->chunks] = chunk_new(a->chunks, n, bits, elem);
	a->chunks++;
	*bytes += (size_t)n * elem;
	a->cap += n;
}

/* Cuts A's last chunk to the elements it holds, freeing chunks left empty. */
static void chunked_trim(struct chunked *a, unsigned bits, size_t elem, size_t *bytes)
{
	while (a->chunks > 0 && a->count <= (a->chunks - 1) << bits) {
		uint32_t size = chunked_last_size(a, bits);

		a->chunks--;
		chunk_free(a->chunk[a->chunks], a->chunks, size, bits, elem);
		*bytes -= (size_t)size * elem;
		a->cap -= size;
	}
	if (a->count < a->cap) {
		uint32_t size = chunked_last_size(a, bits), keep = size - (a->cap - a->count);

		a->chunk[a->chunks - 1] = chunk_resize(a->chunk[a->chunks - 1], a->chunks - 1, size, keep, bits, elem);
		*bytes -= (size_t)(size - keep) * elem;
		a->cap = a->count;
	}
}

static void chunked_free(struct chunked *a, unsigned bits, size_t elem)
{
	for (uint32_t i = 0; i < a->chunks; i++)
		chunk_free(a->chunk[i], i, i + 1 < a->chunks ? 1u << bits : chunked_last_size(a, bits), bits, elem);
	free(a->chunk);
	memset(a, 0, sizeof *a);
}

/*
 * Points the open nodes' shortcuts (and the last node left's) at their
 * records again, after a growth or a trim may have moved the first chunk.
 */
static void recs_refresh(struct trace *t)
{
	for (struct topen *o = t->open + 1; o <= t->top; o++)
		o->rec = trace_tnode(t, o->id);
	t->wr = t->wr_end = NULL;
	if (t->nodes.count < t->nodes.cap) {
		uint32_t k = t->nodes.count >> NODE_BITS;
		uint32_t size = k + 1 < t->nodes.chunks ? 1u << NODE_BITS : chunked_last_size(&t->nodes, NODE_BITS);

		t->wr = trace_tnode(t, t->nodes.count);
		t->wr_end = (struct tnode *)t->nodes.chunk[k] + size;
	}
	t->last_rec = t->last_kind == TE_LEAVE && t->last_left < t->nodes.count ? trace_tnode(t, t->last_left) : NULL;
}

/*
 * The stored events get their first room with the first node, so that
 * trace_full's quick test (room for a node and XEV_HEADROOM events) passes
 * from the start and its slow half runs only before a growth.
 */
void trace_grow_nodes(struct trace *t)
{
	chunked_grow(&t->nodes, NODE_BITS, sizeof(struct tnode), NODE_FIRST, &t->bytes);
	recs_refresh(t);
	if (t->xevs.cap == 0)
		chunked_grow(&t->xevs, XEV_BITS, sizeof(struct xevent), XEV_FIRST, &t->bytes);
	trace_budget_update(t);
}

void trace_grow_xevs(struct trace *t)
{
	chunked_grow(&t->xevs, XEV_BITS, sizeof(struct xevent), XEV_FIRST, &t->bytes);
	trace_budget_update(t);
}

void *trace_array_grow(void *a, uint32_t *cap, uint32_t first, size_t elem, size_t *bytes)
{
	uint32_t ncap = *cap ? *cap * 2 : first;

	a = xrealloc(a, elem * ncap);
	*bytes += elem * (ncap - *cap);
	*cap = ncap;
	return a;
}

/* A copy of the N elements of ELEM bytes at A (NULL for none), counted in *BYTES. */
static void *array_dup(const void *a, uint32_t n, size_t elem, size_t *bytes)
{
	void *p;

	if (n == 0)
		return NULL;
	p = xmalloc(elem * n);
	memcpy(p, a, elem * n);
	*bytes += elem * n;
	return p;
}

void trace_grow_open(struct trace *t)
{
	uint32_t depth = (uint32_t)(t->top - t->open);

	t->open = trace_array_grow(t->open, &t->capopen, 64, sizeof *t->open, &t->bytes);
	t->top = t->open + depth;
	t->open_end = t->open + t->capopen;
}

/* The stack of nodes being recorded, empty (T has none yet: new or cleared): the root's parent alone, whose child is the root. */
static void open_init(struct trace *t)
{
	t->open = trace_array_grow(t->open, &t->capopen, 64, sizeof *t->open, &t->bytes);
	t->top = t->open;
	t->open_end = t->open + t->capopen;
	t->open[0] = (struct topen){ .rec = NULL, .id = TRACE_NONE };
	trace_open_set(&t->open[0], -TRACE_ROOT_BETA, -TRACE_ROOT_ALPHA, -1, -1);
}

void trace_grow_exc(struct trace *t)
{
	t->exc = trace_array_grow(t->exc, &t->capexc, 16, sizeof *t->exc, &t->bytes);
	trace_budget_update(t);
}

void trace_colds_reserve(struct trace *t)
{
	while (t->colds.cap < t->nodes.count)
		chunked_grow(&t->colds, NODE_BITS, sizeof(struct tcold), NODE_FIRST, &t->bytes);
	t->colds.count = t->nodes.count;
}

void trace_trim(struct trace *t)
{
	chunked_trim(&t->nodes, NODE_BITS, sizeof(struct tnode), &t->bytes);
	chunked_trim(&t->xevs, XEV_BITS, sizeof(struct xevent), &t->bytes);
	recs_refresh(t);
	if (t->nexc < t->capexc) {
		t->exc = t->nexc ? xrealloc(t->exc, sizeof *t->exc * t->nexc) : (free(t->exc), NULL);
		t->bytes -= sizeof *t->exc * (t->capexc - t->nexc);
		t->capexc = t->nexc;
	}
	trace_budget_update(t);
}

struct trace *trace_new(void)
{
	struct trace *t = xcalloc(1, sizeof *t);

	t->stopped_at = TRACE_NONE;
	t->last_kind = TE_KIND_COUNT;
	trace_declared_defaults(&t->declared);
	open_init(t);
	return t;
}

void trace_free(struct trace *t)
{
	if (t == NULL)
		return;
	trace_index_free(t);
	chunked_free(&t->nodes, NODE_BITS, sizeof(struct tnode));
	chunked_free(&t->xevs, XEV_BITS, sizeof(struct xevent));
	chunked_free(&t->colds, NODE_BITS, sizeof(struct tcold));
	free(t->exc);
	free(t->far);
	free(t->open);
	free(t);
}

/* A copy of A's elements in chunks of the same shape, trimmed to what A holds. */
static void chunked_copy(struct chunked *to, const struct chunked *a, unsigned bits, size_t elem, size_t *bytes)
{
	memset(to, 0, sizeof *to);
	to->table_cap = a->chunks ? a->chunks : 1;
	to->chunk = xcalloc(to->table_cap, sizeof *to->chunk);
	*bytes += sizeof *to->chunk * to->table_cap;
	for (uint32_t i = 0; i < a->chunks && (i << bits) < a->count; i++) {
		uint32_t n = a->count - (i << bits) < (1u << bits) ? a->count - (i << bits) : 1u << bits;

		to->chunk[i] = chunk_new(i, n, bits, elem);
		memcpy(to->chunk[i], a->chunk[i], (size_t)n * elem);
		*bytes += (size_t)n * elem;
		to->chunks = i + 1;
		to->cap += n;
	}
	to->count = a->count;
}

struct trace *trace_copy(const struct trace *a)
{
	struct trace *t = xcalloc(1, sizeof *t);

	*t = *a;
	t->index = NULL;
	t->bytes = 0;
	chunked_copy(&t->nodes, &a->nodes, NODE_BITS, sizeof(struct tnode), &t->bytes);
	chunked_copy(&t->xevs, &a->xevs, XEV_BITS, sizeof(struct xevent), &t->bytes);
	/* The derived fields are built again when the copy is read. */
	memset(&t->colds, 0, sizeof t->colds);
	t->cold_nodes = t->cold_events = 0;
	t->exc = array_dup(a->exc, a->nexc, sizeof *t->exc, &t->bytes);
	t->capexc = a->nexc;
	t->far = array_dup(a->far, a->nfar, sizeof *t->far, &t->bytes);
	t->capfar = a->nfar;
	t->open = array_dup(a->open, a->capopen, sizeof *t->open, &t->bytes);
	t->top = t->open + (a->top - a->open);
	t->open_end = t->open + t->capopen;
	recs_refresh(t);
	trace_budget_update(t);
	return t;
}

void trace_clear(struct trace *t)
{
	size_t budget = t->budget;

	trace_index_free(t);
	chunked_free(&t->nodes, NODE_BITS, sizeof(struct tnode));
	chunked_free(&t->xevs, XEV_BITS, sizeof(struct xevent));
	chunked_free(&t->colds, NODE_BITS, sizeof(struct tcold));
	free(t->exc);
	free(t->far);
	free(t->open);
	memset(t, 0, sizeof *t);
	t->budget = budget;
	open_init(t);
	trace_budget_update(t);
	t->stopped_at = TRACE_NONE;
	t->last_kind = TE_KIND_COUNT;
	trace_declared_defaults(&t->declared);
}

/* ------------------------------------------------------------ recording */

void trace_node_mark(struct trace *t, uint32_t n, unsigned flags)
{
	trace_tnode(t, n)->bits |= (uint8_t)(flags & FLAG_MASK);
}

void trace_mark_pv(struct trace *t, const move *pv, int len)
{
	uint32_t node = 0;

	if (t->nodes.count == 0)
		return;
	trace_node_mark(t, 0, TN_PV);
	for (int i = 0; i < len && (node = trace_child_by_move(t, node, pv[i])) != TRACE_NONE; i++)
		trace_node_mark(t, node, TN_PV);
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
	const struct tnode *n = trace_tnode(t, id);
	const struct tcold *c;
	struct trace_node nd;

	trace_cold_need(t);
	c = trace_tcold(t, id);
	/* The padding too, so that two decoded copies of equal nodes compare equal byte for byte. */
	memset(&nd, 0, sizeof nd);
	nd.parent = c->parent;
	nd.end = trace_node_end(t, id);
	nd.enter = c->enter;
	nd.leave = c->leave;
	nd.alpha = c->alpha;
	nd.beta = c->beta;
	nd.eval = n->eval;
	nd.score = n->score;
	nd.move = n->move;
	nd.ply = c->ply;
	nd.qply = (int16_t)TRACE_QPLY(c->qply1);
	nd.flags = (uint8_t)(n->bits & FLAG_MASK);
	nd.bound = (uint8_t)(n->bits >> BOUND_SHIFT & 3);
	nd.children = c->children;
	return nd;
}

move trace_node_move(const struct trace *t, uint32_t n)
{
	return trace_tnode(t, n)->move;
}

int trace_node_score(const struct trace *t, uint32_t n)
{
	return trace_tnode(t, n)->score;
}

int trace_node_bound(const struct trace *t, uint32_t n)
{
	return trace_tnode(t, n)->bits >> BOUND_SHIFT & 3;
}

int trace_node_value_bound(const struct trace *t, uint32_t n)
{
	struct trace_node nd = trace_node_get(t, n);

	if (nd.bound == TB_EXACT || nd.children > 0)
		return nd.bound;
	for (uint32_t ev = nd.enter; ev != TRACE_NONE; ev = trace_node_next_event(t, n, ev)) {
		int kind = trace_event_get(t, ev).kind;

		if (kind == TE_MATE || kind == TE_STALEMATE || kind == TE_HORIZON || kind == TE_QDEPTH_LIMIT ||
		    kind == TE_PLY_LIMIT || kind == TE_QUIET_LEAF)
			return TB_EXACT;
	}
	return nd.bound;
}

void trace_set_origin(struct trace *t, bool eval_other, bool order_other)
{
	t->eval_other = eval_other;
	t->order_other = order_other;
}

bool trace_eval_other(const struct trace *t)
{
	return t->eval_other;
}

bool trace_order_other(const struct trace *t)
{
	return t->order_other;
}

bool trace_stopped(const struct trace *t)
{
	return t->stopped;
}

uint32_t trace_stopped_at(const struct trace *t)
{
	return t->stopped ? t->stopped_at : TRACE_NONE;
}

void trace_node_value_text(const struct trace *t, uint32_t n, char *buf, size_t size)
{
	struct trace_node nd;

	if (trace_node_unfinished(t, n)) {
		snprintf(buf, size, "?");
		return;
	}
	nd = trace_node_get(t, n);
	score_format_bound(nd.score, nd.ply, trace_node_value_bound(t, n), false, buf, size);
}

bool trace_node_unfinished(const struct trace *t, uint32_t n)
{
	if (n >= trace_node_count(t) || trace_node_get(t, n).leave == TRACE_NONE)
		return true;
	/* The path from the stop up to the root: the nodes whose loops it cut short. */
	for (uint32_t p = trace_stopped_at(t); p != TRACE_NONE && p < trace_node_count(t); p = trace_node_get(t, p).parent)
		if (p == n)
			return true;
	return false;
}

static struct trace_event stored_event(const struct xevent *x)
{
	return trace_event_make(x->node, x->kind, x->move, x->v1, x->v2, x->extra);
}

/* The first stored event whose index is at least EV (binary search). */
static uint32_t xev_lower(const struct trace *t, uint32_t ev)
{
	uint32_t lo = 0, hi = t->xevs.count;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (trace_xev(t, mid)->index < ev)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The last node entered at or before event EV (binary search over the enter indices; the derived fields are built). */
uint32_t trace_node_of_event(const struct trace *t, uint32_t ev)
{
	uint32_t lo = 0, hi = t->nodes.count;

	while (hi - lo > 1) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (trace_tcold(t, mid)->enter <= ev)
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
	const struct tnode *nd = trace_tnode(t, n);
	const struct tcold *nc = trace_tcold(t, n);

	if (ev == nc->enter)
		return trace_event_make(n, TE_ENTER, nd->move, nc->alpha, nc->beta, 0);
	if (ev == nc->enter + 1 && (nd->post & POST_KIND))
		return trace_event_make(n, nd->post & POST_KIND, MOVE_NONE, trace_post_value(nd->eval, nc->ply, nd->post & POST_KIND),
				  0, nd->post >> 4 & 3);
	if (n + 1 < t->nodes.count && ev + 1 == trace_tcold(t, n + 1)->enter) {
		const struct tnode *c = trace_tnode(t, n + 1);

		return trace_event_make(trace_tcold(t, n + 1)->parent, TE_MOVE, c->move, (int16_t)((n + 1) & 0xFFFF),
				  (int16_t)((n + 1) >> 16), 0);
	}
	for (uint32_t x = *chain; x != TRACE_NONE; x = trace_tcold(t, x)->parent) {
		const struct tnode *xn = trace_tnode(t, x);
		const struct tcold *xc = trace_tcold(t, x);
		unsigned after = xn->bits >> AFTER_SHIFT & 3;

		*chain = x;
		if (xc->leave == TRACE_NONE || ev + 1 < xc->leave)
			break;
		if (ev > xc->leave + (after ? 1 : 0))
			continue;
		if (ev == xc->leave)
			return trace_event_make(x, TE_LEAVE, MOVE_NONE, xn->score, 0, xn->bits >> BOUND_SHIFT & 3);
		if (ev + 1 == xc->leave && (xn->bits & QUIET_BIT))
			return trace_event_make(x, TE_QUIET_LEAF, MOVE_NONE, xn->eval, 0, 0);
		if (ev == xc->leave + 1 && after)
			return trace_event_make(xc->parent, after == AFTER_RAISE ? TE_ALPHA_RAISE : TE_BETA_CUTOFF, xn->move,
					  -xn->score, 0, 0);
		break;
	}
	/* Not reached for a trace built through this module's functions. */
	return trace_event_make(n, TE_STOPPED, MOVE_NONE, 0, 0, 0);
}

struct trace_event trace_event_get(const struct trace *t, uint32_t ev)
{
	uint32_t xi = xev_lower(t, ev), n, chain;

	if (xi < t->xevs.count && trace_xev(t, xi)->index == ev)
		return stored_event(trace_xev(t, xi));
	trace_cold_need(t);
	n = trace_node_of_event(t, ev);
	chain = n;
	return implied_event(t, ev, n, &chain);
}

void trace_iter_init(struct trace_iter *it, const struct trace *t, uint32_t from)
{
	memset(it, 0, sizeof *it);
	it->t = t;
	it->index = TRACE_NONE;
	it->next = from;
	trace_cold_need(t);
	if (from < t->event_count) {
		it->node = trace_node_of_event(t, from);
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
	if (it->aux < t->xevs.count && trace_xev(t, it->aux)->index == ev) {
		*e = stored_event(trace_xev(t, it->aux++));
	} else {
		while (it->node + 1 < t->nodes.count && trace_tcold(t, it->node + 1)->enter <= ev) {
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
	const struct tnode *nd = trace_tnode(t, n);
	uint32_t xi, enter;

	if (nd->post & POST_KIND)
		return (nd->post & POST_KIND) == TE_HORIZON;
	trace_cold_need(t);
	enter = trace_tcold(t, n)->enter;
	xi = xev_lower(t, enter + 1);
	return xi < t->xevs.count && trace_xev(t, xi)->index == enter + 1 && trace_xev(t, xi)->kind == TE_HORIZON &&
	       trace_xev(t, xi)->node == n;
}

/* ----------------------------------------------------------- navigation */

uint32_t trace_first_child(const struct trace *t, uint32_t n)
{
	return trace_tnode(t, n)->span > 1 ? n + 1 : TRACE_NONE;
}

uint32_t trace_next_child(const struct trace *t, uint32_t parent, uint32_t c)
{
	uint32_t next = trace_node_end(t, c);

	return next < trace_node_end(t, parent) ? next : TRACE_NONE;
}

uint32_t trace_child_by_move(const struct trace *t, uint32_t n, move m)
{
	uint32_t c = trace_first_child(t, n);

	while (c != TRACE_NONE && trace_tnode(t, c)->move != m)
		c = trace_next_child(t, n, c);
	return c;
}

uint32_t trace_next_sibling(const struct trace *t, uint32_t n)
{
	uint32_t p;

	trace_cold_need(t);
	p = trace_tcold(t, n)->parent;
	return p == TRACE_NONE ? TRACE_NONE : trace_next_child(t, p, n);
}

uint32_t trace_prev_sibling(const struct trace *t, uint32_t n)
{
	uint32_t p, c, prev = TRACE_NONE;

	trace_cold_need(t);
	p = trace_tcold(t, n)->parent;
	if (p == TRACE_NONE)
		return TRACE_NONE;
	for (c = p + 1; c < n; c = trace_node_end(t, c))
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
	const struct tnode *nd = trace_tnode(t, n);
	const struct tcold *nc;
	uint32_t last, cand = TRACE_NONE, xi;

	if (t->event_count == 0)
		return TRACE_NONE;
	trace_cold_need(t);
	nc = trace_tcold(t, n);
	if (ev < nc->enter)
		return nc->enter;
	last = nc->leave == TRACE_NONE ? t->event_count - 1 : nc->leave;
	if ((nd->post & POST_KIND) && nc->enter + 1 > ev) {
		cand = nc->enter + 1;
	} else {
		for (uint32_t c = trace_first_child(t, n); c != TRACE_NONE; c = trace_next_child(t, n, c)) {
			const struct tnode *cn = trace_tnode(t, c);
			const struct tcold *cc = trace_tcold(t, c);

			if (cc->enter - 1 > ev) {
				cand = cc->enter - 1;
				break;
			}
			if ((cn->bits >> AFTER_SHIFT & 3) && cc->leave != TRACE_NONE && cc->leave + 1 > ev) {
				cand = cc->leave + 1;
				break;
			}
		}
		if (cand == TRACE_NONE && nc->leave != TRACE_NONE) {
			if ((nd->bits & QUIET_BIT) && nc->leave - 1 > ev)
				cand = nc->leave - 1;
			else if (nc->leave > ev)
				cand = nc->leave;
		}
	}
	for (xi = xev_lower(t, ev + 1); xi < t->xevs.count;) {
		const struct xevent *x = trace_xev(t, xi);
		uint32_t c = x->node;

		if (x->index > last || (cand != TRACE_NONE && x->index >= cand))
			break;
		if (x->node == n)
			return x->index;
		/* A descendant's: skip the block of N's child that holds it. */
		while (c != TRACE_NONE && trace_tcold(t, c)->parent != n)
			c = trace_tcold(t, c)->parent;
		if (c == TRACE_NONE || trace_tcold(t, c)->leave == TRACE_NONE)
			break;
		xi = xev_lower(t, trace_tcold(t, c)->leave + 1);
	}
	return cand;
}

uint32_t trace_node_event(const struct trace *t, uint32_t n, uint32_t k)
{
	uint32_t ev;

	trace_cold_need(t);
	ev = trace_tcold(t, n)->enter;
	while (k-- > 0 && ev != TRACE_NONE)
		ev = trace_node_next_event(t, n, ev);
	return ev;
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
	trace_budget_update(t);
}

/*
 * The bytes the budget counts: what is allocated, and the derived fields
 * the nodes will need when the trace is read (so a trace recorded up to
 * its budget can still be read within it).
 */
static size_t charged_bytes(const struct trace *t)
{
	size_t cold = t->nodes.cap > t->colds.cap ? (size_t)(t->nodes.cap - t->colds.cap) * sizeof(struct tcold) : 0;

	return t->bytes + cold;
}

/* The bytes of the next growth of the nodes, their derived fields included. */
static size_t nodes_next_bytes(const struct trace *t)
{
	return chunked_next_bytes(&t->nodes, NODE_BITS, sizeof(struct tnode) + sizeof(struct tcold), NODE_FIRST);
}

/* The bytes of the next growth of the exceptions. */
static size_t exc_next_bytes(const struct trace *t)
{
	return sizeof *t->exc * (t->capexc ? t->capexc : 16);
}

void trace_budget_update(struct trace *t)
{
	t->tight = t->budget != 0 &&
		   charged_bytes(t) + nodes_next_bytes(t) +
		   chunked_next_bytes(&t->xevs, XEV_BITS, sizeof(struct xevent), XEV_FIRST) + exc_next_bytes(t) > t->budget;
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

bool trace_over_budget(const struct trace *t)
{
	size_t need = 0;

	if (t->budget == 0)
		return false;
	if (t->nodes.count == t->nodes.cap)
		need += nodes_next_bytes(t);
	if (t->xevs.count + XEV_HEADROOM > t->xevs.cap)
		need += chunked_next_bytes(&t->xevs, XEV_BITS, sizeof(struct xevent), XEV_FIRST);
	if (t->nexc == t->capexc)
		need += exc_next_bytes(t);
	return need > 0 && charged_bytes(t) + need > t->budget;
}
