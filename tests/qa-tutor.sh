#!/bin/sh
# qa-tutor.sh: the tutor on a terminal too small for it. The message says
# how big the terminal is and what the tutor needs, wrapped at word
# boundaries: at 40x12 the old message was cut mid-word ("q to q" / "uit.").
# Ctrl-C in the tutor's first search stops the search, not the program.
# The "Q! static" mark is signed.
# At 80x24 lesson 1's page 2 explains the compact tree it shows; at 60x20
# the compare view's rows end at whole words.
# Expected by hand: the tutor needs 60x18 (quiesce(1): at least 60 columns and 18 lines); the words of
# the message appear whole.
. "$srcdir/tests/lib.sh"
need_quiesce
. "$srcdir/tests/tutor-lib.sh"

tutor_start 40 12
expect_screen "Terminal too small (40x12)" "40x12: the size is said"
expect_screen "Resize, or q to" "40x12: what to do"
expect_screen "quit." "40x12: 'quit' whole"
screen | grep -E '(^| )q to q$|^uit\.' >/dev/null && fail "40x12: a word is cut: $(screen)"
screen | grep -F "60x18" >/dev/null || fail "40x12: the needed size 60x18 is not said"
# Back to a usable size: the tutor draws its board.
tm resize-window -x 80 -y 24 >/dev/null 2>&1
expect_screen "   a  b  c  d  e  f  g  h" "80x24 again: the board"

# Lesson 1, page 2 at 80x24: the tree is compact ("m", "st", "q", no "=")
# and the page says so. Hand-worked: after Qxd5 the static value is -800
# for Black (a queen against a pawn), and quiescence's cxd5 gives Black +100.
keys :
type "lesson 1 2"
keys Enter
expect_screen "Qxd5   m  -800  st -800 q +100" "80x24: the compact row of Qxd5"
scroll_until '("m" when' J 13 || fail "lesson 1, page 2 does not explain the compact tree"

# ':' typed while a command's output is on screen opens the command line
# (it used to close the output only, and the rest of the line went to the
# tree as keys). A game: e4, Nf3, takeback, Nc3, each typed at once after
# the last output. Hand-worked: after e4 and Nc3 (Nf3 taken back) White's
# first two ranks read PPPP1PPP/R1BQKBNR (the g1 knight home, b1 empty) on the board;
# no black piece can reach those ranks in two moves from the start.
keys Escape
keys :
type "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
keys Enter
expect_screen "Position set" "the start position"
for c in "game white|Your move:" "move e4|You play e4." "move g1f3|You play Nf3." "takeback|Taken back." \
	"move Nc3|You play Nc3."; do
	keys :
	type "${c%%|*}"
	keys Enter
	expect_screen "${c#*|}" "${c%%|*} typed right after the last output"
done
expect_screen "You play Nc3." "the last move typed after an output"
# The tutor's game messages are one status line without the FEN (the board shows it): read the board's ranks.
screen_settle
if ! screen | grep -E '^ ?2  P  P  P  P  [ .]  P  P  P' >/dev/null ||
	! screen | grep -E '^ ?1  R  [ .]  B  Q  K  B  N  R' >/dev/null; then
	fail "e4 and Nc3 on the board, Nf3 taken back: ranks 2 and 1 do not read PPPP1PPP/R1BQKBNR"
	screen | sed 's/^/    | /'
fi
keys Escape
keys :
type "game off"
keys Enter

# The compare view at 60x20 (lesson 1, page 4: none against captures): a
# side's row too long for its 29 columns ends at a whole word. Before, the
# right side's "Ke7 q0 -100 sp+800 sp-cut" showed as "... sp+800 s". The
# node cut off at its stand pat, fail-hard: it returns beta, a lower bound,
# written ">=-100" (issue 25).
tm resize-window -x 60 -y 20 >/dev/null 2>&1
keys :
type "lesson 1 4"
keys Enter
expect_screen "B: captures" "60x20: the compare view of lesson 1, page 4"
expect_screen "Ke7    q0 >=-100 sp+800" "60x20: side B's row of Ke7 (a stand-pat cutoff: a lower bound)"
if screen | grep -E ' (s|sp|sp-|sp-c|sp-cu|r|ra|rai|rais|c|cu|e|ev|eva|m|ma|mat)( *│|$)' >/dev/null; then
	fail "60x20: a tree row ends in half a mark"
	screen | sed 's/^/    | /'
fi
keys q
[ "$(tutor_exit_status)" = 0 ] || fail "q did not quit with status 0"

# The "Q! static N" mark of a node whose verdict quiescence changed is signed
# like every other value ("+190", not "190"). Hand-worked for lesson 14's
# x-ray position at depth 0: White R+R+3P = 1300, Black R+N+3P = 1110: +190.
tutor_stop
tutor_start 160 48 --fen "3r2k1/5ppp/8/3n4/8/8/3R1PPP/3R2K1 w - - 0 1" --depth 0
expect_screen "Q! static +190" "160x48: the changed verdict, signed"
tm resize-window -x 80 -y 24 >/dev/null 2>&1
expect_screen "Q! st +190" "80x24: the changed verdict, signed (compact)"
keys q
tutor_exit_status >/dev/null

# Ctrl-C during the tutor's first search, before its screen is up, stops
# that search and the tutor opens on it; it used to kill the program. The
# search (Kiwipete, depth 5, checks at every ply, no move order, no node
# cap; a 2G memory budget, some seconds of it) runs far longer than the
# test waits: Ctrl-C is sent once the program has used 0.3 s of processor
# time, so the search is surely under way.
tutor_stop
tutor_start 80 24 --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" --depth 5 \
	--mode checks --check-plies all --order none --max-nodes 0 --max-memory 2G
pane=$(tm display-message -p '#{pane_pid}' 2>/dev/null)
pid=
i=0
while [ "$i" -lt 600 ]; do
	[ -n "$pid" ] || pid=$(pgrep -P "$pane" 2>/dev/null | head -1)
	if [ -n "$pid" ] && [ -r "/proc/$pid/stat" ] &&
		[ "$(sed 's/^.*) //' "/proc/$pid/stat" | cut -d" " -f12)" -ge 30 ]; then
		break
	fi
	sleep 0.1
	i=$((i + 1))
done
if [ -n "$pid" ] && [ -r "/proc/$pid/stat" ]; then
	keys C-c
	expect_screen "STOPPED early" "Ctrl-C in the first search: the tutor opens on the stopped search"
	keys :
	type "stats"
	keys Enter
	expect_screen "(interrupted)" "the first search was stopped by Ctrl-C"
	keys Escape
	keys q
	[ "$(tutor_exit_status)" = 0 ] || fail "after Ctrl-C in the first search, q did not quit with status 0"
else
	note "no /proc or no process found: the Ctrl-C check is skipped"
fi
finish
