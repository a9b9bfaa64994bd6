#!/bin/sh
# trace-output.sh: "quiesce trace --output FILE" without --format writes the
# format the file's name ends in (issue 18): .json a JSON document, .jsonl
# JSON Lines, .dot Graphviz, .pgn PGN, .txt and any other name the text
# tree; --format, when given, wins over the name; a .gz name is refused
# (exit 2, nothing written). Each file is recognised by its format's own
# rules, not by comparing with quiesce's output: python3's json module for
# JSON (skipped without python3), the DOT and PGN and text openings by eye.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE
PY=$(need_prog python3) || PY=

expect_exit 0 "trace -o x.json" "$Q" trace --depth 1 -o "$T/x.json"
expect_exit 0 "trace -o x.jsonl" "$Q" trace --depth 1 -o "$T/x.jsonl"
expect_exit 0 "trace -o x.dot" "$Q" trace --depth 1 -o "$T/x.dot"
expect_exit 0 "trace -o x.pgn" "$Q" trace --depth 1 -o "$T/x.pgn"
expect_exit 0 "trace -o x.txt" "$Q" trace --depth 1 -o "$T/x.txt"
expect_exit 0 "trace -o X.JSON (the ending in capitals)" "$Q" trace --depth 1 -o "$T/X.JSON"
expect_exit 0 "trace -o x.out (another name)" "$Q" trace --depth 1 -o "$T/x.out"
expect_exit 0 "trace --format text -o y.json (--format wins)" "$Q" trace --depth 1 --format text -o "$T/y.json"

if [ -n "$PY" ]; then
	$PY - "$T" <<'PYEOF' || fail "the files are not in the formats their names say"
import json, sys
d = sys.argv[1]
for name in ("x.json", "X.JSON"):
    doc = json.load(open(d + "/" + name))
    assert doc["format"] == "quiesce-trace" and "nodes" in doc and "events" in doc, name
lines = [json.loads(l) for l in open(d + "/x.jsonl") if l.strip()]
assert lines[0]["format"] == "quiesce-trace" and "nodes" not in lines[0]
assert {l.get("type") for l in lines[1:]} <= {"node", "event", "result"}, "x.jsonl: a line of another type"
for name in ("x.txt", "x.out", "y.json"):
    try:
        json.load(open(d + "/" + name))
    except ValueError:
        continue
    raise AssertionError(name + " is JSON, expected the text tree")
PYEOF
fi
head -n 1 "$T/x.dot" | grep -q '^digraph' || fail "x.dot does not start with a digraph"
head -n 1 "$T/x.pgn" | grep -q '^\[Event ' || fail "x.pgn does not start with an [Event tag"
for f in x.txt x.out y.json; do
	head -n 1 "$T/$f" | grep -q '^position: ' || fail "$f does not start with the text tree's 'position:' line"
done

expect_exit 2 "trace -o x.json.gz" "$Q" trace --depth 1 -o "$T/x.json.gz" &&
	expect_err_has "x.json.gz': compressed output is not supported" "the .gz name is refused, and named"
[ -e "$T/x.json.gz" ] && fail "trace -o x.json.gz wrote a file"
finish
