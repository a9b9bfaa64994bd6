/*
 * lesson_int.h: what the files of the lesson module share (lesson.c holds
 * the model's names, lesson_syntax.c reads the words of a line,
 * lesson_parse.c reads a lesson, lesson_claim.c its node references, claims
 * and questions, lesson_node.c resolves them on a trace and marks answers).
 * Not for other modules but lessoncheck.c, the lesson module's checker.
 */
#ifndef QUIESCE_LESSON_INT_H
#define QUIESCE_LESSON_INT_H

#include <stdarg.h>

#include "chess/fen.h"
#include "teach/lesson.h"
#include "base/util.h"

#define MAX_TOKENS 160

/* A word of a directive line and the column (1-based) it starts at. */
struct tok {
	const char *s;
	int len;
	int col;
};

struct parser {
	struct lesson *l;
	struct error *err;
	int lineno;
	struct lesson_page *page;
	struct position pos;
	char fen[FEN_BUFSIZE];
	struct search_options opt;
	bool ran;                        /* a @run since the setup last changed, on this page */
	bool went;                       /* a @goto since that @run */
	bool compared;                   /* a @compare since the setup last changed, on this page */
	int page_run_line;               /* the line of this page's first @run, 0 before it */
	struct lesson_item *question;    /* the open @question, if any */
	struct lesson_item *para;        /* the open paragraph, if any */
};

/* The names of the node predicates, by enum lesson_pred. */
extern const char *const lesson_pred_names[LP_COUNT];

/* The claims by name. */
struct lesson_claim_name {
	const char *name;
	enum lesson_claim_kind kind;
};
extern const struct lesson_claim_name lesson_claim_names[];
extern const size_t lesson_claim_name_count;
#define LESSON_CLAIM_NAME_COUNT lesson_claim_name_count

/* lesson_syntax.c */
bool lesson_tok_is(const struct tok *t, const char *word);
char *lesson_tok_copy(const struct tok *t, char *buf, size_t n);
int lesson_tokenize(const char *line, const char *from, struct tok *toks, int max);
bool lesson_perr(struct parser *p, int col, const char *fmt, ...) PRINTF_LIKE(3, 4);
char *lesson_trimmed_dup(const char *s);
bool lesson_parse_score(const char *s, int len, int *out);
bool lesson_parse_range(const char *s, int len, struct lesson_range *r);
/* The largest count a claim may give, and the same in words for messages. */
#define LESSON_COUNT_MAX 2000000000L
#define LESSON_COUNT_MAX_TEXT "2000000000"

/*
 * Parses a claim's count: N, LOW..HIGH, LOW.. or ..HIGH. False when it is not
 * one, *WHY then a reason more precise than "expected a count" (out of range,
 * an empty range) or NULL.
 */
bool lesson_parse_count_range(const char *s, int len, struct lesson_range *r, const char **why);
void lesson_format_range(const struct lesson_range *r, char *buf, size_t n);
bool lesson_in_range(const struct lesson_range *r, long long v);
bool lesson_apply_spec(struct search_options *opt, const char *spec, struct error *err);
bool lesson_parse_positive(const char *buf, long *out);
/* lesson.c */
bool lesson_options_equal(const struct search_options *a, const struct search_options *b);
/* lesson_claim.c */
bool lesson_parse_ref(struct parser *p, const struct tok *t, int n, int endcol, struct lesson_ref *ref);
bool lesson_parse_test(struct parser *p, const struct tok *t, struct lesson_node_test *test);
bool lesson_parse_claim(struct parser *p, const char *line, const struct tok *t, int n, struct lesson_item *it);
bool lesson_close_question(struct parser *p);
bool lesson_question_part(struct parser *p, const char *line, const char *name, const char *rest, int col);
/* lesson_node.c */
void lesson_format_test(const struct lesson_node_test *test, char *buf, size_t n);
/* Describes node N of T (window, eval, score and the facts that hold) into BUF. */
void lesson_node_describe(const struct trace *t, uint32_t n, char *buf, size_t size);

#endif
