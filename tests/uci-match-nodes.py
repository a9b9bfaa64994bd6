#!/usr/bin/env python3
"""uci-match-nodes.py: quiesce uci at "go nodes N" plays the games of match --nodes N.

    uci-match-nodes.py QUIESCE PGN NODES OPENINGS...

PGN holds the games of "quiesce match --modes captures,captures --nodes N"
over OPENINGS (FENs, in order), two games an opening (both the same: one
variant plays both sides). For each opening, one "quiesce uci" process with
its default options (mode captures, evaluation pst) plays both sides at
"go nodes N", each move sent as "position fen OPENING moves ..." as a GUI
does, for as many plies as match's game has. Every ply's move must be the
one match played: its destination square and promotion
must be the one of the PGN's SAN move (a castling king's square for
O-O and O-O-O), which this script reads without any
chess knowledge of its own. Every wait has a guard against a hang (60 s);
nothing is timed. Exit status 0 when every move agrees.
"""
import os
import re
import select
import subprocess
import sys

GUARD = 60.0


def pgn_games(path):
    """The SAN moves of each game of PGN, in order."""
    games, cur = [], None
    for raw in open(path, encoding="utf-8"):
        line = raw.strip()
        if line.startswith("[Event "):
            cur = []
            games.append(cur)
            continue
        if not line or line.startswith("["):
            continue
        line = re.sub(r"\{[^}]*\}", " ", line)
        for tok in line.split():
            if re.match(r"^\d+\.+$", tok) or tok in ("1-0", "0-1", "1/2-1/2", "*"):
                continue
            tok = re.sub(r"^\d+\.+", "", tok)
            if tok:
                cur.append(tok)
    return games


def san_target(san, white):
    """The UCI move's destination (and promotion) a SAN move names; WHITE: White plays it."""
    san = san.rstrip("+#!?")
    rank = "1" if white else "8"
    if san.startswith("O-O-O"):
        return "c" + rank
    if san.startswith("O-O"):
        return "g" + rank
    m = re.search(r"([a-h][1-8])(=[NBRQ])?$", san)
    if not m:
        raise ValueError("cannot read the SAN move '%s'" % san)
    return m.group(1) + (m.group(2)[1].lower() if m.group(2) else "")


class Engine:
    def __init__(self, quiesce):
        self.p = subprocess.Popen([quiesce, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.buf = b""

    def send(self, text):
        self.p.stdin.write((text + "\n").encode())
        self.p.stdin.flush()

    def line(self):
        while b"\n" not in self.buf:
            r, _, _ = select.select([self.p.stdout], [], [], GUARD)
            if not r:
                raise RuntimeError("quiesce uci gave no answer within %d s" % GUARD)
            chunk = os.read(self.p.stdout.fileno(), 65536)
            if not chunk:
                raise RuntimeError("quiesce uci closed its output")
            self.buf += chunk
        raw, self.buf = self.buf.split(b"\n", 1)
        return raw.decode("utf-8", "replace").rstrip("\r")

    def expect(self, word):
        while True:
            text = self.line()
            if text.split()[:1] == [word]:
                return text

    def close(self):
        self.send("quit")
        self.p.wait(timeout=GUARD)


def main():
    quiesce, pgn, nodes, fens = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    games = pgn_games(pgn)
    if len(games) != 2 * len(fens):
        print("expected %d games in %s, found %d" % (2 * len(fens), pgn, len(games)))
        return 1
    bad = 0
    plies = 0
    for k, fen in enumerate(fens):
        sans = games[2 * k]
        if sans != games[2 * k + 1]:
            print("opening %d: match's two games differ, though one variant plays both" % (k + 1))
            bad += 1
        e = Engine(quiesce)
        e.send("uci")
        e.expect("uciok")
        e.send("ucinewgame")
        played = []
        for ply, san in enumerate(sans):
            cmd = "position fen " + fen + (" moves " + " ".join(played) if played else "")
            e.send(cmd)
            e.send("go nodes " + nodes)
            bm = e.expect("bestmove").split()[1]
            white = (ply % 2 == 0) == (fen.split()[1] == "w")
            if bm[2:] != san_target(san, white):
                print("opening %d, ply %d: uci plays %s, match played %s" % (k + 1, ply + 1, bm, san))
                bad += 1
                break
            played.append(bm)
            plies += 1
        e.close()
    print("%d openings, %d plies at %s nodes: %s" % (len(fens), plies, nodes, "identical" if bad == 0 else "%d differences" % bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
