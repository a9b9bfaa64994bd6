/* pgn.c: PGN games written and read (a chess format: the core's, used by match, the tutor and the trace files). */
#include "chess/pgn.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "chess/fen.h"
#include "base/inputfile.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "base/util.h"

/* Movetext lines stay within this width (the PGN standard asks for at most 79). */
#define PGN_WIDTH 79

void pgn_write_tag(FILE *out, const char *name, const char *value)
{
	fprintf(out, "[%s \"", name);
	for (const char *p = value ? value : "?"; *p; p++) {
		if (*p == '"' || *p == '\\')
			fputc('\\', out);
		fputc(*p, out);
	}
	fputs("\"]\n", out);
}

void pgn_put_token(struct pgn_wrap *w, const char *tok)
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
	struct pgn_wrap w = { out, 0 };
	struct position pos = g->start;
	char fen[FEN_BUFSIZE];

	pgn_write_tag(out, "Event", tags->event);
	pgn_write_tag(out, "Site", tags->site);
	pgn_write_tag(out, "Date", tags->date ? tags->date : "????.??.??");
	pgn_write_tag(out, "Round", tags->round);
	pgn_write_tag(out, "White", tags->white);
	pgn_write_tag(out, "Black", tags->black);
	pgn_write_tag(out, "Result", game_result_text(g->result));
	fen_format(&g->start, fen);
	if (strcmp(fen, start_fen)) {
		pgn_write_tag(out, "SetUp", "1");
		pgn_write_tag(out, "FEN", fen);
	}
	fprintf(out, "[PlyCount \"%d\"]\n\n", g->nply);
	for (int i = 0; i < g->nply; i++) {
		char san[NOTATION_BUFSIZE], num[24];
		struct undo u;

		if (pos.side == WHITE) {
			snprintf(num, sizeof num, "%d.", pos.fullmove);
			pgn_put_token(&w, num);
		} else if (i == 0) {
			snprintf(num, sizeof num, "%d...", pos.fullmove);
			pgn_put_token(&w, num);
		}
		notation_san(&pos, g->moves[i], san);
		pgn_put_token(&w, san);
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
		pgn_put_token(&w, text);
	}
	pgn_put_token(&w, game_result_text(g->result));
	fputs("\n\n", out);
}

void pgn_put_number(struct pgn_wrap *w, const struct position *pos, bool force)
{
	char num[24];

	if (pos->side == WHITE)
		snprintf(num, sizeof num, "%d.", pos->fullmove);
	else if (force)
		snprintf(num, sizeof num, "%d...", pos->fullmove);
	else
		return;
	pgn_put_token(w, num);
}

void pgn_put_comment(struct pgn_wrap *w, const char *text)
{
	char word[128];
	size_t n = 0;
	bool first = true;

	for (const char *p = text;; p++) {
		if (*p == ' ' || *p == '\0') {
			if (n > 0 || *p == '\0') {
				char tok[136];

				word[n] = '\0';
				snprintf(tok, sizeof tok, "%s%s%s", first ? "{" : "", word, *p == '\0' ? "}" : "");
				pgn_put_token(w, tok);
				first = false;
				n = 0;
			}
			if (*p == '\0')
				break;
		} else if (n + 1 < sizeof word) {
			word[n++] = *p == '}' ? ')' : *p;
		}
	}
}

/* ------------------------------------------------------------ reading */

void pgn_reader_init(struct pgn_reader *r, const char *data, size_t len)
{
	memset(r, 0, sizeof *r);
	r->data = data;
	r->len = len;
	r->line = 1;
	r->column = 1;
}

static int peek(const struct pgn_reader *r)
{
	return r->pos < r->len ? (unsigned char)r->data[r->pos] : -1;
}

/* Consumes one character, keeping the line and column. */
static int next(struct pgn_reader *r)
{
	int c = peek(r);

	if (c < 0)
		return c;
	r->pos++;
	if (c == '\n') {
		r->line++;
		r->column = 1;
	} else if ((c & 0xC0) != 0x80) {
		r->column++;    /* columns count characters, not UTF-8 continuation bytes */
	}
	return c;
}

static bool fail_at(struct error *err, int line, int column, int game, const char *fmt, const char *a,
		    const char *b)
{
	char msg[sizeof err->msg];

	snprintf(msg, sizeof msg, fmt, a ? a : "", b ? b : "");
	return error_set(err, line, column, "game %d: %s", game, msg);
}

/*
 * Skips blanks, ';' comments, '%' escape lines and brace comments. Returns
 * false (with ERR) for a comment that does not end.
 */
static bool skip_blank(struct pgn_reader *r, int game, struct error *err)
{
	for (;;) {
		int c = peek(r);

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
			next(r);
		} else if (c == ';' || (c == '%' && r->column == 1)) {
			while (peek(r) >= 0 && peek(r) != '\n')
				next(r);
		} else if (c == '{') {
			int line = r->line, column = r->column;

			while ((c = next(r)) >= 0 && c != '}')
				;
			if (c < 0)
				return fail_at(err, line, column, game, "a comment '{' that is never closed with '}'",
					       NULL, NULL);
		} else {
			return true;
		}
	}
}

/* Reads a tag pair "[Name "value"]" (the '[' is next). */
static bool read_tag(struct pgn_reader *r, struct pgn_game *g, int game, struct error *err)
{
	char name[PGN_TAG_NAME], value[PGN_TAG_VALUE];
	size_t n = 0, v = 0;
	int line = r->line, column = r->column, c;

	next(r);
	while (peek(r) == ' ' || peek(r) == '\t')
		next(r);
	while ((c = peek(r)) >= 0 && (c == '_' || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
				       (c >= 'a' && c <= 'z'))) {
		if (n + 1 >= sizeof name)
			return fail_at(err, line, column, game, "a tag name longer than %s characters", "31", NULL);
		name[n++] = (char)next(r);
	}
	name[n] = '\0';
	if (n == 0)
		return fail_at(err, r->line, r->column, game,
			       "a tag name (letters, digits, '_') after '[', as in [White \"Morphy\"]", NULL, NULL);
	while (peek(r) == ' ' || peek(r) == '\t')
		next(r);
	if (peek(r) != '"')
		return fail_at(err, r->line, r->column, game, "the tag %s needs a value in double quotes", name,
			       NULL);
	next(r);
	for (;;) {
		c = next(r);
		if (c < 0 || c == '\n')
			return fail_at(err, line, column, game, "the value of tag %s does not end with '\"' on its line",
				       name, NULL);
		if (c == '"')
			break;
		if (c == '\\') {
			int at = r->column - 1;

			c = next(r);
			if (c != '"' && c != '\\')
				return fail_at(err, r->line, at, game,
					       "in tag %s, '\\' must be followed by '\"' or '\\'", name, NULL);
		}
		if (v + 1 < sizeof value)
			value[v++] = (char)c;
	}
	value[v] = '\0';
	while (peek(r) == ' ' || peek(r) == '\t')
		next(r);
	if (peek(r) != ']')
		return fail_at(err, r->line, r->column, game, "']' to close the tag %s", name, NULL);
	next(r);
	for (int i = 0; i < g->ntags; i++)
		if (!strcmp(g->tags[i].name, name))
			return fail_at(err, line, column, game, "the tag %s is given twice", name, NULL);
	if (g->ntags < PGN_MAX_TAGS) {
		snprintf(g->tags[g->ntags].name, PGN_TAG_NAME, "%s", name);
		snprintf(g->tags[g->ntags].value, PGN_TAG_VALUE, "%s", value);
		g->ntags++;
	}
	return true;
}

const char *pgn_tag(const struct pgn_game *g, const char *name)
{
	for (int i = 0; i < g->ntags; i++)
		if (!strcmp(g->tags[i].name, name))
			return g->tags[i].value;
	return NULL;
}

static bool is_result(const char *t)
{
	return !strcmp(t, "1-0") || !strcmp(t, "0-1") || !strcmp(t, "1/2-1/2") || !strcmp(t, "*");
}

/* The start position from the SetUp and FEN tags (or the standard one). */
static bool start_position(struct pgn_game *g, int game, struct error *err, struct position *pos)
{
	const char *fen = pgn_tag(g, "FEN"), *setup = pgn_tag(g, "SetUp"), *variant = pgn_tag(g, "Variant");
	struct error ferr = { 0 };

	if (variant && strcasecmp(variant, "standard") && strcasecmp(variant, "chess") &&
	    strcasecmp(variant, "normal") && strcasecmp(variant, "from position"))
		return fail_at(err, g->line, 1, game, "the variant '%s' is not standard chess", variant, NULL);
	if (setup && strcmp(setup, "0") && strcmp(setup, "1"))
		return fail_at(err, g->line, 1, game, "SetUp must be \"0\" or \"1\", not \"%s\"", setup, NULL);
	if (fen == NULL || (setup && !strcmp(setup, "0")))
		fen = BOARD_START_FEN;
	if (!fen_parse(pos, fen, &ferr))
		return fail_at(err, g->line, 1, game, "invalid FEN tag: %.200s", ferr.msg, NULL);
	return true;
}

/* Reports an error of pgn_read: -1 with ERR filled. */
#define FAIL_READ(...) (fail_at(__VA_ARGS__), -1)

int pgn_read(struct pgn_reader *r, struct pgn_game *g, struct error *err)
{
	int game = r->games + 1, depth = 0, c;
	struct position start;
	bool in_moves = false;
	char tok[64];

	memset(g, 0, offsetof(struct pgn_game, tags));
	g->ntags = 0;
	g->result[0] = '\0';
	if (r->pos == 0) {
		size_t bad = util_utf8_invalid((const unsigned char *)r->data, r->len);

		if (r->len >= 3 && !memcmp(r->data, "\xEF\xBB\xBF", 3)) {
			/* A byte-order mark: skip it. */
			r->pos = 3;
			/* A second one is invisible in an editor: name it rather than read it as a move. */
			if (r->len >= 6 && !memcmp(r->data + 3, "\xEF\xBB\xBF", 3)) {
				error_set(err, 1, 2, "a second byte-order mark (U+FEFF) after the first: "
					  "the file starts with two; remove one");
				return -1;
			}
		}
		if (bad < r->len) {
			int line, column;

			util_text_place(r->data, bad, &line, &column);
			error_set(err, line, column, "byte 0x%02X is not UTF-8 text (PGN files are read as UTF-8)",
				  (unsigned char)r->data[bad]);
			return -1;
		}
		if (memchr(r->data, '\0', r->len)) {
			error_set(err, 0, 0, "the file holds a NUL byte: it is not a PGN text");
			return -1;
		}
	}
	if (!skip_blank(r, game, err))
		return -1;
	if (peek(r) < 0)
		return 0;
	g->line = r->line;
	/* The tag pairs. */
	while (peek(r) == '[') {
		if (!read_tag(r, g, game, err) || !skip_blank(r, game, err))
			return -1;
	}
	if (!start_position(g, game, err, &start))
		return -1;
	game_start(&g->game, &start, GAME_MAX_PLIES);
	/* The movetext. */
	for (;;) {
		int line, column;
		size_t n = 0;
		move m;
		struct error merr = { 0 };

		if (!skip_blank(r, game, err))
			return -1;
		line = r->line;
		column = r->column;
		c = peek(r);
		if (c < 0) {
			if (depth > 0)
				return FAIL_READ(err, line, column, game, "a variation '(' that is never closed with ')'",
					       NULL, NULL);
			if (!in_moves && g->ntags > 0)
				return FAIL_READ(err, line, column, game,
					       "tags with no moves and no result after them: the game is cut short", NULL, NULL);
			return FAIL_READ(err, line, column, game,
				       "the game ends without a result (1-0, 0-1, 1/2-1/2 or *): is it cut short?", NULL,
				       NULL);
		}
		if (c == '(') {
			next(r);
			depth++;
			continue;
		}
		if (c == ')') {
			if (depth == 0)
				return FAIL_READ(err, line, column, game, "a ')' with no '(' before it", NULL, NULL);
			next(r);
			depth--;
			continue;
		}
		if (c == '[') {
			return FAIL_READ(err, line, column, game,
				       "a tag inside the moves: the game before it has no result (1-0, 0-1, 1/2-1/2 or *)",
				       NULL, NULL);
		}
		if (c == '$') {
			next(r);
			if (!(peek(r) >= '0' && peek(r) <= '9'))
				return FAIL_READ(err, line, column, game, "a NAG: '$' followed by digits, as in $1", NULL, NULL);
			while (peek(r) >= '0' && peek(r) <= '9')
				next(r);
			continue;
		}
		if (c == '}')
			return FAIL_READ(err, line, column, game, "a '}' with no '{' before it", NULL, NULL);
		/* A token: up to a blank or a delimiter. */
		while ((c = peek(r)) >= 0 && !strchr(" \t\r\n\f\v(){};[]$\"", c)) {
			if (n + 1 >= sizeof tok)
				return FAIL_READ(err, line, column, game, "a word of more than 63 characters in the moves",
					       NULL, NULL);
			tok[n++] = (char)next(r);
		}
		tok[n] = '\0';
		if (n == 0) {
			char bad[2] = { (char)c, '\0' };

			next(r);
			return FAIL_READ(err, line, column, game, "unexpected '%s' in the moves", bad, NULL);
		}
		in_moves = true;
		if (is_result(tok)) {
			if (depth > 0)
				continue;   /* a variation may end with a result */
			snprintf(g->result, sizeof g->result, "%.7s", tok);
			{
				const char *tag = pgn_tag(g, "Result");

				if (tag && strcmp(tag, tok))
					return FAIL_READ(err, line, column, game,
						       "the game ends with %s but its Result tag says %s", tok, tag);
			}
			r->games++;
			return 1;
		}
		/* A move number: digits and dots, perhaps glued to the move ("12.e4"). */
		{
			char *p = tok;

			while (*p >= '0' && *p <= '9')
				p++;
			if (p > tok && *p == '.') {
				while (*p == '.')
					p++;
				if (*p == '\0')
					continue;
				memmove(tok, p, strlen(p) + 1);
				column += (int)(p - tok);
			} else if (p > tok && *p == '\0') {
				continue;   /* a bare number: a move number without its dot */
			}
		}
		if (depth > 0)
			continue;       /* moves of a variation are skipped */
		if (!strcmp(tok, "--") || !strcmp(tok, "Z0") || !strcmp(tok, "0000"))
			return FAIL_READ(err, line, column, game, "the null move '%s' is not supported", tok, NULL);
		if (g->game.nply >= GAME_MAX_PLIES)
			return FAIL_READ(err, line, column, game, "the game is longer than %s plies", "1024", NULL);
		if (!notation_parse(&g->game.pos, tok, &m, &merr)) {
			char what[96];

			snprintf(what, sizeof what, "move %d%s %s", g->game.pos.fullmove,
				 g->game.pos.side == WHITE ? "." : "...", tok);
			return FAIL_READ(err, line, column, game, "illegal or unreadable %s: %s", what, merr.msg);
		}
		/* Draws by rule may be played on (a player must claim them); mate and stalemate end the game. */
		if (g->game.reason != GAME_CHECKMATE && g->game.reason != GAME_STALEMATE)
			g->game.result = GAME_ONGOING;
		if (!game_play(&g->game, m))
			return FAIL_READ(err, line, column, game, "the move %s comes after the game ended (%s)", tok,
				       game_reason_text(g->game.reason));
	}
}

bool pgn_load(const char *path, int number, struct pgn_game *g, struct error *err)
{
	struct error ferr = { 0 };
	FILE *fp = inputfile_open(path, &ferr);
	struct pgn_reader r;
	char *data;
	size_t len = 0, cap = 65536;
	int rc;

	if (fp == NULL)
		return error_set(err, 0, 0, "%s: %s", path, ferr.msg);
	data = xmalloc(cap);
	for (;;) {
		size_t got;

		if (len == cap) {
			if (cap >= (size_t)PGN_MAX_FILE) {
				fclose(fp);
				free(data);
				return error_set(err, 0, 0, "%s: larger than %ld MB: not read", path,
						 PGN_MAX_FILE / (1024 * 1024));
			}
			cap *= 2;
			data = xrealloc(data, cap);
		}
		got = fread(data + len, 1, cap - len, fp);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(fp)) {
		fclose(fp);
		free(data);
		return error_set(err, 0, 0, "%s: cannot read it", path);
	}
	fclose(fp);
	pgn_reader_init(&r, data, len);
	for (int i = 1;; i++) {
		rc = pgn_read(&r, g, &ferr);
		if (rc < 0) {
			free(data);
			if (ferr.line > 0)
				return error_set(err, ferr.line, ferr.column, "%s:%d:%d: %s", path, ferr.line,
						 ferr.column, ferr.msg);
			return error_set(err, 0, 0, "%s: %s", path, ferr.msg);
		}
		if (rc == 0) {
			free(data);
			if (i == 1)
				return error_set(err, 0, 0, "%s: no game in the file", path);
			error_set(err, 0, 0, "%s: there is no game %d: the file holds %d game%s", path, number,
				  i - 1, i - 1 == 1 ? "" : "s");
			if (err != NULL)
				err->kind = ERROR_NOT_FOUND;
			return false;
		}
		if (i == number)
			break;
	}
	free(data);
	return true;
}

bool pgn_position_at(const struct pgn_game *g, int ply, struct position *pos)
{
	struct undo u;

	if (ply > g->game.nply)
		return false;
	if (ply < 0)
		ply = g->game.nply;
	*pos = g->game.start;
	for (int i = 0; i < ply; i++)
		board_make(pos, g->game.moves[i], &u);
	return true;
}
