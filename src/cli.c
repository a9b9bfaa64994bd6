/* cli.c: helpers the subcommands share: usage errors and argument parsing. */
#include "cli.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

int cli_usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("quiesce: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\nTry 'quiesce --help' for more information.\n", stderr);
	return EXIT_USAGE;
}

bool cli_parse_int(const char *text, long max, long *out)
{
	char *end;
	long v;

	if (text == NULL || *text < '0' || *text > '9')
		return false;
	v = strtol(text, &end, 10);
	if (*end != '\0' || v < 0 || v > max)
		return false;
	*out = v;
	return true;
}

const char *cli_cut(const char *text)
{
	static char bufs[4][UTIL_CUT_MAX + 4];
	static int next;

	next = (next + 1) % 4;
	return util_cut(text, bufs[next], sizeof bufs[next]);
}

int cli_option_error(char **argv)
{
	const char *arg = argv[optind - 1];

	/* getopt reports a long option's missing argument through its short code. */
	if (arg != NULL && arg[0] == '-' && arg[1] == '-')
		return cli_usage_error("unrecognized option or missing argument: '%s'", cli_cut(arg));
	if (optopt != 0 && optopt != '?')
		return cli_usage_error("invalid option or missing argument: '-%c'", optopt);
	return cli_usage_error("unrecognized option or missing argument: '%s'", cli_cut(arg));
}

const char cli_search_options_help[] =
	"Search options:\n"
	"  -d, --depth N          main search depth in plies (default 2)\n"
	"  -m, --mode MODE        quiescence: none, captures (default) or checks\n"
	"      --check-plies N    mode checks: quiet checks in the first N quiescence\n"
	"                         plies (default 1; 'all' for every ply)\n"
	"      --qdepth N         stop the quiescence search N plies deep\n"
	"      --delta[=MARGIN]   delta pruning with a margin of 0 to 10000 centipawns\n"
	"                         (default 200; --delta=0 is a margin of 0)\n"
	"      --no-delta         no delta pruning (the default)\n"
	"      --see              skip captures that lose material by SEE\n"
	"      --fail-soft        return the best value found, not the bound\n"
	"      --fail-hard        clamp results to the window (default)\n"
	"      --no-stand-pat     brute quiescence: never stand pat\n"
	"      --no-evasions      in check, search only tactical moves (the faulty variant)\n"
	"      --pawn-pushes      also search pawn pushes to the seventh rank (Rival)\n"
	"      --order ORDER      mvv-lva (default) or none\n"
	"      --eval EVAL        material (default) or pst\n"
	"      --max-nodes N      stop the search after N nodes\n";

int cli_search_option(int code, const char *arg, struct search_options *opt, const char **fen)
{
	static const char *const names[] = {
		"fen", "depth", "mode", "check-plies", "qdepth", "delta", "see", "fail-soft",
		"fail-hard", "no-stand-pat", "no-evasions", "pawn-pushes", "order", "eval", "max-nodes", "no-delta"
	};
	struct error err = { 0 };
	int i = code == 'd' ? 1 : code == 'm' ? 2 : code - CLI_OPT_BASE;   /* -d and -m are short for --depth, --mode */

	if (i < 0 || i >= (int)(sizeof names / sizeof names[0]))
		return -1;
	if (i == 0) {
		*fen = arg;
		return 0;
	}
	if (!search_option_set(opt, names[i], i == 5 && arg == NULL ? "on" : arg, &err))
		return cli_usage_error("--%s: %s", names[i], err.msg);
	return 0;
}
