/*
 * variant.h: the one parser of search variants, shared by the tutor's :mode
 * and :compare, the lesson directives (@search, @set, @compare, @claim with)
 * and the command line's compare --modes.
 *
 * A variant is written as '+'-separated parts:
 *
 *   MODE        none, captures, checks, brute (captures without stand pat),
 *               faulty (captures, no check evasions), rival (captures and
 *               pawn pushes);
 *   soft        fail-soft stand pat;
 *   checks-all  mode checks with quiet checks at every quiescence ply;
 *   delta       delta pruning with the margin set so far (default 200);
 *   delta=M     delta pruning with margin M centipawns (0 to 10000: 0 is a
 *               margin, not "off");
 *   nodelta     delta pruning off (also no-delta or delta=off);
 *   NAME[=V]    any search option of search_option_set (see, no-see,
 *               depth=3, qdepth=2, check-plies=all, order=none, ...).
 *
 * "faulty+delta=100" is the faulty variant with delta pruning at margin 100.
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
 * Makes OPT the complete variant SPEC: the defaults (search_defaults), with
 * the depth, evaluation and node cap of BASE, then SPEC. Nothing else of
 * BASE (its delta, SEE, fail-soft, stand pat, evasions, checks, qdepth,
 * order, pawn pushes) carries over: a compare side is exactly what it names.
 */
bool variant_complete(struct search_options *opt, const struct search_options *base, const char *spec,
		      struct error *err);

/*
 * Writes the variant of OPT as a learner reads it into BUF: its name when it
 * is a named variant, the mode and every switch that differs from the
 * defaults: "captures", "captures, delta 200", "faulty: captures, evasions
 * off", "checks (checks at every ply), fail-soft". With DEPTH, ", depth N"
 * is added.
 */
void variant_describe(const struct search_options *opt, bool depth, char *buf, size_t n);

/* The name of the named variant OPT is ("faulty", "brute", "rival"), or NULL. */
const char *variant_name(const struct search_options *opt);

#endif
