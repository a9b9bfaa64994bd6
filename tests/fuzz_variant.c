/*
 * fuzz_variant.c: a libFuzzer target for the parser of search variants and
 * options (variant_apply over option_set_name): no crash, every refusal
 * with a message, and every accepted variant survives a round trip through
 * the option table's words (option_text, then option_set gives the same
 * options back).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/option.h"
#include "search/variant.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Stops the run with the input's story: libFuzzer saves the input that led here. */
static void die(const char *what, const char *spec, const char *detail)
{
	fprintf(stderr, "fuzz_variant: %s\n  spec: %s\n  %s\n", what, spec, detail);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char spec[VARIANT_MAX * 2], desc[VARIANT_DESC_MAX], line[512];
	struct search_options opt, again;
	struct error err = { 0 };

	if (size >= sizeof spec)
		return 0;
	memcpy(spec, data, size);
	spec[size] = '\0';
	option_defaults(&opt);
	if (!variant_apply(&opt, spec, &err)) {
		if (memchr(err.msg, '\0', sizeof err.msg) == NULL || err.msg[0] == '\0')
			die("a refused variant without a message", spec, "");
		return 0;
	}
	variant_describe(&opt, true, desc, sizeof desc);
	option_describe(&opt, false, false, line, sizeof line);
	/* Every option written as its word and read back gives the same options. */
	option_defaults(&again);
	for (int i = 0; i < option_count; i++) {
		char word[64];

		option_text(&option_table[i], &opt, word, sizeof word);
		if (!option_set(&option_table[i], &again, word, &err))
			die("an option's own word is refused", spec, err.msg);
	}
	if (!option_equal(&opt, &again) || opt.max_memory != again.max_memory)
		die("the options do not survive their words", spec, line);
	return 0;
}
