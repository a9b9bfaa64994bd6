/*
 * fuzz_history.c: a libFuzzer target for the command history reader
 * (src/base/cmdhistory.c). Any input is read without a crash or a hang; a
 * history that reads keeps at most CMDHISTORY_MAX lines, none empty, none
 * holding a newline; written, it reads back as the same lines.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cmdhistory.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cmdhistory h, again;
	struct error err = { 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	cmdhistory_init(&h);
	cmdhistory_init(&again);
	if (!cmdhistory_parse(&h, (const char *)data, size, "fuzz", &err)) {
		if (err.msg[0] == '\0')
			abort();
		cmdhistory_clear(&h);
		return 0;
	}
	if (h.count > CMDHISTORY_MAX)
		abort();
	for (int i = 0; i < h.count; i++)
		if (h.lines[i][0] == '\0' || strchr(h.lines[i], '\n') || strlen(h.lines[i]) > CMDHISTORY_LINE_MAX)
			abort();
	f = open_memstream(&buf, &len);
	if (f == NULL || !cmdhistory_write(&h, f))
		abort();
	fclose(f);
	if (!cmdhistory_parse(&again, buf, len, "fuzz-again", &err) || again.count != h.count) {
		fprintf(stderr, "fuzz_history: the history written does not read back\n");
		abort();
	}
	for (int i = 0; i < h.count; i++)
		if (strcmp(h.lines[i], again.lines[i]) != 0)
			abort();
	free(buf);
	cmdhistory_clear(&h);
	cmdhistory_clear(&again);
	return 0;
}
