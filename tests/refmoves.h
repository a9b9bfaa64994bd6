/*
 * refmoves.h: what the independent references of the tests (test_search_ref,
 * test_tt) know of a move, read from the board itself rather than from the
 * move's flags, so that a reference does not share the search's mistakes.
 */
#ifndef QUIESCE_TESTS_REFMOVES_H
#define QUIESCE_TESTS_REFMOVES_H

#include <stdbool.h>

#include "chess/board.h"
#include "chess/movegen.h"

/* Whether M takes a piece, read from the board: an enemy on the target, or a pawn moving sideways (en passant). */
static inline bool ref_is_capture(const struct position *pos, move m)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);

	if (pos->squares[to] != EMPTY)
		return true;
	return PIECE_TYPE(pos->squares[from]) == PAWN && SQ_FILE(from) != SQ_FILE(to);
}

/* Whether M is a pawn reaching the last rank. */
static inline bool ref_is_promotion(const struct position *pos, move m)
{
	int to = MOVE_TO(m);

	return PIECE_TYPE(pos->squares[MOVE_FROM(m)]) == PAWN && (SQ_RANK(to) == 7 || SQ_RANK(to) == 0);
}

/* Whether M leaves the opponent in check (found by playing it). */
static inline bool ref_gives_check(struct position *pos, move m)
{
	struct undo u;
	bool check;

	board_make(pos, m, &u);
	check = board_in_check(pos);
	board_unmake(pos, m, &u);
	return check;
}

/* Sorts LIST by KEY (one a move), highest first; moves of equal keys keep their order (a stable insertion sort). */
static inline void ref_sort_by_key(struct move_list *list, int *key)
{
	for (int i = 1; i < list->count; i++)
		for (int j = i; j > 0 && key[j - 1] < key[j]; j--) {
			int tk = key[j];
			move tm = list->moves[j];

			key[j] = key[j - 1];
			list->moves[j] = list->moves[j - 1];
			key[j - 1] = tk;
			list->moves[j - 1] = tm;
		}
}

#endif
