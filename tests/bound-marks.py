#!/usr/bin/env python3
"""bound-marks.py: every view writes a bound as a bound.

    python3 tests/bound-marks.py QUIESCE SRCDIR [--quick]

A node's value is exact, a lower bound (it reached beta: it is worth at
least that) or an upper bound (it stayed at or below alpha: at most that).
This test reads each node's value and window from the search's json-full
trace with Python's json module, works out the mark itself (the value
against its window, not the trace's own "bound" field, which it checks
too; a leaf that returns its position's own value, a checkmate, stalemate
or static value at the horizon or a limit, is exact wherever it lies),
writes the value as quiesce(1) "Scores" says (the mate notation, the
end of the scale as -inf/+inf), and compares it with what four views print
for the same node:

  - the tree (the repl's 'tree', the lines the tutor's wide tree draws);
  - the text trace ("-> >=+50 (lower)");
  - the PGN comments of the root's alternatives (seen from the root: a
    child's lower bound is the root's upper bound);
  - the tutor's screens of every lesson page at 80x24 and 160x48 (check-lesson
    --screens), where each tree row's value is compared with the window the
    same row shows.

The searches: every page of every shipped lesson (the search the page opens
with), and 200 positions drawn with a fixed seed from positions/wac.epd,
each at a depth of 1 to 3 (also drawn), fail-hard and fail-soft. No view may
print "#-0" for a node that is not checkmated there. Exit 0 when all agree.
"""
import glob
import json
import os
import random
import re
import subprocess
import sys
import tempfile

MATE = 32000
INF = 32500

failures = []
LEAF_KINDS = ("mate", "stalemate", "horizon", "qdepth_limit", "ply_limit", "quiet_leaf")


def fail(msg):
    failures.append(msg)
    if len(failures) <= 30:
        print("FAIL: " + msg)


def exact_text(score, ply, zero_plain=False):
    """A score as quiesce(1) 'Scores' writes it, seen from a node at PLY."""
    if score >= INF:
        return "+inf"
    if score <= -INF:
        return "-inf"
    if score > MATE - 1000:
        plies = MATE - score - ply          # half-moves to the mate, from this node
        return "#%d" % max(1, (plies + 1) // 2)
    if score < -(MATE - 1000):
        plies = MATE + score - ply          # half-moves until the side to move is mated
        return "#-%d" % max(0, plies // 2)
    if score == 0 and zero_plain:
        return "0"
    return "%+d" % score


def mark_of(score, alpha, beta):
    """The value against its window: at or above beta a lower bound, at or below alpha an upper one."""
    if score >= beta:
        return ">="
    if score <= alpha:
        return "<="
    return ""


def value_text(score, ply, mark, zero_plain=False):
    """A node's value with its mark; a bound at the end of the scale is -inf/+inf, never a mate distance."""
    if not mark:
        return exact_text(score, ply, zero_plain)
    if score < -(MATE - 1000) and score > -INF and (MATE + score - ply) // 2 <= 0:
        return mark + "-inf"        # at (or past) "mated here": says nothing
    if score > MATE - 1000 and score < INF and MATE - score - ply <= 0:
        return mark + "+inf"        # at (or past) "mates here": cannot be
    return mark + exact_text(score, ply)


def bound_name(mark):
    return {">=": "lower", "<=": "upper", "": "exact"}[mark]


def check_case(quiesce, name, args, tmp, stdin_prefix=""):
    """Runs one search in the repl, with its exports, and compares every view with the json-full reading."""
    jf, tf, pf = (os.path.join(tmp, "t." + e) for e in ("json", "txt", "pgn"))
    for f in (jf, tf, pf):
        if os.path.exists(f):
            os.unlink(f)
    script = stdin_prefix + "export json-full %s\nexport text %s\nexport pgn %s\ntree 0 1000000\n" % (jf, tf, pf)
    p = subprocess.run([quiesce, "repl"] + args, input=script, capture_output=True, text=True, timeout=300)
    if not os.path.exists(jf):
        return False          # a page without a search: nothing to compare
    with open(jf) as f:
        tr = json.load(f)
    nodes = tr["nodes"]
    # A leaf that returns its position's own value (checkmate, stalemate, a static value at the horizon,
    # the qdepth or ply limit, a quiet leaf) is exact wherever that value lies against the window.
    own_value = {e["node"] for e in tr["events"] if e["kind"] in LEAF_KINDS}
    want = {}
    for nd in nodes:
        if nd.get("score") is None:
            continue
        mark = mark_of(nd["score"], nd["alpha"], nd["beta"])
        if nd["bound"] != bound_name(mark):
            fail("%s: node %d: the trace says %s, its value %d against [%d,%d] is %s" %
                 (name, nd["id"], nd["bound"], nd["score"], nd["alpha"], nd["beta"], bound_name(mark)))
        if nd["id"] in own_value and not nd["children"]:
            mark = ""
        want[nd["id"]] = (nd, mark)
    # The tree: "   id   *SAN  kind = VALUE ...".
    seen = 0
    for line in p.stdout.splitlines():
        m = re.match(r"^[> ]\s*(\d+) +\*?(\S+) +(main|q\d+) += (\S+)", line)
        if not m:
            continue
        nid, got = int(m.group(1)), m.group(4)
        if nid not in want:
            continue
        nd, mark = want[nid]
        exp = value_text(nd["score"], nd["ply"], mark)
        seen += 1
        if got != exp:
            fail("%s: tree row of node %d shows %s, expected %s (value %d, window [%d,%d])" %
                 (name, nid, got, exp, nd["score"], nd["alpha"], nd["beta"]))
    if seen != len(want):
        fail("%s: the tree showed %d of %d nodes" % (name, seen, len(want)))
    # The text trace: "#id[*][+] SAN [...] (a=.. b=..) eval E -> VALUE (bound)".
    seen = 0
    with open(tf) as f:
        for line in f:
            m = re.match(r"^\s*#(\d+)\*?\+? .* -> (\S+) \((exact|lower|upper)\)$", line)
            if not m:
                continue
            nid = int(m.group(1))
            nd, mark = want[nid]
            exp = value_text(nd["score"], nd["ply"], mark, zero_plain=True)
            seen += 1
            if m.group(2) != exp or m.group(3) != bound_name(mark):
                fail("%s: text trace node %d: %s (%s), expected %s (%s)" %
                     (name, nid, m.group(2), m.group(3), exp, bound_name(mark)))
    if seen != len(want):
        fail("%s: the text trace showed %d of %d nodes" % (name, seen, len(want)))
    # The PGN: the alternatives "( 1. SAN {VALUE} )", seen from the root.
    with open(pf) as f:
        pgn = " ".join(f.read().split())
    by_san = {nd["san"]: nd for nd in nodes if nd["parent"] == 0}
    for san, val in re.findall(r"\( \d+\.(?:\.\.)? (\S+) \{([^}]*)\} \)", pgn):
        nd = by_san.get(san)
        if nd is None:
            fail("%s: PGN alternative %s is no root move" % (name, san))
            continue
        flip = {">=": "<=", "<=": ">=", "": ""}[want[nd["id"]][1]]
        exp = value_text(-nd["score"], 0, flip)
        if val != exp:
            fail("%s: PGN alternative %s {%s}, expected {%s}" % (name, san, val, exp))
    # No "#-0" for a node that is not checkmated there (an exact value at "mated here").
    for nid, (nd, mark) in want.items():
        txt = value_text(nd["score"], nd["ply"], mark)
        if txt.endswith("#-0") and (mark or not nd["in_check"] or nd["children"]):
            fail("%s: node %d would be written %s" % (name, nid, txt))
    return True


def parse_value(tok):
    """A value as a tree row writes it, on one scale for comparison within the row (mates at the row's node)."""
    if tok in ("+inf", "-inf"):
        return INF if tok[0] == "+" else -INF
    if tok.startswith("#-"):
        return -(MATE - 2 * int(tok[2:]))
    if tok.startswith("#"):
        return MATE - (2 * int(tok[1:]) - 1)
    return int(tok)


def check_screens(quiesce, lessons):
    """Every tree row of every lesson screen: its value's mark agrees with the window on the same row."""
    rows = 0
    p = subprocess.run([quiesce, "check-lesson", "--screens"] + lessons, capture_output=True, text=True,
                       timeout=600)
    row_re = re.compile(r"(?:^|\|)\s*>{0,2}[-+ ]?\s*\*?(\S+)\s+(main|m|q\d+)\s+(=\s+)?(\S+)\s.*?\[(\S+?),(\S+?)\]")
    for line in p.stdout.splitlines():
        for seg in line.split("|")[1:] if "|" in line else []:
            m = row_re.search("|" + seg)
            if not m:
                continue
            val, a, b = m.group(4), m.group(5), m.group(6)
            mark = val[:2] if val[:2] in (">=", "<=") else ""
            try:
                v, lo, hi = parse_value(val[len(mark):]), parse_value(a), parse_value(b)
            except ValueError:
                continue
            rows += 1
            if "#-0" in val and mark:
                fail("screen row shows a bound as #-0: " + seg.strip())
            # An end-of-scale bound (>=-inf, <=+inf) stands for "mated here"/"mates here": any window agrees.
            if mark and val[len(mark):] in ("-inf", "+inf"):
                continue
            exp = ">=" if v >= hi else "<=" if v <= lo else ""
            # A leaf's own value (a "mate" row, or a row with neither stand pat nor children: a horizon or
            # limit leaf) is exact outside its window too; the row cannot tell a leaf from a cut one, so an
            # exact value outside the window passes only on a row marked mate or without a stand pat.
            if exp and not mark and (" mate" in seg or " sp" not in seg):
                continue
            if exp != mark:
                fail("screen row %r: value %s against [%s,%s] should be marked %r" % (seg.strip(), val, a, b, exp))
    return rows


def main(argv):
    if len(argv) < 3:
        print("usage: bound-marks.py QUIESCE SRCDIR [--quick]", file=sys.stderr)
        return 2
    quiesce, srcdir = argv[1], argv[2]
    count = 50 if "--quick" in argv else 200
    lessons = sorted(glob.glob(os.path.join(srcdir, "lessons", "*.lesson")))
    cases = 0
    with tempfile.TemporaryDirectory() as tmp:
        env_state = os.path.join(tmp, "state")
        os.environ["XDG_STATE_HOME"] = env_state
        # Every page of every lesson: the search it opens with.
        for path in lessons:
            with open(path) as f:
                text = f.read()
            lid = re.search(r"^id: *(\S+)", text, re.M).group(1)
            pages = len(re.findall(r"^page:", text, re.M))
            for pg in range(1, pages + 1):
                if check_case(quiesce, "lesson %s page %d" % (lid, pg), [], tmp, "lesson %s %d\n" % (lid, pg)):
                    cases += 1
        lesson_cases = cases
        # 200 positions of WAC at depths 1-3, fail-hard and fail-soft.
        with open(os.path.join(srcdir, "positions", "wac.epd")) as f:
            fens = [" ".join(l.split()[:4]) + " 0 1" for l in f if l.strip() and not l.startswith("#")]
        rng = random.Random(25)
        for fen in rng.sample(fens, min(count, len(fens))):
            depth = rng.randint(1, 3)
            for soft in (False, True):
                args = ["--fen", fen, "-d", str(depth)] + (["--fail-soft"] if soft else [])
                if check_case(quiesce, "%s d%d %s" % (fen, depth, "soft" if soft else "hard"), args, tmp,
                              "search\n"):
                    cases += 1
                else:
                    fail("%s: no trace was written" % fen)
        rows = check_screens(quiesce, lessons)
    print("bound-marks: %d lesson searches, %d position searches, %d screen rows; %d failure(s)" %
          (lesson_cases, cases - lesson_cases, rows, len(failures)))
    if rows == 0:
        fail("no tree row was read from the lesson screens")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
