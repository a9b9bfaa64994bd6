/*
 * fuzz_lesson_verify.c: a libFuzzer target for lesson checking: a lesson that
 * parses is verified (its claims and answers checked by running the searches
 * they are about), and that must end without a crash, with every failure
 * reported with a place. The parse-only target, fuzz_lesson, runs thousands
 * of times faster; this one reaches the verifier and the node references.
 * Every search is capped at a few thousand nodes and 3 plies, so that a
 * mutated "depth 20" is a slow input, not a hung fuzzer; pages that compare
 * two searches are not verified (their modes may name any depth).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "teach/lesson.h"
#include "teach/lessoncheck.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_MAX_NODES 4000
#define FUZZ_MAX_DEPTH 3

/* Caps the search O: few nodes, shallow. */
static void cap(struct search_options *o)
{
	o->max_nodes = FUZZ_MAX_NODES;
	if (o->depth > FUZZ_MAX_DEPTH)
		o->depth = FUZZ_MAX_DEPTH;
}

/* Reports a failure of the verifier: it must say where. */
static void report(const struct lesson *l, int line, int column, const char *msg, void *ctx)
{
	(void)l;
	(void)ctx;
	if (line < 0 || column < 0 || msg == NULL || msg[0] == '\0') {
		fprintf(stderr, "fuzz_lesson_verify: a failure without a place or message: %d:%d\n", line, column);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int initialised;
	struct error err = { 0 };
	struct lesson *l;
	char *text;
	bool compares = false;

	if (!initialised) {
		board_init();
		initialised = 1;
	}
	if (size > 8000)
		return 0;
	text = malloc(size + 1);
	if (text == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	l = lesson_parse(text, "fuzz.lesson", &err);
	free(text);
	if (l == NULL)
		return 0;
	for (int p = 0; p < l->page_count; p++) {
		struct lesson_page *pg = &l->pages[p];

		cap(&pg->opt);
		for (int i = 0; i < pg->item_count; i++) {
			struct lesson_item *it = &pg->items[i];

			cap(&it->opt);
			if (it->claim)
				cap(&it->claim->opt);
			if (it->kind == LI_COMPARE)
				compares = true;
		}
	}
	if (!compares)
		lessoncheck_lesson(l, report, NULL);
	lesson_free(l);
	return 0;
}
