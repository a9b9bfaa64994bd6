/*
 * variant.h: search variants written as mode specs, shared by the tutor's
 * :mode and :compare, the lesson directives (@search, @set, @compare, @claim
 * with) and the command line's compare --modes and match --modes.
 *
 * A variant is written as '+'-separated parts, each one of:
 *
 *   MODE        a quiescence mode (none, captures, checks);
 *   PRESET      a named variant or short form of option.h's presets
 *               (brute, faulty, rival, modern; soft, nodelta, checks-all);
 *   NAME[=V]    any search option of the option table (option.h: delta,
 *               delta=M, see, depth=3, ...).
 *
 * "faulty+delta=100" is the faulty variant with delta pruning at margin 100.
 * The words are option.h's: this parser only splits the parts.
 */
#ifndef QUIESCE_VARIANT_H
#define QUIESCE_VARIANT_H

#include "search/search.h"
#include "base/types.h"

/* The longest variant text accepted. */
#define VARIANT_MAX 128
/* Room for variant_describe's text. */
#define VARIANT_DESC_MAX 160

/*
 * Applies SPEC on top of OPT, part by part. On an unknown part or a bad
 * value OPT is unchanged and ERR names the part, the spec and what was
 * expected.
 */
bool variant_apply(struct search_options *opt, const char *spec, struct error *err);

/*
 * Makes OPT the complete variant SPEC: the defaults (option_defaults), with
 * the depth, evaluation and node cap of BASE, then SPEC. No other option of
 * BASE carries over: a compare side is exactly what it names.
 */
bool variant_complete(struct search_options *opt, const struct search_options *base, const char *spec,
		      struct error *err);

/*
 * Writes the variant of OPT as a learner reads it into BUF: its name when it
 * is a named variant, the mode and every switch that differs from the
 * defaults (option_describe_short): "captures", "captures, delta 200",
 * "faulty: captures, evasions off". With DEPTH, ", depth N" is added.
 */
void variant_describe(const struct search_options *opt, bool depth, char *buf, size_t n);

/* The name of the named variant OPT is ("faulty", "brute", "rival"), or NULL. */
const char *variant_name(const struct search_options *opt);

#endif
