/*
 * lesson_parse.c: reading lesson files (the directives' node references,
 * claims and questions are read in lesson_claim.c; lessoncheck.c checks them).
 *
 * A lesson is read in one pass, line by line. Directives are checked as far
 * as they can be without searching (the position exists, the moves are
 * legal, the options are valid); lessoncheck_lesson then runs the searches the
 * claims and questions are about and compares what they say with what the
 * engine did.
 */
#include "teach/lesson.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/datadir.h"
#include "chess/epd.h"
#include "chess/fen.h"
#include "base/inputfile.h"
#include "teach/lesson_int.h"
#include "base/util.h"
#include "search/variant.h"
#include "search/option.h"

static void lesson_defaults(struct search_options *opt)
{
	option_defaults(opt);
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
	it->side = -1;
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
	/*
	 * A page shows one search: the tutor draws the last one set up, so a
	 * second search (or position) after the page's @run would put on the
	 * screen a search the text before it does not describe. Claims about
	 * other searches use "@claim with ..."; a second search is a new page.
	 */
	if ((!strcmp(name, "position") || !strcmp(name, "search") || !strcmp(name, "set")) && p->page_run_line)
		return lesson_perr(p, 1, "a second search on the page: its @run (line %d) already shows one, and "
			    "the screen would show only this one; start a new page, or use '@claim with ...'",
			    p->page_run_line);
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
		if (!p->page_run_line)
			p->page_run_line = p->lineno;
		stamp(p, add_item(p, LI_RUN, 1));
	} else if (!strcmp(name, "goto")) {
		struct lesson_ref ref;
		int side = -1, o = 0;

		/* In a compare view, "@goto side A|B REF" moves that side's cursor (side A when none is named). */
		if (n > 0 && lesson_tok_is(&t[0], "side")) {
			if (n < 2 || t[1].len != 1 || (t[1].s[0] != 'A' && t[1].s[0] != 'B'))
				return lesson_perr(p, n < 2 ? t[0].col + t[0].len + 1 : t[1].col,
					    "'side' needs A or B (the sides of the page's @compare)");
			if (!p->compared)
				return lesson_perr(p, t[0].col, "@goto side %c needs a @compare before it on the page "
					    "(after the last change of position or search)", t[1].s[0]);
			side = t[1].s[0] - 'A';
			o = 2;
		}
		if (!p->ran && !p->compared)
			return lesson_perr(p, 1, "@goto needs a @run or a @compare before it on the page (after the "
				    "last change of position or search)");
		if (n - o == 0)
			return lesson_perr(p, (int)strlen(line) + 1, "@goto needs a node: root, #N, event KIND [N] or "
				    "a line of moves");
		if (!lesson_parse_ref(p, t + o, n - o, (int)strlen(line) + 1, &ref))
			return false;
		if (p->compared && ref.kind == LR_CURRENT)
			return lesson_perr(p, t[o].col, "@goto in a compare view must name its node");
		it = add_item(p, LI_GOTO, 1);
		stamp(p, it);
		it->ref = ref;
		it->side = side;
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
				    "'none captures' or 'captures checks-all'");
		for (int i = 0; i < 2; i++) {
			struct search_options opt = p->opt;
			char buf[VARIANT_MAX];

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
		/* Its text, as every directive's (below), is the claim as written: the facts it declares pass the screen-fact check (screenfact.h). */
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
	/*
	 * A comment; "# off-screen: WORD... (why)" in a page lists words its
	 * prose quotes that its screen cannot show, which the screen-fact check
	 * leaves out (screenfact.h).
	 */
	if (line[0] == '#') {
		static const char tag[] = "# off-screen:";

		if (p->page && !strncmp(line, tag, sizeof tag - 1)) {
			const char *w = line + sizeof tag - 1;
			size_t n = strcspn(w, "("), old = p->page->offscreen ? strlen(p->page->offscreen) : 0;

			p->page->offscreen = xrealloc(p->page->offscreen, old + n + 2);
			p->page->offscreen[old] = ' ';
			memcpy(p->page->offscreen + old + 1, w, n);
			p->page->offscreen[old + 1 + n] = '\0';
		}
		return true;
	}
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
		p->page_run_line = 0;
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
	/* A byte-order mark (some Windows editors write one) is skipped, as the PGN reader does. */
	if (!strncmp(s, "\xEF\xBB\xBF", 3))
		s += 3;
	{
		size_t bad = util_utf8_invalid((const unsigned char *)s, strlen(s));

		/* Raw bytes would reach the terminal: name the first one and where it is instead. */
		if (s[bad] != '\0') {
			int column;

			util_text_place(s, bad, &p.lineno, &column);
			lesson_perr(&p, column, "byte 0x%02X is not UTF-8 text (lessons are read as UTF-8)",
				    (unsigned char)s[bad]);
			goto fail;
		}
	}
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
