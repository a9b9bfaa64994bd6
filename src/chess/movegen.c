/*
 * movegen.c: strictly legal move generation.
 *
 * Rather than generating pseudo-legal moves and testing each by making it,
 * the generator knows before it writes a move that it is legal:
 *   - a king never steps onto a square the enemy attacks (tested with the
 *     king lifted off the board, so it cannot hide behind itself);
 *   - in double check only the king moves; in single check the other pieces
 *     may only capture the checker or block the line (the "target" mask);
 *   - a pinned piece moves only along the line through its king and pinner;
 *   - en passant, which lifts two pawns off one rank, is tested directly.
 * This is how fast generators (Stockfish's among them) work, and it lets
 * perft count the last ply without making a single move.
 */
#include "chess/movegen.h"

enum gen_kind { GEN_TACTICAL = 1, GEN_QUIET = 2, GEN_ALL = 3 };

/*
 * What a quiet move must do to give check, for the quiet-check generator: land
 * on a square from which its piece attacks the enemy king (one mask a piece
 * type, seen from the king: a knight checks from the squares a knight on the
 * king's square would attack, and so on), or move a discoverer (our piece
 * standing alone between one of our sliders and that king) off the line to
 * the king. Quiet moves land on empty squares and a piece moving on a line
 * through the king was not checking before, so the king's rays need only the
 * present occupancy.
 */
struct check_squares {
	bitboard direct[7];    /* [piece type]: where a piece of that type gives check */
	bitboard discoverers;  /* our pieces whose move off the line uncovers a check */
	int ksq;               /* the enemy king */
};

static void check_squares_init(const struct position *pos, struct check_squares *cs)
{
	int us = pos->side, them = !us;
	int ksq = board_king(pos, them);

	cs->ksq = ksq;
	cs->direct[NO_TYPE] = 0;
	cs->direct[PAWN] = bitboard_pawn[them][ksq];
	cs->direct[KNIGHT] = bitboard_knight[ksq];
	cs->direct[BISHOP] = bitboard_bishop_attacks(ksq, pos->occupied);
	cs->direct[ROOK] = bitboard_rook_attacks(ksq, pos->occupied);
	cs->direct[QUEEN] = cs->direct[BISHOP] | cs->direct[ROOK];
	cs->direct[KING] = 0;
	cs->discoverers = board_blockers(pos, them) & pos->pieces[us][0];
}

/* The destinations from which a piece of TYPE on FROM gives check (CS NULL: all squares). */
static inline bitboard checking_squares(const struct check_squares *cs, int type, int from)
{
	if (cs == NULL)
		return ~(bitboard)0;
	if (cs->discoverers & BB(from))
		return cs->direct[type] | ~bitboard_line[from][cs->ksq];
	return cs->direct[type];
}

static inline move *add(move *out, int from, int to, int kind)
{
	*out = MOVE_MAKE(from, to, kind);
	return out + 1;
}

/* Whether colour BY attacks SQ when the board holds OCC (pieces of BY read from POS). */
static inline bool attacked_with(const struct position *pos, int sq, int by, bitboard occ)
{
	const bitboard *p = pos->pieces[by];

	return (bitboard_knight[sq] & p[KNIGHT]) ||
	       (bitboard_pawn[!by][sq] & p[PAWN]) ||
	       (bitboard_king[sq] & p[KING]) ||
	       (bitboard_bishop_attacks(sq, occ) & (p[BISHOP] | p[QUEEN])) ||
	       (bitboard_rook_attacks(sq, occ) & (p[ROOK] | p[QUEEN]));
}

/* A pinned piece may only move along the line through its own king. */
static inline bool pin_allows(bitboard pinned, int ksq, int from, int to)
{
	return !(pinned & BB(from)) || (bitboard_line[ksq][from] & BB(to));
}

/* Writes the four promotions (N, B, R, Q) of a pawn from FROM to TO. */
static inline move *add_promotions(move *out, int from, int to, bool capture)
{
	int base = capture ? MK_PROMO_CAPTURE : MK_PROMO;

	for (int k = 3; k >= 0; k--)   /* queen first: the move a search wants first */
		out = add(out, from, to, base + k);
	return out;
}

/*
 * Forces a generator into each caller, where KIND and the quiet-check masks
 * are constants: without it the masks' tests stay in every generation and
 * perft of the start position ran 6% slower (interleaved CPU times).
 */
#if defined(__GNUC__)
#define GEN_INLINE static inline __attribute__((always_inline))
#else
#define GEN_INLINE static inline
#endif

/* Pawn moves: pushes, double pushes, captures, promotions and en passant. */
GEN_INLINE move *gen_pawns(const struct position *pos, move *out, int kind, bitboard target,
		       bitboard pinned, int ksq, const struct check_squares *cs)
{
	int us = pos->side, them = !us;
	int up = us == WHITE ? 8 : -8;
	bitboard pawns = pos->pieces[us][PAWN];
	bitboard rank7 = us == WHITE ? RANK_7_BB : RANK_2_BB;
	bitboard rank3 = us == WHITE ? RANK_3_BB : RANK_6_BB;
	bitboard empty = ~pos->occupied;
	bitboard enemies = pos->pieces[them][0];
	bitboard movers = pawns & ~rank7, promoters = pawns & rank7;
	bitboard b, b2;

#define SHIFT_UP(x) (us == WHITE ? (x) << 8 : (x) >> 8)
/* Captures towards the a-file (west) and h-file (east), seen from the mover. */
#define SHIFT_WEST(x) (us == WHITE ? ((x) & ~FILE_A_BB) << 7 : ((x) & ~FILE_A_BB) >> 9)
#define SHIFT_EAST(x) (us == WHITE ? ((x) & ~FILE_H_BB) << 9 : ((x) & ~FILE_H_BB) >> 7)
	int west = us == WHITE ? 7 : -9, east = us == WHITE ? 9 : -7;

	if (kind & GEN_QUIET) {
		b = SHIFT_UP(movers) & empty;
		b2 = SHIFT_UP(b & rank3) & empty & target;
		b &= target;
		while (b) {
			int to = bb_pop(&b);

			if (pin_allows(pinned, ksq, to - up, to) && (checking_squares(cs, PAWN, to - up) & BB(to)))
				out = add(out, to - up, to, MK_QUIET);
		}
		while (b2) {
			int to = bb_pop(&b2);

			if (pin_allows(pinned, ksq, to - 2 * up, to) &&
			    (checking_squares(cs, PAWN, to - 2 * up) & BB(to)))
				out = add(out, to - 2 * up, to, MK_DOUBLE_PUSH);
		}
	}

	if (kind & GEN_TACTICAL) {
		if (promoters) {
			b = SHIFT_UP(promoters) & empty & target;
			while (b) {
				int to = bb_pop(&b);

				if (pin_allows(pinned, ksq, to - up, to))
					out = add_promotions(out, to - up, to, false);
			}
			b = SHIFT_WEST(promoters) & enemies & target;
			while (b) {
				int to = bb_pop(&b);

				if (pin_allows(pinned, ksq, to - west, to))
					out = add_promotions(out, to - west, to, true);
			}
			b = SHIFT_EAST(promoters) & enemies & target;
			while (b) {
				int to = bb_pop(&b);

				if (pin_allows(pinned, ksq, to - east, to))
					out = add_promotions(out, to - east, to, true);
			}
		}
		b = SHIFT_WEST(movers) & enemies & target;
		while (b) {
			int to = bb_pop(&b);

			if (pin_allows(pinned, ksq, to - west, to))
				out = add(out, to - west, to, MK_CAPTURE);
		}
		b = SHIFT_EAST(movers) & enemies & target;
		while (b) {
			int to = bb_pop(&b);

			if (pin_allows(pinned, ksq, to - east, to))
				out = add(out, to - east, to, MK_CAPTURE);
		}

		/*
		 * En passant lifts two pawns off one rank and can expose the king
		 * along it, so each one is tested on the board as it would be.
		 */
		if (pos->ep != SQ_NONE) {
			int ep = pos->ep, capsq = ep ^ 8;
			const bitboard *theirs = pos->pieces[them];

			b = bitboard_pawn[them][ep] & movers;
			while (b) {
				int from = bb_pop(&b);
				bitboard occ = (pos->occupied ^ BB(from) ^ BB(capsq)) | BB(ep);

				if (!(bitboard_rook_attacks(ksq, occ) & (theirs[ROOK] | theirs[QUEEN])) &&
				    !(bitboard_bishop_attacks(ksq, occ) & (theirs[BISHOP] | theirs[QUEEN])) &&
				    !(bitboard_knight[ksq] & theirs[KNIGHT]) &&
				    !(bitboard_pawn[us][ksq] & theirs[PAWN] & ~BB(capsq)))
					out = add(out, from, ep, MK_EN_PASSANT);
			}
		}
	}
#undef SHIFT_UP
#undef SHIFT_WEST
#undef SHIFT_EAST
	return out;
}

/* Castling: rights held, squares between empty, king not in check and not crossing an attacked square. */
static move *gen_castling(const struct position *pos, move *out)
{
	int us = pos->side, them = !us;
	bitboard occ = pos->occupied;

	if (us == WHITE) {
		if ((pos->castling & CASTLE_WK) && !(occ & (BB(SQ_F1) | BB(SQ_G1))) &&
		    !attacked_with(pos, SQ_F1, them, occ) && !attacked_with(pos, SQ_G1, them, occ))
			out = add(out, SQ_E1, SQ_G1, MK_CASTLE_KING);
		if ((pos->castling & CASTLE_WQ) && !(occ & (BB(SQ_B1) | BB(SQ_C1) | BB(SQ_D1))) &&
		    !attacked_with(pos, SQ_D1, them, occ) && !attacked_with(pos, SQ_C1, them, occ))
			out = add(out, SQ_E1, SQ_C1, MK_CASTLE_QUEEN);
	} else {
		if ((pos->castling & CASTLE_BK) && !(occ & (BB(SQ_F8) | BB(SQ_G8))) &&
		    !attacked_with(pos, SQ_F8, them, occ) && !attacked_with(pos, SQ_G8, them, occ))
			out = add(out, SQ_E8, SQ_G8, MK_CASTLE_KING);
		if ((pos->castling & CASTLE_BQ) && !(occ & (BB(SQ_B8) | BB(SQ_C8) | BB(SQ_D8))) &&
		    !attacked_with(pos, SQ_D8, them, occ) && !attacked_with(pos, SQ_C8, them, occ))
			out = add(out, SQ_E8, SQ_C8, MK_CASTLE_QUEEN);
	}
	return out;
}

/*
 * The generator behind every public function; returns the end of the written
 * moves. With CS (and KIND GEN_QUIET) it writes only the quiet moves that give
 * check, in the order it would write all quiet moves.
 */
GEN_INLINE move *generate(const struct position *pos, move *out, int kind, const struct check_squares *cs)
{
	int us = pos->side, them = !us;
	int ksq = board_king(pos, us);
	bitboard ours = pos->pieces[us][0], theirs = pos->pieces[them][0];
	bitboard occ = pos->occupied;
	bitboard checkers = board_attackers(pos, ksq, occ) & theirs;
	bitboard pinned, target, dest, b;

	/* Which destinations each class asks for: enemy pieces, empty squares, or both. */
	dest = kind == GEN_TACTICAL ? theirs : kind == GEN_QUIET ? ~occ : ~ours;

	/* Step 1. The king, never onto an attacked square (looked at without the king on the board). */
	b = bitboard_king[ksq] & dest & checking_squares(cs, KING, ksq);
	while (b) {
		int to = bb_pop(&b);

		if (!attacked_with(pos, to, them, occ ^ BB(ksq)))
			out = add(out, ksq, to, (theirs & BB(to)) ? MK_CAPTURE : MK_QUIET);
	}
	if (bb_more_than_one(checkers))
		return out;   /* double check: only the king can move */

	/* Step 2. In check, the other pieces must capture the checker or block. */
	target = checkers ? bitboard_between[ksq][bb_lsb(checkers)] | checkers : ~(bitboard)0;
	pinned = board_blockers(pos, us) & ours;

	/* Step 3. Pawns. */
	out = gen_pawns(pos, out, kind, target, pinned, ksq, cs);

	/* Step 4. Knights (a pinned knight can never move), bishops, rooks and queens. */
	b = pos->pieces[us][KNIGHT] & ~pinned;
	while (b) {
		int from = bb_pop(&b);
		bitboard att = bitboard_knight[from] & dest & target & checking_squares(cs, KNIGHT, from);

		while (att) {
			int to = bb_pop(&att);

			out = add(out, from, to, (theirs & BB(to)) ? MK_CAPTURE : MK_QUIET);
		}
	}
	for (int type = BISHOP; type <= QUEEN; type++) {
		b = pos->pieces[us][type];
		while (b) {
			int from = bb_pop(&b);
			bitboard att = bitboard_attacks(type, from, occ) & dest & target &
				       checking_squares(cs, type, from);

			if (pinned & BB(from))
				att &= bitboard_line[ksq][from];
			while (att) {
				int to = bb_pop(&att);

				out = add(out, from, to, (theirs & BB(to)) ? MK_CAPTURE : MK_QUIET);
			}
		}
	}

	/* Step 5. Castling, never out of check; a castling that checks (by the rook) is rare, so tested. */
	if ((kind & GEN_QUIET) && !checkers && pos->castling) {
		move *first = out;

		out = gen_castling(pos, out);
		if (cs != NULL) {
			move *kept = first;

			for (move *m = first; m < out; m++)
				if (board_gives_check(pos, *m))
					*kept++ = *m;
			out = kept;
		}
	}
	return out;
}

void movegen_all(const struct position *pos, struct move_list *list)
{
	list->count = (int)(generate(pos, list->moves, GEN_ALL, NULL) - list->moves);
}

void movegen_tactical(const struct position *pos, struct move_list *list)
{
	list->count = (int)(generate(pos, list->moves, GEN_TACTICAL, NULL) - list->moves);
}

void movegen_quiet(const struct position *pos, struct move_list *list)
{
	list->count = (int)(generate(pos, list->moves, GEN_QUIET, NULL) - list->moves);
}

void movegen_quiet_checks(const struct position *pos, struct move_list *list)
{
	struct check_squares cs;

	check_squares_init(pos, &cs);
	list->count = (int)(generate(pos, list->moves, GEN_QUIET, &cs) - list->moves);
}

void movegen_evasions(const struct position *pos, struct move_list *list)
{
	/* The legal generator already answers a check with evasions only. */
	movegen_all(pos, list);
}

int movegen_count(const struct position *pos)
{
	move buf[MAX_MOVES];

	return (int)(generate(pos, buf, GEN_ALL, NULL) - buf);
}

/*
 * Whether the king of the side to move is safe once a piece other than the
 * king has gone from FROM to TO, taking what stands on CAPSQ (TO, or the
 * pawn beside it for en passant; a capture of nothing changes nothing). The
 * knights and pawns that check must be the piece taken, since no move blocks
 * them; the sliders are looked at again with the board as it will be, which
 * finds pins, unblocked checks and the rank en passant can open alike.
 */
static inline bool king_safe_after(const struct position *pos, int from, int to, int capsq)
{
	int us = pos->side, ksq = board_king(pos, us);
	const bitboard *theirs = pos->pieces[!us];
	bitboard occ = ((pos->occupied ^ BB(from)) | BB(to)) & ~(capsq == to ? 0 : BB(capsq));
	bitboard alive = ~BB(capsq);

	return !(((bitboard_knight[ksq] & theirs[KNIGHT]) | (bitboard_pawn[us][ksq] & theirs[PAWN])) & alive) &&
	       !(bitboard_bishop_attacks(ksq, occ) & (theirs[BISHOP] | theirs[QUEEN]) & alive) &&
	       !(bitboard_rook_attacks(ksq, occ) & (theirs[ROOK] | theirs[QUEEN]) & alive);
}

/* Whether the castling M is legal: one of the castlings the generator writes (never out of check). */
static bool castle_is_legal(const struct position *pos, move m)
{
	move buf[2], *end;

	if (board_in_check(pos))
		return false;
	end = gen_castling(pos, buf);
	for (const move *c = buf; c < end; c++)
		if (*c == m)
			return true;
	return false;
}

/* Whether the pawn move M, of kind KIND, is one the generator writes (the king's safety aside). */
static bool pawn_move_fits(const struct position *pos, int from, int to, int kind)
{
	int us = pos->side;
	int up = us == WHITE ? 8 : -8;
	bitboard last = us == WHITE ? RANK_8_BB : RANK_1_BB;
	bitboard second = us == WHITE ? RANK_2_BB : RANK_7_BB;
	bitboard empty = ~pos->occupied, enemies = pos->pieces[!us][0];
	bool attacks = (bitboard_pawn[us][from] & BB(to)) != 0;
	bool promotes = (last & BB(to)) != 0;

	switch (kind) {
	case MK_QUIET:
		return to == from + up && (empty & BB(to)) && !promotes;
	case MK_DOUBLE_PUSH:
		return (second & BB(from)) && to == from + 2 * up && (empty & BB(from + up)) && (empty & BB(to));
	case MK_CAPTURE:
		return attacks && (enemies & BB(to)) && !promotes;
	case MK_EN_PASSANT:
		return attacks && to == pos->ep;
	case MK_PROMO: case MK_PROMO + 1: case MK_PROMO + 2: case MK_PROMO + 3:
		return to == from + up && (empty & BB(to)) && promotes;
	case MK_PROMO_CAPTURE: case MK_PROMO_CAPTURE + 1: case MK_PROMO_CAPTURE + 2: case MK_PROMO_CAPTURE + 3:
		return attacks && (enemies & BB(to)) && promotes;
	default:
		return false;
	}
}

/*
 * Whether M is a legal move in POS, tested on the one move rather than by
 * generating them all (the trace reader asks this at every node). M must be
 * the very value the generator writes: its kind says capture exactly when an
 * enemy piece stands on the destination, a pawn's push of two squares is a
 * double push, a promotion names its piece, and so on; any other kind on the
 * same squares is not a move. The king's safety is then tested on the board
 * as the move leaves it.
 */
bool movegen_is_legal(const struct position *pos, move m)
{
	int us = pos->side, them = !us;
	int from = MOVE_FROM(m), to = MOVE_TO(m), kind = MOVE_KIND(m);
	int piece = pos->squares[from];
	bitboard occ = pos->occupied;
	bool onto_enemy = (pos->pieces[them][0] & BB(to)) != 0;

	if (piece == EMPTY || PIECE_COLOUR(piece) != us || (pos->pieces[us][0] & BB(to)))
		return false;

	switch (PIECE_TYPE(piece)) {
	case PAWN:
		if (!pawn_move_fits(pos, from, to, kind))
			return false;
		return king_safe_after(pos, from, to, kind == MK_EN_PASSANT ? to ^ 8 : to);
	case KING:
		if (kind == MK_CASTLE_KING || kind == MK_CASTLE_QUEEN)
			return castle_is_legal(pos, m);
		if (kind != (onto_enemy ? MK_CAPTURE : MK_QUIET) || !(bitboard_king[from] & BB(to)))
			return false;
		/* Looked at without the king on the board, so it cannot hide behind itself. */
		return !attacked_with(pos, to, them, occ ^ BB(from));
	default:
		if (kind != (onto_enemy ? MK_CAPTURE : MK_QUIET) || !(bitboard_attacks(PIECE_TYPE(piece), from, occ) & BB(to)))
			return false;
		return king_safe_after(pos, from, to, to);
	}
}

/*
 * Whether POS has any legal move, stopping at the first found: the king's
 * moves first (the likeliest answer, and in double check the only one), then
 * the other pieces under the same rules the generator keeps (capture or
 * block a single check, pinned pieces along their line), pawns last.
 */
bool movegen_has_legal(const struct position *pos)
{
	int us = pos->side, them = !us;
	int ksq = board_king(pos, us);
	bitboard ours = pos->pieces[us][0], theirs = pos->pieces[them][0];
	bitboard occ = pos->occupied;
	bitboard checkers, pinned, target, b;
	move buf[MAX_MOVES];

	/* Step 1. The king, looked at without itself on the board. */
	b = bitboard_king[ksq] & ~ours;
	while (b)
		if (!attacked_with(pos, bb_pop(&b), them, occ ^ BB(ksq)))
			return true;
	checkers = board_attackers(pos, ksq, occ) & theirs;
	if (bb_more_than_one(checkers))
		return false;

	/* Step 2. Knights, bishops, rooks and queens: capture or block a check, stay on a pin's line. */
	target = (checkers ? bitboard_between[ksq][bb_lsb(checkers)] | checkers : ~(bitboard)0) & ~ours;
	pinned = board_blockers(pos, us) & ours;
	b = pos->pieces[us][KNIGHT] & ~pinned;
	while (b)
		if (bitboard_knight[bb_pop(&b)] & target)
			return true;
	for (int type = BISHOP; type <= QUEEN; type++) {
		b = pos->pieces[us][type];
		while (b) {
			int from = bb_pop(&b);
			bitboard att = bitboard_attacks(type, from, occ) & target;

			if (pinned & BB(from))
				att &= bitboard_line[ksq][from];
			if (att)
				return true;
		}
	}

	/*
	 * Step 3. Pawns, through their generator (rarely reached: few positions
	 * have no king or piece move). Castling needs no look: when it is legal
	 * the king's step onto the square it passes is legal too, found above.
	 */
	return gen_pawns(pos, buf, GEN_ALL, target, pinned, ksq, NULL) != buf;
}
