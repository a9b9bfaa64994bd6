/* cli_match.c: "quiesce match": two search variants play games over an opening suite. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "base/inputfile.h"
#include "play/compare.h"
#include "base/datadir.h"
#include "chess/fen.h"
#include "chess/game.h"
#include "play/match.h"
#include "play/sprt.h"
#include "chess/suite.h"
#include "base/util.h"
#include "search/option.h"

#define MAX_GAMES 1000000
#define MAX_JOBS 256
#define MATCH_DEFAULT_OPENINGS "positions/balanced.epd"

static const char match_usage_options[] =
	"Match options:\n"
	"      --modes A,B        the two variants, as compare modes (e.g. none,captures)\n"
	"      --games N          games to play, an even number (default 100): each\n"
	"                         opening twice, colours reversed\n"
	"      --nodes N          iterative deepening to N nodes a move, instead of\n"
	"                         a fixed --depth (default depth 2)\n"
	"      --openings FILE    EPD file of openings (default positions/balanced.epd);\n"
	"                         --fen FEN plays every game from FEN instead\n"
	"      --max-plies N      adjudicate a draw after N plies (default 400)\n"
	"      --jobs N           play on N threads (default 1; 0: one per CPU); the\n"
	"                         results do not depend on N\n"
	"      --pgn FILE         write every game to FILE as PGN, each as it ends\n"
	"      --sprt ELO0,ELO1   stop as soon as the pentanomial SPRT decides between\n"
	"                         H0: Elo ELO0 and H1: Elo ELO1 (logistic Elo of A\n"
	"                         over B); --games is then the most to play\n"
	"      --alpha A, --beta B  the SPRT's error rates (default 0.05 each)\n"
	"      --no-progress      no progress line on a terminal\n"
	"  -h, --help             display this help and exit\n\n";

enum {
	OPT_MODES = 1, OPT_GAMES, OPT_NODES, OPT_OPENINGS, OPT_MAX_PLIES, OPT_JOBS, OPT_PGN, OPT_NO_PROGRESS,
	OPT_SPRT, OPT_ALPHA, OPT_BETA
};

/* Parses an SPRT error rate: a decimal number strictly between 0 and 1. */
static bool rate_option(const char *name, const char *arg, double *out)
{
	struct error err = { 0 };

	if (!sprt_parse_rate(arg, out, &err)) {
		cli_usage_error("match: invalid --%s '%s': %s", name, cli_cut(arg), err.msg);
		return false;
	}
	return true;
}

static bool number_option(const char *name, const char *arg, long lo, long max, long *out)
{
	if (!cli_parse_int(arg, max, out) || *out < lo) {
		cli_usage_error("match: invalid --%s '%s': expected a whole number from %ld to %ld", name,
				cli_cut(arg), lo, max);
		return false;
	}
	return true;
}

/* Writes an Elo figure: "+123.4", "-5.0", "+inf", "-inf". */
static void elo_text(double elo, char *buf, size_t n)
{
	if (isnan(elo))
		snprintf(buf, n, "n/a");
	else if (isinf(elo))
		snprintf(buf, n, "%sinf", elo > 0 ? "+" : "-");
	else
		snprintf(buf, n, "%+.1f", elo);
}

/*
 * The --pgn file, written as the match goes: each game is appended and
 * flushed as soon as it and every game before it have ended, so the file is
 * in game order whatever --jobs is, and a match interrupted or killed keeps
 * every game written so far.
 */
struct pgn_out {
	FILE *fp;
	const char *path;
	const struct match_config *cfg;
	bool *over;           /* over[i]: game i has ended */
	int next;             /* the first game not yet written */
	int error;            /* errno of the first write error, 0 if none */
};

/* Opens OUT->path before the first game, so an unwritable place costs no game. */
static bool pgn_out_open(struct pgn_out *out, const char *path, int games)
{
	struct stat st;

	memset(out, 0, sizeof *out);
	out->path = path;
	/* As atomicfile does: a file no one may write is kept, even by root. */
	if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 0222) == 0) {
		fprintf(stderr, "quiesce: match: cannot write '%s': the file is read-only (mode %04o); no game played\n",
			path, (unsigned)(st.st_mode & 07777));
		return false;
	}
	out->fp = fopen(path, "w");
	if (out->fp == NULL) {
		fprintf(stderr, "quiesce: match: cannot write '%s': %s; no game played\n", path, strerror(errno));
		return false;
	}
	out->over = xcalloc((size_t)games, sizeof *out->over);
	return true;
}

/* match_config.game_over: game INDEX has ended; write it and those after it that were waiting. */
static void pgn_out_game_over(void *ctx, const struct match_game *games, int index, int counted)
{
	struct pgn_out *out = ctx;

	out->over[index] = true;
	while (out->next < counted && out->over[out->next]) {
		if (out->error == 0) {
			match_write_pgn_game(out->fp, out->cfg, &games[out->next], out->next);
			if (fflush(out->fp) != 0 || ferror(out->fp))
				out->error = errno ? errno : EIO;
		}
		out->next++;
	}
}

/* Closes OUT; false after a message when any write failed. */
static bool pgn_out_close(struct pgn_out *out)
{
	if (fclose(out->fp) != 0 && out->error == 0)
		out->error = errno ? errno : EIO;
	free(out->over);
	if (out->error != 0) {
		fprintf(stderr, "quiesce: match: cannot write '%s': %s (the file holds the games written before the error)\n",
			out->path, strerror(out->error));
		return false;
	}
	return true;
}

/* Loads the openings (or the one --fen position); every one must leave a game to play. */
static bool load_openings(const char *fen, const char *file, struct position **out, int *count)
{
	struct error err = { 0 };

	if (fen) {
		struct game *g = xmalloc(sizeof *g);

		*out = xmalloc(sizeof **out);
		*count = 1;
		if (!fen_parse(*out, fen, &err)) {
			fprintf(stderr, "quiesce: match: invalid FEN '%s': %s\n", cli_cut(fen), err.msg);
			free(g);
			free(*out);
			return false;
		}
		game_start(g, *out, 0);
		if (g->result != GAME_ONGOING) {
			fprintf(stderr, "quiesce: match: the --fen position is already over (%s): nothing to play\n",
				game_reason_text(g->reason));
			free(g);
			free(*out);
			return false;
		}
		free(g);
		return true;
	} else {
		struct suite suite = { 0 };
		char *path = datadir_resolve(file);
		struct game *g;

		if (!suite_load(&suite, path, &err)) {
			fprintf(stderr, "quiesce: match: %s\n", err.msg);
			free(path);
			return false;
		}
		if (suite.count == 0) {
			fprintf(stderr, "quiesce: match: %s: no positions in the file\n", path);
			free(path);
			suite_free(&suite);
			return false;
		}
		g = xmalloc(sizeof *g);
		*out = xcalloc((size_t)suite.count, sizeof **out);
		*count = suite.count;
		for (int i = 0; i < suite.count; i++) {
			(*out)[i] = suite.positions[i].pos;
			game_start(g, &(*out)[i], 0);
			if (g->result != GAME_ONGOING) {
				fprintf(stderr, "quiesce: match: %s:%d: the opening is already over (%s): nothing to play\n",
					path, suite.positions[i].line, game_reason_text(g->reason));
				free(g);
				free(*out);
				free(path);
				suite_free(&suite);
				return false;
			}
		}
		free(g);
		free(path);
		suite_free(&suite);
		return true;
	}
}

/* The progress line on standard error (a terminal), erased at the end. */
static void draw_progress(void *ctx, int done, int games, const double *llr, double lower, double upper, bool end)
{
	(void)ctx;
	fprintf(stderr, "\r%d/%d games", done, games);
	if (llr)
		fprintf(stderr, ", LLR %.2f [%.2f, %.2f]", *llr, lower, upper);
	if (end)
		fputs("\r\033[K", stderr);
	fflush(stderr);
}

int cli_match(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "modes", required_argument, NULL, OPT_MODES },
		{ "games", required_argument, NULL, OPT_GAMES },
		{ "nodes", required_argument, NULL, OPT_NODES },
		{ "openings", required_argument, NULL, OPT_OPENINGS },
		{ "max-plies", required_argument, NULL, OPT_MAX_PLIES },
		{ "jobs", required_argument, NULL, OPT_JOBS },
		{ "pgn", required_argument, NULL, OPT_PGN },
		{ "no-progress", no_argument, NULL, OPT_NO_PROGRESS },
		{ "sprt", required_argument, NULL, OPT_SPRT },
		{ "alpha", required_argument, NULL, OPT_ALPHA },
		{ "beta", required_argument, NULL, OPT_BETA },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct search_options base;
	struct compare_mode *modes = NULL;
	struct match_config cfg;
	struct match_game *games;
	struct match_totals t;
	struct pgn_out pgn_out;
	struct position *openings = NULL;
	struct error err = { 0 };
	const char *fen = NULL, *list = NULL, *openings_file = MATCH_DEFAULT_OPENINGS, *pgn = NULL;
	long games_n = 100, nodes = 0, max_plies = MATCH_DEFAULT_MAX_PLIES, jobs = 1;
	bool no_progress = false, depth_given = false;
	int nmodes = 0, nopenings = 0, c, rc;
	char elo[32], lo[32], hi[32];
	double start, cpu0;
	const char *sprt_text = NULL;
	double elo0 = 0, elo1 = 0, alpha = SPRT_DEFAULT_ALPHA, beta = SPRT_DEFAULT_BETA;
	bool rate_given = false;
	struct sprt sprt;
	int played;

	option_defaults(&base);
	/*
	 * Games need the piece-square evaluation: with material alone every
	 * quiet move scores the same and each side plays the generator's first
	 * one, so games turn into king walks that repeat. --eval material still
	 * asks for it.
	 */
	base.eval = EVAL_PST;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "d:m:h", cli_longopts(longopts), NULL)) != -1) {
		if (c == 'd' || c == cli_search_code("depth"))
			depth_given = true;
		if ((rc = cli_search_option(c, optarg, &base, &fen)) >= 0) {
			if (rc)
				return rc;
			continue;
		}
		switch (c) {
		case OPT_MODES:
			list = optarg;
			break;
		case OPT_GAMES:
			if (!number_option("games", optarg, 2, MAX_GAMES, &games_n))
				return EXIT_USAGE;
			if (games_n % 2)
				return cli_usage_error("match: invalid --games '%s': expected an even number (each opening is played twice, colours reversed)",
						       cli_cut(optarg));
			break;
		case OPT_NODES:
			if (!number_option("nodes", optarg, 1, 1000000000L, &nodes))
				return EXIT_USAGE;
			break;
		case OPT_OPENINGS:
			openings_file = optarg;
			break;
		case OPT_MAX_PLIES:
			if (!number_option("max-plies", optarg, 1, GAME_MAX_PLIES - 1, &max_plies))
				return EXIT_USAGE;
			break;
		case OPT_JOBS:
			if (!number_option("jobs", optarg, 0, MAX_JOBS, &jobs))
				return EXIT_USAGE;
			break;
		case OPT_PGN:
			pgn = optarg;
			break;
		case OPT_NO_PROGRESS:
			no_progress = true;
			break;
		case OPT_SPRT:
			if (!sprt_parse_bounds(optarg, &elo0, &elo1, &err))
				return cli_usage_error("match: invalid --sprt: %s", err.msg);
			sprt_text = optarg;
			break;
		case OPT_ALPHA:
		case OPT_BETA:
			if (!rate_option(c == OPT_ALPHA ? "alpha" : "beta", optarg, c == OPT_ALPHA ? &alpha : &beta))
				return EXIT_USAGE;
			rate_given = true;
			break;
		case 'h':
			cli_print_command_help("match", match_usage_options);
			cli_print_search_options_help(stdout);
			return 0;
		default:
			return cli_option_error(argv);
		}
	}
	if (optind < argc)
		return cli_usage_error("match: unexpected argument '%s'", cli_cut(argv[optind]));
	if (list == NULL)
		return cli_usage_error("match: --modes A,B is required, e.g. --modes captures,none");
	if (nodes > 0 && depth_given)
		return cli_usage_error("match: give --depth N or --nodes N, not both");
	if (rate_given && !sprt_text)
		return cli_usage_error("match: --alpha and --beta need --sprt ELO0,ELO1");
	if (sprt_text && !sprt_init(&sprt, elo0, elo1, alpha, beta, &err))
		return cli_usage_error("match: invalid --sprt '%s': %s", cli_cut(sprt_text), err.msg);
	if (!compare_modes_parse(list, &base, &modes, &nmodes, &err))
		return cli_usage_error("match: %s", err.msg);
	if (nmodes != 2) {
		free(modes);
		return cli_usage_error("match: --modes needs exactly two variants, A,B (got %d)", nmodes);
	}
	if (jobs == 0) {
		long n = sysconf(_SC_NPROCESSORS_ONLN);

		jobs = n < 1 ? 1 : n > MAX_JOBS ? MAX_JOBS : n;
	}
	/* The games must not replace the openings they are played from (the same file by another name included). */
	if (pgn != NULL && fen == NULL) {
		char *path = datadir_resolve(openings_file);
		bool same = inputfile_same(pgn, path);

		free(path);
		if (same) {
			free(modes);
			return cli_usage_error("match: --pgn '%s' is the openings file (%s): the games would replace the "
					       "openings; write them to another file", cli_cut(pgn), cli_cut(openings_file));
		}
	}
	if (!load_openings(fen, openings_file, &openings, &nopenings)) {
		free(modes);
		return 1;
	}

	memset(&cfg, 0, sizeof cfg);
	cfg.modes = modes;
	cfg.nodes = (uint64_t)nodes;
	cfg.games = (int)games_n;
	cfg.openings = openings;
	cfg.nopenings = nopenings;
	cfg.jobs = (int)jobs;
	cfg.max_plies = (int)max_plies;
	cfg.progress = !no_progress && isatty(STDERR_FILENO) ? draw_progress : NULL;
	if (pgn) {
		if (!pgn_out_open(&pgn_out, pgn, cfg.games)) {
			free(openings);
			free(modes);
			return 1;
		}
		pgn_out.cfg = &cfg;
		cfg.game_over = pgn_out_game_over;
		cfg.game_over_ctx = &pgn_out;
	}
	cfg.sprt = sprt_text ? &sprt : NULL;
	start = util_now();
	cpu0 = (double)clock() / CLOCKS_PER_SEC;
	played = match_run(&cfg, &games);
	match_total(games, played, &t);

	if (nodes > 0)
		printf("match: %s vs %s, %ld nodes a move, %d games", modes[0].name, modes[1].name, nodes, t.games);
	else
		printf("match: %s vs %s, depth %d/%d, %d games", modes[0].name, modes[1].name, modes[0].opt.depth,
		       modes[1].opt.depth, t.games);
	if (fen)
		printf(" from one position, colours reversed\n");
	else
		printf(" (%d openings of %s, each twice, colours reversed)\n",
		       t.npairs < nopenings ? t.npairs : nopenings, openings_file);
	elo_text(t.elo, elo, sizeof elo);
	elo_text(t.elo_low, lo, sizeof lo);
	elo_text(t.elo_high, hi, sizeof hi);
	printf("%s: +%d =%d -%d, score %.1f%%, Elo %s [%s, %s] (95%%, from %d game pairs)\n", modes[0].name,
	       t.wins, t.draws, t.losses, 100.0 * t.score, elo, lo, hi, t.npairs);
	printf("pairs scoring 0, 1/2, 1, 3/2, 2 points for %s: %d %d %d %d %d\n", modes[0].name, t.pairs[0],
	       t.pairs[1], t.pairs[2], t.pairs[3], t.pairs[4]);
	printf("games ended by: checkmate %d, stalemate %d, threefold repetition %d, fifty-move rule %d, "
	       "insufficient material %d, maximum length %d\n",
	       t.reasons[GAME_CHECKMATE], t.reasons[GAME_STALEMATE], t.reasons[GAME_THREEFOLD],
	       t.reasons[GAME_FIFTY_MOVES], t.reasons[GAME_INSUFFICIENT], t.reasons[GAME_MAX_LENGTH]);
	printf("nodes per move: %s %.0f, %s %.0f; depth of the moves played: %s %.2f, %s %.2f\n", modes[0].name,
	       t.nodes_per_move[0], modes[1].name, t.nodes_per_move[1], modes[0].name, t.depth_per_move[0],
	       modes[1].name, t.depth_per_move[1]);
	if (sprt_text) {
		double llr = sprt_llr(&sprt, t.pairs);
		enum sprt_verdict v = sprt_decide(&sprt, llr);

		printf("sprt: LLR %.2f [%.2f, %.2f] (logistic Elo %g to %g, alpha %g, beta %g): %s after %d game pairs%s\n",
		       llr, sprt.lower, sprt.upper, sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta, sprt_verdict_text(v),
		       t.npairs, v == SPRT_CONTINUE ? " (the --games maximum)" : "");
	}
	printf("time: %.1f s (CPU %.1f s, %ld thread%s)\n", util_now() - start,
	       (double)clock() / CLOCKS_PER_SEC - cpu0, jobs, jobs == 1 ? "" : "s");

	rc = 0;
	if (pgn && !pgn_out_close(&pgn_out))
		rc = 1;
	free(games);
	free(openings);
	free(modes);
	return rc;
}
