/*
 * score.h: the score scale every layer shares. Scores are centipawns from
 * the side to move's point of view; a mate is SCORE_MATE less the ply (from
 * the root) at which the side to move is mated, so a shorter mate scores
 * higher. SCORE_INF is beyond every score: the root's window is
 * (-SCORE_INF, +SCORE_INF).
 */
#ifndef QUIESCE_SCORE_H
#define QUIESCE_SCORE_H

#include <stdbool.h>
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

/* What a value a node returns tells: the value itself, or only a bound on it. */
enum score_bound { SCORE_EXACT = 0, SCORE_LOWER = 1, SCORE_UPPER = 2 };

/*
 * A value written with what it is worth: exact as score_format, a lower
 * bound as ">=+50" and an upper bound as "<=-100" (with UNICODE, "\u2265+50"
 * and "\u2264-100"). A fail-hard node that cuts off returns beta, a lower
 * bound, and one whose moves all stayed below alpha returns alpha, an upper
 * bound: neither is the node's value, so neither is written as one. A bound
 * is a mate distance only where it is a mate that can still happen below
 * the node: a bound at "mated here" (the worst score a window can start
 * from, "#-0") says nothing and is written "-inf" (">=-inf"), and likewise
 * "+inf" at the other end. Writes at most N bytes (SCORE_BOUND_BUFSIZE is
 * always enough).
 */
#define SCORE_BOUND_BUFSIZE 24

/*
 * A bound without its mark, as a window's alpha and beta are written: the
 * value as score_format writes it, except that "mated here" and "mates
 * here" (the ends a window starts from) are "-inf" and "+inf", never "#-0":
 * a window edge is no mate.
 */
void score_format_edge(int score, int ply, char *buf, size_t n);
void score_format_bound(int score, int ply, enum score_bound bound, bool unicode, char *buf, size_t n);

#endif
