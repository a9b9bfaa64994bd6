/* cli_compare.c: "quiesce compare": a suite under several modes, tabulated like a paper's table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "play/compare.h"
#include "base/datadir.h"
#include "chess/notation.h"
#include "search/option.h"
#include "search/search.h"
#include "chess/suite.h"
#include "base/util.h"

#define MAX_JOBS 256
#define MAX_LIMIT 100000000L
#define MAX_CAP 2000000000L

static const char compare_usage_options[] =
	"Runs every position of FILE under each mode of LIST and counts, per mode,\n"
	"the positions solved (the move found is a bm and not an am) and the work\n"
	"done. FILE is an EPD suite (bm/am opcodes) or a Lichess puzzle CSV\n"
	"(PuzzleId,FEN,Moves,...: Moves[0] is played first, Moves[1] is the answer).\n"
	"A mode is none, captures, checks, brute (no stand pat), faulty (no check\n"
	"evasions), rival (pawn pushes) or modern (futility, SEE threshold, evasion\n"
	"pruning, recaptures only, transposition table), then any of +delta[=M],\n"
	"+see, +soft, +checks-all, +qdepth=N, +depth=N, +OPTION[=VALUE] (a search\n"
	"option).\n\n"
	"Compare options:\n"
	"      --epd FILE         the suite (looked up in the data directory too)\n"
	"      --modes LIST       comma-separated modes, e.g. none,captures,brute\n"
	"      --limit N          only the first N positions\n"
	"      --jobs N           search on N threads (default 1; 0: one per CPU);\n"
	"                         the results do not depend on N\n"
	"      --cap N            stop a search after N nodes and count it as capped\n"
	"                         and unsolved (default 2000000; 0: no cap)\n"
	"      --format FORMAT    table (default), csv or json\n"
	"      --per-position     also give each position's move under each mode\n"
	"      --no-progress      no progress bar (it is drawn only on a terminal)\n"
	"  -h, --help             display this help and exit\n\n";

/* Writes TEXT as a JSON string. */
static void json_string(const char *text)
{
	putchar('"');
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		if (*p == '"' || *p == '\\')
			printf("\\%c", *p);
		else if (*p < 0x20)
			printf("\\u%04x", *p);
		else
			putchar(*p);
	}
	putchar('"');
}

/* Writes TEXT as a CSV field, quoted when it holds a ',', a '"' or a line break. */
static void csv_string(const char *text)
{
	if (strpbrk(text, ",\"\r\n") == NULL) {
		fputs(text, stdout);
		return;
	}
	putchar('"');
	for (const char *p = text; *p; p++) {
		if (*p == '"')
			putchar('"');
		putchar(*p);
	}
	putchar('"');
}

/* Writes the moves MOVES of POS in SAN, separated by spaces, into BUF. */
static void san_list(const struct position *pos, const move *moves, int n, char *buf, size_t size)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < n && used < size; i++) {
		char san[NOTATION_BUFSIZE];

		notation_san(pos, moves[i], san);
		used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? " " : "", san);
	}
}

/* What the position expects, as "bm Qg6", "am Qxb7", "bm Nf3 am Nc3" or "-". */
static void expected_text(const struct suite_position *sp, char *buf, size_t size)
{
	char bm[128], am[128];

	san_list(&sp->pos, sp->bm, sp->bm_count, bm, sizeof bm);
	san_list(&sp->pos, sp->am, sp->am_count, am, sizeof am);
	if (sp->bm_count && sp->am_count)
		snprintf(buf, size, "bm %s; am %s", bm, am);
	else if (sp->bm_count)
		snprintf(buf, size, "bm %s", bm);
	else if (sp->am_count)
		snprintf(buf, size, "am %s", am);
	else
		snprintf(buf, size, "-");
}

static void best_san(const struct suite_position *sp, const struct compare_result *r, char *buf)
{
	if (r->best == MOVE_NONE)
		strcpy(buf, "(none)");
	else
		notation_san(&sp->pos, r->best, buf);
}

/* The mark after a move in the per-position table: solved, capped, unscorable or nothing. */
static const char *result_mark(const struct compare_result *r)
{
	if (r->capped)
		return " (capped)";
	if (!r->scorable)
		return " ?";
	return r->solved ? " *" : "";
}

static void print_per_position_table(const struct compare_run *run)
{
	int idw = 2, expw = 8;
	int *modew = xcalloc((size_t)run->nmodes, sizeof *modew);
	char exp[300], san[NOTATION_BUFSIZE], cell[64];

	for (int p = 0; p < run->npositions; p++) {
		const struct suite_position *sp = &run->suite->positions[p];
		int len = (int)strlen(sp->id);

		idw = len > idw ? len : idw;
		expected_text(sp, exp, sizeof exp);
		len = (int)strlen(exp);
		expw = len > expw ? len : expw;
	}
	for (int m = 0; m < run->nmodes; m++) {
		modew[m] = (int)strlen(run->modes[m].name);
		for (int p = 0; p < run->npositions; p++) {
			const struct compare_result *r = compare_result_at(run, m, p);
			int len;

			best_san(&run->suite->positions[p], r, san);
			len = snprintf(cell, sizeof cell, "%s%s", san, result_mark(r));
			modew[m] = len > modew[m] ? len : modew[m];
		}
	}
	printf("%-*s  %-*s", idw, "id", expw, "expected");
	for (int m = 0; m < run->nmodes; m++)
		printf("  %-*s", m + 1 < run->nmodes ? modew[m] : 0, run->modes[m].name);
	putchar('\n');
	for (int p = 0; p < run->npositions; p++) {
		const struct suite_position *sp = &run->suite->positions[p];

		expected_text(sp, exp, sizeof exp);
		printf("%-*s  %-*s", idw, sp->id, expw, exp);
		for (int m = 0; m < run->nmodes; m++) {
			const struct compare_result *r = compare_result_at(run, m, p);

			best_san(sp, r, san);
			snprintf(cell, sizeof cell, "%s%s", san, result_mark(r));
			/* The last cell is not padded: no trailing blanks. */
			printf("  %-*s", m + 1 < run->nmodes ? modew[m] : 0, cell);
		}
		putchar('\n');
	}
	printf("(* solved, ? no bm or am to score, (capped) stopped by --cap: unsolved)\n\n");
	free(modew);
}

static void print_table(const struct compare_run *run, const char *path, const struct search_options *base,
			bool per_position, int jobs)
{
	const struct suite *s = run->suite;
	int namew = 4, scorable = 0;
	char desc[256], solved[32];
	double nodes = 0.0;

	for (int p = 0; p < run->npositions; p++)
		scorable += suite_scorable(&s->positions[p]);
	option_describe(base, false, false, desc, sizeof desc);
	printf("suite:   %s (%s, %d position%s, %d scorable)\n", path, suite_format_name(s->format),
	       run->npositions, run->npositions == 1 ? "" : "s", scorable);
	printf("base:    %s\n", desc);
	if (base->max_nodes)
		printf("cap:     %llu nodes per search (a capped search counts as unsolved)\n\n",
		       (unsigned long long)base->max_nodes);
	else
		printf("cap:     none\n\n");
	if (per_position)
		print_per_position_table(run);

	for (int m = 0; m < run->nmodes; m++) {
		int len = (int)strlen(run->modes[m].name);

		namew = len > namew ? len : namew;
	}
	printf("%-*s  %5s  %9s  %8s  %12s  %7s  %10s  %10s  %9s  %6s  %8s\n", namew, "mode", "depth",
	       "solved", "accuracy", "nodes", "q-share", "nodes/pos", "sp-cutoffs", "prunes", "capped",
	       "time(s)");
	for (int m = 0; m < run->nmodes; m++) {
		const struct compare_row *row = &run->rows[m];

		snprintf(solved, sizeof solved, "%d/%d", row->solved, row->scorable);
		printf("%-*s  %5d  %9s  %8.3f  %12llu  %6.1f%%  %10.0f  %10llu  %9llu  %6d  %8.3f\n",
		       namew, run->modes[m].name, run->modes[m].opt.depth, solved, row->accuracy,
		       (unsigned long long)row->nodes, 100.0 * row->qshare, row->nodes_per_position,
		       (unsigned long long)row->stand_pat_cutoffs,
		       (unsigned long long)(row->delta_prunes + row->see_prunes + row->modern_prunes), row->capped,
		       row->seconds);
		nodes += (double)row->nodes;
	}
	{
		int searches = run->npositions * run->nmodes;
		double cpu = 0.0;

		for (int m = 0; m < run->nmodes; m++)
			cpu += run->rows[m].seconds;
		printf("\n%d search%s on %d thread%s: %.3f s elapsed, %.3f s of search CPU time\n",
		       searches, searches == 1 ? "" : "es", jobs, jobs == 1 ? "" : "s", run->elapsed, cpu);
		printf("throughput: %.0f searches/s and %.0f nodes/s per CPU; %.0f searches/s elapsed\n",
		       cpu > 0 ? searches / cpu : 0.0, cpu > 0 ? nodes / cpu : 0.0,
		       run->elapsed > 0 ? searches / run->elapsed : 0.0);
	}
}

static void print_csv(const struct compare_run *run, bool per_position)
{
	char exp[300], san[NOTATION_BUFSIZE], uci[NOTATION_BUFSIZE];

	if (per_position) {
		puts("mode,depth,index,id,line,bm,am,best,best_san,score,scorable,solved,capped,nodes,qnodes,seconds");
		for (int m = 0; m < run->nmodes; m++) {
			for (int p = 0; p < run->npositions; p++) {
				const struct suite_position *sp = &run->suite->positions[p];
				const struct compare_result *r = compare_result_at(run, m, p);

				csv_string(run->modes[m].name);
				printf(",%d,%d,", run->modes[m].opt.depth, p + 1);
				csv_string(sp->id);
				printf(",%d,", sp->line);
				san_list(&sp->pos, sp->bm, sp->bm_count, exp, sizeof exp);
				csv_string(exp);
				putchar(',');
				san_list(&sp->pos, sp->am, sp->am_count, exp, sizeof exp);
				csv_string(exp);
				notation_uci(r->best, uci);
				best_san(sp, r, san);
				/* A capped search's score is the best of its finished root moves, empty if none finished. */
				printf(",%s,%s,", r->best ? uci : "", r->best ? san : "");
				if (r->has_score)
					printf("%d", r->score);
				printf(",%d,%d,%d,%llu,%llu,%.6f\n", r->scorable, r->solved, r->capped,
				       (unsigned long long)r->nodes, (unsigned long long)r->qnodes, r->seconds);
			}
		}
		return;
	}
	puts("mode,depth,positions,scorable,solved,accuracy,nodes,qnodes,qshare,nodes_per_position,"
	     "stand_pat_cutoffs,beta_cutoffs,delta_prunes,see_prunes,capped,seconds");
	for (int m = 0; m < run->nmodes; m++) {
		const struct compare_row *row = &run->rows[m];

		csv_string(run->modes[m].name);
		printf(",%d,%d,%d,%d,%.4f,%llu,%llu,%.4f,%.1f,%llu,%llu,%llu,%llu,%d,%.6f\n",
		       run->modes[m].opt.depth, row->positions, row->scorable, row->solved, row->accuracy,
		       (unsigned long long)row->nodes, (unsigned long long)row->qnodes, row->qshare,
		       row->nodes_per_position, (unsigned long long)row->stand_pat_cutoffs,
		       (unsigned long long)row->beta_cutoffs, (unsigned long long)row->delta_prunes,
		       (unsigned long long)row->see_prunes, row->capped, row->seconds);
	}
}

static void print_json(const struct compare_run *run, const char *path, const struct search_options *base,
		       bool per_position, int jobs)
{
	char desc[256], san[NOTATION_BUFSIZE], uci[NOTATION_BUFSIZE], exp[300];
	int scorable = 0;

	for (int p = 0; p < run->npositions; p++)
		scorable += suite_scorable(&run->suite->positions[p]);
	printf("{\"suite\": ");
	json_string(path);
	printf(", \"format\": \"%s\", \"positions\": %d, \"scorable\": %d, \"cap\": %llu, \"jobs\": %d, "
	       "\"elapsed\": %.6f, \"modes\": [", suite_format_name(run->suite->format), run->npositions,
	       scorable, (unsigned long long)base->max_nodes, jobs, run->elapsed);
	for (int m = 0; m < run->nmodes; m++) {
		const struct compare_row *row = &run->rows[m];

		option_describe(&run->modes[m].opt, false, false, desc, sizeof desc);
		printf("%s\n  {\"mode\": ", m ? "," : "");
		json_string(run->modes[m].name);
		printf(", \"options\": ");
		json_string(desc);
		printf(", \"depth\": %d, \"positions\": %d, \"scorable\": %d, \"solved\": %d, \"accuracy\": %.4f, "
		       "\"nodes\": %llu, \"qnodes\": %llu, \"qshare\": %.4f, \"nodes_per_position\": %.1f, "
		       "\"stand_pat_cutoffs\": %llu, \"beta_cutoffs\": %llu, \"delta_prunes\": %llu, "
		       "\"see_prunes\": %llu, \"capped\": %d, \"seconds\": %.6f",
		       run->modes[m].opt.depth, row->positions, row->scorable, row->solved, row->accuracy,
		       (unsigned long long)row->nodes, (unsigned long long)row->qnodes, row->qshare,
		       row->nodes_per_position, (unsigned long long)row->stand_pat_cutoffs,
		       (unsigned long long)row->beta_cutoffs, (unsigned long long)row->delta_prunes,
		       (unsigned long long)row->see_prunes, row->capped, row->seconds);
		if (per_position) {
			printf(", \"results\": [");
			for (int p = 0; p < run->npositions; p++) {
				const struct suite_position *sp = &run->suite->positions[p];
				const struct compare_result *r = compare_result_at(run, m, p);

				printf("%s\n    {\"id\": ", p ? "," : "");
				json_string(sp->id);
				printf(", \"line\": %d, \"bm\": ", sp->line);
				san_list(&sp->pos, sp->bm, sp->bm_count, exp, sizeof exp);
				json_string(exp);
				printf(", \"am\": ");
				san_list(&sp->pos, sp->am, sp->am_count, exp, sizeof exp);
				json_string(exp);
				notation_uci(r->best, uci);
				best_san(sp, r, san);
				if (r->best)
					printf(", \"best\": \"%s\", \"san\": \"%s\"", uci, san);
				else
					printf(", \"best\": null, \"san\": null");
				if (r->has_score)
					printf(", \"score\": %d", r->score);
				else
					printf(", \"score\": null");
				printf(", \"scorable\": %s, \"solved\": %s, \"capped\": %s, "
				       "\"nodes\": %llu, \"qnodes\": %llu, \"seconds\": %.6f}",
				       r->scorable ? "true" : "false", r->solved ? "true" : "false",
				       r->capped ? "true" : "false", (unsigned long long)r->nodes,
				       (unsigned long long)r->qnodes, r->seconds);
			}
			printf("]");
		}
		printf("}");
	}
	printf("]}\n");
}

/* Parses the number ARG of option NAME from LO to HI into *OUT, or reports a usage error. */
static bool number_option(const char *name, const char *arg, long lo, long hi, long *out)
{
	if (!cli_parse_int(arg, hi, out) || *out < lo) {
		cli_usage_error("compare: invalid --%s '%s': expected a whole number from %ld to %ld",
				name, cli_cut(arg), lo, hi);
		return false;
	}
	return true;
}

/* The progress bar on standard error (a terminal), cleared at the end so that the line is left as it was. */
static void draw_progress(void *ctx, size_t done, size_t total, bool end)
{
	int width = 30, filled = total ? (int)((double)width * (double)done / (double)total) : width;

	(void)ctx;
	if (end)
		fprintf(stderr, "\r%*s\r", 70, "");
	else
		fprintf(stderr, "\rcompare [%.*s%*s] %zu/%zu searches", filled, "##############################",
			width - filled, "", done, total);
	fflush(stderr);
}

int cli_compare(int argc, char **argv)
{
	enum { OPT_EPD = 1, OPT_MODES, OPT_LIMIT, OPT_JOBS, OPT_CAP, OPT_FORMAT, OPT_PER_POSITION,
	       OPT_NO_PROGRESS };
	static const struct option longopts[] = {
		{ "epd", required_argument, NULL, OPT_EPD },
		{ "modes", required_argument, NULL, OPT_MODES },
		{ "limit", required_argument, NULL, OPT_LIMIT },
		{ "jobs", required_argument, NULL, OPT_JOBS },
		{ "cap", required_argument, NULL, OPT_CAP },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "per-position", no_argument, NULL, OPT_PER_POSITION },
		{ "no-progress", no_argument, NULL, OPT_NO_PROGRESS },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct search_options base;
	struct compare_mode *modes = NULL;
	struct compare_config cfg = { .jobs = 1 };
	struct compare_run run;
	struct suite suite;
	struct error err = { 0 };
	const char *fen = NULL, *epd = NULL, *list = NULL, *format = "table";
	char *path;
	long limit = 0, jobs = 1, cap = COMPARE_DEFAULT_CAP;
	bool per_position = false, no_progress = false, cap_given = false;
	int c, rc, nmodes = 0;

	option_defaults(&base);
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "d:m:h", cli_longopts(longopts), NULL)) != -1) {
		if ((rc = cli_search_option(c, optarg, &base, &fen)) >= 0) {
			if (rc)
				return rc;
			continue;
		}
		switch (c) {
		case OPT_EPD:
			epd = optarg;
			break;
		case OPT_MODES:
			list = optarg;
			break;
		case OPT_LIMIT:
			if (!number_option("limit", optarg, 1, MAX_LIMIT, &limit))
				return EXIT_USAGE;
			break;
		case OPT_JOBS:
			if (!number_option("jobs", optarg, 0, MAX_JOBS, &jobs))
				return EXIT_USAGE;
			break;
		case OPT_CAP:
			if (!number_option("cap", optarg, 0, MAX_CAP, &cap))
				return EXIT_USAGE;
			cap_given = true;
			break;
		case OPT_FORMAT:
			if (strcmp(optarg, "table") && strcmp(optarg, "csv") && strcmp(optarg, "json"))
				return cli_usage_error("compare: invalid --format '%s': expected table, csv or json",
						       cli_cut(optarg));
			format = optarg;
			break;
		case OPT_PER_POSITION:
			per_position = true;
			break;
		case OPT_NO_PROGRESS:
			no_progress = true;
			break;
		case 'h':
			cli_print_command_help("compare", compare_usage_options);
			cli_print_search_options_help(stdout);
			return 0;
		default:
			return cli_option_error(argv);
		}
	}
	if (optind < argc)
		return cli_usage_error("compare: unexpected argument '%s'", cli_cut(argv[optind]));
	if (fen != NULL)
		return cli_usage_error("compare: --fen does not apply: the positions come from --epd FILE");
	if (epd == NULL)
		return cli_usage_error("compare: --epd FILE is required (an EPD suite or a Lichess puzzle CSV)");
	if (list == NULL)
		return cli_usage_error("compare: --modes LIST is required, e.g. --modes none,captures,brute");

	/* The cap: --cap, else --max-nodes, else the default; a mode's +max-nodes=N overrides it. */
	if (cap_given || base.max_nodes == 0)
		base.max_nodes = (uint64_t)cap;
	if (!compare_modes_parse(list, &base, &modes, &nmodes, &err))
		return cli_usage_error("compare: %s", err.msg);
	if (jobs == 0) {
		long n = sysconf(_SC_NPROCESSORS_ONLN);

		jobs = n < 1 ? 1 : n > MAX_JOBS ? MAX_JOBS : n;
	}

	path = datadir_resolve(epd);
	if (!suite_load(&suite, path, &err)) {
		fprintf(stderr, "quiesce: compare: %s\n", err.msg);
		free(path);
		free(modes);
		return 1;
	}
	free(path);
	if (suite.count == 0) {
		fprintf(stderr, "quiesce: compare: %s: no positions in the suite\n", epd);
		suite_free(&suite);
		free(modes);
		return 1;
	}

	cfg.jobs = (int)jobs;
	cfg.progress = !no_progress && isatty(STDERR_FILENO) ? draw_progress : NULL;
	compare_run(&run, &suite, (int)limit, modes, nmodes, &cfg);

	if (!strcmp(format, "csv"))
		print_csv(&run, per_position);
	else if (!strcmp(format, "json"))
		print_json(&run, epd, &base, per_position, (int)jobs);
	else
		print_table(&run, epd, &base, per_position, (int)jobs);

	compare_run_free(&run);
	suite_free(&suite);
	free(modes);
	return 0;
}
