# trace-save.sh: one save path (issue 28). "quiesce trace --output", the
# tutor's "export" and UCI's TraceFile write a trace the same way: gzip when
# the name ends in ".gz", the format the name implies unless one is given.
# What was written is read with Python's gzip and json modules, not by quiesce.
. "$srcdir/tests/lib.sh"
need_quiesce
command -v python3 >/dev/null 2>&1 || skip "python3 is not installed"
cd "$T" || bail "no scratch directory"
fen='r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'

# Reads FILE (gzip when GZ is 1) and says "OK KIND NODES": KIND is "document"
# for one JSON document, "lines" for JSON Lines; NODES counts the nodes.
check() {
	python3 - "$@" <<'PY'
import gzip, json, sys
path, gz = sys.argv[1], sys.argv[2] == "1"
raw = open(path, "rb").read()
magic = raw[:2] == bytes([0x1f, 0x8b])
if gz != magic:
    sys.exit("%s: gzip expected %s, found %s" % (path, gz, magic))
text = (gzip.decompress(raw) if gz else raw).decode()
try:
    doc = json.loads(text)
    print("document", doc["format"])
except json.JSONDecodeError:
    lines = [json.loads(l) for l in text.splitlines() if l.strip()]
    print("lines", lines[0]["format"])
PY
}

# The command line.
"$QUIESCE" trace --fen "$fen" --depth 1 -o cli.jsonl.gz 2>err || fail "trace -o cli.jsonl.gz failed: $(cat err)"
[ "$(check cli.jsonl.gz 1 2>&1)" = "lines quiesce-trace" ] || fail "trace -o cli.jsonl.gz: $(check cli.jsonl.gz 1 2>&1)"

# The tutor: the name alone chooses; a format given is kept; the .gz compresses either way.
printf 'fen %s\ndepth 1\nsearch\nexport tut.jsonl.gz\nexport json tut2.json.gz\nexport tut3.json\nquit\n' "$fen" |
	"$QUIESCE" repl >out 2>&1 || fail "the REPL failed: $(cat out)"
[ "$(check tut.jsonl.gz 1 2>&1)" = "lines quiesce-trace" ] || fail "export tut.jsonl.gz: $(check tut.jsonl.gz 1 2>&1)"
[ "$(check tut2.json.gz 1 2>&1)" = "document quiesce-trace" ] || fail "export json tut2.json.gz: $(check tut2.json.gz 1 2>&1)"
[ "$(check tut3.json 0 2>&1)" = "document quiesce-trace" ] || fail "export tut3.json: $(check tut3.json 0 2>&1)"
grep -q 'as jsonl, gzip to tut.jsonl.gz' out || fail "export did not say what it wrote: $(cat out)"
# What the tutor wrote reads back in the tutor and in check-trace.
"$QUIESCE" check-trace tut.jsonl.gz >out 2>&1 || fail "check-trace tut.jsonl.gz: $(cat out)"
printf 'open tut2.json.gz\nquit\n' | "$QUIESCE" repl >out 2>&1
grep -qi 'error' out && fail "open tut2.json.gz: $(cat out)"

# UCI's TraceFile.
# Driven as a GUI drives it: quit only after the bestmove, when the trace is written.
python3 - "$QUIESCE" "$T/uci.jsonl.gz" "$fen" >out 2>&1 <<'PY' || fail "the UCI session failed: $(cat out)"
import subprocess, sys
q, path, fen = sys.argv[1:]
p = subprocess.Popen([q, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in ("uci", "setoption name TraceFile value " + path, "position fen " + fen, "go depth 1"):
    p.stdin.write(line + "\n")
p.stdin.flush()
for line in p.stdout:
    if line.startswith("info string"):
        print(line.strip())
    if line.startswith("bestmove"):
        break
p.stdin.write("quit\n")
p.stdin.close()
sys.exit(p.wait(timeout=60))
PY
[ "$(check uci.jsonl.gz 1 2>&1)" = "lines quiesce-trace" ] || fail "TraceFile uci.jsonl.gz: $(check uci.jsonl.gz 1 2>&1)"
# The export refuses a bad format with the list of formats.
printf 'search\nexport bogus x y\nquit\n' | "$QUIESCE" repl >out 2>&1
grep -q 'export: expected \[text|json' out || fail "export with a bad format: $(cat out)"

# An output is never one of the command's inputs (issue 30): trace --output
# over its --pgn game, the tutor's export over the trace it opened.
printf '[Event "t"]\n[Result "*"]\n\n1. e4 e5 *\n' >game.pgn
cp game.pgn game2.pgn
ln -s game.pgn link.pgn
expect_usage_error "trace --output over its --pgn" "is the --pgn file" "$QUIESCE" trace --pgn game.pgn --depth 1 -o link.pgn
cmp -s game.pgn game2.pgn || fail "trace --output replaced the --pgn game"
cp tut3.json keep.json
printf 'open tut3.json\nexport tut3.json\nexport jsonl tut3.json\nquit\n' | "$QUIESCE" repl >out 2>&1
grep -q "export: 'tut3.json' is the file this trace was opened from" out || fail "export over the opened trace: $(cat out)"
cmp -s tut3.json keep.json || fail "export replaced the trace it had opened"

finish
