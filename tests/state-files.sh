# state-files.sh: the files quiesce keeps and reads, and the limits of issue 9's reliability list:
#   - a progress file that is a FIFO or a directory: a warning on standard
#     error, never a hang (item 4); the same for `:open FIFO`, `check-lesson DIR`;
#   - a progress file that is a symbolic link: not written through (issue 30: a save
#     would replace the file it points to), the link kept, a message;
#   - the state directory blocked by a file: the message says what is in the way (item 7);
#   - warnings on standard error, not standard output (item 7);
#   - ulimit -f 0: an export fails with an error, the session goes on, no
#     temporary file is left (item 5);
#   - perft --epd on an empty or comment-only file exits 1 (item 6);
#   - a 100,000-digit option value is quoted cut, not whole (item 8).
# Every command runs under `timeout`, so a hang is a failure, not a stuck test.
. "$srcdir/tests/lib.sh"
need_quiesce

TO=${TEST_TIMEOUT:-60}

# run_in FILE CMD...: like run, with standard input from FILE.
run_in() {
	_in=$1
	shift
	"$@" >"$T/out" 2>"$T/err" <"$_in"
	status=$?
}
XDG_STATE_HOME=$T/state
export XDG_STATE_HOME
mkdir -p "$XDG_STATE_HOME/quiesce"
PROGRESS=$XDG_STATE_HOME/quiesce/progress

# 1. The progress file is a FIFO: the REPL opens lesson 1 (which reads and saves progress) and ends.
mkfifo "$PROGRESS" || bail "mkfifo"
printf 'lesson 1\n' >"$T/in"
run_in "$T/in" timeout "$TO" "$QUIESCE" repl
[ "$status" -ne 124 ] || fail "a FIFO as the progress file: the REPL hung"
expect_err_has "is not a regular file (it is a FIFO)" "a FIFO as the progress file: a warning"
expect_out_has "Lesson 1" "a FIFO as the progress file: the lesson still opens"
if grep -q "warning" "$T/out"; then fail "a warning went to standard output"; fi
rm -f "$PROGRESS"

# 2. The progress file is a directory.
mkdir "$PROGRESS"
run_in "$T/in" timeout "$TO" "$QUIESCE" repl
expect_err_has "is a directory" "a directory as the progress file: a warning"
expect_out_has "Lesson 1" "a directory as the progress file: the lesson still opens"
rmdir "$PROGRESS"

# 3. A symbolic link: neither the link nor the file it points to is written; a message says why.
mkdir -p "$T/dotfiles"
ln -s "$T/dotfiles/progress" "$PROGRESS"
run_in "$T/in" timeout "$TO" "$QUIESCE" repl
[ -L "$PROGRESS" ] || fail "a symlinked progress file was replaced by a regular file"
[ ! -e "$T/dotfiles/progress" ] || fail "the progress was written through a symbolic link"
expect_err_has "is a symbolic link" "a symlinked progress file: a message"
rm -f "$PROGRESS"

# 4. A file where the state directory should be: say what is in the way.
rm -rf "$XDG_STATE_HOME"
mkdir -p "$XDG_STATE_HOME"
: >"$XDG_STATE_HOME/quiesce"
run_in "$T/in" timeout "$TO" "$QUIESCE" repl
expect_err_has "in the way" "a file in place of the state directory: the message says so"
if grep -q "set XDG_STATE_HOME or HOME" "$T/err"; then
	fail "the message blames XDG_STATE_HOME/HOME though both are set"
fi
rm -f "$XDG_STATE_HOME/quiesce"
mkdir -p "$XDG_STATE_HOME/quiesce"

# 5. :open on a FIFO and a directory, check-lesson on a directory.
mkfifo "$T/fifo"
printf 'open %s\nopen %s\n' "$T/fifo" "$T" >"$T/in2"
run_in "$T/in2" timeout "$TO" "$QUIESCE" repl
[ "$status" -ne 124 ] || fail "open FIFO: the REPL hung"
expect_err_has "is not a regular file (it is a FIFO)" "open FIFO"
expect_err_has "is a directory" "open DIR"
expect_exit 1 "check-lesson DIR" timeout "$TO" "$QUIESCE" check-lesson "$T"
expect_err_has "is a directory" "check-lesson DIR"

# 6. ulimit -f 0: an export cannot write a byte. The REPL reports it and goes on.
#    Its output goes through a pipe to cat, which is not limited (a file
#    would be: the REPL could not even print). The status is the REPL's.
printf 'search\nexport json %s/big.json\nsearch\n' "$T/out-dir" >"$T/in3"
mkdir -p "$T/out-dir"
# shellcheck disable=SC2016
run_in "$T/in3" timeout "$TO" sh -c '{ (ulimit -f 0; exec "$0" repl) 2>&1; echo "status $?"; } | cat' "$QUIESCE"
grep -q '^status 1$' "$T/out" || fail "ulimit -f 0: expected the REPL to end with status 1 (a command failed): $(tail -1 "$T/out")"
expect_out_has "big.json': write error: File too large" "ulimit -f 0: the error names the file and the cause"
[ "$(grep -c '^search mode' "$T/out")" -eq 2 ] || fail "ulimit -f 0: the session did not go on to the next command"
leftover=$(ls -A "$T/out-dir")
[ -z "$leftover" ] || fail "ulimit -f 0: files left behind: $leftover"

# 7. perft --epd with nothing to check.
: >"$T/empty.epd"
printf '# only a comment\n\n' >"$T/comments.epd"
expect_exit 1 "perft --epd on an empty file" "$QUIESCE" perft --epd "$T/empty.epd"
expect_err_has "no positions" "perft --epd on an empty file: a message"
expect_exit 1 "perft --epd on a comment-only file" "$QUIESCE" perft --epd "$T/comments.epd"

# 8. A 100,000-digit --depth: rejected (exit 2) with the value cut.
digits=$(awk 'BEGIN { while (i++ < 100000) printf "9" }')
expect_exit 2 "a 100,000-digit --depth" "$QUIESCE" search --depth "$digits"
bytes=$(wc -c <"$T/err")
[ "$bytes" -lt 400 ] || fail "a 100,000-digit --depth gives a $bytes-byte message"
expect_err_has "..." "the cut value is marked"
expect_exit 2 "a 100,000-character --fen" "$QUIESCE" search --fen "$digits"
bytes=$(wc -c <"$T/err")
[ "$bytes" -lt 400 ] || fail "a 100,000-character --fen gives a $bytes-byte message"

finish
