# practice-walk-tutor.sh: ':practice walk' in the tutor at 80x24 and 160x48:
# the question shown with the cursor on the event before the decision, the
# score on the status line, n refused until the question is answered, a
# number key answers it, the reveal puts the cursor on the deciding event,
# n asks the next decision, ':practice stop' ends the walk; what the search
# has not yet done at the cursor is hidden while the walk is on. The lesson
# pane's last page offers the lesson's drill.
. "$srcdir/tests/lib.sh"
need_quiesce
. "$srcdir/tests/tutor-lib.sh"

# Hand-worked (material): after Qxd5 Black's stand pat is 100 - 900 = -800,
# below beta (+inf): no cutoff; after cxd5 White's is 0 - 100 = -100, below
# beta +800: no cutoff either. The stand pats are events 4 and 7 of the trace.
FEN='4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1'
for size in "80 24" "160 48"; do
	set -- $size
	tutor_start "$1" "$2" --fen "$FEN" --depth 1
	expect_screen "Event 1/" "$1x$2: start"
	keys :
	type "practice walk"
	keys Enter
	expect_screen "P1 (level 1, event 4/" "$1x$2: the first question"
	expect_screen "stands pat on -800" "$1x$2: the stand pat in the question"
	keys Escape
	expect_screen "PRACTICE L1 0/0 answer 1-2" "$1x$2: the walk on the status line"
	expect_screen "Event 3/" "$1x$2: the cursor just before the decision"
	# The screen does not tell what the search has not yet done: the tree's badges
	# and values of unfinished nodes, the material and the static value are hidden.
	expect_screen "Static eval: hidden" "$1x$2: the static value hidden"
	expect_screen "Material: count it yourself" "$1x$2: the material hidden"
	expect_screen "Qxd5   q0   = ?  [-inf,+inf]" "$1x$2: the node being searched: its window, no value"
	screen | grep -q "sp-cut" && fail "$1x$2: the tree shows stand-pat cutoffs still to come"
	keys n
	expect_screen "Predict first" "$1x$2: n before answering"
	keys 2
	expect_screen "right: 2 no." "$1x$2: the answer by its number key"
	expect_screen "Score 1/1" "$1x$2: the running score"
	keys Escape
	expect_screen "PRACTICE L1 1/1 n next" "$1x$2: the score on the status line"
	expect_screen "Event 4/" "$1x$2: the cursor on the deciding event"
	keys n
	expect_screen "P2 (level 1, event 7/" "$1x$2: n asks the next decision"
	wait_gone "Output (" 2 || keys Escape
	expect_screen "Event 6/" "$1x$2: the cursor before the next decision"
	keys 1
	expect_screen "wrong: the engine says 2 no." "$1x$2: a wrong answer"
	keys Escape
	expect_screen "PRACTICE L1 1/2" "$1x$2: the score after a wrong answer"
	keys :
	type "practice stop"
	keys Enter
	expect_screen "The walk ends with a score of 1/2." "$1x$2: stop"
	expect_screen "sp-cut" "$1x$2: the whole tree again after the walk"
	keys q
	tutor_stop
done

# The lesson pane's last page offers the lesson's drill (lesson 12, delta, has
# three pages: read from its file); J scrolls the pane down to the line.
pages=$(grep -c '^page:' "$srcdir/lessons/12-delta.lesson")
for size in "80 24" "160 48"; do
	set -- $size
	tutor_start "$1" "$2"
	expect_screen "Event 1/" "$1x$2: start (lessons)"
	keys :
	type "lesson delta"
	keys Enter
	keys :
	type "page $pages"
	keys Enter
	expect_screen "Page $pages/$pages" "$1x$2: the lesson's last page"
	# J past the page's end does nothing: forty of them reach the end of any page at 80x24.
	for _j in $(seq 40); do keys J; done
	expect_screen "Practise this: :practice delta" "$1x$2: the last page of lesson delta offers its drill"
	keys q
	tutor_stop
done
finish
