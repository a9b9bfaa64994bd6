#!/bin/sh
# tutor-lesson-menu.sh: ? on the lesson menu lists the menu's keys (and
# closing that help returns to the menu); ] on a lesson's last page offers
# the next lesson by number and title, and ] again opens it at its first
# page; the last lesson's last page says there is none. Through the REPL,
# next-page does the same.
#
# Expected values: lesson 1 has 4 pages and lesson 2 is "Standing pat"
# (lessons/*.lesson, read by hand); the last lesson is the last file of
# lessons/ and its pages are its 'page:' lines, counted here.
. "$srcdir/tests/lib.sh"
need_quiesce

XDG_STATE_HOME=$T/repl-state
export XDG_STATE_HOME
last=$(ls "$srcdir"/lessons/*.lesson | sort | tail -n 1)
last_id=$(sed -n 's/^id: *//p' "$last")
last_pages=$(grep -c '^page:' "$last")
printf '%s\n' "lesson 1 4" "next-page" "next-page" "lesson $last_id $last_pages" "next-page" >"$T/in"
"$QUIESCE" repl <"$T/in" >"$T/out" 2>"$T/err"
expect_out_has "The last page of lesson 1. Next: lesson 2, Standing pat. Press ] again" "repl: the last page offers lesson 2"
expect_out_line "Page 1 of 4: Nobody has to capture" "repl: next-page again opens lesson 2 at page 1"
expect_err_has "this is the last page of the last lesson" "repl: the last lesson has no next"

. "$srcdir/tests/tutor-lib.sh"
tutor_start 100 30
expect_screen "White to move" "start"
keys L
expect_screen "Lessons: quiescence search, step by step" "L opens the lesson menu"
keys ?
expect_screen "Lesson menu keys:" "? on the menu lists its keys"
expect_screen "open the chosen lesson" "the menu's help names Enter"
keys x
expect_screen "Lessons: quiescence search, step by step" "closing the help returns to the menu"
keys Enter
expect_screen "Page 1/4" "Enter opens lesson 1"
keys :
type "page 4"
keys Enter
expect_screen "Page 4/4" "page 4"
screen_settle
keys x
keys ]
expect_screen "Next: lesson 2, Standing pat" "] on the last page offers lesson 2"
keys ]
expect_screen "Nobody has to capture" "] again opens lesson 2 at its first page"
tutor_stop
finish
