/*
 * tracediff.h: two search trees of the same position, aligned by move path.
 *
 * A node of trace A and a node of trace B are the same node when the same
 * moves lead to them from the root. The diff walks the aligned pairs in A's
 * search order and finds the first decision where the two searches part:
 * a window, a stand pat one took and the other did not, a capture one pruned
 * and the other searched, a move only one searched, a different value. When
 * both traces use quiesce's evaluation and move order, decisions and values
 * are compared event by event; when either declares its own evaluation or
 * move order ("eval":"other", "order":"other"), raw values, windows and the
 * order of the moves legitimately differ, and only the decisions that do not
 * depend on them are compared (where the stand pat is taken, main search or
 * quiescence, the leaves a position forces: mate, stalemate, limits).
 * It also counts the nodes only in A or only in B, and the explosion
 * profile: nodes per quiescence ply in each trace. The diff never prints.
 */
#ifndef QUIESCE_TRACEDIFF_H
#define QUIESCE_TRACEDIFF_H

#include "chess/board.h"
#include "search/search.h"
#include "search/trace.h"
#include "base/types.h"

#define TRACEDIFF_WHY_MAX 256
/* Profile rows: the main search, then quiescence plies 0 .. TRACEDIFF_QPLIES-2, the last row "deeper". */
#define TRACEDIFF_QPLIES 64

/* Why two aligned nodes part. */
enum tracediff_reason {
	TDR_NONE = 0,
	TDR_WINDOW,         /* entered with different windows */
	TDR_STAND_PAT,      /* a stand pat one took and the other did not */
	TDR_STAND_PAT_VALUE,/* both stood pat, with different values or outcomes */
	TDR_PRUNE,          /* a capture one pruned and the other searched */
	TDR_MOVE,           /* a move only one searched, or a different next move */
	TDR_VALUE,          /* a different raise, cutoff or returned value */
	TDR_LEAF,           /* a different leaf (mate, stalemate, limit, horizon) */
	TDR_KIND            /* a main-search node in one, a quiescence node in the other */
};

/* One side of the diff. */
struct tracediff_side {
	const struct trace *t;
	const struct search_options *opt;
	bool own_values;    /* quiesce's evaluation (values comparable) */
	bool own_order;     /* quiesce's move order (order comparable) */
};

struct tracediff_result {
	bool strict;                 /* values and order compared (else decisions only) */
	bool parted;
	enum tracediff_reason reason;
	uint32_t node_a, node_b;     /* the parting pair */
	char why[TRACEDIFF_WHY_MAX]; /* what each side did there */
	uint64_t matched;            /* nodes in both */
	uint64_t only_a, only_b;     /* nodes in one tree only */
	uint32_t first_only_a, first_only_b;   /* the first such node of each (TRACE_NONE if none) */
	uint64_t profile_a[TRACEDIFF_QPLIES + 1], profile_b[TRACEDIFF_QPLIES + 1]; /* [0] main, [1+q] qply q */
	int profile_rows;            /* rows in use (1 + the deepest qply + 1, capped) */
};

/* Diffs A and B, two traces of ROOT, into R. Cannot fail. */
void tracediff_run(const struct tracediff_side *a, const struct tracediff_side *b, const struct position *root,
		   struct tracediff_result *r);

const char *tracediff_reason_name(enum tracediff_reason reason);

#endif
