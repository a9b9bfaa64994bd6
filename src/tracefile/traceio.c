/*
 * traceio.c: writing a search trace as JSON, as a text tree and as a
 * Graphviz graph (tracereader.c reads the JSON back).
 *
 * A node's SAN needs the position before its move, which the trace does not
 * keep: the writers replay the moves from the root. Nodes are numbered in
 * pre-order, so walking them by id with a stack of positions indexed by ply
 * (the position at ply p is the one at ply p - 1 with the node's move made)
 * gives every node's position in one pass.
 */
#include "tracefile/traceio.h"
#include "tracefile/traceio_int.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/score.h"
#include "base/util.h"
#include "search/option.h"

/* The deepest ply a trace can hold: the search stops at SEARCH_MAX_PLY. */
#define STACK_PLIES (SEARCH_MAX_PLY + 2)

/* ------------------------------------------------------------------ helpers */

void traceio_format_score(int score, char *buf, size_t n)
{
	if (score >= SCORE_INF)
		snprintf(buf, n, "+inf");
	else if (score <= -SCORE_INF)
		snprintf(buf, n, "-inf");
	else if (score == 0)
		snprintf(buf, n, "0");
	else
		snprintf(buf, n, "%+d", score);
}

/*
 * A score seen from a node at PLY as text in one of a few rotating buffers,
 * so that one printf can show several: a mate in the one notation of
 * score_format ("#2", "#-1"), any other score as traceio_format_score.
 */
static const char *sc(int score, int ply)
{
	static char bufs[8][16];
	static int next;
	char *b = bufs[next++ & 7];

	if (SCORE_IS_MATE(score) && score < SCORE_INF && score > -SCORE_INF)
		score_format(score, ply, b, 16);
	else
		traceio_format_score(score, b, 16);
	return b;
}

/* A window's edge, as score_format_edge: the end of the scale as "-inf"/"+inf", never "#-0"; buffers as sc. */
static const char *sce(int score, int ply)
{
	static char bufs[8][SCORE_BUFSIZE];
	static int next;
	char *b = bufs[next++ & 7];

	score_format_edge(score, ply, b, sizeof bufs[0]);
	return b;
}

/*
 * The value node ID (N) of T returned, seen from its PLY, with what it is
 * worth (trace_node_value_bound): as sc when exact, and a bound with its mark (">=+50", "<=-100", the end of
 * the scale as "-inf"/"+inf", never "#-0") as score_format_bound.
 */
static const char *sc_node(const struct trace *t, uint32_t id, const struct trace_node *n, int ply)
{
	static char bufs[2][SCORE_BOUND_BUFSIZE];
	static int next;
	char *b = bufs[next++ & 1];
	int bound = trace_node_value_bound(t, id);

	if (bound != TB_LOWER && bound != TB_UPPER)
		return sc(n->score, ply);
	score_format_bound(n->score, ply, bound, false, b, SCORE_BOUND_BUFSIZE);
	return b;
}

/*
 * The SAN of every node's move ("" for the root), NOTATION_BUFSIZE bytes
 * each, replayed from ROOT in id order. A node whose move cannot be replayed
 * (a malformed trace) gets its UCI instead.
 */
static char *node_sans(const struct trace *t, const struct position *root)
{
	char *sans = xcalloc(trace_node_count(t) ? trace_node_count(t) : 1, NOTATION_BUFSIZE);
	struct position *stack = xmalloc(sizeof *stack * STACK_PLIES);

	stack[0] = *root;
	for (uint32_t i = 0; i < trace_node_count(t); i++) {
		const struct trace_node n_v = trace_node_get(t, i), *n = &n_v;
		char *san = sans + (size_t)i * NOTATION_BUFSIZE;
		struct undo u;

		if (n->ply == 0 || n->ply >= STACK_PLIES || n->move == MOVE_NONE) {
			if (n->ply == 0)
				stack[0] = *root;
			if (n->move != MOVE_NONE)
				notation_uci(n->move, san);
			continue;
		}
		stack[n->ply] = stack[n->ply - 1];
		if (!movegen_is_legal(&stack[n->ply], n->move)) {
			notation_uci(n->move, san);
			continue;
		}
		notation_san(&stack[n->ply], n->move, san);
		board_make(&stack[n->ply], n->move, &u);
	}
	free(stack);
	return sans;
}

/* The SAN of M in POS, or its UCI when M is not legal there. */
static void move_text(const struct position *pos, move m, char *buf)
{
	if (m != MOVE_NONE && movegen_is_legal(pos, m))
		notation_san(pos, m, buf);
	else
		notation_uci(m, buf);
}

/* ------------------------------------------------------------------ JSON */

void traceio_json_options(struct wbuf *w, const struct search_options *opt, const struct trace *t)
{
	bool first = true;

	WB(w, "\"options\": {");
	/* Every option of the table with a header key, in the table's order (option.h). */
	for (int i = 0; i < option_count; i++) {
		const struct option_def *d = &option_table[i];
		long long v = option_get(d, opt);

		if (d->key == NULL)
			continue;
		if (!first)
			WB(w, ", ");
		first = false;
		wb_string(w, d->key);
		WB(w, ": ");
		/* A trace read from another engine's file keeps saying whose move order and values it holds. */
		if ((d->offset == offsetof(struct search_options, order) && t && trace_order_other(t)) ||
		    (d->offset == offsetof(struct search_options, eval) && t && trace_eval_other(t))) {
			wb_string(w, "other");
			continue;
		}
		switch (d->type) {
		case OPTION_BOOL:
			wb_bool(w, v != 0);
			break;
		case OPTION_INT:
			if (v < 0 && d->json_word)
				wb_lit(w, d->json_word, strlen(d->json_word));
			else
				wb_int(w, v);
			break;
		case OPTION_CHOICE:
			wb_string(w, d->choices[v]);
			break;
		case OPTION_COUNT:
		case OPTION_SIZE:
			wb_int(w, v);
			break;
		}
	}
	wb_char(w, '}');
}

/* The header's keys: format, version, fen, options (without the braces). */
void traceio_json_header(struct wbuf *w, const struct position *root, int version)
{
	char fen[FEN_BUFSIZE];

	fen_format(root, fen);
	WB(w, "\"format\": ");
	wb_string(w, TRACEIO_FORMAT);
	WB(w, ", \"version\": ");
	wb_int(w, version);
	WB(w, ", \"fen\": ");
	wb_string(w, fen);
}

static void json_counter(struct wbuf *w, const char *key, uint64_t v)
{
	wb_lit(w, key, strlen(key));
	wb_int(w, (long long)v);
}

/* The result's keys (without the braces). */
void traceio_json_result_fields(struct wbuf *w, const struct trace *t, const struct position *root,
				const struct search_result *res)
{
	WB(w, "\"score\": ");
	wb_int(w, res->score);
	WB(w, ", \"best\": ");
	wb_move(w, res->best);
	WB(w, ", \"san\": ");
	if (res->best != MOVE_NONE && movegen_is_legal(root, res->best)) {
		char san[NOTATION_BUFSIZE];

		notation_san(root, res->best, san);
		wb_string(w, san);
	} else {
		WB(w, "null");
	}
	WB(w, ", \"pv\": [");
	for (int i = 0; i < res->pv_len; i++) {
		if (i)
			WB(w, ", ");
		wb_move(w, res->pv[i]);
	}
	wb_char(w, ']');
	json_counter(w, ", \"nodes\": ", res->nodes);
	json_counter(w, ", \"qnodes\": ", res->qnodes);
	json_counter(w, ", \"stand_pat_cutoffs\": ", res->stand_pat_cutoffs);
	json_counter(w, ", \"beta_cutoffs\": ", res->beta_cutoffs);
	json_counter(w, ", \"delta_prunes\": ", res->delta_prunes);
	json_counter(w, ", \"see_prunes\": ", res->see_prunes);
	json_counter(w, ", \"mates\": ", res->mates);
	WB(w, ", \"stopped\": ");
	wb_bool(w, res->stopped);
	/* After a stop, score, best and pv are the best of the root moves that finished (none: score -inf). */
	WB(w, ", \"complete\": ");
	wb_bool(w, !res->stopped);
	json_counter(w, ", \"root_moves\": ", (uint64_t)res->root_moves);
	json_counter(w, ", \"root_moves_done\": ", (uint64_t)res->root_moves_done);
	WB(w, ", \"stopped_at\": ");
	if (trace_stopped_at(t) != TRACE_NONE)
		wb_int(w, trace_stopped_at(t));
	else
		WB(w, "null");
}

/*
 * Node ID's keys (without the braces), its SAN from STACK, the positions
 * along its branch by ply: the position before its move is STACK[ply - 1],
 * and STACK[ply] becomes its own. Nodes come in id order, which is
 * pre-order, so each parent's position is in place when its children come.
 */
static void json_node_fields(struct wbuf *w, const struct trace *t, uint32_t id, struct position *stack)
{
	const struct trace_node n_v = trace_node_get(t, id), *n = &n_v;
	int ply = n->ply;

	WB(w, "\"id\": ");
	wb_int(w, id);
	WB(w, ", \"parent\": ");
	if (n->parent == TRACE_NONE)
		WB(w, "null");
	else
		wb_int(w, n->parent);
	WB(w, ", \"move\": ");
	wb_move(w, n->move);
	WB(w, ", \"san\": ");
	if (n->move == MOVE_NONE || ply == 0 || ply >= STACK_PLIES) {
		WB(w, "null");
	} else {
		char san[NOTATION_BUFSIZE];
		struct undo u;

		stack[ply] = stack[ply - 1];
		notation_san(&stack[ply], n->move, san);
		board_make(&stack[ply], n->move, &u);
		wb_string(w, san);
	}
	WB(w, ", \"ply\": ");
	wb_int(w, ply);
	WB(w, ", \"qply\": ");
	if (n->qply < 0)
		WB(w, "null");
	else
		wb_int(w, n->qply);
	WB(w, ", \"alpha\": ");
	wb_int(w, n->alpha);
	WB(w, ", \"beta\": ");
	wb_int(w, n->beta);
	WB(w, ", \"eval\": ");
	wb_int(w, n->eval);
	WB(w, ", \"in_check\": ");
	wb_bool(w, n->flags & TN_IN_CHECK);
	WB(w, ", \"score\": ");
	wb_int(w, n->score);
	WB(w, ", \"bound\": ");
	if (n->bound == TB_LOWER)
		WB(w, "\"lower\"");
	else if (n->bound == TB_UPPER)
		WB(w, "\"upper\"");
	else
		WB(w, "\"exact\"");
	WB(w, ", \"pv\": ");
	wb_bool(w, n->flags & TN_PV);
	WB(w, ", \"children\": [");
	for (uint32_t c = trace_first_child(t, id), k = 0; c != TRACE_NONE; c = trace_next_sibling(t, c), k++) {
		if (k)
			WB(w, ", ");
		wb_int(w, c);
		wb_room(w);
	}
	wb_char(w, ']');
}

/*
 * The current alpha of each node open as the events are written in order:
 * a stand pat's window is the node's window at that moment, as a reader
 * keeps it (a raise, by a move or by the stand pat, sets alpha), so a
 * second stand pat after a raise is written with the raised alpha.
 */
struct alphas {
	int16_t *a;
	size_t n, cap;
};

/* Follows event E: returns the current alpha of E's node (after an enter, its window's). */
static int alphas_follow(struct alphas *s, const struct trace_event *e)
{
	int cur;

	if (e->kind == TE_ENTER) {
		if (s->n == s->cap) {
			s->cap = s->cap ? 2 * s->cap : 64;
			s->a = xrealloc(s->a, sizeof *s->a * s->cap);
		}
		s->a[s->n++] = e->v1;
	}
	if (s->n == 0)
		return -SCORE_INF;
	cur = s->a[s->n - 1];
	if (e->kind == TE_ALPHA_RAISE || (e->kind == TE_STAND_PAT && e->extra == TSP_RAISE))
		s->a[s->n - 1] = e->v1;
	else if (e->kind == TE_LEAVE)
		s->n--;
	return cur;
}

/* The keys of a futility, recapture or evasion prune E (the modern techniques), after its kind. */
static void json_modern_prune(struct wbuf *w, const struct trace_event *e)
{
	WB(w, ", \"move\": ");
	wb_move(w, e->move);
	if (e->kind == TE_FUTILITY_PRUNE) {
		const char *rule = e->extra < 2 ? trace_futility_rule_names()[e->extra] : "value";

		WB(w, ", \"rule\": \"");
		wb_lit(w, rule, strlen(rule));
		if (e->extra == TFP_SEE)
			WB(w, "\", \"see\": ");
		else
			WB(w, "\", \"captured\": ");
		wb_int(w, e->v1);
		WB(w, ", \"margin\": ");
		wb_int(w, e->v2);
	} else if (e->kind == TE_EVASION_PRUNE) {
		WB(w, ", \"best\": ");
		wb_int(w, e->v1);
		WB(w, ", \"searched\": ");
		wb_int(w, e->v2);
	}
}

/* Event E's keys (without the braces); ALPHA is its node's current alpha (alphas_follow). */
static void json_event_fields(struct wbuf *w, const struct trace *t, const struct trace_event *e, int alpha)
{
	const struct trace_node n_v = trace_node_get(t, e->node), *n = &n_v;
	const char *kind = trace_kind_name(e->kind);

	WB(w, "\"node\": ");
	wb_int(w, e->node);
	WB(w, ", \"kind\": \"");
	wb_lit(w, kind, strlen(kind));
	wb_char(w, '"');
	switch (e->kind) {
	case TE_ENTER:
		WB(w, ", \"alpha\": ");
		wb_int(w, e->v1);
		WB(w, ", \"beta\": ");
		wb_int(w, e->v2);
		break;
	case TE_MOVE:
		WB(w, ", \"move\": ");
		wb_move(w, e->move);
		WB(w, ", \"child\": ");
		wb_int(w, trace_child_of_move_event(e));
		break;
	case TE_STAND_PAT:
		WB(w, ", \"value\": ");
		wb_int(w, e->v1);
		WB(w, ", \"alpha\": ");
		wb_int(w, alpha);
		WB(w, ", \"beta\": ");
		wb_int(w, n->beta);
		WB(w, ", \"outcome\": \"");
		wb_lit(w, trace_outcome_name(e->extra), strlen(trace_outcome_name(e->extra)));
		wb_char(w, '"');
		break;
	case TE_ALPHA_RAISE:
		WB(w, ", \"value\": ");
		wb_int(w, e->v1);
		WB(w, ", \"move\": ");
		wb_move(w, e->move);
		break;
	case TE_BETA_CUTOFF:
		WB(w, ", \"score\": ");
		wb_int(w, e->v1);
		WB(w, ", \"move\": ");
		wb_move(w, e->move);
		break;
	case TE_DELTA_PRUNE:
		WB(w, ", \"move\": ");
		wb_move(w, e->move);
		WB(w, ", \"captured\": ");
		wb_int(w, e->v1);
		WB(w, ", \"margin\": ");
		wb_int(w, e->v2);
		break;
	case TE_SEE_PRUNE:
		WB(w, ", \"move\": ");
		wb_move(w, e->move);
		WB(w, ", \"see\": ");
		wb_int(w, e->v1);
		/* The SEE threshold (--see-margin), when there is one: 0 is left out, as traces before it. */
		if (e->v2 != 0) {
			WB(w, ", \"threshold\": ");
			wb_int(w, e->v2);
		}
		break;
	case TE_FUTILITY_PRUNE:
	case TE_RECAPTURE_PRUNE:
	case TE_EVASION_PRUNE:
		json_modern_prune(w, e);
		break;
	case TE_MATE:
	case TE_STALEMATE:
	case TE_HORIZON:
	case TE_QDEPTH_LIMIT:
	case TE_PLY_LIMIT:
	case TE_QUIET_LEAF:
		WB(w, ", \"value\": ");
		wb_int(w, e->v1);
		break;
	case TE_LEAVE:
		WB(w, ", \"score\": ");
		wb_int(w, e->v1);
		WB(w, ", \"bound\": \"");
		wb_lit(w, trace_bound_name(e->extra), strlen(trace_bound_name(e->extra)));
		wb_char(w, '"');
		break;
	case TE_STOPPED:
		if (e->extra)
			WB(w, ", \"interrupted\": true");
		break;
	case TE_TT_CUTOFF:
		WB(w, ", \"value\": ");
		wb_int(w, e->v1);
		WB(w, ", \"bound\": ");
		wb_string(w, trace_bound_name(e->extra));
		if (e->v2 != TRACE_TT_DEPTH_NONE) {
			WB(w, ", \"depth\": ");
			wb_int(w, e->v2);
		}
		break;
	case TE_DRAW:
		WB(w, ", \"value\": ");
		wb_int(w, e->v1);
		WB(w, ", \"reason\": ");
		wb_string(w, trace_draw_reason_name(e->extra));
		break;
	case TE_EXTENSION:
		WB(w, ", \"plies\": ");
		wb_int(w, e->v1);
		WB(w, ", \"reason\": ");
		wb_string(w, trace_extension_reason_name(e->extra));
		break;
	case TE_NULL_MOVE:
		WB(w, ", \"value\": ");
		wb_int(w, e->v1);
		WB(w, ", \"reduction\": ");
		wb_int(w, e->v2);
		break;
	default:
		break;
	}
}

void traceio_write_json(FILE *out, const struct trace *t, const struct position *root,
			const struct search_options *opt, const struct search_result *res)
{
	struct wbuf w = { out, xmalloc(WBUF_SIZE), 0 };
	struct position *stack = xmalloc(sizeof *stack * STACK_PLIES);
	struct trace_iter it;
	struct trace_event e;
	struct alphas al = { 0 };

	stack[0] = *root;
	wb_char(&w, '{');
	traceio_json_header(&w, root, TRACEIO_VERSION_FULL);
	WB(&w, ",\n");
	traceio_json_options(&w, opt, t);
	traceio_json_declared(&w, t);
	WB(&w, ",\n\"result\": {");
	traceio_json_result_fields(&w, t, root, res);
	WB(&w, "},\n\"nodes\": [");
	for (uint32_t i = 0; i < trace_node_count(t); i++) {
		wb_room(&w);
		if (i)
			wb_char(&w, ',');
		WB(&w, "\n{");
		json_node_fields(&w, t, i, stack);
		wb_char(&w, '}');
	}
	WB(&w, "\n],\n\"events\": [");
	for (trace_iter_init(&it, t, 0); trace_iter_next(&it, &e);) {
		wb_room(&w);
		if (it.index)
			wb_char(&w, ',');
		WB(&w, "\n{");
		json_event_fields(&w, t, &e, alphas_follow(&al, &e));
		wb_char(&w, '}');
	}
	WB(&w, "\n]}\n");
	wb_flush(&w);
	free(al.a);
	free(stack);
	free(w.buf);
}

void traceio_write_jsonl(FILE *out, const struct trace *t, const struct position *root,
			 const struct search_options *opt, const struct search_result *res)
{
	struct wbuf w = { out, xmalloc(WBUF_SIZE), 0 };
	struct position *stack = xmalloc(sizeof *stack * STACK_PLIES);
	struct trace_iter it;
	struct trace_event ev;
	struct alphas al = { 0 };

	stack[0] = *root;
	wb_char(&w, '{');
	traceio_json_header(&w, root, TRACEIO_VERSION_FULL);
	WB(&w, ", ");
	traceio_json_options(&w, opt, t);
	traceio_json_declared(&w, t);
	WB(&w, "}\n");
	/* Each node's record comes just before its enter event. */
	for (trace_iter_init(&it, t, 0); trace_iter_next(&it, &ev);) {
		const struct trace_event *e = &ev;

		wb_room(&w);
		if (e->kind == TE_ENTER) {
			WB(&w, "{\"type\": \"node\", ");
			json_node_fields(&w, t, e->node, stack);
			WB(&w, "}\n");
			wb_room(&w);
		}
		WB(&w, "{\"type\": \"event\", ");
		json_event_fields(&w, t, e, alphas_follow(&al, e));
		WB(&w, "}\n");
	}
	wb_room(&w);
	WB(&w, "{\"type\": \"result\", ");
	traceio_json_result_fields(&w, t, root, res);
	WB(&w, "}\n");
	wb_flush(&w);
	free(al.a);
	free(stack);
	free(w.buf);
}

/* ------------------------------------------------------------------ text */

/* Writes the principal variation in SAN, separated by spaces. */
static void pv_text(const struct position *root, const struct search_result *res, char *buf, size_t n)
{
	struct position pos = *root;
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < res->pv_len && used < n; i++) {
		char text[NOTATION_BUFSIZE];
		struct undo u;

		move_text(&pos, res->pv[i], text);
		used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? " " : "", text);
		if (!movegen_is_legal(&pos, res->pv[i]))
			break;
		board_make(&pos, res->pv[i], &u);
	}
}

struct text_walk {
	FILE *out;
	const struct trace *t;
	const struct search_options *opt;
	const char *sans;
};

static void indent(FILE *out, int ply)
{
	for (int i = 0; i < ply; i++)
		fputs("  ", out);
}

/* Prints node N (whose position is POS) and, in order, its own events and its children. */
static void text_node(const struct text_walk *w, uint32_t id, const struct position *pos)
{
	const struct trace *t = w->t;
	const struct trace_node n_v = trace_node_get(t, id), *n = &n_v;
	FILE *out = w->out;
	int alpha = n->alpha;   /* the node's alpha as its events change it */
	int ply = n->ply;

	indent(out, ply);
	fprintf(out, "#%lu%s%s %s [", (unsigned long)id, n->flags & TN_PV ? "*" : "",
		n->flags & TN_IN_CHECK ? "+" : "", id == 0 ? "root" : w->sans + (size_t)id * NOTATION_BUFSIZE);
	if (n->qply < 0)
		fprintf(out, "main d%d", w->opt->depth - ply);
	else
		fprintf(out, "q%d", n->qply);
	fprintf(out, "] (a=%s b=%s) eval %s -> %s (%s)\n", sce(n->alpha, ply), sce(n->beta, ply), sc(n->eval, ply),
		sc_node(t, id, n, ply), trace_bound_name(trace_node_value_bound(t, id)));

	for (uint32_t ev = trace_node_next_event(t, id, n->enter); ev != TRACE_NONE;
	     ev = trace_node_next_event(t, id, ev)) {
		const struct trace_event e_v = trace_event_get(t, ev), *e = &e_v;
		char mv[NOTATION_BUFSIZE];

		if (e->kind == TE_LEAVE)
			break;
		if (e->kind == TE_MOVE) {
			uint32_t child = trace_child_of_move_event(e);

			if (child < trace_node_count(t) && trace_node_get(t, child).parent == id) {
				struct position next = *pos;
				struct undo u;

				if (movegen_is_legal(&next, e->move))
					board_make(&next, e->move, &u);
				text_node(w, child, &next);
			}
			continue;
		}
		move_text(pos, e->move, mv);
		indent(out, ply + 1);
		fputs("- ", out);
		switch (e->kind) {
		case TE_STAND_PAT:
			if (e->extra == TSP_CUTOFF)
				fprintf(out, "stand pat %s >= beta %s: cutoff\n", sc(e->v1, ply), sce(n->beta, ply));
			else if (e->extra == TSP_RAISE)
				fprintf(out, "stand pat %s > alpha %s: raises alpha\n", sc(e->v1, ply), sc(alpha, ply));
			else
				fprintf(out, "stand pat %s <= alpha %s: no change\n", sc(e->v1, ply), sc(alpha, ply));
			if (e->extra == TSP_RAISE)
				alpha = e->v1;
			break;
		case TE_ALPHA_RAISE:
			if (e->move == MOVE_NONE)
				fprintf(out, "alpha raised to %s\n", sc(e->v1, ply));
			else
				fprintf(out, "%s: alpha raised to %s\n", mv, sc(e->v1, ply));
			alpha = e->v1;
			break;
		case TE_BETA_CUTOFF:
			fprintf(out, "%s: beta cutoff (%s >= %s)\n", mv, sc(e->v1, ply), sce(n->beta, ply));
			break;
		case TE_DELTA_PRUNE:
			fprintf(out, "%s: delta prune (eval %s + captures %d + margin %d <= alpha %s)\n", mv,
				sc(n->eval, ply), e->v1, e->v2, sc(alpha, ply));
			break;
		case TE_SEE_PRUNE:
			if (e->v2)
				fprintf(out, "%s: SEE prune (SEE %s < -%d)\n", mv, sc(e->v1, ply), e->v2);
			else
				fprintf(out, "%s: SEE prune (SEE %s)\n", mv, sc(e->v1, ply));
			break;
		case TE_FUTILITY_PRUNE:
			if (e->extra == TFP_SEE)
				fprintf(out, "%s: futility prune (eval %s + margin %d <= alpha %s, SEE %d <= 0)\n", mv,
					sc(n->eval, ply), e->v2, sc(alpha, ply), e->v1);
			else
				fprintf(out, "%s: futility prune (eval %s + margin %d + captures %d <= alpha %s)\n", mv,
					sc(n->eval, ply), e->v2, e->v1, sc(alpha, ply));
			break;
		case TE_RECAPTURE_PRUNE:
			fprintf(out, "%s: recapture prune (not a recapture, qply %d)\n", mv, n->qply);
			break;
		case TE_EVASION_PRUNE:
			fprintf(out, "%s: evasion prune (quiet, after %d evasions, best %s)\n", mv, e->v2, sc(e->v1, ply));
			break;
		case TE_MATE:
			fprintf(out, "checkmated: %s\n", sc(e->v1, ply));
			break;
		case TE_STALEMATE:
			fprintf(out, "stalemate: %s\n", sc(e->v1, ply));
			break;
		case TE_HORIZON:
			fprintf(out, "horizon: static value %s returned\n", sc(e->v1, ply));
			break;
		case TE_QDEPTH_LIMIT:
			fprintf(out, "qdepth limit: static value %s returned\n", sc(e->v1, ply));
			break;
		case TE_PLY_LIMIT:
			fprintf(out, "ply limit: static value %s returned\n", sc(e->v1, ply));
			break;
		case TE_QUIET_LEAF:
			fprintf(out, "no stand pat and no move searched: static value %s returned\n", sc(e->v1, ply));
			break;
		case TE_STOPPED:
			fprintf(out, "STOPPED here: %s\n", e->extra ? "interrupted" : "node cap reached");
			break;
		default:
			fprintf(out, "%s\n", trace_kind_name(e->kind));
			break;
		}
	}
}

void traceio_write_text(FILE *out, const struct trace *t, const struct position *root,
			const struct search_options *opt, const struct search_result *res)
{
	char fen[FEN_BUFSIZE], desc[256], pv[2048], best[NOTATION_BUFSIZE], uci[NOTATION_BUFSIZE];
	struct text_walk w = { out, t, opt, NULL };

	fen_format(root, fen);
	option_describe(opt, trace_order_other(t), trace_eval_other(t), desc, sizeof desc);
	pv_text(root, res, pv, sizeof pv);
	if (res->best != MOVE_NONE) {
		move_text(root, res->best, best);
		notation_uci(res->best, uci);
	} else {
		strcpy(best, "(none)");
		strcpy(uci, "-");
	}
	fprintf(out, "position: %s\n", fen);
	fprintf(out, "search:   %s\n", desc);
	if (!res->stopped)
		fprintf(out, "result:   best %s (%s), score %s, pv: %s\n", best, uci, sc(res->score, 0),
			pv[0] ? pv : "(empty)");
	else if (!res->has_score)
		fprintf(out, "result:   INCOMPLETE: no root move finished, so no best move and no score\n");
	else
		/* The best of the root moves that finished: a lower bound, never a mate distance. */
		fprintf(out, "result:   INCOMPLETE: best of %d/%d root moves searched: best %s (%s), score at least %+d, pv: %s\n",
			res->root_moves_done, res->root_moves, best, uci, res->score, pv[0] ? pv : "(empty)");
	fprintf(out, "nodes:    %llu (quiescence %llu); cutoffs: %llu stand-pat, %llu beta; "
		"prunes: %llu delta, %llu SEE\n",
		(unsigned long long)res->nodes, (unsigned long long)res->qnodes,
		(unsigned long long)res->stand_pat_cutoffs, (unsigned long long)res->beta_cutoffs,
		(unsigned long long)res->delta_prunes, (unsigned long long)res->see_prunes);
	if (res->stopped) {
		fprintf(out, "STOPPED after %llu nodes", (unsigned long long)res->nodes);
		if (res->memory_full || res->interrupted) {
			char why[96];

			search_stop_reason(res, opt, why, sizeof why);
			fprintf(out, " (%s)", why);
		} else if (opt->max_nodes) {
			fprintf(out, " (--max-nodes %llu)", (unsigned long long)opt->max_nodes);
		}
		if (trace_stopped_at(t) != TRACE_NONE)
			fprintf(out, ": the trace is cut at node #%lu", (unsigned long)trace_stopped_at(t));
		fputc('\n', out);
	}
	fputs("legend:   #id SAN [main dN: N plies left | qK: quiescence ply K] (a=alpha b=beta)\n"
	      "          eval static value -> score (bound); * principal variation, + in check\n"
	      "          a bound is marked: >=V at least V (a cutoff), <=V at most V (no move beat alpha)\n", out);
	/* The mate notation is explained where it appears (a score "#2" is not node #2). */
	for (uint32_t i = 0; i < trace_node_count(t); i++) {
		int v = trace_node_get(t, i).score;

		if (trace_node_get(t, i).leave != TRACE_NONE && SCORE_IS_MATE(v) && v < SCORE_INF && v > -SCORE_INF) {
			fputs("          a score #N mates in N moves, #-N is mated in N (the side to move at the node)\n", out);
			break;
		}
	}
	fputc('\n', out);
	if (trace_node_count(t) == 0) {
		fputs("(the trace is empty)\n", out);
		return;
	}
	w.sans = node_sans(t, root);
	text_node(&w, 0, root);
	free((char *)w.sans);
}

/* ------------------------------------------------------------------ DOT */

/* Writes TEXT inside a DOT double-quoted string (the quotes are the caller's). */
static void dot_escape(FILE *out, const char *text)
{
	for (const char *p = text; *p; p++) {
		if (*p == '"' || *p == '\\')
			putc('\\', out);
		putc(*p, out);
	}
}

struct dot_walk {
	FILE *out;
	const struct trace *t;
	const struct search_options *opt;
	const char *sans;
};

static void dot_node(const struct dot_walk *w, uint32_t id, const struct position *pos)
{
	const struct trace *t = w->t;
	const struct trace_node n_v = trace_node_get(t, id), *n = &n_v;
	FILE *out = w->out;
	const char *fill = NULL, *shape = n->qply < 0 ? "box" : "ellipse", *note = NULL;
	bool cutoff = false, stopped = false;
	uint32_t last_child = TRACE_NONE, cut_child = TRACE_NONE;
	char style[64];

	/* First pass over the node's own events: what marks the node itself. */
	for (uint32_t ev = n->enter; ev != TRACE_NONE; ev = trace_node_next_event(t, id, ev)) {
		const struct trace_event e_v = trace_event_get(t, ev), *e = &e_v;

		switch (e->kind) {
		case TE_STAND_PAT:
			if (e->extra == TSP_CUTOFF) {
				shape = "doubleoctagon";
				fill = "lightblue";
				note = "stand pat cutoff";
			}
			break;
		case TE_MOVE:
			last_child = trace_child_of_move_event(e);
			break;
		case TE_BETA_CUTOFF:
			cutoff = true;
			cut_child = last_child;
			break;
		case TE_MATE:
			fill = "pink";
			note = "checkmated";
			break;
		case TE_STALEMATE:
			fill = "lightgrey";
			note = "stalemate";
			break;
		case TE_HORIZON:
		case TE_QDEPTH_LIMIT:
		case TE_PLY_LIMIT:
		case TE_QUIET_LEAF:
			fill = "lightyellow";
			note = e->kind == TE_HORIZON ? "horizon" : e->kind == TE_QDEPTH_LIMIT ? "qdepth limit" :
			       e->kind == TE_PLY_LIMIT ? "ply limit" : "quiet leaf";
			break;
		case TE_STOPPED:
			stopped = true;
			fill = "orange";
			break;
		default:
			break;
		}
	}
	snprintf(style, sizeof style, "%s%s%s", fill ? "filled" : "",
		 fill && (n->flags & TN_PV) ? "," : "", n->flags & TN_PV ? "bold" : "");

	fprintf(out, "  n%lu [label=\"#%lu ", (unsigned long)id, (unsigned long)id);
	dot_escape(out, id == 0 ? "root" : w->sans + (size_t)id * NOTATION_BUFSIZE);
	if (n->qply < 0)
		fprintf(out, "\\nmain d%d", w->opt->depth - n->ply);
	else
		fprintf(out, "\\nq%d", n->qply);
	if (n->flags & TN_IN_CHECK)
		fputs(" in check", out);
	/* The value with what it is worth, as the text tree writes it (a bound with its mark). */
	fprintf(out, "\\n[%s, %s] eval %s\\n-> %s %s%s%s%s\", shape=%s", sce(n->alpha, n->ply), sce(n->beta, n->ply),
		sc(n->eval, n->ply), sc_node(w->t, id, n, n->ply), trace_bound_name(trace_node_value_bound(w->t, id)),
		note ? "\\n" : "", note ? note : "",
		stopped ? "\\nSTOPPED" : "", shape);
	if (style[0])
		fprintf(out, ", style=\"%s\"", style);
	if (fill)
		fprintf(out, ", fillcolor=%s", fill);
	if (n->flags & TN_PV)
		fputs(", penwidth=3", out);
	if (cutoff)
		fputs(", color=red", out);
	fputs("];\n", out);

	/* Second pass: the children and the pruned moves, in the order they were met. */
	for (uint32_t ev = trace_node_next_event(t, id, n->enter); ev != TRACE_NONE;
	     ev = trace_node_next_event(t, id, ev)) {
		const struct trace_event e_v = trace_event_get(t, ev), *e = &e_v;
		char mv[NOTATION_BUFSIZE];

		if (e->kind == TE_MOVE) {
			uint32_t child = trace_child_of_move_event(e);
			struct position next = *pos;
			struct undo u;

			if (child >= trace_node_count(t) || trace_node_get(t, child).parent != id)
				continue;
			fprintf(out, "  n%lu -> n%lu", (unsigned long)id, (unsigned long)child);
			if (child == cut_child)
				fputs(" [color=red, penwidth=2, label=\"cutoff\", fontcolor=red]", out);
			else if (trace_node_get(t, child).flags & TN_PV && n->flags & TN_PV)
				fputs(" [penwidth=3]", out);
			fputs(";\n", out);
			if (movegen_is_legal(&next, e->move))
				board_make(&next, e->move, &u);
			dot_node(w, child, &next);
		} else if (e->kind == TE_DELTA_PRUNE || e->kind == TE_SEE_PRUNE) {
			move_text(pos, e->move, mv);
			fprintf(out, "  p%lu [label=\"", (unsigned long)ev);
			dot_escape(out, mv);
			if (e->kind == TE_DELTA_PRUNE)
				fprintf(out, "\\ndelta prune\\ncaptures %d, margin %d", e->v1, e->v2);
			else
				fprintf(out, "\\nSEE prune\\nSEE %s", sc(e->v1, n->ply));
			fputs("\", shape=box, style=\"dashed,filled\", fillcolor=grey95, color=grey50, "
			      "fontcolor=grey40, fontsize=8];\n", out);
			fprintf(out, "  n%lu -> p%lu [style=dashed, color=grey50];\n", (unsigned long)id,
				(unsigned long)ev);
		}
	}
}

void traceio_write_dot(FILE *out, const struct trace *t, const struct position *root,
		       const struct search_options *opt, const struct search_result *res)
{
	char fen[FEN_BUFSIZE], desc[256], pv[2048];
	struct dot_walk w = { out, t, opt, NULL };

	fen_format(root, fen);
	option_describe(opt, trace_order_other(t), trace_eval_other(t), desc, sizeof desc);
	pv_text(root, res, pv, sizeof pv);
	fputs("digraph quiesce_trace {\n  graph [ordering=out, labelloc=t, fontname=\"Helvetica\", label=\"", out);
	dot_escape(out, fen);
	fputs("\\n", out);
	dot_escape(out, desc);
	if (res->stopped && !res->has_score)
		fprintf(out, "\\nINCOMPLETE: no root move finished, pv: ");
	else if (res->stopped)
		fprintf(out, "\\nINCOMPLETE: best of %d/%d root moves, score at least %+d, pv: ", res->root_moves_done,
			res->root_moves, res->score);
	else
		fprintf(out, "\\nscore %s, pv: ", sc(res->score, 0));
	dot_escape(out, pv[0] ? pv : "(empty)");
	fprintf(out, "\\n%llu nodes (quiescence %llu)%s\"];\n", (unsigned long long)res->nodes,
		(unsigned long long)res->qnodes, res->stopped ? ", STOPPED" : "");
	fputs("  node [fontname=\"Helvetica\", fontsize=10];\n"
	      "  edge [fontname=\"Helvetica\", fontsize=9];\n", out);
	if (trace_node_count(t) > 0) {
		w.sans = node_sans(t, root);
		dot_node(&w, 0, root);
		free((char *)w.sans);
	}
	fputs("}\n", out);
}
