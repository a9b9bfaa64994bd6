#!/usr/bin/env python3
"""sf-match.py: quiesce uci against Stockfish at a limited strength, for the README's absolute table.

    sf-match.py QUIESCE STOCKFISH ELO PAIRS DEPTH [OPTION=VALUE...]

Plays PAIRS game pairs: the first PAIRS openings of positions/balanced.epd,
each twice with the colours swapped, "quiesce uci" (with the setoptions
given, "go depth DEPTH") against Stockfish with UCI_LimitStrength true and
UCI_Elo ELO ("go movetime 100"). A third Stockfish process, at full
strength, is only the referee: it lists the legal moves ("go perft 1") and
the position ("d"), so an illegal move loses, and the game ends by mate,
stalemate, threefold repetition (FEN's first four fields, whose en passant
square Stockfish prints only when a capture is possible), the fifty-move
rule, bare kings or king and one minor piece, or 400 plies (a draw, as
quiesce match adjudicates). Prints quiesce's +W =D -L, its score, and its
Elo with the 95 % interval from the pairs (pentanomial, as quiesce match),
that is ELO plus the difference. Every wait has a 120 s guard.
"""
import math
import os
import select
import subprocess
import sys

GUARD = 120.0
HERE = os.path.dirname(os.path.abspath(__file__))


class Engine:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.buf = b""

    def send(self, text):
        self.p.stdin.write((text + "\n").encode())
        self.p.stdin.flush()

    def line(self):
        while b"\n" not in self.buf:
            r, _, _ = select.select([self.p.stdout], [], [], GUARD)
            if not r:
                raise RuntimeError("no answer within %d s" % GUARD)
            chunk = os.read(self.p.stdout.fileno(), 65536)
            if not chunk:
                raise RuntimeError("the engine closed its output")
            self.buf += chunk
        raw, self.buf = self.buf.split(b"\n", 1)
        return raw.decode("utf-8", "replace").rstrip("\r")

    def until(self, word):
        before = []
        while True:
            text = self.line()
            if text.split()[:1] == [word] or text.startswith(word):
                return before, text
            before.append(text)

    def close(self):
        self.send("quit")
        self.p.wait(timeout=GUARD)


def referee(ref, fen, moves):
    """The legal moves, the FEN and whether the side to move is in check, per Stockfish."""
    ref.send("position fen %s%s" % (fen, " moves " + " ".join(moves) if moves else ""))
    ref.send("d")
    before, checkers = ref.until("Checkers:")
    cur = [l for l in before if l.startswith("Fen: ")][0][5:]
    ref.send("go perft 1")
    before, _ = ref.until("Nodes searched")
    legal = {l.split(":")[0] for l in before if ":" in l and len(l.split(":")[0]) in (4, 5)}
    return legal, cur, checkers.split(":", 1)[1].strip() != ""


def bare(fen):
    board = fen.split()[0]
    pieces = [c for c in board if c.isalpha() and c not in "Kk"]
    return all(c in "NBnb" for c in pieces) and len(pieces) <= 1


def play(q, sf, ref, fen, q_white, depth):
    """One game; quiesce's points (1, 0.5, 0) and how it ended."""
    moves, seen = [], {}
    for e in (q, sf):
        e.send("ucinewgame")
    white_to_move = fen.split()[1] == "w"
    for ply in range(400):
        legal, cur, check = referee(ref, fen, moves)
        key = " ".join(cur.split()[:4])
        seen[key] = seen.get(key, 0) + 1
        q_moves = white_to_move == q_white
        if not legal:
            if not check:
                return 0.5, "stalemate"
            return (0.0 if q_moves else 1.0), "checkmate"
        if seen[key] >= 3:
            return 0.5, "threefold repetition"
        if int(cur.split()[4]) >= 100:
            return 0.5, "fifty-move rule"
        if bare(cur):
            return 0.5, "insufficient material"
        e = q if q_moves else sf
        e.send("position fen %s%s" % (fen, " moves " + " ".join(moves) if moves else ""))
        e.send("go depth %d" % depth if q_moves else "go movetime 100")
        _, bm = e.until("bestmove")
        m = bm.split()[1]
        if m not in legal:
            return (0.0 if q_moves else 1.0), "illegal move %s" % m
        moves.append(m)
        white_to_move = not white_to_move
    return 0.5, "maximum length"


def main():
    quiesce, stockfish, elo, pairs, depth = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    options = sys.argv[6:]
    fens = []
    with open(os.path.join(HERE, "..", "positions", "balanced.epd")) as f:
        for line in f:
            fens.append(" ".join(line.split()[:4]) + " 0 1")
            if len(fens) == pairs:
                break
    q = Engine([quiesce, "uci"])
    q.send("uci")
    q.until("uciok")
    for o in options:
        name, value = o.split("=", 1)
        q.send("setoption name %s value %s" % (name, value))
    sf = Engine([stockfish])
    sf.send("uci")
    sf.until("uciok")
    sf.send("setoption name UCI_LimitStrength value true")
    sf.send("setoption name UCI_Elo value %d" % elo)
    ref = Engine([stockfish])
    ref.send("uci")
    ref.until("uciok")
    w = d = l = 0
    penta = [0] * 5
    reasons = {}
    for fen in fens:
        pair = 0.0
        for q_white in (True, False):
            pts, why = play(q, sf, ref, fen, q_white, depth)
            reasons[why] = reasons.get(why, 0) + 1
            pair += pts
            w, d, l = w + (pts == 1), d + (pts == 0.5), l + (pts == 0)
        penta[int(pair * 2)] += 1
    n = sum(penta)
    mean = sum(k / 4 * c for k, c in enumerate(penta)) / n
    var = sum(c * (k / 4 - mean) ** 2 for k, c in enumerate(penta)) / n
    se = math.sqrt(var / n)

    def el(s):
        return -400 * math.log10(1 / s - 1) if 0 < s < 1 else (math.inf if s >= 1 else -math.inf)

    print("quiesce %s depth %d vs Stockfish UCI_Elo %d: +%d =%d -%d, score %.1f%%, Elo %.0f [%.0f, %.0f] "
          "(pairs %s; %s)" % (" ".join(options) or "defaults", depth, elo, w, d, l, 100 * mean, elo + el(mean),
                              elo + el(mean - 1.959964 * se), elo + el(mean + 1.959964 * se), penta,
                              ", ".join("%s %d" % kv for kv in sorted(reasons.items()))))
    for e in (q, sf, ref):
        e.close()


if __name__ == "__main__":
    main()
