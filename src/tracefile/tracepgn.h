/* tracepgn.h: a recorded search written as one PGN game. */
#ifndef QUIESCE_TRACEPGN_H
#define QUIESCE_TRACEPGN_H

#include <stdio.h>

#include "search/search.h"
#include "search/trace.h"

/*
 * Writes a search as one PGN game from ROOT: its principal variation as the
 * moves, the score as a comment after the first move, and up to
 * TRACEPGN_ALTERNATIVES other root moves from the trace T (best first) as
 * variations, each with its score as a comment ("<= -35" when it is only a
 * bound). The signature is the trace writers' (traceio.h).
 */
#define TRACEPGN_ALTERNATIVES 5
void tracepgn_write(FILE *out, const struct trace *t, const struct position *root,
		    const struct search_options *opt, const struct search_result *res);

#endif
