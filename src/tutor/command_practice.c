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

#include "chess/fen.h"
#include "teach/leitner.h"
#include "teach/practice.h"

/* The practice of this program's session: one drill at a time, one question pending. */
static struct {
	struct practice_set *shipped;    /* the shipped positions, for questions after the first */
	int drill, level;
	bool pending;
	struct practice_question q;
	int right, asked;                /* the running score since the drill was chosen */
	bool away;                       /* the board left the studied position for the questions' */
	struct position studied;         /* the studied position and options, to come back to */
	struct search_options studied_opt;
} practice = { .drill = -1 };

/* Prints the pending question. */
static void ask(FILE *out)
{
	fprintf(out, "%s (%s): %s\n  [FEN %s]\n  Answer with ':practice ANSWER'%s. Score %d/%d.\n", practice.q.id,
		practice_drill_concept(practice.q.drill), practice.q.prompt, practice.q.fen,
		practice.q.type == PA_YES_NO ? " (in the tutor, key 1 yes, 2 no)" : "", practice.right, practice.asked);
}

/*
 * Puts the pending question's position on the board: the root becomes the
 * question's node, not yet searched, so that nothing on screen gives the
 * answer away. The studied position is kept to come back to.
 */
static void show_question(struct session *s)
{
	struct error e = { 0 };

	if (!practice.away) {
		practice.studied = s->root;
		practice.studied_opt = s->opt;
		practice.away = true;
	}
	(void)session_set_fen(s, practice.q.fen, &e);
}

/*
 * Once answered, the search the question came from: its root and options
 * (the drill's), searched, with the cursor on the question's node, so the
 * tree shows what the engine did there and why.
 */
static void show_search(struct session *s, FILE *out)
{
	char fen[FEN_BUFSIZE];
	struct error e = { 0 };
	void (*progress)(void *, uint64_t) = s->opt.progress;
	void *ctx = s->opt.progress_ctx;

	fen_format(&practice.q.root, fen);
	if (!session_set_fen(s, fen, &e))
		return;
	s->opt = practice.q.opt;
	s->opt.progress = progress;
	s->opt.progress_ctx = ctx;
	session_search(s);
	if (session_goto(s, practice.q.node))
		fprintf(out, "The tree shows the search the question came from (depth %d, the drill's options), the cursor "
			"on its node; ':practice stop' goes back to the position you were studying.\n", s->opt.depth);
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
		fprintf(out, "  %-10s %-21s %-10s; due today: %d\n", practice_drill_name((enum practice_drill)d),
			practice_drill_concept((enum practice_drill)d), top == 3 ? "levels 1-3" : top == 2 ?
			"levels 1-2" : "level 1", due);
	}
	fprintf(out, "  walk       the search on screen  levels 1-3\n':practice stop' ends a drill or a walk.\n");
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
			show_question(s);
			ask(out);
			return true;
		}
	}
	if (!practice_next(practice.shipped, &practice.q))
		return error_set(err, 0, 0, "practice: no more questions of drill %s", practice_drill_name(drill));
	practice.pending = true;
	show_question(s);
	ask(out);
	return true;
}

bool command_practice_status(const struct session *s, char *buf, size_t n)
{
	(void)s;
	if (practice.drill < 0)
		return false;
	snprintf(buf, n, "DRILL %s L%d %d/%d%s", practice_drill_name(practice.drill), practice.level, practice.right,
		 practice.asked, practice.pending && practice.q.type == PA_YES_NO ? " answer 1 yes 2 no" : "");
	return true;
}

bool command_practice_pending(const struct session *s)
{
	(void)s;
	return practice.pending;
}

int command_practice_choices(const struct session *s)
{
	(void)s;
	return practice.pending && practice.q.type == PA_YES_NO ? 2 : 0;
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

/* ':practice stop' for a drill: its score, and the board back on the position studied before. */
static bool drill_stop(struct session *s, FILE *out, struct error *err)
{
	char fen[FEN_BUFSIZE];
	void (*progress)(void *, uint64_t) = s->opt.progress;
	void *ctx = s->opt.progress_ctx;

	fprintf(out, "Practice %s ends with a score of %d/%d.\n", practice_drill_name(practice.drill),
		practice.right, practice.asked);
	if (practice.away) {
		fen_format(&practice.studied, fen);
		if (session_set_fen(s, fen, err)) {
			s->opt = practice.studied_opt;
			s->opt.progress = progress;
			s->opt.progress_ctx = ctx;
		}
	}
	practice_free(practice.shipped);
	memset(&practice, 0, sizeof practice);
	practice.drill = -1;
	return true;
}

bool command_practice(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS], verdict[PRACTICE_VERDICT_MAX];
	int n = command_split_words(args, buf, sizeof buf, w), drill;
	enum practice_verdict v;

	/* ':practice walk' and its answers (command_walk.c) first: a walk's choice may be named 'see'. */
	if (n == 1 && !strcmp(w[0], "stop") && !command_walk_active(s) && practice.drill >= 0)
		return drill_stop(s, out, err);
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
	if (!practice.pending) {
		char names[200];

		practice_drill_list(" or ", names, sizeof names);
		return error_set(err, 0, 0, "practice: '%s' is not a drill: expected %s", w[0], names);
	}
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
	show_search(s, out);
	return true;
}
