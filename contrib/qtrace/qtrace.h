/*
 * qtrace.h: write your chess engine's search as a quiesce trace.
 *
 * A single header in plain C99 with no dependency beyond <stdio.h>. It writes
 * the JSON Lines form of the quiesce trace format, version 2 (quiesce-trace(5)):
 * a header line with the position and the options your search follows, then
 * one line per node and per event, in the order your search makes them. The
 * trace can then be opened in quiesce's tutor (":open FILE"), checked against
 * the search rules ("quiesce check-trace FILE") and compared with quiesce's
 * own search ("quiesce diff FILE --reference").
 *
 * Use:
 *
 *	#include "qtrace.h"
 *
 *	qtrace qt;
 *	FILE *f = fopen("mine.jsonl", "w");
 *	qtrace_open(&qt, f, fen, "\"depth\":2,\"mode\":\"captures\",\"fail_soft\":true,"
 *		    "\"eval\":\"other\",\"order\":\"other\"", "myengine 1.0");
 *	... in your search, at each step (moves in UCI: "e2e4", "e7e8q"):
 *	qtrace_enter(&qt, uci_or_NULL_at_root, alpha, beta, static_eval, qply);
 *	qtrace_stand_pat(&qt, value, QTRACE_RAISE);       the outcome your search gave it
 *	qtrace_move(&qt, "e4d5");                         before searching the move
 *	qtrace_raise(&qt, "e4d5", new_alpha);             after it, if it raised alpha
 *	qtrace_cutoff(&qt, "e4d5", score);                or if it failed high
 *	qtrace_delta_prune(&qt, "a2a3", captured, margin);
 *	qtrace_see_prune(&qt, "d1d7", see);
 *	qtrace_leaf(&qt, "mate", -(32000 - ply));         "mate", "stalemate", "qdepth_limit", ...
 *	qtrace_leave(&qt, score);                         every node entered is left
 *	qtrace_close(&qt);                                0, or -1 if a write failed
 *
 * The options string is the inside of the header's "options" object (JSON,
 * without the braces); the keys are those of quiesce-trace(5): depth, mode,
 * check_plies, qdepth, delta, delta_margin, see, fail_soft, stand_pat,
 * evasions, pawn_pushes, order, eval, max_nodes. Declare "eval":"other" when
 * your evaluation is not one of quiesce's: the values you give are then
 * taken as they are. Scores are centipawns from the side to move's view; a
 * mate found at ply P is -(32000 - P) for the side mated.
 *
 * Node ids are given in entry order (pre-order) and each node's parent is the
 * node that was open when it was entered, so the calls must nest like the
 * search: enter, its decisions and its children, leave. The writer keeps the
 * open nodes on a stack of QTRACE_MAX_PLY entries (define it larger before
 * including the header if your search goes deeper).
 *
 * All functions are static: include the header in the one file that writes.
 */
#ifndef QTRACE_H
#define QTRACE_H

#include <limits.h>
#include <stdio.h>

#ifndef QTRACE_MAX_PLY
#define QTRACE_MAX_PLY 256
#endif

/* "Not given": pass it for the static evaluation or the quiescence ply you do not want to write. */
#define QTRACE_UNKNOWN INT_MIN

/* The stand pat's outcome. */
enum { QTRACE_NONE = 0, QTRACE_RAISE = 1, QTRACE_CUTOFF = 2 };

typedef struct qtrace {
	FILE *out;
	long next_id;                 /* the id of the next node entered */
	int depth;                    /* open nodes */
	long id[QTRACE_MAX_PLY];      /* the open nodes, root first */
	int alpha[QTRACE_MAX_PLY];    /* their windows at entry, for the bound */
	int beta[QTRACE_MAX_PLY];
	int failed;                   /* a write failed, or the calls did not nest */
} qtrace;

/* Writes S as a JSON string. */
static inline void qtrace_string(qtrace *q, const char *s)
{
	putc('"', q->out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(q->out, "\\%c", c);
		else if (c < 0x20)
			fprintf(q->out, "\\u%04x", c);
		else
			putc(c, q->out);
	}
	putc('"', q->out);
}

/* The id of the open node (the one events are written for), or -1. */
static inline long qtrace_current(const qtrace *q)
{
	return q->depth > 0 ? q->id[q->depth - 1] : -1;
}

/*
 * Starts a trace on OUT: the header line with the root position FEN, the
 * options OPTIONS (the inside of a JSON object, "" for quiesce's defaults)
 * and ENGINE (your engine's name and version, or NULL). Returns 0, or -1 if
 * the write failed.
 */
static inline int qtrace_open(qtrace *q, FILE *out, const char *fen, const char *options, const char *engine)
{
	q->out = out;
	q->next_id = 0;
	q->depth = 0;
	q->failed = 0;
	fprintf(out, "{\"format\":\"quiesce-trace\",\"version\":2,\"fen\":");
	qtrace_string(q, fen);
	fprintf(out, ",\"options\":{%s}", options ? options : "");
	if (engine) {
		fprintf(out, ",\"engine\":");
		qtrace_string(q, engine);
	}
	fprintf(out, "}\n");
	return ferror(out) ? -1 : 0;
}

/*
 * Enters a node: MOVE is the UCI move that leads to it from the open node
 * (NULL for the root), (ALPHA, BETA) the window it is searched with, EVAL its
 * static evaluation and QPLY its quiescence ply (-1 in the main search);
 * either may be QTRACE_UNKNOWN. Returns the node's id.
 */
static inline long qtrace_enter(qtrace *q, const char *move, int alpha, int beta, int eval, int qply)
{
	long id = q->next_id++;
	long parent = qtrace_current(q);

	fprintf(q->out, "{\"type\":\"node\",\"id\":%ld,\"parent\":", id);
	if (parent < 0)
		fprintf(q->out, "null,\"move\":null");
	else {
		fprintf(q->out, "%ld,\"move\":", parent);
		if (move)
			qtrace_string(q, move);
		else
			fprintf(q->out, "null");
	}
	if (eval != QTRACE_UNKNOWN)
		fprintf(q->out, ",\"eval\":%d", eval);
	if (qply != QTRACE_UNKNOWN) {
		if (qply < 0)
			fprintf(q->out, ",\"qply\":null");
		else
			fprintf(q->out, ",\"qply\":%d", qply);
	}
	fprintf(q->out, ",\"alpha\":%d,\"beta\":%d}\n", alpha, beta);
	fprintf(q->out, "{\"type\":\"event\",\"node\":%ld,\"kind\":\"enter\",\"alpha\":%d,\"beta\":%d}\n",
		id, alpha, beta);
	if (q->depth < QTRACE_MAX_PLY) {
		q->id[q->depth] = id;
		q->alpha[q->depth] = alpha;
		q->beta[q->depth] = beta;
		q->depth++;
	} else {
		q->failed = 1;
	}
	return id;
}

/* The stand pat: VALUE, the static value, and what it did (QTRACE_NONE, QTRACE_RAISE, QTRACE_CUTOFF). */
static inline void qtrace_stand_pat(qtrace *q, int value, int outcome)
{
	static const char *const names[] = { "none", "raise", "cutoff" };

	fprintf(q->out, "{\"type\":\"event\",\"node\":%ld,\"kind\":\"stand_pat\",\"value\":%d,\"outcome\":\"%s\"}\n",
		qtrace_current(q), value, names[outcome >= 0 && outcome <= 2 ? outcome : 0]);
}

/* A move about to be searched (the next node entered is its child). */
static inline void qtrace_move(qtrace *q, const char *move)
{
	fprintf(q->out, "{\"type\":\"event\",\"node\":%ld,\"kind\":\"move\",\"move\":", qtrace_current(q));
	qtrace_string(q, move);
	fprintf(q->out, "}\n");
}

/* Writes an event with a move (or null) and one integer field. */
static inline void qtrace_event_move_value(qtrace *q, const char *kind, const char *move, const char *key, int value)
{
	fprintf(q->out, "{\"type\":\"event\",\"node\":%ld,\"kind\":\"%s\",\"move\":", qtrace_current(q), kind);
	if (move)
		qtrace_string(q, move);
	else
		fprintf(q->out, "null");
	fprintf(q->out, ",\"%s\":%d}\n", key, value);
}

/* MOVE (NULL: the stand pat) raised alpha to VALUE. */
static inline void qtrace_raise(qtrace *q, const char *move, int value)
{
	qtrace_event_move_value(q, "alpha_raise", move, "value", value);
}

/* MOVE (NULL: the stand pat) failed high with SCORE >= beta. */
static inline void qtrace_cutoff(qtrace *q, const char *move, int score)
{
	qtrace_event_move_value(q, "beta_cutoff", move, "score", score);
}

/* MOVE was skipped by delta pruning: it captures CAPTURED centipawns, the margin is MARGIN. */
static inline void qtrace_delta_prune(qtrace *q, const char *move, int captured, int margin)
{
	fprintf(q->out, "{\"type\":\"event\",\"node\":%ld,\"kind\":\"delta_prune\",\"move\":", qtrace_current(q));
	qtrace_string(q, move);
	fprintf(q->out, ",\"captured\":%d,\"margin\":%d}\n", captured, margin);
}

/* MOVE was skipped by SEE pruning: its static exchange value is SEE (< 0). */
static inline void qtrace_see_prune(qtrace *q, const char *move, int see)
{
	qtrace_event_move_value(q, "see_prune", move, "see", see);
}

/*
 * A leaf: KIND is "mate", "stalemate", "horizon", "qdepth_limit",
 * "ply_limit" or "quiet_leaf"; VALUE the value the node returns.
 */
static inline void qtrace_leaf(qtrace *q, const char *kind, int value)
{
	fprintf(q->out, "{\"type\":\"event\",\"node\":%ld,\"kind\":\"%s\",\"value\":%d}\n", qtrace_current(q), kind,
		value);
}

/* The search stopped here (a node cap, a time limit, an interrupt). */
static inline void qtrace_stopped(qtrace *q)
{
	fprintf(q->out, "{\"type\":\"event\",\"node\":%ld,\"kind\":\"stopped\"}\n", qtrace_current(q));
}

/* Leaves the open node with SCORE; the bound is worked out from its window. */
static inline void qtrace_leave(qtrace *q, int score)
{
	int a, b;

	if (q->depth == 0) {
		q->failed = 1;
		return;
	}
	a = q->alpha[q->depth - 1];
	b = q->beta[q->depth - 1];
	fprintf(q->out, "{\"type\":\"event\",\"node\":%ld,\"kind\":\"leave\",\"score\":%d,\"bound\":\"%s\"}\n",
		qtrace_current(q), score, score >= b ? "lower" : score <= a ? "upper" : "exact");
	q->depth--;
}

/* Ends the trace (the file stays open: close it yourself). Returns 0, or -1 if a write failed or a node was left open. */
static inline int qtrace_close(qtrace *q)
{
	if (fflush(q->out) != 0 || ferror(q->out) || q->depth != 0 || q->failed)
		return -1;
	return 0;
}

#endif
