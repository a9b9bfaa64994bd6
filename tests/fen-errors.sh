#!/bin/sh
# fen-errors.sh: every malformed FEN and EPD input of tests/data/bad-fen.txt is refused by the program with a message that says where and what.
#
# Each catalogue line is EXPECTED<TAB>INPUT. A FEN INPUT is given to
# "quiesce perft --fen INPUT --depth 1", which must exit 2 and print EXPECTED
# on stderr. "@EPD LINE" inputs are written to case.epd and given to
# "quiesce perft --epd", which must fail (exit 1 or 2) and print EXPECTED.
# No case may crash (a status of 128 or more, or a sanitizer report).

. "$srcdir/tests/lib.sh"
need_quiesce

catalogue=$srcdir/tests/data/bad-fen.txt
[ -r "$catalogue" ] || bail "cannot read $catalogue"

tab=$(printf '\t')

# Turns the \xNN escapes of $1 into the octal escapes printf %b understands.
to_octal() {
	printf '%s\n' "$1" | awk '{
		s = $0
		out = ""
		hex = "0123456789abcdef"
		while ((i = index(s, "\\x")) > 0) {
			h = tolower(substr(s, i + 2, 2))
			v = (index(hex, substr(h, 1, 1)) - 1) * 16 + index(hex, substr(h, 2, 1)) - 1
			out = out substr(s, 1, i - 1) sprintf("\\0%03o", v)
			s = substr(s, i + 4)
		}
		printf "%s", out s
	}'
}

# Fails the case at catalogue line $1 unless the last run's stderr has no crash report.
no_crash() {
	if [ "$status" -ge 128 ]; then
		fail "bad-fen.txt:$1: crashed (exit status $status): $2"
		return 1
	fi
	if grep -E 'Sanitizer|runtime error' "$T/err" >/dev/null; then
		fail "bad-fen.txt:$1: sanitizer report: $(grep -E -m1 'Sanitizer|runtime error' "$T/err")"
		return 1
	fi
	return 0
}

long=""
i=0
while [ $i -lt 150 ]; do
	long="${long}8/"
	i=$((i + 1))
done

lineno=0
cases=0
while IFS= read -r line || [ -n "$line" ]; do
	lineno=$((lineno + 1))
	case $line in
	'' | '#'*) continue ;;
	*"$tab"*) ;;
	*)
		fail "bad-fen.txt:$lineno: expected EXPECTED<TAB>INPUT"
		continue
		;;
	esac
	expected=${line%%"$tab"*}
	input=${line#*"$tab"}
	cases=$((cases + 1))
	case $input in
	'@EPDLONG' | '@EPD '*)
		if [ "$input" = @EPDLONG ]; then
			awk 'BEGIN { printf "4k3/8/8/8/8/8/8/4K3 w - - c0 \""
				for (i = 0; i < 5000; i++) printf "x"
				print "\";" }' >"$T/case.epd"
		else
			printf '%b\n' "$(to_octal "${input#@EPD }")" >"$T/case.epd"
		fi
		run "$QUIESCE" perft --epd "$T/case.epd"
		no_crash "$lineno" "$input" || continue
		if [ "$status" -ne 1 ] && [ "$status" -ne 2 ]; then
			fail "bad-fen.txt:$lineno: perft --epd exited $status, expected 1 or 2: $input"
		elif ! grep -F -e "$expected" "$T/err" >/dev/null; then
			fail "bad-fen.txt:$lineno: stderr lacks '$expected': $(head -n 1 "$T/err")"
		fi
		;;
	*)
		if [ "$input" = @LONG ]; then
			fen=$long
		else
			fen=$(printf '%b' "$(to_octal "$input")")
		fi
		run "$QUIESCE" perft --fen "$fen" --depth 1
		no_crash "$lineno" "$input" || continue
		if [ "$status" -ne 2 ]; then
			fail "bad-fen.txt:$lineno: exit status $status, expected 2: $input"
		elif ! grep -F -e "$expected" "$T/err" >/dev/null; then
			fail "bad-fen.txt:$lineno: stderr lacks '$expected': $(head -n 1 "$T/err")"
		fi
		;;
	esac
done <"$catalogue"

[ "$cases" -ge 45 ] || fail "the catalogue has only $cases cases; expected at least 45"
note "$cases catalogue cases checked"
finish
