/* test_fen.c: FEN and EPD parsing: round trips, fields, the bad-input catalogue and every EPD file at hand. */
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chess/board.h"
#include "chess/epd.h"
#include "chess/fen.h"
#include "chess/notation.h"
#define CHECK_FAIL(...) failf(__VA_ARGS__)
#include "check.h"

static char tmpdir[64];

static void failf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void failf(const char *fmt, ...)
{
	va_list ap;

	printf("FAIL: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	failures++;
}


/* FENs that must come back unchanged from parse and format. */
static const char *const round_trip[] = {
	BOARD_START_FEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
	"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
	"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
	"4k3/8/8/8/8/8/8/4K2R w K - 99 9999",
	"r3k3/8/8/8/8/8/8/4K3 b q - 9999 1",
	"7k/8/8/8/8/8/8/K7 b - - 0 57",
	"2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
	"4r2k/8/8/8/8/3n4/8/4K3 w - - 0 1",
};

static bool contains(const char *hay, const char *needle)
{
	return strstr(hay, needle) != NULL;
}

static void test_round_trips(void)
{
	for (size_t i = 0; i < sizeof round_trip / sizeof round_trip[0]; i++) {
		struct position pos;
		struct error err = { 0 };
		char buf[FEN_BUFSIZE], why[128];

		if (!fen_parse(&pos, round_trip[i], &err)) {
			failf("round trip: '%s' does not parse: %s", round_trip[i], err.msg);
			continue;
		}
		fen_format(&pos, buf);
		CHECK(strcmp(buf, round_trip[i]) == 0, "round trip: '%s' came back as '%s'",
		      round_trip[i], buf);
		CHECK(pos.key == board_compute_key(&pos), "round trip: '%s': key not recomputed",
		      round_trip[i]);
		CHECK(board_ok(&pos, why, sizeof why), "round trip: '%s': board_ok: %s",
		      round_trip[i], why);
	}
}

static void test_fields(void)
{
	struct position pos;
	struct error err = { 0 };
	char buf[FEN_BUFSIZE];
	const char *end = NULL;
	const char *epd_text = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w Kq e6 bm Nf3;";

	if (!fen_parse(&pos, "r3k2r/8/8/8/4pP2/8/8/R3K2R b Kq f3 3 42", &err)) {
		failf("fields: parse failed: %s", err.msg);
		return;
	}
	CHECK(pos.side == BLACK, "fields: side is %d, expected Black", pos.side);
	CHECK(pos.castling == (CASTLE_WK | CASTLE_BQ), "fields: castling is %d, expected K and q",
	      pos.castling);
	CHECK(pos.ep == SQ_MAKE(5, 2), "fields: ep square is %d, expected f3 (21)", pos.ep);
	CHECK(pos.halfmove == 3 && pos.fullmove == 42, "fields: clocks %d %d, expected 3 42",
	      pos.halfmove, pos.fullmove);
	CHECK(pos.squares[SQ_A8] == PIECE_MAKE(BLACK, ROOK), "fields: no black rook on a8");
	CHECK(pos.squares[SQ_E1] == PIECE_MAKE(WHITE, KING), "fields: no white king on e1");
	CHECK(pos.squares[SQ_MAKE(4, 3)] == PIECE_MAKE(BLACK, PAWN), "fields: no black pawn on e4");
	CHECK(pos.squares[SQ_MAKE(5, 3)] == PIECE_MAKE(WHITE, PAWN), "fields: no white pawn on f4");
	CHECK(bb_count(pos.occupied) == 8, "fields: %d pieces, expected 8", bb_count(pos.occupied));

	/* Four fields: the clocks default to 0 and 1. */
	CHECK(fen_parse(&pos, "4k3/8/8/8/8/8/8/4K3 b - -", &err), "four fields: %s", err.msg);
	CHECK(pos.halfmove == 0 && pos.fullmove == 1, "four fields: clocks %d %d, expected 0 1",
	      pos.halfmove, pos.fullmove);
	fen_format4(&pos, buf);
	CHECK(strcmp(buf, "4k3/8/8/8/8/8/8/4K3 b - -") == 0, "fen_format4 wrote '%s'", buf);

	/* Blanks around the FEN are trimmed; columns still count from the input's start. */
	CHECK(fen_parse(&pos, "  \t" BOARD_START_FEN " \r\n", &err), "trimmed: %s", err.msg);
	CHECK(!fen_parse(&pos, "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", &err),
	      "trimmed: bad letter accepted");
	CHECK(err.column == 45 && contains(err.msg, "column 45"),
	      "trimmed: column %d (%s), expected 45", err.column, err.msg);
	CHECK(err.line == 0, "fen_parse set line %d, expected 0", err.line);

	/* fen_parse_fields: stops after the fourth field; columns are offset by the base. */
	CHECK(fen_parse_fields(&pos, epd_text, 4, &end, 0, &err), "fen_parse_fields: %s", err.msg);
	CHECK(end != NULL && strcmp(end, " bm Nf3;") == 0, "fen_parse_fields: end at '%s'",
	      end ? end : "(null)");
	CHECK(pos.ep == SQ_MAKE(4, 5) && pos.castling == (CASTLE_WK | CASTLE_BQ),
	      "fen_parse_fields: wrong ep or castling");
	CHECK(!fen_parse_fields(&pos, "4k3/8/8/8/8/8/8/4K3 x - -", 4, &end, 10, &err),
	      "fen_parse_fields: bad side accepted");
	CHECK(err.column == 31 && contains(err.msg, "column 31"),
	      "fen_parse_fields: column %d (%s), expected 31", err.column, err.msg);
}

/* A position that must be refused, with a fragment the message must hold. */
static void expect_bad(const char *fen, const char *fragment)
{
	struct position pos;
	struct error err = { 0 };

	checks++;
	if (fen_parse(&pos, fen, &err)) {
		failf("'%s' was accepted", fen);
		return;
	}
	if (!contains(err.msg, fragment))
		failf("'%s': message lacks '%s': %s", fen, fragment, err.msg);
	if (err.column <= 0)
		failf("'%s': no column in the error", fen);
}

static void test_errors(void)
{
	struct position pos;
	struct error err = { 0 };

	expect_bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "field 6 (fullmove number)");
	expect_bad("4k3/8/8/8/8/8/8/4K3 w - - 0 1 x", "after field 6");
	expect_bad("4k3/8/8/8/8/8/8/4K3  w - - 0 1", "more than one space");
	/* The argument to fen_parse may be NUL-free but arbitrary: nothing crashes. */
	CHECK(!fen_parse(&pos, "/", &err), "'/' accepted");
	CHECK(!fen_parse(&pos, "8/8/8/8/8/8/8/8/", &err), "'8/8/8/8/8/8/8/8/' accepted");
	CHECK(!fen_parse(&pos, "\xff\xfe", &err), "bytes 0xFF 0xFE accepted");
}

/* Decodes \xNN escapes of a catalogue input into OUT (size N); returns the length. */
static size_t decode(const char *in, char *out, size_t n)
{
	size_t len = 0;

	while (*in != '\0' && len + 1 < n) {
		if (in[0] == '\\' && in[1] == 'x' && in[2] != '\0' && in[3] != '\0') {
			char hex[3] = { in[2], in[3], '\0' };

			out[len++] = (char)strtoul(hex, NULL, 16);
			in += 4;
		} else {
			out[len++] = *in++;
		}
	}
	out[len] = '\0';
	return len;
}

/* Runs one catalogue case through fen_parse or, for "@EPD" inputs, through epd_read_file. */
static void run_case(const char *where, const char *expected, const char *input)
{
	static char decoded[8192];
	struct error err = { 0 };
	size_t len;

	checks++;
	if (strcmp(input, "@LONG") == 0) {
		struct position pos;

		for (int i = 0; i < 150; i++)
			memcpy(decoded + 2 * i, "8/", 2);
		decoded[300] = '\0';
		if (fen_parse(&pos, decoded, &err))
			failf("%s: the 300-character input was accepted", where);
		else if (!contains(err.msg, expected))
			failf("%s: message lacks '%s': %s", where, expected, err.msg);
		return;
	}
	if (strncmp(input, "@EPD", 4) == 0) {
		char path[128];
		struct epd_file file;
		FILE *fp;

		snprintf(path, sizeof path, "%s/case.epd", tmpdir);
		fp = fopen(path, "wb");
		if (fp == NULL) {
			failf("%s: cannot write %s", where, path);
			return;
		}
		if (strcmp(input, "@EPDLONG") == 0) {
			fputs("4k3/8/8/8/8/8/8/4K3 w - - c0 \"", fp);
			for (int i = 0; i < 5000; i++)
				fputc('x', fp);
			fputs("\";\n", fp);
		} else {
			len = decode(input + 5, decoded, sizeof decoded);
			fwrite(decoded, 1, len, fp);
			fputc('\n', fp);
		}
		fclose(fp);
		if (epd_read_file(&file, path, &err)) {
			failf("%s: the EPD file was accepted (%d records)", where, file.count);
			epd_file_free(&file);
		} else if (!contains(err.msg, expected)) {
			failf("%s: message lacks '%s': %s", where, expected, err.msg);
		} else if (err.line <= 0) {
			failf("%s: no line number in the error: %s", where, err.msg);
		}
		unlink(path);
		return;
	}
	len = decode(input, decoded, sizeof decoded);
	if (strlen(decoded) != len) {
		failf("%s: the input holds a NUL byte, which a FEN argument cannot", where);
		return;
	}
	{
		struct position pos;

		if (fen_parse(&pos, decoded, &err))
			failf("%s: '%s' was accepted", where, input);
		else if (!contains(err.msg, expected))
			failf("%s: message lacks '%s': %s", where, expected, err.msg);
		else if (err.column <= 0)
			failf("%s: no column: %s", where, err.msg);
	}
}

static void test_catalogue(const char *srcdir)
{
	char path[1024], line[8192];
	int lineno = 0, cases = 0;
	FILE *fp;

	snprintf(path, sizeof path, "%s/tests/data/bad-fen.txt", srcdir);
	fp = fopen(path, "r");
	if (fp == NULL) {
		failf("cannot open the catalogue %s", path);
		return;
	}
	while (fgets(line, sizeof line, fp) != NULL) {
		char where[64], *tab;

		lineno++;
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		snprintf(where, sizeof where, "bad-fen.txt:%d", lineno);
		tab = strchr(line, '\t');
		if (tab == NULL || tab == line) {
			failf("%s: expected 'substring<TAB>input'", where);
			continue;
		}
		*tab = '\0';
		run_case(where, line, tab + 1);
		cases++;
	}
	fclose(fp);
	CHECK(cases >= 45, "the catalogue has %d cases, expected at least 45", cases);
	printf("bad-fen.txt: %d cases\n", cases);
}

static void test_epd_lines(void)
{
	struct epd_record *rec = malloc(sizeof *rec);
	struct error err = { 0 };
	const char *wac = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\"; c0 \"a; b\";";
	const char *perft_line = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 ;D1 48 ;D2 2039 ;D6 8031647685";
	const char *zpts = "8/8/1p1r1k2/p1pPN1p1/P3KnP1/1P6/8/3R4 b - - bm Nxd5; id \"ZPTS.01\"; CCC post 27.4.2004 by Gerd Isenberg";
	const char *free_text = "8/1p5k/1P1p4/3p4/3Pp2p/2K1P2p/7P/8 w - - bm Kb2; id \"ZPTS.29\"; 1 Kb2! Kg8 2 Ka1!!, draw";
	const char *tabbed = "4k3/8/8/8/8/8/8/4K2R w K - am O-O Kd1;\tid\t\"tab\"; c9 \"caf\xc3\xa9\";\r";
	char uci[NOTATION_BUFSIZE];

	if (rec == NULL)
		return;
	CHECK(epd_parse(rec, wac, 1, &err), "wac line: %s", err.msg);
	if (rec->bm_count == 1) {
		notation_uci(rec->bm[0], uci);
		CHECK(strcmp(uci, "g3g6") == 0, "wac line: bm is %s, expected g3g6", uci);
	} else {
		failf("wac line: %d bm moves, expected 1", rec->bm_count);
	}
	CHECK(strcmp(rec->id, "WAC.001") == 0, "wac line: id '%s'", rec->id);
	CHECK(rec->has_comment[0] && strcmp(rec->comment[0], "a; b") == 0,
	      "wac line: c0 '%s', expected 'a; b'", rec->comment[0]);
	CHECK(!rec->has_comment[1] && rec->perft_mask == 0, "wac line: stray c1 or perft");

	CHECK(epd_parse(rec, perft_line, 2, &err), "perft line: %s", err.msg);
	CHECK(rec->perft_mask == ((1u << 1) | (1u << 2) | (1u << 6)), "perft line: mask %#x",
	      rec->perft_mask);
	CHECK(rec->perft[1] == 48 && rec->perft[2] == 2039 && rec->perft[6] == 8031647685ULL,
	      "perft line: wrong counts");
	CHECK(rec->pos.castling == CASTLE_ALL, "perft line: castling %d", rec->pos.castling);

	CHECK(epd_parse(rec, zpts, 3, &err), "trailing text: %s", err.msg);
	CHECK(strcmp(rec->id, "ZPTS.01") == 0 && rec->bm_count == 1, "trailing text: id '%s'",
	      rec->id);
	CHECK(epd_parse(rec, free_text, 4, &err), "free text: %s", err.msg);

	CHECK(epd_parse(rec, tabbed, 5, &err), "tabs: %s", err.msg);
	CHECK(rec->am_count == 2 && strcmp(rec->id, "tab") == 0 &&
	      strcmp(rec->comment[9], "caf\xc3\xa9") == 0, "tabs: am %d, id '%s', c9 '%s'",
	      rec->am_count, rec->id, rec->comment[9]);

	CHECK(!epd_parse(rec, "4k3/8/8/8/8/8/8/4K3 w - - bm Ke9;", 7, &err), "bm Ke9 accepted");
	CHECK(err.line == 7 && err.column == 30 && contains(err.msg, "line 7, column 30: bm operand 'Ke9'"),
	      "bm Ke9: line %d column %d: %s", err.line, err.column, err.msg);
	CHECK(!epd_parse(rec, "4k3/8/8/8/8/8/8/4K3 w - - id \"x", 8, &err), "open quote accepted");
	CHECK(contains(err.msg, "no closing"), "open quote: %s", err.msg);
	CHECK(!epd_parse(rec, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 x", 0, &err), "D1 x accepted");
	CHECK(contains(err.msg, "column 35: D1 operand 'x'"), "D1 x: %s", err.msg);
	CHECK(!epd_parse(rec, "4k3/8/8/8/8/8/8/4K4 w - -", 9, &err), "bad FEN accepted");
	CHECK(contains(err.msg, "line 9: FEN field 1 (piece placement), column 19"),
	      "bad FEN: %s", err.msg);
	CHECK(epd_is_blank("") && epd_is_blank(" \t\r\n") && epd_is_blank("  # note") &&
	      !epd_is_blank(" 8/8"), "epd_is_blank");
	free(rec);
}

/* Writes TEXT to case.epd in the scratch directory and returns the path. */
static const char *write_case(const char *text)
{
	static char path[128];
	FILE *fp;

	snprintf(path, sizeof path, "%s/case.epd", tmpdir);
	fp = fopen(path, "wb");
	if (fp != NULL) {
		fputs(text, fp);
		fclose(fp);
	}
	return path;
}

static void test_epd_file_forms(void)
{
	struct epd_file file;
	struct error err = { 0 };
	const char *path;

	/* CRLF, a byte-order mark, comments, blank lines and no newline at the end. */
	path = write_case("\xEF\xBB\xBF# comment\r\n\r\n"
			  "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D2 25\r\n"
			  "   \t\r\n"
			  "4k3/8/8/8/8/8/8/4K3 b - - id \"last\"");
	if (!epd_read_file(&file, path, &err)) {
		failf("CRLF file: %s", err.msg);
	} else {
		CHECK(file.count == 2, "CRLF file: %d records, expected 2", file.count);
		if (file.count == 2) {
			CHECK(file.linenos[0] == 3 && file.linenos[1] == 5,
			      "CRLF file: line numbers %d %d, expected 3 5",
			      file.linenos[0], file.linenos[1]);
			CHECK(file.records[0].perft[2] == 25 && strcmp(file.records[1].id, "last") == 0,
			      "CRLF file: wrong contents");
		}
		epd_file_free(&file);
	}
	path = write_case("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5\n4k3/8/8/8/8/8/8/4K3 w - - bm Nf3\n");
	CHECK(!epd_read_file(&file, path, &err), "bad bm in file accepted");
	CHECK(err.line == 2 && contains(err.msg, "case.epd:2:30: bm operand 'Nf3' is not a legal move"),
	      "bad bm in file: %s", err.msg);
	CHECK(file.count == 0 && file.records == NULL, "failed read left records behind");
	CHECK(!epd_read_file(&file, "/nonexistent/quiesce/none.epd", &err), "missing file read");
	CHECK(contains(err.msg, "/nonexistent/quiesce/none.epd: cannot open"), "missing file: %s",
	      err.msg);
	unlink(path);
}

/* Reads PATH as an EPD file; every record's FEN must survive a round trip. */
static void check_epd_file(const char *path, bool perft_suite)
{
	struct epd_file file;
	struct error err = { 0 };
	int with_moves = 0;

	checks++;
	if (!epd_read_file(&file, path, &err)) {
		failf("%s", err.msg);
		return;
	}
	CHECK(file.count > 0, "%s: no records", path);
	for (int i = 0; i < file.count; i++) {
		struct epd_record *rec = &file.records[i];
		struct position again;
		char buf[FEN_BUFSIZE], buf2[FEN_BUFSIZE];

		fen_format(&rec->pos, buf);
		if (!fen_parse(&again, buf, &err)) {
			failf("%s:%d: the formatted FEN '%s' does not parse: %s", path,
			      file.linenos[i], buf, err.msg);
			continue;
		}
		fen_format(&again, buf2);
		CHECK(strcmp(buf, buf2) == 0 && again.key == rec->pos.key,
		      "%s:%d: '%s' came back as '%s'", path, file.linenos[i], buf, buf2);
		if (perft_suite)
			CHECK(rec->perft_mask != 0, "%s:%d: no perft counts", path, file.linenos[i]);
		if (rec->bm_count > 0 || rec->am_count > 0)
			with_moves++;
	}
	printf("%s: %d records, %d with bm/am\n", path, file.count, with_moves);
	epd_file_free(&file);
}

static bool has_suffix(const char *name, const char *suffix)
{
	size_t n = strlen(name), m = strlen(suffix);

	return n >= m && strcmp(name + n - m, suffix) == 0;
}

/* Checks every *.epd file of DIR (when DIR exists); returns how many there were. */
static int check_epd_dir(const char *dir, bool perft_suites)
{
	struct dirent *de;
	char *names[256];
	int n = 0;
	DIR *d = opendir(dir);

	if (d == NULL) {
		printf("skipped %s: not present\n", dir);
		return 0;
	}
	while ((de = readdir(d)) != NULL && n < 256)
		if (has_suffix(de->d_name, ".epd"))
			names[n++] = strdup(de->d_name);
	closedir(d);
	for (int i = 0; i < n; i++) {
		char path[1024];

		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		check_epd_file(path, perft_suites || strstr(names[i], "perft") != NULL);
		free(names[i]);
	}
	return n;
}

int main(void)
{
	const char *srcdir = getenv("srcdir");
	const char *shared = getenv("SHARED_DATA");
	char dir[1100], shared_buf[1024];

#ifdef ABS_SRCDIR
	if (srcdir == NULL || srcdir[0] == '\0')
		srcdir = ABS_SRCDIR;
#endif
	if (srcdir == NULL || srcdir[0] == '\0')
		srcdir = ".";
	if (shared == NULL || shared[0] == '\0') {
		snprintf(shared_buf, sizeof shared_buf, "%s/../shared/data", srcdir);
		shared = shared_buf;
	}
	snprintf(tmpdir, sizeof tmpdir, "%s/test_fen.XXXXXX",
		 getenv("TMPDIR") && strlen(getenv("TMPDIR")) < 40 ? getenv("TMPDIR") : "/tmp");
	if (mkdtemp(tmpdir) == NULL) {
		printf("FAIL: cannot make a scratch directory\n");
		return 1;
	}
	board_init();

	test_round_trips();
	test_fields();
	test_errors();
	test_catalogue(srcdir);
	test_epd_lines();
	test_epd_file_forms();

	snprintf(dir, sizeof dir, "%s/positions", srcdir);
	check_epd_dir(dir, false);
	snprintf(dir, sizeof dir, "%s/perft", shared);
	check_epd_dir(dir, true);
	snprintf(dir, sizeof dir, "%s/tactics", shared);
	check_epd_dir(dir, false);

	rmdir(tmpdir);
	if (failures > 0) {
		printf("test_fen: %d of %ld checks failed\n", failures, checks);
		return 1;
	}
	printf("test_fen: all %ld checks passed\n", checks);
	return 0;
}
