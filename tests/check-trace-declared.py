#!/usr/bin/env python3
"""check-trace-declared.py: traces of what real engines do, built from correct searches.

Each command reads a compact JSON Lines trace (quiesce-trace(5), COMPACT
RECORDS) and writes another whose correctness follows from the documented
rules, not from quiesce's checker:

  extend IN OUT DECLARE   IN is a depth-D search; OUT declares depth D-1 and an
                          extension of one ply (reason "check") before every
                          root move: each root move's subtree then has the
                          horizon D, so OUT is the same search and clean.
                          DECLARE 0 leaves the declaration out.
  nullcut IN OUT VALUE    IN is a fail-hard search of depth >= 2; the first
                          ply-1 node not in check that returned its beta (a
                          refuted move: its parent saw alpha and did not raise)
                          gets, instead of its subtree, a null move worth
                          beta + VALUE and a cutoff by it, returning beta: the
                          parent's events stay right. VALUE 0 is clean; a
                          negative VALUE is a null-move "cutoff" below beta.
  second IN               prints the second root move of IN and the root's alpha
                          when it is searched (the value of its last raise)
  research IN SCOUT OUT DECLARE
                          OUT is IN with, before its second root move, that
                          move searched first by the trace SCOUT (the same
                          child position searched by the same engine with
                          a null window at the root: a PVS scout); then the
                          re-search, IN's own child. DECLARE 0 leaves the
                          declaration out.
  declare IN OUT JSON     OUT is IN with the header's "declares" set to JSON.
  qroots FILE             FILE is a json-full document: prints the ids of the
                          quiescence nodes whose parent is a main-search node.
"""
import json
import sys


def read(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    head = json.loads(lines[0])
    recs = [json.loads(x) for x in lines[1:] if x.strip()]
    recs = [r for r in recs if isinstance(r, list)]   # the result line is derived again
    return head, recs


def write(path, head, recs):
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(head) + "\n")
        for r in recs:
            f.write(json.dumps(r, separators=(",", ":")) + "\n")


def extend(src, dst, declare):
    head, recs = read(src)
    head["options"]["depth"] -= 1
    if declare != "0":
        head["declares"] = {"extensions": True}
    out, depth = [], 0
    for r in recs:
        if r[0] == "move" and depth == 1:
            out.append(["extension", 1, {"reason": "check"}])
        if r[0] == "enter":
            depth += 1
        elif r[0] == "leave":
            depth -= 1
        out.append(r)
    write(dst, head, out)


def nullcut(src, dst, value):
    """The window of each node is derived as quiesce-trace(5) says: the root's
    (-inf, inf) unless given, a child's the parent's negated with alpha as raised
    so far (by a raising stand pat or an alpha_raise)."""
    head, recs = read(src)
    assert not head["options"].get("fail_soft"), "nullcut needs a fail-hard trace"
    inf = 32500
    stack = []          # [alpha, beta, start index in recs]
    target = None
    for i, r in enumerate(recs):
        if r[0] == "enter":
            if stack:
                a, b = -stack[-1][1], -stack[-1][0]
            else:
                a, b = -inf, inf
            if len(r) > 1 and isinstance(r[-1], dict):
                a = r[-1].get("alpha", a)
                b = r[-1].get("beta", b)
            stack.append([a, b, i])
        elif r[0] == "stand_pat":
            if stack[-1][0] < r[1] < stack[-1][1]:
                stack[-1][0] = r[1]
        elif r[0] == "alpha_raise":
            stack[-1][0] = r[1]
        elif r[0] == "leave":
            a, b, start = stack.pop()
            if len(stack) == 1 and target is None and r[1] == b and b < inf and len(recs[start]) == 1:
                target = (start, i, b)
    assert target is not None, "no refuted ply-1 node"
    start, end, beta = target
    v = beta + int(value)
    sub = [["enter"], ["null_move", v, {"reduction": 2}], ["beta_cutoff", v], ["leave", beta]]
    head["declares"] = {"null_move": True}
    write(dst, head, recs[:start] + sub + recs[end + 1:])
    print(start)


def root_moves(recs):
    """The indices of the root's move records, and the root's alpha before each."""
    depth, alpha, out = 0, None, []
    for i, r in enumerate(recs):
        if r[0] == "enter":
            depth += 1
        elif r[0] == "leave":
            depth -= 1
        elif depth == 1 and r[0] == "move":
            out.append((i, alpha))
        elif depth == 1 and r[0] == "alpha_raise":
            alpha = r[1]
        elif depth == 1 and r[0] == "stand_pat":
            alpha = r[1]
    return out


def second(src):
    head, recs = read(src)
    i, alpha = root_moves(recs)[1]
    print(recs[i][1], alpha)


def research(src, scout, dst, declare_it):
    head, recs = read(src)
    _, srecs = read(scout)
    i, _ = root_moves(recs)[1]
    out = recs[:i] + [recs[i]] + srecs + recs[i:]
    if declare_it != "0":
        head["declares"] = {"research": True}
    write(dst, head, out)


def declare(src, dst, js):
    head, recs = read(src)
    head["declares"] = json.loads(js)
    write(dst, head, recs)


def qroots(path):
    doc = json.load(open(path, encoding="utf-8"))
    nodes = {n["id"]: n for n in doc["nodes"]}
    for n in doc["nodes"]:
        p = n["parent"]
        if n["qply"] is not None and p is not None and nodes[p]["qply"] is None:
            print(n["id"])


def main():
    cmd = sys.argv[1]
    if cmd == "extend":
        extend(sys.argv[2], sys.argv[3], sys.argv[4])
    elif cmd == "nullcut":
        nullcut(sys.argv[2], sys.argv[3], sys.argv[4])
    elif cmd == "second":
        second(sys.argv[2])
    elif cmd == "research":
        research(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5])
    elif cmd == "declare":
        declare(sys.argv[2], sys.argv[3], sys.argv[4])
    elif cmd == "qroots":
        qroots(sys.argv[2])
    else:
        sys.exit("unknown command " + cmd)


main()
