/* guide_charts: the guide's charts, drawn from data by name, in a page's
 * language. Each chart is placed inline (a <figure> holding the SVG and, in a
 * <details>, a table of the values it shows) and is also written once as a
 * standalone file site/charts/<lang>/<id>.svg. Inline it comes twice: drawn
 * for a wide column (as the file; <div class="chart-wide">) and for a
 * phone's (CHART_WIDTH_COMPACT, id "<id>-compact"; <div
 * class="chart-compact">); the figure's class chart-w480 or chart-w768 says
 * how wide a column the wide one needs, and style.css shows the one that
 * fits, so no label is drawn under CHART_FONT_SMALL CSS px.
 *
 * A chart is drawn for a page, through its context (struct page_ctx): its
 * language, arena and messages; the chart files are the one store every
 * page shares (pc->charts).
 *
 * Names: relative-speed, task-cost (task=), task-hours (task=),
 * price-vs-speed, vram-fit, spec (field=bandwidth_gbs|fp16_tflops|tdp_w|
 * tflops_per_watt), gpu (gpu=: one GPU against the baseline, or its
 * specs), pair (gpu=, other=: two GPUs side by side).
 *
 * One colour per GPU across all charts: colour class c<N>, N = the GPU's row
 * in gpus.csv modulo CHART_COLORS. Every text comes from i18n keys chart.*
 * (and no_data, unit.*) in the page's language.
 *
 * Ids: a chart's id is "chart-<name>[-<task>][-<field>][-<gpu>][-<other>]";
 * a second copy of the same chart on one page gets "-2", "-3", ... inline.
 * The module keeps what it rendered in s->charts (its own struct): one
 * standalone file per (language, id), in first-render order. Two different
 * charts whose ids come out the same (GPUs "aa-bb", "cc" and "aa", "bb-cc"
 * both give chart-pair-aa-bb-cc) are an error naming both, with the data
 * rows of their ids, not one file for both. A figure drawn once is kept
 * too (while pages render, up to a few megabytes in all: comparisons grow
 * as G^2), and placed again without drawing wherever the same chart
 * (language, request, inline id) comes again: the report shows what the
 * guide's pages draw, whichever of them renders first; only the link to
 * the standalone file is the page's own.
 */
#ifndef GPUGUIDE_GUIDE_CHARTS_H
#define GPUGUIDE_GUIDE_CHARTS_H

#include "model/i18n.h"

struct buf;
struct digest_value;
struct output;
struct guide_charts;
struct page_ctx;
struct site;

struct chart_request {
	const char *name;
	const char *task, *field, *gpu, *other; /* NULL when not given */
	/* The page the figure goes on, as a language-root path ("" home,
	 * "gpus/rtx-4090/"): used for the relative link to the standalone
	 * file and to keep ids unique on the page. NULL: no link is made. */
	const char *page_path;
	/* A page's own chart, beside lines that say what it lacks: when it
	 * has no figure at all it is left out, file and all (the render's
	 * result is then 1), where a chart an article asks for is drawn
	 * saying "no data". */
	bool omit_if_no_figure;
};

/* Append the chart's <figure> to `out`: the inline <svg> (with <title> and
 * <desc>), a <figcaption> (the description, and a link to the standalone
 * file when rq->page_path is set) and a <details> holding a table of the
 * values the chart shows. An unknown chart name, task, field or GPU, or a
 * missing or unexpected argument, is an error reported at path:line:col
 * (path may be a template or an article); then nothing is appended and the
 * result is -1, else 0. */
int guide_chart_render(const struct page_ctx *pc, const struct chart_request *rq,
		       struct buf *out, const char *path, int line, int col);
/* The same, and the digest of what it appended into *key (NULL: none): of
 * the key of its drawings (all their bytes come from what it digests) and
 * of every other byte, so that the figure is digested without its SVG
 * (value_new_string_keyed). 1 (nothing appended, no key, no file) for a
 * chart left out (rq->omit_if_no_figure). */
int guide_chart_render_keyed(const struct page_ctx *pc, const struct chart_request *rq,
			     struct buf *out, const char *path, int line, int col,
			     struct digest_value *key);

/* For a page kept as published without being built (its figure not
 * made): the standalone file of its own chart `rq` placed as a render of
 * it would place it (the first page to show a chart places its file), the
 * published file kept as it is when the site still holds it
 * (pc->in->published), else the chart drawn to write it; nothing for a
 * chart without a figure, which a page leaves out (omit_if_no_figure,
 * taken as set). 0, or -1 (reported). */
int guide_chart_place_kept(const struct page_ctx *pc, const struct chart_request *rq);

/* `html` (a page's or an article's) with each figure's compact drawing
 * left out, into `out`: for a reader that shows HTML without the site's
 * style sheet (a feed's entry), which would show both drawings. */
void guide_charts_one_drawing(const char *html, struct buf *out);

/* Set up what the module keeps in the site (s->charts), before the first
 * page context is made (pg_planning makes it). */
void guide_charts_init(struct site *s);

/* Where charts drawn from now on write their standalone files at once
 * (while pages render), or NULL: keep them for guide_charts_write. */
void guide_charts_set_output(struct guide_charts *g, struct output *out);

/* Write every chart rendered so far as a standalone SVG file
 * charts/<lang>/<id>.svg through output_add. Returns 0 or -1. */
int guide_charts_write(struct site *s, struct output *o);

/* Free what the module keeps in the site (s->charts becomes NULL). */
void guide_charts_free(struct site *s);

#endif
