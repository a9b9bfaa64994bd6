/* progress.c: reading and writing the learner's progress through the lessons (format in progress.h). */
#include "teach/progress.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/atomicfile.h"
#include "base/statedir.h"
#include "base/inputfile.h"
#include "base/lockfile.h"
#include "base/util.h"

/* A progress file larger than this is not one. */
#define PROGRESS_MAX_BYTES (1 << 20)
/* Page and question numbers above this are taken for corruption. */
#define PROGRESS_MAX_PAGE 10000

void progress_init(struct progress *p)
{
	memset(p, 0, sizeof *p);
}

void progress_clear(struct progress *p)
{
	for (int i = 0; i < p->count; i++)
		free(p->lessons[i].answers);
	free(p->lessons);
	progress_init(p);
}

bool progress_path(char *buf, size_t n, bool create)
{
	return statedir_path("progress", buf, n, create);
}

struct progress_lesson *progress_find(struct progress *p, const char *id, bool create)
{
	struct progress_lesson *pl;

	for (int i = 0; i < p->count; i++)
		if (!strcmp(p->lessons[i].id, id))
			return &p->lessons[i];
	if (!create)
		return NULL;
	p->lessons = xrealloc(p->lessons, sizeof *p->lessons * (size_t)(p->count + 1));
	pl = &p->lessons[p->count++];
	memset(pl, 0, sizeof *pl);
	snprintf(pl->id, sizeof pl->id, "%s", id);
	return pl;
}

const struct progress_answer *progress_answer_of(const struct progress_lesson *pl, int page, int question)
{
	for (int i = 0; i < pl->answer_count; i++)
		if (pl->answers[i].page == page && pl->answers[i].question == question)
			return &pl->answers[i];
	return NULL;
}

void progress_answer(struct progress_lesson *pl, int page, int question, bool right, const char *text)
{
	struct progress_answer *a = (struct progress_answer *)progress_answer_of(pl, page, question);

	if (a == NULL) {
		pl->answers = xrealloc(pl->answers, sizeof *pl->answers * (size_t)(pl->answer_count + 1));
		a = &pl->answers[pl->answer_count++];
	}
	pl->changed = true;
	a->page = page;
	a->question = question;
	a->right = right;
	/* One line in the file: control characters become blanks, surrounding blanks go. */
	while (*text == ' ' || *text == '\t')
		text++;
	snprintf(a->text, sizeof a->text, "%s", text);
	for (char *c = a->text; *c; c++)
		if ((unsigned char)*c < ' ' || *c == 127)
			*c = ' ';
	for (size_t len = strlen(a->text); len > 0 && a->text[len - 1] == ' '; len--)
		a->text[len - 1] = '\0';
}

void progress_describe(const struct progress *p, const char *id, int pages, char *buf, size_t n)
{
	const struct progress_lesson *pl = NULL;

	for (int i = 0; i < p->count; i++)
		if (!strcmp(p->lessons[i].id, id))
			pl = &p->lessons[i];
	if (pl == NULL || pl->page <= 0)
		snprintf(buf, n, "not started");
	else if (pl->done)
		snprintf(buf, n, "done");
	else
		snprintf(buf, n, "page %d of %d", pages > 0 && pl->page > pages ? pages : pl->page,
			 pages > 0 ? pages : pl->pages);
}

/* ---------------------------------------------------------------- reading */

/* Reads a whole number from 1 to PROGRESS_MAX_PAGE. */
static bool parse_number(const char *w, int *out)
{
	char *end;
	long v;

	if (!w || !isdigit((unsigned char)*w))
		return false;
	errno = 0;
	v = strtol(w, &end, 10);
	if (errno || *end || v < 1 || v > PROGRESS_MAX_PAGE)
		return false;
	*out = (int)v;
	return true;
}

/* A lesson id: 1 to PROGRESS_ID_MAX - 1 printable characters, no blanks. */
static bool valid_id(const char *w)
{
	size_t len = w ? strlen(w) : 0;

	if (len == 0 || len >= PROGRESS_ID_MAX)
		return false;
	for (; *w; w++)
		if (!isgraph((unsigned char)*w))
			return false;
	return true;
}

/* Parses one line (no newline) into P; false with ERR on a malformed line. */
static bool parse_line(struct progress *p, char *line, const char *name, int lineno, struct error *err)
{
	char *save = NULL, *kw, *w[5];
	int nw = 0;

	kw = strtok_r(line, " \t", &save);
	if (kw == NULL || *kw == '#')
		return true;
	if (!strcmp(kw, "answer")) {
		/* answer ID PAGE QUESTION right|wrong TEXT: the text is the rest of the line. */
		struct progress_lesson *pl;
		int page, question;
		char *text;

		for (nw = 0; nw < 4; nw++)
			if (!(w[nw] = strtok_r(NULL, " \t", &save)))
				return error_set(err, lineno, 0, "%s:%d: an answer line needs ID PAGE QUESTION "
						 "right|wrong TEXT", name, lineno);
		text = save ? save : (char *)"";
		while (*text == ' ' || *text == '\t')
			text++;
		if (*text == '\0')
			return error_set(err, lineno, 0, "%s:%d: an answer line without the answer", name, lineno);
		if (!valid_id(w[0]) || !(pl = progress_find(p, w[0], false)))
			return error_set(err, lineno, 0, "%s:%d: an answer for lesson '%.63s' before its lesson line",
					 name, lineno, w[0]);
		if (!parse_number(w[1], &page) || !parse_number(w[2], &question) || page > pl->pages)
			return error_set(err, lineno, 0, "%s:%d: invalid page or question number", name, lineno);
		if (strcmp(w[3], "right") && strcmp(w[3], "wrong"))
			return error_set(err, lineno, 0, "%s:%d: expected 'right' or 'wrong', not '%.40s'", name,
					 lineno, w[3]);
		progress_answer(pl, page, question, !strcmp(w[3], "right"), text);
		return true;
	}
	while (nw < 5 && (w[nw] = strtok_r(NULL, " \t", &save)))
		nw++;
	if (!strcmp(kw, "lesson")) {
		struct progress_lesson *pl;
		int page, pages;

		if (nw != 4 || !valid_id(w[0]) || !parse_number(w[1], &page) || !parse_number(w[2], &pages) ||
		    page > pages || (strcmp(w[3], "started") && strcmp(w[3], "done")))
			return error_set(err, lineno, 0, "%s:%d: expected 'lesson ID PAGE PAGES started|done'",
					 name, lineno);
		if (progress_find(p, w[0], false))
			return error_set(err, lineno, 0, "%s:%d: lesson '%s' is listed twice", name, lineno, w[0]);
		pl = progress_find(p, w[0], true);
		pl->page = page;
		pl->pages = pages;
		pl->done = !strcmp(w[3], "done");
		return true;
	}
	if (!strcmp(kw, "last")) {
		if (nw != 1 || !valid_id(w[0]))
			return error_set(err, lineno, 0, "%s:%d: expected 'last ID'", name, lineno);
		snprintf(p->last, sizeof p->last, "%s", w[0]);
		return true;
	}
	return error_set(err, lineno, 0, "%s:%d: unknown line '%.40s'", name, lineno, kw);
}

enum progress_status progress_parse(struct progress *p, const char *text, const char *name, struct error *err)
{
	const char *at = text;
	int lineno = 0;
	bool header = false;

	progress_clear(p);
	while (*at) {
		const char *nl = strchr(at, '\n');
		size_t len = nl ? (size_t)(nl - at) : strlen(at);
		char line[1024];

		lineno++;
		if (len >= sizeof line) {
			error_set(err, lineno, 0, "%s:%d: line too long", name, lineno);
			goto corrupt;
		}
		memcpy(line, at, len);
		line[len] = '\0';
		if (len > 0 && line[len - 1] == '\r')
			line[len - 1] = '\0';
		at = nl ? nl + 1 : at + len;
		if (!header) {
			if (line[0] == '#' || line[0] == '\0')
				continue;
			if (strcmp(line, PROGRESS_MAGIC) != 0) {
				error_set(err, lineno, 0, "%s:%d: not a progress file (expected '%s')", name, lineno,
					  PROGRESS_MAGIC);
				goto corrupt;
			}
			header = true;
			continue;
		}
		if (!parse_line(p, line, name, lineno, err))
			goto corrupt;
	}
	if (!header) {
		error_set(err, 0, 0, "%s: empty, or not a progress file (expected '%s')", name, PROGRESS_MAGIC);
		goto corrupt;
	}
	return PROGRESS_OK;
corrupt:
	progress_clear(p);
	return PROGRESS_CORRUPT;
}

enum progress_status progress_load(struct progress *p, const char *path, struct error *err)
{
	struct error e = { 0 };
	FILE *f = inputfile_open(path, &e);
	char *text;
	size_t len;
	enum progress_status st;

	progress_clear(p);
	if (f == NULL) {
		if (errno == ENOENT)
			return PROGRESS_MISSING;
		error_set(err, 0, 0, "%s: %s", path, e.msg);
		return PROGRESS_UNUSABLE;
	}
	text = xmalloc(PROGRESS_MAX_BYTES + 1);
	len = fread(text, 1, PROGRESS_MAX_BYTES + 1, f);
	if (ferror(f) || len > PROGRESS_MAX_BYTES || memchr(text, '\0', len)) {
		error_set(err, 0, 0, "%s: %s", path, ferror(f) ? "cannot be read" :
			  len > PROGRESS_MAX_BYTES ? "too large for a progress file" : "holds binary data");
		fclose(f);
		free(text);
		return PROGRESS_CORRUPT;
	}
	fclose(f);
	text[len] = '\0';
	st = progress_parse(p, text, path, err);
	free(text);
	return st;
}

/* ---------------------------------------------------------------- writing */

/* Copies the lesson FROM over TO (which owns its answers), change mark cleared. */
static void lesson_copy(struct progress_lesson *to, const struct progress_lesson *from)
{
	free(to->answers);
	*to = *from;
	to->changed = false;
	to->answers = NULL;
	if (from->answer_count > 0) {
		to->answers = xmalloc(sizeof *to->answers * (size_t)from->answer_count);
		memcpy(to->answers, from->answers, sizeof *to->answers * (size_t)from->answer_count);
	}
}

void progress_merge(struct progress *p, const struct progress *disk)
{
	for (int i = 0; i < disk->count; i++) {
		const struct progress_lesson *d = &disk->lessons[i];
		struct progress_lesson *o = progress_find(p, d->id, false);

		if (o == NULL) {
			o = progress_find(p, d->id, true);
			lesson_copy(o, d);
		} else if (!o->changed) {
			lesson_copy(o, d);
		} else {
			/* Both changed it: this session's page; the answers of both, this session's first. */
			bool changed = o->changed;

			for (int j = 0; j < d->answer_count; j++) {
				const struct progress_answer *a = &d->answers[j];

				if (progress_answer_of(o, a->page, a->question) == NULL)
					progress_answer(o, a->page, a->question, a->right, a->text);
			}
			o->changed = changed;
			if (d->done)
				o->done = true;
		}
	}
	if (!p->last_changed && disk->last[0])
		snprintf(p->last, sizeof p->last, "%s", disk->last);
}

/* Writes P to PATH atomically. */
static bool write_file(const struct progress *p, const char *path, struct error *err)
{
	struct atomicfile af;

	if (!atomicfile_open(&af, path, err))
		return false;
	fprintf(af.fp, "# quiesce: the learner's progress through the lessons (see quiesce(1)).\n%s\n",
		PROGRESS_MAGIC);
	for (int i = 0; i < p->count; i++) {
		const struct progress_lesson *pl = &p->lessons[i];

		if (pl->page <= 0)
			continue;
		fprintf(af.fp, "lesson %s %d %d %s\n", pl->id, pl->page, pl->pages < pl->page ? pl->page : pl->pages,
			pl->done ? "done" : "started");
		for (int j = 0; j < pl->answer_count; j++) {
			const struct progress_answer *a = &pl->answers[j];

			fprintf(af.fp, "answer %s %d %d %s %s\n", pl->id, a->page, a->question,
				a->right ? "right" : "wrong", a->text);
		}
	}
	if (p->last[0])
		fprintf(af.fp, "last %s\n", p->last);
	return atomicfile_commit(&af, err);
}

bool progress_save(struct progress *p, const char *path, struct error *err)
{
	struct progress disk;
	struct error e = { 0 };
	int lock;
	bool ok;

	if (!inputfile_check_regular(path, &e))
		return error_set(err, 0, 0, "%s %s", path, e.msg);
	lock = lockfile_acquire(path, &e);
	if (lock < 0)
		return error_set(err, 0, 0, "%s: %s", path, e.msg);
	progress_init(&disk);
	switch (progress_load(&disk, path, &e)) {
	case PROGRESS_OK:
		progress_merge(p, &disk);
		break;
	case PROGRESS_MISSING:
	case PROGRESS_UNUSABLE:
		break;
	case PROGRESS_CORRUPT: {
		/* Someone else's corrupt file is not ours to destroy: it is set aside, as at start-up. */
		char away[4300];

		progress_set_aside(path, away, sizeof away, NULL);
		break;
	}
	}
	progress_clear(&disk);
	ok = write_file(p, path, err);
	if (ok) {
		for (int i = 0; i < p->count; i++)
			p->lessons[i].changed = false;
		p->last_changed = false;
	}
	lockfile_release(lock);
	return ok;
}

bool progress_set_aside(const char *path, char *away, size_t n, struct error *err)
{
	time_t now = time(NULL);
	struct tm tm;
	char stamp[32];

	localtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	snprintf(away, n, "%s.corrupt-%s", path, stamp);
	/* Two in the same second: keep both. */
	for (int i = 2; access(away, F_OK) == 0 && i < 100; i++)
		snprintf(away, n, "%s.corrupt-%s-%d", path, stamp, i);
	if (rename(path, away) != 0)
		return error_set(err, 0, 0, "cannot rename %s to %s: %s", path, away, strerror(errno));
	return true;
}
