#!/bin/sh
# bench-stockfish.sh: perft speed of quiesce beside Stockfish's "go perft", whole
# processes alternated (quiesce, stockfish, quiesce, ...) so that drift in the
# machine's speed hits both alike. Prints figures; asserts nothing.
# Usage: tests/bench-stockfish.sh [RUNS]   (QUIESCE and STOCKFISH may be set)
runs=${1:-5}
quiesce=${QUIESCE:-src/quiesce}
sf=${STOCKFISH:-$(command -v stockfish || echo /usr/games/stockfish)}
if [ ! -x "$sf" ]; then
	echo "bench-stockfish: stockfish not found (apt-get install stockfish); skipped"
	exit 0
fi
kiwipete='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

# now: nanoseconds since the epoch.
now() { date +%s%N; }

# median of the numbers on stdin.
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# one NAME FEN DEPTH: alternate the two programs RUNS times and print medians.
one() {
	name=$1 fen=$2 depth=$3
	: >/tmp/bench-q.$$; : >/tmp/bench-s.$$
	i=0
	while [ $i -lt "$runs" ]; do
		t0=$(now); "$quiesce" perft --fen "$fen" --depth "$depth" >/dev/null 2>&1; t1=$(now)
		echo $(( (t1 - t0) / 1000 )) >>/tmp/bench-q.$$
		t0=$(now); printf 'position fen %s\ngo perft %s\nquit\n' "$fen" "$depth" | "$sf" >/dev/null 2>&1; t1=$(now)
		echo $(( (t1 - t0) / 1000 )) >>/tmp/bench-s.$$
		i=$((i + 1))
	done
	q=$(median </tmp/bench-q.$$) s=$(median </tmp/bench-s.$$)
	awk -v n="$name" -v d="$depth" -v q="$q" -v s="$s" 'BEGIN {
		printf "perft %-9s depth %d: quiesce %.3f s, stockfish %.3f s (whole processes, median of runs); quiesce speed = %.2fx stockfish\n",
			n, d, q / 1e6, s / 1e6, s / q }'
	rm -f /tmp/bench-q.$$ /tmp/bench-s.$$
}

echo "# $("$sf" </dev/null 2>/dev/null | head -1)"
one start 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 6
one kiwipete "$kiwipete" 5
