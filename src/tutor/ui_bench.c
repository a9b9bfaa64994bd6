/* ui_bench.c: the tutor's responsiveness benchmark, on a virtual terminal of its own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tutor/ui.h"
#include "tutor/ui_int.h"
#include "base/util.h"

/*
 * The benchmark: the real key handler and drawing code on a virtual terminal
 * of its own (ui_vterm.c), never the user's. The key script is fed straight to the key handler; each key is
 * timed from its handling to the end of the redraw (doupdate).
 */
static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The processor time this process has used, in milliseconds. */
static double cpu_ms(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
		return 0;
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int bench_key(char c)
{
	switch (c) {
	case '>': return KEY_NPAGE;
	case '<': return KEY_PPAGE;
	default: return (unsigned char)c;
	}
}

bool ui_bench(struct session *s, struct ui_bench *b)
{
	struct ui ui;
	struct ui_vterm vt;
	size_t nkeys = strlen(b->keys);
	double total = 0, *times;

	b->mean_ms = b->p99_ms = b->max_ms = 0;
	b->max_key = 0;
	b->cpu_max_ms = 0;
	b->done = 0;
	b->why[0] = '\0';
	if (nkeys == 0 || b->count <= 0) {
		snprintf(b->why, sizeof b->why, "no keys");
		return false;
	}
	/* The user's character set, as the tutor would have it. */
	if (!ui_vterm_open(&vt, "", b->why, sizeof b->why))
		return false;
	times = xmalloc((size_t)b->count * sizeof *times);
	ui_init(&ui, s, false);
	ui_screen_setup(&ui);
	/* resize_term, not resizeterm: no KEY_RESIZE is queued, and there is no tty to ask. */
	resize_term(b->lines, b->cols);
	ui_layout(&ui);
	ui_draw(&ui);
	for (int i = 0; i < b->count; i++) {
		double start = util_now(), cpu = cpu_ms(), ms;

		ui_handle_key(&ui, bench_key(b->keys[(size_t)i % nkeys]));
		ui.quit = false;
		ui_draw(&ui);
		ms = (util_now() - start) * 1e3;
		cpu = cpu_ms() - cpu;
		if (cpu > b->cpu_max_ms)
			b->cpu_max_ms = cpu;
		total += ms;
		if (ms > b->max_ms) {
			b->max_ms = ms;
			b->max_key = b->keys[(size_t)i % nkeys];
		}
		times[b->done] = ms;
		b->done++;
	}
	b->mean_ms = b->done ? total / b->done : 0;
	qsort(times, (size_t)b->done, sizeof *times, cmp_double);
	b->p99_ms = b->done ? times[(b->done * 99 - 1) / 100] : 0;
	ui_vterm_close(&vt);
	ui_tree_free(&ui);
	ui_lesson_free(&ui);
	ui_output_close(&ui);
	free(times);
	return true;
}
