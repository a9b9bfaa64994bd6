# lib.sh: helpers for quiesce's shell tests. Source it first thing:
#
#   . "$srcdir/tests/lib.sh"
#
# It checks the environment "make check" sets (srcdir, builddir, QUIESCE, …),
# makes a scratch directory $T that is removed on exit, and gives:
#
#   fail MSG...          record a failure and go on (the test fails at finish)
#   bail MSG...          fail and stop now
#   skip MSG...          stop the test as skipped (exit 77)
#   note MSG...          print a line to the log
#   finish               exit 1 if anything failed, else 0
#   run CMD...           run CMD with stdout in $T/out, stderr in $T/err;
#                        its exit status is left in $status
#   expect_exit N DESC CMD...
#                        run CMD, fail unless it exits N
#   expect_out_has TEXT DESC     fail unless $T/out contains the fixed string TEXT
#   expect_err_has TEXT DESC     the same for $T/err
#   expect_out_line LINE DESC    fail unless $T/out has LINE as a whole line
#   expect_empty FILE DESC       fail unless FILE is empty
#   expect_usage_error DESC TEXT CMD...
#                        run CMD, fail unless it exits 2 (a usage error) with
#                        TEXT (if not empty) on stderr and nothing on stdout
#   expect_json DESC EXPR  fail unless $T/out is one JSON document j (read by
#                        Python's json module) for which the Python expression
#                        EXPR holds; passes when python3 is missing
#   need_quiesce         bail unless $QUIESCE is an executable
#   need_prog NAME       print the path of NAME (from PATH or /usr/games), or
#                        return 1
#
# The helpers use only POSIX sh and utilities.

: "${srcdir:?srcdir is not set: run the tests with make check}"
: "${builddir:=$(pwd)}"
: "${QUIESCE:=$builddir/src/quiesce}"
: "${QUIESCE_DATADIR:=$srcdir}"
: "${SHARED_DATA:=$srcdir/../shared/data}"
export srcdir builddir QUIESCE QUIESCE_DATADIR SHARED_DATA
# Messages in the tests are matched in English and colour is never wanted.
LC_ALL=C
NO_COLOR=1
export LC_ALL NO_COLOR

test_name=${0##*/}
failures=0
status=0

T=$(mktemp -d "${TMPDIR:-/tmp}/quiesce-test.XXXXXX") || {
	echo "FAIL: cannot make a scratch directory"
	exit 1
}
trap 'rm -rf "$T"' EXIT
trap 'rm -rf "$T"; exit 1' HUP INT TERM

note() {
	echo "$*"
}

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

bail() {
	echo "FAIL: $*"
	exit 1
}

skip() {
	echo "SKIP: $*"
	exit 77
}

finish() {
	if [ "$failures" -gt 0 ]; then
		echo "$test_name: $failures check(s) failed"
		exit 1
	fi
	echo "$test_name: all checks passed"
	exit 0
}

# Shows the tail of the last command's output, for a failure's context.
show_output() {
	if [ -s "$T/out" ]; then
		echo "  stdout (last 10 lines):"
		tail -n 10 "$T/out" | sed 's/^/    | /'
	fi
	if [ -s "$T/err" ]; then
		echo "  stderr (last 10 lines):"
		tail -n 10 "$T/err" | sed 's/^/    | /'
	fi
}

run() {
	"$@" >"$T/out" 2>"$T/err" </dev/null
	status=$?
	return 0
}

expect_exit() {
	_want=$1
	_desc=$2
	shift 2
	run "$@"
	if [ "$status" -ne "$_want" ]; then
		fail "$_desc: exit status $status, expected $_want (command: $*)"
		show_output
		return 1
	fi
	return 0
}

expect_out_has() {
	if ! grep -F -e "$1" "$T/out" >/dev/null; then
		fail "$2: stdout lacks '$1'"
		show_output
		return 1
	fi
	return 0
}

expect_err_has() {
	if ! grep -F -e "$1" "$T/err" >/dev/null; then
		fail "$2: stderr lacks '$1'"
		show_output
		return 1
	fi
	return 0
}

expect_out_line() {
	if ! grep -x -F -e "$1" "$T/out" >/dev/null; then
		fail "$2: stdout has no line '$1'"
		show_output
		return 1
	fi
	return 0
}

expect_empty() {
	if [ -s "$1" ]; then
		fail "$2: ${1##*/} is not empty"
		sed -n '1,10s/^/    | /p' "$1"
		return 1
	fi
	return 0
}

expect_usage_error() {
	_desc=$1
	_text=$2
	shift 2
	expect_exit 2 "$_desc" "$@" || return 1
	if [ -n "$_text" ]; then
		expect_err_has "$_text" "$_desc" || return 1
	fi
	expect_empty "$T/out" "$_desc stdout"
}

expect_json() {
	command -v python3 >/dev/null 2>&1 || return 0
	python3 - "$T/out" "$2" >"$T/json-check" 2>&1 <<'PY' || { fail "$1: $(cat "$T/json-check")"; return 1; }
import json, sys
j = json.load(open(sys.argv[1]))
assert eval(sys.argv[2], {"j": j}), "failed: " + sys.argv[2] + " on " + json.dumps(j)[:400]
PY
	return 0
}

need_prog() {
	_p=$(command -v "$1" 2>/dev/null) && [ -n "$_p" ] && {
		echo "$_p"
		return 0
	}
	if [ -x "/usr/games/$1" ]; then
		echo "/usr/games/$1"
		return 0
	fi
	return 1
}

need_quiesce() {
	[ -x "$QUIESCE" ] || bail "the program $QUIESCE is not built"
}
