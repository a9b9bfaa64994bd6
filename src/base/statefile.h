/*
 * statefile.h: the one way quiesce reads, locks, merges and saves the
 * records it keeps between runs (the practice record, the lesson progress,
 * the command history), so that no record is lost or overwritten:
 *
 *   - a record is a regular file: a FIFO, a device or a directory in its
 *     place is refused without blocking (opened with O_NONBLOCK, then
 *     checked);
 *   - a record that is a symbolic link is neither read nor written: quiesce
 *     refuses it with a message, because writing through the link would
 *     replace whatever file it points to (as root, /etc/passwd). Whoever
 *     keeps state elsewhere sets XDG_STATE_HOME to that directory;
 *   - a damaged record (a NUL byte, a size past the record's limit, a line
 *     the record's parser refuses) is kept as NAME.corrupt-YYYYMMDD-HHMMSS,
 *     with a message, before a new one is written;
 *   - a save takes a lock on the record's directory, merges what other
 *     sessions wrote since (the record's own MERGE), and replaces the file
 *     atomically (src/base/atomicfile), never through a link;
 *   - CRLF line ends are read as LF.
 */
#ifndef QUIESCE_STATEFILE_H
#define QUIESCE_STATEFILE_H

#include <stddef.h>
#include <stdio.h>

#include "base/types.h"

/* What statefile_read found. */
enum statefile_status {
	STATEFILE_OK = 0,
	STATEFILE_MISSING,      /* no file: an empty record */
	STATEFILE_DAMAGED,      /* a file that is not a record: to be set aside */
	STATEFILE_UNUSABLE      /* a link, a FIFO, a directory, unreadable: left alone */
};

/*
 * Reads the record PATH whole into a new NUL-terminated buffer *TEXT (its
 * length in *LEN; CR before LF removed), refusing a file of more than MAX
 * bytes or holding a NUL byte (STATEFILE_DAMAGED), and a symbolic link, a
 * directory, a FIFO, a device or a file that cannot be read
 * (STATEFILE_UNUSABLE), with a message in ERR that names PATH (and, for a
 * NUL, its line). *TEXT is NULL unless the status is STATEFILE_OK.
 */
enum statefile_status statefile_read(const char *path, size_t max, char **text, size_t *len, struct error *err);

/*
 * Checks that PATH may be written as a record: it does not exist, or it is
 * a regular file and not a symbolic link. False with a message naming PATH.
 */
bool statefile_check(const char *path, struct error *err);

/*
 * Moves the damaged record PATH out of the way: renamed to
 * PATH.corrupt-YYYYMMDD-HHMMSS (-2, -3 ... when taken), whose name goes to
 * AWAY (N bytes). False with ERR when the rename fails.
 */
bool statefile_set_aside(const char *path, char *away, size_t n, struct error *err);

/* How one kind of record is merged and written by statefile_save. */
struct statefile_kind {
	size_t max;     /* the largest file that can be such a record */
	/*
	 * Reads TEXT (the record on disk, LEN bytes, NUL-terminated; PATH for
	 * messages) and merges it into REC; false with ERR, REC untouched, when
	 * TEXT is not such a record.
	 */
	bool (*merge)(void *rec, const char *text, size_t len, const char *path, struct error *err);
	/* Writes REC to FP; false when it cannot. */
	bool (*write)(void *rec, FILE *fp);
};

/*
 * Saves REC to PATH: under the lock of PATH's directory, merges the record
 * on disk into REC (KIND's merge), sets a damaged one aside, and replaces
 * PATH atomically with what KIND's write writes, never through a symbolic
 * link. True when saved; ERR then holds a note when a damaged file was set
 * aside (its message is empty otherwise). False with ERR naming PATH when
 * nothing was written (a link, a FIFO, a lock, a write that failed).
 */
bool statefile_save(const char *path, const struct statefile_kind *kind, void *rec, struct error *err);

/*
 * The next blank-separated word of the line at *AT (which it cuts there with
 * a NUL and moves past), or NULL at the end of the line.
 */
char *statefile_word(char **at);

/*
 * Reads W, a whole number in decimal digits only (no sign, no blanks, no
 * 0x) from MIN to MAX, into *OUT; false otherwise.
 */
bool statefile_number(const char *w, long min, long max, long *out);

/* A + B for counts: saturates at STATEFILE_COUNT_MAX instead of overflowing. */
int statefile_count_add(int a, int b);

/* The largest count a record keeps (a count that reaches it stays there). */
#define STATEFILE_COUNT_MAX 2147483647

#endif
