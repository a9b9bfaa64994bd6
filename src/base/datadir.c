/* datadir.c: finding the data directory (lessons/, positions/) at run time. */
#include "base/datadir.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"

/* Whether the running program is the one in the build tree (not an installed copy). */
static bool running_from_build_tree(void)
{
	char self[PATH_MAX], *real_build;
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	bool inside;

	if (n <= 0)
		return false;
	self[n] = '\0';
	real_build = realpath(ABS_BUILDDIR, NULL);
	if (real_build == NULL)
		return false;
	inside = strncmp(self, real_build, strlen(real_build)) == 0 &&
		 self[strlen(real_build)] == '/';
	free(real_build);
	return inside;
}

const char *datadir_get(void)
{
	const char *env = getenv("QUIESCE_DATADIR");
	struct stat st;

	if (env != NULL && *env != '\0')
		return env;
	if (running_from_build_tree() && stat(ABS_SRCDIR "/positions", &st) == 0)
		return ABS_SRCDIR;
	return PKGDATADIR;
}

char *datadir_resolve(const char *name)
{
	struct stat st;
	const char *dir;
	char *path;

	if (stat(name, &st) == 0 || name[0] == '/')
		return xstrdup(name);
	dir = datadir_get();
	path = xmalloc(strlen(dir) + strlen(name) + 2);
	strcpy(path, dir);
	strcat(path, "/");
	strcat(path, name);
	if (stat(path, &st) != 0) {
		free(path);
		return xstrdup(name);
	}
	return path;
}
