/* tt.c: the transposition table's memory. */
#include "search/tt.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

struct tt *tt_new(int mb)
{
	struct tt *t;
	uint64_t bytes, count = 1;

	if (mb < 1 || mb > TT_MAX_MB)
		return NULL;
	bytes = (uint64_t)mb << 20;
	while (count * 2 * sizeof(struct tt_entry) <= bytes)
		count *= 2;
	t = xcalloc(1, sizeof *t);
	/* calloc, not malloc and a clear: the kernel's zero pages cost nothing until they are used. */
	t->entries = calloc((size_t)count, sizeof *t->entries);
	if (t->entries == NULL) {
		free(t);
		return NULL;
	}
	t->mask = count - 1;
	return t;
}

void tt_free(struct tt *t)
{
	if (t == NULL)
		return;
	free(t->entries);
	free(t);
}

void tt_clear(struct tt *t)
{
	memset(t->entries, 0, tt_bytes(t));
	t->probes = t->hits = t->cutoffs = t->stores = 0;
}

size_t tt_bytes(const struct tt *t)
{
	return (size_t)(t->mask + 1) * sizeof *t->entries;
}
