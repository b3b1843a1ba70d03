/* cite_tables: see cite_tables.h. */
#include "cite/cite_tables.h"

#include "base/arena.h"
#include "base/buf.h"
#include "cite/shortcode.h"
#include "view/guide_ledger.h"
#include "view/guide_tables.h"
#include "model/compare.h"
#include "model/data.h"
#include "model/i18n.h"
#include "markdown/markdown.h"
#include "model/metrics.h"
#include "view/nodata.h"
#include "view/present.h"
#include "view/site.h"
#include "base/diag.h"
#include "template/value.h"
#include "template/mustache.h"
#include "base/text.h"
#include "base/xalloc.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* ---- cells ---- */

/* a latency is the lowest, never the fastest (content/STYLE.md) */
enum badge { BADGE_NONE, BADGE_CHEAPEST, BADGE_FASTEST, BADGE_LOWEST };

static void table_begin(struct cite *c, const char *caption)
{
	c->table_nodata = false;
	c->table_at = c->out->len;
	/* a copy: callers pass captions of their own buffers */
	c->table_caption = arena_strdup(pg_arena(&c->pg), caption ? caption : "");
	buf_adds(c->out, "<div class=\"table-wrap\" tabindex=\"0\"><table class=\"sortable\">\n");
	if (caption && *caption) {
		buf_adds(c->out, "<caption>");
		text_escape_htmls(c->out, caption);
		buf_adds(c->out, "</caption>\n");
	}
	buf_adds(c->out, "<thead><tr>");
}

static void table_head(struct cite *c, const char *text, bool num)
{
	buf_adds(c->out, num ? "<th scope=\"col\" class=\"num\">" : "<th scope=\"col\">");
	text_escape_htmls(c->out, text);
	buf_adds(c->out, "</th>");
}

static void table_head_key(struct cite *c, const char *key, bool num)
{
	table_head(c, pg_tr(&c->pg, key), num);
}

static void table_body(struct cite *c)
{
	buf_adds(c->out, "</tr></thead>\n<tbody>\n");
}

/* A column of a table whose columns are always the same. */
struct head {
	const char *key; /* its UI string */
	bool num;
};

/* The caption and the head row of such a table (`heads` ends with a NULL
 * key), up to its body. */
static void table_begin_fixed(struct cite *c, const char *caption_key,
			      const struct head *heads)
{
	table_begin(c, pg_tr(&c->pg, caption_key));
	for (; heads->key; heads++)
		table_head_key(c, heads->key, heads->num);
	table_body(c);
}

/* Render the partial `name` of the site's templates with the context `w`
 * (whose parent holds the page's language keys) into the article. */
static void render_template(struct cite *c, const char *name, struct value *w)
{
	value_map_set_parent(w, c->pg.lang_keys);
	const struct tmpl *t = c->pg.in->templates ? tmpl_set_get(c->pg.in->templates, name) : NULL;
	if (!t)
		diag_error(c->pg.diag, NULL, 0, 0, "templates/%s.mustache: no such partial", name);
	else
		tmpl_render(c->pg.in->templates, t, w, c->out, c->pg.diag);
	/* a template file's last newline is the file's, not the article's */
	if (c->out->len && c->out->ptr[c->out->len - 1] == '\n')
		buf_truncate(c->out, c->out->len - 1);
}

/* Render the partial `name` with `ctx` as its "cell": shortcode tables
 * draw their cells and legends with the very partials the guide's pages
 * use. */
static void render_partial(struct cite *c, const char *name, struct value *ctx)
{
	struct value *w = value_new_map(pg_arena(&c->pg));
	value_map_set(pg_arena(&c->pg), w, "cell", ctx);
	render_template(c, name, w);
}

/* A table of the guide's own (guide_tables: a job's costs, the use
 * cases, the techniques), drawn by the partial its page draws it with. */
static int table_of_guide(struct cite *c, const char *partial, struct value *table)
{
	render_template(c, partial, table);
	return 0;
}

static void table_end(struct cite *c)
{
	buf_adds(c->out, "</tbody>\n</table></div>");
	if (c->table_nodata) {
		buf_addc(c->out, '\n');
		render_partial(c, "partials/nodata-legend", value_new_map(pg_arena(&c->pg)));
	}
}

static void row_begin(struct cite *c)
{
	buf_adds(c->out, "<tr>");
}

static void row_end(struct cite *c)
{
	buf_adds(c->out, "</tr>\n");
}

/* The end of a table with `rows` rows; one without rows is no table of a
 * dash across: a line saying so in its place. */
static void table_end_rows(struct cite *c, bool rows)
{
	if (rows) {
		table_end(c);
		return;
	}
	buf_truncate(c->out, c->table_at);
	buf_adds(c->out, "<p class=\"nodata\">");
	text_escape_htmls(c->out, pg_fill(&c->pg, "cite.no_rows", "caption", c->table_caption,
					  NULL));
	buf_adds(c->out, "</p>");
}

/* A paragraph of class `cls` after the table: what it leaves out
 * ("nodata"), how its figures are made ("note"). "" writes nothing. */
static void line_after_table(struct cite *c, const char *cls, const char *line)
{
	if (!*line)
		return;
	if (c->out->len && c->out->ptr[c->out->len - 1] != '\n')
		buf_addc(c->out, '\n');
	buf_addf(c->out, "<p class=\"%s\">", cls);
	text_escape_htmls(c->out, line);
	buf_adds(c->out, "</p>");
}

/* One cell (a cell of the page kit, present.h), drawn as every table of
 * the guide draws it: partials/guide-cell, through partials/table-cell. */
static void td_cell(struct cite *c, struct value *cell)
{
	if (pg_map_flag(cell, "nodata"))
		c->table_nodata = true;
	render_partial(c, "partials/table-cell", cell);
}

static void td_nodata(struct cite *c, const char *why)
{
	td_cell(c, pg_cell_missing(&c->pg, true, why));
}

static void td_text(struct cite *c, const char *text)
{
	td_cell(c, pg_cell_phrase(&c->pg, text, "why.not_stated"));
}

/* A number cell: text already formatted, the raw value for sorting, the
 * best of its column marked and badged as the guide's tables do. */
static void td_num(struct cite *c, double v, const char *text, bool best,
		   enum badge badge)
{
	struct value *cell = pg_cell_figure(&c->pg, (struct figure){ v, NULL },
					    FMT_NUMBER, NULL);
	pg_cell_set_text(&c->pg, cell, text);
	if (best)
		pg_cell_set_best(&c->pg, cell);
	static const char *const keys[] = { "", "cite.cheapest", "cite.fastest", "cite.lowest" };
	if (badge != BADGE_NONE)
		pg_cell_mark(&c->pg, cell, keys[badge], badge != BADGE_CHEAPEST);
	td_cell(c, cell);
}

/* The GPU heading a row, linked to its page. */
static void th_gpu(struct cite *c, size_t g)
{
	buf_adds(c->out, "<th scope=\"row\"><a href=\"");
	text_escape_htmls(c->out, sc_gpu_href(c, g));
	buf_adds(c->out, "\">");
	text_escape_htmls(c->out, c->d->gpus[g].name);
	buf_adds(c->out, "</a></th>");
}

/* Formats a figure into a cell (or "no data"). */
typedef void (*fig_format)(const struct cite *c, struct buf *o, double v);

static void td_fig(struct cite *c, struct figure f, fig_format format,
		   bool best, enum badge badge)
{
	if (!figure_ok(f)) {
		td_nodata(c, f.missing);
		return;
	}
	struct buf text = BUF_INIT;
	format(c, &text, f.value);
	td_num(c, f.value, text.ptr, best, badge);
	buf_release(&text);
}

/* cmp_ties_best of `v` and `top` printed as `x` and `y`, which it
 * releases. */
static bool printed_tie(double v, struct buf *x, double top, struct buf *y,
			int direction)
{
	bool tie = cmp_ties_best(v, x->ptr, top, y->ptr, direction);
	buf_release(x);
	buf_release(y);
	return tie;
}

/* Whether `v` is a best of its row or column, whose best is `top`:
 * about the same as it as `format` prints both (cmp_ties_best). */
static bool ties_top(struct cite *c, fig_format format, double v, double top,
		     int direction)
{
	struct buf x = BUF_INIT, y = BUF_INIT;
	format(c, &x, v);
	format(c, &y, top);
	return printed_tie(v, &x, top, &y, direction);
}

/* ---- the tables ---- */

static int table_task_costs(struct cite *c)
{
	long t = sc_find_task(c, sc_arg(c, "task"));
	if (t < 0)
		return -1;
	const char *caption = pg_fill(&c->pg, "task.page_title", "task",
				      pg_task_name(&c->pg, (size_t)t), NULL);
	return table_of_guide(c, "partials/table-task-costs",
			      guide_tables_task_costs(&c->pg, (size_t)t, caption));
}

/* The benchmarks of a table: relative speeds, or inference ones. */
static bool bench_in(const struct benchmark *b, bool inference)
{
	return inference ? metrics_is_inference(b) : metrics_is_relative_speed(b);
}

/* The best result of each benchmark of the table (`have`: it has one) and
 * the lowest cost per 1M tokens (`have_cheap`). */
static void bench_bests(struct cite *c, bool inference, double *best, bool *have,
			double *cheapest, bool *have_cheap)
{
	const struct data *d = c->d;
	for (size_t b = 0; b < d->nbenchmarks; b++) {
		const struct benchmark *bm = &d->benchmarks[b];
		if (!bench_in(bm, inference))
			continue;
		for (size_t g = 0; g < d->ngpus; g++) {
			struct figure f = inference ? metrics_result(d, b, g)
						    : pg_relative_speed(&c->pg, b, g);
			if (inference)
				guide_ledger_show_result(&c->pg, b, g);
			else
				guide_ledger_show_relative_speed(&c->pg, b, g);
			if (figure_ok(f)) {
				bool better = inference && !bm->higher_is_better
						      ? f.value < best[b]
						      : f.value > best[b];
				if (!have[b] || better)
					best[b] = f.value;
				have[b] = true;
			}
			struct figure cost = metrics_serving_cost(d, b, g).per_mtok;
			if (figure_ok(cost) && (!have_cheap[b] || cost.value < cheapest[b])) {
				cheapest[b] = cost.value;
				have_cheap[b] = true;
			}
		}
	}
}

/* A result of benchmark `bm` as its cell prints it: an inference result
 * in the benchmark's unit, else a relative speed. */
static void fmt_result(struct cite *c, struct buf *o, double v,
		       const struct benchmark *bm, bool inference)
{
	if (inference)
		sc_fmt_bench(c, o, v, bm);
	else
		sc_fmt_ratio(c, o, v);
}

/* The line naming what a table leaves out for want of a figure (`key`:
 * its UI string with {list}), when it leaves out any. */
static void missing_line(struct cite *c, struct nodata_list *none, const char *key)
{
	line_after_table(c, "nodata", nodata_list_line(&c->pg, none, key));
}

/* Whether benchmark b's cost per 1M tokens is a column: a tokens/s
 * benchmark some GPU has a cost on. */
static bool bench_cost_column(const struct benchmark *bm, bool inference, bool have_cheap)
{
	return inference && !strcmp(bm->unit, "tokens/s") && have_cheap;
}

/* The quotes benchmark b's costs per 1M tokens are priced at, GPU by GPU,
 * as the inference page's "Quote used" column words them: the table has
 * no price column, and a cost whose price the page does not print cannot
 * be checked by its reader. */
static void mtok_quotes_line(struct cite *c, size_t b)
{
	const struct data *d = c->d;
	struct buf list = BUF_INIT;
	for (size_t g = 0; g < d->ngpus; g++) {
		struct serving_cost sv = metrics_serving_cost(d, b, g);
		if (!figure_ok(sv.per_mtok) || sv.quote_row < 0)
			continue;
		guide_ledger_show_quote(&c->pg, (size_t)sv.quote_row);
		if (list.len)
			buf_adds(&list, pg_tr(&c->pg, "punct.semicolon"));
		buf_adds(&list, pg_fill(&c->pg, "cite.mtok_quote", "gpu", d->gpus[g].name, "quote",
					pg_quote_text(&c->pg, sv.quote_row, sv.choice,
						      QUOTE_FOR_RESULT), NULL));
	}
	line_after_table(c, "note", pg_fill(&c->pg, "cite.mtok_quotes", "bench",
					    pg_bench_name(&c->pg, &d->benchmarks[b]), "list",
					    list.ptr, NULL));
	buf_release(&list);
}

/* A table of GPUs (rows) against the benchmarks some GPU has a result on
 * (columns; the others named in a line under it), the best of each column
 * marked fastest; for inference, also the cost per 1M tokens. */
static int table_benchmarks(struct cite *c, bool inference)
{
	const struct data *d = c->d;
	double *best = xcalloc(d->nbenchmarks + 1, sizeof *best);
	double *cheapest = xcalloc(d->nbenchmarks + 1, sizeof *cheapest);
	bool *have = xcalloc(d->nbenchmarks + 1, sizeof *have);
	bool *have_cheap = xcalloc(d->nbenchmarks + 1, sizeof *have_cheap);
	bench_bests(c, inference, best, have, cheapest, have_cheap);
	struct nodata_list none = NODATA_LIST_INIT;
	bool any = false;
	for (size_t b = 0; b < d->nbenchmarks; b++)
		any = any || (bench_in(&d->benchmarks[b], inference) && have[b]);
	if (!any) { /* no table of dashes: a line naming them all */
		for (size_t b = 0; b < d->nbenchmarks; b++)
			if (bench_in(&d->benchmarks[b], inference))
				nodata_list_add(&c->pg, &none, pg_bench_name(&c->pg, &d->benchmarks[b]));
		missing_line(c, &none, "cite.bench_none");
		goto done;
	}
	long base = metrics_baseline(d, &c->pg.in->metrics);
	table_begin(c, inference ? pg_tr(&c->pg, "cite.caption.inference")
		       : base < 0 ? pg_tr(&c->pg, "cite.caption.relative_speed_given") /* the sources' own */
		       : pg_fill(&c->pg, "cite.caption.relative_speed", "baseline",
				 d->gpus[base].name, NULL));
	table_head_key(c, "cite.col.gpu", false);
	bool costs = false; /* some column of costs per token */
	for (size_t b = 0; b < d->nbenchmarks; b++) {
		if (!bench_in(&d->benchmarks[b], inference))
			continue;
		if (!have[b]) {
			nodata_list_add(&c->pg, &none, pg_bench_name(&c->pg, &d->benchmarks[b]));
			continue;
		}
		table_head(c, pg_bench_name(&c->pg, &d->benchmarks[b]), true);
		if (bench_cost_column(&d->benchmarks[b], inference, have_cheap[b])) {
			table_head_key(c, i18n_method_key("cost_per_mtok"), true);
			costs = true;
		}
	}
	table_body(c);
	for (size_t g = 0; g < d->ngpus; g++) {
		bool has_row = false;
		for (size_t b = 0; b < d->nbenchmarks && !has_row; b++)
			has_row = bench_in(&d->benchmarks[b], inference) &&
				  data_result_row(d, b, g) >= 0;
		if (!has_row)
			continue;
		row_begin(c);
		th_gpu(c, g);
		for (size_t b = 0; b < d->nbenchmarks; b++) {
			const struct benchmark *bm = &d->benchmarks[b];
			if (!bench_in(bm, inference) || !have[b])
				continue;
			struct figure f = inference ? metrics_result(d, b, g)
						    : pg_relative_speed(&c->pg, b, g);
			if (inference)
				guide_ledger_show_result(&c->pg, b, g);
			else
				guide_ledger_show_relative_speed(&c->pg, b, g);
			if (figure_ok(f)) {
				struct buf text = BUF_INIT, top_text = BUF_INIT;
				fmt_result(c, &text, f.value, bm, inference);
				fmt_result(c, &top_text, best[b], bm, inference);
				/* a best of results measured alike only */
				bool top = metrics_results_alike(d, b) &&
					   cmp_ties_best(f.value, text.ptr, best[b], top_text.ptr,
							 inference && !bm->higher_is_better ? -1 : 1);
				td_num(c, f.value, text.ptr, top,
				       !top ? BADGE_NONE
				       : inference && !bm->higher_is_better ? BADGE_LOWEST
									    : BADGE_FASTEST);
				buf_release(&text);
				buf_release(&top_text);
			} else {
				td_nodata(c, f.missing);
			}
			if (bench_cost_column(bm, inference, have_cheap[b])) {
				/* as the inference page prices it: the cards
				 * the model needs, at the result's source's quote */
				struct figure cost = metrics_serving_cost(d, b, g).per_mtok;
				guide_ledger_show_mtok(&c->pg, b, g);
				bool low = figure_ok(cost) &&
					   ties_top(c, sc_fmt_usd, cost.value, cheapest[b], -1);
				td_fig(c, cost, sc_fmt_usd, low,
				       low ? BADGE_CHEAPEST : BADGE_NONE);
			}
		}
		row_end(c);
	}
	table_end(c);
	if (costs) /* what a cost per token counts, as the inference page says */
		line_after_table(c, "note", pg_fill(&c->pg, "cite.mtok_how", "formula", pg_tr(&c->pg, "inf.how"),
				     "cards", pg_cards_needed_how(&c->pg, false), NULL));
	for (size_t b = 0; costs && b < d->nbenchmarks; b++)
		if (have[b] && bench_cost_column(&d->benchmarks[b], inference, have_cheap[b]))
			mtok_quotes_line(c, b);
	missing_line(c, &none, "cite.bench_missing");
done:
	free(best);
	free(cheapest);
	free(have);
	free(have_cheap);
	return 0;
}

/* Parse "a,b,c" into GPU indexes (all GPUs when `list` is NULL). Returns
 * the count, or -1 after an error; `*out` is malloc'd. */
static long parse_gpu_list(struct cite *c, const char *list, size_t **out)
{
	size_t *v = xcalloc(c->d->ngpus + 1, sizeof *v);
	*out = v;
	size_t n = 0;
	if (!list) {
		for (size_t g = 0; g < c->d->ngpus; g++)
			v[n++] = g;
		return (long)n;
	}
	for (const char *p = list; *p;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		char *id = arena_strndup(c->pg.arena, p, len);
		long g = sc_find_gpu(c, id);
		if (g < 0)
			return -1;
		bool seen = false;
		for (size_t i = 0; i < n && !seen; i++)
			seen = v[i] == (size_t)g;
		if (!seen)
			v[n++] = (size_t)g;
		p = comma ? comma + 1 : p + len;
	}
	return (long)n;
}

/* Whether one of the `n` GPUs `gs` has the spec `row` (its numeric column
 * `col`, or -1 for a text). */
static bool spec_row_known(const struct cite *c, const size_t *gs, long n, const char *row,
			   int col)
{
	for (long i = 0; i < n; i++) {
		const struct gpu *g = &c->d->gpus[gs[i]];
		const char *t = col >= 0 ? NULL : sc_gpu_text(c, g, row);
		if (col >= 0 ? gpu_column_num(g, (enum gpu_column)col).ok : t && *t)
			return true;
	}
	return false;
}

/* Whether spec value `v` is a best of its row, whose best is `top`: about
 * the same as it as the spec's cells print both (cmp_ties_best). */
static bool spec_ties_top(struct cite *c, enum gpu_column col, double v, double top,
			  int direction)
{
	struct buf x = BUF_INIT, y = BUF_INIT;
	sc_fmt_gpu_num(c, &x, col, v);
	sc_fmt_gpu_num(c, &y, col, top);
	return printed_tie(v, &x, top, &y, direction);
}

/* Specs: one column per GPU, one row per spec some of them has (the
 * others named under the table); the best of a row in bold. */
static int table_specs(struct cite *c)
{
	size_t *gs;
	long n = parse_gpu_list(c, sc_arg(c, "gpus"), &gs);
	if (n < 0) {
		free(gs);
		return -1;
	}
	const struct data *d = c->d;
	table_begin(c, pg_tr(&c->pg, "cite.caption.specs"));
	table_head_key(c, "cite.col.spec", false);
	for (long i = 0; i < n; i++) {
		buf_adds(c->out, "<th scope=\"col\" class=\"num\"><a href=\"");
		text_escape_htmls(c->out, sc_gpu_href(c, gs[i]));
		buf_adds(c->out, "\">");
		text_escape_htmls(c->out, d->gpus[gs[i]].name);
		buf_adds(c->out, "</a></th>");
	}
	table_body(c);
	static const char *const rows[] = {
		"segment", "vram_gb", "memory_type", "bandwidth_gbs", "fp16_tflops", "fp32_tflops",
		"tensor_core_gen", "fp8", "nvlink_gbs", "pcie_gbs", "tdp_w", "price", NULL
	};
	struct nodata_list none = NODATA_LIST_INIT;
	bool any = false;
	for (size_t r = 0; rows[r]; r++) {
		const char *label = pg_tr(&c->pg, i18n_spec_key(rows[r]));
		bool price = !strcmp(rows[r], "price");
		int col = price ? GPU_COL_PRICE_MIN : gpu_column_named(rows[r]);
		if (!spec_row_known(c, gs, n, rows[r], col)) {
			nodata_list_add(&c->pg, &none, label); /* no row of dashes */
			continue;
		}
		any = true;
		row_begin(c);
		buf_adds(c->out, "<th scope=\"row\">");
		text_escape_htmls(c->out, label);
		buf_adds(c->out, "</th>");
		/* the best of the row, among at least two figures that are
		 * not all about the same */
		int direction = col >= 0 ? gpu_columns[col].better : 0;
		double top = 0;
		int count = 0;
		for (long i = 0; col >= 0 && i < n; i++) {
			struct num v = gpu_column_num(&d->gpus[gs[i]], (enum gpu_column)col);
			if (v.ok && (!count++ || (v.v - top) * direction > 0))
				top = v.v;
		}
		bool differ = false;
		for (long i = 0; col >= 0 && i < n && !differ; i++) {
			struct num v = gpu_column_num(&d->gpus[gs[i]], (enum gpu_column)col);
			differ = v.ok && !spec_ties_top(c, (enum gpu_column)col, v.v, top, direction);
		}
		for (long i = 0; i < n; i++) {
			const struct gpu *g = &d->gpus[gs[i]];
			if (col < 0) {
				td_text(c, sc_gpu_text(c, g, rows[r]));
				continue;
			}
			struct num v = gpu_column_num(g, (enum gpu_column)col);
			if (!v.ok) {
				td_nodata(c, "why.not_stated");
				continue;
			}
			if (price)
				guide_ledger_show_list_price(&c->pg, gs[i]);
			else
				guide_ledger_show_spec(&c->pg, gs[i], (enum gpu_column)col);
			bool best = differ &&
				    spec_ties_top(c, (enum gpu_column)col, v.v, top, direction);
			struct buf text = BUF_INIT;
			if (price && g->price_usd_max.ok)
				i18n_format_usd_range(&text, v.v, g->price_usd_max.v, c->l);
			else
				sc_fmt_gpu_num(c, &text, (enum gpu_column)col, v.v);
			td_num(c, v.v, text.ptr, best && !price,
			       best && price ? BADGE_CHEAPEST : BADGE_NONE);
			buf_release(&text);
		}
		row_end(c);
	}
	table_end_rows(c, any);
	missing_line(c, &none, "cite.specs_missing");
	free(gs);
	return 0;
}

static int table_prices(struct cite *c)
{
	const char *id = sc_arg(c, "gpu");
	long only = -1;
	if (id && (only = sc_find_gpu(c, id)) < 0)
		return -1;
	const struct data *d = c->d;
	table_begin(c, pg_tr(&c->pg, "cite.caption.prices"));
	if (only < 0)
		table_head_key(c, "cite.col.gpu", false);
	table_head_key(c, "cite.col.provider", false);
	table_head_key(c, "cite.col.kind", false);
	table_head_key(c, "gpu.price", true);
	table_head_key(c, "cite.col.as_of", false);
	table_head_key(c, "cite.col.source", false);
	table_body(c);
	bool any = false;
	for (size_t i = 0; i < d->nprices; i++) {
		const struct price *p = &d->prices[i];
		if (only >= 0 && p->gpu != (size_t)only)
			continue;
		any = true;
		row_begin(c);
		if (only < 0)
			th_gpu(c, p->gpu);
		td_text(c, p->provider);
		struct buf kind = BUF_INIT;
		buf_adds(&kind, "cite.kind.");
		for (const char *k = p->kind; *k; k++)
			buf_addc(&kind, *k == '-' ? '_' : *k);
		const char *kind_text = pg_tr(&c->pg, kind.ptr);
		td_text(c, kind_text == kind.ptr ? p->kind : kind_text);
		buf_release(&kind);
		bool lowest = c->m->prices && c->m->prices[p->gpu].lowest_row == (long)i;
		struct figure f = { p->usd_per_hour, NULL };
		guide_ledger_show_quote(&c->pg, i);
		td_fig(c, f, sc_fmt_price, false, lowest ? BADGE_CHEAPEST : BADGE_NONE);
		const char *as_of = i18n_date_text(pg_arena(&c->pg), p->as_of, c->l);
		if (as_of)
			td_text(c, as_of);
		else
			td_nodata(c, "why.no_date");
		td_text(c, pg_source_titles(&c->pg, p->source));
		row_end(c);
	}
	table_end_rows(c, any);
	return 0;
}

static void fmt_gb(const struct cite *c, struct buf *o, double v)
{
	sc_fmt_unit(c, o, v, "unit.gb");
}

static int table_vram(struct cite *c)
{
	const struct data *d = c->d;
	static const struct head heads[] = {
		/* the VRAM page's heads for the same figures */
		{ "cite.col.params", true }, { "vram.precision", false },
		{ "vram.stated", true }, { "vram.computed", true },
		{ "cite.col.source", false }, { NULL, false },
	};
	table_begin_fixed(c, "cite.caption.vram", heads);
	for (size_t i = 0; i < d->nvram; i++) {
		const struct vram_rule *v = &d->vram[i];
		row_begin(c);
		struct buf text = BUF_INIT;
		i18n_format_number(&text, v->params_b, c->l);
		buf_addc(&text, 'B');
		td_num(c, v->params_b, text.ptr, false, BADGE_NONE);
		buf_release(&text);
		td_text(c, pg_upper(&c->pg, v->precision));
		struct figure rule = { v->gb, NULL };
		guide_ledger_show_vram(&c->pg, v->params_b, v->precision, (long)i);
		guide_ledger_show_vram(&c->pg, v->params_b, v->precision, -1);
		td_fig(c, rule, fmt_gb, false, BADGE_NONE);
		td_fig(c, metric_vram_needed_gb(v->params_b, v->precision), fmt_gb,
		       false, BADGE_NONE);
		td_text(c, pg_source_titles(&c->pg, v->source));
		row_end(c);
	}
	table_end_rows(c, d->nvram > 0);
	return 0;
}

static int table_techniques(struct cite *c)
{
	return table_of_guide(c, "partials/table-techniques",
			      guide_tables_techniques(&c->pg, pg_tr(&c->pg, "cite.caption.techniques")));
}

static int table_use_cases(struct cite *c)
{
	return table_of_guide(c, "partials/table-use-cases",
			      guide_tables_use_cases(&c->pg, pg_tr(&c->pg, "cite.caption.use_cases"),
						     false));
}

int cite_tables_write(struct cite *c)
{
	static const char *const args[] = { "name", "task", "gpus", "gpu", NULL };
	static const char *const need[] = { "name", NULL };
	if (sc_check_and_need(c, args, need))
		return -1;
	static const struct {
		const char *name;
		const char *const args[3]; /* besides name */
		const char *need;
	} tables[] = {
		{ "task-costs", { "task", NULL }, "task" },
		{ "relative-speed", { NULL }, NULL },
		{ "specs", { "gpus", NULL }, NULL },
		{ "prices", { "gpu", NULL }, NULL },
		{ "vram", { NULL }, NULL },
		{ "techniques", { NULL }, NULL },
		{ "use-cases", { NULL }, NULL },
		{ "inference", { NULL }, NULL },
	};
	const char *name = sc_arg(c, "name");
	size_t k = 0, n = sizeof tables / sizeof tables[0];
	while (k < n && strcmp(tables[k].name, name))
		k++;
	if (k == n)
		return sc_error(c, "unknown table \"%s\"", name);
	for (size_t i = 0; i < c->sc->nargs; i++) {
		const char *key = c->sc->args[i].key;
		bool ok = !strcmp(key, "name");
		for (size_t j = 0; tables[k].args[j] && !ok; j++)
			ok = !strcmp(tables[k].args[j], key);
		if (!ok)
			return sc_error(c, "unknown argument \"%s\" for table \"%s\"",
					key, name);
	}
	if (tables[k].need && !sc_arg(c, tables[k].need))
		return sc_error(c, "table \"%s\" needs %s=", name, tables[k].need);
	switch (k) {
	case 0:
		return table_task_costs(c);
	case 1:
		return table_benchmarks(c, false);
	case 2:
		return table_specs(c);
	case 3:
		return table_prices(c);
	case 4:
		return table_vram(c);
	case 5:
		return table_techniques(c);
	case 6:
		return table_use_cases(c);
	default:
		return table_benchmarks(c, true);
	}
}
