/* renameat2 and RENAME_EXCHANGE are GNU extensions of glibc */
#define _GNU_SOURCE

#include "site.h"

#include "articles.h"

#include "buf.h"
#include "calculator.h"
#include "cite.h"
#include "datapages.h"
#include "diag.h"
#include "feeds.h"
#include "fs.h"
#include "guide_charts.h"
#include "health.h"
#include "mustache.h"
#include "output.h"
#include "pages.h"
#include "pool.h"
#include "sitesearch.h"
#include "text.h"
#include "value.h"

#include <errno.h>
#include <libxml/parser.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- hrefs ---- */

/* Depth of a language-root path ("" 0, "gpus/" 1, "gpus/a/" 2) plus one for
 * the language folder itself. */
static int path_depth(const char *path)
{
	int d = 1;
	for (const char *p = path; *p; p++)
		if (*p == '/')
			d++;
	return d;
}

static void add_up(struct buf *b, int depth)
{
	for (int i = 0; i < depth; i++)
		buf_adds(b, "../");
}

const char *site_href(struct site *s, enum lang from_lang, const char *from,
		      enum lang to_lang, const char *to)
{
	/* called for every link of every page: plain copies, no printf */
	size_t from_len = strlen(from), to_len = strlen(to);
	if (from_lang == to_lang && !strncmp(to, from, from_len)) {
		/* a page below this one: a plain relative path */
		if (to_len == from_len)
			return "./";
		return arena_strndup(&s->arena, to + from_len, to_len - from_len);
	}
	int depth = path_depth(from);
	const char *code = lang_code(to_lang);
	size_t code_len = strlen(code);
	char *r = arena_alloc(&s->arena, (size_t)depth * 3 + code_len + 1 + to_len + 1);
	char *p = r;
	for (int i = 0; i < depth; i++, p += 3)
		memcpy(p, "../", 3);
	memcpy(p, code, code_len);
	p += code_len;
	*p++ = '/';
	memcpy(p, to, to_len + 1);
	return r;
}

const char *site_root_href(struct site *s, enum lang from_lang, const char *from,
			   const char *file)
{
	(void)from_lang;
	struct buf b = BUF_INIT;
	add_up(&b, path_depth(from));
	buf_adds(&b, file);
	char *r = arena_strndup(&s->arena, b.ptr, b.len);
	buf_release(&b);
	return r;
}

/* "<lang>/<path>": a page's key in s->page_paths. */
static void page_key(struct buf *key, enum lang l, const char *path)
{
	buf_adds(key, lang_code(l));
	buf_addc(key, '/');
	buf_adds(key, path);
}

void site_add_page(struct site *s, const struct page_spec *spec)
{
	if (s->npages == s->cap_pages) {
		s->cap_pages = s->cap_pages ? s->cap_pages * 2 : 256;
		s->pages = realloc(s->pages, s->cap_pages * sizeof *s->pages);
		if (!s->pages)
			abort();
	}
	s->pages[s->npages++] = *spec;
	struct buf key = BUF_INIT;
	page_key(&key, spec->lang, spec->path);
	strmap_slot(&s->page_paths, key.ptr, NULL);
	buf_release(&key);
}

bool site_has_page(const struct site *s, enum lang l, const char *path)
{
	struct buf key = BUF_INIT;
	page_key(&key, l, path);
	bool has = strmap_get(&s->page_paths, key.ptr) != NULL;
	buf_release(&key);
	return has;
}

/* ---- loading ---- */

static char *join(struct site *s, const char *a, const char *b)
{
	return arena_printf(&s->arena, "%s/%s", a, b);
}

/* The build's date: SOURCE_DATE_EPOCH when set, else the newest date found
 * in the sources and articles (never the clock: builds must repeat). */
static void choose_date(struct site *s)
{
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	if (epoch && *epoch) {
		time_t t = (time_t)strtoll(epoch, NULL, 10);
		struct tm tm;
		gmtime_r(&t, &tm);
		s->date = arena_printf(&s->arena, "%04d-%02d-%02d",
				       tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
		return;
	}
	const char *best = "2026-01-01";
	for (size_t i = 0; i < s->data.nsources; i++)
		if (s->data.sources[i].date && strcmp(s->data.sources[i].date, best) > 0)
			best = s->data.sources[i].date;
	for (size_t i = 0; i < s->narticles; i++)
		if (strcmp(s->articles[i].date, best) > 0)
			best = s->articles[i].date;
	s->date = arena_strdup(&s->arena, best);
}




/* Report every file or folder below `dir` that a symbolic link leads
 * outside the project, so nothing from elsewhere is read or published. */
static void refuse_escapes(struct site *s, const char *dir, const char *shown)
{
	if (!fs_exists(dir))
		return;
	if (fs_path_escapes(dir, s->opt.root)) {
		diag_error(s->diag, shown, 0, 0,
			   "symbolic link points outside the project; refused");
		return;
	}
	/* inside a folder that stays in the project only a link can lead out:
	 * resolve links alone (realpath costs a readlink per part), and know
	 * links and folders from the listing (no stat per file) */
	char **entries = fs_list_dir_kinds(dir);
	for (char **e = entries; e && *e; e++) {
		enum fs_kind kind = (enum fs_kind)(*e)[0];
		const char *name = *e + 1;
		if (kind != FS_LINK && kind != FS_DIR)
			continue;
		const char *full = join(s, dir, name);
		const char *child = join(s, shown, name);
		if (kind == FS_LINK && fs_path_escapes(full, s->opt.root))
			diag_error(s->diag, child, 0, 0,
				   "symbolic link points outside the project; refused");
		else if (fs_is_dir(full))
			refuse_escapes(s, full, child);
	}
	fs_free_list(entries);
}

static int load_inputs(struct site *s)
{
	const char *data_dir = join(s, s->opt.root, "data");
	if (data_load(&s->data, data_dir, "data", s->diag) != 0)
		return -1;
	if (i18n_load(&s->i18n, &s->data.tables[TABLE_I18N], s->diag) != 0)
		return -1;
	metrics_compute(&s->data, NULL, &s->metrics);
	refuse_escapes(s, join(s, s->opt.root, "templates"), "templates");
	refuse_escapes(s, join(s, s->opt.root, "content"), "content");
	s->templates = tmpl_set_new();
	tmpl_set_load_dir(s->templates, join(s, s->opt.root, "templates"),
			  "templates", s->diag);
	articles_load(s);
	if (diag_failed(s->diag))
		return -1;
	choose_date(s);
	return 0;
}

/* ---- shared context ---- */

/* The UI strings of one language as a map; "nav.gpus" becomes t.nav_gpus
 * because a dot in a Mustache name walks into a map. */
static struct value *ui_strings(struct site *s, enum lang l)
{
	struct value *t = value_new_map(&s->arena);
	const struct table *tab = s->i18n.table;
	size_t kc = 0, lc = 0;
	for (size_t c = 0; c < tab->ncols; c++) {
		if (!strcmp(tab->cols[c], "key"))
			kc = c;
		if (!strcmp(tab->cols[c], lang_code(l)))
			lc = c;
	}
	for (size_t r = 0; r < tab->nrows; r++) {
		char *key = arena_strdup(&s->arena, tab->rows[r][kc]);
		for (char *p = key; *p; p++)
			if (*p == '.')
				*p = '_';
		value_map_set(&s->arena, t, key,
			      value_new_string_borrowed(&s->arena, tab->rows[r][lc]));
	}
	return t;
}

const char *site_source_title(const struct source *src, enum lang l)
{
	if (!src->lang || !strcmp(src->lang, lang_code(l)))
		return src->title;
	const char *t = l == LANG_ZH ? src->title_zh : src->title_en;
	return t && *t ? t : src->title;
}

/* The footer's list of sources. Every item sets every key the template
 * reads ("" when the source lacks it), so a dateless source never shows
 * the page's date through the enclosing context. */
static struct value *source_list(struct site *s, enum lang l)
{
	struct arena *a = &s->arena;
	struct value *list = value_new_list(a);
	for (size_t i = 0; i < s->data.nsources; i++) {
		const struct source *src = &s->data.sources[i];
		struct value *m = value_new_map(a);
		const char *title = site_source_title(src, l);
		value_map_set_str(a, m, "id", src->id);
		value_map_set_str(a, m, "title", title);
		struct buf b = BUF_INIT;
		if (strcmp(title, src->title)) {
			static const char *const names[] = { "title" };
			i18n_fill(&b, i18n_get(&s->i18n, l, "data.original_title"), names,
				  &src->title, 1);
		}
		value_map_set_str(a, m, "original", b.ptr);
		buf_reset(&b);
		value_map_set_str(a, m, "publisher", src->publisher ? src->publisher : "");
		if (src->date && *src->date)
			i18n_format_date(&b, src->date, l);
		value_map_set_str(a, m, "date", b.ptr);
		value_map_set_str(a, m, "url", src->url ? src->url : "");
		buf_release(&b);
		value_list_push(a, list, m);
	}
	return list;
}

static void build_lang_contexts(struct site *s)
{
	for (int i = 0; i < LANG_COUNT; i++) {
		enum lang l = (enum lang)i;
		struct value *m = value_new_map(&s->arena);
		value_map_set_str(&s->arena, m, "lang", lang_code(l));
		value_map_set_str(&s->arena, m, "lang_tag", lang_tag(l));
		value_map_set(&s->arena, m, "t", ui_strings(s, l));
		value_map_set(&s->arena, m, "sources", source_list(s, l));
		value_map_set_str(&s->arena, m, "build_date", s->date);
		calculator_lang_keys(s, l, m);
		s->lang_ctx[l] = m;
	}
}

/* ---- breadcrumbs ---- */

static struct value *crumb(struct site *s, enum lang l, const char *from,
			   const char *title, const char *to)
{
	struct value *m = value_new_map(&s->arena);
	value_map_set_str(&s->arena, m, "title", title);
	value_map_set_str(&s->arena, m, "href", site_href(s, l, from, l, to));
	return m;
}
struct value *site_crumbs(struct site *s, enum lang l, const char *from,
			   const char *section_key, const char *section_path)
{
	struct value *list = value_new_list(&s->arena);
	value_list_push(&s->arena, list,
			crumb(s, l, from, i18n_get(&s->i18n, l, "nav.home"), ""));
	if (section_key)
		value_list_push(&s->arena, list,
				crumb(s, l, from, i18n_get(&s->i18n, l, section_key),
				      section_path));
	return list;
}

/* ---- rendering ---- */

static const char *const nav_sections[] = {
	"home", "gpus", "compare", "tasks", "vram", "inference", "articles",
	"data", NULL
};
static const char *const nav_paths[] = {
	"", "gpus/", "compare/", "tasks/", "vram/", "inference/", "articles/",
	"data/", NULL
};

static struct value *nav_for(struct site *s, const struct page_spec *p)
{
	struct value *list = value_new_list(&s->arena);
	for (size_t i = 0; nav_sections[i]; i++) {
		const char *key = arena_printf(&s->arena, "nav.%s", nav_sections[i]);
		struct value *m = value_new_map(&s->arena);
		value_map_set_str(&s->arena, m, "label", i18n_get(&s->i18n, p->lang, key));
		value_map_set_str(&s->arena, m, "href",
				  site_href(s, p->lang, p->path, p->lang, nav_paths[i]));
		value_map_set_bool(&s->arena, m, "current",
				   p->section && !strcmp(p->section, nav_sections[i]));
		value_list_push(&s->arena, list, m);
	}
	return list;
}

const char *site_base_url(struct site *s)
{
	const char *b = s->opt.base_url ? s->opt.base_url : "";
	size_t n = strlen(b);
	while (n && b[n - 1] == '/')
		n--;
	return arena_strndup(&s->arena, b, n);
}

const char *site_page_url(struct site *s, enum lang l, const char *path)
{
	return arena_printf(&s->arena, "%s/%s/%s", site_base_url(s), lang_code(l), path);
}

static struct value *alternates_for(struct site *s, const struct page_spec *p)
{
	struct value *list = value_new_list(&s->arena);
	enum lang other = p->lang == LANG_EN ? LANG_ZH : LANG_EN;
	const char *en = p->lang == LANG_EN ? p->path : p->alt_path;
	for (int i = 0; i < LANG_COUNT; i++) {
		enum lang l = (enum lang)i;
		const char *path = l == p->lang ? p->path : p->alt_path;
		if (!path)
			continue;
		struct value *m = value_new_map(&s->arena);
		value_map_set_str(&s->arena, m, "hreflang", lang_tag(l));
		value_map_set_str(&s->arena, m, "href", site_page_url(s, l, path));
		value_list_push(&s->arena, list, m);
	}
	if (en) {
		struct value *m = value_new_map(&s->arena);
		value_map_set_str(&s->arena, m, "hreflang", "x-default");
		value_map_set_str(&s->arena, m, "href", site_page_url(s, LANG_EN, en));
		value_list_push(&s->arena, list, m);
	}
	(void)other;
	return list;
}

/* The context of one page: the language's shared keys, the layout's keys,
 * then the page's own keys (which win). */
static struct value *page_context(struct site *s, const struct page_spec *p)
{
	struct arena *a = &s->arena;
	struct value *m = value_new_map(a);
	value_map_set_parent(m, s->lang_ctx[p->lang]); /* shared, not copied */
	enum lang other = p->lang == LANG_EN ? LANG_ZH : LANG_EN;
	value_map_set_str(a, m, "title", p->title);
	value_map_set_str(a, m, "description",
			  p->description ? p->description
					 : i18n_get(&s->i18n, p->lang, "site.description"));
	value_map_set_str(a, m, "root", site_root_href(s, p->lang, p->path, ""));
	value_map_set_str(a, m, "home", site_href(s, p->lang, p->path, p->lang, ""));
	value_map_set_str(a, m, "canonical", site_page_url(s, p->lang, p->path));
	value_map_set(a, m, "alternates", alternates_for(s, p));
	value_map_set_str(a, m, "switch_href",
			  site_href(s, p->lang, p->path, other,
				    p->alt_path ? p->alt_path : ""));
	value_map_set_str(a, m, "switch_lang", lang_tag(other));
	value_map_set_str(a, m, "switch_label",
			  i18n_get(&s->i18n, p->lang, "lang.other"));
	value_map_set(a, m, "nav", nav_for(s, p));
	if (p->crumbs) {
		value_map_set(a, m, "crumbs", p->crumbs);
		value_map_set_bool(a, m, "has_crumbs", value_list_len(p->crumbs) > 0);
	}
	if (p->ctx && p->ctx->type == VALUE_MAP)
		for (size_t i = 0; i < p->ctx->u.map.len; i++)
			value_map_set(a, m, p->ctx->u.map.entries[i].key,
				      p->ctx->u.map.entries[i].val);
	return m;
}

/* Render one page; `out` NULL renders without writing (gen check). */
static int render_page(struct site *s, struct output *out,
		       const struct page_spec *p, struct buf *html)
{
	const struct tmpl *t = tmpl_set_get(s->templates, p->template_name);
	if (!t) {
		diag_error(s->diag, "templates", 0, 0, "missing template \"%s.mustache\"",
			   p->template_name);
		return -1;
	}
	struct page_spec built = *p;
	if (p->build) {
		built.ctx = p->build(s, p);
		if (!built.ctx)
			return -1;
	}
	buf_reset(html);
	if (tmpl_render(s->templates, t, page_context(s, &built), html, s->diag) != 0)
		return -1;
	if (!out)
		return 0;
	const char *rel = arena_printf(&s->arena, "%s/%sindex.html",
				       lang_code(p->lang), p->path);
	return output_add_to(out, rel, html->ptr, html->len, s->diag);
}

/* ---- rendering on every core ---- */

/* Pages are handed out one at a time to the threads (pool.h); each thread
 * renders with its own view of the site (its own arena, emptied after every
 * page) and its own messages per page, printed in page order at the end, so
 * the output and the messages do not depend on the threads' timing. */
struct render_pool {
	struct site *site;
	struct output *out;
	struct site views[POOL_MAX_JOBS];
	struct buf html[POOL_MAX_JOBS];
	atomic_bool stop;
	struct buf *logs; /* [npages] */
	int *errors, *warnings;
};

static void render_one(void *ctx, size_t i, int worker)
{
	struct render_pool *pool = ctx;
	/* every page is rendered even after an error, so a failed build reports
	 * every problem, the same ones whatever the threads' timing; only an
	 * interrupt stops it */
	if (atomic_load(&pool->stop))
		return;
	struct site *view = &pool->views[worker];
	struct diag d;
	diag_init(&d, NULL, &pool->logs[i]);
	view->diag = &d;
	if (render_page(view, pool->out, &pool->site->pages[i], &pool->html[worker]) != 0 &&
	    !d.errors)
		d.errors = 1;
	else
		sitesearch_collect(pool->site, i, pool->html[worker].ptr,
				   pool->html[worker].len);
	pool->errors[i] = d.errors;
	pool->warnings[i] = d.warnings;
	arena_reset(&view->arena);
	if (output_interrupted())
		atomic_store(&pool->stop, true);
}

/* Render every planned page (with `out` NULL: only check them). */
static int render_pages(struct site *s, struct output *out)
{
	size_t n = s->npages;
	/* the pool holds a view of the site per thread: too big for the stack */
	struct render_pool *pool = calloc(1, sizeof *pool);
	if (!pool)
		abort();
	pool->site = s;
	pool->out = out;
	s->out = out; /* charts drawn while rendering are written at once */
	atomic_init(&pool->stop, false);
	pool->logs = calloc(n + 1, sizeof *pool->logs);
	pool->errors = calloc(n + 1, sizeof *pool->errors);
	pool->warnings = calloc(n + 1, sizeof *pool->warnings);
	if (!pool->logs || !pool->errors || !pool->warnings)
		abort();
	for (size_t i = 0; i < n; i++)
		buf_init(&pool->logs[i]);
	for (int w = 0; w < POOL_MAX_JOBS; w++) {
		pool->views[w] = *s;
		memset(&pool->views[w].arena, 0, sizeof pool->views[w].arena);
		buf_init(&pool->html[w]);
	}
	pool_run(pool_size(s->opt.jobs), n, render_one, pool);
	s->out = NULL;
	int rc = 0;
	for (size_t i = 0; i < n; i++) {
		if (pool->logs[i].len) {
			if (s->diag->echo)
				fputs(pool->logs[i].ptr, s->diag->echo);
			if (s->diag->log)
				buf_addbuf(s->diag->log, &pool->logs[i]);
		}
		s->diag->errors += pool->errors[i];
		s->diag->warnings += pool->warnings[i];
		if (pool->errors[i])
			rc = -1;
		buf_release(&pool->logs[i]);
	}
	for (int w = 0; w < POOL_MAX_JOBS; w++) {
		buf_release(&pool->html[w]);
		arena_free(&pool->views[w].arena);
	}
	free(pool->logs);
	free(pool->errors);
	free(pool->warnings);
	free(pool);
	return rc;
}

static int render_root_index(struct site *s, struct output *out, struct buf *html)
{
	const struct tmpl *t = tmpl_set_get(s->templates, "pages/root");
	if (!t) {
		diag_error(s->diag, "templates", 0, 0,
			   "missing template \"pages/root.mustache\"");
		return -1;
	}
	struct value *m = value_new_map(&s->arena);
	for (int i = 0; i < LANG_COUNT; i++)
		value_map_set(&s->arena, m, lang_code((enum lang)i), s->lang_ctx[i]);
	value_map_set_str(&s->arena, m, "canonical",
			  arena_printf(&s->arena, "%s/", s->opt.base_url ? s->opt.base_url : ""));
	buf_reset(html);
	if (tmpl_render(s->templates, t, m, html, s->diag) != 0)
		return -1;
	return output_add(out, "index.html", html->ptr, html->len);
}

/* Copy templates/assets/ (stylesheet, script) to the site root. */
static int copy_assets(struct site *s, struct output *out)
{
	const char *dir = join(s, s->opt.root, "templates/assets");
	char **names = fs_list_dir(dir, NULL);
	if (!names)
		return 0;
	int rc = 0;
	struct buf b = BUF_INIT;
	for (char **n = names; *n && rc == 0; n++) {
		if ((*n)[0] == '.')
			continue;
		buf_reset(&b);
		if (fs_read_file(join(s, dir, *n), &b) != 0) {
			diag_error(s->diag, arena_printf(&s->arena, "templates/assets/%s", *n),
				   0, 0, "cannot read: %s", strerror(errno));
			rc = -1;
			break;
		}
		rc = output_add(out, *n, b.ptr, b.len);
	}
	buf_release(&b);
	fs_free_list(names);
	return rc;
}

static void plan_pages(struct site *s)
{
	articles_plan(s);
	pages_plan(s);
	/* after the guide pages: data tables link ids to pages that exist */
	datapages_plan(s);
	calculator_plan(s);
	sitesearch_plan(s); /* last: it lists every page */
}

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int render_all(struct site *s, struct output *out,
		      struct site_stats *stats)
{
	double start = now_ms();
	int rc = render_pages(s, out);
	stats->render_ms = now_ms() - start;
	struct buf html = BUF_INIT;
	if (rc == 0)
		rc = render_root_index(s, out, &html);
	buf_release(&html);
	if (rc == 0)
		rc = copy_assets(s, out);
	if (rc == 0)
		rc = datapages_write_extra(s, out);
	if (rc == 0)
		rc = guide_charts_write(s, out);
	if (rc == 0)
		rc = feeds_write(s, out);
	if (rc == 0)
		rc = calculator_write(s, out);
	if (rc == 0)
		rc = sitesearch_write(s, out);
	return rc;
}

static void site_free(struct site *s)
{
	guide_charts_free(s);
	sitesearch_free(s);
	for (size_t i = 0; i < s->narticles; i++)
		markdown_article_free(&s->articles[i]);
	free(s->articles);
	free(s->translation_of);
	free(s->pages);
	strmap_free(&s->page_paths);
	if (s->templates)
		tmpl_set_free(s->templates);
	i18n_free(&s->i18n);
	data_free(&s->data);
	arena_free(&s->arena);
}


int site_build(const struct site_options *opt, struct diag *diag,
	       struct site_stats *stats)
{
	double start = now_ms();
	xmlInitParser(); /* libxml2's globals, before any thread draws a chart */
	struct site s;
	memset(&s, 0, sizeof s);
	s.opt = *opt;
	s.diag = diag;
	memset(stats, 0, sizeof *stats);
	int rc = load_inputs(&s);
	double mark = now_ms();
	stats->load_ms = mark - start;
	if (rc == 0) {
		guide_charts_init(&s);
		build_lang_contexts(&s);
		plan_pages(&s);
		if (diag_failed(diag))
			rc = -1;
	}
	stats->plan_ms = now_ms() - mark;
	if (rc == 0 && !opt->write) {
		/* check: every page rendered (shortcodes, templates), nothing written */
		if (render_pages(&s, NULL) != 0 || diag_failed(diag))
			rc = -1;
		else
			health_report(&s, stdout);
	}
	if (rc == 0 && opt->write) {
		struct output out;
		memset(&out, 0, sizeof out);
		if (output_check_target(opt->out, opt->root, diag) != 0 ||
		    output_begin(&out, opt->out, diag) != 0) {
			output_free(&out);
			rc = -1;
		} else {
			rc = render_all(&s, &out, stats);
			if (rc == 0 && !diag_failed(diag))
				rc = output_commit(&out);
			else
				output_abort(&out);
			stats->written = out.written;
			stats->unchanged = out.unchanged;
			stats->removed = out.removed;
			output_free(&out);
		}
	}
	site_free(&s);
	stats->warnings = diag->warnings;
	stats->ms = now_ms() - start;
	stats->finish_ms = stats->ms - stats->load_ms - stats->plan_ms - stats->render_ms;
	return rc == 0 && !diag_failed(diag) ? 0 : 1;
}
