/*
 * cli_lesson.c: "quiesce lessons" (the list), "quiesce lesson NAME" (one
 * lesson as plain text pages) and "quiesce check-lesson FILE..." (parse a
 * lesson and check every claim it makes by running the engine).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "teach/leitner.h"
#include "teach/lesson.h"
#include "teach/lessoncheck.h"
#include "teach/page.h"
#include "teach/screenfact.h"
#include "teach/tour.h"
#include "tutor/ui.h"

/* The width prose is wrapped to when the terminal's is not known. */
#define LESSON_TEXT_WIDTH 72

static const char check_usage_options[] =
	"Options:\n"
	"  -q, --quiet            print only the problems, not a line per good lesson\n"
	"  -s, --screens          print each page's screens as the check reads them (80x24,\n"
	"                         160x48, the lesson pane blanked)\n"
	"  -h, --help             display this help and exit\n\n"
	"Every screen fact a page's text quotes (a signed value, a mate, a move, a node\n"
	"count, a tree mark) must be on the page as the tutor draws it at 80x24 and\n"
	"160x48, be declared by an @claim, or be listed on a '# off-screen:' line. At\n"
	"80x24 a page's text must be read in at most 3 presses of '}'.\n\n"
	"Exit status: 0 when every lesson parses and every claim holds, 1 when one\n"
	"does not, 2 for a usage error. Problems are printed as FILE:LINE:COLUMN: MESSAGE.\n";

static const char lessons_usage_options[] =
	"Options:\n"
	"  -h, --help             display this help and exit\n";

static const char lesson_usage_options[] =
	"Options:\n"
	"  -w, --width N          wrap the prose to N columns (default 72)\n"
	"  -h, --help             display this help and exit\n\n"
	"NAME is a lesson's id, its number in 'quiesce lessons', or a file. On a terminal\n"
	"(without --width) the lesson opens in the tutor at the page you reached.\n";

/* Prints one problem verify found, as the compilers do. */
static void report(const struct lesson *l, int line, int column, const char *msg, void *ctx)
{
	(void)ctx;
	fprintf(stderr, "%s:%d:%d: %s\n", l->path, line, column, msg);
}

/* The sizes every page's screen is checked at: the smallest layout the README supports, and a large one. */
static const struct ui_screen_size check_sizes[] = { { 24, 80 }, { 48, 160 } };
static const char *const check_size_names[] = { "80x24", "160x48" };
#define CHECK_SIZES 2

/*
 * The most presses of '}' a page's text may take to read at 80x24
 * (check_sizes[0]), in the reading layout: issue 16 found pages of 3 to 5
 * presses, where the text and the tree it talks about are never seen
 * together; the shipped lessons take at most 2, 0.86 a page on average.
 */
#define READ_PRESSES_MAX 3

/* L's place in the lesson list (what the tutor's "Lesson N" says), 0 when it is not listed. */
static int lesson_number(const struct lesson *l)
{
	struct lesson_info *list;
	int count = lesson_list(NULL, &list), number = 0;

	for (int i = 0; i < count && !number; i++)
		if (list[i].id && !strcmp(list[i].id, l->id))
			number = i + 1;
	lesson_info_free(list, count);
	return number;
}

/*
 * The words against the screen: every page of L drawn by the tutor's own
 * code on a virtual terminal at each size of check_sizes, as it opens, and
 * each screen fact its prose quotes looked for on it (screenfact.h).
 * Returns the number of problems (a page that cannot be drawn is one).
 */
static int check_screens(struct lesson *l, bool show)
{
	int problems = 0, number = lesson_number(l);

	for (int pg = 0; pg < l->page_count; pg++) {
		char *screens[CHECK_SIZES], why[300];
		int presses[CHECK_SIZES];

		if (!ui_page_screens(l, number, pg, check_sizes, CHECK_SIZES, screens, presses, why, sizeof why)) {
			fprintf(stderr, "%s:%d:1: page %d/%d: cannot draw the page to check its words against the "
				"screen: %s\n", l->path, l->pages[pg].line, pg + 1, l->page_count, why);
			problems++;
			continue;
		}
		/* --screens: what the check read, for a lesson's author. */
		for (int i = 0; i < CHECK_SIZES && show; i++)
			printf("%s page %d/%d at %s (%d press%s of '}' to read):\n%s", l->path, pg + 1, l->page_count,
			       check_size_names[i], presses[i], presses[i] == 1 ? "" : "es", screens[i]);
		/* A page is read at the smallest size without paging through it: at most READ_PRESSES_MAX. */
		if (presses[0] > READ_PRESSES_MAX) {
			fprintf(stderr, "%s:%d:1: page %d/%d: the text takes %d presses of '}' to read at %s (at most %d: "
				"cut it or split the page)\n", l->path, l->pages[pg].line, pg + 1, l->page_count,
				presses[0], check_size_names[0], READ_PRESSES_MAX);
			problems++;
		}
		problems += screenfact_check_page(l, pg, (const char *const *)screens, check_size_names, CHECK_SIZES,
						  report, NULL);
		for (int i = 0; i < CHECK_SIZES; i++)
			free(screens[i]);
	}
	return problems;
}

/* Counts the claims and questions of L. */
static void count_items(const struct lesson *l, int *claims, int *questions)
{
	*claims = *questions = 0;
	for (int i = 0; i < l->page_count; i++)
		for (int j = 0; j < l->pages[i].item_count; j++) {
			*claims += l->pages[i].items[j].kind == LI_CLAIM;
			*questions += l->pages[i].items[j].kind == LI_QUESTION;
		}
}

int cli_check_lesson(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "screens", no_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	bool quiet = false, screens = false;
	int c, rc = 0;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "qsh", longopts, NULL)) != -1) {
		switch (c) {
		case 'q':
			quiet = true;
			break;
		case 's':
			screens = true;
			break;
		case 'h':
			cli_print_command_help("check-lesson", check_usage_options);
			return 0;
		default:
			return cli_option_error(argv);
		}
	}
	if (optind >= argc)
		return cli_usage_error("check-lesson: no lesson file given");
	for (int i = optind; i < argc; i++) {
		struct error err = { 0 };
		struct lesson *l = lesson_load(argv[i], &err);
		int failures, claims, questions;

		if (l == NULL) {
			if (err.line > 0)
				fprintf(stderr, "%s:%d:%d: %s\n", argv[i], err.line, err.column, err.msg);
			else
				fprintf(stderr, "%s: %s\n", argv[i], err.msg);
			rc = 1;
			continue;
		}
		failures = lessoncheck_lesson(l, report, NULL);
		failures += check_screens(l, screens);
		count_items(l, &claims, &questions);
		if (failures) {
			fprintf(stderr, "%s: %d problem%s\n", argv[i], failures, failures == 1 ? "" : "s");
			rc = 1;
		} else if (!quiet) {
			printf("%s: ok (%s: %d page%s, %d claim%s, %d question%s)\n", argv[i], l->id,
			       l->page_count, l->page_count == 1 ? "" : "s", claims, claims == 1 ? "" : "s",
			       questions, questions == 1 ? "" : "s");
		}
		lesson_free(l);
	}
	return rc;
}

int cli_lessons(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct lesson_info *list;
	int c, count;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if (c == 'h') {
			cli_print_command_help("lessons", lessons_usage_options);
			return 0;
		}
		return cli_option_error(argv);
	}
	if (optind < argc)
		return cli_usage_error("lessons: unexpected argument '%s'", cli_cut(argv[optind]));
	count = lesson_list(NULL, &list);
	lesson_info_free(list, count);
	if (count == 0) {
		fprintf(stderr, "quiesce: no lessons found (looked in the data directory's lessons/)\n");
		return 1;
	}
	/* With the learner's progress; a corrupt progress file is set aside and said so. */
	{
		struct tour *t = tour_new();

		if (t->note[0])
			fprintf(stderr, "quiesce: %s\n", t->note);
		tour_print_list(t, true, stdout);
		tour_free(t);
	}
	/* The practice record (issue 17): accuracy per drill and level, and what is due today. */
	{
		struct leitner rec;
		struct error err = { 0 };
		char state[4096];

		leitner_init(&rec);
		/* A damaged record is set aside, as the progress above is; a link or a FIFO is only reported. */
		if (leitner_path(state, sizeof state, false) && !leitner_load_or_restart(&rec, state, true, &err))
			fprintf(stderr, "quiesce: practice record: %s\n", err.msg);
		leitner_print(&rec, leitner_today(), stdout);
		leitner_clear(&rec);
	}
	return 0;
}

int cli_lesson(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "width", required_argument, NULL, 'w' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct error err = { 0 };
	struct lesson *l;
	char *path;
	long width = LESSON_TEXT_WIDTH;
	bool width_given = false;
	int c;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "w:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'w':
			if (!cli_parse_int(optarg, 1000, &width) || width < 20)
				return cli_usage_error("lesson: invalid --width '%s': expected a number from 20 to 1000",
						       cli_cut(optarg));
			width_given = true;
			break;
		case 'h':
			cli_print_command_help("lesson", lesson_usage_options);
			return 0;
		default:
			return cli_option_error(argv);
		}
	}
	if (optind >= argc)
		return cli_usage_error("lesson: which lesson? Give its id or number ('quiesce lessons' lists them)");
	if (optind + 1 < argc)
		return cli_usage_error("lesson: unexpected argument '%s'", cli_cut(argv[optind + 1]));
	/* On a terminal the lesson opens in the tutor; otherwise it is printed as text pages. */
	if (cli_can_use_curses() && !width_given)
		return cli_tutor_lesson(argv[optind]);
	path = lesson_find(argv[optind]);
	if (path == NULL) {
		fprintf(stderr, "quiesce: no lesson '%s' ('quiesce lessons' lists them)\n", cli_cut(argv[optind]));
		return 1;
	}
	l = lesson_load(path, &err);
	if (l == NULL) {
		/* A file that cannot be read has no line to name. */
		if (err.line > 0)
			fprintf(stderr, "%s:%d:%d: %s\n", path, err.line, err.column, err.msg);
		else
			fprintf(stderr, "quiesce: %s: %s\n", path, err.msg);
		free(path);
		return 1;
	}
	free(path);
	/* The node references, resolved by each page's own searches; the claims are check-lesson's. */
	page_resolve(l);
	lesson_print(l, (int)width, stdout);
	lesson_free(l);
	return 0;
}
