/* chart_scatter: points laid out with their frontier and labels, then
 * written out (see chart_scatter.h). */
#include "chart/chart_scatter.h"

#include "base/buf.h"
#include "base/numfmt.h"
#include "base/text_wrap.h"
#include "base/xalloc.h"
#include "chart/chart_layout.h"
#include "chart/chart_scale.h"
#include "chart/svg.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* True when point a is at least as good as b on both axes and better on
 * one. */
static bool point_dominates(const struct chart_point *a,
			    const struct chart_point *b, bool xh, bool yh)
{
	double ax = xh ? a->x : -a->x, bx = xh ? b->x : -b->x;
	double ay = yh ? a->y : -a->y, by = yh ? b->y : -b->y;
	return ax >= bx && ay >= by && (ax > bx || ay > by);
}

static bool point_ok(const struct chart_point *p)
{
	return p->has_value && isfinite(p->x) && isfinite(p->y);
}

size_t chart_frontier(const struct chart_point *pts, size_t n,
		      bool x_higher_better, bool y_higher_better,
		      bool *on_front)
{
	size_t count = 0;
	for (size_t i = 0; i < n; i++) {
		on_front[i] = point_ok(&pts[i]);
		for (size_t j = 0; j < n && on_front[i]; j++)
			if (j != i && point_ok(&pts[j]) &&
			    point_dominates(&pts[j], &pts[i], x_higher_better,
					    y_higher_better))
				on_front[i] = false;
		count += on_front[i];
	}
	return count;
}

static bool box_inside(const struct chart_box *b, double x0, double y0,
		       double x1, double y1)
{
	return b->x >= x0 && b->y >= y0 && b->x + b->w <= x1 &&
	       b->y + b->h <= y1;
}

/* True when the segment (x0,y0)-(x1,y1) passes through box b
 * (Liang-Barsky clipping). */
static bool segment_hits_box(double x0, double y0, double x1, double y1,
			     const struct chart_box *b)
{
	double dx = x1 - x0, dy = y1 - y0, t0 = 0, t1 = 1;
	double p[4] = { -dx, dx, -dy, dy };
	double q[4] = { x0 - b->x, b->x + b->w - x0, y0 - b->y,
			b->y + b->h - y0 };
	for (int i = 0; i < 4; i++) {
		if (p[i] == 0) {
			if (q[i] < 0)
				return false;
			continue;
		}
		double r = q[i] / p[i];
		if (p[i] < 0) {
			if (r > t1)
				return false;
			if (r > t0)
				t0 = r;
		} else {
			if (r < t0)
				return false;
			if (r < t1)
				t1 = r;
		}
	}
	return t0 <= t1;
}

/* True when box b overlaps any TEXT or POINT item of the layout, or the
 * frontier line. */
static bool box_collides(const struct chart_layout *lay,
			 const struct chart_box *b)
{
	for (size_t i = 1; i < lay->path_n; i++)
		if (segment_hits_box(lay->path[2 * i - 2], lay->path[2 * i - 1],
				     lay->path[2 * i], lay->path[2 * i + 1], b))
			return true;
	for (size_t i = 0; i < lay->n; i++) {
		const struct chart_item *it = &lay->items[i];
		if ((it->kind == CHART_ITEM_TEXT ||
		     it->kind == CHART_ITEM_POINT) &&
		    chart_box_overlap(&it->box, b))
			return true;
	}
	return false;
}

/* Try spots around the marker at (x, y) of radius r for a label w x h;
 * returns true and sets *out for the first free one inside the area. */
static bool place_point_label(const struct chart_layout *lay, double x,
			      double y, double r, double w, double h,
			      const struct chart_box *area,
			      struct chart_box *out)
{
	for (int ring = 1; ring <= 2; ring++) {
		double d = r + 3 + (ring - 1) * 8;
		struct chart_box c[8] = {
			{ x + d, y - h / 2, w, h },     /* right */
			{ x - d - w, y - h / 2, w, h }, /* left */
			{ x - w / 2, y - d - h, w, h }, /* above */
			{ x - w / 2, y + d, w, h },     /* below */
			{ x + r, y - d - h, w, h },     /* above right */
			{ x + r, y + d, w, h },         /* below right */
			{ x - r - w, y - d - h, w, h }, /* above left */
			{ x - r - w, y + d, w, h },     /* below left */
		};
		for (int i = 0; i < 8; i++) {
			if (box_inside(&c[i], area->x, area->y,
				       area->x + area->w, area->y + area->h) &&
			    !box_collides(lay, &c[i])) {
				*out = c[i];
				return true;
			}
		}
	}
	return false;
}

static void axis_ticks(const struct chart_point *pts, size_t n, bool use_y,
		       size_t max_t, struct chart_ticks *ticks)
{
	double *v = xmalloc(n * sizeof *v);
	size_t k = 0;
	double lo = DBL_MAX, hi = -DBL_MAX;
	for (size_t i = 0; i < n; i++) {
		if (!point_ok(&pts[i]))
			continue;
		v[k] = use_y ? pts[i].y : pts[i].x;
		if (v[k] < lo)
			lo = v[k];
		if (v[k] > hi)
			hi = v[k];
		k++;
	}
	if (chart_scale_wants_log(v, k))
		chart_scale_log_ticks(lo, hi, max_t, ticks);
	else
		chart_scale_nice_ticks(lo, hi, max_t, ticks);
	free(v);
}

static int cmp_front(const void *a, const void *b)
{
	const double *p = a, *q = b;
	if (p[0] != q[0])
		return p[0] < q[0] ? -1 : 1;
	if (p[1] != q[1])
		return p[1] < q[1] ? -1 : 1;
	return 0;
}

/* The plot area of a scatter, its ticks and its scales. */
struct scatter_plot {
	double W, font;
	double top, bottom, x0, x1;
	struct chart_ticks xt, yt;
	struct chart_scale xs, ys;
};

#define SCATTER_PLOT_H 260.0

/* The row above the plot at y: the y axis title on the left, the frontier
 * legend on the right (under the title when both do not fit). Returns the
 * y below it. */
static double scatter_head(struct chart_layout *lay, const struct chart_text *t,
			   const struct chart_scatter_opts *opts,
			   const struct scatter_plot *p, double y)
{
	const double W = p->W, font = p->font;
	double leg_w = 0;
	if (opts->frontier_label)
		leg_w = 24 + text_width(opts->frontier_label, font);
	if (leg_w > W - 2 * CHART_PAD)
		leg_w = W - 2 * CHART_PAD;
	char *ytitle = chart_layout_axis_title(t->axis2_title, p->yt.log, t);
	double ytitle_w = ytitle ? text_width(ytitle, font) : 0;
	double cy = y + font * 0.6;
	if (ytitle) {
		double room = W - 2 * CHART_PAD;
		if (leg_w > 0 && ytitle_w + leg_w + 12 <= room)
			room -= leg_w + 12;
		chart_layout_text_fit(lay, ytitle, room, CHART_PAD, cy, font,
				      0);
		if (leg_w > 0 && ytitle_w + leg_w + 12 > W - 2 * CHART_PAD)
			cy += font * CHART_LINE_K + 2;
	}
	if (leg_w > 0) {
		double lx = W - CHART_PAD - leg_w;
		chart_layout_mark(lay, CHART_ITEM_SWATCH,
				  (struct chart_box){ lx, cy, 18, 0 }, -1,
				  CHART_ITEM_LINE, -1);
		chart_layout_text_fit(lay, opts->frontier_label, leg_w - 24,
				      lx + 24, cy, font, 0);
	}
	if (ytitle || leg_w > 0)
		y = cy + font * 0.6 + CHART_GAP;
	free(ytitle);
	return y;
}

/* The plot's left edge (after the widest y tick label), its scales and the
 * x ticks. */
static void scatter_scales(struct scatter_plot *p,
			   const struct chart_point *pts, size_t n)
{
	double ylab_w = 0;
	for (size_t i = 0; i < p->yt.n; i++) {
		char s[48];
		chart_scale_tick_label(&p->yt, i, s, sizeof s);
		double w = text_width(s, p->font);
		if (w > ylab_w)
			ylab_w = w;
	}
	p->x0 = CHART_PAD + ylab_w + 8;
	p->x1 = p->W - CHART_PAD - 4;
	chart_scale_init(&p->ys, p->yt.v[0], p->yt.v[p->yt.n - 1], p->bottom,
			 p->top, p->yt.log);
	double *v = xmalloc(n * sizeof *v);
	double lo = DBL_MAX, hi = -DBL_MAX;
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (!point_ok(&pts[i]))
			continue;
		v[k++] = pts[i].x;
		lo = pts[i].x < lo ? pts[i].x : lo;
		hi = pts[i].x > hi ? pts[i].x : hi;
	}
	bool xlog = chart_scale_wants_log(v, k);
	free(v);
	chart_layout_choose_x_ticks(lo, hi, xlog, p->x0, p->x1, CHART_PAD,
				    p->W - CHART_PAD, &p->xt, &p->xs);
}

/* Grid lines, y tick labels and the two axes. */
static void scatter_grid(struct chart_layout *lay, const struct scatter_plot *p)
{
	for (size_t i = 0; i < p->xt.n; i++) {
		double x = chart_scale_map(&p->xs, p->xt.v[i]);
		chart_layout_rule(lay, x, p->top, x, p->bottom, true);
	}
	for (size_t i = 0; i < p->yt.n; i++) {
		double yy = chart_scale_map(&p->ys, p->yt.v[i]);
		chart_layout_rule(lay, p->x0, yy, p->x1, yy, true);
		char s[48];
		chart_scale_tick_label(&p->yt, i, s, sizeof s);
		chart_layout_text(lay, s, p->x0 - 8, yy, p->font,
				  CHART_ITEM_END, NULL);
	}
	chart_layout_rule(lay, p->x0, p->bottom, p->x1, p->bottom, false);
	chart_layout_rule(lay, p->x0, p->top, p->x0, p->bottom, false);
}

/* Mark the frontier in front[] and, when it has two points or more, make
 * it the layout's path, sorted along x, drawn before the items to come. */
static void scatter_frontier(struct chart_layout *lay,
			     const struct scatter_plot *p,
			     const struct chart_point *pts, size_t n,
			     const struct chart_scatter_opts *opts, bool *front)
{
	if (!opts->frontier_label)
		return;
	size_t nf = chart_frontier(pts, n, opts->x_higher_better,
				   opts->y_higher_better, front);
	if (nf < 2)
		return;
	lay->path = xmalloc(2 * nf * sizeof *lay->path);
	for (size_t i = 0; i < n; i++) {
		if (!front[i])
			continue;
		lay->path[2 * lay->path_n] = chart_scale_map(&p->xs, pts[i].x);
		lay->path[2 * lay->path_n + 1] =
			chart_scale_map(&p->ys, pts[i].y);
		lay->path_n++;
	}
	qsort(lay->path, lay->path_n, 2 * sizeof *lay->path, cmp_front);
	lay->path_at = lay->n;
}

/* Append "label: x, y" for a point, numbers as given or printed, with t's
 * punctuation. */
static void point_text(struct buf *out, const struct chart_text *t,
		       const struct chart_point *pt)
{
	char xb[48], yb[48];
	chart_layout_format_number(pt->x, xb, sizeof xb);
	chart_layout_format_number(pt->y, yb, sizeof yb);
	buf_addf(out, "%s%s%s%s%s", pt->label ? pt->label : "",
		 chart_layout_label_sep(t), pt->x_text ? pt->x_text : xb,
		 chart_layout_pair_sep(t), pt->y_text ? pt->y_text : yb);
}

/* A marker for each point with a value, its tooltip "label: x, y". */
static void scatter_markers(struct chart_layout *lay,
			    const struct chart_text *t,
			    const struct scatter_plot *p,
			    const struct chart_point *pts, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (!point_ok(&pts[i]))
			continue;
		double r = pts[i].highlight ? 6.5 : 5;
		double px = chart_scale_map(&p->xs, pts[i].x);
		double py = chart_scale_map(&p->ys, pts[i].y);
		struct chart_item *m = chart_layout_mark(
			lay, CHART_ITEM_POINT,
			(struct chart_box){ px - r, py - r, 2 * r, 2 * r },
			pts[i].color,
			pts[i].highlight ? CHART_ITEM_HIGHLIGHT : 0, (int)i);
		struct buf tip = BUF_INIT;
		point_text(&tip, t, &pts[i]);
		m->tip = chart_layout_strdup(lay, tip.ptr);
		buf_release(&tip);
	}
}

/* Labels next to their markers where they fit, highlighted points first,
 * then the frontier, then the rest; sets placed[i] for each one drawn. */
static void scatter_labels(struct chart_layout *lay,
			   const struct scatter_plot *p,
			   const struct chart_point *pts, size_t n,
			   const bool *front, double label_w, bool *placed)
{
	const double font = p->font;
	size_t *order = xmalloc(n * sizeof *order);
	size_t k = 0;
	for (int pass = 0; pass < 3; pass++)
		for (size_t i = 0; i < n; i++) {
			int want = pts[i].highlight ? 0 : front[i] ? 1 : 2;
			if (want == pass && point_ok(&pts[i]))
				order[k++] = i;
		}
	struct chart_box area = { p->x0 + 1, p->top,
				  p->W - CHART_PAD - p->x0 - 1,
				  SCATTER_PLOT_H };
	for (size_t o = 0; o < k; o++) {
		size_t i = order[o];
		const char *label = pts[i].label ? pts[i].label : "";
		unsigned fl = pts[i].highlight ? CHART_ITEM_BOLD : 0;
		struct buf s = BUF_INIT;
		bool cut = text_fit(label, font, label_w / CHART_BOLD_K, &s);
		double w = chart_layout_text_width(s.ptr, font, fl),
		       h = font * 1.2;
		double r = pts[i].highlight ? 6.5 : 5;
		struct chart_box b;
		if (place_point_label(lay, chart_scale_map(&p->xs, pts[i].x),
				      chart_scale_map(&p->ys, pts[i].y), r, w,
				      h, &area, &b)) {
			chart_layout_text(lay, s.ptr, b.x, b.y + h / 2, font,
					  fl, cut ? label : NULL);
			placed[i] = true;
		}
		buf_release(&s);
	}
	free(order);
}

/* Under the plot: the x tick labels and the x axis title, then the key of
 * the points without a label in the plot, or without data. Returns the y
 * below. */
static double scatter_foot(struct chart_layout *lay, const struct chart_text *t,
			   const struct scatter_plot *p,
			   const struct chart_point *pts, size_t n,
			   const bool *placed)
{
	const double W = p->W, font = p->font;
	double y = p->bottom + 8 + font * 0.6, cy;
	chart_layout_x_tick_labels(lay, &p->xt, &p->xs, y, CHART_PAD,
				   W - CHART_PAD);
	y += font * 0.6;
	char *xtitle = chart_layout_axis_title(t->axis_title, p->xt.log, t);
	if (xtitle) {
		cy = y + 4 + font * 0.6;
		chart_layout_text_fit(lay, xtitle, W - 2 * CHART_PAD,
				      W - CHART_PAD, cy, font, CHART_ITEM_END);
		y = cy + font * 0.6;
		free(xtitle);
	}
	for (size_t i = 0; i < n; i++) {
		if (placed[i])
			continue;
		struct buf line = BUF_INIT;
		if (point_ok(&pts[i]))
			point_text(&line, t, &pts[i]);
		else
			buf_addf(&line, "%s%s%s",
				 pts[i].label ? pts[i].label : "",
				 chart_layout_label_sep(t),
				 chart_layout_no_data_text(t));
		cy = y + 4 + font * 0.6;
		struct chart_item *it = chart_layout_text_fit(
			lay, line.ptr, W - 2 * CHART_PAD, CHART_PAD, cy, font,
			point_ok(&pts[i]) ? 0 : CHART_ITEM_MUTED);
		it->index = (int)i;
		y = cy + font * 0.6;
		buf_release(&line);
	}
	return y;
}

int chart_scatter_layout(struct chart_layout *lay, const struct chart_text *t,
			 const struct chart_point *pts, size_t n,
			 const struct chart_scatter_opts *opts)
{
	static const struct chart_scatter_opts no_opts = { false, true, NULL };
	if (!lay || !t || (n && !pts))
		return -1;
	struct scatter_plot p = { .W = chart_layout_frame_width(t),
				  .font = CHART_FONT_SMALL };
	/* a point's label: at most 130 units (30% of a compact chart) */
	const double point_label_w =
		chart_layout_is_compact(t) ? p.W * 0.3 : 130;
	if (!opts)
		opts = &no_opts;
	chart_layout_release(lay);
	size_t present = 0;
	for (size_t i = 0; i < n; i++)
		present += point_ok(&pts[i]);
	if (present == 0) {
		chart_layout_no_data(lay, t);
		return 0;
	}
	lay->width = p.W;
	double y = chart_layout_title(lay, t, p.W);
	axis_ticks(pts, n, true, 6, &p.yt);
	y = scatter_head(lay, t, opts, &p, y);
	p.top = y + 4;
	p.bottom = p.top + SCATTER_PLOT_H;
	scatter_scales(&p, pts, n);
	scatter_grid(lay, &p);

	bool *front = xcalloc(n, sizeof *front);
	bool *placed = xcalloc(n, sizeof *placed);
	scatter_frontier(lay, &p, pts, n, opts, front);
	/* markers, then labels: highlighted first, then the frontier */
	scatter_markers(lay, t, &p, pts, n);
	scatter_labels(lay, &p, pts, n, front, point_label_w, placed);
	free(front);
	y = scatter_foot(lay, t, &p, pts, n, placed);
	free(placed);
	lay->height = ceil(y + CHART_PAD);
	return 0;
}


int chart_scatter(struct buf *out, const char *id, const struct chart_text *t,
		  const struct chart_point *pts, size_t n,
		  const struct chart_scatter_opts *opts)
{
	struct chart_layout lay = { 0 };
	if (!out || !svg_id_is_valid(id) ||
	    chart_scatter_layout(&lay, t, pts, n, opts))
		return -1;
	int rc = chart_layout_render(&lay, id, t, out);
	chart_layout_release(&lay);
	return rc;
}
