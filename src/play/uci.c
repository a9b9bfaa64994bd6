/*
 * uci.c: the UCI protocol: commands in, answers out, the search on a thread.
 *
 * The main thread reads commands (uci_handle); "go" starts a thinking thread
 * that deepens iteratively and prints "info" lines and the "bestmove". The
 * two threads share the stop flag (which the search checks at every node,
 * where it checks its node cap) and the output stream, which a mutex keeps
 * whole line by line. A time limit is kept by a timer thread that raises the
 * stop flag at the deadline, so the search itself never reads the clock.
 */
#include "config.h"

#include "play/uci.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/atomicfile.h"
#include "chess/fen.h"
#include "chess/game.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "search/option.h"
#include "search/deepen.h"
#include "search/search.h"
#include "search/trace.h"
#include "search/variant.h"
#include "tracefile/traceformat.h"
#include "tracefile/traceio.h"
#include "base/util.h"

/* What "go" asked for. Zero means "no such limit". */
struct uci_limits {
	int depth;
	uint64_t nodes;
	long movetime;
	long time[2], inc[2];
	int movestogo;
	bool clock;             /* wtime, btime, winc or binc was given */
	bool infinite;          /* also "go ponder": think until "stop" */
};

struct uci {
	FILE *out;
	pthread_mutex_t out_lock;

	struct position pos;            /* after "position ... moves ..." */
	uint64_t *history;              /* repetition keys of the positions before pos, oldest first */
	int history_len, history_cap;
	struct search_options opt;      /* as the options set it */
	char *trace_file;               /* NULL: no trace */

	/* The thinking thread and what it shares with the main thread. */
	bool thinking;                  /* a thread was started and not yet joined */
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	atomic_int stop;                /* raised by "stop", "quit" or the timer (read by the search) */
	bool finished;                  /* the search is over (the timer may go) */
	struct uci_limits limits;       /* of the current "go" */
	struct position root;           /* copies taken at "go", read by the thread */
	struct search_options go_opt;
	double start;
	long hard_ms, soft_ms;          /* the deadline and "no new iteration after"; 0 for none */
};

/* Writes one line (FMT and a newline) to the GUI and flushes it. */
static void say(struct uci *u, const char *fmt, ...) PRINTF_LIKE(2, 3);
static void say(struct uci *u, const char *fmt, ...)
{
	va_list ap;

	pthread_mutex_lock(&u->out_lock);
	va_start(ap, fmt);
	vfprintf(u->out, fmt, ap);
	va_end(ap);
	fputc('\n', u->out);
	fflush(u->out);
	pthread_mutex_unlock(&u->out_lock);
}

struct uci *uci_new(FILE *out)
{
	struct uci *u = xcalloc(1, sizeof *u);
	struct error err;

	u->out = out;
	pthread_mutex_init(&u->out_lock, NULL);
	pthread_mutex_init(&u->lock, NULL);
	pthread_cond_init(&u->cond, NULL);
	option_defaults(&u->opt);
	/*
	 * A GUI plays games: the piece-square evaluation, as match measures it
	 * (with material alone the engine walks its king into the centre).
	 */
	u->opt.eval = EVAL_PST;
	fen_parse(&u->pos, BOARD_START_FEN, &err);
	return u;
}

/* Raises the stop flag and wakes whoever waits for it. */
static void raise_stop(struct uci *u)
{
	pthread_mutex_lock(&u->lock);
	u->stop = 1;
	pthread_cond_broadcast(&u->cond);
	pthread_mutex_unlock(&u->lock);
}

/* Stops the thinking thread, if any, and waits for it (it prints its bestmove). */
static void stop_thinking(struct uci *u)
{
	if (!u->thinking)
		return;
	raise_stop(u);
	pthread_join(u->thread, NULL);
	u->thinking = false;
}

void uci_free(struct uci *u)
{
	if (u == NULL)
		return;
	stop_thinking(u);
	pthread_mutex_destroy(&u->out_lock);
	pthread_mutex_destroy(&u->lock);
	pthread_cond_destroy(&u->cond);
	free(u->trace_file);
	free(u->history);
	free(u);
}

long uci_time_budget(long time_left, long inc, int moves_to_go)
{
	long mtg = moves_to_go > 0 ? moves_to_go : 30;
	long budget, cap;

	if (mtg > 30)
		mtg = 30;
	if (time_left < 0)
		time_left = 0;
	if (inc < 0)
		inc = 0;
	budget = time_left / mtg + inc * 3 / 4;
	/* Never more than the clock holds, less a tenth and 20 ms for the GUI's own lag. */
	cap = time_left - time_left / 10 - 20;
	if (budget > cap)
		budget = cap;
	return budget < 1 ? 1 : budget;
}

/* Milliseconds since the "go". */
static long elapsed_ms(const struct uci *u)
{
	return (long)((util_now() - u->start) * 1000.0);
}

/* The timer thread: raises the stop flag at the hard deadline unless the search ends first. */
static void *timer_main(void *arg)
{
	struct uci *u = arg;
	struct timespec when;
	double deadline = u->start + (double)u->hard_ms / 1000.0;
	double now_mono = util_now();
	struct timespec real;

	/* pthread_cond_timedwait reads CLOCK_REALTIME: convert the monotonic deadline. */
	clock_gettime(CLOCK_REALTIME, &real);
	{
		double at = (double)real.tv_sec + (double)real.tv_nsec / 1e9 + (deadline - now_mono);

		when.tv_sec = (time_t)at;
		when.tv_nsec = (long)((at - (double)when.tv_sec) * 1e9);
		if (when.tv_nsec >= 1000000000L) {
			when.tv_sec++;
			when.tv_nsec -= 1000000000L;
		}
	}
	pthread_mutex_lock(&u->lock);
	while (!u->finished && !u->stop) {
		if (pthread_cond_timedwait(&u->cond, &u->lock, &when) == ETIMEDOUT) {
			u->stop = 1;
			pthread_cond_broadcast(&u->cond);
			break;
		}
	}
	pthread_mutex_unlock(&u->lock);
	return NULL;
}

/* Writes the principal variation in UCI after " pv", into BUF. */
static void pv_text(const struct search_result *res, char *buf, size_t n)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < res->pv_len && used + NOTATION_BUFSIZE + 2 < n; i++) {
		char m[NOTATION_BUFSIZE];

		notation_uci(res->pv[i], m);
		used += (size_t)snprintf(buf + used, n - used, " %s", m);
	}
}

/* The UCI score: "cp N" or "mate N" (moves, negative when being mated). */
static void score_text(int score, char *buf, size_t n)
{
	/* The mate distance is counted as everywhere else (score_mate_moves); UCI writes it "mate N". */
	if (SCORE_IS_MATE(score))
		snprintf(buf, n, "mate %d", score_mate_moves(score, 0));
	else
		snprintf(buf, n, "cp %d", score);
}

/* Writes TRACE (the search of the move played) to the TraceFile; reports failures with info string. */
static void write_trace(struct uci *u, const struct trace *t, const struct search_options *opt,
			const struct search_result *res)
{
	struct error err = { 0 };
	const char *path = u->trace_file;
	const struct traceformat *f = traceformat_by_ending(path);

	/* The one save path (traceformat.h); a name with no trace ending gets the compact JSON document. */
	if (f == NULL)
		f = traceformat_find("json");
	if (!traceformat_save(path, f, t, &u->root, opt, res, &err))
		say(u, "info string cannot write the trace: %s", err.msg);
}

/* The iteration the bestmove comes from: the last one taken, and its trace. */
struct taken {
	move best;
	struct search_result last;
	int depth;
	bool have;
	struct trace *cur, *kept;   /* the trace being recorded and the taken one's (NULL without TraceFile) */
};

/* Takes RES, the search at depth D, as the one the bestmove comes from (its trace is kept). */
static void take_iteration(struct taken *k, const struct search_result *res, int d)
{
	k->best = res->best;
	k->last = *res;
	k->depth = d;
	k->have = true;
	if (k->cur) {
		struct trace *t = k->kept;

		k->kept = k->cur;
		k->cur = t;
	}
}

/* The info line of the search RES at depth D (TOTAL nodes so far); LOWER for a stopped one's lower bound. */
static void say_iteration(struct uci *u, const struct search_result *res, int d, uint64_t total, bool lower)
{
	char score[32], pv[SEARCH_MAX_PLY * 6 + 8];
	long ms = elapsed_ms(u);

	score_text(res->score, score, sizeof score);
	pv_text(res, pv, sizeof pv);
	say(u, "info depth %d seldepth %d score %s%s nodes %llu nps %llu time %ld pv%s", d, res->seldepth, score,
	    lower ? " lowerbound" : "", (unsigned long long)total,
	    (unsigned long long)(total * 1000 / (uint64_t)(ms > 0 ? ms : 1)), ms, pv);
}

/* What the thinking thread's deepening reports to (deepen.h's callbacks). */
struct thinking {
	struct uci *u;
	struct taken k;
};

/* The clock: a new iteration costs more than all before it, so none starts that cannot finish. */
static bool think_start(void *ctx, int depth)
{
	struct thinking *th = ctx;

	(void)depth;
	return !(th->u->soft_ms > 0 && elapsed_ms(th->u) >= th->u->soft_ms);
}

/* Each iteration: its info line; a taken one's move and trace are kept. */
static void think_done(void *ctx, const struct search_result *res, int d, uint64_t total, bool taken)
{
	struct thinking *th = ctx;

	if (!taken)
		return;
	if (res->stopped) {
		/*
		 * An unfinished iteration taken because none finished, whatever
		 * stopped it (the node limit, the clock, "stop"): the best of the
		 * root moves it finished, its score a lower bound.
		 */
		say_iteration(th->u, res, d, total, true);
		say(th->u, "info string depth %d stopped after %d of %d root moves: their best is the move",
		    d, res->root_moves_done, res->root_moves);
		take_iteration(&th->k, res, d);
		return;
	}
	take_iteration(&th->k, res, d);
	say_iteration(th->u, res, d, total, false);
}

/* The trace an iteration records into (TraceFile): the one not kept. */
static struct trace *think_trace(void *ctx, int depth)
{
	struct thinking *th = ctx;

	(void)depth;
	return th->k.cur;
}

/* The thinking thread: iterative deepening (deepen.h, the rule match plays by), info lines, the bestmove. */
static void *think_main(void *arg)
{
	struct uci *u = arg;
	const struct uci_limits *lim = &u->limits;
	struct search_options o = u->go_opt;
	struct thinking th = { .u = u, .k = { .best = MOVE_NONE } };
	struct taken *kp = &th.k;
	struct deepen dp = {
		.max_depth = lim->depth > 0 ? lim->depth : SEARCH_MAX_DEPTH, .nodes = lim->nodes, .stop = &u->stop,
		.start = think_start, .done = think_done, .trace = think_trace, .ctx = &th
	};
	pthread_t timer;
	bool timing = u->hard_ms > 0;
	char bm[NOTATION_BUFSIZE];

	if (u->trace_file) {
		kp->cur = trace_new();
		kp->kept = trace_new();
	}
	if (timing && pthread_create(&timer, NULL, timer_main, u) != 0)
		timing = false;
	deepen_run(&u->root, &o, &dp);
	kp->best = dp.best;
	if (u->trace_file && kp->have) {
		o.depth = kp->depth;
		o.max_nodes = 0;
		write_trace(u, kp->kept, &o, &kp->last);
	}
	/* "go infinite" and "go ponder" must not answer before "stop". */
	pthread_mutex_lock(&u->lock);
	u->finished = true;
	pthread_cond_broadcast(&u->cond);
	while (lim->infinite && !u->stop)
		pthread_cond_wait(&u->cond, &u->lock);
	pthread_mutex_unlock(&u->lock);
	if (timing)
		pthread_join(timer, NULL);
	notation_uci(kp->best, bm);
	say(u, "bestmove %s", bm);
	trace_free(kp->cur);
	trace_free(kp->kept);
	return NULL;
}

/* ------------------------------------------------------------ tokens */

/* Splits LINE in place at blanks; returns the number of words stored in W (at most MAX). */
static int split(char *line, char **w, int max)
{
	int n = 0;

	for (char *p = line; *p && n < max;) {
		while (*p && isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		w[n++] = p;
		while (*p && !isspace((unsigned char)*p))
			p++;
		if (*p)
			*p++ = '\0';
	}
	return n;
}

/* Parses a whole non-negative number; false for anything else (or beyond MAX). */
static bool number(const char *text, long long max, long long *out)
{
	char *end;
	long long v;

	if (!isdigit((unsigned char)text[0]))
		return false;
	errno = 0;
	v = strtoll(text, &end, 10);
	if (*end || errno || v > max)
		return false;
	*out = v;
	return true;
}

/* ------------------------------------------------------------ commands */

/*
 * The Variant option: a whole search variant at once, as a mode spec of
 * match --modes and the tutor's :mode (variant.h). The combo lists the
 * modes and the named variants (option.h's tables); setoption takes any
 * mode spec ("captures+see"), and like a compare side it is exactly what it
 * names: the defaults, then the spec, keeping the depth, evaluation and node
 * cap set so far.
 */
static void variant_option(struct uci *u)
{
	const struct option_def *mode = option_find("mode");
	const char *now = variant_name(&u->opt);
	char line[256];
	size_t used;

	if (now == NULL)
		now = mode->choices[option_get(mode, &u->opt)];
	used = (size_t)snprintf(line, sizeof line, "option name Variant type combo default %s", now);
	for (int k = 0; mode->choices[k] && used < sizeof line; k++)
		used += (size_t)snprintf(line + used, sizeof line - used, " var %s", mode->choices[k]);
	for (int i = 0; i < OPTION_PRESET_NAMED && used < sizeof line; i++)
		used += (size_t)snprintf(line + used, sizeof line - used, " var %s", option_presets[i].name);
	say(u, "%s", line);
}

static void cmd_uci(struct uci *u)
{
	say(u, "id name quiesce %s", PACKAGE_VERSION);
	say(u, "id author the quiesce authors");
	/* The search options with a UCI name (option.h), each with its current value as the default. */
	for (int i = 0; i < option_count; i++) {
		const struct option_def *d = &option_table[i];
		char line[256];
		long long v = option_get(d, &u->opt);
		size_t used;

		if (d->uci == NULL)
			continue;
		used = (size_t)snprintf(line, sizeof line, "option name %s type ", d->uci);
		switch (d->type) {
		case OPTION_BOOL:
			snprintf(line + used, sizeof line - used, "check default %s", v ? "true" : "false");
			break;
		case OPTION_INT:
			/* A UCI spin says -1 where the option says its word ("all", "none"). */
			snprintf(line + used, sizeof line - used, "spin default %lld min %ld max %ld", v,
				 d->word ? -1L : d->lo, d->hi);
			break;
		case OPTION_CHOICE:
			used += (size_t)snprintf(line + used, sizeof line - used, "combo default %s", d->choices[v]);
			for (int k = 0; d->choices[k] && used < sizeof line; k++)
				used += (size_t)snprintf(line + used, sizeof line - used, " var %s", d->choices[k]);
			break;
		case OPTION_COUNT:
		case OPTION_SIZE:
			snprintf(line + used, sizeof line - used, "spin default %lld min 0 max %ld", v, d->hi);
			break;
		}
		say(u, "%s", line);
	}
	variant_option(u);
	say(u, "option name TraceFile type string default <empty>");
	say(u, "uciok");
}

/* "setoption name NAME [value VALUE]": NAME and VALUE may hold spaces (a file name). */
static void cmd_setoption(struct uci *u, const char *args)
{
	const char *p = args, *name, *value = NULL;
	char nbuf[64], vbuf[4096], cut[UTIL_CUT_MAX + 4];
	size_t nlen;
	struct error err = { 0 };
	struct search_options o = u->opt;

	while (isspace((unsigned char)*p))
		p++;
	if (strncmp(p, "name", 4) || !isspace((unsigned char)p[4])) {
		say(u, "info string setoption: expected 'setoption name NAME [value VALUE]'");
		return;
	}
	name = p + 5;
	while (isspace((unsigned char)*name))
		name++;
	/* The name runs to the word "value" (or the end); trailing blanks are dropped. */
	for (const char *q = name; *q; q++)
		if (isspace((unsigned char)q[-1]) && !strncmp(q, "value", 5) &&
		    (q[5] == '\0' || isspace((unsigned char)q[5]))) {
			value = q + 5;
			break;
		}
	nlen = value ? (size_t)(value - 5 - name) : strlen(name);
	while (nlen > 0 && isspace((unsigned char)name[nlen - 1]))
		nlen--;
	if (nlen == 0 || nlen >= sizeof nbuf) {
		say(u, "info string setoption: missing or over-long option name");
		return;
	}
	memcpy(nbuf, name, nlen);
	nbuf[nlen] = '\0';
	if (value) {
		size_t vlen;

		while (isspace((unsigned char)*value))
			value++;
		vlen = strlen(value);
		while (vlen > 0 && isspace((unsigned char)value[vlen - 1]))
			vlen--;
		if (vlen >= sizeof vbuf) {
			say(u, "info string setoption %s: the value is too long", nbuf);
			return;
		}
		memcpy(vbuf, value, vlen);
		vbuf[vlen] = '\0';
	} else {
		vbuf[0] = '\0';
	}
	if (!strcasecmp(nbuf, "TraceFile")) {
		free(u->trace_file);
		u->trace_file = vbuf[0] && strcmp(vbuf, "<empty>") ? xstrdup(vbuf) : NULL;
		return;
	}
	if (!strcasecmp(nbuf, "Variant")) {
		struct search_options o2;

		if (!variant_complete(&o2, &u->opt, vbuf, &err)) {
			say(u, "info string setoption Variant: %s", err.msg);
			return;
		}
		u->opt = o2;
		return;
	}
	for (int i = 0; i < option_count; i++) {
		const struct option_def *d = &option_table[i];
		const char *v = vbuf;

		if (d->uci == NULL || strcasecmp(nbuf, d->uci))
			continue;
		/* UCI spins say -1 where the search options say "all" or "none". */
		if (d->word && !strcmp(vbuf, "-1"))
			v = d->word;
		if (!option_set(d, &o, v, &err)) {
			say(u, "info string setoption %s: %s", d->uci, err.msg);
			return;
		}
		u->opt = o;
		return;
	}
	say(u, "info string unknown option '%s'", util_cut(nbuf, cut, sizeof cut));
}

/*
 * Keeps the current position's repetition key before a move of the list is
 * made, so the search can score a return to it as a draw. Only the positions
 * since the last capture or pawn move can repeat: the list starts again there.
 */
static void history_push(struct uci *u)
{
	if (u->pos.halfmove == 0)
		u->history_len = 0;
	if (u->history_len == u->history_cap) {
		u->history_cap = u->history_cap ? 2 * u->history_cap : 64;
		u->history = xrealloc(u->history, (size_t)u->history_cap * sizeof *u->history);
	}
	u->history[u->history_len++] = game_repetition_key(&u->pos);
}

/* "position startpos|fen FEN [moves M...]". W[0] is "position". */
static void cmd_position(struct uci *u, char **w, int n)
{
	struct position pos;
	struct error err = { 0 };
	char cut[UTIL_CUT_MAX + 4];
	int i = 2;

	if (n < 2) {
		say(u, "info string position: expected 'startpos' or 'fen FEN', then optionally 'moves ...'");
		return;
	}
	if (!strcmp(w[1], "startpos")) {
		fen_parse(&pos, BOARD_START_FEN, &err);
	} else if (!strcmp(w[1], "fen")) {
		char fen[FEN_MAX_INPUT + 1];
		size_t used = 0;

		fen[0] = '\0';
		for (; i < n && strcmp(w[i], "moves"); i++) {
			size_t len = strlen(w[i]);

			if (i - 2 >= 6 || used + len + 2 > sizeof fen) {
				say(u, "info string position: the FEN has too many fields or is too long; position unchanged");
				return;
			}
			if (used)
				fen[used++] = ' ';
			memcpy(fen + used, w[i], len + 1);
			used += len;
		}
		if (!fen_parse(&pos, fen, &err)) {
			say(u, "info string position: invalid FEN '%s': %s; position unchanged",
			    util_cut(fen, cut, sizeof cut), err.msg);
			return;
		}
	} else {
		say(u, "info string position: expected 'startpos' or 'fen', not '%s'; position unchanged",
		    util_cut(w[1], cut, sizeof cut));
		return;
	}
	if (i < n && strcmp(w[i], "moves")) {
		say(u, "info string position: expected 'moves', not '%s'; position unchanged",
		    util_cut(w[i], cut, sizeof cut));
		return;
	}
	u->pos = pos;
	u->history_len = 0;
	for (int k = i + 1; k < n; k++) {
		move m;
		struct undo und;

		if (!notation_parse_uci(&u->pos, w[k], &m, &err)) {
			say(u, "info string position: illegal move '%s' (move %d of the list): the position stays after move %d",
			    util_cut(w[k], cut, sizeof cut), k - i, k - i - 1);
			return;
		}
		history_push(u);
		board_make(&u->pos, m, &und);
	}
}

/* A history of no positions: repetition detection on the search path alone. */
static const uint64_t no_history[1];

/* "go [depth N] [nodes N] [movetime MS] [wtime MS] ... [infinite] [ponder]". */
static void cmd_go(struct uci *u, char **w, int n)
{
	struct uci_limits lim;
	char cut[UTIL_CUT_MAX + 4];
	int side;

	memset(&lim, 0, sizeof lim);
	/* A limit that was given but could not be used (negative, malformed, too large) makes the search bounded, never one that waits for "stop". */
	bool refused = false, movetime_given = false;

	for (int i = 1; i < n; i++) {
		static const char *const valued[] = { "depth", "nodes", "movetime", "wtime", "btime",
						      "winc", "binc", "movestogo", "mate" };
		long long v = 0;
		bool known = false;

		if (!strcmp(w[i], "infinite") || !strcmp(w[i], "ponder")) {
			lim.infinite = true;
			continue;
		}
		if (!strcmp(w[i], "searchmoves")) {
			say(u, "info string go: searchmoves is not supported; searching every move");
			while (i + 1 < n && strlen(w[i + 1]) >= 4 && isdigit((unsigned char)w[i + 1][1]))
				i++;
			continue;
		}
		for (size_t k = 0; k < sizeof valued / sizeof valued[0]; k++)
			known |= !strcmp(w[i], valued[k]);
		if (!known) {
			say(u, "info string go: unknown parameter '%s' ignored", util_cut(w[i], cut, sizeof cut));
			continue;
		}
		/* GUIs may send negative clocks when a player is late: read them as 0, and say so. */
		if (i + 1 < n && w[i + 1][0] == '-' && number(w[i + 1] + 1, 1000000000000LL, &v)) {
			i++;
			if (w[i - 1][0] != 'w' && w[i - 1][0] != 'b') {
				say(u, "info string go: %s %s is out of range: expected 0 or more; ignored", w[i - 1],
				    util_cut(w[i], cut, sizeof cut));
				refused = true;
				continue;
			}
			say(u, "info string go: %s %s is negative: read as 0", w[i - 1], util_cut(w[i], cut, sizeof cut));
			v = 0;
		} else if (i + 1 >= n || !number(w[i + 1], 1000000000000LL, &v)) {
			/* All digits but too large for number(): out of range, not malformed. */
			if (i + 1 < n && isdigit((unsigned char)w[i + 1][0]) &&
			    w[i + 1][strspn(w[i + 1], "0123456789")] == '\0') {
				say(u, "info string go: %s %s is out of range: expected at most 1000000000000; ignored",
				    w[i], util_cut(w[i + 1], cut, sizeof cut));
				i++;
			} else {
				say(u, "info string go: '%s' needs a whole number; ignored", w[i]);
			}
			refused = true;
			continue;
		} else {
			i++;
		}
		if ((!strcmp(w[i - 1], "depth") && v > SEARCH_MAX_DEPTH) ||
		    (!strcmp(w[i - 1], "mate") && v * 2 > SEARCH_MAX_DEPTH))
			say(u, "info string go: %s %s is out of range: searching to depth %d, the deepest", w[i - 1],
			    util_cut(w[i], cut, sizeof cut), SEARCH_MAX_DEPTH);
		if (w[i - 1][0] == 'w' || w[i - 1][0] == 'b')
			lim.clock = true;
		if (!strcmp(w[i - 1], "depth"))
			lim.depth = v > SEARCH_MAX_DEPTH ? SEARCH_MAX_DEPTH : (int)v;
		else if (!strcmp(w[i - 1], "nodes"))
			lim.nodes = (uint64_t)v;
		else if (!strcmp(w[i - 1], "movetime")) {
			lim.movetime = (long)v;
			movetime_given = true;
		} else if (!strcmp(w[i - 1], "wtime"))
			lim.time[WHITE] = (long)v;
		else if (!strcmp(w[i - 1], "btime"))
			lim.time[BLACK] = (long)v;
		else if (!strcmp(w[i - 1], "winc"))
			lim.inc[WHITE] = (long)v;
		else if (!strcmp(w[i - 1], "binc"))
			lim.inc[BLACK] = (long)v;
		else if (!strcmp(w[i - 1], "movestogo"))
			lim.movestogo = (int)(v > 1000 ? 1000 : v);
		else if (!strcmp(w[i - 1], "mate"))
			lim.depth = v * 2 > SEARCH_MAX_DEPTH ? SEARCH_MAX_DEPTH : (int)(v * 2);
	}
	if (movetime_given && lim.movetime == 0) {
		say(u, "info string go: movetime 0: searching for 1 ms (at least depth 1)");
		lim.movetime = 1;
	}
	if (refused && !lim.infinite && !lim.clock && lim.depth == 0 && lim.nodes == 0 && lim.movetime == 0) {
		say(u, "info string go: no usable limit: searching to depth 1 (send 'go infinite' to search until 'stop')");
		lim.depth = 1;
	}
	stop_thinking(u);
	side = u->pos.side;
	u->limits = lim;
	u->root = u->pos;
	u->go_opt = u->opt;
	/* The game before the root, for repetitions ("position" stops the thread before it changes it). */
	u->go_opt.history = u->history_len > 0 ? u->history : no_history;
	u->go_opt.history_len = u->history_len;
	u->stop = 0;
	u->finished = false;
	u->hard_ms = u->soft_ms = 0;
	if (!lim.infinite) {
		if (lim.movetime > 0) {
			u->hard_ms = lim.movetime;
			u->soft_ms = lim.movetime;
		} else if (lim.clock) {
			u->hard_ms = uci_time_budget(lim.time[side], lim.inc[side], lim.movestogo);
			u->soft_ms = u->hard_ms / 2 > 0 ? u->hard_ms / 2 : 1;
		}
	}
	u->start = util_now();
	if (pthread_create(&u->thread, NULL, think_main, u) != 0) {
		say(u, "info string go: cannot start the search thread");
		say(u, "bestmove 0000");
		return;
	}
	u->thinking = true;
}

bool uci_handle(struct uci *u, const char *line)
{
	char *copy = xstrdup(line);
	size_t len = strlen(line) / 2 + 2;
	char **w = xmalloc(len * sizeof *w);
	int n = split(copy, w, (int)len);
	char cut[UTIL_CUT_MAX + 4];
	bool go_on = true;

	if (n == 0) {
		/* An empty line: nothing to do. */
	} else if (!strcmp(w[0], "uci")) {
		cmd_uci(u);
	} else if (!strcmp(w[0], "isready")) {
		say(u, "readyok");
	} else if (!strcmp(w[0], "ucinewgame")) {
		struct error err;

		stop_thinking(u);
		fen_parse(&u->pos, BOARD_START_FEN, &err);
		u->history_len = 0;
	} else if (!strcmp(w[0], "position")) {
		stop_thinking(u);
		cmd_position(u, w, n);
	} else if (!strcmp(w[0], "go")) {
		cmd_go(u, w, n);
	} else if (!strcmp(w[0], "stop")) {
		stop_thinking(u);
	} else if (!strcmp(w[0], "ponderhit")) {
		/* quiesce never offers a move to ponder on: nothing to do. */
	} else if (!strcmp(w[0], "quit")) {
		stop_thinking(u);
		go_on = false;
	} else if (!strcmp(w[0], "setoption")) {
		stop_thinking(u);
		cmd_setoption(u, strstr(line, "setoption") + 9);
	} else if (!strcmp(w[0], "debug") || !strcmp(w[0], "register")) {
		/* Accepted and ignored: quiesce has no debug output and needs no registration. */
	} else {
		say(u, "info string unknown command '%s'", util_cut(w[0], cut, sizeof cut));
	}
	free(w);
	free(copy);
	return go_on;
}
