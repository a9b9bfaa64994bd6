# repl.sh: "quiesce repl" (and "quiesce" without a terminal) driven through a pipe.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE
XDG_STATE_HOME=$T/state
export XDG_STATE_HOME

# A knight takes a defended pawn: at depth 1, mode none thinks it wins a pawn.
FEN='r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'

# Runs the REPL with the lines of $1 on stdin; output in $T/out and $T/err.
repl() {
	printf '%s\n' "$1" >"$T/in"
	shift
	"$Q" repl "$@" <"$T/in" >"$T/out" 2>"$T/err"
	status=$?
}

# The board shows the FEN's pieces; no prompt is echoed into the output.
repl "board" --fen "$FEN" --depth 1
[ "$status" -eq 0 ] || fail "board: exit status $status"
expect_out_line "6 |    .  n  .     .     . |" "board rank 6"
expect_out_line "1 | R  N  B  Q  K  B  .  R |" "board rank 1"
expect_out_has "White to move" "board side to move"
grep -q 'quiesce>' "$T/out" && fail "a prompt was written to a pipe"
expect_empty "$T/err" "board stderr"

# Stepping with next reaches the stand pat of the node after Nxe5, and explains it.
repl "next 3" --fen "$FEN" --depth 1
expect_out_has "[event 4/117, stand_pat, node 1: 3. Nxe5]" "next 3"
expect_out_has "The stand pat of -100 is above alpha (-inf)" "next 3 explanation"

# jump to the first stand-pat cutoff.
repl "jump cutoff" --fen "$FEN" --depth 1
expect_out_has "is at least beta" "jump cutoff"

# prev, over, out, rewind, goto.
repl "next 5
prev 2
over
out
rewind
goto 2" --fen "$FEN" --depth 1
[ "$status" -eq 0 ] || fail "stepping: exit status $status"
expect_out_has "[event 1/117, enter, node 0" "rewind"
expect_out_has "node 2: 3. Nxe5 Nxe5]" "goto 2"
expect_out_has "[event 117/117, leave, node 0" "out goes to the root's leave"

# mode checks and search re-run; the options line says so.
repl "mode checks
search
stats" --fen "$FEN" --depth 1
expect_out_has "mode checks (checks in 1 ply)" "mode checks"
expect_out_has "search mode checks: score" "search"
expect_out_has "Options:  mode checks" "stats after mode checks"

# The tree: lines with kind, window, stand pat, result and badges; pruned moves with delta.
repl "tree 0 6" --fen "$FEN" --depth 1
expect_out_has "*root    main = +0               [-inf,+inf]   raise" "tree root line"
expect_out_has "Nxe5    q0   = +210   sp -100   [-inf,+inf]   raise" "tree q0 line"
repl "set delta on
search
jump delta_prune
tree 0 200" --fen 'r1bqkbnr/pppp1ppp/2n5/4N3/4P3/8/PPPP1PPP/RNBQKB1R b KQkq - 0 3' --depth 2
expect_out_has "Delta pruning skips" "delta prune explained"
grep -q 'pruned: delta' "$T/out" || fail "tree shows no pruned move line"

# Errors go to stderr, change nothing and make the exit status 1; the session goes on.
repl "foo
depth 99
set frob 1
goto 99999
fen not a fen
move Ke9
board" --fen "$FEN"
[ "$status" -eq 1 ] || fail "errors: exit status $status, expected 1"
expect_err_has "error: unknown command 'foo'" "unknown command"
expect_err_has "error: depth: invalid depth '99'" "bad depth, named by its command"
expect_err_has "error: set: unknown search option 'frob'" "bad option, named by its command"
expect_err_has "error: goto: no node 99999" "bad node"
expect_err_has "error: FEN field 1 (piece placement), column 2: 'o' is not a piece letter" "bad fen ('n' is a knight, 'o' is not a piece)"
expect_err_has "error: move 1:" "bad move"
expect_out_line "6 |    .  n  .     .     . |" "the position is unchanged after errors"

# move plays from the root; help is generated from the table.
repl "move Nxe5 Nxe5
help
help jump" --fen "$FEN"
expect_out_has "Position now: r1bqkbnr/pppp1ppp/8/4n3/4P3/8/PPPP1PPP/RNBQKB1R w KQkq - 0 4" "move"
expect_out_has "jump KIND [back]" "help lists jump"
expect_out_has "go to the next (or previous) event of a kind" "help jump"

# compare: two results and where the trees part ways.
repl "compare none captures" --fen "$FEN" --depth 1
expect_out_has "A (none): mode none: score +100" "compare A"
expect_out_has "B (captures): mode captures: score +0" "compare B"
expect_out_has "The trees part ways at node 1 (3. Nxe5)" "compare divergence: at Nxe5 mode none evaluates, captures searches on"

# horizon: in mode none, the leaf after Nxe5 is +100 statically but not after quiescence.
repl "mode none
search
horizon" --fen "$FEN" --depth 1
expect_out_has "! node 1  static -100  quiescence +210  (3. Nxe5)" "horizon leaf"

# export writes a file atomically (no temporary left behind).
repl "export text $T/trace.txt
export json $T/trace.json" --fen "$FEN" --depth 1
[ -s "$T/trace.txt" ] || fail "export text wrote nothing"
[ -s "$T/trace.json" ] || fail "export json wrote nothing"
ls "$T" | grep -q 'tmp' && fail "export left a temporary file"

# open reads an exported trace back; play prints the events to the end.
repl "open $T/trace.json
stats
next 200
play" --depth 2
expect_out_has "Opened $T/trace.json: 29 nodes" "open"
expect_out_has "Position: $FEN" "open restores the position"
expect_out_has "[event 117/117, leave, node 0" "play reaches the last event"

# quit ends the loop; lines after it are not read.
repl "quit
board" --fen "$FEN"
[ "$status" -eq 0 ] || fail "quit: exit status $status"
expect_empty "$T/out" "output after quit"

# "quiesce" with no command and no terminal runs the REPL.
printf 'board\n' | "$Q" --fen "$FEN" >"$T/out" 2>"$T/err"
expect_out_has "White to move" "quiesce without a terminal"

# Garbage does not crash the REPL.
awk 'BEGIN { srand(7); for (i = 0; i < 300; i++) { s = ""; n = int(rand() * 40);
	for (j = 0; j < n; j++) s = s sprintf("%c", 32 + int(rand() * 95)); print s } }' >"$T/garbage"
"$Q" repl --depth 1 <"$T/garbage" >"$T/out" 2>"$T/err"
st=$?
[ "$st" -le 1 ] || fail "garbage input: exit status $st"

finish
