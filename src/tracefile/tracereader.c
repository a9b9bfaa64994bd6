/*
 * tracereader.c: reading a search trace from its JSON document or its JSON
 * Lines form (quiesce-trace(5)), with simdjson for the JSON syntax
 * (tracejson.h; libjansson only finds where a broken record breaks).
 *
 * Both forms come down to one stream of records: node records (what a node
 * is) and event records (what the search did, in order), which
 * tracereader_record.c turns into the trace.
 *
 * The document is read whole into memory and split into its top-level
 * values by a small scanner that only finds where each value ends (noting,
 * in the same pass, where each element of "nodes" and "events" ends); every
 * element is then parsed on its own, so that the records stream through
 * without a tree of the whole document. JSON Lines is read a block of whole
 * lines at a time, never held whole, and each block parsed by simdjson's
 * document stream; from the first line that is not one object alone on its
 * line, the block's lines are parsed one at a time, which places errors.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tracefile/tracegz.h"
#include "tracefile/traceio.h"
#include "tracefile/tracereader_int.h"
#include "search/option.h"

/* ------------------------------------------------------------------ the document */

/* Sets P to "NAME[0]", the path of an array's first element. */
static void path_init(struct tracereader_path *p, const char *name)
{
	size_t n = strlen(name);

	memcpy(p->s, name, n);
	memcpy(p->s + n, "[0]", 4);
	p->len = n + 3;
}

/*
 * Steps P to the next element's path ("events[9]" to "events[10]"): made
 * for every record, so by counting in the digits rather than with snprintf
 * (12% of a reading once).
 */
static void path_next(struct tracereader_path *p)
{
	size_t i = p->len - 2;

	while (p->s[i] == '9')
		p->s[i--] = '0';
	if (p->s[i] != '[') {
		p->s[i]++;
		return;
	}
	/* All nines: one digit more, a 1 in front of the zeros. */
	if (p->len + 2 > sizeof p->s)
		return;
	memmove(p->s + i + 2, p->s + i + 1, p->len - i);
	p->s[i + 1] = '1';
	p->len++;
}

/*
 * Parses the element of an array at *POS (the document) with P, its end
 * taken from E when it is an object or an array; NULL after a message.
 */
static const struct tracejson_value *doc_element(struct rd *r, struct tracejson *p, size_t *pos,
						 struct tracereader_ends *e, const char *path)
{
	size_t end;

	while (e->cur < e->count && e->end[e->cur] <= *pos)
		e->cur++;
	if ((r->text[*pos] == '{' || r->text[*pos] == '[') && e->cur < e->count)
		end = e->end[e->cur++];
	else
		end = tracereader_skip_value(r->text, r->len, *pos);
	const struct tracejson_value *v = tracereader_parse(r, p, *pos, end - *pos, path, false);

	if (v != NULL)
		*pos = end;
	return v;
}

/*
 * Steps over what follows an array element at *POS: ',' (then *MORE) or the
 * closing ']'. WHAT names the array for a message.
 */
static bool doc_array_next(struct rd *r, size_t *pos, bool first, const char *what, bool *more)
{
	size_t p = tracereader_skip_ws(r->text, r->len, *pos);

	*more = false;
	if (p >= r->len)
		return tracereader_fail_at(r, r->len, what, "the array is not closed (the input ends; it looks truncated)");
	if (r->text[p] == ']') {
		*pos = p + 1;
		return true;
	}
	if (!first) {
		if (r->text[p] != ',')
			return tracereader_fail_at(r, p, what, "expected ',' or ']' after an element, found '%c'", r->text[p]);
		p = tracereader_skip_ws(r->text, r->len, p + 1);
		if (p < r->len && r->text[p] == ']')
			return tracereader_fail_at(r, p, what, "a ',' must be followed by another element");
		if (p >= r->len)
			return tracereader_fail_at(r, r->len, what, "the array is not closed (the input ends; it looks truncated)");
	}
	*pos = p;
	*more = true;
	return true;
}

bool tracereader_next_node_record(struct rd *r, uint32_t id, struct noderec *n, struct loc ev_at, const char *ev_path)
{
	if (r->jsonl || r->nodes_absent) {
		if (r->q_count == 0)
			return tracereader_fail_key(r, ev_at, ev_path, "node", "node %lu is entered before its node record "
					   "(a node's line comes before its enter event)", (unsigned long)id);
		*n = r->queue[r->q_head];
		r->q_head = (r->q_head + 1) % r->q_cap;
		r->q_count--;
		return true;
	} else {
		size_t start;
		const struct tracejson_value *o;
		bool more;

		if (r->nodes_end)
			return tracereader_fail_key(r, ev_at, ev_path, "node", "there is no node %lu in \"nodes\" (it has %lu)",
					   (unsigned long)id, (unsigned long)r->nodes_count);
		if (!doc_array_next(r, &r->nodes_pos, r->nodes_count == 0, "nodes", &more))
			return false;
		if (!more) {
			r->nodes_end = true;
			return tracereader_fail_key(r, ev_at, ev_path, "node", "there is no node %lu in \"nodes\" (it has %lu)",
					   (unsigned long)id, (unsigned long)r->nodes_count);
		}
		if (r->nodes_count > 0)
			path_next(&r->node_path);
		start = r->nodes_pos;
		if ((o = doc_element(r, r->pj_nodes, &r->nodes_pos, &r->node_ends, r->node_path.s)) == NULL)
			return false;
		r->nodes_count++;
		return tracereader_read_node(r, o, (struct loc){ start, 0 }, r->node_path.s, n);
	}
}

/* The top-level keys the document reader keeps. */
enum { K_FORMAT, K_NODES, K_EVENTS, K_RESULT, K_COUNT };

/* The keys of the document's top level seen so far (for duplicates), and the header's text. */
struct toplevel {
	char **keys;
	size_t nkeys;
	char *head;        /* "{" and the key: value pairs other than the arrays and the result */
	size_t hlen, hcap;
};

static void head_append(struct toplevel *tl, const char *s, size_t n)
{
	if (tl->hlen + n + 2 + TRACEJSON_PADDING > tl->hcap) {
		tl->hcap = (tl->hlen + n + 2 + TRACEJSON_PADDING) * 2;
		tl->head = xrealloc(tl->head, tl->hcap);
	}
	memcpy(tl->head + tl->hlen, s, n);
	tl->hlen += n;
}

static bool read_document(struct rd *r)
{
	const char *s = r->text;
	size_t len = r->len, pos = tracereader_skip_ws(s, len, 0), at[K_COUNT] = { 0 }, events, end, rend = 0;
	const struct tracejson_value *header, *result = NULL;
	struct toplevel tl = { 0 };
	struct tracereader_path path;
	bool ok = false, more, first = true;
	uint32_t n = 0;

	if (pos >= len || s[pos] != '{') {
		if (pos < len && (unsigned char)s[pos] >= ' ' && (unsigned char)s[pos] < 0x7f)
			tracereader_fail_at(r, pos, "", "expected '{' (a JSON trace), found '%c'", s[pos]);
		else
			tracereader_fail_at(r, pos, "", pos >= len ? "the input is empty: expected a JSON trace" :
					    "expected '{' (a JSON trace), found the byte 0x%02x", (unsigned char)s[pos]);
		goto out;
	}
	pos++;
	head_append(&tl, "{", 1);
	/* The top level: where each value is; the small ones checked now and gathered into the header, the arrays later. */
	for (;;) {
		const struct tracejson_value *key;
		char *k;
		size_t kpos, kend;

		pos = tracereader_skip_ws(s, len, pos);
		if (pos < len && s[pos] == '}' && first)
			break;
		if (!first) {
			if (pos < len && s[pos] == '}')
				break;
			if (pos >= len || s[pos] != ',') {
				tracereader_fail_at(r, pos, "", pos >= len ? "the document is not closed (the input ends; it looks "
					   "truncated)" : "expected ',' or '}' after a value, found '%c'", pos < len ? s[pos] : ' ');
				goto out;
			}
			pos = tracereader_skip_ws(s, len, pos + 1);
		}
		kpos = pos;
		if (pos >= len || s[pos] != '"') {
			tracereader_fail_at(r, pos, "", pos >= len ? "the document is not closed (the input ends; it looks truncated)" :
				   "expected a key (a string), found '%c'", pos < len ? s[pos] : ' ');
			goto out;
		}
		kend = tracereader_skip_value(s, len, pos);
		if ((key = tracereader_parse(r, r->pj, pos, kend - pos, "", false)) == NULL)
			goto out;
		k = xstrdup(tracejson_string(key));
		pos = tracereader_skip_ws(s, len, kend);
		if (pos >= len || s[pos] != ':') {
			free(k);
			tracereader_fail_at(r, pos, "", "expected ':' after a key");
			goto out;
		}
		pos = tracereader_skip_ws(s, len, pos + 1);
		for (size_t i = 0; i < tl.nkeys; i++) {
			if (strcmp(tl.keys[i], k) == 0) {
				tracereader_fail_at(r, kpos, "", "duplicate key \"%s\"", tracereader_cut(k));
				free(k);
				goto out;
			}
		}
		tl.keys = xrealloc(tl.keys, sizeof *tl.keys * (tl.nkeys + 1));
		tl.keys[tl.nkeys++] = k;
		if (!strcmp(k, "nodes") || !strcmp(k, "events"))
			end = tracereader_skip_array(s, len, pos, !strcmp(k, "nodes") ? &r->node_ends : &r->event_ends);
		else
			end = tracereader_skip_value(s, len, pos);
		if (!strcmp(k, "nodes") || !strcmp(k, "events")) {
			at[!strcmp(k, "nodes") ? K_NODES : K_EVENTS] = pos;
			if (pos >= len || s[pos] != '[') {
				tracereader_fail_at(r, pos, k, "expected an array");
				goto out;
			}
			if (end >= len) {
				tracereader_fail_at(r, len, k, "the array is not closed (the input ends; it looks truncated)");
				goto out;
			}
			pos = end;
		} else {
			/* Checked alone, so that an error is placed in it; parsed again with the header or at the end. */
			if (tracereader_parse(r, r->pj, pos, end - pos, k, false) == NULL)
				goto out;
			if (!strcmp(k, "result")) {
				at[K_RESULT] = pos;
				rend = end;
			} else {
				if (!strcmp(k, "options"))
					at[K_FORMAT] = pos;
				if (tl.hlen > 1)
					head_append(&tl, ",", 1);
				head_append(&tl, s + kpos, kend - kpos);
				head_append(&tl, ":", 1);
				head_append(&tl, s + pos, end - pos);
			}
			pos = end;
		}
		first = false;
	}
	pos = tracereader_skip_ws(s, len, pos + 1);
	if (pos < len) {
		tracereader_fail_at(r, pos, "", "unexpected text after the end of the trace");
		goto out;
	}
	head_append(&tl, "}", 1);
	memset(tl.head + tl.hlen, 0, TRACEJSON_PADDING);
	if ((header = tracejson_parse(r->pj, tl.head, tl.hlen)) == NULL) {
		tracereader_fail_at(r, tracereader_skip_ws(s, len, 0), "", "invalid JSON: %s", tracejson_error(r->pj));
		goto out;
	}
	if (!tracereader_read_header(r, header, (struct loc){ tracereader_skip_ws(s, len, 0), 0 }, "") ||
	    !tracereader_read_options(r, tracejson_get(header, "options"), (struct loc){ at[K_FORMAT], 0 }))
		goto out;
	tracereader_observe_start(r);
	/* Version 3: without "nodes", each node's record follows from its compact enter. */
	if (!at[K_NODES] && at[K_EVENTS] && r->info.version >= 3)
		r->nodes_absent = true;
	if ((!at[K_NODES] && !r->nodes_absent) || !at[K_EVENTS]) {
		tracereader_fail_at(r, tracereader_skip_ws(s, len, 0), "", "missing key \"%s\" (an array)", at[K_NODES] ? "events" : "nodes");
		goto out;
	}
	r->nodes_pos = at[K_NODES] ? at[K_NODES] + 1 : 0;
	events = at[K_EVENTS] + 1;
	path_init(&r->node_path, "nodes");
	path_init(&path, "events");
	for (;;) {
		size_t start;
		const struct tracejson_value *e;

		if (!doc_array_next(r, &events, n == 0, "events", &more))
			goto out;
		if (!more)
			break;
		if (n > 0)
			path_next(&path);
		start = events;
		if ((e = doc_element(r, r->pj, &events, &r->event_ends, path.s)) == NULL)
			goto out;
		n++;
		if (e->type == TJ_ARRAY && r->info.version >= 3) {
			bool played = tracereader_read_compact(r, e, (struct loc){ start, 0 }, path.s);

			r->compact_keys = NULL;
			if (!played)
				goto out;
		} else if (!tracereader_read_event(r, e, (struct loc){ start, 0 }, path.s)) {
			goto out;
		}
	}
	if (!r->nodes_end && r->nodes_pos) {
		size_t p = r->nodes_pos;

		if (!doc_array_next(r, &p, r->nodes_count == 0, "nodes", &more))
			goto out;
		if (more) {
			tracereader_fail_at(r, p, "", "nodes[%lu]: node %lu is never entered (no enter event)",
				   (unsigned long)r->nodes_count, (unsigned long)r->nodes_count);
			goto out;
		}
	}
	if (at[K_RESULT] && (result = tracereader_parse(r, r->pj, at[K_RESULT], rend - at[K_RESULT], "result", false)) == NULL)
		goto out;
	ok = tracereader_finish(r, result, (struct loc){ at[K_RESULT], 0 }, "result", (struct loc){ events - 1, 0 });
out:
	for (size_t i = 0; i < tl.nkeys; i++)
		free(tl.keys[i]);
	free(tl.keys);
	free(tl.head);
	return ok;
}

/* ------------------------------------------------------------------ JSON Lines */

/* Queues a node line's record until its node is entered. */
void tracereader_queue_node(struct rd *r, const struct noderec *n)
{
	if (r->q_count == r->q_cap) {
		size_t cap = r->q_cap ? r->q_cap * 2 : 16;
		struct noderec *q = xmalloc(sizeof *q * cap);

		for (size_t i = 0; i < r->q_count; i++)
			q[i] = r->queue[(r->q_head + i) % r->q_cap];
		free(r->queue);
		r->queue = q;
		r->q_head = 0;
		r->q_cap = cap;
	}
	r->queue[(r->q_head + r->q_count) % r->q_cap] = *n;
	r->q_count++;
}

uint32_t tracereader_queued_id(const struct rd *r)
{
	return r->queue[r->q_head].id;
}

/* Parses the current line as one JSON object; NULL after a message. */
static const struct tracejson_value *line_object(struct rd *r, const char *what)
{
	const struct tracejson_value *v = tracereader_parse(r, r->pj, 0, r->len, what, true);

	if (v == NULL)
		return NULL;
	if (v->type != TJ_OBJECT && (v->type != TJ_ARRAY || r->info.version < 3 || *what)) {
		tracereader_fail_at(r, tracereader_skip_ws(r->text, r->len, 0), what, v->type == TJ_ARRAY && !*what ?
				    "expected an object (one record a line; the compact records, arrays, are version 3's)" :
				    "expected an object (one record a line)");
		return NULL;
	}
	return v;
}

/*
 * The lines of a file read a block at a time, each followed in the buffer by
 * at least TRACEJSON_PADDING readable bytes (the next lines, or zeros).
 */
struct lines {
	FILE *in;
	char *buf;
	size_t cap, start, end;
	bool eof;
	size_t line_max;        /* a longer line stops the reading (struct limit) */
	bool too_long;          /* set when it did */
};

#define LINES_BLOCK (1u << 20)

/*
 * The whole lines in the buffer (their newlines included; at the end of the
 * file, the last line without one) in *TEXT and *LEN; false at the end of
 * the file. They stay valid, followed by TRACEJSON_PADDING readable bytes,
 * until the next call.
 */
static bool lines_chunk(struct lines *l, const char **text, size_t *len)
{
	for (;;) {
		char *nl = NULL;
		size_t n;

		/* The last newline: lines are short, so a scan back from the end finds it at once. */
		for (size_t i = l->end; i > l->start; i--) {
			if (l->buf[i - 1] == '\n') {
				nl = l->buf + i - 1;
				break;
			}
		}

		if (nl != NULL || (l->eof && l->start < l->end)) {
			*text = l->buf + l->start;
			*len = nl != NULL && !l->eof ? (size_t)(nl + 1 - *text) : l->end - l->start;
			l->start += *len;
			return true;
		}
		if (l->eof)
			return false;
		/* The part of a line left at the end moves to the front; a line longer than the buffer grows it. */
		if (l->start > 0) {
			memmove(l->buf, l->buf + l->start, l->end - l->start);
			l->end -= l->start;
			l->start = 0;
		}
		/* A line past the limit is not read on: it would take memory in proportion to its length. */
		if (l->end > l->line_max) {
			l->too_long = true;
			return false;
		}
		if (l->cap - l->end < LINES_BLOCK / 2 + TRACEJSON_PADDING) {
			l->cap = l->cap ? l->cap * 2 : LINES_BLOCK + TRACEJSON_PADDING;
			l->buf = xrealloc(l->buf, l->cap);
		}
		n = fread(l->buf + l->end, 1, l->cap - l->end - TRACEJSON_PADDING, l->in);
		if (n == 0) {
			l->eof = true;
			/* After a read error the part of a line is not a line: the error is reported instead. */
			if (ferror(l->in))
				return false;
		}
		l->end += n;
		memset(l->buf + l->end, 0, TRACEJSON_PADDING);
	}
}

/* What read_lines keeps from one record to the next: the result line, kept as text. */
struct lines_state {
	char *rtext;
	size_t rlen;
	struct loc rat;
};

/*
 * Plays record O of the current line (r->text, r->len, r->line) into the
 * trace; false after a message.
 */
static bool line_record(struct rd *r, struct lines_state *st, const struct tracejson_value *o)
{
	const struct tracejson_value *tv;
	const char *type;

	if (st->rtext != NULL)
		return tracereader_fail_at(r, 0, "", "a record after the result (the result is the last line)");
	if (o->type == TJ_ARRAY) {
		bool ok;

		if (r->info.version < 3)
			return tracereader_fail_at(r, 0, "", "expected an object (one record a line; the compact records, "
						   "arrays, are version 3's)");
		ok = tracereader_read_compact(r, o, (struct loc){ 0, r->line }, "event");
		r->compact_keys = NULL;
		return ok;
	}
	tv = tracejson_get(o, "type");
	type = tracejson_string(tv);
	if (type == NULL)
		return tracereader_fail_key(r, (struct loc){ 0, r->line }, "", tv ? "type" : NULL, tv ? "expected \"node\", \"event\" or "
				    "\"result\", found %s" : "missing key \"type\" (\"node\", \"event\" or \"result\")%s",
				    tv ? tracereader_type_name(tv) : "");
	if (type[0] == 'e' && !strcmp(type, "event")) {
		return tracereader_read_event(r, o, (struct loc){ 0, r->line }, "event");
	} else if (!strcmp(type, "node")) {
		struct noderec n;

		if (!tracereader_read_node(r, o, (struct loc){ 0, r->line }, "node", &n))
			return false;
		tracereader_queue_node(r, &n);
	} else if (!strcmp(type, "result")) {
		/* Kept as text and parsed again at the end: the parser's values last until its next record. */
		st->rlen = r->len;
		st->rtext = xmalloc(st->rlen + TRACEJSON_PADDING);
		memcpy(st->rtext, r->text, st->rlen);
		memset(st->rtext + st->rlen, 0, TRACEJSON_PADDING);
		st->rat.line = r->line;
	}
	/* Records of other types are for later versions: skipped. */
	return true;
}

/* Plays the line of LEN bytes at TEXT, parsed on its own (a blank line is skipped); false after a message. */
static bool line_alone(struct rd *r, struct lines_state *st, const char *text, size_t len)
{
	const struct tracejson_value *o;

	r->line++;
	r->text = text;
	r->len = len;
	if (tracereader_skip_ws(text, len, 0) == len)
		return true;
	if ((o = line_object(r, "")) == NULL)
		return false;
	return line_record(r, st, o);
}

/* Where the line that starts at POS of the LEN bytes at TEXT ends (after its newline). */
static size_t line_end(const char *text, size_t len, size_t pos)
{
	const char *nl = memchr(text + pos, '\n', len - pos);

	return nl != NULL ? (size_t)(nl + 1 - text) : len;
}

/*
 * Plays the whole lines in the LEN bytes at TEXT (followed by
 * TRACEJSON_PADDING readable bytes). simdjson's document stream parses
 * them in one pass while every line holds one object; from the first line
 * that does not (or that the stream refuses), the lines are parsed one by
 * one, so that an error is found and placed as it always was.
 */
static bool lines_play(struct rd *r, struct lines_state *st, const char *text, size_t len)
{
	const struct tracejson_value *o;
	size_t pos = 0, off, olen, base;
	bool failed = false;

	/*
	 * Version 3's commonest compact lines are played directly
	 * (tracereader_fast_line), the other compact ones lexed directly
	 * (tracereader_lex_compact); a line the lexer leaves is parsed alone when it looks like an array
	 * (an escape, a fraction: rare), else from it on the block goes to the
	 * document stream (the object lines of the full form).
	 */
	while (r->info.version >= 3 && pos < len) {
		size_t end, first, used;
		int fast = st->rtext == NULL ? tracereader_fast_line(r, text + pos, len - pos, &used) : FAST_NONE;

		if (fast == FAST_PLAYED) {
			pos += used;
			continue;
		}
		if (fast == FAST_FAILED)
			return false;
		end = line_end(text, len, pos);
		if ((o = tracereader_lex_compact(r, text + pos, end - pos)) != NULL) {
			r->line++;
			r->text = text + pos;
			r->len = end - pos;
			if (!line_record(r, st, o))
				return false;
		} else if ((first = tracereader_skip_ws(text, end, pos)) == end || text[first] != '{') {
			if (!line_alone(r, st, text + pos, end - pos))
				return false;
		} else {
			break;
		}
		pos = end;
	}
	base = pos;
	if (pos < len && tracejson_stream_start(r->pj, text + base, len - base)) {
		while ((o = tracejson_stream_next(r->pj, &off, &olen, &failed)) != NULL) {
			size_t end = line_end(text, len, pos);

			off += base;

			/* Blank lines before the object's line (the stream steps over them). */
			while (off >= end) {
				if (tracereader_skip_ws(text, end, pos) != end)
					goto alone;
				r->line++;
				pos = end;
				end = line_end(text, len, pos);
			}
			/* The object must be alone on its line. */
			if (tracereader_skip_ws(text, off, pos) != off || off + olen > end ||
			    tracereader_skip_ws(text, end, off + olen) != end)
				goto alone;
			r->line++;
			r->text = text + pos;
			r->len = end - pos;
			if (!line_record(r, st, o))
				return false;
			pos = end;
		}
	}
alone:
	while (pos < len) {
		size_t end = line_end(text, len, pos);

		if (!line_alone(r, st, text + pos, end - pos))
			return false;
		pos = end;
	}
	return true;
}

/*
 * How much text a reading may hold: the memory budget (the trace's, set from
 * --max-memory, else trace_default_budget) and the line or document it
 * allows, a quarter of it (simdjson's tape and the trace being read take the
 * rest). A gzip file inflates only as far as the reader reads, so a file that
 * inflates to gigabytes stops here too.
 */
struct limit {
	size_t budget;
	size_t text;
	char budget_text[32];
};

void tracereader_budget(struct trace *t, uint64_t max_memory)
{
	uint64_t b = max_memory == SEARCH_NO_MEMORY_LIMIT ? SIZE_MAX : max_memory;

	trace_set_budget(t, b > SIZE_MAX ? SIZE_MAX : (size_t)b);
}

/* The limit for reading into T. */
static void limit_init(struct limit *lim, const struct trace *t)
{
	lim->budget = trace_budget(t) ? trace_budget(t) : trace_default_budget();
	lim->text = lim->budget == SIZE_MAX ? SIZE_MAX - 1 : lim->budget / 4;
	if (lim->text < 4096)
		lim->text = 4096;
	search_memory_text(lim->budget, lim->budget_text, sizeof lim->budget_text);
}

/* Fails for a line (LINE, 1-based) or a document (LINE 0) longer than LIM allows. */
static bool fail_limit(struct rd *r, const struct limit *lim, int line)
{
	char text[32];

	search_memory_text(lim->text, text, sizeof text);
	r->line = line > 0 ? line : 1;
	r->text = "";
	r->len = 0;
	if (line > 0)
		return tracereader_fail_at(r, 0, "", "line %d is longer than %s, the longest line the memory budget "
					   "(%s, --max-memory) allows: not read", line, text, lim->budget_text);
	return tracereader_fail_at(r, 0, "", "the trace is longer than %s, the most text the memory budget "
				   "(%s, --max-memory) allows: not read", text, lim->budget_text);
}

static bool read_lines(struct rd *r, FILE *in, char *first, size_t first_len, const struct limit *lim)
{
	struct lines l = { in, NULL, 0, 0, 0, false, lim->text, false };
	struct lines_state st = { NULL, 0, { 0, 0 } };
	const struct tracejson_value *o;
	const char *chunk;
	size_t got;
	bool ok = false;

	r->text = first;
	r->len = first_len;
	r->line = 1;
	if ((o = line_object(r, "header")) == NULL)
		return false;
	if (!tracereader_read_header(r, o, (struct loc){ 0, 1 }, "header") ||
	    !tracereader_read_options(r, tracejson_get(o, "options"), (struct loc){ 0, 1 }))
		return false;
	tracereader_observe_start(r);
	while (lines_chunk(&l, &chunk, &got))
		if (!lines_play(r, &st, chunk, got))
			goto out;
	if (l.too_long) {
		fail_limit(r, lim, r->line + 1);
		goto out;
	}
	if (ferror(in)) {
		tracereader_fail_at(r, 0, "", "read error%s%s", r->read_why ? ": " : "", r->read_why ? r->read_why : "");
		goto out;
	}
	if (r->q_count) {
		struct noderec *n = &r->queue[r->q_head];

		tracereader_fail_key(r, n->at, "node", NULL, "node %lu is never entered (no enter event)", (unsigned long)n->id);
		goto out;
	}
	r->line++;
	r->text = "";
	r->len = 0;
	o = st.rtext != NULL ? tracejson_parse(r->pj, st.rtext, st.rlen) : NULL;
	ok = tracereader_finish(r, o, st.rat, "result", (struct loc){ 0, r->line });
out:
	free(st.rtext);
	free(l.buf);
	return ok;
}

/* ------------------------------------------------------------------ entry */

/*
 * Whether the first line is a JSON Lines header: a whole JSON object on its
 * own, without the "nodes" and "events" of a document.
 */
static bool is_jsonl_header(struct tracejson *p, const char *line, size_t len)
{
	const struct tracejson_value *v = tracejson_parse(p, line, len);

	return tracejson_is(v, TJ_OBJECT) && tracejson_get(v, "nodes") == NULL && tracejson_get(v, "events") == NULL;
}

bool tracereader_read(FILE *in, const char *name, struct trace *t, struct position *root,
		      struct search_options *opt, struct search_result *res,
		      struct tracereader_info *info, struct error *err)
{
	return tracereader_read_observed(in, name, t, root, opt, res, info, NULL, err);
}

bool tracereader_read_observed(FILE *in, const char *name, struct trace *t, struct position *root,
			       struct search_options *opt, struct search_result *res,
			       struct tracereader_info *info, const struct tracereader_observer *obs,
			       struct error *err)
{
	struct rd *r = xcalloc(1, sizeof *r);
	struct error local;
	char *first = NULL, *doc = NULL, *line1 = NULL;
	size_t cap = 0, len, skip = 0;
	FILE *gz = NULL;
	int c0;
	bool ok;
	struct limit lim;

	r->name = name;
	r->err = err ? err : &local;
	r->t = t;
	r->obs = obs;
	r->pj = tracejson_new();
	r->pj_nodes = tracejson_new();
	r->pending_child = TRACE_NONE;
	r->info.version = TRACEIO_VERSION;
	option_defaults(&r->opt);
	limit_init(&lim, t);
	trace_clear(t);
	/* A gzip file (its magic number first) is read through inflate: a JSON trace never starts with 0x1f. */
	if ((c0 = getc(in)) == 0x1f) {
		int c1 = getc(in);
		unsigned char magic[2] = { 0x1f, (unsigned char)c1 };

		if (!tracegz_magic(c0, c1)) {
			ok = tracereader_fail_at(r, 0, "", "expected '{' (a JSON trace) or a gzip file, found the byte 0x1f");
			goto done;
		}
		if ((gz = tracegz_open_read(in, magic, 2, &r->read_why)) == NULL) {
			ok = tracereader_fail_at(r, 0, "", "cannot read the gzip file (out of memory)");
			goto done;
		}
		in = gz;
	} else if (c0 != EOF) {
		ungetc(c0, in);
	}
	/* The first line, read only as far as the limit (a 2 GB first line is refused, not read). */
	len = 0;
	cap = 4096;
	first = xmalloc(cap + 1);
	flockfile(in);
	for (int c; len <= lim.text && (c = getc_unlocked(in)) != EOF;) {
		if (len == cap) {
			cap *= 2;
			first = xrealloc(first, cap + 1);
		}
		first[len++] = (char)c;
		if (c == '\n')
			break;
	}
	funlockfile(in);
	first[len] = '\0';
	if (len > lim.text) {
		ok = fail_limit(r, &lim, 1);
		goto done;
	}
	/* A UTF-8 byte-order mark is not JSON (RFC 8259 section 8.1) but is forgiven. */
	if (len >= 3 && memcmp(first, "\xEF\xBB\xBF", 3) == 0)
		skip = 3;
	/* The first line, with the padding the parser reads past its end. */
	line1 = xmalloc(len - skip + TRACEJSON_PADDING);
	memcpy(line1, first ? first + skip : "", len - skip);
	memset(line1 + len - skip, 0, TRACEJSON_PADDING);
	if (is_jsonl_header(r->pj, line1, len - skip)) {
		r->jsonl = true;
		r->info.jsonl = true;
		ok = read_lines(r, in, line1, len - skip, &lim);
	} else {
		/* The document: read whole, the first line included. */
		size_t dcap = len + 65536, dlen = len - skip;

		doc = xmalloc(dcap);
		memcpy(doc, line1, dlen);
		for (;;) {
			size_t n;

			if (dlen > lim.text)
				break;
			if (dcap - dlen < 65536) {
				dcap *= 2;
				doc = xrealloc(doc, dcap);
			}
			n = fread(doc + dlen, 1, dcap - dlen - TRACEJSON_PADDING, in);
			dlen += n;
			if (n == 0)
				break;
		}
		memset(doc + dlen, 0, TRACEJSON_PADDING);
		r->text = doc;
		r->len = dlen;
		if (dlen > lim.text)
			ok = fail_limit(r, &lim, 0);
		else if (ferror(in))
			ok = tracereader_fail_at(r, dlen, "", "read error%s%s", r->read_why ? ": " : "",
						 r->read_why ? r->read_why : "");
		else
			ok = read_document(r);
	}
done:
	for (int i = 0; i < r->depth; i++)
		free(r->fr[i].rec.kids);
	while (r->q_count) {
		free(r->queue[r->q_head].kids);
		r->q_head = (r->q_head + 1) % r->q_cap;
		r->q_count--;
	}
	if (ok) {
		trace_trim(t);
		trace_set_origin(t, r->info.eval_other, r->info.order_other);
		*root = r->root;
		*opt = r->opt;
		*res = r->res;
		if (info)
			*info = r->info;
	} else {
		trace_clear(t);
	}
	if (gz != NULL)
		fclose(gz);
	tracejson_free(r->pj);
	tracejson_free(r->pj_nodes);
	free(r->queue);
	free(r->node_ends.end);
	free(r->event_ends.end);
	free(r->pv_nodes);
	free(first);
	free(line1);
	free(doc);
	free(r);
	return ok;
}

bool tracereader_read_json(FILE *in, struct trace *t, struct position *root,
			   struct search_options *opt, struct search_result *res, struct error *err)
{
	return tracereader_read(in, NULL, t, root, opt, res, NULL, err);
}
