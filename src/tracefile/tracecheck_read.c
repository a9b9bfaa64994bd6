/*
 * tracecheck_read.c: the checker fed its events (tracecheck_feed, in
 * tracecheck.c), begun and ended here: from a trace in memory
 * (tracecheck_run, over trace_iter_next), or from a file while it is read,
 * in one pass (tracecheck_read): the reader tells each event as it records
 * it (tracereader_observer), and the checker takes it at once, rather than
 * walking the trace again afterwards (which cost as much as the check).
 */
#include <stdlib.h>
#include <string.h>

#include "tracefile/tracecheck.h"
#include "tracefile/tracecheck_int.h"
#include "tracefile/tracereader.h"


struct tracecheck *tracecheck_begin(const struct position *root, const struct search_options *opt,
				    const struct trace_declared *decl, bool order_other,
				    const struct tracecheck_config *cfg, struct tracecheck_report *rep)
{
	struct tracecheck *tc = xcalloc(1, sizeof *tc);
	struct checker *c = &tc->c;

	memset(rep, 0, sizeof *rep);
	c->opts = *opt;
	c->opt = &c->opts;
	c->order_other = order_other;
	c->cfg = cfg;
	c->decl = *decl;
	c->rep = rep;
	c->own = *root;
	c->pos = &c->own;
	return tc;
}

void tracecheck_end(struct tracecheck *tc, uint64_t nodes, uint64_t events)
{
	tc->c.rep->nodes = nodes;
	tc->c.rep->events = events;
	free(tc->c.stack);
	free(tc->c.handled);
	tracecheck_tt_free(&tc->c);
	free(tc);
}

void tracecheck_run(const struct trace *t, const struct position *root, const struct search_options *opt,
		    const struct tracecheck_config *cfg, struct tracecheck_report *rep)
{
	struct trace_declared decl;
	struct tracecheck *tc;
	struct trace_iter it;
	struct trace_event e;

	trace_get_declared(t, &decl);
	tc = tracecheck_begin(root, opt, &decl, trace_order_other(t), cfg, rep);
	for (trace_iter_init(&it, t, 0); trace_iter_next(&it, &e);) {
		struct trace_node nd;

		if (e.kind == TE_ENTER)
			nd = trace_node_get(t, e.node);
		tracecheck_feed(tc, &e, e.kind == TE_ENTER ? &nd : NULL, NULL);
	}
	tracecheck_end(tc, trace_node_count(t), trace_event_count(t));
}

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
