/* guide_charts_common: what the guide's chart families (guide_charts_speed,
 * guide_charts_cost, guide_charts_hardware) build a chart with, prefix gc_.
 * Only guide_charts and those families use it; pages use guide_charts.h.
 *
 * One render in progress is a struct gc, set up and torn down by
 * guide_chart_render: the request resolved to data rows, the texts the
 * family fills in (title, desc, axes), the data table and the SVGs drawn.
 * A family's build function fills title, axis (and axis2), desc and table
 * through the helpers here, then draws once with gc_draw_* (or chart.h
 * itself, with gc_chart_texts and gc_compact_texts).
 *
 * Texts come from the i18n keys chart.* (and no_data, unit.*) in the
 * render's language. Every string a gc_ function returns lives in the
 * render's arena (c->a), freed when the render ends: nothing is to be freed
 * by the caller. Pages render on several threads; a struct gc belongs to
 * one of them and the helpers only read the page's inputs.
 */
#ifndef GPUGUIDE_GUIDE_CHARTS_COMMON_H
#define GPUGUIDE_GUIDE_CHARTS_COMMON_H

#include "base/arena.h"
#include "base/buf.h"
#include "base/digest.h"
#include "chart/chart.h"
#include "model/i18n.h"
#include "model/metrics.h"

#include <stdbool.h>
#include <stddef.h>

struct benchmark;
struct data;
struct site;

/* GPU figures a chart can show. The first GC_SPEC_CHARTABLE are the
 * fields of the "spec" chart (field=); the gpu and pair charts show VRAM
 * too. */
enum gc_spec {
	GC_SPEC_BANDWIDTH,
	GC_SPEC_FP16,
	GC_SPEC_TDP,
	GC_SPEC_TFLOPS_PER_WATT,
	GC_SPEC_VRAM,
	GC_SPEC_COUNT
};
#define GC_SPEC_CHARTABLE 4

/* One render in progress. */
struct gc {
	const struct page_ctx *pc; /* the page the chart is drawn for */
	const struct data *d;
	const struct metrics *m;
	enum lang l;
	size_t task, gpu, other;
	enum gc_spec field;
	struct arena a;            /* scratch strings of this render */
	const char *ids[2];        /* [0] the standalone id, [1] inline if other */
	struct buf svg[2];         /* svg[0] after the XML declaration (see
				    * guide_charts.c, place_file) */
	size_t nids;
	struct buf compact;        /* the inline variant for a phone's column */
	double wide_w;             /* the viewBox width of svg[] */
	struct buf title, desc, axis, axis2;
	struct buf table;          /* <table>...</table>, empty for no rows */
	bool table_nodata;         /* the table has a "no data" mark */
	bool no_figure;            /* no figure to draw (gc_say_no_figure) */
	/* the key of the drawings svg[] and compact hold (gc_draw_*'s: all
	 * their bytes come from what it digests), once drawn */
	struct digest_value drawing;
	bool drawn;
};

/* ---- texts ---- */

const char *gc_tr(const struct gc *c, const char *key);
/* Append the text of `key` with each "{name}" replaced by its value; the
 * variable arguments are name, value pairs ending with NULL (a NULL value
 * is the empty string). A placeholder no pair names is an error reported
 * before the build publishes (i18n_fill_key). */
void gc_fill(const struct gc *c, struct buf *out, const char *key, ...)
	__attribute__((sentinel));
/* The same as an arena string. */
const char *gc_filled(struct gc *c, const char *key, ...)
	__attribute__((sentinel));
/* A count in words: "<key>.one" or "<key>.many" (i18n_count_key) with
 * {n} filled ("1 other figure", "4 training workloads"). */
const char *gc_count_words(struct gc *c, const char *key, size_t n);
/* The contents of `b` copied to the render's arena; `b` is released. */
const char *gc_keep(struct gc *c, struct buf *b);
const char *gc_fmt_number(struct gc *c, double v);
const char *gc_fmt_usd(struct gc *c, double v);
const char *gc_fmt_unit(struct gc *c, double v, const char *unit_key);
/* A duration: hours, minutes below an hour (i18n_format_duration). */
const char *gc_fmt_duration(struct gc *c, double hours);
const char *gc_fmt_hourly(struct gc *c, double v); /* "$0.39/h" */
const char *gc_fmt_speed(struct gc *c, double v);  /* "1.8×" */
const char *gc_fmt_spec(struct gc *c, enum gc_spec f, double v);

/* ---- names ---- */

const char *gc_gpu_name(const struct gc *c, size_t g);
/* The colour of a GPU in every chart: its row in gpus.csv, modulo
 * CHART_COLORS. */
int gc_gpu_color(const struct gc *c, size_t g);
const char *gc_bench_name(const struct gc *c, size_t b);
const char *gc_spec_name(struct gc *c, enum gc_spec f);
/* The baseline GPU's name, or "the baseline" when there is none. */
const char *gc_baseline_name(const struct gc *c);
/* A spec's field= name, also the suffix of its i18n keys ("tdp_w"). */
const char *gc_spec_id(enum gc_spec f);
/* The chartable spec named `name` (field=), or -1. */
int gc_spec_find(const char *name);

/* ---- sentences of the description ---- */

/* A list of names joined for reading ("A, B" / "A、B"). */
struct name_list {
	struct buf b;
	size_t n;
};

void gc_name_list_add(const struct gc *c, struct name_list *nl, const char *name);
/* The labels of the bars (of n) whose value prints as `text`, as a list
 * in c's arena: the cards a description names for a highest or lowest
 * figure several share ("H100 80GB, A100 80GB"). */
const char *gc_bars_printed_as(struct gc *c, const struct chart_bar *bars, size_t n,
			       const char *text);
/* The same with the reason a figure is missing, when the i18n table has
 * its text: "H100 80GB (no rental price seen)". */
void gc_name_list_add_why(const struct gc *c, struct name_list *nl,
			   const char *name, const char *why);
/* Between two sentences of c->desc: a space in English, nothing after a
 * Chinese full stop. */
void gc_sentence_gap(struct gc *c);
/* The chart has no figure at all: its description says so ("No source
 * gives these figures yet"), and a page that shows it as its own chart
 * leaves it out (chart_request.omit_if_no_figure). Each family calls it
 * where it finds no value to draw, the one place that decides it. */
void gc_say_no_figure(struct gc *c);
/* Append "No figure for: A, B." to the description when some are missing;
 * the list is released. */
void gc_desc_missing(struct gc *c, struct name_list *nl);

/* The smallest and largest of the values added, and where they were. */
struct extremes {
	bool any;
	size_t n;
	double min, max;
	size_t min_at, max_at; /* caller's item indexes */
};

void gc_extremes_add(struct extremes *e, double v, size_t at);

/* ---- figures ---- */

/* A GPU's relative speed on one benchmark, against the baseline (the raw
 * result when there is no baseline). */
struct figure gc_relative_speed(const struct gc *c, size_t b, size_t g);
bool gc_has_result(const struct gc *c, size_t b, size_t g);
struct figure gc_spec_value(const struct gc *c, size_t g, enum gc_spec f);
/* The figure a chart prints, a ledger figure of the page it is placed on
 * (each read above is only read: a chart reads every card's spec to scale
 * its bars). */
void gc_show_relative_speed(const struct gc *c, size_t b, size_t g);
void gc_show_spec(const struct gc *c, size_t g, enum gc_spec f);

/* ---- the data table (c->table) ---- */

void gc_table_begin(struct gc *c);
void gc_table_head(struct gc *c, const char *text);
void gc_table_body(struct gc *c);
void gc_table_row(struct gc *c, const char *head);
void gc_table_row_end(struct gc *c);
void gc_table_end(struct gc *c);
/* A number as shown, with the figure itself in data-sort for sorting. */
void gc_table_num(struct gc *c, const char *text, double raw);
/* "no data", with the reason `why` when the i18n table has one. */
void gc_table_nodata(struct gc *c, const char *why);
/* gc_table_num for a figure that is there, else gc_table_nodata. */
void gc_table_figure(struct gc *c, struct figure f, const char *text);

/* ---- drawing: one SVG per id ---- */

/* Every chart is drawn twice: CHART_WIDTH wide (a fit matrix wider, see
 * guide_charts_hardware) for the standalone file and wide columns, and
 * CHART_WIDTH_COMPACT wide for a phone's column (inline only, id
 * "<inline id>-compact"); guide_charts shows the one that fits. Text is
 * then never under CHART_FONT_SMALL CSS px. A draw sets c->wide_w. */
struct chart_text gc_chart_texts(const struct gc *c);
struct chart_text gc_compact_texts(const struct gc *c);
const char *gc_compact_id(struct gc *c);
void gc_draw_hbar(struct gc *c, const struct chart_bar *bars, size_t n);
void gc_draw_grouped(struct gc *c, const char *const *groups, size_t ng,
		      const struct chart_series *series, size_t ns,
		      const struct chart_value *values);

/* Room for n (at least one) items of `size` bytes in the render's arena. */
void *gc_scratch(struct gc *c, size_t n, size_t size);

#endif
