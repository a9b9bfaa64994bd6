/* cli_uci.c: "quiesce uci": the UCI engine on standard input and output. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "play/uci.h"
#include "base/util.h"

static const char uci_usage_options[] =
	"Reads UCI commands on standard input and answers on standard output, for a\n"
	"chess GUI, cutechess-cli, fastchess or polyglot. The search switches are UCI\n"
	"options (send 'uci' to list them).\n"
	"  -h, --help             display this help and exit\n";

/*
 * The longest command line read (1 MB: a "position ... moves" line of a
 * 10,000-ply game is 50 KB). A longer one is not held in memory: its rest is
 * skipped and it is answered with an info string, never run cut.
 */
#define UCI_LINE_MAX (1u << 20)

/*
 * Reads a line of standard input into *LINE (grown as needed, *CAP bytes),
 * without its newline; -1 at the end of input, -2 for a line longer than
 * UCI_LINE_MAX (read to its end and dropped).
 */
static long read_line(char **line, size_t *cap)
{
	size_t len = 0;
	int c = EOF;
	bool any = false;

	flockfile(stdin);
	while ((c = getc_unlocked(stdin)) != EOF) {
		any = true;
		if (c == '\n')
			break;
		if (len >= UCI_LINE_MAX)
			continue;
		if (len + 1 >= *cap) {
			*cap = *cap ? 2 * *cap : 256;
			*line = xrealloc(*line, *cap);
		}
		(*line)[len++] = (char)c;
	}
	funlockfile(stdin);
	if (!any)
		return -1;
	if (len >= UCI_LINE_MAX)
		return -2;
	if (*line == NULL) {
		*cap = 256;
		*line = xmalloc(*cap);
	}
	(*line)[len] = '\0';
	return (long)len;
}

int cli_uci(int argc, char **argv)
{
	struct uci *u;
	char *line = NULL;
	size_t cap = 0;
	long len;

	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		cli_print_command_help("uci", uci_usage_options);
		return 0;
	}
	if (argc > 1)
		return cli_usage_error("uci: unexpected argument '%s'", cli_cut(argv[1]));
	u = uci_new(stdout);
	/* End of input is "quit": a GUI that goes away must not leave a search running. */
	while ((len = read_line(&line, &cap)) != -1) {
		if (len == -2) {
			/* One call: the search thread's lines are whole lines too (stdio locks each call). */
			fprintf(stdout, "info string a line of more than %u bytes: ignored\n", UCI_LINE_MAX);
			fflush(stdout);
			continue;
		}
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (!uci_handle(u, line))
			break;
	}
	free(line);
	uci_free(u);
	return 0;
}
