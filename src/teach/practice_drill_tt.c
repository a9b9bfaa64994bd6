/*
 * practice_drill_tt.c: the drill of the transposition table (issue 29):
 * does the table answer this node, and what does it return when it does.
 *
 * The drill runs a search with --tt (depth 2: at depth 1 the table has
 * little to answer) and finds the nodes whose probe met an entry of their
 * own position: the tt_cutoff leaves (the table answered), and the nodes it
 * did not answer although it held their position, either at another depth
 * or with a bound that does not decide against their window. The trace
 * records only the answers, so the table is replayed from the trace: every
 * node stores on leaving what its leave event says, in the order the search
 * left them, into a table of the search's size. The replay must agree with
 * every tt_cutoff and every stand pat the table raised; a position where it
 * does not is not asked (it would be a bug in the replay, never a question
 * with a wrong answer).
 */
#include <stdio.h>
#include <string.h>

#include "chess/board.h"
#include "chess/score.h"
#include "search/search.h"
#include "search/trace.h"
#include "search/tt.h"
#include "teach/explain.h"
#include "teach/practice.h"
#include "teach/practice_int.h"

/* The drill's main search depth: two plies, so that the table meets positions reached by two roads. */
#define TT_DRILL_DEPTH 2

/* What a node's probe found: an entry of its own position (the replay's record of one node). */
struct tt_probe_seen {
	int depth;                  /* the node's table depth */
	int edepth;                 /* the entry's */
	int value;                  /* the entry's value as the node sees it (tt_value_from) */
	int bound;                  /* the entry's bound (TB_*) */
};

/* One node on the replay's path from the root: its position, key and table depth, and whether it stores. */
struct tt_frame {
	uint32_t node;
	struct position pos;
	uint64_t key;
	int depth;
	bool stores;
};

/* The replay's path (a search is at most SEARCH_MAX_PLY plies deep), and the probes it saw (by node). */
static struct tt_frame path[SEARCH_MAX_PLY + 2];
static struct tt_probe_seen seen[PRACTICE_MAX_CANDIDATES];
static uint32_t seen_node[PRACTICE_MAX_CANDIDATES];
static int seen_count;

/* Whether a window's end V is a mate score (a window narrowed by a mate found), not the open window's infinity. */
static bool mate_edge(int v)
{
	return SCORE_IS_MATE(v) && v != SCORE_INF && v != -SCORE_INF;
}

/* Node N's tt_cutoff event, or TRACE_NONE; its stand pat's value into *STAND (unchanged when none). */
static uint32_t node_tt_event(const struct trace *t, uint32_t n, int *stand)
{
	uint32_t found = TRACE_NONE;

	for (uint32_t ev = trace_node_event(t, n, 0); ev != TRACE_NONE; ev = trace_node_next_event(t, n, ev)) {
		struct trace_event e = trace_event_get(t, ev);

		if (e.kind == TE_TT_CUTOFF)
			found = ev;
		else if (e.kind == TE_STAND_PAT)
			*stand = e.v1;
	}
	return found;
}

/* Leaves the top frame of the replay's path: a node that stores writes its leave event's result into TABLE. */
static void replay_leave(struct tt *table, const struct trace *t, int top)
{
	struct trace_node nd;

	if (!path[top].stores)
		return;
	nd = trace_node_get(t, path[top].node);
	tt_store(table, path[top].key, path[top].depth, tt_value_to(nd.score, nd.ply),
		 trace_bound_of(nd.score, nd.alpha, nd.beta), MOVE_NONE);
}

/*
 * Replays the table of W's search (its trace, from W's root, with W's
 * options) and adds to W each node whose probe met an entry of its own
 * position: yes where the table answered it. False when the replay and the
 * trace disagree anywhere (the position is then not asked).
 */
static bool replay(struct walk *w)
{
	const struct search_options *o = &w->opt;
	struct tt *table = tt_new(o->tt_size);
	uint32_t count = trace_node_count(w->t);
	int top = -1;
	bool ok = table != NULL;

	seen_count = 0;
	for (uint32_t n = 0; n < count && ok; n++) {
		struct trace_node nd = trace_node_get(w->t, n);
		struct tt_frame *f;
		const struct tt_entry *e;
		bool quiescence = nd.flags & TN_QUIESCENCE, decides = false, probes;
		int stand = nd.eval, value = 0;
		uint32_t cut = node_tt_event(w->t, n, &stand);

		/* The nodes left before N was entered: those on the path that are not its ancestors. */
		while (top >= 0 && path[top].node != nd.parent)
			replay_leave(table, w->t, top--);
		if (nd.parent != TRACE_NONE && top < 0) {
			ok = false;
			break;
		}
		f = &path[++top];
		f->node = n;
		if (nd.parent == TRACE_NONE) {
			f->pos = *w->root;
		} else {
			struct undo u;

			f->pos = path[top - 1].pos;
			board_make(&f->pos, nd.move, &u);
		}
		f->key = quiescence ? search_tt_key(o, &f->pos, nd.qply, nd.move) : f->pos.key;
		f->depth = quiescence ? search_tt_depth(o, nd.qply) : o->depth - nd.ply;
		/* Step 6 comes before step 0: a node at --qdepth or the ply limit neither probes nor stores. */
		probes = !(quiescence && ((o->qdepth >= 0 && nd.qply >= o->qdepth) || nd.ply >= SEARCH_MAX_PLY));
		f->stores = probes && cut == TRACE_NONE;
		if (!probes || nd.ply == 0)
			continue;
		e = tt_probe(table, f->key);
		if (e != NULL) {
			value = tt_value_from(e->value, nd.ply);
			decides = e->depth == f->depth && tt_bound_decides(e->bound, value, nd.alpha, nd.beta);
		}
		/* The replay must find what the search found: every answer, with its numbers. */
		if (decides != (cut != TRACE_NONE)) {
			ok = false;
		} else if (decides) {
			struct trace_event ce = trace_event_get(w->t, cut);

			ok = ce.v1 == value && ce.v2 == e->depth && ce.extra == e->bound;
		} else if (e != NULL && e->depth == f->depth && e->bound == TB_LOWER && quiescence &&
			   !((nd.flags & TN_IN_CHECK) && o->evasions) && o->stand_pat) {
			/* A lower bound that does not decide is stood on when above the static value. */
			ok = stand == (value > nd.eval ? value : nd.eval);
		}
		/* Not asked: a mate stored or at the window's ends (the open window's infinities aside). */
		if (e == NULL || !ok || SCORE_IS_MATE(value) || mate_edge(nd.alpha) || mate_edge(nd.beta) ||
		    seen_count == PRACTICE_MAX_CANDIDATES)
			continue;
		seen[seen_count] = (struct tt_probe_seen){ f->depth, e->depth, value, e->bound };
		seen_node[seen_count++] = n;
		practice_walk_add(w, n, decides ? cut : nd.enter, MOVE_NONE, nd.alpha, decides);
	}
	tt_free(table);
	return ok;
}

/* The probe the replay saw at NODE. */
static const struct tt_probe_seen *probe_of(uint32_t node)
{
	for (int i = 0; i < seen_count; i++)
		if (seen_node[i] == node)
			return &seen[i];
	return &seen[0];
}

/* A bound's words in a prompt: "exact", "a lower bound", "an upper bound". */
static const char *bound_words(int bound)
{
	return bound == TB_LOWER ? "a lower bound" : bound == TB_UPPER ? "an upper bound" : "exact";
}

/* Whether candidate C of W is a no for another depth (the entry's depth is not the node's). */
static bool other_depth(const struct candidate *c)
{
	const struct tt_probe_seen *sp = probe_of(c->node);

	return !c->yes && sp->edepth != sp->depth;
}

/* The K-th candidate of W (from 0) for which WANT holds of it, NULL when there are fewer. */
static const struct candidate *nth(const struct walk *w, int k, bool (*want)(const struct candidate *c))
{
	for (int i = 0; i < w->count; i++)
		if (want(&w->c[i]) && k-- == 0)
			return &w->c[i];
	return NULL;
}

static bool is_yes(const struct candidate *c)
{
	return c->yes;
}

static bool is_no(const struct candidate *c)
{
	return !c->yes;
}

static bool same_depth_no(const struct candidate *c)
{
	return !c->yes && !other_depth(c);
}

/*
 * Picks the node W's question asks about (asked again by id: the id's). At
 * level 2 a node the table answered. At level 1 the table answers most of
 * the nodes where it meets their position, so the noes are favoured: a
 * position with noes asks one two times in three, a position with only
 * yeses is asked one time in four; a no is of another depth half the time
 * where the position has both kinds. The shipped positions give about as
 * many yeses as noes so (tests/practice-check.py counts them).
 */
static const struct candidate *pick(const struct walk *w, int level, uint64_t *rng)
{
	int no = w->count - w->yes, other = 0;

	if (w->s->force_node != TRACE_NONE)
		return practice_walk_pick(w, rng);
	if (level == 2)
		return w->yes ? nth(w, (int)(practice_random(rng) % (uint64_t)w->yes), is_yes) : NULL;
	if (w->count == 0 || (no == 0 && practice_random(rng) % 4 != 0))
		return NULL;
	if (no == 0 || (w->yes > 0 && practice_random(rng) % 3 == 0))
		return nth(w, (int)(practice_random(rng) % (uint64_t)w->yes), is_yes);
	for (int i = 0; i < w->count; i++)
		other += other_depth(&w->c[i]);
	if (other > 0 && (other == no || (practice_random(rng) & 1)))
		return nth(w, (int)(practice_random(rng) % (uint64_t)other), other_depth);
	if (other > 0)
		return nth(w, (int)(practice_random(rng) % (uint64_t)(no - other)), same_depth_no);
	return nth(w, (int)(practice_random(rng) % (uint64_t)no), is_no);
}

bool practice_ask_tt(struct practice_set *s, const struct practice_pos *p, uint64_t *rng,
		     struct practice_question *q, struct walk *w)
{
	const struct candidate *c;
	const struct tt_probe_seen *sp;
	struct trace_node nd;
	char line[256], where[96], opts[64], stored[SCORE_BUFSIZE], a[SCORE_BUFSIZE], b[SCORE_BUFSIZE];
	int level = practice_level_of(s), ret;
	bool quiescence;

	w->opt.tt = true;
	w->opt.depth = TT_DRILL_DEPTH;
	/*
	 * Two positions in three are searched in mode checks, with --check-plies
	 * 1 or 2 (from the position alone, so that its ids stay stable): there a
	 * quiescence node's depth is its class, and the table meets entries of
	 * another depth.
	 */
	if (p->index % 3 != 0) {
		w->opt.mode = QMODE_CHECKS;
		w->opt.check_plies = p->index % 3;
	}
	if (!practice_run(s->trace, &p->pos, &w->opt) || !replay(w))
		return false;
	if ((c = pick(w, level, rng)) == NULL || (level == 2 && !c->yes))
		return false;
	sp = probe_of(c->node);
	nd = trace_node_get(s->trace, c->node);
	quiescence = nd.flags & TN_QUIESCENCE;
	practice_node_position(s->trace, c->node, &p->pos, &q->pos, line, sizeof line);
	practice_question_start(q, s, p, level, c->node, MOVE_NONE);
	score_format(sp->value, nd.ply, stored, sizeof stored);
	score_format_edge(nd.alpha, nd.ply, a, sizeof a);
	score_format_edge(nd.beta, nd.ply, b, sizeof b);
	if (quiescence)
		snprintf(where, sizeof where, "Quiescence node, quiescence ply %d", nd.qply);
	else
		snprintf(where, sizeof where, "Main-search node, remaining depth %d", w->opt.depth - nd.ply);
	if (w->opt.mode == QMODE_CHECKS)
		snprintf(opts, sizeof opts, "--tt, depth %d, mode checks, --check-plies %d", w->opt.depth,
			 w->opt.check_plies);
	else
		snprintf(opts, sizeof opts, "--tt, depth %d", w->opt.depth);
	snprintf(q->prompt, sizeof q->prompt, "%s after %s (%s to move; %s): node depth %d, window [%s, %s]. The table "
		 "holds this position at depth %d: value %s, %s. ", where, line, practice_side_name(&q->pos), opts,
		 sp->depth, a, b, sp->edepth, stored, bound_words(sp->bound));
	ret = sp->value < nd.alpha ? nd.alpha : sp->value > nd.beta ? nd.beta : sp->value;
	if (level == 1) {
		snprintf(q->prompt + strlen(q->prompt), sizeof q->prompt - strlen(q->prompt), "Does the table answer "
			 "the node, cutting it off without a search? (yes/no)");
		practice_answer_yes_no(q, c->yes);
	} else {
		snprintf(q->prompt + strlen(q->prompt), sizeof q->prompt - strlen(q->prompt), "It answers the node: "
			 "what value does the node return, fail-hard? (centipawns)");
		q->type = PA_VALUE;
		q->value = nd.score;
		q->tolerance = 0;
		q->ply = nd.ply;
		score_format(nd.score, nd.ply, q->answer, sizeof q->answer);
	}
	/* The deciding line: the depths first, then the bound against the window, then (answered) the clamp. */
	if (sp->edepth != sp->depth)
		snprintf(q->line, sizeof q->line, "Stored depth %d, node depth %d: another depth, so the entry is no "
			 "answer whatever its bound, and the node is searched.", sp->edepth, sp->depth);
	else if (sp->bound == TB_EXACT)
		snprintf(q->line, sizeof q->line, "Same depth (%d); the value %s is exact: the table answers, and "
			 "fail-hard returns it clamped to the window [%s, %s]: %s.", sp->depth, stored, a, b,
			 practice_bound_text(ret, nd.ply));
	else if (c->yes)
		snprintf(q->line, sizeof q->line, "Same depth (%d); %s %s is %s %s %s: it decides, the table answers, "
			 "and fail-hard returns %s %s.", sp->depth, bound_words(sp->bound), stored,
			 sp->bound == TB_LOWER ? "at or above" : "at or below", sp->bound == TB_LOWER ? "beta" : "alpha",
			 sp->bound == TB_LOWER ? b : a, sp->bound == TB_LOWER ? "beta" : "alpha", sp->bound == TB_LOWER ? b : a);
	else
		snprintf(q->line, sizeof q->line, "Same depth (%d); but %s %s is %s %s %s: it says nothing about this "
			 "window, so the table does not answer and the node is searched%s.", sp->depth,
			 bound_words(sp->bound), stored, sp->bound == TB_LOWER ? "below" : "above",
			 sp->bound == TB_LOWER ? "beta" : "alpha", sp->bound == TB_LOWER ? b : a,
			 sp->bound == TB_LOWER && quiescence && !(nd.flags & TN_IN_CHECK) && sp->value > nd.eval ?
			 " (it stands pat on the stored bound, above its static value)" : "");
	if (c->yes)
		explain_event(s->trace, c->ev, &p->pos, &w->opt, q->sentence, sizeof q->sentence);
	else
		snprintf(q->sentence, sizeof q->sentence, "The table holds this position but does not answer: the "
			 "node searches, and on leaving stores its own result over the entry.");
	return true;
}
