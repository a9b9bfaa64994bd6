#!/bin/sh
# lesson-errors.sh: every malformed or false lesson of tests/data/bad-lessons/ is refused with the error, line and column its first line expects.
#
# Each case starts with a comment "# expect: LINE:COLUMN: TEXT". Running
# "quiesce check-lesson CASE" must exit 1 and print "CASE:LINE:COLUMN: TEXT..."
# on stderr. No case may crash.

. "$srcdir/tests/lib.sh"
need_quiesce

dir=$srcdir/tests/data/bad-lessons
cases=0
claims=0
for f in "$dir"/*.lesson; do
	[ -r "$f" ] || continue
	cases=$((cases + 1))
	want=$(sed -n '1s/^# expect: //p' "$f")
	if [ -z "$want" ]; then
		fail "${f##*/}: no '# expect:' line"
		continue
	fi
	case $want in *"claim failed"*) claims=$((claims + 1)) ;; esac
	run "$QUIESCE" check-lesson "$f"
	if [ "$status" -ge 128 ]; then
		fail "${f##*/}: crashed (exit status $status)"
		continue
	fi
	if [ "$status" -ne 1 ]; then
		fail "${f##*/}: exit status $status, expected 1"
		show_output
		continue
	fi
	expect_err_has "$f:$want" "${f##*/}"
	if grep -E 'Sanitizer|runtime error' "$T/err" >/dev/null; then
		fail "${f##*/}: sanitizer report"
	fi
done
[ "$cases" -ge 20 ] || fail "only $cases cases in $dir (at least 20 expected)"
[ "$claims" -ge 1 ] || fail "no false-claim case in $dir"
note "$cases malformed-lesson cases, $claims false claims"
finish
