#!/bin/sh
# practice-schedule.sh: a schedule that keeps its word (issue 26). The
# Leitner schedule followed over 20 days on a clock the test sets
# (practice-schedule.py models it from the documented rules); an explicit
# --seed gives that seed's set with and without a record (the record only
# puts the due questions first); --answer-key is the same whatever the
# record; 'quiesce lessons' shows what is due and when.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE
PY=$(need_prog python3) || skip "python3 is needed for the schedule's model"
XDG_STATE_HOME=$T/state
export XDG_STATE_HOME

"$PY" "$srcdir/tests/practice-schedule.py" "$Q" "$T/state" >"$T/check" 2>&1 ||
	{ fail "the 20-day schedule disagrees with its model"; sed -n '1,8s/^/    | /p' "$T/check"; }
note "$(tail -1 "$T/check")"

# ids FILE: the question ids of a session's output, one a line.
ids() {
	sed -n 's/^Q[0-9]* \([^:]*\): .*/\1/p' "$1"
}

# --seed without a record.
rm -rf "$T/state"
QUIESCE_PRACTICE_DAY=3000 "$Q" practice --drill see --seed 7 --count 8 --answer-key >"$T/key0"
QUIESCE_PRACTICE_DAY=3000 "$Q" practice --drill see --seed 7 --count 8 <"$T/key0" >"$T/out" 2>"$T/err"
expect_out_line "score 8/8" "seed 7 without a record, answered from its key"
ids "$T/out" >"$T/set0"
[ "$(wc -l <"$T/set0")" -eq 8 ] || fail "seed 7: $(wc -l <"$T/set0") questions, not 8"
# A record with questions of another seed due, and two of seed 7's missed.
rm -rf "$T/state"
QUIESCE_PRACTICE_DAY=2990 "$Q" practice --drill see --seed 8 --count 5 </dev/null >/dev/null 2>&1
printf 'x\nx\nx\nx\nx\n' | QUIESCE_PRACTICE_DAY=2990 "$Q" practice --drill see --seed 8 --count 5 >/dev/null 2>&1
{ sed -n 1,5p "$T/key0"; sed -n 6,7p "$T/key0" | sed 's/^yes$/X/; s/^no$/yes/; s/^X$/no/'; sed -n 8p "$T/key0"; } >"$T/in"
QUIESCE_PRACTICE_DAY=2995 "$Q" practice --drill see --seed 7 --count 8 <"$T/in" >"$T/out2995" 2>&1
# The questions missed that day (due on day 2995) and those answered right (due on day 2996), by id.
awk '/^Q[0-9]* / { id = $2; sub(/:$/, "", id) } /^wrong: / { print id > "'"$T"'/missed" } /^right: / { print id > "'"$T"'/rightids" }' "$T/out2995"
[ -s "$T/missed" ] || fail "no question missed on day 2995"
cp "$T/state/quiesce/practice" "$T/record1"
QUIESCE_PRACTICE_DAY=3000 "$Q" practice --drill see --seed 7 --count 8 --answer-key >"$T/key1"
cmp -s "$T/key0" "$T/key1" || fail "--answer-key changed with a record"
QUIESCE_PRACTICE_DAY=3000 "$Q" practice --drill see --seed 7 --count 8 </dev/null >"$T/out" 2>"$T/err"
cmp -s "$T/record1" "$T/state/quiesce/practice" || fail "a session without answers changed the record"
# With the record: the same set; the two missed ones (due) first.
for i in 1 2 3 4 5 6 7 8; do echo x; done >"$T/in"
QUIESCE_PRACTICE_DAY=3000 "$Q" practice --drill see --seed 7 --count 8 <"$T/in" >"$T/out" 2>"$T/err"
ids "$T/out" >"$T/set1"
sort "$T/set0" >"$T/s0"
sort "$T/set1" >"$T/s1"
cmp -s "$T/s0" "$T/s1" || fail "seed 7 gave another set once a record existed: $(comm -3 "$T/s0" "$T/s1" | tr '\n' ' ')"
# Every question missed on day 2995 (more overdue) comes before every one answered right then.
last_missed=$(grep -n -x -F -f "$T/missed" "$T/set1" | tail -1 | cut -d: -f1)
first_right=$(grep -n -x -F -f "$T/rightids" "$T/set1" | head -1 | cut -d: -f1)
[ "${last_missed:-99}" -lt "${first_right:-0}" ] ||
	fail "seed 7 with a record: the missed questions do not come first ($(tr '\n' ' ' <"$T/set1"))"
# --answer-key is the same for two different records (and no record).
QUIESCE_PRACTICE_DAY=3000 "$Q" practice --drill see --seed 7 --count 8 --answer-key >"$T/key2"
cmp -s "$T/key0" "$T/key2" || fail "--answer-key differs between two records"

# Not due, not asked: answered right today, the question waits for tomorrow.
rm -rf "$T/state"
QUIESCE_PRACTICE_DAY=4000 "$Q" practice --drill delta --seed 4000 --count 3 --answer-key >"$T/key"
QUIESCE_PRACTICE_DAY=4000 "$Q" practice --drill delta --count 3 <"$T/key" >"$T/out" 2>"$T/err"
expect_out_line "score 3/3" "three new questions answered right"
ids "$T/out" >"$T/day0"
QUIESCE_PRACTICE_DAY=4000 "$Q" practice --drill delta --count 3 </dev/null >"$T/out" 2>"$T/err"
ids "$T/out" | while read -r id; do
	grep -qx "$id" "$T/day0" && fail "$id was asked again the same day, before it was due"
done
QUIESCE_PRACTICE_DAY=4001 "$Q" practice --drill delta --count 3 </dev/null >"$T/out" 2>"$T/err"
grep -qx "$(ids "$T/out" | head -1)" "$T/day0" || fail "a right answer is not due the next day"

# 'quiesce lessons': the due count and the next due date (day 4001 is 1980-12-15, by hand: 1970-1979 hold 3652 days, and 4001 - 3652 = 349 = 335 (January to November of a leap year) + 14).
QUIESCE_PRACTICE_DAY=4000 "$Q" lessons >"$T/out" 2>"$T/err"
expect_out_has "; due today: 0; next due 1980-12-15" "lessons shows the next due date"
QUIESCE_PRACTICE_DAY=4001 "$Q" lessons >"$T/out" 2>"$T/err"
expect_out_has "; due today: 3" "lessons shows the due count"

finish
