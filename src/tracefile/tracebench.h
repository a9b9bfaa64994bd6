/* tracebench.h: the speed of writing and reading traces, for "quiesce bench". */
#ifndef QUIESCE_TRACEBENCH_H
#define QUIESCE_TRACEBENCH_H

#include <stdio.h>

#include "base/types.h"

/*
 * Records a trace of a million nodes (50,000 when QUICK), then writes it as
 * JSON and as JSON Lines and reads each back, REPEAT times (at most 3),
 * interleaved, timing processor time; prints to OUT each figure as "median
 * [smallest-largest]" in seconds, nodes and megabytes a second, and the
 * peak memory of reading each form in a child process, against that of a
 * child recording the same trace by the search.
 */
void tracebench_run(FILE *out, bool quick, int repeat);

#endif
