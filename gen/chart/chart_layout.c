/* chart_layout: placing a chart's boxes (see chart_layout.h). */
#include "chart/chart_layout.h"

#include "base/buf.h"
#include "chart/chart_scale.h"
#include "base/numfmt.h"
#include "base/text.h"
#include "base/text_wrap.h"
#include "base/xalloc.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

bool chart_box_overlap(const struct chart_box *a, const struct chart_box *b)
{
	return a->x < b->x + b->w && b->x < a->x + a->w &&
	       a->y < b->y + b->h && b->y < a->y + a->h;
}

void chart_layout_release(struct chart_layout *lay)
{
	arena_free(&lay->strings);
	free(lay->items);
	free(lay->path);
	memset(lay, 0, sizeof *lay);
}

static struct chart_item *layout_push(struct chart_layout *lay,
				      enum chart_item_kind kind)
{
	ALLOC_GROW(lay->items, lay->n, lay->cap);
	struct chart_item *it = &lay->items[lay->n++];
	memset(it, 0, sizeof *it);
	it->kind = kind;
	it->color = -1;
	it->index = -1;
	return it;
}

char *chart_layout_strdup(struct chart_layout *lay, const char *s)
{
	return s ? arena_strdup(&lay->strings, s) : NULL;
}

/* The factor of bold text's width. */
static double weight_k(unsigned flags)
{
	return flags & CHART_ITEM_BOLD ? CHART_BOLD_K : 1;
}

double chart_layout_text_width(const char *s, double font, unsigned flags)
{
	return text_width(s, font) * weight_k(flags);
}

/* chart_layout_text with the text's width w (chart_layout_text_width)
 * already known. */
static struct chart_item *layout_text_sized(struct chart_layout *lay,
					    const char *s, double w, double x,
					    double cy, double font,
					    unsigned flags, const char *tip)
{
	struct chart_item *it = layout_push(lay, CHART_ITEM_TEXT);
	it->text = chart_layout_strdup(lay, s);
	it->tip = chart_layout_strdup(lay, tip);
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

struct chart_item *chart_layout_text(struct chart_layout *lay, const char *s,
				     double x, double cy, double font,
				     unsigned flags, const char *tip)
{
	return layout_text_sized(lay, s,
				 chart_layout_text_width(s, font, flags), x, cy,
				 font, flags, tip);
}

struct chart_item *chart_layout_text_fit(struct chart_layout *lay,
					 const char *s, double max_w, double x,
					 double cy, double font, unsigned flags)
{
	if (!s)
		return chart_layout_text(lay, "", x, cy, font, flags, NULL);
	double k = weight_k(flags);
	/* most fit: measured once (text_fit would measure again) */
	double w = text_width(s, font);
	if (w <= max_w / k + 1e-6)
		return layout_text_sized(lay, s, w * k, x, cy, font, flags,
					 NULL);
	struct buf line = BUF_INIT;
	bool cut = text_fit(s, font, max_w / k, &line);
	struct chart_item *it = chart_layout_text(lay, line.ptr, x, cy, font,
						  flags, cut ? s : NULL);
	buf_release(&line);
	return it;
}

/* Wrap s into `lines` (CHART_MAX_LINES buffers, emptied first); returns the
 * count and sets *cut when text had to be left out. With `m` (s measured),
 * without measuring s again. */
static size_t wrap_into(const char *s, const struct text_measure *m, double font,
			double w, size_t max_lines, struct buf *lines, bool *cut)
{
	for (size_t i = 0; i < CHART_MAX_LINES; i++)
		buf_reset(&lines[i]);
	size_t n = m ? text_wrap_measured(m, font, w, max_lines, lines)
		     : text_wrap(s, font, w, max_lines, lines);
	*cut = n > 0 && strstr(lines[n - 1].ptr, TEXT_ELLIPSIS) &&
	       !strstr(s, TEXT_ELLIPSIS);
	return n;
}

size_t chart_layout_text_block(struct chart_layout *lay, const char *s,
			       double max_w, size_t max_lines, double x,
			       double cy, double font, unsigned flags)
{
	struct buf lines[CHART_MAX_LINES] = { BUF_INIT, BUF_INIT, BUF_INIT,
					      BUF_INIT };
	double k = flags & CHART_ITEM_BOLD ? CHART_BOLD_K : 1;
	if (max_lines > CHART_MAX_LINES)
		max_lines = CHART_MAX_LINES;
	/* a text on more than one line is wrapped a dozen times (below):
	 * measured once for all of them */
	struct text_measure m = { NULL, 0, NULL, false };
	bool measured = text_width(s, font) > max_w / k + 1e-6;
	if (measured)
		text_measure_init(&m, s);
	bool cut;
	size_t n = wrap_into(s, measured ? &m : NULL, font, max_w / k, max_lines, lines, &cut);
	if (n > 1 && !cut) {
		/* the narrowest width that keeps n lines, and the lines that
		 * end at a clause break ("（客服场景）" not split off "微调") */
		size_t clauses = text_wrap_clause_breaks(lines, n);
		double lo = max_w / k / (double)n / 2, hi = max_w / k;
		for (int i = 0; i < 10; i++) {
			double mid = (lo + hi) / 2;
			bool c2;
			size_t n2 = wrap_into(s, measured ? &m : NULL, font, mid,
					      max_lines, lines, &c2);
			if (n2 == n && !c2 && text_wrap_clause_breaks(lines, n2) >= clauses)
				hi = mid;
			else
				lo = mid;
		}
		n = wrap_into(s, measured ? &m : NULL, font, hi, max_lines, lines, &cut);
	}
	if (measured)
		text_measure_release(&m);
	double lh = font * CHART_LINE_K;
	for (size_t i = 0; i < n; i++)
		chart_layout_text(lay, lines[i].ptr, x,
				  cy + ((double)i - (double)(n - 1) / 2) * lh,
				  font, flags, cut ? s : NULL);
	for (size_t i = 0; i < CHART_MAX_LINES; i++)
		buf_release(&lines[i]);
	return n;
}

size_t chart_layout_count_lines(const char *s, double max_w, size_t max_lines,
				double font, unsigned flags)
{
	struct buf lines[CHART_MAX_LINES] = { BUF_INIT, BUF_INIT, BUF_INIT,
					      BUF_INIT };
	double k = flags & CHART_ITEM_BOLD ? CHART_BOLD_K : 1;
	if (max_lines > CHART_MAX_LINES)
		max_lines = CHART_MAX_LINES;
	size_t n = text_wrap(s, font, max_w / k, max_lines, lines);
	for (size_t i = 0; i < CHART_MAX_LINES; i++)
		buf_release(&lines[i]);
	return n;
}

void chart_layout_rule(struct chart_layout *lay, double x1, double y1,
		       double x2, double y2, bool grid)
{
	struct chart_item *it = layout_push(lay, CHART_ITEM_RULE);
	it->box = (struct chart_box){ x1, y1, x2 - x1, y2 - y1 };
	it->flags = grid ? CHART_ITEM_GRID : 0;
}

struct chart_item *chart_layout_mark(struct chart_layout *lay,
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

const char *chart_layout_label_sep(const struct chart_text *t)
{
	return t && t->label_sep ? t->label_sep : ": ";
}

const char *chart_layout_list_sep(const struct chart_text *t)
{
	return t && t->list_sep ? t->list_sep : ", ";
}

const char *chart_layout_pair_sep(const struct chart_text *t)
{
	return t && t->pair_sep ? t->pair_sep : ", ";
}

char *chart_layout_join_tip(struct chart_layout *lay, const struct chart_text *t,
			    const char *a, const char *b)
{
	const char *sep = chart_layout_label_sep(t);
	size_t na = a ? strlen(a) : 0, ns = strlen(sep), nb = b ? strlen(b) : 0;
	char *s = arena_alloc_uninit(&lay->strings, na + ns + nb + 1);
	memcpy(s, a ? a : "", na);
	memcpy(s + na, sep, ns);
	memcpy(s + na + ns, b ? b : "", nb);
	s[na + ns + nb] = '\0';
	return s;
}

const char *chart_layout_no_data_text(const struct chart_text *t)
{
	return t->no_data ? t->no_data : "No data";
}

char *chart_layout_axis_title(const char *title, bool log,
			      const struct chart_text *t)
{
	if (!title || !*title)
		return NULL;
	struct buf b = BUF_INIT;
	buf_adds(&b, title);
	if (log && t->log_scale && *t->log_scale)
		buf_addf(&b, "%s%s%s", t->aside_open ? t->aside_open : " (",
			 t->log_scale, t->aside_close ? t->aside_close : ")");
	return buf_detach(&b, NULL);
}

void chart_layout_format_number(double v, char *dst, size_t cap)
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
	numfmt_group(dst, cap);
}

double chart_layout_frame_width(const struct chart_text *t)
{
	return t->width > 0 ? t->width : CHART_WIDTH;
}

bool chart_layout_is_compact(const struct chart_text *t)
{
	return chart_layout_frame_width(t) < CHART_WIDTH;
}

double chart_layout_title(struct chart_layout *lay, const struct chart_text *t,
			  double width)
{
	double y = CHART_PAD;
	if (!t->title || !*t->title)
		return y;
	double lh = CHART_FONT_TITLE * CHART_LINE_K;
	size_t max_lines = chart_layout_is_compact(t) ? 3 : 2;
	size_t n = chart_layout_count_lines(t->title, width - 2 * CHART_PAD,
					    max_lines, CHART_FONT_TITLE,
					    CHART_ITEM_BOLD);
	chart_layout_text_block(lay, t->title, width - 2 * CHART_PAD, max_lines,
				CHART_PAD, y + lh * (double)n / 2,
				CHART_FONT_TITLE, CHART_ITEM_BOLD);
	return y + lh * (double)n + CHART_GAP;
}

void chart_layout_no_data(struct chart_layout *lay, const struct chart_text *t)
{
	const double W = chart_layout_frame_width(t);
	chart_layout_release(lay);
	lay->width = W;
	lay->no_data = true;
	double y = chart_layout_title(lay, t, W);
	chart_layout_text_fit(lay, chart_layout_no_data_text(t),
			      W - 2 * CHART_PAD, W / 2, y + 16, CHART_FONT,
			      CHART_ITEM_MIDDLE | CHART_ITEM_MUTED);
	lay->height = ceil(y + 32 + CHART_PAD);
}

void chart_layout_choose_x_ticks(double dmin, double dmax, bool log, double r0,
				 double r1, double lo_x, double hi_x,
				 struct chart_ticks *ticks,
				 struct chart_scale *sc)
{
	for (size_t max_t = 8; max_t >= 2; max_t--) {
		if (log)
			chart_scale_log_ticks(dmin, dmax, max_t, ticks);
		else
			chart_scale_nice_ticks(dmin, dmax, max_t, ticks);
		chart_scale_init(sc, ticks->v[0], ticks->v[ticks->n - 1], r0,
				 r1, log);
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
			ok = x >= prev_right + CHART_GAP;
			prev_right = x + w;
		}
		if (ok)
			return;
	}
}

void chart_layout_x_tick_labels(struct chart_layout *lay,
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
		chart_layout_text(lay, s, x, cy, CHART_FONT_SMALL,
				  CHART_ITEM_MIDDLE, NULL);
	}
}
