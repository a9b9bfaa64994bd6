# monkey.sh: at least 10,000 random keys, command lines and resizes sent to
# the tutor: it must not crash, must still answer, and must quit with status 0
# leaving the terminal in cooked mode. MONKEY_SEED and MONKEY_KEYS change the
# run; run it under the sanitizer build (configure --enable-sanitizers) too.
. "$srcdir/tests/lib.sh"
need_quiesce
. "$srcdir/tests/tutor-lib.sh"

seed=${MONKEY_SEED:-4242}
nkeys=${MONKEY_KEYS:-10000}
FEN='r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'
tutor_start 100 30 --fen "$FEN" --depth 2 --max-nodes 200000
expect_screen "Event 1/" "start" || bail "the tutor did not start"

# The plan: one action a line. K: tmux key names; L: literal text; R: a resize.
awk -v seed="$seed" -v nkeys="$nkeys" 'BEGIN {
	srand(seed);
	split("Up Down Left Right PPage NPage Home End Tab Enter Escape BSpace F1 C-r C-l C-d Space", special, " ");
	nspecial = 17;
	printable = "abcdefghijklmnoprstuvwxyzABCDEFGHIJKLMNOPRSTUVWXYZ0123456789 ?/:.-+=#!\"\\$%&*()[]{}<>,;";
	ncmds = split("mode checks|mode none|mode captures|search|depth 1|depth 3|compare none captures|compare checks brute|compare off|filter marked|filter main|filter all|tree|tree 3 5|horizon|stats|move e4|move Nxe5 Nxe5|fen garbage|fen " \
		"8/8/8/8/8/8/8/K6k w - - 0 1|goto 5|goto 999999|jump cutoff|jump delta_prune back|set delta on|set see on|set check-plies 2|set fail-soft on|play 200|next 50|prev 7|over|out|rewind|board|event|help|help jump|export text /dev/null|open /nonexistent|set frob x|%%%|search extra|lesson 1|lesson 5|lesson 7|next-page|prev-page|page 3|answer 1|answer Qxd5|hint", cmds, "|");
	sent = 0;
	while (sent < nkeys) {
		r = rand();
		if (r < 0.02) {
			printf "R %d %d\n", 30 + int(rand() * 110), 8 + int(rand() * 42);
		} else if (r < 0.06) {
			printf "K Escape\nL :%s\nK Enter\n", cmds[1 + int(rand() * ncmds)];
			sent += 3;
		} else if (r < 0.30) {
			printf "K %s\n", special[1 + int(rand() * nspecial)];
			sent++;
		} else {
			n = 1 + int(rand() * 20);
			s = "";
			for (i = 0; i < n; i++)
				s = s substr(printable, 1 + int(rand() * length(printable)), 1);
			printf "L %s\n", s;
			sent += n;
		}
	}
	print "R 100 30";
}' >"$T/plan"
note "plan: $(wc -l <"$T/plan") actions, seed $seed"

while IFS= read -r action; do
	arg=${action#??}
	echo "$action" >>"$T/trail"
	case $action in
	K*) keys $arg ;;
	L*) type "$arg" ;;
	R*) tm resize-window -x "${arg% *}" -y "${arg#* }" ;;
	esac
	if [ ! -s "$T/status" ]; then :; else
		fail "the tutor ended during the monkey run (status $(cat "$T/status")) after: $action"; tail -n 5 "$T/trail"
		break
	fi
done <"$T/plan"

# Still alive: close whatever is open (a command line, the lesson menu, an
# overlay: each may need its own Escape, and keys typed while one closes go to
# the next) and ask for the help, then quit.
i=0
while [ $i -lt 8 ]; do
	keys Escape
	sleep 0.3
	keys x
	sleep 0.3
	keys '?'
	wait_for "Help (j/k" 3 && break
	i=$((i + 1))
done
expect_screen "Help (j/k" "the tutor still answers after the monkey run" 10
keys x q
st=$(tutor_exit_status)
[ "$st" = 0 ] || {
	fail "exit status '$st' after the monkey run"
	screen | sed 's/^/    | /'
}
grep -q -- ' icanon' "$T/stty" || fail "the terminal is not back in canonical mode"
finish
