/* statedir.c: the XDG state directory of quiesce. */
#include "base/statedir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Why the last statedir_path failed, for statedir_problem. */
static char problem[4400] = "no state directory";

/*
 * Checks that PATH (just made, or already there) is a directory; else says
 * what is in the way in PROBLEM.
 */
static bool is_dir(const char *path)
{
	struct stat st;

	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return true;
	snprintf(problem, sizeof problem, "cannot make the state directory: %s is in the way (%s)", path,
		 stat(path, &st) == 0 ? "not a directory" : strerror(errno));
	return false;
}

/* Makes directory PATH and its parents (like mkdir -p); true when it exists afterwards. */
static bool make_dirs(char *path)
{
	for (char *c = path + 1; *c; c++) {
		if (*c != '/')
			continue;
		*c = '\0';
		if (mkdir(path, 0700) != 0 && (errno != EEXIST || !is_dir(path))) {
			if (errno != EEXIST)
				snprintf(problem, sizeof problem, "cannot make the state directory %s: %s", path,
					 strerror(errno));
			*c = '/';
			return false;
		}
		*c = '/';
	}
	if (mkdir(path, 0700) != 0 && errno != EEXIST) {
		snprintf(problem, sizeof problem, "cannot make the state directory %s: %s", path, strerror(errno));
		return false;
	}
	return is_dir(path);
}

const char *statedir_problem(void)
{
	return problem;
}

bool statedir_path(const char *name, char *buf, size_t n, bool create)
{
	const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	char dir[4096];

	if (state && state[0] == '/')
		snprintf(dir, sizeof dir, "%s/quiesce", state);
	else if (home && *home)
		snprintf(dir, sizeof dir, "%s/.local/state/quiesce", home);
	else {
		snprintf(problem, sizeof problem, "no state directory (set XDG_STATE_HOME or HOME)");
		return false;
	}
	if (create && !make_dirs(dir))
		return false;
	return (size_t)snprintf(buf, n, "%s/%s", dir, name) < n;
}
