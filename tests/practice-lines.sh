#!/bin/sh
# practice-lines.sh: verdicts that show the deciding line (issue 26). In
# 1,000-question runs of stand-pat level 3 and horizon levels 1 and 2, every
# verdict names the line below the node with each move's value, the stand pat
# at its end with the material count, the cut-offs and what the node returns;
# practice-lines.py plays each line from the question's FEN with its own move
# reader and checks the values add up (the stand pat is the material count
# reached, each value the next one negated or a cut-off's beta, the first
# move's value what the node returns, and that the engine's answer). A bound
# is answered with its mark (>=V, <=V), and only so.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE
PY=$(need_prog python3) || skip "python3 is needed for the independent replay"
XDG_STATE_HOME=$T/state
export XDG_STATE_HOME

for dl in stand-pat:3 horizon:2 horizon:1; do
	d=${dl%:*}
	l=${dl#*:}
	rm -rf "$T/state"
	"$Q" practice --drill "$d" --level "$l" --seed 7 --count 1000 --answer-key >"$T/key" 2>"$T/err" ||
		fail "$d level $l: --answer-key failed"
	"$Q" practice --drill "$d" --level "$l" --seed 7 --count 1000 <"$T/key" >"$T/out" 2>>"$T/err"
	expect_out_line "score 1000/1000" "$d level $l: the engine's own answers"
	n=$(grep -c 'The deciding line:' "$T/out")
	[ "$n" -eq 1000 ] || fail "$d level $l: $n of 1,000 verdicts name the deciding line"
	"$PY" "$srcdir/tests/practice-lines.py" "$T/out" >"$T/check" ||
		{ fail "$d level $l: a deciding line does not add up"; sed -n '1,5s/^/    | /p' "$T/check"; }
	note "$d level $l: $(tail -1 "$T/check")"
done

# A bound is answered with its mark: the first stand-pat level-3 question of
# seed 7 whose answer is a lower bound, answered with the mark, without it,
# and with the other mark.
rm -rf "$T/state"
"$Q" practice --drill stand-pat --level 3 --seed 7 --count 1000 --answer-key >"$T/key"
n=$(grep -n '^>=' "$T/key" | head -1 | cut -d: -f1)
[ -n "$n" ] || fail "no lower bound among 1,000 stand-pat level-3 answers"
if [ -n "$n" ]; then
	b=$(sed -n "${n}p" "$T/key")
	v=${b#>=}
	for a in "$b" "$v" "<=$v"; do
		{ [ "$n" -gt 1 ] && sed -n "1,$((n - 1))p" "$T/key"; echo "$a"; } >"$T/in"
		rm -rf "$T/state"
		"$Q" practice --drill stand-pat --level 3 --seed 7 --count "$n" <"$T/in" >"$T/out" 2>"$T/err"
		case $a in
		"$b") expect_out_line "score $n/$n" "the bound $b answered with its mark" ;;
		*) expect_out_line "score $((n - 1))/$n" "the bound $b answered as $a is wrong" ;;
		esac
	done
fi

finish
