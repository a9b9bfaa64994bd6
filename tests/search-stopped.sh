# search-stopped.sh: a search cut short (node cap) reports only what is true:
# the best of the root moves searched to the end, or no move and no score.
# Before the fix a stopped child returned its partial alpha, which its parent
# took for a value: the hand-worked position below reported the losing Nxb5.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE
PY=$(need_prog python3) || PY=

# The hand-worked position (material values: pawn 100, knight 310, rook 500,
# queen 900). White: Kg1, Rd1, Na3, pawns f2 g2 h2; Black: Kg8, Qd5 (guarded
# by e6), Rb5 (guarded by a6), pawns a6 e6 f7 g7 h7. White is 790 down.
# White has 21 legal moves (rook 9, knight 4, king 2, pawns 6); MVV-LVA tries
# the captures first: Rxd5 (the queen), then Nxb5 (the rook).
#   1. Rxd5: Black's best reply is Rxd5 (exd5 allows Nxb5 axb5, the same
#      material for White: -200 for White then, worse for Black than Rxd5's
#      -390), so Rxd5 is worth 900 - 500 - 790 = -390 to White.
#   2. Nxb5 (quiescence, Black to move): its stand pat is +290 for Black
#      (-790 + 500), but Qxd1 is mate on the back rank: worth a mate to Black.
#   Every quiet move leaves Black +790 by its stand pat.
# So the depth-1 value is -390 with Rxd5. With --max-nodes 7 the cap falls
# at the node after Nxb5 (node 7), right after its stand pat and before
# Qxd1#: its partial value +290 must not make Nxb5 (-290) White's best.
P="6k1/5ppp/p3p3/1r1q4/8/N7/5PPP/3R2K1 w - - 0 1"
AFTER_RXD5="6k1/5ppp/p3p3/1r1R4/8/N7/5PPP/6K1 b - - 0 1"
KIWI="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


# (a) The uncapped searches: the whole position, and Rxd5 alone (Black to move after it).
if expect_exit 0 "uncapped search" "$Q" search --fen "$P" --depth 1 --format json; then
	expect_json "uncapped search" 'j["best"] == "d1d5" and j["score"] == -390 and j["complete"] is True and j["root_moves"] == 21 and j["root_moves_done"] == 21'
fi
if expect_exit 0 "search after Rxd5" "$Q" search --fen "$AFTER_RXD5" --depth 0 --format json; then
	expect_json "search after Rxd5" 'j["score"] == 390 and j["complete"] is True'
fi

# (b) Capped inside the second root move: the first move's full value, incomplete.
if expect_exit 0 "capped search" "$Q" search --fen "$P" --depth 1 --max-nodes 7 --format json; then
	expect_json "capped search" 'j["best"] == "d1d5" and j["score"] == -390 and j["pv"] == ["d1d5", "b5d5"] and j["stopped"] is True and j["complete"] is False and j["root_moves"] == 21 and j["root_moves_done"] == 1'
	expect_err_has "1 of 21 root moves searched" "capped search: stderr"
fi
if expect_exit 0 "capped search, text" "$Q" search --fen "$P" --depth 1 --max-nodes 7; then
	expect_out_line "result:    INCOMPLETE, stopped after 7 nodes (--max-nodes 7): best of 1/21 root moves searched" "capped search says incomplete"
	expect_out_has "best move: Rxd5 (d1d5)" "capped search: the first move"
	expect_out_has "score:     at least -390" "capped search: its score, a lower bound"
	grep -F "Nxb5" "$T/out" >/dev/null && fail "capped search: the interrupted Nxb5 appears in the result"
fi
# Fail-soft the same: the interrupted child's value is not a value either.
if expect_exit 0 "capped search, fail-soft" "$Q" search --fen "$P" --depth 1 --fail-soft --max-nodes 7 --format json; then
	expect_json "capped search, fail-soft" 'j["best"] == "d1d5" and j["score"] == -390 and j["root_moves_done"] == 1'
fi
# Stopped before the first root move finished: no best move, no score.
if expect_exit 0 "capped before a move finished" "$Q" search --fen "$P" --depth 1 --max-nodes 3 --format json; then
	expect_json "capped before a move finished" 'j["best"] is None and j["score"] is None and j["pv"] == [] and j["complete"] is False and j["root_moves_done"] == 0'
fi

# (c) Kiwipete, depth 1 brute (no stand pat), capped at 1,000,000 nodes: the
#     first root move's quiescence search alone is bigger, so no move finishes.
#     48 root moves: perft(1) of Kiwipete (published).
if expect_exit 0 "Kiwipete brute capped" "$Q" search --fen "$KIWI" --depth 1 --no-stand-pat --max-nodes 1000000; then
	expect_out_has "INCOMPLETE" "Kiwipete brute: says incomplete"
	expect_out_has "no root move finished, so no best move and no score" "Kiwipete brute: no move finished"
	expect_out_has "best move: (none)" "Kiwipete brute: no best move"
	grep -E "mate in|mated|[+-]M[0-9]|score: *#" "$T/out" >/dev/null && fail "Kiwipete brute: a mate is named: $(grep -E "mate in|mated|M[0-9]|score: *#" "$T/out")"
fi
if expect_exit 0 "Kiwipete brute capped, JSON" "$Q" search --fen "$KIWI" --depth 1 --no-stand-pat --max-nodes 1000000 --format json; then
	expect_json "Kiwipete brute JSON" 'j["score"] is None and j["best"] is None and j["pv"] == [] and j["complete"] is False and j["root_moves"] == 48 and j["root_moves_done"] == 0'
fi

# (d) The JSON fields, validated by python3-jsonschema.
if [ -n "$PY" ] && "$PY" -c "import jsonschema" 2>/dev/null; then
	cat >"$T/schema.json" <<'EOF'
{
  "type": "object",
  "required": ["score", "best", "pv", "nodes", "stopped", "complete", "root_moves", "root_moves_done"],
  "properties": {
    "score": {"type": ["integer", "null"]},
    "best": {"type": ["string", "null"]},
    "stopped": {"type": "boolean"},
    "complete": {"type": "boolean"},
    "root_moves": {"type": "integer", "minimum": 0},
    "root_moves_done": {"type": "integer", "minimum": 0}
  },
  "allOf": [
    {"if": {"properties": {"complete": {"const": true}}},
     "then": {"properties": {"stopped": {"const": false}, "score": {"type": "integer"}}}},
    {"if": {"properties": {"score": {"type": "null"}}},
     "then": {"properties": {"complete": {"const": false}, "best": {"type": "null"}, "pv": {"maxItems": 0},
                             "root_moves_done": {"const": 0}}}}
  ]
}
EOF
	for args in "--depth 1" "--depth 1 --max-nodes 7" "--depth 1 --max-nodes 3" "--depth 2 --max-nodes 40 --fail-soft"; do
		# shellcheck disable=SC2086
		run "$Q" search --fen "$P" $args --format json
		"$PY" - "$T/schema.json" "$T/out" >"$T/py" 2>&1 <<'EOF' || fail "schema, search $args: $(tail -3 "$T/py")"
import json, sys, jsonschema
j = json.load(open(sys.argv[2]))
jsonschema.validate(j, json.load(open(sys.argv[1])))
assert j["root_moves_done"] <= j["root_moves"]
assert j["complete"] is (j["root_moves_done"] == j["root_moves"]) or j["stopped"]
EOF
	done
else
	note "python3-jsonschema not found: the JSON schema part is skipped"
fi

# (e) The trace of a capped search: check-trace finds it clean, the text
#     says what is true, and a forged raise by the interrupted move is caught.
if expect_exit 0 "capped trace" "$Q" trace --fen "$P" --depth 1 --max-nodes 7 --format json-full -o "$T/capped.json"; then
	expect_exit 0 "check-trace on the capped trace" "$Q" check-trace "$T/capped.json"
	# The trace's result against the published schema, with the new keys.
	if [ -n "$PY" ] && "$PY" -c "import jsonschema" 2>/dev/null; then
		"$PY" - "$srcdir/data/trace.schema.json" "$T/capped.json" >"$T/py" 2>&1 <<'EOF' || fail "capped trace: $(tail -3 "$T/py")"
import json, sys, jsonschema
j = json.load(open(sys.argv[2]))
jsonschema.validate(j, json.load(open(sys.argv[1])))
r = j["result"]
assert (r["stopped"], r["complete"], r["root_moves"], r["root_moves_done"]) == (True, False, 21, 1), r
assert (r["best"], r["score"]) == ("d1d5", -390), r
EOF
	fi
fi
if expect_exit 0 "capped trace, text" "$Q" trace --fen "$P" --depth 1 --max-nodes 7; then
	expect_out_has "result:   INCOMPLETE: best of 1/21 root moves searched: best Rxd5 (d1d5), score at least -390" \
		"capped trace text: the result line"
	expect_out_has "STOPPED here" "capped trace text: the stop is shown where it happened"
fi
# The PGN: the first move with an INCOMPLETE comment; the interrupted Nxb5 is no alternative.
if expect_exit 0 "capped trace, PGN" "$Q" trace --fen "$P" --depth 1 --max-nodes 7 --format pgn; then
	expect_out_has "1. Rxd5 {INCOMPLETE: stopped, best of 1/21 root moves searched, score at least" "capped PGN: the comment"
	grep -F "Nxb5" "$T/out" >/dev/null && fail "capped PGN: the interrupted Nxb5 is given as an alternative"
fi
if [ -n "$PY" ] && [ -s "$T/capped.json" ]; then
	"$PY" - "$T/capped.json" "$T/forged.json" <<'EOF' || fail "cannot forge the trace"
import json, sys
j = json.load(open(sys.argv[1]))
ev = j["events"]
i = [k for k, e in enumerate(ev) if e["node"] == 0 and e["kind"] == "leave"][0]
# What the search did before the fix: the root raised alpha by the interrupted Nxb5.
ev.insert(i, {"node": 0, "kind": "alpha_raise", "value": -290, "move": "a3b5"})
ev[i + 1]["score"] = -290
for n in j["nodes"]:
    if n["id"] == 0:
        n["score"] = -290
del j["result"]
json.dump(j, open(sys.argv[2], "w"))
EOF
	if expect_exit 1 "check-trace on a forged raise" "$Q" check-trace "$T/forged.json"; then
		expect_out_has "stopped-value: expected no raise by a3b5" "check-trace names the rule"
	fi
fi
# Stopped traces of every shape stay clean: caps, depths, fail-soft, brute, mode none and checks.
for cap in 1 2 5 40 300 3000; do
	for opts in "--depth 2" "--depth 2 --fail-soft" "--depth 1 --no-stand-pat" "--depth 0" "--depth 3 --mode checks" "--depth 2 --mode none"; do
		# shellcheck disable=SC2086
		run "$Q" trace --fen "$KIWI" $opts --max-nodes "$cap" --format json-full -o "$T/t.json"
		run "$Q" check-trace --quiet "$T/t.json"
		[ "$status" -eq 0 ] || { fail "check-trace on a stopped trace ($opts --max-nodes $cap)"; show_output; }
	done
done

# (f) The REPL's result line.
printf 'set max-nodes 7\nsearch\nset max-nodes 3\nsearch\nquit\n' >"$T/script"
"$Q" repl --fen "$P" --depth 1 <"$T/script" >"$T/out" 2>"$T/err"
expect_out_has "search mode captures: STOPPED after 7 nodes (--max-nodes 7): best of 1/21 root moves searched: score at least -390, best Rxd5" \
	"REPL: the best of the finished root moves"
expect_out_has "search mode captures: STOPPED after 3 nodes (--max-nodes 3): no move finished: no score, no best move" \
	"REPL: no move finished"

# The horizon view's quiescence values (searches capped at 100,000 nodes):
# one the cap stopped has no value and is not shown (brute quiescence from
# Kiwipete's leaves passes the cap), never as -inf or a partial value.
printf 'mode none\nset stand-pat off\nsearch\nhorizon 48\nquit\n' >"$T/script"
"$Q" repl --fen "$KIWI" --depth 1 <"$T/script" >"$T/out" 2>"$T/err"
grep -E "quiescence (-inf|[+-]M)" "$T/out" >/dev/null && fail "horizon: a stopped quiescence search shows a value: $(grep -E 'quiescence (-inf|[+-]M)' "$T/out" | head -3)"

# (g) UCI: a node budget that stops depth 1 inside Nxb5. The move is Rxd5,
#     the one root move that finished (before the fix: Nxb5, mated).
uci_run() {
	# uci_run GO-ARGS: the engine's answers to one "go" on P, in $T/out (waits for bestmove).
	: >"$T/out"
	{
		# The material evaluation the values above were worked with (uci defaults to pst).
		printf 'uci\nsetoption name Eval value material\nposition fen %s\ngo %s\n' "$P" "$1"
		i=0
		while ! grep -q '^bestmove' "$T/out" && [ "$i" -lt 1200 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		printf 'quit\n'
	} | "$Q" uci >"$T/out" 2>"$T/err"
}
uci_run "depth 1 nodes 7"
expect_out_line "bestmove d1d5" "UCI: depth 1 stopped inside Nxb5 plays Rxd5"
expect_out_has "score cp -390 lowerbound" "UCI: the partial iteration's score is a lower bound"
uci_run "depth 2 nodes 30"
expect_out_has "info depth 1 seldepth" "UCI: depth 1 finishes within 30 nodes"
expect_out_line "bestmove d1d5" "UCI: a depth 2 stopped before any root move finished keeps depth 1's move"
grep -F "info depth 2" "$T/out" >/dev/null && fail "UCI: an info line for the unfinished depth 2"

# A node the stop cut short shows no value, not even a bound: the root of a
# stopped search always lies on the path from the stop (issue 25).
printf 'fen %s\ndepth 4\nset max-nodes 3000\nsearch\ntree\nquit\n' 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' |
	"$Q" repl >"$T/out" 2>"$T/err"
grep -E '^>? +0 \*?root +main += \? ' "$T/out" >/dev/null || fail "the root of a stopped search shows a value: $(grep 'root' "$T/out")"

finish
