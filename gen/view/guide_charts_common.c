/* guide_charts_common: one chart render's texts, names, figures, data table
 * and drawing, for the chart families (see guide_charts_common.h). */
#include "view/guide_charts_common.h"
#include "view/guide_ledger.h"
#include "model/i18n.h"

#include "base/digest.h"
#include "markdown/markdown.h"
#include "model/data.h"
#include "base/numfmt.h"
#include "view/site.h"
#include "base/text.h"
#include "base/buf.h"

#include <stdarg.h>
#include <string.h>

/* ---- spec fields ---- */

/* The gpus.csv column of each (data.h's gpu_columns: its name is field='s and
 * its i18n keys' suffix, its unit the chart's), -1 for TFLOPS per watt,
 * worked out from two of them. */
static const int spec_columns[GC_SPEC_COUNT] = {
	[GC_SPEC_BANDWIDTH] = GPU_COL_BANDWIDTH, [GC_SPEC_FP16] = GPU_COL_FP16,
	[GC_SPEC_TDP] = GPU_COL_TDP, [GC_SPEC_TFLOPS_PER_WATT] = -1,
	[GC_SPEC_VRAM] = GPU_COL_VRAM,
};

static const char *spec_unit_key(enum gc_spec f)
{
	int col = spec_columns[f];
	return col >= 0 ? gpu_columns[col].unit : guide_ledger_metric_unit("tflops_per_watt");
}

const char *gc_spec_id(enum gc_spec f)
{
	int col = spec_columns[f];
	return col >= 0 ? gpu_columns[col].name : "tflops_per_watt";
}

int gc_spec_find(const char *name)
{
	for (size_t f = 0; f < GC_SPEC_CHARTABLE; f++)
		if (!strcmp(gc_spec_id((enum gc_spec)f), name))
			return (int)f;
	return -1;
}

/* ---- texts ---- */

const char *gc_tr(const struct gc *c, const char *key)
{
	return i18n_get(&c->pc->in->i18n, c->l, key);
}

static void fill_v(const struct gc *c, struct buf *out, const char *key, va_list args)
{
	const char *names[16], *vals[16];
	size_t n = 0;
	for (const char *name; (name = va_arg(args, const char *));) {
		const char *v = va_arg(args, const char *);
		if (n < 16) {
			names[n] = name;
			vals[n] = v;
			n++;
		}
	}
	i18n_fill_key(out, &c->pc->in->i18n, c->l, key, names, vals, n);
}

void gc_fill(const struct gc *c, struct buf *out, const char *key, ...)
{
	va_list ap;
	va_start(ap, key);
	fill_v(c, out, key, ap);
	va_end(ap);
}

const char *gc_keep(struct gc *c, struct buf *b)
{
	const char *r = arena_strndup(&c->a, b->ptr, b->len);
	buf_release(b);
	return r;
}

const char *gc_fmt_number(struct gc *c, double v)
{
	struct buf b = BUF_INIT;
	i18n_format_number(&b, v, c->l);
	return gc_keep(c, &b);
}

const char *gc_fmt_usd(struct gc *c, double v)
{
	struct buf b = BUF_INIT;
	i18n_format_usd(&b, v, c->l);
	return gc_keep(c, &b);
}

const char *gc_fmt_unit(struct gc *c, double v, const char *unit_key)
{
	struct buf b = BUF_INIT;
	i18n_format_unit(&b, &c->pc->in->i18n, v, unit_key, c->l);
	return gc_keep(c, &b);
}

const char *gc_fmt_duration(struct gc *c, double hours)
{
	struct buf b = BUF_INIT;
	i18n_format_duration(&b, &c->pc->in->i18n, hours, c->l);
	return gc_keep(c, &b);
}

const char *gc_fmt_hourly(struct gc *c, double v)
{
	struct buf b = BUF_INIT;
	i18n_format_usd(&b, v, c->l);
	buf_adds(&b, gc_tr(c, "unit.per_hour"));
	return gc_keep(c, &b);
}

const char *gc_fmt_speed(struct gc *c, double v)
{
	return gc_fmt_unit(c, v, "unit.x");
}

const char *gc_fmt_spec(struct gc *c, enum gc_spec f, double v)
{
	return gc_fmt_unit(c, v, spec_unit_key(f));
}

const char *gc_filled(struct gc *c, const char *key, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	va_start(ap, key);
	fill_v(c, &b, key, ap);
	va_end(ap);
	return gc_keep(c, &b);
}

const char *gc_count_words(struct gc *c, const char *key, size_t n)
{
	return gc_filled(c, i18n_count_key(&c->a, key, n),
			 "n", gc_fmt_number(c, (double)n), NULL);
}

const char *gc_gpu_name(const struct gc *c, size_t g)
{
	return c->d->gpus[g].name;
}

int gc_gpu_color(const struct gc *c, size_t g)
{
	return (int)(c->d->gpus[g].row % CHART_COLORS);
}

const char *gc_bench_name(const struct gc *c, size_t b)
{
	const struct benchmark *x = &c->d->benchmarks[b];
	return c->l == LANG_ZH ? x->name_zh : x->name_en;
}

const char *gc_spec_name(struct gc *c, enum gc_spec f)
{
	/* a card's own spec is named as every table names it (gpu_specs), a
	 * figure derived from two specs by its methodology entry */
	const char *key = i18n_spec_key(gc_spec_id(f));
	return gc_tr(c, key ? key : i18n_method_key(gc_spec_id(f)));
}

const char *gc_baseline_name(const struct gc *c)
{
	long b = metrics_baseline(c->d, c->m);
	return b >= 0 ? gc_gpu_name(c, (size_t)b) : gc_tr(c, "chart.the_baseline");
}

void gc_name_list_add(const struct gc *c, struct name_list *nl, const char *name)
{
	if (nl->n++)
		buf_adds(&nl->b, gc_tr(c, "list.sep"));
	buf_adds(&nl->b, name);
}

const char *gc_bars_printed_as(struct gc *c, const struct chart_bar *bars, size_t n,
			       const char *text)
{
	struct name_list nl = { BUF_INIT, 0 };
	for (size_t i = 0; i < n; i++)
		if (bars[i].has_value && bars[i].value_text && !strcmp(bars[i].value_text, text))
			gc_name_list_add(c, &nl, bars[i].label);
	return gc_keep(c, &nl.b);
}

void gc_name_list_add_why(const struct gc *c, struct name_list *nl,
			   const char *name, const char *why)
{
	if (!why || !i18n_has(&c->pc->in->i18n, why)) {
		gc_name_list_add(c, nl, name);
		return;
	}
	struct buf b = BUF_INIT;
	gc_fill(c, &b, "chart.name_why", "name", name, "why", gc_tr(c, why), NULL);
	gc_name_list_add(c, nl, b.ptr);
	buf_release(&b);
}

void gc_say_no_figure(struct gc *c)
{
	gc_fill(c, &c->desc, "chart.desc.no_data", NULL);
	c->no_figure = true;
}

void gc_sentence_gap(struct gc *c)
{
	if (c->l != LANG_ZH && c->desc.len)
		buf_addc(&c->desc, ' ');
}

void gc_desc_missing(struct gc *c, struct name_list *nl)
{
	if (nl->n) {
		gc_sentence_gap(c);
		gc_fill(c, &c->desc, "chart.desc.missing", "gpus", nl->b.ptr, NULL);
	}
	buf_release(&nl->b);
}

/* ---- figures ---- */

struct figure gc_relative_speed(const struct gc *c, size_t b, size_t g)
{
	return metrics_speed_vs_baseline(c->d, c->m, b, g);
}

void gc_show_relative_speed(const struct gc *c, size_t b, size_t g)
{
	guide_ledger_show_relative_speed(c->pc, b, g);
}

bool gc_has_result(const struct gc *c, size_t b, size_t g)
{
	return figure_ok(metrics_result(c->d, b, g));
}

struct figure gc_spec_value(const struct gc *c, size_t g, enum gc_spec f)
{
	const struct gpu *x = &c->d->gpus[g];
	if (f == GC_SPEC_TFLOPS_PER_WATT)
		return metric_tflops_per_watt(gc_spec_value(c, g, GC_SPEC_FP16),
					      gc_spec_value(c, g, GC_SPEC_TDP));
	return figure_of(gpu_column_num(x, (enum gpu_column)spec_columns[f]),
			 f == GC_SPEC_VRAM ? "why.no_vram" : "why.not_stated");
}

void gc_show_spec(const struct gc *c, size_t g, enum gc_spec f)
{
	if (f == GC_SPEC_TFLOPS_PER_WATT)
		guide_ledger_metric(c->pc, "tflops_per_watt", g, -1, NULL);
	else
		guide_ledger_show_spec(c->pc, g, (enum gpu_column)spec_columns[f]);
}

/* ---- the data table ---- */

void gc_table_begin(struct gc *c)
{
	buf_adds(&c->table, "<table class=\"sortable\"><thead><tr>");
}

void gc_table_head(struct gc *c, const char *text)
{
	buf_adds(&c->table, "<th scope=\"col\">");
	text_escape_htmls(&c->table, text);
	buf_adds(&c->table, "</th>");
}

void gc_table_body(struct gc *c)
{
	buf_adds(&c->table, "</tr></thead><tbody>");
}

void gc_table_row(struct gc *c, const char *head)
{
	buf_adds(&c->table, "<tr><th scope=\"row\">");
	text_escape_htmls(&c->table, head);
	buf_adds(&c->table, "</th>");
}

void gc_table_row_end(struct gc *c)
{
	buf_adds(&c->table, "</tr>");
}

void gc_table_end(struct gc *c)
{
	buf_adds(&c->table, "</tbody></table>");
}

void gc_table_num(struct gc *c, const char *text, double raw)
{
	char sort[NUMFMT_MAX];
	buf_adds(&c->table, "<td class=\"num\" data-sort=\"");
	buf_add(&c->table, sort, numfmt_g(sort, sizeof sort, raw, 15));
	buf_adds(&c->table, "\">");
	text_escape_htmls(&c->table, text);
	buf_adds(&c->table, "</td>");
}

/* "no data", with the reason when the i18n table has one. */
static const char *no_data_text(struct gc *c, const char *why)
{
	if (why && i18n_has(&c->pc->in->i18n, why))
		return gc_filled(c, "chart.why", "no_data", gc_tr(c, "no_data"), "why",
				  gc_tr(c, why), NULL);
	return gc_tr(c, "no_data");
}

void gc_table_nodata(struct gc *c, const char *why)
{
	buf_adds(&c->table, "<td class=\"nodata\" data-sort=\"\"");
	site_nodata_cell(c->pc->in, c->l, no_data_text(c, why), &c->table);
	buf_adds(&c->table, "</td>");
	c->table_nodata = true;
}

void gc_table_figure(struct gc *c, struct figure f, const char *text)
{
	if (figure_ok(f))
		gc_table_num(c, text, f.value);
	else
		gc_table_nodata(c, f.missing);
}

/* ---- drawing ---- */

struct chart_text gc_chart_texts(const struct gc *c)
{
	struct chart_text t = {
		.title = c->title.ptr,
		.desc = c->desc.ptr,
		.axis_title = c->axis.len ? c->axis.ptr : NULL,
		.axis2_title = c->axis2.len ? c->axis2.ptr : NULL,
		.log_scale = gc_tr(c, "chart.log_scale"),
	};
	site_chart_words(c->pc->in, c->l, &t);
	return t;
}

const char *gc_compact_id(struct gc *c)
{
	return arena_printf(&c->a, "%s-compact", c->ids[c->nids - 1]);
}

struct chart_text gc_compact_texts(const struct gc *c)
{
	struct chart_text t = gc_chart_texts(c);
	t.width = CHART_WIDTH_COMPACT;
	return t;
}

/* A chart's drawings (each id's and the compact one) are kept in the memo
 * (markdown.h's interface) under the digest of all they are drawn from:
 * a page kept as published, or one whose chart did not change, does not
 * lay out and write its SVG again. The record: each drawing's bytes. */
static struct digest_value drawing_key(struct digest *d)
{
	digest_add_str(d, "guide chart drawings");
	return digest_end(d);
}

/* The drawings of `key` appended to c->svg[] and c->compact: true, or
 * false (nothing appended) when the memo has none. */
static bool drawings_from_memo(struct gc *c, struct digest_value key)
{
	const struct markdown_memo *memo = c->pc->in->markdown_memo;
	struct buf rec = BUF_INIT;
	bool ok = memo && memo->find(memo->ctx, key, &rec) == 0;
	struct buf_reader r = { (const unsigned char *)rec.ptr, rec.len, false };
	const char *part[3];
	size_t len[3], n = c->nids + 1;
	for (size_t i = 0; ok && i < n; i++)
		ok = (part[i] = buf_read_counted(&r, &len[i])) != NULL;
	ok = ok && !r.bad && !r.left;
	for (size_t i = 0; ok && i < n; i++)
		buf_add(i < c->nids ? &c->svg[i] : &c->compact, part[i], len[i]);
	buf_release(&rec);
	return ok;
}

/* Keep what was drawn from lengths `at` on (c->svg[i] from at[i], then the
 * compact one from at[nids]). */
static void drawings_to_memo(struct gc *c, struct digest_value key, const size_t *at)
{
	const struct markdown_memo *memo = c->pc->in->markdown_memo;
	if (!memo)
		return;
	struct buf rec = BUF_INIT;
	size_t need = 0; /* made room for at once: a drawing is kilobytes */
	for (size_t i = 0; i <= c->nids; i++) {
		const struct buf *b = i < c->nids ? &c->svg[i] : &c->compact;
		need += 8 + b->len - at[i];
	}
	buf_grow(&rec, need);
	for (size_t i = 0; i <= c->nids; i++) {
		const struct buf *b = i < c->nids ? &c->svg[i] : &c->compact;
		buf_add_counted(&rec, b->ptr + at[i], b->len - at[i]);
	}
	memo->keep(memo->ctx, key, rec.ptr, rec.len);
	buf_release(&rec);
}

static void drawn_from(const struct gc *c, size_t *at)
{
	for (size_t i = 0; i < c->nids; i++)
		at[i] = c->svg[i].len;
	at[c->nids] = c->compact.len;
}

void gc_draw_hbar(struct gc *c, const struct chart_bar *bars, size_t n)
{
	struct chart_text t = gc_chart_texts(c), tc = gc_compact_texts(c);
	const char *compact_id = gc_compact_id(c);
	struct digest d;
	digest_init(&d);
	for (size_t i = 0; i < c->nids; i++)
		chart_hbar_digest(&d, c->ids[i], &t, bars, n);
	chart_hbar_digest(&d, compact_id, &tc, bars, n);
	struct digest_value key = drawing_key(&d);
	c->drawing = key;
	c->drawn = true;
	c->wide_w = CHART_WIDTH;
	if (drawings_from_memo(c, key))
		return;
	size_t at[3];
	drawn_from(c, at);
	for (size_t i = 0; i < c->nids; i++)
		chart_hbar(&c->svg[i], c->ids[i], &t, bars, n);
	chart_hbar(&c->compact, compact_id, &tc, bars, n);
	drawings_to_memo(c, key, at);
}

void gc_draw_grouped(struct gc *c, const char *const *groups, size_t ng,
		      const struct chart_series *series, size_t ns,
		      const struct chart_value *values)
{
	struct chart_text t = gc_chart_texts(c), tc = gc_compact_texts(c);
	const char *compact_id = gc_compact_id(c);
	struct digest d;
	digest_init(&d);
	for (size_t i = 0; i < c->nids; i++)
		chart_grouped_digest(&d, c->ids[i], &t, groups, ng, series, ns, values);
	chart_grouped_digest(&d, compact_id, &tc, groups, ng, series, ns, values);
	struct digest_value key = drawing_key(&d);
	c->drawing = key;
	c->drawn = true;
	c->wide_w = CHART_WIDTH;
	if (drawings_from_memo(c, key))
		return;
	size_t at[3];
	drawn_from(c, at);
	for (size_t i = 0; i < c->nids; i++)
		chart_grouped(&c->svg[i], c->ids[i], &t, groups, ng, series, ns, values);
	chart_grouped(&c->compact, compact_id, &tc, groups, ng, series, ns, values);
	drawings_to_memo(c, key, at);
}

void *gc_scratch(struct gc *c, size_t n, size_t size)
{
	return arena_alloc(&c->a, (n ? n : 1) * size);
}

/* ---- extremes for the descriptions ---- */

void gc_extremes_add(struct extremes *e, double v, size_t at)
{
	if (!e->any || v > e->max) {
		e->max = v;
		e->max_at = at;
	}
	if (!e->any || v < e->min) {
		e->min = v;
		e->min_at = at;
	}
	e->any = true;
	e->n++;
}
