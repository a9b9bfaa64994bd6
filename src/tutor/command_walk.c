/*
 * command_walk.c: ':practice walk [LEVEL]' in the tutor and the REPL, a
 * practice mode on the search being studied (practicewalk.h). The cursor
 * stops before each decision that teaches something; ':practice ANSWER'
 * (or a number key in the tutor) predicts it, and the reveal puts the
 * cursor on the deciding event with its sentence and rule. ':practice next'
 * (n in the tutor) goes on to the next decision, ':practice skip' shows the
 * answer without scoring it, ':practice stop' ends the walk.
 */
#include "tutor/command_int.h"

#include <string.h>

#include "teach/leitner.h"
#include "teach/practicewalk.h"

/* The walk of this program's session: at most one, with one question pending or revealed. */
static struct {
	bool active, pending;
	int level;
	uint32_t generation;             /* the session's trace the walk is on */
	struct practicewalk_question q;
	int right, asked, number;        /* the running score; the number of the question asked */
	struct practicewalk_seen seen;   /* the decisions asked, so that none is asked twice */
} walk;

bool command_walk_active(const struct session *s)
{
	/* A new search (or position) leaves the walk behind: the screen shows the new trace whole. */
	return walk.active && walk.generation == s->generation;
}

bool command_walk_pending(const struct session *s)
{
	return command_walk_active(s) && walk.pending;
}

bool command_walk_status(const struct session *s, char *buf, size_t n)
{
	if (!command_walk_active(s))
		return false;
	if (walk.pending && walk.q.choice_count)
		snprintf(buf, n, "PRACTICE L%d %d/%d answer 1-%d", walk.level, walk.right, walk.asked,
			 walk.q.choice_count);
	else
		snprintf(buf, n, "PRACTICE L%d %d/%d %s", walk.level, walk.right, walk.asked,
			 walk.pending ? "answer :practice ANSWER" : "n next");
	return true;
}

/* Prints the pending question. */
static void ask(struct session *s, FILE *out)
{
	fprintf(out, "P%d (level %d, event %u/%u): %s\n", walk.number, walk.q.level, walk.q.event + 1,
		trace_event_count(s->trace), walk.q.q.prompt);
}

/* Moves to the next question after event FROM, or ends the walk when there is none. */
static bool next_question(struct session *s, uint32_t from, FILE *out)
{
	if (!practicewalk_next_unseen(s->trace, &s->root, &s->opt, from, walk.level, &walk.seen, &walk.q)) {
		walk.active = walk.pending = false;
		fprintf(out, "No more decisions to predict at level %d: the walk ends with a score of %d/%d.\n",
			walk.level, walk.right, walk.asked);
		return true;
	}
	walk.pending = true;
	walk.number++;
	s->event = walk.q.before;
	ask(s, out);
	return true;
}

/*
 * The drill whose concept a question of the walk trains, for the accuracy
 * per drill in the practice file; -1 for the alpha-beta questions (raise or
 * cut, beta, bound), which no drill asks.
 */
static int concept_drill(const struct practicewalk_question *q)
{
	switch (q->kind) {
	case PW_STAND_PAT_CUT:
	case PW_STAND_PAT_VALUE:
		return PD_STAND_PAT;
	case PW_PRUNE:
		return q->choice == 2 ? PD_SEE : PD_DELTA;
	case PW_FIRST_MOVE:
		return PD_ORDER;
	default:
		return -1;
	}
}

/* Counts the answer in the practice file's accuracy (never scheduled: the walk's search has no id to ask it by). */
static void record(const struct practicewalk_question *q, bool right, FILE *out)
{
	struct leitner rec;
	struct error e = { 0 };
	char path[4096];
	int drill = concept_drill(q);

	if (drill < 0)
		return;
	leitner_init(&rec);
	leitner_record(&rec, NULL, (enum practice_drill)drill, q->level, right, leitner_today());
	if (!leitner_path(path, sizeof path, true))
		fprintf(out, "(not saved: no state directory)\n");
	else if (!leitner_save(&rec, path, &e))
		fprintf(out, "(not saved: %s)\n", e.msg);
	else if (e.msg[0])
		fprintf(out, "(practice record: %s)\n", e.msg);
	leitner_clear(&rec);
}

/* Shows the answer (judged when ANSWER is not NULL) and puts the cursor on the deciding event. */
static bool reveal(struct session *s, const char *answer, FILE *out)
{
	char verdict[PRACTICE_VERDICT_MAX];
	enum practice_verdict v = PV_WRONG;

	if (answer) {
		v = practicewalk_judge(&walk.q, answer, verdict, sizeof verdict);
		walk.asked++;
		walk.right += v == PV_RIGHT;
	} else {
		snprintf(verdict, sizeof verdict, "skipped: the engine says %s. %s Rule: %s", walk.q.q.answer,
			 walk.q.q.sentence, walk.q.q.rule);
	}
	walk.pending = false;
	s->event = walk.q.event;
	fprintf(out, "%s\nScore %d/%d. 'practice next' (n in the tutor) for the next decision, 'practice stop' "
		"ends the walk.\n", verdict, walk.right, walk.asked);
	if (answer)
		record(&walk.q, v == PV_RIGHT, out);
	return true;
}

bool command_walk_takes(const char *word)
{
	static const char *const words[] = { "walk", "next", "skip", "stop" };

	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (!strcmp(word, words[i]))
			return true;
	/* While a question waits, any other word is its answer (a choice may be named 'see' or 'delta'). */
	return walk.pending;
}

bool command_walk(struct session *s, const char *args, char **w, int n, FILE *out, struct error *err)
{
	if (walk.active && walk.generation != s->generation && !(n >= 1 && !strcmp(w[0], "walk"))) {
		walk.active = walk.pending = false;
		return error_set(err, 0, 0, "practice: the search changed, so the walk ended (score %d/%d): "
				 "'practice walk' starts again", walk.right, walk.asked);
	}
	if (n == 0) {
		if (!walk.active)
			return error_set(err, 0, 0, "practice: no walk: 'practice walk [LEVEL]' starts one");
		if (walk.pending) {
			ask(s, out);
			return true;
		}
		return next_question(s, walk.q.event + 1, out);
	}
	if (!strcmp(w[0], "walk")) {
		long level = 1;

		if (n > 2 || (n == 2 && (!command_parse_count(w[1], PRACTICE_MAX_LEVEL, &level) || level < 1)))
			return error_set(err, 0, 0, "practice: expected 'practice walk [LEVEL]' with a level of 1, 2 "
					 "or 3");
		if (s->comparing)
			return error_set(err, 0, 0, "practice: the walk needs one search, not a comparison: "
					 "'compare off' first");
		if (!s->searched || trace_event_count(s->trace) == 0)
			session_search(s);
		if (trace_event_count(s->trace) == 0)
			return error_set(err, 0, 0, "practice: the search recorded nothing to walk");
		practicewalk_seen_clear(&walk.seen);
		memset(&walk, 0, sizeof walk);
		walk.active = true;
		walk.level = (int)level;
		walk.generation = s->generation;
		fprintf(out, "Practice walk, level %d: predict each decision before it is shown. Answer with "
			"'practice ANSWER' (a number key in the tutor).\n", walk.level);
		/* From the cursor on: the learner may have stepped to the part to practise. */
		return next_question(s, s->event + 1, out);
	}
	if (!walk.active)
		return error_set(err, 0, 0, "practice: no walk to %s: 'practice walk [LEVEL]' starts one", w[0]);
	if (!strcmp(w[0], "stop") && n == 1) {
		walk.active = walk.pending = false;
		fprintf(out, "The walk ends with a score of %d/%d.\n", walk.right, walk.asked);
		return true;
	}
	if (walk.pending) {
		if (!strcmp(w[0], "skip") && n == 1)
			return reveal(s, NULL, out);
		if (!strcmp(w[0], "next") && n == 1)
			return error_set(err, 0, 0, "practice: answer first ('practice ANSWER'), or 'practice skip'");
		while (*args == ' ' || *args == '\t')
			args++;
		return reveal(s, args, out);
	}
	if ((!strcmp(w[0], "next") || !strcmp(w[0], "skip")) && n == 1)
		return next_question(s, walk.q.event + 1, out);
	return error_set(err, 0, 0, "practice: no question is waiting: 'practice next' asks the next one");
}
