/* pgn.c: PGN games written and read. */
#include "pgn.h"

#include <string.h>

#include "fen.h"
#include "notation.h"

/* Movetext lines stay within this width (the PGN standard asks for at most 79). */
#define PGN_WIDTH 79

/* Writes a tag pair, escaping '"' and '\\' in VALUE as the standard says. */
static void write_tag(FILE *out, const char *name, const char *value)
{
	fprintf(out, "[%s \"", name);
	for (const char *p = value ? value : "?"; *p; p++) {
		if (*p == '"' || *p == '\\')
			fputc('\\', out);
		fputc(*p, out);
	}
	fputs("\"]\n", out);
}

/* Movetext output, wrapped at PGN_WIDTH. */
struct wrap {
	FILE *out;
	int col;
};

static void put_token(struct wrap *w, const char *tok)
{
	int len = (int)strlen(tok);

	if (w->col > 0 && w->col + 1 + len > PGN_WIDTH) {
		fputc('\n', w->out);
		w->col = 0;
	}
	if (w->col > 0) {
		fputc(' ', w->out);
		w->col++;
	}
	fputs(tok, w->out);
	w->col += len;
}

void pgn_write_game(FILE *out, const struct game *g, const struct pgn_tags *tags)
{
	static const char start_fen[] = BOARD_START_FEN;
	struct wrap w = { out, 0 };
	struct position pos = g->start;
	char fen[FEN_BUFSIZE];

	write_tag(out, "Event", tags->event);
	write_tag(out, "Site", tags->site);
	write_tag(out, "Date", tags->date ? tags->date : "????.??.??");
	write_tag(out, "Round", tags->round);
	write_tag(out, "White", tags->white);
	write_tag(out, "Black", tags->black);
	write_tag(out, "Result", game_result_text(g->result));
	fen_format(&g->start, fen);
	if (strcmp(fen, start_fen)) {
		write_tag(out, "SetUp", "1");
		write_tag(out, "FEN", fen);
	}
	fprintf(out, "[PlyCount \"%d\"]\n\n", g->nply);
	for (int i = 0; i < g->nply; i++) {
		char san[NOTATION_BUFSIZE], num[24];
		struct undo u;

		if (pos.side == WHITE) {
			snprintf(num, sizeof num, "%d.", pos.fullmove);
			put_token(&w, num);
		} else if (i == 0) {
			snprintf(num, sizeof num, "%d...", pos.fullmove);
			put_token(&w, num);
		}
		notation_san(&pos, g->moves[i], san);
		put_token(&w, san);
		board_make(&pos, g->moves[i], &u);
	}
	if (tags->comment && *tags->comment) {
		/* A comment cannot hold '}': it would end it early. */
		char text[256];
		size_t n = 0;

		text[n++] = '{';
		for (const char *p = tags->comment; *p && n < sizeof text - 2; p++)
			text[n++] = *p == '}' ? ')' : *p;
		text[n++] = '}';
		text[n] = '\0';
		put_token(&w, text);
	}
	put_token(&w, game_result_text(g->result));
	fputs("\n\n", out);
}
