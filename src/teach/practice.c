/*
 * practice.c: the practice set (its positions, the seed's order) and the
 * judging of an answer. The questions themselves come from the search's
 * trace, in practice_drill.c.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/datadir.h"
#include "base/util.h"
#include "chess/fen.h"
#include "chess/score.h"
#include "chess/notation.h"
#include "chess/suite.h"
#include "chess/pgn.h"
#include "search/trace.h"
#include "teach/practice.h"
#include "teach/practice_int.h"

static const struct {
	const char *name;
	const char *concept;
	int levels;                 /* the highest level the drill asks */
} drills[PD_COUNT] = {
	[PD_STAND_PAT] = { "stand-pat", "stand pat", 3 },
	[PD_ORDER] = { "order", "move ordering", 2 },
	[PD_DELTA] = { "delta", "delta pruning", 1 },
	[PD_SEE] = { "see", "SEE pruning", 2 },
	[PD_HORIZON] = { "horizon", "horizon effect", 2 },
	[PD_CHECKS] = { "checks", "checks in quiescence", 1 },
	[PD_FUTILITY] = { "futility", "futility pruning", 1 },
	[PD_RECAPTURES] = { "recaptures", "recaptures only", 1 },
	[PD_TT] = { "tt", "transposition table", 2 },
};

/* The files quiesce ships, each with the tag its questions' ids carry. */
static const struct {
	const char *path;
	const char *tag;
} shipped[] = {
	{ "positions/wac.epd", "wac" },
	{ "positions/lichess.csv", "lichess" },
	{ "positions/balanced.epd", "balanced" },
	{ "positions/lessons.epd", "lessons" },
};

int practice_drill_parse(const char *name)
{
	for (int d = 0; d < PD_COUNT; d++)
		if (strcmp(name, drills[d].name) == 0)
			return d;
	return -1;
}

void practice_drill_list(const char *last, char *buf, size_t n)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int d = 0; d < PD_COUNT && used < n; d++)
		used += (size_t)snprintf(buf + used, n - used, "%s%s", d == 0 ? "" : d == PD_COUNT - 1 ? last : ", ",
					 drills[d].name);
}

void practice_drill_levels_text(char *buf, size_t n)
{
	size_t used = 0;

	buf[0] = '\0';
	/* One group a level count, highest first: "stand-pat has 1-3, order, see and horizon 1-2, ... 1 only". */
	for (int top = PRACTICE_MAX_LEVEL; top >= 1 && used < n; top--) {
		int count = 0, k = 0;

		for (int d = 0; d < PD_COUNT; d++)
			count += drills[d].levels == top;
		if (count == 0)
			continue;
		if (used)
			used += (size_t)snprintf(buf + used, n - used, ", ");
		for (int d = 0; d < PD_COUNT && used < n; d++)
			if (drills[d].levels == top) {
				k++;
				used += (size_t)snprintf(buf + used, n - used, "%s%s", k == 1 ? "" : k == count ? " and " : ", ",
							 drills[d].name);
			}
		if (used < n) {
			if (top == 1)
				used += (size_t)snprintf(buf + used, n - used, " 1 only");
			else
				used += (size_t)snprintf(buf + used, n - used, " %s 1-%d", count == 1 ? "has" : "have", top);
		}
	}
}

const char *practice_drill_name(enum practice_drill d)
{
	return d < PD_COUNT ? drills[d].name : "?";
}

int practice_drill_levels(enum practice_drill d)
{
	return d < PD_COUNT ? drills[d].levels : 1;
}

const char *practice_drill_concept(enum practice_drill d)
{
	return d < PD_COUNT ? drills[d].concept : "?";
}

uint64_t practice_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

struct practice_set *practice_new(enum practice_drill d, int level, uint64_t seed)
{
	struct practice_set *s = xcalloc(1, sizeof *s);

	s->drill = d;
	s->level = level < 1 ? 1 : level > PRACTICE_MAX_LEVEL ? PRACTICE_MAX_LEVEL : level;
	s->seed = seed;
	s->trace = trace_new();
	s->force_node = TRACE_NONE;
	return s;
}

void practice_free(struct practice_set *s)
{
	if (s == NULL)
		return;
	free(s->pos);
	free(s->order);
	trace_free(s->trace);
	if (s->trace2)
		trace_free(s->trace2);
	free(s);
}

/* Appends POS from source TAG, record INDEX. */
static void add_position(struct practice_set *s, const struct position *pos, const char *tag, int index)
{
	struct practice_pos *p;

	if (s->count == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 1024;
		s->pos = xrealloc(s->pos, (size_t)s->cap * sizeof *s->pos);
	}
	p = &s->pos[s->count++];
	p->pos = *pos;
	snprintf(p->src, sizeof p->src, "%s", tag);
	p->index = index;
	free(s->order);        /* the order covers every position: built again */
	s->order = NULL;
}

void practice_add_position(struct practice_set *s, const struct position *pos, const char *tag, int index)
{
	add_position(s, pos, tag, index);
}

bool practice_add_suite(struct practice_set *s, const char *path, const char *tag, struct error *err)
{
	struct suite st;

	if (!suite_load(&st, path, err))
		return false;
	for (int i = 0; i < st.count; i++)
		add_position(s, &st.positions[i].pos, tag, i + 1);
	suite_free(&st);
	return true;
}

bool practice_add_pgn(struct practice_set *s, const char *path, struct error *err)
{
	static struct pgn_game g;   /* large (a game's undo records): not on the stack */
	struct pgn_reader r;
	FILE *f = fopen(path, "rb");
	char *data;
	long len;
	int rc, number = 0;

	if (f == NULL)
		return error_set(err, 0, 0, "%s: %s", path, strerror(errno));
	if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || len > PGN_MAX_FILE || fseek(f, 0, SEEK_SET) != 0) {
		fclose(f);
		return error_set(err, 0, 0, "%s: not a regular file of at most %ld bytes", path, PGN_MAX_FILE);
	}
	data = xmalloc((size_t)len + 1);
	if (fread(data, 1, (size_t)len, f) != (size_t)len) {
		fclose(f);
		free(data);
		return error_set(err, 0, 0, "%s: read error", path);
	}
	fclose(f);
	pgn_reader_init(&r, data, (size_t)len);
	while ((rc = pgn_read(&r, &g, err)) == 1) {
		struct position pos;

		number++;
		for (int ply = 0; ply <= g.game.nply && ply < 1000; ply++)
			if (pgn_position_at(&g, ply, &pos))
				add_position(s, &pos, "pgn", number * 1000 + ply);
	}
	free(data);
	if (rc < 0) {
		char msg[sizeof err->msg];

		snprintf(msg, sizeof msg, "%s", err->msg);
		return error_set(err, err->line, err->column, "%s:%d:%d: %s", path, err->line, err->column, msg);
	}
	if (number == 0)
		return error_set(err, 0, 0, "%s: no game in the file (expected PGN: tags, then moves)", path);
	return true;
}

bool practice_add_shipped(struct practice_set *s, struct error *err)
{
	for (size_t i = 0; i < sizeof shipped / sizeof shipped[0]; i++) {
		char *path = datadir_resolve(shipped[i].path);
		bool ok = practice_add_suite(s, path, shipped[i].tag, err);

		free(path);
		if (!ok)
			return false;
	}
	return true;
}

int practice_position_count(const struct practice_set *s)
{
	return s->count;
}

/* The positions in the seed's order: a Fisher-Yates shuffle. */
static void build_order(struct practice_set *s)
{
	/* The seed mixed with the drill: each drill draws its own positions. */
	uint64_t rng = s->seed ^ 0x5eedf00dULL ^ ((uint64_t)s->drill + 1) * 0xd1b54a32d192ed03ULL;

	s->order = xmalloc((size_t)(s->count ? s->count : 1) * sizeof *s->order);
	for (int i = 0; i < s->count; i++)
		s->order[i] = i;
	for (int i = s->count - 1; i > 0; i--) {
		int j = (int)(practice_random(&rng) % (uint64_t)(i + 1));
		int k = s->order[i];

		s->order[i] = s->order[j];
		s->order[j] = k;
	}
	s->next = 0;
}

bool practice_next(struct practice_set *s, struct practice_question *q)
{
	if (s->order == NULL)
		build_order(s);
	while (s->next < s->count) {
		const struct practice_pos *p = &s->pos[s->order[s->next++]];
		/* Each position's choices depend on the seed and the position alone. */
		uint64_t rng = s->seed * 0x100000001b3ULL ^ (uint64_t)p->index * 0x9e3779b97f4a7c15ULL ^ (uint64_t)p->src[0] ^
			       ((uint64_t)s->drill + 1) << 40;

		memset(q, 0, sizeof *q);
		if (practice_drill_ask(s, p, &rng, q)) {
			fen_format(&q->pos, q->fen);
			return true;
		}
	}
	return false;
}

enum practice_drill practice_set_drill(const struct practice_set *s)
{
	return s->drill;
}

void practice_rewind(struct practice_set *s)
{
	s->next = 0;
}

bool practice_question_by_id(struct practice_set *s, const char *id, struct practice_question *q)
{
	const char *name = practice_drill_name(s->drill);
	size_t len = strlen(name);
	char src[16], rest[24];
	int level, index, used = 0, saved = s->level;
	unsigned node;
	bool found = false;

	if (strncmp(id, name, len) != 0 || sscanf(id + len, "%1d-%15[^-]-%d-n%u%n", &level, src, &index, &node, &used) != 4 ||
	    level < 1 || level > PRACTICE_MAX_LEVEL)
		return false;
	s->force_uci[0][0] = s->force_uci[1][0] = '\0';
	if (id[len + (size_t)used] != '\0') {
		if (sscanf(id + len + (size_t)used, "-%23s", rest) != 1 || strlen(rest) > 7)
			return false;
		snprintf(s->force_uci[0], sizeof s->force_uci[0], "%s", rest);
	}
	for (int i = 0; i < s->count && !found; i++) {
		const struct practice_pos *p = &s->pos[i];
		uint64_t rng = s->seed;

		if (p->index != index || strcmp(p->src, src) != 0)
			continue;
		memset(q, 0, sizeof *q);
		s->level = level;
		s->force_node = node;
		found = practice_drill_ask(s, p, &rng, q) && strcmp(q->id, id) == 0;
		s->force_node = TRACE_NONE;
		s->level = saved;
	}
	if (found)
		fen_format(&q->pos, q->fen);
	return found;
}

/* Reads a yes or a no: 1, 0, or -1 for anything else. */
static int parse_yes_no(const char *text)
{
	static const char *const yes[] = { "y", "yes" }, *const no[] = { "n", "no" };

	for (int i = 0; i < 2; i++) {
		if (strcasecmp(text, yes[i]) == 0)
			return 1;
		if (strcasecmp(text, no[i]) == 0)
			return 0;
	}
	return -1;
}

/* The largest value an answer may be: beyond any score the search gives. */
#define PRACTICE_VALUE_LIMIT 99999

/*
 * Reads a value answer: a whole number of centipawns, or a mate as the
 * program writes one ("#3": the side to move mates in 3; "#-2": it is mated
 * in 2). Sets *MATE and *MOVES for a mate, else *VAL. False for anything else.
 */
static bool parse_value(const char *text, long *val, bool *mate, long *moves)
{
	char *end;

	errno = 0;
	*mate = text[0] == '#';
	if (*mate) {
		if (!isdigit((unsigned char)text[1]) && !(text[1] == '-' && isdigit((unsigned char)text[2])))
			return false;
		*moves = strtol(text + 1, &end, 10);
		return *end == '\0' && errno != ERANGE && *moves < 1000 && *moves > -1000;
	}
	*val = strtol(text, &end, 10);
	return text[0] != '\0' && *end == '\0' && errno != ERANGE && *val <= PRACTICE_VALUE_LIMIT &&
	       *val >= -PRACTICE_VALUE_LIMIT;
}

/*
 * Whether a value answer is right: a mate only as that mate (its "#N", or
 * the exact number), never "within" the tolerance; any other value within
 * the question's tolerance.
 */
static bool value_right(const struct practice_question *q, long val, bool mate, long moves)
{
	if (SCORE_IS_MATE(q->value))
		return mate ? moves == score_mate_moves(q->value, q->ply) : val == q->value;
	return !mate && labs(val - q->value) <= q->tolerance;
}

enum practice_verdict practice_judge(const struct practice_question *q, const char *answer,
				     char *buf, size_t n)
{
	char text[64], cutbuf[48], echo[48], what[200], also[160], tied[NOTATION_BUFSIZE] = "";
	const char *shown;
	enum practice_verdict v = PV_WRONG;
	size_t used = 0;

	util_trim_copy(answer, text, sizeof text);
	shown = util_cut(text, cutbuf, sizeof cutbuf);
	/* The answer echoed is sanitised: a control character is shown as '?', never sent to the terminal. */
	snprintf(echo, sizeof echo, "%s", shown);
	for (char *c = echo; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
	shown = echo;
	what[0] = also[0] = '\0';
	if (q->type == PA_YES_NO) {
		int yn = parse_yes_no(text);

		if (yn < 0) {
			v = PV_MALFORMED;
			snprintf(what, sizeof what, "'%s' is not an answer: expected yes or no (y, n)", shown);
		} else if (yn == q->value) {
			v = PV_RIGHT;
		}
	} else if (q->type == PA_VALUE) {
		long val = 0, moves = 0;
		bool mate;
		int mark = SCORE_EXACT;
		const char *t = text;

		/* A bound's mark: ">=" or "<=" (or the tutor's "\u2265", "\u2264"). */
		if (!strncmp(t, ">=", 2) || !strncmp(t, "\u2265", strlen("\u2265"))) {
			mark = SCORE_LOWER;
			t += t[0] == '>' ? 2 : strlen("\u2265");
		} else if (!strncmp(t, "<=", 2) || !strncmp(t, "\u2264", strlen("\u2264"))) {
			mark = SCORE_UPPER;
			t += t[0] == '<' ? 2 : strlen("\u2264");
		}
		if (!parse_value(t, &val, &mate, &moves)) {
			v = PV_MALFORMED;
			snprintf(what, sizeof what, "'%s' is not an answer: expected a whole number of centipawns "
				 "between -%d and %d, or a mate as #N or #-N, a bound marked >= or <=", shown,
				 PRACTICE_VALUE_LIMIT, PRACTICE_VALUE_LIMIT);
		} else if (mark == q->bound && value_right(q, val, mate, moves)) {
			v = PV_RIGHT;
		}
	} else {
		struct error err = { 0 };
		move m;

		if (text[0] == '\0' || !notation_parse(&q->pos, text, &m, &err)) {
			v = PV_MALFORMED;
			snprintf(what, sizeof what, "'%s' is not an answer: expected a legal move in this position "
				 "(SAN like Nxe5, or UCI like g1f3)", shown);
		} else {
			for (int i = 0; i < q->naccept; i++)
				if (q->accept[i] == m)
					v = PV_RIGHT;
			if (m == q->mv)
				v = PV_RIGHT;
			else if (v == PV_RIGHT)
				notation_san(&q->pos, m, tied);
		}
		/* The other answers the rule allows, named beside the engine's. */
		for (int i = 1; i < q->naccept && used < sizeof also; i++) {
			char san[NOTATION_BUFSIZE];

			notation_san(&q->pos, q->accept[i], san);
			used += (size_t)snprintf(also + used, sizeof also - used, "%s%s", i == 1 ? " (the rule accepts "
						 "as well: " : ", ", san);
		}
		if (used && used < sizeof also)
			snprintf(also + used, sizeof also - used, ")");
	}
	if (v == PV_RIGHT && tied[0])
		used = (size_t)snprintf(buf, n, "right: %s, tied for first with the engine's %s.", tied, q->answer);
	else if (v == PV_RIGHT)
		used = (size_t)snprintf(buf, n, "right: %s%s.", q->answer, also);
	else if (v == PV_WRONG)
		used = (size_t)snprintf(buf, n, "wrong: the engine says %s%s.", q->answer, also);
	else
		used = (size_t)snprintf(buf, n, "wrong: %s; the engine says %s%s.", what, q->answer, also);
	if (q->why[0] && used < n)
		used += (size_t)snprintf(buf + used, n - used, " %s", q->why);
	if (q->line[0] && used < n)
		used += (size_t)snprintf(buf + used, n - used, " %s", q->line);
	if (used < n)
		snprintf(buf + used, n - used, " %s Rule: %s", q->sentence, q->rule);
	return v;
}

/*
 * Each shipped lesson and the drill of its concept. The table lives here, not
 * in the lesson files, so that a drill's name is checked where the drills
 * are (tests/lesson-drills.sh checks that every shipped lesson is listed).
 */
static const struct {
	const char *lesson, *drill;
} lesson_drills[] = {
	{ "horizon", "horizon" },             /* the static value at the horizon misjudges */
	{ "stand-pat", "stand-pat" },
	{ "capture-search", "order" },        /* the captures searched, best first */
	{ "depth-zero", "horizon" },          /* where the main search ends and quiescence begins */
	{ "fail-soft", "stand-pat" },         /* the value a stand pat returns, fail-hard or soft */
	{ "checks", "checks" },
	{ "in-check", "stand-pat" },          /* when a node may stand pat at all */
	{ "mate-scores", "checks" },          /* mates found in quiescence come through checks */
	{ "check-plies", "checks" },
	{ "brute-general", "stand-pat" },     /* brute quiescence is quiescence without the stand pat */
	{ "explosion", "delta" },             /* pruning keeps the capture search small */
	{ "delta", "delta" },
	{ "delta-endgame", "delta" },
	{ "see", "see" },
	{ "see-misjudges", "see" },
	{ "zugzwang", "stand-pat" },          /* when the stand pat lies */
	{ "quiet-threat", "horizon" },        /* a threat the horizon hides */
	{ "weak-eval", "stand-pat" },         /* the stand pat is only as good as the evaluation */
	{ "measure", "order" },               /* node counts depend on the order */
	{ "futility", "futility" },
	{ "recaptures", "recaptures" },
	{ "evasion-pruning", "checks" },      /* what a node in check searches */
	{ "tt", "tt" },
	{ "modern", "futility" },             /* the preset's pruning, per capture */
	{ "games", "horizon" },               /* what quiescence changes in play */
};

const char *practice_drill_of_lesson(const char *lesson_id)
{
	for (size_t i = 0; i < sizeof lesson_drills / sizeof lesson_drills[0]; i++)
		if (!strcmp(lesson_id, lesson_drills[i].lesson))
			return lesson_drills[i].drill;
	return NULL;
}
