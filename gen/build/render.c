/* render: pages from their specs to HTML (see render.h). */
#include "build/render.h"

#include "base/buf.h"
#include "base/diag.h"
#include "base/digest.h"
#include "cite/cite_memo.h"
#include "view/guide_ledger.h"
#include "view/guide_charts.h"
#include "model/i18n.h"
#include "template/mustache.h"
#include "publish/output.h"
#include "publish/pagecache.h"
#include "base/pool.h"
#include "view/site.h"
#include "base/strmap.h"
#include "template/value.h"
#include "base/xalloc.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- rendering ---- */

/* The menu: each item's section (a page_spec's `section` marks the item of
 * its page), label and path. */
static const struct nav_item {
	const char *section, *label_key, *path;
} nav_items[] = {
	{ "home", "nav.home", "" },
	{ "gpus", "nav.gpus", "gpus/" },
	{ "compare", "nav.compare", "compare/" },
	{ "tasks", "nav.tasks", "tasks/" },
	{ "use-cases", "uc.nav", "use-cases/" },
	{ "techniques", "tech.nav", "techniques/" },
	{ "vram", "nav.vram", "vram/" },
	{ "calculator", "nav.calculator", "calculator/" },
	{ "inference", "nav.inference", "inference/" },
	{ "articles", "nav.articles", "articles/" },
	{ "data", "nav.data", "data/" },
	{ "report", "nav.report", "report/" },
};

static struct value *nav_for(struct arena *a, const struct site_inputs *in,
			     const struct page_spec *p)
{
	struct value *list = value_new_list(a);
	for (size_t i = 0; i < sizeof nav_items / sizeof nav_items[0]; i++) {
		const struct nav_item *n = &nav_items[i];
		struct value *m = value_new_map(a);
		value_map_set(a, m, "label", value_new_string_borrowed(a,
			      i18n_get(&in->i18n, p->lang, n->label_key)));
		value_map_set(a, m, "href", value_new_string_borrowed(a,
			      site_href(a, p->lang, p->path, p->lang, n->path)));
		value_map_set_bool(a, m, "current",
				   p->section && !strcmp(p->section, n->section));
		value_list_push(a, list, m);
	}
	return list;
}

/* Which menu a page shows: its language, its section and, for its links,
 * how deep it is, or its path itself when a menu item's path starts with
 * it ("" and the sections' own pages: site_href links below a page
 * without going up). Pages with one key show one menu. */
static const char *nav_key(struct arena *a, const struct page_spec *p)
{
	bool own = !*p->path;
	for (size_t i = 0; i < sizeof nav_items / sizeof nav_items[0] && !own; i++)
		own = !strcmp(p->path, nav_items[i].path);
	return arena_printf(a, "%s|%s|%d|%s", lang_code(p->lang),
			    p->section ? p->section : "", site_path_depth(p->path),
			    own ? p->path : "*");
}

/* Each page's menu ([n], malloc'd), made once per kind of page, before
 * the threads start, in the build's arena and sealed: the pages share it,
 * and their digests take it as one digest. */
static const struct value **navs_make(struct site *s, size_t n)
{
	struct strmap seen = STRMAP_INIT_BORROWED;
	const struct value **made = NULL;
	size_t nmade = 0, cap = 0;
	const struct value **navs = xcalloc(n + 1, sizeof *navs);
	for (size_t i = 0; i < n; i++) {
		const struct page_spec *p = &s->plan.pages[i];
		bool created;
		size_t *at = strmap_slot(&seen, nav_key(&s->arena, p), &created);
		if (created) {
			struct value *nav = nav_for(&s->arena, &s->in, p);
			value_seal(&s->arena, nav);
			ALLOC_GROW(made, nmade, cap);
			made[nmade++] = nav;
			*at = nmade;
		}
		navs[i] = made[*at - 1];
	}
	free(made);
	strmap_free(&seen);
	return navs;
}

static struct value *alternates_for(const struct page_ctx *pc, const struct page_spec *p)
{
	struct value *list = value_new_list(pc->arena);
	enum lang other = p->lang == LANG_EN ? LANG_ZH : LANG_EN;
	/* x-default: the page in the site's default language (settings.h) */
	enum lang def = pc->in->default_lang;
	const char *en = p->lang == def ? p->path : p->alt_path;
	for (int i = 0; i < LANG_COUNT; i++) {
		enum lang l = (enum lang)i;
		const char *path = l == p->lang ? p->path : p->alt_path;
		if (!path)
			continue;
		struct value *m = value_new_map(pc->arena);
		value_map_set_borrowed(pc->arena, m, "hreflang", lang_tag(l));
		value_map_set_borrowed(pc->arena, m, "href",
				       site_page_url(pc->in, pc->arena, l, path));
		value_list_push(pc->arena, list, m);
	}
	if (en) {
		struct value *m = value_new_map(pc->arena);
		value_map_set_borrowed(pc->arena, m, "hreflang", "x-default");
		value_map_set_borrowed(pc->arena, m, "href",
				       site_page_url(pc->in, pc->arena, def, en));
		value_list_push(pc->arena, list, m);
	}
	(void)other;
	return list;
}

/* The context of one page is three maps, each the parent of the one
 * before: the page's own keys (which win), its frame's (the layout's:
 * title, links, alternates, nav, crumbs) and the language's shared keys.
 * The frame is made only for a page that is written: a page kept as
 * published is digested with frame_key instead. */
static struct value *own_context(struct arena *a, struct value *ctx, bool built)
{
	/* a map the page's build made (in the page's arena) and gave no parent
	 * is the page's own already; one given at planning is the plan's */
	if (built && ctx && ctx->type == VALUE_MAP && !ctx->u.map.parent && !ctx->u.map.seal)
		return ctx;
	struct value *m = value_new_map(a);
	if (ctx && ctx->type == VALUE_MAP)
		for (size_t i = 0; i < ctx->u.map.len; i++)
			value_map_set(a, m, ctx->u.map.entries[i].key, ctx->u.map.entries[i].val);
	return m;
}

/* What every frame of a language reads of the site: its base URL, default
 * language, whether the price feed has an entry, and the two UI strings
 * below. Digested once per build. */
static struct digest_value frame_site_key(const struct site_inputs *in, struct arena *a,
					  enum lang l)
{
	struct digest d;
	digest_init(&d);
	digest_add_str(&d, "page frame");
	digest_add_str(&d, site_base_url(in, a));
	digest_add_byte(&d, (unsigned char)in->default_lang);
	digest_add_byte(&d, (unsigned char)l);
	digest_add_byte(&d, in->nprice_changes > 0);
	digest_add_str(&d, i18n_get(&in->i18n, l, "site.description"));
	digest_add_str(&d, i18n_get(&in->i18n, l, "lang.other"));
	return digest_end(&d);
}

/* The key of a page's frame: every input frame_context reads, the site's
 * (`site`: frame_site_key) and the page's (its language, path, its twin's
 * path, title, description, crumbs and menu). Two pages with one key have
 * the same frame; an input frame_context comes to read goes in here too. */
static struct digest_value frame_key(struct digest_value site, const struct page_spec *p,
				     const struct value *nav)
{
	struct digest d;
	digest_init(&d);
	digest_add_value(&d, site);
	digest_add_str(&d, p->path);
	digest_add_str(&d, p->alt_path);
	digest_add_str(&d, p->title);
	digest_add_str(&d, p->description);
	value_digest(p->crumbs, &d);
	value_digest(nav, &d);
	return digest_end(&d);
}

/* The frame's keys, over the language's shared keys. */
static struct value *frame_context(const struct page_ctx *pc, const struct page_spec *p,
				   const struct value *nav)
{
	struct arena *a = pc->arena;
	struct value *m = value_new_map(a);
	value_map_set_parent(m, pc->lang_keys); /* shared, not copied */
	enum lang other = p->lang == LANG_EN ? LANG_ZH : LANG_EN;
	/* each string in the page's arena or living all build (the plan's
	 * titles, the UI strings, the languages' tags): borrowed */
	value_map_set_borrowed(a, m, "title", p->title);
	value_map_set_borrowed(a, m, "print_title_css", site_css_string(pc->arena, p->title));
	value_map_set_borrowed(a, m, "description",
			       p->description ? p->description
					      : i18n_get(&pc->in->i18n, p->lang, "site.description"));
	value_map_set_borrowed(a, m, "root", site_root_href(pc->arena, p->path, ""));
	value_map_set_borrowed(a, m, "home", site_href(pc->arena, p->lang, p->path, p->lang, ""));
	value_map_set_borrowed(a, m, "canonical",
			       site_page_url(pc->in, pc->arena, p->lang, p->path));
	value_map_set(a, m, "alternates", alternates_for(pc, p));
	value_map_set_borrowed(a, m, "switch_href",
			       site_href(pc->arena, p->lang, p->path, other,
					 p->alt_path ? p->alt_path : ""));
	value_map_set_borrowed(a, m, "switch_lang", lang_tag(other));
	value_map_set_borrowed(a, m, "switch_label",
			       i18n_get(&pc->in->i18n, p->lang, "lang.other"));
	value_map_set(a, m, "nav", (struct value *)nav); /* shared: only read */
	value_map_set(a, m, "crumbs", p->crumbs ? p->crumbs : value_null());
	value_map_set_bool(a, m, "has_crumbs", value_list_len(p->crumbs) > 0);
	value_map_set_bool(a, m, "is_home", false); /* the home page's own says true */
	/* an empty feed is not offered (it is still written, for subscribers) */
	value_map_set_bool(a, m, "has_price_feed", pc->in->nprice_changes > 0);
	return m;
}

/* ---- rendering on every core ---- */

/* Pages are handed out one at a time to the threads (pool.h); each thread
 * renders with its own view of the site (its own arena, emptied after every
 * page) and its own messages per page, printed in page order at the end, so
 * the output and the messages do not depend on the threads' timing. */
struct render_pool {
	struct site *site;
	struct output *out;
	render_page_done done;
	struct render_cache *cache;
	/* with a cache: what the pages of each template depend on */
	struct strmap deps_index; /* template name -> index + 1 into deps */
	struct template_deps *deps;
	size_t ndeps, cap_deps;
	struct digest_value frame_site[LANG_COUNT]; /* frame_site_key's */
	struct arena arenas[POOL_MAX_JOBS]; /* each thread's, emptied after every page */
	struct cite_memo *cites[POOL_MAX_JOBS]; /* each thread's, made at its first page */
	struct tmpl_memo *memos[POOL_MAX_JOBS]; /* the same: sections kept (mustache.h) */
	struct buf html[POOL_MAX_JOBS], records[POOL_MAX_JOBS], was[POOL_MAX_JOBS];
	const char *was_of[POOL_MAX_JOBS]; /* whose whole record was[] holds, or NULL */
	struct buf old_html[POOL_MAX_JOBS]; /* a page's as published (last_html) */
	const char *old_of[POOL_MAX_JOBS]; /* whose file old_html[] holds, or NULL */
	/* each thread's page's splice string as published (page_ctx.published) */
	struct published_of {
		struct render_pool *pool;
		int worker;
		const char *rel; /* the page's file, once render_page knows it */
		struct page_published get;
	} published[POOL_MAX_JOBS];
	struct buf check_html[POOL_MAX_JOBS]; /* GEN_CHECK_SPLICE's rendering */
	atomic_bool stop;
	/* [npages]: each page's messages, kept; NULL for a page without any
	 * (most: a diag is a kilobyte, 20 MB for 20,000 pages) */
	struct diag **diags;
	const struct value **navs; /* [npages]: each page's menu (navs_make) */
	_Atomic size_t nrendered, nkept; /* with a cache */
	bool check_inputs; /* GEN_CHECK_INPUTS (render.h) */
	bool check_splice; /* GEN_CHECK_SPLICE (render.h) */
};

/* What the pages of one template depend on besides their own context: the
 * sources of the template and the partials and parents it names, and the
 * keys they read of the language's shared context (tmpl_set_depends), or,
 * when that cannot be told, the whole template set and every shared key.
 * Digested once per template, before the threads start. */
struct template_deps {
	struct digest_value sources, lang[LANG_COUNT];
};

static struct digest_value shared_keys_digest(const struct value *shared,
					      const struct strmap *names, bool exact)
{
	struct digest d;
	digest_init(&d);
	if (!exact) {
		value_digest(shared, &d);
		return digest_end(&d);
	}
	for (size_t i = 0; i < shared->u.map.len; i++) {
		const struct value_entry *e = &shared->u.map.entries[i];
		if (!strmap_get(names, e->key))
			continue;
		digest_add_str(&d, e->key);
		value_digest(e->val, &d);
	}
	value_digest(shared->u.map.parent, &d); /* none today; all of it if one comes */
	return digest_end(&d);
}

static void template_deps_make(struct render_pool *pool, const char *name)
{
	bool created;
	size_t *at = strmap_slot(&pool->deps_index, name, &created);
	if (!created)
		return;
	struct site *s = pool->site;
	struct strmap names = STRMAP_INIT_BORROWED;
	struct template_deps td;
	bool exact = tmpl_set_depends(s->in.templates, name, &td.sources, &names);
	if (!exact)
		td.sources = tmpl_set_digest(s->in.templates);
	for (int l = 0; l < LANG_COUNT; l++)
		td.lang[l] = shared_keys_digest(s->plan.lang_ctx[l], &names, exact);
	strmap_free(&names);
	ALLOC_GROW(pool->deps, pool->ndeps, pool->cap_deps);
	pool->deps[pool->ndeps++] = td;
	*at = pool->ndeps;
}

/* What every digest of a page's file starts with (page_digest): what its
 * template depends on, its template and file, its frame; into `d`. Made
 * once a page. */
static void page_digest_head(const struct render_pool *pool, const struct page_spec *p,
			     const char *rel, const struct value *nav, struct digest *d)
{
	const struct template_deps *td =
		&pool->deps[*strmap_get(&pool->deps_index, p->template_name) - 1];
	digest_init(d);
	digest_add_value(d, td->sources);
	digest_add_value(d, td->lang[p->lang]);
	digest_add_str(d, p->template_name);
	digest_add_str(d, rel);
	digest_add_value(d, frame_key(pool->frame_site[p->lang], p, nav));
}

/* What the page's file is made from: `head` (page_digest_head's) and its
 * own context (`ctx`), or the digest of all the context is made from
 * (`inputs`, p->inputs's, when `ctx` is NULL). Two pages with one digest
 * are the same bytes. */
static struct digest_value page_digest(const struct digest *head, const struct value *ctx,
				       struct digest_value inputs)
{
	struct digest d = *head;
	digest_add_byte(&d, ctx != NULL); /* a context is never read as inputs */
	if (ctx)
		value_digest_own(ctx, &d);
	else
		digest_add_value(&d, inputs);
	return digest_end(&d);
}

/* Where a page's splice string (page_spec.splice) lies in its file, and
 * the digest of what the rest of it was made from (shell_digest). */
struct splice_spot {
	struct digest_value shell;
	uint64_t at, len;
};
#define SPLICE_SPOT_BYTES 32

/* A page's record in the cache: the marks its build made (counted bytes:
 * guide_ledger_page_record; none for a page built whether it is kept or
 * not), its context's digest when it was rendered under GEN_CHECK_INPUTS
 * (counted: 16 bytes or none), its splice spot (counted: 32 bytes, or none
 * for a page without one, or whose template did not write its string once
 * as it is), then what render_page_done kept of it. Those parts into
 * *marks, *check, *spot (NULL: not read) and *rest: 0, or -1 when the
 * record is damaged. */
static int record_split(const struct buf *rec, struct buf_reader *marks,
			struct buf_reader *check, struct buf_reader *spot,
			struct buf_reader *rest)
{
	struct buf_reader r = { (const unsigned char *)rec->ptr, rec->len, false };
	size_t nm, nc, ns;
	const char *m = buf_read_counted(&r, &nm), *c = buf_read_counted(&r, &nc);
	const char *sp = buf_read_counted(&r, &ns);
	if (r.bad || (nc && nc != 16) || (ns && ns != SPLICE_SPOT_BYTES))
		return -1;
	*marks = (struct buf_reader){ (const unsigned char *)m, nm, false };
	*check = (struct buf_reader){ (const unsigned char *)c, nc, false };
	if (spot)
		*spot = (struct buf_reader){ (const unsigned char *)sp, ns, false };
	*rest = r;
	return 0;
}

/* Keep the page at `rel` as published when its digest is the cache's, its
 * record can be read (into `rec`) and its file is still the recorded one;
 * `unbuilt`: the page is kept without being built, and the marks its
 * record holds are made again. 1 kept (its record carried into the next
 * cache), 2 kept but its listeners could not use the record (the page's
 * HTML is needed after all), 0 not kept, -1 error. */
static int keep_page(struct render_pool *pool, const struct page_ctx *pc, size_t i,
		     const char *rel, struct digest_value digest, struct buf *rec,
		     bool unbuilt, uint64_t *search_ns)
{
	const struct render_cache *c = pool->cache;
	const struct pagecache_page *old = pagecache_page(c->old, rel);
	const struct pagecache_file *file = pagecache_file(c->old, rel);
	struct buf_reader marks, check, rest;
	buf_reset(rec);
	if (!old || !file || !digest_equal(old->inputs, digest) ||
	    pagecache_read(c->old, &old->rec, rec) != 0 ||
	    record_split(rec, &marks, &check, NULL, &rest) != 0)
		return 0;
	size_t n0 = pc->marks ? pc->marks->n : 0;
	if (unbuilt && guide_ledger_page_replay(pool->site, i, (const char *)marks.p,
						marks.left) != 0)
		return 0;
	int rc = output_keep(pool->out, rel, &file->id, pc->diag);
	if (rc == 1) {
		uint64_t t0 = site_clock_ns();
		if (c->reuse && c->reuse(pool->site, i, (const char *)rest.p, rest.left) != 0)
			rc = 2;
		*search_ns = site_clock_ns() - t0;
	}
	if (rc != 1 && unbuilt && pc->marks) /* built after all: it marks them */
		ledger_sink_truncate(pc->marks, n0);
	if (rc == 1)
		pagecache_carry_page(c->next, rel, old, rec->ptr);
	return rc;
}

/* The record of the page at `rel` in the published site's cache, whole,
 * into pool->was[worker] (read once a page): 0, or -1 when it has none
 * (or it cannot be read). */
static int read_last_record(struct render_pool *pool, int worker, const char *rel)
{
	const struct render_cache *c = pool->cache;
	struct buf *was = &pool->was[worker];
	if (pool->was_of[worker] == rel)
		return 0;
	const struct pagecache_page *old = c && c->old ? pagecache_page(c->old, rel) : NULL;
	pool->was_of[worker] = NULL;
	buf_reset(was);
	if (!old || pagecache_read(c->old, &old->rec, was) != 0)
		return -1;
	pool->was_of[worker] = rel;
	return 0;
}

/* What render_page_done kept of the page at `rel` when the published
 * site's cache last rendered it (into pool->was[worker]), or NULL when it
 * has none (or it cannot be read). */
static const struct buf *last_record(struct render_pool *pool, int worker, const char *rel)
{
	struct buf *was = &pool->was[worker];
	struct buf_reader marks, check, rest;
	if (read_last_record(pool, worker, rel) != 0 ||
	    record_split(was, &marks, &check, NULL, &rest) != 0)
		return NULL;
	memmove(was->ptr, rest.p, rest.left);
	buf_truncate(was, rest.left);
	pool->was_of[worker] = NULL; /* no longer whole */
	return was;
}

/* The page at `rel` as the published site has it (into
 * pool->old_html[worker], read once a page), when it is the file the
 * cache recorded; else NULL. */
static const struct buf *last_html(struct render_pool *pool, int worker, const char *rel)
{
	struct buf *html = &pool->old_html[worker];
	if (pool->old_of[worker] == rel)
		return html;
	const struct pagecache_file *file = pagecache_file(pool->cache->old, rel);
	buf_reset(html);
	if (!file || !pool->out || output_read_published(pool->out, rel, &file->id, html) != 0)
		return NULL;
	pool->old_of[worker] = rel;
	return html;
}

/* The record's first parts (record_split) into `rec` (emptied): the
 * marks page i's build made from the `from`th on (SIZE_MAX: none, the page
 * is built whenever it is kept), and `check` and `spot` when there are. */
static void record_head(struct render_pool *pool, const struct page_ctx *pc, size_t i,
			size_t from, const struct digest_value *check,
			const struct splice_spot *spot, struct buf *rec)
{
	struct buf marks = BUF_INIT;
	if (from != SIZE_MAX && pc->marks && pc->marks->n > from)
		guide_ledger_page_record(pool->site, i, from, &marks);
	buf_reset(rec);
	buf_add_counted(rec, marks.ptr, marks.len);
	buf_release(&marks);
	buf_add_u32(rec, check ? 16 : 0);
	if (check) {
		digest_value_write(rec, *check);
	}
	buf_add_u32(rec, spot ? SPLICE_SPOT_BYTES : 0);
	if (spot) {
		digest_value_write(rec, spot->shell);
		buf_add_u64(rec, spot->at);
		buf_add_u64(rec, spot->len);
	}
}

/* ---- a page made from its last file (page_spec.splice) ---- */

/* The page's splice string in its own context `ctx`, or NULL. */
static struct value *splice_value(const struct page_spec *p, const struct value *ctx)
{
	struct value *v = p->splice && p->shell ? value_map_get(ctx, p->splice) : NULL;
	return v && v->type == VALUE_STRING ? v : NULL;
}

/* Where the splice string of the page at `rel` lies in its published
 * file (into *was, and the file into pool->old_html[worker]): true when
 * the record of its last rendering has its splice spot, and the file is
 * the one recorded and holds it. */
static bool last_spot(struct render_pool *pool, int worker, const char *rel,
		      struct splice_spot *was)
{
	struct buf_reader marks, check, sp, rest;
	if (read_last_record(pool, worker, rel) != 0 ||
	    record_split(&pool->was[worker], &marks, &check, &sp, &rest) != 0 ||
	    sp.left != SPLICE_SPOT_BYTES)
		return false;
	was->shell = digest_value_read(&sp);
	was->at = buf_read_u64(&sp);
	was->len = buf_read_u64(&sp);
	const struct buf *old = last_html(pool, worker, rel);
	return old && was->at <= old->len && was->len <= old->len - was->at;
}

/* page_ctx.published: the splice string of the thread's page (`ctx`, its
 * published_of) as its published file has it. */
static int published_splice(void *ctx, const char **s, size_t *len)
{
	struct published_of *po = ctx;
	struct splice_spot was;
	if (!po->rel || !last_spot(po->pool, po->worker, po->rel, &was))
		return -1;
	*s = po->pool->old_html[po->worker].ptr + was.at;
	*len = (size_t)was.len;
	return 0;
}

/* Page p made from its published file (pool->old_html[worker], read into
 * it): when the record of its last rendering (read_last_record's) has its
 * splice spot, and the rest of it was made from what it is made from now
 * (`spot`'s shell), it is that file with the splice string's bytes
 * replaced by v's (into `html`, `spot` then where they are). True when it
 * was made so. */
static bool splice_from_last(struct render_pool *pool, int worker, const char *rel,
			     struct value *v, struct splice_spot *spot, struct buf *html)
{
	struct splice_spot was;
	if (!last_spot(pool, worker, rel, &was) || !digest_equal(was.shell, spot->shell))
		return false;
	const struct buf *old = &pool->old_html[worker];
	buf_reset(html);
	buf_add(html, old->ptr, (size_t)was.at);
	spot->at = html->len;
	buf_add(html, v->u.str.ptr, v->u.str.len);
	spot->len = v->u.str.len;
	buf_add(html, old->ptr + was.at + was.len, old->len - (size_t)(was.at + was.len));
	return true;
}

/* Page i's HTML (into pool->html[worker]) from its template `t` over
 * `ctx`, or, with a splice string, from its published file when that can
 * be (splice_from_last). Where the string lies into *spot (NULL: nowhere the next
 * build can use), `room` its place. GEN_CHECK_SPLICE: a page made from its
 * file is rendered too, and the two are held to each other. 0, or -1
 * (reported). */
static int page_html(struct render_pool *pool, const struct page_ctx *pc, size_t i,
		     const struct tmpl *t, const struct digest *head, const char *rel,
		     struct value *ctx, struct splice_spot **spot, struct splice_spot *room,
		     int worker)
{
	const struct page_spec *p = &pool->site->plan.pages[i];
	struct buf *html = &pool->html[worker];
	/* (with a cache: head is made) */
	struct value *v = pool->out && pool->cache ? splice_value(p, ctx) : NULL;
	*spot = NULL;
	if (v) { /* what the page's file is made from but v */
		struct digest d = *head;
		digest_add_str(&d, "shell");
		p->shell(pc, p, ctx, &d);
		room->shell = digest_end(&d);
		if (splice_from_last(pool, worker, rel, v, room, html)) {
			*spot = room;
			if (pc->timings)
				atomic_fetch_add(&pc->timings->spliced, 1);
			if (!pool->check_splice)
				return 0;
		}
	}
	struct buf *to = *spot ? &pool->check_html[worker] : html;
	size_t at, len;
	value_map_set_parent(ctx, frame_context(pc, p, pool->navs[i]));
	buf_reset(to);
	if (tmpl_render_spot(pc->in->templates, t, ctx, to, pc->diag, pool->memos[worker], v,
			     &at, &len) != 0)
		return -1;
	if (*spot) { /* GEN_CHECK_SPLICE */
		if (to->len == html->len && !memcmp(to->ptr, html->ptr, html->len))
			return 0;
		diag_error(pc->diag, NULL, 0, 0,
			   "%s was made from its published file with its %s replaced, and not "
			   "as its template renders it (GEN_CHECK_SPLICE)", rel, p->splice);
		return -1;
	}
	if (v && at != SIZE_MAX) {
		room->at = at;
		room->len = len;
		*spot = room;
	}
	return 0;
}

/* GEN_CHECK_INPUTS: page i, kept by its inputs (`rec` its record), built
 * all the same, its context's digest held to the one its record has (made
 * when it was last rendered, under GEN_CHECK_INPUTS too; none: nothing to
 * hold it to). Another one means its inputs leave out something its
 * context is made from: a page kept stale. Its figures stay those its
 * record marked. 0, or -1 (reported). */
static int check_kept_inputs(struct render_pool *pool, const struct page_ctx *pc, size_t i,
			     const struct digest *head, const char *rel, const struct buf *rec)
{
	const struct page_spec *p = &pool->site->plan.pages[i];
	struct buf_reader marks, check, rest;
	if (record_split(rec, &marks, &check, NULL, &rest) != 0 || check.left != 16)
		return 0;
	struct digest_value want = digest_value_read(&check);
	size_t n0 = pc->marks ? pc->marks->n : 0;
	struct value *built = p->build(pc, p);
	if (!built)
		return -1;
	struct value *ctx = own_context(pc->arena, built, true);
	struct digest_value got = page_digest(head, ctx, (struct digest_value){ 0, 0 });
	int rc = p->complete ? p->complete(pc, p, ctx, false) : 0;
	if (pc->marks)
		ledger_sink_truncate(pc->marks, n0);
	if (!digest_equal(got, want)) {
		diag_error(pc->diag, NULL, 0, 0,
			   "%s was kept as published by its inputs, but its context is not the "
			   "one it was rendered from: its inputs leave something out "
			   "(GEN_CHECK_INPUTS)", rel);
		return -1;
	}
	return rc;
}

/* The page's digest (page_digest) into *digest, and the page kept when it
 * is the last build's (keep_page's answer), timed. */
static int digest_and_keep(struct render_pool *pool, const struct page_ctx *pc, size_t i,
			   const struct digest *head, const char *rel, const struct value *ctx,
			   struct digest_value inputs, struct buf *rec, struct digest_value *digest)
{
	struct site_timings *tm = pc->timings;
	uint64_t t0 = site_clock_ns(), search_ns = 0;
	*digest = page_digest(head, ctx, inputs);
	int kept = pool->cache->old
		? keep_page(pool, pc, i, rel, *digest, rec, ctx == NULL, &search_ns) : 0;
	if (tm) {
		atomic_fetch_add(&tm->search_ns, search_ns);
		atomic_fetch_add(&tm->cache_ns, site_clock_ns() - t0 - search_ns);
	}
	return kept;
}

/* Render page `i` (`out` NULL renders without writing: gen check). */
static int render_page(struct render_pool *pool, const struct page_ctx *pc, size_t i,
		       int worker)
{
	const struct page_spec *p = &pool->site->plan.pages[i];
	struct buf *html = &pool->html[worker], *rec = &pool->records[worker];
	struct render_cache *cache = pool->out ? pool->cache : NULL;
	const struct tmpl *t = tmpl_set_get(pc->in->templates, p->template_name);
	if (!t) {
		diag_error(pc->diag, "templates", 0, 0, "missing template \"%s.mustache\"",
			   p->template_name);
		return -1;
	}
	const char *rel = site_page_file(pc->arena, p->lang, p->path);
	pool->published[worker].rel = rel;
	struct digest head; /* every digest of the page's file starts so */
	if (cache)
		page_digest_head(pool, p, rel, pool->navs[i], &head);
	struct digest_value digest = { 0, 0 };
	int kept = 0;
	struct site_timings *tm = pc->timings;
	/* a page of known inputs is kept, or not, before it is built */
	bool known = cache && p->build && p->inputs;
	struct digest_value inputs = { 0, 0 };
	size_t marks0 = SIZE_MAX; /* the build's marks (not p->inputs's) from here */
	if (known) {
		int rc = p->inputs(pc, p, &inputs);
		marks0 = pc->marks ? pc->marks->n : 0;
		kept = rc != 0 ? -1
			: digest_and_keep(pool, pc, i, &head, rel, NULL, inputs, rec, &digest);
		if (kept == 1 && pool->check_inputs && check_kept_inputs(pool, pc, i, &head, rel, rec) != 0)
			kept = -1;
		if (kept < 0 || kept == 1) {
			if (p->complete && p->complete(pc, p, NULL, false) != 0)
				return -1;
			if (kept < 0)
				return -1;
			atomic_fetch_add(&pool->nkept, 1);
			return 0;
		}
	}
	struct page_spec built = *p;
	if (p->build) {
		built.ctx = p->build(pc, p);
		if (!built.ctx)
			return -1;
	}
	struct value *ctx = own_context(pc->arena, built.ctx, p->build != NULL);
	struct digest_value check = { 0, 0 };
	if (known && pool->check_inputs)
		check = page_digest(&head, ctx, check);
	if (cache && !known)
		kept = digest_and_keep(pool, pc, i, &head, rel, ctx, inputs, rec, &digest);
	if (p->complete && p->complete(pc, p, ctx, kept != 1 && kept >= 0) != 0)
		return -1;
	if (kept < 0)
		return -1;
	if (kept == 1) {
		atomic_fetch_add(&pool->nkept, 1);
		return 0;
	}
	struct splice_spot room, *spot;
	if (page_html(pool, pc, i, t, &head, rel, ctx, &spot, &room, worker) != 0)
		return -1;
	record_head(pool, pc, i, marks0, known && pool->check_inputs ? &check : NULL, spot, rec);
	if (pool->done) {
		uint64_t t0 = site_clock_ns();
		bool last = cache && cache->wants_last && cache->wants_last(pool->site, i);
		const struct buf *was = last ? last_record(pool, worker, rel) : NULL;
		pool->done(pool->site, i, html->ptr, html->len, was,
			   was ? last_html(pool, worker, rel) : NULL, rec);
		site_timing_add(tm ? &tm->search_ns : NULL, t0);
	}
	if (cache) {
		uint64_t t0 = site_clock_ns();
		atomic_fetch_add(&pool->nrendered, 1);
		pagecache_add_page(cache->next, rel, digest, rec->ptr, rec->len);
		site_timing_add(tm ? &tm->cache_ns : NULL, t0);
	}
	if (!pool->out || kept == 2)
		return 0;
	return output_add_to(pool->out, rel, html->ptr, html->len, pc->diag);
}

static void render_one(void *ctx, size_t i, int worker)
{
	struct render_pool *pool = ctx;
	/* every page is rendered even after an error, so a failed build reports
	 * every problem, the same ones whatever the threads' timing; only an
	 * interrupt stops it */
	if (atomic_load(&pool->stop))
		return;
	const struct site *s = pool->site;
	if (s->plan.order)
		i = s->plan.order[i];
	const struct page_spec *p = &s->plan.pages[i];
	struct diag page_diag, *d = &page_diag;
	diag_init_kept(d);
	if (!pool->cites[worker])
		pool->cites[worker] = cite_memo_new();
	if (!pool->memos[worker])
		pool->memos[worker] = tmpl_memo_new();
	struct published_of *po = &pool->published[worker];
	*po = (struct published_of){ pool, worker, NULL, { published_splice, po } };
	/* all that the page's own code sees: not the plan, not another page */
	const struct page_ctx pc = {
		.in = &s->in,
		.arena = &pool->arenas[worker],
		.diag = d,
		.marks = guide_ledger_page_sink(pool->site, i),
		.charts = s->charts,
		.timings = s->timings,
		.lang_keys = s->plan.lang_ctx[p->lang],
		.l = p->lang,
		.path = p->path,
		.scratch = NULL,
		.cites = pool->cites[worker],
		.published = pool->out && pool->cache && pool->cache->old ? &po->get : NULL,
	};
	/* a page's path may lie where the last one's did */
	pool->was_of[worker] = pool->old_of[worker] = NULL;
	if (render_page(pool, &pc, i, worker) != 0 && !d->errors)
		d->errors = 1;
	pool->diags[i] = diag_take_kept(d);
	arena_reset(pc.arena);
	if (output_interrupted())
		atomic_store(&pool->stop, true);
}

static void pool_cache_begin(struct render_pool *pool, size_t n)
{
	struct site *s = pool->site;
	pool->deps_index = (struct strmap)STRMAP_INIT_BORROWED;
	for (size_t i = 0; i < n; i++)
		template_deps_make(pool, s->plan.pages[i].template_name);
	for (int l = 0; l < LANG_COUNT; l++)
		pool->frame_site[l] = frame_site_key(&s->in, &s->arena, (enum lang)l);
	atomic_init(&pool->nrendered, 0);
	atomic_init(&pool->nkept, 0);
}

static void pool_cache_end(struct render_pool *pool)
{
	pool->cache->rendered = atomic_load(&pool->nrendered);
	pool->cache->kept = atomic_load(&pool->nkept);
	strmap_free(&pool->deps_index);
	free(pool->deps);
}

/* published_files.keep: the file as the page cache recorded it. */
static int keep_published(void *ctx, const char *rel, struct diag *diag)
{
	const struct render_pool *pool = ctx;
	const struct pagecache_file *file = pagecache_file(pool->cache->old, rel);
	return file ? output_keep(pool->out, rel, &file->id, diag) : 0;
}

/* Whether the check named `name` (render.h's GEN_CHECK_*) is asked for:
 * set, and neither empty nor "0". */
static bool check_is_on(const char *name)
{
	const char *v = getenv(name);
	return v && *v && strcmp(v, "0") != 0;
}

/* Render every planned page (with `out` NULL: only check them). */
int render_pages(struct site *s, struct output *out, render_page_done done,
		 struct render_cache *cache)
{
	size_t n = s->plan.npages;
	/* the pool holds a view of the site per thread: too big for the stack */
	struct render_pool *pool = xcalloc(1, sizeof *pool);
	pool->site = s;
	pool->out = out;
	pool->done = done;
	pool->cache = cache;
	pool->check_inputs = check_is_on("GEN_CHECK_INPUTS");
	pool->check_splice = check_is_on("GEN_CHECK_SPLICE");
	guide_charts_set_output(s->charts, out); /* written at once */
	struct published_files published = { keep_published, pool };
	if (out && cache && cache->old)
		s->in.published = &published;
	guide_ledger_pages_begin(s);
	atomic_init(&pool->stop, false);
	pool->diags = xcalloc(n + 1, sizeof *pool->diags);
	pool->navs = navs_make(s, n);
	if (cache)
		pool_cache_begin(pool, n);
	for (int w = 0; w < POOL_MAX_JOBS; w++) {
		buf_init(&pool->html[w]);
		buf_init(&pool->records[w]);
		buf_init(&pool->was[w]);
		buf_init(&pool->old_html[w]);
		buf_init(&pool->check_html[w]);
	}
	pool_run(pool_size(s->in.opt.jobs), n, render_one, pool);
	guide_charts_set_output(s->charts, NULL);
	s->in.published = NULL;
	int rc = 0;
	struct strmap said = STRMAP_INIT;
	for (size_t i = 0; i < n; i++) {
		/* in page order, whatever the threads' timing; capped per kind
		 * across the pages, each message said once */
		if (!pool->diags[i])
			continue;
		if (pool->diags[i]->errors)
			rc = -1;
		diag_pass_on_once(s->diag, pool->diags[i], &said);
		free(pool->diags[i]);
	}
	strmap_free(&said);
	if (cache)
		pool_cache_end(pool);
	for (int w = 0; w < POOL_MAX_JOBS; w++) {
		buf_release(&pool->html[w]);
		buf_release(&pool->records[w]);
		buf_release(&pool->was[w]);
		buf_release(&pool->old_html[w]);
		buf_release(&pool->check_html[w]);
		arena_free(&pool->arenas[w]);
		cite_memo_free(pool->cites[w]);
		tmpl_memo_free(pool->memos[w]);
	}
	free(pool->diags);
	free(pool->navs);
	free(pool);
	return rc;
}

int render_root_index(struct site *s, struct output *out, struct buf *html)
{
	const struct tmpl *t = tmpl_set_get(s->in.templates, "pages/root");
	if (!t) {
		diag_error(s->diag, "templates", 0, 0,
			   "missing template \"pages/root.mustache\"");
		return -1;
	}
	struct value *m = value_new_map(&s->arena);
	for (int i = 0; i < LANG_COUNT; i++)
		value_map_set(&s->arena, m, lang_code((enum lang)i), s->plan.lang_ctx[i]);
	value_map_set_str(&s->arena, m, "canonical",
			  arena_printf(&s->arena, "%s/", s->in.opt.base_url ? s->in.opt.base_url : ""));
	buf_reset(html);
	if (tmpl_render(s->in.templates, t, m, html, s->diag) != 0)
		return -1;
	return output_add(out, "index.html", html->ptr, html->len);
}

