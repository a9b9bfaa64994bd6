/* fuzz_lesson.c: a libFuzzer target for the lesson parser: any bytes, no crash, and a refusal always says where. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "teach/lesson.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int initialised;
	struct error err = { 0 };
	struct lesson *l;
	char *text;

	if (!initialised) {
		board_init();
		initialised = 1;
	}
	/* The parser reads text: a copy with a terminator (bytes after a NUL are simply not seen). */
	text = malloc(size + 1);
	if (text == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	l = lesson_parse(text, "fuzz.lesson", &err);
	if (l == NULL) {
		if (memchr(err.msg, '\0', sizeof err.msg) == NULL || err.msg[0] == '\0') {
			fprintf(stderr, "fuzz_lesson: a refused lesson without a message\n");
			abort();
		}
		if (err.line < 0 || err.column < 0) {
			fprintf(stderr, "fuzz_lesson: a negative line or column: %d:%d\n", err.line, err.column);
			abort();
		}
	} else {
		lesson_free(l);
	}
	free(text);
	return 0;
}
