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

/* What the drills share (practice_drill.c), used by the modern drills (practice_drill_modern.c). */

/* The most decisions of one position a drill chooses among. */
#define PRACTICE_MAX_CANDIDATES 512

/* One decision a question may be made of. */
struct candidate {
	uint32_t node;
	uint32_t ev;                /* the deciding event */
	move mv;
	int alpha;                  /* the node's alpha when the decision was made */
	bool yes;
};

/* The decisions of one search a drill chooses among, and the options it ran with. */
struct walk {
	const struct practice_set *s;
	const struct trace *t;
	const struct position *root;
	struct search_options opt;
	struct candidate c[PRACTICE_MAX_CANDIDATES];
	int count, yes;
};

/* Adds a decision to W (node, deciding event, move, alpha at the event, whether its answer is yes). */
void practice_walk_add(struct walk *w, uint32_t node, uint32_t ev, move mv, int alpha, bool yes);
/* Picks a decision of W: a yes or a no with even odds when there are both; asked again by id, the id's. */
const struct candidate *practice_walk_pick(const struct walk *w, uint64_t *rng);
/* Calls VISIT for each own event of every quiescence node not in check of W's trace, with alpha at the event. */
void practice_walk_quiescence(struct walk *w, void (*visit)(struct walk *w, uint32_t node, uint32_t ev,
							     const struct trace_event *e, int alpha));
/* The position at node N of T (from ROOT) into OUT, and the line that leads there in SAN into LINE. */
void practice_node_position(const struct trace *t, uint32_t n, const struct position *root,
			    struct position *out, char *line, size_t size);
/* Runs the search with OPT on ROOT into T; false when it stopped (its answers would be partial). */
bool practice_run(struct trace *t, const struct position *root, const struct search_options *opt);
/* The options every drill starts from: depth 1, mode captures, fail-hard, no pruning, a node cap. */
void practice_base_options(struct search_options *opt);
/* A window bound as a prompt writes it ("-inf", "#3", "+120"), in one of four rotating buffers. */
const char *practice_bound_text(int v, int ply);
/* "White" or "Black": the side to move in POS. */
const char *practice_side_name(const struct position *pos);
/* Fills the parts of Q every drill shares (id, level, node, rule); the caller writes the prompt and the answer. */
void practice_question_start(struct practice_question *q, const struct practice_set *s, const struct practice_pos *p,
			     int level, uint32_t node, move mv);
/* Makes Q a yes/no question whose answer is YES. */
void practice_answer_yes_no(struct practice_question *q, bool yes);
/* The level of S's questions: the level asked, at most the drill's highest. */
int practice_level_of(const struct practice_set *s);

/* The futility drill: is this capture futility-pruned (practice_drill_modern.c). */
bool practice_ask_futility(struct practice_set *s, const struct practice_pos *p, uint64_t *rng,
			   struct practice_question *q, struct walk *w);
/* The recaptures drill: is this move skipped as no recapture (practice_drill_modern.c). */
bool practice_ask_recaptures(struct practice_set *s, const struct practice_pos *p, uint64_t *rng,
			     struct practice_question *q, struct walk *w);
/* The TT drill: does the table answer this node; what it returns (practice_drill_tt.c). */
bool practice_ask_tt(struct practice_set *s, const struct practice_pos *p, uint64_t *rng,
		     struct practice_question *q, struct walk *w);

#endif
