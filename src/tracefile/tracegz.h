/*
 * tracegz.h: gzip streams as stdio streams, for trace files whose name ends
 * in ".gz" (zlib's deflate and inflate behind fopencookie).
 *
 * A trace is written and read through a FILE *; these wrap another stream,
 * so that the writers and the reader work unchanged on compressed files and
 * a compressed trace is never held whole in memory.
 */
#ifndef QUIESCE_TRACEGZ_H
#define QUIESCE_TRACEGZ_H

#include <stdbool.h>
#include <stdio.h>

/*
 * A stream whose writes are compressed as gzip into OUT. Closing it finishes
 * the gzip stream and flushes OUT (which it does not close); fclose returns
 * EOF when compressing or writing failed.
 */
FILE *tracegz_open_write(FILE *out);

/*
 * A stream of the bytes a gzip stream inflates to: the N bytes of PREFIX
 * (already read from IN, at most 16) followed by the rest of IN. One member
 * or several, concatenated, as gzip(1) writes them. A corrupt or truncated
 * stream is a read error (ferror), its reason in *WHY (a static string) when
 * WHY is not NULL.
 */
FILE *tracegz_open_read(FILE *in, const unsigned char *prefix, size_t n, const char **why);

/* Whether the first two bytes B0, B1 are gzip's magic number. */
static inline bool tracegz_magic(int b0, int b1)
{
	return b0 == 0x1f && b1 == 0x8b;
}

#endif
