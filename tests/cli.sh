# cli.sh: the command line: --help, --version, usage errors, perft's output.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE

# --help: exit 0, on stdout, names the commands.
if expect_exit 0 "--help" "$Q" --help; then
	expect_out_has "perft" "--help"
	expect_out_has "bench" "--help"
	expect_out_has "--help" "--help"
	expect_out_has "--version" "--help"
	expect_empty "$T/err" "--help stderr"
fi

# --version: exit 0, first line "quiesce 0.1.0" (GNU style).
if expect_exit 0 "--version" "$Q" --version; then
	first=$(sed -n 1p "$T/out")
	[ "$first" = "quiesce 0.1.0" ] ||
		fail "--version: first line is '$first', expected 'quiesce 0.1.0'"
fi

# Usage errors: exit 2, a message and the hint on stderr, nothing on stdout.
usage_error() {
	desc=$1
	shift
	expect_usage_error "$desc" "Try 'quiesce --help' for more information." "$Q" "$@"
}
usage_error "unknown subcommand" frobnicate
usage_error "unknown option" --frobnicate
usage_error "unknown perft option" perft --depth 1 --frobnicate
usage_error "perft without --depth" perft
usage_error "perft --depth -1" perft --depth -1
usage_error "perft --depth abc" perft --depth abc
usage_error "perft --depth with no value" perft --depth
usage_error "perft --depth 1x" perft --depth 1x

# perft at the start position, depth 3.
if expect_exit 0 "perft --depth 3" "$Q" perft --depth 3; then
	expect_out_line "Nodes searched: 8902" "perft --depth 3"
fi
if expect_exit 0 "perft --depth 3 --no-bulk" "$Q" perft --depth 3 --no-bulk; then
	expect_out_line "Nodes searched: 8902" "perft --depth 3 --no-bulk"
fi

# --divide: one "move: count" line per legal move, a blank line, the total.
move_re='^[a-h][1-8][a-h][1-8][qrbn]*: [0-9][0-9]*$'
if expect_exit 0 "perft --depth 1 --divide" "$Q" perft --depth 1 --divide; then
	n=$(grep -c "$move_re" "$T/out")
	[ "$n" -eq 20 ] || fail "perft --depth 1 --divide: $n move lines, expected 20"
	expect_out_line "Nodes searched: 20" "perft --depth 1 --divide"
	expect_out_line "" "perft --depth 1 --divide (blank line before the total)"
	bad=$(grep -v -x -e '' -e 'Nodes searched: 20' "$T/out" | grep -c -v "$move_re")
	[ "$bad" -eq 0 ] || fail "perft --depth 1 --divide: $bad unexpected stdout lines"
	grep -x 'e2e4: 1' "$T/out" >/dev/null || fail "perft --depth 1 --divide: no 'e2e4: 1'"
fi

# Kiwipete with --fen, divided at depth 2: 48 moves, 2039 nodes.
kiwi='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
if expect_exit 0 "perft --fen Kiwipete --depth 2 --divide" "$Q" perft --fen "$kiwi" --depth 2 --divide; then
	n=$(grep -c "$move_re" "$T/out")
	[ "$n" -eq 48 ] || fail "Kiwipete divide: $n move lines, expected 48"
	expect_out_line "Nodes searched: 2039" "Kiwipete divide"
	expect_out_line "e1g1: 43" "Kiwipete divide (castling in UCI notation)"
fi

# A promotion shows its piece letter: position 4's b7 pawn.
promo='n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1'
if expect_exit 0 "perft --fen promotions --depth 1 --divide" "$Q" perft --fen "$promo" --depth 1 --divide; then
	expect_out_line "Nodes searched: 24" "promotions divide"
	expect_out_line "g2g1q: 1" "promotions divide"
	expect_out_line "g2h1n: 1" "promotions divide"
fi

# A bad FEN is a failure, not a crash.
run "$Q" perft --fen "not a fen" --depth 1
case $status in
1 | 2) ;;
*) fail "perft --fen 'not a fen': exit status $status, expected 1 or 2"; show_output ;;
esac

# --epd with a file that is not there: exit 1, the path in the message.
missing=$T/nonexistent/perft.epd
if expect_exit 1 "perft --epd missing file" "$Q" perft --epd "$missing"; then
	expect_err_has "$missing" "perft --epd missing file"
fi

# --epd with a small suite: passes, then a wrong count fails with exit 1.
printf '%s\n' \
	'# a comment line' \
	'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902' \
	'' \
	'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 ;D1 48 ;D2 2039' \
	>"$T/good.epd"
expect_exit 0 "perft --epd good suite" "$Q" perft --epd "$T/good.epd"
sed 's/;D2 2039/;D2 2040/' "$T/good.epd" >"$T/bad.epd"
if expect_exit 1 "perft --epd suite with a wrong count" "$Q" perft --epd "$T/bad.epd"; then
	grep -F -e 2040 "$T/out" "$T/err" >/dev/null ||
		fail "perft --epd wrong count: the expected count 2040 is not shown"
fi
expect_exit 0 "perft --epd --max-depth 1 skips the wrong D2" \
	"$Q" perft --epd "$T/bad.epd" --max-depth 1

# Writing a trace to a device writes through it: the atomic temp-and-rename
# must never replace /dev/null (or any non-regular file) with a regular file.
expect_exit 0 "trace --output /dev/null" "$Q" trace --depth 1 --output /dev/null
[ -c /dev/null ] || fail "trace --output /dev/null replaced the device with a regular file"
expect_exit 0 "trace --output a new file" "$Q" trace --depth 1 --output "$T/trace.txt"
grep -F -e "mode captures, depth 1" "$T/trace.txt" >/dev/null || fail "trace --output wrote no trace"
ls "$T" | grep -F -e ".tmp" >/dev/null && fail "trace --output left a temporary file behind"

# bench --quick runs the code of every figure, the tutor's on a virtual
# terminal of its own: stdout here is a file, not a tty, and must get no
# escape sequences. Timings are printed, never asserted.
if expect_exit 0 "bench --quick" "$Q" bench --quick; then
	grep '^tutor ' "$T/out" >/dev/null || fail "bench --quick: no tutor line"
	grep "$(printf '\033')" "$T/out" "$T/err" >/dev/null &&
		fail "bench --quick: escape sequences on stdout or stderr"
fi

# The exit status of a good trace is 0 whichever option comes last.
expect_exit 0 "trace --format json-full as the last option" "$Q" trace --depth 1 --format json-full
expect_exit 0 "trace --format dot as the last option" "$Q" trace --depth 1 --format dot

finish
