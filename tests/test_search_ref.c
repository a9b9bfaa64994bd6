/*
 * test_search_ref.c: the search's root values against an independent reference.
 *
 * The reference below shares no code with search.c: it uses only the core's
 * board (make, unmake, in check), its legal move generator (movegen_all, and
 * nothing finer: captures, promotions and quiet checks are picked out here,
 * from the board) and its evaluation (and see_move for the +see variant).
 * It is deliberately plain, one definition written three ways:
 *
 *   ref_minimax  the value of the tree by its definition: a node is worth the
 *                best of its children (and of its stand pat); no window at all;
 *   ref_ab       a fail-hard alpha-beta over the same tree, moves in generator
 *                order, no pruning;
 *   ref_ab, sorted  the same alpha-beta with captures of the most valuable
 *                piece tried first. Unsorted alpha-beta (like --order none)
 *                explodes on a few suite positions (WAC.076 at depth 2: 117
 *                million nodes), so the sorted form values every case; the
 *                unsorted form and plain minimax check it wherever their trees
 *                stay under a node budget (most cases, see the summary).
 *
 * The value of a full-window search at the root does not depend on fail-hard
 * or fail-soft, nor on the move order, so search_run must return the same root
 * score as the reference for every option set whose tree is order-independent
 * (modes none, captures, checks; no evasions; no stand pat; --qdepth; --see).
 * Delta pruning depends on alpha at the time, hence on the order, and is only
 * checked by the trace checker. Of issue 29's switches, the SEE threshold
 * (--see-margin) and recaptures only (--recaptures) are order-independent
 * and in the reference below; futility and evasion pruning depend on the
 * order and have an ordered reference of their own, compared node for node
 * (ord_search); hand-worked decisions of each rule are in hand_decisions.
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
 * Environment: srcdir (the source tree, for the suites in positions/);
 * QUIESCE_QUICK=1 keeps every position and every comparison at depths 0 and 1
 * but does the depth-2 comparisons on every third position only (for slow
 * sanitizer builds; the summary says so). For debugging: QUIESCE_REF_PLAN=NAME
 * runs one option set only ("captures", "brute+qdepth=3", ...) and
 * QUIESCE_REF_SLOW=1 names every case that takes over 0.1 s.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "chess/board.h"
#include "chess/epd.h"
#include "chess/eval.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "search/option.h"
#include "search/search.h"
#include "search/trace.h"
#include "search/variant.h"
#include "chess/see.h"
#include "check.h"
#include "refmoves.h"

#define REF_MATE 32000
#define REF_INF 32500
#define REF_MAX_PLY 128



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
	bool pst;            /* --eval pst (else material) */
	int see_margin;      /* --see-margin: with see, a capture is left out when its SEE < -see_margin */
	int recaptures;      /* --recaptures: from this quiescence ply, only moves to the last move's square; 0: off */
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

/*
 * The moves a quiescence node at quiescence ply K searches. EVADING: every
 * legal move. Otherwise captures and queen promotions (a capture losing
 * material by SEE is left out with --see), and in mode checks the quiet
 * moves that give check while K < check-plies.
 */
static void ref_qmoves(struct position *pos, int k, bool evading, move last, struct move_list *out)
{
	struct move_list all;
	/* Recaptures only (R->recaptures is N + 1; 0 is off): not in check, at qply N or deeper, below the root. */
	bool recaptures = R->recaptures > 0 && k >= R->recaptures - 1 && last != MOVE_NONE && !board_in_check(pos);

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
		if (recaptures && MOVE_TO(m) != MOVE_TO(last))
			continue;
		if (capture || promotion) {
			if (R->see && capture && see_move(pos, m) < -R->see_margin)
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
	*value = eval_static(pos, R->pst ? EVAL_PST : EVAL_MATERIAL);
	if (R->mode == REF_NONE)
		return true;
	if (R->qdepth >= 0 && k >= R->qdepth)
		return true;
	return ply >= REF_MAX_PLY;
}

/* Plain minimax. K is the quiescence ply, or -1 in the main search (DEPTH plies left). */
static int ref_minimax(struct position *pos, int depth, int ply, int k, move last)
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
		ref_qmoves(pos, k, in_check && R->evasions, last, &list);
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
		v = -ref_minimax(pos, depth - 1, ply + 1, k < 0 ? -1 : k + 1, list.moves[i]);
		board_unmake(pos, list.moves[i], &u);
		if (v > best)
			best = v;
	}
	return best;
}

/*
 * The sorted form's only concession to speed: captures of the most valuable
 * piece first (queen promotions count as winning a queen), otherwise the
 * generator's order. Ordering changes which subtrees alpha-beta skips, never
 * the value; the sorted reference is checked against the unsorted one
 * wherever both run.
 */
static bool ref_sorted;

static void ref_sort(const struct position *pos, struct move_list *list)
{
	int key[MAX_MOVES];

	for (int i = 0; i < list->count; i++) {
		move m = list->moves[i];
		int to = MOVE_TO(m);

		key[i] = 0;
		if (ref_is_capture(pos, m))
			key[i] = pos->squares[to] != EMPTY ? board_piece_value[PIECE_TYPE(pos->squares[to])] : VALUE_PAWN;
		if (ref_is_promotion(pos, m) && MOVE_PROMO_TYPE(m) == QUEEN)
			key[i] += VALUE_QUEEN;
	}
	ref_sort_by_key(list, key);
}

/* Fail-hard alpha-beta over the same tree, in generator order (or sorted). */
static int ref_ab(struct position *pos, int depth, int alpha, int beta, int ply, int k, move last)
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
		ref_qmoves(pos, k, in_check && R->evasions, last, &list);
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
	if (ref_sorted)
		ref_sort(pos, &list);
	for (int i = 0; i < list.count; i++) {
		struct undo u;
		int v;

		board_make(pos, list.moves[i], &u);
		v = -ref_ab(pos, depth - 1, -beta, -alpha, ply + 1, k < 0 ? -1 : k + 1, list.moves[i]);
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

enum ref_method { REF_MINIMAX, REF_AB, REF_AB_SORTED };

static uint64_t ref_total[3];   /* nodes visited by each method, for the summary */
static uint64_t search_total;   /* nodes search_run visited */

/*
 * The reference value of ROOT searched to DEPTH plies by METHOD; when FIRST
 * is a move, the value for the side to move at the root of playing FIRST
 * (minus the child's value one ply, and at depth 0 one quiescence ply,
 * further on). False when BUDGET (0: none) nodes were not enough.
 */
static bool ref_value(const struct position *root, const struct ref_opts *o, int depth, move first,
		      enum ref_method method, uint64_t budget, int *value)
{
	struct position pos = *root;
	struct undo u;
	int ply = 0, k = -1, sign = 1;

	R = o;
	ref_nodes = 0;
	ref_budget = budget;
	ref_over = false;
	ref_sorted = method == REF_AB_SORTED;
	if (first != MOVE_NONE) {
		board_make(&pos, first, &u);
		ply = 1;
		k = depth <= 0 ? 1 : -1;
		depth--;
		sign = -1;
	}
	if (method == REF_MINIMAX)
		*value = sign * ref_minimax(&pos, depth, ply, k, first);
	else
		*value = sign * ref_ab(&pos, depth, -REF_INF, REF_INF, ply, k, first);
	ref_total[method] += ref_nodes;
	return !ref_over;
}

/* ------------------------------------------------------------ the search under test */

static void options_from(const struct ref_opts *o, int depth, bool fail_soft, bool order_none,
			 struct search_options *opt)
{
	option_defaults(opt);
	opt->depth = depth;
	opt->mode = o->mode == REF_NONE ? QMODE_NONE : o->mode == REF_CHECKS ? QMODE_CHECKS : QMODE_CAPTURES;
	opt->check_plies = o->check_plies;
	opt->qdepth = o->qdepth;
	opt->stand_pat = o->stand_pat;
	opt->evasions = o->evasions;
	opt->see = o->see;
	opt->see_margin = o->see_margin;
	opt->recaptures = o->recaptures - 1;
	opt->delta = false;
	opt->fail_soft = fail_soft;
	opt->order = order_none ? ORDER_NONE : ORDER_MVV_LVA;
	opt->eval = o->pst ? EVAL_PST : EVAL_MATERIAL;
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
static const struct ref_opts OPT_NONE = { "none", REF_NONE, 1, -1, true, true, false, "--mode none", false, 0, 0 };
static const struct ref_opts OPT_CAPTURES = { "captures", REF_CAPTURES, 1, -1, true, true, false, "--mode captures", false, 0, 0 };
static const struct ref_opts OPT_CHECKS = { "checks", REF_CHECKS, 1, -1, true, true, false, "--mode checks", false, 0, 0 };
static const struct ref_opts OPT_FAULTY = { "faulty", REF_CAPTURES, 1, -1, true, false, false, "--mode captures --no-evasions", false, 0, 0 };
static const struct ref_opts OPT_SEE = { "captures+see", REF_CAPTURES, 1, -1, true, true, true, "--mode captures --see", false, 0, 0 };
static const struct ref_opts OPT_CHECKS_FAULTY = { "checks+no-evasions", REF_CHECKS, 1, -1, true, false, false, "--mode checks --no-evasions", false, 0, 0 };
static const struct ref_opts OPT_CHECKS_ALL_Q4 = { "checks-all+qdepth=4", REF_CHECKS, -1, 4, true, true, false, "--mode checks --check-plies all --qdepth 4", false, 0, 0 };
static const struct ref_opts OPT_BRUTE_Q3 = { "brute+qdepth=3", REF_CAPTURES, 1, 3, false, true, false, "--mode captures --no-stand-pat --qdepth 3", false, 0, 0 };
static const struct ref_opts OPT_BRUTE = { "brute", REF_CAPTURES, 1, -1, false, true, false, "--mode captures --no-stand-pat", false, 0, 0 };
static const struct ref_opts OPT_CHECKS2 = { "checks+check-plies=2", REF_CHECKS, 2, -1, true, true, false, "--mode checks --check-plies 2", false, 0, 0 };
static const struct ref_opts OPT_BRUTE_FAULTY_Q3 = { "brute+faulty+qdepth=3", REF_CAPTURES, 1, 3, false, false, false, "--mode captures --no-stand-pat --no-evasions --qdepth 3", false, 0, 0 };
static const struct ref_opts OPT_CAPTURES_PST = { "captures+pst", REF_CAPTURES, 1, -1, true, true, false, "--mode captures --eval pst", true, 0, 0 };
static const struct ref_opts OPT_CHECKS_PST = { "checks+pst", REF_CHECKS, 1, -1, true, true, false, "--mode checks --eval pst", true, 0, 0 };
static const struct ref_opts OPT_CAPTURES_Q2 = { "captures+qdepth=2", REF_CAPTURES, 1, 2, true, true, false, "--mode captures --qdepth 2", false, 0, 0 };
/* Issue 29: a SEE threshold, and recaptures only (recaptures is N + 1 for --recaptures N). */
static const struct ref_opts OPT_SEE80 = { "captures+see+see-margin=80", REF_CAPTURES, 1, -1, true, true, true,
					   "--mode captures --see --see-margin 80", false, 80, 0 };
static const struct ref_opts OPT_REC1 = { "captures+recaptures=1", REF_CAPTURES, 1, -1, true, true, false,
					  "--mode captures --recaptures 1", false, 0, 2 };
static const struct ref_opts OPT_CHECKS_REC0 = { "checks+recaptures=0", REF_CHECKS, 1, -1, true, true, false,
						 "--mode checks --recaptures 0", false, 0, 1 };
static const struct ref_opts OPT_BRUTE_REC0_Q3 = { "brute+recaptures=0+qdepth=3", REF_CAPTURES, 1, 3, false, true, false,
						   "--mode captures --no-stand-pat --recaptures 0 --qdepth 3", false, 0, 1 };

struct stats {
	long cases;            /* (position, options, depth) triples compared */
	long searches;         /* search_run calls compared with the reference */
	long best_checked;     /* best moves whose reference value was checked */
	long order_checked;    /* --order none runs compared */
	long order_skipped;    /* --order none runs over their node cap */
	long plain;            /* cases also valued by the unsorted alpha-beta */
	long minimax_checked;  /* reference checked against plain minimax */
	long skipped;          /* reference over its budget: no comparison */
	long capped;           /* search_run over its node cap: no comparison */
	long brute;            /* searches compared with stand pat off */
	long mismatches;
};

static struct stats st;

/*
 * Node budgets: the plain minimax and the unsorted alpha-beta (each run as a
 * check when the tree before it was small), and --order none, compared only
 * where the unsorted reference ran (it explores about as much: 117 million
 * nodes for WAC.076 at depth 2).
 */
#define MINIMAX_BUDGET 5000
#define PLAIN_BUDGET 30000
#define ORDER_NONE_CAP (4 * PLAIN_BUDGET)

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
	int ref, other;
	bool plain;
	uint64_t plain_nodes = 0;
	move checked_move = MOVE_NONE;
	int checked_value = 0;
	static const struct { bool soft, order_none; } runs[] = {
		{ false, false }, { true, false }, { false, true }
	};

	if (!ref_value(root, o, depth, MOVE_NONE, REF_AB_SORTED, budget, &ref)) {
		st.skipped++;
		return false;
	}
	st.cases++;
	/*
	 * The unsorted alpha-beta, where its tree stays small (it is tried when
	 * the sorted tree is at most a tenth of its budget), must agree.
	 */
	plain = false;
	if (ref_nodes * 10 <= PLAIN_BUDGET) {
		plain = ref_value(root, o, depth, MOVE_NONE, REF_AB, PLAIN_BUDGET, &other);
		plain_nodes = ref_nodes;
	}
	if (plain) {
		st.plain++;
		if (other != ref) {
			printf("FAIL %s %s depth %d: sorted reference %d, unsorted %d (a bug in this test)\n",
			       id, o->name, depth, ref, other);
			failures++;
		}
	}
	/*
	 * And the alpha-beta reference agrees with plain minimax where that is
	 * affordable (tried only when alpha-beta's own tree was small: minimax
	 * visits every node alpha-beta does, and more).
	 */
	if (plain && plain_nodes <= MINIMAX_BUDGET / 4 &&
	    ref_value(root, o, depth, MOVE_NONE, REF_MINIMAX, MINIMAX_BUDGET, &other)) {
		st.minimax_checked++;
		if (other != ref) {
			printf("FAIL %s %s depth %d: reference alpha-beta %d but plain minimax %d (a bug in this test)\n",
			       id, o->name, depth, ref, other);
			failures++;
		}
	}

	for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
		char uci[NOTATION_BUFSIZE];
		const char *how = runs[r].order_none ? "fail-hard order none" : runs[r].soft ? "fail-soft" : "fail-hard";

		options_from(o, depth, runs[r].soft, runs[r].order_none, &opt);
		/* Without ordering the search explores about what the unsorted reference does. */
		if (runs[r].order_none && !plain) {
			st.order_skipped++;
			continue;
		}
		if (runs[r].order_none)
			opt.max_nodes = ORDER_NONE_CAP;
		else if (budget)
			opt.max_nodes = 50 * budget;
		search_run(root, &opt, NULL, NULL, &res);
		search_total += res.nodes;
		if (res.stopped) {
			if (runs[r].order_none) {
				st.order_skipped++;
			} else {
				st.capped++;
				printf("note: %s %s depth %d %s: search_run stopped at its %llu-node cap; not compared\n",
				       id, o->name, depth, how, (unsigned long long)opt.max_nodes);
			}
			continue;
		}
		st.searches++;
		if (!o->stand_pat)
			st.brute++;
		if (runs[r].order_none)
			st.order_checked++;
		if (res.score != ref) {
			st.mismatches++;
			printf("FAIL %s %s depth %d %s: search_run says %d, the reference %d\n", id, o->name, depth, how,
			       res.score, ref);
			print_repro(root, o, depth, runs[r].soft, runs[r].order_none);
			failures++;
			continue;
		}
		CHECK(res.qnodes <= res.nodes && res.nodes > 0, "%s %s depth %d: nodes %llu, qnodes %llu", id,
		      o->name, depth, (unsigned long long)res.nodes, (unsigned long long)res.qnodes);

		/* The best move: legal, the first move of the line, and worth the root score. */
		if (res.best == MOVE_NONE) {
			/* Only where no move is best: no legal move, or (depth 0) the stand pat or a quiet leaf. */
			bool ok;

			if (depth > 0)
				ok = movegen_count(root) == 0;
			else
				ok = res.score == eval_static(root, o->pst ? EVAL_PST : EVAL_MATERIAL) ||
				     res.score == -REF_MATE;
			CHECK(ok, "%s %s depth %d %s: no best move but score %d", id, o->name, depth, how, res.score);
			continue;
		}
		notation_uci(res.best, uci);
		if (!movegen_is_legal(root, res.best)) {
			CHECK(false, "%s %s depth %d %s: best move %s is not legal", id, o->name, depth, how, uci);
			continue;
		}
		CHECK(res.pv_len > 0 && res.pv[0] == res.best,
		      "%s %s depth %d %s: the line does not start with the best move %s", id, o->name, depth, how, uci);
		if (res.best != checked_move) {
			if (!ref_value(root, o, depth, res.best, REF_AB_SORTED, budget ? 4 * budget : 0, &checked_value))
				continue;
			checked_move = res.best;
		}
		st.best_checked++;
		if (checked_value != res.score) {
			printf("FAIL %s %s depth %d %s: best move %s is worth %d by the reference, the root score is %d\n",
			       id, o->name, depth, how, uci, checked_value, res.score);
			print_repro(root, o, depth, runs[r].soft, runs[r].order_none);
			failures++;
		}
	}
	return true;
}

/* ------------------------------------------------------------ the ordered reference (issue 29) */

/*
 * Futility pruning and evasion pruning depend on alpha and on the best score
 * at the moment a move comes up, so on the move order: their reference must
 * search in the search's order to agree. It takes the core's move lists
 * (movegen_all in the main search, movegen_tactical and movegen_evasions in
 * the quiescence search: the order of their ties is the generators'), sorts
 * them by its own MVV-LVA (victim x 16 + 8 - attacker, queen promotions
 * + 16 x (900 - 100), tactical moves first, stable), and writes the rules
 * from the words: a capture that does not promote and does not give
 * check (found by playing it, ref_gives_check) is skipped when stand pat +
 * margin + captured <= alpha, or stand pat + margin <= alpha and SEE <= 0
 * (Stockfish's qsearch exempts checks the same way); answering a check, a quiet evasion is skipped once N evasions
 * were searched and the best is not mated. Mode captures, stand pat on, no
 * delta. search_run must return the same value and visit the same number of
 * nodes, fail-hard and fail-soft: node for node.
 */
struct ord_opts {
	const char *name;
	bool futility;
	int futility_margin;
	int evasion_limit;   /* -1: off */
	bool see;
	int see_margin;
	int recaptures;      /* -1: off */
};

static const struct ord_opts *OR;
static bool ord_soft;

static int ord_victim(const struct position *pos, move m)
{
	int to = MOVE_TO(m);

	if (pos->squares[to] != EMPTY)
		return board_piece_value[PIECE_TYPE(pos->squares[to])];
	return ref_is_capture(pos, m) ? VALUE_PAWN : 0;
}

static void ord_sort(const struct position *pos, struct move_list *list)
{
	int key[MAX_MOVES];

	for (int i = 0; i < list->count; i++) {
		move m = list->moves[i];
		bool capture = ref_is_capture(pos, m), promotion = ref_is_promotion(pos, m);

		key[i] = 0;
		if (capture || promotion) {
			key[i] = 16 * ord_victim(pos, m) + 8 - PIECE_TYPE(pos->squares[MOVE_FROM(m)]) + 1;
			if (promotion)
				key[i] += 16 * (board_piece_value[MOVE_PROMO_TYPE(m)] - VALUE_PAWN);
		}
	}
	ref_sort_by_key(list, key);
}

static int ord_search(struct position *pos, int depth, int alpha, int beta, int ply, int k, move last)
{
	struct move_list list;
	bool in_check = board_in_check(pos);
	int best = -REF_INF, eval = 0, searched = 0;

	ref_nodes++;
	if (k < 0 && depth <= 0)
		k = 0;
	if (k < 0) {
		movegen_all(pos, &list);
		if (list.count == 0)
			return in_check ? -(REF_MATE - ply) : 0;
	} else {
		eval = eval_static(pos, EVAL_MATERIAL);
		if (ply >= REF_MAX_PLY)
			return eval;
		if (in_check) {
			movegen_evasions(pos, &list);
			if (list.count == 0)
				return -(REF_MATE - ply);
		} else {
			int n = 0;

			best = eval;
			if (eval >= beta)
				return ord_soft ? eval : beta;
			if (eval > alpha)
				alpha = eval;
			movegen_tactical(pos, &list);
			for (int i = 0; i < list.count; i++)
				if (!ref_is_promotion(pos, list.moves[i]) || MOVE_PROMO_TYPE(list.moves[i]) == QUEEN)
					list.moves[n++] = list.moves[i];
			list.count = n;
		}
	}
	ord_sort(pos, &list);
	for (int i = 0; i < list.count; i++) {
		move m = list.moves[i];
		bool capture = ref_is_capture(pos, m), promotion = ref_is_promotion(pos, m);
		struct undo u;
		int v;

		if (k >= 0 && in_check && OR->evasion_limit >= 0 && searched >= OR->evasion_limit && !capture &&
		    !promotion && best > -(REF_MATE - REF_MAX_PLY - 2))
			continue;
		if (k >= 0 && !in_check) {
			if (OR->recaptures >= 0 && k >= OR->recaptures && last != MOVE_NONE && MOVE_TO(m) != MOVE_TO(last))
				continue;
			if (OR->futility && capture && !promotion &&
			    (eval + OR->futility_margin + ord_victim(pos, m) <= alpha ||
			     (eval + OR->futility_margin <= alpha && see_move(pos, m) <= 0)) &&
			    !ref_gives_check(pos, m))
				continue;
			if (OR->see && capture && see_move(pos, m) < -OR->see_margin)
				continue;
		}
		searched++;
		board_make(pos, m, &u);
		v = -ord_search(pos, depth - 1, -beta, -alpha, ply + 1, k < 0 ? -1 : k + 1, m);
		board_unmake(pos, m, &u);
		if (v > best)
			best = v;
		if (v >= beta)
			return ord_soft ? best : beta;
		if (v > alpha)
			alpha = v;
	}
	if (best == -REF_INF)
		best = alpha;
	return ord_soft ? best : alpha;
}

static const struct ord_opts ord_sets[] = {
	{ "captures+futility", true, 100, -1, false, 0, -1 },
	{ "captures+futility+futility-margin=0", true, 0, -1, false, 0, -1 },
	{ "captures+evasion-limit=0", false, 100, 0, false, 0, -1 },
	{ "captures+evasion-limit=1", false, 100, 1, false, 0, -1 },
	/* The preset modern without its transposition table (test_tt checks the table). */
	{ "captures+futility+see+see-margin=80+evasion-limit=2+recaptures=5", true, 100, 2, true, 80, 5 },
	{ "captures+futility+see+evasion-limit=1+recaptures=1", true, 100, 1, true, 0, 1 },
};

static long ord_cases, ord_capped;

/* Compares search_run with the ordered reference on ROOT at DEPTH, fail-hard and fail-soft: value and nodes. */
static void ord_compare(const struct position *root, const char *id, const struct ord_opts *o, int depth)
{
	for (int soft = 0; soft < 2; soft++) {
		struct search_options opt;
		struct search_result res;
		struct position pos = *root;
		int v;

		option_defaults(&opt);
		opt.depth = depth;
		opt.mode = QMODE_CAPTURES;
		opt.futility = o->futility;
		opt.futility_margin = o->futility_margin;
		opt.evasion_limit = o->evasion_limit;
		opt.see = o->see;
		opt.see_margin = o->see_margin;
		opt.recaptures = o->recaptures;
		opt.fail_soft = soft;
		opt.max_nodes = 400000;
		search_run(root, &opt, NULL, NULL, &res);
		if (res.stopped) {
			ord_capped++;
			continue;
		}
		OR = o;
		ord_soft = soft;
		ref_nodes = 0;
		v = ord_search(&pos, depth, -REF_INF, REF_INF, 0, -1, MOVE_NONE);
		ord_cases++;
		if (v != res.score || ref_nodes != res.nodes) {
			char fen[FEN_BUFSIZE];

			fen_format(root, fen);
			printf("FAIL %s %s depth %d %s: search_run %d in %llu nodes, the ordered reference %d in %llu\n"
			       "  reproduce: echo '%s' >p.epd; quiesce compare --epd p.epd --depth %d --modes %s%s\n", id, o->name, depth,
			       soft ? "fail-soft" : "fail-hard", res.score, (unsigned long long)res.nodes, v,
			       (unsigned long long)ref_nodes, fen, depth, o->name, soft ? " --fail-soft" : "");
			failures++;
		}
	}
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
	/* exd6 e.p. wins the d5 pawn in the quiescence search; mode none stops at the even material. */
	{ "en passant in the quiescence search", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", &OPT_CAPTURES, 0, 100, "e5d6" },
	{ "en passant, mode none", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", &OPT_NONE, 0, 0, NULL },
	/* b8=Q in the quiescence search: +900 (the pawn becomes a queen). */
	{ "queen promotion in the quiescence search", "8/1P6/8/8/8/8/k7/4K3 w - - 0 1", &OPT_CAPTURES, 0, 900, "b7b8q" },
	/*
	 * f8=N# is mate, f8=Q is not check. The quiescence search promotes to a
	 * queen only, so at depth 0 the best it finds is f8=Q: -30 (Q 900 against
	 * B, N and three pawns, 930); the main search tries every promotion.
	 */
	{ "knight-promotion mate unseen by the quiescence search", "6bn/5Ppk/6pp/8/8/8/8/K7 w - - 0 1", &OPT_CAPTURES, 0, -30, "f7f8q" },
	{ "knight-promotion mate, checks depth 0", "6bn/5Ppk/6pp/8/8/8/8/K7 w - - 0 1", &OPT_CHECKS, 0, -30, "f7f8q" },
	{ "knight-promotion mate at depth 1", "6bn/5Ppk/6pp/8/8/8/8/K7 w - - 0 1", &OPT_CAPTURES, 1, 31999, "f7f8n" },
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
	/* ... but in mode captures a waiting move wins: Kc1 Ka2, and g8=Q in the quiescence search (+900). */
	{ "queening at the horizon instead, captures depth 2", "8/6P1/8/8/8/8/2K5/k7 w - - 0 1", &OPT_CAPTURES, 2, 900, NULL },
	{ "underpromotion to a rook, none depth 2", "8/6P1/8/8/8/8/2K5/k7 w - - 0 1", &OPT_NONE, 2, 500, "g7g8r" },
	/* --qdepth 2 still reaches the mated node (quiescence ply 1). */
	{ "capture mate within qdepth 2", "r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &OPT_CAPTURES_Q2, 0, 31999, "a1a8" },
};

static const struct ref_opts OPT_CAPTURES_Q0 = { "captures+qdepth=0", REF_CAPTURES, 1, 0, true, true, false, "--mode captures --qdepth 0", false, 0, 0 };

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
		CHECK(ref_value(&pos, c->o, c->depth, MOVE_NONE, REF_MINIMAX, 0, &ref) && ref == c->score,
		      "%s: the reference's minimax says %d, expected %d", c->what, ref, c->score);
	}
}

/*
 * Hand-worked decisions of the issue 29 rules at a quiescence root (depth 0),
 * read from the trace: how many events of KIND the search records, the
 * first one's move and value (v1), and the root score.
 *
 * A: White Bc3, Kg1; Black Ne5 (defended by the pawn d6), Kh8. Material
 * 320 - 410 = -90 for White. Bxe5 is the only capture: SEE = 310 (the
 * knight) - 320 (the bishop, retaken) = -10. --see prunes it (SEE < 0),
 * --see-margin 80 does not (-10 >= -80). Bxe5 gives check (e5-f6-g7-h8), so
 * futility never prunes it, even at margin 0.
 * A2: A with the black king on g8 (Bxe5 no check): futility with margin 0:
 * the stand pat -90 raises alpha to -90, -90 + 0 <= -90 and SEE -10 <= 0, so
 * rule see prunes it; with margin 100, -90 + 100 > -90 and nothing is
 * pruned. The value stays -90 (Bxe5 dxe5 is -100).
 * B: A plus a white Ra4 and a black Bd7 (Black's king on g8: Bxe5 is no
 * check): +90 for White. After Bxe5, Black's captures are Bxa4 and the
 * recapture dxe5: --recaptures 1 prunes Bxa4 (qply 1, not to e5). With
 * --recaptures 2, Bxa4 is searched and White's Bxd6 after it (qply 2, not
 * to a4) is pruned.
 * C: Black Ke8 in check by Re1, Nd3: six evasions, Nxe1 (a capture, tried
 * first) and the quiet Ne5, Kd7, Kd8, Kf7, Kf8. Nxe1 is worth +310 (White
 * has nothing left to capture with), not a mated score, so with
 * --evasion-limit 1 the five quiet evasions are pruned; the value is +310
 * either way.
 */
struct hand_decision {
	const char *what, *fen, *spec;
	int kind, count;
	const char *move;      /* the first event's move (UCI), NULL: no event */
	int v1;                /* the first event's v1 */
	int score;
};

static const struct hand_decision hand_decisions[] = {
#define POS_A "7k/8/3p4/4n3/8/2B5/8/6K1 w - - 0 1"
#define POS_A2 "6k1/8/3p4/4n3/8/2B5/8/6K1 w - - 0 1"
#define POS_B "6k1/3b4/3p4/4n3/R7/2B5/8/6K1 w - - 0 1"
#define POS_C "4k3/8/8/8/8/3n4/8/4R1K1 b - - 0 1"
	{ "A: SEE threshold 0 prunes Bxe5", POS_A, "captures+see", TE_SEE_PRUNE, 1, "c3e5", -10, -90 },
	{ "A: SEE threshold 80 keeps Bxe5", POS_A, "captures+see+see-margin=80", TE_SEE_PRUNE, 0, NULL, 0, -90 },
	{ "A: futility keeps the checking Bxe5+ at margin 0", POS_A, "captures+futility+futility-margin=0", TE_FUTILITY_PRUNE,
	  0, NULL, 0, -90 },
	{ "A2: futility margin 0, rule see", POS_A2, "captures+futility+futility-margin=0", TE_FUTILITY_PRUNE, 1, "c3e5", -10,
	  -90 },
	{ "A2: futility margin 100 keeps Bxe5", POS_A2, "captures+futility", TE_FUTILITY_PRUNE, 0, NULL, 0, -90 },
	{ "B: recaptures from qply 1", POS_B, "captures+recaptures=1", TE_RECAPTURE_PRUNE, 1, "d7a4", 0, 90 },
	{ "B: recaptures from qply 2", POS_B, "captures+recaptures=2", TE_RECAPTURE_PRUNE, 1, "e5d6", 0, 90 },
	{ "C: evasion limit 1", POS_C, "captures+evasion-limit=1", TE_EVASION_PRUNE, 5, "e8d7", 310, 310 },
	{ "C: no evasion pruning", POS_C, "captures", TE_EVASION_PRUNE, 0, NULL, 0, 310 },
};

static void hand_decision_check(const struct hand_decision *c)
{
	struct position pos;
	struct search_options opt;
	struct search_result res;
	struct error err = { 0 };
	struct trace *t = trace_new();
	struct trace_event first = { 0 };
	int count = 0;

	if (!fen_parse(&pos, c->fen, &err) || (option_defaults(&opt), opt.depth = 0, !variant_apply(&opt, c->spec, &err))) {
		CHECK(false, "%s: %s", c->what, err.msg);
		trace_free(t);
		return;
	}
	search_run(&pos, &opt, t, NULL, &res);
	for (uint32_t ev = 0; ev < trace_event_count(t); ev++) {
		struct trace_event e = trace_event_get(t, ev);

		if (e.kind == c->kind && count++ == 0)
			first = e;
	}
	CHECK(count == c->count, "%s: %d %s events, expected %d", c->what, count, trace_kind_name(c->kind), c->count);
	if (c->move && count > 0) {
		char uci[NOTATION_BUFSIZE];

		notation_uci(first.move, uci);
		CHECK(!strcmp(uci, c->move) && first.v1 == c->v1, "%s: the first %s is %s (%d), expected %s (%d)", c->what,
		      trace_kind_name(c->kind), uci, first.v1, c->move, c->v1);
	}
	CHECK(res.score == c->score, "%s: score %d, expected %d", c->what, res.score, c->score);
	trace_free(t);
}

static void hand_checks(void)
{
	for (size_t i = 0; i < sizeof hand_decisions / sizeof hand_decisions[0]; i++)
		hand_decision_check(&hand_decisions[i]);

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
	{ &OPT_CHECKS2, { 1, -1, -1 }, 200000, 1 },
	{ &OPT_CAPTURES_Q2, { 1, 2, -1 }, 0, 1 },
	{ &OPT_CHECKS_ALL_Q4, { 1, -1, -1 }, 200000, 1 },
	{ &OPT_BRUTE_Q3, { 1, 2, -1 }, 200000, 1 },
	{ &OPT_BRUTE, { 1, -1, -1 }, 100000, 1 },
	{ &OPT_BRUTE_FAULTY_Q3, { 1, -1, -1 }, 200000, 1 },
	{ &OPT_CAPTURES_PST, { 1, 2, -1 }, 0, 1 },
	{ &OPT_CHECKS_PST, { 1, -1, -1 }, 0, 1 },
	{ &OPT_SEE80, { 1, 2, -1 }, 0, 1 },
	{ &OPT_REC1, { 1, 2, -1 }, 0, 1 },
	{ &OPT_CHECKS_REC0, { 1, -1, -1 }, 200000, 1 },
	{ &OPT_BRUTE_REC0_Q3, { 1, 2, -1 }, 200000, 1 },
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
	double per_plan_seconds[sizeof plans / sizeof plans[0]] = { 0 };
	const char *only = getenv("QUIESCE_REF_PLAN");
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
				clock_t t0 = clock();

				if (i % plans[p].every || (only && strcmp(only, plans[p].o->name)))
					continue;
				for (int d = 0; d < 3 && plans[p].depths[d] >= 0; d++) {
					int depth = plans[p].depths[d];

					if (quick && depth >= 2 && i % 3) {
						depth2_skipped_quick++;
						continue;
					}
					clock_t t1 = clock();
					bool done = compare_case(rec, id, plans[p].o, depth, plans[p].budget);

					if (getenv("QUIESCE_REF_SLOW") && clock() - t1 > CLOCKS_PER_SEC / 10)
						printf("slow: %s %s depth %d: %.2f s\n", id, plans[p].o->name, depth,
						       (double)(clock() - t1) / CLOCKS_PER_SEC);
					if (done) {
						per_plan_cases[p]++;
					} else {
						per_plan_skips[p]++;
						if (!plans[p].o->stand_pat)
							brute_skipped++;
					}
				}
				per_plan_seconds[p] += (double)(clock() - t0) / CLOCKS_PER_SEC;
			}
			for (size_t o = 0; o < sizeof ord_sets / sizeof ord_sets[0] && !only; o++)
				for (int depth = 0; depth <= (quick && i % 3 ? 1 : 2); depth++)
					ord_compare(&rec->pos, id, &ord_sets[o], depth);
		}
		epd_file_free(&file);
	}

	for (size_t p = 0; p < sizeof plans / sizeof plans[0]; p++)
		printf("  %-22s %5ld cases compared, %4ld skipped (reference over %llu nodes), %.1f s\n",
		       plans[p].o->name, per_plan_cases[p], per_plan_skips[p], (unsigned long long)plans[p].budget,
		       per_plan_seconds[p]);
	if (quick)
		printf("  QUIESCE_QUICK: %ld depth-2 cases left out (depth 2 on every third position only)\n",
		       depth2_skipped_quick);

	/* Enough work must have been done for the test to mean something. */
	CHECK(positions >= 300, "only %ld positions read", positions);
	for (size_t p = 0; p < 4; p++)
		CHECK(per_plan_skips[p] == 0, "%s: %ld cases skipped", plans[p].o->name, per_plan_skips[p]);
	for (size_t p = 0; p < sizeof plans / sizeof plans[0]; p++)
		CHECK(plans[p].o->stand_pat || only || per_plan_cases[p] >= 100,
		      "%s: only %ld cases compared, expected at least 100", plans[p].o->name, per_plan_cases[p]);

	printf("  ordered reference (futility, evasion pruning, issue 29): %ld searches agree node for node, "
	       "%ld over 400000 nodes left out\n", ord_cases, ord_capped);
	CHECK(only || ord_cases >= 3000, "only %ld ordered-reference comparisons", ord_cases);
	printf("  reference: %ld cases by sorted alpha-beta, %ld of them also by unsorted alpha-beta and %ld "
	       "by plain minimax\n", st.cases, st.plain, st.minimax_checked);
	printf("  nodes: reference minimax %llu, unsorted %llu, sorted %llu; search_run %llu\n",
	       (unsigned long long)ref_total[REF_MINIMAX], (unsigned long long)ref_total[REF_AB],
	       (unsigned long long)ref_total[REF_AB_SORTED], (unsigned long long)search_total);
	printf("  --order none: %ld compared, %ld left out (tree too big unordered)\n", st.order_checked,
	       st.order_skipped);
	printf("test_search_ref: %ld positions, %ld cases, %ld searches compared with the reference "
	       "(%ld brute), %ld best moves checked, %ld cases skipped (%ld brute), %ld searches capped, "
	       "%ld mismatches, %.1f s\n",
	       positions, st.cases, st.searches, st.brute, st.best_checked, st.skipped, brute_skipped, st.capped,
	       st.mismatches, (double)(clock() - start) / CLOCKS_PER_SEC);
	if (failures) {
		printf("test_search_ref: %d failure(s)\n", failures);
		return 1;
	}
	printf("test_search_ref: all checks passed\n");
	return 0;
}
