/* perft.c: counting the leaves of the legal move tree. */
#include "chess/perft.h"

#include <assert.h>

#include "chess/movegen.h"

uint64_t perft(struct position *pos, int depth, bool bulk)
{
	struct move_list list;
	struct undo u;
	uint64_t nodes = 0;

	if (depth <= 0)
		return 1;
	/* The generator is strictly legal, so the last ply is just a count. */
	if (bulk && depth == 1)
		return (uint64_t)movegen_count(pos);

	movegen_all(pos, &list);
	for (int i = 0; i < list.count; i++) {
		board_make(pos, list.moves[i], &u);
		assert(board_ok(pos, NULL, 0));
		nodes += depth == 1 ? 1 : perft(pos, depth - 1, bulk);
		board_unmake(pos, list.moves[i], &u);
		assert(board_ok(pos, NULL, 0));
	}
	return nodes;
}
