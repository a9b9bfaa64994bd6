#!/bin/sh
# check-trace-draws.sh: the draw-repetition rule of check-trace (issue 27).
#
# A trace that declares draws may end a node with a repetition draw only
# where the position can repeat: met an even number of plies (4 or more)
# earlier on the path since the last capture or pawn move, or where that
# clock reaches past the root (the game before the root, which the trace
# does not hold). The true draws come from examples/realqs, whose own
# repetition test (keys on its path) finds them; the false ones are made
# by hand from a chess fact: from a position whose halfmove clock is 0 no
# position can repeat within three plies.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE
PY=$(need_prog python3) || skip "python3 is not installed"
R=$builddir/examples/realqs/realqs
[ -x "$R" ] || bail "realqs is not built (make check builds it)"

# True draws: king and rook against king, where realqs finds repetitions.
"$R" 5 "7k/8/8/8/8/8/8/R5K1 w - - 0 1" >"$T/true.jsonl" 2>/dev/null || bail "realqs 5"
n=$(grep -c '^\["draw",{"reason":"repetition"}\]' "$T/true.jsonl")
[ "$n" -gt 0 ] || bail "realqs found no repetition to check"
run "$Q" check-trace "$T/true.jsonl"
[ "$status" -eq 0 ] || fail "realqs's $n repetition draws are flagged: $(grep -m 3 ': draw' "$T/out")"
note "$n repetition draws of realqs check clean"

# False draws: the first child of the root (ply 1) and its first child
# (ply 2), each made a repetition draw instead of its search, in the same
# position (no pawn, and no capture within two plies: the clock only grows).
"$R" 3 "7k/8/8/8/8/8/8/R5K1 w - - 0 1" >"$T/wac.jsonl" 2>/dev/null || bail "realqs 3"
cat >"$T/mutate.py" <<'PY'
import json, sys
src, ply, reason, clock, out = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
lines = open(src).read().splitlines()
head = json.loads(lines[0])
fen = head["fen"].split()
fen[4] = clock
head["fen"] = " ".join(fen)
res, depth, skip, done = [json.dumps(head)], 0, None, False
for line in lines[1:]:
    kind = json.loads(line)[0]
    if skip is not None:
        if kind == "enter":
            depth += 1
        elif kind == "leave":
            depth -= 1
            if depth == skip:
                res.append('["draw",{"reason":"%s"}]' % reason)
                res.append('["leave",0]')
                skip = None
        continue
    res.append(line)
    if kind == "enter":
        depth += 1
        if depth == ply + 1 and not done:
            skip, done = depth - 1, True
    elif kind == "leave":
        depth -= 1
open(out, "w").write("\n".join(res) + "\n")
PY
for ply in 1 2; do
	"$PY" "$T/mutate.py" "$T/wac.jsonl" "$ply" repetition 0 "$T/false$ply.jsonl" || bail "mutate"
	run "$Q" check-trace --max 0 "$T/false$ply.jsonl"
	expect_out_has ": draw-repetition: expected a repetition draw only at a position met earlier" \
		"a repetition draw at ply $ply from a clock of 0 is flagged"
	# The same draw with a clock of 10 at the root: the game before the root may hold the position.
	"$PY" "$T/mutate.py" "$T/wac.jsonl" "$ply" repetition 10 "$T/clock$ply.jsonl" || bail "mutate"
	run "$Q" check-trace --max 0 "$T/clock$ply.jsonl"
	grep -q ': draw-repetition: ' "$T/out" && fail "a repetition draw at ply $ply with the clock at 10 is flagged"
	# A draw for another reason is not a repetition.
	"$PY" "$T/mutate.py" "$T/wac.jsonl" "$ply" other 0 "$T/other$ply.jsonl" || bail "mutate"
	run "$Q" check-trace --max 0 "$T/other$ply.jsonl"
	grep -q ': draw-repetition: ' "$T/out" && fail "a draw for another reason at ply $ply is flagged as a repetition"
done
finish
