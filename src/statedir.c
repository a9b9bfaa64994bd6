/* statedir.c: the XDG state directory of quiesce. */
#include "statedir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

/* Makes directory PATH and its parents (like mkdir -p); true when it exists afterwards. */
static bool make_dirs(char *path)
{
	struct stat st;

	for (char *c = path + 1; *c; c++) {
		if (*c != '/')
			continue;
		*c = '\0';
		if (mkdir(path, 0700) != 0 && errno != EEXIST) {
			*c = '/';
			return false;
		}
		*c = '/';
	}
	if (mkdir(path, 0700) != 0 && errno != EEXIST)
		return false;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool statedir_path(const char *name, char *buf, size_t n, bool create)
{
	const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	char dir[4096];

	if (state && state[0] == '/')
		snprintf(dir, sizeof dir, "%s/quiesce", state);
	else if (home && *home)
		snprintf(dir, sizeof dir, "%s/.local/state/quiesce", home);
	else
		return false;
	if (create && !make_dirs(dir))
		return false;
	return (size_t)snprintf(buf, n, "%s/%s", dir, name) < n;
}
