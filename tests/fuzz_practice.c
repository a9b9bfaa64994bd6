/*
 * fuzz_practice.c: a libFuzzer target for the practice question generator.
 * The input is a drill (its first byte), a level (the second), a FEN line
 * and an answer line. For a position that reads, every question the drill
 * makes must hold: an id, a prompt and an answer; the engine's own answer
 * judged right; the question asked again by its id the same question; and
 * the learner's answer judged without a crash, with a verdict line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/board.h"
#include "chess/fen.h"
#include "teach/practice.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void die(const char *what, const struct practice_question *q)
{
	fprintf(stderr, "fuzz_practice: %s\n  id %s\n  answer %s\n  prompt %s\n", what, q->id, q->answer, q->prompt);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool ready;
	struct practice_question q, again;
	struct practice_set *s;
	struct position pos;
	struct error err = { 0 };
	char fen[256], answer[256], verdict[1400];
	const char *text = (const char *)data + 2, *nl;
	size_t len;
	int drill, level;

	if (!ready) {
		board_init();
		ready = true;
	}
	if (size < 3)
		return 0;
	drill = data[0] % PD_COUNT;
	level = 1 + data[1] % PRACTICE_MAX_LEVEL;
	size -= 2;
	nl = memchr(text, '\n', size);
	len = nl ? (size_t)(nl - text) : size;
	if (len >= sizeof fen)
		return 0;
	memcpy(fen, text, len);
	fen[len] = '\0';
	if (memchr(fen, '\0', len))
		return 0;
	answer[0] = '\0';
	if (nl) {
		size_t alen = size - len - 1;

		if (alen >= sizeof answer)
			alen = sizeof answer - 1;
		memcpy(answer, nl + 1, alen);
		answer[alen] = '\0';
	}
	if (!fen_parse(&pos, fen, &err))
		return 0;

	s = practice_new((enum practice_drill)drill, level, 1);
	practice_add_position(s, &pos, "fuzz", 1);
	if (practice_next(s, &q)) {
		if (q.id[0] == '\0' || q.prompt[0] == '\0' || q.answer[0] == '\0' || q.rule == NULL)
			die("a question without an id, a prompt, an answer or a rule", &q);
		if (practice_judge(&q, q.answer, verdict, sizeof verdict) != PV_RIGHT)
			die("the engine's own answer is judged wrong", &q);
		if (!practice_question_by_id(s, q.id, &again) || strcmp(again.answer, q.answer) != 0 ||
		    strcmp(again.prompt, q.prompt) != 0)
			die("the question asked again by its id differs", &q);
		practice_judge(&q, answer, verdict, sizeof verdict);
		if (strncmp(verdict, "right: ", 7) != 0 && strncmp(verdict, "wrong: ", 7) != 0)
			die("a verdict that is neither right nor wrong", &q);
	}
	practice_free(s);
	return 0;
}
