/*
 * lesson.h: lessons: plain-text files of pages that mix prose with directives
 * that drive the tutor, questions for the learner and claims about what the
 * engine does, which lessoncheck_lesson (lessoncheck.h) checks by running the search.
 *
 * The format is documented in quiesce-lesson(5). In short:
 *
 *   # a comment
 *   title: The horizon effect
 *   id: horizon
 *   summary: A search that stops too early thinks QxP wins a pawn.
 *
 *   page: The greedy queen
 *   Prose, wrapped to the pane; a blank line ends a paragraph.
 *     An indented line is shown as it is.
 *   @position horizon-qxp
 *   @search none depth=1
 *   @run
 *   @goto event horizon 1
 *   @claim best Qxd5
 *   @claim with captures score 0..100
 *   @question best
 *   @ask Which move does the search choose?
 *   @answer Qxd5
 *   @right ...
 *   @wrong ...
 *
 * The core never prints: parsing and checking report through struct error
 * and a callback; the tutor, the REPL and the CLI decide how to show them.
 */
#ifndef QUIESCE_LESSON_H
#define QUIESCE_LESSON_H

#include <stdio.h>

#include "chess/board.h"
#include "search/search.h"
#include "search/trace.h"
#include "search/variant.h"
#include "base/types.h"

/* Lessons cap their searches as the tutor does, so node numbers agree. */
#define LESSON_MAX_NODES 2000000
/* The default tolerance, in centipawns, of a learner's answer to a score question. */
#define LESSON_SCORE_TOLERANCE 0

enum lesson_item_kind {
	LI_TEXT = 0,        /* a paragraph of prose (or a preformatted block) */
	LI_POSITION,        /* @position: set the position */
	LI_SEARCH,          /* @search: reset the search options to the defaults, then apply */
	LI_SET,             /* @set: change some search options */
	LI_RUN,             /* @run: search and record the trace */
	LI_GOTO,            /* @goto: move the cursor to a node or an event */
	LI_HIGHLIGHT,       /* @highlight squares ... / @highlight node REF */
	LI_COMPARE,         /* @compare A B: open the compare view */
	LI_CLAIM,           /* @claim: a statement check-lesson verifies */
	LI_QUESTION         /* @question with its @ask, @answer … lines */
};

/*
 * A reference to a node of a trace: the root, a node number, the moves that
 * lead to it from the root, the node of the N-th event of a kind, or the
 * node the page's last @goto chose.
 */
enum lesson_ref_kind { LR_ROOT = 0, LR_ID, LR_LINE, LR_EVENT, LR_CURRENT };

struct lesson_ref {
	enum lesson_ref_kind kind;
	uint32_t id;                     /* LR_ID */
	int line_len;                    /* LR_LINE */
	move line[SEARCH_MAX_PLY];
	int event_kind;                  /* LR_EVENT: a TE_* kind */
	int event_nth;                   /* LR_EVENT: 1-based */
	char text[128];                  /* as written, for messages */
};

/* What a node did, read from its own events (see lesson_node_pred_name). */
enum lesson_pred {
	LP_STAND_PAT = 0,     /* it stood pat (any outcome) */
	LP_STAND_PAT_CUTOFF,  /* its stand pat reached beta */
	LP_STAND_PAT_RAISE,   /* its stand pat raised alpha */
	LP_BETA_CUTOFF,       /* a move reached beta */
	LP_CUTOFF,            /* either cutoff */
	LP_NO_CUTOFF,         /* neither: it tried every move it had */
	LP_ALPHA_RAISE,       /* a move raised alpha */
	LP_DELTA_PRUNE,       /* it delta-pruned a move */
	LP_SEE_PRUNE,         /* it SEE-pruned a move */
	LP_PRUNE,             /* either prune */
	LP_FUTILITY_PRUNE,    /* it futility-pruned a move */
	LP_RECAPTURE_PRUNE,   /* it skipped a move that is no recapture */
	LP_EVASION_PRUNE,     /* it skipped a quiet evasion */
	LP_MATE,              /* no legal move in check */
	LP_HORIZON,           /* a mode none leaf: static value, no search */
	LP_QUIET_LEAF,        /* no stand pat and no move searched */
	LP_IN_CHECK,
	LP_QUIESCENCE,        /* a quiescence node */
	LP_PV,                /* on the principal variation */
	LP_SCORE,             /* score=RANGE */
	LP_EVAL,              /* eval=RANGE */
	LP_ALPHA,             /* alpha=RANGE (window at entry) */
	LP_BETA,              /* beta=RANGE */
	LP_COUNT
};

/* A closed range of scores; lo == hi for a single value. */
struct lesson_range {
	int lo, hi;
	/* A claim's end written A or B: the value of that compare side (0 none, 1 side A, 2 side B). */
	signed char lo_side, hi_side;
};

struct lesson_node_test {
	enum lesson_pred pred;
	bool negated;                    /* written "not-PRED" */
	struct lesson_range range;       /* LP_SCORE … LP_BETA */
};

enum lesson_claim_kind {
	LC_BEST = 0,          /* best SAN */
	LC_NOT_BEST,          /* not-best SAN */
	LC_SCORE,             /* score RANGE | mate | mated */
	LC_PV,                /* pv SAN... (a prefix of the principal variation) */
	LC_NODES,             /* nodes RANGE */
	LC_QNODES,            /* qnodes RANGE */
	LC_QSHARE,            /* qshare RANGE (per cent of the nodes in quiescence) */
	LC_STAND_PAT_CUTOFFS,
	LC_BETA_CUTOFFS,
	LC_DELTA_PRUNES,
	LC_SEE_PRUNES,
	LC_MATES,
	LC_NODE               /* node REF: TEST... */
};

#define LESSON_MAX_TESTS 8
#define LESSON_MAX_CHOICES 8

struct lesson_claim {
	enum lesson_claim_kind kind;
	struct search_options opt;       /* the search the claim is about (page setup plus "with") */
	int side;                        /* a claim about compare side A (0) or B (1); -1 the page's search */
	bool has_with;
	char with[128];                  /* the "with" options as written */
	move moves[SEARCH_MAX_PLY];      /* LC_BEST, LC_NOT_BEST (moves[0]), LC_PV */
	int move_count;
	struct lesson_range range;
	int mate;                        /* LC_SCORE: 1 mate for the side to move, -1 mated, 0 a range */
	struct lesson_ref ref;           /* LC_NODE */
	struct lesson_node_test tests[LESSON_MAX_TESTS];
	int test_count;
};

enum lesson_question_kind {
	LQ_BEST = 0,          /* predict the best move */
	LQ_SCORE,             /* predict the root score */
	LQ_NODE,              /* predict what a node does: one of the choices */
	LQ_WINDOW             /* fill in alpha and beta at a node */
};

struct lesson_question {
	enum lesson_question_kind kind;
	struct lesson_ref ref;           /* LQ_NODE, LQ_WINDOW */
	char *ask;                       /* the question as put to the learner */
	char *answer_text;               /* the @answer as written */
	char *hint, *right, *wrong;      /* feedback (NULL when not given) */
	move best;                       /* LQ_BEST */
	int score;                       /* LQ_SCORE */
	int tolerance;                   /* LQ_SCORE */
	int choice_count;                /* LQ_NODE */
	struct lesson_node_test choices[LESSON_MAX_CHOICES];
	int answer_choice;               /* LQ_NODE: index into choices */
	int alpha, beta;                 /* LQ_WINDOW */
	int answer_line, answer_column;  /* where @answer is, for messages */
	uint32_t node;                   /* LQ_NODE, LQ_WINDOW: resolved when the page is shown (page_apply) */
	char node_path[160];             /* ... and its moves from the root as the tree shows them ("" for the root) */
};

/*
 * One item of a page, in file order. Directives carry the page's setup as it
 * stands after them (position and options), so the tutor can start a page
 * anywhere. Node references are resolved against the trace by page_resolve
 * or lessoncheck_lesson (node, event), or by the tutor with lesson_ref_resolve.
 */
struct lesson_item {
	enum lesson_item_kind kind;
	int line, column;
	char *text;                      /* LI_TEXT: the paragraph; directives: the arguments as written */
	bool preformatted;               /* LI_TEXT: show as written, do not wrap */
	struct position pos;             /* the page's position after this item */
	char fen[96];
	struct search_options opt;       /* the page's search options after this item */
	struct lesson_ref ref;           /* LI_GOTO, LI_HIGHLIGHT (node) */
	bool goto_event;                 /* LI_GOTO by "event KIND N": put the cursor on that event */
	int side;                        /* LI_GOTO in a compare view: "side A|B" (0, 1), -1 when not named */
	bitboard squares;                /* LI_HIGHLIGHT squares */
	char compare[2][VARIANT_MAX];    /* LI_COMPARE: the two mode specs */
	struct lesson_claim *claim;      /* LI_CLAIM */
	struct lesson_question *question;/* LI_QUESTION */
	uint32_t node, event;            /* resolved by lessoncheck_lesson (TRACE_NONE until then) */
};

struct lesson_page {
	char *title;
	int line;
	struct position pos;             /* the setup the page starts from (inherited from the pages before) */
	char fen[96];
	struct search_options opt;
	int item_count;
	struct lesson_item *items;
	/*
	 * The words of the page's "# off-screen:" comment lines (up to a
	 * parenthesis), separated by spaces, or NULL: screen facts the prose
	 * quotes that the page's screen cannot show (quiesce-lesson(5)).
	 */
	char *offscreen;
};

struct lesson {
	char *path;
	char *id, *title, *summary;
	int page_count;
	struct lesson_page *pages;
};

/*
 * Reads the lesson file PATH. Positions named in it are looked up in the
 * data directory's positions/. On a malformed lesson it returns NULL and ERR
 * gives the line, the column (1-based) and what is wrong.
 */
struct lesson *lesson_load(const char *path, struct error *err);

/* The same, from TEXT in memory; NAME stands for the file in messages. */
struct lesson *lesson_parse(const char *text, const char *name, struct error *err);

void lesson_free(struct lesson *l);

/*
 * Finds the node REF names in the trace T of a search from ROOT; CURRENT is
 * the node of the page's last @goto (for LR_CURRENT). *EVENT receives the
 * event of an LR_EVENT reference, else the node's entry. Returns false with
 * a message in ERR when the trace has no such node.
 */
bool lesson_ref_resolve(const struct lesson_ref *ref, const struct trace *t, uint32_t current,
			uint32_t *node, uint32_t *event, struct error *err);

/* Whether TEST holds for NODE of T. */
bool lesson_node_test_holds(const struct lesson_node_test *test, const struct trace *t, uint32_t node);

/* Writes TEST as a lesson writes it ("stand-pat-cutoff", "not-pv", "score=-50..0") into BUF. */
void lesson_node_test_format(const struct lesson_node_test *test, char *buf, size_t n);

/*
 * Writes TEST as a question's choice says it, in the learner's words ("its
 * stand pat reaches beta: it cuts off at once (sp-cut)") into BUF.
 */
void lesson_node_test_phrase(const struct lesson_node_test *test, char *buf, size_t n);

/*
 * Whether ANSWER (one word or the whole phrase, any case) names TEST: its
 * lesson name, its phrase, or a word a learner uses for it (the tree's mark
 * "sp-cut", "q0" or "horizon" for a quiescence node, "main" for not-quiescence).
 */
bool lesson_node_test_names(const struct lesson_node_test *test, const char *answer);

/*
 * Whether Q is answered yes or no: a node question whose two choices are a
 * test and its negation (see-prune, not-see-prune). A question whose @ask
 * asks yes or no must be one (check-lesson says so).
 */
bool lesson_question_is_yes_no(const struct lesson_question *q);

/* The name of a node predicate ("stand-pat-cutoff", …) and its one-line meaning. */
const char *lesson_pred_name(enum lesson_pred pred);
const char *lesson_pred_meaning(enum lesson_pred pred);

enum lesson_verdict { LV_RIGHT = 0, LV_WRONG, LV_INVALID };

/*
 * Checks the learner's ANSWER to question Q (asked in position POS, the
 * page's position at the question, searched with OPT). LV_INVALID means the
 * answer could not be read (not a legal move, not a number, not a choice);
 * FEEDBACK (N bytes) then says what is expected. Otherwise FEEDBACK holds
 * the lesson's @right or @wrong text (or a generated one) and where to look
 * in the tree, the node named by its moves. A best-move answer that ties
 * with the engine's move (the same exact score under OPT; not checked when
 * OPT is NULL) is right, and the feedback says which move the engine plays
 * and why.
 */
enum lesson_verdict lesson_answer(const struct lesson_question *q, const struct position *pos,
				  const struct search_options *opt, const char *answer, char *feedback, size_t n);

/*
 * Wraps TEXT to lines of at most WIDTH columns (words longer than WIDTH stay
 * whole) and returns a newly allocated string of lines, each ending in '\n'.
 */
char *lesson_wrap(const char *text, int width);

/* The lessons in the data directory's lessons/, sorted by file name. */
struct lesson_info {
	char *path, *id, *title, *summary;
};

/*
 * Lists the lessons of DIR (NULL: the data directory's lessons/). Lessons
 * that do not parse are listed with their error as the summary. Returns the
 * count; *OUT is an array the caller frees with lesson_info_free.
 */
int lesson_list(const char *dir, struct lesson_info **out);
void lesson_info_free(struct lesson_info *list, int count);

/*
 * Resolves NAME to a lesson file: a path to a file, or the id, the file name
 * (with or without ".lesson") or the number (1 for the first in the list) of a
 * lesson in the data directory. Returns a newly allocated path, or NULL.
 */
char *lesson_find(const char *name);

/* Writes the lesson as plain text pages (prose wrapped to WIDTH, directives as notes) to OUT. */
void lesson_print(const struct lesson *l, int width, FILE *out);

#endif
