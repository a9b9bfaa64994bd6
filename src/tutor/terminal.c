/* terminal.c: giving the terminal back in its normal mode, whatever way the program ends. */
#include "tutor/terminal.h"

#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

/* The fatal signals whose default action would leave a raw terminal behind. */
static const int fatal_signals[] = { SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGFPE };
#define FATAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])

static struct sigaction previous[FATAL_COUNT];
static struct termios saved_modes;
static int saved_fd = -1;
static char reset_seq[128];
static volatile sig_atomic_t guarding;

void terminal_restore(void)
{
	if (!guarding || saved_fd < 0)
		return;
	tcsetattr(saved_fd, TCSANOW, &saved_modes);
	if (reset_seq[0]) {
		ssize_t w = write(saved_fd, reset_seq, strlen(reset_seq));

		(void)w;
	}
}

/*
 * A fatal signal: the terminal first, then what the signal would have done.
 * The previous handler is put back and the signal raised again, so that a
 * sanitizer's report or a core dump still happens.
 */
static void on_fatal_signal(int sig)
{
	size_t i;

	terminal_restore();
	guarding = 0;
	for (i = 0; i < FATAL_COUNT; i++)
		if (fatal_signals[i] == sig)
			sigaction(sig, &previous[i], NULL);
	raise(sig);
}

void terminal_guard_reset(const char *reset)
{
	reset_seq[0] = '\0';
	if (reset && strlen(reset) < sizeof reset_seq)
		strcpy(reset_seq, reset);
}

void terminal_guard_begin(int fd)
{
	struct sigaction sa;
	size_t i;

	if (tcgetattr(fd, &saved_modes) != 0)
		return;
	saved_fd = fd;
	reset_seq[0] = '\0';
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fatal_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESETHAND;
	for (i = 0; i < FATAL_COUNT; i++)
		sigaction(fatal_signals[i], &sa, &previous[i]);
	guarding = 1;
}

void terminal_guard_end(void)
{
	size_t i;

	if (!guarding)
		return;
	guarding = 0;
	for (i = 0; i < FATAL_COUNT; i++)
		sigaction(fatal_signals[i], &previous[i], NULL);
	saved_fd = -1;
}
