#!/usr/bin/env python3
"""practice-check.py: checks the answers of 'quiesce practice' independently.

Usage: practice-check.py DRILL LEVEL QUESTIONS KEY [ALTERNATIVES [OTHERS]]

QUESTIONS is the output of 'quiesce practice' (one question a line, with its
id, prompt and [FEN ...]); KEY the output of --answer-key for the same set.
Each answer is worked out again here from the position alone, without the
engine: the material count (the default evaluation) for the stand pat, the
delta test's sum from the captured piece on the board, a static exchange
evaluation written as a recursion (the engine's is a swap list), MVV-LVA
over the captures generated here, the --check-plies rule, the two futility
rules (the sum, and the SEE at a node below alpha; never a capture that gives
check, found by playing it on the board) and the recapture rule
(the quiescence ply against N, the move's square against the line's last). Prints one
line per disagreement and a summary (with the number of questions where
captures tie for first under MVV-LVA); exits 1 on any disagreement. For the
order drill at level 2, ALTERNATIVES receives, one a line in UCI, for each
question the last of the captures tied for first: another answer the rule
allows wherever there is a tie, to be fed back and scored right; and
OTHERS, answers one a line, is graded by the rule: the summary says how
many of them it allows (a move tied for first).
"""
import re
import sys

VALUE = {'p': 100, 'n': 310, 'b': 320, 'r': 500, 'q': 900, 'k': 20000}
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
KING = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ROOK_DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP_DIRS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def parse_fen(fen):
    """The board as {(file, rank): piece letter (upper case White)}, the side to move, the e.p. square."""
    fields = fen.split()
    board = {}
    for r, row in enumerate(fields[0].split('/')):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[(f, 7 - r)] = ch
                f += 1
    ep = None if fields[3] == '-' else (ord(fields[3][0]) - 97, int(fields[3][1]) - 1)
    return board, fields[1], ep


def colour(piece):
    return 'w' if piece.isupper() else 'b'


def material(board, side):
    white = sum(VALUE[p.lower()] for p in board.values() if p.isupper() and p != 'K')
    black = sum(VALUE[p.lower()] for p in board.values() if p.islower() and p != 'k')
    return white - black if side == 'w' else black - white


def attackers(board, sq, side, occ):
    """The squares of SIDE's pieces (among OCC) that attack SQ."""
    out = []
    fx, fy = sq
    for (f, r) in occ:
        p = board[(f, r)]
        if colour(p) != side:
            continue
        t, dx, dy = p.lower(), fx - f, fy - r
        if t == 'p':
            if dy == (1 if side == 'w' else -1) and abs(dx) == 1:
                out.append((f, r))
        elif t == 'n':
            if (dx, dy) in KNIGHT:
                out.append((f, r))
        elif t == 'k':
            if max(abs(dx), abs(dy)) == 1:
                out.append((f, r))
        else:
            dirs = (ROOK_DIRS if t == 'r' else BISHOP_DIRS if t == 'b' else ROOK_DIRS + BISHOP_DIRS)
            for ddx, ddy in dirs:
                x, y = f + ddx, r + ddy
                while 0 <= x < 8 and 0 <= y < 8:
                    if (x, y) == sq:
                        out.append((f, r))
                        break
                    if (x, y) in occ:
                        break
                    x, y = x + ddx, y + ddy
    return out


def least_valuable(board, squares):
    return min(squares, key=lambda s: VALUE[board[s].lower()]) if squares else None


def exchange(board, sq, side, occ, on_square):
    """What SIDE gains by going on capturing on SQ (or stopping, 0): a recursion over the recaptures."""
    frm = least_valuable(board, attackers(board, sq, side, occ))
    if frm is None:
        return 0
    other = 'b' if side == 'w' else 'w'
    rest = occ - {frm}
    if board[frm].lower() == 'k' and attackers(board, sq, other, rest):
        return 0
    gain, now = on_square, VALUE[board[frm].lower()]
    if board[frm].lower() == 'p' and sq[1] in (0, 7):
        gain, now = gain + 800, 900
    return max(0, gain - exchange(board, sq, other, rest, now))


def see(board, side, ep, uci):
    frm, to = (ord(uci[0]) - 97, int(uci[1]) - 1), (ord(uci[2]) - 97, int(uci[3]) - 1)
    occ = set(board) - {frm}
    mover = board[frm].lower()
    if to not in board and mover == 'p' and frm[0] != to[0]:      # en passant
        occ -= {(to[0], frm[1])}
        gain = 100
    else:
        gain = VALUE[board[to].lower()]
    now = VALUE[mover]
    if len(uci) == 5:
        gain, now = gain + VALUE[uci[4]] - 100, VALUE[uci[4]]
    occ |= {to}
    other = 'b' if side == 'w' else 'w'
    return gain - exchange(board, to, other, occ, now)


def legal(board, side, frm, to, ep):
    """Whether moving FRM to TO leaves SIDE's king unattacked."""
    after = dict(board)
    piece = after.pop(frm)
    if piece.lower() == 'p' and to == ep:
        after.pop((to[0], frm[1]), None)
    after[to] = piece
    king = next(sq for sq, p in after.items() if p == ('K' if side == 'w' else 'k'))
    return not attackers(after, king, 'b' if side == 'w' else 'w', set(after))


def gives_check(board, side, ep, uci):
    """Whether UCI, played by SIDE, attacks the other king: the move made on a copy of the board (en
    passant takes the pawn beside, a promotion puts the new piece), then the attack test above."""
    frm, to = (ord(uci[0]) - 97, int(uci[1]) - 1), (ord(uci[2]) - 97, int(uci[3]) - 1)
    after = dict(board)
    piece = after.pop(frm)
    if piece.lower() == 'p' and to == ep:
        after.pop((to[0], frm[1]), None)
    if len(uci) == 5:
        piece = uci[4].upper() if side == 'w' else uci[4]
    after[to] = piece
    king = next(sq for sq, p in after.items() if p == ('k' if side == 'w' else 'K'))
    return bool(attackers(after, king, side, set(after)))


def mvv_lva_keys(board, side, ep):
    """Every legal capture and queen promotion as (MVV-LVA key, piece type, from, to, uci)."""
    keys = []
    occ = set(board)
    for (f, r), p in board.items():
        if colour(p) != side:
            continue
        t = p.lower()
        targets = []
        for sq in [(x, y) for x in range(8) for y in range(8)]:
            victim = board.get(sq)
            if victim and colour(victim) != side and victim.lower() != 'k' and (f, r) in attackers(board, sq, side, occ):
                targets.append((sq, VALUE[victim.lower()]))
        if t == 'p':
            up = 1 if side == 'w' else -1
            if ep and ep[1] == r + up and abs(ep[0] - f) == 1:
                targets.append((ep, 100))
            if r + up in (0, 7) and (f, r + up) not in board:
                targets.append(((f, r + up), 0))
        for sq, v in targets:
            if not legal(board, side, (f, r), sq, ep):
                continue
            key = 16 * v + 8 - 'pnbrqk'.index(t) - 1
            uci = 'abcdefgh'[f] + str(r + 1) + 'abcdefgh'[sq[0]] + str(sq[1] + 1)
            if t == 'p' and sq[1] in (0, 7):
                key += 16 * 800
                uci += 'q'
            keys.append((key, t, (f, r), sq, uci))
    return keys


def mvv_lva_top(board, side, ep):
    """The captures tied for first under MVV-LVA: [(piece type, from, to, uci)]."""
    keys = mvv_lva_keys(board, side, ep)
    if not keys:
        return []
    top = max(k[0] for k in keys)
    return [k[1:] for k in keys if k[0] == top]


def mvv_lva_best(board, side, ep):
    """The (piece type, target square) of the captures and queen promotions with the highest MVV-LVA key."""
    return {(t, sq) for t, _, sq, _ in mvv_lva_top(board, side, ep)}


def bound(text):
    """A window bound as the prompt writes it: -inf, +inf, a mate (#N, #-N: beyond any material) or a number."""
    if text.startswith('#'):
        return -32000 if text.startswith('#-') else 32000
    return {'-inf': -32500, '+inf': 32500}.get(text) if 'inf' in text else int(text)


def same(key, want):
    """Whether the engine's answer KEY is WANT; numbers compare as numbers ('+120' is 120)."""
    if re.match(r'^[+-]?\d+$', key) and re.match(r'^[+-]?\d+$', want):
        return int(key) == int(want)
    return key == want


def san_target(san):
    core = re.sub(r'[+#!?]', '', san)
    core = re.sub(r'=[QRBN]$', '', core)
    m = re.search(r'([a-h])([1-8])$', core)
    piece = core[0].lower() if core[0] in 'NBRQK' else 'p'
    return piece, (ord(m.group(1)) - 97, int(m.group(2)) - 1)


def san_names(san, piece, uci):
    """Whether SAN names the move UCI of a PIECE (lower case): its piece, target and any file or rank it gives."""
    m = re.match(r'^([NBRQK])?([a-h])?([1-8])?x?([a-h][1-8])(=[QRBN])?[+#]?$', san)
    if not m or (m.group(1) or 'P').lower() != piece or m.group(4) != uci[2:4]:
        return False
    return (m.group(2) is None or m.group(2) == uci[0]) and (m.group(3) is None or m.group(3) == uci[1])


def main():
    drill, level, qfile, kfile = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    questions = [l for l in open(qfile) if re.match(r'^Q\d+ ', l)]
    keys = [l.strip() for l in open(kfile)]
    if len(questions) != len(keys):
        print(f"practice-check: {len(questions)} questions but {len(keys)} answers")
        return 1
    # Other answers to grade by the rule (order drill, level 2): how many it allows.
    others = [l.strip() for l in open(sys.argv[6])] if len(sys.argv) > 6 else None
    allowed = 0
    bad = checked = ties = checks_kept = 0
    branches = {}
    alternatives = []
    for i, (q, key) in enumerate(zip(questions, keys)):
        qid = q.split()[1].rstrip(':')
        fen = re.search(r'\[FEN ([^\]]*)\]', q).group(1)
        board, side, ep = parse_fen(fen)
        uci = qid.split('-')[-1] if re.match(r'^[a-h][1-8][a-h][1-8][qrbn]?$', qid.split('-')[-1]) else None
        want = None
        if drill == 'stand-pat' and level in (1, 2):
            beta = bound(re.search(r'window \[([^,]+), ([^\]]+)\]', q).group(2))
            value = material(board, side)
            want = ('yes' if value >= beta else 'no') if level == 1 else str(value)
        elif drill == 'delta':
            sp, alpha, margin = re.search(r'stand pat (-?\d+), alpha (.+?), margin (\d+)', q).groups()
            sp, alpha, margin = int(sp), bound(alpha), int(margin)
            to = (ord(uci[2]) - 97, int(uci[3]) - 1)
            gain = VALUE[board[to].lower()] if to in board else 100
            want = 'yes' if sp + gain + margin <= alpha else 'no'
        elif drill == 'futility':
            # Futility per capture (issue 29): the value rule, then the SEE rule at a node below alpha.
            sp, alpha, margin = re.search(r'stand pat (-?\d+), alpha (.+?), futility margin (\d+)', q).groups()
            sp, alpha, margin = int(sp), bound(alpha), int(margin)
            to = (ord(uci[2]) - 97, int(uci[3]) - 1)
            gain = VALUE[board[to].lower()] if to in board else 100
            check = gives_check(board, side, ep, uci)
            # The prompt's move in SAN says the check too ('+', '#'): it must agree with the board.
            san = re.search(r'Is (\S+) futility-pruned\?', q).group(1)
            if check != bool(re.search(r'[+#]$', san)):
                bad += 1
                print(f"{qid}: the prompt writes {san}, worked out here: {'a' if check else 'no'} check [{fen}]")
            # A capture that gives check is never pruned (Stockfish's qsearch: !givesCheck).
            pruned = not check and (sp + margin + gain <= alpha or (sp + margin <= alpha and see(board, side, ep, uci) <= 0))
            want = 'yes' if pruned else 'no'
            checks_kept += check and (sp + margin + gain <= alpha or (sp + margin <= alpha and see(board, side, ep, uci) <= 0))
        elif drill == 'recaptures':
            # Recaptures only: from quiescence ply N on, only moves to the square the last move (the line's last) went to.
            m = re.search(r'after (.+) \((?:White|Black) to move, quiescence ply (\d+), --recaptures (\d+)\)', q)
            line, qply, n = m.group(1).split(), int(m.group(2)), int(m.group(3))
            to = (ord(uci[2]) - 97, int(uci[3]) - 1)
            want = 'yes' if qply >= n and san_target(line[-1])[1] != to else 'no'
        elif drill == 'see':
            value = see(board, side, ep, uci)
            want = ('yes' if value < 0 else 'no') if level == 1 else str(value)
        elif drill == 'order' and level >= 2:
            top = mvv_lva_top(board, side, ep)
            if san_target(key) not in {(t, sq) for t, _, sq, _ in top}:
                bad += 1
                print(f"{qid}: the engine tries {key} first; MVV-LVA by hand: {sorted(mvv_lva_best(board, side, ep))} [{fen}]")
            # Another answer the rule allows: the last capture tied for first (the engine's own when alone).
            alternatives.append(top[-1][3] if top else key)
            if others is not None and i < len(others):
                allowed += any(san_names(others[i], t, u) for t, _, _, u in top)
            ties += len(top) > 1
            checked += 1
            continue
        elif drill == 'order' and level == 1:
            top = mvv_lva_top(board, side, ep)
            want = 'yes' if uci in {u for _, _, _, u in top} else 'no'
            ties += len(top) > 1
        elif drill == 'tt':
            # The table's rule (quiesce(1), "The transposition table"), from the prompt's numbers alone.
            m = re.search(r'(Quiescence node, quiescence ply (\d+)|Main-search node, remaining depth (\d+)) after .* '
                          r'\((White|Black) to move; --tt, depth (\d+)(, mode checks, --check-plies (\d+))?\): node depth '
                          r'(-?\d+), window \[([^,]+), ([^\]]+)\]\. The table holds this position at depth (-?\d+): '
                          r'value ([-+]?\d+), (exact|a lower bound|an upper bound)\. ', q)
            if m is None:
                bad += 1
                print(f"{qid}: the prompt does not read as a tt question: {q.strip()}")
                continue
            qply, remaining, to_move, plies = m.group(2), m.group(3), m.group(4), m.group(7)
            depth, atext, btext, stored = int(m.group(8)), m.group(9), m.group(10), int(m.group(11))
            value, kind = int(m.group(12)), m.group(13)
            # The node's depth worked out again: a main node's remaining depth, a quiescence node's 0 minus its
            # class (its quiescence ply, at most the check plies in mode checks, 0 in mode captures).
            own = int(remaining) if remaining else -min(int(qply), int(plies) if plies else 0)
            if own != depth or to_move[0].lower() != side:
                bad += 1
                print(f"{qid}: node depth {depth} (by hand {own}), {to_move} to move, FEN side {side}")
            alpha, beta = bound(atext), bound(btext)
            if stored != depth:
                branch = 'other depth'
            elif kind == 'exact':
                branch = 'answered exact'
            elif kind == 'a lower bound' and value >= beta:
                branch = 'lower>=beta'
            elif kind == 'an upper bound' and value <= alpha:
                branch = 'upper<=alpha'
            else:
                branch = 'bound does not decide'
            branches[branch] = branches.get(branch, 0) + 1
            answers = branch in ('answered exact', 'lower>=beta', 'upper<=alpha')
            if level == 1:
                want = 'yes' if answers else 'no'
            elif not answers:
                bad += 1
                print(f"{qid}: a value asked of a node the table does not answer ({branch})")
                continue
            else:
                # Fail-hard: the stored value clamped to the window, written as the window's bound where it is one.
                want = atext if value < alpha else btext if value > beta else str(value)
        elif drill == 'checks':
            m = re.search(r'(in check|not in check), window \[([^,]+), ([^\]]+)\], static value (\S+), '
                          r'quiescence ply (\d+), mode checks, --check-plies (\d+)', q)
            check, beta, static = m.group(1) == 'in check', bound(m.group(3)), int(m.group(4))
            qply, plies = int(m.group(5)), int(m.group(6))
            # In check every evasion is searched; else a stand pat at or above beta cuts off first; else the plies.
            want = 'yes' if check else 'no' if static >= beta else 'yes' if qply < plies else 'no'
        if want is None:
            continue
        checked += 1
        if not same(key, want):
            bad += 1
            print(f"{qid}: the engine says {key}, worked out here: {want} [{fen}]")
    if len(sys.argv) > 5:
        with open(sys.argv[5], 'w') as out:
            out.write(''.join(a + '\n' for a in alternatives))
    print(f"practice-check: {drill} level {level}: {checked} answers checked, {bad} disagree, {ties} ties"
          + (f", {checks_kept} checking captures kept that a rule would prune" if drill == 'futility' else ''))
    if others is not None:
        print(f"practice-check: other answers the rule allows: {allowed}")
    if branches:
        print("practice-check: tt branches: " + ", ".join(f"{k} {v}" for k, v in sorted(branches.items())))
    return 1 if bad or checked == 0 else 0


if __name__ == '__main__':
    sys.exit(main())
