/* chart_svg: a layout as SVG (see chart_svg.h). */
#include "chart/chart_svg.h"

#include "base/buf.h"
#include "base/numfmt.h"
#include "chart/svg.h"

#include <math.h>
#include <string.h>

static const char *const palette[CHART_COLORS] = {
	"#0072B2", "#E69F00", "#009E73", "#CC79A7",
	"#56B4E9", "#D55E00", "#F0E442", "#000000",
};

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
} class_attrs[] = {
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
	for (size_t i = 0; i < sizeof class_attrs / sizeof class_attrs[0]; i++) {
		const char *c = class_attrs[i].cls;
		if (c[0] != word[0] || strncmp(c, word, len) != 0 || c[len] != '\0')
			continue;
		for (size_t k = 0; k < MAX_PRESENTATION; k++) {
			const char *name = class_attrs[i].attrs[k].name;
			if (!name)
				break;
			if (!svg_has_attr(w, name))
				svg_attr(w, name, class_attrs[i].attrs[k].value);
		}
		return;
	}
}

/* "cN" for a colour and then `rest`, into dst (48 bytes). */
static const char *color_class(char *dst, int color, const char *rest)
{
	dst[0] = 'c';
	size_t n = 1 + numfmt_uint(dst + 1, color < 0 ? 0 : (uint64_t)color);
	strcpy(dst + n, rest);
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

/* A fit cell's or swatch's class: no data dashed, the "needs" colour
 * (1), else the "fits" colour (hatched on top when tight). */
static const char *fit_class(unsigned flags, int color)
{
	return flags & CHART_ITEM_DASHED ? "fit-na" : color == 1 ? "fit-need" : "fit-yes";
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
		draw_rect(w, &it->box, fit_class(it->flags, it->color), it->tip);
		if (it->flags & CHART_ITEM_HATCH)
			draw_rect(w, &it->box, "hatch", NULL);
		break;
	case CHART_ITEM_SWATCH:
		if (it->flags & CHART_ITEM_LINE) {
			draw_line(w, &it->box, "front");
			break;
		}
		draw_rect(w, &it->box, fit_class(it->flags, it->color), NULL);
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
	const char *desc = t->desc ? t->desc
			   : lay->no_data ? chart_layout_no_data_text(t)
					  : "";
	render_label(&w, "desc", "$-desc", desc);
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
