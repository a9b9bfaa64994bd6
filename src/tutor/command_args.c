/*
 * command_args.c: reading a command's arguments (words, counts) and checking
 * that it has a trace to work on.
 */
#include "tutor/command_int.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>


/*
 * Splits ARGS (copied into BUF) into blank-separated words; returns their
 * count. A word that begins with a double or single quote goes on to the
 * matching quote, blanks included, so that a file name with a space can be
 * given ("my trace.json"); a quote inside a word is an ordinary character.
 */
int command_split_words(const char *args, char *buf, size_t n, char **words)
{
	const char *blanks = " \t\r\n";
	char *r, *w;
	int count = 0;

	snprintf(buf, n, "%s", args);
	/* The words are written back into BUF behind the reader: W never passes R. */
	r = w = buf;
	while (count < MAX_WORDS) {
		while (*r && strchr(blanks, *r))
			r++;
		if (!*r)
			break;
		words[count++] = w;
		if (*r == '"' || *r == '\'') {
			char quote = *r++;

			while (*r && *r != quote)
				*w++ = *r++;
			if (*r)
				r++;
		}
		while (*r && !strchr(blanks, *r))
			*w++ = *r++;
		if (*r)
			r++;
		*w++ = '\0';
	}
	return count;
}

/* Reads a whole number from 0 to MAX. */
bool command_parse_count(const char *text, long max, long *out)
{
	char *end;
	long v;

	if (!text || !isdigit((unsigned char)*text))
		return false;
	errno = 0;
	v = strtol(text, &end, 10);
	if (errno || *end || v > max)
		return false;
	*out = v;
	return true;
}

/* Fails unless a search has been run since the position or options last changed. */
bool command_need_trace(struct session *s, struct error *err)
{
	if (!s->searched || trace_event_count(s->trace) == 0)
		return error_set(err, 0, 0, "no search yet: type 'search' first");
	return true;
}
