/*
 * lesson_print.c: a lesson as text: its prose wrapped to a width, and the
 * whole lesson printed page by page.
 */
#include "teach/lesson.h"

#include <stdlib.h>
#include <string.h>

#include "teach/lesson_int.h"
#include "base/util.h"
#include "search/option.h"

char *lesson_wrap(const char *text, int width)
{
	size_t cap = strlen(text) * 2 + 2, used = 0;
	char *out = xmalloc(cap);
	int col = 0;
	const char *s = text;

	if (width < 10)
		width = 10;
	while (*s) {
		const char *w;
		int len;

		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0')
			break;
		if (*s == '\n') {
			out[used++] = '\n';
			col = 0;
			s++;
			continue;
		}
		w = s;
		while (*s && *s != ' ' && *s != '\t' && *s != '\n')
			s++;
		len = (int)(s - w);
		if (used + (size_t)len + 3 > cap)
			out = xrealloc(out, cap = (used + (size_t)len + 3) * 2);
		if (col > 0 && col + 1 + len > width) {
			out[used++] = '\n';
			col = 0;
		} else if (col > 0) {
			out[used++] = ' ';
			col++;
		}
		memcpy(out + used, w, (size_t)len);
		used += (size_t)len;
		col += len;
	}
	if (col > 0 || used == 0)
		out[used++] = '\n';
	out[used] = '\0';
	return out;
}

static void print_ref(const struct lesson_ref *r, FILE *out)
{
	fputs(r->text, out);
}

void lesson_print(const struct lesson *l, int width, FILE *out)
{
	fprintf(out, "%s\n", l->title);
	for (size_t i = 0; i < strlen(l->title); i++)
		fputc('=', out);
	fprintf(out, "\n(lesson %s, %d page%s)\n\n", l->id, l->page_count, l->page_count == 1 ? "" : "s");
	{
		char *w = lesson_wrap(l->summary, width);

		fputs(w, out);
		free(w);
	}
	for (int pi = 0; pi < l->page_count; pi++) {
		const struct lesson_page *pg = &l->pages[pi];
		int qn = 0;

		fprintf(out, "\n--- Page %d of %d: %s ---\n", pi + 1, l->page_count, pg->title);
		for (int i = 0; i < pg->item_count; i++) {
			const struct lesson_item *it = &pg->items[i];
			char desc[256];

			switch (it->kind) {
			case LI_TEXT:
				fputc('\n', out);
				if (it->preformatted) {
					fprintf(out, "%s\n", it->text);
				} else {
					char *w = lesson_wrap(it->text, width);

					fputs(w, out);
					free(w);
				}
				break;
			case LI_POSITION:
				fprintf(out, "\n[position: %s]\n", it->fen);
				break;
			case LI_SEARCH:
			case LI_SET:
				option_describe(&it->opt, false, false, desc, sizeof desc);
				fprintf(out, "[search: %s]\n", desc);
				break;
			case LI_RUN:
				fprintf(out, "[run the search]\n");
				break;
			case LI_GOTO:
				/* The node by its reference, as the page names it: never a node number (#N reads as a mate). */
				fprintf(out, "[go to ");
				print_ref(&it->ref, out);
				fprintf(out, "]\n");
				break;
			case LI_HIGHLIGHT:
				fprintf(out, "[highlight %s]\n", it->text);
				break;
			case LI_COMPARE:
				fprintf(out, "[compare %s with %s]\n", it->compare[0], it->compare[1]);
				break;
			case LI_CLAIM:
				fprintf(out, "[the engine: %s]\n", it->text);
				break;
			case LI_QUESTION: {
				const struct lesson_question *q = it->question;
				static const char *const how[] = {
					"answer with a move", "answer with a score in centipawns",
					"answer with one of the choices", "answer with alpha and beta"
				};
				char *w = lesson_wrap(q->ask, width > 14 ? width - 4 : width);

				fprintf(out, "\nQuestion %d (%s):\n", ++qn, how[q->kind]);
				for (char *line = strtok(w, "\n"); line; line = strtok(NULL, "\n"))
					fprintf(out, "    %s\n", line);
				free(w);
				if (q->kind == LQ_NODE) {
					fprintf(out, "    Choices:");
					for (int c = 0; c < q->choice_count; c++) {
						char name[64];

						lesson_format_test(&q->choices[c], name, sizeof name);
						fprintf(out, " %d. %s", c + 1, name);
					}
					fputc('\n', out);
				}
				break;
			}
			}
		}
	}
}
