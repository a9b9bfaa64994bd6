/*
 * command_print.c: the session as text: the board, the event under the
 * cursor, the tree, a search's result line and the open comparison.
 */
#include "tutor/command_int.h"

#include "teach/explain.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "search/variant.h"
#include "search/option.h"

void command_node_san(const struct session *s, const struct trace *t, uint32_t node, char *buf)
{
	struct position pos;
	uint32_t parent;

	if (node >= trace_node_count(t) || trace_node_get(t, node).parent == TRACE_NONE) {
		snprintf(buf, NOTATION_BUFSIZE, "root");
		return;
	}
	parent = trace_node_get(t, node).parent;
	cursor_position_at(&s->root, t, parent, &pos, NULL);
	if (movegen_is_legal(&pos, trace_node_get(t, node).move))
		notation_san(&pos, trace_node_get(t, node).move, buf);
	else
		notation_uci(trace_node_get(t, node).move, buf);
}

/* Prints the result line of a search: score, best move, counts. */
void command_print_result(struct session *s, const char *label, const struct search_options *opt,
			 const struct search_result *r, FILE *out)
{
	char score[48], best[NOTATION_BUFSIZE] = "(none)", stopped[200];
	char mode[VARIANT_DESC_MAX + 24];

	/* A stopped search shows only what is true: the best of the root moves that finished. */
	explain_result_score(r, score, sizeof score);
	explain_result_stop(r, opt, stopped, sizeof stopped);
	if (r->best != MOVE_NONE)
		notation_san(&s->root, r->best, best);
	/* A named variant (faulty, brute, rival) is not just its mode: say which it is. */
	if (variant_name(opt) != NULL) {
		char desc[VARIANT_DESC_MAX];

		variant_describe(opt, false, desc, sizeof desc);
		snprintf(mode, sizeof mode, "%s [%s]", option_mode_name(opt->mode), desc);
	} else {
		snprintf(mode, sizeof mode, "%s", option_mode_name(opt->mode));
	}
	/* Short enough for the tutor's status line: the node count is in the STOPPED part, the cutoffs are not. */
	if (r->stopped && !r->has_score)
		fprintf(out, "%smode %s: %s: no score, no best move (%.0f%% quiescence)\n", label, mode, stopped,
			r->nodes ? 100.0 * (double)r->qnodes / (double)r->nodes : 0.0);
	else if (r->stopped)
		fprintf(out, "%smode %s: %s: score %s, best %s (%.0f%% quiescence)\n", label, mode, stopped, score, best,
			r->nodes ? 100.0 * (double)r->qnodes / (double)r->nodes : 0.0);
	else
		fprintf(out, "%smode %s: score %s, best %s, %llu node%s (%llu quiescence, %.0f%%), cutoffs %llu stand-pat "
			"%llu beta, prunes %llu delta %llu SEE\n",
			label, mode, score, best, (unsigned long long)r->nodes, r->nodes == 1 ? "" : "s",
			(unsigned long long)r->qnodes, r->nodes ? 100.0 * (double)r->qnodes / (double)r->nodes : 0.0,
			(unsigned long long)r->stand_pat_cutoffs, (unsigned long long)r->beta_cutoffs,
			(unsigned long long)r->delta_prunes, (unsigned long long)r->see_prunes);
}

void command_print_board(struct session *s, FILE *out)
{
	struct position pos;
	uint32_t node = s->searched ? session_node(s) : 0;
	move last = MOVE_NONE;
	char line[1024], ev[160], fen[FEN_BUFSIZE];

	if (s->searched && trace_node_count(s->trace) > 0) {
		cursor_position_at(&s->root, s->trace, node, &pos, NULL);
		last = trace_node_get(s->trace, node).move;
	} else {
		pos = s->root;
	}
	fputs("  +------------------------+\n", out);
	for (int rank = 7; rank >= 0; rank--) {
		fprintf(out, "%d |", rank + 1);
		for (int file = 0; file < 8; file++) {
			int sq = SQ_MAKE(file, rank), pc = pos.squares[sq];
			bool hl = last != MOVE_NONE && (sq == MOVE_FROM(last) || sq == MOVE_TO(last));
			char c = pc ? board_piece_char(pc) : ((file + rank) % 2 ? ' ' : '.');

			fprintf(out, "%c%c%c", hl ? '[' : ' ', c, hl ? ']' : ' ');
		}
		fputs("|\n", out);
	}
	fputs("  +------------------------+\n    a  b  c  d  e  f  g  h\n", out);
	fen_format(&pos, fen);
	fprintf(out, "%s to move%s. FEN %s\n", pos.side == WHITE ? "White" : "Black",
		board_in_check(&pos) ? " (in check)" : "", fen);
	if (s->searched && trace_node_count(s->trace) > 0) {
		cursor_line_text(&s->root, s->trace, node, line, sizeof line);
		fprintf(out, "Line: %s\n", line);
	}
	explain_eval(&pos, s->opt.eval, ev, sizeof ev);
	fprintf(out, "Static eval: %s\n", ev);
}

void command_print_event(struct session *s, FILE *out)
{
	char text[1024], line[512];
	uint32_t node;

	if (!s->searched || trace_event_count(s->trace) == 0) {
		fputs("No search yet: type 'search'.\n", out);
		return;
	}
	node = session_node(s);
	cursor_line_text(&s->root, s->trace, node, line, sizeof line);
	explain_event(s->trace, s->event, &s->root, &s->opt, text, sizeof text);
	fprintf(out, "[event %u/%u, %s, node %u: %s] %s\n", (unsigned)s->event + 1,
		(unsigned)trace_event_count(s->trace), trace_kind_name(trace_event_get(s->trace, s->event).kind),
		(unsigned)node, line, text);
}

void command_print_tree(struct session *s, uint32_t node, int max, FILE *out)
{
	struct outline o;
	uint32_t line, end, cur = session_node(s);
	int shown = 0;

	outline_init(&o, s->trace, s->info);
	o.filter = s->filter;
	end = trace_node_get(s->trace, node).end;
	line = outline_line_of(&o, node);
	if (outline_node(&o, line) != node && s->filter != OUTLINE_ALL)
		line = outline_next(&o, trace_node_get(s->trace, node).enter - (node ? 1 : 0));
	for (; line != OUTLINE_NONE && shown < max; line = outline_next(&o, line)) {
		uint32_t n = outline_node(&o, line);
		char san[NOTATION_BUFSIZE], text[256];
		int depth = outline_depth(&o, line) - trace_node_get(s->trace, node).ply;

		if (n < node || n >= end)
			break;
		if (outline_is_prune(&o, line)) {
			struct position pos;

			cursor_position_at(&s->root, s->trace, n, &pos, NULL);
			notation_san(&pos, trace_event_get(s->trace, line).move, san);
			explain_prune_line(s->trace, line, san, text, sizeof text);
		} else {
			command_node_san(s, s->trace, n, san);
			explain_tree_line(s->trace, n, san, NULL, text, sizeof text);
		}
		fprintf(out, "%c%5u %*s%s\n", !outline_is_prune(&o, line) && n == cur ? '>' : ' ',
			(unsigned)n, depth > 30 ? 60 : 2 * depth, "", text);
		shown++;
	}
	if (line != OUTLINE_NONE && shown >= max && outline_node(&o, line) < end && outline_node(&o, line) >= node)
		fprintf(out, "... (more lines: 'tree %u N' shows N lines)\n", (unsigned)node);
	outline_free(&o);
}

/* Writes the open comparison: each side's full variant and result, and where the trees part. */
void command_print_compare(struct session *s, FILE *out)
{
	char line[512];

	for (int i = 0; i < 2; i++) {
		char label[200];

		snprintf(label, sizeof label, "%c (%s): ", 'A' + i, s->side[i].spec);
		command_print_result(s, label, &s->side[i].opt, &s->side[i].result, out);
	}
	if (s->diverge < trace_node_count(s->side[0].trace) || s->diverge < trace_node_count(s->side[1].trace)) {
		const struct trace *t = s->diverge < trace_node_count(s->side[0].trace) ? s->side[0].trace : s->side[1].trace;

		cursor_line_text(&s->root, t, s->diverge, line, sizeof line);
		fprintf(out, "The trees part ways at node %u (%s).\n", (unsigned)s->diverge, line);
	} else {
		fputs("The trees have the same shape.\n", out);
	}
}
