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

/* Writes the trace to PATH through a temporary file renamed into place. */
bool command_export(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = command_split_words(args, buf, sizeof buf, w);
	struct atomicfile af;
	struct error inner = { 0 };

	const struct traceformat *f;

	if (n != 2 || (traceformat_find(w[0]) == NULL && strcmp(w[0], "game")))
		return error_set(err, 0, 0, "export: expected json|json-full|jsonl|jsonl-full|dot|text|pgn|game FILE");
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
	if (!command_need_trace(s, err))
		return false;
	if (!atomicfile_open(&af, w[1], &inner))
		return error_set(err, 0, 0, "export: %s", inner.msg);
	f = traceformat_find(w[0]);
	f->writer(af.fp, s->trace, &s->root, &s->opt, &s->result);
	if (!atomicfile_commit(&af, &inner))
		return error_set(err, 0, 0, "export: %s", inner.msg);
	fprintf(out, "Wrote the trace (%u node%s) as %s to %s\n", (unsigned)trace_node_count(s->trace),
		trace_node_count(s->trace) == 1 ? "" : "s", w[0], w[1]);
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
