/*
 * compare.h: run every position of a suite under several search modes and
 * total what each mode found and what it cost.
 *
 * A mode is a variant as variant_apply reads it ("captures", "brute",
 * "captures+delta", "none+depth=3") applied on top of the base options. Each
 * (mode, position) pair is one search; the searches are independent, so they
 * can run on several threads, and the results are stored by index and totalled
 * afterwards: the totals never depend on the number of threads.
 */
#ifndef QUIESCE_COMPARE_H
#define QUIESCE_COMPARE_H

#include "search/search.h"
#include "chess/suite.h"
#include "base/types.h"

#define COMPARE_DEFAULT_CAP 2000000
#define COMPARE_MODE_NAME 128

struct compare_mode {
	char name[COMPARE_MODE_NAME];   /* as given in the list */
	struct search_options opt;
};

/* What one search of one position found. */
struct compare_result {
	move best;
	int score;
	bool scorable;
	bool solved;            /* false when capped, whatever move it had */
	bool capped;            /* the search hit its node cap (the mode's max_nodes) */
	bool has_score;         /* score is a true value (false: capped before any root move finished) */
	uint64_t nodes, qnodes, stand_pat_cutoffs, beta_cutoffs, delta_prunes, see_prunes;
	uint64_t modern_prunes; /* futility, recapture and evasion prunes (issue 29) */
	double seconds;         /* CPU time of the search (of its thread) */
};

/* One mode's totals over the suite. */
struct compare_row {
	int positions;
	int scorable;
	int solved;
	int capped;
	double accuracy;        /* solved / scorable (0 when nothing is scorable) */
	double qshare;          /* qnodes / nodes */
	double nodes_per_position;
	uint64_t nodes, qnodes, stand_pat_cutoffs, beta_cutoffs, delta_prunes, see_prunes;
	uint64_t modern_prunes; /* futility, recapture and evasion prunes (issue 29) */
	double seconds;         /* the sum of the searches' CPU times */
};

struct compare_config {
	int jobs;               /* threads; 1 runs everything on the calling thread */
	/*
	 * Called as searches finish (NULL: not called), one call at a time,
	 * with DONE of TOTAL searches; END is the last call, after every search.
	 * The library never prints: the command line draws a bar from it.
	 */
	void (*progress)(void *ctx, size_t done, size_t total, bool end);
	void *progress_ctx;
};

struct compare_run {
	const struct suite *suite;
	int npositions;         /* the first NPOSITIONS of the suite */
	int nmodes;
	const struct compare_mode *modes;
	struct compare_result *results; /* [mode * npositions + position] */
	struct compare_row *rows;       /* [mode] */
	double elapsed;                 /* wall-clock time of the whole run */
};

/*
 * Parses LIST, comma-separated mode names, each applied to a copy of BASE.
 * On success *MODES (to be freed) holds *COUNT modes; on failure ERR names
 * the mode and says what was expected.
 */
bool compare_modes_parse(const char *list, const struct search_options *base,
			 struct compare_mode **modes, int *count, struct error *err);

/*
 * Searches the first NPOSITIONS positions of SUITE (all when 0 or more than
 * it has) under each of the NMODES modes and fills RUN. Cannot fail.
 */
void compare_run(struct compare_run *run, const struct suite *suite, int npositions,
		 const struct compare_mode *modes, int nmodes, const struct compare_config *cfg);

void compare_run_free(struct compare_run *run);

/* The result of mode M on position P. */
static inline const struct compare_result *compare_result_at(const struct compare_run *run,
							      int m, int p)
{
	return &run->results[(size_t)m * (size_t)run->npositions + (size_t)p];
}

#endif
