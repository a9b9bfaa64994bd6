/*
 * test_trace.c: the recorded trace is a faithful, navigable record of the search.
 *
 * For the first positions of positions/wac.epd, searched to depth 2 in
 * modes captures and checks (and a few with other options), it checks:
 *   - recording does not change the search: the result with a trace equals
 *     the result without one (score, best move, line, every counter);
 *   - the record is complete: one node per node counted, every node
 *     entered is left (enter < leave), the counters match the events;
 *   - the nesting: the events between a node's enter and leave belong to it
 *     or to its descendants, and the ones outside do not; a child's move
 *     event is followed at once by the child's enter event;
 *   - the navigation: trace_first_child / trace_next_sibling /
 *     trace_prev_sibling agree with the parent links and the children
 *     counts, and trace_node_event enumerates exactly the node's own events;
 *   - the principal variation is marked on exactly pv_len + 1 nodes;
 *   - with --max-nodes 1000 the trace is cut (stopped, one "stopped" event)
 *     but every node entered is still left, and res.nodes equals the nodes
 *     recorded;
 *   - the writers (text, JSON, DOT) run on every trace, and the JSON reads
 *     back into the same trace and writes out again byte for byte;
 *   - the JSON reader refuses broken traces with the right line and column;
 *   - the derived fields (parent, children, enter, leave, window, ply,
 *     qply) read back as recorded, for windows that follow the derivation
 *     rule and windows that do not, read in the middle of a recording too;
 *   - trace_trim: a trace cut to fit after each of several rounds of
 *     recording (across chunk boundaries) keeps every record, grows again,
 *     and holds no more than its records' bytes plus the chunk tables.
 * Exit status 0 when every check passes, 1 otherwise.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "chess/epd.h"
#include "chess/fen.h"
#include "search/option.h"
#include "search/search.h"
#include "search/trace.h"
#include "search/trace_record.h"
#include "tracefile/traceio.h"
#include "tracefile/tracereader.h"
#include "base/types.h"
#include "search/variant.h"

#ifndef ABS_SRCDIR
#define ABS_SRCDIR "."
#endif

#define POSITIONS 20

static void failf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#define CHECK_FAIL(...) failf(__VA_ARGS__)
#include "check.h"

static char context[512];

static void failf(const char *fmt, ...)
{
	va_list ap;

	failures++;
	printf("FAIL: %s: ", context);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* Whether A is B or one of B's ancestors' descendants, i.e. B lies in A's subtree. */
static bool in_subtree(const struct trace *t, uint32_t a, uint32_t b)
{
	return b >= a && b < trace_node_get(t, a).end;
}

static void check_results_equal(const struct search_result *a, const struct search_result *b)
{
	CHECK(a->score == b->score, "score %d with a trace, %d without", a->score, b->score);
	CHECK(a->best == b->best, "best move differs with a trace");
	CHECK(a->pv_len == b->pv_len, "pv length %d with a trace, %d without", a->pv_len, b->pv_len);
	if (a->pv_len == b->pv_len)
		CHECK(memcmp(a->pv, b->pv, sizeof(move) * (size_t)a->pv_len) == 0, "pv differs with a trace");
	CHECK(a->nodes == b->nodes, "nodes %llu with a trace, %llu without",
	      (unsigned long long)a->nodes, (unsigned long long)b->nodes);
	CHECK(a->qnodes == b->qnodes, "qnodes differ with a trace");
	CHECK(a->stand_pat_cutoffs == b->stand_pat_cutoffs, "stand-pat cutoffs differ with a trace");
	CHECK(a->beta_cutoffs == b->beta_cutoffs, "beta cutoffs differ with a trace");
	CHECK(a->delta_prunes == b->delta_prunes, "delta prunes differ with a trace");
	CHECK(a->see_prunes == b->see_prunes, "SEE prunes differ with a trace");
	CHECK(a->mates == b->mates, "mates differ with a trace");
	CHECK(a->stopped == b->stopped, "stopped differs with a trace");
}

/* Every structural invariant of T, the trace of a search whose result is RES. */
static void check_trace(const struct trace *t, const struct search_result *res)
{
	uint64_t counts[TE_KIND_COUNT] = { 0 };
	uint32_t qnodes = 0, pv_nodes = 0, stops = 0;
	uint32_t *own = calloc(trace_node_count(t) ? trace_node_count(t) : 1, sizeof *own);
	int bad = failures;

	CHECK(trace_node_count(t) > 0, "the trace has no node");
	CHECK(res->nodes == trace_node_count(t), "res.nodes %llu but %lu nodes recorded",
	      (unsigned long long)res->nodes, (unsigned long)trace_node_count(t));
	for (uint32_t i = 0; i < trace_event_count(t); i++) {
		const struct trace_event e_v = trace_event_get(t, i), *e = &e_v;

		CHECK(e->kind < TE_KIND_COUNT, "event %lu has kind %d", (unsigned long)i, e->kind);
		CHECK(e->node < trace_node_count(t), "event %lu names node %lu of %lu", (unsigned long)i,
		      (unsigned long)e->node, (unsigned long)trace_node_count(t));
		if (e->kind >= TE_KIND_COUNT || e->node >= trace_node_count(t))
			continue;
		counts[e->kind]++;
		own[e->node]++;
		if (e->kind == TE_STOPPED)
			stops++;
		if (e->kind == TE_MOVE) {
			uint32_t child = trace_child_of_move_event(e);

			CHECK(child < trace_node_count(t), "move event %lu opens node %lu", (unsigned long)i,
			      (unsigned long)child);
			if (child < trace_node_count(t)) {
				CHECK(trace_node_get(t, child).parent == e->node, "move event %lu: child %lu has parent %lu, not %lu",
				      (unsigned long)i, (unsigned long)child, (unsigned long)trace_node_get(t, child).parent,
				      (unsigned long)e->node);
				CHECK(trace_node_get(t, child).enter == i + 1, "move event %lu: child %lu entered at event %lu",
				      (unsigned long)i, (unsigned long)child, (unsigned long)trace_node_get(t, child).enter);
				CHECK(trace_node_get(t, child).move == e->move, "move event %lu: child %lu has another move",
				      (unsigned long)i, (unsigned long)child);
			}
		}
		if (failures - bad > 10)
			goto out;
	}
	/* trace_find_kind agrees with a scan, every kind, both ways, from events spread over the trace. */
	{
		uint32_t count = trace_event_count(t), step = count / 11 + 1;
		int kinds_bad = 0;

		for (uint32_t from = 0; from < count && kinds_bad < 3; from += step) {
			for (int k = 0; k <= TRACE_STAND_PAT_CUTOFF && kinds_bad < 3; k++) {
				for (int dir = -1; dir <= 1; dir += 2) {
					uint32_t want = TRACE_NONE, got = trace_find_kind(t, from, k, dir);

					for (uint32_t i = from; dir > 0 ? i + 1 < count : i > 0;) {
						struct trace_event e;

						i = dir > 0 ? i + 1 : i - 1;
						e = trace_event_get(t, i);
						if (k == TRACE_STAND_PAT_CUTOFF ? e.kind == TE_STAND_PAT && e.extra == TSP_CUTOFF :
						    e.kind == k) {
							want = i;
							break;
						}
					}
					if (got != want) {
						failf("trace_find_kind(%lu, %s, %d) = %lu, a scan finds %lu", (unsigned long)from,
						      k == TRACE_STAND_PAT_CUTOFF ? "stand pat cutoff" : trace_kind_name(k), dir,
						      (unsigned long)got, (unsigned long)want);
						kinds_bad++;
					}
				}
			}
		}
	}
	/* The in-order iterator agrees with random access, from the start and from any event. */
	for (uint32_t from = 0; from < trace_event_count(t); from = from * 3 + 1) {
		struct trace_iter it;
		struct trace_event e;
		uint32_t want = from;

		for (trace_iter_init(&it, t, from); trace_iter_next(&it, &e); want++) {
			struct trace_event r = trace_event_get(t, it.index);

			if (it.index != want || memcmp(&e, &r, sizeof e) != 0) {
				failf("the iterator from %lu gives another event %lu (kind %s, random access %s)",
				      (unsigned long)from, (unsigned long)it.index, trace_kind_name(e.kind),
				      trace_kind_name(r.kind));
				break;
			}
			if (from > 0 && want > from + 1000)
				break;
		}
		CHECK(from > 0 || want == trace_event_count(t), "the iterator stops at %lu of %lu events",
		      (unsigned long)want, (unsigned long)trace_event_count(t));
	}
	CHECK(counts[TE_ENTER] == trace_node_count(t), "%llu enter events for %lu nodes",
	      (unsigned long long)counts[TE_ENTER], (unsigned long)trace_node_count(t));
	CHECK(counts[TE_LEAVE] == trace_node_count(t), "%llu leave events for %lu nodes",
	      (unsigned long long)counts[TE_LEAVE], (unsigned long)trace_node_count(t));
	CHECK(counts[TE_MOVE] == trace_node_count(t) - 1, "%llu move events for %lu nodes",
	      (unsigned long long)counts[TE_MOVE], (unsigned long)trace_node_count(t));
	CHECK(counts[TE_BETA_CUTOFF] == res->beta_cutoffs, "beta cutoff events %llu, counter %llu",
	      (unsigned long long)counts[TE_BETA_CUTOFF], (unsigned long long)res->beta_cutoffs);
	CHECK(counts[TE_DELTA_PRUNE] == res->delta_prunes, "delta prune events differ from the counter");
	CHECK(counts[TE_SEE_PRUNE] == res->see_prunes, "SEE prune events differ from the counter");
	CHECK(counts[TE_FUTILITY_PRUNE] == res->futility_prunes, "futility prune events differ from the counter");
	CHECK(counts[TE_RECAPTURE_PRUNE] == res->recapture_prunes, "recapture prune events differ from the counter");
	CHECK(counts[TE_EVASION_PRUNE] == res->evasion_prunes, "evasion prune events differ from the counter");
	CHECK(counts[TE_MATE] == res->mates, "mate events differ from the counter");
	CHECK(stops == (res->stopped ? 1u : 0u), "%lu stopped events, stopped %d", (unsigned long)stops,
	      res->stopped);
	CHECK(trace_stopped(t) == res->stopped, "trace stopped %d, result stopped %d", trace_stopped(t), res->stopped);
	{
		uint64_t sp_cut = 0;

		for (uint32_t i = 0; i < trace_event_count(t); i++)
			sp_cut += trace_event_get(t, i).kind == TE_STAND_PAT && trace_event_get(t, i).extra == TSP_CUTOFF;
		CHECK(sp_cut == res->stand_pat_cutoffs, "stand-pat cutoff events %llu, counter %llu",
		      (unsigned long long)sp_cut, (unsigned long long)res->stand_pat_cutoffs);
	}

	for (uint32_t n = 0; n < trace_node_count(t); n++) {
		const struct trace_node nd_v = trace_node_get(t, n), *nd = &nd_v;
		uint32_t kids = 0, prev = TRACE_NONE, k;

		if (nd->flags & TN_QUIESCENCE)
			qnodes++;
		if (nd->flags & TN_PV)
			pv_nodes++;
		CHECK((nd->qply >= 0) == ((nd->flags & TN_QUIESCENCE) != 0), "node %lu: qply and flag disagree",
		      (unsigned long)n);
		/* Entered and left, in that order, by events that name it. */
		CHECK(nd->leave != TRACE_NONE, "node %lu is never left", (unsigned long)n);
		if (nd->leave == TRACE_NONE)
			continue;
		CHECK(nd->enter < nd->leave, "node %lu: enter %lu not before leave %lu", (unsigned long)n,
		      (unsigned long)nd->enter, (unsigned long)nd->leave);
		CHECK(trace_event_get(t, nd->enter).kind == TE_ENTER && trace_event_get(t, nd->enter).node == n,
		      "node %lu: its enter event is wrong", (unsigned long)n);
		CHECK(trace_event_get(t, nd->leave).kind == TE_LEAVE && trace_event_get(t, nd->leave).node == n,
		      "node %lu: its leave event is wrong", (unsigned long)n);
		CHECK(trace_event_get(t, nd->enter).v1 == nd->alpha && trace_event_get(t, nd->enter).v2 == nd->beta,
		      "node %lu: the enter event's window differs from the node's", (unsigned long)n);
		CHECK(trace_event_get(t, nd->leave).v1 == nd->score && trace_event_get(t, nd->leave).extra == nd->bound,
		      "node %lu: the leave event's score differs from the node's", (unsigned long)n);
		CHECK(nd->alpha < nd->beta, "node %lu: empty window", (unsigned long)n);
		/* Nesting: events inside belong to the subtree, events outside do not belong to the node. */
		for (uint32_t i = nd->enter; i <= nd->leave; i++)
			if (!in_subtree(t, n, trace_event_get(t, i).node)) {
				failf("node %lu: event %lu of node %lu lies between its enter and leave",
				      (unsigned long)n, (unsigned long)i, (unsigned long)trace_event_get(t, i).node);
				break;
			}
		/* The subtree: parent links, plies, ranges. */
		CHECK(nd->end > n && nd->end <= trace_node_count(t), "node %lu: end %lu", (unsigned long)n,
		      (unsigned long)nd->end);
		if (n == 0) {
			CHECK(nd->parent == TRACE_NONE && nd->ply == 0 && nd->move == MOVE_NONE, "the root is not a root");
			CHECK(nd->end == trace_node_count(t), "the root's subtree ends at %lu", (unsigned long)nd->end);
		} else {
			CHECK(nd->parent < n, "node %lu: parent %lu is not before it", (unsigned long)n,
			      (unsigned long)nd->parent);
			if (nd->parent < n) {
				CHECK(in_subtree(t, nd->parent, n), "node %lu outside its parent's range", (unsigned long)n);
				CHECK(nd->ply == trace_node_get(t, nd->parent).ply + 1, "node %lu: ply %d under ply %d",
				      (unsigned long)n, nd->ply, trace_node_get(t, nd->parent).ply);
				CHECK(trace_node_get(t, nd->parent).enter < nd->enter && nd->leave < trace_node_get(t, nd->parent).leave,
				      "node %lu: not nested in its parent's events", (unsigned long)n);
			}
		}
		/* Navigation agrees with the parent links and the children count. */
		for (uint32_t c = trace_first_child(t, n); c != TRACE_NONE; c = trace_next_sibling(t, c)) {
			CHECK(trace_node_get(t, c).parent == n, "node %lu: child %lu has parent %lu", (unsigned long)n,
			      (unsigned long)c, (unsigned long)trace_node_get(t, c).parent);
			CHECK(trace_prev_sibling(t, c) == prev, "node %lu: prev sibling of %lu is %lu, expected %lu",
			      (unsigned long)n, (unsigned long)c, (unsigned long)trace_prev_sibling(t, c),
			      (unsigned long)prev);
			prev = c;
			if (++kids > trace_node_count(t))
				break;
		}
		CHECK(kids == nd->children, "node %lu: %lu children walked, %u counted", (unsigned long)n,
		      (unsigned long)kids, nd->children);
		/* trace_node_event lists exactly the node's own events, in time order. */
		k = 0;
		for (uint32_t i = nd->enter; i <= nd->leave; i++) {
			if (trace_event_get(t, i).node != n)
				continue;
			if (trace_node_event(t, n, k) != i) {
				failf("node %lu: own event %lu is %lu, trace_node_event says %lu", (unsigned long)n,
				      (unsigned long)k, (unsigned long)i, (unsigned long)trace_node_event(t, n, k));
				break;
			}
			k++;
		}
		CHECK(k == own[n], "node %lu: %lu own events between enter and leave, %lu in all",
		      (unsigned long)n, (unsigned long)k, (unsigned long)own[n]);
		CHECK(trace_node_event(t, n, k) == TRACE_NONE, "node %lu: trace_node_event goes past the leave",
		      (unsigned long)n);
		if (failures - bad > 10)
			goto out;
	}
	{
		uint32_t parents_count = 0;

		for (uint32_t n = 0; n < trace_node_count(t); n++)
			parents_count += trace_node_get(t, n).children;
		CHECK(parents_count == trace_node_count(t) - 1, "children counts sum to %lu for %lu nodes",
		      (unsigned long)parents_count, (unsigned long)trace_node_count(t));
	}
	CHECK(qnodes == res->qnodes, "%lu quiescence nodes recorded, qnodes %llu", (unsigned long)qnodes,
	      (unsigned long long)res->qnodes);
	CHECK(trace_node_get(t, 0).score == res->score, "the root's score %d, the result's %d", trace_node_get(t, 0).score, res->score);
	if (!res->stopped)
		CHECK(pv_nodes == (uint32_t)res->pv_len + 1, "%lu nodes marked PV for a line of %d moves",
		      (unsigned long)pv_nodes, res->pv_len);
	if (res->stopped)
		CHECK(trace_stopped_at(t) < trace_node_count(t), "stopped_at %lu", (unsigned long)trace_stopped_at(t));
out:
	free(own);
}

/* Reads a whole stream into a malloc'ed string. */
static char *slurp(FILE *fp, size_t *len)
{
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);

	rewind(fp);
	for (;;) {
		size_t got = fread(buf + n, 1, cap - n, fp);

		n += got;
		if (n < cap)
			break;
		cap *= 2;
		buf = realloc(buf, cap);
	}
	*len = n;
	return buf;
}

/* The writers run, and the JSON reads back into the same trace and writes out identically. */
static void check_io(const struct trace *t, const struct position *pos, const struct search_options *opt,
		     const struct search_result *res)
{
	FILE *a = tmpfile(), *b = tmpfile(), *x = tmpfile();
	struct trace *back = trace_new();
	struct position pos2;
	struct search_options opt2;
	struct search_result res2;
	struct error err = { 0 };
	char *ta, *tb;
	size_t la, lb;

	if (a == NULL || b == NULL || x == NULL) {
		failf("tmpfile failed");
		return;
	}
	traceio_write_text(x, t, pos, opt, res);
	traceio_write_dot(x, t, pos, opt, res);
	CHECK(!ferror(x), "writing text and DOT failed");
	traceio_write_json(a, t, pos, opt, res);
	rewind(a);
	if (!tracereader_read_json(a, back, &pos2, &opt2, &res2, &err)) {
		failf("reading the JSON back: %s", err.msg);
	} else {
		CHECK(trace_node_count(back) == trace_node_count(t) && trace_event_count(back) == trace_event_count(t),
		      "read back %lu nodes and %lu events, wrote %lu and %lu", (unsigned long)trace_node_count(back),
		      (unsigned long)trace_event_count(back), (unsigned long)trace_node_count(t), (unsigned long)trace_event_count(t));
		if (trace_node_count(back) == trace_node_count(t) && trace_event_count(back) == trace_event_count(t)) {
			for (uint32_t i = 0; i < trace_node_count(t); i++) {
				struct trace_node nx = trace_node_get(t, i), ny = trace_node_get(back, i);

				if (memcmp(&nx, &ny, sizeof nx) != 0) {
					failf("the nodes read back differ (node %lu)", (unsigned long)i);
					break;
				}
			}
			for (uint32_t i = 0; i < trace_event_count(t); i++) {
				const struct trace_event e_v = trace_event_get(t, i), f_v = trace_event_get(back, i), *e = &e_v, *f = &f_v;

				if (e->node != f->node || e->kind != f->kind || e->move != f->move || e->v1 != f->v1 ||
				    ((e->kind == TE_MOVE || e->kind == TE_DELTA_PRUNE || e->kind == TE_ENTER) && e->v2 != f->v2) ||
				    (e->kind != TE_STOPPED && e->extra != f->extra)) {
					failf("event %lu read back differs", (unsigned long)i);
					break;
				}
			}
		}
		CHECK(trace_stopped(back) == trace_stopped(t) && trace_stopped_at(back) == trace_stopped_at(t), "stopped read back differs");
		CHECK(pos2.key == pos->key, "the root position read back differs");
		CHECK(res2.score == res->score && res2.best == res->best && res2.pv_len == res->pv_len &&
		      res2.nodes == res->nodes && res2.qnodes == res->qnodes && res2.mates == res->mates,
		      "the result read back differs");
		traceio_write_json(b, back, &pos2, &opt2, &res2);
		ta = slurp(a, &la);
		tb = slurp(b, &lb);
		CHECK(la == lb && memcmp(ta, tb, la) == 0, "the JSON written again differs (%zu and %zu bytes)", la, lb);
		free(ta);
		free(tb);
	}
	trace_free(back);
	fclose(a);
	fclose(b);
	fclose(x);
}

/*
 * The JSON reader refuses broken traces and says where: each case changes
 * the first OLD in a good trace into NEW and expects an error whose message
 * holds FRAGMENT, on the line of ANCHOR in the changed text and, when COL is
 * not negative, at ANCHOR's column plus COL (a leading line end of ANCHOR
 * only makes it unique: the place is just after it).
 */
struct bad_json {
	const char *old, *new_, *anchor;
	int col;
	const char *fragment;
};

static const struct bad_json bad_cases[] = {
	{ "\"version\": 2", "\"version\": 4", "\"version\": 4", 11, "version: 4 is not supported" },
	{ "\"format\": \"quiesce-trace\"", "\"format\": \"other\"", "\"other\"", 0, "not a quiesce trace" },
	{ "\"move\": \"e5d4\", \"san\"", "\"move\": \"e5d3\", \"san\"", "\"e5d3\"", 0, "not a legal move" },
	{ "\"san\": \"Kc1\", \"ply\"", "\"san\": \"Kd1\", \"ply\"", "\"Kd1\"", 0, "is not the SAN of the move" },
	{ "\"children\": [2]}", "\"children\": [2],}", "[2],}", 4, "string or '}' expected" },
	{ "\"eval\": -800,", "\"eval\": -800.5,", "-800.5", 0, "expected a whole number, found a number with a fraction" },
	{ "\"stopped\": false", "\"stopped\": 0", "\"stopped\": 0", 11, "expected true or false" },
	{ "{\"node\": 2, \"kind\": \"leave\", \"score\": -100, \"bound\": \"exact\"},\n", "",
	  "{\"node\": 1, \"kind\": \"alpha_raise\"", 9, "node 1 is not the node being searched" },
	{ "{\"node\": 2, \"kind\": \"enter\", \"alpha\": -32500, \"beta\": 800}",
	  "{\"node\": 2, \"kind\": \"enter\", \"alpha\": -32500, \"beta\": 801}", "801}", 0,
	  "801 differs from the node's beta (800)" },
	{ "\n]}\n", "\n]} x\n", "]} x", 3, "after the end of the trace" },
	{ "4k3/8/8/4p3/3p4/p7/P7/QK6 w", "4k3/8/8/4p3/3p4/p7/P7/QK6\tw", "\tw", -1, "control character" },
	{ "\"bound\": \"exact\", \"pv\": true, \"children\": [1, 3, 4, 5, 6]",
	  "\"bound\": \"exact\", \"pv\": true, \"children\": [1, 3, 5, 6]", "\"id\": 0", -1,
	  "children list does not match" },
	{ "\"best\": \"b1c1\", \"san\": \"Kc1\"", "\"best\": \"b1c2\", \"san\": \"Kc2\"", "\"b1c2\"", 0,
	  "must be the first move of the principal variation" },
	{ "\"stand_pat_cutoffs\": 3", "\"stand_pat_cutoffs\": \"3\"", "\"3\"", 0, "expected a whole number, found a string" },
	{ "\"nodes\": 7,", "\"nodes\": 8,", "8,", 0, "result.nodes: 8, but the trace has 7" },
	{ ",\n{\"node\": 0, \"kind\": \"leave\", \"score\": 700, \"bound\": \"exact\"}", "", "\n]}", 0,
	  "node 0 is never left" },
};

static void check_bad_json(void)
{
	static const char *const fen = "4k3/8/8/4p3/3p4/p7/P7/QK6 w - - 0 1";
	struct position pos, pos2;
	struct search_options opt, opt2;
	struct search_result res, res2;
	struct trace *t = trace_new(), *back = trace_new();
	struct error err = { 0 };
	char *good = NULL;
	size_t len = 0;
	FILE *mem;

	snprintf(context, sizeof context, "reading broken JSON traces");
	if (!fen_parse(&pos, fen, &err)) {
		failf("%s", err.msg);
		return;
	}
	option_defaults(&opt);
	opt.depth = 1;
	search_run(&pos, &opt, t, NULL, &res);
	mem = open_memstream(&good, &len);
	traceio_write_json(mem, t, &pos, &opt, &res);
	fclose(mem);

	/* The good text reads, also through a stream that is not a file. */
	mem = fmemopen(good, len, "r");
	CHECK(tracereader_read_json(mem, back, &pos2, &opt2, &res2, &err), "the good trace does not read: %s", err.msg);
	fclose(mem);

	for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
		const struct bad_json *b = &bad_cases[i];
		const char *at = strstr(good, b->old), *anchor;
		size_t olen = strlen(b->old), nlen = strlen(b->new_);
		char *bad;
		int line = 1, col = 1;

		if (at == NULL) {
			failf("case %zu: '%s' is not in the good trace", i, b->old);
			continue;
		}
		bad = malloc(len + nlen + 1);
		memcpy(bad, good, (size_t)(at - good));
		memcpy(bad + (at - good), b->new_, nlen);
		memcpy(bad + (at - good) + nlen, at + olen, len - (size_t)(at - good) - olen + 1);
		anchor = strstr(bad, b->anchor);
		if (anchor == NULL) {
			failf("case %zu: the anchor '%s' is not in the changed text", i, b->anchor);
			free(bad);
			continue;
		}
		if (*anchor == '\n')   /* an anchor may start with a line end to be unique */
			anchor++;
		for (const char *p = bad; p < anchor; p++) {
			if (*p == '\n') {
				line++;
				col = 1;
			} else {
				col++;
			}
		}
		mem = fmemopen(bad, strlen(bad), "r");
		memset(&err, 0, sizeof err);
		if (tracereader_read_json(mem, back, &pos2, &opt2, &res2, &err)) {
			failf("case %zu ('%s'): the broken trace was read without an error", i, b->fragment);
		} else {
			CHECK(strstr(err.msg, b->fragment) != NULL, "case %zu: the message '%s' lacks '%s'", i, err.msg,
			      b->fragment);
			CHECK(err.line == line, "case %zu: the error is on line %d, expected %d (%s)", i, err.line, line,
			      err.msg);
			if (b->col >= 0)
				CHECK(err.column == col + b->col, "case %zu: the error is at column %d, expected %d (%s)", i,
				      err.column, col + b->col, err.msg);
			CHECK(trace_node_count(back) == 0 && trace_event_count(back) == 0, "case %zu: a failed read leaves a trace", i);
		}
		fclose(mem);
		free(bad);
	}
	free(good);
	trace_free(t);
	trace_free(back);
}

/* Runs one search with and without a trace and checks everything. */
static void run_case(const struct position *pos, const struct search_options *opt, bool io)
{
	struct trace *t = trace_new();
	struct search_result with, without;

	search_run(pos, opt, NULL, NULL, &without);
	search_run(pos, opt, t, NULL, &with);
	check_results_equal(&with, &without);
	check_trace(t, &with);
	if (io)
		check_io(t, pos, opt, &with);

	/* The node cap cuts the trace but leaves it whole. */
	if (with.nodes > 1000) {
		struct search_options capped = *opt;
		struct search_result cut;
		char saved[sizeof context];

		capped.max_nodes = 1000;
		snprintf(saved, sizeof saved, "%s", context);
		snprintf(context, sizeof context, "%.400s, --max-nodes 1000", saved);
		search_run(pos, &capped, t, NULL, &cut);
		CHECK(cut.stopped && trace_stopped(t), "the capped search did not stop");
		CHECK(cut.nodes == 1000 && trace_node_count(t) == 1000, "the capped search has %llu nodes, %lu recorded",
		      (unsigned long long)cut.nodes, (unsigned long)trace_node_count(t));
		check_trace(t, &cut);
		if (io)
			check_io(t, pos, &capped, &cut);
		snprintf(context, sizeof context, "%s", saved);
	}
	trace_free(t);
}

/*
 * Trimming and growing again. Under a root, groups of 256 nodes (a node and
 * its 255 leaf children) are recorded in rounds of 1, 300, 1 and 300 groups
 * (77,056 nodes after the second round, 154,112 after the last: the node
 * chunks hold 65,536, and the whole ones after the first are mapped, so the
 * second chunk is mapped, cut by the trim, grown back whole and copied
 * whole, and the third is mapped and cut), the trace trimmed after each
 * round; every 7th node
 * also records a delta prune (a stored event). Each node's values follow
 * from its number, so what the trace must hold is known without it.
 */
static int trim_eval(uint32_t i)
{
	return (int)(i * 37 % 1999) - 999;
}

/* Records node number I (1-based, after the root) under PARENT, with its stand pat; leaves it if LEAF. */
static uint32_t trim_node(struct trace *t, uint32_t parent, uint32_t i, int ply, bool leaf, uint32_t *stored)
{
	uint32_t c;
	int e = trim_eval(i);

	if (i % 7 == 0) {
		trace_event(t, parent, TE_DELTA_PRUNE, MOVE_MAKE(8, 16, 0), 100, 200, 0);
		(*stored)++;
	}
	trace_move(t, parent, MOVE_MAKE(8, 24, 0));
	c = trace_enter(t, parent, MOVE_MAKE(8, 24, 0), ply, ply - 1, -20000, 20000, false, e);
	trace_event(t, c, TE_STAND_PAT, MOVE_NONE, e, 0, TSP_RAISE);
	if (leaf)
		trace_leave(t, c, e, TB_EXACT);
	return c;
}

static void check_trim(void)
{
	static const uint32_t rounds[] = { 1, 300, 1, 300 };
	struct trace *t = trace_new();
	struct trace_iter it;
	struct trace_event e;
	uint32_t root, n = 0, stored = 0, groups = 0, prunes = 0;

	snprintf(context, sizeof context, "trace_trim");
	root = trace_enter(t, TRACE_NONE, MOVE_NONE, 0, -1, -20000, 20000, false, 0);
	for (size_t r = 0; r < sizeof rounds / sizeof *rounds; r++) {
		size_t records;

		for (uint32_t g = 0; g < rounds[r]; g++, groups++) {
			uint32_t top = trim_node(t, root, ++n, 1, false, &stored);

			for (int k = 0; k < 255; k++)
				trim_node(t, top, ++n, 2, true, &stored);
			trace_leave(t, top, trim_eval(top), TB_EXACT);
		}
		trace_trim(t);
		/*
		 * 10 bytes a node, 16 a stored event, 12 a node whose window is
		 * not the derived one (the root's is not +-32500; every leaf's
		 * beta is 20000, not minus its parent's raised alpha), the chunk
		 * tables (8 pointers each here), the stack of open nodes (64 of
		 * 32 bytes) and the struct.
		 */
		records = (size_t)(n + 1) * 10 + (size_t)stored * 16 + (size_t)(1 + 255 * groups) * 12;
		CHECK(trace_bytes(t) >= records &&
		      trace_bytes(t) <= records + 2 * 8 * sizeof(void *) + 64 * 32 + 256,
		      "after round %zu (%u nodes, %u stored events): %zu bytes, expected %zu plus the tables", r, n + 1,
		      stored, trace_bytes(t), records);
	}
	trace_leave(t, root, 0, TB_EXACT);
	CHECK(trace_node_count(t) == n + 1 && n == 154112, "%u nodes, expected %u (154,113)", trace_node_count(t),
	      n + 1);
	/* Events: the root's enter and leave, 4 a node (move, enter, stand pat, leave), the prunes. */
	CHECK(trace_event_count(t) == 2 + 4 * n + stored, "%u events, expected %u", trace_event_count(t),
	      2 + 4 * n + stored);
	CHECK(trace_node_get(t, root).children == groups, "the root has %u children, expected %u",
	      trace_node_get(t, root).children, groups);
	/* The root's subtree holds more than 65,535 nodes: its end is kept apart from its record. */
	{
		uint32_t walked = 0;

		for (uint32_t c = trace_first_child(t, root); c != TRACE_NONE; c = trace_next_sibling(t, c))
			walked++;
		CHECK(trace_node_get(t, root).end == n + 1 && walked == groups,
		      "the root ends at %u (expected %u), %u children walked (expected %u)", trace_node_get(t, root).end,
		      n + 1, walked, groups);
	}
	for (uint32_t i = 1; i <= n && failures < 20; i++) {
		struct trace_node nd = trace_node_get(t, i);
		uint32_t parent = (i - 1) % 256 == 0 ? root : i - (i - 1) % 256;

		e = trace_event_get(t, nd.enter + 1);
		CHECK(nd.parent == parent && nd.eval == trim_eval(i) && nd.score == trim_eval(i) &&
		      nd.end == (parent == root ? i + 256 : i + 1) && e.kind == TE_STAND_PAT && e.v1 == trim_eval(i),
		      "node %u: parent %u (expected %u), eval %d score %d (expected %d), end %u, then %s", i, nd.parent,
		      parent, nd.eval, nd.score, trim_eval(i), nd.end, trace_kind_name(e.kind));
	}
	for (trace_iter_init(&it, t, 0); trace_iter_next(&it, &e);)
		prunes += e.kind == TE_DELTA_PRUNE && e.v1 == 100 && e.v2 == 200;
	CHECK(prunes == stored && stored == n / 7, "%u delta prunes read back, %u recorded, expected %u", prunes,
	      stored, n / 7);
	/* A copy holds the same nodes and events, in no more room than the original. */
	{
		struct trace *c = trace_copy(t);
		struct trace_iter ic;
		struct trace_event ec;
		uint32_t same = 0;

		CHECK(trace_node_count(c) == trace_node_count(t) && trace_event_count(c) == trace_event_count(t) &&
		      trace_bytes(c) <= trace_bytes(t), "the copy: %u nodes, %u events, %zu bytes", trace_node_count(c),
		      trace_event_count(c), trace_bytes(c));
		for (uint32_t i = 0; i < trace_node_count(t); i++)
			same += trace_node_get(c, i).parent == trace_node_get(t, i).parent &&
				trace_node_get(c, i).leave == trace_node_get(t, i).leave &&
				trace_node_get(c, i).eval == trace_node_get(t, i).eval;
		CHECK(same == trace_node_count(t), "the copy: %u of %u nodes the same", same, trace_node_count(t));
		same = 0;
		trace_iter_init(&ic, c, 0);
		for (trace_iter_init(&it, t, 0); trace_iter_next(&it, &e) && trace_iter_next(&ic, &ec);)
			same += e.kind == ec.kind && e.node == ec.node && e.v1 == ec.v1 && e.v2 == ec.v2;
		CHECK(same == trace_event_count(t), "the copy: %u of %u events the same", same, trace_event_count(t));
		trace_free(c);
	}
	trace_clear(t);
	trace_trim(t);
	/* What a cleared trace keeps: the struct and the stack of open nodes (64 of 32 bytes). */
	CHECK(trace_node_count(t) == 0 && trace_bytes(t) <= 256 + 64 * 32, "a cleared trace: %u nodes, %zu bytes",
	      trace_node_count(t), trace_bytes(t));
	trace_free(t);
}

/*
 * The fields the search does not store are derived on the first read
 * (issue 18): the parent, children, ply, qply, window and the enter and
 * leave indices. A random tree is recorded through the recording API with
 * windows, plies and qplies that mostly follow the derivation rule and
 * sometimes do not (an aspiration window, another engine's file), with
 * raises by stand pats and alpha raise events, stored prunes, and a read
 * in the middle of the recording; every node must read back exactly what
 * was recorded, with the event indices counted here (each call of the API
 * is one event).
 */
#define DERIVED_NODES 20000
static struct {
	uint32_t parent, enter, leave, children;
	int alpha, beta, ply, qply;
} want[DERIVED_NODES];
static uint32_t derived_rng = 12345, derived_events;

static uint32_t derived_rand(uint32_t n)
{
	derived_rng = derived_rng * 1103515245u + 12345u;
	return (derived_rng >> 8) % n;
}

static void derived_check(const struct trace *t, uint32_t count, const char *when)
{
	uint32_t bad = 0;

	for (uint32_t i = 0; i < count; i++) {
		struct trace_node nd = trace_node_get(t, i);

		if (nd.parent != want[i].parent || nd.enter != want[i].enter || nd.leave != want[i].leave ||
		    nd.children != want[i].children || nd.alpha != want[i].alpha || nd.beta != want[i].beta ||
		    nd.ply != want[i].ply || nd.qply != want[i].qply) {
			if (bad++ < 5)
				failf("%s: node %u reads parent %u enter %u leave %u children %u window (%d, %d) ply %d qply %d; "
				      "recorded %u %u %u %u (%d, %d) %d %d", when, i, nd.parent, nd.enter, nd.leave, nd.children,
				      nd.alpha, nd.beta, nd.ply, nd.qply, want[i].parent, want[i].enter, want[i].leave,
				      want[i].children, want[i].alpha, want[i].beta, want[i].ply, want[i].qply);
		}
		checks++;
	}
	CHECK(trace_event_count(t) == derived_events, "%s: %u events, %u recorded", when, trace_event_count(t),
	      derived_events);
}

/* Records a subtree under PARENT (whose window is ALPHA..BETA, at PLY and QPLY); returns its score. */
static int derived_node(struct trace *t, uint32_t parent, int alpha, int beta, int ply, int qply, int depth)
{
	uint32_t id;
	int a = alpha, b = beta, p = ply, q = qply, score, eval = (int)derived_rand(200) - 100;
	bool quiet = qply >= 0;

	if (derived_rand(6) == 0) {   /* not the derived window */
		a = (int)derived_rand(2000) - 1000;
		b = a + 1 + (int)derived_rand(500);
	}
	if (derived_rand(20) == 0)
		p = (int)derived_rand(100);
	if (derived_rand(20) == 0)
		q = quiet ? (int)derived_rand(30) : -1;
	if (parent != TRACE_NONE) {
		trace_move(t, parent, MOVE_MAKE(12, 28, 0));
		derived_events++;
		want[parent].children++;
	}
	id = trace_enter(t, parent, parent == TRACE_NONE ? MOVE_NONE : MOVE_MAKE(12, 28, 0), p, q, a, b, false, eval);
	want[id].parent = parent;
	want[id].enter = derived_events++;
	want[id].leave = TRACE_NONE;
	want[id].children = 0;
	want[id].alpha = (int16_t)a;
	want[id].beta = (int16_t)b;
	want[id].ply = p & 255;
	want[id].qply = q;
	if (q >= 0 && derived_rand(2) == 0) {   /* a stand pat raising alpha (implied when it is the static value) */
		int v = derived_rand(2) ? eval : a + 1 + (int)derived_rand(50);

		trace_event(t, id, TE_STAND_PAT, MOVE_NONE, v, 0, TSP_RAISE);
		derived_events++;
		a = v;
	}
	score = a;
	for (int k = 0; depth > 0 && k < 1 + (int)derived_rand(4) && trace_node_count(t) < DERIVED_NODES - 64; k++) {
		int s;
		bool child_quiet = q >= 0 || derived_rand(3) == 0;

		if (derived_rand(5) == 0) {
			trace_event(t, id, TE_DELTA_PRUNE, MOVE_MAKE(1, 2, 0), 100, 200, 0);
			derived_events++;
		}
		s = -derived_node(t, id, -b, -a, p + 1, child_quiet ? (q >= 0 ? q + 1 : 0) : -1,
				  depth - 1 - (int)derived_rand(2));
		if (s > a && derived_rand(3) > 0) {   /* a raise: implied right after the child, or stored */
			trace_event(t, id, TE_ALPHA_RAISE, MOVE_MAKE(12, 28, 0), derived_rand(2) ? s : s + 1, 0, 0);
			derived_events++;
			a = derived_rand(2) ? s : a + 1;
			score = a;
		}
	}
	trace_leave(t, id, score, TB_EXACT);
	want[id].leave = derived_events++;
	return score;
}

static void check_derived(void)
{
	struct trace *t = trace_new();
	struct trace *c;
	uint32_t root, first;

	snprintf(context, sizeof context, "derived fields");
	root = trace_enter(t, TRACE_NONE, MOVE_NONE, 0, -1, -SCORE_INF, SCORE_INF, false, 0);
	want[root].parent = TRACE_NONE;
	want[root].enter = derived_events++;
	want[root].leave = TRACE_NONE;
	want[root].alpha = -SCORE_INF;
	want[root].beta = SCORE_INF;
	want[root].ply = 0;
	want[root].qply = -1;
	/* Half the tree, a read (which derives the fields), the other half, another read. */
	for (int k = 0; trace_node_count(t) < DERIVED_NODES / 2; k++)
		derived_node(t, root, -SCORE_INF, SCORE_INF, 1, -1, 3 + k % 5);
	first = trace_node_count(t);
	derived_check(t, first, "the first half, the root open");
	while (trace_node_count(t) < DERIVED_NODES - 200)
		derived_node(t, root, -SCORE_INF, SCORE_INF, 1, -1, 6);
	trace_leave(t, root, 0, TB_EXACT);
	want[root].leave = derived_events++;
	derived_check(t, trace_node_count(t), "the whole tree");
	c = trace_copy(t);
	derived_check(c, trace_node_count(c), "a copy");
	CHECK(first > 1000 && trace_node_count(t) > first + 1000, "%u nodes, %u at the first read",
	      trace_node_count(t), first);
	trace_free(c);
	trace_free(t);
}

int main(void)
{
	const char *path = ABS_SRCDIR "/positions/wac.epd";
	char line[EPD_MAX_LINE];
	FILE *fp;
	int lineno = 0;
	unsigned done = 0;
	static const char *const variants[] = {
		"captures", "checks", "checks+check-plies=2", "captures+delta+see", "brute+qdepth=3", "faulty",
		"rival+soft", "captures+qdepth=2", "none", "modern", "checks+futility+evasion-limit=1+recaptures=1"
	};

	board_init();
	fp = fopen(path, "r");
	if (fp == NULL) {
		printf("FAIL: cannot open %s\n", path);
		return 1;
	}
	while (done < POSITIONS && fgets(line, sizeof line, fp)) {
		struct epd_record *rec = malloc(sizeof *rec);
		struct error err = { 0 };

		lineno++;
		line[strcspn(line, "\r\n")] = '\0';
		if (epd_is_blank(line)) {
			free(rec);
			continue;
		}
		if (!epd_parse(rec, line, lineno, &err)) {
			printf("FAIL: %s: %s\n", path, err.msg);
			failures++;
			free(rec);
			continue;
		}
		for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
			struct search_options opt;

			/* Every position in modes captures and checks; the other variants on a few. */
			if (v >= 2 && done % 4 != v % 4)
				continue;
			option_defaults(&opt);
			opt.depth = 2;
			if (!variant_apply(&opt, variants[v], &err)) {
				printf("FAIL: mode %s: %s\n", variants[v], err.msg);
				failures++;
				continue;
			}
			snprintf(context, sizeof context, "%s line %d (%s), depth 2, %s", path, lineno,
				 rec->id[0] ? rec->id : "?", variants[v]);
			run_case(&rec->pos, &opt, done % 2 == 0 || v >= 2);
		}
		done++;
		free(rec);
	}
	fclose(fp);
	if (done < POSITIONS) {
		printf("FAIL: only %u positions read from %s\n", done, path);
		failures++;
	}

	/* A few hand-made positions: a mate at the root, a stalemate, depth 0. */
	{
		static const struct {
			const char *fen;
			int depth;
		} extra[] = {
			{ "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", 2 },   /* Black is mated */
			{ "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 2 },   /* Black is stalemated */
			{ BOARD_START_FEN, 0 },
			{ BOARD_START_FEN, 3 },
		};

		for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++) {
			struct position pos;
			struct search_options opt;
			struct error err = { 0 };

			if (!fen_parse(&pos, extra[i].fen, &err)) {
				printf("FAIL: %s: %s\n", extra[i].fen, err.msg);
				failures++;
				continue;
			}
			option_defaults(&opt);
			opt.depth = extra[i].depth;
			snprintf(context, sizeof context, "%s, depth %d", extra[i].fen, extra[i].depth);
			run_case(&pos, &opt, true);
		}
	}

	check_bad_json();
	check_trim();
	check_derived();

	printf("test_trace: %ld checks, %d failed\n", checks, failures);
	return failures ? 1 : 0;
}
