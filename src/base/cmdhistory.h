/*
 * cmdhistory.h: the record of commands typed at the tutor's prompts, kept
 * in $XDG_STATE_HOME/quiesce/history (default ~/.local/state/quiesce/history):
 * one command a line, the oldest first, at most CMDHISTORY_MAX lines of at
 * most CMDHISTORY_LINE_MAX bytes. The front ends (src/tutor/repl.c) hand the
 * lines to readline; this module reads, merges and saves the file through
 * src/base/statefile like every other record: several sessions may share
 * it (a save under the lock adds this session's lines to what is on disk),
 * it is never written through a symbolic link, and a damaged one (a NUL
 * byte, an over-long line) is kept as history.corrupt-DATE.
 */
#ifndef QUIESCE_CMDHISTORY_H
#define QUIESCE_CMDHISTORY_H

#include <stddef.h>
#include <stdio.h>

#include "base/types.h"

#define CMDHISTORY_MAX 1000
#define CMDHISTORY_LINE_MAX 16384
/* The largest history file read: CMDHISTORY_MAX full lines. */
#define CMDHISTORY_MAX_BYTES ((size_t)CMDHISTORY_MAX * (CMDHISTORY_LINE_MAX + 1))

struct cmdhistory {
	char **lines;           /* the oldest first */
	int count;
	char **fresh;           /* this session's lines, not yet saved */
	int fresh_count;
};

/* An empty history; cmdhistory_clear frees what it holds. */
void cmdhistory_init(struct cmdhistory *h);
void cmdhistory_clear(struct cmdhistory *h);

/*
 * Parses TEXT (LEN bytes; NAME stands for the file in messages) into H's
 * lines (emptied first; the last CMDHISTORY_MAX are kept). False with ERR
 * naming the line for a NUL byte or a line longer than CMDHISTORY_LINE_MAX.
 */
bool cmdhistory_parse(struct cmdhistory *h, const char *text, size_t len, const char *name, struct error *err);

/*
 * Reads PATH into H's lines. A missing file is an empty history (true). A
 * damaged one is set aside (PATH.corrupt-DATE) and H left empty; a link, a
 * FIFO or a directory is left alone: both false with ERR saying so.
 */
bool cmdhistory_load(struct cmdhistory *h, const char *path, struct error *err);

/* Adds LINE as a line of this session's (to H's lines and to those the next save adds). */
void cmdhistory_add(struct cmdhistory *h, const char *line);

/*
 * Saves the file: under the lock, the lines on disk, then this session's,
 * the last CMDHISTORY_MAX of them, replacing PATH atomically. True when
 * saved (ERR may then hold a note: a damaged file was set aside); false with
 * ERR. H's lines become what was written; this session's are forgotten.
 */
bool cmdhistory_save(struct cmdhistory *h, const char *path, struct error *err);

/* Writes H's lines to FP; false on a write error. */
bool cmdhistory_write(const struct cmdhistory *h, FILE *fp);

#endif
