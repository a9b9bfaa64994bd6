/*
 * game.h: a game of chess: a start position, the moves played, and whether
 * the game is over (checkmate, stalemate, threefold repetition, the
 * fifty-move rule, insufficient material, or a maximum length).
 *
 * The keys of every position reached are kept, so that a repetition is found
 * by comparing keys; moves can be taken back.
 */
#ifndef QUIESCE_GAME_H
#define QUIESCE_GAME_H

#include "chess/board.h"
#include "base/types.h"

/* The longest game kept, in plies. */
#define GAME_MAX_PLIES 1024

enum game_result { GAME_ONGOING = 0, GAME_WHITE_WINS, GAME_BLACK_WINS, GAME_DRAW };

enum game_reason {
	GAME_NO_REASON = 0,
	GAME_CHECKMATE,
	GAME_STALEMATE,
	GAME_THREEFOLD,
	GAME_FIFTY_MOVES,
	GAME_INSUFFICIENT,
	GAME_MAX_LENGTH
};

struct game {
	struct position start;
	struct position pos;            /* after the moves */
	int nply;
	int max_plies;                  /* adjudicated a draw at this length; 0: GAME_MAX_PLIES */
	move moves[GAME_MAX_PLIES];
	struct undo undo[GAME_MAX_PLIES];
	/*
	 * keys[i]: the repetition key (game_repetition_key) before move i;
	 * keys[nply]: now.
	 */
	uint64_t keys[GAME_MAX_PLIES + 1];
	enum game_result result;
	enum game_reason reason;
};

/* Starts G at START (a legal position); MAX_PLIES 0 means GAME_MAX_PLIES. */
void game_start(struct game *g, const struct position *start, int max_plies);

/*
 * Plays M, which must be legal in the current position, and updates the
 * result. Returns false (and plays nothing) when the game is over or M is
 * not legal.
 */
bool game_play(struct game *g, move m);

/* Takes the last move back (the result becomes ongoing again); false when there is none. */
bool game_takeback(struct game *g);

/*
 * The key two positions share when they are the same position for the
 * repetition rule (FIDE article 9.2): the Zobrist key, whose en passant file
 * counts only when an en passant capture is legal. After a double step that
 * no pawn can take en passant, the position repeats one with no en passant
 * square.
 */
uint64_t game_repetition_key(const struct position *pos);

/* How many times the current position has occurred, this time included. */
int game_repetitions(const struct game *g);

/*
 * Whether neither side can ever mate: no pawn, rook or queen, and either
 * one knight alone or bishops (of either side) all on squares of one colour.
 */
bool game_insufficient_material(const struct position *pos);

/* Works out the result of the current position (also called by game_play). */
void game_update(struct game *g);

/* "1-0", "0-1", "1/2-1/2" or "*". */
const char *game_result_text(enum game_result r);

/* "checkmate", "stalemate", "threefold repetition", "fifty-move rule", ... */
const char *game_reason_text(enum game_reason r);

#endif
