#!/usr/bin/env python3
"""layers.py: checks src/'s plan (ARCHITECTURE.md) against its #include lines.

    tests/layers.py [SRCDIR]        (default: the checkout this file is in)

The layer order is written once, in ARCHITECTURE.md, on the line that starts
"Layer order:"; each layer is a folder under src/. A module is a .c file with
its headers: X.c, X.h, X_int.h, X_*.c and X_*.h of one folder are module X.

It fails (exit 1), naming the file and line, on:
  - an #include of a project header that is not written "folder/name.h";
  - an #include that goes up the layer order (a lower layer using a higher one);
  - a dependency cycle between modules (one line per cycle, with the includes
    that close it);
  - a library layer (below "tutor") that includes curses or readline;
  - a source file of 1,000 lines or more;
  - a file in src/ that is in no layer's folder.
It prints the layers, their modules and the edges between layers on success.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
FRONT_ENDS = ("tutor", "cli")  # the only layers allowed curses and readline
MAX_LINES = 1000


def layer_order(top):
    path = os.path.join(top, "ARCHITECTURE.md")
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\s*Layer order:\s*(.*)$", line)
            if m:
                return [w.strip(" `.") for w in m.group(1).split("<")]
    sys.exit(f"layers.py: {path}: no line starting 'Layer order:'")


def module_of(folder, name, names_in_folder):
    """The module a file belongs to: its stem, less _int and any _suffix
    whose prefix names a module of the same folder."""
    stem = name.rsplit(".", 1)[0]
    if stem.endswith("_int"):
        stem = stem[: -len("_int")]
    if "_" in stem:
        prefix = stem.split("_", 1)[0]
        if any(prefix + ext in names_in_folder for ext in (".c", ".h", ".cpp")):
            stem = prefix
    return f"{folder}/{stem}"


def find_cycles(graph):
    """Tarjan's strongly connected components; returns those of 2+ nodes."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def main():
    top = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    src = os.path.join(top, "src")
    layers = layer_order(top)
    rank = {name: i for i, name in enumerate(layers)}
    problems = []

    files = {}  # "folder/name" -> module
    for folder in sorted(os.listdir(src)):
        d = os.path.join(src, folder)
        if not os.path.isdir(d) or folder.startswith("."):
            continue
        names = {n for n in os.listdir(d) if n.endswith((".c", ".h", ".cpp"))}
        if folder not in rank:
            problems.append(f"src/{folder}/: a folder in no layer (add it to ARCHITECTURE.md's layer order)")
            continue
        for n in names:
            files[f"{folder}/{n}"] = module_of(folder, n, names)
    for n in os.listdir(src):
        if n.endswith((".c", ".h", ".cpp")):
            problems.append(f"src/{n}: a source file outside the layer folders")

    graph = {m: set() for m in files.values()}
    why = {}  # (module, module) -> "file:line"
    layer_edges = {}
    for rel, mod in sorted(files.items()):
        folder = rel.split("/")[0]
        with open(os.path.join(src, rel), encoding="utf-8") as f:
            lines = f.readlines()
        if len(lines) >= MAX_LINES:
            problems.append(f"src/{rel}: {len(lines)} lines (keep every file under {MAX_LINES})")
        for lineno, line in enumerate(lines, 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            kind, target = m.groups()
            where = f"src/{rel}:{lineno}"
            if kind == "<":
                base = target.split("/")[0]
                if (base.startswith(("curses", "ncurses", "readline", "term.h"))
                        and folder not in FRONT_ENDS):
                    problems.append(f"{where}: <{target}> in the {folder} layer "
                                    f"(only {' and '.join(FRONT_ENDS)} may use curses and readline)")
                continue
            if target == "config.h":
                continue
            if target not in files:
                problems.append(f"{where}: #include \"{target}\" is not a header of src/ written folder/name.h")
                continue
            tfolder = target.split("/")[0]
            if rank[tfolder] > rank[folder]:
                problems.append(f"{where}: #include \"{target}\" goes up the layers "
                                f"({folder} may use only {', '.join(layers[:rank[folder] + 1])})")
            tmod = files[target]
            if tmod != mod:
                graph[mod].add(tmod)
                why.setdefault((mod, tmod), where)
                if tfolder != folder:
                    layer_edges.setdefault((folder, tfolder), set()).add(f"{mod} -> {tmod}")

    for comp in find_cycles(graph):
        members = set(comp)
        closing = [f"{a} -> {b} ({why[(a, b)]})" for a in comp for b in sorted(graph[a]) if b in members]
        problems.append("a dependency cycle between modules " + ", ".join(comp) + ": " + "; ".join(closing))

    if problems:
        for p in problems:
            print("FAIL:", p)
        print(f"layers.py: {len(problems)} problem(s)")
        return 1
    print("layers, bottom first:", " < ".join(layers))
    for layer in layers:
        mods = sorted({m.split("/")[1] for r, m in files.items() if r.startswith(layer + "/")})
        print(f"  {layer:10} {len(mods):2} modules: {' '.join(mods)}")
    print(f"ok: {len(files)} files, {len(graph)} modules, "
          f"{sum(len(v) for v in graph.values())} module edges, no cycle, no upward include")
    return 0


if __name__ == "__main__":
    sys.exit(main())
