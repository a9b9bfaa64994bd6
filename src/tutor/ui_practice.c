/*
 * ui_practice.c: practice in the tutor: a drill's yes/no question answered
 * by the keys 1 and 2 (command_practice.c), and a practice walk
 * (command_walk.c): its keys
 * (while a question waits, 1-9 answer it by the choice's number; once it is
 * revealed, n goes on to the next decision instead of the next event), and
 * the tree lines, material and static value it hides, so that the screen does not
 * tell what the search has not yet done at the cursor.
 */
#include "chess/notation.h"
#include "teach/explain.h"
#include "tutor/command.h"
#include "chess/score.h"
#include "tutor/ui_int.h"

bool ui_practice_key(struct ui *ui, int key)
{
	char line[32];

	/* A drill's yes/no question: 1 yes, 2 no. */
	if (!command_walk_active(ui->s) && command_practice_choices(ui->s) && (key == '1' || key == '2')) {
		ui_queue_command(ui, key == '1' ? "practice yes" : "practice no");
		return true;
	}
	if (!command_walk_active(ui->s) || ui->s->comparing)
		return false;
	if (command_walk_pending(ui->s) && key >= '1' && key <= '9') {
		snprintf(line, sizeof line, "practice %c", key);
		ui_queue_command(ui, line);
		return true;
	}
	if (key == 'n') {
		if (command_walk_pending(ui->s))
			ui_set_status(ui, true, "Predict first: a number key or ':practice ANSWER' (':practice skip' "
				      "shows it, ':practice stop' ends the walk)");
		else
			ui_queue_command(ui, "practice next");
		return true;
	}
	return false;
}

bool ui_practice_mask_line(struct ui *ui, const struct trace *t, uint32_t node, uint32_t line, bool prune,
			   char fold, char *buf, size_t n)
{
	uint32_t cur = ui->s->event;
	struct trace_node nd;
	char san[NOTATION_BUFSIZE], kind[8], a[16], b[16];

	if (!command_walk_active(ui->s) || ui->s->comparing || t != ui->s->trace)
		return false;
	if (prune) {
		/* A pruned move is the answer to a pruning question until its event is reached. */
		if (line <= cur)
			return false;
		snprintf(buf, n, "  ~?");
		return true;
	}
	nd = trace_node_get(t, node);
	if (nd.leave != TRACE_NONE && nd.leave <= cur)
		return false;
	if (nd.enter > cur) {
		/* Not searched yet: not even its move, which would tell the order. */
		snprintf(buf, n, "%c ?", fold);
		return true;
	}
	/* Being searched: its move and window, not its stand pat, badges or value. */
	command_node_san(ui->s, t, node, san);
	if (nd.qply >= 0)
		snprintf(kind, sizeof kind, "q%d", nd.qply);
	else
		snprintf(kind, sizeof kind, "main");
	score_format_edge(nd.alpha, nd.ply, a, sizeof a);
	score_format_edge(nd.beta, nd.ply, b, sizeof b);
	/* No '*' either: whether the node ends on the principal variation is not known yet. */
	snprintf(buf, n, "%c  %-6s %-4s = ?  [%s,%s]", fold, san, kind, a, b);
	return true;
}

bool ui_practice_hides_eval(struct ui *ui)
{
	return (command_walk_pending(ui->s) || command_practice_pending(ui->s)) && !ui->s->comparing;
}
