/* guide_ledger: the guide's figure ledger for one build (see guide_ledger.h). */
#include "view/guide_ledger.h"

#include "base/buf.h"
#include "base/diag.h"
#include "base/numfmt.h"
#include "model/data.h"
#include "model/metrics.h"
#include "view/site.h"
#include "base/strmap.h"
#include "base/text.h"
#include "base/xalloc.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- labels ---- */

#define LABEL_MAX_NAMES 8

void guide_ledger_labels(const struct site_inputs *si, struct buf *en, struct buf *zh,
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
	i18n_fill_key(en, &si->i18n, LANG_EN, key, names, ven, n);
	i18n_fill_key(zh, &si->i18n, LANG_ZH, key, names, vzh, n);
}

const char *guide_ledger_word(const struct site_inputs *si, enum lang l, const char *prefix,
			 const char *word, struct buf *tmp)
{
	buf_reset(tmp);
	buf_addf(tmp, "%s%s", prefix, word ? word : "");
	for (size_t i = strlen(prefix); i < tmp->len; i++)
		if (tmp->ptr[i] == '-')
			tmp->ptr[i] = '_';
	return i18n_has(&si->i18n, tmp->ptr) ? i18n_get(&si->i18n, l, tmp->ptr) : word;
}

/* ---- the data's figures ---- */

void guide_ledger_input(const struct site_inputs *si, struct buf *out, int table, size_t row)
{
	const struct table *t = &si->data.tables[table];
	if (out->len)
		buf_addc(out, ' ');
	int line = t->lines ? t->lines[row] : (int)row + 2;
	if (line < 0 || !t->path) { /* never from a file read: as printf writes it */
		buf_addf(out, "%s:%d", t->path, line);
		return;
	}
	/* "%s:%d" without printf: pages name thousands of input rows */
	char n[NUMFMT_UINT_MAX];
	buf_adds(out, t->path);
	buf_addc(out, ':');
	buf_add(out, n, numfmt_uint(n, (uint64_t)line));
}

static void add_price_input(const struct site_inputs *si, struct buf *in, long quote)
{
	if (quote >= 0)
		guide_ledger_input(si, in, TABLE_PRICES, si->data.prices[quote].row);
}

static void add_time_input(const struct site_inputs *si, struct buf *in, long time_row)
{
	if (time_row >= 0)
		guide_ledger_input(si, in, TABLE_TASK_TIMES, si->data.task_times[time_row].row);
}

void guide_ledger_input_task_cost(const struct site_inputs *si, struct buf *out,
			     const struct task_cost *c)
{
	add_time_input(si, out, c->time_row);
	add_price_input(si, out, c->quote_row);
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

const char *guide_ledger_spec_name(const struct site_inputs *si, const char *column, enum lang l)
{
	const char *spec = i18n_spec_key(column);
	if (spec)
		return i18n_get(&si->i18n, l, spec);
	struct buf key = BUF_INIT;
	buf_addf(&key, "fig.field.%s", column);
	const char *name = i18n_get(&si->i18n, l, key.ptr);
	buf_release(&key);
	return name;
}

struct collect {
	struct site *s;
	struct guide_ledger *f;
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

/* A figure without an upper end as the figure being collected's value. */
static void value_one(struct collect *c, struct figure f)
{
	value_text(&c->v, &c->max, f, (struct figure){ 0, "" });
}

static void collect_prices(struct collect *c)
{
	const struct data *d = &c->s->in.data;
	c->f->price0 = c->f->lg.nfigs;
	for (size_t g = 0; g < d->ngpus; g++) {
		const struct gpu_prices *p = &c->s->in.metrics.prices[g];
		collect_reset(c);
		buf_addf(&c->id, "price.%s.lowest", d->gpus[g].id);
		guide_ledger_labels(&c->s->in, &c->label, &c->label_zh, "fig.price_lowest",
			       "gpu", d->gpus[g].name, NULL, NULL);
		value_text(&c->v, &c->max, p->lowest, (struct figure){ 0, "" });
		add_price_input(&c->s->in, &c->in, p->lowest_row);
		collect_add(c, "USD/h");
	}
}

static void collect_tasks(struct collect *c)
{
	const struct data *d = &c->s->in.data;
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 0)
			c->f->time0 = c->f->lg.nfigs;
		else
			c->f->cost0 = c->f->lg.nfigs;
		for (size_t t = 0; t < d->ntasks; t++)
			for (size_t g = 0; g < d->ngpus; g++) {
				const struct task_cost *tc =
					metrics_task_cost(d, &c->s->in.metrics, t, g);
				collect_reset(c);
				buf_addf(&c->id, "%s.%s.%s", pass ? "cost" : "time",
					 d->tasks[t].id, d->gpus[g].id);
				guide_ledger_labels(&c->s->in, &c->label, &c->label_zh,
					       pass ? "fig.cost" : "fig.time",
					       "task", d->tasks[t].name_en, d->tasks[t].name_zh,
					       "gpu", d->gpus[g].name, NULL, NULL);
				if (pass) {
					guide_ledger_input_task_cost(&c->s->in, &c->in, tc);
					value_text(&c->v, &c->max, tc->cost, tc->cost_max);
				} else {
					add_time_input(&c->s->in, &c->in, tc->time_row);
					value_text(&c->v, &c->max, tc->hours, tc->hours_max);
				}
				collect_add(c, pass ? "USD" : "h");
			}
	}
}

/* The figures of a stated cost, in the order collect_stated defines them. */
enum stated_part { STATED_COMPUTED, STATED_CHECK, STATED_SOURCE, STATED_PARTS };

/* A stated cost's label: what it is the cost of (a job of its task, or a
 * month of serving), on its cards ("4 × A100 80GB", as a case study
 * says them), never its row id. */
static void stated_label(struct collect *c, const struct stated_cost *sc, enum stated_part part)
{
	static const char *const keys[STATED_PARTS][2] = {
		[STATED_COMPUTED] = { "fig.stated_computed", "fig.stated_month_computed" },
		[STATED_CHECK] = { "fig.stated_check", "fig.stated_month_check" },
		[STATED_SOURCE] = { "fig.stated_source", "fig.stated_month_source" },
	};
	const struct site_inputs *si = &c->s->in;
	const char *gpu = si->data.gpus[sc->gpu].name;
	struct buf on_en = BUF_INIT, on_zh = BUF_INIT;
	i18n_gpu_cards(&on_en, &si->i18n, LANG_EN, sc->cards, gpu);
	i18n_gpu_cards(&on_zh, &si->i18n, LANG_ZH, sc->cards, gpu);
	const struct task *t = sc->task >= 0 ? &si->data.tasks[sc->task] : NULL;
	guide_ledger_labels(si, &c->label, &c->label_zh, keys[part][t ? 0 : 1],
			    "task", t ? t->name_en : "", t ? t->name_zh : "",
			    "gpu", on_en.ptr, on_zh.ptr, NULL);
	buf_release(&on_en);
	buf_release(&on_zh);
}

/* Each stated cost's three figures: the one computed from its inputs
 * (stated0 on), whether the source's agrees with it (check0 on) and the
 * source's own (source0 on). */
static void collect_stated(struct collect *c)
{
	static const char *const suffix[STATED_PARTS] = { "computed", "check", "source" };
	const struct data *d = &c->s->in.data;
	size_t *first[STATED_PARTS] = { &c->f->stated0, &c->f->check0, &c->f->source0 };
	for (int part = 0; part < STATED_PARTS; part++) {
		*first[part] = c->f->lg.nfigs;
		for (size_t i = 0; i < d->nstated_costs; i++) {
			const struct stated_cost *sc = &d->stated_costs[i];
			const struct stated_check *k = &c->s->in.metrics.checks[i];
			collect_reset(c);
			buf_addf(&c->id, "stated.%s.%s", sc->id, suffix[part]);
			stated_label(c, sc, (enum stated_part)part);
			guide_ledger_input(&c->s->in, &c->in, TABLE_STATED_COSTS, sc->row);
			if (part != STATED_SOURCE) {
				add_time_input(&c->s->in, &c->in, k->time_row);
				add_price_input(&c->s->in, &c->in, k->quote_row);
			}
			if (part == STATED_SOURCE)
				value_text(&c->v, &c->max, (struct figure){ sc->usd, NULL },
					   figure_of(sc->usd_max, ""));
			else
				value_text(&c->v, &c->max, k->computed, k->computed_max);
			if (part == STATED_CHECK && figure_ok(k->computed)) {
				buf_reset(&c->v);
				buf_reset(&c->max);
				buf_adds(&c->v, k->agrees ? "agrees" : "differs");
			}
			collect_add(c, part == STATED_CHECK ? "" : "USD");
		}
	}
}

static void collect_serving(struct collect *c)
{
	const struct data *d = &c->s->in.data;
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
				guide_ledger_labels(&c->s->in, &c->label, &c->label_zh,
					       pass ? "fig.serving_mtok" : "fig.serving_month",
					       "bench", bm->name_en, bm->name_zh,
					       "gpu", d->gpus[g].name, NULL, NULL);
				if (row >= 0)
					guide_ledger_input(&c->s->in, &c->in, TABLE_RESULTS,
						      d->results[row].row);
				add_price_input(&c->s->in, &c->in, sv.quote_row);
				struct figure none = { 0, "" };
				if (row < 0)
					sv.monthly = sv.per_mtok = none;
				value_text(&c->v, &c->max, pass ? sv.per_mtok : sv.monthly, none);
				collect_add(c, pass ? "USD/1M tokens" : "USD/month");
			}
	}
}

/* Each GPU's result on each benchmark (result0 on, benchmark-major). */
static void collect_results(struct collect *c)
{
	const struct data *d = &c->s->in.data;
	c->f->result0 = c->f->lg.nfigs;
	for (size_t b = 0; b < d->nbenchmarks; b++)
		for (size_t g = 0; g < d->ngpus; g++) {
			const struct benchmark *bm = &d->benchmarks[b];
			long rr = data_result_row(d, b, g);
			collect_reset(c);
			buf_addf(&c->id, "result.%s.%s", bm->id, d->gpus[g].id);
			guide_ledger_labels(&c->s->in, &c->label, &c->label_zh, "fig.result",
					    "bench", bm->name_en, bm->name_zh,
					    "gpu", d->gpus[g].name, NULL, NULL);
			if (rr >= 0)
				guide_ledger_input(&c->s->in, &c->in, TABLE_RESULTS,
						   d->results[rr].row);
			value_one(c, metrics_result(d, b, g));
			collect_add(c, bm->unit ? bm->unit : "");
		}
}

/* The rows GPU g's relative speed on benchmark b is read from: its result
 * and the baseline card's. */
static void add_relative_speed_inputs(const struct site_inputs *si, struct buf *in, size_t b,
				      size_t g)
{
	const struct data *d = &si->data;
	long base = metrics_baseline(d, &si->metrics);
	long rows[2] = { data_result_row(d, b, g),
			 base >= 0 && (size_t)base != g ? data_result_row(d, b, (size_t)base) : -1 };
	for (size_t i = 0; i < 2; i++)
		if (rows[i] >= 0)
			guide_ledger_input(si, in, TABLE_RESULTS, d->results[rows[i]].row);
}

/* Each GPU's relative speed on each relative-speed benchmark (rel0 on,
 * benchmark-major; the other benchmarks' never shown): its result against
 * the baseline card's, as GPU pages, charts and comparisons print it. */
static void collect_relative_speeds(struct collect *c)
{
	const struct site_inputs *si = &c->s->in;
	const struct data *d = &si->data;
	c->f->rel0 = c->f->lg.nfigs;
	const char *name = i18n_method_key("relative_speed");
	for (size_t b = 0; b < d->nbenchmarks; b++)
		for (size_t g = 0; g < d->ngpus; g++) {
			const struct benchmark *bm = &d->benchmarks[b];
			collect_reset(c);
			buf_addf(&c->id, "metric.relative_speed.%s.%s", d->gpus[g].id, bm->id);
			guide_ledger_labels(si, &c->label, &c->label_zh, "fig.metric_on", "gpu",
					    d->gpus[g].name, NULL, "metric",
					    i18n_get(&si->i18n, LANG_EN, name),
					    i18n_get(&si->i18n, LANG_ZH, name), "bench", bm->name_en,
					    bm->name_zh, NULL);
			guide_ledger_input(si, &c->in, TABLE_GPUS, d->gpus[g].row);
			add_relative_speed_inputs(si, &c->in, b, g);
			value_one(c, metrics_speed_vs_baseline(d, &si->metrics, b, g));
			collect_add(c, i18n_get(&si->i18n, LANG_EN, "unit.x"));
		}
}

/* Each GPU's mean relative speed over the relative-speed benchmarks
 * (mean0 on). */
static void collect_mean_speeds(struct collect *c)
{
	const struct site_inputs *si = &c->s->in;
	const struct data *d = &si->data;
	c->f->mean0 = c->f->lg.nfigs;
	for (size_t g = 0; g < d->ngpus; g++) {
		collect_reset(c);
		buf_addf(&c->id, "metric.mean_relative_speed.%s", d->gpus[g].id);
		guide_ledger_labels(si, &c->label, &c->label_zh, "fig.metric", "gpu",
				    d->gpus[g].name, NULL, "metric",
				    i18n_get(&si->i18n, LANG_EN, "chart.col.speed"),
				    i18n_get(&si->i18n, LANG_ZH, "chart.col.speed"), NULL);
		guide_ledger_input(si, &c->in, TABLE_GPUS, d->gpus[g].row);
		for (size_t b = 0; b < d->nbenchmarks; b++)
			if (metrics_is_relative_speed(&d->benchmarks[b]))
				add_relative_speed_inputs(si, &c->in, b, g);
		value_one(c, metrics_mean_relative_speed(d, &si->metrics, g));
		collect_add(c, i18n_get(&si->i18n, LANG_EN, "unit.x"));
	}
}

/* Each technique's effects (tech0 on, two a technique): the speed-up its
 * source gives and the memory it saves, as percent or as the factor the
 * memory is multiplied by, a range when the source gives one. */
static void collect_techniques(struct collect *c)
{
	const struct site_inputs *si = &c->s->in;
	const struct data *d = &si->data;
	c->f->tech0 = c->f->lg.nfigs;
	for (size_t i = 0; i < d->ntechniques; i++)
		for (int memory = 0; memory < 2; memory++) {
			const struct technique *t = &d->techniques[i];
			collect_reset(c);
			buf_addf(&c->id, "technique.%s.%s", t->id, memory ? "memory" : "speed");
			guide_ledger_labels(si, &c->label, &c->label_zh,
					    memory ? "fig.technique_memory" : "fig.technique_speed",
					    "technique", t->name_en, t->name_zh, NULL);
			guide_ledger_input(si, &c->in, TABLE_TECHNIQUES, t->row);
			struct num lo = memory ? t->vram_low : t->speed_low;
			struct num hi = memory ? t->vram_high : t->speed_high;
			value_text(&c->v, &c->max, figure_of(lo, ""), figure_of(hi, ""));
			/* units of their own: the sentences word them ("about 10%
			 * slower", "an eighth of the memory") */
			collect_add(c, !memory ? "× speed"
				       : t->vram_cut && !strcmp(t->vram_cut, "percent") ? "% less memory"
									 : "÷ memory");
		}
}

/* Each GPU's numeric gpus.csv columns (spec0 on, GPU-major): its
 * specifications and list price, as pages and the gpu shortcode print
 * them. */
static void collect_specs(struct collect *c)
{
	const struct site_inputs *si = &c->s->in;
	c->f->spec0 = c->f->lg.nfigs;
	for (size_t g = 0; g < si->data.ngpus; g++)
		for (int k = 0; k < GPU_COL_COUNT; k++) {
			const struct gpu *gp = &si->data.gpus[g];
			const char *column = gpu_columns[k].name;
			collect_reset(c);
			buf_addf(&c->id, "gpu.%s.%s", gp->id, column);
			guide_ledger_labels(si, &c->label, &c->label_zh, "fig.gpu_field", "gpu",
					    gp->name, NULL, "field",
					    guide_ledger_spec_name(si, column, LANG_EN),
					    guide_ledger_spec_name(si, column, LANG_ZH), NULL);
			guide_ledger_input(si, &c->in, TABLE_GPUS, gp->row);
			value_one(c, figure_of(gpu_column_num(gp, (enum gpu_column)k), ""));
			collect_add(c, gpu_columns[k].ledger_unit);
		}
}

void guide_ledger_collect(struct site *s)
{
	struct guide_ledger *f = xcalloc(1, sizeof *f);
	ledger_init(&f->lg);
	s->in.ledger = f;
	const struct data *d = &s->in.data;
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
	collect_results(&c);
	collect_relative_speeds(&c);
	collect_mean_speeds(&c);
	collect_techniques(&c);
	collect_specs(&c);
	buf_release(&c.id);
	buf_release(&c.label);
	buf_release(&c.label_zh);
	buf_release(&c.v);
	buf_release(&c.max);
	buf_release(&c.in);
}

void guide_ledger_free(struct site *s)
{
	if (!s->in.ledger)
		return;
	ledger_free(&s->in.ledger->lg);
	free(s->in.ledger);
	s->in.ledger = NULL;
}

/* ---- marks ---- */

void guide_ledger_pages_begin(struct site *s)
{
	if (s->in.ledger)
		ledger_pages_begin(&s->in.ledger->lg, s->plan.npages);
}

struct ledger_sink *guide_ledger_page_sink(struct site *s, size_t page)
{
	return s->in.ledger ? ledger_page_sink(&s->in.ledger->lg, page) : NULL;
}

struct ledger_sink *guide_ledger_plan_sink(struct site *s)
{
	return s->in.ledger ? &s->in.ledger->lg.plan : NULL;
}

void guide_ledger_page_record(struct site *s, size_t page, size_t from, struct buf *out)
{
	struct ledger_sink *k = guide_ledger_page_sink(s, page);
	if (k)
		ledger_sink_encode(&s->in.ledger->lg, k, from, out);
}

int guide_ledger_page_replay(struct site *s, size_t page, const char *rec, size_t len)
{
	struct ledger_sink *k = guide_ledger_page_sink(s, page);
	if (!k)
		return len ? -1 : 0;
	return ledger_sink_decode(&s->in.ledger->lg, k, rec, len);
}

/* The key naming the page in its sink: NULL in the page's own sink, its
 * language and path in the plan's. */
static const char *sink_key(const struct page_ctx *pc, char *key, size_t cap)
{
	if (pc->marks != &pc->in->ledger->lg.plan)
		return NULL;
	snprintf(key, cap, "%s/%s", lang_code(pc->l), pc->path ? pc->path : "");
	return key;
}

static void show(const struct page_ctx *pc, size_t fig)
{
	if (!pc->in->ledger || !pc->marks)
		return;
	char key[512];
	ledger_sink_mark(pc->marks, sink_key(pc, key, sizeof key), fig);
}

void guide_ledger_show_marks(const struct page_ctx *pc, const struct ledger_sink *marks)
{
	if (!pc->in->ledger || !pc->marks)
		return;
	char key[512];
	ledger_sink_replay(pc->marks, sink_key(pc, key, sizeof key), marks);
}

void guide_ledger_show_price(const struct page_ctx *pc, size_t gpu)
{
	if (pc->in->ledger && gpu < pc->in->ledger->ngpus)
		show(pc, pc->in->ledger->price0 + gpu);
}

void guide_ledger_show_time(const struct page_ctx *pc, size_t task, size_t gpu)
{
	struct guide_ledger *f = pc->in->ledger;
	if (f && task < f->ntasks && gpu < f->ngpus)
		show(pc, f->time0 + task * f->ngpus + gpu);
}

void guide_ledger_show_cost(const struct page_ctx *pc, size_t task, size_t gpu)
{
	struct guide_ledger *f = pc->in->ledger;
	if (f && task < f->ntasks && gpu < f->ngpus)
		show(pc, f->cost0 + task * f->ngpus + gpu);
}

void guide_ledger_show_stated(const struct page_ctx *pc, size_t stated)
{
	struct guide_ledger *f = pc->in->ledger;
	if (!f || stated >= f->nstated)
		return;
	show(pc, f->stated0 + stated);
	show(pc, f->check0 + stated);
	show(pc, f->source0 + stated);
}

void guide_ledger_show_serving(const struct page_ctx *pc, size_t benchmark, size_t gpu)
{
	struct guide_ledger *f = pc->in->ledger;
	if (!f || benchmark >= f->nbench || gpu >= f->ngpus)
		return;
	size_t i = benchmark * f->ngpus + gpu;
	show(pc, f->month0 + i);
	const struct benchmark *b = &pc->in->data.benchmarks[benchmark];
	if (b->unit && !strcmp(b->unit, "tokens/s"))
		show(pc, f->mtok0 + i);
}

void guide_ledger_show_mtok(const struct page_ctx *pc, size_t benchmark, size_t gpu)
{
	struct guide_ledger *f = pc->in->ledger;
	if (!f || benchmark >= f->nbench || gpu >= f->ngpus)
		return;
	show(pc, f->mtok0 + benchmark * f->ngpus + gpu);
}

/* A figure a page defines where it shows it: its id, labels, value (and
 * upper end) and inputs, as ledger_sink_define takes them. */
struct def {
	struct buf id, label, label_zh, v, max, in;
};
#define DEF_INIT { BUF_INIT, BUF_INIT, BUF_INIT, BUF_INIT, BUF_INIT, BUF_INIT }

/* Define and show `d` on page pc, in `unit`; d's buffers are released. */
static void def_show(const struct page_ctx *pc, struct def *d, const char *unit)
{
	guide_ledger_show_new(pc, d->id.ptr, d->label.ptr, d->label_zh.ptr, d->v.ptr, d->max.ptr,
			      unit, d->in.ptr);
	struct buf *all[] = { &d->id, &d->label, &d->label_zh, &d->v, &d->max, &d->in };
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		buf_release(all[i]);
}

/* A card's metric `f` (up to `high`), defined and shown: guide_ledger_metric's. */
static void show_metric(const struct page_ctx *pc, const char *name, const char *unit_key,
			size_t gpu, long bench, struct figure f, double high, long quote)
{
	const struct site_inputs *si = pc->in;
	if (!si->ledger || gpu >= si->data.ngpus)
		return;
	const struct data *d = &si->data;
	const struct gpu *g = &d->gpus[gpu];
	const struct benchmark *b = bench >= 0 ? &d->benchmarks[bench] : NULL;
	struct def m = DEF_INIT;
	buf_addf(&m.id, "metric.%s.%s%s%s", name, g->id, b ? "." : "", b ? b->id : "");
	guide_ledger_labels(si, &m.label, &m.label_zh, b ? "fig.metric_on" : "fig.metric", "gpu",
			    g->name, NULL, "metric", i18n_get(&si->i18n, LANG_EN, i18n_method_key(name)),
			    i18n_get(&si->i18n, LANG_ZH, i18n_method_key(name)),
			    "bench", b ? b->name_en : "", b ? b->name_zh : "", NULL);
	if (figure_ok(f))
		ledger_number(&m.v, f.value);
	if (figure_ok(f) && high > f.value)
		ledger_number(&m.max, high);
	guide_ledger_input(si, &m.in, TABLE_GPUS, g->row);
	if (quote >= 0)
		guide_ledger_input(si, &m.in, TABLE_PRICES, d->prices[quote].row);
	/* on one benchmark, its result; speed per dollar of the card alone
	 * is of its mean relative speed, every relative-speed result */
	for (size_t k = 0; k < d->nbenchmarks; k++) {
		bool of = b ? k == (size_t)bench
			    : !strcmp(name, "speed_per_dollar") &&
				      metrics_is_relative_speed(&d->benchmarks[k]);
		long rr = of ? data_result_row(d, k, gpu) : -1;
		/* a relative speed is the card's result against the baseline's */
		if (of && metrics_is_relative_speed(&d->benchmarks[k]))
			add_relative_speed_inputs(si, &m.in, k, gpu);
		else if (rr >= 0)
			guide_ledger_input(si, &m.in, TABLE_RESULTS, d->results[rr].row);
	}
	def_show(pc, &m, i18n_get(&si->i18n, LANG_EN, unit_key));
}

/* The methods guide_ledger_metric knows, with their units; `priced`: of a
 * price (the card's lowest quote among the figure's inputs). */
static const struct {
	const char *name, *unit_key;
	bool priced;
} card_metrics[] = {
	{ "break_even", "unit.h", true },
	{ "tflops_per_watt", "unit.tflops_per_w", false },
	{ "tflops_per_kusd", "unit.tflops_per_kusd", false },
	{ "speed_per_dollar", "unit.speed_per_usd", true },
};
#define NCARD_METRICS (sizeof card_metrics / sizeof *card_metrics)

static long card_metric_at(const char *name)
{
	for (size_t i = 0; i < NCARD_METRICS; i++)
		if (!strcmp(card_metrics[i].name, name))
			return (long)i;
	return -1;
}

const char *guide_ledger_metric_unit(const char *name)
{
	long k = card_metric_at(name);
	return k >= 0 ? card_metrics[k].unit_key : NULL;
}

struct figure guide_ledger_metric(const struct page_ctx *pc, const char *name, size_t gpu,
				  long bench, double *high)
{
	const struct site_inputs *si = pc->in;
	const struct data *d = &si->data;
	const struct gpu *g = &d->gpus[gpu];
	const struct gpu_prices *lp = si->metrics.prices ? &si->metrics.prices[gpu] : NULL;
	struct figure price = lp ? lp->lowest : (struct figure){ 0, "why.no_price" };
	struct figure fp16 = figure_of(g->fp16_tflops, "why.not_stated");
	long k = card_metric_at(name);
	double hi = 0;
	struct figure f = { 0, "why.not_stated" };
	if (k == 0)
		f = metrics_break_even(g, price, &hi);
	else if (k == 1)
		f = metric_tflops_per_watt(fp16, figure_of(g->tdp_w, "why.not_stated"));
	else if (k == 2)
		f = metrics_tflops_per_kusd(g, fp16, &hi);
	else if (k == 3)
		f = metric_speed_per_dollar(bench >= 0 ? metrics_speed_vs_baseline(d, &si->metrics,
										   (size_t)bench, gpu)
						       : metrics_mean_relative_speed(d, &si->metrics, gpu),
					    price);
	if (k >= 0)
		show_metric(pc, name, card_metrics[k].unit_key, gpu, bench, f, hi,
			    card_metrics[k].priced && lp ? lp->lowest_row : -1);
	if (high)
		*high = hi;
	return f;
}

void guide_ledger_show_spec(const struct page_ctx *pc, size_t gpu, enum gpu_column col)
{
	const struct guide_ledger *f = pc->in->ledger;
	if (f && gpu < f->ngpus)
		show(pc, f->spec0 + gpu * GPU_COL_COUNT + (size_t)col);
}

void guide_ledger_show_result(const struct page_ctx *pc, size_t benchmark, size_t gpu)
{
	const struct guide_ledger *f = pc->in->ledger;
	if (f && benchmark < f->nbench && gpu < f->ngpus)
		show(pc, f->result0 + benchmark * f->ngpus + gpu);
}

void guide_ledger_show_technique(const struct page_ctx *pc, size_t technique, bool memory)
{
	const struct guide_ledger *f = pc->in->ledger;
	if (f && technique < pc->in->data.ntechniques)
		show(pc, f->tech0 + technique * 2 + memory);
}

void guide_ledger_show_mean_speed(const struct page_ctx *pc, size_t gpu)
{
	const struct guide_ledger *f = pc->in->ledger;
	if (f && gpu < f->ngpus)
		show(pc, f->mean0 + gpu);
}

void guide_ledger_show_price_pick(const struct page_ctx *pc, size_t gpu, const char *which,
				  const char *source)
{
	const struct site_inputs *si = pc->in;
	if (!si->ledger || gpu >= si->data.ngpus)
		return;
	const struct data *d = &si->data;
	long row = metrics_price_row(d, gpu, source, which);
	struct def f = DEF_INIT;
	buf_addf(&f.id, "price.%s.%s", d->gpus[gpu].id, which ? which : source);
	const char *wkey = which ? (strcmp(which, "high") ? "fig.which.lowest" : "fig.which.highest")
				 : "price.on_demand";
	guide_ledger_labels(si, &f.label, &f.label_zh, source ? "fig.price_pick_from" : "fig.price_pick",
			    "gpu", d->gpus[gpu].name, NULL, "which", i18n_get(&si->i18n, LANG_EN, wkey),
			    i18n_get(&si->i18n, LANG_ZH, wkey), "source", source, NULL, NULL);
	if (row >= 0) {
		ledger_number(&f.v, d->prices[row].usd_per_hour);
		guide_ledger_input(si, &f.in, TABLE_PRICES, d->prices[row].row);
	}
	def_show(pc, &f, "USD/h");
}

void guide_ledger_show_relative_speed(const struct page_ctx *pc, size_t benchmark, size_t gpu)
{
	const struct guide_ledger *f = pc->in->ledger;
	if (f && benchmark < f->nbench && gpu < f->ngpus)
		show(pc, f->rel0 + benchmark * f->ngpus + gpu);
}

void guide_ledger_show_list_price(const struct page_ctx *pc, size_t gpu)
{
	guide_ledger_show_spec(pc, gpu, GPU_COL_PRICE_MIN);
	if (gpu < pc->in->data.ngpus && pc->in->data.gpus[gpu].price_usd_max.ok)
		guide_ledger_show_spec(pc, gpu, GPU_COL_PRICE_MAX);
}

/* Quote q's id and labels (`tmp` holds a word they use). */
static void quote_labels(const struct page_ctx *pc, const struct price *q, struct buf *id,
			 struct buf *label, struct buf *label_zh, struct buf *tmp)
{
	buf_addf(id, GUIDE_LEDGER_ROW_PREFIX "%s.%s.%s.%d%s%s", q->gpu_id,
		 *q->provider ? q->provider : q->source, q->kind, q->cards < 1 ? 1 : q->cards,
		 *q->as_of ? "." : "", q->as_of);
	/* the kind's English word is the data's, as it was before labels
	 * had a Chinese version */
	const char *kind_zh = guide_ledger_word(pc->in, LANG_ZH, "price.", q->kind, tmp);
	/* an unnamed provider's quote is named by its source, in each
	 * language by its title there */
	const struct source *src = data_find_source(&pc->in->data, q->source);
	const char *who_en = *q->provider ? q->provider
			     : src ? site_source_title(src, LANG_EN) : q->source;
	const char *who_zh = *q->provider || !src ? NULL : site_source_title(src, LANG_ZH);
	guide_ledger_labels(pc->in, label, label_zh, *q->provider ? "fig.quote" : "fig.quote_unnamed",
			    "gpu", pc->in->data.gpus[q->gpu].name, NULL, "provider", who_en, who_zh,
			    "kind", q->kind, kind_zh, NULL);
}

/* Quote `row`'s price per card and hour or (`total`) its total for its
 * cards, defined and shown. */
static void show_quote(const struct page_ctx *pc, size_t row, bool total)
{
	if (!pc->in->ledger || row >= pc->in->data.nprices)
		return;
	const struct price *q = &pc->in->data.prices[row];
	struct def f = DEF_INIT;
	struct buf tmp = BUF_INIT;
	quote_labels(pc, q, &f.id, &f.label, &f.label_zh, &tmp);
	if (total) {
		buf_adds(&f.id, ".total");
		/* the quote's labels, taken to be named in the total's */
		struct buf quote = f.label, quote_zh = f.label_zh;
		f.label = (struct buf)BUF_INIT;
		f.label_zh = (struct buf)BUF_INIT;
		buf_reset(&tmp);
		buf_addf(&tmp, "%d", q->cards);
		guide_ledger_labels(pc->in, &f.label, &f.label_zh, "fig.quote_total", "quote",
				    quote.ptr, quote_zh.ptr, "cards", tmp.ptr, NULL, NULL);
		buf_release(&quote);
		buf_release(&quote_zh);
	}
	buf_release(&tmp);
	ledger_number(&f.v, total ? data_quote_total(q) : q->usd_per_hour);
	guide_ledger_input(pc->in, &f.in, TABLE_PRICES, q->row);
	def_show(pc, &f, "USD/h");
}

void guide_ledger_show_quote(const struct page_ctx *pc, size_t row)
{
	show_quote(pc, row, false);
}

void guide_ledger_show_quote_total(const struct page_ctx *pc, size_t row)
{
	show_quote(pc, row, true);
}

/* A model's size and precision as a figure's id and label take them:
 * "70" (billions, as the ledger writes numbers) and "FP16" (as every page
 * names it). */
static void model_words(struct buf *params, struct buf *upper, double params_b,
			const char *precision)
{
	ledger_number(params, params_b);
	text_add_upper(upper, precision);
}

void guide_ledger_show_vram(const struct page_ctx *pc, double params_b, const char *precision,
			    long vram_row)
{
	const struct site_inputs *si = pc->in;
	if (!si->ledger)
		return;
	bool stated = vram_row >= 0 && (size_t)vram_row < si->data.nvram;
	struct def d = DEF_INIT;
	struct buf params = BUF_INIT, upper = BUF_INIT;
	model_words(&params, &upper, params_b, precision);
	buf_addf(&d.id, "vram%s.%s.%s", stated ? "-stated" : "", params.ptr, precision);
	guide_ledger_labels(si, &d.label, &d.label_zh, stated ? "fig.vram_stated" : "fig.vram",
			    "params", params.ptr, NULL, "precision", upper.ptr, NULL, NULL);
	buf_release(&params);
	buf_release(&upper);
	/* the bytes per parameter's rule, or a source's rule of thumb */
	struct figure f = stated ? (struct figure){ si->data.vram[vram_row].gb, NULL }
				 : metric_vram_needed_gb(params_b, precision);
	if (figure_ok(f))
		ledger_number(&d.v, f.value);
	if (stated)
		guide_ledger_input(si, &d.in, TABLE_VRAM, si->data.vram[vram_row].row);
	def_show(pc, &d, "GB");
}

void guide_ledger_show_fit(const struct page_ctx *pc, double params_b, const char *precision,
			   size_t gpu)
{
	if (!pc->in->ledger || gpu >= pc->in->data.ngpus)
		return;
	const struct gpu *g = &pc->in->data.gpus[gpu];
	long vram_row;
	struct figure need = metrics_model_vram(&pc->in->data, params_b, precision, &vram_row);
	struct figure cards = metric_fit(need, figure_of(g->vram_gb, "why.no_vram")).cards;
	struct def f = DEF_INIT;
	struct buf params = BUF_INIT, upper = BUF_INIT;
	model_words(&params, &upper, params_b, precision);
	buf_addf(&f.id, "fit.%sb.%s.%s", params.ptr, precision, g->id);
	guide_ledger_labels(pc->in, &f.label, &f.label_zh, "fig.fit", "params", params.ptr, NULL,
			    "precision", upper.ptr, NULL, "gpu", g->name, NULL, NULL);
	buf_release(&params);
	buf_release(&upper);
	if (figure_ok(cards))
		ledger_number(&f.v, cards.value);
	if (vram_row >= 0 && (size_t)vram_row < pc->in->data.nvram)
		guide_ledger_input(pc->in, &f.in, TABLE_VRAM, pc->in->data.vram[vram_row].row);
	guide_ledger_input(pc->in, &f.in, TABLE_GPUS, g->row);
	def_show(pc, &f, "cards");
}

void guide_ledger_show_new(const struct page_ctx *pc, const char *id, const char *label, const char *label_zh,
		      const char *value, const char *value_max, const char *unit,
		      const char *inputs)
{
	if (!pc->in->ledger)
		return;
	if (!pc->marks)
		return;
	char key[512];
	ledger_sink_define(pc->marks, sink_key(pc, key, sizeof key), id, label, label_zh, value, value_max, unit, inputs);
}

/* ---- the ledger file ---- */

static long page_of(void *ctx, const char *key)
{
	const size_t *slot = strmap_get(ctx, key);
	return slot ? (long)*slot - 1 : -1;
}

/* Append a page's key: "<lang>/<path>" (without printf: the ledger names
 * each of its figures' pages, some ten thousand). */
static void add_page_key(struct buf *out, const struct page_spec *p)
{
	buf_adds(out, lang_code(p->lang));
	buf_addc(out, '/');
	buf_adds(out, p->path);
}

static const char *page_url(void *ctx, size_t page, struct buf *tmp)
{
	const struct site *s = ctx;
	buf_addc(tmp, '/');
	add_page_key(tmp, &s->plan.pages[page]);
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
	const struct ledger *lg = &s->in.ledger->lg;
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

void guide_ledger_finish(struct site *s, struct buf *csv)
{
	if (!s->in.ledger)
		return;
	struct strmap pages = STRMAP_INIT;
	struct buf key = BUF_INIT;
	strmap_reserve(&pages, s->plan.npages);
	for (size_t i = 0; i < s->plan.npages; i++) {
		buf_reset(&key);
		add_page_key(&key, &s->plan.pages[i]);
		bool created;
		size_t *slot = strmap_slot(&pages, key.ptr, &created);
		if (created)
			*slot = i + 1;
	}
	buf_release(&key);
	ledger_merge(&s->in.ledger->lg, page_of, &pages);
	strmap_free(&pages);
	report_conflicts(s);
	ledger_write_csv(&s->in.ledger->lg, csv, page_url, s);
}

/* Enough lines for one edit's figures to read whole, few enough that a
 * large change stays readable. */
#define GUIDE_LEDGER_REPORT_CAP 8

int guide_ledger_report(const char *old_csv, const char *new_csv, struct ledger_diff *d,
			struct buf *out)
{
	if (ledger_diff(d, old_csv, new_csv) == 0) {
		d->row_prefix = GUIDE_LEDGER_ROW_PREFIX;
		ledger_report(d, GUIDE_LEDGER_REPORT_CAP, out);
		return 0;
	}
	buf_adds(out, "the published " GUIDE_LEDGER_FILE " is not a figure ledger; "
		      "no changes reported\n");
	return -1;
}
