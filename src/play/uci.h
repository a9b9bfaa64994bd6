/*
 * uci.h: quiesce as a UCI engine (the Universal Chess Interface protocol).
 *
 * The protocol logic only: a session reads one command line at a time and
 * writes its answers to a stream. The search runs on its own thread, so that
 * "isready" and "stop" are answered at once while it thinks; "go" deepens
 * iteratively (each iteration is the documented fixed-depth search) until its
 * depth, node or time limit, and prints one "info" line per iteration and a
 * "bestmove" at the end. Every search switch is a UCI option.
 */
#ifndef QUIESCE_UCI_H
#define QUIESCE_UCI_H

#include <stdio.h>

#include "base/types.h"

struct uci;

/* A new session writing to OUT (flushed after every line). */
struct uci *uci_new(FILE *out);

/*
 * Handles one command LINE (without its newline). Returns false after
 * "quit" (the search, if any, has been stopped), true otherwise. Unknown
 * commands and malformed lines are answered with "info string ..." and
 * otherwise ignored, as GUIs expect.
 */
bool uci_handle(struct uci *u, const char *line);

/* Stops a running search, waits for its thread and frees the session. */
void uci_free(struct uci *u);

/*
 * The time to think, in milliseconds, for a move with TIME_LEFT and INC
 * milliseconds on the clock and MOVES_TO_GO moves to the next control (0:
 * sudden death). Exposed for the tests.
 */
long uci_time_budget(long time_left, long inc, int moves_to_go);

#endif
