#!/bin/sh
# cli-options.sh: issue 8's command-line items. --delta=M is a margin (0 is a
# margin, not off), --no-delta switches it off, every malformed --fen is a
# usage error with the "Try 'quiesce --help'" line, and a mate score is given
# in moves, not centipawns.
#
# Expected values by hand: 6k1/5ppp/8/8/8/8/8/R5K1 w is a back-rank mate in
# one (Ra8#: the king's escape squares f7 g7 h7 hold its own pawns).
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE

expect_exit 0 "--delta=0" "$Q" search --depth 1 --delta=0 &&
	expect_out_has "delta 0," "--delta=0 is a margin of 0"
expect_exit 0 "--delta=1" "$Q" search --depth 1 --delta=1 &&
	expect_out_has "delta 1," "--delta=1 is a margin of 1"
expect_exit 0 "--delta" "$Q" search --depth 1 --delta &&
	expect_out_has "delta 200," "--delta alone: the default margin"
expect_exit 0 "--no-delta" "$Q" search --depth 1 --delta=300 --no-delta
grep -F "delta" "$T/out" | grep -v "prunes" >/dev/null && fail "--no-delta left delta pruning on: $(cat "$T/out")"
expect_exit 2 "--delta=10001" "$Q" search --delta=10001 &&
	expect_err_has "from 0 to 10000" "--delta=10001 names the range"

for cmd in search trace perft; do
	expect_exit 2 "$cmd --fen 'bad fen'" "$Q" $cmd --fen 'bad fen' --depth 1 &&
		expect_err_has "invalid FEN 'bad fen'" "$cmd: the FEN is named" &&
		expect_err_has "Try 'quiesce --help' for more information." "$cmd --fen 'bad fen': the Try line"
done

expect_exit 0 "a mate" "$Q" search --fen '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' --depth 1 &&
	expect_out_has "score:     #1 (mate in moves, for the side to move)" "a mate is in moves"
grep -F "score:" "$T/out" | grep -F "centipawns" >/dev/null && fail "a mate score says centipawns"
expect_exit 0 "a centipawn score" "$Q" search --fen '4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1' --depth 1 &&
	expect_out_has "(centipawns, for the side to move)" "an ordinary score is in centipawns"
finish
