/*
 * lesson_list.c: the lessons of the data directory: listing them and finding
 * one by id, number or path.
 */
#include "teach/lesson.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/datadir.h"
#include "teach/lesson_int.h"
#include "base/util.h"

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int lesson_list(const char *dir, struct lesson_info **out)
{
	char *path = NULL;
	DIR *d;
	struct dirent *de;
	char **names = NULL;
	int count = 0;
	struct lesson_info *list;

	if (dir == NULL) {
		const char *data = datadir_get();

		path = xmalloc(strlen(data) + 10);
		sprintf(path, "%s/lessons", data);
		dir = path;
	}
	*out = NULL;
	d = opendir(dir);
	if (d == NULL) {
		free(path);
		return 0;
	}
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);

		if (len > 7 && !strcmp(de->d_name + len - 7, ".lesson") && de->d_name[0] != '.') {
			names = xrealloc(names, sizeof *names * (size_t)(count + 1));
			names[count] = xmalloc(strlen(dir) + len + 2);
			sprintf(names[count], "%s/%s", dir, de->d_name);
			count++;
		}
	}
	closedir(d);
	free(path);
	if (count > 1)
		qsort(names, (size_t)count, sizeof *names, compare_names);
	list = xcalloc((size_t)(count ? count : 1), sizeof *list);
	for (int i = 0; i < count; i++) {
		struct error e = { 0 };
		struct lesson *l = lesson_load(names[i], &e);

		list[i].path = names[i];
		if (l) {
			list[i].id = xstrdup(l->id);
			list[i].title = xstrdup(l->title);
			list[i].summary = xstrdup(l->summary);
			lesson_free(l);
		} else {
			const char *base = strrchr(names[i], '/') ? strrchr(names[i], '/') + 1 : names[i];
			char msg[400];

			list[i].id = xstrdup(base);
			list[i].id[strlen(base) - 7] = '\0';
			list[i].title = xstrdup("(does not parse)");
			snprintf(msg, sizeof msg, "line %d, column %d: %s", e.line, e.column, e.msg);
			list[i].summary = xstrdup(msg);
		}
	}
	free(names);
	*out = list;
	return count;
}

void lesson_info_free(struct lesson_info *list, int count)
{
	for (int i = 0; i < count; i++) {
		free(list[i].path);
		free(list[i].id);
		free(list[i].title);
		free(list[i].summary);
	}
	free(list);
}

char *lesson_find(const char *name)
{
	struct stat st;
	struct lesson_info *list;
	int count;
	char *found = NULL;
	long number = 0;

	/*
	 * A path (with a '/') that exists is the learner's choice whatever it is:
	 * loading it says what is wrong ("is a directory"), not "no lesson".
	 */
	if (strchr(name, '/'))
		return stat(name, &st) == 0 ? xstrdup(name) : NULL;
	if (stat(name, &st) == 0 && S_ISREG(st.st_mode))
		return xstrdup(name);
	count = lesson_list(NULL, &list);
	if (!lesson_parse_positive(name, &number))
		number = 0;
	for (int i = 0; i < count && !found; i++) {
		const char *base = strrchr(list[i].path, '/') ? strrchr(list[i].path, '/') + 1 : list[i].path;
		size_t blen = strlen(base) - 7;

		if (!strcmp(list[i].id, name) || !strcmp(base, name) ||
		    (strlen(name) == blen && !strncmp(base, name, blen)) || number == i + 1)
			found = xstrdup(list[i].path);
	}
	lesson_info_free(list, count);
	return found;
}
