/* gpu_specs: a card's specifications, listed and counted (gpu_specs.h). */
#include "view/gpu_specs.h"

#include "base/arena.h"
#include "model/data.h"
#include "model/i18n.h"
#include "model/metrics.h"
#include "model/schema.h"
#include "template/value.h"
#include "view/present.h"
#include "view/site.h"

#include <string.h>

/* One count of a card's data: "5 prices", "1 price", "no price". */
static const char *count_words(const struct page_ctx *p, size_t n, const char *key)
{
	if (n == 0)
		return pg_tr(p, arena_printf(pg_arena(p), "%s.none", key));
	return pg_fill(p, i18n_count_key(pg_arena(p), key, n),
		       "n", pg_fmt_number(p, (double)n), NULL);
}

bool gpu_specs_column_is_schema(const char *col)
{
	return schema_column_spec(&schema_tables[TABLE_GPUS], col) != NULL;
}

void gpu_specs_extra_columns(const struct page_ctx *p, size_t g, gpu_specs_column_fn *each,
			     void *ctx)
{
	const struct table *t = &p->in->data.tables[TABLE_GPUS];
	size_t row = p->in->data.gpus[g].row;
	for (size_t c = 0; c < t->ncols; c++) {
		const char *col = t->cols[c];
		if (gpu_specs_column_is_schema(col))
			continue;
		size_t len;
		int cl = lang_of_column(col, &len);
		if (cl >= 0 && cl != (int)p->l)
			continue;
		each(p, arena_strndup(pg_arena(p), col, len), row < t->nrows ? t->rows[row][c] : "",
		     ctx);
	}
}

/* gpu_specs_each's rows of the columns beyond the schema: those with words
 * for readers ("gpu.col_<name>"; the others stay on the data pages). */
struct extra_specs {
	gpu_specs_each_fn *each;
	void *ctx;
};

static void extra_spec(const struct page_ctx *p, const char *base, const char *text, void *ctx)
{
	const struct extra_specs *x = ctx;
	const char *key = arena_printf(pg_arena(p), "gpu.col_%s", base);
	if (strcmp(base, "notes") && i18n_has(&p->in->i18n, key))
		x->each(p, pg_tr(p, key), pg_cell_text(p, text, "why.not_stated"), x->ctx);
}

void gpu_specs_each(const struct page_ctx *p, size_t g, gpu_specs_each_fn *each, void *ctx)
{
	const struct gpu *gp = &p->in->data.gpus[g];
	each(p, pg_tr(p, i18n_spec_key("segment")),
	     pg_cell_text(p, pg_segment_text(p, gp), "why.not_stated"), ctx);
	gpu_specs_extra_columns(p, g, extra_spec, &(struct extra_specs){ each, ctx });
	each(p, pg_tr(p, i18n_spec_key("vram_gb")), pg_spec_cell(p, gp, GPU_COL_VRAM), ctx);
	each(p, pg_tr(p, i18n_spec_key("memory_type")), pg_cell_text(p, gp->memory_type, "why.not_stated"), ctx);
	for (int f = GPU_COL_BANDWIDTH; f < GPU_COL_SPECS; f++) {
		if (f == GPU_COL_NVLINK) {
			each(p, pg_tr(p, i18n_spec_key("tensor_core_gen")),
			     pg_cell_text(p, gp->tensor_core_gen, "why.not_stated"), ctx);
			each(p, pg_tr(p, i18n_spec_key("fp8")),
			     pg_cell_text(p, pg_fp8_text(p, gp), "why.not_stated"), ctx);
		}
		each(p, pg_tr(p, i18n_spec_key(gpu_columns[f].name)),
		     pg_spec_cell(p, gp, f), ctx);
	}
	each(p, pg_tr(p, i18n_spec_key("price")), pg_list_price_cell(p, gp), ctx);
}

void gpu_specs_count_cell(struct gpu_specs_count *n, const struct value *cell)
{
	n->total++;
	n->given += !pg_map_flag(cell, "nodata");
}

static void count_spec(const struct page_ctx *p, const char *label, struct value *cell,
		       void *ctx)
{
	(void)p;
	(void)label;
	gpu_specs_count_cell(ctx, cell);
}

struct gpu_specs_held gpu_specs_held(const struct page_ctx *p, size_t g,
				     const struct gpu_specs_count *n)
{
	const struct data *d = &p->in->data;
	struct gpu_specs_held h = { .prices = 0, .results = 0, .times = 0 };
	if (n) {
		h.specs = *n;
	} else {
		h.specs = (struct gpu_specs_count){ 0, 0 };
		gpu_specs_each(p, g, count_spec, &h.specs);
	}
	h.figures = h.specs.given - (h.specs.given && *d->gpus[g].segment);
	/* every quote (its page lists them all), a result per benchmark and a
	 * time per job (as its tables show them: the first row of each) */
	for (size_t i = 0; i < d->nprices; i++)
		h.prices += d->prices[i].gpu == g;
	for (size_t b = 0; b < d->nbenchmarks; b++)
		h.results += data_result_row(d, b, g) >= 0;
	for (size_t t = 0; t < d->ntasks; t++) {
		const struct task_cost *c = metrics_task_cost(d, &p->in->metrics, t, g);
		h.times += c && c->time_row >= 0;
	}
	return h;
}

const char *gpu_specs_completeness(const struct page_ctx *p, size_t g)
{
	return gpu_specs_completeness_counted(p, g, NULL);
}

const char *gpu_specs_completeness_counted(const struct page_ctx *p, size_t g,
					   const struct gpu_specs_count *n)
{
	struct gpu_specs_held h = gpu_specs_held(p, g, n);
	return pg_fill(p, "gpu.complete", "specs", pg_fmt_number(p, (double)h.specs.given),
		       "total", pg_fmt_number(p, (double)h.specs.total),
		       "prices", count_words(p, h.prices, "gpu.complete_prices"),
		       "results", count_words(p, h.results, "gpu.complete_results"),
		       "times", count_words(p, h.times, "gpu.complete_times"), NULL);
}
