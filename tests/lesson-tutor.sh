# lesson-tutor.sh: the lessons in the curses tutor. A new learner starts at the
# lesson menu; lesson 1 is walked to its last page with ] and :page, its
# questions answered (one right, one wrong, the feedback shown in the lesson
# pane); after a restart the progress is kept (the menu says done, an
# unfinished lesson reopens at its page); a corrupt progress file is reported
# and set aside without a crash; "quiesce lesson NAME" on a terminal opens
# the tutor at the lesson.
. "$srcdir/tests/lib.sh"
need_quiesce
TUTOR_NEW_LEARNER=1
. "$srcdir/tests/tutor-lib.sh"
PROGRESS=$XDG_STATE_HOME/quiesce/progress

# Ends this run's tmux server; the next run gets a server (socket) of its own.
runs=0
next_run() {
	tutor_stop
	runs=$((runs + 1))
	SOCK=quiesce-test-$$-$runs
}

# ---- A new learner who asks for a position gets the position, not the menu.
tutor_start 120 40 --fen "4k3/8/8/4p3/3p4/p7/P7/QK6 w - - 0 1" --depth 1
expect_screen "Event 1/" "--fen opens the position at once"
if screen | grep -F -e "Lessons: quiescence search" >/dev/null; then
	fail "--fen showed the lesson menu"
fi
keys q
tutor_exit_status >/dev/null
rm -f "$PROGRESS"
next_run

# ---- The first start: no progress file, so the lesson menu comes first.
tutor_start 120 40
expect_screen "Lessons: quiescence search, step by step" "a new learner starts at the lesson menu"
expect_screen "horizon        The horizon effect" "the menu lists lesson 1"
expect_screen "not started" "the menu shows each lesson's status"
keys Enter
expect_screen "Page 1 of 4: A search with a horizon" "Enter opens lesson 1 in the lesson pane"
expect_screen "Page 1/4" "the pane's title gives the page"
expect_screen "judges the position" "the prose is shown"
expect_screen "No search yet" "page 1 runs no search"

# ] turns the page: the page's directives run the search in mode none.
keys ']'
expect_screen "Page 2 of 4: Stopping after one move" "] goes to page 2"
expect_screen "Question 1:" "the question is asked in the pane"
expect_screen "(press A and type a move;" "the pane says how to answer, with the tutor's keys"
expect_screen "mode none" "page 2 sets mode none"
expect_screen "Move: Qxd5" "@goto moves the cursor to Qxd5"

# The right answer, through A (":answer " typed for us).
keys A
type "Qxd5"
keys Enter
expect_screen "[right] Yes. Qxd5 is the only move" "a right answer's feedback in the pane"

# A wrong answer, through the command line, on page 3.
keys ']'
expect_screen "Page 3 of 4: One ply later" "] goes to page 3"
keys :
type "answer -100"
keys Enter
expect_screen "[wrong] Step into node Qxd5" "a wrong answer's feedback in the pane"
# An answer that is not a score says what is expected and records nothing.
keys :
type "answer Kd1"
keys Enter
expect_screen "[?] Answer with a score" "an unreadable answer is explained"

# [ goes back, :page 4 to the last page, which opens the compare view.
keys '['
expect_screen "Page 2 of 4: Stopping after one move" "[ goes back"
keys :
type "page 4"
keys Enter
expect_screen "Page 4 of 4: Looking deeper instead" ":page 4"
expect_screen "A: none" "page 4 opens the compare view"
keys q
st=$(tutor_exit_status)
[ "$st" = 0 ] || fail "q: exit status '$st', expected 0"
grep -q '^lesson horizon 4 4 done$' "$PROGRESS" || fail "the progress file does not say lesson 1 is done: $(cat "$PROGRESS")"
grep -q '^answer horizon 2 1 right Qxd5$' "$PROGRESS" || fail "the right answer is not saved"
grep -q '^answer horizon 3 1 wrong -100$' "$PROGRESS" || fail "the wrong answer is not saved"
ls "$XDG_STATE_HOME/quiesce" | grep -v -e '^progress$' -e '^history$' | grep . &&
	fail "temporary files left beside the progress file"
next_run

# ---- A restart: no menu, L opens it, lesson 1 is done; lesson 2 is left at page 2.
tutor_start 120 40
expect_screen "Tree" "a returning learner starts at the board and tree"
wait_for "Lessons: quiescence search" 1 && fail "the menu opened for a returning learner"
keys L
expect_screen "Lessons: quiescence search, step by step" "L opens the lesson menu"
expect_screen "The horizon effect                       done" "the menu shows lesson 1 done"
keys 2 Enter
expect_screen "Page 1 of 4: Nobody has to capture" "the menu opens lesson 2"
keys ']'
expect_screen "Page 2 of 4: The stand pat against" "] in lesson 2"
keys q
st=$(tutor_exit_status)
[ "$st" = 0 ] || fail "q (lesson 2): exit status '$st', expected 0"
next_run

# "quiesce" alone takes the learner back to the unfinished lesson, at its page.
tutor_start 120 40
expect_screen "Welcome back: lesson 2, page 2 of 4" "the unfinished lesson reopens at its page"
expect_screen "Page 2 of 4: The stand pat against" "the pane shows the saved page"
keys L
expect_screen "Standing pat                             page 2 of 4" "the menu shows lesson 2 in progress"
keys Escape
wait_gone "Lessons: quiescence search" 5 || fail "Escape does not close the menu"
# Tab completion of lesson names in the command line.
keys :
type "lesson hori"
keys Tab
expect_screen ":lesson horizon" "Tab completes a lesson's id"
keys Enter
expect_screen "Page 4 of 4: Looking deeper instead" ":lesson horizon reopens lesson 1 at its saved page"
keys q
tutor_exit_status >/dev/null
next_run

# ---- "quiesce lesson 1" on a terminal opens the tutor at the lesson.
tutor_start 120 40 lesson 1
expect_screen "Page 4 of 4: Looking deeper instead" "quiesce lesson 1 opens the tutor at the saved page"
keys q
st=$(tutor_exit_status)
[ "$st" = 0 ] || fail "quiesce lesson 1: exit status '$st', expected 0"
next_run

# ---- A corrupt progress file: reported, set aside, a fresh start, no crash.
printf 'quiesce-progress 1\nlesson horizon 9 4 started\n' >"$PROGRESS"
tutor_start 120 40
expect_screen "error: progress file corrupt" "a corrupt progress file is reported in the status line"
expect_screen "Lessons: quiescence search, step by step" "after a corrupt file, the menu of a first start"
keys q
st=$(tutor_exit_status)
[ "$st" = 0 ] || fail "corrupt progress: exit status '$st', expected 0"
set -- "$XDG_STATE_HOME"/quiesce/progress.corrupt-*
[ -f "$1" ] || fail "the corrupt file was not set aside as progress.corrupt-*"
grep -q 'lesson horizon 9 4' "$1" 2>/dev/null || fail "the set-aside file does not hold the corrupt progress"
head -2 "$PROGRESS" | grep -q '^quiesce-progress 1$' || fail "no fresh progress file after the corrupt one"
next_run

# ---- A narrow screen: the lesson pane goes below the board and tree.
tutor_start 80 30 lesson 1
expect_screen "Page 1 of 4: A search with a horizon" "the lesson pane on an 80-column screen"
keys q
tutor_exit_status >/dev/null
finish
