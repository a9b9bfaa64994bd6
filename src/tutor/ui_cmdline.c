/*
 * ui_cmdline.c: the command line at the bottom of the tutor: GNU readline
 * driven through its callback interface, so that curses keeps the screen.
 *
 * Readline never touches the terminal here: it reads keys from a queue we
 * fill (rl_getc_function), draws through rl_redisplay_function into the last
 * screen row, its terminal preparation functions do nothing, and its output
 * stream is /dev/null. History, Ctrl-R and completion work as usual.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "tutor/repl.h"
#include "tutor/ui_int.h"

static struct ui *cl_ui;
static unsigned char queue[64];
static int queue_len, queue_at;
static bool installed;
static char matches_text[400];

static int cl_getc(FILE *f)
{
	(void)f;
	if (queue_at < queue_len)
		return queue[queue_at++];
	return EOF;
}

static int cl_input_available(void)
{
	return queue_at < queue_len;
}

static void cl_prep(int meta)
{
	(void)meta;
}

static void cl_deprep(void)
{
}

/* Readline asks for a redisplay: the main loop draws the line, so only mark it. */
static void cl_redisplay(void)
{
	if (cl_ui && cl_ui->cmdline) {
		int y = LINES - 1;

		ui_cmdline_draw(cl_ui, y, COLS);
	}
}

/* Completion candidates go to the status line rather than the terminal. */
static void cl_display_matches(char **matches, int num, int max_len)
{
	size_t used = 0;

	(void)max_len;
	matches_text[0] = '\0';
	for (int i = 1; i <= num && used + 2 < sizeof matches_text; i++)
		used += (size_t)snprintf(matches_text + used, sizeof matches_text - used, "%s ", matches[i]);
	if (cl_ui)
		ui_set_status(cl_ui, false, "%s", matches_text);
}

/* A finished line (NULL at Ctrl-D on an empty line): kept for the main loop to run. */
static void cl_line(char *line)
{
	rl_callback_handler_remove();
	installed = false;
	if (!cl_ui) {
		free(line);
		return;
	}
	cl_ui->cmdline = false;
	if (line == NULL) {
		cl_ui->pending_eof = true;
		return;
	}
	if (*line && cl_ui->cmd_kind == ':')
		repl_history_add(line);
	free(cl_ui->pending_line);
	cl_ui->pending_line = line;
}

void ui_cmdline_init(struct ui *ui)
{
	static FILE *devnull;

	cl_ui = ui;
	if (!devnull)
		devnull = fopen("/dev/null", "w");
	rl_catch_signals = 0;
	rl_catch_sigwinch = 0;
	rl_change_environment = 0;
	rl_prep_term_function = cl_prep;
	rl_deprep_term_function = cl_deprep;
	rl_getc_function = cl_getc;
	rl_input_available_hook = cl_input_available;
	rl_redisplay_function = cl_redisplay;
	rl_completion_display_matches_hook = cl_display_matches;
	if (devnull)
		rl_outstream = devnull;
	rl_variable_bind("bell-style", "none");
	rl_variable_bind("show-all-if-ambiguous", "on");
	rl_variable_bind("enable-bracketed-paste", "off");
	repl_completion_install(ui->s);
	repl_history_load();
}

void ui_cmdline_open(struct ui *ui, int kind)
{
	ui->cmdline = true;
	ui->cmd_kind = kind;
	queue_len = queue_at = 0;
	rl_callback_handler_install(kind == '/' ? "/" : ":", cl_line);
	installed = true;
}

void ui_cmdline_open_with(struct ui *ui, const char *text)
{
	ui_cmdline_open(ui, ':');
	rl_insert_text(text);
}

void ui_cmdline_cancel(struct ui *ui)
{
	if (installed) {
		/*
		 * Forget the half-typed line the way readline's own abort does:
		 * rl_free_line_state frees the undo list and detaches it from the
		 * history entry being edited, so no history entry is left pointing
		 * at freed memory (that crashed the next finished line), and the
		 * history position goes back to the end for the next command line.
		 */
		rl_free_line_state();
		rl_replace_line("", 1);
		rl_point = rl_end = 0;
		rl_callback_sigcleanup();
		rl_callback_handler_remove();
		installed = false;
		using_history();
	}
	ui->cmdline = false;
}

/* Turns a curses key into the bytes a terminal would have sent, for readline. */
static void push_key(int key)
{
	const char *seq = NULL;

	switch (key) {
	case KEY_LEFT: seq = "\033[D"; break;
	case KEY_RIGHT: seq = "\033[C"; break;
	case KEY_UP: seq = "\033[A"; break;
	case KEY_DOWN: seq = "\033[B"; break;
	case KEY_HOME: seq = "\033[H"; break;
	case KEY_END: seq = "\033[F"; break;
	case KEY_DC: seq = "\033[3~"; break;
	case KEY_BACKSPACE: seq = "\177"; break;
	case KEY_ENTER: seq = "\r"; break;
	default: break;
	}
	queue_len = queue_at = 0;
	if (seq) {
		size_t n = strlen(seq);

		memcpy(queue, seq, n);
		queue_len = (int)n;
	} else if (key >= 0 && key < 256) {
		queue[0] = (unsigned char)key;
		queue_len = 1;
	}
}

void ui_cmdline_key(struct ui *ui, int key)
{
	if (!ui->cmdline)
		return;
	if (key == 27) {
		/* Escape alone (curses has already turned sequences into keys) cancels. */
		ui_cmdline_cancel(ui);
		return;
	}
	push_key(key);
	while (installed && queue_at < queue_len)
		rl_callback_read_char();
	queue_len = queue_at = 0;
}

void ui_cmdline_draw(struct ui *ui, int y, int w)
{
	const char *prompt = rl_display_prompt ? rl_display_prompt : ":";
	const char *text = rl_line_buffer ? rl_line_buffer : "";
	int plen = (int)strlen(prompt), point = rl_point, start = 0, cx;

	(void)ui;
	if (w <= plen + 2)
		return;
	/* Scroll sideways so that the cursor stays on screen. */
	if (plen + point >= w - 1)
		start = plen + point - (w - 2);
	wmove(stdscr, y, 0);
	clrtoeol();
	if (start < plen)
		mvaddnstr(y, 0, prompt + start, plen - start);
	{
		int off = start > plen ? start - plen : 0;
		int col = start < plen ? plen - start : 0;

		if (off <= (int)strlen(text))
			mvaddnstr(y, col, text + off, w - 1 - col);
	}
	cx = plen + point - start;
	if (cx >= w)
		cx = w - 1;
	wmove(stdscr, y, cx);
}

void ui_cmdline_end(struct ui *ui)
{
	if (installed)
		ui_cmdline_cancel(ui);
	cl_ui = NULL;
}
