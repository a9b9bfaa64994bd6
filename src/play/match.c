/* match.c: games between two search variants, on one thread or several, and their Elo. */
#include "play/match.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chess/movegen.h"
#include "chess/pgn.h"
#include "search/deepen.h"
#include "search/search.h"
#include "base/util.h"

/*
 * One move of variant OPT in game G: a search at its depth, or with a node
 * budget the node-limit rule of deepen.h, the same as quiesce uci's "go
 * nodes N" (uci.c). The search knows the game's earlier positions, so it
 * scores repetitions as draws.
 */
static move choose(const struct game *g, const struct search_options *opt, uint64_t nodes,
		   uint64_t *used_out, int *depth_out)
{
	const struct position *pos = &g->pos;
	struct search_options o = *opt;
	struct search_result res;
	struct deepen d = { .max_depth = SEARCH_MAX_DEPTH, .nodes = nodes };

	o.progress = NULL;
	o.history = g->keys;
	o.history_len = g->nply;
	if (nodes == 0) {
		struct move_list list;

		search_run(pos, &o, NULL, NULL, &res);
		*used_out = res.nodes;
		*depth_out = o.depth;
		if (res.best != MOVE_NONE)
			return res.best;
		/* Depth 0 may stand pat at the root with no move: play the first legal one. */
		movegen_all(pos, &list);
		return list.count ? list.moves[0] : MOVE_NONE;
	}
	deepen_run(pos, &o, &d);
	*used_out = d.used;
	*depth_out = d.finished ? d.depth : 0;
	return d.best;
}

/* Plays game I of the match into G. */
static void play_game(const struct match_config *cfg, int i, struct match_game *mg)
{
	mg->opening = (i / 2) % cfg->nopenings;
	mg->a_white = i % 2 == 0;
	game_start(&mg->game, &cfg->openings[mg->opening], cfg->max_plies);
	while (mg->game.result == GAME_ONGOING) {
		int a_to_move = (mg->game.pos.side == WHITE) == mg->a_white;
		int v = a_to_move ? 0 : 1, depth;
		uint64_t used;
		move m = choose(&mg->game, &cfg->modes[v].opt, cfg->nodes, &used, &depth);

		mg->moves[v]++;
		mg->nodes[v] += used;
		mg->depths[v] += depth;

		if (m == MOVE_NONE || !game_play(&mg->game, m))
			break;
	}
}

struct work {
	const struct match_config *cfg;
	struct match_game *games;
	pthread_mutex_t lock;
	int next, done;
	double last_draw;
	/* The SPRT: games finished, the pairs it has read in order, their counts, and where it stopped. */
	bool *finished;
	int sprt_pairs, sprt_counts[5];
	double llr;
	int limit;                          /* no game from here on is started */
};

static int a_half_points(const struct match_game *mg);

/*
 * Feeds the SPRT the pairs finished in game order since the last call (under
 * the lock); when it decides, no further game starts and the match counts
 * the games up to that pair.
 */
static void sprt_update(struct work *w)
{
	const struct sprt *sp = w->cfg->sprt;

	while (w->limit == w->cfg->games && 2 * w->sprt_pairs + 1 < w->cfg->games &&
	       w->finished[2 * w->sprt_pairs] && w->finished[2 * w->sprt_pairs + 1]) {
		const struct match_game *g = &w->games[2 * w->sprt_pairs];

		w->sprt_counts[a_half_points(&g[0]) + a_half_points(&g[1])]++;
		w->sprt_pairs++;
		w->llr = sprt_llr(sp, w->sprt_counts);
		if (sprt_decide(sp, w->llr) != SPRT_CONTINUE)
			w->limit = 2 * w->sprt_pairs;
	}
}

/* Reports the progress (the lock is held); at most five times a second but for the last report. */
static void report_progress(struct work *w, bool last)
{
	double now = util_now();
	const struct sprt *sp = w->cfg->sprt;

	if (!last && now - w->last_draw < 0.2)
		return;
	w->last_draw = now;
	w->cfg->progress(w->cfg->progress_ctx, w->done, w->cfg->games, sp ? &w->llr : NULL, sp ? sp->lower : 0,
			 sp ? sp->upper : 0, last);
}

static void *worker(void *arg)
{
	struct work *w = arg;

	for (;;) {
		int i;

		pthread_mutex_lock(&w->lock);
		i = w->next < w->limit ? w->next++ : -1;
		pthread_mutex_unlock(&w->lock);
		if (i < 0)
			break;
		play_game(w->cfg, i, &w->games[i]);
		pthread_mutex_lock(&w->lock);
		w->done++;
		if (w->cfg->sprt) {
			w->finished[i] = true;
			sprt_update(w);
		}
		/* After the SPRT's update: a game past its stop is not the match's. */
		if (w->cfg->game_over != NULL)
			w->cfg->game_over(w->cfg->game_over_ctx, w->games, i, w->limit);
		if (w->cfg->progress)
			report_progress(w, false);
		pthread_mutex_unlock(&w->lock);
	}
	return NULL;
}

int match_run(const struct match_config *cfg, struct match_game **games)
{
	struct work w;
	int jobs = cfg->jobs > 0 ? cfg->jobs : 1;
	pthread_t *threads;
	int started = 0;

	memset(&w, 0, sizeof w);
	w.cfg = cfg;
	w.games = xcalloc((size_t)cfg->games, sizeof *w.games);
	w.limit = cfg->games;
	if (cfg->sprt)
		w.finished = xcalloc((size_t)cfg->games, sizeof *w.finished);
	pthread_mutex_init(&w.lock, NULL);
	if (jobs > cfg->games)
		jobs = cfg->games;
	threads = xcalloc((size_t)jobs, sizeof *threads);
	for (int i = 1; i < jobs; i++)
		if (pthread_create(&threads[i], NULL, worker, &w) == 0)
			started = i;
		else
			break;
	worker(&w);
	for (int i = 1; i <= started; i++)
		pthread_join(threads[i], NULL);
	if (cfg->progress)
		report_progress(&w, true);
	pthread_mutex_destroy(&w.lock);
	free(threads);
	free(w.finished);
	*games = w.games;
	return w.limit;
}

/* Variant A's points in a game: 1, 1/2 or 0 (twice that, to stay in integers). */
static int a_half_points(const struct match_game *mg)
{
	switch (mg->game.result) {
	case GAME_WHITE_WINS:
		return mg->a_white ? 2 : 0;
	case GAME_BLACK_WINS:
		return mg->a_white ? 0 : 2;
	default:
		return 1;   /* a draw, or a game that could not go on */
	}
}

double match_elo_of_score(double s)
{
	if (s <= 0.0)
		return -INFINITY;
	if (s >= 1.0)
		return INFINITY;
	return -400.0 * log10(1.0 / s - 1.0);
}

bool match_elo(const int pairs[5], double *elo, double *low, double *high)
{
	double n = 0, mean = 0, var = 0, se;

	for (int k = 0; k < 5; k++)
		n += pairs[k];
	if (n == 0) {
		*elo = *low = *high = NAN;
		return false;
	}
	for (int k = 0; k < 5; k++)
		mean += pairs[k] * (k / 4.0);
	mean /= n;
	for (int k = 0; k < 5; k++)
		var += pairs[k] * (k / 4.0 - mean) * (k / 4.0 - mean);
	var /= n;
	se = sqrt(var / n);
	*elo = match_elo_of_score(mean);
	*low = match_elo_of_score(mean - 1.959964 * se);
	*high = match_elo_of_score(mean + 1.959964 * se);
	return true;
}

void match_total(const struct match_game *games, int n, struct match_totals *t)
{
	int points = 0, moves[2] = { 0, 0 };
	double nodes[2] = { 0, 0 }, depths[2] = { 0, 0 };

	memset(t, 0, sizeof *t);
	t->games = n;
	for (int i = 0; i < n; i++) {
		int h = a_half_points(&games[i]);

		points += h;
		if (h == 2)
			t->wins++;
		else if (h == 1)
			t->draws++;
		else
			t->losses++;
		for (int v = 0; v < 2; v++) {
			moves[v] += games[i].moves[v];
			nodes[v] += (double)games[i].nodes[v];
			depths[v] += games[i].depths[v];
		}
		if ((unsigned)games[i].game.reason <= GAME_MAX_LENGTH)
			t->reasons[games[i].game.reason]++;
		/* A pair is games 2k and 2k+1: one opening, colours reversed. */
		if (i % 2 == 1) {
			t->pairs[a_half_points(&games[i - 1]) + h]++;
			t->npairs++;
		}
	}
	t->score = n ? points / (2.0 * n) : 0.0;
	for (int v = 0; v < 2; v++) {
		t->nodes_per_move[v] = moves[v] ? nodes[v] / moves[v] : 0.0;
		t->depth_per_move[v] = moves[v] ? depths[v] / moves[v] : 0.0;
	}
	match_elo(t->pairs, &t->elo, &t->elo_low, &t->elo_high);
}

void match_write_pgn_game(FILE *out, const struct match_config *cfg, const struct match_game *mg, int index)
{
	char round[32], comment[64];
	struct pgn_tags tags = { 0 };

	snprintf(round, sizeof round, "%d", index + 1);
	tags.event = "quiesce match";
	tags.site = "quiesce";
	tags.round = round;
	tags.white = cfg->modes[mg->a_white ? 0 : 1].name;
	tags.black = cfg->modes[mg->a_white ? 1 : 0].name;
	if (mg->game.reason != GAME_NO_REASON) {
		snprintf(comment, sizeof comment, "%s", game_reason_text(mg->game.reason));
		tags.comment = comment;
	}
	pgn_write_game(out, &mg->game, &tags);
}

void match_write_pgn(FILE *out, const struct match_config *cfg, const struct match_game *games, int n)
{
	for (int i = 0; i < n; i++)
		match_write_pgn_game(out, cfg, &games[i], i);
}
