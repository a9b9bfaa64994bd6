#!/bin/sh
# tinyqs.sh: a trace written by another engine through contrib/qtrace/qtrace.h.
#
# examples/tinyqs is a small engine of its own (its own board, move
# generator, evaluation, move order, fail-soft, delta margin 150); tinyqs-bug
# is the same source with the classic bug of standing pat in check. On a few
# positions this test writes their traces (JSON Lines), then:
# - check-trace: the correct engine's traces are clean; the bugged one's
#   first violation is stand-pat-in-check at the node in check;
# - diff --reference: the correct engine does not part from quiesce's search
#   in the decisions compared (its own evaluation and order: values are not);
#   the bugged one parts first at the node in check;
# - the tutor opens a tinyqs trace (":open") in tmux.
# The node in check is hand-worked: in CHECK, Black's only capture, a8a1,
# checks the white king on e1 along the empty first rank, and both engines
# search captures first, so it is node 1 in both trees.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE
TINY=$builddir/examples/tinyqs/tinyqs
BUG=$builddir/examples/tinyqs/tinyqs-bug
[ -x "$TINY" ] && [ -x "$BUG" ] || bail "tinyqs is not built (make check builds it)"

OPEN="r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3"
WAC="2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1"
MATE="6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
CHECK="r3k3/8/8/8/8/8/8/R3K3 b - - 0 1"
KIWI="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

# The engine's own check of its move generator (published perft counts).
expect_exit 0 "tinyqs perft self-check" "$TINY"

# ------------------------------------------------------------ traces
n=0
for spec in "2|$OPEN" "2|$WAC" "2|$MATE" "1|$CHECK" "2|$CHECK" "2|$KIWI" "3|$OPEN"; do
	n=$((n + 1))
	depth=${spec%%|*}
	fen=${spec#*|}
	"$TINY" "$depth" "$fen" >"$T/ok$n.jsonl" 2>"$T/err" || fail "tinyqs $depth '$fen' failed"
done
"$BUG" 1 "$CHECK" >"$T/bug.jsonl" 2>"$T/err" || fail "tinyqs-bug failed"
head -n 1 "$T/bug.jsonl" | grep -F '"evasions":true' >/dev/null || fail "the bugged engine must claim evasions on"

# ------------------------------------------------------------ the compact forms keep another engine's values
# A trace of tinyqs (its own evaluation, windows and order) opened and
# exported compact (json, jsonl) reads back as the same trace: exported with
# every field, byte for byte what the opened trace exports.
for form in json jsonl; do
	printf 'open %s\nexport json-full %s\nexport %s %s\n' "$T/ok6.jsonl" "$T/a.json" "$form" "$T/c.$form" |
		"$Q" repl >/dev/null 2>"$T/err" || fail "open and export $form: $(cat "$T/err")"
	printf 'open %s\nexport json-full %s\n' "$T/c.$form" "$T/b.json" | "$Q" repl >/dev/null 2>"$T/err" ||
		fail "reopen the compact $form: $(cat "$T/err")"
	cmp -s "$T/a.json" "$T/b.json" || fail "tinyqs's trace exported as compact $form does not read back the same"
done

# ------------------------------------------------------------ the header's claim is kept
# tinyqs's header says "order": "other" and "eval": "other"; a trace opened
# and exported in every form says so again (read by Python's json module for
# the JSON forms), and the text and PGN descriptions name them "other".
for form in json jsonl json-full jsonl-full; do
	printf 'open %s
export %s %s
' "$T/ok6.jsonl" "$form" "$T/h.$form" | "$Q" repl >/dev/null 2>"$T/err" ||
		fail "open and export $form: $(cat "$T/err")"
	if [ -n "$(command -v python3)" ]; then
		python3 - "$T/h.$form" >"$T/claim" 2>&1 <<'PY' || fail "the $form export does not keep the header's claim: $(cat "$T/claim")"
import json, sys
text = open(sys.argv[1]).read()
try:
    doc = json.loads(text)
except ValueError:
    doc = json.loads(text.splitlines()[0])
opts = doc["options"]
if opts.get("order") != "other" or opts.get("eval") != "other":
    sys.exit("order %r, eval %r" % (opts.get("order"), opts.get("eval")))
PY
	fi
done
for form in text pgn; do
	printf 'open %s
export %s %s
' "$T/ok6.jsonl" "$form" "$T/h.$form" | "$Q" repl >/dev/null 2>"$T/err" ||
		fail "open and export $form: $(cat "$T/err")"
	tr '\n' ' ' <"$T/h.$form" | grep -F "order other, eval other" >/dev/null ||
		fail "the $form export does not name the order and the evaluation \"other\""
done

printf 'open %s\nstats\n' "$T/ok6.jsonl" | "$Q" repl >"$T/stats" 2>&1
grep -F "Options:  mode captures, depth 2, delta 150, fail-soft, order other, eval other" "$T/stats" >/dev/null ||
	{ fail "stats on tinyqs's trace does not name the order and the evaluation \"other\""; sed -n '1,5s/^/    | /p' "$T/stats"; }

# ------------------------------------------------------------ check-trace
run "$Q" check-trace --quiet "$T"/ok*.jsonl
[ "$status" -eq 0 ] || { fail "check-trace on tinyqs's traces: exit $status, expected 0"; show_output; }
expect_empty "$T/out" "tinyqs's traces are clean"
if expect_exit 1 "check-trace on the bugged engine" "$Q" check-trace "$T/bug.jsonl"; then
	first=$(head -n 1 "$T/out")
	case "$first" in
	"$T/bug.jsonl: node 1 (a8a1): stand-pat-in-check: expected no stand pat in check"*) ;;
	*) fail "the first violation is '$first', expected stand-pat-in-check at node 1 (a8a1)" ;;
	esac
fi

# ------------------------------------------------------------ diff --reference
for i in $(seq 1 "$n"); do
	run "$Q" diff "$T/ok$i.jsonl" --reference
	if [ "$status" -ne 0 ]; then
		fail "diff --reference of tinyqs trace $i: exit $status, expected 0 (no parting decision)"
		show_output
	fi
done
expect_out_has "decisions only" "an engine's own evaluation: decisions compared, not values"
# Side A's options say tinyqs's own evaluation and order, not quiesce's defaults beside them.
sed -n 2p "$T/out" | grep -F "its own move order, its own evaluation" >/dev/null ||
	fail "diff --reference: side A's options do not say its own evaluation and order: $(sed -n 2p "$T/out")"
sed -n 2p "$T/out" | grep -E "eval material|order mvv-lva" >/dev/null &&
	fail "diff --reference: side A's options also name quiesce's evaluation or order: $(sed -n 2p "$T/out")"
if expect_exit 1 "diff --reference of the bugged engine" "$Q" diff "$T/bug.jsonl" --reference; then
	expect_out_has "First parting: node 1 in A, node 1 in B (a8a1): stand-pat" "the parting node is the node in check"
	expect_out_has "A stands pat in check" "what the bugged engine did"
fi

# ------------------------------------------------------------ the tutor
TMUX_BIN=${TMUX_BIN:-}
if [ -n "$TMUX_BIN" ] || need_prog tmux >/dev/null; then
	. "$srcdir/tests/tutor-lib.sh"
	tutor_start 100 30 --fen "$CHECK" --depth 1
	expect_screen "Event 1/" "the tutor starts"
	keys :
	type "open $T/ok4.jsonl"
	keys Enter
	expect_screen "Opened " "the tutor opens a tinyqs trace"
	# :diff: this search (quiesce's, same position and depth) beside the bugged trace.
	keys :
	type "search"
	keys Enter
	expect_screen "Event 1/" "the search again"
	keys :
	type "diff $T/bug.jsonl"
	keys Enter
	expect_screen "First parting: node 1 in A, node 1 in B (1... Rxa1+): stand-pat" ":diff names the node in check"
	keys Space
	expect_screen "part at node 1" "the compare view marks the parting node"
	keys :
	type "quit"
	keys Enter
	tutor_stop
else
	note "tmux is not installed: the tutor part is skipped"
fi
finish
