/* page.c: a lesson page's directives applied to a session (what the tutor draws and check-lesson checks). */
#include "teach/page.h"

#include <string.h>

#include <stdio.h>

#include "base/util.h"
#include "chess/notation.h"
#include "teach/cursor.h"

void page_start(struct session *s, const struct lesson_page *pg, struct page_view *pv)
{
	struct error e = { 0 };

	/* The page's FEN was read by the parser, so this cannot fail. */
	session_set_fen(s, pg->fen, &e);
	s->opt = pg->opt;
	memset(pv, 0, sizeof *pv);
	pv->node = pv->current = TRACE_NONE;
	pv->item_node = pv->item_event = TRACE_NONE;
}

/*
 * @goto in a compare view: the cursor of the side it names (side A, the
 * side the view opens with the focus, when it names none) goes to its node,
 * so that the tree pane scrolls to it; the other side follows while the
 * trees are the same, as when the learner moves the cursor.
 */
static bool goto_side(struct session *s, const struct lesson_item *it, struct page_view *pv, struct error *err)
{
	int k = it->side >= 0 ? it->side : 0;
	struct session_side *sd = &s->side[k], *other = &s->side[1 - k];
	uint32_t node, event;

	if (!lesson_ref_resolve(&it->ref, sd->trace, TRACE_NONE, &node, &event, err)) {
		err->line = it->line;
		err->column = it->column;
		return false;
	}
	pv->item_node = node;
	pv->item_event = event;
	sd->event = it->goto_event && event < trace_event_count(sd->trace) ? event : trace_node_get(sd->trace, node).enter;
	if (node < s->diverge && node < trace_node_count(other->trace))
		other->event = trace_node_get(other->trace, node).enter;
	return true;
}

void page_node_path(const struct position *root, const struct trace *t, uint32_t node, char *buf, size_t n)
{
	move line[SEARCH_MAX_PLY + 2];
	struct position pos;
	int len = cursor_position_at(root, t, node, &pos, line);
	size_t used = 0;

	pos = *root;

	buf[0] = '\0';
	for (int i = 0; i < len && used < n; i++) {
		char san[NOTATION_BUFSIZE];
		struct undo u;

		notation_san(&pos, line[i], san);
		used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? " " : "", san);
		board_make(&pos, line[i], &u);
	}
}

bool page_apply(struct session *s, const struct lesson_item *it, struct page_view *pv, struct error *err)
{
	uint32_t node, event;

	switch (it->kind) {
	case LI_POSITION:
	case LI_SEARCH:
	case LI_SET:
		/* The item carries the setup after it; setting the position drops a stale search. */
		session_set_fen(s, it->fen, err);
		s->opt = it->opt;
		pv->current = TRACE_NONE;
		return true;
	case LI_RUN:
		session_search(s);
		pv->current = TRACE_NONE;
		return true;
	case LI_GOTO:
	case LI_HIGHLIGHT:
		if (it->kind == LI_HIGHLIGHT && it->squares) {
			pv->squares |= it->squares;
			return true;
		}
		pv->item_node = pv->item_event = TRACE_NONE;
		if (it->kind == LI_GOTO && s->comparing)
			return goto_side(s, it, pv, err);
		if (!s->searched)
			return error_set(err, it->line, it->column, "no search to show a node of: @run first");
		if (!lesson_ref_resolve(&it->ref, s->trace, pv->current, &node, &event, err)) {
			err->line = it->line;
			err->column = it->column;
			return false;
		}
		pv->item_node = node;
		pv->item_event = event;
		if (it->kind == LI_HIGHLIGHT) {
			pv->node = node;
			return true;
		}
		if (it->goto_event && event < trace_event_count(s->trace))
			s->event = event;
		else
			session_goto(s, node);
		pv->current = node;
		return true;
	case LI_QUESTION:
		/*
		 * A node or window question names its node by a reference: resolved
		 * here, against the page's own search, for the feedback that names the
		 * node (the search is run once, when the page is shown; no claim is).
		 */
		if (it->question && (it->question->kind == LQ_NODE || it->question->kind == LQ_WINDOW) && s->searched &&
		    !s->comparing) {
			struct error e = { 0 };

			if (lesson_ref_resolve(&it->question->ref, s->trace, pv->current, &node, &event, &e)) {
				it->question->node = node;
				page_node_path(&s->root, s->trace, node, it->question->node_path,
					       sizeof it->question->node_path);
			}
		}
		return true;
	case LI_COMPARE:
		if (!session_compare(s, it->compare[0], it->compare[1], err)) {
			err->line = it->line;
			err->column = it->column;
			return false;
		}
		return true;
	default:
		return true;
	}
}

int page_build(struct session *s, const struct lesson *l, int page, struct page_view *pv, struct error *err)
{
	const struct lesson_page *pg = &l->pages[page];
	int problems = 0;

	page_start(s, pg, pv);
	for (int i = 0; i < pg->item_count; i++) {
		struct error e = { 0 };

		if (!page_apply(s, &pg->items[i], pv, &e) && problems++ == 0 && err)
			*err = e;
	}
	return problems;
}

void page_resolve(struct lesson *l)
{
	struct session *s = session_new();

	for (int p = 0; p < l->page_count; p++) {
		struct lesson_page *pg = &l->pages[p];
		struct page_view pv;

		page_start(s, pg, &pv);
		for (int i = 0; i < pg->item_count; i++) {
			struct lesson_item *it = &pg->items[i];
			struct error e = { 0 };

			if (!page_apply(s, it, &pv, &e))
				continue;
			if (it->kind == LI_RUN) {
				it->node = 0;
				it->event = 0;
			} else if (it->kind == LI_GOTO || (it->kind == LI_HIGHLIGHT && !it->squares)) {
				it->node = pv.item_node;
				it->event = pv.item_event;
			} else if (it->kind == LI_QUESTION && it->question) {
				it->node = it->question->node;
			}
		}
	}
	session_free(s);
}
