/* session.c: the tutor's model: position, options, recorded search and step cursor. */
#include "teach/session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/game.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "tracefile/tracediff.h"
#include "base/util.h"
#include "search/variant.h"
#include "teach/cursor.h"
#include "teach/horizon.h"
#include "search/option.h"

struct session *session_new(void)
{
	struct session *s = xcalloc(1, sizeof *s);
	struct error err;

	option_defaults(&s->opt);
	s->opt.max_nodes = SESSION_DEFAULT_MAX_NODES;
	s->trace = trace_new();
	if (!fen_parse(&s->root, BOARD_START_FEN, &err))
		util_die("the start position does not parse: %s", err.msg);
	fen_format(&s->root, s->fen);
	return s;
}

/* Forgets the recorded search (and any comparison): the position or the options changed. */
static void drop_search(struct session *s)
{
	s->searched = false;
	s->source[0] = '\0';
	s->generation++;
	trace_clear(s->trace);
	memset(&s->result, 0, sizeof s->result);
	free(s->info);
	s->info = NULL;
	free(s->horizon);
	s->horizon = NULL;
	s->event = 0;
}

void session_compare_end(struct session *s)
{
	for (int i = 0; i < 2; i++) {
		trace_free(s->side[i].trace);
		free(s->side[i].info);
		free(s->side[i].horizon);
		memset(&s->side[i], 0, sizeof s->side[i]);
	}
	s->comparing = false;
	s->diverge = 0;
	s->generation++;
}

void session_free(struct session *s)
{
	if (s == NULL)
		return;
	drop_search(s);
	session_compare_end(s);
	trace_free(s->trace);
	free(s->game);
	free(s);
}

/*
 * A game against the engine ends when the root becomes another position (a
 * FEN, a PGN game, a lesson page, an opened trace): its moves no longer lead
 * to the position on screen, and 'move' would go on playing in the game.
 * The game's own moves set the root to the game's position and keep it.
 */
static void end_game_elsewhere(struct session *s)
{
	char fen[FEN_BUFSIZE];

	if (s->game == NULL)
		return;
	fen_format(&s->game->pos, fen);
	if (strcmp(fen, s->fen) != 0) {
		free(s->game);
		s->game = NULL;
	}
}

bool session_set_fen(struct session *s, const char *fen, struct error *err)
{
	struct position pos;

	while (*fen == ' ')
		fen++;
	if (!fen_parse(&pos, fen, err))
		return false;
	s->root = pos;
	fen_format(&s->root, s->fen);
	end_game_elsewhere(s);
	drop_search(s);
	session_compare_end(s);
	return true;
}

bool session_play(struct session *s, const char *text, struct error *err)
{
	struct position pos = s->root;
	char buf[1024], *word, *save = NULL;
	int n = 0;

	if (strlen(text) >= sizeof buf)
		return error_set(err, 0, 0, "too many moves");
	strcpy(buf, text);
	for (word = strtok_r(buf, " \t", &save); word; word = strtok_r(NULL, " \t", &save)) {
		struct error e = { 0 };
		struct undo u;
		move m;

		if (!notation_parse(&pos, word, &m, &e))
			return error_set(err, 0, 0, "move %d: %s", n + 1, e.msg);
		board_make(&pos, m, &u);
		n++;
	}
	if (n == 0)
		return error_set(err, 0, 0, "move: expected one or more moves in SAN or UCI");
	s->root = pos;
	fen_format(&s->root, s->fen);
	drop_search(s);
	session_compare_end(s);
	return true;
}

bool session_set_option(struct session *s, const char *name, const char *value, struct error *err)
{
	struct search_options o = s->opt;

	if (!option_set_name(&o, name, value, err))
		return false;
	s->opt = o;
	return true;
}

void session_search(struct session *s)
{
	int len;
	move line[SEARCH_MAX_PLY + 1];
	bool had = s->searched && trace_node_count(s->trace) > 0;

	/* Keep the selection on the same line of moves when the new tree has it. */
	len = had ? cursor_position_at(&s->root, s->trace, session_node(s), &(struct position){ 0 }, line) : 0;
	drop_search(s);
	s->stop = 0;
	{
		struct search_options o = s->opt;

		o.progress = s->progress;
		o.progress_ctx = s->progress_ctx;
		search_run(&s->root, &o, s->trace, &s->stop, &s->result);
	}
	s->searched = true;
	s->info = cursor_node_info(s->trace);
	s->event = 0;
	s->generation++;
	if (had && len > 0)
		session_goto(s, cursor_find_line(s->trace, line, len));
}

void session_load(struct session *s, const char *name, const struct position *root,
		  const struct search_options *opt, struct trace *t, const struct search_result *res,
		  bool own_values)
{
	drop_search(s);
	snprintf(s->source, sizeof s->source, "%s", name ? name : "");
	s->source_own_values = own_values;
	session_compare_end(s);
	s->root = *root;
	fen_format(&s->root, s->fen);
	end_game_elsewhere(s);
	{
		/* The file gives the search's options; the memory budget stays the session's (--max-memory). */
		uint64_t budget = s->opt.max_memory;

		s->opt = *opt;
		s->opt.max_memory = budget;
	}
	trace_free(s->trace);
	s->trace = t;
	s->result = *res;
	s->searched = true;
	s->info = cursor_node_info(t);
	s->event = 0;
	s->generation++;
}

/* Searches one side of a comparison with the complete variant O (typed as SPEC). */
static void compare_side(struct session *s, int i, const char *spec, const struct search_options *opt)
{
	struct session_side *sd = &s->side[i];
	struct search_options o = *opt;

	snprintf(sd->typed, sizeof sd->typed, "%s", spec);
	sd->opt = o;
	if (sd->trace == NULL)
		sd->trace = trace_new();
	s->stop = 0;
	o.progress = s->progress;
	o.progress_ctx = s->progress_ctx;
	search_run(&s->root, &o, sd->trace, &s->stop, &sd->result);
	free(sd->info);
	sd->info = cursor_node_info(sd->trace);
	sd->event = 0;
}

bool session_compare(struct session *s, const char *spec_a, const char *spec_b, struct error *err)
{
	struct search_options a, b;

	/* Both sides are complete variants (variant_complete): the session's own switches never leak in. */
	if (!variant_complete(&a, &s->opt, spec_a, err) || !variant_complete(&b, &s->opt, spec_b, err))
		return false;
	session_compare_end(s);
	compare_side(s, 0, spec_a, &a);
	compare_side(s, 1, spec_b, &b);
	for (int i = 0; i < 2; i++)
		variant_describe(&s->side[i].opt, a.depth != b.depth, s->side[i].spec, sizeof s->side[i].spec);
	s->diverge = cursor_diverge(s->side[0].trace, s->side[1].trace);
	s->comparing = true;
	s->generation++;
	return true;
}

void session_diff(struct session *s, const char *name, struct trace *t, const struct search_options *opt,
		  const struct search_result *res, bool own_values, struct tracediff_result *r)
{
	struct session_side *a = &s->side[0], *b = &s->side[1];
	struct tracediff_side da, db;
	bool a_own = true;

	session_compare_end(s);
	if (s->searched && trace_node_count(s->trace) > 0) {
		/* Side A is the trace on screen (a copy: the session keeps its own). */
		snprintf(a->typed, sizeof a->typed, "%.*s", (int)sizeof a->typed - 1, s->source[0] ? s->source : "this search");
		a->opt = s->opt;
		a->trace = trace_copy(s->trace);
		a->result = s->result;
		a->info = cursor_node_info(a->trace);
		a->event = 0;
		a_own = s->source[0] == '\0' || s->source_own_values;
	} else {
		compare_side(s, 0, "this search", &s->opt);
	}
	if (s->source[0] && s->searched)
		snprintf(a->spec, sizeof a->spec, "%.*s", (int)sizeof a->spec - 1, s->source);
	else
		variant_describe(&a->opt, false, a->spec, sizeof a->spec);
	snprintf(b->typed, sizeof b->typed, "%s", name);
	snprintf(b->spec, sizeof b->spec, "%s", name);
	b->opt = *opt;
	b->trace = t;
	b->result = *res;
	b->info = cursor_node_info(t);
	b->event = 0;
	da = (struct tracediff_side){ a->trace, &a->opt, a_own, a_own };
	db = (struct tracediff_side){ t, opt, own_values, own_values };
	tracediff_run(&da, &db, &s->root, r);
	/* One mark serves both trees: the earlier of the two parting nodes. */
	if (r->parted)
		s->diverge = r->node_a < r->node_b ? r->node_a : r->node_b;
	else
		s->diverge = cursor_diverge(s->side[0].trace, t);
	s->comparing = true;
	s->generation++;
}

uint32_t session_node(const struct session *s)
{
	if (trace_event_count(s->trace) == 0)
		return 0;
	return trace_event_get(s->trace, s->event < trace_event_count(s->trace) ? s->event : 0).node;
}

bool session_goto(struct session *s, uint32_t node)
{
	if (node >= trace_node_count(s->trace))
		return false;
	s->event = trace_node_get(s->trace, node).enter;
	return true;
}

bool session_horizon(struct session *s, uint32_t node, int *static_value, int *qvalue)
{
	return horizon_leaf(&s->root, s->trace, &s->opt, &s->horizon, node, static_value, qvalue);
}

bool session_side_horizon(struct session *s, int side, uint32_t node, int *static_value, int *qvalue)
{
	struct session_side *sd = &s->side[side == 1];

	return s->comparing && horizon_leaf(&s->root, sd->trace, &sd->opt, &sd->horizon, node, static_value, qvalue);
}
