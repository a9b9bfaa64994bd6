/* terminal.h: giving the terminal back in its normal mode, whatever way the program ends. */
#ifndef QUIESCE_TERMINAL_H
#define QUIESCE_TERMINAL_H

/*
 * Remembers the modes of the terminal on FD (the shell's modes: call it
 * before curses changes them). Then, until terminal_guard_end, a fatal
 * signal (SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGFPE) first
 * puts those modes back and writes the reset sequence, then goes on to what
 * it would have done: the previous handler, or the default action.
 */
void terminal_guard_begin(int fd);

/*
 * Sets the escape sequence that leaves the tutor's screen (the terminal's
 * rmcup and cnorm, known once curses has read the terminal's description).
 */
void terminal_guard_reset(const char *reset);

/* Puts the signal handlers back as they were before terminal_guard_begin. */
void terminal_guard_end(void);

/*
 * Puts back the remembered modes and writes RESET, with async-signal-safe
 * calls only; does nothing outside terminal_guard_begin/end.
 */
void terminal_restore(void);

#endif
