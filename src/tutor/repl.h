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

#include "teach/session.h"

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

/*
 * Loads the history file into readline's history (a missing file is no
 * error; a damaged one is set aside, a link or a FIFO left alone, with a
 * warning on standard error).
 */
void repl_history_load(void);

/* Adds LINE to readline's history as a line of this session's, for repl_history_save. */
void repl_history_add(const char *line);

/*
 * Saves the history file, merged: under a lock (on the file's directory),
 * the file as other sessions left it, then this session's lines after it,
 * the last 1,000 kept, written atomically (src/base/cmdhistory and
 * statefile: never through a symbolic link). A warning on standard error
 * when it cannot be saved or a damaged file was set aside.
 */
void repl_history_save(void);

/* Installs readline's completion of commands, modes, options and legal moves for S. */
void repl_completion_install(struct session *s);

#endif
