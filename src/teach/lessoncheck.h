/*
 * lessoncheck.h: a lesson checked against the engine: every claim and every
 * question's answer, on the state each page shows (page.h).
 */
#ifndef QUIESCE_LESSONCHECK_H
#define QUIESCE_LESSONCHECK_H

#include "teach/lesson.h"

/* A problem lessoncheck_lesson found: where (line, column) and what. */
typedef void (*lesson_report_fn)(const struct lesson *l, int line, int column, const char *msg, void *ctx);

/*
 * Checks every claim and every question's answer of L by running the
 * searches they are about, and resolves every node reference (item->node,
 * item->event). Each failure is reported through REPORT (when not NULL).
 * Returns the number of failures (0: the lesson says only what the engine does).
 */
int lessoncheck_lesson(struct lesson *l, lesson_report_fn report, void *ctx);

#endif
