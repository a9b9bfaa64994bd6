/* perft.h: counting the leaves of the legal move tree, the move generator's test. */
#ifndef QUIESCE_PERFT_H
#define QUIESCE_PERFT_H

#include "chess/board.h"
#include "base/types.h"

/*
 * Counts the positions DEPTH plies below POS. With BULK the last ply is
 * counted from the length of the legal move list without making the moves
 * (as Stockfish's "go perft" does); without it every leaf move is made.
 */
uint64_t perft(struct position *pos, int depth, bool bulk);

#endif
