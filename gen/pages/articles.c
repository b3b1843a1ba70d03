#include "pages/articles.h"

#include "base/buf.h"
#include "cite/cite.h"
#include "cite/cite_typed.h"
#include "base/diag.h"
#include "base/digest.h"
#include "base/fs.h"
#include "base/numfmt.h"
#include "markdown/frontmatter.h"
#include "model/data.h"
#include "model/i18n.h"
#include "base/pool.h"
#include "view/present.h"
#include "view/site.h"
#include "base/strmap.h"
#include "base/text.h"
#include "template/value.h"
#include "base/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What lists need of an article, made once at planning (in the build
 * arena) instead of for every list the article is in. */
struct article_meta {
	const char *path;      /* "articles/<slug>/" */
	const char **tag_paths; /* [ntags]: "tags/<text_tag_path>/" */
	/* what every summary of the article shows whatever page lists it:
	 * title, description, date, date_text, has_tags, minutes; a summary
	 * holds its links and takes the rest from here (its parent map) */
	struct value *fixed;
	/* what a summary is made from besides the page listing it: `fixed`,
	 * the path, the tags (summary_key) */
	struct digest_value summary_key;
};

static const struct article_meta *meta_of(const struct site_inputs *in,
					  const struct article *a)
{
	return &in->article_meta[a - in->articles];
}

/* "<dir><name>/" in the arena (`dir` ends in a slash), without printf. */
static const char *dir_path(struct arena *ar, const char *dir, const char *name)
{
	size_t d = strlen(dir), n = strlen(name);
	char *p = arena_alloc(ar, d + n + 2);
	memcpy(p, dir, d);
	memcpy(p + d, name, n);
	p[d + n] = '/';
	return p; /* zeroed by the arena: terminated */
}

const char *articles_page_path(struct arena *ar, const struct article *a)
{
	return dir_path(ar, "articles/", a->slug);
}

void articles_check_dates(const struct site *s, const char *today, struct diag *diag)
{
	for (size_t i = 0; i < s->in.narticles; i++) {
		const struct article *a = &s->in.articles[i];
		if (!a->draft && data_date_after(a->date, today))
			diag_warning(diag, a->path, 0, 0, "date %s is after today (%s)", a->date,
				     today);
	}
}

/* The parts of an article's summary that no list changes (`date_text`:
 * the formatted date). The article's strings live all build long:
 * borrowed, not copied. */
static struct value *fixed_summary(struct arena *ar, const struct article *a,
				   const struct buf *date_text, const struct buf *reading)
{
	struct value *m = value_new_map(ar);
	value_map_set(ar, m, "title", value_new_string_borrowed(ar, a->title));
	value_map_set(ar, m, "description", a->description
		      ? value_new_string_borrowed(ar, a->description) : value_null());
	value_map_set(ar, m, "date", value_new_string_borrowed(ar, a->date));
	value_map_set(ar, m, "date_text",
		      value_new_stringn(ar, date_text->ptr, date_text->len));
	value_map_set_bool(ar, m, "has_tags", a->ntags > 0);
	value_map_set_num(ar, m, "minutes", markdown_reading_minutes(a));
	value_map_set(ar, m, "reading", value_new_stringn(ar, reading->ptr, reading->len));
	return m;
}

/* The page of a tag ("tags/<text_tag_path>/"), made once per spelling:
 * thousands of articles name a few dozen tags. `seen` maps a tag (borrowed)
 * to its path's index in `paths` + 1. */
struct tag_paths {
	struct strmap seen;
	const char **paths;
	size_t n, cap;
};

static const char *tag_path(struct site *s, struct tag_paths *tp, const char *tag,
			    struct buf *tmp)
{
	bool created;
	size_t *at = strmap_slot(&tp->seen, tag, &created);
	if (created) {
		buf_reset(tmp);
		text_tag_path(tmp, tag);
		ALLOC_GROW(tp->paths, tp->n, tp->cap);
		tp->paths[tp->n++] = dir_path(&s->arena, "tags/", tmp->ptr);
		*at = tp->n;
	}
	return tp->paths[*at - 1];
}

/* The key of what every summary of `a` is made from besides the page that
 * lists it (article_summary): its fixed keys, sealed, its path, its tags
 * and their pages. */
static struct digest_value summary_key(const struct article *a,
				       const struct article_meta *m)
{
	struct digest d;
	digest_init(&d);
	digest_add_str(&d, "article summary");
	digest_add_value(&d, *m->fixed->u.map.seal);
	digest_add_str(&d, m->path);
	digest_add_len(&d, a->ntags);
	for (size_t t = 0; t < a->ntags; t++) {
		digest_add_str(&d, a->tags[t]);
		digest_add_str(&d, m->tag_paths[t]);
	}
	return digest_end(&d);
}

/* What make_meta's threads share: each thread allocates in an arena of
 * its own (the build's takes them all afterwards) and formats in buffers
 * of its own. */
struct meta_job {
	struct site *s;
	struct article_meta *meta;
	struct arena arenas[POOL_MAX_JOBS];
	struct buf date[POOL_MAX_JOBS], reading[POOL_MAX_JOBS];
};

/* Articles per job: enough to pay for the hand-out, few enough to balance. */
#define META_CHUNK 64

/* The summary's fixed part of article i, sealed, and its key (its path and
 * tags' pages already in meta[i]). */
static void make_summary(struct meta_job *j, size_t i, int worker)
{
	const struct site *s = j->s;
	const struct article *a = &s->in.articles[i];
	struct article_meta *m = &j->meta[i];
	struct arena *ar = &j->arenas[worker];
	struct buf *d = &j->date[worker], *r = &j->reading[worker];
	buf_reset(d);
	i18n_format_date(d, a->date, (enum lang)a->lang);
	/* "5 min read" / "阅读约 5 分钟" */
	char n[NUMFMT_UINT_MAX + 1]; /* at least 1 minute */
	n[numfmt_uint(n, (uint64_t)markdown_reading_minutes(a))] = '\0';
	const char *names[] = { "n" }, *vals[] = { n };
	buf_reset(r);
	i18n_fill(r, i18n_get(&s->in.i18n, (enum lang)a->lang, "minutes_read"), names, vals, 1);
	m->fixed = fixed_summary(ar, a, d, r);
	/* the parent of every summary of the article: digested once */
	value_seal(ar, m->fixed);
	m->summary_key = summary_key(a, m);
}

static void make_summaries(void *ctx, size_t chunk, int worker)
{
	struct meta_job *j = ctx;
	size_t end = (chunk + 1) * META_CHUNK;
	if (end > j->s->in.narticles)
		end = j->s->in.narticles;
	for (size_t i = chunk * META_CHUNK; i < end; i++)
		make_summary(j, i, worker);
}

/* Each article's path and its tags' (one page per spelling, in the order
 * met), then its summary's fixed part on all cores. */
static void make_meta(struct site *s)
{
	struct article_meta *meta =
		arena_alloc(&s->arena, (s->in.narticles + 1) * sizeof *meta);
	struct buf tmp = BUF_INIT;
	struct tag_paths tp = { STRMAP_INIT_BORROWED, NULL, 0, 0 };
	for (size_t i = 0; i < s->in.narticles; i++) {
		const struct article *a = &s->in.articles[i];
		meta[i].path = articles_page_path(&s->arena, a);
		meta[i].tag_paths = arena_alloc(&s->arena, (a->ntags + 1) * sizeof(char *));
		for (size_t t = 0; t < a->ntags; t++)
			meta[i].tag_paths[t] = tag_path(s, &tp, a->tags[t], &tmp);
	}
	buf_release(&tmp);
	strmap_free(&tp.seen);
	free(tp.paths);
	struct meta_job *j = xcalloc(1, sizeof *j);
	j->s = s;
	j->meta = meta;
	for (int w = 0; w < POOL_MAX_JOBS; w++) {
		buf_init(&j->date[w]);
		buf_init(&j->reading[w]);
	}
	pool_run(pool_size(s->in.opt.jobs), (s->in.narticles + META_CHUNK - 1) / META_CHUNK,
		 make_summaries, j);
	for (int w = 0; w < POOL_MAX_JOBS; w++) {
		arena_adopt(&s->arena, &j->arenas[w]);
		buf_release(&j->date[w]);
		buf_release(&j->reading[w]);
	}
	free(j);
	s->in.article_meta = meta;
}

/* articles_in, the list in `a`. */
static const struct article **articles_in_arena(const struct site *s, struct arena *a,
						enum lang l, size_t *n)
{
	const struct article **list = arena_alloc(a, (s->in.narticles + 1) * sizeof *list);
	*n = 0;
	for (size_t i = 0; i < s->in.narticles; i++)
		if (s->in.articles[i].lang == (int)l)
			list[(*n)++] = &s->in.articles[i];
	return list;
}

const struct article **articles_in(struct site *s, enum lang l, size_t *n)
{
	return articles_in_arena(s, &s->arena, l, n);
}

/* The articles of one language, newest first, in `a`. */
static const struct article **articles_of(const struct site *s, struct arena *a, enum lang l,
					  size_t *n)
{
	const struct article **list = articles_in_arena(s, a, l, n);
	qsort(list, *n, sizeof *list, markdown_compare_newest_first);
	return list;
}

/* A list page's links to the tags, each made (and digested) once for the
 * page however many of its articles name the tag: a tag's link is the same
 * in every summary of one page. `by_name` maps a tag's name (borrowed from
 * the articles) to its link's index in `links` + 1. */
struct tag_links {
	struct strmap by_name;
	struct value **links;
	size_t n, cap;
};

#define TAG_LINKS_INIT { STRMAP_INIT_BORROWED, NULL, 0, 0 }

static void tag_links_free(struct tag_links *tl)
{
	strmap_free(&tl->by_name);
	free(tl->links);
}

/* {name, href}: the tag `name` (whose page is at `path`) as linked from
 * the page; sealed and shared through `tl` when there is one. */
static struct value *tag_link(const struct page_ctx *pc, struct tag_links *tl,
			      const char *name, const char *path)
{
	size_t *at = NULL;
	if (tl) {
		bool created;
		at = strmap_slot(&tl->by_name, name, &created);
		if (!created)
			return tl->links[*at - 1];
	}
	struct value *v = value_new_map(pc->arena);
	value_map_set(pc->arena, v, "name", value_new_string_borrowed(pc->arena, name));
	value_map_set(pc->arena, v, "href", value_new_string_borrowed(pc->arena,
		      site_href(pc->arena, pc->l, pc->path, pc->l, path)));
	if (tl) {
		value_seal(pc->arena, v);
		ALLOC_GROW(tl->links, tl->n, tl->cap);
		tl->links[tl->n++] = v;
		*at = tl->n;
	}
	return v;
}

static struct value *tag_list(const struct page_ctx *pc, struct tag_links *tl,
			      const struct article *a)
{
	const struct article_meta *m = meta_of(pc->in, a);
	struct value *tags = value_new_list(pc->arena);
	for (size_t t = 0; t < a->ntags; t++)
		value_list_push(pc->arena, tags, tag_link(pc, tl, a->tags[t], m->tag_paths[t]));
	return tags;
}

/* A summary of an article for lists, with links relative to the page
 * listing it: its own map holds the links, the rest comes from its fixed
 * parent. `tl`: the page's tag links (NULL: the summary's own). */
static struct value *article_summary(const struct page_ctx *pc, struct tag_links *tl,
				     const struct article *a)
{
	struct arena *ar = pc->arena;
	const struct article_meta *meta = meta_of(pc->in, a);
	struct value *m = value_new_map(ar);
	value_map_set_parent(m, meta->fixed);
	value_map_set(ar, m, "href", value_new_string_borrowed(ar,
		      site_href(pc->arena, pc->l, pc->path, pc->l, meta->path)));
	value_map_set(ar, m, "tags", tag_list(pc, tl, a));
	return m;
}

static struct value *toc_entry(const struct page_ctx *pc, const struct heading *h)
{
	struct value *m = value_new_map(pc->arena);
	value_map_set_str(pc->arena, m, "id", h->id);
	value_map_set_str(pc->arena, m, "text", h->text);
	return m;
}

/* The contents: the article's sections (h2) in order, each with its
 * subsections (h3) nested under it, so the list counts only the sections;
 * a subsection before the first section stands as a section. */
static struct value *toc_of(const struct page_ctx *pc, const struct article *a)
{
	struct value *list = value_new_list(pc->arena);
	struct value *section = NULL, *subs = NULL;
	for (size_t i = 0; i < a->nheadings; i++) {
		const struct heading *h = &a->headings[i];
		if (h->level > 3)
			continue;
		struct value *m = toc_entry(pc, h);
		if (h->level == 3 && section) {
			value_list_push(pc->arena, subs, m);
			value_map_set_bool(pc->arena, section, "has_subs", true);
			continue;
		}
		section = m;
		subs = value_new_list(pc->arena);
		value_map_set(pc->arena, m, "subs", subs);
		value_map_set_bool(pc->arena, m, "has_subs", false);
		value_list_push(pc->arena, list, m);
	}
	return list;
}

/* An article's body read again from its file (a markdown_cite's
 * load_body: `ctx` is the page's context), at the place its parse found. */
static int load_body(void *ctx, struct article *a)
{
	const struct page_ctx *pc = ctx;
	struct buf src = BUF_INIT, full = BUF_INIT;
	buf_addf(&full, "%s/%s", pc->in->opt.root, a->path);
	int rc = fs_read_file(full.ptr, &src);
	if (rc != 0)
		diag_error(pc->diag, a->path, 0, 0, "cannot read: %s", fs_strerror(errno));
	buf_release(&full);
	/* the front matter was read and checked at load */
	if (rc == 0 && (rc = markdown_reload_body(a, &src)) != 0)
		diag_error(pc->diag, a->path, 0, 0,
			   "changed while the site was built; build again");
	buf_release(&src);
	return rc;
}

/* The article's HTML as its page is published (a markdown_cite's
 * published: `ctx` is the page's context). */
static int published_body(void *ctx, const char **html, size_t *len)
{
	const struct page_ctx *pc = ctx;
	return pc->published ? pc->published->get(pc->published->ctx, html, len) : -1;
}

/* markdown_splice of the pending rendering, counted when it made cmark's
 * HTML again from the published page (--timings). */
static const char *splice_counted(const struct page_ctx *pc, struct markdown_pending *pending)
{
	const char *html = markdown_splice(pending);
	if (html && pc->timings && markdown_pending_remade(pending))
		atomic_fetch_add(&pc->timings->remade, 1);
	return html;
}

/* Render the article's body for its page, into *pending (markdown.h's
 * deferred rendering: all but the HTML, which is spliced only for a page
 * that is written, complete_article_page), and keep what the site keeps
 * of it: its parse with the body's key, its cites (for the translations
 * report) and, for the newest articles, the HTML (for the feed: made
 * now). From the memo when it holds what was made of the body; the
 * body, where it is needed, is the one held since load (content.h), else
 * the file read again. Each article is rendered by one thread only. */
static int render_body(const struct page_ctx *pc, struct article *a,
		       struct markdown_pending **pending)
{
	struct article tmp;
	memset(&tmp, 0, sizeof tmp);
	tmp.path = xstrdup(a->path);
	tmp.lang = a->lang;
	tmp.body_line = a->body_line;
	tmp.body_at = a->body_at;
	tmp.file_len = a->file_len;
	tmp.body_key = a->body_key;
	tmp.has_body_key = a->has_body_key;
	tmp.body = a->body; /* held since load (content.c), else read now */
	a->body = NULL;
	/* the shortcodes see the page as it is: its path, arena, marks */
	struct markdown_cite mc = { cite_resolve, NULL, (void *)pc, load_body,
				    !pc->in->opt.write, cite_resolve_known, published_body };
	const struct markdown_memo *memo = pc->in->markdown_memo;
	uint64_t t0 = site_clock_ns();
	int rc = markdown_render_deferred(&tmp, &mc, memo, pc->diag, pending);
	cite_check_article(pc, *pending); /* what it found kept in the memo */
	struct article *r = markdown_pending_article(*pending);
	if (rc == 0 && a->keep_html && !a->html) {
		if (splice_counted(pc, *pending)) {
			a->html = r->html;
			a->html_key = r->html_key;
			r->html = NULL;
		} else {
			rc = -1;
		}
	}
	site_timing_add(pc->timings ? &pc->timings->markdown_ns : NULL, t0);
	if (rc == 0 && a->parse_unkept && memo && r->has_body_key) {
		a->body_key = r->body_key;
		a->has_body_key = true;
		struct buf rec = BUF_INIT;
		markdown_article_keep(memo, a->parse_key, a, &rec);
		buf_release(&rec);
		a->parse_unkept = false;
	}
	char **cites = a->cites;
	size_t ncites = a->ncites;
	a->cites = r->cites;
	a->ncites = r->ncites;
	r->cites = cites;
	r->ncites = ncites;
	return rc;
}

/* What an article's page is made from (page_spec.inputs), its shortcodes
 * resolved first (its figures and messages: a kept page makes them too):
 * its summary's key (its fixed keys, path and tags), its body's html_key
 * and whether it has contents. What it resolved waits in a->pending. */
static int article_page_inputs(const struct page_ctx *pc, const struct page_spec *p,
			       struct digest_value *key)
{
	struct article *a = p->arg;
	if (!a->pending && render_body(pc, a, &a->pending) != 0)
		return -1;
	const struct article *r = markdown_pending_article(a->pending);
	struct digest d;
	digest_init(&d);
	digest_add_str(&d, "article page");
	digest_add_value(&d, meta_of(pc->in, a)->summary_key);
	digest_add_value(&d, r->html_key);
	digest_add_byte(&d, markdown_pending_nheadings(a->pending) >= 3);
	*key = digest_end(&d);
	return 0;
}

/* The contents (toc_of's list, or NULL: none) into `d`: each heading's
 * id and text, each section's subsections after it. */
static void toc_digest(const struct value *toc, struct digest *d)
{
	size_t n = value_list_len(toc);
	digest_add_len(d, n);
	for (size_t i = 0; i < n; i++) {
		const struct value *m = value_list_item(toc, i);
		const char *id = value_string(value_map_get(m, "id"));
		const char *text = value_string(value_map_get(m, "text"));
		digest_add_str(d, id ? id : "");
		digest_add_str(d, text ? text : "");
		toc_digest(value_map_get(m, "subs"), d);
	}
}

/* What an article's page is made from but its body (page_spec.shell):
 * its summary's key, and its contents (complete_body put them in `ctx`:
 * a heading's text may show a figure). */
static void article_page_shell(const struct page_ctx *pc, const struct page_spec *p,
			       const struct value *ctx, struct digest *d)
{
	const struct article *a = p->arg;
	digest_add_str(d, "article page shell");
	digest_add_value(d, meta_of(pc->in, a)->summary_key);
	digest_add_byte(d, value_is_truthy(value_map_get(ctx, "has_toc")));
	toc_digest(value_map_get(ctx, "toc"), d);
}

/* The page's context, made only for a page that is written (a page kept
 * as published is told by article_page_inputs): its summary and fixed
 * keys, and whether it has contents; its HTML (the feed's articles have it
 * already) and contents are put in by complete_article_page. */
static struct value *build_article_page(const struct page_ctx *pc, const struct page_spec *p)
{
	struct article *a = p->arg; /* the page's own: what rendering found */
	struct markdown_pending *pending = a->pending; /* article_page_inputs' */
	a->pending = NULL;
	if (!pending && render_body(pc, a, &pending) != 0) {
		markdown_pending_free(pending);
		return NULL;
	}
	struct value *ctx = article_summary(pc, NULL, a);
	/* the context holds its fixed keys itself: its parent is the page's
	 * frame (render.c) */
	const struct value *fixed = meta_of(pc->in, a)->fixed;
	for (size_t i = 0; i < fixed->u.map.len; i++)
		value_map_set(pc->arena, ctx, fixed->u.map.entries[i].key,
			      fixed->u.map.entries[i].val);
	value_map_set_parent(ctx, NULL);
	if (a->html)
		value_map_set(pc->arena, ctx, "body",
			      value_new_string_keyed(pc->arena, a->html, &a->html_key));
	value_map_set_bool(pc->arena, ctx, "has_toc", markdown_pending_nheadings(pending) >= 3);
	a->pending = pending; /* until the page is written or kept */
	return ctx;
}

/* The article's HTML (unless the feed made it) and contents into the
 * page's context. */
static int complete_body(const struct page_ctx *pc, struct article *a,
			 struct markdown_pending *pending, struct value *ctx)
{
	struct article *r = markdown_pending_article(pending);
	if (!a->html) {
		uint64_t t0 = site_clock_ns();
		const char *spliced = splice_counted(pc, pending);
		site_timing_add(pc->timings ? &pc->timings->markdown_ns : NULL, t0);
		if (!spliced)
			return -1;
		/* the page's now (the pending is freed before the page is
		 * rendered) */
		char *html = r->html;
		r->html = NULL;
		value_map_set(pc->arena, ctx, "body",
			      value_new_string_keyed_owned(pc->arena, html, strlen(html),
							   &r->html_key));
	}
	if (markdown_pending_nheadings(pending) < 3)
		return 0;
	if (markdown_pending_headings(pending) != 0)
		return -1;
	value_map_set(pc->arena, ctx, "toc", toc_of(pc, r));
	return 0;
}

/* The article's HTML and contents into the page's context when the page is
 * written (`render`); what its rendering left freed either way. */
static int complete_article_page(const struct page_ctx *pc, const struct page_spec *p,
				 struct value *ctx, bool render)
{
	struct article *a = p->arg;
	struct markdown_pending *pending = a->pending;
	if (!pending)
		return 0;
	a->pending = NULL;
	int rc = render ? complete_body(pc, a, pending, ctx) : 0;
	markdown_pending_free(pending);
	return rc;
}

static void plan_article_pages(struct site *s)
{
	/* every article page sits at the same depth ("articles/<slug>/"), so
	 * one language's pages share their breadcrumbs */
	struct value *crumbs[LANG_COUNT] = { NULL };
	const struct article_meta *meta = s->in.article_meta;
	for (size_t i = 0; i < s->in.narticles; i++) {
		struct article *a = &s->in.articles[i];
		enum lang l = (enum lang)a->lang;
		const char *path = meta[i].path;
		long other = s->in.translation_of[i];
		if (!crumbs[l]) { /* sealed: each page's frame key takes them as a word */
			crumbs[l] = site_crumbs(&s->in, &s->arena, l, path, "nav.articles", "articles/");
			value_seal(&s->arena, crumbs[l]);
		}
		struct page_spec p = {
			.lang = l,
			.path = path,
			.alt_path = other >= 0 ? meta[other].path : NULL,
			.template_name = "pages/article",
			.title = a->title,
			.description = a->description,
			.section = "articles",
			.build = build_article_page,
			.complete = complete_article_page,
			.inputs = article_page_inputs,
			.splice = "body",
			.shell = article_page_shell,
			.arg = a,
			.crumbs = crumbs[l],
		};
		site_add_page(s, &p);
	}
}

/* What a list page shows: every article of a language, or those with one
 * tag, newest first (chosen at planning). The page's context is built when
 * it is rendered: with thousands of articles these lists are the biggest
 * contexts of the site. */
struct article_list {
	const char *tag; /* NULL: every article */
	const char *path; /* the tag page: "tags/<text_tag_path>/" */
	const struct article *first; /* the first article naming the tag */
	const struct article **articles;
	size_t n;
};

/* What stands for a list page's articles in the context the page is
 * digested from: a text keyed by what their summaries are made from (the
 * page's language and path, each article's summary_key, in order). The
 * summaries are made only for a page that is written
 * (complete_article_list): a list of thousands of articles is digested at
 * the cost of a few words each, and a page kept as published makes none. */
static struct value *list_placeholder(const struct page_ctx *pc,
				      const struct article_list *what)
{
	struct digest d;
	digest_init(&d);
	digest_add_str(&d, "article list");
	digest_add_byte(&d, (unsigned char)pc->l);
	digest_add_str(&d, pc->path);
	digest_add_len(&d, what->n);
	for (size_t i = 0; i < what->n; i++)
		digest_add_value(&d, meta_of(pc->in, what->articles[i])->summary_key);
	struct digest_value key = digest_end(&d);
	return value_new_string_keyed(pc->arena, "", &key);
}

static struct value *build_article_list(const struct page_ctx *pc, const struct page_spec *p)
{
	const struct article_list *what = p->arg;
	struct value *ctx = value_new_map(pc->arena);
	value_map_set(pc->arena, ctx, "articles", list_placeholder(pc, what));
	if (what->tag)
		value_map_set_str(pc->arena, ctx, "tag", what->tag);
	return ctx;
}

/* The summaries of a list page's articles into its context, when the page
 * is written (`render`). */
static int complete_article_list(const struct page_ctx *pc, const struct page_spec *p,
				 struct value *ctx, bool render)
{
	if (!render)
		return 0;
	const struct article_list *what = p->arg;
	struct value *items = value_new_list(pc->arena);
	struct tag_links tl = TAG_LINKS_INIT;
	for (size_t i = 0; i < what->n; i++)
		value_list_push(pc->arena, items, article_summary(pc, &tl, what->articles[i]));
	tag_links_free(&tl);
	value_map_set(pc->arena, ctx, "articles", items);
	return 0;
}

/* The language's lists: every article (newest first), and one per tag,
 * sorted by tag, each newest first. Made in two passes over the articles
 * with a map from tag to list (no search per tag and article). */
struct lang_lists {
	struct article_list all;
	struct article_list *tags;
	size_t ntags;
	struct strmap tag_index; /* tag page path -> its number in `tags` */
};

static int compare_lists_by_tag(const void *x, const void *y)
{
	return strcmp(((const struct article_list *)x)->tag,
		      ((const struct article_list *)y)->tag);
}

/* True when a->tags[t] repeats an earlier tag of the same article (the
 * front matter may name one twice; a list shows the article once). */
static bool repeats_tag(const struct article *a, size_t t)
{
	for (size_t k = 0; k < t; k++)
		if (!strcmp(a->tags[k], a->tags[t]))
			return true;
	return false;
}

/* Two spellings of a tag that would share one page ("LoRA" and "lora"):
 * an error at the second, naming the first. */
static void check_tag_spelling(struct diag *d, const struct article_list *tl,
			       const struct article *a, size_t t)
{
	if (!strcmp(tl->tag, a->tags[t]))
		return;
	diag_error(d, a->path, a->tags_line, 0,
		   "tag \"%s\" and tag \"%s\" (%s:%d) would share the URL %s",
		   a->tags[t], tl->tag, tl->first->path, tl->first->tags_line,
		   tl->path);
}

/* Language l's lists, in `ar` (the build's, or one adopted by it), its
 * messages to `d`. */
static void make_lists(const struct site *s, enum lang l, struct lang_lists *ll,
		       struct arena *ar, struct diag *d)
{
	memset(ll, 0, sizeof *ll);
	ll->all.articles = articles_of(s, ar, l, &ll->all.n);
	/* count each tag's articles */
	size_t cap = 0;
	for (size_t i = 0; i < ll->all.n; i++) {
		const struct article *a = ll->all.articles[i];
		const struct article_meta *m = meta_of(&s->in, a);
		for (size_t t = 0; t < a->ntags; t++) {
			if (repeats_tag(a, t))
				continue;
			bool created;
			size_t *k = strmap_slot(&ll->tag_index, m->tag_paths[t], &created);
			if (created) {
				ALLOC_GROW(ll->tags, ll->ntags, cap);
				*k = ll->ntags;
				ll->tags[ll->ntags++] = (struct article_list){
					.tag = a->tags[t], .path = m->tag_paths[t], .first = a };
			}
			check_tag_spelling(d, &ll->tags[*k], a, t);
			ll->tags[*k].n++;
		}
	}
	for (size_t k = 0; k < ll->ntags; k++) {
		ll->tags[k].articles = arena_alloc(ar, ll->tags[k].n * sizeof(void *));
		ll->tags[k].n = 0;
	}
	/* fill them in newest-first order */
	for (size_t i = 0; i < ll->all.n; i++) {
		const struct article *a = ll->all.articles[i];
		const struct article_meta *m = meta_of(&s->in, a);
		for (size_t t = 0; t < a->ntags; t++) {
			if (repeats_tag(a, t))
				continue;
			struct article_list *tl =
				&ll->tags[*strmap_get(&ll->tag_index, m->tag_paths[t])];
			tl->articles[tl->n++] = a;
		}
	}
	qsort(ll->tags, ll->ntags, sizeof *ll->tags, compare_lists_by_tag);
	/* the tag pages point at their lists: those live in the build arena */
	struct article_list *kept = arena_alloc(ar, (ll->ntags + 1) * sizeof *kept);
	if (ll->ntags)
		memcpy(kept, ll->tags, ll->ntags * sizeof *kept);
	free(ll->tags);
	ll->tags = kept;
}

/* Each language's lists on a thread of its own: they share only the
 * articles, which they read; each has an arena (the build's adopts it) and
 * messages (passed on in the languages' order) of its own. */
struct lists_job {
	const struct site *s;
	struct lang_lists *lists;
	struct arena arenas[LANG_COUNT];
	struct diag diags[LANG_COUNT];
};

static void make_lists_job(void *ctx, size_t l, int worker)
{
	(void)worker;
	struct lists_job *j = ctx;
	make_lists(j->s, (enum lang)l, &j->lists[l], &j->arenas[l], &j->diags[l]);
}

static void make_all_lists(struct site *s, struct lang_lists *lists)
{
	struct lists_job j = { .s = s, .lists = lists };
	for (int l = 0; l < LANG_COUNT; l++) {
		j.arenas[l] = (struct arena)ARENA_INIT;
		diag_init_kept(&j.diags[l]);
	}
	pool_run(pool_size(s->in.opt.jobs), LANG_COUNT, make_lists_job, &j);
	for (int l = 0; l < LANG_COUNT; l++) {
		arena_adopt(&s->arena, &j.arenas[l]);
		diag_pass_on(s->diag, &j.diags[l]);
	}
}

/* The other language's page of the tag at `path` ("tags/buying/"): its
 * same spelling ("a100"), else its twin in data/i18n.csv ("选购"), when
 * that language has articles with it; else NULL. */
static const char *tag_alt_path(struct site *s, enum lang l, const char *tag,
				const char *path, const struct lang_lists *other)
{
	if (strmap_get(&other->tag_index, path))
		return path;
	const char *twin = i18n_tag_twin(&s->in.i18n, l, tag);
	if (!twin)
		return NULL;
	struct buf tmp = BUF_INIT;
	text_tag_path(&tmp, twin);
	const char *alt = dir_path(&s->arena, "tags/", tmp.ptr);
	buf_release(&tmp);
	return strmap_get(&other->tag_index, alt) ? alt : NULL;
}

static void plan_article_lists(struct site *s, enum lang l,
			       struct lang_lists *lists)
{
	struct lang_lists *ll = &lists[l];
	const struct lang_lists *other_ll = &lists[l == LANG_EN ? LANG_ZH : LANG_EN];
	const struct article **list = ll->all.articles;
	size_t n = ll->all.n;
	for (size_t i = 0; i < n && i < ARTICLES_IN_FEED; i++)
		((struct article *)list[i])->keep_html = true;

	/* the article index */
	struct page_spec p = {
		.lang = l, .path = "articles/", .alt_path = "articles/",
		.template_name = "pages/articles",
		.title = i18n_get(&s->in.i18n, l, "nav.articles"),
		.section = "articles",
		.build = build_article_list, .complete = complete_article_list,
		.arg = &ll->all,
		.crumbs = site_crumbs(&s->in, &s->arena, l, "articles/", NULL, NULL),
	};
	site_add_page(s, &p);

	/* a page per tag */
	for (size_t t = 0; t < ll->ntags; t++) {
		const char *tag = ll->tags[t].tag;
		const char *path = ll->tags[t].path;
		const char *names[] = { "tag" }, *vals[] = { tag };
		const char *alt = tag_alt_path(s, l, tag, path, other_ll);
		struct buf title = BUF_INIT;
		i18n_fill(&title, i18n_get(&s->in.i18n, l, "articles.tag_title"), names, vals, 1);
		struct page_spec tp = {
			.lang = l, .path = path,
			.alt_path = alt,
			.template_name = "pages/tag",
			.title = arena_strdup(&s->arena, title.ptr),
			.section = "articles",
			.build = build_article_list, .complete = complete_article_list,
			.arg = &ll->tags[t],
			.crumbs = site_crumbs(&s->in, &s->arena, l, path, "nav.articles", "articles/"),
		};
		site_add_page(s, &tp);
		buf_release(&title);
	}
}

struct value *articles_latest(struct site *s, enum lang l, size_t max)
{
	size_t n;
	const struct article **list = articles_in(s, l, &n);
	n = markdown_newest_first(list, n, max);
	struct value *latest = value_new_list(&s->arena);
	struct page_ctx home = pg_planning(s, l, "", NULL);
	struct tag_links tl = TAG_LINKS_INIT;
	for (size_t i = 0; i < n && i < max; i++)
		value_list_push(&s->arena, latest, article_summary(&home, &tl, list[i]));
	tag_links_free(&tl);
	return latest;
}

void articles_plan(struct site *s, void (*after_lists)(struct site *s, enum lang l))
{
	make_meta(s);
	/* the lists live as long as the build: their pages render later */
	struct lang_lists *lists = arena_alloc(&s->arena, LANG_COUNT * sizeof *lists);
	make_all_lists(s, lists);
	for (int l = 0; l < LANG_COUNT; l++) {
		plan_article_lists(s, (enum lang)l, lists);
		if (after_lists)
			after_lists(s, (enum lang)l);
	}
	for (int l = 0; l < LANG_COUNT; l++)
		strmap_free(&lists[l].tag_index);
	plan_article_pages(s);
}
