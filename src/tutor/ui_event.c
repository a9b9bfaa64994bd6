/* ui_event.c: the event pane: the current decision of the search, explained, and the search's counts. */
#include <stdio.h>
#include <string.h>

#include "teach/explain.h"
#include "tutor/ui_int.h"

void ui_event_draw(struct ui *ui, struct pane *p)
{
	struct session *s = ui->s;
	int side = ui_focus_side(ui);
	const struct trace *t = ui_trace(ui, side);
	uint32_t ev = *ui_event(ui, side);
	const struct search_result *r = s->comparing ? &s->side[side].result : &s->result;
	const struct search_options *opt = s->comparing ? &s->side[side].opt : &s->opt;
	int y = p->r.y, maxy = p->r.y + p->r.h, w = p->r.w;
	char text[1200], head[300];
	size_t len, at = 0;

	if (trace_event_count(t) == 0 || ev >= trace_event_count(t)) {
		snprintf(head, sizeof head, "%s Event", ui->focus == PANE_EVENT ? "[" : " ");
		ui_put(y++, p->r.x, w, head, true);
		snprintf(text, sizeof text, "No search yet: type :search (or press : and then Tab to see the commands).");
	} else {
		const struct trace_event e_v = trace_event_get(t, ev), *e = &e_v;

		snprintf(head, sizeof head, "%sEvent %u/%u: %s at node %u%s | nodes %llu, quiescence %.0f%%, "
			 "cutoffs %llu stand-pat %llu beta, prunes %llu delta %llu SEE%s",
			 ui->focus == PANE_EVENT ? "[" : " ", (unsigned)ev + 1, (unsigned)trace_event_count(t),
			 trace_kind_name(e->kind), (unsigned)e->node, ui->focus == PANE_EVENT ? "]" : "",
			 (unsigned long long)r->nodes, r->nodes ? 100.0 * (double)r->qnodes / (double)r->nodes : 0.0,
			 (unsigned long long)r->stand_pat_cutoffs, (unsigned long long)r->beta_cutoffs,
			 (unsigned long long)r->delta_prunes, (unsigned long long)r->see_prunes,
			 r->stopped ? " | STOPPED" : "");
		/* A narrow pane keeps the event and the node count; the other counts are in the wide form only. */
		if ((int)strlen(head) > w)
			snprintf(head, sizeof head, "%sEvent %u/%u: %s at node %u%s | %llu node%s, %.0f%% quiescence%s",
				 ui->focus == PANE_EVENT ? "[" : " ", (unsigned)ev + 1, (unsigned)trace_event_count(t),
				 trace_kind_name(e->kind), (unsigned)e->node, ui->focus == PANE_EVENT ? "]" : "",
				 (unsigned long long)r->nodes, r->nodes == 1 ? "" : "s",
				 r->nodes ? 100.0 * (double)r->qnodes / (double)r->nodes : 0.0, r->stopped ? " | STOPPED" : "");
		attron(ui_attr(ui, UI_PAIR_TITLE, A_BOLD));
		ui_put(y++, p->r.x, w, head, true);
		attroff(ui_attr(ui, UI_PAIR_TITLE, A_BOLD));
		explain_event(t, ev, &s->root, opt, text, sizeof text);
	}
	/* The sentence, wrapped at spaces. */
	len = strlen(text);
	while (y < maxy) {
		char line[600];
		size_t take = len - at;

		if ((int)take > w) {
			take = (size_t)w;
			for (size_t i = take; i > 0; i--)
				if (text[at + i] == ' ') {
					take = i;
					break;
				}
		}
		if (take >= sizeof line)
			take = sizeof line - 1;
		snprintf(line, sizeof line, "%.*s", (int)take, text + at);
		/* The last row of a sentence that goes on ends in a mark (':event' prints it whole). */
		if (y + 1 == maxy && at + take < len && w > 12) {
			size_t cut = (size_t)w - 11 < take ? (size_t)w - 11 : take;

			while (cut > 0 && line[cut - 1] != ' ')
				cut--;
			snprintf(line + cut, sizeof line - cut, "(:event >)");
		}
		ui_put(y++, p->r.x, w, line, true);
		at += take;
		while (at < len && text[at] == ' ')
			at++;
	}
}
