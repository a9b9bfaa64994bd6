#!/bin/sh
# tutor-reading-layout.sh: at 80x24 a lesson takes the reading layout: the
# lesson band gets the event pane's rows, so the page's text has 10 rows
# below the board and the tree rows it talks about; z gives the event pane
# back and takes it away again; at 160x48 (the lesson beside the tree) the
# event pane is always there and z says it changes nothing.
#
# Expected values: the layout's arithmetic at 80x24 (24 rows: status and
# command line 2, board and tree 11, the lesson band 11 = its title row,
# with the keys on it, and 10 text rows). Lesson 1 page 2's text (lessons/01-*.lesson).
. "$srcdir/tests/lib.sh"
need_quiesce
. "$srcdir/tests/tutor-lib.sh"

tutor_start 80 24
expect_screen "White to move" "start"
keys :
type "lesson 1 2"
keys Enter
expect_screen "Page 2/4" "lesson 1 page 2"
screen_settle
# The text and the tree together: the page's first sentences and the tree's Qxd5 row.
expect_screen "Search one ply deep with no quiescence search" "the page's text is on screen"
expect_screen "*Qxd5   m  -800" "the tree row the page talks about is on screen"
screen | grep -E '^ ?\[?Event' >/dev/null && fail "80x24 reading layout: the event pane is shown"
# The band's text rows: from its title line (with the keys on it) to the status line.
rows=$(screen | awk '/Page 2\/4/ { on = 1; next } /^Lesson 1, page 2 of 4/ { on = 0 } on' | wc -l)
[ "$rows" -ge 10 ] || fail "80x24: the lesson band shows $rows text rows, fewer than 10"
screen | grep -F "Page 2/4" | grep -F "[ ] pages" >/dev/null || fail "80x24: the band's keys are not on its title line"
keys z
expect_screen "The event pane is back" "z gives the event pane back"
expect_screen "Event " "the event pane is shown after z"
keys z
expect_screen "The reading layout: the lesson has the event pane's rows" "z again: the reading layout"
tutor_stop

tutor_start 160 48
expect_screen "to move" "160x48: start (the last lesson reopens)"
keys :
type "lesson 1 2"
keys Enter
expect_screen "Page 2/4" "160x48: lesson 1 page 2"
expect_screen "Event " "160x48: the event pane is there"
keys z
expect_screen "z changes the layout only with a lesson open on a short, narrow screen" "160x48: z says it does nothing here"
tutor_stop
finish
