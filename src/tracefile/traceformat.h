/*
 * traceformat.h: the formats a trace is written in, by the name a user
 * gives ("json", "jsonl-full", ...) and by the ending of a file's name, for
 * "quiesce trace --format/--output" and the tutor's "export".
 */
#ifndef QUIESCE_TRACEFORMAT_H
#define QUIESCE_TRACEFORMAT_H

#include <stdbool.h>
#include <stdio.h>

#include "chess/board.h"
#include "search/search.h"
#include "search/trace.h"
#include "base/types.h"

typedef void (*traceformat_writer)(FILE *, const struct trace *, const struct position *,
				   const struct search_options *, const struct search_result *);

struct traceformat {
	const char *name;      /* as --format and export take it */
	const char *ext;       /* the file name ending that implies it, or NULL */
	traceformat_writer writer;
};

/* The format named NAME, or NULL. */
const struct traceformat *traceformat_find(const char *name);
/*
 * The format the name of file PATH implies: its ending's (before a ".gz",
 * which compresses it), the text tree for any other name.
 */
const struct traceformat *traceformat_for_path(const char *path);
/* The format the ending of PATH's name names (before a ".gz"), or NULL when it names none. */
const struct traceformat *traceformat_by_ending(const char *path);
/* Whether PATH ends in ".gz" (letters in either case): the file is written compressed. */
bool traceformat_gzip(const char *path);
/*
 * The one way a trace is saved, for "quiesce trace --output", the tutor's
 * "export" and UCI's TraceFile: written to PATH through a temporary file
 * renamed into place (atomicfile.h), compressed as gzip when PATH ends in
 * ".gz", in format F (NULL: the one PATH's name implies,
 * traceformat_for_path). False with a message naming PATH in ERR; the old
 * file, if any, is then untouched.
 */
bool traceformat_save(const char *path, const struct traceformat *f, const struct trace *t,
		      const struct position *root, const struct search_options *opt, const struct search_result *res,
		      struct error *err);

/* The names, separated by SEP ("text|json|..."), into BUF of N bytes. */
void traceformat_names(const char *sep, char *buf, size_t n);

#endif
