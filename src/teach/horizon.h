/*
 * horizon.h: the horizon comparison for a leaf of a search in mode none.
 *
 * A search without quiescence scores a leaf by its static value; the
 * comparison puts beside it the value a captures-mode quiescence search
 * from that leaf gives, so a learner sees what the horizon hid.
 */
#ifndef QUIESCE_HORIZON_H
#define QUIESCE_HORIZON_H

#include <stdbool.h>
#include <stdint.h>

#include "chess/board.h"
#include "search/search.h"
#include "search/trace.h"

/*
 * The static value *STATIC_VALUE of leaf NODE of trace T (searched from ROOT
 * with OPT, in mode none) and the value *QVALUE of a captures-mode
 * quiescence search from its position, both for the side to move at the
 * leaf. Values are cached in *CACHE (allocated on first use, one per node;
 * the caller frees it). False when NODE is not a horizon leaf, or when that
 * quiescence search passed its node cap (it has no value then).
 */
bool horizon_leaf(const struct position *root, const struct trace *t, const struct search_options *opt,
		  int32_t **cache, uint32_t node, int *static_value, int *qvalue);

#endif
