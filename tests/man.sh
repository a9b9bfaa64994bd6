# man.sh: every manual page lints clean: groff -ww -z -man prints nothing.
. "$srcdir/tests/lib.sh"

groff=${GROFF:-}
[ -n "$groff" ] || groff=$(need_prog groff) || skip "groff is not installed"
[ -x "$groff" ] || skip "groff ($groff) is not executable"

n=0
for page in "$srcdir"/man/*.1 "$srcdir"/man/*.5; do
	[ -f "$page" ] || continue
	n=$((n + 1))
	name=${page#"$srcdir"/}
	"$groff" -ww -z -man -Tutf8 "$page" >"$T/out" 2>"$T/err"
	st=$?
	if [ "$st" -ne 0 ] || [ -s "$T/out" ] || [ -s "$T/err" ]; then
		fail "$name: groff -ww -z -man exit status $st with this output:"
		cat "$T/out" "$T/err" | sed 's/^/    | /'
	else
		note "ok: $name"
	fi
	# Every page has the sections a reader looks for.
	for section in NAME DESCRIPTION; do
		grep -q "^\.SH \"*$section\"*\$" "$page" || fail "$name: no .SH $section"
	done
done
[ "$n" -gt 0 ] || fail "no manual pages found under $srcdir/man"

finish
