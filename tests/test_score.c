/*
 * test_score.c: score_format_bound against values worked out by hand. A
 * mate is SCORE_MATE (32000) less the ply, from the root, of the mated
 * position, seen from the side to move at the node:
 *   -31999 at ply 1 is "mated here" (ply 1): exact "#-0", as a bound the
 *     end of the scale (">=-inf": a cutoff at the worst score says nothing);
 *   +31999 at ply 1 would be "mates here", which cannot be: "<=+inf";
 *   +31997 at the root mates at ply 3: two moves of its own, "#2";
 *   -31998 at the root is mated at ply 2: after one move of its own, "#-1".
 * The window's edges (+-32500) are "+inf"/"-inf" with or without a mark.
 */
#include <stdio.h>
#include <string.h>

#include "chess/score.h"

static int failures;

static void check(int score, int ply, enum score_bound bound, bool unicode, const char *want)
{
	char got[SCORE_BOUND_BUFSIZE];

	score_format_bound(score, ply, bound, unicode, got, sizeof got);
	if (strcmp(got, want)) {
		fprintf(stderr, "FAIL: score_format_bound(%d, %d, %d, %d) = \"%s\", expected \"%s\"\n", score, ply,
			(int)bound, (int)unicode, got, want);
		failures++;
	}
}

int main(void)
{
	char small[4];

	/* Plain values: exact as score_format, bounds with their mark before the sign. */
	check(0, 0, SCORE_EXACT, false, "+0");
	check(50, 0, SCORE_LOWER, false, ">=+50");
	check(-100, 3, SCORE_UPPER, false, "<=-100");
	check(-100, 3, SCORE_EXACT, false, "-100");
	check(50, 0, SCORE_LOWER, true, "\xe2\x89\xa5+50");   /* U+2265 */
	check(-100, 0, SCORE_UPPER, true, "\xe2\x89\xa4-100"); /* U+2264 */
	/* Mated here: an exact value is a checkmate, a bound is the end of the scale. */
	check(-31999, 1, SCORE_EXACT, false, "#-0");
	check(-31999, 1, SCORE_LOWER, false, ">=-inf");
	check(-31999, 1, SCORE_UPPER, false, "<=-inf");
	check(-31998, 2, SCORE_LOWER, true, "\xe2\x89\xa5-inf");
	/* Mates here cannot be: a bound there says nothing either. */
	check(31999, 1, SCORE_UPPER, false, "<=+inf");
	check(31999, 1, SCORE_LOWER, false, ">=+inf");
	check(31998, 1, SCORE_LOWER, false, ">=#1");      /* mates at ply 2 seen from ply 1: in one move */
	/* A mate that can still happen below the node keeps its distance. */
	check(31997, 0, SCORE_LOWER, false, ">=#2");
	check(31997, 0, SCORE_EXACT, false, "#2");
	check(-31998, 0, SCORE_UPPER, false, "<=#-1");
	check(-31997, 1, SCORE_LOWER, false, ">=#-1");   /* mated at ply 3 seen from ply 1 */
	check(31998, 1, SCORE_UPPER, false, "<=#1");     /* mates at ply 2 seen from ply 1 */
	/* The window's edges. */
	check(32500, 0, SCORE_UPPER, false, "<=+inf");
	check(-32500, 2, SCORE_LOWER, false, ">=-inf");
	check(32500, 0, SCORE_EXACT, false, "+inf");
	/* A short buffer is cut, never overrun, and always ends. */
	score_format_bound(-100, 0, SCORE_UPPER, false, small, sizeof small);
	if (strcmp(small, "<=-")) {
		fprintf(stderr, "FAIL: a 4-byte buffer holds \"%s\", expected \"<=-\"\n", small);
		failures++;
	}
	if (failures)
		fprintf(stderr, "%d failure(s)\n", failures);
	else
		printf("score: all bound notations as worked by hand\n");
	return failures ? 1 : 0;
}
