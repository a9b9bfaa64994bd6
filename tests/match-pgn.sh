# match-pgn.sh: match --pgn loses no game (issue 19, item 3):
#   - an unwritable --pgn (a missing directory, a 0444 file) fails at once,
#     exit 1, before any game is played (no result line, the file kept);
#   - each game is written as it ends: a match killed with SIGKILL (which
#     nothing can catch) after some games leaves every finished game in the
#     file, whole, and pgn-extract (an independent reader) replays them all;
#     they are the first games of an uninterrupted match of the same length.
# Every command runs under `timeout`, so a hang is a failure, not a stuck test.
. "$srcdir/tests/lib.sh"
need_quiesce

TO=${TEST_TIMEOUT:-60}
# games_in FILE: the games in FILE (0 while it does not exist).
games_in() {
	if [ -f "$1" ]; then grep -c '^\[Event ' "$1"; else echo 0; fi
}

# 1. A --pgn in a directory that does not exist: exit 1 at once, no game played.
expect_exit 1 "--pgn in a missing directory" timeout "$TO" "$QUIESCE" match --modes captures,none --games 2 --no-progress --pgn "$T/no/such/dir/m.pgn"
expect_err_has "cannot write '$T/no/such/dir/m.pgn': No such file or directory; no game played" "--pgn in a missing directory: the error"
expect_empty "$T/out" "--pgn in a missing directory: no result printed (no game played)"

# 2. A read-only file: refused and kept.
printf 'keep me\n' >"$T/ro.pgn"
chmod 444 "$T/ro.pgn"
expect_exit 1 "--pgn to a 0444 file" timeout "$TO" "$QUIESCE" match --modes captures,none --games 2 --no-progress --pgn "$T/ro.pgn"
expect_err_has "the file is read-only (mode 0444); no game played" "--pgn to a 0444 file: the error"
expect_empty "$T/out" "--pgn to a 0444 file: no result printed"
[ "$(cat "$T/ro.pgn")" = "keep me" ] || fail "the 0444 file was changed"

# 3. Killed after some games: every finished game is in the file.
# Depth 4 games take a good fraction of a second each, so 1000 of them
# cannot end before the kill; the loop waits (at most two minutes) for
# three games to be written. The program runs without `timeout`, so that
# $! is its own process, the one killed.
"$QUIESCE" match --modes captures,none --depth 4 --games 1000 --jobs 1 --no-progress \
	--pgn "$T/killed.pgn" >"$T/out" 2>"$T/err" &
pid=$!
tries=0
while [ "$(games_in "$T/killed.pgn")" -lt 3 ] && [ "$tries" -lt 1200 ]; do
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.1
	tries=$((tries + 1))
done
kill -KILL "$pid" 2>/dev/null || fail "the match ended before it could be killed: $(cat "$T/err")"
wait "$pid" 2>/dev/null
st=$?
[ "$st" = 137 ] || fail "the match was not ended by SIGKILL (exit status $st)"
n=$(games_in "$T/killed.pgn")
[ "$n" -ge 3 ] || bail "the killed match left $n games, not at least 3"
results=$(grep -c '^\[Result "\(1-0\|0-1\|1/2-1/2\)"\]' "$T/killed.pgn")
[ "$results" = "$n" ] || fail "of the $n games written, $results have a finished result"
# An even number of games, as match needs: the uninterrupted match of that many.
even=$((n / 2 * 2))
expect_exit 0 "the same match, uninterrupted, $even games" timeout "$TO" "$QUIESCE" match --modes captures,none --depth 4 --games "$even" --jobs 1 --no-progress --pgn "$T/whole.pgn"
awk -v n="$even" '/^\[Event /{g++} g<=n' "$T/killed.pgn" >"$T/first.pgn"
cmp -s "$T/first.pgn" "$T/whole.pgn" || fail "the killed match's first $even games differ from an uninterrupted match's"

if PGNX=$(need_prog pgn-extract); then
	"$PGNX" --quiet "$T/killed.pgn" -o "$T/read.pgn" 2>"$T/pgnx.err"
	grep -q "Failed to make move" "$T/pgnx.err" && fail "pgn-extract rejects a move of the killed match: $(head -3 "$T/pgnx.err")"
	[ "$(games_in "$T/read.pgn")" = "$n" ] ||
		fail "pgn-extract read $(games_in "$T/read.pgn") of the $n games the killed match wrote"
	note "killed after $n games; pgn-extract replays all $n"
else
	note "pgn-extract is not installed: the killed match's games are not replayed"
fi

finish
