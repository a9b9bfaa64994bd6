/* outline.c: the lines of a tree view over a trace, found lazily from any line. */
#include "teach/outline.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* How a node appears under a filter. */
enum { SHOWN, TRANSPARENT, SKIPPED };

static const char *const filter_names[OUTLINE_FILTER_COUNT] = { "all", "main", "quiescence", "marked" };

void outline_init(struct outline *o, const struct trace *t, const uint8_t *info)
{
	o->t = t;
	o->info = info;
	o->folded = xcalloc(trace_node_count(t) ? trace_node_count(t) : 1, 1);
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
	const struct trace_node nd_v = trace_node_get(o->t, n), *nd = &nd_v;
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
	return trace_is_prune(e->kind) && o->filter != OUTLINE_MAIN;
}

bool outline_is_prune(const struct outline *o, uint32_t line)
{
	return line < trace_event_count(o->t) && trace_event_get(o->t, line).kind != TE_ENTER;
}

uint32_t outline_node(const struct outline *o, uint32_t line)
{
	return line < trace_event_count(o->t) ? trace_event_get(o->t, line).node : 0;
}

int outline_depth(const struct outline *o, uint32_t line)
{
	uint32_t n = outline_node(o, line);

	if (n >= trace_node_count(o->t))
		return 0;
	return trace_node_get(o->t, n).ply + (outline_is_prune(o, line) ? 1 : 0);
}

/* The first line among P's items after its own event AFTER, descending into transparent children. */
static uint32_t first_item(const struct outline *o, uint32_t p, uint32_t after)
{
	const struct trace *t = o->t;

	for (uint32_t ev = trace_node_next_event(t, p, after); ev != TRACE_NONE;
	     ev = trace_node_next_event(t, p, ev)) {
		const struct trace_event e_v = trace_event_get(t, ev), *e = &e_v;

		if (e->kind == TE_MOVE) {
			uint32_t c = trace_child_of_move_event(e);
			int st;

			if (c >= trace_node_count(t))
				continue;
			st = node_state(o, c);
			if (st == SHOWN)
				return trace_node_get(t, c).enter;
			if (st == TRANSPARENT) {
				uint32_t r = first_item(o, c, trace_node_get(t, c).enter);

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
	uint32_t start = trace_node_get(t, p).enter;

	for (uint32_t i = before; i-- > start + 1;) {
		const struct trace_event e_v = trace_event_get(t, i), *e = &e_v;

		if (e->node != p) {
			/* The end of a child's block: its leave event. */
			uint32_t c = e->node;

			while (c < trace_node_count(t) && trace_node_get(t, c).parent != p && trace_node_get(t, c).parent != TRACE_NONE)
				c = trace_node_get(t, c).parent;
			if (c >= trace_node_count(t) || trace_node_get(t, c).parent != p)
				continue;
			if (node_state(o, c) != SKIPPED) {
				uint32_t r = last_within(o, c);

				if (r != OUTLINE_NONE)
					return r;
			}
			i = trace_node_get(t, c).enter;   /* the loop steps to the move event before it */
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
	uint32_t end = trace_node_get(t, c).leave == TRACE_NONE ? trace_event_count(t) : trace_node_get(t, c).leave;
	uint32_t r;

	if (st == SHOWN && o->folded[c])
		return trace_node_get(t, c).enter;
	r = last_item(o, c, end);
	if (r != OUTLINE_NONE)
		return r;
	return st == SHOWN ? trace_node_get(t, c).enter : OUTLINE_NONE;
}

uint32_t outline_first(const struct outline *o)
{
	if (trace_node_count(o->t) == 0)
		return OUTLINE_NONE;
	if (node_state(o, 0) == SHOWN)
		return trace_node_get(o->t, 0).enter;
	return first_item(o, 0, trace_node_get(o->t, 0).enter);
}

uint32_t outline_last(const struct outline *o)
{
	if (trace_node_count(o->t) == 0)
		return OUTLINE_NONE;
	return last_within(o, 0);
}

uint32_t outline_next(const struct outline *o, uint32_t line)
{
	const struct trace *t = o->t;
	uint32_t n, pos, r;

	if (line >= trace_event_count(t))
		return OUTLINE_NONE;
	n = trace_event_get(t, line).node;
	if (!outline_is_prune(o, line)) {
		if (!o->folded[n] && (r = first_item(o, n, line)) != OUTLINE_NONE)
			return r;
		pos = trace_node_get(t, n).leave;
		n = trace_node_get(t, n).parent;
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
		pos = trace_node_get(t, n).leave;
		n = trace_node_get(t, n).parent;
	}
	return OUTLINE_NONE;
}

uint32_t outline_prev(const struct outline *o, uint32_t line)
{
	const struct trace *t = o->t;
	uint32_t p, pos, r;

	if (line >= trace_event_count(t))
		return OUTLINE_NONE;
	if (outline_is_prune(o, line)) {
		p = trace_event_get(t, line).node;
		pos = line;
	} else {
		uint32_t n = trace_event_get(t, line).node;

		p = trace_node_get(t, n).parent;
		pos = trace_node_get(t, n).enter > 0 ? trace_node_get(t, n).enter - 1 : 0;   /* the parent's move event */
	}
	while (p != TRACE_NONE) {
		r = last_item(o, p, pos);
		if (r != OUTLINE_NONE)
			return r;
		if (node_state(o, p) == SHOWN)
			return trace_node_get(t, p).enter;
		pos = trace_node_get(t, p).enter > 0 ? trace_node_get(t, p).enter - 1 : 0;
		p = trace_node_get(t, p).parent;
	}
	return OUTLINE_NONE;
}

bool outline_has_items(const struct outline *o, uint32_t node)
{
	const struct trace *t = o->t;

	if (node >= trace_node_count(t))
		return false;
	if (trace_node_get(t, node).children > 0)
		return true;
	for (uint32_t ev = trace_node_next_event(t, node, trace_node_get(t, node).enter); ev != TRACE_NONE;
	     ev = trace_node_next_event(t, node, ev)) {
		struct trace_event e = trace_event_get(t, ev);

		if (prune_shown(o, &e))
			return true;
	}
	return false;
}

uint32_t outline_line_of(const struct outline *o, uint32_t node)
{
	const struct trace *t = o->t;
	uint32_t best = TRACE_NONE;

	if (node >= trace_node_count(t))
		return outline_first(o);
	/* The shown node highest above NODE that is folded wins; else the nearest shown one. */
	for (uint32_t n = node; n != TRACE_NONE; n = trace_node_get(t, n).parent) {
		int st = node_state(o, n);

		if (st == SKIPPED)
			best = TRACE_NONE;
		else if (st == SHOWN && (best == TRACE_NONE || (o->folded[n] && n != node)))
			best = n;
	}
	return best == TRACE_NONE ? outline_first(o) : trace_node_get(t, best).enter;
}

void outline_reveal(struct outline *o, uint32_t node)
{
	if (node >= trace_node_count(o->t))
		return;
	for (uint32_t n = trace_node_get(o->t, node).parent; n != TRACE_NONE; n = trace_node_get(o->t, n).parent)
		o->folded[n] = 0;
}
