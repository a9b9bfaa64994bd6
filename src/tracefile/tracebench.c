/* tracebench.c: the speed of writing and reading traces, for "quiesce bench". */
#include "tracefile/tracebench.h"

#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chess/fen.h"
#include "search/option.h"
#include "search/search.h"
#include "search/trace.h"
#include "tracefile/tracecheck.h"
#include "tracefile/traceio.h"
#include "tracefile/tracereader.h"
#include "base/util.h"

#define TRACEBENCH_FEN "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#define MAX_REPEATS 3
/* The reading-speed figures: at least 3 repeats, at most 9 (a depth-6 repeat takes half a second). */
#define MAX_READ_REPEATS 9

/* The forms: the document and JSON Lines, each compact (version 3) and of every field. */
enum { FORMS = 4 };
enum { STEPS = 2 * FORMS };

typedef void (*form_writer)(FILE *, const struct trace *, const struct position *,
			    const struct search_options *, const struct search_result *);

static const form_writer form_writers[FORMS] = {
	traceio_write_json_compact, traceio_write_jsonl_compact, traceio_write_json, traceio_write_jsonl
};
static const char *const form_names[FORMS] = { "JSON", "JSON Lines", "JSON full", "JSON Lines full" };
static const char *const step_names[STEPS] = {
	"write JSON", "write JSON Lines", "write JSON full", "write JSONL full",
	"read JSON", "read JSON Lines", "read JSON full", "read JSONL full"
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Reads F (rewound) into a new trace; false after printing why. */
static bool read_back(FILE *f, FILE *out, const char *what)
{
	struct trace *t = trace_new();
	struct position root;
	struct search_options opt;
	struct search_result res;
	struct error err = { 0 };
	bool ok;

	rewind(f);
	ok = tracereader_read(f, what, t, &root, &opt, &res, NULL, &err);
	if (!ok)
		fprintf(out, "trace io   %s does not read back: %s\n", what, err.msg);
	trace_free(t);
	return ok;
}

/* What a child process does while its peak memory is taken. */
enum { CHILD_NOTHING, CHILD_READ, CHILD_SEARCH };

/*
 * The peak resident memory (KB) of a child process that reads F (WHAT is
 * CHILD_READ) or records the search of POS with OPT (CHILD_SEARCH), less
 * that of a child that does nothing: every child starts with this
 * process's pages. -1 when it cannot be taken.
 */
static long child_peak_kb(int what, FILE *f, const struct position *pos, const struct search_options *opt)
{
	long peak[2] = { 0, 0 };

	for (int i = 0; i < 2; i++) {
		struct rusage ru;
		int status;
		pid_t pid;

		/*
		 * Memory this process freed but keeps would serve the child's
		 * allocations without raising its resident size: give it back first.
		 */
		malloc_trim(0);
		fflush(NULL);
		pid = fork();
		if (pid < 0)
			return -1;
		if (pid == 0) {
			struct trace *t = trace_new();
			struct position root;
			struct search_options o;
			struct search_result res;

			if (i == 1 && what == CHILD_READ) {
				rewind(f);
				if (!tracereader_read(f, NULL, t, &root, &o, &res, NULL, NULL))
					_exit(1);
				/* Read once too: the derived fields are built on first reading, after a search as after a file. */
				(void)trace_node_get(t, 0);
			} else if (i == 1 && what == CHILD_SEARCH) {
				/*
				 * Read once, as a front end reads it: the fields the
				 * search does not store are derived (a trace read from
				 * a file has them too), so the two are compared ready
				 * to be read.
				 */
				search_run(pos, opt, t, NULL, &res);
				(void)trace_node_get(t, 0);
			}
			_exit(0);
		}
		if (wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
			return -1;
		peak[i] = ru.ru_maxrss;
	}
	return peak[1] - peak[0];
}

/* The median of the N values of V (sorted in place), with the smallest and largest. */
static double median_of(double *v, int n, double *lo, double *hi)
{
	qsort(v, (size_t)n, sizeof v[0], cmp_double);
	*lo = v[0];
	*hi = v[n - 1];
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* "1.83 [1.80-1.90]" for the N values of V, into BUF. */
static const char *spread_text(double *v, int n, int digits, char *buf, size_t size)
{
	double lo, hi, med = median_of(v, n, &lo, &hi);

	snprintf(buf, size, "%.*f [%.*f-%.*f]", digits, med, digits, lo, digits, hi);
	return buf;
}

/* The variants timed against one another: the search without and with its trace, reading its file, checking it. */
enum { V_PLAIN, V_RECORD, V_OPEN, V_CHECK, VARIANTS };

/* Reads F (rewound) as the tutor's "open" does (V_OPEN) or checks it as "quiesce check-trace" does (V_CHECK). */
static bool reading_run(FILE *f, int variant, uint64_t *violations)
{
	struct trace *t = trace_new();
	struct position root;
	struct search_options opt;
	struct search_result res;
	struct tracereader_info info;
	struct tracecheck_config cfg = { 0 };
	struct tracecheck_report rep;
	struct error err = { 0 };
	bool ok;

	rewind(f);
	if (variant == V_OPEN) {
		ok = tracereader_read(f, "bench", t, &root, &opt, &res, &info, &err);
	} else {
		ok = tracecheck_read(f, "bench", t, &root, &opt, &res, &info, &cfg, &rep, &err);
		*violations += rep.total;
		tracecheck_report_free(&rep);
	}
	trace_free(t);
	return ok;
}

/*
 * Reading at the speed of the search (issue 27): Kiwipete at DEPTH with the
 * default options, its trace written once as compact JSON Lines; then,
 * REPEAT times, interleaved (the order turned each time), the search without
 * a trace, the search recording it, reading the file (as "open" does) and
 * checking it (as "check-trace" does, reading included), in processor time.
 * The figures are the ratios to the recording search of the same repeat and
 * to the plain search, median [smallest-largest], the times beside them.
 */
static void reading_speed(FILE *out, int depth, int repeat)
{
	struct position pos;
	struct search_options opt;
	struct search_result res;
	struct trace *t = trace_new();
	struct error err = { 0 };
	FILE *f = tmpfile();
	double secs[VARIANTS][MAX_READ_REPEATS], ratio[4][MAX_READ_REPEATS];
	char a[4][48], b[VARIANTS][48];
	uint64_t violations = 0;
	uint32_t nodes, events;
	long size;

	if (f == NULL) {
		fprintf(out, "trace io   (reading speed skipped: no temporary file)\n");
		trace_free(t);
		return;
	}
	fen_parse(&pos, TRACEBENCH_FEN, &err);
	option_defaults(&opt);
	opt.depth = depth;
	search_run(&pos, &opt, t, NULL, &res);
	traceio_write_jsonl_compact(f, t, &pos, &opt, &res);
	fflush(f);
	size = ftell(f);
	nodes = trace_node_count(t);
	events = trace_event_count(t);
	for (int r = 0; r < repeat; r++) {
		for (int k = 0; k < VARIANTS; k++) {
			int v = (k + r) % VARIANTS;
			double start;

			start = util_cpu_seconds();
			if (v == V_PLAIN) {
				search_run(&pos, &opt, NULL, NULL, &res);
			} else if (v == V_RECORD) {
				/* A new trace, freed in the timing, as each reading makes and frees one. */
				struct trace *rt = trace_new();

				search_run(&pos, &opt, rt, NULL, &res);
				trace_free(rt);
			} else if (!reading_run(f, v, &violations)) {
				fprintf(out, "trace io   (reading speed skipped: the trace does not read back)\n");
				goto out;
			}
			secs[v][r] = util_cpu_seconds() - start;
		}
		for (int v = 0; v < VARIANTS; v++)
			if (secs[v][r] < 1e-6)
				secs[v][r] = 1e-6;
		ratio[0][r] = secs[V_OPEN][r] / secs[V_RECORD][r];
		ratio[1][r] = secs[V_CHECK][r] / secs[V_RECORD][r];
		ratio[2][r] = secs[V_OPEN][r] / secs[V_PLAIN][r];
		ratio[3][r] = secs[V_CHECK][r] / secs[V_PLAIN][r];
	}
	for (int i = 0; i < 4; i++)
		spread_text(ratio[i], repeat, 2, a[i], sizeof a[i]);
	for (int v = 0; v < VARIANTS; v++)
		spread_text(secs[v], repeat, 3, b[v], sizeof b[v]);
	fprintf(out, "trace io   reading at the speed of the search, Kiwipete depth %d (default options, %u nodes, %u events, "
		"%.1f MB of compact JSON Lines), cpu over %d interleaved repeats:\n", depth, nodes, events, size / 1e6, repeat);
	fprintf(out, "trace io     open (read the file): %sx the recording search; check-trace (read and check): %sx%s\n",
		a[0], a[1], violations ? " (violations found: the trace is not clean)" : "");
	fprintf(out, "trace io     against the search without a trace: open %sx, check-trace %sx\n", a[2], a[3]);
	fprintf(out, "trace io     cpu s: search %s, recording search %s, open %s, check-trace %s\n", b[V_PLAIN],
		b[V_RECORD], b[V_OPEN], b[V_CHECK]);
	fflush(out);
out:
	fclose(f);
	trace_free(t);
}

void tracebench_run(FILE *out, bool quick, int repeat)
{
	struct position pos;
	struct search_options opt;
	struct search_result res;
	struct trace *t = trace_new();
	struct error err = { 0 };
	FILE *f[FORMS] = { tmpfile(), tmpfile(), tmpfile(), tmpfile() };
	double secs[STEPS][MAX_REPEATS];
	long size[FORMS], kb_search;
	double mem;

	/* Reading as fast as the search: Kiwipete at two depths, each read and checked against its search. */
	for (int depth = quick ? 4 : 5; depth <= (quick ? 5 : 6); depth++)
		reading_speed(out, depth, repeat < 3 ? 3 : repeat > MAX_READ_REPEATS ? MAX_READ_REPEATS : repeat);
	/* Reading a million nodes takes seconds: at most three repeats. */
	if (repeat < 1 || repeat > 3)
		repeat = 3;
	if (f[0] == NULL || f[1] == NULL || f[2] == NULL || f[3] == NULL) {
		fprintf(out, "trace io   (skipped: no temporary file)\n");
		goto out;
	}
	fen_parse(&pos, TRACEBENCH_FEN, &err);
	option_defaults(&opt);
	opt.depth = quick ? 5 : 6;
	opt.mode = QMODE_CHECKS;
	opt.max_nodes = quick ? 50000 : 1000000;
	search_run(&pos, &opt, t, NULL, &res);
	mem = trace_bytes_per_node(t) * trace_node_count(t);
	/* Interleaved: each repeat writes and reads every form once. */
	for (int r = 0; r < repeat; r++) {
		for (int form = 0; form < FORMS; form++) {
			double start;

			rewind(f[form]);
			if (ftruncate(fileno(f[form]), 0) != 0) {
				fprintf(out, "trace io   (skipped: cannot truncate the temporary file)\n");
				goto out;
			}
			start = util_cpu_seconds();
			form_writers[form](f[form], t, &pos, &opt, &res);
			fflush(f[form]);
			secs[form][r] = util_cpu_seconds() - start;
			size[form] = ftell(f[form]);
		}
		for (int form = 0; form < FORMS; form++) {
			double start = util_cpu_seconds();

			if (!read_back(f[form], out, form_names[form]))
				goto out;
			secs[FORMS + form][r] = util_cpu_seconds() - start;
		}
	}
	fprintf(out, "trace io   Kiwipete depth %d, mode checks, cut at %llu nodes: %u nodes, %u events\n", opt.depth,
		(unsigned long long)opt.max_nodes, trace_node_count(t), trace_event_count(t));
	for (int form = 0; form < FORMS; form++)
		fprintf(out, "trace io   file size %-16s %7.1f MB, %5.1f bytes a node\n", form_names[form], size[form] / 1e6,
			(double)size[form] / trace_node_count(t));
	for (int s = 0; s < STEPS; s++) {
		double mb = size[s % FORMS] / 1e6, lo, med, hi;

		qsort(secs[s], (size_t)repeat, sizeof secs[s][0], cmp_double);
		lo = secs[s][0];
		hi = secs[s][repeat - 1];
		med = repeat % 2 ? secs[s][repeat / 2] : (secs[s][repeat / 2 - 1] + secs[s][repeat / 2]) / 2;
		if (lo <= 0)
			lo = med = hi = 1e-9;
		/* Rates from the times: the fastest run gives the highest rate. */
		fprintf(out, "trace io   %-16s cpu %.3f [%.3f-%.3f] s, %.3f [%.3f-%.3f] M nodes/s, "
			"%.1f [%.1f-%.1f] MB/s\n", step_names[s], med, lo, hi, trace_node_count(t) / med / 1e6,
			trace_node_count(t) / hi / 1e6, trace_node_count(t) / lo / 1e6, mb / med, mb / hi, mb / lo);
	}
	/* Peak memory: reading each form, against recording the same trace by the search. */
	kb_search = child_peak_kb(CHILD_SEARCH, NULL, &pos, &opt);
	for (int form = 0; form < FORMS; form++) {
		long kb = child_peak_kb(CHILD_READ, f[form], NULL, NULL);

		if (kb > 0 && kb_search > 0)
			fprintf(out, "trace io   peak memory reading %-15s %7.1f MB: %.2fx the search's recording it "
				"(%.1f MB, read once; the trace's own size as recorded %.1f MB)\n", form_names[form], kb / 1e3,
				(double)kb / (double)kb_search, kb_search / 1e3, mem / 1e6);
	}
	fflush(out);
out:
	for (int i = 0; i < FORMS; i++)
		if (f[i])
			fclose(f[i]);
	trace_free(t);
}
