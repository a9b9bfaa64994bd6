# input-ranges.sh: issue 19, item 4, the cases outside the bad-input catalogues
# (tests/data/bad-lessons and bad-pgn hold invalid UTF-8 in a lesson, an
# out-of-range @goto #N and @claim count, and a PGN with two byte-order
# marks; tests/uci-check.py the out-of-range UCI go values):
#   - a UTF-8 byte-order mark at the start of a lesson is skipped, as the PGN
#     reader skips it: the lesson checks as the same file without it;
#   - a number out of range says "out of range" and the limits, not
#     "expected a whole number": --game, and the REPL's page 0 and
#     page 99999999999999999999 (the page count is counted here from the
#     lesson file's page: lines).
. "$srcdir/tests/lib.sh"
need_quiesce

TO=${TEST_TIMEOUT:-60}
lesson=$srcdir/lessons/01-horizon.lesson

# 1. A byte-order mark before a lesson.
printf '\357\273\277' >"$T/bom.lesson"
cat "$lesson" >>"$T/bom.lesson"
expect_exit 0 "check-lesson of a lesson with a byte-order mark" timeout "$TO" "$QUIESCE" check-lesson "$T/bom.lesson"
expect_out_has "ok (horizon:" "a lesson with a byte-order mark reads as the lesson"

# 2. --game out of range, and not a number.
printf '[Event "x"]\n\n1. e4 *\n' >"$T/one.pgn"
for g in 0 99999999999999999999; do
	expect_exit 2 "--game $g" timeout "$TO" "$QUIESCE" search --pgn "$T/one.pgn" --game "$g"
	expect_err_has "invalid --game '$g': out of range: expected 1 to 1000000" "--game $g"
done
expect_exit 2 "--game x" timeout "$TO" "$QUIESCE" search --pgn "$T/one.pgn" --game x
expect_err_has "invalid --game 'x': expected a whole number from 1 to 1000000" "--game x"

# 3. The REPL's page command.
pages=$(grep -c '^page:' "$lesson")
XDG_STATE_HOME=$T/state
export XDG_STATE_HOME
printf 'lesson 1\npage 0\npage 99999999999999999999\npage %d\npage two\n' "$((pages + 1))" >"$T/in"
timeout "$TO" "$QUIESCE" repl <"$T/in" >"$T/out" 2>"$T/err"
for p in 0 99999999999999999999 $((pages + 1)); do
	expect_err_has "page $p: out of range: lesson horizon has pages 1 to $pages" "REPL page $p"
done
expect_err_has "page: expected a page number, e.g. 'page 2'" "REPL page two"

finish
