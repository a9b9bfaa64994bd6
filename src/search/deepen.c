/* deepen.c: iterative deepening under a node limit, for play (uci, match). */
#include "search/deepen.h"

#include "chess/movegen.h"

void deepen_run(const struct position *root, const struct search_options *opt, struct deepen *d)
{
	struct search_options o = *opt;
	struct search_result res;

	d->best = MOVE_NONE;
	d->depth = 0;
	d->used = 0;
	d->finished = false;
	o.progress = NULL;
	for (int depth = 1; depth <= d->max_depth && !(d->stop && *d->stop); depth++) {
		bool taken;

		if (depth > 1 && d->start && !d->start(d->ctx, depth))
			break;
		if (d->nodes > 0 && d->used >= d->nodes)
			break;
		o.depth = depth;
		o.max_nodes = d->nodes > 0 ? d->nodes - d->used : 0;
		search_run(root, &o, d->trace ? d->trace(d->ctx, depth) : NULL, d->stop, &res);
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
	if (d->best == MOVE_NONE) {
		struct move_list list;

		/* Stopped before the first root move finished, or a depth-0 stand pat: any legal move beats none. */
		movegen_all(root, &list);
		if (list.count > 0)
			d->best = list.moves[0];
	}
}
