/*
 * tracereader_int.h: what the parts of the trace reader share, and nothing
 * else includes: tracereader.c reads the two forms (the JSON document and
 * JSON Lines) into records, tracereader_header.c reads the header,
 * tracereader_compact.c version 3's compact records (the plain ones lexed
 * and played directly), tracereader_record.c turns the records into the
 * trace, tracereader_result.c ends the reading with the result, and
 * tracereader_json.c reads typed values out of the records simdjson parsed
 * (tracejson.h) with errors that name where they are.
 */
#ifndef QUIESCE_TRACEREADER_INT_H
#define QUIESCE_TRACEREADER_INT_H

#include <jansson.h>
#include <stdarg.h>

#include "chess/notation.h"
#include "tracefile/tracejson.h"
#include "tracefile/tracereader.h"
#include "search/trace_record.h"
#include "base/util.h"

/* The deepest a trace can go: the search stops at SEARCH_MAX_PLY. */
#define STACK_PLIES (SEARCH_MAX_PLY + 2)

/* The flags jansson finds a syntax error with (simdjson parses; jansson only says where it fails). */
#define RD_JSON_FLAGS (JSON_REJECT_DUPLICATES | JSON_DISABLE_EOF_CHECK)

/* Where a record starts: an offset in the document, or a line of JSON Lines. */
struct loc {
	size_t off;        /* the document: the byte offset of the record */
	long line;         /* JSON Lines: the record's line (0 in the document form) */
};

/*
 * Where the object and array elements of one of the document's arrays end,
 * in order (noted while the document's top level is scanned, so that each
 * element is not scanned again); CUR: the next one not yet used.
 */
struct tracereader_ends {
	size_t *end;
	size_t count, cap, cur;
};

/* The path of an element of one of the document's arrays, "nodes[12]", kept as the count goes up. */
struct tracereader_path {
	char s[32];
	size_t len;
};

/* A node record, held from its reading until the node is entered. */
struct noderec {
	uint32_t id, parent;       /* parent: TRACE_NONE for null */
	char move[8];              /* UCI as written ("" for null) */
	char san[NOTATION_BUFSIZE];
	int ply, qply;             /* qply: -1 null */
	int alpha, beta, eval, score;
	bool in_check, pv;
	uint8_t bound;
	uint16_t has;              /* HAS_* */
	bool implied;              /* made from a compact enter: its move is the parent's last move event's */
	uint32_t *kids, nkids;     /* the "children" list */
	struct loc at;
	char path[32];             /* "nodes[12]" or "node" */
};

enum {
	HAS_SAN = 1, HAS_PLY = 2, HAS_QPLY = 4, HAS_ALPHA = 8, HAS_BETA = 16, HAS_EVAL = 32,
	HAS_CHECK = 64, HAS_SCORE = 128, HAS_BOUND = 256, HAS_PV = 512, HAS_KIDS = 1024
};

/* A node entered and not yet left. */
struct frame {
	struct noderec rec;
	struct position pos;
	int alpha0, beta, alpha;   /* the window at entry, and alpha as raised since */
	int ply, qply;
	move last_move;            /* the move of its last "move" event */
	int ext;                   /* the plies of extension (less reductions) on the path to it */
	int next_ext;              /* an extension event's plies, for the child of the next move */
	uint32_t kids_seen;        /* children entered so far */
};

/* The most values one compact record lexed directly takes, and the bytes of its strings. */
#define LEX_SLOTS 64
#define LEX_STRING_BYTES 512

/* The slots of a reader's table of event kinds by name (a power of two). */
#define KIND_SLOTS 256

/* A compact record lexed directly (tracereader_lex_compact): its values, as tracejson lays them out. */
struct tracereader_lex {
	struct tracejson_value v[LEX_SLOTS];
	char str[LEX_STRING_BYTES];   /* the strings' text, each NUL-terminated */
};

struct rd {
	const char *name;
	struct error *err;
	bool failed;
	struct tracejson *pj;      /* the records: lines, events, header values, the result */
	struct tracejson *pj_nodes;   /* the document's node records, parsed while an event is read */
	struct tracereader_lex lex;   /* the compact record lexed last */
	int8_t kind_table[KIND_SLOTS];   /* the compact records' kinds by their names (tracereader_compact.c) */
	uint8_t kind_len[TE_KIND_COUNT];   /* the length of each kind's name */
	uint64_t kind_word[TE_KIND_COUNT][2];   /* its first 16 bytes, zero-padded, as two words */
	bool kind_table_ready;
	const char *read_why;      /* why reading failed under the text (a corrupt gzip stream), or NULL */
	bool jsonl;
	/* A compact record being read: the keys its array's elements stand for, in order (NULL-ended), else NULL. */
	const char *const *compact_keys;
	const char *text;          /* the document, or the current line */
	size_t len;
	long line;                 /* JSON Lines: the current line's number */

	struct trace *t;
	const struct tracereader_observer *obs;   /* told of the header and each event (NULL: nobody) */
	struct position root;
	struct search_options opt;
	struct search_result res;
	struct tracereader_info info;

	struct frame fr[STACK_PLIES];
	int depth;
	bool root_done;            /* the root was entered and left */

	/* The document: the cursor in the "nodes" array; where the elements of "nodes" and "events" end. */
	size_t nodes_pos, nodes_count;
	struct tracereader_ends node_ends, event_ends;
	struct tracereader_path node_path;   /* the path of the element of "nodes" read last */
	bool nodes_end;
	bool nodes_absent;         /* a version 3 document without "nodes": the records come from the compact enters */
	/* JSON Lines: node records read and not yet entered, in id order. */
	struct noderec *queue;
	size_t q_head, q_count, q_cap;
	uint32_t next_record;      /* the id the next node record must have */

	uint32_t pending_child;    /* after a move event: the node that must be entered next */
	move pending_move;
	/* "eval": "other": a node's entry waits for the record after it (its stand pat gives the eval). */
	bool deferred;
	uint32_t def_id;
	uint32_t def_parent;
	int def_ply, def_qply, def_alpha, def_beta;
	bool def_check;

	/* Counts for the result, and the principal variation as the search keeps it. */
	uint64_t qnodes, sp_cutoffs, cutoffs, delta_prunes, see_prunes, mates;
	int pv_len[STACK_PLIES];
	move pv[STACK_PLIES][STACK_PLIES];
	uint32_t *pv_nodes;        /* nodes whose record says "pv": true */
	size_t pv_count, pv_cap;
	bool pv_given;
};

/* One record being read: its object, where it is and its path. */
struct rec {
	const struct tracejson_value *obj;
	struct loc at;
	const char *path;
};

/* Whether the short texts A and B are the same (in line: a call to strcmp costs more than a move's few bytes). */
static inline bool tracereader_same(const char *a, const char *b)
{
	while (*a != '\0' && *a == *b)
		a++, b++;
	return *a == *b;
}

/* tracereader_record.c: tells the observer of the header, once read. */
void tracereader_observe_start(struct rd *r);
/* Tells the observer of an event as the trace records it (in line: it runs at every event). */
static inline void tracereader_observe(struct rd *r, uint32_t node, int kind, move m, int v1, int v2, int extra,
				       const struct trace_node *nd, const struct position *pos)
{
	struct trace_event e;

	if (r->obs->event == NULL)
		return;
	e = trace_event_make(node, kind, m, v1, v2, extra);
	r->obs->event(r->obs->ctx, &e, nd, pos);
}

/*
 * The trace's recording functions (search/trace_record.h), each telling the
 * observer, if any, with the position of the event's node: the innermost
 * open (a move's own is POS: the one a child entered without its move event
 * implies is its parent's).
 */
static inline void rd_trace_event(struct rd *r, uint32_t node, int kind, move m, int v1, int v2, int extra)
{
	trace_event(r->t, node, kind, m, v1, v2, extra);
	if (r->obs != NULL)
		tracereader_observe(r, node, kind, m, v1, v2, extra, NULL, &r->fr[r->depth - 1].pos);
}

static inline void rd_trace_move(struct rd *r, uint32_t node, move m, const struct position *pos)
{
	uint32_t child = trace_node_count(r->t);

	trace_move(r->t, node, m);
	if (r->obs != NULL)
		tracereader_observe(r, node, TE_MOVE, m, (int16_t)(child & 0xFFFF), (int16_t)(child >> 16), 0, NULL, pos);
}

static inline void rd_trace_leave(struct rd *r, uint32_t node, int score, int bound)
{
	trace_leave(r->t, node, score, bound);
	if (r->obs != NULL)
		tracereader_observe(r, node, TE_LEAVE, MOVE_NONE, score, 0, bound, NULL, &r->fr[r->depth - 1].pos);
}

/* tracereader_json.c: places, messages and typed values. */

/* The 1-based line and column of byte OFF of the document. */
void tracereader_line_col(const struct rd *r, size_t off, int *line, int *col);
/* Fails at byte OFF of the current text (the document, or the current line); returns false. */
bool tracereader_fail_at(struct rd *r, size_t off, const char *path, const char *fmt, ...) PRINTF_LIKE(4, 5);
/* Fails at the value of KEY (or at the record, KEY NULL) of the record at AT named PATH; returns false. */
bool tracereader_fail_key(struct rd *r, struct loc at, const char *path, const char *key, const char *fmt, ...)
	PRINTF_LIKE(5, 6);
/* Fails with jansson's syntax error for the text parsed from OFF; returns false. */
bool tracereader_fail_json(struct rd *r, size_t off, const char *path, const json_error_t *je);
/*
 * Parses the LEN bytes at OFF of the current text (followed by
 * TRACEJSON_PADDING readable bytes) with P. A syntax error is reported at
 * its place, found by parsing again with jansson from OFF to the end of the
 * text (EOF_CHECK: whether nothing may follow the value); returns NULL then.
 */
const struct tracejson_value *tracereader_parse(struct rd *r, struct tracejson *p, size_t off, size_t len,
						const char *path, bool eof_check);
/* Skips blanks from POS of S. */
size_t tracereader_skip_ws(const char *s, size_t len, size_t pos);
/* Where the JSON value starting at POS of S ends (LEN when it is not closed). */
size_t tracereader_skip_value(const char *s, size_t len, size_t pos);
/*
 * Where the array at POS of S ends (as tracereader_skip_value), noting in E
 * where each of its elements that is an object or an array ends.
 */
size_t tracereader_skip_array(const char *s, size_t len, size_t pos, struct tracereader_ends *e);
/* TEXT cut short for a message. */
const char *tracereader_cut(const char *text);
/* The JSON type of V as a message names it ("a string", "null" ...). */
const char *tracereader_type_name(const struct tracejson_value *v);
/* The typed values of a record: false after a message; *HAS tells whether the key was there. */
bool tracereader_get_int(struct rd *r, const struct rec *rc, const char *key, long long lo, long long hi,
			 bool required, long long *out, bool *has);
bool tracereader_get_score(struct rd *r, const struct rec *rc, const char *key, bool required, int *out, bool *has);
bool tracereader_get_bool(struct rd *r, const struct rec *rc, const char *key, bool *out, bool *has);
/* Counts an event of the unknown kind NAME, skipped (quiesce-trace(5), VERSIONS). */
void tracereader_skip_kind(struct rd *r, const char *name);
bool tracereader_get_enum(struct rd *r, const struct rec *rc, const char *key, const char *const *names, int *out);
bool tracereader_get_move(struct rd *r, const struct rec *rc, const char *key, const struct position *pos,
			  bool nullable, bool required, move *out, bool *has);
/* The same for value V (NULL: absent) named KEY of the record. */
bool tracereader_move_value(struct rd *r, const struct rec *rc, const char *key, const struct tracejson_value *v,
			    const struct position *pos, bool nullable, bool required, move *out, bool *has);

/* tracereader_record.c: records into the trace. */

/* The header's options (O may be NULL: the defaults). */
bool tracereader_read_options(struct rd *r, const struct tracejson_value *o, struct loc at);
/* The header: format, version, fen, engine. */
bool tracereader_read_header(struct rd *r, const struct tracejson_value *h, struct loc at, const char *path);
/* A node record, read before its node is entered. */
bool tracereader_read_node(struct rd *r, const struct tracejson_value *o, struct loc at, const char *path, struct noderec *n);
/*
 * The record of the next node as a compact enter implies it: PARENT
 * (TRACE_NONE: the root) and UCI, its move (8 bytes, NUL-terminated).
 */
void tracereader_implied_node(struct rd *r, uint32_t parent, const char *uci, struct loc at, struct noderec *n);
/*
 * Opens node ID of record REC, entered by the event at AT named PATH, whose
 * window, when it gives one, is *EVENT_ALPHA and *EVENT_BETA (NULL: not
 * given): the node's position, its derived fields and the given ones
 * checked against them. REC's children list passes to the node. False after
 * a message.
 */
bool tracereader_open_node(struct rd *r, struct loc at, const char *path, uint32_t id, const struct noderec *rec,
			   const int *event_alpha, const int *event_beta);
/* An event record, played into the trace. */
bool tracereader_read_event(struct rd *r, const struct tracejson_value *o, struct loc at, const char *path);
/*
 * The event of KIND (a known one) of node NODE, its other fields in object O
 * (its "node" and "kind", if any, are not read again), played into the
 * trace: what tracereader_read_event does once it knows them.
 */
bool tracereader_play_event(struct rd *r, const struct tracejson_value *o, struct loc at, const char *path,
			    uint32_t node, int kind);
/*
 * The commonest events of node F (the innermost open), read and found
 * right, played into the trace: a move M (its child is entered next); a
 * stand pat of VALUE with OUTCOME (-1: derived from the window); an alpha
 * raise or a beta cutoff (KIND) of VALUE by M; the node left with SCORE and
 * BOUND.
 */
void tracereader_play_move(struct rd *r, struct frame *f, move m);
void tracereader_play_stand_pat(struct rd *r, struct frame *f, int value, int outcome);
void tracereader_play_raise(struct rd *r, struct frame *f, int kind, int value, move m);
void tracereader_play_leave(struct rd *r, struct frame *f, int score, int bound);
/* Records the entry of the node waiting for its evaluation, if any, with its static evaluation. */
void tracereader_flush_static(struct rd *r);

/* tracereader_result.c: after the last record, the checks of the end, and the result derived and checked against RESULT. */
bool tracereader_finish(struct rd *r, const struct tracejson_value *result, struct loc rat, const char *rpath, struct loc end);

/* tracereader_compact.c: version 3's compact records. */

/*
 * Lexes the LEN bytes at S as a compact record in the plain form quiesce
 * writes: an array of strings without escapes, whole numbers, true, false,
 * null and flat objects of those, blanks allowed around them. Returns the
 * array laid out as tracejson_parse lays it out (in R's lexer slots, valid
 * until the next call), or NULL for anything else: the caller then parses
 * the text with simdjson, which accepts it or says what is wrong and where.
 */
const struct tracejson_value *tracereader_lex_compact(struct rd *r, const char *s, size_t len);
/* What tracereader_fast_line did with a line. */
enum { FAST_NONE, FAST_PLAYED, FAST_FAILED };

/*
 * Plays the line of JSON Lines at S (AVAIL bytes to the end of the block)
 * directly when it is one of the commonest compact records in the exact
 * form quiesce writes (["enter"], ["move","e2e4"], ["stand_pat",12],
 * ["alpha_raise",5], ["beta_cutoff",40], ["leave",-7]) and nothing in it can
 * be wrong where it stands: FAST_PLAYED, with the line's length (its newline
 * included) in *USED. FAST_NONE, with nothing changed, for any other line,
 * which the general path then reads (and refuses with its message, if
 * wrong); FAST_FAILED after a message. The caller has found no result line
 * before.
 */
int tracereader_fast_line(struct rd *r, const char *s, size_t avail, size_t *used);
/* Plays the compact record A (an array) at AT, named PATH, into the trace; false after a message. */
bool tracereader_read_compact(struct rd *r, const struct tracejson_value *a, struct loc at, const char *path);

/* tracereader.c: the forms. */

/* Queues node record N of JSON Lines until its node is entered. */
void tracereader_queue_node(struct rd *r, const struct noderec *n);
/* The id of the oldest node record queued (there is one). */
uint32_t tracereader_queued_id(const struct rd *r);

/* Takes node ID's record: the next element of "nodes", or the oldest queued node line. */
bool tracereader_next_node_record(struct rd *r, uint32_t id, struct noderec *n, struct loc ev_at, const char *ev_path);

#endif
