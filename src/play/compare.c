/* compare.c: a suite searched under several modes, on one thread or several. */
#include "play/compare.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/util.h"
#include "search/variant.h"

/*
 * The CPU time of the calling thread, in seconds, so that a search's time
 * does not grow when other threads or programs share the processor. Falls
 * back to the monotonic clock where there is no per-thread clock.
 */
static double thread_seconds(void)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
		return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
#endif
	return util_now();
}

bool compare_modes_parse(const char *list, const struct search_options *base,
			 struct compare_mode **modes, int *count, struct error *err)
{
	struct compare_mode *out = NULL;
	const char *p = list;
	int n = 0, cap = 0;

	*modes = NULL;
	*count = 0;
	for (;;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		struct compare_mode *m;

		if (len == 0) {
			free(out);
			return error_set(err, 0, (int)(p - list) + 1,
					 "empty mode at column %d of '%s': expected a comma-separated list such as none,captures,brute",
					 (int)(p - list) + 1, list);
		}
		if (len >= COMPARE_MODE_NAME) {
			free(out);
			return error_set(err, 0, (int)(p - list) + 1, "mode '%.40s...' is too long", p);
		}
		if (n == cap) {
			cap = cap ? cap * 2 : 8;
			out = xrealloc(out, (size_t)cap * sizeof *out);
		}
		m = &out[n++];
		memcpy(m->name, p, len);
		m->name[len] = '\0';
		m->opt = *base;
		if (!variant_apply(&m->opt, m->name, err)) {
			free(out);
			return false;
		}
		if (comma == NULL)
			break;
		p = comma + 1;
	}
	*modes = out;
	*count = n;
	return true;
}

/* The work shared by the threads: the next search to start and the progress so far. */
struct work {
	struct compare_run *run;
	const struct compare_config *cfg;
	pthread_mutex_t lock;
	size_t next, done, total;
	double last_draw;
};

/* Reports the progress (the lock is held); at most ten times a second but for the last report. */
static void report_progress(struct work *w, bool end)
{
	double now = util_now();

	if (!end && now - w->last_draw < 0.1)
		return;
	w->last_draw = now;
	w->cfg->progress(w->cfg->progress_ctx, w->done, w->total, end);
}

/* Searches position P under mode M and stores what it found. */
static void search_one(struct compare_run *run, int m, int p)
{
	const struct suite_position *sp = &run->suite->positions[p];
	struct compare_result *r = &run->results[(size_t)m * (size_t)run->npositions + (size_t)p];
	struct search_result res;
	double start = thread_seconds();

	search_run(&sp->pos, &run->modes[m].opt, NULL, NULL, &res);
	r->seconds = thread_seconds() - start;
	r->best = res.best;
	r->score = res.score;
	r->scorable = suite_scorable(sp);
	r->capped = res.stopped;
	r->has_score = res.has_score;
	r->solved = !r->capped && suite_solves(sp, res.best);
	r->nodes = res.nodes;
	r->qnodes = res.qnodes;
	r->stand_pat_cutoffs = res.stand_pat_cutoffs;
	r->beta_cutoffs = res.beta_cutoffs;
	r->delta_prunes = res.delta_prunes;
	r->see_prunes = res.see_prunes;
	r->modern_prunes = res.futility_prunes + res.recapture_prunes + res.evasion_prunes;
}

/* A worker: takes the next search until none is left. Searches are numbered mode-major. */
static void *worker(void *arg)
{
	struct work *w = arg;
	size_t k;

	for (;;) {
		pthread_mutex_lock(&w->lock);
		k = w->next < w->total ? w->next++ : w->total;
		pthread_mutex_unlock(&w->lock);
		if (k == w->total)
			return NULL;
		search_one(w->run, (int)(k / (size_t)w->run->npositions), (int)(k % (size_t)w->run->npositions));
		pthread_mutex_lock(&w->lock);
		w->done++;
		if (w->cfg->progress)
			report_progress(w, false);
		pthread_mutex_unlock(&w->lock);
	}
}

/* Totals the results of mode M, in position order. */
static void total_mode(struct compare_run *run, int m)
{
	struct compare_row *row = &run->rows[m];

	memset(row, 0, sizeof *row);
	for (int p = 0; p < run->npositions; p++) {
		const struct compare_result *r = compare_result_at(run, m, p);

		row->positions++;
		row->scorable += r->scorable;
		row->solved += r->solved;
		row->capped += r->capped;
		row->nodes += r->nodes;
		row->qnodes += r->qnodes;
		row->stand_pat_cutoffs += r->stand_pat_cutoffs;
		row->beta_cutoffs += r->beta_cutoffs;
		row->delta_prunes += r->delta_prunes;
		row->see_prunes += r->see_prunes;
		row->modern_prunes += r->modern_prunes;
		row->seconds += r->seconds;
	}
	row->accuracy = row->scorable ? (double)row->solved / (double)row->scorable : 0.0;
	row->qshare = row->nodes ? (double)row->qnodes / (double)row->nodes : 0.0;
	row->nodes_per_position = row->positions ? (double)row->nodes / (double)row->positions : 0.0;
}

void compare_run(struct compare_run *run, const struct suite *suite, int npositions,
		 const struct compare_mode *modes, int nmodes, const struct compare_config *cfg)
{
	struct work w;
	double start = util_now();
	int jobs = cfg->jobs < 1 ? 1 : cfg->jobs;

	memset(run, 0, sizeof *run);
	run->suite = suite;
	run->npositions = npositions <= 0 || npositions > suite->count ? suite->count : npositions;
	run->nmodes = nmodes;
	run->modes = modes;
	run->results = xcalloc((size_t)nmodes * (size_t)run->npositions + 1, sizeof *run->results);
	run->rows = xcalloc((size_t)nmodes + 1, sizeof *run->rows);

	memset(&w, 0, sizeof w);
	w.run = run;
	w.cfg = cfg;
	w.total = (size_t)nmodes * (size_t)run->npositions;
	w.last_draw = 0.0;
	pthread_mutex_init(&w.lock, NULL);
	if ((size_t)jobs > w.total)
		jobs = w.total > 0 ? (int)w.total : 1;
	if (cfg->progress && w.total > 0)
		report_progress(&w, false);

	if (jobs == 1) {
		worker(&w);
	} else {
		pthread_t *threads = xcalloc((size_t)jobs, sizeof *threads);
		int started = 0;

		for (int i = 0; i < jobs; i++) {
			if (pthread_create(&threads[i], NULL, worker, &w) != 0)
				break;
			started++;
		}
		if (started == 0)
			worker(&w);     /* no thread could start: do the work here */
		for (int i = 0; i < started; i++)
			pthread_join(threads[i], NULL);
		free(threads);
	}
	pthread_mutex_destroy(&w.lock);
	if (cfg->progress && w.total > 0)
		cfg->progress(cfg->progress_ctx, w.done, w.total, true);

	for (int m = 0; m < nmodes; m++)
		total_mode(run, m);
	run->elapsed = util_now() - start;
}

void compare_run_free(struct compare_run *run)
{
	free(run->results);
	free(run->rows);
	memset(run, 0, sizeof *run);
}
