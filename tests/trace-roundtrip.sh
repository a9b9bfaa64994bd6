#!/bin/sh
# trace-roundtrip.sh: whatever quiesce reads, it writes in every form in a way
# it reads again and check-trace passes (issue 27 item 3, issue 30 item 3).
#
# Origins: quiesce's own traces under several option sets, examples/tinyqs
# (another engine, through qtrace.h), tinyqs with an aspiration window at
# the root, and foreign traces written by hand from quiesce-trace(5) (the
# man page's own example of a window on a compact enter, windows on object
# enters below the root, events of kinds quiesce does not know). Each origin
# is checked clean, then opened in the REPL and exported in every form
# (json, jsonl, json-full, jsonl-full); each export must pass check-trace, and
# an independent reader (tests/trace-roundtrip.py, Python's json module)
# must find in it the same decisions as in the origin. Each export is read
# back and exported compact again: the bytes equal the first compact export.
# quiesce trace also writes each option set in every form directly, each
# checked and read the same way.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE
PY=$(need_prog python3) || skip "python3 is not installed"
RD="$PY $srcdir/tests/trace-roundtrip.py"
TINY=$builddir/examples/tinyqs/tinyqs
[ -x "$TINY" ] || bail "tinyqs is not built (make check builds it)"

OPEN="r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3"
WAC="2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1"
CHECK="r3k3/8/8/8/8/8/8/R3K3 b - - 0 1"
PROMO="4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1"
FORMS="json jsonl json-full jsonl-full"
origins=0
exports=0

# round_trip NAME FILE: FILE checks clean; every export of it checks clean and reads the same.
round_trip() {
	name=$1
	file=$2
	origins=$((origins + 1))
	expect_exit 0 "$name: check-trace on the origin" "$Q" check-trace "$file" || { show_output; return; }
	$RD "$file" >"$T/want" || { fail "$name: the independent reader refused the origin"; return; }
	: >"$T/cmds"
	for f in $FORMS; do
		printf 'open %s\nexport %s %s\n' "$file" "$f" "$T/rt.$f" >>"$T/cmds"
	done
	"$Q" repl <"$T/cmds" >"$T/out" 2>"$T/err" || { fail "$name: the REPL failed"; show_output; return; }
	for f in $FORMS; do
		exports=$((exports + 1))
		[ -s "$T/rt.$f" ] || { fail "$name: export $f wrote nothing"; cat "$T/out" "$T/err"; continue; }
		expect_exit 0 "$name: check-trace on its export $f" "$Q" check-trace "$T/rt.$f" || show_output
		$RD "$T/rt.$f" >"$T/got" || { fail "$name: the independent reader refused export $f"; continue; }
		cmp -s "$T/want" "$T/got" || { fail "$name: export $f holds other decisions than the origin"; diff "$T/want" "$T/got" | head -5; }
	done
	# Read back, exported again: the same compact bytes from every form.
	: >"$T/cmds"
	for f in $FORMS; do
		printf 'open %s\nexport jsonl %s\n' "$T/rt.$f" "$T/again.$f" >>"$T/cmds"
	done
	"$Q" repl <"$T/cmds" >"$T/out" 2>"$T/err" || { fail "$name: the REPL failed reading back"; return; }
	for f in $FORMS; do
		cmp -s "$T/rt.jsonl" "$T/again.$f" || fail "$name: $f read back and exported as jsonl differs from the first jsonl export"
	done
}

# ---- quiesce's own, under several option sets, each form written directly and through the REPL
i=0
for set in "--depth 2" "--depth 1 --mode checks --check-plies 2" "--depth 2 --delta --see --fail-soft" \
	   "--depth 1 --no-stand-pat --qdepth 2" "--depth 2 --mode none" "--depth 1 --eval pst --order none --pawn-pushes" \
	   "--depth 0 --mode checks --check-plies all --no-evasions" "--depth 2 --max-nodes 300" \
	   "--depth 2 --futility --see --see-margin 80" "--depth 2 --futility --futility-margin 0 --fail-soft" \
	   "--depth 1 --mode checks --recaptures 1 --evasion-limit 0" "--depth 2 --recaptures 0 --evasion-limit 1 --see" \
	   "--depth 3 --tt" "--depth 3 --tt --mode checks --fail-soft"; do
	for fen in "$OPEN" "$WAC" "$CHECK" "$PROMO"; do
		i=$((i + 1))
		# shellcheck disable=SC2086
		for f in $FORMS; do
			"$Q" trace --fen "$fen" $set --format "$f" -o "$T/own$i.$f" || bail "quiesce trace $set --format $f"
			exports=$((exports + 1))
			expect_exit 0 "quiesce trace $set --format $f ($fen): check-trace" "$Q" check-trace "$T/own$i.$f" || show_output
		done
		{ $RD "$T/own$i.jsonl" >"$T/w1" && $RD "$T/own$i.json-full" >"$T/w2" && cmp -s "$T/w1" "$T/w2"; } ||
			fail "quiesce trace $set ($fen): jsonl and json-full hold other decisions"
		round_trip "quiesce $set ($fen)" "$T/own$i.jsonl"
	done
done

# ---- tinyqs, another engine, with and without an aspiration window at the root
for fen in "$OPEN" "$WAC" "$CHECK"; do
	i=$((i + 1))
	"$TINY" 2 "$fen" >"$T/tiny$i.jsonl" 2>/dev/null || bail "tinyqs 2 $fen"
	round_trip "tinyqs 2 ($fen)" "$T/tiny$i.jsonl"
	"$TINY" 2 "$fen" -30 30 >"$T/asp$i.jsonl" 2>/dev/null || bail "tinyqs 2 $fen -30 30"
	grep -qF '["enter",{"alpha":-30,"beta":30' "$T/asp$i.jsonl" || fail "tinyqs wrote no root window (-30, 30)"
	round_trip "tinyqs 2 aspiration (-30, 30) ($fen)" "$T/asp$i.jsonl"
done

# ---- foreign traces written by hand from quiesce-trace(5)
# The man page's example: a window on a compact enter at the root. Hand-worked:
# the lone white rook captures nothing, so the root stands pat at its material
# +500 (White: K+R, Black: K), above beta 50: a cutoff, and fail-soft returns 500.
cat >"$T/man.jsonl" <<'EOF'
{"format": "quiesce-trace", "version": 3, "fen": "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "options": {"depth": 0, "fail_soft": true}}
["enter",{"alpha":-50,"beta":50}]
["stand_pat",500]
["leave",500]
EOF
round_trip "the man page's compact enter with a window" "$T/man.jsonl"
# Object enters with their windows given below the root, an engine's own keys
# and an event of a kind quiesce does not know. Hand-worked, fail-soft, its
# values its own ("eval": "other", here material): the white queen's one
# capture is Qxd5 (the black king on e8 is not attacked from d5, so node 1 is
# not in check and Black has no capture there). The root stands pat at +590
# (Q against N) inside (-1000, 1000), a raise; Qxd5 opens node 1 with the
# window (-1000, -590); Black stands pat at -900, a raise, and returns it;
# the root raises to +900 by d1d5 and returns it.
cat >"$T/foreign.jsonl" <<'EOF'
{"format": "quiesce-trace", "version": 2, "fen": "4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1", "engine": "hand 0.1", "options": {"depth": 0, "mode": "captures", "fail_soft": true, "eval": "other", "order": "other"}}
{"type": "node", "id": 0, "parent": null, "move": null, "x_engine_key": "kept out"}
{"type": "event", "node": 0, "kind": "enter", "alpha": -1000, "beta": 1000}
{"type": "event", "node": 0, "kind": "tt_probe", "hit": false}
{"type": "event", "node": 0, "kind": "stand_pat", "value": 590, "x_engine": 7}
{"type": "event", "node": 0, "kind": "move", "move": "d1d5"}
{"type": "node", "id": 1, "parent": 0, "move": "d1d5"}
{"type": "event", "node": 1, "kind": "enter", "alpha": -1000, "beta": -590}
{"type": "event", "node": 1, "kind": "stand_pat", "value": -900}
{"type": "event", "node": 1, "kind": "leave", "score": -900}
{"type": "event", "node": 0, "kind": "alpha_raise", "value": 900, "move": "d1d5"}
{"type": "event", "node": 0, "kind": "leave", "score": 900}
EOF
run "$Q" check-trace "$T/foreign.jsonl"
[ "$status" = 0 ] || { fail "check-trace on the hand-written foreign trace"; show_output; }
expect_err_has "skipped 1 event of a kind this version does not know (the first: \"tt_probe\")" \
	"check-trace counts the unknown kind on standard error"
round_trip "a foreign trace (object enters with windows, an unknown kind)" "$T/foreign.jsonl"
# The same with node 1 entered with a null window (-591, -590), as a PVS
# scout would: it stands pat at -900 <= alpha (no raise) and returns -900.
# The reader takes the window as given; check-trace has no declaration of a
# re-search yet, so it names the child window, and nothing else.
sed -e 's/"node": 1, "kind": "enter", "alpha": -1000, "beta": -590/"node": 1, "kind": "enter", "alpha": -591, "beta": -590/' \
	"$T/foreign.jsonl" >"$T/scout.jsonl"
run "$Q" check-trace "$T/scout.jsonl"
expect_out_has "node 1 (d1d5): child-window:" "a child's window other than its parent's negated is named"
expect_err_has ": 1 violation" "and it is the only one"
printf 'open %s\nexport json-full %s\nopen %s\nexport jsonl %s\n' "$T/scout.jsonl" "$T/scout.json" "$T/scout.json" \
	"$T/scout2.jsonl" | "$Q" repl >"$T/out" 2>&1
expect_out_has "Opened $T/scout.json: 2 nodes" "the null-window trace reads back from json-full"
{ $RD "$T/scout.jsonl" >"$T/w1" && $RD "$T/scout2.jsonl" >"$T/w2" && cmp -s "$T/w1" "$T/w2"; } ||
	fail "the null-window trace read back holds other decisions"
grep -q '"alpha":-591,"beta":-590' "$T/scout2.jsonl" || fail "the null window is lost in the compact export"

note "$origins origins, $exports exports checked"
finish
