/* bitboard.c: the attack tables: leapers by direct computation, sliders by magic bitboards. */
#include "bitboard.h"

#include <string.h>

struct magic bitboard_rook_magics[64];
struct magic bitboard_bishop_magics[64];
bitboard bitboard_knight[64];
bitboard bitboard_king[64];
bitboard bitboard_pawn[2][64];
bitboard bitboard_between[64][64];
bitboard bitboard_line[64][64];

/* The shared slider tables: every rook needs at most 4096 entries, 102400 in all; bishops 5248. */
static bitboard rook_table[102400];
static bitboard bishop_table[5248];

static const int rook_dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
static const int bishop_dirs[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };

/* Walks from SQ along each direction until the edge or a blocker in OCC (the blocker included). */
static bitboard slide(int sq, const int dirs[4][2], bitboard occ)
{
	bitboard attacks = 0;

	for (int d = 0; d < 4; d++) {
		int f = SQ_FILE(sq) + dirs[d][0], r = SQ_RANK(sq) + dirs[d][1];

		while (f >= 0 && f < 8 && r >= 0 && r < 8) {
			int to = SQ_MAKE(f, r);

			attacks |= BB(to);
			if (occ & BB(to))
				break;
			f += dirs[d][0];
			r += dirs[d][1];
		}
	}
	return attacks;
}

/* A small deterministic generator (xorshift64*), so the magics are the same on every run. */
static uint64_t rng_next(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * 2685821657736338717ULL;
}

/*
 * Finds a magic multiplier for every square: a number that maps each subset
 * of the relevant blockers to a table slot without two subsets that attack
 * differently sharing a slot. Sparse random numbers are tried until one works.
 */
static void init_magics(struct magic *magics, bitboard *table, const int dirs[4][2])
{
	static bitboard occupancy[4096], reference[4096];
	static int epoch[4096];
	int attempt = 0;
	bitboard *next = table;
	uint64_t seed = 0x9E3779B97F4A7C15ULL;

	memset(epoch, 0, sizeof epoch);
	for (int sq = 0; sq < 64; sq++) {
		struct magic *m = &magics[sq];
		bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~(RANK_1_BB << (8 * SQ_RANK(sq)))) |
				 ((FILE_A_BB | FILE_H_BB) & ~(FILE_A_BB << SQ_FILE(sq)));
		int size = 0;
		bitboard b = 0;

		m->mask = slide(sq, dirs, 0) & ~edges;
		m->shift = 64 - (unsigned)bb_count(m->mask);
		m->attacks = next;

		/* Enumerate every subset of the mask (Carry-Rippler) with its true attacks. */
		do {
			occupancy[size] = b;
			reference[size] = slide(sq, dirs, b);
			size++;
			b = (b - m->mask) & m->mask;
		} while (b);

		for (int i = 0; i < size;) {
			do {
				m->magic = rng_next(&seed) & rng_next(&seed) & rng_next(&seed);
			} while (bb_count((m->mask * m->magic) >> 56) < 6);
			attempt++;
			for (i = 0; i < size; i++) {
				unsigned idx = (unsigned)(((occupancy[i] & m->mask) * m->magic) >> m->shift);

				if (epoch[idx] < attempt) {
					epoch[idx] = attempt;
					m->attacks[idx] = reference[i];
				} else if (m->attacks[idx] != reference[i]) {
					break;
				}
			}
		}
		next += size;
	}
}

bitboard bitboard_attacks(int type, int sq, bitboard occ)
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

/* Sets the bit of (F, R) in *B when that square is on the board. */
static void add_if_on_board(bitboard *b, int f, int r)
{
	if (f >= 0 && f < 8 && r >= 0 && r < 8)
		*b |= BB(SQ_MAKE(f, r));
}

void bitboard_init(void)
{
	static bool done;
	static const int knight_steps[8][2] = {
		{ 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 }
	};

	if (done)
		return;
	for (int sq = 0; sq < 64; sq++) {
		int f = SQ_FILE(sq), r = SQ_RANK(sq);

		bitboard_knight[sq] = bitboard_king[sq] = 0;
		for (int i = 0; i < 8; i++)
			add_if_on_board(&bitboard_knight[sq], f + knight_steps[i][0], r + knight_steps[i][1]);
		for (int df = -1; df <= 1; df++)
			for (int dr = -1; dr <= 1; dr++)
				if (df || dr)
					add_if_on_board(&bitboard_king[sq], f + df, r + dr);
		bitboard_pawn[WHITE][sq] = bitboard_pawn[BLACK][sq] = 0;
		add_if_on_board(&bitboard_pawn[WHITE][sq], f - 1, r + 1);
		add_if_on_board(&bitboard_pawn[WHITE][sq], f + 1, r + 1);
		add_if_on_board(&bitboard_pawn[BLACK][sq], f - 1, r - 1);
		add_if_on_board(&bitboard_pawn[BLACK][sq], f + 1, r - 1);
	}
	init_magics(bitboard_rook_magics, rook_table, rook_dirs);
	init_magics(bitboard_bishop_magics, bishop_table, bishop_dirs);

	/* Lines and the squares between two squares on a rank, file or diagonal. */
	for (int a = 0; a < 64; a++) {
		for (int b = 0; b < 64; b++) {
			bitboard_between[a][b] = bitboard_line[a][b] = 0;
			if (a == b)
				continue;
			if (bitboard_rook_attacks(a, 0) & BB(b)) {
				bitboard_line[a][b] = (bitboard_rook_attacks(a, 0) & bitboard_rook_attacks(b, 0)) | BB(a) | BB(b);
				bitboard_between[a][b] = bitboard_rook_attacks(a, BB(b)) & bitboard_rook_attacks(b, BB(a));
			} else if (bitboard_bishop_attacks(a, 0) & BB(b)) {
				bitboard_line[a][b] = (bitboard_bishop_attacks(a, 0) & bitboard_bishop_attacks(b, 0)) | BB(a) | BB(b);
				bitboard_between[a][b] = bitboard_bishop_attacks(a, BB(b)) & bitboard_bishop_attacks(b, BB(a));
			}
		}
	}
	done = true;
}
