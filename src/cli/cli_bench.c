/*
 * cli_bench.c: "quiesce bench": speed figures, printed and never asserted.
 *
 * Every figure is processor (CPU) time of the work measured and nothing else
 * (no file reading, no printing), unless a line says "wall". Each figure is
 * taken REPEAT times and printed as its median followed by the smallest and
 * the largest of the repeats in brackets. Two variants that are compared (a
 * search with and without its trace, say) run interleaved position by
 * position, so that a change in the machine's speed hits both alike, and
 * their ratio is the median of the repeats' paired ratios.
 *
 * Each group of figures is one function called from cli_bench; a new figure
 * is a new function and one more call.
 */
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "play/compare.h"
#include "base/datadir.h"
#include "chess/epd.h"
#include "chess/fen.h"
#include "play/match.h"
#include "chess/perft.h"
#include "search/option.h"
#include "search/tt.h"
#include "search/variant.h"
#include "search/search.h"
#include "teach/session.h"
#include "teach/tour.h"
#include "chess/suite.h"
#include "search/trace.h"
#include "tracefile/tracebench.h"
#include "tutor/ui.h"
#include "base/util.h"

#define KIWIPETE_FEN "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

/* How many times a figure may be taken: --repeat 1 to this. */
#define BENCH_MAX_REPEAT 99
#define BENCH_DEFAULT_REPEAT 5

/* The paper's four headline searches (README, "Reproducing the paper"). */
#define EXPERIMENT_MODES "none+depth=3,brute+checks-all+qdepth=2,checks+checks-all+qdepth=3," \
	"brute+checks-all+no-evasions+qdepth=2"

static const char bench_options[] =
	"Options:\n"
	"      --quick      smaller depths and suites, for a smoke test\n"
	"      --repeat N   take every figure N times (1-99, default 5): median [smallest-largest]\n"
	"      --only LIST  only these groups, comma-separated: startup, perft, search,\n"
	"                   checks, compare, experiment, match, trace, tools, io, practice, tt\n"
	"  -h, --help       display this help and exit\n";

/* What every group of figures needs to know. */
struct bench {
	int repeat;
	bool quick;
	unsigned groups;   /* BENCH_* bits of the groups to run */
};

/* The groups of figures, for --only (in the order they run). */
static const char *const bench_group_names[] = {
	"startup", "perft", "search", "checks", "compare", "experiment", "match", "trace", "tools", "io",
	"practice", "tt"
};
enum {
	BENCH_STARTUP = 1u << 0, BENCH_PERFT = 1u << 1, BENCH_SEARCH = 1u << 2, BENCH_CHECKS = 1u << 3,
	BENCH_COMPARE = 1u << 4, BENCH_EXPERIMENT = 1u << 5, BENCH_MATCH = 1u << 6, BENCH_TRACE = 1u << 7,
	BENCH_TOOLS = 1u << 8, BENCH_IO = 1u << 9, BENCH_PRACTICE = 1u << 10, BENCH_TT = 1u << 11,
	BENCH_ALL = (1u << 12) - 1
};

/*
 * Parses the --only LIST into BENCH_* bits; on an unknown name returns false
 * with the name's position in BAD (its length in BADLEN).
 */
static bool bench_groups_parse(const char *list, unsigned *groups, const char **bad, size_t *badlen)
{
	const char *p = list;

	*groups = 0;
	for (;;) {
		size_t len = strcspn(p, ",");
		size_t g;

		for (g = 0; g < sizeof bench_group_names / sizeof *bench_group_names; g++)
			if (strlen(bench_group_names[g]) == len && strncmp(p, bench_group_names[g], len) == 0)
				break;
		if (g == sizeof bench_group_names / sizeof *bench_group_names) {
			*bad = p;
			*badlen = len;
			return false;
		}
		*groups |= 1u << g;
		if (p[len] == '\0')
			return true;
		p += len + 1;
	}
}

/* The values one figure took over the repeats. */
struct sample {
	double v[BENCH_MAX_REPEAT];
	int n;
};

static void sample_add(struct sample *s, double x)
{
	if (s->n < BENCH_MAX_REPEAT)
		s->v[s->n++] = x;
}

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median (the mean of the middle two for an even count); 0 for no values. */
static double sample_median(const struct sample *s)
{
	double v[BENCH_MAX_REPEAT];

	if (s->n == 0)
		return 0.0;
	memcpy(v, s->v, sizeof v[0] * (size_t)s->n);
	qsort(v, (size_t)s->n, sizeof v[0], compare_doubles);
	return s->n % 2 ? v[s->n / 2] : (v[s->n / 2 - 1] + v[s->n / 2]) / 2;
}

/* Writes "MEDIAN [MIN-MAX]" with DIGITS decimals into BUF and returns it. */
static const char *sample_text(const struct sample *s, int digits, char *buf, size_t n)
{
	double lo = s->n ? s->v[0] : 0.0, hi = lo;

	for (int i = 1; i < s->n; i++) {
		if (s->v[i] < lo)
			lo = s->v[i];
		if (s->v[i] > hi)
			hi = s->v[i];
	}
	snprintf(buf, n, "%.*f [%.*f-%.*f]", digits, sample_median(s), digits, lo, digits, hi);
	return buf;
}

/* Million nodes per second, never dividing by zero (a clock tick can be coarse). */
static double mnps(uint64_t nodes, double secs)
{
	return (double)nodes / (secs > 1e-9 ? secs : 1e-9) / 1e6;
}

/* The header: the date, the machine's processors, the build, and how to read the figures. */
static void bench_header(const struct bench *b)
{
	time_t now = time(NULL);
	char date[64];
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	const char *build =
#ifdef __OPTIMIZE__
		"optimised"
#else
		"not optimised"
#endif
#ifdef NDEBUG
		", assertions off"
#else
		", assertions on (a debug build: slower)"
#endif
#if defined(__SANITIZE_ADDRESS__)
		", sanitizers on"
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
		", sanitizers on"
#endif
#endif
		;

	strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&now));
	printf("# quiesce bench, %s, %ld processors online, build %s, %d repeats%s\n", date, cores, build,
	       b->repeat, b->quick ? ", --quick" : "");
	printf("# Times are processor (CPU) seconds of the work measured, one thread unless said; \"wall\" "
	       "marks wall-clock times.\n"
	       "# Each figure: median [smallest-largest] of the repeats; Mnps = million nodes per second.\n");
	fflush(stdout);
}

/* Times one perft REPEAT times and prints a line of the table. */
static void bench_perft(const struct bench *b, const char *name, const char *fen, int depth, bool bulk)
{
	struct position pos;
	struct error err = { 0 };
	struct sample secs = { .n = 0 }, rate = { .n = 0 };
	uint64_t nodes = 0;
	char t1[64], t2[64];

	if (!fen_parse(&pos, fen, &err))
		util_die("bench: %s", err.msg);
	for (int r = 0; r < b->repeat; r++) {
		double start = util_cpu_seconds(), elapsed;

		nodes = perft(&pos, depth, bulk);
		elapsed = util_cpu_seconds() - start;
		sample_add(&secs, elapsed);
		sample_add(&rate, mnps(nodes, elapsed));
	}
	printf("perft      %-8s depth %d %-8s %10llu nodes  cpu %s s  %s Mnps\n", name, depth,
	       bulk ? "bulk" : "make-all", (unsigned long long)nodes, sample_text(&secs, 3, t1, sizeof t1),
	       sample_text(&rate, 1, t2, sizeof t2));
	fflush(stdout);
}

/*
 * Two search variants compared over the same positions: the options and the
 * trace (NULL for none) of each, and what they measured.
 */
struct pair {
	struct search_options opt[2];
	struct trace *trace[2];
	uint64_t nodes[2];             /* nodes of one run over all positions */
	struct sample secs[2], rate[2];
	struct sample time_ratio;      /* variant 1's time over variant 0's, per repeat */
	struct sample rate_ratio;      /* variant 1's nodes/s over variant 0's, per repeat */
	double trace_bytes;            /* variant 1's trace: bytes of all nodes of the first repeat */
	uint64_t biggest_nodes;        /* variant 1's largest tree, and its bytes per node */
	double biggest_bytes;
};

/*
 * Runs both variants of P over POSITIONS, interleaved: at each position one
 * variant then the other, the first alternating from one position to the
 * next so that neither always finds the caches warm. Each search is timed
 * alone, in processor time.
 */
static void bench_pair_run(const struct bench *b, struct pair *p, const struct epd_record *positions, int count)
{
	for (int r = 0; r < b->repeat; r++) {
		double secs[2] = { 0, 0 };
		uint64_t nodes[2] = { 0, 0 };

		for (int i = 0; i < count; i++) {
			for (int k = 0; k < 2; k++) {
				int v = (i + k) % 2;
				struct search_result res;
				double start = util_cpu_seconds();

				search_run(&positions[i].pos, &p->opt[v], p->trace[v], NULL, &res);
				secs[v] += util_cpu_seconds() - start;
				nodes[v] += res.nodes;
				if (r == 0 && v == 1 && p->trace[v] != NULL) {
					double per_node = trace_bytes_per_node(p->trace[v]);

					p->trace_bytes += per_node * (double)res.nodes;
					if (res.nodes > p->biggest_nodes) {
						p->biggest_nodes = res.nodes;
						p->biggest_bytes = per_node;
					}
				}
			}
		}
		for (int v = 0; v < 2; v++) {
			p->nodes[v] = nodes[v];
			sample_add(&p->secs[v], secs[v]);
			sample_add(&p->rate[v], mnps(nodes[v], secs[v]));
		}
		sample_add(&p->time_ratio, secs[1] / (secs[0] > 1e-9 ? secs[0] : 1e-9));
		sample_add(&p->rate_ratio, mnps(nodes[1], secs[1]) / mnps(nodes[0], secs[0]));
	}
}

/* Prints one variant's line: its label, its processor time and its node rate. */
static void print_variant(const char *group, const char *label, const struct pair *p, int v)
{
	char t1[64], t2[64];

	printf("%-10s %-13s cpu %s s  %s Mnps\n", group, label, sample_text(&p->secs[v], 3, t1, sizeof t1),
	       sample_text(&p->rate[v], 2, t2, sizeof t2));
}

/* Loads the WAC suite; prints a skipped line for GROUP and returns false when it cannot. */
static bool load_wac(struct epd_file *file, const char *group)
{
	struct error err = { 0 };
	char *path = datadir_resolve("positions/wac.epd");
	bool ok = epd_read_file(file, path, &err);

	if (!ok)
		printf("%-10s (skipped: %s)\n", group, err.msg);
	free(path);
	return ok;
}

/*
 * The recording overhead: the first COUNT WAC positions searched at DEPTH in
 * mode captures without and with a trace, interleaved, and the trace's size
 * per node.
 */
static void bench_search(const struct bench *b, int count, int depth)
{
	struct epd_file file;
	struct pair p;
	char t1[64];

	if (!load_wac(&file, "search"))
		return;
	memset(&p, 0, sizeof p);
	option_defaults(&p.opt[0]);
	p.opt[0].depth = depth;
	p.opt[1] = p.opt[0];
	p.trace[1] = trace_new();
	if (count > file.count)
		count = file.count;
	bench_pair_run(b, &p, file.records, count);
	printf("search     %d WAC positions, depth %d, mode captures: %llu nodes a run (traced: %llu)\n", count,
	       depth, (unsigned long long)p.nodes[0], (unsigned long long)p.nodes[1]);
	print_variant("search", "tracing off", &p, 0);
	print_variant("search", "tracing on", &p, 1);
	printf("search     recording overhead (traced time / untraced time, median of paired ratios) %s\n",
	       sample_text(&p.time_ratio, 2, t1, sizeof t1));
	printf("trace      %.1f bytes per node on average (nodes and events, allocated once the search ends); "
	       "largest tree %llu nodes, %.1f bytes per node\n",
	       p.nodes[1] ? p.trace_bytes / (double)p.nodes[1] : 0.0,
	       (unsigned long long)p.biggest_nodes, p.biggest_bytes);
	fflush(stdout);
	trace_free(p.trace[1]);
	epd_file_free(&file);
}

/*
 * The cost of quiet checks: mode captures against mode checks with quiet
 * checks at every quiescence ply (limited to QDEPTH plies, or a few searches
 * never end), interleaved, untraced; the figure to watch is the ratio of the
 * node rates.
 */
static void bench_checks(const struct bench *b, int count, int depth, int qdepth)
{
	struct epd_file file;
	struct pair p;
	char t1[64];

	if (!load_wac(&file, "checks"))
		return;
	memset(&p, 0, sizeof p);
	option_defaults(&p.opt[0]);
	p.opt[0].depth = depth;
	p.opt[1] = p.opt[0];
	variant_apply(&p.opt[1], "checks-all", NULL);
	p.opt[1].qdepth = qdepth;
	if (count > file.count)
		count = file.count;
	bench_pair_run(b, &p, file.records, count);
	printf("checks     %d WAC positions, depth %d: mode captures %llu nodes a run, mode checks with checks "
	       "at every ply (qdepth %d) %llu\n", count, depth, (unsigned long long)p.nodes[0], qdepth,
	       (unsigned long long)p.nodes[1]);
	print_variant("checks", "captures", &p, 0);
	print_variant("checks", "checks", &p, 1);
	printf("checks     checks' nodes/s / captures' nodes/s (median of paired ratios) %s\n",
	       sample_text(&p.rate_ratio, 2, t1, sizeof t1));
	fflush(stdout);
	epd_file_free(&file);
}

/*
 * What the transposition table costs and saves (--tt, 16 MB): the first
 * COUNT WAC positions at DEPTH, then Kiwipete at KDEPTH, mode captures,
 * without and with the table, interleaved, untraced. Each search makes and
 * frees its own table, as 'quiesce search --tt' does.
 */
static void bench_tt(const struct bench *b, int count, int depth, int kdepth)
{
	struct epd_file file;
	struct epd_record kiwi;
	struct error err = { 0 };
	struct pair p;
	struct tt *t;
	char t1[64];

	memset(&p, 0, sizeof p);
	option_defaults(&p.opt[0]);
	p.opt[1] = p.opt[0];
	p.opt[1].tt = true;
	t = tt_new(p.opt[1].tt_size);
	printf("tt         table %d MB: %llu entries of %zu bytes, %.1f MB\n", p.opt[1].tt_size,
	       (unsigned long long)(t->mask + 1), sizeof(struct tt_entry), (double)tt_bytes(t) / (1 << 20));
	tt_free(t);
	if (load_wac(&file, "tt")) {
		/* The default size, then 1 MB: a fresh table's pages cost each search its first touches. */
		static const int sizes[] = { TT_DEFAULT_MB, 1 };

		if (count > file.count)
			count = file.count;
		for (int k = 0; k < 2; k++) {
			char on[32];

			memset(&p.secs, 0, sizeof p.secs);
			memset(&p.rate, 0, sizeof p.rate);
			memset(&p.time_ratio, 0, sizeof p.time_ratio);
			memset(&p.rate_ratio, 0, sizeof p.rate_ratio);
			p.opt[0].depth = p.opt[1].depth = depth;
			p.opt[1].tt_size = sizes[k];
			bench_pair_run(b, &p, file.records, count);
			printf("tt         %d WAC positions, depth %d, mode captures: %llu nodes a run without the table, %llu "
			       "with %d MB (%.2f)\n", count, depth, (unsigned long long)p.nodes[0],
			       (unsigned long long)p.nodes[1], sizes[k], (double)p.nodes[1] / (double)(p.nodes[0] ? p.nodes[0] : 1));
			snprintf(on, sizeof on, "WAC %d MB", sizes[k]);
			if (k == 0)
				print_variant("tt", "WAC off", &p, 0);
			print_variant("tt", on, &p, 1);
			printf("tt         WAC time with %d MB / without the table (median of paired ratios) %s\n", sizes[k],
			       sample_text(&p.time_ratio, 2, t1, sizeof t1));
		}
		p.opt[1].tt_size = TT_DEFAULT_MB;
		epd_file_free(&file);
	}
	memset(&kiwi, 0, sizeof kiwi);
	if (!fen_parse(&kiwi.pos, KIWIPETE_FEN, &err))
		return;
	memset(&p.secs, 0, sizeof p.secs);
	memset(&p.rate, 0, sizeof p.rate);
	memset(&p.time_ratio, 0, sizeof p.time_ratio);
	memset(&p.rate_ratio, 0, sizeof p.rate_ratio);
	p.opt[0].depth = p.opt[1].depth = kdepth;
	bench_pair_run(b, &p, &kiwi, 1);
	printf("tt         Kiwipete depth %d: %llu nodes without the table, %llu with %d MB (%.2f)\n", kdepth,
	       (unsigned long long)p.nodes[0], (unsigned long long)p.nodes[1], TT_DEFAULT_MB,
	       (double)p.nodes[1] / (double)(p.nodes[0] ? p.nodes[0] : 1));
	print_variant("tt", "Kiwipete off", &p, 0);
	print_variant("tt", "Kiwipete on", &p, 1);
	printf("tt         Kiwipete time with / without the table (median of paired ratios) %s\n",
	       sample_text(&p.time_ratio, 2, t1, sizeof t1));
	fflush(stdout);
}

/*
 * Runs this program with ARGS (stdout and stderr to /dev/null) and returns
 * the child's resource usage (wait4's) in *RU and its wall time in *WALL;
 * false when it cannot be run or does not exit 0.
 */
static bool run_self_usage(const char *const *args, struct rusage *ru, double *wall)
{
	char self[4096];
	ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
	double start;
	int status;
	pid_t pid;

	if (len <= 0)
		return false;
	self[len] = '\0';
	fflush(stdout);
	start = util_now();
	pid = fork();
	if (pid < 0)
		return false;
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0) {
			dup2(null, STDOUT_FILENO);
			dup2(null, STDERR_FILENO);
		}
		execv(self, (char *const *)args);
		_exit(127);
	}
	if (wait4(pid, &status, 0, ru) != pid)
		return false;
	*wall = util_now() - start;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* A child's processor time (user and system) from its resource usage. */
static double rusage_cpu(const struct rusage *ru)
{
	return (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec / 1e6 +
	       (double)ru->ru_stime.tv_sec + (double)ru->ru_stime.tv_usec / 1e6;
}

/* As run_self_usage, returning the child's processor time in *CPU. */
static bool run_self(const char *const *args, double *cpu, double *wall)
{
	struct rusage ru = { .ru_maxrss = 0 };
	bool ok = run_self_usage(args, &ru, wall);

	*cpu = rusage_cpu(&ru);
	return ok;
}

/*
 * The recording overhead as whole processes (issue 18): "quiesce trace
 * --format pgn" against "quiesce search" on Kiwipete at three depths, run
 * as children of this process and timed by wait4's resource usage (user and
 * system time of the whole child: start-up, page faults, the writing and
 * the exit included). The two commands run in pairs, the first of each pair
 * alternating, REPEAT times; a repeat's ratio is the traced time of the
 * three depths over the untraced time, and the figure is the median of
 * those paired ratios with their spread. The children's peak resident
 * memory (which does not depend on the machine's load) is printed beside.
 */
static void bench_trace_processes(const struct bench *b)
{
	int lo = b->quick ? 4 : 5, hi = b->quick ? 5 : 7;
	struct sample cpu[2][3], sys[2] = { { .n = 0 }, { .n = 0 } }, ratio = { .n = 0 };
	long rss[2][3] = { { 0 } };
	char t1[64], t2[64], t3[64];

	memset(cpu, 0, sizeof cpu);
	for (int r = 0; r < b->repeat; r++) {
		double total[2] = { 0, 0 }, stime[2] = { 0, 0 };

		for (int d = lo; d <= hi; d++) {
			char depth[8];
			const char *const args[2][9] = {
				{ "quiesce", "search", "--fen", KIWIPETE_FEN, "--depth", depth, NULL },
				{ "quiesce", "trace", "--format", "pgn", "--fen", KIWIPETE_FEN, "--depth", depth, NULL }
			};

			snprintf(depth, sizeof depth, "%d", d);
			for (int k = 0; k < 2; k++) {
				int v = (r + d + k) % 2;
				struct rusage ru = { .ru_maxrss = 0 };
				double w;

				if (!run_self_usage(args[v], &ru, &w)) {
					printf("search     (whole processes skipped: cannot run this program again)\n");
					return;
				}
				sample_add(&cpu[v][d - lo], rusage_cpu(&ru));
				rss[v][d - lo] = ru.ru_maxrss;
				total[v] += rusage_cpu(&ru);
				stime[v] += (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
			}
		}
		for (int v = 0; v < 2; v++)
			sample_add(&sys[v], total[v] > 0 ? stime[v] / total[v] * 100 : 0);
		sample_add(&ratio, total[1] / (total[0] > 1e-9 ? total[0] : 1e-9));
	}
	for (int d = lo; d <= hi; d++)
		printf("search     whole process, Kiwipete depth %d: 'search' cpu %s s (%.1f MB resident), "
		       "'trace --format pgn' cpu %s s (%.1f MB resident)\n", d,
		       sample_text(&cpu[0][d - lo], 3, t1, sizeof t1), rss[0][d - lo] / 1024.0,
		       sample_text(&cpu[1][d - lo], 3, t2, sizeof t2), rss[1][d - lo] / 1024.0);
	printf("search     recording overhead as whole processes (Kiwipete depths %d-%d, traced cpu / untraced cpu, "
	       "median of paired ratios) %s; system time %s%% of the traced, %s%% of the untraced\n", lo, hi,
	       sample_text(&ratio, 2, t1, sizeof t1), sample_text(&sys[1], 0, t2, sizeof t2),
	       sample_text(&sys[0], 0, t3, sizeof t3));
	fflush(stdout);
}

/* The start-up: a whole "quiesce perft --depth 1" process, which does next to nothing else. */
static void bench_startup(const struct bench *b)
{
	static const char *const args[] = { "quiesce", "perft", "--depth", "1", NULL };
	struct sample cpu = { .n = 0 }, wall = { .n = 0 };
	char t1[64], t2[64];

	for (int r = 0; r < b->repeat; r++) {
		double c, w;

		if (!run_self(args, &c, &w)) {
			printf("start-up   (skipped: cannot run this program again)\n");
			return;
		}
		sample_add(&cpu, c * 1e3);
		sample_add(&wall, w * 1e3);
	}
	printf("start-up   whole process 'quiesce perft --depth 1': cpu %s ms, wall %s ms\n",
	       sample_text(&cpu, 1, t1, sizeof t1), sample_text(&wall, 1, t2, sizeof t2));
	fflush(stdout);
}

/*
 * Runs SUITE's first COUNT positions under MODES REPEAT times on JOBS
 * threads; fills CPU (the searches' processor time, summed over threads),
 * WALL and the nodes of one run.
 */
static void compare_repeat(const struct bench *b, struct suite *suite, int count, struct compare_mode *modes,
			   int nmodes, int jobs, struct sample *cpu, struct sample *wall, uint64_t *nodes)
{
	for (int r = 0; r < b->repeat; r++) {
		struct compare_config cfg = { .jobs = jobs, .progress = NULL };
		struct compare_run run;
		double secs = 0;

		compare_run(&run, suite, count, modes, nmodes, &cfg);
		*nodes = 0;
		for (int m = 0; m < nmodes; m++) {
			*nodes += run.rows[m].nodes;
			secs += run.rows[m].seconds;
		}
		sample_add(cpu, secs);
		sample_add(wall, run.elapsed);
		compare_run_free(&run);
	}
}

/*
 * The compare command's throughput: the WAC suite (300 positions) under
 * modes none, captures, checks and faulty at depth 2, on one thread and on
 * two, as "quiesce compare" runs it.
 */
static void bench_compare(const struct bench *b)
{
	struct suite suite;
	struct search_options base;
	struct compare_mode *modes = NULL;
	struct error err = { 0 };
	char *path = datadir_resolve("positions/wac.epd");
	int nmodes = 0, npositions;

	option_defaults(&base);
	base.depth = 2;
	if (!suite_load(&suite, path, &err) ||
	    !compare_modes_parse("none,captures,checks,faulty", &base, &modes, &nmodes, &err)) {
		printf("compare    (skipped: %s)\n", err.msg);
		free(path);
		return;
	}
	npositions = b->quick ? 30 : suite.count;
	for (int jobs = 1; jobs <= 2; jobs++) {
		struct sample cpu = { .n = 0 }, wall = { .n = 0 };
		uint64_t nodes = 0;
		char t1[64], t2[64];

		compare_repeat(b, &suite, npositions, modes, nmodes, jobs, &cpu, &wall, &nodes);
		printf("compare    %d WAC positions x %d modes (none, captures, checks, faulty; depth 2), %d thread%s, "
		       "%llu nodes: cpu %s s (searches), wall %s s, %.2f Mnps per cpu\n",
		       npositions, nmodes, jobs, jobs > 1 ? "s" : "", (unsigned long long)nodes,
		       sample_text(&cpu, 3, t1, sizeof t1), sample_text(&wall, 3, t2, sizeof t2),
		       mnps(nodes, sample_median(&cpu)));
		fflush(stdout);
	}
	free(modes);
	suite_free(&suite);
	free(path);
}

/*
 * The paper's experiment (README, "Reproducing the paper"): the first 500
 * Lichess puzzles under the four headline searches at depth 2 on one thread,
 * timed as the searches' processor time and as a whole "quiesce compare"
 * process, run alternately.
 */
static void bench_experiment(const struct bench *b)
{
	struct suite suite;
	struct search_options base;
	struct compare_mode *modes = NULL;
	struct error err = { 0 };
	char *path = datadir_resolve("positions/lichess.csv");
	struct sample cpu = { .n = 0 }, wall = { .n = 0 }, whole = { .n = 0 }, whole_wall = { .n = 0 };
	int nmodes = 0, limit = b->quick ? 50 : 500;
	char limit_text[16], t1[64], t2[64], t3[64];
	const char *args[] = { "quiesce", "compare", "--epd", path, "--limit", limit_text, "--depth", "2",
			       "--jobs", "1", "--no-progress", "--modes", EXPERIMENT_MODES, NULL };
	uint64_t nodes = 0;
	bool whole_ok = true;

	option_defaults(&base);
	base.depth = 2;
	if (!suite_load(&suite, path, &err) ||
	    !compare_modes_parse(EXPERIMENT_MODES, &base, &modes, &nmodes, &err)) {
		printf("experiment (skipped: %s)\n", err.msg);
		free(path);
		return;
	}
	if (limit > suite.count)
		limit = suite.count;
	snprintf(limit_text, sizeof limit_text, "%d", limit);
	for (int r = 0; r < b->repeat; r++) {
		struct bench once = *b;
		double c, w;

		once.repeat = 1;
		compare_repeat(&once, &suite, limit, modes, nmodes, 1, &cpu, &wall, &nodes);
		if (whole_ok && run_self(args, &c, &w)) {
			sample_add(&whole, c);
			sample_add(&whole_wall, w);
		} else {
			whole_ok = false;
		}
	}
	printf("experiment %d Lichess puzzles x %d searches (the paper's four, depth 2), 1 thread, %llu nodes: "
	       "cpu %s s (searches)\n", limit, nmodes, (unsigned long long)nodes, sample_text(&cpu, 3, t1, sizeof t1));
	if (whole_ok)
		printf("experiment whole process 'quiesce compare --limit %d ...': cpu %s s, wall %s s\n", limit,
		       sample_text(&whole, 3, t2, sizeof t2), sample_text(&whole_wall, 3, t3, sizeof t3));
	else
		printf("experiment whole process (skipped: cannot run this program again)\n");
	fflush(stdout);
	free(modes);
	suite_free(&suite);
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
		printf("tutor      %u-node trace: %d keys, wall mean %.3f ms, 99%% under %.3f ms, max %.3f ms ('%s') "
		       "per key (handled + redrawn, %dx%d; max processor time %.3f ms)\n", trace_node_count(s->trace),
		       b.done, b.mean_ms, b.p99_ms, b.max_ms, key_name(b.max_key), b.cols, b.lines, b.cpu_max_ms);
	}
	fflush(stdout);
}

/*
 * Records one search of about a million nodes, as the tutor would, REPEAT
 * times; then times the tutor stepping through it.
 */
static void bench_big_trace(const struct bench *b)
{
	struct position pos;
	struct search_options opt;
	struct search_result res;
	struct trace *trace = trace_new();
	struct error err = { 0 };
	struct session *s;
	struct sample secs = { .n = 0 };
	char t1[64];

	fen_parse(&pos, KIWIPETE_FEN, &err);
	option_defaults(&opt);
	opt.depth = b->quick ? 4 : 6;
	opt.mode = QMODE_CHECKS;
	opt.max_nodes = SESSION_DEFAULT_MAX_NODES;
	for (int r = 0; r < b->repeat; r++) {
		double start = util_cpu_seconds();

		search_run(&pos, &opt, trace, NULL, &res);
		sample_add(&secs, util_cpu_seconds() - start);
	}
	printf("big trace  Kiwipete depth %d, mode checks: %u nodes, %u events, %.1f MB, recorded in cpu %s s\n",
	       opt.depth, trace_node_count(trace), trace_event_count(trace),
	       trace_bytes_per_node(trace) * trace_node_count(trace) / 1e6, sample_text(&secs, 3, t1, sizeof t1));
	fflush(stdout);
	/* ---- jumps by event kind (trace.c's index; the trace helper's block) */
	{
		struct trace_jump_bench jb;
		struct sample build = { .n = 0 }, mean = { .n = 0 }, max = { .n = 0 };
		char j1[64], j2[64], j3[64];

		for (int r = 0; r < b->repeat; r++) {
			trace_bench_jumps(trace, &jb);
			sample_add(&build, jb.index_ms);
			sample_add(&mean, jb.mean_us);
			sample_add(&max, jb.max_us);
		}
		printf("jumps      next/previous event of a kind on that trace, %u jumps: cpu mean %s us, max %s us; "
		       "index built in cpu %s ms\n", jb.jumps, sample_text(&mean, 2, j1, sizeof j1),
		       sample_text(&max, 1, j2, sizeof j2), sample_text(&build, 1, j3, sizeof j3));
		fflush(stdout);
	}
	/* ---- */
	s = session_new();
	session_load(s, NULL, &pos, &opt, trace, &res, true);
	bench_tutor(s, b->quick);
	tour_end(s);
	session_free(s);
}

/* The process's processor time (every thread), in seconds. */
static double process_cpu(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

/*
 * The match command's throughput: games of captures against none over the
 * first balanced openings, at depths 2 and 3, on one thread and on two
 * (interleaved repeat by repeat), as games per second of processor time
 * (all threads) and of wall-clock time.
 */
static void bench_match(const struct bench *b)
{
	struct suite suite;
	struct search_options base;
	struct compare_mode *modes = NULL;
	struct error err = { 0 };
	char *path = datadir_resolve("positions/balanced.epd");
	struct position *openings;
	int nmodes = 0, games = b->quick ? 8 : 40;

	option_defaults(&base);
	base.eval = EVAL_PST;
	if (!suite_load(&suite, path, &err) || !compare_modes_parse("captures,none", &base, &modes, &nmodes, &err)) {
		printf("match      (skipped: %s)\n", err.msg);
		free(path);
		return;
	}
	openings = xcalloc((size_t)suite.count, sizeof *openings);
	for (int i = 0; i < suite.count; i++)
		openings[i] = suite.positions[i].pos;
	for (int depth = 2; depth <= 3; depth++) {
		struct sample cpu[2] = { { .n = 0 }, { .n = 0 } }, wall[2] = { { .n = 0 }, { .n = 0 } };

		for (int m = 0; m < nmodes; m++)
			modes[m].opt.depth = depth;
		for (int r = 0; r < b->repeat; r++) {
			for (int jobs = 1; jobs <= 2; jobs++) {
				struct match_config cfg = { .modes = modes, .games = games, .openings = openings,
							    .nopenings = suite.count, .jobs = jobs,
							    .max_plies = MATCH_DEFAULT_MAX_PLIES };
				struct match_game *played;
				double c0 = process_cpu(), w0 = util_now();

				match_run(&cfg, &played);
				sample_add(&cpu[jobs - 1], (double)games / (process_cpu() - c0));
				sample_add(&wall[jobs - 1], (double)games / (util_now() - w0));
				free(played);
			}
		}
		for (int jobs = 1; jobs <= 2; jobs++) {
			char t1[64], t2[64];

			printf("match      captures v none, depth %d, %d games, %d thread%s: %s games/s per cpu s, "
			       "%s games/s wall\n", depth, games, jobs, jobs > 1 ? "s" : "",
			       sample_text(&cpu[jobs - 1], 1, t1, sizeof t1), sample_text(&wall[jobs - 1], 1, t2, sizeof t2));
		}
		fflush(stdout);
	}
	free(openings);
	free(modes);
	suite_free(&suite);
	free(path);
}

int cli_bench(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "quick", no_argument, NULL, 'q' },
		{ "repeat", required_argument, NULL, 'r' },
		{ "only", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct bench b = { .repeat = BENCH_DEFAULT_REPEAT, .quick = false, .groups = BENCH_ALL };
	const char *bad;
	size_t badlen;
	long repeat;
	int c;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'q': b.quick = true; break;
		case 'r':
			if (!cli_parse_int(optarg, BENCH_MAX_REPEAT, &repeat) || repeat < 1)
				return cli_usage_error("bench: invalid --repeat '%s': expected a whole number from 1 to %d",
						       cli_cut(optarg), BENCH_MAX_REPEAT);
			b.repeat = (int)repeat;
			break;
		case 'o':
			if (!bench_groups_parse(optarg, &b.groups, &bad, &badlen))
				return cli_usage_error("bench: --only '%s': unknown group '%.*s' at column %d: expected "
						       "startup, perft, search, checks, compare, experiment, match, "
						       "trace, tools, io or practice", cli_cut(optarg), (int)(badlen > 40 ? 40 : badlen),
						       bad, (int)(bad - optarg) + 1);
			break;
		case 'h':
			cli_print_command_help("bench", bench_options);
			return 0;
		default:
			return cli_option_error(argv);
		}
	}
	if (optind < argc)
		return cli_usage_error("bench: unexpected argument '%s'", cli_cut(argv[optind]));

	bench_header(&b);
	if (b.groups & BENCH_STARTUP)
		bench_startup(&b);
	if (b.groups & BENCH_PERFT) {
		bench_perft(&b, "start", BOARD_START_FEN, b.quick ? 4 : 6, true);
		bench_perft(&b, "kiwipete", KIWIPETE_FEN, b.quick ? 3 : 5, true);
		bench_perft(&b, "start", BOARD_START_FEN, b.quick ? 4 : 6, false);
		bench_perft(&b, "kiwipete", KIWIPETE_FEN, b.quick ? 3 : 5, false);
	}
	if (b.groups & BENCH_SEARCH) {
		bench_search(&b, b.quick ? 20 : 300, b.quick ? 2 : 3);
		bench_trace_processes(&b);   /* the same overhead, as whole processes */
	}
	if (b.groups & BENCH_CHECKS)
		bench_checks(&b, b.quick ? 20 : 300, 2, b.quick ? 3 : 6);
	if (b.groups & BENCH_COMPARE)
		bench_compare(&b);
	if (b.groups & BENCH_EXPERIMENT)
		bench_experiment(&b);
	if (b.groups & BENCH_MATCH)
		bench_match(&b);
	if (b.groups & BENCH_TRACE)
		bench_big_trace(&b);   /* the big trace, its jumps and the tutor's keys */
	if (b.groups & BENCH_TOOLS)
		cli_tracetools_bench(b.repeat, b.quick);   /* check-trace and diff (cli_diff.c) */
	/* Trace input and output (the reader helper's figures, tracebench.c). */
	if (b.groups & BENCH_IO)
		tracebench_run(stdout, b.quick, b.repeat);
	/* Practice drills (issue 17): the first question, 1,000 questions of each drill (cli_practice.c). */
	if (b.groups & BENCH_PRACTICE)
		cli_practice_bench(b.repeat, b.quick);
	/* The transposition table's memory, nodes and time (issue 29). */
	if (b.groups & BENCH_TT)
		bench_tt(&b, b.quick ? 20 : 300, b.quick ? 2 : 3, b.quick ? 4 : 5);
	return 0;
}
