#!/usr/bin/env python3
"""tutor-lessons.py: every page of every lesson, as the tutor draws it.

    tutor-lessons.py TMUX QUIESCE LESSONDIR STATEDIR COLS LINES [LESSON...]

Starts the tutor in a private tmux server at COLS x LINES, opens each lesson
of LESSONDIR (read now: the list changes as lessons are written) and turns
every page. On each page it checks, from the lesson file (parsed here, not by
quiesce) and the screen (tmux capture-pane):

  * no text is cut: every word of the lesson's title, the page's title, its
    prose (paragraphs and preformatted lines) and its questions appears in
    the lesson pane, which is scrolled with '}' while its title line says
    "more below";
  * a page with @compare A B shows the compare view, and each side's header
    names its search: the mode or variant, each +switch asked for, and none
    of delta, SEE or fail-soft that the side did not ask for;
  * any other page shows the board with its rank digits, its file letters,
    the side to move and the material;
  * the lesson pane's key bar offers "A answer" on a page with a question,
    and "H hint" when its questions have hints, never on a page without.
  * every screen fact the page's prose and @ask quote is on one of the
    screens captured while reading the page (before and after each scroll),
    without the lesson pane itself: a signed value (+800, with its sign;
    a value quoted without a bound's mark is not shown by a bound, ">=+800",
    and a bound quoted with its mark must be shown with it), a mate (#2, #-1;
    '#N' after "node" is a node number), a SAN move, a node count ("1,234
    nodes"), a tree mark (>>, sp-cut, Q!, !!, evas, or any mark in quotes:
    "main", "st", "q0"), in either the wide or the compact spelling of the
    '?' legend; or it is listed on a "# off-screen: WORD..." line of the
    page (a move the search never tries, which no screen can show). An
    @claim proves a fact true; it never makes a fact pass here.

    tutor-lessons.py --self-test checks the fact reader and the matcher on
    hand-written cases. TUTOR_LESSONS_DUMP=DIR keeps each page's screens.

A page whose @compare is followed by a setup directive (@position, @search,
@set), which closes the compare view, is noted: the page never shows it.

It prints, per lesson and overall, how many presses of '}' the pages took
to show all their text (the reading cost of the layout at this size), and
fails a page where that count is not the one 'quiesce check-lesson
--screens' gives for the page at this size (its virtual terminal, which
refuses a page of more than 3 at 80x24, must count as the tutor scrolls).

Every wait is for a screen condition (polling capture-pane), never a fixed
sleep. Prints one line per failure and "N pages, N failures" at the end;
exits 1 on any failure.
"""
import collections
import os
import re
import subprocess
import sys
import time

TIMEOUT = 60.0  # seconds for one screen condition on a loaded machine


class Tutor:
    def __init__(self, tmux, quiesce, datadir, state, cols, lines):
        self.tmux = tmux
        self.sock = "quiesce-lessons-%d-%dx%d" % (os.getpid(), cols, lines)
        self.cols, self.lines = cols, lines
        cmd = ("env TERM=screen NO_COLOR=1 LC_ALL=C XDG_STATE_HOME='%s' QUIESCE_DATADIR='%s' '%s'; sleep 600"
               % (state, datadir, quiesce))
        self.tm("new-session", "-d", "-x", str(cols), "-y", str(lines), cmd)

    def tm(self, *args):
        return subprocess.run([self.tmux, "-L", self.sock, "-f", "/dev/null"] + list(args),
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False,
                              universal_newlines=True).stdout

    def keys(self, *keys):
        self.tm("send-keys", *keys)

    def type(self, text):
        self.tm("send-keys", "-l", "--", text)

    def screen(self):
        rows = self.tm("capture-pane", "-p").split("\n")
        return (rows + [""] * self.lines)[:self.lines]

    def wait(self, cond):
        """Polls the screen until COND(rows) is true on a settled screen (the same on three captures in
        a row, so that a redraw tmux has taken in only in part is not read); the rows, or None after
        TIMEOUT."""
        end = time.monotonic() + TIMEOUT
        last, same = None, 0
        while True:
            rows = self.screen()
            same = same + 1 if rows == last else 0
            if same >= 2 and cond(rows):
                return rows
            if time.monotonic() > end:
                return None
            last = rows
            time.sleep(0.05)

    def stop(self):
        self.tm("kill-server")


def parse_lesson(path):
    """The lesson's title and pages: each page's title, its words, its @compare sides."""
    title, pages = "", []
    with open(path, encoding="utf-8") as f:
        raw = f.read().split("\n")
    lines, acc = [], None
    for line in raw:
        if acc is not None:
            line = acc + line.lstrip()
            acc = None
        if line.endswith("\\"):
            acc = line[:-1]
            continue
        lines.append(line)
    for line in lines:
        # "# off-screen: WORD..." in a page: words its prose quotes that no screen can show (a move the
        # search never tries); the screen-fact check leaves them out (quiesce-lesson(5)).
        if line.startswith("# off-screen:") and pages:
            pages[-1]["offscreen"] += [strip_word(w) for w in line.split(":", 1)[1].split("(")[0].split()]
            continue
        if line.startswith("#"):
            continue
        if line.startswith("title:") and not pages:
            title = line[6:].strip()
        elif line.startswith("page:"):
            pages.append({"title": line[5:].strip(), "words": [], "compare": None, "questions": 0, "hints": 0,
                          "prose": [], "claims": [], "offscreen": []})
        elif not pages:
            continue
        elif line.startswith("@"):
            parts = line.split(None, 1)
            if parts[0] == "@ask" and len(parts) > 1:
                pages[-1]["words"] += parts[1].split()
                pages[-1]["prose"].append(parts[1])
            elif parts[0] == "@claim" and len(parts) > 1:
                pages[-1]["claims"].append(parts[1])
            elif parts[0] == "@question":
                pages[-1]["questions"] += 1
            elif parts[0] == "@hint":
                pages[-1]["hints"] += 1
            elif parts[0] == "@compare" and len(parts) > 1:
                pages[-1]["compare"] = parts[1].split()
            elif parts[0] in ("@position", "@search", "@set", "@fen"):
                # A later setup closes an earlier comparison (noted: the page never shows it).
                if pages[-1]["compare"]:
                    pages[-1]["dropped"] = " ".join(pages[-1]["compare"])
                pages[-1]["compare"] = None
        else:
            pages[-1]["words"] += line.split()
            pages[-1]["prose"].append(line)
    return title, pages


# The words a compare header uses for each +switch (quiesce(1), compare --modes).
SWITCH_WORDS = {
    "delta": "delta", "see": "SEE", "fail-soft": "fail-soft", "checks-all": "every ply",
    "order": "order", "eval": "eval", "qdepth": "qdepth", "depth": "depth", "pawn-pushes": "pawn pushes",
    "no-evasions": "evasions off", "no-stand-pat": "no stand pat", "soft": "fail-soft",
    "check-plies": "checks in",
    # issue 29 (option_describe_short): "futility 100", "SEE 80", "recaptures from qply 5", "evasion limit 2"
    "futility": "futility", "futility-margin": "futility", "see-margin": "SEE", "recaptures": "recaptures from qply",
    "evasion-limit": "evasion limit", "tt": "TT", "tt-size": "TT",
}
NAMED = ("faulty", "brute", "rival", "modern")
# Switches a side must not show unless it asked for them (a page's options leaking into a side).
LEAK_WORDS = ("delta", "SEE", "fail-soft")


def header_problems(header, spec):
    """What is wrong with a compare header for the side searched as SPEC."""
    parts = spec.split("+")
    base, switches = parts[0], parts[1:]
    problems = []
    if base not in header:
        problems.append("does not name '%s'" % base)
    asked = set()
    for sw in switches:
        name, _, value = sw.partition("=")
        if name == "nodelta":
            if re.search(r"\bdelta\b", header):
                problems.append("shows delta, which +nodelta turns off")
            continue
        word = SWITCH_WORDS.get(name, name)
        asked.add(word)
        if word not in header:
            problems.append("does not name +%s ('%s')" % (sw, word))
        elif value and name in ("delta", "depth", "qdepth", "check-plies", "futility-margin", "see-margin",
                                "recaptures", "evasion-limit") and not re.search(
                r"\b%s %s\b" % (re.escape(word), re.escape(value)), header):
            problems.append("does not give +%s's value %s" % (name, value))
    if base not in NAMED:
        for word in LEAK_WORDS:
            if word not in asked and re.search(r"\b%s\b" % re.escape(word), header):
                problems.append("shows '%s', which the side did not ask for" % word)
    return problems


TITLE_RE = re.compile(r"[\[ ]Page (\d+)/(\d+)\]?")


def lesson_pane(rows):
    """The lesson pane's title row, left column and body rows (the rows of text under its title)."""
    for r, row in enumerate(rows):
        m = TITLE_RE.search(row)
        if m:
            col = m.start()
            body = []
            for row2 in rows[r + 1:]:
                # The event pane (a band across the screen) ends a pane below the board.
                if col == 0 and re.match(r"^[\[ ]Event", row2):
                    break
                # The key bar is the last row of a pane beside the board.
                if row2[col:].startswith("[ ] pages"):
                    break
                body.append(row2[col:])
            return r, col, m, body
    return None


def merge(text, window):
    """TEXT (the pane's lines seen so far) extended by WINDOW, the pane after a scroll down: the
    lines they share (the longest end of TEXT that starts WINDOW) are counted once."""
    for k in range(min(len(text), len(window)), 0, -1):
        if text[-k:] == window[:k]:
            return text + window[k:]
    return text + window


# ---- Screen facts: every value, mate, move, node count and mark the prose quotes is on the screen ----

# The moves check-lesson reads as SAN (quiesce-lesson(5), "What the text may name"): piece moves, pawn
# captures, promotions, pawn checks, castling; a bare square is not a move.
SAN_RE = re.compile(r"^(?:[KQRBN][a-h]?[1-8]?x?[a-h][1-8]|[a-h]x[a-h][1-8](?:=[QRBN])?|[a-h][1-8]=[QRBN]|"
                    r"[a-h][1-8][+#]|O-O|O-O-O)[+#]?$")
# The tree's marks, wide and compact spelling (the '?' legend, src/tutor/ui_keys.c legend_help): a mark
# quoted in either spelling is on the screen when either is.
MARK_SPELLINGS = [(">>", ">"), ("main", "m"), ("static", "st"), ("evasion", "evas"), ("stopped", "stop"),
                  ("quiescence", "q"), ("sp",), ("sp-cut",), ("cut",), ("raise",), ("delta", "d"),
                  ("see", "SEE"), ("mate",), ("Q!",), ("!!",), ("~",), ("inf", "-inf", "+inf"),
                  ("futility", "fut"), ("recapture",), ("evasion-prune",)]
MARKS = {}
for spellings in MARK_SPELLINGS:
    for m in spellings:
        MARKS[m] = spellings
# Marks that are no English word: checked wherever the prose writes them, quoted or not.
BARE_MARKS = (">>", "sp-cut", "Q!", "!!", "evas")
PUNCT = ",.;:)!?\"']"


def strip_word(w):
    """W without the quotes and brackets around it and the punctuation after it."""
    return w.lstrip("(\"'[").rstrip(PUNCT)


def screen_facts(prose):
    """The screen facts PROSE (the page's text lines and @ask) quotes: (kind, word) pairs, kind one of
    value, mate, move, nodes, mark."""
    text = " ".join(prose)
    words = text.split()
    facts = []
    for i, raw in enumerate(words):
        prev = strip_word(words[i - 1]).lower() if i else ""
        w = raw.lstrip("(\"'[")
        m = re.match(r"^([<>]=#-?\d+)[,.;:)!?\"'\]]*$", w)
        if m:
            facts.append(("mate", m.group(1)))
            continue
        m = re.match(r"^((?:[<>]=)?[+-]\d+)[,.;:)!?\"'\]]*$", w)
        if m:
            facts.append(("value", m.group(1)))
            continue
        # '#N' after "node" is a node number (quiesce-lesson(5)); any other '#N', '#-N' is a mate score.
        m = re.match(r"^(#-?\d+)[,.;:)!?\"'\]]*$", w)
        if m and prev not in ("node", "nodes"):
            facts.append(("mate", m.group(1)))
            continue
        m = re.match(r"^(\d[\d,]*\d|\d)$", w.rstrip(",.;:)")) if i + 1 < len(words) else None
        if m and strip_word(words[i + 1]) in ("nodes", "node"):
            facts.append(("nodes", m.group(1)))
            continue
        san = re.sub(r"^\d+\.(\.\.)?", "", w).rstrip(",.;:)!?\"']")
        if SAN_RE.match(san) or (san.endswith("#") and SAN_RE.match(san[:-1])):
            facts.append(("move", san))
            continue
        if strip_word(raw) in BARE_MARKS or w.rstrip(",.;:)?\"']") in BARE_MARKS:
            facts.append(("mark", strip_word(raw) if strip_word(raw) in BARE_MARKS else w.rstrip(",.;:)?\"']")))
    # A quoted mark: "main", 'evasion', "Q! static" (each mark word of the quote).
    for q in re.findall(r"\"([^\"]{1,24})\"|(?<![A-Za-z])'([^']{1,24})'", text):
        for word in (q[0] or q[1]).split():
            word = word.rstrip(",.;:")
            if (word in MARKS or re.match(r"^q\d+$", word)) and word not in BARE_MARKS:
                facts.append(("mark", word))
    return facts


def on_screen(kind, word, screen):
    """Whether the fact WORD of KIND is in SCREEN (the captured rows without the lesson pane)."""
    def has(token, before=r"(?<![\w])", after=r"(?![\w])"):
        return re.search(before + re.escape(token) + after, screen) is not None
    if kind == "value":
        # With its sign, as the screen writes it ("sp+50", "[-inf,+50]", "(+700)"): a value is for the side
        # to move at its node, and prose that quotes it for the other side writes it in words.
        # A value quoted exact is not shown by a bound of the same number (">=+800").
        return has(word, r"" if word[:2] in (">=", "<=") else r"(?<![<>]=)", r"(?!\d)")
    if kind == "mate":
        return has(word, r"" if word[:2] in (">=", "<=") else r"(?<![<>]=)", r"(?!\d)")
    if kind == "nodes":
        return has(word, r"(?<![\d,])", r"(?![\d,])") or has(word.replace(",", ""), r"(?<![\d,])", r"(?![\d,])")
    if kind == "move":
        base = word.rstrip("+#")
        return has(base, r"(?<![A-Za-z0-9])", r"(?![0-9=])")
    if word in (">>", ">"):
        # The parting mark starts a tree row, in front of its move; "(:event >)" is no mark.
        return re.search(r"(?m)(?:^|\|)\s*>{1,2}\s+[-+*]?\s*[A-Za-z]", screen) is not None
    if word == "sp":
        return re.search(r"(?<![\w-])sp ?[+-]\d", screen) is not None
    if word == "~":
        return re.search(r"~[A-Za-z?]", screen) is not None
    for spelling in MARKS.get(word, (word,)):
        if has(spelling, r"(?<![\w!>~+-])", r"(?![\w!>=-])"):
            return True
    return False


def without_lesson_pane(rows):
    """ROWS with the lesson pane blanked: its own text quotes the facts and must not count as showing them."""
    pane = lesson_pane(rows)
    if pane is None:
        return rows
    r, col, m, body = pane
    out = list(rows)
    for i in range(r, min(len(rows), r + len(body) + 2)):
        out[i] = rows[i][:col]
    return out


FACTS = collections.Counter()
LESSON_FACTS = collections.Counter()  # facts in view, per lesson number


def check_facts(where, page, screens, fails):
    """Every screen fact of PAGE's prose is on one of SCREENS (the page as read, before and after its
    scrolls), in either spelling of a mark, or is listed on its "# off-screen:" line (an @claim proves a
    fact, it does not show it)."""
    screen = "\n".join("\n".join(without_lesson_pane(rows)) for rows in screens)
    # TUTOR_LESSONS_DUMP=DIR keeps each page's screens, for a lesson's author to read what it shows.
    if os.environ.get("TUTOR_LESSONS_DUMP"):
        with open(os.path.join(os.environ["TUTOR_LESSONS_DUMP"], where.replace(" ", "_").replace("/", "of")),
                  "w") as f:
            f.write("\n----\n".join("\n".join(rows) for rows in screens))
    missing = []
    for kind, word in screen_facts(page["prose"]):
        # How each fact passed, counted for the summary line.
        if on_screen(kind, word, screen):
            FACTS["on screen"] += 1
            m = re.search(r"lesson (\d+)", where)
            if m:
                LESSON_FACTS[int(m.group(1))] += 1
            continue
        if word in page["offscreen"]:
            FACTS["off-screen"] += 1
            continue
        FACTS["missing"] += 1
        if (kind, word) not in missing:
            missing.append((kind, word))
    for kind, word in missing:
        fails.append("%s: the prose quotes the %s '%s', which the screen does not show" % (where, kind, word))


# Hand-written sentences and the facts the check must read in them (and not read).
SELF_TESTS = [
    ("Qxd5 wins: +800, then cxd5 and -100.", [("move", "Qxd5"), ("value", "+800"), ("move", "cxd5"),
                                              ("value", "-100")]),
    ("The root shows #2; node #12 and node 7 are numbers, #-1 a mate.", [("mate", "#2"), ("mate", "#-1")]),
    ("It took 1,234 nodes, then 60 nodes; depth 2 and e5 are no facts.", [("nodes", "1,234"), ("nodes", "60")]),
    ('The tree marks ">>" and "evasion", then sp-cut and Q! and "st"; the main search is no mark.',
     [("mark", ">>"), ("mark", "sp-cut"), ("mark", "Q!"), ("mark", "evasion"), ("mark", "st")]),
    ("Fail-hard returns >=+90, the parent <=-90; >=#2 and #-1.", [("value", ">=+90"), ("value", "<=-90"),
                                                                 ("mate", ">=#2"), ("mate", "#-1")]),
    ("12. Rxh8+ O-O e8=Q f7+ Qh1#", [("move", "Rxh8+"), ("move", "O-O"), ("move", "e8=Q"), ("move", "f7+"),
                                     ("move", "Qh1#")]),
]
# Screens (without the lesson pane) and whether each fact is on them.
SELF_SCREENS = [
    ("value", "+800", "  - *root   m  +800  [-inf,+inf]", True),
    ("value", "+80", "  - *Qxd5   q0 -800  sp-700", False),
    ("value", "+700", "  - *Qxd5   q0 -800  sp-700", False),
    ("value", "-700", "  - *Qxd5   q0 -800  sp-700", True),
    ("value", "+300", "  -  Nxe4   q1 >=+300 sp-10 cut [-inf,+90]", False),
    ("value", ">=+300", "  -  Nxe4   q1 >=+300 sp-10 cut [-inf,+90]", True),
    ("value", "+90", "  -  Nxe4   q1 >=+300 sp-10 cut [-inf,+90]", True),
    ("value", "<=-90", "  -  fxe4   q2 >=-90 sp-300 [-90,+10]", False),
    ("mate", "#-1", "  - *Qh1+   q0   = #-1    Q! static -70", True),
    ("mate", "#1", "  - *Qh1+   q0   = #-1    Q! static -70", False),
    ("mark", ">>", "  >   cxd5   m  -100  st -100 q -100    |  >   cxd5   q0 -100", True),
    ("mark", ">", "  -  cxd5   m  -100  (:event >)", False),
    ("mark", "evasion", "   -  Rgxg8+ q1 -1000 raise evas [-inf,-690]", True),
    ("mark", "cut", "    Kf1    q0 -700  sp-700 sp-cut [-inf,-700]", False),
    ("mark", "sp", "    Kf1    q0 -700  sp-cut [-inf,-700]", False),
    ("mark", "sp", "     cxd5   q1 -100  sp-100 [-inf,+800]", True),
    ("move", "Rxh8", "   ~Rxh8   d -1200+320+200<=-300", True),
    ("move", "Rxh8", "   ~Rxh8+   d", True),
    ("move", "Rh8", "   ~Rxh8   d", False),
    ("nodes", "1,839", "[Tree] (filter all, 1839 nodes)", True),
    ("nodes", "183", "[Tree] (filter all, 1839 nodes)", False),
]
def self_test():
    """Checks the fact reader and the screen matcher on the hand-written cases above; 0 when all hold."""
    bad = 0
    for text, want in SELF_TESTS:
        got = screen_facts([text])
        if sorted(got) != sorted(want):
            print("FAIL: self-test: %r reads %r, not %r" % (text, got, want))
            bad += 1
    for kind, word, screen, want in SELF_SCREENS:
        if on_screen(kind, word, screen) != want:
            print("FAIL: self-test: %s %r %s on %r" % (kind, word, "not found" if want else "found", screen))
            bad += 1
    print("self-test: %d cases, %d failures" % (len(SELF_TESTS) + len(SELF_SCREENS), bad))
    return 1 if bad else 0


def check_page(t, lesson_title, number, page, k, count, fails, scrolls):
    where = "%dx%d lesson %d page %d/%d" % (t.cols, t.lines, number, k, count)
    if page.get("dropped"):
        print("NOTE: %s: '@compare %s' is followed by a setup directive on the page, which closes the "
              "compare view: the page never shows it" % (where, page["dropped"]))

    def ready(rows):
        pane = lesson_pane(rows)
        # The page's number in the title, the lesson's at the top of the text, no command running.
        return (pane is not None and int(pane[2].group(1)) == k and int(pane[2].group(2)) == count
                and pane[3] and pane[3][0].startswith("Lesson %d:" % number)
                and not rows[-2].startswith("Running:"))

    rows = t.wait(ready)
    if rows is None:
        fails.append("%s: the screen never showed 'Page %d/%d'" % (where, k, count))
        return False
    # The page text: scroll the pane with '}' while its title says there is more below.
    text, screens = [], [rows]
    while True:
        r, col, m, body = lesson_pane(rows)
        text = merge(text, [line.rstrip() for line in body])
        if not re.search(r"\(more (above and )?below", rows[r]):
            break
        before = body
        t.keys("}")
        scrolls[number] = scrolls.get(number, 0) + 1
        rows = t.wait(lambda rs: lesson_pane(rs) is not None and lesson_pane(rs)[3] != before)
        if rows is None:
            fails.append("%s: '}' does not scroll the lesson pane that says 'more below'" % where)
            return True
        screens.append(rows)
    check_facts(where, page, screens, fails)
    # Each word as many times as the page has it: a cut formula's last word may occur elsewhere too.
    have = collections.Counter(" ".join(text).split())
    want = collections.Counter(["Lesson", "%d:" % number] + lesson_title.split() + page["title"].split()
                               + page["words"])
    missing = sorted((want - have).elements())
    if missing:
        fails.append("%s: not on screen (cut?): %s" % (where, " ".join(missing[:12])))
    screen = "\n".join(rows)
    # The key bar offers H only for a question that has a hint.
    if page["questions"] and page["hints"] == page["questions"] and "H hint" not in screen:
        fails.append("%s: every question has a hint but the key bar offers no 'H hint'" % where)
    if page["hints"] == 0 and "H hint" in screen:
        fails.append("%s: the key bar offers 'H hint' but the page has no hint" % where)
    if page["questions"] and "A answer" not in screen:
        fails.append("%s: the page asks a question but the key bar offers no 'A answer'" % where)
    if page["compare"]:
        # A long label goes on over up to two more rows (ui_tree.c wrap_label), above the result row.
        heads = []
        for k in range(2):
            parts = [rows[0].split("|")[k] if len(rows[0].split("|")) > k else ""]
            for r in rows[1:3]:
                cells = r.split("|")
                cell = cells[k].strip() if len(cells) > k else ""
                if re.match(r"^(result )?([-+#<>=0-9?]|none|at least)", cell):
                    break
                parts.append(cell)
            heads.append(" ".join(x.strip() for x in parts if x.strip()).strip("[]"))
        for i, spec in enumerate(page["compare"][:2]):
            side = "AB"[i]
            head = next((h for h in heads if h.startswith(side + ": ")), None)
            if head is None:
                fails.append("%s: no compare header for side %s (@compare %s): %r" %
                             (where, side, " ".join(page["compare"]), rows[0]))
                continue
            for p in header_problems(head, spec):
                fails.append("%s: side %s header %r %s" % (where, side, head, p))
    else:
        ranks = [r for r in rows if re.match(r"^[1-8] (?:[ \[][ .PNBRQKpnbrqk][ \]]){8}", r)]
        if len(ranks) != 8:
            fails.append("%s: the board shows %d rank rows, not 8" % (where, len(ranks)))
        if not re.search(r"^   a  b  c  d  e  f  g  h", screen, re.M):
            fails.append("%s: the board has no file letters" % where)
        if not re.search(r"^(White|Black) to move", screen, re.M):
            fails.append("%s: the board does not say whose move it is" % where)
        if not re.search(r"^Material \d+-\d+", screen, re.M):
            fails.append("%s: the board does not give the material" % where)
    return True


def check_lesson_presses(quiesce, datadir, path, cols, lines):
    """{page number: presses of '}'} that 'quiesce check-lesson --screens' counts for PATH at COLSxLINES
    (empty when it does not check that size)."""
    env = dict(os.environ, QUIESCE_DATADIR=datadir, LC_ALL="C")
    out = subprocess.run([quiesce, "check-lesson", "--screens", path], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, env=env, check=False, universal_newlines=True).stdout
    size = re.escape("%sx%s" % (cols, lines))
    return {int(m.group(1)): int(m.group(2))
            for m in re.finditer(r" page (\d+)/\d+ at %s \((\d+) press" % size, out)}


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) < 7:
        print(__doc__.split("\n\n")[1].strip(), file=sys.stderr)
        return 2
    tmux, quiesce, datadir, state, cols, lines = sys.argv[1:7]
    lessondir = os.path.join(datadir, "lessons")
    # The tutor numbers the lessons in the order of their file names.
    every = sorted(f for f in os.listdir(lessondir) if f.endswith(".lesson"))
    files = sys.argv[7:] or every
    t = Tutor(tmux, quiesce, datadir, state, int(cols), int(lines))
    fails, pages = [], 0
    scrolls, page_counts = {}, {}
    try:
        if t.wait(lambda rs: any("to move" in r or "Lessons:" in r for r in rs)) is None:
            print("FAIL: %sx%s: the tutor did not start" % (cols, lines))
            return 1
        for name in files:
            number = every.index(name) + 1
            title, plist = parse_lesson(os.path.join(lessondir, name))
            counted = check_lesson_presses(quiesce, datadir, os.path.join(lessondir, name), cols, lines)
            t.keys(":")
            t.type("lesson %d" % number)
            t.keys("Enter")
            for k, page in enumerate(plist, 1):
                if k > 1:
                    t.keys("]")
                pages += 1
                page_counts[number] = page_counts.get(number, 0) + 1
                # A page that never came: the rest of this lesson would only time out too.
                before = scrolls.get(number, 0)
                if not check_page(t, title, number, page, k, len(plist), fails, scrolls):
                    break
                took = scrolls.get(number, 0) - before
                if counted and counted.get(k) != took:
                    fails.append("%sx%s lesson %d page %d/%d: the tutor took %d presses of '}' to read, "
                                 "check-lesson counts %s" % (cols, lines, number, k, len(plist), took,
                                                             counted.get(k)))
    finally:
        t.stop()
    for f in fails:
        print("FAIL: " + f)
    # How much reading takes: presses of '}' a page needs to show all its text, per lesson and overall.
    for number in sorted(page_counts):
        print("%sx%s: lesson %d: %d scrolls over %d pages, %.2f a page, %d facts in view" %
              (cols, lines, number, scrolls.get(number, 0), page_counts[number],
               scrolls.get(number, 0) / float(page_counts[number]), LESSON_FACTS[number]))
    if pages:
        print("%sx%s: scrolls a page on average: %.2f (%d over %d pages)" %
              (cols, lines, sum(scrolls.values()) / float(pages), sum(scrolls.values()), pages))
    print("%sx%s: screen facts quoted: %d on screen, %d off-screen, %d missing" %
          (cols, lines, FACTS["on screen"], FACTS["off-screen"], FACTS["missing"]))
    print("%sx%s: %d pages, %d failures" % (cols, lines, pages, len(fails)))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
