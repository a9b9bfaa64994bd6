#!/usr/bin/env python3
"""architecture.py: ARCHITECTURE.md names only what exists.

    tests/architecture.py SRCDIR            check the names
    tests/architecture.py SRCDIR --recipe   print the files of the recipe
                                            "A search switch.", one a line

Every file and folder ARCHITECTURE.md names (src/search/option.c,
`teach/page.c`, `tests/`, a bare `option.c`) must exist, every function it
names (a snake_case word in backticks, with or without "()") must occur in
src/, and every module of the layer list in its code map must be a module of
src/ (and the other way round: the code map names every module). Prints
each problem and exits 1, or prints a summary.
"""
import glob
import os
import re
import sys

LAYERS = ["base", "chess", "search", "tracefile", "play", "teach", "tutor", "cli"]


def files_under(root):
    out = []
    for d, dirs, names in os.walk(root):
        dirs[:] = [x for x in dirs if not x.startswith(".") and x not in ("logs", "autom4te.cache")]
        for n in names:
            out.append(os.path.relpath(os.path.join(d, n), root))
    return out


def source_text(srcdir):
    text = []
    for rel in files_under(os.path.join(srcdir, "src")):
        if rel.endswith((".c", ".h", ".cpp")):
            with open(os.path.join(srcdir, "src", rel), encoding="utf-8", errors="replace") as f:
                text.append(f.read())
    return "\n".join(text)


def recipe(doc):
    m = re.search(r"\*\*A search switch\.\*\*(.*?)(?:\n\n|\Z)", doc, re.S)
    if not m:
        return None
    found = []
    for path in re.findall(r"\b((?:src/)?(?:%s)/[a-z_]+\.[ch])\b" % "|".join(LAYERS), m.group(1)):
        path = path if path.startswith("src/") else "src/" + path
        if path not in found:
            found.append(path)
    return found


def main():
    srcdir = sys.argv[1]
    with open(os.path.join(srcdir, "ARCHITECTURE.md"), encoding="utf-8") as f:
        doc = f.read()
    if "--recipe" in sys.argv:
        files = recipe(doc)
        if not files:
            sys.exit("architecture.py: no 'A search switch.' recipe naming files in ARCHITECTURE.md")
        print("\n".join(files))
        return
    problems = []
    every = files_under(srcdir)
    basenames = {os.path.basename(p) for p in every}
    code = source_text(srcdir)
    paths = set()
    # Paths in the prose or in backticks: layer-relative (teach/page.c), from the top (tests/foo.sh) or bare (page.c).
    for p in re.findall(r"(?<![\w/.-])((?:src|tests|man|lessons|positions|contrib|examples)/[A-Za-z0-9_./*-]*[A-Za-z0-9_/*])", doc):
        paths.add(p)
    for p in re.findall(r"(?<![\w/.-])((?:%s)/[a-z_]+\.(?:c|h|cpp))\b" % "|".join(LAYERS), doc):
        paths.add("src/" + p)
    # What the build makes (the program, the library) is named too: it exists in the build tree only.
    built = set()
    if os.path.exists(os.path.join(srcdir, "Makefile.am")):
        with open(os.path.join(srcdir, "Makefile.am"), encoding="utf-8") as f:
            lines = re.findall(r"^(?:bin_PROGRAMS|noinst_LIBRARIES)\s*\+?=\s*(.*)$", f.read(), re.M)
        built = {w for line in lines for w in line.split()}
    for p in sorted(paths):
        if p in built:
            continue
        if "*" in p:
            if not glob.glob(os.path.join(srcdir, p)):
                problems.append(f"ARCHITECTURE.md names {p}, which matches no file")
        elif not os.path.exists(os.path.join(srcdir, p.rstrip("/"))):
            problems.append(f"ARCHITECTURE.md names {p}, which does not exist")
    for name in sorted(set(re.findall(r"`([A-Za-z0-9_-]+\.(?:c|h|cpp|py|sh|lesson))`", doc))):
        if name not in basenames and not name.startswith("X"):
            problems.append(f"ARCHITECTURE.md names the file {name}, which does not exist")
    for func in sorted(set(re.findall(r"`([a-z][a-z0-9]*_[a-z0-9_]+)(?:\(\))?`", doc))):
        if not re.search(r"\b%s\b" % re.escape(func), code):
            problems.append(f"ARCHITECTURE.md names {func}, which is nowhere in src/")
    # The code map: each layer's heading and the modules its paragraph names in backticks.
    for layer in LAYERS:
        m = re.search(r"### `src/%s/`.*?\n(.*?)(?=\n### |\n## )" % layer, doc, re.S)
        if not m:
            problems.append(f"ARCHITECTURE.md has no code map section for src/{layer}/")
            continue
        named = {n.split("_")[0] for n in re.findall(r"`([a-z_]+)(?:_\*)?(?:\.[ch]|\.cpp)?`", m.group(1))}
        folder = os.path.join(srcdir, "src", layer)
        modules = {re.sub(r"\.(c|h|cpp)$", "", n).split("_")[0] for n in os.listdir(folder)
                   if n.endswith((".c", ".h", ".cpp"))}
        for mod in sorted(modules - named):
            problems.append(f"the code map of src/{layer}/ does not name the module {mod}")
    files = recipe(doc)
    if not files:
        problems.append("ARCHITECTURE.md has no 'A search switch.' recipe that names its files")
    for p in problems:
        print(p)
    if problems:
        sys.exit(1)
    print(f"ARCHITECTURE.md: {len(paths)} paths, every module of the {len(LAYERS)} layers in the code map, "
          f"the switch recipe: {', '.join(files)}")


if __name__ == "__main__":
    main()
