/*
 * screenfact.h: the screen facts a lesson page's prose quotes (a signed
 * value, a mate score, a move, a node count, a tree mark) and whether the
 * page's rendered screen shows them. The tutor draws the screen
 * (ui_page_screens); this module only reads text, so that check-lesson's
 * rule is written once, below the tutor, and tested on hand-written cases.
 * The rule is documented in quiesce-lesson(5), "The words against the
 * screen", and is the one tests/tutor-lessons.py applies to tmux captures.
 */
#ifndef QUIESCE_SCREENFACT_H
#define QUIESCE_SCREENFACT_H

#include <stdbool.h>

#include "teach/lesson.h"
#include "teach/lessoncheck.h"

enum screenfact_kind { SF_VALUE = 0, SF_MATE, SF_MOVE, SF_NODES, SF_MARK };

struct screenfact {
	enum screenfact_kind kind;
	char word[32];                   /* as the prose writes it, without quotes and punctuation: +800, #-1, Qxd5 */
};

/* The name of KIND in messages: "value", "mate", "move", "node count", "mark". */
const char *screenfact_kind_name(enum screenfact_kind kind);

/*
 * Reads the screen facts TEXT quotes into FACTS (at most MAX); returns
 * how many. A word is a value when it is a signed number (+800, -700,) or
 * a bound with its mark (>=+90, <=-90),
 * a mate when it is #N or #-N not after the word "node" or "nodes" (there
 * it is a node number), a node count when a number is followed by "nodes",
 * a move when it is written in SAN (as lessoncheck reads moves), a mark
 * when it is a mark no English word spells (>>, sp-cut, Q!, !!, evas) or a
 * mark of the tree's legend in quotes ("main", 'evasion', "q0").
 */
int screenfact_read(const char *text, struct screenfact *facts, int max);

/*
 * Whether SCREEN (the page's rows, newline-separated, without the lesson
 * pane) shows F: a value or a mate with its sign, as the screen writes it;
 * a move without its check mark; a node count with or without its commas;
 * a mark in either of its spellings (the wide and the compact form of the
 * '?' legend name one mark).
 */
bool screenfact_on_screen(const struct screenfact *f, const char *screen);

/*
 * Whether F is declared by the claim CLAIM (an @claim's text): its move,
 * its value (a claim writes +700 as 700) or its node count.
 */
bool screenfact_declared(const struct screenfact *f, const char *claim);

/*
 * Checks every screen fact of page PAGE's prose and @ask against SCREENS
 * (COUNT screens of the page, named by NAMES such as "80x24"): a fact must
 * be on every screen (the rows in view when the page opens, without the
 * lesson pane), or be a word of the page's "# off-screen:" lines. An @claim
 * proves a fact true and never makes it visible. A value quoted without a
 * bound's mark ("+90") is not shown by a bound (">=+90"). Each missing fact is reported once a
 * page, at the item that first quotes it, naming the page, the word and the
 * sizes it is missing at. Returns the number reported.
 */
int screenfact_check_page(const struct lesson *l, int page, const char *const *screens, const char *const *names,
			  int count, lesson_report_fn report, void *ctx);

#endif
