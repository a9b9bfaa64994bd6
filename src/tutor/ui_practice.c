/*
 * ui_practice.c: the keys of a practice walk (command_walk.c) in the tutor:
 * while a question waits, 1-9 answer it by the choice's number; once it is
 * revealed, n goes on to the next decision instead of the next event.
 */
#include "tutor/command.h"
#include "tutor/ui_int.h"

bool ui_practice_key(struct ui *ui, int key)
{
	char line[32];

	if (!command_walk_active() || ui->s->comparing)
		return false;
	if (command_walk_pending() && key >= '1' && key <= '9') {
		snprintf(line, sizeof line, "practice %c", key);
		ui_queue_command(ui, line);
		return true;
	}
	if (key == 'n') {
		if (command_walk_pending())
			ui_set_status(ui, true, "Predict first: a number key or ':practice ANSWER' (':practice skip' "
				      "shows it, ':practice stop' ends the walk)");
		else
			ui_queue_command(ui, "practice next");
		return true;
	}
	return false;
}
