/* cli_bench.c: "quiesce bench": speed figures, printed and never asserted. */
#include <getopt.h>
#include <stdio.h>

#include "cli.h"
#include "fen.h"
#include "perft.h"
#include "util.h"

#define KIWIPETE_FEN "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

static const char bench_options[] =
	"Options:\n"
	"      --quick   smaller depths, for a smoke test\n"
	"  -h, --help    display this help and exit\n";

/* Times one perft and prints a line of the table. */
static void bench_perft(const char *name, const char *fen, int depth, bool bulk)
{
	struct position pos;
	struct error err = { 0 };
	double start, elapsed;
	uint64_t nodes;

	if (!fen_parse(&pos, fen, &err))
		util_die("bench: %s", err.msg);
	start = util_now();
	nodes = perft(&pos, depth, bulk);
	elapsed = util_now() - start;
	printf("perft %-10s depth %d %-9s %12llu nodes %8.3f s %8.1f Mnps\n", name, depth,
	       bulk ? "bulk" : "make-all", (unsigned long long)nodes, elapsed,
	       elapsed > 0 ? (double)nodes / elapsed / 1e6 : 0.0);
	fflush(stdout);
}

int cli_bench(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "quick", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	bool quick = false;
	int c;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'q': quick = true; break;
		case 'h':
			cli_print_command_help("bench", bench_options);
			return 0;
		default:
			return cli_option_error(argv);
		}
	}
	if (optind < argc)
		return cli_usage_error("bench: unexpected argument '%s'", argv[optind]);

	printf("# quiesce bench: figures on this machine, one core (Mnps = million nodes per second)\n");
	bench_perft("start", BOARD_START_FEN, quick ? 4 : 6, true);
	bench_perft("kiwipete", KIWIPETE_FEN, quick ? 3 : 5, true);
	bench_perft("start", BOARD_START_FEN, quick ? 4 : 6, false);
	bench_perft("kiwipete", KIWIPETE_FEN, quick ? 3 : 5, false);
	return 0;
}
