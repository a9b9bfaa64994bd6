#!/bin/sh
# lessons.sh: every lesson of lessons/ parses and every claim it makes holds; the lessons, lesson and check-lesson commands work.

. "$srcdir/tests/lib.sh"
need_quiesce

count=0
for f in "$srcdir"/lessons/*.lesson; do
	[ -r "$f" ] || continue
	count=$((count + 1))
	if expect_exit 0 "check-lesson ${f##*/}" "$QUIESCE" check-lesson "$f"; then
		expect_out_has ": ok (" "check-lesson ${f##*/}"
		expect_empty "$T/err" "check-lesson ${f##*/} stderr"
	fi
done
# Every question has a hint (the tutor offers H on every question).
for f in "$srcdir"/lessons/*.lesson; do
	q=$(grep -c '^@question' "$f")
	h=$(grep -c '^@hint' "$f")
	[ "$q" -eq "$h" ] || fail "${f##*/}: $q questions but $h hints"
	[ "$q" -ge 1 ] || fail "${f##*/}: no question"
done

[ "$count" -ge 19 ] || fail "only $count lessons in lessons/ (the curriculum has 19)"

# The suite figures the weak-evaluation lesson quotes are what compare
# prints, and they keep the relation the lesson teaches: quiescence solves
# more than none with either evaluation, and gains more with the better one.
f="$srcdir/lessons/18-weak-eval.lesson"
solved() { # EVAL MODE: positions solved on WAC at depth 2
	"$QUIESCE" compare --epd "$srcdir/positions/wac.epd" --modes none,captures --eval "$1" \
		--no-progress --format csv 2>/dev/null | awk -F, -v m="$2" '$1 == m { print $5 }'
}
if [ -r "$f" ]; then
	nm=$(solved material none) cm=$(solved material captures)
	np=$(solved pst none) cp=$(solved pst captures)
	grep -q "none solves $nm and captures $cm;" "$f" ||
		fail "18-weak-eval.lesson does not quote the material figures $nm and $cm"
	grep -q "piece-square tables, $np and $cp\." "$f" ||
		fail "18-weak-eval.lesson does not quote the pst figures $np and $cp"
	[ "$cm" -gt "$nm" ] && [ "$cp" -gt "$np" ] && [ $((cp - np)) -gt $((cm - nm)) ] ||
		fail "weak-eval: the relation the lesson teaches does not hold ($nm $cm $np $cp)"
fi

# Every lesson is listed, with its id and title.
if expect_exit 0 "lessons" "$QUIESCE" lessons; then
	n=$(grep -c '^ *[0-9][0-9]*  ' "$T/out")
	[ "$n" -eq "$count" ] || fail "lessons lists $n lessons, lessons/ has $count"
	expect_out_has "horizon" "lessons lists the horizon lesson"
	expect_out_has "The horizon effect" "lessons shows titles"
	if grep -F "(does not parse)" "$T/out" >/dev/null; then
		fail "lessons lists a lesson that does not parse"
	fi
fi

# A lesson by id, by number and by file, as text pages.
if expect_exit 0 "lesson horizon" "$QUIESCE" lesson horizon; then
	expect_out_has "--- Page 1 of 4: A search with a horizon ---" "lesson horizon page heading"
	expect_out_has "Question 1 (answer with a move):" "lesson horizon question"
	expect_out_has "[position: 4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1]" "lesson horizon position"
	expect_empty "$T/err" "lesson horizon stderr"
	cp "$T/out" "$T/by-id"
fi
if expect_exit 0 "lesson 1" "$QUIESCE" lesson 1; then
	cmp -s "$T/out" "$T/by-id" || fail "lesson 1 differs from lesson horizon"
fi
if expect_exit 0 "lesson FILE" "$QUIESCE" lesson "$srcdir/lessons/01-horizon.lesson"; then
	cmp -s "$T/out" "$T/by-id" || fail "lesson FILE differs from lesson horizon"
fi
if expect_exit 0 "lesson --width 40" "$QUIESCE" lesson --width 40 stand-pat; then
	long=$(grep -v -e '^\[' -e '^ ' -e '^---' -e '^Question' "$T/out" | awk 'length($0) > 40 && index($0, " ") > 0' | head -1)
	[ -z "$long" ] || fail "lesson --width 40 has a wrapped line longer than 40: $long"
fi

# Usage errors and unknown lessons.
expect_exit 2 "check-lesson without a file" "$QUIESCE" check-lesson && \
	expect_err_has "no lesson file given" "check-lesson without a file"
expect_exit 1 "lesson no-such-lesson" "$QUIESCE" lesson no-such-lesson && \
	expect_err_has "no lesson 'no-such-lesson'" "lesson no-such-lesson"
expect_exit 2 "lesson without a name" "$QUIESCE" lesson
# A path that is not a lesson file is named with what it is, not "no lesson".
mkdir -p "$T/adir"
expect_exit 1 "lesson DIR" "$QUIESCE" lesson --width 80 "$T/adir" && \
	expect_err_has "$T/adir: is a directory" "lesson DIR says it is a directory"
expect_exit 1 "check-lesson of a missing file" "$QUIESCE" check-lesson "$T/missing.lesson" && \
	expect_err_has "cannot open" "check-lesson of a missing file"

# check-lesson goes on after a bad file and fails overall.
expect_exit 1 "check-lesson good and bad" "$QUIESCE" check-lesson "$srcdir/lessons/01-horizon.lesson" \
	"$srcdir/tests/data/bad-lessons/20-false-claim.lesson" && \
	expect_out_has "01-horizon.lesson: ok" "check-lesson good and bad"

# A claim that was true becomes false when the search changes: claims can fail.
sed 's/^@search captures depth=1$/@search none depth=1/' \
	"$srcdir/lessons/01-horizon.lesson" >"$T/changed.lesson"
if expect_exit 1 "check-lesson of a changed lesson" "$QUIESCE" check-lesson "$T/changed.lesson"; then
	expect_err_has "claim failed" "check-lesson of a changed lesson"
fi

# The presses of '}' a page takes to read at 80x24, at the edges of each
# count. Counted by hand: in the reading layout the lesson band has 10 rows
# of text under its title (24 lines less the status and command lines, less
# the 11 of board and tree, less the title) and '}' scrolls 9 of them (a
# page less one line). A page of P one-line paragraphs is 2 + 2P lines (the
# lesson and page headings, then a blank line and a line a paragraph), and
# the pane shows lines 9K+1 to 9K+10 after K presses. So 4 paragraphs (10
# lines) fit: 0; 5 (12 lines): 1; 13 (28 lines): 2, lines 19 to 28 shown;
# 14 (30 lines): 3; 17 (36 lines): 3, lines 27 to 36 shown, the most a page
# may take; 18 (38 lines): 4, refused (bad lesson 55).
long_page() { # P FILE: a lesson whose only page has P one-line paragraphs
	{
		printf 'title: T\nid: t\nsummary: S\npage: P\n'
		i=1
		while [ "$i" -le "$1" ]; do
			[ "$i" -gt 1 ] && echo
			echo "Paragraph $i of the page, one line long."
			i=$((i + 1))
		done
	} >"$2"
}
for pair in 4:0 5:1 13:2 14:3 17:3 18:4; do
	p=${pair%:*} want=${pair#*:}
	long_page "$p" "$T/long$p.lesson"
	run "$QUIESCE" check-lesson --screens "$T/long$p.lesson"
	expect_out_has "page 1/1 at 80x24 ($want press" "$p paragraphs take $want presses of '}' at 80x24"
	if [ "$want" -le 3 ]; then
		[ "$status" -eq 0 ] || fail "$p paragraphs ($want presses): check-lesson exit status $status, expected 0"
	else
		[ "$status" -eq 1 ] || fail "$p paragraphs ($want presses): check-lesson exit status $status, expected 1"
		expect_err_has "page 1/1: the text takes $want presses of '}' to read at 80x24 (at most 3" \
			"$p paragraphs are refused"
	fi
done

finish
