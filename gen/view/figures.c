/* figures: the build's figure ledger (see figures.h). */
#include "view/figures.h"

#include "base/buf.h"
#include "base/diag.h"
#include "model/data.h"
#include "model/metrics.h"
#include "view/site.h"
#include "base/strmap.h"
#include "base/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- labels ---- */

#define LABEL_MAX_NAMES 8

void figures_labels(const struct site *s, struct buf *en, struct buf *zh,
		    const char *key, ...)
{
	const char *names[LABEL_MAX_NAMES], *ven[LABEL_MAX_NAMES],
		*vzh[LABEL_MAX_NAMES];
	size_t n = 0;
	va_list ap;
	va_start(ap, key);
	for (const char *name; (name = va_arg(ap, const char *)) != NULL;) {
		const char *e = va_arg(ap, const char *), *z = va_arg(ap, const char *);
		if (n < LABEL_MAX_NAMES) {
			names[n] = name;
			ven[n] = e ? e : "";
			vzh[n] = z ? z : ven[n];
			n++;
		}
	}
	va_end(ap);
	i18n_fill_key(en, &s->i18n, LANG_EN, key, names, ven, n);
	i18n_fill_key(zh, &s->i18n, LANG_ZH, key, names, vzh, n);
}

const char *figures_word(const struct site *s, enum lang l, const char *prefix,
			 const char *word, struct buf *tmp)
{
	buf_reset(tmp);
	buf_addf(tmp, "%s%s", prefix, word ? word : "");
	for (size_t i = strlen(prefix); i < tmp->len; i++)
		if (tmp->ptr[i] == '-')
			tmp->ptr[i] = '_';
	return i18n_has(&s->i18n, tmp->ptr) ? i18n_get(&s->i18n, l, tmp->ptr) : word;
}

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

void figures_input_task_cost(const struct site *s, struct buf *out,
			     const struct task_cost *c)
{
	add_time_input(s, out, c->time_row);
	add_price_input(s, out, c->quote_row);
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
	struct buf id, label, label_zh, v, max, in;
};

static size_t collect_add(struct collect *c, const char *unit)
{
	return ledger_add(&c->f->lg, c->id.ptr, c->label.ptr, c->label_zh.ptr, c->v.ptr,
			  c->max.ptr, unit, c->in.ptr);
}

static void collect_reset(struct collect *c)
{
	buf_reset(&c->id);
	buf_reset(&c->label);
	buf_reset(&c->label_zh);
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
		figures_labels(c->s, &c->label, &c->label_zh, "fig.price_lowest",
			       "gpu", d->gpus[g].name, NULL, NULL);
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
				figures_labels(c->s, &c->label, &c->label_zh,
					       pass ? "fig.cost" : "fig.time",
					       "task", d->tasks[t].name_en, d->tasks[t].name_zh,
					       "gpu", d->gpus[g].name, NULL, NULL);
				if (pass) {
					figures_input_task_cost(c->s, &c->in, tc);
					value_text(&c->v, &c->max, tc->cost, tc->cost_max);
				} else {
					add_time_input(c->s, &c->in, tc->time_row);
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
			figures_labels(c->s, &c->label, &c->label_zh,
				       pass ? "fig.stated_check" : "fig.stated_computed",
				       "id", sc->id, NULL, NULL);
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
				figures_labels(c->s, &c->label, &c->label_zh,
					       pass ? "fig.serving_mtok" : "fig.serving_month",
					       "bench", bm->name_en, bm->name_zh,
					       "gpu", d->gpus[g].name, NULL, NULL);
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
	struct collect c = { s, f, BUF_INIT, BUF_INIT, BUF_INIT, BUF_INIT, BUF_INIT,
			     BUF_INIT };
	collect_prices(&c);
	collect_tasks(&c);
	collect_stated(&c);
	collect_serving(&c);
	buf_release(&c.id);
	buf_release(&c.label);
	buf_release(&c.label_zh);
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

void figures_show_mtok(struct site *s, enum lang l, const char *path,
		       size_t benchmark, size_t gpu)
{
	struct figures *f = s->figures;
	if (!f || benchmark >= f->nbench || gpu >= f->ngpus)
		return;
	show(s, l, path, f->mtok0 + benchmark * f->ngpus + gpu);
}

void figures_show_quote(struct site *s, enum lang l, const char *path, size_t row)
{
	if (!s->figures || row >= s->data.nprices)
		return;
	const struct price *q = &s->data.prices[row];
	const char *gpu = s->data.gpus[q->gpu].name;
	struct buf id = BUF_INIT, label = BUF_INIT, label_zh = BUF_INIT, v = BUF_INIT,
		   in = BUF_INIT, tmp = BUF_INIT;
	buf_addf(&id, FIGURES_ROW_PREFIX "%s.%s.%s.%d%s%s", q->gpu_id,
		 *q->provider ? q->provider : q->source, q->kind, q->cards < 1 ? 1 : q->cards,
		 *q->as_of ? "." : "", q->as_of);
	/* the kind's English word is the data's, as it was before labels
	 * had a Chinese version */
	const char *kind_zh = figures_word(s, LANG_ZH, "price.", q->kind, &tmp);
	figures_labels(s, &label, &label_zh, *q->provider ? "fig.quote" : "fig.quote_unnamed",
		       "gpu", gpu, NULL, "provider", *q->provider ? q->provider : q->source,
		       NULL, "kind", q->kind, kind_zh, NULL);
	ledger_number(&v, q->usd_per_hour);
	figures_input(s, &in, TABLE_PRICES, q->row);
	figures_show_new(s, l, path, id.ptr, label.ptr, label_zh.ptr, v.ptr, "", "USD/h",
			 in.ptr);
	buf_release(&id);
	buf_release(&label);
	buf_release(&label_zh);
	buf_release(&tmp);
	buf_release(&v);
	buf_release(&in);
}

void figures_show_fit(struct site *s, enum lang l, const char *path,
		      double params_b, const char *precision, long vram_row,
		      size_t gpu, struct figure cards)
{
	if (!s->figures || gpu >= s->data.ngpus)
		return;
	const struct gpu *g = &s->data.gpus[gpu];
	struct buf id = BUF_INIT, params = BUF_INIT, label = BUF_INIT,
		   label_zh = BUF_INIT, v = BUF_INIT, in = BUF_INIT;
	ledger_number(&params, params_b);
	buf_addf(&id, "fit.%sb.%s.%s", params.ptr, precision, g->id);
	figures_labels(s, &label, &label_zh, "fig.fit", "params", params.ptr, NULL,
		       "precision", precision, NULL, "gpu", g->name, NULL, NULL);
	if (figure_ok(cards))
		ledger_number(&v, cards.value);
	if (vram_row >= 0 && (size_t)vram_row < s->data.nvram)
		figures_input(s, &in, TABLE_VRAM, s->data.vram[vram_row].row);
	figures_input(s, &in, TABLE_GPUS, g->row);
	figures_show_new(s, l, path, id.ptr, label.ptr, label_zh.ptr, v.ptr, "", "cards",
			 in.ptr);
	buf_release(&id);
	buf_release(&params);
	buf_release(&label);
	buf_release(&label_zh);
	buf_release(&v);
	buf_release(&in);
}

void figures_show_new(struct site *s, enum lang l, const char *path,
		      const char *id, const char *label, const char *label_zh,
		      const char *value, const char *value_max, const char *unit,
		      const char *inputs)
{
	if (!s->figures)
		return;
	char key[512];
	const char *k;
	struct ledger_sink *sink = sink_for(s, l, path, key, sizeof key, &k);
	ledger_sink_define(sink, k, id, label, label_zh, value, value_max, unit, inputs);
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

/* Whether page `page` printed another value of figure `fig` (a conflict). */
static bool printed_other(const struct ledger *lg, size_t fig, size_t page)
{
	for (size_t i = 0; i < lg->nconflicts; i++)
		if (lg->conflicts[i].fig == fig && lg->conflicts[i].page == page)
			return true;
	return false;
}

/* One figure, two printed values: an error naming both pages (or the
 * ledger's own value when no page printed it) and the figure's inputs. */
static void report_conflicts(struct site *s)
{
	const struct ledger *lg = &s->figures->lg;
	struct buf first = BUF_INIT, other = BUF_INIT, v1 = BUF_INIT, v2 = BUF_INIT;
	for (size_t i = 0; i < lg->nconflicts; i++) {
		const struct ledger_conflict *c = &lg->conflicts[i];
		const struct ledger_fig *f = &lg->figs[c->fig];
		buf_reset(&first);
		for (size_t k = 0; k < f->npages && !first.len; k++)
			if (!printed_other(lg, c->fig, f->pages[k]))
				page_url(s, f->pages[k], &first);
		buf_reset(&other);
		page_url(s, c->page, &other);
		buf_reset(&v1);
		buf_reset(&v2);
		ledger_format_value(&v1, f->value, f->value_max, f->unit);
		ledger_format_value(&v2, c->value, c->value_max, f->unit);
		diag_error(s->diag, NULL, 0, 0,
			   "figure \"%s\" (%s) would print two values: %s on %s, %s on %s%s%s",
			   f->id, f->label, v1.ptr, first.len ? first.ptr : "the ledger",
			   v2.ptr, other.ptr, *f->inputs ? "; inputs: " : "", f->inputs);
	}
	buf_release(&first);
	buf_release(&other);
	buf_release(&v1);
	buf_release(&v2);
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
	report_conflicts(s);
	ledger_write_csv(&s->figures->lg, csv, page_url, s);
}

/* Enough lines for one edit's figures to read whole, few enough that a
 * large change stays readable. */
#define FIGURES_REPORT_CAP 8

void figures_report(const char *old_csv, const char *new_csv, struct buf *out)
{
	struct ledger_diff d;
	if (ledger_diff(&d, old_csv, new_csv) == 0) {
		d.row_prefix = FIGURES_ROW_PREFIX;
		ledger_report(&d, FIGURES_REPORT_CAP, out);
	}
	else
		buf_adds(out, "the published " FIGURES_FILE " is not a figure ledger; "
			      "no changes reported\n");
	ledger_diff_free(&d);
}
