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

struct session *session_new(void)
{
	struct session *s = xcalloc(1, sizeof *s);
	struct error err;

	search_defaults(&s->opt);
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
	if (s->tour != NULL && s->tour_free != NULL)
		s->tour_free(s->tour);
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

	if (!search_option_set(&o, name, value, err))
		return false;
	s->opt = o;
	return true;
}

uint8_t *session_node_info(const struct trace *t)
{
	uint8_t *info = xcalloc(trace_node_count(t) ? trace_node_count(t) : 1, 1);

	struct trace_iter it;
	struct trace_event e_v;
	const struct trace_event *e = &e_v;

	for (trace_iter_init(&it, t, 0); trace_iter_next(&it, &e_v);) {
		switch (e->kind) {
		case TE_STAND_PAT:
			info[e->node] |= SNI_STAND_PAT;
			if (e->extra == TSP_CUTOFF)
				info[e->node] |= SNI_CUTOFF;
			else if (e->extra == TSP_RAISE)
				info[e->node] |= SNI_RAISE;
			break;
		case TE_BETA_CUTOFF:
			info[e->node] |= SNI_CUTOFF;
			break;
		case TE_ALPHA_RAISE:
			info[e->node] |= SNI_RAISE;
			break;
		case TE_DELTA_PRUNE:
		case TE_SEE_PRUNE:
			info[e->node] |= SNI_PRUNE;
			break;
		default:
			break;
		}
	}
	/* Children come after their parents, so one backward pass carries the subtree bits up. */
	for (uint32_t n = trace_node_count(t); n-- > 0;) {
		const struct trace_node nd_v = trace_node_get(t, n), *nd = &nd_v;

		if (info[n] & (SNI_CUTOFF | SNI_PRUNE))
			info[n] |= SNI_SUB_MARK;
		if (nd->flags & TN_QUIESCENCE)
			info[n] |= SNI_SUB_QUIESCENCE;
		if (nd->parent != TRACE_NONE)
			info[nd->parent] |= info[n] & (SNI_SUB_MARK | SNI_SUB_QUIESCENCE);
	}
	return info;
}

void session_search(struct session *s)
{
	int len;
	move line[SEARCH_MAX_PLY + 1];
	bool had = s->searched && trace_node_count(s->trace) > 0;

	/* Keep the selection on the same line of moves when the new tree has it. */
	len = had ? session_position_at(&s->root, s->trace, session_node(s), &(struct position){ 0 }, line) : 0;
	drop_search(s);
	s->stop = 0;
	{
		struct search_options o = s->opt;

		o.progress = s->progress;
		o.progress_ctx = s->progress_ctx;
		search_run(&s->root, &o, s->trace, &s->stop, &s->result);
	}
	s->searched = true;
	s->info = session_node_info(s->trace);
	s->event = 0;
	s->generation++;
	if (had && len > 0)
		session_goto(s, session_find_line(s->trace, line, len));
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
	s->opt = *opt;
	trace_free(s->trace);
	s->trace = t;
	s->result = *res;
	s->searched = true;
	s->info = session_node_info(t);
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
	sd->info = session_node_info(sd->trace);
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
	s->diverge = session_diverge(s->side[0].trace, s->side[1].trace);
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
		a->info = session_node_info(a->trace);
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
	b->info = session_node_info(t);
	b->event = 0;
	da = (struct tracediff_side){ a->trace, &a->opt, a_own, a_own };
	db = (struct tracediff_side){ t, opt, own_values, own_values };
	tracediff_run(&da, &db, &s->root, r);
	/* One mark serves both trees: the earlier of the two parting nodes. */
	if (r->parted)
		s->diverge = r->node_a < r->node_b ? r->node_a : r->node_b;
	else
		s->diverge = session_diverge(s->side[0].trace, t);
	s->comparing = true;
	s->generation++;
}

uint32_t session_diverge(const struct trace *a, const struct trace *b)
{
	uint32_t n = trace_node_count(a) < trace_node_count(b) ? trace_node_count(a) : trace_node_count(b);

	for (uint32_t i = 0; i < n; i++) {
		const struct trace_node x_v = trace_node_get(a, i), y_v = trace_node_get(b, i), *x = &x_v, *y = &y_v;

		if (x->parent != y->parent || x->move != y->move ||
		    (x->flags & TN_QUIESCENCE) != (y->flags & TN_QUIESCENCE))
			return i;
	}
	return trace_node_count(a) == trace_node_count(b) ? TRACE_NONE : n;
}

uint32_t session_node(const struct session *s)
{
	if (trace_event_count(s->trace) == 0)
		return 0;
	return trace_event_get(s->trace, s->event < trace_event_count(s->trace) ? s->event : 0).node;
}

int session_position_at(const struct position *root, const struct trace *t, uint32_t node,
			struct position *pos, move *line)
{
	move moves[SEARCH_MAX_PLY + 2];
	int len = 0;

	*pos = *root;
	if (node >= trace_node_count(t))
		return 0;
	for (uint32_t n = node; n != TRACE_NONE && trace_node_get(t, n).parent != TRACE_NONE &&
	     len < SEARCH_MAX_PLY + 1; n = trace_node_get(t, n).parent)
		moves[len++] = trace_node_get(t, n).move;
	for (int i = 0; i < len; i++) {
		struct undo u;
		move m = moves[len - 1 - i];

		if (line)
			line[i] = m;
		board_make(pos, m, &u);
	}
	return len;
}

void session_line_text(const struct position *root, const struct trace *t, uint32_t node,
		       char *buf, size_t n)
{
	move line[SEARCH_MAX_PLY + 1];
	struct position pos;
	int len = session_position_at(root, t, node, &pos, line);
	size_t used = 0;

	buf[0] = '\0';
	pos = *root;
	for (int i = 0; i < len && used + 1 < n; i++) {
		char san[NOTATION_BUFSIZE], num[16] = "";
		struct undo u;

		if (pos.side == WHITE)
			snprintf(num, sizeof num, "%d. ", pos.fullmove);
		else if (i == 0)
			snprintf(num, sizeof num, "%d... ", pos.fullmove);
		notation_san(&pos, line[i], san);
		used += (size_t)snprintf(buf + used, n - used, "%s%s%s", i ? " " : "", num, san);
		board_make(&pos, line[i], &u);
	}
	if (len == 0)
		snprintf(buf, n, "(the root position)");
}

uint32_t session_step(const struct trace *t, uint32_t ev, int dir)
{
	if (trace_event_count(t) == 0)
		return 0;
	if (dir > 0)
		return ev + 1 < trace_event_count(t) ? ev + 1 : ev;
	return ev > 0 ? ev - 1 : 0;
}

uint32_t session_step_over(const struct trace *t, uint32_t ev)
{
	struct trace_event e_v;
	const struct trace_event *e = &e_v;

	if (ev >= trace_event_count(t))
		return ev;
	e_v = trace_event_get(t, ev);
	if (e->kind == TE_MOVE) {
		uint32_t child = trace_child_of_move_event(e);

		if (child < trace_node_count(t) && trace_node_get(t, child).leave != TRACE_NONE)
			return session_step(t, trace_node_get(t, child).leave, 1);
	}
	if (e->kind == TE_ENTER && trace_node_get(t, e->node).leave != TRACE_NONE)
		return trace_node_get(t, e->node).leave;
	{
		uint32_t next = trace_node_next_event(t, e->node, ev);

		return next == TRACE_NONE ? session_step(t, ev, 1) : next;
	}
}

uint32_t session_step_out(const struct trace *t, uint32_t ev)
{
	uint32_t node, parent;

	if (ev >= trace_event_count(t))
		return ev;
	node = trace_event_get(t, ev).node;
	parent = trace_node_get(t, node).parent;
	if (parent == TRACE_NONE)
		parent = node;
	return trace_node_get(t, parent).leave != TRACE_NONE ? trace_node_get(t, parent).leave : ev;
}

uint32_t session_find_kind(const struct trace *t, uint32_t ev, int kind, int dir)
{
	/* The trace's index by kind: no scan of the events (issue 9). */
	uint32_t a = trace_find_kind(t, ev, kind == SESSION_KIND_CUTOFF ? TE_BETA_CUTOFF : kind, dir);

	if (kind == SESSION_KIND_CUTOFF) {
		uint32_t b = trace_find_kind(t, ev, TRACE_STAND_PAT_CUTOFF, dir);

		if (a == TRACE_NONE || (b != TRACE_NONE && (dir > 0 ? b < a : b > a)))
			a = b;
	}
	return a == TRACE_NONE ? ev : a;
}

bool session_goto(struct session *s, uint32_t node)
{
	if (node >= trace_node_count(s->trace))
		return false;
	s->event = trace_node_get(s->trace, node).enter;
	return true;
}

/* The cached quiescence value of a horizon leaf whose search the node cap stopped. */
#define HORIZON_UNKNOWN (INT32_MIN + 1)

/*
 * The horizon comparison for NODE of trace T, searched from ROOT with OPT,
 * with its values cached in *CACHE (allocated on first use, one per node).
 */
static bool horizon_value(const struct position *root, const struct trace *t, const struct search_options *opt,
			  int32_t **cache, uint32_t node, int *static_value, int *qvalue)
{
	struct trace_node nd_v;
	const struct trace_node *nd = &nd_v;
	struct search_options o = *opt;
	struct search_result r;
	struct position pos;

	if (t == NULL || node >= trace_node_count(t))
		return false;
	nd_v = trace_node_get(t, node);
	/* In mode none a horizon leaf is a main-search node whose one decision is its horizon event. */
	if (opt->mode != QMODE_NONE || !trace_node_is_horizon(t, node))
		return false;
	*static_value = nd->eval;
	if (*cache == NULL) {
		*cache = xmalloc(sizeof **cache * trace_node_count(t));
		for (uint32_t i = 0; i < trace_node_count(t); i++)
			(*cache)[i] = INT32_MIN;
	}
	if ((*cache)[node] == INT32_MIN) {
		session_position_at(root, t, node, &pos, NULL);
		o.mode = QMODE_CAPTURES;
		o.depth = 0;
		o.max_nodes = 100000;
		search_run(&pos, &o, NULL, NULL, &r);
		/* A quiescence search the cap stopped has no value to compare: the leaf shows none. */
		(*cache)[node] = r.stopped ? HORIZON_UNKNOWN : r.score;
	}
	if ((*cache)[node] == HORIZON_UNKNOWN)
		return false;
	*qvalue = (*cache)[node];
	return true;
}

bool session_horizon(struct session *s, uint32_t node, int *static_value, int *qvalue)
{
	return horizon_value(&s->root, s->trace, &s->opt, &s->horizon, node, static_value, qvalue);
}

bool session_side_horizon(struct session *s, int side, uint32_t node, int *static_value, int *qvalue)
{
	struct session_side *sd = &s->side[side == 1];

	return s->comparing && horizon_value(&s->root, sd->trace, &sd->opt, &sd->horizon, node, static_value, qvalue);
}

bool session_quiescence_changed(const struct trace *t, uint32_t node)
{
	struct trace_node nd_v;
	const struct trace_node *nd = &nd_v;
	int verdict;

	if (node >= trace_node_count(t))
		return false;
	nd_v = trace_node_get(t, node);
	if (!(nd->flags & TN_QUIESCENCE) || nd->qply != 0 || nd->leave == TRACE_NONE)
		return false;
	/* What the static value alone would have said about this window. */
	verdict = trace_bound_of(nd->eval, nd->alpha, nd->beta);
	if (verdict != nd->bound)
		return true;
	return verdict == TB_EXACT && nd->score != nd->eval;
}

uint32_t session_find_line(const struct trace *t, const move *line, int len)
{
	uint32_t node = 0;

	if (trace_node_count(t) == 0)
		return 0;
	for (int i = 0; i < len; i++) {
		uint32_t c = trace_child_by_move(t, node, line[i]);

		if (c == TRACE_NONE)
			break;
		node = c;
	}
	return node;
}
