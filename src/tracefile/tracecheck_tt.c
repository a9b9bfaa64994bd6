/*
 * tracecheck_tt.c: check-trace's rules for quiesce's own transposition
 * table (option tt, issue 29).
 *
 * The checker keeps its own copy of what the table holds: for every key,
 * the result the last node of that position left (the table's replacement
 * rule is "the newest result wins", tt.h), in a hash map of its own. A
 * tt_cutoff must give exactly that result (rule tt-stored) at the node's
 * own depth (rule tt-depth); a stand pat above the static value must be
 * that result as a lower bound (rule tt-stand-pat). The search stores every
 * node it leaves except a node the stop cut short, a node the table
 * answered, and the qdepth and ply limits' leaves; so does this copy.
 */
#include "tracefile/tracecheck_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/tt.h"

/* One key's last result: its depth, value (tt_value_to's form), bound and the node that left it. */
struct tt_seen_entry {
	uint64_t key;
	uint32_t node;
	int16_t value;
	int8_t depth;
	uint8_t bound;
	bool used;
};

struct tt_seen {
	struct tt_seen_entry *slots;
	size_t cap, count;   /* cap a power of two, count at most half of it */
};

/* The slot of KEY in M: the one holding it, or the empty one where it would go. */
static struct tt_seen_entry *seen_slot(const struct tt_seen *m, uint64_t key)
{
	size_t i = (size_t)(key ^ (key >> 29)) & (m->cap - 1);

	while (m->slots[i].used && m->slots[i].key != key)
		i = (i + 1) & (m->cap - 1);
	return &m->slots[i];
}

/* Doubles M's slots. */
static void seen_grow(struct tt_seen *m)
{
	struct tt_seen old = *m;

	m->cap = m->cap ? m->cap * 2 : 4096;
	m->slots = xcalloc(m->cap, sizeof *m->slots);
	for (size_t i = 0; i < old.cap; i++)
		if (old.slots[i].used)
			*seen_slot(m, old.slots[i].key) = old.slots[i];
	free(old.slots);
}

/* The key and the table's depth of node F (at the replayed position). */
static uint64_t node_key(const struct checker *c, const struct frame *f, int *depth)
{
	const struct search_options *o = c->opt;

	if (f->quiescence) {
		*depth = search_tt_depth(o, f->nd.qply);
		return search_tt_key(o, c->pos, f->nd.qply, f->nd.move);
	}
	*depth = o->depth + f->ext - f->nd.ply;
	return c->pos->key;
}

/* The last result left by F's position, or NULL; F's key and depth in *KEY and *DEPTH. */
static const struct tt_seen_entry *seen_find(const struct checker *c, const struct frame *f, uint64_t *key, int *depth)
{
	const struct tt_seen_entry *s;

	*key = node_key(c, f, depth);
	if (c->tt == NULL)
		return NULL;
	s = seen_slot(c->tt, *key);
	return s->used ? s : NULL;
}

void tracecheck_tt_left(struct checker *c, const struct frame *f, int score, int bound)
{
	struct tt_seen_entry *s;
	uint64_t key;
	int depth;

	if (f->stopped || (f->terminal && (f->terminal_kind == TE_TT_CUTOFF || f->terminal_kind == TE_QDEPTH_LIMIT ||
					   f->terminal_kind == TE_PLY_LIMIT || f->terminal_kind == TE_HORIZON)))
		return;
	if (c->tt == NULL)
		c->tt = xcalloc(1, sizeof *c->tt);
	if (2 * (c->tt->count + 1) > c->tt->cap)
		seen_grow(c->tt);
	key = node_key(c, f, &depth);
	s = seen_slot(c->tt, key);
	if (!s->used)
		c->tt->count++;
	*s = (struct tt_seen_entry){ .key = key, .node = f->node, .value = (int16_t)tt_value_to(score, f->nd.ply),
				     .depth = (int8_t)depth, .bound = (uint8_t)bound, .used = true };
}

void tracecheck_tt_cutoff(struct checker *c, const struct frame *f, const struct trace_event *e)
{
	const struct tt_seen_entry *s;
	uint64_t key;
	int depth;
	char given[16];

	if (e->v2 == TRACE_TT_DEPTH_NONE)
		snprintf(given, sizeof given, "none");
	else
		snprintf(given, sizeof given, "%d", e->v2);
	s = seen_find(c, f, &key, &depth);
	if (e->v2 != depth)
		tracecheck_violation(c, f->node, "tt-depth", "expected a stored depth equal to the node's, %d (the table answers "
			  "only a result of the same search), found %s", depth, given);
	if (s == NULL)
		tracecheck_violation(c, f->node, "tt-stored", "expected a cutoff only by a result a node of this position left "
			  "earlier in the trace, found %s (%s) where none was left", S(e->v1), trace_bound_name(e->extra));
	else if (s->depth != e->v2 || s->bound != e->extra || tt_value_from(s->value, f->nd.ply) != e->v1)
		tracecheck_violation(c, f->node, "tt-stored", "expected what the table holds for this position, left by node %lu: "
			  "depth %d, %s (%s), found depth %s, %s (%s)", (unsigned long)s->node, s->depth,
			  S(tt_value_from(s->value, f->nd.ply)), trace_bound_name(s->bound), given, S(e->v1),
			  trace_bound_name(e->extra));
}

bool tracecheck_tt_stand_pat(struct checker *c, const struct frame *f, int v)
{
	const struct tt_seen_entry *s;
	uint64_t key;
	int depth;

	s = seen_find(c, f, &key, &depth);
	if (s != NULL && s->depth == depth && s->bound == TB_LOWER && tt_value_from(s->value, f->nd.ply) == v &&
	    v > f->nd.eval)
		return true;
	tracecheck_violation(c, f->node, "tt-stand-pat", "expected the static value %s, or a lower bound above it that the "
		  "table holds for this position at depth %d, found %s%s", S(f->nd.eval), depth, S(v),
		  s == NULL ? " (nothing stored)" : s->depth != depth ? " (stored at another depth)" :
		  s->bound != TB_LOWER ? " (the stored value is no lower bound)" : " (another value is stored)");
	return false;
}

void tracecheck_tt_free(struct checker *c)
{
	if (c->tt == NULL)
		return;
	free(c->tt->slots);
	free(c->tt);
	c->tt = NULL;
}
