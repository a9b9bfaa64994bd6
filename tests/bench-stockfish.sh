#!/bin/sh
# bench-stockfish.sh: perft speed of quiesce beside Stockfish's "go perft", whole
# processes alternated (quiesce, stockfish, quiesce, ...) so that drift in the
# machine's speed hits both alike. Each run is timed in processor time (user +
# system of the child process, from the shell's "times", which counts in
# hundredths of a second on some shells); prints the median and the smallest
# and largest run of each, and the ratio of the medians. Asserts nothing.
# Usage: tests/bench-stockfish.sh [RUNS]   (QUIESCE and STOCKFISH may be set)
runs=${1:-5}
quiesce=${QUIESCE:-src/quiesce}
sf=${STOCKFISH:-$(command -v stockfish || echo /usr/games/stockfish)}
if [ ! -x "$sf" ]; then
	echo "bench-stockfish: stockfish not found (apt-get install stockfish); skipped"
	exit 0
fi
kiwipete='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
tmp=${TMPDIR:-/tmp}/bench-sf.$$
trap 'rm -f "$tmp".*' EXIT

# children_cpu: the processor seconds (user + system) of every child waited for
# so far. "times" runs in this shell, not in a pipe's or $(...)'s subshell,
# whose children are others.
children_cpu() {
	times >"$tmp.t"
	awk 'NR == 2 {
		t = 0
		for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); t += p[1] * 60 + p[2] }
		printf "%.6f\n", t }' "$tmp.t"
}

# stats: "median [smallest-largest]" of the numbers on stdin, in seconds.
stats() {
	sort -n | awk '{ a[NR] = $1 } END {
		m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
		printf "%.3f [%.3f-%.3f]\n", m, a[1], a[NR] }'
}

# one NAME FEN DEPTH: alternate the two programs RUNS times and print the figures.
one() {
	name=$1 fen=$2 depth=$3
	: >"$tmp.q"; : >"$tmp.s"
	i=0
	while [ $i -lt "$runs" ]; do
		children_cpu >"$tmp.0"
		"$quiesce" perft --fen "$fen" --depth "$depth" >/dev/null 2>&1
		children_cpu >"$tmp.1"
		printf 'position fen %s\ngo perft %s\nquit\n' "$fen" "$depth" >"$tmp.in"
		"$sf" <"$tmp.in" >/dev/null 2>&1
		children_cpu >"$tmp.2"
		t0=$(cat "$tmp.0") t1=$(cat "$tmp.1") t2=$(cat "$tmp.2")
		awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }' >>"$tmp.q"
		awk -v a="$t1" -v b="$t2" 'BEGIN { print b - a }' >>"$tmp.s"
		i=$((i + 1))
	done
	q=$(stats <"$tmp.q") s=$(stats <"$tmp.s")
	echo "$q $s" | awk -v n="$name" -v d="$depth" -v r="$runs" '{
		printf "perft %-9s depth %d, whole processes, cpu s, median [smallest-largest] of %d: quiesce %s %s, stockfish %s %s; quiesce speed = %.2fx stockfish\n",
			n, d, r, $1, $2, $3, $4, ($1 > 0 ? $3 / $1 : 0) }'
}

echo "# $("$sf" </dev/null 2>/dev/null | head -1)"
one start 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 6
one kiwipete "$kiwipete" 5
