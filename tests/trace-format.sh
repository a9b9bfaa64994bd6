#!/bin/sh
# trace-format.sh: the trace format (quiesce-trace(5)), read back.
#
# For searches in every mode and variant, "quiesce trace" writes the trace
# as a JSON document and as JSON Lines, each compact (version 3) and of
# every field (version 2). Each is opened in the REPL and exported again as
# JSON, which must be byte for byte the document the search wrote (so the
# compact form, which leaves out what a reader derives, loses nothing), also
# after tests/trace-variants.py (Python's json module, not quiesce) has
# rewritten it as another program might: only the required fields
# (everything else derived by the reader), keys in another order with
# unknown keys and records added, on one line, declared version 1, the
# lines of every field rewritten as compact records by Python's reading of
# the format, and the compact records expanded back into object lines with
# each node's id, parent and move worked out by Python. When
# python3-jsonschema is installed, the traces of the small searches (as
# written and minimal) also validate against data/trace.schema.json.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE
PY=$(need_prog python3) || skip "python3 is not installed"
variants=$srcdir/tests/trace-variants.py
XDG_STATE_HOME=$T/state
export XDG_STATE_HOME

# reopen IN OUT: opens IN in the REPL and exports it as JSON to OUT.
reopen() {
	printf 'open %s\nexport json-full %s\n' "$1" "$2" | "$Q" repl >"$T/repl.out" 2>"$T/repl.err"
	if [ -s "$T/repl.err" ]; then
		fail "open $1: $(head -n 3 "$T/repl.err")"
		return 1
	fi
	return 0
}

kiwi='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
italian='r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4'
n=0
while IFS='|' read -r name fen args; do
	[ -n "$name" ] || continue
	n=$((n + 1))
	# shellcheck disable=SC2086 # $args is a list of options
	"$Q" trace --format json-full --fen "$fen" $args >"$T/$name.json" 2>/dev/null ||
		{ fail "$name: quiesce trace --format json-full $args"; continue; }
	# shellcheck disable=SC2086
	"$Q" trace --format jsonl --fen "$fen" $args >"$T/$name.jsonl" 2>/dev/null ||
		{ fail "$name: quiesce trace --format jsonl $args"; continue; }
	# shellcheck disable=SC2086
	"$Q" trace --format jsonl-full --fen "$fen" $args >"$T/$name.full.jsonl" 2>/dev/null ||
		{ fail "$name: quiesce trace --format jsonl-full $args"; continue; }
	# shellcheck disable=SC2086
	"$Q" trace --format json --fen "$fen" $args >"$T/$name.compact.json" 2>/dev/null ||
		{ fail "$name: quiesce trace --format json $args"; continue; }
	reopen "$T/$name.compact.json" "$T/$name.back.json" && { cmp -s "$T/$name.json" "$T/$name.back.json" ||
		fail "$name: the compact JSON document does not read back as the search's trace"; }
	reopen "$T/$name.jsonl" "$T/$name.back.json" && { cmp -s "$T/$name.json" "$T/$name.back.json" ||
		fail "$name: the compact JSON Lines trace does not read back as the search's trace"; }
	reopen "$T/$name.full.jsonl" "$T/$name.back.json" && { cmp -s "$T/$name.json" "$T/$name.back.json" ||
		fail "$name: the JSON Lines trace of every field does not read back as the search's trace"; }
	"$PY" "$variants" expand "$T/$name.jsonl" "$T/$name.expand.jsonl" || fail "$name: trace-variants.py expand"
	reopen "$T/$name.expand.jsonl" "$T/$name.back.json" && { cmp -s "$T/$name.json" "$T/$name.back.json" ||
		fail "$name: the compact records expanded by Python do not read back as the search's trace"; }
	"$PY" "$variants" tocompact "$T/$name.full.jsonl" "$T/$name.tocompact.jsonl" || fail "$name: trace-variants.py tocompact"
	reopen "$T/$name.tocompact.jsonl" "$T/$name.back.json" && { cmp -s "$T/$name.json" "$T/$name.back.json" ||
		fail "$name: the compact records Python wrote do not read back as the search's trace"; }
	for v in minimal shuffle compact version1; do
		"$PY" "$variants" "$v" "$T/$name.json" "$T/$name.$v.json" || { fail "$name: trace-variants.py $v"; continue; }
		reopen "$T/$name.$v.json" "$T/$name.back.json" && { cmp -s "$T/$name.json" "$T/$name.back.json" ||
			fail "$name: the $v document does not read back as the search's trace"; }
	done
	for v in minimal shuffle; do
		"$PY" "$variants" "$v" "$T/$name.full.jsonl" "$T/$name.$v.jsonl" || { fail "$name: trace-variants.py $v"; continue; }
		reopen "$T/$name.$v.jsonl" "$T/$name.back.json" && { cmp -s "$T/$name.json" "$T/$name.back.json" ||
			fail "$name: the $v JSON Lines trace does not read back as the search's trace"; }
	done
done <<END
captures|$italian|--depth 2
none|$italian|--depth 2 --mode none
checks|$kiwi|--depth 1 --mode checks --check-plies 2
checks-all|$italian|--depth 1 --mode checks --check-plies all --qdepth 4
faulty|$kiwi|--depth 1 --no-evasions
brute|$italian|--depth 1 --no-stand-pat --qdepth 3
delta-see-soft|$kiwi|--depth 2 --delta --see --fail-soft
delta-margin|$kiwi|--depth 1 --delta=50
pst-order|$italian|--depth 2 --eval pst --order none
stopped|$kiwi|--depth 2 --mode checks --max-nodes 300
depth0|$kiwi|--depth 0
mated-root|R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1|--depth 1
mated-qroot|R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1|--depth 0
stalemate|7k/5Q2/6K1/8/8/8/8/8 b - - 0 1|--depth 2
en-passant|4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1|--depth 1
promotion|6bn/5Ppk/6pp/8/8/8/8/K7 w - - 0 1|--depth 2 --mode checks
pawn-pushes|4k3/8/1P6/8/8/6p1/8/4K3 w - - 0 1|--depth 2 --pawn-pushes
END
note "$n searches, each read back in 12 forms"

# The schema: every trace written validates (python3-jsonschema, when installed).
schema=$srcdir/data/trace.schema.json
if [ -r "$schema" ] && "$PY" -c 'import jsonschema' 2>/dev/null; then
	# The small searches, each as written and as its minimal variant (the
	# validator is slow: a few thousand records a second).
	set --
	for name in stopped mated-root mated-qroot stalemate en-passant promotion pawn-pushes depth0; do
		set -- "$@" "$T/$name.json" "$T/$name.compact.json" "$T/$name.jsonl" "$T/$name.full.jsonl" "$T/$name.minimal.json" "$T/$name.minimal.jsonl"
	done
	"$PY" - "$schema" "$@" >"$T/schema.out" 2>&1 <<'PYEND' || { fail "schema validation:"; sed 's/^/    | /' "$T/schema.out" | head -n 20; }
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
cls = jsonschema.validators.validator_for(schema)
cls.check_schema(schema)
doc = cls({"$ref": "#/$defs/document", "$defs": schema["$defs"]})
line = cls({"$ref": "#/$defs/jsonl_line", "$defs": schema["$defs"]})
whole = cls(schema)
bad = 0
count = 0
for path in sys.argv[2:]:
    if path.endswith(".back.json"):
        continue
    with open(path) as f:
        if path.endswith(".jsonl"):
            records = [json.loads(l) for l in f if l.strip()]
            check = line
        else:
            records = [json.load(f)]
            check = doc
    for i, r in enumerate(records):
        count += 1
        errs = list(check.iter_errors(r)) or list(whole.iter_errors(r))
        if errs:
            bad += 1
            print("%s: record %d: %s at %s" % (path, i + 1, errs[0].message[:200], list(errs[0].absolute_path)))
            if bad > 10:
                sys.exit(1)
print("%d records valid" % count)
sys.exit(1 if bad else 0)
PYEND
	note "schema: $(tail -n 1 "$T/schema.out")"
else
	note "schema: skipped (data/trace.schema.json or python3-jsonschema missing)"
fi

finish
