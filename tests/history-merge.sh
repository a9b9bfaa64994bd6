# history-merge.sh: two interactive sessions at once keep both histories
# (issue 9, item 2). Session A and session B start with the same history
# file, each types its own command and quits (A first); the file must then
# hold the old line and both new ones. Without merging, B's save (made from
# what B read at its start) would drop A's line.
. "$srcdir/tests/lib.sh"
need_quiesce
. "$srcdir/tests/tutor-lib.sh"

HIST=$XDG_STATE_HOME/quiesce/history
mkdir -p "$XDG_STATE_HOME/quiesce"
echo 'depth 1' >"$HIST"

start_repl() {
	tm new-session -d -s "$1" -x 100 -y 30 \
		"env TERM=screen LC_ALL=C XDG_STATE_HOME='$XDG_STATE_HOME' '$QUIESCE' repl; echo \$? >'$T/status-$1'; sleep 600" ||
		bail "cannot start tmux session $1"
}

# Waits until session $1's screen shows $2.
wait_in() {
	_i=0
	while [ "$_i" -lt 400 ]; do
		tm capture-pane -p -t "$1" | grep -F -q -e "$2" && return 0
		sleep 0.05
		_i=$((_i + 1))
	done
	fail "session $1 never showed '$2'"
	tm capture-pane -p -t "$1" | sed 's/^/    | /'
	return 1
}

wait_status() {
	_i=0
	while [ ! -s "$T/status-$1" ] && [ "$_i" -lt 400 ]; do
		sleep 0.05
		_i=$((_i + 1))
	done
	[ "$(cat "$T/status-$1" 2>/dev/null)" = 0 ] || fail "session $1 ended with status '$(cat "$T/status-$1" 2>/dev/null)'"
}

start_repl A
start_repl B
wait_in A "quiesce>"
wait_in B "quiesce>"
tm send-keys -t A -l "mode checks"
tm send-keys -t A Enter
wait_in A "quiesce>"
tm send-keys -t B -l "depth 2"
tm send-keys -t B Enter
tm send-keys -t A -l "quit"
tm send-keys -t A Enter
wait_status A
tm send-keys -t B -l "quit"
tm send-keys -t B Enter
wait_status B

for line in "depth 1" "mode checks" "depth 2"; do
	grep -q -x -F "$line" "$HIST" || fail "the history lacks '$line' (it holds: $(tr '\n' '|' <"$HIST"))"
done
[ ! -e "$HIST.tmp" ] || fail "a temporary file was left beside the history"
finish
