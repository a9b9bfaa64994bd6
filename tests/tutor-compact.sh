# tutor-compact.sh: the tutor at 80x24 (issue 8 item 6): the board keeps its
# coordinates, side to move and material, with and without a lesson; J/K and
# }/{ scroll the lesson pane while the tree has the focus, and its title's
# more-mark names them; the status line fits; the help wraps to the screen,
# scrolls, and has the legend of the tree's marks; resizing to 160x48 and
# back keeps it all; the compare view's rows drop a window they cannot show
# whole.
. "$srcdir/tests/lib.sh"
need_quiesce
. "$srcdir/tests/tutor-lib.sh"

tutor_start 80 24
expect_screen "   a  b  c  d  e  f  g  h" "80x24: the board's file letters"
expect_screen "White to move" "80x24: the side to move"
expect_screen "Material 3960-3960 (+0)" "80x24: the material (39 pawns' worth a side in the start position)"
# The status line: the options and the keys, whole.
expect_screen "| ? help" "80x24: the status line ends with its key hint"

# A lesson: a band below board and tree; the board keeps its rows.
# Page 2 of lesson 1 is longer than the band (its 10 rows in the reading layout).
keys :
type "lesson 1 2"
keys Enter
expect_screen "Page 2/" "the lesson pane's title says Page K/N"
expect_screen "(more below: J/K)" "a page longer than the band says how to scroll"
expect_screen "   a  b  c  d  e  f  g  h" "with a lesson: the file letters"
expect_screen "Black to move" "with a lesson: the side to move (the page's cursor is after Qxd5)"
expect_screen "Material " "with a lesson: the material"
if ! screen | grep -q '^8 ' || ! screen | grep -q '^1 '; then
	fail "with a lesson: the rank digits 8 and 1 are not both on screen"
	screen | sed 's/^/    | /'
fi
expect_screen "[Tree]" "the tree has the focus"
# J scrolls the lesson pane, not the tree (which keeps the focus); K scrolls back.
keys J
expect_screen "(more above" "J scrolls the lesson pane while the tree has the focus"
expect_screen "[Tree]" "the tree keeps the focus after J"
keys K
expect_screen "(more below: J/K)" "K scrolls the lesson pane back"
keys '}'
expect_screen "(more above" "} scrolls the lesson pane a page"
keys '{'
expect_screen "(more below: J/K)" "{ scrolls back a page"

# The help at 80 columns: wrapped, scrolled, with the legend.
keys '?'
expect_screen "Help (j/k scroll, any other key closes)  1-" "the help's title says which lines it shows"
scroll_until "sp-cut           stand-pat cutoff" Space || fail "the help's legend explains sp-cut"
scroll_until "evasion  evas    a quiescence node in check" Space || fail "the legend explains evasion, both spellings on one line"
scroll_until "part at N" Space || fail "the legend explains the compare header's part at N"
keys x
wait_gone "Help (j/k" 10 || fail "the help does not close"

# Larger and back: the lesson moves beside the board and under it again.
tm resize-window -x 160 -y 48
expect_screen "|Lesson 1: " "160x48: the lesson pane beside the tree"
expect_screen " Board" "160x48: the board has its title again"
tm resize-window -x 80 -y 24
expect_screen "(more below: J/K)" "80x24 again: the band and its more-mark"
expect_screen "   a  b  c  d  e  f  g  h" "80x24 again: the file letters"
keys q
st=$(tutor_exit_status)
[ "$st" = 0 ] || fail "q: exit status '$st', expected 0"

# The compare view at 80x24 (40 columns a side): a row too long for its side
# drops its window whole; no side shows half a window such as "[-inf,".
tutor_stop
tutor_start 80 24 tutor --depth 2 --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
keys :
type "compare none captures"
keys Enter
expect_screen "B (captures): mode captures" "80x24: compare prints both results"
keys x
expect_screen "B: captures" "80x24: the compare view opens"
keys j j j j j j
expect_screen "Qxf6   q1 >=-10 sp-320 cut" "80x24 compare: side B's deep rows (Kiwipete, depth 2)"
if screen | tr '\342\224\202' '|||' | sed 's/|||/|/g' | awk -F'|' '{ for (i = 1; i <= NF; i++) if ($i ~ /\[[^]]*$/) bad = 1 } END { exit !bad }'; then
	fail "80x24 compare: a row shows a window cut short"
	screen | sed 's/^/    | /'
fi
keys q
st=$(tutor_exit_status)
[ "$st" = 0 ] || fail "q after the compare view: exit status '$st', expected 0"

finish
