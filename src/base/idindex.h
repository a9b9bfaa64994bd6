/* idindex.h: a hash index from names (card ids, lesson ids) to the positions of the records that hold them. */
#ifndef QUIESCE_IDINDEX_H
#define QUIESCE_IDINDEX_H

#include <stddef.h>

#include "base/types.h"

/*
 * An open-addressing hash table of record numbers: the records stay in the
 * caller's array, the index keeps only their numbers, and the caller's
 * NAME_OF function gives the name of record I. So looking a name up, or
 * adding one, costs the same for the 100th record as for the 2,000,000th:
 * loading a state file is linear in its size.
 */
struct idindex_slot {
	unsigned hash;          /* the name's hash, compared before the name itself */
	int record;             /* record number + 1; 0 for an empty slot */
};

struct idindex {
	struct idindex_slot *slots;
	size_t size;            /* a power of two, or 0 before the first add */
	size_t used;
};

/* The name of record I of the caller's array CTX. */
typedef const char *(*idindex_name_fn)(const void *ctx, int i);

/* An empty index; idindex_clear frees what it holds. */
void idindex_init(struct idindex *x);
void idindex_clear(struct idindex *x);

/* The record of NAME, or -1 when none is indexed. */
int idindex_find(const struct idindex *x, const char *name, idindex_name_fn name_of, const void *ctx);

/* Indexes record I (whose name NAME_OF gives); the name must not be indexed yet. */
void idindex_add(struct idindex *x, int i, idindex_name_fn name_of, const void *ctx);

#endif
