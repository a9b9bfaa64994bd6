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
#include "traceio.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "movegen.h"
#include "notation.h"
#include "util.h"

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

/* A score as text in one of a few rotating buffers, so that one printf can show several. */
static const char *sc(int score)
{
	static char bufs[8][16];
	static int next;
	char *b = bufs[next++ & 7];

	traceio_format_score(score, b, 16);
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

/* Writes TEXT as a JSON string with its quotes, escaping what RFC 8259 requires. */
static void json_string(FILE *out, const char *text)
{
	putc('"', out);
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		switch (*p) {
		case '"': fputs("\\\"", out); break;
		case '\\': fputs("\\\\", out); break;
		case '\b': fputs("\\b", out); break;
		case '\f': fputs("\\f", out); break;
		case '\n': fputs("\\n", out); break;
		case '\r': fputs("\\r", out); break;
		case '\t': fputs("\\t", out); break;
		default:
			if (*p < 0x20)
				fprintf(out, "\\u%04x", *p);
			else
				putc(*p, out);
		}
	}
	putc('"', out);
}

/* A move as a JSON string in UCI, or null for MOVE_NONE. */
static void json_move(FILE *out, move m)
{
	char buf[NOTATION_BUFSIZE];

	if (m == MOVE_NONE) {
		fputs("null", out);
		return;
	}
	notation_uci(m, buf);
	json_string(out, buf);
}

static const char *json_bool(bool b)
{
	return b ? "true" : "false";
}

static void json_options(FILE *out, const struct search_options *opt)
{
	fprintf(out, "\"options\": {\"depth\": %d, \"mode\": ", opt->depth);
	json_string(out, search_mode_name(opt->mode));
	if (opt->check_plies < 0)
		fputs(", \"check_plies\": \"all\"", out);
	else
		fprintf(out, ", \"check_plies\": %d", opt->check_plies);
	if (opt->qdepth < 0)
		fputs(", \"qdepth\": null", out);
	else
		fprintf(out, ", \"qdepth\": %d", opt->qdepth);
	fprintf(out, ", \"delta\": %s, \"delta_margin\": %d, \"see\": %s, \"fail_soft\": %s, "
		"\"stand_pat\": %s, \"evasions\": %s, \"pawn_pushes\": %s, \"order\": ",
		json_bool(opt->delta), opt->delta_margin, json_bool(opt->see), json_bool(opt->fail_soft),
		json_bool(opt->stand_pat), json_bool(opt->evasions), json_bool(opt->pawn_pushes));
	json_string(out, opt->order == ORDER_NONE ? "none" : "mvv-lva");
	fputs(", \"eval\": ", out);
	json_string(out, eval_kind_name(opt->eval));
	fprintf(out, ", \"max_nodes\": %llu}", (unsigned long long)opt->max_nodes);
}

static void json_result(FILE *out, const struct trace *t, const struct position *root,
			const struct search_result *res)
{
	fprintf(out, "\"result\": {\"score\": %d, \"best\": ", res->score);
	json_move(out, res->best);
	fputs(", \"san\": ", out);
	if (res->best != MOVE_NONE && movegen_is_legal(root, res->best)) {
		char san[NOTATION_BUFSIZE];

		notation_san(root, res->best, san);
		json_string(out, san);
	} else {
		fputs("null", out);
	}
	fputs(", \"pv\": [", out);
	for (int i = 0; i < res->pv_len; i++) {
		if (i)
			fputs(", ", out);
		json_move(out, res->pv[i]);
	}
	fprintf(out, "], \"nodes\": %llu, \"qnodes\": %llu, \"stand_pat_cutoffs\": %llu, "
		"\"beta_cutoffs\": %llu, \"delta_prunes\": %llu, \"see_prunes\": %llu, \"stopped\": %s, "
		"\"stopped_at\": ",
		(unsigned long long)res->nodes, (unsigned long long)res->qnodes,
		(unsigned long long)res->stand_pat_cutoffs, (unsigned long long)res->beta_cutoffs,
		(unsigned long long)res->delta_prunes, (unsigned long long)res->see_prunes,
		json_bool(res->stopped));
	if (trace_stopped_at(t) != TRACE_NONE)
		fprintf(out, "%lu}", (unsigned long)trace_stopped_at(t));
	else
		fputs("null}", out);
}

static void json_node(FILE *out, const struct trace *t, uint32_t id, const char *san)
{
	const struct trace_node n_v = trace_node_get(t, id), *n = &n_v;

	fprintf(out, "{\"id\": %lu, \"parent\": ", (unsigned long)id);
	if (n->parent == TRACE_NONE)
		fputs("null", out);
	else
		fprintf(out, "%lu", (unsigned long)n->parent);
	fputs(", \"move\": ", out);
	json_move(out, n->move);
	fputs(", \"san\": ", out);
	if (n->move == MOVE_NONE)
		fputs("null", out);
	else
		json_string(out, san);
	fprintf(out, ", \"ply\": %d, \"qply\": ", n->ply);
	if (n->qply < 0)
		fputs("null", out);
	else
		fprintf(out, "%d", n->qply);
	fprintf(out, ", \"alpha\": %d, \"beta\": %d, \"eval\": %d, \"in_check\": %s, \"score\": %d, "
		"\"bound\": \"%s\", \"pv\": %s, \"children\": [",
		n->alpha, n->beta, n->eval, json_bool(n->flags & TN_IN_CHECK), n->score,
		trace_bound_name(n->bound), json_bool(n->flags & TN_PV));
	for (uint32_t c = trace_first_child(t, id), k = 0; c != TRACE_NONE; c = trace_next_sibling(t, c), k++)
		fprintf(out, "%s%lu", k ? ", " : "", (unsigned long)c);
	fputs("]}", out);
}

static void json_event(FILE *out, const struct trace *t, const struct trace_event *e)
{
	const struct trace_node n_v = trace_node_get(t, e->node), *n = &n_v;

	fprintf(out, "{\"node\": %lu, \"kind\": \"%s\"", (unsigned long)e->node, trace_kind_name(e->kind));
	switch (e->kind) {
	case TE_ENTER:
		fprintf(out, ", \"alpha\": %d, \"beta\": %d", e->v1, e->v2);
		break;
	case TE_MOVE:
		fputs(", \"move\": ", out);
		json_move(out, e->move);
		fprintf(out, ", \"child\": %lu", (unsigned long)trace_child_of_move_event(e));
		break;
	case TE_STAND_PAT:
		fprintf(out, ", \"value\": %d, \"alpha\": %d, \"beta\": %d, \"outcome\": \"%s\"",
			e->v1, n->alpha, n->beta, trace_outcome_name(e->extra));
		break;
	case TE_ALPHA_RAISE:
		fprintf(out, ", \"value\": %d, \"move\": ", e->v1);
		json_move(out, e->move);
		break;
	case TE_BETA_CUTOFF:
		fprintf(out, ", \"score\": %d, \"move\": ", e->v1);
		json_move(out, e->move);
		break;
	case TE_DELTA_PRUNE:
		fputs(", \"move\": ", out);
		json_move(out, e->move);
		fprintf(out, ", \"captured\": %d, \"margin\": %d", e->v1, e->v2);
		break;
	case TE_SEE_PRUNE:
		fputs(", \"move\": ", out);
		json_move(out, e->move);
		fprintf(out, ", \"see\": %d", e->v1);
		break;
	case TE_MATE:
	case TE_STALEMATE:
	case TE_HORIZON:
	case TE_QDEPTH_LIMIT:
	case TE_PLY_LIMIT:
	case TE_QUIET_LEAF:
		fprintf(out, ", \"value\": %d", e->v1);
		break;
	case TE_LEAVE:
		fprintf(out, ", \"score\": %d, \"bound\": \"%s\"", e->v1, trace_bound_name(e->extra));
		break;
	default:
		break;
	}
	putc('}', out);
}

void traceio_write_json(FILE *out, const struct trace *t, const struct position *root,
			const struct search_options *opt, const struct search_result *res)
{
	char fen[FEN_BUFSIZE];
	char *sans = node_sans(t, root);
	struct trace_iter it;
	struct trace_event e;

	fen_format(root, fen);
	fprintf(out, "{\"format\": \"%s\", \"version\": %d, \"fen\": ", TRACEIO_FORMAT, TRACEIO_VERSION);
	json_string(out, fen);
	fputs(",\n", out);
	json_options(out, opt);
	fputs(",\n", out);
	json_result(out, t, root, res);
	fputs(",\n\"nodes\": [", out);
	for (uint32_t i = 0; i < trace_node_count(t); i++) {
		fputs(i ? ",\n" : "\n", out);
		json_node(out, t, i, sans + (size_t)i * NOTATION_BUFSIZE);
	}
	fputs("\n],\n\"events\": [", out);
	trace_iter_init(&it, t, 0);
	while (trace_iter_next(&it, &e)) {
		fputs(it.index ? ",\n" : "\n", out);
		json_event(out, t, &e);
	}
	fputs("\n]}\n", out);
	free(sans);
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
	fprintf(out, "] (a=%s b=%s) eval %s -> %s (%s)\n", sc(n->alpha), sc(n->beta), sc(n->eval),
		sc(n->score), trace_bound_name(n->bound));

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
				fprintf(out, "stand pat %s >= beta %s: cutoff\n", sc(e->v1), sc(n->beta));
			else if (e->extra == TSP_RAISE)
				fprintf(out, "stand pat %s > alpha %s: raises alpha\n", sc(e->v1), sc(alpha));
			else
				fprintf(out, "stand pat %s <= alpha %s: no change\n", sc(e->v1), sc(alpha));
			if (e->extra == TSP_RAISE)
				alpha = e->v1;
			break;
		case TE_ALPHA_RAISE:
			if (e->move == MOVE_NONE)
				fprintf(out, "alpha raised to %s\n", sc(e->v1));
			else
				fprintf(out, "%s: alpha raised to %s\n", mv, sc(e->v1));
			alpha = e->v1;
			break;
		case TE_BETA_CUTOFF:
			fprintf(out, "%s: beta cutoff (%s >= %s)\n", mv, sc(e->v1), sc(n->beta));
			break;
		case TE_DELTA_PRUNE:
			fprintf(out, "%s: delta prune (eval %s + captures %d + margin %d <= alpha %s)\n", mv,
				sc(n->eval), e->v1, e->v2, sc(alpha));
			break;
		case TE_SEE_PRUNE:
			fprintf(out, "%s: SEE prune (SEE %s)\n", mv, sc(e->v1));
			break;
		case TE_MATE:
			fprintf(out, "checkmated: %s\n", sc(e->v1));
			break;
		case TE_STALEMATE:
			fprintf(out, "stalemate: %s\n", sc(e->v1));
			break;
		case TE_HORIZON:
			fprintf(out, "horizon: static value %s returned\n", sc(e->v1));
			break;
		case TE_QDEPTH_LIMIT:
			fprintf(out, "qdepth limit: static value %s returned\n", sc(e->v1));
			break;
		case TE_PLY_LIMIT:
			fprintf(out, "ply limit: static value %s returned\n", sc(e->v1));
			break;
		case TE_QUIET_LEAF:
			fprintf(out, "no stand pat and no move searched: static value %s returned\n", sc(e->v1));
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
	search_options_describe(opt, desc, sizeof desc);
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
	fprintf(out, "result:   best %s (%s), score %s, pv: %s\n", best, uci, sc(res->score),
		pv[0] ? pv : "(empty)");
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
	      "          eval static value -> score (bound); * principal variation, + in check\n\n", out);
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
	fprintf(out, "\\n[%s, %s] eval %s\\n-> %s %s%s%s%s\", shape=%s", sc(n->alpha), sc(n->beta),
		sc(n->eval), sc(n->score), trace_bound_name(n->bound), note ? "\\n" : "", note ? note : "",
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
				fprintf(out, "\\nSEE prune\\nSEE %s", sc(e->v1));
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
	search_options_describe(opt, desc, sizeof desc);
	pv_text(root, res, pv, sizeof pv);
	fputs("digraph quiesce_trace {\n  graph [ordering=out, labelloc=t, fontname=\"Helvetica\", label=\"", out);
	dot_escape(out, fen);
	fputs("\\n", out);
	dot_escape(out, desc);
	fprintf(out, "\\nscore %s, pv: ", sc(res->score));
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
