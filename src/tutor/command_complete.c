/* command_complete.c: the completions of a command line, generated from the command table. */
#include "tutor/command_int.h"

#include <string.h>

#include "chess/movegen.h"
#include "chess/game.h"
#include "teach/lesson.h"
#include "chess/notation.h"
#include "search/option.h"
#include "search/trace.h"

struct candidates {
	char **list;
	size_t count, cap;
	const char *prefix;
	size_t plen;
};

static void add(struct candidates *c, const char *word)
{
	if (strncmp(word, c->prefix, c->plen) != 0)
		return;
	for (size_t i = 0; i < c->count; i++)
		if (!strcmp(c->list[i], word))
			return;
	if (c->count + 2 > c->cap) {
		c->cap = c->cap ? 2 * c->cap : 16;
		c->list = xrealloc(c->list, sizeof *c->list * c->cap);
	}
	c->list[c->count++] = xstrdup(word);
	c->list[c->count] = NULL;
}

static void add_all(struct candidates *c, const char *const *words)
{
	for (; *words; words++)
		add(c, *words);
}

/* Adds the legal moves in SAN after the moves typed in WORDS[1..N). */
static void add_moves(struct candidates *c, struct session *s, char **words, int n)
{
	/* In a game the learner's moves are from the game's position, not the searched one. */
	struct position pos = s->game ? s->game->pos : s->root;
	struct move_list list;

	for (int i = 1; i < n; i++) {
		move m;
		struct undo u;

		if (!notation_parse(&pos, words[i], &m, NULL))
			return;
		board_make(&pos, m, &u);
	}
	movegen_all(&pos, &list);
	for (int i = 0; i < list.count; i++) {
		char san[NOTATION_BUFSIZE];

		notation_san(&pos, list.moves[i], san);
		add(c, san);
	}
}

char **command_complete(struct session *s, const char *line, size_t start, size_t end)
{
	const struct option_def *mode = option_find("mode");
	static const char *const formats[] = { "json", "json-full", "jsonl", "jsonl-full", "dot", "text", "pgn", "game", NULL };
	static const char *const filters[] = { "all", "main", "quiescence", "marked", NULL };
	static const char *const switches[] = { "on", "off", NULL };
	char before[COMMAND_MAX_LINE], prefix[COMMAND_MAX_LINE], *w[MAX_WORDS], buf[COMMAND_MAX_LINE];
	struct candidates c = { 0 };
	const struct command_spec *cmd;
	int n;

	if (start > end || end > strlen(line) || end - start >= sizeof prefix || start >= sizeof before)
		return xcalloc(1, sizeof(char *));
	memcpy(before, line, start);
	before[start] = '\0';
	memcpy(prefix, line + start, end - start);
	prefix[end - start] = '\0';
	c.prefix = prefix;
	c.plen = strlen(prefix);
	c.list = xcalloc(1, sizeof(char *));
	c.cap = 1;
	{
		char *p = before;

		while (*p == ':' || *p == ' ')
			p++;
		n = command_split_words(p, buf, sizeof buf, w);
	}
	if (n == 0) {
		for (cmd = command_table; cmd->name; cmd++)
			add(&c, cmd->name);
		return c.list;
	}
	cmd = command_find(w[0]);
	if (!cmd || !cmd->complete)
		return c.list;
	if (!strcmp(cmd->complete, "move")) {
		add_moves(&c, s, w, n);
	} else if (!strcmp(cmd->complete, "option")) {
		/* The search options and their values, from the table (option.h). */
		const struct option_def *d = n == 2 ? option_find(w[1]) : NULL;

		if (n == 1) {
			for (int i = 0; i < option_count; i++)
				add(&c, option_table[i].name);
		} else if (d != NULL && d->type == OPTION_CHOICE) {
			add_all(&c, d->choices);
		} else if (d != NULL && d->type == OPTION_INT) {
			static const char *const nums[] = { "0", "1", "2", "4", NULL };

			add_all(&c, nums);
			if (d->word)
				add(&c, d->word);
		} else if (d != NULL && d->type == OPTION_BOOL) {
			add_all(&c, switches);
		}
	} else if (n == 1) {
		if (!strcmp(cmd->complete, "mode")) {
			add_all(&c, mode->choices);
		} else if (!strcmp(cmd->complete, "cmpmode")) {
			/* A compare side: a mode or a named variant (option.h), or "off". */
			add_all(&c, mode->choices);
			for (int i = 0; i < OPTION_PRESET_NAMED; i++)
				add(&c, option_presets[i].name);
			add(&c, "off");
		}
		else if (!strcmp(cmd->complete, "format"))
			add_all(&c, formats);
		else if (!strcmp(cmd->complete, "game")) {
			static const char *const sides[] = { "white", "black", "off", NULL };

			add_all(&c, sides);
		}
		else if (!strcmp(cmd->complete, "filter"))
			add_all(&c, filters);
		else if (!strcmp(cmd->complete, "kind")) {
			/* "cutoff" (any cutoff, the stand pat's too), then the event kinds of the trace's one table. */
			add(&c, "cutoff");
			add_all(&c, trace_kind_names());
		}
		else if (!strcmp(cmd->complete, "lesson")) {
			struct lesson_info *list;
			int count = lesson_list(NULL, &list);

			for (int i = 0; i < count; i++) {
				char num[16];

				snprintf(num, sizeof num, "%d", i + 1);
				add(&c, list[i].id);
				add(&c, num);
			}
			lesson_info_free(list, count);
		} else if (!strcmp(cmd->complete, "command"))
			for (const struct command_spec *x = command_table; x->name; x++)
				add(&c, x->name);
	} else if (n == 2 && !strcmp(cmd->complete, "cmpmode")) {
		add_all(&c, mode->choices);
		for (int i = 0; i < OPTION_PRESET_NAMED; i++)
			add(&c, option_presets[i].name);
		add(&c, "off");
	}
	return c.list;
}
