#!/usr/bin/env python3
"""trace-roundtrip.py: an independent reading of quiesce traces, for trace-roundtrip.sh.

Written from quiesce-trace(5) alone with Python's json module, not from
quiesce's reader: it tells the forms apart (a JSON document, or JSON Lines
whose first line is the header), reads compact records (arrays: the kind,
then its values by position) and object records (node and event lines, or
the document's "nodes" and "events"), skips event kinds it does not know
(as VERSIONS allows), and prints what a search decided, one line per
decision, in order:

    enter                  (every node entered)
    <kind> <value>         (stand_pat, alpha_raise, beta_cutoff, horizon,
                            qdepth_limit, ply_limit, quiet_leaf: their value)
    move <uci> / delta_prune <uci> / see_prune <uci> / futility_prune <uci> /
    recapture_prune <uci> / evasion_prune <uci>
    mate / stalemate / stopped
    leave <score>

"move" events are not printed (a reader adds the move event of a child
entered without one, so files may differ in them while meaning the same
search); the children's moves are implied by the enters' order anyway.

Usage: trace-roundtrip.py FILE  ->  the decisions on standard output.
"""
import json
import sys

KNOWN = {"enter", "stand_pat", "move", "alpha_raise", "beta_cutoff", "delta_prune", "see_prune", "mate",
         "stalemate", "horizon", "qdepth_limit", "ply_limit", "quiet_leaf", "leave", "stopped",
         "futility_prune", "recapture_prune", "evasion_prune", "tt_cutoff"}
VALUE = {"stand_pat": "value", "alpha_raise": "value", "beta_cutoff": "score", "horizon": "value",
         "qdepth_limit": "value", "ply_limit": "value", "quiet_leaf": "value", "leave": "score",
         "delta_prune": "move", "see_prune": "move", "futility_prune": "move", "recapture_prune": "move",
         "evasion_prune": "move", "tt_cutoff": "value"}


def decision(kind, value):
    """One printed line for an event of KIND whose value by position (or key) is VALUE."""
    if kind not in KNOWN or kind == "move":
        return None
    if kind in VALUE:
        return "%s %s" % (kind, value)
    return kind


def with_depth(line, depth):
    """A tt_cutoff's line names the depth it was stored with (absent: unknown)."""
    return "%s depth %s" % (line, depth)


def from_compact(rec):
    kind = rec[0]
    value = rec[1] if len(rec) > 1 and not isinstance(rec[1], dict) else None
    if kind == "tt_cutoff":
        fields = rec[-1] if isinstance(rec[-1], dict) else {}
        return with_depth(decision(kind, value), fields.get("depth"))
    return decision(kind, value)


def from_object(ev):
    kind = ev["kind"]
    if kind == "tt_cutoff":
        return with_depth(decision(kind, ev.get("value")), ev.get("depth"))
    return decision(kind, ev.get(VALUE.get(kind, ""), None))


def records(path):
    text = open(path, encoding="utf-8").read()
    first, _, rest = text.partition("\n")
    try:
        head = json.loads(first)
    except ValueError:
        head = None
    if isinstance(head, dict) and "events" not in head and "nodes" not in head:
        for line in rest.split("\n"):
            if line.strip():
                yield json.loads(line)
        return
    doc = json.loads(text)
    for ev in doc["events"]:
        if isinstance(ev, dict):
            ev = dict(ev, type="event")
        yield ev


def main():
    out = []
    for rec in records(sys.argv[1]):
        if isinstance(rec, list):
            line = from_compact(rec)
        elif rec.get("type") == "event":
            line = from_object(rec)
        else:
            line = None
        if line is not None:
            out.append(line)
    sys.stdout.write("\n".join(out) + "\n")


main()
