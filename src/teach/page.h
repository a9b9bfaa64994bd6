/*
 * page.h: the state a lesson page shows, built on a session.
 *
 * A page's directives, applied in order, set up a session: the position, the
 * search options, the search and its trace, the cursor (@goto), the marks
 * (@highlight) and the compare sides (@compare). The tutor draws that session
 * and check-lesson verifies the page's claims on that same session, so what
 * the learner sees is what is verified. The core never prints: problems are
 * returned through struct error.
 */
#ifndef QUIESCE_PAGE_H
#define QUIESCE_PAGE_H

#include "teach/lesson.h"
#include "teach/session.h"
#include "base/types.h"

/* What a page marks besides the session's own state. */
struct page_view {
	bitboard squares;                /* squares @highlight marks on the board */
	uint32_t node;                   /* the node @highlight marks in the tree, TRACE_NONE when none */
	uint32_t current;                /* the node of the page's last @goto, TRACE_NONE when none */
	uint32_t item_node, item_event;  /* what the last @goto or @highlight node resolved to */
};

/*
 * The moves from ROOT to NODE of T in SAN, as the tree's rows show them and
 * without move numbers ("Bxa6 Nxe4 fxe4"; "" for the root), into BUF of N
 * bytes: how the learner finds a node, which the tree names by no number.
 */
void page_node_path(const struct position *root, const struct trace *t, uint32_t node, char *buf, size_t n);

/* Starts page PG on S: its inherited position and options, no search, no marks. */
void page_start(struct session *s, const struct lesson_page *pg, struct page_view *pv);

/*
 * Applies one item of a page (a directive; prose and claims change
 * nothing; a node or window question gets its node resolved against the
 * page's search) to S and PV. False with ERR when the item cannot be
 * shown: a node the search does not have, a @goto without a search.
 */
bool page_apply(struct session *s, const struct lesson_item *it, struct page_view *pv, struct error *err);

/*
 * Builds page PAGE (0-based) of L on S: page_start, then every item. The
 * first problem (if any) is left in ERR; the count of problems is returned.
 */
int page_build(struct session *s, const struct lesson *l, int page, struct page_view *pv, struct error *err);

/*
 * Resolves the node references of every page of L (its @goto and
 * @highlight nodes, its node and window questions) by building each page
 * as the tutor shows it: each page's own searches run, none of its claims
 * (checking those is lessoncheck_lesson's). A reference that does not
 * resolve stays TRACE_NONE.
 */
void page_resolve(struct lesson *l);

#endif
