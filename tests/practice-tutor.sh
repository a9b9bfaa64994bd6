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

# Practice like the rest of the tutor (issue 26): bare ':practice' lists the
# drills, the walk and what is due; a drill's question puts its position on
# the board (Black to move after Qxd5, the static value hidden), the status
# line keeps the drill's score, the key 2 answers "no"; once answered the tree
# shows the search the question came from with the cursor on its node (after
# Qxd5); ':practice stop' brings the studied position back.
rm -rf "$XDG_STATE_HOME/quiesce/practice"
tutor_start 100 30 --fen "$FEN" --depth 1
expect_screen "Event 1/" "drill: start"
keys :
type "practice"
keys Enter
expect_screen "walk       the search on screen" "bare :practice lists the walk"
expect_screen "horizon    horizon effect        levels 1-2; due today: 0" "bare :practice lists the drills and what is due"
keys Escape
keys :
type "practice delta"
keys Enter
expect_screen "DRILL delta L1 0/0" "the status line shows the drill"
keys Escape
# Hand-read from the question's FEN 4k3/8/2p5/3Q4/8/8/8/4K3 b: the white queen on d5, Black to move.
expect_screen "5  .     .  Q  .     ." "the board shows the question's position (the queen on d5)"
expect_screen "Black to move" "the board shows the question's side to move"
expect_screen "Static eval: hidden while you" "the board hides the static value while the question waits"
keys 2
expect_screen "right: no." "the key 2 answers no"
expect_screen "DRILL delta L1 1/1" "the status line keeps the drill's score"
keys Escape
expect_screen "Move: Qxd5 (node 1)" "once answered, the cursor is on the question's node of its search"
keys :
type "practice stop"
keys Enter
expect_screen "Practice delta ends with a score of 1/1" ":practice stop ends the drill"
keys Escape
expect_screen "White to move" ":practice stop brings the studied position back"
wait_gone "DRILL delta" || fail "the drill's score stays on the status line after :practice stop"
keys q
tutor_stop

# The REPL: the same commands through a pipe; a wrong answer and a malformed one.
printf 'practice see 2\npractice 12345\npractice see 2\npractice x\n' |
	"$QUIESCE" repl --fen "$FEN" --depth 1 >"$T/out" 2>&1
expect_out_has "wrong: the engine says" "repl: a wrong value"
expect_out_has "is not an answer: expected a whole number" "repl: a malformed value"
expect_out_has "Score 0/2" "repl: the running score"

finish
