/* explain.c: sentences for a learner about each decision of a recorded search. */
#include "teach/explain.h"

#include <stdio.h>
#include <string.h>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/score.h"
#include "search/option.h"

static const char *const piece_names[7] = { "nothing", "pawn", "knight", "bishop", "rook", "queen", "king" };

void explain_result_score(const struct search_result *r, char *buf, size_t n)
{
	if (!r->stopped)
		score_format(r->score, 0, buf, n);
	else if (!r->has_score)
		snprintf(buf, n, "none");
	else if (SCORE_IS_MATE(r->score))
		/* No "M3" from a part of the root: the best of the moves searched, and no more. */
		snprintf(buf, n, "%s", r->score > 0 ? "a mate (not the shortest: stopped)" : "mated in every move searched");
	else
		snprintf(buf, n, "at least %+d", r->score);
}

void explain_result_stop(const struct search_result *r, const struct search_options *opt, char *buf, size_t n)
{
	char why[96];

	if (!r->stopped) {
		snprintf(buf, n, "%s", "");
		return;
	}
	search_stop_reason(r, opt, why, sizeof why);
	if (r->root_moves_done > 0)
		snprintf(buf, n, "STOPPED after %llu nodes (%s): best of %d/%d root moves searched",
			 (unsigned long long)r->nodes, why, r->root_moves_done, r->root_moves);
	else if (r->has_score)
		snprintf(buf, n, "STOPPED after %llu nodes (%s): no move finished, the stand pat stands",
			 (unsigned long long)r->nodes, why);
	else
		snprintf(buf, n, "STOPPED after %llu nodes (%s): no move finished",
			 (unsigned long long)r->nodes, why);
}

/*
 * A score seen from a node at PLY, in a static buffer of its own, for up to
 * six scores in one sentence.
 */
static const char *sc(int score, int ply)
{
	static char bufs[6][SCORE_BUFSIZE];
	static int next;
	char *b = bufs[next++ % 6];

	score_format(score, ply, b, sizeof bufs[0]);
	return b;
}

/* A window's edge seen from a node at PLY, as score_format_edge ("-inf", never "#-0"); buffers as sc. */
static const char *sce(int score, int ply)
{
	static char bufs[6][SCORE_BUFSIZE];
	static int next;
	char *b = bufs[next++ % 6];

	score_format_edge(score, ply, b, sizeof bufs[0]);
	return b;
}

/*
 * A value a node returned seen from a node at PLY, with what it is worth
 * (BOUND, a TB_*): ">=+50" for a lower bound, "<=-100" for an upper bound,
 * as score_format_bound; six buffers of their own, as sc.
 */
static const char *scb(int score, int ply, int bound)
{
	static char bufs[6][SCORE_BOUND_BUFSIZE];
	static int next;
	char *b = bufs[next++ % 6];

	score_format_bound(score, ply, bound, false, b, sizeof bufs[0]);
	return b;
}

static const char *side_name(int side)
{
	return side == WHITE ? "White" : "Black";
}

/* The SAN of M in POS when legal there, else its UCI. */
static void move_text(const struct position *pos, move m, char *buf)
{
	if (m != MOVE_NONE && movegen_is_legal(pos, m))
		notation_san(pos, m, buf);
	else
		notation_uci(m, buf);
}

/* What kind of move M is in POS, as a phrase: "a capture of a knight", "a check", "a quiet move". */
static void move_kind_phrase(const struct position *pos, move m, char *buf, size_t n)
{
	if (MOVE_IS_PROMOTION(m))
		snprintf(buf, n, "a promotion to a %s%s", piece_names[MOVE_PROMO_TYPE(m)],
			 MOVE_IS_CAPTURE(m) ? " with a capture" : "");
	else if (MOVE_IS_EP(m))
		snprintf(buf, n, "an en passant capture of a pawn");
	else if (MOVE_IS_CAPTURE(m))
		snprintf(buf, n, "a capture of a %s", piece_names[PIECE_TYPE(pos->squares[MOVE_TO(m)])]);
	else if (movegen_is_legal(pos, m) && board_gives_check(pos, m))
		snprintf(buf, n, "a quiet check");
	else
		snprintf(buf, n, "a quiet move");
}

/*
 * Fills POS with the position at NODE, replaying from ROOT, and writes the
 * phrase naming it ("the position after Nxe5", "the root position") to BUF.
 */
static void node_position(const struct trace *t, uint32_t node, const struct position *root,
			  struct position *pos, char *buf, size_t n)
{
	move line[SEARCH_MAX_PLY + 2];
	int len = 0;
	char san[NOTATION_BUFSIZE];

	*pos = *root;
	for (uint32_t x = node; x < trace_node_count(t) && trace_node_get(t, x).parent != TRACE_NONE &&
	     len < SEARCH_MAX_PLY + 1; x = trace_node_get(t, x).parent)
		line[len++] = trace_node_get(t, x).move;
	snprintf(buf, n, "the root position");
	for (int i = len - 1; i >= 0; i--) {
		struct undo u;

		if (i == 0) {
			move_text(pos, line[0], san);
			snprintf(buf, n, "the position after %s", san);
		}
		board_make(pos, line[i], &u);
	}
}

/*
 * What the quiescence search looks for at quiescence ply QPLY under OPT, as
 * a noun phrase: "a capture", "a capture or a check", "a capture or a pawn
 * push to the seventh rank".
 */
static const char *q_moves(const struct search_options *opt, int qply)
{
	bool checks = opt->mode == QMODE_CHECKS && (opt->check_plies < 0 || qply < opt->check_plies);

	if (checks && opt->pawn_pushes)
		return "a capture, a check or a pawn push to the seventh rank";
	if (checks)
		return "a capture or a check";
	if (opt->pawn_pushes)
		return "a capture or a pawn push to the seventh rank";
	return "a capture";
}

/*
 * Alpha at event EV of NODE: the window's alpha at entry, raised by every
 * stand pat or move that raised it before EV (a prune compares with this
 * alpha, not the one at entry).
 */
static int alpha_at(const struct trace *t, uint32_t node, uint32_t ev)
{
	struct trace_node nd = trace_node_get(t, node);
	int alpha = nd.alpha;

	for (uint32_t x = nd.enter; x != TRACE_NONE && x < ev; x = trace_node_next_event(t, node, x)) {
		struct trace_event e = trace_event_get(t, x);

		if (e.kind == TE_ALPHA_RAISE || (e.kind == TE_STAND_PAT && e.extra == TSP_RAISE))
			alpha = e.v1;
	}
	return alpha;
}

/* Whether the side to move in POS is checkmated (in check, no legal move). */
static bool is_mated(const struct position *pos)
{
	return board_in_check(pos) && movegen_count(pos) == 0;
}

/* Appends the faulty variant's warning for a stand pat by WHO, in check in POS, to BUF. */
static void faulty_note(const struct position *pos, const char *who, char *buf, size_t n)
{
	size_t len = strlen(buf);
	bool mated = is_mated(pos);

	if (len + 1 >= n)
		return;
	snprintf(buf + len, n - len, " But %s is in check: this is the faulty variant (evasions off): it stands "
		 "pat in check, which is wrong because the side in check may have no move that keeps this "
		 "value%s%s%s", who, mated ? ", and here " : ".", mated ? who : "",
		 mated ? " is checkmated: it has no legal move at all." : "");
}

/*
 * The value node NODE (ND) stood pat on: its stand_pat event's, which a
 * stored lower bound may have raised above the static value (--tt), else
 * its static value. Delta and futility pruning compare this value.
 */
static int stood_value(const struct trace *t, uint32_t node, const struct trace_node *nd)
{
	struct trace_iter it;
	struct trace_event e;

	trace_iter_init(&it, t, nd->enter + 1);
	if (trace_iter_next(&it, &e) && e.node == node && e.kind == TE_STAND_PAT)
		return e.v1;
	return nd->eval;
}

/*
 * The sentence of a futility, recapture or evasion prune E (event EV of
 * node ND; SAN its move): the numbers that decided, as the search compared
 * them.
 */
static void explain_modern_prune(const struct trace *t, uint32_t ev, const struct trace_event *e,
				 const struct trace_node *nd, const char *san, char *buf, size_t n)
{
	int alpha = alpha_at(t, e->node, ev), sv = stood_value(t, e->node, nd);

	switch (e->kind) {
	case TE_FUTILITY_PRUNE:
		if (e->extra == TFP_SEE)
			snprintf(buf, n, "Futility pruning skips %s: the stand pat %s plus the margin of %d reaches "
				 "only %s, not above alpha (%s), and the capture wins no material (SEE %d), so it "
				 "cannot lift the score.", san, sc(sv, nd->ply), e->v2,
				 sc(sv + e->v2, nd->ply), sc(alpha, nd->ply), e->v1);
		else
			snprintf(buf, n, "Futility pruning skips %s: the stand pat %s plus the margin of %d plus the "
				 "%d of the captured piece reaches only %s, not above alpha (%s).", san,
				 sc(sv, nd->ply), e->v2, e->v1, sc(sv + e->v2 + e->v1, nd->ply),
				 sc(alpha, nd->ply));
		break;
	case TE_RECAPTURE_PRUNE:
		snprintf(buf, n, "Recaptures only: at quiescence ply %d the search tries only moves to the square "
			 "the last move went to, so %s is not searched (what it might have found is not seen).",
			 nd->qply, san);
		break;
	case TE_EVASION_PRUNE:
		snprintf(buf, n, "Evasion pruning skips %s: %d evasion%s already searched and the best of them "
			 "(%s) does not lose to mate, so this quiet reply to the check is not searched.", san,
			 e->v2, e->v2 == 1 ? " was" : "s were", sc(e->v1, nd->ply));
		break;
	default:
		buf[0] = '\0';
		break;
	}
}

void explain_event(const struct trace *t, uint32_t ev, const struct position *root,
		   const struct search_options *opt_in, char *buf, size_t n)
{
	struct search_options defaults;
	const struct search_options *opt = opt_in;
	struct position at, *pos = &at;
	struct trace_event e_v;
	struct trace_node nd_v;
	const struct trace_event *e = &e_v;
	const struct trace_node *nd = &nd_v;
	const char *who;
	char san[NOTATION_BUFSIZE], phrase[96], where[64];

	if (ev >= trace_event_count(t)) {
		snprintf(buf, n, "There is no search to step through yet: type 'search'.");
		return;
	}
	/* Without the options, the sentences assume the default search. */
	if (opt == NULL) {
		option_defaults(&defaults);
		opt = &defaults;
	}
	e_v = trace_event_get(t, ev);
	nd_v = trace_node_get(t, e->node);
	node_position(t, e->node, root, pos, where, sizeof where);
	who = side_name(pos->side);
	move_text(pos, e->move, san);

	switch (e->kind) {
	case TE_ENTER:
		if (!(nd->flags & TN_QUIESCENCE) && !trace_node_is_horizon(t, e->node)) {
			snprintf(buf, n, "The main search enters %s at ply %d, %s to move, with the window "
				 "alpha %s, beta %s: every legal move will be tried.",
				 where, nd->ply, who, sce(nd->alpha, nd->ply), sce(nd->beta, nd->ply));
		} else if (nd->qply <= 0) {
			char takes[200];

			if (opt->mode == QMODE_NONE)
				snprintf(takes, sizeof takes, "With quiescence off, the static value will be taken as it is.");
			else
				snprintf(takes, sizeof takes, "Rather than trust the static value while %s may be "
					 "pending, the quiescence search takes over%s", opt->mode == QMODE_CHECKS ?
					 "captures or checks" : "captures", opt->stand_pat ? "" :
					 "; without a stand pat (brute), the side to move must go on while it has a move to try");
			snprintf(buf, n, "The main search has reached its horizon at %s. %s "
				 "(window alpha %s, beta %s; static value %s for %s).",
				 where, takes, sce(nd->alpha, nd->ply), sce(nd->beta, nd->ply), sc(nd->eval, nd->ply), who);
		} else {
			snprintf(buf, n, "Quiescence ply %d: the exchange goes on in %s, %s to move, "
				 "window alpha %s, beta %s, static value %s.",
				 nd->qply, where, who, sce(nd->alpha, nd->ply), sce(nd->beta, nd->ply), sc(nd->eval, nd->ply));
		}
		if (!(nd->flags & TN_IN_CHECK) || strlen(buf) + 200 >= n)
			break;
		if (!(nd->flags & TN_QUIESCENCE) || opt->mode == QMODE_NONE)
			snprintf(buf + strlen(buf), n - strlen(buf),
				 " %s is in check: every legal move here answers the check.", who);
		else if (opt->evasions)
			snprintf(buf + strlen(buf), n - strlen(buf),
				 " %s is in check, so it may not stand pat: it must answer the check, and every "
				 "legal reply is searched%s (no reply at all is checkmate).", who,
				 opt->evasion_limit >= 0 ? ", but for the quiet ones evasion pruning skips" : "");
		else
			snprintf(buf + strlen(buf), n - strlen(buf),
				 " %s is in check, but this is the faulty variant (evasions off): it will stand pat "
				 "and try only %ss as if it were not in check.", who,
				 opt->mode == QMODE_CHECKS ? "capture and check" : "capture");
		break;
	case TE_STAND_PAT: {
		/* Only the faulty variant stands pat in check: then the usual reasons do not hold. */
		bool checked = (nd->flags & TN_IN_CHECK) != 0;

		if (e->v1 != nd->eval && !checked) {
			/* Raised by the transposition table: a stored lower bound above the static value (--tt). */
			snprintf(buf, n, "The table holds at least %s for this position (a lower bound left by an earlier "
				 "search of it), more than its static value %s: %s stands pat on %s%s.", sc(e->v1, nd->ply),
				 sc(nd->eval, nd->ply), who, sc(e->v1, nd->ply),
				 e->extra == TSP_RAISE ? ", and alpha rises to it" : e->extra == TSP_CUTOFF ?
				 ", at least beta: the node is cut off" : ", not above alpha");
			break;
		}
		if (e->extra == TSP_CUTOFF)
			snprintf(buf, n, "The stand pat of %s is at least beta (%s): %s, so the node returns %s.",
				 sc(e->v1, nd->ply), sce(nd->beta, nd->ply), checked ? "the search takes the static value as a lower bound"
				 : "the side to move need not capture at all",
				 opt->fail_soft ? "its stand pat (fail-soft)" : "beta");
		else if (e->extra == TSP_RAISE && checked)
			snprintf(buf, n, "The stand pat of %s is above alpha (%s): the search takes it as a lower "
				 "bound for %s, so alpha rises to %s.", sc(e->v1, nd->ply), sce(nd->alpha, nd->ply), who, sc(e->v1, nd->ply));
		else if (e->extra == TSP_RAISE)
			snprintf(buf, n, "The stand pat of %s is above alpha (%s): %s can keep at least this "
				 "much by not making %s, so alpha rises to %s and only moves that do better matter.",
				 sc(e->v1, nd->ply), sce(nd->alpha, nd->ply), who, q_moves(opt, nd->qply), sc(e->v1, nd->ply));
		else
			snprintf(buf, n, "The stand pat of %s is not above alpha (%s): doing nothing is not "
				 "good enough here, so %s looks for %s that does better.",
				 sc(e->v1, nd->ply), sce(nd->alpha, nd->ply), who, q_moves(opt, nd->qply));
		if (checked)
			faulty_note(pos, who, buf, n);
		break;
	}
	case TE_MOVE:
		move_kind_phrase(pos, e->move, phrase, sizeof phrase);
		snprintf(buf, n, "%s tries %s, %s (node %u).", who, san, phrase,
			 (unsigned)trace_child_of_move_event(e));
		break;
	case TE_ALPHA_RAISE:
		if (e->move == MOVE_NONE)
			snprintf(buf, n, "Standing pat raises alpha to %s.", sc(e->v1, nd->ply));
		else
			snprintf(buf, n, "%s scores %s for %s, the best so far: alpha rises to %s and %s becomes "
				 "the move to beat.", san, sc(e->v1, nd->ply), who, sc(e->v1, nd->ply), san);
		break;
	case TE_BETA_CUTOFF:
		/* A move that cuts off scores at least beta: its value is a lower bound, written so. */
		snprintf(buf, n, "%s scores %s, at least beta (%s): the opponent would never allow this "
			 "position, so the other moves here are skipped (a beta cutoff).",
			 san, scb(e->v1, nd->ply, TB_LOWER), sce(nd->beta, nd->ply));
		break;
	case TE_DELTA_PRUNE:
		snprintf(buf, n, "Delta pruning skips %s: even winning the %d of the captured piece plus a "
			 "margin of %d, the stand pat %s would reach only %s, not above alpha (%s).",
			 san, e->v1, e->v2, sc(stood_value(t, e->node, nd), nd->ply),
			 sc(stood_value(t, e->node, nd) + e->v1 + e->v2, nd->ply), sce(alpha_at(t, e->node, ev), nd->ply));
		break;
	case TE_SEE_PRUNE:
		if (e->v2)
			snprintf(buf, n, "SEE pruning skips %s: the static exchange on that square loses %d, more "
				 "than the threshold of %d, so the capture is not worth searching.", san, -e->v1, e->v2);
		else
			snprintf(buf, n, "SEE pruning skips %s: the static exchange on that square loses "
				 "material (SEE %s), so the capture is not worth searching.", san, sc(e->v1, nd->ply));
		break;
	case TE_FUTILITY_PRUNE:
	case TE_RECAPTURE_PRUNE:
	case TE_EVASION_PRUNE:
		explain_modern_prune(t, ev, e, nd, san, buf, n);
		break;
	case TE_MATE:
		snprintf(buf, n, "%s is in check and has no legal move: checkmate, scored %s.", who, sc(e->v1, nd->ply));
		break;
	case TE_STALEMATE:
		snprintf(buf, n, "%s has no legal move and is not in check: stalemate, a draw (0).", who);
		break;
	case TE_HORIZON:
		snprintf(buf, n, "The search stops at its horizon and, with quiescence off (mode none), takes "
			 "the static value %s as it is, even if a capture is pending: this is where the "
			 "horizon effect comes from.", sc(e->v1, nd->ply));
		break;
	case TE_QDEPTH_LIMIT:
		snprintf(buf, n, "The quiescence depth limit (qdepth %d) is reached: the static value %s is "
			 "returned without looking further.", opt->qdepth, sc(e->v1, nd->ply));
		break;
	case TE_PLY_LIMIT:
		snprintf(buf, n, "The search is %d plies deep, its hard limit: the static value %s is returned.",
			 nd->ply, sc(e->v1, nd->ply));
		break;
	case TE_QUIET_LEAF: {
		bool pruned = false;

		for (uint32_t x = nd->enter; x != TRACE_NONE && x < ev; x = trace_node_next_event(t, e->node, x)) {
			int kind = trace_event_get(t, x).kind;

			pruned |= trace_is_prune(kind);
		}
		snprintf(buf, n, "Without a stand pat (brute), this node had %s: its static value %s is returned.",
			 pruned ? "no move left to search once pruning skipped its captures" :
			 opt->mode == QMODE_CHECKS && (opt->check_plies < 0 || nd->qply < opt->check_plies) ?
			 (opt->pawn_pushes ? "no capture, check or pawn push to search" : "no capture or check to search") :
			 opt->pawn_pushes ? "no capture or pawn push to search" : "no capture to search", sc(e->v1, nd->ply));
		break;
	}
	case TE_LEAVE:
		if (nd->parent == TRACE_NONE) {
			snprintf(buf, n, "The search is over: the root position is worth %s for %s%s.", sc(e->v1, nd->ply), who,
				 trace_stopped(t) ? " (as far as the stopped search got)" : "");
			break;
		}
		/* The parent sees the child's lower bound as an upper bound, and back. */
		{
			int bound = trace_node_value_bound(t, e->node);

			snprintf(buf, n, "The node returns %s%s to its parent, which sees it as %s.", scb(e->v1, nd->ply, bound),
				 bound == TB_LOWER ? " (a lower bound: at least beta, the true value may be higher)"
				 : bound == TB_UPPER ? " (an upper bound: at most alpha, no move beat it)" : " (exact)",
				 scb(-e->v1, nd->ply - 1, bound == TB_LOWER ? TB_UPPER : bound == TB_UPPER ? TB_LOWER : TB_EXACT));
		}
		break;
	case TE_STOPPED:
		snprintf(buf, n, "The search was stopped here (%s): no further move is tried anywhere. What this "
			 "node and the nodes above it return is not a value: each parent discards it (no raise, "
			 "no cutoff), and the result is the best of the root moves searched to the end.",
			 e->extra ? "interrupted" : "node cap reached");
		break;
	case TE_TT_CUTOFF:
		if (e->v2 == TRACE_TT_DEPTH_NONE) {
			snprintf(buf, n, "The transposition table already holds this position, searched before to enough "
				 "depth: its stored value %s (%s) ends the node without a search.", sc(e->v1, nd->ply),
				 e->extra == TB_LOWER ? "a lower bound, at least beta" : e->extra == TB_UPPER ?
				 "an upper bound, at most alpha" : "exact");
			break;
		}
		{
			char depth[48], stored[SCORE_BOUND_BUFSIZE], why[96];

			if (e->v2 > 0)
				snprintf(depth, sizeof depth, "depth %d", e->v2);
			else if (e->v2 == 0)
				snprintf(depth, sizeof depth, "depth 0 (the quiescence search)");
			else
				snprintf(depth, sizeof depth, "depth %d (quiescence class %d)", e->v2, -e->v2);
			score_format_bound(e->v1, nd->ply, e->extra, false, stored, sizeof stored);
			if (e->extra == TB_LOWER)
				snprintf(why, sizeof why, "at least beta (%s)", sce(nd->beta, nd->ply));
			else if (e->extra == TB_UPPER)
				snprintf(why, sizeof why, "at most alpha (%s)", sce(nd->alpha, nd->ply));
			else
				snprintf(why, sizeof why, "an exact value");
			snprintf(buf, n, "The table answers: this position was left before at %s, the same depth as here, "
				 "with %s, %s: the node is cut off without a search.", depth, stored, why);
		}
		break;
	case TE_DRAW:
		snprintf(buf, n, "%s: the position is a draw, scored %s without a search.",
			 e->extra == TDR_REPETITION ? "The position repeats" : e->extra == TDR_FIFTY ?
			 "Fifty moves have passed without a capture or a pawn move" : "By the engine's draw rule",
			 e->v1 == 0 ? "0" : sc(e->v1, nd->ply));
		break;
	case TE_EXTENSION:
		if (e->v1 >= 0)
			snprintf(buf, n, "The next move is searched %d pl%s deeper than the depth left (%s): the engine "
				 "looks further where the line is forcing.", e->v1, e->v1 == 1 ? "y" : "ies",
				 e->extra == TXR_CHECK ? "it gives check" : e->extra == TXR_ONE_REPLY ? "it is the only reply" :
				 "an extension");
		else
			snprintf(buf, n, "The next move is searched %d pl%s shallower than the depth left (a reduction): "
				 "a late, unpromising move gets a cheaper look, searched again in full if it surprises.",
				 -e->v1, e->v1 == -1 ? "y" : "ies");
		break;
	case TE_NULL_MOVE:
		snprintf(buf, n, "%s passes (a null move) and the opponent's best reply, searched %d pl%s shallower, "
			 "still leaves %s %s: %s.", who, e->v2, e->v2 == 1 ? "y" : "ies", who, sc(e->v1, nd->ply),
			 e->v1 >= nd->beta ? "at least beta, so a real move will too and the node is cut off" :
			 "below beta, so the moves are searched");
		break;
	default:
		snprintf(buf, n, "Event %u of an unknown kind.", (unsigned)ev);
		break;
	}
}

void explain_node(const struct trace *t, uint32_t node, const struct position *root, char *buf, size_t n)
{
	struct trace_node nd_v;
	const struct trace_node *nd = &nd_v;
	struct position at, *pos = &at;
	char kind[32], where[64], value[SCORE_BOUND_BUFSIZE];

	if (node >= trace_node_count(t)) {
		snprintf(buf, n, "No node.");
		return;
	}
	nd_v = trace_node_get(t, node);
	trace_node_value_text(t, node, value, sizeof value);
	node_position(t, node, root, pos, where, sizeof where);
	if (nd->flags & TN_QUIESCENCE)
		snprintf(kind, sizeof kind, "quiescence ply %d", nd->qply);
	else
		snprintf(kind, sizeof kind, "main search");
	snprintf(buf, n, "Node %u, %s (%s, ply %d, %s to move%s): window [%s, %s], static value %s, "
		 "%d child%s, returned %s (%s)%s.",
		 (unsigned)node, where, kind, nd->ply, side_name(pos->side),
		 nd->flags & TN_IN_CHECK ? ", in check" : "",
		 sce(nd->alpha, nd->ply), sce(nd->beta, nd->ply), sc(nd->eval, nd->ply), nd->children, nd->children == 1 ? "" : "ren",
		 value,
		 trace_bound_name(trace_node_value_bound(t, node)),
		 nd->flags & TN_PV ? ", on the principal variation" : "");
}

void explain_tree_line(const struct trace *t, uint32_t node, const char *move_san, const char *note,
		       char *buf, size_t n)
{
	const struct trace_node nd_v = trace_node_get(t, node), *nd = &nd_v;
	char kind[8], window[32], sp[16] = "", badges[96] = "", value[SCORE_BOUND_BUFSIZE];
	size_t bl = 0;
	bool delta = false, see = false, stopped = false, stood = false;

	trace_node_value_text(t, node, value, sizeof value);
	unsigned modern = 0;   /* the modern prune kinds badged so far, a bit each */

	if (nd->flags & TN_QUIESCENCE)
		snprintf(kind, sizeof kind, "q%d", nd->qply);
	else
		snprintf(kind, sizeof kind, "main");
	snprintf(window, sizeof window, "[%s,%s]", sce(nd->alpha, nd->ply), sce(nd->beta, nd->ply));
	for (uint32_t ev = nd->enter; ev != TRACE_NONE; ev = trace_node_next_event(t, node, ev)) {
		const struct trace_event e_v = trace_event_get(t, ev), *e = &e_v;
		const char *b = NULL;

		switch (e->kind) {
		case TE_STAND_PAT:
			stood = true;
			snprintf(sp, sizeof sp, "sp %s", sc(e->v1, nd->ply));
			if (e->extra == TSP_CUTOFF)
				b = "sp-cut";
			break;
		case TE_BETA_CUTOFF:
			b = "cut";
			break;
		case TE_ALPHA_RAISE:
			b = "raise";
			break;
		case TE_DELTA_PRUNE:
			if (!delta)
				b = "delta";
			delta = true;
			break;
		case TE_SEE_PRUNE:
			if (!see)
				b = "see";
			see = true;
			break;
		case TE_FUTILITY_PRUNE:
		case TE_RECAPTURE_PRUNE:
		case TE_EVASION_PRUNE:
			if (!(modern & (1u << (e->kind - TE_FUTILITY_PRUNE))))
				b = e->kind == TE_FUTILITY_PRUNE ? "futility" : e->kind == TE_RECAPTURE_PRUNE ? "recapture" :
				    "evasion-prune";
			modern |= 1u << (e->kind - TE_FUTILITY_PRUNE);
			break;
		case TE_MATE:
			b = "mate";
			break;
		case TE_TT_CUTOFF:
			b = "tt";   /* answered by the transposition table */
			break;
		case TE_STOPPED:
			if (!stopped)
				b = "stopped";
			stopped = true;
			break;
		default:
			break;
		}
		if (b && !(bl && strstr(badges, b) && !strcmp(b, "raise")))
			bl += (size_t)snprintf(badges + bl, bl < sizeof badges ? sizeof badges - bl : 0,
					       "%s%s", bl ? " " : "", b);
		if (bl >= sizeof badges)
			bl = sizeof badges - 1;
	}
	/* A node in check searched evasions, unless it stood pat (the faulty variant searches none). */
	if ((nd->flags & TN_IN_CHECK) && (nd->flags & TN_QUIESCENCE) && !stood && bl + 9 < sizeof badges)
		bl += (size_t)snprintf(badges + bl, sizeof badges - bl, "%sevasion", bl ? " " : "");
	snprintf(buf, n, "%c%-7s %-4s = %-6s %-9s %-13s %s", nd->flags & TN_PV ? '*' : ' ',
		 move_san, kind, value,
		 note ? note : sp, window,
		 badges);
}

void explain_prune_line(const struct trace *t, uint32_t ev, const char *move_san, char *buf, size_t n)
{
	const struct trace_event e_v = trace_event_get(t, ev), *e = &e_v;
	const struct trace_node nd_v = trace_node_get(t, e->node), *nd = &nd_v;
	int sv = stood_value(t, e->node, nd);

	if (e->kind == TE_DELTA_PRUNE)
		snprintf(buf, n, "~%-8s pruned: delta (%s + %d + %d <= alpha %s)", move_san,
			 sc(sv, nd->ply), e->v1, e->v2, sce(alpha_at(t, e->node, ev), nd->ply));
	else if (e->kind == TE_FUTILITY_PRUNE && e->extra == TFP_SEE)
		snprintf(buf, n, "~%-8s pruned: futility (%s + %d <= alpha %s, SEE %d <= 0)", move_san,
			 sc(sv, nd->ply), e->v2, sce(alpha_at(t, e->node, ev), nd->ply), e->v1);
	else if (e->kind == TE_FUTILITY_PRUNE)
		snprintf(buf, n, "~%-8s pruned: futility (%s + %d + %d <= alpha %s)", move_san,
			 sc(sv, nd->ply), e->v2, e->v1, sce(alpha_at(t, e->node, ev), nd->ply));
	else if (e->kind == TE_RECAPTURE_PRUNE)
		snprintf(buf, n, "~%-8s pruned: not a recapture (qply %d)", move_san, nd->qply);
	else if (e->kind == TE_EVASION_PRUNE)
		snprintf(buf, n, "~%-8s pruned: quiet evasion after %d (best %s)", move_san, e->v2, sc(e->v1, nd->ply));
	else if (e->v2)
		snprintf(buf, n, "~%-8s pruned: SEE %s < -%d", move_san, sc(e->v1, nd->ply), e->v2);
	else
		snprintf(buf, n, "~%-8s pruned: SEE %s < 0", move_san, sc(e->v1, nd->ply));
}

void explain_eval(const struct position *pos, enum eval_kind kind, char *buf, size_t n)
{
	struct eval_breakdown b;

	char squares[32] = "", black[48] = "";

	eval_explain(pos, kind, &b);
	if (kind == EVAL_PST)
		snprintf(squares, sizeof squares, ", squares %+d", b.pst[WHITE] - b.pst[BLACK]);
	/* The value for the side to move is said once: "+0 for White, +0 for White" said nothing more. */
	if (pos->side == BLACK)
		snprintf(black, sizeof black, ", %s for Black", sc(b.total, 0));
	snprintf(buf, n, "material %d-%d%s: %s for White%s (to move)", b.material[WHITE], b.material[BLACK],
		 squares, sc(b.white, 0), black);
}
