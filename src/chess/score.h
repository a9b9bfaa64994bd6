/*
 * score.h: the score scale every layer shares. Scores are centipawns from
 * the side to move's point of view; a mate is SCORE_MATE less the ply (from
 * the root) at which the side to move is mated, so a shorter mate scores
 * higher. SCORE_INF is beyond every score: the root's window is
 * (-SCORE_INF, +SCORE_INF).
 */
#ifndef QUIESCE_SCORE_H
#define QUIESCE_SCORE_H

#define SCORE_MATE 32000
#define SCORE_INF 32500
/* Scores beyond this are mates: SCORE_MATE - ply. */
#define SCORE_IS_MATE(s) ((s) > SCORE_MATE - 1000 || (s) < -(SCORE_MATE - 1000))

#endif
