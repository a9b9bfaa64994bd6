/*
 * lesson_claim.c: reading the node references, node tests, claims and
 * questions of a lesson's directives.
 */
#include "teach/lesson.h"

#include <ctype.h>
#include <regex.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "teach/lesson_int.h"
#include "chess/movegen.h"
#include "chess/notation.h"

/* Parses the words T[0..N) as a node reference; an empty one is LR_CURRENT. */
bool lesson_parse_ref(struct parser *p, const struct tok *t, int n, int endcol, struct lesson_ref *ref)
{
	memset(ref, 0, sizeof *ref);
	if (n > 0) {
		int len = (int)(t[n - 1].s + t[n - 1].len - t[0].s);

		snprintf(ref->text, sizeof ref->text, "%.*s", len, t[0].s);
	}
	if (n == 0) {
		ref->kind = LR_CURRENT;
		snprintf(ref->text, sizeof ref->text, "current");
		if (!p->went)
			return lesson_perr(p, endcol, "no node given and no @goto on this page since the last @run");
		return true;
	}
	if (lesson_tok_is(&t[0], "root") || lesson_tok_is(&t[0], "current")) {
		if (n > 1)
			return lesson_perr(p, t[1].col, "unexpected '%.*s' after '%.*s'", t[1].len, t[1].s, t[0].len, t[0].s);
		ref->kind = lesson_tok_is(&t[0], "root") ? LR_ROOT : LR_CURRENT;
		if (ref->kind == LR_CURRENT && !p->went)
			return lesson_perr(p, t[0].col, "'current' names no node: no @goto on this page since the last @run");
		return true;
	}
	if (t[0].s[0] == '#') {
		char buf[32];
		char *end;
		long v;

		lesson_tok_copy(&t[0], buf, sizeof buf);
		v = strtol(buf + 1, &end, 10);
		if (!isdigit((unsigned char)buf[1]) || *end || v < 0 || v > 100000000L) {
			int digits = 1;

			while (digits < t[0].len && isdigit((unsigned char)t[0].s[digits]))
				digits++;
			/* #N with N all digits but too large: out of range, not malformed. */
			if (digits == t[0].len && t[0].len > 1)
				return lesson_perr(p, t[0].col, "invalid node number '%.*s': out of range: "
						   "node numbers go up to #100000000", t[0].len, t[0].s);
			return lesson_perr(p, t[0].col, "invalid node number '%.*s': expected #N", t[0].len, t[0].s);
		}
		if (n > 1)
			return lesson_perr(p, t[1].col, "unexpected '%.*s' after the node number", t[1].len, t[1].s);
		ref->kind = LR_ID;
		ref->id = (uint32_t)v;
		return true;
	}
	if (lesson_tok_is(&t[0], "event")) {
		char buf[40];

		if (n < 2)
			return lesson_perr(p, t[0].col + t[0].len + 1, "'event' needs a kind (stand_pat, beta_cutoff, ...) "
				    "and optionally a number");
		lesson_tok_copy(&t[1], buf, sizeof buf);
		ref->event_kind = trace_kind_parse(buf);
		if (ref->event_kind < 0 || ref->event_kind == TE_ENTER || ref->event_kind == TE_LEAVE) {
			char kinds[256];

			trace_kind_list(kinds, sizeof kinds, "");
			return lesson_perr(p, t[1].col, "unknown event kind '%.*s': expected an event kind other than enter "
				    "and leave (%s)", t[1].len, t[1].s, kinds);
		}
		ref->event_nth = 1;
		if (n > 2) {
			long v;

			lesson_tok_copy(&t[2], buf, sizeof buf);
			if (!lesson_parse_positive(buf, &v))
				return lesson_perr(p, t[2].col, "invalid event number '%.*s': expected 1 or more",
					    t[2].len, t[2].s);
			ref->event_nth = (int)v;
		}
		if (n > 3)
			return lesson_perr(p, t[3].col, "unexpected '%.*s' after the event number", t[3].len, t[3].s);
		ref->kind = LR_EVENT;
		return true;
	}
	/* A line of moves from the root, optionally after the word "line". */
	if (lesson_tok_is(&t[0], "line")) {
		if (n == 1)
			return lesson_perr(p, t[0].col + t[0].len + 1, "'line' needs moves");
		t++;
		n--;
	}
	{
		struct position pos = p->pos;

		if (n > SEARCH_MAX_PLY)
			return lesson_perr(p, t[SEARCH_MAX_PLY].col, "line too long");
		for (int i = 0; i < n; i++) {
			char buf[32];
			struct error e = { 0 };
			struct undo u;
			move m;

			lesson_tok_copy(&t[i], buf, sizeof buf);
			if (!notation_parse(&pos, buf, &m, &e))
				return lesson_perr(p, t[i].col, "%s '%s' in the line to the node: %s",
					    i == 0 ? "expected root, #N, current, event KIND [N] or a move, not" :
					    "illegal move", buf, e.msg);
			ref->line[ref->line_len++] = m;
			board_make(&pos, m, &u);
		}
		ref->kind = LR_LINE;
	}
	return true;
}

/* Parses a node test: PRED, not-PRED or PRED=RANGE (score, eval, alpha, beta). */
bool lesson_parse_test(struct parser *p, const struct tok *t, struct lesson_node_test *test)
{
	const char *s = t->s;
	int len = t->len;
	const char *eq = memchr(s, '=', (size_t)len);
	int nlen = eq ? (int)(eq - s) : len;

	memset(test, 0, sizeof *test);
	if (nlen > 4 && !strncmp(s, "not-", 4)) {
		test->negated = true;
		s += 4;
		nlen -= 4;
	}
	for (int k = 0; k < LP_COUNT; k++) {
		if ((int)strlen(lesson_pred_names[k]) != nlen || strncmp(lesson_pred_names[k], s, (size_t)nlen))
			continue;
		test->pred = (enum lesson_pred)k;
		if (k >= LP_SCORE) {
			if (!eq)
				return lesson_perr(p, t->col, "'%s' needs a value: %s=VALUE or %s=LOW..HIGH",
					    lesson_pred_names[k], lesson_pred_names[k], lesson_pred_names[k]);
			if (!lesson_parse_range(eq + 1, (int)(t->s + t->len - eq - 1), &test->range))
				return lesson_perr(p, (int)(eq - t->s) + t->col + 1, "invalid value '%.*s': expected a score "
					    "(+100, -35, inf) or a range LOW..HIGH", (int)(t->s + t->len - eq - 1), eq + 1);
		} else if (eq) {
			return lesson_perr(p, (int)(eq - t->s) + t->col, "'%s' takes no value", lesson_pred_names[k]);
		}
		return true;
	}
	return lesson_perr(p, t->col, "unknown node test '%.*s': expected stand-pat, stand-pat-cutoff, stand-pat-raise, "
		    "beta-cutoff, cutoff, no-cutoff, alpha-raise, delta-prune, see-prune, prune, mate, horizon, "
		    "quiet-leaf, in-check, quiescence, pv, score=, eval=, alpha= or beta= (each may start with not-)",
		    t->len, t->s);
}

/* Whether word T is one of the claim kinds. */
static int claim_kind_of(const struct tok *t)
{
	for (size_t i = 0; i < LESSON_CLAIM_NAME_COUNT; i++)
		if (lesson_tok_is(t, lesson_claim_names[i].name))
			return (int)i;
	return -1;
}

/* The last sentence of TEXT: after its last ". ", "? " or "! ". */
static const char *last_sentence(const char *text)
{
	const char *last = text;

	for (const char *c = text; c[0] && c[1]; c++)
		if ((c[0] == '.' || c[0] == '?' || c[0] == '!') && c[1] == ' ' && c[2])
			last = c + 2;
	return last + strspn(last, " ");
}

/* Whether the last sentence of ASK is a yes/no question ("Does ...?", "Is ...?"). */
static bool yes_no_ask(const char *ask)
{
	static const char *const openers[] = { "Does", "Do", "Is", "Are", "Can", "Will", "Would", "Should", "Has",
					       "Have", "Did", "Was", "Were" };
	const char *s = last_sentence(ask);
	size_t len = strcspn(s, " "), end = strlen(s);

	if (end == 0 || s[end - 1] != '?')
		return false;
	for (size_t i = 0; i < sizeof openers / sizeof openers[0]; i++)
		if (strlen(openers[i]) == len && !strncmp(openers[i], s, len))
			return true;
	return false;
}

bool lesson_question_is_yes_no(const struct lesson_question *q)
{
	return q->kind == LQ_NODE && q->choice_count == 2 && q->choices[0].pred == q->choices[1].pred &&
	       q->choices[0].negated != q->choices[1].negated && q->choices[0].pred < LP_SCORE;
}

/*
 * A claim's value or range whose ends may name a compare side (A or B: the
 * same value of that side, as in "nodes ..A" or "score A"): the text S with
 * each such end replaced by the open end for the parser PARSE, which reads
 * the rest; the sides are kept in R. False as PARSE is; *SIDES tells whether
 * an end named a side.
 */
static bool parse_side_range(const char *s, int len, bool count, struct lesson_range *r, const char **why,
			     bool *sides)
{
	char buf[112], ends[2][48];
	signed char side[2] = { 0, 0 };
	int dots = -1, k;
	bool ok;

	*sides = false;
	if (len <= 0 || len >= 48)
		return count ? lesson_parse_count_range(s, len, r, why) : lesson_parse_range(s, len, r);
	for (int i = 0; i + 1 < len; i++)
		if (s[i] == '.' && s[i + 1] == '.') {
			dots = i;
			break;
		}
	if (dots < 0) {
		snprintf(ends[0], sizeof ends[0], "%.*s", len, s);
		snprintf(ends[1], sizeof ends[1], "%.*s", len, s);
	} else {
		snprintf(ends[0], sizeof ends[0], "%.*s", dots, s);
		snprintf(ends[1], sizeof ends[1], "%.*s", len - dots - 2, s + dots + 2);
	}
	for (k = 0; k < 2; k++)
		if ((ends[k][0] == 'A' || ends[k][0] == 'B') && ends[k][1] == '\0') {
			side[k] = (signed char)(ends[k][0] - 'A' + 1);
			snprintf(ends[k], sizeof ends[k], "%s", k == 0 ? (count ? "0" : "-inf") :
				 (count ? LESSON_COUNT_MAX_TEXT : "inf"));
		}
	if (!side[0] && !side[1])
		return count ? lesson_parse_count_range(s, len, r, why) : lesson_parse_range(s, len, r);
	snprintf(buf, sizeof buf, "%s..%s", ends[0], ends[1]);
	ok = count ? lesson_parse_count_range(buf, (int)strlen(buf), r, why) : lesson_parse_range(buf, (int)strlen(buf), r);
	r->lo_side = side[0];
	r->hi_side = side[1];
	*sides = true;
	return ok;
}

/* @claim [with SETTING...] KIND ARGS. */
bool lesson_parse_claim(struct parser *p, const char *line, const struct tok *t, int n, struct lesson_item *it)
{
	struct lesson_claim *c = xcalloc(1, sizeof *c);
	int i = 0, k;
	struct error e = { 0 };
	const char *why = NULL;
	bool sides = false;

	it->claim = c;
	c->opt = p->opt;
	c->side = -1;
	if (n > 0 && lesson_tok_is(&t[0], "side")) {
		if (n < 2 || t[1].len != 1 || (t[1].s[0] != 'A' && t[1].s[0] != 'B'))
			return lesson_perr(p, n < 2 ? t[0].col + t[0].len + 1 : t[1].col,
				    "'side' needs A or B (the sides of the page's @compare)");
		if (!p->compared)
			return lesson_perr(p, t[0].col, "a claim about side %c needs a @compare before it on the page "
				    "(after the last change of position or search)", t[1].s[0]);
		c->side = t[1].s[0] - 'A';
		t += 2;
		n -= 2;
		if (n > 0 && lesson_tok_is(&t[0], "with"))
			return lesson_perr(p, t[0].col, "a claim about a compare side cannot add 'with' settings: "
				    "the side is the search its @compare names");
	}
	if (n > 0 && lesson_tok_is(&t[0], "with")) {
		i = 1;
		while (i < n && claim_kind_of(&t[i]) < 0) {
			char buf[128];

			lesson_tok_copy(&t[i], buf, sizeof buf);
			if (!lesson_apply_spec(&c->opt, buf, &e))
				return lesson_perr(p, t[i].col, "%s", e.msg);
			i++;
		}
		if (i == 1)
			return lesson_perr(p, t[0].col + t[0].len + 1, "'with' needs search settings (checks, depth=3, ...)");
		c->has_with = true;
		snprintf(c->with, sizeof c->with, "%.*s", (int)(t[i - 1].s + t[i - 1].len - t[1].s), t[1].s);
	}
	if (i >= n)
		return lesson_perr(p, i > 0 ? t[i - 1].col + t[i - 1].len + 1 : (int)strlen(line) + 1,
			    "@claim needs a claim: best, not-best, score, pv, nodes, qnodes, qshare, "
			    "stand-pat-cutoffs, beta-cutoffs, delta-prunes, see-prunes, mates or node");
	k = claim_kind_of(&t[i]);
	if (k < 0)
		return lesson_perr(p, t[i].col, "unknown claim '%.*s': expected best, not-best, score, pv, nodes, qnodes, "
			    "qshare, stand-pat-cutoffs, beta-cutoffs, delta-prunes, see-prunes, mates or node "
			    "(or 'with' first)", t[i].len, t[i].s);
	c->kind = lesson_claim_names[k].kind;
	i++;
	switch (c->kind) {
	case LC_BEST:
	case LC_NOT_BEST:
	case LC_PV: {
		struct position pos = p->pos;

		if (i >= n)
			return lesson_perr(p, t[i - 1].col + t[i - 1].len + 1, "'%s' needs a move", lesson_claim_names[k].name);
		if (c->kind != LC_PV && n - i > 1)
			return lesson_perr(p, t[i + 1].col, "'%s' takes one move; unexpected '%.*s'", lesson_claim_names[k].name,
				    t[i + 1].len, t[i + 1].s);
		for (; i < n; i++) {
			char buf[32];
			struct undo u;
			move m;

			if (c->move_count == SEARCH_MAX_PLY)
				return lesson_perr(p, t[i].col, "line too long");
			lesson_tok_copy(&t[i], buf, sizeof buf);
			if (!notation_parse(&pos, buf, &m, &e))
				return lesson_perr(p, t[i].col, "illegal move '%s': %s", buf, e.msg);
			c->moves[c->move_count++] = m;
			board_make(&pos, m, &u);
		}
		break;
	}
	case LC_SCORE:
		if (i >= n)
			return lesson_perr(p, t[i - 1].col + t[i - 1].len + 1, "'score' needs a value, a range LOW..HIGH, "
				    "'mate' or 'mated'");
		if (n - i > 1)
			return lesson_perr(p, t[i + 1].col, "unexpected '%.*s' after the score", t[i + 1].len, t[i + 1].s);
		if (lesson_tok_is(&t[i], "mate"))
			c->mate = 1;
		else if (lesson_tok_is(&t[i], "mated"))
			c->mate = -1;
		else if (!parse_side_range(t[i].s, t[i].len, false, &c->range, &why, &sides))
			return lesson_perr(p, t[i].col, "invalid score '%.*s': expected a value (+100), a range LOW..HIGH "
				    "(an end may be A or B, a compare side's score), 'mate' or 'mated'", t[i].len, t[i].s);
		if (sides && c->side < 0)
			return lesson_perr(p, t[i].col, "a score of side A or B is for a claim about a compare side "
				    "(@claim side B score A)");
		break;
	case LC_NODE: {
		int colon = -1;

		for (int j = i; j < n; j++)
			if (t[j].s[t[j].len - 1] == ':') {
				colon = j;
				break;
			}
		if (colon < 0)
			return lesson_perr(p, (int)strlen(line) + 1, "'node' needs a node, a colon and tests: "
				    "node REF: TEST...");
		{
			struct tok refs[MAX_TOKENS];
			int nr = 0;
			bool saved_went = p->went;

			for (int j = i; j <= colon; j++)
				refs[nr++] = t[j];
			if (--refs[nr - 1].len == 0)
				nr--;
			if (c->has_with && nr == 0)
				return lesson_perr(p, t[colon].col, "a claim 'with' other settings must name its node "
					    "(root, #N, event KIND N or a line of moves)");
			if (c->side >= 0 && nr == 0)
				return lesson_perr(p, t[colon].col, "a claim about a compare side must name its node "
					    "(root, #N, event KIND N or a line of moves)");
			if (!c->has_with && c->side < 0 && !p->ran)
				return lesson_perr(p, t[i - 1].col, "a node claim about the page's search needs a @run "
					    "before it on the page (or 'with' settings)");
			if (c->has_with || c->side >= 0)
				p->went = true;   /* 'current' is refused below for other searches */
			if (!lesson_parse_ref(p, refs, nr, t[colon].col, &c->ref)) {
				p->went = saved_went;
				return false;
			}
			p->went = saved_went;
			if ((c->has_with || c->side >= 0) && c->ref.kind == LR_CURRENT)
				return lesson_perr(p, t[i].col, "'current' is the node of the page's search; a claim 'with' "
					    "other settings or about a compare side must name its node");
		}
		i = colon + 1;
		if (i >= n)
			return lesson_perr(p, t[colon].col + t[colon].len, "no test after the colon: expected stand-pat, "
				    "cutoff, score=VALUE ...");
		for (; i < n; i++) {
			if (c->test_count == LESSON_MAX_TESTS)
				return lesson_perr(p, t[i].col, "too many tests (at most %d)", LESSON_MAX_TESTS);
			if (!lesson_parse_test(p, &t[i], &c->tests[c->test_count++]))
				return false;
		}
		break;
	}
	default:
		if (i >= n)
			return lesson_perr(p, t[i - 1].col + t[i - 1].len + 1, "'%s' needs a count or a range LOW..HIGH",
				    lesson_claim_names[k].name);
		if (n - i > 1)
			return lesson_perr(p, t[i + 1].col, "unexpected '%.*s' after the count", t[i + 1].len, t[i + 1].s);
		if (!parse_side_range(t[i].s, t[i].len, true, &c->range, &why, &sides))
			return lesson_perr(p, t[i].col, "invalid count '%.*s': %s", t[i].len, t[i].s,
					   why ? why : "expected a whole number or a range LOW..HIGH (an end may be A "
					   "or B, a compare side's count)");
		if (sides && c->side < 0)
			return lesson_perr(p, t[i].col, "a count of side A or B is for a claim about a compare side "
				    "(@claim side B nodes ..A)");
		if (c->kind == LC_QSHARE && c->range.hi > 100 && c->range.hi != 2000000000)
			return lesson_perr(p, t[i].col, "a share is a per cent: from 0 to 100");
		break;
	}
	return true;
}

/* Finishes the open question: it must have what its kind needs, and its answer must read. */
bool lesson_close_question(struct parser *p)
{
	struct lesson_item *it = p->question;
	struct lesson_question *q;
	struct tok t[MAX_TOKENS];
	int n, saved = p->lineno;
	bool ok = true;

	if (it == NULL)
		return true;
	p->question = NULL;
	q = it->question;
	p->lineno = it->line;
	if (q->ask == NULL)
		return lesson_perr(p, it->column, "question without @ask (the question put to the learner)");
	if (q->answer_text == NULL)
		return lesson_perr(p, it->column, "question without @answer");
	if (q->kind == LQ_NODE && q->choice_count < 2)
		return lesson_perr(p, it->column, "a node question needs @choices: two or more node tests");
	if (q->kind != LQ_NODE && q->choice_count > 0)
		return lesson_perr(p, it->column, "@choices is only for node questions");
	if (q->kind != LQ_SCORE && q->tolerance > 0)
		return lesson_perr(p, it->column, "@tolerance is only for score questions");
	/* The learner reads the answer off the screen: the page must show the search the question is about. */
	if ((q->kind == LQ_BEST || q->kind == LQ_SCORE) && !p->ran && !p->compared)
		return lesson_perr(p, it->column, "the question is about the page's search, but the page shows none "
			    "(the learner would see 'No search yet'): add @run (or @compare) after the page's last "
			    "@position or @search");
	if (yes_no_ask(q->ask) && !lesson_question_is_yes_no(q))
		return lesson_perr(p, it->column, "the question asks yes or no ('%.20s...'), but its answer is %s: ask for "
			    "what the answer is, or make it a node question with @choices X not-X (answered yes or no)",
			    last_sentence(q->ask), q->kind == LQ_BEST ? "a move" : q->kind == LQ_SCORE ? "a score" :
			    q->kind == LQ_WINDOW ? "a window" : "one of several choices");
	p->lineno = q->answer_line;
	n = lesson_tokenize(q->answer_text - (q->answer_column - 1), q->answer_text, t, MAX_TOKENS);
	switch (q->kind) {
	case LQ_BEST: {
		char buf[32];
		struct error e = { 0 };

		if (n != 1)
			ok = lesson_perr(p, n > 1 ? t[1].col : q->answer_column, "the answer to a best-move question is one move");
		else if (!notation_parse(&it->pos, lesson_tok_copy(&t[0], buf, sizeof buf), &q->best, &e))
			ok = lesson_perr(p, t[0].col, "illegal move '%s': %s", buf, e.msg);
		break;
	}
	case LQ_SCORE:
		if (n != 1 || !lesson_parse_score(t[0].s, t[0].len, &q->score) || q->score <= -SCORE_INF ||
		    q->score >= SCORE_INF)
			ok = lesson_perr(p, n > 0 ? t[0].col : q->answer_column, "the answer to a score question is one "
				  "score in centipawns, such as -800 or +100");
		break;
	case LQ_NODE:
		q->answer_choice = -1;
		if (n != 1)
			ok = lesson_perr(p, n > 1 ? t[1].col : q->answer_column, "the answer to a node question is one of "
				  "its @choices");
		else
			for (int i = 0; i < q->choice_count; i++) {
				struct lesson_node_test test;
				struct error *keep = p->err;

				p->err = NULL;
				if (lesson_parse_test(p, &t[0], &test) && test.pred == q->choices[i].pred &&
				    test.negated == q->choices[i].negated)
					q->answer_choice = i;
				p->err = keep;
			}
		if (ok && q->answer_choice < 0)
			ok = lesson_perr(p, t[0].col, "the answer '%.*s' is not one of the @choices", t[0].len, t[0].s);
		break;
	case LQ_WINDOW:
		if (n != 2 || !lesson_parse_score(t[0].s, t[0].len, &q->alpha) || !lesson_parse_score(t[1].s, t[1].len, &q->beta))
			ok = lesson_perr(p, n > 0 ? t[0].col : q->answer_column, "the answer to a window question is "
				  "alpha and beta, such as '-inf +100'");
		break;
	}
	p->lineno = saved;
	return ok;
}

/* Adds an item of KIND to the page, with the page's setup as it stands. */
/* The lines that belong to an open @question. */
bool lesson_question_part(struct parser *p, const char *line, const char *name, const char *rest, int col)
{
	struct lesson_question *q;
	char **slot = NULL;

	if (p->question == NULL)
		return lesson_perr(p, 1, "@%s outside a question: put it after @question", name);
	q = p->question->question;
	if (!strcmp(name, "ask"))
		slot = &q->ask;
	else if (!strcmp(name, "answer"))
		slot = &q->answer_text;
	else if (!strcmp(name, "hint"))
		slot = &q->hint;
	else if (!strcmp(name, "right"))
		slot = &q->right;
	else if (!strcmp(name, "wrong"))
		slot = &q->wrong;
	if (slot) {
		char *text = lesson_trimmed_dup(rest);

		if (*slot) {
			free(text);
			return lesson_perr(p, 1, "a second @%s in the same question", name);
		}
		if (*text == '\0') {
			free(text);
			return lesson_perr(p, col, "@%s needs text", name);
		}
		*slot = text;
		if (slot == &q->answer_text) {
			/* Keep the column so that errors in the answer can point at it. */
			const char *s = rest;

			while (*s == ' ' || *s == '\t')
				s++;
			q->answer_line = p->lineno;
			q->answer_column = (int)(s - line) + 1;
			free(text);
			q->answer_text = xstrdup(s);
			{
				size_t len = strlen(q->answer_text);

				while (len > 0 && (q->answer_text[len - 1] == ' ' || q->answer_text[len - 1] == '\t'))
					q->answer_text[--len] = '\0';
			}
		}
		return true;
	}
	if (!strcmp(name, "choices")) {
		struct tok t[MAX_TOKENS];
		int n = lesson_tokenize(line, rest, t, MAX_TOKENS);

		if (q->choice_count)
			return lesson_perr(p, 1, "a second @choices in the same question");
		if (n < 2)
			return lesson_perr(p, col, "@choices needs two or more node tests");
		if (n > LESSON_MAX_CHOICES)
			return lesson_perr(p, t[LESSON_MAX_CHOICES].col, "too many choices (at most %d)", LESSON_MAX_CHOICES);
		for (int i = 0; i < n; i++) {
			if (!lesson_parse_test(p, &t[i], &q->choices[q->choice_count]))
				return false;
			if (q->choices[i].pred >= LP_SCORE)
				return lesson_perr(p, t[i].col, "a choice is a node test without a value (stand-pat-cutoff, "
					    "beta-cutoff, ...)");
			q->choice_count++;
		}
		return true;
	}
	/* tolerance */
	{
		struct tok t[4];
		int n = lesson_tokenize(line, rest, t, 4);
		long v;
		char buf[32];

		if (n != 1 || !isdigit((unsigned char)t[0].s[0]))
			return lesson_perr(p, n ? t[0].col : col, "@tolerance needs a number of centipawns");
		lesson_tok_copy(&t[0], buf, sizeof buf);
		v = strtol(buf, NULL, 10);
		if (v < 1 || v > 10000)
			return lesson_perr(p, t[0].col, "@tolerance must be from 1 to 10000 centipawns");
		q->tolerance = (int)v;
		return true;
	}
}

/* One directive line of a page. */
