#!/bin/sh
# trace-check.sh: every JSON trace keeps the search's promises.
#
# Runs "quiesce trace --format json-full" on 40 positions spread over the WAC
# suite, in modes none, captures, checks, faulty (no evasions), brute (no
# stand pat, --qdepth 3), captures with delta pruning and captures with SEE
# pruning, at depths 1 and 2, fail-hard and fail-soft (1120 traces), plus a
# few special cases (depth 0, mode checks with check plies 'all', pawn
# pushes, --order none, a search stopped by --max-nodes), and checks each
# trace with tests/trace-check.py. Then trace-check.py --self-test makes
# sure the checker itself catches broken traces.
#
# Needs python3 (skipped without it). QUIESCE_QUICK=1 keeps one position in
# four.

. "$srcdir/tests/lib.sh"
need_quiesce

PY=$(need_prog python3) || skip "python3 is not installed"
checker=$srcdir/tests/trace-check.py
suite=$srcdir/positions/wac.epd
[ -r "$suite" ] || bail "cannot read $suite"

step=7
[ "${QUIESCE_QUICK:-0}" = 1 ] && step=28
mkdir "$T/traces" || bail "cannot make $T/traces"

# trace NAME ARGS...: writes the trace of one search to $T/traces/NAME.json.
traces=0
trace() {
	_name=$1
	shift
	echo "$_name: quiesce trace --format json-full $*" >>"$T/index"
	"$QUIESCE" trace --format json-full "$@" >"$T/traces/$_name.json" 2>"$T/err"
	_rc=$?
	if [ "$_rc" -ne 0 ]; then
		fail "quiesce trace $* exited $_rc"
		sed -n '1,5s/^/    | /p' "$T/err"
		rm -f "$T/traces/$_name.json"
		return
	fi
	traces=$((traces + 1))
}

# The suite positions (the four FEN fields of every STEP-th line, 40 of them).
awk -v step="$step" 'NR % step == 1 && n < 40 { print $1, $2, $3, $4; n++ }' "$suite" >"$T/fens"
npos=$(wc -l <"$T/fens")
[ "$npos" -ge 10 ] || bail "only $npos positions read from $suite"

line=0
while IFS= read -r fen; do
	line=$((line + 1))
	for cfg in none captures checks faulty brute delta see; do
		case $cfg in
		none) args="--mode none" ;;
		captures) args="--mode captures" ;;
		checks) args="--mode checks" ;;
		faulty) args="--mode captures --no-evasions" ;;
		brute) args="--mode captures --no-stand-pat --qdepth 3" ;;
		delta) args="--mode captures --delta" ;;
		see) args="--mode captures --see" ;;
		esac
		for depth in 1 2; do
			# shellcheck disable=SC2086 # $args is a list of options
			trace "p$line-$cfg-d$depth-hard" --fen "$fen" --depth "$depth" $args
			# shellcheck disable=SC2086
			trace "p$line-$cfg-d$depth-soft" --fen "$fen" --depth "$depth" $args --fail-soft
		done
	done
done <"$T/fens"

# Special cases, on the first position (WAC.001: mates and stand-pat cutoffs).
fen=$(sed -n 1p "$T/fens")
trace special-depth0 --fen "$fen" --depth 0
trace special-depth0-checks --fen "$fen" --depth 0 --mode checks
trace special-checks-all --fen "$fen" --depth 1 --mode checks --check-plies all --qdepth 4
trace special-checks-2 --fen "$fen" --depth 2 --mode checks --check-plies 2
trace special-delta-margin --fen "$fen" --depth 2 --delta=50 --fail-soft
trace special-delta-see --fen "$fen" --depth 2 --delta --see
trace special-pawn-pushes --fen "4k3/8/1P6/8/8/6p1/8/4K3 w - - 0 1" --depth 2 --pawn-pushes
trace special-order-none --fen "$fen" --depth 2 --order none
trace special-pst --fen "$fen" --depth 2 --eval pst
trace special-stopped --fen "$fen" --depth 2 --mode checks --max-nodes 300
trace special-stopped-soft --fen "$fen" --depth 2 --max-nodes 50 --fail-soft
trace special-mated-root --fen "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1" --depth 1
trace special-mated-qroot --fen "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1" --depth 0
trace special-stalemate --fen "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1" --depth 2
trace special-en-passant --fen "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1" --depth 1
trace special-promotion --fen "6bn/5Ppk/6pp/8/8/8/8/K7 w - - 0 1" --depth 2 --mode checks

# The stopped trace must really be stopped, or its special case tests nothing.
grep -q '"stopped": true' "$T/traces/special-stopped.json" 2>/dev/null ||
	fail "the --max-nodes 300 trace is not marked stopped"

note "checking $traces traces of $npos positions"
if ! "$PY" "$checker" "$T/traces"/*.json >"$T/check.out" 2>&1; then
	fail "trace-check.py found violations:"
	sed -n '1,60s/^/    | /p' "$T/check.out"
	note "  the failing traces come from:"
	sed -n 's|^.*/traces/\([^/]*\)\.json: [0-9]* violation.*$|\1|p' "$T/check.out" | head -n 10 |
		while IFS= read -r name; do
			grep "^$name: " "$T/index" | sed 's/^/    /'
		done
fi

# The checker must be able to fail: mutated traces, fail-hard and fail-soft.
"$QUIESCE" trace --format json-full --fen "$fen" --depth 2 --mode checks --delta >"$T/self-hard.json" ||
	fail "quiesce trace for the self-test failed"
"$QUIESCE" trace --format json-full --fen "$fen" --depth 2 --mode checks --delta --fail-soft >"$T/self-soft.json" ||
	fail "quiesce trace for the self-test failed"
for f in self-hard self-soft; do
	if ! "$PY" "$checker" --self-test "$T/$f.json" >"$T/self.out" 2>&1; then
		fail "trace-check.py --self-test on the $f trace:"
		sed 's/^/    | /' "$T/self.out"
	else
		note "$f: $(tail -n 1 "$T/self.out")"
	fi
done

# And it must refuse what is not a trace.
printf '{"format": "quiesce-trace", ' >"$T/broken.json"
expect_exit 1 "trace-check.py on broken JSON" "$PY" "$checker" "$T/broken.json"
expect_exit 2 "trace-check.py with an unknown option" "$PY" "$checker" --bogus

finish
