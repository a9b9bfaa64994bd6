/*
 * test_explain.c: every sentence explain_event writes, under every variant
 * switch, checked against the trace and against the position worked out
 * here: the side named is the side to move, the numbers are the event's,
 * a move is called a capture, a quiet check or a quiet move as it is, and
 * the variant's own behaviour is said (faulty stands pat in check and says
 * so; a mated side is never told it "can keep at least" its value; checks
 * mode looks for checks too; brute's quiet leaf says what it had to search).
 *
 * The positions and what they must show were worked out by hand:
 *   mate-by-capture: Rxe8 is mate (the back rank is closed by f7 g7 h7);
 *   WAC.060: Qh8+ Bxh8 Rxh8 mates, and delta pruning skips Rxh8 (-1200 + 320
 *     + 200 is below alpha);
 *   a bare queen against pawns: QxP is answered by cxd5 (SEE -800);
 *   a stalemate at the root: 7k/5Q2/6K1 with Black to move has no move and
 *     is not in check.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "teach/explain.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "search/option.h"
#include "search/search.h"
#include "search/trace.h"
#include "search/variant.h"

static int failures, checks;

static const char *const positions[] = {
	"4n1k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1",                       /* mate by capture */
	"rn1qr1k1/1p2np2/2p3p1/8/1pPb4/7Q/PB1P1PP1/2KR1B1R w - - 0 1",   /* WAC.060 */
	"4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1",                           /* the horizon */
	"4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1",                            /* QxP loses the queen */
	"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                                /* stalemate */
	"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
	"4k3/8/1P6/8/8/8/8/4K3 w - - 0 1",                               /* b7 is a push to the seventh */
};

/* Each variant, with the event kinds it must produce somewhere over the positions. */
struct variant_case {
	const char *spec;
	int depth;
	int must[4];                 /* TE_* kinds (-1 ends) */
};

#define FAULTY_CHECKED 100       /* pseudo kind: a stand pat in check */

static const struct variant_case variants[] = {
	{ "captures", 1, { TE_MATE, TE_STALEMATE, TE_BETA_CUTOFF, -1 } },
	{ "checks", 1, { TE_MATE, TE_STAND_PAT, -1 } },
	{ "checks+checks-all", 1, { TE_MATE, -1 } },
	{ "faulty", 1, { FAULTY_CHECKED, -1 } },
	{ "checks+no-evasions", 1, { FAULTY_CHECKED, -1 } },
	{ "brute", 1, { TE_QUIET_LEAF, TE_MATE, -1 } },
	{ "checks+no-stand-pat", 1, { TE_QUIET_LEAF, -1 } },
	{ "rival", 1, { TE_STAND_PAT, -1 } },
	{ "captures+delta", 2, { TE_DELTA_PRUNE, -1 } },
	{ "captures+delta=0", 2, { TE_DELTA_PRUNE, -1 } },
	{ "captures+see", 1, { TE_SEE_PRUNE, -1 } },
	{ "captures+soft", 1, { TE_STAND_PAT, -1 } },
	{ "none", 1, { TE_HORIZON, TE_STALEMATE, -1 } },
	{ "captures+qdepth=1", 2, { TE_QDEPTH_LIMIT, -1 } },
	{ "captures+max-nodes=5", 2, { TE_STOPPED, -1 } },
	{ "captures+futility", 2, { TE_FUTILITY_PRUNE, -1 } },
	{ "captures+see+see-margin=50", 1, { TE_SEE_PRUNE, -1 } },
	{ "captures+recaptures=0", 2, { TE_RECAPTURE_PRUNE, -1 } },
	{ "checks+evasion-limit=1", 2, { TE_EVASION_PRUNE, -1 } },
	{ "modern", 2, { TE_STAND_PAT, -1 } },
};

static void check(bool ok, const char *variant, const char *fen, uint32_t ev, const char *what, const char *sentence)
{
	checks++;
	if (ok)
		return;
	failures++;
	printf("FAIL: %s, %s, event %u: %s\n  sentence: %s\n", variant, fen, (unsigned)ev, what, sentence);
}

static bool has(const char *s, const char *part)
{
	return strstr(s, part) != NULL;
}

static const char *score(int v, int ply)
{
	static char bufs[4][24];
	static int next;
	char *b = bufs[next++ & 3];

	score_format(v, ply, b, sizeof bufs[0]);
	return b;
}

/*
 * A window's edge as the sentences write it: a mate at the node itself
 * (the mated side has no move left to make, fewer than 2 plies from here)
 * is the end of the scale, "-inf" or "+inf"; anything else as score().
 */
static const char *edge(int v, int ply)
{
	if (v < 0 && v > -SCORE_INF && SCORE_MATE + v - ply < 2)
		return "-inf";
	if (v > 0 && v < SCORE_INF && SCORE_MATE - v - ply <= 0)
		return "+inf";
	return score(v, ply);
}

/*
 * Whether NODE is a leaf that returns its position's own value (a checkmate,
 * a stalemate, a static value at the horizon, the qdepth or ply limit, or a
 * quiet leaf): its value is exact wherever it lies against the window.
 */
static bool own_value_leaf(const struct trace *t, uint32_t node)
{
	for (uint32_t ev = trace_node_get(t, node).enter; ev < trace_event_count(t); ev++) {
		struct trace_event e = trace_event_get(t, ev);

		if (e.node != node)
			continue;
		if (e.kind == TE_MOVE)
			return false;
		if (e.kind == TE_MATE || e.kind == TE_STALEMATE || e.kind == TE_HORIZON || e.kind == TE_QDEPTH_LIMIT ||
		    e.kind == TE_PLY_LIMIT || e.kind == TE_QUIET_LEAF)
			return true;
		if (e.kind == TE_LEAVE)
			return false;
	}
	return false;
}

/* The position at NODE, replayed here from ROOT along the parent links. */
static void position_at(const struct trace *t, uint32_t node, const struct position *root, struct position *pos)
{
	move line[SEARCH_MAX_PLY + 2];
	int len = 0;

	*pos = *root;
	for (struct trace_node x = trace_node_get(t, node); x.parent != TRACE_NONE; x = trace_node_get(t, x.parent))
		line[len++] = x.move;
	while (len > 0) {
		struct undo u;

		board_make(pos, line[--len], &u);
	}
}

/* Whether quiet checks are searched at quiescence ply QPLY. */
static bool checks_at(const struct search_options *o, int qply)
{
	return o->mode == QMODE_CHECKS && (o->check_plies < 0 || qply < o->check_plies);
}

static void check_event(const struct trace *t, uint32_t ev, const struct position *root,
			const struct search_options *o, const char *vname, const char *fen, bool *seen)
{
	const struct trace_event e_v = trace_event_get(t, ev), *e = &e_v;
	const struct trace_node nd_v = trace_node_get(t, e->node), *nd = &nd_v;
	struct position pos;
	char s[1024], san[NOTATION_BUFSIZE] = "";
	const char *side;
	bool in_check, mated, quiescence = (nd->flags & TN_QUIESCENCE) != 0;

	explain_event(t, ev, root, o, s, sizeof s);
	if (e->kind == TE_ENTER) {
		char line[256];
		bool stood = false;

		/* The tree line: "evasion" only for a quiescence node in check that searched its evasions. */
		for (uint32_t x = nd->enter; x != TRACE_NONE; x = trace_node_next_event(t, e->node, x))
			stood |= trace_event_get(t, x).kind == TE_STAND_PAT;
		explain_tree_line(t, e->node, "m", NULL, line, sizeof line);
		check(has(line, "evasion") == (quiescence && (nd->flags & TN_IN_CHECK) && o->evasions), vname, fen, ev,
		      "the tree line marks evasion iff the node searched evasions", line);
		check(stood == has(line, "sp "), vname, fen, ev, "the tree line shows a stand pat iff it stood pat", line);
	}
	position_at(t, e->node, root, &pos);
	side = pos.side == WHITE ? "White" : "Black";
	in_check = board_in_check(&pos);
	mated = in_check && movegen_count(&pos) == 0;
	if (e->move != MOVE_NONE && movegen_is_legal(&pos, e->move))
		notation_san(&pos, e->move, san);
	seen[e->kind] = true;
	check(s[0] != '\0' && !has(s, "unknown kind"), vname, fen, ev, "a sentence", s);
	check(((nd->flags & TN_IN_CHECK) != 0) == in_check, vname, fen, ev, "the trace's in-check flag", s);

	switch (e->kind) {
	case TE_ENTER:
		check(has(s, side), vname, fen, ev, "ENTER names the side to move", s);
		check(has(s, edge(nd->alpha, nd->ply)) && has(s, edge(nd->beta, nd->ply)), vname, fen, ev, "ENTER gives the window", s);
		if (in_check && quiescence && o->evasions)
			check(has(s, "may not stand pat"), vname, fen, ev, "in check with evasions: no stand pat", s);
		if (in_check && quiescence && !o->evasions) {
			check(has(s, "faulty variant") && !has(s, "may not stand pat"), vname, fen, ev,
			      "in check, faulty: says it will stand pat", s);
		}
		if (quiescence && nd->qply == 0 && o->mode == QMODE_CHECKS)
			check(has(s, "captures or checks"), vname, fen, ev, "checks mode: captures or checks pending", s);
		break;
	case TE_STAND_PAT:
		check(has(s, score(e->v1, nd->ply)), vname, fen, ev, "STAND_PAT gives its value", s);
		check(e->v1 == nd->eval, vname, fen, ev, "the stand pat is the static value", s);
		if (in_check) {
			seen[FAULTY_CHECKED] = true;
			check(!o->evasions, vname, fen, ev, "only the faulty variant stands pat in check", s);
			check(has(s, "faulty variant") && has(s, "stands pat in check, which is wrong"), vname, fen, ev,
			      "a stand pat in check says it is the faulty variant's mistake", s);
			check(!has(s, "can keep at least"), vname, fen, ev, "a side in check is not told it can keep its value", s);
		}
		if (mated)
			check(has(s, side) && has(s, "checkmated"), vname, fen, ev, "a mated side is called checkmated", s);
		if (e->extra == TSP_NONE) {
			check(has(s, "looks for"), vname, fen, ev, "a stand pat below alpha looks for moves", s);
			if (checks_at(o, nd->qply))
				check(has(s, "a check"), vname, fen, ev, "checks mode looks for checks too", s);
			else
				check(!has(s, "check or") && !has(s, "or a check"), vname, fen, ev,
				      "no checks looked for past the check plies", s);
			check(has(s, "pawn push") == o->pawn_pushes, vname, fen, ev, "pawn pushes named iff searched", s);
		} else if (e->extra == TSP_RAISE && !in_check) {
			check(has(s, side) && has(s, "can keep at least"), vname, fen, ev, "a raise: the side keeps its value", s);
		} else if (e->extra == TSP_CUTOFF) {
			check(has(s, edge(nd->beta, nd->ply)), vname, fen, ev, "a cutoff names beta", s);
			check(has(s, "fail-soft") == o->fail_soft, vname, fen, ev, "fail-soft said iff fail-soft", s);
		}
		break;
	case TE_MOVE:
		check(san[0] && has(s, san), vname, fen, ev, "MOVE names its move in SAN", s);
		check(has(s, side), vname, fen, ev, "MOVE names the side", s);
		if (MOVE_IS_PROMOTION(e->move))
			check(has(s, "promotion"), vname, fen, ev, "a promotion is called one", s);
		else if (MOVE_IS_CAPTURE(e->move))
			check(has(s, "capture of a"), vname, fen, ev, "a capture is called one", s);
		else if (board_gives_check(&pos, e->move))
			check(has(s, "a quiet check"), vname, fen, ev, "a quiet check is called one", s);
		else
			check(has(s, "a quiet move"), vname, fen, ev, "a quiet move is called one", s);
		if (quiescence && !in_check && !MOVE_IS_CAPTURE(e->move) && !MOVE_IS_PROMOTION(e->move))
			check(checks_at(o, nd->qply) || o->pawn_pushes, vname, fen, ev,
			      "a quiet quiescence move only in checks mode or rival", s);
		break;
	case TE_ALPHA_RAISE:
		check(has(s, score(e->v1, nd->ply)), vname, fen, ev, "the event's score", s);
		break;
	case TE_BETA_CUTOFF:
	case TE_LEAVE: {
		/*
		 * A cutoff's score is a lower bound, a leave's is what its bound says:
		 * written with its mark, and at "mated here" (a mate of 0 moves, the
		 * end of the scale) as -inf, at "mates here" as +inf, never "#-0".
		 */
		/* The root's sentence says its value (its window is open: a bound there is only a stopped search's). */
		int bound = e->kind == TE_BETA_CUTOFF ? TB_LOWER : nd->parent == TRACE_NONE || own_value_leaf(t, e->node) ?
			    TB_EXACT : e->extra;
		const char *mark = bound == TB_LOWER ? ">=" : bound == TB_UPPER ? "<=" : "";
		char want[40];

		if (*mark && e->v1 < 0 && e->v1 > -SCORE_INF && e->v1 <= -(SCORE_MATE - nd->ply - 1))
			snprintf(want, sizeof want, "%s-inf", mark);
		else if (*mark && e->v1 > 0 && e->v1 < SCORE_INF && e->v1 >= SCORE_MATE - nd->ply)
			snprintf(want, sizeof want, "%s+inf", mark);
		else
			snprintf(want, sizeof want, "%s%s", mark, score(e->v1, nd->ply));
		check(has(s, want), vname, fen, ev, "the event's score, with its bound's mark", s);
		break;
	}
	case TE_DELTA_PRUNE: {
		char gain[16], margin[16];
		int alpha = nd->alpha;

		/* The alpha the test compares with: raised by the stand pat and moves before the prune. */
		for (uint32_t x = nd->enter; x < ev; x++) {
			struct trace_event b = trace_event_get(t, x);

			if (b.node == e->node && (b.kind == TE_ALPHA_RAISE || (b.kind == TE_STAND_PAT && b.extra == TSP_RAISE)))
				alpha = b.v1;
		}

		snprintf(gain, sizeof gain, "%d", e->v1);
		snprintf(margin, sizeof margin, "margin of %d", o->delta_margin);
		check(o->delta && e->v2 == o->delta_margin, vname, fen, ev, "delta prunes only with its margin", s);
		check(has(s, gain) && has(s, margin) && has(s, score(nd->eval, nd->ply)) && has(s, edge(alpha, nd->ply)),
		      vname, fen, ev, "DELTA_PRUNE gives gain, margin, stand pat and alpha", s);
		check(nd->eval + e->v1 + e->v2 <= alpha, vname, fen, ev, "the delta test holds", s);
		check(san[0] && has(s, san), vname, fen, ev, "DELTA_PRUNE names the move", s);
		break;
	}
	case TE_SEE_PRUNE: {
		char loss[16];

		snprintf(loss, sizeof loss, "%d", -e->v1);
		check(o->see && e->v1 < -o->see_margin && e->v2 == o->see_margin, vname, fen, ev,
		      "SEE_PRUNE: a SEE below the threshold", s);
		check(e->v2 ? has(s, loss) : has(s, score(e->v1, nd->ply)), vname, fen, ev, "SEE_PRUNE: its SEE, given", s);
		break;
	}
	case TE_FUTILITY_PRUNE: {
		char margin[24];

		snprintf(margin, sizeof margin, "margin of %d", o->futility_margin);
		check(o->futility && e->v2 == o->futility_margin && has(s, margin) && has(s, score(nd->eval, nd->ply)),
		      vname, fen, ev, "FUTILITY_PRUNE gives the margin and the stand pat", s);
		check(san[0] && has(s, san) && has(s, "Futility pruning"), vname, fen, ev, "FUTILITY_PRUNE names the move", s);
		break;
	}
	case TE_RECAPTURE_PRUNE: {
		char q[32];

		snprintf(q, sizeof q, "quiescence ply %d", nd->qply);
		check(o->recaptures >= 0 && nd->qply >= o->recaptures && has(s, q) && san[0] && has(s, san), vname, fen, ev,
		      "RECAPTURE_PRUNE names the move and the ply", s);
		break;
	}
	case TE_EVASION_PRUNE: {
		char n_[24];

		snprintf(n_, sizeof n_, "%d evasion", e->v2);
		check(in_check && o->evasion_limit >= 0 && e->v2 >= o->evasion_limit && has(s, n_) && san[0] && has(s, san),
		      vname, fen, ev, "EVASION_PRUNE: in check, names the move and how many were searched", s);
		break;
	}
	case TE_MATE:
		check(mated && has(s, side) && has(s, "checkmate"), vname, fen, ev, "MATE: the side is checkmated", s);
		break;
	case TE_STALEMATE:
		check(!in_check && movegen_count(&pos) == 0 && has(s, side) && has(s, "stalemate"), vname, fen, ev,
		      "STALEMATE: no move, not in check", s);
		break;
	case TE_HORIZON:
		check(o->mode == QMODE_NONE && has(s, score(e->v1, nd->ply)) && e->v1 == nd->eval, vname, fen, ev,
		      "HORIZON: mode none, the static value", s);
		break;
	case TE_QDEPTH_LIMIT: {
		char q[24];

		snprintf(q, sizeof q, "qdepth %d", o->qdepth);
		check(has(s, q) && has(s, score(e->v1, nd->ply)), vname, fen, ev, "QDEPTH_LIMIT names the limit and value", s);
		break;
	}
	case TE_QUIET_LEAF:
		check(!o->stand_pat && has(s, score(e->v1, nd->ply)), vname, fen, ev, "QUIET_LEAF: no stand pat, its value", s);
		if (checks_at(o, nd->qply))
			check(has(s, "capture or check") || has(s, "capture, check"), vname, fen, ev,
			      "checks mode: no capture or check", s);
		else
			check(!has(s, "check"), vname, fen, ev, "captures: no check mentioned", s);
		break;
	case TE_STOPPED:
		check(has(s, "stopped"), vname, fen, ev, "STOPPED says so", s);
		break;
	default:
		break;
	}
}

int main(void)
{
	bool all[FAULTY_CHECKED + 1] = { false };

	board_init();

	for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
		bool seen[FAULTY_CHECKED + 1] = { false };
		struct search_options o;
		struct error err = { 0 };

		option_defaults(&o);
		o.depth = variants[v].depth;
		/* A cap keeps brute and checks-at-every-ply small; a capped trace is still explained event by event. */
		o.max_nodes = 20000;
		if (!variant_apply(&o, variants[v].spec, &err)) {
			printf("FAIL: variant %s: %s\n", variants[v].spec, err.msg);
			failures++;
			continue;
		}
		for (size_t p = 0; p < sizeof positions / sizeof positions[0]; p++) {
			struct position root;
			struct search_result res;
			struct trace *t = trace_new();

			if (!fen_parse(&root, positions[p], &err)) {
				printf("FAIL: %s: %s\n", positions[p], err.msg);
				failures++;
				trace_free(t);
				continue;
			}
			search_run(&root, &o, t, NULL, &res);
			for (uint32_t ev = 0; ev < trace_event_count(t); ev++)
				check_event(t, ev, &root, &o, variants[v].spec, positions[p], seen);
			trace_free(t);
		}
		for (int k = 0; k < 4 && variants[v].must[k] >= 0; k++) {
			int kind = variants[v].must[k];

			checks++;
			if (!seen[kind]) {
				failures++;
				printf("FAIL: variant %s produced no %s event over the positions\n", variants[v].spec,
				       kind == FAULTY_CHECKED ? "stand pat in check" : trace_kind_name(kind));
			}
		}
		for (int k = 0; k <= FAULTY_CHECKED; k++)
			all[k] |= seen[k];
	}
	/*
	 * Every kind the search can emit (the 128-ply limit aside) was explained
	 * at least once; the kinds only other engines declare (tt_cutoff and
	 * after) are explained in tests/check-trace-declared.sh.
	 */
	for (int k = 0; k < TE_KIND_COUNT; k++) {
		if (k == TE_PLY_LIMIT || k >= TE_TT_CUTOFF)
			continue;
		checks++;
		if (!all[k]) {
			failures++;
			printf("FAIL: no %s event in any variant\n", trace_kind_name(k));
		}
	}
	printf("%d checks, %d failures\n", checks, failures);
	return failures ? 1 : 0;
}
