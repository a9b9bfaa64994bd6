/* variant.c: search variants as one parser reads them and one describer writes them. */
#include "search/variant.h"

#include <stdio.h>
#include <string.h>

#include "chess/eval.h"
#include "base/util.h"
#include "search/option.h"

/*
 * Applies PART to OPT when it is a mode ("none", "captures", "checks"), a
 * named variant or a short form (option_presets: "brute", "soft",
 * "checks-all", ...); false when it is none of them.
 */
static bool apply_mode(struct search_options *opt, const char *part)
{
	const struct option_preset *p = option_preset_find(part);
	struct error err = { 0 };

	if (p == NULL)
		return option_set_name(opt, "mode", part, &err);
	return variant_apply(opt, p->settings, &err);
}

bool variant_apply(struct search_options *opt, const char *spec, struct error *err)
{
	char buf[VARIANT_MAX], *part, *save = NULL, modes[128];
	struct search_options o = *opt;
	size_t len = strlen(spec);

	option_modes_text(modes, sizeof modes);

	if (len >= sizeof buf)
		return error_set(err, 0, 0, "mode '%.40s...' is too long: at most %d characters", spec,
				 VARIANT_MAX - 1);
	if (len == 0)
		return error_set(err, 0, 0, "empty mode: expected %s, optionally followed by +SWITCH (+delta=200, "
				 "+see, +soft, ...)", modes);
	if (spec[0] == '+' || spec[len - 1] == '+' || strstr(spec, "++"))
		return error_set(err, 0, 0, "invalid mode '%s': an empty part between '+' signs", spec);
	strcpy(buf, spec);
	for (part = strtok_r(buf, "+", &save); part; part = strtok_r(NULL, "+", &save)) {
		char *eq = strchr(part, '=');
		struct error inner = { 0 };

		if (apply_mode(&o, part))
			continue;
		if (eq)
			*eq++ = '\0';
		if (eq && *eq == '\0')
			return error_set(err, 0, 0, "invalid mode '%s': no value after '%s='", spec, part);
		if (!option_set_name(&o, part, eq, &inner)) {
			if (inner.kind == ERROR_UNKNOWN)
				return error_set(err, 0, 0, "unknown mode '%s' in '%s': expected %s, or a switch (soft, "
						 "checks-all, nodelta, delta=M, see, depth=N, ...: a search option of "
						 "'set', as NAME or NAME=VALUE)", part, spec, modes);
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

	option_defaults(&o);
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

/* Whether OPT sets every option the settings of preset P name as P does. */
static bool preset_holds(const struct search_options *opt, const struct option_preset *p)
{
	char buf[VARIANT_MAX], *part, *save = NULL;

	snprintf(buf, sizeof buf, "%s", p->settings);
	for (part = strtok_r(buf, "+", &save); part; part = strtok_r(NULL, "+", &save)) {
		struct search_options want = *opt;
		char *eq = strchr(part, '=');
		const struct option_def *d;

		if (eq)
			*eq++ = '\0';
		d = option_find(part);
		if (d == NULL || !option_set_name(&want, part, eq, NULL) || option_get(d, &want) != option_get(d, opt))
			return false;
	}
	return true;
}

const char *variant_name(const struct search_options *opt)
{
	for (int i = 0; i < OPTION_PRESET_NAMED; i++)
		if (preset_holds(opt, &option_presets[i]))
			return option_presets[i].name;
	return NULL;
}

void variant_describe(const struct search_options *opt, bool depth, char *buf, size_t n)
{
	const char *name = variant_name(opt);
	char text[VARIANT_DESC_MAX];

	option_describe_short(opt, depth, text, sizeof text);
	snprintf(buf, n, "%s%s%s", name ? name : "", name ? ": " : "", text);
}
