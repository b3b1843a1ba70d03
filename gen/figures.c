/* figures: the build's figure ledger (see figures.h). */
#include "figures.h"

#include "buf.h"
#include "data.h"
#include "metrics.h"
#include "site.h"
#include "strmap.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the data's figures ---- */

void figures_input(const struct site *s, struct buf *out, int table, size_t row)
{
	const struct table *t = &s->data.tables[table];
	if (out->len)
		buf_addc(out, ' ');
	buf_addf(out, "%s:%d", t->path, t->lines ? t->lines[row] : (int)row + 2);
}

static void add_price_input(const struct site *s, struct buf *in, long quote)
{
	if (quote >= 0)
		figures_input(s, in, TABLE_PRICES, s->data.prices[quote].row);
}

static void add_time_input(const struct site *s, struct buf *in, long time_row)
{
	if (time_row >= 0)
		figures_input(s, in, TABLE_TASK_TIMES, s->data.task_times[time_row].row);
}

/* A figure's value and upper end as ledger text ("" when missing). */
static void value_text(struct buf *v, struct buf *max, struct figure lo,
		       struct figure hi)
{
	buf_reset(v);
	buf_reset(max);
	if (!figure_ok(lo))
		return;
	ledger_number(v, lo.value);
	if (figure_ok(hi))
		ledger_number(max, hi.value);
}

struct collect {
	struct site *s;
	struct figures *f;
	struct buf id, label, v, max, in;
};

static size_t collect_add(struct collect *c, const char *unit)
{
	return ledger_add(&c->f->lg, c->id.ptr, c->label.ptr, c->v.ptr, c->max.ptr,
			  unit, c->in.ptr);
}

static void collect_reset(struct collect *c)
{
	buf_reset(&c->id);
	buf_reset(&c->label);
	buf_reset(&c->in);
}

static void collect_prices(struct collect *c)
{
	const struct data *d = &c->s->data;
	c->f->price0 = c->f->lg.nfigs;
	for (size_t g = 0; g < d->ngpus; g++) {
		const struct gpu_prices *p = &c->s->metrics.prices[g];
		collect_reset(c);
		buf_addf(&c->id, "price.%s.lowest", d->gpus[g].id);
		buf_addf(&c->label, "%s lowest on-demand price", d->gpus[g].name);
		value_text(&c->v, &c->max, p->lowest, (struct figure){ 0, "" });
		add_price_input(c->s, &c->in, p->lowest_row);
		collect_add(c, "USD/h");
	}
}

static void collect_tasks(struct collect *c)
{
	const struct data *d = &c->s->data;
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 0)
			c->f->time0 = c->f->lg.nfigs;
		else
			c->f->cost0 = c->f->lg.nfigs;
		for (size_t t = 0; t < d->ntasks; t++)
			for (size_t g = 0; g < d->ngpus; g++) {
				const struct task_cost *tc =
					metrics_task_cost(d, &c->s->metrics, t, g);
				collect_reset(c);
				buf_addf(&c->id, "%s.%s.%s", pass ? "cost" : "time",
					 d->tasks[t].id, d->gpus[g].id);
				buf_addf(&c->label, "%s on %s: %s", d->tasks[t].name_en,
					 d->gpus[g].name, pass ? "cost" : "time");
				add_time_input(c->s, &c->in, tc->time_row);
				if (pass) {
					add_price_input(c->s, &c->in, tc->quote_row);
					value_text(&c->v, &c->max, tc->cost, tc->cost_max);
				} else {
					value_text(&c->v, &c->max, tc->hours, tc->hours_max);
				}
				collect_add(c, pass ? "USD" : "h");
			}
	}
}

static void collect_stated(struct collect *c)
{
	const struct data *d = &c->s->data;
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 0)
			c->f->stated0 = c->f->lg.nfigs;
		else
			c->f->check0 = c->f->lg.nfigs;
		for (size_t i = 0; i < d->nstated_costs; i++) {
			const struct stated_cost *sc = &d->stated_costs[i];
			const struct stated_check *k = &c->s->metrics.checks[i];
			collect_reset(c);
			buf_addf(&c->id, "stated.%s.%s", sc->id, pass ? "check" : "computed");
			buf_addf(&c->label, "Stated cost %s: %s", sc->id,
				 pass ? "check against the computed cost"
				      : "cost computed from its inputs");
			figures_input(c->s, &c->in, TABLE_STATED_COSTS, sc->row);
			add_time_input(c->s, &c->in, k->time_row);
			add_price_input(c->s, &c->in, k->quote_row);
			value_text(&c->v, &c->max, k->computed, k->computed_max);
			if (pass && figure_ok(k->computed)) {
				buf_reset(&c->v);
				buf_reset(&c->max);
				buf_adds(&c->v, k->agrees ? "agrees" : "differs");
			}
			collect_add(c, pass ? "" : "USD");
		}
	}
}

static void collect_serving(struct collect *c)
{
	const struct data *d = &c->s->data;
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 0)
			c->f->month0 = c->f->lg.nfigs;
		else
			c->f->mtok0 = c->f->lg.nfigs;
		for (size_t b = 0; b < d->nbenchmarks; b++)
			for (size_t g = 0; g < d->ngpus; g++) {
				const struct benchmark *bm = &d->benchmarks[b];
				long row = data_result_row(d, b, g);
				struct serving_cost sv = { .quote_row = -1 };
				if (row >= 0)
					sv = metrics_serving_cost(d, b, g);
				collect_reset(c);
				buf_addf(&c->id, "serving.%s.%s.%s", bm->id, d->gpus[g].id,
					 pass ? "per-mtok" : "month");
				buf_addf(&c->label, "%s on %s: serving cost %s", bm->name_en,
					 d->gpus[g].name, pass ? "per 1M tokens" : "per month");
				if (row >= 0)
					figures_input(c->s, &c->in, TABLE_RESULTS,
						      d->results[row].row);
				add_price_input(c->s, &c->in, sv.quote_row);
				struct figure none = { 0, "" };
				if (row < 0)
					sv.monthly = sv.per_mtok = none;
				value_text(&c->v, &c->max, pass ? sv.per_mtok : sv.monthly, none);
				collect_add(c, pass ? "USD/1M tokens" : "USD/month");
			}
	}
}

void figures_collect(struct site *s)
{
	struct figures *f = xcalloc(1, sizeof *f);
	ledger_init(&f->lg);
	s->figures = f;
	const struct data *d = &s->data;
	f->ngpus = d->ngpus;
	f->ntasks = d->ntasks;
	f->nbench = d->nbenchmarks;
	f->nstated = d->nstated_costs;
	struct collect c = { s, f, BUF_INIT, BUF_INIT, BUF_INIT, BUF_INIT, BUF_INIT };
	collect_prices(&c);
	collect_tasks(&c);
	collect_stated(&c);
	collect_serving(&c);
	buf_release(&c.id);
	buf_release(&c.label);
	buf_release(&c.v);
	buf_release(&c.max);
	buf_release(&c.in);
}

void figures_free(struct site *s)
{
	if (!s->figures)
		return;
	ledger_free(&s->figures->lg);
	free(s->figures);
	s->figures = NULL;
}

/* ---- marks ---- */

void figures_pages_begin(struct site *s)
{
	if (s->figures)
		ledger_pages_begin(&s->figures->lg, s->npages);
}

struct ledger_sink *figures_page_sink(struct site *s, size_t page)
{
	return s->figures ? ledger_page_sink(&s->figures->lg, page) : NULL;
}

/* The sink of the page being made, and the key naming it (NULL in the
 * page's own sink). */
static struct ledger_sink *sink_for(struct site *s, enum lang l, const char *path,
				    char *key, size_t cap, const char **keyp)
{
	*keyp = NULL;
	if (s->figures_sink)
		return s->figures_sink;
	snprintf(key, cap, "%s/%s", lang_code(l), path ? path : "");
	*keyp = key;
	return &s->figures->lg.plan;
}

static void show(struct site *s, enum lang l, const char *path, size_t fig)
{
	if (!s->figures)
		return;
	char key[512];
	const char *k;
	struct ledger_sink *sink = sink_for(s, l, path, key, sizeof key, &k);
	ledger_sink_mark(sink, k, fig);
}

void figures_show_price(struct site *s, enum lang l, const char *path, size_t gpu)
{
	if (s->figures && gpu < s->figures->ngpus)
		show(s, l, path, s->figures->price0 + gpu);
}

void figures_show_time(struct site *s, enum lang l, const char *path,
		       size_t task, size_t gpu)
{
	struct figures *f = s->figures;
	if (f && task < f->ntasks && gpu < f->ngpus)
		show(s, l, path, f->time0 + task * f->ngpus + gpu);
}

void figures_show_cost(struct site *s, enum lang l, const char *path,
		       size_t task, size_t gpu)
{
	struct figures *f = s->figures;
	if (f && task < f->ntasks && gpu < f->ngpus)
		show(s, l, path, f->cost0 + task * f->ngpus + gpu);
}

void figures_show_stated(struct site *s, enum lang l, const char *path,
			 size_t stated)
{
	struct figures *f = s->figures;
	if (!f || stated >= f->nstated)
		return;
	show(s, l, path, f->stated0 + stated);
	show(s, l, path, f->check0 + stated);
}

void figures_show_serving(struct site *s, enum lang l, const char *path,
			  size_t benchmark, size_t gpu)
{
	struct figures *f = s->figures;
	if (!f || benchmark >= f->nbench || gpu >= f->ngpus)
		return;
	size_t i = benchmark * f->ngpus + gpu;
	show(s, l, path, f->month0 + i);
	const struct benchmark *b = &s->data.benchmarks[benchmark];
	if (b->unit && !strcmp(b->unit, "tokens/s"))
		show(s, l, path, f->mtok0 + i);
}

void figures_show_quote(struct site *s, enum lang l, const char *path, size_t row)
{
	if (!s->figures || row >= s->data.nprices)
		return;
	const struct price *q = &s->data.prices[row];
	const char *gpu = s->data.gpus[q->gpu].name;
	struct buf id = BUF_INIT, label = BUF_INIT, v = BUF_INIT, in = BUF_INIT;
	buf_addf(&id, "quote.%s.%s.%s.%d%s%s", q->gpu_id,
		 *q->provider ? q->provider : q->source, q->kind, q->cards < 1 ? 1 : q->cards,
		 *q->as_of ? "." : "", q->as_of);
	if (*q->provider)
		buf_addf(&label, "%s quote of %s (%s)", gpu, q->provider, q->kind);
	else
		buf_addf(&label, "%s quote of %s (%s, provider not named)", gpu, q->source,
			 q->kind);
	ledger_number(&v, q->usd_per_hour);
	figures_input(s, &in, TABLE_PRICES, q->row);
	figures_show_new(s, l, path, id.ptr, label.ptr, v.ptr, "", "USD/h", in.ptr);
	buf_release(&id);
	buf_release(&label);
	buf_release(&v);
	buf_release(&in);
}

void figures_show_new(struct site *s, enum lang l, const char *path,
		      const char *id, const char *label, const char *value,
		      const char *value_max, const char *unit, const char *inputs)
{
	if (!s->figures)
		return;
	char key[512];
	const char *k;
	struct ledger_sink *sink = sink_for(s, l, path, key, sizeof key, &k);
	ledger_sink_define(sink, k, id, label, value, value_max, unit, inputs);
}

/* ---- the ledger file ---- */

static long page_of(void *ctx, const char *key)
{
	const size_t *slot = strmap_get(ctx, key);
	return slot ? (long)*slot - 1 : -1;
}

static const char *page_url(void *ctx, size_t page, struct buf *tmp)
{
	const struct site *s = ctx;
	const struct page_spec *p = &s->pages[page];
	buf_addf(tmp, "/%s/%s", lang_code(p->lang), p->path);
	return tmp->ptr;
}

void figures_finish(struct site *s, struct buf *csv)
{
	if (!s->figures)
		return;
	struct strmap pages = STRMAP_INIT;
	struct buf key = BUF_INIT;
	for (size_t i = 0; i < s->npages; i++) {
		buf_reset(&key);
		buf_addf(&key, "%s/%s", lang_code(s->pages[i].lang), s->pages[i].path);
		bool created;
		size_t *slot = strmap_slot(&pages, key.ptr, &created);
		if (created)
			*slot = i + 1;
	}
	buf_release(&key);
	ledger_merge(&s->figures->lg, page_of, &pages);
	strmap_free(&pages);
	ledger_write_csv(&s->figures->lg, csv, page_url, s);
}

/* Enough lines for one edit's figures to read whole, few enough that a
 * large change stays readable. */
#define FIGURES_REPORT_CAP 8

void figures_report(const char *old_csv, const char *new_csv, struct buf *out)
{
	struct ledger_diff d;
	if (ledger_diff(&d, old_csv, new_csv) == 0)
		ledger_report(&d, FIGURES_REPORT_CAP, out);
	else
		buf_adds(out, "the published " FIGURES_FILE " is not a figure ledger; "
			      "no changes reported\n");
	ledger_diff_free(&d);
}
