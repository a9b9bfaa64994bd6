/* eval.h: static evaluation with a breakdown a learner can read. */
#ifndef QUIESCE_EVAL_H
#define QUIESCE_EVAL_H

#include "chess/board.h"
#include "base/types.h"

enum eval_kind { EVAL_MATERIAL = 0, EVAL_PST = 1 };

/* The parts of an evaluation, each from White's point of view except TOTAL. */
struct eval_breakdown {
	int count[2][7];      /* pieces of each colour and type */
	int material[2];      /* sum of piece values per colour */
	int pst[2];           /* piece-square bonuses per colour (0 for EVAL_MATERIAL) */
	int white;            /* material + pst difference, White's view */
	int total;            /* the evaluation from the side to move's view */
};

/* The static evaluation of POS from the side to move's point of view. */
int eval_static(const struct position *pos, enum eval_kind kind);

/* Fills OUT with the parts of the evaluation and returns OUT->total. */
int eval_explain(const struct position *pos, enum eval_kind kind, struct eval_breakdown *out);

/* The names of the evaluations by enum eval_kind ("material", "pst"), NULL-terminated: the option table reads them. */
extern const char *const eval_kind_names[];
/* Parses one of those names; false for anything else. */
bool eval_kind_parse(const char *text, enum eval_kind *out);
const char *eval_kind_name(enum eval_kind kind);

#endif
