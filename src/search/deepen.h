/*
 * deepen.h: iterative deepening under a node limit, the one rule that
 * quiesce uci ("go nodes N", "go depth N", a clock) and match --nodes play by.
 *
 * Depths 1, 2, ... are searched in turn. Each iteration may use the nodes
 * the earlier ones left; an iteration the limit (or the stop flag) cuts
 * short never replaces a finished one: the move is the last finished
 * iteration's, and only when none finished, the best of the root moves the
 * stopped iteration finished (its score then a lower bound). When no root
 * move finished at all, the first legal move is played: any move beats none.
 */
#ifndef QUIESCE_DEEPEN_H
#define QUIESCE_DEEPEN_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "search/search.h"

struct deepen {
	/* What the caller sets. */
	int max_depth;                  /* the last depth to search (1 to SEARCH_MAX_DEPTH) */
	uint64_t nodes;                 /* the node limit of all iterations together, 0 for none */
	const atomic_int *stop;         /* raised to stop (another thread, a clock); NULL for none */
	/*
	 * Called before iteration DEPTH (from 2 on); false: do not start it (a
	 * clock that says it could not finish). NULL: always start.
	 */
	bool (*start)(void *ctx, int depth);
	/*
	 * Called after each iteration with its result and the nodes of all
	 * iterations so far; TAKEN says whether its move is now the one to play
	 * (a finished iteration, or a stopped one when none finished). NULL for
	 * none.
	 */
	void (*done)(void *ctx, const struct search_result *res, int depth, uint64_t total, bool taken);
	/*
	 * The trace to record iteration DEPTH into, or NULL to record none; the
	 * caller keeps the one of the taken iteration (the done callback says
	 * which).
	 */
	struct trace *(*trace)(void *ctx, int depth);
	void *ctx;

	/* What deepen_run fills. */
	move best;                      /* the move to play (MOVE_NONE only when there is no legal move) */
	int depth;                      /* the depth of the iteration it came from (0: none finished) */
	uint64_t used;                  /* the nodes of every iteration */
	bool finished;                  /* whether the move comes from a finished iteration */
};

/* Deepens from ROOT with OPT (its depth and node cap are the driver's) as D says; fills D's results. */
void deepen_run(const struct position *root, const struct search_options *opt, struct deepen *d);

#endif
