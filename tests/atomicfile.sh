# atomicfile.sh: replacing a file keeps it as the user left it (issue 19, items 1 and 2):
#   - a 0600 file replaced by trace --output, or a 0600 progress file
#     rewritten by the REPL, stays 0600 (as sed -i keeps it), not 0644;
#   - a 0444 file is refused with an error naming it and its mode, exit 1,
#     and left as it was; so is (run as root) another user's 0644 file in a
#     directory everyone may write, as the user nobody;
#   - SIGTERM, SIGHUP or SIGINT arriving while trace --output has its
#     temporary file open removes FILE.tmpXXXXXX, and the program still ends
#     by that signal; in the REPL, whose SIGINT handler goes on, the export
#     is cancelled with a message. gdb stops the program at atomicfile_commit (every
#     byte written, the rename not yet done) and delivers the signal there,
#     so the moment is exact, not a race with a timer.
# Every command runs under `timeout`, so a hang is a failure, not a stuck test.
. "$srcdir/tests/lib.sh"
need_quiesce

TO=${TEST_TIMEOUT:-60}
# The mode a new file gets depends on the umask: fix it.
umask 022
# The modes are read with stat(1); GNU and BSD spell the format differently.
mode_of() {
	stat -c %a "$1" 2>/dev/null || stat -f %Lp "$1"
}

# 1. A private trace file stays private.
printf 'old\n' >"$T/private.json"
chmod 600 "$T/private.json"
expect_exit 0 "trace --output over a 0600 file" timeout "$TO" "$QUIESCE" trace --format json-full --output "$T/private.json"
[ "$(mode_of "$T/private.json")" = 600 ] || fail "a 0600 file became $(mode_of "$T/private.json") after trace --output"
grep -q '"nodes"\|"events"' "$T/private.json" || fail "the 0600 file was not rewritten with the trace"

# A new file still gets 0666 less the umask.
(umask 022 && timeout "$TO" "$QUIESCE" trace --output "$T/new.txt") || fail "trace --output to a new file failed"
[ "$(mode_of "$T/new.txt")" = 644 ] || fail "a new file under umask 022 is $(mode_of "$T/new.txt"), not 644"

# 2. A private progress file stays private when the REPL saves progress.
XDG_STATE_HOME=$T/state
export XDG_STATE_HOME
mkdir -p "$XDG_STATE_HOME/quiesce"
PROGRESS=$XDG_STATE_HOME/quiesce/progress
printf 'lesson 1\n' >"$T/in"
timeout "$TO" "$QUIESCE" repl <"$T/in" >"$T/out" 2>"$T/err" || fail "repl with lesson 1 failed: $(cat "$T/err")"
chmod 600 "$PROGRESS"
printf 'lesson 2\n' >"$T/in"
timeout "$TO" "$QUIESCE" repl <"$T/in" >"$T/out" 2>"$T/err" || fail "repl with lesson 2 failed: $(cat "$T/err")"
grep -q '^last stand-pat' "$PROGRESS" || fail "the progress file was not rewritten for lesson 2: $(cat "$PROGRESS")"

[ "$(mode_of "$PROGRESS")" = 600 ] || fail "a 0600 progress file became $(mode_of "$PROGRESS")"

# 3. A read-only file is refused and kept.
printf 'keep me\n' >"$T/ro.json"
chmod 444 "$T/ro.json"
expect_exit 1 "trace --output over a 0444 file" timeout "$TO" "$QUIESCE" trace --output "$T/ro.json"
expect_err_has "cannot write '$T/ro.json': the file is read-only (mode 0444)" "a 0444 file: the error names it and its mode"
[ "$(cat "$T/ro.json")" = "keep me" ] || fail "the 0444 file was changed"
[ "$(mode_of "$T/ro.json")" = 444 ] || fail "the 0444 file's mode changed"
set -- "$T"/ro.json.tmp*
[ ! -e "$1" ] || fail "a refused write left $1"

# 3b. Another user's 0644 file in a directory everyone may write: renaming over
# it would succeed, but the user may not write the file, so it is refused.
# Needs root (to run the program as nobody with setpriv).
if [ "$(id -u)" = 0 ] && SETPRIV=$(need_prog setpriv) &&
	"$SETPRIV" --reuid=65534 --regid=65534 --clear-groups "$QUIESCE" --version >/dev/null 2>&1; then
	chmod 711 "$T"
	mkdir "$T/shared"
	chmod 777 "$T/shared"
	printf 'root'"'"'s\n' >"$T/shared/f.json"
	chmod 644 "$T/shared/f.json"
	expect_exit 1 "trace --output over another user's file" timeout "$TO" \
		"$SETPRIV" --reuid=65534 --regid=65534 --clear-groups "$QUIESCE" trace --output "$T/shared/f.json"
	expect_err_has "cannot write '$T/shared/f.json': you may not write this file (mode 0644, owner 0)" \
		"another user's file: the error"
	[ "$(cat "$T/shared/f.json")" = "root's" ] || fail "another user's file was replaced"
	chmod 700 "$T"
else
	note "not root, or no setpriv: the other user's file is not checked"
fi

# 4. A signal during the write removes the temporary file.
if [ -n "${QUIESCE_REAL:-}" ]; then
	note "under valgrind: the signal checks need gdb on the program itself; skipped"
elif ! GDB=$(need_prog gdb); then
	note "gdb not found: the signal checks are skipped"
else
	for sig in TERM HUP INT; do
		printf 'old\n' >"$T/sig.json"
		timeout "$TO" "$GDB" -q -batch -nx \
			-ex "handle SIG$sig nostop noprint pass" \
			-ex "break atomicfile_commit" -ex run -ex "signal SIG$sig" \
			--args "$QUIESCE" trace -d 3 --format jsonl --output "$T/sig.json" >"$T/gdb" 2>&1
		if grep -q "ptrace: Operation not permitted\|Cannot create process" "$T/gdb"; then
			note "gdb may not trace a program here: the signal checks are skipped"
			break
		fi
		if ! grep -q "Breakpoint 1, atomicfile_commit" "$T/gdb"; then
			fail "SIG$sig: gdb did not stop at atomicfile_commit: $(tail -3 "$T/gdb")"
			continue
		fi
		grep -q "Program terminated with signal SIG$sig" "$T/gdb" ||
			fail "SIG$sig: the program did not end by the signal: $(tail -3 "$T/gdb")"
		set -- "$T"/sig.json.tmp*
		[ ! -e "$1" ] || fail "SIG$sig during trace --output left $1"
		[ "$(cat "$T/sig.json")" = old ] || fail "SIG$sig: the file was changed, not left as it was"
		rm -f "$T"/sig.json.tmp*
	done

	# The REPL's own SIGINT handler stops what is running and goes on: the
	# export is cancelled (its temporary file removed, the file kept) with
	# a message, and the REPL carries on to its end.
	printf 'old\n' >"$T/exp.jsonl"
	printf 'search\nexport jsonl %s\nsearch\n' "$T/exp.jsonl" >"$T/repl.in"
	timeout "$TO" "$GDB" -q -batch -nx \
		-ex "handle SIGINT nostop noprint pass" \
		-ex "break atomicfile_commit" -ex "run <'$T/repl.in'" -ex "signal SIGINT" -ex delete -ex continue \
		--args "$QUIESCE" repl >"$T/gdb" 2>&1
	grep -q "Breakpoint 1, atomicfile_commit" "$T/gdb" || fail "REPL export: gdb did not stop at atomicfile_commit"
	grep -q "export: cannot write '$T/exp.jsonl': interrupted by a signal; the file is left as it was" "$T/gdb" ||
		fail "REPL export interrupted by SIGINT: no message saying so: $(grep -i export "$T/gdb" | head -3)"
	[ "$(grep -c '^search mode' "$T/gdb")" = 2 ] ||
		fail "the REPL did not run the search after the interrupted export: $(tail -3 "$T/gdb")"
	set -- "$T"/exp.jsonl.tmp*
	[ ! -e "$1" ] || fail "SIGINT during the REPL's export left $1"
	[ "$(cat "$T/exp.jsonl")" = old ] || fail "the interrupted export changed the file"
fi

finish
