/* util.c: allocation wrappers, fatal errors, parser errors and the clock. */
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (p == NULL)
		util_die("out of memory (asked for %zu bytes)", size);
	return p;
}

void *xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);

	if (p == NULL)
		util_die("out of memory (asked for %zu x %zu bytes)", count, size);
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	if (p == NULL)
		util_die("out of memory (asked for %zu bytes)", size);
	return p;
}

char *xstrdup(const char *text)
{
	size_t n = strlen(text) + 1;

	return memcpy(xmalloc(n), text, n);
}

/* What util_die runs first; set by front ends that changed the terminal. */
static void (*fatal_hook)(void);

void util_set_fatal_hook(void (*hook)(void))
{
	fatal_hook = hook;
}

void util_die(const char *fmt, ...)
{
	va_list ap;
	void (*hook)(void) = fatal_hook;

	/* The hook runs once: a fatal error inside it must not loop. */
	fatal_hook = NULL;
	if (hook)
		hook();
	fputs("quiesce: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

bool error_set(struct error *err, int line, int column, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return false;
	err->line = line;
	err->column = column;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return false;
}

double util_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
