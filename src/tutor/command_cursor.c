/* command_cursor.c: the commands that step the cursor through the trace and show what is there. */
#include "tutor/command_int.h"

#include <string.h>

#include "teach/explain.h"

/* Runs a cursor motion N times (N from the first argument, default 1) and prints the event; NAME is the command's. */
static bool step_command(const char *name, struct session *s, const char *args, FILE *out, struct error *err,
			 uint32_t (*motion)(const struct trace *, uint32_t, int), int dir)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = command_split_words(args, buf, sizeof buf, w);
	long count = 1;

	if (!command_need_trace(s, err))
		return false;
	if (n > 1 || (n == 1 && !command_parse_count(w[0], 100000000L, &count)))
		return error_set(err, 0, 0, "%s: expected an optional count, a whole number from 0 to 100000000", name);
	while (count-- > 0)
		s->event = motion(s->trace, s->event, dir);
	command_print_event(s, out);
	return true;
}

bool command_next(struct session *s, const char *args, FILE *out, struct error *err)
{
	return step_command("next", s, args, out, err, cursor_step, 1);
}

bool command_prev(struct session *s, const char *args, FILE *out, struct error *err)
{
	return step_command("prev", s, args, out, err, cursor_step, -1);
}

static uint32_t over(const struct trace *t, uint32_t ev, int dir)
{
	(void)dir;
	return cursor_step_over(t, ev);
}

static uint32_t out_motion(const struct trace *t, uint32_t ev, int dir)
{
	(void)dir;
	return cursor_step_out(t, ev);
}

bool command_over(struct session *s, const char *args, FILE *out, struct error *err)
{
	return step_command("over", s, args, out, err, over, 1);
}

bool command_out(struct session *s, const char *args, FILE *out, struct error *err)
{
	return step_command("out", s, args, out, err, out_motion, 1);
}

bool command_rewind(struct session *s, const char *args, FILE *out, struct error *err)
{
	(void)args;
	if (!command_need_trace(s, err))
		return false;
	s->event = 0;
	command_print_event(s, out);
	return true;
}

/* The event kinds "jump" knows, with "cutoff" for either kind of cutoff. */
static int parse_kind(const char *text)
{
	char name[32];
	size_t i;

	if (!strcmp(text, "cutoff"))
		return CURSOR_KIND_CUTOFF;
	for (i = 0; text[i] && i + 1 < sizeof name; i++)
		name[i] = text[i] == '-' ? '_' : text[i];
	name[i] = '\0';
	if (!strcmp(name, "delta"))
		return TE_DELTA_PRUNE;
	if (!strcmp(name, "see"))
		return TE_SEE_PRUNE;
	return trace_kind_parse(name);
}

bool command_jump(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = command_split_words(args, buf, sizeof buf, w), kind, dir = 1;
	uint32_t ev;

	if (!command_need_trace(s, err))
		return false;
	if (n < 1 || n > 2 || (n == 2 && strcmp(w[1], "back")))
		return error_set(err, 0, 0, "jump: expected KIND [back], e.g. 'jump stand_pat' or 'jump cutoff back'");
	kind = parse_kind(w[0]);
	if (kind == -1) {
		char kinds[256];

		trace_kind_list(kinds, sizeof kinds, "");
		return error_set(err, 0, 0, "jump: unknown event kind '%s': expected cutoff, delta, see or an event kind "
				 "(%s)", w[0], kinds);
	}
	if (n == 2)
		dir = -1;
	ev = cursor_find_kind(s->trace, s->event, kind, dir);
	if (ev == s->event)
		return error_set(err, 0, 0, "jump: no %s event %s the cursor", w[0], dir > 0 ? "after" : "before");
	s->event = ev;
	command_print_event(s, out);
	return true;
}

bool command_goto(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = command_split_words(args, buf, sizeof buf, w);
	long node;

	if (!command_need_trace(s, err))
		return false;
	if (n != 1 || !command_parse_count(w[0], UINT32_MAX - 1, &node))
		return error_set(err, 0, 0, "goto: expected a node number");
	if (!session_goto(s, (uint32_t)node))
		return error_set(err, 0, 0, "goto: no node %ld (the trace has %u nodes, 0 to %u)", node,
				 (unsigned)trace_node_count(s->trace), (unsigned)trace_node_count(s->trace) - 1);
	command_print_event(s, out);
	return true;
}

bool command_board(struct session *s, const char *args, FILE *out, struct error *err)
{
	(void)args;
	(void)err;
	command_print_board(s, out);
	return true;
}

bool command_event(struct session *s, const char *args, FILE *out, struct error *err)
{
	char text[1024];

	(void)args;
	if (!command_need_trace(s, err))
		return false;
	command_print_event(s, out);
	explain_node(s->trace, session_node(s), &s->root, text, sizeof text);
	fprintf(out, "%s\n", text);
	return true;
}

bool command_tree(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = command_split_words(args, buf, sizeof buf, w);
	long node = 0, max = 40;

	if (!command_need_trace(s, err))
		return false;
	if (n > 2 || (n >= 1 && !command_parse_count(w[0], UINT32_MAX - 1, &node)) ||
	    (n == 2 && !command_parse_count(w[1], 1000000, &max)))
		return error_set(err, 0, 0, "tree: expected [NODE [LINES]]");
	if ((uint32_t)node >= trace_node_count(s->trace))
		return error_set(err, 0, 0, "tree: no node %ld", node);
	command_print_tree(s, (uint32_t)node, (int)max, out);
	return true;
}

bool command_filter(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = command_split_words(args, buf, sizeof buf, w);
	enum outline_filter f;

	if (n != 1 || !outline_filter_parse(w[0], &f))
		return error_set(err, 0, 0, "filter: expected all, main, quiescence or marked");
	s->filter = f;
	fprintf(out, "Tree filter: %s\n", outline_filter_name(f));
	return true;
}

bool command_play_speed(const char *args, int *speed, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = command_split_words(args, buf, sizeof buf, w);
	long v = 4;

	if (n > 1 || (n == 1 && (!command_parse_count(w[0], 1000, &v) || v == 0)))
		return error_set(err, 0, 0, "play: expected an optional speed, events a second from 1 to 1000");
	*speed = (int)v;
	return true;
}

/* Autoplay is the front end's: the command checks there is a trace and a speed (COMMAND_EFFECT_PLAY). */
bool command_play(struct session *s, const char *args, FILE *out, struct error *err)
{
	int speed;

	(void)out;
	if (!command_need_trace(s, err))
		return false;
	return command_play_speed(args, &speed, err);
}
