/* chart_spark: a small labelled sparkline, on the chart layer (chart.h).
 *
 * Generic like chart.h: it knows nothing of GPUs or prices. The caller gives
 * points in order along x (e.g. dates), each with its label ("1 Mar 2026")
 * and its formatted value ("$0.39/h"); the chart joins them with a line,
 * marks each point, writes its value above it and its label below the
 * line (the first and the last always; those between when they fit), and
 * gives every marker a tooltip "label: value". Title and desc come from
 * chart_text (the desc should list every point, for screen readers). The
 * layout is a struct chart_layout, rendered by chart_layout_render: the
 * same well-formed, escaped, deterministic SVG as every chart.
 *
 * Memory: inputs are borrowed for the call; the layout owns what it holds
 * until chart_layout_release.
 */
#ifndef GPUGUIDE_CHART_SPARK_H
#define GPUGUIDE_CHART_SPARK_H

#include "chart/chart.h"

#include <stddef.h>

struct buf;

struct chart_spark_point {
	double x, y;            /* x: position along the line (e.g. days) */
	const char *label;      /* below the line */
	const char *value_text; /* above the point; NULL prints the number */
};

/* Lay out n >= 1 points (x ascending). Returns 0, or -1 for NULL input. */
int chart_spark_layout(struct chart_layout *lay, const struct chart_text *t,
		       const struct chart_spark_point *pts, size_t n);
/* Lay out and append one <svg> (see chart.h for `id`). Returns 0 or -1. */
int chart_spark(struct buf *out, const char *id, const struct chart_text *t,
		const struct chart_spark_point *pts, size_t n);

#endif
