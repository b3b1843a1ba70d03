/* pages_gpu: the GPU index and one page per GPU (see pages_gpu.h). */
#include "pages/pages_gpu.h"
#include "view/nodata.h"
#include "view/gpu_specs.h"
#include "view/guide_tables.h"
#include "view/present.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/csv.h"
#include "base/digest.h"
#include "model/data.h"
#include "view/guide_ledger.h"
#include "view/guide_charts.h"
#include "model/i18n.h"
#include "model/metrics.h"
#include "base/numfmt.h"
#include "pages/price_history.h"
#include "view/site.h"
#include "template/value.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the GPU index ---- */

/* The index's columns of specifications (their cells' keys and headings): a
 * column no card has a figure in is left out, named in a line. */
static const struct {
	const char *key, *column; /* named by i18n_spec_key */
} index_specs[] = {
	{ "list", "price" }, { "vram", "vram_gb" },         { "segment", "segment" },
	{ "memory", "memory_type" },   { "bandwidth", "bandwidth_gbs" }, { "fp16", "fp16_tflops" },
	{ "tdp", "tdp_w" },
};

static void index_columns(const struct page_ctx *p, struct value *rows, struct value *ctx)
{
	struct arena *a = pg_arena(p);
	struct nodata_list none = NODATA_LIST_INIT;
	enum { NSPECS = sizeof index_specs / sizeof index_specs[0] };
	const char *flags[NSPECS + 2] = { "has_rent" }; /* the rows' flags, NULL-ended */
	const char *cols[NSPECS + 2] = { "rent/has_rent" }; /* the columns drawn */
	for (size_t i = 0; i < NSPECS; i++) {
		bool has = nodata_column_has_figure(rows, index_specs[i].key);
		flags[i + 1] = arena_printf(a, "has_%s", index_specs[i].key);
		cols[i + 1] = arena_printf(a, "%s/%s", index_specs[i].key, flags[i + 1]);
		value_map_set_bool(a, ctx, flags[i + 1], has);
		if (!has)
			nodata_list_add(p, &none, pg_tr(p, i18n_spec_key(index_specs[i].column)));
	}
	value_map_set_str(a, ctx, "specs_missing",
			  nodata_list_line(p, &none, "gpu.index_specs_missing"));
	/* no card with a rental price: no column of dashes, a line instead */
	value_map_set_bool(a, ctx, "has_rent", nodata_column_has_figure(rows, "rent"));
	pg_rows_take_flags(p, rows, ctx, flags);
	value_map_set_bool(a, ctx, "has_nodata", nodata_table_has_gap(rows, ctx, cols));
}

/* Row r's cell `key`: GPU g's specification in column `col`, a ledger
 * figure of the page. */
static void index_spec(const struct page_ctx *p, struct value *r, const char *key, size_t g,
		       enum gpu_column col)
{
	value_map_set(pg_arena(p), r, key, pg_spec_cell(p, &p->in->data.gpus[g], col));
	guide_ledger_show_spec(p, g, col);
}

struct value *pages_gpu_index_context(const struct page_ctx *p)
{
	const struct site_inputs *in = p->in;
	struct arena *a = pg_arena(p);
	struct value *rows = value_new_list(a);
	for (size_t g = 0; g < in->data.ngpus; g++) {
		const struct gpu *gp = &in->data.gpus[g];
		struct value *r = pg_gpu_link(p, g);
		value_map_set(a, r, "segment", pg_cell_text(p, pg_segment_text(p, gp),
							 "why.not_stated"));
		index_spec(p, r, "vram", g, GPU_COL_VRAM);
		value_map_set(a, r, "memory", pg_cell_text(p, gp->memory_type,
							"why.not_stated"));
		index_spec(p, r, "bandwidth", g, GPU_COL_BANDWIDTH);
		index_spec(p, r, "fp16", g, GPU_COL_FP16);
		index_spec(p, r, "tdp", g, GPU_COL_TDP);
		value_map_set(a, r, "rent", pg_cell_figure(p, pg_rent_shown(p, g),
							FMT_PER_HOUR, NULL));
		value_map_set(a, r, "list", pg_list_price_cell(p, gp));
		guide_ledger_show_list_price(p, g);
		value_map_set_str(a, r, "complete", gpu_specs_completeness(p, g));
		value_list_push(a, rows, r);
	}
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "gpus", rows);
	/* the lead names the mark the table draws */
	value_map_set_str(a, ctx, "lead", pg_fill(p, "gpu.index_lead", "mark",
						   pg_tr(p, "nodata.mark"), NULL));
	index_columns(p, rows, ctx);
	value_map_set(a, ctx, "chart", pg_chart(p, &(struct chart_request){
		.name = "relative-speed" }));
	return ctx;
}

static void plan_gpu_index(struct site *s, enum lang l)
{
	struct page_ctx pp = pg_planning(s, l, "gpus/", NULL), *p = &pp;
	struct value *ctx = pages_gpu_index_context(p);
	pg_add_page(s, p, "pages/gpus", pg_tr(p, "gpu.index_title"), pg_tr(p, "gpu.index_desc"),
		 "gpus", ctx, pg_crumbs_for(p, NULL, NULL));
}

/* ---- one GPU ---- */

/* Relative speed per workload (with speed per dollar), and every other
 * benchmark's result. */
static void gpu_results(const struct page_ctx *p, size_t g, struct value *ctx)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->in->data;
	struct value *rel = value_new_list(a), *other = value_new_list(a);
	struct nodata_list none = NODATA_LIST_INIT;
	for (size_t b = 0; b < d->nbenchmarks; b++) {
		const struct benchmark *bm = &d->benchmarks[b];
		struct value *r = value_new_map(a);
		long row = data_result_row(d, b, g);
		value_map_set_str(a, r, "name", pg_bench_name(p, bm));
		value_map_set_str(a, r, "source", row >= 0
				  ? pg_source_titles(p, d->results[row].source) : "");
		value_map_set_str(a, r, "note", row >= 0
				  ? pg_result_conditions(p, &d->results[row]) : "");
		if (row < 0) {
			/* no result of this card: named in one line */
			nodata_list_add(p, &none, pg_bench_name(p, bm));
			continue;
		}
		pg_show_result_cards(p, &d->results[row]);
		if (metrics_is_relative_speed(bm)) {
			/* each also an article's metric shortcode: one ledger figure */
			struct figure f = pg_relative_speed(p, b, g);
			guide_ledger_show_relative_speed(p, b, g);
			value_map_set(a, r, "speed", pg_cell_figure(p, f, FMT_RATIO, NULL));
			struct figure per = guide_ledger_metric(p, "speed_per_dollar", g, (long)b, NULL);
			value_map_set(a, r, "per_dollar",
				      pg_cell_figure(p, per, FMT_UNIT, "unit.speed_per_usd"));
			value_list_push(a, rel, r);
			continue;
		}
		guide_ledger_show_result(p, b, g);
		value_map_set(a, r, "value", pg_cell_figure(p, metrics_result(d, b, g),
							 FMT_UNIT, pg_bench_unit_key(p, bm)));
		value_map_set_str(a, r, "better", pg_tr(p, bm->higher_is_better
						       ? "gpu.higher_better"
						       : "gpu.lower_better"));
		value_list_push(a, other, r);
	}
	value_map_set(a, ctx, "rel", rel);
	value_map_set_bool(a, ctx, "has_rel", value_list_len(rel) > 0);
	value_map_set(a, ctx, "results", other);
	value_map_set_bool(a, ctx, "result_notes", value_list_has_text(other, "note"));
	value_map_set_bool(a, ctx, "has_results", value_list_len(other) > 0);
	value_map_set_str(a, ctx, "results_missing",
			  nodata_list_line(p, &none, value_list_len(rel) + value_list_len(other)
				       ? "gpu.results_missing" : "gpu.results_none"));
	long base = metrics_baseline(d, &p->in->metrics);
	value_map_set_bool(a, ctx, "has_baseline", base >= 0);
	value_map_set_str(a, ctx, "baseline", base >= 0 ? d->gpus[base].name : "");
}


static struct value *spec_row(const struct page_ctx *p, const char *label,
			      struct value *cell)
{
	struct value *m = value_new_map(pg_arena(p));
	value_map_set_str(pg_arena(p), m, "label", label);
	value_map_set(pg_arena(p), m, "cell", cell);
	return m;
}

/* Push a row whose cell has a figure; name the others in `m`. */
static void push_known(const struct page_ctx *p, struct value *rows, struct nodata_list *m,
		       struct value *row, const char *label, const struct value *cell)
{
	if (pg_map_flag(cell, "nodata"))
		nodata_list_add(p, m, label);
	else
		value_list_push(pg_arena(p), rows, row);
}

/* Columns of gpus.csv beyond the schema, as a map base name -> text (the
 * template's `extra`: notes and the rest; gpu_specs_extra_columns). */
static void extra_set(const struct page_ctx *p, const char *base, const char *text, void *ctx)
{
	value_map_set_str(pg_arena(p), ctx, base, text);
}

static struct value *gpu_extra(const struct page_ctx *p, size_t g)
{
	struct value *extra = value_new_map(pg_arena(p));
	gpu_specs_extra_columns(p, g, extra_set, extra);
	return extra;
}

static void spec_push(const struct page_ctx *p, struct value *rows, struct nodata_list *m,
		      const char *label_key, struct value *cell)
{
	const char *label = pg_tr(p, label_key);
	push_known(p, rows, m, spec_row(p, label, cell), label, cell);
}

/* The spec table's rows (gpu_specs_each): those a source gives, the others
 * named in a line; all of them counted for the page's completeness. */
struct spec_rows {
	struct value *rows;
	struct nodata_list *m;
	struct gpu_specs_count *n;
};

static void spec_known(const struct page_ctx *p, const char *label, struct value *cell,
		       void *ctx)
{
	struct spec_rows *s = ctx;
	push_known(p, s->rows, s->m, spec_row(p, label, cell), label, cell);
	gpu_specs_count_cell(s->n, cell);
}

/* The numeric specifications the page prints, each a ledger figure (the
 * others it names as given by no source are "no data" there). */
static void specs_shown(const struct page_ctx *p, size_t g)
{
	for (int f = 0; f < GPU_COL_SPECS; f++)
		guide_ledger_show_spec(p, g, (enum gpu_column)f);
	guide_ledger_show_list_price(p, g);
}

/* The card's specifications that a source gives; *missing_text names the
 * others in one line; *n counts them. */
static struct value *gpu_specs(const struct page_ctx *p, size_t g, struct value **extra,
			       const char **missing_text, struct gpu_specs_count *n)
{
	struct value *rows = value_new_list(pg_arena(p));
	struct nodata_list m = NODATA_LIST_INIT;
	*extra = gpu_extra(p, g);
	gpu_specs_each(p, g, spec_known, &(struct spec_rows){ rows, &m, n });
	specs_shown(p, g);
	/* the rent rows only with a price: without one they are no
	 * specification a source left out, and the prices' section says there
	 * is none */
	const struct gpu_prices *pr = &p->in->metrics.prices[g];
	if (figure_ok(pr->low)) {
		spec_push(p, rows, &m, "gpu.rent", pg_cell_figure(p, pg_rent_shown(p, g),
								  FMT_PER_HOUR, NULL));
		struct value *range = pg_cell_figure(p, pr->low, FMT_PER_HOUR, NULL);
		if (figure_ok(pr->high))
			pg_cell_set_text(p, range, pg_fmt_usd_range(p, pr->low.value,
								    pr->high.value, "unit.per_hour"));
		spec_push(p, rows, &m, "gpu.rent_range", range);
	}
	*missing_text = nodata_list_line(p, &m, "gpu.specs_missing");
	return rows;
}

static const char *price_kind_text(const struct page_ctx *p, const char *kind)
{
	char *key = arena_printf(pg_arena(p), "price.%s", kind ? kind : "");
	for (char *c = key; *c; c++)
		if (*c == '-')
			*c = '_';
	return pg_tr(p, key);
}

/* The GPU's prices, at most PAGES_MAX_PRICES of them (the first ones and
 * the default price): a page's size and memory stay bounded however many
 * quotes data/prices.csv holds; *total says how many there are. */
static struct value *gpu_prices(const struct page_ctx *p, size_t g, size_t *total)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->in->data;
	struct value *rows = value_new_list(a);
	long lowest = p->in->metrics.prices[g].lowest_row;
	size_t shown = 0;
	bool lowest_in = false; /* else the last place is kept for it */
	*total = 0;
	for (size_t i = 0; i < d->nprices; i++) {
		const struct price *pr = &d->prices[i];
		/* the latest quote of each series; older ones are its history */
		if (pr->gpu != g || pr->superseded)
			continue;
		(*total)++;
		if (shown == PAGES_MAX_PRICES ||
		    (shown == PAGES_MAX_PRICES - 1 && !lowest_in && (long)i != lowest))
			continue;
		shown++;
		lowest_in |= (long)i == lowest;
		guide_ledger_show_quote(p, i);
		struct value *r = value_new_map(a);
		value_map_set_str(a, r, "provider", pr->provider);
		value_map_set_str(a, r, "kind", price_kind_text(p, pr->kind));
		struct value *c = pg_cell_figure(p, (struct figure){ pr->usd_per_hour, NULL },
					      FMT_PER_HOUR, NULL);
		if ((long)i == lowest)
			pg_cell_mark(p, c, "gpu.default_price", false);
		value_map_set(a, r, "price", c);
		const char *as_of = i18n_date_text(a, pr->as_of, p->l);
		struct value *date = pg_cell_text(p, as_of ? as_of : "", "why.no_date");
		if (as_of) {
			value_map_set_str(a, date, "sort", pr->as_of);
			value_map_set_bool(a, date, "has_sort", true);
		}
		value_map_set(a, r, "date", date);
		value_map_set_str(a, r, "source", pg_source_titles(p, pr->source));
		const char *note = pg_raw_cell_lang(p, TABLE_PRICES, pr->row, "note");
		if (!*note)
			note = pg_raw_cell(p, TABLE_PRICES, pr->row, "note");
		value_map_set_str(a, r, "note", note);
		value_list_push(a, rows, r);
	}
	return rows;
}

static struct value *gpu_tasks(const struct page_ctx *p, size_t g, const char **missing_text)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->in->data;
	struct value *rows = value_new_list(a);
	struct nodata_list m = NODATA_LIST_INIT;
	for (size_t t = 0; t < d->ntasks; t++) {
		const struct task_cost *c = metrics_task_cost(d, &p->in->metrics, t, g);
		if (!c)
			continue;
		if (c->time_row < 0) {
			nodata_list_add(p, &m, pg_task_name(p, t));
			continue;
		}
		struct value *r = value_new_map(a);
		value_map_set_str(a, r, "name", pg_task_name(p, t));
		value_map_set_str(a, r, "href", pg_href_to(p, pg_task_path(p, t)));
		value_map_set(a, r, "hours", pg_hours_cell(p, c));
		value_map_set_str(a, r, "cards", c->time_row < 0 ? ""
				  : pg_fmt_number(p, c->gpu_count));
		value_map_set(a, r, "cost", pg_cost_cell(p, c));
		value_map_set_str(a, r, "quote",
				  pg_quote_text(p, c->quote_row, c->choice, QUOTE_FOR_TIME));
		value_list_push(a, rows, r);
	}
	*missing_text = nodata_list_line(p, &m, value_list_len(rows) ? "gpu.tasks_missing"
							    : "gpu.tasks_none");
	return rows;
}

static void figure_push(const struct page_ctx *p, struct value *rows, struct nodata_list *m,
			const char *label_key, const char *how_key, struct value *cell)
{
	struct value *r = spec_row(p, pg_tr(p, label_key), cell);
	value_map_set_str(pg_arena(p), r, "how", pg_tr(p, how_key));
	push_known(p, rows, m, r, pg_tr(p, label_key), cell);
}

/* A figure with its unit, up to `high` when that is above it (a range). */
static struct value *ranged_cell(const struct page_ctx *p, struct figure f, double high,
				 const char *unit_key)
{
	struct value *c = pg_cell_figure(p, f, FMT_UNIT, unit_key);
	if (figure_ok(f) && high > f.value)
		pg_cell_set_text(p, c, pg_fmt_unit_range(p, f.value, high, unit_key));
	return c;
}

static struct value *gpu_efficiency(const struct page_ctx *p, size_t g, const char **missing_text)
{
	struct arena *a = pg_arena(p);
	static const char *const metrics[][2] = { /* a method and how the page says it */
		{ "tflops_per_watt", "gpu.eff_tflops_w_how" },
		{ "tflops_per_kusd", "gpu.eff_tflops_kusd_how" },
		{ "break_even", "gpu.eff_break_even_how" },
		{ "speed_per_dollar", "gpu.eff_speed_dollar_how" },
	};
	struct value *rows = value_new_list(a);
	struct nodata_list m = NODATA_LIST_INIT;
	for (size_t i = 0; i < sizeof metrics / sizeof *metrics; i++) {
		/* each also an article's metric shortcode: one ledger figure */
		double high;
		struct figure f = guide_ledger_metric(p, metrics[i][0], g, -1, &high);
		figure_push(p, rows, &m, i18n_method_key(metrics[i][0]), metrics[i][1],
			    ranged_cell(p, f, high, guide_ledger_metric_unit(metrics[i][0])));
	}
	*missing_text = nodata_list_line(p, &m, "gpu.eff_missing");
	return rows;
}

static struct value *gpu_use_cases(const struct page_ctx *p, size_t g)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->in->data;
	struct value *rows = value_new_list(a);
	for (size_t i = 0; i < d->nuse_cases; i++) {
		const struct use_case *u = &d->use_cases[i];
		for (int role = 0; role < 3; role++) {
			if (!guide_use_case_names(u, role, g))
				continue;
			struct value *r = value_new_map(a);
			value_map_set_str(a, r, "name", guide_use_case_title(p, u));
			value_map_set_str(a, r, "href", pg_href_to(p, arena_printf(
				a, "use-cases/#%s", u->id)));
			value_map_set_str(a, r, "role", pg_tr(p, guide_role_keys[role]));
			const char *note = guide_use_case_note(p, u, role);
			value_map_set_str(a, r, "note", note);
			value_map_set_str(a, r, "note_paren", pg_paren_text(p, note));
			value_map_set_bool(a, r, "has_note", *note != 0);
			value_list_push(a, rows, r);
		}
	}
	return rows;
}

static struct value *gpu_pairs(const struct page_ctx *p, size_t g)
{
	struct arena *a = pg_arena(p);
	struct value *rows = value_new_list(a);
	for (size_t h = 0; h < p->in->data.ngpus; h++) {
		if (h == g)
			continue;
		struct value *r = value_new_map(a);
		value_map_set_str(a, r, "name", pg_pair_title(p, g, h));
		value_map_set_str(a, r, "href", pg_href_to(p, pg_pair_path(p, g, h)));
		value_list_push(a, rows, r);
	}
	return rows;
}

/* The chart of a GPU's page. */
static struct chart_request gpu_chart(const struct page_ctx *p, size_t g)
{
	return (struct chart_request){ .name = "gpu", .gpu = p->in->data.gpus[g].id,
				       .page_path = p->path };
}

/* The sources the card's page draws on (data_gpu_sources: its specs',
 * prices', results' and job times'), in sources.csv's order, as a list of
 * titles. */
static const char *gpu_sources_titles(const struct page_ctx *p, size_t g)
{
	const struct data *d = &p->in->data;
	bool *used = arena_alloc(pg_arena(p), (d->nsources ? d->nsources : 1) * sizeof *used);
	memset(used, 0, (d->nsources ? d->nsources : 1) * sizeof *used);
	data_gpu_sources(d, g, used);
	struct buf ids = BUF_INIT;
	for (size_t i = 0; i < d->nsources; i++)
		if (used[i])
			buf_addf(&ids, "%s%s", ids.len ? ";" : "", d->sources[i].id);
	const char *titles = pg_source_titles(p, ids.len ? ids.ptr : "");
	buf_release(&ids);
	return titles;
}

static struct value *build_gpu_page(const struct page_ctx *pc, const struct page_spec *spec)
{
	size_t g = pg_lazy_arg(spec)->a;
	const struct gpu *gp = &pc->in->data.gpus[g];
	struct buf scratch = BUF_INIT;
	struct page_ctx pp = *pc, *p = &pp;
	pp.scratch = &scratch;
	struct arena *a = pc->arena;
	struct value *ctx = value_new_map(a), *extra = NULL;
	value_map_set(a, ctx, "gpu", pg_gpu_link(p, g));
	const char *missing;
	struct gpu_specs_count counted = { 0, 0 };
	struct value *specs = gpu_specs(p, g, &extra, &missing, &counted);
	value_map_set(a, ctx, "specs", specs);
	value_map_set_bool(a, ctx, "has_specs", value_list_len(specs) > 0);
	value_map_set_str(a, ctx, "specs_missing", missing);
	value_map_set(a, ctx, "extra", extra);
	const char *notes = pg_raw_cell_lang(p, TABLE_GPUS, gp->row, "notes");
	value_map_set_str(a, ctx, "notes", notes);
	value_map_set_bool(a, ctx, "has_notes", *notes != 0);
	value_map_set_str(a, ctx, "gpu_sources", gpu_sources_titles(p, g));
	value_map_set_str(a, ctx, "complete", gpu_specs_completeness_counted(p, g, &counted));

	size_t nprices;
	struct value *prices = gpu_prices(p, g, &nprices);
	value_map_set(a, ctx, "prices_capped", value_null()); /* (all shown) */
	if (value_list_len(prices) < nprices) {
		struct buf shown = BUF_INIT, all = BUF_INIT;
		i18n_format_number(&shown, (double)value_list_len(prices), p->l);
		i18n_format_number(&all, (double)nprices, p->l);
		value_map_set_str(a, ctx, "prices_capped",
				  pg_fill(p, "gpu.prices_capped", "shown", shown.ptr, "total",
				       all.ptr, NULL));
		buf_release(&shown);
		buf_release(&all);
	}
	value_map_set(a, ctx, "prices", prices);
	value_map_set_bool(a, ctx, "has_prices", value_list_len(prices) > 0);
	value_map_set_bool(a, ctx, "prices_dated", nodata_column_has_figure(prices, "date"));
	value_map_set_bool(a, ctx, "prices_named", value_list_has_text(prices, "provider"));
	value_map_set_bool(a, ctx, "price_notes", value_list_has_text(prices, "note"));
	static const char *const price_flags[] = { "prices_dated", "prices_named", "price_notes",
						   NULL };
	pg_rows_take_flags(p, prices, ctx, price_flags);
	value_map_set_str(a, ctx, "no_prices", pg_tr(p, "gpu.prices_none"));
	value_map_set_str(a, ctx, "price_history", price_history_charts(p, g));
	gpu_results(p, g, ctx);
	struct value *tasks = gpu_tasks(p, g, &missing);
	value_map_set(a, ctx, "tasks", tasks);
	value_map_set_bool(a, ctx, "has_tasks", value_list_len(tasks) > 0);
	/* without a rental price, no column of costs (or of speed per
	 * dollar): a line says why */
	bool rented = figure_ok(pg_rent_figure(p, g));
	value_map_set_bool(a, ctx, "rented", rented);
	static const char *const rel_flags[] = { "rented", NULL }, *const task_flags[] = {
		"tasks_costed", NULL };
	pg_rows_take_flags(p, value_map_get(ctx, "rel"), ctx, rel_flags);
	value_map_set_bool(a, ctx, "tasks_costed", rented || nodata_column_has_figure(tasks, "cost"));
	pg_rows_take_flags(p, tasks, ctx, task_flags);
	value_map_set_str(a, ctx, "tasks_missing", missing);
	static const char *const price_cols[] = { "price", "date/prices_dated", NULL },
		*const rel_cols[] = { "speed", "per_dollar/rented", NULL },
		*const result_cols[] = { "value", NULL },
		*const task_cols[] = { "hours", "cost/tasks_costed", NULL };
	static const struct nodata_table tables[] = {
		{ "prices", "prices_nodata", price_cols },
		{ "rel", "rel_nodata", rel_cols },
		{ "results", "results_nodata", result_cols },
		{ "tasks", "tasks_nodata", task_cols },
	};
	nodata_flag_tables(p, ctx, tables, sizeof tables / sizeof tables[0]);
	struct value *eff = gpu_efficiency(p, g, &missing);
	value_map_set(a, ctx, "efficiency", eff);
	value_map_set_bool(a, ctx, "has_efficiency", value_list_len(eff) > 0);
	value_map_set_str(a, ctx, "efficiency_missing", missing);
	struct value *uses = gpu_use_cases(p, g);
	value_map_set(a, ctx, "uses", uses);
	value_map_set_bool(a, ctx, "has_uses", value_list_len(uses) > 0);
	struct value *pairs = gpu_pairs(p, g);
	value_map_set(a, ctx, "pairs", pairs);
	value_map_set_bool(a, ctx, "has_pairs", value_list_len(pairs) > 0);
	struct chart_request rq = gpu_chart(p, g);
	value_map_set(a, ctx, "chart", pg_chart(p, &rq));
	buf_release(&scratch);
	return ctx;
}

/* All that a GPU's page is made from but its language, path and frame
 * (page_spec.inputs): what of the inputs a page about the GPU is made of
 * (site_gpus_inputs). */
static int gpu_page_inputs(const struct page_ctx *pc, const struct page_spec *spec,
			   struct digest_value *key)
{
	size_t g = pg_lazy_arg(spec)->a;
	struct digest d;
	digest_init(&d);
	digest_add_str(&d, "gpu page");
	site_gpus_inputs(pc->in, &g, 1, &d);
	*key = digest_end(&d);
	return 0;
}

/* A GPU's page kept without being built still places its chart's file. */
static int complete_gpu_page(const struct page_ctx *pc, const struct page_spec *spec,
			     struct value *ctx, bool render)
{
	(void)render;
	if (ctx)
		return 0; /* built: its chart placed its file */
	struct chart_request rq = gpu_chart(pc, pg_lazy_arg(spec)->a);
	return guide_chart_place_kept(pc, &rq);
}

/* "{name}: {parts}" with `parts` joined as `last_key` and `many_key` say
 * (i18n_add_joined), or `none_key` filled with the name alone when there
 * are none. */
static const char *gpu_page_named(const struct page_ctx *p, size_t g, const char *key,
				  const char *none_key, const char *const *parts, size_t n,
				  const char *last_key, const char *many_key)
{
	const char *name = p->in->data.gpus[g].name;
	if (!n)
		return pg_fill(p, none_key, "name", name, NULL);
	struct buf b = BUF_INIT;
	i18n_add_joined(&p->in->i18n, p->l, &b, parts, n, "list.sep", last_key, many_key);
	const char *s = pg_fill(p, key, "name", name, "parts", b.ptr, NULL);
	buf_release(&b);
	return s;
}

/* A GPU page's title and description name what the sources give of the
 * card ("H200: specifications" where none gives its prices or speed, "L40S:
 * no data yet" where none gives a figure: its segment is a class), never a
 * section that would only say that no source gives it; a search for
 * "price" then finds the cards that have one first. */
static const char *gpu_page_title(const struct page_ctx *p, size_t g,
				  const struct gpu_specs_held *h)
{
	const char *parts[3];
	size_t n = 0;
	if (h->figures)
		parts[n++] = pg_tr(p, "gpu.title_specs");
	if (h->prices)
		parts[n++] = pg_tr(p, "gpu.title_prices");
	if (h->results || h->times)
		parts[n++] = pg_tr(p, "gpu.title_speed");
	/* "specifications, prices and speed": a title's list, no serial comma */
	return gpu_page_named(p, g, "gpu.page_title", "gpu.page_title_none", parts, n,
			      "gpu.title_last", NULL);
}

static const char *gpu_page_desc(const struct page_ctx *p, size_t g,
				 const struct gpu_specs_held *h)
{
	const char *parts[5];
	size_t n = 0;
	if (h->figures)
		parts[n++] = pg_tr(p, "gpu.desc_specs");
	if (h->prices)
		parts[n++] = pg_tr(p, "gpu.desc_prices");
	if (h->results)
		parts[n++] = pg_tr(p, "gpu.desc_results");
	if (h->times) /* a cost needs the hourly price its tables use */
		parts[n++] = pg_tr(p, figure_ok(pg_rent_figure(p, g)) ? "gpu.desc_costs"
								      : "gpu.desc_times");
	if (h->results || h->times)
		parts[n++] = pg_tr(p, "gpu.desc_compares");
	return gpu_page_named(p, g, "gpu.page_desc", "gpu.page_desc_none", parts, n,
			      "list.last", "list.last_many");
}

static void plan_gpu_page(struct site *s, enum lang l, size_t g)
{
	struct page_ctx pp = pg_planning(s, l, NULL, NULL), *p = &pp;
	pp.path = pg_gpu_path(p, g);
	struct gpu_specs_held held = gpu_specs_held(p, g, NULL);
	pg_add_lazy_page(s, p, "pages/gpu", gpu_page_title(p, g, &held),
		      gpu_page_desc(p, g, &held), "gpus",
		      build_gpu_page, g, 0, pg_crumbs_for(p, "nav.gpus", "gpus/"));
	struct page_spec *spec = &s->plan.pages[s->plan.npages - 1];
	spec->inputs = gpu_page_inputs;
	spec->complete = complete_gpu_page;
}


void pages_gpu_plan(struct site *s, enum lang l)
{
	plan_gpu_index(s, l);
	for (size_t g = 0; g < s->in.data.ngpus; g++)
		plan_gpu_page(s, l, g);
}
