/*
 * match.h: two search variants play each other over an opening suite.
 *
 * Each opening is played twice, colours reversed (a "game pair"), so that an
 * opening's bias cancels. Every move is one search of the side to move's
 * variant at a fixed depth, or iterative deepening to a node budget; the
 * search is deterministic, so a game depends only on its opening and
 * colours. The games are independent: they may run on several threads, are
 * stored by index, and the totals never depend on the number of threads.
 *
 * The Elo difference and its 95 % interval are computed from the game pairs
 * (the pentanomial model): each pair scores 0, 1/4, 1/2, 3/4 or 1 for
 * variant A, and the interval is that of the mean pair score (normal
 * approximation, variance of the pair scores), mapped to Elo.
 */
#ifndef QUIESCE_MATCH_H
#define QUIESCE_MATCH_H

#include <stdio.h>

#include "play/compare.h"
#include "play/sprt.h"
#include "chess/game.h"
#include "base/types.h"

#define MATCH_DEFAULT_MAX_PLIES 400

struct match_game;

struct match_config {
	const struct compare_mode *modes;   /* [0] is variant A, [1] variant B */
	uint64_t nodes;                     /* > 0: iterative deepening to this many nodes a move */
	int games;                          /* even, > 0 */
	const struct position *openings;
	int nopenings;
	int jobs;                           /* threads; 1: on the calling thread */
	int max_plies;                      /* adjudicated a draw at this length */
	/*
	 * Called as games end (NULL: not called), one call at a time, with DONE
	 * of GAMES games and, with an SPRT, its LLR and bounds (LLR NULL
	 * without); END is the last call. The library never prints: the command
	 * line draws a line from it.
	 */
	void (*progress)(void *ctx, int done, int games, const double *llr, double lower, double upper, bool end);
	void *progress_ctx;
	/*
	 * Called as each game ends (NULL: not called) with the games array, the
	 * game's index and how many games the match counts so far (the games
	 * below COUNTED; fewer than games once an SPRT has stopped the match),
	 * one call at a time (under the match's lock), so a caller can write
	 * every finished game of the match at once.
	 */
	void (*game_over)(void *ctx, const struct match_game *games, int index, int counted);
	void *game_over_ctx;
	/*
	 * NULL, or an SPRT (sprt.h) that ends the match as soon as it decides:
	 * games is then the most to play. The test reads the pairs in game
	 * order, so where it stops does not depend on jobs.
	 */
	const struct sprt *sprt;
};

struct match_game {
	struct game game;
	int opening;                        /* index into the openings */
	bool a_white;                       /* variant A has White */
	/* Per variant ([0] A, [1] B): moves searched, their nodes, and the depths of the searches kept. */
	int moves[2];
	uint64_t nodes[2];
	int depths[2];
};

struct match_totals {
	int games;
	int wins, draws, losses;            /* of variant A */
	int pairs[5];                       /* pairs in which A scored 0, 1/2, 1, 3/2, 2 points */
	int npairs;
	double score;                       /* A's points / games */
	double elo, elo_low, elo_high;      /* A's Elo over B with its 95 % interval (may be +-inf) */
	int reasons[GAME_MAX_LENGTH + 1];   /* games ended by each reason */
	double nodes_per_move[2];           /* of variant A and B, over every move of the games */
	double depth_per_move[2];           /* the mean depth of the iterations whose moves were played */
};

/*
 * Plays the match; GAMES (config->games of them, to be freed) in game order.
 * Returns how many of them count: config->games, or with an SPRT that
 * decided, the games of the pairs up to the one that decided (games after
 * them may have been played on other threads: they are left out).
 */
int match_run(const struct match_config *cfg, struct match_game **games);

/* Totals the games for variant A. */
void match_total(const struct match_game *games, int n, struct match_totals *t);

/*
 * The Elo difference of the mean pair score of the pentanomial counts
 * PAIRS[5] and its 95 % interval. Returns false (and NaNs) with no pairs.
 */
bool match_elo(const int pairs[5], double *elo, double *low, double *high);

/* Elo from an expected score S in [0, 1]: -400 log10(1/S - 1), +-inf at the ends. */
double match_elo_of_score(double s);

/* Writes every game as PGN: Event "quiesce match", the variants' names as players. */
void match_write_pgn(FILE *out, const struct match_config *cfg, const struct match_game *games, int n);

/* Writes MG, game INDEX (from 0) of the match, as PGN, its Round tag INDEX + 1. */
void match_write_pgn_game(FILE *out, const struct match_config *cfg, const struct match_game *mg, int index);

#endif
