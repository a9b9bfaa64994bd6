/*
 * tracecheck.h: checking a search trace against the documented search rules.
 *
 * A trace, whoever wrote it (quiesce, or another engine through qtrace.h),
 * declares the options its search follows; the checker replays the trace
 * from the root position and verifies, decision by decision, that the search
 * kept the rules of those options: windows passed down, stand pat only where
 * allowed and with the right outcome, cutoffs only at or above beta, scores
 * consistent with the children and the fail-hard / fail-soft choice, mate
 * scores by distance, the depth limits and the pruning conditions. The rules
 * are listed, with their names, in quiesce-trace(5) ("CHECKED RULES").
 * The checker never prints: it returns the violations.
 */
#ifndef QUIESCE_TRACECHECK_H
#define QUIESCE_TRACECHECK_H

#include "chess/board.h"
#include "search/search.h"
#include "search/trace.h"
#include "base/types.h"

#define TRACECHECK_RULE_MAX 32
#define TRACECHECK_MSG_MAX 200
/* At most this many violations are kept; the rest are only counted. */
#define TRACECHECK_KEEP 10000

struct tracecheck_violation {
	uint32_t node;
	char rule[TRACECHECK_RULE_MAX];   /* e.g. "stand-pat-in-check" */
	char msg[TRACECHECK_MSG_MAX];     /* what was expected and what was found */
	uint64_t consequences;            /* --scope quiescence: violations below it, counted here, not listed */
};

/* What the checker may assume about the trace's values. */
struct tracecheck_config {
	/*
	 * The values are quiesce's own (the trace declares one of quiesce's
	 * evaluations): the stand-pat values must equal the nodes' evaluations,
	 * the captured values of delta prunes quiesce's piece values and the
	 * SEE values quiesce's. False for "eval":"other": an engine's own
	 * values are taken as given, and only their use is checked.
	 */
	bool own_values;
	/*
	 * check-trace --scope quiescence: the main search is taken as given
	 * (any moves, depths, windows, reductions, prunes) and every quiescence
	 * subtree is checked in full; a violation is reported once, at the
	 * node where it starts, with the count of the violations below it
	 * (its consequences) instead of each of them.
	 */
	bool scope_quiescence;
};

struct tracecheck_report {
	struct tracecheck_violation *v;   /* the first TRACECHECK_KEEP violations, in event order */
	size_t kept;
	size_t total;                     /* every violation found */
	uint64_t nodes, events;           /* how much was checked */
};

/*
 * Checks T, a trace of a search of ROOT with options OPT, and fills REP
 * (which tracecheck_report_free releases). The trace must be well formed
 * (as the trace reader guarantees: ids in pre-order, every node entered and
 * left once, legal moves); the checker verifies the search rules only,
 * with what the trace declares its engine does besides (trace_get_declared:
 * transposition-table cutoffs, extensions, draws, null moves, re-searches,
 * the promotions its quiescence search tries).
 */
void tracecheck_run(const struct trace *t, const struct position *root, const struct search_options *opt,
		    const struct tracecheck_config *cfg, struct tracecheck_report *rep);

void tracecheck_report_free(struct tracecheck_report *rep);

/*
 * Writes node N's move path from the root in UCI ("e2e4 d7d5 e4d5"), or
 * "root" for the root, into BUF (N bytes; a long path is cut with "...").
 */
void tracecheck_path(const struct trace *t, uint32_t node, char *buf, size_t n);

#endif
