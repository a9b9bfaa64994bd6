/*
 * practice_drill.c: the classic drills (the modern ones are in practice_drill_modern.c and
 * practice_drill_tt.c) and what all drills share. Each runs the search its concept needs
 * on one position, walks the recorded trace for the decisions it asks about
 * (a stand pat, a node's first move, a delta or SEE prune or the capture
 * that escaped it, a horizon leaf, a quiet check) and turns one of them into
 * a question whose answer is the event itself.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "chess/eval.h"
#include "chess/board.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/score.h"
#include "teach/explain.h"
#include "search/option.h"
#include "search/search.h"
#include "search/trace.h"
#include "teach/practice.h"
#include "teach/practice_int.h"

/* The searches stay small: one main ply, and a cap no shipped position reaches in practice. */
#define PRACTICE_DEPTH 1
#define PRACTICE_MAX_NODES 40000
/* A value guessed this close (centipawns) to the engine's static value counts as right. */
#define PRACTICE_VALUE_TOLERANCE 10

static const char *const rules[PD_COUNT] = {
	[PD_STAND_PAT] = "A quiescence node not in check may stand pat on its static value: at or above beta it "
		"cuts off at once (fail-hard returns beta), above alpha it raises alpha.",
	[PD_ORDER] = "MVV-LVA: the most valuable victim first; among captures of the same victim, the least "
		"valuable attacker first; a queen promotion counts as winning a queen less a pawn.",
	[PD_DELTA] = "Delta pruning skips a capture when stand pat + the captured piece's value + the margin "
		"is at most alpha (P 100, N 310, B 320, R 500, Q 900).",
	[PD_SEE] = "SEE pruning skips a capture whose static exchange evaluation (the captures and recaptures "
		"on its square, least valuable attacker first) is below zero.",
	[PD_HORIZON] = "Without quiescence a horizon leaf keeps its static value; quiescence lets the side to "
		"move stand pat or play its captures, which may change the value.",
	[PD_CHECKS] = "In mode checks, quiet checks are searched in quiescence only while the quiescence ply "
		"is below --check-plies; deeper, only captures and promotions.",
	[PD_FUTILITY] = "Futility pruning skips a capture (at a node not in check; never a promotion or a capture "
		"that gives check) when stand pat + margin + "
		"the captured piece's value is at most alpha, or when stand pat + margin is at most alpha and the "
		"capture's SEE is 0 or less (P 100, N 310, B 320, R 500, Q 900).",
	[PD_RECAPTURES] = "With --recaptures N, a quiescence node not in check at quiescence ply N or deeper "
		"searches only the moves to the square the last move went to; at a lower ply it searches them all.",
	[PD_TT] = "The table answers a node (not the root) only with an entry of its position stored at the same "
		"depth (a main-search node's remaining depth, a quiescence node's 0 minus its quiescence class) whose "
		"bound decides: an exact value, a lower bound at or above beta, or an upper bound at or below alpha; "
		"fail-hard returns the stored value clamped to the window.",
};

void practice_walk_add(struct walk *w, uint32_t node, uint32_t ev, move mv, int alpha, bool yes)
{
	if (w->count == PRACTICE_MAX_CANDIDATES)
		return;
	w->c[w->count++] = (struct candidate){ node, ev, mv, alpha, yes };
	w->yes += yes;
}

/* Picks a candidate: a yes or a no with even odds when there are both, so the answer is not given away. */
const struct candidate *practice_walk_pick(const struct walk *w, uint64_t *rng)
{
	int no = w->count - w->yes, want, k;

	if (w->s->force_node != TRACE_NONE) {
		/* Asked again by id: the decision it names (the move too, where the id's move is the decision's). */
		bool by_move = w->s->drill != PD_ORDER && w->s->force_uci[0][0];

		for (int i = 0; i < w->count; i++) {
			char uci[NOTATION_BUFSIZE];

			notation_uci(w->c[i].mv, uci);
			if (w->c[i].node == w->s->force_node && (!by_move || strcmp(uci, w->s->force_uci[0]) == 0))
				return &w->c[i];
		}
		return NULL;
	}
	if (w->count == 0)
		return NULL;
	if (w->yes == 0 || no == 0)
		return &w->c[practice_random(rng) % (uint64_t)w->count];
	want = practice_random(rng) & 1;
	k = (int)(practice_random(rng) % (uint64_t)(want ? w->yes : no));
	for (int i = 0; i < w->count; i++)
		if (w->c[i].yes == (bool)want && k-- == 0)
			return &w->c[i];
	return NULL;
}

/* The position at node N of T, and the line that leads there in SAN ("Nxe5 dxe5"), into LINE. */
void practice_node_position(const struct trace *t, uint32_t n, const struct position *root,
			  struct position *out, char *line, size_t size)
{
	move path[SEARCH_MAX_PLY + 1];
	int len = 0;
	size_t used = 0;

	for (uint32_t k = n; k != TRACE_NONE && len <= SEARCH_MAX_PLY;) {
		struct trace_node nd = trace_node_get(t, k);

		if (nd.parent == TRACE_NONE)
			break;
		path[len++] = nd.move;
		k = nd.parent;
	}
	*out = *root;
	line[0] = '\0';
	for (int i = len - 1; i >= 0; i--) {
		char san[NOTATION_BUFSIZE];
		struct undo u;

		notation_san(out, path[i], san);
		used += (size_t)snprintf(line + used, used < size ? size - used : 0, "%s%s", used ? " " : "", san);
		board_make(out, path[i], &u);
	}
	if (len == 0)
		snprintf(line, size, "the root");
}

/* Runs the search with OPT on ROOT into T; false when it stopped (its answers would be partial). */
bool practice_run(struct trace *t, const struct position *root, const struct search_options *opt)
{
	struct search_result res;

	search_run(root, opt, t, NULL, &res);
	return !res.stopped;
}

/* The options every drill starts from: depth 1, mode captures, fail-hard, no pruning, a node cap. */
void practice_base_options(struct search_options *opt)
{
	option_defaults(opt);
	opt->depth = PRACTICE_DEPTH;
	opt->max_nodes = PRACTICE_MAX_NODES;
	opt->max_memory = 64ULL << 20;
}

/*
 * A bound of a window as a prompt shows it, the one way scores are written
 * (score_format): "-inf"/"+inf" for the open window's bounds, "#N"/"#-N" for
 * a mate seen from a node at PLY, else "+120" (in one of 4 rotating buffers,
 * so two may be arguments of one printf).
 */
const char *practice_bound_text(int v, int ply)
{
	static char bufs[4][SCORE_BUFSIZE];
	static int k;
	char *b = bufs[k++ & 3];

	score_format(v, ply, b, sizeof bufs[0]);
	return b;
}

const char *practice_side_name(const struct position *pos)
{
	return pos->side == WHITE ? "White" : "Black";
}

/* Appends to BUF (SIZE bytes, *USED of them written); what does not fit is cut, never written past the end. */
static void append(char *buf, size_t size, size_t *used, const char *fmt, ...) PRINTF_LIKE(4, 5);
static void append(char *buf, size_t size, size_t *used, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (*used + 1 >= size)
		return;
	va_start(ap, fmt);
	k = vsnprintf(buf + *used, size - *used, fmt, ap);
	va_end(ap);
	if (k > 0)
		*used = *used + (size_t)k < size ? *used + (size_t)k : size - 1;
}

/*
 * The line that decides the value of node N of T (its position POS, the
 * evaluation KIND) into BUF: from N, the move that last raised alpha or cut
 * off, then the same from the node it leads to, until a node whose value is
 * its own (a stand pat, a checkmate, alpha kept). Each move with its value
 * from the mover's view, the stand pat with its material count, every beta
 * cut-off and what the node returns, written as a bound where it is one:
 *
 *   The deciding line: Nxe5 (+220) Qxe5 (-220) Rxe5 (+220), where White
 *   stands pat on +220 [material 3900-3680: +220 for White (to move)] and
 *   returns +220; backed up, the node returns +220.
 */
static void deciding_line(const struct trace *t, uint32_t n, const struct position *pos, enum eval_kind kind,
			  char *buf, size_t size)
{
	struct position p = *pos;
	size_t used = 0;
	uint32_t k = n;
	int moves = 0;
	char v[SCORE_BOUND_BUFSIZE], w[SCORE_BOUND_BUFSIZE], cuts[200] = "";
	size_t cu = 0;

	buf[0] = '\0';
	append(buf, size, &used, "The deciding line:");

	for (int depth = 0; depth < SEARCH_MAX_PLY && used < size; depth++) {
		struct trace_node nd = trace_node_get(t, k);
		move by = MOVE_NONE;
		bool stood = false, spcut = false, sp_raised = false, mated = false, cut = false;
		int sp = 0;
		uint32_t child;

		for (uint32_t ev = trace_node_event(t, k, 0); ev != TRACE_NONE; ev = trace_node_next_event(t, k, ev)) {
			struct trace_event e = trace_event_get(t, ev);

			if (e.kind == TE_STAND_PAT) {
				stood = true;
				sp = e.v1;
				spcut = e.extra == TSP_CUTOFF;
			} else if (e.kind == TE_ALPHA_RAISE) {
				by = e.move;
				sp_raised = e.move == MOVE_NONE;
			} else if (e.kind == TE_BETA_CUTOFF) {
				by = e.move;
				cut = true;
			} else if (e.kind == TE_MATE) {
				mated = true;
			}
		}
		if (by != MOVE_NONE && (child = trace_child_by_move(t, k, by)) != TRACE_NONE) {
			struct trace_node cn = trace_node_get(t, child);
			char san[NOTATION_BUFSIZE];
			struct undo u;

			notation_san(&p, by, san);
			score_format(-cn.score, nd.ply, v, sizeof v);
			append(buf, size, &used, " %s (%s)", san, v);
			if (cut && cu < sizeof cuts) {
				score_format_edge(nd.beta, nd.ply, w, sizeof w);
				cu += (size_t)snprintf(cuts + cu, sizeof cuts - cu, " %s cuts off: %s >= beta %s, so fail-hard "
						       "returns %s there.", san, v, w, w);
			}
			board_make(&p, by, &u);
			moves++;
			k = child;
			continue;
		}
		/* The node's value is its own. */
		append(buf, size, &used, "%s", moves ? "," : " none:");
		if (mated) {
			append(buf, size, &used, " where %s is checkmated", p.side == WHITE ? "White" : "Black");
		} else if (stood) {
			char count[160];
			struct eval_breakdown b;

			eval_explain(&p, kind, &b);
			explain_eval(&p, kind, count, sizeof count);
			score_format(sp, nd.ply, v, sizeof v);
			if (spcut) {
				score_format_edge(nd.beta, nd.ply, w, sizeof w);
				append(buf, size, &used, " where %s stands pat on %s [%s], at or above beta %s: "
							 "it cuts off and returns %s", p.side == WHITE ? "White" : "Black", v, count, w, w);
			} else if (sp_raised) {
				append(buf, size, &used, " where %s stands pat on %s [%s] and returns %s",
							 p.side == WHITE ? "White" : "Black", v, count, v);
			} else {
				score_format(nd.score, nd.ply, w, sizeof w);
				append(buf, size, &used, " where %s stands pat on %s [%s], not above alpha, "
							 "and no capture reaches alpha: it returns alpha, %s", p.side == WHITE ? "White" : "Black",
							 v, count, w);
			}
		} else {
			score_format(nd.score, nd.ply, w, sizeof w);
			append(buf, size, &used, " where the node returns %s", w);
		}
		break;
	}
	{
		struct trace_node top = trace_node_get(t, n);

		score_format_bound(top.score, top.ply, (enum score_bound)top.bound, false, v, sizeof v);
		append(buf, size, &used, "; backed up, the node returns %s.%s", v, cuts);
	}
}

/* The tactical moves a quiescence node not in check generates: captures and queen promotions. */
static int tactical_moves(const struct position *pos, struct move_list *list)
{
	int n = 0;

	movegen_tactical(pos, list);
	for (int i = 0; i < list->count; i++)
		if (!MOVE_IS_PROMOTION(list->moves[i]) || MOVE_PROMO_TYPE(list->moves[i]) == QUEEN)
			list->moves[n++] = list->moves[i];
	return list->count = n;
}

/*
 * Walks the own events of every quiescence node not in check, with the
 * node's alpha as it stood at each event, and calls VISIT for each.
 */
void practice_walk_quiescence(struct walk *w,
			    void (*visit)(struct walk *w, uint32_t node, uint32_t ev, const struct trace_event *e,
					  int alpha))
{
	uint32_t count = trace_node_count(w->t);

	for (uint32_t n = 0; n < count; n++) {
		struct trace_node nd = trace_node_get(w->t, n);
		int alpha = nd.alpha;

		if (!(nd.flags & TN_QUIESCENCE) || (nd.flags & TN_IN_CHECK))
			continue;
		for (uint32_t ev = trace_node_event(w->t, n, 0); ev != TRACE_NONE; ev = trace_node_next_event(w->t, n, ev)) {
			struct trace_event e = trace_event_get(w->t, ev);

			visit(w, n, ev, &e, alpha);
			if ((e.kind == TE_STAND_PAT && e.extra == TSP_RAISE) || e.kind == TE_ALPHA_RAISE)
				alpha = e.v1;
		}
	}
}

static void visit_stand_pat(struct walk *w, uint32_t node, uint32_t ev, const struct trace_event *e, int alpha)
{
	if (e->kind == TE_STAND_PAT)
		practice_walk_add(w, node, ev, MOVE_NONE, alpha, e->extra == TSP_CUTOFF);
}

static void visit_delta(struct walk *w, uint32_t node, uint32_t ev, const struct trace_event *e, int alpha)
{
	if (e->kind == TE_DELTA_PRUNE)
		practice_walk_add(w, node, ev, e->move, alpha, true);
	else if (e->kind == TE_MOVE && MOVE_IS_CAPTURE(e->move) && !MOVE_IS_PROMOTION(e->move))
		practice_walk_add(w, node, ev, e->move, alpha, false);
}

static void visit_see(struct walk *w, uint32_t node, uint32_t ev, const struct trace_event *e, int alpha)
{
	if (e->kind == TE_SEE_PRUNE)
		practice_walk_add(w, node, ev, e->move, alpha, true);
	else if (e->kind == TE_MOVE && MOVE_IS_CAPTURE(e->move) && w->opt.see)
		practice_walk_add(w, node, ev, e->move, alpha, false);
}

/* The first move event of a node (a quiescence node not in check, with two tactical moves or more). */
static void visit_order(struct walk *w, uint32_t node, uint32_t ev, const struct trace_event *e, int alpha)
{
	if (e->kind == TE_MOVE && (w->count == 0 || w->c[w->count - 1].node != node)) {
		struct position pos;
		struct move_list list;
		char line[256];

		practice_node_position(w->t, node, w->root, &pos, line, sizeof line);
		if (tactical_moves(&pos, &list) >= 2)
			practice_walk_add(w, node, ev, e->move, alpha, true);
	}
}

/* Fills the parts of Q every drill shares; the caller writes the prompt and the answer. */
void practice_question_start(struct practice_question *q, const struct practice_set *s, const struct practice_pos *p,
			   int level, uint32_t node, move mv)
{
	char uci[NOTATION_BUFSIZE];

	q->drill = s->drill;
	q->level = level;
	q->node = node;
	q->rule = rules[s->drill];
	notation_uci(mv, uci);
	snprintf(q->id, sizeof q->id, "%s%d-%s-%d-n%u%s%s", practice_drill_name(s->drill), level, p->src,
		 p->index, (unsigned)node, mv ? "-" : "", mv ? uci : "");
}

void practice_answer_yes_no(struct practice_question *q, bool yes)
{
	q->type = PA_YES_NO;
	q->value = yes;
	snprintf(q->answer, sizeof q->answer, "%s", yes ? "yes" : "no");
}

/* A value answer, seen from a node at PLY: written as every score is ("+120", "#3"). */
static void answer_value(struct practice_question *q, int value, int tolerance, int ply)
{
	q->type = PA_VALUE;
	q->value = value;
	q->tolerance = tolerance;
	q->ply = ply;
	score_format(value, ply, q->answer, sizeof q->answer);
}

static void answer_move(struct practice_question *q, move m)
{
	q->type = PA_MOVE;
	q->mv = m;
	notation_san(&q->pos, m, q->answer);
}

/* The level of the question: the level asked, at most the drill's highest (the front ends refuse a higher one). */
int practice_level_of(const struct practice_set *s)
{
	int highest = practice_drill_levels(s->drill);

	return s->level < highest ? s->level : highest;
}

static bool ask_stand_pat(struct practice_set *s, const struct practice_pos *p, uint64_t *rng,
			  struct practice_question *q, struct walk *w)
{
	const struct candidate *c;
	struct trace_node nd;
	struct trace_event e;
	char line[256], win[64];
	int level = practice_level_of(s);

	if (!practice_run(s->trace, &p->pos, &w->opt))
		return false;
	practice_walk_quiescence(w, visit_stand_pat);
	if (level == 3) {
		/* A bound is asked as a bound, or not asked: a bound at a mate or the end of the scale says nothing. */
		int k = 0;

		w->yes = 0;
		for (int i = 0; i < w->count; i++) {
			struct trace_node cn = trace_node_get(s->trace, w->c[i].node);

			if (cn.bound == TB_EXACT || !SCORE_IS_MATE(cn.score)) {
				w->yes += w->c[i].yes;
				w->c[k++] = w->c[i];
			}
		}
		w->count = k;
	}
	if ((c = practice_walk_pick(w, rng)) == NULL)
		return false;
	nd = trace_node_get(s->trace, c->node);
	e = trace_event_get(s->trace, c->ev);
	practice_node_position(s->trace, c->node, &p->pos, &q->pos, line, sizeof line);
	practice_question_start(q, s, p, level, c->node, MOVE_NONE);
	snprintf(win, sizeof win, "window [%s, %s]", practice_bound_text(nd.alpha, nd.ply), practice_bound_text(nd.beta, nd.ply));
	if (level == 1) {
		snprintf(q->prompt, sizeof q->prompt, "Quiescence node after %s (%s to move, %s): does the stand pat "
			 "cut off? (yes/no)", line, practice_side_name(&q->pos), win);
		practice_answer_yes_no(q, e.extra == TSP_CUTOFF);
	} else if (level == 2) {
		snprintf(q->prompt, sizeof q->prompt, "Quiescence node after %s (%s to move, %s): what is the stand-pat "
			 "value, %s's view, in centipawns (within %d)?", line, practice_side_name(&q->pos), win,
			 practice_side_name(&q->pos), PRACTICE_VALUE_TOLERANCE);
		answer_value(q, e.v1, PRACTICE_VALUE_TOLERANCE, nd.ply);
	} else {
		snprintf(q->prompt, sizeof q->prompt, "Quiescence node after %s (%s to move, %s, fail-hard, static value "
			 "%d): what value does the node return? (a bound with its mark: >=V for a fail-high, <=V for a "
			 "fail-low)", line, practice_side_name(&q->pos), win, nd.eval);
		answer_value(q, nd.score, 0, nd.ply);
		q->bound = nd.bound;
		score_format_bound(nd.score, nd.ply, (enum score_bound)q->bound, false, q->answer, sizeof q->answer);
		explain_event(s->trace, c->ev, &p->pos, &w->opt, q->sentence, sizeof q->sentence);
		deciding_line(s->trace, c->node, &q->pos, w->opt.eval, q->line, sizeof q->line);
		return true;
	}
	explain_event(s->trace, c->ev, &p->pos, &w->opt, q->sentence, sizeof q->sentence);
	{
		/* The material count behind the stand pat, and the comparison with beta that decides. */
		char count[160];

		explain_eval(&q->pos, w->opt.eval, count, sizeof count);
		snprintf(q->line, sizeof q->line, "The stand pat is the static value: %s; %s %s beta %s.", count,
			 practice_bound_text(e.v1, nd.ply), e.v1 >= nd.beta ? ">=" : "<", practice_bound_text(nd.beta, nd.ply));
	}
	return true;
}

/*
 * The MVV-LVA key of the tactical move M in POS, as the rule defines it: 16
 * times the victim's value (a pawn for en passant) less the attacker's kind,
 * a queen promotion counting as a queen less a pawn. Moves of equal keys tie:
 * the rule lets any of them come first.
 */
static int mvv_lva_key(const struct position *pos, move m)
{
	int victim = MOVE_IS_EP(m) ? board_piece_value[PAWN]
		: MOVE_IS_CAPTURE(m) ? board_piece_value[PIECE_TYPE(pos->squares[MOVE_TO(m)])] : 0;
	int key = 16 * victim + 8 - PIECE_TYPE(pos->squares[MOVE_FROM(m)]);

	if (MOVE_IS_PROMOTION(m))
		key += 16 * (board_piece_value[MOVE_PROMO_TYPE(m)] - board_piece_value[PAWN]);
	return key;
}

static const char *const piece_names[7] = { "?", "pawn", "knight", "bishop", "rook", "queen", "king" };

/*
 * The captures of LIST tied for first under MVV-LVA into Q->accept (FIRST,
 * the engine's, first) and, when there are several, Q->why: which they are
 * and why the engine tried FIRST before the others.
 */
static void order_ties(struct practice_question *q, const struct move_list *list, move first)
{
	int top = mvv_lva_key(&q->pos, first);
	size_t used;

	q->accept[0] = first;
	q->naccept = 1;
	for (int i = 0; i < list->count && q->naccept < PRACTICE_MAX_ACCEPT; i++)
		if (list->moves[i] != first && mvv_lva_key(&q->pos, list->moves[i]) == top)
			q->accept[q->naccept++] = list->moves[i];
	q->why[0] = '\0';
	if (q->naccept < 2)
		return;
	used = (size_t)snprintf(q->why, sizeof q->why, "MVV-LVA ties:");
	for (int i = 0; i < q->naccept && used < sizeof q->why; i++) {
		char san[NOTATION_BUFSIZE];

		notation_san(&q->pos, q->accept[i], san);
		used += (size_t)snprintf(q->why + used, sizeof q->why - used, "%s %s", i ? "," : "", san);
	}
	if (used < sizeof q->why) {
		move m = first;
		int victim = MOVE_IS_EP(m) ? PAWN : MOVE_IS_CAPTURE(m) ? PIECE_TYPE(q->pos.squares[MOVE_TO(m)]) : NO_TYPE;
		char san[NOTATION_BUFSIZE];

		notation_san(&q->pos, first, san);
		snprintf(q->why + used, sizeof q->why - used, " each %s%s with a %s, so the rule accepts any of them "
			 "first; the engine tried %s first only because its move generator listed it first (the sort "
			 "keeps the generator's order among equal keys).", victim ? "take a " : "promote",
			 victim ? piece_names[victim] : "", piece_names[PIECE_TYPE(q->pos.squares[MOVE_FROM(m)])], san);
	}
}

static bool ask_order(struct practice_set *s, const struct practice_pos *p, uint64_t *rng,
		      struct practice_question *q, struct walk *w)
{
	const struct candidate *c;
	struct move_list list;
	char line[256], san[NOTATION_BUFSIZE], uci[NOTATION_BUFSIZE];
	int level = practice_level_of(s);

	if (!practice_run(s->trace, &p->pos, &w->opt))
		return false;
	practice_walk_quiescence(w, visit_order);
	if ((c = practice_walk_pick(w, rng)) == NULL)
		return false;
	practice_node_position(s->trace, c->node, &p->pos, &q->pos, line, sizeof line);
	practice_question_start(q, s, p, level, c->node, MOVE_NONE);
	tactical_moves(&q->pos, &list);
	order_ties(q, &list, c->mv);
	if (level == 1) {
		/* Half the time the move asked about is the first, else another of the node's captures. */
		move asked = c->mv;
		bool tied = false;

		if (s->force_node != TRACE_NONE) {
			for (int i = 0; i < list.count; i++) {
				notation_uci(list.moves[i], uci);
				if (strcmp(uci, s->force_uci[0]) == 0)
					asked = list.moves[i];
			}
		} else if (practice_random(rng) & 1) {
			int k = (int)(practice_random(rng) % (uint64_t)(list.count - 1));

			for (int i = 0; i < list.count; i++)
				if (list.moves[i] != c->mv && k-- == 0)
					asked = list.moves[i];
		}
		for (int i = 0; i < q->naccept; i++)
			tied |= q->accept[i] == asked;
		notation_san(&q->pos, asked, san);
		notation_uci(asked, uci);
		snprintf(q->id + strlen(q->id), sizeof q->id - strlen(q->id), "-%s", uci);
		snprintf(q->prompt, sizeof q->prompt, "Quiescence node after %s (%s to move), MVV-LVA order: does the "
			 "rule put %s first (a move tied for first counts)? (yes/no)", line, practice_side_name(&q->pos), san);
		practice_answer_yes_no(q, tied);
		q->naccept = 0;
	} else {
		snprintf(q->prompt, sizeof q->prompt, "Quiescence node after %s (%s to move), MVV-LVA order: which move "
			 "is searched first? (SAN; any move tied for first counts)", line, practice_side_name(&q->pos));
		answer_move(q, c->mv);
	}
	explain_event(s->trace, c->ev, &p->pos, &w->opt, q->sentence, sizeof q->sentence);
	return true;
}

/* The delta and the SEE drill: a capture, pruned or searched. */
static bool ask_prune(struct practice_set *s, const struct practice_pos *p, uint64_t *rng,
		      struct practice_question *q, struct walk *w)
{
	const struct candidate *c;
	struct trace_node nd;
	struct trace_event e;
	char line[256], san[NOTATION_BUFSIZE];
	bool see = s->drill == PD_SEE;
	int level = practice_level_of(s);

	if (!practice_run(s->trace, &p->pos, &w->opt))
		return false;
	practice_walk_quiescence(w, see ? visit_see : visit_delta);
	if (level == 2) {
		/* The exchange's value is in the trace only where it pruned. */
		int k = 0;

		for (int i = 0; i < w->count; i++)
			if (w->c[i].yes)
				w->c[k++] = w->c[i];
		w->count = w->yes = k;
	}
	if ((c = practice_walk_pick(w, rng)) == NULL)
		return false;
	nd = trace_node_get(s->trace, c->node);
	e = trace_event_get(s->trace, c->ev);
	practice_node_position(s->trace, c->node, &p->pos, &q->pos, line, sizeof line);
	practice_question_start(q, s, p, level, c->node, c->mv);
	notation_san(&q->pos, c->mv, san);
	if (!see) {
		snprintf(q->prompt, sizeof q->prompt, "Quiescence node after %s (%s to move): stand pat %d, alpha %s, "
			 "margin %d. Is %s delta-pruned? (yes/no)", line, practice_side_name(&q->pos), nd.eval, practice_bound_text(c->alpha, nd.ply),
			 w->opt.delta_margin, san);
		practice_answer_yes_no(q, c->yes);
		{
			/* The delta test's sum, which decides. */
			move m = c->mv;
			int gain = MOVE_IS_EP(m) ? board_piece_value[PAWN]
				: MOVE_IS_CAPTURE(m) ? board_piece_value[PIECE_TYPE(q->pos.squares[MOVE_TO(m)])] : 0;
			int sum = nd.eval + gain + w->opt.delta_margin;

			snprintf(q->line, sizeof q->line, "Stand pat %d + the captured %d + margin %d = %d, %s alpha %s: %s.",
				 nd.eval, gain, w->opt.delta_margin, sum, sum <= c->alpha ? "at most" : "above",
				 practice_bound_text(c->alpha, nd.ply), sum <= c->alpha ? "pruned" : "searched");
		}
	} else if (level == 1) {
		snprintf(q->prompt, sizeof q->prompt, "Quiescence node after %s (%s to move): is %s SEE-pruned (its "
			 "exchange loses material)? (yes/no)", line, practice_side_name(&q->pos), san);
		practice_answer_yes_no(q, c->yes);
	} else {
		snprintf(q->prompt, sizeof q->prompt, "Quiescence node after %s (%s to move): what does the static "
			 "exchange evaluation give %s, in centipawns?", line, practice_side_name(&q->pos), san);
		answer_value(q, e.v1, 0, nd.ply);
	}
	explain_event(s->trace, c->ev, &p->pos, &w->opt, q->sentence, sizeof q->sentence);
	return true;
}

/* A mode-none leaf, and what a quiescence search from it says (a second search, from the leaf). */
static bool ask_horizon(struct practice_set *s, const struct practice_pos *p, uint64_t *rng,
			struct practice_question *q, struct walk *w)
{
	uint32_t count, leaf = TRACE_NONE, ev;
	struct search_options qopt;
	struct trace_node nd, qroot;
	char line[256];
	int level = practice_level_of(s), seen = 0, stat;
	bool capture = practice_random(rng) & 1;

	if (!practice_run(s->trace, &p->pos, &w->opt))
		return false;
	/* A leaf chosen at random, reached by a capture half the time (where quiescence is likelier to differ). */
	count = trace_node_count(s->trace);
	for (int pass = 0; pass < 2 && leaf == TRACE_NONE; pass++, capture = !capture)
		for (uint32_t n = 0; n < count; n++) {
			if (!trace_node_is_horizon(s->trace, n))
				continue;
			nd = trace_node_get(s->trace, n);
			if (MOVE_IS_CAPTURE(nd.move) != capture || (nd.flags & TN_IN_CHECK))
				continue;
			if (s->force_node != TRACE_NONE ? n == s->force_node : practice_random(rng) % (uint64_t)++seen == 0)
				leaf = n;
		}
	if (leaf == TRACE_NONE)
		return false;
	nd = trace_node_get(s->trace, leaf);
	/* The leaf's value without quiescence: its horizon event's. */
	stat = nd.eval;
	for (ev = trace_node_event(s->trace, leaf, 0); ev != TRACE_NONE; ev = trace_node_next_event(s->trace, leaf, ev))
		if (trace_event_get(s->trace, ev).kind == TE_HORIZON)
			stat = trace_event_get(s->trace, ev).v1;
	practice_node_position(s->trace, leaf, &p->pos, &q->pos, line, sizeof line);

	practice_base_options(&qopt);
	qopt.depth = 0;
	if (s->trace2 == NULL)
		s->trace2 = trace_new();
	if (!practice_run(s->trace2, &q->pos, &qopt))
		return false;
	qroot = trace_node_get(s->trace2, 0);
	practice_question_start(q, s, p, level, leaf, MOVE_NONE);
	if (level == 1) {
		snprintf(q->prompt, sizeof q->prompt, "Horizon leaf after %s (%s to move, mode none, static value %d): "
			 "does a quiescence search from here give another value? (yes/no)", line, practice_side_name(&q->pos), stat);
		practice_answer_yes_no(q, qroot.score != stat);
	} else {
		snprintf(q->prompt, sizeof q->prompt, "Horizon leaf after %s (%s to move, mode none, static value %d): "
			 "what value does a quiescence search from here give, %s's view (within %d)?", line,
			 practice_side_name(&q->pos), stat, practice_side_name(&q->pos), PRACTICE_VALUE_TOLERANCE);
		answer_value(q, qroot.score, PRACTICE_VALUE_TOLERANCE, 0);
	}
	/* The leaf is the root of the second search: the verdict names it the leaf, and shows its line. */
	{
		char v[SCORE_BUFSIZE];

		score_format(stat, nd.ply, v, sizeof v);
		snprintf(q->sentence, sizeof q->sentence, "Without quiescence the leaf keeps its static value %s; a "
			 "quiescence search from it (depth 0) finds the line above.", v);
	}
	deciding_line(s->trace2, 0, &q->pos, qopt.eval, q->line, sizeof q->line);
	/* What a front end shows once answered: the quiescence search from the leaf. */
	q->root = q->pos;
	q->opt = qopt;
	q->node = 0;
	return true;
}

/*
 * Whether node N's own events search move M (a move event), whether the
 * node stood pat and cut off before any move, and whether a beta cut-off or
 * a stop ended its loop before M.
 */
static void node_searches(const struct trace *t, uint32_t n, move m, bool *searched, bool *spcut, bool *cut_before)
{
	*searched = *spcut = *cut_before = false;
	for (uint32_t ev = trace_node_event(t, n, 0); ev != TRACE_NONE; ev = trace_node_next_event(t, n, ev)) {
		struct trace_event e = trace_event_get(t, ev);

		if (e.kind == TE_MOVE && e.move == m)
			*searched = true;
		if (e.kind == TE_STAND_PAT && e.extra == TSP_CUTOFF)
			*spcut = true;
		if ((e.kind == TE_BETA_CUTOFF || e.kind == TE_STOPPED) && !*searched)
			*cut_before = true;
	}
}

/*
 * The checks drill: a quiet check at a quiescence node, searched or not. In
 * check, the node searches every evasion whatever the quiescence ply; not in
 * check, a stand pat at or above beta cuts off before any move; else quiet
 * checks are searched only below --check-plies. A node whose loop a beta
 * cut-off ended before the check decides nothing about it and is not asked.
 */
static bool ask_checks(struct practice_set *s, const struct practice_pos *p, uint64_t *rng,
		       struct practice_question *q, struct walk *w)
{
	const struct candidate *c;
	struct position pos;
	struct move_list checks;
	struct trace_node nd;
	uint32_t count;
	char line[256], san[NOTATION_BUFSIZE], a[SCORE_BUFSIZE], b[SCORE_BUFSIZE], ev_text[SCORE_BUFSIZE];
	bool in_check;

	/* The --check-plies of a position depends on the position alone, so its ids stay stable. */
	w->opt.mode = QMODE_CHECKS;
	w->opt.check_plies = 1 + p->index % 2;
	if (!practice_run(s->trace, &p->pos, &w->opt))
		return false;
	count = trace_node_count(s->trace);
	for (uint32_t n = 0; n < count && w->count < PRACTICE_MAX_CANDIDATES; n++) {
		bool searched, spcut, cut_before;
		move m;

		nd = trace_node_get(s->trace, n);
		if (!(nd.flags & TN_QUIESCENCE))
			continue;
		if (s->force_node != TRACE_NONE && n != s->force_node)
			continue;
		practice_node_position(s->trace, n, &p->pos, &pos, line, sizeof line);
		movegen_quiet_checks(&pos, &checks);
		if (checks.count == 0)
			continue;
		/* One quiet check of the node, at random (asked again by id: the id's). */
		m = checks.moves[practice_random(rng) % (uint64_t)checks.count];
		for (int i = 0; i < checks.count && s->force_node != TRACE_NONE; i++) {
			notation_uci(checks.moves[i], san);
			if (strcmp(san, s->force_uci[0]) == 0)
				m = checks.moves[i];
		}
		node_searches(s->trace, n, m, &searched, &spcut, &cut_before);
		if (searched || !cut_before)
			practice_walk_add(w, n, nd.enter, m, nd.alpha, searched);
	}
	/* Nodes in check are few: a third of the time one of them is asked, where there is one. */
	if (practice_random(rng) % 3 == 0) {
		int k = 0, yes = 0;

		for (int i = 0; i < w->count; i++)
			if (trace_node_get(s->trace, w->c[i].node).flags & TN_IN_CHECK) {
				yes += w->c[i].yes;
				w->c[k++] = w->c[i];
			}
		if (k > 0) {
			w->count = k;
			w->yes = yes;
		}
	}
	if ((c = practice_walk_pick(w, rng)) == NULL)
		return false;
	nd = trace_node_get(s->trace, c->node);
	in_check = nd.flags & TN_IN_CHECK;
	practice_node_position(s->trace, c->node, &p->pos, &q->pos, line, sizeof line);
	practice_question_start(q, s, p, practice_level_of(s), c->node, c->mv);
	notation_san(&q->pos, c->mv, san);
	score_format_edge(nd.alpha, nd.ply, a, sizeof a);
	score_format_edge(nd.beta, nd.ply, b, sizeof b);
	score_format(nd.eval, nd.ply, ev_text, sizeof ev_text);
	snprintf(q->prompt, sizeof q->prompt, "Quiescence node after %s (%s to move, %s, window [%s, %s], static value "
		 "%s, quiescence ply %d, mode checks, --check-plies %d): is the quiet check %s searched? (yes/no)", line,
		 practice_side_name(&q->pos), in_check ? "in check" : "not in check", a, b, ev_text, nd.qply, w->opt.check_plies, san);
	practice_answer_yes_no(q, c->yes);
	if (in_check) {
		snprintf(q->line, sizeof q->line, "%s is in check: the node cannot stand pat and searches every legal "
			 "evasion, whatever the quiescence ply, and %s is one%s.", practice_side_name(&q->pos), san,
			 c->yes ? "" : " (but a cut-off came first)");
	} else if (nd.eval >= nd.beta) {
		snprintf(q->line, sizeof q->line, "The stand pat %s is at or above beta %s: the node cuts off before "
			 "any move, so %s is never tried, whatever --check-plies says.", ev_text, b, san);
	} else {
		snprintf(q->line, sizeof q->line, "The stand pat %s is below beta %s, so the node searches its moves; "
			 "quiescence ply %d is %s --check-plies %d, so quiet checks %s.", ev_text, b, nd.qply,
			 nd.qply < w->opt.check_plies ? "below" : "not below", w->opt.check_plies,
			 nd.qply < w->opt.check_plies ? "are searched" : "are not");
	}
	if (c->yes) {
		for (uint32_t ev = trace_node_event(s->trace, c->node, 0); ev != TRACE_NONE;
		     ev = trace_node_next_event(s->trace, c->node, ev))
			if (trace_event_get(s->trace, ev).kind == TE_MOVE && trace_event_get(s->trace, ev).move == c->mv) {
				explain_event(s->trace, ev, &p->pos, &w->opt, q->sentence, sizeof q->sentence);
				break;
			}
	} else if (!in_check && nd.eval < nd.beta) {
		snprintf(q->sentence, sizeof q->sentence, "At quiescence ply %d, with --check-plies %d, the node searches "
			 "captures and promotions only: %s is never tried.", nd.qply, w->opt.check_plies, san);
	}
	return true;
}

bool practice_drill_ask(struct practice_set *s, const struct practice_pos *p, uint64_t *rng,
			struct practice_question *q)
{
	static struct walk w;       /* large: not on the stack; the program asks from one thread */

	bool ok;

	memset(&w, 0, sizeof w);
	w.s = s;
	w.t = s->trace;
	w.root = &p->pos;
	practice_base_options(&w.opt);
	switch (s->drill) {
	case PD_STAND_PAT:
		ok = ask_stand_pat(s, p, rng, q, &w);
		break;
	case PD_ORDER:
		ok = ask_order(s, p, rng, q, &w);
		break;
	case PD_DELTA:
		w.opt.delta = true;
		ok = ask_prune(s, p, rng, q, &w);
		break;
	case PD_SEE:
		w.opt.see = true;
		ok = ask_prune(s, p, rng, q, &w);
		break;
	case PD_HORIZON:
		w.opt.mode = QMODE_NONE;
		return ask_horizon(s, p, rng, q, &w);   /* its search to show is its own (the leaf's) */
	case PD_CHECKS:
		ok = ask_checks(s, p, rng, q, &w);
		break;
	case PD_FUTILITY:
		w.opt.futility = true;
		ok = practice_ask_futility(s, p, rng, q, &w);
		break;
	case PD_RECAPTURES:
		/* The ply depends on the position alone, so its ids stay stable. */
		w.opt.recaptures = 1 + p->index % 2;
		ok = practice_ask_recaptures(s, p, rng, q, &w);
		break;
	case PD_TT:
		ok = practice_ask_tt(s, p, rng, q, &w);
		break;
	default:
		return false;
	}
	if (ok) {
		q->root = p->pos;
		q->opt = w.opt;
	}
	return ok;
}
