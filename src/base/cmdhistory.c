/* cmdhistory.c: the record of the commands typed at the prompts (see cmdhistory.h). */
#include "base/cmdhistory.h"

#include <stdlib.h>
#include <string.h>

#include "base/statefile.h"
#include "base/util.h"

void cmdhistory_init(struct cmdhistory *h)
{
	memset(h, 0, sizeof *h);
}

/* Frees the COUNT strings of LIST and LIST. */
static void free_lines(char **list, int count)
{
	for (int i = 0; i < count; i++)
		free(list[i]);
	free(list);
}

void cmdhistory_clear(struct cmdhistory *h)
{
	free_lines(h->lines, h->count);
	free_lines(h->fresh, h->fresh_count);
	cmdhistory_init(h);
}

/* Appends a copy of LINE (LEN bytes) to the COUNT lines of *LIST, dropping the oldest past CMDHISTORY_MAX. */
static void push(char ***list, int *count, const char *line, size_t len)
{
	char *copy = xmalloc(len + 1);

	memcpy(copy, line, len);
	copy[len] = '\0';
	if (*count == CMDHISTORY_MAX) {
		free((*list)[0]);
		memmove(*list, *list + 1, sizeof **list * (CMDHISTORY_MAX - 1));
		(*count)--;
	} else if (*count == 0 || (*count & (*count - 1)) == 0) {
		/* Grown by doubling: at 1, 2, 4, ... lines. */
		*list = xrealloc(*list, sizeof **list * (size_t)(*count ? 2 * *count : 1));
	}
	(*list)[(*count)++] = copy;
}

bool cmdhistory_parse(struct cmdhistory *h, const char *text, size_t len, const char *name, struct error *err)
{
	const char *at = text, *end = text + len;
	int lineno = 0;
	const char *nul = memchr(text, '\0', len);

	free_lines(h->lines, h->count);
	h->lines = NULL;
	h->count = 0;
	if (nul != NULL) {
		for (const char *c = text; c < nul; c++)
			lineno += *c == '\n';
		return error_set(err, lineno + 1, 0, "%s:%d: a NUL byte (binary data, not a history)", name, lineno + 1);
	}
	/* First the checks and the count of lines, then the last CMDHISTORY_MAX copied: linear in LEN. */
	for (int pass = 0, total = 0, seen = 0; pass < 2; pass++) {
		lineno = 0;
		for (at = text; at < end;) {
			const char *nl = memchr(at, '\n', (size_t)(end - at));
			size_t n = nl ? (size_t)(nl - at) : (size_t)(end - at);

			lineno++;
			if (n > CMDHISTORY_LINE_MAX)
				return error_set(err, lineno, 0, "%s:%d: a line of %zu bytes, more than a command can "
						 "be (%d)", name, lineno, n, CMDHISTORY_LINE_MAX);
			if (n > 0 && pass == 0)
				total++;
			else if (n > 0 && seen++ >= total - CMDHISTORY_MAX)
				push(&h->lines, &h->count, at, n);
			at = nl ? nl + 1 : end;
		}
	}
	return true;
}

bool cmdhistory_load(struct cmdhistory *h, const char *path, struct error *err)
{
	char *text;
	size_t len;
	bool ok;

	free_lines(h->lines, h->count);
	h->lines = NULL;
	h->count = 0;
	switch (statefile_read(path, CMDHISTORY_MAX_BYTES, &text, &len, err)) {
	case STATEFILE_MISSING:
		return true;
	case STATEFILE_UNUSABLE:
		return false;
	case STATEFILE_OK:
		ok = cmdhistory_parse(h, text, len, path, err);
		free(text);
		if (ok)
			return true;
		break;
	case STATEFILE_DAMAGED:
		break;
	}
	{
		char away[4400], msg[sizeof err->msg];
		struct error e2 = { 0 };

		snprintf(msg, sizeof msg, "%s", err ? err->msg : "");
		if (statefile_set_aside(path, away, sizeof away, &e2))
			error_set(err, 0, 0, "%s; set aside as %s", msg, away);
		else
			error_set(err, 0, 0, "%s; %s", msg, e2.msg);
	}
	return false;
}

void cmdhistory_add(struct cmdhistory *h, const char *line)
{
	size_t len = strcspn(line, "\n");

	/* A line the file could not hold back is not kept (it would make the file damaged). */
	if (len == 0 || len > CMDHISTORY_LINE_MAX)
		return;
	push(&h->lines, &h->count, line, len);
	push(&h->fresh, &h->fresh_count, line, len);
}

bool cmdhistory_write(const struct cmdhistory *h, FILE *fp)
{
	for (int i = 0; i < h->count; i++)
		fprintf(fp, "%s\n", h->lines[i]);
	return !ferror(fp);
}

/* The merge of a save (statefile_kind): the lines on disk, then this session's. */
static bool merge(void *rec, const char *text, size_t len, const char *path, struct error *err)
{
	struct cmdhistory *h = rec, disk;

	cmdhistory_init(&disk);
	if (!cmdhistory_parse(&disk, text, len, path, err))
		return false;
	free_lines(h->lines, h->count);
	h->lines = disk.lines;
	h->count = disk.count;
	for (int i = 0; i < h->fresh_count; i++)
		push(&h->lines, &h->count, h->fresh[i], strlen(h->fresh[i]));
	return true;
}

/* The write of a save (statefile_kind). */
static bool write_record(void *rec, FILE *fp)
{
	return cmdhistory_write(rec, fp);
}

bool cmdhistory_save(struct cmdhistory *h, const char *path, struct error *err)
{
	static const struct statefile_kind kind = { CMDHISTORY_MAX_BYTES, merge, write_record };
	bool ok;

	if (h->fresh_count == 0)
		return true;
	/* With no file (or a damaged one) on disk, the merge is not called: the session's lines alone. */
	free_lines(h->lines, h->count);
	h->lines = NULL;
	h->count = 0;
	for (int i = 0; i < h->fresh_count; i++)
		push(&h->lines, &h->count, h->fresh[i], strlen(h->fresh[i]));
	ok = statefile_save(path, &kind, h, err);
	free_lines(h->fresh, h->fresh_count);
	h->fresh = NULL;
	h->fresh_count = 0;
	return ok;
}
