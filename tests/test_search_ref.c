/*
 * test_search_ref.c: the search's root values against an independent reference.
 *
 * The reference below shares no code with search.c: it uses only the core's
 * board (make, unmake, in check), its legal move generator (movegen_all, and
 * nothing finer: captures, promotions and quiet checks are picked out here,
 * from the board) and its evaluation (and see_move for the +see variant).
 * It is deliberately plain:
 *
 *   ref_minimax  the value of the tree by its definition: a node is worth the
 *                best of its children (and of its stand pat); no window at all;
 *   ref_ab       a fail-hard alpha-beta over the same tree, moves in generator
 *                order, no ordering, no pruning; used where the minimax tree is
 *                too big, and itself checked against ref_minimax wherever the
 *                minimax tree stays under a node budget.
 *
 * The value of a full-window search at the root does not depend on fail-hard
 * or fail-soft, nor on the move order, so search_run must return the same root
 * score as the reference for every option set whose tree is order-independent
 * (modes none, captures, checks; no evasions; no stand pat; --qdepth; --see).
 * Delta pruning depends on alpha at the time, hence on the order, and is only
 * checked by the trace checker.
 *
 * The semantics (from the issue): scores in centipawns for the side to move;
 * mated = -(32000 - ply), ply from the root, quiescence plies included;
 * stalemate 0 in the main search only. Quiescence at quiescence ply k:
 * mode none returns the static value; then --qdepth (k >= N: static value);
 * then ply 128 (static value); in check (unless --no-evasions) every legal
 * move, none = mated, no stand pat; otherwise stand pat (unless
 * --no-stand-pat) and the captures (en passant included) and queen
 * promotions, plus in mode checks the quiet checking moves while
 * k < check-plies. Without stand pat a node with no move to search is worth
 * its static value.
 *
 * Environment: srcdir (the source tree, for positions/*.epd);
 * QUIESCE_QUICK=1 keeps every position and every comparison at depths 0 and 1
 * but does the depth-2 comparisons on every third position only (for slow
 * sanitizer builds; the summary says so).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "epd.h"
#include "eval.h"
#include "fen.h"
#include "movegen.h"
#include "notation.h"
#include "search.h"
#include "see.h"

#define REF_MATE 32000
#define REF_INF 32500
#define REF_MAX_PLY 128

static int failures;

#define CHECK(cond, ...) do { \
	if (!(cond)) { \
		printf("FAIL %s:%d: ", __FILE__, __LINE__); \
		printf(__VA_ARGS__); \
		putchar('\n'); \
		failures++; \
	} \
} while (0)

/* ------------------------------------------------------------ the reference */

enum ref_mode { REF_NONE, REF_CAPTURES, REF_CHECKS };

/* One option set, with the command-line flags that reproduce it. */
struct ref_opts {
	const char *name;
	enum ref_mode mode;
	int check_plies;     /* -1: every ply */
	int qdepth;          /* -1: no limit */
	bool stand_pat;
	bool evasions;
	bool see;
	const char *flags;
};

static const struct ref_opts *R;     /* the options of the running reference */
static uint64_t ref_nodes;           /* nodes the reference visited */
static uint64_t ref_budget;          /* 0: no limit */
static bool ref_over;                /* the budget ran out: the value is meaningless */

/* Counts a node; false once the budget is spent. */
static bool ref_count(void)
{
	ref_nodes++;
	if (ref_budget && ref_nodes > ref_budget)
		ref_over = true;
	return !ref_over;
}

/* Whether M takes a piece, read from the board: an enemy on the target, or a pawn moving sideways (en passant). */
static bool ref_is_capture(const struct position *pos, move m)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);

	if (pos->squares[to] != EMPTY)
		return true;
	return PIECE_TYPE(pos->squares[from]) == PAWN && SQ_FILE(from) != SQ_FILE(to);
}

/* Whether M is a pawn reaching the last rank. */
static bool ref_is_promotion(const struct position *pos, move m)
{
	int to = MOVE_TO(m);

	return PIECE_TYPE(pos->squares[MOVE_FROM(m)]) == PAWN && (SQ_RANK(to) == 7 || SQ_RANK(to) == 0);
}

/* Whether M leaves the opponent in check (found by playing it). */
static bool ref_gives_check(struct position *pos, move m)
{
	struct undo u;
	bool check;

	board_make(pos, m, &u);
	check = board_in_check(pos);
	board_unmake(pos, m, &u);
	return check;
}

/*
 * The moves a quiescence node at quiescence ply K searches. EVADING: every
 * legal move. Otherwise captures and queen promotions (a capture losing
 * material by SEE is left out with --see), and in mode checks the quiet
 * moves that give check while K < check-plies.
 */
static void ref_qmoves(struct position *pos, int k, bool evading, struct move_list *out)
{
	struct move_list all;

	movegen_all(pos, &all);
	out->count = 0;
	for (int i = 0; i < all.count; i++) {
		move m = all.moves[i];
		bool capture = ref_is_capture(pos, m), promotion = ref_is_promotion(pos, m);

		if (evading) {
			out->moves[out->count++] = m;
			continue;
		}
		if (promotion && MOVE_PROMO_TYPE(m) != QUEEN)
			continue;
		if (capture || promotion) {
			if (R->see && capture && see_move(pos, m) < 0)
				continue;
			out->moves[out->count++] = m;
			continue;
		}
		if (R->mode == REF_CHECKS && (R->check_plies < 0 || k < R->check_plies) &&
		    ref_gives_check(pos, m))
			out->moves[out->count++] = m;
	}
}

/*
 * What a quiescence node is worth without looking at moves, when that is
 * all: sets *VALUE and returns true for mode none, the --qdepth limit and
 * the ply limit.
 */
static bool ref_q_leaf(const struct position *pos, int ply, int k, int *value)
{
	*value = eval_static(pos, EVAL_MATERIAL);
	if (R->mode == REF_NONE)
		return true;
	if (R->qdepth >= 0 && k >= R->qdepth)
		return true;
	return ply >= REF_MAX_PLY;
}

/* Plain minimax. K is the quiescence ply, or -1 in the main search (DEPTH plies left). */
static int ref_minimax(struct position *pos, int depth, int ply, int k)
{
	struct move_list list;
	bool in_check;
	int best, value;

	if (!ref_count())
		return 0;
	if (k < 0 && depth <= 0)
		k = 0;
	in_check = board_in_check(pos);
	if (k < 0) {
		movegen_all(pos, &list);
		if (list.count == 0)
			return in_check ? -(REF_MATE - ply) : 0;
		best = -REF_INF;
	} else {
		if (ref_q_leaf(pos, ply, k, &value))
			return value;
		ref_qmoves(pos, k, in_check && R->evasions, &list);
		if (in_check && R->evasions) {
			if (list.count == 0)
				return -(REF_MATE - ply);
			best = -REF_INF;
		} else if (R->stand_pat || list.count == 0) {
			best = value;    /* the stand pat, or a node with nothing to search */
		} else {
			best = -REF_INF;
		}
	}
	for (int i = 0; i < list.count; i++) {
		struct undo u;
		int v;

		board_make(pos, list.moves[i], &u);
		v = -ref_minimax(pos, depth - 1, ply + 1, k < 0 ? -1 : k + 1);
		board_unmake(pos, list.moves[i], &u);
		if (v > best)
			best = v;
	}
	return best;
}

/* Fail-hard alpha-beta over the same tree, in generator order. */
static int ref_ab(struct position *pos, int depth, int alpha, int beta, int ply, int k)
{
	struct move_list list;
	bool in_check;
	int value;

	if (!ref_count())
		return 0;
	if (k < 0 && depth <= 0)
		k = 0;
	in_check = board_in_check(pos);
	if (k < 0) {
		movegen_all(pos, &list);
		if (list.count == 0)
			return in_check ? -(REF_MATE - ply) : 0;
	} else {
		if (ref_q_leaf(pos, ply, k, &value))
			return value;
		ref_qmoves(pos, k, in_check && R->evasions, &list);
		if (in_check && R->evasions) {
			if (list.count == 0)
				return -(REF_MATE - ply);
		} else if (R->stand_pat) {
			if (value >= beta)
				return beta;
			if (value > alpha)
				alpha = value;
		} else if (list.count == 0) {
			return value;
		}
	}
	for (int i = 0; i < list.count; i++) {
		struct undo u;
		int v;

		board_make(pos, list.moves[i], &u);
		v = -ref_ab(pos, depth - 1, -beta, -alpha, ply + 1, k < 0 ? -1 : k + 1);
		board_unmake(pos, list.moves[i], &u);
		if (ref_over)
			return 0;
		if (v >= beta)
			return beta;
		if (v > alpha)
			alpha = v;
	}
	return alpha;
}

/* The reference value of ROOT searched to DEPTH, or false when the budget ran out. */
static bool ref_root(const struct position *root, const struct ref_opts *o, int depth,
		     uint64_t budget, bool minimax, int *value)
{
	struct position pos = *root;

	R = o;
	ref_nodes = 0;
	ref_budget = budget;
	ref_over = false;
	if (minimax)
		*value = ref_minimax(&pos, depth, 0, -1);
	else
		*value = ref_ab(&pos, depth, -REF_INF, REF_INF, 0, -1);
	return !ref_over;
}

/*
 * The reference value, for the side to move at the root, of playing M at the
 * root of a DEPTH-ply search: minus the child's value one ply (and, at depth
 * 0, one quiescence ply) further on.
 */
static bool ref_move_value(const struct position *root, const struct ref_opts *o, int depth, move m,
			   uint64_t budget, int *value)
{
	struct position pos = *root;
	struct undo u;
	int v;

	R = o;
	ref_nodes = 0;
	ref_budget = budget;
	ref_over = false;
	board_make(&pos, m, &u);
	v = ref_ab(&pos, depth - 1, -REF_INF, REF_INF, 1, depth <= 0 ? 1 : -1);
	*value = -v;
	return !ref_over;
}

/* ------------------------------------------------------------ the search under test */

static void options_from(const struct ref_opts *o, int depth, bool fail_soft, bool order_none,
			 struct search_options *opt)
{
	search_defaults(opt);
	opt->depth = depth;
	opt->mode = o->mode == REF_NONE ? QMODE_NONE : o->mode == REF_CHECKS ? QMODE_CHECKS : QMODE_CAPTURES;
	opt->check_plies = o->check_plies;
	opt->qdepth = o->qdepth;
	opt->stand_pat = o->stand_pat;
	opt->evasions = o->evasions;
	opt->see = o->see;
	opt->delta = false;
	opt->fail_soft = fail_soft;
	opt->order = order_none ? ORDER_NONE : ORDER_MVV_LVA;
	opt->eval = EVAL_MATERIAL;
}

/* Prints how to reproduce one search from the command line. */
static void print_repro(const struct position *pos, const struct ref_opts *o, int depth,
			bool fail_soft, bool order_none)
{
	char fen[FEN_BUFSIZE];

	fen_format(pos, fen);
	printf("  reproduce: quiesce search --fen '%s' --depth %d %s%s%s\n", fen, depth, o->flags,
	       fail_soft ? " --fail-soft" : "", order_none ? " --order none" : "");
}

/* ------------------------------------------------------------ the comparisons */

/* Option sets. The four the issue names first, then variants. */
static const struct ref_opts OPT_NONE = { "none", REF_NONE, 1, -1, true, true, false, "--mode none" };
static const struct ref_opts OPT_CAPTURES = { "captures", REF_CAPTURES, 1, -1, true, true, false, "--mode captures" };
static const struct ref_opts OPT_CHECKS = { "checks", REF_CHECKS, 1, -1, true, true, false, "--mode checks" };
static const struct ref_opts OPT_FAULTY = { "faulty", REF_CAPTURES, 1, -1, true, false, false, "--mode captures --no-evasions" };
static const struct ref_opts OPT_SEE = { "captures+see", REF_CAPTURES, 1, -1, true, true, true, "--mode captures --see" };
static const struct ref_opts OPT_CHECKS_FAULTY = { "checks+no-evasions", REF_CHECKS, 1, -1, true, false, false, "--mode checks --no-evasions" };
static const struct ref_opts OPT_CHECKS_ALL_Q4 = { "checks-all+qdepth=4", REF_CHECKS, -1, 4, true, true, false, "--mode checks --check-plies all --qdepth 4" };
static const struct ref_opts OPT_BRUTE_Q3 = { "brute+qdepth=3", REF_CAPTURES, 1, 3, false, true, false, "--mode captures --no-stand-pat --qdepth 3" };
static const struct ref_opts OPT_BRUTE = { "brute", REF_CAPTURES, 1, -1, false, true, false, "--mode captures --no-stand-pat" };
static const struct ref_opts OPT_CAPTURES_Q2 = { "captures+qdepth=2", REF_CAPTURES, 1, 2, true, true, false, "--mode captures --qdepth 2" };

struct stats {
	long cases;            /* (position, options, depth) triples compared */
	long searches;         /* search_run calls compared with the reference */
	long best_checked;     /* best moves whose reference value was checked */
	long order_checked;    /* --order none runs compared */
	long minimax_checked;  /* reference alpha-beta checked against plain minimax */
	long minimax_skipped;  /* minimax tree over its budget */
	long skipped;          /* reference over its budget: no comparison */
	long brute;            /* comparisons with stand pat off */
	long mismatches;
};

static struct stats st;

/* The budgets: the reference's nodes per case (0: none) and the plain minimax's. */
#define MINIMAX_BUDGET 20000

/*
 * Compares every search_run variant (fail-hard, fail-soft; MVV-LVA, and
 * --order none fail-hard) with the reference on one position, option set and
 * depth. Returns false when the case was skipped.
 */
static bool compare_case(const struct epd_record *rec, const char *id, const struct ref_opts *o,
			 int depth, uint64_t budget)
{
	const struct position *root = &rec->pos;
	struct search_options opt;
	struct search_result res;
	int ref, mm;
	move checked_move = MOVE_NONE;
	int checked_value = 0;
	static const struct { bool soft, order_none; } runs[] = {
		{ false, false }, { true, false }, { false, true }
	};

	if (!ref_root(root, o, depth, budget, false, &ref)) {
		st.skipped++;
		return false;
	}
	st.cases++;

	/* The reference checks itself where plain minimax is affordable. */
	if (ref_root(root, o, depth, MINIMAX_BUDGET, true, &mm)) {
		st.minimax_checked++;
		if (mm != ref) {
			printf("FAIL %s %s depth %d: reference alpha-beta %d but plain minimax %d (a bug in this test)\n",
			       id, o->name, depth, ref, mm);
			failures++;
		}
	} else {
		st.minimax_skipped++;
	}

	for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
		char uci[NOTATION_BUFSIZE];

		options_from(o, depth, runs[r].soft, runs[r].order_none, &opt);
		/* A cap well above the reference's tree, for the budgeted (brute) cases. */
		if (budget)
			opt.max_nodes = 50 * budget;
		search_run(root, &opt, NULL, NULL, &res);
		if (res.stopped) {
			printf("note: %s %s depth %d: search_run hit its %llu-node cap; not compared\n", id, o->name,
			       depth, (unsigned long long)opt.max_nodes);
			continue;
		}
		st.searches++;
		if (!o->stand_pat)
			st.brute++;
		if (runs[r].order_none)
			st.order_checked++;
		if (res.score != ref) {
			st.mismatches++;
			printf("FAIL %s %s depth %d %s%s: search_run says %d, the reference %d\n", id, o->name, depth,
			       runs[r].soft ? "fail-soft" : "fail-hard", runs[r].order_none ? " order none" : "",
			       res.score, ref);
			print_repro(root, o, depth, runs[r].soft, runs[r].order_none);
			failures++;
			continue;
		}
		CHECK(res.qnodes <= res.nodes && res.nodes > 0, "%s %s depth %d: nodes %llu, qnodes %llu", id,
		      o->name, depth, (unsigned long long)res.nodes, (unsigned long long)res.qnodes);

		/* The best move: legal, the first move of the line, and worth the root score. */
		if (res.best == MOVE_NONE) {
			/* Only where no move can be the best: no legal move, or (depth 0) the stand pat or a quiet leaf. */
			bool ok;

			if (depth > 0)
				ok = movegen_count(root) == 0;
			else
				ok = res.score == eval_static(root, EVAL_MATERIAL) || res.score == -REF_MATE;
			CHECK(ok, "%s %s depth %d: no best move but score %d", id, o->name, depth, res.score);
			continue;
		}
		notation_uci(res.best, uci);
		if (!movegen_is_legal(root, res.best)) {
			CHECK(false, "%s %s depth %d: best move %s is not legal", id, o->name, depth, uci);
			continue;
		}
		CHECK(res.pv_len > 0 && res.pv[0] == res.best, "%s %s depth %d: the line does not start with the best move %s",
		      id, o->name, depth, uci);
		if (res.best != checked_move) {
			if (!ref_move_value(root, o, depth, res.best, budget ? 4 * budget : 0, &checked_value))
				continue;
			checked_move = res.best;
		}
		st.best_checked++;
		if (checked_value != res.score) {
			printf("FAIL %s %s depth %d %s%s: best move %s is worth %d by the reference, the root score is %d\n",
			       id, o->name, depth, runs[r].soft ? "fail-soft" : "fail-hard",
			       runs[r].order_none ? " order none" : "", uci, checked_value, res.score);
			print_repro(root, o, depth, runs[r].soft, runs[r].order_none);
			failures++;
		}
	}
	return true;
}

/* ------------------------------------------------------------ hand-worked positions */

struct hand_case {
	const char *what;
	const char *fen;
	const struct ref_opts *o;
	int depth;
	int score;
	const char *best;   /* UCI, or NULL when any move (or none) will do */
};

static const struct hand_case hand_cases[] = {
	/* Ra8# at ply 1: the mated side is at ply 1, so 32000 - 1. */
	{ "back-rank mate in 1, captures", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &OPT_CAPTURES, 1, 31999, "a1a8" },
	{ "back-rank mate in 1, checks", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &OPT_CHECKS, 1, 31999, "a1a8" },
	/* Mode none never looks past the horizon: after Ra8 the static value (+500 rook) stands. */
	{ "mate in 1, mode none depth 1 sees only material", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &OPT_NONE, 1, 500, NULL },
	{ "mate in 1, mode none depth 2", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &OPT_NONE, 2, 31999, "a1a8" },
	/* The quiet check Ra8 is searched at quiescence ply 0 in mode checks only. */
	{ "quiet mate at the horizon, checks depth 0", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &OPT_CHECKS, 0, 31999, "a1a8" },
	{ "quiet mate at the horizon, captures depth 0", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &OPT_CAPTURES, 0, 500, NULL },
	/* Rxa8# is a capture: found by the quiescence search alone, the mate one ply from the root. */
	{ "capture mate, captures depth 0", "r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &OPT_CAPTURES, 0, 31999, "a1a8" },
	{ "capture mate, captures depth 2", "r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &OPT_CAPTURES, 2, 31999, "a1a8" },
	/* Black is mated at the root: -(32000 - 0). */
	{ "mated at the root, depth 1", "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", &OPT_CAPTURES, 1, -32000, NULL },
	{ "mated at the root, none depth 1", "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", &OPT_NONE, 1, -32000, NULL },
	{ "mated at the root, quiescence root", "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", &OPT_CAPTURES, 0, -32000, NULL },
	/* Mode none at depth 0 returns the static value, in check or not. */
	{ "mated at the root, none depth 0", "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", &OPT_NONE, 0, -500, NULL },
	/* Without evasions the checked side stands pat: -500, no capture to try. */
	{ "mated at the root, faulty depth 0", "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", &OPT_FAULTY, 0, -500, NULL },
	/* Stalemate: 0 in the main search; the quiescence search stands pat (-900 for Black). */
	{ "stalemate, depth 1", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &OPT_CAPTURES, 1, 0, NULL },
	{ "stalemate, none depth 2", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &OPT_NONE, 2, 0, NULL },
	{ "stalemate, quiescence root", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &OPT_CAPTURES, 0, -900, NULL },
	/*
	 * Underpromotion: g8=Q (and g8=B) stalemate the king on a1; g8=R does
	 * not (Ka2 is free), and is worth the rook. Depth 1 does not see the
	 * stalemate: g8=Q at +900. Depth 2 sees it and underpromotes: +500.
	 */
	{ "queening stalemates, depth 1", "8/6P1/8/8/8/8/2K5/k7 w - - 0 1", &OPT_CAPTURES, 1, 900, "g7g8q" },
	{ "underpromotion to a rook, depth 2", "8/6P1/8/8/8/8/2K5/k7 w - - 0 1", &OPT_CAPTURES, 2, 500, "g7g8r" },
	{ "underpromotion to a rook, none depth 2", "8/6P1/8/8/8/8/2K5/k7 w - - 0 1", &OPT_NONE, 2, 500, "g7g8r" },
	/* --qdepth 2 still reaches the mated node (quiescence ply 1). */
	{ "capture mate within qdepth 2", "r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &OPT_CAPTURES_Q2, 0, 31999, "a1a8" },
};

static const struct ref_opts OPT_CAPTURES_Q0 = { "captures+qdepth=0", REF_CAPTURES, 1, 0, true, true, false, "--mode captures --qdepth 0" };

static void hand_check(const struct hand_case *c)
{
	struct position pos;
	struct error err;

	if (!fen_parse(&pos, c->fen, &err)) {
		CHECK(false, "%s: FEN '%s' does not parse: %s", c->what, c->fen, err.msg);
		return;
	}
	for (int soft = 0; soft < 2; soft++) {
		struct search_options opt;
		struct search_result res;
		char uci[NOTATION_BUFSIZE];
		int ref;

		options_from(c->o, c->depth, soft, false, &opt);
		search_run(&pos, &opt, NULL, NULL, &res);
		notation_uci(res.best, uci);
		CHECK(res.score == c->score, "%s (%s, %s): score %d, expected %d", c->what, c->o->name,
		      soft ? "fail-soft" : "fail-hard", res.score, c->score);
		CHECK(c->best == NULL || !strcmp(uci, c->best), "%s (%s): best move %s, expected %s", c->what,
		      c->o->name, uci, c->best);
		CHECK(ref_root(&pos, c->o, c->depth, 0, true, &ref) && ref == c->score,
		      "%s: the reference's minimax says %d, expected %d", c->what, ref, c->score);
	}
}

static void hand_checks(void)
{
	static const struct hand_case q0 = {
		/* --qdepth 0: the horizon returns the static value at once (0: Rxa8# unseen). */
		"qdepth 0: Rxa8# unseen at the horizon", "r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &OPT_CAPTURES_Q0, 0, 0, NULL
	};

	for (size_t i = 0; i < sizeof hand_cases / sizeof hand_cases[0]; i++)
		hand_check(&hand_cases[i]);
	hand_check(&q0);
}

/* ------------------------------------------------------------ the suites */

static bool read_suite(const char *srcdir, const char *name, struct epd_file *file)
{
	char path[4096];
	struct error err;

	snprintf(path, sizeof path, "%s/positions/%s", srcdir, name);
	if (!epd_read_file(file, path, &err)) {
		printf("FAIL cannot read %s: %s\n", path, err.msg);
		failures++;
		return false;
	}
	return true;
}

/* The option sets compared on every position, and at which depths. */
struct plan {
	const struct ref_opts *o;
	int depths[3];       /* terminated by -1 */
	uint64_t budget;     /* reference nodes per case; 0 = none */
	int every;           /* only every N-th position (1 = all) */
};

static const struct plan plans[] = {
	{ &OPT_NONE, { 0, 1, 2 }, 0, 1 },
	{ &OPT_CAPTURES, { 0, 1, 2 }, 0, 1 },
	{ &OPT_CHECKS, { 0, 1, 2 }, 0, 1 },
	{ &OPT_FAULTY, { 0, 1, 2 }, 0, 1 },
	{ &OPT_SEE, { 1, 2, -1 }, 0, 1 },
	{ &OPT_CHECKS_FAULTY, { 1, -1, -1 }, 0, 1 },
	{ &OPT_CHECKS_ALL_Q4, { 1, -1, -1 }, 200000, 1 },
	{ &OPT_BRUTE_Q3, { 1, 2, -1 }, 200000, 1 },
	{ &OPT_BRUTE, { 1, -1, -1 }, 100000, 1 },
};

int main(void)
{
	const char *srcdir = getenv("srcdir");
	const char *quick_env = getenv("QUIESCE_QUICK");
	bool quick = quick_env && *quick_env && strcmp(quick_env, "0");
	static const char *const suites[] = { "wac.epd", "bk.epd" };
	long positions = 0, brute_skipped = 0, depth2_skipped_quick = 0;
	long per_plan_cases[sizeof plans / sizeof plans[0]] = { 0 };
	long per_plan_skips[sizeof plans / sizeof plans[0]] = { 0 };
	clock_t start = clock();

	if (srcdir == NULL || *srcdir == '\0')
		srcdir = ABS_SRCDIR;
	board_init();
	setvbuf(stdout, NULL, _IOLBF, 0);

	hand_checks();

	for (size_t s = 0; s < sizeof suites / sizeof suites[0]; s++) {
		struct epd_file file;

		if (!read_suite(srcdir, suites[s], &file))
			continue;
		for (int i = 0; i < file.count; i++) {
			const struct epd_record *rec = &file.records[i];
			char id[160];

			snprintf(id, sizeof id, "%s:%d%s%s", suites[s], file.linenos[i], rec->id[0] ? " " : "", rec->id);
			positions++;
			for (size_t p = 0; p < sizeof plans / sizeof plans[0]; p++) {
				if (i % plans[p].every)
					continue;
				for (int d = 0; d < 3 && plans[p].depths[d] >= 0; d++) {
					int depth = plans[p].depths[d];

					if (quick && depth >= 2 && i % 3) {
						depth2_skipped_quick++;
						continue;
					}
					if (compare_case(rec, id, plans[p].o, depth, plans[p].budget)) {
						per_plan_cases[p]++;
					} else {
						per_plan_skips[p]++;
						if (!plans[p].o->stand_pat)
							brute_skipped++;
					}
				}
			}
		}
		epd_file_free(&file);
	}

	for (size_t p = 0; p < sizeof plans / sizeof plans[0]; p++)
		printf("  %-22s %5ld cases compared, %4ld skipped (reference over %llu nodes)\n", plans[p].o->name,
		       per_plan_cases[p], per_plan_skips[p], (unsigned long long)plans[p].budget);
	if (quick)
		printf("  QUIESCE_QUICK: %ld depth-2 cases left out (depth 2 on every third position only)\n",
		       depth2_skipped_quick);

	/* Enough work must have been done for the test to mean something. */
	CHECK(positions >= 300, "only %ld positions read", positions);
	for (size_t p = 0; p < 4; p++)
		CHECK(per_plan_skips[p] == 0, "%s: %ld cases skipped", plans[p].o->name, per_plan_skips[p]);
	CHECK(st.brute >= 100 * 3, "only %ld brute (no stand pat) searches compared", st.brute);

	printf("test_search_ref: %ld positions, %ld cases, %ld searches compared with the reference "
	       "(%ld brute, %ld with --order none), %ld best moves checked, reference checked against minimax "
	       "in %ld cases (%ld too big), %ld cases skipped (%ld brute), %ld mismatches, %.1f s\n",
	       positions, st.cases, st.searches, st.brute, st.order_checked, st.best_checked, st.minimax_checked,
	       st.minimax_skipped, st.skipped, brute_skipped, st.mismatches,
	       (double)(clock() - start) / CLOCKS_PER_SEC);
	if (failures) {
		printf("test_search_ref: %d failure(s)\n", failures);
		return 1;
	}
	printf("test_search_ref: all checks passed\n");
	return 0;
}
