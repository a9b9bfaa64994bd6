/*
 * traceio_lines.c: the compact forms of a trace (version 3): JSON Lines,
 * and the JSON document whose "events" are the same records.
 *
 * Each event is one short array, ["kind", required values...], and the
 * fields a reader derives are left out (quiesce-trace(5), COMPACT RECORDS):
 * the node an event belongs to is the innermost node open, a node's id is
 * the next one, its parent the node open when it is entered and its move that
 * node's last move event; windows, outcomes, bounds and the moves of raises
 * and cutoffs follow from the events before them. The writer works the
 * derived values out as it goes, as a reader will, and writes a value
 * whenever it is not the one derived (in an object at the end of the array),
 * so that nothing the trace holds is lost: a trace read back from this form
 * is the trace written.
 */
#include "tracefile/traceio.h"
#include "tracefile/traceio_int.h"

#include <stdlib.h>

#include "chess/board.h"
#include "chess/eval.h"
#include "chess/score.h"
#include "chess/see.h"
#include "base/util.h"

/* STACK_PLIES as the reader's: the deepest a trace goes. */
#define LINES_PLIES (SEARCH_MAX_PLY + 2)

/* What the writer knows of a node open, to tell what a reader will derive. */
struct open_node {
	uint32_t id;
	int alpha, beta;     /* the window at entry */
	int cur_alpha;       /* alpha as raised since */
	move last_move;      /* its last move event, MOVE_NONE before any */
	int ply, qply;
	int searched;        /* its move events so far (an evasion prune's "searched") */
};

/* Starts the optional object at the end of an array, or its next member. */
static void opt_key(struct wbuf *w, bool *open, const char *key, size_t klen)
{
	if (*open)
		WB(w, ",\"");
	else
		WB(w, ",{\"");
	*open = true;
	wb_lit(w, key, klen);
	WB(w, "\":");
}

#define OPT(w, open, key) opt_key((w), (open), (key), sizeof(key) - 1)

/*
 * The compact record of a futility, recapture or evasion prune E of node
 * TOP, at position P (NULL when too deep to replay): the move, a futility
 * prune's rule and an evasion prune's best by position; the captured value
 * or SEE, the margin and the evasions searched only when they are not what
 * a reader derives from P, the options OPT and the node's move events.
 */
static void lines_modern_prune(struct wbuf *w, bool *open, const struct trace_event *e, const struct open_node *top,
			       const struct position *p, const struct search_options *opt)
{
	WB(w, ",");
	wb_move(w, e->move);
	if (e->kind == TE_FUTILITY_PRUNE) {
		bool by_see = e->extra == TFP_SEE;
		const char *rule = trace_futility_rule_names()[by_see];
		int derived = p == NULL ? INT32_MIN : by_see ? see_move(p, e->move) : board_captured_value(p, e->move);

		WB(w, ",\"");
		wb_lit(w, rule, strlen(rule));
		wb_char(w, '"');
		if (e->v1 != derived) {
			if (by_see)
				OPT(w, open, "see");
			else
				OPT(w, open, "captured");
			wb_int(w, e->v1);
		}
		if (e->v2 != opt->futility_margin) {
			OPT(w, open, "margin");
			wb_int(w, e->v2);
		}
	} else if (e->kind == TE_EVASION_PRUNE) {
		WB(w, ",");
		wb_int(w, e->v1);
		if (top == NULL || e->v2 != top->searched) {
			OPT(w, open, "searched");
			wb_int(w, e->v2);
		}
	}
}

/*
 * A node's quiescence ply as a reader derives it from the options: its
 * parent's plus one under a quiescence node, else 0 from the first ply at
 * or beyond the depth (PLY - depth), -1 (the main search) in mode none or
 * before the depth.
 */
static int derived_qply(const struct search_options *opt, int parent_qply, bool has_parent, int ply)
{
	if (!has_parent)
		return opt->mode != QMODE_NONE && opt->depth == 0 ? 0 : -1;
	if (parent_qply >= 0)
		return parent_qply + 1;
	return opt->mode != QMODE_NONE && ply >= opt->depth ? ply - opt->depth : -1;
}

/*
 * Writes the compact records of T's events, one a line: in JSON Lines each
 * ends its line, in the document (DOCUMENT) they are the elements of an
 * array, a comma and a newline between two. A trace always fits the form:
 * the search and the reader both keep every event inside its node's enter
 * and leave, and a node's parent is the node open when it is entered, by
 * its last move.
 */
static void compact_records(struct wbuf *w, const struct trace *t, const struct position *root,
			    const struct search_options *opt, bool document)
{
	struct open_node *st = xmalloc(sizeof *st * LINES_PLIES);
	struct position *pos = xmalloc(sizeof *pos * LINES_PLIES);
	int depth = 0;
	bool first = true;
	struct trace_iter it;
	struct trace_event ev;

	for (trace_iter_init(&it, t, 0); trace_iter_next(&it, &ev);) {
		const struct trace_event *e = &ev;
		struct open_node *top = depth > 0 ? &st[depth - 1] : NULL;
		bool open = false;

		wb_room(w);
		if (document && !first)
			wb_char(w, ',');
		if (document)
			wb_char(w, '\n');
		first = false;
		if (e->kind == TE_ENTER) {
			const struct trace_node n = trace_node_get(t, e->node);
			struct undo u;
			int alpha = top ? -top->beta : -SCORE_INF, beta = top ? -top->cur_alpha : SCORE_INF;

			/* The node's position, as a reader replays it, for the evaluation it derives (its move was checked when recorded). */
			if (depth < LINES_PLIES) {
				pos[depth] = depth > 0 ? pos[depth - 1] : *root;
				if (depth > 0)
					board_make(&pos[depth], n.move, &u);
			}
			wb_lit(w, "[\"", 2);
			wb_lit(w, trace_kinds[TE_ENTER].name, strlen(trace_kinds[TE_ENTER].name));
			wb_char(w, '"');
			if (e->v1 != alpha || e->v2 != beta) {
				OPT(w, &open, "alpha");
				wb_int(w, e->v1);
				OPT(w, &open, "beta");
				wb_int(w, e->v2);
			}
			/*
			 * What a trace read in may hold that is not quiesce's (another
			 * engine's evaluation, its quiescence plies) is given, as the
			 * node's record would. Under "eval": "other" a reader takes a
			 * node's evaluation from its first decision rather than
			 * quiesce's: every node gives its own.
			 */
			if (trace_eval_other(t) || depth >= LINES_PLIES || n.eval != eval_static(&pos[depth], opt->eval)) {
				OPT(w, &open, "eval");
				wb_int(w, n.eval);
			}
			if (n.qply != derived_qply(opt, top ? top->qply : -1, top != NULL, n.ply)) {
				OPT(w, &open, "qply");
				if (n.qply < 0)
					WB(w, "null");
				else
					wb_int(w, n.qply);
			}
			if (depth < LINES_PLIES)
				st[depth++] = (struct open_node){ e->node, e->v1, e->v2, e->v1, MOVE_NONE, n.ply, n.qply, 0 };
		} else {
			const char *kind = trace_kind_name(e->kind);

			wb_lit(w, "[\"", 2);
			wb_lit(w, kind, strlen(kind));
			wb_char(w, '"');
			switch (e->kind) {
			case TE_STAND_PAT: {
				int outcome = e->v1 >= top->beta ? TSP_CUTOFF : e->v1 > top->cur_alpha ? TSP_RAISE : TSP_NONE;

				WB(w, ",");
				wb_int(w, e->v1);
				if (e->extra != outcome) {
					const char *name = trace_outcome_name(e->extra);

					OPT(w, &open, "outcome");
					wb_char(w, '"');
					wb_lit(w, name, strlen(name));
					wb_char(w, '"');
				}
				/* A raise sets alpha (the reader's rule), whatever the outcome said. */
				if (e->extra == TSP_RAISE)
					top->cur_alpha = e->v1;
				break;
			}
			case TE_MOVE:
				WB(w, ",");
				wb_move(w, e->move);
				top->last_move = e->move;
				top->searched++;
				break;
			case TE_ALPHA_RAISE:
			case TE_BETA_CUTOFF:
				WB(w, ",");
				wb_int(w, e->v1);
				if (e->move != top->last_move) {
					OPT(w, &open, "move");
					wb_move(w, e->move);
				}
				if (e->kind == TE_ALPHA_RAISE)
					top->cur_alpha = e->v1;
				break;
			case TE_DELTA_PRUNE:
			case TE_SEE_PRUNE: {
				/* The captured value, the margin and the SEE as a reader derives them, from the position and the options. */
				const struct position *p = depth > 0 && depth <= LINES_PLIES ? &pos[depth - 1] : NULL;

				WB(w, ",");
				wb_move(w, e->move);
				if (e->kind == TE_DELTA_PRUNE) {
					int captured = p == NULL ? -1 : board_captured_value(p, e->move);

					if (e->v1 != captured) {
						OPT(w, &open, "captured");
						wb_int(w, e->v1);
					}
					if (e->v2 != opt->delta_margin) {
						OPT(w, &open, "margin");
						wb_int(w, e->v2);
					}
				} else if (p == NULL || e->v1 != see_move(p, e->move)) {
					OPT(w, &open, "see");
					wb_int(w, e->v1);
				}
				if (e->kind == TE_SEE_PRUNE && e->v2 != 0) {
					OPT(w, &open, "threshold");
					wb_int(w, e->v2);
				}
				break;
			}
			case TE_FUTILITY_PRUNE:
			case TE_RECAPTURE_PRUNE:
			case TE_EVASION_PRUNE:
				lines_modern_prune(w, &open, e, top, depth > 0 && depth <= LINES_PLIES ? &pos[depth - 1] : NULL, opt);
				break;
			case TE_MATE:
				if (e->v1 != -(SCORE_MATE - top->ply)) {
					OPT(w, &open, "value");
					wb_int(w, e->v1);
				}
				break;
			case TE_STALEMATE:
				if (e->v1 != 0) {
					OPT(w, &open, "value");
					wb_int(w, e->v1);
				}
				break;
			case TE_HORIZON:
			case TE_QDEPTH_LIMIT:
			case TE_PLY_LIMIT:
			case TE_QUIET_LEAF:
				WB(w, ",");
				wb_int(w, e->v1);
				break;
			case TE_LEAVE:
				WB(w, ",");
				wb_int(w, e->v1);
				if (e->extra != trace_bound_of(e->v1, top->alpha, top->beta)) {
					const char *name = trace_bound_name(e->extra);

					OPT(w, &open, "bound");
					wb_char(w, '"');
					wb_lit(w, name, strlen(name));
					wb_char(w, '"');
				}
				if (depth > 0)
					depth--;
				break;
			case TE_STOPPED:
				if (e->extra)
					WB(w, ",{\"interrupted\":true}");
				break;
			case TE_TT_CUTOFF:
				WB(w, ",");
				wb_int(w, e->v1);
				if (e->extra != trace_bound_of(e->v1, top->cur_alpha, top->beta)) {
					const char *name = trace_bound_name(e->extra);

					OPT(w, &open, "bound");
					wb_char(w, '"');
					wb_lit(w, name, strlen(name));
					wb_char(w, '"');
				}
				if (e->v2 != TRACE_TT_DEPTH_NONE) {
					OPT(w, &open, "depth");
					wb_int(w, e->v2);
				}
				break;
			case TE_DRAW:
				if (e->v1 != 0) {
					OPT(w, &open, "value");
					wb_int(w, e->v1);
				}
				if (e->extra != TDR_OTHER) {
					OPT(w, &open, "reason");
					wb_char(w, '"');
					wb_lit(w, trace_draw_reason_name(e->extra), strlen(trace_draw_reason_name(e->extra)));
					wb_char(w, '"');
				}
				break;
			case TE_EXTENSION:
				WB(w, ",");
				wb_int(w, e->v1);
				if (e->extra != (e->v1 < 0 ? TXR_REDUCTION : TXR_OTHER)) {
					OPT(w, &open, "reason");
					wb_char(w, '"');
					wb_lit(w, trace_extension_reason_name(e->extra), strlen(trace_extension_reason_name(e->extra)));
					wb_char(w, '"');
				}
				break;
			case TE_NULL_MOVE:
				WB(w, ",");
				wb_int(w, e->v1);
				if (e->v2 != 0) {
					OPT(w, &open, "reduction");
					wb_int(w, e->v2);
				}
				break;
			default:
				break;
			}
		}
		if (open)
			wb_char(w, '}');
		if (document)
			wb_char(w, ']');
		else
			WB(w, "]\n");
	}
	free(pos);
	free(st);
}

void traceio_json_declared(struct wbuf *w, const struct trace *t)
{
	struct trace_declared d;

	trace_get_declared(t, &d);
	if (!trace_declared_any(&d))
		return;
	WB(w, ", \"declares\": {\"tt\": ");
	wb_bool(w, d.tt);
	WB(w, ", \"extensions\": ");
	wb_bool(w, d.extensions);
	WB(w, ", \"draws\": ");
	wb_bool(w, d.draws);
	WB(w, ", \"null_move\": ");
	wb_bool(w, d.null_move);
	WB(w, ", \"research\": ");
	wb_bool(w, d.research);
	WB(w, ", \"quiet_promotions\": ");
	wb_bool(w, d.quiet_promotions);
	WB(w, ", \"underpromotions\": ");
	wb_bool(w, d.underpromotions);
	wb_char(w, '}');
}

void traceio_write_jsonl_compact(FILE *out, const struct trace *t, const struct position *root,
				 const struct search_options *opt, const struct search_result *res)
{
	struct wbuf w = { out, xmalloc(WBUF_SIZE), 0 };

	wb_char(&w, '{');
	traceio_json_header(&w, root, TRACEIO_VERSION);
	WB(&w, ", ");
	traceio_json_options(&w, opt, t);
	traceio_json_declared(&w, t);
	WB(&w, "}\n");
	compact_records(&w, t, root, opt, false);
	wb_room(&w);
	WB(&w, "{\"type\": \"result\", ");
	traceio_json_result_fields(&w, t, root, res);
	WB(&w, "}\n");
	wb_flush(&w);
	free(w.buf);
}

void traceio_write_json_compact(FILE *out, const struct trace *t, const struct position *root,
				const struct search_options *opt, const struct search_result *res)
{
	struct wbuf w = { out, xmalloc(WBUF_SIZE), 0 };

	wb_char(&w, '{');
	traceio_json_header(&w, root, TRACEIO_VERSION);
	WB(&w, ",\n");
	traceio_json_options(&w, opt, t);
	traceio_json_declared(&w, t);
	WB(&w, ",\n\"result\": {");
	traceio_json_result_fields(&w, t, root, res);
	WB(&w, "},\n\"events\": [");
	compact_records(&w, t, root, opt, true);
	wb_room(&w);
	WB(&w, "\n]}\n");
	wb_flush(&w);
	free(w.buf);
}
