#!/usr/bin/env python3
"""gen-synopsis.py: quiesce(1)'s SYNOPSIS, generated from the program's table.

    man/gen-synopsis.py QUIESCE MANPAGE [--write]

Runs "QUIESCE --help", whose Synopsis lines come from the table of
subcommands in src/cli/cli_main.c (the table every command's --help and
usage line come from too), and renders them as man(7) markup: options and
literal words bold, placeholders (upper-case words) italic, brackets, bars
and parentheses roman. The result belongs between the lines
'.\\" BEGIN SYNOPSIS (man/gen-synopsis.py)' and '.\\" END SYNOPSIS' of
MANPAGE. Without --write it checks that MANPAGE holds exactly that and exits
1 with a diff when it does not; with --write it replaces the block.
"""
import difflib
import re
import subprocess
import sys

BEGIN = '.\\" BEGIN SYNOPSIS (man/gen-synopsis.py: generated from quiesce --help; do not edit)'
END = '.\\" END SYNOPSIS'


def synopses(program):
    out = subprocess.run([program, "--help"], capture_output=True, text=True, check=True).stdout
    lines = out.split("\n")
    try:
        start = lines.index("Synopsis:") + 1
    except ValueError:
        sys.exit("gen-synopsis.py: no 'Synopsis:' line in quiesce --help")
    result = []
    for line in lines[start:]:
        if not line.strip():
            break
        text = line.strip()
        if text.startswith("quiesce "):
            result.append(text[len("quiesce "):])
        elif result:
            result[-1] += " " + text
        else:
            sys.exit(f"gen-synopsis.py: a continuation line before any synopsis: {line!r}")
    result.append("--help | --version")
    return result


def escape(word):
    return word.replace("\\", "\\e").replace("-", "\\-")


TOKEN = re.compile(r"--?[a-z][a-z0-9-]*|[A-Z][A-Z0-9_]*|[a-z][a-z0-9.-]*|\.\.\.|.", re.S)


def render(synopsis):
    """One synopsis as a text line of font escapes (bold, italic, roman);
    the placeholder SEARCH OPTION is kept on one line."""
    parts = []
    synopsis = synopsis.replace("SEARCH OPTION", "SEARCH\0OPTION")
    for tok in TOKEN.findall(synopsis):
        if tok == "\0":
            parts.append("\\~")
        elif tok == " ":
            parts.append(" ")
        elif tok.startswith("-") or re.fullmatch(r"[a-z][a-z0-9.-]*", tok):
            parts.append(f"\\fB{escape(tok)}\\fR")
        elif re.fullmatch(r"[A-Z][A-Z0-9_]*", tok):
            parts.append(f"\\fI{tok}\\fR")
        elif tok == "...":
            parts.append("\\&...")
        else:
            parts.append(escape(tok))
    return "".join(parts)


def block(program):
    out = [BEGIN]
    for s in synopses(program):
        out += [".SY quiesce", render(s), ".YS"]
    out.append(END)
    return out


def main():
    args = [a for a in sys.argv[1:] if a != "--write"]
    if len(args) != 2:
        sys.exit("Usage: man/gen-synopsis.py QUIESCE MANPAGE [--write]")
    program, page = args
    with open(page, encoding="utf-8") as f:
        lines = f.read().split("\n")
    try:
        a = lines.index(BEGIN)
        b = lines.index(END, a)
    except ValueError:
        print(f"gen-synopsis.py: {page}: no generated SYNOPSIS block (the lines '{BEGIN}' and '{END}')")
        return 1
    want = block(program)
    have = lines[a:b + 1]
    if have == want:
        print(f"{page}: SYNOPSIS matches quiesce --help ({len(want) // 3} synopses)")
        return 0
    if "--write" in sys.argv:
        lines[a:b + 1] = want
        with open(page, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
        print(f"{page}: SYNOPSIS rewritten from quiesce --help")
        return 0
    print(f"{page}: SYNOPSIS differs from quiesce --help's table; run 'make man-synopsis':")
    sys.stdout.writelines(difflib.unified_diff([l + "\n" for l in have], [l + "\n" for l in want],
                                               "in the manual", "from the table"))
    return 1


if __name__ == "__main__":
    sys.exit(main())
