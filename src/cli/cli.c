/* cli.c: helpers the subcommands share: usage errors and argument parsing. */
#include "cli/cli.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "chess/pgn.h"
#include "base/util.h"

int cli_usage_error(const char *fmt, ...)
{
	va_list ap;
	char msg[1024];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	/* The message quotes the arguments: their control characters are shown as '?', not sent to the terminal. */
	for (char *c = msg; *c; c++)
		if (((unsigned char)*c < 0x20 && *c != '\n') || *c == 0x7f)
			*c = '?';
	fprintf(stderr, "quiesce: %s\nTry 'quiesce --help' for more information.\n", msg);
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
	"      --max-nodes N      stop the search after N nodes\n"
	"      --max-memory SIZE  stop a recorded search when its trace would pass SIZE\n"
	"                         (512M, 2G; default: half the physical memory or of\n"
	"                         what ulimit -v leaves, the smaller; 0: no limit)\n";

const char cli_pgn_options_help[] =
	"Position from a PGN game (instead of --fen):\n"
	"      --pgn FILE         the position from a game of the PGN file FILE\n"
	"      --game N           game N of the file, from 1 (default 1)\n"
	"      --ply N            after the game's first N half-moves (default: all)\n";

/* What --pgn, --game and --ply asked for (one command runs per process). */
static struct {
	const char *path;
	long game, ply;
	bool game_given, ply_given, fen_given;
} pgn_choice = { NULL, 1, -1, false, false, false };

int cli_search_position(const char **fen)
{
	static struct pgn_game g;
	static char buf[FEN_BUFSIZE];
	struct position pos;
	struct error err = { 0 };

	if (pgn_choice.path == NULL) {
		if (pgn_choice.game_given || pgn_choice.ply_given)
			return cli_usage_error("--%s needs --pgn FILE", pgn_choice.game_given ? "game" : "ply");
		return 0;
	}
	if (pgn_choice.fen_given)
		return cli_usage_error("give --fen or --pgn, not both");
	if (!pgn_load(pgn_choice.path, (int)pgn_choice.game, &g, &err)) {
		fprintf(stderr, "quiesce: %s\n", err.msg);
		return strstr(err.msg, "there is no game") ? EXIT_USAGE : 1;
	}
	if (!pgn_position_at(&g, (int)pgn_choice.ply, &pos))
		return cli_usage_error("--ply %ld: game %ld of %s has only %d half-moves", pgn_choice.ply,
				       pgn_choice.game, cli_cut(pgn_choice.path), g.game.nply);
	fen_format(&pos, buf);
	*fen = buf;
	return 0;
}

int cli_search_option(int code, const char *arg, struct search_options *opt, const char **fen)
{
	static const char *const names[] = {
		"fen", "depth", "mode", "check-plies", "qdepth", "delta", "see", "fail-soft",
		"fail-hard", "no-stand-pat", "no-evasions", "pawn-pushes", "order", "eval", "max-nodes", "no-delta",
		"max-memory"
	};
	struct error err = { 0 };
	int i = code == 'd' ? 1 : code == 'm' ? 2 : code - CLI_OPT_BASE;   /* -d and -m are short for --depth, --mode */

	/* --pgn, --game, --ply (CLI_PGN_LONGOPTS). */
	if (i == 20) {
		pgn_choice.path = arg;
		return 0;
	}
	if (i == 21 || i == 22) {
		long v;

		if (!cli_parse_int(arg, 1000000, &v) || (i == 21 && v < 1)) {
			/* A number too large (or 0 for --game) is out of range, not malformed: say so, with the limits. */
			if (arg[strspn(arg, "0123456789")] == '\0' && arg[0] != '\0')
				return cli_usage_error("invalid --%s '%s': out of range: expected %d to 1000000",
						       i == 21 ? "game" : "ply", cli_cut(arg), i == 21 ? 1 : 0);
			return cli_usage_error("invalid --%s '%s': expected a whole number from %d to 1000000",
					       i == 21 ? "game" : "ply", cli_cut(arg), i == 21 ? 1 : 0);
		}
		if (i == 21) {
			pgn_choice.game = v;
			pgn_choice.game_given = true;
		} else {
			pgn_choice.ply = v;
			pgn_choice.ply_given = true;
		}
		return 0;
	}
	if (i < 0 || i >= (int)(sizeof names / sizeof names[0]))
		return -1;
	if (i == 0) {
		*fen = arg;
		pgn_choice.fen_given = true;
		return 0;
	}
	if (!search_option_set(opt, names[i], i == 5 && arg == NULL ? "on" : arg, &err))
		return cli_usage_error("--%s: %s", names[i], err.msg);
	return 0;
}
