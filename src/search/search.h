/*
 * search.h: the instrumented alpha-beta search with its quiescence search.
 *
 * Negamax alpha-beta to a fixed depth; at depth 0 the quiescence search
 * takes over. Every decision can be recorded in a trace (search.c has the
 * pinned semantics as numbered steps). The search never prints.
 */
#ifndef QUIESCE_SEARCH_H
#define QUIESCE_SEARCH_H

#include <stdatomic.h>

#include "chess/board.h"
#include "chess/eval.h"
#include "chess/score.h"
#include "search/trace.h"
#include "search/tt.h"
#include "base/types.h"

#define SEARCH_MAX_PLY 128
#define SEARCH_MAX_DEPTH 20
#define SEARCH_DEFAULT_DEPTH 2
#define DELTA_DEFAULT_MARGIN 200
/*
 * A score above -(SCORE_MATE - SEARCH_MATE_PLIES) is not a mated score: the
 * "non-losing" bound of evasion pruning (step 9). Every mate the search
 * scores is within SEARCH_MAX_PLY + 2 plies of the root.
 */
#define SEARCH_MATE_PLIES (SEARCH_MAX_PLY + 2)
#define FUTILITY_DEFAULT_MARGIN 100

enum qmode { QMODE_NONE = 0, QMODE_CAPTURES, QMODE_CHECKS };
enum move_order { ORDER_MVV_LVA = 0, ORDER_NONE };

struct search_options {
	int depth;              /* main search plies */
	enum qmode mode;
	int check_plies;        /* mode checks: quiet checks while qply < this; -1 = every ply */
	int qdepth;             /* -1 = no limit */
	bool delta;
	int delta_margin;
	bool see;
	int see_margin;         /* SEE pruning skips a capture whose SEE is below -see_margin (0: any loss) */
	bool fail_soft;
	bool stand_pat;
	bool evasions;
	bool pawn_pushes;
	bool futility;          /* futility pruning per capture, the modern form (step 7) */
	int futility_margin;
	int recaptures;         /* from this quiescence ply on, only moves to the last move's square; -1 = off */
	int evasion_limit;      /* in check, quiet evasions skipped after this many searched; -1 = off */
	bool tt;                /* the transposition table (tt.h): probe on entry, store on leaving (step 0) */
	int tt_size;            /* its size in MB */
	enum move_order order;
	enum eval_kind eval;
	uint64_t max_nodes;     /* 0 = no cap */
	/*
	 * The bytes a recorded trace may take: 0 = the default budget
	 * (trace_default_budget), SEARCH_NO_MEMORY_LIMIT = none. When the trace
	 * is full the search stops as at the node cap.
	 */
	uint64_t max_memory;
	/*
	 * Called every SEARCH_PROGRESS_NODES nodes while the search runs, so a
	 * front end can show that a long search is alive (the search itself
	 * never prints). NULL for none.
	 */
	void (*progress)(void *ctx, uint64_t nodes);
	void *progress_ctx;
	/*
	 * Repetition detection, for play (quiesce uci and match): HISTORY holds
	 * the repetition keys (game_repetition_key) of the HISTORY_LEN positions
	 * of the game before the root, oldest first. When it is not NULL, a move
	 * of the main search into a position that occurred before (in the game
	 * or on the search path, within the moves since the last capture or pawn
	 * move) scores a draw, 0, and is not searched further. NULL (the
	 * default): no detection, as in lessons, the tutor and the reference
	 * tests. A search that records a trace never detects repetitions: the
	 * trace has no event for them.
	 */
	const uint64_t *history;
	int history_len;
	/*
	 * With tt on: a table the caller keeps across searches (iterative
	 * deepening keeps one across the iterations of a move). NULL: the
	 * search makes its own of tt_size MB, empty, and frees it at the end,
	 * so that every search (and trace) starts from an empty table.
	 */
	struct tt *table;
};

#define SEARCH_PROGRESS_NODES 200000

struct search_result {
	int score;
	move best;
	move pv[SEARCH_MAX_PLY + 1];
	int pv_len;
	uint64_t nodes;         /* every node entered, main and quiescence */
	uint64_t qnodes;        /* nodes in the quiescence search */
	uint64_t stand_pat_cutoffs;
	uint64_t beta_cutoffs;
	uint64_t delta_prunes;
	uint64_t see_prunes;
	uint64_t futility_prunes;   /* step 7 (not in a trace file's result: count the events) */
	uint64_t recapture_prunes;  /* step 8 */
	uint64_t evasion_prunes;    /* step 9 */
	uint64_t tt_cutoffs;        /* step 0: nodes the table answered */
	uint64_t tt_refines;        /* step 0: stand pats the table raised */
	uint64_t mates;
	int seldepth;           /* the deepest ply any node reached (quiescence included) */
	bool stopped;           /* cut short by the node cap, the memory budget or an interrupt */
	/*
	 * Whether score, best and pv are true values: the search finished, or
	 * (stopped) at least one root move was searched to the end, or the root,
	 * a quiescence node, stood pat. After a stop they are the best of the
	 * root moves that finished; the interrupted move's partial value is
	 * discarded. False: no move finished, best is MOVE_NONE, the pv empty
	 * and score -SCORE_INF (the root's value: nothing is known).
	 */
	bool has_score;
	int root_moves;         /* the moves the root's loop had (legal moves; a quiescence root's tactical ones) */
	int root_moves_done;    /* of those, searched to the end or pruned: root_moves unless stopped */
	bool interrupted;       /* by the interrupt flag (else by a cap) */
	bool memory_full;       /* by the trace's memory budget (else by the node cap) */
	uint64_t memory_budget; /* the trace's budget in bytes (0: no trace or no limit) */
	double seconds;
};

/*
 * The MVV-LVA order's key of move M in POS (order mvv-lva): the search
 * tries the moves by decreasing key, ties in the generator's order (a
 * stable sort). 16 x the captured value (a pawn for en passant) plus 8
 * less the attacker's piece type, plus 16 x a promotion's gain over the
 * pawn, plus one; 0 for a quiet move. check-trace's move-order rule reads
 * the same key. Inline: the search computes it for every move it orders.
 */
static inline int search_order_key(const struct position *pos, move m)
{
	int key;

	if (!MOVE_IS_TACTICAL(m))
		return 0;
	key = 16 * board_captured_value(pos, m) + 8 - PIECE_TYPE(pos->squares[MOVE_FROM(m)]);
	if (MOVE_IS_PROMOTION(m))
		key += 16 * (board_piece_value[MOVE_PROMO_TYPE(m)] - VALUE_PAWN);
	return key + 1;   /* every tactical move before every quiet one */
}

/*
 * Searches ROOT with OPT. When TRACE is not NULL every decision is recorded
 * in it (it is cleared first). When STOP is not NULL and becomes non-zero
 * the search stops cleanly at the next node: another thread or a signal
 * handler may store to it (int atomics are lock-free, so that is
 * async-signal-safe). Returns the root score (see has_score after a stop).
 */
int search_run(const struct position *root, const struct search_options *opt,
	       struct trace *trace, const atomic_int *stop, struct search_result *res);

/*
 * The depth a quiescence node at QPLY stores and probes in the
 * transposition table (tt.h): 0 minus its quiescence class, min(QPLY, H),
 * where H is the last quiescence ply a rule of O names (the check plies in
 * mode checks, --qdepth, --recaptures; 0 when none does). Two quiescence
 * nodes of one class search the same moves in their whole subtrees, so one
 * may answer the other; nodes of different classes never answer each other.
 */
int search_tt_depth(const struct search_options *o, int qply);

/*
 * The table's key of quiescence node POS at QPLY reached by LAST: the
 * position's Zobrist key, and where only recaptures are searched
 * (--recaptures, qply at or past it, below a move) the square LAST went to
 * as well, since the node's moves depend on it.
 */
uint64_t search_tt_key(const struct search_options *o, const struct position *pos, int qply, move last);

#define SEARCH_NO_MEMORY_LIMIT UINT64_MAX

/*
 * Parses a memory size: a whole number of bytes, or of K, M, G or T
 * (1024, 1024^2, ... bytes; "512M", "2G", "1.5G"; a trailing B or iB is
 * allowed); "0" is no limit (SEARCH_NO_MEMORY_LIMIT). False on anything else.
 */
bool search_memory_parse(const char *text, uint64_t *bytes);
/* BYTES as the shortest exact "512M", "2G", "1536K" or bytes ("none" for no limit). */
void search_memory_text(uint64_t bytes, char *buf, size_t n);
/*
 * Why RES stopped, for a message: "interrupted", "--max-nodes N" (the node
 * cap) or "memory budget, --max-memory SIZE"; "" when it did not stop.
 */
void search_stop_reason(const struct search_result *res, const struct search_options *opt, char *buf, size_t n);

#endif
