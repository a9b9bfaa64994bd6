/*
 * tracereader_record.c: the trace reader's records turned into the trace.
 *
 * The events drive it: at a node's "enter" its record is taken, its
 * position is its parent's with its move made, and the trace is built
 * through the recording API exactly as the search builds it. What a file
 * leaves out is derived along the way from the replayed positions and the
 * search rules (quiesce-trace(5), DERIVED FIELDS); what it gives is checked
 * against that.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "chess/eval.h"
#include "chess/see.h"
#include "search/trace_record.h"
#include "tracefile/traceio.h"
#include "tracefile/tracereader_int.h"
#include "search/option.h"

/* The names of the bounds, outcomes and event kinds are the trace's (search/trace.c, the one table). */
#define bound_names (trace_bound_names())
#define outcome_names (trace_outcome_names())
#define kind_names (trace_kind_names())

/* ------------------------------------------------------------------ records */

/*
 * The record a compact enter implies when it gives none of the node's
 * fields: the next id, PARENT (TRACE_NONE for the root) and UCI (its move, ""
 * at the root). Nothing in it can be wrong: the caller chose them by the
 * rules read_node checks.
 */
void tracereader_implied_node(struct rd *r, uint32_t parent, const char *uci, struct loc at, struct noderec *n)
{
	n->id = r->next_record++;
	n->parent = parent;
	memcpy(n->move, uci, sizeof n->move);
	n->san[0] = '\0';
	n->ply = n->qply = 0;
	n->alpha = n->beta = n->eval = n->score = 0;
	n->in_check = n->pv = false;
	n->bound = 0;
	n->has = 0;
	n->implied = true;
	n->kids = NULL;
	n->nkids = 0;
	n->at = at;
	memcpy(n->path, "node", 5);
}

/* Reads a node record (before its node is entered: the position is not known yet). */
bool tracereader_read_node(struct rd *r, const struct tracejson_value *o, struct loc at, const char *path, struct noderec *n)
{
	struct rec rc = { o, at, path };
	const struct tracejson_value *v;
	long long id, x;
	bool has;
	int k;

	memset(n, 0, sizeof *n);
	n->at = at;
	/* Copied by hand: snprintf cost a percent of a reading. */
	{
		size_t plen = strlen(path) < sizeof n->path - 1 ? strlen(path) : sizeof n->path - 1;

		memcpy(n->path, path, plen);
		n->path[plen] = '\0';
	}
	if (!tracejson_is(o, TJ_OBJECT))
		return tracereader_fail_key(r, at, path, NULL, "expected a node object, found %s", tracereader_type_name(o));
	if (!tracereader_get_int(r, &rc, "id", 0, UINT32_MAX - 2, true, &id, NULL))
		return false;
	if (id != r->next_record) {
		if (id < r->next_record)
			return tracereader_fail_key(r, at, path, "id", "duplicate id %lld (node %lld was given before; ids count "
					   "0, 1, 2 ... in the order the nodes are entered)", id, id);
		return tracereader_fail_key(r, at, path, "id", "id %lld is out of order: expected %lu (ids count 0, 1, 2 ... in "
				   "the order the nodes are entered)", id, (unsigned long)r->next_record);
	}
	n->id = (uint32_t)id;
	v = tracejson_get(o, "parent");
	if (v == NULL)
		return tracereader_fail_key(r, at, path, NULL, "missing key \"parent\" (a node id, or null for the root)");
	if (tracejson_is(v, TJ_NULL)) {
		n->parent = TRACE_NONE;
	} else if (!tracejson_is(v, TJ_INT)) {
		return tracereader_fail_key(r, at, path, "parent", "expected a node id or null, found %s", tracereader_type_name(v));
	} else {
		x = v->u.i;
		if (x < 0 || x >= id)
			return tracereader_fail_key(r, at, path, "parent", "%lld is not an earlier node (a parent is entered before "
					   "its children%s)", x, x == id ? ": a node cannot be its own parent" : "");
		n->parent = (uint32_t)x;
	}
	if ((id == 0) != (n->parent == TRACE_NONE))
		return tracereader_fail_key(r, at, path, "parent", id == 0 ? "the root (node 0) has parent null" :
				   "only the root (node 0) has no parent");
	v = tracejson_get(o, "move");
	if (v == NULL)
		return tracereader_fail_key(r, at, path, NULL, "missing key \"move\" (a UCI move string, or null for the root)");
	if (tracejson_is(v, TJ_NULL)) {
		if (id != 0)
			return tracereader_fail_key(r, at, path, "move", "expected a UCI move string such as \"e2e4\" (only the root "
					   "has move null)");
	} else if (!tracejson_is(v, TJ_STRING)) {
		return tracereader_fail_key(r, at, path, "move", "expected a UCI move string such as \"e2e4\", found %s", tracereader_type_name(v));
	} else if (id == 0) {
		return tracereader_fail_key(r, at, path, "move", "the root's move is null");
	} else {
		if (strlen(tracejson_string(v)) >= sizeof n->move)
			return tracereader_fail_key(r, at, path, "move", "\"%s\" is not a UCI move", tracereader_cut(tracejson_string(v)));
		strcpy(n->move, tracejson_string(v));
	}
	v = tracejson_get(o, "san");
	if (v != NULL && !tracejson_is(v, TJ_NULL)) {
		if (!tracejson_is(v, TJ_STRING) || strlen(tracejson_string(v)) >= sizeof n->san)
			return tracereader_fail_key(r, at, path, "san", "expected the move in SAN (a short string), found %s",
					   tracejson_is(v, TJ_STRING) ? "a long string" : tracereader_type_name(v));
		strcpy(n->san, tracejson_string(v));
		n->has |= HAS_SAN;
	}
	if (!tracereader_get_int(r, &rc, "ply", 0, SEARCH_MAX_PLY, false, &x, &has))
		return false;
	if (has) {
		n->ply = (int)x;
		n->has |= HAS_PLY;
	}
	v = tracejson_get(o, "qply");
	if (tracejson_is(v, TJ_NULL)) {
		n->qply = -1;
		n->has |= HAS_QPLY;
	} else {
		if (!tracereader_get_int(r, &rc, "qply", 0, SEARCH_MAX_PLY, false, &x, &has))
			return false;
		if (has) {
			n->qply = (int)x;
			n->has |= HAS_QPLY;
		}
	}
	if (!tracereader_get_score(r, &rc, "alpha", false, &n->alpha, &has))
		return false;
	n->has |= has ? HAS_ALPHA : 0;
	if (!tracereader_get_score(r, &rc, "beta", false, &n->beta, &has))
		return false;
	n->has |= has ? HAS_BETA : 0;
	if (!tracereader_get_score(r, &rc, "eval", false, &n->eval, &has))
		return false;
	n->has |= has ? HAS_EVAL : 0;
	if (!tracereader_get_score(r, &rc, "score", false, &n->score, &has))
		return false;
	n->has |= has ? HAS_SCORE : 0;
	if (!tracereader_get_bool(r, &rc, "in_check", &n->in_check, &has))
		return false;
	n->has |= has ? HAS_CHECK : 0;
	if (!tracereader_get_bool(r, &rc, "pv", &n->pv, &has))
		return false;
	n->has |= has ? HAS_PV : 0;
	if (!tracereader_get_enum(r, &rc, "bound", bound_names, &k))
		return false;
	if (k >= 0) {
		n->bound = (uint8_t)k;
		n->has |= HAS_BOUND;
	}
	v = tracejson_get(o, "children");
	if (v != NULL) {
		const struct tracejson_value *c;

		if (v->type != TJ_ARRAY)
			return tracereader_fail_key(r, at, path, "children", "expected an array of node ids, found %s", tracereader_type_name(v));
		n->has |= HAS_KIDS;
		n->nkids = v->count;
		n->kids = n->nkids ? xmalloc(sizeof *n->kids * n->nkids) : NULL;
		c = v + 1;
		for (size_t i = 0; i < n->nkids; i++, c = tracejson_next(c)) {
			if (c->type != TJ_INT || c->u.i <= id || c->u.i > UINT32_MAX - 2) {
				free(n->kids);
				n->kids = NULL;
				return tracereader_fail_key(r, at, path, "children", "element %zu: expected the id of a later node, found %s",
						   i, c->type == TJ_INT ? "an earlier id or one out of range" : tracereader_type_name(c));
			}
			n->kids[i] = (uint32_t)c->u.i;
		}
	}
	r->next_record++;
	return true;
}

/* The principal variation nodes named by the records ("pv": true). */
static void note_pv(struct rd *r, uint32_t id)
{
	if (r->pv_count == r->pv_cap) {
		r->pv_cap = r->pv_cap ? r->pv_cap * 2 : 64;
		r->pv_nodes = xrealloc(r->pv_nodes, sizeof *r->pv_nodes * r->pv_cap);
	}
	r->pv_nodes[r->pv_count++] = id;
}

/* Records the deferred entry of a node whose evaluation is EVAL. */
static void flush_enter(struct rd *r, int eval)
{
	move m = MOVE_NONE;

	if (!r->deferred)
		return;
	r->deferred = false;
	if (r->def_id != 0)
		m = r->pending_move;
	trace_enter(r->t, r->def_parent, m, r->def_ply, r->def_qply, r->def_alpha, r->def_beta, r->def_check, eval);
	if (r->obs != NULL) {
		struct trace_node nd;

		memset(&nd, 0, sizeof nd);
		nd.parent = r->def_parent;
		nd.alpha = (int16_t)r->def_alpha;
		nd.beta = (int16_t)r->def_beta;
		nd.eval = (int16_t)eval;
		nd.move = m;
		nd.ply = (uint8_t)r->def_ply;
		nd.qply = (int16_t)r->def_qply;
		nd.flags = (uint8_t)((r->def_check ? TN_IN_CHECK : 0) | (r->def_qply >= 0 ? TN_QUIESCENCE : 0));
		tracereader_observe(r, r->def_id, TE_ENTER, m, r->def_alpha, r->def_beta, 0, &nd, &r->fr[r->depth - 1].pos);
	}
}

void tracereader_flush_static(struct rd *r)
{
	if (r->deferred)
		flush_enter(r, eval_static(&r->fr[r->depth - 1].pos, r->opt.eval));
}

void tracereader_observe_start(struct rd *r)
{
	if (r->obs != NULL && r->obs->start != NULL)
		r->obs->start(r->obs->ctx, &r->root, &r->opt, &r->info);
}

/* The "enter" event of node ID: its record is taken and checked, and the node opened. */
static bool enter_node(struct rd *r, const struct rec *ev, uint32_t id)
{
	struct noderec n;
	int ea = 0, eb = 0;
	bool ha, hb;

	if (id != trace_node_count(r->t))
		return tracereader_fail_key(r, ev->at, ev->path, "node", "node %lu entered out of order: expected node %lu (nodes "
				   "are entered in id order)", (unsigned long)id, (unsigned long)trace_node_count(r->t));
	if (r->root_done)
		return tracereader_fail_key(r, ev->at, ev->path, "node", "node %lu entered after the root was left", (unsigned long)id);
	if (r->depth >= STACK_PLIES - 1)
		return tracereader_fail_key(r, ev->at, ev->path, "node", "more than %d plies deep", SEARCH_MAX_PLY);
	if (!tracereader_get_score(r, ev, "alpha", false, &ea, &ha) || !tracereader_get_score(r, ev, "beta", false, &eb, &hb))
		return false;
	if (!tracereader_next_node_record(r, id, &n, ev->at, ev->path))
		return false;
	return tracereader_open_node(r, ev->at, ev->path, id, &n, ha ? &ea : NULL, hb ? &eb : NULL);
}

bool tracereader_open_node(struct rd *r, struct loc at, const char *path, uint32_t id, const struct noderec *rec,
			   const int *event_alpha, const int *event_beta)
{
	struct frame *f = &r->fr[r->depth], *up = r->depth ? &r->fr[r->depth - 1] : NULL;
	const struct noderec *n = rec;
	struct undo u;
	move m = MOVE_NONE;
	int alpha, beta, ea = event_alpha ? *event_alpha : 0, eb = event_beta ? *event_beta : 0;
	bool ha = event_alpha != NULL, hb = event_beta != NULL;

	if (id == 0) {
		f->pos = r->root;
		f->ply = 0;
	} else {
		char uci[NOTATION_BUFSIZE];

		if (up == NULL || up->rec.id != n->parent) {
			free(n->kids);
			return tracereader_fail_key(r, n->at, n->path, "parent", "node %lu's parent %lu is not the node being searched "
					   "(%s%lu)", (unsigned long)id, (unsigned long)n->parent, up ? "node " : "none: ",
					   up ? (unsigned long)up->rec.id : 0UL);
		}
		/*
		 * The move event before the node has its move already parsed and
		 * found legal: the record's move, written the same, is that move
		 * (parsing it again, through the legal move list, cost 5 % of a
		 * reading). Anything else is parsed and checked.
		 */
		if (r->pending_child == id && (n->implied || (notation_uci(r->pending_move, uci), tracereader_same(uci, n->move))))
			m = r->pending_move;
		else if (!notation_parse_uci(&up->pos, n->move, &m, NULL) || (notation_uci(m, uci), strcmp(uci, n->move) != 0)) {
			free(n->kids);
			return tracereader_fail_key(r, n->at, n->path, "move", "\"%s\" is not a legal move in UCI in the position of "
					   "node %lu (%s to move)", tracereader_cut(n->move), (unsigned long)n->parent,
					   up->pos.side == WHITE ? "White" : "Black");
		}
		if (r->pending_child == id && r->pending_move != m) {
			free(n->kids);
			return tracereader_fail_key(r, n->at, n->path, "move", "\"%s\" is not the move of the move event that opens "
					   "node %lu", n->move, (unsigned long)id);
		}
		if ((n->has & HAS_SAN) != 0) {
			char san[NOTATION_BUFSIZE];

			notation_san(&up->pos, m, san);
			if (strcmp(san, n->san) != 0) {
				free(n->kids);
				return tracereader_fail_key(r, n->at, n->path, "san", "\"%s\" is not the SAN of the move (\"%s\")", n->san, san);
			}
		}
		if ((up->rec.has & HAS_KIDS) &&
		    (up->kids_seen >= up->rec.nkids || up->rec.kids[up->kids_seen] != id)) {
			free(n->kids);
			return tracereader_fail_key(r, up->rec.at, up->rec.path, "children", "node %lu's children list does not "
					   "match the nodes whose parent it is (node %lu is missing or out of place)",
					   (unsigned long)up->rec.id, (unsigned long)id);
		}
		up->kids_seen++;
		if (up->kids_seen > UINT16_MAX) {
			free(n->kids);
			return tracereader_fail_key(r, n->at, n->path, "parent", "node %lu has more than %d children",
					   (unsigned long)n->parent, UINT16_MAX);
		}
		f->pos = up->pos;
		board_make(&f->pos, m, &u);
		f->ply = up->ply + 1;
	}
	f->rec = *n;
	f->last_move = MOVE_NONE;
	f->kids_seen = 0;
	/* The extensions on the path: the parent's, and the one its extension event gave this child. */
	f->ext = up ? up->ext + up->next_ext : 0;
	f->next_ext = 0;
	if (up)
		up->next_ext = 0;
	r->depth++;

	/* The derived fields, and the given ones checked against them. */
	if ((n->has & HAS_PLY) && n->ply != f->ply)
		return tracereader_fail_key(r, n->at, n->path, "ply", "%d is not the node's distance from the root (%d)", n->ply, f->ply);
	if (id == 0)
		f->qply = r->opt.mode != QMODE_NONE && r->opt.depth == 0 ? 0 : -1;
	else if (up->qply >= 0)
		f->qply = up->qply + 1;
	else
		f->qply = r->opt.mode != QMODE_NONE && f->ply >= r->opt.depth + f->ext ? f->ply - r->opt.depth - f->ext : -1;
	if (n->has & HAS_QPLY) {
		if (id != 0 && up->qply >= 0 && n->qply != up->qply + 1)
			return tracereader_fail_key(r, n->at, n->path, "qply", "%d: a quiescence node's children have its qply plus "
					   "one (%d)", n->qply, up->qply + 1);
		if (n->qply > 0 && (id == 0 || up->qply < 0))
			return tracereader_fail_key(r, n->at, n->path, "qply", "%d: the quiescence search starts at qply 0", n->qply);
		f->qply = n->qply;
	}
	if (id == 0) {
		alpha = -SCORE_INF;
		beta = SCORE_INF;
	} else {
		alpha = -up->beta;
		beta = -up->alpha;
	}
	if (n->has & HAS_ALPHA)
		alpha = n->alpha;
	if (n->has & HAS_BETA)
		beta = n->beta;
	/*
	 * A window given is taken as it is, on the enter event or in the node's
	 * record (quiesce-trace(5): any node, an aspiration window or a
	 * re-search); only one given both ways must agree with itself.
	 */
	if (ha && (n->has & HAS_ALPHA) && ea != alpha)
		return tracereader_fail_key(r, at, path, "alpha", "%d differs from the node's alpha (%d)", ea, alpha);
	if (hb && (n->has & HAS_BETA) && eb != beta)
		return tracereader_fail_key(r, at, path, "beta", "%d differs from the node's beta (%d)", eb, beta);
	if (ha)
		alpha = ea;
	if (hb)
		beta = eb;
	f->alpha0 = f->alpha = alpha;
	f->beta = beta;
	if ((n->has & HAS_CHECK) && n->in_check != board_in_check(&f->pos))
		return tracereader_fail_key(r, n->at, n->path, "in_check", "the side to move is %sin check", n->in_check ? "not " : "");
	if ((n->has & HAS_PV) && n->pv)
		note_pv(r, id);
	if (n->has & HAS_PV)
		r->pv_given = true;
	if (f->qply >= 0)
		r->qnodes++;
	r->pv_len[f->ply] = 0;

	/* A child entered without its move event gets one: the search records the move before the child. */
	if (id != 0 && r->pending_child != id)
		rd_trace_move(r, up->rec.id, m, &up->pos);
	up = NULL;
	r->pending_child = TRACE_NONE;
	r->pending_move = m;
	r->def_id = n->id;
	r->def_parent = n->parent;
	r->def_ply = f->ply;
	r->def_qply = f->qply;
	r->def_alpha = alpha;
	r->def_beta = beta;
	r->def_check = board_in_check(&f->pos);
	r->deferred = true;
	if (n->has & HAS_EVAL)
		flush_enter(r, n->eval);
	else if (!r->info.eval_other)
		flush_enter(r, eval_static(&f->pos, r->opt.eval));
	return true;
}

/* Counts an event of the unknown kind NAME, skipped. */
void tracereader_skip_kind(struct rd *r, const char *name)
{
	if (r->info.skipped_events++ == 0)
		snprintf(r->info.skipped_kind, sizeof r->info.skipped_kind, "%s", name);
}

void tracereader_report_skipped(FILE *err_out, const char *name, const struct tracereader_info *info)
{
	if (info->skipped_events == 0)
		return;
	fprintf(err_out, "%s: skipped %llu event%s of a kind this version does not know (the first: \"%s\")\n",
		name ? name : "trace", (unsigned long long)info->skipped_events, info->skipped_events == 1 ? "" : "s",
		info->skipped_kind);
}

/*
 * The fields of a futility, recapture or evasion prune of KIND in record RC
 * of node F: the move (a capture that does not promote for futility); a
 * futility prune's rule ("value" or "see"), its captured value or SEE
 * (derived from the position when absent) and margin (the header's when
 * absent); an evasion prune's best score so far and evasions searched (the
 * node's children so far when absent). Into M, V1, V2 and EXTRA.
 */
static bool read_modern_prune(struct rd *r, const struct rec *rc, int kind, const struct frame *f, move *m, int *v1,
			      int *v2, int *extra)
{
	long long x;
	bool has;

	if (!tracereader_get_move(r, rc, "move", &f->pos, false, true, m, &has))
		return false;
	if (kind == TE_FUTILITY_PRUNE) {
		if (!tracereader_get_enum(r, rc, "rule", trace_futility_rule_names(), extra))
			return false;
		if (*extra < 0)
			return tracereader_fail_key(r, rc->at, rc->path, NULL, "missing key \"rule\" (\"value\" or \"see\")");
		if (!MOVE_IS_CAPTURE(*m) || MOVE_IS_PROMOTION(*m))
			return tracereader_fail_key(r, rc->at, rc->path, "move", "a futility prune is of a capture that does not "
						    "promote");
		if (*extra == TFP_SEE) {
			*v1 = see_move(&f->pos, *m);
			if (!tracereader_get_score(r, rc, "see", false, v1, &has))
				return false;
		} else {
			*v1 = board_captured_value(&f->pos, *m);
			if (!tracereader_get_int(r, rc, "captured", 0, SCORE_INF, false, &x, &has))
				return false;
			if (has)
				*v1 = (int)x;
		}
		*v2 = r->opt.futility_margin;
		if (!tracereader_get_int(r, rc, "margin", 0, 10000, false, &x, &has))
			return false;
		if (has)
			*v2 = (int)x;
	} else if (kind == TE_EVASION_PRUNE) {
		if (!tracereader_get_score(r, rc, "best", true, v1, NULL))
			return false;
		*v2 = (int)f->kids_seen;
		if (!tracereader_get_int(r, rc, "searched", 0, 255, false, &x, &has))
			return false;
		if (has)
			*v2 = (int)x;
	}
	return true;
}

/* ------------------------------------------------------------------ events */

/*
 * What the commonest events do once read and found right, shared by the
 * records read through their objects (tracereader_play_event) and the plain
 * compact lines played directly (tracereader_compact.c).
 */

void tracereader_play_move(struct rd *r, struct frame *f, move m)
{
	rd_trace_move(r, f->rec.id, m, &f->pos);
	f->last_move = m;
	r->pending_child = trace_node_count(r->t);
	r->pending_move = m;
}

void tracereader_play_stand_pat(struct rd *r, struct frame *f, int value, int outcome)
{
	if (outcome < 0)
		outcome = value >= f->beta ? TSP_CUTOFF : value > f->alpha ? TSP_RAISE : TSP_NONE;
	if (outcome == TSP_RAISE)
		f->alpha = value;
	if (outcome == TSP_CUTOFF)
		r->sp_cutoffs++;
	rd_trace_event(r, f->rec.id, TE_STAND_PAT, MOVE_NONE, value, 0, outcome);
}

void tracereader_play_raise(struct rd *r, struct frame *f, int kind, int value, move m)
{
	if (kind == TE_ALPHA_RAISE) {
		f->alpha = value;
		if (m != MOVE_NONE) {
			int p = f->ply;

			r->pv[p][0] = m;
			memcpy(&r->pv[p][1], r->pv[p + 1], sizeof(move) * (size_t)r->pv_len[p + 1]);
			r->pv_len[p] = r->pv_len[p + 1] + 1;
		}
	} else {
		r->cutoffs++;
	}
	rd_trace_event(r, f->rec.id, kind, m, value, 0, 0);
}

void tracereader_play_leave(struct rd *r, struct frame *f, int score, int bound)
{
	rd_trace_leave(r, f->rec.id, score, bound);
	free(f->rec.kids);
	f->rec.kids = NULL;
	r->depth--;
	if (r->depth == 0)
		r->root_done = true;
}

/* One event record: its node and kind, then the event played. */
bool tracereader_read_event(struct rd *r, const struct tracejson_value *o, struct loc at, const char *path)
{
	struct rec rc = { o, at, path };
	const struct tracejson_value *k;
	long long node;
	int kind;

	if (!tracejson_is(o, TJ_OBJECT))
		return tracereader_fail_key(r, at, path, NULL, "expected an event object, found %s", tracereader_type_name(o));
	if (!tracereader_get_int(r, &rc, "node", 0, UINT32_MAX - 2, true, &node, NULL))
		return false;
	if ((k = tracejson_get(o, "kind")) == NULL)
		return tracereader_fail_key(r, at, path, NULL, "missing key \"kind\" (\"%s\", \"%s\", \"%s\", ...)",
				   trace_kind_name(TE_ENTER), trace_kind_name(TE_STAND_PAT), trace_kind_name(TE_MOVE));
	if (tracejson_is(k, TJ_STRING)) {
		/* A kind this reader does not know is skipped and counted (quiesce-trace(5), VERSIONS). */
		if ((kind = trace_kind_parse(tracejson_string(k))) < 0) {
			tracereader_skip_kind(r, tracejson_string(k));
			return true;
		}
	} else if (!tracereader_get_enum(r, &rc, "kind", kind_names, &kind)) {
		return false;   /* not a string: the message says what was expected */
	}
	return tracereader_play_event(r, o, at, path, (uint32_t)node, kind);
}

bool tracereader_play_event(struct rd *r, const struct tracejson_value *o, struct loc at, const char *path,
			    uint32_t node_id, int kind)
{
	struct rec rc = { o, at, path };
	struct frame *f;
	long long node = node_id, x;
	int value = 0, v2 = 0, extra = 0;
	bool has;
	move m = MOVE_NONE;

	/* A node waiting for its evaluation takes it from its first decision, when that carries it. */
	if (r->deferred) {
		int eval;

		if (node == r->def_id && (kind == TE_STAND_PAT || kind == TE_HORIZON || kind == TE_QDEPTH_LIMIT ||
					      kind == TE_PLY_LIMIT || kind == TE_QUIET_LEAF) &&
		    tracejson_is(tracejson_get(o, "value"), TJ_INT) &&
		    llabs(tracejson_get(o, "value")->u.i) <= SCORE_INF)
			eval = (int)tracejson_get(o, "value")->u.i;
		else
			eval = eval_static(&r->fr[r->depth - 1].pos, r->opt.eval);
		flush_enter(r, eval);
	}
	if (kind == TE_ENTER)
		return enter_node(r, &rc, (uint32_t)node);
	if (r->pending_child != TRACE_NONE)
		return tracereader_fail_key(r, at, path, "kind", "a move event must be followed by the enter event of its child "
				   "(node %lu)", (unsigned long)r->pending_child);
	if (r->depth == 0 || r->fr[r->depth - 1].rec.id != node) {
		if (node >= trace_node_count(r->t))
			return tracereader_fail_key(r, at, path, "node", "node %lld has not been entered", node);
		return tracereader_fail_key(r, at, path, "node", "node %lld is not the node being searched (events belong to the "
				   "innermost node entered and not left%s)", node, r->depth ? "" : ": none is");
	}
	f = &r->fr[r->depth - 1];

	switch (kind) {
	case TE_MOVE:
		if (!tracereader_get_move(r, &rc, "move", &f->pos, false, true, &m, &has))
			return false;
		if (!tracereader_get_int(r, &rc, "child", 0, UINT32_MAX - 2, false, &x, &has))
			return false;
		if (has && x != trace_node_count(r->t))
			return tracereader_fail_key(r, at, path, "child", "%lld is not the next node to be entered (%lu)", x,
					   (unsigned long)trace_node_count(r->t));
		tracereader_play_move(r, f, m);
		return true;
	case TE_STAND_PAT: {
		int a, b;
		bool ha, hb;

		if (!tracereader_get_score(r, &rc, "value", true, &value, NULL) || !tracereader_get_score(r, &rc, "alpha", false, &a, &ha) ||
		    !tracereader_get_score(r, &rc, "beta", false, &b, &hb) || !tracereader_get_enum(r, &rc, "outcome", outcome_names, &extra))
			return false;
		if (ha && a != f->alpha)
			return tracereader_fail_key(r, at, path, "alpha", "%d is not the node's alpha (%d)", a, f->alpha);
		if (hb && b != f->beta)
			return tracereader_fail_key(r, at, path, "beta", "%d is not the node's beta (%d)", b, f->beta);
		tracereader_play_stand_pat(r, f, value, extra);
		return true;
	}
	case TE_ALPHA_RAISE:
	case TE_BETA_CUTOFF:
		if (!tracereader_get_score(r, &rc, kind == TE_ALPHA_RAISE ? "value" : "score", true, &value, NULL) ||
		    !tracereader_get_move(r, &rc, "move", &f->pos, true, false, &m, &has))
			return false;
		tracereader_play_raise(r, f, kind, value, has ? m : f->last_move);
		return true;
	case TE_DELTA_PRUNE:
		if (!tracereader_get_move(r, &rc, "move", &f->pos, false, true, &m, &has))
			return false;
		value = board_captured_value(&f->pos, m);
		v2 = r->opt.delta_margin;
		if (!tracereader_get_int(r, &rc, "captured", 0, SCORE_INF, false, &x, &has))
			return false;
		if (has)
			value = (int)x;
		if (!tracereader_get_int(r, &rc, "margin", 0, 10000, false, &x, &has))
			return false;
		if (has)
			v2 = (int)x;
		r->delta_prunes++;
		break;
	case TE_SEE_PRUNE:
		if (!tracereader_get_move(r, &rc, "move", &f->pos, false, true, &m, &has) ||
		    !tracereader_get_score(r, &rc, "see", false, &value, &has))
			return false;
		if (!has)
			value = see_move(&f->pos, m);
		/* The SEE threshold (--see-margin): absent is 0, as in traces before it. */
		if (!tracereader_get_int(r, &rc, "threshold", 0, 10000, false, &x, &has))
			return false;
		v2 = has ? (int)x : 0;
		r->see_prunes++;
		break;
	case TE_FUTILITY_PRUNE:
	case TE_RECAPTURE_PRUNE:
	case TE_EVASION_PRUNE:
		if (!read_modern_prune(r, &rc, kind, f, &m, &value, &v2, &extra))
			return false;
		break;
	case TE_MATE:
	case TE_STALEMATE:
		value = kind == TE_MATE ? -(SCORE_MATE - f->ply) : 0;
		if (!tracereader_get_score(r, &rc, "value", false, &value, &has))
			return false;
		r->mates += kind == TE_MATE;
		break;
	case TE_HORIZON:
	case TE_QDEPTH_LIMIT:
	case TE_PLY_LIMIT:
	case TE_QUIET_LEAF:
		if (!tracereader_get_score(r, &rc, "value", true, &value, NULL))
			return false;
		break;
	case TE_LEAVE: {
		int bound;

		if (!tracereader_get_score(r, &rc, "score", true, &value, NULL) || !tracereader_get_enum(r, &rc, "bound", bound_names, &bound))
			return false;
		if (bound < 0)
			bound = trace_bound_of(value, f->alpha0, f->beta);
		if ((f->rec.has & HAS_SCORE) && f->rec.score != value)
			return tracereader_fail_key(r, f->rec.at, f->rec.path, "score", "%d differs from the score of node %lu's "
					   "leave event (%d)", f->rec.score, (unsigned long)node, value);
		if ((f->rec.has & HAS_BOUND) && f->rec.bound != bound)
			return tracereader_fail_key(r, f->rec.at, f->rec.path, "bound", "\"%s\" differs from the bound of node %lu's "
					   "leave event (\"%s\")", bound_names[f->rec.bound], (unsigned long)node,
					   bound_names[bound]);
		if ((f->rec.has & HAS_KIDS) && f->kids_seen != f->rec.nkids)
			return tracereader_fail_key(r, f->rec.at, f->rec.path, "children", "the list names %lu nodes, but %lu have "
					   "node %lu as their parent", (unsigned long)f->rec.nkids,
					   (unsigned long)f->kids_seen, (unsigned long)node);
		tracereader_play_leave(r, f, value, bound);
		return true;
	}
	case TE_TT_CUTOFF: {
		int bound;

		if (!tracereader_get_score(r, &rc, "value", true, &value, NULL) ||
		    !tracereader_get_enum(r, &rc, "bound", bound_names, &bound) ||
		    !tracereader_get_int(r, &rc, "depth", -SEARCH_MAX_PLY, SEARCH_MAX_PLY, false, &x, &has))
			return false;
		extra = bound < 0 ? trace_bound_of(value, f->alpha, f->beta) : bound;
		v2 = has ? (int)x : TRACE_TT_DEPTH_NONE;
		break;
	}
	case TE_DRAW: {
		int reason;

		if (!tracereader_get_score(r, &rc, "value", false, &value, &has) ||
		    !tracereader_get_enum(r, &rc, "reason", trace_draw_reasons(), &reason))
			return false;
		if (!has)
			value = 0;
		extra = reason < 0 ? TDR_OTHER : reason;
		break;
	}
	case TE_EXTENSION: {
		int reason;

		if (!tracereader_get_int(r, &rc, "plies", -SEARCH_MAX_PLY, SEARCH_MAX_PLY, true, &x, NULL) ||
		    !tracereader_get_enum(r, &rc, "reason", trace_extension_reasons(), &reason))
			return false;
		value = (int)x;
		extra = reason < 0 ? (value < 0 ? TXR_REDUCTION : TXR_OTHER) : reason;
		f->next_ext = value;
		break;
	}
	case TE_NULL_MOVE:
		if (!tracereader_get_score(r, &rc, "value", true, &value, NULL) ||
		    !tracereader_get_int(r, &rc, "reduction", 0, SEARCH_MAX_PLY, false, &x, &has))
			return false;
		v2 = has ? (int)x : 0;
		break;
	case TE_STOPPED: {
		bool interrupted = false;

		if (trace_stopped(r->t))
			return tracereader_fail_key(r, at, path, "kind", "a second \"stopped\" event (the search stops once)");
		if (!tracereader_get_bool(r, &rc, "interrupted", &interrupted, &has))
			return false;
		rd_trace_event(r, (uint32_t)node, TE_STOPPED, MOVE_NONE, 0, 0, interrupted);
		return true;
	}
	default:
		break;
	}
	rd_trace_event(r, (uint32_t)node, kind, m, value, v2, extra);
	return true;
}
