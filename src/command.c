/* command.c: the tutor's command table, its parser, its help and its completions. */
#include "command.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "atomicfile.h"
#include "explain.h"
#include "fen.h"
#include "game.h"
#include "movegen.h"
#include "notation.h"
#include "pgn.h"
#include "tour.h"
#include "traceio.h"
#include "tracecheck.h"
#include "tracediff.h"
#include "tracereader.h"
#include "inputfile.h"
#include "util.h"
#include "variant.h"

#define MAX_WORDS 16

/* Splits ARGS (copied into BUF) into blank-separated words; returns their count. */
static int split_words(const char *args, char *buf, size_t n, char **words)
{
	char *save = NULL, *w;
	int count = 0;

	snprintf(buf, n, "%s", args);
	for (w = strtok_r(buf, " \t\r\n", &save); w && count < MAX_WORDS; w = strtok_r(NULL, " \t\r\n", &save))
		words[count++] = w;
	return count;
}

/* Reads a whole number from 0 to MAX. */
static bool parse_count(const char *text, long max, long *out)
{
	char *end;
	long v;

	if (!text || !isdigit((unsigned char)*text))
		return false;
	errno = 0;
	v = strtol(text, &end, 10);
	if (errno || *end || v > max)
		return false;
	*out = v;
	return true;
}

/* Fails unless a search has been run since the position or options last changed. */
static bool need_trace(struct session *s, struct error *err)
{
	if (!s->searched || trace_event_count(s->trace) == 0)
		return error_set(err, 0, 0, "no search yet: type 'search' first");
	return true;
}

void command_node_san(const struct session *s, const struct trace *t, uint32_t node, char *buf)
{
	struct position pos;
	uint32_t parent;

	if (node >= trace_node_count(t) || trace_node_get(t, node).parent == TRACE_NONE) {
		snprintf(buf, NOTATION_BUFSIZE, "root");
		return;
	}
	parent = trace_node_get(t, node).parent;
	session_position_at(&s->root, t, parent, &pos, NULL);
	if (movegen_is_legal(&pos, trace_node_get(t, node).move))
		notation_san(&pos, trace_node_get(t, node).move, buf);
	else
		notation_uci(trace_node_get(t, node).move, buf);
}

/* Prints the result line of a search: score, best move, counts. */
static void print_result(struct session *s, const char *label, const struct search_options *opt,
			 const struct search_result *r, FILE *out)
{
	char score[24], best[NOTATION_BUFSIZE] = "(none)", why[96] = "", stopped[112] = "";
	char mode[VARIANT_DESC_MAX + 24];

	explain_score(r->score, score, sizeof score);
	if (r->stopped) {
		search_stop_reason(r, opt, why, sizeof why);
		snprintf(stopped, sizeof stopped, " (STOPPED: %s)", r->memory_full || r->interrupted ? why : "node cap");
	}
	if (r->best != MOVE_NONE)
		notation_san(&s->root, r->best, best);
	/* A named variant (faulty, brute, rival) is not just its mode: say which it is. */
	if (variant_name(opt) != NULL) {
		char desc[VARIANT_DESC_MAX];

		variant_describe(opt, false, desc, sizeof desc);
		snprintf(mode, sizeof mode, "%s [%s]", search_mode_name(opt->mode), desc);
	} else {
		snprintf(mode, sizeof mode, "%s", search_mode_name(opt->mode));
	}
	fprintf(out, "%smode %s: score %s, best %s, %llu nodes (%llu quiescence, %.0f%%), cutoffs %llu stand-pat "
		"%llu beta, prunes %llu delta %llu SEE%s\n",
		label, mode, score, best, (unsigned long long)r->nodes,
		(unsigned long long)r->qnodes, r->nodes ? 100.0 * (double)r->qnodes / (double)r->nodes : 0.0,
		(unsigned long long)r->stand_pat_cutoffs, (unsigned long long)r->beta_cutoffs,
		(unsigned long long)r->delta_prunes, (unsigned long long)r->see_prunes,
		stopped);
}

void command_print_board(struct session *s, FILE *out)
{
	struct position pos;
	uint32_t node = s->searched ? session_node(s) : 0;
	move last = MOVE_NONE;
	char line[1024], ev[160], fen[FEN_BUFSIZE];

	if (s->searched && trace_node_count(s->trace) > 0) {
		session_position_at(&s->root, s->trace, node, &pos, NULL);
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
		session_line_text(&s->root, s->trace, node, line, sizeof line);
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
	session_line_text(&s->root, s->trace, node, line, sizeof line);
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

			session_position_at(&s->root, s->trace, n, &pos, NULL);
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

/* ---------------------------------------------------------------- the commands */

static bool cmd_help(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = split_words(args, buf, sizeof buf, w);

	(void)s;
	return command_help(n ? w[0] : NULL, out, err);
}

static bool cmd_fen(struct session *s, const char *args, FILE *out, struct error *err)
{
	while (*args == ' ' || *args == '\t')
		args++;
	if (!*args)
		return error_set(err, 0, 0, "fen: expected a FEN, e.g. 'fen %s'", BOARD_START_FEN);
	if (!session_set_fen(s, args, err))
		return false;
	fprintf(out, "Position set: %s\n", s->fen);
	return true;
}

static bool game_move(struct session *s, const char *args, FILE *out, struct error *err);

static bool cmd_move(struct session *s, const char *args, FILE *out, struct error *err)
{
	if (s->game)
		return game_move(s, args, out, err);
	if (!session_play(s, args, err))
		return false;
	fprintf(out, "Position now: %s\n", s->fen);
	return true;
}

/* Sets one option and says what the search will now do. */
static bool set_and_report(struct session *s, const char *name, const char *value, FILE *out, struct error *err)
{
	char desc[256];

	if (!session_set_option(s, name, value, err))
		return false;
	search_options_describe(&s->opt, desc, sizeof desc);
	fprintf(out, "Search options: %s%s\n", desc, s->searched ? " (type 'search' to re-run)" : "");
	return true;
}

static bool cmd_mode(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = split_words(args, buf, sizeof buf, w);

	struct search_options o;
	char desc[VARIANT_DESC_MAX];

	if (n != 1)
		return error_set(err, 0, 0, "mode: expected a mode such as captures, checks, none, faulty, brute, "
				 "rival or captures+delta=100 (the names of 'compare')");
	/* The same complete variants as compare's sides: the depth stays, the other switches are the mode's. */
	if (!variant_complete(&o, &s->opt, w[0], err))
		return false;
	s->opt = o;
	variant_describe(&s->opt, true, desc, sizeof desc);
	fprintf(out, "Search options: mode %s%s\n", desc, s->searched ? " (type 'search' to re-run)" : "");
	return true;
}

static bool cmd_depth(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = split_words(args, buf, sizeof buf, w);

	if (n != 1)
		return error_set(err, 0, 0, "depth: expected a whole number from 0 to %d", SEARCH_MAX_DEPTH);
	return set_and_report(s, "depth", w[0], out, err);
}

/* The options "set" takes, for help and completion. */
static const char *const option_names[] = {
	"check-plies", "qdepth", "delta", "see", "fail-soft", "stand-pat", "evasions",
	"pawn-pushes", "order", "eval", "max-nodes", "max-memory", "depth", "mode", NULL
};

static bool cmd_set(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = split_words(args, buf, sizeof buf, w);

	if (n != 2)
		return error_set(err, 0, 0, "set: expected OPTION VALUE, e.g. 'set delta on'; options: check-plies, "
				 "qdepth, delta, see, fail-soft, stand-pat, evasions, pawn-pushes, order, eval, max-nodes, "
				 "max-memory");
	return set_and_report(s, w[0], w[1], out, err);
}

static bool cmd_search(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];

	if (split_words(args, buf, sizeof buf, w) != 0)
		return error_set(err, 0, 0, "search: takes no arguments (set options with mode, depth, set)");
	session_search(s);
	print_result(s, "search ", &s->opt, &s->result, out);
	return true;
}

/* Runs a cursor motion N times (N from the first argument, default 1) and prints the event. */
static bool step_command(struct session *s, const char *args, FILE *out, struct error *err,
			 uint32_t (*motion)(const struct trace *, uint32_t, int), int dir)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = split_words(args, buf, sizeof buf, w);
	long count = 1;

	if (!need_trace(s, err))
		return false;
	if (n > 1 || (n == 1 && !parse_count(w[0], 100000000L, &count)))
		return error_set(err, 0, 0, "expected an optional count, a whole number");
	while (count-- > 0)
		s->event = motion(s->trace, s->event, dir);
	command_print_event(s, out);
	return true;
}

static bool cmd_next(struct session *s, const char *args, FILE *out, struct error *err)
{
	return step_command(s, args, out, err, session_step, 1);
}

static bool cmd_prev(struct session *s, const char *args, FILE *out, struct error *err)
{
	return step_command(s, args, out, err, session_step, -1);
}

static uint32_t over(const struct trace *t, uint32_t ev, int dir)
{
	(void)dir;
	return session_step_over(t, ev);
}

static uint32_t out_motion(const struct trace *t, uint32_t ev, int dir)
{
	(void)dir;
	return session_step_out(t, ev);
}

static bool cmd_over(struct session *s, const char *args, FILE *out, struct error *err)
{
	return step_command(s, args, out, err, over, 1);
}

static bool cmd_out(struct session *s, const char *args, FILE *out, struct error *err)
{
	return step_command(s, args, out, err, out_motion, 1);
}

static bool cmd_rewind(struct session *s, const char *args, FILE *out, struct error *err)
{
	(void)args;
	if (!need_trace(s, err))
		return false;
	s->event = 0;
	command_print_event(s, out);
	return true;
}

/* The event kinds "jump" knows, with "cutoff" for either kind of cutoff. */
static int parse_kind(const char *text)
{
	char name[32];
	size_t i;

	if (!strcmp(text, "cutoff"))
		return SESSION_KIND_CUTOFF;
	for (i = 0; text[i] && i + 1 < sizeof name; i++)
		name[i] = text[i] == '-' ? '_' : text[i];
	name[i] = '\0';
	if (!strcmp(name, "delta"))
		return TE_DELTA_PRUNE;
	if (!strcmp(name, "see"))
		return TE_SEE_PRUNE;
	return trace_kind_parse(name);
}

static bool cmd_jump(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = split_words(args, buf, sizeof buf, w), kind, dir = 1;
	uint32_t ev;

	if (!need_trace(s, err))
		return false;
	if (n < 1 || n > 2 || (n == 2 && strcmp(w[1], "back")))
		return error_set(err, 0, 0, "jump: expected KIND [back], e.g. 'jump stand_pat' or 'jump cutoff back'");
	kind = parse_kind(w[0]);
	if (kind == -1)
		return error_set(err, 0, 0, "jump: unknown event kind '%s': expected cutoff, stand_pat, "
				 "beta_cutoff, alpha_raise, delta_prune, see_prune, mate, horizon, move, enter, leave ...",
				 w[0]);
	if (n == 2)
		dir = -1;
	ev = session_find_kind(s->trace, s->event, kind, dir);
	if (ev == s->event)
		return error_set(err, 0, 0, "jump: no %s event %s the cursor", w[0], dir > 0 ? "after" : "before");
	s->event = ev;
	command_print_event(s, out);
	return true;
}

static bool cmd_goto(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = split_words(args, buf, sizeof buf, w);
	long node;

	if (!need_trace(s, err))
		return false;
	if (n != 1 || !parse_count(w[0], UINT32_MAX - 1, &node))
		return error_set(err, 0, 0, "goto: expected a node number");
	if (!session_goto(s, (uint32_t)node))
		return error_set(err, 0, 0, "goto: no node %ld (the trace has %u nodes, 0 to %u)", node,
				 (unsigned)trace_node_count(s->trace), (unsigned)trace_node_count(s->trace) - 1);
	command_print_event(s, out);
	return true;
}

static bool cmd_board(struct session *s, const char *args, FILE *out, struct error *err)
{
	(void)args;
	(void)err;
	command_print_board(s, out);
	return true;
}

static bool cmd_event(struct session *s, const char *args, FILE *out, struct error *err)
{
	char text[1024];

	(void)args;
	if (!need_trace(s, err))
		return false;
	command_print_event(s, out);
	explain_node(s->trace, session_node(s), &s->root, text, sizeof text);
	fprintf(out, "%s\n", text);
	return true;
}

static bool cmd_tree(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = split_words(args, buf, sizeof buf, w);
	long node = 0, max = 40;

	if (!need_trace(s, err))
		return false;
	if (n > 2 || (n >= 1 && !parse_count(w[0], UINT32_MAX - 1, &node)) ||
	    (n == 2 && !parse_count(w[1], 1000000, &max)))
		return error_set(err, 0, 0, "tree: expected [NODE [LINES]]");
	if ((uint32_t)node >= trace_node_count(s->trace))
		return error_set(err, 0, 0, "tree: no node %ld", node);
	command_print_tree(s, (uint32_t)node, (int)max, out);
	return true;
}

static bool cmd_filter(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = split_words(args, buf, sizeof buf, w);
	enum outline_filter f;

	if (n != 1 || !outline_filter_parse(w[0], &f))
		return error_set(err, 0, 0, "filter: expected all, main, quiescence or marked");
	s->filter = f;
	fprintf(out, "Tree filter: %s\n", outline_filter_name(f));
	return true;
}

static bool cmd_stats(struct session *s, const char *args, FILE *out, struct error *err)
{
	char desc[256], pv[1024] = "";
	struct position pos = s->root;
	size_t used = 0;

	(void)args;
	if (!need_trace(s, err))
		return false;
	search_options_describe(&s->opt, desc, sizeof desc);
	fprintf(out, "Position: %s\nOptions:  %s\n", s->fen, desc);
	print_result(s, "Result:   ", &s->opt, &s->result, out);
	for (int i = 0; i < s->result.pv_len && used + NOTATION_BUFSIZE < sizeof pv; i++) {
		char san[NOTATION_BUFSIZE];
		struct undo u;

		notation_san(&pos, s->result.pv[i], san);
		used += (size_t)snprintf(pv + used, sizeof pv - used, "%s%s", i ? " " : "", san);
		board_make(&pos, s->result.pv[i], &u);
	}
	fprintf(out, "PV:       %s\nTrace:    %u nodes, %u events%s\n", pv, (unsigned)trace_node_count(s->trace),
		(unsigned)trace_event_count(s->trace), trace_stopped(s->trace) ? ", stopped early" : "");
	return true;
}

static bool cmd_horizon(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = split_words(args, buf, sizeof buf, w), shown = 0;
	long max = 20;

	if (!need_trace(s, err))
		return false;
	if (n > 1 || (n == 1 && !parse_count(w[0], 1000000, &max)))
		return error_set(err, 0, 0, "horizon: expected an optional number of leaves to list");
	if (s->opt.mode == QMODE_NONE)
		fputs("Horizon leaves: the static value the search used, and what a quiescence search "
		      "(mode captures) from there says ('!' marks a difference of 100 or more):\n", out);
	else
		fputs("Horizon nodes where the quiescence search changed the verdict of the static value:\n", out);
	for (uint32_t i = 0; i < trace_node_count(s->trace) && shown < max; i++) {
		char line[512], a[24], b[24];
		int st, q;

		if (s->opt.mode == QMODE_NONE) {
			if (!session_horizon(s, i, &st, &q))
				continue;
			explain_score(st, a, sizeof a);
			explain_score(q, b, sizeof b);
			session_line_text(&s->root, s->trace, i, line, sizeof line);
			fprintf(out, "%c node %u  static %s  quiescence %s  (%s)\n", abs(q - st) >= 100 ? '!' : ' ',
				(unsigned)i, a, b, line);
		} else {
			const struct trace_node nd_v = trace_node_get(s->trace, i), *nd = &nd_v;

			if (!session_quiescence_changed(s->trace, i))
				continue;
			explain_score(nd->eval, a, sizeof a);
			explain_score(nd->score, b, sizeof b);
			session_line_text(&s->root, s->trace, i, line, sizeof line);
			fprintf(out, "! node %u  static %s  quiescence %s  (%s)\n", (unsigned)i, a, b, line);
		}
		shown++;
	}
	if (shown == 0)
		fputs("  (none)\n", out);
	return true;
}

/* Writes the open comparison: each side's full variant and result, and where the trees part. */
static void print_compare(struct session *s, FILE *out)
{
	char line[512];

	for (int i = 0; i < 2; i++) {
		char label[200];

		snprintf(label, sizeof label, "%c (%s): ", 'A' + i, s->side[i].spec);
		print_result(s, label, &s->side[i].opt, &s->side[i].result, out);
	}
	if (s->diverge < trace_node_count(s->side[0].trace) || s->diverge < trace_node_count(s->side[1].trace)) {
		const struct trace *t = s->diverge < trace_node_count(s->side[0].trace) ? s->side[0].trace : s->side[1].trace;

		session_line_text(&s->root, t, s->diverge, line, sizeof line);
		fprintf(out, "The trees part ways at node %u (%s).\n", (unsigned)s->diverge, line);
	} else {
		fputs("The trees have the same shape.\n", out);
	}
}

static bool cmd_compare(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = split_words(args, buf, sizeof buf, w);

	if (n == 1 && !strcmp(w[0], "off")) {
		session_compare_end(s);
		fputs("Comparison closed.\n", out);
		return true;
	}
	if (n == 0 && !s->comparing)
		return error_set(err, 0, 0, "compare: no comparison is open: expected MODE MODE (e.g. 'compare none "
				 "captures') or 'compare off'");
	if (n != 2 && n != 0)
		return error_set(err, 0, 0, "compare: expected MODE MODE (e.g. 'compare none captures'), nothing "
				 "(the open comparison) or 'compare off'");
	if (n == 2 && !session_compare(s, w[0], w[1], err))
		return false;
	print_compare(s, out);
	return true;
}

/* Writes the trace to PATH through a temporary file renamed into place. */
static bool cmd_export(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = split_words(args, buf, sizeof buf, w);
	struct atomicfile af;
	struct error inner = { 0 };

	if (n != 2 || (strcmp(w[0], "json") && strcmp(w[0], "jsonl") && strcmp(w[0], "dot") && strcmp(w[0], "text") &&
		       strcmp(w[0], "pgn") && strcmp(w[0], "game")))
		return error_set(err, 0, 0, "export: expected json|jsonl|dot|text|pgn|game FILE");
	if (!strcmp(w[0], "game")) {
		struct pgn_tags tags = { 0 };
		char engine[96];

		if (!s->game)
			return error_set(err, 0, 0, "export: no game is being played ('game white' starts one)");
		if (!atomicfile_open(&af, w[1], &inner))
			return error_set(err, 0, 0, "export: %s", inner.msg);
		snprintf(engine, sizeof engine, "quiesce (mode %s, depth %d)", search_mode_name(s->opt.mode), s->opt.depth);
		tags.event = "quiesce game";
		tags.site = "quiesce tutor";
		tags.round = "-";
		tags.white = s->game_human == WHITE ? "you" : engine;
		tags.black = s->game_human == WHITE ? engine : "you";
		tags.comment = s->game->result != GAME_ONGOING ? game_reason_text(s->game->reason) : NULL;
		pgn_write_game(af.fp, s->game, &tags);
		if (!atomicfile_commit(&af, &inner))
			return error_set(err, 0, 0, "export: %s", inner.msg);
		fprintf(out, "Wrote the game (%d half-moves) as PGN to %s\n", s->game->nply, w[1]);
		return true;
	}
	if (!need_trace(s, err))
		return false;
	if (!atomicfile_open(&af, w[1], &inner))
		return error_set(err, 0, 0, "export: %s", inner.msg);
	if (!strcmp(w[0], "json"))
		traceio_write_json(af.fp, s->trace, &s->root, &s->opt, &s->result);
	else if (!strcmp(w[0], "jsonl"))
		traceio_write_jsonl(af.fp, s->trace, &s->root, &s->opt, &s->result);
	else if (!strcmp(w[0], "dot"))
		traceio_write_dot(af.fp, s->trace, &s->root, &s->opt, &s->result);
	else if (!strcmp(w[0], "pgn"))
		pgn_write_search(af.fp, s->trace, &s->root, &s->opt, &s->result);
	else
		traceio_write_text(af.fp, s->trace, &s->root, &s->opt, &s->result);
	if (!atomicfile_commit(&af, &inner))
		return error_set(err, 0, 0, "export: %s", inner.msg);
	fprintf(out, "Wrote the trace (%u nodes) as %s to %s\n", (unsigned)trace_node_count(s->trace), w[0], w[1]);
	return true;
}

static bool cmd_open(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = split_words(args, buf, sizeof buf, w);
	struct trace *t;
	struct position root;
	struct search_options opt = s->opt;
	struct search_result res;
	struct error e = { 0 };
	FILE *f;

	if (n != 1)
		return error_set(err, 0, 0, "open: expected FILE (a trace in JSON or JSON Lines, from 'export json', "
				 "'quiesce trace' or another engine: see quiesce-trace(5))");
	f = inputfile_open(w[0], &e);
	if (!f)
		return error_set(err, 0, 0, "open: %s: %s", w[0], e.msg);
	t = trace_new();
	if (!tracereader_read(f, w[0], t, &root, &opt, &res, NULL, &e)) {
		fclose(f);
		trace_free(t);
		return error_set(err, 0, 0, "open: %s", e.msg);
	}
	fclose(f);
	session_load(s, &root, &opt, t, &res);
	fprintf(out, "Opened %s: %u nodes, %u events\n", w[0], (unsigned)trace_node_count(t), (unsigned)trace_event_count(t));
	return true;
}

/* Reads the trace FILE for a command named CMD; NULL with ERR set on failure. */
static struct trace *read_trace_file(const char *cmd, const char *path, struct position *root,
				     struct search_options *opt, struct search_result *res, bool *own_values,
				     struct error *err)
{
	struct tracereader_info info;
	struct error e = { 0 };
	struct trace *t;
	FILE *f = inputfile_open(path, &e);

	if (!f) {
		error_set(err, 0, 0, "%s: %s: %s", cmd, path, e.msg);
		return NULL;
	}
	t = trace_new();
	if (!tracereader_read(f, path, t, root, opt, res, &info, &e)) {
		fclose(f);
		trace_free(t);
		error_set(err, 0, 0, "%s: %s", cmd, e.msg);
		return NULL;
	}
	fclose(f);
	*own_values = !info.eval_other && !info.order_other;
	return t;
}

static bool cmd_diff(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS], fen_a[FEN_BUFSIZE], fen_b[FEN_BUFSIZE], line[512];
	int n = split_words(args, buf, sizeof buf, w);
	struct search_options opt = s->opt;
	struct search_result res;
	struct tracediff_result r;
	struct position root;
	struct trace *t;
	bool own;

	if (n != 1)
		return error_set(err, 0, 0, "diff: expected FILE (a trace of the current position, from quiesce or another engine)");
	t = read_trace_file("diff", w[0], &root, &opt, &res, &own, err);
	if (t == NULL)
		return false;
	fen_format(&root, fen_b);
	fen_format(&s->root, fen_a);
	if (strcmp(fen_a, fen_b) != 0) {
		trace_free(t);
		return error_set(err, 0, 0, "diff: %s is a search of another position (%s); open that position first",
				 w[0], fen_b);
	}
	session_diff(s, w[0], t, &opt, &res, own, &r);
	print_result(s, "A (this search): ", &s->side[0].opt, &s->side[0].result, out);
	fprintf(out, "B (%s): ", w[0]);
	print_result(s, "", &s->side[1].opt, &s->side[1].result, out);
	fprintf(out, "Nodes: %llu in both, %llu only in A, %llu only in B.\n", (unsigned long long)r.matched,
		(unsigned long long)r.only_a, (unsigned long long)r.only_b);
	if (r.parted) {
		tracecheck_path(s->side[0].trace, r.node_a, line, sizeof line);
		fprintf(out, "First parting: node %u in A, node %u in B (%s): %s. %s.\n", (unsigned)r.node_a,
			(unsigned)r.node_b, line, tracediff_reason_name(r.reason), r.why);
	} else {
		fputs("No parting decision among the nodes in both trees.\n", out);
	}
	return true;
}

static bool cmd_play(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = split_words(args, buf, sizeof buf, w);
	long speed = 4;

	(void)out;
	if (!need_trace(s, err))
		return false;
	if (n > 1 || (n == 1 && (!parse_count(w[0], 1000, &speed) || speed == 0)))
		return error_set(err, 0, 0, "play: expected an optional speed, events a second from 1 to 1000");
	s->play_speed = (int)speed;
	return true;
}

/* ---------------------------------------------------------------- lessons */

/* The width lesson pages are wrapped to in the REPL. */
#define COMMAND_PAGE_WIDTH 72

/*
 * Says what the tour has to say (a corrupt progress file set aside, a failed
 * save), once: a warning, so on standard error in the REPL; in the tutor
 * (whose screen standard error would scribble over) in its output pane.
 */
static void tour_news(struct tour *t, FILE *out)
{
	if (t->note[0]) {
		if (t->pane) {
			fprintf(out, "warning: %s\n", t->note);
		} else {
			fflush(out);
			fprintf(stderr, "quiesce: warning: %s\n", t->note);
		}
		t->note[0] = '\0';
	}
}

/* After a page change: the page (REPL), or a line naming it (a pane shows the page). */
static void show_page(struct session *s, struct tour *t, FILE *out)
{
	tour_news(t, out);
	if (t->pane) {
		fprintf(out, "Lesson %d, page %d of %d: %s\n", t->number, t->page + 1, t->lesson->page_count,
			t->lesson->pages[t->page].title);
		return;
	}
	tour_print_page(t, COMMAND_PAGE_WIDTH, out);
	/* The REPL shows what the tutor's compare view would: the page's two searches. */
	if (s->comparing) {
		fputs("\nThe page compares two searches:\n", out);
		print_compare(s, out);
	}
}

static bool cmd_lessons(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	struct tour *t = tour_of(s);

	if (split_words(args, buf, sizeof buf, w) != 0)
		return error_set(err, 0, 0, "lessons: takes no arguments ('lesson N' opens one)");
	tour_news(t, out);
	if (t->pane)
		t->menu = true;
	else
		tour_print_list(t, false, out);
	return true;
}

static bool cmd_lesson(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = split_words(args, buf, sizeof buf, w);
	struct tour *t = tour_of(s);
	long page = 0;

	if (n == 0 && t->lesson) {
		show_page(s, t, out);
		return true;
	}
	if (n < 1 || n > 2 || (n == 2 && (!parse_count(w[1], 10000, &page) || page == 0)))
		return error_set(err, 0, 0, "lesson: expected a lesson's id or number and an optional page, "
				 "e.g. 'lesson 1' ('lessons' lists them)");
	if (!tour_open(t, s, w[0], (int)page, err))
		return false;
	show_page(s, t, out);
	return true;
}

/* Moves DELTA pages from the current one. */
static bool turn_page(struct session *s, const char *args, FILE *out, struct error *err, int delta)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	struct tour *t = tour_of(s);

	if (split_words(args, buf, sizeof buf, w) != 0)
		return error_set(err, 0, 0, "takes no arguments ('page N' goes to a page)");
	if (t->lesson == NULL)
		return error_set(err, 0, 0, "no lesson is open: type 'lessons' for the list, 'lesson N' to open one");
	if (t->page + delta < 0)
		return error_set(err, 0, 0, "this is the first page of the lesson");
	if (t->page + delta >= t->lesson->page_count)
		return error_set(err, 0, 0, "this is the last page of the lesson: 'lessons' lists the others");
	if (!tour_goto_page(t, s, t->page + delta, err))
		return false;
	show_page(s, t, out);
	return true;
}

static bool cmd_next_page(struct session *s, const char *args, FILE *out, struct error *err)
{
	return turn_page(s, args, out, err, 1);
}

static bool cmd_prev_page(struct session *s, const char *args, FILE *out, struct error *err)
{
	return turn_page(s, args, out, err, -1);
}

static bool cmd_page(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = split_words(args, buf, sizeof buf, w);
	struct tour *t = tour_of(s);
	long page;

	if (n != 1 || !parse_count(w[0], 10000, &page) || page == 0)
		return error_set(err, 0, 0, "page: expected a page number, e.g. 'page 2'");
	if (!tour_goto_page(t, s, (int)page - 1, err))
		return false;
	show_page(s, t, out);
	return true;
}

static bool cmd_answer(struct session *s, const char *args, FILE *out, struct error *err)
{
	struct tour *t = tour_of(s);

	if (!tour_answer(t, args, err))
		return false;
	tour_news(t, out);
	fprintf(out, "%s %s\n", t->verdict == LV_RIGHT ? "[right]" : t->verdict == LV_WRONG ? "[wrong]" : "[?]",
		t->feedback);
	return true;
}

static bool cmd_hint(struct session *s, const char *args, FILE *out, struct error *err)
{
	char hint[600];

	(void)args;
	if (!tour_hint(tour_of(s), hint, sizeof hint, err))
		return false;
	fprintf(out, "Hint: %s\n", hint);
	return true;
}


/* ---------------------------------------------------------------- games against the engine */

/* Says how the game ended, when it has. */
static void announce(const struct session *s, FILE *out)
{
	const struct game *g = s->game;

	if (g->result == GAME_ONGOING)
		return;
	fprintf(out, "Game over: %s, %s. %s ('export game FILE' saves the game, 'takeback' takes moves back, "
		"'game off' ends it.)\n", game_result_text(g->result), game_reason_text(g->reason),
		g->result == GAME_DRAW ? "A draw." :
		(g->result == GAME_WHITE_WINS) == (s->game_human == WHITE) ? "You win." : "The engine wins.");
}

/*
 * The engine's move: the game's position becomes the session's, is searched
 * with the session's options (that search is the current trace, to step
 * through), and its best move is played in the game.
 */
static bool engine_reply(struct session *s, FILE *out, struct error *err)
{
	char fen[FEN_BUFSIZE], san[NOTATION_BUFSIZE], score[32];
	move m;

	fen_format(&s->game->pos, fen);
	if (!session_set_fen(s, fen, err))
		return false;
	session_search(s);
	m = s->result.best;
	if (m == MOVE_NONE) {
		struct move_list list;

		/* A search stopped before its first move (or of depth 0): any legal move. */
		movegen_all(&s->game->pos, &list);
		m = list.count ? list.moves[0] : MOVE_NONE;
	}
	notation_san(&s->game->pos, m, san);
	search_score_text(s->result.score, score, sizeof score);
	if (!game_play(s->game, m))
		return error_set(err, 0, 0, "game: the engine found no move");
	fprintf(out, "The engine plays %d%s %s (score %s for it, %llu nodes). Its search is the current trace: "
		"step with next/prev, look with tree and horizon.\n", s->game->pos.side == BLACK ? s->game->pos.fullmove :
		s->game->pos.fullmove - 1, s->game->pos.side == BLACK ? "." : "...", san, score,
		(unsigned long long)s->result.nodes);
	announce(s, out);
	if (s->game->result == GAME_ONGOING) {
		fen_format(&s->game->pos, fen);
		fprintf(out, "Your move (%s): %s\n", s->game_human == WHITE ? "White" : "Black", fen);
	}
	return true;
}

static bool game_move(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS], san[NOTATION_BUFSIZE];
	int n = split_words(args, buf, sizeof buf, w);
	move m;

	if (s->game->result != GAME_ONGOING)
		return error_set(err, 0, 0, "move: the game is over (%s): 'takeback' takes moves back, 'game off' ends it",
				 game_reason_text(s->game->reason));
	if (n != 1)
		return error_set(err, 0, 0, "move: in a game, one move at a time (SAN or UCI)");
	if (!notation_parse(&s->game->pos, w[0], &m, err))
		return false;
	notation_san(&s->game->pos, m, san);
	game_play(s->game, m);
	fprintf(out, "You play %s.\n", san);
	announce(s, out);
	if (s->game->result != GAME_ONGOING)
		return true;
	return engine_reply(s, out, err);
}

static bool cmd_game(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = split_words(args, buf, sizeof buf, w);
	struct game *g;

	if (n != 1 || (strcmp(w[0], "white") && strcmp(w[0], "black") && strcmp(w[0], "off")))
		return error_set(err, 0, 0, "game: expected white, black or off");
	if (!strcmp(w[0], "off")) {
		if (!s->game)
			return error_set(err, 0, 0, "game: no game is being played");
		free(s->game);
		s->game = NULL;
		fprintf(out, "Game ended. 'move' plays moves from the position again.\n");
		return true;
	}
	g = xmalloc(sizeof *g);
	game_start(g, &s->root, 0);
	if (g->result != GAME_ONGOING) {
		enum game_reason why = g->reason;

		free(g);
		return error_set(err, 0, 0, "game: the position is already over (%s): nothing to play",
				 game_reason_text(why));
	}
	free(s->game);
	s->game = g;
	s->game_human = !strcmp(w[0], "white") ? WHITE : BLACK;
	fprintf(out, "A game from %s: you play %s, the engine plays with the search options (%s).\n", s->fen,
		w[0], search_mode_name(s->opt.mode));
	if (g->pos.side != s->game_human)
		return engine_reply(s, out, err);
	fprintf(out, "Your move: 'move MOVE' (SAN or UCI; Tab completes).\n");
	return true;
}

static bool cmd_takeback(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS], fen[FEN_BUFSIZE];

	if (split_words(args, buf, sizeof buf, w) != 0)
		return error_set(err, 0, 0, "takeback: takes no arguments");
	if (!s->game)
		return error_set(err, 0, 0, "takeback: no game is being played ('game white' starts one)");
	/* Back to the learner's previous move: the engine's reply and the learner's move. */
	do {
		if (!game_takeback(s->game))
			return error_set(err, 0, 0, "takeback: no move of yours to take back");
	} while (s->game->pos.side != s->game_human);
	fen_format(&s->game->pos, fen);
	if (!session_set_fen(s, fen, err))
		return false;
	fprintf(out, "Taken back. Your move (%s): %s\n", s->game_human == WHITE ? "White" : "Black", fen);
	return true;
}

static bool cmd_pgn(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS], fen[FEN_BUFSIZE];
	int n = split_words(args, buf, sizeof buf, w);
	long number = 1, ply = -1;
	struct pgn_game *g;
	struct position pos;

	if (n < 1 || n > 3 || (n >= 2 && !parse_count(w[1], 1000000, &number)) ||
	    (n == 3 && !parse_count(w[2], 1000000, &ply)) || number < 1)
		return error_set(err, 0, 0, "pgn: expected FILE [GAME [PLY]] (game from 1; the position after PLY half-moves, default the last)");
	g = xmalloc(sizeof *g);
	if (!pgn_load(w[0], (int)number, g, err)) {
		free(g);
		return false;
	}
	if (!pgn_position_at(g, (int)ply, &pos)) {
		int plies = g->game.nply;

		free(g);
		return error_set(err, 0, 0, "pgn: game %ld has only %d half-moves", number, plies);
	}
	free(g);
	fen_format(&pos, fen);
	if (!session_set_fen(s, fen, err))
		return false;
	fprintf(out, "Position set: %s\n", s->fen);
	return true;
}

static bool cmd_quit(struct session *s, const char *args, FILE *out, struct error *err)
{
	(void)args;
	(void)out;
	(void)err;
	s->quit = true;
	return true;
}

const struct command_spec command_table[] = {
	{ "help", "[COMMAND]", "list the commands, or explain one", cmd_help, "command" },
	{ "fen", "FEN", "set the position to study", cmd_fen, NULL },
	{ "move", "MOVE...", "play moves (SAN or UCI) from the position; the result becomes the position", cmd_move, "move" },
	{ "mode", "MODE[+SWITCH...]", "set the search variant: none, captures, checks, brute, faulty, rival, "
	  "+delta=M, +nodelta, +see, +soft, +checks-all ...", cmd_mode, "cmpmode" },
	{ "depth", "N", "set the main search depth in plies", cmd_depth, NULL },
	{ "set", "OPTION VALUE", "set a search option (check-plies, qdepth, delta, see, fail-soft, stand-pat, "
	  "evasions, pawn-pushes, order, eval, max-nodes, max-memory)", cmd_set, "option" },
	{ "search", "", "run the search and record its trace (Ctrl-C stops it)", cmd_search, NULL },
	{ "next", "[N]", "step to the next event in search order", cmd_next, NULL },
	{ "prev", "[N]", "step to the previous event", cmd_prev, NULL },
	{ "over", "", "step over the current move's subtree (or to the node's leave)", cmd_over, NULL },
	{ "out", "", "step out to the parent's leave event", cmd_out, NULL },
	{ "rewind", "", "go back to the first event", cmd_rewind, NULL },
	{ "jump", "KIND [back]", "go to the next (or previous) event of a kind: cutoff, stand_pat, "
	  "delta_prune, see_prune, mate, horizon ...", cmd_jump, "kind" },
	{ "goto", "NODE", "go to a node by its number", cmd_goto, NULL },
	{ "board", "", "show the board at the current node", cmd_board, NULL },
	{ "event", "", "explain the current event and node", cmd_event, NULL },
	{ "tree", "[NODE [LINES]]", "show the tree from a node (default the root, 40 lines)", cmd_tree, NULL },
	{ "filter", "all|main|quiescence|marked", "choose which nodes the tree shows", cmd_filter, "filter" },
	{ "stats", "", "show the search's result and counts", cmd_stats, NULL },
	{ "horizon", "[N]", "list horizon leaves: static value against quiescence value", cmd_horizon, NULL },
	{ "compare", "[MODE MODE|off]", "search the position two ways side by side (alone: show the open comparison)",
	  cmd_compare, "cmpmode" },
	{ "diff", "FILE", "compare this search with a trace FILE (any engine's) side by side, the parting node marked",
	  cmd_diff, NULL },
	{ "export", "json|jsonl|dot|text|pgn|game FILE", "write the trace to a file (jsonl: JSON Lines; pgn: the "
	  "line and the root's alternatives; game: the game being played, as PGN)", cmd_export, "format" },
	{ "open", "FILE", "open a trace in JSON or JSON Lines (quiesce-trace(5))", cmd_open, NULL },
	{ "play", "[SPEED]", "step through the events automatically (any key stops)", cmd_play, NULL },
	{ "lessons", "", "list the lessons with your progress (in the tutor: the lesson menu)", cmd_lessons, NULL },
	{ "lesson", "NAME [PAGE]", "open a lesson by id or number, at the page you reached", cmd_lesson, "lesson" },
	{ "next-page", "", "the lesson's next page (key ])", cmd_next_page, NULL },
	{ "prev-page", "", "the lesson's previous page (key [)", cmd_prev_page, NULL },
	{ "page", "N", "go to page N of the lesson", cmd_page, NULL },
	{ "answer", "TEXT", "answer the lesson's question (a move, a score, a choice's number ...)", cmd_answer, NULL },
	{ "hint", "", "a hint for the lesson's question", cmd_hint, NULL },
	{ "game", "white|black|off", "play a game against the engine from the position: your moves with 'move', "
	  "its search of each reply becomes the current trace", cmd_game, "game" },
	{ "takeback", "", "take back your last move and the engine's reply", cmd_takeback, NULL },
	{ "pgn", "FILE [GAME [PLY]]", "set the position from a PGN game (after PLY half-moves, default its end)",
	  cmd_pgn, NULL },
	{ "quit", "", "leave", cmd_quit, NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};

const struct command_spec *command_find(const char *name)
{
	const struct command_spec *found = NULL;
	size_t len = strlen(name);
	int matches = 0;

	if (len == 0)
		return NULL;
	for (const struct command_spec *c = command_table; c->name; c++) {
		if (!strcmp(c->name, name))
			return c;
		if (!strncmp(c->name, name, len)) {
			found = c;
			matches++;
		}
	}
	/* Short forms the keys suggest: n, p. */
	if (!strcmp(name, "n"))
		return command_find("next");
	if (!strcmp(name, "p"))
		return command_find("prev");
	if (!strcmp(name, "q"))
		return command_find("quit");
	return matches == 1 ? found : NULL;
}

bool command_help(const char *name, FILE *out, struct error *err)
{
	const struct command_spec *c;

	if (name == NULL) {
		fputs("Commands (a unique prefix will do):\n", out);
		for (c = command_table; c->name; c++) {
			char syn[64];

			snprintf(syn, sizeof syn, "%s %s", c->name, c->args);
			fprintf(out, "  %-34s %s\n", syn, c->summary);
		}
		return true;
	}
	c = command_find(name);
	if (!c)
		return error_set(err, 0, 0, "help: no command '%s' (type 'help' for the list)", name);
	fprintf(out, "%s %s\n  %s\n", c->name, c->args, c->summary);
	return true;
}

bool command_run(struct session *s, const char *line, FILE *out, struct error *err)
{
	char name[32];
	const struct command_spec *c;
	size_t i = 0;

	if (strlen(line) >= COMMAND_MAX_LINE)
		return error_set(err, 0, 0, "the command line is too long (at most %d characters)", COMMAND_MAX_LINE - 1);
	while (*line == ' ' || *line == '\t' || *line == ':')
		line++;
	if (*line == '\0' || *line == '#' || *line == '\n')
		return true;
	while (*line && !isspace((unsigned char)*line)) {
		if (i + 1 < sizeof name)
			name[i++] = *line;
		line++;
	}
	name[i] = '\0';
	c = command_find(name);
	if (!c)
		return error_set(err, 0, 0, "unknown command '%.31s' (type 'help' for the list)", name);
	return c->run(s, line, out, err);
}

/* ---------------------------------------------------------------- completion */

struct candidates {
	char **list;
	size_t count, cap;
	const char *prefix;
	size_t plen;
};

static void add(struct candidates *c, const char *word)
{
	if (strncmp(word, c->prefix, c->plen) != 0)
		return;
	for (size_t i = 0; i < c->count; i++)
		if (!strcmp(c->list[i], word))
			return;
	if (c->count + 2 > c->cap) {
		c->cap = c->cap ? 2 * c->cap : 16;
		c->list = xrealloc(c->list, sizeof *c->list * c->cap);
	}
	c->list[c->count++] = xstrdup(word);
	c->list[c->count] = NULL;
}

static void add_all(struct candidates *c, const char *const *words)
{
	for (; *words; words++)
		add(c, *words);
}

/* Adds the legal moves in SAN after the moves typed in WORDS[1..N). */
static void add_moves(struct candidates *c, struct session *s, char **words, int n)
{
	/* In a game the learner's moves are from the game's position, not the searched one. */
	struct position pos = s->game ? s->game->pos : s->root;
	struct move_list list;

	for (int i = 1; i < n; i++) {
		move m;
		struct undo u;

		if (!notation_parse(&pos, words[i], &m, NULL))
			return;
		board_make(&pos, m, &u);
	}
	movegen_all(&pos, &list);
	for (int i = 0; i < list.count; i++) {
		char san[NOTATION_BUFSIZE];

		notation_san(&pos, list.moves[i], san);
		add(c, san);
	}
}

char **command_complete(struct session *s, const char *line, size_t start, size_t end)
{
	static const char *const modes[] = { "none", "captures", "checks", NULL };
	static const char *const cmpmodes[] = { "none", "captures", "checks", "brute", "faulty", "rival", "off", NULL };
	static const char *const formats[] = { "json", "jsonl", "dot", "text", "pgn", "game", NULL };
	static const char *const filters[] = { "all", "main", "quiescence", "marked", NULL };
	static const char *const kinds[] = { "cutoff", "stand_pat", "beta_cutoff", "alpha_raise", "delta_prune",
					     "see_prune", "mate", "stalemate", "horizon", "move", "enter", "leave",
					     "qdepth_limit", "quiet_leaf", "stopped", NULL };
	static const char *const switches[] = { "on", "off", NULL };
	char before[COMMAND_MAX_LINE], prefix[COMMAND_MAX_LINE], *w[MAX_WORDS], buf[COMMAND_MAX_LINE];
	struct candidates c = { 0 };
	const struct command_spec *cmd;
	int n;

	if (start > end || end > strlen(line) || end - start >= sizeof prefix || start >= sizeof before)
		return xcalloc(1, sizeof(char *));
	memcpy(before, line, start);
	before[start] = '\0';
	memcpy(prefix, line + start, end - start);
	prefix[end - start] = '\0';
	c.prefix = prefix;
	c.plen = strlen(prefix);
	c.list = xcalloc(1, sizeof(char *));
	c.cap = 1;
	{
		char *p = before;

		while (*p == ':' || *p == ' ')
			p++;
		n = split_words(p, buf, sizeof buf, w);
	}
	if (n == 0) {
		for (cmd = command_table; cmd->name; cmd++)
			add(&c, cmd->name);
		return c.list;
	}
	cmd = command_find(w[0]);
	if (!cmd || !cmd->complete)
		return c.list;
	if (!strcmp(cmd->complete, "move")) {
		add_moves(&c, s, w, n);
	} else if (!strcmp(cmd->complete, "option")) {
		if (n == 1) {
			add_all(&c, option_names);
		} else if (n == 2) {
			if (!strcmp(w[1], "mode"))
				add_all(&c, modes);
			else if (!strcmp(w[1], "order")) {
				static const char *const orders[] = { "mvv-lva", "none", NULL };

				add_all(&c, orders);
			} else if (!strcmp(w[1], "eval")) {
				static const char *const evals[] = { "material", "pst", NULL };

				add_all(&c, evals);
			} else if (!strcmp(w[1], "qdepth") || !strcmp(w[1], "check-plies")) {
				static const char *const nums[] = { "0", "1", "2", "4", "all", "none", NULL };

				add_all(&c, nums);
			} else {
				add_all(&c, switches);
			}
		}
	} else if (n == 1) {
		if (!strcmp(cmd->complete, "mode"))
			add_all(&c, modes);
		else if (!strcmp(cmd->complete, "cmpmode"))
			add_all(&c, cmpmodes);
		else if (!strcmp(cmd->complete, "format"))
			add_all(&c, formats);
		else if (!strcmp(cmd->complete, "game")) {
			static const char *const sides[] = { "white", "black", "off", NULL };

			add_all(&c, sides);
		}
		else if (!strcmp(cmd->complete, "filter"))
			add_all(&c, filters);
		else if (!strcmp(cmd->complete, "kind"))
			add_all(&c, kinds);
		else if (!strcmp(cmd->complete, "lesson")) {
			struct lesson_info *list;
			int count = lesson_list(NULL, &list);

			for (int i = 0; i < count; i++) {
				char num[16];

				snprintf(num, sizeof num, "%d", i + 1);
				add(&c, list[i].id);
				add(&c, num);
			}
			lesson_info_free(list, count);
		} else if (!strcmp(cmd->complete, "command"))
			for (const struct command_spec *x = command_table; x->name; x++)
				add(&c, x->name);
	} else if (n == 2 && !strcmp(cmd->complete, "cmpmode")) {
		add_all(&c, cmpmodes);
	}
	return c.list;
}
