/*
 * tracecheck_read.c: a trace checked while it is read, in one pass: the
 * reader tells each event as it records it (tracereader_observer), and the
 * checker takes it at once, rather than walking the trace again afterwards
 * (which cost as much as the check itself).
 */
#include <string.h>

#include "tracefile/tracecheck.h"
#include "tracefile/tracereader.h"

/* What tracecheck_read's observer holds: the check, begun once the header is read. */
struct check_reading {
	struct tracecheck *tc;
	struct tracecheck_config *cfg;
	struct tracecheck_report *rep;
};

static void reading_start(void *ctx, const struct position *root, const struct search_options *opt,
			  const struct tracereader_info *info)
{
	struct check_reading *cr = ctx;

	cr->cfg->own_values = !info->eval_other;
	cr->tc = tracecheck_begin(root, opt, &info->declared, info->order_other, cr->cfg, cr->rep);
}

static void reading_event(void *ctx, const struct trace_event *e, const struct trace_node *nd,
			  const struct position *pos)
{
	struct check_reading *cr = ctx;

	tracecheck_feed(cr->tc, e, nd, pos);
}

bool tracecheck_read(FILE *in, const char *name, struct trace *t, struct position *root, struct search_options *opt,
		     struct search_result *res, struct tracereader_info *info, struct tracecheck_config *cfg,
		     struct tracecheck_report *rep, struct error *err)
{
	struct check_reading cr = { NULL, cfg, rep };
	struct tracereader_observer obs = { &cr, reading_start, reading_event };
	bool ok = tracereader_read_observed(in, name, t, root, opt, res, info, &obs, err);

	if (cr.tc != NULL)
		tracecheck_end(cr.tc, trace_node_count(t), trace_event_count(t));
	if (!ok) {
		if (cr.tc != NULL)
			tracecheck_report_free(rep);
		memset(rep, 0, sizeof *rep);
	}
	return ok;
}
