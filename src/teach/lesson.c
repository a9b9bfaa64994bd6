/*
 * lesson.c: the lesson model: the names of its node predicates and claims,
 * comparing two pages' search setups, and freeing a lesson. A lesson is read
 * by lesson_parse.c, its claims and questions by lesson_claim.c, checked by
 * lessoncheck.c, printed by lesson_print.c and found by lesson_list.c.
 */
#include "teach/lesson.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "teach/lesson_int.h"
#include "search/option.h"

const char *const lesson_pred_names[LP_COUNT] = {
	"stand-pat", "stand-pat-cutoff", "stand-pat-raise", "beta-cutoff", "cutoff", "no-cutoff",
	"alpha-raise", "delta-prune", "see-prune", "prune", "futility-prune", "recapture-prune", "evasion-prune", "mate", "horizon", "quiet-leaf",
	"in-check", "quiescence", "pv", "score", "eval", "alpha", "beta"
};

static const char *const pred_meanings[LP_COUNT] = {
	"the node stands pat: it takes its static value as a lower bound",
	"the stand pat alone reaches beta: the node cuts off without trying a move",
	"the stand pat raises alpha, and the node goes on to try its captures",
	"a move reaches beta: the node cuts off",
	"the node cuts off, by its stand pat or by a move",
	"the node tries every move it has without a cutoff",
	"a move raises alpha",
	"the node skips a capture by delta pruning",
	"the node skips a capture that loses material by SEE",
	"the node skips a capture (delta or SEE pruning)",
	"the node skips a capture by futility pruning",
	"the node skips a move that is no recapture (recaptures only)",
	"the node skips a quiet evasion (evasion pruning)",
	"the side to move is checkmated",
	"a horizon leaf of mode none: its static value is taken as it is",
	"no stand pat and no move to search: the static value is returned",
	"the side to move is in check",
	"a node of the quiescence search",
	"a node on the principal variation",
	"the value the node returns",
	"the node's static evaluation",
	"alpha when the node is entered",
	"beta when the node is entered"
};

/*
 * Each node test as a choice of a question, in the learner's words (the
 * tree's marks in parentheses), and the other words a learner may type
 * for it besides its number, its lesson name and this phrase.
 */
static const char *const pred_choices[LP_COUNT] = {
	"it stands pat: keeps its static value (sp)",
	"its stand pat reaches beta: it cuts off at once (sp-cut)",
	"its stand pat raises alpha, then it tries captures",
	"a move reaches beta: a cutoff (cut)",
	"it cuts off, by its stand pat or by a move",
	"it tries every move: no cutoff",
	"a move raises alpha (raise)",
	"delta pruning skips a capture (delta)",
	"SEE pruning skips a losing capture (see)",
	"a capture is pruned, by delta or SEE",
	"futility pruning skips a capture (futility)",
	"a move that is no recapture is skipped (recapture)",
	"a quiet evasion is skipped (evasion-prune)",
	"checkmate: in check with no legal move (mate)",
	"a horizon leaf of mode none: its static value stands",
	"no stand pat and no move: the static value",
	"the side to move is in check (evasion)",
	"a quiescence node (q0 is the horizon node)",
	"on the principal variation (*)",
	"its value", "its static value", "its alpha", "its beta"
};
static const char *const pred_negated_choices[LP_COUNT] = {
	[LP_SEE_PRUNE] = "no SEE pruning: every capture is searched",
	[LP_QUIESCENCE] = "a node of the main search (main)",
	[LP_CUTOFF] = "no cutoff",
	[LP_MATE] = "no checkmate",
	[LP_IN_CHECK] = "not in check",
};
static const char *const pred_aliases[LP_COUNT] = {
	"sp", "sp-cut stand-pat-cut", "stand-pat-raises", "cut", "", "", "raise", "delta", "see", "", "futility", "recapture", "", "checkmate",
	"horizon-leaf", "", "check evasion evas", "q0 q1 q horizon horizon-node", "*", "", "", "", ""
};
static const char *const pred_negated_aliases[LP_COUNT] = {
	[LP_SEE_PRUNE] = "no-see no-see-prune",
	[LP_QUIESCENCE] = "main m main-search",
};

const struct lesson_claim_name lesson_claim_names[] = {
	{ "best", LC_BEST }, { "not-best", LC_NOT_BEST }, { "score", LC_SCORE }, { "pv", LC_PV },
	{ "nodes", LC_NODES }, { "qnodes", LC_QNODES }, { "qshare", LC_QSHARE },
	{ "stand-pat-cutoffs", LC_STAND_PAT_CUTOFFS }, { "beta-cutoffs", LC_BETA_CUTOFFS },
	{ "delta-prunes", LC_DELTA_PRUNES }, { "see-prunes", LC_SEE_PRUNES }, { "mates", LC_MATES },
	{ "node", LC_NODE }
};
const size_t lesson_claim_name_count = sizeof lesson_claim_names / sizeof lesson_claim_names[0];

const char *lesson_pred_name(enum lesson_pred pred)
{
	return pred < LP_COUNT ? lesson_pred_names[pred] : "?";
}

const char *lesson_pred_meaning(enum lesson_pred pred)
{
	return pred < LP_COUNT ? pred_meanings[pred] : "?";
}

void lesson_node_test_phrase(const struct lesson_node_test *test, char *buf, size_t n)
{
	if (test->pred >= LP_COUNT)
		snprintf(buf, n, "?");
	else if (test->negated && pred_negated_choices[test->pred])
		snprintf(buf, n, "%s", pred_negated_choices[test->pred]);
	else if (test->negated)
		snprintf(buf, n, "not so: %s", pred_choices[test->pred]);
	else
		snprintf(buf, n, "%s", pred_choices[test->pred]);
}

/* Whether WORD is one of the space-separated words of LIST. */
static bool word_in(const char *list, const char *word)
{
	size_t len = strlen(word);

	for (const char *w = list; w && *w; ) {
		size_t wl = strcspn(w, " ");

		if (wl == len && !strncasecmp(w, word, len))
			return true;
		w += wl;
		w += strspn(w, " ");
	}
	return false;
}

bool lesson_node_test_names(const struct lesson_node_test *test, const char *answer)
{
	char name[64], phrase[128];

	if (test->pred >= LP_COUNT)
		return false;
	lesson_node_test_format(test, name, sizeof name);
	lesson_node_test_phrase(test, phrase, sizeof phrase);
	if (!strcasecmp(name, answer) || !strcasecmp(phrase, answer))
		return true;
	return word_in(test->negated ? pred_negated_aliases[test->pred] : pred_aliases[test->pred], answer);
}

bool lesson_options_equal(const struct search_options *a, const struct search_options *b)
{
	return option_equal(a, b);
}

void lesson_free(struct lesson *l)
{
	if (l == NULL)
		return;
	for (int i = 0; i < l->page_count; i++) {
		struct lesson_page *pg = &l->pages[i];

		for (int j = 0; j < pg->item_count; j++) {
			struct lesson_item *it = &pg->items[j];

			free(it->text);
			free(it->claim);
			if (it->question) {
				free(it->question->ask);
				free(it->question->answer_text);
				free(it->question->hint);
				free(it->question->right);
				free(it->question->wrong);
				free(it->question);
			}
		}
		free(pg->items);
		free(pg->title);
		free(pg->offscreen);
	}
	free(l->pages);
	free(l->path);
	free(l->id);
	free(l->title);
	free(l->summary);
	free(l);
}
