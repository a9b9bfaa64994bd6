/*
 * cli_main.c: the command line: the table of subcommands (the --help text and
 * every command's usage line are generated from it), the global options and
 * the dispatch to the subcommands.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "cli/cli.h"

/* The subcommands, in the order --help lists them; help text is generated from this table. */
static const struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *synopsis;
	const char *summary;
} commands[] = {
	{ "perft", cli_perft, "perft [--fen FEN] --depth N [--divide] [--no-bulk]\n"
	  "       quiesce perft --epd FILE [--max-depth N]",
	  "count the leaves of the move tree (tests the move generator)" },
	{ "search", cli_search, "search [--fen FEN | --pgn FILE [--game N] [--ply N]] [SEARCH OPTION]...\n"
	  "                [--format text|json]",
	  "search a position: best move, score, principal variation, node counts" },
	{ "trace", cli_trace, "trace [--fen FEN | --pgn FILE [--game N] [--ply N]] [SEARCH OPTION]...\n"
	  "                [--format text|json|json-full|jsonl|jsonl-full|dot|pgn] [--output FILE]",
	  "search and print every decision the search made" },
	{ "compare", cli_compare, "compare --epd FILE --modes LIST [SEARCH OPTION]... [--limit N] [--jobs N]\n"
	  "                [--cap N] [--per-position] [--no-progress] [--format table|csv|json]",
	  "run a suite of positions under several modes and tabulate the results" },
	{ "bench", cli_bench, "bench [--quick] [--repeat N]",
	  "print speed figures: processor time, median of repeats" },
	{ "tutor", cli_tutor, "[tutor] [--fen FEN | --pgn FILE [--game N] [--ply N]] [SEARCH OPTION]...\n"
	  "                [--ascii]",
	  "step through a search on a full-screen board and tree (the default command)" },
	{ "repl", cli_repl, "repl [--fen FEN | --pgn FILE [--game N] [--ply N]] [SEARCH OPTION]...",
	  "the tutor's commands, one line at a time (the default without a terminal)" },
	{ "lessons", cli_lessons, "lessons",
	  "list the lessons: id, title, your progress and what each teaches" },
	{ "lesson", cli_lesson, "lesson [--width N] NAME",
	  "open a lesson (by id or number) in the tutor; text pages when not on a terminal" },
	{ "match", cli_match, "match --modes A,B [--depth N | --nodes N] [--games N] [--openings FILE]\n"
	  "                [--jobs N] [--pgn FILE] [--max-plies N]\n"
	  "                [--sprt ELO0,ELO1 [--alpha A] [--beta B]] [--no-progress] [SEARCH OPTION]...",
	  "play two search variants against each other; wins, draws, losses and Elo" },
	{ "uci", cli_uci, "uci",
	  "play as a UCI engine (for a chess GUI, cutechess-cli, fastchess, polyglot)" },
	{ "check-lesson", cli_check_lesson, "check-lesson [--quiet] [--screens] FILE...",
	  "check a lesson: it parses, its claims hold, its words are on its screen" },
	{ "check-trace", cli_check_trace, "check-trace [--quiet] [--max N] [--max-memory SIZE] [--scope all|quiescence] FILE...",
	  "check traces (quiesce's or another engine's) against the search rules" },
	{ "practice", cli_practice, "practice --drill NAME [--seed N] [--count N] [--level 1|2|3]\n"
	  "                [--epd FILE | --pgn FILE] [--answer-key]",
	  "drills: predict the search's decisions, the engine checks each answer" },
	{ "diff", cli_diff, "diff [--format text|json] [--max-memory SIZE] A (B | --reference)",
	  "compare two traces by move path: where they part, and the explosion profile" },
};

/* Prints the --help text to stdout. */
static void print_help(void)
{
	printf("Usage: quiesce [COMMAND] [OPTION]...\n"
	       "A teaching tool that shows how a chess engine's quiescence search\n"
	       "avoids the horizon effect.\n\nCommands:\n");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		printf("  %-13s %s\n", commands[i].name, commands[i].summary);
	printf("\nSynopsis:\n");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		printf("  quiesce %s\n", commands[i].synopsis);
	printf("\nOptions:\n"
	       "  -h, --help     display this help and exit\n"
	       "  -V, --version  output version information and exit\n"
	       "\nRun 'quiesce COMMAND --help' for a command's options; 'man quiesce' for more.\n"
	       "Report bugs to: %s\n", PACKAGE_BUGREPORT);
}

/* Prints the --version text to stdout, as the GNU standards describe it. */
static void print_version(void)
{
	printf("%s %s\n"
	       "Copyright (C) 2026 the quiesce authors.\n"
	       "License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\n"
	       "This is free software: you are free to change and redistribute it.\n"
	       "There is NO WARRANTY, to the extent permitted by law.\n",
	       PACKAGE_NAME, PACKAGE_VERSION);
}

void cli_print_command_help(const char *name, const char *options)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(commands[i].name, name) == 0)
			printf("Usage: quiesce %s\n%s.\n\n%s", commands[i].synopsis,
			       commands[i].summary, options);
}

/*
 * Output that could not be written (a full disk, /dev/full) makes a command
 * that otherwise succeeded fail, with a message: it used to exit 0 with the
 * output lost. A command that already failed has said why.
 */
static int close_stdout(int status)
{
	errno = 0;
	if ((fflush(stdout) != 0 || ferror(stdout)) && status == 0) {
		fprintf(stderr, "quiesce: cannot write to standard output: %s\n",
			errno ? strerror(errno) : "write error");
		return 1;
	}
	return status;
}

int cli_main(int argc, char **argv)
{
	const char *name;

	board_init();
	/*
	 * A write past the file size limit (ulimit -f) fails with EFBIG instead
	 * of killing the program with SIGXFSZ: the atomic writer then reports the
	 * error and removes its temporary file, and a session goes on.
	 */
	signal(SIGXFSZ, SIG_IGN);
	/* No command, or options only: the tutor (the REPL when not on a terminal). */
	if (argc < 2)
		return close_stdout(cli_tutor(argc, argv));
	name = argv[1];
	if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
		print_help();
		return close_stdout(0);
	}
	if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
		print_version();
		return close_stdout(0);
	}
	if (name[0] == '-')
		return close_stdout(cli_tutor(argc, argv));
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(commands[i].name, name) == 0)
			return close_stdout(commands[i].run(argc - 1, argv + 1));
	return cli_usage_error("unknown command '%s'", name);
}
