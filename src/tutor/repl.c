/* repl.c: the tutor as a read-eval-print loop over the command table. */
#include "tutor/repl.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "base/cmdhistory.h"
#include "tutor/command.h"
#include "base/statedir.h"
#include "base/util.h"

/* The session whose search Ctrl-C stops, and whether a command is running. */
static struct session *signal_session;
static volatile sig_atomic_t running;

/* SIGINT: stops a running search; at the prompt, ends the program as usual. */
static void on_sigint(int sig)
{
	if (running && signal_session) {
		signal_session->stop = 1;
		return;
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

bool repl_history_path(char *buf, size_t n, bool create)
{
	return statedir_path("history", buf, n, create);
}

/* The history record (src/base/cmdhistory): what readline's history is loaded from and this session's lines. */
static struct cmdhistory record;

/* Puts the record's lines into readline's history, replacing what it held. */
static void history_to_readline(void);

void repl_history_load(void)
{
	char path[4200];
	struct error e = { 0 };

	stifle_history(CMDHISTORY_MAX);
	if (!repl_history_path(path, sizeof path, false))
		return;
	if (!cmdhistory_load(&record, path, &e))
		fprintf(stderr, "quiesce: warning: the history file: %s\n", e.msg);
	history_to_readline();
}

void repl_history_add(const char *line)
{
	add_history(line);
	cmdhistory_add(&record, line);
}

/*
 * Frees the undo lists readline keeps on history entries the user edited
 * and left (an entry's data). clear_history() frees an entry's line but
 * hands its data back and nobody frees it, so without this every edited
 * history line leaked its undo list at the next save. rl_free_undo_list
 * also detaches the list from every entry that points at it.
 */
static void history_free_undo_lists(void)
{
	HIST_ENTRY **list = history_list();

	for (int i = 0; list && list[i]; i++) {
		UNDO_LIST *saved = rl_undo_list;

		if (!list[i]->data)
			continue;
		if (saved == (UNDO_LIST *)list[i]->data)
			saved = NULL;
		rl_undo_list = (UNDO_LIST *)list[i]->data;
		rl_free_undo_list();
		list[i]->data = NULL;
		rl_undo_list = saved;
	}
}

static void history_to_readline(void)
{
	history_free_undo_lists();
	clear_history();
	for (int i = 0; i < record.count; i++)
		add_history(record.lines[i]);
}

void repl_history_save(void)
{
	char path[4200];
	struct error e = { 0 };

	if (record.fresh_count == 0) {
		cmdhistory_clear(&record);
		return;
	}
	if (!repl_history_path(path, sizeof path, true))
		fprintf(stderr, "quiesce: warning: cannot save the command history: %s\n", statedir_problem());
	else if (!cmdhistory_save(&record, path, &e))
		fprintf(stderr, "quiesce: warning: cannot save the command history: %s\n", e.msg);
	else if (e.msg[0])
		fprintf(stderr, "quiesce: warning: the history file: %s\n", e.msg);
	/* Readline's history as saved (a later session in this process starts from it). */
	history_to_readline();
	cmdhistory_clear(&record);
}

/* ---------------------------------------------------------------- completion */

static struct session *completion_session;
static char **completion_list;
static size_t completion_next;

static void free_completions(void)
{
	if (completion_list) {
		for (size_t i = 0; completion_list[i]; i++)
			free(completion_list[i]);
		free(completion_list);
	}
	completion_list = NULL;
}

/* Readline's generator: hands out the candidates command_complete found, one per call. */
static char *generate(const char *text, int state)
{
	(void)text;
	if (state == 0)
		completion_next = 0;
	if (!completion_list || !completion_list[completion_next])
		return NULL;
	return xstrdup(completion_list[completion_next++]);
}

static char **attempt_completion(const char *text, int start, int end)
{
	(void)text;
	rl_attempted_completion_over = 1;
	free_completions();
	if (!completion_session)
		return NULL;
	completion_list = command_complete(completion_session, rl_line_buffer, (size_t)start, (size_t)end);
	return rl_completion_matches(text, generate);
}

void repl_completion_install(struct session *s)
{
	completion_session = s;
	rl_readline_name = "quiesce";
	rl_attempted_completion_function = attempt_completion;
	rl_basic_word_break_characters = " \t";
	rl_completer_word_break_characters = " \t";
}

/* ---------------------------------------------------------------- the loop */

/* Reads a line from stdin without readline; NULL at the end of input. The caller frees it. */
static char *read_plain(void)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len = getline(&line, &cap, stdin);

	if (len < 0) {
		free(line);
		return NULL;
	}
	while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		line[--len] = '\0';
	return line;
}

/* After "play": every event from the cursor to the end, one line each (at most 2000). */
static void play_events(struct session *s)
{
	int shown = 0;

	while (shown < 2000 && s->event + 1 < trace_event_count(s->trace)) {
		s->event++;
		command_print_event(s, stdout);
		shown++;
	}
	if (s->event + 1 < trace_event_count(s->trace))
		printf("... (stopped after %d events)\n", shown);
}

int repl_run(struct session *s, bool interactive)
{
	struct sigaction sa;
	int status = 0;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	signal_session = s;
	sigaction(SIGINT, &sa, NULL);
	if (interactive) {
		repl_completion_install(s);
		repl_history_load();
		printf("quiesce: a tutor for the quiescence search. Type 'help' for the commands, "
		       "'search' to search the position.\n");
	}
	for (;;) {
		struct error err = { 0 };
		struct command_outcome oc = { false, 0 };
		char *line = interactive ? readline("quiesce> ") : read_plain();

		if (!line)
			break;
		if (interactive && line[strspn(line, " \t")])
			repl_history_add(line);
		running = 1;
		if (!command_run(s, line, stdout, &oc, &err)) {
			/*
			 * Messages quote what was typed: its control characters are shown
			 * as '?', so that an escape sequence in a line does not reach the
			 * terminal.
			 */
			for (char *c = err.msg; *c; c++)
				if (((unsigned char)*c < 0x20 && *c != '\n') || *c == 0x7f)
					*c = '?';
			fflush(stdout);
			fprintf(stderr, "error: %s\n", err.msg);
			if (!interactive)
				status = 1;
		}
		running = 0;
		free(line);
		if (oc.play_speed)
			play_events(s);
		fflush(stdout);
		if (oc.quit)
			break;
	}
	if (interactive) {
		repl_history_save();
		free_completions();
	}
	return status;
}
