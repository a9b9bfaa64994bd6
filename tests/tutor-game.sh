#!/bin/sh
# tutor-game.sh: a game against the engine in the tutor's commands
# (tests/tutor-game.py drives "quiesce repl"): the engine in mode none
# blunders its queen, Stockfish confirms the blunder, the tutor's horizon
# view marks the leaf that misled the search, and Stockfish's moves for the
# learner win the game by mate; the game exported as PGN passes pgn-extract
# and is a checkmate by its reading. Skipped without python3 or Stockfish.

. "$srcdir/tests/lib.sh"
need_quiesce

PY=$(need_prog python3) || skip "python3 is not installed"
SF=${STOCKFISH:-}
[ -n "$SF" ] && [ -x "$SF" ] || SF=$(need_prog stockfish) || skip "stockfish is not installed"

"$PY" "$srcdir/tests/tutor-game.py" "$QUIESCE" "$SF" "$T/game.pgn" || fail "tutor-game.py"
if [ -s "$T/game.pgn" ] && PGNX=$(need_prog pgn-extract); then
	"$PGNX" --quiet --checkmate "$T/game.pgn" -o "$T/mate.pgn" 2>"$T/err"
	[ "$(grep -c '^\[Event ' "$T/mate.pgn")" = 1 ] || fail "pgn-extract does not read the exported game as a checkmate: $(head -3 "$T/err")"
fi

# Errors: no game, a finished position, a bad side.
printf 'takeback\ngame sideways\nfen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\nmove Ra8\ngame white\nexport game %s\n' "$T/x.pgn" |
	"$QUIESCE" repl >"$T/out" 2>&1
expect_out_has "takeback: no game is being played" "takeback with no game"
expect_out_has "game: expected white, black or off" "game sideways"
expect_out_has "game: the position is already over (checkmate)" "game from a mate"
expect_out_has "export: no game is being played" "export game with no game"
finish
