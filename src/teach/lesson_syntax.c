/*
 * lesson_syntax.c: the words of a lesson's lines: tokens, whole numbers,
 * scores and ranges, search settings, and the parse errors that name the
 * line and column of a word.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "teach/lesson_int.h"
#include "base/util.h"
#include "search/variant.h"

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
/*
 * One bound of a count: the digits S[0..LEN) as a number of at most
 * LESSON_COUNT_MAX. False when they are not all digits (*BIG false) or when
 * the number is larger (*BIG true).
 */
static bool count_bound(const char *s, size_t len, long *out, bool *big)
{
	long v = 0;

	*big = false;
	if (len == 0)
		return false;
	for (size_t i = 0; i < len; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	for (size_t i = 0; i < len; i++) {
		v = v * 10 + (s[i] - '0');
		if (v > LESSON_COUNT_MAX) {
			*big = true;
			return false;
		}
	}
	*out = v;
	return true;
}

bool lesson_parse_count_range(const char *s, int len, struct lesson_range *r, const char **why)
{
	const char *dots = NULL;
	long lo = 0, hi = LESSON_COUNT_MAX;
	bool big = false;

	if (why != NULL)
		*why = NULL;
	for (int i = 0; i + 1 < len; i++)
		if (s[i] == '.' && s[i + 1] == '.') {
			dots = s + i;
			break;
		}
	if (len <= 0)
		return false;
	if (dots == NULL) {
		if (!count_bound(s, (size_t)len, &lo, &big))
			goto bad;
		r->lo = r->hi = (int)lo;
		return true;
	}
	if (dots == s && dots + 2 == s + len)
		return false;
	if (dots > s && !count_bound(s, (size_t)(dots - s), &lo, &big))
		goto bad;
	if (dots + 2 < s + len && !count_bound(dots + 2, (size_t)(s + len - dots - 2), &hi, &big))
		goto bad;
	if (lo > hi) {
		if (why != NULL)
			*why = "an empty range: LOW is above HIGH";
		return false;
	}
	r->lo = (int)lo;
	r->hi = (int)hi;
	return true;
bad:
	if (big && why != NULL)
		*why = "out of range: counts go up to " LESSON_COUNT_MAX_TEXT;
	return false;
}

void lesson_format_range(const struct lesson_range *r, char *buf, size_t n)
{
	char a[24], b[24];

	score_format(r->lo, 0, a, sizeof a);
	score_format(r->hi, 0, b, sizeof b);
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
