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

#include "chess/game.h"
#include "base/types.h"

/* The tags written besides the moves (NULL: "?"). */
struct pgn_tags {
	const char *event, *site, *date, *round, *white, *black;
	const char *comment;    /* a comment before the result, e.g. the reason the game ended; NULL for none */
};

/* Writes G as one PGN game with TAGS, followed by an empty line. */
void pgn_write_game(FILE *out, const struct game *g, const struct pgn_tags *tags);

/*
 * The movetext writer the game writer uses, for other writers of PGN (a
 * search written as a game, tracepgn.h): tokens wrapped at 79 columns, move
 * numbers where the standard wants them (White's move, or FORCE), comments
 * in braces that wrap word by word ('}' inside becomes ')'), tag pairs with
 * '"' and '\\' escaped.
 */
struct pgn_wrap {
	FILE *out;
	int col;
};
void pgn_write_tag(FILE *out, const char *name, const char *value);
void pgn_put_token(struct pgn_wrap *w, const char *tok);
void pgn_put_number(struct pgn_wrap *w, const struct position *pos, bool force);
void pgn_put_comment(struct pgn_wrap *w, const char *text);

/* ------------------------------------------------------------ reading */

#define PGN_MAX_TAGS 32
#define PGN_TAG_NAME 32
#define PGN_TAG_VALUE 128
/* The largest PGN file read (a 10 MB comment fits). */
#define PGN_MAX_FILE (64L * 1024 * 1024)

struct pgn_game {
	struct game game;               /* from the FEN tag's position (SetUp) or the start */
	int ntags;
	struct {
		char name[PGN_TAG_NAME];
		char value[PGN_TAG_VALUE]; /* longer values are cut */
	} tags[PGN_MAX_TAGS];
	char result[8];                 /* the termination marker: 1-0, 0-1, 1/2-1/2 or * */
	int line;                       /* where the game starts */
};

/* A PGN text being read game by game. */
struct pgn_reader {
	const char *data;
	size_t len, pos;
	int line, column;
	int games;                      /* games read so far */
};

void pgn_reader_init(struct pgn_reader *r, const char *data, size_t len);

/*
 * Reads the next game into G: tags, then movetext (move numbers, SAN or
 * coordinate moves, comments in braces or after ';', NAGs and '!'/'?'
 * suffixes are read; variations in parentheses are skipped, nested or not),
 * up to the termination marker. Returns 1 for a game, 0 at the end of the
 * text, -1 on an error, with ERR's line and column where it is and its
 * message saying what was expected (the game is numbered from 1).
 */
int pgn_read(struct pgn_reader *r, struct pgn_game *g, struct error *err);

/* The value of tag NAME of G, or NULL. */
const char *pgn_tag(const struct pgn_game *g, const char *name);

/*
 * Reads game NUMBER (from 1) of the PGN file PATH into G (the games before
 * it must be well formed too). False with "PATH:LINE:COLUMN: message" in ERR.
 */
bool pgn_load(const char *path, int number, struct pgn_game *g, struct error *err);

/*
 * The position after the first PLY half-moves of G (PLY < 0: after all of
 * them) into POS; false when the game is shorter than PLY.
 */
bool pgn_position_at(const struct pgn_game *g, int ply, struct position *pos);

#endif
