/*
 * tracereader.h: reading a search trace back from a file, in either form of
 * the "quiesce-trace" format (quiesce-trace(5)): the JSON document (versions
 * 1 and 2) or JSON Lines (version 2). The JSON syntax is simdjson's; the
 * reader adds the format's meaning, derives what a file leaves out, and
 * checks that the trace is one search could have made.
 */
#ifndef QUIESCE_TRACEREADER_H
#define QUIESCE_TRACEREADER_H

#include <stdio.h>

#include "chess/board.h"
#include "search/search.h"
#include "search/trace.h"
#include "base/types.h"

/* What a trace file says besides the trace, the root, the options and the result. */
struct tracereader_info {
	int version;          /* the format version: 1 or 2 */
	bool jsonl;           /* the file was in the JSON Lines form */
	bool eval_other;      /* "eval": "other": the values are the engine's own evaluation */
	bool order_other;     /* "order": "other": the engine orders moves its own way */
	bool has_result;      /* the file gave a "result" (else it was derived from the trace) */
	char engine[64];      /* the header's "engine" string, or "" */
	/*
	 * Events of a kind this reader does not know (a later version's, an
	 * engine's own), skipped as quiesce-trace(5) VERSIONS allows: how many,
	 * and the first one's kind, for the caller to say on standard error.
	 */
	uint64_t skipped_events;
	char skipped_kind[32];
	/* What the header's "declares" says the engine does besides quiesce's rules (trace.h). */
	struct trace_declared declared;
};

/* Says on ERR_OUT how many events INFO's reading of NAME skipped (nothing when none). */
void tracereader_report_skipped(FILE *err_out, const char *name, const struct tracereader_info *info);

/*
 * Reads a trace from IN into T (cleared first; make it with trace_new),
 * ROOT, OPT and RES, and, when INFO is not NULL, what else the file says.
 * The form (JSON document or JSON Lines) is told from the content. Keys may
 * come in any order and unknown keys are ignored; the fields the format
 * marks optional are derived by replaying the moves from the root. The
 * trace must be consistent: ids in order, each parent the node being
 * searched, every move legal where it is played, every node entered and
 * left once, the values in range and the optional fields, when given,
 * agreeing with what they are derived from.
 *
 * On failure it returns false, T is empty, and ERR holds the line and column
 * (1-based) of the fault and a message "NAME:LINE:COLUMN: PATH: what", the
 * PATH naming the JSON value ("nodes[12].move"); without NAME the message
 * starts "line L, column C: ". RES->seconds is 0 and RES->interrupted false
 * (the format keeps neither); RES->mates counts the "mate" events.
 */
bool tracereader_read(FILE *in, const char *name, struct trace *t, struct position *root,
		      struct search_options *opt, struct search_result *res,
		      struct tracereader_info *info, struct error *err);

/*
 * Who follows a reading as it goes (tracereader_read_observed): START once
 * the header is read (the root, the options and what the file says so far:
 * its declarations and whose evaluation and order it has), then EVENT for
 * every event in the order the trace records it, as trace_iter_next would
 * give it afterwards; an enter comes with its node (trace_node_get's
 * fields known at entry: parent, move, ply, qply, window, eval and flags;
 * the others 0), and every event with the position of its node, as the
 * reader replays it (valid during the call). A reading that fails stops
 * telling.
 */
struct tracereader_observer {
	void *ctx;
	void (*start)(void *ctx, const struct position *root, const struct search_options *opt,
		      const struct tracereader_info *info);
	void (*event)(void *ctx, const struct trace_event *e, const struct trace_node *nd, const struct position *pos);
};

/* tracereader_read, telling OBS what it reads as it reads it (NULL: nobody). */
bool tracereader_read_observed(FILE *in, const char *name, struct trace *t, struct position *root,
			       struct search_options *opt, struct search_result *res,
			       struct tracereader_info *info, const struct tracereader_observer *obs,
			       struct error *err);

/*
 * Sets the memory budget a reading into T keeps to, from a --max-memory
 * value MAX_MEMORY (0: the default budget, trace_default_budget;
 * SEARCH_NO_MEMORY_LIMIT: none). tracereader_read stops, with a message
 * naming the file, the line and the budget, at a line or a document longer
 * than a quarter of the budget, gzip files included (they inflate only as
 * far as they are read).
 */
void tracereader_budget(struct trace *t, uint64_t max_memory);

/* The same without a file name for the messages and without INFO (kept for older callers). */
bool tracereader_read_json(FILE *in, struct trace *t, struct position *root,
			   struct search_options *opt, struct search_result *res, struct error *err);

#endif
