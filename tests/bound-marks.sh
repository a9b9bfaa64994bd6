#!/bin/sh
# bound-marks.sh: every view writes a node's bound with its mark (>=, <=),
# never as an exact value or "#-0": tests/bound-marks.py compares the tree,
# the text trace, the PGN comments and the lessons' screens with its own
# reading of the json-full trace (the value against its window), over every
# lesson page's search and 200 WAC positions at depths 1-3, fail-hard and
# fail-soft. QUIESCE_QUICK=1 takes 50 positions.

. "$srcdir/tests/lib.sh"
need_quiesce

PY=$(need_prog python3) || skip "python3 is not installed"
quick=
[ "${QUIESCE_QUICK:-0}" = 1 ] && quick=--quick
XDG_STATE_HOME=$T/state "$PY" "$srcdir/tests/bound-marks.py" "$QUIESCE" "$srcdir" $quick >"$T/out" 2>&1 ||
	fail "bound-marks.py found views that disagree with the trace"
sed 's/^/    | /' "$T/out" | tail -40
finish
