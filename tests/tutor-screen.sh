# tutor-screen.sh: the tutor's screen: resize and a too-small terminal, the
# compare view, mouse selection, the horizon view, filters, Ctrl-C stopping a
# long search, and a trace of most of a million nodes staying responsive.
. "$srcdir/tests/lib.sh"
need_quiesce
. "$srcdir/tests/tutor-lib.sh"

FEN='r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'
tutor_start 100 30 --fen "$FEN" --depth 1
expect_screen "Event 1/117" "start"

# Resize smaller than the minimum: a message; larger again: the panes come back.
tm resize-window -x 50 -y 12
expect_screen "Terminal too small (50x12)" "too-small message"
tm resize-window -x 80 -y 24
expect_screen "1  R  N  B  Q  K  B  .  R" "board after growing again"
expect_screen "Event 1/117" "event pane after resize"
tm resize-window -x 100 -y 30
expect_screen "*root    main = +0" "tree after resize"

# Mouse: a click on the fourth row of the tree (node 2, Black's recapture) selects it.
type "$(printf '\033[M I$')"
type "$(printf '\033[M#I$')"
expect_screen "Move: Nxe5 (node 2)" "mouse click selects node 2"
expect_screen "Event 6/117: enter at node 2" "the cursor follows the click"

# The horizon view: in mode none each leaf shows its static value against quiescence's.
keys :
type "mode none"
keys Enter
keys :
type "search"
keys Enter
expect_screen "= -100   static -100, quiescence +210 !!" "horizon view marks the leaf after Nxe5"
keys :
type "mode captures"
keys Enter
keys :
type "search"
keys Enter
expect_screen "= +210   Q! static -100" "changed verdicts are marked in mode captures"

# Filters: f cycles; main shows no quiescence node.
keys f
expect_screen "filter main" "f: filter main"
if screen | grep -q ' q1 '; then fail "filter main shows a quiescence node"; fi
keys f f f
expect_screen "filter all" "f cycles back to all"

# The compare view: two results side by side, the first divergent node marked.
keys :
type "compare none captures"
keys Enter
expect_screen "The trees part ways at node 1" "compare output"
keys x
expect_screen "A: none" "compare side A"
expect_screen "B: captures" "compare side B"
expect_screen "result +100, 28 nodes" "result A"
expect_screen "result +0, 29 nodes" "result B"
# At Nxe5 mode none stops at its horizon while captures searches the recapture.
expect_screen ">  *Nxe5   m  -100" "divergent node marked (side A, compact: the pane is 50 columns)"
expect_screen ">-  Nxe5   q0 +210" "divergent node marked (side B)"
# Stepping moves both sides while the trees agree.
keys n n n
expect_screen "Event 4/111" "stepping in compare"
keys Tab
keys :
type "compare off"
keys Enter
expect_screen "Board" "compare off brings the board back"

# Ctrl-C stops a long search; the session goes on.
keys :
type "set max-nodes 0"
keys Enter
keys :
type "depth 9"
keys Enter
keys :
type "search"
keys Enter
# The status line says "Running: search" as the command starts, then
# "Searching: N nodes so far" from the first progress report on: either
# shows the search running (a loaded machine may skip the first).
expect_screen "Running: search
Searching: " "a long search runs"
sleep 0.3
keys C-c
expect_screen "STOPPED" "Ctrl-C stops the search" 30
keys n
expect_screen "Event 4/" "stepping after a stopped search"

# A big trace (about 790,000 nodes) stays responsive: G, PgDn, n, g each answer at once.
keys :
type "fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8"
keys Enter
keys :
type "depth 6"
keys Enter
keys :
type "search"
keys Enter
# The tutor's search must agree with the command-line search of the same position.
big=$("$QUIESCE" search --fen "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8" --depth 6 --format json |
	sed -n 's/.*"nodes": \([0-9]*\).*/\1/p')
expect_screen "$big nodes" "the big search ($big nodes, as quiesce search says)" 60
keys G
expect_screen "Event 3269694/3269706: enter at node 787624" "G in a big trace" 10
keys NPage NPage NPage NPage NPage PPage n n n p g
keys '?'
expect_screen "Help (j/k" "keys in a big trace" 10
# How fast the keys are handled is measured by "quiesce bench", not asserted here.
keys x q
st=$(tutor_exit_status)
[ "$st" = 0 ] || fail "exit status '$st'"
finish
