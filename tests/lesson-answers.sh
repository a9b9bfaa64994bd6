#!/bin/sh
# lesson-answers.sh: a question's choices are in the learner's words, and the
# words a learner uses are answers: "horizon" (the legend's name for q0)
# names the quiescence node of lesson 4 page 3; a yes/no question (two
# choices, a test and its negation: lesson 14 page 2, "Does SEE pruning skip
# Rxd5?") takes yes or no; a number out of range or an unknown word lists
# the choices again, in words.
#
# Expected values: the lessons' own @answer lines (lesson 4 page 3: the node
# after Qxd5 at depth 1 is a quiescence node, q0; lesson 14 page 2: SEE does
# not prune Rxd5, the x-ray rook wins the exchange), worked by hand there.
. "$srcdir/tests/lib.sh"
need_quiesce
XDG_STATE_HOME=$T/state
export XDG_STATE_HOME

printf '%s\n' "lesson 4 3" "answer 7" "answer horizon" "lesson 14 2" "answer maybe" "answer yes" "answer no" \
	"answer NO" "answer 2" >"$T/in"
"$QUIESCE" repl <"$T/in" >"$T/out" 2>"$T/err"
# The choices in words, not the lesson's identifiers.
expect_out_line "  1. a quiescence node (q0 is the horizon node)" "lesson 4: choice 1 in words"
expect_out_line "  2. a node of the main search (main)" "lesson 4: choice 2 in words"
grep -E '^  [0-9]\. (quiescence|not-quiescence|in-check|see-prune|not-see-prune)$' "$T/out" >/dev/null &&
	fail "a choice is shown by its identifier: $(grep -E '^  [0-9]\. [a-z-]+$' "$T/out")"
expect_out_has "[?] Answer with the number of one of: 1. a quiescence node" "lesson 4: 7 is not a choice"
expect_out_has "[right] Yes: the depth is used up after one move" "lesson 4: 'horizon' names q0, the right choice"
expect_out_has "[?] Answer yes or no, or with the number of one of: 1. SEE pruning skips" "lesson 14: 'maybe' is no answer"
expect_out_has "[wrong] Count again, with the rook on d1" "lesson 14: 'yes' is wrong (SEE does not prune Rxd5)"
[ "$(grep -c '^\[right\] Right: the x-raying rook' "$T/out")" = 3 ] ||
	fail "lesson 14: 'no', 'NO' and '2' are not all right: $(grep '^\[' "$T/out" | tail -4)"

# A tie: lesson 20 page 1, mode none at depth 1. Black (queen and three
# pawns, 1200) against rook and four pawns (900) is +300; either queen
# capture, Qxh2+ or Qxd4, wins a pawn and ends the search at +400 (worked by
# hand: nothing after the capture is searched). Qxh2+ is the engine's pick
# (generated first); Qxd4 ties and is right too, with the pick and why; a
# move that does not tie (Qd5, +300) stays wrong, and the wrong answer's
# pointer names a node by its moves, never '#N' (lesson 5 page 3).
printf '%s\n' "lesson 20 1" "answer Qxd4" "lesson 20 1" "answer Qd5" "lesson 5 3" "answer -80 10" >"$T/in2"
"$QUIESCE" repl <"$T/in2" >"$T/out2" 2>"$T/err2"
grep -F '[right] Right: Qxd4 scores +400, the same as Qxh2+, so both answers are right. The engine plays Qxh2+' \
	"$T/out2" >/dev/null || fail "lesson 20: the tie Qxd4 is not accepted with the engine's pick: $(grep '^\[' "$T/out2")"
grep -F '[wrong] Run the search' "$T/out2" >/dev/null || fail "lesson 20: Qd5 (no tie) is not wrong"
grep -F 'Look at the node after Bxa6 Nxe4 fxe4 in the tree.' "$T/out2" >/dev/null ||
	fail "lesson 5: the wrong answer does not name the node by its moves: $(grep '^\[' "$T/out2")"
grep -E 'node #[0-9]' "$T/out2" >/dev/null && fail "feedback names a node by number: $(grep -E 'node #[0-9]' "$T/out2")"
finish
