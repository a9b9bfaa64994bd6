/* lockfile.c: one writer at a time for a state file that several sessions share (flock on its directory). */
#include "base/lockfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "base/util.h"

int lockfile_acquire(const char *path, struct error *err)
{
	const char *slash = strrchr(path, '/');
	char *dir;
	int fd;

	if (slash == NULL)
		dir = xstrdup(".");
	else if (slash == path)
		dir = xstrdup("/");
	else {
		dir = xmalloc((size_t)(slash - path) + 1);
		memcpy(dir, path, (size_t)(slash - path));
		dir[slash - path] = '\0';
	}
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		error_set(err, 0, 0, "cannot lock it: cannot open its directory %s: %s", dir, strerror(errno));
		free(dir);
		return -1;
	}
	free(dir);
	while (flock(fd, LOCK_EX) != 0) {
		if (errno == EINTR)
			continue;
		error_set(err, 0, 0, "cannot lock it: %s", strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

void lockfile_release(int handle)
{
	if (handle >= 0)
		close(handle);
}
