/* fuzz_fen.c: a libFuzzer target for the FEN and EPD parsers: no crash, and what parses must survive a round trip. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "chess/epd.h"
#include "chess/fen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Stops the run with the input's story: libFuzzer saves the input that led here. */
static void die(const char *what, const char *fen, const char *detail)
{
	fprintf(stderr, "fuzz_fen: %s\n  FEN: %s\n  %s\n", what, fen, detail);
	abort();
}

/* A refused input must come with a message and a column. */
static void check_error(const struct error *err, const char *parser)
{
	if (memchr(err->msg, '\0', sizeof err->msg) == NULL)
		die("error message not terminated", parser, "");
	if (err->msg[0] == '\0')
		die("empty error message", parser, "");
}

/* POS came from a successful parse: it must be sound, and its FEN must read back the same. */
static void check_round_trip(const struct position *pos, const char *parser)
{
	struct position again;
	struct error err = { 0 };
	char fen[FEN_BUFSIZE], fen2[FEN_BUFSIZE], why[128];

	fen_format(pos, fen);
	if (!board_ok(pos, why, sizeof why))
		die("the parsed position fails board_ok", fen, why);
	if (!fen_parse(&again, fen, &err))
		die("the formatted FEN does not parse again", fen, err.msg);
	fen_format(&again, fen2);
	if (strcmp(fen, fen2) != 0)
		die("the FEN changed in a round trip", fen, fen2);
	if (again.key != pos->key)
		die("the key changed in a round trip", fen, parser);
}

/* Feeds DATA, as a NUL-terminated string, to fen_parse and epd_parse. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	static struct epd_record rec;
	struct position pos;
	struct error err = { 0 };
	char *text;

	if (!ready) {
		board_init();
		ready = 1;
	}
	text = malloc(size + 1);
	if (text == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';

	if (fen_parse(&pos, text, &err))
		check_round_trip(&pos, "fen_parse");
	else
		check_error(&err, "fen_parse");

	memset(&err, 0, sizeof err);
	if (epd_parse(&rec, text, 1, &err))
		check_round_trip(&rec.pos, "epd_parse");
	else
		check_error(&err, "epd_parse");

	free(text);
	return 0;
}
