/*
 * tracereader.c: reading a search trace back from the JSON that
 * traceio_write_json wrote (for the tutor's "open FILE").
 */
#include "tracereader.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "movegen.h"
#include "notation.h"
#include "traceio.h"
#include "util.h"

/* The deepest ply a trace can hold: the search stops at SEARCH_MAX_PLY. */
#define STACK_PLIES (SEARCH_MAX_PLY + 2)

/*
 * The reader is a small strict JSON lexer driven by the format: every
 * object's keys are expected in the documented order, and every value is
 * checked as it is read, so that an error can name the line and column of
 * the value at fault. Positions are replayed along the way (a stack indexed
 * by ply, as the writers do) to check every move.
 */
struct jr {
	FILE *in;
	int c;                 /* the current character (EOF at the end) */
	int line, col;         /* where it stands */
	int vline, vcol;       /* where the last value started */
	struct error *err;
	bool failed;
};

static bool jr_fail_at(struct jr *r, int line, int col, const char *fmt, ...) PRINTF_LIKE(4, 5);

static bool jr_fail_at(struct jr *r, int line, int col, const char *fmt, ...)
{
	char msg[sizeof r->err->msg];
	va_list ap;

	if (r->failed)
		return false;
	r->failed = true;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return error_set(r->err, line, col, "line %d, column %d: %s", line, col, msg);
}

#define JR_FAIL(r, ...) jr_fail_at((r), (r)->line, (r)->col, __VA_ARGS__)
#define JR_FAIL_VALUE(r, ...) jr_fail_at((r), (r)->vline, (r)->vcol, __VA_ARGS__)

static void jr_advance(struct jr *r)
{
	if (r->c == '\n') {
		r->line++;
		r->col = 1;
	} else if (r->c != EOF) {
		r->col++;
	}
	r->c = getc(r->in);
}

static void jr_ws(struct jr *r)
{
	while (r->c == ' ' || r->c == '\t' || r->c == '\n' || r->c == '\r')
		jr_advance(r);
}

/* Describes the current character for a message. */
static const char *jr_found(const struct jr *r)
{
	static char buf[32];

	if (r->c == EOF)
		return "the end of the input";
	if (r->c >= 0x21 && r->c < 0x7f)
		snprintf(buf, sizeof buf, "'%c'", r->c);
	else
		snprintf(buf, sizeof buf, "byte 0x%02x", (unsigned)r->c);
	return buf;
}

static bool jr_expect(struct jr *r, int ch, const char *what)
{
	jr_ws(r);
	if (r->c != ch)
		return JR_FAIL(r, "expected %s, found %s", what, jr_found(r));
	jr_advance(r);
	return true;
}

static int jr_hex(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Reads a JSON string (the current character is its opening quote) into BUF as UTF-8. */
static bool jr_string_body(struct jr *r, char *buf, size_t n, const char *what)
{
	size_t len = 0;

	jr_advance(r);
	for (;;) {
		unsigned cp;

		if (r->c == EOF)
			return JR_FAIL(r, "%s: the string is not closed (no '\"' before the end of the input)", what);
		if (r->c == '"') {
			jr_advance(r);
			break;
		}
		if (r->c < 0x20)
			return JR_FAIL(r, "%s: a control character (byte 0x%02x) in a string must be escaped",
				       what, (unsigned)r->c);
		if (r->c != '\\') {
			cp = (unsigned)r->c;
			jr_advance(r);
			if (len + 1 >= n)
				return JR_FAIL_VALUE(r, "%s: the string is too long (at most %zu bytes)", what, n - 1);
			buf[len++] = (char)cp;
			continue;
		}
		jr_advance(r);
		switch (r->c) {
		case '"': cp = '"'; break;
		case '\\': cp = '\\'; break;
		case '/': cp = '/'; break;
		case 'b': cp = '\b'; break;
		case 'f': cp = '\f'; break;
		case 'n': cp = '\n'; break;
		case 'r': cp = '\r'; break;
		case 't': cp = '\t'; break;
		case 'u':
			cp = 0;
			for (int i = 0; i < 4; i++) {
				int h;

				jr_advance(r);
				h = jr_hex(r->c);
				if (h < 0)
					return JR_FAIL(r, "%s: expected 4 hexadecimal digits after \\u, found %s", what,
						       jr_found(r));
				cp = cp * 16 + (unsigned)h;
			}
			if (cp >= 0xD800 && cp <= 0xDFFF)
				return JR_FAIL(r, "%s: surrogate escapes (\\u%04X) are not accepted", what, cp);
			break;
		default:
			return JR_FAIL(r, "%s: invalid escape '\\%c' in a string", what, r->c == EOF ? '?' : r->c);
		}
		jr_advance(r);
		if (len + 4 >= n)
			return JR_FAIL_VALUE(r, "%s: the string is too long (at most %zu bytes)", what, n - 1);
		if (cp == 0)
			return JR_FAIL_VALUE(r, "%s: a string may not hold a NUL character", what);
		if (cp < 0x80) {
			buf[len++] = (char)cp;
		} else if (cp < 0x800) {
			buf[len++] = (char)(0xC0 | (cp >> 6));
			buf[len++] = (char)(0x80 | (cp & 0x3F));
		} else {
			buf[len++] = (char)(0xE0 | (cp >> 12));
			buf[len++] = (char)(0x80 | ((cp >> 6) & 0x3F));
			buf[len++] = (char)(0x80 | (cp & 0x3F));
		}
	}
	buf[len] = '\0';
	return true;
}

/* Starts a value: skips blanks and notes where it begins. */
static void jr_value_start(struct jr *r)
{
	jr_ws(r);
	r->vline = r->line;
	r->vcol = r->col;
}

/* Reads a bare word (true, false, null) or fails. */
static bool jr_literal(struct jr *r, const char *word)
{
	for (const char *p = word; *p; p++) {
		if (r->c != *p)
			return false;
		jr_advance(r);
	}
	/* "nullx" is not null. */
	return !isalnum(r->c);
}

/* Kinds of value a JSON value can be, as a message names them. */
static const char *jr_kind_at(const struct jr *r)
{
	if (r->c == '"')
		return "a string";
	if (r->c == '{')
		return "an object";
	if (r->c == '[')
		return "an array";
	if (r->c == 't' || r->c == 'f')
		return "a boolean";
	if (r->c == 'n')
		return "null";
	if (r->c == '-' || (r->c >= '0' && r->c <= '9'))
		return "a number";
	return jr_found(r);
}

/* Whether the value starting here is null (and consumes it). Call after jr_value_start. */
static bool jr_null(struct jr *r, bool *is_null)
{
	*is_null = false;
	if (r->c != 'n')
		return true;
	if (!jr_literal(r, "null"))
		return JR_FAIL_VALUE(r, "invalid literal: expected null");
	*is_null = true;
	return true;
}

/* Reads a whole number from LO to HI (JSON number syntax, no fraction or exponent). */
static bool jr_int_value(struct jr *r, long long lo, long long hi, const char *what, long long *out)
{
	char buf[40];
	size_t n = 0;
	bool neg = false;
	unsigned long long v = 0;

	if (r->c != '-' && !(r->c >= '0' && r->c <= '9'))
		return JR_FAIL_VALUE(r, "%s: expected a whole number, found %s", what, jr_kind_at(r));
	if (r->c == '-') {
		neg = true;
		jr_advance(r);
		if (!(r->c >= '0' && r->c <= '9'))
			return JR_FAIL(r, "%s: expected a digit after '-', found %s", what, jr_found(r));
	}
	if (r->c == '0') {
		buf[n++] = '0';
		jr_advance(r);
		if (r->c >= '0' && r->c <= '9')
			return JR_FAIL_VALUE(r, "%s: a number may not start with 0 (leading zeros are not JSON)", what);
	}
	while (r->c >= '0' && r->c <= '9') {
		if (n + 1 >= sizeof buf)
			return JR_FAIL_VALUE(r, "%s: the number is out of range (%lld to %lld)", what, lo, hi);
		buf[n++] = (char)r->c;
		jr_advance(r);
	}
	buf[n] = '\0';
	if (r->c == '.' || r->c == 'e' || r->c == 'E')
		return JR_FAIL(r, "%s: expected a whole number (no fraction or exponent)", what);
	if (isalpha(r->c))
		return JR_FAIL(r, "%s: unexpected %s after the number", what, jr_found(r));
	for (size_t i = 0; i < n; i++) {
		if (v > (ULLONG_MAX - 9) / 10)
			return JR_FAIL_VALUE(r, "%s: the number is out of range (%lld to %lld)", what, lo, hi);
		v = v * 10 + (unsigned)(buf[i] - '0');
	}
	if (v > (unsigned long long)LLONG_MAX ||
	    (neg ? -(long long)v < lo : (long long)v > hi))
		return JR_FAIL_VALUE(r, "%s: %s%s is out of range: expected %lld to %lld", what, neg ? "-" : "", buf,
				     lo, hi);
	*out = neg ? -(long long)v : (long long)v;
	if (*out < lo || *out > hi)
		return JR_FAIL_VALUE(r, "%s: %lld is out of range: expected %lld to %lld", what, *out, lo, hi);
	return true;
}

static bool jr_int(struct jr *r, long long lo, long long hi, const char *what, long long *out)
{
	jr_value_start(r);
	return jr_int_value(r, lo, hi, what, out);
}

/* A whole number or null (then *IS_NULL is set and *OUT untouched). */
static bool jr_int_or_null(struct jr *r, long long lo, long long hi, const char *what, long long *out,
			   bool *is_null)
{
	jr_value_start(r);
	if (!jr_null(r, is_null))
		return false;
	if (*is_null)
		return true;
	return jr_int_value(r, lo, hi, what, out);
}

static bool jr_bool(struct jr *r, const char *what, bool *out)
{
	jr_value_start(r);
	if (r->c == 't' && jr_literal(r, "true")) {
		*out = true;
		return true;
	}
	if (r->c == 'f' && jr_literal(r, "false")) {
		*out = false;
		return true;
	}
	return JR_FAIL_VALUE(r, "%s: expected true or false, found %s", what, jr_kind_at(r));
}

static bool jr_string(struct jr *r, char *buf, size_t n, const char *what)
{
	jr_value_start(r);
	if (r->c != '"')
		return JR_FAIL_VALUE(r, "%s: expected a string, found %s", what, jr_kind_at(r));
	return jr_string_body(r, buf, n, what);
}

/* A string or null (then BUF is empty and *IS_NULL set). */
static bool jr_string_or_null(struct jr *r, char *buf, size_t n, const char *what, bool *is_null)
{
	jr_value_start(r);
	buf[0] = '\0';
	if (!jr_null(r, is_null))
		return false;
	if (*is_null)
		return true;
	if (r->c != '"')
		return JR_FAIL_VALUE(r, "%s: expected a string or null, found %s", what, jr_kind_at(r));
	return jr_string_body(r, buf, n, what);
}

/* One of the words in NAMES (NULL-terminated); *OUT is its index. */
static bool jr_enum(struct jr *r, const char *const *names, const char *what, int *out)
{
	char buf[32], list[128] = "";

	if (!jr_string(r, buf, sizeof buf, what))
		return false;
	for (int i = 0; names[i]; i++) {
		if (strcmp(buf, names[i]) == 0) {
			*out = i;
			return true;
		}
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", names[i]);
	}
	return JR_FAIL_VALUE(r, "%s: '%s' is not one of %s", what, buf, list);
}

/* A move in UCI, legal in POS, or null when NULLABLE. */
static bool jr_move(struct jr *r, const struct position *pos, bool nullable, const char *what, move *out)
{
	char buf[NOTATION_BUFSIZE], again[NOTATION_BUFSIZE];
	bool is_null;

	jr_value_start(r);
	if (!jr_null(r, &is_null))
		return false;
	if (is_null) {
		if (!nullable)
			return JR_FAIL_VALUE(r, "%s: expected a move in UCI, found null", what);
		*out = MOVE_NONE;
		return true;
	}
	if (r->c != '"')
		return JR_FAIL_VALUE(r, "%s: expected a move in UCI (a string)%s, found %s", what,
				     nullable ? " or null" : "", jr_kind_at(r));
	if (!jr_string_body(r, buf, sizeof buf, what))
		return false;
	if (!notation_parse_uci(pos, buf, out, NULL))
		return JR_FAIL_VALUE(r, "%s: '%s' is not a legal move in UCI in the position %s", what, buf,
				     pos->side == WHITE ? "(White to move)" : "(Black to move)");
	notation_uci(*out, again);
	if (strcmp(again, buf) != 0)
		return JR_FAIL_VALUE(r, "%s: '%s' is not written as UCI writes it ('%s')", what, buf, again);
	return true;
}

/* Object and array walking. FIRST starts true for each object or array. */
static bool jr_key(struct jr *r, bool *first, const char *want, const char *where)
{
	char key[64];

	jr_ws(r);
	if (r->c == '}')
		return JR_FAIL(r, "%s: missing key \"%s\"", where, want);
	if (!*first) {
		if (r->c != ',')
			return JR_FAIL(r, "%s: expected ',' before key \"%s\", found %s", where, want, jr_found(r));
		jr_advance(r);
		jr_ws(r);
	}
	*first = false;
	if (r->c != '"')
		return JR_FAIL(r, "%s: expected key \"%s\", found %s", where, want, jr_found(r));
	r->vline = r->line;
	r->vcol = r->col;
	if (!jr_string_body(r, key, sizeof key, where))
		return false;
	if (strcmp(key, want) != 0)
		return JR_FAIL_VALUE(r, "%s: expected key \"%s\" here, found \"%s\" (the keys come in a fixed order)",
				     where, want, key);
	return jr_expect(r, ':', "':' after a key");
}

static bool jr_object_end(struct jr *r, const char *where)
{
	jr_ws(r);
	if (r->c == ',') {
		jr_advance(r);
		jr_ws(r);
		return JR_FAIL(r, "%s: unexpected key or value: expected '}' after the last key", where);
	}
	return jr_expect(r, '}', "'}'");
}

/* Before each element: false at the closing ']' (consumed), true when an element follows. */
static bool jr_array_next(struct jr *r, bool *first, const char *where, bool *more)
{
	jr_ws(r);
	*more = false;
	if (r->c == ']') {
		jr_advance(r);
		return true;
	}
	if (!*first) {
		if (r->c != ',')
			return JR_FAIL(r, "%s: expected ',' or ']', found %s", where, jr_found(r));
		jr_advance(r);
		jr_ws(r);
		if (r->c == ']')
			return JR_FAIL(r, "%s: a ',' must be followed by another element", where);
	}
	*first = false;
	*more = true;
	return true;
}

static bool jr_begin(struct jr *r, int ch, const char *what)
{
	jr_value_start(r);
	if (r->c != ch)
		return JR_FAIL_VALUE(r, "%s: expected %s, found %s", what, ch == '{' ? "an object" : "an array",
				     jr_kind_at(r));
	jr_advance(r);
	return true;
}

static const char *const mode_names[] = { "none", "captures", "checks", NULL };
static const char *const order_names[] = { "mvv-lva", "none", NULL };
static const char *const eval_names[] = { "material", "pst", NULL };
static const char *const bound_names[] = { "exact", "lower", "upper", NULL };
static const char *const outcome_names[] = { "none", "raise", "cutoff", NULL };

static bool jr_options(struct jr *r, struct search_options *opt)
{
	static const char *const where = "options";
	bool first = true, is_null;
	long long v;
	int k;

	search_defaults(opt);
	if (!jr_begin(r, '{', where))
		return false;
	if (!jr_key(r, &first, "depth", where) || !jr_int(r, 0, SEARCH_MAX_DEPTH, "options.depth", &v))
		return false;
	opt->depth = (int)v;
	if (!jr_key(r, &first, "mode", where) || !jr_enum(r, mode_names, "options.mode", &k))
		return false;
	opt->mode = (enum qmode)k;
	if (!jr_key(r, &first, "check_plies", where))
		return false;
	jr_value_start(r);
	if (r->c == '"') {
		char buf[16];

		if (!jr_string_body(r, buf, sizeof buf, "options.check_plies"))
			return false;
		if (strcmp(buf, "all") != 0)
			return JR_FAIL_VALUE(r, "options.check_plies: expected a whole number or \"all\", found \"%s\"", buf);
		opt->check_plies = -1;
	} else {
		if (!jr_int_value(r, 0, SEARCH_MAX_PLY, "options.check_plies", &v))
			return false;
		opt->check_plies = (int)v;
	}
	if (!jr_key(r, &first, "qdepth", where) ||
	    !jr_int_or_null(r, 0, SEARCH_MAX_PLY, "options.qdepth", &v, &is_null))
		return false;
	opt->qdepth = is_null ? -1 : (int)v;
	if (!jr_key(r, &first, "delta", where) || !jr_bool(r, "options.delta", &opt->delta))
		return false;
	if (!jr_key(r, &first, "delta_margin", where) || !jr_int(r, 0, 10000, "options.delta_margin", &v))
		return false;
	opt->delta_margin = (int)v;
	if (!jr_key(r, &first, "see", where) || !jr_bool(r, "options.see", &opt->see) ||
	    !jr_key(r, &first, "fail_soft", where) || !jr_bool(r, "options.fail_soft", &opt->fail_soft) ||
	    !jr_key(r, &first, "stand_pat", where) || !jr_bool(r, "options.stand_pat", &opt->stand_pat) ||
	    !jr_key(r, &first, "evasions", where) || !jr_bool(r, "options.evasions", &opt->evasions) ||
	    !jr_key(r, &first, "pawn_pushes", where) || !jr_bool(r, "options.pawn_pushes", &opt->pawn_pushes))
		return false;
	if (!jr_key(r, &first, "order", where) || !jr_enum(r, order_names, "options.order", &k))
		return false;
	opt->order = k ? ORDER_NONE : ORDER_MVV_LVA;
	if (!jr_key(r, &first, "eval", where) || !jr_enum(r, eval_names, "options.eval", &k))
		return false;
	opt->eval = k ? EVAL_PST : EVAL_MATERIAL;
	if (!jr_key(r, &first, "max_nodes", where) || !jr_int(r, 0, 2000000000LL, "options.max_nodes", &v))
		return false;
	opt->max_nodes = (uint64_t)v;
	return jr_object_end(r, where);
}

/* The counters of the result, in the order they are written. */
static bool jr_counter(struct jr *r, bool *first, const char *key, uint64_t *out)
{
	char what[64];
	long long v;

	snprintf(what, sizeof what, "result.%s", key);
	if (!jr_key(r, first, key, "result") || !jr_int(r, 0, UINT32_MAX, what, &v))
		return false;
	*out = (uint64_t)v;
	return true;
}

static bool jr_result(struct jr *r, const struct position *root, struct search_result *res,
		      long long *stopped_at, int *best_line, int *best_col)
{
	static const char *const where = "result";
	char san[NOTATION_BUFSIZE + 8];
	bool first = true, more, afirst = true, is_null;
	struct position pos = *root;
	long long v;

	memset(res, 0, sizeof *res);
	if (!jr_begin(r, '{', where))
		return false;
	if (!jr_key(r, &first, "score", where) || !jr_int(r, -SCORE_INF, SCORE_INF, "result.score", &v))
		return false;
	res->score = (int)v;
	if (!jr_key(r, &first, "best", where) || !jr_move(r, root, true, "result.best", &res->best))
		return false;
	*best_line = r->vline;
	*best_col = r->vcol;
	if (!jr_key(r, &first, "san", where) || !jr_string_or_null(r, san, sizeof san, "result.san", &is_null))
		return false;
	if (is_null != (res->best == MOVE_NONE))
		return JR_FAIL_VALUE(r, "result.san: must be null exactly when result.best is null");
	if (!is_null) {
		char want[NOTATION_BUFSIZE];

		notation_san(root, res->best, want);
		if (strcmp(want, san) != 0)
			return JR_FAIL_VALUE(r, "result.san: \"%s\" is not the SAN of result.best (\"%s\")", san, want);
	}
	if (!jr_key(r, &first, "pv", where) || !jr_begin(r, '[', "result.pv"))
		return false;
	for (;;) {
		struct undo u;
		move m;

		if (!jr_array_next(r, &afirst, "result.pv", &more))
			return false;
		if (!more)
			break;
		if (res->pv_len >= SEARCH_MAX_PLY)
			return JR_FAIL(r, "result.pv: more than %d moves", SEARCH_MAX_PLY);
		if (!jr_move(r, &pos, false, "result.pv", &m))
			return false;
		res->pv[res->pv_len++] = m;
		board_make(&pos, m, &u);
	}
	if (res->best != (res->pv_len ? res->pv[0] : MOVE_NONE))
		return jr_fail_at(r, *best_line, *best_col, "result.best: must be the first move of result.pv (or null when it is empty)");
	if (!jr_counter(r, &first, "nodes", &res->nodes) || !jr_counter(r, &first, "qnodes", &res->qnodes) ||
	    !jr_counter(r, &first, "stand_pat_cutoffs", &res->stand_pat_cutoffs) ||
	    !jr_counter(r, &first, "beta_cutoffs", &res->beta_cutoffs) ||
	    !jr_counter(r, &first, "delta_prunes", &res->delta_prunes) ||
	    !jr_counter(r, &first, "see_prunes", &res->see_prunes))
		return false;
	if (!jr_key(r, &first, "stopped", where) || !jr_bool(r, "result.stopped", &res->stopped))
		return false;
	if (!jr_key(r, &first, "stopped_at", where) ||
	    !jr_int_or_null(r, 0, UINT32_MAX - 1, "result.stopped_at", &v, &is_null))
		return false;
	if (is_null == res->stopped)
		return JR_FAIL_VALUE(r, "result.stopped_at: must be a node id exactly when result.stopped is true");
	*stopped_at = is_null ? -1 : v;
	return jr_object_end(r, where);
}

/* What the node pass keeps for the checks after it. */
struct jr_nodes {
	uint32_t *kids;        /* every node's children list, concatenated */
	uint32_t *kids_at;     /* where node i's list starts in KIDS (node_count + 1 entries) */
	int *line;             /* the line each node starts on */
	size_t kids_count, kids_cap;
	size_t cap;            /* entries allocated in KIDS_AT and LINE */
};

static void trace_reserve_nodes(struct trace *t, struct jr_nodes *jn)
{
	if (trace_node_count(t) + 1 >= jn->cap) {
		jn->cap = jn->cap ? jn->cap * 2 : 1024;
		jn->kids_at = xrealloc(jn->kids_at, sizeof *jn->kids_at * jn->cap);
		jn->line = xrealloc(jn->line, sizeof *jn->line * jn->cap);
	}
}

/*
 * One node object. STACK[p] is the position at ply p along the current
 * branch, ANC[p] the node at ply p on it (pre-order: a node's parent is the
 * last node seen one ply up).
 */
static bool jr_node(struct jr *r, struct trace *t, struct jr_nodes *jn, struct position *stack, uint32_t *anc,
		    int *depth)
{
	static const char *const where = "a node";
	uint32_t id = trace_node_count(t);
	struct trace_node nd, *n = &nd;
	bool first = true, more, afirst = true, is_null, b;
	char san[NOTATION_BUFSIZE + 8];
	long long v, parent;
	int k;

	trace_reserve_nodes(t, jn);
	memset(n, 0, sizeof *n);
	jn->line[id] = r->line;
	if (!jr_begin(r, '{', "nodes"))
		return false;
	if (!jr_key(r, &first, "id", where) || !jr_int(r, 0, UINT32_MAX - 1, "node.id", &v))
		return false;
	if (v != id)
		return JR_FAIL_VALUE(r, "node.id: %lld out of order: expected %lu (nodes are listed by id from 0)", v,
				     (unsigned long)id);
	if (!jr_key(r, &first, "parent", where) ||
	    !jr_int_or_null(r, 0, UINT32_MAX - 1, "node.parent", &parent, &is_null))
		return false;
	if (is_null != (id == 0))
		return JR_FAIL_VALUE(r, "node.parent: null for the root (node 0) and only for it");
	n->parent = is_null ? TRACE_NONE : (uint32_t)parent;
	if (!jr_key(r, &first, "move", where))
		return false;
	if (id == 0) {
		if (!jr_move(r, stack, true, "node.move", &n->move))
			return false;
		if (n->move != MOVE_NONE)
			return JR_FAIL_VALUE(r, "node.move: the root has no move: expected null");
	} else {
		/* The parent must be on the branch being walked; the move is then legal in its position. */
		int p = -1;

		for (int i = *depth; i >= 0; i--)
			if (anc[i] == n->parent) {
				p = i;
				break;
			}
		if (p < 0)
			return jr_fail_at(r, jn->line[id], 1, "node %lu: parent %lu is not an ancestor in pre-order "
					  "(a node's parent must be the last node listed one ply up)",
					  (unsigned long)id, (unsigned long)n->parent);
		if (p + 1 >= STACK_PLIES)
			return jr_fail_at(r, jn->line[id], 1, "node %lu: deeper than %d plies", (unsigned long)id,
					  STACK_PLIES - 1);
		*depth = p + 1;
		anc[*depth] = id;
		if (!jr_move(r, &stack[p], false, "node.move", &n->move))
			return false;
	}
	if (!jr_key(r, &first, "san", where) || !jr_string_or_null(r, san, sizeof san, "node.san", &is_null))
		return false;
	if (is_null != (id == 0))
		return JR_FAIL_VALUE(r, "node.san: null for the root and only for it");
	if (id != 0) {
		char want[NOTATION_BUFSIZE];
		struct undo u;

		notation_san(&stack[*depth - 1], n->move, want);
		if (strcmp(want, san) != 0)
			return JR_FAIL_VALUE(r, "node.san: \"%s\" is not the SAN of the move (\"%s\")", san, want);
		stack[*depth] = stack[*depth - 1];
		board_make(&stack[*depth], n->move, &u);
	}
	if (!jr_key(r, &first, "ply", where) || !jr_int(r, 0, STACK_PLIES - 1, "node.ply", &v))
		return false;
	if (v != (id == 0 ? 0 : *depth))
		return JR_FAIL_VALUE(r, "node.ply: %lld, but the node is %d plies below the root", v, id == 0 ? 0 : *depth);
	n->ply = (uint8_t)v;
	if (!jr_key(r, &first, "qply", where) || !jr_int_or_null(r, 0, 127, "node.qply", &v, &is_null))
		return false;
	n->qply = is_null ? -1 : (int8_t)v;
	if (id != 0) {
		const struct trace_node pn_v = trace_node_get(t, n->parent), *pn = &pn_v;

		if (pn->qply >= 0 && n->qply != pn->qply + 1)
			return JR_FAIL_VALUE(r, "node.qply: the child of a quiescence node at qply %d must have qply %d",
					     pn->qply, pn->qply + 1);
		if (pn->qply < 0 && n->qply > 0)
			return JR_FAIL_VALUE(r, "node.qply: the child of a main-search node must have qply null or 0");
	}
	if (!jr_key(r, &first, "alpha", where) || !jr_int(r, -SCORE_INF, SCORE_INF, "node.alpha", &v))
		return false;
	n->alpha = (int16_t)v;
	if (!jr_key(r, &first, "beta", where) || !jr_int(r, -SCORE_INF, SCORE_INF, "node.beta", &v))
		return false;
	n->beta = (int16_t)v;
	if (!jr_key(r, &first, "eval", where) || !jr_int(r, -SCORE_INF, SCORE_INF, "node.eval", &v))
		return false;
	n->eval = (int16_t)v;
	if (!jr_key(r, &first, "in_check", where) || !jr_bool(r, "node.in_check", &b))
		return false;
	if (b != board_in_check(&stack[id == 0 ? 0 : *depth]))
		return JR_FAIL_VALUE(r, "node.in_check: the side to move is %sin check", b ? "not " : "");
	n->flags = (uint8_t)((b ? TN_IN_CHECK : 0) | (n->qply >= 0 ? TN_QUIESCENCE : 0));
	if (!jr_key(r, &first, "score", where) || !jr_int(r, -SCORE_INF, SCORE_INF, "node.score", &v))
		return false;
	n->score = (int16_t)v;
	if (!jr_key(r, &first, "bound", where) || !jr_enum(r, bound_names, "node.bound", &k))
		return false;
	n->bound = (uint8_t)k;
	if (!jr_key(r, &first, "pv", where) || !jr_bool(r, "node.pv", &b))
		return false;
	if (b)
		n->flags |= TN_PV;
	if (!jr_key(r, &first, "children", where) || !jr_begin(r, '[', "node.children"))
		return false;
	jn->kids_at[id] = (uint32_t)jn->kids_count;
	for (;;) {
		if (!jr_array_next(r, &afirst, "node.children", &more))
			return false;
		if (!more)
			break;
		if (!jr_int(r, id + 1, UINT32_MAX - 1, "node.children", &v))
			return false;
		if (jn->kids_count == jn->kids_cap) {
			jn->kids_cap = jn->kids_cap ? jn->kids_cap * 2 : 1024;
			jn->kids = xrealloc(jn->kids, sizeof *jn->kids * jn->kids_cap);
		}
		jn->kids[jn->kids_count++] = (uint32_t)v;
	}
	if (!jr_object_end(r, where))
		return false;
	n->end = id + 1;
	n->enter = n->leave = TRACE_NONE;
	trace_add_node(t, n);
	if (id == 0) {
		*depth = 0;
		anc[0] = 0;
	}
	return true;
}

/* After the nodes: the children lists match the parent links; each subtree's end. */
static bool jr_check_children(struct jr *r, struct trace *t, struct jr_nodes *jn)
{
	uint32_t *next = xcalloc(trace_node_count(t), sizeof *next);
	bool ok = true;

	uint32_t count = trace_node_count(t);

	jn->kids_at[count] = (uint32_t)jn->kids_count;
	for (uint32_t i = count; i-- > 1;) {
		struct trace_node c = trace_node_get(t, i), p = trace_node_get(t, c.parent);

		if (c.end > p.end) {
			p.end = c.end;
			trace_put_node(t, c.parent, &p);
		}
	}
	for (uint32_t i = 1; i < count && ok; i++) {
		uint32_t p = trace_node_get(t, i).parent;
		uint32_t at = jn->kids_at[p] + next[p];

		if (at >= jn->kids_at[p + 1] || jn->kids[at] != i)
			ok = jr_fail_at(r, jn->line[p], 1, "node %lu: its children list does not match the nodes "
					"whose parent it is (node %lu is missing or out of place)",
					(unsigned long)p, (unsigned long)i);
		next[p]++;
	}
	for (uint32_t i = 0; i < count && ok; i++) {
		struct trace_node nd = trace_node_get(t, i);

		if (jn->kids_at[i] + next[i] != jn->kids_at[i + 1])
			ok = jr_fail_at(r, jn->line[i], 1, "node %lu: its children list names %lu nodes, but %lu "
					"have it as their parent", (unsigned long)i,
					(unsigned long)(jn->kids_at[i + 1] - jn->kids_at[i]), (unsigned long)next[i]);
		if (next[i] > UINT16_MAX && ok)
			ok = jr_fail_at(r, jn->line[i], 1, "node %lu: more than %d children", (unsigned long)i, UINT16_MAX);
		nd.children = (uint16_t)next[i];
		trace_put_node(t, i, &nd);
	}
	free(next);
	return ok;
}

/* The state of the events pass. */
struct jr_events {
	uint32_t open[STACK_PLIES];         /* the nodes entered and not yet left, by ply */
	struct position pos[STACK_PLIES];   /* their positions */
	int depth;                          /* how many are open */
	uint32_t next_enter;                /* the node the next enter event must be */
	uint32_t pending_child;             /* after a move event: the child that must be entered next */
	uint64_t mates;
};

static bool jr_event(struct jr *r, struct trace *t, struct jr_events *je)
{
	static const char *const where = "an event";
	static const char *const kind_list[] = {
		"enter", "stand_pat", "move", "alpha_raise", "beta_cutoff", "delta_prune", "see_prune", "mate",
		"stalemate", "horizon", "qdepth_limit", "ply_limit", "quiet_leaf", "leave", "stopped", NULL
	};
	struct trace_event e;
	struct trace_node nd, *n = &nd;
	const struct position *pos;
	char why[128];
	bool first = true;
	long long v;
	int kind, line, col;

	memset(&e, 0, sizeof e);
	if (!jr_begin(r, '{', "events"))
		return false;
	line = r->vline;
	col = r->vcol;
	if (!jr_key(r, &first, "node", where) || !jr_int(r, 0, UINT32_MAX - 1, "event.node", &v))
		return false;
	if (v >= trace_node_count(t))
		return JR_FAIL_VALUE(r, "event.node: there is no node %lld (the trace has %lu)", v,
				     (unsigned long)trace_node_count(t));
	e.node = (uint32_t)v;
	nd = trace_node_get(t, e.node);
	if (!jr_key(r, &first, "kind", where) || !jr_enum(r, kind_list, "event.kind", &kind))
		return false;
	e.kind = (uint8_t)kind;

	/* Which node may have an event now: the node being entered, or the innermost open node. */
	if (kind == TE_ENTER) {
		if (e.node != je->next_enter)
			return jr_fail_at(r, line, col, "event: node %lu entered out of order (expected node %lu: nodes are "
					     "entered in id order)", (unsigned long)e.node, (unsigned long)je->next_enter);
		if (e.node != 0 && je->pending_child != e.node)
			return jr_fail_at(r, line, col, "event: node %lu entered without a move event for it just before",
					     (unsigned long)e.node);
		if (e.node != 0 && (je->depth == 0 || je->open[je->depth - 1] != n->parent))
			return jr_fail_at(r, line, col, "event: node %lu entered while its parent %lu is not the current node",
					     (unsigned long)e.node, (unsigned long)n->parent);
		if (je->depth >= STACK_PLIES)
			return jr_fail_at(r, line, col, "event: more than %d nodes open", STACK_PLIES);
		/* The root's position is set by the caller; a child's is its parent's with its move made. */
		if (e.node != 0) {
			struct undo u;

			je->pos[je->depth] = je->pos[je->depth - 1];
			board_make(&je->pos[je->depth], n->move, &u);
		}
		je->open[je->depth++] = e.node;
		je->next_enter++;
		e.move = n->move;
	} else {
		if (je->pending_child != TRACE_NONE)
			return jr_fail_at(r, line, col, "event: a move event must be followed by its child's enter event");
		if (je->depth == 0 || je->open[je->depth - 1] != e.node)
			return jr_fail_at(r, line, col, "event: node %lu is not the current node (events belong to the "
					     "innermost node entered and not left)", (unsigned long)e.node);
	}
	je->pending_child = TRACE_NONE;
	pos = &je->pos[je->depth - 1];

	switch (kind) {
	case TE_ENTER:
		if (!jr_key(r, &first, "alpha", where) || !jr_int(r, -SCORE_INF, SCORE_INF, "event.alpha", &v))
			return false;
		e.v1 = (int16_t)v;
		if (!jr_key(r, &first, "beta", where) || !jr_int(r, -SCORE_INF, SCORE_INF, "event.beta", &v))
			return false;
		e.v2 = (int16_t)v;
		if (e.v1 != n->alpha || e.v2 != n->beta)
			return JR_FAIL_VALUE(r, "event: the window of node %lu's enter event differs from the node's",
					     (unsigned long)e.node);
		break;
	case TE_MOVE:
		if (!jr_key(r, &first, "move", where) || !jr_move(r, pos, false, "event.move", &e.move))
			return false;
		if (!jr_key(r, &first, "child", where) || !jr_int(r, 1, UINT32_MAX - 1, "event.child", &v))
			return false;
		if (v != je->next_enter || v >= trace_node_count(t) || trace_node_get(t, (uint32_t)v).parent != e.node ||
		    trace_node_get(t, (uint32_t)v).move != e.move)
			return JR_FAIL_VALUE(r, "event.child: %lld is not the next node, a child of node %lu by this move",
					     v, (unsigned long)e.node);
		je->pending_child = (uint32_t)v;
		e.v1 = (int16_t)(uint16_t)(v & 0xFFFF);
		e.v2 = (int16_t)(uint16_t)((unsigned long long)v >> 16);
		break;
	case TE_STAND_PAT:
		if (!jr_key(r, &first, "value", where) || !jr_int(r, -SCORE_INF, SCORE_INF, "event.value", &v))
			return false;
		e.v1 = (int16_t)v;
		if (!jr_key(r, &first, "alpha", where) || !jr_int(r, -SCORE_INF, SCORE_INF, "event.alpha", &v))
			return false;
		if (v != n->alpha)
			return JR_FAIL_VALUE(r, "event.alpha: a stand pat's alpha is its node's alpha at entry (%d)",
					     n->alpha);
		if (!jr_key(r, &first, "beta", where) || !jr_int(r, -SCORE_INF, SCORE_INF, "event.beta", &v))
			return false;
		if (v != n->beta)
			return JR_FAIL_VALUE(r, "event.beta: a stand pat's beta is its node's beta (%d)", n->beta);
		if (!jr_key(r, &first, "outcome", where) || !jr_enum(r, outcome_names, "event.outcome", &kind))
			return false;
		e.extra = (uint8_t)kind;
		break;
	case TE_ALPHA_RAISE:
	case TE_BETA_CUTOFF:
		if (!jr_key(r, &first, kind == TE_ALPHA_RAISE ? "value" : "score", where) ||
		    !jr_int(r, -SCORE_INF, SCORE_INF, "event.value", &v))
			return false;
		e.v1 = (int16_t)v;
		if (!jr_key(r, &first, "move", where) ||
		    !jr_move(r, pos, kind == TE_ALPHA_RAISE, "event.move", &e.move))
			return false;
		break;
	case TE_DELTA_PRUNE:
		if (!jr_key(r, &first, "move", where) || !jr_move(r, pos, false, "event.move", &e.move))
			return false;
		if (!jr_key(r, &first, "captured", where) || !jr_int(r, 0, SCORE_INF, "event.captured", &v))
			return false;
		e.v1 = (int16_t)v;
		if (!jr_key(r, &first, "margin", where) || !jr_int(r, 0, 10000, "event.margin", &v))
			return false;
		e.v2 = (int16_t)v;
		break;
	case TE_SEE_PRUNE:
		if (!jr_key(r, &first, "move", where) || !jr_move(r, pos, false, "event.move", &e.move))
			return false;
		if (!jr_key(r, &first, "see", where) || !jr_int(r, -SCORE_INF, SCORE_INF, "event.see", &v))
			return false;
		e.v1 = (int16_t)v;
		break;
	case TE_MATE:
	case TE_STALEMATE:
	case TE_HORIZON:
	case TE_QDEPTH_LIMIT:
	case TE_PLY_LIMIT:
	case TE_QUIET_LEAF:
		if (!jr_key(r, &first, "value", where) || !jr_int(r, -SCORE_INF, SCORE_INF, "event.value", &v))
			return false;
		e.v1 = (int16_t)v;
		if (kind == TE_MATE)
			je->mates++;
		break;
	case TE_LEAVE:
		if (!jr_key(r, &first, "score", where) || !jr_int(r, -SCORE_INF, SCORE_INF, "event.score", &v))
			return false;
		e.v1 = (int16_t)v;
		if (!jr_key(r, &first, "bound", where) || !jr_enum(r, bound_names, "event.bound", &kind))
			return false;
		e.extra = (uint8_t)kind;
		if (e.v1 != n->score || e.extra != n->bound)
			return JR_FAIL_VALUE(r, "event: node %lu's leave event differs from the node's score and bound",
					     (unsigned long)e.node);
		je->depth--;
		break;
	case TE_STOPPED:
		if (trace_stopped(t))
			return jr_fail_at(r, line, col, "event: a second \"stopped\" event (the search stops once)");
		break;
	default:
		break;
	}
	if (!jr_object_end(r, where))
		return false;
	if (!trace_add_event(t, &e, why))
		return jr_fail_at(r, line, col, "event: %s", why);
	return true;
}

static bool jr_trace(struct jr *r, struct trace *t, struct position *root, struct search_options *opt,
		     struct search_result *res)
{
	static const char *const where = "the trace";
	char buf[FEN_MAX_INPUT + 8];
	bool first = true, more, afirst = true;
	struct position *stack = NULL;
	uint32_t *anc = NULL;
	struct jr_nodes jn;
	struct jr_events *je = NULL;
	long long v, stopped_at = -1;
	struct error ferr = { 0 };
	int depth = 0, best_line, best_col, eline, ecol;
	bool ok = false;
	uint64_t qnodes = 0;

	memset(&jn, 0, sizeof jn);
	if (!jr_begin(r, '{', where))
		return false;
	if (!jr_key(r, &first, "format", where) || !jr_string(r, buf, sizeof buf, "format"))
		return false;
	if (strcmp(buf, TRACEIO_FORMAT) != 0)
		return JR_FAIL_VALUE(r, "format: \"%s\" is not \"%s\": this is not a quiesce trace", buf, TRACEIO_FORMAT);
	if (!jr_key(r, &first, "version", where) || !jr_int(r, 0, INT_MAX, "version", &v))
		return false;
	if (v != TRACEIO_VERSION)
		return JR_FAIL_VALUE(r, "version: %lld is not supported (this program reads version %d)", v,
				     TRACEIO_VERSION);
	if (!jr_key(r, &first, "fen", where) || !jr_string(r, buf, sizeof buf, "fen"))
		return false;
	if (!fen_parse(root, buf, &ferr))
		return JR_FAIL_VALUE(r, "fen: %s", ferr.msg);
	if (!jr_key(r, &first, "options", where) || !jr_options(r, opt))
		return false;
	if (!jr_key(r, &first, "result", where) || !jr_result(r, root, res, &stopped_at, &best_line, &best_col))
		return false;

	stack = xmalloc(sizeof *stack * STACK_PLIES);
	anc = xmalloc(sizeof *anc * STACK_PLIES);
	stack[0] = *root;
	if (!jr_key(r, &first, "nodes", where) || !jr_begin(r, '[', "nodes"))
		goto out;
	for (;;) {
		if (!jr_array_next(r, &afirst, "nodes", &more))
			goto out;
		if (!more)
			break;
		if (trace_node_count(t) >= UINT32_MAX - 1) {
			JR_FAIL(r, "nodes: too many nodes");
			goto out;
		}
		if (!jr_node(r, t, &jn, stack, anc, &depth))
			goto out;
	}
	if (trace_node_count(t) == 0) {
		JR_FAIL(r, "nodes: a trace has at least the root node");
		goto out;
	}
	if (!jr_check_children(r, t, &jn))
		goto out;
	for (uint32_t i = 0; i < trace_node_count(t); i++)
		qnodes += trace_node_get(t, i).qply >= 0;

	je = xcalloc(1, sizeof *je);
	je->pos[0] = *root;
	je->pending_child = TRACE_NONE;
	afirst = true;
	if (!jr_key(r, &first, "events", where) || !jr_begin(r, '[', "events"))
		goto out;
	for (;;) {
		jr_ws(r);
		eline = r->line;
		ecol = r->col;
		if (!jr_array_next(r, &afirst, "events", &more))
			goto out;
		if (!more)
			break;
		if (trace_event_count(t) >= UINT32_MAX - 1) {
			JR_FAIL(r, "events: too many events");
			goto out;
		}
		if (!jr_event(r, t, je))
			goto out;
	}
	if (je->next_enter != trace_node_count(t)) {
		jr_fail_at(r, eline, ecol, "events: node %lu is never entered", (unsigned long)je->next_enter);
		goto out;
	}
	if (je->depth != 0) {
		jr_fail_at(r, eline, ecol, "events: node %lu is never left", (unsigned long)je->open[je->depth - 1]);
		goto out;
	}
	if (!jr_object_end(r, where))
		goto out;
	jr_ws(r);
	if (r->c != EOF) {
		JR_FAIL(r, "unexpected %s after the end of the trace", jr_found(r));
		goto out;
	}
	if (ferror(r->in)) {
		JR_FAIL(r, "read error");
		goto out;
	}
	/* The result agrees with the record. */
	if (res->nodes != trace_node_count(t) || res->qnodes != qnodes) {
		jr_fail_at(r, best_line, 1, "result: nodes %llu and qnodes %llu, but the trace has %lu nodes, %llu in "
			   "quiescence", (unsigned long long)res->nodes, (unsigned long long)res->qnodes,
			   (unsigned long)trace_node_count(t), (unsigned long long)qnodes);
		goto out;
	}
	if (trace_stopped(t) != res->stopped || (trace_stopped(t) && (long long)trace_stopped_at(t) != stopped_at)) {
		jr_fail_at(r, best_line, 1, "result: stopped and stopped_at do not match the \"stopped\" event");
		goto out;
	}
	res->mates = je->mates;
	ok = true;
out:
	free(stack);
	free(anc);
	free(je);
	free(jn.kids);
	free(jn.kids_at);
	free(jn.line);
	return ok;
}

bool tracereader_read_json(FILE *in, struct trace *t, struct position *root,
		       struct search_options *opt, struct search_result *res, struct error *err)
{
	struct jr r;
	struct error local;

	memset(&r, 0, sizeof r);
	r.in = in;
	r.err = err ? err : &local;
	r.line = 1;
	r.col = 1;
	r.c = getc(in);
	/* A UTF-8 byte-order mark is not JSON (RFC 8259 section 8.1) but is forgiven. */
	if (r.c == 0xEF) {
		int b = getc(in), c = getc(in);

		if (b != 0xBB || c != 0xBF)
			return jr_fail_at(&r, 1, 1, "expected '{', found byte 0xef");
		r.c = getc(in);
	}
	trace_clear(t);
	if (!jr_trace(&r, t, root, opt, res)) {
		trace_clear(t);
		return false;
	}
	return true;
}
