#include "view/present.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/csv.h"
#include "base/fs.h"
#include "model/compare.h"
#include "model/data.h"
#include "model/findings.h"
#include "view/guide_ledger.h"
#include "view/guide_charts.h"
#include "model/i18n.h"
#include "model/metrics.h"
#include "model/schema.h"
#include "base/numfmt.h"
#include "view/phrase.h"
#include "view/site.h"
#include "base/text.h"
#include "template/value.h"

#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct buf *pg_text_buf(const struct page_ctx *p, struct buf *own);
static const char *pg_fmt_ratio(const struct page_ctx *p, double v);
static const char *pg_source_title(const struct page_ctx *p, const struct source *src);
static struct value *pg_crumb_new(const struct page_ctx *p, const char *title,
			       const char *to);
static struct page_spec pg_guide_spec(const struct page_ctx *p, const char *tmpl,
				   const char *title, const char *description,
				   const char *section, struct value *crumbs);
static const char *pg_cell_class(bool num, bool nodata, bool best);
static void pg_cell_update_class(const struct page_ctx *p, struct value *c);
static struct value *pg_cell_proto(struct arena *a, bool numeric, bool missing);
static const char *pg_fmt_value(const struct page_ctx *p, double v, enum fmt k,
			     const char *unit);
static const char *pg_hours_text(const struct page_ctx *p, const struct task_cost *c);
static const char *pg_quote_provider(const struct page_ctx *p, const struct price *q);

struct arena *pg_arena(const struct page_ctx *p)
{
	return p->arena;
}

/* ---- text ---- */

const char *pg_tr(const struct page_ctx *p, const char *key)
{
	return i18n_get(&p->in->i18n, p->l, key);
}

/* The buffer's text copied into the arena; the buffer is released (the
 * scratch buffer is kept for the next text). */
const char *pg_keep(const struct page_ctx *p, struct buf *b)
{
	const char *r = arena_strndup(pg_arena(p), b->ptr, b->len);
	if (b != p->scratch)
		buf_release(b);
	return r;
}

/* A buffer to build one short text in and pg_keep(): the page's scratch
 * buffer, emptied, or else `own`. Nothing else may use the scratch buffer
 * until the text is kept. */
static struct buf *pg_text_buf(const struct page_ctx *p, struct buf *own)
{
	if (!p->scratch)
		return own;
	buf_reset(p->scratch);
	return p->scratch;
}

/* The text of the page's language, English when the other is empty. */
const char *pg_pick_lang(const struct page_ctx *p, const char *en, const char *zh)
{
	if (p->l == LANG_ZH && zh && *zh)
		return zh;
	return en ? en : "";
}

/* The UI string `key` with its placeholders filled from NULL-terminated
 * name, value pairs: pg_fill(p, "cmp.no_vram", "a", "H100", NULL). */
const char *pg_fill(const struct page_ctx *p, const char *key, ...)
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
	struct buf own = BUF_INIT, *b = pg_text_buf(p, &own);
	i18n_fill_key(b, &p->in->i18n, p->l, key, names, vals, n);
	return pg_keep(p, b);
}

/* " (text)" / "（text）": a remark after a word, bracketed per language. */
const char *pg_paren_text(const struct page_ctx *p, const char *text)
{
	static const char *const names[] = { "why" };
	struct buf own = BUF_INIT, *b = pg_text_buf(p, &own);
	if (p->l != LANG_ZH)
		buf_addc(b, ' ');
	i18n_fill_key(b, &p->in->i18n, p->l, "why.paren", names, &text, 1);
	return pg_keep(p, b);
}

/* ---- numbers ---- */

const char *pg_fmt_number(const struct page_ctx *p, double v)
{
	struct buf own = BUF_INIT, *b = pg_text_buf(p, &own);
	i18n_format_number(b, v, p->l);
	return pg_keep(p, b);
}

const char *pg_fmt_usd(const struct page_ctx *p, double v)
{
	struct buf own = BUF_INIT, *b = pg_text_buf(p, &own);
	i18n_format_usd(b, v, p->l);
	return pg_keep(p, b);
}

const char *pg_fmt_unit(const struct page_ctx *p, double v, const char *unit_key)
{
	struct buf own = BUF_INIT, *b = pg_text_buf(p, &own);
	i18n_format_unit(b, &p->in->i18n, v, unit_key, p->l);
	return pg_keep(p, b);
}

const char *pg_fmt_unit_range(const struct page_ctx *p, double lo, double hi,
			      const char *unit_key)
{
	struct buf own = BUF_INIT, *b = pg_text_buf(p, &own);
	i18n_format_unit_range(b, &p->in->i18n, lo, hi, unit_key, p->l);
	return pg_keep(p, b);
}

const char *pg_comparison(const struct page_ctx *p, const struct cmp_pair *cp)
{
	struct buf own = BUF_INIT, *b = pg_text_buf(p, &own);
	phrase_comparison(b, &p->in->i18n, p->l, cp);
	return pg_keep(p, b);
}

const char *pg_fmt_duration(const struct page_ctx *p, double hours)
{
	return pg_fmt_hours(p, hours, hours);
}

/* "$0.39/h" */
const char *pg_fmt_per_hour(const struct page_ctx *p, double v)
{
	struct buf own = BUF_INIT, *b = pg_text_buf(p, &own);
	i18n_format_usd(b, v, p->l);
	buf_adds(b, pg_tr(p, "unit.per_hour"));
	return pg_keep(p, b);
}

/* "$0.30–$0.39" or one price when both ends are equal. */
const char *pg_fmt_usd_range(const struct page_ctx *p, double lo, double hi,
				 const char *suffix_key)
{
	struct buf own = BUF_INIT, *b = pg_text_buf(p, &own);
	if (!suffix_key) {
		i18n_format_usd_range(b, lo, hi, p->l);
		return pg_keep(p, b);
	}
	struct buf l = BUF_INIT, h = BUF_INIT;
	i18n_format_usd(&l, lo, p->l);
	buf_adds(&l, pg_tr(p, suffix_key));
	if (hi > lo) {
		i18n_format_usd(&h, hi, p->l);
		buf_adds(&h, pg_tr(p, suffix_key));
	}
	i18n_format_range(b, l.ptr, h.ptr, p->l);
	buf_release(&l);
	buf_release(&h);
	return pg_keep(p, b);
}

/* A ratio, in tables and sentences alike (i18n_format_ratio: the same
 * rounding in both): "0.25×", "2.9×", "1.05×" / "2.9 倍". */
static const char *pg_fmt_ratio(const struct page_ctx *p, double v)
{
	struct buf own = BUF_INIT, *b = pg_text_buf(p, &own);
	i18n_format_ratio(b, v, p->l);
	i18n_append_unit(b, pg_tr(p, "unit.x"));
	return pg_keep(p, b);
}

const char *pg_fmt_ratio_short(const struct page_ctx *p, double v)
{
	return pg_fmt_ratio(p, v);
}

const char *pg_fmt_ratio_range(const struct page_ctx *p, double lo, double hi)
{
	struct buf own = BUF_INIT, *b = pg_text_buf(p, &own);
	i18n_format_ratio_range(b, lo, hi, p->l);
	i18n_append_unit(b, pg_tr(p, "unit.x"));
	return pg_keep(p, b);
}

const char *pg_fmt_percent(const struct page_ctx *p, double v)
{
	struct buf own = BUF_INIT, *b = pg_text_buf(p, &own);
	i18n_format_fixed(b, v, 0, p->l);
	buf_addc(b, '%');
	return pg_keep(p, b);
}

/* A benchmark's unit: the UI string "unit.<unit>" ("tokens/s" is
 * unit.tokens_per_s) when there is one, else the unit as written in
 * benchmarks.csv. */
const char *pg_bench_unit_key(const struct page_ctx *p, const struct benchmark *b)
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
	const char *key = pg_keep(p, &k);
	return i18n_has(&p->in->i18n, key) ? key : b->unit;
}

/* The raw number for data-sort: C locale, enough digits to order
 * ("%.10g"). */
const char *pg_sort_key(const struct page_ctx *p, double v)
{
	char s[NUMFMT_MAX];
	size_t n = numfmt_g(s, sizeof s, v, 10);
	return arena_strndup(pg_arena(p), s, n);
}

/* ---- raw cells (extra CSV columns) ---- */

/* The cell of `row` in column `col` of a table, "" when there is none. */
const char *pg_raw_cell(const struct page_ctx *p, enum data_table_id t,
			    size_t row, const char *col)
{
	return data_cell(&p->in->data, t, row, col);
}

/* The column `base`_<lang> of the page's language, else `base`_en. */
const char *pg_raw_cell_lang(const struct page_ctx *p, enum data_table_id t,
				 size_t row, const char *base)
{
	const char *mine = pg_raw_cell(p, t, row, arena_printf(pg_arena(p), "%s_%s",
							    base, lang_code(p->l)));
	if (*mine)
		return mine;
	return pg_raw_cell(p, t, row, arena_printf(pg_arena(p), "%s_en", base));
}

/* ---- names, paths, links ---- */

const char *pg_gpu_path(const struct page_ctx *p, size_t g)
{
	return arena_printf(pg_arena(p), "gpus/%s/", p->in->data.gpus[g].id);
}

const char *pg_task_path(const struct page_ctx *p, size_t t)
{
	return arena_printf(pg_arena(p), "tasks/%s/", p->in->data.tasks[t].id);
}

/* The page of the unordered pair {a, b}: the GPU listed first in gpus.csv
 * comes first in the path. */
const char *pg_pair_path(const struct page_ctx *p, size_t a, size_t b)
{
	size_t x = a < b ? a : b, y = a < b ? b : a;
	return arena_printf(pg_arena(p), "compare/%s-vs-%s/",
			    p->in->data.gpus[x].id, p->in->data.gpus[y].id);
}

const char *pg_href_to(const struct page_ctx *p, const char *to)
{
	if (p->anchors) {
		const struct value *in_doc = value_map_get(p->anchors, to);
		if (in_doc)
			return value_string(in_doc);
		/* a place in a page the document holds: the place itself */
		const char *frag = strchr(to, '#');
		if (frag && value_map_get(p->anchors, arena_strndup(p->arena, to,
								    (size_t)(frag - to))))
			return frag;
	}
	return site_href(p->arena, p->l, p->path, p->l, to);
}

const char *pg_task_name(const struct page_ctx *p, size_t t)
{
	const struct task *k = &p->in->data.tasks[t];
	return pg_pick_lang(p, k->name_en, k->name_zh);
}

const char *pg_bench_name(const struct page_ctx *p, const struct benchmark *b)
{
	return pg_pick_lang(p, b->name_en, b->name_zh);
}

/* A source's title in the page's language: its own title when it is written
 * in that language, else the extra column title_<lang> when that is filled. */
static const char *pg_source_title(const struct page_ctx *p, const struct source *src)
{
	const struct data *d = &p->in->data;
	if (!src->lang || !strcmp(src->lang, lang_code(p->l)) ||
	    d->tables[TABLE_SOURCES].nrows != d->nsources)
		return src->title;
	const char *own = pg_raw_cell(p, TABLE_SOURCES, (size_t)(src - d->sources),
				   arena_printf(pg_arena(p), "title_%s", lang_code(p->l)));
	return *own ? own : src->title;
}

/* The titles of a ;-separated list of source ids, joined by "; " / "；",
 * each in the language's title marks (《训练指南》; none in English). */
const char *pg_source_titles(const struct page_ctx *p, const char *ids)
{
	struct buf b = BUF_INIT;
	const char *c = ids ? ids : "";
	while (*c) {
		const char *end = strchr(c, ';');
		size_t len = end ? (size_t)(end - c) : strlen(c);
		char *id = arena_strndup(pg_arena(p), c, len);
		const struct source *src = data_find_source(&p->in->data, id);
		if (b.len)
			buf_adds(&b, pg_tr(p, "punct.semicolon"));
		buf_adds(&b, site_title_marked(pg_arena(p), &p->in->i18n, p->l,
					       src ? pg_source_title(p, src) : id));
		c += len;
		if (*c == ';')
			c++;
	}
	return pg_keep(p, &b);
}

struct value *pg_gpu_link(const struct page_ctx *p, size_t g)
{
	struct arena *a = pg_arena(p);
	struct value *m = value_new_map(a);
	value_map_set_str(a, m, "id", p->in->data.gpus[g].id);
	value_map_set_str(a, m, "name", p->in->data.gpus[g].name);
	value_map_set_str(a, m, "href", pg_href_to(p, pg_gpu_path(p, g)));
	return m;
}

static struct value *pg_crumb_new(const struct page_ctx *p, const char *title,
			       const char *to)
{
	struct value *m = value_new_map(pg_arena(p));
	value_map_set_str(pg_arena(p), m, "title", title);
	value_map_set_str(pg_arena(p), m, "href", pg_href_to(p, to));
	return m;
}

/* Home > Section (the layout adds the page itself). */
struct value *pg_crumbs_for(const struct page_ctx *p, const char *section_key,
				const char *section_path)
{
	struct value *list = value_new_list(pg_arena(p));
	value_list_push(pg_arena(p), list, pg_crumb_new(p, pg_tr(p, "nav.home"), ""));
	if (section_key)
		value_list_push(pg_arena(p), list,
				pg_crumb_new(p, pg_tr(p, section_key), section_path));
	return list;
}

/* A guide page's spec: every guide page exists in both languages. */
static struct page_spec pg_guide_spec(const struct page_ctx *p, const char *tmpl,
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

void pg_add_page(struct site *s, const struct page_ctx *p, const char *tmpl,
		 const char *title, const char *description, const char *section,
		 struct value *ctx, struct value *crumbs)
{
	struct page_spec spec = pg_guide_spec(p, tmpl, title, description, section, crumbs);
	spec.ctx = ctx;
	site_add_page(s, &spec);
}

/* Queue a page whose context is built when it is rendered: GPU and pair
 * pages grow with the number of GPUs (G and G^2), so their contexts and
 * charts are made one at a time, in the rendering thread's arena. */
void pg_add_lazy_page(struct site *s, const struct page_ctx *p, const char *tmpl,
		      const char *title, const char *description, const char *section,
		      struct value *(*build)(const struct page_ctx *, const struct page_spec *),
		      size_t a, size_t b, struct value *crumbs)
{
	struct gpu_pair *arg = arena_alloc(&s->arena, sizeof *arg);
	arg->a = a;
	arg->b = b;
	struct page_spec spec = pg_guide_spec(p, tmpl, title, description, section, crumbs);
	spec.build = build;
	spec.arg = arg;
	site_add_page(s, &spec);
}

const struct gpu_pair *pg_lazy_arg(const struct page_spec *spec)
{
	return spec->arg;
}

/* The chart's <figure> as HTML, digested by its key (its SVG is most of a
 * page's text: guide_chart_render_keyed); an unknown chart is reported by
 * the chart module, and the page then shows nothing there. */
struct value *pg_chart(const struct page_ctx *p, const struct chart_request *rq)
{
	struct buf b = BUF_INIT;
	struct chart_request here = *rq;
	here.page_path = p->path; /* the link to the standalone file */
	here.omit_if_no_figure = true; /* the page's lines say what it lacks */
	struct digest_value key;
	if (guide_chart_render_keyed(p, &here, &b, "gen/pages/pages.c", 0, 0, &key) != 0) {
		buf_release(&b);
		return value_new_string_borrowed(pg_arena(p), "");
	}
	size_t len;
	char *svg = buf_detach(&b, &len);
	return value_new_string_keyed_owned(pg_arena(p), svg, len, &key);
}

/* ---- cells ----
 * Most keys of a cell are the same in every cell of its kind (a figure, a
 * text, either one missing): those live once per build, in a map of the
 * kit, the parent (value_map_set_parent) of each cell of that kind, whose
 * own map holds only what differs: text and sort, why, and best, class and
 * badges once changed. A cell's lookups go through its parent, so templates
 * see every key as before, at a fraction of the cost. */

bool pg_map_flag(const struct value *m, const char *key)
{
	return value_is_truthy(value_map_get(m, key));
}

void pg_rows_take_flags(const struct page_ctx *p, struct value *rows,
			const struct value *table, const char *const *keys)
{
	for (size_t i = 0; i < value_list_len(rows); i++)
		for (const char *const *k = keys; *k; k++)
			value_map_set(pg_arena(p), value_list_at(rows, i), *k,
				      value_map_get(table, *k));
}

/* Set `key` to a string that lives at least as long as the map (arena or
 * data text): no copy. */
void pg_set_text(const struct page_ctx *p, struct value *m, const char *key,
		     const char *s)
{
	value_map_set(pg_arena(p), m, key, value_new_string_borrowed(pg_arena(p), s));
}

/* The class words of a cell with these flags ("num nodata", ...). */
static const char *pg_cell_class(bool num, bool nodata, bool best)
{
	static const char *const words[2][2][2] = {
		{ { "", "best" }, { "nodata", "nodata best" } },
		{ { "num", "num best" }, { "num nodata", "num nodata best" } },
	};
	return words[num][nodata][best];
}

/* Set has_cls and cls from the cell's flags (unless its parent already
 * has them right). */
static void pg_cell_update_class(const struct page_ctx *p, struct value *c)
{
	const char *cls = pg_cell_class(pg_map_flag(c, "num"), pg_map_flag(c, "nodata"),
				     pg_map_flag(c, "best"));
	const struct value *now = value_map_get(c, "cls");
	if (now && now->type == VALUE_STRING && !strcmp(now->u.str.ptr, cls))
		return;
	value_map_set_bool(pg_arena(p), c, "has_cls", *cls != 0);
	pg_set_text(p, c, "cls", cls);
}

/* A parent of cells: every key a cell of that kind has. */
static struct value *pg_cell_proto(struct arena *a, bool numeric, bool missing)
{
	struct value *c = value_new_map(a);
	value_map_set_str(a, c, "text", "");
	value_map_set_bool(a, c, "num", numeric);
	/* missing figures sort last whatever the column type */
	value_map_set_bool(a, c, "has_sort", numeric || missing);
	value_map_set_str(a, c, "sort", "");
	value_map_set_bool(a, c, "nodata", missing);
	value_map_set_bool(a, c, "best", false);
	value_map_set_bool(a, c, "phrase", false);
	value_map_set_bool(a, c, "has_why", false);
	value_map_set_str(a, c, "why", "");
	value_map_set(a, c, "marks", value_new_list(a)); /* never pushed to */
	value_map_set_bool(a, c, "has_marks", false);
	const char *cls = pg_cell_class(numeric, missing, false);
	value_map_set_bool(a, c, "has_cls", *cls != 0);
	value_map_set_str(a, c, "cls", cls);
	return c;
}

/* A new cell of a kind: an empty map over the kind's parent. */
struct value *pg_cell_of_kind(const struct page_ctx *p, bool numeric, bool missing)
{
	struct value *c = value_new_map(pg_arena(p));
	value_map_set_parent(c, p->in->pages_kit->proto[numeric][missing]);
	return c;
}

/* A cell on top of `under`: changes to it leave `under` as it is (cells
 * shared by many pages are marked this way). */
struct value *pg_cell_on_top(const struct page_ctx *p, const struct value *under)
{
	struct value *c = value_new_map(pg_arena(p));
	value_map_set_parent(c, under);
	return c;
}

/* A "no data" cell, with the reason when the key names one. */
struct value *pg_cell_missing(const struct page_ctx *p, bool numeric, const char *why)
{
	struct value *c = pg_cell_of_kind(p, numeric, true);
	pg_set_text(p, c, "text", pg_tr(p, "no_data"));
	if (why && i18n_has(&p->in->i18n, why))
		pg_cell_set_why(p, c, why);
	return c;
}

void pg_cell_set_why(const struct page_ctx *p, struct value *c, const char *why)
{
	pg_cell_set_why_text(p, c, pg_tr(p, why));
}

void pg_cell_set_why_text(const struct page_ctx *p, struct value *c, const char *text)
{
	value_map_set_bool(pg_arena(p), c, "has_why", true);
	/* full-width brackets in Chinese need no space before them */
	pg_set_text(p, c, "why", pg_paren_text(p, text));
}

struct value *pg_cell_not_computed(const struct page_ctx *p, const char *what, const char *why)
{
	struct value *c = pg_cell_of_kind(p, true, false);
	pg_set_text(p, c, "text", pg_tr(p, what));
	pg_cell_set_why(p, c, why);
	return c;
}

/* "no data (no rental price seen)" for a paragraph, in the page's language. */
const char *pg_nodata_text(const struct page_ctx *p, const char *why)
{
	return pg_fill(p, "why.nodata", "nodata", pg_tr(p, "no_data"), "why", pg_tr(p, why),
		    NULL);
}

static const char *pg_fmt_value(const struct page_ctx *p, double v, enum fmt k,
			     const char *unit)
{
	switch (k) {
	case FMT_USD: return pg_fmt_usd(p, v);
	case FMT_PER_HOUR: return pg_fmt_per_hour(p, v);
	case FMT_RATIO: return pg_fmt_ratio(p, v);
	case FMT_UNIT: return pg_fmt_unit(p, v, unit);
	case FMT_NUMBER: break;
	}
	return pg_fmt_number(p, v);
}

/* A numeric cell: the formatted figure, or "no data" and why. */
struct value *pg_cell_figure(const struct page_ctx *p, struct figure f, enum fmt k,
				 const char *unit)
{
	if (!figure_ok(f))
		return pg_cell_missing(p, true, f.missing);
	struct value *c = pg_cell_of_kind(p, true, false);
	pg_set_text(p, c, "text", pg_fmt_value(p, f.value, k, unit));
	pg_set_text(p, c, "sort", pg_sort_key(p, f.value));
	return c;
}

/* A text cell; empty text is "no data" (why: `why_key`). */
struct value *pg_cell_text(const struct page_ctx *p, const char *text,
			       const char *why_key)
{
	if (!text || !*text)
		return pg_cell_missing(p, false, why_key);
	struct value *c = pg_cell_of_kind(p, false, false);
	pg_set_text(p, c, "text", text);
	return c;
}

void pg_cell_set_text(const struct page_ctx *p, struct value *c, const char *text)
{
	pg_set_text(p, c, "text", text);
}

void pg_cell_set_phrase(const struct page_ctx *p, struct value *c, const char *text)
{
	pg_set_text(p, c, "text", text);
	value_map_set_bool(pg_arena(p), c, "phrase", true);
}

struct value *pg_cell_phrase(const struct page_ctx *p, const char *text,
			     const char *why_key)
{
	struct value *c = pg_cell_text(p, text, why_key);
	if (!pg_map_flag(c, "nodata"))
		value_map_set_bool(pg_arena(p), c, "phrase", true);
	return c;
}

/* Add a badge ("cheapest", "fastest", "better"): `fast` picks its colour.
 * The cell gets a list of its own: the one it has may be its parent's. */
void pg_cell_mark(const struct page_ctx *p, struct value *c, const char *label_key,
		      bool fast)
{
	struct arena *a = pg_arena(p);
	struct value *m = value_new_map(a);
	pg_set_text(p, m, "label", pg_tr(p, label_key));
	value_map_set_bool(a, m, "fast", fast);
	const struct value *had = value_map_get(c, "marks");
	struct value *marks = value_new_list(a);
	for (size_t i = 0; i < value_list_len(had); i++)
		value_list_push(a, marks, had->u.list.items[i]);
	value_list_push(a, marks, m);
	value_map_set(a, c, "marks", marks);
	value_map_set_bool(a, c, "has_marks", true);
}

void pg_cell_set_best(const struct page_ctx *p, struct value *c)
{
	value_map_set_bool(pg_arena(p), c, "best", true);
	pg_cell_update_class(p, c);
}

bool pg_ties_best(const struct page_ctx *p, struct figure f, struct figure top, enum fmt k,
		  const char *unit, int direction)
{
	return figure_ok(f) && figure_ok(top) &&
	       cmp_ties_best(f.value, pg_fmt_value(p, f.value, k, unit), top.value,
			     pg_fmt_value(p, top.value, k, unit), direction);
}

/* The cell `c` marked as the winner of its row: a cell on top of it (the
 * cells of comparisons are shared by many pages). */
struct value *pg_cell_won(const struct page_ctx *p, const struct value *c)
{
	struct value *won = pg_cell_on_top(p, c);
	pg_cell_set_best(p, won);
	pg_cell_mark(p, won, "cmp.better", true);
	return won;
}

/* ---- GPU figures ---- */

struct figure pg_spec_figure(const struct gpu *g, enum gpu_column col)
{
	return figure_of(gpu_column_num(g, col), "why.not_stated");
}

/* What a 0 in GPU column `col` is printed as (the schema's if_zero: a
 * source's "none", as NVLink's), or NULL for a plain 0. */
static const char *spec_zero_key(enum gpu_column col)
{
	const struct col_spec *cs =
		schema_column_spec(&schema_tables[TABLE_GPUS], gpu_columns[col].name);
	return cs ? cs->if_zero : NULL;
}

const char *pg_fmt_spec(const struct page_ctx *p, enum gpu_column col, double v)
{
	const char *zero = v == 0 ? spec_zero_key(col) : NULL;
	if (zero)
		return pg_tr(p, zero);
	if (!gpu_columns[col].unit)
		return pg_fmt_usd(p, v);
	return pg_fmt_unit(p, v, gpu_columns[col].unit);
}

struct value *pg_spec_cell(const struct page_ctx *p, const struct gpu *g, enum gpu_column col)
{
	struct figure f = pg_spec_figure(g, col);
	struct value *c = pg_cell_figure(p, f, FMT_UNIT, gpu_columns[col].unit);
	if (figure_ok(f) && f.value == 0 && spec_zero_key(col))
		pg_cell_set_text(p, c, pg_fmt_spec(p, col, f.value));
	return c;
}

struct figure pg_list_price_figure(const struct gpu *g)
{
	return figure_of(g->price_usd_min, "why.no_list_price");
}

/* The list price: one figure or a min–max range. */
struct value *pg_list_price_cell(const struct page_ctx *p, const struct gpu *g)
{
	struct value *c = pg_cell_figure(p, pg_list_price_figure(g), FMT_USD, NULL);
	if (g->price_usd_min.ok && g->price_usd_max.ok)
		pg_cell_set_text(p, c, pg_fmt_usd_range(p, g->price_usd_min.v,
						  g->price_usd_max.v, NULL));
	return c;
}

struct figure pg_rent_figure(const struct page_ctx *p, size_t g)
{
	return p->in->metrics.prices[g].lowest;
}

struct figure pg_rent_shown(const struct page_ctx *p, size_t g)
{
	guide_ledger_show_price(p, g);
	return pg_rent_figure(p, g);
}

const char *pg_segment_text(const struct page_ctx *p, const struct gpu *g)
{
	if (!g->segment || !*g->segment)
		return "";
	return pg_tr(p, arena_printf(pg_arena(p), "gpu.segment_%s", g->segment));
}

const char *pg_fp8_text(const struct page_ctx *p, const struct gpu *g)
{
	return g->fp8 == 1 ? pg_tr(p, "gpu.yes") : g->fp8 == 0 ? pg_tr(p, "gpu.no") : "";
}

const char *pg_technique_difficulty(const struct page_ctx *p, const struct technique *t)
{
	if (!t->difficulty || !*t->difficulty)
		return "";
	return pg_tr(p, arena_printf(pg_arena(p), "tech.difficulty_%s", t->difficulty));
}

/* The GPU's speed on a relative-speed benchmark, against the baseline. */
struct figure pg_relative_speed(const struct page_ctx *p, size_t b, size_t g)
{
	return metrics_speed_vs_baseline(&p->in->data, &p->in->metrics, b, g);
}

/* The note of a row: note_<lang>, note_en or note. */
const char *pg_row_note(const struct page_ctx *p, enum data_table_id t, size_t row)
{
	return i18n_row_note(&p->in->data, t, row, p->l);
}

const char *pg_result_conditions(const struct page_ctx *p, const struct result *x)
{
	const char *said = pg_raw_cell_lang(p, TABLE_RESULTS, x->row, "conditions");
	struct result_cards rc = metrics_result_cards(&p->in->data, x);
	if (!rc.several && !rc.counted)
		return said;
	const char *params = pg_fmt_number(p, p->in->data.benchmarks[x->benchmark].params_b.v);
	const char *counted =
		rc.several ? pg_fill(p, "cmp.cards_several", "params", params, "precision",
				     pg_upper(p, METRICS_LEAST_PRECISION), NULL)
			   : pg_fill(p, i18n_count_key(pg_arena(p), "cmp.cards_counted", (size_t)rc.n),
				     "n", pg_fmt_number(p, rc.n), "params",
				     params, "precision", pg_upper(p, METRICS_DEFAULT_PRECISION), NULL);
	if (!*said)
		return counted;
	struct buf own = BUF_INIT, *b = pg_text_buf(p, &own);
	i18n_add_in_brackets(&p->in->i18n, p->l, b, said, counted); /* both stand after the figure */
	return pg_keep(p, b);
}

void pg_show_result_cards(const struct page_ctx *p, const struct result *x)
{
	struct result_cards rc = metrics_result_cards(&p->in->data, x);
	if (rc.counted)
		guide_ledger_show_fit(p, p->in->data.benchmarks[x->benchmark].params_b.v,
				      METRICS_DEFAULT_PRECISION, x->gpu);
}

/* "3 h" or "25 min" when the source gave minutes. */
static const char *pg_hours_text(const struct page_ctx *p, const struct task_cost *c)
{
	if (c->time_row >= 0) {
		const struct task_time *tt = &p->in->data.task_times[c->time_row];
		const char *min = pg_raw_cell(p, TABLE_TASK_TIMES, tt->row, "minutes");
		if (*min)
			return pg_fmt_unit(p, strtod(min, NULL), "unit.min");
	}
	return pg_fmt_duration(p, c->hours.value);
}

/* "3 h", "40 min", "4–8 h": i18n_format_hours_range. */
const char *pg_fmt_hours(const struct page_ctx *p, double lo, double hi)
{
	struct buf own = BUF_INIT, *b = pg_text_buf(p, &own);
	i18n_format_hours_range(b, &p->in->i18n, lo, hi, p->l);
	return pg_keep(p, b);
}

const char *pg_hours_range_text(const struct page_ctx *p, const struct task_cost *c)
{
	guide_ledger_show_time(p, c->task, c->gpu);
	return pg_hours_range_words(p, c);
}

const char *pg_hours_range_words(const struct page_ctx *p, const struct task_cost *c)
{
	if (!figure_ok(c->hours_max))
		return pg_hours_text(p, c);
	return pg_fmt_hours(p, c->hours.value, c->hours_max.value);
}

struct value *pg_hours_cell(const struct page_ctx *p, const struct task_cost *c)
{
	guide_ledger_show_time(p, c->task, c->gpu);
	struct value *cell = pg_cell_figure(p, c->hours, FMT_UNIT, "unit.h");
	if (!figure_ok(c->hours))
		return cell;
	pg_cell_set_text(p, cell, pg_hours_range_text(p, c));
	if (c->fastest)
		pg_cell_mark(p, cell, "task.fastest", true);
	if (findings_time_questioned(&p->in->metrics, c->task, c->gpu))
		pg_cell_set_why(p, cell, "task.questioned");
	return cell;
}

/* "$1.17", or "$1.76–$3.52" when the time is a range. */
const char *pg_cost_text(const struct page_ctx *p, const struct task_cost *c)
{
	guide_ledger_show_cost(p, c->task, c->gpu);
	return pg_cost_words(p, c);
}

const char *pg_cost_words(const struct page_ctx *p, const struct task_cost *c)
{
	return pg_fmt_usd_range(p, c->cost.value, figure_ok(c->cost_max)
			     ? c->cost_max.value : c->cost.value, NULL);
}

struct value *pg_cost_cell(const struct page_ctx *p, const struct task_cost *c)
{
	guide_ledger_show_cost(p, c->task, c->gpu);
	struct value *cell = pg_cell_figure(p, c->cost, FMT_USD, NULL);
	if (!figure_ok(c->cost))
		return cell;
	pg_cell_set_text(p, cell, pg_cost_text(p, c));
	if (c->cheapest)
		pg_cell_mark(p, cell, "task.cheapest", false);
	return cell;
}

/* Who quotes a price: the provider, or "unnamed provider". */
static const char *pg_quote_provider(const struct page_ctx *p, const struct price *q)
{
	return *q->provider ? q->provider : pg_tr(p, "quote.no_provider");
}

/* The quote a cost is priced at, in words: "$1.89/h (unnamed provider, How
 * to choose…, 4 cards, $7.56/h in total)", and why this quote when it is
 * not one of the source of `what` (a job's time, a result, a stated cost). */
const char *pg_quote_text(const struct page_ctx *p, long row, enum quote_choice why,
			  enum quote_for what)
{
	static const char *const lowest[] = { [QUOTE_FOR_TIME] = "quote.lowest.time",
					      [QUOTE_FOR_RESULT] = "quote.lowest.result",
					      [QUOTE_FOR_STATED] = "quote.lowest.stated" };
	if (row < 0)
		return "";
	guide_ledger_show_quote(p, (size_t)row);
	const struct price *q = &p->in->data.prices[row];
	const char *cards = "";
	if (q->cards > 1) {
		guide_ledger_show_quote_total(p, (size_t)row);
		cards = pg_fill(p, "quote.for_cards", "cards", pg_fmt_number(p, q->cards),
			     "total", pg_fmt_per_hour(p, data_quote_total(q)), NULL);
	}
	const char *text = pg_fill(p, "quote.text", "price", pg_fmt_per_hour(p, q->usd_per_hour),
				"provider", pg_quote_provider(p, q),
				"source", pg_source_titles(p, q->source), "cards", cards,
				NULL);
	if (why == QUOTE_LOWEST)
		text = pg_fill(p, lowest[what], "quote", text, NULL);
	return text;
}

const char *pg_cards_needed_how(const struct page_ctx *p, bool tight)
{
	const char *how = pg_fill(p, "inf.cards_how", "precision",
				  pg_upper(p, METRICS_DEFAULT_PRECISION), NULL);
	if (!tight)
		return how;
	return arena_printf(pg_arena(p), "%s%s%s", how, pg_tr(p, "punct.gap"),
			    pg_fill(p, "inf.tight_how", "headroom",
				    pg_fmt_percent(p, METRICS_FIT_HEADROOM * 100), NULL));
}

/* The cost a source states for this job ("about $545"), or "". */
const char *pg_stated_text(const struct page_ctx *p, long stated)
{
	if (stated < 0)
		return "";
	const struct stated_cost *sc = &p->in->data.stated_costs[stated];
	const char *v = pg_fmt_usd_range(p, sc->usd, sc->usd_max.ok ? sc->usd_max.v
				      : sc->usd, NULL);
	return sc->approx ? pg_fill(p, "stated.about", "x", v, NULL) : v;
}

/* The stated cost beside the computed one, marked when they differ beyond
 * the stated figure's rounding. */
struct value *pg_stated_cell(const struct page_ctx *p, long stated)
{
	struct value *cell = pg_cell_text(p, pg_stated_text(p, stated), "why.not_stated");
	if (stated < 0)
		return cell;
	guide_ledger_show_stated(p, (size_t)stated);
	const struct stated_check *k = &p->in->metrics.checks[stated];
	if (figure_ok(k->computed))
		pg_cell_mark(p, cell, k->agrees ? "stated.agrees" : "stated.differs",
			  k->agrees);
	return cell;
}

const char *pg_pair_title(const struct page_ctx *p, size_t x, size_t y)
{
	size_t a = x < y ? x : y, b = x < y ? y : x;
	return pg_fill(p, "cmp.page_title", "a", p->in->data.gpus[a].name,
		    "b", p->in->data.gpus[b].name, NULL);
}

const char *pg_upper(const struct page_ctx *p, const char *s)
{
	struct buf own = BUF_INIT, *b = pg_text_buf(p, &own);
	text_add_upper(b, s);
	return pg_keep(p, b);
}

/* The kit of the build, made on its first use (see struct pages_kit). */
struct pages_kit *pg_kit(struct site *s)
{
	if (s->in.pages_kit)
		return s->in.pages_kit;
	struct pages_kit *k = arena_alloc(&s->arena, sizeof *k);
	for (int numeric = 0; numeric < 2; numeric++)
		for (int missing = 0; missing < 2; missing++) {
			k->proto[numeric][missing] = pg_cell_proto(&s->arena, numeric, missing);
			/* the parent of every cell of its kind: digested once */
			value_seal(&s->arena, k->proto[numeric][missing]);
		}
	for (int l = 0; l < LANG_COUNT; l++)
		k->pairs[l] = NULL;
	k->pairs_made = false;
	s->in.pages_kit = k;
	return k;
}

struct page_ctx pg_planning(struct site *s, enum lang l, const char *path,
			    struct buf *scratch)
{
	pg_kit(s);
	guide_charts_init(s);
	return (struct page_ctx){
		.in = &s->in, .arena = &s->arena, .diag = s->diag,
		.marks = guide_ledger_plan_sink(s), .charts = s->charts,
		.timings = s->timings, .lang_keys = s->plan.lang_ctx[l], .l = l,
		.path = path, .scratch = scratch,
	};
}

const char *pg_report_pdf_href(const struct page_ctx *p)
{
	if (!p->in->opt.out)
		return NULL;
	const char *file = arena_printf(pg_arena(p), "%s/%s/" PG_REPORT_PDF, p->in->opt.out,
					lang_code(p->l));
	struct fs_file_id id; /* a regular file, not a link */
	return fs_file_id_at(AT_FDCWD, file, &id) == 0 ? pg_href_to(p, PG_REPORT_PDF) : NULL;
}

