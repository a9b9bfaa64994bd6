#!/bin/sh
# check-trace.sh: "quiesce check-trace" and "quiesce diff" on quiesce's own
# traces.
#
# 1. Every trace quiesce writes, in every mode and variant, keeps the rules
#    it declares: check-trace is clean. The faulty variant (evasions off)
#    declares "evasions": false, so its stand pat in check follows the rule
#    it claims and is clean too.
# 2. Traces edited by tests/check-trace-mutate.py to break one rule each are
#    flagged: exit 1, and the first violation names the rule and the node the
#    mutation chose by its own definition.
# 3. diff: a trace against itself and against --reference does not part;
#    the faulty variant against the correct search parts first at the node in
#    check (hand-worked position below), with the explosion profile.
# 4. Usage errors exit 2, unreadable traces 1 with the file named (diff: 2,
#    as diff(1) and cmp(1) exit on trouble).
# The mutations and the JSON checks need python3 (skipped without it).
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE
PY=$(need_prog python3) || skip "python3 is not installed"
MUT="$PY $srcdir/tests/check-trace-mutate.py"

# Positions: an open game with exchanges on d4 and e5, a middlegame from
# the WAC suite, a mate in one (Ra8#) and the hand-worked check position:
# Black's only capture a8a1 checks the white king on e1 (b1, c1, d1 empty),
# and it is the only move of Black's 15 that gives check.
OPEN="r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3"
WAC="2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1"
MATE="6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
CHECK="r3k3/8/8/8/8/8/8/R3K3 b - - 0 1"

# ------------------------------------------------------------ 1. clean traces
n=0
for fen in "$OPEN" "$WAC" "$MATE" "$CHECK"; do
	for opts in "" "--mode none" "--mode checks" "--mode checks --check-plies all" \
		"--no-evasions" "--no-stand-pat --qdepth 3" "--delta" "--delta=50" "--see" \
		"--fail-soft" "--fail-soft --delta --see" "--mode checks --fail-soft" \
		"--pawn-pushes" "--order none" "--depth 1" "--depth 0" "--depth 3" \
		"--max-nodes 300" "--no-evasions --fail-soft" "--mode none --fail-soft" \
		"--eval pst --delta" "--tt" "--tt --depth 3" "--tt --mode checks --fail-soft --depth 3" \
		"--tt --delta --futility --depth 3" "--tt=1 --qdepth 2 --mode checks --check-plies 2 --depth 3"; do
		n=$((n + 1))
		# shellcheck disable=SC2086
		"$Q" trace --format json-full --max-nodes 100000 --fen "$fen" $opts >"$T/t$n.json" 2>"$T/err" ||
			{ fail "quiesce trace $opts on '$fen' failed"; continue; }
		echo "$opts | $fen" >"$T/t$n.what"
	done
done
run "$Q" check-trace --quiet "$T"/t*.json
if [ "$status" -ne 0 ]; then
	fail "check-trace on quiesce's own $n traces: exit $status, expected 0"
	for f in $(sed -n 's/^\([^:]*\): node.*/\1/p' "$T/out" | sort -u | head -5); do
		echo "    $(cat "${f%.json}.what")"
	done
	show_output
fi
expect_empty "$T/out" "check-trace --quiet on clean traces prints nothing"
expect_exit 0 "check-trace without --quiet" "$Q" check-trace "$T/t1.json" &&
	expect_out_has "t1.json: ok (" "a clean trace says ok"

# ------------------------------------------------------------ 2. broken rules
"$Q" trace --format json-full --depth 1 --no-evasions --fen "$CHECK" >"$T/faulty.json" || bail "trace faulty"
"$Q" trace --format json-full --fen "$OPEN" >"$T/cap.json" || bail "trace captures"
"$Q" trace --format json-full --fail-soft --fen "$OPEN" >"$T/soft.json" || bail "trace fail-soft"
"$Q" trace --format json-full --depth 1 --fen "$MATE" >"$T/mate.json" || bail "trace mate"
"$Q" trace --format json-full --no-stand-pat --qdepth 2 --fen "$OPEN" >"$T/brute.json" || bail "trace brute"
"$Q" trace --format json-full --delta --fen "$WAC" >"$T/delta.json" || bail "trace delta"
"$Q" trace --format json-full --see --fen "$WAC" >"$T/see.json" || bail "trace see"
# The modern techniques (issue 29): futility, a SEE threshold, recaptures only
# from qply 1, evasion pruning after one evasion (and the same without it).
"$Q" trace --format json-full --futility --fen "$WAC" >"$T/fut.json" || bail "trace futility"
"$Q" trace --format json-full --see --see-margin 80 --fen "$WAC" >"$T/seem.json" || bail "trace see-margin"
"$Q" trace --format json-full --recaptures 1 --fen "$OPEN" >"$T/rec.json" || bail "trace recaptures"
"$Q" trace --format json-full --depth 1 --evasion-limit 1 --fen "$CHECK" >"$T/eva.json" || bail "trace evasion-limit"
"$Q" trace --format json-full --depth 2 --mode checks --fen "$WAC" >"$T/evq.json" || bail "trace checks"
# The transposition table (issue 29): WAC.001 at depth 3 has cutoffs by lower
# and upper bounds and stand pats that do not raise alpha.
"$Q" trace --format json-full --tt --depth 3 --fen "$WAC" >"$T/tt.json" || bail "trace tt"
# Hand-worked: White Bc3 against Ne5 defended by d6: -90 for White, Bxe5 has SEE 310 - 320 = -10
# (the black king on g8: Bxe5 gives no check). With the king on h8 Bxe5 gives check (e5-f6-g7-h8),
# and futility at margin 0 keeps it: a checking capture is never futility-pruned.
"$Q" trace --format json-full --depth 0 --fen "6k1/8/3p4/4n3/8/2B5/8/6K1 w - - 0 1" >"$T/futq.json" || bail "trace futility position"
"$Q" trace --format json-full --depth 0 --futility --futility-margin 0 --fen "7k/8/3p4/4n3/8/2B5/8/6K1 w - - 0 1" \
	>"$T/futc.json" || bail "trace futility check position"
# Hand-worked: the root's only capture, Qxd5, loses the queen to exd5 (SEE
# 100 - 900 = -800); the root's only tactical move is the push e6e7 (no check:
# the pawn on e7 attacks d8 and f8, the king is on a8).
"$Q" trace --format json-full --depth 0 --fen "6k1/8/4p3/3p4/8/8/8/3QK3 w - - 0 1" >"$T/seeq.json" || bail "trace SEE position"
"$Q" trace --format json-full --depth 0 --pawn-pushes --fen "k7/8/4P3/8/8/8/8/4K3 w - - 0 1" >"$T/push.json" || bail "trace push"

for case in stand-pat-in-check:faulty stand-pat-disabled:cap stand-pat-main:cap \
	stand-pat-outcome:cap child-window:cap cutoff-below-beta:cap missing-raise:cap \
	leave-score:soft mate-distance:mate qdepth-where:brute delta-margin:delta \
	see-condition:see stand-pat-below-beta:cap quiescence-moves:cap main-moves:cap \
	fail-hard-window:cap delta-missed:cap see-missed:seeq quiescence-move:push \
	futility-condition:fut futility-margin:fut see-threshold:seem recapture-disabled:rec \
	recapture-missed:rec evasion-condition:eva evasion-missed:evq futility-missed:futq \
	tt-stored:tt tt-depth:tt tt-bound:tt tt-stand-pat:tt; do
	rule=${case%%:*}
	src=${case#*:}
	out=$($MUT "$rule" "$T/$src.json" "$T/bad-$rule.json") || { fail "mutation $rule failed"; continue; }
	node=${out#* }
	if expect_exit 1 "check-trace on a trace breaking $rule" "$Q" check-trace "$T/bad-$rule.json"; then
		first=$(head -n 1 "$T/out")
		case "$first" in
		"$T/bad-$rule.json: node $node ("*"): $rule: expected "*) ;;
		*) fail "$rule: the first violation is '$first', expected rule $rule at node $node" ;;
		esac
		expect_err_has "bad-$rule.json: " "the violation count on stderr"
	fi
done
# A checking capture futility-pruned (issue 29: Stockfish's qsearch prunes only
# moves that do not give check): futility-condition at the root, and the same
# trace as searched (Bxe5+ kept) is clean.
expect_exit 0 "check-trace on the trace keeping the checking capture Bxe5+" "$Q" check-trace "$T/futc.json"
if out=$($MUT futility-check "$T/futc.json" "$T/bad-futility-check.json"); then
	if expect_exit 1 "check-trace on a futility prune of a checking capture" "$Q" check-trace "$T/bad-futility-check.json"; then
		expect_out_has "bad-futility-check.json: node 0 (root): futility-condition: expected a capture that does not give check to prune, found c3e5 pruned, which gives check" \
			"the prune of Bxe5+ is flagged at the root"
	fi
else
	fail "mutation futility-check failed"
fi
# The ten classic bugs of issue 18, each planted above and flagged at its node:
# stand pat in check (stand-pat-in-check), a stand-pat cutoff below beta
# (stand-pat-below-beta), a score not propagated (missing-raise, leave-score),
# a capture skipped in the quiescence search (quiescence-moves), a move skipped
# in the main search (main-moves), a wrong child window (child-window), a prune
# against its rule (delta-margin, see-condition), a prune missed (delta-missed,
# see-missed), a fail-hard score outside the window (fail-hard-window), a quiet
# non-check move in the quiescence search (quiescence-move).
run "$Q" check-trace "$T/bad-quiescence-moves.json"
expect_out_has "quiescence-moves: expected every candidate (1: captures, queen promotions) searched or pruned" \
	"the completeness message counts the candidates"
run "$Q" check-trace "$T/bad-see-missed.json"
expect_out_has "node 0 (root): see-missed: expected d1d5 SEE-pruned (its SEE is -800 < 0), found it searched" \
	"the missed SEE prune names the move and its hand-worked SEE"
# The node in check is named by its move path.
run "$Q" check-trace "$T/bad-stand-pat-in-check.json"
expect_out_has "node 1 (a8a1): stand-pat-in-check: expected no stand pat in check" "the path of the node in check"
# --max limits what is printed, not what is counted.
run "$Q" check-trace --max 1 "$T/bad-stand-pat-disabled.json"
[ "$(grep -c ': stand-pat-disabled: ' "$T/out")" = 1 ] || fail "--max 1 printed more than one violation"
expect_out_has "more violations" "--max 1 says how many more"
# A clean file and a broken one: exit 1, the clean one still reported ok.
expect_exit 1 "check-trace, one clean and one broken trace" "$Q" check-trace "$T/cap.json" "$T/bad-mate-distance.json" &&
	expect_out_has "cap.json: ok" "the clean trace is still reported"

# Answers of quiesce-trace(5), FOR ENGINE AUTHORS, tried. Another root window
# (hand-worked: the white queen alone can capture nothing, so the root stands
# pat at 900, inside (-100, 1000): a raise, and returns 900) is allowed; with
# beta 800 the stand pat cuts off and fail-hard returns beta 800, not 900.
cat >"$T/aspire.json" <<'EOF'
{"format": "quiesce-trace", "version": 2, "fen": "4k3/8/8/8/8/8/8/4K2Q w - - 0 1",
 "options": {"depth": 0},
 "nodes": [{"id": 0, "parent": null, "move": null, "alpha": -100, "beta": 1000}],
 "events": [{"node": 0, "kind": "enter"}, {"node": 0, "kind": "stand_pat", "value": 900},
            {"node": 0, "kind": "leave", "score": 900}]}
EOF
expect_exit 0 "check-trace with the root window (-100, 1000)" "$Q" check-trace "$T/aspire.json"
sed 's/"beta": 1000/"beta": 800/' "$T/aspire.json" >"$T/aspire800.json"
expect_exit 1 "check-trace with the root window (-100, 800)" "$Q" check-trace "$T/aspire800.json" &&
	expect_out_has "node 0 (root): fail-hard-window: expected a fail-hard score inside the window [-100, +800] (here +800), found +900" \
		"fail-hard after a stand-pat cutoff returns beta"
# Node lines may all come first in JSON Lines (in id order), before any event.
"$Q" trace --format jsonl --fen "$OPEN" >"$T/cap.jsonl" || bail "trace jsonl"
{ head -n 1 "$T/cap.jsonl"; tail -n +2 "$T/cap.jsonl" | grep '"type": "node"'; tail -n +2 "$T/cap.jsonl" | grep -v '"type": "node"'; } >"$T/nodes-first.jsonl"
expect_exit 0 "check-trace on JSON Lines with every node line first" "$Q" check-trace "$T/nodes-first.jsonl"

# A check beyond the declared check plies is named as one (issue 27 item 4,
# planted bug p02). Hand-worked: with check_plies 0 no quiet check is a
# quiescence move, and a1a8 is one (the rook checks the king on e8 along the
# eighth rank). The rest is within the rules: Black answers the check with
# e8d7 (evasions), White stands pat there at +500 <= alpha 500 and returns
# alpha (fail-hard), so Black's -500 >= beta -500 cuts off, and the root keeps
# its stand pat 500.
cat >"$T/p02.jsonl" <<'EOF'
{"format": "quiesce-trace", "version": 3, "fen": "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "options": {"depth": 0, "mode": "checks", "check_plies": 0}}
["enter"]
["stand_pat",500]
["move","a1a8"]
["enter"]
["move","e8d7"]
["enter"]
["stand_pat",500]
["leave",500]
["beta_cutoff",-500]
["leave",-500]
["leave",500]
EOF
run "$Q" check-trace "$T/p02.jsonl"
expect_out_has "node 0 (root): quiescence-move: expected a capture or a queen promotion, found a1a8, a check at qply 0, beyond the declared check plies (0)" \
	"a check beyond the check plies is named as one, and checks are not offered where they are not allowed"
expect_err_has ": 1 violation" "the check beyond the plies is the only violation"
# No false alarm: a quiet leaf after the prunes of every capture (the stand
# pat off, SEE or delta pruning on) is how such a leaf comes about. The
# issue's command; test_tracecheck_clean covers every switch combination.
for o in "--no-stand-pat --see" "--no-stand-pat --delta"; do
	# shellcheck disable=SC2086
	"$Q" trace --fen 'r1bqk2r/ppp1nppp/4p3/n5N1/2BPp3/P1P5/2P2PPP/R1BQK2R w KQkq - 0 1' --depth 1 $o -o "$T/leaf.jsonl" ||
		bail "trace $o"
	expect_exit 0 "check-trace of a trace with $o (quiet leaves after prunes)" "$Q" check-trace "$T/leaf.jsonl"
done

# The declared move order is checked (issue 27 item 4). Hand-worked: at the
# root (depth 0) the white queen can take the queen on d5 or the knight on
# b3; the generator gives Qxb3 first, so quiesce's search with --order none
# tries it first. Declared "mvv-lva", that is one violation: the most
# valuable victim, the queen, comes first.
"$Q" trace --fen '4k3/8/8/3q4/8/1n6/8/3QK3 w - - 0 1' --depth 0 --order none -o "$T/order-none.jsonl" || bail "trace --order none"
expect_exit 0 "the same search declared with its own order none" "$Q" check-trace "$T/order-none.jsonl"
sed '1s/"order": "none"/"order": "mvv-lva"/' "$T/order-none.jsonl" >"$T/order-swapped.jsonl"
run "$Q" check-trace "$T/order-swapped.jsonl"
expect_out_has "node 0 (root): move-order: expected the MVV-LVA order (the most valuable victim first, then the least valuable attacker), found d1d5 after d1b3" \
	"two captures out of MVV-LVA order are named"
expect_err_has ": 1 violation" "the order is the only thing wrong"
# A node's eval against the declared evaluation. Hand-worked from the tables
# of quiesce-trace(5), PIECE-SQUARE TABLES: White Qd1 Ke1 against Black's lone
# Ke8 is an endgame (900 of pieces <= 1640), so the kings use the endgame
# table: Qd1 -5, Ke1 -30, Ke8 -30; pst = 900 - 5 - 30 + 30 = 895, not the
# material 900 the trace gives.
cat >"$T/eval.jsonl" <<'EOF'
{"format": "quiesce-trace", "version": 3, "fen": "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "options": {"depth": 0, "eval": "pst"}}
["enter",{"eval":900}]
["stand_pat",900]
["leave",900]
EOF
run "$Q" check-trace "$T/eval.jsonl"
expect_out_has "node 0 (root): node-eval: expected the pst evaluation +895, found +900" "a node's eval against the declared pst"
sed -e 's/"eval": "pst"/"eval": "material"/' "$T/eval.jsonl" >"$T/eval-material.jsonl"
expect_exit 0 "the same values declared material" "$Q" check-trace "$T/eval-material.jsonl"

# ------------------------------------------------------------ 3. diff
expect_exit 0 "diff of a trace with itself" "$Q" diff "$T/cap.json" "$T/cap.json" &&
	expect_out_has "No parting decision" "a trace does not part from itself" &&
	expect_out_has ", 0 only in A, 0 only in B" "every node aligned"
expect_exit 0 "diff --reference of a quiesce trace" "$Q" diff "$T/soft.json" --reference &&
	expect_out_has "No parting decision" "quiesce's trace is its reference"
"$Q" trace --format json-full --depth 1 --fen "$CHECK" >"$T/right.json" || bail "trace check position"
if expect_exit 1 "diff faulty vs evasions" "$Q" diff "$T/faulty.json" "$T/right.json"; then
	expect_out_has "First parting: node 1 in A, node 1 in B (a8a1): stand-pat" "the parting node is the node in check"
	expect_out_has "A stands pat at " "what A did"
	expect_out_has "B searches " "what B did instead"
	# The profile: one main-search node (the root) and Black's 15 moves at qply 0 in both.
	grep -E '^ +main +1 +1$' "$T/out" >/dev/null || fail "profile: main 1 1 expected"
	grep -E '^ +q0 +15 +15$' "$T/out" >/dev/null || fail "profile: q0 15 15 expected"
fi
if expect_exit 1 "diff --format json" "$Q" diff --format json "$T/faulty.json" "$T/right.json"; then
	$PY - "$T/out" <<'PYEOF' || fail "diff --format json: wrong content"
import json, sys
d = json.load(open(sys.argv[1]))
p = d["parting"]
assert p["node_a"] == 1 and p["node_b"] == 1 and p["path"] == "a8a1" and p["reason"] == "stand-pat", p
assert d["profile"][0] == {"qply": None, "a": 1, "b": 1}, d["profile"][0]
assert d["profile"][1]["qply"] == 0 and d["profile"][1]["a"] == 15, d["profile"][1]
assert d["only_a"] == 0 and d["only_b"] > 0
PYEOF
fi
# The new prunes (issue 29) are named where two searches part. Hand-worked:
# after a8a1+ White's king on e1 has three evasions, all quiet (Kd2, Ke2,
# Kf2: d1 and f1 stay on the rook's rank, nothing can take or block); with
# --evasion-limit 1 the two after the first are skipped (the first is worth
# -500, not mated), and the diff names the first skipped one.
if expect_exit 1 "diff evasion-limit vs none" "$Q" diff "$T/eva.json" "$T/right.json"; then
	expect_out_has "): prune" "the parting is a prune"
	expect_out_has "(evasion pruning: after 1 evasions, best " "A's prune is named evasion pruning, with its numbers"
fi
"$Q" trace --format json-full --fen "$WAC" >"$T/wac.json" || bail "trace WAC"
if expect_exit 1 "diff futility vs none" "$Q" diff "$T/fut.json" "$T/wac.json"; then
	expect_out_has "(futility: captured " "A's prune is named futility pruning, with its numbers"
fi
# diff's exit status is diff(1)'s: 0 no parting, 1 parted, 2 trouble.
expect_exit 2 "diff of two positions" "$Q" diff "$T/cap.json" "$T/mate.json" &&
	expect_err_has "different positions" "diff refuses traces of two positions"

# The tutor's :diff (here through the REPL, which runs the same commands):
# this search (evasions on) against the faulty trace.
printf 'diff %s\ndiff %s\ndiff\n' "$T/faulty.json" "$T/cap.json" >"$T/cmds"
"$Q" repl --fen "$CHECK" --depth 1 <"$T/cmds" >"$T/out" 2>"$T/err"
expect_out_has "First parting: node 1 in A, node 1 in B (1... Rxa1+): stand-pat. A searches Kd2; B stands pat" ":diff names the parting node and moves in SAN (e1d2 is Kd2)"
expect_out_has "Nodes: 16 in both, 3 only in A, 0 only in B." ":diff counts the nodes (3 evasions of Ke1 only in A)"
expect_err_has "is a search of another position" ":diff refuses another position's trace"
expect_err_has "diff: expected FILE" ":diff without a file"

# Side A is the trace on screen: after ':open' the opened trace, named by its file, not a new search.
# The faulty trace (no evasions in check) against the right one: the 3 evasions of Ke1 are only in B.
printf 'open %s\ndiff %s\n' "$T/faulty.json" "$T/right.json" >"$T/cmds"
"$Q" repl --fen "$CHECK" --depth 1 <"$T/cmds" >"$T/out" 2>"$T/err"
expect_out_has "A ($T/faulty.json): " ":diff after :open: side A is the opened file"
expect_out_has "First parting: node 1 in A, node 1 in B (1... Rxa1+): stand-pat. A stands pat at " ":diff after :open: A stood pat"
expect_out_has "Nodes: 16 in both, 0 only in A, 3 only in B." ":diff after :open: the evasions only in B"

# The transposition table's answer (issue 29), in the tutor's sentence and in
# diff: WAC.001 at depth 3 with and without --tt part first at node 24 (1. Nxc6
# bxc6 2. Qxd6 gxf6), which the table answers by the lower bound -200 that
# the same position, reached by the other move order, left at depth 0.
"$Q" trace --tt --depth 3 --fen "$WAC" -o "$T/ttw.jsonl" || bail "trace --tt"
"$Q" trace --depth 3 --fen "$WAC" -o "$T/ttw0.jsonl" || bail "trace without --tt"
printf 'open %s\njump tt_cutoff\nevent\n' "$T/ttw.jsonl" | "$Q" repl >"$T/out" 2>&1
expect_out_has "The table answers: this position was left before at depth 0 (the quiescence search), the same depth as here, with >=-200, at least beta (-200): the node is cut off without a search." \
	"the tutor names the stored depth, value and bound"
run "$Q" diff "$T/ttw0.jsonl" "$T/ttw.jsonl"
expect_out_has "First parting: node 24 in A, node 24 in B (e5c6 b7c6 g3d6 g7f6): stand-pat" "diff parts where the table answers"
expect_out_has "B is answered by the transposition table: -200 (lower), stored at depth 0" "diff names the table's answer"

# ------------------------------------------------------------ 4. errors
expect_exit 2 "check-trace without a file" "$Q" check-trace && expect_err_has "no trace file" "the usage error"
expect_exit 2 "check-trace --max x" "$Q" check-trace --max x "$T/cap.json"
expect_exit 2 "check-trace --bogus" "$Q" check-trace --bogus "$T/cap.json"
expect_exit 1 "check-trace on a missing file" "$Q" check-trace "$T/none.json" &&
	expect_err_has "none.json" "the missing file is named"
printf '{"format": "quiesce-trace", "version": 1,' >"$T/trunc.json"
expect_exit 1 "check-trace on a truncated file" "$Q" check-trace "$T/trunc.json" &&
	expect_err_has "trunc.json" "the truncated file is named"
expect_exit 2 "diff with one file" "$Q" diff "$T/cap.json"
expect_exit 2 "diff with three files" "$Q" diff "$T/cap.json" "$T/cap.json" "$T/cap.json"
expect_exit 2 "diff --reference with two files" "$Q" diff --reference "$T/cap.json" "$T/cap.json"
expect_exit 2 "diff --format xml" "$Q" diff --format xml "$T/cap.json" "$T/cap.json"
expect_exit 2 "diff on a missing file" "$Q" diff "$T/none.json" --reference &&
	expect_err_has "none.json" "the missing file is named"
finish
