/* cli_tutor.c: "quiesce" with no command, "quiesce tutor" and "quiesce repl": the interactive tutor. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "tutor/repl.h"
#include "teach/session.h"
#include "teach/tour.h"
#include "tutor/ui.h"
#include "search/option.h"

static const char tutor_usage_options[] =
	"Tutor options:\n"
	"      --fen FEN          the position (default: the starting position)\n"
	"      --ascii            draw pieces as letters even in a UTF-8 locale\n"
	"  -h, --help             display this help and exit\n\n";

/* The session whose first search Ctrl-C stops (see tutor_setup). */
static struct session *first_search_session;

static void on_first_search_sigint(int sig)
{
	(void)sig;
	if (first_search_session)
		first_search_session->stop = 1;
}

/*
 * Parses the tutor's options into a new session (searched once, so that
 * stepping can start at once). Returns the session, or NULL with *STATUS set
 * when the program should exit (after --help or a usage error).
 */
static struct session *tutor_setup(const char *name, int argc, char **argv, bool *ascii, int *status)
{
	static const struct option longopts[] = {
		CLI_PGN_LONGOPTS,
		{ "ascii", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct search_options opt;
	const char *fen = NULL;
	struct session *s;
	struct error err = { 0 };
	int c, rc;

	option_defaults(&opt);
	opt.max_nodes = SESSION_DEFAULT_MAX_NODES;
	opterr = 0;
	optind = 1;
	*status = 0;
	while ((c = getopt_long(argc, argv, "d:m:h", cli_longopts(longopts), NULL)) != -1) {
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
			fputs(cli_pgn_options_help, stdout);
			cli_print_search_options_help(stdout);
			return NULL;
		default:
			*status = cli_option_error(argv);
			return NULL;
		}
	}
	if (optind < argc) {
		*status = cli_usage_error("%s: unexpected argument '%s'", name, cli_cut(argv[optind]));
		return NULL;
	}
	if ((rc = cli_search_position(&fen)) != 0) {
		*status = rc;
		return NULL;
	}
	s = session_new();
	if (fen && !session_set_fen(s, fen, &err)) {
		*status = cli_usage_error("invalid FEN '%s': %s", cli_cut(fen), err.msg);
		tour_end(s);
		session_free(s);
		return NULL;
	}
	s->opt = opt;
	/*
	 * Ctrl-C during this first search (before the screen is set up) stops
	 * it, as it stops a search in the tutor: the tutor opens on what was
	 * searched. It used to kill the program, with nothing on the screen yet.
	 */
	{
		struct sigaction sa, old;

		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_first_search_sigint;
		sigemptyset(&sa.sa_mask);
		first_search_session = s;
		sigaction(SIGINT, &sa, &old);
		session_search(s);
		sigaction(SIGINT, &old, NULL);
		first_search_session = NULL;
	}
	return s;
}

bool cli_can_use_curses(void)
{
	const char *term = getenv("TERM");

	return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) && term && *term && strcmp(term, "dumb") != 0;
}

/* Reports on stderr what the lessons' tour has to say (a corrupt progress file set aside …). */
static void report_news(struct session *s)
{
	if (s->tour && s->tour->note[0]) {
		fprintf(stderr, "quiesce: %s\n", s->tour->note);
		s->tour->note[0] = '\0';
	}
}

int cli_repl(int argc, char **argv)
{
	bool ascii = false;
	int status;
	struct session *s = tutor_setup("repl", argc, argv, &ascii, &status);

	if (!s)
		return status;
	/* The progress file is read (and a corrupt one set aside, said on stderr) before the first line. */
	tour_of(s);
	report_news(s);
	status = repl_run(s, isatty(STDIN_FILENO) != 0);
	report_news(s);
	tour_end(s);
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
	if (cli_can_use_curses()) {
		struct tour *t = tour_of(s);
		const struct progress_lesson *pl = t->progress.last[0] ? progress_find(&t->progress, t->progress.last, false) : NULL;
		struct error err = { 0 };

		/* A position asked for on the command line opens at once, without the lesson menu. */
		for (int i = 1; i < argc; i++)
			if (strncmp(argv[i], "--fen", 5) == 0)
				t->position_asked = true;
		/* "quiesce" alone takes the learner back to the lesson left unfinished, at its page. */
		if (argc <= 1 && pl && !pl->done)
			tour_open(t, s, pl->id, 0, &err);
		status = ui_run(s, ascii);
	} else {
		tour_of(s);
		report_news(s);
		status = repl_run(s, isatty(STDIN_FILENO) != 0 && getenv("TERM") != NULL);
	}
	report_news(s);
	tour_end(s);
	session_free(s);
	return status;
}

int cli_tutor_lesson(const char *name)
{
	struct session *s = session_new();
	struct error err = { 0 };
	int status;

	s->opt.max_nodes = SESSION_DEFAULT_MAX_NODES;
	if (!tour_open(tour_of(s), s, name, 0, &err)) {
		fprintf(stderr, "quiesce: %s\n", err.msg);
		tour_end(s);
		session_free(s);
		return 1;
	}
	status = ui_run(s, false);
	report_news(s);
	tour_end(s);
	session_free(s);
	return status;
}
