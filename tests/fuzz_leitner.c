/*
 * fuzz_leitner.c: a libFuzzer target for the practice record's reader
 * (src/teach/leitner.c). Any input is read without a crash, a hang or
 * undefined behaviour; a record that reads is written, and what is written
 * must read again and be written the same (a save never makes a file that
 * the next load would set aside as damaged).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "teach/leitner.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* L written to a new buffer (*LEN bytes). */
static char *written(const struct leitner *l, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	if (f == NULL || !leitner_write(l, f))
		abort();
	fclose(f);
	return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct leitner l, again;
	struct error err = { 0 };
	char *text = malloc(size + 1), *one, *two;
	size_t n1, n2;

	memcpy(text, data, size);
	text[size] = '\0';
	leitner_init(&l);
	leitner_init(&again);
	if (leitner_parse(&l, text, size, "fuzz", &err)) {
		/* Every count in range, every box a box. */
		for (int i = 0; i < l.count; i++)
			if (l.cards[i].box < 1 || l.cards[i].box > LEITNER_BOXES || l.cards[i].due < 0 ||
			    leitner_find(&l, l.cards[i].id) != &l.cards[i])
				abort();
		one = written(&l, &n1);
		if (!leitner_parse(&again, one, n1, "fuzz-again", &err)) {
			fprintf(stderr, "fuzz_leitner: the record written does not read back: %s\n", err.msg);
			abort();
		}
		two = written(&again, &n2);
		if (n1 != n2 || memcmp(one, two, n1) != 0) {
			fprintf(stderr, "fuzz_leitner: written twice, two different records\n");
			abort();
		}
		free(one);
		free(two);
	} else if (err.msg[0] == '\0') {
		fprintf(stderr, "fuzz_leitner: refused without a message\n");
		abort();
	}
	leitner_clear(&l);
	leitner_clear(&again);
	free(text);
	return 0;
}
