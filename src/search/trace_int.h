/*
 * trace_int.h: the trace's storage, shared by the pieces of the trace module
 * (trace.c: recording, building and walking; trace_index.c: the jumps by
 * kind) and by the inline recording functions of trace_record.h. Nothing
 * else looks inside a trace: it reads one through trace.h.
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
 * others are allocated whole, so nothing is copied once a trace is large;
 * trace_trim gives back the unused end of the last chunk once a trace is
 * complete. The whole chunks after the first are mapped with their pages
 * prefaulted (trace.c's chunk_map), so a large trace takes few page faults.
 */
#ifndef QUIESCE_TRACE_INT_H
#define QUIESCE_TRACE_INT_H

#include "chess/score.h"
#include "search/trace.h"

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

#define NODE_BITS 16          /* 65,536 nodes (2 MiB) a chunk */
#define XEV_BITS 12           /* 4,096 stored events (64 KB) a chunk */
#define NODE_FIRST 256
#define XEV_FIRST 16
/* The most stored events the search can add between two checks of trace_full. */
#define XEV_HEADROOM 4

/*
 * An array of elements in chunks of 1 << bits elements. The last chunk may
 * be short: the first one grows to a whole chunk a quarter at a time, and
 * trace_trim cuts the last one to what it holds.
 */
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
	bool tight;            /* the next growths of both arrays could pass the budget: trace_full looks closely */
	struct kind_index *index;   /* the jumps' index, built on first use */
};

static inline struct tnode *trace_tnode(const struct trace *t, uint32_t i)
{
	return &((struct tnode *)t->nodes.chunk[i >> NODE_BITS])[i & ((1u << NODE_BITS) - 1)];
}

static inline struct xevent *trace_xev(const struct trace *t, uint32_t i)
{
	return &((struct xevent *)t->xevs.chunk[i >> XEV_BITS])[i & ((1u << XEV_BITS) - 1)];
}

/* The value an implied decision right after node N's entry carries. */
static inline int trace_post_value(const struct tnode *n, int kind)
{
	switch (kind) {
	case TE_MATE: return -(SCORE_MATE - n->ply);
	case TE_STALEMATE: return 0;
	default: return n->eval;
	}
}

/* Adds room for one more node, or for at least one more stored event (trace.c). */
void trace_grow_nodes(struct trace *t);
void trace_grow_xevs(struct trace *t);
/* Whether the imminent growths would pass the budget (trace.c; trace_full's slow half). */
bool trace_over_budget(const struct trace *t);
/* Sets T->tight after a change of the arrays' sizes or of the budget (trace.c). */
void trace_budget_update(struct trace *t);
/* The last node entered at or before event EV (trace.c). */
uint32_t trace_node_of_event(const struct trace *t, uint32_t ev);
/* Frees the jumps' index (trace_index.c). */
void trace_index_free(struct trace *t);

#endif
