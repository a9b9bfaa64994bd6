/*
 * test_tracecheck_clean.c: no false alarm over the option space (issue 27,
 * items 3 and 4). quiesce's own search keeps the rules of the options it
 * runs with, so check-trace must find nothing in its traces: every
 * combination of the six boolean switches (delta, SEE, fail-soft, stand
 * pat, evasions, pawn pushes) under each quiescence mode (none, captures,
 * checks with 1 check ply, checks at every ply) at depths 0, 1 and 2, on
 * positions of positions/wac.epd and positions/balanced.epd (the first
 * POSITIONS of each, spread by a stride), with the order and the evaluation
 * (mvv-lva or none, material or pst) and a qdepth (none or 3) turned with the
 * position so each is met under every switch. The searches are capped at
 * NODE_CAP nodes, so a stopped trace is checked too (the explosive settings
 * without a stand pat stop there). The expected number of violations is
 * the documented rule itself: zero. A violation is printed with its
 * options, so it can be replayed with "quiesce trace ... | check-trace" (the
 * first 10; ALL=1 in the environment prints every one). Every fourth
 * position is also searched over the modern switches (modern_space).
 * The transposition table (--tt, 1 MB) is on in half the searches, turned
 * with the position so it meets every switch.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "chess/epd.h"
#include "chess/fen.h"
#include "search/option.h"
#include "search/search.h"
#include "search/trace.h"
#include "tracefile/tracecheck.h"

/* Positions from each file (25 + 25 = 50), and the node cap of a search. */
#define POSITIONS 25
#define NODE_CAP 6000

static int failures;
static long traces, nodes;

static void check_one(struct trace *t, const struct position *pos, const struct search_options *o, const char *where);

static void describe(const struct search_options *o, char *buf, size_t n)
{
	snprintf(buf, n, "--depth %d --mode %s%s%s --qdepth %d%s%s%s%s%s%s --order %s --eval %s --max-nodes %llu",
		 o->depth, o->mode == QMODE_NONE ? "none" : o->mode == QMODE_CAPTURES ? "captures" : "checks",
		 o->mode == QMODE_CHECKS ? (o->check_plies < 0 ? " --check-plies all" : " --check-plies 1") : "",
		 "", o->qdepth, o->delta ? " --delta" : "", o->see ? " --see" : "", o->fail_soft ? " --fail-soft" : "",
		 o->stand_pat ? "" : " --no-stand-pat", o->evasions ? "" : " --no-evasions",
		 o->pawn_pushes ? " --pawn-pushes" : "", o->order == ORDER_NONE ? "none" : "mvv-lva",
		 o->eval == EVAL_PST ? "pst" : "material", (unsigned long long)o->max_nodes);
	if (o->tt) {
		size_t len = strlen(buf);

		snprintf(buf + len, n - len, " --tt=%d", o->tt_size);
	}
	if (o->see_margin || o->futility || o->recaptures >= 0 || o->evasion_limit >= 0) {
		size_t len = strlen(buf);

		snprintf(buf + len, n - len, " --see-margin %d%s --recaptures %d --evasion-limit %d", o->see_margin,
			 o->futility ? " --futility" : "", o->recaptures, o->evasion_limit);
	}
}

/*
 * The modern switches (issue 29): futility on or off, SEE off, at threshold
 * 0 or 80, recaptures off, from qply 0 or 2, evasion pruning off, after 0 or
 * 2 evasions, fail-soft or hard, in modes captures and checks, at depths 0
 * to 3; delta, the stand pat and the evaluation turned with the position.
 */
static void modern_space(struct trace *t, const struct position *pos, int turn, const char *where)
{
	static const int margins[] = { -1, 0, 80 }, plies[] = { -1, 0, 2 }, limits[] = { -1, 0, 2 };

	for (int depth = 0; depth <= 3; depth++)
		for (int mode = 1; mode <= 2; mode++)
			for (unsigned combo = 0; combo < 2 * 3 * 3 * 3 * 2; combo++) {
				struct search_options o;
				unsigned c = combo;

				option_defaults(&o);
				o.depth = depth;
				o.mode = mode == 1 ? QMODE_CAPTURES : QMODE_CHECKS;
				o.futility = c % 2;
				c /= 2;
				o.see = margins[c % 3] >= 0;
				o.see_margin = margins[c % 3] > 0 ? margins[c % 3] : 0;
				c /= 3;
				o.recaptures = plies[c % 3];
				c /= 3;
				o.evasion_limit = limits[c % 3];
				c /= 3;
				o.fail_soft = c % 2;
				o.delta = (turn + depth) & 1;
				o.stand_pat = ((turn + mode) & 3) != 0;
				o.eval = turn & 2 ? EVAL_PST : EVAL_MATERIAL;
				o.max_nodes = NODE_CAP;
				o.tt = (turn + combo) & 1;
				o.tt_size = 1;
				check_one(t, pos, &o, where);
			}
}

/* Searches POS with O, checks the trace; prints the first violations. */
static void check_one(struct trace *t, const struct position *pos, const struct search_options *o, const char *where)
{
	struct search_result res;
	struct tracecheck_config cfg = { .own_values = true };
	struct tracecheck_report rep;

	search_run(pos, o, t, NULL, &res);
	tracecheck_run(t, pos, o, &cfg, &rep);
	traces++;
	nodes += (long)trace_node_count(t);
	if (rep.total > 0) {
		char opts[400], fen[FEN_BUFSIZE];

		failures++;
		if (failures <= (getenv("ALL") ? 100000 : 10)) {
			describe(o, opts, sizeof opts);
			fen_format(pos, fen);
			printf("FAIL %s: quiesce trace --fen '%s' %s: %zu violation(s), the first: node %lu: %s: %s\n", where,
			       fen, opts, rep.total, (unsigned long)rep.v[0].node, rep.v[0].rule, rep.v[0].msg);
		}
	}
	tracecheck_report_free(&rep);
}

int main(void)
{
	static const char *const files[] = { "positions/wac.epd", "positions/balanced.epd" };
	const char *srcdir = getenv("srcdir");
	struct trace *t;
	int positions = 0;

	board_init();
	t = trace_new();
	for (int fi = 0; fi < 2; fi++) {
		struct epd_file file;
		struct error err = { 0 };
		char path[4096];
		int stride;

		snprintf(path, sizeof path, "%s/%s", srcdir ? srcdir : ".", files[fi]);
		if (!epd_read_file(&file, path, &err)) {
			printf("FAIL %s\n", err.msg);
			return 1;
		}
		stride = file.count / POSITIONS > 0 ? file.count / POSITIONS : 1;
		for (int p = 0, k = 0; p < file.count && k < POSITIONS; p += stride, k++) {
			const struct position *pos = &file.records[p].pos;
			char where[4200];

			snprintf(where, sizeof where, "%s:%d", files[fi], file.linenos[p]);
			positions++;
			for (int depth = 0; depth <= 2; depth++) {
				for (int mode = 0; mode < 4; mode++) {
					for (unsigned bits = 0; bits < 64; bits++) {
						struct search_options o;
						int turn = positions + depth + mode;

						option_defaults(&o);
						o.depth = depth;
						o.mode = mode == 0 ? QMODE_NONE : mode == 1 ? QMODE_CAPTURES : QMODE_CHECKS;
						o.check_plies = mode == 3 ? -1 : 1;
						o.delta = bits & 1;
						o.see = (bits >> 1) & 1;
						o.fail_soft = (bits >> 2) & 1;
						o.stand_pat = (bits >> 3) & 1;
						o.evasions = (bits >> 4) & 1;
						o.pawn_pushes = (bits >> 5) & 1;
						o.order = turn & 1 ? ORDER_NONE : ORDER_MVV_LVA;
						o.eval = turn & 2 ? EVAL_PST : EVAL_MATERIAL;
						o.qdepth = turn & 4 ? 3 : -1;
						o.max_nodes = NODE_CAP;
						o.tt = (turn + bits) & 1;
						o.tt_size = 1;
						check_one(t, pos, &o, where);
					}
				}
			}
			if (k % 4 == 0)
				modern_space(t, pos, positions, where);
		}
		epd_file_free(&file);
	}
	trace_free(t);
	printf("test_tracecheck_clean: %d positions, %ld traces (%ld nodes) checked, %d with violations\n", positions,
	       traces, nodes, failures);
	return failures ? 1 : 0;
}
