/* tracecheck_modern.c: check-trace's rules for the modern quiescence techniques (futility, recaptures, evasion pruning). */
#include "tracefile/tracecheck_int.h"

#include <stdio.h>
#include <string.h>

#include "chess/movegen.h"
#include "chess/see.h"

/* ----------------------------------------- the modern techniques (issue 29) */

/* Whether a quiescence node F (not in check) may search only recaptures: --recaptures N at qply >= N, below the root. */
static bool recaptures_only(const struct checker *c, const struct frame *f)
{
	return c->opt->recaptures >= 0 && f->nd.qply >= c->opt->recaptures && f->nd.move != MOVE_NONE;
}

/* Whether evasion pruning may skip a quiet evasion at F now: enough evasions searched, the best not a mated score. */
static bool evasion_prunable(const struct checker *c, const struct frame *f)
{
	return f->evading && c->opt->evasion_limit >= 0 && f->searched >= c->opt->evasion_limit &&
	       f->best > -(SCORE_MATE - SEARCH_MATE_PLIES);
}

/*
 * The missed-prune rules of the modern techniques, at a move M that F
 * searches: a capture the declared futility rule prunes (own values only;
 * a capture that gives check never is),
 * a move that is not a recapture where only recaptures are searched, a
 * quiet evasion that evasion pruning skips.
 */
void tracecheck_missed_modern(struct checker *c, const struct frame *f, move m)
{
	const struct search_options *o = c->opt;

	if (f->evading) {
		if (evasion_prunable(c, f) && !MOVE_IS_TACTICAL(m))
			tracecheck_violation(c, f->node, "evasion-missed",
				  "expected the quiet evasion %s pruned (%d evasions searched, limit %d, best %s), found it searched",
				  U(m), f->searched, o->evasion_limit, S(f->best));
		return;
	}
	if (!f->quiescence || f->in_check)
		return;
	if (recaptures_only(c, f) && MOVE_TO(m) != MOVE_TO(f->nd.move)) {
		tracecheck_violation(c, f->node, "recapture-missed",
			  "expected only recaptures (to the square of %s) at qply %d (recaptures %d), found %s searched",
			  U(f->nd.move), f->nd.qply, o->recaptures, U(m));
		return;
	}
	/* A capture that gives check is never futility-pruned: searching it is no miss. */
	if (o->futility && c->cfg->own_values && MOVE_IS_CAPTURE(m) && !MOVE_IS_PROMOTION(m) &&
	    !board_gives_check(c->pos, m)) {
		int base = (f->stood ? f->stand_value : f->nd.eval) + o->futility_margin;
		int gain = board_captured_value(c->pos, m), see = see_move(c->pos, m);

		if (base + gain <= f->alpha)
			tracecheck_violation(c, f->node, "futility-missed",
				  "expected %s futility-pruned (%d + margin + captured %d = %d <= alpha %s), found it searched",
				  U(m), base, gain, base + gain, S(f->alpha));
		else if (base <= f->alpha && see <= 0)
			tracecheck_violation(c, f->node, "futility-missed",
				  "expected %s futility-pruned (static value + margin %d <= alpha %s and SEE %d <= 0), found it searched",
				  U(m), base, S(f->alpha), see);
	}
}

/* Checks a futility, recapture or evasion prune E of F. */
void tracecheck_modern_prune(struct checker *c, struct frame *f, const struct trace_event *e)
{
	const struct search_options *o = c->opt;
	move m = e->move;

	if (f->cut)
		tracecheck_violation(c, f->node, "move-after-cutoff", "expected nothing after the cutoff, found a %s of %s",
			  trace_kind_name(e->kind), U(m));
	f->only_pruned = !f->decided || f->only_pruned;
	f->decided = true;
	tracecheck_note_handled(c, m);
	if (e->kind == TE_EVASION_PRUNE) {
		f->evasions_pruned++;
		if (!f->evading)
			tracecheck_violation(c, f->node, "evasion-where", "expected evasion pruning only answering a check in the "
				  "quiescence search, found a prune of %s", U(m));
		else if (o->evasion_limit < 0)
			tracecheck_violation(c, f->node, "evasion-disabled", "expected no evasion pruning (evasion-limit off), found a prune of %s",
				  U(m));
		if (MOVE_IS_TACTICAL(m))
			tracecheck_violation(c, f->node, "evasion-move", "expected a quiet evasion, found %s", U(m));
		if (e->v2 != f->searched || (o->evasion_limit >= 0 && f->searched < o->evasion_limit))
			tracecheck_violation(c, f->node, "evasion-count", "expected at least %d evasions searched before %s is pruned "
				  "(and the event to say how many), found %d searched, the event says %d", o->evasion_limit, U(m),
				  f->searched, e->v2);
		if (e->v1 != f->best || f->best <= -(SCORE_MATE - SEARCH_MATE_PLIES))
			tracecheck_violation(c, f->node, "evasion-condition", "expected a best score so far that is not mated (%s) to prune "
				  "%s, the event says %s", S(f->best), U(m), S(e->v1));
		return;
	}
	if (!f->quiescence || f->in_check)
		tracecheck_violation(c, f->node, e->kind == TE_FUTILITY_PRUNE ? "futility-where" : "recapture-where",
			  "expected %s only in the quiescence search and not in check, found it %s", trace_kind_name(e->kind),
			  f->quiescence ? "in check" : "in the main search");
	if (e->kind == TE_RECAPTURE_PRUNE) {
		if (o->recaptures < 0)
			tracecheck_violation(c, f->node, "recapture-disabled", "expected no recapture pruning (recaptures off), found a "
				  "prune of %s", U(m));
		else if (!recaptures_only(c, f))
			tracecheck_violation(c, f->node, "recapture-where", "expected recaptures only from qply %d, below the root, "
				  "found a prune of %s at qply %d", o->recaptures, U(m), f->nd.qply);
		else if (MOVE_TO(m) == MOVE_TO(f->nd.move))
			tracecheck_violation(c, f->node, "recapture-condition", "expected a move not to the square of %s, found the "
				  "recapture %s pruned", U(f->nd.move), U(m));
		if (f->quiescence && !f->in_check && !tracecheck_quiescence_move_allowed(c, f, m))
			tracecheck_violation(c, f->node, "recapture-move", "expected a move the quiescence search would search, found %s",
				  U(m));
		return;
	}
	/* Futility. */
	{
		int value = f->stood ? f->stand_value : f->nd.eval;

		if (!MOVE_IS_CAPTURE(m) || MOVE_IS_PROMOTION(m))
			tracecheck_violation(c, f->node, "futility-move", "expected a capture that does not promote, found %s", U(m));
		else if (f->quiescence && !f->in_check && board_gives_check(c->pos, m))
			tracecheck_violation(c, f->node, "futility-condition", "expected a capture that does not give check to "
				  "prune, found %s pruned, which gives check", U(m));
		if (!o->futility)
			tracecheck_violation(c, f->node, "futility-disabled", "expected no futility pruning (futility is off), found a "
				  "prune of %s", U(m));
		else if (e->v2 != o->futility_margin)
			tracecheck_violation(c, f->node, "futility-margin", "expected the declared margin %d, found %d", o->futility_margin,
				  e->v2);
		if (e->extra == TFP_SEE) {
			if (value + e->v2 > f->alpha || e->v1 > 0)
				tracecheck_violation(c, f->node, "futility-condition",
					  "expected static value + margin <= alpha and SEE <= 0 to prune %s, found %d + %d = %d "
					  "against alpha %s, SEE %d", U(m), value, e->v2, value + e->v2, S(f->alpha), e->v1);
			else if (c->cfg->own_values && MOVE_IS_CAPTURE(m) && e->v1 != see_move(c->pos, m))
				tracecheck_violation(c, f->node, "futility-see", "expected the SEE %d for %s, found %d", see_move(c->pos, m),
					  U(m), e->v1);
		} else {
			if (c->cfg->own_values && e->v1 != board_captured_value(c->pos, m))
				tracecheck_violation(c, f->node, "futility-captured", "expected the captured value %d for %s, found %d",
					  board_captured_value(c->pos, m), U(m), e->v1);
			if (value + e->v1 + e->v2 > f->alpha)
				tracecheck_violation(c, f->node, "futility-condition",
					  "expected static value + margin + captured <= alpha to prune %s, found %d + %d + %d = %d "
					  "> alpha %s", U(m), value, e->v2, e->v1, value + e->v1 + e->v2, S(f->alpha));
		}
	}
}
