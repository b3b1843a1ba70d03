/* site: the page registry (see site.h). */
#include "view/site.h"

#include "base/buf.h"
#include "base/diag.h"
#include "base/digest.h"
#include "base/text.h"
#include "chart/chart.h"
#include "model/metrics.h"
#include "template/value.h"
#include "base/xalloc.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <string.h>

/* ---- hrefs ---- */

/* Depth of a language-root path ("" 0, "gpus/" 1, "gpus/a/" 2) plus one for
 * the language folder itself. */
int site_path_depth(const char *path)
{
	int d = 1;
	for (const char *p = strchr(path, '/'); p; p = strchr(p + 1, '/'))
		d++;
	return d;
}

static void add_up(struct buf *b, int depth)
{
	for (int i = 0; i < depth; i++)
		buf_adds(b, "../");
}

const char *site_href(struct arena *a, enum lang from_lang, const char *from,
		      enum lang to_lang, const char *to)
{
	/* called for every link of every page: plain copies, no printf */
	size_t from_len = strlen(from), to_len = strlen(to);
	if (from_lang == to_lang && !strncmp(to, from, from_len)) {
		/* a page below this one: a plain relative path */
		if (to_len == from_len)
			return "./";
		return arena_strndup(a, to + from_len, to_len - from_len);
	}
	int depth = site_path_depth(from);
	const char *code = lang_code(to_lang);
	size_t code_len = strlen(code);
	char *r = arena_alloc(a, (size_t)depth * 3 + code_len + 1 + to_len + 1);
	char *p = r;
	for (int i = 0; i < depth; i++, p += 3)
		memcpy(p, "../", 3);
	memcpy(p, code, code_len);
	p += code_len;
	*p++ = '/';
	memcpy(p, to, to_len + 1);
	return r;
}

const char *site_root_href(struct arena *a, const char *from, const char *file)
{
	struct buf b = BUF_INIT;
	add_up(&b, site_path_depth(from));
	buf_adds(&b, file);
	char *r = arena_strndup(a, b.ptr, b.len);
	buf_release(&b);
	return r;
}

const char *site_page_file(struct arena *a, enum lang l, const char *path)
{
	return arena_printf(a, "%s/%sindex.html", lang_code(l), path);
}

/* "<lang>/<path>": a page's key in s->plan.page_paths. */
static void page_key(struct buf *key, enum lang l, const char *path)
{
	buf_adds(key, lang_code(l));
	buf_addc(key, '/');
	buf_adds(key, path);
}

void site_add_page(struct site *s, const struct page_spec *spec)
{
	ALLOC_GROW(s->plan.pages, s->plan.npages, s->plan.cap_pages);
	struct buf key = BUF_INIT;
	page_key(&key, spec->lang, spec->path);
	bool created;
	size_t *slot = strmap_slot(&s->plan.page_paths, key.ptr, &created);
	if (!created) {
		/* every output path is claimed once: two inputs (two GPU pairs,
		 * say) whose names join to the same path would overwrite each
		 * other; name both by their titles, which come from the data */
		const struct page_spec *first = &s->plan.pages[*slot];
		diag_error(s->diag, NULL, 0, 0,
			   "two pages would be %sindex.html: \"%s\" and \"%s\"; rename one of the ids they are made from",
			   key.ptr, first->title ? first->title : "", spec->title ? spec->title : "");
		buf_release(&key);
		return;
	}
	*slot = s->plan.npages;
	s->plan.pages[s->plan.npages++] = *spec;
	buf_release(&key);
}

bool site_has_page(const struct site *s, enum lang l, const char *path)
{
	struct buf key = BUF_INIT;
	page_key(&key, l, path);
	bool has = strmap_get(&s->plan.page_paths, key.ptr) != NULL;
	buf_release(&key);
	return has;
}

/* ---- breadcrumbs ---- */

static struct value *crumb(struct arena *a, enum lang l, const char *from,
			   const char *title, const char *to)
{
	struct value *m = value_new_map(a);
	value_map_set_str(a, m, "title", title);
	value_map_set_str(a, m, "href", site_href(a, l, from, l, to));
	return m;
}
struct value *site_crumbs(const struct site_inputs *in, struct arena *a, enum lang l,
			  const char *from, const char *section_key,
			  const char *section_path)
{
	struct value *list = value_new_list(a);
	value_list_push(a, list, crumb(a, l, from, i18n_get(&in->i18n, l, "nav.home"), ""));
	if (section_key)
		value_list_push(a, list, crumb(a, l, from, i18n_get(&in->i18n, l, section_key),
					       section_path));
	return list;
}

/* ---- sources ---- */

/* A source's title in language l: its own when it is written in l, else
 * its title_<l> when given (the original then goes beside it). */
const char *site_source_title(const struct source *src, enum lang l)
{
	if (!src->lang || !strcmp(src->lang, lang_code(l)))
		return src->title;
	const char *t = l == LANG_ZH ? src->title_zh : src->title_en;
	return t && *t ? t : src->title;
}

const char *site_source_original(struct arena *a, const struct i18n *t,
				 const struct source *src, enum lang l)
{
	if (!strcmp(site_source_title(src, l), src->title))
		return "";
	static const char *const names[] = { "title" };
	struct buf b = BUF_INIT;
	i18n_fill(&b, i18n_get(t, l, "data.original_title"), names, &src->title, 1);
	const char *out = arena_strndup(a, b.ptr, b.len);
	buf_release(&b);
	return out;
}

const char *site_source_kind(const struct source *src, enum lang l)
{
	const char *k = l == LANG_ZH ? src->kind_zh : src->kind_en;
	return k ? k : "";
}

const char *site_title_marked(struct arena *a, const struct i18n *t, enum lang l,
			      const char *title)
{
	return arena_printf(a, "%s%s%s", i18n_get(t, l, "punct.title_open"), title,
			    i18n_get(t, l, "punct.title_close"));
}

/* ---- no data in a table ---- */

void site_nodata_cell(const struct site_inputs *in, enum lang l, const char *text,
		      struct buf *out)
{
	buf_adds(out, " title=\"");
	text_escape_htmls(out, text);
	buf_adds(out, "\"><span class=\"nd\" aria-hidden=\"true\">");
	text_escape_htmls(out, i18n_get(&in->i18n, l, "nodata.mark"));
	/* the reason is text (phones and paper have no hover) */
	buf_adds(out, "</span><small class=\"nd-why\">");
	text_escape_htmls(out, text);
	buf_adds(out, "</small>");
}

void site_nodata_legend(const struct site_inputs *in, enum lang l, struct buf *out)
{
	buf_adds(out, "<p class=\"nodata-legend\"><span class=\"nd\" aria-hidden=\"true\">");
	text_escape_htmls(out, i18n_get(&in->i18n, l, "nodata.mark"));
	buf_adds(out, "</span>");
	/* no space after the full-width mark in Chinese (content/STYLE.md) */
	text_escape_htmls(out, i18n_get(&in->i18n, l, "punct.gap"));
	text_escape_htmls(out, i18n_get(&in->i18n, l, "nodata.legend"));
	buf_adds(out, "</p>");
}

/* ---- charts ---- */

void site_chart_words(const struct site_inputs *in, enum lang l, struct chart_text *t)
{
	t->no_data = i18n_get(&in->i18n, l, "no_data");
	t->list_sep = i18n_get(&in->i18n, l, "list.sep");
	t->pair_sep = i18n_get(&in->i18n, l, "punct.list_sep");
	t->label_sep = i18n_get(&in->i18n, l, "list.colon");
	t->aside_open = i18n_get(&in->i18n, l, "punct.paren_open");
	t->aside_close = i18n_get(&in->i18n, l, "punct.paren_close");
}

/* ---- absolute URLs ---- */

/* The base URL without its trailing slashes: its length (at *b). */
static size_t base_url_len(const struct site_inputs *in, const char **b)
{
	*b = in->opt.base_url ? in->opt.base_url : "";
	size_t n = strlen(*b);
	while (n && (*b)[n - 1] == '/')
		n--;
	return n;
}

const char *site_base_url(const struct site_inputs *in, struct arena *a)
{
	const char *b;
	size_t n = base_url_len(in, &b);
	return arena_strndup(a, b, n);
}

/* Joined by hand, not printed: every page asks for three or four (its
 * canonical URL and its alternates). */
const char *site_page_url(const struct site_inputs *in, struct arena *a, enum lang l,
			  const char *path)
{
	const char *b, *code = lang_code(l);
	size_t nb = base_url_len(in, &b), nc = strlen(code), np = strlen(path);
	char *url = arena_alloc_uninit(a, nb + nc + np + 3), *o = url;
	memcpy(o, b, nb);
	o += nb;
	*o++ = '/';
	memcpy(o, code, nc);
	o += nc;
	*o++ = '/';
	memcpy(o, path, np + 1);
	return url;
}


uint64_t site_clock_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void site_timing_add(_Atomic uint64_t *sum, uint64_t start)
{
	if (sum)
		atomic_fetch_add(sum, site_clock_ns() - start);
}

void site_gpus_inputs(const struct site_inputs *in, const size_t *gpus, size_t n,
		      struct digest *d)
{
	const struct data *data = &in->data;
	long base = metrics_baseline(data, &in->metrics);
	digest_add_value(d, in->digests.shared);
	digest_add_str(d, in->opt.base_url ? in->opt.base_url : "");
	digest_add_str(d, in->date ? in->date : "");
	digest_add_u64(d, (uint64_t)(base + 1));
	if (base >= 0)
		digest_add_value(d, in->digests.gpu[base]);
	for (size_t i = 0; i < n; i++) {
		digest_add_value(d, in->digests.gpu[gpus[i]]);
		for (size_t t = 0; t < data->ntasks; t++) {
			const struct task_cost *c = metrics_task_cost(data, &in->metrics, t, gpus[i]);
			digest_add_byte(d, (uint8_t)(!c ? 4 : c->cheapest * 2 + c->fastest));
		}
	}
}

/* ---- the keys every page of a language shares ---- */

char *site_ui_key(struct site *s, const char *key)
{
	char *k = arena_strdup(&s->arena, key);
	for (char *p = k; *p; p++)
		if (*p == '.')
			*p = '_';
	return k;
}

/* The UI strings of one language as a map; "nav.gpus" becomes t.nav_gpus
 * because a dot in a Mustache name walks into a map. */
static struct value *ui_strings(struct site *s, enum lang l)
{
	struct value *t = value_new_map(&s->arena);
	const struct table *tab = s->in.i18n.table;
	size_t kc = 0, lc = 0;
	for (size_t c = 0; c < tab->ncols; c++) {
		if (!strcmp(tab->cols[c], "key"))
			kc = c;
		if (!strcmp(tab->cols[c], lang_code(l)))
			lc = c;
	}
	for (size_t r = 0; r < tab->nrows; r++) {
		char *key = site_ui_key(s, tab->rows[r][kc]);
		value_map_set(&s->arena, t, key,
			      value_new_string_borrowed(&s->arena, tab->rows[r][lc]));
	}
	return t;
}

/* The footer's list of sources. Every item sets every key the template
 * reads ("" when the source lacks it), so a dateless source never shows
 * the page's date through the enclosing context. */
static struct value *source_list(struct site *s, enum lang l)
{
	struct arena *a = &s->arena;
	struct value *list = value_new_list(a);
	for (size_t i = 0; i < s->in.data.nsources; i++) {
		const struct source *src = &s->in.data.sources[i];
		struct value *m = value_new_map(a);
		value_map_set_str(a, m, "id", src->id);
		value_map_set_str(a, m, "title", site_source_title(src, l));
		value_map_set_str(a, m, "original", site_source_original(a, &s->in.i18n, src, l));
		value_map_set_str(a, m, "publisher", src->publisher ? src->publisher : "");
		const char *date = i18n_date_text(a, src->date, l);
		value_map_set_str(a, m, "date", date ? date : "");
		value_map_set_str(a, m, "url", src->url ? src->url : "");
		value_map_set_str(a, m, "kind", site_source_kind(src, l));
		value_list_push(a, list, m);
	}
	return list;
}

const char *site_css_string(struct arena *a, const char *text)
{
	static const char hex[] = "0123456789abcdef";
	struct buf b = BUF_INIT;
	for (const unsigned char *c = (const unsigned char *)text; c && *c; c++) {
		if (*c == '"' || *c == '\\') {
			buf_addc(&b, '\\');
			buf_addc(&b, (char)*c);
		} else if (*c == '<' || *c == '>' || *c == '&') { /* "\3c " */
			char esc[4] = { '\\', hex[*c >> 4], hex[*c & 15], ' ' };
			buf_add(&b, esc, sizeof esc);
		} else {
			buf_addc(&b, *c < 0x20 ? ' ' : (char)*c);
		}
	}
	const char *r = arena_strndup(a, b.ptr ? b.ptr : "", b.len);
	buf_release(&b);
	return r;
}

void site_lang_contexts(struct site *s)
{
	for (int i = 0; i < LANG_COUNT; i++) {
		enum lang l = (enum lang)i;
		struct value *m = value_new_map(&s->arena);
		value_map_set_str(&s->arena, m, "lang", lang_code(l));
		value_map_set_str(&s->arena, m, "lang_tag", lang_tag(l));
		/* the two big keys, sealed: each template's pages digest what
		 * they read of these once (template_deps_make), as one word */
		struct value *t = ui_strings(s, l), *sources = source_list(s, l);
		value_seal(&s->arena, t);
		value_seal(&s->arena, sources);
		value_map_set(&s->arena, m, "t", t);
		value_map_set(&s->arena, m, "sources", sources);
		value_map_set_str(&s->arena, m, "build_date", s->in.date);
		/* the levels of a page body's own headings (the body partials'),
		 * under the page's h1; the report gives its parts their own */
		value_map_set_str(&s->arena, m, "h_top", "2");
		value_map_set_str(&s->arena, m, "h_sub", "3");
		struct buf date = BUF_INIT;
		if (s->in.date)
			i18n_format_date(&date, s->in.date, l);
		value_map_set_str(&s->arena, m, "print_date_css",
				  site_css_string(&s->arena, date.ptr ? date.ptr : ""));
		buf_release(&date);
		s->plan.lang_ctx[l] = m;
	}
}
