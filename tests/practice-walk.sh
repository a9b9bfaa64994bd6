#!/bin/sh
# practice-walk.sh: ':practice walk' in the REPL (issue 17, item 1). On real
# traces at levels 1-3, the questions asked and their answers are worked out
# again from the JSON trace by tests/practice-walk.py (the events where a
# decision is asked, and what the trace says it was); answering them all
# scores N/N and answering each wrong scores 0/N. Hand-worked values on the
# Qxd5 exchange; wrong and malformed answers; the command's usage errors.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE
PY=$(need_prog python3) || skip "python3 is needed for the independent reading of the trace"
XDG_STATE_HOME=$T/state
export XDG_STATE_HOME

# walk NAME FEN OPTIONS...: every level, right and wrong, checked against the JSON trace.
walk() {
	name=$1 fen=$2
	shift 2
	"$Q" trace --fen "$fen" "$@" --format json-full >"$T/trace.json" || { fail "$name: trace failed"; return; }
	for level in 1 2 3; do
		"$PY" "$srcdir/tests/practice-walk.py" expect "$T/trace.json" "$level" >"$T/expected"
		[ -s "$T/expected" ] || fail "$name level $level: the trace has no decision to ask about"
		for mode in right wrong; do
			{
				echo "practice walk $level"
				"$PY" "$srcdir/tests/practice-walk.py" input "$T/expected" "$mode"
			} >"$T/in"
			"$Q" repl --fen "$fen" "$@" <"$T/in" >"$T/out" 2>"$T/err" || fail "$name level $level $mode: exit status $?"
			"$PY" "$srcdir/tests/practice-walk.py" check "$T/expected" "$T/out" "$mode" >"$T/check" ||
				{ fail "$name level $level $mode: the walk disagrees with the trace"; sed 's/^/    | /' "$T/check"; }
		done
	done
}

QXD5='4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1'
WAC1='2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1'
walk qxd5 "$QXD5" --depth 1
walk wac1-pruning "$WAC1" --depth 1 --delta --see
walk wac1-depth2-soft "$WAC1" --depth 2 --fail-soft --max-nodes 3000
walk scholar-checks-pst 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4' --depth 1 --mode checks --eval pst --delta
walk open-middlegame 'r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7' --depth 1 --see

rm -rf "$XDG_STATE_HOME"
# Hand-worked (material only): after 1. Qxd5 Black has a pawn against a queen,
# so its stand pat is 100 - 900 = -800 (below beta +inf: no cutoff); after
# cxd5 White has nothing against a pawn: -100; the q1 node is searched with
# beta = -(-800) = +800. Malformed answers are said and scored wrong.
printf '%s\n' 'practice walk 1' 'practice 3' 'practice next' 'practice no' 'practice next' 'practice maybe' \
	'practice stop' 'rewind' 'practice walk 2' 'practice 99999999999999999999' 'practice next' 'practice -100' \
	'rewind' 'practice walk 3' 'practice next' 'practice skip' 'practice next' 'practice +800' |
	"$Q" repl --fen "$QXD5" --depth 1 >"$T/out" 2>"$T/err"
expect_out_has "P1 (level 1, event 4/" "level 1: the first question at the stand pat after Qxd5"
expect_out_has "stands pat on -800, beta +inf: does it cut off? 1 yes, 2 no" "level 1: the stand pat question"
expect_out_has "wrong: '3' is not an answer: expected 1-2 (yes, no); the engine says 2 no." "a choice out of range"
expect_out_has "right: 2 no. The stand pat of -100" "level 1: the q1 stand pat, answered 'no'"
expect_out_has "cxd5 is worth +100 here; alpha -800, beta +inf" "level 1: raise or cut after cxd5 returns"
expect_out_has "wrong: 'maybe' is not an answer: expected 1-3 (neither, raise, cut); the engine says 2 raise." \
	"a word that is no choice"
expect_out_has "The walk ends with a score of 1/3." "practice stop: the score"
expect_out_has "wrong: '99999999999999999999' is not an answer: expected a whole number" "a huge number"
expect_out_has "right: -100." "level 2: the stand pat value after cxd5"
expect_out_has "skipped: the engine says -800." "level 3: skip shows the answer unscored"
expect_out_has "what is the new node's beta? (a number)" "level 3: the window question"
expect_out_has "right: 800." "level 3: beta +800"
# The practice file counts the stand pat answers (1 right of 2 at level 1, with
# the malformed one; 1 of 2 at level 2), not the raise-or-cut one or the beta.
grep -q "^stat stand-pat 1 1 2$" "$XDG_STATE_HOME/quiesce/practice" ||
	fail "the level-1 stand pat answers are not counted: $(grep stat "$XDG_STATE_HOME/quiesce/practice")"
grep -q "^stat stand-pat 2 1 2$" "$XDG_STATE_HOME/quiesce/practice" ||
	fail "the level-2 stand pat answers are not counted: $(grep stat "$XDG_STATE_HOME/quiesce/practice")"
grep -q "^box " "$XDG_STATE_HOME/quiesce/practice" && fail "a walk's question is scheduled"
grep -q '^P' "$T/out" || fail "no question was asked"

# Usage errors: a bad level, answers and 'next' without a walk, a new
# search under the walk, a search compared; an error is a line and the REPL goes on.
printf '%s\n' 'practice walk 4' 'practice walk x' 'practice stop' 'practice next' 'practice walk' 'practice next' \
	'search' 'practice next' 'compare captures none' 'practice walk' |
	"$Q" repl --fen "$QXD5" --depth 1 >"$T/out" 2>&1
expect_out_has "expected 'practice walk [LEVEL]' with a level of 1, 2 or 3" "level 4 refused"
expect_out_has "practice: no walk to stop" "stop without a walk"
expect_out_has "answer first ('practice ANSWER'), or 'practice skip'" "next before answering"
expect_out_has "the search changed, so the walk ended (score 0/0)" "a new search ends the walk"
expect_out_has "the walk needs one search, not a comparison" "a compare view refused"
# A walk does not ask the same decision twice (issue 26): on the README's tour
# position the level-1 walk once asked "stands pat on -700, beta -700: does it
# cut off?" 19 times; now no question repeats another once its node label is
# taken off.
{
	echo "practice walk 1"
	i=0
	while [ $i -lt 80 ]; do
		echo "practice skip"
		echo "practice next"
		i=$((i + 1))
	done
} >"$T/in"
"$Q" repl --fen "$QXD5" --depth 1 <"$T/in" >"$T/out" 2>"$T/err"
grep '^P[0-9]' "$T/out" | sed 's/^[^:]*: //; s/^The [a-z0-9]* node after [^ :]*//; s/^The root//' | sort | uniq -d >"$T/dups"
[ -s "$T/dups" ] && fail "the walk asked the same decision twice: $(head -2 "$T/dups")"
n=$(grep -c 'stands pat on -700, beta -700: does it cut off' "$T/out")
[ "$n" -le 1 ] || fail "the walk asked 'stands pat on -700, beta -700' $n times"

finish
