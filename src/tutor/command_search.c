/*
 * command_search.c: the commands that set the position and the search
 * options, run the search and report on its result.
 */
#include "tutor/command_int.h"

#include <stdlib.h>

#include "teach/explain.h"
#include "teach/horizon.h"
#include "chess/notation.h"
#include "search/variant.h"
#include "search/option.h"

bool command_fen(struct session *s, const char *args, FILE *out, struct error *err)
{
	while (*args == ' ' || *args == '\t')
		args++;
	if (!*args)
		return error_set(err, 0, 0, "fen: expected a FEN, e.g. 'fen %s'", BOARD_START_FEN);
	return command_set_position(s, args, out, err);
}

bool command_move(struct session *s, const char *args, FILE *out, struct error *err)
{
	if (s->game)
		return command_game_move(s, args, out, err);
	if (!session_play(s, args, err))
		return false;
	fprintf(out, "Position now: %s\n", s->fen);
	return true;
}

/* ERR's message after "CMD: ", so that a REPL error names the command, as the others do. */
static bool fail_in(const char *cmd, struct error *err)
{
	char msg[sizeof err->msg];

	snprintf(msg, sizeof msg, "%s", err->msg);
	return error_set(err, err->line, err->column, "%s: %s", cmd, msg);
}

/* Sets one option (for command CMD) and says what the search will now do. */
static bool set_and_report(struct session *s, const char *cmd, const char *name, const char *value, FILE *out,
			   struct error *err)
{
	char desc[256];

	if (!session_set_option(s, name, value, err))
		return fail_in(cmd, err);
	option_describe(&s->opt, false, false, desc, sizeof desc);
	fprintf(out, "Search options: %s%s\n", desc, s->searched ? " (type 'search' to re-run)" : "");
	return true;
}

bool command_mode(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = command_split_words(args, buf, sizeof buf, w);

	struct search_options o;
	char desc[VARIANT_DESC_MAX];

	if (n != 1)
		return error_set(err, 0, 0, "mode: expected a mode such as captures, checks, none, faulty, brute, "
				 "rival or captures+delta=100 (the names of 'compare')");
	/* The same complete variants as compare's sides: the depth stays, the other switches are the mode's. */
	if (!variant_complete(&o, &s->opt, w[0], err))
		return fail_in("mode", err);
	s->opt = o;
	variant_describe(&s->opt, true, desc, sizeof desc);
	fprintf(out, "Search options: mode %s%s\n", desc, s->searched ? " (type 'search' to re-run)" : "");
	return true;
}

bool command_depth(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = command_split_words(args, buf, sizeof buf, w);

	if (n != 1)
		return error_set(err, 0, 0, "depth: expected a whole number from 0 to %d", SEARCH_MAX_DEPTH);
	return set_and_report(s, "depth", "depth", w[0], out, err);
}


bool command_set(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS], names[512];
	int n = command_split_words(args, buf, sizeof buf, w);

	if (n != 2) {
		option_names_text(names, sizeof names);
		return error_set(err, 0, 0, "set: expected OPTION VALUE, e.g. 'set delta on'; options: %s", names);
	}
	return set_and_report(s, "set", w[0], w[1], out, err);
}

bool command_search(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];

	if (command_split_words(args, buf, sizeof buf, w) != 0)
		return error_set(err, 0, 0, "search: takes no arguments (set options with mode, depth, set)");
	session_search(s);
	command_print_result(s, "search ", &s->opt, &s->result, out);
	return true;
}

/*
 * The search a command speaks of: the session's own, or the side of a
 * comparison that has the focus. The session is never changed to run a
 * command on a side: the command reads its search through this view.
 */
struct search_view {
	const struct search_options *opt;
	const struct trace *trace;
	const struct search_result *result;
	int32_t **horizon;      /* the view's cache of horizon values (horizon.h) */
};

/* The view of the session's own search; false (with ERR) when there is none yet. */
static bool own_view(struct session *s, struct search_view *v, struct error *err)
{
	if (!command_need_trace(s, err))
		return false;
	*v = (struct search_view){ &s->opt, s->trace, &s->result, &s->horizon };
	return true;
}

/* The view of the compared side with the focus, after a line that names it. */
static void side_view(struct session *s, struct search_view *v, FILE *out)
{
	struct session_side *sd = &s->side[s->focus_side == 1 ? 1 : 0];

	fprintf(out, "Side %c (%s):\n", 'A' + (s->focus_side == 1), sd->spec);
	*v = (struct search_view){ &sd->opt, sd->trace, &sd->result, &sd->horizon };
}

/* Whether V is a comparison's side: only both sides searched make a comparison to speak of. */
static bool view_of(struct session *s, struct search_view *v, FILE *out, struct error *err)
{
	if (s->comparing && s->side[0].trace && s->side[1].trace) {
		side_view(s, v, out);
		return true;
	}
	return own_view(s, v, err);
}

static void stats_one(struct session *s, const struct search_view *v, FILE *out)
{
	char desc[256], pv[1024] = "";
	struct position pos = s->root;
	size_t used = 0;

	/* A trace opened from another engine's file says whose order and evaluation it holds. */
	option_describe(v->opt, trace_order_other(v->trace), trace_eval_other(v->trace), desc, sizeof desc);
	fprintf(out, "Position: %s\nOptions:  %s\n", s->fen, desc);
	command_print_result(s, "Result:   ", v->opt, v->result, out);
	for (int i = 0; i < v->result->pv_len && used + NOTATION_BUFSIZE < sizeof pv; i++) {
		char san[NOTATION_BUFSIZE];
		struct undo u;

		notation_san(&pos, v->result->pv[i], san);
		used += (size_t)snprintf(pv + used, sizeof pv - used, "%s%s", i ? " " : "", san);
		board_make(&pos, v->result->pv[i], &u);
	}
	fprintf(out, "PV:       %s\nTrace:    %u node%s, %u events%s\n", pv, (unsigned)trace_node_count(v->trace),
		trace_node_count(v->trace) == 1 ? "" : "s",
		(unsigned)trace_event_count(v->trace), trace_stopped(v->trace) ? ", stopped early" : "");
}

/* The horizon comparison of leaf I of V's search (horizon.h). */
static bool view_horizon(struct session *s, const struct search_view *v, uint32_t i, int *st, int *q)
{
	return horizon_leaf(&s->root, v->trace, v->opt, v->horizon, i, st, q);
}

/* Whether 'horizon' lists node I: a horizon leaf in mode none, else a node whose verdict quiescence changed. */
static bool horizon_listed(struct session *s, const struct search_view *v, uint32_t i)
{
	int st, q;

	if (v->opt->mode == QMODE_NONE)
		return view_horizon(s, v, i, &st, &q);
	return cursor_quiescence_changed(v->trace, i);
}

static bool horizon_one(struct session *s, const struct search_view *v, const char *args, FILE *out,
			struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = command_split_words(args, buf, sizeof buf, w), shown = 0;
	long max = 20, more = 0;
	uint32_t i;

	if (n > 1 || (n == 1 && !command_parse_count(w[0], 1000000, &max)))
		return error_set(err, 0, 0, "horizon: expected an optional number of leaves to list");
	if (v->opt->mode == QMODE_NONE)
		fputs("Horizon leaves: the static value the search used, and what a quiescence search "
		      "(mode captures) from there says ('!' marks a difference of 100 or more):\n", out);
	else
		fputs("Horizon nodes where the quiescence search changed the verdict of the static value:\n", out);
	for (i = 0; i < trace_node_count(v->trace) && shown < max; i++) {
		char line[512], a[24], b[24];
		int st, q;

		if (v->opt->mode == QMODE_NONE) {
			if (!view_horizon(s, v, i, &st, &q))
				continue;
			score_format(st, 0, a, sizeof a);
			/* The quiescence value comes from a search rooted at the leaf: a mate counts from there. */
			score_format(q, 0, b, sizeof b);
			cursor_line_text(&s->root, v->trace, i, line, sizeof line);
			fprintf(out, "%c node %u  static %s  quiescence %s  (%s)\n", abs(q - st) >= 100 ? '!' : ' ',
				(unsigned)i, a, b, line);
		} else {
			const struct trace_node nd_v = trace_node_get(v->trace, i), *nd = &nd_v;

			if (!cursor_quiescence_changed(v->trace, i))
				continue;
			score_format(nd->eval, nd->ply, a, sizeof a);
			/* The node's value may be a bound (a cutoff): it keeps its mark. */
			trace_node_value_text(v->trace, i, b, sizeof b);
			cursor_line_text(&s->root, v->trace, i, line, sizeof line);
			fprintf(out, "! node %u  static %s  quiescence %s  (%s)\n", (unsigned)i, a, b, line);
		}
		shown++;
	}
	/* A list cut at MAX says how much is left and how to see it. */
	for (; i < trace_node_count(v->trace); i++)
		more += horizon_listed(s, v, i);
	if (more)
		fprintf(out, "  ... %ld more ('horizon %ld' lists them all)\n", more, shown + more);
	else if (shown == 0)
		fputs("  (none)\n", out);
	return true;
}

bool command_stats(struct session *s, const char *args, FILE *out, struct error *err)
{
	struct search_view v;

	(void)args;
	if (!view_of(s, &v, out, err))
		return false;
	stats_one(s, &v, out);
	return true;
}

bool command_horizon(struct session *s, const char *args, FILE *out, struct error *err)
{
	struct search_view v;

	if (!view_of(s, &v, out, err))
		return false;
	return horizon_one(s, &v, args, out, err);
}
