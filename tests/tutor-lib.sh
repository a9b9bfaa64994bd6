# tutor-lib.sh: helpers for the tmux-driven tests of the curses tutor. Source
# it after lib.sh. Each test gets its own tmux server (a private socket), a
# fixed screen size, and waits for text on the screen by polling.
#
#   tutor_start COLS LINES ARGS...   start "quiesce ARGS" in a new tmux session
#   keys KEY...                      send keys (tmux send-keys names)
#   type TEXT                        send TEXT literally
#   screen                           print the screen
#   wait_for TEXT [SECONDS]          wait until the screen shows TEXT (fixed string); false on timeout
#   wait_gone TEXT [SECONDS]         wait until the screen no longer shows TEXT
#   expect_screen TEXT DESC          wait for TEXT, fail (showing the screen) if it never comes
#   scroll_until TEXT KEY [ROW]      press KEY until the screen shows TEXT; after each press wait
#                                    until screen row ROW (default 1, the title line) changes and the
#                                    screen settles; false when it stops changing (the end) without TEXT
#   tutor_exit_status                wait for the program to end and its stty -a capture ($T/stty); prints its exit status
#   tutor_stop                       kill the tmux server

TMUX_PROG=${TMUX_BIN:-}
[ -n "$TMUX_PROG" ] || TMUX_PROG=$(need_prog tmux) || skip "tmux is not installed"
[ -x "$TMUX_PROG" ] || skip "tmux ($TMUX_PROG) is not executable"
unset TMUX
SOCK=quiesce-test-$$
tm() {
	"$TMUX_PROG" -L "$SOCK" -f /dev/null "$@"
}
trap 'tm kill-server >/dev/null 2>&1; rm -rf "$T"' EXIT
XDG_STATE_HOME=$T/state
export XDG_STATE_HOME
# A returning learner (a progress file exists): the tutor opens on the board, not on
# the lesson menu of a first start. A test of the first start sets TUTOR_NEW_LEARNER=1.
if [ -z "${TUTOR_NEW_LEARNER:-}" ]; then
	mkdir -p "$XDG_STATE_HOME/quiesce" && echo 'quiesce-progress 1' >"$XDG_STATE_HOME/quiesce/progress"
fi

tutor_start() {
	_cols=$1
	_lines=$2
	shift 2
	# The command line: quoted for the shell tmux runs it with.
	_cmd="env TERM=screen NO_COLOR=1 LC_ALL=C XDG_STATE_HOME='$XDG_STATE_HOME' '$QUIESCE'"
	for _a in "$@"; do
		_cmd="$_cmd '$_a'"
	done
	rm -f "$T/status" "$T/stty" "$T/status.tmp" "$T/stty.tmp"
	# When the program ends: the terminal's modes first, then its exit status,
	# each written to a temporary file and renamed into place, so that a
	# reader that sees a file sees all of it, and sees the status only once
	# the stty capture is complete (tutor_exit_status waits for both).
	# A server still shutting down (after tutor_stop) can refuse the session
	# ("server exited unexpectedly"): try again until one starts (up to 10 s).
	_try=0
	until tm new-session -d -x "$_cols" -y "$_lines" "$_cmd; _st=\$?; stty -a >'$T/stty.tmp' 2>&1; mv '$T/stty.tmp' '$T/stty'; echo \$_st >'$T/status.tmp'; mv '$T/status.tmp' '$T/status'; sleep 600" 2>"$T/tmux-err"; do
		_try=$((_try + 1))
		[ "$_try" -lt 50 ] || bail "cannot start tmux: $(cat "$T/tmux-err")"
		tm kill-server >/dev/null 2>&1
		sleep 0.2
	done
	tm set-option -g remain-on-exit on >/dev/null 2>&1
}

keys() {
	tm send-keys "$@"
}

type() {
	tm send-keys -l -- "$1"
}

screen() {
	tm capture-pane -p
}

wait_for() {
	_limit=${2:-10}
	_i=0
	while [ "$_i" -lt $((_limit * 20)) ]; do
		if screen | grep -F -e "$1" >/dev/null 2>&1; then
			return 0
		fi
		sleep 0.05
		_i=$((_i + 1))
	done
	return 1
}

wait_gone() {
	_limit=${2:-10}
	_i=0
	while [ "$_i" -lt $((_limit * 20)) ]; do
		if ! screen | grep -F -e "$1" >/dev/null 2>&1; then
			return 0
		fi
		sleep 0.05
		_i=$((_i + 1))
	done
	return 1
}

expect_screen() {
	if ! wait_for "$1" "${3:-10}"; then
		fail "$2: the screen never showed '$1'"
		screen | sed 's/^/    | /'
		return 1
	fi
	return 0
}

# Row N (1-based) of the screen.
screen_row() {
	screen | sed -n "${1}p"
}

# Waits until two captures of the screen 0.05 s apart are equal: a redraw
# that tmux received in pieces is complete (up to 5 s).
screen_settle() {
	_prev=$(screen)
	_k=0
	while [ "$_k" -lt 100 ]; do
		sleep 0.05
		_cur=$(screen)
		[ "$_cur" = "$_prev" ] && return 0
		_prev=$_cur
		_k=$((_k + 1))
	done
	return 0
}

scroll_until() {
	_row=${3:-1}
	_n=0
	while [ "$_n" -lt 200 ]; do
		# Look only at a whole redraw: a row may change before the rest is drawn.
		screen_settle
		if screen | grep -F -e "$1" >/dev/null 2>&1; then
			return 0
		fi
		_before=$(screen_row "$_row")
		keys "$2"
		_i=0
		while [ "$(screen_row "$_row")" = "$_before" ]; do
			_i=$((_i + 1))
			# Nothing changed within 10 s of a key: the view is at its end.
			if [ "$_i" -gt 200 ]; then
				screen | grep -F -e "$1" >/dev/null 2>&1
				return
			fi
			sleep 0.05
		done
		_n=$((_n + 1))
	done
	return 1
}

tutor_exit_status() {
	# Both files, each complete (renamed into place); up to 60 s on a loaded machine.
	_i=0
	while { [ ! -s "$T/status" ] || [ ! -e "$T/stty" ]; } && [ "$_i" -lt 1200 ]; do
		sleep 0.05
		_i=$((_i + 1))
	done
	cat "$T/status" 2>/dev/null
}

tutor_stop() {
	_server=$(tm display-message -p '#{pid}' 2>/dev/null)
	tm kill-server >/dev/null 2>&1
	# Wait until the server process has gone, so that the next tutor_start does
	# not reach a dying one ("server exited unexpectedly"): list-sessions already
	# fails while the server is still closing, with its socket still there.
	_i=0
	while [ -n "$_server" ] && kill -0 "$_server" 2>/dev/null && [ "$_i" -lt 400 ]; do
		# A zombie (nobody reaps it) has gone for tmux's purposes. The command name
		# ("tmux: server") has a space: the state is the field after its ')'.
		case $(sed 's/.*) //' "/proc/$_server/stat" 2>/dev/null) in Z*) break ;; esac
		sleep 0.05
		_i=$((_i + 1))
	done
}
