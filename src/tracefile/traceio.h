/*
 * traceio.h: a recorded search trace written out as JSON or JSON Lines (for
 * programs), as an indented text tree (for a person in a pager) or as a
 * Graphviz graph (tracereader.h reads both JSON forms back in).
 *
 * Every writer takes the trace together with what it is a trace of: the root
 * position, the options the search ran with and its result. The JSON format
 * ("quiesce-trace") is specified in quiesce-trace(5): the document and the
 * JSON Lines of every field (version 2) write every field, optional ones
 * included, in the order the manual lists them, one node and one event per
 * line; the compact JSON Lines (version 3) only what cannot be derived. The text format is ASCII and
 * deterministic (no timings), so that it can be compared byte for byte.
 */
#ifndef QUIESCE_TRACEIO_H
#define QUIESCE_TRACEIO_H

#include <stdio.h>

#include "chess/board.h"
#include "search/search.h"
#include "search/trace.h"
#include "base/types.h"

#define TRACEIO_FORMAT "quiesce-trace"
/* The newest version, written in the compact JSON Lines; the forms of every field are version 2's. */
#define TRACEIO_VERSION 3
#define TRACEIO_VERSION_FULL 2

void traceio_write_json(FILE *out, const struct trace *t, const struct position *root,
			const struct search_options *opt, const struct search_result *res);
/*
 * The JSON Lines form: the header on the first line, then one record a line
 * in the order the search made them (each node's record just before its
 * enter event), and the result last.
 */
void traceio_write_jsonl(FILE *out, const struct trace *t, const struct position *root,
			 const struct search_options *opt, const struct search_result *res);
/*
 * The compact JSON Lines form (version 3): the header, then each event as
 * an array of its kind and required values, every field a reader derives
 * left out (a value is written only where it is not the one derived), and
 * the result last. About a tenth of the size of the form of every field.
 */
void traceio_write_jsonl_compact(FILE *out, const struct trace *t, const struct position *root,
				 const struct search_options *opt, const struct search_result *res);
/*
 * The compact JSON document (version 3): the header, the options, the
 * result, and "events": the compact records of traceio_write_jsonl_compact,
 * one a line; no "nodes" (each follows from its enter).
 */
void traceio_write_json_compact(FILE *out, const struct trace *t, const struct position *root,
				const struct search_options *opt, const struct search_result *res);
void traceio_write_text(FILE *out, const struct trace *t, const struct position *root,
			const struct search_options *opt, const struct search_result *res);
void traceio_write_dot(FILE *out, const struct trace *t, const struct position *root,
		       const struct search_options *opt, const struct search_result *res);

/*
 * Writes SCORE as the text format prints it: "+35", "-120", "0", and
 * "+inf" / "-inf" for the open window's bounds (plus or minus SCORE_INF).
 * BUF holds at least 16 bytes.
 */
void traceio_format_score(int score, char *buf, size_t n);

#endif
