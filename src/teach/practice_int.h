/* practice_int.h: what practice.c and practice_drill.c share (private to the two). */
#ifndef QUIESCE_PRACTICE_INT_H
#define QUIESCE_PRACTICE_INT_H

#include "search/trace.h"
#include "teach/practice.h"

/* One position a question may come from, named in the ids by its source and index. */
struct practice_pos {
	struct position pos;
	char src[16];
	int index;                  /* 1-based record number (PGN: game * 1000 + ply) */
};

struct practice_set {
	enum practice_drill drill;
	int level;
	uint64_t seed;
	struct practice_pos *pos;
	int count, cap;
	int *order;                 /* the positions in the seed's order, built by the first practice_next */
	int next;                   /* the next entry of ORDER to try */
	struct trace *trace;
	struct trace *trace2;       /* the horizon drill's second search */
	/* Asking again by id (practice_question_by_id): the node and moves the id names. */
	uint32_t force_node;        /* TRACE_NONE when the drill chooses */
	char force_uci[2][8];       /* the id's moves in UCI, "" when it names none */
};

/* A 64-bit generator (splitmix64): the same seed, the same numbers. */
uint64_t practice_random(uint64_t *state);

/*
 * Runs the search drill S->drill needs on position P and, when its trace has
 * a decision the drill asks about, fills Q (id, prompt, answer, sentence,
 * rule) and returns true; RNG chooses among the decisions.
 */
bool practice_drill_ask(struct practice_set *s, const struct practice_pos *p, uint64_t *rng,
			struct practice_question *q);

#endif
