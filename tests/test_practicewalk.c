/*
 * test_practicewalk.c: the questions of ':practice walk' (practicewalk.c)
 * on searches whose decisions are worked out by hand (material values
 * P 100, Q 900, R 500), and the judging of right, wrong and malformed
 * answers ("", "x", a huge number, an illegal move, a 10,000-byte answer):
 *   - 1. Qxd5 cxd5 (depth 1): after Qxd5 Black stands pat on 100 - 900 =
 *     -800, below beta +inf: no cutoff; the stand pat value is asked from
 *     the move Qxd5 (event 1), not from the entry whose sentence names it;
 *     the q1 node after cxd5 gets beta -(-800) = +800;
 *   - White's pawn e4 between a queen d5 and a rook f5 (depth 0): the root
 *     has two captures, and MVV-LVA tries exd5 (the queen) first.
 * Exit status 0 when every check passes, 1 otherwise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "chess/fen.h"
#include "search/option.h"
#include "search/search.h"
#include "search/trace.h"
#include "teach/practicewalk.h"
#include "check.h"

static struct trace *search(const char *fen, int depth, struct position *root, struct search_options *opt)
{
	struct trace *t = trace_new();
	struct search_result res;
	struct error err = { 0 };

	if (!fen_parse(root, fen, &err)) {
		printf("FAIL: %s: %s\n", fen, err.msg);
		exit(1);
	}
	option_defaults(opt);
	opt->depth = depth;
	search_run(root, opt, t, NULL, &res);
	return t;
}

/* Judges ANSWER to Q and checks the verdict is WANT, and that the line starts as it must. */
static void judge(const struct practicewalk_question *q, const char *answer, enum practice_verdict want)
{
	char buf[1400];
	enum practice_verdict v = practicewalk_judge(q, answer, buf, sizeof buf);
	const char *start = want == PV_RIGHT ? "right: " : "wrong: ";

	CHECK(v == want, "answer '%.40s' to %s: verdict %d, expected %d (%s)", answer,
	      practicewalk_kind_name(q->kind), (int)v, (int)want, buf);
	CHECK(!strncmp(buf, start, strlen(start)), "answer '%.40s': the line starts '%.20s'", answer, buf);
	CHECK(strstr(buf, "Rule: ") != NULL, "answer '%.40s': no rule in '%s'", answer, buf);
	if (want == PV_MALFORMED)
		CHECK(strstr(buf, "is not an answer") != NULL, "answer '%.40s': the line does not say why: %s",
		      answer, buf);
}

int main(void)
{
	struct position root;
	struct search_options opt;
	struct practicewalk_question q;
	struct trace *t;
	char *huge = malloc(10001);

	board_init();
	t = search("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", 1, &root, &opt);
	memset(huge, '7', 10000);
	huge[10000] = '\0';

	/* Events: 0 enter root, 1 move Qxd5, 2 enter, 3 stand pat, 4 move cxd5, 5 enter, 6 stand pat ... */
	CHECK(practicewalk_next(t, &root, &opt, 0, 1, &q), "level 1: no question");
	CHECK(q.kind == PW_STAND_PAT_CUT && q.event == 3 && q.before == 2 && q.node == 1,
	      "level 1: kind %s at event %u (before %u, node %u), expected stand-pat-cut at 3 (2, node 1)",
	      practicewalk_kind_name(q.kind), q.event, q.before, q.node);
	CHECK(q.choice_count == 2 && q.choice == 1, "level 1: the answer is choice %d of %d, expected 2 (no)",
	      q.choice + 1, q.choice_count);
	CHECK(strstr(q.q.prompt, "-800") != NULL, "level 1: the prompt lacks the stand pat: %s", q.q.prompt);
	judge(&q, "2", PV_RIGHT);
	judge(&q, " no ", PV_RIGHT);
	judge(&q, "N", PV_RIGHT);
	judge(&q, "1", PV_WRONG);
	judge(&q, "yes", PV_WRONG);
	judge(&q, "", PV_MALFORMED);
	judge(&q, "x", PV_MALFORMED);
	judge(&q, "3", PV_MALFORMED);
	judge(&q, "0", PV_MALFORMED);
	judge(&q, "-1", PV_MALFORMED);
	judge(&q, "99999999999999999999999", PV_MALFORMED);
	judge(&q, huge, PV_MALFORMED);

	CHECK(practicewalk_next(t, &root, &opt, 0, 2, &q), "level 2: no question");
	CHECK(q.kind == PW_STAND_PAT_VALUE && q.event == 3 && q.before == 1 && q.q.value == -800,
	      "level 2: kind %s at event %u (before %u) value %d, expected stand-pat-value -800 at 3 (before 1)",
	      practicewalk_kind_name(q.kind), q.event, q.before, q.q.value);
	judge(&q, "-800", PV_RIGHT);
	judge(&q, "-795", PV_RIGHT);
	judge(&q, "-811", PV_WRONG);
	judge(&q, "800", PV_WRONG);
	judge(&q, "", PV_MALFORMED);
	judge(&q, "abc", PV_MALFORMED);
	judge(&q, "1e3", PV_MALFORMED);
	judge(&q, "99999999999999999999", PV_MALFORMED);
	judge(&q, huge, PV_MALFORMED);

	CHECK(practicewalk_next(t, &root, &opt, 4, 3, &q), "level 3 from event 4: no question");
	CHECK(q.kind == PW_BETA && q.event == 5 && q.q.value == 800,
	      "level 3: kind %s at event %u value %d, expected beta +800 at 5", practicewalk_kind_name(q.kind),
	      q.event, q.q.value);
	judge(&q, "+800", PV_RIGHT);
	judge(&q, "799", PV_WRONG);
	/* The walk ends: no question after the last event. */
	CHECK(!practicewalk_next(t, &root, &opt, trace_event_count(t), 3, &q), "a question past the end");
	trace_free(t);

	t = search("7k/8/8/3q1r2/4P3/8/8/K7 w - - 0 1", 0, &root, &opt);
	CHECK(practicewalk_next(t, &root, &opt, 2, 2, &q), "MVV-LVA: no question");
	CHECK(q.kind == PW_FIRST_MOVE && q.q.type == PA_MOVE && !strcmp(q.q.answer, "exd5"),
	      "MVV-LVA: kind %s answer %s, expected first-move exd5", practicewalk_kind_name(q.kind), q.q.answer);
	judge(&q, "exd5", PV_RIGHT);
	judge(&q, "e4d5", PV_RIGHT);
	judge(&q, "exf5", PV_WRONG);
	judge(&q, "Ke8", PV_MALFORMED);
	judge(&q, "a1a8", PV_MALFORMED);
	judge(&q, "", PV_MALFORMED);
	judge(&q, huge, PV_MALFORMED);
	trace_free(t);
	free(huge);
	if (failures)
		printf("%d check(s) failed\n", failures);
	return failures ? 1 : 0;
}
