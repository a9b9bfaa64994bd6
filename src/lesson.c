/*
 * lesson.c: reading lesson files, checking their claims against the engine,
 * and marking a learner's answers.
 *
 * A lesson is read in one pass, line by line. Directives are checked as far
 * as they can be without searching (the position exists, the moves are
 * legal, the options are valid); lesson_verify then runs the searches the
 * claims and questions are about and compares what they say with what the
 * engine did.
 */
#include "lesson.h"

#include <ctype.h>
#include <errno.h>
#include <regex.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "datadir.h"
#include "epd.h"
#include "fen.h"
#include "movegen.h"
#include "notation.h"
#include "page.h"
#include "session.h"
#include "inputfile.h"
#include "util.h"

#define MAX_TOKENS 160

/* A word of a directive line and the column (1-based) it starts at. */
struct tok {
	const char *s;
	int len;
	int col;
};

struct parser {
	struct lesson *l;
	struct error *err;
	int lineno;
	struct lesson_page *page;
	struct position pos;
	char fen[FEN_BUFSIZE];
	struct search_options opt;
	bool ran;                        /* a @run since the setup last changed, on this page */
	bool went;                       /* a @goto since that @run */
	bool compared;                   /* a @compare since the setup last changed, on this page */
	struct lesson_item *question;    /* the open @question, if any */
	struct lesson_item *para;        /* the open paragraph, if any */
};

static const char *const pred_names[LP_COUNT] = {
	"stand-pat", "stand-pat-cutoff", "stand-pat-raise", "beta-cutoff", "cutoff", "no-cutoff",
	"alpha-raise", "delta-prune", "see-prune", "prune", "mate", "horizon", "quiet-leaf",
	"in-check", "quiescence", "pv", "score", "eval", "alpha", "beta"
};

static const char *const pred_meanings[LP_COUNT] = {
	"the node stands pat: it takes its static value as a lower bound",
	"the stand pat alone reaches beta: the node cuts off without trying a move",
	"the stand pat raises alpha, and the node goes on to try its captures",
	"a move reaches beta: the node cuts off",
	"the node cuts off, by its stand pat or by a move",
	"the node tries every move it has without a cutoff",
	"a move raises alpha",
	"the node skips a capture by delta pruning",
	"the node skips a capture that loses material by SEE",
	"the node skips a capture (delta or SEE pruning)",
	"the side to move is checkmated",
	"a horizon leaf of mode none: its static value is taken as it is",
	"no stand pat and no move to search: the static value is returned",
	"the side to move is in check",
	"a node of the quiescence search",
	"a node on the principal variation",
	"the value the node returns",
	"the node's static evaluation",
	"alpha when the node is entered",
	"beta when the node is entered"
};

static const struct {
	const char *name;
	enum lesson_claim_kind kind;
} claim_names[] = {
	{ "best", LC_BEST }, { "not-best", LC_NOT_BEST }, { "score", LC_SCORE }, { "pv", LC_PV },
	{ "nodes", LC_NODES }, { "qnodes", LC_QNODES }, { "qshare", LC_QSHARE },
	{ "stand-pat-cutoffs", LC_STAND_PAT_CUTOFFS }, { "beta-cutoffs", LC_BETA_CUTOFFS },
	{ "delta-prunes", LC_DELTA_PRUNES }, { "see-prunes", LC_SEE_PRUNES }, { "mates", LC_MATES },
	{ "node", LC_NODE }
};
#define CLAIM_NAME_COUNT (sizeof claim_names / sizeof claim_names[0])

const char *lesson_pred_name(enum lesson_pred pred)
{
	return pred < LP_COUNT ? pred_names[pred] : "?";
}

const char *lesson_pred_meaning(enum lesson_pred pred)
{
	return pred < LP_COUNT ? pred_meanings[pred] : "?";
}

/* ------------------------------------------------------------ small helpers */

static bool tok_is(const struct tok *t, const char *word)
{
	return (int)strlen(word) == t->len && strncmp(t->s, word, (size_t)t->len) == 0;
}

/* Copies token T into BUF of N bytes (cut short if need be). */
static char *tok_copy(const struct tok *t, char *buf, size_t n)
{
	size_t len = (size_t)t->len < n - 1 ? (size_t)t->len : n - 1;

	memcpy(buf, t->s, len);
	buf[len] = '\0';
	return buf;
}

/* Splits LINE into blank-separated words; columns count from LINE's start. */
static int tokenize(const char *line, const char *from, struct tok *toks, int max)
{
	int n = 0;
	const char *s = from;

	while (*s) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0' || n == max)
			break;
		toks[n].s = s;
		toks[n].col = (int)(s - line) + 1;
		while (*s && *s != ' ' && *s != '\t')
			s++;
		toks[n].len = (int)(s - toks[n].s);
		n++;
	}
	return n;
}

/* Parses a whole number from 1 to 1000000. */
static bool parse_positive(const char *buf, long *out)
{
	char *end;
	long v;

	if (!isdigit((unsigned char)buf[0]))
		return false;
	v = strtol(buf, &end, 10);
	if (*end || v < 1 || v > 1000000L)
		return false;
	*out = v;
	return true;
}

static bool perr(struct parser *p, int col, const char *fmt, ...) PRINTF_LIKE(3, 4);
static bool perr(struct parser *p, int col, const char *fmt, ...)
{
	va_list ap;

	if (p->err == NULL)
		return false;
	p->err->line = p->lineno;
	p->err->column = col;
	va_start(ap, fmt);
	vsnprintf(p->err->msg, sizeof p->err->msg, fmt, ap);
	va_end(ap);
	return false;
}

static char *trimmed_dup(const char *s)
{
	size_t len;

	while (*s == ' ' || *s == '\t')
		s++;
	len = strlen(s);
	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	{
		char *r = xmalloc(len + 1);

		memcpy(r, s, len);
		r[len] = '\0';
		return r;
	}
}

/* Parses a score: "+100", "-35", "0", "inf", "+inf", "-inf". */
static bool parse_score(const char *s, int len, int *out)
{
	char buf[32];
	char *end;
	long v;

	if (len <= 0 || len >= (int)sizeof buf)
		return false;
	memcpy(buf, s, (size_t)len);
	buf[len] = '\0';
	if (!strcmp(buf, "inf") || !strcmp(buf, "+inf")) {
		*out = SCORE_INF;
		return true;
	}
	if (!strcmp(buf, "-inf")) {
		*out = -SCORE_INF;
		return true;
	}
	if (!(isdigit((unsigned char)buf[0]) || ((buf[0] == '+' || buf[0] == '-') && isdigit((unsigned char)buf[1]))))
		return false;
	v = strtol(buf, &end, 10);
	if (*end != '\0' || v < -SCORE_INF || v > SCORE_INF)
		return false;
	*out = (int)v;
	return true;
}

/* Parses "A..B", "A.." (A or more), "..B" (B or less) or "A" into R. */
static bool parse_range(const char *s, int len, struct lesson_range *r)
{
	const char *dots = NULL;

	for (int i = 0; i + 1 < len; i++)
		if (s[i] == '.' && s[i + 1] == '.') {
			dots = s + i;
			break;
		}
	if (dots == NULL) {
		if (!parse_score(s, len, &r->lo))
			return false;
		r->hi = r->lo;
		return true;
	}
	r->lo = -SCORE_INF;
	r->hi = SCORE_INF;
	if (dots > s && !parse_score(s, (int)(dots - s), &r->lo))
		return false;
	if (dots + 2 < s + len && !parse_score(dots + 2, (int)(s + len - dots - 2), &r->hi))
		return false;
	if (dots == s && dots + 2 == s + len)
		return false;
	return r->lo <= r->hi;
}

/* Like parse_range, for counts: 2000000000 is the upper end of "A..". */
static bool parse_count_range(const char *s, int len, struct lesson_range *r)
{
	const char *dots = NULL;
	char buf[32];
	char *end;
	long lo = 0, hi = 2000000000L;

	for (int i = 0; i + 1 < len; i++)
		if (s[i] == '.' && s[i + 1] == '.') {
			dots = s + i;
			break;
		}
	if (len >= (int)sizeof buf || len == 0)
		return false;
	if (dots == NULL) {
		memcpy(buf, s, (size_t)len);
		buf[len] = '\0';
		if (!isdigit((unsigned char)buf[0]))
			return false;
		lo = strtol(buf, &end, 10);
		if (*end || lo < 0 || lo > 2000000000L)
			return false;
		r->lo = r->hi = (int)lo;
		return true;
	}
	if (dots > s) {
		memcpy(buf, s, (size_t)(dots - s));
		buf[dots - s] = '\0';
		if (!isdigit((unsigned char)buf[0]))
			return false;
		lo = strtol(buf, &end, 10);
		if (*end || lo > 2000000000L)
			return false;
	}
	if (dots + 2 < s + len) {
		int n = (int)(s + len - dots - 2);

		memcpy(buf, dots + 2, (size_t)n);
		buf[n] = '\0';
		if (!isdigit((unsigned char)buf[0]))
			return false;
		hi = strtol(buf, &end, 10);
		if (*end || hi > 2000000000L)
			return false;
	}
	if ((dots == s && dots + 2 == s + len) || lo > hi)
		return false;
	r->lo = (int)lo;
	r->hi = (int)hi;
	return true;
}

static void format_range(const struct lesson_range *r, char *buf, size_t n)
{
	char a[24], b[24];

	search_score_text(r->lo, a, sizeof a);
	search_score_text(r->hi, b, sizeof b);
	if (r->lo == r->hi)
		snprintf(buf, n, "%s", a);
	else
		snprintf(buf, n, "%s..%s", r->lo <= -SCORE_INF ? "" : a, r->hi >= SCORE_INF ? "" : b);
}

static bool in_range(const struct lesson_range *r, long long v)
{
	return v >= r->lo && v <= r->hi;
}

/* Applies one search setting (variant_apply's syntax) to OPT. */
static bool apply_spec(struct search_options *opt, const char *spec, struct error *err)
{
	return variant_apply(opt, spec, err);
}

static bool options_equal(const struct search_options *a, const struct search_options *b)
{
	return a->depth == b->depth && a->mode == b->mode && a->check_plies == b->check_plies &&
	       a->qdepth == b->qdepth && a->delta == b->delta && a->delta_margin == b->delta_margin &&
	       a->see == b->see && a->fail_soft == b->fail_soft && a->stand_pat == b->stand_pat &&
	       a->evasions == b->evasions && a->pawn_pushes == b->pawn_pushes && a->order == b->order &&
	       a->eval == b->eval && a->max_nodes == b->max_nodes;
}

static void lesson_defaults(struct search_options *opt)
{
	search_defaults(opt);
	opt->max_nodes = LESSON_MAX_NODES;
}

/* ------------------------------------------------------------ positions */

/* Finds the record ID in the EPD file PATH (resolved in the data directory's positions/). */
static bool load_epd_position(struct parser *p, const char *file, const char *id, int col,
			      struct position *pos)
{
	const struct epd_file *epd;
	struct error e = { 0 };
	char rel[300];
	char *path;
	bool found = false;

	snprintf(rel, sizeof rel, "positions/%s", file);
	path = datadir_resolve(rel);
	/* Read once a run: lessons name the same few files again and again. */
	epd = epd_file_cached(path, &e);
	free(path);
	if (epd == NULL)
		return perr(p, col, "cannot read the positions of '%s': %s", file, e.msg);
	for (int i = 0; i < epd->count; i++)
		if (!strcmp(epd->records[i].id, id)) {
			*pos = epd->records[i].pos;
			found = true;
			break;
		}
	if (!found)
		return perr(p, col, "no position with id '%s' in positions/%s", id, file);
	return true;
}

/* @position fen FEN | startpos | FILE:ID | ID (of positions/lessons.epd). */
static bool parse_position(struct parser *p, const char *line, const struct tok *t, int n)
{
	char file[200], id[128];
	struct error e = { 0 };
	struct position pos;

	if (n == 0)
		return perr(p, (int)strlen(line) + 1, "@position needs a position: 'fen FEN', 'startpos', "
			    "'FILE:ID' or an id of positions/lessons.epd");
	if (tok_is(&t[0], "fen")) {
		const char *fen;

		if (n < 2)
			return perr(p, t[0].col + t[0].len + 1, "@position fen needs a FEN");
		fen = t[1].s;
		if (!fen_parse(&pos, fen, &e))
			return perr(p, t[1].col + (e.column > 0 ? e.column - 1 : 0), "invalid FEN: %s", e.msg);
	} else if (tok_is(&t[0], "startpos")) {
		if (n > 1)
			return perr(p, t[1].col, "unexpected '%.*s' after startpos", t[1].len, t[1].s);
		fen_parse(&pos, BOARD_START_FEN, NULL);
	} else {
		const char *colon = memchr(t[0].s, ':', (size_t)t[0].len);

		if (n > 1)
			return perr(p, t[1].col, "unexpected '%.*s': a position name is one word", t[1].len, t[1].s);
		if (t[0].len >= (int)sizeof id)
			return perr(p, t[0].col, "position name too long");
		if (colon) {
			int flen = (int)(colon - t[0].s);

			if (flen == 0 || colon + 1 == t[0].s + t[0].len)
				return perr(p, t[0].col, "invalid position name '%.*s': expected FILE:ID",
					    t[0].len, t[0].s);
			snprintf(file, sizeof file, "%.*s", flen, t[0].s);
			snprintf(id, sizeof id, "%.*s", (int)(t[0].s + t[0].len - colon - 1), colon + 1);
			if (strchr(file, '/'))
				return perr(p, t[0].col, "invalid position file '%s': name a file of positions/", file);
		} else {
			snprintf(file, sizeof file, "lessons.epd");
			tok_copy(&t[0], id, sizeof id);
		}
		if (!load_epd_position(p, file, id, t[0].col, &pos))
			return false;
	}
	p->pos = pos;
	fen_format(&p->pos, p->fen);
	return true;
}

/* ------------------------------------------------------------ node references */

/* Parses the words T[0..N) as a node reference; an empty one is LR_CURRENT. */
static bool parse_ref(struct parser *p, const struct tok *t, int n, int endcol, struct lesson_ref *ref)
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
			return perr(p, endcol, "no node given and no @goto on this page since the last @run");
		return true;
	}
	if (tok_is(&t[0], "root") || tok_is(&t[0], "current")) {
		if (n > 1)
			return perr(p, t[1].col, "unexpected '%.*s' after '%.*s'", t[1].len, t[1].s, t[0].len, t[0].s);
		ref->kind = tok_is(&t[0], "root") ? LR_ROOT : LR_CURRENT;
		if (ref->kind == LR_CURRENT && !p->went)
			return perr(p, t[0].col, "'current' names no node: no @goto on this page since the last @run");
		return true;
	}
	if (t[0].s[0] == '#') {
		char buf[32];
		char *end;
		long v;

		tok_copy(&t[0], buf, sizeof buf);
		v = strtol(buf + 1, &end, 10);
		if (!isdigit((unsigned char)buf[1]) || *end || v < 0 || v > 100000000L)
			return perr(p, t[0].col, "invalid node number '%.*s': expected #N", t[0].len, t[0].s);
		if (n > 1)
			return perr(p, t[1].col, "unexpected '%.*s' after the node number", t[1].len, t[1].s);
		ref->kind = LR_ID;
		ref->id = (uint32_t)v;
		return true;
	}
	if (tok_is(&t[0], "event")) {
		char buf[40];

		if (n < 2)
			return perr(p, t[0].col + t[0].len + 1, "'event' needs a kind (stand_pat, beta_cutoff, ...) "
				    "and optionally a number");
		tok_copy(&t[1], buf, sizeof buf);
		ref->event_kind = trace_kind_parse(buf);
		if (ref->event_kind < 0 || ref->event_kind == TE_ENTER || ref->event_kind == TE_LEAVE)
			return perr(p, t[1].col, "unknown event kind '%.*s': expected stand_pat, move, alpha_raise, "
				    "beta_cutoff, delta_prune, see_prune, mate, stalemate, horizon, qdepth_limit, "
				    "ply_limit, quiet_leaf or stopped", t[1].len, t[1].s);
		ref->event_nth = 1;
		if (n > 2) {
			long v;

			tok_copy(&t[2], buf, sizeof buf);
			if (!parse_positive(buf, &v))
				return perr(p, t[2].col, "invalid event number '%.*s': expected 1 or more",
					    t[2].len, t[2].s);
			ref->event_nth = (int)v;
		}
		if (n > 3)
			return perr(p, t[3].col, "unexpected '%.*s' after the event number", t[3].len, t[3].s);
		ref->kind = LR_EVENT;
		return true;
	}
	/* A line of moves from the root, optionally after the word "line". */
	if (tok_is(&t[0], "line")) {
		if (n == 1)
			return perr(p, t[0].col + t[0].len + 1, "'line' needs moves");
		t++;
		n--;
	}
	{
		struct position pos = p->pos;

		if (n > SEARCH_MAX_PLY)
			return perr(p, t[SEARCH_MAX_PLY].col, "line too long");
		for (int i = 0; i < n; i++) {
			char buf[32];
			struct error e = { 0 };
			struct undo u;
			move m;

			tok_copy(&t[i], buf, sizeof buf);
			if (!notation_parse(&pos, buf, &m, &e))
				return perr(p, t[i].col, "%s '%s' in the line to the node: %s",
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
static bool parse_test(struct parser *p, const struct tok *t, struct lesson_node_test *test)
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
		if ((int)strlen(pred_names[k]) != nlen || strncmp(pred_names[k], s, (size_t)nlen))
			continue;
		test->pred = (enum lesson_pred)k;
		if (k >= LP_SCORE) {
			if (!eq)
				return perr(p, t->col, "'%s' needs a value: %s=VALUE or %s=LOW..HIGH",
					    pred_names[k], pred_names[k], pred_names[k]);
			if (!parse_range(eq + 1, (int)(t->s + t->len - eq - 1), &test->range))
				return perr(p, (int)(eq - t->s) + t->col + 1, "invalid value '%.*s': expected a score "
					    "(+100, -35, inf) or a range LOW..HIGH", (int)(t->s + t->len - eq - 1), eq + 1);
		} else if (eq) {
			return perr(p, (int)(eq - t->s) + t->col, "'%s' takes no value", pred_names[k]);
		}
		return true;
	}
	return perr(p, t->col, "unknown node test '%.*s': expected stand-pat, stand-pat-cutoff, stand-pat-raise, "
		    "beta-cutoff, cutoff, no-cutoff, alpha-raise, delta-prune, see-prune, prune, mate, horizon, "
		    "quiet-leaf, in-check, quiescence, pv, score=, eval=, alpha= or beta= (each may start with not-)",
		    t->len, t->s);
}

/* Whether word T is one of the claim kinds. */
static int claim_kind_of(const struct tok *t)
{
	for (size_t i = 0; i < CLAIM_NAME_COUNT; i++)
		if (tok_is(t, claim_names[i].name))
			return (int)i;
	return -1;
}

/* @claim [with SETTING...] KIND ARGS. */
static bool parse_claim(struct parser *p, const char *line, const struct tok *t, int n, struct lesson_item *it)
{
	struct lesson_claim *c = xcalloc(1, sizeof *c);
	int i = 0, k;
	struct error e = { 0 };

	it->claim = c;
	c->opt = p->opt;
	c->side = -1;
	if (n > 0 && tok_is(&t[0], "side")) {
		if (n < 2 || t[1].len != 1 || (t[1].s[0] != 'A' && t[1].s[0] != 'B'))
			return perr(p, n < 2 ? t[0].col + t[0].len + 1 : t[1].col,
				    "'side' needs A or B (the sides of the page's @compare)");
		if (!p->compared)
			return perr(p, t[0].col, "a claim about side %c needs a @compare before it on the page "
				    "(after the last change of position or search)", t[1].s[0]);
		c->side = t[1].s[0] - 'A';
		t += 2;
		n -= 2;
		if (n > 0 && tok_is(&t[0], "with"))
			return perr(p, t[0].col, "a claim about a compare side cannot add 'with' settings: "
				    "the side is the search its @compare names");
	}
	if (n > 0 && tok_is(&t[0], "with")) {
		i = 1;
		while (i < n && claim_kind_of(&t[i]) < 0) {
			char buf[128];

			tok_copy(&t[i], buf, sizeof buf);
			if (!apply_spec(&c->opt, buf, &e))
				return perr(p, t[i].col, "%s", e.msg);
			i++;
		}
		if (i == 1)
			return perr(p, t[0].col + t[0].len + 1, "'with' needs search settings (checks, depth=3, ...)");
		c->has_with = true;
		snprintf(c->with, sizeof c->with, "%.*s", (int)(t[i - 1].s + t[i - 1].len - t[1].s), t[1].s);
	}
	if (i >= n)
		return perr(p, i > 0 ? t[i - 1].col + t[i - 1].len + 1 : (int)strlen(line) + 1,
			    "@claim needs a claim: best, not-best, score, pv, nodes, qnodes, qshare, "
			    "stand-pat-cutoffs, beta-cutoffs, delta-prunes, see-prunes, mates or node");
	k = claim_kind_of(&t[i]);
	if (k < 0)
		return perr(p, t[i].col, "unknown claim '%.*s': expected best, not-best, score, pv, nodes, qnodes, "
			    "qshare, stand-pat-cutoffs, beta-cutoffs, delta-prunes, see-prunes, mates or node "
			    "(or 'with' first)", t[i].len, t[i].s);
	c->kind = claim_names[k].kind;
	i++;
	switch (c->kind) {
	case LC_BEST:
	case LC_NOT_BEST:
	case LC_PV: {
		struct position pos = p->pos;

		if (i >= n)
			return perr(p, t[i - 1].col + t[i - 1].len + 1, "'%s' needs a move", claim_names[k].name);
		if (c->kind != LC_PV && n - i > 1)
			return perr(p, t[i + 1].col, "'%s' takes one move; unexpected '%.*s'", claim_names[k].name,
				    t[i + 1].len, t[i + 1].s);
		for (; i < n; i++) {
			char buf[32];
			struct undo u;
			move m;

			if (c->move_count == SEARCH_MAX_PLY)
				return perr(p, t[i].col, "line too long");
			tok_copy(&t[i], buf, sizeof buf);
			if (!notation_parse(&pos, buf, &m, &e))
				return perr(p, t[i].col, "illegal move '%s': %s", buf, e.msg);
			c->moves[c->move_count++] = m;
			board_make(&pos, m, &u);
		}
		break;
	}
	case LC_SCORE:
		if (i >= n)
			return perr(p, t[i - 1].col + t[i - 1].len + 1, "'score' needs a value, a range LOW..HIGH, "
				    "'mate' or 'mated'");
		if (n - i > 1)
			return perr(p, t[i + 1].col, "unexpected '%.*s' after the score", t[i + 1].len, t[i + 1].s);
		if (tok_is(&t[i], "mate"))
			c->mate = 1;
		else if (tok_is(&t[i], "mated"))
			c->mate = -1;
		else if (!parse_range(t[i].s, t[i].len, &c->range))
			return perr(p, t[i].col, "invalid score '%.*s': expected a value (+100), a range LOW..HIGH, "
				    "'mate' or 'mated'", t[i].len, t[i].s);
		break;
	case LC_NODE: {
		int colon = -1;

		for (int j = i; j < n; j++)
			if (t[j].s[t[j].len - 1] == ':') {
				colon = j;
				break;
			}
		if (colon < 0)
			return perr(p, (int)strlen(line) + 1, "'node' needs a node, a colon and tests: "
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
				return perr(p, t[colon].col, "a claim 'with' other settings must name its node "
					    "(root, #N, event KIND N or a line of moves)");
			if (c->side >= 0 && nr == 0)
				return perr(p, t[colon].col, "a claim about a compare side must name its node "
					    "(root, #N, event KIND N or a line of moves)");
			if (!c->has_with && c->side < 0 && !p->ran)
				return perr(p, t[i - 1].col, "a node claim about the page's search needs a @run "
					    "before it on the page (or 'with' settings)");
			if (c->has_with || c->side >= 0)
				p->went = true;   /* 'current' is refused below for other searches */
			if (!parse_ref(p, refs, nr, t[colon].col, &c->ref)) {
				p->went = saved_went;
				return false;
			}
			p->went = saved_went;
			if ((c->has_with || c->side >= 0) && c->ref.kind == LR_CURRENT)
				return perr(p, t[i].col, "'current' is the node of the page's search; a claim 'with' "
					    "other settings or about a compare side must name its node");
		}
		i = colon + 1;
		if (i >= n)
			return perr(p, t[colon].col + t[colon].len, "no test after the colon: expected stand-pat, "
				    "cutoff, score=VALUE ...");
		for (; i < n; i++) {
			if (c->test_count == LESSON_MAX_TESTS)
				return perr(p, t[i].col, "too many tests (at most %d)", LESSON_MAX_TESTS);
			if (!parse_test(p, &t[i], &c->tests[c->test_count++]))
				return false;
		}
		break;
	}
	default:
		if (i >= n)
			return perr(p, t[i - 1].col + t[i - 1].len + 1, "'%s' needs a count or a range LOW..HIGH",
				    claim_names[k].name);
		if (n - i > 1)
			return perr(p, t[i + 1].col, "unexpected '%.*s' after the count", t[i + 1].len, t[i + 1].s);
		if (!parse_count_range(t[i].s, t[i].len, &c->range))
			return perr(p, t[i].col, "invalid count '%.*s': expected a whole number or a range LOW..HIGH",
				    t[i].len, t[i].s);
		if (c->kind == LC_QSHARE && c->range.hi > 100 && c->range.hi != 2000000000)
			return perr(p, t[i].col, "a share is a per cent: from 0 to 100");
		break;
	}
	return true;
}

/* Finishes the open question: it must have what its kind needs, and its answer must read. */
static bool close_question(struct parser *p)
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
		return perr(p, it->column, "question without @ask (the question put to the learner)");
	if (q->answer_text == NULL)
		return perr(p, it->column, "question without @answer");
	if (q->kind == LQ_NODE && q->choice_count < 2)
		return perr(p, it->column, "a node question needs @choices: two or more node tests");
	if (q->kind != LQ_NODE && q->choice_count > 0)
		return perr(p, it->column, "@choices is only for node questions");
	if (q->kind != LQ_SCORE && q->tolerance > 0)
		return perr(p, it->column, "@tolerance is only for score questions");
	p->lineno = q->answer_line;
	n = tokenize(q->answer_text - (q->answer_column - 1), q->answer_text, t, MAX_TOKENS);
	switch (q->kind) {
	case LQ_BEST: {
		char buf[32];
		struct error e = { 0 };

		if (n != 1)
			ok = perr(p, n > 1 ? t[1].col : q->answer_column, "the answer to a best-move question is one move");
		else if (!notation_parse(&it->pos, tok_copy(&t[0], buf, sizeof buf), &q->best, &e))
			ok = perr(p, t[0].col, "illegal move '%s': %s", buf, e.msg);
		break;
	}
	case LQ_SCORE:
		if (n != 1 || !parse_score(t[0].s, t[0].len, &q->score) || q->score <= -SCORE_INF ||
		    q->score >= SCORE_INF)
			ok = perr(p, n > 0 ? t[0].col : q->answer_column, "the answer to a score question is one "
				  "score in centipawns, such as -800 or +100");
		break;
	case LQ_NODE:
		q->answer_choice = -1;
		if (n != 1)
			ok = perr(p, n > 1 ? t[1].col : q->answer_column, "the answer to a node question is one of "
				  "its @choices");
		else
			for (int i = 0; i < q->choice_count; i++) {
				struct lesson_node_test test;
				struct error *keep = p->err;

				p->err = NULL;
				if (parse_test(p, &t[0], &test) && test.pred == q->choices[i].pred &&
				    test.negated == q->choices[i].negated)
					q->answer_choice = i;
				p->err = keep;
			}
		if (ok && q->answer_choice < 0)
			ok = perr(p, t[0].col, "the answer '%.*s' is not one of the @choices", t[0].len, t[0].s);
		break;
	case LQ_WINDOW:
		if (n != 2 || !parse_score(t[0].s, t[0].len, &q->alpha) || !parse_score(t[1].s, t[1].len, &q->beta))
			ok = perr(p, n > 0 ? t[0].col : q->answer_column, "the answer to a window question is "
				  "alpha and beta, such as '-inf +100'");
		break;
	}
	p->lineno = saved;
	return ok;
}

/* Adds an item of KIND to the page, with the page's setup as it stands. */
static struct lesson_item *add_item(struct parser *p, enum lesson_item_kind kind, int col)
{
	struct lesson_page *pg = p->page;
	struct lesson_item *it;

	pg->items = xrealloc(pg->items, sizeof *pg->items * (size_t)(pg->item_count + 1));
	it = &pg->items[pg->item_count++];
	memset(it, 0, sizeof *it);
	it->kind = kind;
	it->line = p->lineno;
	it->column = col;
	it->node = it->event = TRACE_NONE;
	return it;
}

/* Records the setup on the last item (after its directive changed it). */
static void stamp(struct parser *p, struct lesson_item *it)
{
	it->pos = p->pos;
	memcpy(it->fen, p->fen, sizeof it->fen);
	it->opt = p->opt;
}

/* The lines that belong to an open @question. */
static bool question_part(struct parser *p, const char *line, const char *name, const char *rest, int col)
{
	struct lesson_question *q;
	char **slot = NULL;

	if (p->question == NULL)
		return perr(p, 1, "@%s outside a question: put it after @question", name);
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
		char *text = trimmed_dup(rest);

		if (*slot) {
			free(text);
			return perr(p, 1, "a second @%s in the same question", name);
		}
		if (*text == '\0') {
			free(text);
			return perr(p, col, "@%s needs text", name);
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
		int n = tokenize(line, rest, t, MAX_TOKENS);

		if (q->choice_count)
			return perr(p, 1, "a second @choices in the same question");
		if (n < 2)
			return perr(p, col, "@choices needs two or more node tests");
		if (n > LESSON_MAX_CHOICES)
			return perr(p, t[LESSON_MAX_CHOICES].col, "too many choices (at most %d)", LESSON_MAX_CHOICES);
		for (int i = 0; i < n; i++) {
			if (!parse_test(p, &t[i], &q->choices[q->choice_count]))
				return false;
			if (q->choices[i].pred >= LP_SCORE)
				return perr(p, t[i].col, "a choice is a node test without a value (stand-pat-cutoff, "
					    "beta-cutoff, ...)");
			q->choice_count++;
		}
		return true;
	}
	/* tolerance */
	{
		struct tok t[4];
		int n = tokenize(line, rest, t, 4);
		long v;
		char buf[32];

		if (n != 1 || !isdigit((unsigned char)t[0].s[0]))
			return perr(p, n ? t[0].col : col, "@tolerance needs a number of centipawns");
		tok_copy(&t[0], buf, sizeof buf);
		v = strtol(buf, NULL, 10);
		if (v < 1 || v > 10000)
			return perr(p, t[0].col, "@tolerance must be from 1 to 10000 centipawns");
		q->tolerance = (int)v;
		return true;
	}
}

/* One directive line of a page. */
static bool parse_directive(struct parser *p, const char *line)
{
	char name[32];
	const char *s = line + 1, *rest;
	struct tok t[MAX_TOKENS];
	struct lesson_item *it;
	int n, len = 0;
	struct error e = { 0 };

	while (isalpha((unsigned char)s[len]) || s[len] == '-')
		len++;
	if (len == 0 || len >= (int)sizeof name)
		return perr(p, 1, "expected a directive name after '@'");
	memcpy(name, s, (size_t)len);
	name[len] = '\0';
	rest = s + len;
	if (*rest && *rest != ' ' && *rest != '\t')
		return perr(p, (int)(rest - line) + 1, "unexpected '%c' after @%s", *rest, name);
	p->para = NULL;

	if (!strcmp(name, "ask") || !strcmp(name, "answer") || !strcmp(name, "hint") || !strcmp(name, "right") ||
	    !strcmp(name, "wrong") || !strcmp(name, "choices") || !strcmp(name, "tolerance"))
		return question_part(p, line, name, rest, (int)(rest - line) + 1);
	if (!close_question(p))
		return false;

	n = tokenize(line, rest, t, MAX_TOKENS);
	if (n == MAX_TOKENS)
		return perr(p, t[MAX_TOKENS - 1].col, "too many words on one line");
	if (!strcmp(name, "position")) {
		if (!parse_position(p, line, t, n))
			return false;
		p->ran = p->went = p->compared = false;
		stamp(p, add_item(p, LI_POSITION, 1));
	} else if (!strcmp(name, "search") || !strcmp(name, "set")) {
		struct search_options opt = p->opt;

		if (!strcmp(name, "search"))
			lesson_defaults(&opt);
		else if (n == 0)
			return perr(p, (int)strlen(line) + 1, "@set needs search settings (depth=3, delta, ...)");
		for (int i = 0; i < n; i++) {
			char buf[128];

			if (!apply_spec(&opt, tok_copy(&t[i], buf, sizeof buf), &e))
				return perr(p, t[i].col, "%s", e.msg);
		}
		p->opt = opt;
		p->ran = p->went = p->compared = false;
		it = add_item(p, !strcmp(name, "search") ? LI_SEARCH : LI_SET, 1);
		stamp(p, it);
	} else if (!strcmp(name, "run")) {
		if (n > 0)
			return perr(p, t[0].col, "@run takes no arguments");
		p->ran = true;
		p->went = false;
		stamp(p, add_item(p, LI_RUN, 1));
	} else if (!strcmp(name, "goto")) {
		struct lesson_ref ref;

		if (!p->ran)
			return perr(p, 1, "@goto needs a @run before it on the page (after the last change of "
				    "position or search)");
		if (n == 0)
			return perr(p, (int)strlen(line) + 1, "@goto needs a node: root, #N, event KIND [N] or "
				    "a line of moves");
		if (!parse_ref(p, t, n, (int)strlen(line) + 1, &ref))
			return false;
		it = add_item(p, LI_GOTO, 1);
		stamp(p, it);
		it->ref = ref;
		it->goto_event = ref.kind == LR_EVENT;
		p->went = true;
	} else if (!strcmp(name, "highlight")) {
		if (n == 0 || !(tok_is(&t[0], "squares") || tok_is(&t[0], "node")))
			return perr(p, n ? t[0].col : (int)strlen(line) + 1,
				    "@highlight needs 'squares SQ...' or 'node REF'");
		if (tok_is(&t[0], "squares")) {
			bitboard sq = 0;

			if (n < 2)
				return perr(p, t[0].col + t[0].len + 1, "@highlight squares needs squares (e4 d5 ...)");
			for (int i = 1; i < n; i++) {
				if (t[i].len != 2 || t[i].s[0] < 'a' || t[i].s[0] > 'h' || t[i].s[1] < '1' || t[i].s[1] > '8')
					return perr(p, t[i].col, "invalid square '%.*s': expected a1 ... h8", t[i].len, t[i].s);
				sq |= (bitboard)1 << SQ_MAKE(t[i].s[0] - 'a', t[i].s[1] - '1');
			}
			it = add_item(p, LI_HIGHLIGHT, 1);
			stamp(p, it);
			it->squares = sq;
		} else {
			struct lesson_ref ref;

			if (!p->ran)
				return perr(p, t[0].col, "@highlight node needs a @run before it on the page");
			if (!parse_ref(p, t + 1, n - 1, (int)strlen(line) + 1, &ref))
				return false;
			it = add_item(p, LI_HIGHLIGHT, 1);
			stamp(p, it);
			it->ref = ref;
		}
	} else if (!strcmp(name, "compare")) {
		if (n != 2)
			return perr(p, n > 2 ? t[2].col : (int)strlen(line) + 1, "@compare needs two modes, such as "
				    "'none captures' or 'captures checks+check-plies=all'");
		for (int i = 0; i < 2; i++) {
			struct search_options opt = p->opt;
			char buf[64];

			if (t[i].len >= (int)sizeof buf)
				return perr(p, t[i].col, "mode too long");
			if (!variant_complete(&opt, &p->opt, tok_copy(&t[i], buf, sizeof buf), &e))
				return perr(p, t[i].col, "%s", e.msg);
		}
		it = add_item(p, LI_COMPARE, 1);
		stamp(p, it);
		p->compared = true;
		tok_copy(&t[0], it->compare[0], sizeof it->compare[0]);
		tok_copy(&t[1], it->compare[1], sizeof it->compare[1]);
	} else if (!strcmp(name, "claim")) {
		it = add_item(p, LI_CLAIM, 1);
		stamp(p, it);
		if (!parse_claim(p, line, t, n, it))
			return false;
	} else if (!strcmp(name, "question")) {
		struct lesson_question *q;
		static const char *const kinds[] = { "best", "score", "node", "window" };
		int k = -1;

		for (int i = 0; i < 4 && n > 0; i++)
			if (tok_is(&t[0], kinds[i]))
				k = i;
		if (k < 0)
			return perr(p, n ? t[0].col : (int)strlen(line) + 1,
				    "@question needs a kind: best, score, node [REF] or window [REF]");
		it = add_item(p, LI_QUESTION, 1);
		stamp(p, it);
		q = it->question = xcalloc(1, sizeof *q);
		q->kind = (enum lesson_question_kind)k;
		q->node = TRACE_NONE;
		if (q->kind == LQ_NODE || q->kind == LQ_WINDOW) {
			if (!p->ran)
				return perr(p, t[0].col, "a %s question needs a @run before it on the page", kinds[k]);
			if (!parse_ref(p, t + 1, n - 1, (int)strlen(line) + 1, &q->ref))
				return false;
		} else if (n > 1) {
			return perr(p, t[1].col, "unexpected '%.*s': a %s question is about the page's search",
				    t[1].len, t[1].s, kinds[k]);
		}
		p->question = it;
	} else {
		return perr(p, 2, "unknown directive '@%s': expected position, search, set, run, goto, highlight, "
			    "compare, claim, question (or ask, answer, choices, tolerance, hint, right, wrong "
			    "in a question)", name);
	}
	p->page->items[p->page->item_count - 1].text = trimmed_dup(rest);
	return true;
}

/* Ends the page being read: a page must say something. */
static bool close_page(struct parser *p)
{
	if (!close_question(p))
		return false;
	p->para = NULL;
	if (p->page && p->page->item_count == 0) {
		p->lineno = p->page->line;
		return perr(p, 1, "empty page '%s': a page needs prose or directives", p->page->title);
	}
	return true;
}

/* A header line "key: value" before the first page. */
static bool parse_header(struct parser *p, const char *line)
{
	static const char *const keys[] = { "title", "id", "summary" };
	const char *colon = strchr(line, ':');
	char **slot;
	int k = -1;

	if (colon)
		for (int i = 0; i < 3; i++)
			if ((size_t)(colon - line) == strlen(keys[i]) && !strncmp(line, keys[i], strlen(keys[i])))
				k = i;
	if (k < 0) {
		if (colon && colon > line && !memchr(line, ' ', (size_t)(colon - line)) && colon - line < 20)
			return perr(p, 1, "unknown header '%.*s:': expected title, id, summary or page",
				    (int)(colon - line), line);
		return perr(p, 1, "expected a header line (title:, id:, summary:) or 'page:' before any text");
	}
	slot = k == 0 ? &p->l->title : k == 1 ? &p->l->id : &p->l->summary;
	if (*slot)
		return perr(p, 1, "a second '%s:' line", keys[k]);
	*slot = trimmed_dup(colon + 1);
	if (**slot == '\0')
		return perr(p, (int)(colon - line) + 2, "empty %s", keys[k]);
	if (k == 1) {
		for (const char *c = *slot; *c; c++)
			if (!(islower((unsigned char)*c) || isdigit((unsigned char)*c) || *c == '-'))
				return perr(p, (int)(colon - line) + 2 + (int)(strchr(colon + 1, **slot) - colon - 1) +
					    (int)(c - *slot), "invalid character '%c' in the id: use a-z, 0-9 and '-'", *c);
	}
	return true;
}

/* One line of a page (not a directive): prose, a preformatted line or a blank. */
static void page_text(struct parser *p, const char *line)
{
	bool pre = line[0] == ' ' || line[0] == '\t';
	const char *s = line;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '\0') {
		p->para = NULL;
		return;
	}
	if (p->para && p->para->preformatted == pre) {
		size_t a = strlen(p->para->text), b = strlen(pre ? line : s);

		p->para->text = xrealloc(p->para->text, a + b + 2);
		p->para->text[a] = pre ? '\n' : ' ';
		memcpy(p->para->text + a + 1, pre ? line : s, b + 1);
		return;
	}
	p->para = add_item(p, LI_TEXT, (int)(s - line) + 1);
	stamp(p, p->para);
	p->para->preformatted = pre;
	p->para->text = xstrdup(pre ? line : s);
}

/* Parses the logical line LINE (continuations joined) of a lesson. */
static bool parse_line(struct parser *p, const char *line)
{
	if (line[0] == '#')
		return true;
	if (!strncmp(line, "page:", 5)) {
		struct lesson *l = p->l;
		struct lesson_page *pg;

		if (!close_page(p))
			return false;
		if (l->title == NULL || l->id == NULL || l->summary == NULL)
			return perr(p, 1, "the header lacks '%s:' (title, id and summary come before the first page)",
				    l->title == NULL ? "title" : l->id == NULL ? "id" : "summary");
		l->pages = xrealloc(l->pages, sizeof *l->pages * (size_t)(l->page_count + 1));
		pg = &l->pages[l->page_count++];
		memset(pg, 0, sizeof *pg);
		pg->title = trimmed_dup(line + 5);
		pg->line = p->lineno;
		pg->pos = p->pos;
		memcpy(pg->fen, p->fen, sizeof pg->fen);
		pg->opt = p->opt;
		p->page = pg;
		p->ran = p->went = p->compared = false;
		if (*pg->title == '\0')
			return perr(p, 6, "a page needs a title after 'page:'");
		return true;
	}
	if (p->page == NULL) {
		const char *s = line;

		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0')
			return true;
		if (line[0] == '@')
			return perr(p, 1, "directive before the first 'page:'");
		return parse_header(p, line);
	}
	if (line[0] == '@')
		return parse_directive(p, line);
	if (p->question) {
		const char *s = line;

		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0')
			return close_question(p);
		return perr(p, (int)(s - line) + 1, "text inside a question: end the question with a blank line "
			    "first, or give its text with @ask");
	}
	page_text(p, line);
	return true;
}

struct lesson *lesson_parse(const char *text, const char *name, struct error *err)
{
	struct parser p;
	struct lesson *l = xcalloc(1, sizeof *l);
	const char *s = text;
	char *logical = NULL;
	size_t cap = 0;
	int lineno = 0;

	memset(&p, 0, sizeof p);
	p.l = l;
	p.err = err;
	l->path = xstrdup(name);
	fen_parse(&p.pos, BOARD_START_FEN, NULL);
	fen_format(&p.pos, p.fen);
	lesson_defaults(&p.opt);
	while (*s) {
		const char *end = strchr(s, '\n');
		size_t len = end ? (size_t)(end - s) : strlen(s), used = 0;
		int first = lineno + 1;

		/* Join lines ending in a backslash (the next line's leading blanks dropped). */
		for (;;) {
			size_t l2 = len;
			bool cont;

			lineno++;
			if (l2 > 0 && s[l2 - 1] == '\r')
				l2--;
			cont = l2 > 0 && s[l2 - 1] == '\\' && end != NULL;
			if (cont)
				l2--;
			if (used + l2 + 2 > cap) {
				cap = (used + l2 + 2) * 2;
				logical = xrealloc(logical, cap);
			}
			memcpy(logical + used, s, l2);
			used += l2;
			logical[used] = '\0';
			for (size_t i = 0; i < l2; i++)
				if (s[i] == '\0' || ((unsigned char)s[i] < 32 && s[i] != '\t')) {
					p.lineno = lineno;
					perr(&p, (int)i + 1, "control character (code %d) in the text", (unsigned char)s[i]);
					goto fail;
				}
			s = end ? end + 1 : s + len;
			if (!cont)
				break;
			while (*s == ' ' || *s == '\t')
				s++;
			end = strchr(s, '\n');
			len = end ? (size_t)(end - s) : strlen(s);
		}
		p.lineno = first;
		if (!parse_line(&p, logical))
			goto fail;
	}
	p.lineno = lineno;
	if (!close_page(&p))
		goto fail;
	if (l->page_count == 0) {
		p.lineno = lineno > 0 ? lineno : 1;
		perr(&p, 1, l->title == NULL ? "empty lesson: expected title:, id:, summary: and pages" :
		     "the lesson has no page: expected 'page: TITLE'");
		goto fail;
	}
	free(logical);
	return l;
fail:
	free(logical);
	lesson_free(l);
	return NULL;
}

struct lesson *lesson_load(const char *path, struct error *err)
{
	struct error e = { 0 };
	FILE *f = inputfile_open(path, &e);
	char *buf;
	size_t len = 0, cap = 4096, got;
	struct lesson *l;

	if (f == NULL) {
		error_set(err, 0, 0, "%s", e.msg);
		return NULL;
	}
	buf = xmalloc(cap);
	while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += got;
		if (len + 1 == cap)
			buf = xrealloc(buf, cap *= 2);
	}
	fclose(f);
	buf[len] = '\0';
	if (strlen(buf) != len) {
		int line = 1, col = 1;

		for (size_t i = 0; buf[i]; i++, col++)
			if (buf[i] == '\n') {
				line++;
				col = 0;
			}
		free(buf);
		error_set(err, line, col, "NUL byte in the text");
		return NULL;
	}
	l = lesson_parse(buf, path, err);
	free(buf);
	return l;
}

void lesson_free(struct lesson *l)
{
	if (l == NULL)
		return;
	for (int i = 0; i < l->page_count; i++) {
		struct lesson_page *pg = &l->pages[i];

		for (int j = 0; j < pg->item_count; j++) {
			struct lesson_item *it = &pg->items[j];

			free(it->text);
			free(it->claim);
			if (it->question) {
				free(it->question->ask);
				free(it->question->answer_text);
				free(it->question->hint);
				free(it->question->right);
				free(it->question->wrong);
				free(it->question);
			}
		}
		free(pg->items);
		free(pg->title);
	}
	free(l->pages);
	free(l->path);
	free(l->id);
	free(l->title);
	free(l->summary);
	free(l);
}

/* ------------------------------------------------------------ checking claims */

bool lesson_ref_resolve(const struct lesson_ref *ref, const struct trace *t, uint32_t current,
			uint32_t *node, uint32_t *event, struct error *err)
{
	uint32_t n = 0;

	if (trace_node_count(t) == 0)
		return error_set(err, 0, 0, "the search recorded no node");
	*event = TRACE_NONE;
	switch (ref->kind) {
	case LR_ROOT:
		n = 0;
		break;
	case LR_CURRENT:
		if (current == TRACE_NONE)
			return error_set(err, 0, 0, "no current node");
		n = current;
		break;
	case LR_ID:
		if (ref->id >= trace_node_count(t))
			return error_set(err, 0, 0, "no node #%u: the search has %u nodes (#0 to #%u)",
					 ref->id, trace_node_count(t), trace_node_count(t) - 1);
		n = ref->id;
		break;
	case LR_EVENT: {
		int seen = 0;
		struct trace_iter it;
		struct trace_event e;

		for (trace_iter_init(&it, t, 0); trace_iter_next(&it, &e);)
			if (e.kind == ref->event_kind && ++seen == ref->event_nth) {
				*event = it.index;
				*node = e.node;
				return true;
			}
		return error_set(err, 0, 0, "the search has %d %s event%s, not %d", seen,
				 trace_kind_name(ref->event_kind), seen == 1 ? "" : "s", ref->event_nth);
	}
	case LR_LINE:
		for (int i = 0; i < ref->line_len; i++) {
			uint32_t c = trace_first_child(t, n);

			while (c != TRACE_NONE && trace_node_get(t, c).move != ref->line[i])
				c = trace_next_sibling(t, c);
			if (c == TRACE_NONE)
				return error_set(err, 0, 0, "the search never reached '%s': it stopped at node #%u "
						 "after %d of its moves (cut off or pruned there)", ref->text, n, i);
			n = c;
		}
		break;
	}
	*node = n;
	if (*event == TRACE_NONE)
		*event = trace_node_get(t, n).enter;
	return true;
}

/* The facts about node N, one bit per predicate below LP_SCORE. */
static unsigned node_facts(const struct trace *t, uint32_t n)
{
	const struct trace_node nd_v = trace_node_get(t, n), *nd = &nd_v;
	unsigned f = 0;

	for (uint32_t ev = nd->enter; ev != TRACE_NONE; ev = trace_node_next_event(t, n, ev)) {
		const struct trace_event e_v = trace_event_get(t, ev), *e = &e_v;

		switch (e->kind) {
		case TE_STAND_PAT:
			f |= 1u << LP_STAND_PAT;
			if (e->extra == TSP_CUTOFF)
				f |= 1u << LP_STAND_PAT_CUTOFF;
			if (e->extra == TSP_RAISE)
				f |= 1u << LP_STAND_PAT_RAISE;
			break;
		case TE_BETA_CUTOFF:
			f |= 1u << LP_BETA_CUTOFF;
			break;
		case TE_ALPHA_RAISE:
			f |= 1u << LP_ALPHA_RAISE;
			break;
		case TE_DELTA_PRUNE:
			f |= 1u << LP_DELTA_PRUNE;
			break;
		case TE_SEE_PRUNE:
			f |= 1u << LP_SEE_PRUNE;
			break;
		case TE_MATE:
			f |= 1u << LP_MATE;
			break;
		case TE_HORIZON:
			f |= 1u << LP_HORIZON;
			break;
		case TE_QUIET_LEAF:
			f |= 1u << LP_QUIET_LEAF;
			break;
		default:
			break;
		}
	}
	if (f & ((1u << LP_STAND_PAT_CUTOFF) | (1u << LP_BETA_CUTOFF)))
		f |= 1u << LP_CUTOFF;
	else
		f |= 1u << LP_NO_CUTOFF;
	if (f & ((1u << LP_DELTA_PRUNE) | (1u << LP_SEE_PRUNE)))
		f |= 1u << LP_PRUNE;
	if (nd->flags & TN_IN_CHECK)
		f |= 1u << LP_IN_CHECK;
	if (nd->flags & TN_QUIESCENCE)
		f |= 1u << LP_QUIESCENCE;
	if (nd->flags & TN_PV)
		f |= 1u << LP_PV;
	return f;
}

bool lesson_node_test_holds(const struct lesson_node_test *test, const struct trace *t, uint32_t node)
{
	const struct trace_node nd_v = trace_node_get(t, node), *nd = &nd_v;
	bool holds;

	switch (test->pred) {
	case LP_SCORE:
		holds = in_range(&test->range, nd->score);
		break;
	case LP_EVAL:
		holds = in_range(&test->range, nd->eval);
		break;
	case LP_ALPHA:
		holds = in_range(&test->range, nd->alpha);
		break;
	case LP_BETA:
		holds = in_range(&test->range, nd->beta);
		break;
	default:
		holds = (node_facts(t, node) >> test->pred) & 1;
		break;
	}
	return holds != test->negated;
}

/* Writes TEST as written in a lesson ("not-cutoff", "score=-100..0"). */
static void format_test(const struct lesson_node_test *test, char *buf, size_t n)
{
	char r[64] = "";

	if (test->pred >= LP_SCORE) {
		char v[56];

		format_range(&test->range, v, sizeof v);
		snprintf(r, sizeof r, "=%s", v);
	}
	snprintf(buf, n, "%s%s%s", test->negated ? "not-" : "", pred_names[test->pred], r);
}

void lesson_node_test_format(const struct lesson_node_test *test, char *buf, size_t n)
{
	format_test(test, buf, n);
}

/* What node N is and did, for a failure message. */
static void describe_node(const struct trace *t, uint32_t n, char *buf, size_t size)
{
	unsigned f = node_facts(t, n);
	const struct trace_node nd_v = trace_node_get(t, n), *nd = &nd_v;
	char a[24], b[24], sc[24], ev[24];
	size_t used;

	search_score_text(nd->alpha, a, sizeof a);
	search_score_text(nd->beta, b, sizeof b);
	search_score_text(nd->score, sc, sizeof sc);
	search_score_text(nd->eval, ev, sizeof ev);
	used = (size_t)snprintf(buf, size, "node #%u (window %s %s, eval %s, score %s;", n, a, b, ev, sc);
	for (int k = 0; k < LP_SCORE && used < size; k++)
		if (f & (1u << k))
			used += (size_t)snprintf(buf + used, size - used, " %s", pred_names[k]);
	if (used < size)
		snprintf(buf + used, size - used, ")");
}

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
		if (r->used && !strcmp(r->fen, fen) && options_equal(&r->opt, opt) && (!traced || r->trace))
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
	char what[360];                  /* "(mode captures, ...)" or "(side A: ...)" for messages */
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
		search_options_describe(&sd->opt, desc, sizeof desc);
		snprintf(sub->what, sizeof sub->what, "(side %c, %s: %s)", 'A' + side, sd->typed, desc);
		return true;
	}
	search_options_describe(opt, desc, sizeof desc);
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

/* Checks one claim on the search it is about. */
static void verify_claim(struct verifier *v, const struct lesson_item *it)
{
	const struct lesson_claim *c = it->claim;
	struct subject sub;
	const struct search_result *res;
	const char *what;
	char desc[256], got[64], want[64];
	long long value = 0;

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
			search_score_text(res->score, desc, sizeof desc);
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

		search_score_text(res->score, got, sizeof got);
		if (c->mate) {
			ok = c->mate > 0 ? res->score >= SCORE_MATE - SEARCH_MAX_PLY :
			     res->score <= -(SCORE_MATE - SEARCH_MAX_PLY);
			if (!ok)
				vfail(v, it->line, it->column, "claim failed: the score is %s, not %s %s", got,
				      c->mate > 0 ? "a mate" : "mated", what);
			return;
		}
		if (!in_range(&c->range, res->score)) {
			format_range(&c->range, want, sizeof want);
			vfail(v, it->line, it->column, "claim failed: the score is %s, not %s %s", got, want, what);
		}
		return;
	}
	case LC_NODES: value = (long long)res->nodes; break;
	case LC_QNODES: value = (long long)res->qnodes; break;
	case LC_QSHARE: value = res->nodes ? (long long)(100 * res->qnodes / res->nodes) : 0; break;
	case LC_STAND_PAT_CUTOFFS: value = (long long)res->stand_pat_cutoffs; break;
	case LC_BETA_CUTOFFS: value = (long long)res->beta_cutoffs; break;
	case LC_DELTA_PRUNES: value = (long long)res->delta_prunes; break;
	case LC_SEE_PRUNES: value = (long long)res->see_prunes; break;
	case LC_MATES: value = (long long)res->mates; break;
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

				format_test(&c->tests[i], tb, sizeof tb);
				describe_node(t, node, nb, sizeof nb);
				vfail(v, it->line, it->column, "claim failed: '%s' does not hold at '%s', %s %s",
				      tb, c->ref.text, nb, what);
			}
		return;
	}
	}
	if (!in_range(&c->range, value)) {
		size_t k;

		for (k = 0; k < CLAIM_NAME_COUNT && claim_names[k].kind != c->kind; k++)
			;
		if (c->range.lo == c->range.hi)
			snprintf(want, sizeof want, "%d", c->range.lo);
		else if (c->range.hi >= 2000000000)
			snprintf(want, sizeof want, "%d or more", c->range.lo);
		else
			snprintf(want, sizeof want, "%d..%d", c->range.lo, c->range.hi);
		vfail(v, it->line, it->column, "claim failed: %s is %lld, not %s%s %s", claim_names[k].name, value,
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
			search_score_text(sub.res->score, got, sizeof got);
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

				search_score_text(nd->alpha, a, sizeof a);
				search_score_text(nd->beta, b, sizeof b);
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
			format_test(&q->choices[i], tb, sizeof tb);
			describe_node(t, node, nb, sizeof nb);
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
};

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
}

/* Adds the move of every node of T (and every pruned move), a search from ROOT. */
static void san_set_add_trace(struct san_set *set, const struct position *root, const struct trace *t)
{
	/* Node ids are in pre-order, so the position of a node's parent is still on the stack. */
	struct position stack[SEARCH_MAX_PLY + 2];

	if (t == NULL || trace_node_count(t) == 0)
		return;
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

		if ((e->kind != TE_DELTA_PRUNE && e->kind != TE_SEE_PRUNE) || e->move == MOVE_NONE)
			continue;
		session_position_at(root, t, e->node, &pos, NULL);
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

/*
 * The rule of what the text may name (quiesce-lesson(5)): every move the
 * page's prose writes in SAN (see text_san) is a legal move of a position
 * the page sets, or a move of a node (or a pruned move) in a search the page
 * shows: its @run searches and its @compare sides.
 */
static void check_text(struct verifier *v, const struct lesson_page *pg, const struct san_set *shown)
{
	regex_t re;

	if (regcomp(&re, TEXT_SAN_RE, REG_EXTENDED | REG_NOSUB) != 0)
		return;
	for (int i = 0; i < pg->item_count; i++) {
		const struct lesson_item *it = &pg->items[i];
		char buf[1024], *word, *save = NULL;

		if (it->kind != LI_TEXT || it->text == NULL)
			continue;
		snprintf(buf, sizeof buf, "%s", it->text);
		for (word = strtok_r(buf, " \t\n", &save); word; word = strtok_r(NULL, " \t\n", &save)) {
			char san[32];

			if (!text_san(&re, word, san, sizeof san) || san_set_has(shown, san))
				continue;
			vfail(v, it->line, it->column, "the text names the move %s, which the page does not show: "
			      "it is neither a legal move of the page's position nor a move in a search tree the "
			      "page shows", san);
		}
	}
	regfree(&re);
}

int lesson_verify(struct lesson *l, lesson_report_fn report, void *ctx)
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
				break;
			case LI_COMPARE:
				for (int k = 0; k < 2 && v.s->comparing; k++)
					san_set_add_trace(&shown, &v.s->root, v.s->side[k].trace);
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
	}
	for (int i = 0; i < RUN_CACHE; i++)
		if (v.cache[i].trace)
			trace_free(v.cache[i].trace);
	session_free(v.s);
	free(shown.san);
	return v.failures;
}

/* ------------------------------------------------------------ answers */

enum lesson_verdict lesson_answer(const struct lesson_question *q, const struct position *pos,
				  const char *answer, char *feedback, size_t n)
{
	struct tok t[4];
	int nt = tokenize(answer, answer, t, 4);
	bool right = false;
	char look[64] = "";

	if (q->node != TRACE_NONE)
		snprintf(look, sizeof look, " Look at node #%u in the tree.", q->node);
	switch (q->kind) {
	case LQ_BEST: {
		struct error e = { 0 };
		char buf[64];
		move m;

		if (nt != 1 || !notation_parse(pos, tok_copy(&t[0], buf, sizeof buf), &m, &e)) {
			snprintf(feedback, n, "Answer with one legal move, such as Qxd5 or e2e4.%s%s",
				 nt == 1 ? " " : "", nt == 1 ? e.msg : "");
			return LV_INVALID;
		}
		right = m == q->best;
		break;
	}
	case LQ_SCORE: {
		int v;

		if (nt != 1 || !parse_score(t[0].s, t[0].len, &v) || v <= -SCORE_INF || v >= SCORE_INF) {
			snprintf(feedback, n, "Answer with a score in centipawns for the side to move, such as "
				 "-800 or +100.");
			return LV_INVALID;
		}
		right = abs(v - q->score) <= q->tolerance;
		break;
	}
	case LQ_NODE: {
		int pick = -1;

		if (nt == 1) {
			char buf[48];
			long k;

			tok_copy(&t[0], buf, sizeof buf);
			if (parse_positive(buf, &k) && k <= q->choice_count)
				pick = (int)k - 1;
			for (int i = 0; i < q->choice_count && pick < 0; i++) {
				char name[64];

				format_test(&q->choices[i], name, sizeof name);
				if (!strcmp(name, buf))
					pick = i;
			}
		}
		if (pick < 0) {
			size_t used = (size_t)snprintf(feedback, n, "Answer with one of:");

			for (int i = 0; i < q->choice_count && used < n; i++) {
				char name[64];

				format_test(&q->choices[i], name, sizeof name);
				used += (size_t)snprintf(feedback + used, n - used, " %d. %s", i + 1, name);
			}
			return LV_INVALID;
		}
		right = pick == q->answer_choice;
		break;
	}
	case LQ_WINDOW: {
		int a, b;

		if (nt != 2 || !parse_score(t[0].s, t[0].len, &a) || !parse_score(t[1].s, t[1].len, &b)) {
			snprintf(feedback, n, "Answer with alpha and beta, such as '-inf +100' or '-50 0'.");
			return LV_INVALID;
		}
		right = a == q->alpha && b == q->beta;
		break;
	}
	}
	if (right)
		snprintf(feedback, n, "%s", q->right ? q->right : "Right.");
	else
		snprintf(feedback, n, "%s%s", q->wrong ? q->wrong : "Not quite.", look);
	return right ? LV_RIGHT : LV_WRONG;
}

/* ------------------------------------------------------------ text */

char *lesson_wrap(const char *text, int width)
{
	size_t cap = strlen(text) * 2 + 2, used = 0;
	char *out = xmalloc(cap);
	int col = 0;
	const char *s = text;

	if (width < 10)
		width = 10;
	while (*s) {
		const char *w;
		int len;

		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0')
			break;
		if (*s == '\n') {
			out[used++] = '\n';
			col = 0;
			s++;
			continue;
		}
		w = s;
		while (*s && *s != ' ' && *s != '\t' && *s != '\n')
			s++;
		len = (int)(s - w);
		if (used + (size_t)len + 3 > cap)
			out = xrealloc(out, cap = (used + (size_t)len + 3) * 2);
		if (col > 0 && col + 1 + len > width) {
			out[used++] = '\n';
			col = 0;
		} else if (col > 0) {
			out[used++] = ' ';
			col++;
		}
		memcpy(out + used, w, (size_t)len);
		used += (size_t)len;
		col += len;
	}
	if (col > 0 || used == 0)
		out[used++] = '\n';
	out[used] = '\0';
	return out;
}

static void print_ref(const struct lesson_ref *r, FILE *out)
{
	fputs(r->text, out);
}

void lesson_print(const struct lesson *l, int width, FILE *out)
{
	fprintf(out, "%s\n", l->title);
	for (size_t i = 0; i < strlen(l->title); i++)
		fputc('=', out);
	fprintf(out, "\n(lesson %s, %d page%s)\n\n", l->id, l->page_count, l->page_count == 1 ? "" : "s");
	{
		char *w = lesson_wrap(l->summary, width);

		fputs(w, out);
		free(w);
	}
	for (int pi = 0; pi < l->page_count; pi++) {
		const struct lesson_page *pg = &l->pages[pi];
		int qn = 0;

		fprintf(out, "\n--- Page %d of %d: %s ---\n", pi + 1, l->page_count, pg->title);
		for (int i = 0; i < pg->item_count; i++) {
			const struct lesson_item *it = &pg->items[i];
			char desc[256];

			switch (it->kind) {
			case LI_TEXT:
				fputc('\n', out);
				if (it->preformatted) {
					fprintf(out, "%s\n", it->text);
				} else {
					char *w = lesson_wrap(it->text, width);

					fputs(w, out);
					free(w);
				}
				break;
			case LI_POSITION:
				fprintf(out, "\n[position: %s]\n", it->fen);
				break;
			case LI_SEARCH:
			case LI_SET:
				search_options_describe(&it->opt, desc, sizeof desc);
				fprintf(out, "[search: %s]\n", desc);
				break;
			case LI_RUN:
				fprintf(out, "[run the search]\n");
				break;
			case LI_GOTO:
				fprintf(out, "[go to ");
				print_ref(&it->ref, out);
				if (it->node != TRACE_NONE)
					fprintf(out, ": node #%u", it->node);
				fprintf(out, "]\n");
				break;
			case LI_HIGHLIGHT:
				fprintf(out, "[highlight %s]\n", it->text);
				break;
			case LI_COMPARE:
				fprintf(out, "[compare %s with %s]\n", it->compare[0], it->compare[1]);
				break;
			case LI_CLAIM:
				fprintf(out, "[the engine: %s]\n", it->text);
				break;
			case LI_QUESTION: {
				const struct lesson_question *q = it->question;
				static const char *const how[] = {
					"answer with a move", "answer with a score in centipawns",
					"answer with one of the choices", "answer with alpha and beta"
				};
				char *w = lesson_wrap(q->ask, width > 14 ? width - 4 : width);

				fprintf(out, "\nQuestion %d (%s):\n", ++qn, how[q->kind]);
				for (char *line = strtok(w, "\n"); line; line = strtok(NULL, "\n"))
					fprintf(out, "    %s\n", line);
				free(w);
				if (q->kind == LQ_NODE) {
					fprintf(out, "    Choices:");
					for (int c = 0; c < q->choice_count; c++) {
						char name[64];

						format_test(&q->choices[c], name, sizeof name);
						fprintf(out, " %d. %s", c + 1, name);
					}
					fputc('\n', out);
				}
				break;
			}
			}
		}
	}
}

/* ------------------------------------------------------------ the lesson directory */

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int lesson_list(const char *dir, struct lesson_info **out)
{
	char *path = NULL;
	DIR *d;
	struct dirent *de;
	char **names = NULL;
	int count = 0;
	struct lesson_info *list;

	if (dir == NULL) {
		const char *data = datadir_get();

		path = xmalloc(strlen(data) + 10);
		sprintf(path, "%s/lessons", data);
		dir = path;
	}
	*out = NULL;
	d = opendir(dir);
	if (d == NULL) {
		free(path);
		return 0;
	}
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);

		if (len > 7 && !strcmp(de->d_name + len - 7, ".lesson") && de->d_name[0] != '.') {
			names = xrealloc(names, sizeof *names * (size_t)(count + 1));
			names[count] = xmalloc(strlen(dir) + len + 2);
			sprintf(names[count], "%s/%s", dir, de->d_name);
			count++;
		}
	}
	closedir(d);
	free(path);
	if (count > 1)
		qsort(names, (size_t)count, sizeof *names, compare_names);
	list = xcalloc((size_t)(count ? count : 1), sizeof *list);
	for (int i = 0; i < count; i++) {
		struct error e = { 0 };
		struct lesson *l = lesson_load(names[i], &e);

		list[i].path = names[i];
		if (l) {
			list[i].id = xstrdup(l->id);
			list[i].title = xstrdup(l->title);
			list[i].summary = xstrdup(l->summary);
			lesson_free(l);
		} else {
			const char *base = strrchr(names[i], '/') ? strrchr(names[i], '/') + 1 : names[i];
			char msg[400];

			list[i].id = xstrdup(base);
			list[i].id[strlen(base) - 7] = '\0';
			list[i].title = xstrdup("(does not parse)");
			snprintf(msg, sizeof msg, "line %d, column %d: %s", e.line, e.column, e.msg);
			list[i].summary = xstrdup(msg);
		}
	}
	free(names);
	*out = list;
	return count;
}

void lesson_info_free(struct lesson_info *list, int count)
{
	for (int i = 0; i < count; i++) {
		free(list[i].path);
		free(list[i].id);
		free(list[i].title);
		free(list[i].summary);
	}
	free(list);
}

char *lesson_find(const char *name)
{
	struct stat st;
	struct lesson_info *list;
	int count;
	char *found = NULL;
	long number = 0;

	if (strchr(name, '/') || (stat(name, &st) == 0 && S_ISREG(st.st_mode)))
		return stat(name, &st) == 0 && S_ISREG(st.st_mode) ? xstrdup(name) : NULL;
	count = lesson_list(NULL, &list);
	if (!parse_positive(name, &number))
		number = 0;
	for (int i = 0; i < count && !found; i++) {
		const char *base = strrchr(list[i].path, '/') ? strrchr(list[i].path, '/') + 1 : list[i].path;
		size_t blen = strlen(base) - 7;

		if (!strcmp(list[i].id, name) || !strcmp(base, name) ||
		    (strlen(name) == blen && !strncmp(base, name, blen)) || number == i + 1)
			found = xstrdup(list[i].path);
	}
	lesson_info_free(list, count);
	return found;
}
