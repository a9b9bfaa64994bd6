/*
 * trace_int.h: the trace's storage, shared by the pieces of the trace module
 * (trace.c: recording, building and walking; trace_index.c: the jumps by
 * kind) and by the inline recording functions of trace_record.h. Nothing
 * else looks inside a trace: it reads one through trace.h.
 *
 * The storage is compact (issue 9; issue 18: 10 bytes a node while the
 * search records, about 30 once the derived fields are built for reading).
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
 * The event numbering is the same as if every event were stored: the
 * derived fields (struct tcold) hold each node's enter and leave indices,
 * and an event is decoded from the explicit list or from the nodes around
 * it.
 *
 * The arrays are chunked: the first chunk grows by a quarter at a time, the
 * others are allocated whole, so nothing is copied once a trace is large;
 * trace_trim gives back the unused end of the last chunk once a trace is
 * complete. The whole chunks after the first are mapped with their pages
 * prefaulted (trace.c's chunk_map), so a large trace takes few page faults.
 */
#ifndef QUIESCE_TRACE_INT_H
#define QUIESCE_TRACE_INT_H

#include "chess/score.h"
#include "search/trace.h"

/*
 * A stored node: the 10 bytes the search writes (the recording's cost is
 * mostly these bytes: issue 18's budget is 15 % over an untraced search, as
 * whole processes, page faults included). The node's other fields (struct
 * tcold) follow from the nodes and events around it and are derived in one
 * pass when a trace is first read.
 */
struct tnode {
	uint16_t span;      /* the subtree's size, end - id (1 until the node is left); SPAN_FAR: in the far list */
	int16_t eval, score;
	move move;
	uint8_t bits;       /* TN_* flags (0-2), bound (3-4), the parent's event after the leave (5-6), quiet leaf (7) */
	uint8_t post;       /* the implied event after the enter: its kind (0-3, 0 for none) and extra (4-5); left (6) */
};

/*
 * A node's derived fields. The parent, children and ply follow from the
 * ends (pre-order); enter and leave from counting the events in order;
 * the window from the parent's: a child's is (-beta, -alpha) of its
 * parent, alpha as raised so far (by a raising stand pat or alpha raise);
 * qply is the parent's plus one at a quiescence node (0 at the first, whose
 * parent's is -1), -1 in the main search; the root's window is (-SCORE_INF,
 * SCORE_INF). A node whose window, ply or qply is not the derived one (an
 * aspiration window, another engine's file) has them stored as an
 * exception.
 */
struct tcold {
	uint32_t parent, enter, leave;
	int16_t alpha, beta;
	uint8_t ply;
	uint8_t qply1;      /* qply + 1 (TRACE_QPLY1): 0 in the main search, up to SEARCH_MAX_PLY + 1 */
	uint16_t children;
};

/*
 * A qply stored in a byte: plus one, so the main search's -1 is 0 and a
 * quiescence node at ply 128 below a depth-0 root (qply 128, the ply limit)
 * still fits, where a signed byte would wrap to -128.
 */
#define TRACE_QPLY1(qply) ((uint8_t)((qply) + 1))
#define TRACE_QPLY(qply1) ((int)(qply1) - 1)

/* The end of a node whose subtree holds 65,535 nodes or more (a few near the root). */
struct tfar {
	uint32_t id, end;
};
#define SPAN_FAR 0xFFFFu

/* A node whose window, ply or qply differ from the derived ones. */
struct texc {
	uint32_t id;
	int16_t alpha, beta;
	uint8_t ply;
	uint8_t qply1;      /* qply + 1 (TRACE_QPLY1) */
};

/*
 * A node being recorded (entered and not yet left), with what its next
 * child's window, ply and qply are derived to be: (-beta, -alpha as raised
 * so far), ply + 1, and qply + 1 for a quiescence child (-1 otherwise). The
 * stack's first entry stands for the root's parent.
 */
struct topen {
	struct tnode *rec;
	uint32_t id;
	int16_t calpha, cbeta;
	uint8_t cply;
	int16_t cqply;
};

/* The window, ply and qply the root is derived to have. */
#define TRACE_ROOT_ALPHA (-SCORE_INF)
#define TRACE_ROOT_BETA SCORE_INF

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
#define POST_LEFT 0x40u
#define POST_KIND 15u

#define NODE_BITS 16          /* 65,536 nodes (640 KB; 1.25 MB derived) a chunk */
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
	struct chunked colds;  /* the derived fields: built on the first read, for cold_nodes nodes and cold_events events */
	uint32_t cold_nodes, cold_events;
	struct texc *exc;      /* the exceptions, by id */
	uint32_t nexc, capexc;
	struct tfar *far;      /* the ends of the large subtrees, by id */
	uint32_t nfar, capfar;
	struct topen *open;    /* the nodes being recorded after the root's parent (open[0]) */
	struct topen *top;     /* the innermost */
	struct topen *open_end;
	uint32_t capopen;
	struct tnode *wr, *wr_end;   /* the room for the next nodes in the last chunk (wr == wr_end: none) */
	uint32_t event_count;
	uint8_t last_kind;     /* the last event recorded, to fold the implied ones */
	uint32_t last_left;    /* the last node left, and its record (valid while last_kind is TE_LEAVE) */
	struct tnode *last_rec;
	bool stopped;          /* the search was cut short */
	bool eval_other, order_other;   /* another engine's values, its move order (trace_set_origin) */
	struct trace_declared declared; /* what the engine declares it does (trace_set_declared) */
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

/* The end of a large subtree's node ID (trace_derive.c: a binary search of the far list). */
uint32_t trace_far_end(const struct trace *t, uint32_t id);
/* Notes that node ID's subtree ends at END (kept in order of id). */
void trace_far_add(struct trace *t, uint32_t id, uint32_t end);

/* One past the last node of node ID's subtree (ID + 1 until the node is left). */
static inline uint32_t trace_node_end(const struct trace *t, uint32_t id)
{
	const struct tnode *n = trace_tnode(t, id);

	return n->span != SPAN_FAR ? id + n->span : trace_far_end(t, id);
}

static inline struct tcold *trace_tcold(const struct trace *t, uint32_t i)
{
	return &((struct tcold *)t->colds.chunk[i >> NODE_BITS])[i & ((1u << NODE_BITS) - 1)];
}

static inline struct xevent *trace_xev(const struct trace *t, uint32_t i)
{
	return &((struct xevent *)t->xevs.chunk[i >> XEV_BITS])[i & ((1u << XEV_BITS) - 1)];
}

/* The value an implied decision right after the entry of a node (static value EVAL, at PLY) carries. */
static inline int trace_post_value(int eval, int ply, int kind)
{
	switch (kind) {
	case TE_MATE: return -(SCORE_MATE - ply);
	case TE_STALEMATE: return 0;
	default: return eval;
	}
}

/* Whether an event of KIND with EXTRA raises its node's alpha (to the event's value). */
static inline bool trace_raises(int kind, int extra)
{
	return kind == TE_ALPHA_RAISE || (kind == TE_STAND_PAT && extra == TSP_RAISE);
}

/* Adds room for one more node, or for at least one more stored event (trace.c). */
void trace_grow_nodes(struct trace *t);
void trace_grow_xevs(struct trace *t);
/* Room for the derived fields of every node, in chunks like the nodes' (trace.c, for trace_derive.c). */
void trace_colds_reserve(struct trace *t);
/* Room for one more node being recorded, or one more exception (trace.c). */
void trace_grow_open(struct trace *t);
void trace_grow_exc(struct trace *t);
/*
 * The array A of *CAP elements of ELEM bytes, doubled (to FIRST when
 * empty), the bytes added counted in *BYTES (trace.c).
 */
void *trace_array_grow(void *a, uint32_t *cap, uint32_t first, size_t elem, size_t *bytes);

/* Sets what the children of a node being recorded with window (ALPHA, BETA) at PLY and QPLY derive. */
static inline void trace_open_set(struct topen *o, int alpha, int beta, int ply, int qply)
{
	o->calpha = (int16_t)-beta;
	o->cbeta = (int16_t)-alpha;
	o->cply = (uint8_t)(ply + 1);
	o->cqply = (int16_t)(qply + 1);
}
/*
 * Derives every node's cold fields if the trace changed since they were
 * (trace_derive.c): every reading function that needs them calls it first. It
 * changes no event, but writes into T: a trace is read by one thread at a
 * time, as its jumps' index already required.
 */
void trace_cold_need(const struct trace *t);
/* Whether the imminent growths would pass the budget (trace.c; trace_full's slow half). */
bool trace_over_budget(const struct trace *t);
/* Sets T->tight after a change of the arrays' sizes or of the budget (trace.c). */
void trace_budget_update(struct trace *t);
/* The last node entered at or before event EV (trace.c). */
uint32_t trace_node_of_event(const struct trace *t, uint32_t ev);
/* Frees the jumps' index (trace_index.c). */
void trace_index_free(struct trace *t);

#endif
