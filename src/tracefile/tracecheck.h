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
#include "tracefile/tracereader.h"
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

/*
 * The same check fed one event at a time, as a reading gives them
 * (tracereader_observer), so that a trace is checked while it is read:
 * begun with the root, the declared options (copied), what the trace
 * declares its engine does, whether it orders moves its own way
 * (trace_order_other) and CFG (kept: it must outlive the check); fed every
 * event in order, an enter with its node (trace_node_get's parent, move, ply,
 * qply, window, eval and flags) and, from a reader that replays the moves,
 * every event with the position of its node (POS; the entered node's for an
 * enter; NULL for every event when the checker is to play the moves itself);
 * ended with the trace's counts of nodes and
 * events, which frees the check. REP is filled as tracecheck_run fills it.
 */
struct tracecheck;
struct tracecheck *tracecheck_begin(const struct position *root, const struct search_options *opt,
				    const struct trace_declared *decl, bool order_other,
				    const struct tracecheck_config *cfg, struct tracecheck_report *rep);
void tracecheck_feed(struct tracecheck *tc, const struct trace_event *e, const struct trace_node *nd,
		     const struct position *pos);
void tracecheck_end(struct tracecheck *tc, uint64_t nodes, uint64_t events);

void tracecheck_report_free(struct tracecheck_report *rep);

/*
 * Reads a trace from IN as tracereader_read does (NAME names it in the
 * messages; T, ROOT, OPT, RES and INFO as there) and checks it while it is
 * read, in one pass: REP is what tracecheck_run gives on the trace read, and
 * CFG's own_values is set from the file (its values are quiesce's unless it
 * declares "eval": "other"). False when the trace cannot be read: ERR says
 * why, and REP is empty.
 */
bool tracecheck_read(FILE *in, const char *name, struct trace *t, struct position *root, struct search_options *opt,
		     struct search_result *res, struct tracereader_info *info, struct tracecheck_config *cfg,
		     struct tracecheck_report *rep, struct error *err);

/*
 * Writes node N's move path from the root in UCI ("e2e4 d7d5 e4d5"), or
 * "root" for the root, into BUF (N bytes; a long path is cut with "...").
 */
void tracecheck_path(const struct trace *t, uint32_t node, char *buf, size_t n);

#endif
