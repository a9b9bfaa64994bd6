/*
 * tracediff.c: aligning two search trees by move path and finding the first
 * decision where they part.
 *
 * Three passes, each a walk of the aligned pairs: one counts the nodes in
 * both trees and in one only, one counts the nodes per quiescence ply, and
 * one walks the pairs in A's search order comparing each pair's own
 * decisions, descending into a child pair where both searched the same move,
 * so that the first difference found is the first in search order.
 */
#include "tracefile/tracediff.h"

#include <stdio.h>
#include <string.h>

#include "chess/notation.h"
#include "tracefile/traceio.h"

struct differ {
	const struct tracediff_side *a, *b;
	struct tracediff_result *r;
};

const char *tracediff_reason_name(enum tracediff_reason reason)
{
	static const char *const names[] = {
		"none", "window", "stand-pat", "stand-pat-value", "prune", "move", "value", "leaf", "kind"
	};

	return reason <= TDR_KIND ? names[reason] : "unknown";
}

/* Counts the pairs of the subtrees at NA and NB, and the nodes in one only. */
static void align(struct differ *d, uint32_t na, uint32_t nb)
{
	const struct trace *ta = d->a->t, *tb = d->b->t;
	struct tracediff_result *r = d->r;

	r->matched++;
	for (uint32_t c = trace_first_child(ta, na); c != TRACE_NONE; c = trace_next_sibling(ta, c)) {
		uint32_t m = trace_child_by_move(tb, nb, trace_node_get(ta, c).move);

		if (m != TRACE_NONE) {
			align(d, c, m);
		} else {
			r->only_a += trace_node_get(ta, c).end - c;
			if (r->first_only_a == TRACE_NONE || c < r->first_only_a)
				r->first_only_a = c;
		}
	}
	for (uint32_t c = trace_first_child(tb, nb); c != TRACE_NONE; c = trace_next_sibling(tb, c)) {
		if (trace_child_by_move(ta, na, trace_node_get(tb, c).move) == TRACE_NONE) {
			r->only_b += trace_node_get(tb, c).end - c;
			if (r->first_only_b == TRACE_NONE || c < r->first_only_b)
				r->first_only_b = c;
		}
	}
}

/* Nodes per quiescence ply: row 0 the main search, row 1 + q quiescence ply q (the last row: deeper). */
static int profile(const struct trace *t, uint64_t *rows)
{
	int used = 1;

	for (uint32_t i = 0; i < trace_node_count(t); i++) {
		int q = trace_node_get(t, i).qply;
		int row = q < 0 ? 0 : 1 + (q < TRACEDIFF_QPLIES - 1 ? q : TRACEDIFF_QPLIES - 1);

		rows[row]++;
		if (row + 1 > used)
			used = row + 1;
	}
	return used;
}

/* A score as the trace text prints it ("+35", "0", "-inf"), in BUF of 16 bytes. */
static const char *score_text(int score, char *buf)
{
	traceio_format_score(score, buf, 16);
	return buf;
}

#define S(x) score_text((x), (char[16]){ 0 })

static const char *uci_text(move m, char *buf)
{
	notation_uci(m, buf);
	return buf;
}

#define U(m) uci_text((m), (char[NOTATION_BUFSIZE]){ 0 })

/* Says what event E did, as the second half of "A ... ; B ...". */
static void describe(const struct trace *t, const struct trace_event *e, char *buf, size_t n)
{
	switch (e->kind) {
	case TE_STAND_PAT:
		snprintf(buf, n, "stands pat at %s (%s)", S(e->v1), trace_outcome_name(e->extra));
		break;
	case TE_MOVE:
		snprintf(buf, n, "searches %s", U(e->move));
		break;
	case TE_ALPHA_RAISE:
		if (e->move == MOVE_NONE)
			snprintf(buf, n, "raises alpha to %s by the stand pat", S(e->v1));
		else
			snprintf(buf, n, "raises alpha to %s by %s", S(e->v1), U(e->move));
		break;
	case TE_BETA_CUTOFF:
		if (e->move == MOVE_NONE)
			snprintf(buf, n, "cuts off with %s by the stand pat", S(e->v1));
		else
			snprintf(buf, n, "cuts off with %s by %s", S(e->v1), U(e->move));
		break;
	case TE_DELTA_PRUNE:
		snprintf(buf, n, "prunes %s (delta: captured %d, margin %d)", U(e->move), e->v1, e->v2);
		break;
	case TE_SEE_PRUNE:
		if (e->v2)
			snprintf(buf, n, "prunes %s (SEE %d below the threshold -%d)", U(e->move), e->v1, e->v2);
		else
			snprintf(buf, n, "prunes %s (SEE %d)", U(e->move), e->v1);
		break;
	case TE_FUTILITY_PRUNE:
		if (e->extra == TFP_SEE)
			snprintf(buf, n, "prunes %s (futility: margin %d, SEE %d)", U(e->move), e->v2, e->v1);
		else
			snprintf(buf, n, "prunes %s (futility: captured %d, margin %d)", U(e->move), e->v1, e->v2);
		break;
	case TE_RECAPTURE_PRUNE:
		snprintf(buf, n, "prunes %s (recaptures only)", U(e->move));
		break;
	case TE_EVASION_PRUNE:
		snprintf(buf, n, "prunes %s (evasion pruning: after %d evasions, best %s)", U(e->move), e->v2, S(e->v1));
		break;
	case TE_LEAVE:
		snprintf(buf, n, "searches no more moves and returns %s (%s)", S(e->v1), trace_bound_name(e->extra));
		break;
	case TE_STOPPED:
		snprintf(buf, n, "stops (node cap or interrupt)");
		break;
	case TE_TT_CUTOFF:
		if (e->v2 == TRACE_TT_DEPTH_NONE)
			snprintf(buf, n, "is answered by the transposition table: %s (%s)", S(e->v1), trace_bound_name(e->extra));
		else
			snprintf(buf, n, "is answered by the transposition table: %s (%s), stored at depth %d", S(e->v1),
				 trace_bound_name(e->extra), e->v2);
		break;
	default:
		snprintf(buf, n, "has a %s leaf worth %s", trace_kind_name(e->kind), S(e->v1));
		break;
	}
	(void)t;
}

/* Whether KIND skips a move: delta, SEE, futility, recapture or evasion pruning. */
static bool is_prune_kind(int kind)
{
	return trace_is_prune(kind);
}

static bool is_leaf_kind(int kind)
{
	return kind == TE_MATE || kind == TE_STALEMATE || kind == TE_HORIZON || kind == TE_QDEPTH_LIMIT ||
	       kind == TE_PLY_LIMIT || kind == TE_QUIET_LEAF || kind == TE_TT_CUTOFF;
}

/* Records the parting at NA / NB with REASON, and the two sides' descriptions. */
static void part(struct differ *d, uint32_t na, uint32_t nb, enum tracediff_reason reason, const char *a_did,
		 const char *b_did)
{
	struct tracediff_result *r = d->r;

	r->parted = true;
	r->reason = reason;
	r->node_a = na;
	r->node_b = nb;
	snprintf(r->why, sizeof r->why, "A %s; B %s", a_did, b_did);
}

static bool same_event(const struct trace_event *x, const struct trace_event *y)
{
	if (x->kind != y->kind || x->move != y->move)
		return false;
	switch (x->kind) {
	case TE_MOVE:
	case TE_STOPPED:
		return true;
	case TE_DELTA_PRUNE:
	case TE_SEE_PRUNE:
	case TE_RECAPTURE_PRUNE:
	case TE_EVASION_PRUNE:
		return x->v1 == y->v1 && x->v2 == y->v2;
	case TE_FUTILITY_PRUNE:
	case TE_TT_CUTOFF:
		return x->v1 == y->v1 && x->v2 == y->v2 && x->extra == y->extra;
	case TE_STAND_PAT:
	case TE_LEAVE:
		return x->v1 == y->v1 && x->extra == y->extra;
	default:
		return x->v1 == y->v1;
	}
}

/* The reason two different events at the same place differ. */
static enum tracediff_reason classify(const struct trace_event *x, const struct trace_event *y)
{
	if ((x->kind == TE_STAND_PAT) != (y->kind == TE_STAND_PAT))
		return TDR_STAND_PAT;
	if (x->kind == TE_STAND_PAT)
		return TDR_STAND_PAT_VALUE;
	if (is_prune_kind(x->kind) || is_prune_kind(y->kind))
		return TDR_PRUNE;
	if (is_leaf_kind(x->kind) || is_leaf_kind(y->kind))
		return TDR_LEAF;
	if (x->kind == TE_MOVE || y->kind == TE_MOVE)
		return TDR_MOVE;
	return TDR_VALUE;
}

/* Compares the pair NA / NB and its subtree event by event; true when they part. */
static bool strict_pair(struct differ *d, uint32_t na, uint32_t nb)
{
	const struct trace *ta = d->a->t, *tb = d->b->t;
	struct trace_node xa = trace_node_get(ta, na), xb = trace_node_get(tb, nb);
	uint32_t ea, eb;

	if ((xa.flags & TN_QUIESCENCE) != (xb.flags & TN_QUIESCENCE)) {
		part(d, na, nb, TDR_KIND, xa.flags & TN_QUIESCENCE ? "searches it in the quiescence search" : "searches it in the main search",
		     xb.flags & TN_QUIESCENCE ? "in the quiescence search" : "in the main search");
		return true;
	}
	if (xa.alpha != xb.alpha || xa.beta != xb.beta) {
		char wa[64], wb[64];

		snprintf(wa, sizeof wa, "enters it with the window (%s, %s)", S(xa.alpha), S(xa.beta));
		snprintf(wb, sizeof wb, "with (%s, %s)", S(xb.alpha), S(xb.beta));
		part(d, na, nb, TDR_WINDOW, wa, wb);
		return true;
	}
	ea = trace_node_next_event(ta, na, xa.enter);
	eb = trace_node_next_event(tb, nb, xb.enter);
	while (ea != TRACE_NONE && eb != TRACE_NONE) {
		struct trace_event x = trace_event_get(ta, ea), y = trace_event_get(tb, eb);

		if (x.kind == TE_MOVE && y.kind == TE_MOVE && x.move == y.move) {
			if (strict_pair(d, trace_child_of_move_event(&x), trace_child_of_move_event(&y)))
				return true;
		} else if (!same_event(&x, &y)) {
			char da[120], db[120];

			describe(ta, &x, da, sizeof da);
			describe(tb, &y, db, sizeof db);
			part(d, na, nb, classify(&x, &y), da, db);
			return true;
		}
		if (x.kind == TE_LEAVE)
			return false;
		ea = trace_node_next_event(ta, na, ea);
		eb = trace_node_next_event(tb, nb, eb);
	}
	return false;
}

/* The node's stand pat event and first leaf event, if any (scanning its own events). */
static void decisions(const struct trace *t, uint32_t n, const struct trace_event **sp, struct trace_event *spv,
		      int *leaf)
{
	*sp = NULL;
	*leaf = -1;
	for (uint32_t e = trace_node_next_event(t, n, trace_node_get(t, n).enter); e != TRACE_NONE;
	     e = trace_node_next_event(t, n, e)) {
		struct trace_event ev = trace_event_get(t, e);

		if (ev.kind == TE_STAND_PAT && *sp == NULL) {
			*spv = ev;
			*sp = spv;
		} else if (is_leaf_kind(ev.kind) && ev.kind != TE_QUIET_LEAF && *leaf < 0) {
			*leaf = ev.kind;
		}
		if (ev.kind == TE_LEAVE || ev.kind == TE_MOVE)
			break;   /* a stand pat and a leaf come before any move */
	}
}

/* Compares only the decisions that do not depend on values or order; true when they part. */
static bool loose_pair(struct differ *d, uint32_t na, uint32_t nb)
{
	const struct trace *ta = d->a->t, *tb = d->b->t;
	struct trace_node xa = trace_node_get(ta, na), xb = trace_node_get(tb, nb);
	const struct trace_event *spa, *spb;
	struct trace_event va, vb;
	int la, lb;

	if ((xa.flags & TN_QUIESCENCE) != (xb.flags & TN_QUIESCENCE)) {
		part(d, na, nb, TDR_KIND, xa.flags & TN_QUIESCENCE ? "searches it in the quiescence search" : "searches it in the main search",
		     xb.flags & TN_QUIESCENCE ? "in the quiescence search" : "in the main search");
		return true;
	}
	decisions(ta, na, &spa, &va, &la);
	decisions(tb, nb, &spb, &vb, &lb);
	if ((spa != NULL) != (spb != NULL)) {
		char da[120];
		const char *check = xa.flags & TN_IN_CHECK ? " in check" : "";

		if (spa)
			snprintf(da, sizeof da, "stands pat%s (at %s)", check, S(spa->v1));
		else
			snprintf(da, sizeof da, "does not stand pat%s", check);
		part(d, na, nb, TDR_STAND_PAT, da, spb ? "stands pat" : "does not");
		return true;
	}
	if (la != lb) {
		char da[64], db[64];

		snprintf(da, sizeof da, "%s%s", la >= 0 ? "has a leaf: " : "has no leaf", la >= 0 ? trace_kind_name(la) : "");
		snprintf(db, sizeof db, "%s%s", lb >= 0 ? "has a leaf: " : "has no leaf", lb >= 0 ? trace_kind_name(lb) : "");
		part(d, na, nb, TDR_LEAF, da, db);
		return true;
	}
	for (uint32_t c = trace_first_child(ta, na); c != TRACE_NONE; c = trace_next_sibling(ta, c)) {
		uint32_t m = trace_child_by_move(tb, nb, trace_node_get(ta, c).move);

		if (m != TRACE_NONE && loose_pair(d, c, m))
			return true;
	}
	return false;
}

void tracediff_run(const struct tracediff_side *a, const struct tracediff_side *b, const struct position *root,
		   struct tracediff_result *r)
{
	struct differ d = { a, b, r };
	int ra, rb;

	(void)root;
	memset(r, 0, sizeof *r);
	r->first_only_a = r->first_only_b = TRACE_NONE;
	r->node_a = r->node_b = TRACE_NONE;
	r->strict = a->own_values && b->own_values && a->own_order && b->own_order &&
		    a->opt->eval == b->opt->eval && a->opt->order == b->opt->order;
	ra = profile(a->t, r->profile_a);
	rb = profile(b->t, r->profile_b);
	r->profile_rows = ra > rb ? ra : rb;
	if (trace_node_count(a->t) == 0 || trace_node_count(b->t) == 0)
		return;
	align(&d, 0, 0);
	if (r->strict)
		strict_pair(&d, 0, 0);
	else
		loose_pair(&d, 0, 0);
}
