/* inputfile.c: opening the files quiesce reads (state files, lessons, traces): regular files only. */
#include "base/inputfile.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"

const char *inputfile_kind(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISLNK(mode))
		return "a symbolic link";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISSOCK(mode))
		return "a socket";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	return "not a plain file";
}

/* False with the message for a file of MODE that is not regular. */
static bool refuse(mode_t mode, struct error *err)
{
	if (S_ISDIR(mode)) {
		errno = EISDIR;
		return error_set(err, 0, 0, "is a directory, not a file");
	}
	errno = EINVAL;
	return error_set(err, 0, 0, "is not a regular file (it is %s)", inputfile_kind(mode));
}

FILE *inputfile_open(const char *path, struct error *err)
{
	struct stat st;
	int fd, flags;
	FILE *f;

	/* O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below. */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		int saved = errno;

		error_set(err, 0, 0, "cannot open it: %s", strerror(saved));
		errno = saved;
		return NULL;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		int saved;

		if (fstat(fd, &st) != 0)
			error_set(err, 0, 0, "cannot read it: %s", strerror(errno));
		else
			refuse(st.st_mode, err);
		saved = errno;
		close(fd);
		errno = saved;
		return NULL;
	}
	flags = fcntl(fd, F_GETFL);
	if (flags >= 0)
		fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	f = fdopen(fd, "rb");
	if (f == NULL) {
		error_set(err, 0, 0, "cannot read it: %s", strerror(errno));
		close(fd);
	}
	return f;
}

bool inputfile_check_regular(const char *path, struct error *err)
{
	struct stat st;

	if (stat(path, &st) != 0)
		return errno == ENOENT ? true : error_set(err, 0, 0, "cannot use it: %s", strerror(errno));
	return S_ISREG(st.st_mode) ? true : refuse(st.st_mode, err);
}

bool inputfile_same(const char *a, const char *b)
{
	struct stat sa, sb;

	return a != NULL && b != NULL && stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}
