/* chart: each chart kind laid out, then written out (see chart.h). */
#include "chart/chart.h"

#include "base/buf.h"
#include "base/digest.h"
#include "chart/chart_scale.h"
#include "base/numfmt.h"
#include "chart/svg.h"
#include "base/text_wrap.h"
#include "base/xalloc.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BAR_H 18.0
#define ROW_H 26.0

/* ------------------------------------------------------------ bar rows */

struct row {
	const char *label;
	bool header; /* a group heading: label only */
	double value;
	bool has_value;
	int color;
	bool highlight;
	const char *value_text;
	int index;
};

/* True when a row before row i has the same label (the same string: the
 * groups of a grouped chart repeat their series' names) and weight, so it
 * measures the same. */
static bool label_seen(const struct row *rows, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (!rows[k].header && rows[k].label == rows[i].label &&
		    rows[k].highlight == rows[i].highlight)
			return true;
	return false;
}

/* How a run of bar rows is placed: label column (or labels above the
 * bars), plot and value columns, row heights. */
struct rows_frame {
	double W, font, bar_h;
	double label_w;   /* label column, or the line above a bar */
	bool above;       /* labels on a line of their own above their bars */
	double label_h;   /* above: the label lines' height, else 0 */
	double row_h;     /* a bar row, its label included */
	double plot_x0, plot_x1;
};

/* A group heading's height: wrapped to two lines. */
static double head_height(const struct rows_frame *f, const char *label)
{
	size_t l = chart_layout_count_lines(label ? label : "",
					    f->W - 2 * CHART_PAD, 2, CHART_FONT,
					    CHART_ITEM_BOLD);
	return (double)(l > 1 ? l : 1) * CHART_FONT * CHART_LINE_K + 8;
}

static double row_height(const struct rows_frame *f, const struct row *r)
{
	return r->header ? head_height(f, r->label) : f->row_h;
}

/* The label column: as wide as the widest label up to 38% of the width;
 * in a compact chart, labels wider than that go above their bars. */
static void rows_frame_labels(struct rows_frame *f, const struct chart_text *t,
			      const struct row *rows, size_t n, double row_h1)
{
	double label_w = 0;
	for (size_t i = 0; i < n; i++) {
		if (rows[i].header || label_seen(rows, i))
			continue;
		unsigned fl = rows[i].highlight ? CHART_ITEM_BOLD : 0;
		double w = chart_layout_text_width(
			rows[i].label ? rows[i].label : "", f->font, fl);
		if (w > label_w)
			label_w = w;
	}
	f->above = chart_layout_is_compact(t) && label_w > f->W * 0.38;
	if (f->above)
		label_w = f->W - 2 * CHART_PAD;
	else if (label_w > f->W * 0.38)
		label_w = f->W * 0.38;
	f->label_w = label_w;
	bool two_lines = false;
	for (size_t i = 0; i < n && !two_lines; i++) {
		unsigned fl = rows[i].highlight ? CHART_ITEM_BOLD : 0;
		if (!rows[i].header && rows[i].label && !label_seen(rows, i) &&
		    chart_layout_count_lines(rows[i].label, label_w, 2, f->font,
					     fl) > 1)
			two_lines = true;
	}
	double lines_h = (two_lines ? 2 : 1) * f->font * CHART_LINE_K;
	if (f->above) {
		f->label_h = lines_h + 2;
		f->row_h = f->label_h + f->bar_h + 6;
		return;
	}
	f->label_h = 0;
	f->row_h = two_lines ? lines_h + 8 : row_h1;
	if (f->row_h < f->bar_h + 6)
		f->row_h = f->bar_h + 6;
}

/* What the values of bar rows need: their range, whether the axis is
 * logarithmic, and the widest value text. */
struct rows_values {
	double lo, hi;  /* range, 0 included */
	double vmin;    /* the smallest value */
	double val_w;   /* the widest value text */
	bool log;
};

/* Measure the rows' values, printing those without a value text into
 * vtext[i]; returns how many rows have a value. */
static size_t rows_values(const struct row *rows, size_t n, double font,
			  char (*vtext)[48], struct rows_values *v)
{
	double *vals = xmalloc((n ? n : 1) * sizeof *vals);
	size_t nv = 0;
	*v = (struct rows_values){ .lo = 0, .hi = 0, .val_w = 0 };
	for (size_t i = 0; i < n; i++) {
		const struct row *r = &rows[i];
		vtext[i][0] = '\0';
		if (r->header || !r->has_value || !isfinite(r->value))
			continue;
		vals[nv++] = r->value;
		if (r->value < v->lo)
			v->lo = r->value;
		if (r->value > v->hi)
			v->hi = r->value;
		if (!r->value_text)
			chart_layout_format_number(r->value, vtext[i],
						   sizeof vtext[i]);
		const char *vt = r->value_text ? r->value_text : vtext[i];
		double w = chart_layout_text_width(
			vt, font, r->highlight ? CHART_ITEM_BOLD : 0);
		if (w > v->val_w)
			v->val_w = w;
	}
	v->log = nv > 0 && chart_scale_wants_log(vals, nv);
	v->vmin = DBL_MAX;
	for (size_t i = 0; i < nv; i++)
		if (vals[i] < v->vmin)
			v->vmin = vals[i];
	free(vals);
	return nv;
}

/* Each row's height (row_height), measured once: a heading's wraps its
 * label, and the grid, the bottom and the rows all need it. Caller frees. */
static double *rows_heights(const struct rows_frame *f, const struct row *rows,
			    size_t n)
{
	double *h = xmalloc((n ? n : 1) * sizeof *h);
	for (size_t i = 0; i < n; i++)
		h[i] = row_height(f, &rows[i]);
	return h;
}

/* Grid and base line behind each run of bars, not through headings (nor
 * through labels above their bars: then each bar's band). */
static void rows_grid(struct chart_layout *lay, const struct rows_frame *f,
		      const struct row *rows, const double *heights, size_t n,
		      const struct chart_ticks *ticks,
		      const struct chart_scale *sc, double x_base,
		      double rows_top)
{
	double run_top = rows_top, yy = rows_top;
	for (size_t i = 0; i <= n; i++) {
		bool ends = i == n || rows[i].header || f->above;
		if (ends && yy > run_top) {
			for (size_t k = 0; k < ticks->n; k++) {
				double x = chart_scale_map(sc, ticks->v[k]);
				chart_layout_rule(lay, x, run_top, x, yy, true);
			}
			chart_layout_rule(lay, x_base, run_top, x_base, yy,
					  false);
		}
		if (i == n)
			break;
		if (rows[i].header) {
			yy += heights[i];
			run_top = yy;
			continue;
		}
		if (f->above)
			run_top = yy + f->label_h;
		yy += f->row_h;
	}
}

/* One bar row at y: its label, its bar and value, or "no data". */
static void rows_bar(struct chart_layout *lay, const struct chart_text *t,
		     const struct rows_frame *f, const struct row *r,
		     const char *vtext, const struct chart_scale *sc,
		     double x_base, double y)
{
	const double W = f->W, font = f->font;
	double cy = y + f->label_h + (f->row_h - f->label_h) / 2;
	unsigned fl = r->highlight ? CHART_ITEM_BOLD : 0;
	if (f->above)
		chart_layout_text_block(lay, r->label ? r->label : "",
					f->label_w, 2, CHART_PAD,
					y + f->label_h / 2 + 1, font, fl);
	else
		chart_layout_text_block(lay, r->label ? r->label : "",
					f->label_w, 2, f->plot_x0 - 8, cy, font,
					fl | CHART_ITEM_END);
	if (r->has_value && isfinite(r->value)) {
		double xa = x_base;
		double xb = chart_scale_map(sc, r->value);
		struct chart_box box = { xa < xb ? xa : xb, cy - f->bar_h / 2,
					 fabs(xb - xa), f->bar_h };
		const char *vt = r->value_text ? r->value_text : vtext;
		struct chart_item *bar = chart_layout_mark(
			lay, CHART_ITEM_BAR, box, r->color,
			r->highlight ? CHART_ITEM_HIGHLIGHT : 0, r->index);
		bar->tip = chart_layout_join_tip(lay, t, r->label, vt);
		double tx = (xb > xa ? xb : xa) + CHART_GAP;
		chart_layout_text_fit(lay, vt, W - CHART_PAD - tx, tx, cy, font,
				      fl);
	} else {
		double tx = x_base + CHART_GAP;
		chart_layout_text_fit(lay, chart_layout_no_data_text(t),
				      W - CHART_PAD - tx, tx, cy, font,
				      CHART_ITEM_MUTED);
	}
}

/* The value axis' title under the tick labels at y; returns the y below. */
static double rows_axis_title(struct chart_layout *lay,
			      const struct chart_text *t,
			      const struct rows_frame *f, bool log, double y)
{
	const double W = f->W;
	char *xtitle = chart_layout_axis_title(t->axis_title, log, t);
	if (xtitle &&
	    text_width(xtitle, CHART_FONT_SMALL) > W - 2 * CHART_PAD) {
		/* too long for one line: wrapped, centred on the chart */
		double lh = CHART_FONT_SMALL * CHART_LINE_K;
		size_t l = chart_layout_count_lines(xtitle, W - 2 * CHART_PAD,
						    3, CHART_FONT_SMALL, 0);
		chart_layout_text_block(lay, xtitle, W - 2 * CHART_PAD, 3,
					W / 2, y + 4 + lh * (double)l / 2,
					CHART_FONT_SMALL, CHART_ITEM_MIDDLE);
		free(xtitle);
		y += 4 + lh * (double)l;
	} else if (xtitle) {
		double cy = y + 4 + CHART_FONT_SMALL * 0.6;
		struct chart_item *it = chart_layout_text_fit(
			lay, xtitle, W - 2 * CHART_PAD,
			(f->plot_x0 + f->plot_x1) / 2, cy, CHART_FONT_SMALL,
			CHART_ITEM_MIDDLE);
		free(xtitle);
		if (it->box.x < CHART_PAD)
			it->box.x = CHART_PAD;
		if (it->box.x + it->box.w > W - CHART_PAD)
			it->box.x = W - CHART_PAD - it->box.w;
		y = cy + CHART_FONT_SMALL * 0.6;
	}
	return y;
}

static int layout_rows(struct chart_layout *lay, const struct chart_text *t,
		       const struct row *rows, size_t n, double font,
		       double bar_h, double row_h1)
{
	struct rows_frame f = { .W = chart_layout_frame_width(t),
				.font = font,
				.bar_h = bar_h };
	const double W = f.W;
	char (*vtext)[48] = xmalloc((n ? n : 1) * sizeof *vtext);
	struct rows_values v;

	chart_layout_release(lay);
	if (rows_values(rows, n, font, vtext, &v) == 0) {
		free(vtext);
		chart_layout_no_data(lay, t);
		return 0;
	}

	/* a compact chart gives its values more of its width: cut values
	 * say less than a short bar */
	double val_cap = W * (chart_layout_is_compact(t) ? 0.35 : 0.25);
	if (v.val_w > val_cap)
		v.val_w = val_cap;
	rows_frame_labels(&f, t, rows, n, row_h1);
	f.plot_x0 = f.above ? CHART_PAD : CHART_PAD + f.label_w + 8;
	f.plot_x1 = W - CHART_PAD - v.val_w - CHART_GAP;

	struct chart_ticks ticks;
	struct chart_scale sc;
	chart_layout_choose_x_ticks(v.log ? v.vmin : v.lo, v.hi, v.log,
				    f.plot_x0, f.plot_x1, CHART_PAD,
				    W - CHART_PAD, &ticks, &sc);

	lay->width = W;
	double y = chart_layout_title(lay, t, W);
	double *heights = rows_heights(&f, rows, n);
	double rows_bottom = y;
	for (size_t i = 0; i < n; i++)
		rows_bottom += heights[i];
	double x_base = v.log ? f.plot_x0 : chart_scale_map(&sc, 0);
	rows_grid(lay, &f, rows, heights, n, &ticks, &sc, x_base, y);

	for (size_t i = 0; i < n; i++) {
		const struct row *r = &rows[i];
		if (r->header) {
			double hh = heights[i];
			chart_layout_text_block(lay, r->label ? r->label : "",
						W - 2 * CHART_PAD, 2, CHART_PAD,
						y + hh / 2 + 2, CHART_FONT,
						CHART_ITEM_BOLD);
			y += hh;
			continue;
		}
		rows_bar(lay, t, &f, r, vtext[i], &sc, x_base, y);
		y += f.row_h;
	}
	free(heights);
	free(vtext);

	y = rows_bottom + 4 + CHART_FONT_SMALL * 0.6;
	chart_layout_x_tick_labels(lay, &ticks, &sc, y, CHART_PAD,
				   W - CHART_PAD);
	y += CHART_FONT_SMALL * 0.6;
	y = rows_axis_title(lay, t, &f, v.log, y);
	lay->height = ceil(y + CHART_PAD);
	return 0;
}

int chart_hbar_layout(struct chart_layout *lay, const struct chart_text *t,
		      const struct chart_bar *bars, size_t n)
{
	if (!lay || !t || (n && !bars))
		return -1;
	struct row *rows = xcalloc(n ? n : 1, sizeof *rows);
	for (size_t i = 0; i < n; i++)
		rows[i] = (struct row){ bars[i].label, false, bars[i].value,
					bars[i].has_value, bars[i].color,
					bars[i].highlight, bars[i].value_text,
					(int)i };
	int rc = layout_rows(lay, t, rows, n, CHART_FONT, BAR_H, ROW_H);
	free(rows);
	return rc;
}

int chart_grouped_layout(struct chart_layout *lay, const struct chart_text *t,
			 const char *const *groups, size_t n_groups,
			 const struct chart_series *series, size_t n_series,
			 const struct chart_value *values)
{
	if (!lay || !t || (n_groups && !groups) || (n_series && !series) ||
	    (n_groups && n_series && !values))
		return -1;
	if (n_groups == 0 || n_series == 0) {
		chart_layout_no_data(lay, t);
		return 0;
	}
	size_t n = n_groups * (n_series + 1);
	struct row *rows = xcalloc(n, sizeof *rows);
	size_t k = 0;
	for (size_t g = 0; g < n_groups; g++) {
		rows[k++] = (struct row){ .label = groups[g], .header = true,
					  .index = -1 };
		for (size_t s = 0; s < n_series; s++) {
			const struct chart_value *v = &values[g * n_series + s];
			rows[k++] = (struct row){ series[s].name, false, v->value,
						  v->has_value, series[s].color,
						  series[s].highlight,
						  v->value_text,
						  (int)(g * n_series + s) };
		}
	}
	int rc = layout_rows(lay, t, rows, n, CHART_FONT_SMALL + 1, 14, 22);
	free(rows);
	return rc;
}

/* ------------------------------------------------------------ fit matrix */

static unsigned fit_flags(enum chart_fit_state s)
{
	return s == CHART_FIT_NEEDS || s == CHART_FIT_TIGHT ? CHART_ITEM_HATCH
	       : s == CHART_FIT_FITS ? 0
				     : CHART_ITEM_DASHED;
}

static int fit_color(enum chart_fit_state s)
{
	return s == CHART_FIT_NEEDS ? 1 : s == CHART_FIT_FITS || s == CHART_FIT_TIGHT ? 2 : -1;
}

size_t chart_fit_columns(const struct chart_fit_cell *cells, size_t n_rows, size_t n_cols,
			 size_t *keep)
{
	size_t k = 0;
	for (size_t c = 0; c < n_cols; c++) {
		bool any = false;
		for (size_t r = 0; r < n_rows && !any; r++)
			any = cells[r * n_cols + c].state != CHART_FIT_NO_DATA;
		if (any)
			keep[k++] = c;
	}
	return k;
}

/* One block of a fit matrix: the heads of columns keep[0..n), then a row
 * of cells per row label. Returns the y below it. */
static double layout_fit_block(struct chart_layout *lay,
			       const struct chart_text *t,
			       const char *const *rows, size_t n_rows,
			       const char *const *cols, size_t n_cols,
			       const struct chart_fit_cell *cells,
			       const size_t *keep, size_t n, double x0,
			       double col_w, double label_w, double y)
{
	const double font = CHART_FONT_SMALL + 1, hfont = CHART_FONT_SMALL;
	size_t head_lines = 1;
	for (size_t j = 0; j < n; j++) {
		const char *h = cols[keep[j]] ? cols[keep[j]] : "";
		size_t l = chart_layout_count_lines(h, col_w - 6,
						    CHART_MAX_LINES, hfont, 0);
		head_lines = l > head_lines ? l : head_lines;
	}
	double hlh = hfont * CHART_LINE_K;
	for (size_t j = 0; j < n; j++)
		chart_layout_text_block(lay, cols[keep[j]] ? cols[keep[j]] : "",
					col_w - 6, CHART_MAX_LINES,
					x0 + col_w * ((double)j + 0.5),
					y + hlh * (double)head_lines / 2, hfont,
					CHART_ITEM_MIDDLE);
	y += hlh * (double)head_lines + 4;

	for (size_t r = 0; r < n_rows; r++) {
		size_t l = chart_layout_count_lines(rows[r] ? rows[r] : "",
						    label_w, 2, font, 0);
		double row_h = l > 1 ? 2 * font * CHART_LINE_K + 8 : 28;
		double cy = y + row_h / 2;
		chart_layout_text_block(lay, rows[r] ? rows[r] : "", label_w, 2,
					x0 - 8, cy, font, CHART_ITEM_END);
		for (size_t j = 0; j < n; j++) {
			size_t c = keep[j];
			const struct chart_fit_cell *cell =
				&cells[r * n_cols + c];
			struct chart_box b = { x0 + col_w * (double)j + 2,
					       y + 2, col_w - 4, row_h - 4 };
			struct chart_item *it = chart_layout_mark(
				lay, CHART_ITEM_CELL, b, fit_color(cell->state),
				fit_flags(cell->state), (int)(r * n_cols + c));
			const char *txt = cell->text;
			bool nodata = cell->state == CHART_FIT_NO_DATA;
			if (!txt && nodata)
				txt = chart_layout_no_data_text(t);
			struct buf tip = BUF_INIT;
			const char *said = cell->tip ? cell->tip : txt;
			buf_addf(&tip, "%s%s%s%s%s", rows[r] ? rows[r] : "",
				 chart_layout_pair_sep(t), cols[c] ? cols[c] : "",
				 chart_layout_label_sep(t), said ? said : "");
			it->tip = chart_layout_strdup(lay, tip.ptr);
			buf_release(&tip);
			/* a "no data" too wide for its cell is left to the
			 * dashed outline and the legend */
			if (nodata && !cell->text && txt &&
			    text_width(txt, font) > col_w - 10)
				txt = NULL;
			unsigned muted = nodata ? CHART_ITEM_MUTED : 0;
			if (txt && *txt)
				chart_layout_text_fit(lay, txt, col_w - 10,
						      b.x + b.w / 2, cy, font,
						      CHART_ITEM_MIDDLE | muted);
		}
		y += row_h;
	}
	return y;
}

/* The line naming the columns a matrix leaves out, wrapped. */
static double layout_fit_omitted(struct chart_layout *lay,
				 const struct chart_text *t,
				 const char *const *cols, size_t n_cols,
				 const size_t *keep, size_t n_keep, double W,
				 double y)
{
	if (n_keep == n_cols)
		return y;
	const double font = CHART_FONT_SMALL;
	struct buf line = BUF_INIT;
	if (t->omitted)
		buf_adds(&line, t->omitted);
	else
		buf_addf(&line, "%s%s", chart_layout_no_data_text(t),
			 chart_layout_label_sep(t));
	size_t k = 0;
	bool first = true;
	for (size_t c = 0; c < n_cols; c++) {
		if (k < n_keep && keep[k] == c) {
			k++;
			continue;
		}
		if (!first)
			buf_adds(&line, chart_layout_list_sep(t));
		buf_adds(&line, cols[c] ? cols[c] : "");
		first = false;
	}
	size_t lines = chart_layout_count_lines(line.ptr, W - 2 * CHART_PAD,
						CHART_MAX_LINES, font, 0);
	double lh = font * CHART_LINE_K;
	chart_layout_text_block(
		lay, line.ptr, W - 2 * CHART_PAD, CHART_MAX_LINES, CHART_PAD,
		y + 6 + lh * (double)lines / 2, font, CHART_ITEM_MUTED);
	buf_release(&line);
	return y + 6 + lh * (double)lines;
}

/* The legend under a fit matrix at y: a swatch and a name per state,
 * flowing onto new lines as needed. Returns the y below it. */
static double layout_fit_legend(struct chart_layout *lay,
				const char *const *state_names, const bool *shown,
				double W, double y)
{
	static const enum chart_fit_state order[] = {
		CHART_FIT_FITS, CHART_FIT_TIGHT, CHART_FIT_NEEDS, CHART_FIT_NO_DATA
	};
	const double font = CHART_FONT_SMALL + 1;
	double x = CHART_PAD, cy = y + 8 + font * 0.6;
	for (size_t i = 0; i < sizeof order / sizeof *order; i++) {
		const char *name = state_names[order[i]];
		if (!name || !shown[order[i]])
			continue;
		struct buf s = BUF_INIT;
		text_fit(name, font, W - 2 * CHART_PAD - 18, &s);
		double w = 18 + text_width(s.ptr, font);
		if (x > CHART_PAD && x + w > W - CHART_PAD) {
			x = CHART_PAD;
			cy += font * CHART_LINE_K + 4;
		}
		chart_layout_mark(lay, CHART_ITEM_SWATCH,
				  (struct chart_box){ x, cy - 6, 12, 12 },
				  fit_color(order[i]), fit_flags(order[i]), -1);
		chart_layout_text(lay, s.ptr, x + 18, cy, font, 0, NULL);
		x += w + 16;
		buf_release(&s);
	}
	return cy + font * 0.6;
}

int chart_fit_layout(struct chart_layout *lay, const struct chart_text *t,
		     const char *const *rows, size_t n_rows,
		     const char *const *cols, size_t n_cols,
		     const struct chart_fit_cell *cells,
		     const char *const *state_names)
{
	const double font = CHART_FONT_SMALL + 1;
	if (!lay || !t || (n_rows && !rows) || (n_cols && !cols) ||
	    (n_rows && n_cols && !cells))
		return -1;
	chart_layout_release(lay);
	bool any = false;
	for (size_t i = 0; i < n_rows * n_cols; i++)
		any = any || cells[i].state != CHART_FIT_NO_DATA;
	if (!any) {
		chart_layout_no_data(lay, t);
		return 0;
	}
	const double Wt = chart_layout_frame_width(t);
	/* labels: up to 30% of the width, on two lines if need be */
	double label_cap = Wt * 0.3;
	double label_w = 0;
	for (size_t r = 0; r < n_rows; r++) {
		double w = text_width(rows[r] ? rows[r] : "", font);
		label_w = w > label_w ? w : label_w;
	}
	if (label_w > label_cap)
		label_w = label_cap;
	size_t *keep = xmalloc((n_cols ? n_cols : 1) * sizeof *keep);
	size_t nk = chart_fit_columns(cells, n_rows, n_cols, keep);
	double x0 = CHART_PAD + label_w + 8;
	double col_w = (Wt - CHART_PAD - x0) / (double)nk;
	double W = Wt;
	size_t per_block = nk;
	if (t->width > 0) {
		/* exactly Wt wide: columns of at least min_w, in blocks */
		double min_w = chart_layout_is_compact(t) ? 40 : 60;
		size_t fit = (size_t)floor((Wt - CHART_PAD - x0) / min_w);
		fit = fit ? fit : 1;
		size_t blocks = (nk + fit - 1) / fit;
		per_block = (nk + blocks - 1) / blocks;
		col_w = (Wt - CHART_PAD - x0) / (double)per_block;
	} else {
		if (col_w < 60)
			col_w = 60;
		W = ceil(x0 + col_w * (double)nk + CHART_PAD);
		if (W < CHART_WIDTH)
			W = CHART_WIDTH;
	}
	lay->width = W;
	double y = chart_layout_title(lay, t, W);
	for (size_t at = 0; at < nk; at += per_block) {
		size_t n = nk - at < per_block ? nk - at : per_block;
		if (at)
			y += 10;
		y = layout_fit_block(lay, t, rows, n_rows, cols, n_cols, cells,
				     keep + at, n, x0, col_w, label_w, y);
	}

	if (state_names) {
		/* the states the drawn cells show, no other */
		bool shown[CHART_FIT_STATES] = { false };
		for (size_t r = 0; r < n_rows; r++)
			for (size_t k = 0; k < nk; k++)
				if ((unsigned)cells[r * n_cols + keep[k]].state < CHART_FIT_STATES)
					shown[cells[r * n_cols + keep[k]].state] = true;
		y = layout_fit_legend(lay, state_names, shown, W, y);
	}
	y = layout_fit_omitted(lay, t, cols, n_cols, keep, nk, W, y);
	free(keep);
	lay->height = ceil(y + CHART_PAD);
	return 0;
}

/* --------------------------------------------------------------- charts */

int chart_hbar(struct buf *out, const char *id, const struct chart_text *t,
	       const struct chart_bar *bars, size_t n)
{
	struct chart_layout lay = { 0 };
	if (!out || !svg_id_is_valid(id) || chart_hbar_layout(&lay, t, bars, n))
		return -1;
	int rc = chart_layout_render(&lay, id, t, out);
	chart_layout_release(&lay);
	return rc;
}

int chart_grouped(struct buf *out, const char *id, const struct chart_text *t,
		  const char *const *groups, size_t n_groups,
		  const struct chart_series *series, size_t n_series,
		  const struct chart_value *values)
{
	struct chart_layout lay = { 0 };
	if (!out || !svg_id_is_valid(id) ||
	    chart_grouped_layout(&lay, t, groups, n_groups, series, n_series,
				 values))
		return -1;
	int rc = chart_layout_render(&lay, id, t, out);
	chart_layout_release(&lay);
	return rc;
}

int chart_fit(struct buf *out, const char *id, const struct chart_text *t,
	      const char *const *rows, size_t n_rows, const char *const *cols,
	      size_t n_cols, const struct chart_fit_cell *cells,
	      const char *const *state_names)
{
	struct chart_layout lay = { 0 };
	if (!out || !svg_id_is_valid(id) ||
	    chart_fit_layout(&lay, t, rows, n_rows, cols, n_cols, cells,
			     state_names))
		return -1;
	int rc = chart_layout_render(&lay, id, t, out);
	chart_layout_release(&lay);
	return rc;
}

/* --------------------------------------------------------------- digests */

static void add_double(struct digest *d, double v)
{
	uint64_t bits;
	memcpy(&bits, &v, sizeof bits);
	digest_add_u64(d, bits);
}

/* Every field of struct chart_text: one more field is one more line here
 * (the assertion stops a build that forgot it). */
static void add_texts(struct digest *d, const char *id, const struct chart_text *t)
{
	_Static_assert(sizeof(struct chart_text) == 12 * sizeof(const char *) + sizeof(double),
		       "add_texts digests every field of struct chart_text");
	digest_add_str(d, id);
	const char *const fields[] = { t->title, t->desc, t->axis_title, t->axis2_title,
				       t->no_data, t->log_scale, t->omitted, t->list_sep,
				       t->label_sep, t->pair_sep, t->aside_open, t->aside_close };
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		digest_add_str(d, fields[i]);
	add_double(d, t->width);
}

void chart_hbar_digest(struct digest *d, const char *id, const struct chart_text *t,
		       const struct chart_bar *bars, size_t n)
{
	digest_add_str(d, "chart_hbar");
	add_texts(d, id, t);
	digest_add_len(d, n);
	for (size_t i = 0; i < n; i++) {
		const struct chart_bar *b = &bars[i];
		digest_add_str(d, b->label);
		add_double(d, b->value);
		digest_add_byte(d, (unsigned char)(b->has_value | b->highlight << 1));
		digest_add_u64(d, (uint64_t)(int64_t)b->color);
		digest_add_str(d, b->value_text);
	}
}

void chart_grouped_digest(struct digest *d, const char *id, const struct chart_text *t,
			  const char *const *groups, size_t n_groups,
			  const struct chart_series *series, size_t n_series,
			  const struct chart_value *values)
{
	digest_add_str(d, "chart_grouped");
	add_texts(d, id, t);
	digest_add_len(d, n_groups);
	for (size_t g = 0; g < n_groups; g++)
		digest_add_str(d, groups[g]);
	digest_add_len(d, n_series);
	for (size_t k = 0; k < n_series; k++) {
		digest_add_str(d, series[k].name);
		digest_add_u64(d, (uint64_t)(int64_t)series[k].color);
		digest_add_byte(d, series[k].highlight);
	}
	for (size_t i = 0; i < n_groups * n_series; i++) {
		add_double(d, values[i].value);
		digest_add_byte(d, values[i].has_value);
		digest_add_str(d, values[i].value_text);
	}
}
