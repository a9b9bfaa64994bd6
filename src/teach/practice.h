/*
 * practice.h: drills in which the learner predicts what the search will do
 * and the engine checks every prediction.
 *
 * A practice set takes positions (the files quiesce ships, or an EPD or PGN
 * file), runs the search a drill needs on each of them in an order the seed
 * decides, walks the recorded trace and turns one decision of it into a
 * question. The answer is read from that trace (the stand-pat event, the
 * first move event, the prune events...), never from a hand-written key, and
 * the verdict quotes the event's sentence (explain.h) and the rule that
 * decided it. No curses here: the command line and the tutor ask.
 */
#ifndef QUIESCE_PRACTICE_H
#define QUIESCE_PRACTICE_H

#include "chess/board.h"
#include "chess/fen.h"
#include "base/types.h"
#include "search/search.h"

enum practice_drill {
	PD_STAND_PAT = 0,   /* does the stand pat cut off; its value; the node's value */
	PD_ORDER,           /* which capture MVV-LVA tries first */
	PD_DELTA,           /* is this capture delta-pruned */
	PD_SEE,             /* is this capture SEE-pruned; its exchange value */
	PD_HORIZON,         /* a mode-none leaf: what does quiescence say */
	PD_CHECKS,          /* is this quiet check searched at this quiescence ply */
	PD_FUTILITY,        /* is this capture futility-pruned (issue 29) */
	PD_RECAPTURES,      /* is this move skipped as no recapture (issue 29) */
	PD_TT,              /* does the transposition table answer this node; what it returns (issue 29) */
	PD_COUNT
};

enum practice_answer_type { PA_YES_NO = 0, PA_MOVE, PA_VALUE };

/* The most answers one question accepts (the captures tied for first). */
#define PRACTICE_MAX_ACCEPT 16

/* The highest level a drill asks (1: yes/no decisions; 2: values and moves; 3: windows and bounds). */
#define PRACTICE_MAX_LEVEL 3

struct practice_question {
	char id[96];                /* stable: DRILL+LEVEL-SOURCE-INDEX-NODE[-MOVE] */
	enum practice_drill drill;
	int level;                  /* the level of this kind of question (<= the level asked) */
	enum practice_answer_type type;
	struct position pos;        /* the node's position, where a move answer is read */
	char fen[FEN_BUFSIZE];
	char prompt[640];           /* the question, one line */
	/* The engine's answer, from its trace. */
	int value;                  /* PA_YES_NO: 1 yes, 0 no; PA_VALUE: the value */
	move mv;                    /* PA_MOVE */
	int tolerance;              /* PA_VALUE: a guess this close counts as right (never for a mate) */
	int ply;                    /* PA_VALUE: the node's distance from the root, for a mate's "#N" */
	int bound;                  /* PA_VALUE: SCORE_EXACT, or SCORE_LOWER/SCORE_UPPER for a bound (chess/score.h) */
	/* PA_MOVE: every move the rule allows (MVV-LVA ties), the engine's own MV first. */
	move accept[PRACTICE_MAX_ACCEPT];
	int naccept;
	char answer[24];            /* the engine's answer as text: "yes", "Nxe5", "-120", "#3" */
	char sentence[400];         /* the deciding event in words (explain_event) */
	char why[400];              /* when the rule allows several answers: which, and why the engine's came first */
	char line[800];             /* the deciding line or arithmetic, where the drill shows one ("" for none) */
	/* The search the question comes from, for a front end to show once it is answered: run OPT on ROOT, see NODE. */
	struct position root;
	struct search_options opt;
	uint32_t node;
	const char *rule;           /* the rule that decides, one sentence */
};

/* A drill by name (the drills' table in practice.c: "stand-pat", "order", ...); -1 for none. */
int practice_drill_parse(const char *name);
/*
 * The drills' names as a list for a message or a help text, from the one
 * table, into BUF: "stand-pat, order, ..., futility or recaptures" with
 * LAST between the last two (" or ", or ", " for a plain list).
 */
void practice_drill_list(const char *last, char *buf, size_t n);
/* The levels each drill has, for a help text: "stand-pat has 1-3, order, see and horizon 1-2, ... 1 only". */
void practice_drill_levels_text(char *buf, size_t n);
const char *practice_drill_name(enum practice_drill d);
/* The highest level drill D asks (1: yes/no; 2: values and moves; 3: windows and bounds): 1 to PRACTICE_MAX_LEVEL. */
int practice_drill_levels(enum practice_drill d);
/* The concept a drill trains, for the progress report ("stand pat", "move ordering", ...). */
const char *practice_drill_concept(enum practice_drill d);

/*
 * The drill that exercises the concept of the lesson named LESSON_ID (its
 * 'id:' header), offered on the lesson's last page; NULL for an unknown id.
 */
const char *practice_drill_of_lesson(const char *lesson_id);

struct practice_set;

/*
 * A set of questions of drill D at LEVEL (1 to practice_drill_levels(D)) in
 * the order SEED decides, the seed mixed with the drill so that each drill
 * draws its own positions; no positions yet.
 */
struct practice_set *practice_new(enum practice_drill d, int level, uint64_t seed);
void practice_free(struct practice_set *s);

/*
 * Adds positions: the EPD or Lichess CSV file PATH (suite_load), named TAG
 * in the ids; the PGN file PATH (every position of every game, tag "pgn",
 * the index game*1000+ply); or the four files quiesce ships (wac.epd,
 * lichess.csv, balanced.epd, lessons.epd, found through datadir). False
 * with ERR ("PATH:LINE:COLUMN: ...") when a file cannot be read.
 */
bool practice_add_suite(struct practice_set *s, const char *path, const char *tag, struct error *err);
bool practice_add_pgn(struct practice_set *s, const char *path, struct error *err);
bool practice_add_shipped(struct practice_set *s, struct error *err);
/* Adds the one position POS, named TAG and INDEX in the ids (the fuzz target, a tutor's current position). */
void practice_add_position(struct practice_set *s, const struct position *pos, const char *tag, int index);
/* The number of positions added. */
int practice_position_count(const struct practice_set *s);

/*
 * The next question into Q: the search runs on the next positions in the
 * seed's order until one of them has a decision of the drill. False when
 * the positions are used up (each gives at most one question a set).
 */
bool practice_next(struct practice_set *s, struct practice_question *q);

/* The drill of the set. */
enum practice_drill practice_set_drill(const struct practice_set *s);

/* Starts the set's questions again from the first (the same order, the same questions). */
void practice_rewind(struct practice_set *s);

/*
 * Asks again the question named by ID (as practice_next made it) into Q:
 * its position is found among the set's, its search run again. False when
 * the id does not name a question of the set's positions and drill.
 */
bool practice_question_by_id(struct practice_set *s, const char *id, struct practice_question *q);

enum practice_verdict { PV_RIGHT = 0, PV_WRONG, PV_MALFORMED };

/* A verdict's buffer is always large enough at this size. */
#define PRACTICE_VERDICT_MAX 2400

/*
 * Judges the learner's ANSWER to Q: yes/no ("y", "yes", "n", "no"), a move
 * (SAN or UCI, legal in the question's position; any move of Q->accept is
 * right) or a value (a whole number, or a mate as "#N"/"#-N"; a mate is
 * right only as that mate; a bound only with its mark, ">=V" or "<=V", and
 * a value only without one). Writes the verdict line into BUF ("right: ...",
 * "wrong: the engine says ...", or, for an answer that is not of the kind
 * asked, what was expected), the other answers the rule accepts, why the
 * engine's came first, the deciding line, the event's sentence and the rule.
 */
enum practice_verdict practice_judge(const struct practice_question *q, const char *answer,
				     char *buf, size_t n);

#endif
