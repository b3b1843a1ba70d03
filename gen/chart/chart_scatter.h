/* chart_scatter: the scatter chart of chart.h's family, labelled points
 * on two value axes with the best-value frontier. Same conventions as
 * chart.h: appended to a caller's buffer, ids checked, the layout exposed
 * for tests; it owns nothing once a call returns. */
#ifndef GPUGUIDE_CHART_SCATTER_H
#define GPUGUIDE_CHART_SCATTER_H

#include "chart/chart.h"

#include <stdbool.h>
#include <stddef.h>

struct chart_scatter_opts {
	bool x_higher_better;       /* e.g. false for price */
	bool y_higher_better;       /* e.g. true for speed */
	const char *frontier_label; /* legend of the best-value line; NULL: no line */
};

/* Scatter of labelled points with the best-value frontier (see
 * chart_frontier) joined by a dashed line. Labels that cannot be placed
 * without overlap are listed under the plot instead. */
int chart_scatter(struct buf *out, const char *id, const struct chart_text *t,
		  const struct chart_point *pts, size_t n,
		  const struct chart_scatter_opts *opts);

/* The frontier of best value: marks on_front[i] for each point with a value
 * that no other point dominates (at least as good on both axes and better
 * on one, "better" per the opts directions). Returns how many are marked. */
size_t chart_frontier(const struct chart_point *pts, size_t n,
		      bool x_higher_better, bool y_higher_better,
		      bool *on_front);

/* The layout chart_scatter draws (starts zeroed or released); 0, or -1
 * for NULL input. */
int chart_scatter_layout(struct chart_layout *lay, const struct chart_text *t,
			 const struct chart_point *pts, size_t n,
			 const struct chart_scatter_opts *opts);

#endif
