/*
 * check.h: the one way the C tests check a condition.
 *
 *   CHECK(COND, FORMAT, ...)   counts a check; when COND is false, counts a
 *                              failure and prints "FAIL file:line: message"
 *                              (the first CHECK_MAX_PRINTED of them, so that
 *                              a broken build stays readable)
 *   check_exit(NAME)           prints "NAME: N checks, N failed" and returns
 *                              the test's exit status (1 when any failed)
 *
 * A test that reports a failure its own way (with its context, say) defines
 * CHECK_FAIL(...) before including this header; CHECK then calls it, and it
 * counts the failure itself. Include it once, in the test's one C file.
 */
#ifndef QUIESCE_TESTS_CHECK_H
#define QUIESCE_TESTS_CHECK_H

#include <stdio.h>

static int failures;
static long checks;

#ifndef CHECK_MAX_PRINTED
#define CHECK_MAX_PRINTED 40
#endif

#ifndef CHECK_FAIL
#define CHECK_FAIL(...) do { \
	failures++; \
	if (failures <= CHECK_MAX_PRINTED) { \
		printf("FAIL %s:%d: ", __FILE__, __LINE__); \
		printf(__VA_ARGS__); \
		putchar('\n'); \
	} \
} while (0)
#endif

#define CHECK(cond, ...) do { \
	checks++; \
	if (!(cond)) \
		CHECK_FAIL(__VA_ARGS__); \
} while (0)

/* The summary line and the exit status. */
static inline int check_exit(const char *name)
{
	printf("%s: %ld checks, %d failed\n", name, checks, failures);
	return failures ? 1 : 0;
}

#endif
