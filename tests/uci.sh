#!/bin/sh
# uci.sh: quiesce as a UCI engine, driven as a GUI drives it (tests/uci-check.py):
# 200 WAC positions at "go depth 3" (bestmove equal to "quiesce search
# --depth 3", legal per Stockfish when installed), isready and stop while
# thinking, malformed commands, options, TraceFile, node and time limits.
# Needs python3 (skipped without it).

. "$srcdir/tests/lib.sh"
need_quiesce

PY=$(need_prog python3) || skip "python3 is not installed"
SF=${STOCKFISH:-}
[ -n "$SF" ] && [ -x "$SF" ] || SF=$(need_prog stockfish) || SF=
"$PY" "$srcdir/tests/uci-check.py" "$QUIESCE" "$srcdir/positions/wac.epd" "$SF" || fail "uci-check.py"

# Standard input closing is "quit"; --help and a stray argument.
printf 'uci\n' | "$QUIESCE" uci >"$T/out" 2>"$T/err"
[ $? -eq 0 ] || fail "end of input: exit status is not 0"
expect_out_line uciok "end of input"
expect_exit 0 "uci --help" "$QUIESCE" uci --help
expect_exit 2 "uci with an argument" "$QUIESCE" uci extra
expect_err_has "unexpected argument 'extra'" "uci with an argument"
finish
