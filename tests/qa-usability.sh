#!/bin/sh
# qa-usability.sh: defects a careful user tripped over, each checked against
# a hand-worked expectation.
#
# - The REPL's 'help': a synopsis too long for the 34-column synopsis field
#   ('export json|json-full|...') has a line of its own, and its summary starts
#   in the summaries' column (2 spaces + 34 + 1 = column 38), not at column 3
#   where the tutor's help wrapped it.
# - search, trace and tutor --help: the --pgn/--game/--ply lines sit under a
#   heading of their own, not under "Output options:" after --help.
# - 'quiesce --help': every --option its synopsis gives a command is one that
#   command's own --help lists (diff advertised a --limit it rejects); the
#   line "Usage: ..." itself does not count.
# - A game against the engine ends when the position is set to another one
#   (fen, pgn, lesson, open): 'move' then plays from the new position.
#   Hand-worked: from 7k/8/8/8/8/8/8/R5K1 w, Kg2 gives
#   7k/8/8/8/8/8/6K1/R7 b - - 1 1.
# - A window question accepts the window as the tree writes it, [a,b], and
#   with a comma. Hand-worked for lesson 2, page 3: Rxb8+ Kh7 Nxa5 gives
#   White +810 (a rook, then a pawn, over the +210 start), so Black's node
#   after Nxa5 is entered with alpha -inf and beta -810.
# - The REPL's 'board' gives the static value once per side: with White to
#   move it said "+0 for White, +0 for White". Hand-worked material for
#   1r4k1/5ppp/6p1/p7/8/1N6/5PPP/1R4K1 b: White R+N+3P = 500+310+300 =
#   1110, Black R+5P = 1000: +110 for White, -110 for Black (to move).
# - A bad count to next/prev/over/out names the command and the range (the
#   message was the same nameless line for all four); 'compare off' with no
#   comparison open does not say "Comparison closed".
# - A file name with a blank, in quotes, can be exported and opened; a quote
#   inside a word (it's.txt) stays a character. The JSON is read back by
#   python3 (its "nodes" array is the trace's node list) when it is there.
# - 'horizon' lists 20 leaves and used to stop there silently (and
#   'horizon 0' said "(none)"): it says how many more there are. Hand-worked:
#   in 4k3/8/2p5/3p4/8/8/3Q4/4K3 w White has 23 moves (king: Kd1 Kf1 Ke2 Kf2;
#   queen: d3 d4 xd5 d1, a2-h2 but d2 (7), c1, c3 b4 a5, e3 f4 g5 h6 = 19),
#   so depth 1 in mode none has 23 horizon leaves: 20 listed, 3 more.
# - Standard output that cannot be written (/dev/full: "No space left on
#   device", by the kernel's definition of that device) fails the command
#   with a message; search, lessons and --help exited 0 with nothing written.
# - quiesce(1)'s FILES names every file shipped in positions/ (it left out
#   balanced.epd and lichess.csv) and every lesson id of lessons/*.lesson
#   (it left out games). Read from the source tree, not from quiesce.
# - The trace synopsis ('quiesce --help', 'trace --help') gave
#   --format text|json|dot; the formats quiesce(1) gives, and trace takes,
#   are text, json, jsonl, dot and pgn.
# - The REPL quoted a mistyped line raw in its error: an escape sequence
#   typed or pasted (ESC [31m) reached the terminal and turned it red. Its
#   control characters are now shown as '?'. A line of blanks such as a
#   vertical tab is a blank line, not "unknown command ''". The same holds
#   for a usage error's message on the command line.
# - The EPD readers (perft --epd, compare --epd, match --openings) refuse a
#   directory ("is a directory") and a FIFO ("is not a regular file") as the
#   trace and lesson readers do, instead of "read error" or waiting forever.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE
XDG_STATE_HOME=$T/state
export XDG_STATE_HOME

# ------------------------------------------------------------ help layout
echo help >"$T/in"
"$Q" repl <"$T/in" >"$T/out" 2>"$T/err" || fail "repl help failed"
expect_out_line "  export json|json-full|jsonl|jsonl-full|dot|text|pgn|game FILE" "help: the long export synopsis on a line of its own"
awk '/^  export json\|json-full/ { getline; print; exit }' "$T/out" >"$T/next"
grep -E '^ {37}write the trace to a file' "$T/next" >/dev/null ||
	fail "help: export's summary does not start in column 38: '$(cat "$T/next")'"
# Every other command's summary starts in column 38 too (column 37 is the gap).
awk '/^  [a-z]/ && !/^  export json/ && substr($0, 37, 1) != " " { print }' "$T/out" >"$T/bad"
expect_empty "$T/bad" "help: summaries in column 38"

for cmd in search trace tutor repl; do
	run "$Q" $cmd --help
	# Past the usage lines (the synopsis may give --pgn too), up to the first blank line.
	awk 'options && /--pgn FILE/ { print prev; exit } /^$/ { options = 1 } { prev = $0 }' "$T/out" >"$T/head"
	case $(cat "$T/head") in
	*PGN*:) ;;
	*) fail "$cmd --help: the line above --pgn is '$(cat "$T/head")', not a PGN heading" ;;
	esac
done

# ------------------------------------------------------------ synopses
run "$Q" --help
sed -n '/^Synopsis:/,/^Options:/p' "$T/out" >"$T/syn"
cmd=
while IFS= read -r line; do
	case $line in
	*"quiesce "*) cmd=$(echo "$line" | sed 's/.*quiesce \[*\([a-z-]*\).*/\1/') ;;
	esac
	[ -n "$cmd" ] || continue
	for opt in $(echo "$line" | grep -o -e '--[a-z][a-z-]*'); do
		"$Q" "$cmd" --help 2>/dev/null | sed 1d | grep -e "$opt\\b" >/dev/null ||
			fail "'quiesce --help' gives $cmd $opt, which '$cmd --help' does not list"
	done
done <"$T/syn"

# ------------------------------------------------------------ a game ends with a new position
cat >"$T/in" <<'CMDS'
fen 7k/8/8/8/8/8/8/R5K1 w - - 0 1
game white
move Kg2
fen 7k/8/8/8/8/8/8/R5K1 w - - 0 1
move Kg2
takeback
game white
lesson 1
takeback
CMDS
"$Q" repl <"$T/in" >"$T/out" 2>"$T/err"
expect_out_has "The game against the engine ended: the position changed" "fen ends the game"
expect_out_line "Position now: 7k/8/8/8/8/8/6K1/R7 b - - 1 1" "after fen, move plays from the new position"
[ "$(grep -c "takeback: no game is being played" "$T/err")" = 2 ] ||
	fail "takeback after fen and after lesson: expected 'no game' twice; stderr: $(cat "$T/err")"

# ------------------------------------------------------------ window answers
cat >"$T/in" <<'CMDS'
lesson 2
page 3
answer [-inf,-810]
answer -inf, -810
answer -inf -810
answer [-inf,+810]
CMDS
"$Q" repl <"$T/in" >"$T/out" 2>"$T/err"
[ "$(grep -c '^\[right\]' "$T/out")" = 3 ] ||
	fail "window answers: expected 3 right ([-inf,-810], '-inf, -810', '-inf -810'): $(grep '^\[' "$T/out")"
[ "$(grep -c '^\[wrong\]' "$T/out")" = 1 ] ||
	fail "window answers: expected [-inf,+810] wrong: $(grep '^\[' "$T/out")"

# ------------------------------------------------------------ the static value in 'board'
printf 'board\nfen 1r4k1/5ppp/6p1/p7/8/1N6/5PPP/1R4K1 b - - 0 1\nboard\n' >"$T/in"
"$Q" repl <"$T/in" >"$T/out" 2>"$T/err"
expect_out_line "Static eval: material 3960-3960: +0 for White (to move)" "board, White to move: the value once"
expect_out_line "Static eval: material 1110-1000: +110 for White, -110 for Black (to move)" "board, Black to move: both sides"

# ------------------------------------------------------------ cursor counts, compare off
printf 'next x\nprev 1 2\nover -1\nout 100000001\ncompare off\n' >"$T/in"
"$Q" repl <"$T/in" >"$T/out" 2>"$T/err"
for cmd in next prev over out; do
	expect_err_has "error: $cmd: expected an optional count, a whole number from 0 to 100000000" "$cmd: a bad count"
done
expect_out_line "No comparison was open." "compare off with none open"

# ------------------------------------------------------------ quoted file names
(
	cd "$T" || exit 1
	printf '%s\n' search 'export json "my trace.json"' "open 'my trace.json'" "export text it's.txt" | "$Q" repl >out 2>err
)
[ -s "$T/my trace.json" ] || fail "export json \"my trace.json\": no such file; $(cat "$T/err")"
grep -F "Opened my trace.json: " "$T/out" >/dev/null || fail "open 'my trace.json' failed: $(cat "$T/err")"
[ -s "$T/it's.txt" ] || fail "export text it's.txt: the quote inside the word was not kept"
if PY=$(need_prog python3); then
	"$PY" -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(0 if d["version"] == 3 and len(d["events"]) > 0 else 1)' \
		"$T/my trace.json" || fail "my trace.json is not a compact JSON trace with events"
fi

# ------------------------------------------------------------ horizon: the rest of the list
printf 'fen 4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1\nmode none\ndepth 1\nsearch\nhorizon\nhorizon 0\n' >"$T/in"
"$Q" repl <"$T/in" >"$T/out" 2>"$T/err"
[ "$(grep -c '^[ !] node [0-9]*  static' "$T/out")" = 20 ] || fail "horizon: expected 20 leaves listed"
expect_out_line "  ... 3 more ('horizon 23' lists them all)" "horizon: the 3 leaves not listed"
expect_out_line "  ... 23 more ('horizon 23' lists them all)" "horizon 0: all 23 not listed"

# ------------------------------------------------------------ output to a full device
if [ -w /dev/full ]; then
	for args in "search --depth 1" "lessons" "--help" "--version" "perft --depth 1"; do
		# shellcheck disable=SC2086
		"$Q" $args >/dev/full 2>"$T/err"
		st=$?
		[ "$st" = 1 ] || fail "$args >/dev/full: exit status $st, expected 1"
		grep -F "cannot write" "$T/err" >/dev/null || fail "$args >/dev/full: no message: $(cat "$T/err")"
	done
fi

# ------------------------------------------------------------ the manual's FILES
if GROFF_PROG=$(need_prog groff); then
	"$GROFF_PROG" -man -Tutf8 -rLL=400n -rHY=0 -P-cbou "$srcdir/man/quiesce.1" 2>/dev/null | sed -n '/^FILES/,/^SEE ALSO/p' |
		tr -s ' \n' '  ' >"$T/files"
	for f in "$srcdir"/positions/*; do
		name=${f##*/}
		grep -F " $name " "$T/files" >/dev/null || fail "quiesce(1) FILES does not name positions/$name"
	done
	for id in $(sed -n 's/^id: *//p' "$srcdir"/lessons/*.lesson); do
		grep -E "[ ,]$id[ ,.(]" "$T/files" >/dev/null || fail "quiesce(1) FILES does not name the lesson $id"
	done
fi

# ------------------------------------------------------------ trace formats in the synopsis
run "$Q" trace --help
for f in text json jsonl jsonl-full dot pgn; do
	expect_exit 0 "trace --format $f" "$Q" trace --depth 1 --format "$f"
	# The synopsis, its continuation lines joined.
	"$Q" trace --help | sed '/^$/q' | tr '\n' ' ' | grep -E "format [a-z|-]*\b$f\b" >/dev/null ||
		fail "trace --help: the synopsis does not give --format $f"
	"$Q" --help | grep -A1 "quiesce trace " | tr '\n' ' ' | grep -E "quiesce trace .*format [a-z|-]*\b$f\b" >/dev/null ||
		fail "quiesce --help: trace's synopsis does not give --format $f"
done

# ------------------------------------------------------------ control characters in errors
printf '\033[31mred\n\001\002x\n\v\n' | "$Q" repl >"$T/out" 2>"$T/err"
if tr -d '\n' <"$T/err" | LC_ALL=C grep -q "$(printf '[\001-\037\177]')"; then
	fail "repl: a control character reached standard error: $(od -c "$T/err" | head -5)"
fi
expect_err_has "unknown command '?[31mred'" "repl: ESC shown as ?"
grep -F "unknown command ''" "$T/err" >/dev/null && fail "repl: a vertical tab was taken for a command"
# The same for a usage error on the command line.
esc=$(printf '\033[31mX')
for args in "search --mode" "perft --depth" "lesson --width"; do
	# shellcheck disable=SC2086
	expect_exit 2 "$args ESC" "$Q" $args "$esc" &&
		expect_err_has "'?[31mX'" "$args ESC: shown as ?"
	tr -d '\n' <"$T/err" | LC_ALL=C grep -q "$(printf '[\001-\037\177]')" &&
		fail "$args ESC: a control character reached standard error"
done

# ------------------------------------------------------------ EPD files that are not files
mkdir "$T/dir"
if mkfifo "$T/fifo" 2>/dev/null; then
	# A guard against the old hang only (timeout is not a measure here).
	TO=$(command -v timeout || true)
	for args in "perft --epd" "compare --modes none,captures --epd" "match --modes none,captures --games 2 --openings"; do
		# shellcheck disable=SC2086
		expect_exit 1 "$args FIFO" $TO ${TO:+60} "$Q" $args "$T/fifo" &&
			expect_err_has "fifo: is not a regular file (it is a FIFO)" "$args FIFO: said so"
		# shellcheck disable=SC2086
		expect_exit 1 "$args DIR" "$Q" $args "$T/dir" &&
			expect_err_has "dir: is a directory" "$args DIR: said so"
	done
fi
finish
