#!/bin/sh
# trace-output.sh: "quiesce trace --output FILE" without --format writes the
# format the file's name ends in (issue 18): .json a JSON document, .jsonl
# JSON Lines, .dot Graphviz, .pgn PGN, .txt and any other name the text
# tree; --format, when given, wins over the name; a name ending in .gz is
# written compressed in the format of the name before it. Each file is recognised by its format's own
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
    assert doc["format"] == "quiesce-trace" and doc["version"] == 3 and "events" in doc, name
    assert "nodes" not in doc and all(isinstance(e, list) for e in doc["events"]), name + ": not the compact document"
lines = [json.loads(l) for l in open(d + "/x.jsonl") if l.strip()]
assert lines[0]["format"] == "quiesce-trace" and "nodes" not in lines[0]
assert lines[0]["version"] == 3, "x.jsonl: not the compact form (version 3)"
assert all(isinstance(l, list) or l.get("type") in ("node", "event", "result") for l in lines[1:]), "x.jsonl: a line of another type"
assert any(isinstance(l, list) for l in lines[1:]), "x.jsonl: no compact record"
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

# .gz: written compressed, as gzip(1) reads it (gzip -t, gzip -dc), in the
# format of the name before it; read back by check-trace and diff, as are
# files gzip(1) compressed; a truncated one is refused with the reason.
expect_exit 0 "trace -o x.jsonl.gz" "$Q" trace --depth 1 -o "$T/x.jsonl.gz"
expect_exit 0 "trace -o x.json.gz" "$Q" trace --depth 1 -o "$T/x.json.gz"
if GZ=$(need_prog gzip); then
	for f in x.jsonl x.json; do
		"$GZ" -t "$T/$f.gz" || fail "$f.gz is not a valid gzip file"
		"$GZ" -dc "$T/$f.gz" | cmp -s - "$T/$f" || fail "$f.gz does not inflate to what trace -o $f writes"
	done
	"$GZ" -c "$T/x.jsonl" >"$T/byzip.jsonl.gz"
	expect_exit 0 "check-trace on a file gzip(1) compressed" "$Q" check-trace "$T/byzip.jsonl.gz"
	# Two members, as "cat a.gz b.gz" makes: one stream of the lines of both.
	head -n 20 "$T/x.jsonl" | "$GZ" -c >"$T/two.jsonl.gz"
	tail -n +21 "$T/x.jsonl" | "$GZ" -c >>"$T/two.jsonl.gz"
	expect_exit 0 "check-trace on a gzip file of two members" "$Q" check-trace "$T/two.jsonl.gz"
fi
expect_exit 0 "check-trace x.jsonl.gz x.json.gz" "$Q" check-trace "$T/x.jsonl.gz" "$T/x.json.gz"
expect_exit 0 "diff x.jsonl.gz x.json" "$Q" diff "$T/x.jsonl.gz" "$T/x.json" &&
	expect_out_has "No parting decision" "the compressed trace is the same search"
size=$(wc -c <"$T/x.jsonl.gz")
head -c $((size / 2)) "$T/x.jsonl.gz" >"$T/cut.jsonl.gz"
expect_exit 1 "check-trace on a truncated .gz" "$Q" check-trace "$T/cut.jsonl.gz" &&
	expect_err_has "cut.jsonl.gz:" "the truncated file is named" &&
	expect_err_has "the gzip stream ends early" "and the reason given"
printf '\037x{}' >"$T/notgz.json"
expect_exit 1 "check-trace on a file starting with 0x1f" "$Q" check-trace "$T/notgz.json" &&
	expect_err_has "notgz.json:1:1: expected '{' (a JSON trace) or a gzip file" "a stray 0x1f is not taken for gzip"
finish
