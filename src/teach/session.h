/*
 * session.h: the tutor's model, shared by the full-screen tutor and the REPL.
 *
 * A session holds the position being studied, the search options, the
 * recorded search (trace and result) and a step cursor: the current event of
 * the trace, whose node is the selected node. Every front end changes the
 * session only through these functions (or the commands of command.h), so
 * the tutor and the REPL behave alike. The session never prints.
 */
#ifndef QUIESCE_SESSION_H
#define QUIESCE_SESSION_H

#include <signal.h>

#include "chess/board.h"
#include "chess/fen.h"
#include "teach/outline.h"
#include "search/search.h"
#include "search/trace.h"
#include "base/types.h"
#include "search/variant.h"

/*
 * The tutor caps its searches so that a trace fits in memory: 10 M nodes
 * take about 300 MB at 30 bytes a node once read (the memory budget, --max-memory,
 * stops a search sooner on a small machine). "set max-nodes 0" lifts the cap.
 */
#define SESSION_DEFAULT_MAX_NODES 10000000

/* The longest file name a session remembers its trace was opened from. */
#define SESSION_SOURCE_MAX 256

struct tour;

/* One side of a comparison: a named option set searched on the session's position. */
struct session_side {
	char typed[VARIANT_MAX];       /* the variant as typed: "none", "captures+delta" … */
	char spec[VARIANT_DESC_MAX];   /* the complete variant as shown: "faulty: captures, evasions off" */
	struct search_options opt;
	struct trace *trace;
	struct search_result result;
	uint8_t *info;                 /* SNI_* per node */
	uint32_t event;                /* this side's step cursor */
	int32_t *horizon;              /* cached quiescence values of its horizon leaves, as the session's */
};

struct game;

struct session {
	struct position root;
	char fen[FEN_BUFSIZE];
	struct search_options opt;
	struct trace *trace;
	struct search_result result;
	bool searched;                 /* the trace belongs to the current root and options */
	char source[SESSION_SOURCE_MAX]; /* the file the trace was opened from ("" for the session's own search) */
	bool source_own_values;        /* that file's values and order are quiesce's (tracediff.h) */
	uint8_t *info;                 /* SNI_* per node of TRACE */
	int32_t *horizon;              /* cached quiescence values of horizon leaves (INT32_MIN: not yet) */
	uint32_t event;                /* the step cursor: the current event */
	atomic_int stop;               /* raised (by a signal handler) to stop a running search */

	/* The comparison of two ways to search the same position. */
	bool comparing;
	struct session_side side[2];
	uint32_t diverge;              /* the first node (pre-order id) where the trees differ, TRACE_NONE: same shape */
	int focus_side;                /* the side a front end's focus is on (0: A, 1: B): :stats, :horizon */

	enum outline_filter filter;    /* which nodes the tree views show */
	uint32_t generation;           /* changes whenever a trace is replaced (front ends rebuild their views) */
	/* The lesson being taught (tour.h), NULL until a lesson command. The session
	 * only points to it: the front end that opened it ends it (tour_end) before
	 * session_free, so the session (below the tour in teach/) never calls into tour.c. */
	struct tour *tour;
	struct game *game;             /* a game against the engine (command 'game', game.h), NULL for none */
	int game_human;                /* the learner's colour in that game */
	/* A front end's progress report for long searches (see search_options.progress). */
	void (*progress)(void *ctx, uint64_t nodes);
	void *progress_ctx;
};

struct session *session_new(void);
void session_free(struct session *s);

/*
 * Sets the root position from a FEN; on error nothing changes. Searches are
 * cleared, and a game against the engine ends unless FEN is its position.
 */
bool session_set_fen(struct session *s, const char *fen, struct error *err);

/*
 * Plays the moves in TEXT (SAN or UCI, separated by spaces) from the root;
 * the position after them becomes the new root. On an illegal move nothing
 * changes and ERR names it with the legal moves.
 */
bool session_play(struct session *s, const char *text, struct error *err);

/* Sets one search option (option_set_name's names); the trace becomes stale. */
bool session_set_option(struct session *s, const char *name, const char *value, struct error *err);

/*
 * Runs the search on the root with the session's options, keeping its trace,
 * and puts the cursor on the first event. The stop flag is cleared first; if
 * it is raised during the search, the trace records where it stopped.
 */
void session_search(struct session *s);

/*
 * Takes over a trace read from the file NAME (the session owns T from now
 * on) with its root, options and result; OWN_VALUES says that its values
 * and move order are quiesce's (the file says so; tracediff.h).
 */
void session_load(struct session *s, const char *name, const struct position *root,
		  const struct search_options *opt, struct trace *t, const struct search_result *res,
		  bool own_values);

/*
 * Runs two searches of the root for compare, with the complete variants
 * SPEC_A and SPEC_B (variant_complete: the session's depth, evaluation and
 * node cap, then the variant; none of the session's other switches).
 */
bool session_compare(struct session *s, const char *spec_a, const char *spec_b, struct error *err);
void session_compare_end(struct session *s);

/*
 * Opens the comparison of the session's trace (side A: the one on screen,
 * searched or opened from a file, when it belongs to the root and options;
 * else a new search of the root with the session's options) with trace T
 * read from file NAME (side B; the
 * session owns T from now on), searched with OPT and OWN_VALUES as the file
 * declares. The trees are aligned by move path (tracediff.h) and DIVERGE marks
 * where they part. Fills R with the diff.
 */
struct tracediff_result;
void session_diff(struct session *s, const char *name, struct trace *t, const struct search_options *opt,
		  const struct search_result *res, bool own_values, struct tracediff_result *r);

/* The node of the current event (0 when there is no trace). */
uint32_t session_node(const struct session *s);

/* Moves the cursor to NODE's entry; false when there is no such node. */
bool session_goto(struct session *s, uint32_t node);

/*
 * The horizon comparison for a leaf of a search in mode none: the static
 * value *STATIC_VALUE and the value a captures-mode quiescence search from the
 * leaf's position gives (*QVALUE), both for the side to move at the leaf.
 * Results are cached per node. False when NODE is not a horizon leaf, or
 * when that quiescence search passed its node cap (it has no value then).
 */
bool session_horizon(struct session *s, uint32_t node, int *static_value, int *qvalue);

/* The same for node NODE of compare side SIDE (0: A, 1: B), when that side searched in mode none. */
bool session_side_horizon(struct session *s, int side, uint32_t node, int *static_value, int *qvalue);

#endif
