# tutor-signal-export.sh: the tutor's terminal closes (SIGHUP) or the tutor is
# told to end (SIGTERM) in the middle of :export (issue 19, item 2, the case
# reported: a 3.4 GB FILE.tmpXXXXXX left after the terminal closed). The
# tutor runs in tmux under gdb, which stops it at atomicfile_commit for the
# export's file (every byte written, not yet renamed) and delivers the
# signal there. The signal passes through two handlers, atomicfile's
# (removes the temporary file) and the tutor's terminal guard (gives the
# terminal back), which must hand it on to each other and end the program.
# Then: the program ended by the signal, no temporary file, the file not
# created. (Under gdb the terminal's modes are gdb's to restore, so they are
# checked by terminal-restore.sh, not here.)
. "$srcdir/tests/lib.sh"
need_quiesce
. "$srcdir/tests/tutor-lib.sh"

[ -z "${QUIESCE_REAL:-}" ] || skip "under valgrind: gdb must run the program itself"
GDB=$(need_prog gdb) || skip "gdb is not installed"
REAL=$QUIESCE

for sig in HUP TERM; do
	out=$T/export-$sig.jsonl
	log=$T/gdb-$sig.log
	# The program as tutor_start runs it: under gdb, gdb's messages in LOG.
	cat >"$T/under-gdb.sh" <<WRAP
#!/bin/sh
exec '$GDB' -q -batch -nx -ex 'set logging file $log' -ex 'set logging redirect on' \\
	-ex 'set logging enabled on' -ex 'handle SIG$sig nostop noprint pass' \\
	-ex 'break atomicfile_commit if \$_streq(af->path, "$out")' -ex run -ex 'signal SIG$sig' \\
	--args '$REAL' "\$@"
WRAP
	chmod +x "$T/under-gdb.sh"
	QUIESCE=$T/under-gdb.sh
	tutor_start 100 30 --depth 3
	QUIESCE=$REAL
	expect_screen "White to move" "SIG$sig: the tutor starts under gdb" || { cat "$log"; tutor_stop; continue; }
	if grep -q "ptrace: Operation not permitted\|Cannot create process" "$log"; then
		tutor_stop
		skip "gdb may not run a program here (ptrace is not permitted)"
	fi
	type ":export jsonl $out"
	keys Enter
	st=$(tutor_exit_status)
	[ -n "$st" ] || fail "SIG$sig: the tutor did not end within 60 s: $(tail -3 "$log")"
	grep -q "Breakpoint 1, atomicfile_commit" "$log" || fail "SIG$sig: gdb did not stop at atomicfile_commit: $(tail -3 "$log")"
	grep -q "Program terminated with signal SIG$sig" "$log" ||
		fail "SIG$sig: the tutor did not end by the signal: $(tail -3 "$log")"
	set -- "$out".tmp*
	[ ! -e "$1" ] || fail "SIG$sig during :export left $1"
	[ ! -e "$out" ] || fail "SIG$sig during :export: the file was created all the same"
	tutor_stop
done

finish
