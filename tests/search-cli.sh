# search-cli.sh: "quiesce search" on the command line: help, every option's
# validation, the JSON output, and hand-worked positions.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE

# --help: exit 0, on stdout, lists the search options.
if expect_exit 0 "search --help" "$Q" search --help; then
	for opt in --fen --depth --mode --check-plies --qdepth --delta --see --fail-soft --fail-hard \
		--no-stand-pat --no-evasions --order --eval --max-nodes --format; do
		expect_out_has "$opt" "search --help"
	done
	expect_empty "$T/err" "search --help stderr"
fi

# Usage errors: exit 2, a message naming the problem, the hint, nothing on stdout.
usage_error() {
	desc=$1
	text=$2
	shift 2
	expect_usage_error "$desc" "$text" "$Q" search "$@" &&
		expect_err_has "Try 'quiesce --help' for more information." "$desc"
}
usage_error "unknown mode" "invalid mode 'sideways'" --mode sideways
usage_error "unknown mode (-m)" "invalid mode 'x'" -m x
usage_error "empty mode" "invalid mode ''" --mode ''
usage_error "negative depth" "invalid depth '-1'" --depth -1
usage_error "depth abc" "invalid depth 'abc'" --depth abc
usage_error "depth 1x" "invalid depth '1x'" --depth 1x
usage_error "depth too deep" "invalid depth '21'" --depth 21
usage_error "depth huge" "invalid depth '99999999999999999999'" --depth 99999999999999999999
usage_error "depth (-d) abc" "invalid depth 'abc'" -d abc
usage_error "depth without a value" "--depth" --depth
usage_error "delta=xyz" "invalid delta margin 'xyz'" --delta=xyz
usage_error "delta=-5" "invalid delta margin '-5'" --delta=-5
usage_error "delta= (empty)" "invalid delta margin" --delta=
usage_error "delta with a separate value" "unexpected argument '50'" --delta 50
usage_error "check-plies bad" "invalid check-plies 'some'" --mode checks --check-plies some
usage_error "check-plies negative" "invalid check-plies '-1'" --check-plies -1
usage_error "qdepth bad" "invalid qdepth 'deep'" --qdepth deep
usage_error "qdepth negative" "invalid qdepth '-3'" --qdepth -3
usage_error "order bad" "invalid order 'random'" --order random
usage_error "eval bad" "invalid eval 'nnue'" --eval nnue
usage_error "max-nodes bad" "invalid max-nodes 'lots'" --max-nodes lots
usage_error "max-nodes negative" "invalid max-nodes '-5'" --max-nodes -5
usage_error "format bad" "invalid --format 'xml'" --format xml
usage_error "unknown option" "unrecognized option or missing argument: '--frobnicate'" --frobnicate
usage_error "flag given a value" "--see" --see=yes
usage_error "stray argument" "unexpected argument 'e2e4'" e2e4

# A bad FEN: exit 2, the message names the FEN and the field.
for fen in "bad" "8/8/8/8/8/8/8/8 w - - 0 1" "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1" ""; do
	if expect_exit 2 "search --fen '$fen'" "$Q" search --fen "$fen"; then
		expect_err_has "invalid FEN" "search --fen '$fen'"
		expect_empty "$T/out" "search --fen '$fen' stdout"
	fi
done

# Every option's good values are accepted.
fen_tactic="2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1"
for args in "--depth 0" "-d 1 -m none" "--mode checks --check-plies all --qdepth 3 -d 1" "--mode checks --check-plies 2 -d 1" \
	"--qdepth 3" "--qdepth none" "--delta" "--delta=50" "--delta=off" "--see" "--fail-soft" \
	"--fail-hard" "--no-stand-pat --qdepth 2" "--no-evasions" "--pawn-pushes" "--order none -d 1" \
	"--order mvv-lva" "--eval pst" "--eval material" "--max-nodes 0" "--format text" "--format json"; do
	# shellcheck disable=SC2086 # $args is a list of options
	if expect_exit 0 "search $args" "$Q" search --fen "$fen_tactic" $args; then
		expect_empty "$T/err" "search $args stderr"
	fi
done

# The text output: position, options, best move, score, line, counts.
if expect_exit 0 "search (text)" "$Q" search --fen "$fen_tactic" --depth 2; then
	for field in "position:" "search:" "best move:" "score:" "pv:" "nodes:" "cutoffs:" "time:"; do
		expect_out_has "$field" "search text output"
	done
	expect_out_has "mode captures, depth 2, fail-hard" "search text output"
fi

# --format json parses, and has what a program needs.
PY=$(need_prog python3) || PY=
json_check() {
	# json_check DESC PYTHON-ASSERTIONS: $T/out must be one JSON object j with the assertions true.
	[ -n "$PY" ] || return 0
	"$PY" - "$T/out" "$2" >"$T/py" 2>&1 <<'EOF' || { fail "$1: $(cat "$T/py")"; return 1; }
import json, sys
with open(sys.argv[1]) as f:
    j = json.load(f)
assert isinstance(j, dict), "not a JSON object"
for key in ("score", "best", "san", "pv", "nodes", "qnodes"):
    assert key in j, "no key %r" % key
assert isinstance(j["nodes"], int) and isinstance(j["qnodes"], int), "counts"
# A stopped search before any root move finished has no score (null), and says it is incomplete.
assert isinstance(j["score"], int) or (j["score"] is None and j["complete"] is False and j["best"] is None), "score"
assert j["complete"] is (not j["stopped"]), "complete is not the opposite of stopped"
assert isinstance(j["pv"], list), "pv is not an array"
assert j["qnodes"] <= j["nodes"], "qnodes > nodes"
assert j["best"] == (j["pv"][0] if j["pv"] else None), "best is not the first move of the pv"
ok = eval(sys.argv[2], {"j": j})
assert ok, "failed: " + sys.argv[2]
EOF
	return 0
}
if [ -z "$PY" ]; then
	note "python3 not found: the JSON output is not parsed"
fi
if expect_exit 0 "search --format json" "$Q" search --fen "$fen_tactic" --depth 2 --format json; then
	json_check "search --format json" 'j["best"] is not None and j["nodes"] > 0 and j["stopped"] is False'
	# One line of output, a JSON object.
	[ "$(wc -l <"$T/out")" -eq 1 ] || fail "search --format json: not one line"
fi

# (a) The horizon effect. White's queen can take the d5 pawn, defended by the
# c6 pawn. Mode none at depth 1 stops right after Qxd5 and counts the pawn:
# +800 (Q 900 against 100). Mode captures sees cxd5 and keeps the queen: +700
# (the material as it stands), with any move but Qxd5.
fen_horizon="4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1"
if expect_exit 0 "horizon, mode none" "$Q" search --fen "$fen_horizon" --depth 1 --mode none --format json; then
	json_check "horizon, mode none" 'j["best"] == "d1d5" and j["san"] == "Qxd5" and j["score"] == 800 and j["qnodes"] == 0'
fi
if expect_exit 0 "horizon, mode none (text)" "$Q" search --fen "$fen_horizon" --depth 1 --mode none; then
	expect_out_line "best move: Qxd5 (d1d5)" "horizon, mode none"
	expect_out_line "score:     +800 (centipawns, for the side to move)" "horizon, mode none"
fi
if expect_exit 0 "horizon, mode captures" "$Q" search --fen "$fen_horizon" --depth 1 --mode captures --format json; then
	json_check "horizon, mode captures" 'j["best"] != "d1d5" and j["score"] == 700 and j["qnodes"] > 0'
fi
if expect_exit 0 "horizon, mode captures (text)" "$Q" search --fen "$fen_horizon" --depth 1; then
	expect_out_line "score:     +700 (centipawns, for the side to move)" "horizon, mode captures"
	grep -q "^best move: Qxd5" "$T/out" && fail "horizon, mode captures: still plays Qxd5"
fi
# Fail-soft and --order none change nothing at the root.
for args in "--fail-soft" "--order none" "--see" "--mode checks"; do
	# shellcheck disable=SC2086
	if expect_exit 0 "horizon, captures $args" "$Q" search --fen "$fen_horizon" --depth 1 $args --format json; then
		json_check "horizon, captures $args" 'j["score"] == 700 and j["best"] != "d1d5"'
	fi
done

# (b) Mate in 1: Ra8# scores 32000 - 1 = 31999, shown as "#1" (mate in 1 move).
fen_mate="6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
for mode in captures checks; do
	if expect_exit 0 "mate in 1, $mode" "$Q" search --fen "$fen_mate" --depth 1 --mode "$mode" --format json; then
		json_check "mate in 1, $mode" 'j["score"] == 31999 and j["best"] == "a1a8" and j["san"] == "Ra8#" and j["pv"] == ["a1a8"]'
	fi
done
if expect_exit 0 "mate in 1 (text)" "$Q" search --fen "$fen_mate" --depth 1; then
	expect_out_line "best move: Ra8# (a1a8)" "mate in 1"
	expect_out_line "score:     #1 (mate in moves, for the side to move)" "mate in 1"
fi
# Mode none needs depth 2 to see it: the mated side is a main-search node at ply 1.
if expect_exit 0 "mate in 1, mode none depth 2" "$Q" search --fen "$fen_mate" --depth 2 --mode none --format json; then
	json_check "mate in 1, mode none depth 2" 'j["score"] == 31999 and j["best"] == "a1a8"'
fi
# The side to move is mated: -32000, no best move.
if expect_exit 0 "mated at the root" "$Q" search --fen "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1" --depth 1 --format json; then
	json_check "mated at the root" 'j["score"] == -32000 and j["best"] is None and j["san"] is None and j["pv"] == []'
fi
# Stalemate: 0.
if expect_exit 0 "stalemate" "$Q" search --fen "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1" --depth 2 --format json; then
	json_check "stalemate" 'j["score"] == 0 and j["best"] is None'
fi

# (c) --max-nodes on a big search: stops, says so on stderr, still exits 0.
if expect_exit 0 "search --max-nodes 100" "$Q" search --depth 5 --max-nodes 100; then
	expect_err_has "stopped" "search --max-nodes 100"
	expect_err_has "100" "search --max-nodes 100"
	expect_out_has "best move:" "search --max-nodes 100"
fi
if expect_exit 0 "search --max-nodes 100 --format json" "$Q" search --depth 5 --max-nodes 100 --format json; then
	expect_err_has "stopped" "search --max-nodes 100 --format json"
	json_check "search --max-nodes 100 --format json" 'j["stopped"] is True and j["nodes"] <= 101'
fi
# A cap the search stays under says nothing.
if expect_exit 0 "search under --max-nodes" "$Q" search --fen "$fen_mate" --depth 1 --max-nodes 100000; then
	expect_empty "$T/err" "search under --max-nodes stderr"
fi

finish
