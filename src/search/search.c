/*
 * search.c: negamax alpha-beta with an instrumented quiescence search.
 *
 * The main search looks at every legal move to a fixed depth. At depth 0 it
 * hands the position to the quiescence search, which (in modes captures and
 * checks) keeps searching only the moves that can change the material balance
 * until the position is quiet, so that no position is judged in the middle of
 * an exchange. Every decision is written to the trace when one is given;
 * the event names match the step names below.
 */
#include "search/search.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/game.h"
#include "chess/movegen.h"
#include "chess/see.h"
#include "search/trace_record.h"
#include "base/util.h"

struct searcher {
	struct position pos;
	const struct search_options *opt;
	struct trace *trace;
	const atomic_int *stop;
	struct search_result *res;
	struct tt *table;         /* the transposition table, NULL when it is off */
	bool stopping;
	bool root_stood;          /* the root (a quiescence node) stood pat: its score is a true value */
	uint64_t next_progress;   /* the node count of the next progress call */
	bool repetitions;         /* detect repetitions (a history was given and no trace is kept) */
	uint64_t path[SEARCH_MAX_PLY + 2]; /* path[ply]: the key of the main-search position at PLY */
	int pv_len[SEARCH_MAX_PLY + 2];
	move pv[SEARCH_MAX_PLY + 2][SEARCH_MAX_PLY + 2];
};

/* Records an event when a trace is being kept; costs one predictable branch otherwise. */
#define EMIT(s, node, kind, m, v1, v2, extra) do { \
	if ((s)->trace) \
		trace_event((s)->trace, (node), (kind), (m), (v1), (v2), (extra)); \
} while (0)

/* Counts a node and, when tracing, records its entry. */
TRACE_INLINE uint32_t enter(struct searcher *s, uint32_t parent, move m, int ply, int qply,
		      int alpha, int beta, bool in_check, int eval)
{
	s->res->nodes++;
	if (ply > s->res->seldepth)
		s->res->seldepth = ply;
	if (qply >= 0)
		s->res->qnodes++;
	s->pv_len[ply] = 0;
	if (s->trace == NULL)
		return TRACE_NONE;
	return trace_enter_derived(s->trace, parent, m, ply, qply, alpha, beta, in_check, eval);
}

/* Records a node's result with the bound it is relative to the window it was given. */
TRACE_INLINE int leave(struct searcher *s, uint32_t node, int score, int alpha, int beta)
{
	if (s->trace) {
		int bound = trace_bound_of(score, alpha, beta);

		trace_leave(s->trace, node, score, bound);
	}
	return score;
}

/* The stop flag is stored by signal handlers: that is only safe for a lock-free atomic. */
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the stop flag needs a lock-free atomic_int");

/* Whether the caller raised the stop flag (another thread or a signal handler writes it). */
static bool stop_raised(const struct searcher *s)
{
	return s->stop && atomic_load_explicit(s->stop, memory_order_relaxed) != 0;
}

/*
 * Notes how far the root's move loop got: I of its COUNT moves were searched
 * to the end (or pruned) before the loop ended or the stop broke it.
 */
static void note_root(struct searcher *s, int ply, int i, int count)
{
	if (ply != 0)
		return;
	s->res->root_moves = count;
	s->res->root_moves_done = i;
}

/*
 * Whether the search must stop before trying another move at NODE: the node
 * cap is reached or the caller raised the stop flag. The first time, the
 * trace notes where it stopped; every node already entered is still left.
 */
static bool should_stop(struct searcher *s, uint32_t node)
{
	if (s->stopping)
		return true;
	if (s->res->nodes >= s->next_progress) {
		s->next_progress = s->res->nodes + SEARCH_PROGRESS_NODES;
		if (s->opt->progress)
			s->opt->progress(s->opt->progress_ctx, s->res->nodes);
	}
	if ((s->opt->max_nodes && s->res->nodes >= s->opt->max_nodes) || stop_raised(s) ||
	    (s->trace && trace_full(s->trace))) {
		s->stopping = true;
		s->res->stopped = true;
		s->res->interrupted = stop_raised(s);
		s->res->memory_full = !s->res->interrupted && s->trace && trace_full(s->trace) &&
				      !(s->opt->max_nodes && s->res->nodes >= s->opt->max_nodes);
		if (s->trace)
			trace_event(s->trace, node, TE_STOPPED, MOVE_NONE, 0, 0, s->res->interrupted);
		return true;
	}
	return false;
}

/* Appends M and the child's line to the principal variation at PLY. */
static void update_pv(struct searcher *s, int ply, move m)
{
	s->pv[ply][0] = m;
	memcpy(&s->pv[ply][1], s->pv[ply + 1], sizeof(move) * (size_t)s->pv_len[ply + 1]);
	s->pv_len[ply] = s->pv_len[ply + 1] + 1;
}

/*
 * Move ordering. MVV-LVA tries the most valuable victim first and, among
 * captures of the same victim, the least valuable attacker first; queen
 * promotions count as winning the queen's value less a pawn. Quiet moves
 * keep the generator's order behind the captures. The sort is stable, so
 * the order (and the trace) is the same on every run (search_order_key).
 */
static void order_moves(const struct searcher *s, struct move_list *list)
{
	int keys[MAX_MOVES];

	if (s->opt->order == ORDER_NONE)
		return;
	for (int i = 0; i < list->count; i++)
		keys[i] = search_order_key(&s->pos, list->moves[i]);
	for (int i = 1; i < list->count; i++) {
		int k = keys[i];
		move m = list->moves[i];
		int j = i - 1;

		while (j >= 0 && keys[j] < k) {
			keys[j + 1] = keys[j];
			list->moves[j + 1] = list->moves[j];
			j--;
		}
		keys[j + 1] = k;
		list->moves[j + 1] = m;
	}
}

/*
 * The moves a quiescence node not answering a check searches: captures and
 * queen promotions; in mode checks also quiet checks while QPLY is below
 * --check-plies; with --pawn-pushes also quiet pushes to the seventh rank.
 */
static void quiescence_moves(const struct searcher *s, struct move_list *list, int qply)
{
	const struct search_options *o = s->opt;
	const struct position *pos = &s->pos;
	struct move_list extra;
	int n = 0;

	movegen_tactical(pos, list);
	for (int i = 0; i < list->count; i++) {
		move m = list->moves[i];

		if (!MOVE_IS_PROMOTION(m) || MOVE_PROMO_TYPE(m) == QUEEN)
			list->moves[n++] = m;
	}
	list->count = n;

	if (o->mode == QMODE_CHECKS && (o->check_plies < 0 || qply < o->check_plies)) {
		movegen_quiet_checks(pos, &extra);
		for (int i = 0; i < extra.count; i++)
			list->moves[list->count++] = extra.moves[i];
	}
	if (o->pawn_pushes) {
		bitboard seventh = pos->side == WHITE ? RANK_7_BB : RANK_2_BB;

		movegen_quiet(pos, &extra);
		for (int i = 0; i < extra.count; i++) {
			move m = extra.moves[i];
			bool dup = false;

			if (PIECE_TYPE(pos->squares[MOVE_FROM(m)]) != PAWN || !(BB(MOVE_TO(m)) & seventh))
				continue;
			for (int j = 0; j < list->count; j++)
				dup |= list->moves[j] == m;
			if (!dup)
				list->moves[list->count++] = m;
		}
	}
}

/*
 * Step 7. Futility pruning per capture, the modern form of delta pruning
 * (Stockfish, Ethereal): with FUTILITY the stand-pat value EVAL plus the
 * margin (the futility base) decides. A capture MV is skipped when the base
 * plus the captured value still does not reach ALPHA (rule "value"), and
 * also when the base alone does not reach alpha and the capture wins no
 * material by SEE (rule "see"): it cannot hope to lift the score. Captures
 * that promote are searched, and so are captures that give check: the
 * static value says nothing of a check, which may mate or win more than
 * the captured piece (Stockfish's qsearch prunes only !givesCheck moves).
 * Returns whether MV was pruned.
 */
static bool futility_pruned(struct searcher *s, uint32_t node, move mv, int eval, int alpha)
{
	const struct search_options *o = s->opt;
	int base = eval + o->futility_margin, gain, see = 0, rule;

	if (!o->futility || !MOVE_IS_CAPTURE(mv) || MOVE_IS_PROMOTION(mv))
		return false;
	gain = board_captured_value(&s->pos, mv);
	if (base + gain <= alpha)
		rule = TFP_VALUE;
	else if (base <= alpha && (see = see_move(&s->pos, mv)) <= 0)
		rule = TFP_SEE;
	else
		return false;
	/* Only a capture a rule would prune pays for the check test. */
	if (board_gives_check(&s->pos, mv))
		return false;
	s->res->futility_prunes++;
	EMIT(s, node, TE_FUTILITY_PRUNE, mv, rule == TFP_VALUE ? gain : see, o->futility_margin, rule);
	return true;
}

/*
 * Step 8. Recaptures only: from quiescence ply --recaptures on, a node (not
 * in check) searches only the moves to the square its own move LAST went
 * to, the recaptures; any other move MV is skipped. A quiescence root (no
 * last move) is not restricted. Returns whether MV was pruned.
 */
static bool recapture_pruned(struct searcher *s, uint32_t node, move last, move mv, int qply)
{
	const struct search_options *o = s->opt;

	if (o->recaptures < 0 || qply < o->recaptures || last == MOVE_NONE || MOVE_TO(mv) == MOVE_TO(last))
		return false;
	s->res->recapture_prunes++;
	EMIT(s, node, TE_RECAPTURE_PRUNE, mv, 0, 0, 0);
	return true;
}

/*
 * Step 9. Evasion pruning: answering a check in the quiescence search, once
 * --evasion-limit evasions were searched (SEARCHED) and the best of them
 * (BEST) is not a mated score, a quiet evasion MV (no capture, no
 * promotion) is skipped: the side is not lost, and a quiet move rarely
 * changes the material balance. Returns whether MV was pruned.
 */
static bool evasion_pruned(struct searcher *s, uint32_t node, move mv, int best, int searched)
{
	const struct search_options *o = s->opt;

	if (o->evasion_limit < 0 || searched < o->evasion_limit || MOVE_IS_TACTICAL(mv) ||
	    best <= -(SCORE_MATE - SEARCH_MATE_PLIES))
		return false;
	s->res->evasion_prunes++;
	EMIT(s, node, TE_EVASION_PRUNE, mv, best, searched, 0);
	return true;
}

int search_tt_depth(const struct search_options *o, int qply)
{
	int h = 0;

	if (o->mode == QMODE_CHECKS && o->check_plies >= 0 && o->check_plies > h)
		h = o->check_plies;
	if (o->qdepth > h)
		h = o->qdepth;
	if (o->recaptures > h)
		h = o->recaptures;
	return -(qply < h ? qply : h);
}

/* The keys of the square a recapture goes to (splitmix64 from a fixed seed: the same on every run). */
static uint64_t recapture_key(int sq)
{
	uint64_t z = 0x51A7C0DEULL + (uint64_t)(sq + 1) * 0x9E3779B97F4A7C15ULL;

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

uint64_t search_tt_key(const struct search_options *o, const struct position *pos, int qply, move last)
{
	if (o->recaptures >= 0 && qply >= o->recaptures && last != MOVE_NONE)
		return pos->key ^ recapture_key(MOVE_TO(last));
	return pos->key;
}

/*
 * Step 0. The transposition table on entry (with --tt): the entry of KEY
 * answers the node when it was stored at the same DEPTH (tt.h: a result of
 * the same search) and its bound decides against the window (ALPHA, BETA):
 * an exact value, a lower bound at or above beta, an upper bound at or
 * below alpha. Returns whether it did, the node's value in *SCORE (the
 * stored value; fail-hard clamps it to the window). When it does not
 * decide and REFINE is not NULL (a quiescence node about to stand pat), a
 * stored lower bound above *REFINE, the static value, replaces it: the
 * stand pat can count on it.
 */
static bool tt_answers(struct searcher *s, uint32_t node, uint64_t key, int depth, int ply, int alpha, int beta,
		       int *score, int *refine)
{
	const struct tt_entry *e = tt_probe(s->table, key);
	int v;

	if (e == NULL || e->depth != depth)
		return false;
	v = tt_value_from(e->value, ply);
	if (tt_bound_decides(e->bound, v, alpha, beta)) {
		s->res->tt_cutoffs++;
		s->table->cutoffs++;
		EMIT(s, node, TE_TT_CUTOFF, MOVE_NONE, v, depth, e->bound);
		*score = s->opt->fail_soft ? v : v < alpha ? alpha : v > beta ? beta : v;
		return true;
	}
	if (refine && e->bound == SCORE_LOWER && v > *refine) {
		s->res->tt_refines++;
		*refine = v;
	}
	return false;
}

/*
 * Step 10. The transposition table on leaving (with --tt): the node's
 * SCORE, with the bound it is against its window (ALPHA0, BETA), is stored
 * at KEY with DEPTH and the BEST move (the one that cut off or last raised
 * alpha). A node the stop cut short stores nothing: its value is none.
 */
static void tt_keep(struct searcher *s, uint64_t key, int depth, int ply, int score, int alpha0, int beta, move best)
{
	if (!s->stopping)
		tt_store(s->table, key, depth, tt_value_to(score, ply), trace_bound_of(score, alpha0, beta), best);
}

/* Leaves NODE with SCORE as leave does, storing it first when TT (step 10). */
TRACE_INLINE int tt_leave(struct searcher *s, bool tt, uint32_t node, uint64_t key, int depth, int ply, int score, int alpha0,
			  int beta, move best)
{
	if (tt)
		tt_keep(s, key, depth, ply, score, alpha0, beta, best);
	return leave(s, node, score, alpha0, beta);
}

static int quiesce(struct searcher *s, uint32_t parent, move m, int alpha, int beta, int ply, int qply);
static int quiesce_tt(struct searcher *s, uint32_t parent, move m, int alpha, int beta, int ply, int qply);

/*
 * The quiescence search at quiescence ply QPLY (0 at the horizon). Its steps
 * are numbered as in the literature; each step that decides something emits
 * the trace event of the same name. TT is a constant: the search is
 * compiled twice, with the table (quiesce_tt) and without (quiesce), so
 * that without it the table costs nothing.
 */
TRACE_INLINE int quiesce_with(struct searcher *s, bool tt, uint32_t parent, move m, int alpha, int beta, int ply, int qply)
{
	const struct search_options *o = s->opt;
	struct position *pos = &s->pos;
	bool in_check = board_in_check(pos);
	int eval = eval_static(pos, o->eval);
	uint32_t node = enter(s, parent, m, ply, qply, alpha, beta, in_check, eval);
	int alpha0 = alpha, best = -SCORE_INF, searched = 0, i, stand = eval, ttd = 0, score;
	bool evading = in_check && o->evasions;
	struct move_list list;
	uint64_t key = 0;
	move bestmove = MOVE_NONE;

	/* Step 6 (checked first). The --qdepth limit, and the hard ply limit. */
	if (o->qdepth >= 0 && qply >= o->qdepth) {
		EMIT(s, node, TE_QDEPTH_LIMIT, MOVE_NONE, eval, 0, 0);
		return leave(s, node, eval, alpha0, beta);
	}
	if (ply >= SEARCH_MAX_PLY) {
		EMIT(s, node, TE_PLY_LIMIT, MOVE_NONE, eval, 0, 0);
		return leave(s, node, eval, alpha0, beta);
	}
	/* Step 0. The table may answer the node, or raise its stand pat (not at the root). */
	if (tt) {
		key = search_tt_key(o, pos, qply, m);
		ttd = search_tt_depth(o, qply);
		if (ply > 0 && tt_answers(s, node, key, ttd, ply, alpha, beta, &score,
					  !evading && o->stand_pat ? &stand : NULL))
			return leave(s, node, score, alpha0, beta);
	}

	if (evading) {
		/* Step 1. In check: no standing pat; every legal evasion, and none means mate. */
		movegen_evasions(pos, &list);
		if (list.count == 0) {
			score = -(SCORE_MATE - ply);
			s->res->mates++;
			EMIT(s, node, TE_MATE, MOVE_NONE, score, 0, 0);
			return tt_leave(s, tt, node, key, ttd, ply, score, alpha0, beta, MOVE_NONE);
		}
	} else {
		/*
		 * Step 2. Stand pat. The side to move need not capture: the static
		 * value is a lower bound on what it can get. At or above beta the
		 * node is already good enough to cut off; above alpha it raises alpha.
		 * With --tt the value stood on may be a stored lower bound above the
		 * static value (step 0): the stand pat event then says that value.
		 */
		if (o->stand_pat) {
			int outcome = TSP_NONE;

			best = stand;
			if (stand >= beta) {
				s->res->stand_pat_cutoffs++;
				EMIT(s, node, TE_STAND_PAT, MOVE_NONE, stand, 0, TSP_CUTOFF);
				return tt_leave(s, tt, node, key, ttd, ply, o->fail_soft ? stand : beta, alpha0, beta, MOVE_NONE);
			}
			if (stand > alpha) {
				alpha = stand;
				outcome = TSP_RAISE;
			}
			if (ply == 0)
				s->root_stood = true;
			EMIT(s, node, TE_STAND_PAT, MOVE_NONE, stand, 0, outcome);
		}
		/* Step 3. The tactical moves: captures and queen promotions (and checks, pushes). */
		quiescence_moves(s, &list, qply);
	}
	order_moves(s, &list);

	for (i = 0; i < list.count; i++) {
		move mv = list.moves[i];
		struct undo u;

		if (should_stop(s, node))
			break;
		/* The modern steps cost one test each when their switch is off. */
		if (evading && o->evasion_limit >= 0 && evasion_pruned(s, node, mv, best, searched))
			continue;
		if (!in_check && o->recaptures >= 0 && recapture_pruned(s, node, m, mv, qply))
			continue;
		if (!in_check) {
			/*
			 * Step 4. Delta pruning: even winning the captured piece
			 * outright, with a margin for positional gains, would not
			 * lift the stand-pat value to alpha.
			 */
			if (o->delta && MOVE_IS_CAPTURE(mv) && !MOVE_IS_PROMOTION(mv)) {
				int gain = board_captured_value(pos, mv);

				if (stand + gain + o->delta_margin <= alpha) {
					s->res->delta_prunes++;
					EMIT(s, node, TE_DELTA_PRUNE, mv, gain, o->delta_margin, 0);
					continue;
				}
			}
			/* Step 7. Futility pruning per capture (the modern form of step 4). */
			if (o->futility && futility_pruned(s, node, mv, stand, alpha))
				continue;
			/*
			 * Step 5. SEE pruning: a capture that loses more than the
			 * SEE threshold (--see-margin; 0: any loss) in the exchange
			 * is skipped.
			 */
			if (o->see && MOVE_IS_CAPTURE(mv)) {
				int see = see_move(pos, mv);

				if (see < -o->see_margin) {
					s->res->see_prunes++;
					EMIT(s, node, TE_SEE_PRUNE, mv, see, o->see_margin, 0);
					continue;
				}
			}
		}

		searched++;
		if (s->trace)
			trace_move(s->trace, node, mv);
		board_make(pos, mv, &u);
		score = -(tt ? quiesce_tt(s, node, mv, -beta, -alpha, ply + 1, qply + 1) :
			  quiesce(s, node, mv, -beta, -alpha, ply + 1, qply + 1));
		board_unmake(pos, mv, &u);

		/*
		 * A child the stop cut short returns what it knew so far, not a
		 * value: it is discarded, never compared with alpha or beta (it
		 * could fake a cutoff or a new best move all the way up).
		 */
		if (s->stopping)
			break;
		if (score > best)
			best = score;
		if (score >= beta) {
			s->res->beta_cutoffs++;
			EMIT(s, node, TE_BETA_CUTOFF, mv, score, 0, 0);
			return tt_leave(s, tt, node, key, ttd, ply, o->fail_soft ? best : beta, alpha0, beta, mv);
		}
		if (score > alpha) {
			alpha = score;
			bestmove = mv;
			EMIT(s, node, TE_ALPHA_RAISE, mv, alpha, 0, 0);
			update_pv(s, ply, mv);
		}
	}

	note_root(s, ply, i, list.count);
	/* Without a stand pat, a node that searched nothing is worth its static value (unless it was stopped). */
	if (!evading && !o->stand_pat && searched == 0 && !s->stopping) {
		EMIT(s, node, TE_QUIET_LEAF, MOVE_NONE, eval, 0, 0);
		return tt_leave(s, tt, node, key, ttd, ply, eval, alpha0, beta, MOVE_NONE);
	}
	if (best == -SCORE_INF)
		best = alpha;   /* stopped before any move: nothing better is known */
	return tt_leave(s, tt, node, key, ttd, ply, o->fail_soft ? best : alpha, alpha0, beta, bestmove);
}

/* The quiescence search without the table, and with it (quiesce_with). */
static int quiesce(struct searcher *s, uint32_t parent, move m, int alpha, int beta, int ply, int qply)
{
	return quiesce_with(s, false, parent, m, alpha, beta, ply, qply);
}

static int quiesce_tt(struct searcher *s, uint32_t parent, move m, int alpha, int beta, int ply, int qply)
{
	return quiesce_with(s, true, parent, m, alpha, beta, ply, qply);
}

/*
 * Mode none: no quiescence search at all. The position at the horizon is a
 * leaf of the main search and its static value stands, right or wrong: this
 * is the horizon effect, shown on purpose.
 */
static int horizon(struct searcher *s, uint32_t parent, move m, int alpha, int beta, int ply)
{
	struct position *pos = &s->pos;
	int eval = eval_static(pos, s->opt->eval);
	uint32_t node = enter(s, parent, m, ply, -1, alpha, beta, board_in_check(pos), eval);

	EMIT(s, node, TE_HORIZON, MOVE_NONE, eval, 0, 0);
	return leave(s, node, eval, alpha, beta);
}

/*
 * Whether the position just reached at PLY (its key in s->path[ply])
 * occurred before with the same side to move: on the search path or in the
 * game's history. Only the positions since the last capture or pawn move
 * (the halfmove clock) can be the same.
 */
static bool repeated(const struct searcher *s, int ply)
{
	const struct search_options *o = s->opt;
	uint64_t key = s->path[ply];
	int back = s->pos.halfmove;

	for (int i = 2; i <= back; i += 2) {
		int at = ply - i;

		if (at >= 0) {
			if (s->path[at] == key)
				return true;
		} else if (o->history_len + at >= 0) {
			if (o->history[o->history_len + at] == key)
				return true;
		} else {
			break;
		}
	}
	return false;
}

static int search_main(struct searcher *s, uint32_t parent, move m, int depth, int alpha, int beta, int ply);
static int search_main_tt(struct searcher *s, uint32_t parent, move m, int depth, int alpha, int beta, int ply);

/* The main search: every legal move to DEPTH plies, then the quiescence search (TT as in quiesce_with). */
TRACE_INLINE int search_with(struct searcher *s, bool tt, uint32_t parent, move m, int depth, int alpha, int beta, int ply)
{
	const struct search_options *o = s->opt;
	struct position *pos = &s->pos;
	bool in_check;
	uint32_t node;
	int alpha0 = alpha, best = -SCORE_INF, i, score;
	struct move_list list;
	move bestmove = MOVE_NONE;

	if (depth <= 0) {
		if (o->mode == QMODE_NONE)
			return horizon(s, parent, m, alpha, beta, ply);
		return tt ? quiesce_tt(s, parent, m, alpha, beta, ply, 0) : quiesce(s, parent, m, alpha, beta, ply, 0);
	}

	in_check = board_in_check(pos);
	node = enter(s, parent, m, ply, -1, alpha, beta, in_check,
		     s->trace ? eval_static(pos, o->eval) : 0);

	/* Step 0. The table may answer the node (not the root): a result of the same depth. */
	if (tt && ply > 0 && tt_answers(s, node, pos->key, depth, ply, alpha, beta, &score, NULL))
		return leave(s, node, score, alpha0, beta);

	/* Step 1. No legal move: checkmate (scored by its distance from the root) or stalemate. */
	movegen_all(pos, &list);
	if (list.count == 0) {
		score = in_check ? -(SCORE_MATE - ply) : 0;
		if (in_check)
			s->res->mates++;
		EMIT(s, node, in_check ? TE_MATE : TE_STALEMATE, MOVE_NONE, score, 0, 0);
		return tt_leave(s, tt, node, pos->key, depth, ply, score, alpha0, beta, MOVE_NONE);
	}

	/* Step 2. Try every move, best-looking first. */
	order_moves(s, &list);
	for (i = 0; i < list.count; i++) {
		move mv = list.moves[i];
		struct undo u;

		if (should_stop(s, node))
			break;
		if (s->trace)
			trace_move(s->trace, node, mv);
		board_make(pos, mv, &u);
		if (s->repetitions)
			s->path[ply + 1] = game_repetition_key(pos);
		if (s->repetitions && repeated(s, ply + 1)) {
			/* A repetition: a draw, whatever follows (the other side may claim it). */
			score = 0;
			s->pv_len[ply + 1] = 0;
		} else {
			score = -(tt ? search_main_tt(s, node, mv, depth - 1, -beta, -alpha, ply + 1) :
				  search_main(s, node, mv, depth - 1, -beta, -alpha, ply + 1));
		}
		board_unmake(pos, mv, &u);

		/* A child the stop cut short has no value: discarded, as in the quiescence search. */
		if (s->stopping)
			break;
		if (score > best)
			best = score;
		/* Step 3. A refutation: the opponent will not allow this line. */
		if (score >= beta) {
			s->res->beta_cutoffs++;
			EMIT(s, node, TE_BETA_CUTOFF, mv, score, 0, 0);
			return tt_leave(s, tt, node, pos->key, depth, ply, o->fail_soft ? best : beta, alpha0, beta, mv);
		}
		/* Step 4. A better move: it raises alpha and becomes the principal variation. */
		if (score > alpha) {
			alpha = score;
			bestmove = mv;
			EMIT(s, node, TE_ALPHA_RAISE, mv, alpha, 0, 0);
			update_pv(s, ply, mv);
		}
	}
	note_root(s, ply, i, list.count);
	if (best == -SCORE_INF)
		best = alpha;
	return tt_leave(s, tt, node, pos->key, depth, ply, o->fail_soft ? best : alpha, alpha0, beta, bestmove);
}

/* The main search without the table, and with it (search_with). */
static int search_main(struct searcher *s, uint32_t parent, move m, int depth, int alpha, int beta, int ply)
{
	return search_with(s, false, parent, m, depth, alpha, beta, ply);
}

static int search_main_tt(struct searcher *s, uint32_t parent, move m, int depth, int alpha, int beta, int ply)
{
	return search_with(s, true, parent, m, depth, alpha, beta, ply);
}

int search_run(const struct position *root, const struct search_options *opt,
	       struct trace *trace, const atomic_int *stop, struct search_result *res)
{
	struct searcher *s = xcalloc(1, sizeof *s);
	struct tt *own_table = NULL;
	double start = util_now();

	memset(res, 0, sizeof *res);
	s->pos = *root;
	s->opt = opt;
	s->trace = trace;
	s->stop = stop;
	s->res = res;
	s->next_progress = SEARCH_PROGRESS_NODES;
	s->repetitions = opt->history != NULL && trace == NULL;
	if (s->repetitions)
		s->path[0] = game_repetition_key(root);
	if (trace) {
		uint64_t budget = opt->max_memory == 0 ? trace_default_budget() :
				  opt->max_memory == SEARCH_NO_MEMORY_LIMIT ? 0 : opt->max_memory;

		if (budget > SIZE_MAX)
			budget = SIZE_MAX;
		trace_clear(trace);
		trace_set_budget(trace, (size_t)budget);
		res->memory_budget = budget;
	}

	if (opt->tt) {
		s->table = opt->table;
		if (s->table == NULL && (s->table = own_table = tt_new(opt->tt_size)) == NULL)
			util_die("out of memory for a transposition table of %d MB (--tt-size)", opt->tt_size);
	}

	res->score = s->table ? search_main_tt(s, TRACE_NONE, MOVE_NONE, opt->depth, -SCORE_INF, SCORE_INF, 0) :
		     search_main(s, TRACE_NONE, MOVE_NONE, opt->depth, -SCORE_INF, SCORE_INF, 0);
	res->pv_len = s->pv_len[0];
	memcpy(res->pv, s->pv[0], sizeof(move) * (size_t)res->pv_len);
	res->best = res->pv_len > 0 ? res->pv[0] : MOVE_NONE;
	/*
	 * After a stop the root's score is the best of the root moves searched
	 * to the end (the stopped one is discarded), a true value for those;
	 * with none finished (and no stand pat at a quiescence root) there is
	 * no score and no best move.
	 */
	res->has_score = !res->stopped || res->root_moves_done > 0 || s->root_stood;
	if (!res->has_score) {
		res->best = MOVE_NONE;
		res->pv_len = 0;
	}
	res->seconds = util_now() - start;
	if (trace) {
		trace_mark_pv(trace, res->pv, res->pv_len);
		trace_trim(trace);
	}
	tt_free(own_table);
	free(s);
	return res->score;
}

bool search_memory_parse(const char *text, uint64_t *bytes)
{
	static const char units[] = "KMGT";
	uint64_t whole = 0, frac = 0, scale = 1, fdiv = 1;
	const char *p = text, *u;
	int shift = 0;

	if (text == NULL || !isdigit((unsigned char)*p))
		return false;
	for (; isdigit((unsigned char)*p); p++) {
		if (whole > (UINT64_MAX - 9) / 10)
			return false;
		whole = whole * 10 + (uint64_t)(*p - '0');
	}
	if (*p == '.') {
		if (!isdigit((unsigned char)*++p))
			return false;
		for (; isdigit((unsigned char)*p); p++)
			if (fdiv < 1000000) {
				frac = frac * 10 + (uint64_t)(*p - '0');
				fdiv *= 10;
			}
	}
	if (*p != '\0' && (u = strchr(units, toupper((unsigned char)*p))) != NULL) {
		shift = 10 * (int)(u - units + 1);
		p++;
		if (*p == 'i' || *p == 'I')
			p++;
		if (*p == 'b' || *p == 'B')
			p++;
	} else if (*p == 'b' || *p == 'B') {
		p++;
	}
	if (*p != '\0' || (fdiv > 1 && shift == 0))
		return false;
	scale = (uint64_t)1 << shift;
	if (whole > UINT64_MAX / scale / 2)
		return false;
	*bytes = whole * scale + frac * scale / fdiv;
	if (*bytes == 0)
		*bytes = whole == 0 && frac == 0 ? SEARCH_NO_MEMORY_LIMIT : 1;
	return true;
}

void search_memory_text(uint64_t bytes, char *buf, size_t n)
{
	static const char units[] = "KMGT";
	int u = -1;

	if (bytes == SEARCH_NO_MEMORY_LIMIT || bytes == 0) {
		snprintf(buf, n, "none");
		return;
	}
	while (u < 3 && bytes % 1024 == 0) {
		bytes /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, n, "%llu", (unsigned long long)bytes);
	else
		snprintf(buf, n, "%llu%c", (unsigned long long)bytes, units[u]);
}

void search_stop_reason(const struct search_result *res, const struct search_options *opt, char *buf, size_t n)
{
	char size[32];

	if (!res->stopped) {
		snprintf(buf, n, "%s", "");
	} else if (res->interrupted) {
		snprintf(buf, n, "interrupted");
	} else if (res->memory_full) {
		search_memory_text(res->memory_budget, size, sizeof size);
		snprintf(buf, n, "memory budget, --max-memory %s", size);
	} else {
		snprintf(buf, n, "--max-nodes %llu", (unsigned long long)opt->max_nodes);
	}
}

