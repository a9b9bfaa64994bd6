/*
 * fuzz_pgn.c: a libFuzzer target for the PGN reader: no crash, an error
 * always has a message, and every game read survives a round trip through
 * the writer (the same start, the same moves).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "chess/pgn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void die(const char *what, const char *detail)
{
	fprintf(stderr, "fuzz_pgn: %s\n  %s\n", what, detail);
	abort();
}

/* Writes G and reads it back: the moves and the start must be the same. */
static void round_trip(const struct pgn_game *g)
{
	static struct pgn_game again;
	struct pgn_tags tags = { 0 };
	struct pgn_reader r;
	struct error err = { 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	if (out == NULL)
		return;
	pgn_write_game(out, &g->game, &tags);
	fclose(out);
	pgn_reader_init(&r, buf, len);
	if (pgn_read(&r, &again, &err) != 1)
		die("a written game does not read back", err.msg);
	if (again.game.nply != g->game.nply || again.game.start.key != g->game.start.key ||
	    memcmp(again.game.moves, g->game.moves, sizeof(move) * (size_t)g->game.nply))
		die("a written game reads back different", buf);
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	static struct pgn_game g;
	struct pgn_reader r;

	if (!ready) {
		board_init();
		ready = 1;
	}
	pgn_reader_init(&r, (const char *)data, size);
	for (int i = 0; i < 64; i++) {
		struct error err = { 0 };
		int rc = pgn_read(&r, &g, &err);

		if (rc < 0) {
			if (err.msg[0] == '\0' || memchr(err.msg, '\0', sizeof err.msg) == NULL)
				die("an error without a message", "");
			break;
		}
		if (rc == 0)
			break;
		round_trip(&g);
	}
	return 0;
}
