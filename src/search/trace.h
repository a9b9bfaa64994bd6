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

#include "base/types.h"
#include "chess/score.h"

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
	TE_FUTILITY_PRUNE, /* MOVE skipped: v1 = captured value (TFP_VALUE) or its SEE (TFP_SEE), v2 = margin; extra = rule */
	TE_RECAPTURE_PRUNE, /* MOVE skipped: not to the square the node's move went to (--recaptures) */
	TE_EVASION_PRUNE,  /* quiet evasion MOVE skipped: v1 = the best score so far, v2 = evasions searched */
	/* What real engines do besides (quiesce-trace(5), DECLARATIONS): none of them is quiesce's own. */
	TE_TT_CUTOFF,      /* a transposition-table hit ends the node: v1 = the stored value, v2 = its depth, extra = its bound (TB_*) */
	TE_DRAW,           /* a draw (repetition, fifty moves) ends the node: v1 = 0; extra = reason (TDR_*) */
	TE_EXTENSION,      /* the next move's child is searched v1 plies deeper (negative: a reduction); extra = reason (TXR_*) */
	TE_NULL_MOVE,      /* a null move was searched: v1 = its value for this node, v2 = the reduction R */
	TE_KIND_COUNT
};

/* Whether events of KIND skip a move: delta, SEE, futility, recapture and evasion pruning. */
static inline bool trace_is_prune(int kind)
{
	return kind == TE_DELTA_PRUNE || kind == TE_SEE_PRUNE || kind == TE_FUTILITY_PRUNE || kind == TE_RECAPTURE_PRUNE ||
	       kind == TE_EVASION_PRUNE;
}

/* A tt_cutoff's depth when the trace does not give it (a foreign engine's). */
#define TRACE_TT_DEPTH_NONE (-32768)

/* Which futility rule pruned: the captured value could not reach alpha, or the capture wins nothing by SEE. */
enum { TFP_VALUE = 0, TFP_SEE = 1 };

/* Why a draw (TE_DRAW) and why an extension (TE_EXTENSION): names in trace.c. */
enum { TDR_REPETITION = 0, TDR_FIFTY = 1, TDR_OTHER = 2, TDR_COUNT };
enum { TXR_CHECK = 0, TXR_ONE_REPLY = 1, TXR_REDUCTION = 2, TXR_OTHER = 3, TXR_COUNT };

/*
 * What a trace declares its engine does besides quiesce's own search rules
 * (the header's "declares", quiesce-trace(5)): each lets the events of a
 * kind or a move choice that quiesce's search never makes, and check-trace
 * checks them against it. All false (and quiet_promotions true) for
 * quiesce's own.
 */
struct trace_declared {
	bool tt;                 /* tt_cutoff leaves */
	bool extensions;         /* extension events (and reductions) */
	bool draws;              /* draw leaves */
	bool null_move;          /* null_move events, and a cutoff by the null move */
	bool research;           /* a child entered again by the same move, windows inside the parent's */
	bool quiet_promotions;   /* the quiescence search searches quiet queen promotions (quiesce does) */
	bool underpromotions;    /* and underpromotions (quiesce does not) */
};

struct trace;

/* The declarations of quiesce's own search. */
void trace_declared_defaults(struct trace_declared *d);
/* Whether D declares anything quiesce's own search does not do. */
bool trace_declared_any(const struct trace_declared *d);
/* A trace's declarations (a recorded trace: quiesce's own; trace_clear forgets), kept as trace_set_origin keeps the origin. */
void trace_set_declared(struct trace *t, const struct trace_declared *d);
void trace_get_declared(const struct trace *t, struct trace_declared *d);

/* What a stand pat did. */
enum { TSP_NONE = 0, TSP_RAISE = 1, TSP_CUTOFF = 2 };

/*
 * The bound a score is: exact (alpha < score < beta), a lower bound (>= beta)
 * or an upper bound (<= alpha); the score scale's own words (chess/score.h),
 * so that score_format_bound takes a node's bound as it is.
 */
enum { TB_EXACT = SCORE_EXACT, TB_LOWER = SCORE_LOWER, TB_UPPER = SCORE_UPPER };

/* The bound (TB_*) SCORE is against the window (ALPHA, BETA). */
static inline int trace_bound_of(int score, int alpha, int beta)
{
	return score >= beta ? TB_LOWER : score <= alpha ? TB_UPPER : TB_EXACT;
}

/* Node flags. */
enum {
	TN_IN_CHECK = 1,
	TN_PV = 2,          /* on the principal variation */
	TN_QUIESCENCE = 4   /* a quiescence node (else the main search) */
};

/*
 * One node, as the accessors present it: a decoded copy, not the stored
 * record (the storage is private to trace.c and may be packed).
 */
struct trace_node {
	uint32_t parent;    /* TRACE_NONE for the root */
	uint32_t end;       /* one past the last node of this subtree */
	uint32_t enter;     /* index of the TE_ENTER event */
	uint32_t leave;     /* index of the TE_LEAVE event (TRACE_NONE while the node is open) */
	int16_t alpha;      /* window at entry */
	int16_t beta;
	int16_t eval;       /* static evaluation, side to move's view */
	int16_t score;      /* value returned */
	move move;          /* the move that led here (MOVE_NONE at the root) */
	uint8_t ply;        /* distance from the root */
	int16_t qply;       /* quiescence ply, or -1 in the main search (up to SEARCH_MAX_PLY at a depth-0 root) */
	uint8_t flags;      /* TN_* */
	uint8_t bound;      /* TB_* of the score */
	uint16_t children;  /* number of children */
};

/*
 * One event, as the accessors present it (a decoded copy). For TE_MOVE, v1
 * and v2 hold the child's id (low and high halves); for TE_ENTER, v1 and v2
 * are the node's window; for TE_LEAVE, v1 is the score and extra the bound.
 */
struct trace_event {
	uint32_t node;
	uint8_t kind;
	uint8_t extra;
	move move;
	int16_t v1;
	int16_t v2;
};

/* The event of NODE of KIND with its move, values and extra (v1 and v2 as the record keeps them, 16 bits). */
static inline struct trace_event trace_event_make(uint32_t node, int kind, move m, int v1, int v2, int extra)
{
	struct trace_event e;

	e.node = node;
	e.kind = (uint8_t)kind;
	e.extra = (uint8_t)extra;
	e.move = m;
	e.v1 = (int16_t)v1;
	e.v2 = (int16_t)v2;
	return e;
}

/* The trace itself is opaque: read it through the functions below. */
struct trace;

struct trace *trace_new(void);
void trace_free(struct trace *t);
/* A copy of A, every node and event (trimmed; the jumps' index is rebuilt on use). */
struct trace *trace_copy(const struct trace *a);
/* Empties T for a new recording (its budget stays). */
void trace_clear(struct trace *t);

/*
 * Recording (used by the search and the readers): trace_enter, trace_event,
 * trace_move, trace_leave and trace_full are inline, in trace_record.h.
 * trace_trim gives back the room allocated beyond the records once the
 * trace is complete (a later recording grows it again).
 */
void trace_trim(struct trace *t);
/* Adds the TN_* FLAGS to node N. */
void trace_node_mark(struct trace *t, uint32_t n, unsigned flags);
/* Marks TN_PV on the root and on the nodes of the line PV (LEN moves) from it, as far as the tree has them. */
void trace_mark_pv(struct trace *t, const move *pv, int len);

/* Reading. */
uint32_t trace_node_count(const struct trace *t);
uint32_t trace_event_count(const struct trace *t);
/*
 * Node N (N < trace_node_count) and event EV (EV < trace_event_count),
 * decoded. The first read after a recording derives the fields the search
 * did not store (about 20 bytes a node, one pass: trace_int.h), so a trace
 * is read by one thread at a time.
 */
struct trace_node trace_node_get(const struct trace *t, uint32_t n);
/* Node N's move, score and bound (TB_*) alone: these derive nothing. */
move trace_node_move(const struct trace *t, uint32_t n);
int trace_node_score(const struct trace *t, uint32_t n);
int trace_node_bound(const struct trace *t, uint32_t n);
/*
 * What node N's value is worth to a reader (TB_*): TB_EXACT for a leaf
 * whose value is the position's own (checkmate, stalemate, or the static
 * value of a horizon, qdepth-limit, ply-limit or quiet leaf: the search
 * clamps none of them), even where that value lies outside the window;
 * otherwise trace_node_bound, the value against its window. The views write
 * a node's value with this mark (score_format_bound).
 */
int trace_node_value_bound(const struct trace *t, uint32_t n);

/*
 * Whether node N has no value to show: it was never left, or the search
 * stopped inside its subtree (N is the node where it stopped, or one of its
 * ancestors), so what it returned is what a cut-short loop held, neither
 * its value nor a bound on it.
 */
bool trace_node_unfinished(const struct trace *t, uint32_t n);

/*
 * Node N's value as every view writes it: "?" when it is unfinished, else
 * its score seen from its ply with its mark (trace_node_value_bound,
 * score_format_bound: "+35", ">=+50", "<=-100"). At most SIZE bytes
 * (SCORE_BOUND_BUFSIZE is enough).
 */
void trace_node_value_text(const struct trace *t, uint32_t n, char *buf, size_t size);
struct trace_event trace_event_get(const struct trace *t, uint32_t ev);
/*
 * Whose values and move order a trace holds: a trace read from a file whose
 * header says "eval": "other" or "order": "other" holds another engine's
 * (a recorded trace: quiesce's own; trace_clear forgets). The writers say
 * "other" again, so a trace opened and written keeps its header's claim.
 */
void trace_set_origin(struct trace *t, bool eval_other, bool order_other);
bool trace_eval_other(const struct trace *t);
bool trace_order_other(const struct trace *t);

/* Whether the search was cut short, and the node whose loop the stop broke (TRACE_NONE if not stopped). */
bool trace_stopped(const struct trace *t);
uint32_t trace_stopped_at(const struct trace *t);

/*
 * An in-order walk over the events from a given index, O(1) a step:
 *	struct trace_iter it;
 *	struct trace_event e;
 *	for (trace_iter_init(&it, t, 0); trace_iter_next(&it, &e);)
 *		... it.index is e's index ...
 */
struct trace_iter {
	const struct trace *t;
	uint32_t index;     /* the index of the event trace_iter_next returned last */
	uint32_t next;      /* private: the next index */
	uint32_t node;      /* private: the walk's state */
	uint32_t aux;
	uint32_t chain;
};
void trace_iter_init(struct trace_iter *it, const struct trace *t, uint32_t from);
bool trace_iter_next(struct trace_iter *it, struct trace_event *e);

/* Navigation. */
static inline uint32_t trace_child_of_move_event(const struct trace_event *e)
{
	return (uint32_t)(uint16_t)e->v1 | ((uint32_t)(uint16_t)e->v2 << 16);
}

/* The first child of N, or TRACE_NONE. */
uint32_t trace_first_child(const struct trace *t, uint32_t n);
/* The child of N reached by move M, or TRACE_NONE. */
uint32_t trace_child_by_move(const struct trace *t, uint32_t n, move m);
/* The child of PARENT after its child C, or TRACE_NONE (derives nothing: the way to walk a node's children). */
uint32_t trace_next_child(const struct trace *t, uint32_t parent, uint32_t c);
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
bool trace_node_is_horizon(const struct trace *t, uint32_t n);

/*
 * The first event of KIND after EV (DIR > 0) or the last before it (DIR < 0),
 * or TRACE_NONE. KIND is a TE_* kind or TRACE_STAND_PAT_CUTOFF (a stand pat
 * that cut off). O(log n) a call, with an index (about 2 bytes a node; 4
 * more for TE_LEAVE) built on the first call after the trace changed: the
 * tutor's "next event of a kind" keys. Not for a trace being recorded by
 * another thread.
 */
#define TRACE_STAND_PAT_CUTOFF TE_KIND_COUNT
uint32_t trace_find_kind(const struct trace *t, uint32_t ev, int kind, int dir);

/*
 * The benchmark of trace_find_kind (quiesce bench): the index's build time,
 * then jumps of several kinds both ways from 1,000 events spread over T,
 * each timed in processor time (the index, leaves included, is built first
 * and timed apart).
 */
struct trace_jump_bench {
	uint32_t jumps;
	double index_ms;    /* building the index (processor ms) */
	double mean_us;     /* a jump, processor microseconds */
	double max_us;
};
void trace_bench_jumps(const struct trace *t, struct trace_jump_bench *b);

/*
 * The one table of event kinds (trace.c): each kind's name, as files,
 * messages and commands give it, and the keys of the values a compact
 * record gives by position, in order (NULL past the last).
 */
struct trace_kind_info {
	const char *name;
	const char *values[2];
};
extern const struct trace_kind_info trace_kinds[TE_KIND_COUNT];

/* Names for the event kinds ("stand_pat", "beta_cutoff", …) and back (-1: no such kind). */
const char *trace_kind_name(int kind);
int trace_kind_parse(const char *name);
/* The kinds' names in TE_* order, NULL-terminated. */
const char *const *trace_kind_names(void);
/* Writes "enter, stand_pat, ..." into BUF (N bytes), each name between QUOTEs; returns the length written. */
size_t trace_kind_list(char *buf, size_t n, const char *quote);
/* The names of a stand pat's outcomes (TSP_*) and of the bounds (TB_*), and the NULL-terminated lists of them. */
const char *trace_outcome_name(int outcome);
/* The names of the futility rules (TFP_*: "value", "see"), NULL-terminated. */
const char *const *trace_futility_rule_names(void);
const char *const *trace_outcome_names(void);
const char *trace_bound_name(int bound);
const char *const *trace_bound_names(void);
/* The names of the draw reasons (TDR_*) and of the extension reasons (TXR_*), NULL-terminated, and one by number. */
const char *const *trace_draw_reasons(void);
const char *const *trace_extension_reasons(void);
const char *trace_draw_reason_name(int reason);
const char *trace_extension_reason_name(int reason);

/* Bytes allocated per node (nodes and events together, slack included), for the benchmark. */
double trace_bytes_per_node(const struct trace *t);
/* Bytes the trace holds (allocated). */
size_t trace_bytes(const struct trace *t);

/*
 * The memory budget: BYTES the trace may allocate (0 for no limit; kept by
 * trace_clear). trace_full (trace_record.h) says that recording one more node and a few
 * events could pass it: the search checks it where it checks the node cap
 * and stops, so the trace stays whole and within the budget.
 */
void trace_set_budget(struct trace *t, size_t bytes);
size_t trace_budget(const struct trace *t);

/*
 * The default budget: the smaller of 1/TRACE_PHYS_SHARE of the physical
 * memory and 1/TRACE_LIMIT_SHARE of what the address-space and data limits
 * (ulimit -v, ulimit -d) leave beyond what the process already uses, so the
 * search stops with a message before malloc fails and the rest of the
 * program (the tutor's views, the writers) still has room. Whole megabytes.
 */
#define TRACE_PHYS_SHARE 2
#define TRACE_LIMIT_SHARE 2
size_t trace_default_budget(void);

#endif
