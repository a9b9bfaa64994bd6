/*
 * tracereader_json.c: the trace reader's access to JSON values: records
 * parsed by simdjson (tracejson.h), typed values out of them, and error
 * messages that name the file, the line and column and the JSON path of the
 * value at fault, found again in the text when the message is made (simdjson
 * keeps no positions; for a syntax error jansson parses the record again and
 * says where it fails).
 */
#include <limits.h>
#include <stdlib.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <string.h>

#include "tracefile/tracereader_int.h"

/* ------------------------------------------------------------------ errors */

/* The 1-based line and column of byte OFF of the document. */
void tracereader_line_col(const struct rd *r, size_t off, int *line, int *col)
{
	int l = 1, c = 1;

	if (off > r->len)
		off = r->len;
	for (size_t i = 0; i < off; i++) {
		if (r->text[i] == '\n') {
			l++;
			c = 1;
		} else {
			c++;
		}
	}
	*line = l;
	*col = c;
}

static bool rd_fail_lc(struct rd *r, int line, int col, const char *path, const char *fmt, va_list ap)
{
	char msg[sizeof r->err->msg];

	if (r->failed)
		return false;
	r->failed = true;
	vsnprintf(msg, sizeof msg, fmt, ap);
	if (r->name)
		return error_set(r->err, line, col, "%s:%d:%d: %s%s%s", r->name, line, col, path ? path : "",
				 path && *path ? ": " : "", msg);
	return error_set(r->err, line, col, "line %d, column %d: %s%s%s", line, col, path ? path : "",
			 path && *path ? ": " : "", msg);
}

/* Fails at byte OFF of the current text (the document, or the current line). */
bool tracereader_fail_at(struct rd *r, size_t off, const char *path, const char *fmt, ...)
{
	va_list ap;
	int line, col;
	bool ok;

	if (r->jsonl) {
		line = (int)r->line;
		col = (int)(off > r->len ? r->len : off) + 1;
	} else {
		tracereader_line_col(r, off, &line, &col);
	}
	va_start(ap, fmt);
	ok = rd_fail_lc(r, line, col, path, fmt, ap);
	va_end(ap);
	return ok;
}

/* Skips blanks from POS. */
size_t tracereader_skip_ws(const char *s, size_t len, size_t pos)
{
	while (pos < len && (s[pos] == ' ' || s[pos] == '\t' || s[pos] == '\n' || s[pos] == '\r'))
		pos++;
	return pos;
}

/*
 * Where the value starting at POS ends, or LEN when it is not closed. Only
 * strings and brackets are followed: the syntax inside is jansson's to check.
 */
/*
 * The first byte from POS of S (LEN bytes) that matters to
 * tracereader_skip_value: in a string (IN_STRING) a '"' or a '\\', outside
 * one a '"' or a bracket. SSE2 looks at sixteen bytes at a time; LEN when
 * there is none.
 */
static size_t skip_plain(const char *s, size_t len, size_t pos, bool in_string)
{
#ifdef __SSE2__
	const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
	const __m128i lower = _mm_set1_epi8(0x20), open = _mm_set1_epi8('{'), close = _mm_set1_epi8('}');

	/* '[' and ']' are '{' and '}' less 0x20: one OR folds each pair into one comparison. */
	while (pos + 16 <= len) {
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(s + pos)), hit;
		int mask;

		if (in_string) {
			hit = _mm_or_si128(_mm_cmpeq_epi8(b, quote), _mm_cmpeq_epi8(b, backslash));
		} else {
			__m128i f = _mm_or_si128(b, lower);

			hit = _mm_or_si128(_mm_cmpeq_epi8(b, quote),
					   _mm_or_si128(_mm_cmpeq_epi8(f, open), _mm_cmpeq_epi8(f, close)));
		}
		mask = _mm_movemask_epi8(hit);
		if (mask != 0)
			return pos + (size_t)__builtin_ctz((unsigned)mask);
		pos += 16;
	}
#endif
	for (; pos < len; pos++) {
		char c = s[pos];

		if (c == '"' || (in_string ? c == '\\' : ((c | 0x20) == '{' || (c | 0x20) == '}')))
			return pos;
	}
	return len;
}

size_t tracereader_skip_value(const char *s, size_t len, size_t pos)
{
	size_t depth = 0;

	while (pos < len) {
		char c = s[pos];

		if (c == '"') {
			for (pos = skip_plain(s, len, pos + 1, true); pos < len && s[pos] != '"';
			     pos = skip_plain(s, len, pos + 2, true)) {
				/* A backslash: the byte after it is escaped. */
			}
			if (pos >= len)
				return len;
			pos++;
			if (depth == 0)
				return pos;
			continue;
		}
		if (c == '{' || c == '[') {
			depth++;
		} else if (c == '}' || c == ']') {
			if (depth == 0)
				return pos;
			if (--depth == 0)
				return pos + 1;
		} else if (depth == 0 && (c == ',' || c == ' ' || c == '\n' || c == '\r' || c == '\t')) {
			return pos;
		}
		pos++;
		/* Inside an object or an array, only strings and brackets matter. */
		if (depth > 0)
			pos = skip_plain(s, len, pos, false);
	}
	return len;
}

size_t tracereader_skip_array(const char *s, size_t len, size_t pos, struct tracereader_ends *e)
{
	size_t depth = 0;

	/* tracereader_skip_value's walk, noting each close that ends an element. */
	while (pos < len) {
		char c = s[pos];

		if (c == '"') {
			for (pos = skip_plain(s, len, pos + 1, true); pos < len && s[pos] != '"';
			     pos = skip_plain(s, len, pos + 2, true)) {
				/* A backslash: the byte after it is escaped. */
			}
			if (pos >= len)
				return len;
			pos++;
			if (depth == 0)
				return pos;
			pos = skip_plain(s, len, pos, false);
			continue;
		}
		if (c == '{' || c == '[') {
			depth++;
		} else if (c == '}' || c == ']') {
			if (depth == 0)
				return pos;
			if (depth == 2) {
				if (e->count == e->cap) {
					e->cap = e->cap ? 2 * e->cap : 1024;
					e->end = xrealloc(e->end, sizeof *e->end * e->cap);
				}
				e->end[e->count++] = pos + 1;
			}
			if (--depth == 0)
				return pos + 1;
		} else if (depth == 0) {
			return pos;
		}
		pos = skip_plain(s, len, pos + 1, false);
	}
	return len;
}

static size_t key_offset(const struct rd *r, size_t off, const char *key);

/*
 * The offset of the value KEY (KLEN bytes) stands for in the compact record
 * (an array) at POS: the element at its place among r->compact_keys, else
 * the member of the object that ends the array; POS when neither has it.
 */
static size_t compact_key_offset(const struct rd *r, size_t pos, const char *key, size_t klen)
{
	const char *s = r->text;
	size_t len = r->len, at = tracereader_skip_ws(s, len, pos + 1), nkeys = 0;

	while (r->compact_keys[nkeys] != NULL)
		nkeys++;
	for (size_t i = 0; at < len && s[at] != ']'; i++) {
		if (i < nkeys && strlen(r->compact_keys[i]) == klen && memcmp(r->compact_keys[i], key, klen) == 0)
			return at;
		if (i >= nkeys && s[at] == '{') {
			size_t in = key_offset(r, at, key);

			return in != at ? in : pos;
		}
		at = tracereader_skip_ws(s, len, tracereader_skip_value(s, len, at));
		if (at >= len || s[at] != ',')
			break;
		at = tracereader_skip_ws(s, len, at + 1);
	}
	return pos;
}

/*
 * The offset of the value of KEY in the object at OFF of the current text,
 * or OFF when it is not there (or the text at OFF is not an object).
 */
static size_t key_offset(const struct rd *r, size_t off, const char *key)
{
	const char *s = r->text;
	size_t len = r->len, pos = tracereader_skip_ws(s, len, off), klen = strcspn(key, "[");

	if (pos < len && s[pos] == '[' && r->compact_keys != NULL)
		return compact_key_offset(r, pos, key, klen);
	if (pos >= len || s[pos] != '{')
		return off;
	pos++;
	for (;;) {
		size_t kstart, kend;

		pos = tracereader_skip_ws(s, len, pos);
		if (pos >= len || s[pos] != '"')
			return off;
		kstart = pos + 1;
		kend = tracereader_skip_value(s, len, pos);
		pos = tracereader_skip_ws(s, len, kend);
		if (pos >= len || s[pos] != ':')
			return off;
		pos = tracereader_skip_ws(s, len, pos + 1);
		if (kend - kstart - 1 == klen && memcmp(s + kstart, key, klen) == 0)
			return pos;
		pos = tracereader_skip_ws(s, len, tracereader_skip_value(s, len, pos));
		if (pos >= len || s[pos] != ',')
			return off;
		pos++;
	}
}

/*
 * Fails at the value of KEY of the record at AT (PATH names the record; the
 * message's path is PATH.KEY). A node record of JSON Lines read on an earlier
 * line is named by its line alone.
 */
bool tracereader_fail_key(struct rd *r, struct loc at, const char *path, const char *key, const char *fmt, ...)
{
	char full[96];
	va_list ap;
	int line, col;
	bool ok;

	if (key)
		snprintf(full, sizeof full, "%s%s%s", path, *path ? "." : "", key);
	else
		snprintf(full, sizeof full, "%s", path);
	if (r->jsonl) {
		line = (int)at.line;
		col = 1;
		if (at.line == r->line)
			col = (int)(key ? key_offset(r, 0, key) : 0) + 1;
	} else {
		tracereader_line_col(r, key ? key_offset(r, at.off, key) : at.off, &line, &col);
	}
	va_start(ap, fmt);
	ok = rd_fail_lc(r, line, col, full, fmt, ap);
	va_end(ap);
	return ok;
}

/* The longest value whose syntax error jansson places (a larger one is placed at its start). */
#define TRACEREADER_RELOCATE_MAX ((size_t)16 << 20)

/* Fails with jansson's syntax error for the text parsed from OFF. */
bool tracereader_fail_json(struct rd *r, size_t off, const char *path, const json_error_t *je)
{
	size_t at = off + (je->position > 0 ? (size_t)je->position - 1 : 0);

	return tracereader_fail_at(r, at, path, "invalid JSON: %s", je->text);
}

const struct tracejson_value *tracereader_parse(struct rd *r, struct tracejson *p, size_t off, size_t len,
						const char *path, bool eof_check)
{
	const struct tracejson_value *v = tracejson_parse(p, r->text + off, len);
	json_error_t je;
	json_t *again;

	if (v != NULL)
		return v;
	/*
	 * Where and why, in jansson's words; simdjson's when jansson finds
	 * nothing wrong. jansson reads only the value that failed (a line, an
	 * element), never the rest of the file, and not a value past
	 * TRACEREADER_RELOCATE_MAX bytes: that one is placed at its start.
	 */
	if (len > TRACEREADER_RELOCATE_MAX)
		return tracereader_fail_at(r, off, path, "invalid JSON: %s", tracejson_error(p)), NULL;
	again = json_loadb(r->text + off, len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY |
			   (eof_check ? 0 : JSON_DISABLE_EOF_CHECK), &je);
	if (again == NULL)
		return tracereader_fail_json(r, off, path, &je), NULL;
	json_decref(again);
	return tracereader_fail_at(r, off, path, "invalid JSON: %s", tracejson_error(p)), NULL;
}

/* ------------------------------------------------------------------ values */

/* TEXT cut for a message (at most UTIL_CUT_MAX bytes), in one of a few rotating buffers. */
const char *tracereader_cut(const char *text)
{
	static char bufs[4][UTIL_CUT_MAX + 8];
	static int next;

	return util_cut(text, bufs[next++ & 3], sizeof bufs[0]);
}

/* The JSON type of V as a message names it. */
const char *tracereader_type_name(const struct tracejson_value *v)
{
	switch (v ? v->type : TJ_NULL) {
	case TJ_OBJECT: return "an object";
	case TJ_ARRAY: return "an array";
	case TJ_STRING: return "a string";
	case TJ_INT: return "a whole number";
	case TJ_REAL: return "a number with a fraction";
	case TJ_TRUE:
	case TJ_FALSE: return "a boolean";
	default: return "null";
	}
}

/* Reads whole number KEY of REC, from LO to HI. False after a message; *HAS false when absent. */
bool tracereader_get_int(struct rd *r, const struct rec *rc, const char *key, long long lo, long long hi,
		    bool required, long long *out, bool *has)
{
	const struct tracejson_value *v = tracejson_get(rc->obj, key);

	if (has)
		*has = v != NULL;
	if (v == NULL) {
		if (required)
			return tracereader_fail_key(r, rc->at, rc->path, NULL, "missing key \"%s\" (a whole number)", key);
		return true;
	}
	if (v->type != TJ_INT)
		return tracereader_fail_key(r, rc->at, rc->path, key, "expected a whole number, found %s", tracereader_type_name(v));
	*out = v->u.i;
	if (*out < lo || *out > hi)
		return tracereader_fail_key(r, rc->at, rc->path, key, "%lld is out of range: expected %lld to %lld", *out, lo, hi);
	return true;
}

/* A score (centipawns, or plus or minus infinity for an open window). */
bool tracereader_get_score(struct rd *r, const struct rec *rc, const char *key, bool required, int *out, bool *has)
{
	long long v = 0;
	bool h;

	if (!tracereader_get_int(r, rc, key, -SCORE_INF, SCORE_INF, required, &v, &h))
		return false;
	if (has)
		*has = h;
	if (h)
		*out = (int)v;
	return true;
}

bool tracereader_get_bool(struct rd *r, const struct rec *rc, const char *key, bool *out, bool *has)
{
	const struct tracejson_value *v = tracejson_get(rc->obj, key);

	*has = v != NULL;
	if (v == NULL)
		return true;
	if (!tracejson_is_bool(v))
		return tracereader_fail_key(r, rc->at, rc->path, key, "expected true or false, found %s", tracereader_type_name(v));
	*out = v->type == TJ_TRUE;
	return true;
}

/* One of the words in NAMES (NULL-terminated); *OUT is its index, -1 when absent. */
bool tracereader_get_enum(struct rd *r, const struct rec *rc, const char *key, const char *const *names, int *out)
{
	const struct tracejson_value *v = tracejson_get(rc->obj, key);
	char list[160];

	*out = -1;
	if (v == NULL)
		return true;
	if (v->type == TJ_STRING) {
		for (int i = 0; names[i]; i++) {
			if (v->u.s[0] == names[i][0] && strcmp(v->u.s, names[i]) == 0) {
				*out = i;
				return true;
			}
		}
	}
	/* The list of the words is made only for the message (it cost 11 % of a reading when made every time). */
	list[0] = '\0';
	for (int i = 0; names[i]; i++)
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s\"%s\"", i ? ", " : "", names[i]);
	if (v->type != TJ_STRING)
		return tracereader_fail_key(r, rc->at, rc->path, key, "expected one of %s, found %s", list, tracereader_type_name(v));
	return tracereader_fail_key(r, rc->at, rc->path, key, "\"%s\" is not one of %s", tracereader_cut(v->u.s), list);
}

/*
 * A move in UCI, legal in POS; MOVE_NONE for null when NULLABLE. *HAS is
 * false when the key is absent (then REQUIRED fails).
 */
bool tracereader_get_move(struct rd *r, const struct rec *rc, const char *key, const struct position *pos,
		     bool nullable, bool required, move *out, bool *has)
{
	return tracereader_move_value(r, rc, key, tracejson_get(rc->obj, key), pos, nullable, required, out, has);
}

bool tracereader_move_value(struct rd *r, const struct rec *rc, const char *key, const struct tracejson_value *v,
			    const struct position *pos, bool nullable, bool required, move *out, bool *has)
{
	char again[NOTATION_BUFSIZE];

	*has = v != NULL;
	*out = MOVE_NONE;
	if (v == NULL) {
		if (required)
			return tracereader_fail_key(r, rc->at, rc->path, NULL, "missing key \"%s\" (a move in UCI)", key);
		return true;
	}
	if (v->type == TJ_NULL) {
		if (!nullable)
			return tracereader_fail_key(r, rc->at, rc->path, key, "expected a move in UCI, found null");
		return true;
	}
	if (v->type != TJ_STRING)
		return tracereader_fail_key(r, rc->at, rc->path, key, "expected a UCI move string such as \"e2e4\"%s, found %s",
				   nullable ? " or null" : "", tracereader_type_name(v));
	if (!notation_parse_uci(pos, v->u.s, out, NULL))
		return tracereader_fail_key(r, rc->at, rc->path, key, "\"%s\" is not a legal move in UCI in the position (%s to move)",
				   tracereader_cut(v->u.s), pos->side == WHITE ? "White" : "Black");
	notation_uci(*out, again);
	if (!tracereader_same(again, v->u.s))
		return tracereader_fail_key(r, rc->at, rc->path, key, "\"%s\" is not written as UCI writes it (\"%s\")",
				   v->u.s, again);
	return true;
}

