#!/bin/sh
# tutor-leave-lesson.sh: a lesson's options belong to the lesson. A position
# of the learner's own (:fen) leaves the lesson, says so, and gives back the
# learner's own search options; the lesson pane goes. The case of the issue:
# lesson 18 page 2 (eval pst, WAC 19), then :fen and :compare none captures: the
# headers said "A: none, eval pst" and the pane still asked about WAC 19.
#
# Expected values: the options set before the lesson (depth 3, the default
# eval material) and lesson 18 page 2's own (eval=pst, lessons/18-*.lesson).
. "$srcdir/tests/lib.sh"
need_quiesce

XDG_STATE_HOME=$T/repl-state
export XDG_STATE_HOME
printf '%s\n' "set depth 3" "lesson 18 2" "stats" "fen 4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1" "search" "stats" \
	"next-page" >"$T/in"
"$QUIESCE" repl <"$T/in" >"$T/out" 2>"$T/err"
grep -F "eval pst" "$T/out" >/dev/null || fail "repl: lesson 18 does not set eval pst (the test's premise)"
expect_out_line "Left lesson 18; your own search options are back: mode captures, depth 3, fail-hard, order mvv-lva, eval material." \
	"repl: :fen leaves the lesson and says so"
tail -n 5 "$T/out" | grep -F "eval pst" >/dev/null && fail "repl: the lesson's eval pst leaks into the search after :fen"
expect_err_has "no lesson is open" "repl: no lesson is open after :fen"

. "$srcdir/tests/tutor-lib.sh"
tutor_start 160 48
expect_screen "White to move" "start"
keys :
type "lesson 18 2"
keys Enter
expect_screen "Page 2/" "lesson 18 opens at page 2"
screen_settle
screen | grep -F "eval pst" >/dev/null || fail "lesson 18 page 2 does not show eval pst (the test's premise)"
keys :
type "fen 4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1"
keys Enter
expect_screen "Left lesson 18; your own search options are back" ":fen says it left the lesson"
screen_settle
keys x
keys :
type "compare none captures"
keys Enter
expect_screen "B (captures): mode captures" "compare runs"
keys x
expect_screen "B: captures" "the compare view"
if screen | grep -F -e "eval pst" -e "Page 2/" >/dev/null; then
	fail "after :fen the lesson's eval or its pane is still there"
	screen | sed 's/^/    | /'
fi
tutor_stop
finish
