/* pages_guide: the guide pages that are not about one GPU or a pair: case
 * studies, training jobs, use cases, techniques, VRAM fit, inference, and the
 * home page's guide block (see pages_guide.h). */
#include "pages/pages_guide.h"
#include "pages/articles.h"
#include "pages/calculator.h"
#include "pages/compare_index.h"
#include "pages/pages_compare.h"
#include "view/present.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/csv.h"
#include "model/data.h"
#include "view/figures.h"
#include "view/guide_charts.h"
#include "model/i18n.h"
#include "model/metrics.h"
#include "model/schema.h"
#include "base/numfmt.h"
#include "pages/price_history.h"
#include "view/site.h"
#include "template/value.h"
#include "base/xalloc.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- case studies ---- */

static const char *case_path(const struct page_ctx *p, size_t c)
{
	return arena_printf(pg_arena(p), "cases/%s/", p->in->data.case_studies[c].id);
}

static const char *case_name(const struct page_ctx *p, size_t c)
{
	const struct case_study *k = &p->in->data.case_studies[c];
	return pg_pick_lang(p, k->name_en, k->name_zh);
}

/* The cost computed from a stated cost's inputs, with its arithmetic:
 * "72 h × 4 × $1.89/h = $544.32", "2 × $0.44/h × 24 h × 30 = $633.60". */
static const char *case_formula(const struct page_ctx *p, size_t stated)
{
	const struct stated_cost *sc = &p->in->data.stated_costs[stated];
	const struct stated_check *k = &p->in->metrics.checks[stated];
	if (!figure_ok(k->computed) || k->quote_row < 0)
		return pg_nodata_text(p, figure_ok(k->hours) ? "why.no_price" : "why.no_hours");
	const char *price = pg_fmt_per_hour(p, p->in->data.prices[k->quote_row].usd_per_hour);
	const char *cost = pg_fmt_usd_range(p, k->computed.value, figure_ok(k->computed_max)
					 ? k->computed_max.value : k->computed.value, NULL);
	const char *cards = pg_fmt_number(p, sc->cards);
	if (sc->monthly)
		return pg_fill(p, "case.formula_month", "cards", cards, "price", price,
			    "cost", cost, NULL);
	const char *hours = pg_fmt_hours(p, k->hours.value, figure_ok(k->hours_max)
					 ? k->hours_max.value : k->hours.value);
	return pg_fill(p, sc->cards > 1 ? "case.formula_cards" : "case.formula_job",
		    "hours", hours, "cards", cards, "price", price, "cost", cost, NULL);
}

/* One case study as a list item: {name, href, stated, check, agrees}. */
static struct value *case_item(const struct page_ctx *p, size_t c)
{
	struct arena *a = pg_arena(p);
	const struct case_study *k = &p->in->data.case_studies[c];
	struct value *m = value_new_map(a);
	pg_set_text(p, m, "name", case_name(p, c));
	pg_set_text(p, m, "href", pg_href_to(p, case_path(p, c)));
	pg_set_text(p, m, "goal", pg_pick_lang(p, k->goal_en, k->goal_zh));
	pg_set_text(p, m, "stated", pg_stated_text(p, (long)k->stated));
	pg_set_text(p, m, "check", case_formula(p, k->stated));
	value_map_set(a, m, "mark", pg_stated_cell(p, (long)k->stated));
	return m;
}

/* The case studies whose stated cost is for a job of task t, or for
 * serving (t = -1). */
static struct value *cases_of(const struct page_ctx *p, long t)
{
	const struct data *d = &p->in->data;
	struct value *list = value_new_list(pg_arena(p));
	for (size_t c = 0; c < d->ncase_studies; c++) {
		const struct stated_cost *sc = &d->stated_costs[d->case_studies[c].stated];
		if (sc->monthly ? t < 0 : sc->task == t)
			value_list_push(pg_arena(p), list, case_item(p, c));
	}
	return list;
}

static struct value *task_cases(const struct page_ctx *p, size_t t)
{
	return cases_of(p, (long)t);
}

static struct value *serving_cases(const struct page_ctx *p)
{
	return cases_of(p, -1);
}

static struct value *all_cases(const struct page_ctx *p)
{
	struct value *list = value_new_list(pg_arena(p));
	for (size_t c = 0; c < p->in->data.ncase_studies; c++)
		value_list_push(pg_arena(p), list, case_item(p, c));
	return list;
}

struct value *pages_guide_case_context(const struct page_ctx *p, size_t c)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->in->data;
	const struct case_study *k = &d->case_studies[c];
	const struct stated_cost *sc = &d->stated_costs[k->stated];
	const struct stated_check *ck = &p->in->metrics.checks[k->stated];
	struct value *ctx = case_item(p, c);
	pg_set_text(p, ctx, "method", pg_pick_lang(p, k->method_en, k->method_zh));
	value_map_set(a, ctx, "gpu", pg_gpu_link(p, sc->gpu));
	pg_set_text(p, ctx, "cards", pg_fill(p, "case.cards", "n", pg_fmt_number(p, sc->cards), NULL));
	const char *time = sc->monthly
		? pg_fill(p, "case.month", "hours", pg_fmt_unit(p, METRICS_HOURS_PER_MONTH, "unit.h"), NULL)
		: !figure_ok(ck->hours) ? pg_nodata_text(p, "why.no_hours")
		: pg_fmt_hours(p, ck->hours.value, figure_ok(ck->hours_max)
			       ? ck->hours_max.value : ck->hours.value);
	pg_set_text(p, ctx, "time", time);
	pg_set_text(p, ctx, "quote", pg_quote_text(p, ck->quote_row, ck->choice));
	pg_set_text(p, ctx, "period", pg_tr(p, sc->monthly ? "case.per_month" : "case.per_job"));
	pg_set_text(p, ctx, "source", pg_source_titles(p, k->source));
	bool has_task = sc->task >= 0;
	value_map_set_bool(a, ctx, "has_task", has_task);
	pg_set_text(p, ctx, "task_name", has_task ? pg_task_name(p, (size_t)sc->task) : "");
	pg_set_text(p, ctx, "task_href", has_task ? pg_href_to(p, pg_task_path(p, (size_t)sc->task)) : "");
	bool has_bench = k->benchmark >= 0;
	value_map_set_bool(a, ctx, "has_bench", has_bench);
	pg_set_text(p, ctx, "bench_name", has_bench
		 ? pg_bench_name(p, &d->benchmarks[k->benchmark]) : "");
	pg_set_text(p, ctx, "bench_href", has_bench ? pg_href_to(p, arena_printf(a,
		 "inference/#%s", d->benchmarks[k->benchmark].id)) : "");
	return ctx;
}

static void plan_case_page(struct site *s, enum lang l, size_t c)
{
	struct page_ctx pp = pg_planning(s, l, NULL, NULL), *p = &pp;
	pp.path = case_path(p, c);
	const struct case_study *k = &s->in.data.case_studies[c];
	struct value *ctx = pages_guide_case_context(p, c);
	const char *name = case_name(p, c);
	pg_add_page(s, p, "pages/case", name, pg_pick_lang(p, k->goal_en, k->goal_zh), "cases",
		 ctx, pg_crumbs_for(p, "nav.cases", "cases/"));
}

static struct value *case_index_context(const struct page_ctx *p)
{
	struct value *ctx = value_new_map(pg_arena(p));
	struct value *list = all_cases(p);
	value_map_set(pg_arena(p), ctx, "cases", list);
	value_map_set_bool(pg_arena(p), ctx, "has_cases", value_list_len(list) > 0);
	return ctx;
}

/* ---- tasks ---- */

struct value *pages_guide_task_context(const struct page_ctx *p, size_t t)
{
	const struct site_inputs *in = p->in;
	struct arena *a = pg_arena(p);
	const struct data *d = &in->data;
	struct value *rows = value_new_list(a);
	struct buf missing = BUF_INIT;
	bool cards = false, stated = false;
	for (size_t g = 0; g < d->ngpus; g++) {
		const struct task_cost *c = metrics_task_cost(d, &in->metrics, t, g);
		if (!c || c->time_row < 0) {
			if (missing.len)
				buf_adds(&missing, pg_tr(p, "list.sep"));
			buf_adds(&missing, d->gpus[g].name);
			continue;
		}
		const struct task_time *tt = &d->task_times[c->time_row];
		struct value *r = pg_gpu_link(p, g);
		value_map_set(a, r, "hours", pg_hours_cell(p, c));
		value_map_set(a, r, "cards", pg_cell_figure(p, (struct figure){
			(double)c->gpu_count, NULL }, FMT_NUMBER, NULL));
		cards |= c->gpu_count > 1;
		value_map_set(a, r, "price", pg_cell_figure(p, c->usd_per_hour,
							 FMT_PER_HOUR, NULL));
		value_map_set(a, r, "cost", pg_cost_cell(p, c));
		value_map_set_str(a, r, "quote", pg_quote_text(p, c->quote_row, c->choice));
		value_map_set(a, r, "stated", pg_stated_cell(p, c->stated));
		stated |= c->stated >= 0;
		value_map_set_str(a, r, "source", pg_source_titles(p, tt->source));
		value_map_set_str(a, r, "note", pg_row_note(p, TABLE_TASK_TIMES, tt->row));
		value_list_push(a, rows, r);
	}
	struct value *ctx = value_new_map(a);
	value_map_set_str(a, ctx, "task_name", pg_task_name(p, t));
	value_map_set(a, ctx, "rows", rows);
	value_map_set_bool(a, ctx, "has_rows", value_list_len(rows) > 0);
	value_map_set_bool(a, ctx, "has_cards", cards);
	value_map_set_bool(a, ctx, "has_stated", stated);
	value_map_set(a, ctx, "cases", task_cases(p, t));
	value_map_set_str(a, ctx, "no_rows", pg_nodata_text(p, "why.no_hours"));
	value_map_set_str(a, ctx, "missing", pg_keep(p, &missing));
	value_map_set_bool(a, ctx, "has_missing", value_map_get(ctx, "missing")->u.str.len > 0);
	value_map_set_str(a, ctx, "task_source", pg_source_titles(p, d->tasks[t].source));
	const char *calc = calculator_task_href(p, t);
	value_map_set_bool(a, ctx, "has_calc", calc != NULL);
	value_map_set_str(a, ctx, "calc_href", calc ? calc : "");
	value_map_set_str(a, ctx, "chart", pg_chart_html(p, &(struct chart_request){
		.name = "task-cost", .task = d->tasks[t].id }));
	return ctx;
}

static void plan_task_page(struct site *s, enum lang l, size_t t)
{
	struct page_ctx pp = pg_planning(s, l, NULL, NULL), *p = &pp;
	pp.path = pg_task_path(p, t);
	struct value *ctx = pages_guide_task_context(p, t);
	const char *name = pg_task_name(p, t);
	pg_add_page(s, p, "pages/task", pg_fill(p, "task.page_title", "task", name, NULL),
		 pg_fill(p, "task.page_desc", "task", name, NULL), "tasks", ctx,
		 pg_crumbs_for(p, "nav.tasks", "tasks/"));
}

/* Whether GPU g has task t's cost (by_cost) or time. */
static bool task_has_figure(const struct task_cost *c, bool by_cost)
{
	return c && figure_ok(by_cost ? c->cost : c->hours);
}

/* "RTX 4090 · $1.17" for the best GPU of a task by one mark; the only GPU
 * with such a figure is shown with it too, said to be the only one (a
 * mark needs two figures, the task's page shows the one); "" when none. */
static const char *task_best(const struct page_ctx *p, size_t t, bool by_cost)
{
	const struct data *d = &p->in->data;
	struct buf b = BUF_INIT;
	size_t with = 0, only = 0;
	for (size_t g = 0; g < d->ngpus; g++) {
		const struct task_cost *c = metrics_task_cost(d, &p->in->metrics, t, g);
		if (task_has_figure(c, by_cost)) {
			with++;
			only = g;
		}
		if (!c || !(by_cost ? c->cheapest : c->fastest))
			continue;
		if (b.len)
			buf_adds(&b, pg_tr(p, "list.sep"));
		buf_addf(&b, "%s · %s", d->gpus[g].name,
			 by_cost ? pg_cost_text(p, c) : pg_hours_range_text(p, c));
	}
	if (!b.len && with == 1) {
		const struct task_cost *c = metrics_task_cost(d, &p->in->metrics, t, only);
		buf_release(&b);
		return pg_fill(p, "task.only_card", "gpu", d->gpus[only].name,
			       "x", by_cost ? pg_cost_text(p, c) : pg_hours_range_text(p, c),
			       NULL);
	}
	return pg_keep(p, &b);
}

static struct value *task_index_context(const struct page_ctx *p)
{
	const struct site_inputs *in = p->in;
	struct arena *a = pg_arena(p);
	const struct data *d = &in->data;
	struct value *rows = value_new_list(a);
	for (size_t t = 0; t < d->ntasks; t++) {
		struct value *r = value_new_map(a);
		size_t n = 0;
		for (size_t g = 0; g < d->ngpus; g++) {
			const struct task_cost *c = metrics_task_cost(d, &in->metrics, t, g);
			n += c && c->time_row >= 0;
		}
		value_map_set_str(a, r, "name", pg_task_name(p, t));
		value_map_set_str(a, r, "href", pg_href_to(p, pg_task_path(p, t)));
		value_map_set(a, r, "count", pg_cell_figure(p, (struct figure){ (double)n, NULL },
							 FMT_NUMBER, NULL));
		/* "RTX 4090 · $2.64 (the only card with a figure)" may wrap */
		value_map_set(a, r, "cheapest", pg_cell_phrase(p, task_best(p, t, true),
							    "why.no_price"));
		value_map_set(a, r, "fastest", pg_cell_phrase(p, task_best(p, t, false),
							   "why.no_hours"));
		value_map_set_str(a, r, "source", pg_source_titles(p, d->tasks[t].source));
		value_list_push(a, rows, r);
	}
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "rows", rows);
	return ctx;
}

/* ---- use cases, techniques ---- */

/* One pick of a use case: {role, has_gpu, name, href, price, has_note, note}. */
static struct value *use_case_pick_value(const struct page_ctx *p, const struct use_case *u,
					 int role)
{
	struct arena *a = pg_arena(p);
	long g = pg_use_case_pick(u, role);
	struct value *m = value_new_map(a);
	value_map_set_str(a, m, "role", pg_tr(p, pg_role_keys[role]));
	value_map_set_bool(a, m, "has_gpu", g >= 0);
	value_map_set_str(a, m, "name", g >= 0 ? p->in->data.gpus[g].name : "");
	value_map_set_str(a, m, "href", g >= 0 ? pg_href_to(p, pg_gpu_path(p, (size_t)g)) : "");
	const char *price = "";
	if (g >= 0) {
		struct figure f = pg_rent_shown(p, (size_t)g);
		price = figure_ok(f) ? pg_fmt_per_hour(p, f.value)
				     : pg_fill(p, "uc.no_price", "why", pg_tr(p, "why.no_price"), NULL);
	}
	value_map_set_str(a, m, "price", price);
	const char *note = pg_use_case_note(p, u, role);
	value_map_set_str(a, m, "note", note);
	value_map_set_str(a, m, "note_paren", pg_paren_text(p, note));
	value_map_set_bool(a, m, "has_note", *note != 0);
	return m;
}

static struct value *use_case_rows(const struct page_ctx *p, bool only_picked)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->in->data;
	struct value *rows = value_new_list(a);
	for (size_t i = 0; i < d->nuse_cases; i++) {
		const struct use_case *u = &d->use_cases[i];
		struct value *r = value_new_map(a), *picks = value_new_list(a);
		for (int role = 0; role < 3; role++)
			if (!only_picked || pg_use_case_pick(u, role) >= 0)
				value_list_push(a, picks, use_case_pick_value(p, u, role));
		value_map_set_str(a, r, "id", u->id);
		value_map_set_str(a, r, "name", pg_pick_lang(p, u->name_en, u->name_zh));
		value_map_set_str(a, r, "href", pg_href_to(p, arena_printf(a, "use-cases/#%s",
									u->id)));
		value_map_set(a, r, "picks", picks);
		const char *reason = pg_pick_lang(p, u->reason_en, u->reason_zh);
		value_map_set_str(a, r, "reason", reason);
		value_map_set_bool(a, r, "has_reason", *reason != 0);
		value_map_set_str(a, r, "source", pg_source_titles(p, u->source));
		value_list_push(a, rows, r);
	}
	return rows;
}

static struct value *use_cases_context(const struct page_ctx *p)
{
	struct value *ctx = value_new_map(pg_arena(p));
	value_map_set(pg_arena(p), ctx, "cases", use_case_rows(p, false));
	return ctx;
}

static struct value *techniques_context(const struct page_ctx *p)
{
	const struct site_inputs *in = p->in;
	struct arena *a = pg_arena(p);
	struct value *rows = value_new_list(a);
	for (size_t i = 0; i < in->data.ntechniques; i++) {
		const struct technique *t = &in->data.techniques[i];
		struct value *r = value_new_map(a);
		value_map_set_str(a, r, "id", t->id);
		value_map_set_str(a, r, "name", pg_pick_lang(p, t->name_en, t->name_zh));
		value_map_set(a, r, "speed", pg_cell_phrase(p, pg_pick_lang(p, t->speed_en, t->speed_zh),
						       "why.not_stated"));
		value_map_set(a, r, "vram", pg_cell_phrase(p, pg_pick_lang(p, t->vram_saving_en,
								   t->vram_saving_zh),
						      "why.not_stated"));
		value_map_set_str(a, r, "difficulty", pg_tr(p, arena_printf(
			a, "tech.difficulty_%s", t->difficulty ? t->difficulty : "")));
		value_map_set_str(a, r, "notes", pg_pick_lang(p, t->notes_en, t->notes_zh));
		value_map_set_str(a, r, "source", pg_source_titles(p, t->source));
		value_list_push(a, rows, r);
	}
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "rows", rows);
	return ctx;
}

/* ---- VRAM ---- */


static int compare_doubles(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

/* Whether the rows of the VRAM table include `prec`: the four common
 * precisions always, others (bf16) when vram.csv has them. */
static bool precision_shown(const struct data *d, const char *prec)
{
	if (strcmp(prec, "bf16"))
		return true;
	for (size_t i = 0; i < d->nvram; i++)
		if (!strcmp(d->vram[i].precision, prec))
			return true;
	return false;
}

/* "fits" / "needs N cards" / "no data" for a need (of a model of
 * `params_b` at `precision`, from the vram.csv row `stated` or -1)
 * against the VRAM of GPU `gpu`; the verdict goes in the ledger. */
static struct value *fit_cell(const struct page_ctx *p, struct figure need, double params_b,
			      const char *precision, long stated, size_t gpu)
{
	const struct gpu *g = &p->in->data.gpus[gpu];
	struct card_fit fit = metric_fit(need, figure_of(g->vram_gb, "why.no_vram"));
	struct figure n = fit.cards;
	figures_show_fit(p, params_b, precision, stated, gpu, n);
	struct value *c = pg_cell_figure(p, n, FMT_NUMBER, NULL);
	if (!figure_ok(n))
		return c;
	const char *cards = pg_fmt_number(p, n.value);
	if (n.value <= 1 && !fit.tight) {
		pg_cell_set_phrase(p, c, pg_tr(p, "vram.fits"));
		pg_cell_set_best(p, c);
	} else if (n.value <= 1) {
		pg_cell_set_phrase(p, c, pg_tr(p, "vram.tight"));
	} else {
		pg_cell_set_phrase(p, c, pg_fill(p, fit.tight ? "vram.needs_tight" : "vram.needs",
						 "n", cards, NULL));
	}
	return c;
}

static struct value *vram_context(const struct page_ctx *p)
{
	const struct site_inputs *in = p->in;
	struct arena *a = pg_arena(p);
	const struct data *d = &in->data;
	double *sizes = xcalloc(d->nvram + 1, sizeof *sizes);
	size_t nsizes = 0;
	for (size_t i = 0; i < d->nvram; i++) {
		size_t k = 0;
		while (k < nsizes && sizes[k] != d->vram[i].params_b)
			k++;
		if (k == nsizes)
			sizes[nsizes++] = d->vram[i].params_b;
	}
	qsort(sizes, nsizes, sizeof *sizes, compare_doubles);

	/* a column per GPU whose memory a source gives; the others are named
	 * in one line instead of a column of no-data marks */
	struct value *heads = value_new_list(a);
	struct buf unknown = BUF_INIT;
	for (size_t g = 0; g < d->ngpus; g++) {
		if (!d->gpus[g].vram_gb.ok) {
			if (unknown.len)
				buf_adds(&unknown, pg_tr(p, "list.sep"));
			buf_adds(&unknown, d->gpus[g].name);
			continue;
		}
		struct value *h = pg_gpu_link(p, g);
		value_map_set_str(a, h, "vram", d->gpus[g].vram_gb.ok
				  ? pg_fmt_unit(p, d->gpus[g].vram_gb.v, "unit.gb")
				  : pg_tr(p, "no_data"));
		value_list_push(a, heads, h);
	}
	struct value *rows = value_new_list(a);
	for (size_t k = 0; k < nsizes; k++) {
		for (size_t q = 0; schema_precisions[q]; q++) {
			if (!precision_shown(d, schema_precisions[q]))
				continue;
			long stated = -1;
			for (size_t i = 0; i < d->nvram && stated < 0; i++)
				if (d->vram[i].params_b == sizes[k] &&
				    !strcmp(d->vram[i].precision, schema_precisions[q]))
					stated = (long)i;
			struct figure computed = metric_vram_needed_gb(sizes[k], schema_precisions[q]);
			struct figure said = { 0, "why.no_rule" };
			if (stated >= 0)
				said = (struct figure){ d->vram[stated].gb, NULL };
			/* by arithmetic, as the calculator (metrics_model_vram): a
			 * source's rule of thumb is shown beside it, never used */
			struct figure need = computed;
			struct value *r = value_new_map(a);
			value_map_set_str(a, r, "model", pg_fill(p, "vram.model", "n",
							      pg_fmt_number(p, sizes[k]), NULL));
			value_map_set_str(a, r, "model_sort", pg_sort_key(p, sizes[k]));
			value_map_set_str(a, r, "precision", pg_upper(p, schema_precisions[q]));
			value_map_set_str(a, r, "bytes", pg_fmt_number(p, metric_bytes_per_param(
				schema_precisions[q])));
			value_map_set(a, r, "stated", pg_cell_figure(p, said, FMT_UNIT, "unit.gb"));
			value_map_set(a, r, "computed", pg_cell_figure(p, computed, FMT_UNIT,
								    "unit.gb"));
			value_map_set_str(a, r, "source", stated >= 0
					  ? pg_source_titles(p, d->vram[stated].source) : "");
			const char *note = stated >= 0
					   ? pg_row_note(p, TABLE_VRAM, d->vram[stated].row) : "";
			value_map_set_str(a, r, "note", note);
			value_map_set_bool(a, r, "has_note", *note != 0);
			struct value *fits = value_new_list(a);
			for (size_t g = 0; g < d->ngpus; g++)
				if (d->gpus[g].vram_gb.ok)
					value_list_push(a, fits, fit_cell(p, need, sizes[k],
									  schema_precisions[q],
									  stated, g));
			value_map_set(a, r, "fits", fits);
			value_list_push(a, rows, r);
		}
	}
	free(sizes);
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "heads", heads);
	value_map_set(a, ctx, "rows", rows);
	value_map_set_str(a, ctx, "vram_unknown", unknown.len
			  ? pg_fill(p, "vram.unknown", "list", unknown.ptr, NULL) : "");
	buf_release(&unknown);
	value_map_set_str(a, ctx, "how", pg_fill(p, "vram.how", "pct",
		pg_fmt_percent(p, METRICS_FIT_HEADROOM * 100), NULL));
	value_map_set_str(a, ctx, "chart", pg_chart_html(p, &(struct chart_request){
		.name = "vram-fit" }));
	return ctx;
}

/* ---- inference ---- */

static bool is_tokens_per_second(const struct benchmark *b)
{
	return b->unit && !strcmp(b->unit, "tokens/s");
}

/* What serving the result's model costs on its GPU (metrics_serving_cost). */
static void serving_cells(const struct page_ctx *p, const struct result *x, struct value *r)
{
	struct arena *a = pg_arena(p);
	struct serving_cost sv = metrics_serving_cost(&p->in->data, x->benchmark, x->gpu);
	figures_show_serving(p, x->benchmark, x->gpu);
	value_map_set(a, r, "cards", pg_cell_figure(p, sv.cards, FMT_NUMBER, NULL));
	value_map_set(a, r, "price", pg_cell_figure(p, sv.usd_per_hour, FMT_PER_HOUR, NULL));
	value_map_set(a, r, "monthly", pg_cell_figure(p, sv.monthly, FMT_USD, NULL));
	value_map_set(a, r, "per_million", pg_cell_figure(p, sv.per_mtok, FMT_USD, NULL));
	value_map_set_str(a, r, "quote", pg_quote_text(p, sv.quote_row, sv.choice));
}

static struct value *inference_context(const struct page_ctx *p)
{
	const struct site_inputs *in = p->in;
	struct arena *a = pg_arena(p);
	const struct data *d = &in->data;
	struct value *benches = value_new_list(a);
	for (size_t b = 0; b < d->nbenchmarks; b++) {
		const struct benchmark *bm = &d->benchmarks[b];
		if (!pg_is_inference(bm))
			continue;
		bool tokens = is_tokens_per_second(bm);
		/* the best result, to mark it */
		struct figure best = { 0, "why.no_result" };
		for (size_t g = 0; g < d->ngpus; g++) {
			struct figure f = metrics_result(d, b, g);
			if (pg_better_of(f, best, bm->higher_is_better ? 1 : -1) > 0 ||
			    (figure_ok(f) && !figure_ok(best)))
				best = f;
		}
		struct value *rows = value_new_list(a);
		for (size_t g = 0; g < d->ngpus; g++) {
			struct figure f = metrics_result(d, b, g);
			if (!figure_ok(f))
				continue;
			long row = data_result_row(d, b, g);
			struct value *r = pg_gpu_link(p, g);
			struct value *c = pg_cell_figure(p, f, FMT_UNIT, pg_bench_unit_key(p, bm));
			if (!pg_better_of(f, best, 1))
				pg_cell_set_best(p, c);
			value_map_set(a, r, "value", c);
			serving_cells(p, &d->results[row], r);
			value_map_set_str(a, r, "source", pg_source_titles(p, d->results[row].source));
			value_map_set_str(a, r, "note", pg_result_conditions(p, d->results[row].row));
			value_list_push(a, rows, r);
		}
		struct value *m = value_new_map(a);
		value_map_set_str(a, m, "id", bm->id);
		value_map_set_str(a, m, "name", pg_bench_name(p, bm));
		value_map_set_str(a, m, "unit", bm->unit);
		value_map_set_str(a, m, "better", pg_tr(p, bm->higher_is_better
						       ? "gpu.higher_better"
						       : "gpu.lower_better"));
		const char *note = pg_raw_cell_lang(p, TABLE_BENCHMARKS, bm->row, "notes");
		value_map_set_str(a, m, "note", note);
		value_map_set_bool(a, m, "has_note", *note != 0);
		value_map_set_bool(a, m, "tokens", tokens);
		value_map_set(a, m, "rows", rows);
		value_map_set_bool(a, m, "has_rows", value_list_len(rows) > 0);
		value_map_set_str(a, m, "bench_source", pg_source_titles(p, bm->source));
		value_list_push(a, benches, m);
	}
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "benches", benches);
	value_map_set_bool(a, ctx, "has_benches", value_list_len(benches) > 0);
	value_map_set(a, ctx, "cases", serving_cases(p));
	value_map_set_str(a, ctx, "cards_how", pg_fill(p, "inf.cards_how", "precision",
		pg_upper(p, METRICS_DEFAULT_PRECISION), NULL));
	return ctx;
}

/* ---- the home page's guide block ---- */

static const char *const section_paths[] = {
	"gpus/", "compare/", "tasks/", "use-cases/", "techniques/", "vram/",
	"inference/", "report/", NULL
};
static const char *const section_keys[] = {
	"nav.gpus", "nav.compare", "nav.tasks", "uc.nav", "tech.nav", "nav.vram",
	"nav.inference", "nav.report", NULL
};
static const char *const section_descs[] = {
	"gpu.index_desc", "cmp.index_desc", "task.index_desc", "uc.desc", "tech.desc",
	"vram.desc", "inf.desc", "report.desc", NULL
};

/* The home page's guide block for language `l`: a map with one key, "guide"
 * (use cases with their picks and current price per hour, headline
 * comparisons, case studies, links to every section), for
 * templates/partials/guide-home. Links are relative to the home page. */
static struct value *home_context(struct site *s, enum lang l)
{
	struct page_ctx pp = pg_planning(s, l, "", NULL), *p = &pp;
	struct arena *a = &s->arena;
	struct value *guide = value_new_map(a);
	value_map_set(a, guide, "cases", use_case_rows(p, true));
	value_map_set_bool(a, guide, "has_cases", s->in.data.nuse_cases > 0);
	struct value *heads = compare_index_headlines(p);
	value_map_set(a, guide, "headlines", heads);
	value_map_set_bool(a, guide, "has_headlines", value_list_len(heads) > 0);
	struct value *sections = value_new_list(a);
	for (size_t i = 0; section_paths[i]; i++) {
		struct value *m = value_new_map(a);
		value_map_set_str(a, m, "label", pg_tr(p, section_keys[i]));
		value_map_set_str(a, m, "href", pg_href_to(p, section_paths[i]));
		value_map_set_str(a, m, "text", pg_tr(p, section_descs[i]));
		value_list_push(a, sections, m);
	}
	value_map_set(a, guide, "sections", sections);
	value_map_set_str(a, guide, "use_cases_href", pg_href_to(p, "use-cases/"));
	struct value *cases = all_cases(p);
	value_map_set(a, guide, "case_studies", cases);
	value_map_set_bool(a, guide, "has_case_studies", value_list_len(cases) > 0);
	value_map_set_str(a, guide, "cases_href", pg_href_to(p, "cases/"));
	value_map_set_str(a, guide, "compare_href", pg_href_to(p, "compare/"));
	value_map_set_str(a, guide, "report_href", pg_href_to(p, "report/"));
	const char *pdf = pg_report_pdf_href(p);
	value_map_set_bool(a, guide, "has_pdf", pdf != NULL);
	value_map_set_str(a, guide, "pdf_href", pdf ? pdf : "");
	value_map_set_str(a, guide, "prices_fresh", price_history_freshness(p, s->in.date));
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "guide", guide);
	return ctx;
}


void pages_guide_plan_home(struct site *s, enum lang l)
{
	struct value *ctx = home_context(s, l);
	struct value *latest = articles_latest(s, l, 5);
	value_map_set(&s->arena, ctx, "latest", latest);
	value_map_set_bool(&s->arena, ctx, "has_latest", value_list_len(latest) > 0);
	value_map_set_bool(&s->arena, ctx, "is_home", true);
	struct page_spec hp = {
		.lang = l, .path = "", .alt_path = "",
		.template_name = "pages/home",
		.title = i18n_get(&s->in.i18n, l, "site.name"),
		.section = "home", .ctx = ctx, .crumbs = NULL,
	};
	site_add_page(s, &hp);
}

/* Each guide page of a part: its path, template, title and description
 * (UI strings) and menu section. */
static const struct guide_page {
	const char *path, *tmpl, *title_key, *desc_key, *section;
} guide_pages[] = {
	[GUIDE_TASKS] = { "tasks/", "pages/tasks", "task.index_title", "task.index_desc", "tasks" },
	[GUIDE_USE_CASES] = { "use-cases/", "pages/use-cases", "uc.title", "uc.desc", "use-cases" },
	[GUIDE_TECHNIQUES] = { "techniques/", "pages/techniques", "tech.title", "tech.desc",
			       "techniques" },
	[GUIDE_VRAM] = { "vram/", "pages/vram", "vram.title", "vram.desc", "vram" },
	[GUIDE_INFERENCE] = { "inference/", "pages/inference", "inf.title", "inf.desc",
			      "inference" },
	[GUIDE_CASES] = { "cases/", "pages/cases", "case.index_title", "case.index_desc",
			  "cases" },
};

static void plan_guide_page(struct site *s, enum lang l, enum guide_part part)
{
	const struct guide_page *g = &guide_pages[part];
	struct page_ctx pp = pg_planning(s, l, g->path, NULL), *p = &pp;
	pg_add_page(s, p, g->tmpl, pg_tr(p, g->title_key), pg_tr(p, g->desc_key), g->section,
		    pages_guide_context(p, part), pg_crumbs_for(p, NULL, NULL));
}

struct value *pages_guide_context(const struct page_ctx *p, enum guide_part part)
{
	switch (part) {
	case GUIDE_TASKS: return task_index_context(p);
	case GUIDE_USE_CASES: return use_cases_context(p);
	case GUIDE_TECHNIQUES: return techniques_context(p);
	case GUIDE_VRAM: return vram_context(p);
	case GUIDE_INFERENCE: return inference_context(p);
	case GUIDE_CASES: return case_index_context(p);
	}
	return NULL;
}

void pages_guide_plan(struct site *s, enum lang l)
{
	plan_guide_page(s, l, GUIDE_TASKS);
	for (size_t t = 0; t < s->in.data.ntasks; t++)
		plan_task_page(s, l, t);
	for (enum guide_part part = GUIDE_USE_CASES; part <= GUIDE_CASES; part++)
		plan_guide_page(s, l, part);
	for (size_t c = 0; c < s->in.data.ncase_studies; c++)
		plan_case_page(s, l, c);
}
