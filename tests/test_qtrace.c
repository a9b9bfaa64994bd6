/*
 * test_qtrace.c: contrib/qtrace/qtrace.h as an engine author uses it, with
 * an engine scale of its own (infinity 30000, mate 29000).
 *
 * The scale's mapping is checked against quiesce-trace(5)'s scale by values
 * worked by hand: +-30000 is +-32500, a mate 10 plies away (29000 - 10) is
 * 32000 - 10, an ordinary value stays. Then, given a file name, it writes a
 * hand-worked search through the calls for the declared kinds (the
 * position: White Qd1 Ke1, Black Ke8 Nd5, depth 0, fail-soft, material):
 * the root stands pat at +590 (Q against N), a raise; Qxd5 opens node 1,
 * which a transposition-table hit ends with its stored exact -900; the root
 * raises to +900 and returns it. tests/qtrace.sh checks that file with
 * check-trace and reads it with Python's json module.
 */
#include <stdio.h>
#include <stdlib.h>

#include "qtrace.h"

static int failures;

static void expect(int got, int want, const char *what)
{
	if (got != want) {
		printf("FAIL: %s: %d, expected %d\n", what, got, want);
		failures++;
	}
}

int main(int argc, char **argv)
{
	qtrace qt = { 0 };
	FILE *f;

	qtrace_set_scale(&qt, 30000, 29000);
	expect(qtrace_score(&qt, 30000), 32500, "the engine's +inf");
	expect(qtrace_score(&qt, -30000), -32500, "the engine's -inf");
	expect(qtrace_score(&qt, 29000 - 10), 32000 - 10, "a mate 10 plies away");
	expect(qtrace_score(&qt, -(29000 - 3)), -(32000 - 3), "mated in 3 plies");
	expect(qtrace_score(&qt, 150), 150, "an ordinary value");
	expect(qtrace_score(&qt, -2750), -2750, "a large ordinary value");
	printf("test_qtrace: %d failure%s\n", failures, failures == 1 ? "" : "s");
	if (argc < 2)
		return failures ? 1 : 0;
	f = fopen(argv[1], "w");
	if (f == NULL)
		return 1;
	qtrace_open_declared(&qt, f, "4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1", "\"depth\":0,\"fail_soft\":true",
			     "\"tt\":true", "test_qtrace");
	qtrace_set_scale(&qt, 30000, 29000);
	qtrace_enter(&qt, NULL, -30000, 30000, 590, 0);
	qtrace_stand_pat(&qt, 590, QTRACE_RAISE);
	qtrace_move(&qt, "d1d5");
	qtrace_enter(&qt, "d1d5", -30000, -590, -900, 1);
	qtrace_tt_cutoff(&qt, -900, QTRACE_EXACT);
	qtrace_leave(&qt, -900);
	qtrace_raise(&qt, "d1d5", 900);
	qtrace_leave(&qt, 900);
	if (qtrace_close(&qt) != 0 || fclose(f) != 0)
		return 1;
	return failures ? 1 : 0;
}
