/* see.c: static exchange evaluation by the swap-list algorithm, with x-rays. */
#include "chess/see.h"

#include "chess/eval.h"

/* Values used in the exchange: the material values, and a king worth more than anything. */
static const int see_value[7] = {
	0, VALUE_PAWN, VALUE_KNIGHT, VALUE_BISHOP, VALUE_ROOK, VALUE_QUEEN, 20000
};

/*
 * Computes the exchange on M's target square. The first capture is M itself;
 * then the sides take turns, each recapturing with its least valuable
 * attacker. gain[d] is what the side making capture d has won if the
 * exchange stops after it; the list is then folded from the end, each side
 * choosing between stopping (keeping what it has) and capturing.
 *
 * Attackers are recomputed from the occupancy after each capture, so a rook
 * behind a rook, a queen behind a bishop or a rook behind a queen joins in
 * as soon as the piece in front of it has captured (x-rays).
 *
 * A pawn that captures onto the last rank becomes a queen, so the capture
 * also gains queen minus pawn and the piece then standing on the square is
 * a queen. The king captures last and only when the square is no longer
 * attacked by the other side.
 *
 * Pins are ignored, as in classic SEE: a pinned piece may recapture even
 * though the move would be illegal. This is what most engines do; it makes
 * SEE an estimate, which is all move ordering and pruning need.
 */
int see_move(const struct position *pos, move m)
{
	int gain[40];
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	int side = pos->side;
	int on_square;   /* the value of the piece standing on TO, which the next capture takes */
	int d = 0;
	bitboard occ = pos->occupied;

	occ &= ~BB(from);
	if (MOVE_IS_EP(m)) {
		/* The pawn taken en passant stands beside the target square, not on it. */
		int victim = side == WHITE ? to - 8 : to + 8;

		occ &= ~BB(victim);
		gain[0] = VALUE_PAWN;
	} else {
		gain[0] = see_value[PIECE_TYPE(board_piece_at(pos, to))];
	}
	if (MOVE_IS_PROMOTION(m)) {
		int promo = MOVE_PROMO_TYPE(m);

		gain[0] += see_value[promo] - VALUE_PAWN;
		on_square = see_value[promo];
	} else {
		on_square = see_value[PIECE_TYPE(board_piece_at(pos, from))];
	}
	occ |= BB(to);

	for (;;) {
		bitboard attackers, ours;
		int type, sq;

		side ^= 1;
		attackers = board_attackers(pos, to, occ) & occ & ~BB(to);
		ours = attackers & pos->pieces[side][0];
		if (ours == 0)
			break;
		for (type = PAWN; type <= KING; type++)
			if (ours & pos->pieces[side][type])
				break;
		sq = bb_lsb(ours & pos->pieces[side][type]);
		if (type == KING) {
			/* The king may not capture onto a square the other side still attacks. */
			bitboard after = occ & ~BB(sq);

			if (board_attackers(pos, to, after) & after & pos->pieces[side ^ 1][0] & ~BB(to))
				break;
		}
		d++;
		gain[d] = on_square - gain[d - 1];
		on_square = see_value[type];
		if (type == PAWN && (SQ_RANK(to) == 0 || SQ_RANK(to) == 7)) {
			gain[d] += VALUE_QUEEN - VALUE_PAWN;
			on_square = VALUE_QUEEN;
		}
		occ &= ~BB(sq);
		if (d == (int)(sizeof gain / sizeof gain[0]) - 1)
			break;
	}

	/* Fold: a side continues the exchange only if that does better than stopping. */
	while (d > 0) {
		if (gain[d] > -gain[d - 1])
			gain[d - 1] = -gain[d];
		d--;
	}
	return gain[0];
}
