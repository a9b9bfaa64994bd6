# terminal-restore.sh: however the tutor ends, the terminal is given back in
# its normal (canonical, echoing) mode. Three ways to end: q; running out of
# memory in a search (ulimit -v, issue 9 item 1: a fatal error); a fatal
# signal (SIGQUIT and SIGSEGV, whose default actions used to leave the
# terminal raw).
. "$srcdir/tests/lib.sh"
need_quiesce
. "$srcdir/tests/tutor-lib.sh"

REAL=$QUIESCE
KIWI_BLACK='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1'

# The modes stty printed after the program ended; waits until the capture is complete.
stty_after() {
	_i=0
	while ! grep -q 'icanon' "$T/stty" 2>/dev/null && [ "$_i" -lt 400 ]; do
		sleep 0.05
		_i=$((_i + 1))
	done
	cat "$T/stty" 2>/dev/null
}

check_modes() {
	_modes=$(stty_after)
	if [ -z "$_modes" ]; then
		fail "$1: no stty capture after the program ended"
		return
	fi
	case " $(echo "$_modes" | tr '\n' ' ') " in
	*" -icanon "*) fail "$1: the terminal was left without canonical mode (-icanon)" ;;
	*" icanon "*) ;;
	*) fail "$1: stty did not report icanon" ;;
	esac
	case " $(echo "$_modes" | tr '\n' ' ') " in
	*" -echo "*) fail "$1: the terminal was left without echo (-echo)" ;;
	esac
}

# child_of PID: the pid of a child of PID, from /proc (pgrep is in procps,
# which a fresh Debian machine does not have). The command name in
# /proc/N/stat may hold spaces: the fields after its ')' are state, ppid, ...
child_of() {
	_parent=$1
	for _f in /proc/[0-9]*/stat; do
		read -r _st 2>/dev/null <"$_f" || continue
		# shellcheck disable=SC2086
		set -- ${_st##*) }
		if [ "${2:-}" = "$_parent" ]; then
			_f=${_f#/proc/}
			echo "${_f%/stat}"
			return 0
		fi
	done
	return 1
}

# The pid of quiesce running in the tmux pane (the pane runs sh, which runs env, which execs quiesce).
quiesce_pid() {
	_shell=$(tm list-panes -F '#{pane_pid}' 2>/dev/null | head -1)
	[ -n "$_shell" ] || return 1
	_i=0
	while [ "$_i" -lt 100 ]; do
		_p=$(child_of "$_shell")
		if [ -n "$_p" ]; then
			echo "$_p"
			return 0
		fi
		sleep 0.05
		_i=$((_i + 1))
	done
	return 1
}

# 1. q: the normal way out.
tutor_start 100 30 --fen "$KIWI_BLACK" --depth 1
expect_screen "Black to move" "the tutor starts"
keys q
st=$(tutor_exit_status)
[ "$st" = 0 ] || fail "q: exit status '$st', expected 0"
check_modes "q"
tutor_stop

# 2. Fatal signals. SIGQUIT's and SIGSEGV's default actions end the process
#    at once (with a core dump), so only a handler of ours can restore the
#    terminal first; the signal must still end the program.
for sig in QUIT SEGV; do
	tutor_start 100 30 --fen "$KIWI_BLACK" --depth 1
	expect_screen "Black to move" "the tutor starts (SIG$sig)"
	pid=$(quiesce_pid) || { fail "SIG$sig: cannot find the tutor's process"; tutor_stop; continue; }
	kill -s "$sig" "$pid"
	st=$(tutor_exit_status)
	[ -n "$st" ] && [ "$st" != 0 ] || fail "SIG$sig: exit status '$st', expected the signal's (non-zero)"
	check_modes "SIG$sig"
	tutor_stop
done

# 3. Out of memory in a search: a search that can only end by exhausting
#    the address space (Kiwipete, Black to move, checks at every ply, no
#    move ordering, no node cap) under ulimit -v 400000. Whether the search
#    stops at the memory budget (a message, the tutor goes on) or dies of
#    the allocation failure (a message, exit 1), the terminal must come back.
#    Sanitizer builds reserve terabytes of shadow memory and cannot run
#    under ulimit -v: that part is skipped there.
if grep -q __asan_init "$REAL" 2>/dev/null; then
	note "an AddressSanitizer build: the ulimit -v part is skipped"
else
	cat >"$T/wrap.sh" <<WRAP
#!/bin/sh
ulimit -v 400000
exec '$REAL' "\$@"
WRAP
	chmod +x "$T/wrap.sh"
	QUIESCE=$T/wrap.sh
	tutor_start 100 30 --fen "$KIWI_BLACK" --depth 5 --mode checks --order none
	expect_screen "Black to move" "the tutor starts under ulimit -v"
	type ":set max-nodes 0"
	keys Enter
	type ":search"
	keys Enter
	# Either the program ends (status file) or the search stops and the tutor says why.
	i=0
	while [ ! -s "$T/status" ] && [ "$i" -lt 1200 ]; do
		if screen | grep -E -i -q 'memory'; then
			break
		fi
		sleep 0.1
		i=$((i + 1))
	done
	if [ ! -s "$T/status" ]; then
		screen | grep -E -i -q 'memory' || fail "out of memory: neither an exit nor a message about memory within 120 s"
		keys q
	fi
	st=$(tutor_exit_status)
	case $st in
	0 | 1) ;;
	*) fail "out of memory: exit status '$st', expected 0 (stopped at the budget) or 1 (fatal error)" ;;
	esac
	check_modes "out of memory"
	tutor_stop
	QUIESCE=$REAL
fi

finish
