/*
 * command_lesson.c: the commands that open the lessons, turn their pages and
 * answer their questions.
 */
#include "tutor/command_int.h"

#include <string.h>

#include "teach/tour.h"
#include "base/util.h"

/* The width lesson pages are wrapped to in the REPL. */
#define COMMAND_PAGE_WIDTH 72

/*
 * Says what the tour has to say (a corrupt progress file set aside, a failed
 * save), once: a warning, so on standard error in the REPL; in the tutor
 * (whose screen standard error would scribble over) in its output pane.
 */
static void tour_news(struct tour *t, FILE *out)
{
	if (t->note[0]) {
		if (t->pane) {
			fprintf(out, "warning: %s\n", t->note);
		} else {
			fflush(out);
			fprintf(stderr, "quiesce: warning: %s\n", t->note);
		}
		t->note[0] = '\0';
	}
}

/* After a page change: the page (REPL), or a line naming it (a pane shows the page). */
static void show_page(struct session *s, struct tour *t, FILE *out)
{
	tour_news(t, out);
	if (t->pane) {
		fprintf(out, "Lesson %d, page %d of %d: %s\n", t->number, t->page + 1, t->lesson->page_count,
			t->lesson->pages[t->page].title);
		return;
	}
	tour_print_page(t, COMMAND_PAGE_WIDTH, out);
	/* The REPL shows what the tutor's compare view would: the page's two searches. */
	if (s->comparing) {
		fputs("\nThe page compares two searches:\n", out);
		command_print_compare(s, out);
	}
}

bool command_lessons(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	struct tour *t = tour_of(s);

	if (command_split_words(args, buf, sizeof buf, w) != 0)
		return error_set(err, 0, 0, "lessons: takes no arguments ('lesson N' opens one)");
	tour_news(t, out);
	if (t->pane)
		t->menu = true;
	else
		tour_print_list(t, false, out);
	return true;
}

bool command_lesson(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = command_split_words(args, buf, sizeof buf, w);
	struct tour *t = tour_of(s);
	long page = 0;

	if (n == 0 && t->lesson) {
		show_page(s, t, out);
		return true;
	}
	if (n < 1 || n > 2 || (n == 2 && (!command_parse_count(w[1], 10000, &page) || page == 0)))
		return error_set(err, 0, 0, "lesson: expected a lesson's id or number and an optional page, "
				 "e.g. 'lesson 1' ('lessons' lists them)");
	if (!tour_open(t, s, w[0], (int)page, err))
		return false;
	show_page(s, t, out);
	return true;
}

/*
 * next-page on a lesson's last page: the first time, offers the next lesson
 * (its number and title, and that next-page again opens it); the second
 * time, opens it. The last lesson's last page has nothing to offer.
 */
static bool offer_next_lesson(struct session *s, struct tour *t, FILE *out, struct error *err)
{
	struct lesson_info *list;
	int count = lesson_list(NULL, &list);
	char title[200] = "", name[16];

	if (t->number > 0 && t->number < count)
		snprintf(title, sizeof title, "%s", list[t->number].title);
	lesson_info_free(list, count);
	if (title[0] == '\0')
		return error_set(err, 0, 0, "this is the last page of the last lesson: 'lessons' lists them all");
	if (!t->offer_next) {
		t->offer_next = true;
		fprintf(out, "The last page of lesson %d. Next: lesson %d, %s. Press ] again (next-page) to open it; "
			"'lessons' lists them all.\n", t->number, t->number + 1, title);
		return true;
	}
	snprintf(name, sizeof name, "%d", t->number + 1);
	/* At its first page: the offer was of the lesson, not of where the learner left it. */
	if (!tour_open(t, s, name, 1, err))
		return false;
	show_page(s, t, out);
	return true;
}

/* Moves DELTA pages from the current one. */
static bool turn_page(struct session *s, const char *args, FILE *out, struct error *err, int delta)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	struct tour *t = tour_of(s);

	if (command_split_words(args, buf, sizeof buf, w) != 0)
		return error_set(err, 0, 0, "takes no arguments ('page N' goes to a page)");
	if (t->lesson == NULL)
		return error_set(err, 0, 0, "no lesson is open: type 'lessons' for the list, 'lesson N' to open one");
	if (t->page + delta < 0)
		return error_set(err, 0, 0, "this is the first page of the lesson");
	if (t->page + delta >= t->lesson->page_count)
		return offer_next_lesson(s, t, out, err);
	if (!tour_goto_page(t, s, t->page + delta, err))
		return false;
	show_page(s, t, out);
	return true;
}

bool command_next_page(struct session *s, const char *args, FILE *out, struct error *err)
{
	return turn_page(s, args, out, err, 1);
}

bool command_prev_page(struct session *s, const char *args, FILE *out, struct error *err)
{
	return turn_page(s, args, out, err, -1);
}

bool command_page(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = command_split_words(args, buf, sizeof buf, w);
	struct tour *t = tour_of(s);
	long page;

	if (n != 1 || !command_parse_count(w[0], 10000, &page) || page == 0) {
		/* A number (page 0, page 99999999999) is out of range, not malformed: give the lesson's pages. */
		if (n == 1 && w[0][strspn(w[0], "0123456789")] == '\0' && t->lesson != NULL) {
			char cut[UTIL_CUT_MAX + 4];

			return error_set(err, 0, 0, "page %s: out of range: lesson %s has pages 1 to %d",
					 util_cut(w[0], cut, sizeof cut), t->lesson->id, t->lesson->page_count);
		}
		return error_set(err, 0, 0, "page: expected a page number, e.g. 'page 2'");
	}
	if (!tour_goto_page(t, s, (int)page - 1, err))
		return false;
	show_page(s, t, out);
	return true;
}

bool command_answer(struct session *s, const char *args, FILE *out, struct error *err)
{
	struct tour *t = tour_of(s);

	if (!tour_answer(t, args, err))
		return false;
	tour_news(t, out);
	fprintf(out, "%s %s\n", t->verdict == LV_RIGHT ? "[right]" : t->verdict == LV_WRONG ? "[wrong]" : "[?]",
		t->feedback);
	return true;
}

bool command_hint(struct session *s, const char *args, FILE *out, struct error *err)
{
	char hint[600];

	(void)args;
	if (!tour_hint(tour_of(s), hint, sizeof hint, err))
		return false;
	fprintf(out, "Hint: %s\n", hint);
	return true;
}
