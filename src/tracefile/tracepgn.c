/* tracepgn.c: a recorded search written as one PGN game (the trace's PGN format). */
#include "tracefile/tracepgn.h"

#include <stdio.h>
#include <string.h>

#include "chess/board.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/pgn.h"
#include "chess/score.h"
#include "search/option.h"

/*
 * The score of root move node C for the side to move at the root, as a
 * comment: "+35", "<=-20" (score_format_bound: a bound carries its mark and
 * is never a mate distance at the end of the scale).
 */
static void alt_score(const struct trace *t, uint32_t c, char *buf, size_t n)
{
	int bound = trace_node_value_bound(t, c);
	/* The child's lower bound (it failed high) is an upper bound for the root's side, and back. */
	enum score_bound rel = bound == TB_LOWER ? SCORE_UPPER : bound == TB_UPPER ? SCORE_LOWER : SCORE_EXACT;

	score_format_bound(-trace_node_score(t, c), 0, rel, false, buf, n);
}

void tracepgn_write(FILE *out, const struct trace *t, const struct position *root,
		      const struct search_options *opt, const struct search_result *res)
{
	static const char start_fen[] = BOARD_START_FEN;
	struct pgn_wrap w = { out, 0 };
	struct position pos = *root;
	char fen[FEN_BUFSIZE], desc[256], score[32], comment[400];
	uint32_t alts[MAX_MOVES];
	int nalts = 0;
	const char *result;

	pgn_write_tag(out, "Event", "quiesce search");
	pgn_write_tag(out, "Site", "quiesce");
	pgn_write_tag(out, "Date", "????.??.??");
	pgn_write_tag(out, "Round", "-");
	pgn_write_tag(out, "White", "?");
	pgn_write_tag(out, "Black", "?");
	/* A line that ends in mate or stalemate has a result (a reader checks it against the board). */
	{
		struct position end = *root;
		struct move_list list;
		struct undo u;

		for (int i = 0; i < res->pv_len; i++)
			board_make(&end, res->pv[i], &u);
		movegen_all(&end, &list);
		result = list.count > 0 ? "*" : !board_in_check(&end) ? "1/2-1/2" :
			 end.side == WHITE ? "0-1" : "1-0";
	}
	pgn_write_tag(out, "Result", result);
	fen_format(root, fen);
	if (strcmp(fen, start_fen)) {
		pgn_write_tag(out, "SetUp", "1");
		pgn_write_tag(out, "FEN", fen);
	}
	pgn_write_tag(out, "Annotator", "quiesce");
	fputc('\n', out);
	option_describe(opt, t && trace_order_other(t), t && trace_eval_other(t), desc, sizeof desc);
	score_format(res->score, 0, score, sizeof score);
	if (res->stopped && !res->has_score)
		snprintf(comment, sizeof comment, "INCOMPLETE: stopped before any root move finished, no score; %s; %llu nodes",
			 desc, (unsigned long long)res->nodes);
	else if (res->stopped)
		/* The best of the root moves that finished: a lower bound, never a mate distance. */
		snprintf(comment, sizeof comment, "INCOMPLETE: stopped, best of %d/%d root moves searched, score at least %+d "
			 "(centipawns, for the side to move); %s; %llu nodes", res->root_moves_done, res->root_moves,
			 res->score, desc, (unsigned long long)res->nodes);
	else
		snprintf(comment, sizeof comment, "score %s (centipawns, for the side to move); %s; %llu nodes", score, desc,
			 (unsigned long long)res->nodes);
	if (res->pv_len == 0) {
		pgn_put_comment(&w, comment);
		pgn_put_token(&w, result);
		fputs("\n\n", out);
		return;
	}
	/* The root's other moves, best first (a stable insertion sort keeps the search's order among equals). */
	if (t && trace_node_count(t) > 0) {
		for (uint32_t c = trace_first_child(t, 0); c != TRACE_NONE && nalts < MAX_MOVES;
		     c = trace_next_child(t, 0, c)) {
			int k;

			if (trace_node_move(t, c) == res->pv[0])
				continue;
			/* The root move the stop interrupted has no value: it is not an alternative. */
			if (trace_stopped(t) && trace_stopped_at(t) != 0 && trace_next_child(t, 0, c) == TRACE_NONE)
				continue;
			for (k = nalts; k > 0 && -trace_node_score(t, alts[k - 1]) < -trace_node_score(t, c); k--)
				alts[k] = alts[k - 1];
			alts[k] = c;
			nalts++;
		}
	}
	for (int i = 0; i < res->pv_len; i++) {
		char san[NOTATION_BUFSIZE];
		struct undo u;

		pgn_put_number(&w, &pos, i == 0);
		notation_san(&pos, res->pv[i], san);
		pgn_put_token(&w, san);
		if (i == 0) {
			pgn_put_comment(&w, comment);
			for (int a = 0; a < nalts && a < TRACEPGN_ALTERNATIVES; a++) {
				char alt[NOTATION_BUFSIZE + 2], sc[48];

				pgn_put_token(&w, "(");
				pgn_put_number(&w, root, true);
				notation_san(root, trace_node_move(t, alts[a]), alt);
				pgn_put_token(&w, alt);
				alt_score(t, alts[a], sc, sizeof sc);
				pgn_put_comment(&w, sc);
				pgn_put_token(&w, ")");
			}
		}
		board_make(&pos, res->pv[i], &u);
		if (i == 0 && pos.side == BLACK && i + 1 < res->pv_len) {
			/* After the comment and the variations, Black's move takes its number again ("1... e5"). */
			pgn_put_number(&w, &pos, true);
		}
	}
	pgn_put_token(&w, result);
	fputs("\n\n", out);
}
