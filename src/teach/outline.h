/*
 * outline.h: a trace as the lines of a collapsible tree view, computed lazily.
 *
 * A line is named by an event id: a node's TE_ENTER event stands for the
 * node's line and a TE_DELTA_PRUNE or TE_SEE_PRUNE event for a pruned move's
 * line. Lines in display order have increasing ids, so two lines compare by
 * their ids. Moving to the next or previous line costs a few steps over the
 * events of one node, never a walk over the whole trace, so a million-node
 * trace scrolls as fast as a small one.
 */
#ifndef QUIESCE_OUTLINE_H
#define QUIESCE_OUTLINE_H

#include "search/trace.h"
#include "base/types.h"

/*
 * Bits of a node's info byte: what a node or its subtree holds. The session
 * computes them (cursor_node_info) and the outline filters on them.
 */
enum {
	SNI_CUTOFF = 1,        /* the node cut off (stand pat or beta) */
	SNI_PRUNE = 2,         /* the node pruned a move (delta or SEE) */
	SNI_SUB_MARK = 4,      /* the subtree holds a cutoff or a prune */
	SNI_SUB_QUIESCENCE = 8,/* the subtree holds a quiescence node */
	SNI_STAND_PAT = 16,    /* the node stood pat */
	SNI_RAISE = 32         /* the node raised alpha */
};

/* Which nodes a view shows. */
enum outline_filter {
	OUTLINE_ALL = 0,
	OUTLINE_MAIN,        /* the main search only */
	OUTLINE_QUIESCENCE,  /* quiescence nodes only (the main nodes above them are hidden) */
	OUTLINE_MARKED,      /* the paths to nodes with a cutoff or a prune */
	OUTLINE_FILTER_COUNT
};

struct outline {
	const struct trace *t;
	const uint8_t *info;     /* cursor_node_info() of T */
	uint8_t *folded;         /* one byte per node: 1 when its items are hidden */
	enum outline_filter filter;
};

#define OUTLINE_NONE TRACE_NONE

/* Starts a view of T (INFO from cursor_node_info) with every node unfolded. */
void outline_init(struct outline *o, const struct trace *t, const uint8_t *info);
void outline_free(struct outline *o);

const char *outline_filter_name(enum outline_filter f);
bool outline_filter_parse(const char *name, enum outline_filter *out);

/* The first and last lines, and the lines after and before LINE (OUTLINE_NONE past either end). */
uint32_t outline_first(const struct outline *o);
uint32_t outline_last(const struct outline *o);
uint32_t outline_next(const struct outline *o, uint32_t line);
uint32_t outline_prev(const struct outline *o, uint32_t line);

/* The node a line belongs to (for a pruned move, the node that pruned it). */
uint32_t outline_node(const struct outline *o, uint32_t line);
/* Whether LINE is a pruned move's line. */
bool outline_is_prune(const struct outline *o, uint32_t line);
/* The indentation level of LINE. */
int outline_depth(const struct outline *o, uint32_t line);
/* Whether NODE has items (children or pruned moves) that folding would hide. */
bool outline_has_items(const struct outline *o, uint32_t node);

/*
 * The line that shows NODE: its own, or the nearest shown ancestor's when
 * NODE is filtered out or folded away; the first line when none is shown.
 */
uint32_t outline_line_of(const struct outline *o, uint32_t node);

/* Unfolds every ancestor of NODE so that its line can be seen. */
void outline_reveal(struct outline *o, uint32_t node);

#endif
