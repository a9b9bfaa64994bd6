/*
 * tracecheck.c: the search rules a trace must keep, checked event by event.
 *
 * The checker walks the events in time order with a stack of the open nodes
 * (the path from the root to the node being searched) and the replayed
 * position. Each open node keeps its window as the search narrows it, the
 * best score so far (for fail-soft), whether it stood pat, and the value of
 * the child that has just returned, which its next decision must account for
 * (a cutoff at or above beta, a raise above alpha, nothing otherwise).
 * Each rule has a name, used in the messages and in quiesce-trace(5).
 */
#include "tracefile/tracecheck.h"
#include "tracefile/tracecheck_int.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/eval.h"
#include "chess/game.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "tracefile/traceio.h"
#include "chess/see.h"
#include "base/util.h"

void tracecheck_path(const struct trace *t, uint32_t node, char *buf, size_t n)
{
	move path[SEARCH_MAX_PLY + 2];
	int len = 0, cut = 0;
	size_t at = 0;

	if (n == 0)
		return;
	buf[0] = '\0';
	for (uint32_t c = node; c != TRACE_NONE && c < trace_node_count(t); c = trace_node_get(t, c).parent) {
		struct trace_node nd = trace_node_get(t, c);

		if (nd.parent == TRACE_NONE)
			break;
		if (len < (int)(sizeof path / sizeof path[0]))
			path[len++] = nd.move;
		else
			cut = 1;
	}
	if (len == 0) {
		snprintf(buf, n, "root");
		return;
	}
	if (cut)
		at += (size_t)snprintf(buf, n, "... ");
	for (int i = len - 1; i >= 0 && at + NOTATION_BUFSIZE + 5 < n; i--) {
		char uci[NOTATION_BUFSIZE];

		notation_uci(path[i], uci);
		at += (size_t)snprintf(buf + at, n - at, "%s%s", i == len - 1 ? "" : " ", uci);
		if (i > 0 && at + NOTATION_BUFSIZE + 5 >= n)
			snprintf(buf + at, n - at, " ...");
	}
}

/*
 * The qply of NODE, a node open or being entered (a violation is always of
 * one): the frames hold it, the one being entered above the others.
 */
static int node_qply(const struct checker *c, uint32_t node)
{
	for (size_t k = c->entering ? c->depth + 1 : c->depth; k-- > 0;)
		if (c->stack[k].node == node)
			return c->stack[k].nd.qply;
	return -1;
}

/* Records a violation of RULE at NODE. */
void tracecheck_violation(struct checker *c, uint32_t node, const char *rule, const char *fmt, ...)
{
	struct tracecheck_report *r = c->rep;
	struct tracecheck_violation *v;
	struct frame *own = NULL;
	va_list ap;

	if (c->cfg->scope_quiescence) {
		/* The main search is taken as given; below a violation, the rest are its consequences. */
		if (node_qply(c, node) < 0)
			return;
		for (size_t k = 0; k < c->depth; k++) {
			struct frame *a = &c->stack[k];

			if (a->node == node) {
				own = a;
				break;
			}
			if (a->vidx != -1) {
				if (a->vidx >= 0)
					r->v[a->vidx].consequences++;
				return;
			}
		}
		if (own != NULL && own->vidx == -1)
			own->vidx = r->kept < TRACECHECK_KEEP ? (long)r->kept : -2;
	}
	r->total++;
	if (r->kept == TRACECHECK_KEEP)
		return;
	if (r->kept % 64 == 0)
		r->v = xrealloc(r->v, sizeof *r->v * (r->kept + 64));
	v = &r->v[r->kept++];
	v->node = node;
	v->consequences = 0;
	snprintf(v->rule, sizeof v->rule, "%s", rule);
	va_start(ap, fmt);
	vsnprintf(v->msg, sizeof v->msg, fmt, ap);
	va_end(ap);
}

/* A score as the trace text prints it ("+35", "0", "-inf"), in BUF of 16 bytes. */
const char *tracecheck_score_text(int score, char *buf)
{
	traceio_format_score(score, buf, 16);
	return buf;
}


const char *tracecheck_uci_text(move m, char *buf)
{
	if (m == MOVE_NONE)
		strcpy(buf, "none");
	else
		notation_uci(m, buf);
	return buf;
}


/*
 * Accounts for the child that has just returned to F, given F's next
 * event E (or its leave): a value at or above beta must be followed by a
 * cutoff by that move, a value above alpha by a raise to it.
 */
static void settle_child(struct checker *c, struct frame *f, const struct trace_event *e)
{
	int v = f->pending_value;
	bool matches = e && e->move == f->pending_move;

	if (!f->pending)
		return;
	f->pending = false;
	/* A declared re-search: the child is searched again by the same move, and its first value is superseded. */
	if (c->decl.research && e && e->kind == TE_MOVE && e->move == f->pending_move)
		return;
	if (v > f->best)
		f->best = v;
	if (v >= f->beta) {
		if (!(e && e->kind == TE_BETA_CUTOFF && matches))
			tracecheck_violation(c, f->node, "missing-cutoff",
				  "expected a beta_cutoff by %s (it returned %s >= beta %s), found %s",
				  U(f->pending_move), S(v), S(f->beta),
				  e ? trace_kind_name(e->kind) : "the end of the node");
	} else if (v > f->alpha) {
		if (!(e && e->kind == TE_ALPHA_RAISE && matches))
			tracecheck_violation(c, f->node, "missing-raise",
				  "expected an alpha_raise by %s (it returned %s in the window (%s, %s)), found %s",
				  U(f->pending_move), S(v), S(f->alpha), S(f->beta),
				  e ? trace_kind_name(e->kind) : "the end of the node");
	}
}

/* Whether M may be searched by quiescence node F (not answering a check) under the declared mode. */
bool tracecheck_quiescence_move_allowed(const struct checker *c, const struct frame *f, move m)
{
	const struct search_options *o = c->opt;
	const struct position *pos = c->pos;

	if (MOVE_IS_CAPTURE(m) || MOVE_IS_EP(m))
		return true;
	/* Quiet promotions: the queen's unless declared otherwise, underpromotions when declared. */
	if (MOVE_IS_PROMOTION(m) && c->decl.quiet_promotions && (MOVE_PROMO_TYPE(m) == QUEEN || c->decl.underpromotions))
		return true;
	if (o->mode == QMODE_CHECKS && (o->check_plies < 0 || f->nd.qply < o->check_plies) &&
	    board_gives_check(pos, m))
		return true;
	if (o->pawn_pushes && PIECE_TYPE(pos->squares[MOVE_FROM(m)]) == PAWN && !MOVE_IS_PROMOTION(m)) {
		int rank = MOVE_TO(m) / 8;

		if (rank == (pos->side == WHITE ? 6 : 1))
			return true;
	}
	return false;
}

/*
 * The order rule: under a declared "order": "mvv-lva" with quiesce's values,
 * the moves a node searches or prunes come by non-increasing MVV-LVA key
 * (search_order_key, the search's own); ties may come in any order.
 */
static void check_order(struct checker *c, struct frame *f, move m)
{
	int key;

	if (c->opt->order != ORDER_MVV_LVA || c->order_other || !c->cfg->own_values)
		return;
	key = search_order_key(c->pos, m);
	if (key > f->last_key)
		tracecheck_violation(c, f->node, "move-order", "expected the MVV-LVA order (the most valuable victim first, then the "
			  "least valuable attacker), found %s after %s", U(m), U(f->last_keyed));
	f->last_key = key;
	f->last_keyed = m;
}

/* Records that the node on top of the stack searched or pruned M. */
void tracecheck_note_handled(struct checker *c, move m)
{
	if (c->handled_len == c->handled_cap) {
		c->handled_cap = c->handled_cap ? c->handled_cap * 2 : 256;
		c->handled = xrealloc(c->handled, sizeof *c->handled * c->handled_cap);
	}
	c->handled[c->handled_len++] = m;
}

/*
 * The moves quiescence node F (not answering a check) must search or prune
 * under the declared options, into LIST: every capture (en passant
 * included) that is not an underpromotion, every queen promotion, in mode
 * checks every quiet check while qply < check_plies, and with pawn_pushes
 * every quiet pawn push to the seventh rank. These are the moves
 * quiescence_move_allowed accepts, generated rather than tested.
 */
static void quiescence_candidates(const struct checker *c, const struct frame *f, struct move_list *list)
{
	const struct search_options *o = c->opt;
	const struct position *pos = c->pos;
	struct move_list extra;
	int n = 0;

	movegen_tactical(pos, list);
	for (int i = 0; i < list->count; i++) {
		move m = list->moves[i];

		/* The declared promotions: quiet ones only when searched, underpromotions only when declared. */
		if (!MOVE_IS_PROMOTION(m) ||
		    ((MOVE_PROMO_TYPE(m) == QUEEN || c->decl.underpromotions) &&
		     (MOVE_IS_CAPTURE(m) || c->decl.quiet_promotions)))
			list->moves[n++] = m;
	}
	list->count = n;
	if (o->mode == QMODE_CHECKS && (o->check_plies < 0 || f->nd.qply < o->check_plies)) {
		movegen_quiet_checks(pos, &extra);
		for (int i = 0; i < extra.count; i++)
			list->moves[list->count++] = extra.moves[i];
	}
	if (o->pawn_pushes) {
		movegen_quiet(pos, &extra);
		for (int i = 0; i < extra.count; i++) {
			move m = extra.moves[i];
			bool dup = false;

			if (MOVE_IS_PROMOTION(m) || PIECE_TYPE(pos->squares[MOVE_FROM(m)]) != PAWN ||
			    MOVE_TO(m) / 8 != (pos->side == WHITE ? 6 : 1))
				continue;
			for (int j = 0; j < list->count; j++)
				dup |= list->moves[j] == m;
			if (!dup)
				list->moves[list->count++] = m;
		}
	}
}

/*
 * The quiescence completeness rule: F, a quiescence node not answering a
 * check that was not cut off, stopped or ended by a leaf, searched or pruned
 * every candidate move. Reports the first candidate it did neither with.
 * Returns whether one was missing.
 */
static bool check_quiescence_complete(struct checker *c, const struct frame *f)
{
	const struct search_options *o = c->opt;
	struct move_list cand;

	quiescence_candidates(c, f, &cand);
	for (int i = 0; i < cand.count; i++) {
		bool done = false;

		for (size_t k = f->handled_at; k < c->handled_len && !done; k++)
			done = c->handled[k] == cand.moves[i];
		if (!done) {
			tracecheck_violation(c, f->node, "quiescence-moves",
				  "expected every candidate (%d: captures, queen promotions%s%s) searched or pruned without a cutoff, "
				  "found %s neither searched nor pruned",
				  cand.count, o->mode == QMODE_CHECKS ? ", checks" : "",
				  o->pawn_pushes ? ", pushes to the seventh" : "", U(cand.moves[i]));
			return true;
		}
	}
	return false;
}

/*
 * The missed-prune rules, at a move F searches: a capture the declared
 * delta rule prunes (static value + captured + margin <= alpha, a capture
 * that does not promote) or the declared SEE rule prunes (negative SEE) must
 * not be searched. Both need quiesce's piece values (own values): another
 * engine's captured values and exchanges are not known to the checker.
 */
static void check_missed_prune(struct checker *c, const struct frame *f, move m)
{
	const struct search_options *o = c->opt;

	if (!c->cfg->own_values || !f->quiescence || f->in_check || !MOVE_IS_CAPTURE(m))
		return;
	if (o->delta && !MOVE_IS_PROMOTION(m)) {
		int value = f->stood ? f->stand_value : f->nd.eval, gain = board_captured_value(c->pos, m);

		if (value + gain + o->delta_margin <= f->alpha) {
			tracecheck_violation(c, f->node, "delta-missed",
				  "expected %s delta-pruned (%d + captured %d + margin %d = %d <= alpha %s), found it searched",
				  U(m), value, gain, o->delta_margin, value + gain + o->delta_margin, S(f->alpha));
			return;
		}
	}
	if (o->see) {
		int see = see_move(c->pos, m);

		if (see < -o->see_margin && o->see_margin == 0)
			tracecheck_violation(c, f->node, "see-missed", "expected %s SEE-pruned (its SEE is %d < 0), found it searched",
				  U(m), see);
		else if (see < -o->see_margin)
			tracecheck_violation(c, f->node, "see-missed", "expected %s SEE-pruned (its SEE is %d < -%d), found it searched",
				  U(m), see, o->see_margin);
	}
}

/*
 * The decision events: a node's first one must come before any move, leaf
 * events alone; but a quiet leaf (no stand pat, no move searched) may follow
 * the prunes of every candidate, which is how it comes about with the stand
 * pat off and delta or SEE pruning on.
 */
static void check_leaf_first(struct checker *c, struct frame *f, const struct trace_event *e)
{
	if (e->kind == TE_QUIET_LEAF && f->searched == 0 && f->only_pruned)
		return;
	if (f->decided || f->searched > 0)
		tracecheck_violation(c, f->node, "leaf-alone", "expected the %s event as the node's only decision, found it after others",
			  trace_kind_name(e->kind));
}

/* Opens child N, whose node is ND, of the node on top of the stack (or the root). */
static void enter_node(struct checker *c, uint32_t n, const struct trace_node *ndp)
{
	const struct search_options *o = c->opt;
	const struct trace_node *nd;
	struct frame *p, *f;
	bool in_check;

	if (c->depth == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 64;
		c->stack = xrealloc(c->stack, sizeof *c->stack * c->cap);
	}
	p = c->depth ? &c->stack[c->depth - 1] : NULL;
	f = &c->stack[c->depth];
	memset(f, 0, sizeof *f);
	f->node = n;
	/*
	 * Field by field: a reader has just written *NDP so, and a copy of the
	 * whole struct, read in wider words, would wait for those writes to land
	 * (a store-forwarding stall at every node).
	 */
	f->nd.parent = ndp->parent;
	f->nd.end = ndp->end;
	f->nd.enter = ndp->enter;
	f->nd.leave = ndp->leave;
	f->nd.alpha = ndp->alpha;
	f->nd.beta = ndp->beta;
	f->nd.eval = ndp->eval;
	f->nd.score = ndp->score;
	f->nd.move = ndp->move;
	f->nd.ply = ndp->ply;
	f->nd.qply = ndp->qply;
	f->nd.flags = ndp->flags;
	f->nd.bound = ndp->bound;
	f->nd.children = ndp->children;
	nd = &f->nd;
	f->handled_at = c->handled_len;
	f->vidx = -1;
	f->last_searched = MOVE_NONE;
	f->last_key = INT_MAX;
	f->last_keyed = MOVE_NONE;
	f->ext = p ? p->ext + p->next_ext : 0;
	c->entering = true;
	if (p) {
		p->next_ext = 0;
		settle_child(c, p, NULL);
		if (!p->expecting || p->expect_child != nd->move)
			tracecheck_violation(c, n, "move-event", "expected a move event for %s before the node is entered", U(nd->move));
		p->expecting = false;
		p->decided = true;
		p->only_pruned = false;
		if (!c->shared_pos)
			board_make(&c->own, nd->move, &f->undo);
	}
	c->depth++;
	c->entering = false;
	/* Its position's repetition key, for a declared repetition draw below it (draw_may_repeat). */
	f->key = c->decl.draws ? game_repetition_key(c->pos) : 0;

	/*
	 * A reader that replays the moves (a shared position) has just set the
	 * flag from board_in_check on this very position (a file's wrong
	 * in_check it refuses): taken as found, not computed twice. The
	 * in-check rule below can only fail on a trace a search hands over.
	 */
	in_check = c->shared_pos ? (nd->flags & TN_IN_CHECK) != 0 : board_in_check(c->pos);
	f->alpha = nd->alpha;
	f->beta = nd->beta;
	f->best = -SCORE_INF;
	f->quiescence = nd->qply >= 0;
	f->in_check = in_check;
	f->evading = f->quiescence && in_check && o->evasions;

	if (nd->alpha >= nd->beta)
		tracecheck_violation(c, n, "window-order", "expected alpha < beta, found the window (%s, %s)", S(nd->alpha), S(nd->beta));
	if (p && c->cfg->scope_quiescence && !p->quiescence)
		;   /* the main search's windows are taken as given */
	else if (p && c->decl.research && (nd->alpha < -p->beta || nd->beta > -p->alpha))
		tracecheck_violation(c, n, "child-window", "expected a window inside (%s, %s), the parent's (%s, %s) negated (a declared "
			  "re-search may narrow it), found (%s, %s)",
			  S(-p->beta), S(-p->alpha), S(p->alpha), S(p->beta), S(nd->alpha), S(nd->beta));
	else if (p && !c->decl.research && (nd->alpha != -p->beta || nd->beta != -p->alpha))
		tracecheck_violation(c, n, "child-window", "expected the window (%s, %s), the parent's (%s, %s) negated, found (%s, %s)",
			  S(-p->beta), S(-p->alpha), S(p->alpha), S(p->beta), S(nd->alpha), S(nd->beta));
	if (c->cfg->own_values && nd->eval != eval_static(c->pos, o->eval))
		tracecheck_violation(c, n, "node-eval", "expected the %s evaluation %s, found %s", eval_kind_name(o->eval),
			  S(eval_static(c->pos, o->eval)), S(nd->eval));
	if (((nd->flags & TN_IN_CHECK) != 0) != in_check)
		tracecheck_violation(c, n, "in-check", "expected in_check %s, found %s",
			  in_check ? "true" : "false", in_check ? "false" : "true");
	/*
	 * The depth: main-search nodes above the horizon, quiescence below it;
	 * the horizon of a node is the declared depth plus the extensions on its
	 * path (less the reductions). Under --scope quiescence the main search's
	 * depths are taken as given: only a main-search node below a quiescence
	 * node is wrong.
	 */
	if (c->cfg->scope_quiescence) {
		if (p && p->quiescence && !f->quiescence)
			tracecheck_violation(c, n, "search-depth", "expected a quiescence node below a quiescence node, found a main-search node");
	} else if (o->mode != QMODE_NONE) {
		int horizon = o->depth + f->ext;
		bool want_q = nd->ply >= horizon;

		if (want_q != f->quiescence)
			tracecheck_violation(c, n, "search-depth", "expected a %s node at ply %d (depth %d%s), found a %s node",
				  want_q ? "quiescence" : "main-search", nd->ply, o->depth,
				  f->ext > 0 ? " and its extensions" : f->ext < 0 ? " less its reductions" : "",
				  f->quiescence ? "quiescence" : "main-search");
		else if (f->quiescence && nd->qply != nd->ply - horizon)
			tracecheck_violation(c, n, "search-depth", "expected qply %d (ply %d - depth %d%s), found %d",
				  nd->ply - horizon, nd->ply, o->depth, f->ext ? " - extensions" : "", nd->qply);
	} else if (f->quiescence) {
		tracecheck_violation(c, n, "search-depth", "expected no quiescence node in mode none, found one at qply %d", nd->qply);
	} else if (nd->ply > o->depth + f->ext) {
		tracecheck_violation(c, n, "search-depth", "expected no node below the horizon (depth %d%s) in mode none, found ply %d",
			  o->depth, f->ext ? " with extensions" : "", nd->ply);
	}
	if (f->quiescence && o->qdepth >= 0 && nd->qply > o->qdepth)
		tracecheck_violation(c, n, "qdepth-exceeded", "expected no quiescence node beyond qdepth %d, found qply %d",
			  o->qdepth, nd->qply);
}

/* Checks a stand pat event of F. */
static void stand_pat(struct checker *c, struct frame *f, const struct trace_event *e)
{
	const struct search_options *o = c->opt;
	int v = e->v1, want;

	if (!f->quiescence)
		tracecheck_violation(c, f->node, "stand-pat-main", "expected no stand pat in the main search, found %s", S(v));
	else if (f->in_check && o->evasions)
		tracecheck_violation(c, f->node, "stand-pat-in-check",
			  "expected no stand pat in check (evasions on: every evasion is searched), found a stand pat of %s",
			  S(v));
	else if (!o->stand_pat)
		tracecheck_violation(c, f->node, "stand-pat-disabled", "expected no stand pat (the stand pat is off), found %s", S(v));
	if (f->stood || f->decided || f->searched)
		tracecheck_violation(c, f->node, "stand-pat-first", "expected the stand pat as the node's first decision, found it after %s",
			  f->stood ? "another stand pat" : "other decisions");
	/*
	 * The stand pat is the node's static value: quiesce's under its own
	 * evaluations, else the node's eval as the trace gives it (a reader
	 * takes an absent one from this very value).
	 */
	if (v != f->nd.eval && c->opt->tt)
		tracecheck_tt_stand_pat(c, f, v);   /* a stored lower bound may raise it */
	else if (v != f->nd.eval)
		tracecheck_violation(c, f->node, "stand-pat-value", "expected the static value %s, found %s", S(f->nd.eval), S(v));
	want = v >= f->beta ? TSP_CUTOFF : v > f->alpha ? TSP_RAISE : TSP_NONE;
	if (e->extra == TSP_CUTOFF && want != TSP_CUTOFF)
		tracecheck_violation(c, f->node, "stand-pat-below-beta",
			  "expected no cutoff by the stand pat %s below beta %s (outcome %s), found a cutoff",
			  S(v), S(f->beta), trace_outcome_name(want));
	else if (e->extra != want)
		tracecheck_violation(c, f->node, "stand-pat-outcome", "expected outcome %s for %s in the window (%s, %s), found %s",
			  trace_outcome_name(want), S(v), S(f->alpha), S(f->beta), trace_outcome_name(e->extra));
	f->stood = true;
	f->stand_value = v;
	f->decided = true;
	f->only_pruned = false;
	if (v > f->best)
		f->best = v;
	if (v >= f->beta) {
		f->cut = true;
		f->cut_by_stand_pat = true;
	} else if (v > f->alpha) {
		f->alpha = v;
		f->stand_raised = true;
	}
}

/* Checks a delta or SEE prune of F. */
static void prune(struct checker *c, struct frame *f, const struct trace_event *e)
{
	const struct search_options *o = c->opt;
	bool delta = e->kind == TE_DELTA_PRUNE;
	const char *what = delta ? "delta" : "SEE";
	move m = e->move;

	if (!f->quiescence || f->in_check)
		tracecheck_violation(c, f->node, delta ? "delta-where" : "see-where",
			  "expected %s pruning only in the quiescence search and not in check, found it %s", what,
			  f->quiescence ? "in check" : "in the main search");
	if (!(MOVE_IS_CAPTURE(m) || MOVE_IS_EP(m)) || (delta && MOVE_IS_PROMOTION(m)))
		tracecheck_violation(c, f->node, delta ? "delta-move" : "see-move", "expected a capture%s, found %s",
			  delta ? " that does not promote" : "", U(m));
	if (f->cut)
		tracecheck_violation(c, f->node, "move-after-cutoff", "expected nothing after the cutoff, found a %s prune of %s", what, U(m));
	f->only_pruned = !f->decided || f->only_pruned;
	f->decided = true;
	check_order(c, f, m);
	tracecheck_note_handled(c, m);
	if (delta) {
		int value = f->stood ? f->stand_value : f->nd.eval;

		if (!o->delta)
			tracecheck_violation(c, f->node, "delta-disabled", "expected no delta pruning (delta is off), found a prune of %s", U(m));
		else if (e->v2 != o->delta_margin)
			tracecheck_violation(c, f->node, "delta-margin", "expected the declared margin %d, found %d", o->delta_margin, e->v2);
		if (c->cfg->own_values && e->v1 != board_captured_value(c->pos, m))
			tracecheck_violation(c, f->node, "delta-captured", "expected the captured value %d for %s, found %d",
				  board_captured_value(c->pos, m), U(m), e->v1);
		if (value + e->v1 + e->v2 > f->alpha)
			tracecheck_violation(c, f->node, "delta-condition",
				  "expected static value + captured + margin <= alpha to prune %s, found %d + %d + %d = %d > alpha %s",
				  U(m), value, e->v1, e->v2, value + e->v1 + e->v2, S(f->alpha));
	} else {
		if (!o->see)
			tracecheck_violation(c, f->node, "see-disabled", "expected no SEE pruning (SEE is off), found a prune of %s", U(m));
		else if (e->v2 != o->see_margin)
			tracecheck_violation(c, f->node, "see-threshold", "expected the declared SEE threshold %d, found %d", o->see_margin,
				  e->v2);
		if (e->v1 >= -e->v2)
			tracecheck_violation(c, f->node, "see-condition", "expected a SEE below -%d to prune %s, found %d", e->v2, U(m), e->v1);
		else if (c->cfg->own_values && (MOVE_IS_CAPTURE(m) || MOVE_IS_EP(m)) && e->v1 != see_move(c->pos, m))
			tracecheck_violation(c, f->node, "see-value", "expected the SEE %d for %s, found %d", see_move(c->pos, m), U(m), e->v1);
	}
}

/* Checks a leaf event (mate, stalemate, horizon, limits, quiet leaf) of F. */
/*
 * Whether the position of the node on top of the stack may repeat one
 * before it: one found an even number of plies back on the path, within
 * the halfmove clock (a capture or a pawn move cannot be taken back), or a
 * clock reaching past the root (the game before it may hold the position,
 * and the trace does not say: the root's FEN gives the clock). Each frame
 * keeps its position's repetition key (enter_node, with draws declared).
 */
static bool draw_may_repeat(const struct checker *c)
{
	uint64_t key = c->stack[c->depth - 1].key;
	int clock = c->pos->halfmove;

	for (size_t k = c->depth - 1, back = 1; k > 0; k--, back++) {
		if (back > (size_t)clock)
			return false;
		if (back % 2 == 0 && back >= 4 && c->stack[k - 1].key == key)
			return true;
	}
	/* The position before the root is c->depth plies back. */
	return (int)c->depth <= clock;
}

static void leaf(struct checker *c, struct frame *f, const struct trace_event *e)
{
	const struct search_options *o = c->opt;
	int v = e->v1, ply = f->nd.ply;

	check_leaf_first(c, f, e);
	f->terminal = true;
	f->terminal_kind = e->kind;
	f->terminal_value = v;
	f->decided = true;
	f->only_pruned = false;
	switch (e->kind) {
	case TE_MATE:
		if (!f->in_check || movegen_count(c->pos) != 0)
			tracecheck_violation(c, f->node, "mate-false", "expected a mate to be a position in check with no legal move, found %s",
				  f->in_check ? "legal moves" : "no check");
		else if (f->quiescence && !o->evasions)
			tracecheck_violation(c, f->node, "mate-false", "expected no mate in the quiescence search with evasions off");
		if (v != -(SCORE_MATE - ply))
			tracecheck_violation(c, f->node, "mate-distance", "expected the mated score -(%d - ply %d) = %d, found %s",
				  SCORE_MATE, ply, -(SCORE_MATE - ply), S(v));
		break;
	case TE_STALEMATE:
		if (f->in_check || movegen_count(c->pos) != 0)
			tracecheck_violation(c, f->node, "stalemate-false", "expected no check and no legal move, found %s",
				  f->in_check ? "a check" : "legal moves");
		if (v != 0)
			tracecheck_violation(c, f->node, "stalemate-value", "expected 0, found %s", S(v));
		break;
	case TE_HORIZON:
		if (o->mode != QMODE_NONE || f->quiescence || ply < o->depth)
			tracecheck_violation(c, f->node, "horizon-where", "expected a horizon leaf only in mode none at the depth (%d), found one %s at ply %d",
				  o->depth, f->quiescence ? "in the quiescence search" : "in the main search", ply);
		break;
	case TE_QDEPTH_LIMIT:
		if (!f->quiescence || o->qdepth < 0 || f->nd.qply < o->qdepth)
			tracecheck_violation(c, f->node, "qdepth-where", "expected the qdepth limit only at qply >= qdepth (%s), found it at qply %d",
				  o->qdepth < 0 ? "none" : S(o->qdepth), f->nd.qply);
		break;
	case TE_PLY_LIMIT:
		if (ply < SEARCH_MAX_PLY)
			tracecheck_violation(c, f->node, "ply-limit-where", "expected the ply limit only at ply %d, found it at ply %d",
				  SEARCH_MAX_PLY, ply);
		break;
	case TE_QUIET_LEAF:
		if (!f->quiescence || o->stand_pat || f->evading)
			tracecheck_violation(c, f->node, "quiet-leaf-where",
				  "expected a quiet leaf only in the quiescence search with the stand pat off and not answering a check");
		break;
	case TE_TT_CUTOFF:
		if (!c->decl.tt && !c->opt->tt)
			tracecheck_violation(c, f->node, "tt-undeclared", "expected no transposition-table cutoff (the trace declares no "
				  "\"tt\"), found one worth %s", S(v));
		else if (e->extra == TB_LOWER && v < f->beta)
			tracecheck_violation(c, f->node, "tt-bound", "expected a stored lower bound to cut off only at or above beta %s, "
				  "found %s", S(f->beta), S(v));
		else if (e->extra == TB_UPPER && v > f->alpha)
			tracecheck_violation(c, f->node, "tt-bound", "expected a stored upper bound to cut off only at or below alpha %s, "
				  "found %s", S(f->alpha), S(v));
		if (c->opt->tt)
			tracecheck_tt_cutoff(c, f, e);   /* quiesce's own table: depth and value as stored */
		break;
	case TE_DRAW:
		if (!c->decl.draws)
			tracecheck_violation(c, f->node, "draw-undeclared", "expected no draw leaf (the trace declares no \"draws\"), found one");
		if (v != 0)
			tracecheck_violation(c, f->node, "draw-value", "expected a draw to score 0, found %s", S(v));
		if (e->extra == TDR_FIFTY && c->pos->halfmove < 100)
			tracecheck_violation(c, f->node, "draw-fifty", "expected a fifty-move draw only at 100 plies without a capture or "
				  "pawn move, found %d", c->pos->halfmove);
		if (e->extra == TDR_REPETITION && c->decl.draws && !draw_may_repeat(c))
			tracecheck_violation(c, f->node, "draw-repetition", "expected a repetition draw only at a position met earlier "
				  "on the path since the last capture or pawn move (%d plies), found none", c->pos->halfmove);
		break;
	}
	if (c->cfg->own_values && e->kind != TE_MATE && e->kind != TE_STALEMATE && e->kind != TE_TT_CUTOFF &&
	    e->kind != TE_DRAW && v != f->nd.eval)
		tracecheck_violation(c, f->node, "leaf-value", "expected the %s to return the static value %s, found %s",
			  trace_kind_name(e->kind), S(f->nd.eval), S(v));
}

/* Checks a raise or a cutoff of F. */
static void raise_or_cut(struct checker *c, struct frame *f, const struct trace_event *e)
{
	int v = e->v1;
	bool cutoff = e->kind == TE_BETA_CUTOFF;

	f->decided = true;
	f->only_pruned = false;
	if (e->move == MOVE_NONE && cutoff && f->null_tried && v == f->null_value) {
		/* By a declared null move whose value reached beta. */
		if (v < f->beta)
			tracecheck_violation(c, f->node, "null-move-cutoff", "expected a null-move cutoff only at or above beta %s, found %s",
				  S(f->beta), S(v));
		if (v > f->best)
			f->best = v;
		f->cut = true;
		return;
	}
	if (e->move == MOVE_NONE) {
		/* By the stand pat: only as a restatement of what the stand pat did. */
		if (!(f->stood && (cutoff ? f->cut_by_stand_pat : f->stand_raised) && v == f->stand_value))
			tracecheck_violation(c, f->node, cutoff ? "cutoff-value" : "raise-value",
				  "expected a %s by no move only after a stand pat %s, found %s",
				  cutoff ? "cutoff" : "raise", cutoff ? "cutoff" : "raise", S(v));
		return;
	}
	if (f->discarded && e->move == f->discarded_move) {
		tracecheck_violation(c, f->node, "stopped-value",
			  "expected no %s by %s: the stop cut its search short, so its value is discarded, found %s",
			  cutoff ? "cutoff" : "raise", U(e->move), S(v));
		if (cutoff)
			f->cut = true;
		return;
	}
	if (cutoff && v < f->beta)
		tracecheck_violation(c, f->node, "cutoff-below-beta", "expected a cutoff score >= beta %s, found %s", S(f->beta), S(v));
	if (f->pending && e->move == f->pending_move) {
		int want = f->pending_value;

		settle_child(c, f, e);
		if (v != want)
			tracecheck_violation(c, f->node, cutoff ? "cutoff-value" : "raise-value",
				  "expected %s, the value %s returned, found %s", S(want), U(e->move), S(v));
	} else {
		tracecheck_violation(c, f->node, cutoff ? "cutoff-value" : "raise-value",
			  "expected a %s only right after the move that caused it, found one by %s",
			  cutoff ? "cutoff" : "raise", U(e->move));
	}
	if (cutoff) {
		f->cut = true;
	} else {
		if (v <= f->alpha || v >= f->beta)
			tracecheck_violation(c, f->node, "raise-window", "expected a raise inside the window (%s, %s), found %s",
				  S(f->alpha), S(f->beta), S(v));
		if (v > f->alpha)
			f->alpha = v;
	}
}

/* Closes F at its leave event E: its score and bound, and what it must have done. */
static void leave_node(struct checker *c, struct frame *f, const struct trace_event *e)
{
	const struct search_options *o = c->opt;
	int score = e->v1, want;
	bool q = f->quiescence;

	settle_child(c, f, NULL);
	if (f->terminal && f->terminal_kind == TE_TT_CUTOFF && !o->fail_soft) {
		/* A fail-hard engine returns a stored value clamped to its window. */
		want = f->terminal_value < f->nd.alpha ? f->nd.alpha : f->terminal_value > f->nd.beta ? f->nd.beta :
		       f->terminal_value;
		if (score == f->terminal_value)
			want = score;
	} else if (f->terminal) {
		want = f->terminal_value;
	} else if (f->cut) {
		want = o->fail_soft ? f->best : f->nd.beta;
	} else {
		want = o->fail_soft && f->best != -SCORE_INF ? f->best : f->alpha;
	}
	if (score != want && !o->fail_soft && !f->terminal && (score < f->nd.alpha || score > f->nd.beta))
		tracecheck_violation(c, f->node, "fail-hard-window",
			  "expected a fail-hard score inside the window [%s, %s] (here %s), found %s",
			  S(f->nd.alpha), S(f->nd.beta), S(want), S(score));
	else if (score != want)
		tracecheck_violation(c, f->node, "leave-score", "expected the %s score %s%s, found %s",
			  o->fail_soft ? "fail-soft" : "fail-hard", S(want),
			  f->terminal ? " (the leaf's value)" : f->cut ? (o->fail_soft ? " (the best score, at the cutoff)" : " (beta, at the cutoff)")
			  : (o->fail_soft ? " (the best score)" : " (alpha)"), S(score));
	if (e->extra != trace_bound_of(score, f->nd.alpha, f->nd.beta))
		tracecheck_violation(c, f->node, "leave-bound", "expected the bound %s for %s in the window (%s, %s), found %s",
			  trace_bound_name(trace_bound_of(score, f->nd.alpha, f->nd.beta)), S(score), S(f->nd.alpha), S(f->nd.beta),
			  trace_bound_name(e->extra));
	if (f->expecting)
		tracecheck_violation(c, f->node, "move-event", "expected the node opened by the move event %s, found none", U(f->expect_child));

	/* What the node should have done and did not. */
	if (!f->stopped && !f->terminal) {
		if (q && !f->evading && o->stand_pat && !f->stood)
			tracecheck_violation(c, f->node, "stand-pat-missing", "expected a stand pat (a quiescence node %s, stand pat on), found none",
				  f->in_check ? "in check with evasions off" : "not in check");
		if (q && o->qdepth >= 0 && f->nd.qply >= o->qdepth)
			tracecheck_violation(c, f->node, "qdepth-missing", "expected the qdepth limit at qply %d (qdepth %d), found a search",
				  f->nd.qply, o->qdepth);
		if (!q && o->mode == QMODE_NONE && f->nd.ply >= o->depth)
			tracecheck_violation(c, f->node, "horizon-missing", "expected a horizon leaf at the depth (%d) in mode none", o->depth);
		else if ((!q || f->evading) && f->searched == 0 && movegen_count(c->pos) == 0)
			tracecheck_violation(c, f->node, "mate-missing", "expected a %s event (no legal move), found none",
				  trace_kind_name(f->in_check ? TE_MATE : TE_STALEMATE));
		else if (!q && !f->cut && f->searched != movegen_count(c->pos))
			tracecheck_violation(c, f->node, "main-moves", "expected every legal move (%d) searched without a cutoff, found %d",
				  movegen_count(c->pos), f->searched);
		else if (f->evading && !f->cut && f->searched + f->evasions_pruned != movegen_count(c->pos))
			tracecheck_violation(c, f->node, "evasions", "expected every evasion (%d) searched or pruned without a cutoff, "
				  "found %d searched, %d pruned", movegen_count(c->pos), f->searched, f->evasions_pruned);
		else if (q && !f->evading && !f->cut && check_quiescence_complete(c, f))
			;   /* reported */
		else if (q && !o->stand_pat && !f->evading && f->searched == 0)
			tracecheck_violation(c, f->node, "quiet-leaf-missing", "expected a quiet_leaf event (no stand pat, nothing searched)");
	}
}

void tracecheck_feed(struct tracecheck *tc, const struct trace_event *ep, const struct trace_node *nd,
		     const struct position *pos)
{
	struct checker *c = &tc->c;
	const struct search_options *opt = c->opt;
	/* Read field by field, not copied: see enter_node. */
	const struct trace_event *e = ep;
	struct frame *f;

	/* The reader's position: the checker's own is not played along (the first event says which it is). */
	if (pos != NULL) {
		c->shared_pos = true;
		c->pos = pos;
	}

	if (e->kind == TE_ENTER) {
		enter_node(c, e->node, nd);
		return;
	}
	if (c->depth == 0 || c->stack[c->depth - 1].node != e->node)
		return;   /* the reader guarantees the nesting; nothing sensible to check */
	f = &c->stack[c->depth - 1];
	/* An extension announces the next move (a re-search's too): the move event settles the last child. */
	if (e->kind != TE_ALPHA_RAISE && e->kind != TE_BETA_CUTOFF && e->kind != TE_LEAVE && e->kind != TE_EXTENSION)
		settle_child(c, f, e);
	if (f->terminal && e->kind != TE_LEAVE && e->kind != TE_STOPPED)
		tracecheck_violation(c, f->node, "leaf-alone", "expected nothing after the %s event, found %s",
			  trace_kind_name(f->terminal_kind), trace_kind_name(e->kind));
	switch (e->kind) {
	case TE_STAND_PAT:
		stand_pat(c, f, e);
		break;
	case TE_MOVE:
		if (f->stopped)
			tracecheck_violation(c, f->node, "move-after-stop", "expected no move after the stop, found %s", U(e->move));
		if (f->cut)
			tracecheck_violation(c, f->node, "move-after-cutoff", "expected no move after the cutoff, found %s", U(e->move));
		if (f->quiescence && !f->evading && !tracecheck_quiescence_move_allowed(c, f, e->move)) {
			/* Quiet checks are allowed below the declared check plies only: say so where they are not. */
			bool checks_here = opt->mode == QMODE_CHECKS &&
					   (opt->check_plies < 0 || f->nd.qply < opt->check_plies);
			char beyond[96] = "";

			if (opt->mode == QMODE_CHECKS && !checks_here && board_gives_check(c->pos, e->move))
				snprintf(beyond, sizeof beyond, ", a check at qply %d, beyond the declared check plies (%d)",
					 f->nd.qply, opt->check_plies);
			tracecheck_violation(c, f->node, "quiescence-move", "expected a capture or a queen promotion%s%s, found %s%s",
				  checks_here ? " or a check" : "",
				  opt->pawn_pushes ? " or a push to the seventh rank" : "", U(e->move), beyond);
		}
		if (f->quiescence && !f->evading && !f->cut)
			check_missed_prune(c, f, e->move);
		if (f->quiescence && !f->cut)
			tracecheck_missed_modern(c, f, e->move);
		check_order(c, f, e->move);
		tracecheck_note_handled(c, e->move);
		/* A declared re-search enters the same move's child again: one move searched. */
		if (!(c->decl.research && e->move == f->last_searched))
			f->searched++;
		f->last_searched = e->move;
		f->decided = true;
		f->only_pruned = false;
		f->expecting = true;
		f->expect_child = e->move;
		break;
	case TE_ALPHA_RAISE:
	case TE_BETA_CUTOFF:
		raise_or_cut(c, f, e);
		break;
	case TE_DELTA_PRUNE:
	case TE_SEE_PRUNE:
		prune(c, f, e);
		break;
	case TE_FUTILITY_PRUNE:
	case TE_RECAPTURE_PRUNE:
	case TE_EVASION_PRUNE:
		tracecheck_modern_prune(c, f, e);
		break;
	case TE_MATE:
	case TE_STALEMATE:
	case TE_HORIZON:
	case TE_QDEPTH_LIMIT:
	case TE_PLY_LIMIT:
	case TE_QUIET_LEAF:
	case TE_TT_CUTOFF:
	case TE_DRAW:
		leaf(c, f, e);
		break;
	case TE_EXTENSION:
		if (!c->decl.extensions)
			tracecheck_violation(c, f->node, "extension-undeclared", "expected no extension (the trace declares no "
				  "\"extensions\"), found %d plies (%s)", e->v1, trace_extension_reason_name(e->extra));
		else if (f->quiescence)
			tracecheck_violation(c, f->node, "extension-where", "expected extensions only in the main search, found "
				  "%d plies in the quiescence search", e->v1);
		f->next_ext = e->v1;
		break;
	case TE_NULL_MOVE:
		if (!c->decl.null_move)
			tracecheck_violation(c, f->node, "null-move-undeclared", "expected no null move (the trace declares no "
				  "\"null_move\"), found one worth %s", S(e->v1));
		else if (f->quiescence || f->in_check)
			tracecheck_violation(c, f->node, "null-move-where", "expected a null move only in the main search and not "
				  "in check, found one %s", f->quiescence ? "in the quiescence search" : "in check");
		if (f->searched > 0 || f->cut)
			tracecheck_violation(c, f->node, "null-move-first", "expected the null move before the node's moves, found "
				  "it after %s", f->cut ? "the cutoff" : "a move");
		f->null_tried = true;
		f->null_value = e->v1;
		f->decided = true;
		f->only_pruned = false;
		break;
	case TE_STOPPED:
		f->stopped = true;
		for (size_t k = 0; k < c->depth; k++)
			c->stack[k].stopped = true;
		break;
	case TE_LEAVE: {
		int score = e->v1;
		move m = f->nd.move;
		uint32_t node = f->node;

		leave_node(c, f, e);
		if (opt->tt)
			tracecheck_tt_left(c, f, score, e->extra);
		c->handled_len = f->handled_at;
		if (c->depth > 1 && !c->shared_pos)
			board_unmake(&c->own, m, &f->undo);
		c->depth--;
		if (c->depth > 0 && f->stopped) {
			/* A child the stop cut short: its value is no value, the parent must ignore it. */
			struct frame *p = &c->stack[c->depth - 1];

			p->discarded = true;
			p->discarded_move = m;
		} else if (c->depth > 0) {
			struct frame *p = &c->stack[c->depth - 1];

			p->pending = true;
			p->pending_value = -score;
			p->pending_move = m;
			p->pending_child = node;
		}
		break;
	}
	default:
		break;
	}
}

void tracecheck_report_free(struct tracecheck_report *rep)
{
	free(rep->v);
	memset(rep, 0, sizeof *rep);
}
