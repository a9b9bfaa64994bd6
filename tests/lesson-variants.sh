#!/bin/sh
# lesson-variants.sh: a lesson page's compare sides are complete modes (the
# page's delta pruning does not leak into side A), claims about a side are
# checked on that side, the REPL's mode takes compare's variants and shows
# them in full, and identical trees report no parting node.
#
# Expected values: WAC.060's Qh8+ Bxh8 Rxh8 is mate in 3 plies (2 moves: #2) (hand-checked,
# and the WAC key), which delta pruning misses; a bare king against a bare
# king has neither a capture nor a check, so captures and checks search the
# same tree.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE
XDG_STATE_HOME=$T/state
export XDG_STATE_HOME
L=$srcdir/tests/data/compare-sides.lesson

expect_exit 0 "check-lesson with side claims" "$Q" check-lesson "$L"

printf '%s\n' "lesson $L" "compare" >"$T/in"
"$Q" repl <"$T/in" >"$T/out" 2>"$T/err"
expect_out_has "The page compares two searches:" "the REPL prints the page's comparison"
expect_out_has "A (captures): mode captures: score #2, best Qh8+" "side A is captures without delta: it mates"
expect_out_has "B (captures, delta 200): mode captures:" "side B names its delta pruning"
grep -F "B (captures, delta 200)" "$T/out" | grep -F "best Qh8+" >/dev/null &&
	fail "side B (delta) found the mate it prunes"

printf '%s\n' "mode faulty" "mode captures+delta=0" "mode captures+delta=150+nodelta" "mode checks+checks-all+soft" \
	"mode bogus" >"$T/in"
"$Q" repl <"$T/in" >"$T/out" 2>"$T/err"
expect_out_has "Search options: mode faulty: captures, evasions off, depth 2" "mode faulty"
expect_out_has "Search options: mode captures, delta 0, depth 2" "+delta=0 is a margin of 0"
expect_out_has "Search options: mode captures, depth 2" "+nodelta switches delta off"
expect_out_has "Search options: mode checks (checks at every ply), fail-soft, depth 2" "checks-all and soft"
grep -F "unknown mode 'bogus'" "$T/out" "$T/err" >/dev/null || fail "mode bogus: no error naming it"

printf '%s\n' "fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1" "compare captures checks" "compare captures faulty" >"$T/in"
"$Q" repl <"$T/in" >"$T/out" 2>"$T/err"
expect_out_has "The trees have the same shape." "identical trees say so"
grep -F "part ways" "$T/out" >/dev/null && fail "identical trees reported a parting node"
expect_out_has "B (faulty: captures, evasions off)" "the faulty side is named in full"

# A search in a named variant says which variant its result line is for.
printf '%s\n' "mode faulty" "search" >"$T/in"
"$Q" repl <"$T/in" >"$T/out" 2>"$T/err"
expect_out_has "search mode captures [faulty: captures, evasions off]: score" "the result line names the faulty variant"
finish
