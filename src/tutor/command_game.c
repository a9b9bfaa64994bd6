/*
 * command_game.c: the commands that play a game against the engine from the
 * position, and set the position from a PGN game.
 */
#include "tutor/command_int.h"

#include <stdlib.h>
#include <string.h>

#include "teach/explain.h"
#include "chess/fen.h"
#include "chess/game.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/pgn.h"
#include "teach/tour.h"
#include "search/option.h"

/* Says how the game ended, when it has. */
static void announce(const struct session *s, FILE *out)
{
	const struct game *g = s->game;

	if (g->result == GAME_ONGOING)
		return;
	fprintf(out, "Game over: %s, %s. %s ('export game FILE' saves the game, 'takeback' takes moves back, "
		"'game off' ends it.)\n", game_result_text(g->result), game_reason_text(g->reason),
		g->result == GAME_DRAW ? "A draw." :
		(g->result == GAME_WHITE_WINS) == (s->game_human == WHITE) ? "You win." : "The engine wins.");
}

/*
 * The engine's move: the game's position becomes the session's, is searched
 * with the session's options (that search is the current trace, to step
 * through), and its best move is played in the game.
 */
/*
 * Whether the game's messages are for the tutor, whose board shows the
 * position: then a move and the reply make one line (the status line), not
 * a view that needs a key to close at every move.
 */
static bool brief(const struct session *s)
{
	return s->tour != NULL && s->tour->pane;
}

static bool engine_reply(struct session *s, FILE *out, struct error *err)
{
	char fen[FEN_BUFSIZE], san[NOTATION_BUFSIZE], score[48];
	move m;

	fen_format(&s->game->pos, fen);
	if (!session_set_fen(s, fen, err))
		return false;
	session_search(s);
	m = s->result.best;
	if (m == MOVE_NONE) {
		struct move_list list;

		/* A search stopped before its first move (or of depth 0): any legal move. */
		movegen_all(&s->game->pos, &list);
		m = list.count ? list.moves[0] : MOVE_NONE;
	}
	notation_san(&s->game->pos, m, san);
	/* A stopped search: the best of its finished root moves ("at least"), or none, never a mate distance. */
	if (s->result.stopped)
		explain_result_score(&s->result, score, sizeof score);
	else
		score_format(s->result.score, 0, score, sizeof score);
	if (!game_play(s->game, m))
		return error_set(err, 0, 0, "game: the engine found no move");
	if (brief(s))
		fprintf(out, "The engine plays %d%s %s (score %s for it, %llu node%s: its search is the trace). ",
			s->game->pos.side == BLACK ? s->game->pos.fullmove : s->game->pos.fullmove - 1,
			s->game->pos.side == BLACK ? "." : "...", san, score, (unsigned long long)s->result.nodes,
			s->result.nodes == 1 ? "" : "s");
	else
		fprintf(out, "The engine plays %d%s %s (score %s for it, %llu node%s). Its search is the current trace: "
			"step with next/prev, look with tree and horizon.\n", s->game->pos.side == BLACK ?
			s->game->pos.fullmove : s->game->pos.fullmove - 1, s->game->pos.side == BLACK ? "." : "...", san,
			score, (unsigned long long)s->result.nodes, s->result.nodes == 1 ? "" : "s");
	announce(s, out);
	/* The tutor's board shows the position: one line, on the status line, and no view to close. */
	if (s->game->result == GAME_ONGOING && brief(s)) {
		fputs("Your move.\n", out);
	} else if (s->game->result == GAME_ONGOING) {
		fen_format(&s->game->pos, fen);
		fprintf(out, "Your move (%s): %s\n", s->game_human == WHITE ? "White" : "Black", fen);
	}
	return true;
}

void command_game_note_end(const struct session *s, bool had_game, FILE *out)
{
	if (had_game && s->game == NULL)
		fprintf(out, "The game against the engine ended: the position changed ('game white' or "
			"'game black' starts one from here).\n");
}

bool command_set_position(struct session *s, const char *fen, FILE *out, struct error *err)
{
	bool had_game = s->game != NULL;

	if (!session_set_fen(s, fen, err))
		return false;
	fprintf(out, "Position set: %s\n", s->fen);
	/* A position of the learner's own leaves the lesson: its options go, the learner's come back. */
	if (s->tour && s->tour->lesson) {
		int number = s->tour->number;
		char desc[256];

		tour_leave(s->tour, s);
		option_describe(&s->opt, false, false, desc, sizeof desc);
		fprintf(out, "Left lesson %d; your own search options are back: %s.\n", number, desc);
	}
	command_game_note_end(s, had_game, out);
	return true;
}

bool command_game_move(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS], san[NOTATION_BUFSIZE];
	int n = command_split_words(args, buf, sizeof buf, w);
	move m;

	if (s->game->result != GAME_ONGOING)
		return error_set(err, 0, 0, "move: the game is over (%s): 'takeback' takes moves back, 'game off' ends it",
				 game_reason_text(s->game->reason));
	if (n != 1)
		return error_set(err, 0, 0, "move: in a game, one move at a time (SAN or UCI)");
	if (!notation_parse(&s->game->pos, w[0], &m, err))
		return false;
	notation_san(&s->game->pos, m, san);
	game_play(s->game, m);
	fprintf(out, brief(s) ? "You play %s. " : "You play %s.\n", san);
	announce(s, out);
	if (s->game->result != GAME_ONGOING)
		return true;
	return engine_reply(s, out, err);
}

bool command_game(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = command_split_words(args, buf, sizeof buf, w);
	struct game *g;

	if (n != 1 || (strcmp(w[0], "white") && strcmp(w[0], "black") && strcmp(w[0], "off")))
		return error_set(err, 0, 0, "game: expected white, black or off");
	if (!strcmp(w[0], "off")) {
		if (!s->game)
			return error_set(err, 0, 0, "game: no game is being played");
		free(s->game);
		s->game = NULL;
		fprintf(out, "Game ended. 'move' plays moves from the position again.\n");
		return true;
	}
	g = xmalloc(sizeof *g);
	game_start(g, &s->root, 0);
	if (g->result != GAME_ONGOING) {
		enum game_reason why = g->reason;

		free(g);
		return error_set(err, 0, 0, "game: the position is already over (%s): nothing to play",
				 game_reason_text(why));
	}
	free(s->game);
	s->game = g;
	s->game_human = !strcmp(w[0], "white") ? WHITE : BLACK;
	fprintf(out, "A game from %s: you play %s, the engine plays with the search options (%s).\n", s->fen,
		w[0], option_mode_name(s->opt.mode));
	if (g->pos.side != s->game_human)
		return engine_reply(s, out, err);
	fprintf(out, "Your move: 'move MOVE' (SAN or UCI; Tab completes).\n");
	return true;
}

bool command_takeback(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS], fen[FEN_BUFSIZE];

	if (command_split_words(args, buf, sizeof buf, w) != 0)
		return error_set(err, 0, 0, "takeback: takes no arguments");
	if (!s->game)
		return error_set(err, 0, 0, "takeback: no game is being played ('game white' starts one)");
	/* Back to the learner's previous move: the engine's reply and the learner's move. */
	do {
		if (!game_takeback(s->game))
			return error_set(err, 0, 0, "takeback: no move of yours to take back");
	} while (s->game->pos.side != s->game_human);
	fen_format(&s->game->pos, fen);
	if (!session_set_fen(s, fen, err))
		return false;
	fprintf(out, "Taken back. Your move (%s): %s\n", s->game_human == WHITE ? "White" : "Black", fen);
	return true;
}

bool command_pgn(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS], fen[FEN_BUFSIZE];
	int n = command_split_words(args, buf, sizeof buf, w);
	long number = 1, ply = -1;
	struct pgn_game *g;
	struct position pos;

	if (n < 1 || n > 3 || (n >= 2 && !command_parse_count(w[1], 1000000, &number)) ||
	    (n == 3 && !command_parse_count(w[2], 1000000, &ply)) || number < 1)
		return error_set(err, 0, 0, "pgn: expected FILE [GAME [PLY]] (game from 1; the position after PLY half-moves, default the last)");
	g = xmalloc(sizeof *g);
	if (!pgn_load(w[0], (int)number, g, err)) {
		free(g);
		return false;
	}
	if (!pgn_position_at(g, (int)ply, &pos)) {
		int plies = g->game.nply;

		free(g);
		return error_set(err, 0, 0, "pgn: game %ld has only %d half-moves", number, plies);
	}
	free(g);
	fen_format(&pos, fen);
	return command_set_position(s, fen, out, err);
}
