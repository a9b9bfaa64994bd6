/* fen.c: strict Forsyth-Edwards Notation reading, with messages that say where and what, and writing. */
#include "chess/fen.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/util.h"

/* Largest halfmove clock and fullmove number accepted. */
#define FEN_MAX_CLOCK 9999

/* What each field is called and what it should hold, for messages. */
static const char *const field_name[7] = {
	"",
	"piece placement",
	"side to move",
	"castling rights",
	"en passant square",
	"halfmove clock",
	"fullmove number",
};

static const char *const field_expected[7] = {
	"",
	"8 ranks separated by '/', such as rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
	"'w' or 'b'",
	"'-' or castling letters from KQkq",
	"'-' or a square such as e3 or e6",
	"a whole number from 0 to 9999",
	"a whole number from 1 to 9999",
};

static const char *const colour_name[2] = { "White", "Black" };
static const char *const colour_adj[2] = { "white", "black" };
static const char *const type_name[7] = {
	"", "pawn", "knight", "bishop", "rook", "queen", "king"
};

/*
 * Where the parser is: columns count from TEXT, plus BASE, from 1; COL[sq]
 * remembers the column of the letter that put a piece on each square.
 */
struct fen_cursor {
	const char *text;
	int base;
	struct error *err;
	int col[64];
};

static int column_of(const struct fen_cursor *c, const char *p)
{
	return (int)(p - c->text) + 1 + c->base;
}

/* Fills the error as "FEN field N (name), column C: DETAIL" and returns false. */
static bool field_error(const struct fen_cursor *c, int field, int column,
			const char *fmt, ...) PRINTF_LIKE(4, 5);

static bool field_error(const struct fen_cursor *c, int field, int column,
			const char *fmt, ...)
{
	char detail[sizeof c->err->msg];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(detail, sizeof detail, fmt, ap);
	va_end(ap);
	return error_set(c->err, 0, column, "FEN field %d (%s), column %d: %s",
			 field, field_name[field], column, detail);
}

/* Describes one byte for a message: 'x', a tab, a space or byte 0xC3. */
static void describe_byte(unsigned char ch, char *buf, size_t n)
{
	if (ch == '\t')
		snprintf(buf, n, "a tab");
	else if (ch == ' ')
		snprintf(buf, n, "a space");
	else if (ch == '\'')
		snprintf(buf, n, "a quote (')");
	else if (ch > 0x20 && ch < 0x7f)
		snprintf(buf, n, "'%c'", ch);
	else if (ch >= 0x80)
		snprintf(buf, n, "byte 0x%02X (not ASCII)", ch);
	else
		snprintf(buf, n, "control character 0x%02X", ch);
}

/* Copies the LEN bytes at P into BUF for a message, cut short and escaped as needed. */
static void describe_token(const char *p, size_t len, char *buf, size_t n)
{
	util_quote(p, len, 24, buf, n);
}

static void square_name(int sq, char *buf)
{
	buf[0] = (char)('a' + SQ_FILE(sq));
	buf[1] = (char)('1' + SQ_RANK(sq));
	buf[2] = '\0';
}

static bool is_blank(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' ||
	       ch == '\v' || ch == '\f';
}

/* A field other than the placement ends at a blank, at ';' (which EPD uses) or at the end. */
static const char *token_end(const char *p)
{
	while (*p != '\0' && !is_blank(*p) && *p != ';')
		p++;
	return p;
}

/*
 * Steps over the single space before field FIELD. Anything else (the end, a
 * tab, two spaces, a stray character) is an error that names FIELD.
 */
static bool expect_separator(struct fen_cursor *c, const char **pp, int field)
{
	const char *p = *pp;
	char what[48];

	if (*p == ' ' && p[1] != '\0' && !is_blank(p[1])) {
		*pp = p + 1;
		return true;
	}
	if (*p == ' ' && p[1] == ' ')
		return field_error(c, field, column_of(c, p + 1),
				   "more than one space before this field; expected a single space between fields");
	if (*p == ' ')
		p++;
	if (*p == '\0' || *p == '\r' || *p == '\n')
		return field_error(c, field, column_of(c, p), "missing; expected %s",
				   field_expected[field]);
	describe_byte((unsigned char)*p, what, sizeof what);
	if (is_blank(*p))
		return field_error(c, field, column_of(c, p),
				   "%s before this field; expected a single space between fields", what);
	return field_error(c, field - 1, column_of(c, p),
			   "unexpected %s at the end of the field; expected a single space and then field %d (%s)",
			   what, field, field_name[field]);
}

/* The square among those of B whose letter comes Nth (from 1) in the text. */
static int nth_in_text(const struct fen_cursor *c, bitboard b, int n)
{
	int best = SQ_NONE;

	for (int k = 0; k < n; k++) {
		int prev = best == SQ_NONE ? 0 : c->col[best];

		best = SQ_NONE;
		for (bitboard bb = b; bb != 0;) {
			int sq = bb_pop(&bb);

			if (c->col[sq] > prev && (best == SQ_NONE || c->col[sq] < c->col[best]))
				best = sq;
		}
	}
	return best;
}

/* Checks the material of colour SIDE: one king, pawns off the back ranks, no impossible counts. */
static bool check_material(struct fen_cursor *c, const struct position *pos, int side,
			   const char *field_start)
{
	const bitboard *pc = pos->pieces[side];
	int kings = bb_count(pc[KING]), pawns = bb_count(pc[PAWN]);
	int total = bb_count(pc[0]), extra = 0;
	static const int start_count[7] = { 0, 8, 2, 2, 2, 1, 1 };
	char sqn[3];

	if (kings == 0)
		return field_error(c, 1, column_of(c, field_start),
				   "%s has no king; expected exactly one %s king ('%c')",
				   colour_name[side], colour_adj[side], side == WHITE ? 'K' : 'k');
	if (kings > 1) {
		int sq = nth_in_text(c, pc[KING], 2);

		square_name(sq, sqn);
		return field_error(c, 1, c->col[sq],
				   "%s has %d kings (the second on %s); expected exactly one",
				   colour_name[side], kings, sqn);
	}
	if (pc[PAWN] & (RANK_1_BB | RANK_8_BB)) {
		int sq = nth_in_text(c, pc[PAWN] & (RANK_1_BB | RANK_8_BB), 1);

		square_name(sq, sqn);
		return field_error(c, 1, c->col[sq],
				   "%s pawn on %s; pawns cannot stand on rank 1 or rank 8",
				   colour_adj[side], sqn);
	}
	if (pawns > 8) {
		int sq = nth_in_text(c, pc[PAWN], 9);

		return field_error(c, 1, c->col[sq], "%s has %d pawns; expected at most 8",
				   colour_name[side], pawns);
	}
	if (total > 16) {
		int sq = nth_in_text(c, pc[0], 17);

		return field_error(c, 1, c->col[sq], "%s has %d pieces; expected at most 16",
				   colour_name[side], total);
	}
	/* Each piece beyond the starting set must be a promoted pawn. */
	for (int t = KNIGHT; t <= QUEEN; t++)
		if (bb_count(pc[t]) > start_count[t])
			extra += bb_count(pc[t]) - start_count[t];
	if (extra > 8 - pawns)
		return field_error(c, 1, column_of(c, field_start),
				   "%s has %d piece%s beyond the starting set but only %d pawn%s missing; "
				   "each extra queen, rook, bishop or knight must be a promoted pawn",
				   colour_name[side], extra, extra == 1 ? "" : "s", 8 - pawns,
				   8 - pawns == 1 ? " is" : "s are");
	return true;
}

/* Field 1: the eight ranks from rank 8 down, each exactly 8 squares. */
static bool parse_placement(struct fen_cursor *c, struct position *pos, const char **pp)
{
	const char *p = *pp, *start = p;
	char what[48];
	int rank = 7;

	if (*p == '\0' || is_blank(*p))
		return field_error(c, 1, column_of(c, p), "missing; expected %s", field_expected[1]);
	for (;;) {
		const char *overflow = NULL;
		int file = 0;
		bool prev_digit = false;

		while (*p != '\0' && *p != '/' && *p != ' ') {
			unsigned char ch = (unsigned char)*p;
			int piece = board_piece_from_char((char)ch);

			if (ch >= '1' && ch <= '8') {
				if (prev_digit)
					return field_error(c, 1, column_of(c, p),
							   "digit '%c' follows digit '%c'; expected a piece letter after a digit (write %d, not %c%c)",
							   ch, p[-1], (p[-1] - '0') + (ch - '0'), p[-1], ch);
				file += ch - '0';
				prev_digit = true;
			} else if (ch == '0') {
				return field_error(c, 1, column_of(c, p),
						   "digit 0 counts no squares; empty squares are counted with 1 to 8");
			} else if (ch == '9') {
				return field_error(c, 1, column_of(c, p),
						   "digit 9 is more squares than a rank has; expected 1 to 8");
			} else if (piece != EMPTY) {
				if (file < 8) {
					int sq = SQ_MAKE(file, rank);

					board_put(pos, piece, sq);
					c->col[sq] = column_of(c, p);
				}
				file++;
				prev_digit = false;
			} else if (is_blank((char)ch)) {
				describe_byte(ch, what, sizeof what);
				return field_error(c, 2, column_of(c, p),
						   "%s before this field; expected a single space between fields", what);
			} else {
				describe_byte(ch, what, sizeof what);
				return field_error(c, 1, column_of(c, p),
						   "%s is not a piece letter; expected PNBRQK (White), pnbrqk (Black), a digit 1-8 or '/'",
						   what);
			}
			if (file > 8 && overflow == NULL)
				overflow = p;
			p++;
		}
		if (overflow != NULL)
			return field_error(c, 1, column_of(c, overflow),
					   "rank %d has %d squares; expected exactly 8", rank + 1, file);
		if (file < 8)
			return field_error(c, 1, column_of(c, p),
					   "rank %d has %d squares; expected exactly 8", rank + 1, file);
		if (*p != '/')
			break;
		if (rank == 0)
			return field_error(c, 1, column_of(c, p),
					   "'/' after rank 1 starts a ninth rank; expected exactly 8 ranks");
		rank--;
		p++;
	}
	if (rank > 0)
		return field_error(c, 1, column_of(c, p),
				   "only %d ranks; expected 8 ranks separated by '/'", 8 - rank);
	for (int side = WHITE; side <= BLACK; side++)
		if (!check_material(c, pos, side, start))
			return false;
	*pp = p;
	return true;
}

/* Field 2: "w" or "b". */
static bool parse_side(struct fen_cursor *c, struct position *pos, const char **pp)
{
	const char *p = *pp, *end = token_end(p);
	char tok[128];

	if (end - p == 1 && (*p == 'w' || *p == 'b')) {
		pos->side = *p == 'w' ? WHITE : BLACK;
		*pp = end;
		return true;
	}
	describe_token(p, (size_t)(end - p), tok, sizeof tok);
	if (end - p == 1 && (*p == 'W' || *p == 'B'))
		return field_error(c, 2, column_of(c, p),
				   "'%s' is not a side; expected lower-case 'w' or 'b'", tok);
	return field_error(c, 2, column_of(c, p),
			   "'%s' is not a side; expected 'w' (White to move) or 'b' (Black to move)", tok);
}

/* Whether the king and rook a castling right needs stand at home; says what is missing in WHY. */
static bool castling_possible(const struct position *pos, int right, char *why, size_t n)
{
	int side = (right == CASTLE_WK || right == CASTLE_WQ) ? WHITE : BLACK;
	int king_sq = side == WHITE ? SQ_E1 : SQ_E8;
	int rook_sq = right == CASTLE_WK ? SQ_H1 : right == CASTLE_WQ ? SQ_A1 :
		      right == CASTLE_BK ? SQ_H8 : SQ_A8;
	char ks[3], rs[3];

	square_name(king_sq, ks);
	square_name(rook_sq, rs);
	if (pos->squares[king_sq] != PIECE_MAKE(side, KING)) {
		snprintf(why, n, "the %s king is not on %s", colour_adj[side], ks);
		return false;
	}
	if (pos->squares[rook_sq] != PIECE_MAKE(side, ROOK)) {
		snprintf(why, n, "there is no %s rook on %s", colour_adj[side], rs);
		return false;
	}
	return true;
}

/* Field 3: "-" or a subset of KQkq, in that order, each letter at most once, that the pieces allow. */
static bool parse_castling(struct fen_cursor *c, struct position *pos, const char **pp)
{
	static const char letters[] = "KQkq";
	static const int rights[4] = { CASTLE_WK, CASTLE_WQ, CASTLE_BK, CASTLE_BQ };
	static const char *const needs[4] = {
		"the white king on e1 and a white rook on h1",
		"the white king on e1 and a white rook on a1",
		"the black king on e8 and a black rook on h8",
		"the black king on e8 and a black rook on a8",
	};
	const char *p = *pp, *end = token_end(p);
	int last = -1;
	char what[48], why[64];

	pos->castling = 0;
	if (end - p == 1 && *p == '-') {
		*pp = end;
		return true;
	}
	for (const char *q = p; q < end; q++) {
		const char *hit = strchr(letters, *q);
		int i;

		if (*q == '-')
			return field_error(c, 3, column_of(c, q),
					   "'-' means no castling rights and must stand alone; expected '-' or letters from KQkq");
		if (hit == NULL || *q == '\0') {
			describe_byte((unsigned char)*q, what, sizeof what);
			if ((*q >= 'A' && *q <= 'H') || (*q >= 'a' && *q <= 'h'))
				return field_error(c, 3, column_of(c, q),
						   "%s is a Chess960 (Shredder-FEN) castling file, which is not supported; expected '-' or letters from KQkq",
						   what);
			return field_error(c, 3, column_of(c, q),
					   "%s is not a castling right; expected '-' or letters from KQkq", what);
		}
		i = (int)(hit - letters);
		if (pos->castling & rights[i])
			return field_error(c, 3, column_of(c, q),
					   "'%c' appears twice; each castling right is given at most once", *q);
		if (i < last)
			return field_error(c, 3, column_of(c, q),
					   "'%c' comes after '%c'; castling rights are written in the order KQkq",
					   *q, letters[last]);
		if (!castling_possible(pos, rights[i], why, sizeof why))
			return field_error(c, 3, column_of(c, q),
					   "castling right '%c' needs %s, but %s", *q, needs[i], why);
		pos->castling |= (uint8_t)rights[i];
		last = i;
	}
	*pp = end;
	return true;
}

/* Field 4: "-" or the square a pawn that just moved two squares passed over. */
static bool parse_en_passant(struct fen_cursor *c, struct position *pos, const char **pp)
{
	const char *p = *pp, *end = token_end(p);
	int us = pos->side, them = !us;
	int sq, want_rank, pawn_sq, from_sq;
	char tok[128], sqn[3], pawn_n[3], from_n[3];

	pos->ep = SQ_NONE;
	if (end - p == 1 && *p == '-') {
		*pp = end;
		return true;
	}
	describe_token(p, (size_t)(end - p), tok, sizeof tok);
	if (end - p != 2 || p[0] < 'a' || p[0] > 'h' || p[1] < '1' || p[1] > '8')
		return field_error(c, 4, column_of(c, p),
				   "'%s' is not a square; expected '-' or a square such as e3 or e6", tok);
	sq = SQ_MAKE(p[0] - 'a', p[1] - '1');
	want_rank = us == WHITE ? 5 : 2;
	if (SQ_RANK(sq) != want_rank)
		return field_error(c, 4, column_of(c, p),
				   "en passant square %s is on rank %d but %s is to move; expected '-' or a square on rank %d",
				   tok, SQ_RANK(sq) + 1, colour_name[us], want_rank + 1);
	pawn_sq = us == WHITE ? sq - 8 : sq + 8;
	from_sq = us == WHITE ? sq + 8 : sq - 8;
	square_name(sq, sqn);
	square_name(pawn_sq, pawn_n);
	square_name(from_sq, from_n);
	if (pos->squares[pawn_sq] != PIECE_MAKE(them, PAWN))
		return field_error(c, 4, column_of(c, p),
				   "en passant square %s needs a %s pawn on %s (the pawn that just moved two squares)",
				   sqn, colour_adj[them], pawn_n);
	if (pos->squares[sq] != EMPTY || pos->squares[from_sq] != EMPTY)
		return field_error(c, 4, column_of(c, p),
				   "en passant square %s: %s and %s must be empty, as a %s pawn just moved from %s to %s",
				   sqn, sqn, from_n, colour_adj[them], from_n, pawn_n);
	pos->ep = (uint8_t)sq;
	*pp = end;
	return true;
}

/* Fields 5 and 6: a whole number from MIN to FEN_MAX_CLOCK, without sign or leading zeros. */
static bool parse_clock(struct fen_cursor *c, int field, int min, uint16_t *out,
			const char **pp)
{
	const char *p = *pp, *end = token_end(p);
	long value = 0;
	char tok[128];

	describe_token(p, (size_t)(end - p), tok, sizeof tok);
	for (const char *q = p; q < end; q++)
		if (*q < '0' || *q > '9')
			return field_error(c, field, column_of(c, p),
					   "'%s' is not a whole number; expected %s", tok,
					   field_expected[field]);
	if (end - p > 1 && *p == '0')
		return field_error(c, field, column_of(c, p),
				   "'%s' has a leading zero; expected %s", tok, field_expected[field]);
	if (end - p > 4)
		return field_error(c, field, column_of(c, p), "%s is too large; expected %s",
				   tok, field_expected[field]);
	for (const char *q = p; q < end; q++)
		value = value * 10 + (*q - '0');
	if (value < min)
		return field_error(c, field, column_of(c, p),
				   "%ld is too small: the fullmove number starts at 1; expected %s",
				   value, field_expected[field]);
	*out = (uint16_t)value;
	*pp = end;
	return true;
}

/* The position as a whole: the side not to move must not be in check, and at most two pieces check. */
static bool check_legal(struct fen_cursor *c, const struct position *pos,
			const char *side_field)
{
	int us = pos->side, them = !us;
	int ksq = board_king(pos, them);
	bitboard checkers;
	char ksn[3], asn[3];

	if (board_attacked(pos, ksq, us)) {
		bitboard att = board_attackers(pos, ksq, pos->occupied) & pos->pieces[us][0];
		int asq = att != 0 ? bb_lsb(att) : ksq;

		square_name(ksq, ksn);
		square_name(asq, asn);
		if (att == 0)
			return field_error(c, 2, column_of(c, side_field),
					   "%s is to move but the %s king on %s is already in check; "
					   "the side not to move cannot be in check",
					   colour_name[us], colour_adj[them], ksn);
		return field_error(c, 2, column_of(c, side_field),
				   "%s is to move but the %s king on %s is already in check from the %s %s on %s; "
				   "the side not to move cannot be in check",
				   colour_name[us], colour_adj[them], ksn, colour_adj[us],
				   type_name[PIECE_TYPE(pos->squares[asq])], asn);
	}
	checkers = board_checkers(pos);
	if (bb_count(checkers) > 2) {
		square_name(board_king(pos, us), ksn);
		return field_error(c, 1, column_of(c, c->text),
				   "the %s king on %s is attacked by %d pieces; no move can give more than a double check",
				   colour_adj[us], ksn, bb_count(checkers));
	}
	return true;
}

/*
 * Parses the first NFIELDS (4 or 6) fields at TEXT, which are separated by
 * single spaces; *END is left just after the last one. The pieces are placed
 * with board_put and the key is recomputed at the end.
 */
bool fen_parse_fields(struct position *pos, const char *text, int nfields,
		      const char **end, int column_base, struct error *err)
{
	struct fen_cursor c;
	const char *p = text, *side_field;

	memset(&c, 0, sizeof c);
	c.text = text;
	c.base = column_base;
	c.err = err;
	if (nfields != 4 && nfields != 6)
		nfields = 6;
	board_clear(pos);
	if (!parse_placement(&c, pos, &p))
		return false;
	if (!expect_separator(&c, &p, 2))
		return false;
	side_field = p;
	if (!parse_side(&c, pos, &p))
		return false;
	if (!expect_separator(&c, &p, 3) || !parse_castling(&c, pos, &p))
		return false;
	if (!expect_separator(&c, &p, 4) || !parse_en_passant(&c, pos, &p))
		return false;
	if (nfields == 6) {
		if (!expect_separator(&c, &p, 5) ||
		    !parse_clock(&c, 5, 0, &pos->halfmove, &p))
			return false;
		if (!expect_separator(&c, &p, 6) ||
		    !parse_clock(&c, 6, 1, &pos->fullmove, &p))
			return false;
	}
	if (!check_legal(&c, pos, side_field))
		return false;
	pos->key = board_compute_key(pos);
	if (end != NULL)
		*end = p;
	return true;
}

/*
 * Parses a whole FEN. Blanks around it are trimmed; the text must be ASCII,
 * at most FEN_MAX_INPUT characters, with 4 or 6 fields and nothing after.
 */
bool fen_parse(struct position *pos, const char *text, struct error *err)
{
	char copy[FEN_MAX_INPUT + 1], what[48], tok[128];
	const char *start, *stop, *end, *p;
	size_t len = strlen(text);
	int words = 0, nfields, base;

	board_clear(pos);
	if (len > FEN_MAX_INPUT)
		return error_set(err, 0, FEN_MAX_INPUT + 1,
				 "FEN, column %d: the input is %zu characters long; at most %d are accepted",
				 FEN_MAX_INPUT + 1, len, FEN_MAX_INPUT);
	start = text;
	while (is_blank(*start))
		start++;
	stop = text + len;
	while (stop > start && is_blank(stop[-1]))
		stop--;
	for (p = text; *p != '\0'; p++) {
		unsigned char ch = (unsigned char)*p;
		bool inside = p >= start && p < stop;

		if (ch >= 0x7f || (ch < 0x20 && (inside ? ch != '\t' : !is_blank((char)ch)))) {
			describe_byte(ch, what, sizeof what);
			return error_set(err, 0, (int)(p - text) + 1,
					 "FEN, column %d: %s; a FEN is plain printable ASCII text",
					 (int)(p - text) + 1, what);
		}
	}
	if (start == stop)
		return error_set(err, 0, 1,
				 "FEN field 1 (piece placement), column 1: the FEN is empty; expected 6 fields "
				 "(placement, side, castling, en passant, halfmove clock, fullmove number)");
	/* Four words make a FEN without clocks; anything else is read as six fields. */
	for (p = start; p < stop;) {
		while (p < stop && is_blank(*p))
			p++;
		if (p < stop)
			words++;
		while (p < stop && !is_blank(*p))
			p++;
	}
	nfields = words == 4 ? 4 : 6;
	/* Parse a trimmed copy, so that the last field ends where the text does. */
	memcpy(copy, start, (size_t)(stop - start));
	copy[stop - start] = '\0';
	base = (int)(start - text);
	if (!fen_parse_fields(pos, copy, nfields, &end, base, err))
		return false;
	if (*end == '\0')
		return true;
	p = end;
	if (*p == ' ' && p[1] != '\0' && !is_blank(p[1])) {
		p++;
		describe_token(p, strlen(p), tok, sizeof tok);
		return error_set(err, 0, (int)(p - copy) + 1 + base,
				 "FEN, column %d: unexpected text '%s' after field 6; a FEN has 6 fields (or 4 without the clocks)",
				 (int)(p - copy) + 1 + base, tok);
	}
	if (*p == ' ')
		p++;
	describe_byte((unsigned char)*p, what, sizeof what);
	return error_set(err, 0, (int)(p - copy) + 1 + base,
			 "FEN field %d (%s), column %d: unexpected %s after the field; expected a single space between fields",
			 nfields, field_name[nfields], (int)(p - copy) + 1 + base, what);
}

/* Writes the placement, side, castling and en passant fields of POS into BUF. */
void fen_format4(const struct position *pos, char *buf)
{
	char *p = buf;

	for (int rank = 7; rank >= 0; rank--) {
		int empty = 0;

		for (int file = 0; file < 8; file++) {
			int piece = pos->squares[SQ_MAKE(file, rank)];

			if (piece == EMPTY) {
				empty++;
				continue;
			}
			if (empty > 0)
				*p++ = (char)('0' + empty);
			empty = 0;
			*p++ = board_piece_char(piece);
		}
		if (empty > 0)
			*p++ = (char)('0' + empty);
		if (rank > 0)
			*p++ = '/';
	}
	*p++ = ' ';
	*p++ = pos->side == WHITE ? 'w' : 'b';
	*p++ = ' ';
	if (pos->castling == 0) {
		*p++ = '-';
	} else {
		if (pos->castling & CASTLE_WK)
			*p++ = 'K';
		if (pos->castling & CASTLE_WQ)
			*p++ = 'Q';
		if (pos->castling & CASTLE_BK)
			*p++ = 'k';
		if (pos->castling & CASTLE_BQ)
			*p++ = 'q';
	}
	*p++ = ' ';
	if (pos->ep == SQ_NONE || pos->ep > 63) {
		*p++ = '-';
	} else {
		square_name(pos->ep, p);
		p += 2;
	}
	*p = '\0';
}

/* Writes the full six-field FEN of POS into BUF. */
void fen_format(const struct position *pos, char *buf)
{
	size_t n;

	fen_format4(pos, buf);
	n = strlen(buf);
	snprintf(buf + n, FEN_BUFSIZE - n, " %u %u", (unsigned)pos->halfmove,
		 (unsigned)pos->fullmove);
}
