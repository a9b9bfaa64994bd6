# layers.sh: src/ follows its plan: the include graph has no cycle between
# modules and no include going up the layer order of ARCHITECTURE.md, only
# tutor/ and cli/ use curses and readline, and every file is under 1,000 lines
# (tests/layers.py says which include breaks a rule).
. "$srcdir/tests/lib.sh"

command -v python3 >/dev/null 2>&1 || skip "python3 is not installed"
if python3 "$srcdir/tests/layers.py" "$srcdir" >"$T/out" 2>&1; then
	sed 's/^/    /' "$T/out"
else
	fail "tests/layers.py found problems:"
	sed 's/^/    | /' "$T/out"
fi

# The checker itself can fail: a planted upward include and a planted cycle
# in a copy of the tree are both reported.
mkdir -p "$T/tree" && cp -R "$srcdir/src" "$srcdir/ARCHITECTURE.md" "$T/tree/" || fail "cannot copy the tree"
printf '#include "tutor/ui.h"\n' >>"$T/tree/src/chess/fen.c"
python3 "$srcdir/tests/layers.py" "$T/tree" >"$T/up" 2>&1 && fail "an include from chess/ up to tutor/ was not reported"
grep -q 'src/chess/fen.c:[0-9]*: #include "tutor/ui.h" goes up the layers' "$T/up" ||
	fail "the upward include is not named: $(cat "$T/up")"
cp "$srcdir/src/chess/fen.c" "$T/tree/src/chess/fen.c"
printf '#include "chess/notation.h"\n' >>"$T/tree/src/chess/movegen.h"
python3 "$srcdir/tests/layers.py" "$T/tree" >"$T/cycle" 2>&1 && fail "a planted cycle was not reported"
grep -q 'a dependency cycle between modules' "$T/cycle" || fail "the cycle is not named: $(cat "$T/cycle")"
printf '#include <curses.h>\n' >>"$T/tree/src/search/trace.c"
python3 "$srcdir/tests/layers.py" "$T/tree" >"$T/curses" 2>&1
grep -q 'src/search/trace.c:[0-9]*: <curses.h> in the search layer' "$T/curses" || fail "curses in the search layer is not reported"

finish
