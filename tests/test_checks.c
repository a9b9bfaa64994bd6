/*
 * test_checks.c: the quiet-check generator against the old way of finding
 * quiet checks, over every position two plies below each position of the
 * perft suites (the repository's, and the shared ones when present) and one
 * ply below each WAC position.
 *
 * The reference is independent of the generator's check logic: generate
 * every legal move, keep the quiet ones (no capture, no promotion), make each
 * and ask whether the side to move is now in check. The generator must give
 * exactly that set, without repeats, and in the order the old generator gave
 * it (the quiet moves filtered in order), since the search's move order, and
 * so its node counts and traces, follow it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "chess/epd.h"
#include "chess/movegen.h"
#include "check.h"

static long quiet_checks;


/* The old way: quiet legal moves, in generation order, that leave the opponent in check once made. */
static void reference_quiet_checks(struct position *pos, struct move_list *out)
{
	struct move_list quiet;

	movegen_quiet(pos, &quiet);
	out->count = 0;
	for (int i = 0; i < quiet.count; i++) {
		struct undo u;
		bool check;

		board_make(pos, quiet.moves[i], &u);
		check = board_in_check(pos);
		board_unmake(pos, quiet.moves[i], &u);
		if (check)
			out->moves[out->count++] = quiet.moves[i];
	}
}

/* Compares the generator with the reference at POS, then recurses DEPTH plies. */
static void walk(struct position *pos, int depth, const char *where)
{
	struct move_list got, want, all;

	movegen_quiet_checks(pos, &got);
	reference_quiet_checks(pos, &want);
	quiet_checks += want.count;
	CHECK(got.count == want.count, "%s: %d quiet checks generated, %d by the reference", where, got.count,
	      want.count);
	for (int i = 0; i < got.count && i < want.count; i++)
		CHECK(got.moves[i] == want.moves[i], "%s: quiet check %d differs (%04x, reference %04x)", where, i,
		      got.moves[i], want.moves[i]);
	if (depth <= 1)
		return;
	movegen_all(pos, &all);
	for (int i = 0; i < all.count; i++) {
		struct undo u;

		board_make(pos, all.moves[i], &u);
		walk(pos, depth - 1, where);
		board_unmake(pos, all.moves[i], &u);
	}
}

/* Walks every position of the EPD file PATH to DEPTH plies; returns the positions, -1 if unreadable. */
static int walk_file(const char *path, int depth)
{
	struct epd_file file;
	struct error err = { 0 };
	int count;

	if (!epd_read_file(&file, path, &err)) {
		printf("%s\n", err.msg);
		return -1;
	}
	for (int i = 0; i < file.count; i++) {
		char where[4200];

		snprintf(where, sizeof where, "%s:%d", path, file.linenos[i]);
		walk(&file.records[i].pos, depth, where);
	}
	count = file.count;
	epd_file_free(&file);
	return count;
}

int main(void)
{
	const char *srcdir = getenv("srcdir"), *shared = getenv("SHARED_DATA");
	static const char *const own[] = { "positions/perft.epd", "positions/wac.epd" };
	static const char *const shared_files[] = { "perft/standard.epd", "perft/cpw_and_tricky.epd" };
	char path[4096];
	int positions = 0;

	board_init();
	for (int i = 0; i < 2; i++) {
		int n;

		snprintf(path, sizeof path, "%s/%s", srcdir ? srcdir : ".", own[i]);
		n = walk_file(path, i == 0 ? 3 : 2);
		if (n < 0)
			return 1;
		positions += n;
	}
	/* The shared suites are outside the repository: used when present. */
	for (int i = 0; shared && i < 2; i++) {
		FILE *f;
		int n;

		snprintf(path, sizeof path, "%s/%s", shared, shared_files[i]);
		if ((f = fopen(path, "r")) == NULL) {
			printf("(%s not found: skipped)\n", path);
			continue;
		}
		fclose(f);
		n = walk_file(path, 3);
		if (n < 0)
			return 1;
		positions += n;
	}
	printf("%d root positions, %ld quiet checks, %ld comparisons, %d failures\n", positions, quiet_checks,
	       checks, failures);
	return failures ? 1 : 0;
}
