/* option.c: the table of search options, and everything that reads options by name. */
#include "search/option.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/eval.h"

/* A choice is stored in its enum field as an int. */
_Static_assert(sizeof(enum qmode) == sizeof(int), "enum qmode is stored as an int");
_Static_assert(sizeof(enum move_order) == sizeof(int), "enum move_order is stored as an int");
_Static_assert(sizeof(enum eval_kind) == sizeof(int), "enum eval_kind is stored as an int");

static const char *const mode_choices[] = { "none", "captures", "checks", NULL };
static const char *const order_choices[] = { "mvv-lva", "none", NULL };

#define FIELD(f) offsetof(struct search_options, f)

/*
 * The search options. The order is the trace header's, and the command
 * line's help follows it. A bool's ON_FLAG and OFF_FLAG are the command line
 * flags that set it (and names option_set_name takes without a value).
 */
const struct option_def option_table[] = {
	{ .name = "depth", .key = "depth", .type = OPTION_INT, .offset = FIELD(depth),
	  .lo = 0, .hi = SEARCH_MAX_DEPTH, .def = SEARCH_DEFAULT_DEPTH, .short_name = 'd', .arg = "N",
	  .help = "main search depth in plies (default 2)" },
	{ .name = "mode", .key = "mode", .uci = "Quiescence", .type = OPTION_CHOICE, .offset = FIELD(mode),
	  .def = QMODE_CAPTURES, .choices = mode_choices, .short_name = 'm', .arg = "MODE",
	  .help = "quiescence: none, captures (default) or checks" },
	{ .name = "check-plies", .key = "check_plies", .uci = "CheckPlies", .type = OPTION_INT,
	  .offset = FIELD(check_plies), .lo = 0, .hi = SEARCH_MAX_PLY, .def = 1, .word = "all",
	  .json_word = "\"all\"", .arg = "N",
	  .help = "mode checks: quiet checks in the first N quiescence\nplies (default 1; 'all' for every ply)" },
	{ .name = "qdepth", .key = "qdepth", .uci = "QDepth", .type = OPTION_INT, .offset = FIELD(qdepth),
	  .lo = 0, .hi = SEARCH_MAX_PLY, .def = -1, .word = "none", .json_word = "null", .arg = "N",
	  .help = "stop the quiescence search N plies deep" },
	{ .name = "delta", .key = "delta", .uci = "Delta", .type = OPTION_BOOL, .offset = FIELD(delta), .def = 0,
	  .on_flag = "delta", .off_flag = "no-delta", .arg = "MARGIN", .number = "delta-margin",
	  .help = "delta pruning with a margin of 0 to 10000 centipawns\n(default 200; --delta=0 is a margin of 0)",
	  .off_help = "no delta pruning (the default)" },
	{ .name = "delta-margin", .key = "delta_margin", .uci = "DeltaMargin", .type = OPTION_INT,
	  .offset = FIELD(delta_margin), .lo = 0, .hi = 10000, .def = DELTA_DEFAULT_MARGIN, .arg = "M",
	  .flags = OPTION_NO_CLI, .help = "the delta pruning margin in centipawns (default 200)" },
	{ .name = "see", .key = "see", .uci = "SEE", .type = OPTION_BOOL, .offset = FIELD(see), .def = 0,
	  .on_flag = "see", .off_flag = "no-see", .help = "skip captures that lose material by SEE" },
	{ .name = "see-margin", .key = "see_margin", .uci = "SEEMargin", .type = OPTION_INT, .offset = FIELD(see_margin),
	  .lo = 0, .hi = 10000, .def = 0, .arg = "M",
	  .help = "with --see, skip only captures whose SEE is below -M\n(the SEE threshold; default 0: any loss)" },
	{ .name = "fail-soft", .key = "fail_soft", .uci = "FailSoft", .type = OPTION_BOOL, .offset = FIELD(fail_soft),
	  .def = 0, .on_flag = "fail-soft", .off_flag = "fail-hard",
	  .help = "return the best value found, not the bound", .off_help = "clamp results to the window (default)" },
	{ .name = "stand-pat", .key = "stand_pat", .uci = "StandPat", .type = OPTION_BOOL, .offset = FIELD(stand_pat),
	  .def = 1, .off_flag = "no-stand-pat", .off_help = "brute quiescence: never stand pat" },
	{ .name = "evasions", .key = "evasions", .uci = "Evasions", .type = OPTION_BOOL, .offset = FIELD(evasions),
	  .def = 1, .off_flag = "no-evasions", .off_help = "in check, search only tactical moves (the faulty variant)" },
	{ .name = "pawn-pushes", .key = "pawn_pushes", .uci = "PawnPushes", .type = OPTION_BOOL,
	  .offset = FIELD(pawn_pushes), .def = 0, .on_flag = "pawn-pushes",
	  .help = "also search pawn pushes to the seventh rank (Rival)" },
	{ .name = "futility", .key = "futility", .uci = "Futility", .type = OPTION_BOOL, .offset = FIELD(futility),
	  .def = 0, .on_flag = "futility", .off_flag = "no-futility",
	  .help = "futility pruning per capture: skip it when stand pat +\nmargin + captured <= alpha, or stand pat + margin\n"
		  "<= alpha and its SEE <= 0 (never a capture that\ngives check)", .off_help = "no futility pruning (the default)" },
	{ .name = "futility-margin", .key = "futility_margin", .uci = "FutilityMargin", .type = OPTION_INT,
	  .offset = FIELD(futility_margin), .lo = 0, .hi = 10000, .def = FUTILITY_DEFAULT_MARGIN, .arg = "M",
	  .help = "the futility margin in centipawns (default 100)" },
	{ .name = "recaptures", .key = "recaptures", .uci = "Recaptures", .type = OPTION_INT, .offset = FIELD(recaptures),
	  .lo = 0, .hi = SEARCH_MAX_PLY, .def = -1, .word = "off", .json_word = "null", .arg = "N",
	  .help = "from quiescence ply N on, search only recaptures: moves\nto the square the last move went to (default off)" },
	{ .name = "evasion-limit", .key = "evasion_limit", .uci = "EvasionLimit", .type = OPTION_INT,
	  .offset = FIELD(evasion_limit), .lo = 0, .hi = 255, .def = -1, .word = "off", .json_word = "null", .arg = "N",
	  .help = "evasion pruning: in check in the quiescence search, skip\nquiet evasions after N searched once one does not\n"
		  "lose to mate (default off)" },
	{ .name = "tt", .key = "tt", .uci = "TT", .type = OPTION_BOOL, .offset = FIELD(tt), .def = 0,
	  .on_flag = "tt", .off_flag = "no-tt", .arg = "MB", .number = "tt-size",
	  .help = "a transposition table in the main and the quiescence\nsearch: a node is answered by an entry of the same\n"
		  "depth whose bound decides (--tt=MB gives its size)", .off_help = "no transposition table (the default)" },
	{ .name = "tt-size", .key = "tt_size", .uci = "Hash", .type = OPTION_INT, .offset = FIELD(tt_size),
	  .lo = 1, .hi = TT_MAX_MB, .def = TT_DEFAULT_MB, .arg = "MB",
	  .help = "the transposition table's size in MB (default 16)" },
	{ .name = "order", .key = "order", .type = OPTION_CHOICE, .offset = FIELD(order), .def = ORDER_MVV_LVA,
	  .choices = order_choices, .arg = "ORDER", .help = "mvv-lva (default) or none" },
	{ .name = "eval", .key = "eval", .uci = "Eval", .type = OPTION_CHOICE, .offset = FIELD(eval),
	  .def = EVAL_MATERIAL, .choices = eval_kind_names, .arg = "EVAL", .help = "material (default) or pst" },
	{ .name = "max-nodes", .key = "max_nodes", .type = OPTION_COUNT, .offset = FIELD(max_nodes), .def = 0,
	  .hi = 2000000000L, .arg = "N", .help = "stop the search after N nodes" },
	{ .name = "max-memory", .type = OPTION_SIZE, .offset = FIELD(max_memory), .def = 0, .arg = "SIZE",
	  .help = "stop a recorded search when its trace would pass SIZE\n(512M, 2G; default: half the physical memory or of\n"
		  "what ulimit -v leaves, the smaller; 0: no limit)" },
};
const int option_count = (int)(sizeof option_table / sizeof option_table[0]);

/*
 * The named variants, then the short forms a mode spec takes; a search that
 * holds several variants is named by the first (variant_name names only the
 * first OPTION_PRESET_NAMED).
 */
const struct option_preset option_presets[] = {
	{ "brute", "mode=captures+stand-pat=off", "captures without stand pat" },
	{ "faulty", "mode=captures+evasions=off", "captures, no check evasions" },
	{ "rival", "mode=captures+pawn-pushes=on", "captures and pawn pushes to the seventh rank" },
	{ "modern", "mode=captures+tt=on+futility=on+see=on+see-margin=80+evasion-limit=2+recaptures=5",
	  "captures with a transposition table, futility, SEE threshold 80, evasion pruning after 2, recaptures only "
	  "from qply 5" },
	{ "soft", "fail-soft=on", "fail-soft stand pat" },
	{ "nodelta", "delta=off", "delta pruning off" },
	{ "checks-all", "mode=checks+check-plies=all", "mode checks with quiet checks at every quiescence ply" },
};
const int option_preset_count = (int)(sizeof option_presets / sizeof option_presets[0]);

/* The field of D in OPT. */
#define AT(type, opt, d) ((type *)((char *)(opt) + (d)->offset))
#define CAT(type, opt, d) ((const type *)((const char *)(opt) + (d)->offset))

void option_put(const struct option_def *d, struct search_options *opt, long long v)
{
	switch (d->type) {
	case OPTION_BOOL:
		*AT(bool, opt, d) = v != 0;
		break;
	case OPTION_INT:
	case OPTION_CHOICE:
		*AT(int, opt, d) = (int)v;
		break;
	case OPTION_COUNT:
	case OPTION_SIZE:
		*AT(uint64_t, opt, d) = (uint64_t)v;
		break;
	}
}

long long option_get(const struct option_def *d, const struct search_options *opt)
{
	switch (d->type) {
	case OPTION_BOOL:
		return *CAT(bool, opt, d);
	case OPTION_INT:
	case OPTION_CHOICE:
		return *CAT(int, opt, d);
	case OPTION_COUNT:
	case OPTION_SIZE:
		return (long long)*CAT(uint64_t, opt, d);
	}
	return 0;
}

void option_defaults(struct search_options *opt)
{
	memset(opt, 0, sizeof *opt);
	for (int i = 0; i < option_count; i++)
		option_put(&option_table[i], opt, option_table[i].def);
}

const struct option_def *option_find(const char *name)
{
	for (int i = 0; i < option_count; i++) {
		const struct option_def *d = &option_table[i];

		if (!strcmp(d->name, name) || (d->on_flag && !strcmp(d->on_flag, name)) ||
		    (d->off_flag && !strcmp(d->off_flag, name)))
			return d;
	}
	return NULL;
}

const struct option_preset *option_preset_find(const char *name)
{
	for (int i = 0; i < option_preset_count; i++)
		if (!strcmp(option_presets[i].name, name))
			return &option_presets[i];
	return NULL;
}

/* Parses "on"/"off"-style switches; a missing value means "on". */
static bool parse_switch(const char *value, bool *out)
{
	if (value == NULL || !strcmp(value, "on") || !strcmp(value, "yes") || !strcmp(value, "true") ||
	    !strcmp(value, "1")) {
		*out = true;
		return true;
	}
	if (!strcmp(value, "off") || !strcmp(value, "no") || !strcmp(value, "false") || !strcmp(value, "0")) {
		*out = false;
		return true;
	}
	return false;
}

/* Parses a whole number from LO to HI: digits only (a leading '-' allowed), never " 1" or "+1". */
static bool parse_number(const char *value, long lo, long hi, long *out)
{
	char *end;
	long v;

	if (value == NULL || !((value[0] >= '0' && value[0] <= '9') ||
			       (value[0] == '-' && value[1] >= '0' && value[1] <= '9')))
		return false;
	v = strtol(value, &end, 10);
	if (*end != '\0' || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

/* The choices of D as "none, captures or checks". */
static void choices_text(const struct option_def *d, char *buf, size_t n)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; d->choices[i] && used < n; i++)
		used += (size_t)snprintf(buf + used, n - used, "%s%s", i == 0 ? "" : d->choices[i + 1] ? ", " : " or ",
					 d->choices[i]);
}

bool option_set(const struct option_def *d, struct search_options *opt, const char *value, struct error *err)
{
	char cut[UTIL_CUT_MAX + 4], list[128];
	/* A rejected value is quoted cut: a 100,000-digit depth must not fill the message. */
	const char *shown = util_cut(value ? value : "", cut, sizeof cut);
	long v;
	bool b;
	uint64_t bytes;

	switch (d->type) {
	case OPTION_BOOL:
		/* delta=M: a number is its option's value (0 included), never a switch; it turns the switch on. */
		if (d->number) {
			const struct option_def *num = option_find(d->number);

			if (parse_number(value, num->lo, num->hi, &v)) {
				option_put(d, opt, 1);
				option_put(num, opt, v);
				return true;
			}
			/* The number is a margin in centipawns (delta) or a size in MB (tt). */
			bool mb = !strcmp(num->arg, "MB");

			if (!parse_switch(value, &b))
				return error_set(err, 0, 0, "invalid %s %s '%s': expected a whole number of %s "
						 "from %ld to %ld, or on/off", d->name, mb ? "size" : "margin", shown,
						 mb ? "MB" : "centipawns", num->lo, num->hi);
		} else if (!parse_switch(value, &b)) {
			return error_set(err, 0, 0, "invalid value '%s' for %s: expected on or off", shown, d->name);
		}
		option_put(d, opt, b);
		return true;
	case OPTION_INT:
		if (d->word && value && (!strcmp(value, d->word) || (!strcmp(d->word, "none") && !strcmp(value, "off")))) {
			option_put(d, opt, -1);
			return true;
		}
		if (!parse_number(value, d->lo, d->hi, &v)) {
			if (d->word)
				return error_set(err, 0, 0, "invalid %s '%s': expected a whole number from %ld to %ld, or '%s'",
						 d->name, shown, d->lo, d->hi, d->word);
			return error_set(err, 0, 0, "invalid %s '%s': expected a whole number from %ld to %ld", d->name,
					 shown, d->lo, d->hi);
		}
		option_put(d, opt, v);
		return true;
	case OPTION_CHOICE:
		for (int i = 0; value && d->choices[i]; i++)
			if (!strcmp(value, d->choices[i])) {
				option_put(d, opt, i);
				return true;
			}
		choices_text(d, list, sizeof list);
		return error_set(err, 0, 0, "invalid %s '%s': expected %s", d->name, shown, list);
	case OPTION_COUNT:
		if (!parse_number(value, 0, d->hi, &v))
			return error_set(err, 0, 0, "invalid %s '%s': expected a whole number (0 for no cap)", d->name,
					 shown);
		option_put(d, opt, v);
		return true;
	case OPTION_SIZE:
		/* "default" is 0, the default budget (trace_default_budget); "0" is no limit. */
		if (value && !strcmp(value, "default")) {
			option_put(d, opt, 0);
			return true;
		}
		if (!search_memory_parse(value, &bytes))
			return error_set(err, 0, 0, "invalid %s '%s': expected a size such as 512M or 2G "
					 "(K, M, G, T: 1024, 1024^2, ... bytes; 0 for no limit)", d->name, shown);
		*AT(uint64_t, opt, d) = bytes;
		return true;
	}
	return false;
}

bool option_set_name(struct search_options *opt, const char *name, const char *value, struct error *err)
{
	const struct option_def *d = option_find(name);
	char list[512];

	if (d == NULL) {
		option_names_text(list, sizeof list);
		error_set(err, 0, 0, "unknown search option '%s': expected %s", name, list);
		if (err != NULL)
			err->kind = ERROR_UNKNOWN;
		return false;
	}
	/* A flag says its value: --fail-hard is fail-soft off, --see is see on; "no-see=off" is see on. */
	if (d->type == OPTION_BOOL && d->off_flag && !strcmp(name, d->off_flag)) {
		char cut[UTIL_CUT_MAX + 4];
		bool b;

		if (!parse_switch(value, &b))
			return error_set(err, 0, 0, "invalid value '%s' for %s: expected on or off",
					 util_cut(value, cut, sizeof cut), name);
		value = b ? "off" : "on";
	}
	return option_set(d, opt, value, err);
}

void option_text(const struct option_def *d, const struct search_options *opt, char *buf, size_t n)
{
	long long v = option_get(d, opt);

	switch (d->type) {
	case OPTION_BOOL:
		snprintf(buf, n, "%s", v ? "on" : "off");
		break;
	case OPTION_INT:
		if (v < 0 && d->word)
			snprintf(buf, n, "%s", d->word);
		else
			snprintf(buf, n, "%lld", v);
		break;
	case OPTION_CHOICE:
		snprintf(buf, n, "%s", d->choices[v]);
		break;
	case OPTION_COUNT:
		snprintf(buf, n, "%lld", v);
		break;
	case OPTION_SIZE:
		if (v == 0)
			snprintf(buf, n, "default");
		else if ((uint64_t)v == SEARCH_NO_MEMORY_LIMIT)
			snprintf(buf, n, "0");
		else
			search_memory_text((uint64_t)v, buf, n);
		break;
	}
}

bool option_equal(const struct search_options *a, const struct search_options *b)
{
	for (int i = 0; i < option_count; i++)
		if (option_table[i].type != OPTION_SIZE && option_get(&option_table[i], a) != option_get(&option_table[i], b))
			return false;
	return true;
}

void option_names_text(char *buf, size_t n)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < option_count && used < n; i++)
		used += (size_t)snprintf(buf + used, n - used, "%s%s", i == 0 ? "" : i + 1 == option_count ? " or " : ", ",
					 option_table[i].name);
}

/* One entry of the help: the flag column padded to 25, the text's continuation lines indented to it. */
static size_t help_entry(char *buf, size_t n, char short_name, const char *flag, const char *text)
{
	char col[64];
	size_t used;

	if (short_name)
		snprintf(col, sizeof col, "  -%c, --%s", short_name, flag);
	else
		snprintf(col, sizeof col, "      --%s", flag);
	used = (size_t)snprintf(buf, n, "%-24s ", col);
	for (const char *p = text; *p && used + 27 < n; p++) {
		if (*p == '\n')
			used += (size_t)snprintf(buf + used, n - used, "\n%25s", "");
		else
			buf[used++] = *p;
	}
	if (used + 2 < n) {
		buf[used++] = '\n';
		buf[used] = '\0';
	}
	return used;
}

void option_help(char *buf, size_t n)
{
	size_t used = (size_t)snprintf(buf, n, "Search options:\n");
	char flag[64];

	for (int i = 0; i < option_count && used < n; i++) {
		const struct option_def *d = &option_table[i];

		if (d->flags & OPTION_NO_CLI)
			continue;
		if (d->type != OPTION_BOOL) {
			snprintf(flag, sizeof flag, "%s %s", d->name, d->arg);
			used += help_entry(buf + used, n - used, d->short_name, flag, d->help);
			continue;
		}
		if (d->on_flag) {
			if (d->number)
				snprintf(flag, sizeof flag, "%s[=%s]", d->on_flag, d->arg);
			else
				snprintf(flag, sizeof flag, "%s", d->on_flag);
			used += help_entry(buf + used, n - used, 0, flag, d->help);
		}
		if (d->off_flag && d->off_help)
			used += help_entry(buf + used, n - used, 0, d->off_flag, d->off_help);
	}
}

/* ---------------------------------------------------------- describers */

/* The modern switches that are on, for option_describe: ", futility 100, recaptures from qply 5, evasion limit 2". */
static void describe_modern(const struct search_options *opt, char *buf, size_t n)
{
	size_t used = 0;

	buf[0] = '\0';
	if (opt->futility && used < n)
		used += (size_t)snprintf(buf + used, n - used, ", futility %d", opt->futility_margin);
	if (opt->recaptures >= 0 && used < n)
		used += (size_t)snprintf(buf + used, n - used, ", recaptures from qply %d", opt->recaptures);
	if (opt->evasion_limit >= 0 && used < n)
		used += (size_t)snprintf(buf + used, n - used, ", evasion limit %d", opt->evasion_limit);
	if (opt->tt && used < n)
		snprintf(buf + used, n - used, opt->tt_size == TT_DEFAULT_MB ? ", tt" : ", tt %d MB", opt->tt_size);
}

void option_describe(const struct search_options *opt, bool order_other, bool eval_other, char *buf, size_t n)
{
	char checks[32] = "", qdepth[32] = "", delta[32] = "", see[32] = "", modern[96] = "";

	if (opt->mode == QMODE_CHECKS) {
		if (opt->check_plies < 0)
			snprintf(checks, sizeof checks, " (checks at every ply)");
		else
			snprintf(checks, sizeof checks, " (checks in %d ply)", opt->check_plies);
	}
	if (opt->qdepth >= 0)
		snprintf(qdepth, sizeof qdepth, ", qdepth %d", opt->qdepth);
	if (opt->delta)
		snprintf(delta, sizeof delta, ", delta %d", opt->delta_margin);
	if (opt->see)
		snprintf(see, sizeof see, opt->see_margin ? ", see %d" : ", see", opt->see_margin);
	describe_modern(opt, modern, sizeof modern);
	snprintf(buf, n, "mode %s%s, depth %d%s%s%s%s, %s%s%s%s, order %s, eval %s",
		 mode_choices[opt->mode], checks, opt->depth, qdepth, delta, see, modern,
		 opt->fail_soft ? "fail-soft" : "fail-hard",
		 opt->stand_pat ? "" : ", no stand pat",
		 opt->evasions ? "" : ", no evasions",
		 opt->pawn_pushes ? ", pawn pushes" : "",
		 order_other ? "other" : order_choices[opt->order],
		 eval_other ? "other" : eval_kind_names[opt->eval]);
}

void option_describe_short(const struct search_options *opt, bool depth, char *buf, size_t n)
{
	struct search_options d;
	size_t used;

	option_defaults(&d);
	used = (size_t)snprintf(buf, n, "%s", mode_choices[opt->mode]);
#define ADD(...) do { if (used < n) used += (size_t)snprintf(buf + used, n - used, __VA_ARGS__); } while (0)
	if (opt->mode == QMODE_CHECKS) {
		if (opt->check_plies < 0)
			ADD(" (checks at every ply)");
		else
			ADD(" (checks in %d pl%s)", opt->check_plies, opt->check_plies == 1 ? "y" : "ies");
	}
	if (!opt->evasions)
		ADD(", evasions off");
	if (!opt->stand_pat)
		ADD(", no stand pat");
	if (opt->pawn_pushes)
		ADD(", pawn pushes");
	if (opt->delta)
		ADD(", delta %d", opt->delta_margin);
	if (opt->see && opt->see_margin)
		ADD(", SEE %d", opt->see_margin);
	else if (opt->see)
		ADD(", SEE");
	if (opt->futility)
		ADD(", futility %d", opt->futility_margin);
	if (opt->recaptures >= 0)
		ADD(", recaptures from qply %d", opt->recaptures);
	if (opt->evasion_limit >= 0)
		ADD(", evasion limit %d", opt->evasion_limit);
	if (opt->tt && opt->tt_size == TT_DEFAULT_MB)
		ADD(", TT");
	else if (opt->tt)
		ADD(", TT %d MB", opt->tt_size);
	if (opt->fail_soft)
		ADD(", fail-soft");
	if (opt->qdepth >= 0)
		ADD(", qdepth %d", opt->qdepth);
	if (opt->order != d.order)
		ADD(", order %s", order_choices[opt->order]);
	if (opt->eval != d.eval)
		ADD(", eval %s", eval_kind_names[opt->eval]);
	if (depth)
		ADD(", depth %d", opt->depth);
#undef ADD
}

const char *option_mode_name(enum qmode mode)
{
	return mode_choices[mode];
}

void option_modes_text(char *buf, size_t n)
{
	const char *names[8];
	int count = 0;
	size_t used = 0;

	for (int i = 0; mode_choices[i]; i++)
		names[count++] = mode_choices[i];
	for (int i = 0; i < OPTION_PRESET_NAMED; i++)
		names[count++] = option_presets[i].name;
	buf[0] = '\0';
	for (int i = 0; i < count && used < n; i++)
		used += (size_t)snprintf(buf + used, n - used, "%s%s", i == 0 ? "" : i + 1 == count ? " or " : ", ",
					 names[i]);
}
