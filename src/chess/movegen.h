/* movegen.h: legal move generators, one for each question the search asks. */
#ifndef QUIESCE_MOVEGEN_H
#define QUIESCE_MOVEGEN_H

#include "chess/board.h"
#include "base/types.h"

/*
 * Every generator fills LIST (setting its count) with strictly legal moves,
 * so a caller never has to make a move to learn it was illegal. The classes
 * "tactical" and "quiet" split the legal moves with no overlap:
 *   tactical: captures (en passant included) and promotions (all four pieces,
 *             with or without a capture);
 *   quiet:    everything else (pushes, piece moves, castling).
 */
void movegen_all(const struct position *pos, struct move_list *list);
void movegen_tactical(const struct position *pos, struct move_list *list);
void movegen_quiet(const struct position *pos, struct move_list *list);

/* Quiet moves that give check, directly or by discovery (castling included). */
void movegen_quiet_checks(const struct position *pos, struct move_list *list);

/* All legal replies to a check; the side to move must be in check. */
void movegen_evasions(const struct position *pos, struct move_list *list);

/* Number of legal moves (what perft counts at its last ply). */
int movegen_count(const struct position *pos);

/*
 * Whether M is a legal move in POS: true exactly for the moves movegen_all
 * lists, compared by value (the kind bits included), tested on M alone.
 */
bool movegen_is_legal(const struct position *pos, move m);

/* Whether POS has a legal move (movegen_count(pos) > 0), stopping at the first. */
bool movegen_has_legal(const struct position *pos);

#endif
