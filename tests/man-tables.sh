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

finish
