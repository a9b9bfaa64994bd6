/* cli_search.c: "quiesce search": one search, its best move, score, line and counts. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "chess/fen.h"
#include "chess/notation.h"
#include "search/option.h"
#include "search/search.h"
#include "base/util.h"

static const char search_usage_options[] =
	"Position:\n"
	"      --fen FEN          the position (default: the starting position)\n"
	"Output options:\n"
	"      --format FORMAT    text (default) or json\n"
	"  -h, --help             display this help and exit\n\n";

/* Writes the principal variation as SAN (or UCI) moves separated by spaces. */
static void format_pv(const struct position *root, const struct search_result *res, bool san,
		      char *buf, size_t n)
{
	struct position pos = *root;
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < res->pv_len; i++) {
		char text[NOTATION_BUFSIZE];
		struct undo u;

		if (san)
			notation_san(&pos, res->pv[i], text);
		else
			notation_uci(res->pv[i], text);
		used += (size_t)snprintf(buf + used, used < n ? n - used : 0, "%s%s", i ? " " : "", text);
		board_make(&pos, res->pv[i], &u);
	}
}

int cli_search(int argc, char **argv)
{
	static const struct option longopts[] = {
		CLI_PGN_LONGOPTS,
		{ "format", required_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct search_options opt;
	struct search_result res;
	struct position pos;
	struct error err = { 0 };
	const char *fen = BOARD_START_FEN, *format = "text";
	char fenbuf[FEN_BUFSIZE], desc[256], pv_san[2048], pv_uci[2048], best_san[NOTATION_BUFSIZE];
	char best_uci[NOTATION_BUFSIZE], score[32], why[96];
	int c, rc;

	option_defaults(&opt);
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "d:m:h", cli_longopts(longopts), NULL)) != -1) {
		if ((rc = cli_search_option(c, optarg, &opt, &fen)) >= 0) {
			if (rc)
				return rc;
			continue;
		}
		switch (c) {
		case 'F':
			if (strcmp(optarg, "text") && strcmp(optarg, "json"))
				return cli_usage_error("search: invalid --format '%s': expected text or json", cli_cut(optarg));
			format = optarg;
			break;
		case 'h':
			cli_print_command_help("search", search_usage_options);
			fputs(cli_pgn_options_help, stdout);
			cli_print_search_options_help(stdout);
			return 0;
		default:
			return cli_option_error(argv);
		}
	}
	if (optind < argc)
		return cli_usage_error("search: unexpected argument '%s'", cli_cut(argv[optind]));
	if ((rc = cli_search_position(&fen)) != 0)
		return rc;
	if (!fen_parse(&pos, fen, &err)) {
		return cli_usage_error("invalid FEN '%s': %s", cli_cut(fen), err.msg);
	}

	search_run(&pos, &opt, NULL, NULL, &res);
	fen_format(&pos, fenbuf);
	option_describe(&opt, false, false, desc, sizeof desc);
	format_pv(&pos, &res, true, pv_san, sizeof pv_san);
	format_pv(&pos, &res, false, pv_uci, sizeof pv_uci);
	notation_uci(res.best, best_uci);
	if (res.best != MOVE_NONE)
		notation_san(&pos, res.best, best_san);
	else
		strcpy(best_san, "(none)");
	score_format(res.score, 0, score, sizeof score);
	search_stop_reason(&res, &opt, why, sizeof why);

	if (!strcmp(format, "json")) {
		/* A stopped search has a score only when a root move finished (has_score): else null. */
		printf("{\"fen\": \"%s\", \"score\": ", fenbuf);
		if (res.has_score)
			printf("%d", res.score);
		else
			printf("null");
		printf(", \"best\": ");
		if (res.best != MOVE_NONE)
			printf("\"%s\", \"san\": \"%s\"", best_uci, best_san);
		else
			printf("null, \"san\": null");
		printf(", \"pv\": [");
		for (int i = 0; i < res.pv_len; i++) {
			char t[NOTATION_BUFSIZE];

			notation_uci(res.pv[i], t);
			printf("%s\"%s\"", i ? ", " : "", t);
		}
		printf("], \"pv_san\": \"%s\", \"nodes\": %llu, \"qnodes\": %llu, "
		       "\"stand_pat_cutoffs\": %llu, \"beta_cutoffs\": %llu, \"delta_prunes\": %llu, "
		       "\"see_prunes\": %llu, \"tt_cutoffs\": %llu, \"stopped\": %s, \"complete\": %s, \"root_moves\": %d, "
		       "\"root_moves_done\": %d, \"time\": %.6f, \"options\": \"%s\"}\n",
		       pv_san, (unsigned long long)res.nodes, (unsigned long long)res.qnodes,
		       (unsigned long long)res.stand_pat_cutoffs, (unsigned long long)res.beta_cutoffs,
		       (unsigned long long)res.delta_prunes, (unsigned long long)res.see_prunes,
		       (unsigned long long)res.tt_cutoffs, res.stopped ? "true" : "false", res.stopped ? "false" : "true", res.root_moves,
		       res.root_moves_done, res.seconds, desc);
	} else {
		printf("position:  %s\n", fenbuf);
		printf("search:    %s\n", desc);
		if (res.stopped) {
			/* An incomplete search shows only what is true: the root moves that finished. */
			printf("result:    INCOMPLETE, stopped after %llu nodes (%s): ", (unsigned long long)res.nodes, why);
			if (res.root_moves_done > 0)
				printf("best of %d/%d root moves searched\n", res.root_moves_done, res.root_moves);
			else if (res.has_score)
				printf("no root move finished; the stand pat stands\n");
			else
				printf("no root move finished, so no best move and no score\n");
		}
		printf("best move: %s (%s)\n", best_san, best_uci);
		if (!res.has_score)
			printf("score:     (none: the search stopped before any root move finished)\n");
		else if (res.stopped)
			/* The best of some root moves: the others could only raise it. No "mate in N" from a part. */
			printf("score:     at least %+d (centipawns, for the side to move, over the root moves searched)\n",
			       res.score);
		else
			/* A mate is counted in moves, not centipawns: "#2" mates in 2, "#-1" is mated in 1. */
			printf("score:     %s (%sfor the side to move)\n", score,
			       !SCORE_IS_MATE(res.score) ? "centipawns, " : res.score > 0 ? "mate in moves, " :
			       "mated in moves, ");
		printf("pv:        %s\n", pv_san);
		printf("nodes:     %llu (quiescence %llu, %.1f%%)\n", (unsigned long long)res.nodes,
		       (unsigned long long)res.qnodes,
		       res.nodes ? 100.0 * (double)res.qnodes / (double)res.nodes : 0.0);
		printf("cutoffs:   %llu stand-pat, %llu beta; prunes: %llu delta, %llu SEE\n",
		       (unsigned long long)res.stand_pat_cutoffs, (unsigned long long)res.beta_cutoffs,
		       (unsigned long long)res.delta_prunes, (unsigned long long)res.see_prunes);
		if (opt.futility || opt.recaptures >= 0 || opt.evasion_limit >= 0)
			printf("           %llu futility, %llu recapture, %llu evasion\n",
			       (unsigned long long)res.futility_prunes, (unsigned long long)res.recapture_prunes,
			       (unsigned long long)res.evasion_prunes);
		if (opt.tt)
			printf("table:     %llu nodes answered, %llu stand pats raised (%d MB)\n",
			       (unsigned long long)res.tt_cutoffs, (unsigned long long)res.tt_refines, opt.tt_size);
		printf("time:      %.3f s\n", res.seconds);
	}
	if (res.stopped)
		fprintf(stderr, "quiesce: search stopped after %llu nodes (%s): the result is incomplete (%d of %d root moves searched)\n",
			(unsigned long long)res.nodes, why, res.root_moves_done, res.root_moves);
	return 0;
}
