/* statedir.h: where quiesce keeps what it remembers between runs (history, lesson progress). */
#ifndef QUIESCE_STATEDIR_H
#define QUIESCE_STATEDIR_H

#include <stddef.h>

#include "base/types.h"

/*
 * Writes to BUF (of size N) the path of the state file NAME:
 * $XDG_STATE_HOME/quiesce/NAME, or ~/.local/state/quiesce/NAME when
 * XDG_STATE_HOME is unset or not absolute. With CREATE the directory is made
 * (with its parents, mode 0700). False when there is no home to use, the
 * directory cannot be made, or the path does not fit.
 */
bool statedir_path(const char *name, char *buf, size_t n, bool create);

/*
 * Why the last statedir_path call failed, as a phrase for a message: "no
 * state directory (set XDG_STATE_HOME or HOME)", or what is in the way when
 * the directory cannot be made (a file where a directory should be).
 */
const char *statedir_problem(void);

#endif
