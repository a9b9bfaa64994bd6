/* bitboard.h: bit tricks and precomputed attack tables (magic bitboards for sliders). */
#ifndef QUIESCE_BITBOARD_H
#define QUIESCE_BITBOARD_H

#include "base/types.h"

#define BB(sq) ((bitboard)1 << (sq))
#define RANK_1_BB ((bitboard)0xFF)
#define RANK_2_BB (RANK_1_BB << 8)
#define RANK_3_BB (RANK_1_BB << 16)
#define RANK_6_BB (RANK_1_BB << 40)
#define RANK_7_BB (RANK_1_BB << 48)
#define RANK_8_BB (RANK_1_BB << 56)
#define FILE_A_BB ((bitboard)0x0101010101010101)
#define FILE_H_BB (FILE_A_BB << 7)

static inline int bb_count(bitboard b)
{
	return __builtin_popcountll(b);
}

/* Index of the lowest set bit; B must not be empty. */
static inline int bb_lsb(bitboard b)
{
	return __builtin_ctzll(b);
}

/* Removes and returns the lowest set bit's index. */
static inline int bb_pop(bitboard *b)
{
	int sq = __builtin_ctzll(*b);

	*b &= *b - 1;
	return sq;
}

static inline bool bb_more_than_one(bitboard b)
{
	return (b & (b - 1)) != 0;
}

/* One magic entry: the mask of relevant blockers, the multiplier, the shift and the table slice. */
struct magic {
	bitboard mask;
	bitboard magic;
	bitboard *attacks;
	unsigned shift;
};

extern struct magic bitboard_rook_magics[64];
extern struct magic bitboard_bishop_magics[64];
extern bitboard bitboard_knight[64];
extern bitboard bitboard_king[64];
extern bitboard bitboard_pawn[2][64];   /* squares a pawn of a colour on SQ attacks */
extern bitboard bitboard_between[64][64]; /* squares strictly between two aligned squares */
extern bitboard bitboard_line[64][64];    /* the whole line through two aligned squares */

/* Builds every table; safe to call more than once. */
void bitboard_init(void);

static inline bitboard bitboard_rook_attacks(int sq, bitboard occ)
{
	const struct magic *m = &bitboard_rook_magics[sq];

	return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}

static inline bitboard bitboard_bishop_attacks(int sq, bitboard occ)
{
	const struct magic *m = &bitboard_bishop_magics[sq];

	return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}

static inline bitboard bitboard_queen_attacks(int sq, bitboard occ)
{
	return bitboard_rook_attacks(sq, occ) | bitboard_bishop_attacks(sq, occ);
}

/* Attacks of a piece TYPE (not a pawn) on SQ with occupancy OCC. */
static inline bitboard bitboard_attacks(int type, int sq, bitboard occ)
{
	switch (type) {
	case KNIGHT:
		return bitboard_knight[sq];
	case BISHOP:
		return bitboard_bishop_attacks(sq, occ);
	case ROOK:
		return bitboard_rook_attacks(sq, occ);
	case QUEEN:
		return bitboard_queen_attacks(sq, occ);
	case KING:
		return bitboard_king[sq];
	default:
		return 0;
	}
}

#endif
