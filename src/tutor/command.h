/*
 * command.h: the tutor's commands, one table shared by the full-screen tutor (after
 * ':') and the REPL. Help and completion are generated from the table, so
 * they never disagree with what the commands do.
 */
#ifndef QUIESCE_COMMAND_H
#define QUIESCE_COMMAND_H

#include <stdio.h>

#include "teach/session.h"
#include "base/types.h"

/* What a command asks of the front end that ran it, besides its output (the session never holds it). */
enum command_effect {
	COMMAND_EFFECT_NONE = 0,
	COMMAND_EFFECT_QUIT,     /* leave the tutor or the REPL */
	COMMAND_EFFECT_PLAY      /* step through the events automatically */
};

struct command_outcome {
	bool quit;               /* the front end should end */
	int play_speed;          /* events a second to step through automatically; 0: none */
};

struct command_spec {
	const char *name;
	const char *args;        /* synopsis of the arguments, "" for none */
	const char *summary;     /* one line: what the command does */
	/* Runs the command on its arguments (the rest of the line); output goes to OUT. */
	bool (*run)(struct session *s, const char *args, FILE *out, struct error *err);
	const char *complete;    /* what its first argument completes to: "mode", "option", … or NULL */
	enum command_effect effect; /* what it asks of the front end when it succeeds */
};

/* The command table, ended by an entry with a NULL name. */
extern const struct command_spec command_table[];

/* The longest command line the tutor and the REPL accept. */
#define COMMAND_MAX_LINE 1024

/*
 * Runs one command LINE on S (a leading ':' and blanks are ignored; an empty
 * line does nothing). Output (board, tree, explanations) is written to OUT.
 * What it asks of the front end (quit, autoplay) is set in OC (cleared
 * first; NULL when the caller heeds none). On error nothing changes, ERR
 * says why and false is returned.
 */
bool command_run(struct session *s, const char *line, FILE *out, struct command_outcome *oc, struct error *err);

/* Parses play's SPEED argument (events a second, 1 to 1000; default 4); false with ERR. */
bool command_play_speed(const char *args, int *speed, struct error *err);

/* Finds a command by its name or a unique prefix of it; NULL if none. */
const struct command_spec *command_find(const char *name);

/* Writes the help: every command (NAME NULL), or one command in detail. */
bool command_help(const char *name, FILE *out, struct error *err);

/*
 * The completions of the word that starts at byte START of LINE and ends at
 * END: command names, modes, option names and values, filters, event kinds or
 * the legal moves (in SAN, after the moves already typed) depending on the
 * words before it. Returns a NULL-terminated array of strings that start with
 * the word; the caller frees each string and the array.
 */
char **command_complete(struct session *s, const char *line, size_t start, size_t end);

/* Prints the board at the current node as a text diagram, with its line of moves and evaluation. */
void command_print_board(struct session *s, FILE *out);

/* Prints the event under the cursor: its number, its node's line of moves and its explanation. */
void command_print_event(struct session *s, FILE *out);

/* Prints up to MAX lines of the tree view from NODE's subtree (the cursor's line marked '>'). */
void command_print_tree(struct session *s, uint32_t node, int max, FILE *out);

/* Writes the SAN of NODE's move (or "root") into BUF of NOTATION_BUFSIZE bytes. */
void command_node_san(const struct session *s, const struct trace *t, uint32_t node, char *buf);

/*
 * The practice walk (command_walk.c) as the tutor's keys and status line
 * see it: whether a walk is on S's current search, whether a question waits
 * for its answer, and its status ("PRACTICE L1 3/4 ...") into BUF (false
 * when no walk).
 */
bool command_walk_active(const struct session *s);
bool command_walk_pending(const struct session *s);
bool command_walk_status(const struct session *s, char *buf, size_t n);

/*
 * A drill's practice in the tutor (':practice DRILL'): its score for the
 * status line ("DRILL delta L1 3/4"), false when no drill is on; and the
 * number of choices the pending question answers by number key (2 for yes
 * and no; 0 when none waits or it is typed).
 */
bool command_practice_status(const struct session *s, char *buf, size_t n);
int command_practice_choices(const struct session *s);
/* Whether a drill's question waits for its answer (the board hides the static value meanwhile). */
bool command_practice_pending(const struct session *s);

#endif
