# tutor-cmdline.sh: the tutor's readline command line: completion, history
# kept across runs (in $XDG_STATE_HOME/quiesce/history), Ctrl-R, Escape.
. "$srcdir/tests/lib.sh"
need_quiesce
. "$srcdir/tests/tutor-lib.sh"

FEN='r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'
tutor_start 100 30 --fen "$FEN" --depth 1
expect_screen "Event 1/117" "start"

# Tab completes a command name, then a mode.
keys :
type "mod"
keys Tab
expect_screen ":mode" "command completion"
type "ch"
keys Tab
expect_screen ":mode checks" "mode completion"
keys Enter
expect_screen "Search options: mode checks" "completed command runs"

# Tab completes option names and legal moves (SAN); ambiguous prefixes list the candidates.
keys :
type "set qd"
keys Tab
expect_screen ":set qdepth" "option completion"
keys Escape
wait_gone ":set qdepth" 5 || fail "Escape does not cancel the command line"
keys :
type "move Nx"
keys Tab
expect_screen ":move Nxe5" "legal move completion"
type "Nx"
keys Tab
expect_screen ":move Nxe5 Nxe5" "move completion after a typed move"
keys Escape
keys :
type "move N"
keys Tab
expect_screen "Na3 Nc3" "candidates are listed"
keys Escape

# Run two commands, then quit: the history is saved.
keys :
type "depth 2"
keys Enter
expect_screen "depth 2" "depth 2"
keys :
type "filter marked"
keys Enter
expect_screen "Tree filter: marked" "filter"
keys q
st=$(tutor_exit_status)
[ "$st" = 0 ] || fail "q: exit status '$st'"
hist=$XDG_STATE_HOME/quiesce/history
[ -s "$hist" ] || fail "no history file at $hist"
grep -q '^filter marked$' "$hist" || fail "history lacks 'filter marked'"
ls "$XDG_STATE_HOME/quiesce" | grep -q tmp && fail "a temporary history file was left behind"
tutor_stop

# A new run: Up recalls the last command; Ctrl-R finds an older one.
tutor_start 100 30 --fen "$FEN" --depth 1
expect_screen "Event 1/117" "second start"
keys :
keys Up
expect_screen ":filter marked" "Up recalls the previous run's command"
keys Up
expect_screen ":depth 2" "Up again"
keys Escape
keys :
keys C-r
type "mode"
expect_screen "reverse-i-search" "Ctrl-R searches the history"
expect_screen "mode checks" "Ctrl-R finds 'mode checks'"
keys Enter
expect_screen "Search options: mode checks" "the found line runs"

# The / search finds a move in the tree.
keys /
type "Ke2"
keys Enter
expect_screen "Move: Ke2 (node" "/ selects the move"

# Garbage at the command line is an error, never a crash.
keys :
type '%$#@!! \\ "quote'
keys Enter
expect_screen "error: unknown command" "garbage command"

# Editing history lines and cancelling them with Escape, again and again,
# then finishing a line: readline's undo lists must stay consistent (a
# cancelled edit of a history line once left a dangling one behind).
for i in 1 2 3; do
	keys :
	keys Up
	type "x$i"
	keys Escape
	keys :
	keys Up Up
	type "y$i"
	keys Left BSpace
	keys Escape
done
keys :
type "depth 3"
keys Enter
expect_screen "depth 3," "a line finished after cancelled history edits"
keys x q
st=$(tutor_exit_status)
[ "$st" = 0 ] || fail "exit status '$st' after garbage and history edits"
finish
