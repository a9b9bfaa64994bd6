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
#include "search/option.h"

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

void cli_print_search_options_help(FILE *out)
{
	char buf[4096];

	option_help(buf, sizeof buf);
	fputs(buf, out);
}

/* getopt_long's entries for --fen and the table's options, then a command's own; the codes of cli.h. */
const struct option *cli_longopts(const struct option *own)
{
	static struct option all[128];
	int n = 0;

	all[n++] = (struct option){ "fen", required_argument, NULL, CLI_OPT_FEN };
	for (int i = 0; i < option_count; i++) {
		const struct option_def *d = &option_table[i];

		if (d->flags & OPTION_NO_CLI)
			continue;
		if (d->type != OPTION_BOOL) {
			all[n++] = (struct option){ d->name, required_argument, NULL, CLI_OPT_SEARCH + 2 * i };
			continue;
		}
		if (d->on_flag)
			all[n++] = (struct option){ d->on_flag, d->number ? optional_argument : no_argument,
						    NULL, CLI_OPT_SEARCH + 2 * i };
		if (d->off_flag)
			all[n++] = (struct option){ d->off_flag, no_argument, NULL, CLI_OPT_SEARCH + 2 * i + 1 };
	}
	for (const struct option *o = own; o->name != NULL; o++) {
		if (n + 1 >= (int)(sizeof all / sizeof all[0]))
			util_die("cli_longopts: too many options");
		all[n++] = *o;
	}
	all[n] = (struct option){ NULL, 0, NULL, 0 };
	return all;
}

int cli_search_code(const char *name)
{
	const struct option_def *d = option_find(name);
	int i = d ? (int)(d - option_table) : -1;

	if (d == NULL)
		return -1;
	return CLI_OPT_SEARCH + 2 * i + (d->off_flag && !strcmp(name, d->off_flag));
}

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

const char *cli_pgn_path(void)
{
	return pgn_choice.path;
}

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
		return err.kind == ERROR_NOT_FOUND ? EXIT_USAGE : 1;
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
	struct error err = { 0 };
	const struct option_def *d = NULL;
	const char *name;
	int i = code - CLI_OPT_BASE;

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
	if (code == CLI_OPT_FEN) {
		*fen = arg;
		pgn_choice.fen_given = true;
		return 0;
	}
	/* The short options are the table's (-d for --depth, -m for --mode). */
	for (int k = 0; k < option_count && code < 128; k++)
		if (option_table[k].short_name == code)
			d = &option_table[k];
	if (d != NULL) {
		name = d->name;
	} else {
		i = code - CLI_OPT_SEARCH;
		if (i < 0 || i >= 2 * option_count)
			return -1;
		d = &option_table[i / 2];
		name = d->type != OPTION_BOOL ? d->name : i % 2 ? d->off_flag : d->on_flag;
	}
	if (!option_set_name(opt, name, arg, &err))
		return cli_usage_error("--%s: %s", name, err.msg);
	return 0;
}
