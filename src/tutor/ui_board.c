/* ui_board.c: the board pane: the position at the selected node, its line and its evaluation. */
#include <stdio.h>
#include <string.h>

#include "chess/bitboard.h"
#include "chess/notation.h"
#include "teach/tour.h"
#include "tutor/ui_int.h"

/* Unicode chess symbols, indexed by piece type, White then Black. */
static const char *const glyphs[2][7] = {
	{ " ", "\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654" },
	{ " ", "\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A" }
};

void ui_board_init(struct ui *ui, struct pane *p)
{
	(void)ui;
	p->name = "board";
}

/* Writes TEXT wrapped to W columns from row Y; returns the next free row (no further than MAXY). */
static int wrap(int y, int x, int w, int maxy, const char *text)
{
	size_t len = strlen(text), at = 0;

	while (at < len && y < maxy) {
		size_t take = len - at;

		if ((int)take > w) {
			take = (size_t)w;
			for (size_t i = take; i > 0; i--)
				if (text[at + i] == ' ') {
					take = i;
					break;
				}
		}
		{
			char line[512];

			snprintf(line, sizeof line, "%.*s", (int)take, text + at);
			ui_put(y++, x, w, line, true);
		}
		at += take;
		while (text[at] == ' ')
			at++;
	}
	return y;
}

void ui_board_draw(struct ui *ui, struct pane *p)
{
	struct session *s = ui->s;
	int side = ui_focus_side(ui);
	const struct trace *t = ui_trace(ui, side);
	uint32_t ev = *ui_event(ui, side), node = 0;
	struct position pos;
	move last = MOVE_NONE;
	int y = p->r.y, x = p->r.x, maxy = p->r.y + p->r.h;
	char buf[1024], san[NOTATION_BUFSIZE];
	struct eval_breakdown b;
	/* The squares a lesson page points at are marked like the last move's. */
	bitboard marked = ui_lesson_open(ui) ? s->tour->squares : 0;

	if (trace_event_count(t) > 0 && ev < trace_event_count(t)) {
		node = trace_event_get(t, ev).node;
		cursor_position_at(&s->root, t, node, &pos, NULL);
		last = trace_node_get(t, node).move;
	} else {
		pos = s->root;
	}
	/* A pane too short for the title and the captions that matter (80x24 with a lesson) has no title. */
	if (p->r.h > 11) {
		attron(ui_attr(ui, UI_PAIR_TITLE, A_BOLD));
		ui_put(y++, x, p->r.w, ui->focus == PANE_BOARD ? "[Board]" : " Board", true);
		attroff(ui_attr(ui, UI_PAIR_TITLE, A_BOLD));
	}
	for (int rank = 7; rank >= 0 && y < maxy; rank--, y++) {
		mvprintw(y, x, "%d ", rank + 1);
		for (int file = 0; file < 8; file++) {
			int sq = SQ_MAKE(file, rank), pc = pos.squares[sq];
			bool dark = (file + rank) % 2 == 0;
			bool hl = (last != MOVE_NONE && (sq == MOVE_FROM(last) || sq == MOVE_TO(last))) ||
				  (marked & BB(sq));
			int attr = 0;
			char cell[16];
			const char *mid;
			char letter[2] = { 0, 0 };

			if (pc && ui->utf8 && !ui->ascii) {
				mid = glyphs[PIECE_COLOUR(pc)][PIECE_TYPE(pc)];
			} else if (pc) {
				letter[0] = board_piece_char(pc);
				mid = letter;
			} else {
				mid = ui->colour ? " " : dark ? "." : " ";
			}
			if (ui->colour)
				attr = COLOR_PAIR(hl ? UI_PAIR_HIGHLIGHT : dark ? UI_PAIR_DARK : UI_PAIR_LIGHT);
			else if (hl)
				attr = A_BOLD;
			snprintf(cell, sizeof cell, "%s%s%s", hl && !ui->colour ? "[" : " ", mid,
				 hl && !ui->colour ? "]" : " ");
			attron(attr);
			mvaddstr(y, x + 2 + 3 * file, cell);
			attroff(attr);
		}
	}
	if (y < maxy)
		ui_put(y++, x, p->r.w, "   a  b  c  d  e  f  g  h", true);
	/*
	 * The captions, most needed first so a short pane (80x24 with a lesson
	 * open) keeps them: side to move, material, the move and line, and the
	 * static evaluation, said once for the side to move (and for White when
	 * that is Black).
	 */
	eval_explain(&pos, s->opt.eval, &b);
	if (y < maxy) {
		snprintf(buf, sizeof buf, "%s to move%s", pos.side == WHITE ? "White" : "Black",
			 board_in_check(&pos) ? ", in check" : "");
		ui_put(y++, x, p->r.w, buf, true);
	}
	if (y < maxy) {
		snprintf(buf, sizeof buf, "Material %d-%d (%+d)", b.material[WHITE], b.material[BLACK],
			 b.material[WHITE] - b.material[BLACK]);
		if (ui_practice_hides_eval(ui))
			snprintf(buf, sizeof buf, "Material: count it yourself");
		y = wrap(y, x, p->r.w, maxy, buf);
	}
	if (y < maxy && trace_node_count(t) > 0 && node < trace_node_count(t) && trace_node_get(t, node).parent != TRACE_NONE) {
		struct position before;

		cursor_position_at(&s->root, t, trace_node_get(t, node).parent, &before, NULL);
		notation_san(&before, last, san);
		snprintf(buf, sizeof buf, "Move: %s (node %u)", san, (unsigned)node);
		attron(A_BOLD);
		ui_put(y++, x, p->r.w, buf, true);
		attroff(A_BOLD);
	} else if (y < maxy) {
		ui_put(y++, x, p->r.w, "Move: (the root position)", true);
	}
	if (y < maxy && trace_node_count(t) > 0) {
		char line[900];

		cursor_line_text(&s->root, t, node, line, sizeof line);
		snprintf(buf, sizeof buf, "Line: %s", line);
		y = wrap(y, x, p->r.w, maxy, buf);
	}
	if (y < maxy) {
		char sq[40] = "", stm[80] = "";

		if (s->opt.eval == EVAL_PST)
			snprintf(sq, sizeof sq, ", squares %+d", b.pst[WHITE] - b.pst[BLACK]);
		if (pos.side == BLACK)
			snprintf(stm, sizeof stm, " (%+d for White)", b.white);
		snprintf(buf, sizeof buf, "Static eval: %+d for %s to move%s%s", b.total,
			 pos.side == WHITE ? "White" : "Black", stm, sq);
		/* A practice walk's question may be this value (ui_practice.c). */
		if (ui_practice_hides_eval(ui))
			snprintf(buf, sizeof buf, "Static eval: hidden while you predict");
		y = wrap(y, x, p->r.w, maxy, buf);
	}
	for (; y < maxy; y++)
		ui_put(y, x, p->r.w, "", true);
}
