/*
 * option.h: the search options, written once.
 *
 * Every search option is one row of a table (option.c): its name on the
 * command line, in the tutor's :set, in a lesson's @set and in a mode spec
 * ("delta-margin"), its key in a trace's header ("delta_margin"), its UCI
 * name ("DeltaMargin"), its type, range, default and help, and the field of
 * struct search_options it sets. Everything else is generated from the
 * table or reads it: option_defaults, option_set_name, the command line's
 * long options and their help, the UCI options, the trace header written
 * and read, the tutor's completion, the comparison of two option sets, and
 * quiesce(1)'s list of search options (tests/man-tables.sh holds it to the table).
 *
 * The named variants (brute, faulty, rival, modern) are presets: settings of the
 * table's options, listed once here too, and so are the two describers a
 * learner reads ("captures, delta 200, SEE" and the trace's "mode captures,
 * depth 2, ...").
 *
 * A new switch is a row here, the search step that reads its field, the
 * sentence of its trace event (teach/explain.c) and its check-trace rule.
 */
#ifndef QUIESCE_OPTION_H
#define QUIESCE_OPTION_H

#include <stdbool.h>
#include <stddef.h>

#include "search/search.h"
#include "base/util.h"

enum option_type {
	OPTION_BOOL,    /* on/off (yes/no, true/false, 1/0); a field of type bool */
	OPTION_INT,     /* a whole number from LO to HI, or WORD for -1; a field of type int */
	OPTION_CHOICE,  /* one of CHOICES, stored as its index; a field of an enum type */
	OPTION_COUNT,   /* a whole number from 0 (0: no cap); a field of type uint64_t */
	OPTION_SIZE     /* a memory size ("512M", search_memory_parse); a field of type uint64_t */
};

/* Where an option appears besides option_set_name. */
enum {
	OPTION_NO_CLI = 1       /* no --NAME on the command line (it is set through another option) */
};

struct option_def {
	const char *name;            /* command line, :set, @set, mode specs */
	const char *key;             /* the trace header's key; NULL: not in the header */
	const char *uci;             /* the UCI option's name; NULL: not a UCI option */
	enum option_type type;
	size_t offset;               /* the field of struct search_options */
	long lo, hi;                 /* OPTION_INT: the range */
	long def;                    /* the default: 0/1, the number or the choice's index */
	const char *const *choices;  /* OPTION_CHOICE: the names by index */
	const char *word;            /* OPTION_INT: the word for -1 ("all", "none") */
	const char *json_word;       /* OPTION_INT: -1 in a trace header, as JSON ("\"all\"", "null") */
	char short_name;             /* the command line's short option ('d' for -d), 0 for none */
	const char *on_flag;         /* OPTION_BOOL: the command line flag that sets it on ("see") */
	const char *off_flag;        /* OPTION_BOOL: the flag that sets it off ("no-stand-pat") */
	const char *arg;             /* the help's placeholder: "N", "MODE", "MARGIN" */
	const char *help;            /* help of --NAME ARG or of ON_FLAG ('\n' continues the line) */
	const char *off_help;        /* help of OFF_FLAG */
	/*
	 * OPTION_BOOL: the option a number given to this switch sets, turning
	 * the switch on (delta=150 sets delta-margin); --NAME alone is on,
	 * --NAME=NUMBER gives the number. NULL for none.
	 */
	const char *number;
	int flags;                   /* OPTION_NO_CLI */
};

/* Fills OPT with every option's default (and no callbacks, no history). */
void option_defaults(struct search_options *opt);

/*
 * Sets the option called NAME (an option's name or one of its flags) from
 * VALUE (NULL for a flag) into OPT: the one parser of search options, for
 * the command line, the tutor, the lesson files, mode specs and UCI. False
 * with a message in ERR for an unknown name (ERR->kind ERROR_UNKNOWN) or a
 * bad value.
 */
bool option_set_name(struct search_options *opt, const char *name, const char *value, struct error *err);

/*
 * One line a learner reads: "mode captures (checks in 1 ply), depth 2,
 * delta 200, see, no stand pat, order mvv-lva, eval material";
 * ORDER_OTHER and EVAL_OTHER say that a trace's move order or values are
 * another engine's ("order other", "eval other").
 */
void option_describe(const struct search_options *opt, bool order_other, bool eval_other, char *buf, size_t n);

/*
 * The short form a variant is described by: the mode and every switch that
 * differs from the defaults ("captures, evasions off, delta 200, SEE",
 * "checks (checks at every ply), SEE"); with DEPTH, ", depth N".
 */
void option_describe_short(const struct search_options *opt, bool depth, char *buf, size_t n);

/* The table, in the order of the trace header's keys, and its length. */
extern const struct option_def option_table[];
extern const int option_count;

/* The option NAME (its name or one of its flags), or NULL. */
const struct option_def *option_find(const char *name);

/*
 * Sets option D of OPT from VALUE (NULL: a bool on, as its flag). False
 * with a message in ERR for a value out of its type or range; OPT is
 * unchanged then.
 */
bool option_set(const struct option_def *d, struct search_options *opt, const char *value, struct error *err);

/* Sets option D of OPT to the number V (option_get's form), unchecked: for readers that checked it. */
void option_put(const struct option_def *d, struct search_options *opt, long long v);

/* The value of option D of OPT as a number: the bool (0/1), the int, the choice's index, the count. */
long long option_get(const struct option_def *d, const struct search_options *opt);

/* The value of option D of OPT as its word: "on", "3", "all", "captures", "512M". */
void option_text(const struct option_def *d, const struct search_options *opt, char *buf, size_t n);

/* Whether A and B set every option of the table alike (the callbacks and history aside). */
bool option_equal(const struct search_options *a, const struct search_options *b);

/* The options' names as a list for a message: "depth, mode, ... or max-memory". */
void option_names_text(char *buf, size_t n);

/*
 * The command line's help for the search options, one entry a line, as
 * getopt_long takes them (cli.c prints it): "  -d, --depth N  main search
 * depth in plies (default 2)".
 */
void option_help(char *buf, size_t n);

/* The modes and named variants a mode spec starts with: "none, captures, checks, brute, faulty, rival or modern". */
void option_modes_text(char *buf, size_t n);

/* The name of quiescence mode MODE: "none", "captures" or "checks". */
const char *option_mode_name(enum qmode mode);

/* ---------------------------------------------------------- presets */

/* The named variants and short forms: a name and the settings it stands for ("mode=captures+evasions=off"). */
struct option_preset {
	const char *name;
	const char *settings;
	const char *help;
};
extern const struct option_preset option_presets[];
extern const int option_preset_count;
/* The first OPTION_PRESET_NAMED presets are named variants (brute, faulty, rival, modern); the rest short forms. */
#define OPTION_PRESET_NAMED 4

/* The preset NAME or NULL. */
const struct option_preset *option_preset_find(const char *name);

#endif
