/* cli_uci.c: "quiesce uci": the UCI engine on standard input and output. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "play/uci.h"

static const char uci_usage_options[] =
	"Reads UCI commands on standard input and answers on standard output, for a\n"
	"chess GUI, cutechess-cli, fastchess or polyglot. The search switches are UCI\n"
	"options (send 'uci' to list them).\n"
	"  -h, --help             display this help and exit\n";

int cli_uci(int argc, char **argv)
{
	struct uci *u;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		cli_print_command_help("uci", uci_usage_options);
		return 0;
	}
	if (argc > 1)
		return cli_usage_error("uci: unexpected argument '%s'", cli_cut(argv[1]));
	u = uci_new(stdout);
	/* End of input is "quit": a GUI that goes away must not leave a search running. */
	while ((len = getline(&line, &cap, stdin)) >= 0) {
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (!uci_handle(u, line))
			break;
	}
	free(line);
	uci_free(u);
	return 0;
}
