#!/bin/sh
# match.sh: quiesce match: usage errors, results independent of --jobs, and
# every game written as PGN checked by an independent reader (pgn-extract,
# when installed): it must replay every move, and the games it finds ending
# in checkmate or stalemate, or containing a threefold repetition or fifty
# moves without capture or pawn move, must be exactly those match
# adjudicated so.

. "$srcdir/tests/lib.sh"
need_quiesce

# Usage errors (exit 2) and failures (exit 1).
expect_exit 2 "--games 0" "$QUIESCE" match --modes none,captures --games 0
expect_err_has "invalid --games '0'" "--games 0"
expect_exit 2 "odd --games" "$QUIESCE" match --modes none,captures --games 3
expect_err_has "even number" "odd --games"
expect_exit 2 "one mode" "$QUIESCE" match --modes none --games 2
expect_err_has "exactly two variants" "one mode"
expect_exit 2 "no --modes" "$QUIESCE" match --games 2
expect_exit 2 "bad mode" "$QUIESCE" match --modes none,sideways --games 2
expect_exit 2 "depth and nodes" "$QUIESCE" match --modes none,captures --depth 2 --nodes 100 --games 2
expect_exit 1 "mated --fen" "$QUIESCE" match --modes none,captures --games 2 --fen "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"
expect_err_has "already over" "mated --fen"
expect_exit 1 "stalemated --fen" "$QUIESCE" match --modes none,captures --games 2 --fen "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
expect_err_has "already over (stalemate)" "stalemated --fen"
printf '7k/5Q2/6K1/8/8/8/8/8 b - -\n' >"$T/over.epd"
expect_exit 1 "an opening with no legal move" "$QUIESCE" match --modes none,captures --games 2 --openings "$T/over.epd"
expect_err_has "over.epd:1: the opening is already over" "an opening with no legal move"
expect_exit 1 "missing openings" "$QUIESCE" match --modes none,captures --games 2 --openings "$T/none.epd"

# The same games on one thread and on two.
expect_exit 0 "match, 1 thread" "$QUIESCE" match --modes none,captures --depth 2 --games 40 --jobs 1 --pgn "$T/j1.pgn"
sed -n 2,4p "$T/out" >"$T/j1.txt"
expect_exit 0 "match, 2 threads" "$QUIESCE" match --modes none,captures --depth 2 --games 40 --jobs 2 --pgn "$T/j2.pgn"
sed -n 2,4p "$T/out" >"$T/j2.txt"
cmp -s "$T/j1.pgn" "$T/j2.pgn" || fail "the PGN differs between --jobs 1 and --jobs 2"
cmp -s "$T/j1.txt" "$T/j2.txt" || fail "the totals differ between --jobs 1 and --jobs 2"
[ "$(grep -c '^\[Event ' "$T/j1.pgn")" = 40 ] || fail "the PGN does not hold 40 games"
# With the transposition table (kept across the iterations of a move, emptied
# between moves) the games do not depend on the threads either.
expect_exit 0 "match with --tt, 1 thread" "$QUIESCE" match --modes captures+tt,modern --nodes 3000 --games 8 --jobs 1 --pgn "$T/t1.pgn"
expect_exit 0 "match with --tt, 2 threads" "$QUIESCE" match --modes captures+tt,modern --nodes 3000 --games 8 --jobs 2 --pgn "$T/t2.pgn"
cmp -s "$T/t1.pgn" "$T/t2.pgn" || fail "with --tt the PGN differs between --jobs 1 and --jobs 2"
# The totals agree with the games: wins of the first variant counted from the PGN tags.
wins=$(awk '/^\[White /{w=$2} /^\[Result /{r=$2; if ((w=="\"none\"]" && r=="\"1-0\"]") || (w!="\"none\"]" && r=="\"0-1\"]")) n++} END{print n+0}' "$T/j1.pgn")
grep -q "^none: +$wins " "$T/j1.txt" || fail "none's wins in the totals are not the $wins the PGN shows: $(head -1 "$T/j1.txt")"

# The README's table is reproducible: its first row (none -> captures, depth 2, 400 games).
expect_exit 0 "the README's first row" "$QUIESCE" match --modes captures,none --depth 2 --games 400 --jobs 2 --no-progress
grep -q "^captures: +389 =9 -2, score 98.4%, Elo +712.8 " "$T/out" ||
	fail "the README's first row (+389 =9 -2, +712.8) is not what match gives now: $(sed -n 2p "$T/out")"
grep -F -q '| none → captures | 2 | +389 =9 −2 | 98.4 % | **+713** [+629, +876]' "$srcdir/README.md" ||
	fail "README.md no longer shows the row this test reproduces"

# Lesson 20's small match (its last page): captures wins most of 20 games, hundreds of Elo.
lesson=$srcdir/lessons/20-games.lesson
cmd=$(sed -n 's/^  quiesce match \(.*\)$/\1/p' "$lesson")
[ -n "$cmd" ] || fail "lesson 20 names no match command"
# shellcheck disable=SC2086
expect_exit 0 "lesson 20's match" "$QUIESCE" match $cmd --no-progress
wins=$(sed -n 's/^captures: +\([0-9]*\) .*/\1/p' "$T/out")
elo=$(sed -n -e 's/.* Elo +\([0-9]*\)[.].*/\1/p' -e 's/.* Elo +inf .*/100000/p' "$T/out")
[ "${wins:-0}" -ge 15 ] && [ "${elo:-0}" -ge 200 ] ||
	fail "lesson 20: captures should win at least 15 of 20 games, worth hundreds of Elo: $(sed -n 2p "$T/out")"

# Node budgets.
expect_exit 0 "match --nodes" "$QUIESCE" match --modes captures,captures+see --nodes 2000 --games 4
expect_out_has "2000 nodes a move" "match --nodes"
# Each move's iterations share the budget: no variant averages more than 2000 nodes a move.
awk '/^nodes per move: / { gsub(/[,;]/, ""); if ($5 > 2000 || $7 > 2000 || $5 < 1000 || $7 < 1000) bad = 1; n++ }
     END { exit bad || n != 1 }' "$T/out" ||
	fail "match --nodes 2000: nodes per move out of (1000, 2000]: $(grep '^nodes per move' "$T/out")"

# SPRT: usage errors, then a test that decides before --games: the LLR it
# prints is the one tests/sprt-reference.py (the published formulas, written
# apart) computes from the pairs it prints, past the bound; the same games
# on one thread and two.
expect_exit 2 "--sprt reversed" "$QUIESCE" match --modes checks,captures --sprt 5,0
expect_err_has "must be below" "--sprt reversed"
expect_exit 2 "--sprt not a number" "$QUIESCE" match --modes checks,captures --sprt five,10
expect_err_has "column 1 of 'five,10'" "--sprt not a number"
expect_exit 2 "--alpha without --sprt" "$QUIESCE" match --modes checks,captures --alpha 0.1
expect_exit 2 "--beta out of range" "$QUIESCE" match --modes checks,captures --sprt 0,5 --beta 1.5
expect_err_has "invalid --beta '1.5'" "--beta out of range"
expect_exit 0 "match --sprt" "$QUIESCE" match --modes checks,captures --depth 2 --games 600 --sprt 0,30 --jobs 1 --no-progress
sed -n 2,5p "$T/out" >"$T/s1.txt"
line=$(grep '^sprt: ' "$T/out")
case $line in
*"H1 accepted after "*) ;;
*) fail "match --sprt: expected H1 accepted before 600 games: $line" ;;
esac
npairs=$(sed -n 's/.*from \([0-9]*\) game pairs.*/\1/p' "$T/out")
[ "${npairs:-300}" -lt 300 ] || fail "match --sprt: played all $npairs pairs: the test did not stop"
if PY=$(need_prog python3); then
	# shellcheck disable=SC2046
	set -- $(sed -n 's/^pairs scoring 0, 1\/2, 1, 3\/2, 2 points for checks: //p' "$T/out")
	want=$("$PY" "$srcdir/tests/sprt-reference.py" 0 30 "$@") || fail "sprt-reference.py"
	got=$(printf '%s\n' "$line" | sed -n 's/^sprt: LLR \([-0-9.]*\) .*/\1/p')
	awk -v g="$got" -v w="$want" 'BEGIN { d = g - w; exit !(d < 0.006 && d > -0.006 && g >= 2.944) }' ||
		fail "match --sprt: LLR $got, the reference gives $want for the pairs $*, and it must pass 2.944"
else
	note "python3 is not installed: the SPRT's LLR is not checked against the reference"
fi
expect_exit 0 "match --sprt, 2 threads" "$QUIESCE" match --modes checks,captures --depth 2 --games 600 --sprt 0,30 --jobs 2 --no-progress
sed -n 2,5p "$T/out" >"$T/s2.txt"
cmp -s "$T/s1.txt" "$T/s2.txt" || fail "match --sprt stops elsewhere with --jobs 2: $(cat "$T/s2.txt")"

PGNX=$(need_prog pgn-extract) || { note "pgn-extract is not installed: PGN checks skipped"; finish; }
"$PGNX" --quiet "$T/j1.pgn" -o "$T/all.pgn" 2>"$T/err"
grep -q "Failed to make move" "$T/err" && fail "pgn-extract rejects a move: $(head -3 "$T/err")"
[ "$(grep -c '^\[Event ' "$T/all.pgn")" = 40 ] || fail "pgn-extract passed $(grep -c '^\[Event ' "$T/all.pgn") of 40 games"
# count OPTION: the games pgn-extract selects with OPTION.
count() {
	"$PGNX" --quiet "$1" "$T/j1.pgn" -o "$T/sel.pgn" 2>/dev/null
	grep -c '^\[Event ' "$T/sel.pgn"
}
ours() {
	grep -c "{$1}" "$T/j1.pgn"
}
[ "$(count --checkmate)" = "$(ours checkmate)" ] || fail "checkmates: pgn-extract $(count --checkmate), match $(ours checkmate)"
[ "$(count --stalemate)" = "$(ours stalemate)" ] || fail "stalemates: pgn-extract $(count --stalemate), match $(ours stalemate)"
[ "$(count --repetition)" = "$(ours 'threefold repetition')" ] ||
	fail "threefold repetitions: pgn-extract $(count --repetition), match $(ours 'threefold repetition')"
[ "$(count --fifty)" = "$(ours 'fifty-move rule')" ] ||
	fail "fifty-move rule: pgn-extract $(count --fifty), match $(ours 'fifty-move rule')"
note "40 games: $(ours checkmate) mates, $(ours stalemate) stalemates, $(ours 'threefold repetition') repetitions, $(ours 'fifty-move rule') fifty-move draws"
finish
