/* board.c: the position: placing pieces, making and unmaking moves, attacks, invariants. */
#include "chess/board.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* The piece values of board.h, by piece type. */
const int board_piece_value[7] = {
	0, VALUE_PAWN, VALUE_KNIGHT, VALUE_BISHOP, VALUE_ROOK, VALUE_QUEEN, 0
};


/* Zobrist keys: one random number per (piece, square), side, castling set and ep file. */
static uint64_t zobrist_piece[16][64];
static uint64_t zobrist_castling[16];
static uint64_t zobrist_ep[8];
static uint64_t zobrist_side;

/* Castling rights that survive a move from or to each square (moving a king or rook, or capturing a rook). */
static uint8_t castling_keep[64];

void board_init(void)
{
	static bool done;
	uint64_t s = 0x2545F4914F6CDD1DULL;

	if (done)
		return;
	bitboard_init();
	for (int p = 0; p < 16; p++)
		for (int sq = 0; sq < 64; sq++) {
			s ^= s >> 12; s ^= s << 25; s ^= s >> 27;
			zobrist_piece[p][sq] = s * 2685821657736338717ULL;
		}
	for (int i = 0; i < 16; i++) {
		s ^= s >> 12; s ^= s << 25; s ^= s >> 27;
		zobrist_castling[i] = s * 2685821657736338717ULL;
	}
	zobrist_castling[0] = 0;
	for (int i = 0; i < 8; i++) {
		s ^= s >> 12; s ^= s << 25; s ^= s >> 27;
		zobrist_ep[i] = s * 2685821657736338717ULL;
	}
	s ^= s >> 12; s ^= s << 25; s ^= s >> 27;
	zobrist_side = s * 2685821657736338717ULL;

	for (int sq = 0; sq < 64; sq++)
		castling_keep[sq] = CASTLE_ALL;
	castling_keep[SQ_E1] &= (uint8_t)~(CASTLE_WK | CASTLE_WQ);
	castling_keep[SQ_H1] &= (uint8_t)~CASTLE_WK;
	castling_keep[SQ_A1] &= (uint8_t)~CASTLE_WQ;
	castling_keep[SQ_E8] &= (uint8_t)~(CASTLE_BK | CASTLE_BQ);
	castling_keep[SQ_H8] &= (uint8_t)~CASTLE_BK;
	castling_keep[SQ_A8] &= (uint8_t)~CASTLE_BQ;
	done = true;
}

void board_clear(struct position *pos)
{
	memset(pos, 0, sizeof *pos);
	pos->side = WHITE;
	pos->ep = SQ_NONE;
	pos->fullmove = 1;
}

/*
 * The three primitives below keep bitboards, the square array and the
 * material in step; keys are the caller's. A move changes the material only
 * by a capture or a promotion, which go through set_piece and clear_piece.
 */
static inline void set_piece(struct position *pos, int piece, int sq)
{
	bitboard b = BB(sq);
	int c = PIECE_COLOUR(piece);

	pos->squares[sq] = (uint8_t)piece;
	pos->pieces[c][PIECE_TYPE(piece)] |= b;
	pos->pieces[c][0] |= b;
	pos->occupied |= b;
	pos->material[c] += board_piece_value[PIECE_TYPE(piece)];
}

static inline void clear_piece(struct position *pos, int piece, int sq)
{
	bitboard b = ~BB(sq);
	int c = PIECE_COLOUR(piece);

	pos->squares[sq] = EMPTY;
	pos->pieces[c][PIECE_TYPE(piece)] &= b;
	pos->pieces[c][0] &= b;
	pos->occupied &= b;
	pos->material[c] -= board_piece_value[PIECE_TYPE(piece)];
}

static inline void move_piece(struct position *pos, int piece, int from, int to)
{
	bitboard b = BB(from) | BB(to);
	int c = PIECE_COLOUR(piece);

	pos->squares[from] = EMPTY;
	pos->squares[to] = (uint8_t)piece;
	pos->pieces[c][PIECE_TYPE(piece)] ^= b;
	pos->pieces[c][0] ^= b;
	pos->occupied ^= b;
}

void board_put(struct position *pos, int piece, int sq)
{
	set_piece(pos, piece, sq);
	pos->key ^= zobrist_piece[piece][sq];
}

uint64_t board_compute_key(const struct position *pos)
{
	uint64_t key = 0;

	for (int sq = 0; sq < 64; sq++)
		if (pos->squares[sq] != EMPTY)
			key ^= zobrist_piece[pos->squares[sq]][sq];
	key ^= zobrist_castling[pos->castling & CASTLE_ALL];
	if (pos->ep != SQ_NONE)
		key ^= zobrist_ep[SQ_FILE(pos->ep)];
	if (pos->side == BLACK)
		key ^= zobrist_side;
	return key;
}

int board_compute_material(const struct position *pos, int colour)
{
	int sum = 0;

	for (int type = PAWN; type <= QUEEN; type++)
		sum += bb_count(pos->pieces[colour][type]) * board_piece_value[type];
	return sum;
}

/* Whether the kept material agrees with the pieces (for the assertions after make and unmake). */
static inline bool material_ok(const struct position *pos)
{
	return pos->material[WHITE] == board_compute_material(pos, WHITE) &&
	       pos->material[BLACK] == board_compute_material(pos, BLACK);
}

/* The rook's journey when the king castles to TO: from and to squares. */
static inline void castle_rook_squares(int king_to, int *rook_from, int *rook_to)
{
	switch (king_to) {
	case SQ_G1: *rook_from = SQ_H1; *rook_to = SQ_F1; break;
	case SQ_C1: *rook_from = SQ_A1; *rook_to = SQ_D1; break;
	case SQ_G8: *rook_from = SQ_H8; *rook_to = SQ_F8; break;
	default:    *rook_from = SQ_A8; *rook_to = SQ_D8; break;
	}
}

void board_make(struct position *pos, move m, struct undo *u)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m), kind = MOVE_KIND(m);
	int us = pos->side;
	int piece = pos->squares[from];
	uint64_t key = pos->key ^ zobrist_side;

	u->key = pos->key;
	u->halfmove = pos->halfmove;
	u->castling = pos->castling;
	u->ep = pos->ep;
	u->captured = EMPTY;

	if (pos->ep != SQ_NONE) {
		key ^= zobrist_ep[SQ_FILE(pos->ep)];
		pos->ep = SQ_NONE;
	}
	pos->halfmove++;

	/* Take the captured piece off first, so the mover's square is free. */
	if (kind == MK_EN_PASSANT) {
		int capsq = to ^ 8;   /* the pawn stands beside the mover: one rank back from TO */

		u->captured = pos->squares[capsq];
		clear_piece(pos, u->captured, capsq);
		key ^= zobrist_piece[u->captured][capsq];
	} else if (kind & MK_CAPTURE) {
		u->captured = pos->squares[to];
		clear_piece(pos, u->captured, to);
		key ^= zobrist_piece[u->captured][to];
	}
	if (u->captured != EMPTY)
		pos->halfmove = 0;

	if (kind == MK_CASTLE_KING || kind == MK_CASTLE_QUEEN) {
		int rf, rt, rook = PIECE_MAKE(us, ROOK);

		castle_rook_squares(to, &rf, &rt);
		move_piece(pos, rook, rf, rt);
		key ^= zobrist_piece[rook][rf] ^ zobrist_piece[rook][rt];
	}

	move_piece(pos, piece, from, to);
	key ^= zobrist_piece[piece][from] ^ zobrist_piece[piece][to];

	if (PIECE_TYPE(piece) == PAWN) {
		pos->halfmove = 0;
		if (kind & MK_PROMO) {
			int promoted = PIECE_MAKE(us, MOVE_PROMO_TYPE(m));

			clear_piece(pos, piece, to);
			set_piece(pos, promoted, to);
			key ^= zobrist_piece[piece][to] ^ zobrist_piece[promoted][to];
		} else if (kind == MK_DOUBLE_PUSH) {
			pos->ep = (uint8_t)((from + to) / 2);
			key ^= zobrist_ep[SQ_FILE(pos->ep)];
		}
	}

	if (pos->castling) {
		uint8_t rights = pos->castling & castling_keep[from] & castling_keep[to];

		if (rights != pos->castling) {
			key ^= zobrist_castling[pos->castling] ^ zobrist_castling[rights];
			pos->castling = rights;
		}
	}

	pos->side = (uint8_t)!us;
	if (us == BLACK)
		pos->fullmove++;
	pos->key = key;
	assert(material_ok(pos));
}

void board_unmake(struct position *pos, move m, const struct undo *u)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m), kind = MOVE_KIND(m);
	int us = !pos->side;
	int piece = pos->squares[to];

	pos->side = (uint8_t)us;
	if (us == BLACK)
		pos->fullmove--;

	if (kind & MK_PROMO) {
		clear_piece(pos, piece, to);
		piece = PIECE_MAKE(us, PAWN);
		set_piece(pos, piece, to);
	}
	move_piece(pos, piece, to, from);

	if (kind == MK_CASTLE_KING || kind == MK_CASTLE_QUEEN) {
		int rf, rt;

		castle_rook_squares(to, &rf, &rt);
		move_piece(pos, PIECE_MAKE(us, ROOK), rt, rf);
	} else if (kind == MK_EN_PASSANT) {
		set_piece(pos, u->captured, to ^ 8);
	} else if (u->captured != EMPTY) {
		set_piece(pos, u->captured, to);
	}

	pos->key = u->key;
	pos->halfmove = u->halfmove;
	pos->castling = u->castling;
	pos->ep = u->ep;
	assert(material_ok(pos));
}

void board_make_null(struct position *pos, struct undo *u)
{
	u->key = pos->key;
	u->halfmove = pos->halfmove;
	u->castling = pos->castling;
	u->ep = pos->ep;
	u->captured = EMPTY;
	if (pos->ep != SQ_NONE)
		pos->key ^= zobrist_ep[SQ_FILE(pos->ep)];
	pos->ep = SQ_NONE;
	pos->key ^= zobrist_side;
	pos->halfmove++;
	if (pos->side == BLACK)
		pos->fullmove++;
	pos->side = (uint8_t)!pos->side;
}

void board_unmake_null(struct position *pos, const struct undo *u)
{
	pos->side = (uint8_t)!pos->side;
	if (pos->side == BLACK)
		pos->fullmove--;
	pos->key = u->key;
	pos->halfmove = u->halfmove;
	pos->castling = u->castling;
	pos->ep = u->ep;
}

bitboard board_attackers(const struct position *pos, int sq, bitboard occ)
{
	const bitboard (*p)[7] = pos->pieces;

	return (bitboard_pawn[BLACK][sq] & p[WHITE][PAWN]) |
	       (bitboard_pawn[WHITE][sq] & p[BLACK][PAWN]) |
	       (bitboard_knight[sq] & (p[WHITE][KNIGHT] | p[BLACK][KNIGHT])) |
	       (bitboard_king[sq] & (p[WHITE][KING] | p[BLACK][KING])) |
	       (bitboard_bishop_attacks(sq, occ) &
		(p[WHITE][BISHOP] | p[BLACK][BISHOP] | p[WHITE][QUEEN] | p[BLACK][QUEEN])) |
	       (bitboard_rook_attacks(sq, occ) &
		(p[WHITE][ROOK] | p[BLACK][ROOK] | p[WHITE][QUEEN] | p[BLACK][QUEEN]));
}

bool board_attacked(const struct position *pos, int sq, int by)
{
	const bitboard *p = pos->pieces[by];

	return (bitboard_pawn[!by][sq] & p[PAWN]) ||
	       (bitboard_knight[sq] & p[KNIGHT]) ||
	       (bitboard_king[sq] & p[KING]) ||
	       (bitboard_bishop_attacks(sq, pos->occupied) & (p[BISHOP] | p[QUEEN])) ||
	       (bitboard_rook_attacks(sq, pos->occupied) & (p[ROOK] | p[QUEEN]));
}

bitboard board_checkers(const struct position *pos)
{
	int us = pos->side;

	return board_attackers(pos, board_king(pos, us), pos->occupied) & pos->pieces[!us][0];
}

bitboard board_blockers(const struct position *pos, int king_colour)
{
	int ksq = board_king(pos, king_colour);
	const bitboard *them = pos->pieces[!king_colour];
	bitboard snipers = (bitboard_rook_attacks(ksq, 0) & (them[ROOK] | them[QUEEN])) |
			   (bitboard_bishop_attacks(ksq, 0) & (them[BISHOP] | them[QUEEN]));
	bitboard blockers = 0;

	while (snipers) {
		bitboard between = bitboard_between[ksq][bb_pop(&snipers)] & pos->occupied;

		if (between && !bb_more_than_one(between))
			blockers |= between;
	}
	return blockers;
}

bool board_gives_check(const struct position *pos, move m)
{
	int us = pos->side, them = !us;
	int from = MOVE_FROM(m), to = MOVE_TO(m), kind = MOVE_KIND(m);
	int ksq = board_king(pos, them);
	int type = PIECE_TYPE(pos->squares[from]);
	bitboard occ;

	/* Castling and en passant move two pieces: play them on a copy and look. */
	if (kind == MK_EN_PASSANT || kind == MK_CASTLE_KING || kind == MK_CASTLE_QUEEN) {
		struct position copy = *pos;
		struct undo u;

		board_make(&copy, m, &u);
		return board_in_check(&copy);
	}

	/* Direct check: the piece on its new square attacks the king. */
	occ = (pos->occupied ^ BB(from)) | BB(to);
	if (kind & MK_PROMO)
		type = MOVE_PROMO_TYPE(m);
	if (type == PAWN) {
		if (bitboard_pawn[us][to] & BB(ksq))
			return true;
	} else if (bitboard_attacks(type, to, occ) & BB(ksq)) {
		return true;
	}

	/*
	 * Discovered check: the piece leaves a line between one of our sliders
	 * and the king (only a piece on a line through the king, leaving it, can).
	 */
	if (bitboard_line[from][ksq] && !(bitboard_line[from][ksq] & BB(to)) && (board_blockers(pos, them) & BB(from)))
		return true;
	return false;
}

/* Appends to WHY the first invariant that fails; returns false. */
static bool fail(char *why, size_t n, const char *what)
{
	if (why && n)
		snprintf(why, n, "%s", what);
	return false;
}

bool board_ok(const struct position *pos, char *why, size_t n)
{
	bitboard all = 0;

	for (int c = 0; c < 2; c++) {
		bitboard colour = 0;

		for (int t = PAWN; t <= KING; t++) {
			if (colour & pos->pieces[c][t])
				return fail(why, n, "two piece types share a square");
			colour |= pos->pieces[c][t];
		}
		if (colour != pos->pieces[c][0])
			return fail(why, n, "colour bitboard disagrees with the piece bitboards");
		if (all & colour)
			return fail(why, n, "both colours on one square");
		all |= colour;
		if (bb_count(pos->pieces[c][KING]) != 1)
			return fail(why, n, "a side does not have exactly one king");
		if (pos->pieces[c][PAWN] & (RANK_1_BB | RANK_8_BB))
			return fail(why, n, "a pawn stands on the first or last rank");
	}
	if (all != pos->occupied)
		return fail(why, n, "occupancy bitboard disagrees");
	for (int sq = 0; sq < 64; sq++) {
		int p = pos->squares[sq];

		if (p == EMPTY) {
			if (all & BB(sq))
				return fail(why, n, "square array empty where a bitboard has a piece");
		} else if (PIECE_TYPE(p) < PAWN || PIECE_TYPE(p) > KING ||
			   !(pos->pieces[PIECE_COLOUR(p)][PIECE_TYPE(p)] & BB(sq))) {
			return fail(why, n, "square array disagrees with the bitboards");
		}
	}
	if (pos->side > BLACK)
		return fail(why, n, "side to move is neither White nor Black");
	if (pos->castling & ~CASTLE_ALL)
		return fail(why, n, "castling rights out of range");
	if (pos->ep != SQ_NONE) {
		int rank = pos->side == WHITE ? 5 : 2;

		if (pos->ep > 63 || SQ_RANK(pos->ep) != rank)
			return fail(why, n, "en passant square on the wrong rank");
	}
	if (board_attacked(pos, board_king(pos, !pos->side), pos->side))
		return fail(why, n, "the side not to move is in check");
	if (pos->key != board_compute_key(pos))
		return fail(why, n, "Zobrist key does not match the position");
	if (!material_ok(pos))
		return fail(why, n, "the kept material does not match the pieces");
	return true;
}

char board_piece_char(int piece)
{
	static const char letters[] = ".PNBRQK..pnbrqk.";

	return letters[piece & 15];
}

int board_piece_from_char(char c)
{
	switch (c) {
	case 'P': return PIECE_MAKE(WHITE, PAWN);
	case 'N': return PIECE_MAKE(WHITE, KNIGHT);
	case 'B': return PIECE_MAKE(WHITE, BISHOP);
	case 'R': return PIECE_MAKE(WHITE, ROOK);
	case 'Q': return PIECE_MAKE(WHITE, QUEEN);
	case 'K': return PIECE_MAKE(WHITE, KING);
	case 'p': return PIECE_MAKE(BLACK, PAWN);
	case 'n': return PIECE_MAKE(BLACK, KNIGHT);
	case 'b': return PIECE_MAKE(BLACK, BISHOP);
	case 'r': return PIECE_MAKE(BLACK, ROOK);
	case 'q': return PIECE_MAKE(BLACK, QUEEN);
	case 'k': return PIECE_MAKE(BLACK, KING);
	default: return EMPTY;
	}
}
