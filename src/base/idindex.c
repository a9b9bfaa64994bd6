/* idindex.c: a hash index from names to record numbers (FNV-1a, linear probing, kept at most half full). */
#include "base/idindex.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* The FNV-1a hash of NAME, folded to 32 bits: it places the slot and is compared before the name. */
static unsigned hash(const char *name)
{
	uint64_t h = 14695981039346656037ULL;

	for (const unsigned char *c = (const unsigned char *)name; *c; c++)
		h = (h ^ *c) * 1099511628211ULL;
	return (unsigned)(h ^ (h >> 32));
}

void idindex_init(struct idindex *x)
{
	memset(x, 0, sizeof *x);
}

void idindex_clear(struct idindex *x)
{
	free(x->slots);
	idindex_init(x);
}

int idindex_find(const struct idindex *x, const char *name, idindex_name_fn name_of, const void *ctx)
{
	unsigned h = hash(name);

	if (x->size == 0)
		return -1;
	for (size_t s = h & (x->size - 1);; s = (s + 1) & (x->size - 1)) {
		const struct idindex_slot *slot = &x->slots[s];

		if (slot->record == 0)
			return -1;
		if (slot->hash == h && strcmp(name_of(ctx, slot->record - 1), name) == 0)
			return slot->record - 1;
	}
}

/* Puts record I, whose name hashes to H, in the first free slot of its probe sequence. */
static void place(struct idindex *x, int i, unsigned h)
{
	size_t s = h & (x->size - 1);

	while (x->slots[s].record != 0)
		s = (s + 1) & (x->size - 1);
	x->slots[s].record = i + 1;
	x->slots[s].hash = h;
}

void idindex_add(struct idindex *x, int i, idindex_name_fn name_of, const void *ctx)
{
	if (2 * (x->used + 1) > x->size) {
		struct idindex bigger;

		bigger.size = x->size ? 2 * x->size : 64;
		bigger.slots = xcalloc(bigger.size, sizeof *bigger.slots);
		bigger.used = 0;
		/* Moved by the hashes kept in the slots: the names are not read again. */
		for (size_t s = 0; s < x->size; s++)
			if (x->slots[s].record != 0) {
				place(&bigger, x->slots[s].record - 1, x->slots[s].hash);
				bigger.used++;
			}
		free(x->slots);
		*x = bigger;
	}
	place(x, i, hash(name_of(ctx, i)));
	x->used++;
}
