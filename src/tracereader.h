/* tracereader.h: reading a search trace back from its JSON form. */
#ifndef QUIESCE_TRACEREADER_H
#define QUIESCE_TRACEREADER_H

#include <stdio.h>

#include "board.h"
#include "search.h"
#include "trace.h"
#include "types.h"

/*
 * Reads a JSON trace written by traceio_write_json into T (which is cleared
 * first; make it with trace_new), ROOT, OPT and RES. The reader is strict:
 * the syntax is JSON (RFC 8259), every documented key must be present with a
 * value of the right type and range, no other key may appear, and the trace
 * must be consistent (ids in order, every move legal where it is played,
 * every node entered and left once, children lists matching the parents).
 * On failure it returns false and ERR gives the line and column (1-based)
 * of the first fault with a message starting "line L, column C: ".
 * RES->seconds is 0 and RES->interrupted false (the format keeps neither);
 * RES->mates counts the "mate" events.
 */
bool tracereader_read_json(FILE *in, struct trace *t, struct position *root,
			   struct search_options *opt, struct search_result *res, struct error *err);

#endif
