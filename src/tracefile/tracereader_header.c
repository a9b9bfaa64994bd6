/*
 * tracereader_header.c: the trace reader's header: the format and version,
 * the root position, the engine, the search options and what the engine
 * declares it does besides quiesce's rules (quiesce-trace(5), HEADER).
 */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "chess/fen.h"
#include "tracefile/traceio.h"
#include "tracefile/tracereader_int.h"
#include "search/option.h"

/*
 * The header's "options" (every key optional: quiesce's defaults stand for
 * what is left out), read by the table of search options (option.h). The
 * move order and the evaluation may be "other": another engine's.
 */
bool tracereader_read_options(struct rd *r, const struct tracejson_value *o, struct loc at)
{
	struct rec rc = { o, at, "options" };

	option_defaults(&r->opt);
	if (o == NULL)
		return true;
	if (!tracejson_is(o, TJ_OBJECT))
		return tracereader_fail_key(r, at, "options", NULL, "expected an object, found %s", tracereader_type_name(o));
	for (int i = 0; i < option_count; i++) {
		const struct option_def *d = &option_table[i];
		const struct tracejson_value *cp;
		long long v;
		bool has, b;
		int k;

		if (d->key == NULL)
			continue;
		cp = tracejson_get(o, d->key);
		switch (d->type) {
		case OPTION_BOOL:
			if (!tracereader_get_bool(r, &rc, d->key, &b, &has))
				return false;
			if (has)
				option_put(d, &r->opt, b);
			break;
		case OPTION_INT:
			/* -1 is written as the option's word: "all" (a string) or null. */
			if (d->json_word && !strcmp(d->json_word, "null") && tracejson_is(cp, TJ_NULL)) {
				option_put(d, &r->opt, -1);
				break;
			}
			if (d->word && d->json_word && d->json_word[0] == '"' && tracejson_is(cp, TJ_STRING)) {
				if (strcmp(tracejson_string(cp), d->word) != 0)
					return tracereader_fail_key(r, at, "options", d->key,
								    "expected a whole number or \"%s\", found \"%s\"", d->word,
								    tracereader_cut(tracejson_string(cp)));
				option_put(d, &r->opt, -1);
				break;
			}
			if (!tracereader_get_int(r, &rc, d->key, d->lo, d->hi, false, &v, &has))
				return false;
			if (has)
				option_put(d, &r->opt, v);
			break;
		case OPTION_CHOICE: {
			/* The choices, and "other" for the order and evaluation of another engine's trace. */
			bool may_be_other = d->offset == offsetof(struct search_options, order) ||
					    d->offset == offsetof(struct search_options, eval);
			const char *names[16];
			int n = 0;

			while (d->choices[n] && n < 14) {
				names[n] = d->choices[n];
				n++;
			}
			if (may_be_other)
				names[n++] = "other";
			names[n] = NULL;
			if (!tracereader_get_enum(r, &rc, d->key, names, &k))
				return false;
			if (k >= 0 && names[k] != NULL && strcmp(names[k], "other") != 0)
				option_put(d, &r->opt, k);
			if (d->offset == offsetof(struct search_options, order))
				r->info.order_other = k >= 0 && !strcmp(names[k], "other");
			else if (d->offset == offsetof(struct search_options, eval))
				r->info.eval_other = k >= 0 && !strcmp(names[k], "other");
			break;
		}
		case OPTION_COUNT:
		case OPTION_SIZE:
			if (!tracereader_get_int(r, &rc, d->key, 0, LLONG_MAX, false, &v, &has))
				return false;
			if (has)
				option_put(d, &r->opt, v);
			break;
		}
	}
	return true;
}

/*
 * The header's "declares": what the engine does besides quiesce's own rules
 * (quiesce-trace(5), DECLARATIONS). Kept apart from "options" (the search's
 * switches): every key optional, quiesce's own search for what is left out.
 */
static bool read_declared(struct rd *r, const struct tracejson_value *o, struct loc at)
{
	struct rec rc = { o, at, "declares" };
	struct trace_declared *d = &r->info.declared;
	bool has;

	trace_declared_defaults(d);
	if (o == NULL)
		return true;
	if (!tracejson_is(o, TJ_OBJECT))
		return tracereader_fail_key(r, at, "declares", NULL, "expected an object, found %s", tracereader_type_name(o));
	return tracereader_get_bool(r, &rc, "tt", &d->tt, &has) &&
	       tracereader_get_bool(r, &rc, "extensions", &d->extensions, &has) &&
	       tracereader_get_bool(r, &rc, "draws", &d->draws, &has) &&
	       tracereader_get_bool(r, &rc, "null_move", &d->null_move, &has) &&
	       tracereader_get_bool(r, &rc, "research", &d->research, &has) &&
	       tracereader_get_bool(r, &rc, "quiet_promotions", &d->quiet_promotions, &has) &&
	       tracereader_get_bool(r, &rc, "underpromotions", &d->underpromotions, &has);
}

/* The header: format, version, fen, options, engine. */
bool tracereader_read_header(struct rd *r, const struct tracejson_value *h, struct loc at, const char *path)
{
	struct rec rc = { h, at, path };
	struct error ferr = { 0 };
	const struct tracejson_value *v = tracejson_get(h, "format");
	long long version;

	if (v == NULL)
		return tracereader_fail_key(r, at, path, NULL, "missing key \"format\": this is not a quiesce trace");
	if (!tracejson_is(v, TJ_STRING) || strcmp(tracejson_string(v), TRACEIO_FORMAT) != 0)
		return tracereader_fail_key(r, at, path, "format", "expected \"%s\": this is not a quiesce trace", TRACEIO_FORMAT);
	if (!tracereader_get_int(r, &rc, "version", 0, INT_MAX, true, &version, NULL))
		return false;
	if (version < 1 || version > TRACEIO_VERSION)
		return tracereader_fail_key(r, at, path, "version", "%lld is not supported (this program reads versions 1 to %d)",
				   version, TRACEIO_VERSION);
	r->info.version = (int)version;
	v = tracejson_get(h, "fen");
	if (v == NULL)
		return tracereader_fail_key(r, at, path, NULL, "missing key \"fen\" (the root position)");
	if (!tracejson_is(v, TJ_STRING))
		return tracereader_fail_key(r, at, path, "fen", "expected a FEN string, found %s", tracereader_type_name(v));
	if (!fen_parse(&r->root, tracejson_string(v), &ferr))
		return tracereader_fail_key(r, at, path, "fen", "%s", ferr.msg);
	v = tracejson_get(h, "engine");
	if (v != NULL) {
		if (!tracejson_is(v, TJ_STRING))
			return tracereader_fail_key(r, at, path, "engine", "expected a string, found %s", tracereader_type_name(v));
		snprintf(r->info.engine, sizeof r->info.engine, "%s", tracejson_string(v));
	}
	return read_declared(r, tracejson_get(h, "declares"), at);
}
