# architecture.sh: ARCHITECTURE.md is true. Every file, folder and function
# it names exists and its code map names every module (tests/architecture.py);
# and its recipe "A search switch." is the whole list of files a switch
# touches: in a copy of src/, a new switch is added by editing only the files
# the recipe names (a row of the option table and the field of struct
# search_options), the copy is built, and the switch then works in every front
# end without another file changed: the command line and its --help, UCI,
# the trace header written and read back, the tutor's set and a compare mode.
. "$srcdir/tests/lib.sh"
need_quiesce
command -v python3 >/dev/null 2>&1 || skip "python3 is not installed"

if python3 "$srcdir/tests/architecture.py" "$srcdir" >"$T/names" 2>&1; then
	note "$(cat "$T/names")"
else
	fail "ARCHITECTURE.md names what is not there:"
	sed 's/^/    | /' "$T/names"
fi

# The checker can fail: a planted name of a file that does not exist is reported.
mkdir -p "$T/doc" && cp -R "$srcdir/src" "$T/doc/" && mkdir -p "$T/doc/tests" || fail "cannot copy the tree"
sed 's#`page_build`#`page_build_everything`#' "$srcdir/ARCHITECTURE.md" >"$T/doc/ARCHITECTURE.md"
printf '\nThe map lives in `src/teach/atlas.c`.\n' >>"$T/doc/ARCHITECTURE.md"
python3 "$srcdir/tests/architecture.py" "$T/doc" >"$T/planted" 2>&1 && fail "a planted wrong name was not reported"
grep -q 'src/teach/atlas.c, which does not exist' "$T/planted" || fail "the missing file is not named: $(cat "$T/planted")"
grep -q 'page_build_everything, which is nowhere in src/' "$T/planted" || fail "the missing function is not named"

# The recipe, applied to a copy of src/ by editing only the files it names.
python3 "$srcdir/tests/architecture.py" "$srcdir" --recipe >"$T/recipe" 2>&1 || fail "no recipe: $(cat "$T/recipe")"
grep -qx 'src/search/option.c' "$T/recipe" || fail "the recipe does not name the option table, src/search/option.c"
grep -qx 'src/search/search.h' "$T/recipe" || fail "the recipe does not name struct search_options, src/search/search.h"
[ -n "${ARCH_CC:-}" ] || skip "the compiler is not known (run through make check)"
cp -R "$srcdir/src" "$T/tree" || fail "cannot copy src/"
python3 - "$T/tree" <<'PY' || fail "cannot add the switch to the copy"
import sys
root = sys.argv[1]
p = root + "/search/search.h"
s = open(p).read()
assert "\tbool pawn_pushes;\n" in s
open(p, "w").write(s.replace("\tbool pawn_pushes;\n", "\tbool pawn_pushes;\n\tbool dummy_switch;\n", 1))
p = root + "/search/option.c"
s = open(p).read()
row = ('\t{ .name = "dummy-switch", .key = "dummy_switch", .uci = "DummySwitch", .type = OPTION_BOOL,\n'
       '\t  .offset = FIELD(dummy_switch), .def = 0, .on_flag = "dummy-switch",\n'
       '\t  .help = "a switch the architecture test adds" },\n')
anchor = '\t{ .name = "order",'
assert anchor in s
open(p, "w").write(s.replace(anchor, row + anchor, 1))
PY
# Built as the program is, without optimisation (only whether it works is asked).
cd "$T/tree" || fail "no copy"
# The flags go in a response file, which keeps the quotes of the string macros.
printf '%s\n' -O0 -w -std=gnu11 -pthread "-I$T/tree" "-I$builddir" -DHAVE_CONFIG_H \
	"-DPKGDATADIR='\"/nonexistent\"'" "-DABS_SRCDIR='\"$srcdir\"'" "-DABS_BUILDDIR='\"$builddir\"'" \
	${ARCH_CPPFLAGS:-} >"$T/flags"
find . -name '*.c' | sed 's#^\./##' >"$T/sources"
# shellcheck disable=SC2086
xargs -P 2 -I{} sh -c "$ARCH_CC @$T/flags -c {} -o \$(echo {} | tr / _).o" <"$T/sources" >"$T/build" 2>&1 ||
	fail "the copy with the new switch does not build: $(tail -n 5 "$T/build")"
# shellcheck disable=SC2086
$ARCH_CXX -O0 -w -I"$T/tree" -I"$builddir" -DHAVE_CONFIG_H ${ARCH_CPPFLAGS:-} -c tracefile/tracejson.cpp -o tj.o \
	>>"$T/build" 2>&1 || fail "tracejson.cpp does not build: $(tail -n 5 "$T/build")"
# shellcheck disable=SC2086
$ARCH_CXX -o "$T/q" ./*.o $ARCH_LIBS >>"$T/build" 2>&1 || fail "the copy does not link: $(tail -n 5 "$T/build")"
cd "$T" || fail "no directory"
[ -x "$T/q" ] || { finish; exit; }
Q="$T/q"
export QUIESCE_DATADIR="$srcdir"
"$Q" search --help 2>&1 | grep -q -- '--dummy-switch *a switch the architecture test adds' ||
	fail "search --help does not list --dummy-switch"
"$Q" search --dummy-switch --depth 1 >"$T/out" 2>&1 || fail "search --dummy-switch failed: $(cat "$T/out")"
printf 'uci\nsetoption name DummySwitch value true\nquit\n' | "$Q" uci >"$T/uci" 2>&1
grep -q '^option name DummySwitch type check default false$' "$T/uci" || fail "UCI does not declare DummySwitch"
grep -q 'info string' "$T/uci" && fail "setoption DummySwitch was refused: $(grep 'info string' "$T/uci")"
"$Q" trace --dummy-switch --depth 1 --format json -o "$T/t.json" >"$T/out" 2>&1 || fail "trace failed: $(cat "$T/out")"
python3 -c 'import json,sys; o=json.load(open(sys.argv[1]))["options"]; sys.exit(0 if o.get("dummy_switch") is True else 1)' \
	"$T/t.json" || fail "the trace header does not say \"dummy_switch\": true"
"$Q" check-trace "$T/t.json" >"$T/out" 2>&1 || fail "the trace with the switch does not read back: $(cat "$T/out")"
printf 'set dummy-switch on\nmode captures+dummy-switch\nquit\n' | "$Q" repl >"$T/repl" 2>&1
grep -qi 'unknown\|error\|invalid' "$T/repl" && fail "the tutor refused the switch: $(cat "$T/repl")"
note "a new switch: $(wc -l <"$T/recipe") files in the recipe, 2 of them edited; every front end takes it"

finish
