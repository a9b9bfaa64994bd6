/*
 * cursor.h: questions a reader asks of a recorded search while walking it.
 *
 * Pure functions of a trace (and the root position it was searched from):
 * the event a cursor moves to, the position and line at a node, the marks a
 * tree view draws, where two searches part. The session (session.h) holds a
 * cursor's state; these functions hold none, so the tutor, the REPL, the
 * lessons and practice ask them the same way.
 */
#ifndef QUIESCE_CURSOR_H
#define QUIESCE_CURSOR_H

#include <stddef.h>
#include <stdint.h>

#include "chess/board.h"
#include "search/search.h"
#include "search/trace.h"
#include "base/types.h"

/* Computes SNI_* bits for every node of T (one pass over the events); the caller frees the array. */
uint8_t *cursor_node_info(const struct trace *t);

/*
 * The first node id at which the traces A and B differ in shape (parent,
 * move or kind), the smaller node count when one is a prefix of the other,
 * or TRACE_NONE when the trees have the same shape.
 */
uint32_t cursor_diverge(const struct trace *a, const struct trace *b);

/*
 * Fills POS with the position at NODE of T, replaying the moves from ROOT;
 * LINE (when not NULL, room for SEARCH_MAX_PLY + 1 moves) receives them and
 * the count is returned.
 */
int cursor_position_at(const struct position *root, const struct trace *t, uint32_t node,
			struct position *pos, move *line);

/* Writes the moves from the root to NODE in SAN ("1. e4 e5 2. Nf3") into BUF. */
void cursor_line_text(const struct position *root, const struct trace *t, uint32_t node,
		       char *buf, size_t n);

/*
 * Cursor motion over the events of T starting at EV; each returns the new
 * event (unchanged at either end):
 *   step:      the next (DIR 1) or previous (DIR -1) event in search order;
 *   over:      past the current subtree: from a move, to the parent's next
 *              event after the child returns; from an entry, to its leave;
 *   out:       to the leave event of the current node's parent;
 *   kind:      the next (or previous) event of kind KIND; KIND may be
 *              CURSOR_KIND_CUTOFF for either cutoff.
 */
#define CURSOR_KIND_CUTOFF (-2)
uint32_t cursor_step(const struct trace *t, uint32_t ev, int dir);
uint32_t cursor_step_over(const struct trace *t, uint32_t ev);
uint32_t cursor_step_out(const struct trace *t, uint32_t ev);
uint32_t cursor_find_kind(const struct trace *t, uint32_t ev, int kind, int dir);

/*
 * For searches with quiescence: whether the quiescence search started at
 * NODE (a horizon node, quiescence ply 0) changed the verdict the static
 * value alone would have given in its window.
 */
bool cursor_quiescence_changed(const struct trace *t, uint32_t node);

/* Finds the node reached by the moves LINE[0..LEN) in T, or the deepest one on the way. */
uint32_t cursor_find_line(const struct trace *t, const move *line, int len);

#endif
