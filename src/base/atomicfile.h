/* atomicfile.h: writing a file so that it is either wholly replaced or left as it was. */
#ifndef QUIESCE_ATOMICFILE_H
#define QUIESCE_ATOMICFILE_H

#include <stdio.h>

#include "base/types.h"

/*
 * A file being written: FP writes to a temporary file beside PATH, which
 * atomicfile_commit syncs and renames over PATH. When PATH exists and is not
 * a regular file (/dev/null, a pipe, a terminal) there is nothing to replace
 * atomically, and FP writes to PATH itself. The new file keeps the mode (and,
 * where allowed, the owner) of the file it replaces; a read-only file is
 * refused. Until the commit or the abort, SIGTERM, SIGHUP and SIGINT remove
 * the temporary file before the program ends by them.
 */
struct atomicfile {
	FILE *fp;
	char *path;
	char *tmp;      /* NULL when writing to PATH directly */
	bool pending;   /* TMP is in the table a signal handler cleans up */
};

/* Opens AF for writing PATH; false with a message naming PATH in ERR. */
bool atomicfile_open(struct atomicfile *af, const char *path, struct error *err);

/*
 * Opens AF for writing PATH as atomicfile_open does, but never through a
 * symbolic link: the rename replaces PATH itself, and a PATH that is a link,
 * a FIFO, a device or a directory is refused. For the records quiesce keeps
 * (src/base/statefile), which a link must not redirect.
 */
bool atomicfile_open_nofollow(struct atomicfile *af, const char *path, struct error *err);

/* Finishes the write: flush, sync, close and rename. False (and PATH untouched) on any error. */
bool atomicfile_commit(struct atomicfile *af, struct error *err);

/* Gives up: closes and removes the temporary file; PATH is left as it was. */
void atomicfile_abort(struct atomicfile *af);

#endif
