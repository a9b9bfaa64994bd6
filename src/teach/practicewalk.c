/*
 * practicewalk.c: the questions of a practice walk through a recorded
 * search (practicewalk.h), each one read from the trace at the event that
 * decides it, and the judging of the learner's answers.
 */
#include "teach/practicewalk.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"
#include "chess/notation.h"
#include "chess/score.h"
#include "teach/explain.h"
#include "teach/cursor.h"
#include "teach/session.h"

/* A value guessed this close (centipawns) counts as right: positional terms are hard to add up exactly. */
#define PRACTICEWALK_TOLERANCE 10

static const struct {
	const char *name;
	int level;
	const char *rule;
} kinds[PW_KIND_COUNT] = {
	[PW_STAND_PAT_CUT] = { "stand-pat-cut", 1, "A quiescence node not in check may stand pat on its static "
			       "value: at or above beta it cuts off at once, above alpha it raises alpha." },
	[PW_PRUNE] = { "prune", 1, "Delta pruning skips a capture when stand pat + the captured value + the margin "
		       "is at most alpha; SEE pruning skips a capture whose exchange loses material (SEE < 0)." },
	[PW_RAISE_CUT] = { "raise-cut", 1, "A move's value is minus its child's: at or above beta it cuts off (the "
			   "opponent avoids this node), above alpha it raises alpha (a new best move), else "
			   "nothing changes." },
	[PW_STAND_PAT_VALUE] = { "stand-pat-value", 2, "The stand pat is the static evaluation from the side to "
				 "move's view: material and, with eval pst, the piece-square terms." },
	[PW_FIRST_MOVE] = { "first-move", 2, "MVV-LVA: the most valuable victim first; among captures of the same "
			    "victim, the least valuable attacker first." },
	[PW_NODE_VALUE] = { "node-value", 2, "A node returns its best: the stand pat or the best move's value "
			    "(fail-hard: kept within [alpha, beta])." },
	[PW_BETA] = { "beta", 3, "Negamax: a child is searched with the window [-beta, -alpha] of its parent's "
		      "window at the moment it is played, so its beta is minus the parent's current alpha." },
	[PW_BOUND] = { "bound", 3, "A value at or below the entry alpha is an upper bound, at or above beta a "
		       "lower bound; strictly between them it is exact." },
};

static const char *const yes_no[] = { "yes", "no" };
static const char *const prune_choices[] = { "searched", "delta", "see" };
static const char *const raise_choices[] = { "neither", "raise", "cut" };
static const char *const bound_choices[] = { "exact", "lower", "upper" };

const char *practicewalk_kind_name(enum practicewalk_kind k)
{
	return k < PW_KIND_COUNT ? kinds[k].name : "?";
}

/* Writes "the root", or "the q1 node after Qxd5" / "the main node after e4", into BUF. */
static void node_label(const struct trace *t, const struct position *root, uint32_t node, char *buf, size_t n)
{
	struct trace_node nd = trace_node_get(t, node);
	struct position pos;
	char san[16], kind[8];

	if (nd.parent == TRACE_NONE) {
		snprintf(buf, n, "the root");
		return;
	}
	cursor_position_at(root, t, nd.parent, &pos, NULL);
	notation_san(&pos, nd.move, san);
	if (nd.qply >= 0)
		snprintf(kind, sizeof kind, "q%d", nd.qply);
	else
		snprintf(kind, sizeof kind, "main");
	snprintf(buf, n, "the %s node after %s", kind, san);
}

/* Node NODE's alpha just before its own event EV: the entry alpha, raised by its stand pat and its moves. */
static int alpha_before(const struct trace *t, uint32_t node, uint32_t ev)
{
	struct trace_node nd = trace_node_get(t, node);
	int alpha = nd.alpha;

	for (uint32_t e = trace_node_next_event(t, node, nd.enter); e != TRACE_NONE && e < ev;
	     e = trace_node_next_event(t, node, e)) {
		struct trace_event x = trace_event_get(t, e);

		if (x.kind == TE_ALPHA_RAISE || (x.kind == TE_STAND_PAT && x.extra == TSP_RAISE))
			alpha = x.v1;
	}
	return alpha;
}

static bool is_try(int kind)
{
	return kind == TE_MOVE || kind == TE_DELTA_PRUNE || kind == TE_SEE_PRUNE;
}

/* The number of moves NODE tried or pruned, and whether EV is the first of them. */
static int tries(const struct trace *t, uint32_t node, uint32_t ev, bool *first)
{
	int count = 0;

	*first = false;
	for (uint32_t e = trace_node_next_event(t, node, trace_node_get(t, node).enter); e != TRACE_NONE;
	     e = trace_node_next_event(t, node, e))
		if (is_try(trace_event_get(t, e).kind)) {
			if (count == 0 && e == ev)
				*first = true;
			count++;
		}
	return count;
}

static bool is_finite_score(int v)
{
	return v > -SCORE_MATE && v < SCORE_MATE;
}

/* The child whose leave is the event just before EV, when EV is its parent's next decision; else TRACE_NONE. */
static uint32_t returned_child(const struct trace *t, uint32_t ev, const struct trace_event *e)
{
	struct trace_event prev;

	if (ev == 0)
		return TRACE_NONE;
	prev = trace_event_get(t, ev - 1);
	if (prev.kind != TE_LEAVE || prev.node == e->node || trace_node_get(t, prev.node).parent != e->node)
		return TRACE_NONE;
	return prev.node;
}

/* Whether kind K applies at event EV (of node ND); the question is filled in by fill() when chosen. */
static bool applies(const struct trace *t, const struct position *root, const struct search_options *opt,
		    uint32_t ev, const struct trace_event *e, const struct trace_node *nd, enum practicewalk_kind k)
{
	bool quiet_q = nd->qply >= 0 && !(nd->flags & TN_IN_CHECK), first;

	if (nd->leave == TRACE_NONE || e->kind == TE_STOPPED)
		return false;
	switch (k) {
	case PW_STAND_PAT_CUT:
	case PW_STAND_PAT_VALUE:
		return e->kind == TE_STAND_PAT;
	case PW_RAISE_CUT:
		return returned_child(t, ev, e) != TRACE_NONE;
	case PW_PRUNE:
		if (!opt || !(opt->delta || opt->see) || !quiet_q || !is_try(e->kind) || e->move == MOVE_NONE) {
			return false;
		} else {
			/* Only captures are pruned: a quiet check or a promotion is always searched. */
			struct position pos;
			char san[16];

			cursor_position_at(root, t, e->node, &pos, NULL);
			notation_san(&pos, e->move, san);
			return strchr(san, 'x') != NULL && !strchr(san, '=');
		}
	case PW_FIRST_MOVE:
		return quiet_q && is_try(e->kind) && tries(t, e->node, ev, &first) >= 2 && first;
	case PW_NODE_VALUE:
		return e->kind == TE_LEAVE && nd->children > 0 && is_finite_score(nd->score);
	case PW_BOUND:
		return e->kind == TE_LEAVE && (nd->children > 0 || nd->qply >= 0);
	case PW_BETA:
		return e->kind == TE_ENTER && nd->parent != TRACE_NONE && is_finite_score(nd->beta);
	default:
		return false;
	}
}

static void set_choices(struct practicewalk_question *q, const char *const *words, int count, int right)
{
	q->choice_count = count;
	for (int i = 0; i < count; i++)
		q->choices[i] = words[i];
	q->choice = right;
	snprintf(q->q.answer, sizeof q->q.answer, "%d %s", right + 1, words[right]);
}

static void set_value(struct practicewalk_question *q, int value, int tolerance)
{
	q->q.type = PA_VALUE;
	q->q.value = value;
	q->q.tolerance = tolerance;
	snprintf(q->q.answer, sizeof q->q.answer, "%d", value);
}

/* Fills Q with the question of kind K at event EV. */
static void fill(const struct trace *t, const struct position *root, const struct search_options *opt, uint32_t ev,
		 const struct trace_event *e, const struct trace_node *nd, enum practicewalk_kind k,
		 struct practicewalk_question *q)
{
	char label[96], a[16], b[16], c[16], san[16];
	uint32_t child;
	int alpha;

	memset(q, 0, sizeof *q);
	q->kind = k;
	q->level = kinds[k].level;
	q->event = ev;
	q->before = ev - 1;
	q->node = e->node;
	q->q.rule = kinds[k].rule;
	q->q.level = q->level;
	cursor_position_at(root, t, e->node, &q->q.pos, NULL);
	node_label(t, root, e->node, label, sizeof label);
	label[0] = (char)toupper((unsigned char)label[0]);
	explain_event(t, ev, root, opt, q->q.sentence, sizeof q->q.sentence);
	alpha = alpha_before(t, e->node, ev);
	score_format_edge(alpha, nd->ply, a, sizeof a);
	score_format_edge(nd->beta, nd->ply, b, sizeof b);
	san[0] = '\0';
	if (e->move != MOVE_NONE && is_try(e->kind))
		notation_san(&q->q.pos, e->move, san);
	switch (k) {
	case PW_STAND_PAT_CUT:
		score_format(e->v1, nd->ply, c, sizeof c);
		snprintf(q->q.prompt, sizeof q->q.prompt, "%s stands pat on %s, beta %s: does it cut off? 1 yes, 2 no",
			 label, c, b);
		set_choices(q, yes_no, 2, e->extra == TSP_CUTOFF ? 0 : 1);
		break;
	case PW_STAND_PAT_VALUE:
		snprintf(q->q.prompt, sizeof q->q.prompt, "%s stands pat: what is its static value for the side to "
			 "move? (a number)", label);
		set_value(q, e->v1, PRACTICEWALK_TOLERANCE);
		/* Asked from the move that opens the node: the entry's sentence would give the static value away. */
		if (ev >= 2 && nd->enter == ev - 1 && nd->parent != TRACE_NONE)
			q->before = ev - 2;
		break;
	case PW_PRUNE:
		score_format(nd->eval, nd->ply, c, sizeof c);
		snprintf(q->q.prompt, sizeof q->q.prompt, "%s (stand pat %s, alpha %s): is %s 1 searched, 2 "
			 "delta-pruned or 3 SEE-pruned?", label, c, a, san);
		set_choices(q, prune_choices, 3, e->kind == TE_DELTA_PRUNE ? 1 : e->kind == TE_SEE_PRUNE ? 2 : 0);
		break;
	case PW_RAISE_CUT: {
		int score;

		child = returned_child(t, ev, e);
		score = -trace_node_get(t, child).score;
		alpha = alpha_before(t, e->node, ev);
		score_format_edge(alpha, nd->ply, a, sizeof a);
		score_format(score, nd->ply, c, sizeof c);
		notation_san(&q->q.pos, trace_node_get(t, child).move, san);
		snprintf(q->q.prompt, sizeof q->q.prompt, "%s: %s is worth %s here; alpha %s, beta %s: 1 neither, "
			 "2 raise alpha or 3 cut off?", label, san, c, a, b);
		if (e->kind == TE_BETA_CUTOFF && e->move == trace_node_get(t, child).move) {
			set_choices(q, raise_choices, 3, 2);
		} else if (e->kind == TE_ALPHA_RAISE && e->move == trace_node_get(t, child).move) {
			set_choices(q, raise_choices, 3, 1);
		} else {
			set_choices(q, raise_choices, 3, 0);
			/* The event shown next is the node's next step, not this decision: say the decision. */
			snprintf(q->q.sentence, sizeof q->q.sentence, "%s is worth %s here, not above alpha %s: "
				 "neither alpha nor the best move changes.", san, c, a);
		}
		break;
	}
	case PW_FIRST_MOVE: {
		bool first;

		snprintf(q->q.prompt, sizeof q->q.prompt, "%s has %d captures to try: which comes first? (a move)",
			 label, tries(t, e->node, ev, &first));
		q->q.type = PA_MOVE;
		q->q.mv = e->move;
		snprintf(q->q.answer, sizeof q->q.answer, "%s", san);
		break;
	}
	case PW_NODE_VALUE:
		score_format_edge(nd->alpha, nd->ply, a, sizeof a);
		snprintf(q->q.prompt, sizeof q->q.prompt, "%s is done (entry window [%s, %s]): what value does it "
			 "return? (a number)", label, a, b);
		set_value(q, nd->score, PRACTICEWALK_TOLERANCE);
		break;
	case PW_BETA: {
		struct position pos;
		struct trace_node parent = trace_node_get(t, nd->parent);

		cursor_position_at(root, t, nd->parent, &pos, NULL);
		notation_san(&pos, nd->move, san);
		node_label(t, root, nd->parent, label, sizeof label);
		label[0] = (char)toupper((unsigned char)label[0]);
		score_format_edge(alpha_before(t, nd->parent, ev), parent.ply, a, sizeof a);
		score_format_edge(parent.beta, parent.ply, b, sizeof b);
		snprintf(q->q.prompt, sizeof q->q.prompt, "%s plays %s with alpha %s, beta %s: what is the new node's "
			 "beta? (a number)", label, san, a, b);
		set_value(q, nd->beta, 0);
		break;
	}
	case PW_BOUND:
		score_format_edge(nd->alpha, nd->ply, a, sizeof a);
		score_format(nd->score, nd->ply, c, sizeof c);
		snprintf(q->q.prompt, sizeof q->q.prompt, "%s returns %s (entry window [%s, %s]): is it 1 exact, "
			 "2 a lower bound or 3 an upper bound?", label, c, a, b);
		set_choices(q, bound_choices, 3, nd->bound == TB_LOWER ? 1 : nd->bound == TB_UPPER ? 2 : 0);
		break;
	default:
		break;
	}
	q->label_len = (int)strlen(label);
	if ((size_t)q->label_len > strlen(q->q.prompt))
		q->label_len = 0;
}

bool practicewalk_next(const struct trace *t, const struct position *root, const struct search_options *opt,
		       uint32_t from, int level, struct practicewalk_question *q)
{
	uint32_t count = trace_event_count(t);

	/* The first event has nothing before it to ask from. */
	for (uint32_t ev = from > 0 ? from : 1; ev < count; ev++) {
		struct trace_event e = trace_event_get(t, ev);
		struct trace_node nd = trace_node_get(t, e.node);
		int best = -1;

		/* The kind of the highest level not above LEVEL; the first in kind order among equals. */
		for (int k = 0; k < PW_KIND_COUNT; k++)
			if (kinds[k].level <= level && (best < 0 || kinds[k].level > kinds[best].level) &&
			    applies(t, root, opt, ev, &e, &nd, (enum practicewalk_kind)k))
				best = k;
		if (best >= 0) {
			fill(t, root, opt, ev, &e, &nd, (enum practicewalk_kind)best, q);
			return true;
		}
	}
	return false;
}

/* FNV-1a over N bytes of P, continuing from H. */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ c[i]) * 0x100000001b3ULL;
	return h;
}

/*
 * What makes two decisions the same question: the kind, the kind of node
 * (main search, quiescence, quiescence in check), the values the question
 * gives and the answer (tests/practice-walk.py derives the same from the
 * JSON trace).
 */
static uint64_t signature(const struct trace *t, const struct practicewalk_question *q)
{
	struct trace_event e = trace_event_get(t, q->event);
	struct trace_node nd = trace_node_get(t, q->node), cn, parent;
	int v[7] = { 0 };
	uint32_t child;
	bool first;
	move m = MOVE_NONE;
	uint64_t h = 0xcbf29ce484222325ULL;
	char uci[NOTATION_BUFSIZE] = "";

	v[0] = (int)q->kind;
	v[1] = nd.qply < 0 ? 0 : (nd.flags & TN_IN_CHECK) ? 2 : 1;
	switch (q->kind) {
	case PW_STAND_PAT_CUT:
		v[2] = e.v1;
		v[3] = nd.beta;
		v[4] = q->choice;
		break;
	case PW_STAND_PAT_VALUE:
		v[2] = e.v1;
		break;
	case PW_PRUNE:
		v[2] = nd.eval;
		v[3] = alpha_before(t, q->node, q->event);
		v[4] = q->choice;
		m = e.move;
		break;
	case PW_RAISE_CUT:
		child = returned_child(t, q->event, &e);
		cn = trace_node_get(t, child);
		m = cn.move;
		v[2] = -cn.score;
		v[3] = alpha_before(t, q->node, q->event);
		v[4] = nd.beta;
		v[5] = q->choice;
		break;
	case PW_FIRST_MOVE:
		v[2] = tries(t, q->node, q->event, &first);
		m = e.move;
		break;
	case PW_NODE_VALUE:
		v[2] = nd.alpha;
		v[3] = nd.beta;
		v[4] = nd.score;
		break;
	case PW_BETA:
		parent = trace_node_get(t, nd.parent);
		m = nd.move;
		v[2] = alpha_before(t, nd.parent, q->event);
		v[3] = parent.beta;
		v[4] = nd.beta;
		break;
	case PW_BOUND:
		v[2] = nd.score;
		v[3] = nd.alpha;
		v[4] = nd.beta;
		v[5] = q->choice;
		break;
	default:
		break;
	}
	/* The move as UCI: the same squares are the same move, whatever its flags. */
	if (m != MOVE_NONE)
		notation_uci(m, uci);
	h = fnv(h, v, sizeof v);
	return fnv(h, uci, strlen(uci) + 1);
}

void practicewalk_seen_clear(struct practicewalk_seen *seen)
{
	free(seen->hash);
	memset(seen, 0, sizeof *seen);
}

bool practicewalk_next_unseen(const struct trace *t, const struct position *root, const struct search_options *opt,
			      uint32_t from, int level, struct practicewalk_seen *seen, struct practicewalk_question *q)
{
	while (practicewalk_next(t, root, opt, from, level, q)) {
		uint64_t h = signature(t, q);
		bool repeat = false;

		for (int i = 0; i < seen->count && !repeat; i++)
			repeat = seen->hash[i] == h;
		if (!repeat) {
			if (seen->count == seen->cap) {
				seen->cap = seen->cap ? 2 * seen->cap : 64;
				seen->hash = xrealloc(seen->hash, (size_t)seen->cap * sizeof *seen->hash);
			}
			seen->hash[seen->count++] = h;
			return true;
		}
		from = q->event + 1;
	}
	return false;
}

/* The choice TEXT names: its number, its word or the word's first letter; -1 for none. */
static int parse_choice(const struct practicewalk_question *q, const char *text)
{
	char *end;
	long v = strtol(text, &end, 10);
	int found = -1, letters = 0;

	if (text[0] && *end == '\0')
		return v >= 1 && v <= q->choice_count ? (int)v - 1 : -1;

	for (int i = 0; i < q->choice_count; i++) {
		if (strcasecmp(text, q->choices[i]) == 0)
			return i;
		/* A first letter names a choice when no other choice starts with it ("s" is searched or see). */
		if (text[0] && text[1] == '\0' && tolower((unsigned char)text[0]) == q->choices[i][0]) {
			found = i;
			letters++;
		}
	}
	return letters == 1 ? found : -1;
}

enum practice_verdict practicewalk_judge(const struct practicewalk_question *q, const char *answer,
					 char *buf, size_t n)
{
	char text[64], cutbuf[48];
	int c;

	if (q->choice_count == 0)
		return practice_judge(&q->q, answer, buf, n);
	util_trim_copy(answer, text, sizeof text);
	c = parse_choice(q, text);
	if (c < 0) {
		snprintf(buf, n, "wrong: '%s' is not an answer: expected 1-%d (%s%s%s%s%s); the engine says %s. %s "
			 "Rule: %s", util_cut(text, cutbuf, sizeof cutbuf), q->choice_count, q->choices[0], ", ",
			 q->choices[1], q->choice_count > 2 ? ", " : "", q->choice_count > 2 ? q->choices[2] : "",
			 q->q.answer, q->q.sentence, q->q.rule);
		return PV_MALFORMED;
	}
	snprintf(buf, n, "%s: %s%s. %s Rule: %s", c == q->choice ? "right" : "wrong",
		 c == q->choice ? "" : "the engine says ", q->q.answer, q->q.sentence, q->q.rule);
	return c == q->choice ? PV_RIGHT : PV_WRONG;
}
