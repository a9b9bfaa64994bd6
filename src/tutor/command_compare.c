/*
 * command_compare.c: the commands that compare two searches of the position,
 * or this search with a trace file.
 */
#include "tutor/command_int.h"

#include <string.h>

#include "chess/fen.h"
#include "chess/notation.h"
#include "base/inputfile.h"
#include "tracefile/tracediff.h"
#include "tracefile/tracereader.h"

bool command_compare(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS];
	int n = command_split_words(args, buf, sizeof buf, w);

	if (n == 1 && !strcmp(w[0], "off")) {
		/* Saying "closed" when nothing was open would mislead. */
		fputs(s->comparing ? "Comparison closed.\n" : "No comparison was open.\n", out);
		session_compare_end(s);
		return true;
	}
	if (n == 0 && !s->comparing)
		return error_set(err, 0, 0, "compare: no comparison is open: expected MODE MODE (e.g. 'compare none "
				 "captures') or 'compare off'");
	if (n != 2 && n != 0)
		return error_set(err, 0, 0, "compare: expected MODE MODE (e.g. 'compare none captures'), nothing "
				 "(the open comparison) or 'compare off'");
	if (n == 2 && !session_compare(s, w[0], w[1], err))
		return false;
	command_print_compare(s, out);
	return true;
}

/* Reads the trace FILE for a command named CMD within the budget MAX_MEMORY; NULL with ERR set on failure. */
static struct trace *read_trace_file(const char *cmd, const char *path, uint64_t max_memory, struct position *root,
				     struct search_options *opt, struct search_result *res, bool *own_values,
				     struct error *err)
{
	struct tracereader_info info;
	struct error e = { 0 };
	struct trace *t;
	FILE *f = inputfile_open(path, &e);

	if (!f) {
		error_set(err, 0, 0, "%s: %s: %s", cmd, path, e.msg);
		return NULL;
	}
	t = trace_new();
	/* The session's --max-memory bounds the reading, as it does open's. */
	tracereader_budget(t, max_memory);
	if (!tracereader_read(f, path, t, root, opt, res, &info, &e)) {
		fclose(f);
		trace_free(t);
		error_set(err, 0, 0, "%s: %s", cmd, e.msg);
		return NULL;
	}
	fclose(f);
	*own_values = !info.eval_other && !info.order_other;
	return t;
}

/*
 * Copies WHY into BUF with every move written in UCI ("searches d2e2")
 * rewritten in SAN as the tutor writes moves ("searches Qe2"), read in POS
 * (the position of the node where the trees part). Words that are no legal
 * UCI move there stay as they are.
 */
static void why_in_san(const struct position *pos, const char *why, char *buf, size_t n)
{
	size_t used = 0;

	buf[0] = '\0';
	for (const char *c = why; *c && used + 1 < n; ) {
		size_t len = 0;
		char word[8], san[NOTATION_BUFSIZE];
		move m;
		struct error e = { 0 };

		/* A word of four characters a-h/1-8 alternating, then an optional promotion piece. */
		if (c[0] >= 'a' && c[0] <= 'h' && c[1] >= '1' && c[1] <= '8' && c[2] >= 'a' && c[2] <= 'h' &&
		    c[3] >= '1' && c[3] <= '8' && (c == why || c[-1] == ' ' || c[-1] == '('))
			len = strchr("qrbn", c[4]) && c[4] ? 5 : 4;
		if (len && !(c[len] >= 'a' && c[len] <= 'z') && !(c[len] >= '0' && c[len] <= '9')) {
			memcpy(word, c, len);
			word[len] = '\0';
			if (notation_parse_uci(pos, word, &m, &e)) {
				notation_san(pos, m, san);
				used += (size_t)snprintf(buf + used, n - used, "%s", san);
				c += len;
				continue;
			}
		}
		buf[used++] = *c++;
		buf[used] = '\0';
	}
}

bool command_diff(struct session *s, const char *args, FILE *out, struct error *err)
{
	char buf[COMMAND_MAX_LINE], *w[MAX_WORDS], fen_a[FEN_BUFSIZE], fen_b[FEN_BUFSIZE], line[512];
	int n = command_split_words(args, buf, sizeof buf, w);
	struct search_options opt = s->opt;
	struct search_result res;
	struct tracediff_result r;
	struct position root;
	struct trace *t;
	bool own;

	if (n != 1)
		return error_set(err, 0, 0, "diff: expected FILE (a trace of the current position, from quiesce or another engine)");
	t = read_trace_file("diff", w[0], s->opt.max_memory, &root, &opt, &res, &own, err);
	if (t == NULL)
		return false;
	fen_format(&root, fen_b);
	fen_format(&s->root, fen_a);
	if (strcmp(fen_a, fen_b) != 0) {
		trace_free(t);
		return error_set(err, 0, 0, "diff: %s is a search of another position (%s); open that position first",
				 w[0], fen_b);
	}
	session_diff(s, w[0], t, &opt, &res, own, &r);
	fprintf(out, "A (%s): ", s->side[0].typed);
	command_print_result(s, "", &s->side[0].opt, &s->side[0].result, out);
	fprintf(out, "B (%s): ", w[0]);
	command_print_result(s, "", &s->side[1].opt, &s->side[1].result, out);
	fprintf(out, "Nodes: %llu in both, %llu only in A, %llu only in B.\n", (unsigned long long)r.matched,
		(unsigned long long)r.only_a, (unsigned long long)r.only_b);
	if (r.parted) {
		struct position at;
		char why[sizeof r.why + 64];

		/* Moves in SAN, as everywhere in the tutor: the line to the node, and the moves the sides differ on. */
		cursor_line_text(&s->root, s->side[0].trace, r.node_a, line, sizeof line);
		cursor_position_at(&s->root, s->side[0].trace, r.node_a, &at, NULL);
		why_in_san(&at, r.why, why, sizeof why);
		fprintf(out, "First parting: node %u in A, node %u in B (%s): %s. %s.\n", (unsigned)r.node_a,
			(unsigned)r.node_b, line[0] ? line : "the root", tracediff_reason_name(r.reason), why);
	} else {
		fputs("No parting decision among the nodes in both trees.\n", out);
	}
	return true;
}

