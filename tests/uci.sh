#!/bin/sh
# uci.sh: quiesce as a UCI engine, driven as a GUI drives it (tests/uci-check.py):
# 200 WAC positions at "go depth 3" (bestmove equal to "quiesce search
# --depth 3 --eval pst", legal per Stockfish when installed), the games of
# match --nodes replayed at "go nodes", isready and stop while thinking, malformed commands, options, TraceFile, node and time limits.
# Needs python3 (skipped without it).

. "$srcdir/tests/lib.sh"
need_quiesce

PY=$(need_prog python3) || skip "python3 is not installed"
SF=${STOCKFISH:-}
[ -n "$SF" ] && [ -x "$SF" ] || SF=$(need_prog stockfish) || SF=
"$PY" "$srcdir/tests/uci-check.py" "$QUIESCE" "$srcdir/positions/wac.epd" "$SF" || fail "uci-check.py"

# The node-limit rule: "go nodes N" plays the moves of "match --nodes N"
# (one variant on both sides, uci's defaults: captures, pst) from the same
# openings, move for move (tests/uci-match-nodes.py).
head -4 "$srcdir/positions/balanced.epd" | cut -d' ' -f1-4 >"$T/open4.epd"
"$QUIESCE" match --modes captures,captures --nodes 3000 --games 8 --openings "$T/open4.epd" --max-plies 80 \
	--pgn "$T/nodes.pgn" --no-progress >"$T/out" 2>"$T/err" || fail "match --nodes 3000 for the node-limit rule"
set --
while read -r b s c k; do
	set -- "$@" "$b $s $c $k 0 1"
done <"$T/open4.epd"
"$PY" "$srcdir/tests/uci-match-nodes.py" "$QUIESCE" "$T/nodes.pgn" 3000 "$@" >"$T/out" 2>&1 ||
	fail "go nodes 3000 and match --nodes 3000 play different games: $(tail -3 "$T/out")"

# Repetitions (hand-worked, as in tests/test_repetition.c): a lone king
# against king and rook, after 1... Kh8 2. Kh1 Kg8 from the position with
# White's king on g1. 3. Kg1 brings it back: a draw, 0, the only line that
# does not lose the rook's worth. Given as a bare FEN there is no history.
uci_go() {
	# uci_go POSITION-ARGS [DEPTH [SETOPTION...]]: "go depth DEPTH" (2) after the setoptions
	# and "position POSITION-ARGS"; the answers in $T/out.
	_pos=$1
	_depth=${2:-2}
	shift
	[ $# -gt 0 ] && shift
	: >"$T/out"
	{
		printf 'uci\n'
		for o in "$@"; do printf 'setoption name %s\n' "$o"; done
		printf 'position %s\ngo depth %s\n' "$_pos" "$_depth"
		i=0
		while ! grep -q '^bestmove' "$T/out" && [ "$i" -lt 600 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		printf 'quit\n'
	} | "$QUIESCE" uci >"$T/out" 2>"$T/err"
}
uci_go "fen 1r4k1/8/8/8/8/8/8/6K1 b - - 0 1 moves g8h8 g1h1 h8g8"
expect_out_line "bestmove h1g1" "uci: the move back to a position of the game"
grep -q '^info depth 2 .*score cp 0 ' "$T/out" || fail "uci: a repetition does not score 0: $(grep '^info depth 2' "$T/out")"
uci_go "fen 1r4k1/8/8/8/8/8/8/7K w - - 3 3"
grep -q "score cp 0 " "$T/out" && fail "uci: a draw score with no game history: $(grep '^info depth 2' "$T/out")"

# The Variant option sets a whole variant from the mode specs' words: modern
# through Variant searches what the modern preset's switches set one by one
# through their own options search (quiesce(1): the table, futility, SEE margin 80,
# evasion limit 2, recaptures from ply 5), and not what the default does.
# A bad spec is refused with an info string and changes nothing.
uci_depth3() {
	# uci_depth3 SETOPTIONS...: the score and nodes of "go depth 3" on a WAC position after the setoptions.
	uci_go "fen r1bqk2r/ppp1nppp/4p3/n5N1/2BPp3/P1P5/2P2PPP/R1BQK2R w KQkq - 0 1" 3 "$@"
	sed -n 's/^info depth 3 .*\(score cp -*[0-9]*\).* \(nodes [0-9]*\).*/\1 \2/p' "$T/out"
}
by_variant=$(uci_depth3 "Variant value modern")
grep -q '^option name Variant type combo .*var captures.* var modern' "$T/out" || fail "uci: no Variant combo naming modern"
by_switches=$(uci_depth3 "TT value true" "Futility value true" "SEEMargin value 80" "SEE value true" "EvasionLimit value 2" "Recaptures value 5")
by_default=$(uci_depth3 "Variant value captures+bogus")
expect_out_line "info string setoption Variant: unknown mode 'bogus' in 'captures+bogus': expected none, captures, checks, brute, faulty, rival or modern, or a switch (soft, checks-all, nodelta, delta=M, see, depth=N, ...: a search option of 'set', as NAME or NAME=VALUE)" "uci: a bad Variant"
[ -n "$by_variant" ] || fail "uci: Variant modern gave no depth-3 line"
[ "$by_variant" = "$by_switches" ] || fail "uci: Variant modern ($by_variant) searches otherwise than its switches ($by_switches)"
[ "$by_variant" != "$by_default" ] || fail "uci: Variant modern ($by_variant) searches as the default does"

# Standard input closing is "quit"; --help and a stray argument.
printf 'uci\n' | "$QUIESCE" uci >"$T/out" 2>"$T/err"
[ $? -eq 0 ] || fail "end of input: exit status is not 0"
expect_out_line uciok "end of input"
expect_exit 0 "uci --help" "$QUIESCE" uci --help
expect_exit 2 "uci with an argument" "$QUIESCE" uci extra
expect_err_has "unexpected argument 'extra'" "uci with an argument"
finish
