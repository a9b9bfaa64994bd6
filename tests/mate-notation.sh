#!/bin/sh
# mate-notation.sh: one mate notation everywhere, the chess GUIs' form: "#N"
# when the side to move at the node shown mates in N of its own moves, "#-N"
# when it is mated in N ("#-0": checkmated at that node). Checked in
# 'quiesce search', 'quiesce trace', the REPL's tree, UCI's "score mate N"
# and the tutor's tree (tmux, wide and compact).
#
# Expected values: worked by hand, and each agrees with Stockfish 15.1
# ("go depth 12": score mate 1, mate 1, mate 2, mate 2, mate -2):
#   W1  6k1/5ppp/8/8/8/8/5PPP/R5K1 w   Ra8# (back rank): White mates in 1.
#   B1  r5k1/5ppp/8/8/8/8/5PPP/6K1 b   Ra1#: Black mates in 1.
#   W2  6k1/8/8/8/8/8/R7/1R4K1 w       Rb7 (or Ra7) boxes the king on the
#       eighth rank, then the other rook mates there: White mates in 2.
#   B2  1r4k1/r7/8/8/8/8/8/6K1 b       the same, mirrored: Ra2 then Rb1#.
#   L2  k7/8/2K5/8/8/8/8/7R b          Black to move is mated in 2: Ka7
#       (Kb8 Rh8#) Rh8 Ka6 Ra8#; a depth-4 search sees it.
# In W2's depth-3 tree, Black's node after Rb7 (ply 1) is mated in 1 (#-1),
# and the mated node after Rb7 Kf8 Ra8# (ply 3) is #-0.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE

W1="6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
B1="r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1"
W2="6k1/8/8/8/8/8/R7/1R4K1 w - - 0 1"
B2="1r4k1/r7/8/8/8/8/8/6K1 b - - 0 1"
L2="k7/8/2K5/8/8/8/8/7R b - - 0 1"

# (a) quiesce search: the score line.
for c in "W1|$W1|1|#1 (mate in moves" "B1|$B1|1|#1 (mate in moves" "W2|$W2|3|#2 (mate in moves" \
	"B2|$B2|3|#2 (mate in moves" "L2|$L2|4|#-2 (mated in moves"; do
	name=${c%%|*}; rest=${c#*|}; fen=${rest%%|*}; rest=${rest#*|}; depth=${rest%%|*}; want=${rest#*|}
	if expect_exit 0 "search $name" "$Q" search --fen "$fen" --depth "$depth"; then
		expect_out_has "score:     $want, for the side to move)" "search $name: $want"
	fi
done

# (b) quiesce trace (text): the root's result, the node after Rb7 and the mated node.
if expect_exit 0 "trace W2" "$Q" trace --fen "$W2" --depth 3; then
	expect_out_has "result:   best Rb7 (b1b7), score #2," "trace W2: the root mates in 2"
	grep -E '^  #555\* Rb7 \[main d2\] .* -> #-1 \(exact\)$' "$T/out" >/dev/null ||
		fail "trace W2: after Rb7 Black is not mated in 1 (#-1)"
	expect_out_has "a score #N mates in N moves, #-N is mated in N" "trace W2: the legend explains the mate notation"
	grep -E '^      #[0-9]+\*\+ Ra8# \[q0\].* -> #-0 \(exact\)$' "$T/out" >/dev/null || fail "trace W2: Ra8# is not #-0 (checkmated there)"
fi
# Without a mate the legend has no mate line.
if expect_exit 0 "trace without mate" "$Q" trace --fen "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1" --depth 1; then
	grep -F "a score #N" "$T/out" >/dev/null && fail "trace without mate: the legend explains mates"
fi

# (c) the REPL's tree: the same node values.
printf '%s\n' "fen $W2" "set depth 3" "search" "tree 0 2000" >"$T/in"
"$Q" repl <"$T/in" >"$T/out" 2>"$T/err"
grep -E '^> +0 \*root +main = #2 ' "$T/out" >/dev/null || fail "repl tree W2: the root is not #2: $(grep root "$T/out")"
grep -E '^ +[0-9]+ +\*Rb7 +main = #-1 ' "$T/out" >/dev/null || fail "repl tree W2: Rb7 is not #-1: $(grep Rb7 "$T/out" | head -1)"

# (d) UCI: "score mate N", in moves as well, negative when mated.
uci_score() {
	# uci_score FEN DEPTH: the last "score ..." of one search, in $T/score (waits for bestmove).
	: >"$T/uci"
	{
		printf 'uci\nposition fen %s\ngo depth %s\n' "$1" "$2"
		i=0
		while ! grep -q '^bestmove' "$T/uci" && [ "$i" -lt 1200 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		printf 'quit\n'
	} | "$Q" uci >"$T/uci" 2>"$T/err"
	grep -o 'score [a-z]* -*[0-9]*' "$T/uci" | tail -1 >"$T/score"
}
for c in "W1|$W1|1|score mate 1" "W2|$W2|3|score mate 2" "L2|$L2|4|score mate -2"; do
	name=${c%%|*}; rest=${c#*|}; fen=${rest%%|*}; rest=${rest#*|}; depth=${rest%%|*}; want=${rest#*|}
	uci_score "$fen" "$depth"
	[ "$(cat "$T/score")" = "$want" ] || fail "uci $name: '$(cat "$T/score")', not '$want'"
done

# (e) the tutor's tree, wide (160 columns) and compact (80 columns).
. "$srcdir/tests/tutor-lib.sh"
for size in "160 48" "80 24"; do
	tutor_start ${size% *} ${size#* } --fen "$W2" --depth 3
	expect_screen "White to move" "tutor $size: start"
	expect_screen "#2" "tutor $size: the root's score"
	if ! screen | grep -E 'root +(main|m) += #2|root +(main|m) +#2' >/dev/null; then
		fail "tutor $size: the root is not shown as #2"
		screen | sed 's/^/    | /'
	fi
	# Node 555 is Rb7 (the trace above numbers it): go there, the tree shows it.
	keys :
	type "goto 555"
	keys Enter
	expect_screen "node 555" "tutor $size: goto 555"
	# On a small screen the goto's message opens the output pane: close it.
	if screen | grep -F "any other key closes" >/dev/null; then
		keys Escape
		wait_gone "any other key closes" || fail "tutor $size: the output pane stays open"
	fi
	screen_settle
	if ! screen | grep -E 'Rb7 +(main|m) += #-1|Rb7 +(main|m) +#-1' >/dev/null; then
		fail "tutor $size: Rb7 is not shown as #-1"
		screen | sed 's/^/    | /'
	fi
	tutor_stop
done
finish
