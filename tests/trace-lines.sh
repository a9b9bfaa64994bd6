#!/bin/sh
# trace-lines.sh: JSON Lines are parsed a block of lines at a time by
# simdjson's document stream, and from the first line that is not one object
# alone on its line, one line at a time (issue 18). The trace here spans
# several of the reader's 1 MiB blocks; each broken copy is made with awk at
# a line chosen past the first block, and the line and column an error must
# name are counted by awk and grep from the file, not taken from quiesce.
# Then the same for version 3's compact records (arrays): a bad value at its
# column, an element too many, an array in a version 2 trace. Last, the JSON
# document's element paths (counted in their digits as the
# reader goes): a bad value planted by python3 at element N must be named
# "events[N]" or "nodes[N]", across 9 to 10, 99 to 100 and so on.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE
KIWI="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

expect_exit 0 "a trace of 20000 nodes as JSON Lines of every field" \
	"$Q" trace --fen "$KIWI" --depth 4 --mode checks --max-nodes 20000 --format jsonl-full --output "$T/t.jsonl" || exit 1
size=$(wc -c <"$T/t.jsonl")
[ "$size" -gt 3000000 ] || fail "the trace is $size bytes: too small to span several blocks"
nodes=$(grep -c '"type": "node"' "$T/t.jsonl")
events=$(grep -c '"type": "event"' "$T/t.jsonl")
L=$(( $(wc -l <"$T/t.jsonl") * 3 / 4 ))

# Blank and white lines anywhere are skipped: the same nodes and events.
awk -v L="$L" 'NR == 3 || NR == L { print ""; print "  \t" } { print }' "$T/t.jsonl" >"$T/blank.jsonl"
expect_exit 0 "blank lines" "$Q" check-trace "$T/blank.jsonl"
expect_out_has "ok ($nodes nodes, $events events)" "blank lines read as the trace without them"

# A second object on line L: the error at its '{' (the line's length plus 2).
awk -v L="$L" 'NR == L { print $0 " {}"; next } { print }' "$T/t.jsonl" >"$T/two.jsonl"
col=$(awk -v L="$L" 'NR == L { print length($0) + 2 }' "$T/t.jsonl")
expect_exit 1 "two objects on a line" "$Q" check-trace "$T/two.jsonl"
expect_err_has "two.jsonl:$L:$col: invalid JSON" "two objects on a line: the place of the second"

# An object split across lines L and L+1: the error on line L.
awk -v L="$L" 'NR == L { sub(/, /, ",\n") } { print }' "$T/t.jsonl" >"$T/split.jsonl"
expect_exit 1 "an object split across two lines" "$Q" check-trace "$T/split.jsonl"
expect_err_has "split.jsonl:$L:" "an object split across lines: the error on its first line"

# A duplicate key (simdjson accepts it, the format does not), after blank lines: the line counts them.
awk -v L="$L" 'NR == 3 { print "" } NR == L { sub(/"type"/, "\"type\": 1, \"type\"") } { print }' "$T/t.jsonl" >"$T/dup.jsonl"
expect_exit 1 "a duplicate key" "$Q" check-trace "$T/dup.jsonl"
expect_err_has "dup.jsonl:$((L + 1)):" "a duplicate key: its line, the blank line counted"
expect_err_has "duplicate" "a duplicate key: said"

# A line that is not an object, then the record after it is never reached.
awk -v L="$L" 'NR == L { print "[1, 2]" } { print }' "$T/t.jsonl" >"$T/array.jsonl"
expect_exit 1 "an array line" "$Q" check-trace "$T/array.jsonl"
expect_err_has "array.jsonl:$L:1: expected an object" "an array line: its place and what was expected"

# The compact records of version 3, 60000 nodes: about 3.5 MB, several blocks.
expect_exit 0 "a trace of 60000 nodes as compact JSON Lines" \
	"$Q" trace --fen "$KIWI" --depth 5 --mode checks --max-nodes 60000 --output "$T/c.jsonl" || exit 1
size=$(wc -c <"$T/c.jsonl")
[ "$size" -gt 2500000 ] || fail "the compact trace is $size bytes: too small to span several blocks"
head -n 1 "$T/c.jsonl" | grep -F '"version": 3' >/dev/null || fail "the compact trace does not say version 3"
cnodes=$(grep -c '^\["enter"' "$T/c.jsonl")
cevents=$(grep -c '^\[' "$T/c.jsonl")
expect_exit 0 "the compact trace" "$Q" check-trace "$T/c.jsonl"
expect_out_has "ok ($cnodes nodes, $cevents events)" "the compact trace: a node for each enter, an event for each array"
# The first stand pat from three quarters on: its value out of range, at the value's column.
L=$(awk -v F="$(( $(wc -l <"$T/c.jsonl") * 3 / 4 ))" 'NR >= F && /^\["stand_pat",/ { print NR; exit }' "$T/c.jsonl")
awk -v L="$L" 'NR == L { sub(/,-?[0-9]+\]/, ",99999]") } { print }' "$T/c.jsonl" >"$T/range.jsonl"
col=$(awk -v L="$L" 'NR == L { print index($0, "99999") }' "$T/range.jsonl")
expect_exit 1 "a compact value out of range" "$Q" check-trace "$T/range.jsonl"
expect_err_has "range.jsonl:$L:$col: event.value: 99999 is out of range" "a compact value out of range: its line, column and key"
# An element too many.
awk -v L="$L" 'NR == L { sub(/\]$/, ",7]") } { print }' "$T/c.jsonl" >"$T/more.jsonl"
expect_exit 1 "a compact record with an element too many" "$Q" check-trace "$T/more.jsonl"
expect_err_has "more.jsonl:$L:1: event: \"stand_pat\" takes 1 value by position" "an element too many: said"
# Compact records in a trace that says version 2.
sed '1s/"version": 3/"version": 2/' "$T/c.jsonl" >"$T/v2.jsonl"
expect_exit 1 "compact records in version 2" "$Q" check-trace "$T/v2.jsonl"
expect_err_has "v2.jsonl:2:1: expected an object" "compact records in version 2: the first one"

PY=$(need_prog python3) || PY=
if [ -n "$PY" ]; then
	expect_exit 0 "the same trace as a JSON document" \
		"$Q" trace --fen "$KIWI" --depth 4 --mode checks --max-nodes 20000 --format json-full --output "$T/t.json" || exit 1
	for plant in events:9 events:10 events:99 events:100 events:1000 events:80000 nodes:9 nodes:10 nodes:19999; do
		arr=${plant%%:*}
		i=${plant#*:}
		$PY - "$T/t.json" "$T/p.json" "$arr" "$i" <<'PYEOF' || fail "cannot plant a bad value at $plant"
import json, sys
d = json.load(open(sys.argv[1]))
arr, i = sys.argv[3], int(sys.argv[4])
d[arr][i]["node" if arr == "events" else "san"] = "x" if arr == "events" else "Zz9"
json.dump(d, open(sys.argv[2], "w"))
PYEOF
		expect_exit 1 "a bad value at $arr[$i]" "$Q" check-trace "$T/p.json"
		expect_err_has "$arr[$i]." "the path of $arr[$i]"
	done
fi

finish
