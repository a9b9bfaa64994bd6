/* leitner.c: the practice record and its Leitner-box schedule (see leitner.h for the file). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/atomicfile.h"
#include "base/inputfile.h"
#include "base/lockfile.h"
#include "base/statedir.h"
#include "base/util.h"
#include "teach/leitner.h"

void leitner_init(struct leitner *l)
{
	memset(l, 0, sizeof *l);
}

void leitner_clear(struct leitner *l)
{
	free(l->cards);
	leitner_init(l);
}

bool leitner_path(char *buf, size_t n, bool create)
{
	return statedir_path("practice", buf, n, create);
}

long leitner_today(void)
{
	const char *day = getenv("QUIESCE_PRACTICE_DAY");

	if (day && *day) {
		char *end;
		long d = strtol(day, &end, 10);

		if (*end == '\0' && d >= 0)
			return d;
	}
	return (long)(time(NULL) / 86400);
}

int leitner_interval(int box)
{
	return box < 1 ? 1 : 1 << ((box > LEITNER_BOXES ? LEITNER_BOXES : box) - 1);
}

static struct leitner_card *find(struct leitner *l, const char *id, bool create)
{
	for (int i = 0; i < l->count; i++)
		if (strcmp(l->cards[i].id, id) == 0)
			return &l->cards[i];
	if (!create)
		return NULL;
	if (l->count == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->cards = xrealloc(l->cards, (size_t)l->cap * sizeof *l->cards);
	}
	memset(&l->cards[l->count], 0, sizeof l->cards[0]);
	snprintf(l->cards[l->count].id, sizeof l->cards[0].id, "%s", id);
	l->cards[l->count].box = 1;
	l->cards[l->count].last = -1;
	return &l->cards[l->count++];
}

const struct leitner_card *leitner_find(const struct leitner *l, const char *id)
{
	return find((struct leitner *)l, id, false);
}

void leitner_record(struct leitner *l, const char *id, enum practice_drill d, int level, bool right, long today)
{
	struct leitner_card *c;
	bool fresh;

	if (d < PD_COUNT && level >= 1 && level <= PRACTICE_MAX_LEVEL) {
		l->asked[d][level]++;
		l->new_asked[d][level]++;
		l->right[d][level] += right;
		l->new_right[d][level] += right;
	}
	if (id == NULL)
		return;
	fresh = leitner_find(l, id) == NULL;
	c = find(l, id, true);
	if (!right) {
		/* Missed: back to box 1, due again today. */
		c->box = 1;
		c->due = today;
	} else if (fresh) {
		/* A new right answer: box 1, first due the next day. */
		c->box = 1;
		c->due = today + leitner_interval(1);
	} else if (c->due > today) {
		/* Not due (asked because an explicit seed's set holds it): the schedule keeps its word. */
	} else {
		/* Due: up one box, unless it was answered already today (one promotion a day; a miss today stays). */
		if (c->last != today && c->box < LEITNER_BOXES)
			c->box++;
		c->due = today + leitner_interval(c->box);
	}
	c->last = today;
	c->changed = true;
}

int leitner_state(const struct leitner *l, const char *id, long today)
{
	const struct leitner_card *c = leitner_find(l, id);

	return c == NULL ? LEITNER_NEW : c->due <= today ? LEITNER_DUE : LEITNER_WAITING;
}

long leitner_next_due(const struct leitner *l, enum practice_drill d, long today)
{
	long next = -1;

	for (int i = 0; i < l->count; i++)
		if (l->cards[i].due > today && leitner_id_drill(l->cards[i].id) == (int)d &&
		    (next < 0 || l->cards[i].due < next))
			next = l->cards[i].due;
	return next;
}

int leitner_id_drill(const char *id)
{
	for (int d = 0; d < PD_COUNT; d++) {
		size_t len = strlen(practice_drill_name((enum practice_drill)d));

		if (strncmp(id, practice_drill_name((enum practice_drill)d), len) == 0 && isdigit((unsigned char)id[len]))
			return d;
	}
	return -1;
}

int leitner_due(const struct leitner *l, enum practice_drill d, long today, const char **ids, int max)
{
	int n = 0;

	for (int i = 0; i < l->count && max > 0; i++) {
		const struct leitner_card *c = &l->cards[i];
		int j;

		if (c->due > today || leitner_id_drill(c->id) != (int)d)
			continue;
		/* Insertion by (due, box), the most overdue first, keeping the first MAX. */
		j = n < max ? n++ : max;
		while (j > 0) {
			const struct leitner_card *o = leitner_find(l, ids[j - 1]);

			if (o->due < c->due || (o->due == c->due && o->box <= c->box))
				break;
			if (j < max)
				ids[j] = ids[j - 1];
			j--;
		}
		if (j < max)
			ids[j] = c->id;
	}
	return n;
}

/* Parses the text of a practice file (PATH names it in messages) into L. */
static bool parse(struct leitner *l, char *text, const char *path, struct error *err)
{
	int lineno = 0;

	for (char *line = text, *next; line && *line; line = next) {
		char word[16], name[32], id[96];
		int level, right, asked, box, used = 0, fields;
		long due, last = -1;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		if (lineno == 1) {
			if (strcmp(line, LEITNER_MAGIC) != 0)
				return error_set(err, 1, 1, "%s:1: not a practice file: expected the line '%s'", path, LEITNER_MAGIC);
			continue;
		}
		if (line[0] == '#' || line[0] == '\0')
			continue;
		if (sscanf(line, "%15s%n", word, &used) != 1)
			continue;
		if (strcmp(word, "stat") == 0) {
			int d;

			if (sscanf(line + used, "%31s %d %d %d", name, &level, &right, &asked) != 4 ||
			    (d = practice_drill_parse(name)) < 0 || level < 1 || level > PRACTICE_MAX_LEVEL ||
			    right < 0 || asked < right)
				return error_set(err, lineno, 1, "%s:%d: expected 'stat DRILL LEVEL RIGHT ASKED'", path, lineno);
			l->right[d][level] = right;
			l->asked[d][level] = asked;
		} else if (strcmp(word, "box") == 0) {
			struct leitner_card *c;

			fields = sscanf(line + used, "%95s %d %ld %ld", id, &box, &due, &last);
			if (fields < 3 || box < 1 || box > LEITNER_BOXES || due < 0 || (fields == 4 && last < 0))
				return error_set(err, lineno, 1, "%s:%d: expected 'box ID BOX DUE [LAST]' (BOX 1-%d, DUE and "
						 "LAST day numbers)", path, lineno, LEITNER_BOXES);
			c = find(l, id, true);
			c->box = box;
			c->due = due;
			c->last = fields == 4 ? last : -1;
		} else {
			return error_set(err, lineno, 1, "%s:%d: unknown line '%s': expected stat or box", path, lineno, word);
		}
	}
	return true;
}

bool leitner_load(struct leitner *l, const char *path, struct error *err)
{
	FILE *f;
	char *text;
	long len;
	bool ok;

	leitner_clear(l);
	f = fopen(path, "rb");
	if (f == NULL)
		return errno == ENOENT ? true : error_set(err, 0, 0, "%s: %s", path, strerror(errno));
	if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || len > (64L << 20) || fseek(f, 0, SEEK_SET) != 0) {
		fclose(f);
		return error_set(err, 0, 0, "%s: not a practice file (not a regular file of at most 64 MB)", path);
	}
	text = xmalloc((size_t)len + 1);
	len = (long)fread(text, 1, (size_t)len, f);
	text[len] = '\0';
	fclose(f);
	ok = parse(l, text, path, err);
	free(text);
	if (!ok)
		leitner_clear(l);
	return ok;
}

bool leitner_save(struct leitner *l, const char *path, struct error *err)
{
	struct leitner disk;
	struct atomicfile af;
	struct error e = { 0 };
	int lock;
	bool ok;

	if (!inputfile_check_regular(path, &e))
		return error_set(err, 0, 0, "%s %s", path, e.msg);
	lock = lockfile_acquire(path, &e);
	if (lock < 0)
		return error_set(err, 0, 0, "%s: %s", path, e.msg);
	/* The merge: the disk's counts plus this session's answers; this session's boxes over the disk's. */
	leitner_init(&disk);
	if (!leitner_load(&disk, path, &e))
		leitner_init(&disk);   /* a file that cannot be read is replaced by what this session knows */
	for (int d = 0; d < PD_COUNT; d++)
		for (int v = 1; v <= PRACTICE_MAX_LEVEL; v++) {
			l->right[d][v] = disk.right[d][v] + l->new_right[d][v];
			l->asked[d][v] = disk.asked[d][v] + l->new_asked[d][v];
		}
	for (int i = 0; i < disk.count; i++) {
		struct leitner_card *c = find(l, disk.cards[i].id, true);

		if (!c->changed) {
			c->box = disk.cards[i].box;
			c->due = disk.cards[i].due;
			c->last = disk.cards[i].last;
		}
	}
	leitner_clear(&disk);
	ok = atomicfile_open(&af, path, err);
	if (ok) {
		fprintf(af.fp, "%s\n", LEITNER_MAGIC);
		for (int d = 0; d < PD_COUNT; d++)
			for (int v = 1; v <= PRACTICE_MAX_LEVEL; v++)
				if (l->asked[d][v])
					fprintf(af.fp, "stat %s %d %d %d\n", practice_drill_name((enum practice_drill)d), v,
						l->right[d][v], l->asked[d][v]);
		for (int i = 0; i < l->count; i++)
			if (l->cards[i].last < 0)   /* a card from a record that did not keep the day */
				fprintf(af.fp, "box %s %d %ld\n", l->cards[i].id, l->cards[i].box, l->cards[i].due);
			else
				fprintf(af.fp, "box %s %d %ld %ld\n", l->cards[i].id, l->cards[i].box, l->cards[i].due,
					l->cards[i].last);
		ok = atomicfile_commit(&af, err);
	}
	if (ok) {
		memset(l->new_right, 0, sizeof l->new_right);
		memset(l->new_asked, 0, sizeof l->new_asked);
		for (int i = 0; i < l->count; i++)
			l->cards[i].changed = false;
	}
	lockfile_release(lock);
	return ok;
}

void leitner_day_format(long day, char *buf, size_t n)
{
	time_t t = (time_t)day * 86400;
	struct tm tm;

	if (gmtime_r(&t, &tm) == NULL || strftime(buf, n, "%Y-%m-%d", &tm) == 0)
		snprintf(buf, n, "day %ld", day);
}

void leitner_print(const struct leitner *l, long today, FILE *out)
{
	bool any = false;

	fprintf(out, "\nPractice (quiesce practice --drill NAME):\n");
	for (int d = 0; d < PD_COUNT; d++) {
		int due = 0;
		bool asked = false;
		long next = leitner_next_due(l, (enum practice_drill)d, today);

		for (int i = 0; i < l->count; i++)
			due += l->cards[i].due <= today && leitner_id_drill(l->cards[i].id) == d;
		for (int v = 1; v <= PRACTICE_MAX_LEVEL; v++)
			asked |= l->asked[d][v] > 0;
		if (!asked && due == 0 && next < 0)
			continue;
		any = true;
		fprintf(out, "  %-10s %-21s", practice_drill_name((enum practice_drill)d),
			practice_drill_concept((enum practice_drill)d));
		for (int v = 1; v <= PRACTICE_MAX_LEVEL; v++)
			if (l->asked[d][v])
				fprintf(out, " level %d: %d/%d (%d%%)", v, l->right[d][v], l->asked[d][v],
					(int)(100.0 * l->right[d][v] / l->asked[d][v] + 0.5));
		fprintf(out, "; due today: %d", due);
		if (next >= 0) {
			char date[32];

			leitner_day_format(next, date, sizeof date);
			fprintf(out, "; next due %s", date);
		}
		fprintf(out, "\n");
	}
	if (!any)
		fprintf(out, "  nothing practised yet: try 'quiesce practice --drill stand-pat' "
			"(drills: stand-pat, order, delta, see, horizon, checks)\n");
}
