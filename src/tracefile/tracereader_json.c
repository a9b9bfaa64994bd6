/*
 * tracereader_json.c: the trace reader's access to JSON values: typed
 * values out of jansson's objects, and error messages that name the file,
 * the line and column and the JSON path of the value at fault, found again
 * in the text when the message is made (jansson keeps no positions).
 */
#include <limits.h>
#include <stdlib.h>
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
size_t tracereader_skip_value(const char *s, size_t len, size_t pos)
{
	size_t depth = 0;

	while (pos < len) {
		char c = s[pos];

		if (c == '"') {
			for (pos++; pos < len && s[pos] != '"'; pos++)
				if (s[pos] == '\\')
					pos++;
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
	}
	return len;
}

/*
 * The offset of the value of KEY in the object at OFF of the current text,
 * or OFF when it is not there (or the text at OFF is not an object).
 */
static size_t key_offset(const struct rd *r, size_t off, const char *key)
{
	const char *s = r->text;
	size_t len = r->len, pos = tracereader_skip_ws(s, len, off), klen = strcspn(key, "[");

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

/* Fails with jansson's syntax error for the text parsed from OFF. */
bool tracereader_fail_json(struct rd *r, size_t off, const char *path, const json_error_t *je)
{
	size_t at = off + (je->position > 0 ? (size_t)je->position - 1 : 0);

	return tracereader_fail_at(r, at, path, "invalid JSON: %s", je->text);
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
const char *tracereader_type_name(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "an array";
	case JSON_STRING: return "a string";
	case JSON_INTEGER: return "a whole number";
	case JSON_REAL: return "a number with a fraction";
	case JSON_TRUE:
	case JSON_FALSE: return "a boolean";
	default: return "null";
	}
}

/* Reads whole number KEY of REC, from LO to HI. False after a message; *HAS false when absent. */
bool tracereader_get_int(struct rd *r, const struct rec *rc, const char *key, long long lo, long long hi,
		    bool required, long long *out, bool *has)
{
	json_t *v = json_object_get(rc->obj, key);

	if (has)
		*has = v != NULL;
	if (v == NULL) {
		if (required)
			return tracereader_fail_key(r, rc->at, rc->path, NULL, "missing key \"%s\" (a whole number)", key);
		return true;
	}
	if (!json_is_integer(v))
		return tracereader_fail_key(r, rc->at, rc->path, key, "expected a whole number, found %s", tracereader_type_name(v));
	*out = json_integer_value(v);
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
	json_t *v = json_object_get(rc->obj, key);

	*has = v != NULL;
	if (v == NULL)
		return true;
	if (!json_is_boolean(v))
		return tracereader_fail_key(r, rc->at, rc->path, key, "expected true or false, found %s", tracereader_type_name(v));
	*out = json_is_true(v);
	return true;
}

/* One of the words in NAMES (NULL-terminated); *OUT is its index, -1 when absent. */
bool tracereader_get_enum(struct rd *r, const struct rec *rc, const char *key, const char *const *names, int *out)
{
	json_t *v = json_object_get(rc->obj, key);
	char list[160] = "";

	*out = -1;
	if (v == NULL)
		return true;
	for (int i = 0; names[i]; i++) {
		if (json_is_string(v) && strcmp(json_string_value(v), names[i]) == 0) {
			*out = i;
			return true;
		}
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s\"%s\"", i ? ", " : "", names[i]);
	}
	if (!json_is_string(v))
		return tracereader_fail_key(r, rc->at, rc->path, key, "expected one of %s, found %s", list, tracereader_type_name(v));
	return tracereader_fail_key(r, rc->at, rc->path, key, "\"%s\" is not one of %s", tracereader_cut(json_string_value(v)), list);
}

/*
 * A move in UCI, legal in POS; MOVE_NONE for null when NULLABLE. *HAS is
 * false when the key is absent (then REQUIRED fails).
 */
bool tracereader_get_move(struct rd *r, const struct rec *rc, const char *key, const struct position *pos,
		     bool nullable, bool required, move *out, bool *has)
{
	json_t *v = json_object_get(rc->obj, key);
	char again[NOTATION_BUFSIZE];

	*has = v != NULL;
	*out = MOVE_NONE;
	if (v == NULL) {
		if (required)
			return tracereader_fail_key(r, rc->at, rc->path, NULL, "missing key \"%s\" (a move in UCI)", key);
		return true;
	}
	if (json_is_null(v)) {
		if (!nullable)
			return tracereader_fail_key(r, rc->at, rc->path, key, "expected a move in UCI, found null");
		return true;
	}
	if (!json_is_string(v))
		return tracereader_fail_key(r, rc->at, rc->path, key, "expected a UCI move string such as \"e2e4\"%s, found %s",
				   nullable ? " or null" : "", tracereader_type_name(v));
	if (!notation_parse_uci(pos, json_string_value(v), out, NULL))
		return tracereader_fail_key(r, rc->at, rc->path, key, "\"%s\" is not a legal move in UCI in the position (%s to move)",
				   tracereader_cut(json_string_value(v)), pos->side == WHITE ? "White" : "Black");
	notation_uci(*out, again);
	if (strcmp(again, json_string_value(v)) != 0)
		return tracereader_fail_key(r, rc->at, rc->path, key, "\"%s\" is not written as UCI writes it (\"%s\")",
				   json_string_value(v), again);
	return true;
}

