/*
 * ui.h: the curses tutor: board, tree, event and status panes over a session,
 * with a readline command line at the bottom.
 */
#ifndef QUIESCE_UI_H
#define QUIESCE_UI_H

#include <stdbool.h>

#include "session.h"

/* Runs the full-screen tutor on S until the user quits; returns the exit status. ASCII: letters for pieces. */
int ui_run(struct session *s, bool ascii);

#endif
