/*
 * tracejson.h: one JSON value parsed by simdjson, for the trace reader.
 *
 * The parser (a C++ translation unit, tracejson.cpp, behind this C
 * interface) turns one record of a trace (a line of JSON Lines, an element
 * of a document's arrays, a header value) into a flat array of values in
 * document order: an object or an array is followed by its members, each
 * value says how many slots it takes with what it contains, so a reader
 * steps over a member in one addition. Strings point into the parser and
 * stay valid until its next parse.
 *
 * The parser refuses what the trace format refuses and simdjson accepts:
 * a duplicate key in an object, a "\u0000" in a string, an integer beyond
 * the 64-bit signed range. It keeps no positions: the reader finds the place
 * of a syntax error again with libjansson, which reports one.
 */
#ifndef QUIESCE_TRACEJSON_H
#define QUIESCE_TRACEJSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The bytes after a text's end that tracejson_parse may read (their content does not matter). */
#define TRACEJSON_PADDING 64

enum tracejson_type { TJ_NULL, TJ_FALSE, TJ_TRUE, TJ_INT, TJ_REAL, TJ_STRING, TJ_OBJECT, TJ_ARRAY };

struct tracejson_value {
	uint8_t type;           /* enum tracejson_type */
	uint32_t count;         /* an object's members, an array's elements, a string's length */
	uint32_t size;          /* the slots it takes, itself included */
	uint32_t klen;          /* the member's key (in an object) and its length */
	const char *key;
	union {
		long long i;
		double d;
		const char *s;  /* NUL-terminated */
	} u;
};

struct tracejson;

struct tracejson *tracejson_new(void);
void tracejson_free(struct tracejson *p);

/*
 * Parses the LEN bytes of TEXT, followed by TRACEJSON_PADDING readable
 * bytes, as one JSON value. Returns the value, or NULL with the reason in
 * tracejson_error.
 */
const struct tracejson_value *tracejson_parse(struct tracejson *p, const char *text, size_t len);

/*
 * Starts a stream over the LEN bytes of TEXT (followed by
 * TRACEJSON_PADDING readable bytes) holding JSON objects one after another,
 * as JSON Lines does: simdjson's document stream finds the structure of the
 * whole text in one pass, then each object is parsed when asked for. False
 * when the stream cannot start (the caller then parses the text otherwise).
 */
bool tracejson_stream_start(struct tracejson *p, const char *text, size_t len);

/*
 * The stream's next object, with its place in the text (*OFF, *LEN: from
 * its '{' to its '}'); NULL at the end, or with *FAILED when the next value
 * is not JSON, not an object or refused: the stream stops there, and the
 * caller finds why by parsing the text from there on its own. A value
 * lasts until the next call, or the next parse with P.
 */
const struct tracejson_value *tracejson_stream_next(struct tracejson *p, size_t *off, size_t *len, bool *failed);

/* Why the last parse failed, in simdjson's words or ours. */
const char *tracejson_error(const struct tracejson *p);

/*
 * Member KEY of object O (NULL when O is NULL, not an object, or has no such
 * member). Compared byte by byte in line: a record has a few short keys, and
 * calls to strlen and memcmp cost more than the comparison (a tenth of a
 * reading once).
 */
static inline const struct tracejson_value *tracejson_get(const struct tracejson_value *o, const char *key)
{
	const struct tracejson_value *m;

	if (o == NULL || o->type != TJ_OBJECT)
		return NULL;
	m = o + 1;
	for (uint32_t i = 0; i < o->count; i++, m += m->size) {
		uint32_t j = 0;

		/* A key's bytes may hold a NUL ("\u0000"): KEY's end is found by its own NUL, never read past. */
		while (j < m->klen && key[j] != '\0' && m->key[j] == key[j])
			j++;
		if (j == m->klen && key[j] == '\0')
			return m;
	}
	return NULL;
}

/* The element after E in its array or object. */
static inline const struct tracejson_value *tracejson_next(const struct tracejson_value *e)
{
	return e + e->size;
}

static inline bool tracejson_is(const struct tracejson_value *v, int type)
{
	return v != NULL && v->type == type;
}

static inline bool tracejson_is_bool(const struct tracejson_value *v)
{
	return v != NULL && (v->type == TJ_TRUE || v->type == TJ_FALSE);
}

/* The string's text, or NULL when V is not a string (as json_string_value). */
static inline const char *tracejson_string(const struct tracejson_value *v)
{
	return v != NULL && v->type == TJ_STRING ? v->u.s : NULL;
}

#ifdef __cplusplus
}
#endif

#endif
