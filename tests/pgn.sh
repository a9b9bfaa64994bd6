#!/bin/sh
# pgn.sh: PGN in and out.
#
# 1. The catalogue of malformed PGN (tests/data/bad-pgn, EXPECTED lists each
#    file's line, column and message): each is refused with exit status 1
#    and a message naming the file, line and column. A 10 MB comment, and a
#    game of more than 1024 plies, are generated here.
# 2. Reading: for every game of a match's PGN and of tests/corpus/pgn, the
#    position --pgn FILE --game N gives is the one pgn-extract (an
#    independent reader) finds at the end of the game; --ply N too.
# 3. Writing: trace --format pgn (the line and the root alternatives) passes
#    pgn-extract.
# 4. --pgn usage errors.

. "$srcdir/tests/lib.sh"
need_quiesce

bad=$srcdir/tests/data/bad-pgn
n=0
while IFS='|' read -r file where msg; do
	case $file in '#'* | '') continue ;; esac
	n=$((n + 1))
	# --game 99: every game of the file is read, so an error in a later game is found too.
	run "$QUIESCE" search --pgn "$bad/$file" --game 99
	if [ "$status" -ne 1 ]; then
		fail "$file: exit status $status, expected 1"
		show_output
		continue
	fi
	if [ "$where" != "0:0" ]; then
		expect_err_has "$file:$where: " "$file" || continue
	fi
	expect_err_has "$msg" "$file"
done <"$bad/EXPECTED"
[ "$n" -ge 30 ] || fail "only $n catalogued cases"
note "$n malformed PGN files refused with their line and column"

# A 10 MB comment is read (and skipped); never closed, it is reported where it opens.
PY=$(need_prog python3) || PY=
if [ -n "$PY" ]; then
	"$PY" -c "
import sys
big = 'x' * (10 * 1024 * 1024)
open(sys.argv[1], 'w').write('[Event \"big\"]\n\n1. e4 {' + big + '} e5 *\n')
open(sys.argv[2], 'w').write('[Event \"big\"]\n\n1. e4 {' + big + ' e5 *\n')
open(sys.argv[3], 'w').write('[Event \"long\"]\n\n' + ' '.join(['Nf3 Nf6 Ng1 Ng8'] * 300) + ' *\n')
" "$T/big.pgn" "$T/bigopen.pgn" "$T/long.pgn"
	expect_exit 0 "10 MB comment" "$QUIESCE" search --pgn "$T/big.pgn" --format json
	expect_out_has '"fen": "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"' "10 MB comment" ||
		expect_out_has '"fen": "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"' "10 MB comment"
	expect_exit 1 "10 MB comment never closed" "$QUIESCE" search --pgn "$T/bigopen.pgn"
	expect_err_has "bigopen.pgn:3:7: game 1: a comment '{' that is never closed" "10 MB comment never closed"
	expect_exit 1 "1200 plies" "$QUIESCE" search --pgn "$T/long.pgn"
	expect_err_has "longer than 1024 plies" "1200 plies"
fi

# Usage errors.
good=$srcdir/tests/corpus/pgn/01-tour.pgn
expect_exit 2 "--game 0" "$QUIESCE" search --pgn "$good" --game 0
expect_exit 2 "no game 3" "$QUIESCE" search --pgn "$good" --game 3
expect_err_has "there is no game 3: the file holds 2 games" "no game 3"
expect_exit 2 "--ply past the end" "$QUIESCE" search --pgn "$good" --ply 11
expect_err_has "has only 10 half-moves" "--ply past the end"
expect_exit 2 "--game without --pgn" "$QUIESCE" search --game 2
expect_exit 2 "--fen and --pgn" "$QUIESCE" search --pgn "$good" --fen "$(printf '4k3/8/8/8/8/8/8/4K3 w - - 0 1')"
expect_exit 1 "missing file" "$QUIESCE" search --pgn "$T/none.pgn"
expect_exit 1 "a directory" "$QUIESCE" trace --pgn "$T"
expect_err_has "is a directory" "a directory"
expect_exit 0 "--ply 0" "$QUIESCE" search --pgn "$good" --ply 0 --format json
expect_out_has '"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"' "--ply 0"
expect_exit 0 "tutor --pgn (the REPL)" "$QUIESCE" repl --pgn "$good" --game 2

PGNX=$(need_prog pgn-extract) || { note "pgn-extract is not installed: the checks against it are skipped"; finish; }

# fens FILE: the final position of each game of FILE, by pgn-extract (one FEN a line, 4 fields).
fens() {
	"$PGNX" --quiet -F "$1" 2>/dev/null | sed -n 's/.*{ "\([^"]*\)" }.*/\1/p' | cut -d' ' -f1-4
}
# ours FILE N [PLY]: the position quiesce reads for game N (4 fields).
ours() {
	"$QUIESCE" search --pgn "$1" --game "$2" ${3:+--ply "$3"} --format json | sed -n 's/.*"fen": "\([^"]*\)".*/\1/p' | cut -d' ' -f1-4
}
# pgn-extract writes the e.p. square only when a capture is possible there: compare without it.
noep() {
	sed 's/ [a-h][36]$/ -/'
}
expect_exit 0 "match --pgn" "$QUIESCE" match --modes captures,none --games 12 --pgn "$T/match.pgn"
cat "$T/match.pgn" "$srcdir/tests/corpus/pgn/04-variations.pgn" >"$T/all.pgn"
fens "$T/all.pgn" | noep >"$T/want"
count=$(wc -l <"$T/want")
[ "$count" -ge 13 ] || fail "pgn-extract read only $count games"
i=0
: >"$T/got"
while [ "$i" -lt "$count" ]; do
	i=$((i + 1))
	ours "$T/all.pgn" "$i" | noep >>"$T/got"
done
if ! cmp -s "$T/want" "$T/got"; then
	fail "final positions differ from pgn-extract's"
	diff "$T/want" "$T/got" | head -10
fi
note "$count games: every final position equal to pgn-extract's"
# A byte-order mark, move numbers glued to moves, 0-0 castling, NAGs and annotations.
bom=$srcdir/tests/corpus/pgn/02-bom.pgn
[ "$(ours "$bom" 1 | noep)" = "$(fens "$bom" | noep)" ] || fail "02-bom.pgn: $(ours "$bom" 1), pgn-extract: $(fens "$bom")"

# --ply: the position after 8 half-moves of game 1, against pgn-extract reading the game cut there.
"$QUIESCE" search --pgn "$good" --ply 8 --format json | sed -n 's/.*"fen": "\([^"]*\)".*/\1/p' | cut -d' ' -f1-4 | noep >"$T/got8"
printf '[Event "cut"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n' >"$T/cut.pgn"
fens "$T/cut.pgn" | noep >"$T/want8"
cmp -s "$T/got8" "$T/want8" || fail "--ply 8: $(cat "$T/got8"), pgn-extract: $(cat "$T/want8")"

# What trace --format pgn writes passes pgn-extract: the start, a WAC position, a mate.
for fen in "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" \
	"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1" \
	"8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1" \
	"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"; do
	for mode in none checks; do
		"$QUIESCE" trace --fen "$fen" --mode "$mode" --depth 3 --format pgn >"$T/line.pgn" || fail "trace --format pgn $fen"
		"$PGNX" --quiet "$T/line.pgn" -o "$T/line-out.pgn" 2>"$T/err"
		if [ -s "$T/err" ] || [ "$(grep -c '^\[Event ' "$T/line-out.pgn")" != 1 ]; then
			fail "pgn-extract does not pass trace --format pgn of $fen ($mode): $(head -3 "$T/err")"
			sed -n '1,20p' "$T/line.pgn"
		fi
	done
done
finish
