/*
 * fuzz_trace.c: a libFuzzer target for the trace reader (both forms): any
 * bytes, no crash, a refusal always says where; and a trace that reads must
 * write out in every form (the JSON document and JSON Lines, compact and of
 * every field) and read back from each into the same number of nodes and
 * events (issue 30: whatever the reader accepts, every writer writes in a
 * form the reader accepts). The same bytes checked while they are read
 * (tracecheck_read, check-trace's one pass) must read or fail alike, and
 * give the report the checker gives on the trace read (issue 27).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "search/search.h"
#include "search/trace.h"
#include "tracefile/tracecheck.h"
#include "tracefile/traceio.h"
#include "tracefile/tracereader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void die(const char *what, const char *detail)
{
	fprintf(stderr, "fuzz_trace: %s: %s\n", what, detail);
	abort();
}

/* Writes T with WRITER and reads it back: it must read, with as many nodes and events. */
static void round_trip(void (*writer)(FILE *, const struct trace *, const struct position *,
				      const struct search_options *, const struct search_result *),
		       const char *form, const struct trace *t, const struct position *root,
		       const struct search_options *opt, const struct search_result *res)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	struct trace *back = trace_new();
	struct position root2;
	struct search_options opt2;
	struct search_result res2;
	struct error err = { 0 };

	if (mem == NULL)
		return;
	writer(mem, t, root, opt, res);
	fclose(mem);
	mem = fmemopen(buf, len, "r");
	if (!tracereader_read(mem, "again", back, &root2, &opt2, &res2, NULL, &err))
		die(form, err.msg);
	if (trace_node_count(back) != trace_node_count(t) || trace_event_count(back) != trace_event_count(t))
		die(form, "read back with other counts");
	fclose(mem);
	free(buf);
	trace_free(back);
}

/* DATA checked while it is read: it reads exactly when the plain reading did (OK, with ERR), with T's report. */
static void one_pass(const uint8_t *data, size_t size, bool ok, const struct error *err, const struct trace *t,
		     const struct position *root, const struct search_options *opt, bool own_values)
{
	FILE *f = fmemopen((void *)data, size, "r");
	struct trace *u = trace_new();
	struct position root2;
	struct search_options opt2;
	struct search_result res2;
	struct tracereader_info info;
	struct tracecheck_config cfg = { 0 }, cfg2 = { 0 };
	struct tracecheck_report want, got;
	struct error err2 = { 0 };
	bool ok2;

	if (f == NULL)
		return;
	ok2 = tracecheck_read(f, "fuzz.json", u, &root2, &opt2, &res2, &info, &cfg2, &got, &err2);
	if (ok2 != ok || (!ok && strcmp(err->msg, err2.msg) != 0))
		die("checked while read, the reading differs", ok ? err2.msg : err->msg);
	if (ok) {
		cfg.own_values = own_values;
		tracecheck_run(t, root, opt, &cfg, &want);
		if (want.total != got.total || want.kept != got.kept ||
		    (want.kept && strcmp(want.v[0].msg, got.v[0].msg) != 0))
			die("checked while read, the report differs", want.kept ? want.v[0].msg : "");
		tracecheck_report_free(&want);
	}
	tracecheck_report_free(&got);
	trace_free(u);
	fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int initialised;
	static struct trace *t;
	struct position root;
	struct search_options opt;
	struct search_result res;
	struct tracereader_info info;
	struct error err = { 0 };
	bool ok;
	FILE *f;

	if (!initialised) {
		board_init();
		t = trace_new();
		initialised = 1;
	}
	if (size == 0)
		return 0;
	f = fmemopen((void *)data, size, "r");
	if (f == NULL)
		return 0;
	ok = tracereader_read(f, "fuzz.json", t, &root, &opt, &res, &info, &err);
	one_pass(data, size, ok, &err, t, &root, &opt, ok && !info.eval_other);
	if (!ok) {
		if (memchr(err.msg, '\0', sizeof err.msg) == NULL || err.msg[0] == '\0')
			die("a refused trace without a message", "");
		if (err.line < 1 || err.column < 1)
			die("a refusal without a line and column", err.msg);
		if (strncmp(err.msg, "fuzz.json:", 10) != 0)
			die("a refusal that does not name the file", err.msg);
	} else {
		round_trip(traceio_write_json, "JSON (every field)", t, &root, &opt, &res);
		round_trip(traceio_write_jsonl, "JSON Lines (every field)", t, &root, &opt, &res);
		round_trip(traceio_write_json_compact, "JSON (compact)", t, &root, &opt, &res);
		round_trip(traceio_write_jsonl_compact, "JSON Lines (compact)", t, &root, &opt, &res);
	}
	fclose(f);
	return 0;
}
