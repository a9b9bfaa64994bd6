#!/bin/sh
# qtrace.sh: contrib/qtrace/qtrace.h writes the compact version-3 form that
# quiesce reads and checks: tests/test_qtrace (an engine's scale, the calls
# of the declared kinds, a search worked by hand) writes a trace; it must be
# version 3 of compact records, with the window left out where the reader
# derives it (the engine's -30000..30000 is quiesce's -inf..+inf), check
# clean, and hold the hand-worked values.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE
PY=$(need_prog python3) || skip "python3 is not installed"
P=$builddir/tests/test_qtrace
[ -x "$P" ] || bail "tests/test_qtrace is not built"
expect_exit 0 "test_qtrace writes its trace" "$P" "$T/q.jsonl" || show_output
expect_exit 0 "check-trace on qtrace.h's trace" "$Q" check-trace "$T/q.jsonl" || show_output
$PY - "$T/q.jsonl" <<'PY' || fail "the trace's records are not the hand-worked ones"
import json, sys
lines = open(sys.argv[1]).read().split("\n")
head = json.loads(lines[0])
assert head["version"] == 3 and head["declares"] == {"tt": True}, head
recs = [json.loads(x) for x in lines[1:] if x]
want = [["enter", {"eval": 590, "qply": 0}], ["stand_pat", 590], ["move", "d1d5"],
        ["enter", {"eval": -900, "qply": 1}], ["tt_cutoff", -900, {"bound": "exact"}], ["leave", -900],
        ["alpha_raise", 900], ["leave", 900]]
assert recs == want, recs
PY
finish
