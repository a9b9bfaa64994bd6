/*
 * ui_text.c: text on the curses screen: writing it cut to a width, its width
 * in columns, wrapping it to lines.
 */
#include <stdio.h>
#include <string.h>

#include "tutor/ui_int.h"
#include "base/util.h"

void ui_put(int y, int x, int w, const char *text, bool pad)
{
	int len;

	if (w <= 0 || y < 0 || y >= LINES)
		return;
	len = (int)strlen(text);
	mvaddnstr(y, x, text, w);
	if (pad) {
		/* Columns, not bytes: count the characters written (UTF-8 continuation bytes take none). */
		int cols = 0;

		for (int i = 0; i < len && cols < w; i++)
			if (((unsigned char)text[i] & 0xC0) != 0x80)
				cols++;
		for (; cols < w; cols++)
			addch(' ');
	}
}

/* The columns of the first N bytes of TEXT (UTF-8: continuation bytes take none). */
int ui_text_cols(const char *text, size_t n)
{
	int cols = 0;

	for (size_t i = 0; i < n && text[i]; i++)
		if (((unsigned char)text[i] & 0xC0) != 0x80)
			cols++;
	return cols;
}

/* The number of bytes of TEXT (up to N) that fill at most COLS columns, ending on a character boundary. */
size_t ui_text_bytes(const char *text, size_t n, int cols)
{
	size_t i = 0;
	int c = 0;

	while (i < n && text[i]) {
		if (((unsigned char)text[i] & 0xC0) != 0x80) {
			if (c == cols)
				break;
			c++;
		}
		i++;
	}
	return i;
}

/*
 * The indentation of a wrapped line's continuation: a line of two columns
 * ("  key   what it does") continues under its second column, any other line
 * under its first word.
 */
static int hanging_indent(const char *line, size_t len)
{
	size_t i = 0;

	while (i < len && line[i] == ' ')
		i++;
	for (size_t j = i; j + 1 < len; j++)
		if (line[j] == ' ' && line[j + 1] == ' ') {
			while (j < len && line[j] == ' ')
				j++;
			return j < len ? ui_text_cols(line, j) : (int)i;
		}
	return (int)i;
}

char *ui_wrap(const char *text, int width)
{
	char *buf = NULL;
	size_t blen = 0;
	FILE *out = open_memstream(&buf, &blen);

	if (!out)
		util_die("out of memory");
	if (width < 8)
		width = 8;
	while (text && *text) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text), at = 0;
		int indent = hanging_indent(text, len), first = 1;

		if (indent > width / 2)
			indent = width / 2;
		do {
			int room = first ? width : width - indent;

			if (room < 1)
				room = 1;
			size_t take = ui_text_bytes(text + at, len - at, room);

			/* Break at the last space that fits, unless the word alone is wider than the line. */
			if (at + take < len && text[at + take] != ' ') {
				size_t sp = take, lead = 0;

				while (lead < take && text[at + lead] == ' ')
					lead++;
				while (sp > lead && text[at + sp - 1] != ' ')
					sp--;
				if (sp > lead)
					take = sp;
			}
			fprintf(out, "%*s%.*s\n", first ? 0 : indent, "", (int)take, text + at);
			at += take;
			while (at < len && text[at] == ' ')
				at++;
			first = 0;
		} while (at < len);
		text = nl ? nl + 1 : text + len;
	}
	fclose(out);
	return buf;
}

int ui_count_lines(const char *text)
{
	int n = 0;

	for (; text && *text; text++)
		n += *text == '\n';
	return n;
}
