# perft.sh: the perft suite positions/perft.epd. By default every count of
# depth 4 or less, plus the deeper counts of at most 2,000,000 nodes (which
# takes in the "tricky" e.p., castling and promotion positions that give only
# a D5, D6 or D7 count). With QUIESCE_SLOW=1 (make check-slow) every count.
. "$srcdir/tests/lib.sh"
need_quiesce

suite=$srcdir/positions/perft.epd
[ -f "$suite" ] || bail "no perft suite at $suite"

if [ "${QUIESCE_SLOW:-}" = 1 ]; then
	note "running every depth of $suite"
	"$QUIESCE" perft --epd "$suite"
	st=$?
	[ "$st" -eq 0 ] || bail "quiesce perft --epd $suite exited with status $st"
	finish
fi

note "running $suite to depth 4"
"$QUIESCE" perft --epd "$suite" --max-depth 4
st=$?
[ "$st" -eq 0 ] || fail "quiesce perft --epd $suite --max-depth 4 exited with status $st"

# The deeper counts that are cheap: the FEN and its ;Dk n with k > 4 and
# n <= 2000000.
awk -v limit=2000000 '
	/^#/ || NF == 0 { next }
	{
		n = split($0, part, ";")
		fen = part[1]
		sub(/[ \t]+$/, "", fen)
		ops = ""
		for (i = 2; i <= n; i++) {
			split(part[i], f, " ")
			k = substr(f[1], 2) + 0
			if (k > 4 && f[2] + 0 <= limit)
				ops = ops " ;D" k " " f[2]
		}
		if (ops != "")
			print fen ops
	}
' "$suite" >"$T/deeper.epd"
note "running $(wc -l <"$T/deeper.epd") positions' deeper counts of at most 2000000 nodes"
"$QUIESCE" perft --epd "$T/deeper.epd"
st=$?
[ "$st" -eq 0 ] || fail "quiesce perft --epd (deeper counts, see above) exited with status $st"

finish
