/* lockfile.c: one writer at a time for a state file that several sessions share (flock on PATH.lock). */
#include "lockfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "util.h"

int lockfile_acquire(const char *path, struct error *err)
{
	size_t n = strlen(path) + sizeof ".lock";
	char *name = xmalloc(n);
	int fd;

	snprintf(name, n, "%s.lock", path);
	fd = open(name, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0) {
		error_set(err, 0, 0, "cannot lock it: cannot open %s: %s", name, strerror(errno));
		free(name);
		return -1;
	}
	free(name);
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
