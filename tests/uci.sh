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

# Standard input closing is "quit"; --help and a stray argument.
printf 'uci\n' | "$QUIESCE" uci >"$T/out" 2>"$T/err"
[ $? -eq 0 ] || fail "end of input: exit status is not 0"
expect_out_line uciok "end of input"
expect_exit 0 "uci --help" "$QUIESCE" uci --help
expect_exit 2 "uci with an argument" "$QUIESCE" uci extra
expect_err_has "unexpected argument 'extra'" "uci with an argument"
finish
