# records.sh: the records quiesce keeps (the practice record, the lesson
# progress) lose nothing and overwrite nothing (issue 30, item 1):
#   - a symbolic link as the practice record: the REPL's answer is not saved
#     through it (the file it points to is untouched), and says why;
#   - a damaged record (a NUL byte, a line the reader refuses) answered from
#     the REPL: kept as practice.corrupt-DATE, byte for byte, with a message;
#   - a FIFO as the practice record: 'lessons' and 'practice' do not hang;
#   - CRLF line ends read; counts at the largest int saturate, never wrap;
#   - a large record (300,000 cards) loads and saves (linear loading; the
#     timeout only guards against a hang, it measures nothing);
#   - the lesson progress as a symbolic link: not written through.
# Expected values are worked by hand from the file format (quiesce(1), FILES).
. "$srcdir/tests/lib.sh"
need_quiesce

TO=${TEST_TIMEOUT:-120}
XDG_STATE_HOME=$T/state
export XDG_STATE_HOME
DIR=$XDG_STATE_HOME/quiesce
STATE=$DIR/practice
mkdir -p "$DIR"
# The day the schedule counts from, so that due dates are fixed.
QUIESCE_PRACTICE_DAY=20000
export QUIESCE_PRACTICE_DAY
printf 'practice delta\npractice no\n' >"$T/answer"

# repl_answer: one practice answer through the REPL (output in $T/out, $T/err).
repl_answer() {
	timeout "$TO" "$QUIESCE" repl <"$T/answer" >"$T/out" 2>"$T/err"
	status=$?
	[ "$status" -ne 124 ] || fail "the REPL hung"
}

# 1. A symbolic link to another file: that file is not replaced, the link stays, the REPL says why.
printf 'my own notes\n' >"$T/somefile"
cp "$T/somefile" "$T/somefile.orig"
ln -s "$T/somefile" "$STATE"
repl_answer
cmp -s "$T/somefile" "$T/somefile.orig" || fail "a practice answer wrote through a symlinked record"
[ -L "$STATE" ] || fail "the symbolic link was replaced"
expect_out_has "is a symbolic link" "a symlinked record: the REPL says why it is not saved"
rm -f "$STATE"

# 2. A damaged record (a NUL byte on line 3) answered from the REPL: set aside intact, said so.
printf 'quiesce-practice 1\nstat delta 1 40 50\n\000garbage\n' >"$T/damaged"
cp "$T/damaged" "$STATE"
repl_answer
expect_out_has "NUL byte" "a damaged record: the REPL names the damage"
expect_out_has "practice.corrupt-" "a damaged record: the REPL says where it is kept"
set -- "$DIR"/practice.corrupt-*
[ -f "$1" ] || fail "the damaged record was not set aside"
cmp -s "$1" "$T/damaged" || fail "the record set aside is not the damaged file byte for byte"
grep -q '^stat delta 1 [01] 1$' "$STATE" || fail "no new record after the damaged one ($(grep stat "$STATE"))"
rm -f "$DIR"/practice*

# 3. A line the reader refuses (RIGHT > ASKED), from the REPL: set aside too.
printf 'quiesce-practice 1\nstat delta 1 51 50\n' >"$STATE"
repl_answer
expect_out_has "practice:2:" "a refused line: the message names the line"
set -- "$DIR"/practice.corrupt-*
[ -f "$1" ] || fail "a record with a refused line was not set aside"
rm -f "$DIR"/practice*

# 4. CRLF line ends: read as a record; the answer adds one question to 50 (and 0 or 1 right answer to 40).
printf 'quiesce-practice 1\r\nstat delta 1 40 50\r\n' >"$STATE"
repl_answer
grep -q '^stat delta 1 4[01] 51$' "$STATE" || fail "a CRLF record was not merged ($(grep stat "$STATE"))"
if ls "$DIR"/practice.corrupt-* >/dev/null 2>&1; then fail "a CRLF record was taken for damaged"; fi

# 5. Counts at the largest int: one more answer saturates, never wraps to a negative count.
printf 'quiesce-practice 1\nstat delta 1 2147483647 2147483647\n' >"$STATE"
repl_answer
grep -q '^stat delta 1 2147483647 2147483647$' "$STATE" || fail "a count at INT_MAX did not saturate ($(grep stat "$STATE"))"
# A count past it is damage, not a number read with undefined behaviour.
printf 'quiesce-practice 1\nstat delta 1 1 2147483648\n' >"$STATE"
run timeout "$TO" "$QUIESCE" lessons
expect_err_has "practice:2:" "a count past INT_MAX: refused with the line"
rm -f "$DIR"/practice*

# 6. A FIFO as the record: 'lessons' and 'practice' say so and end (no writer ever opens it).
mkfifo "$STATE" || bail "mkfifo"
run timeout "$TO" "$QUIESCE" lessons
[ "$status" -ne 124 ] || fail "lessons hung on a FIFO as the practice record"
expect_err_has "is not a regular file (it is a FIFO)" "lessons: a FIFO as the record is reported"
echo no | timeout "$TO" "$QUIESCE" practice --drill delta --count 1 >"$T/out" 2>"$T/err"
[ "$?" -ne 124 ] || fail "practice hung on a FIFO as the practice record"
expect_err_has "is not a regular file (it is a FIFO)" "practice: a FIFO as the record is reported"
[ -p "$STATE" ] || fail "the FIFO was replaced"
rm -f "$STATE"

# 7. 300,000 cards (about 9 MB): loaded, one answer merged, every card kept.
awk 'BEGIN { print "quiesce-practice 1"; print "stat see 1 3 4";
	for (i = 0; i < 300000; i++) printf "box see1-card%06d 2 19000\n", i }' >"$STATE"
repl_answer
[ "$(grep -c '^box see1-card' "$STATE")" -eq 300000 ] || fail "300,000 cards: some were lost"
grep -q '^stat see 1 3 4$' "$STATE" || fail "300,000 cards: the other drill's counts changed"
run timeout "$TO" "$QUIESCE" lessons
expect_out_has "due today: 300000" "300,000 cards, all due: counted"
rm -f "$DIR"/practice*

# 8. The lesson progress as a symbolic link: the file it points to is untouched.
printf 'not a progress file\n' >"$T/other"
cp "$T/other" "$T/other.orig"
ln -s "$T/other" "$DIR/progress"
printf 'lesson 1\n' >"$T/lesson"
timeout "$TO" "$QUIESCE" repl <"$T/lesson" >"$T/out" 2>"$T/err"
cmp -s "$T/other" "$T/other.orig" || fail "the lesson progress was written through a symbolic link"
[ -L "$DIR/progress" ] || fail "the progress link was replaced"
expect_err_has "is a symbolic link" "a symlinked progress file: a message"
finish
