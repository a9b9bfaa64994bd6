/* variant.c: search variants as one parser reads them and one describer writes them. */
#include "search/variant.h"

#include <stdio.h>
#include <string.h>

#include "chess/eval.h"
#include "base/util.h"

/* Applies the mode name PART to OPT; false when PART is not a mode name. */
static bool apply_mode(struct search_options *opt, const char *part)
{
	if (!strcmp(part, "none")) {
		opt->mode = QMODE_NONE;
	} else if (!strcmp(part, "captures")) {
		opt->mode = QMODE_CAPTURES;
	} else if (!strcmp(part, "checks")) {
		opt->mode = QMODE_CHECKS;
	} else if (!strcmp(part, "brute")) {
		opt->mode = QMODE_CAPTURES;
		opt->stand_pat = false;
	} else if (!strcmp(part, "faulty")) {
		opt->mode = QMODE_CAPTURES;
		opt->evasions = false;
	} else if (!strcmp(part, "rival")) {
		opt->mode = QMODE_CAPTURES;
		opt->pawn_pushes = true;
	} else {
		return false;
	}
	return true;
}

bool variant_apply(struct search_options *opt, const char *spec, struct error *err)
{
	char buf[VARIANT_MAX], *part, *save = NULL;
	struct search_options o = *opt;
	size_t len = strlen(spec);

	if (len >= sizeof buf)
		return error_set(err, 0, 0, "mode '%.40s...' is too long: at most %d characters", spec,
				 VARIANT_MAX - 1);
	if (len == 0)
		return error_set(err, 0, 0, "empty mode: expected none, captures, checks, brute, faulty or "
				 "rival, optionally followed by +SWITCH (+delta=200, +see, +soft, ...)");
	if (spec[0] == '+' || spec[len - 1] == '+' || strstr(spec, "++"))
		return error_set(err, 0, 0, "invalid mode '%s': an empty part between '+' signs", spec);
	strcpy(buf, spec);
	for (part = strtok_r(buf, "+", &save); part; part = strtok_r(NULL, "+", &save)) {
		char *eq = strchr(part, '=');
		struct error inner = { 0 };

		if (apply_mode(&o, part))
			continue;
		if (!strcmp(part, "checks-all")) {
			o.mode = QMODE_CHECKS;
			o.check_plies = -1;
			continue;
		}
		if (!strcmp(part, "nodelta")) {
			o.delta = false;
			continue;
		}
		if (!strcmp(part, "soft"))
			part = "fail-soft";
		if (eq)
			*eq++ = '\0';
		if (eq && *eq == '\0')
			return error_set(err, 0, 0, "invalid mode '%s': no value after '%s='", spec, part);
		if (!search_option_set(&o, part, eq, &inner)) {
			if (!strncmp(inner.msg, "unknown search option", 21))
				return error_set(err, 0, 0, "unknown mode '%s' in '%s': expected none, captures, checks, "
						 "brute, faulty or rival, or a switch (soft, checks-all, delta, delta=M, "
						 "nodelta, see, qdepth=N, check-plies=N, order=none, depth=N, ...)",
						 part, spec);
			/* A single setting ("depth=deep") says its own error; a longer mode says which mode. */
			if (strchr(spec, '+') == NULL)
				return error_set(err, 0, 0, "%s", inner.msg);
			return error_set(err, 0, 0, "in mode '%s': %s", spec, inner.msg);
		}
	}
	*opt = o;
	return true;
}

bool variant_complete(struct search_options *opt, const struct search_options *base, const char *spec,
		      struct error *err)
{
	struct search_options o;

	search_defaults(&o);
	o.depth = base->depth;
	o.eval = base->eval;
	o.max_nodes = base->max_nodes;
	o.progress = base->progress;
	o.progress_ctx = base->progress_ctx;
	if (!variant_apply(&o, spec, err))
		return false;
	*opt = o;
	return true;
}

const char *variant_name(const struct search_options *opt)
{
	if (opt->mode != QMODE_CAPTURES)
		return NULL;
	if (!opt->evasions)
		return "faulty";
	if (!opt->stand_pat)
		return "brute";
	if (opt->pawn_pushes)
		return "rival";
	return NULL;
}

void variant_describe(const struct search_options *opt, bool depth, char *buf, size_t n)
{
	struct search_options d;
	const char *name = variant_name(opt);
	size_t used;

	search_defaults(&d);
	used = (size_t)snprintf(buf, n, "%s%s%s", name ? name : "", name ? ": " : "", search_mode_name(opt->mode));
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
	if (opt->see)
		ADD(", SEE");
	if (opt->fail_soft)
		ADD(", fail-soft");
	if (opt->qdepth >= 0)
		ADD(", qdepth %d", opt->qdepth);
	if (opt->order != d.order)
		ADD(", order none");
	if (opt->eval != d.eval)
		ADD(", eval %s", eval_kind_name(opt->eval));
	if (depth)
		ADD(", depth %d", opt->depth);
#undef ADD
}
