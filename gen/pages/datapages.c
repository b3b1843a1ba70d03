#include "pages/datapages.h"

#include "base/buf.h"
#include "publish/assets.h"
#include "base/csv.h"
#include "view/guide_ledger.h"
#include "view/nodata.h"
#include "view/present.h"
#include "base/diag.h"
#include "pages/health.h"
#include "template/mustache.h"
#include "publish/output.h"
#include "model/compare.h"
#include "model/findings.h"
#include "model/i18n.h"
#include "model/schema.h"
#include "view/site.h"
#include "base/text.h"
#include "template/value.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ---- Small helpers ---- */

/* What the helpers below build with: an arena (the build's while the
 * data pages are planned, a rendering thread's for a table page, built
 * when it is rendered) and the build's inputs, read only. */
struct dp {
	struct arena *arena;
	const struct site_inputs *in;
	/* the GPU and task pages a table's cells may link to, "<lang>/<path>"
	 * sorted (linkable_pages; NULL: none) */
	const struct linkable *linked;
	const struct page_ctx *pc; /* the page's, for its ledger figures (or NULL) */
};
#define DP_OF(site) ((struct dp){ &(site)->arena, &(site)->in, NULL, NULL })
#define DP_OF_PAGE(p) ((struct dp){ (p)->arena, (p)->in, NULL, (p) }) /* a page's own */

struct linkable {
	const char **keys;
	size_t n;
};

static const char *tr(const struct dp *s, enum lang l, const char *key)
{
	return i18n_get(&s->in->i18n, l, key);
}

static const char *trf(const struct dp *s, enum lang l, const char *fmt,
		       const char *arg)
{
	return tr(s, l, arena_printf(s->arena, fmt, arg));
}

/* The reader's name of a key's thing in `l` when data/i18n.csv has it,
 * else `raw` (a column or value the strings do not know yet). */
static const char *tr_or(const struct dp *s, enum lang l, const char *key,
			 const char *raw)
{
	return i18n_has(&s->in->i18n, key) ? tr(s, l, key) : raw;
}

/* A column's head: data.col.<table>.<column> where a table names it apart
 * (prices' kind: billing), else data.col.<column> ("显存（GB）": vram_gb). */
static const char *column_label(const struct dp *s, enum lang l, const char *table,
				const char *column)
{
	const char *col = tr_or(s, l, arena_printf(s->arena, "data.col.%s", column), column);
	return tr_or(s, l, arena_printf(s->arena, "data.col.%s.%s", table, column), col);
}

/* The name a reader knows row `id` of table `ref` by, in `l`: its
 * name_<lang> or title_<lang> (else name or title) column; the id when the
 * table has no such row or column. */
static const char *ref_name(const struct dp *s, enum lang l, const char *ref,
			    const char *id)
{
	const struct table *t = data_table(&s->in->data, ref);
	if (!t)
		return id;
	/* "name_en", "title_en": on the stack (a data page asks per cell) */
	char name_l[16] = "name_", title_l[16] = "title_";
	strncat(name_l, lang_code(l), sizeof name_l - sizeof "name_");
	strncat(title_l, lang_code(l), sizeof title_l - sizeof "title_");
	const char *want[] = { name_l, title_l, "name", "title" };
	long idc = -1, namec = -1;
	for (size_t c = 0; c < t->ncols; c++)
		if (!strcmp(t->cols[c], "id"))
			idc = (long)c;
	for (size_t w = 0; w < sizeof want / sizeof *want && namec < 0; w++)
		for (size_t c = 0; c < t->ncols; c++)
			if (!strcmp(t->cols[c], want[w]))
				namec = (long)c;
	if (idc < 0 || namec < 0)
		return id;
	for (size_t r = 0; r < t->nrows; r++)
		if (!strcmp(t->rows[r][idc], id) && *t->rows[r][namec]) /* a title in its marks */
			return strncmp(t->cols[namec], "title", 5) ? t->rows[r][namec]
				: site_title_marked(s->arena, &s->in->i18n, l, t->rows[r][namec]);
	return id;
}

/* A cell's text as a reader reads it: a number with its thousands grouped
 * ("3,350"), an enum value by its name
 * (data.enum.<value>: "按需" for on-demand), a yes or no by what it says
 * of its column (data.bool.<column>.<yes|no>: "支持" for fp8 yes); any
 * other text as it is. */
static const char *cell_text(const struct dp *s, enum lang l,
			     const struct col_spec *cs, const char *column,
			     const char *text)
{
	if (!cs || !*text)
		return text;
	if (cs->type == COL_NUMBER || cs->type == COL_INTEGER) {
		struct buf b = BUF_INIT;
		i18n_group_number_text(&b, text);
		const char *r = arena_strdup(s->arena, b.ptr);
		buf_release(&b);
		return r;
	}
	if (cs->type == COL_ENUM)
		return tr_or(s, l, arena_printf(s->arena, "data.enum.%s", text), text);
	if (cs->type == COL_BOOL)
		return tr_or(s, l, arena_printf(s->arena, "data.bool.%s.%s", column, text),
			     text);
	if ((cs->type == COL_REF || cs->type == COL_REFS) && cs->ref) {
		/* the rows it names, by their names ("RTX 4090", a source's
		 * title), separated as a list of the language */
		struct buf b = BUF_INIT;
		for (const char *p = text; *p;) {
			size_t n = strcspn(p, ";");
			if (b.len)
				buf_adds(&b, tr(s, l, "list.sep"));
			buf_adds(&b, ref_name(s, l, cs->ref, arena_strndup(s->arena, p, n)));
			p += n;
			if (*p == ';')
				p++;
		}
		const char *r = arena_strdup(s->arena, b.ptr ? b.ptr : "");
		buf_release(&b);
		return r;
	}
	return text;
}

/* Fill the i18n template `key` with up to two {name} slots. */
static const char *fill(const struct dp *s, enum lang l, const char *key,
			const char *n1, const char *t1, const char *n2,
			const char *t2)
{ /* a placeholder nobody fills is an error (i18n_fill_key) */
	const char *const names[2] = { n1, n2 ? n2 : "" }, *const vals[2] = { t1, t2 };
	struct buf b = BUF_INIT;
	i18n_fill_key(&b, &s->in->i18n, l, key, names, vals, n2 ? 2 : 1);
	char *r = arena_strndup(s->arena, b.ptr, b.len);
	buf_release(&b);
	return r;
}

static const char *number_text(const struct dp *s, enum lang l, double v)
{
	struct buf b = BUF_INIT;
	i18n_format_number(&b, v, l);
	char *r = arena_strndup(s->arena, b.ptr, b.len);
	buf_release(&b);
	return r;
}

static const char *rows_text(const struct dp *s, enum lang l, size_t n)
{
	if (n == 1)
		return tr(s, l, "data.row_one");
	return fill(s, l, "data.rows_count", "n", number_text(s, l, (double)n),
		    NULL, NULL);
}

static const char *tolerance_text(const struct dp *s, enum lang l)
{
	return arena_printf(s->arena, "%s%%",
			    number_text(s, l, METRICS_TOLERANCE * 100.0));
}

/* A string the context borrows (it lives as long as the build). */
static void set_text(const struct dp *s, struct value *m, const char *key,
		     const char *text)
{
	value_map_set(s->arena, m, key,
		      value_new_string_borrowed(s->arena, text ? text : ""));
}

static void set_bool(const struct dp *s, struct value *m, const char *key, bool b)
{
	value_map_set_bool(s->arena, m, key, b);
}

/* The link to the page `to` from the page at `from`: a page's own leads
 * where pg_href_to does (a part of the report that holds it). */
static const char *dp_href(const struct dp *s, enum lang l, const char *from, const char *to)
{
	return s->pc ? pg_href_to(s->pc, to) : site_href(s->arena, l, from, l, to);
}

/* True when `id` is one of the ";"-separated ids of `refs`. */
static bool refs_contain(const char *refs, const char *id)
{
	size_t len = strlen(id);
	for (const char *p = refs; *p;) {
		const char *end = strchr(p, ';');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		if (n == len && !memcmp(p, id, len))
			return true;
		p += n;
		if (*p == ';')
			p++;
	}
	return false;
}

static bool is_numeric(const struct col_spec *c)
{
	return c && (c->type == COL_NUMBER || c->type == COL_INTEGER);
}

static struct value *crumb(const struct dp *s, enum lang l, const char *from,
			   const char *title, const char *to)
{
	struct value *m = value_new_map(s->arena);
	set_text(s, m, "title", title);
	set_text(s, m, "href", dp_href(s, l, from, to));
	return m;
}

/* Home, then (for pages below it) Data. */
static struct value *crumbs_for(const struct dp *s, enum lang l, const char *from,
				bool below_data)
{
	struct value *list = value_new_list(s->arena);
	value_list_push(s->arena, list,
			crumb(s, l, from, tr(s, l, "nav.home"), ""));
	if (below_data)
		value_list_push(s->arena, list,
				crumb(s, l, from, tr(s, l, "nav.data"), "data/"));
	return list;
}

static void add_page(struct site *site, enum lang l, const char *path,
		     const char *template_name, const char *title,
		     const char *description, struct value *ctx, bool below_data)
{
	const struct dp dp = DP_OF(site), *s = &dp;
	struct page_spec p = {
		.lang = l,
		.path = path,
		.alt_path = path,
		.template_name = template_name,
		.title = title,
		.description = description,
		.section = "data",
		.ctx = ctx,
		.crumbs = crumbs_for(s, l, path, below_data),
	};
	site_add_page(site, &p);
}

/* Table i when it was read from a file: an optional table whose file is
 * missing (data.h) has no page and no download. */
static const struct table *loaded_table(const struct dp *s, size_t i)
{
	const struct table *t = &s->in->data.tables[i];
	return t->name && !csv_table_missing(t) ? t : NULL;
}

/* The link to sources/ (with an anchor) from the page at `from`. */
static const char *source_href(const struct dp *s, enum lang l, const char *from,
			       const char *id)
{
	return dp_href(s, l, from, arena_printf(s->arena, "sources/#%s", id));
}

/* ---- data/ ---- */

/* Where table t is published: "data/<name>/" its page below a language's
 * root (`end` "/"), "data/<name>.csv" its file below the site's (".csv"). */
static const char *table_path(const struct dp *s, const struct table *t, const char *end)
{
	return arena_printf(s->arena, "data/%s%s", t->name, end);
}

static struct value *table_summary(const struct dp *s, enum lang l,
				   const char *from, const struct table *t)
{
	struct value *m = value_new_map(s->arena);
	const char *csv = table_path(s, t, ".csv");
	set_text(s, m, "name", t->name);
	set_text(s, m, "label", trf(s, l, "data.table.%s", t->name));
	set_text(s, m, "about", trf(s, l, "data.about.%s", t->name));
	set_text(s, m, "file", t->path);
	set_text(s, m, "href", dp_href(s, l, from, table_path(s, t, "/")));
	set_text(s, m, "csv_href", site_root_href(s->arena, from, csv));
	set_text(s, m, "csv_name", arena_printf(s->arena, "%s.csv", t->name));
	set_text(s, m, "rows", number_text(s, l, (double)t->nrows));
	set_text(s, m, "rows_text", rows_text(s, l, t->nrows));
	set_text(s, m, "cols", number_text(s, l, (double)t->ncols));
	set_text(s, m, "download_text",
		 fill(s, l, "data.download_csv", "file",
		      arena_printf(s->arena, "%s.csv", t->name), NULL, NULL));
	return m;
}

/* Links to the other data pages (data-links partial), named as a page's
 * own when `own` (the report's part's are named by report.c). */
static void set_data_links(const struct dp *s, enum lang l, const char *from,
			   struct value *ctx, bool own)
{
	if (own)
		set_text(s, ctx, "data_more_label", tr(s, l, "data.more"));
	set_text(s, ctx, "data_href", dp_href(s, l, from, "data/"));
	set_text(s, ctx, "sources_href", dp_href(s, l, from, "sources/"));
	set_text(s, ctx, "health_href", dp_href(s, l, from, "health/"));
	set_text(s, ctx, "methodology_href", dp_href(s, l, from, "methodology/"));
}

static void plan_data_index(struct site *site, enum lang l)
{
	const struct dp dp = DP_OF(site), *s = &dp;
	const char *path = "data/";
	struct value *tables = value_new_list(s->arena);
	for (size_t i = 0; i < TABLE_COUNT; i++) {
		const struct table *t = loaded_table(s, i);
		if (t)
			value_list_push(s->arena, tables, table_summary(s, l, path, t));
	}
	struct value *ctx = value_new_map(s->arena);
	value_map_set(s->arena, ctx, "tables", tables);
	size_t nf = s->in->metrics.nfindings;
	set_text(s, ctx, "findings_text", fill(s, l, i18n_count_key(s->arena, "data.findings", nf),
					       "n", number_text(s, l, (double)nf), NULL, NULL));
	set_data_links(s, l, path, ctx, true);
	/* the figure ledger the build writes beside the tables (guide_ledger.h) */
	set_text(s, ctx, "figures_href", site_root_href(s->arena, path, GUIDE_LEDGER_FILE));
	add_page(site, l, path, "pages/data", tr(s, l, "nav.data"),
		 tr(s, l, "data.desc"), ctx, false);
}

/* ---- data/<table>/ ---- */

static const char *type_text(const struct dp *s, enum lang l,
			     const struct col_spec *c)
{
	if (!c)
		return tr(s, l, "data.type.extra");
	switch (c->type) {
	case COL_TEXT: return tr(s, l, "data.type.text");
	case COL_ID: return tr(s, l, "data.type.id");
	case COL_NUMBER: return tr(s, l, "data.type.number");
	case COL_INTEGER: return tr(s, l, "data.type.integer");
	case COL_BOOL: return tr(s, l, "data.type.bool");
	case COL_DATE: return tr(s, l, "data.type.date");
	case COL_URL: return tr(s, l, "data.type.url");
	case COL_ENUM: {
		struct buf b = BUF_INIT;
		for (const char *const *v = c->values; v && *v; v++)
			buf_addf(&b, "%s%s", v == c->values ? "" : tr(s, l, "list.sep"), *v);
		const char *r = fill(s, l, "data.type.enum", "values", b.ptr,
				     NULL, NULL);
		buf_release(&b);
		return r;
	}
	case COL_REF:
	case COL_REFS:
		return fill(s, l, c->type == COL_REF ? "data.type.ref"
						     : "data.type.refs",
			    "table", arena_printf(s->arena, "%s.csv",
						  c->ref ? c->ref : "?"),
			    NULL, NULL);
	}
	return "";
}

/* Whether a column may be empty, and what an empty cell then says. */
static const char *column_need(const struct dp *s, enum lang l, const struct col_spec *cs)
{
	if (cs && cs->required)
		return tr(s, l, "data.required");
	if (cs && cs->if_empty)
		return fill(s, l, "data.optional_means", "means", tr(s, l, cs->if_empty),
			    NULL, NULL);
	return tr(s, l, cs && (is_numeric(cs) || cs->nodata) ? "data.optional"
							     : "data.optional_blank");
}

static struct value *column_list(const struct dp *s, enum lang l,
				 const struct table *t,
				 const struct table_spec *spec)
{
	struct value *list = value_new_list(s->arena);
	for (size_t c = 0; c < t->ncols; c++) {
		const struct col_spec *cs = schema_column_spec(spec, t->cols[c]);
		struct value *m = value_new_map(s->arena);
		set_text(s, m, "name", t->cols[c]);
		set_text(s, m, "label", column_label(s, l, t->name, t->cols[c]));
		set_bool(s, m, "num", is_numeric(cs));
		set_text(s, m, "type", type_text(s, l, cs));
		set_text(s, m, "need", column_need(s, l, cs));
		value_list_push(s->arena, list, m);
	}
	return list;
}

/* The GPU and task pages the plan has (planned before the data pages), in
 * the build arena: what a table page, built when it is rendered (not
 * seeing the plan), may link its cells to. */
static const struct linkable *linkable_pages(struct site *site)
{
	static const char *const refs[] = { "gpus", "tasks" };
	const struct table *tables[2];
	size_t most = 0;
	for (size_t r = 0; r < 2; r++) {
		tables[r] = data_table(&site->in.data, refs[r]);
		most += tables[r] ? tables[r]->nrows : 0;
	}
	struct linkable *lk = arena_alloc(&site->arena, sizeof *lk);
	lk->keys = arena_alloc(&site->arena, (LANG_COUNT * most + 1) * sizeof *lk->keys);
	for (int l = 0; l < LANG_COUNT; l++)
		for (size_t r = 0; r < 2; r++) {
			const struct table *t = tables[r];
			long c = t ? csv_table_column(t, "id") : -1;
			for (size_t i = 0; c >= 0 && i < t->nrows; i++) {
				const char *key = arena_printf(&site->arena, "%s/%s/%s/",
							       lang_code((enum lang)l), refs[r],
							       t->rows[i][c]);
				const char *path = key + strlen(lang_code((enum lang)l)) + 1;
				if (site_has_page(site, (enum lang)l, path))
					lk->keys[lk->n++] = key;
			}
		}
	if (lk->n)
		qsort(lk->keys, lk->n, sizeof *lk->keys, text_compare_strings);
	return lk;
}

/* The page of row `id` of table `ref` when the plan has one: a source's
 * entry on sources/, a GPU's or a task's own page (planned by pages.c;
 * without it, no link). */
static const char *ref_href(const struct dp *s, enum lang l, const char *from,
			    const char *ref, const char *id)
{
	if (!strcmp(ref, "sources"))
		return source_href(s, l, from, id);
	if (strcmp(ref, "gpus") && strcmp(ref, "tasks"))
		return NULL;
	if (!s->linked || !s->linked->n)
		return NULL;
	const char *key = arena_printf(s->arena, "%s/%s/%s/", lang_code(l), ref, id);
	if (!bsearch(&key, s->linked->keys, s->linked->n, sizeof *s->linked->keys,
		     text_compare_strings))
		return NULL;
	return dp_href(s, l, from, key + strlen(lang_code(l)) + 1);
}

/* A cell of ids becomes links to their pages (NULL when none has one). */
static struct value *ref_links(const struct dp *s, enum lang l, const char *from,
			       const char *ref, const char *refs, bool named)
{
	struct value *links = value_new_list(s->arena);
	bool any = false;
	for (const char *p = refs; *p;) {
		const char *end = strchr(p, ';');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		const char *id = arena_strndup(s->arena, p, n);
		const char *href = ref_href(s, l, from, ref, id);
		struct value *m = value_new_map(s->arena);
		set_text(s, m, "text", named ? ref_name(s, l, ref, id) : id);
		set_text(s, m, "href", href);
		set_bool(s, m, "has_href", href != NULL);
		set_bool(s, m, "more", end != NULL);
		value_list_push(s->arena, links, m);
		any |= href != NULL;
		p += n;
		if (*p == ';')
			p++;
	}
	return any ? links : NULL;
}

/* The table a cell's ids point at: a reference column's table, or the
 * table itself for its own id column. */
static const char *cell_ref(const struct col_spec *cs, const char *table)
{
	if (!cs)
		return NULL;
	if (cs->type == COL_REF || cs->type == COL_REFS)
		return cs->ref;
	return cs->type == COL_ID ? table : NULL;
}

/* A data cell that says nothing more than its text: every key of
 * partials/data-cell, empty or false. Each cell of the build's data pages
 * has it as its parent and sets only what differs (thousands of cells),
 * and no lookup of a cell falls through to its page. Sealed: its digest
 * is worked out once. */
static struct value *cell_kit(const struct dp *s)
{
	struct value *m = value_new_map(s->arena);
	set_text(s, m, "text", NULL);
	set_text(s, m, "raw", NULL);
	set_bool(s, m, "code", false);
	set_bool(s, m, "num", false);
	set_bool(s, m, "nodata", false);
	set_text(s, m, "lang", NULL);
	set_bool(s, m, "has_links", false);
	value_map_set(s->arena, m, "links", value_new_list(s->arena));
	value_seal(s->arena, m);
	return m;
}

/* The UI string a cell of column `cs` in row r of t says instead of its
 * text, as the guide's other pages read it (the schema's if_empty: one
 * card, an unnamed provider; its if_zero: NVLink not supported; an empty
 * upper end beside a lower one: a figure that is no range), or NULL. */
static const char *cell_words_key(const struct col_spec *cs, const struct table *t,
				  size_t r, size_t c)
{
	const char *text = t->rows[r][c];
	double v;
	if (!cs || *text)
		return cs && cs->if_zero && schema_parse_number(text, &v) && v == 0
			? cs->if_zero : NULL;
	long low = cs->at_least ? csv_table_column(t, cs->at_least) : -1;
	return cs->if_empty ? cs->if_empty
		: is_numeric(cs) && low >= 0 && !cs->required && *t->rows[r][low]
		? "data.empty.no_upper" : NULL;
}

/* Cell c of row r of table t, on top of `kit` (cell_kit). */
static struct value *cell_value(const struct dp *s, enum lang l, const char *from,
				const struct table *t, size_t r, size_t c,
				const struct col_spec *cs, const struct value *kit)
{
	struct value *m = value_new_map(s->arena);
	value_map_set_parent(m, kit);
	bool num = is_numeric(cs);
	const char *column = t->cols[c], *text = t->rows[r][c], *table = t->name;
	const char *words = cell_words_key(cs, t, r, c);
	set_text(s, m, "text", words ? tr(s, l, words) : cell_text(s, l, cs, column, text));
	set_text(s, m, "raw", text); /* a number sorts by its value, not "3,350" */
	if (cs && cs->type == COL_ID && *text)
		set_bool(s, m, "code", true); /* an id is code */
	if (num)
		set_bool(s, m, "num", true);
	if (!*text && !words && (num || (cs && cs->nodata)))
		set_bool(s, m, "nodata", true);
	size_t base;
	int cl = lang_of_column(column, &base);
	/* a column of the other language's texts is marked as that language
	 * (screen readers read it so; the Chinese style check leaves it) */
	if (cl >= 0 && cl != (int)l)
		set_text(s, m, "lang", lang_code((enum lang)cl));
	struct value *links = NULL;
	const char *ref = cell_ref(cs, table);
	if (*text && ref) {
		links = ref_links(s, l, from, ref, text, cs->type != COL_ID);
	} else if (*text && cs && cs->type == COL_URL && text_url_is_safe(text)) {
		links = value_new_list(s->arena);
		struct value *a = value_new_map(s->arena);
		set_text(s, a, "text", text);
		set_text(s, a, "href", text);
		set_bool(s, a, "has_href", true);
		set_bool(s, a, "more", false);
		value_list_push(s->arena, links, a);
	}
	if (links) {
		set_bool(s, m, "has_links", true);
		value_map_set(s->arena, m, "links", links);
	}
	return m;
}

/* What a table's page is built from when it is rendered. */
struct table_page {
	const struct table *t;
	const struct value *kit;        /* cell_kit: sealed, shared */
	const struct linkable *linked;  /* linkable_pages */
	struct digest_value inputs;     /* all of these (table_page_inputs) */
};

/* All that build_table_page reads but the page's language and path: the
 * table, the tables its columns name (their rows' names), the pages its
 * ids link to, the cells' kit and the UI strings (`strings`, the digest of
 * data/i18n.csv), worked out once at planning. */
static struct digest_value table_page_inputs(const struct dp *s, const struct table_page *tp,
					     struct digest_value strings)
{
	const struct table_spec *spec = schema_table_spec(tp->t->name);
	struct digest d;
	digest_init(&d);
	digest_add_str(&d, "data table page");
	csv_table_digest(&d, tp->t);
	for (size_t c = 0; c < tp->t->ncols; c++) {
		const struct col_spec *cs = schema_column_spec(spec, tp->t->cols[c]);
		digest_add_byte(&d, cs && cs->ref);
		if (cs && cs->ref)
			csv_table_digest(&d, data_table(&s->in->data, cs->ref));
	}
	digest_add_u64(&d, tp->linked ? tp->linked->n : 0);
	for (size_t i = 0; tp->linked && i < tp->linked->n; i++)
		digest_add_str(&d, tp->linked->keys[i]);
	value_digest(tp->kit, &d);
	digest_add_value(&d, strings);
	return digest_end(&d);
}

static int table_page_digest(const struct page_ctx *pc, const struct page_spec *p,
			     struct digest_value *key)
{
	(void)pc;
	*key = ((const struct table_page *)p->arg)->inputs;
	return 0;
}

/* A table's page: its summary, columns and rows, built when it is
 * rendered, in the rendering thread's arena (its cells, a few hundred
 * thousand values for the big tables, are not held all build long). */
static struct value *build_table_page(const struct page_ctx *pc, const struct page_spec *p)
{
	const struct table_page *tp = p->arg;
	const struct table *t = tp->t;
	const struct dp dp = { pc->arena, pc->in, tp->linked, pc }, *s = &dp;
	enum lang l = pc->l;
	const char *path = p->path;
	const struct table_spec *spec = schema_table_spec(t->name);
	const struct col_spec **specs = arena_alloc(s->arena, (t->ncols + 1) * sizeof *specs);
	for (size_t c = 0; c < t->ncols; c++)
		specs[c] = schema_column_spec(spec, t->cols[c]);
	struct value *ctx = table_summary(s, l, path, t);
	value_map_set(s->arena, ctx, "columns", column_list(s, l, t, spec));
	struct value *rows = value_new_list(s->arena);
	/* a page holds at most DATAPAGES_MAX_ROWS rows (memory and page size
	 * stay bounded however large the table); the CSV download has all */
	size_t shown = t->nrows < DATAPAGES_MAX_ROWS ? t->nrows : DATAPAGES_MAX_ROWS;
	value_map_set_borrowed(s->arena, ctx, "rows_capped", shown < t->nrows
		? fill(s, l, "data.rows_capped", "shown", number_text(s, l, (double)shown),
		       "total", number_text(s, l, (double)t->nrows))
		: NULL);
	for (size_t r = 0; r < shown; r++) {
		struct value *cells = value_new_list(s->arena);
		for (size_t c = 0; c < t->ncols; c++)
			value_list_push(s->arena, cells,
					cell_value(s, l, path, t, r, c, specs[c], tp->kit));
		struct value *row = value_new_map(s->arena);
		value_map_set(s->arena, row, "cells", cells);
		value_list_push(s->arena, rows, row);
	}
	value_map_set(s->arena, ctx, "body_rows", rows);
	set_bool(s, ctx, "has_nodata", nodata_table_has_gap(rows, ctx, NULL));
	set_bool(s, ctx, "has_rows", t->nrows > 0);
	set_data_links(s, l, path, ctx, true);
	return ctx;
}

/* What table `t`'s pages (one per language) are built from. */
static struct table_page *table_page_new(const struct dp *s, const struct table *t,
					 const struct value *kit,
					 const struct linkable *linked,
					 struct digest_value strings)
{
	struct table_page *tp = arena_alloc(s->arena, sizeof *tp);
	*tp = (struct table_page){ t, kit, linked, { 0, 0 } };
	tp->inputs = table_page_inputs(s, tp, strings);
	return tp;
}

static void plan_table_page(struct site *site, enum lang l, struct table_page *tp)
{
	const struct dp dp = DP_OF(site), *s = &dp;
	const struct table *t = tp->t;
	const char *path = table_path(s, t, "/");
	struct page_spec p = {
		.lang = l,
		.path = path,
		.alt_path = path,
		.template_name = "pages/data-table",
		.title = trf(s, l, "data.table.%s", t->name),
		.description = trf(s, l, "data.about.%s", t->name),
		.section = "data",
		.build = build_table_page,
		.inputs = table_page_digest,
		.arg = tp,
		.crumbs = crumbs_for(s, l, path, true),
	};
	site_add_page(site, &p);
}

/* ---- sources/ ---- */

/* The tables that cite source `id`, with how many of their rows do. */
static struct value *cited_by(const struct dp *s, enum lang l, const char *from,
			      const char *id)
{
	struct value *list = value_new_list(s->arena);
	if (!strcmp(id, METRICS_ACCOUNTING_SOURCE)) {
		/* the rules of metrics cite it, not a table's rows */
		struct value *m = value_new_map(s->arena);
		set_text(s, m, "label", tr(s, l, "calc.title"));
		set_text(s, m, "href", dp_href(s, l, from, "calculator/#rules"));
		set_text(s, m, "rows_text", tr(s, l, "data.cited_rule"));
		value_list_push(s->arena, list, m);
	}
	for (size_t i = 0; i < TABLE_COUNT; i++) {
		const struct table *t = loaded_table(s, i);
		const struct table_spec *spec = t ? schema_table_spec(t->name) : NULL;
		if (!spec)
			continue;
		size_t n = 0;
		for (size_t k = 0; k < spec->ncols; k++) {
			const struct col_spec *cs = &spec->cols[k];
			long c = csv_table_column(t, cs->name);
			if (c < 0 || (cs->type != COL_REF && cs->type != COL_REFS) ||
			    !cs->ref || strcmp(cs->ref, "sources"))
				continue;
			for (size_t r = 0; r < t->nrows; r++)
				n += refs_contain(t->rows[r][c], id);
		}
		if (!n)
			continue;
		struct value *m = value_new_map(s->arena);
		set_text(s, m, "label", trf(s, l, "data.table.%s", t->name));
		set_text(s, m, "href", dp_href(s, l, from, table_path(s, t, "/")));
		set_text(s, m, "rows_text", rows_text(s, l, n));
		value_list_push(s->arena, list, m);
	}
	return list;
}

static void plan_sources_page(struct site *site, enum lang l)
{
	const struct dp dp = DP_OF(site), *s = &dp;
	const char *path = "sources/";
	struct value *list = value_new_list(s->arena);
	for (size_t i = 0; i < s->in->data.nsources; i++) {
		const struct source *src = &s->in->data.sources[i];
		struct value *m = value_new_map(s->arena);
		const char *alt = site_source_title(src, l);
		set_text(s, m, "id", src->id);
		set_text(s, m, "title", src->title);
		set_text(s, m, "title_alt", strcmp(alt, src->title) ? alt : "");
		set_text(s, m, "publisher", src->publisher);
		set_text(s, m, "date", i18n_date_text(s->arena, src->date, l));
		set_text(s, m, "lang_text",
			 src->lang ? trf(s, l, "data.lang.%s", src->lang) : "");
		bool zh = l == LANG_ZH;
		set_text(s, m, "kind", zh ? src->kind_zh : src->kind_en);
		set_text(s, m, "takes", zh ? src->takes_zh : src->takes_en);
		set_text(s, m, "interest", zh ? src->interest_zh : src->interest_en);
		bool url = src->url && *src->url && text_url_is_safe(src->url);
		set_text(s, m, "url", url ? src->url : "");
		struct value *cites = cited_by(s, l, path, src->id);
		value_map_set(s->arena, m, "cited_by", cites);
		set_bool(s, m, "has_cited_by", value_list_len(cites) > 0);
		value_list_push(s->arena, list, m);
	}
	struct value *ctx = value_new_map(s->arena);
	value_map_set(s->arena, ctx, "source_list", list);
	set_text(s, ctx, "csv_href", site_root_href(s->arena, path, "data/sources.csv"));
	add_page(site, l, path, "pages/sources", tr(s, l, "data.table.sources"),
		 tr(s, l, "data.sources_desc"), ctx, true);
}

/* ---- health/ ---- */

static struct value *finding_item(const struct dp *s, enum lang l, const char *from,
				  const struct finding *f, bool figures)
{
	struct value *m = value_new_map(s->arena);
	struct buf text = BUF_INIT, stated = BUF_INIT, computed = BUF_INIT;
	health_describe(s->in, f, l, &text);
	health_figures(s->in, f, l, &stated, &computed);
	if (s->pc)
		health_show_figures(s->pc, f);
	set_text(s, m, "text", arena_strndup(s->arena, text.ptr, text.len));
	set_text(s, m, "stated", arena_strndup(s->arena, stated.ptr, stated.len));
	set_text(s, m, "computed", arena_strndup(s->arena, computed.ptr, computed.len));
	set_bool(s, m, "has_figures", figures); /* its group's */
	buf_release(&text);
	buf_release(&stated);
	buf_release(&computed);

	const char *ids[32];
	size_t n = health_sources(s->in, f, ids, sizeof ids / sizeof ids[0]);
	struct value *sources = value_new_list(s->arena);
	for (size_t i = 0; i < n; i++) {
		const struct source *src = data_find_source(&s->in->data, ids[i]);
		struct value *sm = value_new_map(s->arena);
		set_text(s, sm, "text", site_title_marked(s->arena, &s->in->i18n, l,
						      src ? site_source_title(src, l) : ids[i]));
		set_text(s, sm, "href", source_href(s, l, from, ids[i]));
		set_bool(s, sm, "more", i + 1 < n);
		value_list_push(s->arena, sources, sm);
	}
	value_map_set(s->arena, m, "sources", sources);
	set_bool(s, m, "has_sources", n > 0);
	return m;
}

static struct value *health_context(const struct dp *s, enum lang l, const char *path, bool own)
{
	struct value *groups = value_new_list(s->arena);
	for (size_t k = 0; k < HEALTH_KIND_COUNT; k++) {
		enum finding_kind kind = health_kinds[k];
		const char *stem = health_kind_stem(kind);
		struct value *items = value_new_list(s->arena);
		bool figures = kind != FINDING_MISSING;
		for (size_t i = 0; i < s->in->metrics.nfindings; i++)
			if (s->in->metrics.findings[i].kind == kind)
				value_list_push(s->arena, items, finding_item(s, l, path,
						&s->in->metrics.findings[i], figures));
		if (!value_list_len(items))
			continue;
		struct value *g = value_new_map(s->arena);
		set_text(s, g, "id", stem);
		set_text(s, g, "heading",
			 fill(s, l, "health.heading_count", "heading",
			      trf(s, l, "health.kind.%s", stem), "count",
			      number_text(s, l, (double)value_list_len(items))));
		struct buf intro = BUF_INIT;
		health_intro(s->in, kind, l, &intro);
		set_text(s, g, "intro", arena_strndup(s->arena, intro.ptr, intro.len));
		buf_release(&intro);
		set_bool(s, g, "has_figures", figures);
		set_text(s, g, "stated_label",
			 figures ? trf(s, l, "health.stated.%s", stem) : "");
		set_text(s, g, "computed_label",
			 figures ? trf(s, l, "health.computed.%s", stem) : "");
		value_map_set(s->arena, g, "items", items);
		value_list_push(s->arena, groups, g);
	}
	struct value *ctx = value_new_map(s->arena);
	value_map_set(s->arena, ctx, "groups", groups);
	set_bool(s, ctx, "has_groups", value_list_len(groups) > 0);
	set_text(s, ctx, "lead",
		 fill(s, l, "health.lead", "count",
		      number_text(s, l, (double)s->in->metrics.nfindings),
		      "tolerance", tolerance_text(s, l)));
	set_data_links(s, l, path, ctx, own);
	return ctx;
}

struct value *datapages_health_context(const struct page_ctx *p)
{
	return health_context(&DP_OF_PAGE(p), p->l, p->path, false);
}

static void plan_health_page(struct site *site, enum lang l)
{
	const char *path = "health/";
	struct page_ctx pc = pg_planning(site, l, path, NULL);
	const struct dp dp = DP_OF_PAGE(&pc), *s = &dp;
	struct value *ctx = health_context(s, l, path, true);
	add_page(site, l, path, "pages/health", tr(s, l, "health.title"),
		 tr(s, l, "health.desc"), ctx, true);
}

/* ---- methodology/ ---- */

/* The reasons metrics gives for a missing figure (keys that exist). */
static const char *const missing_reasons[] = {
	"why.not_stated", "why.no_price", "why.no_list_price", "why.no_hours", "why.no_result",
	"why.no_baseline", "why.no_pair_result", "why.no_pair_hours", "why.no_vram", "why.no_rule",
	"why.zero", "why.unknown_precision", NULL
};

static const char *method_text(const struct dp *s, enum lang l, const char *key)
{
	long bi = metrics_baseline(&s->in->data, &s->in->metrics);
	const char *baseline = bi >= 0 ? s->in->data.gpus[bi].name : NULL;
	if (!baseline && !strcmp(key, "method.relative_speed.text"))
		key = "method.relative_speed.none"; /* no card is 1 on all its results */
	const struct source *acc = data_find_source(&s->in->data, METRICS_ACCOUNTING_SOURCE);
	const char *const pairs[12][2] = {
		{ "source", acc ? site_source_title(acc, l) : METRICS_ACCOUNTING_SOURCE },
		{ "tolerance", tolerance_text(s, l) },
		{ "baseline", baseline ? baseline : "" },
		{ "low", number_text(s, l, 3.0 * (1.0 - METRICS_TOLERANCE)) },
		{ "high", number_text(s, l, 3.0 * (1.0 + METRICS_TOLERANCE)) },
		{ "headroom", arena_printf(s->arena, "%s%%",
					   number_text(s, l, METRICS_FIT_HEADROOM * 100)) },
		{ "weights", number_text(s, l, METRICS_ADAM_WEIGHT_BYTES) },
		{ "gradients", number_text(s, l, METRICS_ADAM_GRADIENT_BYTES) },
		{ "optimizer", number_text(s, l, METRICS_ADAM_OPTIMIZER_BYTES) },
		{ "threshold", number_text(s, l, CMP_TIMES_ABOVE) },
		{ "precision", tr(s, l, "data.enum." METRICS_DEFAULT_PRECISION) },
		{ "least", tr(s, l, "data.enum." METRICS_LEAST_PRECISION) },
	};
	struct buf b = BUF_INIT;
	health_fill(&b, tr(s, l, key), sizeof pairs / sizeof pairs[0], pairs);
	char *r = arena_strndup(s->arena, b.ptr, b.len);
	buf_release(&b);
	return r;
}

static struct value *methodology_context(const struct dp *s, enum lang l, const char *path,
					 bool own)
{
	struct value *items = value_new_list(s->arena);
	size_t nmethods;
	const struct i18n_method *methods = i18n_methods(&nmethods);
	for (size_t i = 0; i < nmethods; i++) {
		struct value *m = value_new_map(s->arena);
		const char *id = methods[i].id;
		set_text(s, m, "id", id);
		set_text(s, m, "name", method_text(s, l, methods[i].name_key));
		set_text(s, m, "formula", methods[i].formula
			 ? method_text(s, l, arena_printf(s->arena,
							  "method.%s.formula", id))
			 : "");
		set_text(s, m, "text", method_text(s, l, arena_printf(
				 s->arena, "method.%s.text", id)));
		value_list_push(s->arena, items, m);
	}
	struct value *reasons = value_new_list(s->arena);
	for (size_t i = 0; missing_reasons[i]; i++) {
		if (!i18n_has(&s->in->i18n, missing_reasons[i]))
			continue;
		struct value *m = value_new_map(s->arena);
		set_text(s, m, "text", tr(s, l, missing_reasons[i]));
		value_list_push(s->arena, reasons, m);
	}
	struct value *ctx = value_new_map(s->arena);
	value_map_set(s->arena, ctx, "methods", items);
	value_map_set(s->arena, ctx, "reasons", reasons);
	set_bool(s, ctx, "has_reasons", value_list_len(reasons) > 0);
	set_data_links(s, l, path, ctx, own);
	return ctx;
}

struct value *datapages_methodology_context(const struct page_ctx *p)
{
	return methodology_context(&DP_OF_PAGE(p), p->l, p->path, false);
}

static void plan_methodology_page(struct site *site, enum lang l)
{
	const struct dp dp = DP_OF(site), *s = &dp;
	const char *path = "methodology/";
	struct value *ctx = methodology_context(s, l, path, true);
	add_page(site, l, path, "pages/methodology", tr(s, l, "nav.methodology"),
		 tr(s, l, "method.desc"), ctx, true);
}

void datapages_plan(struct site *site)
{
	const struct dp dp = DP_OF(site), *s = &dp;
	const struct value *kit = cell_kit(s);
	const struct linkable *linked = linkable_pages(site);
	struct digest d;
	digest_init(&d);
	csv_table_digest(&d, site->in.i18n.table);
	struct digest_value strings = digest_end(&d);
	struct table_page *pages[TABLE_COUNT] = { NULL };
	for (size_t t = 0; t < TABLE_COUNT; t++)
		if (loaded_table(s, t))
			pages[t] = table_page_new(s, loaded_table(s, t), kit, linked, strings);
	for (int i = 0; i < LANG_COUNT; i++) {
		enum lang l = (enum lang)i;
		plan_data_index(site, l);
		for (size_t t = 0; t < TABLE_COUNT; t++)
			if (pages[t])
				plan_table_page(site, l, pages[t]);
		plan_sources_page(site, l);
		plan_health_page(site, l);
		plan_methodology_page(site, l);
	}
}

/* ---- Files at the site root ---- */

/* The CSV downloads: each table's file as the build read it (read again,
 * it could disagree with the pages), but a table with a cell that would run
 * as a formula in a spreadsheet (or made by hand) written, those as text. */
int datapages_write_downloads(struct site *site, struct output *o)
{
	const struct dp dp = DP_OF(site), *s = &dp;
	struct buf safe = BUF_INIT;
	int rc = 0;
	for (size_t i = 0; i < TABLE_COUNT && rc == 0; i++) {
		const struct table *t = loaded_table(s, i);
		if (!t)
			continue;
		if (t->text && !csv_table_has_formula(t)) {
			rc = output_add(o, table_path(s, t, ".csv"), t->text, t->text_len);
			continue;
		}
		buf_reset(&safe);
		csv_table_write_safe(t, &safe);
		rc = output_add(o, table_path(s, t, ".csv"), safe.ptr, safe.len);
	}
	buf_release(&safe);
	return rc;
}
