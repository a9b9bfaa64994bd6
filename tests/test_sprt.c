/*
 * test_sprt.c: the SPRT of match --sprt (sprt.c) against LLR values worked
 * out independently: the bounds by hand, the LLRs by tests/sprt-reference.py,
 * written from the published formulas with another root finder (Newton's
 * method on the dual, where sprt.c bisects).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "play/sprt.h"
#include "check.h"



static void test_bounds(void)
{
	struct sprt s;
	struct error err;

	/* log(0.05 / 0.95) = -2.944439, log(0.95 / 0.05) = 2.944439. */
	CHECK(sprt_init(&s, 0, 5, 0.05, 0.05, &err), "sprt_init 0,5");
	CHECK(fabs(s.lower + 2.944439) < 1e-6 && fabs(s.upper - 2.944439) < 1e-6, "bounds %.6f %.6f", s.lower, s.upper);
	/* alpha 0.1, beta 0.05: log(0.05 / 0.9) = -2.890372, log(0.95 / 0.1) = 2.251292. */
	sprt_init(&s, 0, 5, 0.1, 0.05, &err);
	CHECK(fabs(s.lower + 2.890372) < 1e-6 && fabs(s.upper - 2.251292) < 1e-6, "bounds %.6f %.6f", s.lower, s.upper);
	CHECK(sprt_decide(&s, 2.26) == SPRT_H1 && sprt_decide(&s, -2.9) == SPRT_H0 && sprt_decide(&s, 2.2) == SPRT_CONTINUE,
	      "decisions at the bounds");
	CHECK(!sprt_init(&s, 5, 0, 0.05, 0.05, &err) && strstr(err.msg, "below"), "ELO0 above ELO1: %s", err.msg);
	CHECK(!sprt_init(&s, 0, 5, 0.6, 0.5, &err), "alpha + beta above 1");
	CHECK(!sprt_init(&s, 0, 5, 0, 0.5, &err), "alpha 0");
	/* The expected score of +100 Elo: 1 / (1 + 10^-0.25) = 0.640065. */
	CHECK(fabs(sprt_score_of_elo(100) - 0.640065) < 1e-6, "score of +100: %.6f", sprt_score_of_elo(100));
}

static void test_parse(void)
{
	double e0, e1;
	struct error err;

	CHECK(sprt_parse_bounds("0,5", &e0, &e1, &err) && e0 == 0 && e1 == 5, "0,5");
	CHECK(sprt_parse_bounds("-2.5,2.5", &e0, &e1, &err) && e0 == -2.5 && e1 == 2.5, "-2.5,2.5");
	/* The column is the character at fault: the ';' where ',' should be, the 'x' after ELO1 (issue 30). */
	CHECK(!sprt_parse_bounds("0;5", &e0, &e1, &err) && err.column == 2, "0;5: column %d", err.column);
	CHECK(!sprt_parse_bounds("0,5x", &e0, &e1, &err) && err.column == 4 && strstr(err.msg, "column 4"),
	      "0,5x: %s", err.msg);
	CHECK(!sprt_parse_bounds("0", &e0, &e1, &err) && err.column == 2 && strstr(err.msg, "','"),
	      "0: the missing ',' at column 2: %s", err.msg);
	CHECK(!sprt_parse_bounds("five,10", &e0, &e1, &err) && err.column == 1, "five,10: column %d", err.column);
	/* Blanks around a number, before it as after it, alike. */
	CHECK(sprt_parse_bounds("0,5 ", &e0, &e1, &err) && e0 == 0 && e1 == 5, "'0,5 ': %s", err.msg);
	CHECK(sprt_parse_bounds(" 0,5", &e0, &e1, &err) && e0 == 0 && e1 == 5, "' 0,5': %s", err.msg);
	CHECK(sprt_parse_bounds(" 0 , 5 ", &e0, &e1, &err) && e0 == 0 && e1 == 5, "' 0 , 5 ': %s", err.msg);
	CHECK(!sprt_parse_bounds("0x0,5", &e0, &e1, &err) && err.column == 2, "0x0,5: column %d", err.column);
	CHECK(!sprt_parse_bounds("0,1e1", &e0, &e1, &err) && err.column == 4, "0,1e1: column %d", err.column);
	CHECK(!sprt_parse_bounds("", &e0, &e1, &err), "empty");
	CHECK(!sprt_parse_bounds("0,nan", &e0, &e1, &err), "nan");
	CHECK(!sprt_parse_bounds("0,5000", &e0, &e1, &err), "5000 Elo");
}

/* Error rates: decimal only, above 0 and below 0.5 (issue 30). */
static void test_rate(void)
{
	struct error err;
	double v;

	CHECK(sprt_parse_rate("0.05", &v, &err) && v == 0.05, "0.05");
	CHECK(sprt_parse_rate(" .1 ", &v, &err) && v == 0.1, "' .1 '");
	CHECK(!sprt_parse_rate("0x0.1", &v, &err), "0x0.1 is not decimal");
	CHECK(!sprt_parse_rate("1e-2", &v, &err), "1e-2 is not plain decimal");
	CHECK(!sprt_parse_rate("0.7", &v, &err) && strstr(err.msg, "below 0.5"), "0.7: %s", err.msg);
	CHECK(!sprt_parse_rate("0.5", &v, &err), "0.5 (alpha + beta could reach 1)");
	CHECK(!sprt_parse_rate("0", &v, &err), "0");
	CHECK(!sprt_parse_rate("-0.1", &v, &err), "-0.1");
	CHECK(!sprt_parse_rate("", &v, &err), "empty");
}

static void test_llr(void)
{
	/* ELO0, ELO1, the pairs scoring 0, 1/4, 1/2, 3/4, 1, and sprt-reference.py's LLR. */
	static const struct {
		double elo0, elo1;
		int pairs[5];
		double llr;
	} cases[] = {
		{ 0, 5, { 10, 20, 30, 25, 15 }, 0.269413 },
		{ -10, 10, { 11, 4, 51, 14, 27 }, 2.964232 },
		{ 0, 50, { 1, 2, 3, 5, 4 }, 1.107844 },
		{ 0, 50, { 4, 5, 3, 2, 1 }, -1.650521 },
		{ 0, 10, { 0, 0, 1, 0, 0 }, -0.025331 },     /* one drawn pair: zeros regularized */
		{ -3, 1, { 0, 0, 0, 1, 0 }, 0.011558 },
		{ 0, 5, { 120, 540, 1900, 560, 130 }, -0.301177 },
	};
	struct sprt s;
	struct error err;
	static const int none[5] = { 0 };

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		double llr;

		sprt_init(&s, cases[i].elo0, cases[i].elo1, 0.05, 0.05, &err);
		llr = sprt_llr(&s, cases[i].pairs);
		CHECK(fabs(llr - cases[i].llr) < 1e-4, "LLR %g,%g of %d %d %d %d %d: %.6f, expected %.6f",
		      cases[i].elo0, cases[i].elo1, cases[i].pairs[0], cases[i].pairs[1], cases[i].pairs[2],
		      cases[i].pairs[3], cases[i].pairs[4], llr, cases[i].llr);
	}
	CHECK(sprt_llr(&s, none) == 0.0, "no pairs: LLR 0");
}

int main(void)
{
	test_bounds();
	test_parse();
	test_rate();
	test_llr();
	if (failures) {
		printf("test_sprt: %d failure(s)\n", failures);
		return 1;
	}
	printf("test_sprt: all checks passed\n");
	return 0;
}
