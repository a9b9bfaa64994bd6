/*
 * tracereader.c: reading a search trace from its JSON document or its JSON
 * Lines form (quiesce-trace(5)), with libjansson for the JSON syntax.
 *
 * Both forms come down to one stream of records: node records (what a node
 * is) and event records (what the search did, in order), which
 * tracereader_record.c turns into the trace.
 *
 * The document is read whole into memory and split into its top-level
 * values by a small scanner that only finds where each value ends; every
 * element of "nodes" and "events" is then parsed by jansson on its own, so
 * that the records stream through without a tree of the whole document.
 * JSON Lines is read a line at a time and never held whole.
 */
#include <stdlib.h>
#include <string.h>

#include "tracefile/traceio.h"
#include "tracefile/tracereader_int.h"

/* ------------------------------------------------------------------ the document */

/* Parses the element of an array at *POS (the document); NULL after a message. */
static json_t *doc_element(struct rd *r, size_t *pos, const char *path)
{
	json_error_t je;
	json_t *v = json_loadb(r->text + *pos, r->len - *pos, RD_JSON_FLAGS, &je);

	if (v == NULL) {
		tracereader_fail_json(r, *pos, path, &je);
		return NULL;
	}
	*pos += (size_t)je.position;
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
	if (r->jsonl) {
		if (r->q_count == 0)
			return tracereader_fail_key(r, ev_at, ev_path, "node", "node %lu is entered before its node record "
					   "(a node's line comes before its enter event)", (unsigned long)id);
		*n = r->queue[r->q_head];
		r->q_head = (r->q_head + 1) % r->q_cap;
		r->q_count--;
		return true;
	} else {
		char path[32];
		size_t start;
		json_t *o;
		bool more, ok;

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
		snprintf(path, sizeof path, "nodes[%lu]", (unsigned long)r->nodes_count);
		start = r->nodes_pos;
		if ((o = doc_element(r, &r->nodes_pos, path)) == NULL)
			return false;
		r->nodes_count++;
		ok = tracereader_read_node(r, o, (struct loc){ start, 0 }, path, n);
		json_decref(o);
		return ok;
	}
}

/* The top-level keys the document reader keeps. */
enum { K_FORMAT, K_NODES, K_EVENTS, K_RESULT, K_COUNT };

static bool read_document(struct rd *r)
{
	const char *s = r->text;
	size_t len = r->len, pos = tracereader_skip_ws(s, len, 0), at[K_COUNT] = { 0 }, events, end;
	json_t *header = json_object(), *result = NULL;
	bool ok = false, more, first = true;
	uint32_t n = 0;

	if (pos >= len || s[pos] != '{') {
		tracereader_fail_at(r, pos, "", pos >= len ? "the input is empty: expected a JSON trace" :
			   "expected '{' (a JSON trace), found '%c'", pos < len ? s[pos] : ' ');
		goto out;
	}
	pos++;
	/* The top level: where each value is; the small ones parsed now, the arrays later. */
	for (;;) {
		json_error_t je;
		json_t *key;
		const char *k;
		size_t kpos;

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
		first = false;
		kpos = pos;
		if (pos >= len || s[pos] != '"') {
			tracereader_fail_at(r, pos, "", pos >= len ? "the document is not closed (the input ends; it looks truncated)" :
				   "expected a key (a string), found '%c'", pos < len ? s[pos] : ' ');
			goto out;
		}
		key = json_loadb(s + pos, len - pos, JSON_DECODE_ANY | JSON_DISABLE_EOF_CHECK, &je);
		if (key == NULL) {
			tracereader_fail_json(r, pos, "", &je);
			goto out;
		}
		pos = tracereader_skip_ws(s, len, pos + (size_t)je.position);
		if (pos >= len || s[pos] != ':') {
			json_decref(key);
			tracereader_fail_at(r, pos, "", "expected ':' after a key");
			goto out;
		}
		pos = tracereader_skip_ws(s, len, pos + 1);
		k = json_string_value(key);
		if (json_object_get(header, k) != NULL || (!strcmp(k, "nodes") && at[K_NODES]) ||
		    (!strcmp(k, "events") && at[K_EVENTS]) || (!strcmp(k, "result") && at[K_RESULT])) {
			tracereader_fail_at(r, kpos, "", "duplicate key \"%s\"", tracereader_cut(k));
			json_decref(key);
			goto out;
		}
		if (!strcmp(k, "nodes") || !strcmp(k, "events")) {
			at[!strcmp(k, "nodes") ? K_NODES : K_EVENTS] = pos;
			if (pos >= len || s[pos] != '[') {
				tracereader_fail_at(r, pos, k, "expected an array");
				json_decref(key);
				goto out;
			}
			end = tracereader_skip_value(s, len, pos);
			if (end >= len) {
				tracereader_fail_at(r, len, k, "the array is not closed (the input ends; it looks truncated)");
				json_decref(key);
				goto out;
			}
			pos = end;
		} else {
			json_t *v = json_loadb(s + pos, len - pos, RD_JSON_FLAGS | JSON_DECODE_ANY, &je);

			if (v == NULL) {
				tracereader_fail_json(r, pos, k, &je);
				json_decref(key);
				goto out;
			}
			if (!strcmp(k, "result")) {
				at[K_RESULT] = pos;
				result = v;
			} else {
				if (!strcmp(k, "options"))
					at[K_FORMAT] = pos;
				json_object_set_new(header, k, v);
			}
			pos += (size_t)je.position;
		}
		json_decref(key);
	}
	pos = tracereader_skip_ws(s, len, pos + 1);
	if (pos < len) {
		tracereader_fail_at(r, pos, "", "unexpected text after the end of the trace");
		goto out;
	}
	if (!tracereader_read_header(r, header, (struct loc){ tracereader_skip_ws(s, len, 0), 0 }, "") ||
	    !tracereader_read_options(r, json_object_get(header, "options"), (struct loc){ at[K_FORMAT], 0 }))
		goto out;
	if (!at[K_NODES] || !at[K_EVENTS]) {
		tracereader_fail_at(r, tracereader_skip_ws(s, len, 0), "", "missing key \"%s\" (an array)", at[K_NODES] ? "events" : "nodes");
		goto out;
	}
	r->nodes_pos = at[K_NODES] + 1;
	events = at[K_EVENTS] + 1;
	for (;;) {
		char path[32];
		size_t start;
		json_t *e;

		if (!doc_array_next(r, &events, n == 0, "events", &more))
			goto out;
		if (!more)
			break;
		snprintf(path, sizeof path, "events[%lu]", (unsigned long)n);
		start = events;
		if ((e = doc_element(r, &events, path)) == NULL)
			goto out;
		n++;
		if (!tracereader_read_event(r, e, (struct loc){ start, 0 }, path)) {
			json_decref(e);
			goto out;
		}
		json_decref(e);
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
	ok = tracereader_finish(r, result, (struct loc){ at[K_RESULT], 0 }, "result", (struct loc){ events - 1, 0 });
out:
	json_decref(header);
	json_decref(result);
	return ok;
}

/* ------------------------------------------------------------------ JSON Lines */

/* Queues a node line's record until its node is entered. */
static void queue_push(struct rd *r, const struct noderec *n)
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

/* Parses the current line as one JSON object; NULL after a message. */
static json_t *line_object(struct rd *r, const char *what)
{
	json_error_t je;
	json_t *v = json_loadb(r->text, r->len, JSON_REJECT_DUPLICATES, &je);

	if (v == NULL) {
		tracereader_fail_json(r, 0, what, &je);
		return NULL;
	}
	if (!json_is_object(v)) {
		json_decref(v);
		tracereader_fail_at(r, tracereader_skip_ws(r->text, r->len, 0), what, "expected an object (one record a line)");
		return NULL;
	}
	return v;
}

static bool read_lines(struct rd *r, FILE *in, char *first, size_t first_len)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t got;
	json_t *o, *result = NULL;
	struct loc rat = { 0, 0 };
	bool ok = false;

	r->text = first;
	r->len = first_len;
	r->line = 1;
	if ((o = line_object(r, "header")) == NULL)
		return false;
	if (!tracereader_read_header(r, o, (struct loc){ 0, 1 }, "header") ||
	    !tracereader_read_options(r, json_object_get(o, "options"), (struct loc){ 0, 1 })) {
		json_decref(o);
		return false;
	}
	json_decref(o);
	while ((got = getline(&line, &cap, in)) > 0) {
		const char *type;
		json_t *tv;

		r->line++;
		r->text = line;
		r->len = (size_t)got;
		if (tracereader_skip_ws(line, r->len, 0) == r->len)
			continue;
		if (result != NULL) {
			tracereader_fail_at(r, 0, "", "a record after the result (the result is the last line)");
			goto out;
		}
		if ((o = line_object(r, "")) == NULL)
			goto out;
		tv = json_object_get(o, "type");
		type = json_string_value(tv);
		if (type == NULL) {
			/* The message is made before O, which holds TV, is freed. */
			tracereader_fail_key(r, (struct loc){ 0, r->line }, "", tv ? "type" : NULL, tv ? "expected \"node\", \"event\" or "
				    "\"result\", found %s" : "missing key \"type\" (\"node\", \"event\" or \"result\")%s",
				    tv ? tracereader_type_name(tv) : "");
			json_decref(o);
			goto out;
		}
		if (!strcmp(type, "node")) {
			struct noderec n;

			if (!tracereader_read_node(r, o, (struct loc){ 0, r->line }, "node", &n)) {
				json_decref(o);
				goto out;
			}
			queue_push(r, &n);
		} else if (!strcmp(type, "event")) {
			if (!tracereader_read_event(r, o, (struct loc){ 0, r->line }, "event")) {
				json_decref(o);
				goto out;
			}
		} else if (!strcmp(type, "result")) {
			result = o;
			rat.line = r->line;
			continue;
		}
		/* Records of other types are for later versions: skipped. */
		json_decref(o);
	}
	if (ferror(in)) {
		tracereader_fail_at(r, 0, "", "read error");
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
	ok = tracereader_finish(r, result, rat, "result", (struct loc){ 0, r->line });
out:
	json_decref(result);
	free(line);
	return ok;
}

/* ------------------------------------------------------------------ entry */

/*
 * Whether the first line is a JSON Lines header: a whole JSON object on its
 * own, without the "nodes" and "events" of a document.
 */
static bool is_jsonl_header(const char *line, size_t len)
{
	json_error_t je;
	json_t *v = json_loadb(line, len, 0, &je);
	bool yes = json_is_object(v) && json_object_get(v, "nodes") == NULL && json_object_get(v, "events") == NULL;

	json_decref(v);
	return yes;
}

bool tracereader_read(FILE *in, const char *name, struct trace *t, struct position *root,
		      struct search_options *opt, struct search_result *res,
		      struct tracereader_info *info, struct error *err)
{
	struct rd *r = xcalloc(1, sizeof *r);
	struct error local;
	char *first = NULL, *doc = NULL;
	size_t cap = 0, len, skip = 0;
	ssize_t got;
	bool ok;

	r->name = name;
	r->err = err ? err : &local;
	r->t = t;
	r->pending_child = TRACE_NONE;
	r->info.version = TRACEIO_VERSION;
	search_defaults(&r->opt);
	trace_clear(t);
	got = getline(&first, &cap, in);
	len = got > 0 ? (size_t)got : 0;
	/* A UTF-8 byte-order mark is not JSON (RFC 8259 section 8.1) but is forgiven. */
	if (len >= 3 && memcmp(first, "\xEF\xBB\xBF", 3) == 0)
		skip = 3;
	if (is_jsonl_header(first ? first + skip : "", len - skip)) {
		r->jsonl = true;
		r->info.jsonl = true;
		ok = read_lines(r, in, first + skip, len - skip);
	} else {
		/* The document: read whole, the first line included. */
		size_t dcap = len + 65536, dlen = len - skip;

		doc = xmalloc(dcap);
		memcpy(doc, first ? first + skip : "", dlen);
		for (;;) {
			size_t n;

			if (dcap - dlen < 65536) {
				dcap *= 2;
				doc = xrealloc(doc, dcap);
			}
			n = fread(doc + dlen, 1, dcap - dlen, in);
			dlen += n;
			if (n == 0)
				break;
		}
		r->text = doc;
		r->len = dlen;
		if (ferror(in))
			ok = tracereader_fail_at(r, dlen, "", "read error");
		else
			ok = read_document(r);
	}
	for (int i = 0; i < r->depth; i++)
		free(r->fr[i].rec.kids);
	while (r->q_count) {
		free(r->queue[r->q_head].kids);
		r->q_head = (r->q_head + 1) % r->q_cap;
		r->q_count--;
	}
	if (ok) {
		trace_trim(t);
		*root = r->root;
		*opt = r->opt;
		*res = r->res;
		if (info)
			*info = r->info;
	} else {
		trace_clear(t);
	}
	free(r->queue);
	free(r->pv_nodes);
	free(first);
	free(doc);
	free(r);
	return ok;
}

bool tracereader_read_json(FILE *in, struct trace *t, struct position *root,
			   struct search_options *opt, struct search_result *res, struct error *err)
{
	return tracereader_read(in, NULL, t, root, opt, res, NULL, err);
}
