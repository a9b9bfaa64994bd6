/*
 * traceio_int.h: what the JSON writers of traceio.c (the document, the
 * JSON Lines of every field) and traceio_lines.c (the compact JSON Lines of
 * version 3) share, and nothing else includes.
 */
#ifndef QUIESCE_TRACEIO_INT_H
#define QUIESCE_TRACEIO_INT_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "tracefile/traceio.h"

/*
 * The JSON writers go through one big buffer of their own, flushed with
 * fwrite: numbers are formatted by hand and nothing goes through printf's
 * format parsing, which kept the old writer at 1.4 microseconds a node.
 */
#define WBUF_SIZE (1 << 20)
#define WBUF_ROOM 4096   /* the most one call appends: a node record, a FEN, a PV */

struct wbuf {
	FILE *out;
	char *buf;
	size_t len;
};

static inline void wb_flush(struct wbuf *w)
{
	if (w->len)
		fwrite(w->buf, 1, w->len, w->out);
	w->len = 0;
}

/* Makes room for one record (WBUF_ROOM bytes). */
static inline void wb_room(struct wbuf *w)
{
	if (w->len > WBUF_SIZE - WBUF_ROOM)
		wb_flush(w);
}

static inline void wb_lit(struct wbuf *w, const char *s, size_t n)
{
	memcpy(w->buf + w->len, s, n);
	w->len += n;
}

/* Appends a string literal (its length known at compile time). */
#define WB(w, s) wb_lit((w), (s), sizeof(s) - 1)

static inline void wb_char(struct wbuf *w, char c)
{
	w->buf[w->len++] = c;
}

static inline void wb_int(struct wbuf *w, long long v)
{
	char tmp[24];
	int n = 0;
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;

	if (v < 0)
		wb_char(w, '-');
	do {
		tmp[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	while (n)
		w->buf[w->len++] = tmp[--n];
}

static inline void wb_bool(struct wbuf *w, bool b)
{
	if (b)
		WB(w, "true");
	else
		WB(w, "false");
}

/* TEXT as a JSON string with its quotes, escaping what RFC 8259 requires (TEXT is short). */
static inline void wb_string(struct wbuf *w, const char *text)
{
	static const char hex[] = "0123456789abcdef";

	wb_char(w, '"');
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		switch (*p) {
		case '"': WB(w, "\\\""); break;
		case '\\': WB(w, "\\\\"); break;
		case '\n': WB(w, "\\n"); break;
		case '\r': WB(w, "\\r"); break;
		case '\t': WB(w, "\\t"); break;
		default:
			if (*p < 0x20) {
				WB(w, "\\u00");
				wb_char(w, hex[*p >> 4]);
				wb_char(w, hex[*p & 15]);
			} else {
				wb_char(w, (char)*p);
			}
		}
	}
	wb_char(w, '"');
}

/* A move as a JSON string in UCI, or null for MOVE_NONE. */
static inline void wb_move(struct wbuf *w, move m)
{
	static const char promo[] = "nbrq";

	if (m == MOVE_NONE) {
		WB(w, "null");
		return;
	}
	wb_char(w, '"');
	wb_char(w, (char)('a' + SQ_FILE(MOVE_FROM(m))));
	wb_char(w, (char)('1' + SQ_RANK(MOVE_FROM(m))));
	wb_char(w, (char)('a' + SQ_FILE(MOVE_TO(m))));
	wb_char(w, (char)('1' + SQ_RANK(MOVE_TO(m))));
	if (MOVE_IS_PROMOTION(m))
		wb_char(w, promo[MOVE_PROMO_TYPE(m) - KNIGHT]);
	wb_char(w, '"');
}

/* The header's keys: format, VERSION, fen (without the braces). */
void traceio_json_header(struct wbuf *w, const struct position *root, int version);
/* The "options" key and its object. */
/* The "options" object; T says whether the order and the evaluation are another engine's ("other"). */
void traceio_json_options(struct wbuf *w, const struct search_options *opt, const struct trace *t);
/* ', "declares": {...}' when T declares anything quiesce's own search does not do (quiesce-trace(5), DECLARATIONS), else nothing. */
void traceio_json_declared(struct wbuf *w, const struct trace *t);
/* The result's keys (without the braces). */
void traceio_json_result_fields(struct wbuf *w, const struct trace *t, const struct position *root,
				const struct search_result *res);

#endif
