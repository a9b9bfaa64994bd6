/*
 * tracegz.c: gzip streams as stdio streams (fopencookie), with zlib.
 *
 * The writer deflates what it is given into 64 KB blocks written to the
 * stream under it; the reader inflates 64 KB of input at a time. Both keep
 * a z_stream in the cookie, which fclose frees.
 */
/* fopencookie is a GNU extension. */
#define _GNU_SOURCE 1

#include "tracefile/tracegz.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "base/util.h"

#define GZ_BLOCK 65536
/* zlib's windowBits for the gzip wrapper (16 + the window) and, reading, gzip or zlib told apart (32 +). */
#define GZ_WRITE_BITS (16 + MAX_WBITS)
#define GZ_READ_BITS (16 + MAX_WBITS)

struct gz {
	FILE *under;
	z_stream z;
	bool failed, done;
	int error;              /* the errno of the failure under the stream (ENOSPC, EROFS, ...), or 0 */
	const char **why;
	unsigned char prefix[16];
	size_t prefix_n;
	unsigned char buf[GZ_BLOCK];
};

/* ------------------------------------------------------------------ writing */

/* Deflates what is in Z's input with FLUSH and writes the output under it; false when anything fails. */
static bool gz_deflate(struct gz *g, int flush)
{
	do {
		int rc;
		size_t have;

		g->z.next_out = g->buf;
		g->z.avail_out = sizeof g->buf;
		rc = deflate(&g->z, flush);
		if (rc == Z_STREAM_ERROR)
			return false;
		have = sizeof g->buf - g->z.avail_out;
		if (have && fwrite(g->buf, 1, have, g->under) != have) {
			/* The cause (a full disk) is what the user needs, not EIO. */
			g->error = errno;
			return false;
		}
	} while (g->z.avail_out == 0);
	return true;
}

static ssize_t gz_write(void *cookie, const char *data, size_t n)
{
	struct gz *g = cookie;

	if (g->failed) {
		errno = g->error ? g->error : EIO;
		return -1;
	}
	g->z.next_in = (unsigned char *)data;
	g->z.avail_in = (uInt)n;
	if (!gz_deflate(g, Z_NO_FLUSH)) {
		g->failed = true;
		errno = g->error ? g->error : EIO;
		return -1;
	}
	return (ssize_t)n;
}

static int gz_close_write(void *cookie)
{
	struct gz *g = cookie;
	bool ok = !g->failed;

	g->z.next_in = NULL;
	g->z.avail_in = 0;
	ok = ok && gz_deflate(g, Z_FINISH);
	deflateEnd(&g->z);
	if (ok && fflush(g->under) != 0)
		g->error = errno;
	ok = ok && !g->error && !ferror(g->under);
	if (!ok) {
		errno = g->error ? g->error : EIO;
		free(g);
		return EOF;
	}
	free(g);
	return 0;
}

FILE *tracegz_open_write(FILE *out)
{
	static const cookie_io_functions_t io = { NULL, gz_write, NULL, gz_close_write };
	struct gz *g = xcalloc(1, sizeof *g);
	FILE *f;

	g->under = out;
	/*
	 * Level 1, zlib's fastest: a 1,000,000-node JSON Lines trace (593 MB)
	 * compresses to 51.6 MB and the whole "quiesce trace" took 2.7 s of CPU;
	 * at the default level 6, 35.5 MB and 6.4 s (0.6 s uncompressed).
	 */
	if (deflateInit2(&g->z, Z_BEST_SPEED, Z_DEFLATED, GZ_WRITE_BITS, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
		free(g);
		return NULL;
	}
	if ((f = fopencookie(g, "w", io)) == NULL) {
		deflateEnd(&g->z);
		free(g);
	}
	return f;
}

/* ------------------------------------------------------------------ reading */

static ssize_t gz_fail(struct gz *g, const char *why)
{
	g->failed = true;
	if (g->why)
		*g->why = why;
	errno = EIO;
	return -1;
}

/* Whether the input left (in Z, then under the stream) is zeros to its end. */
static bool gz_zeros_to_end(struct gz *g)
{
	size_t got;

	for (uInt i = 0; i < g->z.avail_in; i++)
		if (g->z.next_in[i] != 0)
			return false;
	g->z.avail_in = 0;
	while ((got = fread(g->buf, 1, sizeof g->buf, g->under)) > 0)
		for (size_t i = 0; i < got; i++)
			if (g->buf[i] != 0)
				return false;
	return !ferror(g->under);
}

static ssize_t gz_read(void *cookie, char *data, size_t n)
{
	struct gz *g = cookie;

	if (g->failed)
		return gz_fail(g, g->why ? *g->why : "the gzip stream is corrupt");
	g->z.next_out = (unsigned char *)data;
	g->z.avail_out = (uInt)n;
	while (g->z.avail_out == n && !g->done) {
		int rc;

		if (g->z.avail_in == 0) {
			size_t got;

			if (g->prefix_n) {
				memcpy(g->buf, g->prefix, g->prefix_n);
				got = g->prefix_n;
				g->prefix_n = 0;
			} else {
				got = fread(g->buf, 1, sizeof g->buf, g->under);
			}
			if (got == 0) {
				if (ferror(g->under))
					return gz_fail(g, "a read error under the gzip stream");
				/* The input ends inside a member: a truncated file. */
				return gz_fail(g, "the gzip stream ends early (the file looks truncated)");
			}
			g->z.next_in = g->buf;
			g->z.avail_in = (uInt)got;
		}
		rc = inflate(&g->z, Z_NO_FLUSH);
		if (rc == Z_STREAM_END) {
			/* Another member may follow (gzip(1) concatenates them); else the end. */
			if (g->z.avail_in == 0) {
				int c = getc(g->under);

				if (c == EOF) {
					g->done = true;
					break;
				}
				g->buf[0] = (unsigned char)c;
				g->z.next_in = g->buf;
				g->z.avail_in = 1;
			}
			/* Zero bytes after the last member (tape blocks), which gzip(1) accepts: the end. */
			if (g->z.next_in[0] == 0) {
				if (!gz_zeros_to_end(g))
					return gz_fail(g, "the gzip stream is corrupt (bytes other than zeros after "
						       "the zero padding that follows its last member)");
				g->done = true;
				break;
			}
			if (inflateReset(&g->z) != Z_OK)
				return gz_fail(g, "the gzip stream is corrupt");
		} else if (rc != Z_OK && rc != Z_BUF_ERROR) {
			return gz_fail(g, rc == Z_MEM_ERROR ? "out of memory inflating the gzip stream" :
				       "the gzip stream is corrupt (zlib cannot inflate it)");
		}
	}
	return (ssize_t)(n - g->z.avail_out);
}

static int gz_close_read(void *cookie)
{
	struct gz *g = cookie;

	inflateEnd(&g->z);
	free(g);
	return 0;
}

FILE *tracegz_open_read(FILE *in, const unsigned char *prefix, size_t n, const char **why)
{
	static const cookie_io_functions_t io = { gz_read, NULL, NULL, gz_close_read };
	struct gz *g = xcalloc(1, sizeof *g);
	FILE *f;

	g->under = in;
	g->why = why;
	if (n > sizeof g->prefix)
		n = sizeof g->prefix;
	memcpy(g->prefix, prefix, n);
	g->prefix_n = n;
	if (inflateInit2(&g->z, GZ_READ_BITS) != Z_OK) {
		free(g);
		return NULL;
	}
	if ((f = fopencookie(g, "r", io)) == NULL) {
		inflateEnd(&g->z);
		free(g);
	}
	return f;
}
