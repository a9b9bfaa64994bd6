#!/usr/bin/env python3
"""check-trace-mutate.py: break one search rule in a quiesce trace.

Usage: check-trace-mutate.py MUTATION IN.json OUT.json

Reads a trace written by "quiesce trace --format json-full", changes it so that
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


def remove_child(tr, parent, child):
    """Removes CHILD's subtree and PARENT's move event for it, renumbering
    the nodes in pre-order and recounting the result's counters."""
    nodes = tr["nodes"]
    gone = set()
    todo = [child]
    while todo:
        n = todo.pop()
        gone.add(n)
        todo.extend(nodes[n].get("children", []))
    keep = [n for n in nodes if n["id"] not in gone]
    new = {n["id"]: i for i, n in enumerate(keep)}
    for n in keep:
        n["id"] = new[n["id"]]
        if n["parent"] is not None:
            n["parent"] = new[n["parent"]]
        n["children"] = [new[c] for c in n.get("children", []) if c not in gone]
    tr["nodes"] = keep
    events = []
    for e in tr["events"]:
        if e["node"] in gone or (e["node"] == parent and e["kind"] == "move" and e.get("child") == child):
            continue
        e["node"] = new[e["node"]]
        if "child" in e:
            e["child"] = new[e["child"]]
        events.append(e)
    tr["events"] = events
    res = tr["result"]
    res["nodes"] = len(keep)
    res["qnodes"] = sum(1 for n in keep if n["qply"] is not None)
    for k in ("stand_pat_cutoffs", "beta_cutoffs", "delta_prunes", "see_prunes", "mates"):
        res.pop(k, None)


def raised_by(tr, nid):
    """The moves whose return raised alpha or cut off at node NID."""
    return {e.get("move") for e in node_events(tr, nid) if e["kind"] in ("alpha_raise", "beta_cutoff")}


def quiet_child(tr, nid):
    """A child of NID that is off the principal variation and raised nothing, or None."""
    nodes = tr["nodes"]
    moved = raised_by(tr, nid)
    for c in nodes[nid]["children"]:
        if not nodes[c]["pv"] and nodes[c]["move"] not in moved:
            return c
    return None


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
        # A larger margin than the search used: its prunes name the wrong margin (a smaller
        # one would also make searched captures missed prunes, reported earlier).
        tr["options"]["delta_margin"] += 50
        return first_event(tr, lambda e: e["kind"] == "delta_prune")["node"]
    if name == "see-condition":
        e = first_event(tr, lambda e: e["kind"] == "see_prune")
        e["see"] = 0
        return e["node"]
    if name == "stand-pat-below-beta":
        # The first quiescence node whose stand pat is below beta and that then searched
        # captures stops there instead: outcome cutoff, its children gone, beta returned.
        for n in nodes:
            sp = [e for e in node_events(tr, n["id"]) if e["kind"] == "stand_pat"]
            if sp and sp[0]["value"] < n["beta"] and n["children"] and not n["pv"]:
                nid = n["id"]
                break
        else:
            sys.exit("no event fits the mutation")
        for c in list(reversed(nodes[nid]["children"])):
            remove_child(tr, nid, c)
        nodes = tr["nodes"]
        tr["events"] = [e for e in tr["events"]
                        if e["node"] != nid or e["kind"] in ("enter", "stand_pat", "leave")]
        for e in node_events(tr, nid):
            if e["kind"] == "stand_pat":
                e["outcome"] = "cutoff"
        set_score(tr, nid, nodes[nid]["beta"])
        return nid
    if name in ("quiescence-moves", "main-moves"):
        # One capture left out at the first quiescence node (not in check, not cut off),
        # or one move left out at the root: a child that raised nothing, off the PV.
        for n in nodes:
            if name == "main-moves" and n["id"] != 0:
                continue
            if name == "quiescence-moves" and (n["qply"] is None or n["in_check"] or n["bound"] == "lower"):
                continue
            c = quiet_child(tr, n["id"])
            if c is not None:
                remove_child(tr, n["id"], c)
                return n["id"]
        sys.exit("no event fits the mutation")
    if name == "fail-hard-window":
        # Fail-hard: the first quiescence node that stood pat below alpha and failed low
        # returns its stand pat (its best) instead of alpha.
        for e in tr["events"]:
            n = nodes[e["node"]]
            if e["kind"] == "stand_pat" and e["value"] < n["alpha"] and n["bound"] == "upper":
                set_score(tr, n["id"], e["value"])
                return n["id"]
        sys.exit("no event fits the mutation")
    if name == "delta-missed":
        # A trace searched without delta pruning now declares it (margin 0): the first capture
        # (no promotion) searched at a quiescence node not in check with static value +
        # captured value + 0 <= alpha must have been pruned. With the material evaluation
        # the captured value is the child's static value negated minus the parent's.
        tr["options"]["delta"] = True
        tr["options"]["delta_margin"] = 0
        alpha = {}
        for e in tr["events"]:
            n = nodes[e["node"]]
            if e["kind"] == "enter":
                alpha[n["id"]] = n["alpha"]
            elif e["kind"] == "stand_pat" and e["value"] > alpha[n["id"]]:
                alpha[n["id"]] = e["value"]
            elif e["kind"] == "alpha_raise":
                alpha[n["id"]] = e["value"]
            elif e["kind"] == "move" and n["qply"] is not None and not n["in_check"]:
                child = nodes[e["child"]]
                if "x" in child["san"] and "=" not in child["san"]:
                    gain = -child["eval"] - n["eval"]
                    if n["eval"] + gain <= alpha[n["id"]]:
                        return n["id"]
        sys.exit("no event fits the mutation")
    if name == "see-missed":
        # Hand-worked (tests/check-trace.sh): the root's one capture loses the queen; the
        # trace, searched without SEE, now declares it.
        tr["options"]["see"] = True
        return 0
    if name == "quiescence-move":
        # Hand-worked: a pawn push to the seventh searched with --pawn-pushes, now undeclared.
        tr["options"]["pawn_pushes"] = False
        return 0
    # ---- the modern techniques (issue 29)
    if name == "futility-condition":
        # A futility prune by the SEE rule now says the capture wins a pawn (SEE 100 > 0).
        e = first_event(tr, lambda e: e["kind"] == "futility_prune" and e["rule"] == "see")
        e["see"] = 100
        return e["node"]
    if name == "futility-margin":
        # A smaller margin than the search used: every prune still holds under it (a larger one
        # would make searched captures missed prunes, reported earlier), but names another margin.
        tr["options"]["futility_margin"] -= 50
        return first_event(tr, lambda e: e["kind"] == "futility_prune")["node"]
    if name == "see-threshold":
        # A larger threshold than the search used: no searched capture becomes a missed prune.
        tr["options"]["see_margin"] += 20
        return first_event(tr, lambda e: e["kind"] == "see_prune")["node"]
    if name == "recapture-disabled":
        tr["options"]["recaptures"] = None
        return first_event(tr, lambda e: e["kind"] == "recapture_prune")["node"]
    if name == "recapture-missed":
        # Searched with recaptures from qply 1, declared from qply 0: the first move searched at
        # a quiescence node of qply 0 (not in check) that does not go to the square its own
        # move went to.
        tr["options"]["recaptures"] = 0
        for e in tr["events"]:
            n = nodes[e["node"]]
            if (e["kind"] == "move" and n["qply"] == 0 and not n["in_check"] and n["move"] is not None
                    and e["move"][2:4] != n["move"][2:4]):
                return n["id"]
        sys.exit("no event fits the mutation")
    if name == "futility-missed":
        # Hand-worked (tests/check-trace.sh): the root stands pat at -90 (alpha -90) and its one
        # capture Bxe5 has SEE -10; the trace, searched without futility, now declares it with a
        # margin of 0: -90 + 0 <= -90 and SEE <= 0, so Bxe5 must have been pruned, at the root.
        tr["options"]["futility"] = True
        tr["options"]["futility_margin"] = 0
        return 0
    if name == "futility-check":
        # Hand-worked (tests/check-trace.sh): with the black king on h8, Bxe5 gives check along
        # e5-f6-g7-h8; searched with futility at margin 0 it is kept (a checking capture is never
        # futility-pruned). The root's search of it becomes a futility prune by the SEE rule
        # (-90 + 0 <= alpha -90, SEE -10): the condition holds but for the check, so the
        # futility-condition rule must flag the prune, at the root. The root's score, its stand
        # pat, does not change (Bxe5+ dxe5 was -100 for White).
        tr["options"]["futility"] = True
        tr["options"]["futility_margin"] = 0
        mv = first_event(tr, lambda e: e["node"] == 0 and e["kind"] == "move")
        at = tr["events"].index(mv)
        remove_child(tr, 0, mv["child"])
        tr["events"].insert(at, {"node": 0, "kind": "futility_prune", "move": mv["move"], "rule": "see",
                                 "see": -10, "margin": 0})
        return 0
    if name == "evasion-condition":
        # An evasion prune whose best so far is a mated score: nothing was known not to lose.
        e = first_event(tr, lambda e: e["kind"] == "evasion_prune")
        e["best"] = -31990
        return e["node"]
    if name == "evasion-missed":
        # Searched without evasion pruning, declared with a limit of 1: the first quiescence node
        # in check that searched a quiet evasion (no capture, no promotion) after one evasion or
        # more, the best of them (their scores negated) not a mated score (above -31870).
        tr["options"]["evasion_limit"] = 1
        best, count = {}, {}
        for e in tr["events"]:
            n = nodes[e["node"]]
            if e["kind"] != "move" or n["qply"] is None or not n["in_check"]:
                continue
            nid = n["id"]
            child = nodes[e["child"]]
            quiet = "x" not in child["san"] and "=" not in child["san"]
            if quiet and count.get(nid, 0) >= 1 and best[nid] > -31870:
                return nid
            count[nid] = count.get(nid, 0) + 1
            best[nid] = max(best.get(nid, -32767), -child["score"])
        sys.exit("no event fits the mutation")
    # quiesce's own transposition table (--tt; quiesce(1), The transposition table).
    if name == "tt-stored":
        # The first cutoff by an exact value or a lower bound answers one centipawn more than was
        # stored (a lower bound stays at or above beta): no node of its position left that value.
        e = first_event(tr, lambda e: e["kind"] == "tt_cutoff" and e["bound"] != "upper")
        e["value"] += 1
        return e["node"]
    if name == "tt-depth":
        # The first cutoff claims an entry one ply deeper than the node: the table answers only
        # a result of the same depth.
        e = first_event(tr, lambda e: e["kind"] == "tt_cutoff")
        e["depth"] += 1
        return e["node"]
    if name == "tt-bound":
        # The first cutoff by a lower bound now says a value below the node's beta: it decides nothing.
        e = first_event(tr, lambda e: e["kind"] == "tt_cutoff" and e["bound"] == "lower")
        e["value"] = nodes[e["node"]]["beta"] - 1
        return e["node"]
    if name == "tt-stand-pat":
        # The first stand pat that does not raise alpha stands one centipawn above the node's static
        # value, still not above alpha: no stored lower bound says so.
        e = first_event(tr, lambda e: e["kind"] == "stand_pat" and e["outcome"] == "none"
                        and e["value"] + 1 <= nodes[e["node"]]["alpha"])
        e["value"] += 1
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
