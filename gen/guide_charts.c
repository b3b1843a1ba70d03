/* guide_charts: the guide's data mapped onto the generic charts of chart.h.
 *
 * A render goes: check the request (name, arguments, ids) -> pick the chart's
 * ids (standalone and inline) -> build: texts from i18n, chart inputs, the
 * data table -> draw the SVG once per id -> append the <figure> and keep the
 * standalone SVG for guide_charts_write. Scratch strings of one render live
 * in a local arena freed at its end; what the module keeps is malloc'd and
 * freed by guide_charts_free. */
#include "guide_charts.h"

#include "arena.h"
#include "buf.h"
#include "chart.h"
#include "data.h"
#include "diag.h"
#include "metrics.h"
#include "numfmt.h"
#include "output.h"
#include "site.h"
#include "strmap.h"
#include "text.h"
#include "xalloc.h"

#include <pthread.h>

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- what the module keeps in s->charts ---- */

struct chart_file {
	enum lang lang;
	char *id;
	char *svg; /* a whole standalone document */
	size_t len;
};

/* What the module keeps: the standalone files (in the order first drawn),
 * which ids have one, and how often each chart id is placed on each page (to
 * make inline ids unique on a page). Pages render on several threads at
 * once: `lock` guards all of it. */
struct guide_charts {
	pthread_mutex_t lock;
	struct chart_file *files;
	size_t nfiles, cap_files;
	struct strmap file_ids; /* "lang/id" -> index into claims */
	struct strmap uses;     /* "lang/page/id" -> times placed */
	/* what each standalone file shows, so that two different charts whose
	 * ids come out the same (gpu=aa-bb other=cc and gpu=aa other=bb-cc)
	 * are an error rather than one file for both */
	char **claims;
	size_t nclaims, cap_claims;
};

void guide_charts_init(struct site *s)
{
	if (s->charts)
		return;
	struct guide_charts *g = xcalloc(1, sizeof *g);
	pthread_mutex_init(&g->lock, NULL);
	s->charts = g;
}

/* The start of a standalone file: a render draws its first SVG after it
 * (struct gc), so the file is written from the drawing without a copy. */
static const char xml_decl[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
#define XML_DECL_LEN (sizeof xml_decl - 1)

/* True the first time a chart (language and id) is seen. `what` says
 * which chart it is (chart_claim); a chart seen before under the same id
 * but showing something else sets *other to what that one showed (a copy
 * to free), and is not a first sight. */
static bool first_sight(struct guide_charts *g, enum lang l, const char *id,
			const char *what, char **other)
{
	struct buf key = BUF_INIT;
	buf_addf(&key, "%s/%s", lang_code(l), id);
	bool created;
	*other = NULL;
	pthread_mutex_lock(&g->lock);
	size_t *slot = strmap_slot(&g->file_ids, key.ptr, &created);
	if (created) {
		*slot = g->nclaims;
		ALLOC_GROW(g->claims, g->nclaims, g->cap_claims);
		g->claims[g->nclaims++] = xstrdup(what);
	} else if (strcmp(g->claims[*slot], what)) {
		*other = xstrdup(g->claims[*slot]);
	}
	pthread_mutex_unlock(&g->lock);
	buf_release(&key);
	return created;
}

/* Keep a standalone file for guide_charts_write (charts drawn while the
 * pages are planned, before there is an output to write to). */
static void keep_file(struct guide_charts *g, enum lang l, const char *id,
		      const struct buf *doc)
{
	char *copy = xmalloc(doc->len + 1);
	memcpy(copy, doc->ptr, doc->len + 1);
	pthread_mutex_lock(&g->lock);
	ALLOC_GROW(g->files, g->nfiles, g->cap_files);
	struct chart_file *f = &g->files[g->nfiles++];
	f->lang = l;
	f->id = xstrdup(id);
	f->svg = copy;
	f->len = doc->len;
	pthread_mutex_unlock(&g->lock);
}

/* Write or keep the standalone file of a chart seen for the first time:
 * while pages render it goes straight to the output (thousands of
 * comparison charts need not wait in memory); a check keeps nothing.
 * `doc` is the XML declaration and the SVG (svg[0] of a render): the file
 * is that and a newline, added here and taken off again. */
static int place_file(struct site *s, struct guide_charts *g, enum lang l,
		      const char *id, const char *what, struct buf *doc)
{
	char *other;
	bool first = first_sight(g, l, id, what, &other);
	if (other) {
		/* in a fixed order: which one rendered first depends on threads */
		bool swap = strcmp(other, what) > 0;
		diag_error(s->diag, NULL, 0, 0,
			   "two charts would be the same file charts/%s/%s.svg: %s, and %s; rename one of the ids",
			   lang_code(l), id, swap ? what : other, swap ? other : what);
		free(other);
		return -1;
	}
	if (!s->opt.write || !first)
		return 0;
	int rc = 0;
	buf_addc(doc, '\n');
	if (!s->out) {
		keep_file(g, l, id, doc);
	} else {
		struct buf rel = BUF_INIT;
		buf_addf(&rel, "charts/%s/%s.svg", lang_code(l), id);
		rc = output_add_to(s->out, rel.ptr, doc->ptr, doc->len, s->diag);
		buf_release(&rel);
	}
	buf_truncate(doc, doc->len - 1);
	return rc;
}

/* How many times the chart `id` is already on the page, then count this one. */
static size_t count_use(struct guide_charts *g, enum lang l, const char *page,
			const char *id)
{
	struct buf key = BUF_INIT;
	buf_addf(&key, "%s/%s/%s", lang_code(l), page, id);
	size_t *n = strmap_slot(&g->uses, key.ptr, NULL);
	buf_release(&key);
	return (*n)++;
}

/* ---- the charts and their arguments ---- */

enum chart_kind {
	KIND_RELATIVE_SPEED,
	KIND_TASK_COST,
	KIND_TASK_HOURS,
	KIND_PRICE_SPEED,
	KIND_VRAM_FIT,
	KIND_SPEC,
	KIND_GPU,
	KIND_PAIR,
};

enum { ARG_TASK = 1, ARG_FIELD = 2, ARG_GPU = 4, ARG_OTHER = 8 };

static const struct {
	const char *name;
	enum chart_kind kind;
	unsigned args; /* ARG_* the chart needs (and the only ones it takes) */
} kinds[] = {
	{ "relative-speed", KIND_RELATIVE_SPEED, 0 },
	{ "task-cost", KIND_TASK_COST, ARG_TASK },
	{ "task-hours", KIND_TASK_HOURS, ARG_TASK },
	{ "price-vs-speed", KIND_PRICE_SPEED, 0 },
	{ "vram-fit", KIND_VRAM_FIT, 0 },
	{ "spec", KIND_SPEC, ARG_FIELD },
	{ "gpu", KIND_GPU, ARG_GPU },
	{ "pair", KIND_PAIR, ARG_GPU | ARG_OTHER },
};

/* GPU figures a chart can show. The first SPEC_CHARTABLE are the fields of
 * the "spec" chart; KEY_SPECS are those of the gpu and pair charts. */
enum spec_field {
	SPEC_BANDWIDTH,
	SPEC_FP16,
	SPEC_TDP,
	SPEC_TFLOPS_PER_WATT,
	SPEC_VRAM,
	SPEC_COUNT
};
#define SPEC_CHARTABLE 4

static const struct {
	const char *name; /* field= and the suffix of its i18n keys */
	const char *unit_key;
} specs[SPEC_COUNT] = {
	[SPEC_BANDWIDTH] = { "bandwidth_gbs", "unit.gbs" },
	[SPEC_FP16] = { "fp16_tflops", "unit.tflops" },
	[SPEC_TDP] = { "tdp_w", "unit.w" },
	[SPEC_TFLOPS_PER_WATT] = { "tflops_per_watt", "unit.tflops_per_w" },
	[SPEC_VRAM] = { "vram_gb", "unit.gb" },
};

static const enum spec_field key_specs[] = {
	SPEC_VRAM, SPEC_BANDWIDTH, SPEC_FP16, SPEC_TDP
};
#define NKEY_SPECS (sizeof key_specs / sizeof key_specs[0])

static const char *const precisions[] = { "fp32", "fp16", "bf16", "int8", "int4" };
#define NPRECISIONS (sizeof precisions / sizeof precisions[0])

/* One render in progress. */
struct gc {
	struct site *s;
	const struct data *d;
	const struct metrics *m;
	enum lang l;
	enum chart_kind kind;
	size_t task, gpu, other;
	enum spec_field field;
	struct arena a;            /* scratch strings of this render */
	const char *ids[2];        /* [0] the standalone id, [1] inline if other */
	struct buf svg[2];         /* svg[0] after xml_decl (see place_file) */
	size_t nids;
	struct buf compact;        /* the inline variant for a phone's column */
	double wide_w;             /* the viewBox width of svg[] */
	struct buf title, desc, axis, axis2;
	struct buf table;          /* <table>...</table>, empty for no rows */
	bool table_nodata;         /* the table has a "no data" mark */
};

/* ---- texts ---- */

static const char *tr(const struct gc *c, const char *key)
{
	return i18n_get(&c->s->i18n, c->l, key);
}

/* Append the text of `key` with each "{name}" replaced by its value; the
 * variable arguments are name, value pairs ending with NULL (a NULL value
 * is the empty string). A placeholder no pair names is an error reported
 * before the build publishes (i18n_fill_key). */
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
	i18n_fill_key(out, &c->s->i18n, c->l, key, names, vals, n);
}

static void fill(const struct gc *c, struct buf *out, const char *key, ...)
	__attribute__((sentinel));
static void fill(const struct gc *c, struct buf *out, const char *key, ...)
{
	va_list ap;
	va_start(ap, key);
	fill_v(c, out, key, ap);
	va_end(ap);
}

/* The contents of `b` copied to the render's arena; `b` is released. */
static const char *keep_buf(struct gc *c, struct buf *b)
{
	const char *r = arena_strndup(&c->a, b->ptr, b->len);
	buf_release(b);
	return r;
}

static const char *fmt_number(struct gc *c, double v)
{
	struct buf b = BUF_INIT;
	i18n_format_number(&b, v, c->l);
	return keep_buf(c, &b);
}

static const char *fmt_usd(struct gc *c, double v)
{
	struct buf b = BUF_INIT;
	i18n_format_usd(&b, v, c->l);
	return keep_buf(c, &b);
}

static const char *fmt_unit(struct gc *c, double v, const char *unit_key)
{
	struct buf b = BUF_INIT;
	i18n_format_unit(&b, &c->s->i18n, v, unit_key, c->l);
	return keep_buf(c, &b);
}

/* "$0.39/h" */
static const char *fmt_hourly(struct gc *c, double v)
{
	struct buf b = BUF_INIT;
	i18n_format_usd(&b, v, c->l);
	buf_adds(&b, tr(c, "unit.per_hour"));
	return keep_buf(c, &b);
}

static const char *fmt_speed(struct gc *c, double v)
{
	return fmt_unit(c, v, "unit.x");
}

static const char *fmt_spec(struct gc *c, enum spec_field f, double v)
{
	return fmt_unit(c, v, specs[f].unit_key);
}

/* The text of `key` with placeholders filled, as an arena string. */
static const char *filled(struct gc *c, const char *key, ...)
	__attribute__((sentinel));
static const char *filled(struct gc *c, const char *key, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	va_start(ap, key);
	fill_v(c, &b, key, ap);
	va_end(ap);
	return keep_buf(c, &b);
}

static const char *gpu_name(const struct gc *c, size_t g)
{
	return c->d->gpus[g].name;
}

/* The colour of a GPU in every chart: its row in gpus.csv, modulo 8. */
static int gpu_color(const struct gc *c, size_t g)
{
	return (int)(c->d->gpus[g].row % CHART_COLORS);
}

static const char *bench_name(const struct gc *c, size_t b)
{
	const struct benchmark *x = &c->d->benchmarks[b];
	return c->l == LANG_ZH ? x->name_zh : x->name_en;
}

static const char *task_name(const struct gc *c, size_t t)
{
	const struct task *x = &c->d->tasks[t];
	return c->l == LANG_ZH ? x->name_zh : x->name_en;
}

static const char *spec_name(struct gc *c, enum spec_field f)
{
	return tr(c, arena_printf(&c->a, "chart.spec.name.%s", specs[f].name));
}

static const char *baseline_name(const struct gc *c)
{
	long b = c->m->baseline_gpu;
	return b >= 0 ? gpu_name(c, (size_t)b) : tr(c, "chart.the_baseline");
}

/* A list of names joined for reading ("A, B" / "A、B"). */
struct name_list {
	struct buf b;
	size_t n;
};

static void name_list_add(const struct gc *c, struct name_list *nl, const char *name)
{
	if (nl->n++)
		buf_adds(&nl->b, c->l == LANG_ZH ? "、" : ", ");
	buf_adds(&nl->b, name);
}

/* The same with the reason a figure is missing, when the i18n table has
 * its text: "H100 80GB (no rental price seen)". */
static void name_list_add_why(const struct gc *c, struct name_list *nl,
			      const char *name, const char *why)
{
	if (!why || !i18n_has(&c->s->i18n, why)) {
		name_list_add(c, nl, name);
		return;
	}
	struct buf b = BUF_INIT;
	fill(c, &b, "chart.name_why", "name", name, "why", tr(c, why), NULL);
	name_list_add(c, nl, b.ptr);
	buf_release(&b);
}

/* Between two sentences: a space in English, nothing after a Chinese full
 * stop. */
static void sentence_gap(struct gc *c)
{
	if (c->l != LANG_ZH && c->desc.len)
		buf_addc(&c->desc, ' ');
}

/* Append "No figure for: A, B." to the description when some are missing. */
static void desc_missing(struct gc *c, struct name_list *nl)
{
	if (nl->n) {
		sentence_gap(c);
		fill(c, &c->desc, "chart.desc.missing", "gpus", nl->b.ptr, NULL);
	}
	buf_release(&nl->b);
}

/* ---- figures ---- */

static struct figure figure_missing(const char *why)
{
	return (struct figure){ 0, why };
}

static bool is_relative_speed(const struct benchmark *b)
{
	return b->kind && !strcmp(b->kind, "relative-speed");
}

/* A GPU's relative speed on one benchmark, against the baseline (the raw
 * result when there is no baseline). */
static struct figure relative_speed(const struct gc *c, size_t b, size_t g)
{
	long base = c->m->baseline_gpu;
	if (base < 0)
		return metrics_result(c->d, b, g);
	return metrics_speed_ratio(c->d, b, g, (size_t)base);
}

static bool has_result(const struct gc *c, size_t b, size_t g)
{
	return figure_ok(metrics_result(c->d, b, g));
}

/* The mean relative speed over the relative-speed benchmarks it has. */
static struct figure mean_relative_speed(const struct gc *c, size_t g)
{
	double sum = 0;
	size_t n = 0;
	for (size_t b = 0; b < c->d->nbenchmarks; b++) {
		if (!is_relative_speed(&c->d->benchmarks[b]))
			continue;
		struct figure f = relative_speed(c, b, g);
		if (figure_ok(f)) {
			sum += f.value;
			n++;
		}
	}
	return n ? (struct figure){ sum / (double)n, NULL }
		 : figure_missing("why.no_result");
}

static struct figure spec_value(const struct gc *c, size_t g, enum spec_field f)
{
	const struct gpu *x = &c->d->gpus[g];
	switch (f) {
	case SPEC_BANDWIDTH:
		return figure_of(x->bandwidth_gbs, "why.not_stated");
	case SPEC_FP16:
		return figure_of(x->fp16_tflops, "why.not_stated");
	case SPEC_TDP:
		return figure_of(x->tdp_w, "why.not_stated");
	case SPEC_TFLOPS_PER_WATT:
		return metric_tflops_per_watt(figure_of(x->fp16_tflops, "why.not_stated"),
					      figure_of(x->tdp_w, "why.not_stated"));
	case SPEC_VRAM:
	case SPEC_COUNT:
		break;
	}
	return figure_of(x->vram_gb, "why.no_vram");
}

/* The largest value of a spec over every GPU (0 when none has it). */
static double spec_max(const struct gc *c, enum spec_field f, size_t *at)
{
	double max = 0;
	for (size_t g = 0; g < c->d->ngpus; g++) {
		struct figure v = spec_value(c, g, f);
		if (figure_ok(v) && v.value > max) {
			max = v.value;
			*at = g;
		}
	}
	return max;
}

/* ---- the data table ---- */

static void table_begin(struct gc *c)
{
	buf_adds(&c->table, "<table class=\"sortable\"><thead><tr>");
}

static void table_head(struct gc *c, const char *text)
{
	buf_adds(&c->table, "<th scope=\"col\">");
	text_escape_htmls(&c->table, text);
	buf_adds(&c->table, "</th>");
}

static void table_body(struct gc *c)
{
	buf_adds(&c->table, "</tr></thead><tbody>");
}

static void table_row(struct gc *c, const char *head)
{
	buf_adds(&c->table, "<tr><th scope=\"row\">");
	text_escape_htmls(&c->table, head);
	buf_adds(&c->table, "</th>");
}

static void table_row_end(struct gc *c)
{
	buf_adds(&c->table, "</tr>");
}

static void table_end(struct gc *c)
{
	buf_adds(&c->table, "</tbody></table>");
}

/* A number as shown, with the figure itself in data-sort for sorting. */
static void table_num(struct gc *c, const char *text, double raw)
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
	if (why && i18n_has(&c->s->i18n, why))
		return filled(c, "chart.why", "no_data", tr(c, "no_data"), "why",
			      tr(c, why), NULL);
	return tr(c, "no_data");
}

static void table_nodata(struct gc *c, const char *why)
{
	buf_adds(&c->table, "<td class=\"nodata\" data-sort=\"\"");
	site_nodata_cell(c->s, c->l, no_data_text(c, why), &c->table);
	buf_adds(&c->table, "</td>");
	c->table_nodata = true;
}

static void table_figure(struct gc *c, struct figure f, const char *text)
{
	if (figure_ok(f))
		table_num(c, text, f.value);
	else
		table_nodata(c, f.missing);
}

/* ---- drawing: one SVG per id ---- */

static struct chart_text chart_texts(const struct gc *c)
{
	return (struct chart_text){
		.title = c->title.ptr,
		.desc = c->desc.ptr,
		.axis_title = c->axis.len ? c->axis.ptr : NULL,
		.axis2_title = c->axis2.len ? c->axis2.ptr : NULL,
		.no_data = tr(c, "no_data"),
		.log_scale = tr(c, "chart.log_scale"),
	};
}

/* Every chart is drawn twice: CHART_WIDTH wide (a fit matrix up to
 * WIDE_MAX) for the standalone file and wide columns, and
 * CHART_WIDTH_COMPACT wide for a phone's column (inline only, id
 * "<inline id>-compact"); append_figure shows the one that fits (see
 * figure_tier). Text is then never under CHART_FONT_SMALL CSS px. */
#define WIDE_MAX 768.0 /* style.css: figure.chart svg { max-width: 48rem } */

static const char *compact_id(struct gc *c)
{
	return arena_printf(&c->a, "%s-compact", c->ids[c->nids - 1]);
}

static struct chart_text compact_texts(const struct gc *c)
{
	struct chart_text t = chart_texts(c);
	t.width = CHART_WIDTH_COMPACT;
	return t;
}

static void draw_hbar(struct gc *c, const struct chart_bar *bars, size_t n)
{
	struct chart_text t = chart_texts(c);
	for (size_t i = 0; i < c->nids; i++)
		chart_hbar(&c->svg[i], c->ids[i], &t, bars, n);
	t = compact_texts(c);
	chart_hbar(&c->compact, compact_id(c), &t, bars, n);
	c->wide_w = CHART_WIDTH;
}

static void draw_grouped(struct gc *c, const char *const *groups, size_t ng,
			 const struct chart_series *series, size_t ns,
			 const struct chart_value *values)
{
	struct chart_text t = chart_texts(c);
	for (size_t i = 0; i < c->nids; i++)
		chart_grouped(&c->svg[i], c->ids[i], &t, groups, ng, series, ns,
			      values);
	t = compact_texts(c);
	chart_grouped(&c->compact, compact_id(c), &t, groups, ng, series, ns,
		      values);
	c->wide_w = CHART_WIDTH;
}

static void *scratch(struct gc *c, size_t n, size_t size)
{
	return arena_alloc(&c->a, (n ? n : 1) * size);
}

/* ---- extremes for the descriptions ---- */

struct extremes {
	bool any;
	size_t n;
	double min, max;
	size_t min_at, max_at; /* caller's item indexes */
};

static void extremes_add(struct extremes *e, double v, size_t at)
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

/* ---- relative-speed: every workload x every GPU with results ---- */

/* The relative-speed benchmarks with at least one result, in file order. */
static size_t speed_benchmarks(struct gc *c, size_t *out)
{
	size_t n = 0;
	for (size_t b = 0; b < c->d->nbenchmarks; b++) {
		if (!is_relative_speed(&c->d->benchmarks[b]))
			continue;
		for (size_t g = 0; g < c->d->ngpus; g++)
			if (has_result(c, b, g)) {
				out[n++] = b;
				break;
			}
	}
	return n;
}

static bool gpu_has_speed(struct gc *c, size_t g, const size_t *bench, size_t nb)
{
	for (size_t i = 0; i < nb; i++)
		if (has_result(c, bench[i], g))
			return true;
	return false;
}

static void build_relative_speed(struct gc *c)
{
	const struct data *d = c->d;
	size_t *bench = scratch(c, d->nbenchmarks, sizeof *bench);
	size_t nb = speed_benchmarks(c, bench);
	size_t *gpus = scratch(c, d->ngpus, sizeof *gpus);
	size_t ng = 0;
	for (size_t g = 0; g < d->ngpus; g++)
		if (gpu_has_speed(c, g, bench, nb))
			gpus[ng++] = g;

	const char *base = baseline_name(c);
	fill(c, &c->title, "chart.relative_speed.title", "baseline", base, NULL);
	fill(c, &c->axis, "chart.relative_speed.axis", "baseline", base, NULL);

	const char **groups = scratch(c, nb, sizeof *groups);
	struct chart_series *series = scratch(c, ng, sizeof *series);
	struct chart_value *values = scratch(c, nb * ng, sizeof *values);
	struct extremes e = { 0 }, all = { 0 };
	for (size_t j = 0; j < ng; j++)
		series[j] = (struct chart_series){ gpu_name(c, gpus[j]),
						   gpu_color(c, gpus[j]), false };
	for (size_t i = 0; i < nb; i++) {
		groups[i] = bench_name(c, bench[i]);
		for (size_t j = 0; j < ng; j++) {
			struct figure f = relative_speed(c, bench[i], gpus[j]);
			struct chart_value *v = &values[i * ng + j];
			v->has_value = figure_ok(f);
			if (!v->has_value)
				continue;
			v->value = f.value;
			v->value_text = fmt_speed(c, f.value);
			/* the baseline is 1 everywhere: describe the others */
			if ((long)gpus[j] != c->m->baseline_gpu)
				extremes_add(&e, f.value, i * ng + j);
			extremes_add(&all, f.value, i * ng + j);
		}
	}
	if (!e.any)
		e = all;
	if (!e.any) {
		fill(c, &c->desc, "chart.desc.no_data", NULL);
	} else {
		fill(c, &c->desc, "chart.relative_speed.desc",
		     "count", fmt_number(c, (double)ng),
		     "workloads", fmt_number(c, (double)nb), "baseline", base,
		     "max_gpu", gpu_name(c, gpus[e.max_at % ng]),
		     "max_bench", groups[e.max_at / ng], "max", fmt_speed(c, e.max),
		     "min_gpu", gpu_name(c, gpus[e.min_at % ng]),
		     "min_bench", groups[e.min_at / ng], "min", fmt_speed(c, e.min),
		     NULL);
		table_begin(c);
		table_head(c, tr(c, "chart.col.gpu"));
		for (size_t i = 0; i < nb; i++)
			table_head(c, groups[i]);
		table_body(c);
		for (size_t j = 0; j < ng; j++) {
			table_row(c, gpu_name(c, gpus[j]));
			for (size_t i = 0; i < nb; i++) {
				const struct chart_value *v = &values[i * ng + j];
				table_figure(c, relative_speed(c, bench[i], gpus[j]),
					     v->value_text);
			}
			table_row_end(c);
		}
		table_end(c);
	}
	draw_grouped(c, groups, nb, series, e.any ? ng : 0, values);
}

/* ---- task-cost / task-hours: one task on every GPU that ran it ---- */

struct task_item {
	size_t gpu;
	const struct task_cost *tc;
	struct figure f;
};

static int compare_task_items(const void *x, const void *y)
{
	const struct task_item *a = x, *b = y;
	bool ao = figure_ok(a->f), bo = figure_ok(b->f);
	if (ao != bo)
		return ao ? -1 : 1;
	if (ao && a->f.value != b->f.value)
		return a->f.value < b->f.value ? -1 : 1;
	return (a->gpu > b->gpu) - (a->gpu < b->gpu);
}

/* A job's cost or time as text, a range when the time is one
 * ("$1.76–$3.52", "4–8 h"). */
static const char *task_figure_text(struct gc *c, const struct task_cost *tc,
				    bool cost)
{
	struct figure lo = cost ? tc->cost : tc->hours;
	struct figure hi = cost ? tc->cost_max : tc->hours_max;
	if (!figure_ok(lo))
		return NULL;
	if (!figure_ok(hi))
		return cost ? fmt_usd(c, lo.value) : fmt_unit(c, lo.value, "unit.h");
	if (cost)
		return filled(c, "chart.range", "low", fmt_usd(c, lo.value),
			      "high", fmt_usd(c, hi.value), NULL);
	return filled(c, "chart.range", "low", fmt_number(c, lo.value),
		      "high", fmt_unit(c, hi.value, "unit.h"), NULL);
}

static void build_task(struct gc *c, bool cost)
{
	const struct data *d = c->d;
	const char *tname = task_name(c, c->task);
	fill(c, &c->title, cost ? "chart.task_cost.title" : "chart.task_hours.title",
	     "task", tname, NULL);
	fill(c, &c->axis, cost ? "chart.task_cost.axis" : "chart.task_hours.axis", NULL);

	struct task_item *items = scratch(c, d->ngpus, sizeof *items);
	size_t n = 0;
	for (size_t g = 0; g < d->ngpus; g++) {
		const struct task_cost *tc = metrics_task_cost(d, c->m, c->task, g);
		if (!tc || tc->time_row < 0)
			continue;
		items[n++] = (struct task_item){ g, tc, cost ? tc->cost : tc->hours };
	}
	qsort(items, n, sizeof *items, compare_task_items);

	struct chart_bar *bars = scratch(c, n, sizeof *bars);
	const char **texts = scratch(c, n, sizeof *texts);
	struct extremes e = { 0 };
	struct name_list missing = { BUF_INIT, 0 };
	for (size_t i = 0; i < n; i++) {
		const struct task_item *it = &items[i];
		const char *label = gpu_name(c, it->gpu);
		if (it->tc->gpu_count > 1)
			label = filled(c, "chart.cards", "gpu", label, "n",
				       fmt_number(c, it->tc->gpu_count), NULL);
		bool ok = figure_ok(it->f);
		texts[i] = ok ? task_figure_text(c, it->tc, cost) : NULL;
		bars[i] = (struct chart_bar){
			.label = label,
			.value = it->f.value,
			.has_value = ok,
			.color = gpu_color(c, it->gpu),
			.highlight = ok && (cost ? it->tc->cheapest : it->tc->fastest),
			.value_text = texts[i],
		};
		if (ok)
			extremes_add(&e, it->f.value, i);
		else
			name_list_add_why(c, &missing, label, it->f.missing);
	}

	if (!e.any)
		fill(c, &c->desc, "chart.desc.no_data", NULL);
	else if (e.n == 1)
		fill(c, &c->desc, "chart.desc.one", "gpu", bars[e.min_at].label,
		     "value", texts[e.min_at], NULL);
	else
		fill(c, &c->desc, cost ? "chart.task_cost.desc" : "chart.task_hours.desc",
		     "best_gpu", bars[e.min_at].label, "best", texts[e.min_at],
		     "worst_gpu", bars[e.max_at].label, "worst", texts[e.max_at],
		     NULL);
	desc_missing(c, &missing);

	if (n) {
		table_begin(c);
		table_head(c, tr(c, "chart.col.gpu"));
		table_head(c, tr(c, "chart.col.cards"));
		table_head(c, tr(c, "chart.col.hours"));
		if (cost) {
			table_head(c, tr(c, "chart.col.price"));
			table_head(c, tr(c, "chart.col.cost"));
		}
		table_body(c);
		for (size_t i = 0; i < n; i++) {
			const struct task_cost *tc = items[i].tc;
			table_row(c, gpu_name(c, items[i].gpu));
			table_num(c, fmt_number(c, tc->gpu_count), tc->gpu_count);
			table_figure(c, tc->hours, task_figure_text(c, tc, false));
			if (cost) {
				table_figure(c, tc->usd_per_hour, figure_ok(tc->usd_per_hour)
					     ? fmt_hourly(c, tc->usd_per_hour.value) : NULL);
				table_figure(c, tc->cost, texts[i]);
			}
			table_row_end(c);
		}
		table_end(c);
	}
	draw_hbar(c, bars, n);
}

/* ---- price-vs-speed: default hourly price against mean relative speed ---- */

static void build_price_speed(struct gc *c)
{
	const struct data *d = c->d;
	const char *base = baseline_name(c);
	fill(c, &c->title, "chart.price_speed.title", NULL);
	fill(c, &c->axis, "chart.price_speed.axis_x", NULL);
	fill(c, &c->axis2, "chart.price_speed.axis_y", "baseline", base, NULL);

	struct chart_point *pts = scratch(c, d->ngpus, sizeof *pts);
	size_t *gpus = scratch(c, d->ngpus, sizeof *gpus);
	struct figure *price = scratch(c, d->ngpus, sizeof *price);
	struct figure *speed = scratch(c, d->ngpus, sizeof *speed);
	size_t n = 0;
	struct extremes value = { 0 }; /* speed per dollar */
	struct name_list missing = { BUF_INIT, 0 };
	for (size_t g = 0; g < d->ngpus; g++) {
		struct figure p = c->m->prices[g].lowest, v = mean_relative_speed(c, g);
		if (!figure_ok(p) && !figure_ok(v))
			continue;
		gpus[n] = g;
		price[n] = p;
		speed[n] = v;
		pts[n] = (struct chart_point){
			.label = gpu_name(c, g),
			.x = p.value,
			.y = v.value,
			.has_value = figure_ok(p) && figure_ok(v),
			.color = gpu_color(c, g),
			.x_text = figure_ok(p) ? fmt_hourly(c, p.value) : NULL,
			.y_text = figure_ok(v) ? fmt_speed(c, v.value) : NULL,
		};
		if (pts[n].has_value && p.value > 0)
			extremes_add(&value, v.value / p.value, n);
		else
			name_list_add_why(c, &missing, gpu_name(c, g),
					  figure_ok(p) ? v.missing : p.missing);
		n++;
	}
	if (value.any)
		pts[value.max_at].highlight = true;
	bool *front = scratch(c, n, sizeof *front);
	chart_frontier(pts, n, false, true, front);

	if (!value.any) {
		fill(c, &c->desc, "chart.desc.no_data", NULL);
	} else {
		/* the frontier from cheapest to dearest */
		struct name_list fl = { BUF_INIT, 0 };
		bool *done = scratch(c, n, sizeof *done);
		for (;;) {
			long next = -1;
			for (size_t i = 0; i < n; i++)
				if (front[i] && !done[i] &&
				    (next < 0 || pts[i].x < pts[next].x))
					next = (long)i;
			if (next < 0)
				break;
			done[next] = true;
			name_list_add(c, &fl, pts[next].label);
		}
		fill(c, &c->desc, "chart.price_speed.desc",
		     "count", fmt_number(c, (double)value.n),
		     "best_gpu", pts[value.max_at].label,
		     "best", fmt_number(c, value.max), "frontier", fl.b.ptr, NULL);
		buf_release(&fl.b);
	}
	desc_missing(c, &missing);

	if (n) {
		table_begin(c);
		table_head(c, tr(c, "chart.col.gpu"));
		table_head(c, tr(c, "chart.col.price"));
		table_head(c, tr(c, "chart.col.speed"));
		table_head(c, tr(c, "chart.col.speed_per_usd"));
		table_body(c);
		for (size_t i = 0; i < n; i++) {
			table_row(c, pts[i].label);
			table_figure(c, price[i], pts[i].x_text);
			table_figure(c, speed[i], pts[i].y_text);
			struct figure spd = metric_speed_per_dollar(speed[i], price[i]);
			table_figure(c, spd, figure_ok(spd) ? fmt_number(c, spd.value) : NULL);
			table_row_end(c);
		}
		table_end(c);
	}
	struct chart_text t = chart_texts(c);
	struct chart_scatter_opts opts = {
		.x_higher_better = false,
		.y_higher_better = true,
		.frontier_label = tr(c, "chart.frontier"),
	};
	for (size_t i = 0; i < c->nids; i++)
		chart_scatter(&c->svg[i], c->ids[i], &t, pts, n, &opts);
	t = compact_texts(c);
	chart_scatter(&c->compact, compact_id(c), &t, pts, n, &opts);
	c->wide_w = CHART_WIDTH;
}

/* ---- vram-fit: the sources' model sizes x precisions against each GPU ---- */

static size_t precision_rank(const char *p)
{
	for (size_t i = 0; i < NPRECISIONS; i++)
		if (!strcmp(precisions[i], p))
			return i;
	return NPRECISIONS;
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

static void build_vram_fit(struct gc *c)
{
	const struct data *d = c->d;
	fill(c, &c->title, "chart.vram_fit.title", NULL);

	/* rows: one per (size, precision), the first source's figure */
	const struct vram_rule **rules = scratch(c, d->nvram, sizeof *rules);
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
	struct gpu_by_vram *order = scratch(c, d->ngpus, sizeof *order);
	for (size_t g = 0; g < d->ngpus; g++)
		order[g] = (struct gpu_by_vram){ g, d->gpus[g].vram_gb };
	qsort(order, d->ngpus, sizeof *order, compare_gpus_by_vram);
	size_t *gpus = scratch(c, d->ngpus, sizeof *gpus);
	for (size_t g = 0; g < d->ngpus; g++)
		gpus[g] = order[g].gpu;
	size_t ng = nr ? d->ngpus : 0;

	const char **rows = scratch(c, nr, sizeof *rows);
	const char **cols = scratch(c, ng, sizeof *cols);
	const char **heads = scratch(c, ng, sizeof *heads);
	struct chart_fit_cell *cells = scratch(c, nr * ng, sizeof *cells);
	struct figure *need = scratch(c, nr * ng, sizeof *need);
	size_t count[3] = { 0, 0, 0 };
	for (size_t j = 0; j < ng; j++) {
		const struct gpu *g = &d->gpus[gpus[j]];
		bool say = g->vram_gb.ok && !name_tells_vram(c, g);
		const char *vram = say ? fmt_unit(c, g->vram_gb.v, "unit.gb") : NULL;
		/* the SVG's narrow column wraps at spaces, so its label keeps
		 * ASCII brackets; the table's header reads as running text */
		cols[j] = say ? filled(c, "chart.vram_fit.head", "gpu", g->name,
				       "vram", vram, NULL)
			      : g->name;
		heads[j] = say ? filled(c, "chart.vram_fit.col", "gpu", g->name,
					"vram", vram, NULL)
			       : g->name;
	}
	for (size_t i = 0; i < nr; i++) {
		rows[i] = filled(c, "chart.vram_fit.row",
				 "n", fmt_number(c, rules[i]->params_b),
				 "precision", upper(c, rules[i]->precision),
				 "gb", fmt_unit(c, rules[i]->gb, "unit.gb"), NULL);
		for (size_t j = 0; j < ng; j++) {
			struct figure f = metric_gpus_needed(
				(struct figure){ rules[i]->gb, NULL },
				figure_of(d->gpus[gpus[j]].vram_gb, "why.no_vram"));
			struct chart_fit_cell *cell = &cells[i * ng + j];
			need[i * ng + j] = f;
			if (!figure_ok(f))
				cell->state = CHART_FIT_NO_DATA;
			else if (f.value <= 1)
				*cell = (struct chart_fit_cell){ CHART_FIT_FITS, "✓" };
			else
				*cell = (struct chart_fit_cell){
					CHART_FIT_NEEDS,
					arena_printf(&c->a, "×%s", fmt_number(c, f.value))
				};
			count[cell->state]++;
		}
	}
	if (!count[CHART_FIT_FITS] && !count[CHART_FIT_NEEDS])
		fill(c, &c->desc, "chart.desc.no_data", NULL);
	else
		fill(c, &c->desc, "chart.vram_fit.desc",
		     "rows", fmt_number(c, (double)nr), "cols", fmt_number(c, (double)ng),
		     "fits", fmt_number(c, (double)count[CHART_FIT_FITS]),
		     "needs", fmt_number(c, (double)count[CHART_FIT_NEEDS]),
		     "nodata", fmt_number(c, (double)count[CHART_FIT_NO_DATA]), NULL);

	if (nr && ng) {
		table_begin(c);
		table_head(c, tr(c, "chart.col.model"));
		for (size_t j = 0; j < ng; j++)
			table_head(c, heads[j]);
		table_body(c);
		for (size_t i = 0; i < nr; i++) {
			table_row(c, rows[i]);
			for (size_t j = 0; j < ng; j++) {
				struct figure f = need[i * ng + j];
				if (!figure_ok(f))
					table_nodata(c, f.missing);
				else if (f.value <= 1)
					table_num(c, tr(c, "chart.vram_fit.fits_one"), f.value);
				else
					table_num(c, filled(c, "chart.vram_fit.needs_n", "n",
							    fmt_number(c, f.value), NULL),
						  f.value);
			}
			table_row_end(c);
		}
		table_end(c);
	}
	const char *state_names[3] = {
		[CHART_FIT_NO_DATA] = tr(c, "no_data"),
		[CHART_FIT_FITS] = tr(c, "chart.vram_fit.fits"),
		[CHART_FIT_NEEDS] = tr(c, "chart.vram_fit.needs"),
	};
	struct chart_text t = chart_texts(c);
	t.omitted = tr(c, "chart.vram_fit.omitted");
	t.list_sep = tr(c, "list.sep");
	/* as wide as its columns need, up to WIDE_MAX (then in blocks) */
	struct chart_layout lay = { 0 };
	chart_fit_layout(&lay, &t, rows, nr, cols, ng, cells, state_names);
	if (lay.width > WIDE_MAX) {
		t.width = WIDE_MAX;
		chart_fit_layout(&lay, &t, rows, nr, cols, ng, cells, state_names);
	}
	for (size_t i = 0; i < c->nids; i++)
		chart_layout_render(&lay, c->ids[i], &t, &c->svg[i]);
	c->wide_w = lay.width;
	chart_layout_release(&lay);
	t.width = CHART_WIDTH_COMPACT;
	chart_fit(&c->compact, compact_id(c), &t, rows, nr, cols, ng, cells,
		  state_names);
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

static void build_spec(struct gc *c)
{
	const struct data *d = c->d;
	const char *fname = specs[c->field].name;
	fill(c, &c->title, arena_printf(&c->a, "chart.spec.title.%s", fname), NULL);
	fill(c, &c->axis, arena_printf(&c->a, "chart.spec.axis.%s", fname), NULL);

	struct spec_item *items = scratch(c, d->ngpus, sizeof *items);
	for (size_t g = 0; g < d->ngpus; g++)
		items[g] = (struct spec_item){ g, spec_value(c, g, c->field) };
	qsort(items, d->ngpus, sizeof *items, compare_spec_items);

	struct chart_bar *bars = scratch(c, d->ngpus, sizeof *bars);
	struct extremes e = { 0 };
	struct name_list missing = { BUF_INIT, 0 };
	for (size_t i = 0; i < d->ngpus; i++) {
		bool ok = figure_ok(items[i].f);
		bars[i] = (struct chart_bar){
			.label = gpu_name(c, items[i].gpu),
			.value = items[i].f.value,
			.has_value = ok,
			.color = gpu_color(c, items[i].gpu),
			.value_text = ok ? fmt_spec(c, c->field, items[i].f.value) : NULL,
		};
		if (ok)
			extremes_add(&e, items[i].f.value, i);
		else
			name_list_add(c, &missing, bars[i].label);
	}
	/* the best is marked, except for power, where less is not simply better */
	if (e.any && c->field != SPEC_TDP)
		for (size_t i = 0; i < d->ngpus; i++)
			bars[i].highlight = bars[i].has_value && bars[i].value == e.max;

	if (!e.any)
		fill(c, &c->desc, "chart.desc.no_data", NULL);
	else if (e.n == 1)
		fill(c, &c->desc, "chart.desc.one", "gpu", bars[e.max_at].label,
		     "value", bars[e.max_at].value_text, NULL);
	else
		fill(c, &c->desc, "chart.spec.desc",
		     "max_gpu", bars[e.max_at].label, "max", bars[e.max_at].value_text,
		     "min_gpu", bars[e.min_at].label, "min", bars[e.min_at].value_text,
		     NULL);
	desc_missing(c, &missing);

	if (d->ngpus) {
		table_begin(c);
		table_head(c, tr(c, "chart.col.gpu"));
		table_head(c, c->axis.ptr);
		table_body(c);
		for (size_t i = 0; i < d->ngpus; i++) {
			table_row(c, bars[i].label);
			table_figure(c, items[i].f, bars[i].value_text);
			table_row_end(c);
		}
		table_end(c);
	}
	draw_hbar(c, bars, d->ngpus);
}

/* ---- gpu: one GPU's speed against the baseline, or its specs ---- */

/* Series for the given GPUs; when two share a colour (rows 8 apart) the
 * second is hatched so they still differ without reading the labels. */
static void gpu_series(struct gc *c, struct chart_series *series,
		       const size_t *gpus, size_t n)
{
	for (size_t j = 0; j < n; j++) {
		series[j] = (struct chart_series){ gpu_name(c, gpus[j]),
						   gpu_color(c, gpus[j]), false };
		for (size_t k = 0; k < j; k++)
			if (series[k].color == series[j].color)
				series[j].highlight = true;
	}
}

/* The GPU's key specs as shares of the highest among the GPUs. */
static void build_gpu_specs(struct gc *c)
{
	const char *name = gpu_name(c, c->gpu);
	fill(c, &c->title, "chart.gpu.spec_title", "gpu", name, NULL);
	fill(c, &c->axis, "chart.gpu.spec_axis", NULL);
	struct chart_bar bars[NKEY_SPECS];
	struct figure f[NKEY_SPECS];
	size_t top[NKEY_SPECS];
	double max[NKEY_SPECS];
	bool any = false;
	for (size_t i = 0; i < NKEY_SPECS; i++) {
		top[i] = 0;
		f[i] = spec_value(c, c->gpu, key_specs[i]);
		max[i] = spec_max(c, key_specs[i], &top[i]);
		bool ok = figure_ok(f[i]) && max[i] > 0;
		bars[i] = (struct chart_bar){
			.label = spec_name(c, key_specs[i]),
			.value = ok ? f[i].value / max[i] : 0,
			.has_value = ok,
			.color = gpu_color(c, c->gpu),
			.value_text = ok ? fmt_spec(c, key_specs[i], f[i].value) : NULL,
		};
		any = any || ok;
	}
	if (!any) {
		fill(c, &c->desc, "chart.desc.no_data", NULL);
		draw_hbar(c, bars, 0);
		return;
	}
	fill(c, &c->desc, "chart.gpu.spec_desc", "gpu", name, NULL);
	table_begin(c);
	table_head(c, tr(c, "chart.col.spec"));
	table_head(c, name);
	table_head(c, tr(c, "chart.col.highest"));
	table_body(c);
	for (size_t i = 0; i < NKEY_SPECS; i++) {
		table_row(c, bars[i].label);
		table_figure(c, f[i], bars[i].value_text);
		if (max[i] > 0)
			table_num(c, filled(c, "chart.highest", "value",
					    fmt_spec(c, key_specs[i], max[i]),
					    "gpu", gpu_name(c, top[i]), NULL),
				  max[i]);
		else
			table_nodata(c, NULL);
		table_row_end(c);
	}
	table_end(c);
	draw_hbar(c, bars, NKEY_SPECS);
}

static void build_gpu(struct gc *c)
{
	const struct data *d = c->d;
	size_t *bench = scratch(c, d->nbenchmarks, sizeof *bench);
	size_t nb = speed_benchmarks(c, bench);
	if (!gpu_has_speed(c, c->gpu, bench, nb)) {
		build_gpu_specs(c);
		return;
	}
	long base = c->m->baseline_gpu;
	size_t gpus[2] = { c->gpu, 0 }, ng = 1;
	if (base >= 0 && (size_t)base != c->gpu)
		gpus[ng++] = (size_t)base;
	const char *name = gpu_name(c, c->gpu), *bname = baseline_name(c);
	fill(c, &c->title, "chart.gpu.title", "gpu", name, "baseline", bname, NULL);
	fill(c, &c->axis, "chart.relative_speed.axis", "baseline", bname, NULL);

	/* workloads this GPU has a result on */
	size_t n = 0;
	for (size_t i = 0; i < nb; i++)
		if (has_result(c, bench[i], c->gpu))
			bench[n++] = bench[i];
	const char **groups = scratch(c, n, sizeof *groups);
	struct chart_value *values = scratch(c, n * ng, sizeof *values);
	struct chart_series series[2];
	gpu_series(c, series, gpus, ng);
	struct extremes e = { 0 };
	for (size_t i = 0; i < n; i++) {
		groups[i] = bench_name(c, bench[i]);
		for (size_t j = 0; j < ng; j++) {
			struct figure f = relative_speed(c, bench[i], gpus[j]);
			struct chart_value *v = &values[i * ng + j];
			v->has_value = figure_ok(f);
			v->value = f.value;
			v->value_text = v->has_value ? fmt_speed(c, f.value) : NULL;
			if (v->has_value && j == 0)
				extremes_add(&e, f.value, i);
		}
	}
	if (!e.any)
		fill(c, &c->desc, "chart.desc.no_data", NULL);
	else if (ng == 1 && base >= 0)
		fill(c, &c->desc, "chart.gpu.desc_base", "gpu", name, NULL);
	else
		fill(c, &c->desc, e.min == e.max ? "chart.gpu.desc_one" : "chart.gpu.desc",
		     "gpu", name, "baseline", bname,
		     "count", fmt_number(c, (double)e.n),
		     "min", fmt_speed(c, e.min), "max", fmt_speed(c, e.max), NULL);

	table_begin(c);
	table_head(c, tr(c, "chart.col.workload"));
	for (size_t j = 0; j < ng; j++)
		table_head(c, gpu_name(c, gpus[j]));
	table_body(c);
	for (size_t i = 0; i < n; i++) {
		table_row(c, groups[i]);
		for (size_t j = 0; j < ng; j++)
			table_figure(c, relative_speed(c, bench[i], gpus[j]),
				     values[i * ng + j].value_text);
		table_row_end(c);
	}
	table_end(c);
	draw_grouped(c, groups, n, series, ng, values);
}

/* ---- pair: two GPUs side by side ---- */

/* One row of the pair chart: a workload, a spec or the price. */
struct pair_row {
	const char *name;
	struct figure f[2];
	const char *text[2];
};

static void build_pair(struct gc *c)
{
	const struct data *d = c->d;
	size_t gpus[2] = { c->gpu, c->other };
	const char *na = gpu_name(c, c->gpu), *nb = gpu_name(c, c->other);
	fill(c, &c->title, "chart.pair.title", "a", na, "b", nb, NULL);
	fill(c, &c->axis, "chart.pair.axis", NULL);

	size_t *bench = scratch(c, d->nbenchmarks, sizeof *bench);
	size_t nbench = speed_benchmarks(c, bench);
	struct pair_row *rows = scratch(c, nbench + NKEY_SPECS + 1, sizeof *rows);
	size_t n = 0, nspeed = 0;
	struct extremes ratio = { 0 };
	for (size_t i = 0; i < nbench; i++) {
		struct pair_row *r = &rows[n];
		r->name = bench_name(c, bench[i]);
		for (size_t j = 0; j < 2; j++) {
			r->f[j] = relative_speed(c, bench[i], gpus[j]);
			r->text[j] = figure_ok(r->f[j]) ? fmt_speed(c, r->f[j].value) : NULL;
		}
		if (figure_ok(r->f[0]) || figure_ok(r->f[1])) {
			n++;
			nspeed++;
		}
		if (figure_ok(r->f[0]) && figure_ok(r->f[1]) && r->f[1].value > 0)
			extremes_add(&ratio, r->f[0].value / r->f[1].value, i);
	}
	for (size_t k = 0; k < NKEY_SPECS; k++) {
		struct pair_row *r = &rows[n];
		r->name = spec_name(c, key_specs[k]);
		for (size_t j = 0; j < 2; j++) {
			r->f[j] = spec_value(c, gpus[j], key_specs[k]);
			r->text[j] = figure_ok(r->f[j])
				     ? fmt_spec(c, key_specs[k], r->f[j].value) : NULL;
		}
		if (figure_ok(r->f[0]) || figure_ok(r->f[1]))
			n++;
	}
	{
		struct pair_row *r = &rows[n];
		r->name = tr(c, "chart.col.price");
		for (size_t j = 0; j < 2; j++) {
			r->f[j] = c->m->prices[gpus[j]].lowest;
			r->text[j] = figure_ok(r->f[j]) ? fmt_hourly(c, r->f[j].value) : NULL;
		}
		if (figure_ok(r->f[0]) || figure_ok(r->f[1]))
			n++;
	}

	const char **groups = scratch(c, n, sizeof *groups);
	struct chart_value *values = scratch(c, n * 2, sizeof *values);
	for (size_t i = 0; i < n; i++) {
		const struct pair_row *r = &rows[i];
		groups[i] = r->name;
		double max = 0;
		for (size_t j = 0; j < 2; j++)
			if (figure_ok(r->f[j]) && r->f[j].value > max)
				max = r->f[j].value;
		for (size_t j = 0; j < 2; j++) {
			struct chart_value *v = &values[i * 2 + j];
			v->has_value = figure_ok(r->f[j]) && max > 0;
			v->value = v->has_value ? r->f[j].value / max : 0;
			v->value_text = r->text[j];
		}
	}
	struct chart_series series[2];
	gpu_series(c, series, gpus, 2);

	if (!n) {
		fill(c, &c->desc, "chart.desc.no_data", NULL);
	} else {
		fill(c, &c->desc, "chart.pair.desc", "a", na, "b", nb,
		     "speeds", fmt_number(c, (double)nspeed),
		     "others", fmt_number(c, (double)(n - nspeed)), NULL);
		if (ratio.any) {
			sentence_gap(c);
			fill(c, &c->desc, ratio.min == ratio.max ? "chart.pair.desc_speed_one"
								 : "chart.pair.desc_speed",
			     "a", na, "b", nb, "min", fmt_speed(c, ratio.min),
			     "max", fmt_speed(c, ratio.max), NULL);
		}
		table_begin(c);
		table_head(c, tr(c, "chart.col.figure"));
		table_head(c, na);
		table_head(c, nb);
		table_body(c);
		for (size_t i = 0; i < n; i++) {
			table_row(c, rows[i].name);
			for (size_t j = 0; j < 2; j++)
				table_figure(c, rows[i].f[j], rows[i].text[j]);
			table_row_end(c);
		}
		table_end(c);
	}
	draw_grouped(c, groups, n, series, n ? 2 : 0, values);
}

/* ---- the request ---- */

static const char *const arg_names[] = { "task", "field", "gpu", "other" };

static const char *arg_value(const struct chart_request *rq, size_t i)
{
	const char *v[] = { rq->task, rq->field, rq->gpu, rq->other };
	return v[i];
}

/* Check the request and resolve its ids into `c`; report every problem. */
static int check_request(struct gc *c, const struct chart_request *rq,
			 const char *path, int line, int col)
{
	struct diag *dg = c->s->diag;
	size_t k = 0;
	while (k < sizeof kinds / sizeof kinds[0] &&
	       (!rq->name || strcmp(kinds[k].name, rq->name)))
		k++;
	if (k == sizeof kinds / sizeof kinds[0]) {
		diag_error(dg, path, line, col, "unknown chart \"%s\"",
			   rq->name ? rq->name : "");
		return -1;
	}
	c->kind = kinds[k].kind;
	int rc = 0;
	for (size_t i = 0; i < 4; i++) {
		bool wanted = kinds[k].args & (1u << i), given = arg_value(rq, i) != NULL;
		if (wanted && !given) {
			diag_error(dg, path, line, col, "chart \"%s\" needs %s=",
				   rq->name, arg_names[i]);
			rc = -1;
		} else if (!wanted && given) {
			diag_error(dg, path, line, col, "chart \"%s\" takes no %s=",
				   rq->name, arg_names[i]);
			rc = -1;
		}
	}
	if (rc)
		return rc;
	if (rq->task) {
		const struct task *t = data_find_task(c->d, rq->task);
		if (!t) {
			diag_error(dg, path, line, col, "unknown task \"%s\"", rq->task);
			rc = -1;
		} else {
			c->task = (size_t)(t - c->d->tasks);
		}
	}
	if (rq->field) {
		size_t f = 0;
		while (f < SPEC_CHARTABLE && strcmp(specs[f].name, rq->field))
			f++;
		if (f == SPEC_CHARTABLE) {
			diag_error(dg, path, line, col, "unknown field \"%s\" for chart "
				   "\"spec\" (bandwidth_gbs, fp16_tflops, tdp_w or "
				   "tflops_per_watt)", rq->field);
			rc = -1;
		} else {
			c->field = (enum spec_field)f;
		}
	}
	const char *ids[2] = { rq->gpu, rq->other };
	size_t *at[2] = { &c->gpu, &c->other };
	for (size_t i = 0; i < 2; i++) {
		if (!ids[i])
			continue;
		long g = data_gpu_index(c->d, ids[i]);
		if (g < 0) {
			diag_error(dg, path, line, col, "unknown gpu \"%s\"", ids[i]);
			rc = -1;
		} else {
			*at[i] = (size_t)g;
		}
	}
	if (!rc && c->kind == KIND_PAIR && c->gpu == c->other) {
		diag_error(dg, path, line, col, "chart \"pair\" needs two different "
			   "gpus, not \"%s\" twice", rq->gpu);
		rc = -1;
	}
	return rc;
}

/* "chart-<name>[-<task>][-<field>][-<gpu>][-<other>]": every part is a
 * checked id, so the result is a valid XML id and file name. */
static const char *chart_id(struct gc *c, const struct chart_request *rq)
{
	struct buf b = BUF_INIT;
	buf_addf(&b, "chart-%s", rq->name);
	for (size_t i = 0; i < 4; i++)
		if (arg_value(rq, i))
			buf_addf(&b, "-%s", arg_value(rq, i));
	return keep_buf(c, &b);
}

/* Which chart a request is, for people: its name and arguments, each id
 * with the row it comes from ("pair gpu=aa-bb (data/gpus.csv:22) other=cc
 * (data/gpus.csv:23)"). Lives in the render's arena. */
static const char *chart_claim(struct gc *c, const struct chart_request *rq)
{
	static const char *const names[] = { "task", "field", "gpu", "other" };
	const struct data *d = c->d;
	struct buf b = BUF_INIT;
	buf_adds(&b, rq->name);
	for (size_t i = 0; i < 4; i++) {
		if (!arg_value(rq, i))
			continue;
		buf_addf(&b, " %s=%s", names[i], arg_value(rq, i));
		const struct table *t = NULL;
		size_t row = 0;
		if (i == 0) {
			t = &d->tables[TABLE_TASKS];
			row = d->tasks[c->task].row;
		} else if (i >= 2) {
			t = &d->tables[TABLE_GPUS];
			row = d->gpus[i == 2 ? c->gpu : c->other].row;
		}
		if (t && row < t->nrows)
			buf_addf(&b, " (%s:%d)", t->path, t->lines[row]);
	}
	return keep_buf(c, &b);
}

static void build(struct gc *c)
{
	switch (c->kind) {
	case KIND_RELATIVE_SPEED:
		build_relative_speed(c);
		break;
	case KIND_TASK_COST:
		build_task(c, true);
		break;
	case KIND_TASK_HOURS:
		build_task(c, false);
		break;
	case KIND_PRICE_SPEED:
		build_price_speed(c);
		break;
	case KIND_VRAM_FIT:
		build_vram_fit(c);
		break;
	case KIND_SPEC:
		build_spec(c);
		break;
	case KIND_GPU:
		build_gpu(c);
		break;
	case KIND_PAIR:
		build_pair(c);
		break;
	}
}

/* The figure's class: the narrowest column its wide variant fits, one of
 * the tiers style.css knows (below it the compact variant shows). */
static const char *figure_tier(double wide_w)
{
	return wide_w <= CHART_WIDTH ? "chart-w480" : "chart-w768";
}

static void append_figure(struct gc *c, const struct chart_request *rq,
			  struct buf *out)
{
	const struct buf *svg = &c->svg[c->nids - 1];
	size_t skip = c->nids == 1 ? XML_DECL_LEN : 0; /* inline: no declaration */
	/* room for all of it at once: a figure is tens of kilobytes */
	buf_grow(out, svg->len + c->table.len * 6 / 5 + c->desc.len * 6 / 5 + 1024);
	buf_addf(out, "<figure class=\"chart %s\"><div class=\"chart-wide\">",
		 figure_tier(c->wide_w));
	buf_add(out, svg->ptr + skip, svg->len - skip);
	buf_adds(out, "</div><div class=\"chart-compact\">");
	buf_addbuf(out, &c->compact);
	buf_adds(out, "</div>");
	/* a figcaption must be the first or last child of its figure */
	if (c->table.len) {
		buf_adds(out, "<details><summary>");
		text_escape_htmls(out, tr(c, "chart.data_table"));
		buf_adds(out, "</summary><div class=\"table-wrap\" tabindex=\"0\">");
		buf_addbuf(out, &c->table);
		buf_adds(out, "</div>");
		if (c->table_nodata)
			site_nodata_legend(c->s, c->l, out);
		buf_adds(out, "</details>");
	}
	buf_adds(out, "<figcaption>");
	text_escape_htmls(out, c->desc.ptr);
	if (rq->page_path) {
		const char *file = arena_printf(&c->a, "charts/%s/%s.svg",
						lang_code(c->l), c->ids[0]);
		buf_adds(out, " <a href=\"");
		text_escape_htmls(out, site_root_href(c->s, c->l, rq->page_path, file));
		buf_adds(out, "\">");
		text_escape_htmls(out, tr(c, "chart.open_svg"));
		buf_adds(out, "</a>");
	}
	buf_adds(out, "</figcaption>");
	buf_adds(out, "</figure>\n");
}

int guide_chart_render(struct site *s, enum lang l, const struct chart_request *rq,
		       struct buf *out, const char *path, int line, int col)
{
	struct gc c = {
		.s = s, .d = &s->data, .m = &s->metrics, .l = l, .a = ARENA_INIT,
		.svg = { BUF_INIT, BUF_INIT }, .compact = BUF_INIT,
		.title = BUF_INIT, .desc = BUF_INIT, .axis = BUF_INIT,
		.axis2 = BUF_INIT, .table = BUF_INIT,
	};
	if (check_request(&c, rq, path, line, col)) {
		arena_free(&c.a);
		return -1;
	}
	guide_charts_init(s);
	struct guide_charts *g = s->charts;
	c.ids[0] = chart_id(&c, rq);
	c.nids = 1;
	pthread_mutex_lock(&g->lock);
	size_t before = rq->page_path ? count_use(g, l, rq->page_path, c.ids[0]) : 0;
	pthread_mutex_unlock(&g->lock);
	if (before)
		c.ids[c.nids++] = arena_printf(&c.a, "%s-%zu", c.ids[0], before + 1);
	buf_add(&c.svg[0], xml_decl, XML_DECL_LEN);
	build(&c);
	int rc = place_file(s, g, l, c.ids[0], chart_claim(&c, rq), &c.svg[0]);
	append_figure(&c, rq, out);

	for (size_t i = 0; i < 2; i++)
		buf_release(&c.svg[i]);
	buf_release(&c.compact);
	buf_release(&c.title);
	buf_release(&c.desc);
	buf_release(&c.axis);
	buf_release(&c.axis2);
	buf_release(&c.table);
	arena_free(&c.a);
	return rc;
}

int guide_charts_write(struct site *s, struct output *o)
{
	const struct guide_charts *g = s->charts;
	if (!g)
		return 0;
	int rc = 0;
	struct buf rel = BUF_INIT;
	for (size_t i = 0; i < g->nfiles && rc == 0; i++) {
		const struct chart_file *f = &g->files[i];
		buf_reset(&rel);
		buf_addf(&rel, "charts/%s/%s.svg", lang_code(f->lang), f->id);
		rc = output_add(o, rel.ptr, f->svg, f->len);
	}
	buf_release(&rel);
	return rc;
}

void guide_charts_free(struct site *s)
{
	struct guide_charts *g = s->charts;
	if (g) {
		for (size_t i = 0; i < g->nfiles; i++) {
			free(g->files[i].id);
			free(g->files[i].svg);
		}
		free(g->files);
		for (size_t i = 0; i < g->nclaims; i++)
			free(g->claims[i]);
		free(g->claims);
		strmap_free(&g->file_ids);
		strmap_free(&g->uses);
		pthread_mutex_destroy(&g->lock);
		free(g);
	}
	s->charts = NULL;
}
