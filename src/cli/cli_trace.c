/* cli_trace.c: "quiesce trace": one search with every decision written out as text, JSON or DOT. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/inputfile.h"
#include "cli/cli.h"
#include "chess/fen.h"
#include "search/option.h"
#include "search/search.h"
#include "search/trace.h"
#include "chess/pgn.h"
#include "tracefile/traceformat.h"
#include "tracefile/traceio.h"
#include "base/util.h"

static const char trace_usage_options[] =
	"Position:\n"
	"      --fen FEN          the position (default: the starting position)\n"
	"Output options:\n"
	"      --format FORMAT    text (default: an indented tree), json (one JSON document),\n"
	"                         jsonl (JSON Lines: one record a line), both compact\n"
	"                         (only what cannot be derived); json-full and jsonl-full\n"
	"                         (every field); dot (Graphviz) or pgn (the line and the\n"
	"                         root alternatives)\n"
	"  -o, --output FILE      write to FILE (replaced atomically) instead of standard output;\n"
	"                         without --format, the format its name ends in: .json,\n"
	"                         .jsonl, .dot, .pgn or .txt (any other name: text);\n"
	"                         a name ending in .gz is written compressed (gzip)\n"
	"  -h, --help             display this help and exit\n\n";

int cli_trace(int argc, char **argv)
{
	static const struct option longopts[] = {
		CLI_PGN_LONGOPTS,
		{ "format", required_argument, NULL, 'F' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct search_options opt;
	struct search_result res;
	struct position pos;
	struct error err = { 0 };
	const char *fen = BOARD_START_FEN, *output = NULL;
	const struct traceformat *format = NULL;
	char names[128];
	struct trace *t;
	int c, rc = 0;

	option_defaults(&opt);
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "d:m:o:h", cli_longopts(longopts), NULL)) != -1) {
		if ((rc = cli_search_option(c, optarg, &opt, &fen)) >= 0) {
			if (rc)
				return rc;
			continue;
		}
		switch (c) {
		case 'F': {
			const struct traceformat *f = traceformat_find(optarg);

			if (f == NULL) {
				traceformat_names(", ", names, sizeof names);
				return cli_usage_error("trace: invalid --format '%s': expected one of %s", cli_cut(optarg), names);
			}
			format = f;
			break;
		}
		case 'o':
			if (*optarg == '\0')
				return cli_usage_error("trace: --output needs a file name");
			output = optarg;
			break;
		case 'h':
			cli_print_command_help("trace", trace_usage_options);
			fputs(cli_pgn_options_help, stdout);
			cli_print_search_options_help(stdout);
			return 0;
		default:
			/* --format has no short form, so getopt's "-F" would puzzle the reader. */
			if (c == '?' && optopt == 'F') {
				traceformat_names(", ", names, sizeof names);
				return cli_usage_error("trace: --format needs an argument: one of %s", names);
			}
			return cli_option_error(argv);
		}
	}
	if (optind < argc)
		return cli_usage_error("trace: unexpected argument '%s'", cli_cut(argv[optind]));
	/* The trace must not replace the game it was searched from (the same file by another name included). */
	if (output != NULL && cli_pgn_path() != NULL && inputfile_same(output, cli_pgn_path()))
		return cli_usage_error("trace: --output '%s' is the --pgn file: the trace would replace the game; "
				       "write it to another file", cli_cut(output));
	if ((rc = cli_search_position(&fen)) != 0)
		return rc;
	if (!fen_parse(&pos, fen, &err)) {
		return cli_usage_error("invalid FEN '%s': %s", cli_cut(fen), err.msg);
	}

	rc = 0;   /* the option loop leaves cli_search_option's "not mine" (-1) here */
	t = trace_new();
	search_run(&pos, &opt, t, NULL, &res);
	if (output != NULL) {
		/* The one save path: atomic, gzip by the name, the format by the name unless --format gave it. */
		if (!traceformat_save(output, format, t, &pos, &opt, &res, &err)) {
			fprintf(stderr, "quiesce: %s\n", err.msg);
			rc = 1;
		}
	} else {
		(format ? format : traceformat_find("text"))->writer(stdout, t, &pos, &opt, &res);
		if (fflush(stdout) != 0 || ferror(stdout)) {
			fprintf(stderr, "quiesce: cannot write the trace to standard output: %s\n", strerror(errno));
			rc = 1;
		}
	}
	if (res.stopped) {
		char why[96];

		search_stop_reason(&res, &opt, why, sizeof why);
		fprintf(stderr, "quiesce: search stopped after %llu nodes (%s): the trace is cut at node %lu\n",
			(unsigned long long)res.nodes, why, (unsigned long)trace_stopped_at(t));
	}
	trace_free(t);
	return rc;
}
