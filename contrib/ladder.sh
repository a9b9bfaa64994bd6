#!/bin/sh
# ladder.sh: the README's ladder from captures to modern, one quiescence
# technique added per row, each row measured against the row before it.
#
#   contrib/ladder.sh [OPTION]... QUIESCE
#
# For every row but the first (the baseline) it runs
#
#   QUIESCE match --modes ROW,PREVIOUS --nodes 2000 --games 2000 --sprt 0,10 --jobs 1 --no-progress
#
# (equal nodes, the pentanomial SPRT, at most 2000 games: every opening of
# positions/balanced.epd once with each colour), then the last row against
# the first (every technique at once), and for the node counts and
# the accuracy one `compare` per suite, WAC and the Lichess puzzles of the
# README's accuracy experiment, at depth 2 with every row's mode and the
# preset modern last (the last row should give the same figures as modern).
# It prints each command before its output, then the rows as the README's
# Markdown tables, so the README's figures are reproduced by the commands it
# prints. Run it from the top of a checkout or a build tree (QUIESCE finds
# positions/ in its data directory). Every command runs under nice.
#
# The rows are the one list STEPS below: a row's name and the switches it
# adds to the rows above it (its mode is the baseline's switches joined by
# '+' with every addition down to it). To add a technique, add its line
# (its name, then the switches as a compare mode spells them, e.g.
# "futility-margin=150" or several joined by '+'); to re-run one row,
# --row NAME.
#
# Exit status: 0 when every command ran, 1 when one failed, 2 for a usage
# error.

# The transposition table comes last: the one step that prunes nothing (a
# stored answer is the value the node's search would give at that depth),
# so every pruning rule above it is measured without it, as lesson 25 walks.
STEPS='captures        captures
see-threshold   see+see-margin=80
futility        futility
recaptures      recaptures=5
evasion-pruning evasion-limit=2
tt              tt'

# The most games: every opening of positions/balanced.epd (1000) once with
# each colour. More would replay the same games, as match reuses the
# openings in turn and a search at a node limit is deterministic.
MAX_GAMES=2000

prog=${0##*/}

usage() {
	cat <<EOF
Usage: $prog [OPTION]... QUIESCE
the README's ladder from captures to modern: an SPRT at equal nodes between
each row and the row before it, then between the last row and the first,
then the nodes and accuracy of every row on the Lichess puzzles and WAC
(quiesce compare, depth 2, with the preset modern last).

  --row NAME        only the row NAME (its match against the row before it,
                    and the compare rows of both)
  --nodes N         nodes a move (default 2000)
  --depth N         a fixed depth instead of equal nodes
  --games N         the most games of a row, even, at most $MAX_GAMES (default $MAX_GAMES)
  --sprt ELO0,ELO1  the SPRT's bounds, logistic Elo (default 0,10)
  --jobs N          threads for match and compare (default 1)
  --no-match        only the compare tables
  --no-compare      only the matches
  --list            print the rows (name, switches added, mode) and exit
  -h, --help        display this help and exit

The rows:
EOF
	list_rows
}

usage_error() {
	echo "$prog: $*" >&2
	echo "Try '$prog --help' for more information." >&2
	exit 2
}

# Prints every row: its number, name, the switches it adds and its mode.
list_rows() {
	echo "$STEPS" | awk '
		NF == 0 { next }
		{ mode = (n == 0) ? $2 : mode "+" $2; n++; printf "%d %-16s %-20s %s\n", n, $1, $2, mode }'
}

# A positive whole number (no sign, no leading zero).
is_count() {
	case $1 in
	'' | *[!0-9]* | 0*) return 1 ;;
	esac
	[ ${#1} -le 9 ]
}

row=
nodes=2000
depth=
nodes_given=0
games=$MAX_GAMES
sprt=0,10
jobs=1
do_match=1
do_compare=1
quiesce=

# The value of an option given as --opt=VALUE or --opt VALUE.
while [ $# -gt 0 ]; do
	opt=$1
	case $opt in
	--*=*)
		val=${opt#*=}
		opt=${opt%%=*}
		has_val=1
		;;
	*) has_val=0 ;;
	esac
	case $opt in
	--row | --nodes | --depth | --games | --sprt | --jobs)
		if [ $has_val = 0 ]; then
			[ $# -ge 2 ] || usage_error "option '$opt' needs a value"
			val=$2
			shift
		fi
		;;
	--no-match | --no-compare | --list | -h | --help)
		[ $has_val = 0 ] || usage_error "option '$opt' takes no value"
		;;
	esac
	case $opt in
	--row) row=$val ;;
	--nodes)
		is_count "$val" || usage_error "--nodes '$val': expected a whole number of nodes from 1"
		nodes=$val
		nodes_given=1
		;;
	--depth)
		is_count "$val" && [ "$val" -le 64 ] || usage_error "--depth '$val': expected a depth from 1 to 64"
		depth=$val
		;;
	--games)
		is_count "$val" && [ $((val % 2)) = 0 ] && [ "$val" -le $MAX_GAMES ] ||
			usage_error "--games '$val': expected an even number from 2 to $MAX_GAMES" \
				"(positions/balanced.epd has 1000 openings; more games would replay the same ones)"
		games=$val
		;;
	--sprt)
		echo "$val" | grep -Eq '^-?[0-9]+(\.[0-9]+)?,-?[0-9]+(\.[0-9]+)?$' ||
			usage_error "--sprt '$val': expected ELO0,ELO1, two numbers such as 0,10"
		echo "$val" | awk -F, '{ exit !($1 < $2) }' ||
			usage_error "--sprt '$val': ELO0 must be below ELO1"
		sprt=$val
		;;
	--jobs)
		is_count "$val" || usage_error "--jobs '$val': expected a whole number of threads from 1"
		jobs=$val
		;;
	--no-match) do_match=0 ;;
	--no-compare) do_compare=0 ;;
	--list)
		list_rows
		exit 0
		;;
	-h | --help)
		usage
		exit 0
		;;
	--) shift; break ;;
	-*) usage_error "unknown option '$opt'" ;;
	*) break ;;
	esac
	shift
done
[ $# -ge 1 ] || usage_error "missing QUIESCE, the quiesce program to run"
[ $# -le 1 ] || usage_error "one QUIESCE program expected, got '$*'"
quiesce=$1
[ -f "$quiesce" ] && [ -x "$quiesce" ] || usage_error "QUIESCE '$quiesce' is not an executable file"
[ $do_match = 1 ] || [ $do_compare = 1 ] || usage_error "--no-match and --no-compare leave nothing to run"

[ -z "$depth" ] || [ $nodes_given = 0 ] || usage_error "--depth and --nodes: give one (a fixed depth or equal nodes)"
# Equal nodes, or with --depth a fixed depth.
if [ -n "$depth" ]; then
	limit="--depth $depth"
	limit_text="depth $depth"
else
	limit="--nodes $nodes"
	limit_text="$nodes nodes a move"
fi

# The rows as "number name mode" lines.
rows=$(list_rows | awk '{ print $1, $2, $4 }')
nrows=$(echo "$rows" | wc -l)
first=2
last=$nrows
if [ -n "$row" ]; then
	n=$(echo "$rows" | awk -v r="$row" '$2 == r { print $1 }')
	[ -n "$n" ] || usage_error "--row '$row': no such row; the rows are: $(echo "$rows" | awk '{ printf "%s%s", (NR > 1 ? ", " : ""), $2 }')"
	[ "$n" -gt 1 ] || usage_error "--row '$row' is the baseline: it has no row before it to play"
	first=$n
	last=$n
fi

mode_of() { echo "$rows" | awk -v n="$1" '$1 == n { print $3 }'; }
name_of() { echo "$rows" | awk -v n="$1" '$1 == n { print $2 }'; }

out=$(mktemp "${TMPDIR:-/tmp}/ladder.XXXXXX") || exit 1
summary=$(mktemp "${TMPDIR:-/tmp}/ladder.XXXXXX") || exit 1
trap 'rm -f "$out" "$out.lichess.csv" "$out.wac.epd" "$summary"' EXIT
trap 'exit 1' HUP INT TERM
failed=0

# Runs the command given, under nice, printing it first; its output is also left in $out.
run() {
	echo "\$ $*"
	if ! nice "$@" >"$out" 2>&1; then
		cat "$out"
		echo "$prog: the command above failed" >&2
		failed=1
		return 1
	fi
	cat "$out"
}

# Appends to $summary the Markdown row LABEL of the match whose output is in $out
# (its lines as quiesce(1) gives them under match).
summarize() {
	awk -v label="$1" '
		/^match: / && match($0, /, [0-9]+ games/) { g = substr($0, RSTART + 2, RLENGTH - 8) }
		/: \+[0-9]+ =[0-9]+ -[0-9]+, score/ {
			s = $0; sub(/^[^ ]* /, "", s)
			split(s, f, ", ")
			wdl = f[1]; gsub(/-/, "−", wdl)
			score = f[2]; sub(/score /, "", score); sub(/%/, " %", score)
			elo = s; sub(/.*, Elo /, "", elo); sub(/ \(95%.*/, "", elo)
			e = elo; sub(/ .*/, "", e); iv = elo; sub(/^[^ ]* /, "", iv); gsub(/-/, "−", iv); gsub(/-/, "−", e)
		}
		/^nodes per move: / {
			s = $0; sub(/^nodes per move: /, "", s); split(s, h, "; ")
			split(h[1], n, ", "); sub(/.* /, "", n[1]); sub(/.* /, "", n[2])
			split(h[2], d, ", "); sub(/.* /, "", d[1]); sub(/.* /, "", d[2])
		}
		/^sprt: / {
			v = $0; sub(/^sprt: LLR /, "", v)
			llr = v; sub(/ .*/, "", llr); gsub(/-/, "−", llr)
			verdict = v; sub(/.*\): /, "", verdict); sub(/ after.*/, "", verdict)
		}
		/^time: / { cpu = $0; sub(/.*CPU /, "", cpu); sub(/ s.*/, "", cpu) }
		END {
			printf "| %s | %s / %s | %s | %s | %s | **%s** %s | %s, %s | %s / %s | %s |\n",
			       label, n[1], n[2], g, wdl, score, e, iv, llr, verdict, d[1], d[2], cpu
		}' "$out" >>"$summary"
}

# Plays the match of modes $1 against $2 and adds its row, LABEL $3, to the summary.
play() {
	run "$quiesce" match --modes "$1,$2" $limit --games "$games" --sprt "$sprt" --jobs "$jobs" --no-progress && summarize "$3"
}

if [ $do_match = 1 ]; then
	i=$first
	while [ "$i" -le "$last" ]; do
		a=$(mode_of "$i")
		b=$(mode_of $((i - 1)))
		echo
		echo "== row $i of $nrows: $(name_of "$i"), $a against $b"
		play "$a" "$b" "$(name_of $((i - 1))) → +$(name_of "$i")"
		i=$((i + 1))
	done
	# The whole ladder in one match: the last row against the baseline.
	if [ -z "$row" ] && [ "$nrows" -gt 2 ]; then
		echo
		echo "== every row at once: $(mode_of "$nrows") against $(mode_of 1)"
		play "$(mode_of "$nrows")" "$(mode_of 1)" "$(name_of 1) → $(name_of "$nrows"), every row at once"
	fi
fi

if [ $do_compare = 1 ]; then
	# The rows of the compare tables: with --row, that row and the one before it.
	from=1
	[ -z "$row" ] || from=$((first - 1))
	modes=
	i=$from
	while [ "$i" -le "$last" ]; do
		modes=$modes${modes:+,}$(mode_of "$i")
		i=$((i + 1))
	done
	modes=$modes,modern
	for suite in positions/lichess.csv positions/wac.epd; do
		echo
		echo "== nodes and accuracy on $suite, depth 2"
		run "$quiesce" compare --epd "$suite" --jobs "$jobs" --depth 2 --modes "$modes" || continue
		# Each mode's row of the table: mode, accuracy, nodes per position, q-share.
		awk '$2 == 2 && $3 ~ /^[0-9]+\/[0-9]+$/ { print $1, $4, $7, $6 }' "$out" >"$out.${suite##*/}"
	done
fi

if [ $do_match = 1 ] && [ -s "$summary" ]; then
	echo
	echo "== the ladder at $limit_text (SPRT $sprt, at most $games games a row)"
	echo "| row | nodes per move (row / previous) | games | row +W =D −L | score | Elo [95 %] | SPRT LLR, verdict | depth reached (row / previous) | CPU s |"
	echo "|---|---|---|---|---|---|---|---|---|"
	cat "$summary"
fi
if [ $do_compare = 1 ]; then
	l=$out.lichess.csv
	w=$out.wac.epd
	if [ -s "$l" ] && [ -s "$w" ]; then
		echo
		echo "== the ladder's accuracy, depth 2 (Lichess and WAC: accuracy, nodes per position)"
		echo "| row | mode | Lichess | nodes/pos | q-share | WAC | nodes/pos |"
		echo "|---|---|--:|--:|--:|--:|--:|"
		echo "$rows" | awk 'FILENAME == "-" { row[$3] = $2; next }
		     FILENAME == L { acc[$1] = $2; npos[$1] = $3; qs[$1] = $4; next }
		     { printf "| %s | `%s` | %s | %s | %s | %s | %s |\n", ($1 in row) ? row[$1] : "(preset)", $1, acc[$1], npos[$1], qs[$1], $2, $3 }' \
			L="$l" - "$l" "$w"
		last_mode=$(mode_of "$last")
		[ "$last" = "$nrows" ] && for f in "$l" "$w"; do
			if [ "$(awk -v m="$last_mode" '$1 == m { print $2, $3 }' "$f")" != "$(awk '$1 == "modern" { print $2, $3 }' "$f")" ]; then
				echo "note: the last row ($last_mode) and modern differ on ${f#"$out".}: one has a switch the other has not"
			fi
		done
	fi
fi
exit $failed
