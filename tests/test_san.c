/* test_san.c: SAN and UCI round trips over the tactical suites, and hand-written cases. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "check.h"

static long positions_checked, moves_checked, operands_checked;


/* Stops printing after this many failures in the suites, so a broken build stays readable. */
#define MAX_PRINTED 40

static bool parse_fen(struct position *pos, const char *fen)
{
	struct error err;

	if (!fen_parse(pos, fen, &err)) {
		printf("FAIL FEN \"%s\" does not parse: %s\n", fen, err.msg);
		failures++;
		return false;
	}
	return true;
}

/*
 * Every legal move of POS prints to SAN and UCI and parses back to itself
 * through every parser; the SAN texts are all different; the check suffix
 * agrees with board_gives_check and mate with the reply count. WHERE names
 * the position in messages.
 */
static void round_trip(const struct position *pos, const char *where)
{
	struct move_list list;
	char san[MAX_MOVES][NOTATION_BUFSIZE], uci[NOTATION_BUFSIZE];

	movegen_all(pos, &list);
	positions_checked++;
	for (int i = 0; i < list.count; i++) {
		move m = list.moves[i], back = MOVE_NONE;
		struct error err;
		struct position after = *pos;
		struct undo u;
		size_t len;
		bool check, mate;

		moves_checked++;
		notation_san(pos, m, san[i]);
		notation_uci(m, uci);
		len = strlen(san[i]);

		if (!notation_parse_san(pos, san[i], &back, &err) || back != m)
			CHECK(false, "%s: SAN %s (%s) does not parse back: %s", where, san[i], uci,
			      back == m ? "" : err.msg);
		back = MOVE_NONE;
		if (!notation_parse(pos, san[i], &back, &err) || back != m)
			CHECK(false, "%s: notation_parse(%s) fails: %s", where, san[i], err.msg);
		back = MOVE_NONE;
		if (!notation_parse_uci(pos, uci, &back, &err) || back != m)
			CHECK(false, "%s: UCI %s does not parse back: %s", where, uci, err.msg);
		back = MOVE_NONE;
		if (!notation_parse(pos, uci, &back, &err) || back != m)
			CHECK(false, "%s: notation_parse(%s) fails: %s", where, uci, err.msg);

		board_make(&after, m, &u);
		check = board_in_check(&after);
		mate = check && movegen_count(&after) == 0;
		CHECK(board_gives_check(pos, m) == check, "%s: board_gives_check(%s) = %d, but the move %s check",
		      where, uci, board_gives_check(pos, m), check ? "gives" : "does not give");
		CHECK(len > 0 && (san[i][len - 1] == '#') == mate && (san[i][len - 1] == '+') == (check && !mate),
		      "%s: SAN %s has the wrong suffix (check %d, mate %d)", where, san[i], check, mate);
		for (int j = 0; j < i; j++)
			CHECK(strcmp(san[i], san[j]) != 0, "%s: two moves print as %s", where, san[i]);
		if (failures > MAX_PRINTED)
			return;
	}
}

/* Splits S at blanks into at most MAX words; a "quoted string" is one word. Returns the count. */
static int split_words(char *s, char **words, int max)
{
	int n = 0;

	while (*s != '\0' && n < max) {
		while (isspace((unsigned char)*s))
			s++;
		if (*s == '\0')
			break;
		words[n++] = s;
		if (*s == '"') {
			char *q = strchr(s + 1, '"');

			s = q ? q + 1 : s + strlen(s);
		} else {
			while (*s != '\0' && !isspace((unsigned char)*s))
				s++;
		}
		if (*s != '\0')
			*s++ = '\0';
	}
	return n;
}

/*
 * Reads the EPD file PATH line by line: the position's four fields go to
 * fen_parse, every legal move is round-tripped, and every bm and am operand
 * must parse as SAN. Returns false when the file cannot be opened.
 */
static bool check_suite(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[8192];
	int lineno = 0;
	long before = positions_checked;

	if (f == NULL)
		return false;
	while (fgets(line, sizeof line, f) != NULL) {
		char fen[256], where[600], *fields[4], *p = line, *ops;
		struct position pos;
		int nf = 0;

		lineno++;
		line[strcspn(line, "\r\n")] = '\0';
		while (isspace((unsigned char)*p))
			p++;
		if (*p == '\0' || *p == '#')
			continue;

		/* The four position fields. */
		while (nf < 4 && *p != '\0') {
			fields[nf++] = p;
			while (*p != '\0' && !isspace((unsigned char)*p))
				p++;
			if (*p != '\0')
				*p++ = '\0';
			while (isspace((unsigned char)*p))
				p++;
		}
		if (nf < 4) {
			CHECK(false, "%s:%d: fewer than four fields", path, lineno);
			continue;
		}
		snprintf(fen, sizeof fen, "%s %s %s %s", fields[0], fields[1], fields[2], fields[3]);
		snprintf(where, sizeof where, "%s:%d (%s)", path, lineno, fen);
		if (!parse_fen(&pos, fen)) {
			printf("     at %s:%d\n", path, lineno);
			continue;
		}
		round_trip(&pos, where);

		/* The operations: "opcode operand ...;", with quoted operands kept whole. */
		ops = p;
		while (*ops != '\0') {
			char op[4096], *words[64], *q = ops;
			int nw;
			size_t len;

			/* Find the ';' that ends this operation, outside quotes. */
			while (*q != '\0' && *q != ';') {
				if (*q == '"') {
					char *close = strchr(q + 1, '"');

					q = close ? close : q + strlen(q) - 1;
				}
				q++;
			}
			len = (size_t)(q - ops);
			if (len >= sizeof op)
				len = sizeof op - 1;
			memcpy(op, ops, len);
			op[len] = '\0';
			ops = *q == ';' ? q + 1 : q;

			nw = split_words(op, words, 64);
			if (nw < 1 || (strcmp(words[0], "bm") != 0 && strcmp(words[0], "am") != 0))
				continue;
			for (int i = 1; i < nw; i++) {
				struct error err;
				move m;

				operands_checked++;
				CHECK(notation_parse_san(&pos, words[i], &m, &err), "%s: %s operand %s does not parse: %s",
				      where, words[0], words[i], err.msg);
			}
		}
		if (failures > MAX_PRINTED)
			break;
	}
	fclose(f);
	printf("%s: %ld positions\n", path, positions_checked - before);
	return true;
}

/* Checks that TEXT prints from (and parses to) the move FROM-TO of FEN, in SAN form EXPECTED. */
static void expect_san(const char *fen, const char *uci, const char *expected)
{
	struct position pos;
	struct error err;
	move m = MOVE_NONE, back = MOVE_NONE;
	char san[NOTATION_BUFSIZE];

	if (!parse_fen(&pos, fen))
		return;
	if (!notation_parse_uci(&pos, uci, &m, &err)) {
		CHECK(false, "%s: UCI %s does not parse: %s", fen, uci, err.msg);
		return;
	}
	notation_san(&pos, m, san);
	CHECK(strcmp(san, expected) == 0, "%s: %s prints as %s, expected %s", fen, uci, san, expected);
	CHECK(notation_parse_san(&pos, expected, &back, &err) && back == m,
	      "%s: %s does not parse to %s", fen, expected, uci);
}

/* Checks that TEXT parses (leniently) in FEN to the move written UCI. */
static void expect_parse(const char *fen, const char *text, const char *uci)
{
	struct position pos;
	struct error err;
	move m = MOVE_NONE;
	char got[NOTATION_BUFSIZE];

	if (!parse_fen(&pos, fen))
		return;
	if (!notation_parse(&pos, text, &m, &err)) {
		CHECK(false, "%s: \"%s\" does not parse: %s", fen, text, err.msg);
		return;
	}
	notation_uci(m, got);
	CHECK(strcmp(got, uci) == 0, "%s: \"%s\" parses as %s, expected %s", fen, text, got, uci);
}

/* Checks that TEXT is refused in FEN with a message holding each of the NULL-ended WORDS. */
static void expect_error(const char *fen, const char *text, ...)
{
	struct position pos;
	struct error err;
	move m = MOVE_NONE;
	va_list ap;
	const char *word;

	if (!parse_fen(&pos, fen))
		return;
	memset(&err, 0, sizeof err);
	if (notation_parse(&pos, text, &m, &err)) {
		char got[NOTATION_BUFSIZE];

		notation_uci(m, got);
		CHECK(false, "%s: \"%s\" should be refused but parses as %s", fen, text, got);
		return;
	}
	va_start(ap, text);
	while ((word = va_arg(ap, const char *)) != NULL)
		CHECK(strstr(err.msg, word) != NULL, "%s: the error for \"%s\" lacks \"%s\": %s", fen, text,
		      word, err.msg);
	va_end(ap);
}

static void hand_cases(void)
{
	static const char knights[] = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
	static const char rooks[] = "7k/8/8/8/8/4R3/8/K3R3 w - - 0 1";
	static const char queens[] = "8/8/k7/8/4Q2Q/8/8/2K4Q w - - 0 1";
	static const char promo[] = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
	static const char castle[] = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
	static const char ep[] = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
	struct position pos;
	struct error err;
	char buf[NOTATION_BUFSIZE], list[2048];

	/* Disambiguation by file, by rank, and by both. */
	expect_san(knights, "b1d2", "Nbd2");
	expect_san(knights, "f3d2", "Nfd2");
	expect_san(knights, "f3d4", "Nd4");
	expect_san(knights, "b1c3", "Nc3");
	expect_san(rooks, "e1e2", "R1e2");
	expect_san(rooks, "e3e2", "R3e2");
	expect_san(rooks, "e1d1", "Rd1");
	expect_san(rooks, "e3d3", "Rd3");
	expect_san(queens, "h4e1", "Qh4e1");
	expect_san(queens, "e4e1", "Qee1");
	expect_san(queens, "h1e1", "Q1e1");
	expect_san(queens, "h1g1", "Qg1");
	/* A pinned knight does not count: only the free one can go to d2 (or f3). */
	expect_san("4k3/8/8/8/8/5N2/8/rN2K3 w - - 0 1", "f3d2", "Nd2");
	expect_san("4k3/8/8/b7/8/8/3N3N/4K3 w - - 0 1", "h2f3", "Nf3");
	expect_san("4k3/8/8/8/8/8/3N3N/4K3 w - - 0 1", "h2f3", "Nhf3");
	/* Extra disambiguation is accepted; wrong disambiguation is not. */
	expect_parse(knights, "Nfd4", "f3d4");
	expect_parse(knights, "Nf3d4", "f3d4");
	expect_error(knights, "Nbd4", "Nbd4", "legal moves", NULL);

	/* Promotions, with and without check. */
	expect_san(promo, "b7b8q", "b8=Q+");
	expect_san(promo, "b7b8r", "b8=R+");
	expect_san(promo, "b7b8b", "b8=B");
	expect_san(promo, "b7b8n", "b8=N");
	expect_parse(promo, "b8Q", "b7b8q");
	expect_parse(promo, "b8=q", "b7b8q");
	expect_parse(promo, "b8=N", "b7b8n");
	expect_parse(promo, "b7b8r", "b7b8r");
	expect_error(promo, "b8", "b8", "=Q", NULL);
	expect_error(promo, "b7b8", "b7b8", NULL);
	expect_error(promo, "b8=K", "b8=K", NULL);
	expect_san("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q", "bxa8=Q+");

	/* Castling, either side, and the lenient spellings. */
	expect_san(castle, "e1g1", "O-O");
	expect_san(castle, "e1c1", "O-O-O");
	expect_parse(castle, "0-0", "e1g1");
	expect_parse(castle, "0-0-0", "e1c1");
	expect_parse(castle, "O-O-O", "e1c1");
	expect_parse(castle, "e1h1", "e1g1");
	expect_parse(castle, "e1a1", "e1c1");
	expect_san("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O");
	expect_san("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+");
	expect_error("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O", "O-O", "castle", NULL);

	/* Check and mate marks. */
	expect_san("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#");
	expect_san("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a7", "Ra7");
	expect_san("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "f3f7", "Qxf7#");
	expect_san("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8+");
	expect_parse("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8", "a1a8");
	expect_parse("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8+", "a1a8");
	expect_parse("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#!!", "a1a8");
	expect_parse("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", " Ra8?! ", "a1a8");

	/* En passant. */
	expect_san(ep, "e5d6", "exd6");
	expect_parse(ep, "exd6", "e5d6");
	expect_parse(ep, "exd6 e.p.", "e5d6");
	expect_parse(ep, "exd6e.p.", "e5d6");
	expect_parse(ep, "e5d6", "e5d6");
	expect_san("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "d4e3", "dxe3");

	/* Lower-case piece letters that cannot be files, and long algebraic. */
	expect_parse(BOARD_START_FEN, "nf3", "g1f3");
	expect_parse(BOARD_START_FEN, "Ng1-f3", "g1f3");
	expect_parse(BOARD_START_FEN, "Ng1f3", "g1f3");
	expect_parse(BOARD_START_FEN, "e2-e4", "e2e4");
	expect_error(BOARD_START_FEN, "exd3", "exd3", "e-file", NULL);

	/* Pawn moves and captures. */
	expect_san(BOARD_START_FEN, "e2e4", "e4");
	expect_san(BOARD_START_FEN, "g1f3", "Nf3");
	expect_san("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "exd5");
	expect_parse("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "ed5", "e4d5");
	expect_error("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "d5", "d5", "exd5", NULL);
	expect_parse(knights, "Ne5", "f3e5");
	expect_error(knights, "Nxe5", "Nxe5", "empty", NULL);

	/* Ambiguous and illegal input. */
	expect_error(knights, "Nd2", "Nd2", "ambiguous", "Nbd2", "Nfd2", NULL);
	expect_error(queens, "Qe1", "Qe1", "ambiguous", "Qh4e1", "Qee1", "Q1e1", NULL);
	expect_error(queens, "Qhe1", "ambiguous", "Qh4e1", "Q1e1", NULL);
	expect_error(queens, "Q4e1", "ambiguous", "Qh4e1", "Qee1", NULL);
	expect_error(BOARD_START_FEN, "Nf4", "Nf4", "illegal", "legal moves", "Nf3", NULL);
	expect_error(BOARD_START_FEN, "e5", "e5", "illegal", "legal moves", NULL);
	expect_error(BOARD_START_FEN, "Ke2", "Ke2", "illegal", NULL);
	expect_error(BOARD_START_FEN, "e2e5", "e2e5", "illegal", "legal moves", NULL);
	expect_error(BOARD_START_FEN, "e7e5", "e7e5", "not White's", NULL);
	expect_error(BOARD_START_FEN, "Zz9", "Zz9", "not a SAN move", NULL);
	expect_error(BOARD_START_FEN, "", "not a move", NULL);
	expect_error(BOARD_START_FEN, "Qxd8", "Qxd8", NULL);
	expect_error(BOARD_START_FEN, "O-O", "O-O", "castle", NULL);
	expect_error("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Nf3", "Nf3", "no knight", NULL);
	/* No moves at all: mate and stalemate still give a clear error. */
	expect_error("R6k/6pp/8/8/8/8/8/6K1 b - - 0 1", "Kg8", "Kg8", "no legal moves", NULL);

	/* UCI printing. */
	notation_uci(MOVE_NONE, buf);
	CHECK(strcmp(buf, "0000") == 0, "MOVE_NONE prints as %s", buf);
	notation_uci(MOVE_MAKE(SQ_MAKE(4, 6), SQ_MAKE(4, 7), MK_PROMO + (QUEEN - KNIGHT)), buf);
	CHECK(strcmp(buf, "e7e8q") == 0, "e7e8=Q prints as %s", buf);
	notation_uci(MOVE_MAKE(SQ_MAKE(4, 6), SQ_MAKE(3, 7), MK_PROMO_CAPTURE + (KNIGHT - KNIGHT)), buf);
	CHECK(strcmp(buf, "e7d8n") == 0, "e7xd8=N prints as %s", buf);

	/* The legal-move list: sorted SAN, and never half a move when short of room. */
	if (parse_fen(&pos, BOARD_START_FEN)) {
		int words = 1;

		notation_legal_list(&pos, list, sizeof list);
		for (const char *p = list; *p; p++)
			words += *p == ' ';
		CHECK(words == 20, "start position lists %d moves: %s", words, list);
		CHECK(strncmp(list, "Na3 Nc3 Nf3 Nh3 a3 a4 b3 b4", 27) == 0, "start list: %s", list);
		notation_legal_list(&pos, list, 12);
		CHECK(strcmp(list, "Na3 Nc3 ...") == 0, "short start list: \"%s\"", list);
		CHECK(notation_parse_san(&pos, "Nf3", &(move){ 0 }, &err), "Nf3 in the start position");
	}
}

int main(void)
{
	static const char *const local[] = {
		"positions/wac.epd", "positions/bk.epd", "positions/zugzwang.epd", "positions/nullmove.epd",
	};
	static const char *const shared[] = {
		"tactics/wac.epd", "tactics/bk.epd", "tactics/ecm.epd", "tactics/ecm_gcp.epd",
		"tactics/arasan2024.epd", "tactics/zugzwang_zpts.epd", "tactics/nullmove_cpw.epd",
		"tactics/sts.epd",
	};
	const char *srcdir = getenv("srcdir");
	const char *shared_dir = getenv("SHARED_DATA");
	char path[8448], shared_default[4096];
	int suites = 0;

	board_init();
#ifdef ABS_SRCDIR
	if (srcdir == NULL)
		srcdir = ABS_SRCDIR;
#endif
	if (srcdir == NULL)
		srcdir = ".";
	if (shared_dir == NULL) {
		snprintf(shared_default, sizeof shared_default, "%s/../shared/data", srcdir);
		shared_dir = shared_default;
	}

	hand_cases();

	for (size_t i = 0; i < sizeof local / sizeof local[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", srcdir, local[i]);
		suites += check_suite(path);
	}
	for (size_t i = 0; i < sizeof shared / sizeof shared[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", shared_dir, shared[i]);
		suites += check_suite(path);
	}

	printf("%d suites, %ld positions, %ld moves round-tripped, %ld bm/am operands parsed, %d failures\n",
	       suites, positions_checked, moves_checked, operands_checked, failures);
	return failures ? 1 : 0;
}
