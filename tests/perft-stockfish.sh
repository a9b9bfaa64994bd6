# perft-stockfish.sh: quiesce's perft agrees with Stockfish's "go perft" on
# several hundred middlegame and endgame positions: the suites quiesce ships in
# positions/ (WAC, BK, zugzwang, null move, the lessons' positions and the
# first 300 balanced openings), plus, when ../shared/data/tactics is beside
# the checkout, its Arasan and ECM suites (the first four EPD fields of each,
# plus " 0 1").
#
# One Stockfish process counts every position to depths 2 and 3. Then:
#   1. one quiesce process checks the counts of depths 1, 2 and 3 of every
#      position, given to it as a perft suite (quiesce perft --epd);
#   2. quiesce perft --divide at depth 2 is compared move by move with
#      Stockfish's for a sample of the positions ($QUIESCE_SF_DIVIDE of them,
#      default 250, "all" for every one), and for each position whose counts
#      differ (up to 10), to show which moves do.
# Skipped only without Stockfish.
. "$srcdir/tests/lib.sh"
need_quiesce

sf=${STOCKFISH:-}
if [ -z "$sf" ] || [ ! -x "$sf" ]; then
	sf=$(need_prog stockfish) || skip "stockfish is not installed"
fi
tactics=$SHARED_DATA/tactics

# The positions, one FEN a line.
: >"$T/fens"
for f in "$srcdir"/positions/wac.epd "$srcdir"/positions/bk.epd "$srcdir"/positions/zugzwang.epd \
	"$srcdir"/positions/nullmove.epd "$srcdir"/positions/lessons.epd \
	"$tactics/arasan2024.epd" "$tactics/ecm_gcp.epd"; do
	[ -f "$f" ] || continue
	awk 'NF >= 4 && $1 !~ /^#/ { print $1 " " $2 " " $3 " " $4 " 0 1" }' "$f" >>"$T/fens"
done
awk 'NF >= 4 && $1 !~ /^#/ && n < 300 { print $1 " " $2 " " $3 " " $4 " 0 1"; n++ }' \
	"$srcdir/positions/balanced.epd" >>"$T/fens"
count=$(wc -l <"$T/fens")
[ "$count" -ge 200 ] || bail "only $count positions found in positions/ (need 200)"
note "comparing $count positions with $sf"

# One Stockfish process for all of them: "go perft 2" then "go perft 3" for
# each position, so block 2i-1 is position i's depth 2 divide, block 2i its
# depth 3.
awk '{ print "position fen " $0; print "go perft 2"; print "go perft 3" }' "$T/fens" >"$T/uci"
echo quit >>"$T/uci"
"$sf" <"$T/uci" >"$T/sf.out" 2>"$T/sf.err" || bail "stockfish failed: $(cat "$T/sf.err")"

# Splits Stockfish's output: $T/sf/I.div holds position I's depth 2
# "move: count" lines; $T/sf.epd is the suite "FEN ;D1 n ;D2 n ;D3 n".
mkdir "$T/sf"
awk -v dir="$T/sf" -v fens="$T/fens" -v epd="$T/sf.epd" '
	/^[a-h][1-8][a-h][1-8][qrbn]?: [0-9]+$/ {
		if (b % 2 == 0) {
			print > (dir "/" (b / 2 + 1) ".div")
			moves++
		}
		next
	}
	/^Nodes searched: / {
		b++
		if (b % 2 == 1) {
			i = (b + 1) / 2
			f = dir "/" i ".div"
			printf "" >> f
			close(f)
			d1 = moves
			d2 = $3
			moves = 0
		} else {
			if ((getline fen < fens) <= 0)
				fen = "?"
			print fen " ;D1 " d1 " ;D2 " d2 " ;D3 " $3 > epd
		}
	}
	END { print b > (dir "/blocks") }
' "$T/sf.out"
blocks=$(cat "$T/sf/blocks")
[ "$blocks" -eq $((2 * count)) ] ||
	bail "stockfish answered $blocks of $((2 * count)) perft commands"

# Compares quiesce's divide of position $1 at depth 2 with Stockfish's.
divide() {
	i=$1
	fen=$(sed -n "${i}p" "$T/fens")
	"$QUIESCE" perft --fen "$fen" --depth 2 --divide >"$T/q.out" 2>"$T/q.err" </dev/null
	st=$?
	if [ "$st" -ne 0 ]; then
		fail "position $i: quiesce perft --divide exited $st on '$fen': $(head -n 3 "$T/q.err")"
		return 1
	fi
	grep '^[a-h][1-8][a-h][1-8][qrbn]*: [0-9][0-9]*$' "$T/q.out" | sort >"$T/q.moves"
	sort "$T/sf/$i.div" >"$T/sf.moves"
	if ! cmp -s "$T/q.moves" "$T/sf.moves"; then
		fail "position $i: perft 2 divided differs from Stockfish's: $fen"
		echo "    differing lines (< quiesce, > stockfish):"
		diff "$T/q.moves" "$T/sf.moves" | grep '^[<>]' | head -n 20 | sed 's/^/      /'
		return 1
	fi
	return 0
}

# 1. Every count, in one quiesce process.
"$QUIESCE" perft --epd "$T/sf.epd" >"$T/epd.out" 2>"$T/epd.err" </dev/null
st=$?
cat "$T/epd.out" "$T/epd.err"
if [ "$st" -ne 0 ]; then
	fail "quiesce perft --epd (Stockfish's counts) exited $st"
	# Its lines "FILE:LINE: ...: expected N, got M" name the positions.
	grep -F -e "$T/sf.epd:" "$T/epd.out" "$T/epd.err" |
		sed -n "s|^.*$T/sf.epd:\([0-9][0-9]*\):.*|\1|p" | sort -n -u | head -n 10 >"$T/bad"
	while read -r i; do
		divide "$i"
	done <"$T/bad"
fi

# 2. Move by move, on a sample spread over the suites.
want=${QUIESCE_SF_DIVIDE:-250}
if [ "$want" = all ] || [ "$want" -ge "$count" ]; then
	step=1
else
	step=$(((count + want - 1) / want))
fi
n=0
i=1
while [ "$i" -le "$count" ]; do
	divide "$i" && n=$((n + 1))
	i=$((i + step))
done
note "divide: $n positions agree move by move"

finish
