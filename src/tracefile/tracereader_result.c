/*
 * tracereader_result.c: the end of a reading: the checks of a trace's end
 * (the root entered, every node left), the search's result derived from the
 * trace as the search keeps it, and the file's result, if given, checked
 * against it.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "chess/movegen.h"
#include "tracefile/tracereader_int.h"

/*
 * A counter of the result: *OUT is COUNT, the trace's own. A given value
 * must be a count; STRICT ones (the nodes) must also agree, while the counts
 * of decisions are taken from the events whatever the file says, so that a
 * trace whose decisions break the search rules still opens and check-trace
 * can say where.
 */
/*
 * Fills RES's has_score, root_moves and root_moves_done from trace T of a
 * search from ROOT, as the search would have: after a stop inside a root
 * move (not at the root itself) its last child was cut short and does not
 * count. A quiescence root's move count is not in the trace: there, the
 * moves it tried (the interrupted one included) stand for it.
 */
static void root_progress(const struct trace *t, const struct position *root, int root_qply, struct search_result *res)
{
	int children = 0;

	if (trace_node_count(t) == 0)
		return;
	/* By the spans alone (trace_next_child): the fields derived on first reading are not needed yet. */
	for (uint32_t c = trace_first_child(t, 0); c != TRACE_NONE; c = trace_next_child(t, 0, c))
		children++;
	res->has_score = !res->stopped || res->score > -SCORE_INF;
	res->root_moves_done = children;
	if (res->stopped && trace_stopped_at(t) != 0 && children > 0)
		res->root_moves_done--;
	res->root_moves = root_qply < 0 ? movegen_count(root) : children;
}

static bool check_counter(struct rd *r, const struct rec *rc, const char *key, uint64_t count, bool strict,
			  uint64_t *out)
{
	long long v;
	bool has;

	*out = count;
	if (!tracereader_get_int(r, rc, key, 0, LLONG_MAX, false, &v, &has))
		return false;
	if (strict && has && (uint64_t)v != count)
		return tracereader_fail_key(r, rc->at, rc->path, key, "%lld, but the trace has %llu", v, (unsigned long long)count);
	return true;
}

/* The result: derived from the trace, and what the file gives checked against it. */
bool tracereader_finish(struct rd *r, const struct tracejson_value *result, struct loc rat, const char *rpath, struct loc end)
{
	struct trace *t = r->t;
	struct search_result *res = &r->res;
	struct rec rc = { result, rat, rpath };

	tracereader_flush_static(r);
	if (trace_node_count(t) == 0)
		return tracereader_fail_at(r, end.off, "", "the trace has no node: at least the root is entered");
	if (r->pending_child != TRACE_NONE)
		return tracereader_fail_at(r, end.off, "", "the move event of node %lu is not followed by its enter event",
				  (unsigned long)r->pending_child);
	if (r->depth != 0)
		return tracereader_fail_at(r, end.off, "", "node %lu is never left (the trace ends inside it)",
				  (unsigned long)r->fr[r->depth - 1].rec.id);
	trace_set_declared(t, &r->info.declared);
	memset(res, 0, sizeof *res);
	/*
	 * The root's score, and its qply from its frame (left, but kept): the
	 * trace's derived fields are built when it is first read (as after a
	 * search), not by the reading itself.
	 */
	res->score = trace_node_score(t, 0);
	res->pv_len = r->pv_len[0];
	memcpy(res->pv, r->pv[0], sizeof(move) * (size_t)res->pv_len);
	res->nodes = trace_node_count(t);
	res->qnodes = r->qnodes;
	res->stand_pat_cutoffs = r->sp_cutoffs;
	res->beta_cutoffs = r->cutoffs;
	res->delta_prunes = r->delta_prunes;
	res->see_prunes = r->see_prunes;
	res->mates = r->mates;
	res->stopped = trace_stopped(t);
	root_progress(t, &r->root, r->fr[0].qply, res);
	r->info.has_result = result != NULL;
	if (result != NULL) {
		const struct tracejson_value *pv = tracejson_get(result, "pv"), *v;
		struct position pos = r->root;
		move best;
		bool has, hbest;
		int score;
		uint64_t dummy;

		if (!tracejson_is(result, TJ_OBJECT))
			return tracereader_fail_key(r, rat, rpath, NULL, "expected an object, found %s", tracereader_type_name(result));
		if (!tracereader_get_score(r, &rc, "score", false, &score, &has))
			return false;
		if (has && score != res->score)
			return tracereader_fail_key(r, rat, rpath, "score", "%d is not the root's score (%d)", score, res->score);
		if (pv != NULL) {
			const struct tracejson_value *e = pv + 1;

			if (pv->type != TJ_ARRAY)
				return tracereader_fail_key(r, rat, rpath, "pv", "expected an array of UCI moves, found %s", tracereader_type_name(pv));
			if (pv->count > SEARCH_MAX_PLY)
				return tracereader_fail_key(r, rat, rpath, "pv", "more than %d moves", SEARCH_MAX_PLY);
			res->pv_len = 0;
			for (size_t i = 0; i < pv->count; i++, e = tracejson_next(e)) {
				char key[32];
				struct undo u;
				move m;

				snprintf(key, sizeof key, "pv[%zu]", i);
				if (!tracereader_move_value(r, &rc, key, e, &pos, false, true, &m, &has))
					return false;
				res->pv[res->pv_len++] = m;
				board_make(&pos, m, &u);
			}
		}
		if (!tracereader_get_move(r, &rc, "best", &r->root, true, false, &best, &hbest))
			return false;
		if (hbest && best != (res->pv_len ? res->pv[0] : MOVE_NONE))
			return tracereader_fail_key(r, rat, rpath, "best", "must be the first move of the principal variation "
					   "(or null when it is empty)");
		v = tracejson_get(result, "san");
		if (v != NULL && !tracejson_is(v, TJ_NULL)) {
			char want[NOTATION_BUFSIZE];

			if (!tracejson_is(v, TJ_STRING))
				return tracereader_fail_key(r, rat, rpath, "san", "expected a string or null, found %s", tracereader_type_name(v));
			if (res->pv_len == 0)
				return tracereader_fail_key(r, rat, rpath, "san", "must be null when there is no best move");
			notation_san(&r->root, res->pv[0], want);
			if (strcmp(want, tracejson_string(v)) != 0)
				return tracereader_fail_key(r, rat, rpath, "san", "\"%s\" is not the SAN of the best move (\"%s\")",
						   tracereader_cut(tracejson_string(v)), want);
		}
		if (!check_counter(r, &rc, "nodes", trace_node_count(t), true, &res->nodes) ||
		    !check_counter(r, &rc, "qnodes", r->qnodes, true, &res->qnodes) ||
		    !check_counter(r, &rc, "stand_pat_cutoffs", r->sp_cutoffs, false, &res->stand_pat_cutoffs) ||
		    !check_counter(r, &rc, "beta_cutoffs", r->cutoffs, false, &res->beta_cutoffs) ||
		    !check_counter(r, &rc, "delta_prunes", r->delta_prunes, false, &res->delta_prunes) ||
		    !check_counter(r, &rc, "see_prunes", r->see_prunes, false, &res->see_prunes) ||
		    !check_counter(r, &rc, "mates", r->mates, false, &dummy))
			return false;
		if (!tracereader_get_bool(r, &rc, "stopped", &res->stopped, &has))
			return false;
		if (has && res->stopped != trace_stopped(t))
			return tracereader_fail_key(r, rat, rpath, "stopped", "%s, but the trace %s \"stopped\" event",
					   res->stopped ? "true" : "false", trace_stopped(t) ? "has a" : "has no");
		res->stopped = trace_stopped(t);
		{
			bool complete;

			if (!tracereader_get_bool(r, &rc, "complete", &complete, &has))
				return false;
			if (has && complete == res->stopped)
				return tracereader_fail_key(r, rat, rpath, "complete", "%s, but the trace %s \"stopped\" event",
						   complete ? "true" : "false", res->stopped ? "has a" : "has no");
		}
		v = tracejson_get(result, "stopped_at");
		if (v != NULL && !(tracejson_is(v, TJ_NULL) && !trace_stopped(t)) &&
		    !(tracejson_is(v, TJ_INT) && trace_stopped(t) && v->u.i == (long long)trace_stopped_at(t)))
			return tracereader_fail_key(r, rat, rpath, "stopped_at", "must be the node of the \"stopped\" event (%s%lu)",
					   trace_stopped(t) ? "" : "null: there is none; not ",
					   (unsigned long)(trace_stopped(t) ? trace_stopped_at(t) : 0));
	}
	res->best = res->pv_len ? res->pv[0] : MOVE_NONE;
	if (r->pv_given) {
		for (size_t i = 0; i < r->pv_count; i++)
			trace_node_mark(t, r->pv_nodes[i], TN_PV);
	} else {
		trace_mark_pv(t, res->pv, res->pv_len);
	}
	return true;
}

