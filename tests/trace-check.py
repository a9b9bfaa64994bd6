#!/usr/bin/env python3
"""trace-check.py: checks the invariants of a quiesce JSON trace.

    quiesce trace --format json-full [OPTIONS] | python3 tests/trace-check.py [-]
    python3 tests/trace-check.py TRACE.json...
    python3 tests/trace-check.py --self-test TRACE.json

Reads traces written by "quiesce trace --format json-full" (format "quiesce-trace",
versions 1 and 2, as quiesce writes them: every field) with a real JSON parser and checks what the search promises:

  structure  ids in order, parents before children, children lists agreeing
             with the parents, plies and quiescence plies counting up, every
             node entered once and left once with its own events in between
             and its children's nested inside, every move event opening the
             child entered next, the window passed to each child being
             (-beta, -alpha) with alpha as it stood when the move was tried;
  stand pat  never at a node in check (unless options.evasions is false),
             never in the main search or with --no-stand-pat, its value the
             node's evaluation, its outcome agreeing with the window (cutoff
             iff value >= beta; raise iff alpha < value < beta), nothing after
             a cutoff;
  cutoffs    a beta cutoff's score >= the node's beta, equal to minus the
             child's score, and no move after it; an alpha raise strictly
             inside the window, equal to minus the child's score, and every
             child that should have raised alpha or cut off did;
  moves      at quiescence nodes not answering a check: captures ('x' in the
             SAN) and promotions to a queen ('=Q') only, plus in mode checks
             quiet checks ('+' or '#') while qply < check_plies (and quiet
             pawn pushes to the seventh rank with pawn_pushes); nothing at
             all in mode none;
  pruning    a delta prune satisfies eval + captured + margin <= alpha, alpha
             as it stood then (replayed from the node's events); a SEE prune
             has see < 0; neither at a node in check or without its option;
  leaves     mate = -(32000 - ply) at a node in check; stalemate 0 in the main
             search only; horizon (mode none), qdepth_limit (qply >= qdepth),
             ply_limit (ply >= 128) and quiet_leaf (no stand pat, nothing
             searched) return the evaluation; a leaf's score is its value;
             mode none has no quiescence node with moves;
  scores     fail-hard: a node that searched moves or stood pat scores within
             [alpha, beta] -- beta after a cutoff, else alpha as raised;
             fail-soft: the best value found; the bound (exact, lower, upper)
             agrees with the score and the entry window;
  result     the root's score, the best move (the last move that raised alpha
             at the root), the line, the pv flags and every counter agree
             with the nodes and events.

Exit status: 0 when every trace holds, 1 when any violation was found (each
is listed), 2 for a usage error. --self-test mutates a valid trace in many
ways and checks that each mutation is caught.
"""

import copy
import json
import sys

MATE = 32000
INF = 32500
MAX_PLY = 128
PIECE_VALUES = {100, 310, 320, 500, 900}
LEAF_KINDS = ("mate", "stalemate", "horizon", "qdepth_limit", "ply_limit", "quiet_leaf")
EVENT_KINDS = ("enter", "move", "stand_pat", "alpha_raise", "beta_cutoff", "delta_prune",
               "see_prune", "stopped", "leave") + LEAF_KINDS
BOUNDS = ("exact", "lower", "upper")


class Violations:
    """Collects violations, each tagged with a short code (the self-test looks for the codes)."""

    def __init__(self):
        self.items = []

    def add(self, code, msg):
        self.items.append((code, msg))

    def codes(self):
        return {code for code, _ in self.items}


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def bound_of(score, alpha, beta):
    if score >= beta:
        return "lower"
    if score <= alpha:
        return "upper"
    return "exact"


def quiet_move_ok(san, node, opts, root_white):
    """Whether the non-capture, non-promotion move SAN may be searched at quiescence node NODE."""
    qply = node["qply"]
    cp = opts.get("check_plies")
    if san.endswith("+") or san.endswith("#"):
        if opts.get("mode") == "checks" and (cp == "all" or (is_int(cp) and qply < cp)):
            return True, None
        kind = "quiet_check_beyond_plies" if opts.get("mode") == "checks" else "quiet_move_in_quiescence"
    else:
        kind = "quiet_move_in_quiescence"
    if opts.get("pawn_pushes") and len(san) >= 2 and san[0] in "abcdefgh" and san[1] in "12345678":
        white = root_white == (node["ply"] % 2 == 0)
        if san[1] == ("7" if white else "2"):
            return True, None
    return False, kind


def check_trace(tr, name="trace"):
    """Checks one parsed trace; returns a Violations."""
    v = Violations()

    def bad(code, msg):
        v.add(code, "%s: %s" % (name, msg))

    # ------------------------------------------------------------ top level
    if not isinstance(tr, dict):
        bad("format", "the trace is not a JSON object")
        return v
    for key in ("format", "version", "fen", "options", "result", "nodes", "events"):
        if key not in tr:
            bad("format", "missing key '%s'" % key)
    if v.items:
        return v
    if tr["format"] != "quiesce-trace" or tr["version"] not in (1, 2):
        bad("format", "format %r version %r, expected 'quiesce-trace' 1 or 2" % (tr["format"], tr["version"]))
    opts, res, nodes, events = tr["options"], tr["result"], tr["nodes"], tr["events"]
    if not isinstance(opts, dict) or not isinstance(res, dict) or not isinstance(nodes, list) \
            or not isinstance(events, list):
        bad("format", "options/result must be objects, nodes/events arrays")
        return v
    fen = tr["fen"] if isinstance(tr["fen"], str) else ""
    fen_fields = fen.split()
    root_white = len(fen_fields) < 2 or fen_fields[1] == "w"
    mode = opts.get("mode")
    fail_soft = bool(opts.get("fail_soft"))
    evasions = opts.get("evasions", True)
    qdepth = opts.get("qdepth")
    stopped = bool(res.get("stopped"))

    # ------------------------------------------------------------ nodes
    n = len(nodes)
    if n == 0:
        bad("structure", "no nodes")
        return v
    node_keys = ("id", "parent", "move", "san", "ply", "qply", "alpha", "beta", "eval", "in_check",
                 "score", "bound", "pv", "children")
    for i, nd in enumerate(nodes):
        if not isinstance(nd, dict) or any(k not in nd for k in node_keys):
            bad("format", "node %d lacks keys (needs %s)" % (i, ", ".join(node_keys)))
            return v
        if nd["id"] != i:
            bad("structure", "node %d has id %r" % (i, nd["id"]))
        for k in ("ply", "alpha", "beta", "eval", "score"):
            if not is_int(nd[k]):
                bad("format", "node %d: %s is not an integer" % (i, k))
                return v
        if nd["qply"] is not None and not is_int(nd["qply"]):
            bad("format", "node %d: qply is neither null nor an integer" % i)
            return v
    kids = [[] for _ in range(n)]
    for i, nd in enumerate(nodes):
        p = nd["parent"]
        if i == 0:
            if p is not None or nd["move"] is not None or nd["ply"] != 0:
                bad("structure", "the root must have no parent, no move and ply 0")
            if nd["qply"] not in (None, 0):
                bad("structure", "the root has qply %r" % nd["qply"])
            continue
        if not is_int(p) or not 0 <= p < i:
            bad("structure", "node %d has parent %r (expected an earlier node)" % (i, p))
            continue
        kids[p].append(i)
        par = nodes[p]
        if nd["ply"] != par["ply"] + 1:
            bad("structure", "node %d: ply %d under a node at ply %d" % (i, nd["ply"], par["ply"]))
        if par["qply"] is None:
            if nd["qply"] not in (None, 0):
                bad("structure", "node %d: qply %r under a main-search node" % (i, nd["qply"]))
        elif nd["qply"] != par["qply"] + 1:
            bad("structure", "node %d: qply %r under a node at qply %d" % (i, nd["qply"], par["qply"]))
        if nd["move"] is None or not isinstance(nd["san"], str):
            bad("structure", "node %d has no move or no SAN" % i)
        if nd["alpha"] >= nd["beta"]:
            bad("window", "node %d has an empty window (%d, %d)" % (i, nd["alpha"], nd["beta"]))
    for i, nd in enumerate(nodes):
        if nd["children"] != kids[i]:
            bad("children", "node %d lists children %r, but its children are %r" % (i, nd["children"], kids[i]))
        if nd["bound"] not in BOUNDS:
            bad("bound", "node %d: unknown bound %r" % (i, nd["bound"]))
        elif nd["bound"] != bound_of(nd["score"], nd["alpha"], nd["beta"]):
            bad("bound", "node %d: score %d in (%d, %d) is %s, not %s" % (
                i, nd["score"], nd["alpha"], nd["beta"], bound_of(nd["score"], nd["alpha"], nd["beta"]),
                nd["bound"]))

    # ------------------------------------------------------------ events: nesting
    own = [[] for _ in range(n)]        # each node's own events, in order (enter and leave included)
    entered = [0] * n
    left = [0] * n
    stack = []
    pending_child = None                # the child the last move event opened
    stop_events = []
    for k, ev in enumerate(events):
        if not isinstance(ev, dict) or "node" not in ev or "kind" not in ev:
            bad("format", "event %d lacks node or kind" % k)
            return v
        nid, kind = ev["node"], ev["kind"]
        if not is_int(nid) or not 0 <= nid < n:
            bad("events", "event %d names node %r" % (k, nid))
            continue
        if kind not in EVENT_KINDS:
            bad("format", "event %d: unknown kind %r" % (k, kind))
            continue
        if kind == "enter":
            entered[nid] += 1
            parent = nodes[nid]["parent"]
            if nid == 0:
                if stack or k != 0:
                    bad("events", "the root is entered at event %d" % k)
            else:
                if not stack or stack[-1] != parent:
                    bad("nesting", "node %d entered while node %s is open, not its parent %r" % (
                        nid, stack[-1] if stack else None, parent))
                if pending_child != nid:
                    bad("nesting", "node %d entered without a move event opening it" % nid)
            pending_child = None
            if ev.get("alpha") != nodes[nid]["alpha"] or ev.get("beta") != nodes[nid]["beta"]:
                bad("window", "node %d entered with (%r, %r) but records (%d, %d)" % (
                    nid, ev.get("alpha"), ev.get("beta"), nodes[nid]["alpha"], nodes[nid]["beta"]))
            stack.append(nid)
            own[nid].append(ev)
            continue
        if not stack or stack[-1] != nid:
            bad("nesting", "event %d (%s) for node %d while node %s is open" % (
                k, kind, nid, stack[-1] if stack else None))
            continue
        if pending_child is not None:
            bad("nesting", "move event opened node %d but the next event is %s" % (pending_child, kind))
            pending_child = None
        own[nid].append(ev)
        if kind == "move":
            child = ev.get("child")
            if not is_int(child) or not 0 < child < n or nodes[child]["parent"] != nid:
                bad("children", "node %d: move %r opens node %r, not one of its children" % (
                    nid, ev.get("move"), child))
            else:
                if nodes[child]["move"] != ev.get("move"):
                    bad("children", "node %d: move event %r opens node %d reached by %r" % (
                        nid, ev.get("move"), child, nodes[child]["move"]))
                pending_child = child
        elif kind == "leave":
            left[nid] += 1
            stack.pop()
            if ev.get("score") != nodes[nid]["score"] or ev.get("bound") != nodes[nid]["bound"]:
                bad("leave", "node %d left with %r %r but records %d %s" % (
                    nid, ev.get("score"), ev.get("bound"), nodes[nid]["score"], nodes[nid]["bound"]))
            if not stack and k != len(events) - 1:
                bad("events", "events after the root was left")
        elif kind == "stopped":
            stop_events.append(nid)
    if stack:
        bad("unbalanced", "nodes %r entered but never left" % stack)
    for i in range(n):
        if entered[i] != 1 or left[i] != 1:
            bad("unbalanced", "node %d entered %d time(s), left %d time(s)" % (i, entered[i], left[i]))

    # ------------------------------------------------------------ per node: replay its events
    counts = {"stand_pat_cutoffs": 0, "beta_cutoffs": 0, "delta_prunes": 0, "see_prunes": 0}
    root_best = None
    for i, nd in enumerate(nodes):
        evs = own[i]
        if not evs:
            continue
        quiescence = nd["qply"] is not None
        in_check = bool(nd["in_check"])
        evading = quiescence and in_check and evasions
        alpha, beta = nd["alpha"], nd["beta"]
        best = None
        moves = 0
        stand_pat = None
        cutoff = False
        leaf = None
        expect = None        # (kind, value) the event after a child's return must be, or None
        last_child = None
        moves_seen = []
        for ev in evs[1:]:
            kind = ev["kind"]
            # What the previous child's value requires of this event.
            if expect is not None and not stopped:
                want, val = expect
                if want == "beta_cutoff" and kind != "beta_cutoff":
                    bad("missing_cutoff", "node %d: child %d is worth %d >= beta %d but no beta cutoff follows" % (
                        i, last_child, val, beta))
                elif want == "alpha_raise" and kind != "alpha_raise":
                    bad("missing_raise", "node %d: child %d is worth %d in (%d, %d) but alpha is not raised" % (
                        i, last_child, val, alpha, beta))
                elif want is None and kind in ("alpha_raise", "beta_cutoff") and ev.get("move") is not None:
                    bad("spurious_raise", "node %d: %s after child %d worth %d (alpha %d, beta %d)" % (
                        i, kind, last_child, val, alpha, beta))
            expect_now, expect = expect, None
            if cutoff and kind not in ("leave", "stopped"):
                code = "move_after_cutoff" if kind in ("move", "delta_prune", "see_prune") else "after_cutoff"
                bad(code, "node %d: %s after a cutoff" % (i, kind))
            if kind == "stand_pat":
                val = ev.get("value")
                if evading:
                    bad("stand_pat_in_check", "node %d stands pat in check" % i)
                if not quiescence:
                    bad("stand_pat_main", "node %d stands pat in the main search" % i)
                if opts.get("stand_pat") is False:
                    bad("stand_pat_off", "node %d stands pat with stand_pat off" % i)
                if stand_pat is not None or moves:
                    bad("stand_pat_order", "node %d: a stand pat after moves or twice" % i)
                if val != nd["eval"]:
                    bad("stand_pat_value", "node %d: stand pat %r, evaluation %d" % (i, val, nd["eval"]))
                if ev.get("alpha") != nd["alpha"] or ev.get("beta") != nd["beta"]:
                    bad("window", "node %d: stand pat window (%r, %r), node window (%d, %d)" % (
                        i, ev.get("alpha"), ev.get("beta"), nd["alpha"], nd["beta"]))
                if not is_int(val):
                    bad("format", "node %d: stand pat value %r" % (i, val))
                    continue
                outcome = ev.get("outcome")
                want = "cutoff" if val >= beta else "raise" if val > alpha else "none"
                if outcome == "cutoff" and val < beta:
                    bad("stand_pat_cutoff_below_beta", "node %d: stand-pat cutoff with %d < beta %d" % (i, val, beta))
                elif outcome != want:
                    bad("stand_pat_outcome", "node %d: stand pat %d in (%d, %d) has outcome %r, expected %s" % (
                        i, val, alpha, beta, outcome, want))
                stand_pat = val
                best = val
                if outcome == "cutoff":
                    cutoff = True
                    counts["stand_pat_cutoffs"] += 1
                elif outcome == "raise":
                    alpha = val
            elif kind == "move":
                moves += 1
                child = ev.get("child")
                san = nodes[child]["san"] if is_int(child) and 0 < child < n else None
                moves_seen.append(ev.get("move"))
                if leaf is not None:
                    bad("leaf_moves", "node %d: move after its %s event" % (i, leaf[0]))
                if not (is_int(child) and 0 < child < n):
                    continue
                cn = nodes[child]
                if cn["alpha"] != -beta or cn["beta"] != -alpha:
                    bad("child_window", "node %d: child %d searched with (%d, %d), expected (%d, %d)" % (
                        i, child, cn["alpha"], cn["beta"], -beta, -alpha))
                if quiescence and isinstance(san, str):
                    if mode == "none":
                        bad("move_in_mode_none", "node %d: move %s in a mode none quiescence node" % (i, san))
                    elif not evading:
                        if "=" in san:
                            if "=Q" not in san:
                                bad("underpromotion_in_quiescence", "node %d: %s promotes to less than a queen" % (i, san))
                        elif "x" not in san:
                            ok, code = quiet_move_ok(san, nd, opts, root_white)
                            if not ok:
                                bad(code, "node %d (qply %d): quiet move %s in mode %s (check_plies %r)" % (
                                    i, nd["qply"], san, mode, opts.get("check_plies")))
                val = -cn["score"]
                last_child = child
                best = val if best is None or val > best else best
                expect = ("beta_cutoff", val) if val >= beta else ("alpha_raise", val) if val > alpha else (None, val)
            elif kind == "alpha_raise":
                val = ev.get("value")
                if ev.get("move") is None:
                    # A raise by the stand pat (allowed by the format; the search reports it in stand_pat).
                    if stand_pat is None or val != stand_pat:
                        bad("alpha_raise", "node %d: alpha raised to %r by no move and no stand pat" % (i, val))
                    continue
                if not is_int(val) or not alpha < val < beta:
                    bad("alpha_raise", "node %d: alpha raised to %r outside (%d, %d)" % (i, val, alpha, beta))
                if expect_now is None or expect_now[1] != val or (last_child is not None and
                                                                 nodes[last_child]["move"] != ev.get("move")):
                    bad("alpha_raise", "node %d: alpha raised to %r by %r, not the value of the move just searched" % (
                        i, val, ev.get("move")))
                if is_int(val):
                    alpha = max(alpha, val)
            elif kind == "beta_cutoff":
                val = ev.get("score")
                counts["beta_cutoffs"] += 1
                if not is_int(val) or val < beta:
                    bad("beta_cutoff_below_beta", "node %d: beta cutoff with score %r < beta %d" % (i, val, beta))
                if expect_now is None or expect_now[1] != val or (last_child is not None and
                                                                 nodes[last_child]["move"] != ev.get("move")):
                    bad("beta_cutoff_value", "node %d: beta cutoff %r by %r, not the value of the move just searched" % (
                        i, val, ev.get("move")))
                cutoff = True
            elif kind == "delta_prune":
                counts["delta_prunes"] += 1
                cap, margin = ev.get("captured"), ev.get("margin")
                if not opts.get("delta"):
                    bad("delta_off", "node %d: delta prune with delta off" % i)
                if not quiescence or in_check:
                    bad("delta_where", "node %d: delta prune %s" % (i, "in check" if in_check else "in the main search"))
                if margin != opts.get("delta_margin"):
                    bad("delta_margin", "node %d: delta margin %r, options say %r" % (i, margin, opts.get("delta_margin")))
                if cap not in PIECE_VALUES:
                    bad("delta_captured", "node %d: delta prune of a capture worth %r" % (i, cap))
                if is_int(cap) and is_int(margin) and nd["eval"] + cap + margin > alpha:
                    bad("delta_unsound", "node %d: delta prune of %r with eval %d + %d + %d > alpha %d" % (
                        i, ev.get("move"), nd["eval"], cap, margin, alpha))
            elif kind == "see_prune":
                counts["see_prunes"] += 1
                if not opts.get("see"):
                    bad("see_off", "node %d: SEE prune with see off" % i)
                if not quiescence or in_check:
                    bad("see_where", "node %d: SEE prune %s" % (i, "in check" if in_check else "in the main search"))
                if not is_int(ev.get("see")) or ev["see"] >= 0:
                    bad("see_value", "node %d: SEE prune of %r with see %r >= 0" % (i, ev.get("move"), ev.get("see")))
            elif kind in LEAF_KINDS:
                val = ev.get("value")
                if leaf is not None or moves or stand_pat is not None:
                    bad("leaf", "node %d: %s after other decisions" % (i, kind))
                leaf = (kind, val)
                if kind == "mate":
                    if not in_check or val != -(MATE - nd["ply"]):
                        bad("mate", "node %d (ply %d, in check %s): mate value %r, expected %d" % (
                            i, nd["ply"], in_check, val, -(MATE - nd["ply"])))
                    if quiescence and not evasions:
                        bad("mate", "node %d: mate found in the quiescence search without evasions" % i)
                elif kind == "stalemate":
                    if quiescence or in_check or val != 0:
                        bad("stalemate", "node %d: stalemate %r (quiescence %s, in check %s)" % (i, val, quiescence, in_check))
                else:
                    if val != nd["eval"]:
                        bad("leaf_value", "node %d: %s returns %r, evaluation %d" % (i, kind, val, nd["eval"]))
                    if kind == "horizon":
                        # Mode none: the horizon is a leaf of the main search (qply null;
                        # an older layout had it as a quiescence node at qply 0).
                        if mode != "none" or nd["qply"] not in (None, 0):
                            bad("leaf_where", "node %d: horizon in mode %s at qply %r" % (i, mode, nd["qply"]))
                    elif not quiescence:
                        bad("leaf_where", "node %d: %s in the main search" % (i, kind))
                    elif kind == "qdepth_limit" and not (is_int(qdepth) and nd["qply"] >= qdepth):
                        bad("leaf_where", "node %d: qdepth limit at qply %d (qdepth %r)" % (i, nd["qply"], qdepth))
                    elif kind == "ply_limit" and nd["ply"] < MAX_PLY:
                        bad("leaf_where", "node %d: ply limit at ply %d" % (i, nd["ply"]))
                    elif kind == "quiet_leaf" and (opts.get("stand_pat") is not False or evading):
                        bad("leaf_where", "node %d: quiet leaf with stand pat on or answering a check" % i)
            elif kind == "leave":
                break
        if expect is not None and not stopped:
            # The last child's value was never acted on before the leave.
            want, val = expect
            if want == "beta_cutoff":
                bad("missing_cutoff", "node %d: last child worth %d >= beta %d but no cutoff" % (i, val, beta))
            elif want == "alpha_raise":
                bad("missing_raise", "node %d: last child worth %d in (%d, %d) but alpha not raised" % (
                    i, val, alpha, beta))

        if moves_seen and len(set(moves_seen)) != len(moves_seen):
            bad("duplicate_move", "node %d searched a move twice" % i)
        if i == 0:
            raises = [e for e in evs if e["kind"] == "alpha_raise" and e.get("move") is not None]
            root_best = raises[-1]["move"] if raises else None

        score = nd["score"]
        if leaf is not None:
            if score != leaf[1]:
                bad("leaf_score", "node %d: %s value %r but scores %d" % (i, leaf[0], leaf[1], score))
            continue
        if quiescence and mode == "none":
            bad("missing_leaf", "node %d: a mode none quiescence node without a horizon event" % i)
            continue
        if quiescence and not evading and opts.get("stand_pat") is not False and stand_pat is None \
                and not stopped:
            bad("missing_stand_pat", "node %d: a quiescence node not in check that did not stand pat" % i)
        if moves == 0 and stand_pat is None:
            if not stopped:
                bad("empty_node", "node %d: no move, no stand pat and no leaf event" % i)
            continue
        # An interior node: it searched moves or stood pat.
        if not fail_soft and not nd["alpha"] <= score <= nd["beta"]:
            bad("fail_hard_window", "node %d: fail-hard score %d outside [%d, %d]" % (i, score, nd["alpha"], nd["beta"]))
        if stopped:
            continue
        if fail_soft:
            want = best if best is not None else alpha
        else:
            want = beta if cutoff else alpha
        if score != want:
            bad("score", "node %d: %s score %d, its events give %d" % (
                i, "fail-soft" if fail_soft else "fail-hard", score, want))

    # ------------------------------------------------------------ result
    root = nodes[0]
    if res.get("score") != root["score"]:
        bad("result", "result score %r, root score %d" % (res.get("score"), root["score"]))
    pv = res.get("pv")
    if not isinstance(pv, list):
        bad("format", "result pv is not an array")
        pv = []
    if res.get("best") != (pv[0] if pv else None):
        bad("result", "best move %r is not the first move of the line %r" % (res.get("best"), pv))
    if not stopped and res.get("best") != root_best:
        bad("result", "best move %r, but the last move to raise alpha at the root is %r" % (res.get("best"), root_best))
    if res.get("nodes") != n:
        bad("result", "result counts %r nodes, the trace has %d" % (res.get("nodes"), n))
    qn = sum(1 for nd in nodes if nd["qply"] is not None)
    if res.get("qnodes") != qn:
        bad("result", "result counts %r quiescence nodes, the trace has %d" % (res.get("qnodes"), qn))
    for key, count in counts.items():
        if res.get(key) != count:
            bad("result", "result %s %r, the events count %d" % (key, res.get(key), count))
    if stopped != bool(stop_events) or len(stop_events) > 1:
        bad("stopped", "stopped %r with %d stopped event(s)" % (stopped, len(stop_events)))
    elif stop_events and res.get("stopped_at") != stop_events[0]:
        bad("stopped", "stopped_at %r, the stopped event is at node %d" % (res.get("stopped_at"), stop_events[0]))
    # The pv flags mark exactly the line, followed from the root.
    on_line, cur = {0}, 0
    for mv in pv:
        nxt = [c for c in kids[cur] if nodes[c]["move"] == mv]
        if not nxt:
            break
        cur = nxt[0]
        on_line.add(cur)
    flagged = {i for i, nd in enumerate(nodes) if nd["pv"]}
    if flagged != on_line:
        bad("pv", "pv flags on nodes %s, the line runs through %s" % (
            sorted(flagged)[:10], sorted(on_line)[:10]))
    return v


def load(path):
    if path == "-":
        return json.load(sys.stdin)
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def report(v, limit=25):
    for _, msg in v.items[:limit]:
        print("  " + msg)
    if len(v.items) > limit:
        print("  ... and %d more" % (len(v.items) - limit))


# ---------------------------------------------------------------- self-test

def own_events(tr, node):
    return [k for k, e in enumerate(tr["events"]) if e["node"] == node]


def find_event(tr, pred):
    for k, e in enumerate(tr["events"]):
        if pred(e):
            return k
    return None


def mutations(tr):
    """Yields (description, expected codes, mutated trace); each mutation breaks one promise."""
    nodes, events = tr["nodes"], tr["events"]

    def fresh():
        return copy.deepcopy(tr)

    # 1. A stand-pat cutoff whose value is below beta.
    k = find_event(tr, lambda e: e["kind"] == "stand_pat" and e["outcome"] == "cutoff")
    if k is not None:
        t = fresh()
        e = t["events"][k]
        e["value"] = e["beta"] - 1
        t["nodes"][e["node"]]["eval"] = e["value"]
        yield "stand-pat cutoff below beta", {"stand_pat_cutoff_below_beta"}, t

    # 2. A move after a beta cutoff.
    k = find_event(tr, lambda e: e["kind"] == "beta_cutoff")
    if k is not None:
        t = fresh()
        e = t["events"][k]
        t["events"].insert(k + 1, {"node": e["node"], "kind": "delta_prune", "move": e["move"],
                                   "captured": 100, "margin": tr["options"]["delta_margin"]})
        yield "a prune after a beta cutoff", {"move_after_cutoff"}, t
        # And a move event (opening a child of the node) after the cutoff.
        t = fresh()
        e = t["events"][k]
        kid = t["nodes"][e["node"]]["children"][0]
        t["events"].insert(k + 1, {"node": e["node"], "kind": "move", "move": t["nodes"][kid]["move"],
                                   "child": kid})
        yield "a move after a beta cutoff", {"move_after_cutoff"}, t

    # 3. A fail-hard interior score pushed out of its window (leave event and bound kept in step).
    if not tr["options"]["fail_soft"]:
        for i, nd in enumerate(nodes):
            if nd["children"] and nd["beta"] < INF - 100:
                t = fresh()
                t["nodes"][i]["score"] = nd["beta"] + 50
                t["nodes"][i]["bound"] = "lower"
                for e in t["events"]:
                    if e["node"] == i and e["kind"] == "leave":
                        e["score"], e["bound"] = nd["beta"] + 50, "lower"
                yield "fail-hard score above beta", {"fail_hard_window"}, t
                break

    # 4. A node never left.
    k = find_event(tr, lambda e: e["kind"] == "leave" and e["node"] != 0)
    if k is not None:
        t = fresh()
        del t["events"][k]
        yield "a node never left", {"unbalanced", "nesting"}, t

    # 5. A stand pat at a node in check.
    k = find_event(tr, lambda e: e["kind"] == "stand_pat")
    if k is not None:
        t = fresh()
        t["nodes"][events[k]["node"]]["in_check"] = True
        yield "stand pat in check", {"stand_pat_in_check"}, t

    # 6. An unsound delta prune: the evaluation raised so that eval + captured + margin > alpha.
    k = find_event(tr, lambda e: e["kind"] == "delta_prune")
    if k is not None:
        t = fresh()
        e = t["events"][k]
        e["captured"] = 900
        t["nodes"][e["node"]]["eval"] = INF // 2
        yield "unsound delta prune", {"delta_unsound"}, t

    # 7. A quiet move in the quiescence search (mode captures).
    for i, nd in enumerate(nodes):
        if nd["qply"] is not None and nd["parent"] is not None and not nodes[nd["parent"]]["in_check"] \
                and nodes[nd["parent"]]["qply"] is not None:
            t = fresh()
            t["nodes"][i]["san"] = "Nf3"
            yield "quiet move at a quiescence node", {"quiet_move_in_quiescence"}, t
            t = fresh()
            t["nodes"][i]["san"] = "e8=N"
            yield "underpromotion at a quiescence node", {"underpromotion_in_quiescence"}, t
            t = fresh()
            t["options"]["mode"] = "checks"
            t["options"]["check_plies"] = nd["qply"] - 1 if nd["qply"] >= 1 else 0
            t["nodes"][i]["san"] = "Qh5+"
            yield "quiet check beyond check_plies", {"quiet_check_beyond_plies"}, t
            break

    # 8. A children list that disagrees with the parents.
    for i, nd in enumerate(nodes):
        if len(nd["children"]) >= 2:
            t = fresh()
            t["nodes"][i]["children"] = nd["children"][:-1]
            yield "a child missing from its parent's list", {"children"}, t
            break

    # 9. A wrong bound.
    t = fresh()
    nd = t["nodes"][-1]
    nd["bound"] = "exact" if nd["bound"] != "exact" else "lower"
    yield "wrong bound", {"bound"}, t

    # 10. A beta cutoff below beta.
    k = find_event(tr, lambda e: e["kind"] == "beta_cutoff")
    if k is not None:
        t = fresh()
        nd = nodes[events[k]["node"]]
        t["events"][k]["score"] = nd["beta"] - 1
        yield "beta cutoff below beta", {"beta_cutoff_below_beta"}, t

    # 11. A child given the wrong window.
    for i, nd in enumerate(nodes):
        if nd["parent"] is not None and nd["beta"] < INF:
            t = fresh()
            t["nodes"][i]["beta"] = nd["beta"] + 1
            for e in t["events"]:
                if e["node"] == i and e["kind"] in ("enter",):
                    e["beta"] = nd["beta"] + 1
                if e["node"] == i and e["kind"] == "stand_pat":
                    e["beta"] = nd["beta"] + 1
            yield "child window not (-beta, -alpha)", {"child_window"}, t
            break

    # 12. A wrong mate score.
    k = find_event(tr, lambda e: e["kind"] == "mate")
    if k is not None:
        t = fresh()
        e = t["events"][k]
        e["value"] = -MATE
        t["nodes"][e["node"]]["score"] = -MATE
        for ev in t["events"]:
            if ev["node"] == e["node"] and ev["kind"] == "leave":
                ev["score"] = -MATE
        yield "mate not counted from the root", {"mate"}, t

    # 13. An alpha raise dropped.
    k = find_event(tr, lambda e: e["kind"] == "alpha_raise")
    if k is not None:
        t = fresh()
        del t["events"][k]
        yield "alpha raise missing", {"missing_raise"}, t

    # 14. A counter that disagrees with the events.
    t = fresh()
    t["result"]["beta_cutoffs"] += 1
    yield "beta_cutoffs counter off by one", {"result"}, t

    # 15. An interior score off by one (its leave event kept in step).
    for i, nd in enumerate(nodes):
        if nd["children"] and nd["alpha"] < nd["score"] - 1 and nd["score"] < nd["beta"]:
            t = fresh()
            t["nodes"][i]["score"] -= 1
            for e in t["events"]:
                if e["node"] == i and e["kind"] == "leave":
                    e["score"] -= 1
            yield "an interior score off by one", {"score"}, t
            break

    # 16. A stand pat whose outcome disagrees with the window, and one left out.
    k = find_event(tr, lambda e: e["kind"] == "stand_pat" and e["outcome"] == "raise")
    if k is not None:
        t = fresh()
        t["events"][k]["outcome"] = "none"
        yield "stand pat raising alpha reported as none", {"stand_pat_outcome"}, t
    k = find_event(tr, lambda e: e["kind"] == "stand_pat" and e["outcome"] == "none")
    if k is not None:
        t = fresh()
        del t["events"][k]
        yield "a stand pat left out", {"missing_stand_pat"}, t

    # 17. Delta pruning reported with delta off.
    if find_event(tr, lambda e: e["kind"] == "delta_prune") is not None:
        t = fresh()
        t["options"]["delta"] = False
        yield "delta prune with delta off", {"delta_off"}, t

    # 18. Not JSON-shaped: a node without its keys.
    t = fresh()
    del t["nodes"][0]["children"]
    yield "a node without children", {"format"}, t


def self_test(path):
    tr = load(path)
    v = check_trace(tr, path)
    if v.items:
        print("self-test: the trace given is not clean to start with:")
        report(v)
        return 1
    fails = 0
    count = 0
    kinds = {e["kind"] for e in tr["events"]}
    for desc, want, t in mutations(tr):
        count += 1
        got = check_trace(t, "mutant").codes()
        if not got & want:
            fails += 1
            print("self-test FAIL: mutation '%s' not caught (wanted %s, got %s)" % (
                desc, sorted(want), sorted(got) or "nothing"))
        else:
            print("self-test ok: %s -> %s" % (desc, ", ".join(sorted(got & want))))
    needed = {"stand_pat", "beta_cutoff", "alpha_raise"}
    if not needed <= kinds or count < 10:
        print("self-test FAIL: the trace lacks %s (only %d mutations made): use a bigger search" % (
            sorted(needed - kinds), count))
        return 1
    # And a trace that is not JSON at all must fail.
    try:
        json.loads("{\"format\": \"quiesce-trace\", ")
        print("self-test FAIL: bad JSON parsed")
        fails += 1
    except ValueError:
        pass
    print("self-test: %d mutations, %d not caught" % (count, fails))
    return 1 if fails else 0


def main(argv):
    if len(argv) >= 1 and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if len(argv) == 2 and argv[0] == "--self-test":
        return self_test(argv[1])
    if any(a.startswith("--") for a in argv):
        sys.stderr.write("usage: trace-check.py [TRACE.json|-]... | --self-test TRACE.json\n")
        return 2
    paths = argv or ["-"]
    status = 0
    for path in paths:
        try:
            tr = load(path)
        except (OSError, ValueError) as e:
            print("%s: not a JSON trace: %s" % (path, e))
            status = 1
            continue
        try:
            v = check_trace(tr, path)
        except (KeyError, TypeError, IndexError, ValueError) as e:
            print("%s: malformed trace (%s: %s)" % (path, type(e).__name__, e))
            status = 1
            continue
        if v.items:
            print("%s: %d violation(s)" % (path, len(v.items)))
            report(v)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
