/*
 * tracecheck_int.h: what the files of the trace checker share (tracecheck.c,
 * the rules of quiesce's own search; tracecheck_modern.c, the rules of the
 * modern techniques of issue 29): the open node and the checker's state, and
 * the helpers that report a violation and write a score or a move.
 */
#ifndef QUIESCE_TRACECHECK_INT_H
#define QUIESCE_TRACECHECK_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/util.h"
#include "chess/board.h"
#include "chess/notation.h"
#include "search/search.h"
#include "search/trace.h"
#include "tracefile/tracecheck.h"

/* One open node. */
struct frame {
	uint32_t node;
	struct trace_node nd;
	int alpha, beta;        /* the window now (alpha rises) */
	int best;               /* the best score so far, for fail-soft */
	bool quiescence;
	bool in_check;
	bool evading;           /* answering a check in the quiescence search (evasions on) */
	bool stood;             /* a stand pat was recorded */
	int stand_value;
	bool stand_raised;      /* the stand pat raised alpha */
	bool decided;           /* some decision after the entry was recorded */
	bool only_pruned;       /* every decision so far was a prune (delta or SEE) */
	int searched;           /* moves searched */
	int evasions_pruned;    /* quiet evasions skipped by evasion pruning */
	bool cut;               /* a cutoff ended the move loop */
	bool cut_by_stand_pat;
	bool terminal;          /* a leaf event gave the node its value */
	int terminal_kind, terminal_value;
	bool stopped;           /* the stop came while this node was open */
	bool discarded;         /* the child the stop cut short has returned: its value is none */
	move discarded_move;
	bool pending;           /* a child has returned and not yet been accounted for */
	int pending_value;      /* the child's score, negated: the value for this node */
	move pending_move;
	uint32_t pending_child;
	move expect_child;      /* the move of the last move event, whose child comes next */
	bool expecting;
	size_t handled_at;      /* where this node's searched and pruned moves start in checker.handled */
	int ext;                /* the plies of extension (less reductions) on the path to it */
	int next_ext;           /* an extension event's plies, for the child of the next move */
	bool null_tried;        /* a null move was searched (declared null_move) */
	int null_value;
	move last_searched;     /* the move of the last move event (a re-search repeats it) */
	int last_key;           /* the MVV-LVA key of the last move searched or pruned (INT_MAX before any) */
	move last_keyed;
	long vidx;              /* --scope quiescence: its first violation's index in the report, -1 none, -2 not kept */
	struct undo undo;
	uint64_t key;           /* with draws declared: its position's repetition key */
};

struct checker {
	const struct search_options *opt;   /* OPTS, the declared options */
	struct search_options opts;
	bool order_other;                   /* the engine orders its moves its own way ("order": "other") */
	const struct tracecheck_config *cfg;
	struct trace_declared decl;   /* what the trace declares its engine does besides quiesce's rules */
	struct tracecheck_report *rep;
	/*
	 * The position of the node on top: OWN, played along by the checker,
	 * or (SHARED_POS, a check fed by a reading) the reader's own, given
	 * with each event.
	 */
	const struct position *pos;
	struct position own;
	bool shared_pos;
	struct frame *stack;
	size_t depth, cap;
	bool entering;                      /* the frame above the top (stack[depth]) is the node being entered */
	/*
	 * The moves the open nodes searched or pruned, a stack like the
	 * frames: a node's moves follow its parent's, and are dropped when it
	 * is left. The quiescence completeness rule compares them with the
	 * moves the declared options make candidates.
	 */
	move *handled;
	size_t handled_len, handled_cap;
	struct tt_seen *tt;           /* with option tt: what the table holds (tracecheck_tt.c); NULL before the first store */
};

/* A check in progress: the checker, fed one event at a time. */
struct tracecheck {
	struct checker c;
};

/* Records a violation of RULE at NODE (its path and the message FMT). */
void tracecheck_violation(struct checker *c, uint32_t node, const char *rule, const char *fmt, ...)
	PRINTF_LIKE(4, 5);
/* A score as the trace text prints it ("+35", "0", "-inf"), in BUF of 16 bytes. */
const char *tracecheck_score_text(int score, char *buf);
/* A move in UCI ("none" for none), in BUF of NOTATION_BUFSIZE bytes. */
const char *tracecheck_uci_text(move m, char *buf);
#define S(x) tracecheck_score_text((x), (char[16]){ 0 })
#define U(m) tracecheck_uci_text((m), (char[NOTATION_BUFSIZE]){ 0 })
/* Whether the quiescence search of F may search M under the declared options. */
bool tracecheck_quiescence_move_allowed(const struct checker *c, const struct frame *f, move m);
/* Notes M as searched or pruned by the node on top of the stack. */
void tracecheck_note_handled(struct checker *c, move m);

/* The modern techniques (tracecheck_modern.c): a searched move one of them should have pruned. */
void tracecheck_missed_modern(struct checker *c, const struct frame *f, move m);
/* A futility, recapture or evasion prune event E of F. */
void tracecheck_modern_prune(struct checker *c, struct frame *f, const struct trace_event *e);

/*
 * Quiesce's own transposition table (tracecheck_tt.c): F left with SCORE
 * and BOUND (the table stores it); a tt_cutoff E of F (rules tt-depth and
 * tt-stored); whether a stand pat V of F above its static value is a
 * stored lower bound (else rule tt-stand-pat is reported); the map's memory.
 */
void tracecheck_tt_left(struct checker *c, const struct frame *f, int score, int bound);
void tracecheck_tt_cutoff(struct checker *c, const struct frame *f, const struct trace_event *e);
bool tracecheck_tt_stand_pat(struct checker *c, const struct frame *f, int v);
void tracecheck_tt_free(struct checker *c);

#endif
