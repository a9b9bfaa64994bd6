/* eval.c: static evaluation by material, optionally with piece-square tables. */
#include "chess/eval.h"

#include <string.h>

/*
 * Piece-square bonuses in centipawns, written as White sees the board: the
 * first row is rank 8, the last rank 1, so a table reads like a diagram.
 * A White piece on square sq uses entry sq ^ 56; a Black piece uses entry sq,
 * which mirrors the table top to bottom. The ideas are the usual ones:
 * pawns want to advance and hold the centre, knights and bishops want the
 * centre and hate the rim, rooks like the seventh rank and the centre files,
 * the king hides behind its pawns until the endgame, then walks to the centre.
 */
static const int pst_pawn[64] = {
	  0,   0,   0,   0,   0,   0,   0,   0,
	 45,  45,  45,  50,  50,  45,  45,  45,
	 12,  12,  20,  30,  30,  20,  12,  12,
	  6,   6,  10,  24,  24,  10,   6,   6,
	  0,   0,   5,  20,  20,   5,   0,   0,
	  4,  -4,  -8,   2,   2,  -8,  -4,   4,
	  4,   8,   8, -20, -20,   8,   8,   4,
	  0,   0,   0,   0,   0,   0,   0,   0,
};

static const int pst_knight[64] = {
	-50, -35, -30, -30, -30, -30, -35, -50,
	-35, -20,   0,   4,   4,   0, -20, -35,
	-30,   4,  10,  14,  14,  10,   4, -30,
	-30,   6,  14,  20,  20,  14,   6, -30,
	-30,   0,  14,  20,  20,  14,   0, -30,
	-30,   4,  10,  14,  14,  10,   4, -30,
	-35, -20,   0,   6,   6,   0, -20, -35,
	-50, -35, -30, -30, -30, -30, -35, -50,
};

static const int pst_bishop[64] = {
	-20, -10, -10, -10, -10, -10, -10, -20,
	-10,   0,   0,   0,   0,   0,   0, -10,
	-10,   0,   6,  10,  10,   6,   0, -10,
	-10,   6,   6,  10,  10,   6,   6, -10,
	-10,   0,  10,  10,  10,  10,   0, -10,
	-10,  10,  10,  10,  10,  10,  10, -10,
	-10,   6,   0,   0,   0,   0,   6, -10,
	-20, -10, -12, -10, -10, -12, -10, -20,
};

static const int pst_rook[64] = {
	  0,   0,   0,   0,   0,   0,   0,   0,
	  6,  12,  12,  12,  12,  12,  12,   6,
	 -6,   0,   0,   0,   0,   0,   0,  -6,
	 -6,   0,   0,   0,   0,   0,   0,  -6,
	 -6,   0,   0,   0,   0,   0,   0,  -6,
	 -6,   0,   0,   0,   0,   0,   0,  -6,
	 -6,   0,   0,   0,   0,   0,   0,  -6,
	  0,   0,   2,   6,   6,   4,   0,   0,
};

static const int pst_queen[64] = {
	-20, -10, -10,  -5,  -5, -10, -10, -20,
	-10,   0,   0,   0,   0,   0,   0, -10,
	-10,   0,   4,   4,   4,   4,   0, -10,
	 -5,   0,   4,   4,   4,   4,   0,  -5,
	 -5,   0,   4,   4,   4,   4,   0,  -5,
	-10,   4,   4,   4,   4,   4,   0, -10,
	-10,   0,   4,   0,   0,   0,   0, -10,
	-20, -10, -10,  -5,  -5, -10, -10, -20,
};

static const int pst_king_middle[64] = {
	-30, -40, -40, -50, -50, -40, -40, -30,
	-30, -40, -40, -50, -50, -40, -40, -30,
	-30, -40, -40, -50, -50, -40, -40, -30,
	-30, -40, -40, -50, -50, -40, -40, -30,
	-20, -30, -30, -40, -40, -30, -30, -20,
	-10, -20, -20, -20, -20, -20, -20, -10,
	 16,  16,  -4,  -8,  -8,  -4,  16,  16,
	 20,  30,  12,  -4,   0,  10,  30,  20,
};

static const int pst_king_end[64] = {
	-50, -40, -30, -20, -20, -30, -40, -50,
	-30, -20, -10,   0,   0, -10, -20, -30,
	-30, -10,  20,  30,  30,  20, -10, -30,
	-30, -10,  30,  40,  40,  30, -10, -30,
	-30, -10,  30,  40,  40,  30, -10, -30,
	-30, -10,  20,  30,  30,  20, -10, -30,
	-30, -30,   0,   0,   0,   0, -30, -30,
	-50, -30, -30, -30, -30, -30, -30, -50,
};

/*
 * The king uses its endgame table once the pieces (not pawns, not kings) left
 * on the board, both sides together, are worth at most this much: e.g. a rook
 * and a minor piece each.
 */
#define ENDGAME_PIECES (2 * (VALUE_ROOK + VALUE_BISHOP))

static const int *const pst_tables[7] = {
	NULL, pst_pawn, pst_knight, pst_bishop, pst_rook, pst_queen, pst_king_middle
};

/* Fills OUT with the parts of the evaluation and returns OUT->total. */
int eval_explain(const struct position *pos, enum eval_kind kind, struct eval_breakdown *out)
{
	int pieces = 0;

	memset(out, 0, sizeof *out);
	for (int colour = WHITE; colour <= BLACK; colour++) {
		for (int type = PAWN; type <= KING; type++) {
			int n = bb_count(pos->pieces[colour][type]);

			out->count[colour][type] = n;
			out->material[colour] += n * board_piece_value[type];
			if (type != PAWN)
				pieces += n * board_piece_value[type];
		}
	}

	if (kind == EVAL_PST) {
		for (int colour = WHITE; colour <= BLACK; colour++) {
			int flip = colour == WHITE ? 56 : 0;

			for (int type = PAWN; type <= KING; type++) {
				const int *table = pst_tables[type];
				bitboard b = pos->pieces[colour][type];

				if (type == KING && pieces <= ENDGAME_PIECES)
					table = pst_king_end;
				while (b)
					out->pst[colour] += table[bb_pop(&b) ^ flip];
			}
		}
	}

	out->white = (out->material[WHITE] - out->material[BLACK]) + (out->pst[WHITE] - out->pst[BLACK]);
	out->total = pos->side == WHITE ? out->white : -out->white;
	return out->total;
}

/*
 * The static evaluation of POS from the side to move's point of view. The
 * material is the one the position keeps up to date (no counting); the
 * piece-square bonuses, with EVAL_PST, are summed over the pieces.
 * eval_explain counts everything afresh and must agree (tests/test_eval.c).
 */
int eval_static(const struct position *pos, enum eval_kind kind)
{
	int white = pos->material[WHITE] - pos->material[BLACK];

	if (kind == EVAL_PST) {
		int pieces = pos->material[WHITE] + pos->material[BLACK] -
			     VALUE_PAWN * bb_count(pos->pieces[WHITE][PAWN] | pos->pieces[BLACK][PAWN]);

		for (int colour = WHITE; colour <= BLACK; colour++) {
			int flip = colour == WHITE ? 56 : 0, sum = 0;

			for (int type = PAWN; type <= KING; type++) {
				const int *table = pst_tables[type];
				bitboard b = pos->pieces[colour][type];

				if (type == KING && pieces <= ENDGAME_PIECES)
					table = pst_king_end;
				while (b)
					sum += table[bb_pop(&b) ^ flip];
			}
			white += colour == WHITE ? sum : -sum;
		}
	}
	return pos->side == WHITE ? white : -white;
}

/* The evaluations' names, by enum eval_kind. */
const char *const eval_kind_names[] = { "material", "pst", NULL };

bool eval_kind_parse(const char *text, enum eval_kind *out)
{
	for (int k = 0; eval_kind_names[k]; k++)
		if (strcmp(text, eval_kind_names[k]) == 0) {
			*out = (enum eval_kind)k;
			return true;
		}
	return false;
}

/* Returns the name of KIND. */
const char *eval_kind_name(enum eval_kind kind)
{
	return eval_kind_names[kind == EVAL_PST];
}
