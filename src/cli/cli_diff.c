/*
 * cli_diff.c: "quiesce diff A B" and "quiesce diff A --reference": two
 * searches of the same position aligned by move path, the first decision
 * where they part, the nodes only one searched and the explosion profile.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "chess/eval.h"
#include "chess/fen.h"
#include "chess/notation.h"
#include "tracefile/tracecheck.h"
#include "tracefile/tracediff.h"
#include "base/util.h"
#include "search/option.h"

/* The reference search is capped so that a diff of a huge trace cannot exhaust memory. */
#define DIFF_REFERENCE_CAP 20000000

static const char diff_options[] =
	"Options:\n"
	"      --reference        B is quiesce's own search of A's position with the\n"
	"                         options A declares (instead of a second file)\n"
	"      --format FORMAT    text (the default) or json\n"
	"      --max-memory SIZE  read at most a quarter of SIZE of text a line or document\n"
	"                         (512M, 2G; default: the memory budget of --max-memory)\n"
	"  -h, --help             display this help and exit\n\n"
	"Aligns the two search trees by move path and reports both root results,\n"
	"the first decision where they part in A's search order and why, the nodes\n"
	"only in A and only in B, and the nodes per quiescence ply of each.\n"
	"Exit status: 0 when the searches do not part, 1 when they do, 2 for trouble\n"
	"(a usage error, a trace that cannot be read), as diff(1)'s.\n";

static void json_string(FILE *out, const char *s)
{
	putc('"', out);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			fprintf(out, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(out, "\\u%04x", ch);
		else
			putc(ch, out);
	}
	putc('"', out);
}

/* The header line of one side in the text report. */
static void text_side(FILE *out, const char *label, const char *name, const struct cli_loaded_trace *lt)
{
	char opts[256], score[48], best[NOTATION_BUFSIZE];

	option_describe(&lt->opt, false, false, opts, sizeof opts);
	/*
	 * A trace that declares its own evaluation or move order: the reader's
	 * defaults ("order mvv-lva, eval material") would contradict it, so they
	 * give way to what the trace says (the description ends with the two).
	 */
	if (!lt->own_values || !lt->own_order) {
		char *tail = strstr(opts, ", order ");

		char order[32], eval[32];

		snprintf(order, sizeof order, "order %s", lt->opt.order == ORDER_NONE ? "none" : "mvv-lva");
		snprintf(eval, sizeof eval, "eval %s", eval_kind_name(lt->opt.eval));
		if (tail)
			snprintf(tail, sizeof opts - (size_t)(tail - opts), ", %s, %s",
				 lt->own_order ? order : "its own move order", lt->own_values ? eval : "its own evaluation");
	}
	/* A stopped search's root: the best of its finished root moves, or none. */
	if (lt->res.stopped && !lt->res.has_score)
		snprintf(score, sizeof score, "none (no root move finished)");
	else if (lt->res.stopped)
		snprintf(score, sizeof score, "at least %+d (%d/%d root moves)", lt->res.score, lt->res.root_moves_done,
			 lt->res.root_moves);
	else
		score_format(lt->res.score, 0, score, sizeof score);
	if (lt->res.best == MOVE_NONE)
		strcpy(best, "none");
	else
		notation_uci(lt->res.best, best);
	fprintf(out, "%s: %s%s%s%s\n   %s\n   root %s, best %s, %u nodes%s\n", label, name,
		lt->engine[0] ? " (" : "", lt->engine, lt->engine[0] ? ")" : "", opts,
		score, best, (unsigned)trace_node_count(lt->trace),
		lt->res.stopped ? ", stopped" : "");
}

static void text_report(FILE *out, const char *name_a, const char *name_b, const struct cli_loaded_trace *a,
			const struct cli_loaded_trace *b, const struct tracediff_result *r)
{
	char path[512];

	text_side(out, "A", name_a, a);
	text_side(out, "B", name_b, b);
	fprintf(out, "\nCompared: %s\n", r->strict ? "decisions and values, event by event (both use quiesce's evaluation and move order)"
		: "decisions only: where each stands pat, main search or quiescence, forced leaves\n"
		  "   (one trace declares its own evaluation or move order: values, windows and order differ legitimately)");
	fprintf(out, "Nodes: %llu in both, %llu only in A, %llu only in B\n", (unsigned long long)r->matched,
		(unsigned long long)r->only_a, (unsigned long long)r->only_b);
	if (r->first_only_a != TRACE_NONE) {
		tracecheck_path(a->trace, r->first_only_a, path, sizeof path);
		fprintf(out, "   first only in A: node %u (%s)\n", (unsigned)r->first_only_a, path);
	}
	if (r->first_only_b != TRACE_NONE) {
		tracecheck_path(b->trace, r->first_only_b, path, sizeof path);
		fprintf(out, "   first only in B: node %u (%s)\n", (unsigned)r->first_only_b, path);
	}
	if (r->parted) {
		tracecheck_path(a->trace, r->node_a, path, sizeof path);
		fprintf(out, "\nFirst parting: node %u in A, node %u in B (%s): %s\n   %s\n", (unsigned)r->node_a,
			(unsigned)r->node_b, path, tracediff_reason_name(r->reason), r->why);
	} else {
		fprintf(out, "\nNo parting decision among the nodes in both trees.\n");
	}
	fprintf(out, "\nExplosion profile (nodes per quiescence ply):\n   %-8s %12s %12s\n", "ply", "A", "B");
	for (int i = 0; i < r->profile_rows; i++) {
		char label[16];

		if (i == 0)
			snprintf(label, sizeof label, "main");
		else if (i == TRACEDIFF_QPLIES)
			snprintf(label, sizeof label, "q%d+", i - 1);
		else
			snprintf(label, sizeof label, "q%d", i - 1);
		fprintf(out, "   %-8s %12llu %12llu\n", label, (unsigned long long)r->profile_a[i],
			(unsigned long long)r->profile_b[i]);
	}
}

static void json_side(FILE *out, const char *name, const struct cli_loaded_trace *lt)
{
	char best[NOTATION_BUFSIZE];

	fprintf(out, "{\"name\":");
	json_string(out, name);
	if (lt->res.best == MOVE_NONE)
		fprintf(out, ",\"best\":null");
	else {
		notation_uci(lt->res.best, best);
		fprintf(out, ",\"best\":\"%s\"", best);
	}
	fprintf(out, ",\"score\":%d,\"nodes\":%u,\"stopped\":%s,\"own_values\":%s}", lt->res.score,
		(unsigned)trace_node_count(lt->trace), lt->res.stopped ? "true" : "false", lt->own_values ? "true" : "false");
}

static void json_report(FILE *out, const char *name_a, const char *name_b, const struct cli_loaded_trace *a,
			const struct cli_loaded_trace *b, const struct tracediff_result *r)
{
	char path[512];

	fprintf(out, "{\"a\":");
	json_side(out, name_a, a);
	fprintf(out, ",\"b\":");
	json_side(out, name_b, b);
	fprintf(out, ",\"compared\":\"%s\",\"matched\":%llu,\"only_a\":%llu,\"only_b\":%llu",
		r->strict ? "decisions-and-values" : "decisions", (unsigned long long)r->matched,
		(unsigned long long)r->only_a, (unsigned long long)r->only_b);
	if (r->parted) {
		tracecheck_path(a->trace, r->node_a, path, sizeof path);
		fprintf(out, ",\"parting\":{\"node_a\":%u,\"node_b\":%u,\"path\":", (unsigned)r->node_a, (unsigned)r->node_b);
		json_string(out, r->node_a == 0 ? "" : path);
		fprintf(out, ",\"reason\":\"%s\",\"why\":", tracediff_reason_name(r->reason));
		json_string(out, r->why);
		fprintf(out, "}");
	} else {
		fprintf(out, ",\"parting\":null");
	}
	fprintf(out, ",\"profile\":[");
	for (int i = 0; i < r->profile_rows; i++) {
		if (i == 0)
			fprintf(out, "{\"qply\":null");
		else
			fprintf(out, ",{\"qply\":%d", i - 1);
		fprintf(out, ",\"a\":%llu,\"b\":%llu}", (unsigned long long)r->profile_a[i],
			(unsigned long long)r->profile_b[i]);
	}
	fprintf(out, "]}\n");
}

/* B as quiesce's own search of A's position under A's declared options. */
static void reference(const struct cli_loaded_trace *a, struct cli_loaded_trace *b)
{
	memset(b, 0, sizeof *b);
	b->root = a->root;
	b->opt = a->opt;
	b->opt.progress = NULL;
	if (b->opt.max_nodes == 0)
		b->opt.max_nodes = DIFF_REFERENCE_CAP;
	b->own_values = true;
	b->own_order = true;
	b->trace = trace_new();
	search_run(&b->root, &b->opt, b->trace, NULL, &b->res);
}

int cli_diff(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "reference", no_argument, NULL, 'r' },
		{ "format", required_argument, NULL, 'f' },
		{ "max-memory", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	bool ref = false, json = false;
	struct cli_loaded_trace a, b;
	struct tracediff_side sa, sb;
	struct tracediff_result r;
	struct error err = { 0 };
	const char *name_b;
	int c, want;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'r':
			ref = true;
			break;
		case 'f':
			if (!strcmp(optarg, "json"))
				json = true;
			else if (!strcmp(optarg, "text"))
				json = false;
			else
				return cli_usage_error("diff: invalid --format '%s': expected text or json", cli_cut(optarg));
			break;
		case 'm': {
			uint64_t bytes;

			if (!search_memory_parse(optarg, &bytes))
				return cli_usage_error("diff: invalid --max-memory '%s': expected a size such as 512M or 2G",
						       cli_cut(optarg));
			cli_trace_load_budget(bytes);
			break;
		}
		case 'h':
			cli_print_command_help("diff", diff_options);
			return 0;
		default:
			return cli_option_error(argv);
		}
	}
	want = ref ? 1 : 2;
	if (argc - optind != want)
		return cli_usage_error(ref ? "diff: expected one trace file with --reference, found %d"
				       : "diff: expected two trace files (or one with --reference), found %d", argc - optind);
	/* Trouble exits 2, as diff(1)'s does: 1 says only that the searches part. */
	if (!cli_trace_load(argv[optind], &a, &err)) {
		cli_trace_load_error(argv[optind], &err);
		return 2;
	}
	if (ref) {
		reference(&a, &b);
		name_b = "reference (quiesce's search with A's options)";
	} else {
		name_b = argv[optind + 1];
		if (!cli_trace_load(name_b, &b, &err)) {
			cli_trace_load_error(name_b, &err);
			cli_trace_unload(&a);
			return 2;
		}
		char fa[FEN_BUFSIZE], fb[FEN_BUFSIZE];

		fen_format(&a.root, fa);
		fen_format(&b.root, fb);
		if (strcmp(fa, fb) != 0) {
			fprintf(stderr, "quiesce: diff: %s and %s are searches of different positions ('%s' and '%s')\n",
				argv[optind], name_b, fa, fb);
			cli_trace_unload(&a);
			cli_trace_unload(&b);
			return 2;
		}
	}
	sa = (struct tracediff_side){ a.trace, &a.opt, a.own_values, a.own_order };
	sb = (struct tracediff_side){ b.trace, &b.opt, b.own_values, b.own_order };
	tracediff_run(&sa, &sb, &a.root, &r);
	if (json)
		json_report(stdout, argv[optind], name_b, &a, &b, &r);
	else
		text_report(stdout, argv[optind], name_b, &a, &b, &r);
	cli_trace_unload(&a);
	cli_trace_unload(&b);
	return r.parted ? 1 : 0;
}

/* The median of the N values in V (sorted in place). */
static double median(double *v, int n)
{
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
			double x = v[j];

			v[j] = v[j - 1];
			v[j - 1] = x;
		}
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void cli_tracetools_bench(int repeat, bool quick)
{
	struct position pos;
	struct search_options opt;
	struct search_result res;
	struct trace *t = trace_new();
	struct error err = { 0 };
	double check[100], diff[100];
	int n = repeat < 1 ? 1 : repeat > 99 ? 99 : repeat;
	uint32_t nodes;

	/* A trace of about a million nodes: Kiwipete, mode checks, capped. */
	fen_parse(&pos, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &err);
	option_defaults(&opt);
	opt.depth = 6;
	opt.mode = QMODE_CHECKS;
	opt.max_nodes = quick ? 100000 : 1000000;
	search_run(&pos, &opt, t, NULL, &res);
	nodes = trace_node_count(t);
	for (int r = 0; r < n; r++) {
		struct tracecheck_config cfg = { .own_values = true };
		struct tracediff_side side = { t, &opt, true, true };
		struct tracecheck_report rep;
		struct tracediff_result dr;
		double start = util_cpu_seconds();

		tracecheck_run(t, &pos, &opt, &cfg, &rep);
		check[r] = util_cpu_seconds() - start;
		tracecheck_report_free(&rep);
		start = util_cpu_seconds();
		tracediff_run(&side, &side, &pos, &dr);
		diff[r] = util_cpu_seconds() - start;
	}
	{
		double lo_c = check[0], hi_c = check[0], lo_d = diff[0], hi_d = diff[0], mc, md;

		for (int r = 1; r < n; r++) {
			lo_c = check[r] < lo_c ? check[r] : lo_c;
			hi_c = check[r] > hi_c ? check[r] : hi_c;
			lo_d = diff[r] < lo_d ? diff[r] : lo_d;
			hi_d = diff[r] > hi_d ? diff[r] : hi_d;
		}
		mc = median(check, n);
		md = median(diff, n);
		printf("check-trace %u nodes (Kiwipete, mode checks): cpu %.3f [%.3f-%.3f] s, %.2f M nodes/s\n",
		       (unsigned)nodes, mc, lo_c, hi_c, mc > 0 ? nodes / mc / 1e6 : 0.0);
		printf("diff        the same trace against itself: cpu %.3f [%.3f-%.3f] s, %.2f M node pairs/s\n",
		       md, lo_d, hi_d, md > 0 ? nodes / md / 1e6 : 0.0);
	}
	fflush(stdout);
	trace_free(t);
}
