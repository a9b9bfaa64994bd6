# practice-tutor.sh: ':practice' in the tutor at 80x24 and 160x48: a question
# of the drill from the position studied, the answer judged against the
# trace with the rule, the running score, the record saved; and in the REPL.
. "$srcdir/tests/lib.sh"
need_quiesce
. "$srcdir/tests/tutor-lib.sh"

# Qxd5 cxd5: after Qxd5 Black's stand pat is -800 and alpha -800; cxd5 wins 900, so no delta prune.
FEN='4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1'
for size in "80 24" "160 48"; do
	set -- $size
	rm -rf "$XDG_STATE_HOME/quiesce/practice"
	tutor_start "$1" "$2" --fen "$FEN" --depth 1
	expect_screen "Event 1/" "$1x$2: start"
	keys :
	type "practice delta"
	keys Enter
	expect_screen "delta1-here-1-n1-c6d5" "$1x$2: the question's id"
	expect_screen "Score 0/0" "$1x$2: the score before answering"
	keys :
	type "practice no"
	keys Enter
	expect_screen "right: no." "$1x$2: the verdict"
	expect_screen "Score 1/1" "$1x$2: the running score"
	keys :
	type "practice yes"
	keys Enter
	expect_screen "'yes' is not a drill" "$1x$2: no question pending"
	keys q
	tutor_stop
	grep -q "^stat delta 1 1 1$" "$XDG_STATE_HOME/quiesce/practice" 2>/dev/null ||
		fail "$1x$2: the answer is not in the practice record"
	grep -q "^box delta1-here" "$XDG_STATE_HOME/quiesce/practice" &&
		fail "$1x$2: a question of the studied position is scheduled (it cannot be asked again)"
done

# The REPL: the same commands through a pipe; a wrong answer and a malformed one.
printf 'practice see 2\npractice 12345\npractice see 2\npractice x\n' |
	"$QUIESCE" repl --fen "$FEN" --depth 1 >"$T/out" 2>&1
expect_out_has "wrong: the engine says" "repl: a wrong value"
expect_out_has "is not an answer: expected a whole number" "repl: a malformed value"
expect_out_has "Score 0/2" "repl: the running score"

finish
