#!/bin/sh
# tutor-compare-stats.sh: in a compare view, :stats and :horizon speak of the
# side with the focus (side A first, side B after Tab) instead of answering
# "no search yet" while two searches are on the screen; the REPL's compare
# speaks of side A. Counts are singular for one node ("1 node"). The compare
# panes keep the marks of a single tree (Q!, static/quiescence !!).
#
# Expected values: which side is meant is known from the compare command
# itself (side A mode none, side B mode captures): :stats names the side's
# mode, and :horizon's heading is the mode-none one ("Horizon leaves") for A
# and the quiescence one ("Horizon nodes where...") for B. A depth-0 search
# of a bare-kings position is one node (the root, standing pat).
. "$srcdir/tests/lib.sh"
need_quiesce

# The REPL: side A.
printf '%s\n' "fen 4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1" "compare none captures" "stats" "horizon 1" >"$T/in"
"$QUIESCE" repl <"$T/in" >"$T/out" 2>"$T/err"
expect_out_has "Side A (none" "repl: :stats in a compare speaks of side A"
expect_out_has "Result:   mode none:" "repl: side A's result"
expect_out_has "Horizon leaves: the static value" "repl: :horizon on side A (mode none)"
grep -F "no search yet" "$T/out" "$T/err" >/dev/null && fail "repl: 'no search yet' in a compare"

# One node, singular.
printf '%s\n' "fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1" "set depth 0" "search" "stats" >"$T/in"
"$QUIESCE" repl <"$T/in" >"$T/out" 2>"$T/err"
expect_out_has "best (none), 1 node (1 quiescence, 100%)" "repl: 1 node, singular"
expect_out_line "Trace:    1 node, 3 events" "repl: the trace has 1 node"

. "$srcdir/tests/tutor-lib.sh"
tutor_start 160 48 --fen "4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1"
expect_screen "White to move" "start"
keys :
type "compare none captures"
keys Enter
expect_screen "B (captures): mode captures" "compare prints both results"
keys x
expect_screen "B: captures" "the compare view opens"
keys :
type "stats"
keys Enter
expect_screen "Side A (none" ":stats speaks of side A (the focus)"
expect_screen "Result:   mode none:" ":stats gives side A's result"
keys x
wait_gone "Side A (none" || fail "the output of :stats stays open"
keys Tab
keys :
type "stats"
keys Enter
expect_screen "Side B (captures" ":stats after Tab speaks of side B"
expect_screen "Result:   mode captures:" ":stats gives side B's result"
keys x
wait_gone "Side B (captures" || fail "the output of :stats stays open"
keys :
type "horizon 3"
keys Enter
expect_screen "Horizon nodes where the quiescence search changed" ":horizon on side B (mode captures)"
if screen | grep -F "no search yet" >/dev/null; then
	fail "the compare view says 'no search yet'"
	screen | sed 's/^/    | /'
fi
tutor_stop

# The compare panes keep the single tree's marks. Depth 1, hand-worked:
# after Qxd5 Black (to move) is a queen down for a pawn, static -800; a
# quiescence search there plays cxd5 and ends a pawn up, +100. Side A (mode
# none) marks the horizon leaf "static -800, quiescence +100 !!"; side B
# (captures) marks its q0 node "Q! static -800" (quiescence changed it).
tutor_start 160 30 --fen "4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1" --depth 1
expect_screen "White to move" "depth 1: start"
keys :
type "compare none captures"
keys Enter
expect_screen "B (captures): mode captures" "depth 1: compare runs"
keys x
expect_screen "static -800, quiescence +100 !!" "side A keeps the horizon view's mark"
expect_screen "Q! static -800" "side B keeps the Q! mark"
tutor_stop

# Lesson 12 page 3 at 80x24, side B (delta 200): the page's '@goto side B
# line Qh8+ Bxh8' opens side B on that node, with no key pressed, and the
# prune line under it keeps its whole formula in 40 columns. Hand-worked
# (the page's text): White stands pat at -1200, the bishop is worth 320,
# the margin is 200, and -1200+320+200 = -680 <= alpha -300: pruned.
tutor_start 80 24
expect_screen "White to move" "80x24: start"
keys :
type "lesson 12 3"
keys Enter
expect_screen "B: captures, delta 200" "lesson 12 page 3: the compare view"
expect_screen "~Rxh8#  d -1200+320+200<=-300" "80x24: @goto side B shows the pruned mate Rxh8 with its formula whole"
if screen | grep -E '(<=|\+)( *\|| *$)' >/dev/null; then
	fail "80x24: a prune line is cut inside its formula"
	screen | sed 's/^/    | /'
fi
tutor_stop
finish
