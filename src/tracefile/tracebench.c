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
#include "tracefile/traceio.h"
#include "tracefile/tracereader.h"
#include "base/util.h"

#define TRACEBENCH_FEN "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#define MAX_REPEATS 3

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
