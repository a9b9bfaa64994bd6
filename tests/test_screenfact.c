/*
 * test_screenfact.c: the screen-fact reader and matcher of check-lesson
 * (teach/screenfact.c) on hand-written sentences, tree rows and claims: the
 * cases of tests/tutor-lessons.py --self-test, which applies the same rule
 * to tmux captures, and the mate notation #N against a node number.
 */
#include <stdio.h>
#include <string.h>

#include "teach/screenfact.h"
#include "check.h"

/* A sentence and the facts it must read, written "kind:word" in order, separated by spaces. */
struct read_case {
	const char *text;
	const char *want;
};

static const struct read_case reads[] = {
	{ "Qxd5 wins: +800, then cxd5 and -100.", "move:Qxd5 value:+800 move:cxd5 value:-100" },
	/* #N is a mate, and a node number after "node": the two are told apart by the word before. */
	{ "The root shows #2; node #12 and node 7 are numbers, #-1 a mate.", "mate:#2 mate:#-1" },
	{ "Black after Kf7 shows #-1 (mated in one); node #3 does not.", "move:Kf7 mate:#-1" },
	{ "It took 1,234 nodes, then 60 nodes; depth 2 and e5 are no facts.", "nodes:1,234 nodes:60" },
	{ "The tree marks \">>\" and \"evasion\", then sp-cut and Q! and \"st\"; the main search is no mark.",
	  "mark:>> mark:sp-cut mark:Q! mark:evasion mark:st" },
	{ "12. Rxh8+ O-O e8=Q f7+ Qh1#", "move:Rxh8+ move:O-O move:e8=Q move:f7+ move:Qh1#" },
	{ "A depth of minus one is written in words; e4 is a square.", "" },
	{ "Side B shows 'q0' and \"!!\" here.", "mark:!! mark:q0" },
	/* A bound keeps its mark: it is another fact than the exact value. */
	{ "Fail-hard returns >=+90, fail-soft >=+300; the parent sees <=-90 and #-1, not >=#2.",
	  "value:>=+90 value:>=+300 value:<=-90 mate:#-1 mate:>=#2" },
};

static const char *kind_tag(enum screenfact_kind k)
{
	static const char *const tags[] = { "value", "mate", "move", "nodes", "mark" };

	return tags[k];
}

static void check_reads(void)
{
	for (size_t i = 0; i < sizeof reads / sizeof reads[0]; i++) {
		struct screenfact f[32];
		int n = screenfact_read(reads[i].text, f, 32);
		char got[512] = "";
		size_t used = 0;

		for (int k = 0; k < n; k++)
			used += (size_t)snprintf(got + used, sizeof got - used, "%s%s:%s", k ? " " : "",
						 kind_tag(f[k].kind), f[k].word);
		CHECK(!strcmp(got, reads[i].want), "'%s' reads '%s', not '%s'", reads[i].text, got, reads[i].want);
	}
}

/* A fact, a screen and whether the fact is on it. */
struct screen_case {
	enum screenfact_kind kind;
	const char *word, *screen;
	bool want;
};

static const struct screen_case screens[] = {
	{ SF_VALUE, "+800", "  - *root   m  +800  [-inf,+inf]", true },
	{ SF_VALUE, "+80", "  - *Qxd5   q0 -800  sp-700", false },
	/* A value is on the screen only with its sign. */
	{ SF_VALUE, "+700", "  - *Qxd5   q0 -800  sp-700", false },
	{ SF_VALUE, "-700", "  - *Qxd5   q0 -800  sp-700", true },
	{ SF_VALUE, "+50", "    Kf1    q0 -50  sp-50 [-inf,-50]", false },
	/* A value quoted exact is not shown by a bound of the same number; a window edge or stand pat shows it. */
	{ SF_VALUE, "+300", "  -  Nxe4   q1 >=+300 sp-10 cut [-inf,+90]", false },
	{ SF_VALUE, "+300", "    -  Nxe4    q1   = >=+300 sp -10    [-inf,+90]", false },
	{ SF_VALUE, ">=+300", "  -  Nxe4   q1 >=+300 sp-10 cut [-inf,+90]", true },
	{ SF_VALUE, "+90", "  -  Nxe4   q1 >=+300 sp-10 cut [-inf,+90]", true },
	{ SF_VALUE, "<=-90", "  -  fxe4   q2 >=-90 sp-300 [-90,+10]", false },
	{ SF_VALUE, "-300", "  -  fxe4   q2 <=-300 sp-300 [-90,+10]", true },
	{ SF_MATE, "#-1", "  - *Qh1+   q0   = #-1    Q! static -70", true },
	{ SF_MATE, "#1", "  - *Qh1+   q0   = #-1    Q! static -70", false },
	{ SF_MATE, "#2", "- *root   m  #21   raise", false },
	{ SF_MARK, ">>", "  >   cxd5   m  -100  st -100 q -100    |  >   cxd5   q0 -100", true },
	{ SF_MARK, ">", "  -  cxd5   m  -100  (:event >)", false },
	{ SF_MARK, "evasion", "   -  Rgxg8+ q1 -1000 raise evas [-inf,-690]", true },
	{ SF_MARK, "evas", "   -  Rgxg8+ q1 -1000 raise evasion [-inf,-690]", true },
	{ SF_MARK, "evasion", "   *Rxe8#  q0 -500  sp-500 [-inf,+inf]", false },
	{ SF_MARK, "cut", "    Kf1    q0 -700  sp-700 sp-cut [-inf,-700]", false },
	{ SF_MARK, "sp", "    Kf1    q0 -700  sp-cut [-inf,-700]", false },
	{ SF_MARK, "sp", "     cxd5   q1 -100  sp-100 [-inf,+800]", true },
	{ SF_MARK, "!!", "   *Rxe8#  q0 #-0   Q! st -500 mate evas", false },
	{ SF_MARK, "Q!", "   *Rxe8#  q0 #-0   Q! st -500 mate evas", true },
	{ SF_MOVE, "Rxh8", "   ~Rxh8   d -1200+320+200<=-300", true },
	{ SF_MOVE, "Rxh8", "   ~Rxh8+   d", true },
	{ SF_MOVE, "Rh8", "   ~Rxh8   d", false },
	{ SF_MOVE, "Rxh8+", "   Rxh8   q1", true },
	{ SF_NODES, "1,839", "[Tree] (filter all, 1839 nodes)", true },
	{ SF_NODES, "183", "[Tree] (filter all, 1839 nodes)", false },
};

static void check_screens(void)
{
	for (size_t i = 0; i < sizeof screens / sizeof screens[0]; i++) {
		struct screenfact f = { screens[i].kind, "" };

		snprintf(f.word, sizeof f.word, "%s", screens[i].word);
		CHECK(screenfact_on_screen(&f, screens[i].screen) == screens[i].want, "%s '%s' %s on '%s'",
		      kind_tag(f.kind), f.word, screens[i].want ? "not found" : "found", screens[i].screen);
	}
}

/* A fact, a claim's text and whether the claim declares the fact. */
static const struct screen_case claims[] = {
	{ SF_VALUE, "+700", "score 700", true },
	{ SF_VALUE, "-700", "score 700", false },
	{ SF_VALUE, "-100", "node Qxd5: score=-100", true },
	{ SF_VALUE, "+100", "node Qxd5: score=-100", false },
	{ SF_MOVE, "Qg6", "not-best Qg6", true },
	{ SF_NODES, "152", "with qdepth=0 nodes 152", true },
	{ SF_NODES, "15", "with qdepth=0 nodes 152", false },
	{ SF_MARK, "evasion", "node Rxe8: in-check", false },
};

static void check_claims(void)
{
	for (size_t i = 0; i < sizeof claims / sizeof claims[0]; i++) {
		struct screenfact f = { claims[i].kind, "" };

		snprintf(f.word, sizeof f.word, "%s", claims[i].word);
		CHECK(screenfact_declared(&f, claims[i].screen) == claims[i].want, "%s '%s' %s by '%s'",
		      kind_tag(f.kind), f.word, claims[i].want ? "not declared" : "declared", claims[i].screen);
	}
}

int main(void)
{
	check_reads();
	check_screens();
	check_claims();
	printf("test_screenfact: %ld cases, %d failures\n", checks, failures);
	return failures ? 1 : 0;
}
