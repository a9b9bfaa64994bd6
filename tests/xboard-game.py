#!/usr/bin/env python3
"""xboard-game.py: plays one whole game through polyglot (the UCI to xboard adapter).

    xboard-game.py POLYGLOT INI DEPTH MAXPLIES PGN

Speaks the xboard protocol to polyglot as a GUI would ("xboard", "protover
2", "new", "sd DEPTH", then "go" after every move, so that the engine plays
both sides) until polyglot announces a result or MAXPLIES moves were
played. Writes the moves (coordinate notation) as a PGN game to PGN, so
that an independent reader (pgn-extract) can check every move. Prints the
result line. Exit status 0 when a result was announced, 1 otherwise.
Every wait has a guard against a hang (60 s) but nothing is timed.
"""
import os
import re
import select
import subprocess
import sys

GUARD = 60.0


def main():
    polyglot, ini, depth, maxplies, pgn = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
    p = subprocess.Popen([polyglot, ini], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    buf = b""

    def send(line):
        p.stdin.write((line + "\n").encode())
        p.stdin.flush()

    def line():
        nonlocal buf
        while b"\n" not in buf:
            r, _, _ = select.select([p.stdout], [], [], GUARD)
            if not r:
                raise RuntimeError("polyglot gave no answer within %d s" % GUARD)
            chunk = os.read(p.stdout.fileno(), 65536)
            if not chunk:
                raise RuntimeError("polyglot closed its output")
            buf += chunk
        raw, buf = buf.split(b"\n", 1)
        return raw.decode("utf-8", "replace").rstrip("\r")

    send("xboard")
    send("protover 2")
    while "done=1" not in line():
        pass
    send("new")
    send("sd " + depth)
    send("ping 1")
    while line() != "pong 1":
        pass
    send("go")
    moves, result = [], None
    while result is None and len(moves) < maxplies:
        text = line()
        m = re.match(r"^move (\S+)$", text)
        if m:
            moves.append(m.group(1))
            if len(moves) < maxplies:
                send("go")
            continue
        r = re.match(r"^(1-0|0-1|1/2-1/2) \{(.*)\}", text)
        if r:
            result = (r.group(1), r.group(2))
        elif text.startswith("Illegal") or text.startswith("Error") or text.startswith("tellusererror"):
            print("polyglot: " + text)
            break
    send("quit")
    p.wait(timeout=GUARD)
    with open(pgn, "w") as f:
        f.write('[Event "polyglot test"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "1"]\n'
                '[White "quiesce"]\n[Black "quiesce"]\n[Result "%s"]\n\n' % (result[0] if result else "*"))
        body = []
        for i, mv in enumerate(moves):
            if i % 2 == 0:
                body.append("%d." % (i // 2 + 1))
            body.append(mv)
        body.append(result[0] if result else "*")
        f.write(" ".join(body) + "\n")
    print("%d plies; result: %s" % (len(moves), "%s {%s}" % result if result else "none"))
    return 0 if result else 1


if __name__ == "__main__":
    sys.exit(main())
