/* cli_bench.c: "quiesce bench": speed figures, printed and never asserted. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "compare.h"
#include "datadir.h"
#include "epd.h"
#include "fen.h"
#include "perft.h"
#include "search.h"
#include "session.h"
#include "trace.h"
#include "ui.h"
#include "util.h"

#define KIWIPETE_FEN "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

static const char bench_options[] =
	"Options:\n"
	"      --quick   smaller depths, for a smoke test\n"
	"  -h, --help    display this help and exit\n";

/* Times one perft and prints a line of the table. */
static void bench_perft(const char *name, const char *fen, int depth, bool bulk)
{
	struct position pos;
	struct error err = { 0 };
	double start, elapsed;
	uint64_t nodes;

	if (!fen_parse(&pos, fen, &err))
		util_die("bench: %s", err.msg);
	start = util_now();
	nodes = perft(&pos, depth, bulk);
	elapsed = util_now() - start;
	printf("perft %-10s depth %d %-9s %12llu nodes %8.3f s %8.1f Mnps\n", name, depth,
	       bulk ? "bulk" : "make-all", (unsigned long long)nodes, elapsed,
	       elapsed > 0 ? (double)nodes / elapsed / 1e6 : 0.0);
	fflush(stdout);
}

/*
 * Searches the first COUNT positions of the WAC suite at DEPTH in mode
 * captures, without and then with a trace, and prints nodes per second for
 * both and the trace's size per node.
 */
static void bench_search(int count, int depth)
{
	struct epd_file file;
	struct error err = { 0 };
	char *path = datadir_resolve("positions/wac.epd");
	struct search_options opt;
	struct trace *trace = trace_new();
	uint64_t nodes[2] = { 0, 0 }, max_nodes = 0;
	double secs[2] = { 0, 0 }, bytes = 0, biggest_bytes = 0;

	if (!epd_read_file(&file, path, &err)) {
		printf("search     (skipped: %s)\n", err.msg);
		free(path);
		trace_free(trace);
		return;
	}
	search_defaults(&opt);
	opt.depth = depth;
	if (count > file.count)
		count = file.count;
	for (int traced = 0; traced < 2; traced++) {
		for (int i = 0; i < count; i++) {
			struct search_result res;

			search_run(&file.records[i].pos, &opt, traced ? trace : NULL, NULL, &res);
			nodes[traced] += res.nodes;
			secs[traced] += res.seconds;
			if (traced && res.nodes > max_nodes) {
				max_nodes = res.nodes;
				biggest_bytes = trace_bytes_per_node(trace);
			}
			if (traced)
				bytes += trace_bytes_per_node(trace) * (double)res.nodes;
		}
	}
	printf("search     %d WAC positions, depth %d, mode captures: %llu nodes\n", count, depth,
	       (unsigned long long)nodes[0]);
	printf("search     tracing off %8.3f s %8.2f Mnps\n", secs[0],
	       secs[0] > 0 ? (double)nodes[0] / secs[0] / 1e6 : 0.0);
	printf("search     tracing on  %8.3f s %8.2f Mnps (%.2fx the time)\n", secs[1],
	       secs[1] > 0 ? (double)nodes[1] / secs[1] / 1e6 : 0.0, secs[0] > 0 ? secs[1] / secs[0] : 0.0);
	printf("trace      %.1f bytes per node on average (node %zu + events %zu bytes each); "
	       "largest tree %llu nodes, %.1f bytes per node\n",
	       nodes[1] ? bytes / (double)nodes[1] : 0.0, sizeof(struct trace_node),
	       sizeof(struct trace_event), (unsigned long long)max_nodes, biggest_bytes);
	fflush(stdout);
	trace_free(trace);
	epd_file_free(&file);
	free(path);
}

/*
 * The tutor's key script: stepping, tree moves, paging, folding, stepping
 * over and out, jumps to the next stand pat, cutoff and delta prune, the
 * filters, the focus and the ends of the tree ('>' PgDn, '<' PgUp).
 */
static const char tutor_keys[] =
	"nnnnnnnnnnpppppjjjjjjjjjjkkkkk>>>><<lhlhjjjjlhhsossoScScSjjjjnnnnn"
	"fjjjj>fjjjj>fjjjj>f\t\t\tGkkkkppppnnnng>>>>cccccSSSSSd<<<<rjjjjj";

static const char *key_name(char c)
{
	static char one[2];

	switch (c) {
	case '>': return "PgDn";
	case '<': return "PgUp";
	case '\t': return "Tab";
	default:
		one[0] = c;
		return one;
	}
}

/* Times the curses tutor over the session S on a virtual terminal (never the user's). */
static void bench_tutor(struct session *s, bool quick)
{
	struct ui_bench b = { .lines = 50, .cols = 160, .keys = tutor_keys, .count = quick ? 200 : 2000 };

	if (!ui_bench(s, &b)) {
		printf("tutor      (skipped: %s)\n", b.why);
	} else {
		printf("tutor      %u-node trace: %d keys, mean %.3f ms, 99%% under %.3f ms, max %.3f ms ('%s') "
		       "per key (handled + redrawn, %dx%d; max processor time %.3f ms)\n", s->trace->node_count,
		       b.done, b.mean_ms, b.p99_ms, b.max_ms, key_name(b.max_key), b.cols, b.lines, b.cpu_max_ms);
	}
	fflush(stdout);
}

/*
 * Records one search of at least a million nodes and times it, as the tutor
 * would; then times the tutor stepping through it.
 */
/*
 * The compare command's throughput: the WAC suite (300 positions) under
 * modes none, captures, checks and faulty at depth 2, on one thread and on
 * two, as "quiesce compare" runs it.
 */
static void bench_compare(bool quick)
{
	struct suite suite;
	struct search_options base;
	struct compare_mode *modes = NULL;
	struct error err = { 0 };
	char *path = datadir_resolve("positions/wac.epd");
	int nmodes = 0, npositions;

	search_defaults(&base);
	if (!suite_load(&suite, path, &err) ||
	    !compare_modes_parse("none,captures,checks,faulty", &base, &modes, &nmodes, &err)) {
		printf("compare    (skipped: %s)\n", err.msg);
		free(path);
		return;
	}
	npositions = quick ? 30 : suite.count;
	for (int jobs = 1; jobs <= 2; jobs++) {
		struct compare_config cfg = { .jobs = jobs, .progress = false };
		struct compare_run run;
		uint64_t nodes = 0;

		compare_run(&run, &suite, npositions, modes, nmodes, &cfg);
		for (int m = 0; m < nmodes; m++)
			nodes += run.rows[m].nodes;
		printf("compare    %d WAC positions x %d modes (none, captures, checks, faulty; depth 2), "
		       "%d thread%s: %.3f s, %.0f searches/s, %.2f Mnps\n",
		       npositions, nmodes, jobs, jobs > 1 ? "s" : "", run.elapsed,
		       run.elapsed > 0 ? npositions * nmodes / run.elapsed : 0.0,
		       run.elapsed > 0 ? (double)nodes / run.elapsed / 1e6 : 0.0);
		fflush(stdout);
		compare_run_free(&run);
	}
	free(modes);
	suite_free(&suite);
	free(path);
}

static void bench_big_trace(bool quick)
{
	struct position pos;
	struct search_options opt;
	struct search_result res;
	struct trace *trace = trace_new();
	struct error err = { 0 };
	struct session *s;
	double start, elapsed;

	fen_parse(&pos, KIWIPETE_FEN, &err);
	search_defaults(&opt);
	opt.depth = quick ? 4 : 6;
	opt.mode = QMODE_CHECKS;
	opt.max_nodes = SESSION_DEFAULT_MAX_NODES;
	start = util_now();
	search_run(&pos, &opt, trace, NULL, &res);
	elapsed = util_now() - start;
	printf("big trace  Kiwipete depth %d, mode checks: %u nodes, %u events, %.1f MB, recorded in %.3f s\n",
	       opt.depth, trace->node_count, trace->event_count,
	       trace_bytes_per_node(trace) * trace->node_count / 1e6, elapsed);
	fflush(stdout);
	s = session_new();
	session_load(s, &pos, &opt, trace, &res);
	bench_tutor(s, quick);
	session_free(s);
}

int cli_bench(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "quick", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	bool quick = false;
	int c;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'q': quick = true; break;
		case 'h':
			cli_print_command_help("bench", bench_options);
			return 0;
		default:
			return cli_option_error(argv);
		}
	}
	if (optind < argc)
		return cli_usage_error("bench: unexpected argument '%s'", cli_cut(argv[optind]));

	printf("# quiesce bench: figures on this machine, one core (Mnps = million nodes per second)\n");
	bench_perft("start", BOARD_START_FEN, quick ? 4 : 6, true);
	bench_perft("kiwipete", KIWIPETE_FEN, quick ? 3 : 5, true);
	bench_perft("start", BOARD_START_FEN, quick ? 4 : 6, false);
	bench_perft("kiwipete", KIWIPETE_FEN, quick ? 3 : 5, false);
	bench_search(quick ? 20 : 300, quick ? 2 : 3);
	bench_compare(quick);
	bench_big_trace(quick);
	return 0;
}
