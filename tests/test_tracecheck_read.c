/*
 * test_tracecheck_read.c: check-trace's one pass agrees with the check of
 * the trace read (issue 27, item 7). "quiesce check-trace" checks a trace
 * while it reads it (tracecheck_read: the reader tells each event as it
 * records it); the reference is the checker walking the trace once it is
 * read (tracecheck_run, as before). Both must give the same report: the same
 * counts and, violation by violation, the same node, rule, message and
 * consequences. The traces are quiesce's own in the compact JSON Lines form,
 * clean and with planted faults (stand pat values, leave scores and windows
 * changed in the text, so that there are violations to compare), under
 * several option sets and both scopes; a truncated file must fail the same
 * way with an empty report.
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
#include "tracefile/traceio.h"
#include "tracefile/tracereader.h"

static int failures, compared, with_violations;

#define FAIL(...) do { failures++; if (failures <= 10) { fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

/* The text of F (rewound), NUL-terminated; its length in *LEN. */
static char *slurp(FILE *f, size_t *len)
{
	long n;
	char *s;

	fflush(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	s = malloc((size_t)n + 1);
	if (s == NULL || fread(s, 1, (size_t)n, f) != (size_t)n)
		exit(99);
	s[n] = '\0';
	*len = (size_t)n;
	return s;
}

/*
 * TEXT with faults planted (every STRIDE-th line of a kind changed): a stand
 * pat one more, a leave score one less, an enter given a window of its own.
 */
static char *plant(const char *text, int stride)
{
	size_t cap = strlen(text) * 2 + 64, at = 0;
	char *out = malloc(cap);
	int line = 0;

	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);
		int v;

		line++;
		if (line % stride == 0 && sscanf(p, "[\"stand_pat\",%d]", &v) == 1)
			at += (size_t)sprintf(out + at, "[\"stand_pat\",%d]\n", v + 1);
		else if (line % stride == 1 && sscanf(p, "[\"leave\",%d]", &v) == 1)
			at += (size_t)sprintf(out + at, "[\"leave\",%d]\n", v - 1);
		else if (line % (stride * 3) == 2 && strncmp(p, "[\"enter\"]", 9) == 0)
			at += (size_t)sprintf(out + at, "[\"enter\",{\"alpha\":-40,\"beta\":40}]\n");
		else {
			memcpy(out + at, p, n);
			at += n;
		}
		p += n;
	}
	out[at] = '\0';
	return out;
}

/* Checks TEXT both ways, with SCOPE, and compares the reports. */
static void compare(const char *text, bool scope, const char *where)
{
	FILE *a = fmemopen((void *)text, strlen(text), "r"), *b = fmemopen((void *)text, strlen(text), "r");
	struct trace *t = trace_new(), *u = trace_new();
	struct position root, root2;
	struct search_options opt, opt2;
	struct search_result res, res2;
	struct tracereader_info info, info2;
	struct tracecheck_config cfg = { .scope_quiescence = scope }, cfg2 = { .scope_quiescence = scope };
	struct tracecheck_report want, got;
	struct error err = { 0 }, err2 = { 0 };
	bool ok = tracereader_read(a, "t", t, &root, &opt, &res, &info, &err);
	bool ok2 = tracecheck_read(b, "t", u, &root2, &opt2, &res2, &info2, &cfg2, &got, &err2);

	compared++;
	if (ok != ok2 || (!ok && strcmp(err.msg, err2.msg) != 0)) {
		FAIL("%s: reading: %d \"%s\" against one pass %d \"%s\"", where, ok, err.msg, ok2, err2.msg);
	} else if (!ok) {
		if (got.total != 0 || got.kept != 0 || got.v != NULL)
			FAIL("%s: a reading that fails leaves a report (%zu violations)", where, got.total);
	} else {
		cfg.own_values = !info.eval_other;
		tracecheck_run(t, &root, &opt, &cfg, &want);
		with_violations += want.total > 0;
		if (want.total != got.total || want.kept != got.kept || want.nodes != got.nodes || want.events != got.events ||
		    cfg.own_values != cfg2.own_values)
			FAIL("%s: %zu violations (%zu kept), %llu nodes, %llu events against one pass %zu (%zu), %llu, %llu",
			     where, want.total, want.kept, (unsigned long long)want.nodes, (unsigned long long)want.events,
			     got.total, got.kept, (unsigned long long)got.nodes, (unsigned long long)got.events);
		for (size_t i = 0; i < want.kept && i < got.kept; i++) {
			if (want.v[i].node != got.v[i].node || strcmp(want.v[i].rule, got.v[i].rule) != 0 ||
			    strcmp(want.v[i].msg, got.v[i].msg) != 0 || want.v[i].consequences != got.v[i].consequences) {
				FAIL("%s: violation %zu: node %u %s: %s (%llu) against one pass node %u %s: %s (%llu)", where, i,
				     (unsigned)want.v[i].node, want.v[i].rule, want.v[i].msg,
				     (unsigned long long)want.v[i].consequences, (unsigned)got.v[i].node, got.v[i].rule,
				     got.v[i].msg, (unsigned long long)got.v[i].consequences);
				break;
			}
		}
		tracecheck_report_free(&want);
	}
	tracecheck_report_free(&got);
	trace_free(t);
	trace_free(u);
	fclose(a);
	fclose(b);
}

/* Searches POS under O, and compares the two checks on its trace, clean, faulty and cut short. */
static void one(const struct position *pos, const struct search_options *o, const char *where)
{
	struct trace *t = trace_new();
	struct search_result res;
	FILE *f = tmpfile();
	char *text, *bad, name[200];
	size_t len;

	if (f == NULL)
		exit(99);
	search_run(pos, o, t, NULL, &res);
	traceio_write_jsonl_compact(f, t, pos, o, &res);
	text = slurp(f, &len);
	for (int scope = 0; scope < 2; scope++) {
		snprintf(name, sizeof name, "%s, clean%s", where, scope ? ", scope quiescence" : "");
		compare(text, scope, name);
		for (int stride = 3; stride <= 13; stride += 5) {
			bad = plant(text, stride);
			snprintf(name, sizeof name, "%s, faults every %d lines%s", where, stride, scope ? ", scope quiescence" : "");
			compare(bad, scope, name);
			free(bad);
		}
	}
	/* Cut in the middle of a line: both fail, with the same message. */
	text[len / 2] = '\0';
	snprintf(name, sizeof name, "%s, truncated", where);
	compare(text, false, name);
	free(text);
	fclose(f);
	trace_free(t);
}

int main(void)
{
	static const char *const fens[] = {
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r1bqk2r/ppp1nppp/4p3/n5N1/2BPp3/P1P5/2P2PPP/R1BQK2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	};
	board_init();
	for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
		for (int v = 0; v < 4; v++) {
			struct position pos;
			struct search_options o;
			struct error err = { 0 };
			char where[128];

			if (!fen_parse(&pos, fens[i], &err))
				return 99;
			option_defaults(&o);
			o.depth = 2 + (v & 1);
			o.mode = v < 2 ? QMODE_CAPTURES : QMODE_CHECKS;
			o.delta = v == 1;
			o.see = v == 2;
			o.fail_soft = v == 3;
			o.max_nodes = 20000;
			snprintf(where, sizeof where, "position %zu, options %d", i + 1, v);
			one(&pos, &o, where);
		}
	}
	printf("test_tracecheck_read: %d readings compared (%d with violations), %d failed\n", compared, with_violations,
	       failures);
	/* The faults must have been found, or the comparison proved little. */
	if (with_violations < compared / 3) {
		printf("test_tracecheck_read: too few readings with violations\n");
		return 1;
	}
	return failures != 0;
}
