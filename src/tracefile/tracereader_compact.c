/*
 * tracereader_compact.c: version 3's compact records, the lines of JSON
 * Lines or the elements of a document's "events".
 *
 * A compact record is an array, ["kind", values...], optionally ending in an
 * object of further fields: one event of the innermost node open, whose
 * required values come by position (quiesce-trace(5), COMPACT RECORDS); an
 * enter's further fields other than its window are its node's (eval, ...).
 * Rather than a second reader, each one is turned into the object records it
 * stands for, with the keys the positions name, and played through the same
 * code as a version 2 line: an enter becomes the node record it implies (the
 * next id, the innermost node open as parent, its last move as move) and the
 * enter event; any other kind, the event of the innermost node. So every rule
 * and every message of the object form holds for the compact one, and a
 * message names a value by its key (event.value), placed at its column.
 */
#include <stdio.h>
#include <string.h>

#include "tracefile/tracereader_int.h"

/* The values each kind of event takes by position, in order: the one table of kinds' (search/trace.c). */
#define positional(kind) (trace_kinds[kind].values)

/*
 * The slot of the kind named S (LEN bytes, LEN > 0) in a reader's table of
 * kinds: from its length, its first letter and its last but one, which keep
 * today's names apart (a slot two names share still works, through the list).
 */
static unsigned kind_slot(const char *s, uint32_t len)
{
	return (len + (unsigned char)s[0] * 2u + (unsigned char)s[len > 1 ? len - 2 : 0] * 6u) % KIND_SLOTS;
}

/* Builds R's table of kinds from the one table of kinds (trace_kinds). */
static void kind_table_build(struct rd *r)
{
	memset(r->kind_table, -1, sizeof r->kind_table);
	for (int k = 0; k < TE_KIND_COUNT; k++) {
		size_t n = strlen(trace_kinds[k].name);
		unsigned slot = kind_slot(trace_kinds[k].name, (uint32_t)n);

		r->kind_len[k] = (uint8_t)n;
		memset(r->kind_word[k], 0, sizeof r->kind_word[k]);
		memcpy(r->kind_word[k], trace_kinds[k].name, n < sizeof r->kind_word[k] ? n : sizeof r->kind_word[k]);
		r->kind_table[slot] = r->kind_table[slot] == -1 ? (int8_t)k : -2;
	}
	r->kind_table_ready = true;
}

/*
 * The kind named S (LEN bytes, no NUL among them), or -1: looked up in R's
 * table, built at its first use (a slot two names share sends the lookup
 * through the list).
 */
static int compact_kind(struct rd *r, const char *s, uint32_t len)
{
	const char *name;
	int k;

	if (!r->kind_table_ready)
		kind_table_build(r);
	if (len == 0)
		return -1;
	k = r->kind_table[kind_slot(s, len)];
	if (k == -2) {
		for (k = 0; k < TE_KIND_COUNT; k++)
			if (r->kind_len[k] == len && memcmp(trace_kinds[k].name, s, len) == 0)
				return k;
		return -1;
	}
	if (k < 0 || r->kind_len[k] != len)
		return -1;
	name = trace_kinds[k].name;
	for (uint32_t i = 0; i < len; i++)
		if (name[i] != s[i])
			return -1;
	return k;
}

/*
 * The same for the direct path: S is followed by 16 readable bytes and LEN
 * is 1 to 16, so the name is compared as two words, without a branch; -1
 * also for a kind in a shared slot (the general path finds it).
 */
static inline int plain_kind(const struct rd *r, const char *s, uint32_t len)
{
	uint64_t w[2], m0, m1;
	int k = r->kind_table[kind_slot(s, len)];

	if (k < 0)
		return -1;
	memcpy(w, s, sizeof w);
	m0 = len >= 8 ? ~0ull : (1ull << (8 * len)) - 1;
	m1 = len >= 16 ? ~0ull : len <= 8 ? 0 : (1ull << (8 * (len - 8))) - 1;
	return ((w[0] & m0) == r->kind_word[k][0]) & ((w[1] & m1) == r->kind_word[k][1]) & (r->kind_len[k] == len) ? k : -1;
}

/* The most slots a compact record's object takes: a few keys, and what its optional object holds. */
#define COMPACT_SLOTS 64

/* An object of slots being built: the object's own slot first, then its members. */
struct built {
	struct tracejson_value v[COMPACT_SLOTS];
	uint32_t n;
};

static void built_start(struct built *b)
{
	b->v[0] = (struct tracejson_value){ .type = TJ_OBJECT, .count = 0, .size = 1 };
	b->n = 1;
}

/* Adds member KEY (KLEN bytes): a copy of value V (its whole size); false when there is no room. */
static bool built_add_key(struct built *b, const char *key, uint32_t klen, const struct tracejson_value *v)
{
	if (b->n + v->size > COMPACT_SLOTS)
		return false;
	memcpy(&b->v[b->n], v, sizeof *v * v->size);
	b->v[b->n].key = key;
	b->v[b->n].klen = klen;
	b->n += v->size;
	b->v[0].count++;
	b->v[0].size = b->n;
	return true;
}

/* Adds a scalar member KEY (a string literal) of TYPE: one slot, no room test (the first few members). */
#define BUILT_SCALAR(b, key_, type_, field, val) do { \
		struct tracejson_value *v_ = &(b)->v[(b)->n++]; \
		v_->type = (type_); \
		v_->count = 0; \
		v_->size = 1; \
		v_->key = (key_); \
		v_->klen = sizeof(key_) - 1; \
		v_->u.field = (val); \
		(b)->v[0].count++; \
		(b)->v[0].size = (b)->n; \
	} while (0)

#define built_int(b, key, ival) BUILT_SCALAR((b), key, TJ_INT, i, (ival))
#define built_null(b, key) BUILT_SCALAR((b), key, TJ_NULL, i, 0)
#define built_string(b, key, sval) BUILT_SCALAR((b), key, TJ_STRING, s, (sval))

/* ------------------------------------------------------------------ the direct lexer */

/*
 * A line such as ["move","e2a6"] is a few bytes; parsing it with simdjson
 * and flattening its tape cost more than the reading it feeds (a third of a
 * reading once). The plain records quiesce writes are lexed here instead,
 * into the same layout; anything else is left to simdjson, so that what is
 * accepted and every message stay as they were.
 */

static inline bool lex_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Skips blanks from P, before END. */
static inline const char *lex_skip(const char *p, const char *end)
{
	while (p < end && lex_blank(*p))
		p++;
	return p;
}

/*
 * A string without escapes at P (its opening quote): its bytes from *B, *N
 * of them; returns the byte after its closing quote, or NULL when it is not
 * plain (an escape, a control character, a byte beyond ASCII: simdjson's to
 * decode and validate) or not closed before END.
 */
static const char *lex_string(const char *p, const char *end, const char **b, size_t *n)
{
	const char *q = ++p;

	while (q < end && *q != '"') {
		unsigned char c = (unsigned char)*q;

		if (c < 0x20 || c >= 0x80 || c == '\\')
			return NULL;
		q++;
	}
	if (q >= end)
		return NULL;
	*b = p;
	*n = (size_t)(q - p);
	return q + 1;
}

/*
 * The plain scalar at P into V (a string's text copied into LX's buffer
 * from *STR on): returns the byte after it, or NULL when it is not one. A
 * number must be a whole one of at most 18 digits, not -0 (simdjson reads
 * -0 as a fraction), without a leading zero; what follows it is the
 * caller's to check (a fraction's '.' fails there).
 */
static const char *lex_scalar(struct tracereader_lex *lx, const char *p, const char *end, size_t *str,
			      struct tracejson_value *v)
{
	v->count = 0;
	v->size = 1;
	switch (*p) {
	case '"': {
		const char *b;
		size_t n;

		if ((p = lex_string(p, end, &b, &n)) == NULL || *str + n + 1 > LEX_STRING_BYTES)
			return NULL;
		memcpy(lx->str + *str, b, n);
		lx->str[*str + n] = '\0';
		v->type = TJ_STRING;
		v->count = (uint32_t)n;
		v->u.s = lx->str + *str;
		*str += n + 1;
		return p;
	}
	case 't':
		v->type = TJ_TRUE;
		return end - p >= 4 && memcmp(p, "true", 4) == 0 ? p + 4 : NULL;
	case 'f':
		v->type = TJ_FALSE;
		return end - p >= 5 && memcmp(p, "false", 5) == 0 ? p + 5 : NULL;
	case 'n':
		v->type = TJ_NULL;
		return end - p >= 4 && memcmp(p, "null", 4) == 0 ? p + 4 : NULL;
	default: {
		bool neg = *p == '-';
		const char *d = p + neg, *q = d;
		long long x = 0;

		/* A 19th digit is not read into X (it could overflow): the number is simdjson's. */
		while (q < end && *q >= '0' && *q <= '9') {
			if (q - d == 18)
				return NULL;
			x = x * 10 + (*q++ - '0');
		}
		if (q == d || (*d == '0' && (q - d > 1 || neg)))
			return NULL;
		v->type = TJ_INT;
		v->u.i = neg ? -x : x;
		return q;
	}
	}
}

/* A flat object at P (its '{') into LX's slots from *N on; returns the byte after it, or NULL. */
static const char *lex_object(struct tracereader_lex *lx, const char *p, const char *end, uint32_t *n, size_t *str)
{
	struct tracejson_value *o = &lx->v[*n];
	uint32_t first;

	o->type = TJ_OBJECT;
	o->count = 0;
	o->key = NULL;
	o->klen = 0;
	first = ++*n;
	p = lex_skip(p + 1, end);
	if (p < end && *p == '}') {
		o->size = 1;
		return p + 1;
	}
	for (;;) {
		struct tracejson_value *v;
		const char *k;
		size_t klen;

		if (p >= end || *p != '"' || *n >= LEX_SLOTS || (p = lex_string(p, end, &k, &klen)) == NULL)
			return NULL;
		/* A duplicate key is simdjson's to refuse, with its message. */
		for (uint32_t i = first; i < *n; i++)
			if (lx->v[i].klen == klen && memcmp(lx->v[i].key, k, klen) == 0)
				return NULL;
		p = lex_skip(p, end);
		if (p >= end || *p != ':')
			return NULL;
		p = lex_skip(p + 1, end);
		v = &lx->v[*n];
		if (p >= end || (p = lex_scalar(lx, p, end, str, v)) == NULL)
			return NULL;
		v->key = k;
		v->klen = (uint32_t)klen;
		++*n;
		o->count++;
		p = lex_skip(p, end);
		if (p < end && *p == ',') {
			p = lex_skip(p + 1, end);
			continue;
		}
		if (p < end && *p == '}')
			break;
		return NULL;
	}
	o->size = *n - (first - 1);
	return p + 1;
}

const struct tracejson_value *tracereader_lex_compact(struct rd *r, const char *s, size_t len)
{
	struct tracereader_lex *lx = &r->lex;
	const char *p = lex_skip(s, s + len), *end = s + len;
	uint32_t n = 1;
	size_t str = 0;

	if (p >= end || *p != '[')
		return NULL;
	lx->v[0] = (struct tracejson_value){ .type = TJ_ARRAY, .count = 0, .size = 1 };
	p = lex_skip(p + 1, end);
	if (p < end && *p == ']') {
		p++;
	} else {
		for (;;) {
			if (p >= end || n >= LEX_SLOTS)
				return NULL;
			if (*p == '{') {
				p = lex_object(lx, p, end, &n, &str);
			} else {
				lx->v[n].key = NULL;
				lx->v[n].klen = 0;
				p = lex_scalar(lx, p, end, &str, &lx->v[n]);
				n++;
			}
			if (p == NULL)
				return NULL;
			lx->v[0].count++;
			p = lex_skip(p, end);
			if (p < end && *p == ',') {
				p = lex_skip(p + 1, end);
				continue;
			}
			if (p < end && *p == ']') {
				p++;
				break;
			}
			return NULL;
		}
	}
	if (lex_skip(p, end) != end)
		return NULL;
	lx->v[0].size = n;
	return lx->v;
}

/* ------------------------------------------------------------------ records */

bool tracereader_read_compact(struct rd *r, const struct tracejson_value *a, struct loc at, const char *path)
{
	static const char *const kind_only[] = { "kind", NULL };
	const struct tracejson_value *e = a + 1, *opt = NULL;
	const char *keys[4] = { "kind", NULL, NULL, NULL };
	const char *name;
	struct built ev, node;
	uint32_t npos = 0, nvals, node_id;
	int kind;

	r->compact_keys = kind_only;
	if (a->count == 0 || e->type != TJ_STRING)
		return tracereader_fail_key(r, at, path, a->count ? "kind" : NULL, "expected the kind of the event first "
				   "(\"%s\", \"%s\", \"%s\", ...), found %s", trace_kind_name(TE_ENTER),
				   trace_kind_name(TE_STAND_PAT), trace_kind_name(TE_MOVE),
				   a->count ? tracereader_type_name(e) : "an empty array");
	if ((kind = compact_kind(r, e->u.s, e->count)) < 0) {
		/* A kind this reader does not know is skipped and counted (quiesce-trace(5), VERSIONS). */
		tracereader_skip_kind(r, e->u.s);
		return true;
	}
	name = trace_kinds[kind].name;
	while (npos < 2 && positional(kind)[npos])
		npos++;
	for (uint32_t i = 0; i < npos; i++)
		keys[i + 1] = positional(kind)[i];
	r->compact_keys = keys;

	/* The values by position (none an array or an object), then at most one object of further fields, last. */
	nvals = a->count - 1;
	e = tracejson_next(a + 1);
	for (uint32_t i = 0; i < nvals; i++, e = tracejson_next(e)) {
		if (i < npos && e->type != TJ_OBJECT && e->type != TJ_ARRAY)
			continue;
		if (i >= npos && i == nvals - 1 && e->type == TJ_OBJECT) {
			opt = e;
			continue;
		}
		if (i < npos)
			return tracereader_fail_key(r, at, path, positional(kind)[i], "expected %s, found %s",
					   strcmp(positional(kind)[i], "move") == 0 ? "a move in UCI" : "a whole number",
					   tracereader_type_name(e));
		return tracereader_fail_key(r, at, path, NULL, "\"%s\" takes %u value%s by position, then at most an "
				   "object of further fields: found %u element%s after the kind", name, npos,
				   npos == 1 ? "" : "s", nvals, nvals == 1 ? "" : "s");
	}
	if (nvals < npos)
		return tracereader_fail_key(r, at, path, NULL, "\"%s\" takes its %s next (missing)", name,
				   positional(kind)[nvals]);

	/* The event's object: the node it belongs to, its kind, the values by position, the further fields. */
	built_start(&ev);
	if (kind == TE_ENTER) {
		/* A node line (JSON Lines) or the "nodes" array (the document) gives the node's record, if any. */
		bool given = r->jsonl ? r->q_count > 0 : !r->nodes_absent;
		uint32_t node_fields = 0;
		struct noderec n;
		char uci[8];

		uint32_t parent = TRACE_NONE, id = r->next_record;

		if (given) {
			id = r->jsonl ? tracereader_queued_id(r) : r->next_record;
		} else if (r->depth == 0) {
			if (id != 0)
				return tracereader_fail_key(r, at, path, "kind", "no node is open, so this would "
						   "enter a second root (a trace has one)");
		} else {
			const struct frame *up = &r->fr[r->depth - 1];

			if (r->pending_child == TRACE_NONE)
				return tracereader_fail_key(r, at, path, "kind", "no move event before it in node "
						   "%lu (a child is entered right after the move that leads to it)",
						   (unsigned long)up->rec.id);
			parent = up->rec.id;
		}
		uci[0] = '\0';
		if (parent != TRACE_NONE)
			notation_uci(r->fr[r->depth - 1].last_move, uci);
		node_id = id;
		/* The further fields: the window is the event's, the rest the node's record's (eval, ...). */
		if (opt != NULL) {
			const struct tracejson_value *m = opt + 1;

			for (uint32_t i = 0; i < opt->count; i++, m = tracejson_next(m)) {
				bool window = (m->klen == 5 && memcmp(m->key, "alpha", 5) == 0) ||
					      (m->klen == 4 && memcmp(m->key, "beta", 4) == 0);

				if (window) {
					if (!built_add_key(&ev, m->key, m->klen, m))
						return tracereader_fail_key(r, at, path, NULL, "too many further fields");
					continue;
				}
				if ((m->klen == 2 && memcmp(m->key, "id", 2) == 0) ||
				    (m->klen == 6 && memcmp(m->key, "parent", 6) == 0) ||
				    (m->klen == 4 && memcmp(m->key, "move", 4) == 0))
					return tracereader_fail_key(r, at, path, NULL, "\"%.*s\" follows from the order (a compact "
							   "enter's node is the next, a child of the node open by its last move)",
							   (int)m->klen, m->key);
				if (given)
					return tracereader_fail_key(r, at, path, NULL, "\"%.*s\" belongs in the node's record, "
							   "which is given (%s)", (int)m->klen, m->key,
							   r->jsonl ? "its node line" : "\"nodes\"");
				/* The first of the node's own fields: its record becomes an object, read as a node line is. */
				if (node_fields++ == 0) {
					built_start(&node);
					built_int(&node, "id", id);
					if (parent == TRACE_NONE) {
						built_null(&node, "parent");
						built_null(&node, "move");
					} else {
						built_int(&node, "parent", parent);
						built_string(&node, "move", uci);
					}
				}
				if (!built_add_key(&node, m->key, m->klen, m))
					return tracereader_fail_key(r, at, path, NULL, "too many further fields");
			}
			opt = NULL;
		}
		if (!given) {
			/* Only what the order gives: the record is made directly, with nothing to read. */
			if (node_fields == 0)
				tracereader_implied_node(r, parent, uci, at, &n);
			else if (!tracereader_read_node(r, node.v, at, "node", &n))
				return false;
			tracereader_queue_node(r, &n);
		}
	} else {
		if (r->depth == 0)
			return tracereader_fail_key(r, at, path, "kind", "no node is open (a trace starts with "
					   "[\"%s\"], and an event belongs to the innermost node open)", trace_kind_name(TE_ENTER));
		node_id = r->fr[r->depth - 1].rec.id;
	}
	e = tracejson_next(a + 1);
	for (uint32_t i = 0; i < npos; i++, e = tracejson_next(e))
		built_add_key(&ev, positional(kind)[i], positional(kind)[i][4] ? 5 : 4, e);   /* "move", "value", "score" */
	if (opt != NULL) {
		const struct tracejson_value *m = opt + 1;

		for (uint32_t i = 0; i < opt->count; i++, m = tracejson_next(m)) {
			const struct tracejson_value *have = &ev.v[1];

			/* The event's node and kind are given by the order and by position too. */
			if ((m->klen == 4 && memcmp(m->key, "node", 4) == 0) || (m->klen == 4 && memcmp(m->key, "kind", 4) == 0))
				return tracereader_fail_key(r, at, path, NULL, "\"%.*s\" is given twice (by "
							   "position and in the object)", (int)m->klen, m->key);
			for (uint32_t j = 0; j < ev.v[0].count; j++, have = tracejson_next(have))
				if (have->klen == m->klen && memcmp(have->key, m->key, m->klen) == 0)
					return tracereader_fail_key(r, at, path, NULL, "\"%.*s\" is given twice (by "
							   "position and in the object)", (int)m->klen, m->key);
			if (!built_add_key(&ev, m->key, m->klen, m))
				return tracereader_fail_key(r, at, path, NULL, "too many further fields");
		}
	}
	return tracereader_play_event(r, ev.v, at, path, node_id, kind);
}

/* ------------------------------------------------------------------ the direct path */

/*
 * A UCI move as quiesce writes it, 4 or 5 bytes from B: from and to squares
 * and a promotion letter, copied NUL-terminated into UCI; false for anything
 * else (an escape, a capital: the general path's to read or refuse).
 */
static bool plain_uci(const char *b, size_t n, char *uci)
{
	if (n < 4 || n > 5 || b[0] < 'a' || b[0] > 'h' || b[1] < '1' || b[1] > '8' || b[2] < 'a' || b[2] > 'h' ||
	    b[3] < '1' || b[3] > '8' || (n == 5 && b[4] != 'q' && b[4] != 'r' && b[4] != 'b' && b[4] != 'n'))
		return false;
	memcpy(uci, b, n);
	uci[n] = '\0';
	return true;
}

/*
 * A whole number as quiesce writes it at P (before END): at most 7 digits,
 * no leading zero, not -0. Returns the byte after it, or NULL.
 */
static const char *plain_int(const char *p, const char *end, long long *out)
{
	bool neg = p < end && *p == '-';
	const char *d = p + neg, *q = d;
	long long x = 0;

	while (q < end && *q >= '0' && *q <= '9' && q - d < 8)
		x = x * 10 + (*q++ - '0');
	if (q == d || q - d > 7 || (*d == '0' && (q - d > 1 || neg)))
		return NULL;
	*out = neg ? -x : x;
	return q;
}

/*
 * Aligned to a cache line: a third of a compact trace's reading is spent in
 * this loop, and where the linker happens to place it moved the reading
 * time by a tenth with the same instructions (the merge of unrelated code
 * made open 1.74x the recording search at Kiwipete depth 6 instead of 1.57x;
 * callgrind counted 3.069 G instructions against 3.068 G for the whole
 * check-trace). Aligned, it reads at 1.57x again (quiesce bench --only io).
 */
__attribute__((aligned(64))) int tracereader_fast_line(struct rd *r, const char *s, size_t avail, size_t *used)
{
	const char *p = s + 2, *end = s + avail, *k = s + 2;
	struct frame *f;
	char uci[8];
	long long x = 0;
	int kind, args = 0;   /* args: 0 none, 1 a move in UCI, 2 a whole number */
	move m;

	if (avail < 4 || s[0] != '[' || s[1] != '"' || r->deferred)
		return FAST_NONE;
	if (!r->kind_table_ready)
		kind_table_build(r);
	while (p < end && *p != '"' && p - k < 17)
		p++;
	if (p >= end || *p != '"' || p == k || (kind = plain_kind(r, k, (uint32_t)(p - k))) < 0)
		return FAST_NONE;
	p++;
	if (p < end && *p == ',') {
		p++;
		if (p < end && *p == '"') {
			const char *b = ++p;

			while (p < end && *p != '"' && p - b < 6)
				p++;
			if (p >= end || *p != '"' || !plain_uci(b, (size_t)(p - b), uci))
				return FAST_NONE;
			p++;
			args = 1;
		} else {
			if ((p = plain_int(p, end, &x)) == NULL || x < -SCORE_INF || x > SCORE_INF)
				return FAST_NONE;
			args = 2;
		}
	}
	if (p >= end || *p != ']')
		return FAST_NONE;
	p++;
	/* The line ends here: its newline, or the end of the block (the file's last line has none). */
	if (p < end && *p == '\r')
		p++;
	if (p < end && *p++ != '\n')
		return FAST_NONE;

	/* The record is plain; played here only when nothing in it can be wrong, else by the general path. */
	if (kind == TE_ENTER) {
		struct frame *up = r->depth ? &r->fr[r->depth - 1] : NULL;
		uint32_t id = r->next_record, parent = TRACE_NONE;
		struct noderec n;

		/* Not when node lines give the records, nor anything enter_node or read_compact would refuse. */
		if (args != 0 || !r->jsonl || r->q_count > 0 || id != trace_node_count(r->t) || r->root_done ||
		    r->depth >= STACK_PLIES - 1)
			return FAST_NONE;
		uci[0] = '\0';
		if (up == NULL) {
			if (id != 0)
				return FAST_NONE;
		} else {
			if (r->pending_child != id || (up->rec.has & HAS_KIDS) || up->kids_seen >= UINT16_MAX)
				return FAST_NONE;
			parent = up->rec.id;
			notation_uci(up->last_move, uci);
		}
		r->line++;
		r->text = s;
		r->len = (size_t)(p - s);
		*used = r->len;
		tracereader_implied_node(r, parent, uci, (struct loc){ 0, r->line }, &n);
		return tracereader_open_node(r, (struct loc){ 0, r->line }, "event", id, &n, NULL, NULL) ? FAST_PLAYED : FAST_FAILED;
	}
	/* An event of the innermost node open, with no child waiting to be entered. */
	if (r->depth == 0 || r->pending_child != TRACE_NONE)
		return FAST_NONE;
	f = &r->fr[r->depth - 1];
	switch (kind) {
	case TE_MOVE:
		/* The plain form names the move's own squares: written back, it is the same text. */
		if (args != 1 || !notation_uci_plain(&f->pos, uci, &m))
			return FAST_NONE;
		break;
	case TE_STAND_PAT:
	case TE_ALPHA_RAISE:
	case TE_BETA_CUTOFF:
		if (args != 2)
			return FAST_NONE;
		break;
	case TE_LEAVE:
		/* A node record that gives the score, the bound or the children has them checked there. */
		if (args != 2 || (f->rec.has & (HAS_SCORE | HAS_BOUND | HAS_KIDS)))
			return FAST_NONE;
		break;
	default:
		return FAST_NONE;
	}
	r->line++;
	r->text = s;
	r->len = (size_t)(p - s);
	*used = r->len;
	switch (kind) {
	case TE_MOVE:
		tracereader_play_move(r, f, m);
		break;
	case TE_STAND_PAT:
		tracereader_play_stand_pat(r, f, (int)x, -1);
		break;
	case TE_LEAVE:
		tracereader_play_leave(r, f, (int)x, trace_bound_of((int)x, f->alpha0, f->beta));
		break;
	default:
		tracereader_play_raise(r, f, kind, (int)x, f->last_move);
		break;
	}
	return FAST_PLAYED;
}
