/*
 * lessoncheck.c: checking a lesson's claims and questions on the state each
 * page shows (page.h, the same code the tutor draws from) and the moves its
 * prose names. check-lesson, the fuzz target and the tutor's lesson loader
 * call lessoncheck_lesson.
 */
#include "teach/lessoncheck.h"

#include <ctype.h>
#include <regex.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "chess/movegen.h"
#include "chess/eval.h"
#include "chess/notation.h"
#include "teach/lesson_int.h"
#include "teach/page.h"
#include "teach/cursor.h"
#include "teach/session.h"
#include "search/option.h"

struct cached_run {
	char fen[FEN_BUFSIZE];
	struct search_options opt;
	struct trace *trace;             /* NULL when run without one */
	struct search_result res;
	bool used;
};

#define RUN_CACHE 6

struct verifier {
	struct lesson *l;
	lesson_report_fn report;
	void *ctx;
	int failures;
	struct cached_run cache[RUN_CACHE];
	int next;
	struct session *s;               /* the page's state, built as the tutor builds it (page.h) */
	struct page_view pv;
};

static void vfail(struct verifier *v, int line, int col, const char *fmt, ...) PRINTF_LIKE(4, 5);
static void vfail(struct verifier *v, int line, int col, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	v->failures++;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (v->report)
		v->report(v->l, line, col, msg, v->ctx);
}

/* The search of POS with OPT, run once and kept (with its trace when TRACED). */
static struct cached_run *get_run(struct verifier *v, const struct position *pos, const struct search_options *opt,
				  bool traced)
{
	char fen[FEN_BUFSIZE];
	struct cached_run *r;

	fen_format(pos, fen);
	for (int i = 0; i < RUN_CACHE; i++) {
		r = &v->cache[i];
		if (r->used && !strcmp(r->fen, fen) && lesson_options_equal(&r->opt, opt) && (!traced || r->trace))
			return r;
	}
	r = &v->cache[v->next];
	v->next = (v->next + 1) % RUN_CACHE;
	if (r->trace)
		trace_free(r->trace);
	memset(r, 0, sizeof *r);
	strcpy(r->fen, fen);
	r->opt = *opt;
	if (r->opt.max_nodes == 0)
		r->opt.max_nodes = LESSON_MAX_NODES;
	r->trace = traced ? trace_new() : NULL;
	search_run(pos, &r->opt, r->trace, NULL, &r->res);
	r->opt = *opt;
	r->used = true;
	return r;
}

static void san_or_none(const struct position *pos, move m, char *buf)
{
	if (m == MOVE_NONE)
		strcpy(buf, "(none)");
	else
		notation_san(pos, m, buf);
}

/*
 * The search a claim or a question is about: the page's own search or a
 * compare side as the session shows them, or (for 'with' settings and pages
 * that show no search) a search run for the check.
 */
struct subject {
	const struct trace *trace;       /* NULL when the search ran without one */
	const struct search_result *res;
	uint64_t max_nodes;
	uint32_t current;                /* the node of the page's last @goto (its own search only) */
	char what[512];                  /* "(mode captures, ...)" or "(side A: ...)" for messages */
};

/* Finds the subject of a claim (SIDE -1 for the page's search) with options OPT. */
static bool get_subject(struct verifier *v, const struct lesson_item *it, int side, bool with,
			const struct search_options *opt, bool traced, struct subject *sub)
{
	struct session *s = v->s;
	char desc[256];

	memset(sub, 0, sizeof *sub);
	sub->current = TRACE_NONE;
	if (side >= 0) {
		const struct session_side *sd = &s->side[side];

		if (!s->comparing) {
			vfail(v, it->line, it->column, "claim about side %c, but the page shows no comparison here",
			      'A' + side);
			return false;
		}
		sub->trace = sd->trace;
		sub->res = &sd->result;
		sub->max_nodes = sd->opt.max_nodes;
		option_describe(&sd->opt, false, false, desc, sizeof desc);
		snprintf(sub->what, sizeof sub->what, "(side %c, %s: %s)", 'A' + side, sd->typed, desc);
		return true;
	}
	option_describe(opt, false, false, desc, sizeof desc);
	snprintf(sub->what, sizeof sub->what, "(%s)", desc);
	if (!with && s->searched) {
		sub->trace = s->trace;
		sub->res = &s->result;
		sub->max_nodes = s->opt.max_nodes;
		sub->current = v->pv.current;
		return true;
	}
	{
		const struct cached_run *r = get_run(v, &it->pos, opt, traced);

		sub->trace = r->trace;
		sub->res = &r->res;
		sub->max_nodes = r->opt.max_nodes ? r->opt.max_nodes : LESSON_MAX_NODES;
	}
	return true;
}

/* The count or score a claim of KIND reads from RES. */
static long long claim_value(enum lesson_claim_kind kind, const struct search_result *res)
{
	switch (kind) {
	case LC_SCORE: return res->score;
	case LC_NODES: return (long long)res->nodes;
	case LC_QNODES: return (long long)res->qnodes;
	case LC_QSHARE: return res->nodes ? (long long)(100 * res->qnodes / res->nodes) : 0;
	case LC_STAND_PAT_CUTOFFS: return (long long)res->stand_pat_cutoffs;
	case LC_BETA_CUTOFFS: return (long long)res->beta_cutoffs;
	case LC_DELTA_PRUNES: return (long long)res->delta_prunes;
	case LC_SEE_PRUNES: return (long long)res->see_prunes;
	case LC_MATES: return (long long)res->mates;
	default: return 0;
	}
}

/*
 * The range of claim C with its ends that name a compare side (A, B) made
 * that side's value, as the page's compare view shows it; false (with a
 * failure reported) when the page shows no comparison or that side stopped.
 */
static bool claim_range(struct verifier *v, const struct lesson_item *it, const struct lesson_claim *c,
			struct lesson_range *r)
{
	signed char ends[2] = { c->range.lo_side, c->range.hi_side };

	*r = c->range;
	for (int k = 0; k < 2; k++) {
		const struct session_side *sd;
		long long x;

		if (!ends[k])
			continue;
		if (!v->s->comparing) {
			vfail(v, it->line, it->column, "claim names side %c, but the page shows no comparison here",
			      'A' + ends[k] - 1);
			return false;
		}
		sd = &v->s->side[ends[k] - 1];
		if (sd->result.stopped) {
			vfail(v, it->line, it->column, "claim cannot be checked: side %c stopped at its node cap",
			      'A' + ends[k] - 1);
			return false;
		}
		x = claim_value(c->kind, &sd->result);
		if (k == 0)
			r->lo = (int)x;
		else
			r->hi = (int)x;
	}
	return true;
}

/* Checks one claim on the search it is about. */
static void verify_claim(struct verifier *v, const struct lesson_item *it)
{
	const struct lesson_claim *c = it->claim;
	struct subject sub;
	const struct search_result *res;
	const char *what;
	char desc[256], got[64], want[64];
	long long value = 0;
	struct lesson_range range;

	if (!get_subject(v, it, c->side, c->has_with, &c->opt, c->kind == LC_NODE, &sub))
		return;
	res = sub.res;
	what = sub.what;
	if (res->stopped) {
		vfail(v, it->line, it->column, "claim cannot be checked: the search stopped at the node cap "
		      "of %llu nodes %s", (unsigned long long)sub.max_nodes, what);
		return;
	}
	switch (c->kind) {
	case LC_BEST:
	case LC_NOT_BEST:
		san_or_none(&it->pos, res->best, got);
		notation_san(&it->pos, c->moves[0], want);
		if ((res->best == c->moves[0]) != (c->kind == LC_BEST)) {
			score_format(res->score, 0, desc, sizeof desc);
			vfail(v, it->line, it->column, c->kind == LC_BEST ?
			      "claim failed: the best move is not %s: the engine plays %s (score %s) %s" :
			      "claim failed: the engine does play %s (%s, score %s) %s",
			      want, got, desc, what);
		}
		return;
	case LC_PV: {
		struct position pos = it->pos;
		char line[512] = "";
		size_t used = 0;
		bool ok = res->pv_len >= c->move_count;

		for (int i = 0; i < c->move_count && ok; i++)
			ok = res->pv[i] == c->moves[i];
		if (ok)
			return;
		for (int i = 0; i < res->pv_len && used < sizeof line; i++) {
			char m[NOTATION_BUFSIZE];
			struct undo u;

			notation_san(&pos, res->pv[i], m);
			used += (size_t)snprintf(line + used, sizeof line - used, "%s%s", i ? " " : "", m);
			board_make(&pos, res->pv[i], &u);
		}
		vfail(v, it->line, it->column, "claim failed: the principal variation is '%s' %s", line, what);
		return;
	}
	case LC_SCORE: {
		bool ok;

		score_format(res->score, 0, got, sizeof got);
		if (c->mate) {
			ok = c->mate > 0 ? res->score >= SCORE_MATE - SEARCH_MAX_PLY :
			     res->score <= -(SCORE_MATE - SEARCH_MAX_PLY);
			if (!ok)
				vfail(v, it->line, it->column, "claim failed: the score is %s, not %s %s", got,
				      c->mate > 0 ? "a mate" : "mated", what);
			return;
		}
		if (!claim_range(v, it, c, &range))
			return;
		if (!lesson_in_range(&range, res->score)) {
			lesson_format_range(&range, want, sizeof want);
			vfail(v, it->line, it->column, "claim failed: the score is %s, not %s %s", got, want, what);
		}
		return;
	}
	case LC_NODES:
	case LC_QNODES:
	case LC_QSHARE:
	case LC_STAND_PAT_CUTOFFS:
	case LC_BETA_CUTOFFS:
	case LC_DELTA_PRUNES:
	case LC_SEE_PRUNES:
	case LC_MATES:
		value = claim_value(c->kind, res);
		break;
	case LC_NODE: {
		struct error e = { 0 };
		uint32_t node, event;
		const struct trace *t = sub.trace;

		if (!lesson_ref_resolve(&c->ref, t, sub.current, &node, &event, &e)) {
			vfail(v, it->line, it->column, "claim failed: %s %s", e.msg, what);
			return;
		}
		for (int i = 0; i < c->test_count; i++)
			if (!lesson_node_test_holds(&c->tests[i], t, node)) {
				char tb[64], nb[400];

				lesson_format_test(&c->tests[i], tb, sizeof tb);
				lesson_node_describe(t, node, nb, sizeof nb);
				vfail(v, it->line, it->column, "claim failed: '%s' does not hold at '%s', %s %s",
				      tb, c->ref.text, nb, what);
			}
		return;
	}
	}
	if (!claim_range(v, it, c, &range))
		return;
	if (!lesson_in_range(&range, value)) {
		size_t k;

		for (k = 0; k < LESSON_CLAIM_NAME_COUNT && lesson_claim_names[k].kind != c->kind; k++)
			;
		if (range.lo == range.hi)
			snprintf(want, sizeof want, "%d", range.lo);
		else if (range.hi >= 2000000000)
			snprintf(want, sizeof want, "%d or more", range.lo);
		else
			snprintf(want, sizeof want, "%d..%d", range.lo, range.hi);
		vfail(v, it->line, it->column, "claim failed: %s is %lld, not %s%s %s", lesson_claim_names[k].name, value,
		      want, c->kind == LC_QSHARE ? " (per cent)" : "", what);
	}
}

/* Checks a question's answer against the search the page shows (or, with none shown, a search run for it). */
static void verify_question(struct verifier *v, struct lesson_item *it)
{
	struct lesson_question *q = it->question;
	struct subject sub;
	char got[64];

	if (!get_subject(v, it, -1, false, &it->opt, q->kind == LQ_NODE || q->kind == LQ_WINDOW, &sub))
		return;
	if (sub.res->stopped) {
		vfail(v, q->answer_line, q->answer_column, "answer cannot be checked: the search stopped at the "
		      "node cap");
		return;
	}
	if (q->kind == LQ_BEST) {
		if (sub.res->best != q->best) {
			san_or_none(&it->pos, sub.res->best, got);
			vfail(v, q->answer_line, q->answer_column, "wrong answer: the engine's best move is %s", got);
		}
		return;
	}
	if (q->kind == LQ_SCORE) {
		if (sub.res->score != q->score) {
			score_format(sub.res->score, 0, got, sizeof got);
			vfail(v, q->answer_line, q->answer_column, "wrong answer: the engine's score is %s", got);
		}
		return;
	}
	{
		struct error e = { 0 };
		uint32_t node, event;
		const struct trace *t = sub.trace;

		if (!lesson_ref_resolve(&q->ref, t, sub.current, &node, &event, &e)) {
			vfail(v, it->line, it->column, "question about a node the search does not have: %s", e.msg);
			return;
		}
		q->node = node;
		it->node = node;
		it->event = event;
		if (q->kind == LQ_WINDOW) {
			const struct trace_node nd_v = trace_node_get(t, node), *nd = &nd_v;

			if (nd->alpha != q->alpha || nd->beta != q->beta) {
				char a[24], b[24];

				score_format_edge(nd->alpha, nd->ply, a, sizeof a);
				score_format_edge(nd->beta, nd->ply, b, sizeof b);
				vfail(v, q->answer_line, q->answer_column, "wrong answer: the window at node #%u is "
				      "%s %s", node, a, b);
			}
			return;
		}
		for (int i = 0; i < q->choice_count; i++) {
			bool holds = lesson_node_test_holds(&q->choices[i], t, node);
			char tb[64], nb[400];

			if (holds == (i == q->answer_choice))
				continue;
			lesson_format_test(&q->choices[i], tb, sizeof tb);
			lesson_node_describe(t, node, nb, sizeof nb);
			if (i == q->answer_choice)
				vfail(v, q->answer_line, q->answer_column, "wrong answer: '%s' does not hold at %s", tb, nb);
			else
				vfail(v, q->answer_line, q->answer_column, "ambiguous question: the choice '%s' holds "
				      "too at %s", tb, nb);
		}
	}
}

/* ------------------------------------------------------------ moves the text names */

/* The moves a page shows, in SAN without '+' or '#': a small set of strings. */
struct san_set {
	char (*san)[NOTATION_BUFSIZE];
	int count, cap;
	uint32_t nodes;                  /* the node count of the largest tree shown */
	/* The values the page shows, without their sign (a value and its negation are one fact seen from either side). */
	int *values;
	int vcount, vcap;
};

/* Adds V (without its sign) to the values the page shows; mates and the open window's bounds are left out. */
static void value_add(struct san_set *set, int v)
{
	if (v < 0)
		v = -v;
	if (SCORE_IS_MATE(v) || v >= SCORE_INF)
		return;
	for (int i = 0; i < set->vcount; i++)
		if (set->values[i] == v)
			return;
	if (set->vcount == set->vcap) {
		set->vcap = set->vcap ? 2 * set->vcap : 64;
		set->values = xrealloc(set->values, sizeof *set->values * (size_t)set->vcap);
	}
	set->values[set->vcount++] = v;
}

static bool value_shown(const struct san_set *set, int v)
{
	if (v < 0)
		v = -v;
	for (int i = 0; i < set->vcount; i++)
		if (set->values[i] == v)
			return true;
	return false;
}

static void san_strip(char *san)
{
	size_t len = strlen(san);

	while (len > 0 && (san[len - 1] == '+' || san[len - 1] == '#'))
		san[--len] = '\0';
}

static bool san_set_has(const struct san_set *set, const char *san)
{
	for (int i = 0; i < set->count; i++)
		if (!strcmp(set->san[i], san))
			return true;
	return false;
}

static void san_set_add(struct san_set *set, const struct position *pos, move m)
{
	char san[NOTATION_BUFSIZE];

	notation_san(pos, m, san);
	san_strip(san);
	if (san_set_has(set, san))
		return;
	if (set->count == set->cap) {
		set->cap = set->cap ? set->cap * 2 : 64;
		set->san = xrealloc(set->san, (size_t)set->cap * sizeof *set->san);
	}
	strcpy(set->san[set->count++], san);
}

/* Adds the legal moves of POS. */
static void san_set_add_legal(struct san_set *set, const struct position *pos)
{
	struct move_list list;

	movegen_all(pos, &list);
	for (int i = 0; i < list.count; i++)
		san_set_add(set, pos, list.moves[i]);
	/* The board's line "Material 900-200 (+700)": the evaluation of the position, either kind. */
	value_add(set, eval_static(pos, EVAL_MATERIAL));
	value_add(set, eval_static(pos, EVAL_PST));
}

/* Adds the values node N's tree line and its pruned moves' lines show: score, static value, window, stand pat. */
static void value_add_node(struct san_set *set, const struct trace *t, uint32_t n)
{
	const struct trace_node nd_v = trace_node_get(t, n), *nd = &nd_v;

	value_add(set, nd->score);
	value_add(set, nd->eval);
	value_add(set, nd->alpha);
	value_add(set, nd->beta);
	for (uint32_t ev = nd->enter; ev != TRACE_NONE; ev = trace_node_next_event(t, n, ev)) {
		const struct trace_event e_v = trace_event_get(t, ev), *e = &e_v;

		if (e->kind == TE_STAND_PAT || e->kind == TE_SEE_PRUNE || e->kind == TE_LEAVE)
			value_add(set, e->v1);
		/* A delta prune's line shows the gain and the margin, and the sum it compares with alpha. */
		if (e->kind == TE_DELTA_PRUNE) {
			value_add(set, e->v1);
			value_add(set, e->v2);
			value_add(set, nd->eval + e->v1 + e->v2);
		}
		/* A futility prune's line shows its numbers too (explain_prune_line). */
		if (e->kind == TE_FUTILITY_PRUNE) {
			value_add(set, e->v1);
			value_add(set, e->v2);
			value_add(set, nd->eval + e->v2 + (e->extra == TFP_SEE ? 0 : e->v1));
		}
	}
}

/*
 * Adds the values of the tree rows a search T shows around node CURSOR:
 * the root and its moves (the top of the tree), the principal variation,
 * and the cursor's line from the root with the cursor's own moves (the
 * rows the tutor scrolls to). The rows far from these are not counted as
 * on the screen.
 */
static void value_add_shown(struct san_set *set, const struct trace *t, uint32_t cursor)
{
	if (t == NULL || trace_node_count(t) == 0)
		return;
	for (uint32_t n = 0; n < trace_node_count(t); n++) {
		const struct trace_node nd_v = trace_node_get(t, n), *nd = &nd_v;

		if (nd->ply <= 1 || (nd->flags & TN_PV) || (cursor < trace_node_count(t) && nd->parent == cursor))
			value_add_node(set, t, n);
	}
	for (uint32_t n = cursor; n < trace_node_count(t); n = trace_node_get(t, n).parent)
		value_add_node(set, t, n);
}

/* Adds the move of every node of T (and every pruned move), a search from ROOT. */
static void san_set_add_trace(struct san_set *set, const struct position *root, const struct trace *t)
{
	/* Node ids are in pre-order, so the position of a node's parent is still on the stack. */
	struct position stack[SEARCH_MAX_PLY + 2];

	if (t == NULL || trace_node_count(t) == 0)
		return;
	if (trace_node_count(t) > set->nodes)
		set->nodes = trace_node_count(t);
	stack[0] = *root;
	for (uint32_t n = 1; n < trace_node_count(t); n++) {
		const struct trace_node nd_v = trace_node_get(t, n), *nd = &nd_v;
		struct undo u;
		int ply = nd->ply;

		if (ply < 1 || ply > SEARCH_MAX_PLY + 1)
			continue;
		san_set_add(set, &stack[ply - 1], nd->move);
		stack[ply] = stack[ply - 1];
		board_make(&stack[ply], nd->move, &u);
	}
	for (uint32_t ev = 0; ev < trace_event_count(t); ev++) {
		const struct trace_event e_v = trace_event_get(t, ev), *e = &e_v;
		struct position pos;

		if (!trace_is_prune(e->kind) || e->move == MOVE_NONE)
			continue;
		cursor_position_at(root, t, e->node, &pos, NULL);
		san_set_add(set, &pos, e->move);
	}
}

/*
 * Whether WORD (stripped of punctuation and a move number) is written as a
 * SAN move that cannot be a square: a piece move (Nf3, Qxd5, R1e2), a pawn
 * capture (exd5), a promotion (e8=Q), a check (e5+) or castling. A bare
 * square such as "e5" is not taken as a move. The move goes to SAN.
 */
static bool text_san(const regex_t *re, const char *word, char *san, size_t n)
{
	char w[32];
	size_t len;
	const char *p = word;

	while (*p == '(' || *p == '"' || *p == '\'' || *p == '[')
		p++;
	/* A move number: "12." or "12..." */
	if (isdigit((unsigned char)*p)) {
		const char *q = p;

		while (isdigit((unsigned char)*q))
			q++;
		if (*q != '.')
			return false;
		while (*q == '.')
			q++;
		p = q;
	}
	len = strlen(p);
	if (len < 2 || len >= sizeof w)
		return false;
	memcpy(w, p, len + 1);
	while (len > 0 && strchr(",.;:)!?\"']", w[len - 1]))
		w[--len] = '\0';
	if (regexec(re, w, 0, NULL, 0) != 0)
		return false;
	snprintf(san, n, "%s", w);
	san_strip(san);
	return true;
}

/* The moves text_san takes: piece moves, pawn captures, promotions, pawn checks, castling. */
#define TEXT_SAN_RE "^([KQRBN][a-h]?[1-8]?x?[a-h][1-8]|[a-h]x[a-h][1-8](=[QRBN])?|[a-h][1-8]=[QRBN]|" \
	"[a-h][1-8][+#]|O-O|O-O-O)[+#]?$"

/* Whether WORD (a '#' in front and punctuation after allowed) is a node number; it goes to *N. */
static bool text_node_number(const char *word, unsigned long *n)
{
	char *end;

	if (*word == '#')
		word++;
	if (!isdigit((unsigned char)*word))
		return false;
	*n = strtoul(word, &end, 10);
	while (*end && strchr(",.;:)!?\"'", *end))
		end++;
	return *end == '\0';
}

/*
 * Whether WORD (quotes, brackets and punctuation around it allowed) is a
 * signed value such as "+800" or "-700," as the tree writes values; its
 * size goes to *N. Formulas ("-1200+320+200") are not single values.
 */
static bool text_value(const char *word, unsigned long *n)
{
	char *end;

	while (*word == '(' || *word == '"' || *word == '\'' || *word == '[')
		word++;
	if ((*word != '+' && *word != '-') || !isdigit((unsigned char)word[1]))
		return false;
	*n = strtoul(word + 1, &end, 10);
	while (*end && strchr(",.;:)!?\"']", *end))
		end++;
	return *end == '\0';
}

/* Checks the words of TEXT (an item at LINE, COLUMN) against what the page shows. */
static void check_words(struct verifier *v, const regex_t *re, int line, int column, const char *text,
			const struct san_set *shown)
{
	char buf[2048], *word, *save = NULL;
	bool after_node = false;

	snprintf(buf, sizeof buf, "%s", text);
	for (word = strtok_r(buf, " \t\n", &save); word; word = strtok_r(NULL, " \t\n", &save)) {
		char san[32];
		unsigned long n;

		/*
		 * A node number follows the word "node" ("node 12", "node #12"); a
		 * bare #N or #-N is a mate score (mate in N moves, as the tree
		 * writes it), which the screen check looks for (screenfact.h).
		 */
		if (after_node && text_node_number(word, &n) && n >= shown->nodes) {
			if (shown->nodes == 0)
				vfail(v, line, column, "the text names node %s, but the page shows no search tree", word);
			else
				vfail(v, line, column, "the text names node %s, but the largest tree the page shows has "
				      "nodes #0 to #%u", word, shown->nodes - 1);
		}
		after_node = !strcasecmp(word, "node") || !strcasecmp(word, "nodes");
		/* A mate in a notation the screen no longer uses ("+M3", plies from the root). */
		if ((word[0] == '+' || word[0] == '-') && word[1] == 'M' && isdigit((unsigned char)word[2])) {
			vfail(v, line, column, "the text writes the mate score %.*s, a form the screen does not use: "
			      "write it as the tree does, #N or #-N (moves of the side to move at the node)",
			      (int)(2 + strspn(word + 2, "0123456789")), word);
			continue;
		}
		if (text_value(word, &n) && !value_shown(shown, (int)n)) {
			vfail(v, line, column, "the text quotes the value %c%lu, which the page does not show: no "
			      "node of a search the page shows has it (score, static value, window, stand pat, "
			      "prune), nor the board's material", word[0] == '-' ? '-' : '+', n);
			continue;
		}
		if (!text_san(re, word, san, sizeof san) || san_set_has(shown, san))
			continue;
		vfail(v, line, column, "the text names the move %s, which the page does not show: it is neither a "
		      "legal move of the page's position nor a move in a search tree the page shows", san);
	}
}

/*
 * The rule of what the text may name (quiesce-lesson(5)): every move the
 * page's prose and its questions' @ask write in SAN (see text_san) is a
 * legal move of a position the page sets, or a move of a node (or a pruned
 * move) in a search the page shows: its @run searches and its @compare
 * sides; every node number ("node 12", "node #12") is a node of such a search.
 */
static void check_text(struct verifier *v, const struct lesson_page *pg, const struct san_set *shown)
{
	regex_t re;

	if (regcomp(&re, TEXT_SAN_RE, REG_EXTENDED | REG_NOSUB) != 0)
		return;
	for (int i = 0; i < pg->item_count; i++) {
		const struct lesson_item *it = &pg->items[i];

		if (it->kind == LI_TEXT && it->text)
			check_words(v, &re, it->line, it->column, it->text, shown);
		else if (it->kind == LI_QUESTION && it->question->ask)
			check_words(v, &re, it->line, it->column, it->question->ask, shown);
	}
	regfree(&re);
}

int lessoncheck_lesson(struct lesson *l, lesson_report_fn report, void *ctx)
{
	struct verifier v;
	struct san_set shown = { 0 };

	memset(&v, 0, sizeof v);
	v.l = l;
	v.report = report;
	v.ctx = ctx;
	v.s = session_new();
	for (int pi = 0; pi < l->page_count; pi++) {
		struct lesson_page *pg = &l->pages[pi];

		/* The same steps as the tutor's (page_build), item by item, with the checks in between. */
		page_start(v.s, pg, &v.pv);
		san_set_add_legal(&shown, &v.s->root);
		for (int i = 0; i < pg->item_count; i++) {
			struct lesson_item *it = &pg->items[i];
			struct error e = { 0 };

			if (!page_apply(v.s, it, &v.pv, &e))
				vfail(&v, it->line, it->column, "%s", e.msg);
			switch (it->kind) {
			case LI_POSITION:
				san_set_add_legal(&shown, &v.s->root);
				break;
			case LI_RUN:
				san_set_add_trace(&shown, &v.s->root, v.s->trace);
				value_add_shown(&shown, v.s->trace, 0);
				if (v.s->result.stopped)
					vfail(&v, it->line, it->column, "the search stopped at the node cap of %d nodes: "
					      "make it smaller", LESSON_MAX_NODES);
				it->node = 0;
				it->event = 0;
				break;
			case LI_GOTO:
			case LI_HIGHLIGHT:
				it->node = v.pv.item_node;
				it->event = v.pv.item_event;
				if (!v.s->comparing)
					value_add_shown(&shown, v.s->trace, it->node);
				break;
			case LI_COMPARE:
				for (int k = 0; k < 2 && v.s->comparing; k++) {
					san_set_add_trace(&shown, &v.s->root, v.s->side[k].trace);
					value_add_shown(&shown, v.s->side[k].trace, v.s->diverge);
				}
				for (int k = 0; k < 2; k++)
					if (v.s->comparing && v.s->side[k].result.stopped)
						vfail(&v, it->line, it->column, "compare side %c stopped at the node cap "
						      "of %d nodes: make it smaller", 'A' + k, LESSON_MAX_NODES);
				break;
			case LI_CLAIM:
				verify_claim(&v, it);
				break;
			case LI_QUESTION:
				verify_question(&v, it);
				break;
			default:
				break;
			}
		}
		check_text(&v, pg, &shown);
		shown.count = 0;
		shown.nodes = 0;
		shown.vcount = 0;
	}
	for (int i = 0; i < RUN_CACHE; i++)
		if (v.cache[i].trace)
			trace_free(v.cache[i].trace);
	session_free(v.s);
	free(shown.san);
	free(shown.values);
	return v.failures;
}
