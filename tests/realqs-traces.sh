#!/bin/sh
# realqs-traces.sh: a real engine among the examples (issue 27 item 6).
#
# examples/realqs is a small engine of the usual design (iterative
# deepening, PVS, a transposition table probed in both searches, null move,
# check extension, repetition and fifty-move draws, killers and MVV-LVA;
# quiescence with table probes, delta and SEE pruning), traced through qtrace.h
# with its declarations. On the first 50 positions of positions/wac.epd at
# depths 1 to 6 its traces must check clean, both in full and with --scope
# quiescence; together they must hold every declared kind (else the test
# proves nothing); without its declarations a trace is flagged; one opens in
# the REPL and diff --reference names where it parts from quiesce's search.
# Then twelve planted quiescence bugs (realqs-planted "--bug NAME"): each must be flagged,
# by the rule quiesce-trace(5) CHECKED RULES gives for it, on at least one
# of a few positions.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE
R=$builddir/examples/realqs/realqs
P=$builddir/examples/realqs/realqs-planted
[ -x "$R" ] && [ -x "$P" ] || bail "realqs is not built (make check builds it)"

# Its move generator against published perft counts, and its SEE against two exchanges worked by hand.
"$R" >"$T/self" 2>&1 || { fail "realqs's self-check"; cat "$T/self"; }
grep -c ' ok$' "$T/self" | grep -qx 7 || fail "realqs's self-check ran $(grep -c ' ok$' "$T/self") of 7 cases"
head -n 50 "$srcdir/positions/wac.epd" | awk '{print $1" "$2" "$3" "$4" 0 1"}' >"$T/wac50"
[ "$(wc -l <"$T/wac50")" = 50 ] || bail "fewer than 50 WAC positions"
traces=0
: >"$T/kinds"
# The kinds a compact trace holds, and its re-searches (the same move given
# again in a node right after its child, an extension between them allowed).
cat >"$T/kinds.awk" <<'EOF'
NR > 1 {
	kind = $0; sub(/^\["/, "", kind); sub(/".*/, "", kind)
	n[kind]++
	if (kind == "enter") { d++; last[d] = "" }
	else if (kind == "leave") { d-- }
	else if (kind == "move") { if (last[d] == $0) n["research"]++; last[d] = $0 }
	else if (kind != "extension") { last[d] = "" }
}
END { for (k in n) printf "%s=%d ", k, n[k]; print "" }
EOF
while read -r fen; do
	for d in 1 2 3 4 5 6; do
		"$R" "$d" "$fen" >"$T/w.jsonl" 2>/dev/null || { fail "realqs $d '$fen' failed"; continue; }
		traces=$((traces + 1))
		"$Q" check-trace -q --max 3 "$T/w.jsonl" >"$T/out" 2>&1 || { fail "realqs $d '$fen': check-trace"; cat "$T/out"; }
		"$Q" check-trace -q --scope quiescence --max 3 "$T/w.jsonl" >"$T/out" 2>&1 ||
			{ fail "realqs $d '$fen': check-trace --scope quiescence"; cat "$T/out"; }
		# The kinds this trace holds, and its re-searches (a move given twice in a row in a node).
		awk -f "$T/kinds.awk" "$T/w.jsonl" >>"$T/kinds"
	done
done <"$T/wac50"
for k in tt_cutoff null_move extension draw research delta_prune see_prune mate; do
	n=$(tr ' ' '\n' <"$T/kinds" | sed -n "s/^$k=//p" | awk '{s += $1} END {print s + 0}')
	note "$traces traces: $n $k"
	[ "$n" -gt 0 ] || fail "no trace holds a $k: the declarations were not exercised"
done

# Without its declarations, a trace with a table cutoff is flagged.
fen=$(head -n 1 "$T/wac50")
"$R" 4 "$fen" >"$T/decl.jsonl" 2>/dev/null || bail "realqs 4"
sed '1s/,"declares":{[^}]*}//' "$T/decl.jsonl" >"$T/undecl.jsonl"
run "$Q" check-trace --max 0 "$T/undecl.jsonl"
expect_out_has ": tt-undeclared: " "an undeclared table cutoff is flagged"
# It opens in the REPL, and diff --reference says where quiesce's search parts.
printf 'open %s\nstats\n' "$T/decl.jsonl" | "$Q" repl >"$T/out" 2>&1
expect_out_has "Opened $T/decl.jsonl:" "the REPL opens a realqs trace"
run "$Q" diff "$T/decl.jsonl" --reference
expect_out_has "First parting" "diff --reference names the parting decision"

# Twelve planted quiescence bugs, each flagged by its rule.
cat >"$T/positions" <<'EOF'
r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3
2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1
r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
r3k3/8/8/8/8/8/8/R3K3 b - - 0 1
EOF
flagged=0
for pair in stand-pat-in-check:stand-pat-in-check stand-pat-below-beta:stand-pat-below-beta \
	    skip-capture:quiescence-moves move-after-cutoff:move-after-cutoff fail-hard:leave-score \
	    mate-distance:mate-distance delta-margin:delta-margin tt-bound:tt-bound quiet-move:quiescence-move \
	    no-evasions:evasions silent-raise:missing-raise stand-pat-value:stand-pat-value; do
	bug=${pair%%:*}
	rule=${pair#*:}
	found=no
	while read -r fen; do
		"$P" --bug "$bug" 3 "$fen" >"$T/b.jsonl" 2>/dev/null || { fail "realqs-planted --bug $bug failed"; break; }
		if "$Q" check-trace --max 0 "$T/b.jsonl" 2>/dev/null | grep -q ": $rule: "; then
			found=yes
			break
		fi
	done <"$T/positions"
	if [ "$found" = yes ]; then
		flagged=$((flagged + 1))
	else
		fail "the planted bug $bug was not flagged as $rule"
	fi
done
note "$flagged of 12 planted bugs flagged by their rule"
finish
