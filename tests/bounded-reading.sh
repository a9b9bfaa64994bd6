# bounded-reading.sh: nothing overwritten, nothing unbounded, messages that
# name the cause (issue 30, items 2, 4 and 6):
#   - match --pgn over its --openings file (also through a link): exit 2, the file kept;
#   - a gzip bomb (under 1 MB inflating to 200 MB of zeros): refused at the
#     memory budget, with --max-memory and under ulimit -v with the default
#     budget, naming the file, the line and the budget; the REPL goes on;
#   - a JSON Lines header followed by a 50 MB line: refused at its line;
#   - zero padding after a gzip member (gzip -t accepts it) is accepted;
#   - a full disk under gzip says "No space left on device" (/dev/full);
#   - a read-only file system says so (a read-only bind mount in a user
#     namespace, skipped where unshare cannot make one);
#   - UCI: a 2 MB command line is dropped with an info string;
#   - --alpha/--beta/--sprt: the option at fault, the column at fault,
#     blanks alike on both sides, decimal numbers only, the valid range.
. "$srcdir/tests/lib.sh"
need_quiesce
# The commands run in $T, so that messages name the files as given: absolute paths first.
case $QUIESCE in /*) Q=$QUIESCE ;; *) Q=$(pwd)/$QUIESCE ;; esac
case $srcdir in /*) ;; *) srcdir=$(pwd)/$srcdir ;; esac
case $QUIESCE_DATADIR in /*) ;; *) QUIESCE_DATADIR=$(pwd)/$QUIESCE_DATADIR ;; esac
export QUIESCE_DATADIR
TO=${TEST_TIMEOUT:-120}
cd "$T" || bail "cd"

# 1. The same file as input and output.
cp "$srcdir/positions/balanced.epd" mine.epd
cp mine.epd mine.orig
expect_exit 2 "match --pgn FILE --openings FILE" "$Q" match --modes captures,none --games 2 --nodes 50 \
	--openings mine.epd --pgn mine.epd
expect_err_has "is the openings file" "match: the same file: the message says so"
ln -s mine.epd alias.epd
expect_exit 2 "match --pgn LINK-TO-OPENINGS" "$Q" match --modes captures,none --games 2 --nodes 50 \
	--openings mine.epd --pgn alias.epd
cmp -s mine.epd mine.orig || fail "match replaced its openings with its games"

# 2. A gzip bomb: the stream is made by gzip(1), not by quiesce.
head -c 200000000 /dev/zero | gzip -1 >bomb.json.gz || bail "gzip"
run timeout "$TO" "$Q" check-trace --max-memory 16M bomb.json.gz
[ "$status" -eq 1 ] || fail "a gzip bomb with --max-memory 16M: exit $status, expected 1"
expect_err_has "bomb.json.gz:1:1: line 1 is longer than 4M" "a gzip bomb: the file, the line and the limit"
expect_err_has "(16M, --max-memory)" "a gzip bomb: the budget named"
if (ulimit -v 400000 && exec "$Q" check-trace --help) >/dev/null 2>&1; then
	(ulimit -v 400000 && exec timeout "$TO" "$Q" check-trace bomb.json.gz) >out 2>err
	status=$?
	[ "$status" -eq 1 ] || fail "a gzip bomb under ulimit -v 400000: exit $status, expected 1"
	expect_err_has "the memory budget" "a gzip bomb under ulimit -v: refused at the default budget"
	if grep -i "out of memory" err >/dev/null; then fail "a gzip bomb under ulimit -v: out of memory"; fi
else
	note "the program does not start under ulimit -v 400000 (a sanitizer build?): that case is skipped"
fi

# 3. A JSON Lines header, then a 50 MB line.
"$Q" trace --depth 1 --format jsonl --output hdr.jsonl || bail "trace"
{ head -1 hdr.jsonl; head -c 50000000 /dev/zero | tr '\0' ' '; echo '{}'; } >long.jsonl
run timeout "$TO" "$Q" check-trace --max-memory 16M long.jsonl
[ "$status" -eq 1 ] || fail "a 50 MB line: exit $status, expected 1"
expect_err_has "long.jsonl:2:1: line 2 is longer than 4M" "a 50 MB line: named with its line"
# diff reads within the same budget: quiesce diff --max-memory, and the tutor's diff the session's.
run timeout "$TO" "$Q" diff --max-memory 16M hdr.jsonl long.jsonl
[ "$status" -eq 2 ] || fail "diff of a 50 MB line: exit $status, expected 2 (trouble, as diff(1))"
expect_err_has "long.jsonl:2:1: line 2 is longer than 4M" "diff of a 50 MB line: named with its line"

# 4. The REPL: both refused, and the session goes on to the next command.
printf 'open bomb.json.gz\nopen long.jsonl\nopen hdr.jsonl\ndiff long.jsonl\n' >in
timeout "$TO" "$Q" repl --max-memory 16M <in >out 2>err
expect_err_has "open: bomb.json.gz:1:1: line 1 is longer than" "REPL open of a gzip bomb: an error"
expect_err_has "open: long.jsonl:2:1: line 2 is longer than" "REPL open of a long line: an error"
expect_out_has "Opened hdr.jsonl" "the REPL goes on after the refused files"
expect_err_has "diff: long.jsonl:2:1: line 2 is longer than" "REPL diff of a long line: an error within the budget"

# 5. Zero padding after the gzip member, which gzip -t accepts.
"$Q" trace --depth 2 --output padded.json.gz || bail "trace .gz"
head -c 1024 /dev/zero >>padded.json.gz
if gzip -t padded.json.gz 2>/dev/null; then
	expect_exit 0 "a gzip file with zero padding" "$Q" check-trace padded.json.gz
fi
printf 'x' >>padded.json.gz
expect_exit 1 "a gzip file with a byte after the padding" "$Q" check-trace padded.json.gz
expect_err_has "gzip stream is corrupt" "bytes after the zero padding: corrupt"

# 6. A full disk under gzip, and a plain file, name the cause.
if [ -w /dev/full ]; then
	ln -s /dev/full full.json.gz
	expect_exit 1 "trace --output to a full disk (gzip)" "$Q" trace --depth 2 --output full.json.gz
	expect_err_has "No space left on device" "a full disk under gzip: the cause"
fi

# 7. A read-only file system: said, not blamed on the file's mode.
mkdir ro && echo '{}' >ro/t.json
if unshare -rm sh -c 'mount --bind ro ro && mount -o remount,bind,ro ro' 2>/dev/null; then
	unshare -rm sh -c 'mount --bind ro ro && mount -o remount,bind,ro ro && exec "$0" trace --depth 1 --output ro/t.json' \
		"$Q" >out 2>err
	[ $? -eq 1 ] || fail "a read-only file system: expected exit 1"
	expect_err_has "Read-only file system" "a read-only file system: the cause"
	if grep -q "mode 0" err; then fail "a read-only file system blamed on the file's mode"; fi
else
	note "no user namespace for a read-only bind mount: that case is skipped"
fi

# 8. The SPRT options: the option and the column at fault.
m() { "$Q" match --modes captures,none --games 2 --nodes 50 --no-progress "$@"; }
expect_exit 2 "--alpha 0.5 --beta 0.5" m --sprt 0,5 --alpha 0.5 --beta 0.5
expect_err_has "invalid --alpha '0.5'" "--alpha 0.5: the message names --alpha"
if grep -q "invalid --sprt" "$T/err"; then fail "--alpha 0.5 --beta 0.5 blamed on --sprt"; fi
expect_exit 2 "--sprt 0" m --sprt 0
expect_err_has "column 2 of '0': expected ','" "--sprt 0: the column of the missing ','"
expect_exit 0 "--sprt '0,5 '" m --sprt '0,5 '
expect_exit 0 "--sprt ' 0,5'" m --sprt ' 0,5'
expect_exit 2 "--alpha 0x0.1" m --sprt 0,5 --alpha 0x0.1
expect_err_has "expected a decimal number" "--alpha 0x0.1: decimal only"
expect_exit 2 "--alpha 0.7" m --sprt 0,5 --alpha 0.7
expect_err_has "above 0 and below 0.5" "--alpha 0.7: the valid range"
expect_exit 0 "--alpha 0.05 --beta 0.1" m --sprt 0,5 --alpha 0.05 --beta 0.1

# 9. UCI: a 2 MB line is not held, it is answered with an info string, and the engine goes on.
{ printf 'uci\n'; head -c 2000000 /dev/zero | tr '\0' 'x'; printf '\nisready\n'; } >long.uci
timeout "$TO" "$Q" uci <long.uci >out 2>err
expect_out_has "info string a line of more than 1048576 bytes: ignored" "uci: a 2 MB line"
expect_out_line "readyok" "uci: the engine goes on after a 2 MB line"
finish
