/* pages_guide: the guide's reference pages: use cases, techniques, VRAM
 * fit, inference, and the indexes of jobs and case studies (see
 * pages_guide.h). */
#include "pages/pages_guide.h"
#include "pages/pages_tasks.h"
#include "view/present.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/csv.h"
#include "model/data.h"
#include "view/guide_ledger.h"
#include "view/guide_charts.h"
#include "view/guide_tables.h"
#include "view/nodata.h"
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

/* ---- use cases, techniques ---- */

/* A page whose body is one of guide_tables' tables (partials/body-*). */
static struct value *table_page(const struct page_ctx *p, struct value *table)
{
	struct value *ctx = value_new_map(pg_arena(p));
	value_map_set(pg_arena(p), ctx, "table", table);
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
 * `params_b` at `precision`) against the VRAM of GPU `gpu`; the verdict
 * goes in the ledger. */
static struct value *fit_cell(const struct page_ctx *p, struct figure need, double params_b,
			      const char *precision, size_t gpu)
{
	const struct gpu *g = &p->in->data.gpus[gpu];
	struct card_fit fit = metric_fit(need, figure_of(g->vram_gb, "why.no_vram"));
	struct figure n = fit.cards;
	guide_ledger_show_fit(p, params_b, precision, gpu);
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
		value_map_set_str(a, h, "vram", pg_fmt_spec(p, GPU_COL_VRAM, d->gpus[g].vram_gb.v));
		guide_ledger_show_spec(p, g, GPU_COL_VRAM);
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
			double bytes = metric_bytes_per_param(schema_precisions[q]);
			/* a quantity, not a count: one byte, 0.5 bytes */
			value_map_set_str(a, r, "bytes", pg_fill(p, i18n_count_key(
				a, "vram.bytes_of", bytes == 1 ? 1 : 2), "n",
				pg_fmt_number(p, bytes), NULL));
			value_map_set(a, r, "stated", pg_cell_figure(p, said, FMT_UNIT, "unit.gb"));
			value_map_set(a, r, "computed", pg_cell_figure(p, computed, FMT_UNIT,
								    "unit.gb"));
			guide_ledger_show_vram(p, sizes[k], schema_precisions[q], -1);
			if (stated >= 0)
				guide_ledger_show_vram(p, sizes[k], schema_precisions[q], stated);
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
									  schema_precisions[q], g));
			value_map_set(a, r, "fits", fits);
			value_list_push(a, rows, r);
		}
	}
	free(sizes);
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "heads", heads);
	value_map_set(a, ctx, "rows", rows);
	value_map_set_bool(a, ctx, "has_nodata", nodata_table_has_gap(rows, ctx, NULL));
	value_map_set_str(a, ctx, "vram_unknown", unknown.len
			  ? pg_fill(p, "vram.unknown", "list", unknown.ptr, NULL) : "");
	buf_release(&unknown);
	value_map_set_str(a, ctx, "how", pg_fill(p, "vram.how", "pct",
		pg_fmt_percent(p, METRICS_FIT_HEADROOM * 100), NULL));
	value_map_set(a, ctx, "chart", pg_chart(p, &(struct chart_request){
		.name = "vram-fit" }));
	return ctx;
}

/* ---- inference ---- */

static bool is_tokens_per_second(const struct benchmark *b)
{
	return b->unit && !strcmp(b->unit, "tokens/s");
}

/* Which serving columns benchmark b's table shows: those some row has a
 * figure in (the others said in a line); the costs it shows are marked in
 * the ledger as the page's. */
static void serving_columns(const struct page_ctx *p, size_t b, const struct value *rows,
			    struct value *m)
{
	struct arena *a = pg_arena(p);
	bool costed = nodata_column_has_figure(rows, "monthly");
	value_map_set_bool(a, m, "has_cards", nodata_column_has_figure(rows, "cards"));
	value_map_set_bool(a, m, "priced", nodata_column_has_figure(rows, "price"));
	value_map_set_bool(a, m, "costed", costed);
	for (size_t g = 0; costed && g < p->in->data.ngpus; g++)
		if (figure_ok(metrics_result(&p->in->data, b, g)))
			guide_ledger_show_serving(p, b, g);
}

/* What serving the result's model costs on its GPU (metrics_serving_cost):
 * the cards it needs, their price and what they cost. */
static void serving_cells(const struct page_ctx *p, const struct result *x, struct value *r)
{
	struct arena *a = pg_arena(p);
	struct serving_cost sv = metrics_serving_cost(&p->in->data, x->benchmark, x->gpu);
	const struct benchmark *bm = &p->in->data.benchmarks[x->benchmark];
	if (bm->params_b.ok) /* the cards the model needs: a fit */
		guide_ledger_show_fit(p, bm->params_b.v, METRICS_DEFAULT_PRECISION, x->gpu);
	struct value *cards = pg_cell_figure(p, sv.cards, FMT_NUMBER, NULL);
	if (sv.tight && figure_ok(sv.cards)) /* as the VRAM page marks it */
		pg_cell_set_why(p, cards, "inf.tight");
	value_map_set(a, r, "cards", cards);
	value_map_set(a, r, "price", pg_cell_figure(p, sv.usd_per_hour, FMT_PER_HOUR, NULL));
	value_map_set(a, r, "monthly", pg_cell_figure(p, sv.monthly, FMT_USD, NULL));
	value_map_set(a, r, "per_million", pg_cell_figure(p, sv.per_mtok, FMT_USD, NULL));
	value_map_set_str(a, r, "quote",
			  pg_quote_text(p, sv.quote_row, sv.choice, QUOTE_FOR_RESULT));
}

static struct value *inference_context(const struct page_ctx *p)
{
	const struct site_inputs *in = p->in;
	struct arena *a = pg_arena(p);
	const struct data *d = &in->data;
	struct value *benches = value_new_list(a);
	for (size_t b = 0; b < d->nbenchmarks; b++) {
		const struct benchmark *bm = &d->benchmarks[b];
		if (!metrics_is_inference(bm))
			continue;
		bool tokens = is_tokens_per_second(bm);
		/* the best result, to mark it with those about the same: of
		 * results measured alike only, as a pair gets no winner */
		int direction = bm->higher_is_better ? 1 : -1;
		bool alike = metrics_results_alike(d, b);
		const char *unit = pg_bench_unit_key(p, bm);
		struct figure best = { 0, "why.no_result" };
		for (size_t g = 0; g < d->ngpus; g++) {
			struct figure f = metrics_result(d, b, g);
			if (figure_ok(f) && (!figure_ok(best) ||
					     (f.value - best.value) * direction > 0))
				best = f;
		}
		struct value *rows = value_new_list(a);
		for (size_t g = 0; g < d->ngpus; g++) {
			struct figure f = metrics_result(d, b, g);
			if (!figure_ok(f))
				continue;
			long row = data_result_row(d, b, g);
			struct value *r = pg_gpu_link(p, g);
			struct value *c = pg_cell_figure(p, f, FMT_UNIT, unit);
			guide_ledger_show_result(p, b, g);
			if (alike && pg_ties_best(p, f, best, FMT_UNIT, unit, direction))
				pg_cell_set_best(p, c);
			value_map_set(a, r, "value", c);
			serving_cells(p, &d->results[row], r);
			value_map_set_str(a, r, "source", pg_source_titles(p, d->results[row].source));
			value_map_set_str(a, r, "note", pg_result_conditions(p, &d->results[row]));
			pg_show_result_cards(p, &d->results[row]);
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
		serving_columns(p, b, rows, m);
		value_map_set(a, m, "rows", rows);
		value_map_set_bool(a, m, "has_rows", value_list_len(rows) > 0);
		value_map_set_bool(a, m, "row_notes", value_list_has_text(rows, "note"));
		static const char *const flags[] = { "has_cards", "priced", "costed", "tokens",
						     "row_notes", NULL };
		pg_rows_take_flags(p, rows, m, flags);
		static const char *const cols[] = { "value", "cards/has_cards", "price/priced",
						    "monthly/costed", "per_million/costed/tokens",
						    NULL };
		value_map_set_bool(a, m, "has_nodata", nodata_table_has_gap(rows, m, cols));
		value_map_set_str(a, m, "bench_source", pg_source_titles(p, bm->source));
		value_list_push(a, benches, m);
	}
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "benches", benches);
	value_map_set_bool(a, ctx, "has_benches", value_list_len(benches) > 0);
	value_map_set(a, ctx, "cases", pages_tasks_serving_cases(p));
	value_map_set_str(a, ctx, "cards_how", pg_cards_needed_how(p, true));
	return ctx;
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

/* A guide page's context, made when the page is rendered (on any core). */
static struct value *build_guide_page(const struct page_ctx *pc, const struct page_spec *spec)
{
	return pages_guide_context(pc, (enum guide_part)pg_lazy_arg(spec)->a);
}

static void plan_guide_page(struct site *s, enum lang l, enum guide_part part)
{
	const struct guide_page *g = &guide_pages[part];
	struct page_ctx pp = pg_planning(s, l, g->path, NULL), *p = &pp;
	pg_add_lazy_page(s, p, g->tmpl, pg_tr(p, g->title_key), pg_tr(p, g->desc_key), g->section,
			 build_guide_page, part, 0, pg_crumbs_for(p, NULL, NULL));
}

const char *pages_guide_path(enum guide_part part)
{
	return guide_pages[part].path;
}

struct value *pages_guide_context(const struct page_ctx *p, enum guide_part part)
{
	switch (part) {
	case GUIDE_TASKS: return pages_tasks_index_context(p);
	case GUIDE_USE_CASES: return table_page(p, guide_tables_use_cases(p, NULL, false));
	case GUIDE_TECHNIQUES: return table_page(p, guide_tables_techniques(p, NULL));
	case GUIDE_VRAM: return vram_context(p);
	case GUIDE_INFERENCE: return inference_context(p);
	case GUIDE_CASES: return pages_tasks_cases_context(p);
	}
	return NULL;
}

void pages_guide_plan(struct site *s, enum lang l)
{
	plan_guide_page(s, l, GUIDE_TASKS);
	pages_tasks_plan_jobs(s, l);
	for (enum guide_part part = GUIDE_USE_CASES; part <= GUIDE_CASES; part++)
		plan_guide_page(s, l, part);
	pages_tasks_plan_cases(s, l);
}
