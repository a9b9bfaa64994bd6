/* score.c: scores as people read them, one notation for every place that shows one. */
#include "chess/score.h"

#include <stdio.h>

int score_mate_moves(int score, int ply)
{
	if (!SCORE_IS_MATE(score) || score >= SCORE_INF || score <= -SCORE_INF)
		return 0;
	if (score > 0) {
		/* The side to move gives mate PLIES half-moves from here: its own moves are the odd ones. */
		int plies = SCORE_MATE - score - ply;

		return plies < 1 ? 1 : (plies + 1) / 2;
	}
	/* The side to move is mated after PLIES half-moves: it plays half of them. */
	int plies = SCORE_MATE + score - ply;

	return plies < 0 ? 0 : -(plies / 2);
}

void score_format(int score, int ply, char *buf, size_t n)
{
	if (score >= SCORE_INF)
		snprintf(buf, n, "+inf");
	else if (score <= -SCORE_INF)
		snprintf(buf, n, "-inf");
	else if (SCORE_IS_MATE(score) && score > 0)
		snprintf(buf, n, "#%d", score_mate_moves(score, ply));
	else if (SCORE_IS_MATE(score))
		snprintf(buf, n, "#-%d", -score_mate_moves(score, ply));
	else
		snprintf(buf, n, "%+d", score);
}

void score_format_bound(int score, int ply, enum score_bound bound, bool unicode, char *buf, size_t n)
{
	char value[SCORE_BUFSIZE];
	const char *mark;

	if (bound == SCORE_EXACT) {
		score_format(score, ply, buf, n);
		return;
	}
	mark = bound == SCORE_LOWER ? (unicode ? "\u2265" : ">=") : (unicode ? "\u2264" : "<=");
	score_format_edge(score, ply, value, sizeof value);
	snprintf(buf, n, "%s%s", mark, value);
}

void score_format_edge(int score, int ply, char *buf, size_t n)
{
	/* "Mated here" or "mates here" is the end of the scale: no mate is claimed. */
	if (SCORE_IS_MATE(score) && score < 0 && score_mate_moves(score, ply) == 0)
		snprintf(buf, n, "-inf");
	else if (SCORE_IS_MATE(score) && score > 0 && SCORE_MATE - score - ply <= 0)
		snprintf(buf, n, "+inf");
	else
		score_format(score, ply, buf, n);
}
