# perft-stockfish.sh: quiesce's divided perft agrees with Stockfish's
# "go perft" move by move on several hundred middlegame and endgame positions
# from the tactics suites in $SHARED_DATA/tactics: depth 2 for every position,
# depth 3 for every tenth. Skipped without Stockfish or the shared data.
. "$srcdir/tests/lib.sh"
need_quiesce

sf=${STOCKFISH:-}
if [ -z "$sf" ] || [ ! -x "$sf" ]; then
	sf=$(need_prog stockfish) || skip "stockfish is not installed"
fi
tactics=$SHARED_DATA/tactics
[ -d "$tactics" ] || skip "no shared data at $tactics"

# The positions: the first four EPD fields plus " 0 1", with a depth each.
: >"$T/positions"
for f in wac.epd bk.epd zugzwang_zpts.epd nullmove_cpw.epd arasan2024.epd ecm_gcp.epd; do
	[ -f "$tactics/$f" ] || continue
	awk 'NF >= 4 && $1 !~ /^#/ { print $1 " " $2 " " $3 " " $4 " 0 1" }' \
		"$tactics/$f" >>"$T/positions"
done
awk '{ print ((NR % 10 == 0) ? 3 : 2) " " $0 }' "$T/positions" >"$T/jobs"
count=$(wc -l <"$T/jobs")
[ "$count" -ge 200 ] || bail "only $count positions found under $tactics (need 200)"
note "comparing $count positions with $sf"

# One Stockfish process for all of them.
awk '{ d = $1; $1 = ""; sub(/^ /, ""); print "position fen " $0; print "go perft " d }' \
	"$T/jobs" >"$T/uci"
echo quit >>"$T/uci"
"$sf" <"$T/uci" >"$T/sf.out" 2>"$T/sf.err" || bail "stockfish failed: $(cat "$T/sf.err")"

# Split its output into one file of sorted "move: count" lines per position:
# a block ends with "Nodes searched: N".
mkdir "$T/sf"
awk -v dir="$T/sf" '
	/^[a-h][1-8][a-h][1-8][qrbn]?: [0-9]+$/ { print > (dir "/" (n + 1) ".raw"); next }
	/^Nodes searched: / {
		n++
		f = dir "/" n ".raw"
		printf "" >> f
		close(f)
		print $3 > (dir "/" n ".total")
		close(dir "/" n ".total")
	}
	END { print n > (dir "/count") }
' "$T/sf.out"
got=$(cat "$T/sf/count")
[ "$got" -eq "$count" ] || bail "stockfish answered $got of $count perft commands"

bad=0
i=0
move_re='^[a-h][1-8][a-h][1-8][qrbn]*: [0-9][0-9]*$'
while read -r depth fen; do
	i=$((i + 1))
	"$QUIESCE" perft --fen "$fen" --depth "$depth" --divide >"$T/q.out" 2>"$T/q.err" </dev/null
	st=$?
	if [ "$st" -ne 0 ]; then
		fail "position $i: quiesce exited $st on '$fen' depth $depth: $(head -n 3 "$T/q.err")"
		bad=$((bad + 1))
		continue
	fi
	grep "$move_re" "$T/q.out" | sort >"$T/q.moves"
	sort "$T/sf/$i.raw" >"$T/sf.moves"
	qtotal=$(sed -n 's/^Nodes searched: //p' "$T/q.out")
	stotal=$(cat "$T/sf/$i.total")
	if ! cmp -s "$T/q.moves" "$T/sf.moves" || [ "$qtotal" != "$stotal" ]; then
		fail "position $i: perft $depth differs from Stockfish: $fen"
		echo "    quiesce $qtotal nodes, stockfish $stotal; differing lines (< quiesce, > stockfish):"
		diff "$T/q.moves" "$T/sf.moves" | grep '^[<>]' | head -n 20 | sed 's/^/      /'
		bad=$((bad + 1))
	fi
done <"$T/jobs"

note "$i positions compared, $bad differ"
finish
