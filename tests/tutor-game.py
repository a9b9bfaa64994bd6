#!/usr/bin/env python3
"""tutor-game.py: a game against the engine in the tutor's command language.

    tutor-game.py QUIESCE STOCKFISH PGN [MOVES]

Drives "quiesce repl" as a learner would: from a position where Black (the
engine, mode none, depth 1) can grab a pawn with its queen, "game white";
the engine's first move must be a queen capture that Stockfish (an
independent engine) judges a blunder, and the tutor's "horizon" command must
mark that move's horizon leaf (the static value the search trusted against
what a quiescence search finds). Then Stockfish chooses the learner's moves
until the tutor announces the game over: it must be mate, won by the
learner. "takeback" and "export game" are exercised, and the exported game
is written to PGN for pgn-extract; the learner's moves of the game, one a
line, to MOVES (for the tmux test to replay them in the curses tutor). Every
wait has a 60 s guard; nothing is timed.
"""
import os
import re
import select
import subprocess
import sys

GUARD = 60.0
START = "6k1/5ppp/3q4/8/3P4/8/5PPP/3R2K1 b - - 0 1"


class Proc:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.buf = b""

    def send(self, line):
        self.p.stdin.write((line + "\n").encode())
        self.p.stdin.flush()

    def line(self):
        fd = self.p.stdout.fileno()
        while b"\n" not in self.buf:
            r, _, _ = select.select([fd], [], [], GUARD)
            if not r:
                raise RuntimeError("no answer within %d s" % GUARD)
            chunk = os.read(fd, 65536)
            if not chunk:
                raise RuntimeError("the program closed its output")
            self.buf += chunk
        raw, self.buf = self.buf.split(b"\n", 1)
        return raw.decode("utf-8", "replace")

    def until(self, pattern):
        lines = []
        while True:
            t = self.line()
            lines.append(t)
            if re.search(pattern, t):
                return lines


def main():
    quiesce, sf_path, pgn = sys.argv[1:4]
    sf = Proc([sf_path])
    sf.send("uci")
    sf.until("^uciok")

    def sf_eval(fen):
        sf.send("position fen " + fen)
        sf.send("go depth 12")
        lines = sf.until("^bestmove")
        score = None
        for l in lines:
            m = re.search(r" score (cp|mate) (-?\d+)", l)
            if m:
                score = (m.group(1), int(m.group(2)))
        return score, lines[-1].split()[1]

    q = Proc([quiesce, "repl"])
    for cmd in ("fen " + START, "mode none", "depth 1"):
        q.send(cmd)
    q.send("game white")
    lines = q.until(r"^Your move|^Game over|^error")
    text = "\n".join(lines)
    m = re.search(r"The engine plays 1\.\.\. (\S+) ", text)
    if not m:
        print("FAIL: no engine move after 'game white':\n" + text)
        return 1
    blunder = m.group(1)
    if not blunder.startswith("Qx"):
        print("FAIL: the engine (mode none, depth 1) did not grab a pawn with its queen: " + blunder)
        return 1
    fen = re.search(r"^Your move \(White\): (.*)$", lines[-1]).group(1)
    (kind, value), _ = sf_eval(fen)
    # Stockfish, with White to move after the engine's move: White is winning.
    if not ((kind == "cp" and value >= 300) or (kind == "mate" and value > 0)):
        print("FAIL: Stockfish does not call %s a blunder: %s %d for White" % (blunder, kind, value))
        return 1
    print("the engine blundered with 1... %s; Stockfish: %s %d for White" % (blunder, kind, value))
    # The blunder found with the tree: its horizon leaf is marked.
    q.send("horizon")
    q.send("stats")
    lines = q.until(r"^Result:|^search|nodes")
    mark = [l for l in lines if "(1... %s)" % blunder in l]
    if not mark or not mark[0].startswith("!"):
        print("FAIL: 'horizon' does not mark the leaf of %s:\n%s" % (blunder, "\n".join(lines[:30])))
        return 1
    print("horizon: " + mark[0].strip())

    # The game, Stockfish choosing the learner's moves, to the end.
    over = None
    took_back = False
    played = []
    for _ in range(200):
        _, best = sf_eval(fen)
        q.send("move " + best)
        lines = q.until(r"^Your move|^Game over|^error")
        last = lines[-1]
        if last.startswith("error"):
            print("FAIL: move %s refused: %s" % (best, last))
            return 1
        played.append(best)
        if last.startswith("Game over"):
            if not took_back:
                # Take the last moves back and play them again: the game must end the same way.
                took_back = True
                q.send("takeback")
                t = q.until(r"^Taken back|^error")[-1]
                m = re.match(r"^Taken back\. Your move \(White\): (.*)$", t)
                if not m:
                    print("FAIL: takeback: " + t)
                    return 1
                fen = m.group(1)
                played.pop()
                continue
            over = last
            break
        fen = re.search(r"^Your move \(White\): (.*)$", last).group(1)
    if not over or not over.startswith("Game over: 1-0, checkmate. You win."):
        print("FAIL: the game did not end in the learner's mate: %s" % over)
        return 1
    print(over)
    q.send("export game " + pgn)
    t = q.until(r"^Wrote the game|^error")[-1]
    if not t.startswith("Wrote the game"):
        print("FAIL: export game: " + t)
        return 1
    if len(sys.argv) > 4:
        with open(sys.argv[4], "w") as f:
            f.write("\n".join(played) + "\n")
    q.send("quit")
    q.p.wait(timeout=GUARD)
    sf.send("quit")
    sf.p.wait(timeout=GUARD)
    return 0


if __name__ == "__main__":
    sys.exit(main())
