/*
 * test_outline.c: the lazy tree view against a brute-force one. For real
 * search traces (with delta pruning, so that pruned-move lines appear) and
 * every filter, with and without folded nodes, walking outline_next from
 * outline_first must give exactly the lines a plain recursive walk gives,
 * outline_prev must walk them back, and outline_last must be the last one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "chess/fen.h"
#include "teach/outline.h"
#include "search/option.h"
#include "search/search.h"
#include "teach/cursor.h"
#include "teach/session.h"

static int failures;

/* The lines of node N's subtree in display order, by brute force, appended to OUT. */
static void expected(const struct outline *o, uint32_t n, uint32_t *out, size_t *len)
{
	const struct trace *t = o->t;
	const struct trace_node nd_v = trace_node_get(t, n), *nd = &nd_v;
	uint8_t info = o->info[n];
	int state;   /* 0 shown, 1 transparent, 2 skipped */

	switch (o->filter) {
	case OUTLINE_MAIN: state = nd->flags & TN_QUIESCENCE ? 2 : 0; break;
	case OUTLINE_QUIESCENCE: state = nd->flags & TN_QUIESCENCE ? 0 : (info & SNI_SUB_QUIESCENCE) ? 1 : 2; break;
	case OUTLINE_MARKED: state = info & SNI_SUB_MARK ? 0 : 2; break;
	default: state = 0; break;
	}
	if (state == 2)
		return;
	if (state == 0)
		out[(*len)++] = nd->enter;
	if (state == 0 && o->folded[n])
		return;
	for (uint32_t ev = nd->enter + 1; ev < nd->leave; ev++) {
		const struct trace_event e_v = trace_event_get(t, ev), *e = &e_v;

		if (e->node != n)
			continue;
		if (e->kind == TE_MOVE)
			expected(o, trace_child_of_move_event(e), out, len);
		else if ((e->kind == TE_DELTA_PRUNE || e->kind == TE_SEE_PRUNE || e->kind == TE_FUTILITY_PRUNE ||
			  e->kind == TE_RECAPTURE_PRUNE || e->kind == TE_EVASION_PRUNE) && o->filter != OUTLINE_MAIN)
			out[(*len)++] = ev;
	}
}

static void check(const char *fen, int depth, enum qmode mode)
{
	struct position pos;
	struct search_options opt;
	struct search_result res;
	struct trace *t = trace_new();
	struct error err;
	uint8_t *info;
	uint32_t *want = NULL;

	if (!fen_parse(&pos, fen, &err)) {
		printf("FAIL: bad FEN %s\n", fen);
		failures++;
		return;
	}
	option_defaults(&opt);
	opt.depth = depth;
	opt.mode = mode;
	opt.delta = true;
	opt.delta_margin = 0;
	search_run(&pos, &opt, t, NULL, &res);
	info = cursor_node_info(t);
	want = malloc(sizeof *want * (trace_event_count(t) + 1));
	for (int folding = 0; folding < 2; folding++) {
		for (int f = 0; f < OUTLINE_FILTER_COUNT; f++) {
			struct outline o;
			size_t len = 0, i = 0;
			uint32_t l;

			outline_init(&o, t, info);
			o.filter = (enum outline_filter)f;
			if (folding)
				for (uint32_t n = 0; n < trace_node_count(t); n += 7)
					o.folded[n] = (uint8_t)(n % 3 == 1);
			expected(&o, 0, want, &len);
			for (l = outline_first(&o); l != OUTLINE_NONE && i < len; l = outline_next(&o, l), i++)
				if (l != want[i])
					break;
			if (i != len || l != OUTLINE_NONE) {
				printf("FAIL: %s depth %d filter %s folding %d: next walk differs at line %zu of %zu\n",
				       fen, depth, outline_filter_name(o.filter), folding, i, len);
				failures++;
			}
			if (len > 0 && outline_last(&o) != want[len - 1]) {
				printf("FAIL: %s filter %s folding %d: outline_last\n", fen, outline_filter_name(o.filter), folding);
				failures++;
			}
			for (i = len; i-- > 1;)
				if (outline_prev(&o, want[i]) != want[i - 1]) {
					printf("FAIL: %s filter %s folding %d: prev of line %zu\n", fen,
					       outline_filter_name(o.filter), folding, i);
					failures++;
					break;
				}
			if (len > 0 && outline_prev(&o, want[0]) != OUTLINE_NONE) {
				printf("FAIL: prev of the first line is not OUTLINE_NONE\n");
				failures++;
			}
			printf("ok: %.30s depth %d mode %s filter %s folding %d: %zu lines\n", fen, depth,
			       option_mode_name(mode), outline_filter_name(o.filter), folding, len);
			outline_free(&o);
		}
	}
	free(want);
	free(info);
	trace_free(t);
}

int main(void)
{
	board_init();
	check("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 1, QMODE_CAPTURES);
	check("r1bqkbnr/pppp1ppp/2n5/4N3/4P3/8/PPPP1PPP/RNBQKB1R b KQkq - 0 3", 2, QMODE_CAPTURES);
	check("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8", 2, QMODE_CHECKS);
	check("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8", 2, QMODE_NONE);
	if (failures) {
		printf("test_outline: %d failure(s)\n", failures);
		return 1;
	}
	printf("test_outline: all checks passed\n");
	return 0;
}
