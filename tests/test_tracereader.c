/*
 * test_tracereader.c: the catalogue of malformed traces (quiesce-trace(5),
 * READING): each case breaks a good trace in one way and expects the reader
 * to refuse it with a message that names the file, the line and column of
 * the fault and the JSON path of the value, and never to crash.
 *
 * The good traces are a depth-1 search written by quiesce as a JSON document,
 * as JSON Lines of every field, and compact (version 3's arrays) as a
 * document and as JSON Lines. A case changes the first OLD in one of them into NEW;
 * the place it expects is found in the changed text itself: the line and
 * column where ANCHOR starts, plus COL bytes (COL < 0: the column is not
 * checked, only the line). Other cases are built whole: truncations, an
 * empty file, 10,000-deep nesting, bytes that are not UTF-8.
 *
 * "test_tracereader --corpus DIR" writes every case (and the good traces)
 * into DIR as the fuzz target's seed corpus (tests/corpus/trace).
 * Exit status 0 when every check passes, 1 otherwise.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "chess/fen.h"
#include "search/option.h"
#include "search/search.h"
#include "search/trace.h"
#include "tracefile/traceio.h"
#include "tracefile/tracereader.h"
#include "base/types.h"

static const char *corpus_dir;
static int corpus_n;

static void failf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#define CHECK_FAIL(...) failf(__VA_ARGS__)
#include "check.h"

static void failf(const char *fmt, ...)
{
	va_list ap;

	failures++;
	fputs("FAIL: ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

struct bad {
	const char *name;
	char form;             /* 'j': the document, 'l': JSON Lines, 'c': compact JSON Lines, 'd': the compact document */
	const char *old, *new_;
	const char *anchor;
	int col;
	const char *expect;    /* the message holds this: the path and what is wrong */
};

/* The depth-1 trace of this position: 7 nodes, 29 events (see the test's comment). */
static const char base_fen[] = "4k3/8/8/4p3/3p4/p7/P7/QK6 w - - 0 1";

static const struct bad cases[] = {
	/* The header. */
	{ "version", 'j', "\"version\": 2", "\"version\": 4", "4, \"fen\"", 0, "version: 4 is not supported" },
	{ "format", 'j', "\"format\": \"quiesce-trace\"", "\"format\": \"chess-log\"", "\"chess-log\"", 0,
	  "format: expected \"quiesce-trace\": this is not a quiesce trace" },
	{ "no-fen", 'j', ", \"fen\": \"4k3/8/8/4p3/3p4/p7/P7/QK6 w - - 0 1\"", "", "{\"format\"", 0,
	  ": missing key \"fen\"" },
	{ "bad-fen", 'j', "QK6 w -", "QK6 x -", "\"4k3/8", 0, "fen: " },
	{ "fen-type", 'j', "\"fen\": \"4k3/8/8/4p3/3p4/p7/P7/QK6 w - - 0 1\"", "\"fen\": 42", "42,", 0,
	  "fen: expected a FEN string, found a whole number" },
	{ "options-array", 'j', "\"options\": {\"depth\": 1, ", "\"options\": [1], \"later\": {\"depth\": 1, ", "[1]", 0,
	  "options: expected an object, found an array" },
	{ "mode", 'j', "\"mode\": \"captures\"", "\"mode\": \"quick\"", "\"quick\"", 0,
	  "options.mode: \"quick\" is not one of \"none\", \"captures\", \"checks\"" },
	{ "depth-range", 'j', "\"depth\": 1,", "\"depth\": 99,", "99,", 0, "options.depth: 99 is out of range: expected 0 to 20" },
	{ "check-plies", 'j', "\"check_plies\": 1", "\"check_plies\": \"some\"", "\"some\"", 0,
	  "options.check_plies: expected a whole number or \"all\"" },
	{ "delta-type", 'j', "\"delta\": false", "\"delta\": \"no\"", "\"no\"", 0, "options.delta: expected true or false, found a string" },
	{ "dup-top-key", 'j', "\"version\": 2, ", "\"version\": 2, \"fen\": \"8/8/8/8/8/8/8/K6k w - - 0 1\", ", "\"fen\": \"4k3", 0,
	  "duplicate key \"fen\"" },
	{ "no-events", 'j', "\"events\": [", "\"event_list\": [", "{\"format\"", 0, "missing key \"events\"" },
	/* Node records. */
	{ "id-order", 'j', "{\"id\": 3, \"parent\": 0", "{\"id\": 4, \"parent\": 0", "4, \"parent\": 0, \"move\": \"b1c1\"", 0,
	  "nodes[3].id: id 4 is out of order: expected 3" },
	{ "id-duplicate", 'j', "{\"id\": 3, \"parent\": 0", "{\"id\": 2, \"parent\": 0", "2, \"parent\": 0, \"move\": \"b1c1\"", 0,
	  "nodes[3].id: duplicate id 2" },
	{ "id-type", 'j', "{\"id\": 1, ", "{\"id\": \"1\", ", "\"1\"", 0, "nodes[1].id: expected a whole number, found a string" },
	{ "no-parent", 'j', "{\"id\": 2, \"parent\": 1, ", "{\"id\": 2, ", "{\"id\": 2, \"move\"", 0,
	  "nodes[2]: missing key \"parent\"" },
	{ "parent-later", 'j', "{\"id\": 2, \"parent\": 1", "{\"id\": 2, \"parent\": 7", "7, \"move\"", 0,
	  "nodes[2].parent: 7 is not an earlier node" },
	{ "parent-self", 'j', "{\"id\": 2, \"parent\": 1", "{\"id\": 2, \"parent\": 2", "2, \"move\": \"e5d4\"", 0,
	  "a node cannot be its own parent" },
	{ "parent-closed", 'j', "{\"id\": 2, \"parent\": 1", "{\"id\": 2, \"parent\": 0", "0, \"move\": \"e5d4\"", 0,
	  "nodes[2].parent: node 2's parent 0 is not the node being searched (node 1)" },
	{ "root-parent", 'j', "{\"id\": 0, \"parent\": null", "{\"id\": 0, \"parent\": 0", "0, \"move\": null", 0,
	  "nodes[0].parent: 0 is not an earlier node" },
	{ "root-move", 'j', "\"move\": null, \"san\": null, \"ply\": 0", "\"move\": \"a1b2\", \"san\": null, \"ply\": 0",
	  "\"a1b2\", \"san\": null", 0, "nodes[0].move: the root's move is null" },
	{ "move-illegal", 'j', "\"move\": \"b1c1\", \"san\": \"Kc1\"", "\"move\": \"b1d1\", \"san\": \"Kc1\"", "\"b1d1\"", 0,
	  "nodes[3].move: \"b1d1\" is not a legal move in UCI in the position of node 0 (White to move)" },
	{ "move-not-event", 'j', "\"move\": \"b1c1\", \"san\": \"Kc1\"", "\"move\": \"b1c2\", \"san\": \"Kc1\"", "\"b1c2\", \"san\": \"Kc1\"",
	  0, "nodes[3].move: \"b1c2\" is not the move of the move event that opens node 3" },
	{ "move-type", 'j', "\"move\": \"a1d4\", \"san\"", "\"move\": 14, \"san\"", "14,", 0,
	  "nodes[1].move: expected a UCI move string such as \"e2e4\", found a whole number" },
	{ "move-uci-case", 'j', "\"move\": \"a1d4\", \"san\"", "\"move\": \"A1D4\", \"san\"", "\"A1D4\"", 0,
	  "nodes[1].move: \"A1D4\" is not a legal move" },
	{ "san", 'j', "\"move\": \"b1c1\", \"san\": \"Kc1\"", "\"move\": \"b1c1\", \"san\": \"Kd1\"", "\"Kd1\"", 0, "nodes[3].san: \"Kd1\" is not the SAN of the move (\"Kc1\")" },
	{ "ply", 'j', "\"san\": \"Qxd4\", \"ply\": 1", "\"san\": \"Qxd4\", \"ply\": 2", "2, \"qply\": 0, \"alpha\": -32500, \"beta\": 32500, \"eval\": -800",
	  0, "nodes[1].ply: 2 is not the node's distance from the root (1)" },
	{ "qply", 'j', "\"san\": \"exd4\", \"ply\": 2, \"qply\": 1", "\"san\": \"exd4\", \"ply\": 2, \"qply\": 3", "3, \"alpha\"", 0,
	  "nodes[2].qply: 3: a quiescence node's children have its qply plus one (1)" },
	{ "in-check", 'j', "\"eval\": -800, \"in_check\": false", "\"eval\": -800, \"in_check\": true", "true, \"score\": 100", 0,
	  "nodes[1].in_check: the side to move is not in check" },
	{ "eval-fraction", 'j', "\"eval\": -800,", "\"eval\": -800.5,", "-800.5", 0,
	  "nodes[1].eval: expected a whole number, found a number with a fraction" },
	{ "alpha-range", 'j', "\"ply\": 1, \"qply\": 0, \"alpha\": -32500", "\"ply\": 1, \"qply\": 0, \"alpha\": -40000", "-40000", 0,
	  "nodes[1].alpha: -40000 is out of range: expected -32500 to 32500" },
	{ "huge-number", 'j', "\"eval\": -800,", "\"eval\": -800000000000000000000000,", "-800000000000000000000000,", -1,
	  "nodes[1]: invalid JSON: too big negative integer" },
	{ "score", 'j', "\"eval\": -100, \"in_check\": false, \"score\": -100", "\"eval\": -100, \"in_check\": false, \"score\": -99",
	  "-99,", 0, "nodes[2].score: -99 differs from the score of node 2's leave event (-100)" },
	{ "bound", 'j', "\"score\": -700, \"bound\": \"lower\"", "\"score\": -700, \"bound\": \"exact\"", "\"exact\", \"pv\": false, \"children\": []},\n{\"id\": 5",
	  0, "nodes[4].bound: \"exact\" differs from the bound of node 4's leave event (\"lower\")" },
	{ "children", 'j', "\"children\": [1, 3, 4, 5, 6]", "\"children\": [1, 3, 5, 6]", "[1, 3, 5, 6]", 0,
	  "nodes[0].children: node 0's children list does not match" },
	{ "children-type", 'j', "\"children\": [2]", "\"children\": [\"2\"]", "[\"2\"]", 0,
	  "nodes[1].children: element 0: expected the id of a later node" },
	{ "node-dup-key", 'j', "{\"id\": 2, \"parent\": 1, ", "{\"id\": 2, \"id\": 2, \"parent\": 1, ", "\"id\": 2, \"parent\"", -1,
	  "nodes[2]: invalid JSON: duplicate object key" },
	{ "node-not-object", 'j', "{\"id\": 6, \"parent\": 0, \"move\": \"a1c3\", \"san\": \"Qc3\", \"ply\": 1, \"qply\": 0, \"alpha\": -32500, "
	  "\"beta\": -700, \"eval\": -700, \"in_check\": false, \"score\": -700, \"bound\": \"lower\", \"pv\": false, \"children\": []}",
	  "[6, 0, \"a1c3\"]", "[6, 0", 0, "nodes[6]: expected a node object, found an array" },
	{ "never-entered", 'j', "\"children\": []}\n],", "\"children\": []},\n{\"id\": 7, \"parent\": 0, \"move\": \"a1a1\"}\n],",
	  "{\"id\": 7", 0, "nodes[7]: node 7 is never entered" },
	/* Events. */
	/* A kind that is no string is refused; a string of a kind not known is skipped (quiesce-trace(5), VERSIONS). */
	{ "kind", 'j', "{\"node\": 1, \"kind\": \"stand_pat\"", "{\"node\": 1, \"kind\": 7", "7", 0,
	  "events[3].kind: expected one of \"enter\", \"stand_pat\"" },
	{ "no-kind", 'j', "{\"node\": 1, \"kind\": \"stand_pat\", ", "{\"node\": 1, ", "{\"node\": 1, \"value\": -800", 0,
	  "events[3]: missing key \"kind\"" },
	{ "node-closed", 'j', "{\"node\": 2, \"kind\": \"leave\", \"score\": -100, \"bound\": \"exact\"},\n", "",
	  "1, \"kind\": \"alpha_raise\", \"value\": 100", 0, "events[7].node: node 1 is not the node being searched" },
	{ "node-unknown", 'j', "{\"node\": 1, \"kind\": \"alpha_raise\"", "{\"node\": 5, \"kind\": \"alpha_raise\"", "5, \"kind\": \"alpha_raise\"",
	  0, "events[8].node: node 5 has not been entered" },
	{ "enter-order", 'j', "{\"node\": 3, \"kind\": \"enter\"", "{\"node\": 4, \"kind\": \"enter\"", "4, \"kind\": \"enter\"", 0,
	  "events[12].node: node 4 entered out of order: expected node 3" },
	{ "event-move-illegal", 'j', "\"kind\": \"move\", \"move\": \"b1c1\"", "\"kind\": \"move\", \"move\": \"b1b3\"", "\"b1b3\"", 0,
	  "events[11].move: \"b1b3\" is not a legal move in UCI" },
	{ "event-child", 'j', "\"move\": \"b1c1\", \"child\": 3", "\"move\": \"b1c1\", \"child\": 5", "5}", 0,
	  "events[11].child: 5 is not the next node to be entered (3)" },
	{ "move-then-no-enter", 'j', "{\"node\": 3, \"kind\": \"enter\", \"alpha\": -32500, \"beta\": 100},\n", "",
	  "\"stand_pat\", \"value\": -700, \"alpha\": -32500, \"beta\": 100", 0,
	  "events[12].kind: a move event must be followed by the enter event of its child (node 3)" },
	{ "stand-pat-value", 'j', "\"kind\": \"stand_pat\", \"value\": -800, ", "\"kind\": \"stand_pat\", ", "{\"node\": 1, \"kind\": \"stand_pat\"", 0,
	  "events[3]: missing key \"value\"" },
	{ "stand-pat-alpha", 'j', "\"value\": -800, \"alpha\": -32500", "\"value\": -800, \"alpha\": -32000", "-32000", 0,
	  "events[3].alpha: -32000 is not the node's alpha (-32500)" },
	{ "outcome", 'j', "\"outcome\": \"raise\"", "\"outcome\": \"maybe\"", "\"maybe\"", 0, "events[3].outcome: \"maybe\" is not one of" },
	{ "enter-window", 'j', "{\"node\": 2, \"kind\": \"enter\", \"alpha\": -32500, \"beta\": 800}",
	  "{\"node\": 2, \"kind\": \"enter\", \"alpha\": -32500, \"beta\": 801}", "801}", 0,
	  "events[5].beta: 801 differs from the node's beta (800)" },
	{ "leave-score", 'j', "{\"node\": 2, \"kind\": \"leave\", \"score\": -100, \"bound\": \"exact\"}",
	  "{\"node\": 2, \"kind\": \"leave\", \"bound\": \"exact\"}", "{\"node\": 2, \"kind\": \"leave\"", 0,
	  "events[7]: missing key \"score\"" },
	{ "never-left", 'j', ",\n{\"node\": 0, \"kind\": \"leave\", \"score\": 700, \"bound\": \"exact\"}", "", "]}", 0,
	  "node 0 is never left" },
	{ "two-stops", 'j', "{\"node\": 0, \"kind\": \"leave\", \"score\": 700",
	  "{\"node\": 0, \"kind\": \"stopped\"},\n{\"node\": 0, \"kind\": \"stopped\"},\n{\"node\": 0, \"kind\": \"leave\", \"score\": 700",
	  "\"stopped\"},\n{\"node\": 0, \"kind\": \"leave\"", 0, "a second \"stopped\" event" },
	{ "events-trailing-comma", 'j', "\"bound\": \"exact\"}\n]}", "\"bound\": \"exact\"},\n]}", "]}", 0,
	  "events: a ',' must be followed by another element" },
	{ "event-dup-key", 'j', "{\"node\": 1, \"kind\": \"leave\"", "{\"node\": 1, \"kind\": \"leave\", \"kind\": \"leave\"",
	  "\"kind\": \"leave\", \"score\": 100", -1, "events[9]: invalid JSON: duplicate object key" },
	/* The result. */
	{ "result-nodes", 'j', "\"nodes\": 7,", "\"nodes\": 8,", "8,", 0, "result.nodes: 8, but the trace has 7" },
	{ "result-best", 'j', "\"best\": \"b1c1\", \"san\": \"Kc1\"", "\"best\": \"b1c2\", \"san\": \"Kc2\"", "\"b1c2\"", 0,
	  "result.best: must be the first move of the principal variation" },
	{ "result-san", 'j', "\"san\": \"Kc1\", \"pv\"", "\"san\": \"Kd1\", \"pv\"", "\"Kd1\"", 0,
	  "result.san: \"Kd1\" is not the SAN of the best move (\"Kc1\")" },
	{ "result-pv", 'j', "\"pv\": [\"b1c1\"]", "\"pv\": [\"b1c1\", \"e8e9\"]", "[\"b1c1\", \"e8e9\"]", 0,
	  "result.pv[1]: \"e8e9\" is not a legal move" },
	{ "result-stopped", 'j', "\"stopped\": false", "\"stopped\": true", "true, \"complete\"", 0,
	  "result.stopped: true, but the trace has no \"stopped\" event" },
	{ "result-complete", 'j', "\"complete\": true", "\"complete\": false", "false, \"root_moves\"", 0,
	  "result.complete: false, but the trace has no \"stopped\" event" },
	{ "result-score", 'j', "{\"score\": 700,", "{\"score\": 600,", "600,", 0, "result.score: 600 is not the root's score (700)" },
	/* The syntax. */
	{ "after-end", 'j', "\n]}\n", "\n]} x\n", "x\n", 0, "unexpected text after the end of the trace" },
	{ "trailing-comma-node", 'j', "\"children\": [2]}", "\"children\": [2],}", "[2],}", -1, "nodes[1]: invalid JSON: string or '}' expected" },
	{ "control-char", 'j', "QK6 w", "QK6\tw", "\tw", -1, "fen: invalid JSON: control character 0x9" },
	{ "not-utf8", 'j', "\"move\": \"b1c1\", \"san\": \"Kc1\"", "\"move\": \"b1c1\", \"san\": \"K\xff" "c1\"", "\"K\xff", -1, "nodes[3]: invalid JSON: unable to decode byte 0xff" },
	{ "nul-escape", 'j', "\"move\": \"b1c1\", \"san\": \"Kc1\"", "\"move\": \"b1c1\", \"san\": \"K\\u0000c1\"", "\"K\\u0000", -1, "nodes[3]: invalid JSON: \\u0000 is not allowed" },
	{ "not-json", 'j', "{\"format\"", "hello {\"format\"", "hello", 0, "expected '{' (a JSON trace), found 'h'" },
	/* JSON Lines. */
	{ "l-version", 'l', "\"version\": 2", "\"version\": 9", "9,", 0, "header.version: 9 is not supported" },
	{ "l-no-node-line", 'l', "{\"type\": \"node\", \"id\": 1, ", "{\"type\": \"note\", \"id\": 1, ", "{\"type\": \"event\", \"node\": 1, \"kind\": \"enter\"",
	  26, "event.node: node 1 is entered before its node record" },
	{ "l-no-type", 'l', "{\"type\": \"event\", \"node\": 2, \"kind\": \"enter\"", "{\"node\": 2, \"kind\": \"enter\"",
	  "{\"node\": 2, \"kind\": \"enter\"", 0, "missing key \"type\"" },
	{ "l-bad-line", 'l', "{\"type\": \"event\", \"node\": 1, \"kind\": \"stand_pat\", \"value\": -800",
	  "{\"type\": \"event\", \"node\": 1, \"kind\": \"stand_pat\", \"value\": -800 \"alpha\"", "\"alpha\": -32500, \"beta\": 32500, \"outcome\": \"raise\"",
	  -1, "invalid JSON: '}' expected near '\"alpha\"'" },
	{ "l-move", 'l', "\"kind\": \"move\", \"move\": \"b1c1\"", "\"kind\": \"move\", \"move\": \"b1c9\"", "\"b1c9\"", 0,
	  "event.move: \"b1c9\" is not a legal move" },
	{ "l-node-move", 'l', "\"id\": 4, \"parent\": 0, \"move\": \"b1c2\"", "\"id\": 4, \"parent\": 0, \"move\": \"b1c3\"",
	  "{\"type\": \"node\", \"id\": 4", 0, "node.move: \"b1c3\" is not a legal move in UCI in the position of node 0" },
	{ "l-after-result", 'l', "{\"type\": \"result\"", "{\"type\": \"result\", \"score\": 700}\n{\"type\": \"result\"",
	  "{\"type\": \"result\", \"score\": 700,", 0, "a record after the result" },
	{ "l-id-order", 'l', "{\"type\": \"node\", \"id\": 2,", "{\"type\": \"node\", \"id\": 5,", "5,", 0,
	  "node.id: id 5 is out of order: expected 2" },
	{ "l-header-array", 'l', "{\"format\": \"quiesce-trace\"", "[{\"format\": \"quiesce-trace\"", "[{", 0,
	  "expected '{' (a JSON trace), found '['" },
	{ "l-never-entered", 'l', "{\"type\": \"result\"", "{\"type\": \"node\", \"id\": 7, \"parent\": 0, \"move\": \"a1a2\"}\n{\"type\": \"result\"",
	  "{\"type\": \"node\", \"id\": 7", 0, "node: node 7 is never entered" },

	/* Compact JSON Lines (version 3): values by position, named by their keys at their columns. */
	{ "c-value-type", 'c', "[\"stand_pat\",-800]", "[\"stand_pat\",\"x\"]", "\"x\"", 0,
	  "event.value: expected a whole number, found a string" },
	{ "c-value-range", 'c', "[\"leave\",700]", "[\"leave\",70000]", "70000", 0,
	  "event.score: 70000 is out of range: expected -32500 to 32500" },
	{ "c-missing", 'c', "[\"stand_pat\",-800]", "[\"stand_pat\"]", "[\"stand_pat\"]", 0,
	  "event: \"stand_pat\" takes its value next (missing)" },
	{ "c-extra", 'c', "[\"leave\",-100]", "[\"leave\",-100,5]", "[\"leave\",-100,5]", 0,
	  "event: \"leave\" takes 1 value by position, then at most an object of further fields" },
	{ "c-twice", 'c', "[\"stand_pat\",-800]", "[\"stand_pat\",-800,{\"value\":3}]", "[\"stand_pat\",-800,{", 0,
	  "event: \"value\" is given twice" },
	{ "c-further-field", 'c', "[\"stand_pat\",-800]", "[\"stand_pat\",-800,{\"alpha\":5}]", "5}", 0,
	  "event.alpha: 5 is not the node's alpha" },
	/* "mover" is skipped (an unknown kind), so the child that follows is entered with no move before it. */
	{ "c-kind", 'c', "[\"move\",\"a1d4\"]\n[\"enter\"]", "[\"mover\",\"a1d4\"]\n[\"enter\" ]", "[\"enter\" ]", 1,
	  "event.kind: no move event before it in node 0" },
	{ "c-kind-type", 'c', "[\"move\",\"a1d4\"]", "[7,\"a1d4\"]", "7,", 0,
	  "event.kind: expected the kind of the event first" },
	{ "c-empty", 'c', "[\"move\",\"a1d4\"]", "[]", "[]", 0, "event: expected the kind of the event first" },
	{ "c-move", 'c', "[\"move\",\"b1c1\"]", "[\"move\",\"b1c9\"]", "\"b1c9\"", 0,
	  "event.move: \"b1c9\" is not a legal move" },
	{ "c-enter-without-move", 'c', "[\"move\",\"a1d4\"]\n", "", "[\"enter\"]\n[\"stand_pat\",-800]", 1,
	  "event.kind: no move event before it in node 0" },
	{ "c-nothing-open", 'c', "[\"enter\"]\n[\"move\",\"a1d4\"]", "[\"move\",\"a1d4\"]", "[\"move\",\"a1d4\"]", 1,
	  "event.kind: no node is open" },
	{ "c-second-root", 'c', "[\"leave\",700]\n", "[\"leave\",700]\n[\"enter\"]\n", "[\"enter\"]\n{", 1,
	  "event.kind: no node is open, so this would enter a second root" },
	{ "c-enter-eval", 'c', "[\"move\",\"a1d4\"]\n[\"enter\"]", "[\"move\",\"a1d4\"]\n[\"enter\",{\"eval\":\"x\"}]",
	  "\"x\"", 0, "node.eval: expected a whole number, found a string" },
	{ "c-enter-id", 'c', "[\"move\",\"a1d4\"]\n[\"enter\"]", "[\"move\",\"a1d4\"]\n[\"enter\",{\"id\":1}]",
	  "[\"enter\",{", 0, "event: \"id\" follows from the order" },
	{ "d-value-type", 'd', "[\"stand_pat\",-800]", "[\"stand_pat\",\"x\"]", "\"x\"", 0,
	  "events[3].value: expected a whole number, found a string" },
	{ "d-move", 'd', "[\"move\",\"b1c1\"]", "[\"move\",\"b1c9\"]", "\"b1c9\"", 0,
	  "events[11].move: \"b1c9\" is not a legal move" },
	{ "d-no-nodes-version-2", 'd', "\"version\": 3", "\"version\": 2", "{\"format\"", 0,
	  "missing key \"nodes\" (an array)" },
	{ "c-in-version-2", 'c', "\"version\": 3", "\"version\": 2", "[\"enter\"]", 0,
	  "expected an object (one record a line; the compact records, arrays, are version 3's)" },
};

/* The line and column (1-based) where P starts in TEXT. */
static void line_col(const char *text, const char *p, int *line, int *col)
{
	*line = 1;
	*col = 1;
	for (const char *q = text; q < p; q++) {
		if (*q == '\n') {
			++*line;
			*col = 1;
		} else {
			++*col;
		}
	}
}

/* Saves TEXT as a seed of the fuzz corpus, when one is being written. */
static void save_seed(const char *name, const char *text, size_t len)
{
	char path[512];
	FILE *f;

	if (corpus_dir == NULL)
		return;
	snprintf(path, sizeof path, "%s/%02d-%s", corpus_dir, corpus_n++, name);
	f = fopen(path, "wb");
	if (f == NULL || fwrite(text, 1, len, f) != len) {
		failf("cannot write %s", path);
	}
	if (f)
		fclose(f);
}

/*
 * Reads TEXT (LEN bytes) as the file NAME and expects a refusal at LINE
 * (and COL, unless negative) with EXPECT in the message.
 */
static void expect_refusal(const char *what, const char *name, const char *text, size_t len, int line, int col,
			   const char *expect)
{
	FILE *f = fmemopen((void *)text, len ? len : 1, "r");
	struct trace *t = trace_new();
	struct position root;
	struct search_options opt;
	struct search_result res;
	struct error err = { 0 };
	char head[96];

	if (len == 0) {
		fclose(f);
		f = fopen("/dev/null", "r");
	}
	save_seed(what, text, len);
	if (tracereader_read(f, name, t, &root, &opt, &res, NULL, &err)) {
		failf("%s: the broken trace was read without an error", what);
	} else {
		if (col >= 0)
			snprintf(head, sizeof head, "%s:%d:%d: ", name, line, col);
		else
			snprintf(head, sizeof head, "%s:%d:", name, line);
		CHECK(strncmp(err.msg, head, strlen(head)) == 0, "%s: the message '%s' does not start with '%s'", what, err.msg,
		      head);
		CHECK(strstr(err.msg, expect) != NULL, "%s: the message '%s' lacks '%s'", what, err.msg, expect);
		CHECK(err.line == line && (col < 0 || err.column == col), "%s: err.line/column %d:%d, expected %d:%d", what,
		      err.line, err.column, line, col);
		CHECK(trace_node_count(t) == 0, "%s: a failed read leaves a trace", what);
	}
	fclose(f);
	trace_free(t);
}

static char *write_form(void (*writer)(FILE *, const struct trace *, const struct position *,
				       const struct search_options *, const struct search_result *),
			const struct trace *t, const struct position *pos, const struct search_options *opt,
			const struct search_result *res)
{
	/* Static: the stream keeps the address of BUF until it is closed. */
	static char *buf;
	static size_t len;
	FILE *mem = open_memstream(&buf, &len);

	writer(mem, t, pos, opt, res);
	fclose(mem);
	return buf;
}

/* The good text reads. */
static void expect_good(const char *what, const char *name, const char *text)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	struct trace *t = trace_new();
	struct position root;
	struct search_options opt;
	struct search_result res;
	struct error err = { 0 };

	save_seed(what, text, strlen(text));
	CHECK(tracereader_read(f, name, t, &root, &opt, &res, NULL, &err), "%s: the good trace does not read: %s", what,
	      err.msg);
	fclose(f);
	trace_free(t);
}

static void run_cases(const char *json, const char *jsonl, const char *compact, const char *cdoc)
{
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct bad *b = &cases[i];
		const char *good = b->form == 'j' ? json : b->form == 'l' ? jsonl : b->form == 'c' ? compact : cdoc;
		const char *at = strstr(good, b->old), *anchor;
		size_t glen = strlen(good), olen = strlen(b->old), nlen = strlen(b->new_);
		char *bad;
		int line, col;

		if (at == NULL) {
			failf("%s: '%s' is not in the good trace", b->name, b->old);
			continue;
		}
		bad = malloc(glen + nlen + 1);
		memcpy(bad, good, (size_t)(at - good));
		memcpy(bad + (at - good), b->new_, nlen);
		memcpy(bad + (at - good) + nlen, at + olen, glen - (size_t)(at - good) - olen + 1);
		anchor = strstr(bad + (at - good > 200 ? at - good - 200 : 0), b->anchor);
		if (anchor == NULL)
			anchor = strstr(bad, b->anchor);
		if (anchor == NULL) {
			failf("%s: the anchor '%s' is not in the changed text", b->name, b->anchor);
			free(bad);
			continue;
		}
		line_col(bad, anchor, &line, &col);
		expect_refusal(b->name, b->form == 'j' || b->form == 'd' ? "t.json" : "t.jsonl", bad, strlen(bad), line,
			       b->col >= 0 ? col + b->col : -1, b->expect);
		free(bad);
	}
}

/* Cases built whole: truncations, emptiness, deep nesting. */
static void run_built(const char *json, const char *jsonl)
{
	size_t len = strlen(json), n;
	char *text;
	int line, col;

	/* Truncated in the nodes, in the events, and just before the last brace. */
	line_col(json, json + len - 3, &line, &col);
	expect_refusal("cut-end", "t.json", json, len - 3, line, -1, "events: the array is not closed");
	n = (size_t)(strstr(json, "{\"id\": 4") - json) + 20;
	line_col(json, json + n, &line, &col);
	expect_refusal("cut-nodes", "t.json", json, n, line, -1, "nodes: the array is not closed (the input ends; it looks truncated)");
	n = (size_t)(strstr(json, "{\"node\": 4") - json) + 12;
	line_col(json, json + n, &line, &col);
	expect_refusal("cut-events", "t.json", json, n, line, -1, "events: the array is not closed");
	n = (size_t)(strstr(jsonl, "{\"type\": \"event\", \"node\": 4") - jsonl) + 30;
	line_col(jsonl, jsonl + n, &line, &col);
	expect_refusal("l-cut", "t.jsonl", jsonl, n, line, -1, "invalid JSON");
	n = (size_t)(strstr(jsonl, "{\"type\": \"event\", \"node\": 5, \"kind\": \"leave\"") - jsonl);
	line_col(jsonl, jsonl + n, &line, &col);
	expect_refusal("l-cut-line", "t.jsonl", jsonl, n, line, 1, "node 5 is never left (the trace ends inside it)");
	expect_refusal("empty", "t.json", "", 0, 1, 1, "the input is empty");
	expect_refusal("blank", "t.json", "  \n\n", 4, 3, 1, "the input is empty");

	/* 10,000-deep nesting: in an unknown key of a node, of the header, and never closed. */
	for (int where = 0; where < 3; where++) {
		const char *key = where == 0 ? "{\"id\": 2, " : "\"version\": 2, ";
		const char *at = strstr(json, key);
		size_t pre = (size_t)(at - json) + strlen(key);
		size_t depth = 10000, total = len + 2 * depth + 16;
		char *p;

		text = malloc(total);
		p = text;
		memcpy(p, json, pre);
		p += pre;
		p += sprintf(p, "\"deep\": ");
		memset(p, '[', depth);
		p += depth;
		if (where < 2) {
			memset(p, ']', depth);
			p += depth;
			*p++ = ',';
			*p++ = ' ';
			memcpy(p, json + pre, len - pre + 1);
		} else {
			*p = '\0';
		}
		line_col(text, text + pre, &line, &col);
		expect_refusal(where == 0 ? "deep-node" : where == 1 ? "deep-header" : "deep-open", "t.json", text,
			       strlen(text), line, -1, where == 2 ? "deep: invalid JSON: maximum parsing depth reached" :
			       where == 0 ? "nodes[2]: invalid JSON: maximum parsing depth reached" :
			       "deep: invalid JSON: maximum parsing depth reached");
		free(text);
	}
}

int main(int argc, char **argv)
{
	struct position pos;
	struct search_options opt;
	struct search_result res;
	struct trace *t = trace_new();
	struct error err = { 0 };
	char *json, *jsonl, *compact, *cdoc, *bom;

	if (argc == 3 && strcmp(argv[1], "--corpus") == 0)
		corpus_dir = argv[2];
	board_init();
	if (!fen_parse(&pos, base_fen, &err)) {
		printf("FAIL: %s\n", err.msg);
		return 1;
	}
	option_defaults(&opt);
	opt.depth = 1;
	search_run(&pos, &opt, t, NULL, &res);
	json = write_form(traceio_write_json, t, &pos, &opt, &res);
	jsonl = write_form(traceio_write_jsonl, t, &pos, &opt, &res);
	expect_good("good", "t.json", json);
	expect_good("good-lines", "t.jsonl", jsonl);
	compact = write_form(traceio_write_jsonl_compact, t, &pos, &opt, &res);
	expect_good("good-compact", "t.jsonl", compact);
	cdoc = write_form(traceio_write_json_compact, t, &pos, &opt, &res);
	expect_good("good-compact-doc", "t.json", cdoc);
	/* A UTF-8 byte-order mark is forgiven. */
	bom = malloc(strlen(json) + 4);
	sprintf(bom, "\xEF\xBB\xBF%s", json);
	expect_good("bom", "t.json", bom);
	free(bom);
	run_cases(json, jsonl, compact, cdoc);
	run_built(json, jsonl);
	printf("test_tracereader: %zu catalogued cases and 12 built, %ld checks, %d failed\n",
	       sizeof cases / sizeof cases[0], checks, failures);
	free(json);
	free(jsonl);
	free(compact);
	free(cdoc);
	trace_free(t);
	return failures ? 1 : 0;
}
