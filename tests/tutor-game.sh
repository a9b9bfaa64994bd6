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

"$PY" "$srcdir/tests/tutor-game.py" "$QUIESCE" "$SF" "$T/game.pgn" "$T/moves" || fail "tutor-game.py"
if [ -s "$T/game.pgn" ] && PGNX=$(need_prog pgn-extract); then
	"$PGNX" --quiet --checkmate "$T/game.pgn" -o "$T/mate.pgn" 2>"$T/err"
	[ "$(grep -c '^\[Event ' "$T/mate.pgn")" = 1 ] || fail "pgn-extract does not read the exported game as a checkmate: $(head -3 "$T/err")"
fi

# The same game in the curses tutor (tmux): the learner's moves Stockfish chose above, replayed.
if [ -s "$T/moves" ] && [ -n "${TMUX_BIN:-}" ] && [ -x "$TMUX_BIN" ]; then
	. "$srcdir/tests/tutor-lib.sh"
	tutor_start 120 40 --fen "6k1/5ppp/3q4/8/3P4/8/5PPP/3R2K1 b - - 0 1" --mode none --depth 1
	expect_screen "Event 1/" "the tutor starts"
	keys :
	type "game white"
	keys Enter
	expect_screen "The engine plays 1... Qxh2+" ":game white: the engine's reply"
	# The blunder, found in the tree: the horizon view marks the queen capture.
	keys :
	type "horizon"
	keys Enter
	expect_screen "! node 1  static -400  quiescence +500  (1... Qxh2+)" ":horizon lists Qxh2+"
	# Escape closes the list: the tree (mode none) marks the leaf too.
	keys Escape
	expect_screen "*Qxh2+   main = -400   static -400, quiescence +500 !!" ":horizon marks Qxh2+ in the tree"
	n=1
	last=$(wc -l <"$T/moves")
	while read -r mv; do
		n=$((n + 1))
		# Escape closes the output view the last reply opened; then the command line.
		keys Escape
		screen_settle
		keys :
		type "move $mv"
		keys Enter
		if [ "$((n - 1))" -lt "$last" ]; then
			expect_screen "The engine plays $n... " "move $n. $mv: the engine's reply" || break
		fi
	done <"$T/moves"
	expect_screen "Game over: 1-0, checkmate. You win." "the game ends in mate on the screen"
	keys Escape
	screen_settle
	keys :
	type "export game $T/tmux.pgn"
	keys Enter
	expect_screen "Wrote the game" ":export game"
	grep -q '{checkmate} 1-0' "$T/tmux.pgn" || fail ":export game: no checkmate in $T/tmux.pgn"
	keys Escape
	tutor_stop
else
	note "tmux is not installed (or no moves): the curses part is skipped"
fi

# Errors: no game, a finished position, a bad side.
printf 'takeback\ngame sideways\nfen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\nmove Ra8\ngame white\nexport game %s\n' "$T/x.pgn" |
	"$QUIESCE" repl >"$T/out" 2>&1
expect_out_has "takeback: no game is being played" "takeback with no game"
expect_out_has "game: expected white, black or off" "game sideways"
expect_out_has "game: the position is already over (checkmate)" "game from a mate"
expect_out_has "export: no game is being played" "export game with no game"
finish
