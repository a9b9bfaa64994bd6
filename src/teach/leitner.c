/* leitner.c: the practice record and its Leitner-box schedule (see leitner.h for the file). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/statedir.h"
#include "base/statefile.h"
#include "base/util.h"
#include "teach/leitner.h"

void leitner_init(struct leitner *l)
{
	memset(l, 0, sizeof *l);
}

void leitner_clear(struct leitner *l)
{
	free(l->cards);
	idindex_clear(&l->index);
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

/* The id of card I of the record CTX, for the index. */
static const char *card_id(const void *ctx, int i)
{
	return ((const struct leitner *)ctx)->cards[i].id;
}

/* The card of ID; with CREATE a new one in box 1 when there is none, else NULL. */
static struct leitner_card *find(struct leitner *l, const char *id, bool create)
{
	char key[sizeof l->cards[0].id];
	int i;

	/* Ids are kept cut to the card's field: look the cut id up, or a long id would be added again and again. */
	snprintf(key, sizeof key, "%s", id);
	i = idindex_find(&l->index, key, card_id, l);
	if (i >= 0)
		return &l->cards[i];
	if (!create)
		return NULL;
	if (l->count == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->cards = xrealloc(l->cards, (size_t)l->cap * sizeof *l->cards);
	}
	memset(&l->cards[l->count], 0, sizeof l->cards[0]);
	memcpy(l->cards[l->count].id, key, sizeof key);
	l->cards[l->count].box = 1;
	l->cards[l->count].last = -1;
	idindex_add(&l->index, l->count, card_id, l);
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
		/* Counts saturate: a record answered two billion times stays at the largest count. */
		l->asked[d][level] = statefile_count_add(l->asked[d][level], 1);
		l->new_asked[d][level] = statefile_count_add(l->new_asked[d][level], 1);
		l->right[d][level] = statefile_count_add(l->right[d][level], right);
		l->new_right[d][level] = statefile_count_add(l->new_right[d][level], right);
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

/* The largest day number a card may be due on (a day in the year 275,000). */
#define LEITNER_MAX_DAY 100000000L

/* Parses line LINENO (LINE, without its newline) of a practice file into L; false with ERR. */
static bool parse_line(struct leitner *l, char *line, const char *name, int lineno, struct error *err)
{
	char *at = line, *word = statefile_word(&at), *w[5];
	int n = 0;
	long v[4];

	if (word == NULL || word[0] == '#')
		return true;
	while (n < 5 && (w[n] = statefile_word(&at)) != NULL)
		n++;
	if (strcmp(word, "stat") == 0) {
		int d = n == 4 ? practice_drill_parse(w[0]) : -1;

		if (d < 0 || !statefile_number(w[1], 1, PRACTICE_MAX_LEVEL, &v[0]) ||
		    !statefile_number(w[2], 0, STATEFILE_COUNT_MAX, &v[1]) ||
		    !statefile_number(w[3], 0, STATEFILE_COUNT_MAX, &v[2]) || v[2] < v[1])
			return error_set(err, lineno, 1, "%s:%d: expected 'stat DRILL LEVEL RIGHT ASKED' (counts from 0 "
					 "to %d, RIGHT at most ASKED)", name, lineno, STATEFILE_COUNT_MAX);
		l->right[d][v[0]] = (int)v[1];
		l->asked[d][v[0]] = (int)v[2];
	} else if (strcmp(word, "box") == 0) {
		struct leitner_card *c;

		/* LAST, the day of the last answer, is optional: records before it have none. */
		if ((n != 3 && n != 4) || strlen(w[0]) >= sizeof c->id || !statefile_number(w[1], 1, LEITNER_BOXES, &v[0]) ||
		    !statefile_number(w[2], 0, LEITNER_MAX_DAY, &v[1]) ||
		    (n == 4 && !statefile_number(w[3], 0, LEITNER_MAX_DAY, &v[2])))
			return error_set(err, lineno, 1, "%s:%d: expected 'box ID BOX DUE [LAST]' (ID at most %zu bytes, BOX "
					 "1-%d, DUE and LAST day numbers)", name, lineno, sizeof c->id - 1, LEITNER_BOXES);
		c = find(l, w[0], true);
		c->box = (int)v[0];
		c->due = v[1];
		c->last = n == 4 ? v[2] : -1;
	} else {
		char cut[UTIL_CUT_MAX + 4];

		return error_set(err, lineno, 1, "%s:%d: unknown line '%s': expected stat or box", name, lineno,
				 util_cut(word, cut, sizeof cut));
	}
	return true;
}

bool leitner_parse(struct leitner *l, const char *text, size_t len, const char *name, struct error *err)
{
	char *copy = xmalloc(len + 1), *line = copy;
	int lineno = 0;
	bool ok = true;

	leitner_clear(l);
	memcpy(copy, text, len);
	copy[len] = '\0';
	/* A NUL is damage, not the end of the file (statefile_read refuses it; so does this, for the fuzzer). */
	if (strlen(copy) != len) {
		free(copy);
		return error_set(err, 0, 0, "%s: a NUL byte: not a practice file", name);
	}
	while (ok && line < copy + len) {
		char *next = strchr(line, '\n');

		if (next)
			*next++ = '\0';
		else
			next = copy + len;
		lineno++;
		if (lineno == 1) {
			if (strcmp(line, LEITNER_MAGIC) != 0)
				ok = error_set(err, 1, 1, "%s:1: not a practice file: expected the line '%s'", name,
					       LEITNER_MAGIC);
		} else {
			ok = parse_line(l, line, name, lineno, err);
		}
		line = next;
	}
	free(copy);
	if (!ok)
		leitner_clear(l);
	return ok;
}

bool leitner_load(struct leitner *l, const char *path, struct error *err)
{
	char *text;
	size_t len;
	bool ok;

	leitner_clear(l);
	switch (statefile_read(path, LEITNER_MAX_BYTES, &text, &len, err)) {
	case STATEFILE_MISSING:
		return true;
	case STATEFILE_OK:
		break;
	default:
		return false;
	}
	ok = leitner_parse(l, text, len, path, err);
	free(text);
	return ok;
}

bool leitner_load_or_restart(struct leitner *l, const char *path, bool set_aside, struct error *note)
{
	struct error e = { 0 };
	char *text;
	size_t len;
	enum statefile_status st;

	leitner_clear(l);
	if (note)
		note->msg[0] = '\0';
	st = statefile_read(path, LEITNER_MAX_BYTES, &text, &len, &e);
	if (st == STATEFILE_MISSING)
		return true;
	if (st == STATEFILE_OK) {
		bool ok = leitner_parse(l, text, len, path, &e);

		free(text);
		if (ok)
			return true;
		st = STATEFILE_DAMAGED;
	}
	if (st == STATEFILE_DAMAGED && set_aside) {
		char away[4400];
		struct error e2 = { 0 };

		if (statefile_set_aside(path, away, sizeof away, &e2))
			return error_set(note, e.line, 0, "%s (set aside as %s; starting a new record)", e.msg, away);
		return error_set(note, e.line, 0, "%s (%s)", e.msg, e2.msg);
	}
	if (st == STATEFILE_DAMAGED)
		return error_set(note, e.line, 0, "%s (it will be kept as %s.corrupt-DATE when an answer is saved)",
				 e.msg, path);
	return error_set(note, e.line, 0, "%s", e.msg);
}

bool leitner_write(const struct leitner *l, FILE *fp)
{
	fprintf(fp, "%s\n", LEITNER_MAGIC);
	for (int d = 0; d < PD_COUNT; d++)
		for (int v = 1; v <= PRACTICE_MAX_LEVEL; v++)
			if (l->asked[d][v])
				fprintf(fp, "stat %s %d %d %d\n", practice_drill_name((enum practice_drill)d), v,
					l->right[d][v], l->asked[d][v]);
	for (int i = 0; i < l->count; i++)
		if (l->cards[i].last < 0)   /* a card from a record that did not keep the day */
			fprintf(fp, "box %s %d %ld\n", l->cards[i].id, l->cards[i].box, l->cards[i].due);
		else
			fprintf(fp, "box %s %d %ld %ld\n", l->cards[i].id, l->cards[i].box, l->cards[i].due,
				l->cards[i].last);
	return !ferror(fp);
}

/*
 * The merge of a save (statefile_kind): the counts on disk plus this
 * session's answers; this session's boxes over the disk's, the others as the
 * disk has them.
 */
static bool merge(void *rec, const char *text, size_t len, const char *path, struct error *err)
{
	struct leitner *l = rec, disk;

	leitner_init(&disk);
	if (!leitner_parse(&disk, text, len, path, err))
		return false;
	for (int d = 0; d < PD_COUNT; d++)
		for (int v = 1; v <= PRACTICE_MAX_LEVEL; v++) {
			l->right[d][v] = statefile_count_add(disk.right[d][v], l->new_right[d][v]);
			l->asked[d][v] = statefile_count_add(disk.asked[d][v], l->new_asked[d][v]);
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
	return true;
}

/* The write of a save (statefile_kind). */
static bool write_record(void *rec, FILE *fp)
{
	return leitner_write(rec, fp);
}

bool leitner_save(struct leitner *l, const char *path, struct error *err)
{
	static const struct statefile_kind kind = { (size_t)LEITNER_MAX_BYTES, merge, write_record };

	if (!statefile_save(path, &kind, l, err))
		return false;
	memset(l->new_right, 0, sizeof l->new_right);
	memset(l->new_asked, 0, sizeof l->new_asked);
	for (int i = 0; i < l->count; i++)
		l->cards[i].changed = false;
	return true;
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
	int dues[PD_COUNT] = { 0 };
	long nexts[PD_COUNT];

	/* One pass over the cards (two million of them fill the 64 MB a record may have). */
	for (int d = 0; d < PD_COUNT; d++)
		nexts[d] = -1;
	for (int i = 0; i < l->count; i++) {
		int d = leitner_id_drill(l->cards[i].id);

		if (d < 0)
			continue;
		if (l->cards[i].due <= today)
			dues[d]++;
		else if (nexts[d] < 0 || l->cards[i].due < nexts[d])
			nexts[d] = l->cards[i].due;
	}
	fprintf(out, "\nPractice (quiesce practice --drill NAME):\n");
	for (int d = 0; d < PD_COUNT; d++) {
		int due = dues[d];
		bool asked = false;
		long next = nexts[d];

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
	if (!any) {
		char names[200];

		practice_drill_list(", ", names, sizeof names);
		fprintf(out, "  nothing practised yet: try 'quiesce practice --drill stand-pat' (drills: %s)\n", names);
	}
}
