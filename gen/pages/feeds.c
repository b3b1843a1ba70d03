#include "pages/feeds.h"

#include "pages/articles.h"

#include "base/buf.h"
#include "base/bytes.h"
#include "base/diag.h"
#include "base/digest.h"
#include "markdown/frontmatter.h"
#include "markdown/markdown.h"
#include "publish/output.h"
#include "publish/pagecache.h"
#include "view/guide_charts.h"
#include "view/present.h"
#include "pages/price_history.h"
#include "view/site.h"
#include "base/text.h"
#include "base/xalloc.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ---- An indenting XML writer ----
 *
 * The bytes libxml2's xmlTextWriter wrote with a two-space indent, which
 * these feeds were written with before: gen does not load libxml2 for
 * them. An element holding elements has its start and end tags on lines of
 * their own, indented by its depth; one holding text or nothing takes one
 * line ("<name>text</name>", "<name .../>"). */

#define XML_DEPTH_MAX 8 /* a feed's elements nest three deep */

struct xml {
	struct buf *out;
	const char *open[XML_DEPTH_MAX]; /* the elements open, outermost first */
	bool holds_elements[XML_DEPTH_MAX];
	size_t depth;
	bool in_tag; /* the innermost start tag takes attributes still */
};

/* A byte XML 1.0 can carry: not a C0 control other than tab, LF and CR
 * (the others are dropped, so no input can make the file ill-formed). */
static bool xml_byte_allowed(unsigned char c)
{
	return c >= 0x20 || c == '\t' || c == '\n' || c == '\r';
}

/* Whether the `len` bytes at s hold a CR or a C0 control other than tab
 * and LF: what xml_escaped does to a text besides what HTML's escape
 * does. */
static bool has_cr_or_control(const char *s, size_t len)
{
	size_t i = 0;
#ifdef BYTES_SSE2
	for (; len - i >= 16; i += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(s + i));
		__m128i low = bytes_control16(x);
		__m128i ok = _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\t')),
					  _mm_cmpeq_epi8(x, _mm_set1_epi8('\n')));
		if (_mm_movemask_epi8(_mm_andnot_si128(ok, low)))
			return true;
	}
#endif
	for (; i < len; i++)
		if (s[i] == '\r' || !xml_byte_allowed((unsigned char)s[i]))
			return true;
	return false;
}

/* `text` escaped as xmlTextWriter escapes an element's text (< > & " and
 * CR) or an attribute's value (those, and tab and LF as character
 * references too), its forbidden bytes dropped; other bytes as they are. */
static void xml_escaped(struct buf *out, const char *text, bool in_attr)
{
	/* a text as most are (an entry's content: a whole article's HTML)
	 * is escaped as HTML's text is, < > & and " (text_escape_html_cmark:
	 * 16 bytes at a time) */
	size_t len = strlen(text);
	if (!in_attr && !has_cr_or_control(text, len)) {
		text_escape_html_cmark(out, text, len);
		return;
	}
	const char *run = text;
	for (const char *p = text;; p++) {
		unsigned char c = (unsigned char)*p;
		const char *ref = c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;"
				: c == '"' ? "&quot;" : c == '\r' ? "&#13;"
				: !in_attr ? NULL : c == '\n' ? "&#10;" : c == '\t' ? "&#9;" : NULL;
		if (c && !ref && xml_byte_allowed(c))
			continue;
		buf_add(out, run, (size_t)(p - run));
		if (!c)
			break;
		if (ref)
			buf_adds(out, ref);
		run = p + 1;
	}
}

static void xml_indent(struct xml *x)
{
	for (size_t i = 0; i < x->depth; i++)
		buf_add(x->out, "  ", 2);
}

/* The innermost start tag closed: what follows is its content. */
static void close_tag(struct xml *x)
{
	if (x->in_tag)
		buf_addc(x->out, '>');
	x->in_tag = false;
}

static void xml_begin(struct xml *x, struct buf *out)
{
	*x = (struct xml){ .out = out };
	buf_adds(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
}

static void start(struct xml *x, const char *name)
{
	if (x->depth == XML_DEPTH_MAX)
		abort(); /* a feed's own structure: never */
	if (x->depth) {
		if (x->in_tag)
			buf_adds(x->out, ">\n");
		x->in_tag = false;
		x->holds_elements[x->depth - 1] = true;
	}
	xml_indent(x);
	buf_addc(x->out, '<');
	buf_adds(x->out, name);
	x->open[x->depth] = name;
	x->holds_elements[x->depth++] = false;
	x->in_tag = true;
}

static void end(struct xml *x)
{
	const char *name = x->open[--x->depth];
	if (x->in_tag) {
		buf_adds(x->out, "/>\n");
		x->in_tag = false;
		return;
	}
	if (x->holds_elements[x->depth])
		xml_indent(x);
	buf_adds(x->out, "</");
	buf_adds(x->out, name);
	buf_adds(x->out, ">\n");
}

static void attr(struct xml *x, const char *name, const char *value)
{
	buf_addc(x->out, ' ');
	buf_adds(x->out, name);
	buf_adds(x->out, "=\"");
	xml_escaped(x->out, value ? value : "", true);
	buf_addc(x->out, '"');
}

/* Text content of the element just opened (for an article's whole HTML
 * too). */
static void content_text(struct xml *x, const char *text)
{
	close_tag(x);
	xml_escaped(x->out, text ? text : "", false);
}

static void element(struct xml *x, const char *name, const char *text)
{
	start(x, name);
	content_text(x, text);
	end(x);
}

/* A feed's two links: itself (Atom) and the page it follows (HTML). */
static void feed_links(struct xml *x, const char *self,
		       const char *page)
{
	static const char *const rel[2] = { "self", "alternate" };
	static const char *const type[2] = { "application/atom+xml", "text/html" };
	const char *href[2] = { self, page };
	for (int i = 0; i < 2; i++) {
		start(x, "link");
		attr(x, "rel", rel[i]);
		attr(x, "type", type[i]);
		attr(x, "href", href[i]);
		end(x);
	}
}

static const char *timestamp(struct site *s, const char *ymd);

/* What a feed says of itself before its entries. */
struct feed_head {
	const char *title_key; /* the title is "Site · <title_key>" */
	const char *subtitle;  /* or NULL */
	const char *id, *self, *page; /* its id, its own URL, the page it follows */
	const char *updated;   /* a date */
};

/* A feed's writer begun on `out`, <feed> opened in language l and its head
 * written (title, subtitle, id, links, updated, the site as author). */
static void feed_begin(struct site *s, struct xml *x, struct buf *out, enum lang l,
		       const struct feed_head *h)
{
	xml_begin(x, out);
	const char *site_name = i18n_get(&s->in.i18n, l, "site.name");
	start(x, "feed");
	attr(x, "xmlns", "http://www.w3.org/2005/Atom");
	attr(x, "xml:lang", lang_tag(l));
	element(x, "title", arena_printf(&s->arena, "%s · %s", site_name,
					    i18n_get(&s->in.i18n, l, h->title_key)));
	if (h->subtitle)
		element(x, "subtitle", h->subtitle);
	element(x, "id", h->id);
	feed_links(x, h->self, h->page);
	element(x, "updated", timestamp(s, h->updated));
	start(x, "author");
	element(x, "name", site_name);
	element(x, "uri", site_page_url(&s->in, &s->arena, l, ""));
	end(x);
}

/* ---- sitemap.xml ----
 *
 * Written straight into the buffer: it lists every page (20,000 at 10,000
 * articles a language), and xmlTextWriter cost a fifth of a second for that
 * on one core. The bytes are those xmlTextWriter wrote (two-space indent,
 * its escapes), and only URLs go in, each escaped here. */

/* What every URL of the sitemap shares, made once: the base URL escaped
 * for an element's text and for an attribute, and the buffers a page's
 * URLs are made in (thousands of pages, four URLs each). */
struct sitemap {
	struct buf *out;
	struct buf base_text, base_attr;
	struct buf uri;                  /* a path, percent-encoded */
	struct buf alt[LANG_COUNT];      /* a page's URL in each language */
	enum lang def;                   /* the x-default language */
};

/* base + "/" + lang + "/" + path, escaped for an attribute or not, onto
 * `out`. */
static void sitemap_url(struct sitemap *m, struct buf *out, enum lang l,
			const char *path, bool in_attr)
{
	buf_addbuf(out, in_attr ? &m->base_attr : &m->base_text);
	buf_addc(out, '/');
	buf_adds(out, lang_code(l));
	buf_addc(out, '/');
	buf_reset(&m->uri); /* a tag page's path may be Chinese */
	text_uri_encode(&m->uri, path);
	text_escape_xml(out, m->uri.len ? m->uri.ptr : "", in_attr);
}

static void sitemap_alternate(struct sitemap *m, const char *hreflang,
			      const struct buf *url)
{
	buf_adds(m->out, "    <xhtml:link rel=\"alternate\" hreflang=\"");
	text_escape_xml(m->out, hreflang, true);
	buf_adds(m->out, "\" href=\"");
	buf_addbuf(m->out, url);
	buf_adds(m->out, "\"/>\n");
}

/* The page in each language, then the default's again as x-default: each
 * URL made once. */
static void sitemap_alternates(struct sitemap *m, const char *const path[LANG_COUNT])
{
	for (int l = 0; l < LANG_COUNT; l++) {
		buf_reset(&m->alt[l]);
		sitemap_url(m, &m->alt[l], (enum lang)l, path[l], true);
		sitemap_alternate(m, lang_tag((enum lang)l), &m->alt[l]);
	}
	sitemap_alternate(m, "x-default", &m->alt[m->def]);
}

static void sitemap_page(struct sitemap *m, const struct page_spec *p)
{
	buf_adds(m->out, "  <url>\n    <loc>");
	sitemap_url(m, m->out, p->lang, p->path, false);
	buf_adds(m->out, "</loc>\n");
	if (p->alt_path) {
		enum lang other = p->lang == LANG_EN ? LANG_ZH : LANG_EN;
		const char *path[LANG_COUNT];
		path[p->lang] = p->path;
		path[other] = p->alt_path;
		sitemap_alternates(m, path);
	}
	buf_adds(m->out, "  </url>\n");
}

int feeds_sitemap(struct site *s, struct buf *out)
{
	const char *base = site_base_url(&s->in, &s->arena);
	struct sitemap m = { .out = out, .base_text = BUF_INIT, .base_attr = BUF_INIT,
			     .uri = BUF_INIT, .def = s->in.default_lang };
	for (int l = 0; l < LANG_COUNT; l++)
		buf_init(&m.alt[l]);
	text_escape_xml(&m.base_text, base, false);
	text_escape_xml(&m.base_attr, base, true);
	buf_adds(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
		      " xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n");
	/* the root index.html: the language chooser */
	buf_adds(out, "  <url>\n    <loc>");
	buf_addbuf(out, &m.base_text);
	buf_adds(out, "/</loc>\n");
	const char *const home[LANG_COUNT] = { "", "" };
	sitemap_alternates(&m, home);
	buf_adds(out, "  </url>\n");
	for (size_t i = 0; i < s->plan.npages; i++)
		sitemap_page(&m, &s->plan.pages[i]);
	buf_adds(out, "</urlset>\n");
	buf_release(&m.base_text);
	buf_release(&m.base_attr);
	buf_release(&m.uri);
	for (int l = 0; l < LANG_COUNT; l++)
		buf_release(&m.alt[l]);
	return 0;
}

/* ---- Atom feeds ---- */

/* "2026-07-27" as an RFC 3339 time stamp (midnight UTC). */
static const char *timestamp(struct site *s, const char *ymd)
{
	return arena_printf(&s->arena, "%sT00:00:00Z", ymd && *ymd ? ymd : "1970-01-01");
}

static void feed_entry(struct site *s, struct xml *x, enum lang l,
		       const struct article *a)
{
	const char *url = site_page_url(&s->in, &s->arena, l, articles_page_path(&s->arena, a));
	start(x, "entry");
	element(x, "title", a->title);
	start(x, "link");
	attr(x, "rel", "alternate");
	attr(x, "type", "text/html");
	attr(x, "href", url);
	end(x);
	element(x, "id", url);
	element(x, "published", timestamp(s, a->date));
	element(x, "updated", timestamp(s, a->date));
	for (size_t t = 0; t < a->ntags; t++) {
		start(x, "category");
		attr(x, "term", a->tags[t]);
		end(x);
	}
	if (a->description)
		element(x, "summary", a->description);
	/* the article's links are relative to its page */
	if (a->html) { /* kept for the newest articles (ARTICLES_IN_FEED) */
		start(x, "content");
		attr(x, "type", "html");
		attr(x, "xml:base", url);
		/* a feed reader has no style sheet to show one drawing of a
		 * chart: the wide one only */
		struct buf html = BUF_INIT;
		guide_charts_one_drawing(a->html, &html);
		content_text(x, html.len ? html.ptr : "");
		buf_release(&html);
		end(x);
	}
	end(x);
}

int feeds_atom(struct site *s, enum lang l, struct buf *out)
{
	size_t n;
	const struct article **list = articles_in(s, l, &n);
	n = markdown_newest_first(list, n, ARTICLES_IN_FEED);

	/* the feed changed when its newest entry did, or at the build date */
	const char *updated = s->in.date ? s->in.date : "";
	if (n && list[0]->date && strcmp(list[0]->date, updated) > 0)
		updated = list[0]->date;

	const char *home = site_page_url(&s->in, &s->arena, l, "");
	const struct feed_head head = {
		"feed.title", i18n_get(&s->in.i18n, l, "site.description"), home,
		site_page_url(&s->in, &s->arena, l, "feed.xml"), home, updated,
	};
	struct xml x;
	feed_begin(s, &x, out, l, &head);
	/* the newest entries only: a feed reader needs no archive */
	for (size_t i = 0; i < n; i++)
		feed_entry(s, &x, l, list[i]);
	end(&x);
	return 0;
}

/* ---- The price feeds ---- */

/* One price change: a new dated quote that differs from its series'
 * previous one, linked to the GPU's page. */
static void price_entry(struct site *s, struct xml *x, enum lang l,
			const struct price_change *c)
{
	struct page_ctx p = pg_planning(s, l, "", NULL);
	const struct price *q = &s->in.data.prices[c->row];
	const char *url = site_page_url(&s->in, &s->arena, l, pg_gpu_path(&p, q->gpu));
	start(x, "entry");
	element(x, "title", price_history_change_text(&p, c));
	start(x, "link");
	attr(x, "rel", "alternate");
	attr(x, "type", "text/html");
	attr(x, "href", url);
	end(x);
	/* stable: the quote's key (GPU, provider or source, kind, cards, date) */
	element(x, "id", arena_printf(&s->arena, "%s#price-%s-%s-%s-%d-%s", url,
					 q->provider, q->source, q->kind, q->cards,
					 q->as_of));
	element(x, "published", timestamp(s, q->as_of));
	element(x, "updated", timestamp(s, q->as_of));
	/* "change (source)" / "change（source）": the language's brackets */
	element(x, "summary", arena_printf(&s->arena, "%s%s",
					      price_history_change_text(&p, c),
					      pg_paren_text(&p, pg_source_titles(&p, q->source))));
	end(x);
}

int feeds_prices_atom(struct site *s, enum lang l, struct buf *out)
{
	const struct price_change *changes = s->in.price_changes;
	size_t n = s->in.nprice_changes;
	const char *updated = s->in.date ? s->in.date : "";
	if (n && strcmp(s->in.data.prices[changes[0].row].as_of, updated) > 0)
		updated = s->in.data.prices[changes[0].row].as_of;
	const char *self = site_page_url(&s->in, &s->arena, l, "prices.xml");
	const struct feed_head head = {
		"price.feed_title", NULL, self, self, site_page_url(&s->in, &s->arena, l, "gpus/"), updated,
	};
	struct xml x;
	feed_begin(s, &x, out, l, &head);
	for (size_t i = 0; i < n && i < ARTICLES_IN_FEED; i++)
		price_entry(s, &x, l, &changes[i]);
	end(&x);
	return 0;
}

/* ---- Both ---- */

int feeds_robots(struct site *s, struct buf *out)
{
	const char *base = site_base_url(&s->in, &s->arena);
	buf_adds(out, "User-agent: *\nAllow: /\n");
	if (*base)
		buf_addf(out, "\nSitemap: %s/sitemap.xml\n", base);
	return 0;
}

/* All the sitemap is made of: the base URL, the default language and each
 * page's language, path and twin's path. */
static struct digest_value sitemap_key(struct site *s)
{
	struct digest d;
	digest_init(&d);
	digest_add_str(&d, "sitemap");
	digest_add_str(&d, site_base_url(&s->in, &s->arena));
	digest_add_u64(&d, (uint64_t)s->in.default_lang);
	digest_add_u64(&d, s->plan.npages);
	for (size_t i = 0; i < s->plan.npages; i++) {
		const struct page_spec *p = &s->plan.pages[i];
		digest_add_u64(&d, (uint64_t)p->lang);
		digest_add_str(&d, p->path);
		digest_add_str(&d, p->alt_path ? p->alt_path : "");
		digest_add_byte(&d, p->alt_path != NULL);
	}
	return digest_end(&d);
}

/* The sitemap, kept as published when the last build made it of the same
 * (its key in the memo) and its file is still the one it wrote; made
 * otherwise. At N=10,000 it is 40,000 URLs: a price edit changes none. */
static int write_sitemap(struct site *s, struct output *o, const struct pagecache *last,
			 struct buf *b)
{
	const struct markdown_memo *m = s->in.markdown_memo;
	struct digest_value key = sitemap_key(s);
	const struct pagecache_file *f = last ? pagecache_file(last, "sitemap.xml") : NULL;
	if (m && f && m->find(m->ctx, key, b) == 0) {
		int kept = output_keep(o, "sitemap.xml", &f->id, s->diag);
		if (kept != 0)
			return kept < 0 ? -1 : 0;
	}
	buf_reset(b);
	feeds_sitemap(s, b);
	int rc = output_add(o, "sitemap.xml", b->ptr, b->len);
	if (rc == 0 && m)
		m->keep(m->ctx, key, "", 0);
	return rc;
}

int feeds_write(struct site *s, struct output *o, const struct pagecache *last)
{
	struct buf b = BUF_INIT;
	int rc = write_sitemap(s, o, last, &b);
	for (int l = 0; l < LANG_COUNT && rc == 0; l++) {
		buf_reset(&b);
		feeds_atom(s, (enum lang)l, &b);
		rc = output_add(o, arena_printf(&s->arena, "%s/feed.xml", lang_code((enum lang)l)),
				b.ptr, b.len);
		if (rc != 0)
			break;
		buf_reset(&b);
		feeds_prices_atom(s, (enum lang)l, &b);
		rc = output_add(o, arena_printf(&s->arena, "%s/prices.xml", lang_code((enum lang)l)),
				b.ptr, b.len);
	}
	if (rc == 0) {
		buf_reset(&b);
		feeds_robots(s, &b);
		rc = output_add(o, "robots.txt", b.ptr, b.len);
	}
	buf_release(&b);
	return rc;
}
