#!/bin/sh
# man-pst.sh: quiesce-trace(5)'s PIECE-SQUARE TABLES are the program's
# (src/chess/eval.c), as man/gen-pst.py renders them: a change to a table
# that the manual does not follow fails here (man/gen-pst.py EVAL_C PAGE
# --write brings the manual up to date).
. "$srcdir/tests/lib.sh"
PY=$(need_prog python3) || skip "python3 is not installed"
if $PY "$srcdir/man/gen-pst.py" "$srcdir/src/chess/eval.c" "$srcdir/man/quiesce-trace.5" >"$T/out" 2>&1; then
	note "$(cat "$T/out")"
else
	fail "quiesce-trace(5)'s PIECE-SQUARE TABLES are not eval.c's:"
	sed 's/^/    | /' "$T/out"
fi
# The check can fail: a table changed by one centipawn is noticed.
sed 's/^\t 45,  45,  45,  50,  50,  45,  45,  45,$/\t 45,  45,  45,  51,  50,  45,  45,  45,/' "$srcdir/src/chess/eval.c" >"$T/eval.c"
cmp -s "$T/eval.c" "$srcdir/src/chess/eval.c" && fail "the planted change did not apply"
$PY "$srcdir/man/gen-pst.py" "$T/eval.c" "$srcdir/man/quiesce-trace.5" >"$T/out" 2>&1 &&
	fail "a pawn table changed by one centipawn was not noticed"
finish
