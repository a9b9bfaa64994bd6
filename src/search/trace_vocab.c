/*
 * trace_vocab.c: the trace's words, written once: the table of event kinds
 * (names, and the values a compact record gives by position), the names of
 * bounds, outcomes, futility rules, draw and extension reasons, and what a
 * trace declares its engine does besides quiesce's rules.
 */
#include <stdio.h>
#include <string.h>

#include "search/trace.h"
#include "search/trace_int.h"

/*
 * The one table of event kinds: every name a file, a message or a command
 * gives an event kind is read from here (the readers, the writers, the
 * tutor's completion and the checker's messages), with the keys of the
 * values a compact record gives by position, in order (quiesce-trace(5),
 * COMPACT RECORDS). One row a kind, in TE_* order.
 */
#define TRACE_KINDS(X) \
	X(TE_ENTER, "enter", NULL, NULL) \
	X(TE_STAND_PAT, "stand_pat", "value", NULL) \
	X(TE_MOVE, "move", "move", NULL) \
	X(TE_ALPHA_RAISE, "alpha_raise", "value", NULL) \
	X(TE_BETA_CUTOFF, "beta_cutoff", "score", NULL) \
	X(TE_DELTA_PRUNE, "delta_prune", "move", NULL) \
	X(TE_SEE_PRUNE, "see_prune", "move", NULL) \
	X(TE_MATE, "mate", NULL, NULL) \
	X(TE_STALEMATE, "stalemate", NULL, NULL) \
	X(TE_HORIZON, "horizon", "value", NULL) \
	X(TE_QDEPTH_LIMIT, "qdepth_limit", "value", NULL) \
	X(TE_PLY_LIMIT, "ply_limit", "value", NULL) \
	X(TE_QUIET_LEAF, "quiet_leaf", "value", NULL) \
	X(TE_LEAVE, "leave", "score", NULL) \
	X(TE_STOPPED, "stopped", NULL, NULL) \
	X(TE_FUTILITY_PRUNE, "futility_prune", "move", "rule") \
	X(TE_RECAPTURE_PRUNE, "recapture_prune", "move", NULL) \
	X(TE_EVASION_PRUNE, "evasion_prune", "move", "best") \
	X(TE_TT_CUTOFF, "tt_cutoff", "value", NULL) \
	X(TE_DRAW, "draw", NULL, NULL) \
	X(TE_EXTENSION, "extension", "plies", NULL) \
	X(TE_NULL_MOVE, "null_move", "value", NULL)

#define KIND_INFO(kind, name, v0, v1) [kind] = { name, { v0, v1 } },
#define KIND_NAME(kind, name, v0, v1) [kind] = name,
const struct trace_kind_info trace_kinds[TE_KIND_COUNT] = { TRACE_KINDS(KIND_INFO) };
/* The names alone, NULL-terminated, for the readers' enumerations. */
static const char *const kind_names[TE_KIND_COUNT + 1] = { TRACE_KINDS(KIND_NAME) [TE_KIND_COUNT] = NULL };

/* The names of a stand pat's outcomes (TSP_*) and of the bounds (TB_*), NULL-terminated. */
static const char *const outcome_names[] = { "none", "raise", "cutoff", NULL };
static const char *const bound_names[] = { "exact", "lower", "upper", NULL };
/* The futility rules (TFP_*), NULL-terminated. */
static const char *const futility_rule_names[] = { "value", "see", NULL };

const char *const *trace_futility_rule_names(void)
{
	return futility_rule_names;
}

/* Why a draw (TDR_*) and why an extension (TXR_*). */
static const char *const draw_reasons[TDR_COUNT + 1] = { "repetition", "fifty", "other", NULL };
static const char *const extension_reasons[TXR_COUNT + 1] = { "check", "one_reply", "reduction", "other", NULL };

const char *trace_kind_name(int kind)
{
	return kind >= 0 && kind < TE_KIND_COUNT ? trace_kinds[kind].name : "unknown";
}

int trace_kind_parse(const char *name)
{
	for (int k = 0; k < TE_KIND_COUNT; k++)
		if (strcmp(trace_kinds[k].name, name) == 0)
			return k;
	return -1;
}

const char *const *trace_kind_names(void)
{
	return kind_names;
}

size_t trace_kind_list(char *buf, size_t n, const char *quote)
{
	size_t len = 0;

	if (n)
		buf[0] = '\0';
	for (int k = 0; k < TE_KIND_COUNT && len < n; k++) {
		int w = snprintf(buf + len, n - len, "%s%s%s%s", k ? ", " : "", quote, trace_kinds[k].name, quote);

		if (w < 0)
			break;
		len += (size_t)w;
	}
	return len < n ? len : n ? n - 1 : 0;
}

const char *trace_outcome_name(int outcome)
{
	return outcome >= 0 && outcome <= TSP_CUTOFF ? outcome_names[outcome] : "none";
}

const char *const *trace_outcome_names(void)
{
	return outcome_names;
}

const char *trace_bound_name(int bound)
{
	return bound >= 0 && bound <= TB_UPPER ? bound_names[bound] : "exact";
}

const char *const *trace_bound_names(void)
{
	return bound_names;
}

const char *const *trace_draw_reasons(void)
{
	return draw_reasons;
}

const char *const *trace_extension_reasons(void)
{
	return extension_reasons;
}

const char *trace_draw_reason_name(int reason)
{
	return reason >= 0 && reason < TDR_COUNT ? draw_reasons[reason] : "other";
}

const char *trace_extension_reason_name(int reason)
{
	return reason >= 0 && reason < TXR_COUNT ? extension_reasons[reason] : "other";
}

void trace_declared_defaults(struct trace_declared *d)
{
	*d = (struct trace_declared){ .quiet_promotions = true };
}

bool trace_declared_any(const struct trace_declared *d)
{
	return d->tt || d->extensions || d->draws || d->null_move || d->research || !d->quiet_promotions ||
	       d->underpromotions;
}

void trace_set_declared(struct trace *t, const struct trace_declared *d)
{
	t->declared = *d;
}

void trace_get_declared(const struct trace *t, struct trace_declared *d)
{
	*d = t->declared;
}
