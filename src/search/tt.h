/*
 * tt.h: the transposition table (--tt, --tt-size / UCI Hash), for the main
 * search and the quiescence search.
 *
 * A fixed table of 2^k entries (as many as fit in the size in MB), each the
 * result of one node: the position's key, the depth it was searched to, its
 * value (a mate counted from the node, not the root), the bound that value
 * is against the node's window, and the best move. The entry of a key is
 * entry key & (count - 1); a store always replaces what is there (the
 * newest result wins: the simplest rule, and the one a learner can follow
 * in a trace). The table is cleared at the start of every search_run unless
 * the caller keeps one across searches (iterative deepening keeps it
 * across the iterations of one move, deepen.c).
 *
 * Depths: a main-search node stores its remaining depth (1 or more); a
 * quiescence node stores 0 minus its quiescence class (search_tt_depth), so that
 * a quiescence result never answers a main-search node. The table answers a
 * node only with an entry of EQUAL depth: a result of the same search, so
 * the table changes how many nodes are searched, never a node's value
 * (without window-dependent pruning: delta, futility, evasion pruning).
 */
#ifndef QUIESCE_TT_H
#define QUIESCE_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chess/board.h"
#include "chess/score.h"
#include "base/types.h"

#define TT_DEFAULT_MB 16
#define TT_MAX_MB 4096

struct tt_entry {
	uint64_t key;      /* 0: empty (a position whose key is 0 is never stored) */
	int16_t value;     /* tt_value_to's form: a mate counted from the node */
	move best;         /* the move that raised alpha or cut off, MOVE_NONE for none */
	int8_t depth;
	uint8_t bound;     /* SCORE_EXACT, SCORE_LOWER or SCORE_UPPER */
};

struct tt {
	struct tt_entry *entries;
	uint64_t mask;     /* count - 1 */
	uint64_t probes, hits, cutoffs, stores;
};

/* A table of MB megabytes (1 to TT_MAX_MB), every entry empty; NULL when the memory is not there. */
struct tt *tt_new(int mb);
void tt_free(struct tt *t);
/* Empties every entry and zeroes the counters. */
void tt_clear(struct tt *t);
/* The bytes the table's entries take. */
size_t tt_bytes(const struct tt *t);

/* The entry KEY maps to when it holds KEY, else NULL. */
static inline const struct tt_entry *tt_probe(struct tt *t, uint64_t key)
{
	const struct tt_entry *e = &t->entries[key & t->mask];

	t->probes++;
	if (e->key != key || key == 0)
		return NULL;
	t->hits++;
	return e;
}

/* Stores a node's result in KEY's entry, replacing what is there. */
static inline void tt_store(struct tt *t, uint64_t key, int depth, int value, int bound, move best)
{
	struct tt_entry *e = &t->entries[key & t->mask];

	t->stores++;
	*e = (struct tt_entry){ .key = key, .value = (int16_t)value, .best = best, .depth = (int8_t)depth,
				.bound = (uint8_t)bound };
}

/*
 * A value of a node at PLY as the table keeps it: a mate counted from the
 * node (SCORE_MATE - plies from the node), not from the root; other values
 * (and the window's ends, +-SCORE_INF) as they are.
 */
static inline int tt_value_to(int v, int ply)
{
	if (v >= SCORE_INF || v <= -SCORE_INF)
		return v;
	if (v > SCORE_MATE - 1000)
		return v + ply;
	if (v < -(SCORE_MATE - 1000))
		return v - ply;
	return v;
}

/*
 * Whether an entry's BOUND (SCORE_EXACT, _LOWER, _UPPER) with VALUE decides
 * a node's window (ALPHA, BETA), so that the table may answer it: an exact
 * value, a lower bound at or above beta, an upper bound at or below alpha.
 * The one statement of the rule, for the search and the practice drill.
 */
static inline bool tt_bound_decides(int bound, int value, int alpha, int beta)
{
	return bound == SCORE_EXACT || (bound == SCORE_LOWER && value >= beta) || (bound == SCORE_UPPER && value <= alpha);
}

/* The stored value V as a node at PLY sees it (tt_value_to undone). */
static inline int tt_value_from(int v, int ply)
{
	if (v >= SCORE_INF || v <= -SCORE_INF)
		return v;
	if (v > SCORE_MATE - 1000)
		return v - ply;
	if (v < -(SCORE_MATE - 1000))
		return v + ply;
	return v;
}

#endif
