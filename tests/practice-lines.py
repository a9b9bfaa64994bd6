#!/usr/bin/env python3
"""practice-lines.py: replays the deciding lines of 'quiesce practice' verdicts.

Usage: practice-lines.py OUTPUT

OUTPUT is a session's output (questions and verdicts). For every verdict
with "The deciding line: M1 (V1) M2 (V2) ..., where SIDE stands pat on S
[material W-B: ...] ...; backed up, the node returns X." the line is played
here from the question's FEN with a move reader of this file's own (SAN of
captures, promotions, evasions), and its values are checked to add up: the
stand pat is the material count of the position reached (P 100, N 310,
B 320, R 500, Q 900) and W-B its material; each move's value is the next
move's negated (or, where the next move cuts off, minus that node's beta,
which the move's value reaches); the leaf's return backs up to the first
move's value, which is what the node returns, and that is the engine's
answer. Exits 1 on any disagreement or when no line was checked.
"""
import importlib.util
import os
import re
import sys

spec = importlib.util.spec_from_file_location(
    'practice_check', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'practice-check.py'))
pc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pc)

FILES = 'abcdefgh'


def square(text):
    return (FILES.index(text[0]), int(text[1]) - 1)


def play(board, side, ep, san):
    """Plays SAN for SIDE on BOARD (changed in place); returns the new e.p. square. Raises ValueError."""
    core = re.sub(r'[+#!?]', '', san)
    if core.startswith('O-O'):
        raise ValueError('castling in a quiescence line')
    promo = None
    m = re.match(r'^(.*)=([QRBN])$', core)
    if m:
        core, promo = m.group(1), m.group(2)
    to = square(core[-2:])
    piece = core[0] if core[0] in 'NBRQK' else 'P'
    rest = core[1:-2] if piece != 'P' else core[:-2]
    rest = rest.replace('x', '')
    up = 1 if side == 'w' else -1
    mine = piece if side == 'w' else piece.lower()
    occ = set(board)
    cands = []
    if piece == 'P':
        if rest:                    # a capture: the file it comes from
            cands = [(FILES.index(rest[0]), to[1] - up)]
        else:
            one = (to[0], to[1] - up)
            cands = [one] if one in board else [(to[0], to[1] - 2 * up)]
        cands = [c for c in cands if board.get(c) == mine]
    else:
        cands = [c for c in pc.attackers(board, to, side, occ) if board[c] == mine]
        for ch in rest:
            if ch in FILES:
                cands = [c for c in cands if c[0] == FILES.index(ch)]
            elif ch.isdigit():
                cands = [c for c in cands if c[1] == int(ch) - 1]
    cands = [c for c in cands if pc.legal(board, side, c, to, ep)]
    if len(cands) != 1:
        raise ValueError(f"{san}: {len(cands)} pieces can play it")
    frm = cands[0]
    if piece == 'P' and to == ep and to not in board:
        board.pop((to[0], frm[1]))
    board.pop(frm)
    board[to] = (promo if side == 'w' else promo.lower()) if promo else mine
    return (to[0], to[1] - up) if piece == 'P' and abs(to[1] - frm[1]) == 2 else None


def number(text):
    """A score as written: +120, -35, +0; None for a mate or an infinity."""
    return int(text) if re.match(r'^[+-]?\d+$', text) else None


def main():
    lines = open(sys.argv[1]).read().splitlines()
    bad = checked = cuts = 0
    fen = qid = None

    def fail(msg):
        nonlocal bad
        bad += 1
        print(f"{qid}: {msg} [{fen}]")

    for line in lines:
        q = re.match(r'^Q\d+ (\S+): .*\[FEN ([^\]]*)\]$', line)
        if q:
            qid, fen = q.group(1).rstrip(':'), q.group(2)
            continue
        d = re.search(r'The deciding line:(.*?)(?:,| none:) where (.*?); backed up, the node returns (\S+)\.(.*?)'
                      r'(?: Without quiescence| The stand pat| A quiescence| Rule:|$)', line)
        if not d or fen is None:
            continue
        answer = re.match(r'^(?:right|wrong): (?:the engine says )?(\S+?)\.? ', line)
        moves = re.findall(r' (\S+) \(([^)]+)\)', d.group(1))
        leaf, node_returns, cut_text = d.group(2), d.group(3), d.group(4)
        cutoffs = dict((m, (v, b)) for m, v, b in re.findall(r' (\S+) cuts off: (\S+) >= beta (\S+), ', cut_text))
        board, side, ep = pc.parse_fen(fen)
        try:
            for san, _ in moves:
                ep = play(board, side, ep, san)
                side = 'b' if side == 'w' else 'w'
        except ValueError as e:
            fail(f"the line {' '.join(m for m, _ in moves)} cannot be played: {e}")
            continue
        checked += 1
        who = re.match(r'^(White|Black) (stands pat on|is checkmated)(.*)$', leaf)
        ret = None
        if who:
            if (who.group(1) == 'White') != (side == 'w'):
                fail(f"the line ends with {side} to move, the verdict says {who.group(1)}")
            if who.group(2) == 'stands pat on':
                sp = number(who.group(3).split()[0])
                mat = re.search(r'\[material (\d+)-(\d+):', who.group(3))
                white = sum(pc.VALUE[p.lower()] for p in board.values() if p.isupper() and p != 'K')
                black = sum(pc.VALUE[p.lower()] for p in board.values() if p.islower() and p != 'k')
                if sp != pc.material(board, side):
                    fail(f"the stand pat {sp} is not the material count {pc.material(board, side)} after the line")
                if not mat or (int(mat.group(1)), int(mat.group(2))) != (white, black):
                    fail(f"the material {mat and mat.groups()} is not {white}-{black}")
                r = re.search(r'returns (?:alpha, )?(\S+)$', who.group(3))
                ret = number(r.group(1)) if r else None
        # Each move's value is the next one's negated, or minus the beta of a node its reply cuts off.
        values = [number(v) for _, v in moves]
        for i in range(len(moves)):
            nxt = -ret if (i == len(moves) - 1 and ret is not None) else (values[i + 1] if i + 1 < len(moves) else None)
            if values[i] is None or nxt is None:
                continue
            if i + 1 < len(moves) and moves[i + 1][0] in cutoffs:
                cuts += 1
                v, b = cutoffs[moves[i + 1][0]]
                if number(b) is not None and (values[i] != -number(b) or number(v) < number(b)):
                    fail(f"{moves[i][0]} ({values[i]}) then {moves[i + 1][0]} cutting off at beta {b}: does not add up")
            elif values[i] != -nxt if i + 1 < len(moves) else values[i] != nxt:
                fail(f"{moves[i][0]} ({values[i]}) is not the negation of what follows ({nxt})")
        # What the node returns: the first move's value (a lower bound where it cut off), or the leaf's own.
        first = values[0] if moves else ret
        mark = re.match(r'^(>=|<=)?(.*)$', node_returns)
        if first is not None and number(mark.group(2)) is not None:
            if moves and moves[0][0] in cutoffs:
                cuts += 1
                if mark.group(1) != '>=' or first < number(mark.group(2)):
                    fail(f"the first move cuts off at {cutoffs[moves[0][0]]}, the node returns {node_returns}")
            elif mark.group(1) is None and number(mark.group(2)) != first:
                fail(f"the line's value {first} is not what the node returns, {node_returns}")
        if answer and re.match(r'^(>=|<=)?([+-]\d+|#-?\d+|[+-]inf)$', answer.group(1)) and answer.group(1) != node_returns:
            fail(f"the engine's answer {answer.group(1)} is not what the line backs up, {node_returns}")
    print(f"practice-lines: {checked} lines replayed, {cuts} cut-offs checked, {bad} disagree")
    return 1 if bad or checked == 0 else 0


if __name__ == '__main__':
    sys.exit(main())
