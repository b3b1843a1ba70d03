/* chart: accessible, deterministic SVG charts.
 *
 * Generic: this module knows nothing of GPUs or data.h. The caller maps its
 * data to labels, numbers and already formatted value texts, in the page's
 * language. Every chart is laid out first (a list of boxes, testable: labels
 * never overlap each other or the marks), then written out in document order
 * by a small streaming XML writer that appends straight to the caller's
 * buffer (no tree is built). The writer escapes all text and attribute
 * values (& < > in text, also " and tab, newline, carriage return in
 * attributes), turns invalid UTF-8 into U+FFFD and control characters into
 * spaces, and closes every element it opens, so the SVG is well-formed
 * whatever the caller passes. Its bytes are those libxml2's xmlNodeDump wrote
 * for the same tree, which these charts were made with before: an element
 * without children is written as <name .../>.
 *
 * Output shape: <svg xmlns=".." role="img" viewBox="0 0 W H"
 * aria-labelledby="ID-title ID-desc" id="ID" ..> with <title id="ID-title"> and
 * <desc id="ID-desc">, no width/height (it scales to its container), and a
 * small <style> scoped to #ID that colours marks through CSS custom
 * properties (--c0..--c7, --fg, --muted, --grid, --bg) with the Okabe-Ito
 * colour-blind safe palette as fallbacks, so a standalone file looks right
 * and a page's dark scheme can override. Highlights use an outline and a
 * hatch pattern (id ID-hatch) as well as colour; every mark has a direct
 * text label, so nothing depends on colour alone. The same input always
 * gives the same bytes; coordinates are printed with "%.1f" (see
 * numfmt_coord).
 *
 * Memory: all inputs are borrowed for the duration of a call. Output is
 * appended to the caller's `struct buf`. A `struct chart_layout` owns its
 * items and their strings until chart_layout_release.
 */
#ifndef GPUGUIDE_CHART_H
#define GPUGUIDE_CHART_H

#include <stdbool.h>
#include <stddef.h>

struct buf;

#define CHART_WIDTH 480.0   /* default viewBox width (a fit matrix may be wider) */
#define CHART_WIDTH_COMPACT 320.0 /* a chart for a phone's column */
#define CHART_FONT 13.0     /* body text size in viewBox units */
#define CHART_FONT_SMALL 11.0
#define CHART_FONT_TITLE 15.0
#define CHART_COLORS 8      /* colour classes c0..c7; other values wrap */

/* Texts shared by all charts; all borrowed, UTF-8, may be NULL except
 * `title`. `no_data` is what a chart or a bar without a value says ("No
 * data", "暂无数据"); NULL means "No data". */
struct chart_text {
	const char *title;       /* <title>, also drawn on top of the chart */
	const char *desc;        /* <desc>: a sentence for screen readers */
	const char *axis_title;  /* value axis (scatter: x axis), with its unit */
	const char *axis2_title; /* scatter only: y axis, with its unit */
	const char *no_data;
	const char *log_scale;   /* added to an axis title when that axis is
				    logarithmic: "log scale", "对数刻度"; may be NULL */
	/* The viewBox width to lay the chart out for: text keeps its size in
	 * viewBox units (CHART_FONT_SMALL and up), so a chart meant to be
	 * shown N px wide is laid out N units wide and no text is smaller
	 * than CHART_FONT_SMALL px. 0: CHART_WIDTH, and a fit matrix grows
	 * to give each column 60 units. Set (> 0): the chart is exactly this
	 * wide; a fit matrix wraps its columns into blocks one under the
	 * other instead of growing, and below CHART_WIDTH bar labels too long
	 * for the left of their bars go above them, titles take up to three
	 * lines and ticks thin out. */
	double width;
	/* A compact fit matrix names the columns it leaves out for having no
	 * data in any row on a line under it: `omitted` starts that line
	 * ("No VRAM figure: "; NULL: no_data and ": "), `list_sep` separates
	 * the names (NULL: ", "). */
	const char *omitted;
	const char *list_sep;
};

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

struct chart_scatter_opts {
	bool x_higher_better;       /* e.g. false for price */
	bool y_higher_better;       /* e.g. true for speed */
	const char *frontier_label; /* legend of the best-value line; NULL: no line */
};

enum chart_fit_state {
	CHART_FIT_NO_DATA = 0,
	CHART_FIT_FITS = 1,
	CHART_FIT_NEEDS = 2, /* needs more (e.g. N cards): hatched */
};

/* One cell of a fit matrix: a state and a short text ("✓", "×2"); NULL text
 * prints chart_text.no_data for CHART_FIT_NO_DATA and nothing otherwise. */
struct chart_fit_cell {
	enum chart_fit_state state;
	const char *text;
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
/* Scatter of labelled points with the best-value frontier (see
 * chart_frontier) joined by a dashed line. Labels that cannot be placed
 * without overlap are listed under the plot instead. */
int chart_scatter(struct buf *out, const char *id, const struct chart_text *t,
		  const struct chart_point *pts, size_t n,
		  const struct chart_scatter_opts *opts);
/* Matrix of rows x columns cells coloured and patterned by state; `cells`
 * has n_rows * n_cols entries, cells[r * n_cols + c]. `state_names` (3
 * strings indexed by enum chart_fit_state, or NULL) makes a legend. */
int chart_fit(struct buf *out, const char *id, const struct chart_text *t,
	      const char *const *rows, size_t n_rows, const char *const *cols,
	      size_t n_cols, const struct chart_fit_cell *cells,
	      const char *const *state_names);

/* The frontier of best value: marks on_front[i] for each point with a value
 * that no other point dominates (at least as good on both axes and better
 * on one, "better" per the opts directions). Returns how many are marked. */
size_t chart_frontier(const struct chart_point *pts, size_t n,
		      bool x_higher_better, bool y_higher_better,
		      bool *on_front);

/* ---- Layout: what the charts above draw, exposed for tests ---- */

struct chart_box {
	double x, y, w, h; /* top-left corner and size, viewBox units */
};

enum chart_item_kind {
	CHART_ITEM_TEXT,   /* one line of text; box from text_width */
	CHART_ITEM_BAR,    /* a bar (data mark) */
	CHART_ITEM_POINT,  /* a scatter marker; box is its bounding square */
	CHART_ITEM_CELL,   /* a fit-matrix cell */
	CHART_ITEM_SWATCH, /* a legend sample */
	CHART_ITEM_RULE,   /* an axis or grid line from (x,y) to (x+w,y+h) */
};

#define CHART_ITEM_HIGHLIGHT 0x01u /* outline + hatch */
#define CHART_ITEM_BOLD 0x02u
#define CHART_ITEM_END 0x04u    /* text anchored at the box's right edge */
#define CHART_ITEM_MIDDLE 0x08u /* text anchored at the box's centre */
#define CHART_ITEM_MUTED 0x10u  /* "no data" text */
#define CHART_ITEM_GRID 0x20u   /* light grid line (else axis line) */
#define CHART_ITEM_HATCH 0x40u  /* pattern overlay without outline */
#define CHART_ITEM_DASHED 0x80u /* dashed outline, no fill (no data) */
#define CHART_ITEM_LINE 0x100u  /* swatch drawn as the frontier line */

struct chart_item {
	enum chart_item_kind kind;
	struct chart_box box;
	char *text;     /* TEXT: the line drawn; owned by the layout */
	char *tip;      /* tooltip (<title>): full label or "label: value"; owned, may be NULL */
	double font_px; /* TEXT only */
	int color;      /* 0..7, or -1 for none */
	unsigned flags; /* CHART_ITEM_* */
	int index;      /* the input element (bar, point, cell) or -1 */
};

struct chart_layout {
	double width, height;     /* the viewBox */
	struct chart_item *items; /* in drawing order; owned */
	size_t n, cap;
	double *path;             /* frontier polyline x,y pairs; owned, may be NULL */
	size_t path_n;            /* number of points in path */
	size_t path_at;           /* the path is drawn just before items[path_at] */
	bool no_data;             /* the chart only says no_data */
};

/* Lay out each chart kind into `lay` (which starts zeroed or released).
 * Same arguments as the chart functions; return 0 or -1 for NULL input. */
int chart_hbar_layout(struct chart_layout *lay, const struct chart_text *t,
		      const struct chart_bar *bars, size_t n);
int chart_grouped_layout(struct chart_layout *lay, const struct chart_text *t,
			 const char *const *groups, size_t n_groups,
			 const struct chart_series *series, size_t n_series,
			 const struct chart_value *values);
int chart_scatter_layout(struct chart_layout *lay, const struct chart_text *t,
			 const struct chart_point *pts, size_t n,
			 const struct chart_scatter_opts *opts);
int chart_fit_layout(struct chart_layout *lay, const struct chart_text *t,
		     const char *const *rows, size_t n_rows,
		     const char *const *cols, size_t n_cols,
		     const struct chart_fit_cell *cells,
		     const char *const *state_names);
/* Render a layout as <svg> appended to `out`; -1 for a bad id. */
int chart_layout_render(const struct chart_layout *lay, const char *id,
			const struct chart_text *t, struct buf *out);
/* Free everything the layout owns and zero it. */
void chart_layout_release(struct chart_layout *lay);

/* True when two boxes share interior area (touching edges do not count). */
bool chart_box_overlap(const struct chart_box *a, const struct chart_box *b);

#endif
