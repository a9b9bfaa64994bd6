#!/bin/sh
# uci-polyglot.sh: quiesce plays whole games through a real client: Debian's
# polyglot (the UCI to xboard adapter) in a scripted xboard session
# (tests/xboard-game.py), the engine playing both sides at depths 2 and 3
# until polyglot itself declares the game over (mate, stalemate, repetition,
# fifty moves, insufficient material) or 400 plies are played. pgn-extract,
# when installed, replays every move of each game as an independent check of
# legality. Skipped without polyglot or python3.

. "$srcdir/tests/lib.sh"
need_quiesce

PY=$(need_prog python3) || skip "python3 is not installed"
PG=$(need_prog polyglot) || skip "polyglot is not installed"
PGNX=$(need_prog pgn-extract) || PGNX=

cat >"$T/quiesce.ini" <<INI
[PolyGlot]
EngineCommand = $QUIESCE uci
EngineDir = $T
Log = false
Resign = false
[Engine]
Quiescence = captures
INI

for depth in 2 3; do
	if ! "$PY" "$srcdir/tests/xboard-game.py" "$PG" "$T/quiesce.ini" "$depth" 400 "$T/game$depth.pgn" >"$T/out" 2>"$T/err"; then
		fail "depth $depth: no result announced"
		show_output
		continue
	fi
	note "depth $depth: $(cat "$T/out")"
	if [ -n "$PGNX" ]; then
		"$PGNX" --quiet "$T/game$depth.pgn" -o "$T/checked$depth.pgn" 2>"$T/err"
		grep -q "Failed to make move" "$T/err" && fail "depth $depth: pgn-extract rejects a move: $(head -3 "$T/err")"
		[ "$(grep -c '^\[Event ' "$T/checked$depth.pgn")" = 1 ] || fail "depth $depth: pgn-extract did not pass the game"
	fi
done
finish
