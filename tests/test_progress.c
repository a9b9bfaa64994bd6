/*
 * test_progress.c: the learner's progress file (progress.c) and the tour
 * that keeps it (tour.c):
 *   - progress saved and loaded again is the same (lessons, pages, answers, last);
 *   - the path follows XDG_STATE_HOME, else HOME/.local/state;
 *   - a save leaves no temporary file beside the progress file;
 *   - corrupt files (wrong header, unknown line, bad numbers, an answer
 *     before its lesson, binary data, empty) are refused with a line number,
 *     and the tour sets them aside as progress.corrupt-TIMESTAMP, starting afresh;
 *   - two sessions saving the same file merge: neither loses the other's
 *     lessons or answers (issue 9, item 2);
 *   - a progress file that is a symbolic link is written through to its
 *     target, the link kept (item 3); a directory or a FIFO is refused
 *     without blocking (item 4);
 *   - a tour opens lesson 1, pages through it, answers its questions and saves;
 *     a new tour resumes at the saved page.
 * Exit status 0 when every check passes, 1 otherwise.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chess/board.h"
#include "teach/progress.h"
#include "teach/session.h"
#include "teach/tour.h"
#include "check.h"

static void write_file(const char *path, const char *text, size_t len)
{
	FILE *f = fopen(path, "wb");

	if (!f) {
		perror(path);
		exit(1);
	}
	fwrite(text, 1, len, f);
	fclose(f);
}

/* The names in DIR, one per line, sorted by the order readdir gives (for messages); their count. */
static int list_dir(const char *dir, char *buf, size_t n, const char *prefix, int *matching)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int count = 0;
	size_t used = 0;

	*matching = 0;
	buf[0] = '\0';
	if (!d)
		return 0;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		count++;
		if (prefix && !strncmp(e->d_name, prefix, strlen(prefix)))
			(*matching)++;
		if (used < n)
			used += (size_t)snprintf(buf + used, n - used, "%s ", e->d_name);
	}
	closedir(d);
	return count;
}

static void test_round_trip(const char *dir)
{
	struct progress p, q;
	struct progress_lesson *pl;
	struct error err = { 0 };
	char path[4200], names[2000];
	int n, matching;

	snprintf(path, sizeof path, "%s/progress", dir);
	progress_init(&p);
	progress_init(&q);
	pl = progress_find(&p, "horizon", true);
	pl->page = 3;
	pl->pages = 4;
	progress_answer(pl, 2, 1, true, "Qxd5");
	progress_answer(pl, 3, 1, false, "  -100\twith\na newline  ");
	progress_answer(pl, 2, 1, false, "Kd1");   /* replaces the first answer */
	pl = progress_find(&p, "stand-pat", true);
	pl->page = 5;
	pl->pages = 5;
	pl->done = true;
	snprintf(p.last, sizeof p.last, "horizon");
	CHECK(progress_save(&p, path, &err), "save: %s", err.msg);
	n = list_dir(dir, names, sizeof names, "progress", &matching);
	CHECK(n == 1 && matching == 1, "after a save the directory holds only the progress file, not: %s", names);
	CHECK(progress_load(&q, path, &err) == PROGRESS_OK, "load: %s", err.msg);
	CHECK(q.count == 2, "load: %d lessons, expected 2", q.count);
	CHECK(!strcmp(q.last, "horizon"), "load: last '%s'", q.last);
	pl = progress_find(&q, "horizon", false);
	CHECK(pl && pl->page == 3 && pl->pages == 4 && !pl->done, "load: horizon page/pages/done");
	if (pl) {
		const struct progress_answer *a = progress_answer_of(pl, 2, 1);

		CHECK(pl->answer_count == 2, "load: %d answers, expected 2", pl->answer_count);
		CHECK(a && !a->right && !strcmp(a->text, "Kd1"), "load: the later answer replaces the earlier");
		a = progress_answer_of(pl, 3, 1);
		CHECK(a && !strcmp(a->text, "-100 with a newline"), "load: answer text kept on one line: '%s'",
		      a ? a->text : "(none)");
	}
	pl = progress_find(&q, "stand-pat", false);
	CHECK(pl && pl->done, "load: stand-pat done");
	{
		char d[64];

		progress_describe(&q, "horizon", 0, d, sizeof d);
		CHECK(!strcmp(d, "page 3 of 4"), "describe horizon: '%s'", d);
		progress_describe(&q, "stand-pat", 0, d, sizeof d);
		CHECK(!strcmp(d, "done"), "describe stand-pat: '%s'", d);
		progress_describe(&q, "checks", 0, d, sizeof d);
		CHECK(!strcmp(d, "not started"), "describe checks: '%s'", d);
	}
	progress_clear(&p);
	progress_clear(&q);
	unlink(path);
	CHECK(progress_load(&q, path, &err) == PROGRESS_MISSING, "a missing file is PROGRESS_MISSING");
}

/*
 * Two sessions, A and B, read the same file, then each works on its own
 * lesson and saves: without merging, B's save would drop A's lesson.
 * Then both answer different questions of one lesson: both answers stay.
 */
static void test_merge(const char *dir)
{
	struct progress a, b, c;
	struct progress_lesson *pl;
	struct error err = { 0 };
	char path[4200];

	snprintf(path, sizeof path, "%s/merged", dir);
	progress_init(&a);
	progress_init(&b);
	progress_init(&c);
	pl = progress_find(&a, "horizon", true);
	pl->page = 1;
	pl->pages = 4;
	pl->changed = true;
	CHECK(progress_save(&a, path, &err), "merge: first save: %s", err.msg);
	CHECK(progress_load(&a, path, &err) == PROGRESS_OK, "merge: A loads: %s", err.msg);
	CHECK(progress_load(&b, path, &err) == PROGRESS_OK, "merge: B loads: %s", err.msg);
	/* A reaches page 3 of horizon; B starts stand-pat. */
	pl = progress_find(&a, "horizon", true);
	pl->page = 3;
	pl->changed = true;
	snprintf(a.last, sizeof a.last, "horizon");
	a.last_changed = true;
	CHECK(progress_save(&a, path, &err), "merge: A saves: %s", err.msg);
	pl = progress_find(&b, "stand-pat", true);
	pl->page = 2;
	pl->pages = 5;
	pl->changed = true;
	snprintf(b.last, sizeof b.last, "stand-pat");
	b.last_changed = true;
	CHECK(progress_save(&b, path, &err), "merge: B saves: %s", err.msg);
	CHECK(progress_load(&c, path, &err) == PROGRESS_OK, "merge: load: %s", err.msg);
	pl = progress_find(&c, "horizon", false);
	CHECK(pl && pl->page == 3, "merge: A's page 3 of horizon survives B's save (got %d)", pl ? pl->page : -1);
	pl = progress_find(&c, "stand-pat", false);
	CHECK(pl && pl->page == 2, "merge: B's stand-pat is saved");
	CHECK(!strcmp(c.last, "stand-pat"), "merge: the last save's lesson is 'last': '%s'", c.last);
	/* Both answer a question of horizon: A question 1 of page 2, B question 1 of page 3. */
	progress_answer(progress_find(&a, "horizon", true), 2, 1, true, "Qxd5");
	progress_answer(progress_find(&b, "horizon", true), 3, 1, false, "-100");
	CHECK(progress_save(&a, path, &err), "merge: A saves its answer: %s", err.msg);
	CHECK(progress_save(&b, path, &err), "merge: B saves its answer: %s", err.msg);
	CHECK(progress_load(&c, path, &err) == PROGRESS_OK, "merge: load: %s", err.msg);
	pl = progress_find(&c, "horizon", false);
	CHECK(pl && progress_answer_of(pl, 2, 1) && progress_answer_of(pl, 3, 1),
	      "merge: both sessions' answers to horizon are kept");
	CHECK(progress_find(&c, "stand-pat", false) != NULL, "merge: stand-pat still there");
	progress_clear(&a);
	progress_clear(&b);
	progress_clear(&c);
}

/* A symbolic link is refused (issue 30: never written through); a directory and a FIFO are refused at once. */
static void test_special_files(const char *dir)
{
	struct progress p;
	struct error err = { 0 };
	char target[4200], link[4200], path[4200];
	struct stat st;

	progress_init(&p);
	progress_find(&p, "horizon", true)->page = 2;
	snprintf(target, sizeof target, "%s/real-progress", dir);
	snprintf(link, sizeof link, "%s/linked", dir);
	CHECK(symlink("real-progress", link) == 0, "symlink");
	CHECK(!progress_save(&p, link, &err) && strstr(err.msg, "is a symbolic link"),
	      "a save through a symlink is refused with a message: '%s'", err.msg);
	CHECK(lstat(link, &st) == 0 && S_ISLNK(st.st_mode), "the link is still a symbolic link after a save");
	CHECK(stat(target, &st) != 0, "the link's target was not written");
	CHECK(progress_load(&p, link, &err) == PROGRESS_UNUSABLE && strstr(err.msg, "is a symbolic link"),
	      "loading a symlink: unusable, 'is a symbolic link': '%s'", err.msg);
	progress_find(&p, "horizon", true)->page = 2;
	snprintf(path, sizeof path, "%s/a-dir", dir);
	mkdir(path, 0700);
	CHECK(!progress_save(&p, path, &err) && strstr(err.msg, "is a directory"),
	      "saving over a directory is refused: '%s'", err.msg);
	CHECK(progress_load(&p, path, &err) == PROGRESS_UNUSABLE && strstr(err.msg, "is a directory"),
	      "loading a directory: unusable, 'is a directory': '%s'", err.msg);
	snprintf(path, sizeof path, "%s/a-fifo", dir);
	CHECK(mkfifo(path, 0600) == 0, "mkfifo");
	/* Without O_NONBLOCK these would wait for a writer forever: the test would hang, not fail. */
	CHECK(progress_load(&p, path, &err) == PROGRESS_UNUSABLE && strstr(err.msg, "FIFO"),
	      "loading a FIFO: unusable, 'FIFO': '%s'", err.msg);
	progress_find(&p, "horizon", true)->page = 2;
	CHECK(!progress_save(&p, path, &err) && strstr(err.msg, "not a regular file"),
	      "saving over a FIFO is refused: '%s'", err.msg);
	progress_clear(&p);
}

static void test_corrupt(void)
{
	static const struct {
		const char *text;
		int line;
	} bad[] = {
		{ "lesson horizon 1 4 started\n", 1 },
		{ "quiesce-progress 2\n", 1 },
		{ "quiesce-progress 1\nlesson horizon 1 4 started\nbogus line\n", 3 },
		{ "quiesce-progress 1\nlesson horizon 0 4 started\n", 2 },
		{ "quiesce-progress 1\nlesson horizon 5 4 started\n", 2 },
		{ "quiesce-progress 1\nlesson horizon 1 4 finished\n", 2 },
		{ "quiesce-progress 1\nlesson horizon x 4 started\n", 2 },
		{ "quiesce-progress 1\nanswer horizon 1 1 right Qxd5\n", 2 },
		{ "quiesce-progress 1\nlesson horizon 1 4 started\nanswer horizon 1 1 maybe Qxd5\n", 3 },
		{ "quiesce-progress 1\nlesson horizon 1 4 started\nanswer horizon 9 1 right Qxd5\n", 3 },
		{ "quiesce-progress 1\nlesson horizon 1 4 started\nlesson horizon 2 4 started\n", 3 },
		{ "quiesce-progress 1\nlast\n", 2 },
		{ "quiesce-progress 1\nlesson horizon 2 4 started\nanswer horizon 2 1 right \n", 3 },
		{ "", 0 },
		{ "# only a comment\n", 0 },
	};
	struct progress p;

	progress_init(&p);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct error err = { 0 };

		CHECK(progress_parse(&p, bad[i].text, "progress", &err) == PROGRESS_CORRUPT,
		      "corrupt #%zu accepted", i);
		CHECK(err.line == bad[i].line, "corrupt #%zu: line %d, expected %d (%s)", i, err.line, bad[i].line,
		      err.msg);
		CHECK(err.msg[0] != '\0', "corrupt #%zu: no message", i);
		CHECK(p.count == 0, "corrupt #%zu: progress left half-read", i);
	}
	{
		struct error err = { 0 };

		CHECK(progress_parse(&p, "# c\n\nquiesce-progress 1\r\n\nlesson a-b 2 3 done\r\nlast a-b\n", "x", &err) ==
		      PROGRESS_OK, "a good file with comments and CRLF: %s", err.msg);
		CHECK(p.count == 1 && p.lessons[0].done, "the good file's lesson");
	}
	progress_clear(&p);
}

/* A tour on a corrupt file (binary data) sets it aside and starts afresh. */
static void test_set_aside(const char *dir)
{
	char path[4200], names[2000];
	struct tour *t;
	int n, matching;

	snprintf(path, sizeof path, "%s/quiesce/progress", dir);
	{
		char qdir[4200];

		snprintf(qdir, sizeof qdir, "%s/quiesce", dir);
		mkdir(qdir, 0700);
	}
	{
		static const char binary[] = "quiesce-progress 1\nlesson \0\x01\x02 1 2 started\n";

		write_file(path, binary, sizeof binary - 1);
	}
	t = tour_new();
	CHECK(!t->existed, "a corrupt file counts as no progress");
	CHECK(strstr(t->note, "corrupt") && strstr(t->note, "set aside as"), "the tour says so: '%s'", t->note);
	CHECK(access(path, F_OK) != 0, "the corrupt file is no longer the progress file");
	{
		char qdir[4200];

		snprintf(qdir, sizeof qdir, "%s/quiesce", dir);
		n = list_dir(qdir, names, sizeof names, "progress.corrupt-", &matching);
		CHECK(n == 1 && matching == 1, "the corrupt file is set aside as progress.corrupt-*: %s", names);
	}
	CHECK(tour_save(t), "the tour saves afresh: %s", t->note);
	CHECK(access(path, F_OK) == 0, "a new progress file");
	tour_free(t);
}

/* A tour through lesson 1: pages, answers, the saved page; a new tour resumes there. */
static void test_tour(const char *dir)
{
	struct session *s = session_new();
	struct tour *t = tour_of(s);
	struct error err = { 0 };
	struct progress_lesson *pl;
	char path[4200];

	(void)dir;
	CHECK(tour_open(t, s, "1", 0, &err), "open lesson 1: %s", err.msg);
	if (!t->lesson) {
		tour_end(s);
		session_free(s);
		return;
	}
	CHECK(t->page == 0 && t->lesson->page_count == 4, "lesson 1 starts at page 1 of 4");
	CHECK(t->squares != 0, "page 1 highlights squares");
	CHECK(!tour_answer(t, "Qxd5", &err), "page 1 has no question");
	CHECK(tour_goto_page(t, s, 1, &err), "page 2: %s", err.msg);
	CHECK(s->searched && s->opt.mode == QMODE_NONE, "page 2 runs the search in mode none");
	CHECK(tour_question(t) != NULL, "page 2 asks a question");
	CHECK(tour_answer(t, "e2e4", &err) && t->verdict == LV_INVALID, "an illegal move is not an answer");
	CHECK(tour_answer(t, "Qxd5", &err) && t->verdict == LV_RIGHT, "Qxd5 is right: %s", t->feedback);
	CHECK(strstr(t->feedback, "only move that changes the material"), "the @right text: %s", t->feedback);
	CHECK(tour_goto_page(t, s, 2, &err), "page 3: %s", err.msg);
	CHECK(tour_answer(t, "-100", &err) && t->verdict == LV_WRONG, "-100 is wrong");
	CHECK(strstr(t->feedback, "Step into node Qxd5"), "the @wrong text: %s", t->feedback);
	CHECK(!tour_goto_page(t, s, 4, &err), "no page 5");
	pl = progress_find(&t->progress, "horizon", false);
	CHECK(pl && pl->page == 3 && pl->answer_count == 2, "progress: page 3 and two answers");
	tour_end(s);
	session_free(s);

	/* A new session: the saved progress, and the lesson reopens at page 3. */
	CHECK(progress_path(path, sizeof path, false) && access(path, F_OK) == 0, "the progress file is there");
	s = session_new();
	t = tour_of(s);
	CHECK(t->existed, "a returning learner");
	CHECK(!strcmp(t->progress.last, "horizon"), "last lesson: '%s'", t->progress.last);
	CHECK(tour_open(t, s, "horizon", 0, &err) && t->page == 2, "resumes at page 3 (got %d)", t->page + 1);
	CHECK(tour_goto_page(t, s, 3, &err), "page 4: %s", err.msg);
	CHECK(s->comparing, "page 4 opens the compare view");
	pl = progress_find(&t->progress, "horizon", false);
	CHECK(pl && pl->done, "the last page reached: done");
	tour_end(s);
	session_free(s);
}

int main(void)
{
	char dir[] = "/tmp/quiesce-progress-XXXXXX", cmd[200];

	board_init();
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	setenv("XDG_STATE_HOME", dir, 1);
	{
		char path[4200];

		CHECK(progress_path(path, sizeof path, false) && !strcmp(path + strlen(dir), "/quiesce/progress"),
		      "progress path under XDG_STATE_HOME: %s", path);
		setenv("XDG_STATE_HOME", "relative", 1);
		setenv("HOME", "/home/x", 1);
		CHECK(progress_path(path, sizeof path, false) && !strcmp(path, "/home/x/.local/state/quiesce/progress"),
		      "a relative XDG_STATE_HOME is ignored: %s", path);
		setenv("XDG_STATE_HOME", dir, 1);
	}
	test_round_trip(dir);
	test_merge(dir);
	test_special_files(dir);
	test_corrupt();
	test_set_aside(dir);
	test_tour(dir);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("note: could not remove %s\n", dir);
	printf("%s: %d failure%s\n", failures ? "FAIL" : "ok", failures, failures == 1 ? "" : "s");
	return failures ? 1 : 0;
}
