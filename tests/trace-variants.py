#!/usr/bin/env python3
"""trace-variants.py: rewrites a quiesce trace the way other programs may write it.

    python3 tests/trace-variants.py MODE IN OUT

IN is a trace in either form (JSON document or JSON Lines, told by the file
name: *.jsonl is JSON Lines); OUT is written in the same form. MODE:

  minimal   only the required fields of quiesce-trace(5): the header's
            format, version, fen and options; each node's id, parent and move;
            each event's node and kind and the fields its kind requires; no
            result. Everything else must be derived by the reader.
  shuffle   every object's keys in reverse order, and unknown keys added at
            every level (a reader must ignore them); JSON Lines records
            keep their order (it is the search's order).
  compact   the document on one line without blanks (as "jq -c" writes it).
  version1  the version set to 1 (version 1 files still open).
  tocompact JSON Lines of every field (version 2) rewritten as version 3's
            compact records: each event an array of its kind and the values
            its kind requires, node lines and derivable fields left out.
  expand    version 3's compact records rewritten as version 2 object lines
            of only the required fields: each node's id, parent and move
            worked out here from the compact rules (the next id, the node
            open, that node's last move event), not by quiesce.

It uses Python's json module only, independent of quiesce's reader.
"""

import json
import sys

EVENT_REQUIRED = {
    "enter": [], "stand_pat": ["value"], "move": ["move"], "alpha_raise": ["value"],
    "beta_cutoff": ["score"], "delta_prune": ["move"], "see_prune": ["move"], "mate": [],
    "stalemate": [], "horizon": ["value"], "qdepth_limit": ["value"], "ply_limit": ["value"],
    "quiet_leaf": ["value"], "leave": ["score"], "stopped": [],
}


def minimal_node(n):
    return {k: n[k] for k in ("type", "id", "parent", "move") if k in n}


def minimal_event(e):
    keys = ["type", "node", "kind"] + EVENT_REQUIRED[e["kind"]]
    return {k: e[k] for k in keys if k in e}


def minimal_header(h):
    return {k: h[k] for k in ("format", "version", "fen", "options") if k in h}


def shuffle(v, depth=0):
    if isinstance(v, dict):
        out = {"x-unknown-%d" % depth: {"nested": [1, 2.5, None, "text"]}}
        for k in reversed(list(v)):
            out[k] = shuffle(v[k], depth + 1)
        out["zz-later"] = True
        return out
    if isinstance(v, list):
        return [shuffle(x, depth + 1) for x in v]
    return v


def main():
    if len(sys.argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    mode, src, dst = sys.argv[1:]
    jsonl = src.endswith(".jsonl")
    with open(src, encoding="utf-8") as f:
        if jsonl:
            recs = [json.loads(line) for line in f if line.strip()]
        else:
            doc = json.load(f)
    if mode == "minimal":
        if jsonl:
            out = [minimal_header(recs[0])]
            for r in recs[1:]:
                if r["type"] == "node":
                    out.append(minimal_node(r))
                elif r["type"] == "event":
                    out.append(minimal_event(r))
            recs = out
        else:
            doc = dict(minimal_header(doc), nodes=[minimal_node(n) for n in doc["nodes"]],
                       events=[minimal_event(e) for e in doc["events"]])
    elif mode == "shuffle":
        if jsonl:
            recs = [shuffle(r) for r in recs]
            recs.insert(1, {"type": "comment", "text": "a record of a later version"})
        else:
            doc = shuffle(doc)
    elif mode == "version1":
        if jsonl:
            raise SystemExit("version 1 has no JSON Lines form")
        doc["version"] = 1
    elif mode == "tocompact":
        head = dict(recs[0], version=3)
        out = [head]
        for r in recs[1:]:
            if r["type"] == "event":
                out.append([r["kind"]] + [r[k] for k in EVENT_REQUIRED[r["kind"]]])
        recs = out
    elif mode == "expand":
        out = [dict(recs[0], version=2)]
        stack, last_move, next_id = [], {}, 0
        for r in recs[1:]:
            if isinstance(r, dict):
                if r.get("type") == "result":
                    continue
                raise SystemExit("expand: only compact records expected, found %r" % r)
            kind, vals = r[0], r[1:]
            if kind == "enter":
                parent = stack[-1] if stack else None
                out.append({"type": "node", "id": next_id, "parent": parent,
                            "move": last_move.get(parent) if parent is not None else None})
                out.append({"type": "event", "node": next_id, "kind": "enter"})
                stack.append(next_id)
                next_id += 1
                continue
            e = {"type": "event", "node": stack[-1], "kind": kind}
            for k, v in zip(EVENT_REQUIRED[kind], vals):
                e[k] = v
            if len(vals) > len(EVENT_REQUIRED[kind]):
                e.update(vals[-1])
            if kind == "move":
                last_move[stack[-1]] = e["move"]
            if kind == "leave":
                stack.pop()
            out.append(e)
        recs = out
    elif mode != "compact":
        sys.stderr.write("trace-variants.py: unknown mode %r\n" % mode)
        return 2
    with open(dst, "w", encoding="utf-8") as f:
        if jsonl:
            for r in recs:
                f.write(json.dumps(r) + "\n")
        elif mode == "compact":
            f.write(json.dumps(doc, separators=(",", ":")))
        else:
            json.dump(doc, f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
