/* pages_tasks: the training jobs and the case studies (see pages_tasks.h). */
#include "pages/pages_tasks.h"
#include "pages/calculator.h"

#include "base/arena.h"
#include "base/buf.h"
#include "model/data.h"
#include "model/i18n.h"
#include "model/metrics.h"
#include "template/value.h"
#include "view/guide_ledger.h"
#include "view/guide_charts.h"
#include "view/guide_tables.h"
#include "view/nodata.h"
#include "view/present.h"
#include "view/site.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* ---- case studies ---- */

const char *pages_tasks_case_path(const struct page_ctx *p, size_t c)
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

/* One case study as a list item: {name, href, goal, stated, period,
 * check, mark}. */
static struct value *case_item(const struct page_ctx *p, size_t c)
{
	struct arena *a = pg_arena(p);
	const struct case_study *k = &p->in->data.case_studies[c];
	struct value *m = value_new_map(a);
	pg_set_text(p, m, "name", case_name(p, c));
	pg_set_text(p, m, "href", pg_href_to(p, pages_tasks_case_path(p, c)));
	pg_set_text(p, m, "goal", pg_pick_lang(p, k->goal_en, k->goal_zh));
	pg_set_text(p, m, "stated", pg_stated_text(p, (long)k->stated));
	/* what the stated cost is for, wherever it is listed: "about $635 a
	 * month", never a bare "about $635" */
	pg_set_text(p, m, "period", pg_tr(p, p->in->data.stated_costs[k->stated].monthly
					     ? "case.per_month" : "case.per_job"));
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

struct value *pages_tasks_serving_cases(const struct page_ctx *p)
{
	return cases_of(p, -1);
}

struct value *pages_tasks_case_list(const struct page_ctx *p)
{
	struct value *list = value_new_list(pg_arena(p));
	for (size_t c = 0; c < p->in->data.ncase_studies; c++)
		value_list_push(pg_arena(p), list, case_item(p, c));
	return list;
}

struct value *pages_tasks_case_context(const struct page_ctx *p, size_t c)
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
	pg_set_text(p, ctx, "quote", pg_quote_text(p, ck->quote_row, ck->choice, QUOTE_FOR_STATED));
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

/* A case study's page context, made when the page is rendered. */
static struct value *build_case_page(const struct page_ctx *pc, const struct page_spec *spec)
{
	return pages_tasks_case_context(pc, pg_lazy_arg(spec)->a);
}

static void plan_case_page(struct site *s, enum lang l, size_t c)
{
	struct page_ctx pp = pg_planning(s, l, NULL, NULL), *p = &pp;
	pp.path = pages_tasks_case_path(p, c);
	const struct case_study *k = &s->in.data.case_studies[c];
	pg_add_lazy_page(s, p, "pages/case", case_name(p, c),
			 pg_pick_lang(p, k->goal_en, k->goal_zh), "cases", build_case_page, c, 0,
			 pg_crumbs_for(p, "nav.cases", "cases/"));
}

struct value *pages_tasks_cases_context(const struct page_ctx *p)
{
	struct value *ctx = value_new_map(pg_arena(p));
	struct value *list = pages_tasks_case_list(p);
	value_map_set(pg_arena(p), ctx, "cases", list);
	value_map_set_bool(pg_arena(p), ctx, "has_cases", value_list_len(list) > 0);
	return ctx;
}

/* ---- tasks ---- */

struct value *pages_tasks_task_context(const struct page_ctx *p, size_t t)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->in->data;
	struct value *ctx = value_new_map(a);
	value_map_set_str(a, ctx, "task_name", pg_task_name(p, t));
	value_map_set(a, ctx, "costs", guide_tables_task_costs(p, t, NULL));
	value_map_set(a, ctx, "cases", task_cases(p, t));
	value_map_set_str(a, ctx, "task_source", pg_source_titles(p, d->tasks[t].source));
	const char *calc = calculator_task_href(p, t);
	value_map_set_bool(a, ctx, "has_calc", calc != NULL);
	value_map_set_str(a, ctx, "calc_href", calc ? calc : "");
	value_map_set(a, ctx, "chart", pg_chart(p, &(struct chart_request){
		.name = "task-cost", .task = d->tasks[t].id }));
	return ctx;
}

/* A job's page context, made when the page is rendered. */
static struct value *build_task_page(const struct page_ctx *pc, const struct page_spec *spec)
{
	return pages_tasks_task_context(pc, pg_lazy_arg(spec)->a);
}

static void plan_task_page(struct site *s, enum lang l, size_t t)
{
	struct page_ctx pp = pg_planning(s, l, NULL, NULL), *p = &pp;
	pp.path = pg_task_path(p, t);
	const char *name = pg_task_name(p, t);
	pg_add_lazy_page(s, p, "pages/task", pg_fill(p, "task.page_title", "task", name, NULL),
			 pg_fill(p, "task.page_desc", "task", name, NULL), "tasks", build_task_page,
			 t, 0, pg_crumbs_for(p, "nav.tasks", "tasks/"));
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

struct value *pages_tasks_index_context(const struct page_ctx *p)
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
	/* columns without a figure in any row are left out, a line for each */
	value_map_set_bool(a, ctx, "has_cheapest", nodata_column_has_figure(rows, "cheapest"));
	value_map_set_bool(a, ctx, "has_fastest", nodata_column_has_figure(rows, "fastest"));
	static const char *const flags[] = { "has_cheapest", "has_fastest", NULL };
	pg_rows_take_flags(p, rows, ctx, flags);
	static const char *const cols[] = { "count", "cheapest/has_cheapest",
					    "fastest/has_fastest", NULL };
	value_map_set_bool(a, ctx, "has_nodata", nodata_table_has_gap(rows, ctx, cols));
	value_map_set_str(a, ctx, "lead", pg_tr(p, "task.index_lead"));
	return ctx;
}

void pages_tasks_plan_jobs(struct site *s, enum lang l)
{
	for (size_t t = 0; t < s->in.data.ntasks; t++)
		plan_task_page(s, l, t);
}

void pages_tasks_plan_cases(struct site *s, enum lang l)
{
	for (size_t c = 0; c < s->in.data.ncase_studies; c++)
		plan_case_page(s, l, c);
}
