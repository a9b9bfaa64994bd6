/* main.c: the quiesce program; the command line lives in cli_main.c. */
#include "cli/cli.h"

int main(int argc, char **argv)
{
	return cli_main(argc, argv);
}
