#!/bin/sh
# tutor-lesson-band.sh: the lesson speaks in its own pane, beside the board.
# As a new learner (an empty state directory) would see it at 80x24:
#   - 'quiesce lesson 5 3' greets "Welcome to lesson 5", never "Welcome back";
#   - the question's prompt names the tutor's key: "press A and type alpha
#     and beta", not the REPL's "type 'answer ...'";
#   - H shows the hint in the lesson pane, under the question, and A with a
#     wrong window the feedback there too: the board's rank 8 and file
#     letters stay on the screen (no output view over the board), and the
#     feedback names the node by its moves, "the node after Bxa6 Nxe4 fxe4".
# Expected values: lesson 5 page 3's own @hint and @answer (-90 10; the
# answer given, -80 10, is wrong).
. "$srcdir/tests/lib.sh"
need_quiesce
TUTOR_NEW_LEARNER=1
. "$srcdir/tests/tutor-lib.sh"

board_shown() {
	screen | grep -E '^8 ' >/dev/null && screen | grep -F 'a  b  c  d  e  f  g  h' >/dev/null
}

tutor_start 80 24 lesson fail-soft
expect_screen "Welcome to lesson 5, page 1 of 4" "a new learner is welcomed to lesson 5"
screen_settle
screen | grep -F "Welcome back" >/dev/null && fail "an empty state directory is greeted 'Welcome back'"
# The page is the one the progress says (page 1 for a new learner): go to page 3.
keys ]
keys ]
expect_screen "Page 3/4" "page 3"
screen_settle
# J scrolls the band: watch its first text row (below its title "Page 3/4").
band=$(( $(screen | grep -n ' Page 3/4' | head -n 1 | cut -d: -f1) + 1 ))
scroll_until "press A and type alpha and beta" J "$band" || fail "the prompt does not name the A key"
screen | grep -F "type 'answer" >/dev/null && fail "the prompt in the tutor still says to type 'answer ...'"
keys H
expect_screen "Hint: Start from" "H: the hint is in the lesson pane"
screen_settle
board_shown || fail "H: the board is hidden (an output view over it?)"
keys A
type "-80 10"
keys Enter
expect_screen "[wrong]" "A: the feedback is in the lesson pane"
screen_settle
board_shown || fail "A: the board is hidden by the feedback"
scroll_until "Look at the node after" J "$band" || fail "the feedback does not name the node by its moves"
screen | grep -E 'node #[0-9]' >/dev/null && fail "the feedback names a node by number"
keys q
tutor_stop
finish
