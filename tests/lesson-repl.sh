# lesson-repl.sh: the lessons in the REPL (through a pipe) and "quiesce lessons":
# lesson, next-page, prev-page, page, answer and hint print the page and the
# feedback; the progress file is written in the documented line format, with
# no temporary file left; "quiesce lessons" shows each lesson's status; a
# corrupt progress file is reported on stderr and set aside.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE
XDG_STATE_HOME=$T/state
export XDG_STATE_HOME
PROGRESS=$XDG_STATE_HOME/quiesce/progress

# Runs the REPL with the lines of $1 on stdin; output in $T/out and $T/err.
repl() {
	printf '%s\n' "$1" >"$T/in"
	"$Q" repl <"$T/in" >"$T/out" 2>"$T/err"
	status=$?
}

# A new learner: nothing started, no progress file.
expect_exit 0 "lessons, no progress" "$Q" lessons &&
	expect_out_has "horizon        The horizon effect                   not started" "lessons: not started"
[ -e "$PROGRESS" ] && fail "quiesce lessons wrote a progress file"

repl "lesson 1
answer Qxd5
next-page
hint
answer e2e4
answer Qxd5
next-page
answer -100
page 4"
expect_out_has "Page 1 of 4: A search with a horizon" "lesson 1 prints page 1"
expect_out_has "judges the position" "the prose, wrapped"
expect_out_has "Page 2 of 4: Stopping after one move" "next-page prints page 2"
expect_out_has "  (type 'answer MOVE'; 'hint' helps)" "the page says how to answer"
expect_out_has "[?] Answer with one legal move" "an illegal move is explained"
expect_out_has "[right] Yes. Qxd5 is the only move that changes the material count" "a right answer"
expect_out_has "[wrong] Step into node Qxd5" "a wrong answer"
expect_out_has "Page 4 of 4: Looking deeper instead" "page 4"
expect_err_has "this page asks no question" "answer on a page without a question"
expect_out_has "Hint: The leaves are scored by material alone" "hint prints the question's hint"
[ -f "$PROGRESS" ] || fail "no progress file at $PROGRESS"
cat >"$T/want" <<'END'
# quiesce: the learner's progress through the lessons (see quiesce(1)).
quiesce-progress 1
lesson horizon 4 4 done
answer horizon 2 1 right Qxd5
answer horizon 3 1 wrong -100
last horizon
END
cmp -s "$T/want" "$PROGRESS" || fail "the progress file: $(diff "$T/want" "$PROGRESS")"
ls "$XDG_STATE_HOME/quiesce" | grep -v -e '^progress$' -e '^history$' | grep . &&
	fail "files left beside the progress file"

# Every shipped question has a hint; a question without one says so.
cat >"$T/nohint.lesson" <<'END'
title: No hint
id: no-hint
summary: A question without a hint.

page: One
@position startpos
@search captures depth=1
@run
@question best
@ask Which move?
@answer a3
END
repl "lesson $T/nohint.lesson
hint"
expect_err_has "no hint for this question" "hint without one"

# Errors: no page before the first or after the last, no such lesson.
repl "lesson horizon 1
prev-page
page 9
lesson nosuch"
expect_err_has "this is the first page of the lesson" "prev-page on page 1"
expect_err_has "page 9: out of range: lesson horizon has pages 1 to 4" "page 9"
expect_err_has "no lesson 'nosuch'" "lesson nosuch"

# The list, in the REPL and from the command line, with the status.
repl "lesson 2
next-page
lessons"
expect_out_has "horizon        The horizon effect                   done" "lessons: done"
expect_out_has "stand-pat      Standing pat                         page 2 of 4" "lessons: in progress"
expect_exit 0 "lessons" "$Q" lessons &&
	expect_out_has "stand-pat      Standing pat                         page 2 of 4" "quiesce lessons: in progress"

# A corrupt progress file: reported on stderr, set aside, a fresh start.
printf 'quiesce-progress 1\nlesson horizon 2 4 started\nanswer horizon 2 1 right\n' >"$PROGRESS"
expect_exit 0 "lessons, corrupt progress" "$Q" lessons &&
	expect_err_has "progress file corrupt" "quiesce lessons reports a corrupt progress file" &&
	expect_out_has "horizon        The horizon effect                   not started" "a fresh start"
set -- "$XDG_STATE_HOME"/quiesce/progress.corrupt-*
[ -f "$1" ] || fail "the corrupt progress file was not set aside"
printf 'garbage\n' >"$PROGRESS"
repl "lesson 1"
[ "$status" -eq 0 ] || fail "the REPL on a corrupt progress file: exit status $status"
expect_err_has "set aside as" "the REPL reports a corrupt progress file"
grep -q '^lesson horizon 1 4 started$' "$PROGRESS" || fail "no fresh progress after the corrupt file"
finish
