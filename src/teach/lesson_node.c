/*
 * lesson_node.c: a lesson's references to trace nodes resolved, its node
 * tests evaluated and described, and a learner's answers marked. These need
 * only a trace; checking a whole lesson page by page is lessoncheck.c.
 */
#include "teach/lesson.h"

#include <ctype.h>
#include <regex.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "teach/lesson_int.h"
#include "chess/movegen.h"
#include "chess/notation.h"

bool lesson_ref_resolve(const struct lesson_ref *ref, const struct trace *t, uint32_t current,
			uint32_t *node, uint32_t *event, struct error *err)
{
	uint32_t n = 0;

	if (trace_node_count(t) == 0)
		return error_set(err, 0, 0, "the search recorded no node");
	*event = TRACE_NONE;
	switch (ref->kind) {
	case LR_ROOT:
		n = 0;
		break;
	case LR_CURRENT:
		if (current == TRACE_NONE)
			return error_set(err, 0, 0, "no current node");
		n = current;
		break;
	case LR_ID:
		if (ref->id >= trace_node_count(t))
			return error_set(err, 0, 0, "no node #%u: the search has %u nodes (#0 to #%u)",
					 ref->id, trace_node_count(t), trace_node_count(t) - 1);
		n = ref->id;
		break;
	case LR_EVENT: {
		int seen = 0;
		struct trace_iter it;
		struct trace_event e;

		for (trace_iter_init(&it, t, 0); trace_iter_next(&it, &e);)
			if (e.kind == ref->event_kind && ++seen == ref->event_nth) {
				*event = it.index;
				*node = e.node;
				return true;
			}
		return error_set(err, 0, 0, "the search has %d %s event%s, not %d", seen,
				 trace_kind_name(ref->event_kind), seen == 1 ? "" : "s", ref->event_nth);
	}
	case LR_LINE:
		for (int i = 0; i < ref->line_len; i++) {
			uint32_t c = trace_child_by_move(t, n, ref->line[i]);

			if (c == TRACE_NONE)
				return error_set(err, 0, 0, "the search never reached '%s': it stopped at node #%u "
						 "after %d of its moves (cut off or pruned there)", ref->text, n, i);
			n = c;
		}
		break;
	}
	*node = n;
	if (*event == TRACE_NONE)
		*event = trace_node_get(t, n).enter;
	return true;
}

/* The facts about node N, one bit per predicate below LP_SCORE. */
static unsigned node_facts(const struct trace *t, uint32_t n)
{
	const struct trace_node nd_v = trace_node_get(t, n), *nd = &nd_v;
	unsigned f = 0;

	for (uint32_t ev = nd->enter; ev != TRACE_NONE; ev = trace_node_next_event(t, n, ev)) {
		const struct trace_event e_v = trace_event_get(t, ev), *e = &e_v;

		switch (e->kind) {
		case TE_STAND_PAT:
			f |= 1u << LP_STAND_PAT;
			if (e->extra == TSP_CUTOFF)
				f |= 1u << LP_STAND_PAT_CUTOFF;
			if (e->extra == TSP_RAISE)
				f |= 1u << LP_STAND_PAT_RAISE;
			break;
		case TE_BETA_CUTOFF:
			f |= 1u << LP_BETA_CUTOFF;
			break;
		case TE_ALPHA_RAISE:
			f |= 1u << LP_ALPHA_RAISE;
			break;
		case TE_DELTA_PRUNE:
			f |= 1u << LP_DELTA_PRUNE;
			break;
		case TE_SEE_PRUNE:
			f |= 1u << LP_SEE_PRUNE;
			break;
		case TE_FUTILITY_PRUNE:
			f |= 1u << LP_FUTILITY_PRUNE;
			break;
		case TE_RECAPTURE_PRUNE:
			f |= 1u << LP_RECAPTURE_PRUNE;
			break;
		case TE_EVASION_PRUNE:
			f |= 1u << LP_EVASION_PRUNE;
			break;
		case TE_MATE:
			f |= 1u << LP_MATE;
			break;
		case TE_HORIZON:
			f |= 1u << LP_HORIZON;
			break;
		case TE_QUIET_LEAF:
			f |= 1u << LP_QUIET_LEAF;
			break;
		default:
			break;
		}
	}
	if (f & ((1u << LP_STAND_PAT_CUTOFF) | (1u << LP_BETA_CUTOFF)))
		f |= 1u << LP_CUTOFF;
	else
		f |= 1u << LP_NO_CUTOFF;
	if (f & ((1u << LP_DELTA_PRUNE) | (1u << LP_SEE_PRUNE)))
		f |= 1u << LP_PRUNE;
	if (nd->flags & TN_IN_CHECK)
		f |= 1u << LP_IN_CHECK;
	if (nd->flags & TN_QUIESCENCE)
		f |= 1u << LP_QUIESCENCE;
	if (nd->flags & TN_PV)
		f |= 1u << LP_PV;
	return f;
}

bool lesson_node_test_holds(const struct lesson_node_test *test, const struct trace *t, uint32_t node)
{
	const struct trace_node nd_v = trace_node_get(t, node), *nd = &nd_v;
	bool holds;

	switch (test->pred) {
	case LP_SCORE:
		holds = lesson_in_range(&test->range, nd->score);
		break;
	case LP_EVAL:
		holds = lesson_in_range(&test->range, nd->eval);
		break;
	case LP_ALPHA:
		holds = lesson_in_range(&test->range, nd->alpha);
		break;
	case LP_BETA:
		holds = lesson_in_range(&test->range, nd->beta);
		break;
	default:
		holds = (node_facts(t, node) >> test->pred) & 1;
		break;
	}
	return holds != test->negated;
}

/* Writes TEST as written in a lesson ("not-cutoff", "score=-100..0"). */
void lesson_format_test(const struct lesson_node_test *test, char *buf, size_t n)
{
	char r[64] = "";

	if (test->pred >= LP_SCORE) {
		char v[56];

		lesson_format_range(&test->range, v, sizeof v);
		snprintf(r, sizeof r, "=%s", v);
	}
	snprintf(buf, n, "%s%s%s", test->negated ? "not-" : "", lesson_pred_names[test->pred], r);
}

void lesson_node_test_format(const struct lesson_node_test *test, char *buf, size_t n)
{
	lesson_format_test(test, buf, n);
}

/* What node N is and did, for a failure message. */
void lesson_node_describe(const struct trace *t, uint32_t n, char *buf, size_t size)
{
	unsigned f = node_facts(t, n);
	const struct trace_node nd_v = trace_node_get(t, n), *nd = &nd_v;
	char a[24], b[24], sc[24], ev[24];
	size_t used;

	score_format_edge(nd->alpha, nd->ply, a, sizeof a);
	score_format_edge(nd->beta, nd->ply, b, sizeof b);
	score_format(nd->score, nd->ply, sc, sizeof sc);
	score_format(nd->eval, nd->ply, ev, sizeof ev);
	used = (size_t)snprintf(buf, size, "node #%u (window %s %s, eval %s, score %s;", n, a, b, ev, sc);
	for (int k = 0; k < LP_SCORE && used < size; k++)
		if (f & (1u << k))
			used += (size_t)snprintf(buf + used, size - used, " %s", lesson_pred_names[k]);
	if (used < size)
		snprintf(buf + used, size - used, ")");
}

/* ------------------------------------------------------------ answers */

/*
 * The exact value, for the side to move in POS, of playing M there and
 * searching the rest with OPT one ply shallower (the open window: no
 * bound); *OK false when that search stopped at its node cap.
 */
static int move_value(const struct position *pos, move m, const struct search_options *opt, bool *ok)
{
	struct search_options o = *opt;
	struct search_result res;
	struct position after = *pos;
	struct undo u;

	board_make(&after, m, &u);
	o.depth = opt->depth > 0 ? opt->depth - 1 : 0;
	if (o.max_nodes == 0 || o.max_nodes > LESSON_MAX_NODES)
		o.max_nodes = LESSON_MAX_NODES;
	search_run(&after, &o, NULL, NULL, &res);
	*ok = !res.stopped;
	return -res.score;
}

enum lesson_verdict lesson_answer(const struct lesson_question *q, const struct position *pos,
				  const struct search_options *opt, const char *answer, char *feedback, size_t n)
{
	struct tok t[4];
	int nt = lesson_tokenize(answer, answer, t, 4);
	bool right = false;
	char look[220] = "";

	/* The node as the learner finds it in the tree: by its moves (the tree shows no node numbers). */
	if (q->node != TRACE_NONE && q->node_path[0])
		snprintf(look, sizeof look, " Look at the node after %s in the tree.", q->node_path);
	else if (q->node != TRACE_NONE)
		snprintf(look, sizeof look, " Look at the root of the tree.");
	switch (q->kind) {
	case LQ_BEST: {
		struct error e = { 0 };
		char buf[64];
		move m;

		if (nt != 1 || !notation_parse(pos, lesson_tok_copy(&t[0], buf, sizeof buf), &m, &e)) {
			snprintf(feedback, n, "Answer with one legal move, such as Qxd5 or e2e4.%s%s",
				 nt == 1 ? " " : "", nt == 1 ? e.msg : "");
			return LV_INVALID;
		}
		right = m == q->best;
		/*
		 * A move that scores exactly what the engine's move scores is as good
		 * an answer: it is accepted, and the feedback says which the engine
		 * plays and why (alpha rises only on a strictly better score, so of
		 * equal moves the first one searched stays).
		 */
		if (!right && opt && q->best != MOVE_NONE && movegen_is_legal(pos, m)) {
			bool ok_m, ok_best;
			int vm = move_value(pos, m, opt, &ok_m), vb = move_value(pos, q->best, opt, &ok_best);

			if (ok_m && ok_best && vm == vb) {
				char mine[NOTATION_BUFSIZE], best[NOTATION_BUFSIZE], v[SCORE_BUFSIZE];

				notation_san(pos, m, mine);
				notation_san(pos, q->best, best);
				score_format(vm, 0, v, sizeof v);
				snprintf(feedback, n, "Right: %s scores %s, the same as %s, so both answers are right. The "
					 "engine plays %s: it searched %s first, and a later move with an equal score does not "
					 "raise alpha, so the first one stays. %s", mine, v, best, best, best,
					 q->right ? q->right : "");
				return LV_RIGHT;
			}
		}
		break;
	}
	case LQ_SCORE: {
		int v;

		if (nt != 1 || !lesson_parse_score(t[0].s, t[0].len, &v) || v <= -SCORE_INF || v >= SCORE_INF) {
			snprintf(feedback, n, "Answer with a score in centipawns for the side to move, such as "
				 "-800 or +100.");
			return LV_INVALID;
		}
		right = abs(v - q->score) <= q->tolerance;
		break;
	}
	case LQ_NODE: {
		int pick = -1;

		char whole[160];
		size_t wl;
		long k;

		/* The answer as typed, without the spaces around it: a number, a name, a phrase or a mark. */
		snprintf(whole, sizeof whole, "%s", answer + strspn(answer, " \t"));
		for (wl = strlen(whole); wl > 0 && (whole[wl - 1] == ' ' || whole[wl - 1] == '\t' ||
						    whole[wl - 1] == '\n'); wl--)
			whole[wl - 1] = '\0';
		if (nt == 1 && lesson_parse_positive(whole, &k) && k <= q->choice_count)
			pick = (int)k - 1;
		/* A yes/no question (X or not-X): "yes" is the test, "no" its negation. */
		if (pick < 0 && lesson_question_is_yes_no(q) && (!strcasecmp(whole, "yes") || !strcasecmp(whole, "no")))
			pick = q->choices[0].negated == (tolower((unsigned char)whole[0]) == 'n') ? 0 : 1;
		/* A choice's own name or phrase first, then the words a learner uses for it ("q0", "sp-cut"). */
		for (int i = 0; i < q->choice_count && pick < 0 && whole[0]; i++) {
			char name[64], phrase[128];

			lesson_format_test(&q->choices[i], name, sizeof name);
			lesson_node_test_phrase(&q->choices[i], phrase, sizeof phrase);
			if (!strcasecmp(name, whole) || !strcasecmp(phrase, whole))
				pick = i;
		}
		for (int i = 0; i < q->choice_count && pick < 0 && whole[0]; i++)
			if (lesson_node_test_names(&q->choices[i], whole))
				pick = i;
		if (pick < 0) {
			size_t used = (size_t)snprintf(feedback, n, "%s", lesson_question_is_yes_no(q) ?
						       "Answer yes or no, or with the number of one of:" :
						       "Answer with the number of one of:");

			for (int i = 0; i < q->choice_count && used < n; i++) {
				char phrase[128];

				lesson_node_test_phrase(&q->choices[i], phrase, sizeof phrase);
				used += (size_t)snprintf(feedback + used, n - used, " %d. %s;", i + 1, phrase);
			}
			if (used < n && used > 0 && feedback[used - 1] == ';')
				feedback[used - 1] = '.';
			return LV_INVALID;
		}
		right = pick == q->answer_choice;
		break;
	}
	case LQ_WINDOW: {
		char plain[256];
		int a, b;

		/* The window as the tree writes it, [-inf,+100], or with a comma, is the same answer. */
		snprintf(plain, sizeof plain, "%s", answer);
		for (char *c = plain; *c; c++)
			if (*c == '[' || *c == ']' || *c == ',')
				*c = ' ';
		nt = lesson_tokenize(plain, plain, t, 4);
		if (nt != 2 || !lesson_parse_score(t[0].s, t[0].len, &a) || !lesson_parse_score(t[1].s, t[1].len, &b)) {
			snprintf(feedback, n, "Answer with alpha and beta, such as '-inf +100', '[-inf,+100]' or '-50 0'.");
			return LV_INVALID;
		}
		right = a == q->alpha && b == q->beta;
		break;
	}
	}
	if (right)
		snprintf(feedback, n, "%s", q->right ? q->right : "Right.");
	else
		snprintf(feedback, n, "%s%s", q->wrong ? q->wrong : "Not quite.", look);
	return right ? LV_RIGHT : LV_WRONG;
}

