#!/usr/bin/env python3
"""uci-check.py: drives "quiesce uci" as a GUI would and checks its answers.

    uci-check.py QUIESCE EPD [STOCKFISH]

1. Protocol: for the first 200 positions of EPD, "position fen ..." and
   "go depth 3"; every bestmove must be the best move "quiesce search
   --depth 3 --eval pst" prints (pst is uci's default evaluation) for the same position and, when Stockfish is given, one
   of the legal moves Stockfish lists ("go perft 1"), an independent move
   generator.
2. Threads: "isready" is answered while "go infinite" thinks, and "stop"
   then brings the bestmove.
3. Bad input: malformed commands are answered with "info string" and the
   engine goes on; an illegal move in "position ... moves" leaves the
   position after the last legal move.
4. Options: setoption changes the search (mode none plays what "search
   --mode none" plays); TraceFile receives a JSON trace at every go.
5. Limits: go nodes N stays within N; go movetime and go wtime/btime end.

Nothing is timed: every wait is for an answer, with a generous guard against
a hang (60 s per answer).
"""
import json
import os
import select
import subprocess
import sys
import tempfile

GUARD = 60.0
failures = 0


def fail(msg):
    global failures
    failures += 1
    print("FAIL: " + msg)


class Engine:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, bufsize=1)
        self.buf = b""
        self.log = []

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def line(self):
        # Reads the pipe unbuffered: select() must not miss lines a buffer already holds.
        fd = self.p.stdout.fileno()
        while b"\n" not in self.buf:
            r, _, _ = select.select([fd], [], [], GUARD)
            if not r:
                raise RuntimeError("no answer within %d s (the engine hangs?)" % GUARD)
            chunk = os.read(fd, 65536)
            if not chunk:
                raise RuntimeError("the engine closed its output")
            self.buf += chunk
        raw, self.buf = self.buf.split(b"\n", 1)
        text = raw.decode("utf-8", "replace")
        self.log.append(text)
        return text

    def until(self, prefix):
        """Reads lines up to the first starting with PREFIX; returns (those before, that line)."""
        before = []
        while True:
            text = self.line()
            if text.startswith(prefix):
                return before, text
            before.append(text)

    def close(self):
        try:
            self.send("quit")
        except BrokenPipeError:
            pass
        self.p.wait(timeout=GUARD)
        return self.p.returncode


def search_best(quiesce, fen, extra=()):
    # quiesce uci evaluates with pst by default (search, with material).
    out = subprocess.run([quiesce, "search", "--fen", fen, "--depth", "3", "--eval", "pst", "--format", "json"] + list(extra),
                         capture_output=True, text=True, check=True).stdout
    best = json.loads(out)["best"]
    return best if best else "0000"


def stockfish_legal(sf, fens):
    """The legal moves of each FEN, listed by Stockfish's perft 1."""
    e = Engine([sf])
    e.send("uci")
    e.until("uciok")
    result = []
    for fen in fens:
        e.send("position fen " + fen)
        e.send("go perft 1")
        before, _ = e.until("Nodes searched")
        result.append({l.split(":")[0] for l in before if ":" in l and len(l.split(":")[0]) in (4, 5)})
    e.close()
    return result


def main():
    quiesce, epd = sys.argv[1], sys.argv[2]
    sf = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] else None
    fens = []
    with open(epd) as f:
        for line in f:
            fields = line.split()
            if len(fields) >= 4:
                fens.append(" ".join(fields[:4]))
            if len(fens) == 200:
                break

    # 1. Protocol on 200 positions.
    e = Engine([quiesce, "uci"])
    e.send("uci")
    before, _ = e.until("uciok")
    if not any(l.startswith("id name quiesce") for l in before):
        fail("uci: no 'id name quiesce' before uciok")
    for opt in ("Quiescence", "CheckPlies", "QDepth", "Delta", "DeltaMargin", "SEE", "FailSoft",
                "StandPat", "Evasions", "PawnPushes", "Eval", "TraceFile"):
        if not any(l.startswith("option name %s type" % opt) for l in before):
            fail("uci: option %s not listed" % opt)
    e.send("isready")
    e.until("readyok")
    e.send("ucinewgame")
    got = []
    for fen in fens:
        e.send("position fen " + fen)
        e.send("go depth 3")
        info, bm = e.until("bestmove")
        got.append(bm.split()[1])
        if not any(l.startswith("info depth 3 seldepth ") and " score " in l and " pv " in l for l in info):
            fail("no 'info depth 3 seldepth .. score .. pv ..' line for %s" % fen)
    legal = stockfish_legal(sf, fens) if sf else None
    agree = 0
    for i, fen in enumerate(fens):
        want = search_best(quiesce, fen)
        if got[i] != want:
            fail("position %d (%s): bestmove %s, quiesce search --depth 3 says %s" % (i + 1, fen, got[i], want))
        else:
            agree += 1
        if legal is not None and got[i] not in legal[i]:
            fail("position %d (%s): bestmove %s is not among Stockfish's legal moves" % (i + 1, fen, got[i]))
    print("protocol: %d positions, %d bestmoves equal to quiesce search's%s" %
          (len(fens), agree, ", all legal per Stockfish" if legal is not None else ""))

    # 2. isready while thinking, then stop.
    e.send("position startpos")
    e.send("go infinite")
    e.send("isready")
    before, _ = e.until("readyok")
    if any(l.startswith("bestmove") for l in before):
        fail("go infinite: bestmove before stop")
    e.send("stop")
    _, bm = e.until("bestmove")
    if bm.split()[1] not in ("a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4",
                             "f2f3", "f2f4", "g2g3", "g2g4", "h2h3", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3"):
        fail("go infinite/stop: bestmove '%s' is not a legal first move" % bm)

    # 3. Bad input: each line gets an info string, and the engine goes on.
    bad = [
        "foo", "position", "position middlegame", "position fen", "position fen 8/8/8/8 w - -",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 junk",
        "position startpos e2e4", "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "setoption", "setoption name", "setoption name Nonsense value 1",
        "setoption name Quiescence value sometimes", "setoption name QDepth value -5",
        "setoption name DeltaMargin value lots", "setoption name CheckPlies value 99999",
        "go depth", "go nodes many", "go sideways 3",
        "\x01\x02 binary", "x" * 5000,
    ]
    e.send("position startpos moves e2e4")
    for b in bad:
        e.send(b)
        e.send("isready")
        before, _ = e.until("readyok")
        if b.startswith("go"):
            # A go with a bad parameter still searches (with the other parameters): wait for it
            # (a bounded one may have answered already).
            if not any(l.startswith("bestmove") for l in before):
                e.send("stop")
                _, bm = e.until("bestmove")
            continue
        if not any(l.startswith("info string") for l in before):
            fail("bad input %r: no info string" % b[:40])
    # Out-of-range go values (issue 19): an info string that says so, and still a search.
    for b, says in (("go depth 99999999999", "depth 99999999999 is out of range"),
                    ("go depth 99999999999999999999", "is out of range"),
                    ("go wtime -100 btime 1000", "wtime -100 is negative: read as 0"),
                    ("go mate -1", "mate -1 is out of range")):
        e.send(b)
        e.send("isready")
        before, _ = e.until("readyok")
        if not any(l.startswith("bestmove") for l in before):
            e.send("stop")
            e.until("bestmove")
        if not any(l.startswith("info string") and says in l for l in before):
            fail("%r: no info string saying '%s' (got %r)" % (b, says, before[-3:]))
    # Negative, zero or malformed limits (issue 30): an info string and a bounded search that
    # answers without "stop" (no stop is sent: an unbounded search would hit the GUARD).
    for b, says in (("go movetime -1", "movetime -1 is out of range"),
                    ("go movetime 0", "movetime 0: searching for 1 ms"),
                    ("go nodes -5", "nodes -5 is out of range"),
                    ("go depth -3", "depth -3 is out of range"),
                    ("go movetime soon", "'movetime' needs a whole number")):
        e.send(b)
        before, bm = e.until("bestmove")
        if not any(l.startswith("info string") and says in l for l in before):
            fail("%r: no info string saying '%s' (got %r)" % (b, says, before[-3:]))
        if len(bm.split()) < 2 or bm.split()[1] == "0000":
            fail("%r: no move: %r" % (b, bm))
    # The position is still the one after e2e4 (the bad lines changed nothing).
    e.send("go depth 2")
    _, bm = e.until("bestmove")
    want = search_best(quiesce, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", ["--depth", "2"])
    if bm.split()[1] != want:
        fail("after bad input: bestmove %s, expected %s (the position after 1. e4)" % (bm, want))
    # An illegal move: the position stays after the last legal move.
    e.send("position startpos moves e2e4 e7e5 e1e3 g1f3")
    e.send("isready")
    before, _ = e.until("readyok")
    if not any("illegal move 'e1e3'" in l for l in before):
        fail("illegal move e1e3: not reported")
    e.send("go depth 2")
    _, bm = e.until("bestmove")
    want = search_best(quiesce, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", ["--depth", "2"])
    if bm.split()[1] != want:
        fail("after an illegal move: bestmove %s, expected %s (the position after 1. e4 e5)" % (bm, want))

    # 4. Options change the search; TraceFile gets the trace.
    fen = fens[0]
    e.send("setoption name Quiescence value none")
    e.send("position fen " + fen)
    e.send("go depth 3")
    _, bm = e.until("bestmove")
    want = search_best(quiesce, fen, ["--mode", "none"])
    if bm.split()[1] != want:
        fail("Quiescence none: bestmove %s, quiesce search --mode none says %s" % (bm, want))
    e.send("setoption name Quiescence value captures")
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "trace file.json")
        e.send("setoption name TraceFile value " + path)
        e.send("go depth 2")
        _, bm = e.until("bestmove")
        try:
            with open(path) as f:
                t = json.load(f)
            if "nodes" not in json.dumps(t)[:100000]:
                fail("TraceFile: the trace has no nodes")
        except (OSError, ValueError) as ex:
            fail("TraceFile: %s" % ex)
        e.send("setoption name TraceFile value <empty>")
    # The transposition table (TT, Hash), kept across the iterations: the table answers only a
    # result of the same depth, so the move is the one "quiesce search" finds without it; the
    # trace TraceFile keeps (its iteration starts from an empty table) checks clean.
    e.send("setoption name TT value true")
    e.send("setoption name Hash value 2")
    e.send("position fen " + fen)
    e.send("go depth 3")
    _, bm = e.until("bestmove")
    want = search_best(quiesce, fen)
    if bm.split()[1] != want:
        fail("TT: bestmove %s, quiesce search without the table says %s" % (bm, want))
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "tt.json")
        e.send("setoption name TraceFile value " + path)
        e.send("go depth 3")
        _, bm = e.until("bestmove")
        r = subprocess.run([quiesce, "check-trace", path], capture_output=True, text=True)
        if r.returncode != 0 or '"tt": true' not in open(path).read(2000):
            fail("TT: the trace TraceFile kept does not check clean with the table on: %s" % r.stdout[:300])
        e.send("setoption name TraceFile value <empty>")
    e.send("setoption name TT value false")

    # 5. Limits.
    e.send("position startpos")
    e.send("go nodes 5000")
    info, bm = e.until("bestmove")
    for l in info:
        w = l.split()
        if "nodes" in w and int(w[w.index("nodes") + 1]) > 5000:
            fail("go nodes 5000: an info line reports more: %s" % l)
    if bm.split()[1] == "0000":
        fail("go nodes 5000: no move")
    e.send("go movetime 50")
    _, bm = e.until("bestmove")
    e.send("go wtime 1000 btime 1000 winc 10 binc 10")
    _, bm = e.until("bestmove")
    e.send("go wtime 0 btime -30")
    _, bm = e.until("bestmove")
    if bm.split()[1] == "0000":
        fail("go with no time left: no move")
    # A position with no legal move: bestmove 0000, no crash.
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    e.send("go depth 3")
    _, bm = e.until("bestmove")
    if bm != "bestmove 0000":
        fail("stalemate: %s, expected bestmove 0000" % bm)
    rc = e.close()
    if rc != 0:
        fail("quit: exit status %d" % rc)
    err = e.p.stderr.read()
    if err:
        fail("stderr not empty: %s" % err[:300])
    print("uci-check: %d failure(s)" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
