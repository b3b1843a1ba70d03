/* chart: accessible, deterministic SVG charts: horizontal bars, grouped
 * bars, a scatter with its best-value frontier, a fit matrix.
 *
 * Generic: this module knows nothing of GPUs or data.h. The caller maps its
 * data to labels, numbers and already formatted value texts, in the page's
 * language. Every chart is laid out first (a list of boxes, testable: labels
 * never overlap each other or the marks), then written out in document
 * order, appended straight to the caller's buffer (no tree is built). The
 * layers below, which this header includes so callers need only chart.h:
 *
 *   chart_layout  the boxes a chart draws (struct chart_layout) and the
 *                 primitives that place text and marks (text measures)
 *   chart_scale   ticks and scales
 *   chart_svg     a layout written as SVG (chart_layout_render): scoped CSS,
 *                 presentation attributes, the hatch pattern; through svg,
 *                 the streaming writer that escapes every text and value
 *
 * Promises: the SVG is well-formed whatever the caller passes; highlights
 * use an outline and a hatch pattern as well as colour, and every mark has
 * a direct text label, so nothing depends on colour alone. The same input
 * always gives the same bytes; coordinates are printed with "%.1f" (see
 * numfmt_coord).
 *
 * Memory: all inputs are borrowed for the duration of a call. Output is
 * appended to the caller's `struct buf`. A `struct chart_layout` owns its
 * items and their strings until chart_layout_release.
 */
#ifndef GPUGUIDE_CHART_H
#define GPUGUIDE_CHART_H

#include "chart/chart_layout.h"
#include "chart/chart_svg.h"

#include <stdbool.h>
#include <stddef.h>

struct buf;
struct digest;

/* ---- Chart inputs ---- */

/* One bar of a horizontal bar chart. */
struct chart_bar {
	const char *label;      /* category name (wrapped to 2 lines, then "…") */
	double value;
	bool has_value;         /* false: the slot says chart_text.no_data */
	int color;              /* 0..7 (class cN) */
	bool highlight;         /* outline + hatch + bold label */
	const char *value_text; /* formatted by caller; NULL prints the number */
};

/* One value of a grouped chart (groups x series, row-major). */
struct chart_value {
	double value;
	bool has_value;
	const char *value_text; /* NULL prints the number */
};

/* One series of a grouped chart: a colour and a name shown next to each of
 * its bars (direct labels, no separate legend to look up). */
struct chart_series {
	const char *name;
	int color;
	bool highlight;
};

/* One point of a scatter chart. */
struct chart_point {
	const char *label;
	double x, y;
	bool has_value;     /* false: listed under the plot as no_data */
	int color;
	bool highlight;
	const char *x_text; /* formatted values for tooltips and the key; */
	const char *y_text; /* NULL prints the numbers */
};

enum chart_fit_state {
	CHART_FIT_NO_DATA = 0,
	CHART_FIT_FITS = 1,
	CHART_FIT_NEEDS = 2, /* needs more (e.g. N cards): hatched */
	CHART_FIT_TIGHT = 3, /* holds it with no margin: the fits colour, hatched */
};
#define CHART_FIT_STATES 4

/* One cell of a fit matrix: a state and a short text ("✓", "×2"); NULL text
 * prints chart_text.no_data for CHART_FIT_NO_DATA and nothing otherwise.
 * `tip`, when not NULL, is the cell in words for its tooltip ("needs 2
 * cards"), where a mark drawn in the cell would not read as a sentence;
 * NULL gives the tooltip the cell's text. */
struct chart_fit_cell {
	enum chart_fit_state state;
	const char *text;
	const char *tip;
};

/* ---- Charts: each appends one <svg> element to `out` ----
 * `id` prefixes every id in the SVG (ID, ID-title, ID-desc, ID-hatch); it
 * must match [A-Za-z][A-Za-z0-9_-]*. Return 0, or -1 (nothing appended) for
 * a bad id or NULL arguments. A chart with nothing to show (no items, or
 * every value missing) is a small SVG with the title and no_data text. */

/* Horizontal bars, one row per bar, zero-based (log based when positive
 * values span more than 100x), value labels right of each bar. */
int chart_hbar(struct buf *out, const char *id, const struct chart_text *t,
	       const struct chart_bar *bars, size_t n);
/* Grouped horizontal bars: a heading per group, then one bar per series,
 * labelled with the series name; one shared value axis. `values` has
 * n_groups * n_series entries, values[g * n_series + s]. */
int chart_grouped(struct buf *out, const char *id, const struct chart_text *t,
		  const char *const *groups, size_t n_groups,
		  const struct chart_series *series, size_t n_series,
		  const struct chart_value *values);
/* Matrix of rows x columns cells coloured and patterned by state; `cells`
 * has n_rows * n_cols entries, cells[r * n_cols + c]. `state_names` (4
 * strings indexed by enum chart_fit_state, or NULL) makes a legend of the
 * states its cells show. A
 * column without data in any row is not drawn: it is named on a line under
 * the matrix (chart_text.omitted). */
int chart_fit(struct buf *out, const char *id, const struct chart_text *t,
	      const char *const *rows, size_t n_rows, const char *const *cols,
	      size_t n_cols, const struct chart_fit_cell *cells,
	      const char *const *state_names);

/* The columns chart_fit draws: those with a state other than
 * CHART_FIT_NO_DATA in some row. Fills `keep` (room for n_cols) with their
 * indexes, in order; returns how many. A table of the same matrix leaves
 * out the same columns. */
size_t chart_fit_columns(const struct chart_fit_cell *cells, size_t n_rows, size_t n_cols,
			 size_t *keep);

/* ---- What a chart is drawn from ----
 * Each function adds to `d` everything the chart function of the same
 * name draws from (its id, every text and number): two calls that add the
 * same bytes draw the same SVG, so a caller may keep a drawing under the
 * digest and not draw it again. */
void chart_hbar_digest(struct digest *d, const char *id, const struct chart_text *t,
		       const struct chart_bar *bars, size_t n);
void chart_grouped_digest(struct digest *d, const char *id, const struct chart_text *t,
			  const char *const *groups, size_t n_groups,
			  const struct chart_series *series, size_t n_series,
			  const struct chart_value *values);

/* ---- Layout: what the charts above draw, exposed for tests ---- */

/* Lay out each chart kind into `lay` (which starts zeroed or released).
 * Same arguments as the chart functions; return 0 or -1 for NULL input. */
int chart_hbar_layout(struct chart_layout *lay, const struct chart_text *t,
		      const struct chart_bar *bars, size_t n);
int chart_grouped_layout(struct chart_layout *lay, const struct chart_text *t,
			 const char *const *groups, size_t n_groups,
			 const struct chart_series *series, size_t n_series,
			 const struct chart_value *values);
int chart_fit_layout(struct chart_layout *lay, const struct chart_text *t,
		     const char *const *rows, size_t n_rows,
		     const char *const *cols, size_t n_cols,
		     const struct chart_fit_cell *cells,
		     const char *const *state_names);
#endif
