# ladder.sh: contrib/ladder.sh's usage errors. Each exits 2 with a message
# that names the bad input on stderr, prints nothing on stdout and runs no
# quiesce command (QUIESCE here is a stub that leaves a mark when run).
# The ladder's results are the README's, reproduced by the commands it
# prints; they take minutes and are not run here.
. "$srcdir/tests/lib.sh"
L=$srcdir/contrib/ladder.sh
S=$T/stub-quiesce
printf '#!/bin/sh\ntouch "%s"\n' "$T/ran" >"$S"
chmod +x "$S"

# Runs contrib/ladder.sh with $@ and checks a usage error naming $1's text.
usage_case() {
	_text=$1
	shift
	rm -f "$T/ran"
	expect_usage_error "ladder.sh $*" "$_text" sh "$L" "$@"
	[ ! -e "$T/ran" ] || fail "ladder.sh $*: ran quiesce after a usage error"
}

usage_case "missing QUIESCE"
usage_case "unknown option '--bogus'" --bogus "$S"
usage_case "option '--nodes' needs a value" --nodes
usage_case "--nodes 'x'" --nodes x "$S"
usage_case "--nodes '0'" --nodes 0 "$S"
usage_case "--games '401'" --games 401 "$S"
usage_case "--games '2002'" --games=2002 "$S"
usage_case "--games '-4'" --games -4 "$S"
usage_case "--sprt '10'" --sprt 10 "$S"
usage_case "--depth 'x'" --depth x "$S"
usage_case "--depth '65'" --depth 65 "$S"
usage_case "--depth and --nodes: give one" --depth 3 --nodes 2000 "$S"
usage_case "--sprt '0,ten'" --sprt 0,ten "$S"
usage_case "--sprt '10,0': ELO0 must be below ELO1" --sprt 10,0 "$S"
usage_case "--jobs ''" --jobs= "$S"
usage_case "--row 'delta': no such row; the rows are: captures, " --row delta "$S"
usage_case "--row 'captures' is the baseline" --row captures "$S"
usage_case "option '--list' takes no value" --list=1
usage_case "QUIESCE '$T/none' is not an executable file" "$T/none"
usage_case "QUIESCE '$T' is not an executable file" "$T"
usage_case "one QUIESCE program expected" "$S" "$S"
usage_case "leave nothing to run" --no-match --no-compare "$S"

# --help and --list are not errors.
expect_exit 0 "ladder.sh --help" sh "$L" --help && expect_out_has "Usage: ladder.sh" "ladder.sh --help"
expect_exit 0 "ladder.sh --list" sh "$L" --list && expect_out_has "captures" "ladder.sh --list"
finish
