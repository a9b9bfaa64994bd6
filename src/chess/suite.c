/* suite.c: reading test suites from EPD files and Lichess puzzle CSV files. */
#include "chess/suite.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "base/inputfile.h"
#include "chess/notation.h"
#include "base/util.h"

/* Longest CSV record accepted (all its fields together); Lichess rows are about 200 bytes. */
#define CSV_MAX_RECORD 65536
#define CSV_MAX_FIELDS 64

const char *suite_format_name(enum suite_format format)
{
	return format == SUITE_LICHESS ? "lichess" : "epd";
}

bool suite_scorable(const struct suite_position *p)
{
	return p->bm_count > 0 || p->am_count > 0;
}

bool suite_solves(const struct suite_position *p, move m)
{
	bool in_bm = false;

	if (m == MOVE_NONE || !suite_scorable(p))
		return false;
	for (int i = 0; i < p->am_count; i++)
		if (p->am[i] == m)
			return false;
	if (p->bm_count == 0)
		return true;
	for (int i = 0; i < p->bm_count; i++)
		in_bm |= p->bm[i] == m;
	return in_bm;
}

void suite_free(struct suite *s)
{
	free(s->positions);
	memset(s, 0, sizeof *s);
}

/* Appends an empty position to S and returns it. */
static struct suite_position *suite_append(struct suite *s, int *capacity)
{
	if (s->count == *capacity) {
		*capacity = *capacity ? *capacity * 2 : 256;
		s->positions = xrealloc(s->positions, (size_t)*capacity * sizeof *s->positions);
	}
	memset(&s->positions[s->count], 0, sizeof s->positions[0]);
	return &s->positions[s->count++];
}

/* ------------------------------------------------------------------ EPD */

static bool load_epd(struct suite *s, const char *path, struct error *err)
{
	struct epd_file file;
	int capacity = 0;

	if (!epd_read_file(&file, path, err))
		return false;
	for (int i = 0; i < file.count; i++) {
		const struct epd_record *rec = &file.records[i];
		struct suite_position *p = suite_append(s, &capacity);

		p->pos = rec->pos;
		p->line = file.linenos[i];
		if (rec->id[0] != '\0')
			snprintf(p->id, sizeof p->id, "%s", rec->id);
		else
			snprintf(p->id, sizeof p->id, "line %d", p->line);
		p->bm_count = rec->bm_count;
		memcpy(p->bm, rec->bm, sizeof(move) * (size_t)rec->bm_count);
		p->am_count = rec->am_count;
		memcpy(p->am, rec->am, sizeof(move) * (size_t)rec->am_count);
	}
	epd_file_free(&file);
	return true;
}

/* ------------------------------------------------------------------ CSV */

/* One field of a CSV record: its text (unquoted, NUL-terminated) and where it starts. */
struct csv_field {
	size_t offset;          /* into the reader's buffer */
	int line, column;       /* of its first character (of the opening quote when quoted) */
	bool quoted;
};

struct csv_reader {
	FILE *fp;
	const char *path;
	int line, column;       /* of the next character */
	char *buf;              /* the fields of the current record, each NUL-terminated */
	size_t len;
	int nfields;
	struct csv_field fields[CSV_MAX_FIELDS];
	int record_line;
};

static int csv_getc(struct csv_reader *r)
{
	int ch = getc(r->fp);

	if (ch == '\n') {
		r->line++;
		r->column = 1;
	} else if (ch != EOF) {
		r->column++;
	}
	return ch;
}

/* Reads the next character when it is WANT; otherwise leaves it. */
static bool csv_accept(struct csv_reader *r, int want)
{
	int ch = getc(r->fp);

	if (ch == want) {
		if (ch == '\n') {
			r->line++;
			r->column = 1;
		} else {
			r->column++;
		}
		return true;
	}
	if (ch != EOF)
		ungetc(ch, r->fp);
	return false;
}

static bool csv_put(struct csv_reader *r, char ch, struct error *err)
{
	if (r->len + 1 >= CSV_MAX_RECORD)
		return error_set(err, r->record_line, 1, "%s:%d:1: the record is longer than %d bytes",
				 r->path, r->record_line, CSV_MAX_RECORD - 1);
	r->buf[r->len++] = ch;
	return true;
}

/*
 * Reads one record into R's fields. Returns 1 for a record, 0 at the end of
 * the file, -1 on an error (in ERR). Fields are separated by ',', records by
 * LF or CRLF; a field that starts with '"' is quoted: it runs to the next
 * lone '"', may hold ',', line breaks and '""' (one '"').
 */
static int csv_read_record(struct csv_reader *r, struct error *err)
{
	int ch;

	r->len = 0;
	r->nfields = 0;
	r->record_line = r->line;
	ch = getc(r->fp);
	if (ch == EOF)
		return ferror(r->fp) ? (error_set(err, r->line, 0, "%s:%d: read error: %s", r->path,
						 r->line, strerror(errno)), -1) : 0;
	ungetc(ch, r->fp);

	for (;;) {
		struct csv_field *f;

		if (r->nfields == CSV_MAX_FIELDS) {
			error_set(err, r->line, r->column, "%s:%d:%d: more than %d fields in one record",
				  r->path, r->line, r->column, CSV_MAX_FIELDS);
			return -1;
		}
		f = &r->fields[r->nfields++];
		f->offset = r->len;
		f->line = r->line;
		f->column = r->column;
		f->quoted = csv_accept(r, '"');
		for (;;) {
			int line = r->line, column = r->column;

			ch = csv_getc(r);
			if (ch == '\0') {
				error_set(err, line, column, "%s:%d:%d: NUL byte; a CSV file is text",
					  r->path, line, column);
				return -1;
			}
			if (f->quoted) {
				if (ch == EOF) {
					error_set(err, f->line, f->column,
						  "%s:%d:%d: field %d: the quoted field that starts here has no closing '\"'",
						  r->path, f->line, f->column, r->nfields);
					return -1;
				}
				if (ch == '"') {
					if (csv_accept(r, '"')) {
						if (!csv_put(r, '"', err))
							return -1;
						continue;
					}
					/* The closing quote: a separator or the end of the record must follow. */
					line = r->line;
					column = r->column;
					ch = csv_getc(r);
					if (ch == '\r' && csv_accept(r, '\n'))
						ch = '\n';
					if (ch != ',' && ch != '\n' && ch != EOF) {
						error_set(err, line, column,
							  "%s:%d:%d: field %d: unexpected '%c' after the closing quote; expected ',' or the end of the line",
							  r->path, line, column, r->nfields,
							  ch >= 0x20 && ch < 0x7f ? ch : '?');
						return -1;
					}
					break;
				}
			} else {
				if (ch == '\r' && csv_accept(r, '\n'))
					ch = '\n';
				if (ch == ',' || ch == '\n' || ch == EOF)
					break;
				if (ch == '"') {
					error_set(err, line, column,
						  "%s:%d:%d: field %d: a '\"' inside a field that does not start with one; quote the whole field and double the quote",
						  r->path, line, column, r->nfields);
					return -1;
				}
			}
			if (!csv_put(r, (char)ch, err))
				return -1;
		}
		if (!csv_put(r, '\0', err))
			return -1;
		if (ch != ',')
			return 1;
	}
}

static const char *csv_text(const struct csv_reader *r, int i)
{
	return r->buf + r->fields[i].offset;
}

/* The column of byte OFFSET of field I (exact unless the field holds doubled quotes or line breaks). */
static int csv_column(const struct csv_reader *r, int i, size_t offset)
{
	return r->fields[i].column + (r->fields[i].quoted ? 1 : 0) + (int)offset;
}

static bool csv_blank_record(const struct csv_reader *r)
{
	return r->nfields == 1 && !r->fields[0].quoted && csv_text(r, 0)[0] == '\0';
}

/* Finds the word at *P (space-separated), returning its offset in TEXT and length; false at the end. */
static bool next_word(const char *text, size_t *pos, size_t *start, size_t *len)
{
	size_t p = *pos;

	while (text[p] == ' ' || text[p] == '\t')
		p++;
	if (text[p] == '\0')
		return false;
	*start = p;
	while (text[p] != '\0' && text[p] != ' ' && text[p] != '\t')
		p++;
	*len = p - *start;
	*pos = p;
	return true;
}

/* Reads the row in R (columns ID, FEN and MOVES) into P. */
static bool lichess_row(const struct csv_reader *r, int id_col, int fen_col, int moves_col,
			struct suite_position *p, struct error *err)
{
	const char *fen = csv_text(r, fen_col), *moves = csv_text(r, moves_col);
	const struct csv_field *ff = &r->fields[fen_col], *mf = &r->fields[moves_col];
	struct error e = { 0 };
	struct position pos;
	size_t at = 0, start[2], len[2];
	char word[2][16];
	move m[2];
	struct undo u;

	p->line = r->record_line;
	if (csv_text(r, id_col)[0] != '\0')
		snprintf(p->id, sizeof p->id, "%s", csv_text(r, id_col));
	else
		snprintf(p->id, sizeof p->id, "line %d", p->line);

	if (!fen_parse(&pos, fen, &e)) {
		int col = e.column > 0 ? csv_column(r, fen_col, (size_t)e.column - 1) : ff->column;

		return error_set(err, ff->line, col, "%s:%d:%d: field %d (FEN): %s", r->path, ff->line, col,
				 fen_col + 1, e.msg);
	}
	for (int k = 0; k < 2; k++) {
		if (!next_word(moves, &at, &start[k], &len[k])) {
			int col = csv_column(r, moves_col, strlen(moves));

			return error_set(err, mf->line, col,
					 "%s:%d:%d: field %d (Moves): %s; expected the opponent's move and the solver's reply in UCI, such as \"e2e4 e7e5\"",
					 r->path, mf->line, col, moves_col + 1,
					 k == 0 ? "no moves" : "only one move");
		}
		if (len[k] >= sizeof word[k]) {
			int col = csv_column(r, moves_col, start[k]);

			return error_set(err, mf->line, col, "%s:%d:%d: field %d (Moves): Moves[%d] '%.20s...' is not a UCI move",
					 r->path, mf->line, col, moves_col + 1, k, moves + start[k]);
		}
		memcpy(word[k], moves + start[k], len[k]);
		word[k][len[k]] = '\0';
		if (!notation_parse_uci(&pos, word[k], &m[k], &e)) {
			int col = csv_column(r, moves_col, start[k]);

			if (k == 0)
				return error_set(err, mf->line, col,
						 "%s:%d:%d: field %d (Moves): Moves[0], the opponent's move '%s', is not legal in the FEN position: %s",
						 r->path, mf->line, col, moves_col + 1, word[0], e.msg);
			return error_set(err, mf->line, col,
					 "%s:%d:%d: field %d (Moves): Moves[1], the solver's move '%s', is not legal after %s: %s",
					 r->path, mf->line, col, moves_col + 1, word[1], word[0], e.msg);
		}
		if (k == 0)
			board_make(&pos, m[0], &u);
	}
	p->pos = pos;
	p->bm[0] = m[1];
	p->bm_count = 1;
	return true;
}

/* Finds the column named NAME in the header; -1 when there is none. */
static int header_column(const struct csv_reader *r, const char *name)
{
	for (int i = 0; i < r->nfields; i++)
		if (strcmp(csv_text(r, i), name) == 0)
			return i;
	return -1;
}

static bool load_lichess(struct suite *s, FILE *fp, const char *path, struct error *err)
{
	struct csv_reader r;
	int capacity = 0, id_col, fen_col, moves_col, header_fields, rc;
	bool ok = true;

	memset(&r, 0, sizeof r);
	r.fp = fp;
	r.path = path;
	r.line = 1;
	r.column = 1;
	r.buf = xmalloc(CSV_MAX_RECORD);
	s->format = SUITE_LICHESS;

	/* The header names the columns; PuzzleId, FEN and Moves are needed. */
	if (csv_read_record(&r, err) != 1) {
		free(r.buf);
		return false;
	}
	id_col = header_column(&r, "PuzzleId");
	fen_col = header_column(&r, "FEN");
	moves_col = header_column(&r, "Moves");
	header_fields = r.nfields;
	if (id_col < 0 || fen_col < 0 || moves_col < 0) {
		error_set(err, 1, 1, "%s:1:1: the header lacks the column %s; a Lichess puzzle CSV starts with \"PuzzleId,FEN,Moves,...\"",
			  path, id_col < 0 ? "PuzzleId" : fen_col < 0 ? "FEN" : "Moves");
		free(r.buf);
		return false;
	}

	while (ok && (rc = csv_read_record(&r, err)) == 1) {
		if (csv_blank_record(&r))
			continue;
		if (r.nfields != header_fields) {
			ok = error_set(err, r.record_line, 1,
				       "%s:%d:1: %d field%s; the header has %d (a ',' inside a field needs the field in \"quotes\")",
				       path, r.record_line, r.nfields, r.nfields == 1 ? "" : "s", header_fields);
			break;
		}
		ok = lichess_row(&r, id_col, fen_col, moves_col, suite_append(s, &capacity), err);
		if (ok)
			s->scorable++;
	}
	if (ok && rc < 0)
		ok = false;
	free(r.buf);
	return ok;
}

/* ------------------------------------------------------------------ both */

bool suite_load(struct suite *s, const char *path, struct error *err)
{
	static const char bom[] = "\xEF\xBB\xBF", magic[] = "PuzzleId,";
	char head[16];
	size_t n, skip = 0;
	struct error open_err = { 0 };
	FILE *fp;
	bool ok;

	memset(s, 0, sizeof *s);
	/* A regular file only: a directory is said to be one, and a FIFO would block the read forever. */
	fp = inputfile_open(path, &open_err);
	if (fp == NULL)
		return error_set(err, 0, 0, "%s: %s", path, open_err.msg);
	n = fread(head, 1, sizeof head, fp);
	if (n >= 3 && memcmp(head, bom, 3) == 0)
		skip = 3;
	if (n >= skip + sizeof magic - 1 && memcmp(head + skip, magic, sizeof magic - 1) == 0) {
		if (fseek(fp, (long)skip, SEEK_SET) != 0) {
			fclose(fp);
			return error_set(err, 0, 0, "%s: cannot seek: %s", path, strerror(errno));
		}
		ok = load_lichess(s, fp, path, err);
		fclose(fp);
	} else {
		fclose(fp);
		s->format = SUITE_EPD;
		ok = load_epd(s, path, err);
		for (int i = 0; ok && i < s->count; i++)
			s->scorable += suite_scorable(&s->positions[i]);
	}
	if (!ok)
		suite_free(s);
	return ok;
}
