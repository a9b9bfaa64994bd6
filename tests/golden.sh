# golden.sh: "quiesce trace" output compared byte for byte with hand-checked
# golden files, and the trace command's output options.
#
# Every tests/golden/NAME.args (shell-quoted arguments) is run as
#   $QUIESCE trace --format text ARGS...
# and its standard output must equal tests/golden/NAME.txt exactly
# (tests/golden/README works out every number in them by hand).
. "$srcdir/tests/lib.sh"
need_quiesce

dir=$srcdir/tests/golden
n=0
for args in "$dir"/*.args; do
	[ -f "$args" ] || continue
	n=$((n + 1))
	name=${args##*/}
	name=${name%.args}
	expected=$dir/$name.txt
	if [ ! -f "$expected" ]; then
		fail "$name: no expected output $name.txt"
		continue
	fi
	eval "set -- $(cat "$args")"
	"$QUIESCE" trace --format text "$@" >"$T/$name.out" 2>"$T/$name.err"
	st=$?
	if [ "$st" -ne 0 ]; then
		fail "$name: exit status $st"
		sed 's/^/    | /' "$T/$name.err"
		continue
	fi
	expect_empty "$T/$name.err" "$name: standard error"
	if cmp -s "$expected" "$T/$name.out"; then
		note "ok: $name"
	else
		fail "$name: the trace differs from $name.txt (- expected, + actual):"
		diff -u "$expected" "$T/$name.out" | sed -n '1,80s/^/    | /p'
	fi
done
[ "$n" -ge 6 ] || fail "only $n golden cases found in $dir"

# ---------------------------------------------------------------- output options
fen='4k3/8/8/4p3/3p4/p7/P7/QK6 w - - 0 1'
golden=$dir/02-horizon-captures.txt

# --output writes the same bytes as standard output, and leaves no temporary file.
mkdir "$T/outdir"
expect_exit 0 "trace --output" "$QUIESCE" trace --fen "$fen" --depth 1 --output "$T/outdir/trace.txt" &&
	expect_empty "$T/out" "trace --output: standard output"
if cmp -s "$golden" "$T/outdir/trace.txt"; then
	note "ok: --output"
else
	fail "--output did not write the same text as standard output"
fi
# It replaces an existing file.
echo old >"$T/outdir/trace.json"
expect_exit 0 "trace --format json-full -o" "$QUIESCE" trace --fen "$fen" -d 1 --format json-full -o "$T/outdir/trace.json"
head -n 1 "$T/outdir/trace.json" | grep -F '{"format": "quiesce-trace", "version": 2, "fen": ' >/dev/null ||
	fail "--format json-full: the first line is not the JSON header"
leftover=$(ls "$T/outdir" | grep -v -x -e trace.txt -e trace.json)
[ -z "$leftover" ] || fail "--output left files behind: $leftover"

# A file that cannot be written: exit 1, a message naming it, nothing left behind.
expect_exit 1 "trace --output into a missing directory" \
	"$QUIESCE" trace --fen "$fen" -d 1 --output "$T/no/such/dir/trace.txt" &&
	expect_err_has "$T/no/such/dir/trace.txt" "the message names the file"

# --format: json parses when python3 is here; dot renders when Graphviz is here.
if python3 -c 'import json' 2>/dev/null; then
	run "$QUIESCE" trace --fen "$fen" -d 1 --delta --format json-full
	python3 -c 'import json, sys; d = json.load(sys.stdin); assert list(d) == ["format", "version", "fen", "options", "result", "nodes", "events"]; assert len(d["nodes"]) == d["result"]["nodes"]' <"$T/out" ||
		fail "--format json-full is not the documented JSON"
	run "$QUIESCE" trace --fen "$fen" -d 1 --delta --format json
	python3 -c 'import json, sys; d = json.load(sys.stdin); assert list(d) == ["format", "version", "fen", "options", "result", "events"]; assert d["version"] == 3; assert sum(1 for e in d["events"] if e[0] == "enter") == d["result"]["nodes"]' <"$T/out" ||
		fail "--format json is not the documented compact JSON"
fi
if dot=$(need_prog dot); then
	run "$QUIESCE" trace --fen "$fen" -d 1 --format dot
	"$dot" -Tsvg "$T/out" >"$T/trace.svg" 2>"$T/dot.err" && [ -s "$T/trace.svg" ] ||
		fail "--format dot does not render with dot -Tsvg: $(cat "$T/dot.err")"
fi
expect_exit 2 "trace --format bad" "$QUIESCE" trace --format yaml &&
	expect_err_has "expected one of text, json, json-full, jsonl, jsonl-full, dot, pgn" "the message lists the formats"
expect_exit 2 "trace with an extra argument" "$QUIESCE" trace extra
expect_exit 2 "trace --depth bad" "$QUIESCE" trace --depth x
expect_exit 0 "trace --help" "$QUIESCE" trace --help &&
	expect_out_has "--output FILE" "trace --help lists --output" &&
	expect_out_has "--max-nodes" "trace --help lists the search options"

# --max-nodes cuts the trace and says so on standard error.
expect_exit 0 "trace --max-nodes 5" "$QUIESCE" trace --depth 2 --max-nodes 5 &&
	expect_err_has "quiesce: search stopped after 5 nodes (--max-nodes 5): the trace is cut at node" \
		"the stop is reported" &&
	expect_out_has "STOPPED after 5 nodes (--max-nodes 5)" "the text header says it stopped"

finish
