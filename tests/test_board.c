/*
 * test_board.c: make/unmake, keys, check detection and the generator classes,
 * walked over every position two plies below each perft-suite position.
 *
 * Each property is checked against a second, slower way of computing it:
 * the key against a from-scratch recomputation, gives_check against making
 * the move and asking whether the opponent is in check, the tactical/quiet
 * split against the move kinds, and legality against "the king is not left
 * attacked" after making a pseudo-move.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "check.h"



/* Whether M appears in LIST. */
static bool contains(const struct move_list *list, move m)
{
	for (int i = 0; i < list->count; i++)
		if (list->moves[i] == m)
			return true;
	return false;
}

/* Checks the properties of one position, then recurses DEPTH plies. */
static void walk(struct position *pos, int depth, const char *origin)
{
	struct move_list all, tactical, quiet, checks_list;
	char why[128];
	struct position before = *pos;

	CHECK(board_ok(pos, why, sizeof why), "board_ok: %s (below %s)", why, origin);
	movegen_all(pos, &all);
	movegen_tactical(pos, &tactical);
	movegen_quiet(pos, &quiet);
	movegen_quiet_checks(pos, &checks_list);
	CHECK(tactical.count + quiet.count == all.count, "tactical + quiet != all (below %s)", origin);
	CHECK(movegen_count(pos) == all.count, "movegen_count disagrees (below %s)", origin);
	for (int i = 0; i < tactical.count; i++)
		CHECK(MOVE_IS_TACTICAL(tactical.moves[i]) && contains(&all, tactical.moves[i]),
		      "tactical move not a capture/promotion in all (below %s)", origin);
	for (int i = 0; i < quiet.count; i++)
		CHECK(!MOVE_IS_TACTICAL(quiet.moves[i]) && contains(&all, quiet.moves[i]),
		      "quiet move tactical or missing from all (below %s)", origin);
	if (board_in_check(pos)) {
		struct move_list ev;

		movegen_evasions(pos, &ev);
		CHECK(ev.count == all.count, "evasions != all legal moves in check (below %s)", origin);
	}

	for (int i = 0; i < all.count; i++) {
		move m = all.moves[i];
		struct undo u;
		bool gives = board_gives_check(pos, m);
		uint64_t key;

		board_make(pos, m, &u);
		key = pos->key;
		CHECK(key == board_compute_key(pos), "incremental key differs (below %s)", origin);
		CHECK(!board_attacked(pos, board_king(pos, !pos->side), pos->side),
		      "legal move leaves own king in check (below %s)", origin);
		CHECK(gives == board_in_check(pos), "gives_check wrong for move %d (below %s)", i, origin);
		CHECK(!MOVE_IS_TACTICAL(m) && gives ? contains(&checks_list, m) : !contains(&checks_list, m),
		      "quiet_checks list wrong (below %s)", origin);
		if (depth > 1)
			walk(pos, depth - 1, origin);
		board_unmake(pos, m, &u);
		CHECK(memcmp(pos, &before, sizeof before) == 0, "unmake did not restore the position (below %s)",
		      origin);
	}
}

int main(void)
{
	const char *srcdir = getenv("srcdir");
	char path[4096], line[4096];
	FILE *f;
	int positions = 0;

	board_init();
	snprintf(path, sizeof path, "%s/positions/perft.epd", srcdir ? srcdir : ".");
	f = fopen(path, "r");
	if (f == NULL) {
		printf("cannot open %s\n", path);
		return 1;
	}
	while (fgets(line, sizeof line, f)) {
		struct position pos;
		struct error err = { 0 };
		char *semi = strchr(line, ';');

		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (semi)
			*semi = '\0';
		while (strlen(line) && strchr(" \r\n", line[strlen(line) - 1]))
			line[strlen(line) - 1] = '\0';
		if (!fen_parse(&pos, line, &err)) {
			printf("FAIL: cannot parse %s: %s\n", line, err.msg);
			failures++;
			continue;
		}
		memset(&pos, 0, sizeof pos);   /* padding bytes must compare equal below */
		fen_parse(&pos, line, &err);
		walk(&pos, 2, line);
		positions++;
	}
	fclose(f);
	printf("%d positions, %ld checks, %d failures\n", positions, checks, failures);
	return failures ? 1 : positions ? 0 : 1;
}
