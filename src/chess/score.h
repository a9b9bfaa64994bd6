/*
 * score.h: the score scale every layer shares. Scores are centipawns from
 * the side to move's point of view; a mate is SCORE_MATE less the ply (from
 * the root) at which the side to move is mated, so a shorter mate scores
 * higher. SCORE_INF is beyond every score: the root's window is
 * (-SCORE_INF, +SCORE_INF).
 */
#ifndef QUIESCE_SCORE_H
#define QUIESCE_SCORE_H

#include <stddef.h>

#define SCORE_MATE 32000
#define SCORE_INF 32500
/* Scores beyond this are mates: SCORE_MATE - ply. */
#define SCORE_IS_MATE(s) ((s) > SCORE_MATE - 1000 || (s) < -(SCORE_MATE - 1000))

/*
 * The one way a score is shown to a person, the chess GUIs' form: "+120",
 * "-35", "+0", "+inf"/"-inf" for an open window's bounds, and a mate as
 * "#N" (the side to move at the node mates in N moves) or "#-N" (it is
 * mated in N moves; "#-0" is a node where it is checkmated). SCORE is seen
 * from a node at PLY plies from the root: a mate score counts plies from
 * the root, so the node's own distance is taken off before plies become
 * moves. Writes at most N bytes to BUF (SCORE_BUFSIZE is always enough).
 */
#define SCORE_BUFSIZE 16
void score_format(int score, int ply, char *buf, size_t n);

/*
 * The mate distance of SCORE seen from a node at PLY, in moves of the side
 * to move: N > 0 when it mates in N, -N when it is mated in N (0 when it is
 * checkmated at the node); 0 as well when SCORE is no mate, so ask
 * SCORE_IS_MATE first.
 */
int score_mate_moves(int score, int ply);

#endif
