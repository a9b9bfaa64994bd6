/*
 * trace.h: the record of every decision a search made, in the order it made
 * them, built to be walked both ways by a step-through viewer.
 *
 * Nodes are numbered in the order they were entered (pre-order), so the
 * subtree of node N is the range [N, node.end): the first child of N is N+1
 * (when N has children) and the next sibling of a child C is C's end. Events
 * are numbered in time order; a node's own events lie between its "enter" and
 * "leave" events, interleaved with its children's, which occupy the ranges
 * [child.enter, child.leave].
 */
#ifndef QUIESCE_TRACE_H
#define QUIESCE_TRACE_H

#include "types.h"

#define TRACE_NONE UINT32_MAX

enum trace_kind {
	TE_ENTER = 0,      /* a node is entered */
	TE_STAND_PAT,      /* v1 = static value; extra = outcome (TSP_*) */
	TE_MOVE,           /* a move is tried; child = the node it opens */
	TE_ALPHA_RAISE,    /* v1 = new alpha, by MOVE (MOVE_NONE: by the stand pat) */
	TE_BETA_CUTOFF,    /* v1 = score >= beta, by MOVE */
	TE_DELTA_PRUNE,    /* MOVE skipped: v1 = captured value, v2 = margin */
	TE_SEE_PRUNE,      /* MOVE skipped: v1 = its SEE */
	TE_MATE,           /* no legal move in check: v1 = the mated score */
	TE_STALEMATE,      /* no legal move, not in check (main search): v1 = 0 */
	TE_HORIZON,        /* mode none at depth 0: v1 = the static value returned */
	TE_QDEPTH_LIMIT,   /* --qdepth reached: v1 = the static value returned */
	TE_PLY_LIMIT,      /* ply 128 reached: v1 = the static value returned */
	TE_QUIET_LEAF,     /* no stand pat (brute) and no move searched: v1 = the static value returned */
	TE_LEAVE,          /* v1 = the node's score; extra = bound (TB_*) */
	TE_STOPPED,        /* the search stopped here (node cap or interrupt) */
	TE_KIND_COUNT
};

/* What a stand pat did. */
enum { TSP_NONE = 0, TSP_RAISE = 1, TSP_CUTOFF = 2 };

/* The bound a score is: exact (alpha < score < beta), a lower bound (>= beta) or an upper bound (<= alpha). */
enum { TB_EXACT = 0, TB_LOWER = 1, TB_UPPER = 2 };

/* Node flags. */
enum {
	TN_IN_CHECK = 1,
	TN_PV = 2,          /* on the principal variation */
	TN_QUIESCENCE = 4   /* a quiescence node (else the main search) */
};

/* One node: 32 bytes. */
struct trace_node {
	uint32_t parent;    /* TRACE_NONE for the root */
	uint32_t end;       /* one past the last node of this subtree */
	uint32_t enter;     /* index of the TE_ENTER event */
	uint32_t leave;     /* index of the TE_LEAVE event */
	int16_t alpha;      /* window at entry */
	int16_t beta;
	int16_t eval;       /* static evaluation, side to move's view */
	int16_t score;      /* value returned */
	move move;          /* the move that led here (MOVE_NONE at the root) */
	uint8_t ply;        /* distance from the root */
	int8_t qply;        /* quiescence ply, or -1 in the main search */
	uint8_t flags;      /* TN_* */
	uint8_t bound;      /* TB_* of the score */
	uint16_t children;  /* number of children */
};

/* One event: 12 bytes. For TE_MOVE, v1 and v2 hold the child's id (low and high halves). */
struct trace_event {
	uint32_t node;
	uint8_t kind;
	uint8_t extra;
	move move;
	int16_t v1;
	int16_t v2;
};

struct trace {
	struct trace_node *nodes;
	uint32_t node_count, node_cap;
	struct trace_event *events;
	uint32_t event_count, event_cap;
	bool stopped;          /* the search was cut short */
	uint32_t stopped_at;   /* the node whose loop the stop broke, when stopped */
};

struct trace *trace_new(void);
void trace_free(struct trace *t);
void trace_clear(struct trace *t);

/* Recording (used by the search). trace_enter returns the new node's id. */
uint32_t trace_enter(struct trace *t, uint32_t parent, move m, int ply, int qply,
		     int alpha, int beta, bool in_check, int eval);
void trace_event(struct trace *t, uint32_t node, int kind, move m, int v1, int v2, int extra);
void trace_move(struct trace *t, uint32_t node, move m);
void trace_leave(struct trace *t, uint32_t node, int score, int bound);

/* Navigation. */
static inline uint32_t trace_child_of_move_event(const struct trace_event *e)
{
	return (uint32_t)(uint16_t)e->v1 | ((uint32_t)(uint16_t)e->v2 << 16);
}

/* The first child of N, or TRACE_NONE. */
uint32_t trace_first_child(const struct trace *t, uint32_t n);
/* The sibling after N, or TRACE_NONE. */
uint32_t trace_next_sibling(const struct trace *t, uint32_t n);
/* The sibling before N, or TRACE_NONE (walks the parent's children). */
uint32_t trace_prev_sibling(const struct trace *t, uint32_t n);
/* The K-th (0-based) event of node N's own events (not its children's), or TRACE_NONE. */
uint32_t trace_node_event(const struct trace *t, uint32_t n, uint32_t k);
/* The next event after EV that belongs to node N itself, or TRACE_NONE. */
uint32_t trace_node_next_event(const struct trace *t, uint32_t n, uint32_t ev);

/*
 * Whether node N is a horizon leaf of mode none: a main-search node whose one
 * decision, right after its entry, is its horizon event.
 */
static inline bool trace_node_is_horizon(const struct trace *t, uint32_t n)
{
	uint32_t next = t->nodes[n].enter + 1;

	return next < t->event_count && t->events[next].kind == TE_HORIZON && t->events[next].node == n;
}

/* Names for the event kinds ("stand_pat", "beta_cutoff", …) and back. */
const char *trace_kind_name(int kind);
int trace_kind_parse(const char *name);
const char *trace_outcome_name(int outcome);
const char *trace_bound_name(int bound);

/* Bytes held per node (nodes and events together), for the benchmark. */
double trace_bytes_per_node(const struct trace *t);

#endif
