/*
 * explain.h: the recorded search in words a learner understands.
 *
 * Each event of a trace becomes a sentence with its numbers ("The stand pat
 * of +120 is at least beta (+50): ..."); each node becomes a summary and a
 * one-line entry for the tree views of the tutor and the REPL.
 */
#ifndef QUIESCE_EXPLAIN_H
#define QUIESCE_EXPLAIN_H

#include "chess/board.h"
#include "search/search.h"
#include "search/trace.h"
#include "base/types.h"

/*
 * Writes the score of a search result R: as score_format when the search
 * finished; after a stop "at least +10" (the best of the root moves that
 * finished; never a mate distance), "none" when no root move finished.
 */
void explain_result_score(const struct search_result *r, char *buf, size_t n);

/*
 * Writes what a stop left of R, "" when it finished: "STOPPED after N nodes
 * (--max-nodes N): best of K/M root moves searched" or "...: no move finished".
 */
void explain_result_stop(const struct search_result *r, const struct search_options *opt, char *buf, size_t n);

/*
 * Writes a sentence explaining event EV of T into BUF. ROOT is the position
 * the search started from (moves are named in SAN); OPT (may be NULL) the
 * options it ran with.
 */
void explain_event(const struct trace *t, uint32_t ev, const struct position *root,
		   const struct search_options *opt, char *buf, size_t n);

/* Writes a summary of NODE (kind, window, static value, result) into BUF; ROOT as above. */
void explain_node(const struct trace *t, uint32_t node, const struct position *root, char *buf, size_t n);

/*
 * Writes NODE's line for a tree view: its move (MOVE_SAN, or "root"), kind
 * (main or q0, q1 ...), result, stand-pat value, window at entry and badges
 * (sp-cut, cut, raise, delta, see, evasion, mate, stopped); a '*' in front
 * marks the principal variation. NOTE (when not NULL) takes the stand-pat
 * column, e.g. for the horizon view.
 */
void explain_tree_line(const struct trace *t, uint32_t node, const char *move_san, const char *note,
		       char *buf, size_t n);

/* Writes the line of a pruned move (a delta or SEE prune event EV) for a tree view. */
void explain_prune_line(const struct trace *t, uint32_t ev, const char *move_san, char *buf, size_t n);

/* The eval breakdown of POS in one line ("material 3900-3900, pst +12: +12 for White"). */
void explain_eval(const struct position *pos, enum eval_kind kind, char *buf, size_t n);

#endif
