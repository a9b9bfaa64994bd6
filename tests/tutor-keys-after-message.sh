#!/bin/sh
# tutor-keys-after-message.sh: no key is lost after a message. A key with
# work of its own (here ], the next page) pressed over a command's output
# view closes the view and does its work; keys that only close (Escape)
# still only close. Playing a game needs no key to dismiss each move: the
# move and the engine's reply are one line on the status line, with no
# output view.
#
# Expected values: lesson 1 has 4 pages, page 2 searches; after "game white" and "move e4"
# the engine answers as Black ("1... "), read off the REPL's own game.
. "$srcdir/tests/lib.sh"
need_quiesce
. "$srcdir/tests/tutor-lib.sh"

tutor_start 80 24
expect_screen "White to move" "start"
keys :
type "lesson 1 2"
keys Enter
expect_screen "Page 2/4" "lesson 1 opens at page 2 (a page with a search)"
keys :
type "goto 4"
keys Enter
expect_screen "(j/k scroll, any other key closes)" ":goto 4 opens the output view at 80x24"
keys ]
expect_screen "Page 3/4" "] over the output view closes it and turns the page"
wait_gone "(j/k scroll, any other key closes)" || fail "the output view stays open after ]"
# Escape only closes: the page stays.
keys :
type "goto 4"
keys Enter
expect_screen "(j/k scroll, any other key closes)" ":goto 4 again"
keys Escape
wait_gone "(j/k scroll, any other key closes)" || fail "Escape does not close the output view"
screen | grep -F "Page 3/4" >/dev/null || fail "Escape did more than close the view"

# A game: one line a move, no view to close.
keys :
type "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
keys Enter
screen_settle
keys x
keys :
type "game white"
keys Enter
screen_settle
keys x
keys :
type "move e4"
keys Enter
expect_screen "You play e4. The engine plays 1... " "the move and the reply on the status line"
screen_settle
if screen | grep -F "any other key closes" >/dev/null; then
	fail "a game move opened the output view"
	screen | sed 's/^/    | /'
fi
keys :
type "move d4"
keys Enter
expect_screen "You play d4. The engine plays 2... " "the next move needs no key before it"
tutor_stop
finish
