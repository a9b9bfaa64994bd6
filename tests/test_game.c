/*
 * test_game.c: the end of a game (game.c) on hand-worked positions, and the
 * pentanomial Elo (match.c) on a hand-worked example.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "chess/fen.h"
#include "chess/game.h"
#include "play/match.h"
#include "chess/notation.h"
#include "check.h"



/* Starts G at FEN and plays the SAN moves in MOVES (space-separated). */
static void play(struct game *g, const char *fen, const char *moves, int max_plies)
{
	struct position pos;
	struct error err;
	char buf[1024], *save = NULL;

	if (!fen_parse(&pos, fen, &err)) {
		printf("FAIL: bad test FEN %s: %s\n", fen, err.msg);
		exit(1);
	}
	game_start(g, &pos, max_plies);
	snprintf(buf, sizeof buf, "%s", moves);
	for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
		move m;

		if (!notation_parse(&g->pos, t, &m, &err) || !game_play(g, m)) {
			printf("FAIL: cannot play %s in %s\n", t, fen);
			exit(1);
		}
	}
}

static void expect(const char *name, const char *fen, const char *moves, int max_plies,
		   enum game_result r, enum game_reason why)
{
	static struct game g;

	play(&g, fen, moves, max_plies);
	CHECK(g.result == r && g.reason == why, "%s: result %s (%s), expected %s (%s)", name,
	      game_result_text(g.result), game_reason_text(g.reason), game_result_text(r), game_reason_text(why));
}

static void test_endings(void)
{
	static struct game g;

	/* Fool's mate: 1. f3 e5 2. g4 Qh4#. */
	expect("fool's mate", BOARD_START_FEN, "f3 e5 g4 Qh4", 0, GAME_BLACK_WINS, GAME_CHECKMATE);
	/* Back-rank mate: Ra8#. */
	expect("back-rank mate", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8", 0, GAME_WHITE_WINS, GAME_CHECKMATE);
	/* Qf7 stalemates the king on h8 (Kg6 guards g7 and h7). */
	expect("stalemate", "7k/8/6K1/8/8/8/5Q2/8 w - - 0 1", "Qf7", 0, GAME_DRAW, GAME_STALEMATE);
	/* Knights out and back twice: the start position stands a third time after 8 plies. */
	expect("threefold", BOARD_START_FEN, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", 0, GAME_DRAW, GAME_THREEFOLD);
	/* After 7 plies the start position occurred only twice (with Black to move it is new). */
	expect("twofold only", BOARD_START_FEN, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1", 0, GAME_ONGOING, GAME_NO_REASON);
	/* Halfmove clock 99: one more quiet move makes 100 plies, the fifty-move rule. */
	expect("fifty moves", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "Ra2", 0, GAME_DRAW, GAME_FIFTY_MOVES);
	expect("forty-nine and a half", "4k3/8/8/8/8/8/8/R3K3 w - - 98 80", "Ra2", 0, GAME_ONGOING, GAME_NO_REASON);
	/* Mate on the hundredth ply is still mate. */
	expect("mate beats fifty", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", "Ra8", 0, GAME_WHITE_WINS, GAME_CHECKMATE);
	/* Kxd2 leaves king against king. */
	expect("bare kings", "8/8/4k3/8/8/8/3p4/4K3 w - - 0 1", "Kxd2", 0, GAME_DRAW, GAME_INSUFFICIENT);
	/* A capture leaving K+N v K. */
	expect("lone knight", "8/8/4k3/8/8/8/3p4/4KN2 w - - 0 1", "Kxd2", 0, GAME_DRAW, GAME_INSUFFICIENT);
	expect("max length", BOARD_START_FEN, "e4 e5 Nf3 Nc6", 4, GAME_DRAW, GAME_MAX_LENGTH);
	expect("not yet max length", BOARD_START_FEN, "e4 e5 Nf3", 4, GAME_ONGOING, GAME_NO_REASON);

	/* Insufficient material, position by position. */
	{
		static const struct {
			const char *fen;
			bool dead;
		} cases[] = {
			{ "8/8/4k3/8/8/8/8/4K3 w - - 0 1", true },              /* K v K */
			{ "8/8/4k3/8/8/8/8/2B1K3 w - - 0 1", true },            /* K+B v K */
			{ "8/8/4k3/8/8/8/8/1N2K3 w - - 0 1", true },            /* K+N v K */
			{ "2b5/8/4k3/8/8/8/8/4KB2 w - - 0 1", true },           /* c8 and f1 are both light */
			{ "1b6/8/4k3/8/8/8/8/4KB2 w - - 0 1", false },          /* b8 is dark, f1 light */
			{ "8/8/4k3/8/8/8/8/1NN1K3 w - - 0 1", false },          /* two knights can mate (helped) */
			{ "8/8/4k3/8/8/8/8/1N2KB2 w - - 0 1", false },          /* B+N mates */
			{ "8/8/4k3/8/8/8/4P3/4K3 w - - 0 1", false },           /* a pawn */
			{ "8/8/4k3/8/8/8/8/R3K3 w - - 0 1", false },            /* a rook */
		};

		for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
			struct position pos;
			struct error err;

			fen_parse(&pos, cases[i].fen, &err);
			CHECK(game_insufficient_material(&pos) == cases[i].dead, "insufficient material %s: got %d",
			      cases[i].fen, !cases[i].dead);
		}
	}

	/* Taking back the mating move makes the game go on. */
	play(&g, BOARD_START_FEN, "f3 e5 g4 Qh4", 0);
	CHECK(game_takeback(&g) && g.result == GAME_ONGOING && g.nply == 3, "takeback after mate");
	CHECK(!game_play(&g, MOVE_NONE), "MOVE_NONE is refused");
}

static void test_elo(void)
{
	/*
	 * Worked by hand: 10 pairs scoring 0, 1/4, 1/2, 3/4, 1 (per game) 0, 1,
	 * 2, 4 and 3 times. Mean 7.25/10 = 0.725. Variance of the pair scores:
	 * (0.475^2 + 2 x 0.225^2 + 4 x 0.025^2 + 3 x 0.275^2) / 10 = 0.055625;
	 * standard error sqrt(0.055625 / 10) = 0.0745822. Elo of 0.725:
	 * -400 log10(1/0.725 - 1) = -400 log10(0.3793103) = 168.402. The 95 %
	 * bounds 0.725 -+ 1.959964 x 0.0745822 = 0.578822 and 0.871178 give
	 * 55.231 and 332.047.
	 */
	static const int pairs[5] = { 0, 1, 2, 4, 3 };
	static const int even[5] = { 1, 2, 4, 2, 1 };
	static const int none[5] = { 0, 0, 0, 0, 0 };
	static const int all[5] = { 0, 0, 0, 0, 6 };
	double elo, lo, hi;

	CHECK(match_elo(pairs, &elo, &lo, &hi), "match_elo with pairs");
	CHECK(fabs(elo - 168.402) < 0.01 && fabs(lo - 55.231) < 0.01 && fabs(hi - 332.047) < 0.01,
	      "pentanomial example: %.3f [%.3f, %.3f], expected 168.402 [55.231, 332.047]", elo, lo, hi);
	/* A symmetric spread: Elo 0, and a symmetric interval. */
	match_elo(even, &elo, &lo, &hi);
	CHECK(fabs(elo) < 1e-9 && fabs(lo + hi) < 1e-9, "symmetric pairs: %.3f [%.3f, %.3f]", elo, lo, hi);
	CHECK(!match_elo(none, &elo, &lo, &hi) && isnan(elo), "no pairs: no Elo");
	/* Every pair won: +inf, with no spread. */
	match_elo(all, &elo, &lo, &hi);
	CHECK(isinf(elo) && elo > 0, "every pair won: %.3f", elo);
	CHECK(fabs(match_elo_of_score(0.75) - 190.849) < 0.01, "Elo of 75%%: %.3f, expected 190.849",
	      match_elo_of_score(0.75));
}

int main(void)
{
	board_init();
	test_endings();
	test_elo();
	if (failures) {
		printf("test_game: %d failure(s)\n", failures);
		return 1;
	}
	printf("test_game: all checks passed\n");
	return 0;
}
