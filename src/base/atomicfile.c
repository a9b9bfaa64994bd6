/* atomicfile.c: temp file + fsync + rename, so a crash or a full disk never leaves half a file. */
#include "base/atomicfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"

/* Releases what AF holds. */
static void release(struct atomicfile *af)
{
	free(af->path);
	free(af->tmp);
	af->path = af->tmp = NULL;
	af->fp = NULL;
}

/*
 * The file a write to PATH should replace: PATH itself, or, when PATH is a
 * symbolic link (a progress file kept in a dotfiles repository, say), the
 * file it points to, followed link by link (relative targets from the
 * link's directory). Renaming a temporary file over the link itself would
 * replace the link by a regular file and the target would silently stop
 * being updated. NULL with a message when the links loop.
 */
static char *write_target(const char *path, struct error *err)
{
	char *cur = xstrdup(path);

	for (int hops = 0; hops < 40; hops++) {
		struct stat st;
		char buf[4096];
		ssize_t n;
		char *next;

		if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
			return cur;
		n = readlink(cur, buf, sizeof buf - 1);
		if (n < 0 || (size_t)n >= sizeof buf - 1) {
			error_set(err, 0, 0, "cannot write '%s': cannot read the symbolic link %s", path, cur);
			free(cur);
			return NULL;
		}
		buf[n] = '\0';
		if (buf[0] == '/' || strrchr(cur, '/') == NULL) {
			next = xstrdup(buf);
		} else {
			size_t dir = (size_t)(strrchr(cur, '/') - cur) + 1;

			next = xmalloc(dir + (size_t)n + 1);
			memcpy(next, cur, dir);
			memcpy(next + dir, buf, (size_t)n + 1);
		}
		free(cur);
		cur = next;
	}
	error_set(err, 0, 0, "cannot write '%s': too many levels of symbolic links", path);
	free(cur);
	return NULL;
}

bool atomicfile_open(struct atomicfile *af, const char *path, struct error *err)
{
	struct stat st;
	size_t len;
	mode_t mask;
	int fd;

	memset(af, 0, sizeof *af);
	af->path = write_target(path, err);
	if (af->path == NULL)
		return false;
	path = af->path;
	len = strlen(path);
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		af->fp = fopen(path, "w");
		if (af->fp == NULL) {
			error_set(err, 0, 0, "cannot write '%s': %s", path, strerror(errno));
			release(af);
			return false;
		}
		return true;
	}
	af->tmp = xmalloc(len + sizeof ".tmpXXXXXX");
	memcpy(af->tmp, path, len);
	memcpy(af->tmp + len, ".tmpXXXXXX", sizeof ".tmpXXXXXX");
	fd = mkstemp(af->tmp);
	if (fd < 0) {
		error_set(err, 0, 0, "cannot write '%s': cannot create a temporary file beside it: %s",
			  path, strerror(errno));
		release(af);
		return false;
	}
	/* mkstemp makes the file private; give it the permissions a new file would get. */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) != 0 || (af->fp = fdopen(fd, "w")) == NULL) {
		error_set(err, 0, 0, "cannot write '%s': %s", path, strerror(errno));
		close(fd);
		unlink(af->tmp);
		release(af);
		return false;
	}
	return true;
}

bool atomicfile_commit(struct atomicfile *af, struct error *err)
{
	const char *what = "write error";
	int saved;

	if (fflush(af->fp) != 0 || ferror(af->fp))
		goto fail;
	what = "cannot sync it to disk";
	if (af->tmp != NULL && fsync(fileno(af->fp)) != 0)
		goto fail;
	what = "cannot close it";
	if (fclose(af->fp) != 0) {
		af->fp = NULL;
		goto fail;
	}
	af->fp = NULL;
	what = "cannot rename the temporary file to it";
	if (af->tmp != NULL && rename(af->tmp, af->path) != 0)
		goto fail;
	release(af);
	return true;
fail:
	saved = errno ? errno : EIO;
	error_set(err, 0, 0, "cannot write '%s': %s: %s", af->path, what, strerror(saved));
	atomicfile_abort(af);
	return false;
}

void atomicfile_abort(struct atomicfile *af)
{
	if (af->fp != NULL)
		fclose(af->fp);
	if (af->tmp != NULL)
		unlink(af->tmp);
	release(af);
}
