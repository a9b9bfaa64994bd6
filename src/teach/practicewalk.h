/*
 * practicewalk.h: practice on the search being studied. The learner steps
 * through a recorded trace, and before each decision that teaches something
 * is shown, predicts it; the answer is read from the trace itself.
 *
 * A question is anchored at the event that reveals it: the cursor stands on
 * the event before it while the question is asked (on the move that opens
 * the node, for a stand pat value), and lands on it with the reveal. The decisions, with the level each belongs to:
 *   level 1 (yes/no and choices): does the stand pat cut off; is a capture
 *           searched or pruned (delta, SEE) when pruning is on; after a
 *           child returns, does the node raise alpha, cut off, or neither;
 *   level 2 (values and moves): the stand pat value; the first capture a
 *           quiescence node tries (of two or more); the value a node with
 *           children returns;
 *   level 3 (windows and bounds): the beta a new node is searched with;
 *           whether a node's value is exact, a lower or an upper bound.
 * At each event the question of the highest level not above the one chosen
 * is asked, so a level-2 walk asks stand pat values rather than cutoffs.
 * Trivial events (entries at levels 1-2, horizon leaves, stops) are skipped.
 * No curses here: the tutor and the REPL ask (command_walk.c).
 */
#ifndef QUIESCE_PRACTICEWALK_H
#define QUIESCE_PRACTICEWALK_H

#include "search/search.h"
#include "search/trace.h"
#include "teach/practice.h"

enum practicewalk_kind {
	PW_STAND_PAT_CUT = 0,   /* level 1: choice yes/no */
	PW_PRUNE,               /* level 1: choice searched/delta/see */
	PW_RAISE_CUT,           /* level 1: choice neither/raise/cut */
	PW_STAND_PAT_VALUE,     /* level 2: a value */
	PW_FIRST_MOVE,          /* level 2: a move */
	PW_NODE_VALUE,          /* level 2: a value */
	PW_BETA,                /* level 3: a value */
	PW_BOUND,               /* level 3: choice exact/lower/upper */
	PW_KIND_COUNT
};

#define PRACTICEWALK_MAX_CHOICES 3

struct practicewalk_question {
	enum practicewalk_kind kind;
	int level;                    /* the level of this kind of question */
	uint32_t event;               /* the event that reveals the answer */
	uint32_t before;              /* the event the cursor is on while asking: event - 1, or for a stand
				       * pat value the parent's move, whose sentence does not give it away */
	uint32_t node;                /* the node that decides */
	int choice_count;             /* 0 for a typed answer (q.type says which) */
	const char *choices[PRACTICEWALK_MAX_CHOICES];
	int choice;                   /* the right choice, 0-based */
	int label_len;                /* the prompt's leading node label ("Node 12 after Nxe5"), its length */
	/* The prompt, the answer as text, the position, the sentence and the rule; q.type for typed answers. */
	struct practice_question q;
};

/* The name of a kind ("stand-pat-cut", "prune", ...), for tests and the key. */
const char *practicewalk_kind_name(enum practicewalk_kind k);

/*
 * The first question at or after event FROM of T at LEVEL (1-3) into Q:
 * ROOT is the searched position, OPT the options (pruning questions need
 * them; NULL asks none). False when no decision is left.
 */
bool practicewalk_next(const struct trace *t, const struct position *root, const struct search_options *opt,
		       uint32_t from, int level, struct practicewalk_question *q);

/*
 * The decisions a walk has asked, so that it does not ask the same one again:
 * a decision repeats one asked when it is of the same kind, at the same kind
 * of node (main search, quiescence, in check), with the same values in its
 * question and the same answer ("stands pat on -700, beta -700: does it cut
 * off?" at another node). Zeroed to start; practicewalk_seen_clear frees it.
 */
struct practicewalk_seen {
	uint64_t *hash;
	int count, cap;
};
void practicewalk_seen_clear(struct practicewalk_seen *seen);

/*
 * As practicewalk_next, skipping a decision that repeats one in SEEN; the
 * question found is added to SEEN.
 */
bool practicewalk_next_unseen(const struct trace *t, const struct position *root, const struct search_options *opt,
			      uint32_t from, int level, struct practicewalk_seen *seen, struct practicewalk_question *q);

/*
 * Judges ANSWER to Q: a choice by its number (1-3) or its word, a move in
 * SAN or UCI, a whole number. Writes "right: ...", "wrong: the engine says
 * ..." or, for an answer that is not of the kind asked, what was expected,
 * followed by the event's sentence and the rule, into BUF.
 */
enum practice_verdict practicewalk_judge(const struct practicewalk_question *q, const char *answer,
					 char *buf, size_t n);

#endif
