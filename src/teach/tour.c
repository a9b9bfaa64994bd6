/* tour.c: a lesson taught in a session: pages, their directives, questions and the saved progress. */
#include "teach/tour.h"

#include <stdlib.h>
#include <string.h>

#include "teach/page.h"
#include "teach/practice.h"
#include "base/statedir.h"
#include "base/util.h"

struct tour *tour_new(void)
{
	struct tour *t = xcalloc(1, sizeof *t);
	struct error err = { 0 };

	progress_init(&t->progress);
	t->question = t->answered = t->hinted = -1;
	t->node = TRACE_NONE;
	if (!progress_path(t->path, sizeof t->path, false)) {
		t->path[0] = '\0';
		return t;
	}
	switch (progress_load(&t->progress, t->path, &err)) {
	case PROGRESS_OK:
		t->existed = t->returning = true;
		break;
	case PROGRESS_MISSING:
		break;
	case PROGRESS_UNUSABLE:
		/* A directory or a FIFO in the way: nothing to set aside; saving will say so too. */
		t->existed = true;
		snprintf(t->note, sizeof t->note, "cannot read the progress file: %.400s", err.msg);
		break;
	case PROGRESS_CORRUPT: {
		char away[4300];
		struct error e2 = { 0 };

		/* Never lose it: the learner (or a bug report) may want it. A new file starts afresh. */
		if (progress_set_aside(t->path, away, sizeof away, &e2))
			snprintf(t->note, sizeof t->note, "progress file corrupt (%.200s); set aside as %.300s", err.msg, away);
		else
			snprintf(t->note, sizeof t->note, "progress file corrupt (%.200s); %.300s", err.msg, e2.msg);
		break;
	}
	}
	return t;
}

struct tour *tour_new_detached(void)
{
	struct tour *t = xcalloc(1, sizeof *t);

	progress_init(&t->progress);
	t->question = t->answered = t->hinted = -1;
	t->node = TRACE_NONE;
	t->detached = true;
	t->existed = true;
	return t;
}

void tour_free(struct tour *t)
{
	if (t == NULL)
		return;
	tour_close(t);
	progress_clear(&t->progress);
	free(t);
}

void tour_end(struct session *s)
{
	tour_free(s->tour);
	s->tour = NULL;
}

struct tour *tour_of(struct session *s)
{
	if (s->tour == NULL) {
		s->tour = tour_new();
	}
	return s->tour;
}

void tour_close(struct tour *t)
{
	if (!t->borrowed)
		lesson_free(t->lesson);
	t->borrowed = false;
	t->lesson = NULL;
	t->number = 0;
	t->page = 0;
	t->question = t->answered = t->hinted = -1;
	t->squares = 0;
	t->node = TRACE_NONE;
	t->generation++;
}

bool tour_leave(struct tour *t, struct session *s)
{
	if (t->lesson == NULL)
		return false;
	if (t->own_saved)
		s->opt = t->own_opt;
	t->own_saved = false;
	tour_close(t);
	return true;
}

bool tour_save(struct tour *t)
{
	struct error err = { 0 };
	char dir[4200];

	/* A detached tour (a page shown for a check) keeps no record. */
	if (t->detached)
		return true;
	if (!progress_path(dir, sizeof dir, true)) {
		snprintf(t->note, sizeof t->note, "cannot keep the progress: %.400s", statedir_problem());
		return false;
	}
	snprintf(t->path, sizeof t->path, "%s", dir);
	if (!progress_save(&t->progress, t->path, &err)) {
		snprintf(t->note, sizeof t->note, "cannot save the progress: %s", err.msg);
		return false;
	}
	/* A damaged file on disk was set aside: said, as at start-up. */
	if (err.msg[0])
		snprintf(t->note, sizeof t->note, "progress file corrupt: %s", err.msg);
	t->existed = true;
	return true;
}

/* The number (1-based) among the page's questions of question item I. */
static int question_number(const struct lesson_page *pg, int item)
{
	int n = 0;

	for (int i = 0; i <= item && i < pg->item_count; i++)
		n += pg->items[i].kind == LI_QUESTION;
	return n;
}

/* The first question item from FROM on the page not yet answered right, or -1. */
static int next_question(const struct tour *t, int from)
{
	const struct lesson_page *pg = &t->lesson->pages[t->page];
	const struct progress_lesson *pl = NULL;

	for (int i = 0; i < t->progress.count; i++)
		if (!strcmp(t->progress.lessons[i].id, t->lesson->id))
			pl = &t->progress.lessons[i];
	for (int i = from; i < pg->item_count; i++) {
		const struct progress_answer *a;

		if (pg->items[i].kind != LI_QUESTION)
			continue;
		a = pl ? progress_answer_of(pl, t->page + 1, question_number(pg, i)) : NULL;
		if (!a || !a->right)
			return i;
	}
	return -1;
}

/* Shows page PG on S: page_build, the same path check-lesson verifies (see quiesce-lesson(5)). */
static void run_page(struct tour *t, struct session *s, int page)
{
	struct page_view pv;

	page_build(s, t->lesson, page, &pv, NULL);
	t->squares = pv.squares;
	t->node = pv.node;
}

bool tour_goto_page(struct tour *t, struct session *s, int page, struct error *err)
{
	struct progress_lesson *pl;

	if (t->lesson == NULL)
		return error_set(err, 0, 0, "no lesson is open: type 'lessons' for the list, 'lesson N' to open one");
	t->offer_next = false;
	if (page < 0 || page >= t->lesson->page_count)
		return error_set(err, 0, 0, "page %d: out of range: lesson %s has pages 1 to %d", page + 1, t->lesson->id,
				 t->lesson->page_count);
	t->page = page;
	run_page(t, s, page);
	pl = progress_find(&t->progress, t->lesson->id, true);
	pl->page = page + 1;
	pl->pages = t->lesson->page_count;
	if (page + 1 == t->lesson->page_count)
		pl->done = true;
	pl->changed = true;
	snprintf(t->progress.last, sizeof t->progress.last, "%s", t->lesson->id);
	t->progress.last_changed = true;
	t->question = next_question(t, 0);
	if (t->question < 0)
		for (int i = 0; i < t->lesson->pages[page].item_count && t->question < 0; i++)
			if (t->lesson->pages[page].items[i].kind == LI_QUESTION)
				t->question = i;
	t->answered = t->hinted = -1;
	t->feedback[0] = '\0';
	t->generation++;
	tour_save(t);
	return true;
}

bool tour_open(struct tour *t, struct session *s, const char *name, int page, struct error *err)
{
	struct error e = { 0 };
	struct lesson_info *list;
	struct lesson *l;
	const struct progress_lesson *pl;
	char *path = lesson_find(name);
	int count, number = 0;

	if (path == NULL)
		return error_set(err, 0, 0, "no lesson '%s' (type 'lessons' for the list)", name);
	l = lesson_load(path, &e);
	if (l == NULL) {
		if (e.line > 0)
			error_set(err, 0, 0, "%s:%d:%d: %s", path, e.line, e.column, e.msg);
		else
			error_set(err, 0, 0, "%s: %s", path, e.msg);
		free(path);
		return false;
	}
	free(path);
	/*
	 * No claim is run: each page resolves its own references when it is shown
	 * (page_build), with the page's own search alone.
	 */
	count = lesson_list(NULL, &list);
	for (int i = 0; i < count && !number; i++)
		if (list[i].id && !strcmp(list[i].id, l->id))
			number = i + 1;
	lesson_info_free(list, count);
	if (page > l->page_count) {
		error_set(err, 0, 0, "page %d: out of range: lesson %s has pages 1 to %d", page, l->id, l->page_count);
		lesson_free(l);
		return false;
	}
	/* The learner's own options, given back when they leave the lessons (tour_leave). */
	if (!t->own_saved) {
		t->own_opt = s->opt;
		t->own_saved = true;
	}
	tour_close(t);
	t->lesson = l;
	t->number = number;
	if (page <= 0) {
		pl = progress_find(&t->progress, l->id, false);
		page = pl && pl->page > 0 ? pl->page : 1;
		if (page > l->page_count)
			page = l->page_count;
	}
	return tour_goto_page(t, s, page - 1, err);
}

bool tour_show(struct tour *t, struct session *s, struct lesson *l, int number, int page, struct error *err)
{
	if (page < 0 || page >= l->page_count)
		return error_set(err, 0, 0, "page %d: out of range: lesson %s has pages 1 to %d", page + 1, l->id,
				 l->page_count);
	if (!t->own_saved) {
		t->own_opt = s->opt;
		t->own_saved = true;
	}
	tour_close(t);
	t->lesson = l;
	t->borrowed = true;
	t->number = number;
	return tour_goto_page(t, s, page, err);
}

const struct lesson_item *tour_question(const struct tour *t)
{
	if (t->lesson == NULL || t->question < 0)
		return NULL;
	return &t->lesson->pages[t->page].items[t->question];
}

bool tour_answer(struct tour *t, const char *text, struct error *err)
{
	const struct lesson_item *it = tour_question(t);
	const struct lesson_page *pg;
	struct progress_lesson *pl;

	if (t->lesson == NULL)
		return error_set(err, 0, 0, "no lesson is open: type 'lesson N' to open one");
	if (it == NULL)
		return error_set(err, 0, 0, "this page asks no question: 'next-page' goes on");
	while (*text == ' ' || *text == '\t')
		text++;
	if (*text == '\0')
		return error_set(err, 0, 0, "answer: expected your answer, e.g. 'answer Qxd5'");
	pg = &t->lesson->pages[t->page];
	t->verdict = lesson_answer(it->question, &it->pos, &it->opt, text, t->feedback, sizeof t->feedback);
	t->answered = t->question;
	t->generation++;
	if (t->verdict == LV_INVALID)
		return true;
	pl = progress_find(&t->progress, t->lesson->id, true);
	progress_answer(pl, t->page + 1, question_number(pg, t->question), t->verdict == LV_RIGHT, text);
	if (t->verdict == LV_RIGHT) {
		int next = next_question(t, t->question + 1);

		if (next >= 0)
			t->question = next;
	}
	tour_save(t);
	return true;
}

bool tour_hint(struct tour *t, char *buf, size_t n, struct error *err)
{
	const struct lesson_item *it = tour_question(t);

	if (t->lesson == NULL)
		return error_set(err, 0, 0, "no lesson is open: type 'lesson N' to open one");
	if (it == NULL)
		return error_set(err, 0, 0, "this page asks no question");
	if (it->question->hint == NULL)
		return error_set(err, 0, 0, "no hint for this question: the page's text and the tree hold the answer");
	snprintf(buf, n, "%s", it->question->hint);
	/* The page shows the hint under its question, where a pane draws it (beside the board, not over it). */
	t->hinted = t->question;
	t->generation++;
	return true;
}

/* Writes TEXT wrapped to WIDTH, each line indented by INDENT. */
static void put_wrapped(const char *text, int width, const char *indent, FILE *out)
{
	char *w = lesson_wrap(text, width - (int)strlen(indent));
	char *save = NULL;

	for (char *line = strtok_r(w, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		fprintf(out, "%s%s\n", indent, line);
	free(w);
}

void tour_print_page(const struct tour *t, int width, FILE *out)
{
	static const char *const how[] = {
		"answer MOVE", "answer SCORE (centipawns)", "answer N (the number of a choice)", "answer ALPHA BETA"
	};
	static const char *const what[] = {
		"a move", "a score in centipawns", "the number of a choice (or press it)", "alpha and beta"
	};
	const struct lesson_page *pg;
	const struct progress_lesson *pl = NULL;

	if (t->lesson == NULL) {
		fputs("No lesson is open: type 'lessons' for the list, 'lesson N' to open one.\n", out);
		return;
	}
	pg = &t->lesson->pages[t->page];
	for (int i = 0; i < t->progress.count; i++)
		if (!strcmp(t->progress.lessons[i].id, t->lesson->id))
			pl = &t->progress.lessons[i];
	fprintf(out, "Lesson %d: %s\n", t->number, t->lesson->title);
	fprintf(out, "Page %d of %d: %s\n", t->page + 1, t->lesson->page_count, pg->title);
	for (int i = 0; i < pg->item_count; i++) {
		const struct lesson_item *it = &pg->items[i];
		const struct lesson_question *q;
		const struct progress_answer *a;
		int qn;

		if (it->kind == LI_TEXT) {
			fputc('\n', out);
			if (it->preformatted)
				fprintf(out, "%s\n", it->text);
			else
				put_wrapped(it->text, width, "", out);
			continue;
		}
		if (it->kind != LI_QUESTION)
			continue;
		q = it->question;
		qn = question_number(pg, i);
		fprintf(out, "\nQuestion %d%s:\n", qn, i == t->question ? "" : " (answered)");
		put_wrapped(q->ask, width, "  ", out);
		if (q->kind == LQ_NODE) {
			for (int c = 0; c < q->choice_count; c++) {
				char name[128], line[140];

				/* The learner's words; the lesson's name of the test also works as an answer. */
				lesson_node_test_phrase(&q->choices[c], name, sizeof name);
				snprintf(line, sizeof line, "%d. %s", c + 1, name);
				fprintf(out, "  %s\n", line);
			}
		}
		a = pl ? progress_answer_of(pl, t->page + 1, qn) : NULL;
		if (a && i != t->answered)
			fprintf(out, "  Your answer: %s (%s)\n", a->text, a->right ? "right" : "wrong");
		if (i == t->answered) {
			char fb[900];

			snprintf(fb, sizeof fb, "%s %s", t->verdict == LV_RIGHT ? "[right]" :
				 t->verdict == LV_WRONG ? "[wrong]" : "[?]", t->feedback);
			put_wrapped(fb, width, "  ", out);
		} else if (i == t->question) {
			char help[160];

			/* The tutor's keys where a pane shows the page, the commands where they are typed. */
			if (t->pane)
				snprintf(help, sizeof help, "(press A and type %s%s)", what[q->kind],
					 q->hint ? "; H for a hint" : "");
			else
				snprintf(help, sizeof help, "(type '%s'%s)", how[q->kind], q->hint ? "; 'hint' helps" : "");
			put_wrapped(help, width, "  ", out);
		}
		if (i == t->hinted && q->hint) {
			char hint[700];

			snprintf(hint, sizeof hint, "Hint: %s", q->hint);
			put_wrapped(hint, width, "  ", out);
		}
	}
	/* The last page offers the drill of the lesson's concept (practice.c's table). */
	if (t->page == t->lesson->page_count - 1 && practice_drill_of_lesson(t->lesson->id)) {
		char line[200];

		snprintf(line, sizeof line, "Practise this: :practice %s (questions from many positions; ':practice "
			 "walk' predicts the search on screen)", practice_drill_of_lesson(t->lesson->id));
		fputc('\n', out);
		put_wrapped(line, width, "", out);
	}
}

void tour_print_list(const struct tour *t, bool summary, FILE *out)
{
	struct lesson_info *list;
	int count = lesson_list(NULL, &list);

	for (int i = 0; i < count; i++) {
		char status[64];

		progress_describe(&t->progress, list[i].id, 0, status, sizeof status);
		fprintf(out, "%2d  %-14s %-36s %s\n", i + 1, list[i].id, list[i].title, status);
		if (summary)
			fprintf(out, "    %s\n", list[i].summary);
	}
	if (count == 0)
		fputs("No lessons found (looked in the data directory's lessons/).\n", out);
	lesson_info_free(list, count);
}
