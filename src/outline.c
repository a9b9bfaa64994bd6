/* outline.c: the lines of a tree view over a trace, found lazily from any line. */
#include "outline.h"

#include <stdlib.h>
#include <string.h>

#include "session.h"
#include "util.h"

/* How a node appears under a filter. */
enum { SHOWN, TRANSPARENT, SKIPPED };

static const char *const filter_names[OUTLINE_FILTER_COUNT] = { "all", "main", "quiescence", "marked" };

void outline_init(struct outline *o, const struct trace *t, const uint8_t *info)
{
	o->t = t;
	o->info = info;
	o->folded = xcalloc(t->node_count ? t->node_count : 1, 1);
	o->filter = OUTLINE_ALL;
}

void outline_free(struct outline *o)
{
	free(o->folded);
	o->folded = NULL;
}

const char *outline_filter_name(enum outline_filter f)
{
	return f < OUTLINE_FILTER_COUNT ? filter_names[f] : "?";
}

bool outline_filter_parse(const char *name, enum outline_filter *out)
{
	for (int i = 0; i < OUTLINE_FILTER_COUNT; i++)
		if (!strcmp(name, filter_names[i])) {
			*out = (enum outline_filter)i;
			return true;
		}
	return false;
}

/* Shown, transparent (hidden, its items shown in its place) or skipped with its subtree. */
static int node_state(const struct outline *o, uint32_t n)
{
	const struct trace_node *nd = &o->t->nodes[n];
	uint8_t info = o->info ? o->info[n] : 0;

	switch (o->filter) {
	case OUTLINE_MAIN:
		return nd->flags & TN_QUIESCENCE ? SKIPPED : SHOWN;
	case OUTLINE_QUIESCENCE:
		if (nd->flags & TN_QUIESCENCE)
			return SHOWN;
		return info & SNI_SUB_QUIESCENCE ? TRANSPARENT : SKIPPED;
	case OUTLINE_MARKED:
		return info & SNI_SUB_MARK ? SHOWN : SKIPPED;
	default:
		return SHOWN;
	}
}

static bool prune_shown(const struct outline *o, const struct trace_event *e)
{
	return (e->kind == TE_DELTA_PRUNE || e->kind == TE_SEE_PRUNE) && o->filter != OUTLINE_MAIN;
}

bool outline_is_prune(const struct outline *o, uint32_t line)
{
	return line < o->t->event_count && o->t->events[line].kind != TE_ENTER;
}

uint32_t outline_node(const struct outline *o, uint32_t line)
{
	return line < o->t->event_count ? o->t->events[line].node : 0;
}

int outline_depth(const struct outline *o, uint32_t line)
{
	uint32_t n = outline_node(o, line);

	if (n >= o->t->node_count)
		return 0;
	return o->t->nodes[n].ply + (outline_is_prune(o, line) ? 1 : 0);
}

/* The first line among P's items after its own event AFTER, descending into transparent children. */
static uint32_t first_item(const struct outline *o, uint32_t p, uint32_t after)
{
	const struct trace *t = o->t;

	for (uint32_t ev = trace_node_next_event(t, p, after); ev != TRACE_NONE;
	     ev = trace_node_next_event(t, p, ev)) {
		const struct trace_event *e = &t->events[ev];

		if (e->kind == TE_MOVE) {
			uint32_t c = trace_child_of_move_event(e);
			int st;

			if (c >= t->node_count)
				continue;
			st = node_state(o, c);
			if (st == SHOWN)
				return t->nodes[c].enter;
			if (st == TRANSPARENT) {
				uint32_t r = first_item(o, c, t->nodes[c].enter);

				if (r != OUTLINE_NONE)
					return r;
			}
		} else if (prune_shown(o, e)) {
			return ev;
		}
	}
	return OUTLINE_NONE;
}

/* The last shown line within the subtree of the shown or transparent node C. */
static uint32_t last_within(const struct outline *o, uint32_t c);

/* The last line among P's items before its own event position BEFORE (exclusive). */
static uint32_t last_item(const struct outline *o, uint32_t p, uint32_t before)
{
	const struct trace *t = o->t;
	uint32_t start = t->nodes[p].enter;

	for (uint32_t i = before; i-- > start + 1;) {
		const struct trace_event *e = &t->events[i];

		if (e->node != p) {
			/* The end of a child's block: its leave event. */
			uint32_t c = e->node;

			while (c < t->node_count && t->nodes[c].parent != p && t->nodes[c].parent != TRACE_NONE)
				c = t->nodes[c].parent;
			if (c >= t->node_count || t->nodes[c].parent != p)
				continue;
			if (node_state(o, c) != SKIPPED) {
				uint32_t r = last_within(o, c);

				if (r != OUTLINE_NONE)
					return r;
			}
			i = t->nodes[c].enter;   /* the loop steps to the move event before it */
		} else if (prune_shown(o, e)) {
			return i;
		}
	}
	return OUTLINE_NONE;
}

static uint32_t last_within(const struct outline *o, uint32_t c)
{
	const struct trace *t = o->t;
	int st = node_state(o, c);
	uint32_t end = t->nodes[c].leave == TRACE_NONE ? t->event_count : t->nodes[c].leave;
	uint32_t r;

	if (st == SHOWN && o->folded[c])
		return t->nodes[c].enter;
	r = last_item(o, c, end);
	if (r != OUTLINE_NONE)
		return r;
	return st == SHOWN ? t->nodes[c].enter : OUTLINE_NONE;
}

uint32_t outline_first(const struct outline *o)
{
	if (o->t->node_count == 0)
		return OUTLINE_NONE;
	if (node_state(o, 0) == SHOWN)
		return o->t->nodes[0].enter;
	return first_item(o, 0, o->t->nodes[0].enter);
}

uint32_t outline_last(const struct outline *o)
{
	if (o->t->node_count == 0)
		return OUTLINE_NONE;
	return last_within(o, 0);
}

uint32_t outline_next(const struct outline *o, uint32_t line)
{
	const struct trace *t = o->t;
	uint32_t n, pos, r;

	if (line >= t->event_count)
		return OUTLINE_NONE;
	n = t->events[line].node;
	if (!outline_is_prune(o, line)) {
		if (!o->folded[n] && (r = first_item(o, n, line)) != OUTLINE_NONE)
			return r;
		pos = t->nodes[n].leave;
		n = t->nodes[n].parent;
	} else {
		pos = line;
	}
	/* Climb until a container has an item after POS. */
	while (n != TRACE_NONE) {
		if (pos == TRACE_NONE)
			return OUTLINE_NONE;
		r = first_item(o, n, pos);
		if (r != OUTLINE_NONE)
			return r;
		pos = t->nodes[n].leave;
		n = t->nodes[n].parent;
	}
	return OUTLINE_NONE;
}

uint32_t outline_prev(const struct outline *o, uint32_t line)
{
	const struct trace *t = o->t;
	uint32_t p, pos, r;

	if (line >= t->event_count)
		return OUTLINE_NONE;
	if (outline_is_prune(o, line)) {
		p = t->events[line].node;
		pos = line;
	} else {
		uint32_t n = t->events[line].node;

		p = t->nodes[n].parent;
		pos = t->nodes[n].enter > 0 ? t->nodes[n].enter - 1 : 0;   /* the parent's move event */
	}
	while (p != TRACE_NONE) {
		r = last_item(o, p, pos);
		if (r != OUTLINE_NONE)
			return r;
		if (node_state(o, p) == SHOWN)
			return t->nodes[p].enter;
		pos = t->nodes[p].enter > 0 ? t->nodes[p].enter - 1 : 0;
		p = t->nodes[p].parent;
	}
	return OUTLINE_NONE;
}

bool outline_has_items(const struct outline *o, uint32_t node)
{
	const struct trace *t = o->t;

	if (node >= t->node_count)
		return false;
	if (t->nodes[node].children > 0)
		return true;
	for (uint32_t ev = trace_node_next_event(t, node, t->nodes[node].enter); ev != TRACE_NONE;
	     ev = trace_node_next_event(t, node, ev))
		if (prune_shown(o, &t->events[ev]))
			return true;
	return false;
}

uint32_t outline_line_of(const struct outline *o, uint32_t node)
{
	const struct trace *t = o->t;
	uint32_t best = TRACE_NONE;

	if (node >= t->node_count)
		return outline_first(o);
	/* The shown node highest above NODE that is folded wins; else the nearest shown one. */
	for (uint32_t n = node; n != TRACE_NONE; n = t->nodes[n].parent) {
		int st = node_state(o, n);

		if (st == SKIPPED)
			best = TRACE_NONE;
		else if (st == SHOWN && (best == TRACE_NONE || (o->folded[n] && n != node)))
			best = n;
	}
	return best == TRACE_NONE ? outline_first(o) : t->nodes[best].enter;
}

void outline_reveal(struct outline *o, uint32_t node)
{
	if (node >= o->t->node_count)
		return;
	for (uint32_t n = o->t->nodes[node].parent; n != TRACE_NONE; n = o->t->nodes[n].parent)
		o->folded[n] = 0;
}
