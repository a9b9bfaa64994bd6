# man-tables.sh: the manual follows the program's tables. quiesce(1)'s
# SYNOPSIS is generated from the subcommand table (src/cli/cli_main.c) by
# man/gen-synopsis.py and must match it; every command of the tutor's command
# table (src/tutor/command.c, as the REPL's 'help' lists it) has an entry under
# "Tutor commands", and every entry there is a command of the table.
. "$srcdir/tests/lib.sh"
need_quiesce
command -v python3 >/dev/null 2>&1 || skip "python3 is not installed"
groff=${GROFF:-}
[ -n "$groff" ] || groff=$(need_prog groff) || skip "groff is not installed"

if python3 "$srcdir/man/gen-synopsis.py" "$QUIESCE" "$srcdir/man/quiesce.1" >"$T/syn" 2>&1; then
	note "$(cat "$T/syn")"
else
	fail "quiesce(1)'s SYNOPSIS is not the table's:"
	sed 's/^/    | /' "$T/syn"
fi

# The tutor's commands, from the table (the REPL's help: two blanks, a name).
echo help | "$QUIESCE" repl 2>"$T/err" | sed -n 's/^  \([a-z][a-z-]*\).*/\1/p' | sort -u >"$T/table"
[ "$(wc -l <"$T/table")" -ge 20 ] || fail "the REPL's help listed only $(wc -l <"$T/table") commands: $(cat "$T/err")"
# The manual's: the bold words of the tags (the line after each .TP) of
# "Tutor commands", read from the source: .B, .BI and .BR alternate fonts
# argument by argument, the bold ones first.
python3 - "$srcdir/man/quiesce.1" >"$T/manual" <<'PY' || fail "cannot read quiesce(1)'s Tutor commands"
import re, shlex, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
start = lines.index('.SS "Tutor commands"')
names = set()
for i in range(start + 1, len(lines)):
    if lines[i].startswith((".SS", ".SH")):
        break
    if lines[i].startswith(".TP") and i + 1 < len(lines):
        tag = lines[i + 1]
        m = re.match(r"\.(B|BI|BR)\s+(.*)", tag)
        if not m:
            continue
        args = shlex.split(m.group(2).replace("\\", "\\\\"))
        bold = args if m.group(1) == "B" else args[0::2]
        for arg in bold:
            for part in arg.split(","):
                w = re.match(r"\s*([a-z][a-z\\-]*)", part)
                if w:
                    names.add(w.group(1).replace("\\-", "-").replace("\\", ""))
for n in sorted(names):
    print(n)
PY
[ "$(wc -l <"$T/manual")" -ge 20 ] || fail "found only $(wc -l <"$T/manual") tutor commands in quiesce(1)"
for c in $(comm -23 "$T/table" "$T/manual"); do
	fail "tutor command '$c' (command table) has no entry under 'Tutor commands' in quiesce(1)"
done
for c in $(comm -13 "$T/table" "$T/manual"); do
	fail "quiesce(1) documents a tutor command '$c' that the command table does not have"
done
note "tutor commands: $(wc -l <"$T/table") in the table, all in quiesce(1)"

# The search options, from their table (src/search/option.c): every flag the
# commands' help lists has an entry under "Search options" in quiesce(1) and
# every entry there is such a flag; every UCI option 'quiesce uci' declares is
# described under THE UCI ENGINE; every key of a trace header's "options"
# (read with Python's json module) is named in quiesce-trace(5).
"$QUIESCE" search --help >"$T/help" 2>&1 || fail "quiesce search --help failed"
printf 'uci\nquit\n' | "$QUIESCE" uci >"$T/uci" 2>&1
"$QUIESCE" trace --depth 0 --format json -o "$T/h.json" 2>"$T/err" || fail "quiesce trace failed: $(cat "$T/err")"
python3 - "$T/help" "$srcdir/man/quiesce.1" "$T/uci" "$T/h.json" "$srcdir/man/quiesce-trace.5" >"$T/opts" 2>&1 <<'PY' || { fail "the search options and the manual disagree:"; sed 's/^/    | /' "$T/opts"; }
import json, re, sys
helptext, manual, uci, trace, trace5 = sys.argv[1:]
lines = open(helptext).read().split("\n")
start = lines.index("Search options:")
flags = set()
for line in lines[start + 1:]:
    if not line.startswith("  "):
        break
    flags.update(re.findall(r"--([a-z][a-z-]*)", line.split("  ")[1] if line.startswith("  -") else line.strip().split(" ")[0]))
man = open(manual, encoding="utf-8").read().split("\n")
s = man.index('.SS "Search options"')
documented = set()
for i in range(s + 1, len(man)):
    if man[i].startswith((".SS", ".SH")):
        break
    if man[i].startswith(".TP") and i + 1 < len(man):
        documented.update(re.findall(r"\\-\\-([a-z][a-z\\-]*[a-z])", man[i + 1]))
documented = {d.replace("\\-", "-") for d in documented}
bad = 0
for f in sorted(flags - documented):
    print(f"--{f} (the option table) has no entry under 'Search options' in quiesce(1)"); bad += 1
for f in sorted(documented - flags - {"fen"}):
    print(f"quiesce(1) documents --{f} under 'Search options', which the option table does not have"); bad += 1
text = "\n".join(man)
u = text.index('.SH "THE UCI ENGINE"')
ucisec = text[u:text.index("\n.SH ", u + 1)]
for name in re.findall(r"^option name (\S+)", open(uci).read(), re.M):
    tags = re.sub(r"\\f[RBIP]", " ", ucisec)
    if not re.search(r"^\.B .*\b" + re.escape(name) + r"\b", tags, re.M):
        print(f"UCI option {name} is not described under THE UCI ENGINE in quiesce(1)"); bad += 1
keys = json.load(open(trace))["options"].keys()
t5 = open(trace5, encoding="utf-8").read().replace("\\_", "_")
for k in keys:
    if not re.search(r"\b" + re.escape(k) + r"\b", t5):
        print(f"trace header key options.{k} is not named in quiesce-trace(5)"); bad += 1
print(f"{len(flags)} search flags, {len(keys)} header keys")
sys.exit(1 if bad else 0)
PY
note "search options: $(tail -n 1 "$T/opts")"

finish
