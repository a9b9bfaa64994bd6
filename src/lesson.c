/*
 * lesson.c: reading lesson files (the directives' node references, claims
 * and questions are read in lesson_claim.c; lesson_verify.c checks them).
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
#include <dirent.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "datadir.h"
#include "epd.h"
#include "fen.h"
#include "notation.h"
#include "inputfile.h"
#include "lesson_int.h"
#include "util.h"
#include "variant.h"

const char *const lesson_pred_names[LP_COUNT] = {
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

const struct lesson_claim_name lesson_claim_names[] = {
	{ "best", LC_BEST }, { "not-best", LC_NOT_BEST }, { "score", LC_SCORE }, { "pv", LC_PV },
	{ "nodes", LC_NODES }, { "qnodes", LC_QNODES }, { "qshare", LC_QSHARE },
	{ "stand-pat-cutoffs", LC_STAND_PAT_CUTOFFS }, { "beta-cutoffs", LC_BETA_CUTOFFS },
	{ "delta-prunes", LC_DELTA_PRUNES }, { "see-prunes", LC_SEE_PRUNES }, { "mates", LC_MATES },
	{ "node", LC_NODE }
};
const size_t lesson_claim_name_count = sizeof lesson_claim_names / sizeof lesson_claim_names[0];

const char *lesson_pred_name(enum lesson_pred pred)
{
	return pred < LP_COUNT ? lesson_pred_names[pred] : "?";
}

const char *lesson_pred_meaning(enum lesson_pred pred)
{
	return pred < LP_COUNT ? pred_meanings[pred] : "?";
}

/* ------------------------------------------------------------ small helpers */

bool lesson_tok_is(const struct tok *t, const char *word)
{
	return (int)strlen(word) == t->len && strncmp(t->s, word, (size_t)t->len) == 0;
}

/* Copies token T into BUF of N bytes (cut short if need be). */
char *lesson_tok_copy(const struct tok *t, char *buf, size_t n)
{
	size_t len = (size_t)t->len < n - 1 ? (size_t)t->len : n - 1;

	memcpy(buf, t->s, len);
	buf[len] = '\0';
	return buf;
}

/* Splits LINE into blank-separated words; columns count from LINE's start. */
int lesson_tokenize(const char *line, const char *from, struct tok *toks, int max)
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
bool lesson_parse_positive(const char *buf, long *out)
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

bool lesson_perr(struct parser *p, int col, const char *fmt, ...) PRINTF_LIKE(3, 4);
bool lesson_perr(struct parser *p, int col, const char *fmt, ...)
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

char *lesson_trimmed_dup(const char *s)
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
bool lesson_parse_score(const char *s, int len, int *out)
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
bool lesson_parse_range(const char *s, int len, struct lesson_range *r)
{
	const char *dots = NULL;

	for (int i = 0; i + 1 < len; i++)
		if (s[i] == '.' && s[i + 1] == '.') {
			dots = s + i;
			break;
		}
	if (dots == NULL) {
		if (!lesson_parse_score(s, len, &r->lo))
			return false;
		r->hi = r->lo;
		return true;
	}
	r->lo = -SCORE_INF;
	r->hi = SCORE_INF;
	if (dots > s && !lesson_parse_score(s, (int)(dots - s), &r->lo))
		return false;
	if (dots + 2 < s + len && !lesson_parse_score(dots + 2, (int)(s + len - dots - 2), &r->hi))
		return false;
	if (dots == s && dots + 2 == s + len)
		return false;
	return r->lo <= r->hi;
}

/* Like parse_range, for counts: 2000000000 is the upper end of "A..". */
bool lesson_parse_count_range(const char *s, int len, struct lesson_range *r)
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

void lesson_format_range(const struct lesson_range *r, char *buf, size_t n)
{
	char a[24], b[24];

	search_score_text(r->lo, a, sizeof a);
	search_score_text(r->hi, b, sizeof b);
	if (r->lo == r->hi)
		snprintf(buf, n, "%s", a);
	else
		snprintf(buf, n, "%s..%s", r->lo <= -SCORE_INF ? "" : a, r->hi >= SCORE_INF ? "" : b);
}

bool lesson_in_range(const struct lesson_range *r, long long v)
{
	return v >= r->lo && v <= r->hi;
}

/* Applies one search setting (variant_apply's syntax) to OPT. */
bool lesson_apply_spec(struct search_options *opt, const char *spec, struct error *err)
{
	return variant_apply(opt, spec, err);
}

bool lesson_options_equal(const struct search_options *a, const struct search_options *b)
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
		return lesson_perr(p, col, "cannot read the positions of '%s': %s", file, e.msg);
	for (int i = 0; i < epd->count; i++)
		if (!strcmp(epd->records[i].id, id)) {
			*pos = epd->records[i].pos;
			found = true;
			break;
		}
	if (!found)
		return lesson_perr(p, col, "no position with id '%s' in positions/%s", id, file);
	return true;
}

/* @position fen FEN | startpos | FILE:ID | ID (of positions/lessons.epd). */
static bool parse_position(struct parser *p, const char *line, const struct tok *t, int n)
{
	char file[200], id[128];
	struct error e = { 0 };
	struct position pos;

	if (n == 0)
		return lesson_perr(p, (int)strlen(line) + 1, "@position needs a position: 'fen FEN', 'startpos', "
			    "'FILE:ID' or an id of positions/lessons.epd");
	if (lesson_tok_is(&t[0], "fen")) {
		const char *fen;

		if (n < 2)
			return lesson_perr(p, t[0].col + t[0].len + 1, "@position fen needs a FEN");
		fen = t[1].s;
		if (!fen_parse(&pos, fen, &e))
			return lesson_perr(p, t[1].col + (e.column > 0 ? e.column - 1 : 0), "invalid FEN: %s", e.msg);
	} else if (lesson_tok_is(&t[0], "startpos")) {
		if (n > 1)
			return lesson_perr(p, t[1].col, "unexpected '%.*s' after startpos", t[1].len, t[1].s);
		fen_parse(&pos, BOARD_START_FEN, NULL);
	} else {
		const char *colon = memchr(t[0].s, ':', (size_t)t[0].len);

		if (n > 1)
			return lesson_perr(p, t[1].col, "unexpected '%.*s': a position name is one word", t[1].len, t[1].s);
		if (t[0].len >= (int)sizeof id)
			return lesson_perr(p, t[0].col, "position name too long");
		if (colon) {
			int flen = (int)(colon - t[0].s);

			if (flen == 0 || colon + 1 == t[0].s + t[0].len)
				return lesson_perr(p, t[0].col, "invalid position name '%.*s': expected FILE:ID",
					    t[0].len, t[0].s);
			snprintf(file, sizeof file, "%.*s", flen, t[0].s);
			snprintf(id, sizeof id, "%.*s", (int)(t[0].s + t[0].len - colon - 1), colon + 1);
			if (strchr(file, '/'))
				return lesson_perr(p, t[0].col, "invalid position file '%s': name a file of positions/", file);
		} else {
			snprintf(file, sizeof file, "lessons.epd");
			lesson_tok_copy(&t[0], id, sizeof id);
		}
		if (!load_epd_position(p, file, id, t[0].col, &pos))
			return false;
	}
	p->pos = pos;
	fen_format(&p->pos, p->fen);
	return true;
}

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
		return lesson_perr(p, 1, "expected a directive name after '@'");
	memcpy(name, s, (size_t)len);
	name[len] = '\0';
	rest = s + len;
	if (*rest && *rest != ' ' && *rest != '\t')
		return lesson_perr(p, (int)(rest - line) + 1, "unexpected '%c' after @%s", *rest, name);
	p->para = NULL;

	if (!strcmp(name, "ask") || !strcmp(name, "answer") || !strcmp(name, "hint") || !strcmp(name, "right") ||
	    !strcmp(name, "wrong") || !strcmp(name, "choices") || !strcmp(name, "tolerance"))
		return lesson_question_part(p, line, name, rest, (int)(rest - line) + 1);
	if (!lesson_close_question(p))
		return false;

	n = lesson_tokenize(line, rest, t, MAX_TOKENS);
	if (n == MAX_TOKENS)
		return lesson_perr(p, t[MAX_TOKENS - 1].col, "too many words on one line");
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
			return lesson_perr(p, (int)strlen(line) + 1, "@set needs search settings (depth=3, delta, ...)");
		for (int i = 0; i < n; i++) {
			char buf[128];

			if (!lesson_apply_spec(&opt, lesson_tok_copy(&t[i], buf, sizeof buf), &e))
				return lesson_perr(p, t[i].col, "%s", e.msg);
		}
		p->opt = opt;
		p->ran = p->went = p->compared = false;
		it = add_item(p, !strcmp(name, "search") ? LI_SEARCH : LI_SET, 1);
		stamp(p, it);
	} else if (!strcmp(name, "run")) {
		if (n > 0)
			return lesson_perr(p, t[0].col, "@run takes no arguments");
		p->ran = true;
		p->went = false;
		stamp(p, add_item(p, LI_RUN, 1));
	} else if (!strcmp(name, "goto")) {
		struct lesson_ref ref;

		if (!p->ran)
			return lesson_perr(p, 1, "@goto needs a @run before it on the page (after the last change of "
				    "position or search)");
		if (n == 0)
			return lesson_perr(p, (int)strlen(line) + 1, "@goto needs a node: root, #N, event KIND [N] or "
				    "a line of moves");
		if (!lesson_parse_ref(p, t, n, (int)strlen(line) + 1, &ref))
			return false;
		it = add_item(p, LI_GOTO, 1);
		stamp(p, it);
		it->ref = ref;
		it->goto_event = ref.kind == LR_EVENT;
		p->went = true;
	} else if (!strcmp(name, "highlight")) {
		if (n == 0 || !(lesson_tok_is(&t[0], "squares") || lesson_tok_is(&t[0], "node")))
			return lesson_perr(p, n ? t[0].col : (int)strlen(line) + 1,
				    "@highlight needs 'squares SQ...' or 'node REF'");
		if (lesson_tok_is(&t[0], "squares")) {
			bitboard sq = 0;

			if (n < 2)
				return lesson_perr(p, t[0].col + t[0].len + 1, "@highlight squares needs squares (e4 d5 ...)");
			for (int i = 1; i < n; i++) {
				if (t[i].len != 2 || t[i].s[0] < 'a' || t[i].s[0] > 'h' || t[i].s[1] < '1' || t[i].s[1] > '8')
					return lesson_perr(p, t[i].col, "invalid square '%.*s': expected a1 ... h8", t[i].len, t[i].s);
				sq |= (bitboard)1 << SQ_MAKE(t[i].s[0] - 'a', t[i].s[1] - '1');
			}
			it = add_item(p, LI_HIGHLIGHT, 1);
			stamp(p, it);
			it->squares = sq;
		} else {
			struct lesson_ref ref;

			if (!p->ran)
				return lesson_perr(p, t[0].col, "@highlight node needs a @run before it on the page");
			if (!lesson_parse_ref(p, t + 1, n - 1, (int)strlen(line) + 1, &ref))
				return false;
			it = add_item(p, LI_HIGHLIGHT, 1);
			stamp(p, it);
			it->ref = ref;
		}
	} else if (!strcmp(name, "compare")) {
		if (n != 2)
			return lesson_perr(p, n > 2 ? t[2].col : (int)strlen(line) + 1, "@compare needs two modes, such as "
				    "'none captures' or 'captures checks+check-plies=all'");
		for (int i = 0; i < 2; i++) {
			struct search_options opt = p->opt;
			char buf[64];

			if (t[i].len >= (int)sizeof buf)
				return lesson_perr(p, t[i].col, "mode too long");
			if (!variant_complete(&opt, &p->opt, lesson_tok_copy(&t[i], buf, sizeof buf), &e))
				return lesson_perr(p, t[i].col, "%s", e.msg);
		}
		it = add_item(p, LI_COMPARE, 1);
		stamp(p, it);
		p->compared = true;
		lesson_tok_copy(&t[0], it->compare[0], sizeof it->compare[0]);
		lesson_tok_copy(&t[1], it->compare[1], sizeof it->compare[1]);
	} else if (!strcmp(name, "claim")) {
		it = add_item(p, LI_CLAIM, 1);
		stamp(p, it);
		if (!lesson_parse_claim(p, line, t, n, it))
			return false;
	} else if (!strcmp(name, "question")) {
		struct lesson_question *q;
		static const char *const kinds[] = { "best", "score", "node", "window" };
		int k = -1;

		for (int i = 0; i < 4 && n > 0; i++)
			if (lesson_tok_is(&t[0], kinds[i]))
				k = i;
		if (k < 0)
			return lesson_perr(p, n ? t[0].col : (int)strlen(line) + 1,
				    "@question needs a kind: best, score, node [REF] or window [REF]");
		it = add_item(p, LI_QUESTION, 1);
		stamp(p, it);
		q = it->question = xcalloc(1, sizeof *q);
		q->kind = (enum lesson_question_kind)k;
		q->node = TRACE_NONE;
		if (q->kind == LQ_NODE || q->kind == LQ_WINDOW) {
			if (!p->ran)
				return lesson_perr(p, t[0].col, "a %s question needs a @run before it on the page", kinds[k]);
			if (!lesson_parse_ref(p, t + 1, n - 1, (int)strlen(line) + 1, &q->ref))
				return false;
		} else if (n > 1) {
			return lesson_perr(p, t[1].col, "unexpected '%.*s': a %s question is about the page's search",
				    t[1].len, t[1].s, kinds[k]);
		}
		p->question = it;
	} else {
		return lesson_perr(p, 2, "unknown directive '@%s': expected position, search, set, run, goto, highlight, "
			    "compare, claim, question (or ask, answer, choices, tolerance, hint, right, wrong "
			    "in a question)", name);
	}
	p->page->items[p->page->item_count - 1].text = lesson_trimmed_dup(rest);
	return true;
}

/* Ends the page being read: a page must say something. */
static bool close_page(struct parser *p)
{
	if (!lesson_close_question(p))
		return false;
	p->para = NULL;
	if (p->page && p->page->item_count == 0) {
		p->lineno = p->page->line;
		return lesson_perr(p, 1, "empty page '%s': a page needs prose or directives", p->page->title);
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
			return lesson_perr(p, 1, "unknown header '%.*s:': expected title, id, summary or page",
				    (int)(colon - line), line);
		return lesson_perr(p, 1, "expected a header line (title:, id:, summary:) or 'page:' before any text");
	}
	slot = k == 0 ? &p->l->title : k == 1 ? &p->l->id : &p->l->summary;
	if (*slot)
		return lesson_perr(p, 1, "a second '%s:' line", keys[k]);
	*slot = lesson_trimmed_dup(colon + 1);
	if (**slot == '\0')
		return lesson_perr(p, (int)(colon - line) + 2, "empty %s", keys[k]);
	if (k == 1) {
		for (const char *c = *slot; *c; c++)
			if (!(islower((unsigned char)*c) || isdigit((unsigned char)*c) || *c == '-'))
				return lesson_perr(p, (int)(colon - line) + 2 + (int)(strchr(colon + 1, **slot) - colon - 1) +
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
			return lesson_perr(p, 1, "the header lacks '%s:' (title, id and summary come before the first page)",
				    l->title == NULL ? "title" : l->id == NULL ? "id" : "summary");
		l->pages = xrealloc(l->pages, sizeof *l->pages * (size_t)(l->page_count + 1));
		pg = &l->pages[l->page_count++];
		memset(pg, 0, sizeof *pg);
		pg->title = lesson_trimmed_dup(line + 5);
		pg->line = p->lineno;
		pg->pos = p->pos;
		memcpy(pg->fen, p->fen, sizeof pg->fen);
		pg->opt = p->opt;
		p->page = pg;
		p->ran = p->went = p->compared = false;
		if (*pg->title == '\0')
			return lesson_perr(p, 6, "a page needs a title after 'page:'");
		return true;
	}
	if (p->page == NULL) {
		const char *s = line;

		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0')
			return true;
		if (line[0] == '@')
			return lesson_perr(p, 1, "directive before the first 'page:'");
		return parse_header(p, line);
	}
	if (line[0] == '@')
		return parse_directive(p, line);
	if (p->question) {
		const char *s = line;

		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0')
			return lesson_close_question(p);
		return lesson_perr(p, (int)(s - line) + 1, "text inside a question: end the question with a blank line "
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
					lesson_perr(&p, (int)i + 1, "control character (code %d) in the text", (unsigned char)s[i]);
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
		lesson_perr(&p, 1, l->title == NULL ? "empty lesson: expected title:, id:, summary: and pages" :
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

						lesson_format_test(&q->choices[c], name, sizeof name);
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
	if (!lesson_parse_positive(name, &number))
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
