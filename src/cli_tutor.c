/* cli_tutor.c: "quiesce" with no command, "quiesce tutor" and "quiesce repl": the interactive tutor. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "repl.h"
#include "session.h"
#include "ui.h"

static const char tutor_usage_options[] =
	"Tutor options:\n"
	"      --fen FEN          the position (default: the starting position)\n"
	"      --ascii            draw pieces as letters even in a UTF-8 locale\n"
	"  -h, --help             display this help and exit\n\n";

/*
 * Parses the tutor's options into a new session (searched once, so that
 * stepping can start at once). Returns the session, or NULL with *STATUS set
 * when the program should exit (after --help or a usage error).
 */
static struct session *tutor_setup(const char *name, int argc, char **argv, bool *ascii, int *status)
{
	static const struct option longopts[] = {
		CLI_SEARCH_LONGOPTS,
		{ "ascii", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct search_options opt;
	const char *fen = NULL;
	struct session *s;
	struct error err = { 0 };
	int c, rc;

	search_defaults(&opt);
	opt.max_nodes = SESSION_DEFAULT_MAX_NODES;
	opterr = 0;
	optind = 1;
	*status = 0;
	while ((c = getopt_long(argc, argv, "d:m:h", longopts, NULL)) != -1) {
		if (c == 'd')
			c = CLI_OPT_BASE + 1;
		else if (c == 'm')
			c = CLI_OPT_BASE + 2;
		if ((rc = cli_search_option(c, optarg, &opt, &fen)) >= 0) {
			if (rc) {
				*status = rc;
				return NULL;
			}
			continue;
		}
		switch (c) {
		case 'a':
			*ascii = true;
			break;
		case 'h':
			cli_print_command_help(name, tutor_usage_options);
			fputs(cli_search_options_help, stdout);
			return NULL;
		default:
			*status = cli_option_error(argv);
			return NULL;
		}
	}
	if (optind < argc) {
		*status = cli_usage_error("%s: unexpected argument '%s'", name, argv[optind]);
		return NULL;
	}
	s = session_new();
	if (fen && !session_set_fen(s, fen, &err)) {
		fprintf(stderr, "quiesce: invalid FEN '%s': %s\n", fen, err.msg);
		session_free(s);
		*status = EXIT_USAGE;
		return NULL;
	}
	s->opt = opt;
	session_search(s);
	return s;
}

/* Whether the curses tutor can run: stdin and stdout are terminals and TERM is not dumb. */
static bool can_use_curses(void)
{
	const char *term = getenv("TERM");

	return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) && term && *term && strcmp(term, "dumb") != 0;
}

int cli_repl(int argc, char **argv)
{
	bool ascii = false;
	int status;
	struct session *s = tutor_setup("repl", argc, argv, &ascii, &status);

	if (!s)
		return status;
	status = repl_run(s, isatty(STDIN_FILENO) != 0);
	session_free(s);
	return status;
}

int cli_tutor(int argc, char **argv)
{
	bool ascii = false;
	int status;
	struct session *s = tutor_setup("tutor", argc, argv, &ascii, &status);

	if (!s)
		return status;
	if (can_use_curses())
		status = ui_run(s, ascii);
	else
		status = repl_run(s, isatty(STDIN_FILENO) != 0 && getenv("TERM") != NULL);
	session_free(s);
	return status;
}
