/* cli.h: the non-interactive subcommands, each given the arguments after its name. */
#ifndef QUIESCE_CLI_H
#define QUIESCE_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

#include "search/search.h"

/* Exit statuses: 0 success, 1 a failure (bad file, mismatch), 2 a usage error. */
#define EXIT_USAGE 2

int cli_perft(int argc, char **argv);
int cli_bench(int argc, char **argv);
int cli_search(int argc, char **argv);
int cli_trace(int argc, char **argv);
int cli_compare(int argc, char **argv);
int cli_tutor(int argc, char **argv);
int cli_repl(int argc, char **argv);
int cli_lessons(int argc, char **argv);
int cli_lesson(int argc, char **argv);
int cli_check_lesson(int argc, char **argv);
int cli_uci(int argc, char **argv);
int cli_match(int argc, char **argv);
int cli_check_trace(int argc, char **argv);
int cli_diff(int argc, char **argv);
/* quiesce practice (cli_practice.c): the drills of issue 17. */
int cli_practice(int argc, char **argv);
/* quiesce bench's practice figures: the first question's latency, 1,000 questions of each drill (CPU). */
void cli_practice_bench(int repeat, bool quick);

/* A trace read from a file, with what it is a trace of (check-trace, diff). */
struct cli_loaded_trace {
	struct trace *trace;
	struct position root;
	struct search_options opt;
	struct search_result res;
	bool own_values;        /* the values are quiesce's evaluation (not "eval":"other") */
	bool own_order;         /* the moves in quiesce's order (not "order":"other") */
	char engine[64];        /* the header's "engine", or "" */
};

/* Reads the trace at PATH (either form); false with a message in ERR. */
bool cli_trace_load(const char *path, struct cli_loaded_trace *lt, struct error *err);
/* The --max-memory that bounds what cli_trace_load reads from now on (0: the default budget). */
void cli_trace_load_budget(uint64_t max_memory);
void cli_trace_unload(struct cli_loaded_trace *lt);
/* Prints "quiesce: MESSAGE" (naming PATH, the line, column and JSON path) for a trace that could not be read. */
void cli_trace_load_error(const char *path, const struct error *err);
/* quiesce bench's figures for check-trace and diff on a million-node trace (REPEAT times, CPU time). */
void cli_tracetools_bench(int repeat, bool quick);

/* Whether the curses tutor can run: stdin and stdout are terminals and TERM is not dumb. */
bool cli_can_use_curses(void);

/* Opens lesson NAME in the curses tutor (at the page the learner reached); returns the exit status. */
int cli_tutor_lesson(const char *name);

/* Prints "quiesce: MESSAGE" and "Try 'quiesce --help'..." to stderr; returns EXIT_USAGE. */
int cli_usage_error(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif

	;

/* Reports the option getopt_long just refused (call it when getopt returns '?'). */
int cli_option_error(char **argv);

/* Parses a non-negative decimal integer no larger than MAX; false on anything else. */
bool cli_parse_int(const char *text, long max, long *out);

/* TEXT cut for a message (util_cut), in one of 4 rotating buffers, so it can be an argument of printf. */
const char *cli_cut(const char *text);

/* Prints "Usage: quiesce NAME ..." from the command table followed by OPTIONS (main.c). */
/*
 * The program: the global options (--help, --version) and the subcommands;
 * returns the exit status. main() calls it and nothing else.
 */
int cli_main(int argc, char **argv);

void cli_print_command_help(const char *name, const char *options);

/*
 * The search options every searching command accepts (the table of
 * search/option.h, with --fen) as getopt_long entries: cli_longopts adds them
 * to a command's own entries OWN (ended by a zero entry) and returns the
 * whole list for getopt_long; pass the codes it returns to cli_search_option.
 * A search option's code is CLI_OPT_SEARCH + 2 * its index in option_table
 * (+ 1 for a bool's off flag); cli_search_code gives it by name.
 */
#define CLI_OPT_BASE 1000
#define CLI_OPT_FEN CLI_OPT_BASE
#define CLI_OPT_SEARCH (CLI_OPT_BASE + 100)
const struct option *cli_longopts(const struct option *own);
int cli_search_code(const char *name);

/*
 * A position from a PGN game, for the commands that take --fen (search,
 * trace, tutor, repl): --pgn FILE [--game N] [--ply N]. Put
 * CLI_PGN_LONGOPTS in a command's own entries; cli_search_option takes
 * them, and cli_search_position resolves them after the option loop.
 */
#define CLI_PGN_LONGOPTS \
	{ "pgn", required_argument, NULL, CLI_OPT_BASE + 20 }, \
	{ "game", required_argument, NULL, CLI_OPT_BASE + 21 }, \
	{ "ply", required_argument, NULL, CLI_OPT_BASE + 22 }

/* Help text for --pgn, --game and --ply. */
extern const char cli_pgn_options_help[];

/*
 * When --pgn was given, reads the game and points *FEN at the position asked
 * for (kept in a static buffer). Returns 0, or the exit status after
 * printing the error (2 for a bad --game/--ply or --pgn with --fen, 1 for
 * a file that cannot be read or is not good PGN).
 */
int cli_search_position(const char **fen);

/* The file --pgn named (an input of the command), or NULL. */
const char *cli_pgn_path(void);

/* Prints the help of the search options (option_help), for the commands' --help. */
void cli_print_search_options_help(FILE *out);

/*
 * Applies the search option with getopt code CODE and argument ARG to OPT
 * (--fen sets *FEN; the short options 'd' and 'm' are --depth and --mode). Returns 0, or EXIT_USAGE after printing the error.
 * Returns -1 when CODE is not a search option.
 */
int cli_search_option(int code, const char *arg, struct search_options *opt, const char **fen);

#endif

