/* traceformat.c: the formats a trace is written in, by name and by file name ending. */
#include "tracefile/traceformat.h"

#include <errno.h>
#include <string.h>
#include <strings.h>

#include "base/atomicfile.h"
#include "base/util.h"
#include "tracefile/tracegz.h"
#include "tracefile/tracepgn.h"
#include "tracefile/traceio.h"

/* The compact forms (version 3) are the ones the endings imply; the forms of every field are asked for by name. */
static const struct traceformat formats[] = {
	{ "text", ".txt", traceio_write_text },
	{ "json", ".json", traceio_write_json_compact },
	{ "json-full", NULL, traceio_write_json },
	{ "jsonl", ".jsonl", traceio_write_jsonl_compact },
	{ "jsonl-full", NULL, traceio_write_jsonl },
	{ "dot", ".dot", traceio_write_dot },
	{ "pgn", ".pgn", tracepgn_write },
};

#define FORMATS (sizeof formats / sizeof formats[0])

/* Whether the LEN bytes of NAME end in SUFFIX, letters in either case. */
static bool ends_with(const char *name, size_t len, const char *suffix)
{
	size_t k = strlen(suffix);

	return len > k && strncasecmp(name + len - k, suffix, k) == 0;
}

const struct traceformat *traceformat_find(const char *name)
{
	for (size_t i = 0; i < FORMATS; i++)
		if (strcmp(formats[i].name, name) == 0)
			return &formats[i];
	return NULL;
}

bool traceformat_gzip(const char *path)
{
	return ends_with(path, strlen(path), ".gz");
}

const struct traceformat *traceformat_by_ending(const char *path)
{
	size_t n = strlen(path);

	if (traceformat_gzip(path))
		n -= 3;
	for (size_t i = 0; i < FORMATS; i++)
		if (formats[i].ext != NULL && ends_with(path, n, formats[i].ext))
			return &formats[i];
	return NULL;
}

const struct traceformat *traceformat_for_path(const char *path)
{
	const struct traceformat *f = traceformat_by_ending(path);

	return f ? f : &formats[0];
}

void traceformat_names(const char *sep, char *buf, size_t n)
{
	size_t used = 0;

	if (n == 0)
		return;
	buf[0] = '\0';
	for (size_t i = 0; i < FORMATS && used < n; i++) {
		int k = snprintf(buf + used, n - used, "%s%s", i ? sep : "", formats[i].name);

		if (k < 0)
			break;
		used += (size_t)k;
	}
}

bool traceformat_save(const char *path, const struct traceformat *f, const struct trace *t,
		      const struct position *root, const struct search_options *opt, const struct search_result *res,
		      struct error *err)
{
	struct atomicfile af;

	if (f == NULL)
		f = traceformat_for_path(path);
	if (!atomicfile_open(&af, path, err))
		return false;
	if (traceformat_gzip(path)) {
		FILE *z = tracegz_open_write(af.fp);

		if (z != NULL)
			f->writer(z, t, root, opt, res);
		if (z == NULL || fclose(z) != 0) {
			int e = errno;

			/* The temporary file goes: the commit is not made. */
			atomicfile_abort(&af);
			return error_set(err, 0, 0, "%s: cannot write the compressed trace: %s", path, strerror(e));
		}
	} else {
		f->writer(af.fp, t, root, opt, res);
	}
	return atomicfile_commit(&af, err);
}
