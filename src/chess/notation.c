/* notation.c: printing and parsing moves in SAN and UCI, matched against the legal moves. */
#include "chess/notation.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/movegen.h"
#include "base/util.h"

/* Longest move text the parsers look at; anything longer is refused. */
#define MAX_TEXT 32

/* SAN letters of the piece types, indexed by type (none for pawns). */
static const char piece_letters[7] = { 0, 0, 'N', 'B', 'R', 'Q', 'K' };

static const char *const type_names[7] = {
	"", "pawn", "knight", "bishop", "rook", "queen", "king"
};

static char *put_square(char *p, int sq)
{
	*p++ = (char)('a' + SQ_FILE(sq));
	*p++ = (char)('1' + SQ_RANK(sq));
	return p;
}

/* Writes M in UCI ("0000" for MOVE_NONE) into BUF (NOTATION_BUFSIZE bytes). */
void notation_uci(move m, char *buf)
{
	char *p = buf;

	if (m == MOVE_NONE) {
		strcpy(buf, "0000");
		return;
	}
	p = put_square(p, MOVE_FROM(m));
	p = put_square(p, MOVE_TO(m));
	if (MOVE_IS_PROMOTION(m))
		*p++ = (char)tolower((unsigned char)piece_letters[MOVE_PROMO_TYPE(m)]);
	*p = '\0';
}

/*
 * Whether another piece of M's type could legally go to M's square, and if so
 * whether one stands on the mover's file, and one on its rank: what SAN's
 * disambiguation needs. The pieces that reach the square are found from it
 * (a knight's or a slider's attacks go both ways), and each is asked whether
 * its move there is legal, so that a pinned piece is no rival.
 */
static bool san_rivals(const struct position *pos, move m, bool *same_file, bool *same_rank)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	int type = PIECE_TYPE(board_piece_at(pos, from));
	bitboard rivals = pos->pieces[pos->side][type] & bitboard_attacks(type, to, pos->occupied) & ~BB(from);
	bool any = false;

	*same_file = *same_rank = false;
	while (rivals) {
		int other = bb_pop(&rivals);

		if (!movegen_is_legal(pos, MOVE_MAKE(other, to, MOVE_KIND(m))))
			continue;
		any = true;
		if (SQ_FILE(other) == SQ_FILE(from))
			*same_file = true;
		if (SQ_RANK(other) == SQ_RANK(from))
			*same_rank = true;
	}
	return any;
}

/* SAN without the check suffix. */
static void san_body(const struct position *pos, move m, char *buf)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	int type = PIECE_TYPE(board_piece_at(pos, from));
	char *p = buf;

	if (MOVE_KIND(m) == MK_CASTLE_KING) {
		strcpy(buf, "O-O");
		return;
	}
	if (MOVE_KIND(m) == MK_CASTLE_QUEEN) {
		strcpy(buf, "O-O-O");
		return;
	}
	if (type == PAWN) {
		if (MOVE_IS_CAPTURE(m)) {
			*p++ = (char)('a' + SQ_FILE(from));
			*p++ = 'x';
		}
		p = put_square(p, to);
		if (MOVE_IS_PROMOTION(m)) {
			*p++ = '=';
			*p++ = piece_letters[MOVE_PROMO_TYPE(m)];
		}
		*p = '\0';
		return;
	}

	*p++ = piece_letters[type];
	if (type != KING) {
		/* Other pieces of the same type that can legally go to the same square. */
		bool same_file, same_rank;

		if (san_rivals(pos, m, &same_file, &same_rank)) {
			if (!same_file) {
				*p++ = (char)('a' + SQ_FILE(from));
			} else if (!same_rank) {
				*p++ = (char)('1' + SQ_RANK(from));
			} else {
				p = put_square(p, from);
			}
		}
	}
	if (MOVE_IS_CAPTURE(m))
		*p++ = 'x';
	p = put_square(p, to);
	*p = '\0';
}

/*
 * Appends '+' or '#' to BUF when M checks or mates. Only a check is played
 * out, to ask whether the reply has any legal move at all.
 */
static void san_suffix(const struct position *pos, move m, char *buf)
{
	struct position after;
	struct undo u;

	if (!board_gives_check(pos, m))
		return;
	after = *pos;
	board_make(&after, m, &u);
	strcat(buf, movegen_has_legal(&after) ? "+" : "#");
}

/* Writes the legal move M of POS in SAN, with '+' or '#' when it checks or mates. */
void notation_san(const struct position *pos, move m, char *buf)
{
	san_body(pos, m, buf);
	san_suffix(pos, m, buf);
}

static int compare_san(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/* Writes the legal moves of POS in SAN, separated by spaces, into BUF of size N. */
void notation_legal_list(const struct position *pos, char *buf, size_t n)
{
	struct move_list legal;
	char (*names)[NOTATION_BUFSIZE];
	size_t used = 0;

	if (n == 0)
		return;
	buf[0] = '\0';
	movegen_all(pos, &legal);
	if (legal.count == 0)
		return;
	names = xmalloc((size_t)legal.count * sizeof *names);
	for (int i = 0; i < legal.count; i++)
		notation_san(pos, legal.moves[i], names[i]);
	qsort(names, (size_t)legal.count, sizeof *names, compare_san);
	for (int i = 0; i < legal.count; i++) {
		size_t len = strlen(names[i]) + (i > 0);
		size_t reserve = i + 1 < legal.count ? sizeof " ..." - 1 : 0;

		/* Never write half a move: keep room for " ..." until the last move is in. */
		if (used + len + reserve + 1 > n) {
			if (used + sizeof " ..." <= n)
				strcpy(buf + used, used ? " ..." : "...");
			break;
		}
		sprintf(buf + used, "%s%s", i > 0 ? " " : "", names[i]);
		used += len;
	}
	free(names);
}

/*
 * Fills ERR with "REASON; legal moves: …", fitting as many legal moves as the
 * message has room for. Always returns false.
 */
static bool fail(const struct position *pos, struct error *err, int column, const char *fmt, ...)
	PRINTF_LIKE(4, 5);

static bool fail(const struct position *pos, struct error *err, int column, const char *fmt, ...)
{
	char reason[sizeof err->msg];
	char list[4096];
	va_list ap;
	size_t room;

	if (err == NULL)
		return false;
	va_start(ap, fmt);
	vsnprintf(reason, sizeof reason, fmt, ap);
	va_end(ap);

	/* Room left for the list once the reason and "; legal moves: " are written. */
	if (strlen(reason) + sizeof "; legal moves: " + 12 > sizeof err->msg)
		return error_set(err, 0, column, "%s", reason);
	room = sizeof err->msg - strlen(reason) - (sizeof "; legal moves: " - 1);
	notation_legal_list(pos, list, room < sizeof list ? room : sizeof list);
	if (list[0] == '\0')
		return error_set(err, 0, column, "%s (there are no legal moves: the game is over)", reason);
	return error_set(err, 0, column, "%s; legal moves: %s", reason, list);
}

/* Copies TEXT without surrounding blanks into BUF (MAX_TEXT + 1 bytes); false when too long or empty. */
static bool trimmed(const char *text, char *buf, int *offset)
{
	const char *start = text, *end;

	while (*start != '\0' && isspace((unsigned char)*start))
		start++;
	end = start + strlen(start);
	while (end > start && isspace((unsigned char)end[-1]))
		end--;
	if (end == start || end - start > MAX_TEXT)
		return false;
	memcpy(buf, start, (size_t)(end - start));
	buf[end - start] = '\0';
	*offset = (int)(start - text);
	return true;
}

static bool is_file(char c)
{
	return c >= 'a' && c <= 'h';
}

static bool is_rank(char c)
{
	return c >= '1' && c <= '8';
}

static int promo_from_char(char c)
{
	switch (toupper((unsigned char)c)) {
	case 'N': return KNIGHT;
	case 'B': return BISHOP;
	case 'R': return ROOK;
	case 'Q': return QUEEN;
	default: return NO_TYPE;
	}
}

/* Whether TEXT has the shape of a UCI move: [a-h][1-8][a-h][1-8][nbrq]? */
static bool looks_like_uci(const char *text)
{
	size_t n = strlen(text);

	if (n != 4 && n != 5)
		return false;
	if (!is_file(text[0]) || !is_rank(text[1]) || !is_file(text[2]) || !is_rank(text[3]))
		return false;
	return n == 4 || promo_from_char(text[4]) != NO_TYPE;
}

/*
 * The move the generator would write for a pawn or piece going from FROM to
 * TO in POS, promoting to PROMO (NO_TYPE for none): its kind read from the
 * board (a capture when an enemy piece stands on TO, en passant, a double
 * push, castling as the king's two-square step). Whether it is legal is for
 * movegen_is_legal to say; a promotion asked of a piece that is not a pawn
 * makes a move it refuses.
 */
static move uci_move(const struct position *pos, int from, int to, int promo)
{
	int type = PIECE_TYPE(board_piece_at(pos, from));
	bool capture = (pos->pieces[!pos->side][0] & BB(to)) != 0;
	int kind = capture ? MK_CAPTURE : MK_QUIET;

	if (promo != NO_TYPE)
		kind = (capture ? MK_PROMO_CAPTURE : MK_PROMO) + promo - KNIGHT;
	else if (type == PAWN && to == pos->ep && SQ_FILE(to) != SQ_FILE(from))
		kind = MK_EN_PASSANT;
	else if (type == PAWN && abs(to - from) == 16)
		kind = MK_DOUBLE_PUSH;
	else if (type == KING && abs(to - from) == 2)
		kind = to > from ? MK_CASTLE_KING : MK_CASTLE_QUEEN;
	return MOVE_MAKE(from, to, kind);
}

bool notation_uci_plain(const struct position *pos, const char *text, move *out)
{
	int promo = NO_TYPE;
	move m;

	if (!is_file(text[0]) || !is_rank(text[1]) || !is_file(text[2]) || !is_rank(text[3]))
		return false;
	if (text[4] != '\0') {
		if (text[5] != '\0' || !islower((unsigned char)text[4]) || (promo = promo_from_char(text[4])) == NO_TYPE)
			return false;
	}
	m = uci_move(pos, SQ_MAKE(text[0] - 'a', text[1] - '1'), SQ_MAKE(text[2] - 'a', text[3] - '1'), promo);
	if (!movegen_is_legal(pos, m))
		return false;
	*out = m;
	return true;
}

/* Parses TEXT as a UCI move that must be legal in POS. */
bool notation_parse_uci(const struct position *pos, const char *text, move *out, struct error *err)
{
	char buf[MAX_TEXT + 1];
	struct move_list legal;
	move direct;
	int offset, from, to, promo = NO_TYPE;

	if (!trimmed(text, buf, &offset))
		return fail(pos, err, 0, "\"%.40s\" is not a UCI move (expected e.g. e2e4 or e7e8q)", text);
	if (!looks_like_uci(buf))
		return fail(pos, err, offset + 1,
			    "\"%s\" is not a UCI move (expected from and to squares, e.g. e2e4, and a promotion letter, e.g. e7e8q)",
			    buf);
	from = SQ_MAKE(buf[0] - 'a', buf[1] - '1');
	to = SQ_MAKE(buf[2] - 'a', buf[3] - '1');
	if (buf[4] != '\0')
		promo = promo_from_char(buf[4]);

	/*
	 * The one move these squares can mean, tested alone: a legal move is
	 * found without generating the others (the trace reader parses a move
	 * at every node). Anything else goes the long way below, which knows
	 * castling written as the king taking its rook and says what is wrong.
	 */
	direct = uci_move(pos, from, to, promo);
	if (movegen_is_legal(pos, direct)) {
		*out = direct;
		return true;
	}

	movegen_all(pos, &legal);
	for (int i = 0; i < legal.count; i++) {
		move m = legal.moves[i];
		int mpromo = MOVE_IS_PROMOTION(m) ? MOVE_PROMO_TYPE(m) : NO_TYPE;

		if (MOVE_FROM(m) == from && MOVE_TO(m) == to && mpromo == promo) {
			*out = m;
			return true;
		}
	}

	/* Castling written as "king takes own rook" (e1h1, e1a1), as some programs do. */
	if (promo == NO_TYPE && PIECE_TYPE(board_piece_at(pos, from)) == KING &&
	    board_piece_at(pos, to) == PIECE_MAKE(pos->side, ROOK)) {
		for (int i = 0; i < legal.count; i++) {
			move m = legal.moves[i];

			if (MOVE_FROM(m) == from && MOVE_IS_CASTLE(m) &&
			    (MOVE_KIND(m) == MK_CASTLE_KING) == (SQ_FILE(to) > SQ_FILE(from))) {
				*out = m;
				return true;
			}
		}
	}

	/* Say what was wrong as precisely as we can. */
	{
		int piece = board_piece_at(pos, from);
		bool any_to = false, needs_promo = false;

		for (int i = 0; i < legal.count; i++) {
			move m = legal.moves[i];

			if (MOVE_FROM(m) == from && MOVE_TO(m) == to) {
				any_to = true;
				if (MOVE_IS_PROMOTION(m))
					needs_promo = true;
			}
		}
		if (needs_promo && promo == NO_TYPE)
			return fail(pos, err, offset + 1,
				    "\"%s\" is a promotion and needs the piece to promote to, e.g. %.4sq", buf, buf);
		if (any_to)
			return fail(pos, err, offset + 1,
				    "\"%s\": this move does not promote, so it takes no promotion letter", buf);
		if (piece == EMPTY)
			return fail(pos, err, offset + 1, "\"%s\" is illegal: there is no piece on %.2s", buf, buf);
		if (PIECE_COLOUR(piece) != pos->side)
			return fail(pos, err, offset + 1, "\"%s\" is illegal: the %s on %.2s is not %s's", buf,
				    type_names[PIECE_TYPE(piece)], buf, pos->side == WHITE ? "White" : "Black");
		return fail(pos, err, offset + 1, "\"%s\" is illegal: the %s on %.2s cannot go to %.2s%s", buf,
			    type_names[PIECE_TYPE(piece)], buf, buf + 2,
			    board_in_check(pos) ? " (the king is in check)" : "");
	}
}

/* What a SAN text asks for, once its syntax has been read. */
struct san_query {
	int castle;        /* 0, MK_CASTLE_KING or MK_CASTLE_QUEEN */
	int type;          /* the piece that moves */
	int from_file;     /* -1 when not given */
	int from_rank;     /* -1 when not given */
	bool capture;      /* written with 'x' */
	int to;
	int promo;         /* NO_TYPE when none written */
};

/*
 * Reads the syntax of a SAN move from TEXT (already trimmed, suffixes removed).
 * Returns 0 on success, else the 1-based column in TEXT of the first character
 * that does not fit, with WHAT saying what was expected.
 */
static int san_syntax(const char *text, struct san_query *q, const char **what)
{
	size_t n = strlen(text);
	const char *p = text, *end = text + n;

	memset(q, 0, sizeof *q);
	q->from_file = q->from_rank = -1;
	q->promo = NO_TYPE;

	if (strcmp(text, "O-O") == 0 || strcmp(text, "0-0") == 0 || strcmp(text, "o-o") == 0) {
		q->castle = MK_CASTLE_KING;
		q->type = KING;
		return 0;
	}
	if (strcmp(text, "O-O-O") == 0 || strcmp(text, "0-0-0") == 0 || strcmp(text, "o-o-o") == 0) {
		q->castle = MK_CASTLE_QUEEN;
		q->type = KING;
		return 0;
	}

	/*
	 * The piece letter (none for a pawn). Lower-case n, r, q and k are read
	 * as pieces too, since they cannot be files; a lower-case b is always
	 * the b-file.
	 */
	q->type = PAWN;
	if (p < end && strchr("NBRQKnrqk", *p) != NULL) {
		char letter = (char)toupper((unsigned char)*p);

		q->type = KING;
		while (piece_letters[q->type] != letter)
			q->type--;
		p++;
	}

	/* The promotion at the end: "=Q", or "Q" right after the square ("e8Q"). */
	if (end - p >= 3 && promo_from_char(end[-1]) != NO_TYPE &&
	    (end[-2] == '=' || is_rank(end[-2]))) {
		q->promo = promo_from_char(end[-1]);
		end--;
		if (end[-1] == '=')
			end--;
	}

	/* The destination square: the last two characters. */
	if (end - p < 2 || !is_file(end[-2]) || !is_rank(end[-1])) {
		*what = "a destination square such as e4 at the end";
		return (int)(end - text) > 0 ? (int)(end - text) : 1;
	}
	q->to = SQ_MAKE(end[-2] - 'a', end[-1] - '1');
	end -= 2;

	/* The capture mark, or the dash of long algebraic ("Ng1-f3"). */
	if (end > p && (end[-1] == 'x' || end[-1] == ':')) {
		q->capture = true;
		end--;
	} else if (end - p >= 3 && end[-1] == '-') {
		end--;
	}

	/* What is left is the disambiguation: a file, a rank, or both. */
	if (p < end && is_file(*p))
		q->from_file = *p++ - 'a';
	if (p < end && is_rank(*p))
		q->from_rank = *p++ - '1';
	if (p != end) {
		*what = "a piece letter (N B R Q K), a file or rank to tell pieces apart, 'x', then a square";
		return (int)(p - text) + 1;
	}
	if (q->promo != NO_TYPE && q->type != PAWN) {
		*what = "a promotion (=Q) only after a pawn move";
		return (int)n;
	}
	return 0;
}

static bool san_matches(const struct position *pos, const struct san_query *q, move m)
{
	int from = MOVE_FROM(m);

	if (q->castle)
		return MOVE_KIND(m) == q->castle;
	if (MOVE_IS_CASTLE(m))
		return false;
	if (MOVE_TO(m) != q->to || PIECE_TYPE(board_piece_at(pos, from)) != q->type)
		return false;
	if (q->from_file >= 0 && SQ_FILE(from) != q->from_file)
		return false;
	if (q->from_rank >= 0 && SQ_RANK(from) != q->from_rank)
		return false;
	/* "x" on a move that takes nothing is wrong; a missing "x" is forgiven. */
	if (q->capture && !MOVE_IS_CAPTURE(m))
		return false;
	/* A pawn capture names the pawn's file ("exd5", not "d5"). */
	if (q->type == PAWN && q->from_file < 0 && MOVE_IS_CAPTURE(m))
		return false;
	if (MOVE_IS_PROMOTION(m) && q->promo != NO_TYPE)
		return MOVE_PROMO_TYPE(m) == q->promo;
	return !MOVE_IS_PROMOTION(m) && q->promo == NO_TYPE;
}

/* Removes trailing annotations: check marks, "!" and "?", and an "e.p." (or "ep") mark. */
static void strip_suffixes(char *buf, bool *ep_mark)
{
	size_t n = strlen(buf);
	bool changed = true;

	*ep_mark = false;
	while (changed && n > 0) {
		changed = false;
		while (n > 0 && strchr("+#!?", buf[n - 1]) != NULL) {
			buf[--n] = '\0';
			changed = true;
		}
		if (n >= 4 && strcmp(buf + n - 4, "e.p.") == 0) {
			n -= 4;
			buf[n] = '\0';
			*ep_mark = changed = true;
		} else if (n >= 4 && strcmp(buf + n - 3, " ep") == 0) {
			n -= 3;
			buf[n] = '\0';
			*ep_mark = changed = true;
		}
		while (n > 0 && isspace((unsigned char)buf[n - 1])) {
			buf[--n] = '\0';
			changed = true;
		}
	}
}

/* Parses TEXT as a SAN move that must be legal in POS. */
bool notation_parse_san(const struct position *pos, const char *text, move *out, struct error *err)
{
	char buf[MAX_TEXT + 1], sq[3];
	struct move_list legal;
	struct san_query q;
	const char *what = "";
	move found[MAX_MOVES];
	int nfound = 0, offset, column;
	bool ep_mark;

	if (!trimmed(text, buf, &offset))
		return fail(pos, err, 0, "\"%.40s\" is not a move (expected SAN such as Nf3, exd5, O-O or e8=Q)",
			    text);
	strip_suffixes(buf, &ep_mark);
	column = san_syntax(buf, &q, &what);
	if (column != 0)
		return fail(pos, err, offset + column, "\"%s\" is not a SAN move: expected %s", buf, what);

	movegen_all(pos, &legal);
	for (int i = 0; i < legal.count; i++)
		if (san_matches(pos, &q, legal.moves[i]))
			found[nfound++] = legal.moves[i];
	if (ep_mark && nfound == 1 && !MOVE_IS_EP(found[0]))
		return fail(pos, err, offset + 1, "\"%s\" is marked e.p. but is not an en passant capture", buf);
	if (nfound == 1) {
		*out = found[0];
		return true;
	}

	if (nfound > 1) {
		char list[200], name[NOTATION_BUFSIZE];
		size_t used = 0;

		list[0] = '\0';
		for (int i = 0; i < nfound && used + NOTATION_BUFSIZE + 5 < sizeof list; i++) {
			notation_san(pos, found[i], name);
			used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
						 i == 0 ? "" : i == nfound - 1 ? " or " : ", ", name);
		}
		return fail(pos, err, offset + 1, "\"%s\" is ambiguous: it could be %s", buf, list);
	}

	/* Nothing matched: find the most helpful explanation. */
	sq[0] = (char)('a' + SQ_FILE(q.to));
	sq[1] = (char)('1' + SQ_RANK(q.to));
	sq[2] = '\0';
	if (q.castle)
		return fail(pos, err, offset + 1, "\"%s\" is illegal: %s cannot castle %s here%s", buf,
			    pos->side == WHITE ? "White" : "Black",
			    q.castle == MK_CASTLE_KING ? "kingside" : "queenside",
			    board_in_check(pos) ? " (the king is in check)" : "");
	{
		/* Legal moves of the named piece type to the named square, by what they lack. */
		move same_type = MOVE_NONE, promo_needed = MOVE_NONE, promo_wrong = MOVE_NONE;
		move not_capture = MOVE_NONE, pawn_nofile = MOVE_NONE;
		char hint[NOTATION_BUFSIZE];

		for (int i = 0; i < legal.count; i++) {
			move m = legal.moves[i];
			int from = MOVE_FROM(m);

			if (MOVE_TO(m) != q.to || MOVE_IS_CASTLE(m) ||
			    PIECE_TYPE(board_piece_at(pos, from)) != q.type)
				continue;
			same_type = m;
			if ((q.from_file >= 0 && SQ_FILE(from) != q.from_file) ||
			    (q.from_rank >= 0 && SQ_RANK(from) != q.from_rank))
				continue;
			if (MOVE_IS_PROMOTION(m) && q.promo == NO_TYPE)
				promo_needed = m;
			else if (!MOVE_IS_PROMOTION(m) && q.promo != NO_TYPE)
				promo_wrong = m;
			else if (q.capture && !MOVE_IS_CAPTURE(m))
				not_capture = m;
			else if (q.type == PAWN && q.from_file < 0 && MOVE_IS_CAPTURE(m))
				pawn_nofile = m;
		}
		if (promo_needed != MOVE_NONE)
			return fail(pos, err, offset + 1,
				    "\"%s\" reaches the last rank and must say what the pawn becomes, e.g. %s=Q",
				    buf, buf);
		if (promo_wrong != MOVE_NONE)
			return fail(pos, err, offset + 1, "\"%s\" is illegal: this move is not a promotion", buf);
		if (not_capture != MOVE_NONE) {
			notation_san(pos, not_capture, hint);
			return fail(pos, err, offset + 1,
				    "\"%s\" is written as a capture but %s is empty (did you mean %s?)", buf, sq, hint);
		}
		if (pawn_nofile != MOVE_NONE) {
			notation_san(pos, pawn_nofile, hint);
			return fail(pos, err, offset + 1,
				    "\"%s\": a pawn capture names the pawn's file (did you mean %s?)", buf, hint);
		}
		if (same_type != MOVE_NONE) {
			char where[24];

			if (q.from_file >= 0 && q.from_rank >= 0)
				snprintf(where, sizeof where, "on %c%c", 'a' + q.from_file, '1' + q.from_rank);
			else if (q.from_file >= 0)
				snprintf(where, sizeof where, "on the %c-file", 'a' + q.from_file);
			else
				snprintf(where, sizeof where, "on rank %c", '1' + q.from_rank);
			notation_san(pos, same_type, hint);
			return fail(pos, err, offset + 1, "\"%s\" is illegal: no %s %s can go to %s (did you mean %s?)",
				    buf, type_names[q.type], where, sq, hint);
		}
		if (pos->pieces[pos->side][q.type] == 0)
			return fail(pos, err, offset + 1, "\"%s\" is illegal: %s has no %s", buf,
				    pos->side == WHITE ? "White" : "Black", type_names[q.type]);
		return fail(pos, err, offset + 1, "\"%s\" is illegal: no %s can go to %s%s", buf,
			    type_names[q.type], sq, board_in_check(pos) ? " (the king is in check)" : "");
	}
}

/* Parses TEXT as a UCI move when it has UCI's shape, else as SAN; the move must be legal in POS. */
bool notation_parse(const struct position *pos, const char *text, move *out, struct error *err)
{
	char buf[MAX_TEXT + 1];
	int offset;

	if (trimmed(text, buf, &offset) && looks_like_uci(buf))
		return notation_parse_uci(pos, text, out, err);
	return notation_parse_san(pos, text, out, err);
}
