/*
 * fuzz_progress.c: a libFuzzer target for the lesson progress reader
 * (src/teach/progress.c). Any input is read without a crash or a hang; a
 * progress that reads is written, and what is written must read again and be
 * written the same (a save never makes a file the next start would set aside).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "teach/progress.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* P written to a new buffer (*LEN bytes). */
static char *written(const struct progress *p, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	if (f == NULL || !progress_write(p, f))
		abort();
	fclose(f);
	return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct progress p, again;
	struct error err = { 0 };
	char *text = malloc(size + 1), *one, *two;
	size_t n1, n2;

	/* The reader's caller refuses a NUL byte (src/base/statefile); the parser sees text. */
	if (memchr(data, '\0', size)) {
		free(text);
		return 0;
	}
	memcpy(text, data, size);
	text[size] = '\0';
	progress_init(&p);
	progress_init(&again);
	if (progress_parse(&p, text, "fuzz", &err) == PROGRESS_OK) {
		one = written(&p, &n1);
		if (progress_parse(&again, one, "fuzz-again", &err) != PROGRESS_OK) {
			fprintf(stderr, "fuzz_progress: the progress written does not read back: %s\n", err.msg);
			abort();
		}
		two = written(&again, &n2);
		if (n1 != n2 || memcmp(one, two, n1) != 0) {
			fprintf(stderr, "fuzz_progress: written twice, two different files\n");
			abort();
		}
		free(one);
		free(two);
	} else if (err.msg[0] == '\0') {
		fprintf(stderr, "fuzz_progress: refused without a message\n");
		abort();
	}
	progress_clear(&p);
	progress_clear(&again);
	free(text);
	return 0;
}
