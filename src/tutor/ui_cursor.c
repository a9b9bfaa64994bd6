/*
 * ui_cursor.c: the trace and event cursor the focused view steps through,
 * and moving that cursor (the other compare side follows).
 */
#include "tutor/ui_int.h"

int ui_focus_side(struct ui *ui)
{
	return ui->s->comparing && ui->focus == PANE_TREE_B ? 1 : 0;
}

const struct trace *ui_trace(struct ui *ui, int side)
{
	return ui->s->comparing ? ui->s->side[side].trace : ui->s->trace;
}

uint32_t *ui_event(struct ui *ui, int side)
{
	return ui->s->comparing ? &ui->s->side[side].event : &ui->s->event;
}

void ui_move_cursor(struct ui *ui, int side, uint32_t ev)
{
	struct session *s = ui->s;
	const struct trace *t = ui_trace(ui, side);
	uint32_t node;

	if (ev >= trace_event_count(t))
		return;
	*ui_event(ui, side) = ev;
	node = trace_event_get(t, ev).node;
	if (ui->tree[side].have && ui->tree[side].t == t)
		outline_reveal(&ui->tree[side].o, node);
	/* In a comparison, the other side follows while the trees are still the same. */
	if (s->comparing && node < s->diverge) {
		const struct trace *o = ui_trace(ui, 1 - side);
		uint32_t *oev = ui_event(ui, 1 - side);

		if (ev < trace_event_count(o) && trace_event_get(o, ev).node == node)
			*oev = ev;
		else if (node < trace_node_count(o))
			*oev = trace_node_get(o, node).enter;
	}
}
