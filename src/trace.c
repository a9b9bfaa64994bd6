/* trace.c: recording a search's decisions and walking the record. */
#include "trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

struct trace {
	struct trace_node *nodes;
	uint32_t node_count, node_cap;
	struct trace_event *events;
	uint32_t event_count, event_cap;
	bool stopped;          /* the search was cut short */
	uint32_t stopped_at;   /* the node whose loop the stop broke, when stopped */
};

static const char *const kind_names[TE_KIND_COUNT] = {
	"enter", "stand_pat", "move", "alpha_raise", "beta_cutoff", "delta_prune",
	"see_prune", "mate", "stalemate", "horizon", "qdepth_limit", "ply_limit", "quiet_leaf",
	"leave", "stopped"
};

struct trace *trace_new(void)
{
	struct trace *t = xcalloc(1, sizeof *t);

	t->stopped_at = TRACE_NONE;
	return t;
}

void trace_free(struct trace *t)
{
	if (t == NULL)
		return;
	free(t->nodes);
	free(t->events);
	free(t);
}

void trace_clear(struct trace *t)
{
	t->node_count = 0;
	t->event_count = 0;
	t->stopped = false;
	t->stopped_at = TRACE_NONE;
}

/* Appends an event and returns its index; the arrays grow by half again when full. */
static uint32_t push_event(struct trace *t, uint32_t node, int kind, move m, int v1, int v2, int extra)
{
	if (kind == TE_STOPPED && !t->stopped) {
		t->stopped = true;
		t->stopped_at = node;
	}
	struct trace_event *e;

	if (t->event_count == t->event_cap) {
		t->event_cap = t->event_cap ? t->event_cap + t->event_cap / 2 : 4096;
		t->events = xrealloc(t->events, sizeof *t->events * t->event_cap);
	}
	e = &t->events[t->event_count];
	e->node = node;
	e->kind = (uint8_t)kind;
	e->extra = (uint8_t)extra;
	e->move = m;
	e->v1 = (int16_t)v1;
	e->v2 = (int16_t)v2;
	return t->event_count++;
}

uint32_t trace_enter(struct trace *t, uint32_t parent, move m, int ply, int qply,
		     int alpha, int beta, bool in_check, int eval)
{
	struct trace_node *n;
	uint32_t id;

	if (t->node_count == t->node_cap) {
		t->node_cap = t->node_cap ? t->node_cap + t->node_cap / 2 : 1024;
		t->nodes = xrealloc(t->nodes, sizeof *t->nodes * t->node_cap);
	}
	id = t->node_count++;
	n = &t->nodes[id];
	n->parent = parent;
	n->end = id + 1;
	n->leave = TRACE_NONE;
	n->alpha = (int16_t)alpha;
	n->beta = (int16_t)beta;
	n->eval = (int16_t)eval;
	n->score = 0;
	n->move = m;
	n->ply = (uint8_t)ply;
	n->qply = (int8_t)qply;
	n->flags = (uint8_t)((in_check ? TN_IN_CHECK : 0) | (qply >= 0 ? TN_QUIESCENCE : 0));
	n->bound = TB_EXACT;
	n->children = 0;
	if (parent != TRACE_NONE)
		t->nodes[parent].children++;
	n->enter = push_event(t, id, TE_ENTER, m, alpha, beta, 0);
	return id;
}

void trace_event(struct trace *t, uint32_t node, int kind, move m, int v1, int v2, int extra)
{
	push_event(t, node, kind, m, v1, v2, extra);
}

void trace_move(struct trace *t, uint32_t node, move m)
{
	uint32_t child = t->node_count;

	push_event(t, node, TE_MOVE, m, (int16_t)(uint16_t)(child & 0xFFFF),
		   (int16_t)(uint16_t)(child >> 16), 0);
}

void trace_leave(struct trace *t, uint32_t node, int score, int bound)
{
	struct trace_node *n = &t->nodes[node];

	n->score = (int16_t)score;
	n->bound = (uint8_t)bound;
	n->end = t->node_count;
	n->leave = push_event(t, node, TE_LEAVE, MOVE_NONE, score, 0, bound);
}

void trace_node_mark(struct trace *t, uint32_t n, unsigned flags)
{
	t->nodes[n].flags |= (uint8_t)flags;
}

uint32_t trace_add_node(struct trace *t, const struct trace_node *nd)
{
	uint32_t id;

	if (t->node_count == t->node_cap) {
		t->node_cap = t->node_cap ? t->node_cap + t->node_cap / 2 : 1024;
		t->nodes = xrealloc(t->nodes, sizeof *t->nodes * t->node_cap);
	}
	id = t->node_count++;
	t->nodes[id] = *nd;
	t->nodes[id].enter = t->nodes[id].leave = TRACE_NONE;
	return id;
}

void trace_put_node(struct trace *t, uint32_t n, const struct trace_node *nd)
{
	uint32_t enter = t->nodes[n].enter, leave = t->nodes[n].leave;

	t->nodes[n] = *nd;
	t->nodes[n].enter = enter;
	t->nodes[n].leave = leave;
}

bool trace_add_event(struct trace *t, const struct trace_event *e, char *why)
{
	uint32_t ev;

	if (e->node >= t->node_count || e->kind >= TE_KIND_COUNT) {
		snprintf(why, 128, "event %lu: no node %lu or no kind %d", (unsigned long)t->event_count,
			 (unsigned long)e->node, e->kind);
		return false;
	}
	ev = push_event(t, e->node, e->kind, e->move, e->v1, e->v2, e->extra);
	if (e->kind == TE_ENTER)
		t->nodes[e->node].enter = ev;
	else if (e->kind == TE_LEAVE)
		t->nodes[e->node].leave = ev;
	return true;
}

uint32_t trace_node_count(const struct trace *t)
{
	return t->node_count;
}

uint32_t trace_event_count(const struct trace *t)
{
	return t->event_count;
}

struct trace_node trace_node_get(const struct trace *t, uint32_t n)
{
	return t->nodes[n];
}

struct trace_event trace_event_get(const struct trace *t, uint32_t ev)
{
	return t->events[ev];
}

bool trace_stopped(const struct trace *t)
{
	return t->stopped;
}

uint32_t trace_stopped_at(const struct trace *t)
{
	return t->stopped ? t->stopped_at : TRACE_NONE;
}

void trace_iter_init(struct trace_iter *it, const struct trace *t, uint32_t from)
{
	memset(it, 0, sizeof *it);
	it->t = t;
	it->index = TRACE_NONE;
	it->next = from;
}

bool trace_iter_next(struct trace_iter *it, struct trace_event *e)
{
	if (it->next >= it->t->event_count)
		return false;
	it->index = it->next++;
	*e = it->t->events[it->index];
	return true;
}

bool trace_node_is_horizon(const struct trace *t, uint32_t n)
{
	uint32_t next = t->nodes[n].enter + 1;

	return next < t->event_count && t->events[next].kind == TE_HORIZON && t->events[next].node == n;
}

uint32_t trace_first_child(const struct trace *t, uint32_t n)
{
	return t->nodes[n].end > n + 1 ? n + 1 : TRACE_NONE;
}

uint32_t trace_next_sibling(const struct trace *t, uint32_t n)
{
	uint32_t p = t->nodes[n].parent;
	uint32_t next = t->nodes[n].end;

	if (p == TRACE_NONE || next >= t->nodes[p].end)
		return TRACE_NONE;
	return next;
}

uint32_t trace_prev_sibling(const struct trace *t, uint32_t n)
{
	uint32_t p = t->nodes[n].parent, c, prev = TRACE_NONE;

	if (p == TRACE_NONE)
		return TRACE_NONE;
	for (c = p + 1; c < n; c = t->nodes[c].end)
		prev = c;
	return prev;
}

uint32_t trace_node_next_event(const struct trace *t, uint32_t n, uint32_t ev)
{
	uint32_t last = t->nodes[n].leave == TRACE_NONE ? t->event_count - 1 : t->nodes[n].leave;

	for (uint32_t i = ev + 1; i <= last && i < t->event_count; i++) {
		const struct trace_event *e = &t->events[i];

		if (e->node == n)
			return i;
		/* A child's events form one block: jump over it to its leave. */
		if (e->kind == TE_ENTER && t->nodes[e->node].leave != TRACE_NONE)
			i = t->nodes[e->node].leave;
	}
	return TRACE_NONE;
}

uint32_t trace_node_event(const struct trace *t, uint32_t n, uint32_t k)
{
	uint32_t ev = t->nodes[n].enter;

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
	if (t->node_count == 0)
		return 0;
	return ((double)t->node_count * sizeof(struct trace_node) +
		(double)t->event_count * sizeof(struct trace_event)) / t->node_count;
}
