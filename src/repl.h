/*
 * repl.h: the line-oriented tutor: the same commands as the curses tutor,
 * read one line at a time (with GNU readline on a terminal, plainly from a
 * pipe), the board and the tree printed as text. Also the readline setup the
 * curses tutor shares: history file and completion.
 */
#ifndef QUIESCE_REPL_H
#define QUIESCE_REPL_H

#include <stdbool.h>
#include <stddef.h>

#include "session.h"

/*
 * Runs the REPL on S until "quit" or the end of input. With INTERACTIVE,
 * lines are read with readline (prompt, history, completion); otherwise they
 * are read plainly from stdin and no prompt is written. Returns the exit
 * status: 0, or 1 when a command failed while reading from a pipe.
 */
int repl_run(struct session *s, bool interactive);

/*
 * Writes the history file's path into BUF: $XDG_STATE_HOME/quiesce/history,
 * or ~/.local/state/quiesce/history; with CREATE, makes its directory.
 * False when neither variable is set (or the directory cannot be made).
 */
bool repl_history_path(char *buf, size_t n, bool create);

/* Loads the history file into readline's history (a missing file is no error). */
void repl_history_load(void);

/* Saves readline's history to the history file, atomically (a temporary file renamed). */
void repl_history_save(void);

/* Installs readline's completion of commands, modes, options and legal moves for S. */
void repl_completion_install(struct session *s);

#endif
