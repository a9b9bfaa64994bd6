# tutor-basic.sh: the curses tutor in tmux: board, stepping to a stand pat,
# :mode checks and :search, the help overlay, q exits 0 and restores the terminal.
. "$srcdir/tests/lib.sh"
need_quiesce
. "$srcdir/tests/tutor-lib.sh"

FEN='r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'
tutor_start 100 30 --fen "$FEN" --depth 1

# The board shows the FEN's pieces (letters: LC_ALL=C), the tree its root.
expect_screen "6     .  n  .     .     ." "board rank 6"
expect_screen "1  R  N  B  Q  K  B  .  R" "board rank 1"
expect_screen "White to move" "side to move"
expect_screen "*root    main = +0" "tree root line"
expect_screen "Event 1/117: enter at node 0" "first event"

# n three times: the stand pat of the node after Nxe5, explained with numbers.
keys n n n
expect_screen "Event 4/117: stand_pat at node 1" "stepping with n"
expect_screen "The stand pat of -100 is above alpha (-inf)" "event pane explains the stand pat"
# The board follows: Black to move after Nxe5, the move's squares marked.
expect_screen "Black to move" "board follows the cursor"
expect_screen "Move: Nxe5 (node 1)" "the move that led here"
expect_screen "5  .     .    [N]    .    " "the move's square is marked"
# p goes back, S jumps to the next stand pat, r rewinds.
keys p
expect_screen "Event 3/117: enter at node 1" "p steps back"
keys S
expect_screen "Event 4/117: stand_pat" "S jumps to a stand pat"
keys c
expect_screen "is at least beta" "c jumps to a cutoff"
keys r
expect_screen "Event 1/117: enter at node 0" "r rewinds"

# :mode checks and :search.
keys :
type "mode checks"
keys Enter
expect_screen "Search options: mode checks (checks in 1 ply)" ":mode checks"
keys :
type "search"
keys Enter
expect_screen "search mode checks: score" ":search"
expect_screen "Tree] (filter all, 32 nodes, " "the tree is rebuilt (its title: nodes and the quiescence share)"

# An error shows in the status line and changes nothing.
keys :
type "depth 99"
keys Enter
expect_screen "error: depth: invalid depth '99'" "error in the status line"
keys x
expect_screen "checks (checks in 1 ply), depth 1 |" "options unchanged after an error"

# The help overlay opens with ? and closes with any key; F1 opens it too.
keys '?'
expect_screen "Help (j/k scroll, any other key closes)" "? opens the help"
expect_screen "step over the current subtree" "help lists the keys"
# Space pages down to the legend of the tree and then to the commands.
scroll_until "sp-cut           stand-pat cutoff" Space || fail "the help has no legend of sp-cut"
scroll_until "help [COMMAND]" Space || fail "help does not list the commands"
scroll_until "go to the next (or previous) event of a kind" Space || fail "help does not scroll to the later commands"
keys x
wait_gone "Help (j/k scroll, any other key closes)" 5 || fail "the help does not close"
keys F1
expect_screen "Help (j/k scroll, any other key closes)" "F1 opens the help"
keys Escape
wait_gone "Help (j/k scroll, any other key closes)" 5 || fail "the help does not close with Escape"

# Folding: h folds the root, the tree shows only it; l unfolds.
keys g h
expect_screen "+ *root" "h folds"
keys l
expect_screen "- *root" "l unfolds"

# A multi-line command opens the output view.
keys :
type "stats"
keys Enter
expect_screen "Output (j/k scroll, any other key closes)" "output view"
expect_screen "Trace:    32 nodes" "stats output"
keys x
wait_gone "Output (j/k" 5 || fail "the output view does not close"

# q quits with status 0 and the terminal is back in cooked mode.
keys q
st=$(tutor_exit_status)
[ "$st" = 0 ] || fail "q: exit status '$st', expected 0"
grep -q -- ' icanon' "$T/stty" || fail "the terminal is not back in canonical mode: $(cat "$T/stty")"
grep -q -- ' echo ' "$T/stty" || fail "echo is not restored"
finish
