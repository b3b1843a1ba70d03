/* chart_layout: what a chart draws, placed: a list of boxes (lines of
 * text, bars, points, cells, swatches, rules) in drawing order, and the
 * primitives the chart kinds (chart.c, chart_spark.c) place them with.
 *
 * Text is measured with text_width (an estimate on the generous side), so
 * what a layout promises can be tested without a renderer: labels never
 * overlap each other or the marks. A layout knows nothing of SVG;
 * chart_svg writes it out.
 *
 * Memory: inputs are borrowed for the call. A `struct chart_layout` owns its
 * items, their strings and its path until chart_layout_release; the texts
 * in `struct chart_text` stay the caller's.
 */
#ifndef GPUGUIDE_CHART_LAYOUT_H
#define GPUGUIDE_CHART_LAYOUT_H

#include "base/arena.h"

#include <stdbool.h>
#include <stddef.h>

struct chart_scale;
struct chart_ticks;

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
	/* A fit matrix names the columns it leaves out for having no data
	 * in any row on a line under it: `omitted` starts that line
	 * ("No VRAM figure: "; NULL: no_data and ": "), `list_sep` separates
	 * the names (NULL: ", "). */
	const char *omitted;
	const char *list_sep;
	/* The punctuation of the texts a chart composes, in the language of
	 * the page ("：" and "（…）" in Chinese): `label_sep` joins a name and
	 * its value in a tooltip ("RTX 4090: 24 GB"; NULL: ": "), `pair_sep`
	 * the two parts of a point's values or of a cell's name ("row, column";
	 * NULL: ", "), `aside_open`/`aside_close` enclose the log-scale note of
	 * an axis title (NULL: " (" and ")"). */
	const char *label_sep;
	const char *pair_sep;
	const char *aside_open;
	const char *aside_close;
};

/* ---- The layout ---- */

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
	char *text;     /* TEXT: the line drawn; in the layout's strings */
	char *tip;      /* tooltip (<title>): full label or "label: value";
			   in the layout's strings, may be NULL */
	double font_px; /* TEXT only */
	int color;      /* 0..7, or -1 for none */
	unsigned flags; /* CHART_ITEM_* */
	int index;      /* the input element (bar, point, cell) or -1 */
};

struct chart_layout {
	double width, height;     /* the viewBox */
	struct chart_item *items; /* in drawing order; owned */
	size_t n, cap;
	double *path;             /* frontier polyline x,y pairs; owned, may
				     be NULL */
	size_t path_n;            /* number of points in path */
	size_t path_at;           /* the path is drawn just before items[path_at] */
	bool no_data;             /* the chart only says no_data */
	/* the items' texts and tips: a chart's hundreds of strings made at
	 * once and freed with it (chart_layout_strdup) */
	struct arena strings;
};

/* A copy of `s` (NULL: NULL) that lives as long as the layout. */
char *chart_layout_strdup(struct chart_layout *lay, const char *s);

/* Free everything the layout owns and zero it. */
void chart_layout_release(struct chart_layout *lay);

/* True when two boxes share interior area (touching edges do not count). */
bool chart_box_overlap(const struct chart_box *a, const struct chart_box *b);


/* ---- Placing (for the chart kinds) ---- */

#define CHART_PAD 8.0       /* margin around the chart */
#define CHART_GAP 6.0       /* space between a mark and its label */
#define CHART_LINE_K 1.25   /* line height as a multiple of the font size */
#define CHART_BOLD_K 1.12   /* bold text is wider (DejaVu Sans Bold: 1.10) */
#define CHART_MAX_LINES 4   /* most lines a wrapped text takes */

/* The width a chart is laid out for (chart_text.width, else CHART_WIDTH). */
double chart_layout_frame_width(const struct chart_text *t);
/* True when the chart is laid out narrower than CHART_WIDTH. */
bool chart_layout_is_compact(const struct chart_text *t);
/* What a chart or a slot without a value says (chart_text.no_data). */
const char *chart_layout_no_data_text(const struct chart_text *t);
/* The axis title, with " (log scale)" when the axis is logarithmic;
 * caller frees. NULL when there is no title. */
char *chart_layout_axis_title(const char *title, bool log,
			      const struct chart_text *t);
/* Deterministic short number for values the caller did not format: at
 * most two decimals, trailing zeros dropped, never "-0", thousands grouped
 * ("1,600"). */
void chart_layout_format_number(double v, char *dst, size_t cap);
/* "a: b" with t's label_sep, in the layout's strings; a NULL part reads
 * as "". */
char *chart_layout_join_tip(struct chart_layout *lay, const struct chart_text *t,
			    const char *a, const char *b);
/* t's label_sep (": " when NULL), list_sep and pair_sep (", " when NULL). */
const char *chart_layout_label_sep(const struct chart_text *t);
const char *chart_layout_list_sep(const struct chart_text *t);
const char *chart_layout_pair_sep(const struct chart_text *t);

/* The width of text at `font` (CHART_ITEM_BOLD in flags: bold). */
double chart_layout_text_width(const char *s, double font, unsigned flags);
/* How many lines text takes wrapped to max_w (at most max_lines,
 * CHART_MAX_LINES or fewer). */
size_t chart_layout_count_lines(const char *s, double max_w, size_t max_lines,
				double font, unsigned flags);

/* A line of text around vertical centre cy. x is the left edge, the right
 * edge (CHART_ITEM_END) or the centre (CHART_ITEM_MIDDLE). The text and
 * the tooltip `tip` (may be NULL) are copied. */
struct chart_item *chart_layout_text(struct chart_layout *lay, const char *s,
				     double x, double cy, double font,
				     unsigned flags, const char *tip);
/* One line abbreviated to max_w, with the full text as tooltip if cut. */
struct chart_item *chart_layout_text_fit(struct chart_layout *lay,
					 const char *s, double max_w, double x,
					 double cy, double font,
					 unsigned flags);
/* Wrapped text, lines centred as a block on cy; returns the line count.
 * Text that takes several lines is balanced: wrapped at the narrowest width
 * that gives as many lines, so "7B FP32 (28 GB)" breaks before "(28 GB)",
 * not before "GB)". */
size_t chart_layout_text_block(struct chart_layout *lay, const char *s,
			       double max_w, size_t max_lines, double x,
			       double cy, double font, unsigned flags);
/* An axis (grid: a grid line) from (x1, y1) to (x2, y2). */
void chart_layout_rule(struct chart_layout *lay, double x1, double y1,
		       double x2, double y2, bool grid);
/* A mark (bar, point, cell, swatch) of colour `color` (-1: none; others
 * wrap to CHART_COLORS) for the input element `index` (or -1). */
struct chart_item *chart_layout_mark(struct chart_layout *lay,
				     enum chart_item_kind kind,
				     struct chart_box box, int color,
				     unsigned flags, int index);

/* The drawn title, wrapped to two lines (three in a compact chart);
 * returns the y below it. */
double chart_layout_title(struct chart_layout *lay, const struct chart_text *t,
			  double width);
/* Replace the layout with a chart that only has its title and says
 * no_data. */
void chart_layout_no_data(struct chart_layout *lay, const struct chart_text *t);

/* Ticks whose labels (font small, centred under each tick, kept inside
 * [lo_x, hi_x]) do not touch: fewer ticks until they fit. Fills the
 * scale's domain from the ticks and its range with [r0, r1]. */
void chart_layout_choose_x_ticks(double dmin, double dmax, bool log, double r0,
				 double r1, double lo_x, double hi_x,
				 struct chart_ticks *ticks,
				 struct chart_scale *sc);
/* Tick labels under the axis at centre line cy, clamped like above. */
void chart_layout_x_tick_labels(struct chart_layout *lay,
				const struct chart_ticks *ticks,
				const struct chart_scale *sc, double cy,
				double lo_x, double hi_x);

#endif
