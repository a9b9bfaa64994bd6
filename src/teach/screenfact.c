/*
 * screenfact.c: the screen facts a page's prose quotes, read from its words,
 * and looked for on the page's rendered screen (see screenfact.h).
 */
#include "teach/screenfact.h"

#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"

/* The moves read as SAN: the same words lessoncheck reads as moves (a bare square is not one). */
#define SCREENFACT_SAN_RE "^([KQRBN][a-h]?[1-8]?x?[a-h][1-8]|[a-h]x[a-h][1-8](=[QRBN])?|[a-h][1-8]=[QRBN]|" \
	"[a-h][1-8][+#]|O-O|O-O-O)[+#]?$"

/*
 * The tree's marks, each with its spellings (the '?' legend, ui_keys.c): the
 * wide and the compact form of a mark are one mark, so a mark quoted in
 * either is on the screen when either is.
 */
static const char *const mark_spellings[][4] = {
	{ ">>", ">", NULL }, { "main", "m", NULL }, { "static", "st", NULL }, { "evasion", "evas", NULL },
	{ "stopped", "stop", NULL }, { "quiescence", "q", NULL }, { "sp", NULL }, { "sp-cut", NULL },
	{ "cut", NULL }, { "raise", NULL }, { "delta", "d", NULL }, { "see", "SEE", NULL }, { "mate", NULL },
	{ "Q!", NULL }, { "!!", NULL }, { "~", NULL }, { "inf", "-inf", "+inf", NULL },
	{ "futility", "fut", NULL }, { "recapture", NULL }, { "evasion-prune", NULL },
};
#define MARK_GROUPS (sizeof mark_spellings / sizeof mark_spellings[0])

/* Marks that are no English word: facts wherever the prose writes them, quoted or not. */
static const char *const bare_marks[] = { ">>", "sp-cut", "Q!", "!!", "evas" };

/* The punctuation a word may end with. */
#define TRAILING ",.;:)!?\"']"

const char *screenfact_kind_name(enum screenfact_kind kind)
{
	static const char *const names[] = { "value", "mate", "move", "node count", "mark" };

	return (unsigned)kind < sizeof names / sizeof names[0] ? names[kind] : "fact";
}

/* The group of spellings WORD is one of, or NULL when it is no mark. */
static const char *const *mark_group(const char *word)
{
	for (size_t g = 0; g < MARK_GROUPS; g++)
		for (int i = 0; mark_spellings[g][i]; i++)
			if (!strcmp(mark_spellings[g][i], word))
				return mark_spellings[g];
	return NULL;
}

static bool is_bare_mark(const char *word)
{
	for (size_t i = 0; i < sizeof bare_marks / sizeof bare_marks[0]; i++)
		if (!strcmp(bare_marks[i], word))
			return true;
	return false;
}

/* Copies W into BUF without the quotes and brackets in front; the end is cut at the first of STRIP at its end. */
static void word_core(const char *w, const char *strip, char *buf, size_t n)
{
	size_t len;

	while (*w == '(' || *w == '"' || *w == '\'' || *w == '[')
		w++;
	snprintf(buf, n, "%s", w);
	len = strlen(buf);
	while (len > 0 && strchr(strip, buf[len - 1]))
		buf[--len] = '\0';
}

/*
 * Whether W (quotes in front removed) is LEAD and digits (a '#' may have a
 * '-' after it), then only trailing punctuation; the word without the
 * punctuation goes to NUM.
 */
static bool signed_number(const char *w, char lead, char *num, size_t n)
{
	const char *p = w;
	size_t len;

	if (*p != lead)
		return false;
	p++;
	/* A mate may be negative: #-1. */
	if (lead == '#' && *p == '-')
		p++;
	if (!isdigit((unsigned char)*p))
		return false;
	while (isdigit((unsigned char)*p))
		p++;
	len = (size_t)(p - w);
	if (p[strspn(p, TRAILING)] != '\0' || len >= n)
		return false;
	memcpy(num, w, len);
	num[len] = '\0';
	return true;
}

static void add_fact(struct screenfact *facts, int *count, int max, enum screenfact_kind kind, const char *word)
{
	if (*count >= max)
		return;
	facts[*count].kind = kind;
	snprintf(facts[*count].word, sizeof facts[*count].word, "%.31s", word);
	(*count)++;
}

/* Whether W (a number with commas, such as 1,234) is written as a count. */
static bool is_count(const char *w)
{
	size_t len = strlen(w);

	if (len == 0 || !isdigit((unsigned char)w[0]) || !isdigit((unsigned char)w[len - 1]))
		return false;
	return strspn(w, "0123456789,") == len;
}

/* The quoted marks of TEXT: each mark word of a quote "..." or '...' of 1 to 24 characters. */
static void read_quoted_marks(const char *text, struct screenfact *facts, int *count, int max)
{
	size_t i = 0, len = strlen(text);

	while (i < len) {
		char q = text[i];
		const char *end;
		size_t inner;

		if (!(q == '"' || (q == '\'' && (i == 0 || !isalpha((unsigned char)text[i - 1]))))) {
			i++;
			continue;
		}
		end = strchr(text + i + 1, q);
		inner = end ? (size_t)(end - text) - i - 1 : 0;
		if (!end || inner < 1 || inner > 24) {
			i++;
			continue;
		}
		{
			char quote[32], *save = NULL;

			memcpy(quote, text + i + 1, inner);
			quote[inner] = '\0';
			for (char *w = strtok_r(quote, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save)) {
				size_t wl = strlen(w);

				while (wl > 0 && strchr(",.;:", w[wl - 1]))
					w[--wl] = '\0';
				if (wl == 0 || is_bare_mark(w))
					continue;
				if (mark_group(w) || (w[0] == 'q' && wl > 1 && strspn(w + 1, "0123456789") == wl - 1))
					add_fact(facts, count, max, SF_MARK, w);
			}
		}
		i = (size_t)(end - text) + 1;
	}
}

int screenfact_read(const char *text, struct screenfact *facts, int max)
{
	char *buf = xstrdup(text), *save = NULL, **words = NULL;
	int nwords = 0, cap = 0, count = 0;
	regex_t re;

	if (regcomp(&re, SCREENFACT_SAN_RE, REG_EXTENDED | REG_NOSUB) != 0)
		util_die("screenfact: cannot compile the SAN pattern");
	for (char *w = strtok_r(buf, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save)) {
		if (nwords == cap) {
			cap = cap ? 2 * cap : 64;
			words = xrealloc(words, sizeof *words * (size_t)cap);
		}
		words[nwords++] = w;
	}
	for (int i = 0; i < nwords; i++) {
		char prev[32] = "", next[32] = "", core[64], num[32], san[64];
		const char *w = words[i];

		if (i > 0) {
			word_core(words[i - 1], TRAILING, prev, sizeof prev);
			for (char *c = prev; *c; c++)
				*c = (char)tolower((unsigned char)*c);
		}
		if (i + 1 < nwords)
			word_core(words[i + 1], TRAILING, next, sizeof next);
		while (*w == '(' || *w == '"' || *w == '\'' || *w == '[')
			w++;
		/* A bound with its mark, >=+90 or <=-90 (a '#' mate too): the mark is part of the fact. */
		if ((!strncmp(w, ">=", 2) || !strncmp(w, "<=", 2)) &&
		    (signed_number(w + 2, '+', num + 2, sizeof num - 2) || signed_number(w + 2, '-', num + 2, sizeof num - 2) ||
		     signed_number(w + 2, '#', num + 2, sizeof num - 2))) {
			memcpy(num, w, 2);
			add_fact(facts, &count, max, w[2] == '#' ? SF_MATE : SF_VALUE, num);
			continue;
		}
		/* A signed value, +800 or -700. */
		if ((signed_number(w, '+', num, sizeof num) || signed_number(w, '-', num, sizeof num))) {
			add_fact(facts, &count, max, SF_VALUE, num);
			continue;
		}
		/* #N or #-N: a node number after "node" (quiesce-lesson(5)), a mate score anywhere else. */
		if (signed_number(w, '#', num, sizeof num) && strcmp(prev, "node") && strcmp(prev, "nodes")) {
			add_fact(facts, &count, max, SF_MATE, num);
			continue;
		}
		/* A node count: "1,234 nodes". */
		word_core(w, ",.;:)", core, sizeof core);
		if (is_count(core) && (!strcmp(next, "nodes") || !strcmp(next, "node"))) {
			add_fact(facts, &count, max, SF_NODES, core);
			continue;
		}
		/* A move in SAN, a move number in front ("12." or "12...") left out. */
		{
			const char *p = w;

			if (isdigit((unsigned char)*p)) {
				const char *q = p + strspn(p, "0123456789");

				if (*q == '.')
					p = !strncmp(q, "...", 3) ? q + 3 : q + 1;
			}
			snprintf(san, sizeof san, "%s", p);
			{
				size_t len = strlen(san);

				while (len > 0 && strchr(TRAILING, san[len - 1]))
					san[--len] = '\0';
			}
			if (san[0] && regexec(&re, san, 0, NULL, 0) == 0) {
				add_fact(facts, &count, max, SF_MOVE, san);
				continue;
			}
		}
		/* A mark no English word spells. */
		word_core(words[i], TRAILING, core, sizeof core);
		if (is_bare_mark(core)) {
			add_fact(facts, &count, max, SF_MARK, core);
			continue;
		}
		word_core(w, ",.;:)?\"']", core, sizeof core);
		if (is_bare_mark(core))
			add_fact(facts, &count, max, SF_MARK, core);
	}
	read_quoted_marks(text, facts, &count, max);
	regfree(&re);
	free(words);
	free(buf);
	return count;
}

/* Character classes around a token, as the check's patterns name them. */
static bool word_char(int c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Whether TOKEN occurs in TEXT with BAD_BEFORE false of the character before it and BAD_AFTER of the one after. */
static bool has(const char *text, const char *token, bool (*bad_before)(int), bool (*bad_after)(int))
{
	size_t len = strlen(token);

	if (len == 0)
		return false;
	for (const char *p = strstr(text, token); p; p = strstr(p + 1, token)) {
		int before = p > text ? (unsigned char)p[-1] : 0, after = (unsigned char)p[len];

		if (before && bad_before && bad_before(before))
			continue;
		if (after && bad_after && bad_after(after))
			continue;
		return true;
	}
	return false;
}

static bool digit(int c)
{
	return isdigit(c) != 0;
}

static bool digit_or_comma(int c)
{
	return isdigit(c) || c == ',';
}

static bool alnum(int c)
{
	return isalnum(c) != 0;
}

static bool digit_or_equals(int c)
{
	return isdigit(c) || c == '=';
}

static bool mark_before(int c)
{
	return word_char(c) || strchr("!>~+-", c);
}

static bool mark_after(int c)
{
	return word_char(c) || strchr("!>=-", c);
}

static bool digit_or_minus(int c)
{
	return isdigit(c) || c == '-';
}

static bool digit_or_dot(int c)
{
	return isdigit(c) || c == '.';
}

/* The parting mark: '>' or '>>' at the start of a tree row (or of a compare side), before a move. */
static bool parting_mark(const char *screen)
{
	for (const char *p = screen; *p; p++) {
		const char *q = p;
		int arrows = 0;

		if (!(p == screen || p[-1] == '\n' || p[-1] == '|'))
			continue;
		while (isspace((unsigned char)*q))
			q++;
		while (*q == '>' && arrows < 2) {
			q++;
			arrows++;
		}
		if (arrows == 0 || !isspace((unsigned char)*q))
			continue;
		while (isspace((unsigned char)*q))
			q++;
		if (*q == '-' || *q == '+' || *q == '*')
			q++;
		while (isspace((unsigned char)*q))
			q++;
		if (isalpha((unsigned char)*q))
			return true;
	}
	return false;
}

/* The stand pat mark: "sp" and a signed value ("sp+50", "sp -700"), not the "sp" of "sp-cut". */
static bool stand_pat_mark(const char *screen)
{
	for (const char *p = strstr(screen, "sp"); p; p = strstr(p + 1, "sp")) {
		const char *q = p + 2;

		if (p > screen && (word_char((unsigned char)p[-1]) || p[-1] == '-'))
			continue;
		if (*q == ' ')
			q++;
		if ((*q == '+' || *q == '-') && isdigit((unsigned char)q[1]))
			return true;
	}
	return false;
}

/*
 * Whether SCREEN shows the value or mate WORD with its sign ("sp+50",
 * "[-inf,+50]", "(+700)", "= #-1") and not followed by a digit. A WORD
 * without a bound's mark is an exact value: an occurrence marked ">=" or
 * "<=" on the screen is a bound, not that value, and does not count (a
 * bound quoted as exact is not on the screen).
 */
static bool value_on_screen(const char *screen, const char *word)
{
	size_t len = strlen(word);
	bool marked = !strncmp(word, ">=", 2) || !strncmp(word, "<=", 2);

	if (len == 0)
		return false;
	for (const char *p = strstr(screen, word); p; p = strstr(p + 1, word)) {
		if (p[len] && isdigit((unsigned char)p[len]))
			continue;
		if (!marked && p - screen >= 2 && p[-1] == '=' && (p[-2] == '>' || p[-2] == '<'))
			continue;
		return true;
	}
	return false;
}

bool screenfact_on_screen(const struct screenfact *f, const char *screen)
{
	switch (f->kind) {
	case SF_VALUE:
	case SF_MATE:
		return value_on_screen(screen, f->word);
	case SF_NODES: {
		char plain[32];
		size_t k = 0;

		for (const char *c = f->word; *c && k + 1 < sizeof plain; c++)
			if (*c != ',')
				plain[k++] = *c;
		plain[k] = '\0';
		return has(screen, f->word, digit_or_comma, digit_or_comma) ||
		       has(screen, plain, digit_or_comma, digit_or_comma);
	}
	case SF_MOVE: {
		char base[32];
		size_t len;

		snprintf(base, sizeof base, "%s", f->word);
		len = strlen(base);
		while (len > 0 && (base[len - 1] == '+' || base[len - 1] == '#'))
			base[--len] = '\0';
		return has(screen, base, alnum, digit_or_equals);
	}
	case SF_MARK:
		break;
	}
	if (!strcmp(f->word, ">>") || !strcmp(f->word, ">"))
		return parting_mark(screen);
	if (!strcmp(f->word, "sp"))
		return stand_pat_mark(screen);
	if (!strcmp(f->word, "~")) {
		for (const char *p = strchr(screen, '~'); p; p = strchr(p + 1, '~'))
			if (isalpha((unsigned char)p[1]) || p[1] == '?')
				return true;
		return false;
	}
	{
		const char *const *group = mark_group(f->word);

		if (group == NULL)
			return has(screen, f->word, mark_before, mark_after);
		for (int i = 0; group[i]; i++)
			if (has(screen, group[i], mark_before, mark_after))
				return true;
	}
	return false;
}

bool screenfact_declared(const struct screenfact *f, const char *claim)
{
	char want[40];
	size_t len;

	switch (f->kind) {
	case SF_MOVE:
		snprintf(want, sizeof want, "%s", f->word);
		len = strlen(want);
		while (len > 0 && (want[len - 1] == '+' || want[len - 1] == '#'))
			want[--len] = '\0';
		return has(claim, want, alnum, digit);
	case SF_VALUE:
		/* A claim writes +700 as 700 (score 700, eval=700) and -700 as -700. */
		return has(claim, f->word[0] == '+' ? f->word + 1 : f->word, digit_or_minus, digit);
	case SF_NODES: {
		char plain[32];
		size_t k = 0;

		k = (size_t)snprintf(plain, sizeof plain, "nodes ");
		for (const char *c = f->word; *c && k + 1 < sizeof plain; c++)
			if (*c != ',')
				plain[k++] = *c;
		plain[k] = '\0';
		return has(claim, plain, word_char, digit_or_dot);
	}
	default:
		return false;
	}
}

/* Whether WORD is one of the page's "# off-screen:" words (each without quotes and trailing punctuation). */
static bool listed_off_screen(const struct lesson_page *pg, const char *word)
{
	char *buf, *save = NULL;
	bool found = false;

	if (pg->offscreen == NULL)
		return false;
	buf = xstrdup(pg->offscreen);
	for (char *w = strtok_r(buf, " \t", &save); w && !found; w = strtok_r(NULL, " \t", &save)) {
		char core[64];

		word_core(w, TRAILING, core, sizeof core);
		found = !strcmp(core, word);
	}
	free(buf);
	return found;
}

#define SCREENFACT_MAX 256

int screenfact_check_page(const struct lesson *l, int page, const char *const *screens, const char *const *names,
			  int count, lesson_report_fn report, void *ctx)
{
	const struct lesson_page *pg = &l->pages[page];
	struct screenfact *seen = xmalloc(sizeof *seen * SCREENFACT_MAX), facts[SCREENFACT_MAX];
	int nseen = 0, misses = 0;

	for (int i = 0; i < pg->item_count; i++) {
		const struct lesson_item *it = &pg->items[i];
		const char *text = it->kind == LI_TEXT ? it->text : it->kind == LI_QUESTION ? it->question->ask : NULL;
		int n;

		if (text == NULL)
			continue;
		n = screenfact_read(text, facts, SCREENFACT_MAX);
		for (int k = 0; k < n; k++) {
			const struct screenfact *f = &facts[k];
			char where[200] = "";
			size_t used = 0;
			int missing = 0;
			bool again = false;

			for (int j = 0; j < nseen && !again; j++)
				again = seen[j].kind == f->kind && !strcmp(seen[j].word, f->word);
			if (again)
				continue;
			if (nseen < SCREENFACT_MAX)
				seen[nseen++] = *f;
			/* A claim proves a fact true; only the screen makes it visible. */
			if (listed_off_screen(pg, f->word))
				continue;
			for (int s = 0; s < count; s++) {
				if (screenfact_on_screen(f, screens[s]))
					continue;
				used += (size_t)snprintf(where + used, sizeof where - used, "%s%s",
							 missing ? " and " : "", names[s]);
				if (used >= sizeof where)
					used = sizeof where - 1;
				missing++;
			}
			if (!missing)
				continue;
			misses++;
			if (report) {
				char msg[600];

				snprintf(msg, sizeof msg, "page %d/%d: the text quotes the %s '%s', which the screen "
					 "does not show at %s (the rows in view as the tutor draws the page when it "
					 "opens; an @claim proves it true but does not show it: run the search and "
					 "@goto the node, or say less)", page + 1, l->page_count,
					 screenfact_kind_name(f->kind), f->word, where);
				report(l, it->line, it->column, msg, ctx);
			}
		}
	}
	free(seen);
	return misses;
}
