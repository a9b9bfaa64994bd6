/* see.h: static exchange evaluation: what a capture wins once every recapture is made. */
#ifndef QUIESCE_SEE_H
#define QUIESCE_SEE_H

#include "chess/board.h"
#include "base/types.h"

/*
 * The material balance, in centipawns and for the side making M, of the
 * sequence of captures on M's target square in which each side recaptures
 * with its least valuable attacker and may stop when going on would lose.
 * Pieces behind the attackers (x-rays) join in as the line opens. M must be
 * a legal capture or promotion of POS; a promotion counts the promoted piece.
 */
int see_move(const struct position *pos, move m);

#endif
