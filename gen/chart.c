/* chart: see chart.h. Layout first (boxes), then written out as SVG text. */
#include "chart.h"

#include "buf.h"
#include "chart_scale.h"
#include "numfmt.h"
#include "svg.h"
#include "text.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAD 8.0
#define LINE_K 1.25   /* line height as a multiple of the font size */
#define BOLD_K 1.12   /* bold text is wider (DejaVu Sans Bold: 1.10 on average) */
#define BAR_H 18.0
#define ROW_H 26.0
#define GAP 6.0
#define MAX_LINES 4   /* most lines a wrapped text takes */

static const char *const palette[CHART_COLORS] = {
	"#0072B2", "#E69F00", "#009E73", "#CC79A7",
	"#56B4E9", "#D55E00", "#F0E442", "#000000",
};

/* --------------------------------------------------------------- layout */

bool chart_box_overlap(const struct chart_box *a, const struct chart_box *b)
{
	return a->x < b->x + b->w && b->x < a->x + a->w &&
	       a->y < b->y + b->h && b->y < a->y + a->h;
}

void chart_layout_release(struct chart_layout *lay)
{
	for (size_t i = 0; i < lay->n; i++) {
		free(lay->items[i].text);
		free(lay->items[i].tip);
	}
	free(lay->items);
	free(lay->path);
	memset(lay, 0, sizeof *lay);
}

static struct chart_item *layout_push(struct chart_layout *lay,
				      enum chart_item_kind kind)
{
	if (lay->n == lay->cap) {
		size_t cap = lay->cap ? 2 * lay->cap : 32;
		struct chart_item *items = realloc(lay->items, cap * sizeof *items);
		if (!items)
			abort();
		lay->items = items;
		lay->cap = cap;
	}
	struct chart_item *it = &lay->items[lay->n++];
	memset(it, 0, sizeof *it);
	it->kind = kind;
	it->color = -1;
	it->index = -1;
	return it;
}

static char *str_copy(const char *s)
{
	if (!s)
		return NULL;
	char *c = strdup(s);
	if (!c)
		abort();
	return c;
}

/* The factor of bold text's width. */
static double weight_k(unsigned flags)
{
	return flags & CHART_ITEM_BOLD ? BOLD_K : 1;
}

static double text_w(const char *s, double font, unsigned flags)
{
	return text_width(s, font) * weight_k(flags);
}

/* layout_text with the text's width w (text_w) already known. */
static struct chart_item *layout_text_sized(struct chart_layout *lay,
					    const char *s, double w, double x,
					    double cy, double font,
					    unsigned flags, const char *tip)
{
	struct chart_item *it = layout_push(lay, CHART_ITEM_TEXT);
	it->text = str_copy(s);
	it->tip = str_copy(tip);
	it->font_px = font;
	it->flags = flags;
	it->box.w = w;
	it->box.h = font * 1.2;
	it->box.y = cy - it->box.h / 2;
	if (flags & CHART_ITEM_END)
		it->box.x = x - w;
	else if (flags & CHART_ITEM_MIDDLE)
		it->box.x = x - w / 2;
	else
		it->box.x = x;
	return it;
}

/* A line of text around vertical centre cy. x is the left edge, the right
 * edge (CHART_ITEM_END) or the centre (CHART_ITEM_MIDDLE). */
static struct chart_item *layout_text(struct chart_layout *lay, const char *s,
				      double x, double cy, double font,
				      unsigned flags, const char *tip)
{
	return layout_text_sized(lay, s, text_w(s, font, flags), x, cy, font,
				 flags, tip);
}

/* One line abbreviated to max_w, with the full text as tooltip if cut. */
static struct chart_item *layout_text_fit(struct chart_layout *lay,
					  const char *s, double max_w, double x,
					  double cy, double font, unsigned flags)
{
	if (!s)
		return layout_text(lay, "", x, cy, font, flags, NULL);
	double k = weight_k(flags);
	/* most fit: measured once (text_fit would measure again) */
	double w = text_width(s, font);
	if (w <= max_w / k + 1e-6)
		return layout_text_sized(lay, s, w * k, x, cy, font, flags, NULL);
	struct buf line = BUF_INIT;
	bool cut = text_fit(s, font, max_w / k, &line);
	struct chart_item *it =
		layout_text(lay, line.ptr, x, cy, font, flags, cut ? s : NULL);
	buf_release(&line);
	return it;
}

/* Wrap s into `lines` (MAX_LINES buffers, emptied first); returns the
 * count and sets *cut when text had to be left out. */
static size_t wrap_into(const char *s, double font, double w, size_t max_lines,
			struct buf *lines, bool *cut)
{
	for (size_t i = 0; i < MAX_LINES; i++)
		buf_reset(&lines[i]);
	size_t n = text_wrap(s, font, w, max_lines, lines);
	*cut = n > 0 && strstr(lines[n - 1].ptr, TEXT_ELLIPSIS) &&
	       !strstr(s, TEXT_ELLIPSIS);
	return n;
}

/* Wrapped text, lines centred as a block on cy; returns the line count.
 * Text that takes several lines is balanced: wrapped at the narrowest width
 * that gives as many lines, so "7B FP32 (28 GB)" breaks before "(28 GB)",
 * not before "GB)". */
static size_t layout_text_block(struct chart_layout *lay, const char *s,
				double max_w, size_t max_lines, double x,
				double cy, double font, unsigned flags)
{
	struct buf lines[MAX_LINES] = { BUF_INIT, BUF_INIT, BUF_INIT, BUF_INIT };
	double k = flags & CHART_ITEM_BOLD ? BOLD_K : 1;
	if (max_lines > MAX_LINES)
		max_lines = MAX_LINES;
	bool cut;
	size_t n = wrap_into(s, font, max_w / k, max_lines, lines, &cut);
	if (n > 1 && !cut) {
		double lo = max_w / k / (double)n / 2, hi = max_w / k;
		for (int i = 0; i < 10; i++) {
			double mid = (lo + hi) / 2;
			bool c2;
			if (wrap_into(s, font, mid, max_lines, lines, &c2) == n && !c2)
				hi = mid;
			else
				lo = mid;
		}
		n = wrap_into(s, font, hi, max_lines, lines, &cut);
	}
	double lh = font * LINE_K;
	for (size_t i = 0; i < n; i++)
		layout_text(lay, lines[i].ptr, x,
			    cy + ((double)i - (double)(n - 1) / 2) * lh, font,
			    flags, cut ? s : NULL);
	for (size_t i = 0; i < MAX_LINES; i++)
		buf_release(&lines[i]);
	return n;
}

static size_t wrapped_lines(const char *s, double max_w, size_t max_lines,
			    double font, unsigned flags)
{
	struct buf lines[MAX_LINES] = { BUF_INIT, BUF_INIT, BUF_INIT, BUF_INIT };
	double k = flags & CHART_ITEM_BOLD ? BOLD_K : 1;
	if (max_lines > MAX_LINES)
		max_lines = MAX_LINES;
	size_t n = text_wrap(s, font, max_w / k, max_lines, lines);
	for (size_t i = 0; i < MAX_LINES; i++)
		buf_release(&lines[i]);
	return n;
}

static void layout_rule(struct chart_layout *lay, double x1, double y1,
			double x2, double y2, bool grid)
{
	struct chart_item *it = layout_push(lay, CHART_ITEM_RULE);
	it->box = (struct chart_box){ x1, y1, x2 - x1, y2 - y1 };
	it->flags = grid ? CHART_ITEM_GRID : 0;
}

static struct chart_item *layout_mark(struct chart_layout *lay,
				      enum chart_item_kind kind,
				      struct chart_box box, int color,
				      unsigned flags, int index)
{
	struct chart_item *it = layout_push(lay, kind);
	it->box = box;
	it->color = color < 0 ? -1 : color % CHART_COLORS;
	it->flags = flags;
	it->index = index;
	return it;
}

/* "a: b" (malloc'd); a NULL part reads as "". */
static char *tip_join(const char *a, const char *b)
{
	size_t na = a ? strlen(a) : 0, nb = b ? strlen(b) : 0;
	char *t = malloc(na + 2 + nb + 1);
	if (!t)
		abort();
	if (na)
		memcpy(t, a, na);
	memcpy(t + na, ": ", 2);
	if (nb)
		memcpy(t + na + 2, b, nb);
	t[na + 2 + nb] = '\0';
	return t;
}

static const char *no_data_text(const struct chart_text *t)
{
	return t->no_data ? t->no_data : "No data";
}

/* The axis title, with " (log scale)" when the axis is logarithmic;
 * caller frees. NULL when there is no title. */
static char *axis_title(const char *title, bool log, const struct chart_text *t)
{
	if (!title || !*title)
		return NULL;
	struct buf b = BUF_INIT;
	buf_adds(&b, title);
	if (log && t->log_scale && *t->log_scale)
		buf_addf(&b, " (%s)", t->log_scale);
	return buf_detach(&b, NULL);
}

/* Deterministic short number for values the caller did not format. */
static void format_number(double v, char *dst, size_t cap)
{
	numfmt_fixed(dst, cap, v, 2);
	char *dot = strchr(dst, '.');
	if (dot) {
		char *end = dst + strlen(dst);
		while (end > dot + 1 && end[-1] == '0')
			*--end = '\0';
		if (end == dot + 1)
			*dot = '\0';
	}
	if (strcmp(dst, "-0") == 0)
		strcpy(dst, "0");
}

/* The width a chart is laid out for (chart_text.width). */
static double frame_width(const struct chart_text *t)
{
	return t->width > 0 ? t->width : CHART_WIDTH;
}

/* True when the chart is laid out narrower than CHART_WIDTH. */
static bool frame_compact(const struct chart_text *t)
{
	return frame_width(t) < CHART_WIDTH;
}

/* The drawn title, wrapped to two lines (three in a compact chart);
 * returns the y below it. */
static double layout_title(struct chart_layout *lay, const struct chart_text *t,
			   double width)
{
	double y = PAD;
	if (!t->title || !*t->title)
		return y;
	double lh = CHART_FONT_TITLE * LINE_K;
	size_t max_lines = frame_compact(t) ? 3 : 2;
	size_t n = wrapped_lines(t->title, width - 2 * PAD, max_lines,
				 CHART_FONT_TITLE, CHART_ITEM_BOLD);
	layout_text_block(lay, t->title, width - 2 * PAD, max_lines, PAD,
			  y + lh * (double)n / 2, CHART_FONT_TITLE,
			  CHART_ITEM_BOLD);
	return y + lh * (double)n + GAP;
}

static void layout_no_data(struct chart_layout *lay, const struct chart_text *t)
{
	const double W = frame_width(t);
	chart_layout_release(lay);
	lay->width = W;
	lay->no_data = true;
	double y = layout_title(lay, t, W);
	layout_text_fit(lay, no_data_text(t), W - 2 * PAD,
			W / 2, y + 16, CHART_FONT,
			CHART_ITEM_MIDDLE | CHART_ITEM_MUTED);
	lay->height = ceil(y + 32 + PAD);
}

/* Ticks whose labels (font small, centred under each tick, kept inside
 * [lo_x, hi_x]) do not touch: fewer ticks until they fit. Fills the
 * scale's domain from the ticks. */
static void choose_x_ticks(double dmin, double dmax, bool log, double r0,
			   double r1, double lo_x, double hi_x,
			   struct chart_ticks *ticks, struct chart_scale *sc)
{
	for (size_t max_t = 8; max_t >= 2; max_t--) {
		if (log)
			chart_scale_log_ticks(dmin, dmax, max_t, ticks);
		else
			chart_scale_nice_ticks(dmin, dmax, max_t, ticks);
		chart_scale_init(sc, ticks->v[0], ticks->v[ticks->n - 1], r0, r1,
				 log);
		double prev_right = -DBL_MAX;
		bool ok = true;
		for (size_t i = 0; i < ticks->n && ok; i++) {
			char s[48];
			chart_scale_tick_label(ticks, i, s, sizeof s);
			double w = text_width(s, CHART_FONT_SMALL);
			double x = chart_scale_map(sc, ticks->v[i]) - w / 2;
			if (x < lo_x)
				x = lo_x;
			if (x + w > hi_x)
				x = hi_x - w;
			ok = x >= prev_right + GAP;
			prev_right = x + w;
		}
		if (ok)
			return;
	}
}

/* Tick labels under the axis at centre line cy, clamped like above. */
static void layout_x_tick_labels(struct chart_layout *lay,
				 const struct chart_ticks *ticks,
				 const struct chart_scale *sc, double cy,
				 double lo_x, double hi_x)
{
	for (size_t i = 0; i < ticks->n; i++) {
		char s[48];
		chart_scale_tick_label(ticks, i, s, sizeof s);
		double w = text_width(s, CHART_FONT_SMALL);
		double x = chart_scale_map(sc, ticks->v[i]);
		if (x - w / 2 < lo_x)
			x = lo_x + w / 2;
		if (x + w / 2 > hi_x)
			x = hi_x - w / 2;
		layout_text(lay, s, x, cy, CHART_FONT_SMALL, CHART_ITEM_MIDDLE,
			    NULL);
	}
}

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
	size_t l = wrapped_lines(label ? label : "", f->W - 2 * PAD, 2,
				 CHART_FONT, CHART_ITEM_BOLD);
	return (double)(l > 1 ? l : 1) * CHART_FONT * LINE_K + 8;
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
		double w = text_w(rows[i].label ? rows[i].label : "", f->font, fl);
		if (w > label_w)
			label_w = w;
	}
	f->above = frame_compact(t) && label_w > f->W * 0.38;
	if (f->above)
		label_w = f->W - 2 * PAD;
	else if (label_w > f->W * 0.38)
		label_w = f->W * 0.38;
	f->label_w = label_w;
	bool two_lines = false;
	for (size_t i = 0; i < n && !two_lines; i++) {
		unsigned fl = rows[i].highlight ? CHART_ITEM_BOLD : 0;
		if (!rows[i].header && rows[i].label && !label_seen(rows, i) &&
		    wrapped_lines(rows[i].label, label_w, 2, f->font, fl) > 1)
			two_lines = true;
	}
	double lines_h = (two_lines ? 2 : 1) * f->font * LINE_K;
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

static int layout_rows(struct chart_layout *lay, const struct chart_text *t,
		       const struct row *rows, size_t n, double font,
		       double bar_h, double row_h1)
{
	struct rows_frame f = { .W = frame_width(t), .font = font, .bar_h = bar_h };
	const double W = f.W;
	double *vals = malloc((n ? n : 1) * sizeof *vals);
	char (*vtext)[48] = malloc((n ? n : 1) * sizeof *vtext);
	size_t nv = 0;
	if (!vals || !vtext)
		abort();
	double lo = 0, hi = 0, val_w = 0;

	chart_layout_release(lay);
	for (size_t i = 0; i < n; i++) {
		const struct row *r = &rows[i];
		vtext[i][0] = '\0';
		if (r->header || !r->has_value || !isfinite(r->value))
			continue;
		vals[nv++] = r->value;
		if (r->value < lo)
			lo = r->value;
		if (r->value > hi)
			hi = r->value;
		if (!r->value_text)
			format_number(r->value, vtext[i], sizeof vtext[i]);
		const char *vt = r->value_text ? r->value_text : vtext[i];
		double w = text_w(vt, font, r->highlight ? CHART_ITEM_BOLD : 0);
		if (w > val_w)
			val_w = w;
	}
	if (nv == 0) {
		free(vals);
		free(vtext);
		layout_no_data(lay, t);
		return 0;
	}
	bool log = chart_scale_wants_log(vals, nv);
	double vmin = DBL_MAX;
	for (size_t i = 0; i < nv; i++)
		if (vals[i] < vmin)
			vmin = vals[i];
	free(vals);

	/* a compact chart gives its values more of its width: cut values
	 * say less than a short bar */
	double val_cap = W * (frame_compact(t) ? 0.35 : 0.25);
	if (val_w > val_cap)
		val_w = val_cap;
	rows_frame_labels(&f, t, rows, n, row_h1);
	f.plot_x0 = f.above ? PAD : PAD + f.label_w + 8;
	f.plot_x1 = W - PAD - val_w - GAP;
	const double plot_x0 = f.plot_x0, plot_x1 = f.plot_x1;

	struct chart_ticks ticks;
	struct chart_scale sc;
	choose_x_ticks(log ? vmin : lo, log ? hi : hi, log, plot_x0, plot_x1, PAD,
		       W - PAD, &ticks, &sc);

	lay->width = W;
	double y = layout_title(lay, t, W);
	double rows_top = y;
	double rows_bottom = y;
	for (size_t i = 0; i < n; i++)
		rows_bottom += row_height(&f, &rows[i]);

	/* Grid and base line behind each run of bars, not through headings
	 * (nor through labels above their bars: then each bar's band). */
	double x_base = log ? plot_x0 : chart_scale_map(&sc, 0);
	double run_top = rows_top, yy = rows_top;
	for (size_t i = 0; i <= n; i++) {
		bool ends = i == n || rows[i].header || f.above;
		if (ends && yy > run_top) {
			for (size_t k = 0; k < ticks.n; k++) {
				double x = chart_scale_map(&sc, ticks.v[k]);
				layout_rule(lay, x, run_top, x, yy, true);
			}
			layout_rule(lay, x_base, run_top, x_base, yy, false);
		}
		if (i == n)
			break;
		if (rows[i].header) {
			yy += row_height(&f, &rows[i]);
			run_top = yy;
			continue;
		}
		if (f.above)
			run_top = yy + f.label_h;
		yy += f.row_h;
	}

	for (size_t i = 0; i < n; i++) {
		const struct row *r = &rows[i];
		if (r->header) {
			double hh = row_height(&f, r);
			layout_text_block(lay, r->label ? r->label : "", W - 2 * PAD,
					  2, PAD, y + hh / 2 + 2, CHART_FONT,
					  CHART_ITEM_BOLD);
			y += hh;
			continue;
		}
		double cy = y + f.label_h + (f.row_h - f.label_h) / 2;
		unsigned fl = r->highlight ? CHART_ITEM_BOLD : 0;
		if (f.above)
			layout_text_block(lay, r->label ? r->label : "", f.label_w,
					  2, PAD, y + f.label_h / 2 + 1, font, fl);
		else
			layout_text_block(lay, r->label ? r->label : "", f.label_w,
					  2, plot_x0 - 8, cy, font,
					  fl | CHART_ITEM_END);
		if (r->has_value && isfinite(r->value)) {
			double xa = x_base;
			double xb = chart_scale_map(&sc, r->value);
			struct chart_box box = { xa < xb ? xa : xb, cy - bar_h / 2,
						 fabs(xb - xa), bar_h };
			const char *vt = r->value_text ? r->value_text : vtext[i];
			struct chart_item *bar = layout_mark(
				lay, CHART_ITEM_BAR, box, r->color,
				r->highlight ? CHART_ITEM_HIGHLIGHT : 0, r->index);
			bar->tip = tip_join(r->label, vt);
			double tx = (xb > xa ? xb : xa) + GAP;
			layout_text_fit(lay, vt, W - PAD - tx, tx, cy, font, fl);
		} else {
			double tx = x_base + GAP;
			layout_text_fit(lay, no_data_text(t), W - PAD - tx, tx, cy,
					font, CHART_ITEM_MUTED);
		}
		y += f.row_h;
	}
	free(vtext);

	y = rows_bottom + 4 + CHART_FONT_SMALL * 0.6;
	layout_x_tick_labels(lay, &ticks, &sc, y, PAD, W - PAD);
	y += CHART_FONT_SMALL * 0.6;
	char *xtitle = axis_title(t->axis_title, log, t);
	if (xtitle && text_width(xtitle, CHART_FONT_SMALL) > W - 2 * PAD) {
		/* too long for one line: wrapped, centred on the chart */
		double lh = CHART_FONT_SMALL * LINE_K;
		size_t l = wrapped_lines(xtitle, W - 2 * PAD, 3, CHART_FONT_SMALL, 0);
		layout_text_block(lay, xtitle, W - 2 * PAD, 3, W / 2,
				  y + 4 + lh * (double)l / 2, CHART_FONT_SMALL,
				  CHART_ITEM_MIDDLE);
		free(xtitle);
		y += 4 + lh * (double)l;
	} else if (xtitle) {
		double cy = y + 4 + CHART_FONT_SMALL * 0.6;
		struct chart_item *it = layout_text_fit(
			lay, xtitle, W - 2 * PAD, (plot_x0 + plot_x1) / 2,
			cy, CHART_FONT_SMALL, CHART_ITEM_MIDDLE);
		free(xtitle);
		if (it->box.x < PAD)
			it->box.x = PAD;
		if (it->box.x + it->box.w > W - PAD)
			it->box.x = W - PAD - it->box.w;
		y = cy + CHART_FONT_SMALL * 0.6;
	}
	lay->height = ceil(y + PAD);
	return 0;
}

int chart_hbar_layout(struct chart_layout *lay, const struct chart_text *t,
		      const struct chart_bar *bars, size_t n)
{
	if (!lay || !t || (n && !bars))
		return -1;
	struct row *rows = calloc(n ? n : 1, sizeof *rows);
	if (!rows)
		abort();
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
		layout_no_data(lay, t);
		return 0;
	}
	size_t n = n_groups * (n_series + 1);
	struct row *rows = calloc(n, sizeof *rows);
	if (!rows)
		abort();
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

/* -------------------------------------------------------------- scatter */

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
	double q[4] = { x0 - b->x, b->x + b->w - x0, y0 - b->y, b->y + b->h - y0 };
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
		if ((it->kind == CHART_ITEM_TEXT || it->kind == CHART_ITEM_POINT) &&
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
			if (box_inside(&c[i], area->x, area->y, area->x + area->w,
				       area->y + area->h) &&
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
	double *v = malloc(n * sizeof *v);
	size_t k = 0;
	if (!v)
		abort();
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

int chart_scatter_layout(struct chart_layout *lay, const struct chart_text *t,
			 const struct chart_point *pts, size_t n,
			 const struct chart_scatter_opts *opts)
{
	static const struct chart_scatter_opts no_opts = { false, true, NULL };
	const double plot_h = 260, font = CHART_FONT_SMALL;
	if (!lay || !t || (n && !pts))
		return -1;
	const double W = frame_width(t);
	/* a point's label: at most 130 units (30% of a compact chart) */
	const double point_label_w = frame_compact(t) ? W * 0.3 : 130;
	if (!opts)
		opts = &no_opts;
	chart_layout_release(lay);
	size_t present = 0;
	for (size_t i = 0; i < n; i++)
		present += point_ok(&pts[i]);
	if (present == 0) {
		layout_no_data(lay, t);
		return 0;
	}
	lay->width = W;
	double y = layout_title(lay, t, W);

	/* A row above the plot: y axis title left, frontier legend right. */
	double leg_w = 0;
	if (opts->frontier_label)
		leg_w = 24 + text_width(opts->frontier_label, font);
	if (leg_w > W - 2 * PAD)
		leg_w = W - 2 * PAD;
	struct chart_ticks yt, xt;
	axis_ticks(pts, n, true, 6, &yt);
	char *ytitle = axis_title(t->axis2_title, yt.log, t);
	double ytitle_w = ytitle ? text_width(ytitle, font) : 0;
	double cy = y + font * 0.6;
	if (ytitle) {
		double room = W - 2 * PAD;
		if (leg_w > 0 && ytitle_w + leg_w + 12 <= room)
			room -= leg_w + 12;
		layout_text_fit(lay, ytitle, room, PAD, cy, font, 0);
		if (leg_w > 0 && ytitle_w + leg_w + 12 > W - 2 * PAD)
			cy += font * LINE_K + 2;
	}
	if (leg_w > 0) {
		double lx = W - PAD - leg_w;
		layout_mark(lay, CHART_ITEM_SWATCH,
			    (struct chart_box){ lx, cy, 18, 0 }, -1,
			    CHART_ITEM_LINE, -1);
		layout_text_fit(lay, opts->frontier_label, leg_w - 24, lx + 24, cy,
				font, 0);
	}
	if (ytitle || leg_w > 0)
		y = cy + font * 0.6 + GAP;
	free(ytitle);
	double plot_top = y + 4, plot_bottom = plot_top + plot_h;

	/* y tick labels' width sets the left margin. */
	double ylab_w = 0;
	for (size_t i = 0; i < yt.n; i++) {
		char s[48];
		chart_scale_tick_label(&yt, i, s, sizeof s);
		double w = text_width(s, font);
		if (w > ylab_w)
			ylab_w = w;
	}
	double plot_x0 = PAD + ylab_w + 8, plot_x1 = W - PAD - 4;
	struct chart_scale xs, ys;
	chart_scale_init(&ys, yt.v[0], yt.v[yt.n - 1], plot_bottom, plot_top,
			 yt.log);
	{
		double *v = malloc(n * sizeof *v);
		double lo = DBL_MAX, hi = -DBL_MAX;
		size_t k = 0;
		if (!v)
			abort();
		for (size_t i = 0; i < n; i++) {
			if (!point_ok(&pts[i]))
				continue;
			v[k++] = pts[i].x;
			lo = pts[i].x < lo ? pts[i].x : lo;
			hi = pts[i].x > hi ? pts[i].x : hi;
		}
		bool xlog = chart_scale_wants_log(v, k);
		free(v);
		choose_x_ticks(lo, hi, xlog, plot_x0, plot_x1, PAD, W - PAD, &xt,
			       &xs);
	}

	for (size_t i = 0; i < xt.n; i++) {
		double x = chart_scale_map(&xs, xt.v[i]);
		layout_rule(lay, x, plot_top, x, plot_bottom, true);
	}
	for (size_t i = 0; i < yt.n; i++) {
		double yy = chart_scale_map(&ys, yt.v[i]);
		layout_rule(lay, plot_x0, yy, plot_x1, yy, true);
		char s[48];
		chart_scale_tick_label(&yt, i, s, sizeof s);
		layout_text(lay, s, plot_x0 - 8, yy, font, CHART_ITEM_END, NULL);
	}
	layout_rule(lay, plot_x0, plot_bottom, plot_x1, plot_bottom, false);
	layout_rule(lay, plot_x0, plot_top, plot_x0, plot_bottom, false);

	/* The frontier, sorted along x. */
	bool *front = calloc(n, sizeof *front);
	if (!front)
		abort();
	if (opts->frontier_label) {
		size_t nf = chart_frontier(pts, n, opts->x_higher_better,
					   opts->y_higher_better, front);
		if (nf >= 2) {
			lay->path = malloc(2 * nf * sizeof *lay->path);
			if (!lay->path)
				abort();
			for (size_t i = 0; i < n; i++) {
				if (!front[i])
					continue;
				lay->path[2 * lay->path_n] =
					chart_scale_map(&xs, pts[i].x);
				lay->path[2 * lay->path_n + 1] =
					chart_scale_map(&ys, pts[i].y);
				lay->path_n++;
			}
			qsort(lay->path, lay->path_n, 2 * sizeof *lay->path,
			      cmp_front);
			lay->path_at = lay->n;
		}
	}

	/* Markers, then labels: highlighted first, then the frontier. */
	for (size_t i = 0; i < n; i++) {
		if (!point_ok(&pts[i]))
			continue;
		double r = pts[i].highlight ? 6.5 : 5;
		double px = chart_scale_map(&xs, pts[i].x);
		double py = chart_scale_map(&ys, pts[i].y);
		struct chart_item *m = layout_mark(
			lay, CHART_ITEM_POINT,
			(struct chart_box){ px - r, py - r, 2 * r, 2 * r },
			pts[i].color, pts[i].highlight ? CHART_ITEM_HIGHLIGHT : 0,
			(int)i);
		char xb[48], yb[48];
		format_number(pts[i].x, xb, sizeof xb);
		format_number(pts[i].y, yb, sizeof yb);
		struct buf tip = BUF_INIT;
		buf_addf(&tip, "%s: %s, %s", pts[i].label ? pts[i].label : "",
			 pts[i].x_text ? pts[i].x_text : xb,
			 pts[i].y_text ? pts[i].y_text : yb);
		m->tip = buf_detach(&tip, NULL);
	}
	size_t *order = malloc(n * sizeof *order);
	bool *placed = calloc(n, sizeof *placed);
	size_t k = 0;
	if (!order || !placed)
		abort();
	for (int pass = 0; pass < 3; pass++)
		for (size_t i = 0; i < n; i++) {
			int want = pts[i].highlight ? 0 : front[i] ? 1 : 2;
			if (want == pass && point_ok(&pts[i]))
				order[k++] = i;
		}
	struct chart_box area = { plot_x0 + 1, plot_top, W - PAD - plot_x0 - 1,
				  plot_h };
	for (size_t o = 0; o < k; o++) {
		size_t i = order[o];
		const char *label = pts[i].label ? pts[i].label : "";
		unsigned fl = pts[i].highlight ? CHART_ITEM_BOLD : 0;
		struct buf s = BUF_INIT;
		bool cut = text_fit(label, font, point_label_w / BOLD_K, &s);
		double w = text_w(s.ptr, font, fl), h = font * 1.2;
		double r = pts[i].highlight ? 6.5 : 5;
		struct chart_box b;
		if (place_point_label(lay, chart_scale_map(&xs, pts[i].x),
				      chart_scale_map(&ys, pts[i].y), r, w, h,
				      &area, &b)) {
			layout_text(lay, s.ptr, b.x, b.y + h / 2, font, fl,
				    cut ? label : NULL);
			placed[i] = true;
		}
		buf_release(&s);
	}
	free(order);
	free(front);

	y = plot_bottom + 8 + font * 0.6;
	layout_x_tick_labels(lay, &xt, &xs, y, PAD, W - PAD);
	y += font * 0.6;
	char *xtitle = axis_title(t->axis_title, xt.log, t);
	if (xtitle) {
		cy = y + 4 + font * 0.6;
		layout_text_fit(lay, xtitle, W - 2 * PAD, W - PAD, cy, font,
				CHART_ITEM_END);
		y = cy + font * 0.6;
		free(xtitle);
	}
	/* The key: points without a label in the plot, or without data. */
	for (size_t i = 0; i < n; i++) {
		if (placed[i])
			continue;
		struct buf line = BUF_INIT;
		char xb[48], yb[48];
		format_number(pts[i].x, xb, sizeof xb);
		format_number(pts[i].y, yb, sizeof yb);
		if (point_ok(&pts[i]))
			buf_addf(&line, "%s: %s, %s",
				 pts[i].label ? pts[i].label : "",
				 pts[i].x_text ? pts[i].x_text : xb,
				 pts[i].y_text ? pts[i].y_text : yb);
		else
			buf_addf(&line, "%s: %s", pts[i].label ? pts[i].label : "",
				 no_data_text(t));
		cy = y + 4 + font * 0.6;
		struct chart_item *it = layout_text_fit(
			lay, line.ptr, W - 2 * PAD, PAD, cy, font,
			point_ok(&pts[i]) ? 0 : CHART_ITEM_MUTED);
		it->index = (int)i;
		y = cy + font * 0.6;
		buf_release(&line);
	}
	free(placed);
	lay->height = ceil(y + PAD);
	return 0;
}

/* ------------------------------------------------------------ fit matrix */

static unsigned fit_flags(enum chart_fit_state s)
{
	return s == CHART_FIT_NEEDS ? CHART_ITEM_HATCH
	       : s == CHART_FIT_FITS ? 0
				     : CHART_ITEM_DASHED;
}

static int fit_color(enum chart_fit_state s)
{
	return s == CHART_FIT_NEEDS ? 1 : s == CHART_FIT_FITS ? 2 : -1;
}

/* The columns a fit matrix draws: all of them, except in a compact chart
 * those without data in any row (named under the matrix instead). Fills
 * `keep` with the drawn columns' indexes; returns their number. */
static size_t fit_columns(const struct chart_text *t,
			  const struct chart_fit_cell *cells, size_t n_rows,
			  size_t n_cols, size_t *keep)
{
	size_t k = 0;
	for (size_t c = 0; c < n_cols; c++) {
		bool any = !frame_compact(t);
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
		size_t l = wrapped_lines(h, col_w - 6, MAX_LINES, hfont, 0);
		head_lines = l > head_lines ? l : head_lines;
	}
	double hlh = hfont * LINE_K;
	for (size_t j = 0; j < n; j++)
		layout_text_block(lay, cols[keep[j]] ? cols[keep[j]] : "",
				  col_w - 6, MAX_LINES, x0 + col_w * ((double)j + 0.5),
				  y + hlh * (double)head_lines / 2, hfont,
				  CHART_ITEM_MIDDLE);
	y += hlh * (double)head_lines + 4;

	for (size_t r = 0; r < n_rows; r++) {
		size_t l = wrapped_lines(rows[r] ? rows[r] : "", label_w, 2, font, 0);
		double row_h = l > 1 ? 2 * font * LINE_K + 8 : 28;
		double cy = y + row_h / 2;
		layout_text_block(lay, rows[r] ? rows[r] : "", label_w, 2, x0 - 8, cy,
				  font, CHART_ITEM_END);
		for (size_t j = 0; j < n; j++) {
			size_t c = keep[j];
			const struct chart_fit_cell *cell = &cells[r * n_cols + c];
			struct chart_box b = { x0 + col_w * (double)j + 2, y + 2,
					       col_w - 4, row_h - 4 };
			struct chart_item *it =
				layout_mark(lay, CHART_ITEM_CELL, b,
					    fit_color(cell->state),
					    fit_flags(cell->state),
					    (int)(r * n_cols + c));
			const char *txt = cell->text;
			bool nodata = cell->state == CHART_FIT_NO_DATA;
			if (!txt && nodata)
				txt = no_data_text(t);
			struct buf tip = BUF_INIT;
			buf_addf(&tip, "%s, %s: %s", rows[r] ? rows[r] : "",
				 cols[c] ? cols[c] : "", txt ? txt : "");
			it->tip = buf_detach(&tip, NULL);
			/* a "no data" too wide for its cell is left to the
			 * dashed outline and the legend */
			if (nodata && !cell->text && txt &&
			    text_width(txt, font) > col_w - 10)
				txt = NULL;
			if (txt && *txt)
				layout_text_fit(lay, txt, col_w - 10,
						b.x + b.w / 2, cy, font,
						CHART_ITEM_MIDDLE |
							(nodata ? CHART_ITEM_MUTED : 0));
		}
		y += row_h;
	}
	return y;
}

/* The line naming the columns a compact matrix leaves out, wrapped. */
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
		buf_addf(&line, "%s: ", no_data_text(t));
	size_t k = 0;
	bool first = true;
	for (size_t c = 0; c < n_cols; c++) {
		if (k < n_keep && keep[k] == c) {
			k++;
			continue;
		}
		if (!first)
			buf_adds(&line, t->list_sep ? t->list_sep : ", ");
		buf_adds(&line, cols[c] ? cols[c] : "");
		first = false;
	}
	size_t lines = wrapped_lines(line.ptr, W - 2 * PAD, MAX_LINES, font, 0);
	double lh = font * LINE_K;
	layout_text_block(lay, line.ptr, W - 2 * PAD, MAX_LINES, PAD,
			  y + 6 + lh * (double)lines / 2, font, CHART_ITEM_MUTED);
	buf_release(&line);
	return y + 6 + lh * (double)lines;
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
		layout_no_data(lay, t);
		return 0;
	}
	const double Wt = frame_width(t);
	/* labels: up to 30% of the width, on two lines if need be */
	double label_cap = Wt * 0.3;
	double label_w = 0;
	for (size_t r = 0; r < n_rows; r++) {
		double w = text_width(rows[r] ? rows[r] : "", font);
		label_w = w > label_w ? w : label_w;
	}
	if (label_w > label_cap)
		label_w = label_cap;
	size_t *keep = malloc((n_cols ? n_cols : 1) * sizeof *keep);
	if (!keep)
		abort();
	size_t nk = fit_columns(t, cells, n_rows, n_cols, keep);
	double x0 = PAD + label_w + 8;
	double col_w = (Wt - PAD - x0) / (double)nk;
	double W = Wt;
	size_t per_block = nk;
	if (t->width > 0) {
		/* exactly Wt wide: columns of at least min_w, in blocks */
		double min_w = frame_compact(t) ? 40 : 60;
		size_t fit = (size_t)floor((Wt - PAD - x0) / min_w);
		fit = fit ? fit : 1;
		size_t blocks = (nk + fit - 1) / fit;
		per_block = (nk + blocks - 1) / blocks;
		col_w = (Wt - PAD - x0) / (double)per_block;
	} else {
		if (col_w < 60)
			col_w = 60;
		W = ceil(x0 + col_w * (double)nk + PAD);
		if (W < CHART_WIDTH)
			W = CHART_WIDTH;
	}
	lay->width = W;
	double y = layout_title(lay, t, W);
	for (size_t at = 0; at < nk; at += per_block) {
		size_t n = nk - at < per_block ? nk - at : per_block;
		if (at)
			y += 10;
		y = layout_fit_block(lay, t, rows, n_rows, cols, n_cols, cells,
				     keep + at, n, x0, col_w, label_w, y);
	}

	if (state_names) {
		/* Legend: swatch + name, flowing onto new lines as needed. */
		static const enum chart_fit_state order[] = {
			CHART_FIT_FITS, CHART_FIT_NEEDS, CHART_FIT_NO_DATA
		};
		double x = PAD, cy = y + 8 + font * 0.6;
		for (size_t i = 0; i < 3; i++) {
			const char *name = state_names[order[i]];
			if (!name)
				continue;
			struct buf s = BUF_INIT;
			text_fit(name, font, W - 2 * PAD - 18, &s);
			double w = 18 + text_width(s.ptr, font);
			if (x > PAD && x + w > W - PAD) {
				x = PAD;
				cy += font * LINE_K + 4;
			}
			layout_mark(lay, CHART_ITEM_SWATCH,
				    (struct chart_box){ x, cy - 6, 12, 12 },
				    fit_color(order[i]), fit_flags(order[i]), -1);
			layout_text(lay, s.ptr, x + 18, cy, font, 0, NULL);
			x += w + 16;
			buf_release(&s);
		}
		y = cy + font * 0.6;
	}
	y = layout_fit_omitted(lay, t, cols, n_cols, keep, nk, W, y);
	free(keep);
	lay->height = ceil(y + PAD);
	return 0;
}

/* --------------------------------------------------------------- render */

/* ---- Classes and their presentation attributes ---- */

/* Presentation attributes repeating the CSS fallbacks, for renderers that
 * ignore var() or <style> (image viewers, librsvg); the CSS wins in
 * browsers, so the page can still restyle through custom properties.
 * The colour words c0..c7 take their fill from the palette and "hatch"
 * fills with the chart's own pattern (see class_presentation). */
#define MAX_PRESENTATION 4
static const struct {
	const char *cls;
	struct {
		const char *name, *value;
	} attrs[MAX_PRESENTATION]; /* the first NULL name ends the list */
} presentation[] = {
	{ "hl", { { "stroke", "#222" }, { "stroke-width", "2" } } },
	{ "pt", { { "stroke", "#fff" }, { "stroke-width", "1" } } },
	{ "grid", { { "stroke", "#ddd" }, { "stroke-width", "1" } } },
	{ "axis", { { "stroke", "#222" }, { "stroke-width", "1" } } },
	{ "hatch-line",
	  { { "stroke", "#fff" }, { "stroke-width", "2" }, { "stroke-opacity", "0.7" } } },
	{ "front",
	  { { "fill", "none" },
	    { "stroke", "#222" },
	    { "stroke-width", "1.5" },
	    { "stroke-dasharray", "5 3" } } },
	{ "fit-yes", { { "fill", "#009E73" }, { "fill-opacity", "0.35" } } },
	{ "fit-need", { { "fill", "#E69F00" }, { "fill-opacity", "0.45" } } },
	{ "fit-na",
	  { { "fill", "none" }, { "stroke", "#666" }, { "stroke-dasharray", "3 3" } } },
	{ "ttl", { { "font-size", "15" }, { "font-weight", "700" } } },
	{ "md", { { "font-size", "12" } } },
	{ "sm", { { "font-size", "11" } } },
	{ "b", { { "font-weight", "700" } } },
	{ "na", { { "fill", "#666" }, { "font-style", "italic" } } },
};

/* The presentation attributes of one class word (len bytes at word). An
 * attribute already on the element wins, so the first class word that
 * sets, say, fill decides it. */
static void class_presentation(struct svg_writer *w, const char *word,
			       size_t len)
{
	if (len == 2 && word[0] == 'c' && word[1] >= '0' &&
	    word[1] < '0' + CHART_COLORS) {
		if (!svg_has_attr(w, "fill"))
			svg_attr(w, "fill", palette[word[1] - '0']);
		return;
	}
	if (len == 5 && memcmp(word, "hatch", 5) == 0) {
		if (!svg_has_attr(w, "fill")) {
			svg_attr_begin(w, "fill");
			buf_add(w->out, "url(#", 5);
			buf_adds(w->out, w->id);
			buf_add(w->out, "-hatch)", 7);
			svg_attr_end(w);
		}
		return;
	}
	for (size_t i = 0; i < sizeof presentation / sizeof presentation[0]; i++) {
		const char *c = presentation[i].cls;
		if (c[0] != word[0] || strncmp(c, word, len) != 0 || c[len] != '\0')
			continue;
		for (size_t k = 0; k < MAX_PRESENTATION; k++) {
			const char *name = presentation[i].attrs[k].name;
			if (!name)
				break;
			if (!svg_has_attr(w, name))
				svg_attr(w, name, presentation[i].attrs[k].value);
		}
		return;
	}
}

/* "cN" for a colour and then `rest`, into dst (48 bytes). */
static const char *color_class(char *dst, int color, const char *rest)
{
	char digits[16];
	size_t n = sizeof digits;
	unsigned u = color < 0 ? 0 : (unsigned)color;
	do {
		digits[--n] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	dst[0] = 'c';
	memcpy(dst + 1, digits + n, sizeof digits - n);
	strcpy(dst + 1 + sizeof digits - n, rest);
	return dst;
}

/* ---- The parts of a chart ---- */

/* The CSS, around the palette's rules. Written without escaping: it has no
 * markup characters, and the id only [A-Za-z0-9_-]. */
static const char css_head[] =
	"#$ text{font-family:system-ui,-apple-system,Segoe UI,Roboto,"
	"Noto Sans,PingFang SC,Microsoft YaHei,sans-serif;font-size:13px;"
	"fill:var(--fg,#222)}"
	"#$ .ttl{font-size:15px;font-weight:700}#$ .md{font-size:12px}"
	"#$ .sm{font-size:11px}#$ .b{font-weight:700}"
	"#$ .na{fill:var(--muted,#666);font-style:italic}";
static const char css_tail[] =
	"#$ .hl{stroke:var(--fg,#222);stroke-width:2}"
	"#$ .pt{stroke:var(--bg,#fff);stroke-width:1}"
	"#$ .grid{stroke:var(--grid,#ddd);stroke-width:1}"
	"#$ .axis{stroke:var(--fg,#222);stroke-width:1}"
	"#$ .hatch{fill:url(#$-hatch);stroke:none}"
	"#$ .hatch-line{stroke:var(--bg,#fff);stroke-width:2;stroke-opacity:.7}"
	"#$ .front{fill:none;stroke:var(--fg,#222);stroke-width:1.5;"
	"stroke-dasharray:5 3}"
	"#$ .fit-yes{fill:var(--c2,#009E73);fill-opacity:.35}"
	"#$ .fit-need{fill:var(--c1,#E69F00);fill-opacity:.45}"
	"#$ .fit-na{fill:none;stroke:var(--muted,#666);stroke-dasharray:3 3}";

static void draw_style(struct svg_writer *w)
{
	svg_open(w, "style");
	svg_end_start_tag(w);
	svg_add_with_id(w, css_head);
	for (int i = 0; i < CHART_COLORS; i++) {
		char digit = (char)('0' + i);
		svg_add_with_id(w, "#$ .c");
		buf_addc(w->out, digit);
		buf_add(w->out, "{fill:var(--c", 13);
		buf_addc(w->out, digit);
		buf_addc(w->out, ',');
		buf_adds(w->out, palette[i]);
		buf_add(w->out, ")}", 2);
	}
	svg_add_with_id(w, css_tail);
	svg_close(w);
}

static void draw_hatch_pattern(struct svg_writer *w)
{
	svg_open(w, "defs");
	svg_open(w, "pattern");
	svg_attr_begin(w, "id");
	buf_adds(w->out, w->id);
	buf_add(w->out, "-hatch", 6);
	svg_attr_end(w);
	svg_attr(w, "width", "6");
	svg_attr(w, "height", "6");
	svg_attr(w, "patternUnits", "userSpaceOnUse");
	svg_attr(w, "patternTransform", "rotate(45)");
	svg_open(w, "line");
	svg_attr(w, "x1", "0");
	svg_attr(w, "y1", "0");
	svg_attr(w, "x2", "0");
	svg_attr(w, "y2", "6");
	svg_class(w, "hatch-line");
	svg_close(w);
	svg_close(w);
	svg_close(w);
}

/* Open a <rect> with the box and classes; the caller closes it. */
static void draw_rect_open(struct svg_writer *w, const struct chart_box *b,
			  const char *cls)
{
	svg_open(w, "rect");
	svg_num(w, "x", b->x);
	svg_num(w, "y", b->y);
	svg_num(w, "width", b->w);
	svg_num(w, "height", b->h);
	svg_class(w, cls);
}

/* A <rect> with a tooltip (none when tip is NULL). */
static void draw_rect(struct svg_writer *w, const struct chart_box *b,
		     const char *cls, const char *tip)
{
	draw_rect_open(w, b, cls);
	svg_title(w, tip);
	svg_close(w);
}

/* A <line> across the box, from its top-left to its bottom-right corner. */
static void draw_line(struct svg_writer *w, const struct chart_box *b,
		     const char *cls)
{
	svg_open(w, "line");
	svg_num(w, "x1", b->x);
	svg_num(w, "y1", b->y);
	svg_num(w, "x2", b->x + b->w);
	svg_num(w, "y2", b->y + b->h);
	svg_class(w, cls);
	svg_close(w);
}

static const char *fit_class(unsigned flags)
{
	return flags & CHART_ITEM_DASHED ? "fit-na"
	       : flags & CHART_ITEM_HATCH ? "fit-need"
					  : "fit-yes";
}

/* The class words of a text item, into cls (at least 16 bytes). */
static const char *text_class(const struct chart_item *it, char *cls)
{
	cls[0] = '\0';
	if (it->font_px == CHART_FONT_TITLE)
		strcat(cls, " ttl");
	else if (it->font_px == CHART_FONT_SMALL)
		strcat(cls, " sm");
	else if (it->font_px == CHART_FONT_SMALL + 1)
		strcat(cls, " md");
	if ((it->flags & CHART_ITEM_BOLD) && it->font_px != CHART_FONT_TITLE)
		strcat(cls, " b");
	if (it->flags & CHART_ITEM_MUTED)
		strcat(cls, " na");
	return cls[0] ? cls + 1 : NULL;
}

static void render_text(struct svg_writer *w, const struct chart_item *it)
{
	char buf[16];
	double x = it->box.x;
	if (it->flags & CHART_ITEM_END)
		x += it->box.w;
	else if (it->flags & CHART_ITEM_MIDDLE)
		x += it->box.w / 2;
	svg_open(w, "text");
	svg_num(w, "x", x);
	svg_num(w, "y", it->box.y + it->box.h / 2 + 0.35 * it->font_px);
	if (it->flags & CHART_ITEM_END)
		svg_attr(w, "text-anchor", "end");
	else if (it->flags & CHART_ITEM_MIDDLE)
		svg_attr(w, "text-anchor", "middle");
	const char *cls = text_class(it, buf);
	if (cls)
		svg_class(w, cls);
	svg_title(w, it->tip);
	svg_text(w, it->text);
	svg_close(w);
}

static void render_point(struct svg_writer *w, const struct chart_item *it)
{
	char cls[48];
	svg_open(w, "circle");
	svg_num(w, "cx", it->box.x + it->box.w / 2);
	svg_num(w, "cy", it->box.y + it->box.h / 2);
	svg_num(w, "r", it->box.w / 2);
	svg_class(w, color_class(cls, it->color,
				 it->flags & CHART_ITEM_HIGHLIGHT ? " hl" : " pt"));
	svg_title(w, it->tip);
	svg_close(w);
}

static void render_item(struct svg_writer *w, const struct chart_item *it)
{
	char cls[48];
	switch (it->kind) {
	case CHART_ITEM_TEXT:
		render_text(w, it);
		break;
	case CHART_ITEM_BAR:
		color_class(cls, it->color,
			    it->flags & CHART_ITEM_HIGHLIGHT ? " bar hl" : " bar");
		draw_rect(w, &it->box, cls, it->tip);
		if (it->flags & (CHART_ITEM_HIGHLIGHT | CHART_ITEM_HATCH))
			draw_rect(w, &it->box, "hatch", NULL);
		break;
	case CHART_ITEM_POINT:
		render_point(w, it);
		break;
	case CHART_ITEM_CELL:
		draw_rect(w, &it->box, fit_class(it->flags), it->tip);
		if (it->flags & CHART_ITEM_HATCH)
			draw_rect(w, &it->box, "hatch", NULL);
		break;
	case CHART_ITEM_SWATCH:
		if (it->flags & CHART_ITEM_LINE) {
			draw_line(w, &it->box, "front");
			break;
		}
		draw_rect(w, &it->box, fit_class(it->flags), NULL);
		if (it->flags & CHART_ITEM_HATCH)
			draw_rect(w, &it->box, "hatch", NULL);
		break;
	case CHART_ITEM_RULE:
		draw_line(w, &it->box, it->flags & CHART_ITEM_GRID ? "grid" : "axis");
		break;
	}
}

/* The frontier polyline: points="x,y x,y ..." with one decimal. */
static void render_path(struct svg_writer *w, const struct chart_layout *lay)
{
	char s[NUMFMT_COORD_MAX];
	svg_open(w, "polyline");
	svg_attr_begin(w, "points");
	for (size_t i = 0; i < lay->path_n; i++) {
		if (i)
			buf_addc(w->out, ' ');
		buf_add(w->out, s, numfmt_coord(lay->path[2 * i], s));
		buf_addc(w->out, ',');
		buf_add(w->out, s, numfmt_coord(lay->path[2 * i + 1], s));
	}
	svg_attr_end(w);
	svg_class(w, "front");
	svg_close(w);
}

/* <svg ...> with its accessible name, up to the first child. */
static void render_root_open(struct svg_writer *w, const struct chart_layout *lay)
{
	svg_open(w, "svg");
	svg_attr(w, "xmlns", "http://www.w3.org/2000/svg");
	svg_attr(w, "role", "img");
	svg_attr_begin(w, "viewBox");
	buf_addf(w->out, "0 0 %.0f %.0f", ceil(lay->width), ceil(lay->height));
	svg_attr_end(w);
	svg_attr_begin(w, "aria-labelledby");
	svg_add_with_id(w, "$-title $-desc");
	svg_attr_end(w);
	svg_attr(w, "id", w->id);
	svg_attr(w, "class", lay->no_data ? "chart chart-empty" : "chart");
	svg_attr(w, "font-family", "system-ui, sans-serif");
	svg_attr(w, "font-size", "13");
	svg_attr(w, "fill", "#222");
}

/* <title id="ID-title"> or <desc id="ID-desc"> with its text. */
static void render_label(struct svg_writer *w, const char *name,
			 const char *id_tmpl, const char *text)
{
	svg_open(w, name);
	svg_attr_begin(w, "id");
	svg_add_with_id(w, id_tmpl);
	svg_attr_end(w);
	svg_text(w, text);
	svg_close(w);
}

static bool layout_has_hatch(const struct chart_layout *lay)
{
	for (size_t i = 0; i < lay->n; i++)
		if (lay->items[i].flags & (CHART_ITEM_HIGHLIGHT | CHART_ITEM_HATCH))
			return true;
	return false;
}

int chart_layout_render(const struct chart_layout *lay, const char *id,
			const struct chart_text *t, struct buf *out)
{
	if (!lay || !t || !out || !svg_id_is_valid(id))
		return -1;
	struct svg_writer w;
	svg_writer_init(&w, out, id, class_presentation);
	buf_grow(out, 2048 + 128 * lay->n); /* about what it takes: few reallocs */
	render_root_open(&w, lay);
	render_label(&w, "title", "$-title", t->title);
	render_label(&w, "desc", "$-desc",
		     t->desc ? t->desc : lay->no_data ? no_data_text(t) : "");
	draw_style(&w);
	if (layout_has_hatch(lay))
		draw_hatch_pattern(&w);
	for (size_t i = 0; i < lay->n; i++) {
		if (lay->path_n && lay->path_at == i)
			render_path(&w, lay);
		render_item(&w, &lay->items[i]);
	}
	if (lay->path_n && lay->path_at >= lay->n)
		render_path(&w, lay);
	svg_close(&w);
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
