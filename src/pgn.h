/*
 * pgn.h: Portable Game Notation, written and read.
 *
 * The writer puts out games in the export format (the seven tag roster,
 * SetUp and FEN for a game that does not start from the initial position,
 * SAN moves, lines of at most 79 characters). The reader takes standard PGN:
 * tags, movetext with comments, NAGs and variations (skipped), several
 * games a file; every error names its line and column.
 */
#ifndef QUIESCE_PGN_H
#define QUIESCE_PGN_H

#include <stdio.h>

#include "game.h"
#include "types.h"

/* The tags written besides the moves (NULL: "?"). */
struct pgn_tags {
	const char *event, *site, *date, *round, *white, *black;
	const char *comment;    /* a comment before the result, e.g. the reason the game ended; NULL for none */
};

/* Writes G as one PGN game with TAGS, followed by an empty line. */
void pgn_write_game(FILE *out, const struct game *g, const struct pgn_tags *tags);

#endif
