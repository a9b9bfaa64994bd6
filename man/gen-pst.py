#!/usr/bin/env python3
"""gen-pst.py: quiesce-trace(5)'s PIECE-SQUARE TABLES, generated from src/chess/eval.c.

    man/gen-pst.py EVAL_C MANPAGE [--write]

Reads the piece-square tables (pst_pawn ... pst_king_end, 64 numbers each,
written as White sees the board, rank 8 first) and the endgame threshold
(ENDGAME_PIECES) from EVAL_C and renders them as man(7) markup, one table a
piece, rank 8 at the top, so the evaluation "pst" a trace may declare is
documented from the source it is computed from. The result belongs between
the lines '.\\" BEGIN PST (man/gen-pst.py)' and '.\\" END PST' of MANPAGE.
Without --write it checks that MANPAGE holds exactly that and exits 1 with a
diff when it does not; with --write it replaces the block.
"""
import difflib
import re
import sys

BEGIN = '.\\" BEGIN PST (man/gen-pst.py: generated from src/chess/eval.c; do not edit)'
END = '.\\" END PST'
TABLES = [("pst_pawn", "Pawn"), ("pst_knight", "Knight"), ("pst_bishop", "Bishop"), ("pst_rook", "Rook"),
          ("pst_queen", "Queen"), ("pst_king_middle", "King, middlegame"), ("pst_king_end", "King, endgame")]


def tables(source):
    out = {}
    for name, _ in TABLES:
        m = re.search(r"static const int %s\[64\] = \{([^}]*)\};" % name, source)
        if not m:
            sys.exit("gen-pst.py: %s not found in the source" % name)
        nums = [int(x) for x in re.findall(r"-?\d+", m.group(1))]
        if len(nums) != 64:
            sys.exit("gen-pst.py: %s has %d numbers, not 64" % (name, len(nums)))
        out[name] = nums
    m = re.search(r"#define ENDGAME_PIECES \(2 \* \(VALUE_ROOK \+ VALUE_BISHOP\)\)", source)
    if not m:
        sys.exit("gen-pst.py: ENDGAME_PIECES is no longer 2 x (rook + bishop): update the text")
    return out


def render(t):
    lines = [BEGIN]
    for name, title in TABLES:
        lines += [".PP", ".B " + title, ".RS", ".EX"]
        nums = t[name]
        for r in range(8):
            row = nums[8 * r:8 * r + 8]
            lines.append("%d  " % (8 - r) + " ".join("%4d" % v for v in row).replace("-", "\\-"))
        lines.append("    " + " ".join("%4s" % f for f in "abcdefgh"))
        lines += [".EE", ".RE"]
    lines.append(END)
    return lines


def main():
    if len(sys.argv) not in (3, 4) or (len(sys.argv) == 4 and sys.argv[3] != "--write"):
        sys.exit(__doc__)
    source = open(sys.argv[1], encoding="utf-8").read()
    page = open(sys.argv[2], encoding="utf-8").read().split("\n")
    want = render(tables(source))
    try:
        a = page.index(BEGIN)
        b = page.index(END, a)
    except ValueError:
        sys.exit("gen-pst.py: %s has no generated PST block" % sys.argv[2])
    have = page[a:b + 1]
    if len(sys.argv) == 4:
        page[a:b + 1] = want
        with open(sys.argv[2], "w", encoding="utf-8") as f:
            f.write("\n".join(page))
        print("%s: PIECE-SQUARE TABLES rewritten from %s" % (sys.argv[2], sys.argv[1]))
        return
    if have != want:
        sys.stdout.write("\n".join(difflib.unified_diff(have, want, "manual", "eval.c", lineterm="")) + "\n")
        sys.exit(1)
    print("%s: PIECE-SQUARE TABLES match %s (%d tables)" % (sys.argv[2], sys.argv[1], len(TABLES)))


main()
