# bench.sh: "quiesce bench" prints every figure it claims, in the form the
# README quotes, with sane relations between them. No time is asserted: only
# the fields, the node counts (published perft counts) and that each figure's
# median lies between its smallest and largest repeat.
. "$srcdir/tests/lib.sh"
need_quiesce

# Usage errors: a bad --repeat exits 2 with a message naming the value.
expect_exit 2 "bench --repeat 0" "$QUIESCE" bench --repeat 0 && expect_err_has "'0'" "bench --repeat 0"
expect_exit 2 "bench --repeat x" "$QUIESCE" bench --repeat x
expect_exit 2 "bench --repeat 100" "$QUIESCE" bench --repeat 100

expect_exit 0 "bench --quick --repeat 3" "$QUIESCE" bench --quick --repeat 3 || finish
cp "$T/out" "$T/bench"

# The header: a date, the processors online (as getconf counts them) and the repeats.
head -n 1 "$T/bench" | grep -E '^# quiesce bench, [0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} UTC, [0-9]+ processors online, build .*, 3 repeats, --quick$' >/dev/null ||
	fail "bench: header line malformed: $(head -n 1 "$T/bench")"
if cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null); then
	grep -F -e ", $cores processors online," "$T/bench" >/dev/null ||
		fail "bench: the header does not say $cores processors (getconf _NPROCESSORS_ONLN)"
fi

# Every line of figures is there.
for prefix in 'start-up   whole process' 'perft      start    depth 4 bulk ' 'perft      kiwipete depth 3 bulk ' \
	'perft      start    depth 4 make-all' 'perft      kiwipete depth 3 make-all' 'search     tracing off ' \
	'search     tracing on ' 'search     recording overhead (' 'trace      ' 'checks     captures ' \
	'search     whole process, Kiwipete depth 4: ' 'search     whole process, Kiwipete depth 5: ' \
	'search     recording overhead as whole processes (Kiwipete depths 4-5' \
	'checks     checks ' "checks     checks' nodes/s / captures' nodes/s" 'compare    30 WAC positions' \
	'experiment 50 Lichess puzzles' 'experiment whole process' 'big trace  ' 'tutor      ' \
	'match      captures v none, depth 2, 8 games, 1 thread' 'match      captures v none, depth 3, 8 games, 2 threads' \
	'tt         table 16 MB: 1048576 entries of 16 bytes, 16.0 MB' 'tt         WAC off ' 'tt         WAC 16 MB ' \
	'tt         WAC 1 MB ' 'tt         Kiwipete depth 4: ' 'tt         Kiwipete off ' 'tt         Kiwipete on '; do
	grep -F -e "$prefix" "$T/bench" >/dev/null || fail "bench: no line starting '$prefix'"
done

# Perft counts are the published ones (Chess Programming Wiki, "Perft Results").
grep -E '^perft +start +depth 4 (bulk|make-all) +197281 nodes ' "$T/bench" | wc -l | grep -x ' *2' >/dev/null ||
	fail "bench: start position perft 4 is not 197281 nodes twice"
grep -E '^perft +kiwipete depth 3 (bulk|make-all) +97862 nodes ' "$T/bench" | wc -l | grep -x ' *2' >/dev/null ||
	fail "bench: Kiwipete perft 3 is not 97862 nodes twice"

# Traced and untraced searches are the same search: the same node count.
line=$(grep '^search .* nodes a run (traced: ' "$T/bench")
n0=$(echo "$line" | sed -n 's/.*mode captures: \([0-9]*\) nodes a run (traced: \([0-9]*\)).*/\1/p')
n1=$(echo "$line" | sed -n 's/.*mode captures: \([0-9]*\) nodes a run (traced: \([0-9]*\)).*/\2/p')
[ -n "$n0" ] && [ "$n0" -gt 0 ] && [ "$n0" = "$n1" ] ||
	fail "bench: traced and untraced node counts differ or are missing: $line"

# Every "MEDIAN [LOW-HIGH]" has LOW <= MEDIAN <= HIGH, all positive, and
# every figure line has at least one; CPU times and node rates are positive.
awk '
/^#/ { next }
/\(skipped/ { next }
/^tutor / { next }
/^trace / { next }
/^(search|checks|experiment|compare) .* nodes( a run|:)/ && !/cpu/ { next }
/^tt +(table|[0-9]+ WAC positions|Kiwipete depth [0-9]+:)/ { next }
{
	found = 0
	line = $0
	while (match(line, /[0-9.]+ \[[0-9.]+-[0-9.]+\]/)) {
		s = substr(line, RSTART, RLENGTH)
		line = substr(line, RSTART + RLENGTH)
		split(s, f, /[][ -]+/)
		m = f[1] + 0; lo = f[2] + 0; hi = f[3] + 0
		if (lo > m || m > hi || hi < 0) { print "FAIL: bad figure \"" s "\" in: " $0; bad++ }
		found++
	}
	if (!found) { print "FAIL: no median [low-high] figure in: " $0; bad++ }
	if (match($0, /[0-9.]+ \[[0-9.]+-[0-9.]+\] Mnps/)) {
		split(substr($0, RSTART, RLENGTH), f, /[][ -]+/)
		if (f[1] + 0 <= 0) { print "FAIL: a node rate of zero in: " $0; bad++ }
	}
}
END { exit bad > 0 }' "$T/bench" || fail "bench: malformed figures (above)"

# The overhead is a ratio of two positive times; so is the checks/captures rate ratio.
for what in 'recording overhead (' 'recording overhead as whole processes' "checks' nodes/s"; do
	r=$(grep -F -e "$what" "$T/bench" | sed -n 's/.*) \([0-9.]*\) \[.*/\1/p' | head -n 1)
	awk -v r="$r" 'BEGIN { exit !(r + 0 > 0) }' || fail "bench: $what is not a positive ratio ('$r')"
done

# The big trace's node count and the tutor's trace are the same.
bn=$(sed -n 's/^big trace .*mode checks: \([0-9]*\) nodes.*/\1/p' "$T/bench")
grep -E "^tutor +$bn-node trace" "$T/bench" >/dev/null ||
	grep -F -e 'tutor      (skipped' "$T/bench" >/dev/null || fail "bench: the tutor did not step the big trace ($bn nodes)"

# --only takes the groups named and no other; an unknown group is a usage error naming it.
expect_exit 2 "bench --only search,nope" "$QUIESCE" bench --only search,nope && expect_err_has "'nope'" "bench --only"
expect_exit 0 "bench --quick --repeat 1 --only search,startup" "$QUIESCE" bench --quick --repeat 1 --only search,startup &&
	{ groups=$(grep -v '^#' "$T/out" | cut -c1-10 | sed 's/ *$//' | sort -u | tr '\n' ' ')
	  [ "$groups" = "search start-up trace " ] || fail "bench --only search,startup printed the groups '$groups'"; }

# perft prints its rate by processor time, and the wall time apart.
expect_exit 0 "perft --depth 3" "$QUIESCE" perft --depth 3 &&
	expect_out_line "Nodes searched: 8902" "perft --depth 3" &&
	grep -E '^8902 nodes: cpu [0-9.]+ s, [0-9.]+ million nodes/s; wall [0-9.]+ s$' "$T/err" >/dev/null ||
	fail "perft: no 'cpu ... million nodes/s; wall ...' line on stderr: $(cat "$T/err")"

finish
