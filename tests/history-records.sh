# history-records.sh: the command history is a record like the others
# (issue 30, item 1): a damaged history file (a NUL byte) is kept as
# history.corrupt-DATE, byte for byte, with a warning, and a new history
# started; a history file that is a symbolic link is neither read nor
# written (the file it points to is untouched), with a warning. The REPL
# reads and saves its history only at a terminal: it runs in tmux.
. "$srcdir/tests/lib.sh"
need_quiesce
. "$srcdir/tests/tutor-lib.sh"

DIR=$XDG_STATE_HOME/quiesce
HIST=$DIR/history
mkdir -p "$DIR"

# run_repl NAME LINE: a REPL in tmux session NAME types LINE, then quit; its screen in $T/screen-NAME.
run_repl() {
	rm -f "$T/status-$1"
	tm new-session -d -s "$1" -x 160 -y 30 \
		"env TERM=screen LC_ALL=C XDG_STATE_HOME='$XDG_STATE_HOME' '$QUIESCE' repl; echo \$? >'$T/status-$1'; sleep 600" ||
		bail "cannot start tmux session $1"
	_i=0
	until tm capture-pane -p -t "$1" | grep -q "quiesce>"; do
		_i=$((_i + 1))
		[ "$_i" -lt 400 ] || { fail "session $1 never showed its prompt"; return 1; }
		sleep 0.05
	done
	tm send-keys -t "$1" -l "$2"
	tm send-keys -t "$1" Enter
	tm send-keys -t "$1" -l "quit"
	tm send-keys -t "$1" Enter
	_i=0
	while [ ! -s "$T/status-$1" ] && [ "$_i" -lt 400 ]; do
		sleep 0.05
		_i=$((_i + 1))
	done
	tm capture-pane -p -t "$1" >"$T/screen-$1"
	[ "$(cat "$T/status-$1" 2>/dev/null)" = 0 ] || fail "session $1 ended with status '$(cat "$T/status-$1" 2>/dev/null)'"
}

# 1. A NUL byte on line 2: set aside intact, said, a new history with this session's line.
printf 'depth 1\nmode \000checks\n' >"$T/damaged"
cp "$T/damaged" "$HIST"
run_repl A "depth 2"
grep -q "NUL byte" "$T/screen-A" || fail "a damaged history: no warning on the screen"
set -- "$DIR"/history.corrupt-*
[ -f "$1" ] || fail "the damaged history was not set aside"
cmp -s "$1" "$T/damaged" || fail "the history set aside is not the damaged file byte for byte"
[ "$(head -1 "$HIST")" = "depth 2" ] || fail "the new history does not start with this session's line: $(head -1 "$HIST")"
if grep -q "depth 1" "$HIST"; then fail "the new history holds a line of the damaged one"; fi
rm -f "$DIR"/history*

# 2. A symbolic link: the file it points to keeps its contents, the link stays.
printf 'my notes\n' >"$T/notes"
ln -s "$T/notes" "$HIST"
run_repl B "depth 3"
grep -q "is a symbolic link" "$T/screen-B" || fail "a symlinked history: no warning on the screen"
[ "$(cat "$T/notes")" = "my notes" ] || fail "the history was written through a symbolic link"
[ -L "$HIST" ] || fail "the history link was replaced"
finish
