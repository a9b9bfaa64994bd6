/* atomicfile.c: temp file + fsync + rename, so a crash or a full disk never leaves half a file. */
#include "atomicfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

/* Releases what AF holds. */
static void release(struct atomicfile *af)
{
	free(af->path);
	free(af->tmp);
	af->path = af->tmp = NULL;
	af->fp = NULL;
}

bool atomicfile_open(struct atomicfile *af, const char *path, struct error *err)
{
	struct stat st;
	size_t len = strlen(path);
	mode_t mask;
	int fd;

	memset(af, 0, sizeof *af);
	af->path = xstrdup(path);
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
