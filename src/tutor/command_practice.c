/*
 * command_practice.c: ':practice' in the tutor and the REPL. ':practice
 * DRILL [LEVEL]' asks a question of the drill: from the position being
 * studied when its search has a decision of the drill, else from the
 * positions quiesce ships; ':practice ANSWER' judges the answer against the
 * engine's trace, says the rule, keeps a running score and records the
 * answer in the practice file (the Leitner schedule of 'quiesce practice');
 * ':practice' alone asks the pending question again.
 */
#include "tutor/command_int.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "teach/leitner.h"
#include "teach/practice.h"

/* The practice of this program's session: one drill at a time, one question pending. */
static struct {
	struct practice_set *shipped;    /* the shipped positions, for questions after the first */
	int drill, level;
	bool pending;
	struct practice_question q;
	int right, asked;                /* the running score since the drill was chosen */
} practice = { .drill = -1 };

/* Prints the pending question. */
static void ask(FILE *out)
{
	fprintf(out, "%s (%s): %s\n  [FEN %s]\n  Answer with ':practice ANSWER'. Score %d/%d.\n", practice.q.id,
		practice_drill_concept(practice.q.drill), practice.q.prompt, practice.q.fen, practice.right,
		practice.asked);
}

/*
 * What ':practice' alone offers when no question waits: each drill with its
 * levels and the questions of it due today (the practice record), and the
 * walk through the search on screen.
 */
static void menu(FILE *out)
{
	struct leitner rec;
	struct error e = { 0 };
	char path[4096];
	long today = leitner_today();

	leitner_init(&rec);
	if (!leitner_path(path, sizeof path, false) || !leitner_load(&rec, path, &e))
		leitner_init(&rec);
	fprintf(out, "Practice: ':practice DRILL [LEVEL]' asks a question, ':practice walk [LEVEL]' walks the search "
		"on screen.\n");
	for (int d = 0; d < PD_COUNT; d++) {
		int due = 0, top = practice_drill_levels((enum practice_drill)d);

		for (int i = 0; i < rec.count; i++)
			due += rec.cards[i].due <= today && leitner_id_drill(rec.cards[i].id) == d;
		fprintf(out, "  %-10s %-21s level%s 1%s; due today: %d\n", practice_drill_name((enum practice_drill)d),
			practice_drill_concept((enum practice_drill)d), top > 1 ? "s" : " ", top == 3 ? "-3" : top == 2 ?
			"-2" : "  ", due);
	}
	fprintf(out, "  walk       the search on screen  levels 1-3\n");
	leitner_clear(&rec);
}

/* A new question of DRILL at LEVEL: from S's position first, when the drill finds a decision there. */
static bool new_question(struct session *s, int drill, int level, FILE *out, struct error *err)
{
	struct practice_set *here;
	bool found;

	if (drill != practice.drill || level != practice.level || practice.shipped == NULL) {
		practice_free(practice.shipped);
		practice.shipped = practice_new((enum practice_drill)drill, level, (uint64_t)time(NULL));
		if (!practice_add_shipped(practice.shipped, err)) {
			practice_free(practice.shipped);
			practice.shipped = NULL;
			return false;
		}
		practice.drill = drill;
		practice.level = level;
		practice.right = practice.asked = 0;
		/* The position being studied, first. */
		here = practice_new((enum practice_drill)drill, level, 1);
		practice_add_position(here, &s->root, "here", 1);
		found = practice_next(here, &practice.q);
		practice_free(here);
		if (found) {
			practice.pending = true;
			ask(out);
			return true;
		}
	}
	if (!practice_next(practice.shipped, &practice.q))
		return error_set(err, 0, 0, "practice: no more questions of drill %s", practice_drill_name(drill));
	practice.pending = true;
	ask(out);
	return true;
}

/* Records the answer in the practice file; a failure to save is said, not fatal. */
static void record(const struct practice_question *q, bool right, FILE *out)
{
	struct leitner rec;
	struct error e = { 0 };
	char path[4096];

	leitner_init(&rec);
	/* A question from the position studied ("here") cannot be asked again by its id: counted, not scheduled. */
	leitner_record(&rec, strstr(q->id, "-here-") ? NULL : q->id, q->drill, q->level, right, leitner_today());
	if (!leitner_path(path, sizeof path, true))
		fprintf(out, "(not saved: no state directory)\n");
	else if (!leitner_save(&rec, path, &e))
		fprintf(out, "(not saved: %s)\n", e.msg);
	else if (e.msg[0])
		fprintf(out, "(practice record: %s)\n", e.msg);
	leitner_clear(&rec);
}

bool command_practice(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS], verdict[PRACTICE_VERDICT_MAX];
	int n = command_split_words(args, buf, sizeof buf, w), drill;
	enum practice_verdict v;

	/* ':practice walk' and its answers (command_walk.c) first: a walk's choice may be named 'see'. */
	if ((n > 0 && command_walk_takes(w[0])) || (n == 0 && command_walk_active(s)))
		return command_walk(s, args, w, n, out, err);
	if (n == 0) {
		if (!practice.pending)
			menu(out);
		else
			ask(out);
		return true;
	}
	if ((drill = practice_drill_parse(w[0])) >= 0) {
		long level = 1;

		int top = practice_drill_levels((enum practice_drill)drill);

		if (n > 2 || (n == 2 && (!command_parse_count(w[1], PRACTICE_MAX_LEVEL, &level) || level < 1)))
			return error_set(err, 0, 0, "practice: expected 'practice DRILL [LEVEL]' with a level of 1, 2 or 3");
		if (level > top)
			return error_set(err, 0, 0, "practice: drill %s has no level %ld: it has level%s 1%s", w[0], level,
					 top > 1 ? "s" : "", top == 3 ? "-3" : top == 2 ? "-2" : " only");
		return new_question(s, drill, (int)level, out, err);
	}
	if (!practice.pending)
		return error_set(err, 0, 0, "practice: '%s' is not a drill: expected stand-pat, order, delta, see, "
				 "horizon or checks", w[0]);
	/* An answer: the rest of the line as typed. */
	while (*args == ' ' || *args == '\t')
		args++;
	v = practice_judge(&practice.q, args, verdict, sizeof verdict);
	practice.asked++;
	practice.right += v == PV_RIGHT;
	practice.pending = false;
	fprintf(out, "%s\nScore %d/%d. ':practice %s' for the next question.\n", verdict, practice.right,
		practice.asked, practice_drill_name(practice.q.drill));
	record(&practice.q, v == PV_RIGHT, out);
	return true;
}
