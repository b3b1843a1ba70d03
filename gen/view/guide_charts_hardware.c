/* guide_charts_hardware: the spec and vram-fit charts (see
 * guide_charts_hardware.h). */
#include "view/guide_charts_hardware.h"

#include "view/guide_charts_common.h"
#include "view/guide_ledger.h"
#include "model/data.h"
#include "model/metrics.h"
#include "model/schema.h"

#include <stdlib.h>
#include <string.h>

/* ---- vram-fit: the sources' model sizes x precisions against each GPU ---- */

/* The widest a fit matrix is drawn before its columns wrap into blocks. */
#define WIDE_MAX 768.0 /* style.css: figure.chart svg { max-width: 48rem } */

static size_t precision_rank(const char *p)
{
	size_t i = 0;
	while (schema_precisions[i] && strcmp(schema_precisions[i], p))
		i++;
	return i;
}

static int compare_vram_rows(const void *x, const void *y)
{
	const struct vram_rule *a = *(const struct vram_rule *const *)x;
	const struct vram_rule *b = *(const struct vram_rule *const *)y;
	if (a->params_b != b->params_b)
		return a->params_b < b->params_b ? -1 : 1;
	size_t pa = precision_rank(a->precision), pb = precision_rank(b->precision);
	if (pa != pb)
		return pa < pb ? -1 : 1;
	return (a->row > b->row) - (a->row < b->row);
}

/* GPUs by VRAM, smallest first (the fits form a staircase), unknown last.
 * Each item carries its own key: charts are drawn on several threads, so
 * the comparison may not look at shared state. */
struct gpu_by_vram {
	size_t gpu;
	struct num vram;
};

static int compare_gpus_by_vram(const void *x, const void *y)
{
	const struct gpu_by_vram *a = x, *b = y;
	if (a->vram.ok != b->vram.ok)
		return a->vram.ok ? -1 : 1;
	if (a->vram.ok && a->vram.v != b->vram.v)
		return a->vram.v < b->vram.v ? -1 : 1;
	return (a->gpu > b->gpu) - (a->gpu < b->gpu);
}

static const char *upper(struct gc *c, const char *s)
{
	char *u = arena_strdup(&c->a, s);
	for (char *p = u; *p; p++)
		if (*p >= 'a' && *p <= 'z')
			*p = (char)(*p - 'a' + 'A');
	return u;
}

/* True when the GPU's name already says its memory ("A100 40GB"): the
 * column label then needs no "(40 GB)". */
static bool name_tells_vram(struct gc *c, const struct gpu *g)
{
	return strstr(g->name, arena_printf(&c->a, "%gGB", g->vram_gb.v)) ||
	       strstr(g->name, arena_printf(&c->a, "%g GB", g->vram_gb.v));
}

/* A fit matrix in the making: rows (model size x precision) by columns
 * (GPUs), each cell with the figure it shows. */
struct fit {
	const struct vram_rule **rules; /* the rows' rules */
	size_t nr;
	size_t *gpus; /* the columns' GPUs */
	size_t ng;
	const char **rows, **cols, **heads; /* cols: the SVG's, heads: the table's */
	struct chart_fit_cell *cells;       /* [nr * ng] */
	struct figure *need;                /* [nr * ng]: GPUs needed */
	bool *tight;                        /* [nr * ng]: with less than the headroom */
	size_t count[CHART_FIT_STATES];     /* cells per CHART_FIT_* state */
};

/* The rows: one per (size, precision), the first source's figure. */
static void fit_rules(struct gc *c, struct fit *fit)
{
	const struct data *d = c->d;
	const struct vram_rule **rules = gc_scratch(c, d->nvram, sizeof *rules);
	size_t nr = 0;
	for (size_t i = 0; i < d->nvram; i++) {
		bool seen = false;
		for (size_t k = 0; k < nr && !seen; k++)
			seen = rules[k]->params_b == d->vram[i].params_b &&
			       !strcmp(rules[k]->precision, d->vram[i].precision);
		if (!seen)
			rules[nr++] = &d->vram[i];
	}
	qsort(rules, nr, sizeof *rules, compare_vram_rows);
	fit->rules = rules;
	fit->nr = nr;
}

/* The columns: every GPU (none when there are no rows), by VRAM. */
static void fit_gpus(struct gc *c, struct fit *fit)
{
	const struct data *d = c->d;
	struct gpu_by_vram *order = gc_scratch(c, d->ngpus, sizeof *order);
	for (size_t g = 0; g < d->ngpus; g++)
		order[g] = (struct gpu_by_vram){ g, d->gpus[g].vram_gb };
	qsort(order, d->ngpus, sizeof *order, compare_gpus_by_vram);
	size_t *gpus = gc_scratch(c, d->ngpus, sizeof *gpus);
	for (size_t g = 0; g < d->ngpus; g++)
		gpus[g] = order[g].gpu;
	fit->gpus = gpus;
	fit->ng = fit->nr ? d->ngpus : 0;
}

/* The columns' labels: the GPU's name, with its VRAM unless the name says
 * it. */
static void fit_heads(struct gc *c, struct fit *fit)
{
	fit->cols = gc_scratch(c, fit->ng, sizeof *fit->cols);
	fit->heads = gc_scratch(c, fit->ng, sizeof *fit->heads);
	for (size_t j = 0; j < fit->ng; j++) {
		const struct gpu *g = &c->d->gpus[fit->gpus[j]];
		bool say = g->vram_gb.ok && !name_tells_vram(c, g);
		const char *vram = say ? gc_fmt_unit(c, g->vram_gb.v, "unit.gb") : NULL;
		/* the SVG's narrow column (chart.vram_fit.head: "RTX 4090
		 * (24 GB)", in Chinese "RTX 4090 24 GB", whose wide brackets
		 * would not fit) and the table's header (chart.vram_fit.col,
		 * in the language's brackets) */
		fit->cols[j] = say ? gc_filled(c, "chart.vram_fit.head", "gpu", g->name,
						"vram", vram, NULL)
				   : g->name;
		fit->heads[j] = say ? gc_filled(c, "chart.vram_fit.col", "gpu", g->name,
						 "vram", vram, NULL)
				    : g->name;
	}
}

/* A cell in words, as the table beside the matrix says it and the cell's
 * tooltip too: "fits", "fits, but tight", "needs 2 cards", "needs 2 cards,
 * tight" (the cell itself draws a mark: "✓", "×2"). */
static const char *fit_words(struct gc *c, struct figure cards, bool tight)
{
	if (cards.value <= 1)
		return gc_tr(c, tight ? "vram.tight" : "chart.vram_fit.fits_one");
	return gc_filled(c, tight ? "vram.needs_tight" : "chart.vram_fit.needs_n",
			 "n", gc_fmt_number(c, cards.value), NULL);
}

/* The rows' labels and every cell: fits, needs N GPUs, or no data. */
static void fit_cells(struct gc *c, struct fit *fit)
{
	size_t nr = fit->nr, ng = fit->ng;
	fit->rows = gc_scratch(c, nr, sizeof *fit->rows);
	fit->cells = gc_scratch(c, nr * ng, sizeof *fit->cells);
	fit->need = gc_scratch(c, nr * ng, sizeof *fit->need);
	fit->tight = gc_scratch(c, nr * ng, sizeof *fit->tight);
	for (size_t i = 0; i < nr; i++) {
		const struct vram_rule *rule = fit->rules[i];
		fit->rows[i] = gc_filled(c, "chart.vram_fit.row",
					  "n", gc_fmt_number(c, rule->params_b),
					  "precision", upper(c, rule->precision),
					  "gb", gc_fmt_unit(c, metric_vram_needed_gb(rule->params_b,
								rule->precision).value, "unit.gb"), NULL);
		/* the need the VRAM page's table uses (parameters x bytes), and
		 * "fits" only with the headroom it keeps (metric_fit) */
		long rule_row;
		struct figure need = metrics_model_vram(c->d, rule->params_b, rule->precision,
							&rule_row);
		for (size_t j = 0; j < ng; j++) {
			struct card_fit cf = metric_fit(need,
				figure_of(c->d->gpus[fit->gpus[j]].vram_gb, "why.no_vram"));
			struct figure f = cf.cards;
			struct chart_fit_cell *cell = &fit->cells[i * ng + j];
			fit->need[i * ng + j] = f;
			fit->tight[i * ng + j] = cf.tight;
			if (!figure_ok(f))
				cell->state = CHART_FIT_NO_DATA;
			else if (f.value <= 1)
				*cell = cf.tight ? (struct chart_fit_cell){ .state = CHART_FIT_TIGHT,
						.text = gc_tr(c, "chart.vram_fit.tight_one") }
						 : (struct chart_fit_cell){ .state = CHART_FIT_FITS,
						.text = "✓" };
			else
				*cell = (struct chart_fit_cell){
					.state = cf.tight ? CHART_FIT_TIGHT : CHART_FIT_NEEDS,
					.text = arena_printf(&c->a, "×%s", gc_fmt_number(c, f.value))
				};
			if (figure_ok(f))
				cell->tip = fit_words(c, f, cf.tight);
			fit->count[cell->state]++;
		}
	}
}

/* The matrix's table: the columns the chart draws (chart_fit_columns; the
 * others it names as having no VRAM figure). */
static void fit_table(struct gc *c, const struct fit *fit)
{
	size_t ng = fit->ng;
	size_t *keep = gc_scratch(c, ng, sizeof *keep);
	size_t nk = chart_fit_columns(fit->cells, fit->nr, ng, keep);
	gc_table_begin(c);
	gc_table_head(c, gc_tr(c, "chart.col.model"));
	for (size_t k = 0; k < nk; k++)
		gc_table_head(c, fit->heads[keep[k]]);
	gc_table_body(c);
	for (size_t i = 0; i < fit->nr; i++) {
		const struct vram_rule *rule = fit->rules[i];
		gc_table_row(c, fit->rows[i]);
		for (size_t k = 0; k < nk; k++) {
			size_t j = keep[k];
			struct figure f = fit->need[i * ng + j];
			guide_ledger_show_fit(c->pc, rule->params_b, rule->precision, fit->gpus[j]);
			if (!figure_ok(f))
				gc_table_nodata(c, f.missing);
			else
				gc_table_num(c, fit_words(c, f, fit->tight[i * ng + j]),
					      f.value);
		}
		gc_table_row_end(c);
	}
	gc_table_end(c);
}

static void fit_draw(struct gc *c, const struct fit *fit)
{
	const char *state_names[CHART_FIT_STATES] = {
		[CHART_FIT_NO_DATA] = gc_tr(c, "no_data"),
		[CHART_FIT_FITS] = gc_tr(c, "chart.vram_fit.fits"),
		[CHART_FIT_NEEDS] = gc_tr(c, "chart.vram_fit.needs"),
		[CHART_FIT_TIGHT] = gc_tr(c, "chart.vram_fit.tight"),
	};
	const char *const *rows = fit->rows, *const *cols = fit->cols;
	size_t nr = fit->nr, ng = fit->ng;
	struct chart_text t = gc_chart_texts(c);
	t.omitted = gc_tr(c, "chart.vram_fit.omitted");
	/* as wide as its columns need, up to WIDE_MAX (then in blocks) */
	struct chart_layout lay = { 0 };
	chart_fit_layout(&lay, &t, rows, nr, cols, ng, fit->cells, state_names);
	if (lay.width > WIDE_MAX) {
		t.width = WIDE_MAX;
		chart_fit_layout(&lay, &t, rows, nr, cols, ng, fit->cells, state_names);
	}
	for (size_t i = 0; i < c->nids; i++)
		chart_layout_render(&lay, c->ids[i], &t, &c->svg[i]);
	c->wide_w = lay.width;
	chart_layout_release(&lay);
	t.width = CHART_WIDTH_COMPACT;
	chart_fit(&c->compact, gc_compact_id(c), &t, rows, nr, cols, ng, fit->cells,
		  state_names);
}

/* "10 model sizes and precisions ... against 5 GPUs: 31 combinations fit
 * on one card with room to spare, 3 only tightly, 16 need several cards."
 * of the columns the matrix draws (chart_fit_columns), then those it
 * leaves out for want of a VRAM figure, named. Counted as the table
 * beside it reads: a model on several cards "needs several cards" however
 * tight (the drawing hatches those tight too), "only tightly" is one card. */
static void describe_fit(struct gc *c, const struct fit *fit)
{
	size_t ng = fit->ng, count[CHART_FIT_STATES] = { 0 };
	size_t *keep = gc_scratch(c, ng, sizeof *keep);
	size_t nk = chart_fit_columns(fit->cells, fit->nr, ng, keep);
	for (size_t i = 0; i < fit->nr; i++)
		for (size_t k = 0; k < nk; k++) {
			size_t at = i * ng + keep[k];
			enum chart_fit_state st = fit->cells[at].state;
			if (st != CHART_FIT_NO_DATA)
				st = fit->need[at].value > 1 ? CHART_FIT_NEEDS
				     : fit->tight[at] ? CHART_FIT_TIGHT : CHART_FIT_FITS;
			count[st]++;
		}
	gc_fill(c, &c->desc, "chart.vram_fit.desc",
		 "sizes", gc_count_words(c, "chart.count.model_sizes", fit->nr),
		 "gpus", gc_count_words(c, "chart.count.gpus", nk),
		 "fits", gc_count_words(c, "chart.vram_fit.count_fits", count[CHART_FIT_FITS]),
		 "tight", gc_count_words(c, "chart.vram_fit.count_tight", count[CHART_FIT_TIGHT]),
		 "needs", gc_count_words(c, "chart.vram_fit.count_needs", count[CHART_FIT_NEEDS]),
		 NULL);
	if (count[CHART_FIT_NO_DATA]) {
		gc_sentence_gap(c);
		gc_fill(c, &c->desc, "chart.vram_fit.desc_nodata", "nodata",
			 gc_fmt_number(c, (double)count[CHART_FIT_NO_DATA]), NULL);
	}
	struct name_list omitted = { BUF_INIT, 0 };
	for (size_t j = 0, k = 0; j < ng; j++) {
		if (k < nk && keep[k] == j)
			k++;
		else
			gc_name_list_add_why(c, &omitted, gc_gpu_name(c, fit->gpus[j]), "why.no_vram");
	}
	gc_desc_missing(c, &omitted);
}

void guide_charts_hardware_build_vram_fit(struct gc *c)
{
	gc_fill(c, &c->title, "chart.vram_fit.title", NULL);
	struct fit fit = { 0 };
	fit_rules(c, &fit);
	fit_gpus(c, &fit);
	fit_heads(c, &fit);
	fit_cells(c, &fit);
	const size_t *count = fit.count;
	if (!count[CHART_FIT_FITS] && !count[CHART_FIT_NEEDS] && !count[CHART_FIT_TIGHT])
		gc_say_no_figure(c);
	else
		describe_fit(c, &fit);
	if (fit.nr && fit.ng)
		fit_table(c, &fit);
	fit_draw(c, &fit);
}

/* ---- spec: one figure of every GPU ---- */

struct spec_item {
	size_t gpu;
	struct figure f;
};

static int compare_spec_items(const void *x, const void *y)
{
	const struct spec_item *a = x, *b = y;
	bool ao = figure_ok(a->f), bo = figure_ok(b->f);
	if (ao != bo)
		return ao ? -1 : 1;
	if (ao && a->f.value != b->f.value)
		return a->f.value > b->f.value ? -1 : 1; /* largest first */
	return (a->gpu > b->gpu) - (a->gpu < b->gpu);
}

void guide_charts_hardware_build_spec(struct gc *c)
{
	const struct data *d = c->d;
	const char *fname = gc_spec_id(c->field);
	gc_fill(c, &c->title, arena_printf(&c->a, "chart.spec.title.%s", fname), NULL);
	gc_fill(c, &c->axis, arena_printf(&c->a, "chart.spec.axis.%s", fname), NULL);

	struct spec_item *items = gc_scratch(c, d->ngpus, sizeof *items);
	for (size_t g = 0; g < d->ngpus; g++)
		items[g] = (struct spec_item){ g, gc_spec_value(c, g, c->field) };
	qsort(items, d->ngpus, sizeof *items, compare_spec_items);

	struct chart_bar *bars = gc_scratch(c, d->ngpus, sizeof *bars);
	struct extremes e = { 0 };
	struct name_list missing = { BUF_INIT, 0 };
	for (size_t i = 0; i < d->ngpus; i++) {
		bool ok = figure_ok(items[i].f);
		bars[i] = (struct chart_bar){
			.label = gc_gpu_name(c, items[i].gpu),
			.value = items[i].f.value,
			.has_value = ok,
			.color = gc_gpu_color(c, items[i].gpu),
			.value_text = ok ? gc_fmt_spec(c, c->field, items[i].f.value) : NULL,
		};
		if (ok)
			gc_extremes_add(&e, items[i].f.value, i);
		else
			gc_name_list_add(c, &missing, bars[i].label);
	}
	/* the best is marked (every card that prints as it does), except for
	 * power, where less is not simply better */
	if (e.any && c->field != GC_SPEC_TDP)
		for (size_t i = 0; i < d->ngpus; i++)
			bars[i].highlight = bars[i].has_value &&
					    !strcmp(bars[i].value_text, bars[e.max_at].value_text);

	if (!e.any)
		gc_say_no_figure(c);
	else if (e.n == 1)
		gc_fill(c, &c->desc, "chart.desc.one", "gpu", bars[e.max_at].label,
			 "value", bars[e.max_at].value_text, NULL);
	else if (!strcmp(bars[e.min_at].value_text, bars[e.max_at].value_text))
		gc_fill(c, &c->desc, "chart.desc.all_alike",
			 "gpus", gc_bars_printed_as(c, bars, d->ngpus, bars[e.max_at].value_text),
			 "value", bars[e.max_at].value_text, NULL);
	else
		gc_fill(c, &c->desc, "chart.spec.desc",
			 "max_gpu", gc_bars_printed_as(c, bars, d->ngpus, bars[e.max_at].value_text),
			 "max", bars[e.max_at].value_text,
			 "min_gpu", gc_bars_printed_as(c, bars, d->ngpus, bars[e.min_at].value_text),
			 "min", bars[e.min_at].value_text, NULL);
	gc_desc_missing(c, &missing);

	if (d->ngpus) {
		gc_table_begin(c);
		gc_table_head(c, gc_tr(c, "chart.col.gpu"));
		gc_table_head(c, gc_spec_name(c, c->field)); /* its cells carry the unit */
		gc_table_body(c);
		for (size_t i = 0; i < d->ngpus; i++) {
			gc_table_row(c, bars[i].label);
			gc_table_figure(c, items[i].f, bars[i].value_text);
			gc_show_spec(c, items[i].gpu, c->field);
			gc_table_row_end(c);
		}
		gc_table_end(c);
	}
	gc_draw_hbar(c, bars, d->ngpus);
}
