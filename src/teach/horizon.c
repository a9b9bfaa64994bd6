/* horizon.c: the horizon comparison, a leaf's static value against a quiescence search from it. */
#include "teach/horizon.h"

#include <stdint.h>
#include <stdlib.h>

#include "base/util.h"
#include "teach/cursor.h"

/* The cached quiescence value of a horizon leaf whose search the node cap stopped. */
#define HORIZON_UNKNOWN (INT32_MIN + 1)

bool horizon_leaf(const struct position *root, const struct trace *t, const struct search_options *opt,
			  int32_t **cache, uint32_t node, int *static_value, int *qvalue)
{
	struct trace_node nd_v;
	const struct trace_node *nd = &nd_v;
	struct search_options o = *opt;
	struct search_result r;
	struct position pos;

	if (t == NULL || node >= trace_node_count(t))
		return false;
	nd_v = trace_node_get(t, node);
	/* In mode none a horizon leaf is a main-search node whose one decision is its horizon event. */
	if (opt->mode != QMODE_NONE || !trace_node_is_horizon(t, node))
		return false;
	*static_value = nd->eval;
	if (*cache == NULL) {
		*cache = xmalloc(sizeof **cache * trace_node_count(t));
		for (uint32_t i = 0; i < trace_node_count(t); i++)
			(*cache)[i] = INT32_MIN;
	}
	if ((*cache)[node] == INT32_MIN) {
		cursor_position_at(root, t, node, &pos, NULL);
		o.mode = QMODE_CAPTURES;
		o.depth = 0;
		o.max_nodes = 100000;
		search_run(&pos, &o, NULL, NULL, &r);
		/* A quiescence search the cap stopped has no value to compare: the leaf shows none. */
		(*cache)[node] = r.stopped ? HORIZON_UNKNOWN : r.score;
	}
	if ((*cache)[node] == HORIZON_UNKNOWN)
		return false;
	*qvalue = (*cache)[node];
	return true;
}
