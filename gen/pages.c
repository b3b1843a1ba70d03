/* pages: the guide's pages built from data (see pages.h).
 *
 * Every figure is formatted here for the page's language, with its unit, and
 * every missing one is the text "no data" plus the reason where it is known.
 * Table cells are maps built by cell_* (keys: text, cls, has_sort, sort,
 * nodata, has_why, why, marks, has_marks) and rendered by
 * templates/partials/guide-cell.mustache; every key is always set (most by
 * the cell's parent map, see "cells"), because a Mustache lookup that misses
 * a key falls through to the enclosing context. All memory comes from the
 * build arena (for pages built while rendering: the thread's page arena).
 */
#include "pages.h"

#include "arena.h"
#include "buf.h"
#include "calculator.h"
#include "csv.h"
#include "data.h"
#include "guide_charts.h"
#include "i18n.h"
#include "metrics.h"
#include "numfmt.h"
#include "site.h"
#include "value.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The page being assembled: links are made relative to `path`. Short
 * texts (sentences, figures) are built in `scratch` when the page has one
 * (text_buf), then copied to the arena: no allocation per text. */
struct pg {
	struct site *s;
	enum lang l;
	const char *path;
	struct buf *scratch; /* or NULL */
};

static struct arena *pg_arena(const struct pg *p)
{
	return &p->s->arena;
}

/* ---- text ---- */

static const char *tr(const struct pg *p, const char *key)
{
	return i18n_get(&p->s->i18n, p->l, key);
}

/* The buffer's text copied into the arena; the buffer is released (the
 * scratch buffer is kept for the next text). */
static const char *keep(const struct pg *p, struct buf *b)
{
	const char *r = arena_strndup(pg_arena(p), b->ptr, b->len);
	if (b != p->scratch)
		buf_release(b);
	return r;
}

/* A buffer to build one short text in and keep(): the page's scratch
 * buffer, emptied, or else `own`. Nothing else may use the scratch buffer
 * until the text is kept. */
static struct buf *text_buf(const struct pg *p, struct buf *own)
{
	if (!p->scratch)
		return own;
	buf_reset(p->scratch);
	return p->scratch;
}

/* The text of the page's language, English when the other is empty. */
static const char *pick_lang(const struct pg *p, const char *en, const char *zh)
{
	if (p->l == LANG_ZH && zh && *zh)
		return zh;
	return en ? en : "";
}

#define FILL_MAX 12

/* The UI string `key` with its placeholders filled from NULL-terminated
 * name, value pairs: fill(p, "cmp.faster", "a", "H100", ..., NULL). */
static const char *fill(const struct pg *p, const char *key, ...)
	__attribute__((sentinel));
static const char *fill(const struct pg *p, const char *key, ...)
{
	const char *names[FILL_MAX], *vals[FILL_MAX];
	size_t n = 0;
	va_list ap;
	va_start(ap, key);
	for (const char *name; (name = va_arg(ap, const char *)) != NULL;) {
		const char *val = va_arg(ap, const char *);
		if (n < FILL_MAX) {
			names[n] = name;
			vals[n] = val ? val : "";
			n++;
		}
	}
	va_end(ap);
	struct buf own = BUF_INIT, *b = text_buf(p, &own);
	i18n_fill(b, tr(p, key), names, vals, n);
	return keep(p, b);
}

/* " (text)" / "（text）": a remark after a word, bracketed per language. */
static const char *paren_text(const struct pg *p, const char *text)
{
	static const char *const names[] = { "why" };
	struct buf own = BUF_INIT, *b = text_buf(p, &own);
	if (p->l != LANG_ZH)
		buf_addc(b, ' ');
	i18n_fill(b, tr(p, "why.paren"), names, &text, 1);
	return keep(p, b);
}

/* ---- numbers ---- */

static const char *fmt_number(const struct pg *p, double v)
{
	struct buf own = BUF_INIT, *b = text_buf(p, &own);
	i18n_format_number(b, v, p->l);
	return keep(p, b);
}

static const char *fmt_usd(const struct pg *p, double v)
{
	struct buf own = BUF_INIT, *b = text_buf(p, &own);
	i18n_format_usd(b, v, p->l);
	return keep(p, b);
}

static const char *fmt_unit(const struct pg *p, double v, const char *unit_key)
{
	struct buf own = BUF_INIT, *b = text_buf(p, &own);
	i18n_format_unit(b, &p->s->i18n, v, unit_key, p->l);
	return keep(p, b);
}

/* "$0.39/h" */
static const char *fmt_per_hour(const struct pg *p, double v)
{
	struct buf own = BUF_INIT, *b = text_buf(p, &own);
	i18n_format_usd(b, v, p->l);
	buf_adds(b, tr(p, "unit.per_hour"));
	return keep(p, b);
}

/* "$0.30–$0.39" or one price when both ends are equal. */
static const char *fmt_usd_range(const struct pg *p, double lo, double hi,
				 const char *suffix_key)
{
	struct buf own = BUF_INIT, *b = text_buf(p, &own);
	i18n_format_usd(b, lo, p->l);
	if (suffix_key)
		buf_adds(b, tr(p, suffix_key));
	if (hi != lo) {
		buf_adds(b, "–");
		i18n_format_usd(b, hi, p->l);
		if (suffix_key)
			buf_adds(b, tr(p, suffix_key));
	}
	return keep(p, b);
}

/* A ratio for a table: "0.25×", "3.33×". */
static const char *fmt_ratio(const struct pg *p, double v)
{
	return fmt_unit(p, v, "unit.x");
}

/* A ratio for a sentence: one decimal ("3.3×"), two near 1 ("1.05×"). */
static const char *fmt_ratio_short(const struct pg *p, double v)
{
	struct buf own = BUF_INIT, *b = text_buf(p, &own);
	i18n_format_fixed(b, v, v < 1.1 ? 2 : 1, p->l);
	buf_adds(b, tr(p, "unit.x"));
	return keep(p, b);
}

static const char *fmt_percent(const struct pg *p, double v)
{
	struct buf own = BUF_INIT, *b = text_buf(p, &own);
	i18n_format_fixed(b, v, 0, p->l);
	buf_addc(b, '%');
	return keep(p, b);
}

/* A benchmark's unit: the UI string "unit.<unit>" ("tokens/s" is
 * unit.tokens_per_s) when there is one, else the unit as written in
 * benchmarks.csv. */
static const char *bench_unit_key(const struct pg *p, const struct benchmark *b)
{
	struct buf k = BUF_INIT;
	buf_adds(&k, "unit.");
	for (const char *c = b->unit ? b->unit : ""; *c; c++) {
		if (*c == '/')
			buf_adds(&k, "_per_");
		else if (*c >= 'A' && *c <= 'Z')
			buf_addc(&k, (char)(*c - 'A' + 'a'));
		else
			buf_addc(&k, *c);
	}
	const char *key = keep(p, &k);
	return i18n_has(&p->s->i18n, key) ? key : b->unit;
}

/* The raw number for data-sort: C locale, enough digits to order
 * ("%.10g"). */
static const char *sort_key(const struct pg *p, double v)
{
	char s[NUMFMT_MAX];
	size_t n = numfmt_g(s, sizeof s, v, 10);
	return arena_strndup(pg_arena(p), s, n);
}

/* ---- raw cells (extra CSV columns) ---- */

/* The cell of `row` in column `col` of a table, "" when there is none. */
static const char *raw_cell(const struct pg *p, enum data_table_id t,
			    size_t row, const char *col)
{
	const struct table *tab = &p->s->data.tables[t];
	long c = csv_table_column(tab, col);
	if (c < 0 || row >= tab->nrows)
		return "";
	return tab->rows[row][c];
}

/* The column `base`_<lang> of the page's language, else `base`_en. */
static const char *raw_cell_lang(const struct pg *p, enum data_table_id t,
				 size_t row, const char *base)
{
	const char *mine = raw_cell(p, t, row, arena_printf(pg_arena(p), "%s_%s",
							    base, lang_code(p->l)));
	if (*mine)
		return mine;
	return raw_cell(p, t, row, arena_printf(pg_arena(p), "%s_en", base));
}

/* ---- names, paths, links ---- */

static const char *gpu_path(const struct pg *p, size_t g)
{
	return arena_printf(pg_arena(p), "gpus/%s/", p->s->data.gpus[g].id);
}

static const char *task_path(const struct pg *p, size_t t)
{
	return arena_printf(pg_arena(p), "tasks/%s/", p->s->data.tasks[t].id);
}

/* The page of the unordered pair {a, b}: the GPU listed first in gpus.csv
 * comes first in the path. */
static const char *pair_path(const struct pg *p, size_t a, size_t b)
{
	size_t x = a < b ? a : b, y = a < b ? b : a;
	return arena_printf(pg_arena(p), "compare/%s-vs-%s/",
			    p->s->data.gpus[x].id, p->s->data.gpus[y].id);
}

static const char *href_to(const struct pg *p, const char *to)
{
	return site_href(p->s, p->l, p->path, p->l, to);
}

static const char *task_name(const struct pg *p, size_t t)
{
	const struct task *k = &p->s->data.tasks[t];
	return pick_lang(p, k->name_en, k->name_zh);
}

static const char *bench_name(const struct pg *p, const struct benchmark *b)
{
	return pick_lang(p, b->name_en, b->name_zh);
}

/* A source's title in the page's language: its own title when it is written
 * in that language, else the extra column title_<lang> when that is filled. */
static const char *source_title(const struct pg *p, const struct source *src)
{
	const struct data *d = &p->s->data;
	if (!src->lang || !strcmp(src->lang, lang_code(p->l)) ||
	    d->tables[TABLE_SOURCES].nrows != d->nsources)
		return src->title;
	const char *own = raw_cell(p, TABLE_SOURCES, (size_t)(src - d->sources),
				   arena_printf(pg_arena(p), "title_%s", lang_code(p->l)));
	return *own ? own : src->title;
}

/* The titles of a ;-separated list of source ids, joined by "; ". */
static const char *source_titles(const struct pg *p, const char *ids)
{
	struct buf b = BUF_INIT;
	const char *c = ids ? ids : "";
	while (*c) {
		const char *end = strchr(c, ';');
		size_t len = end ? (size_t)(end - c) : strlen(c);
		char *id = arena_strndup(pg_arena(p), c, len);
		const struct source *src = data_find_source(&p->s->data, id);
		if (b.len)
			buf_adds(&b, "; ");
		buf_adds(&b, src ? source_title(p, src) : id);
		c += len;
		if (*c == ';')
			c++;
	}
	return keep(p, &b);
}

static struct value *gpu_link(const struct pg *p, size_t g)
{
	struct arena *a = pg_arena(p);
	struct value *m = value_new_map(a);
	value_map_set_str(a, m, "id", p->s->data.gpus[g].id);
	value_map_set_str(a, m, "name", p->s->data.gpus[g].name);
	value_map_set_str(a, m, "href", href_to(p, gpu_path(p, g)));
	return m;
}

static struct value *crumb_new(const struct pg *p, const char *title,
			       const char *to)
{
	struct value *m = value_new_map(pg_arena(p));
	value_map_set_str(pg_arena(p), m, "title", title);
	value_map_set_str(pg_arena(p), m, "href", href_to(p, to));
	return m;
}

/* Home > Section (the layout adds the page itself). */
static struct value *crumbs_for(const struct pg *p, const char *section_key,
				const char *section_path)
{
	struct value *list = value_new_list(pg_arena(p));
	value_list_push(pg_arena(p), list, crumb_new(p, tr(p, "nav.home"), ""));
	if (section_key)
		value_list_push(pg_arena(p), list,
				crumb_new(p, tr(p, section_key), section_path));
	return list;
}

/* A guide page's spec: every guide page exists in both languages. */
static struct page_spec guide_spec(const struct pg *p, const char *tmpl,
				   const char *title, const char *description,
				   const char *section, struct value *crumbs)
{
	return (struct page_spec){
		.lang = p->l,
		.path = p->path,
		.alt_path = p->path,
		.template_name = tmpl,
		.title = title,
		.description = description,
		.section = section,
		.crumbs = crumbs,
	};
}

static void add_page(const struct pg *p, const char *tmpl, const char *title,
		     const char *description, const char *section,
		     struct value *ctx, struct value *crumbs)
{
	struct page_spec spec = guide_spec(p, tmpl, title, description, section, crumbs);
	spec.ctx = ctx;
	site_add_page(p->s, &spec);
}

/* The GPUs a lazily built page is about (GPU pages: b unused). */
struct gpu_pair {
	size_t a, b;
};

/* Queue a page whose context is built when it is rendered: GPU and pair
 * pages grow with the number of GPUs (G and G^2), so their contexts and
 * charts are made one at a time, in the rendering thread's arena. */
static void add_lazy_page(const struct pg *p, const char *tmpl, const char *title,
			  const char *description, const char *section,
			  struct value *(*build)(struct site *, const struct page_spec *),
			  size_t a, size_t b, struct value *crumbs)
{
	struct gpu_pair *arg = arena_alloc(&p->s->arena, sizeof *arg);
	arg->a = a;
	arg->b = b;
	struct page_spec spec = guide_spec(p, tmpl, title, description, section, crumbs);
	spec.build = build;
	spec.arg = arg;
	site_add_page(p->s, &spec);
}

/* The chart's <figure> as HTML (an unknown chart is reported by the chart
 * module; the page then shows nothing there). */
static const char *chart_html(const struct pg *p, const struct chart_request *rq)
{
	struct buf b = BUF_INIT;
	struct chart_request here = *rq;
	here.page_path = p->path; /* the link to the standalone file */
	if (guide_chart_render(p->s, p->l, &here, &b, "gen/pages.c", 0, 0) != 0)
		buf_reset(&b);
	return keep(p, &b);
}

/* ---- cells ----
 * Most keys of a cell are the same in every cell of its kind (a figure, a
 * text, either one missing): those live once per build, in a map of the
 * kit, the parent (value_map_set_parent) of each cell of that kind, whose
 * own map holds only what differs: text and sort, why, and best, class and
 * badges once changed. A cell's lookups go through its parent, so templates
 * see every key as before, at a fraction of the cost. */

/* What pages.c keeps in s->pages_kit: made on first use, always while the
 * pages are planned (one thread), in the build arena; only read afterwards,
 * also by the threads that render. */
struct pages_kit {
	/* [numeric][missing]: every key of such a cell (text "") */
	struct value *proto[2][2];
	/* the comparison pages' shared parts per language (NULL when there
	 * are no such pages) */
	struct pair_lang *pairs[LANG_COUNT];
};

static struct pages_kit *kit_of(struct site *s);

static bool map_flag(const struct value *m, const char *key)
{
	return value_is_truthy(value_map_get(m, key));
}

/* Set `key` to a string that lives at least as long as the map (arena or
 * data text): no copy. */
static void set_text(const struct pg *p, struct value *m, const char *key,
		     const char *s)
{
	value_map_set(pg_arena(p), m, key, value_new_string_borrowed(pg_arena(p), s));
}

/* The class words of a cell with these flags ("num nodata", ...). */
static const char *cell_class(bool num, bool nodata, bool best)
{
	static const char *const words[2][2][2] = {
		{ { "", "best" }, { "nodata", "nodata best" } },
		{ { "num", "num best" }, { "num nodata", "num nodata best" } },
	};
	return words[num][nodata][best];
}

/* Set has_cls and cls from the cell's flags (unless its parent already
 * has them right). */
static void cell_update_class(const struct pg *p, struct value *c)
{
	const char *cls = cell_class(map_flag(c, "num"), map_flag(c, "nodata"),
				     map_flag(c, "best"));
	const struct value *now = value_map_get(c, "cls");
	if (now && now->type == VALUE_STRING && !strcmp(now->u.str.ptr, cls))
		return;
	value_map_set_bool(pg_arena(p), c, "has_cls", *cls != 0);
	set_text(p, c, "cls", cls);
}

/* A parent of cells: every key a cell of that kind has. */
static struct value *cell_proto(struct arena *a, bool numeric, bool missing)
{
	struct value *c = value_new_map(a);
	value_map_set_str(a, c, "text", "");
	value_map_set_bool(a, c, "num", numeric);
	/* missing figures sort last whatever the column type */
	value_map_set_bool(a, c, "has_sort", numeric || missing);
	value_map_set_str(a, c, "sort", "");
	value_map_set_bool(a, c, "nodata", missing);
	value_map_set_bool(a, c, "best", false);
	value_map_set_bool(a, c, "has_why", false);
	value_map_set_str(a, c, "why", "");
	value_map_set(a, c, "marks", value_new_list(a)); /* never pushed to */
	value_map_set_bool(a, c, "has_marks", false);
	const char *cls = cell_class(numeric, missing, false);
	value_map_set_bool(a, c, "has_cls", *cls != 0);
	value_map_set_str(a, c, "cls", cls);
	return c;
}

/* A new cell of a kind: an empty map over the kind's parent. */
static struct value *cell_of_kind(const struct pg *p, bool numeric, bool missing)
{
	struct value *c = value_new_map(pg_arena(p));
	value_map_set_parent(c, kit_of(p->s)->proto[numeric][missing]);
	return c;
}

/* A cell on top of `under`: changes to it leave `under` as it is (cells
 * shared by many pages are marked this way). */
static struct value *cell_on_top(const struct pg *p, const struct value *under)
{
	struct value *c = value_new_map(pg_arena(p));
	value_map_set_parent(c, under);
	return c;
}

/* A "no data" cell, with the reason when the key names one. */
static struct value *cell_missing(const struct pg *p, bool numeric, const char *why)
{
	struct value *c = cell_of_kind(p, numeric, true);
	set_text(p, c, "text", tr(p, "no_data"));
	if (why && i18n_has(&p->s->i18n, why)) {
		value_map_set_bool(pg_arena(p), c, "has_why", true);
		/* full-width brackets in Chinese need no space before them */
		set_text(p, c, "why", paren_text(p, tr(p, why)));
	}
	return c;
}

/* "no data (no rental price seen)" for a paragraph, in the page's language. */
static const char *nodata_text(const struct pg *p, const char *why)
{
	return fill(p, "why.nodata", "nodata", tr(p, "no_data"), "why", tr(p, why),
		    NULL);
}

enum fmt { FMT_NUMBER, FMT_USD, FMT_PER_HOUR, FMT_RATIO, FMT_UNIT };

static const char *fmt_value(const struct pg *p, double v, enum fmt k,
			     const char *unit)
{
	switch (k) {
	case FMT_USD: return fmt_usd(p, v);
	case FMT_PER_HOUR: return fmt_per_hour(p, v);
	case FMT_RATIO: return fmt_ratio(p, v);
	case FMT_UNIT: return fmt_unit(p, v, unit);
	case FMT_NUMBER: break;
	}
	return fmt_number(p, v);
}

/* A numeric cell: the formatted figure, or "no data" and why. */
static struct value *cell_figure(const struct pg *p, struct figure f, enum fmt k,
				 const char *unit)
{
	if (!figure_ok(f))
		return cell_missing(p, true, f.missing);
	struct value *c = cell_of_kind(p, true, false);
	set_text(p, c, "text", fmt_value(p, f.value, k, unit));
	set_text(p, c, "sort", sort_key(p, f.value));
	return c;
}

/* A text cell; empty text is "no data" (why: `why_key`). */
static struct value *cell_text(const struct pg *p, const char *text,
			       const char *why_key)
{
	if (!text || !*text)
		return cell_missing(p, false, why_key);
	struct value *c = cell_of_kind(p, false, false);
	set_text(p, c, "text", text);
	return c;
}

static void cell_set_text(const struct pg *p, struct value *c, const char *text)
{
	set_text(p, c, "text", text);
}

/* Add a badge ("cheapest", "fastest", "better"): `fast` picks its colour.
 * The cell gets a list of its own: the one it has may be its parent's. */
static void cell_mark(const struct pg *p, struct value *c, const char *label_key,
		      bool fast)
{
	struct arena *a = pg_arena(p);
	struct value *m = value_new_map(a);
	set_text(p, m, "label", tr(p, label_key));
	value_map_set_bool(a, m, "fast", fast);
	const struct value *had = value_map_get(c, "marks");
	struct value *marks = value_new_list(a);
	for (size_t i = 0; i < value_list_len(had); i++)
		value_list_push(a, marks, had->u.list.items[i]);
	value_list_push(a, marks, m);
	value_map_set(a, c, "marks", marks);
	value_map_set_bool(a, c, "has_marks", true);
}

static void cell_set_best(const struct pg *p, struct value *c)
{
	value_map_set_bool(pg_arena(p), c, "best", true);
	cell_update_class(p, c);
}

/* Which of two figures is better: 1 for a, -1 for b, 0 when tied, when
 * either is missing, or when no direction is better. */
static int better_of(struct figure fa, struct figure fb, int direction)
{
	if (!direction || !figure_ok(fa) || !figure_ok(fb))
		return 0;
	double d = fa.value - fb.value;
	if (fabs(d) <= 1e-9 * fmax(fabs(fa.value), fabs(fb.value)))
		return 0;
	return (d > 0) == (direction > 0) ? 1 : -1;
}

/* The cell `c` marked as the winner of its row: a cell on top of it (the
 * cells of comparisons are shared by many pages). */
static struct value *cell_won(const struct pg *p, const struct value *c)
{
	struct value *won = cell_on_top(p, c);
	cell_set_best(p, won);
	cell_mark(p, won, "cmp.better", true);
	return won;
}

/* ---- GPU figures ---- */

/* A numeric spec column with its label, unit and which way is better. */
struct spec_field {
	const char *label; /* i18n key */
	const char *unit;  /* i18n unit key */
	size_t offset;     /* of a struct num inside struct gpu */
	int better;        /* +1 higher is better, -1 lower, 0 neither */
};

enum {
	SPEC_VRAM, SPEC_BANDWIDTH, SPEC_FP16, SPEC_FP32, SPEC_NVLINK, SPEC_PCIE,
	SPEC_TDP, SPEC_COUNT
};

static const struct spec_field spec_fields[SPEC_COUNT] = {
	[SPEC_VRAM] = { "gpu.vram", "unit.gb", offsetof(struct gpu, vram_gb), 1 },
	[SPEC_BANDWIDTH] = { "gpu.bandwidth", "unit.gbs",
			     offsetof(struct gpu, bandwidth_gbs), 1 },
	[SPEC_FP16] = { "gpu.fp16", "unit.tflops", offsetof(struct gpu, fp16_tflops), 1 },
	[SPEC_FP32] = { "gpu.fp32", "unit.tflops", offsetof(struct gpu, fp32_tflops), 1 },
	[SPEC_NVLINK] = { "gpu.nvlink", "unit.gbs", offsetof(struct gpu, nvlink_gbs), 1 },
	[SPEC_PCIE] = { "gpu.pcie", "unit.gbs", offsetof(struct gpu, pcie_gbs), 1 },
	[SPEC_TDP] = { "gpu.tdp", "unit.w", offsetof(struct gpu, tdp_w), -1 },
};

static struct figure spec_figure(const struct gpu *g, int field)
{
	const struct num *n =
		(const struct num *)(const void *)((const char *)g +
						   spec_fields[field].offset);
	return figure_of(*n, "why.not_stated");
}

static struct value *spec_cell(const struct pg *p, const struct gpu *g, int field)
{
	struct figure f = spec_figure(g, field);
	struct value *c = cell_figure(p, f, FMT_UNIT, spec_fields[field].unit);
	/* NVLink 0 is what a source says when there is none */
	if (field == SPEC_NVLINK && figure_ok(f) && f.value == 0)
		cell_set_text(p, c, tr(p, "gpu.nvlink_none"));
	return c;
}

static struct figure list_price_figure(const struct gpu *g)
{
	return figure_of(g->price_usd_min, "why.no_list_price");
}

/* The list price: one figure or a min–max range. */
static struct value *list_price_cell(const struct pg *p, const struct gpu *g)
{
	struct value *c = cell_figure(p, list_price_figure(g), FMT_USD, NULL);
	if (g->price_usd_min.ok && g->price_usd_max.ok)
		cell_set_text(p, c, fmt_usd_range(p, g->price_usd_min.v,
						  g->price_usd_max.v, NULL));
	return c;
}

static struct figure rent_figure(const struct pg *p, size_t g)
{
	return p->s->metrics.prices[g].lowest;
}

static const char *segment_text(const struct pg *p, const struct gpu *g)
{
	if (!g->segment || !*g->segment)
		return "";
	return tr(p, arena_printf(pg_arena(p), "gpu.segment_%s", g->segment));
}

static const char *fp8_text(const struct pg *p, const struct gpu *g)
{
	return g->fp8 == 1 ? tr(p, "gpu.yes") : g->fp8 == 0 ? tr(p, "gpu.no") : "";
}

/* The GPU's speed on a relative-speed benchmark, against the baseline. */
static struct figure relative_speed(const struct pg *p, size_t b, size_t g)
{
	long base = p->s->metrics.baseline_gpu;
	if (base < 0)
		return metrics_result(&p->s->data, b, g);
	return metrics_speed_ratio(&p->s->data, b, g, (size_t)base);
}

static bool is_kind(const struct benchmark *b, const char *kind)
{
	return b->kind && !strcmp(b->kind, kind);
}

static bool is_inference(const struct benchmark *b)
{
	return b->kind && !strncmp(b->kind, "inference-", 10);
}

/* The mean relative speed over the relative-speed benchmarks it has. */
static struct figure mean_relative_speed(const struct pg *p, size_t g)
{
	double sum = 0;
	size_t n = 0;
	for (size_t b = 0; b < p->s->data.nbenchmarks; b++) {
		if (!is_kind(&p->s->data.benchmarks[b], "relative-speed"))
			continue;
		struct figure f = relative_speed(p, b, g);
		if (figure_ok(f)) {
			sum += f.value;
			n++;
		}
	}
	if (!n)
		return (struct figure){ 0, "why.no_result" };
	return (struct figure){ sum / (double)n, NULL };
}

/* ---- the GPU index ---- */

static void plan_gpu_index(struct site *s, enum lang l)
{
	struct pg pp = { s, l, "gpus/", NULL }, *p = &pp;
	struct arena *a = &s->arena;
	struct value *rows = value_new_list(a);
	for (size_t g = 0; g < s->data.ngpus; g++) {
		const struct gpu *gp = &s->data.gpus[g];
		struct value *r = gpu_link(p, g);
		value_map_set(a, r, "segment", cell_text(p, segment_text(p, gp),
							 "why.not_stated"));
		value_map_set(a, r, "vram", spec_cell(p, gp, SPEC_VRAM));
		value_map_set(a, r, "memory", cell_text(p, gp->memory_type,
							"why.not_stated"));
		value_map_set(a, r, "bandwidth", spec_cell(p, gp, SPEC_BANDWIDTH));
		value_map_set(a, r, "fp16", spec_cell(p, gp, SPEC_FP16));
		value_map_set(a, r, "tdp", spec_cell(p, gp, SPEC_TDP));
		value_map_set(a, r, "rent", cell_figure(p, rent_figure(p, g),
							FMT_PER_HOUR, NULL));
		value_map_set(a, r, "list", list_price_cell(p, gp));
		value_list_push(a, rows, r);
	}
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "gpus", rows);
	value_map_set_str(a, ctx, "chart", chart_html(p, &(struct chart_request){
		.name = "relative-speed" }));
	add_page(p, "pages/gpus", tr(p, "gpu.index_title"), tr(p, "gpu.index_desc"),
		 "gpus", ctx, crumbs_for(p, NULL, NULL));
}

/* ---- one GPU ---- */

static struct value *spec_row(const struct pg *p, const char *label,
			      struct value *cell)
{
	struct value *m = value_new_map(pg_arena(p));
	value_map_set_str(pg_arena(p), m, "label", label);
	value_map_set(pg_arena(p), m, "cell", cell);
	return m;
}

static bool is_known_gpu_column(const char *col)
{
	static const char *const known[] = {
		"id", "name", "segment", "vram_gb", "memory_type", "bandwidth_gbs",
		"fp16_tflops", "fp32_tflops", "tensor_core_gen", "fp8", "nvlink_gbs",
		"pcie_gbs", "tdp_w", "price_usd_min", "price_usd_max", "source", NULL
	};
	for (size_t i = 0; known[i]; i++)
		if (!strcmp(known[i], col))
			return true;
	return false;
}

/* Columns of gpus.csv beyond the schema, as a map base name -> text (a
 * column "x_en"/"x_zh" gives "x" in the page's language). Those other than
 * "notes" also become spec rows, labelled by "gpu.col_<name>" when that UI
 * string exists. */
static struct value *gpu_extra(const struct pg *p, const struct gpu *g,
			       struct value *rows)
{
	struct arena *a = pg_arena(p);
	const struct table *t = &p->s->data.tables[TABLE_GPUS];
	struct value *extra = value_new_map(a);
	for (size_t c = 0; c < t->ncols; c++) {
		const char *col = t->cols[c];
		if (is_known_gpu_column(col))
			continue;
		size_t len = strlen(col);
		const char *base = col;
		if (len > 3 && col[len - 3] == '_' && lang_from_code(col + len - 2) >= 0) {
			if (strcmp(col + len - 2, lang_code(p->l)))
				continue;
			base = arena_strndup(a, col, len - 3);
		}
		const char *text = g->row < t->nrows ? t->rows[g->row][c] : "";
		value_map_set_str(a, extra, base, text);
		if (!strcmp(base, "notes"))
			continue;
		const char *key = arena_printf(a, "gpu.col_%s", base);
		value_list_push(a, rows, spec_row(p, i18n_has(&p->s->i18n, key)
						      ? tr(p, key) : base,
						  cell_text(p, text, "why.not_stated")));
	}
	return extra;
}

static struct value *gpu_specs(const struct pg *p, size_t g, struct value **extra)
{
	struct arena *a = pg_arena(p);
	const struct gpu *gp = &p->s->data.gpus[g];
	struct value *rows = value_new_list(a);
	value_list_push(a, rows, spec_row(p, tr(p, "gpu.segment"),
					  cell_text(p, segment_text(p, gp),
						    "why.not_stated")));
	*extra = gpu_extra(p, gp, rows);
	value_list_push(a, rows, spec_row(p, tr(p, "gpu.vram"),
					  spec_cell(p, gp, SPEC_VRAM)));
	value_list_push(a, rows, spec_row(p, tr(p, "gpu.memory"),
					  cell_text(p, gp->memory_type,
						    "why.not_stated")));
	for (int f = SPEC_BANDWIDTH; f < SPEC_COUNT; f++) {
		if (f == SPEC_NVLINK) {
			value_list_push(a, rows, spec_row(p, tr(p, "gpu.tensor_gen"),
							  cell_text(p, gp->tensor_core_gen,
								    "why.not_stated")));
			value_list_push(a, rows, spec_row(p, tr(p, "gpu.fp8"),
							  cell_text(p, fp8_text(p, gp),
								    "why.not_stated")));
		}
		value_list_push(a, rows, spec_row(p, tr(p, spec_fields[f].label),
						  spec_cell(p, gp, f)));
	}
	value_list_push(a, rows, spec_row(p, tr(p, "gpu.list_price"),
					  list_price_cell(p, gp)));
	value_list_push(a, rows, spec_row(p, tr(p, "gpu.rent"),
					  cell_figure(p, rent_figure(p, g),
						      FMT_PER_HOUR, NULL)));
	const struct gpu_prices *pr = &p->s->metrics.prices[g];
	struct value *range = cell_figure(p, pr->low, FMT_PER_HOUR, NULL);
	if (figure_ok(pr->low) && figure_ok(pr->high))
		cell_set_text(p, range, fmt_usd_range(p, pr->low.value, pr->high.value,
						      "unit.per_hour"));
	value_list_push(a, rows, spec_row(p, tr(p, "gpu.rent_range"), range));
	return rows;
}

static const char *price_kind_text(const struct pg *p, const char *kind)
{
	char *key = arena_printf(pg_arena(p), "price.%s", kind ? kind : "");
	for (char *c = key; *c; c++)
		if (*c == '-')
			*c = '_';
	return tr(p, key);
}

static struct value *gpu_prices(const struct pg *p, size_t g)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->s->data;
	struct value *rows = value_new_list(a);
	long lowest = p->s->metrics.prices[g].lowest_row;
	for (size_t i = 0; i < d->nprices; i++) {
		const struct price *pr = &d->prices[i];
		if (pr->gpu != g)
			continue;
		struct value *r = value_new_map(a);
		value_map_set_str(a, r, "provider", pr->provider);
		value_map_set_str(a, r, "kind", price_kind_text(p, pr->kind));
		struct value *c = cell_figure(p, (struct figure){ pr->usd_per_hour, NULL },
					      FMT_PER_HOUR, NULL);
		if ((long)i == lowest)
			cell_mark(p, c, "gpu.default_price", false);
		value_map_set(a, r, "price", c);
		struct value *date = cell_text(p, "", "why.no_date");
		if (pr->as_of && *pr->as_of) {
			struct buf b = BUF_INIT;
			i18n_format_date(&b, pr->as_of, p->l);
			date = cell_text(p, keep(p, &b), NULL);
			value_map_set_str(a, date, "sort", pr->as_of);
			value_map_set_bool(a, date, "has_sort", true);
		}
		value_map_set(a, r, "date", date);
		value_map_set_str(a, r, "source", source_titles(p, pr->source));
		const char *note = raw_cell_lang(p, TABLE_PRICES, pr->row, "note");
		if (!*note)
			note = raw_cell(p, TABLE_PRICES, pr->row, "note");
		value_map_set_str(a, r, "note", note);
		value_list_push(a, rows, r);
	}
	return rows;
}

/* The note of a row: note_<lang>, note_en or note. */
static const char *row_note(const struct pg *p, enum data_table_id t, size_t row)
{
	const char *note = raw_cell_lang(p, t, row, "note");
	return *note ? note : raw_cell(p, t, row, "note");
}

/* The conditions a result was measured under, in the page's language. */
static const char *result_conditions(const struct pg *p, size_t row)
{
	return raw_cell_lang(p, TABLE_RESULTS, row, "conditions");
}

/* Relative speed per workload (with speed per dollar), and every other
 * benchmark's result. */
static void gpu_results(const struct pg *p, size_t g, struct value *ctx)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->s->data;
	struct value *rel = value_new_list(a), *other = value_new_list(a);
	for (size_t b = 0; b < d->nbenchmarks; b++) {
		const struct benchmark *bm = &d->benchmarks[b];
		struct value *r = value_new_map(a);
		long row = data_result_row(d, b, g);
		value_map_set_str(a, r, "name", bench_name(p, bm));
		value_map_set_str(a, r, "source", row >= 0
				  ? source_titles(p, d->results[row].source) : "");
		value_map_set_str(a, r, "note", row >= 0
				  ? result_conditions(p, d->results[row].row) : "");
		if (is_kind(bm, "relative-speed")) {
			struct figure f = relative_speed(p, b, g);
			value_map_set(a, r, "speed", cell_figure(p, f, FMT_RATIO, NULL));
			value_map_set(a, r, "per_dollar",
				      cell_figure(p, metric_speed_per_dollar(f, rent_figure(p, g)),
						  FMT_NUMBER, NULL));
			value_list_push(a, rel, r);
			continue;
		}
		value_map_set(a, r, "value", cell_figure(p, metrics_result(d, b, g),
							 FMT_UNIT, bench_unit_key(p, bm)));
		value_map_set_str(a, r, "better", tr(p, bm->higher_is_better
						       ? "gpu.higher_better"
						       : "gpu.lower_better"));
		value_list_push(a, other, r);
	}
	value_map_set(a, ctx, "rel", rel);
	value_map_set_bool(a, ctx, "has_rel", value_list_len(rel) > 0);
	value_map_set(a, ctx, "results", other);
	value_map_set_bool(a, ctx, "has_results", value_list_len(other) > 0);
	long base = p->s->metrics.baseline_gpu;
	value_map_set_str(a, ctx, "baseline",
			  base >= 0 ? d->gpus[base].name : tr(p, "no_data"));
}

/* "3 h" or "25 min" when the source gave minutes. */
static const char *hours_text(const struct pg *p, const struct task_cost *c)
{
	if (c->time_row >= 0) {
		const struct task_time *tt = &p->s->data.task_times[c->time_row];
		const char *min = raw_cell(p, TABLE_TASK_TIMES, tt->row, "minutes");
		if (*min)
			return fmt_unit(p, strtod(min, NULL), "unit.min");
	}
	return fmt_unit(p, c->hours.value, "unit.h");
}

/* "3 h", or "4–8 h" for a range. */
static const char *hours_range_text(const struct pg *p, const struct task_cost *c)
{
	if (!figure_ok(c->hours_max))
		return hours_text(p, c);
	return fill(p, "task.hours_range", "low", fmt_number(p, c->hours.value),
		    "high", fmt_unit(p, c->hours_max.value, "unit.h"), NULL);
}

static struct value *hours_cell(const struct pg *p, const struct task_cost *c)
{
	struct value *cell = cell_figure(p, c->hours, FMT_UNIT, "unit.h");
	if (!figure_ok(c->hours))
		return cell;
	cell_set_text(p, cell, hours_range_text(p, c));
	if (c->fastest)
		cell_mark(p, cell, "task.fastest", true);
	return cell;
}

/* "$1.17", or "$1.76–$3.52" when the time is a range. */
static const char *cost_text(const struct pg *p, const struct task_cost *c)
{
	return fmt_usd_range(p, c->cost.value, figure_ok(c->cost_max)
			     ? c->cost_max.value : c->cost.value, NULL);
}

static struct value *cost_cell(const struct pg *p, const struct task_cost *c)
{
	struct value *cell = cell_figure(p, c->cost, FMT_USD, NULL);
	if (!figure_ok(c->cost))
		return cell;
	cell_set_text(p, cell, cost_text(p, c));
	if (c->cheapest)
		cell_mark(p, cell, "task.cheapest", false);
	return cell;
}

/* Who quotes a price: the provider, or "provider not named". */
static const char *quote_provider(const struct pg *p, const struct price *q)
{
	return *q->provider ? q->provider : tr(p, "quote.no_provider");
}

/* The quote a cost is priced at, in words: "provider not named, How to
 * choose… (4 cards, $7.56/h in total)", and why this quote when it is not
 * one of the time's own source. */
static const char *quote_text(const struct pg *p, long row, enum quote_choice why)
{
	if (row < 0)
		return "";
	const struct price *q = &p->s->data.prices[row];
	const char *cards = "";
	if (q->cards > 1)
		cards = fill(p, "quote.for_cards", "cards", fmt_number(p, q->cards),
			     "total", fmt_per_hour(p, q->total.ok ? q->total.v
						   : q->cards * q->usd_per_hour), NULL);
	const char *text = fill(p, "quote.text", "provider", quote_provider(p, q),
				"source", source_titles(p, q->source), "cards", cards,
				NULL);
	if (why == QUOTE_LOWEST)
		text = fill(p, "quote.lowest", "quote", text, NULL);
	return text;
}

/* The cost a source states for this job ("about $545"), or "". */
static const char *stated_text(const struct pg *p, long stated)
{
	if (stated < 0)
		return "";
	const struct stated_cost *sc = &p->s->data.stated_costs[stated];
	const char *v = fmt_usd_range(p, sc->usd, sc->usd_max.ok ? sc->usd_max.v
				      : sc->usd, NULL);
	return sc->approx ? fill(p, "stated.about", "x", v, NULL) : v;
}

/* The stated cost beside the computed one, marked when they differ beyond
 * the stated figure's rounding. */
static struct value *stated_cell(const struct pg *p, long stated)
{
	struct value *cell = cell_text(p, stated_text(p, stated), "why.not_stated");
	if (stated < 0)
		return cell;
	const struct stated_check *k = &p->s->metrics.checks[stated];
	if (figure_ok(k->computed))
		cell_mark(p, cell, k->agrees ? "stated.agrees" : "stated.differs",
			  k->agrees);
	return cell;
}

static struct value *gpu_tasks(const struct pg *p, size_t g)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->s->data;
	struct value *rows = value_new_list(a);
	for (size_t t = 0; t < d->ntasks; t++) {
		const struct task_cost *c = metrics_task_cost(d, &p->s->metrics, t, g);
		if (!c)
			continue;
		struct value *r = value_new_map(a);
		value_map_set_str(a, r, "name", task_name(p, t));
		value_map_set_str(a, r, "href", href_to(p, task_path(p, t)));
		value_map_set(a, r, "hours", hours_cell(p, c));
		value_map_set_str(a, r, "cards", c->time_row < 0 ? ""
				  : fmt_number(p, c->gpu_count));
		value_map_set(a, r, "cost", cost_cell(p, c));
		value_map_set_str(a, r, "quote", quote_text(p, c->quote_row, c->choice));
		value_list_push(a, rows, r);
	}
	return rows;
}

static struct value *figure_row(const struct pg *p, const char *label_key,
				const char *how_key, struct value *cell)
{
	struct value *m = spec_row(p, tr(p, label_key), cell);
	value_map_set_str(pg_arena(p), m, "how", tr(p, how_key));
	return m;
}

static struct value *gpu_efficiency(const struct pg *p, size_t g)
{
	struct arena *a = pg_arena(p);
	const struct gpu *gp = &p->s->data.gpus[g];
	struct figure fp16 = spec_figure(gp, SPEC_FP16);
	struct figure rent = rent_figure(p, g);
	struct value *rows = value_new_list(a);
	value_list_push(a, rows, figure_row(p, "gpu.eff_tflops_w", "gpu.eff_tflops_w_how",
		cell_figure(p, metric_tflops_per_watt(fp16, spec_figure(gp, SPEC_TDP)),
			    FMT_UNIT, "unit.tflops_per_w")));
	value_list_push(a, rows, figure_row(p, "gpu.eff_tflops_kusd", "gpu.eff_tflops_kusd_how",
		cell_figure(p, metric_tflops_per_kusd(fp16, list_price_figure(gp)),
			    FMT_UNIT, "unit.tflops_per_kusd")));
	value_list_push(a, rows, figure_row(p, "gpu.eff_break_even", "gpu.eff_break_even_how",
		cell_figure(p, metric_break_even_hours(list_price_figure(gp), rent),
			    FMT_UNIT, "unit.h")));
	value_list_push(a, rows, figure_row(p, "gpu.eff_speed_dollar", "gpu.eff_speed_dollar_how",
		cell_figure(p, metric_speed_per_dollar(mean_relative_speed(p, g), rent),
			    FMT_UNIT, "unit.speed_per_usd")));
	return rows;
}

static const char *const role_keys[3] = { "uc.budget", "uc.recommended", "uc.fastest" };
static const char *const role_cols[3] = { "budget", "recommended", "fastest" };

static long use_case_pick(const struct use_case *u, int role)
{
	return role == 0 ? u->budget : role == 1 ? u->recommended : u->fastest;
}

static const char *use_case_note(const struct pg *p, const struct use_case *u,
				 int role)
{
	return raw_cell_lang(p, TABLE_USE_CASES, u->row,
			     arena_printf(pg_arena(p), "%s_note", role_cols[role]));
}

static struct value *gpu_use_cases(const struct pg *p, size_t g)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->s->data;
	struct value *rows = value_new_list(a);
	for (size_t i = 0; i < d->nuse_cases; i++) {
		const struct use_case *u = &d->use_cases[i];
		for (int role = 0; role < 3; role++) {
			if (use_case_pick(u, role) != (long)g)
				continue;
			struct value *r = value_new_map(a);
			value_map_set_str(a, r, "name", pick_lang(p, u->name_en, u->name_zh));
			value_map_set_str(a, r, "href", href_to(p, arena_printf(
				a, "use-cases/#%s", u->id)));
			value_map_set_str(a, r, "role", tr(p, role_keys[role]));
			const char *note = use_case_note(p, u, role);
			value_map_set_str(a, r, "note", note);
			value_map_set_str(a, r, "note_paren", paren_text(p, note));
			value_map_set_bool(a, r, "has_note", *note != 0);
			value_list_push(a, rows, r);
		}
	}
	return rows;
}

static const char *pair_title(const struct pg *p, size_t x, size_t y)
{
	size_t a = x < y ? x : y, b = x < y ? y : x;
	return fill(p, "cmp.page_title", "a", p->s->data.gpus[a].name,
		    "b", p->s->data.gpus[b].name, NULL);
}

static struct value *gpu_pairs(const struct pg *p, size_t g)
{
	struct arena *a = pg_arena(p);
	struct value *rows = value_new_list(a);
	for (size_t h = 0; h < p->s->data.ngpus; h++) {
		if (h == g)
			continue;
		struct value *r = value_new_map(a);
		value_map_set_str(a, r, "name", pair_title(p, g, h));
		value_map_set_str(a, r, "href", href_to(p, pair_path(p, g, h)));
		value_list_push(a, rows, r);
	}
	return rows;
}

static struct value *build_gpu_page(struct site *s, const struct page_spec *spec)
{
	size_t g = ((const struct gpu_pair *)spec->arg)->a;
	const struct gpu *gp = &s->data.gpus[g];
	struct buf scratch = BUF_INIT;
	struct pg pp = { s, spec->lang, spec->path, &scratch }, *p = &pp;
	struct arena *a = &s->arena;
	struct value *ctx = value_new_map(a), *extra = NULL;
	value_map_set(a, ctx, "gpu", gpu_link(p, g));
	value_map_set(a, ctx, "specs", gpu_specs(p, g, &extra));
	value_map_set(a, ctx, "extra", extra);
	const char *notes = raw_cell_lang(p, TABLE_GPUS, gp->row, "notes");
	value_map_set_str(a, ctx, "notes", notes);
	value_map_set_bool(a, ctx, "has_notes", *notes != 0);
	value_map_set_str(a, ctx, "gpu_sources", source_titles(p, gp->source));

	struct value *prices = gpu_prices(p, g);
	value_map_set(a, ctx, "prices", prices);
	value_map_set_bool(a, ctx, "has_prices", value_list_len(prices) > 0);
	value_map_set_str(a, ctx, "no_prices", nodata_text(p, "why.no_price"));
	gpu_results(p, g, ctx);
	value_map_set(a, ctx, "tasks", gpu_tasks(p, g));
	value_map_set_bool(a, ctx, "has_tasks", s->data.ntasks > 0);
	value_map_set(a, ctx, "efficiency", gpu_efficiency(p, g));
	struct value *uses = gpu_use_cases(p, g);
	value_map_set(a, ctx, "uses", uses);
	value_map_set_bool(a, ctx, "has_uses", value_list_len(uses) > 0);
	struct value *pairs = gpu_pairs(p, g);
	value_map_set(a, ctx, "pairs", pairs);
	value_map_set_bool(a, ctx, "has_pairs", value_list_len(pairs) > 0);
	value_map_set_str(a, ctx, "chart", chart_html(p, &(struct chart_request){
		.name = "gpu", .gpu = gp->id, .page_path = p->path }));
	buf_release(&scratch);
	return ctx;
}

static void plan_gpu_page(struct site *s, enum lang l, size_t g)
{
	const struct gpu *gp = &s->data.gpus[g];
	struct pg pp = { s, l, NULL, NULL }, *p = &pp;
	pp.path = gpu_path(p, g);
	add_lazy_page(p, "pages/gpu", fill(p, "gpu.page_title", "name", gp->name, NULL),
		      fill(p, "gpu.page_desc", "name", gp->name, NULL), "gpus",
		      build_gpu_page, g, 0, crumbs_for(p, "nav.gpus", "gpus/"));
}

/* ---- comparisons ----
 * A GPU is on G - 1 comparison pages per language, and most of what such a
 * page shows about it does not depend on the other GPU: its link, the cells
 * of its specs, results, task hours and costs, the notes of its results.
 * Those are made once per GPU and language, in the kit (pair_lang), and
 * shared by its pages, each with its winner's version (cell_won) for the
 * pages where it wins. */

/* The rows of a comparison's spec table, in order. */
enum pair_row {
	PAIR_SEGMENT, PAIR_VRAM, PAIR_MEMORY, PAIR_BANDWIDTH, PAIR_FP16,
	PAIR_FP32, PAIR_TENSOR, PAIR_FP8, PAIR_NVLINK, PAIR_PCIE, PAIR_TDP,
	PAIR_LIST_PRICE, PAIR_RENT, PAIR_ROWS
};

/* The spec field shown in a row, or -1. */
static int pair_row_field(enum pair_row r)
{
	static const int fields[PAIR_ROWS] = {
		[PAIR_SEGMENT] = -1, [PAIR_VRAM] = SPEC_VRAM, [PAIR_MEMORY] = -1,
		[PAIR_BANDWIDTH] = SPEC_BANDWIDTH, [PAIR_FP16] = SPEC_FP16,
		[PAIR_FP32] = SPEC_FP32, [PAIR_TENSOR] = -1, [PAIR_FP8] = -1,
		[PAIR_NVLINK] = SPEC_NVLINK, [PAIR_PCIE] = SPEC_PCIE,
		[PAIR_TDP] = SPEC_TDP, [PAIR_LIST_PRICE] = -1, [PAIR_RENT] = -1,
	};
	return fields[r];
}

/* The i18n key of a row's label. */
static const char *pair_row_label(enum pair_row r)
{
	static const char *const labels[PAIR_ROWS] = {
		[PAIR_SEGMENT] = "gpu.segment", [PAIR_MEMORY] = "gpu.memory",
		[PAIR_TENSOR] = "gpu.tensor_gen", [PAIR_FP8] = "gpu.fp8",
		[PAIR_LIST_PRICE] = "gpu.list_price", [PAIR_RENT] = "gpu.rent",
	};
	int f = pair_row_field(r);
	return f >= 0 ? spec_fields[f].label : labels[r];
}

/* The cell of GPU g in a row. */
static struct value *pair_row_cell(const struct pg *p, size_t g, enum pair_row r)
{
	const struct gpu *x = &p->s->data.gpus[g];
	int f = pair_row_field(r);
	if (f >= 0)
		return spec_cell(p, x, f);
	switch (r) {
	case PAIR_SEGMENT: return cell_text(p, segment_text(p, x), "why.not_stated");
	case PAIR_MEMORY: return cell_text(p, x->memory_type, "why.not_stated");
	case PAIR_TENSOR: return cell_text(p, x->tensor_core_gen, "why.not_stated");
	case PAIR_FP8: return cell_text(p, fp8_text(p, x), "why.not_stated");
	case PAIR_LIST_PRICE: return list_price_cell(p, x);
	default: break;
	}
	return cell_figure(p, rent_figure(p, g), FMT_PER_HOUR, NULL);
}

/* The figure of GPU g that decides a row, and which way is better (0 for
 * rows of text, which have no winner). */
static int pair_row_figure(const struct pg *p, size_t g, enum pair_row r,
			   struct figure *f)
{
	const struct gpu *x = &p->s->data.gpus[g];
	int field = pair_row_field(r);
	if (field >= 0) {
		*f = spec_figure(x, field);
		return spec_fields[field].better;
	}
	if (r == PAIR_LIST_PRICE) {
		*f = list_price_figure(x);
		return -1;
	}
	if (r == PAIR_RENT) {
		*f = rent_figure(p, g);
		return -1;
	}
	return 0;
}

/* Why a comparison's ratio may be missing: those cells are shared too. */
static const char *const pair_ratio_whys[] = {
	"why.no_result", "why.no_baseline", "why.zero", "why.no_price", "why.no_hours",
};
#define PAIR_RATIO_WHYS (sizeof pair_ratio_whys / sizeof pair_ratio_whys[0])

/* A GPU's cell in a row of its comparisons, and the same marked as the
 * row's winner (NULL when it cannot win: text, or no figure). */
struct pair_cell {
	struct value *cell, *won;
};

/* One GPU's part of every comparison page it is on, in one language. */
struct pair_side {
	struct value *link;                /* {id, name, href} */
	struct pair_cell spec[PAIR_ROWS];  /* its cells in the spec table */
	struct pair_cell *result;          /* [nbenchmarks] */
	const char **note;                 /* [nbenchmarks]: "name: note", or "" */
	struct pair_cell *hours, *cost;    /* [ntasks], NULL without task costs */
};

/* True when marking `c` the winner gives it the keys of any other such
 * cell marked (won_keys): a figure, no mark yet. */
static bool cell_wins_plainly(const struct value *c)
{
	return map_flag(c, "num") && !map_flag(c, "nodata") && !map_flag(c, "best") &&
	       !map_flag(c, "has_marks");
}

/* `cell` marked as the winner, sharing the values of the keys that adds
 * with `won_keys` (a cell so marked, see cell_won) when it can. */
static struct value *pair_won(const struct pg *p, const struct value *cell,
			      const struct value *won_keys)
{
	if (!cell_wins_plainly(cell))
		return cell_won(p, cell);
	struct value *won = cell_on_top(p, cell);
	for (size_t i = 0; i < won_keys->u.map.len; i++)
		value_map_set(pg_arena(p), won, won_keys->u.map.entries[i].key,
			      won_keys->u.map.entries[i].val);
	return won;
}

/* A pair_cell of `cell`, which wins when its figure f does in a row where
 * `direction` is better (0: no winner). */
static struct pair_cell pair_cell_of(const struct pg *p, struct value *cell,
				     struct figure f, int direction,
				     const struct value *won_keys)
{
	struct pair_cell pc = { cell, NULL };
	if (direction && figure_ok(f))
		pc.won = pair_won(p, cell, won_keys);
	return pc;
}

/* The cells of a side-by-side row of two GPUs, the better one's marked. */
static void pair_pick(const struct pair_cell *a, const struct pair_cell *b,
		      struct figure fa, struct figure fb, int direction,
		      struct value **ca, struct value **cb)
{
	int w = better_of(fa, fb, direction); /* a winner's figure is there */
	*ca = w > 0 ? a->won : a->cell;
	*cb = w < 0 ? b->won : b->cell;
}

/* The shared parts of the comparison pages of one language. Links are made
 * for a page at compare/<a>-vs-<b>/: every comparison page is at that
 * depth, which is all a link from it depends on. */
struct pair_lang {
	struct pair_side *side;         /* [ngpus] */
	const char **task_href;         /* [ntasks] */
	const char *no_bench, *no_tasks;
	struct value *no_ratio[PAIR_RATIO_WHYS]; /* cells of missing ratios */
};

static const char *row_note(const struct pg *p, enum data_table_id t, size_t row);
static const char *result_conditions(const struct pg *p, size_t row);
static const char *hours_text(const struct pg *p, const struct task_cost *c);
static const char *hours_range_text(const struct pg *p, const struct task_cost *c);
static const char *cost_text(const struct pg *p, const struct task_cost *c);
static const char *nodata_text(const struct pg *p, const char *why);

/* "A100 80GB: batch size 4": GPU g's note on its result of benchmark b,
 * as a comparison lists it, or "" when there is none. */
static const char *pair_note(const struct pg *p, size_t b, size_t g)
{
	const struct data *d = &p->s->data;
	long row = data_result_row(d, b, g);
	const char *note = row >= 0 ? result_conditions(p, d->results[row].row)
				    : "";
	if (!*note)
		return "";
	return arena_printf(pg_arena(p), "%s%s%s", d->gpus[g].name,
			    tr(p, "list.colon"), note);
}

/* The task hours and costs of GPU g, as a comparison shows them. */
static void pair_side_tasks(const struct pg *p, size_t g,
			    const struct value *won_keys, struct pair_side *sd)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->s->data;
	if (!metrics_task_cost(d, &p->s->metrics, 0, g))
		return;
	sd->hours = arena_alloc(a, d->ntasks * sizeof *sd->hours);
	sd->cost = arena_alloc(a, d->ntasks * sizeof *sd->cost);
	for (size_t t = 0; t < d->ntasks; t++) {
		const struct task_cost *c = metrics_task_cost(d, &p->s->metrics, t, g);
		struct value *hours = cell_figure(p, c->hours, FMT_UNIT, "unit.h");
		if (figure_ok(c->hours))
			cell_set_text(p, hours, hours_range_text(p, c));
		sd->hours[t] = pair_cell_of(p, hours, c->hours, -1, won_keys);
		struct value *cost = cell_figure(p, c->cost, FMT_USD, NULL);
		if (figure_ok(c->cost))
			cell_set_text(p, cost, cost_text(p, c));
		sd->cost[t] = pair_cell_of(p, cost, c->cost, -1, won_keys);
	}
}

/* Everything of GPU g that its comparison pages share; `units` are the
 * benchmarks' unit keys, `won_keys` what a winner's cell adds. */
static void pair_side_make(const struct pg *p, size_t g, const char *const *units,
			   const struct value *won_keys, struct pair_side *sd)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->s->data;
	sd->link = gpu_link(p, g);
	for (int i = 0; i < PAIR_ROWS; i++) {
		enum pair_row r = (enum pair_row)i;
		struct figure f = { 0, NULL };
		int better = pair_row_figure(p, g, r, &f);
		sd->spec[r] = pair_cell_of(p, pair_row_cell(p, g, r), f, better, won_keys);
	}
	size_t nb = d->nbenchmarks;
	sd->result = arena_alloc(a, (nb ? nb : 1) * sizeof *sd->result);
	sd->note = arena_alloc(a, (nb ? nb : 1) * sizeof *sd->note);
	for (size_t b = 0; b < nb; b++) {
		struct figure f = metrics_result(d, b, g);
		sd->result[b] = pair_cell_of(p, cell_figure(p, f, FMT_UNIT, units[b]), f,
					     d->benchmarks[b].higher_is_better ? 1 : -1,
					     won_keys);
		sd->note[b] = pair_note(p, b, g);
	}
	pair_side_tasks(p, g, won_keys, sd);
}

static const char *pair_path(const struct pg *p, size_t a, size_t b);

/* The shared parts of the comparison pages of language l (planning). */
static struct pair_lang *pair_lang_make(struct site *s, enum lang l)
{
	struct buf scratch = BUF_INIT;
	struct pg pp = { s, l, NULL, &scratch }, *p = &pp;
	struct arena *a = &s->arena;
	const struct data *d = &s->data;
	pp.path = pair_path(p, 0, 1);
	struct pair_lang *pl = arena_alloc(a, sizeof *pl);
	const char **units = arena_alloc(a, (d->nbenchmarks + 1) * sizeof *units);
	for (size_t b = 0; b < d->nbenchmarks; b++)
		units[b] = bench_unit_key(p, &d->benchmarks[b]);
	/* the keys marking a winner adds, made once: every winner's cell
	 * shares their values (their own map only points at them) */
	const struct value *won_keys = cell_won(p, cell_of_kind(p, true, false));
	pl->side = arena_alloc(a, d->ngpus * sizeof *pl->side);
	for (size_t g = 0; g < d->ngpus; g++)
		pair_side_make(p, g, units, won_keys, &pl->side[g]);
	pl->task_href = arena_alloc(a, (d->ntasks + 1) * sizeof *pl->task_href);
	for (size_t t = 0; t < d->ntasks; t++)
		pl->task_href[t] = href_to(p, task_path(p, t));
	pl->no_bench = nodata_text(p, "why.no_result");
	pl->no_tasks = nodata_text(p, "why.no_hours");
	for (size_t i = 0; i < PAIR_RATIO_WHYS; i++)
		pl->no_ratio[i] = cell_missing(p, true, pair_ratio_whys[i]);
	buf_release(&scratch);
	return pl;
}

/* The kit of the build, made on its first use (see struct pages_kit). */
static struct pages_kit *kit_of(struct site *s)
{
	if (s->pages_kit)
		return s->pages_kit;
	struct pages_kit *k = arena_alloc(&s->arena, sizeof *k);
	for (int numeric = 0; numeric < 2; numeric++)
		for (int missing = 0; missing < 2; missing++)
			k->proto[numeric][missing] = cell_proto(&s->arena, numeric, missing);
	s->pages_kit = k; /* before the comparison parts: they are made of cells */
	/* comparisons need two GPUs, and the metrics (absent when the build
	 * failed before planning) */
	if (s->data.ngpus >= 2 && s->metrics.prices)
		for (int l = 0; l < LANG_COUNT; l++)
			k->pairs[l] = pair_lang_make(s, (enum lang)l);
	return k;
}

/* The shared parts of the comparison pages in the page's language. */
static const struct pair_lang *pair_lang_of(const struct pg *p)
{
	return kit_of(p->s)->pairs[p->l];
}

/* The cell of a ratio of two figures of a comparison. */
static struct value *pair_ratio_cell(const struct pg *p, struct figure r)
{
	if (!figure_ok(r)) {
		const struct pair_lang *pl = pair_lang_of(p);
		for (size_t i = 0; i < PAIR_RATIO_WHYS; i++)
			if (!strcmp(r.missing, pair_ratio_whys[i]))
				return pl->no_ratio[i];
	}
	return cell_figure(p, r, FMT_RATIO, NULL);
}

static struct value *side_row(const struct pg *p, const char *label,
			      struct value *ca, struct value *cb)
{
	struct value *m = value_new_map(pg_arena(p));
	set_text(p, m, "label", label);
	value_map_set(pg_arena(p), m, "a", ca);
	value_map_set(pg_arena(p), m, "b", cb);
	return m;
}

static struct value *pair_specs(const struct pg *p, size_t ga, size_t gb)
{
	struct arena *a = pg_arena(p);
	const struct pair_lang *pl = pair_lang_of(p);
	struct value *rows = value_new_list(a);
	for (int i = 0; i < PAIR_ROWS; i++) {
		enum pair_row r = (enum pair_row)i;
		struct figure fa = { 0, NULL }, fb = { 0, NULL };
		int better = pair_row_figure(p, ga, r, &fa);
		pair_row_figure(p, gb, r, &fb);
		struct value *ca, *cb;
		pair_pick(&pl->side[ga].spec[r], &pl->side[gb].spec[r], fa, fb, better,
			  &ca, &cb);
		value_list_push(a, rows, side_row(p, tr(p, pair_row_label(r)), ca, cb));
	}
	return rows;
}

static struct value *verdict_line(const struct pg *p, const char *text)
{
	struct value *m = value_new_map(pg_arena(p));
	value_map_set_str(pg_arena(p), m, "text", text);
	return m;
}

/* The sentence saying which of two GPUs is faster on one benchmark, from
 * the speed of a relative to b (`r`, > 0). */
static const char *speed_sentence(const struct pg *p, const struct benchmark *bm,
				  const char *na, const char *nb, double r)
{
	const char *key = is_kind(bm, "training-efficiency") ? "cmp.more_efficient"
							     : "cmp.faster";
	if (fabs(r - 1.0) < 0.005)
		return fill(p, "cmp.same_speed", "a", na, "b", nb, "bench",
			    bench_name(p, bm), NULL);
	if (r < 1.0) {
		const char *t = na;
		na = nb;
		nb = t;
		r = 1.0 / r;
	}
	return fill(p, key, "a", na, "b", nb, "x", fmt_ratio_short(p, r), "bench",
		    bench_name(p, bm), NULL);
}

static const char *upper(const struct pg *p, const char *s);

/* "batch size 4" / "批量大小 4", or "" when the result states none. */
static const char *batch_text(const struct pg *p, const struct result *x)
{
	if (!x->batch_size)
		return tr(p, "cmp.batch_unstated");
	return fill(p, "cmp.batch", "n", fmt_number(p, x->batch_size), NULL);
}

/* Two results measured under different conditions: the per-sample speed
 * where batch sizes allow it, else no ratio, and the conditions named. */
static const char *unlike_sentence(const struct pg *p, const struct benchmark *bm,
				   const struct result *xa, const struct result *xb)
{
	const struct data *d = &p->s->data;
	const char *na = d->gpus[xa->gpu].name, *nb = d->gpus[xb->gpu].name;
	struct figure per = metrics_per_sample_ratio(d, xa, xb);
	if (!figure_ok(per) || per.value <= 0) {
		const char *ca = result_conditions(p, xa->row);
		const char *cb = result_conditions(p, xb->row);
		return fill(p, "cmp.unlike", "a", na, "b", nb, "bench", bench_name(p, bm),
			    "ca", *ca ? ca : tr(p, "cmp.conditions_unstated"),
			    "cb", *cb ? cb : tr(p, "cmp.conditions_unstated"), NULL);
	}
	const struct result *w = xa, *l = xb;
	if (per.value < 1.0) {
		w = xb;
		l = xa;
		per.value = 1.0 / per.value;
	}
	const char *unit = bench_unit_key(p, bm);
	return fill(p, "cmp.per_sample", "a", na, "b", nb, "bench", bench_name(p, bm),
		    "ba", batch_text(p, xa), "bb", batch_text(p, xb),
		    "w", d->gpus[w->gpu].name, "l", d->gpus[l->gpu].name,
		    "x", fmt_ratio_short(p, per.value),
		    "pw", fmt_unit(p, w->value / w->batch_size, unit),
		    "pl", fmt_unit(p, l->value / l->batch_size, unit), NULL);
}

/* For a benchmark of a model too big for one card: how many cards each of
 * the two GPUs needs to hold its weights; "" when both hold it. */
static const char *fit_sentence(const struct pg *p, const struct benchmark *bm,
				size_t ga, size_t gb)
{
	const struct data *d = &p->s->data;
	if (!bm->params_b.ok || !(is_kind(bm, "inference-throughput") ||
				  is_kind(bm, "inference-latency")))
		return "";
	long rule;
	struct figure need = metrics_model_vram(d, bm->params_b.v,
						METRICS_DEFAULT_PRECISION, &rule);
	struct figure na = metric_gpus_needed(need, spec_figure(&d->gpus[ga], SPEC_VRAM));
	struct figure nb = metric_gpus_needed(need, spec_figure(&d->gpus[gb], SPEC_VRAM));
	if ((!figure_ok(na) || na.value <= 1) && (!figure_ok(nb) || nb.value <= 1))
		return "";
	const char *cards_a = figure_ok(na) ? fmt_number(p, na.value) : tr(p, "no_data");
	const char *cards_b = figure_ok(nb) ? fmt_number(p, nb.value) : tr(p, "no_data");
	return fill(p, "cmp.fit_cards", "params", fmt_number(p, bm->params_b.v),
		    "need", fmt_unit(p, need.value, "unit.gb"),
		    "precision", upper(p, METRICS_DEFAULT_PRECISION),
		    "a", d->gpus[ga].name, "na", cards_a,
		    "b", d->gpus[gb].name, "nb", cards_b, NULL);
}

/* The notes of both GPUs' results on one benchmark ("A100 80GB: batch
 * size 4 · RTX 4090: batch size 1"), "" when neither has one. */
static const char *pair_result_notes(const struct pg *p, size_t b, size_t ga,
				     size_t gb)
{
	const struct pair_lang *pl = pair_lang_of(p);
	const char *na = pl->side[ga].note[b], *nb = pl->side[gb].note[b];
	if (!*na || !*nb)
		return *na ? na : nb;
	return arena_printf(pg_arena(p), "%s · %s", na, nb);
}

/* Speed per benchmark: a row per benchmark either GPU has a result for. */
static size_t pair_benchmarks(const struct pg *p, size_t ga, size_t gb,
			      struct value *rows, struct value *verdict,
			      const char **first)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->s->data;
	const struct pair_lang *pl = pair_lang_of(p);
	const char *na = d->gpus[ga].name, *nb = d->gpus[gb].name;
	size_t common = 0;
	for (size_t b = 0; b < d->nbenchmarks; b++) {
		const struct benchmark *bm = &d->benchmarks[b];
		struct figure fa = metrics_result(d, b, ga), fb = metrics_result(d, b, gb);
		if (!figure_ok(fa) && !figure_ok(fb))
			continue;
		struct value *ca, *cb;
		pair_pick(&pl->side[ga].result[b], &pl->side[gb].result[b], fa, fb,
			  bm->higher_is_better ? 1 : -1, &ca, &cb);
		struct figure r = metrics_speed_ratio(d, b, ga, gb);
		struct value *row = side_row(p, bench_name(p, bm), ca, cb);
		value_map_set(a, row, "ratio", pair_ratio_cell(p, r));
		set_text(p, row, "better", tr(p, bm->higher_is_better
					       ? "gpu.higher_better"
					       : "gpu.lower_better"));
		set_text(p, row, "note", pair_result_notes(p, b, ga, gb));
		value_list_push(a, rows, row);
		if (!figure_ok(r) || r.value <= 0)
			continue;
		const struct result *xa = &d->results[data_result_row(d, b, ga)];
		const struct result *xb = &d->results[data_result_row(d, b, gb)];
		const char *line = metrics_same_conditions(xa, xb)
			? speed_sentence(p, bm, na, nb, r.value)
			: unlike_sentence(p, bm, xa, xb);
		if (!metrics_same_conditions(xa, xb))
			value_map_set(a, row, "ratio", pair_ratio_cell(
				p, (struct figure){ 0, "why.unlike" }));
		if (!common++)
			*first = line;
		value_list_push(a, verdict, verdict_line(p, line));
		const char *fit = fit_sentence(p, bm, ga, gb);
		if (*fit)
			value_list_push(a, verdict, verdict_line(p, fit));
	}
	if (!common)
		value_list_push(a, verdict, verdict_line(
			p, fill(p, "cmp.no_bench", "a", na, "b", nb, NULL)));
	return common;
}

/* Which GPU runs task t for less. Costs with a range (a time range) are
 * stated side by side, without a percentage one range cannot give. */
static const char *cost_sentence(const struct pg *p, size_t t, const char *na,
				 const char *nb, const struct task_cost *xa,
				 const struct task_cost *xb)
{
	const char *task = task_name(p, t);
	if (figure_ok(xa->cost_max) || figure_ok(xb->cost_max))
		return fill(p, "cmp.cost_ranges", "a", na, "b", nb, "task", task,
			    "ca", cost_text(p, xa), "cb", cost_text(p, xb), NULL);
	double ca = xa->cost.value, cb = xb->cost.value;
	if (fabs(ca - cb) <= 0.005 * fmax(ca, cb))
		return fill(p, "cmp.same_cost", "a", na, "b", nb, "task", task,
			    "cost", fmt_usd(p, ca), NULL);
	if (ca > cb) {
		const char *n = na;
		na = nb;
		nb = n;
		double c = ca;
		ca = cb;
		cb = c;
	}
	return fill(p, "cmp.cheaper", "a", na, "b", nb, "task", task,
		    "pct", fmt_percent(p, (1.0 - ca / cb) * 100.0),
		    "ca", fmt_usd(p, ca), "cb", fmt_usd(p, cb), NULL);
}

/* Cost per task: a row per task either GPU has a time for. */
static void pair_tasks(const struct pg *p, size_t ga, size_t gb,
		       struct value *rows, struct value *verdict, const char **first)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->s->data;
	const struct pair_lang *pl = pair_lang_of(p);
	const struct pair_side *sa = &pl->side[ga], *sb = &pl->side[gb];
	const char *na = d->gpus[ga].name, *nb = d->gpus[gb].name;
	size_t both_times = 0;
	for (size_t t = 0; t < d->ntasks; t++) {
		const struct task_cost *ca = metrics_task_cost(d, &p->s->metrics, t, ga);
		const struct task_cost *cb = metrics_task_cost(d, &p->s->metrics, t, gb);
		if (!ca || !cb || (!figure_ok(ca->hours) && !figure_ok(cb->hours)))
			continue;
		struct value *r = value_new_map(a);
		set_text(p, r, "name", task_name(p, t));
		set_text(p, r, "href", pl->task_href[t]);
		struct value *ha, *hb, *xa, *xb;
		pair_pick(&sa->hours[t], &sb->hours[t], ca->hours, cb->hours, -1, &ha, &hb);
		pair_pick(&sa->cost[t], &sb->cost[t], ca->cost, cb->cost, -1, &xa, &xb);
		value_map_set(a, r, "a_hours", ha);
		value_map_set(a, r, "b_hours", hb);
		value_map_set(a, r, "a_cost", xa);
		value_map_set(a, r, "b_cost", xb);
		struct figure ratio = { 0, "why.no_price" };
		if (figure_ok(ca->cost) && figure_ok(cb->cost) && cb->cost.value > 0)
			ratio = (struct figure){ ca->cost.value / cb->cost.value, NULL };
		else if (!figure_ok(ca->hours) || !figure_ok(cb->hours))
			ratio.missing = "why.no_hours";
		value_map_set(a, r, "ratio", pair_ratio_cell(p, ratio));
		value_list_push(a, rows, r);
		if (figure_ok(ca->hours) && figure_ok(cb->hours))
			both_times++;
		if (figure_ok(ratio)) {
			const char *line = cost_sentence(p, t, na, nb, ca, cb);
			if (!**first)
				*first = line;
			value_list_push(a, verdict, verdict_line(p, line));
		}
	}
	if (!both_times)
		value_list_push(a, verdict, verdict_line(
			p, fill(p, "cmp.no_task", "a", na, "b", nb, NULL)));
}

/* Memory and hourly price, or what is missing about them. */
static void pair_memory_and_price(const struct pg *p, size_t ga, size_t gb,
				  struct value *verdict)
{
	struct arena *a = pg_arena(p);
	const struct gpu *x = &p->s->data.gpus[ga], *y = &p->s->data.gpus[gb];
	struct figure va = spec_figure(x, SPEC_VRAM), vb = spec_figure(y, SPEC_VRAM);
	int w = better_of(va, vb, 1);
	if (w) {
		const struct gpu *big = w > 0 ? x : y, *small = w > 0 ? y : x;
		value_list_push(a, verdict, verdict_line(p, fill(p, "cmp.more_vram",
			"a", big->name, "b", small->name,
			"va", fmt_unit(p, big->vram_gb.v, "unit.gb"),
			"vb", fmt_unit(p, small->vram_gb.v, "unit.gb"), NULL)));
	} else if (figure_ok(va) && figure_ok(vb)) {
		value_list_push(a, verdict, verdict_line(p, fill(p, "cmp.same_vram",
			"a", x->name, "b", y->name,
			"va", fmt_unit(p, va.value, "unit.gb"), NULL)));
	}
	for (int i = 0; i < 2; i++) {
		const struct gpu *g = i ? y : x;
		if (!g->vram_gb.ok)
			value_list_push(a, verdict, verdict_line(p, fill(p, "cmp.no_vram",
				"a", g->name, NULL)));
	}
	struct figure pa = rent_figure(p, ga), pb = rent_figure(p, gb);
	w = better_of(pa, pb, -1);
	if (w) {
		const struct gpu *cheap = w > 0 ? x : y, *dear = w > 0 ? y : x;
		double lo = w > 0 ? pa.value : pb.value, hi = w > 0 ? pb.value : pa.value;
		value_list_push(a, verdict, verdict_line(p, fill(p, "cmp.cheaper_hour",
			"a", cheap->name, "b", dear->name,
			"pct", fmt_percent(p, (1.0 - lo / hi) * 100.0),
			"pa", fmt_per_hour(p, lo), "pb", fmt_per_hour(p, hi), NULL)));
	}
	for (int i = 0; i < 2; i++) {
		if (!figure_ok(i ? pb : pa))
			value_list_push(a, verdict, verdict_line(p, fill(p, "cmp.no_price",
				"a", (i ? y : x)->name, NULL)));
	}
}

/* The context of the pair page of ga and gb (ga listed first), made for
 * the page at p->path. */
static struct value *pair_context(const struct pg *p, size_t ga, size_t gb)
{
	struct arena *a = pg_arena(p);
	const struct pair_lang *pl = pair_lang_of(p);
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "a", pl->side[ga].link);
	value_map_set(a, ctx, "b", pl->side[gb].link);
	value_map_set(a, ctx, "specs", pair_specs(p, ga, gb));
	struct value *verdict = value_new_list(a);
	struct value *bench = value_new_list(a), *tasks = value_new_list(a);
	/* the first speed and cost sentences make a headline's summary */
	const char *lead_speed = "", *lead_cost = "";
	pair_benchmarks(p, ga, gb, bench, verdict, &lead_speed);
	pair_tasks(p, ga, gb, tasks, verdict, &lead_cost);
	value_map_set_str(a, ctx, "lead_speed", lead_speed);
	value_map_set_str(a, ctx, "lead_cost", lead_cost);
	pair_memory_and_price(p, ga, gb, verdict);
	value_map_set(a, ctx, "bench", bench);
	value_map_set_bool(a, ctx, "has_bench", value_list_len(bench) > 0);
	value_map_set(a, ctx, "tasks", tasks);
	value_map_set_bool(a, ctx, "has_tasks", value_list_len(tasks) > 0);
	value_map_set(a, ctx, "verdict", verdict);
	set_text(p, ctx, "no_bench", pl->no_bench);
	set_text(p, ctx, "no_tasks", pl->no_tasks);
	return ctx;
}

static struct value *build_pair_page(struct site *s, const struct page_spec *spec)
{
	const struct gpu_pair *gp = spec->arg;
	struct buf scratch = BUF_INIT;
	struct pg pp = { s, spec->lang, spec->path, &scratch }, *p = &pp;
	struct value *ctx = pair_context(p, gp->a, gp->b);
	set_text(p, ctx, "chart", chart_html(p, &(struct chart_request){
		.name = "pair", .gpu = s->data.gpus[gp->a].id,
		.other = s->data.gpus[gp->b].id, .page_path = p->path }));
	buf_release(&scratch);
	return ctx;
}

static void plan_pair_page(struct site *s, enum lang l, size_t ga, size_t gb,
			   struct buf *scratch)
{
	struct pg pp = { s, l, NULL, scratch }, *p = &pp;
	pp.path = pair_path(p, ga, gb);
	const char *na = s->data.gpus[ga].name, *nb = s->data.gpus[gb].name;
	add_lazy_page(p, "pages/compare", pair_title(p, ga, gb),
		      fill(p, "cmp.page_desc", "a", na, "b", nb, NULL), "compare",
		      build_pair_page, ga, gb, crumbs_for(p, "nav.compare", "compare/"));
}

/* How much two GPUs can be compared: benchmarks with both results plus
 * tasks with both costs. */
static size_t pair_richness(const struct site *s, size_t ga, size_t gb)
{
	const struct data *d = &s->data;
	size_t n = 0;
	for (size_t b = 0; b < d->nbenchmarks; b++)
		n += figure_ok(metrics_result(d, b, ga)) && figure_ok(metrics_result(d, b, gb));
	for (size_t t = 0; t < d->ntasks; t++) {
		const struct task_cost *ca = metrics_task_cost(d, &s->metrics, t, ga);
		const struct task_cost *cb = metrics_task_cost(d, &s->metrics, t, gb);
		n += ca && cb && figure_ok(ca->cost) && figure_ok(cb->cost);
	}
	return n;
}

#define HEADLINES 3

/* The pairs with the most figures in common (up to HEADLINES, in gpus.csv
 * order among equals), each {title, href, summary}: the summary is the
 * pair's first speed sentence and first cost sentence. */
static struct value *headline_pairs(const struct pg *p)
{
	struct arena *a = pg_arena(p);
	const struct site *s = p->s;
	size_t best[HEADLINES][3] = { { 0 } }; /* richness, a, b */
	size_t n = 0;
	for (size_t x = 0; x < s->data.ngpus; x++)
		for (size_t y = x + 1; y < s->data.ngpus; y++) {
			size_t r = pair_richness(s, x, y);
			if (!r)
				continue;
			size_t i = n < HEADLINES ? n++ : HEADLINES;
			if (i == HEADLINES) {
				if (r <= best[HEADLINES - 1][0])
					continue;
				i = HEADLINES - 1;
			}
			while (i > 0 && best[i - 1][0] < r) {
				memcpy(best[i], best[i - 1], sizeof best[i]);
				i--;
			}
			best[i][0] = r;
			best[i][1] = x;
			best[i][2] = y;
		}
	struct value *list = value_new_list(a);
	for (size_t i = 0; i < n; i++) {
		struct value *m = value_new_map(a);
		value_map_set_str(a, m, "title", pair_title(p, best[i][1], best[i][2]));
		value_map_set_str(a, m, "href", href_to(p, pair_path(p, best[i][1], best[i][2])));
		struct value *ctx = pair_context(p, best[i][1], best[i][2]);
		const char *speed = value_map_get(ctx, "lead_speed")->u.str.ptr;
		const char *cost = value_map_get(ctx, "lead_cost")->u.str.ptr;
		value_map_set_str(a, m, "summary", arena_printf(a, "%s%s%s", speed,
								*speed && *cost && p->l != LANG_ZH ? " " : "", cost));
		value_list_push(a, list, m);
	}
	return list;
}

static void plan_compare_index(struct site *s, enum lang l)
{
	struct pg pp = { s, l, "compare/", NULL }, *p = &pp;
	struct arena *a = &s->arena;
	struct value *groups = value_new_list(a);
	for (size_t x = 0; x + 1 < s->data.ngpus; x++) {
		struct value *grp = gpu_link(p, x), *pairs = value_new_list(a);
		for (size_t y = x + 1; y < s->data.ngpus; y++) {
			struct value *m = value_new_map(a);
			value_map_set_str(a, m, "title", pair_title(p, x, y));
			value_map_set_str(a, m, "href", href_to(p, pair_path(p, x, y)));
			value_map_set_num(a, m, "richness", (double)pair_richness(s, x, y));
			value_list_push(a, pairs, m);
		}
		value_map_set(a, grp, "pairs", pairs);
		value_list_push(a, groups, grp);
	}
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "groups", groups);
	struct value *heads = headline_pairs(p);
	value_map_set(a, ctx, "headlines", heads);
	value_map_set_bool(a, ctx, "has_headlines", value_list_len(heads) > 0);
	add_page(p, "pages/compare-index", tr(p, "cmp.index_title"),
		 tr(p, "cmp.index_desc"), "compare", ctx, crumbs_for(p, NULL, NULL));
}

/* ---- case studies ---- */

static const char *case_path(const struct pg *p, size_t c)
{
	return arena_printf(pg_arena(p), "cases/%s/", p->s->data.case_studies[c].id);
}

static const char *case_name(const struct pg *p, size_t c)
{
	const struct case_study *k = &p->s->data.case_studies[c];
	return pick_lang(p, k->name_en, k->name_zh);
}

/* The cost computed from a stated cost's inputs, with its arithmetic:
 * "72 h × 4 × $1.89/h = $544.32", "2 × $0.44/h × 24 h × 30 = $633.60". */
static const char *case_formula(const struct pg *p, size_t stated)
{
	const struct stated_cost *sc = &p->s->data.stated_costs[stated];
	const struct stated_check *k = &p->s->metrics.checks[stated];
	if (!figure_ok(k->computed) || k->quote_row < 0)
		return nodata_text(p, figure_ok(k->hours) ? "why.no_price" : "why.no_hours");
	const char *price = fmt_per_hour(p, p->s->data.prices[k->quote_row].usd_per_hour);
	const char *cost = fmt_usd_range(p, k->computed.value, figure_ok(k->computed_max)
					 ? k->computed_max.value : k->computed.value, NULL);
	const char *cards = fmt_number(p, sc->cards);
	if (sc->monthly)
		return fill(p, "case.formula_month", "cards", cards, "price", price,
			    "cost", cost, NULL);
	const char *hours = figure_ok(k->hours_max)
		? fill(p, "task.hours_range", "low", fmt_number(p, k->hours.value),
		       "high", fmt_unit(p, k->hours_max.value, "unit.h"), NULL)
		: fmt_unit(p, k->hours.value, "unit.h");
	return fill(p, sc->cards > 1 ? "case.formula_cards" : "case.formula_job",
		    "hours", hours, "cards", cards, "price", price, "cost", cost, NULL);
}

/* One case study as a list item: {name, href, stated, check, agrees}. */
static struct value *case_item(const struct pg *p, size_t c)
{
	struct arena *a = pg_arena(p);
	const struct case_study *k = &p->s->data.case_studies[c];
	struct value *m = value_new_map(a);
	set_text(p, m, "name", case_name(p, c));
	set_text(p, m, "href", href_to(p, case_path(p, c)));
	set_text(p, m, "goal", pick_lang(p, k->goal_en, k->goal_zh));
	set_text(p, m, "stated", stated_text(p, (long)k->stated));
	set_text(p, m, "check", case_formula(p, k->stated));
	value_map_set(a, m, "mark", stated_cell(p, (long)k->stated));
	return m;
}

/* The case studies whose stated cost is for a job of task t, or for
 * serving (t = -1). */
static struct value *cases_of(const struct pg *p, long t)
{
	const struct data *d = &p->s->data;
	struct value *list = value_new_list(pg_arena(p));
	for (size_t c = 0; c < d->ncase_studies; c++) {
		const struct stated_cost *sc = &d->stated_costs[d->case_studies[c].stated];
		if (sc->monthly ? t < 0 : sc->task == t)
			value_list_push(pg_arena(p), list, case_item(p, c));
	}
	return list;
}

static struct value *task_cases(const struct pg *p, size_t t)
{
	return cases_of(p, (long)t);
}

static struct value *serving_cases(const struct pg *p)
{
	return cases_of(p, -1);
}

static struct value *all_cases(const struct pg *p)
{
	struct value *list = value_new_list(pg_arena(p));
	for (size_t c = 0; c < p->s->data.ncase_studies; c++)
		value_list_push(pg_arena(p), list, case_item(p, c));
	return list;
}

static void plan_case_page(struct site *s, enum lang l, size_t c)
{
	struct pg pp = { s, l, NULL, NULL }, *p = &pp;
	pp.path = case_path(p, c);
	struct arena *a = &s->arena;
	const struct data *d = &s->data;
	const struct case_study *k = &d->case_studies[c];
	const struct stated_cost *sc = &d->stated_costs[k->stated];
	const struct stated_check *ck = &s->metrics.checks[k->stated];
	struct value *ctx = case_item(p, c);
	set_text(p, ctx, "method", pick_lang(p, k->method_en, k->method_zh));
	value_map_set(a, ctx, "gpu", gpu_link(p, sc->gpu));
	set_text(p, ctx, "cards", fmt_number(p, sc->cards));
	const char *time = sc->monthly
		? fill(p, "case.month", "hours", fmt_unit(p, METRICS_HOURS_PER_MONTH, "unit.h"), NULL)
		: !figure_ok(ck->hours) ? nodata_text(p, "why.no_hours")
		: figure_ok(ck->hours_max)
		? fill(p, "task.hours_range", "low", fmt_number(p, ck->hours.value),
		       "high", fmt_unit(p, ck->hours_max.value, "unit.h"), NULL)
		: fmt_unit(p, ck->hours.value, "unit.h");
	set_text(p, ctx, "time", time);
	set_text(p, ctx, "quote", quote_text(p, ck->quote_row, ck->choice));
	set_text(p, ctx, "period", tr(p, sc->monthly ? "case.per_month" : "case.per_job"));
	set_text(p, ctx, "source", source_titles(p, k->source));
	bool has_task = sc->task >= 0;
	value_map_set_bool(a, ctx, "has_task", has_task);
	set_text(p, ctx, "task_name", has_task ? task_name(p, (size_t)sc->task) : "");
	set_text(p, ctx, "task_href", has_task ? href_to(p, task_path(p, (size_t)sc->task)) : "");
	bool has_bench = k->benchmark >= 0;
	value_map_set_bool(a, ctx, "has_bench", has_bench);
	set_text(p, ctx, "bench_name", has_bench
		 ? bench_name(p, &d->benchmarks[k->benchmark]) : "");
	set_text(p, ctx, "bench_href", has_bench ? href_to(p, arena_printf(a,
		 "inference/#%s", d->benchmarks[k->benchmark].id)) : "");
	const char *name = case_name(p, c);
	add_page(p, "pages/case", name, pick_lang(p, k->goal_en, k->goal_zh), "cases",
		 ctx, crumbs_for(p, "nav.cases", "cases/"));
}

static void plan_case_index(struct site *s, enum lang l)
{
	struct pg pp = { s, l, "cases/", NULL }, *p = &pp;
	struct value *ctx = value_new_map(&s->arena);
	struct value *list = all_cases(p);
	value_map_set(&s->arena, ctx, "cases", list);
	value_map_set_bool(&s->arena, ctx, "has_cases", value_list_len(list) > 0);
	add_page(p, "pages/cases", tr(p, "case.index_title"), tr(p, "case.index_desc"),
		 "cases", ctx, crumbs_for(p, NULL, NULL));
}

/* ---- tasks ---- */

static void plan_task_page(struct site *s, enum lang l, size_t t)
{
	struct pg pp = { s, l, NULL, NULL }, *p = &pp;
	pp.path = task_path(p, t);
	struct arena *a = &s->arena;
	const struct data *d = &s->data;
	struct value *rows = value_new_list(a);
	struct buf missing = BUF_INIT;
	bool cards = false, stated = false;
	for (size_t g = 0; g < d->ngpus; g++) {
		const struct task_cost *c = metrics_task_cost(d, &s->metrics, t, g);
		if (!c || c->time_row < 0) {
			if (missing.len)
				buf_adds(&missing, tr(p, "list.sep"));
			buf_adds(&missing, d->gpus[g].name);
			continue;
		}
		const struct task_time *tt = &d->task_times[c->time_row];
		struct value *r = gpu_link(p, g);
		value_map_set(a, r, "hours", hours_cell(p, c));
		value_map_set(a, r, "cards", cell_figure(p, (struct figure){
			(double)c->gpu_count, NULL }, FMT_NUMBER, NULL));
		cards |= c->gpu_count > 1;
		value_map_set(a, r, "price", cell_figure(p, c->usd_per_hour,
							 FMT_PER_HOUR, NULL));
		value_map_set(a, r, "cost", cost_cell(p, c));
		value_map_set_str(a, r, "quote", quote_text(p, c->quote_row, c->choice));
		value_map_set(a, r, "stated", stated_cell(p, c->stated));
		stated |= c->stated >= 0;
		value_map_set_str(a, r, "source", source_titles(p, tt->source));
		value_map_set_str(a, r, "note", row_note(p, TABLE_TASK_TIMES, tt->row));
		value_list_push(a, rows, r);
	}
	struct value *ctx = value_new_map(a);
	value_map_set_str(a, ctx, "task_name", task_name(p, t));
	value_map_set(a, ctx, "rows", rows);
	value_map_set_bool(a, ctx, "has_rows", value_list_len(rows) > 0);
	value_map_set_bool(a, ctx, "has_cards", cards);
	value_map_set_bool(a, ctx, "has_stated", stated);
	value_map_set(a, ctx, "cases", task_cases(p, t));
	value_map_set_str(a, ctx, "no_rows", nodata_text(p, "why.no_hours"));
	value_map_set_str(a, ctx, "missing", keep(p, &missing));
	value_map_set_bool(a, ctx, "has_missing", value_map_get(ctx, "missing")->u.str.len > 0);
	value_map_set_str(a, ctx, "task_source", source_titles(p, d->tasks[t].source));
	const char *calc = calculator_task_href(s, l, pp.path, t);
	value_map_set_bool(a, ctx, "has_calc", calc != NULL);
	value_map_set_str(a, ctx, "calc_href", calc ? calc : "");
	value_map_set_str(a, ctx, "chart", chart_html(p, &(struct chart_request){
		.name = "task-cost", .task = d->tasks[t].id }));
	const char *name = task_name(p, t);
	add_page(p, "pages/task", fill(p, "task.page_title", "task", name, NULL),
		 fill(p, "task.page_desc", "task", name, NULL), "tasks", ctx,
		 crumbs_for(p, "nav.tasks", "tasks/"));
}

/* "RTX 4090 · $1.17" for the best GPU of a task by one mark, or "". */
static const char *task_best(const struct pg *p, size_t t, bool by_cost)
{
	const struct data *d = &p->s->data;
	struct buf b = BUF_INIT;
	for (size_t g = 0; g < d->ngpus; g++) {
		const struct task_cost *c = metrics_task_cost(d, &p->s->metrics, t, g);
		if (!c || !(by_cost ? c->cheapest : c->fastest))
			continue;
		if (b.len)
			buf_adds(&b, tr(p, "list.sep"));
		buf_addf(&b, "%s · %s", d->gpus[g].name,
			 by_cost ? cost_text(p, c) : hours_range_text(p, c));
	}
	return keep(p, &b);
}

static void plan_task_index(struct site *s, enum lang l)
{
	struct pg pp = { s, l, "tasks/", NULL }, *p = &pp;
	struct arena *a = &s->arena;
	const struct data *d = &s->data;
	struct value *rows = value_new_list(a);
	for (size_t t = 0; t < d->ntasks; t++) {
		struct value *r = value_new_map(a);
		size_t n = 0;
		for (size_t g = 0; g < d->ngpus; g++) {
			const struct task_cost *c = metrics_task_cost(d, &s->metrics, t, g);
			n += c && c->time_row >= 0;
		}
		value_map_set_str(a, r, "name", task_name(p, t));
		value_map_set_str(a, r, "href", href_to(p, task_path(p, t)));
		value_map_set(a, r, "count", cell_figure(p, (struct figure){ (double)n, NULL },
							 FMT_NUMBER, NULL));
		value_map_set(a, r, "cheapest", cell_text(p, task_best(p, t, true),
							  "why.no_price"));
		value_map_set(a, r, "fastest", cell_text(p, task_best(p, t, false),
							 "why.no_hours"));
		value_map_set_str(a, r, "source", source_titles(p, d->tasks[t].source));
		value_list_push(a, rows, r);
	}
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "rows", rows);
	add_page(p, "pages/tasks", tr(p, "task.index_title"), tr(p, "task.index_desc"),
		 "tasks", ctx, crumbs_for(p, NULL, NULL));
}

/* ---- use cases, techniques ---- */

/* One pick of a use case: {role, has_gpu, name, href, price, has_note, note}. */
static struct value *use_case_pick_value(const struct pg *p, const struct use_case *u,
					 int role)
{
	struct arena *a = pg_arena(p);
	long g = use_case_pick(u, role);
	struct value *m = value_new_map(a);
	value_map_set_str(a, m, "role", tr(p, role_keys[role]));
	value_map_set_bool(a, m, "has_gpu", g >= 0);
	value_map_set_str(a, m, "name", g >= 0 ? p->s->data.gpus[g].name : "");
	value_map_set_str(a, m, "href", g >= 0 ? href_to(p, gpu_path(p, (size_t)g)) : "");
	const char *price = "";
	if (g >= 0) {
		struct figure f = rent_figure(p, (size_t)g);
		price = figure_ok(f) ? fmt_per_hour(p, f.value)
				     : fill(p, "uc.no_price", "why", tr(p, "why.no_price"), NULL);
	}
	value_map_set_str(a, m, "price", price);
	const char *note = use_case_note(p, u, role);
	value_map_set_str(a, m, "note", note);
	value_map_set_str(a, m, "note_paren", paren_text(p, note));
	value_map_set_bool(a, m, "has_note", *note != 0);
	return m;
}

static struct value *use_case_rows(const struct pg *p, bool only_picked)
{
	struct arena *a = pg_arena(p);
	const struct data *d = &p->s->data;
	struct value *rows = value_new_list(a);
	for (size_t i = 0; i < d->nuse_cases; i++) {
		const struct use_case *u = &d->use_cases[i];
		struct value *r = value_new_map(a), *picks = value_new_list(a);
		for (int role = 0; role < 3; role++)
			if (!only_picked || use_case_pick(u, role) >= 0)
				value_list_push(a, picks, use_case_pick_value(p, u, role));
		value_map_set_str(a, r, "id", u->id);
		value_map_set_str(a, r, "name", pick_lang(p, u->name_en, u->name_zh));
		value_map_set_str(a, r, "href", href_to(p, arena_printf(a, "use-cases/#%s",
									u->id)));
		value_map_set(a, r, "picks", picks);
		const char *reason = pick_lang(p, u->reason_en, u->reason_zh);
		value_map_set_str(a, r, "reason", reason);
		value_map_set_bool(a, r, "has_reason", *reason != 0);
		value_map_set_str(a, r, "source", source_titles(p, u->source));
		value_list_push(a, rows, r);
	}
	return rows;
}

static void plan_use_cases(struct site *s, enum lang l)
{
	struct pg pp = { s, l, "use-cases/", NULL }, *p = &pp;
	struct value *ctx = value_new_map(&s->arena);
	value_map_set(&s->arena, ctx, "cases", use_case_rows(p, false));
	add_page(p, "pages/use-cases", tr(p, "uc.title"), tr(p, "uc.desc"), "gpus",
		 ctx, crumbs_for(p, NULL, NULL));
}

static void plan_techniques(struct site *s, enum lang l)
{
	struct pg pp = { s, l, "techniques/", NULL }, *p = &pp;
	struct arena *a = &s->arena;
	struct value *rows = value_new_list(a);
	for (size_t i = 0; i < s->data.ntechniques; i++) {
		const struct technique *t = &s->data.techniques[i];
		struct value *r = value_new_map(a);
		value_map_set_str(a, r, "id", t->id);
		value_map_set_str(a, r, "name", pick_lang(p, t->name_en, t->name_zh));
		value_map_set(a, r, "speed", cell_text(p, pick_lang(p, t->speed_en, t->speed_zh),
						       "why.not_stated"));
		value_map_set(a, r, "vram", cell_text(p, pick_lang(p, t->vram_saving_en,
								   t->vram_saving_zh),
						      "why.not_stated"));
		value_map_set_str(a, r, "difficulty", tr(p, arena_printf(
			a, "tech.difficulty_%s", t->difficulty ? t->difficulty : "")));
		value_map_set_str(a, r, "notes", pick_lang(p, t->notes_en, t->notes_zh));
		value_map_set_str(a, r, "source", source_titles(p, t->source));
		value_list_push(a, rows, r);
	}
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "rows", rows);
	add_page(p, "pages/techniques", tr(p, "tech.title"), tr(p, "tech.desc"), "tasks",
		 ctx, crumbs_for(p, NULL, NULL));
}

/* ---- VRAM ---- */

static const char *const precisions[] = { "fp32", "fp16", "bf16", "int8", "int4", NULL };

static const char *upper(const struct pg *p, const char *s)
{
	char *u = arena_strdup(pg_arena(p), s);
	for (char *c = u; *c; c++)
		if (*c >= 'a' && *c <= 'z')
			*c = (char)(*c - 'a' + 'A');
	return u;
}

static int compare_doubles(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

/* Whether the rows of the VRAM table include `prec`: the four common
 * precisions always, others (bf16) when vram.csv has them. */
static bool precision_shown(const struct data *d, const char *prec)
{
	if (strcmp(prec, "bf16"))
		return true;
	for (size_t i = 0; i < d->nvram; i++)
		if (!strcmp(d->vram[i].precision, prec))
			return true;
	return false;
}

/* "fits" / "needs N cards" / "no data" for a need against a GPU's VRAM. */
static struct value *fit_cell(const struct pg *p, struct figure need,
			      const struct gpu *g)
{
	struct figure n = metric_gpus_needed(need, figure_of(g->vram_gb, "why.no_vram"));
	struct value *c = cell_figure(p, n, FMT_NUMBER, NULL);
	if (!figure_ok(n))
		return c;
	if (n.value <= 1) {
		cell_set_text(p, c, tr(p, "vram.fits"));
		cell_set_best(p, c);
	} else {
		cell_set_text(p, c, fill(p, "vram.needs", "n", fmt_number(p, n.value), NULL));
	}
	return c;
}

static void plan_vram(struct site *s, enum lang l)
{
	struct pg pp = { s, l, "vram/", NULL }, *p = &pp;
	struct arena *a = &s->arena;
	const struct data *d = &s->data;
	double *sizes = calloc(d->nvram + 1, sizeof *sizes);
	if (!sizes)
		abort();
	size_t nsizes = 0;
	for (size_t i = 0; i < d->nvram; i++) {
		size_t k = 0;
		while (k < nsizes && sizes[k] != d->vram[i].params_b)
			k++;
		if (k == nsizes)
			sizes[nsizes++] = d->vram[i].params_b;
	}
	qsort(sizes, nsizes, sizeof *sizes, compare_doubles);

	struct value *heads = value_new_list(a);
	for (size_t g = 0; g < d->ngpus; g++) {
		struct value *h = gpu_link(p, g);
		value_map_set_str(a, h, "vram", d->gpus[g].vram_gb.ok
				  ? fmt_unit(p, d->gpus[g].vram_gb.v, "unit.gb")
				  : tr(p, "no_data"));
		value_list_push(a, heads, h);
	}
	struct value *rows = value_new_list(a);
	for (size_t k = 0; k < nsizes; k++) {
		for (size_t q = 0; precisions[q]; q++) {
			if (!precision_shown(d, precisions[q]))
				continue;
			long stated = -1;
			for (size_t i = 0; i < d->nvram && stated < 0; i++)
				if (d->vram[i].params_b == sizes[k] &&
				    !strcmp(d->vram[i].precision, precisions[q]))
					stated = (long)i;
			struct figure computed = metric_vram_needed_gb(sizes[k], precisions[q]);
			struct figure said = { 0, "why.no_rule" };
			if (stated >= 0)
				said = (struct figure){ d->vram[stated].gb, NULL };
			/* the source's figure includes overheads where it gives one */
			struct figure need = figure_ok(said) ? said : computed;
			struct value *r = value_new_map(a);
			value_map_set_str(a, r, "model", fill(p, "vram.model", "n",
							      fmt_number(p, sizes[k]), NULL));
			value_map_set_str(a, r, "model_sort", sort_key(p, sizes[k]));
			value_map_set_str(a, r, "precision", upper(p, precisions[q]));
			value_map_set_str(a, r, "bytes", fmt_number(p, metric_bytes_per_param(
				precisions[q])));
			value_map_set(a, r, "stated", cell_figure(p, said, FMT_UNIT, "unit.gb"));
			value_map_set(a, r, "computed", cell_figure(p, computed, FMT_UNIT,
								    "unit.gb"));
			value_map_set_str(a, r, "source", stated >= 0
					  ? source_titles(p, d->vram[stated].source) : "");
			const char *note = stated >= 0
					   ? row_note(p, TABLE_VRAM, d->vram[stated].row) : "";
			value_map_set_str(a, r, "note", note);
			value_map_set_bool(a, r, "has_note", *note != 0);
			struct value *fits = value_new_list(a);
			for (size_t g = 0; g < d->ngpus; g++)
				value_list_push(a, fits, fit_cell(p, need, &d->gpus[g]));
			value_map_set(a, r, "fits", fits);
			value_list_push(a, rows, r);
		}
	}
	free(sizes);
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "heads", heads);
	value_map_set(a, ctx, "rows", rows);
	value_map_set_str(a, ctx, "chart", chart_html(p, &(struct chart_request){
		.name = "vram-fit" }));
	add_page(p, "pages/vram", tr(p, "vram.title"), tr(p, "vram.desc"), "vram",
		 ctx, crumbs_for(p, NULL, NULL));
}

/* ---- inference ---- */

static bool is_tokens_per_second(const struct benchmark *b)
{
	return b->unit && !strcmp(b->unit, "tokens/s");
}

/* What serving the result's model costs on its GPU (metrics_serving_cost). */
static void serving_cells(const struct pg *p, const struct result *x, struct value *r)
{
	struct arena *a = pg_arena(p);
	struct serving_cost sv = metrics_serving_cost(&p->s->data, x->benchmark, x->gpu);
	value_map_set(a, r, "cards", cell_figure(p, sv.cards, FMT_NUMBER, NULL));
	value_map_set(a, r, "price", cell_figure(p, sv.usd_per_hour, FMT_PER_HOUR, NULL));
	value_map_set(a, r, "monthly", cell_figure(p, sv.monthly, FMT_USD, NULL));
	value_map_set(a, r, "per_million", cell_figure(p, sv.per_mtok, FMT_USD, NULL));
	value_map_set_str(a, r, "quote", quote_text(p, sv.quote_row, sv.choice));
}

static void plan_inference(struct site *s, enum lang l)
{
	struct pg pp = { s, l, "inference/", NULL }, *p = &pp;
	struct arena *a = &s->arena;
	const struct data *d = &s->data;
	struct value *benches = value_new_list(a);
	for (size_t b = 0; b < d->nbenchmarks; b++) {
		const struct benchmark *bm = &d->benchmarks[b];
		if (!is_inference(bm))
			continue;
		bool tokens = is_tokens_per_second(bm);
		/* the best result, to mark it */
		struct figure best = { 0, "why.no_result" };
		for (size_t g = 0; g < d->ngpus; g++) {
			struct figure f = metrics_result(d, b, g);
			if (better_of(f, best, bm->higher_is_better ? 1 : -1) > 0 ||
			    (figure_ok(f) && !figure_ok(best)))
				best = f;
		}
		struct value *rows = value_new_list(a);
		for (size_t g = 0; g < d->ngpus; g++) {
			struct figure f = metrics_result(d, b, g);
			if (!figure_ok(f))
				continue;
			long row = data_result_row(d, b, g);
			struct value *r = gpu_link(p, g);
			struct value *c = cell_figure(p, f, FMT_UNIT, bench_unit_key(p, bm));
			if (!better_of(f, best, 1))
				cell_set_best(p, c);
			value_map_set(a, r, "value", c);
			serving_cells(p, &d->results[row], r);
			value_map_set_str(a, r, "source", source_titles(p, d->results[row].source));
			value_map_set_str(a, r, "note", result_conditions(p, d->results[row].row));
			value_list_push(a, rows, r);
		}
		struct value *m = value_new_map(a);
		value_map_set_str(a, m, "id", bm->id);
		value_map_set_str(a, m, "name", bench_name(p, bm));
		value_map_set_str(a, m, "unit", bm->unit);
		value_map_set_str(a, m, "better", tr(p, bm->higher_is_better
						       ? "gpu.higher_better"
						       : "gpu.lower_better"));
		const char *note = raw_cell_lang(p, TABLE_BENCHMARKS, bm->row, "notes");
		value_map_set_str(a, m, "note", note);
		value_map_set_bool(a, m, "has_note", *note != 0);
		value_map_set_bool(a, m, "tokens", tokens);
		value_map_set(a, m, "rows", rows);
		value_map_set_bool(a, m, "has_rows", value_list_len(rows) > 0);
		value_map_set_str(a, m, "bench_source", source_titles(p, bm->source));
		value_list_push(a, benches, m);
	}
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "benches", benches);
	value_map_set_bool(a, ctx, "has_benches", value_list_len(benches) > 0);
	value_map_set(a, ctx, "cases", serving_cases(p));
	value_map_set_str(a, ctx, "precision", upper(p, METRICS_DEFAULT_PRECISION));
	add_page(p, "pages/inference", tr(p, "inf.title"), tr(p, "inf.desc"),
		 "inference", ctx, crumbs_for(p, NULL, NULL));
}

/* ---- the home page's guide block ---- */

static const char *const section_paths[] = {
	"gpus/", "compare/", "tasks/", "use-cases/", "techniques/", "vram/",
	"inference/", NULL
};
static const char *const section_keys[] = {
	"nav.gpus", "nav.compare", "nav.tasks", "uc.nav", "tech.nav", "nav.vram",
	"nav.inference", NULL
};
static const char *const section_descs[] = {
	"gpu.index_desc", "cmp.index_desc", "task.index_desc", "uc.desc", "tech.desc",
	"vram.desc", "inf.desc", NULL
};

struct value *pages_home_context(struct site *s, enum lang l)
{
	struct pg pp = { s, l, "", NULL }, *p = &pp;
	struct arena *a = &s->arena;
	struct value *guide = value_new_map(a);
	value_map_set(a, guide, "cases", use_case_rows(p, true));
	value_map_set_bool(a, guide, "has_cases", s->data.nuse_cases > 0);
	struct value *heads = headline_pairs(p);
	value_map_set(a, guide, "headlines", heads);
	value_map_set_bool(a, guide, "has_headlines", value_list_len(heads) > 0);
	struct value *sections = value_new_list(a);
	for (size_t i = 0; section_paths[i]; i++) {
		struct value *m = value_new_map(a);
		value_map_set_str(a, m, "label", tr(p, section_keys[i]));
		value_map_set_str(a, m, "href", href_to(p, section_paths[i]));
		value_map_set_str(a, m, "text", tr(p, section_descs[i]));
		value_list_push(a, sections, m);
	}
	value_map_set(a, guide, "sections", sections);
	value_map_set_str(a, guide, "use_cases_href", href_to(p, "use-cases/"));
	struct value *cases = all_cases(p);
	value_map_set(a, guide, "case_studies", cases);
	value_map_set_bool(a, guide, "has_case_studies", value_list_len(cases) > 0);
	value_map_set_str(a, guide, "cases_href", href_to(p, "cases/"));
	value_map_set_str(a, guide, "compare_href", href_to(p, "compare/"));
	struct value *ctx = value_new_map(a);
	value_map_set(a, ctx, "guide", guide);
	return ctx;
}

/* ---- the plan ---- */

void pages_plan(struct site *s)
{
	if (!s->metrics.prices && s->data.ngpus)
		return; /* no metrics: the build failed before */
	kit_of(s); /* now, while one thread runs: rendering threads read it */
	struct buf scratch = BUF_INIT; /* for the G^2 comparison pages' texts */
	for (int i = 0; i < LANG_COUNT; i++) {
		enum lang l = (enum lang)i;
		plan_gpu_index(s, l);
		for (size_t g = 0; g < s->data.ngpus; g++)
			plan_gpu_page(s, l, g);
		plan_compare_index(s, l);
		for (size_t x = 0; x < s->data.ngpus; x++)
			for (size_t y = x + 1; y < s->data.ngpus; y++)
				plan_pair_page(s, l, x, y, &scratch);
		plan_task_index(s, l);
		for (size_t t = 0; t < s->data.ntasks; t++)
			plan_task_page(s, l, t);
		plan_use_cases(s, l);
		plan_techniques(s, l);
		plan_vram(s, l);
		plan_inference(s, l);
		plan_case_index(s, l);
		for (size_t c = 0; c < s->data.ncase_studies; c++)
			plan_case_page(s, l, c);
	}
	buf_release(&scratch);
}
