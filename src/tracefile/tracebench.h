/* tracebench.h: the speed of writing and reading traces, for "quiesce bench". */
#ifndef QUIESCE_TRACEBENCH_H
#define QUIESCE_TRACEBENCH_H

#include <stdio.h>

#include "base/types.h"

/*
 * First, reading at the speed of the search: Kiwipete at depths 5 and 6 (4
 * and 5 when QUICK) with the default options, searched without and with its
 * trace, its compact JSON Lines read and checked (as "open" and
 * "check-trace" do), interleaved, REPEAT times (3 to 9); prints the ratios
 * of reading and checking to the recording search and to the plain search,
 * median [smallest-largest], and the times. Then records a trace of a million nodes (50,000 when QUICK), then writes it as
 * JSON and as JSON Lines and reads each back, REPEAT times (at most 3),
 * interleaved, timing processor time; prints to OUT each figure as "median
 * [smallest-largest]" in seconds, nodes and megabytes a second, and the
 * peak memory of reading each form in a child process, against that of a
 * child recording the same trace by the search.
 */
void tracebench_run(FILE *out, bool quick, int repeat);

#endif
