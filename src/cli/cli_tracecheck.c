/*
 * cli_tracecheck.c: "quiesce check-trace FILE...", the search rules checked
 * on traces written by quiesce or by another engine, for an engine's own CI.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "base/inputfile.h"
#include "tracefile/tracecheck.h"
#include "tracefile/tracereader.h"
#include "base/util.h"

static const char check_trace_options[] =
	"Options:\n"
	"  -q, --quiet            print only the violations, not a line per clean trace\n"
	"      --max N            print at most N violations a file (default 100; 0 for all)\n"
	"      --max-memory SIZE  read at most a quarter of SIZE of text a line or document\n"
	"                         (default: half the memory, within ulimit -v; 0: no limit)\n"
	"      --scope SCOPE      all (default) or quiescence: take the main search as given\n"
	"                         and check every quiescence subtree, each violation once\n"
	"                         where it starts, with the count of its consequences\n"
	"  -h, --help             display this help and exit\n\n"
	"Checks each trace against the search rules of the options it declares\n"
	"(quiesce-trace(5), CHECKED RULES). Each violation is printed as\n"
	"FILE: node N (MOVE PATH): RULE: what was expected and what was found.\n"
	"Exit status: 0 when every trace is clean, 1 when one breaks a rule or cannot\n"
	"be read, 2 for a usage error.\n";

/* The --max-memory of check-trace and diff, which bounds what cli_trace_load reads (0: the default budget). */
static uint64_t load_max_memory;

void cli_trace_load_budget(uint64_t max_memory)
{
	load_max_memory = max_memory;
}

/*
 * Reads the trace at PATH into LT; with CFG, checks it as it is read (one
 * pass, tracecheck_read) into REP. False with a message in ERR.
 */
static bool trace_load(const char *path, struct cli_loaded_trace *lt, struct tracecheck_config *cfg,
		       struct tracecheck_report *rep, struct error *err)
{
	struct tracereader_info info;
	FILE *f;
	bool ok;

	memset(lt, 0, sizeof *lt);
	f = inputfile_open(path, err);
	if (f == NULL) {
		char msg[sizeof err->msg];

		snprintf(msg, sizeof msg, "%s", err->msg);
		error_set(err, 0, 0, "%s: %s", path, msg);
		return false;
	}
	lt->trace = trace_new();
	tracereader_budget(lt->trace, load_max_memory);
	if (cfg != NULL)
		ok = tracecheck_read(f, path, lt->trace, &lt->root, &lt->opt, &lt->res, &info, cfg, rep, err);
	else
		ok = tracereader_read(f, path, lt->trace, &lt->root, &lt->opt, &lt->res, &info, err);
	if (!ok) {
		fclose(f);
		trace_free(lt->trace);
		lt->trace = NULL;
		return false;
	}
	fclose(f);
	tracereader_report_skipped(stderr, path, &info);
	lt->own_values = !info.eval_other;
	lt->own_order = !info.order_other;
	snprintf(lt->engine, sizeof lt->engine, "%s", info.engine);
	return true;
}

bool cli_trace_load(const char *path, struct cli_loaded_trace *lt, struct error *err)
{
	return trace_load(path, lt, NULL, NULL, err);
}

void cli_trace_unload(struct cli_loaded_trace *lt)
{
	trace_free(lt->trace);
	lt->trace = NULL;
}

/* Prints a load error: the reader's message names the file, line, column and JSON path. */
void cli_trace_load_error(const char *path, const struct error *err)
{
	(void)path;
	fprintf(stderr, "quiesce: %s\n", err->msg);
}

int cli_check_trace(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "max", required_argument, NULL, 'M' },
		{ "max-memory", required_argument, NULL, 'm' },
		{ "scope", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	bool quiet = false, scope_quiescence = false;
	long max = 100;
	int c, rc = 0;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "qh", longopts, NULL)) != -1) {
		switch (c) {
		case 'q':
			quiet = true;
			break;
		case 'M':
			if (!cli_parse_int(optarg, 1000000000L, &max))
				return cli_usage_error("check-trace: invalid --max '%s': expected a whole number (0 for all)",
						       cli_cut(optarg));
			break;
		case 'm':
			if (!search_memory_parse(optarg, &load_max_memory))
				return cli_usage_error("check-trace: invalid --max-memory '%s': expected a size such as "
						       "512M or 2G", cli_cut(optarg));
			break;
		case 'S':
			if (strcmp(optarg, "quiescence") != 0 && strcmp(optarg, "all") != 0)
				return cli_usage_error("check-trace: invalid --scope '%s': expected all or quiescence",
						       cli_cut(optarg));
			scope_quiescence = strcmp(optarg, "quiescence") == 0;
			break;
		case 'h':
			cli_print_command_help("check-trace", check_trace_options);
			return 0;
		default:
			return cli_option_error(argv);
		}
	}
	if (optind >= argc)
		return cli_usage_error("check-trace: no trace file given");
	for (int i = optind; i < argc; i++) {
		struct cli_loaded_trace lt;
		struct tracecheck_config cfg = { 0 };
		struct tracecheck_report rep;
		struct error err = { 0 };
		size_t shown;

		/* Checked while it is read (the file's evaluation sets cfg.own_values). */
		cfg.scope_quiescence = scope_quiescence;
		if (!trace_load(argv[i], &lt, &cfg, &rep, &err)) {
			cli_trace_load_error(argv[i], &err);
			rc = 1;
			continue;
		}
		shown = max == 0 || (size_t)max > rep.kept ? rep.kept : (size_t)max;
		for (size_t k = 0; k < shown; k++) {
			char path[256];

			tracecheck_path(lt.trace, rep.v[k].node, path, sizeof path);
			printf("%s: node %u (%s): %s: %s", argv[i], (unsigned)rep.v[k].node, path, rep.v[k].rule,
			       rep.v[k].msg);
			if (rep.v[k].consequences)
				printf(" (and %llu consequence%s below it)", (unsigned long long)rep.v[k].consequences,
				       rep.v[k].consequences == 1 ? "" : "s");
			putchar('\n');
		}
		if (rep.total > shown)
			printf("%s: ... and %zu more violation%s\n", argv[i], rep.total - shown,
			       rep.total - shown == 1 ? "" : "s");
		if (rep.total) {
			fprintf(stderr, "%s: %zu violation%s\n", argv[i], rep.total, rep.total == 1 ? "" : "s");
			rc = 1;
		} else if (!quiet) {
			printf("%s: ok (%llu nodes, %llu events)\n", argv[i], (unsigned long long)rep.nodes,
			       (unsigned long long)rep.events);
		}
		tracecheck_report_free(&rep);
		cli_trace_unload(&lt);
	}
	return rc;
}
