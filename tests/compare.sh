# compare.sh: "quiesce compare": hand-worked solved counts per mode, the
# Lichess puzzle convention, --jobs determinism, the node cap, and errors.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE
D=$srcdir/tests/data/compare

# Prints the field numbered $2 of the CSV summary line of mode $1 in $T/out
# (mode names hold no commas, the summary has no quoted fields).
field() {
	awk -F, -v m="$1" -v f="$2" '$1 == m { print $f }' "$T/out"
}

# Checks "solved" (field 5) and "scorable" (field 4) of mode $1 against $2/$3.
expect_solved() {
	_got=$(field "$1" 5)/$(field "$1" 4)
	[ "$_got" = "$2" ] || {
		fail "$3: mode $1 solved $_got, expected $2"
		show_output
	}
}

# ------------------------------------------------------------------ EPD
# horizon.epd, searched at depth 1 (see the file for the reasoning):
#   H.1 bm Qxa4: the bait Qxh5 (rook defended by a pawn) fools only mode none.
#   H.2 bm Ra8#: mate at the horizon is seen only with evasions; none and
#       faulty play Nxb5. At depth 2, mode none sees the mate in the main search.
#   H.3 am Qxh4 (H.1 mirrored, Black to move): only none plays the am.
#   H.4 no bm/am: searched but unscorable, so every mode is out of 3.
if expect_exit 0 "compare horizon.epd" "$Q" compare --epd "$D/horizon.epd" --depth 1 \
	--modes none,captures,checks,brute,faulty,rival,captures+see,none+depth=2 --format csv; then
	expect_out_line "mode,depth,positions,scorable,solved,accuracy,nodes,qnodes,qshare,nodes_per_position,stand_pat_cutoffs,beta_cutoffs,delta_prunes,see_prunes,capped,seconds" "csv header"
	expect_solved none 0/3 "horizon.epd"
	expect_solved captures 3/3 "horizon.epd"
	expect_solved checks 3/3 "horizon.epd"
	expect_solved brute 3/3 "horizon.epd"
	expect_solved faulty 2/3 "horizon.epd"
	expect_solved rival 3/3 "horizon.epd"
	expect_solved captures+see 3/3 "horizon.epd"
	expect_solved none+depth=2 3/3 "horizon.epd"
	[ "$(field none+depth=2 2)" = 2 ] || fail "none+depth=2: depth column is not 2"
	[ "$(field none 3)" = 4 ] || fail "horizon.epd: positions column is not 4"
	# Brute never stands pat; the others cut off on it.
	[ "$(field brute 11)" = 0 ] || fail "brute: stand-pat cutoffs $(field brute 11), expected 0"
	[ "$(field captures 11)" -gt 0 ] || fail "captures: no stand-pat cutoffs"
	expect_empty "$T/err" "compare horizon.epd stderr"
fi

# The per-position table names the moves each mode chose.
if expect_exit 0 "compare --per-position" "$Q" compare --epd "$D/horizon.epd" --depth 1 \
	--modes none,captures,faulty --per-position; then
	expect_out_line "H.1  bm Qxa4   Qxh5   Qxa4 *    Qxa4 *" "per-position H.1"
	expect_out_line "H.2  bm Ra8#   Nxb5   Ra8# *    Nxb5" "per-position H.2"
	expect_out_line "H.3  am Qxh4   Qxh4   Qxa5 *    Qxa5 *" "per-position H.3"
	expect_out_line "H.4  -         Kd1 ?  Kd1 ?     Kd1 ?" "per-position H.4"
	expect_out_has "0/3" "table solved column"
	expect_out_has "accuracy" "table header"
	grep ' $' "$T/out" >/dev/null && fail "per-position table: trailing blanks"
fi

# ------------------------------------------------------------------ Lichess
# puzzles.csv: three rows of the Lichess sample (CRLF line ends, a blank line,
# quoted fields with a ',' and a doubled '"'). The FEN is before the opponent's
# move; Moves[0] is played first and Moves[1] is the answer:
#   00008 Black plays Bxg3 (f2g3); White's answer Rxe7 (e6e7).
#   0000D White plays Qd6 (d3d6); Black's answer Rd8 (f8d8).
#   0008Q White plays Rf7 (e7f7); Black's answer Re5+ (f5e5).
# Mode none at depth 2 takes the rook (Rxf7) in 0008Q, blind to exf7 and the
# promotion, and Qxd6 in 0000D; with captures all three are found.
if expect_exit 0 "compare puzzles.csv" "$Q" compare --epd "$D/puzzles.csv" --modes none,captures \
	--format csv --per-position; then
	expect_out_has "none,2,1,00008,2,Rxe7,,e6e7,Rxe7," "00008 none"
	expect_out_has "captures,2,2,0000D,3,Rd8,,f8d8,Rd8," "0000D captures"
	expect_out_has "captures,2,3,0008Q,5,Re5+,,f5e5,Re5+," "0008Q captures (line 5, after the blank line)"
	expect_out_has "none,2,3,0008Q,5,Re5+,,f5f7,Rxf7," "0008Q none"
fi
if expect_exit 0 "compare puzzles.csv summary" "$Q" compare --epd "$D/puzzles.csv" \
	--modes none,captures --format csv; then
	expect_solved none 1/3 "puzzles.csv"
	expect_solved captures 3/3 "puzzles.csv"
fi

# JSON: one object with the modes; the Lichess format is named.
if expect_exit 0 "compare --format json" "$Q" compare --epd "$D/puzzles.csv" --modes captures \
	--format json --per-position; then
	expect_out_has '"format": "lichess"' "json format"
	expect_out_has '"mode": "captures"' "json mode"
	expect_out_has '"solved": 3' "json solved"
	expect_out_has '"id": "0008Q"' "json per-position id"
	if py=$(need_prog python3); then
		"$py" -c 'import json,sys; json.load(open(sys.argv[1]))' "$T/out" ||
			fail "compare --format json: not valid JSON"
	fi
fi

# ------------------------------------------------------------------ --jobs
# The results do not depend on the number of threads (the seconds column aside).
"$Q" compare --epd positions/wac.epd --limit 40 --modes none,captures,checks,faulty,captures+see \
	--format csv --per-position --jobs 1 >"$T/j1" 2>"$T/j1.err" || fail "--jobs 1 failed"
"$Q" compare --epd positions/wac.epd --limit 40 --modes none,captures,checks,faulty,captures+see \
	--format csv --per-position --jobs 2 >"$T/j2" 2>"$T/j2.err" || fail "--jobs 2 failed"
"$Q" compare --epd "$D/puzzles.csv" --modes none,captures,brute --format csv --jobs 3 >"$T/j3" ||
	fail "--jobs 3 failed"
"$Q" compare --epd "$D/puzzles.csv" --modes none,captures,brute --format csv --jobs 1 >"$T/j4" ||
	fail "--jobs 1 (puzzles) failed"
[ "$(wc -l <"$T/j1")" -eq 201 ] || fail "--limit 40 with 5 modes: $(wc -l <"$T/j1") lines, expected 201"
sed 's/,[^,]*$//' "$T/j1" >"$T/j1.cut"
sed 's/,[^,]*$//' "$T/j2" >"$T/j2.cut"
cmp -s "$T/j1.cut" "$T/j2.cut" || fail "--jobs 1 and --jobs 2 give different results"
sed 's/,[^,]*$//' "$T/j3" >"$T/j3.cut"
sed 's/,[^,]*$//' "$T/j4" >"$T/j4.cut"
cmp -s "$T/j3.cut" "$T/j4.cut" || fail "--jobs 1 and --jobs 3 give different results"
expect_empty "$T/j1.err" "--jobs 1 stderr (no progress bar off a terminal)"

# The suite is found in the data directory from any working directory.
(cd "$T" && "$Q" compare --epd positions/wac.epd --limit 2 --modes captures --format csv) >"$T/out" 2>&1 ||
	fail "--epd positions/wac.epd from another directory"
expect_solved captures "$(field captures 5)/2" "--limit 2"

# ------------------------------------------------------------------ the cap
# At depth 1 the scored positions need 29 nodes each and H.4 six: with --cap 20
# three searches are capped (and unsolved although they had a move); a mode's
# +max-nodes=0 lifts the cap for that mode.
if expect_exit 0 "compare --cap 20" "$Q" compare --epd "$D/horizon.epd" --depth 1 --cap 20 \
	--modes captures,captures+max-nodes=0 --format csv; then
	[ "$(field captures 15)" = 3 ] || fail "--cap 20: capped $(field captures 15), expected 3"
	expect_solved captures 0/3 "--cap 20"
	[ "$(field captures+max-nodes=0 15)" = 0 ] || fail "+max-nodes=0: capped"
	expect_solved captures+max-nodes=0 3/3 "+max-nodes=0"
fi

# ------------------------------------------------------------------ errors
# Usage errors: exit 2, a message naming the problem, nothing on stdout.
usage_error() {
	_msg=$1
	shift
	expect_usage_error "compare $*" "$_msg" "$Q" compare "$@"
}
usage_error "unknown mode 'bogus'" --epd "$D/horizon.epd" --modes captures,bogus &&
	expect_err_has "expected none, captures, checks, brute, faulty, rival or modern" "bad mode: the valid ones"
usage_error "in mode 'captures+delta=abc'" --epd "$D/horizon.epd" --modes captures+delta=abc
usage_error "empty mode" --epd "$D/horizon.epd" --modes captures,,none
usage_error "--modes LIST is required" --epd "$D/horizon.epd"
usage_error "--epd FILE is required" --modes captures
usage_error "invalid --jobs 'x'" --epd "$D/horizon.epd" --modes captures --jobs x
usage_error "invalid --jobs '999'" --epd "$D/horizon.epd" --modes captures --jobs 999
usage_error "invalid --limit '0'" --epd "$D/horizon.epd" --modes captures --limit 0
usage_error "invalid --cap '-5'" --epd "$D/horizon.epd" --modes captures --cap -5
usage_error "invalid --format 'xml'" --epd "$D/horizon.epd" --modes captures --format xml
usage_error "--depth" --epd "$D/horizon.epd" --modes captures --depth 99
usage_error "--fen does not apply" --epd "$D/horizon.epd" --modes captures --fen 8/8/8/8/8/8/8/8
usage_error "unexpected argument 'extra'" --epd "$D/horizon.epd" --modes captures extra
# A bad mode is reported before the file is read.
usage_error "unknown mode 'bogus'" --epd "$T/missing.epd" --modes bogus

# File errors: exit 1 and FILE:LINE:COLUMN.
file_error() {
	_msg=$1
	shift
	if expect_exit 1 "compare --epd $1" "$Q" compare --epd "$@" --modes captures; then
		expect_err_has "$_msg" "compare --epd $1"
		expect_empty "$T/out" "compare --epd $1 stdout"
	fi
}
file_error "$T/missing.epd: cannot open" "$T/missing.epd"
file_error "bad-quote.csv:3:7: field 2: the quoted field that starts here has no closing" "$D/bad-quote.csv"
file_error "bad-fields.csv:2:1: 7 fields; the header has 10" "$D/bad-fields.csv"
file_error "bad-move.csv:3:60: field 3 (Moves): Moves[0], the opponent's move 'd3e5', is not legal" "$D/bad-move.csv"
file_error "bad-reply.csv:2:65: field 3 (Moves): Moves[1], the solver's move 'f8f1', is not legal after d3d6" "$D/bad-reply.csv"
file_error "bad-short.csv:2:64: field 3 (Moves): only one move" "$D/bad-short.csv"
file_error "bad-fen.csv:2:47: field 2 (FEN)" "$D/bad-fen.csv"
file_error "bad-san.epd:3:41: bm operand 'Ra9' is not a legal move" "$D/bad-san.epd"
printf 'PuzzleId,Moves\n1,e2e4 e7e5\n' >"$T/noheader.csv"
file_error "noheader.csv:1:1: the header lacks the column FEN" "$T/noheader.csv"
printf '# only a comment\n' >"$T/empty.epd"
file_error "no positions" "$T/empty.epd"

# --help: exit 0 on stdout, with the compare and the search options.
if expect_exit 0 "compare --help" "$Q" compare --help; then
	expect_out_has "--modes LIST" "compare --help"
	expect_out_has "--jobs N" "compare --help"
	expect_out_has "--no-evasions" "compare --help"
	expect_empty "$T/err" "compare --help stderr"
fi

finish
