#!/usr/bin/env python3
"""practice-walk.py: the questions a ':practice walk' must ask, worked out
again from the JSON trace of 'quiesce trace --format json-full' (not from the
walk's own output), and the REPL's answers checked against them.

  practice-walk.py expect TRACE.json LEVEL
      prints one line per question: EVENT (1-based) KIND ANSWER
  practice-walk.py input EXPECTED MODE
      prints the REPL's input: 'practice walk LEVEL' is given by the caller;
      MODE right answers every question with the trace's answer, wrong with
      another one (a different choice, the value + 500, an illegal move)
  practice-walk.py check EXPECTED REPL-OUTPUT MODE
      checks the questions' events, the verdicts and the final score

A decision that repeats one already asked (the same kind, at the same kind of
node: main search, quiescence, quiescence in check; with the same values in
its question and the same answer) is skipped.

The rules, as quiesce(1) documents them for ':practice walk': at each event
the question of the highest level not above the walk's level (the first in
this order among equals) is asked:
  level 1: stand-pat-cut (a stand_pat event: 1 yes when its outcome is a
    cutoff, else 2 no); prune (with delta or see on: a move or prune event of
    a quiescence node not in check, for a capture that is not a promotion:
    1 searched, 2 delta, 3 see); raise-cut (the event right after a child's
    leave, in its parent: 3 when it is the parent's beta_cutoff by the
    child's move, 2 its alpha_raise, else 1 neither);
  level 2: stand-pat-value (its value); first-move (the first move or prune
    event of a quiescence node not in check with two or more of them: the
    move); node-value (a leave of a node with children: its score, when not a
    mate score);
  level 3: beta (the enter event of a non-root node: its beta, when finite);
    bound (a leave of a node with children or of a quiescence node: 1 exact,
    2 lower, 3 upper).
"""
import json
import re
import sys

MATE = 32000
LEVEL = {"stand-pat-cut": 1, "prune": 1, "raise-cut": 1, "stand-pat-value": 2, "first-move": 2,
         "node-value": 2, "beta": 3, "bound": 3}
ORDER = ["stand-pat-cut", "prune", "raise-cut", "stand-pat-value", "first-move", "node-value", "beta", "bound"]
TRIES = ("move", "delta_prune", "see_prune")


def expect(path, level):
    d = json.load(open(path))
    nodes = {n["id"]: n for n in d["nodes"]}
    events = d["events"]
    opts = d["options"]
    own = {}
    for i, e in enumerate(events):
        own.setdefault(e["node"], []).append(i)
    child_of = {}
    for i, e in enumerate(events):
        if e["kind"] == "move":
            child_of[i] = e["child"]
    out = []
    seen = set()
    for i in range(1, len(events)):
        e = events[i]
        if e["kind"] == "stopped":
            continue
        n = nodes[e["node"]]
        quiet_q = n["qply"] is not None and not n["in_check"]
        answers = {}
        if e["kind"] == "stand_pat":
            answers["stand-pat-cut"] = "1" if e["outcome"] == "cutoff" else "2"
            answers["stand-pat-value"] = str(e["value"])
        prev = events[i - 1]
        if prev["kind"] == "leave" and prev["node"] != e["node"] and nodes[prev["node"]]["parent"] == e["node"]:
            cm = nodes[prev["node"]]["move"]
            if e["kind"] == "beta_cutoff" and e.get("move") == cm:
                answers["raise-cut"] = "3"
            elif e["kind"] == "alpha_raise" and e.get("move") == cm:
                answers["raise-cut"] = "2"
            else:
                answers["raise-cut"] = "1"
        if quiet_q and e["kind"] in TRIES:
            if opts["delta"] or opts["see"]:
                if e["kind"] == "move":
                    san = nodes[e["child"]]["san"]
                    capture = "x" in san and "=" not in san
                else:
                    capture = len(e["move"]) == 4
                if capture:
                    answers["prune"] = {"move": "1", "delta_prune": "2", "see_prune": "3"}[e["kind"]]
            tries = [j for j in own[e["node"]] if events[j]["kind"] in TRIES]
            if len(tries) >= 2 and tries[0] == i:
                answers["first-move"] = e["move"]
        if e["kind"] == "leave":
            if n["children"] and abs(n["score"]) < MATE:
                answers["node-value"] = str(n["score"])
            if n["children"] or n["qply"] is not None:
                answers["bound"] = {"exact": "1", "lower": "2", "upper": "3"}[n["bound"]]
        if e["kind"] == "enter" and n["parent"] is not None and abs(n["beta"]) < MATE:
            answers["beta"] = str(n["beta"])
        best = None
        for k in ORDER:
            if k in answers and LEVEL[k] <= level and (best is None or LEVEL[k] > LEVEL[best]):
                best = k
        if best:
            # A decision that repeats one asked (same kind, kind of node, values and answer) is skipped.
            sig = signature(nodes, events, own, i, best, answers[best])
            if sig in seen:
                continue
            seen.add(sig)
            out.append((i + 1, best, answers[best]))
    return out


def alpha_before(nodes, events, own, node, i):
    """The alpha of NODE just before event I: its entry alpha, raised by its stand pat and alpha raises."""
    alpha = nodes[node]["alpha"]
    for j in own[node]:
        if j >= i:
            break
        e = events[j]
        if e["kind"] == "alpha_raise" or (e["kind"] == "stand_pat" and e["outcome"] == "raise"):
            alpha = e["value"]
    return alpha


def signature(nodes, events, own, i, kind, answer):
    """What makes two questions the same: the kind, the kind of node, the values the question gives, the answer."""
    e = events[i]
    n = nodes[e["node"]]
    node_kind = 0 if n["qply"] is None else 2 if n["in_check"] else 1
    values = ()
    if kind == "stand-pat-cut":
        values = (e["value"], n["beta"])
    elif kind == "stand-pat-value":
        values = ()
    elif kind == "prune":
        values = (n["eval"], alpha_before(nodes, events, own, e["node"], i), e["move"])
    elif kind == "raise-cut":
        c = nodes[events[i - 1]["node"]]
        values = (c["move"], -c["score"], alpha_before(nodes, events, own, e["node"], i), n["beta"])
    elif kind == "first-move":
        values = (len([j for j in own[e["node"]] if events[j]["kind"] in TRIES]),)
    elif kind == "node-value":
        values = (n["alpha"], n["beta"])
    elif kind == "beta":
        p = nodes[n["parent"]]
        values = (n["move"], alpha_before(nodes, events, own, n["parent"], i), p["beta"])
    elif kind == "bound":
        values = (n["score"], n["alpha"], n["beta"])
    return (kind, node_kind) + values + (answer,)


def read_expected(path):
    rows = []
    for line in open(path):
        ev, kind, ans = line.split()
        rows.append((int(ev), kind, ans))
    return rows


def wrong(kind, ans):
    if kind in ("stand-pat-cut",):
        return "1" if ans == "2" else "2"
    if kind in ("prune", "raise-cut", "bound"):
        return str(int(ans) % 3 + 1)
    if kind == "first-move":
        return "a1h8"
    return str(int(ans) + 500)


def main():
    cmd = sys.argv[1]
    if cmd == "expect":
        for ev, kind, ans in expect(sys.argv[2], int(sys.argv[3])):
            print(ev, kind, ans)
        return 0
    rows = read_expected(sys.argv[2])
    if cmd == "input":
        for ev, kind, ans in rows:
            print("practice " + (ans if sys.argv[3] == "right" else wrong(kind, ans)))
            print("practice next")
        return 0
    text = open(sys.argv[3]).read()
    mode = sys.argv[4]
    asked = [int(m) for m in re.findall(r"^P\d+ \(level \d, event (\d+)/\d+\)", text, re.M)]
    verdicts = re.findall(r"^(right|wrong|skipped): ", text, re.M)
    bad = 0
    if asked != [r[0] for r in rows]:
        print("the walk asked at events %s, the trace says %s" % (asked[:12], [r[0] for r in rows][:12]))
        for a, r in zip(asked, rows):
            if a != r[0]:
                print("  first difference: asked at %d, expected %s" % (a, r))
                break
        bad += 1
    want = "right" if mode == "right" else "wrong"
    if len(verdicts) != len(rows) or any(v != want for v in verdicts):
        print("%d verdicts, %d '%s', for %d questions" % (len(verdicts), verdicts.count(want), want, len(rows)))
        bad += 1
    score = "%d/%d" % (len(rows) if mode == "right" else 0, len(rows))
    if ("score of " + score) not in text:
        print("no final score %s" % score)
        bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
