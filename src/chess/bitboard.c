/* bitboard.c: the attack tables: leapers by direct computation, sliders by magic bitboards. */
#include "chess/bitboard.h"

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

/*
 * Magic multipliers that work, found once by the search in init_magics below
 * (with its fixed seed) and kept here so that start-up takes microseconds
 * instead of a quarter of a second. Each is verified at start-up; a number
 * that failed would simply be searched for again.
 */
static const uint64_t rook_known[64] = {
	0x1080004008801020ULL, 0x0840092002c03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL,
	0x4200100420080200ULL, 0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL,
	0x0404800084400220ULL, 0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
	0x000a001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL, 0x0442000102105084ULL,
	0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021d00100ULL,
	0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000a0001768104ULL,
	0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL,
	0x0442000a00049020ULL, 0x2100040080020080ULL, 0x0800120400900148ULL, 0x0010040a00128541ULL,
	0x2800804000800030ULL, 0x1010002000400041ULL, 0x4000200011004100ULL, 0x0610008410800800ULL,
	0x0400802402800800ULL, 0xc100020080800400ULL, 0x0002000802000401ULL, 0x0182085882000401ULL,
	0x0220204000808000ULL, 0x2860100040024022ULL, 0x0001002004110040ULL, 0x99101042000a0020ULL,
	0x0004080004008080ULL, 0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
	0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040a00300ULL, 0x0801100280080480ULL,
	0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL, 0x0091800041000080ULL,
	0x0000209300488001ULL, 0x04c1002414824001ULL, 0x020020000b001041ULL, 0x7000100004200901ULL,
	0x8002002004100802ULL, 0x30010002084c0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL,
};
static const uint64_t bishop_known[64] = {
	0x10102002004a1420ULL, 0x8020040400584008ULL, 0x10510800811201c8ULL, 0x5204042080000088ULL,
	0x2204106880000002ULL, 0x1401042004000000ULL, 0x0400880410042004ULL, 0x0028208200a02020ULL,
	0x1500241990010e00ULL, 0x8001200182020a40ULL, 0x40004101030b0000ULL, 0x8002041042000100ULL,
	0x4010011041020038ULL, 0x0000010421044000ULL, 0x1500210808020a00ULL, 0x8000088400880520ULL,
	0x0405004010040100ULL, 0x1005823210040108ULL, 0x2708008102040011ULL, 0x4048200404009100ULL,
	0x0018104101400024ULL, 0x0003000601190101ULL, 0x8004803108491000ULL, 0x8014241200820800ULL,
	0x0006e080100c3040ULL, 0x0501044a11041800ULL, 0x9020300008004045ULL, 0x0894080000220040ULL,
	0x1001010083104000ULL, 0x5004030040900080ULL, 0x000400422c012400ULL, 0x0002128698404812ULL,
	0x1010108404900440ULL, 0x0928021182084100ULL, 0x2006080409020024ULL, 0x1010202020180080ULL,
	0xa010008200202200ULL, 0x2098015100019004ULL, 0x0002041440810811ULL, 0x802a02020000b098ULL,
	0x0009015090004060ULL, 0x4000821082081001ULL, 0x0100210040420800ULL, 0x0800004010488a00ULL,
	0x2000081104004040ULL, 0x4c8e029015000082ULL, 0x0420340322224842ULL, 0x1298260043400210ULL,
	0x0000822802400008ULL, 0x00008a0101600000ULL, 0x3040003412080021ULL, 0x3040290220884800ULL,
	0x4a1500401041004aULL, 0x8010200282020781ULL, 0x0020203142209091ULL, 0x0070300600902110ULL,
	0x0040808800b62048ULL, 0x0000810400c44420ULL, 0x00080400440c0441ULL, 0x8340080020840411ULL,
	0x0000000104208200ULL, 0x0000800810d00080ULL, 0x0400530411080200ULL, 0x4040702400932244ULL,
};

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
 * differently sharing a slot. The known number is tried first; then sparse
 * random numbers are tried until one works.
 */
static void init_magics(struct magic *magics, bitboard *table, const int dirs[4][2],
			const uint64_t *known)
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

		for (int i = 0, tries = 0; i < size; tries++) {
			if (tries == 0)
				m->magic = known[sq];
			else
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
	init_magics(bitboard_rook_magics, rook_table, rook_dirs, rook_known);
	init_magics(bitboard_bishop_magics, bishop_table, bishop_dirs, bishop_known);

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
