/*
 * fuzz_replay.c: runs a libFuzzer target without libFuzzer, over the files
 * named on the command line (or every file of the directories named), so
 * that "make check" builds every fuzz target with the ordinary compiler and
 * replays its seed corpus: a target that no longer compiles, or a seed that
 * crashes, fails the tests, not only the fuzzing step of CI.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Runs the target on the file PATH; false when it cannot be read. */
static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	long len;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
		fprintf(stderr, "fuzz_replay: cannot read %s\n", path);
		if (f)
			fclose(f);
		return 0;
	}
	buf = malloc((size_t)len + 1);
	if (buf == NULL || fread(buf, 1, (size_t)len, f) != (size_t)len) {
		fprintf(stderr, "fuzz_replay: cannot read %s\n", path);
		free(buf);
		fclose(f);
		return 0;
	}
	fclose(f);
	LLVMFuzzerTestOneInput(buf, (size_t)len);
	free(buf);
	return 1;
}

/*
 * With no arguments, the seed corpus: the directories of FUZZ_CORPUS (a
 * colon-separated list, set when the program is built) under $srcdir.
 */
static int default_corpus(char **dirs, int max)
{
	static char buf[8192];
	const char *src = getenv("srcdir");
	char list[1024];
	int n = 0;
	size_t used = 0;

#ifdef FUZZ_CORPUS
	snprintf(list, sizeof list, "%s", FUZZ_CORPUS);
#else
	list[0] = '\0';
#endif
	for (char *tok = strtok(list, ":"); tok && n < max; tok = strtok(NULL, ":")) {
		int w = snprintf(buf + used, sizeof buf - used, "%s/%s", src ? src : ".", tok);

		if (w < 0 || (size_t)w >= sizeof buf - used)
			break;
		dirs[n++] = buf + used;
		used += (size_t)w + 1;
	}
	return n;
}

int main(int argc, char **argv)
{
	int files = 0, bad = 0;
	char *dirs[16];

	if (argc < 2) {
		int n = default_corpus(dirs, 16);

		argv = dirs - 1;
		argc = n + 1;
	}
	for (int i = 1; i < argc; i++) {
		struct stat st;
		DIR *d;
		struct dirent *e;

		if (stat(argv[i], &st) != 0 || !S_ISDIR(st.st_mode)) {
			files++;
			bad += !replay_file(argv[i]);
			continue;
		}
		d = opendir(argv[i]);
		while (d && (e = readdir(d)) != NULL) {
			char path[4096];

			if (e->d_name[0] == '.')
				continue;
			snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
			files++;
			bad += !replay_file(path);
		}
		if (d)
			closedir(d);
	}
	printf("fuzz_replay: %d inputs replayed, %d unreadable\n", files, bad);
	return bad || files == 0 ? 1 : 0;
}
