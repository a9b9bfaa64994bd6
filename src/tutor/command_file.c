/*
 * command_file.c: the commands that write the trace (or the game) to a file
 * and read a trace from one.
 */
#include "tutor/command_int.h"

#include <string.h>

#include "base/atomicfile.h"
#include "base/inputfile.h"
#include "chess/pgn.h"
#include "tracefile/traceformat.h"
#include "tracefile/traceio.h"
#include "tracefile/tracereader.h"
#include "search/option.h"

/*
 * "export [FORMAT] FILE": the trace saved the one way (traceformat_save:
 * atomic, gzip when FILE ends in ".gz", the format FILE's name implies
 * unless FORMAT names one), or "export game FILE": the game as PGN.
 */
bool command_export(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = command_split_words(args, buf, sizeof buf, w);
	struct atomicfile af;
	struct error inner = { 0 };

	const struct traceformat *f;

	char names[128];

	traceformat_names("|", names, sizeof names);
	if (n < 1 || n > 2 || (n == 2 && traceformat_find(w[0]) == NULL && strcmp(w[0], "game")) ||
	    (n == 1 && (traceformat_find(w[0]) != NULL || !strcmp(w[0], "game"))))
		return error_set(err, 0, 0, "export: expected [%s|game] FILE (without a format, FILE's name "
				 "chooses it: .json, .jsonl, .txt, .dot, .pgn, and .gz compresses)", names);
	if (!strcmp(w[0], "game")) {
		struct pgn_tags tags = { 0 };
		char engine[96];

		if (!s->game)
			return error_set(err, 0, 0, "export: no game is being played ('game white' starts one)");
		if (!atomicfile_open(&af, w[1], &inner))
			return error_set(err, 0, 0, "export: %s", inner.msg);
		snprintf(engine, sizeof engine, "quiesce (mode %s, depth %d)", option_mode_name(s->opt.mode), s->opt.depth);
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
	if (!command_need_trace(s, err))
		return false;
	{
		const char *path = w[n - 1];

		/* The export must not replace the file the trace was opened from (that file is the session's input). */
		if (s->source[0] && inputfile_same(path, s->source))
			return error_set(err, 0, 0, "export: '%s' is the file this trace was opened from: the export would "
					 "replace it; write it to another file", path);
		f = n == 2 ? traceformat_find(w[0]) : traceformat_for_path(path);
		if (!traceformat_save(path, f, s->trace, &s->root, &s->opt, &s->result, &inner))
			return error_set(err, 0, 0, "export: %s", inner.msg);
		fprintf(out, "Wrote the trace (%u node%s) as %s%s to %s\n", (unsigned)trace_node_count(s->trace),
			trace_node_count(s->trace) == 1 ? "" : "s", f->name, traceformat_gzip(path) ? ", gzip" : "",
			path);
	}
	return true;
}

bool command_open(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = command_split_words(args, buf, sizeof buf, w);
	struct trace *t;
	struct position root;
	struct search_options opt = s->opt;
	struct search_result res;
	struct tracereader_info info;
	struct error e = { 0 };
	bool had_game;
	FILE *f;

	if (n != 1)
		return error_set(err, 0, 0, "open: expected FILE (a trace in JSON or JSON Lines, from 'export json', "
				 "'quiesce trace' or another engine: see quiesce-trace(5))");
	f = inputfile_open(w[0], &e);
	if (!f)
		return error_set(err, 0, 0, "open: %s: %s", w[0], e.msg);
	t = trace_new();
	/* The session's --max-memory bounds the reading too: a huge file is an error, never the end of the session. */
	tracereader_budget(t, s->opt.max_memory);
	if (!tracereader_read(f, w[0], t, &root, &opt, &res, &info, &e)) {
		fclose(f);
		trace_free(t);
		return error_set(err, 0, 0, "open: %s", e.msg);
	}
	fclose(f);
	had_game = s->game != NULL;
	session_load(s, w[0], &root, &opt, t, &res, !info.eval_other && !info.order_other);
	fprintf(out, "Opened %s: %u node%s, %u events\n", w[0], (unsigned)trace_node_count(t),
		trace_node_count(t) == 1 ? "" : "s", (unsigned)trace_event_count(t));
	tracereader_report_skipped(out, w[0], &info);
	command_game_note_end(s, had_game, out);
	return true;
}
