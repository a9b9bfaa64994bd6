/* cli_trace.c: "quiesce trace": one search with every decision written out as text, JSON or DOT. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/atomicfile.h"
#include "cli/cli.h"
#include "chess/fen.h"
#include "search/search.h"
#include "search/trace.h"
#include "play/pgn.h"
#include "tracefile/tracegz.h"
#include "tracefile/traceio.h"
#include "base/util.h"

static const char trace_usage_options[] =
	"Position:\n"
	"      --fen FEN          the position (default: the starting position)\n"
	"Output options:\n"
	"      --format FORMAT    text (default: an indented tree), json, jsonl (JSON Lines:\n"
	"                         one record a line, compact: what cannot be derived),\n"
	"                         jsonl-full (JSON Lines with every field), dot (Graphviz)\n"
	"                         or pgn (the line and the root alternatives)\n"
	"  -o, --output FILE      write to FILE (replaced atomically) instead of standard output;\n"
	"                         without --format, the format its name ends in: .json,\n"
	"                         .jsonl, .dot, .pgn or .txt (any other name: text);\n"
	"                         a name ending in .gz is written compressed (gzip)\n"
	"  -h, --help             display this help and exit\n\n";

typedef void (*trace_writer)(FILE *, const struct trace *, const struct position *,
			     const struct search_options *, const struct search_result *);

/* The formats, by the name --format takes and the file name ending --output infers it from. */
static const struct trace_format {
	const char *name, *ext;
	trace_writer writer;
} trace_formats[] = {
	{ "text", ".txt", traceio_write_text },
	{ "json", ".json", traceio_write_json },
	{ "jsonl", ".jsonl", traceio_write_jsonl_compact },
	{ "jsonl-full", NULL, traceio_write_jsonl },
	{ "dot", ".dot", traceio_write_dot },
	{ "pgn", ".pgn", pgn_write_search },
};

#define TRACE_FORMATS (sizeof trace_formats / sizeof trace_formats[0])

/* Whether NAME ends in SUFFIX, letters in either case. */
static bool ends_with(const char *name, const char *suffix)
{
	size_t n = strlen(name), k = strlen(suffix);

	return n > k && strcasecmp(name + n - k, suffix) == 0;
}

/*
 * The writer the name of the output file PATH implies: its ending's format
 * (before a ".gz", which compresses it), text for any other name.
 */
static void writer_for_name(const char *path, trace_writer *writer)
{
	char name[4096];
	size_t n = strlen(path);

	if (ends_with(path, ".gz"))
		n -= 3;
	snprintf(name, sizeof name, "%.*s", (int)n, path);
	*writer = traceio_write_text;
	for (size_t i = 0; i < TRACE_FORMATS; i++)
		if (trace_formats[i].ext != NULL && ends_with(name, trace_formats[i].ext))
			*writer = trace_formats[i].writer;
}

/*
 * Writes the trace to PATH atomically, compressed as gzip when PATH ends in
 * ".gz". Returns 0, or 1 after a message naming PATH.
 */
static int write_atomically(const char *path, trace_writer writer, const struct trace *t,
			    const struct position *root, const struct search_options *opt,
			    const struct search_result *res)
{
	struct atomicfile af;
	struct error err = { 0 };

	if (!atomicfile_open(&af, path, &err)) {
		fprintf(stderr, "quiesce: %s\n", err.msg);
		return 1;
	}
	if (ends_with(path, ".gz")) {
		FILE *z = tracegz_open_write(af.fp);

		if (z != NULL)
			writer(z, t, root, opt, res);
		if (z == NULL || fclose(z) != 0) {
			/* The temporary file goes: the commit is not made. */
			atomicfile_abort(&af);
			fprintf(stderr, "quiesce: %s: cannot write the compressed trace: %s\n", path, strerror(errno));
			return 1;
		}
	} else {
		writer(af.fp, t, root, opt, res);
	}
	if (!atomicfile_commit(&af, &err)) {
		fprintf(stderr, "quiesce: %s\n", err.msg);
		return 1;
	}
	return 0;
}

int cli_trace(int argc, char **argv)
{
	static const struct option longopts[] = {
		CLI_SEARCH_LONGOPTS,
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
	trace_writer writer = traceio_write_text;
	bool format_given = false;
	struct trace *t;
	int c, rc = 0;

	search_defaults(&opt);
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "d:m:o:h", longopts, NULL)) != -1) {
		if ((rc = cli_search_option(c, optarg, &opt, &fen)) >= 0) {
			if (rc)
				return rc;
			continue;
		}
		switch (c) {
		case 'F': {
			size_t i = 0;

			while (i < TRACE_FORMATS && strcmp(optarg, trace_formats[i].name) != 0)
				i++;
			if (i == TRACE_FORMATS)
				return cli_usage_error("trace: invalid --format '%s': expected text, json, jsonl, jsonl-full, dot or pgn",
							 cli_cut(optarg));
			writer = trace_formats[i].writer;
			format_given = true;
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
			fputs(cli_search_options_help, stdout);
			return 0;
		default:
			/* --format has no short form, so getopt's "-F" would puzzle the reader. */
			if (c == '?' && optopt == 'F')
				return cli_usage_error("trace: --format needs an argument: text, json, jsonl, dot or pgn");
			return cli_option_error(argv);
		}
	}
	if (optind < argc)
		return cli_usage_error("trace: unexpected argument '%s'", cli_cut(argv[optind]));
	if (output != NULL && !format_given)
		writer_for_name(output, &writer);
	if ((rc = cli_search_position(&fen)) != 0)
		return rc;
	if (!fen_parse(&pos, fen, &err)) {
		return cli_usage_error("invalid FEN '%s': %s", cli_cut(fen), err.msg);
	}

	rc = 0;   /* the option loop leaves cli_search_option's "not mine" (-1) here */
	t = trace_new();
	search_run(&pos, &opt, t, NULL, &res);
	if (output != NULL) {
		rc = write_atomically(output, writer, t, &pos, &opt, &res);
	} else {
		writer(stdout, t, &pos, &opt, &res);
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
