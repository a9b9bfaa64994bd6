/* epd.c: reading EPD records (test suites and perft suites) line by line and file by file. */
#include "chess/epd.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "base/inputfile.h"
#include "chess/notation.h"
#include "base/util.h"

/* Operands kept per operation; more are counted but not kept. */
#define EPD_MAX_OPERANDS 64
/* The EPD standard limits an opcode to 14 characters. */
#define EPD_MAX_OPCODE 14

/* One operand: where it starts in the line, its length and whether it was quoted. */
struct operand {
	const char *text;    /* without the quotes */
	size_t len;
	int column;          /* of the operand (of its opening quote when quoted) */
	bool quoted;
};

/* One operation: an opcode, its operands and whether a ';' ended it. */
struct operation {
	const char *opcode;
	size_t oplen;
	int column;
	int count;
	struct operand operands[EPD_MAX_OPERANDS];
	bool terminated;
};

/*
 * An error found inside a line: the column and a message without a location
 * prefix; LOCATED is set when the message already names its column (the FEN
 * parser's messages do).
 */
struct line_error {
	struct error e;
	bool located;
};

static bool is_space(char ch)
{
	return ch == ' ' || ch == '\t';
}

/* Copies LEN bytes at P into BUF (size N) for a message: util_quote, at most 40 bytes. */
static void describe(const char *p, size_t len, char *buf, size_t n)
{
	util_quote(p, len, 40, buf, n);
}

static bool opcode_is(const struct operation *op, const char *name)
{
	return op->oplen == strlen(name) && memcmp(op->opcode, name, op->oplen) == 0;
}

/* Whether the opcode is a name as the EPD standard writes them: a letter, then letters, digits or '_'. */
static bool opcode_valid(const struct operation *op)
{
	if (op->oplen == 0 || op->oplen > EPD_MAX_OPCODE)
		return false;
	if (!((op->opcode[0] >= 'a' && op->opcode[0] <= 'z') ||
	      (op->opcode[0] >= 'A' && op->opcode[0] <= 'Z')))
		return false;
	for (size_t i = 1; i < op->oplen; i++) {
		char ch = op->opcode[i];

		if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		      (ch >= '0' && ch <= '9') || ch == '_'))
			return false;
	}
	return true;
}

/*
 * Reads one operation at *PP: an opcode, then operands (bare words or
 * "quoted strings") up to a ';' or the end of the line. BUF is the start of
 * the line, for columns.
 */
static bool read_operation(const char *buf, const char **pp, struct operation *op,
			   struct line_error *le)
{
	const char *p = *pp;

	memset(op, 0, sizeof *op);
	op->opcode = p;
	op->column = (int)(p - buf) + 1;
	while (*p != '\0' && !is_space(*p) && *p != ';' && *p != '"')
		p++;
	op->oplen = (size_t)(p - op->opcode);
	if (op->oplen == 0)
		return error_set(&le->e, 0, op->column,
				 "expected an opcode (such as bm, id or c0) before the quoted string");
	for (;;) {
		struct operand o;

		while (is_space(*p))
			p++;
		if (*p == '\0')
			break;
		if (*p == ';') {
			op->terminated = true;
			p++;
			break;
		}
		o.column = (int)(p - buf) + 1;
		if (*p == '"') {
			const char *close = strchr(p + 1, '"');
			char name[EPD_MAX_OPCODE + 8];

			describe(op->opcode, op->oplen, name, sizeof name);
			if (close == NULL)
				return error_set(&le->e, 0, o.column,
						 "%s operand: the quoted string that starts here has no closing '\"'",
						 name);
			o.text = p + 1;
			o.len = (size_t)(close - (p + 1));
			o.quoted = true;
			/* Text glued to the closing quote counts as the next operand. */
			p = close + 1;
		} else {
			o.text = p;
			while (*p != '\0' && !is_space(*p) && *p != ';')
				p++;
			o.len = (size_t)(p - o.text);
			o.quoted = false;
		}
		if (op->count < EPD_MAX_OPERANDS)
			op->operands[op->count] = o;
		op->count++;
	}
	*pp = p;
	return true;
}

/* bm and am: one or more SAN moves, each legal in the record's position. */
static bool do_moves(struct epd_record *rec, const struct operation *op, move *moves,
		     int *count, struct line_error *le)
{
	char name[EPD_MAX_OPCODE + 8], text[64], san[48];

	describe(op->opcode, op->oplen, name, sizeof name);
	if (*count > 0)
		return error_set(&le->e, 0, op->column, "%s is given twice in one record", name);
	if (op->count == 0)
		return error_set(&le->e, 0, op->column,
				 "%s needs at least one move, such as %s Nf3;", name, name);
	if (op->count > EPD_MAX_BM)
		return error_set(&le->e, 0, op->operands[EPD_MAX_BM].column,
				 "%s has %d moves; at most %d are accepted", name, op->count, EPD_MAX_BM);
	for (int i = 0; i < op->count; i++) {
		const struct operand *o = &op->operands[i];
		struct error e = { 0 };
		move m;

		describe(o->text, o->len, text, sizeof text);
		if (o->quoted)
			return error_set(&le->e, 0, o->column,
					 "%s operand \"%s\" is a quoted string; expected a SAN move such as Nf3",
					 name, text);
		if (o->len >= sizeof san)
			return error_set(&le->e, 0, o->column,
					 "%s operand '%s' is not a move; expected a SAN move such as Nf3",
					 name, text);
		memcpy(san, o->text, o->len);
		san[o->len] = '\0';
		if (!notation_parse_san(&rec->pos, san, &m, &e))
			return error_set(&le->e, 0, o->column,
					 "%s operand '%s' is not a legal move: %s", name, text, e.msg);
		moves[i] = m;
	}
	*count = op->count;
	return true;
}

/* id and c0 … c9: one string (quoted, or a single word), kept in BUF of size N. */
static bool do_string(const struct operation *op, char *buf, size_t n, bool *given,
		      struct line_error *le)
{
	char name[EPD_MAX_OPCODE + 8];

	describe(op->opcode, op->oplen, name, sizeof name);
	if (*given)
		return error_set(&le->e, 0, op->column, "%s is given twice in one record", name);
	if (op->count == 0)
		return error_set(&le->e, 0, op->column,
				 "%s needs one operand, a quoted string such as %s \"text\";", name, name);
	if (op->count > 1)
		return error_set(&le->e, 0, op->operands[1].column,
				 "%s has %d operands; expected one quoted string (put text with spaces in \"quotes\")",
				 name, op->count);
	if (op->operands[0].len >= n)
		return error_set(&le->e, 0, op->operands[0].column,
				 "%s is %zu characters long; at most %zu are accepted",
				 name, op->operands[0].len, n - 1);
	memcpy(buf, op->operands[0].text, op->operands[0].len);
	buf[op->operands[0].len] = '\0';
	*given = true;
	return true;
}

/* Reads the one unsigned decimal operand of OP into *OUT, refusing anything above MAX. */
static bool do_number(const struct operation *op, uint64_t max, uint64_t *out,
		      struct line_error *le)
{
	const struct operand *o;
	char name[EPD_MAX_OPCODE + 8], text[64];
	uint64_t value = 0;

	describe(op->opcode, op->oplen, name, sizeof name);
	if (op->count != 1)
		return error_set(&le->e, 0, op->count == 0 ? op->column : op->operands[1].column,
				 "%s takes one whole number; %d operands given", name, op->count);
	o = &op->operands[0];
	describe(o->text, o->len, text, sizeof text);
	if (o->quoted || o->len == 0)
		return error_set(&le->e, 0, o->column,
				 "%s operand \"%s\" is quoted; expected a bare whole number", name, text);
	for (size_t i = 0; i < o->len; i++) {
		unsigned digit = (unsigned)(o->text[i] - '0');

		if (o->text[i] < '0' || o->text[i] > '9')
			return error_set(&le->e, 0, o->column,
					 "%s operand '%s' is not a whole number; expected digits such as 8902",
					 name, text);
		if (value > (max - digit) / 10)
			return error_set(&le->e, 0, o->column,
					 "%s operand '%s' is too large; expected at most %llu",
					 name, text, (unsigned long long)max);
		value = value * 10 + digit;
	}
	*out = value;
	return true;
}

/* Acts on one operation: keeps the ones the tool knows, checks their operands, ignores others. */
static bool do_operation(struct epd_record *rec, const struct operation *op,
			 bool *id_given, struct line_error *le)
{
	uint64_t value;

	if (opcode_is(op, "bm"))
		return do_moves(rec, op, rec->bm, &rec->bm_count, le);
	if (opcode_is(op, "am"))
		return do_moves(rec, op, rec->am, &rec->am_count, le);
	if (opcode_is(op, "id"))
		return do_string(op, rec->id, sizeof rec->id, id_given, le);
	if (op->oplen == 2 && op->opcode[0] == 'c' && op->opcode[1] >= '0' && op->opcode[1] <= '9') {
		int k = op->opcode[1] - '0';

		return do_string(op, rec->comment[k], sizeof rec->comment[k],
				 &rec->has_comment[k], le);
	}
	if (op->oplen >= 2 && op->opcode[0] == 'D' && op->opcode[1] >= '0' && op->opcode[1] <= '9') {
		char name[EPD_MAX_OPCODE + 8];
		int depth = 0;

		describe(op->opcode, op->oplen, name, sizeof name);
		for (size_t i = 1; i < op->oplen; i++) {
			if (op->opcode[i] < '0' || op->opcode[i] > '9')
				return true;	/* "D2x" is some other opcode */
			if (depth < 100)
				depth = depth * 10 + (op->opcode[i] - '0');
		}
		if (depth < 1 || depth > EPD_MAX_PERFT)
			return error_set(&le->e, 0, op->column,
					 "perft opcode %s is out of range; expected D1 to D%d",
					 name, EPD_MAX_PERFT);
		if (rec->perft_mask & (1u << depth))
			return error_set(&le->e, 0, op->column, "%s is given twice in one record", name);
		if (!do_number(op, UINT64_MAX, &value, le))
			return false;
		rec->perft[depth] = value;
		rec->perft_mask |= 1u << depth;
		return true;
	}
	if (opcode_is(op, "hmvc")) {
		if (!do_number(op, 9999, &value, le))
			return false;
		rec->pos.halfmove = (uint16_t)value;
		return true;
	}
	if (opcode_is(op, "fmvn")) {
		if (!do_number(op, 9999, &value, le))
			return false;
		if (value < 1)
			return error_set(&le->e, 0, op->operands[0].column,
					 "fmvn operand 0 is too small; the fullmove number starts at 1");
		rec->pos.fullmove = (uint16_t)value;
		return true;
	}
	return true;
}

/*
 * Parses LINE into REC, leaving any error in LE without a line number. The
 * line is the four FEN fields (or six, with the clocks, as perft suites have
 * them) and then operations "opcode operand…;". The last ';' may be left out.
 * Trailing free text after the last ';' (as some suites have) is ignored
 * when it does not start with an opcode the tool knows.
 */
static bool parse_line(struct epd_record *rec, const char *line, struct line_error *le)
{
	char buf[EPD_MAX_LINE + 1];
	const char *p, *end;
	size_t len = strlen(line);
	struct operation op;
	bool id_given = false, first = true;

	memset(rec, 0, sizeof *rec);
	board_clear(&rec->pos);
	if (len > EPD_MAX_LINE)
		return error_set(&le->e, 0, EPD_MAX_LINE + 1,
				 "the line is %zu characters long; at most %d are accepted",
				 len, EPD_MAX_LINE);
	memcpy(buf, line, len + 1);
	while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r' || is_space(buf[len - 1])))
		buf[--len] = '\0';
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)buf[i];

		if ((ch < 0x20 && ch != '\t') || ch == 0x7f)
			return error_set(&le->e, 0, (int)i + 1,
					 "control character 0x%02X; an EPD line is text", ch);
	}
	p = buf;
	while (is_space(*p))
		p++;
	if (*p == '\0' || *p == '#')
		return error_set(&le->e, 0, (int)(p - buf) + 1,
				 "no position: the line is blank or a '#' comment");

	/* Step 1. The position: four FEN fields, or six when two numbers follow. */
	if (!fen_parse_fields(&rec->pos, p, 4, &end, (int)(p - buf), &le->e)) {
		le->located = true;
		return false;
	}
	if (end[0] == ' ' && end[1] >= '0' && end[1] <= '9') {
		if (!fen_parse_fields(&rec->pos, p, 6, &end, (int)(p - buf), &le->e)) {
			le->located = true;
			return false;
		}
	}

	/* Step 2. The operations, each ended by ';' (perft suites also put one before the first). */
	p = end;
	for (;;) {
		while (is_space(*p))
			p++;
		if (*p == '\0')
			break;
		if (*p == ';') {
			if (!first)
				return error_set(&le->e, 0, (int)(p - buf) + 1,
						 "empty operation: expected an opcode (such as bm, id, c0 or D1) before ';'");
			first = false;
			p++;
			continue;
		}
		first = false;
		if (!read_operation(buf, &p, &op, le))
			return false;
		if (!opcode_valid(&op)) {
			char name[64];

			/* Free text after the last ';' is a comment, not an operation. */
			if (!op.terminated)
				break;
			describe(op.opcode, op.oplen, name, sizeof name);
			return error_set(&le->e, 0, op.column,
					 "'%s' is not an opcode; expected a letter then letters, digits or '_' (at most %d), such as bm, id or c0",
					 name, EPD_MAX_OPCODE);
		}
		if (!do_operation(rec, &op, &id_given, le))
			return false;
	}
	return true;
}

/* Parses one EPD line; the error message starts with the line (when LINENO > 0) and the column. */
bool epd_parse(struct epd_record *rec, const char *line, int lineno, struct error *err)
{
	struct line_error le;

	memset(&le, 0, sizeof le);
	if (parse_line(rec, line, &le))
		return true;
	if (lineno > 0 && le.located)
		return error_set(err, lineno, le.e.column, "line %d: %s", lineno, le.e.msg);
	if (lineno > 0)
		return error_set(err, lineno, le.e.column, "line %d, column %d: %s",
				 lineno, le.e.column, le.e.msg);
	if (le.located)
		return error_set(err, 0, le.e.column, "%s", le.e.msg);
	return error_set(err, 0, le.e.column, "column %d: %s", le.e.column, le.e.msg);
}

/* Says whether LINE is blank (spaces, tabs and line ends only) or a '#' comment. */
bool epd_is_blank(const char *line)
{
	while (*line == ' ' || *line == '\t' || *line == '\r' || *line == '\n')
		line++;
	return *line == '\0' || *line == '#';
}

/* Appends REC, from line LINENO, to FILE, growing its arrays as needed. */
static void file_append(struct epd_file *file, int *capacity, const struct epd_record *rec,
			int lineno)
{
	if (file->count == *capacity) {
		*capacity = *capacity ? *capacity * 2 : 64;
		file->records = xrealloc(file->records, (size_t)*capacity * sizeof *file->records);
		file->linenos = xrealloc(file->linenos, (size_t)*capacity * sizeof *file->linenos);
	}
	file->records[file->count] = *rec;
	file->linenos[file->count] = lineno;
	file->count++;
}

/*
 * Reads the EPD file at PATH: every line that is not blank or a '#' comment
 * must be a record. Lines may end in LF or CRLF; a UTF-8 byte-order mark at
 * the start is skipped. On failure FILE is left empty and ERR's message reads
 * "PATH:LINE:COLUMN: what is wrong".
 */
bool epd_read_file(struct epd_file *file, const char *path, struct error *err)
{
	char *line = xmalloc(EPD_MAX_LINE + 2);
	struct epd_record *rec = xmalloc(sizeof *rec);
	struct line_error le;
	struct error open_err = { 0 };
	FILE *fp;
	int capacity = 0, lineno = 0, ch = 0;
	bool ok = true;

	memset(file, 0, sizeof *file);
	/* A regular file only: a directory is said to be one, and a FIFO would block the read forever. */
	fp = inputfile_open(path, &open_err);
	if (fp == NULL) {
		error_set(err, 0, 0, "%s: %s", path, open_err.msg);
		free(line);
		free(rec);
		return false;
	}
	while (ok && ch != EOF) {
		size_t len = 0;
		bool too_long = false, nul = false;
		size_t nul_at = 0;

		lineno++;
		while ((ch = getc(fp)) != EOF && ch != '\n') {
			if (ch == '\0' && !nul) {
				nul = true;
				nul_at = len;
			}
			if (len < EPD_MAX_LINE + 1)
				line[len++] = (char)ch;
			else
				too_long = true;
		}
		if (ch == EOF && ferror(fp)) {
			ok = error_set(err, lineno, 0, "%s:%d: read error: %s", path, lineno,
				       strerror(errno));
			break;
		}
		if (ch == EOF && len == 0 && !too_long)
			break;
		if (len > 0 && line[len - 1] == '\r')
			len--;
		line[len] = '\0';
		if (too_long || len > EPD_MAX_LINE) {
			ok = error_set(err, lineno, EPD_MAX_LINE + 1,
				       "%s:%d:%d: the line is longer than %d characters",
				       path, lineno, EPD_MAX_LINE + 1, EPD_MAX_LINE);
			break;
		}
		if (nul) {
			ok = error_set(err, lineno, (int)nul_at + 1,
				       "%s:%d:%zu: NUL byte; an EPD file is text", path, lineno,
				       nul_at + 1);
			break;
		}
		if (lineno == 1 && len >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0) {
			memmove(line, line + 3, len - 2);
			len -= 3;
		}
		if (epd_is_blank(line))
			continue;
		memset(&le, 0, sizeof le);
		if (!parse_line(rec, line, &le)) {
			ok = error_set(err, lineno, le.e.column, "%s:%d:%d: %s", path, lineno,
				       le.e.column, le.e.msg);
			break;
		}
		file_append(file, &capacity, rec, lineno);
	}
	fclose(fp);
	free(line);
	free(rec);
	if (!ok)
		epd_file_free(file);
	return ok;
}

/* Frees the records of FILE and leaves it empty. */
void epd_file_free(struct epd_file *file)
{
	free(file->records);
	free(file->linenos);
	memset(file, 0, sizeof *file);
}

/* The files epd_file_cached has read, newest first; they live until the program ends. */
struct epd_cached {
	char *path;
	struct epd_file file;
	struct epd_cached *next;
};

static struct epd_cached *epd_cache;

const struct epd_file *epd_file_cached(const char *path, struct error *err)
{
	struct epd_cached *c;

	for (c = epd_cache; c != NULL; c = c->next)
		if (!strcmp(c->path, path))
			return &c->file;
	c = xcalloc(1, sizeof *c);
	if (!epd_read_file(&c->file, path, err)) {
		free(c);
		return NULL;
	}
	c->path = xstrdup(path);
	c->next = epd_cache;
	epd_cache = c;
	return &c->file;
}
