/* guide_charts: the guide's charts, drawn from data by name, in a page's
 * language. Each chart is placed inline (a <figure> holding the SVG and, in a
 * <details>, a table of the values it shows) and is also written once as a
 * standalone file site/charts/<lang>/<id>.svg.
 *
 * Names: relative-speed, task-cost (task=), task-hours (task=),
 * price-vs-speed, vram-fit, spec (field=bandwidth_gbs|fp16_tflops|tdp_w|
 * tflops_per_watt), gpu (gpu=: one GPU against the others), pair (gpu=,
 * other=: two GPUs side by side).
 */
#ifndef GPUGUIDE_GUIDE_CHARTS_H
#define GPUGUIDE_GUIDE_CHARTS_H

#include "i18n.h"

struct buf;
struct output;
struct site;

struct chart_request {
	const char *name;
	const char *task, *field, *gpu, *other; /* NULL when not given */
};

/* Append the chart's <figure> to `out`. An unknown chart name, task, field
 * or GPU is an error reported at path:line:col (path may be a template or an
 * article); returns 0 or -1. */
int guide_chart_render(struct site *s, enum lang l, const struct chart_request *rq,
		       struct buf *out, const char *path, int line, int col);

/* Write every chart rendered so far as a standalone SVG file. */
int guide_charts_write(struct site *s, struct output *o);

/* Free what the module keeps in the site. */
void guide_charts_free(struct site *s);

#endif
