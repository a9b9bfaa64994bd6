/* util.h: allocation that cannot fail silently, and error messages for parsers. */
#ifndef QUIESCE_UTIL_H
#define QUIESCE_UTIL_H

#include <stddef.h>

#include "base/types.h"

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#define NORETURN __attribute__((noreturn))
#else
#define PRINTF_LIKE(f, a)
#define NORETURN
#endif

/* Allocation failures end the program with a message: callers never see NULL. */
void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *text);

/* Prints "quiesce: MESSAGE" to stderr and exits with status 1. */
void util_die(const char *fmt, ...) PRINTF_LIKE(1, 2) NORETURN;

/*
 * Sets the function util_die calls before it prints and exits (NULL for
 * none): the tutor uses it to give the terminal back to the shell in its
 * normal mode, whatever the fatal error (running out of memory, say).
 */
void util_set_fatal_hook(void (*hook)(void));

/*
 * Fills ERR (when not NULL) with a message and the line and column it is
 * about, and returns false so that parsers can write "return error_set(...)".
 */
bool error_set(struct error *err, int line, int column, const char *fmt, ...)
	PRINTF_LIKE(4, 5);

/*
 * The LEN bytes at P as a message quotes them, into BUF (N bytes): printable
 * ASCII as it is, every other byte (and '\\') as "\\xHH", cut with "..."
 * after MAX_SHOWN bytes. For parsers that quote a token of their input.
 */
void util_quote(const char *p, size_t len, size_t max_shown, char *buf, size_t n);

/* How much of a rejected value a message quotes (bytes, before "..."). */
#define UTIL_CUT_MAX 40

/*
 * TEXT for quoting in a message: TEXT itself when it has at most
 * UTIL_CUT_MAX bytes, else its first UTIL_CUT_MAX bytes (not splitting a
 * UTF-8 character) and "..." written to BUF (N >= UTIL_CUT_MAX + 4). A
 * 100,000-digit --depth must not give a 100 KB error line.
 */
const char *util_cut(const char *text, char *buf, size_t n);

/* Returns a monotonic clock reading in seconds. */
double util_now(void);

/*
 * Returns the processor time the whole process has used, in seconds (user
 * and system, every thread): what a speed figure should be measured in, since
 * it does not grow when other programs share the processor. Falls back to the
 * monotonic clock where the system has no such clock.
 */
double util_cpu_seconds(void);

/*
 * The offset of the first byte of P[0..N) that does not belong to valid
 * UTF-8 (stray continuation bytes, truncated sequences, overlong forms,
 * surrogates, code points past U+10FFFF), or N when the text is valid.
 */
size_t util_utf8_invalid(const unsigned char *p, size_t n);

/* The line and column (from 1; columns count characters, not bytes) of byte OFFSET of TEXT. */
void util_text_place(const char *text, size_t offset, int *line, int *column);

/* Copies TEXT without its leading and trailing blanks into BUF (N bytes, cut to fit). */
void util_trim_copy(const char *text, char *buf, size_t n);

#endif
