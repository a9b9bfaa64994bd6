# tutor-stopped.sh: the tutor after ":set max-nodes" stops a search: the
# status line says STOPPED with how many root moves finished (or none), and no
# mate score stands beside it (it once showed "-M22" for Kiwipete brute).
. "$srcdir/tests/lib.sh"
need_quiesce
. "$srcdir/tests/tutor-lib.sh"

KIWI="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
# The hand-worked position of search-stopped.sh: Rxd5 is worth -390 to White;
# at 7 nodes the cap falls inside Nxb5 (which Qxd1# refutes).
P="6k1/5ppp/p3p3/1r1q4/8/N7/5PPP/3R2K1 w - - 0 1"

# A wide screen: the result line stays on one row of the status line.
tutor_start 200 40 --fen "$KIWI" --depth 1
expect_screen "White to move" "start"

# Kiwipete, depth 1 brute, capped at 1,000,000 nodes: no root move finishes.
keys :
type "set stand-pat off"
keys Enter
keys :
type "set max-nodes 1000000"
keys Enter
keys :
type "search"
keys Enter
expect_screen "STOPPED after 1000000 nodes (--max-nodes 1000000): no move finished: no score, no best move" \
	"Kiwipete brute: the status line says no move finished" 120
expect_screen "| STOPPED" "Kiwipete brute: the event pane says STOPPED"
if screen | grep -E -e '[+-]M[0-9]|mate in|mated in|(score|root|q[0-9]+|m) +#-?[0-9]' >/dev/null; then
	fail "Kiwipete brute: a mate score is shown for a stopped search"
	screen | sed 's/^/    | /'
fi

# The hand-worked position: the best of the one root move that finished.
keys :
type "fen $P"
keys Enter
keys :
type "set stand-pat on"
keys Enter
keys :
type "set max-nodes 7"
keys Enter
keys :
type "search"
keys Enter
expect_screen "STOPPED after 7 nodes (--max-nodes 7): best of 1/21 root moves searched: score at least -390, best Rxd5" \
	"hand-worked position: the best of the finished root moves" 30
if screen | grep -F "best Nxb5" >/dev/null; then
	fail "hand-worked position: the interrupted Nxb5 is shown as the best move"
fi

keys q
st=$(tutor_exit_status)
[ "$st" = 0 ] || fail "q: exit status '$st', expected 0"
tutor_stop
finish
