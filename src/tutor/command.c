/*
 * command.c: the tutor's command table, its dispatcher and its help. The
 * commands themselves live by family in the other command_*.c files (see
 * command_int.h).
 */
#include "tutor/command_int.h"

#include <ctype.h>
#include <string.h>

static bool cmd_help(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = command_split_words(args, buf, sizeof buf, w);

	(void)s;
	return command_help(n ? w[0] : NULL, out, err);
}

/* Leaving is the front end's: the command only asks for it (COMMAND_EFFECT_QUIT). */
static bool cmd_quit(struct session *s, const char *args, FILE *out, struct error *err)
{
	(void)s;
	(void)args;
	(void)out;
	(void)err;
	return true;
}

const struct command_spec command_table[] = {
	{ "help", "[COMMAND]", "list the commands, or explain one", cmd_help, "command", COMMAND_EFFECT_NONE },
	{ "fen", "FEN", "set the position to study", command_fen, NULL, COMMAND_EFFECT_NONE },
	{ "move", "MOVE...", "play moves (SAN or UCI) from the position; the result becomes the position", command_move, "move", COMMAND_EFFECT_NONE },
	{ "mode", "MODE[+SWITCH...]", "set the search variant: none, captures, checks, brute, faulty, rival, modern, "
	  "+delta=M, +nodelta, +see, +soft, +checks-all ...", command_mode, "cmpmode", COMMAND_EFFECT_NONE },
	{ "depth", "N", "set the main search depth in plies", command_depth, NULL, COMMAND_EFFECT_NONE },
	{ "set", "OPTION VALUE", "set a search option ('set' alone lists them; Tab completes them)", command_set,
	  "option", COMMAND_EFFECT_NONE },
	{ "search", "", "run the search and record its trace (Ctrl-C stops it)", command_search, NULL, COMMAND_EFFECT_NONE },
	{ "next", "[N]", "step to the next event in search order", command_next, NULL, COMMAND_EFFECT_NONE },
	{ "prev", "[N]", "step to the previous event", command_prev, NULL, COMMAND_EFFECT_NONE },
	{ "over", "", "step over the current move's subtree (or to the node's leave)", command_over, NULL, COMMAND_EFFECT_NONE },
	{ "out", "", "step out to the parent's leave event", command_out, NULL, COMMAND_EFFECT_NONE },
	{ "rewind", "", "go back to the first event", command_rewind, NULL, COMMAND_EFFECT_NONE },
	{ "jump", "KIND [back]", "go to the next (or previous) event of a kind: cutoff, stand_pat, "
	  "delta_prune, see_prune, mate, horizon ...", command_jump, "kind", COMMAND_EFFECT_NONE },
	{ "goto", "NODE", "go to a node by its number", command_goto, NULL, COMMAND_EFFECT_NONE },
	{ "board", "", "show the board at the current node", command_board, NULL, COMMAND_EFFECT_NONE },
	{ "event", "", "explain the current event and node", command_event, NULL, COMMAND_EFFECT_NONE },
	{ "tree", "[NODE [LINES]]", "show the tree from a node (default the root, 40 lines)", command_tree, NULL, COMMAND_EFFECT_NONE },
	{ "filter", "all|main|quiescence|marked", "choose which nodes the tree shows", command_filter, "filter", COMMAND_EFFECT_NONE },
	{ "stats", "", "show the search's result and counts", command_stats, NULL, COMMAND_EFFECT_NONE },
	{ "horizon", "[N]", "list horizon leaves: static value against quiescence value", command_horizon, NULL, COMMAND_EFFECT_NONE },
	{ "compare", "[MODE MODE|off]", "search the position two ways side by side (alone: show the open comparison)",
	  command_compare, "cmpmode", COMMAND_EFFECT_NONE },
	{ "diff", "FILE", "compare this search with a trace FILE (any engine's) side by side, the parting node marked",
	  command_diff, NULL, COMMAND_EFFECT_NONE },
	{ "export", "json|json-full|jsonl|jsonl-full|dot|text|pgn|game FILE", "write the trace to a file (jsonl: JSON Lines; -full: every field; pgn: the "
	  "line and the root's alternatives; game: the game being played, as PGN)", command_export, "format", COMMAND_EFFECT_NONE },
	{ "open", "FILE", "open a trace in JSON or JSON Lines (quiesce-trace(5))", command_open, NULL, COMMAND_EFFECT_NONE },
	{ "play", "[SPEED]", "step through the events automatically (any key stops)", command_play, NULL, COMMAND_EFFECT_PLAY },
	{ "lessons", "", "list the lessons with your progress (in the tutor: the lesson menu)", command_lessons, NULL, COMMAND_EFFECT_NONE },
	{ "lesson", "NAME [PAGE]", "open a lesson by id or number, at the page you reached", command_lesson, "lesson", COMMAND_EFFECT_NONE },
	{ "next-page", "", "the lesson's next page (key ])", command_next_page, NULL, COMMAND_EFFECT_NONE },
	{ "prev-page", "", "the lesson's previous page (key [)", command_prev_page, NULL, COMMAND_EFFECT_NONE },
	{ "page", "N", "go to page N of the lesson", command_page, NULL, COMMAND_EFFECT_NONE },
	{ "answer", "TEXT", "answer the lesson's question (a move, a score, a choice's number ...)", command_answer, NULL, COMMAND_EFFECT_NONE },
	{ "hint", "", "a hint for the lesson's question", command_hint, NULL, COMMAND_EFFECT_NONE },
	{ "game", "white|black|off", "play a game against the engine from the position: your moves with 'move', "
	  "its search of each reply becomes the current trace", command_game, "game", COMMAND_EFFECT_NONE },
	{ "takeback", "", "take back your last move and the engine's reply", command_takeback, NULL, COMMAND_EFFECT_NONE },
	{ "pgn", "FILE [GAME [PLY]]", "set the position from a PGN game (after PLY half-moves, default its end)",
	  command_pgn, NULL, COMMAND_EFFECT_NONE },
	{ "practice", "DRILL|walk [LEVEL]|ANSWER", "predict the search: a question of a drill (bare 'practice' "
	  "lists them), or 'walk' through the search on screen predicting each decision ('next', "
	  "'skip', 'stop'); then your answer, checked against the engine's trace", command_practice, NULL, COMMAND_EFFECT_NONE },
	{ "quit", "", "leave", cmd_quit, NULL, COMMAND_EFFECT_QUIT },
	{ NULL, NULL, NULL, NULL, NULL, COMMAND_EFFECT_NONE }
};

const struct command_spec *command_find(const char *name)
{
	const struct command_spec *found = NULL;
	size_t len = strlen(name);
	int matches = 0;

	if (len == 0)
		return NULL;
	for (const struct command_spec *c = command_table; c->name; c++) {
		if (!strcmp(c->name, name))
			return c;
		if (!strncmp(c->name, name, len)) {
			found = c;
			matches++;
		}
	}
	/* Short forms the keys suggest: n, p. */
	if (!strcmp(name, "n"))
		return command_find("next");
	if (!strcmp(name, "p"))
		return command_find("prev");
	if (!strcmp(name, "q"))
		return command_find("quit");
	return matches == 1 ? found : NULL;
}

bool command_help(const char *name, FILE *out, struct error *err)
{
	const struct command_spec *c;

	if (name == NULL) {
		fputs("Commands (a unique prefix will do):\n", out);
		for (c = command_table; c->name; c++) {
			char syn[64];

			snprintf(syn, sizeof syn, "%s %s", c->name, c->args);
			/* A synopsis too long for its column gets a line of its own, so the summaries stay aligned. */
			if (strlen(syn) > 34)
				fprintf(out, "  %s\n  %-34s %s\n", syn, "", c->summary);
			else
				fprintf(out, "  %-34s %s\n", syn, c->summary);
		}
		return true;
	}
	c = command_find(name);
	if (!c)
		return error_set(err, 0, 0, "help: no command '%s' (type 'help' for the list)", name);
	fprintf(out, "%s %s\n  %s\n", c->name, c->args, c->summary);
	return true;
}

bool command_run(struct session *s, const char *line, FILE *out, struct command_outcome *oc, struct error *err)
{
	char name[32];
	const struct command_spec *c;
	size_t i = 0;

	if (oc != NULL)
		*oc = (struct command_outcome){ false, 0 };
	if (strlen(line) >= COMMAND_MAX_LINE)
		return error_set(err, 0, 0, "the command line is too long (at most %d characters)", COMMAND_MAX_LINE - 1);
	while (isspace((unsigned char)*line) || *line == ':')
		line++;
	if (*line == '\0' || *line == '#' || *line == '\n')
		return true;
	while (*line && !isspace((unsigned char)*line)) {
		if (i + 1 < sizeof name)
			name[i++] = *line;
		line++;
	}
	name[i] = '\0';
	c = command_find(name);
	if (!c)
		return error_set(err, 0, 0, "unknown command '%.31s' (type 'help' for the list)", name);
	if (!c->run(s, line, out, err))
		return false;
	if (oc != NULL && c->effect == COMMAND_EFFECT_QUIT)
		oc->quit = true;
	if (oc != NULL && c->effect == COMMAND_EFFECT_PLAY)
		command_play_speed(line, &oc->play_speed, NULL);
	return true;
}
