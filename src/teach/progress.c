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

#include "base/statedir.h"
#include "base/statefile.h"
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
	idindex_clear(&p->index);
	progress_init(p);
}

bool progress_path(char *buf, size_t n, bool create)
{
	return statedir_path("progress", buf, n, create);
}

/* The id of lesson I of the progress CTX, for the index. */
static const char *lesson_id(const void *ctx, int i)
{
	return ((const struct progress *)ctx)->lessons[i].id;
}

struct progress_lesson *progress_find(struct progress *p, const char *id, bool create)
{
	struct progress_lesson *pl;
	char key[PROGRESS_ID_MAX];
	int i;

	snprintf(key, sizeof key, "%s", id);
	i = idindex_find(&p->index, key, lesson_id, p);
	if (i >= 0)
		return &p->lessons[i];
	if (!create)
		return NULL;
	if (p->count == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 16;
		p->lessons = xrealloc(p->lessons, sizeof *p->lessons * (size_t)p->cap);
	}
	pl = &p->lessons[p->count];
	memset(pl, 0, sizeof *pl);
	memcpy(pl->id, key, sizeof key);
	idindex_add(&p->index, p->count++, lesson_id, p);
	return pl;
}

const struct progress_answer *progress_answer_of(const struct progress_lesson *pl, int page, int question)
{
	for (int i = 0; i < pl->answer_count; i++)
		if (pl->answers[i].page == page && pl->answers[i].question == question)
			return &pl->answers[i];
	return NULL;
}

/* Fills A with the answer TEXT to QUESTION of PAGE, made one line without surrounding blanks. */
static void answer_set(struct progress_answer *a, int page, int question, bool right, const char *text)
{
	a->page = page;
	a->question = question;
	a->right = right;
	/* One line in the file: control characters become blanks, then the surrounding blanks go. */
	snprintf(a->text, sizeof a->text, "%s", text);
	for (char *c = a->text; *c; c++)
		if ((unsigned char)*c < ' ' || *c == 127)
			*c = ' ';
	for (size_t len = strlen(a->text); len > 0 && a->text[len - 1] == ' '; len--)
		a->text[len - 1] = '\0';
	{
		size_t lead = strspn(a->text, " ");

		memmove(a->text, a->text + lead, strlen(a->text + lead) + 1);
	}
}

void progress_answer(struct progress_lesson *pl, int page, int question, bool right, const char *text)
{
	struct progress_answer *a = (struct progress_answer *)progress_answer_of(pl, page, question);

	if (a == NULL) {
		pl->answers = xrealloc(pl->answers, sizeof *pl->answers * (size_t)(pl->answer_count + 1));
		a = &pl->answers[pl->answer_count++];
	}
	pl->changed = true;
	answer_set(a, page, question, right, text);
}

void progress_describe(const struct progress *p, const char *id, int pages, char *buf, size_t n)
{
	const struct progress_lesson *pl = NULL;

	pl = progress_find((struct progress *)p, id, false);
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
	long v;

	if (!statefile_number(w, 1, PROGRESS_MAX_PAGE, &v))
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
		/* Appended: a later answer to the same question replaces it when the parse ends (dedupe_answers). */
		pl->answers = xrealloc(pl->answers, sizeof *pl->answers * (size_t)(pl->answer_count + 1));
		answer_set(&pl->answers[pl->answer_count++], page, question, !strcmp(w[3], "right"), text);
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

/* An answer's place for dedupe_answers: its question and its position in the file. */
struct answer_place {
	int page, question, index;
};

/* Orders answer places by page, question, then position. */
static int place_order(const void *a, const void *b)
{
	const struct answer_place *x = a, *y = b;

	if (x->page != y->page)
		return x->page < y->page ? -1 : 1;
	if (x->question != y->question)
		return x->question < y->question ? -1 : 1;
	return (x->index > y->index) - (x->index < y->index);
}

/*
 * Keeps only the last answer the file gives to each question of PL, in the
 * file's order: a sort, so that a lesson of 50,000 answer lines loads in
 * n log n, not n squared.
 */
static void dedupe_answers(struct progress_lesson *pl)
{
	struct answer_place *pos;
	bool *keep;
	int n = 0;

	if (pl->answer_count < 2)
		return;
	pos = xmalloc(sizeof *pos * (size_t)pl->answer_count);
	keep = xcalloc((size_t)pl->answer_count, sizeof *keep);
	for (int i = 0; i < pl->answer_count; i++)
		pos[i] = (struct answer_place){ pl->answers[i].page, pl->answers[i].question, i };
	qsort(pos, (size_t)pl->answer_count, sizeof *pos, place_order);
	for (int i = 0; i < pl->answer_count; i++)
		if (i + 1 == pl->answer_count || place_order(&pos[i], &pos[i + 1]) != 0 ||
		    pos[i].page != pos[i + 1].page || pos[i].question != pos[i + 1].question)
			keep[pos[i].index] = true;
	for (int i = 0; i < pl->answer_count; i++)
		if (keep[i])
			pl->answers[n++] = pl->answers[i];
	pl->answer_count = n;
	free(pos);
	free(keep);
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
	/* What was read is not this session's change (progress_answer marks a lesson changed). */
	for (int i = 0; i < p->count; i++) {
		dedupe_answers(&p->lessons[i]);
		p->lessons[i].changed = false;
	}
	return PROGRESS_OK;
corrupt:
	progress_clear(p);
	return PROGRESS_CORRUPT;
}

enum progress_status progress_load(struct progress *p, const char *path, struct error *err)
{
	char *text;
	size_t len;
	enum progress_status st;

	progress_clear(p);
	switch (statefile_read(path, PROGRESS_MAX_BYTES, &text, &len, err)) {
	case STATEFILE_MISSING:
		return PROGRESS_MISSING;
	case STATEFILE_UNUSABLE:
		return PROGRESS_UNUSABLE;
	case STATEFILE_DAMAGED:
		return PROGRESS_CORRUPT;
	case STATEFILE_OK:
		break;
	}
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

bool progress_write(const struct progress *p, FILE *fp)
{
	fprintf(fp, "# quiesce: the learner's progress through the lessons (see quiesce(1)).\n%s\n", PROGRESS_MAGIC);
	for (int i = 0; i < p->count; i++) {
		const struct progress_lesson *pl = &p->lessons[i];

		if (pl->page <= 0)
			continue;
		fprintf(fp, "lesson %s %d %d %s\n", pl->id, pl->page, pl->pages < pl->page ? pl->page : pl->pages,
			pl->done ? "done" : "started");
		for (int j = 0; j < pl->answer_count; j++) {
			const struct progress_answer *a = &pl->answers[j];

			/* An answer past the lesson's pages (pages shrank) would not read back: it is dropped. */
			if (a->page > (pl->pages < pl->page ? pl->page : pl->pages))
				continue;
			fprintf(fp, "answer %s %d %d %s %s\n", pl->id, a->page, a->question,
				a->right ? "right" : "wrong", a->text[0] ? a->text : "-");
		}
	}
	if (p->last[0])
		fprintf(fp, "last %s\n", p->last);
	return !ferror(fp);
}

/* The merge of a save (statefile_kind): the disk's lessons under this session's changes. */
static bool merge(void *rec, const char *text, size_t len, const char *path, struct error *err)
{
	struct progress disk;
	bool ok;

	(void)len;
	progress_init(&disk);
	ok = progress_parse(&disk, text, path, err) == PROGRESS_OK;
	if (ok)
		progress_merge(rec, &disk);
	progress_clear(&disk);
	return ok;
}

/* The write of a save (statefile_kind). */
static bool write_record(void *rec, FILE *fp)
{
	return progress_write(rec, fp);
}

bool progress_save(struct progress *p, const char *path, struct error *err)
{
	static const struct statefile_kind kind = { PROGRESS_MAX_BYTES, merge, write_record };

	if (!statefile_save(path, &kind, p, err))
		return false;
	for (int i = 0; i < p->count; i++)
		p->lessons[i].changed = false;
	p->last_changed = false;
	return true;
}

bool progress_set_aside(const char *path, char *away, size_t n, struct error *err)
{
	return statefile_set_aside(path, away, n, err);
}
