/*
 * cli_practice.c: "quiesce practice": drills in which the learner predicts
 * the search. One question a line (with its stable id), one answer a line
 * from standard input, the verdict with the event's sentence and the rule,
 * and "score K/N" at the end; --answer-key prints the engine's answers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/statedir.h"
#include "base/util.h"
#include "cli/cli.h"
#include "teach/leitner.h"
#include "teach/practice.h"
#include "teach/progress.h"

/*
 * The options part of the help, with the drills and their levels written
 * from the drills' one table (practice.c) into BUF.
 */
/* Writes TEXT into BUF wrapped at blanks to lines of at most 80 columns, each after the first indented by 23. */
static void help_wrap(const char *text, char *buf, size_t n)
{
	size_t used = 0;
	int col = 23;

	buf[0] = '\0';
	while (*text && used + 1 < n) {
		size_t word = strcspn(text, " ");

		if (col > 23 && col + 1 + (int)word > 80) {
			used += (size_t)snprintf(buf + used, n - used, "\n%23s", "");
			col = 23;
		} else if (col > 23) {
			used += (size_t)snprintf(buf + used, n - used, " ");
			col++;
		}
		if (used < n)
			used += (size_t)snprintf(buf + used, n - used, "%.*s", (int)word, text);
		col += (int)word;
		text += word;
		while (*text == ' ')
			text++;
	}
}

static const char *practice_usage_options(char *buf, size_t n)
{
	char names[200], levels[300], text[400], drills[500], levels_wrapped[600];

	practice_drill_list(" or ", names, sizeof names);
	help_wrap(names, drills, sizeof drills);
	practice_drill_levels_text(levels, sizeof levels);
	snprintf(text, sizeof text, "(default 1; %s: a level a drill lacks is an error)", levels);
	help_wrap(text, levels_wrapped, sizeof levels_wrapped);
	snprintf(buf, n,
		 "Options:\n"
		 "      --drill NAME     %s\n"
		 "      --seed N         the seed that chooses the questions (default: today)\n"
		 "      --count N        the number of questions (default 10, at most 100000)\n"
		 "      --level N        1: yes/no decisions; 2: values and moves; 3: windows and bounds\n"
		 "                       %s\n"
		 "      --epd FILE       positions from an EPD file or a Lichess puzzle CSV\n"
		 "      --pgn FILE       positions from the games of a PGN file\n"
		 "                       (default: the positions quiesce ships: WAC, Lichess puzzles,\n"
		 "                       balanced openings, the lessons' positions)\n"
		 "      --answer-key     print the engine's answers, one a line, instead of asking\n"
		 "  -h, --help           display this help and exit\n\n", drills, levels_wrapped);
	return buf;
}

/* Whether ID is one of the N ids in IDS. */
static bool seen(char (*ids)[96], int n, const char *id)
{
	for (int i = 0; i < n; i++)
		if (strcmp(ids[i], id) == 0)
			return true;
	return false;
}

/*
 * Where the questions of a session come from. With an explicit --seed the
 * set is the seed's first COUNT questions, whatever the record says: the
 * record only orders it (the due ones first, most overdue first), so a
 * teacher's --answer-key names the same questions as a student's session.
 * Without one, the questions due today come first (the missed ones among
 * them), then new questions in the seed's order; a question answered right
 * and not yet due again is not asked.
 */
struct plan {
	struct practice_set *set;
	const struct leitner *rec;
	long today;
	bool fixed;                 /* an explicit --seed: the seed's set */
	char (*set_ids)[96];        /* fixed: the seed's set */
	int nset;
	char (*due)[96];            /* the ids to ask first, in order */
	int ndue, di;
	bool rewound;
};

/* Plans the session of COUNT questions (see struct plan). */
static void plan_start(struct plan *p, struct practice_set *set, const struct leitner *rec, long today, bool fixed,
		       int count)
{
	/* An explicit seed's set may hold any of the due questions: all of them are looked at. */
	int max = fixed ? (rec->count > count ? rec->count : count) : count;
	const char **due = xmalloc((size_t)max * sizeof *due);
	int n = leitner_due(rec, practice_set_drill(set), today, due, max);
	struct practice_question *q = xmalloc(sizeof *q);

	memset(p, 0, sizeof *p);
	p->set = set;
	p->rec = rec;
	p->today = today;
	p->fixed = fixed;
	p->due = xmalloc((size_t)(n ? n : 1) * sizeof *p->due);
	if (fixed) {
		p->set_ids = xmalloc((size_t)count * sizeof *p->set_ids);
		if (n > 0)   /* the seed's set is needed only to be ordered */
			while (p->nset < count && practice_next(set, q))
				snprintf(p->set_ids[p->nset++], sizeof p->set_ids[0], "%s", q->id);
		practice_rewind(set);
	}
	/* Copies: recording an answer may move the cards the pointers point into. */
	for (int i = 0; i < n; i++)
		if (!fixed || seen(p->set_ids, p->nset, due[i]))
			snprintf(p->due[p->ndue++], sizeof p->due[0], "%s", due[i]);
	free(due);
	free(q);
}

static void plan_end(struct plan *p)
{
	free(p->set_ids);
	free(p->due);
}

/* The next question of the plan into Q, never one of the N asked already (IDS). */
static bool plan_next(struct plan *p, char (*ids)[96], int n, struct practice_question *q)
{
	while (p->di < p->ndue)
		if (practice_question_by_id(p->set, p->due[p->di++], q) && !seen(ids, n, q->id))
			return true;
	while (practice_next(p->set, q)) {
		if (seen(ids, n, q->id))
			continue;
		if (p->fixed)
			return true;
		if (leitner_state(p->rec, q->id, p->today) != LEITNER_WAITING)
			return true;
	}
	return false;
}

/* The answer a learner types, at most this long; a longer line is read whole and refused. */
#define PRACTICE_LINE_MAX 256

/*
 * Reads one line of standard input into BUF (N bytes), without its newline;
 * the rest of a longer line is read and dropped. False at the end of input.
 */
static bool read_answer(char *buf, size_t n)
{
	size_t len;

	if (fgets(buf, (int)n, stdin) == NULL)
		return false;
	len = strlen(buf);
	if (len > 0 && buf[len - 1] == '\n')
		buf[--len] = '\0';
	else {
		int c;

		while ((c = getchar()) != EOF && c != '\n')
			;
	}
	return true;
}

int cli_practice(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "drill", required_argument, NULL, 'D' },
		{ "seed", required_argument, NULL, 'S' },
		{ "count", required_argument, NULL, 'n' },
		{ "level", required_argument, NULL, 'l' },
		{ "epd", required_argument, NULL, 'e' },
		{ "pgn", required_argument, NULL, 'p' },
		{ "answer-key", no_argument, NULL, 'k' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct practice_question q;
	struct practice_set *set;
	struct error err = { 0 };
	const char *epd = NULL, *pgn = NULL;
	long seed = leitner_today(), count = 10, level = 1;
	int c, drill = -1, asked = 0, right = 0;
	bool key = false, ok, ended = false;
	struct leitner rec;
	char state[4096] = "", (*ids)[96];
	struct plan plan;
	bool seed_given = false;
	long today;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'D':
			if ((drill = practice_drill_parse(optarg)) < 0) {
				char names[200];

				practice_drill_list(" or ", names, sizeof names);
				return cli_usage_error("practice: unknown --drill '%s': expected %s", cli_cut(optarg), names);
			}
			break;
		case 'S':
			if (!cli_parse_int(optarg, 2147483647L, &seed))
				return cli_usage_error("practice: invalid --seed '%s': expected a whole number from 0 to "
						       "2147483647", cli_cut(optarg));
			seed_given = true;
			break;
		case 'n':
			if (!cli_parse_int(optarg, 100000, &count) || count < 1)
				return cli_usage_error("practice: invalid --count '%s': expected a whole number from 1 to "
						       "100000", cli_cut(optarg));
			break;
		case 'l':
			if (!cli_parse_int(optarg, PRACTICE_MAX_LEVEL, &level) || level < 1)
				return cli_usage_error("practice: invalid --level '%s': expected 1, 2 or 3", cli_cut(optarg));
			break;
		case 'e':
			epd = optarg;
			break;
		case 'p':
			pgn = optarg;
			break;
		case 'k':
			key = true;
			break;
		case 'h': {
			char help[2048];

			cli_print_command_help("practice", practice_usage_options(help, sizeof help));
			return 0;
		}
		default:
			return cli_option_error(argv);
		}
	}
	if (optind < argc)
		return cli_usage_error("practice: unexpected argument '%s'", cli_cut(argv[optind]));
	if (drill < 0) {
		char names[200];

		practice_drill_list(", ", names, sizeof names);
		return cli_usage_error("practice: --drill NAME is required (%s)", names);
	}
	if (epd && pgn)
		return cli_usage_error("practice: --epd and --pgn cannot be used together");
	if (level > practice_drill_levels((enum practice_drill)drill)) {
		int top = practice_drill_levels((enum practice_drill)drill);

		return cli_usage_error("practice: drill %s has no level %ld: it has level%s 1%s%s", practice_drill_name(
				       (enum practice_drill)drill), level, top > 1 ? "s" : "", top > 1 ? "-" : "",
				       top > 1 ? (top == 2 ? "2" : "3") : " only");
	}

	set = practice_new((enum practice_drill)drill, (int)level, (uint64_t)seed);
	if (pgn)
		ok = practice_add_pgn(set, pgn, &err);
	else if (epd)
		ok = practice_add_suite(set, epd, "epd", &err);
	else
		ok = practice_add_shipped(set, &err);
	if (!ok) {
		fprintf(stderr, "quiesce: practice: %s\n", err.msg);
		practice_free(set);
		return 1;
	}
	if (!key)
		printf("practice %s, level %ld, seed %ld: %ld questions; answer yes/no, a move (SAN) or a number\n",
		       practice_drill_name((enum practice_drill)drill), level, seed, count);
	/* The practice record: what is due today comes first. --answer-key never reads it: a key is the seed's. */
	leitner_init(&rec);
	/* A record that cannot be read is set aside, as the lesson progress is, and a new one started. */
	if (!key && leitner_path(state, sizeof state, false) && !leitner_load_or_restart(&rec, state, true, &err))
		fprintf(stderr, "quiesce: practice: %s\n", err.msg);
	today = leitner_today();
	ids = xmalloc((size_t)count * sizeof *ids);
	plan_start(&plan, set, &rec, today, seed_given, (int)count);
	while (asked < count && plan_next(&plan, ids, asked, &q)) {
		char line[PRACTICE_LINE_MAX], verdict[PRACTICE_VERDICT_MAX];
		enum practice_verdict v;

		snprintf(ids[asked++], sizeof ids[0], "%s", q.id);
		if (key) {
			printf("%s\n", q.answer);
			continue;
		}
		printf("Q%d %s: %s [FEN %s]\n", asked, q.id, q.prompt, q.fen);
		fflush(stdout);
		if (!read_answer(line, sizeof line)) {
			/* An unanswered question is not scored: N counts the answers given. */
			printf("no answer (end of input): the engine says %s.\n", q.answer);
			asked--;
			ended = true;
			break;
		}
		v = practice_judge(&q, line, verdict, sizeof verdict);
		right += v == PV_RIGHT;
		leitner_record(&rec, q.id, q.drill, q.level, v == PV_RIGHT, today);
		printf("%s\n", verdict);
	}
	if (!key && asked > 0) {
		if (!leitner_path(state, sizeof state, true))
			fprintf(stderr, "quiesce: practice: not saved: %s\n", statedir_problem());
		else if (!leitner_save(&rec, state, &err))
			fprintf(stderr, "quiesce: practice: not saved: %s\n", err.msg);
		else if (err.msg[0])
			fprintf(stderr, "quiesce: practice: %s\n", err.msg);
	}
	if (asked < count && !ended)
		fprintf(stderr, "quiesce: practice: only %d questions: the positions are used up\n", asked);
	if (!key)
		printf("score %d/%d\n", right, asked);
	practice_free(set);
	leitner_clear(&rec);
	plan_end(&plan);
	free(ids);
	return 0;
}

/* "MEDIAN [SMALLEST-LARGEST]" of the N values of V (sorted in place) with DIGITS decimals, as quiesce bench writes figures. */
static const char *figure(double *v, int n, int digits, char *buf, size_t size)
{
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
			double t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	snprintf(buf, size, "%.*f [%.*f-%.*f]", digits, n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2,
		 digits, v[0], digits, v[n - 1]);
	return buf;
}

void cli_practice_bench(int repeat, bool quick)
{
	int count = quick ? 100 : 1000;
	double first[16], cpu[16], wall[16];
	struct practice_question q;
	struct error err = { 0 };
	char a[64], b[64];

	if (repeat > 16)
		repeat = 16;
	/* The first question: reading the shipped positions, one search, the question (processor and wall time). */
	for (int r = 0; r < repeat; r++) {
		double c0 = util_cpu_seconds(), w0 = util_now();
		struct practice_set *s = practice_new(PD_DELTA, 1, (uint64_t)r + 1);

		if (!practice_add_shipped(s, &err) || !practice_next(s, &q)) {
			printf("practice   (skipped: %s)\n", err.msg[0] ? err.msg : "no question");
			practice_free(s);
			return;
		}
		first[r] = (util_cpu_seconds() - c0) * 1000;
		wall[r] = (util_now() - w0) * 1000;
		practice_free(s);
	}
	printf("practice   first question of 'practice --drill delta' (positions read, one search): cpu %s ms, "
	       "wall %s ms\n", figure(first, repeat, 1, a, sizeof a), figure(wall, repeat, 1, b, sizeof b));
	/* A set of COUNT questions of each drill, the positions read beforehand. */
	for (int d = 0; d < PD_COUNT; d++) {
		for (int r = 0; r < repeat; r++) {
			struct practice_set *s = practice_new((enum practice_drill)d, 2, (uint64_t)r + 1);
			double c0;
			int n = 0;

			practice_add_shipped(s, &err);
			c0 = util_cpu_seconds();
			while (n < count && practice_next(s, &q))
				n++;
			cpu[r] = util_cpu_seconds() - c0;
			practice_free(s);
		}
		printf("practice   %d questions of drill %s: cpu %s s\n", count,
		       practice_drill_name((enum practice_drill)d), figure(cpu, repeat, 3, a, sizeof a));
	}
}
