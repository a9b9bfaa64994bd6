# lesson-drills.sh: every shipped lesson's last page offers the drill of its
# concept ("Practise this: :practice DRILL"), no other page does, and the
# drill is one 'quiesce practice' knows (it asks a question of it). The
# lessons and their page counts are read from the lesson files themselves
# (their 'id:' header and 'page:' lines), not from the program.
. "$srcdir/tests/lib.sh"
need_quiesce
Q=$QUIESCE
XDG_STATE_HOME=$T/state
export XDG_STATE_HOME

count=0
for f in "$srcdir"/lessons/*.lesson; do
	id=$(sed -n 's/^id: *//p' "$f" | head -n 1)
	pages=$(grep -c '^page:' "$f")
	[ -n "$id" ] && [ "$pages" -gt 0 ] || { fail "$f: no id or no page"; continue; }
	count=$((count + 1))
	printf 'lesson %s\npage %s\n' "$id" "$pages" | "$Q" repl >"$T/out" 2>"$T/err"
	drill=$(sed -n 's/^Practise this: :practice \([a-z-]*\).*/\1/p' "$T/out")
	if [ -z "$drill" ]; then
		fail "$id: its last page (page $pages) offers no drill"
		continue
	fi
	[ "$(grep -c '^Practise this:' "$T/out")" -eq 1 ] || fail "$id: the drill is offered more than once"
	case $drill in
	stand-pat | order | delta | see | horizon | checks | futility | recaptures | tt) ;;
	*) fail "$id: '$drill' is not one of the nine drills of quiesce(1)" ;;
	esac
	"$Q" practice --drill "$drill" --count 1 --seed 1 --answer-key >"$T/key" 2>"$T/err" ||
		fail "$id: 'quiesce practice --drill $drill' fails: $(head -n 1 "$T/err")"
	[ "$(wc -l <"$T/key")" -eq 1 ] || fail "$id: drill $drill gives no question"
	# Not on the first page of a lesson of more than one page.
	if [ "$pages" -gt 1 ]; then
		printf 'lesson %s\npage 1\n' "$id" | "$Q" repl >"$T/out" 2>"$T/err"
		sed -n '/^Page 1 of/,$p' "$T/out" | grep -q '^Practise this:' && fail "$id: page 1 of $pages offers the drill"
	fi
done
[ "$count" -ge 20 ] || fail "only $count lessons found in $srcdir/lessons"
finish
