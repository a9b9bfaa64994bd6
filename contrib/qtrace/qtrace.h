/*
 * qtrace.h: write your chess engine's search as a quiesce trace.
 *
 * A single header in plain C99 with no dependency beyond <stdio.h>. It writes
 * the compact JSON Lines form of the quiesce trace format, version 3
 * (quiesce-trace(5), COMPACT RECORDS: about 60 bytes a node): a header line
 * with the position, the options your search follows and what it does
 * besides (transposition table, extensions, ...), then one short array per
 * event, in the order your search makes them. The trace can then be opened
 * in quiesce's tutor (":open FILE"), checked against the search rules
 * ("quiesce check-trace FILE", or "--scope quiescence" for the quiescence
 * search alone) and compared with quiesce's own search ("quiesce diff FILE
 * --reference").
 *
 * Use:
 *
 *	#include "qtrace.h"
 *
 *	qtrace qt;
 *	FILE *f = fopen("mine.jsonl", "w");
 *	qtrace_open_declared(&qt, f, fen,
 *		"\"depth\":4,\"mode\":\"captures\",\"fail_soft\":true,\"eval\":\"other\",\"order\":\"other\"",
 *		"\"tt\":true,\"extensions\":true,\"draws\":true,\"null_move\":true,\"research\":true",
 *		"myengine 1.0");
 *	qtrace_set_scale(&qt, 30000, 29000);           your infinity and your mate score
 *	... in your search, at each step (moves in UCI: "e2e4", "e7e8q"):
 *	qtrace_enter(&qt, uci_or_NULL_at_root, alpha, beta, static_eval, qply);
 *	qtrace_tt_cutoff(&qt, value, QTRACE_LOWER);        a table hit that ends the node
 *	qtrace_draw(&qt, "repetition");                    a draw that ends the node (scored 0)
 *	qtrace_null_move(&qt, value, reduction);           a null move searched (then maybe:)
 *	qtrace_cutoff(&qt, NULL, value);                   ... the cutoff by it
 *	qtrace_stand_pat(&qt, value, QTRACE_RAISE);        the outcome your search gave it
 *	qtrace_extension(&qt, 1, "check");                 the next move's child goes 1 ply deeper
 *	qtrace_move(&qt, "e4d5");                          after the legality test, before the search
 *	qtrace_raise(&qt, "e4d5", new_alpha);              after it, if it raised alpha
 *	qtrace_cutoff(&qt, "e4d5", score);                 or if it failed high
 *	qtrace_delta_prune(&qt, "a2a3", captured, margin);
 *	qtrace_see_prune(&qt, "d1d7", see);
 *	qtrace_leaf(&qt, "mate", -(MYMATE - ply));         "mate", "stalemate", "qdepth_limit", ...
 *	qtrace_leave(&qt, score);                          every node entered is left
 *	qtrace_close(&qt);                                 0, or -1 if a write failed
 *
 * The options string is the inside of the header's "options" object (JSON,
 * without the braces); the keys are those of quiesce-trace(5): depth, mode,
 * check_plies, qdepth, delta, delta_margin, see, fail_soft, stand_pat,
 * evasions, pawn_pushes, order, eval, max_nodes. Declare "eval":"other" when
 * your evaluation is not one of quiesce's: the values you give are then
 * taken as they are. The declarations string is the inside of the header's
 * "declares" (quiesce-trace(5), DECLARATIONS): tt, extensions, draws,
 * null_move, research, quiet_promotions, underpromotions.
 *
 * Scores are centipawns from the side to move's view. quiesce's scale has
 * infinity 32500 and a mate found at ply P worth -(32000 - P) for the side
 * mated; qtrace_set_scale(INF, MATE) maps yours onto it (your +-INF to
 * +-32500, your -(MATE - P) to -(32000 - P), everything else as it is), so
 * you pass your engine's own values everywhere.
 *
 * Which search to trace: one iteration of your iterative deepening (the
 * last, or the one you are debugging), with its aspiration window as the
 * root's window; the depth in the options is that iteration's.
 *
 * Where qtrace_move goes: after the move is found legal (an engine with
 * pseudo-legal generation calls it after the make-and-test, never for a
 * move it takes back as illegal) and before the child's qtrace_enter.
 *
 * Node ids are not written: each enter is the next node, a child of the node
 * open, by its last move. The calls must nest like the search: enter, its
 * decisions and its children, leave. The writer keeps the open nodes on a
 * stack of QTRACE_MAX_PLY entries (define it larger before including the
 * header if your search goes deeper).
 *
 * All functions are static: include the header in the one file that writes.
 */
#ifndef QTRACE_H
#define QTRACE_H

#include <limits.h>
#include <stdio.h>
#include <string.h>

#ifndef QTRACE_MAX_PLY
#define QTRACE_MAX_PLY 256
#endif

/* "Not given": pass it for the static evaluation or the quiescence ply you do not want to write. */
#define QTRACE_UNKNOWN INT_MIN

/* quiesce's scale: infinity and the mate score (a mate at ply P is -(QTRACE_MATE - P)). */
#define QTRACE_INF 32500
#define QTRACE_MATE 32000

/* The stand pat's outcome. */
enum { QTRACE_NONE = 0, QTRACE_RAISE = 1, QTRACE_CUTOFF = 2 };
/* A stored bound (qtrace_tt_cutoff). */
enum { QTRACE_EXACT = 0, QTRACE_LOWER = 1, QTRACE_UPPER = 2 };

typedef struct qtrace {
	FILE *out;
	int depth;                    /* open nodes */
	int alpha[QTRACE_MAX_PLY];    /* their windows at entry (quiesce's scale) */
	int beta[QTRACE_MAX_PLY];
	int cur[QTRACE_MAX_PLY];      /* their alpha as raised so far */
	char last[QTRACE_MAX_PLY][8]; /* their last move, "" before any */
	int moved;                    /* a move event was written since the last enter or leave */
	int inf, mate;                /* the engine's scale (qtrace_set_scale) */
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

/*
 * Your engine's scale: INF its infinity (a window bound) and MATE its mate
 * score (a mate at ply P is -(MATE - P) for the side mated). Every score
 * given after this call is mapped onto quiesce's scale. By default the scale
 * is quiesce's own (32500, 32000).
 */
static inline void qtrace_set_scale(qtrace *q, int inf, int mate)
{
	q->inf = inf;
	q->mate = mate;
}

/* V, one of the engine's scores, on quiesce's scale. */
static inline int qtrace_score(const qtrace *q, int v)
{
	int a = v < 0 ? -v : v, s = v < 0 ? -1 : 1;

	if (a >= q->inf)
		return s * QTRACE_INF;
	if (q->mate - a >= 0 && q->mate - a < QTRACE_MAX_PLY)   /* a mate, MATE - |v| plies away */
		return s * (QTRACE_MATE - (q->mate - a));
	if (a > QTRACE_MATE - QTRACE_MAX_PLY)                  /* a value beyond the mate range: kept in it */
		return s * (QTRACE_MATE - QTRACE_MAX_PLY);
	return v;
}

/*
 * Starts a trace on OUT: the header line with the root position FEN, the
 * options OPTIONS (the inside of a JSON object, "" for quiesce's defaults),
 * the declarations DECLARES (the inside of the "declares" object, or NULL
 * for none) and ENGINE (your engine's name and version, or NULL). Returns
 * 0, or -1 if the write failed.
 */
static inline int qtrace_open_declared(qtrace *q, FILE *out, const char *fen, const char *options,
				       const char *declares, const char *engine)
{
	q->out = out;
	q->depth = 0;
	q->moved = 0;
	q->failed = 0;
	q->inf = QTRACE_INF;
	q->mate = QTRACE_MATE;
	fprintf(out, "{\"format\":\"quiesce-trace\",\"version\":3,\"fen\":");
	qtrace_string(q, fen);
	fprintf(out, ",\"options\":{%s}", options ? options : "");
	if (declares)
		fprintf(out, ",\"declares\":{%s}", declares);
	if (engine) {
		fprintf(out, ",\"engine\":");
		qtrace_string(q, engine);
	}
	fprintf(out, "}\n");
	return ferror(out) ? -1 : 0;
}

/* The same without declarations. */
static inline int qtrace_open(qtrace *q, FILE *out, const char *fen, const char *options, const char *engine)
{
	return qtrace_open_declared(q, out, fen, options, NULL, engine);
}

/* Writes the move event of MOVE (the next node entered is its child). */
static inline void qtrace_move(qtrace *q, const char *move)
{
	fprintf(q->out, "[\"move\",");
	qtrace_string(q, move);
	fprintf(q->out, "]\n");
	if (q->depth > 0) {
		strncpy(q->last[q->depth - 1], move, sizeof q->last[0] - 1);
		q->last[q->depth - 1][sizeof q->last[0] - 1] = '\0';
	}
	q->moved = 1;
}

/*
 * Enters a node: MOVE is the UCI move that leads to it from the open node
 * (NULL for the root; its move event is written here if qtrace_move was not
 * called), (ALPHA, BETA) the window it is searched with, EVAL its static
 * evaluation and QPLY its quiescence ply (-1 in the main search); either
 * may be QTRACE_UNKNOWN. The window is written only where it is not the one
 * a reader derives (the parent's negated, alpha as raised so far; the
 * root's (-inf, +inf)): an aspiration window, a null-window scout.
 */
static inline void qtrace_enter(qtrace *q, const char *move, int alpha, int beta, int eval, int qply)
{
	int a = qtrace_score(q, alpha), b = qtrace_score(q, beta), da, db, any = 0;

	if (q->depth > 0 && !q->moved && move)
		qtrace_move(q, move);
	da = q->depth > 0 ? -q->beta[q->depth - 1] : -QTRACE_INF;
	db = q->depth > 0 ? -q->cur[q->depth - 1] : QTRACE_INF;
	fprintf(q->out, "[\"enter\"");
	if (a != da || b != db) {
		fprintf(q->out, ",{\"alpha\":%d,\"beta\":%d", a, b);
		any = 1;
	}
	if (eval != QTRACE_UNKNOWN) {
		fprintf(q->out, "%s\"eval\":%d", any ? "," : ",{", qtrace_score(q, eval));
		any = 1;
	}
	if (qply != QTRACE_UNKNOWN) {
		if (qply < 0)
			fprintf(q->out, "%s\"qply\":null", any ? "," : ",{");
		else
			fprintf(q->out, "%s\"qply\":%d", any ? "," : ",{", qply);
		any = 1;
	}
	fprintf(q->out, "%s]\n", any ? "}" : "");
	q->moved = 0;
	if (q->depth < QTRACE_MAX_PLY) {
		q->alpha[q->depth] = a;
		q->beta[q->depth] = b;
		q->cur[q->depth] = a;
		q->last[q->depth][0] = '\0';
		q->depth++;
	} else {
		q->failed = 1;
	}
}

/* The open node's current alpha and beta (quiesce's scale). */
static inline int qtrace_cur_alpha(const qtrace *q)
{
	return q->depth > 0 ? q->cur[q->depth - 1] : -QTRACE_INF;
}

static inline int qtrace_cur_beta(const qtrace *q)
{
	return q->depth > 0 ? q->beta[q->depth - 1] : QTRACE_INF;
}

/* The stand pat: VALUE, the static value, and what it did (QTRACE_NONE, QTRACE_RAISE, QTRACE_CUTOFF). */
static inline void qtrace_stand_pat(qtrace *q, int value, int outcome)
{
	static const char *const names[] = { "none", "raise", "cutoff" };
	int v = qtrace_score(q, value);
	int derived = v >= qtrace_cur_beta(q) ? QTRACE_CUTOFF : v > qtrace_cur_alpha(q) ? QTRACE_RAISE : QTRACE_NONE;

	if (outcome < 0 || outcome > 2)
		outcome = QTRACE_NONE;
	if (outcome == derived)
		fprintf(q->out, "[\"stand_pat\",%d]\n", v);
	else
		fprintf(q->out, "[\"stand_pat\",%d,{\"outcome\":\"%s\"}]\n", v, names[outcome]);
	if (outcome == QTRACE_RAISE && q->depth > 0)
		q->cur[q->depth - 1] = v;
}

/* Writes a raise or a cutoff of VALUE by MOVE (NULL: not by a move), naming the move when it is not the last one. */
static inline void qtrace_raise_or_cut(qtrace *q, const char *kind, const char *move, int value)
{
	const char *last = q->depth > 0 ? q->last[q->depth - 1] : "";

	fprintf(q->out, "[\"%s\",%d", kind, qtrace_score(q, value));
	if (move == NULL && last[0] != '\0')
		fprintf(q->out, ",{\"move\":null}");
	else if (move != NULL && strcmp(move, last) != 0) {
		fprintf(q->out, ",{\"move\":");
		qtrace_string(q, move);
		putc('}', q->out);
	}
	fprintf(q->out, "]\n");
}

/* MOVE (NULL: the stand pat) raised alpha to VALUE. */
static inline void qtrace_raise(qtrace *q, const char *move, int value)
{
	qtrace_raise_or_cut(q, "alpha_raise", move, value);
	if (q->depth > 0)
		q->cur[q->depth - 1] = qtrace_score(q, value);
}

/* MOVE (NULL: the stand pat, or the null move just searched) failed high with SCORE >= beta. */
static inline void qtrace_cutoff(qtrace *q, const char *move, int score)
{
	qtrace_raise_or_cut(q, "beta_cutoff", move, score);
}

/* MOVE was skipped by delta pruning: it captures CAPTURED centipawns, the margin is MARGIN. */
static inline void qtrace_delta_prune(qtrace *q, const char *move, int captured, int margin)
{
	fprintf(q->out, "[\"delta_prune\",");
	qtrace_string(q, move);
	fprintf(q->out, ",{\"captured\":%d,\"margin\":%d}]\n", captured, margin);
}

/* MOVE was skipped by SEE pruning: its static exchange value is SEE (< 0). */
static inline void qtrace_see_prune(qtrace *q, const char *move, int see)
{
	fprintf(q->out, "[\"see_prune\",");
	qtrace_string(q, move);
	fprintf(q->out, ",{\"see\":%d}]\n", see);
}

/*
 * A leaf: KIND is "mate", "stalemate", "horizon", "qdepth_limit",
 * "ply_limit" or "quiet_leaf"; VALUE the value the node returns.
 */
static inline void qtrace_leaf(qtrace *q, const char *kind, int value)
{
	if (strcmp(kind, "mate") == 0 || strcmp(kind, "stalemate") == 0)
		fprintf(q->out, "[\"%s\",{\"value\":%d}]\n", kind, qtrace_score(q, value));
	else
		fprintf(q->out, "[\"%s\",%d]\n", kind, qtrace_score(q, value));
}

/*
 * A transposition-table hit that ends the node (declare "tt"): VALUE the
 * stored value, BOUND what it is (QTRACE_EXACT, QTRACE_LOWER: at least it,
 * QTRACE_UPPER: at most it). The node then leaves with the value (clamped to
 * its window if you fail hard).
 */
static inline void qtrace_tt_cutoff(qtrace *q, int value, int bound)
{
	static const char *const names[] = { "exact", "lower", "upper" };

	fprintf(q->out, "[\"tt_cutoff\",%d,{\"bound\":\"%s\"}]\n", qtrace_score(q, value),
		names[bound >= 0 && bound <= 2 ? bound : 0]);
}

/* A draw that ends the node, scored 0 (declare "draws"): REASON "repetition", "fifty" or "other". */
static inline void qtrace_draw(qtrace *q, const char *reason)
{
	fprintf(q->out, "[\"draw\",{\"reason\":");
	qtrace_string(q, reason ? reason : "other");
	fprintf(q->out, "}]\n");
}

/*
 * The next move's child is searched PLIES deeper than the depth left
 * (negative: a reduction, such as LMR) for REASON ("check", "one_reply",
 * "reduction", "other"); call it before qtrace_move (declare "extensions").
 * An engine that extends a node in check when it enters it calls it in the
 * parent, before the move that gives the check.
 */
static inline void qtrace_extension(qtrace *q, int plies, const char *reason)
{
	fprintf(q->out, "[\"extension\",%d,{\"reason\":", plies);
	qtrace_string(q, reason ? reason : (plies < 0 ? "reduction" : "other"));
	fprintf(q->out, "}]\n");
}

/*
 * A null move was searched with reduction REDUCTION and gave VALUE for the
 * node (the side to move's view: the negated value of the null-move
 * search); its own nodes are not traced (declare "null_move"). If VALUE
 * reaches beta and the node cuts off, call qtrace_cutoff(q, NULL, VALUE).
 */
static inline void qtrace_null_move(qtrace *q, int value, int reduction)
{
	fprintf(q->out, "[\"null_move\",%d,{\"reduction\":%d}]\n", qtrace_score(q, value), reduction);
}

/* The search stopped here (a node cap, a time limit, an interrupt). */
static inline void qtrace_stopped(qtrace *q)
{
	fprintf(q->out, "[\"stopped\"]\n");
}

/* Leaves the open node with SCORE (its bound follows from the window it was entered with). */
static inline void qtrace_leave(qtrace *q, int score)
{
	if (q->depth == 0) {
		q->failed = 1;
		return;
	}
	fprintf(q->out, "[\"leave\",%d]\n", qtrace_score(q, score));
	q->depth--;
	q->moved = 0;
}

/* Ends the trace (the file stays open: close it yourself). Returns 0, or -1 if a write failed or a node was left open. */
static inline int qtrace_close(qtrace *q)
{
	if (fflush(q->out) != 0 || ferror(q->out) || q->depth != 0 || q->failed)
		return -1;
	return 0;
}

#endif
