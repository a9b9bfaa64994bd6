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
 *     back into the same trace and writes out again byte for byte.
 * Exit status 0 when every check passes, 1 otherwise.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "epd.h"
#include "fen.h"
#include "search.h"
#include "trace.h"
#include "traceio.h"
#include "types.h"

#ifndef ABS_SRCDIR
#define ABS_SRCDIR "."
#endif

#define POSITIONS 20

static int failures;
static int checks;
static char context[256];

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

/* Counts a check; reports it (at most a few times per context) when COND is false. */
#define CHECK(cond, ...) do { \
	checks++; \
	if (!(cond)) \
		failf(__VA_ARGS__); \
} while (0)

/* Whether A is B or one of B's ancestors' descendants, i.e. B lies in A's subtree. */
static bool in_subtree(const struct trace *t, uint32_t a, uint32_t b)
{
	return b >= a && b < t->nodes[a].end;
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
	uint32_t *own = calloc(t->node_count ? t->node_count : 1, sizeof *own);
	int bad = failures;

	CHECK(t->node_count > 0, "the trace has no node");
	CHECK(res->nodes == t->node_count, "res.nodes %llu but %lu nodes recorded",
	      (unsigned long long)res->nodes, (unsigned long)t->node_count);
	for (uint32_t i = 0; i < t->event_count; i++) {
		const struct trace_event *e = &t->events[i];

		CHECK(e->kind < TE_KIND_COUNT, "event %lu has kind %d", (unsigned long)i, e->kind);
		CHECK(e->node < t->node_count, "event %lu names node %lu of %lu", (unsigned long)i,
		      (unsigned long)e->node, (unsigned long)t->node_count);
		if (e->kind >= TE_KIND_COUNT || e->node >= t->node_count)
			continue;
		counts[e->kind]++;
		own[e->node]++;
		if (e->kind == TE_STOPPED)
			stops++;
		if (e->kind == TE_MOVE) {
			uint32_t child = trace_child_of_move_event(e);

			CHECK(child < t->node_count, "move event %lu opens node %lu", (unsigned long)i,
			      (unsigned long)child);
			if (child < t->node_count) {
				CHECK(t->nodes[child].parent == e->node, "move event %lu: child %lu has parent %lu, not %lu",
				      (unsigned long)i, (unsigned long)child, (unsigned long)t->nodes[child].parent,
				      (unsigned long)e->node);
				CHECK(t->nodes[child].enter == i + 1, "move event %lu: child %lu entered at event %lu",
				      (unsigned long)i, (unsigned long)child, (unsigned long)t->nodes[child].enter);
				CHECK(t->nodes[child].move == e->move, "move event %lu: child %lu has another move",
				      (unsigned long)i, (unsigned long)child);
			}
		}
		if (failures - bad > 10)
			goto out;
	}
	CHECK(counts[TE_ENTER] == t->node_count, "%llu enter events for %lu nodes",
	      (unsigned long long)counts[TE_ENTER], (unsigned long)t->node_count);
	CHECK(counts[TE_LEAVE] == t->node_count, "%llu leave events for %lu nodes",
	      (unsigned long long)counts[TE_LEAVE], (unsigned long)t->node_count);
	CHECK(counts[TE_MOVE] == t->node_count - 1, "%llu move events for %lu nodes",
	      (unsigned long long)counts[TE_MOVE], (unsigned long)t->node_count);
	CHECK(counts[TE_BETA_CUTOFF] == res->beta_cutoffs, "beta cutoff events %llu, counter %llu",
	      (unsigned long long)counts[TE_BETA_CUTOFF], (unsigned long long)res->beta_cutoffs);
	CHECK(counts[TE_DELTA_PRUNE] == res->delta_prunes, "delta prune events differ from the counter");
	CHECK(counts[TE_SEE_PRUNE] == res->see_prunes, "SEE prune events differ from the counter");
	CHECK(counts[TE_MATE] == res->mates, "mate events differ from the counter");
	CHECK(stops == (res->stopped ? 1u : 0u), "%lu stopped events, stopped %d", (unsigned long)stops,
	      res->stopped);
	CHECK(t->stopped == res->stopped, "trace stopped %d, result stopped %d", t->stopped, res->stopped);
	{
		uint64_t sp_cut = 0;

		for (uint32_t i = 0; i < t->event_count; i++)
			sp_cut += t->events[i].kind == TE_STAND_PAT && t->events[i].extra == TSP_CUTOFF;
		CHECK(sp_cut == res->stand_pat_cutoffs, "stand-pat cutoff events %llu, counter %llu",
		      (unsigned long long)sp_cut, (unsigned long long)res->stand_pat_cutoffs);
	}

	for (uint32_t n = 0; n < t->node_count; n++) {
		const struct trace_node *nd = &t->nodes[n];
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
		CHECK(t->events[nd->enter].kind == TE_ENTER && t->events[nd->enter].node == n,
		      "node %lu: its enter event is wrong", (unsigned long)n);
		CHECK(t->events[nd->leave].kind == TE_LEAVE && t->events[nd->leave].node == n,
		      "node %lu: its leave event is wrong", (unsigned long)n);
		CHECK(t->events[nd->enter].v1 == nd->alpha && t->events[nd->enter].v2 == nd->beta,
		      "node %lu: the enter event's window differs from the node's", (unsigned long)n);
		CHECK(t->events[nd->leave].v1 == nd->score && t->events[nd->leave].extra == nd->bound,
		      "node %lu: the leave event's score differs from the node's", (unsigned long)n);
		CHECK(nd->alpha < nd->beta, "node %lu: empty window", (unsigned long)n);
		/* Nesting: events inside belong to the subtree, events outside do not belong to the node. */
		for (uint32_t i = nd->enter; i <= nd->leave; i++)
			if (!in_subtree(t, n, t->events[i].node)) {
				failf("node %lu: event %lu of node %lu lies between its enter and leave",
				      (unsigned long)n, (unsigned long)i, (unsigned long)t->events[i].node);
				break;
			}
		/* The subtree: parent links, plies, ranges. */
		CHECK(nd->end > n && nd->end <= t->node_count, "node %lu: end %lu", (unsigned long)n,
		      (unsigned long)nd->end);
		if (n == 0) {
			CHECK(nd->parent == TRACE_NONE && nd->ply == 0 && nd->move == MOVE_NONE, "the root is not a root");
			CHECK(nd->end == t->node_count, "the root's subtree ends at %lu", (unsigned long)nd->end);
		} else {
			CHECK(nd->parent < n, "node %lu: parent %lu is not before it", (unsigned long)n,
			      (unsigned long)nd->parent);
			if (nd->parent < n) {
				CHECK(in_subtree(t, nd->parent, n), "node %lu outside its parent's range", (unsigned long)n);
				CHECK(nd->ply == t->nodes[nd->parent].ply + 1, "node %lu: ply %d under ply %d",
				      (unsigned long)n, nd->ply, t->nodes[nd->parent].ply);
				CHECK(t->nodes[nd->parent].enter < nd->enter && nd->leave < t->nodes[nd->parent].leave,
				      "node %lu: not nested in its parent's events", (unsigned long)n);
			}
		}
		/* Navigation agrees with the parent links and the children count. */
		for (uint32_t c = trace_first_child(t, n); c != TRACE_NONE; c = trace_next_sibling(t, c)) {
			CHECK(t->nodes[c].parent == n, "node %lu: child %lu has parent %lu", (unsigned long)n,
			      (unsigned long)c, (unsigned long)t->nodes[c].parent);
			CHECK(trace_prev_sibling(t, c) == prev, "node %lu: prev sibling of %lu is %lu, expected %lu",
			      (unsigned long)n, (unsigned long)c, (unsigned long)trace_prev_sibling(t, c),
			      (unsigned long)prev);
			prev = c;
			if (++kids > t->node_count)
				break;
		}
		CHECK(kids == nd->children, "node %lu: %lu children walked, %u counted", (unsigned long)n,
		      (unsigned long)kids, nd->children);
		/* trace_node_event lists exactly the node's own events, in time order. */
		k = 0;
		for (uint32_t i = nd->enter; i <= nd->leave; i++) {
			if (t->events[i].node != n)
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

		for (uint32_t n = 0; n < t->node_count; n++)
			parents_count += t->nodes[n].children;
		CHECK(parents_count == t->node_count - 1, "children counts sum to %lu for %lu nodes",
		      (unsigned long)parents_count, (unsigned long)t->node_count);
	}
	CHECK(qnodes == res->qnodes, "%lu quiescence nodes recorded, qnodes %llu", (unsigned long)qnodes,
	      (unsigned long long)res->qnodes);
	CHECK(t->nodes[0].score == res->score, "the root's score %d, the result's %d", t->nodes[0].score, res->score);
	if (!res->stopped)
		CHECK(pv_nodes == (uint32_t)res->pv_len + 1, "%lu nodes marked PV for a line of %d moves",
		      (unsigned long)pv_nodes, res->pv_len);
	if (res->stopped)
		CHECK(t->stopped_at < t->node_count, "stopped_at %lu", (unsigned long)t->stopped_at);
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
	if (!traceio_read_json(a, back, &pos2, &opt2, &res2, &err)) {
		failf("reading the JSON back: %s", err.msg);
	} else {
		CHECK(back->node_count == t->node_count && back->event_count == t->event_count,
		      "read back %lu nodes and %lu events, wrote %lu and %lu", (unsigned long)back->node_count,
		      (unsigned long)back->event_count, (unsigned long)t->node_count, (unsigned long)t->event_count);
		if (back->node_count == t->node_count && back->event_count == t->event_count) {
			CHECK(memcmp(back->nodes, t->nodes, sizeof *t->nodes * t->node_count) == 0,
			      "the nodes read back differ");
			for (uint32_t i = 0; i < t->event_count; i++) {
				const struct trace_event *e = &t->events[i], *f = &back->events[i];

				if (e->node != f->node || e->kind != f->kind || e->move != f->move || e->v1 != f->v1 ||
				    ((e->kind == TE_MOVE || e->kind == TE_DELTA_PRUNE || e->kind == TE_ENTER) && e->v2 != f->v2) ||
				    (e->kind != TE_STOPPED && e->extra != f->extra)) {
					failf("event %lu read back differs", (unsigned long)i);
					break;
				}
			}
		}
		CHECK(back->stopped == t->stopped && back->stopped_at == t->stopped_at, "stopped read back differs");
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
		snprintf(context, sizeof context, "%s, --max-nodes 1000", saved);
		search_run(pos, &capped, t, NULL, &cut);
		CHECK(cut.stopped && t->stopped, "the capped search did not stop");
		CHECK(cut.nodes == 1000 && t->node_count == 1000, "the capped search has %llu nodes, %lu recorded",
		      (unsigned long long)cut.nodes, (unsigned long)t->node_count);
		check_trace(t, &cut);
		if (io)
			check_io(t, pos, &capped, &cut);
		snprintf(context, sizeof context, "%s", saved);
	}
	trace_free(t);
}

int main(void)
{
	const char *path = ABS_SRCDIR "/positions/wac.epd";
	char line[EPD_MAX_LINE];
	FILE *fp;
	int lineno = 0, done = 0;
	static const char *const variants[] = {
		"captures", "checks", "checks+checks-all", "captures+delta+see", "brute", "faulty",
		"rival+soft", "captures+qdepth=2", "none"
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
			search_defaults(&opt);
			opt.depth = 2;
			if (!search_mode_apply(&opt, variants[v], &err)) {
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
		printf("FAIL: only %d positions read from %s\n", done, path);
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
			search_defaults(&opt);
			opt.depth = extra[i].depth;
			snprintf(context, sizeof context, "%s, depth %d", extra[i].fen, extra[i].depth);
			run_case(&pos, &opt, true);
		}
	}

	printf("test_trace: %d checks, %d failed\n", checks, failures);
	return failures ? 1 : 0;
}
