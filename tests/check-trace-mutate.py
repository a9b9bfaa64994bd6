#!/usr/bin/env python3
"""check-trace-mutate.py: break one search rule in a quiesce trace.

Usage: check-trace-mutate.py MUTATION IN.json OUT.json

Reads a trace written by "quiesce trace --format json", changes it so that
exactly one documented search rule (quiesce-trace(5), CHECKED RULES) is
broken at one node, keeps the file otherwise consistent (node records agree
with their events, bounds with scores), writes it to OUT.json and prints
"RULE NODE": the rule "quiesce check-trace" must report and the node it must
report it at. The expected node is found here from the trace's structure by
the mutation's own definition (for example "the first node, in event order,
that stands pat"), independently of the checker.
"""
import json
import sys

INF = 32500


def bound_of(score, alpha, beta):
    return "lower" if score >= beta else "upper" if score <= alpha else "exact"


def node_events(tr, nid):
    return [e for e in tr["events"] if e["node"] == nid]


def first_event(tr, pred):
    for e in tr["events"]:
        if pred(e):
            return e
    sys.exit("no event fits the mutation")


def set_score(tr, nid, score):
    nd = tr["nodes"][nid]
    nd["score"] = score
    nd["bound"] = bound_of(score, nd["alpha"], nd["beta"])
    for e in node_events(tr, nid):
        if e["kind"] == "leave":
            e["score"] = score
            e["bound"] = nd["bound"]


def mutate(name, tr):
    nodes = tr["nodes"]
    if name == "stand-pat-in-check":
        # A faulty-variant trace (evasions off) that now claims evasions on.
        tr["options"]["evasions"] = True
        e = first_event(tr, lambda e: e["kind"] == "stand_pat" and nodes[e["node"]]["in_check"])
        return e["node"]
    if name == "stand-pat-disabled":
        tr["options"]["stand_pat"] = False
        return first_event(tr, lambda e: e["kind"] == "stand_pat")["node"]
    if name == "stand-pat-main":
        root = nodes[0]
        enter = tr["events"].index(first_event(tr, lambda e: e["node"] == 0 and e["kind"] == "enter"))
        tr["events"].insert(enter + 1, {"node": 0, "kind": "stand_pat", "value": root["eval"],
                                        "alpha": root["alpha"], "beta": root["beta"], "outcome": "none"})
        return 0
    if name == "stand-pat-outcome":
        e = first_event(tr, lambda e: e["kind"] == "stand_pat" and e["outcome"] == "cutoff")
        e["outcome"] = "none"
        return e["node"]
    if name == "child-window":
        # The last child of the root gets a beta one higher than its parent passed down.
        nid = nodes[0]["children"][-1]
        nd = nodes[nid]
        nd["beta"] += 1
        for e in node_events(tr, nid):
            if "beta" in e:
                e["beta"] = nd["beta"]
        set_score(tr, nid, nd["score"])
        return nid
    if name == "cutoff-below-beta":
        e = first_event(tr, lambda e: e["kind"] == "beta_cutoff" and e.get("move"))
        e["score"] = nodes[e["node"]]["beta"] - 1
        return e["node"]
    if name == "missing-raise":
        e = first_event(tr, lambda e: e["kind"] == "alpha_raise" and e["node"] != 0)
        tr["events"].remove(e)
        return e["node"]
    if name == "leave-score":
        # Fail-soft: the first quiescence node that failed low returns one less than its best.
        nid = next(n["id"] for n in nodes if n["qply"] is not None and n["bound"] == "upper")
        set_score(tr, nid, nodes[nid]["score"] - 1)
        return nid
    if name == "mate-distance":
        e = first_event(tr, lambda e: e["kind"] == "mate")
        e["value"] += 1
        return e["node"]
    if name == "qdepth-where":
        tr["options"]["qdepth"] += 1
        return first_event(tr, lambda e: e["kind"] == "qdepth_limit")["node"]
    if name == "delta-margin":
        tr["options"]["delta_margin"] -= 50
        return first_event(tr, lambda e: e["kind"] == "delta_prune")["node"]
    if name == "see-condition":
        e = first_event(tr, lambda e: e["kind"] == "see_prune")
        e["see"] = 0
        return e["node"]
    sys.exit("unknown mutation " + name)


def main(argv):
    if len(argv) != 4:
        sys.exit(__doc__)
    with open(argv[2]) as f:
        tr = json.load(f)
    node = mutate(argv[1], tr)
    with open(argv[3], "w") as f:
        f.write("{")
        f.write(", ".join('"%s": %s' % (k, json.dumps(tr[k])) for k in ("format", "version", "fen", "options", "result")))
        f.write(',\n"nodes": [\n' + ",\n".join(json.dumps(n) for n in tr["nodes"]) + "\n],\n")
        f.write('"events": [\n' + ",\n".join(json.dumps(e) for e in tr["events"]) + "\n]}\n")
    print(argv[1], node)


if __name__ == "__main__":
    main(sys.argv)
