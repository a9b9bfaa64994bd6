/* cli_perft.c: "quiesce perft": count leaves of one position, or check a whole perft suite. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "base/datadir.h"
#include "chess/epd.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/perft.h"
#include "base/util.h"

#define PERFT_MAX_DEPTH 15

static const char perft_options[] =
	"Options:\n"
	"      --fen FEN        the position (default: the starting position)\n"
	"  -d, --depth N        plies to count (0-15)\n"
	"      --divide         print each root move (UCI) with its count\n"
	"      --no-bulk        make every leaf move instead of counting the last ply\n"
	"      --epd FILE       check every ;Dk n count of a perft suite\n"
	"      --max-depth N    with --epd: check counts only up to depth N\n"
	"  -h, --help           display this help and exit\n";

/*
 * Prints the speed to standard error: the rate by processor time, which other
 * programs sharing the machine do not change, and the wall-clock time apart,
 * labelled as such.
 */
static void print_speed(uint64_t nodes, double cpu, double wall)
{
	fprintf(stderr, "%llu nodes: cpu %.3f s, %.1f million nodes/s; wall %.3f s\n", (unsigned long long)nodes,
		cpu, cpu > 0 ? (double)nodes / cpu / 1e6 : 0.0, wall);
}

/* Sorts UCI strings so that a divide reads like a table. */
static int compare_strings(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/* Prints each root move with the leaves below it, then the total. */
static uint64_t divide(struct position *pos, int depth, bool bulk)
{
	struct move_list list;
	char (*lines)[48];
	uint64_t total = 0;

	movegen_all(pos, &list);
	lines = xmalloc(sizeof *lines * (size_t)(list.count ? list.count : 1));
	for (int i = 0; i < list.count; i++) {
		struct undo u;
		char uci[NOTATION_BUFSIZE];
		uint64_t n;

		board_make(pos, list.moves[i], &u);
		n = perft(pos, depth - 1, bulk);
		board_unmake(pos, list.moves[i], &u);
		notation_uci(list.moves[i], uci);
		snprintf(lines[i], sizeof lines[i], "%s: %llu", uci, (unsigned long long)n);
		total += n;
	}
	qsort(lines, (size_t)list.count, sizeof *lines, compare_strings);
	for (int i = 0; i < list.count; i++)
		puts(lines[i]);
	putchar('\n');
	free(lines);
	return total;
}

/* Checks every perft count of an EPD suite up to MAX_DEPTH; returns the exit status. */
static int check_suite(const char *path, int max_depth, bool bulk)
{
	struct epd_file file;
	struct error err = { 0 };
	char *resolved = datadir_resolve(path);
	int checked = 0, failures = 0;
	uint64_t nodes = 0;
	double start = util_now(), cpu_start = util_cpu_seconds();

	if (!epd_read_file(&file, resolved, &err)) {
		fprintf(stderr, "quiesce: %s\n", err.msg);
		free(resolved);
		return 1;
	}
	/* Nothing to check is a failure, as for compare: a suite that checks nothing must not pass. */
	if (file.count == 0) {
		fprintf(stderr, "quiesce: %s: no positions (the file is empty or holds only comments)\n", resolved);
		epd_file_free(&file);
		free(resolved);
		return 1;
	}
	for (int i = 0; i < file.count; i++) {
		struct epd_record *rec = &file.records[i];

		for (int d = 1; d <= EPD_MAX_PERFT && d <= max_depth; d++) {
			uint64_t got;

			if (!(rec->perft_mask & (1u << d)))
				continue;
			got = perft(&rec->pos, d, bulk);
			nodes += got;
			checked++;
			if (got != rec->perft[d]) {
				char fen[FEN_BUFSIZE];

				fen_format(&rec->pos, fen);
				printf("%s:%d: %s: depth %d: expected %llu, got %llu\n", resolved,
				       file.linenos[i], fen, d, (unsigned long long)rec->perft[d],
				       (unsigned long long)got);
				failures++;
			}
		}
	}
	printf("%s: %d positions, %d counts checked, %d mismatches\n", resolved, file.count,
	       checked, failures);
	fflush(stdout);
	print_speed(nodes, util_cpu_seconds() - cpu_start, util_now() - start);
	if (checked == 0)
		fprintf(stderr, "quiesce: %s: no perft counts (;D1 to ;D%d) to check\n", resolved,
			max_depth < EPD_MAX_PERFT ? max_depth : EPD_MAX_PERFT);
	epd_file_free(&file);
	free(resolved);
	return failures || checked == 0 ? 1 : 0;
}

int cli_perft(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "fen", required_argument, NULL, 'f' },
		{ "depth", required_argument, NULL, 'd' },
		{ "divide", no_argument, NULL, 'D' },
		{ "no-bulk", no_argument, NULL, 'B' },
		{ "epd", required_argument, NULL, 'e' },
		{ "max-depth", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *fen = BOARD_START_FEN, *epd = NULL;
	long depth = -1, max_depth = EPD_MAX_PERFT;
	bool divide_moves = false, bulk = true;
	struct position pos;
	struct error err = { 0 };
	uint64_t nodes;
	double start, cpu_start, cpu, wall;
	int c;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "d:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'f': fen = optarg; break;
		case 'd':
			if (!cli_parse_int(optarg, PERFT_MAX_DEPTH, &depth))
				return cli_usage_error("perft: invalid --depth '%s': expected a whole number from 0 to %d",
						       cli_cut(optarg), PERFT_MAX_DEPTH);
			break;
		case 'D': divide_moves = true; break;
		case 'B': bulk = false; break;
		case 'e': epd = optarg; break;
		case 'm':
			if (!cli_parse_int(optarg, EPD_MAX_PERFT, &max_depth) || max_depth < 1)
				return cli_usage_error("perft: invalid --max-depth '%s': expected a whole number from 1 to %d",
						       cli_cut(optarg), EPD_MAX_PERFT);
			break;
		case 'h':
			cli_print_command_help("perft", perft_options);
			return 0;
		default:
			return cli_option_error(argv);
		}
	}
	if (optind < argc)
		return cli_usage_error("perft: unexpected argument '%s'", cli_cut(argv[optind]));
	if (epd != NULL) {
		if (depth >= 0 || divide_moves)
			return cli_usage_error("perft: --epd takes --max-depth, not --depth or --divide");
		return check_suite(epd, (int)max_depth, bulk);
	}
	if (depth < 0)
		return cli_usage_error("perft: --depth N is required");
	if (!fen_parse(&pos, fen, &err)) {
		return cli_usage_error("invalid FEN '%s': %s", cli_cut(fen), err.msg);
	}

	start = util_now();
	cpu_start = util_cpu_seconds();
	nodes = divide_moves && depth > 0 ? divide(&pos, (int)depth, bulk) : perft(&pos, (int)depth, bulk);
	cpu = util_cpu_seconds() - cpu_start;
	wall = util_now() - start;
	printf("Nodes searched: %llu\n", (unsigned long long)nodes);
	fflush(stdout);
	print_speed(nodes, cpu, wall);
	return 0;
}
