/* chart_spark: a labelled sparkline (see chart_spark.h). */
#include "chart/chart_spark.h"

#include "base/buf.h"
#include "chart/chart_scale.h"
#include "base/text_wrap.h"
#include "base/xalloc.h"

#include <stdio.h>
#include <string.h>

#define SPARK_HEIGHT 132.0
#define SPARK_PAD 12.0
#define SPARK_RADIUS 4.0

static struct chart_item *spark_item(struct chart_layout *lay,
				     enum chart_item_kind kind, double x,
				     double y, double w, double h)
{
	ALLOC_GROW(lay->items, lay->n, lay->cap);
	struct chart_item *it = &lay->items[lay->n++];
	memset(it, 0, sizeof *it);
	it->kind = kind;
	it->box = (struct chart_box){ x, y, w, h };
	it->color = -1;
	it->index = -1;
	return it;
}

static void spark_text(struct chart_layout *lay, const char *text, double cx,
		       double y, double font, unsigned flags)
{
	double w = text_width(text, font);
	struct chart_item *it = spark_item(lay, CHART_ITEM_TEXT, cx - w / 2, y, w,
					   font * 1.2);
	it->text = chart_layout_strdup(lay, text);
	it->font_px = font;
	it->flags = flags | CHART_ITEM_MIDDLE;
}

static const char *value_of(const struct chart_spark_point *p, char *tmp,
			    size_t cap)
{
	if (p->value_text)
		return p->value_text;
	snprintf(tmp, cap, "%g", p->y);
	return tmp;
}

/* Whether a label centred at cx, w wide, is clear of the last one drawn
 * in its row (right edge `*edge`) and ends before `limit`; then it takes
 * the room. */
static bool spark_fits(double cx, double w, double *edge, double limit)
{
	double l = cx - w / 2;
	if (l < *edge + 6 || cx + w / 2 > limit)
		return false;
	*edge = cx + w / 2;
	return true;
}

int chart_spark_layout(struct chart_layout *lay, const struct chart_text *t,
		       const struct chart_spark_point *pts, size_t n)
{
	if (!lay || !t || !t->title || (!pts && n))
		return -1;
	memset(lay, 0, sizeof *lay);
	lay->width = CHART_WIDTH;
	lay->height = SPARK_HEIGHT;
	spark_text(lay, t->title, CHART_WIDTH / 2, 4, CHART_FONT_TITLE, CHART_ITEM_BOLD);
	if (!n) {
		lay->no_data = true;
		return 0;
	}
	double x0 = pts[0].x, x1 = pts[n - 1].x, y0 = pts[0].y, y1 = pts[0].y;
	for (size_t i = 1; i < n; i++) {
		y0 = pts[i].y < y0 ? pts[i].y : y0;
		y1 = pts[i].y > y1 ? pts[i].y : y1;
	}
	/* room for the widest end labels, so they are not cut */
	double left = SPARK_PAD + 40, right = CHART_WIDTH - SPARK_PAD - 40;
	double top = 4 + CHART_FONT_TITLE * 1.2 + 8 + CHART_FONT_SMALL * 1.2 + 4;
	double bottom = SPARK_HEIGHT - SPARK_PAD - CHART_FONT_SMALL * 1.2 - 6;
	struct chart_scale sx, sy;
	chart_scale_init(&sx, x0, x1, left, right, false);
	chart_scale_init(&sy, y0, y1, bottom, top, false);
	lay->path = xcalloc(2 * n, sizeof *lay->path);
	lay->path_n = n;
	lay->path_at = lay->n;
	double vedge = -1e9, ledge = -1e9;
	char tmp[64], last_tmp[64];
	/* the first and last labels always show; those between only where
	 * they clear their neighbours and the last ones */
	double last_cx = n == 1 || x1 == x0 ? (left + right) / 2 : right;
	const char *last_v = value_of(&pts[n - 1], last_tmp, sizeof last_tmp);
	const char *last_l = pts[n - 1].label ? pts[n - 1].label : "";
	double vlimit = last_cx - text_width(last_v, CHART_FONT_SMALL) / 2 - 6;
	double llimit = last_cx - text_width(last_l, CHART_FONT_SMALL) / 2 - 6;
	for (size_t i = 0; i < n; i++) {
		double cx = n == 1 || x1 == x0 ? (left + right) / 2 : chart_scale_map(&sx, pts[i].x);
		double cy = y1 == y0 ? (top + bottom) / 2 : chart_scale_map(&sy, pts[i].y);
		lay->path[2 * i] = cx;
		lay->path[2 * i + 1] = cy;
		const char *v = value_of(&pts[i], tmp, sizeof tmp);
		struct chart_item *pt = spark_item(lay, CHART_ITEM_POINT, cx - SPARK_RADIUS,
						   cy - SPARK_RADIUS, 2 * SPARK_RADIUS,
						   2 * SPARK_RADIUS);
		pt->color = 0;
		pt->index = (int)i;
		pt->tip = chart_layout_join_tip(lay, t, pts[i].label, v);
		bool end = i == 0 || i == n - 1;
		const char *label = pts[i].label ? pts[i].label : "";
		double vw = text_width(v, CHART_FONT_SMALL);
		double lw = text_width(label, CHART_FONT_SMALL);
		if (end || spark_fits(cx, vw, &vedge, vlimit))
			spark_text(lay, v, cx, cy - SPARK_RADIUS - 4 - CHART_FONT_SMALL * 1.2,
				   CHART_FONT_SMALL, 0);
		if (end || spark_fits(cx, lw, &ledge, llimit))
			spark_text(lay, label, cx, bottom + 8, CHART_FONT_SMALL,
				   CHART_ITEM_MUTED);
		if (i == 0) {
			vedge = cx + vw / 2;
			ledge = cx + lw / 2;
		}
	}
	return 0;
}

int chart_spark(struct buf *out, const char *id, const struct chart_text *t,
		const struct chart_spark_point *pts, size_t n)
{
	struct chart_layout lay;
	if (chart_spark_layout(&lay, t, pts, n) != 0)
		return -1;
	int rc = chart_layout_render(&lay, id, t, out);
	chart_layout_release(&lay);
	return rc;
}
