/*
 * test_legal.c: the one-move legality test, the early-exit "any legal move?"
 * test and the SAN and UCI code built on them, against the move generator
 * over the perft suite's trees.
 *
 * The oracle is movegen_all, whose move lists perft.sh holds to the
 * published perft counts (positions/perft.epd, sources in SOURCES.md). At
 * every position of each tree:
 *   - movegen_is_legal is true exactly for the encodings movegen_all lists
 *     (compared by value, kind bits included): all 65,536 encodings near
 *     the roots, and deeper every encoding whose from-square holds a piece
 *     of the side to move (64 destinations x 16 kinds), since any other
 *     from-square is refused before anything else is looked at;
 *   - movegen_has_legal agrees with movegen_count > 0;
 *   - notation_san writes every legal move as the former implementation did
 *     (kept below as the reference: disambiguation found by scanning the
 *     legal list, the suffix by playing the move and counting replies);
 *   - near the roots, notation_parse_uci and notation_uci_plain of every from-to-promotion text
 *     agrees with a search of the legal list.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "chess/epd.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "check.h"

static long positions, encodings, sans, ucis, stripped_positions, stalemates_or_mates;


/* The reference SAN: notation.c's implementation before the one-move tests replaced its lookups. */
static const char ref_letters[7] = { 0, 0, 'N', 'B', 'R', 'Q', 'K' };

static char *ref_square(char *p, int sq)
{
	*p++ = (char)('a' + SQ_FILE(sq));
	*p++ = (char)('1' + SQ_RANK(sq));
	return p;
}

static void reference_san(const struct position *pos, move m, const struct move_list *legal, char *buf)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	int type = PIECE_TYPE(board_piece_at(pos, from));
	struct position after = *pos;
	struct undo u;
	char *p = buf;

	if (MOVE_KIND(m) == MK_CASTLE_KING) {
		p += sprintf(p, "O-O");
	} else if (MOVE_KIND(m) == MK_CASTLE_QUEEN) {
		p += sprintf(p, "O-O-O");
	} else if (type == PAWN) {
		if (MOVE_IS_CAPTURE(m)) {
			*p++ = (char)('a' + SQ_FILE(from));
			*p++ = 'x';
		}
		p = ref_square(p, to);
		if (MOVE_IS_PROMOTION(m)) {
			*p++ = '=';
			*p++ = ref_letters[MOVE_PROMO_TYPE(m)];
		}
	} else {
		*p++ = ref_letters[type];
		if (type != KING) {
			bool others = false, same_file = false, same_rank = false;

			for (int i = 0; i < legal->count; i++) {
				int ofrom = MOVE_FROM(legal->moves[i]);

				if (MOVE_TO(legal->moves[i]) != to || ofrom == from ||
				    PIECE_TYPE(board_piece_at(pos, ofrom)) != type)
					continue;
				others = true;
				same_file |= SQ_FILE(ofrom) == SQ_FILE(from);
				same_rank |= SQ_RANK(ofrom) == SQ_RANK(from);
			}
			if (others) {
				if (!same_file)
					*p++ = (char)('a' + SQ_FILE(from));
				else if (!same_rank)
					*p++ = (char)('1' + SQ_RANK(from));
				else
					p = ref_square(p, from);
			}
		}
		if (MOVE_IS_CAPTURE(m))
			*p++ = 'x';
		p = ref_square(p, to);
	}
	*p = '\0';
	board_make(&after, m, &u);
	if (board_in_check(&after))
		strcat(buf, movegen_count(&after) == 0 ? "#" : "+");
}

/* The legal move of LEGAL going FROM to TO promoting to PROMO (NO_TYPE: none), or MOVE_NONE. */
static move reference_uci(const struct position *pos, const struct move_list *legal, int from, int to, int promo)
{
	for (int i = 0; i < legal->count; i++) {
		move m = legal->moves[i];
		int mpromo = MOVE_IS_PROMOTION(m) ? MOVE_PROMO_TYPE(m) : NO_TYPE;

		if (MOVE_FROM(m) == from && MOVE_TO(m) == to && mpromo == promo)
			return m;
	}
	/* Castling written as the king taking its own rook (e1h1), which the parser also reads. */
	if (promo == NO_TYPE && PIECE_TYPE(board_piece_at(pos, from)) == KING &&
	    board_piece_at(pos, to) == PIECE_MAKE(pos->side, ROOK))
		for (int i = 0; i < legal->count; i++) {
			move m = legal->moves[i];

			if (MOVE_FROM(m) == from && MOVE_IS_CASTLE(m) &&
			    (MOVE_KIND(m) == MK_CASTLE_KING) == (SQ_FILE(to) > SQ_FILE(from)))
				return m;
		}
	return MOVE_NONE;
}

/* Every candidate encoding with a from-square in FROMS against the legal list's membership table. */
static void check_encodings(const struct position *pos, const bool *listed, bitboard froms, const char *where)
{
	while (froms) {
		int from = bb_pop(&froms);

		for (int rest = 0; rest < 1024; rest++) {
			move m = (move)(from | rest << 6);
			bool got = movegen_is_legal(pos, m);

			encodings++;
			CHECK(got == listed[m], "%s: movegen_is_legal(%04x: %c%c%c%c kind %d) = %d, movegen_all %s it", where,
			      m, 'a' + SQ_FILE(from), '1' + SQ_RANK(from), 'a' + SQ_FILE(MOVE_TO(m)),
			      '1' + SQ_RANK(MOVE_TO(m)), MOVE_KIND(m), got, listed[m] ? "lists" : "does not list");
		}
	}
}

/*
 * Every text "from to [nbrq]" parsed by notation_parse_uci, and by
 * notation_uci_plain, against a search of LEGAL.
 */
static void check_uci_texts(const struct position *pos, const struct move_list *legal, const char *where)
{
	static const char promos[] = { 0, 'n', 'b', 'r', 'q' };
	static const int promo_types[] = { NO_TYPE, KNIGHT, BISHOP, ROOK, QUEEN };

	for (int from = 0; from < 64; from++)
		for (int to = 0; to < 64; to++)
			for (int k = 0; k < 5; k++) {
				char text[8] = { (char)('a' + SQ_FILE(from)), (char)('1' + SQ_RANK(from)),
						 (char)('a' + SQ_FILE(to)), (char)('1' + SQ_RANK(to)), promos[k], 0 };
				move want = reference_uci(pos, legal, from, to, promo_types[k]), got = MOVE_NONE;
				bool ok = notation_parse_uci(pos, text, &got, NULL);

				ucis++;
				CHECK(ok == (want != MOVE_NONE) && (!ok || got == want),
				      "%s: notation_parse_uci(%s) = %d (%04x), the legal list says %04x", where, text, ok, got,
				      want);
				/* The plain form: exactly the texts notation_uci writes for the legal moves. */
				{
					char back[NOTATION_BUFSIZE] = "";
					move plain_got = MOVE_NONE;
					bool plain = notation_uci_plain(pos, text, &plain_got);

					if (want != MOVE_NONE)
						notation_uci(want, back);
					CHECK(plain == (want != MOVE_NONE && strcmp(back, text) == 0) && (!plain || plain_got == want),
					      "%s: notation_uci_plain(%s) = %d (%04x), the legal list says %04x (written %s)", where,
					      text, plain, plain_got, want, back);
				}
			}
}

/*
 * Positions with few legal moves, where "any legal move?" is a real
 * question: POS stripped of the mover's pieces but its king and those in
 * KEEP (castling rights dropped), unless that leaves the position illegal
 * (the opponent's king uncovered). Returns false when skipped.
 */
static bool stripped(const struct position *pos, bitboard keep, struct position *out)
{
	int us = pos->side;

	board_clear(out);
	keep |= pos->pieces[!us][0] | pos->pieces[us][KING];
	for (int sq = 0; sq < 64; sq++)
		if (keep & BB(sq))
			board_put(out, board_piece_at(pos, sq), sq);
	out->side = pos->side;
	out->ep = pos->ep;
	out->halfmove = pos->halfmove;
	out->fullmove = pos->fullmove;
	out->key = board_compute_key(out);
	return board_ok(out, NULL, 0);
}

/*
 * movegen_has_legal against movegen_count on POS stripped to its king and
 * each one other piece in turn, then to its king and pawns: positions rich
 * in stalemates, pins that leave nothing to move and checks only the king
 * can answer. With ENCODINGS the one-move test is checked there too.
 */
static void check_stripped(const struct position *pos, bool *listed, bool encodings_too, const char *where)
{
	int us = pos->side;
	bitboard rest = pos->pieces[us][0] & ~pos->pieces[us][KING];
	bitboard keep = pos->pieces[us][PAWN];

	for (;;) {
		struct position q;
		struct move_list legal;

		if (stripped(pos, keep, &q)) {
			movegen_all(&q, &legal);
			stripped_positions++;
			stalemates_or_mates += legal.count == 0;
			CHECK(movegen_has_legal(&q) == (legal.count > 0),
			      "%s, stripped to the king and %016llx: movegen_has_legal = %d with %d legal moves", where,
			      (unsigned long long)keep, movegen_has_legal(&q), legal.count);
			if (encodings_too) {
				for (int i = 0; i < legal.count; i++)
					listed[legal.moves[i]] = true;
				check_encodings(&q, listed, q.pieces[us][0], where);
				for (int i = 0; i < legal.count; i++)
					listed[legal.moves[i]] = false;
			}
		}
		if (rest == 0)
			break;
		keep = BB(bb_pop(&rest));
	}
}

/*
 * Checks POS, then the positions below it to DEPTH more plies. All 65,536
 * encodings and every UCI text are tried while FULL plies remain of it.
 */
static void walk(struct position *pos, int depth, int full, const char *where)
{
	static bool listed[65536];
	struct move_list legal;
	char got[NOTATION_BUFSIZE], want[NOTATION_BUFSIZE];

	positions++;
	movegen_all(pos, &legal);
	for (int i = 0; i < legal.count; i++)
		listed[legal.moves[i]] = true;
	check_encodings(pos, listed, full > 0 ? ~(bitboard)0 : pos->pieces[pos->side][0], where);
	for (int i = 0; i < legal.count; i++)
		listed[legal.moves[i]] = false;

	CHECK(movegen_has_legal(pos) == (legal.count > 0), "%s: movegen_has_legal = %d with %d legal moves", where,
	      movegen_has_legal(pos), legal.count);
	for (int i = 0; i < legal.count; i++) {
		sans++;
		notation_san(pos, legal.moves[i], got);
		reference_san(pos, legal.moves[i], &legal, want);
		CHECK(strcmp(got, want) == 0, "%s: notation_san(%04x) = %s, the reference writes %s", where,
		      legal.moves[i], got, want);
	}
	if (full > 0)
		check_uci_texts(pos, &legal, where);
	check_stripped(pos, listed, full > 0, where);

	if (depth <= 0 || failures > 20)
		return;
	for (int i = 0; i < legal.count; i++) {
		struct undo u;

		board_make(pos, legal.moves[i], &u);
		walk(pos, depth - 1, full - 1, where);
		board_unmake(pos, legal.moves[i], &u);
	}
}

/*
 * Positions worked out by hand where the only pieces that might move are
 * pinned, or the only move is en passant; each count was confirmed with
 * Stockfish's "go perft 1".
 */
static const struct {
	const char *fen;
	int moves;
	const char *why;
} hand_cases[] = {
	{ "7k/4N1r1/8/8/8/8/8/B1K4R b - - 0 1", 0,
	  "mate: Rg7-h7 would block the check but the rook is pinned by Ba1" },
	{ "7k/5K1b/8/8/8/8/8/7R b - - 0 1", 0, "stalemate: Bh7 is pinned along the h-file by Rh1" },
	{ "5K1k/7r/8/8/8/8/8/7R b - - 0 1", 6, "a rook pinned along the h-file moves along it" },
	{ "5N1k/5Kp1/8/8/8/8/8/B7 b - - 0 1", 0, "stalemate: g7 is pinned by Ba1 and f6, h6 are empty" },
	{ "k7/2Q5/8/8/3Pp3/4P3/8/4K3 b - d3 0 1", 1, "the one legal move is exd3 en passant" },
};

static void check_hand_cases(void)
{
	for (size_t i = 0; i < sizeof hand_cases / sizeof hand_cases[0]; i++) {
		struct position pos;
		struct error err;

		if (!fen_parse(&pos, hand_cases[i].fen, &err)) {
			CHECK(false, "%s: %s", hand_cases[i].fen, err.msg);
			continue;
		}
		CHECK(movegen_count(&pos) == hand_cases[i].moves, "%s (%s): movegen_count = %d, expected %d",
		      hand_cases[i].fen, hand_cases[i].why, movegen_count(&pos), hand_cases[i].moves);
		CHECK(movegen_has_legal(&pos) == (hand_cases[i].moves > 0), "%s (%s): movegen_has_legal = %d",
		      hand_cases[i].fen, hand_cases[i].why, movegen_has_legal(&pos));
		walk(&pos, 1, 2, hand_cases[i].fen);
	}
}

int main(int argc, char **argv)
{
	const char *srcdir = getenv("srcdir");
	struct epd_file file;
	struct error err = { 0 };
	char path[4096];
	/* Every move of every line's perft tree to this depth is looked at (an argument for a deeper run). */
	int depth = argc > 1 ? atoi(argv[1]) : 3;

	board_init();
	snprintf(path, sizeof path, "%s/positions/perft.epd", srcdir ? srcdir : ".");
	if (!epd_read_file(&file, path, &err)) {
		printf("%s\n", err.msg);
		return 1;
	}
	check_hand_cases();
	for (int i = 0; i < file.count; i++) {
		char where[4200];

		snprintf(where, sizeof where, "%s:%d", path, file.linenos[i]);
		walk(&file.records[i].pos, depth - 1, 2, where);
	}
	printf("%d root positions, %ld positions, %ld stripped (%ld without a legal move), %ld encodings, %ld SAN, "
	       "%ld UCI texts, %d failures\n", file.count, positions, stripped_positions, stalemates_or_mates, encodings,
	       sans, ucis, failures);
	epd_file_free(&file);
	return failures ? 1 : 0;
}
