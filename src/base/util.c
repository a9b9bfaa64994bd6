/* util.c: allocation wrappers, fatal errors, parser errors and the clock. */
#include "base/util.h"

#include <ctype.h>
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
	err->kind = ERROR_INVALID;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return false;
}

const char *util_cut(const char *text, char *buf, size_t n)
{
	size_t len = 0;

	if (text == NULL)
		return "";
	while (len <= UTIL_CUT_MAX && text[len])
		len++;
	if (len <= UTIL_CUT_MAX || n < UTIL_CUT_MAX + 4)
		return text;
	len = UTIL_CUT_MAX;
	/* Back to the start of a UTF-8 character (continuation bytes are 10xxxxxx). */
	while (len > 0 && ((unsigned char)text[len] & 0xC0) == 0x80)
		len--;
	memcpy(buf, text, len);
	memcpy(buf + len, "...", 4);
	return buf;
}

double util_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double util_cpu_seconds(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
		return util_now();
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

size_t util_utf8_invalid(const unsigned char *p, size_t n)
{
	size_t i = 0;

	while (i < n) {
		unsigned c = p[i];
		size_t k;
		unsigned min;
		uint32_t cp;

		if (c < 0x80) {
			i++;
			continue;
		}
		if ((c & 0xE0) == 0xC0) {
			k = 1;
			min = 0x80;
			cp = c & 0x1F;
		} else if ((c & 0xF0) == 0xE0) {
			k = 2;
			min = 0x800;
			cp = c & 0x0F;
		} else if ((c & 0xF8) == 0xF0) {
			k = 3;
			min = 0x10000;
			cp = c & 0x07;
		} else {
			return i;
		}
		for (size_t j = 1; j <= k; j++) {
			if (i + j >= n || (p[i + j] & 0xC0) != 0x80)
				return i;
			cp = (cp << 6) | (p[i + j] & 0x3F);
		}
		if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return i;
		i += k + 1;
	}
	return n;
}

void util_text_place(const char *text, size_t offset, int *line, int *column)
{
	*line = 1;
	*column = 1;
	for (size_t i = 0; i < offset; i++) {
		if (text[i] == '\n') {
			++*line;
			*column = 1;
		} else if (((unsigned char)text[i] & 0xC0) != 0x80) {
			++*column;
		}
	}
}

void util_trim_copy(const char *text, char *buf, size_t n)
{
	size_t len;

	while (isspace((unsigned char)*text))
		text++;
	snprintf(buf, n, "%s", text);
	len = strlen(buf);
	while (len > 0 && isspace((unsigned char)buf[len - 1]))
		buf[--len] = '\0';
}

void util_quote(const char *p, size_t len, size_t max_shown, char *buf, size_t n)
{
	size_t out = 0;

	if (n == 0)
		return;
	for (size_t i = 0; i < len && out + 5 < n; i++) {
		unsigned char ch = (unsigned char)p[i];

		if (i >= max_shown) {
			snprintf(buf + out, n - out, "...");
			return;
		}
		if (ch >= 0x20 && ch < 0x7f && ch != '\\') {
			buf[out++] = (char)ch;
		} else {
			snprintf(buf + out, n - out, "\\x%02X", ch);
			out += 4;
		}
	}
	buf[out] = '\0';
}
