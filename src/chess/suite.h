/*
 * suite.h: a test suite: positions, each with the moves that solve it.
 *
 * A suite is read from an EPD file (bm and am opcodes, as WAC and BK are
 * written) or from a Lichess puzzle CSV (PuzzleId,FEN,Moves,...). Either
 * way each position ends up with the side to move being the one whose move
 * is judged, a list of best moves (bm) and a list of moves to avoid (am).
 */
#ifndef QUIESCE_SUITE_H
#define QUIESCE_SUITE_H

#include "chess/board.h"
#include "chess/epd.h"
#include "base/types.h"

#define SUITE_MAX_MOVES EPD_MAX_BM
#define SUITE_ID_SIZE 128

enum suite_format { SUITE_EPD = 0, SUITE_LICHESS };

struct suite_position {
	struct position pos;    /* the position to search (for Lichess: after Moves[0]) */
	char id[SUITE_ID_SIZE]; /* the EPD id, the PuzzleId, or "line N" when there is none */
	int line;               /* 1-based line of the file the position came from */
	int bm_count;
	move bm[SUITE_MAX_MOVES];
	int am_count;
	move am[SUITE_MAX_MOVES];
};

struct suite {
	enum suite_format format;
	int count;
	int scorable;           /* positions with at least one bm or am */
	struct suite_position *positions;
};

/*
 * Reads the suite at PATH. A file whose first line starts with "PuzzleId,"
 * is read as a Lichess puzzle CSV: its header must name the columns
 * PuzzleId, FEN and Moves; each row's FEN is the position before the
 * opponent's move, Moves[0] (UCI) is played first and Moves[1] becomes the
 * one best move. Quoted fields ("a,b", "say ""hi""") are read as RFC 4180
 * says. Any other file is read as EPD. On failure S is left empty and ERR's
 * message reads "PATH:LINE:COLUMN: what is wrong".
 */
bool suite_load(struct suite *s, const char *path, struct error *err);

/* Frees the positions of S and leaves it empty. */
void suite_free(struct suite *s);

/* Whether P can be scored: it has a bm or an am. */
bool suite_scorable(const struct suite_position *p);

/*
 * Whether M solves P: M is one of the bm (when there are any) and none of
 * the am. MOVE_NONE and unscorable positions never count as solved.
 */
bool suite_solves(const struct suite_position *p, move m);

const char *suite_format_name(enum suite_format format);

#endif
