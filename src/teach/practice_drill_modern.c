/*
 * practice_drill_modern.c: the drills of the modern techniques (issue 29).
 * Like the classic drills of practice_drill.c, each runs the search its
 * concept needs on one position, walks the recorded trace for the decisions
 * it asks about and turns one of them into a yes/no question whose answer
 * is the event itself, with the line of arithmetic that decides it:
 *
 *   futility    is this capture futility-pruned (it does not give check, and
 *               stand pat + margin + captured <= alpha, or stand pat + margin
 *               <= alpha and SEE <= 0)
 *   recaptures  is this move skipped as no recapture (--recaptures N: from
 *               quiescence ply N on, only moves to the last move's square)
 */
#include <stdio.h>
#include <string.h>

#include "chess/board.h"
#include "chess/notation.h"
#include "chess/see.h"
#include "search/search.h"
#include "search/trace.h"
#include "teach/explain.h"
#include "teach/practice.h"
#include "teach/practice_int.h"

/* A capture at a quiescence node not in check: futility-pruned (yes) or searched (no); promotions never are. */
static void visit_futility(struct walk *w, uint32_t node, uint32_t ev, const struct trace_event *e, int alpha)
{
	if (e->kind == TE_FUTILITY_PRUNE)
		practice_walk_add(w, node, ev, e->move, alpha, true);
	else if (e->kind == TE_MOVE && MOVE_IS_CAPTURE(e->move) && !MOVE_IS_PROMOTION(e->move))
		practice_walk_add(w, node, ev, e->move, alpha, false);
}

/* A move at a quiescence node not in check: skipped as no recapture (yes) or searched (no). */
static void visit_recaptures(struct walk *w, uint32_t node, uint32_t ev, const struct trace_event *e, int alpha)
{
	if (e->kind == TE_RECAPTURE_PRUNE)
		practice_walk_add(w, node, ev, e->move, alpha, true);
	else if (e->kind == TE_MOVE)
		practice_walk_add(w, node, ev, e->move, alpha, false);
}

bool practice_ask_futility(struct practice_set *s, const struct practice_pos *p, uint64_t *rng,
			   struct practice_question *q, struct walk *w)
{
	const struct candidate *c;
	struct trace_node nd;
	char line[256], san[NOTATION_BUFSIZE];
	int level = practice_level_of(s), margin = w->opt.futility_margin, gain, base, see;

	if (!practice_run(s->trace, &p->pos, &w->opt))
		return false;
	practice_walk_quiescence(w, visit_futility);
	if ((c = practice_walk_pick(w, rng)) == NULL)
		return false;
	nd = trace_node_get(s->trace, c->node);
	practice_node_position(s->trace, c->node, &p->pos, &q->pos, line, sizeof line);
	practice_question_start(q, s, p, level, c->node, c->mv);
	notation_san(&q->pos, c->mv, san);
	snprintf(q->prompt, sizeof q->prompt, "Quiescence node after %s (%s to move): stand pat %d, alpha %s, futility "
		 "margin %d. Is %s futility-pruned? (yes/no)", line, practice_side_name(&q->pos), nd.eval,
		 practice_bound_text(c->alpha, nd.ply), margin, san);
	practice_answer_yes_no(q, c->yes);
	/* The two tests with their figures; a capture that gives check is searched when they would prune it. */
	gain = board_captured_value(&q->pos, c->mv);
	base = nd.eval + margin;
	if (board_gives_check(&q->pos, c->mv) &&
	    (base + gain <= c->alpha || (base <= c->alpha && see_move(&q->pos, c->mv) <= 0))) {
		char sum[128];

		if (base + gain <= c->alpha)
			snprintf(sum, sizeof sum, "Stand pat %d + margin %d + the captured %d = %d, at most alpha %s", nd.eval,
				 margin, gain, base + gain, practice_bound_text(c->alpha, nd.ply));
		else
			snprintf(sum, sizeof sum, "Stand pat %d + margin %d = %d, at most alpha %s, and SEE %d", nd.eval, margin,
				 base, practice_bound_text(c->alpha, nd.ply), see_move(&q->pos, c->mv));
		snprintf(q->line, sizeof q->line, "%s would prune it, but %s gives check: futility never prunes a capture "
			 "that gives check (the stand pat knows nothing of the check, which may mate), so it is searched.",
			 sum, san);
	} else if (base + gain <= c->alpha) {
		snprintf(q->line, sizeof q->line, "Stand pat %d + margin %d + the captured %d = %d, at most alpha %s: "
			 "pruned by the first rule.", nd.eval, margin, gain, base + gain, practice_bound_text(c->alpha, nd.ply));
	} else if (base > c->alpha) {
		snprintf(q->line, sizeof q->line, "Stand pat %d + margin %d = %d, above alpha %s: neither rule applies, "
			 "so %s is searched.", nd.eval, margin, base, practice_bound_text(c->alpha, nd.ply), san);
	} else {
		see = see_move(&q->pos, c->mv);
		snprintf(q->line, sizeof q->line, "Stand pat %d + margin %d + the captured %d = %d, above alpha %s; but "
			 "stand pat + margin = %d is at most alpha, and the exchange on its square gives SEE %d: %s.",
			 nd.eval, margin, gain, base + gain, practice_bound_text(c->alpha, nd.ply), base, see,
			 see <= 0 ? "0 or less, pruned by the second rule" : "it wins material, searched");
	}
	explain_event(s->trace, c->ev, &p->pos, &w->opt, q->sentence, sizeof q->sentence);
	return true;
}

bool practice_ask_recaptures(struct practice_set *s, const struct practice_pos *p, uint64_t *rng,
			     struct practice_question *q, struct walk *w)
{
	const struct candidate *c;
	struct trace_node nd;
	char line[256], san[NOTATION_BUFSIZE], last[NOTATION_BUFSIZE], to[3], from_to[3];
	int level = practice_level_of(s), n = w->opt.recaptures;

	if (!practice_run(s->trace, &p->pos, &w->opt))
		return false;
	practice_walk_quiescence(w, visit_recaptures);
	if ((c = practice_walk_pick(w, rng)) == NULL)
		return false;
	nd = trace_node_get(s->trace, c->node);
	practice_node_position(s->trace, c->node, &p->pos, &q->pos, line, sizeof line);
	practice_question_start(q, s, p, level, c->node, c->mv);
	notation_san(&q->pos, c->mv, san);
	/* The last move's square and the move's, as the learner reads them off the line and the move. */
	notation_uci(nd.move, last);
	snprintf(to, sizeof to, "%.2s", last + 2);
	notation_uci(c->mv, last);
	snprintf(from_to, sizeof from_to, "%.2s", last + 2);
	snprintf(q->prompt, sizeof q->prompt, "Quiescence node after %s (%s to move, quiescence ply %d, --recaptures "
		 "%d): is %s skipped as no recapture? (yes/no)", line, practice_side_name(&q->pos), nd.qply, n, san);
	practice_answer_yes_no(q, c->yes);
	if (nd.qply < n)
		snprintf(q->line, sizeof q->line, "Quiescence ply %d is below %d: the node searches every capture, %s "
			 "too.", nd.qply, n, san);
	else
		snprintf(q->line, sizeof q->line, "Quiescence ply %d is %d or deeper: only moves to %s, the square the "
			 "last move went to, are searched; %s goes to %s: %s.", nd.qply, n, to, san, from_to,
			 strcmp(to, from_to) == 0 ? "a recapture, searched" : "skipped");
	explain_event(s->trace, c->ev, &p->pos, &w->opt, q->sentence, sizeof q->sentence);
	return true;
}
