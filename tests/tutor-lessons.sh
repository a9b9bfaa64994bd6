#!/bin/sh
# tutor-lessons.sh: every page of every shipped lesson (lessons/ as it is
# now), rendered by the tutor at 80x24 and at 160x48: no lesson text, title
# or formula is cut (each word is on screen, scrolling the lesson pane where
# it says there is more), every screen fact the prose quotes (value, mate,
# move, node count, mark) is on the page's screen as it opens (an @claim
# never excuses it) or listed on its "# off-screen:" line, a compare page's headers name the
# searches its @compare names, and any other page's board shows its
# coordinates, the side to move and the material; at 80x24 reading takes at
# most one scroll a page on average. tests/tutor-lessons.py drives one tmux
# server per size; the two sizes run at the same time.
. "$srcdir/tests/lib.sh"
need_quiesce
PY=$(need_prog python3) || skip "python3 is not installed"
TMUX_PROG=${TMUX_BIN:-}
[ -n "$TMUX_PROG" ] || TMUX_PROG=$(need_prog tmux) || skip "tmux is not installed"
unset TMUX

# The fact reader and the screen matcher on hand-written sentences and rows.
"$PY" "$srcdir/tests/tutor-lessons.py" --self-test || fail "the screen-fact check misreads a hand-written case"

# The checker itself: a copy of the shipped data whose lesson 1 page 2 says
# the search reports +912 (a value no search of the page has) and names
# the move Nf3 (not in its tree) must be reported at that page, by word.
mkdir -p "$T/plant/lessons" "$T/plant-state/quiesce" && echo 'quiesce-progress 1' >"$T/plant-state/quiesce/progress"
for f in "$QUIESCE_DATADIR"/*; do
	[ "${f##*/}" = lessons ] || ln -s "$f" "$T/plant/${f##*/}"
done
cp "$QUIESCE_DATADIR"/lessons/*.lesson "$T/plant/lessons/"
sed 's/^is 900 against 100: +800\. Other moves/is 900 against 100: it reports +912, not Nf3. Other moves/' \
	"$QUIESCE_DATADIR/lessons/01-horizon.lesson" >"$T/plant/lessons/01-horizon.lesson"
grep -q 'it reports +912, not Nf3' "$T/plant/lessons/01-horizon.lesson" || fail "the planted line was not planted"
"$PY" "$srcdir/tests/tutor-lessons.py" "$TMUX_PROG" "$QUIESCE" "$T/plant" "$T/plant-state" 160 48 \
	01-horizon.lesson >"$T/plant.out" 2>&1 &

for size in 80x24 160x48; do
	# A returning learner (a progress file), so the tutor opens on the board, not the lesson menu.
	mkdir -p "$T/$size/quiesce" && echo 'quiesce-progress 1' >"$T/$size/quiesce/progress"
	"$PY" "$srcdir/tests/tutor-lessons.py" "$TMUX_PROG" "$QUIESCE" "$QUIESCE_DATADIR" "$T/$size" \
		"${size%x*}" "${size#*x}" >"$T/$size.out" 2>&1 &
done
wait
cat "$T/plant.out"
grep -q "^FAIL: 160x48 lesson 1 page 2/4: the prose quotes the value '+912', which the screen does not show$" \
	"$T/plant.out" || fail "the planted value +912 is not reported"
grep -q "^FAIL: 160x48 lesson 1 page 2/4: the prose quotes the move 'Nf3', which the screen does not show$" \
	"$T/plant.out" || fail "the planted move Nf3 is not reported"
grep -q "^160x48: 4 pages, [1-9]" "$T/plant.out" || fail "the planted lesson does not fail"
for size in 80x24 160x48; do
	cat "$T/$size.out"
	grep -q "^${size}: [1-9][0-9]* pages, 0 failures$" "$T/$size.out" || fail "$size: pages cut or wrong (above)"
done
# The lessons of the modern techniques (issue 29) are about figures the
# screen shows (node counts, scores, prunes): each quotes at least five
# facts, all in view at both sizes. Their numbers are their places in the
# sorted file list, as the tutor numbers them.
n=0
for f in $(ls "$QUIESCE_DATADIR"/lessons/*.lesson | sort); do
	n=$((n + 1))
	case ${f##*/} in
	2[1-5]-*)
		for size in 80x24 160x48; do
			k=$(sed -n "s/^${size}: lesson $n: .* \([0-9][0-9]*\) facts in view\$/\1/p" "$T/$size.out")
			[ -n "$k" ] && [ "$k" -ge 5 ] || fail "$size: ${f##*/} (lesson $n) has ${k:-no} facts in view, fewer than 5"
		done ;;
	esac
done
# The reading layout: at 80x24 a page takes at most one scroll ('}') on
# average over all the lessons (the figure the README prints).
avg=$(sed -n 's/^80x24: scrolls a page on average: \([0-9.]*\) .*/\1/p' "$T/80x24.out")
[ -n "$avg" ] || fail "80x24: no scroll figure"
[ -n "$avg" ] && awk -v a="$avg" 'BEGIN { exit !(a <= 1.0) }' ||
	fail "80x24: reading takes $avg scrolls a page on average, more than 1"
finish
