/* tt.c: the transposition table: its memory, and the key and depth of a quiescence node. */
#include "search/tt.h"

#include <stdlib.h>
#include <string.h>

#include "search/search.h"
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

int tt_qdepth(const struct search_options *o, int qply)
{
	int h = 0;

	if (o->mode == QMODE_CHECKS && o->check_plies >= 0 && o->check_plies > h)
		h = o->check_plies;
	if (o->qdepth > h)
		h = o->qdepth;
	if (o->recaptures > h)
		h = o->recaptures;
	return -(qply < h ? qply : h);
}

/* The keys of the square a recapture goes to (splitmix64 from a fixed seed: the same on every run). */
static uint64_t recapture_key(int sq)
{
	uint64_t z = 0x51A7C0DEULL + (uint64_t)(sq + 1) * 0x9E3779B97F4A7C15ULL;

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

uint64_t tt_qkey(const struct search_options *o, const struct position *pos, int qply, move last)
{
	if (o->recaptures >= 0 && qply >= o->recaptures && last != MOVE_NONE)
		return pos->key ^ recapture_key(MOVE_TO(last));
	return pos->key;
}
