/* deepen.c: iterative deepening under a node limit, for play (uci, match). */
#include "search/deepen.h"

#include "chess/movegen.h"
#include "base/util.h"

void deepen_run(const struct position *root, const struct search_options *opt, struct deepen *d)
{
	struct search_options o = *opt;
	struct search_result res;

	d->best = MOVE_NONE;
	d->depth = 0;
	d->used = 0;
	d->finished = false;
	o.progress = NULL;
	/*
	 * With --tt one table serves every iteration of this move (the results
	 * of depth d answer the nodes of depth d in the next iteration) and is
	 * freed after it: the next move starts from an empty table, so a match
	 * plays the same moves in any order of its games (--jobs). An iteration
	 * that records a trace starts from an empty table, so that the trace
	 * holds every entry its cutoffs use (check-trace's tt-stored rule).
	 */
	if (o.tt && o.table == NULL && (o.table = tt_new(o.tt_size)) == NULL)
		util_die("out of memory for a transposition table of %d MB (--tt-size)", o.tt_size);
	for (int depth = 1; depth <= d->max_depth && !(d->stop && *d->stop); depth++) {
		struct trace *tr;
		bool taken;

		if (depth > 1 && d->start && !d->start(d->ctx, depth))
			break;
		if (d->nodes > 0 && d->used >= d->nodes)
			break;
		o.depth = depth;
		o.max_nodes = d->nodes > 0 ? d->nodes - d->used : 0;
		tr = d->trace ? d->trace(d->ctx, depth) : NULL;
		if (o.table && tr)
			tt_clear(o.table);
		search_run(root, &o, tr, d->stop, &res);
		d->used += res.nodes;
		/* A stopped iteration counts only when no iteration finished, and only with a root move that did. */
		taken = !res.stopped || (d->best == MOVE_NONE && res.best != MOVE_NONE && res.has_score);
		if (taken) {
			d->best = res.best;
			d->depth = depth;
			d->finished = !res.stopped;
		}
		if (d->done)
			d->done(d->ctx, &res, depth, d->used, taken);
		if (res.stopped || res.best == MOVE_NONE)
			break;  /* the limit, or no legal move: mate or stalemate on the board */
	}
	if (o.table != opt->table)
		tt_free(o.table);
	if (d->best == MOVE_NONE) {
		struct move_list list;

		/* Stopped before the first root move finished, or a depth-0 stand pat: any legal move beats none. */
		movegen_all(root, &list);
		if (list.count > 0)
			d->best = list.moves[0];
	}
}
