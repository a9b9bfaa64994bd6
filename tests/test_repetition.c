/*
 * test_repetition.c: repetitions, on hand-worked games and positions.
 *
 * The threefold rule counts an en passant square only when the capture is
 * legal (FIDE article 9.2, game.c); the search, given the game's history
 * (search.c, for play), scores a move into a repeated position as a draw.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "chess/fen.h"
#include "chess/game.h"
#include "chess/notation.h"
#include "search/option.h"
#include "search/search.h"
#include "check.h"



/* Starts G at FEN and plays the SAN moves in MOVES (space-separated). */
static void play(struct game *g, const char *fen, const char *moves)
{
	struct position pos;
	struct error err;
	char buf[1024], *save = NULL;

	if (!fen_parse(&pos, fen, &err)) {
		printf("FAIL: bad test FEN %s: %s\n", fen, err.msg);
		exit(1);
	}
	game_start(g, &pos, 0);
	snprintf(buf, sizeof buf, "%s", moves);
	for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
		move m;

		if (!notation_parse(&g->pos, t, &m, &err) || !game_play(g, m)) {
			printf("FAIL: cannot play %s in %s\n", t, fen);
			exit(1);
		}
	}
}

static void expect(const char *name, const char *fen, const char *moves, enum game_reason why)
{
	static struct game g;

	play(&g, fen, moves);
	CHECK(g.reason == why, "%s: %s, expected %s", name,
	      g.reason ? game_reason_text(g.reason) : "ongoing", why ? game_reason_text(why) : "ongoing");
}

/*
 * 1. e4 sets the en passant square e3, but no black pawn stands on d4 or f4:
 * the position after 1. e4 is the one after 3. Ng1 and 5. Ng1 (knights out
 * and back), so 5. Ng1 makes it stand a third time (ply 9). Counting the
 * square, it would stand only twice then.
 */
static void test_en_passant(void)
{
	static const char *const knights = "e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1";
	/* Black's pawn on d4 could take e3 en passant after 1. e4: that position stands once only. */
	static const char *const d4 = "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
	/*
	 * The d4 pawn is pinned along the fourth rank: dxe3 would take both
	 * pawns off it, leaving the king on a4 to the rook on h4. No legal
	 * capture, so the square does not count: threefold at ply 9.
	 */
	static const char *const pinned = "1n6/8/8/8/k2p3R/8/4P3/4K1N1 w - - 0 1";

	expect("no en passant capture", BOARD_START_FEN, knights, GAME_THREEFOLD);
	expect("a legal en passant capture, 9 plies", d4, knights, GAME_NO_REASON);
	{
		static struct game g;

		/* After 9 plies: the positions after 3. Ng1 and 5. Ng1 are one, after 1. e4 another. */
		play(&g, d4, knights);
		CHECK(game_repetitions(&g) == 2, "a legal en passant capture: %d repetitions after 5. Ng1, expected 2",
		      game_repetitions(&g));
	}
	expect("a pinned en passant capture", pinned, "e4 Nc6 Nf3 Nb8 Ng1 Nc6 Nf3 Nb8 Ng1", GAME_THREEFOLD);
	/* One repetition short of threefold in the start position: still twofold after 8 plies. */
	expect("twofold", BOARD_START_FEN, "e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8", GAME_NO_REASON);
}

/* Searches G's position at DEPTH, with the game's history when WITH_HISTORY. */
static int search_game(const struct game *g, int depth, bool with_history, move *best)
{
	struct search_options o;
	struct search_result res;

	option_defaults(&o);
	o.eval = EVAL_PST;
	o.depth = depth;
	if (with_history) {
		o.history = g->keys;
		o.history_len = g->nply;
	}
	search_run(&g->pos, &o, NULL, NULL, &res);
	*best = res.best;
	return res.score;
}

/*
 * White has a lone king against king and rook: every line loses a rook's
 * worth. The game went 1... Kh8 2. Kh1 Kg8 from the position with White's
 * king on g1 and Black to move, so 3. Kg1 brings that position back: with
 * the history the search scores it a draw, 0, the only line that does not
 * lose; without it (lessons, the tutor) the search sees only the rook.
 */
static void test_search(void)
{
	static struct game g;
	char text[16];

	play(&g, "1r4k1/8/8/8/8/8/8/6K1 b - - 0 1", "Kh8 Kh1 Kg8");
	for (int depth = 1; depth <= 4; depth++) {
		move best;
		int score = search_game(&g, depth, true, &best);

		notation_uci(best, text);
		CHECK(score == 0 && !strcmp(text, "h1g1"),
		      "repetition at depth %d: %s scores %d, expected h1g1 (back to the game's position) scoring 0",
		      depth, text, score);
		score = search_game(&g, depth, false, &best);
		CHECK(score <= -300, "no history at depth %d: score %d, expected a rook down (at most -300)", depth, score);
	}
	/* Without the game before it, the same position has no repetition to find. */
	{
		static struct game fresh;
		move best;
		int score;

		play(&fresh, "1r4k1/8/8/8/8/8/8/7K w - - 3 3", "");
		score = search_game(&fresh, 2, true, &best);
		CHECK(score <= -300, "an empty history: score %d, expected a rook down", score);
	}
}

int main(void)
{
	board_init();
	test_en_passant();
	test_search();
	if (failures) {
		printf("test_repetition: %d failure(s)\n", failures);
		return 1;
	}
	printf("test_repetition: all checks passed\n");
	return 0;
}
