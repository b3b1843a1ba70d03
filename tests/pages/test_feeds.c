/* feeds: the sitemap and the Atom feeds parse as XML, list every page and
 * article (newest first), carry hreflang alternates, escape what needs it,
 * and come out byte for byte the same. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/buf.h"
#include "base/csv.h"
#include "base/diag.h"
#include "pages/articles.h"
#include "pages/feeds.h"
#include "base/fs.h"
#include "publish/output.h"
#include "view/site.h"
#include "site_fixture.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fixture {
	struct site_fixture base;
	struct page_spec pages[4];
	struct article articles[3];
	char *tags[1];
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof *fx);
	assert_non_null(fx);
	site_fixture_init(&fx->base);
	struct site *s = &fx->base.s;
	s->in.opt.base_url = "https://example.org/guide/";
	s->in.date = (char *)"2026-05-01";

	fx->pages[0] = (struct page_spec){ .lang = LANG_EN, .path = "",
					   .alt_path = "" };
	fx->pages[1] = (struct page_spec){ .lang = LANG_ZH, .path = "",
					   .alt_path = "" };
	fx->pages[2] = (struct page_spec){ .lang = LANG_ZH, .path = "articles/zh-only/",
					   .alt_path = NULL };
	fx->pages[3] = (struct page_spec){ .lang = LANG_ZH, .path = "articles/b-zh/",
					   .alt_path = "articles/b/" };
	s->plan.pages = fx->pages;
	s->plan.npages = 4;

	fx->tags[0] = (char *)"h100";
	fx->articles[0] = (struct article){
		.path = (char *)"content/en/a.md", .lang = LANG_EN,
		.title = (char *)"Older <script>&\" article", .slug = (char *)"a",
		.date = (char *)"2026-01-02", .description = (char *)"About A & more",
		.html = (char *)"<p>See <a href=\"../../gpus/\">GPUs</a> &amp; more</p>\n",
	};
	fx->articles[1] = (struct article){
		.path = (char *)"content/en/b.md", .lang = LANG_EN,
		.title = (char *)"Newer article", .slug = (char *)"b",
		.date = (char *)"2026-06-30", .html = (char *)"<p>B\x01</p>",
		.tags = fx->tags, .ntags = 1,
	};
	fx->articles[2] = (struct article){
		.path = (char *)"content/zh/b.md", .lang = LANG_ZH,
		.title = (char *)"较新的文章", .slug = (char *)"b-zh",
		.date = (char *)"2026-03-01", .html = (char *)"<p>中文</p>",
	};
	s->in.articles = fx->articles;
	s->in.narticles = 3;
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;
	site_fixture_free(&fx->base);
	free(fx);
	return 0;
}

/* ---- XPath helpers over a parsed document ---- */

struct doc {
	xmlDocPtr doc;
	xmlXPathContextPtr xp;
};

static void doc_parse(struct doc *d, const struct buf *b)
{
	d->doc = xmlReadMemory(b->ptr, (int)b->len, "feed.xml", NULL,
			       XML_PARSE_NONET);
	assert_non_null(d->doc);
	d->xp = xmlXPathNewContext(d->doc);
	xmlXPathRegisterNs(d->xp, BAD_CAST "s",
			   BAD_CAST "http://www.sitemaps.org/schemas/sitemap/0.9");
	xmlXPathRegisterNs(d->xp, BAD_CAST "x", BAD_CAST "http://www.w3.org/1999/xhtml");
	xmlXPathRegisterNs(d->xp, BAD_CAST "a", BAD_CAST "http://www.w3.org/2005/Atom");
}

static void doc_free(struct doc *d)
{
	xmlXPathFreeContext(d->xp);
	xmlFreeDoc(d->doc);
}

static double xp_number(struct doc *d, const char *expr)
{
	xmlXPathObjectPtr o = xmlXPathEvalExpression(BAD_CAST expr, d->xp);
	assert_non_null(o);
	double v = xmlXPathCastToNumber(o);
	xmlXPathFreeObject(o);
	return v;
}

/* The string value of an XPath expression, checked against `want`. */
static void assert_xp_string(struct doc *d, const char *expr, const char *want)
{
	xmlXPathObjectPtr o = xmlXPathEvalExpression(BAD_CAST expr, d->xp);
	assert_non_null(o);
	xmlChar *got = xmlXPathCastToString(o);
	assert_string_equal((const char *)got, want);
	xmlFree(got);
	xmlXPathFreeObject(o);
}

/* ---- sitemap ---- */

static void test_sitemap_lists_root_and_every_page(void **state)
{
	struct fixture *fx = *state;
	struct buf b = BUF_INIT;
	assert_int_equal(feeds_sitemap(&fx->base.s, &b), 0);
	struct doc d;
	doc_parse(&d, &b);
	assert_true(xp_number(&d, "count(/s:urlset/s:url)") == 5);
	assert_xp_string(&d, "/s:urlset/s:url[1]/s:loc", "https://example.org/guide/");
	assert_xp_string(&d, "/s:urlset/s:url[2]/s:loc", "https://example.org/guide/en/");
	assert_xp_string(&d, "/s:urlset/s:url[3]/s:loc", "https://example.org/guide/zh/");
	assert_xp_string(&d, "/s:urlset/s:url[4]/s:loc",
			 "https://example.org/guide/zh/articles/zh-only/");
	assert_xp_string(&d, "/s:urlset/s:url[5]/s:loc",
			 "https://example.org/guide/zh/articles/b-zh/");
	doc_free(&d);
	buf_release(&b);
}

static void test_sitemap_alternates_only_for_translated_pages(void **state)
{
	struct fixture *fx = *state;
	struct buf b = BUF_INIT;
	assert_int_equal(feeds_sitemap(&fx->base.s, &b), 0);
	struct doc d;
	doc_parse(&d, &b);
	/* a page in one language has no alternates */
	assert_true(xp_number(&d, "count(/s:urlset/s:url[4]/x:link)") == 0);
	/* a translated page: both languages and x-default (the English one) */
	assert_true(xp_number(&d, "count(/s:urlset/s:url[5]/x:link)") == 3);
	assert_xp_string(&d, "/s:urlset/s:url[5]/x:link[@hreflang='en']/@href",
			 "https://example.org/guide/en/articles/b/");
	assert_xp_string(&d, "/s:urlset/s:url[5]/x:link[@hreflang='zh-CN']/@href",
			 "https://example.org/guide/zh/articles/b-zh/");
	assert_xp_string(&d, "/s:urlset/s:url[5]/x:link[@hreflang='x-default']/@href",
			 "https://example.org/guide/en/articles/b/");
	assert_xp_string(&d, "/s:urlset/s:url[1]/x:link[@hreflang='x-default']/@href",
			 "https://example.org/guide/en/");
	doc_free(&d);
	buf_release(&b);
}

static void test_sitemap_escapes_a_hostile_base_url(void **state)
{
	struct fixture *fx = *state;
	fx->base.s.in.opt.base_url = "https://e.x/a&b<\"c\">\t\x01/显卡/";
	struct buf b = BUF_INIT;
	assert_int_equal(feeds_sitemap(&fx->base.s, &b), 0);
	/* the XML escaper of text.h (as in SVG): entities, '"' and the tab as
	 * references in an attribute, control characters in text and the
	 * \x01 anywhere as a space, UTF-8 kept */
	assert_non_null(strstr(b.ptr, "<loc>https://e.x/a&amp;b&lt;\"c\"&gt;  /显卡/</loc>"));
	assert_non_null(strstr(b.ptr, "href=\"https://e.x/a&amp;b&lt;&quot;c&quot;&gt;&#9; /显卡/zh/articles/b-zh/\""));
	struct doc d;
	doc_parse(&d, &b); /* well-formed */
	assert_xp_string(&d, "/s:urlset/s:url[5]/x:link[@hreflang='en']/@href",
			 "https://e.x/a&b<\"c\">\t /显卡/en/articles/b/");
	doc_free(&d);
	buf_release(&b);
}

/* A translated page's entry, byte for byte: its URL, then each language's
 * and the default's again, paths percent-encoded and then escaped. */
static void test_sitemap_entry_of_a_translated_page(void **state)
{
	struct fixture *fx = *state;
	fx->pages[3].path = "tags/显卡 &/";
	struct buf b = BUF_INIT;
	assert_int_equal(feeds_sitemap(&fx->base.s, &b), 0);
	assert_non_null(strstr(b.ptr,
		"  <url>\n    <loc>https://example.org/guide/zh/tags/%E6%98%BE%E5%8D%A1%20&amp;/</loc>\n"
		"    <xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://example.org/guide/en/articles/b/\"/>\n"
		"    <xhtml:link rel=\"alternate\" hreflang=\"zh-CN\" href=\"https://example.org/guide/zh/tags/%E6%98%BE%E5%8D%A1%20&amp;/\"/>\n"
		"    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"https://example.org/guide/en/articles/b/\"/>\n"
		"  </url>\n</urlset>\n"));
	buf_release(&b);
}

/* ---- Atom ---- */

static void test_atom_lists_the_language_articles_newest_first(void **state)
{
	struct fixture *fx = *state;
	struct buf b = BUF_INIT;
	assert_int_equal(feeds_atom(&fx->base.s, LANG_EN, &b), 0);
	struct doc d;
	doc_parse(&d, &b);
	assert_true(xp_number(&d, "count(/a:feed/a:entry)") == 2);
	assert_xp_string(&d, "/a:feed/a:entry[1]/a:title", "Newer article");
	assert_xp_string(&d, "/a:feed/a:entry[1]/a:id",
			 "https://example.org/guide/en/articles/b/");
	assert_xp_string(&d, "/a:feed/a:entry[1]/a:link/@href",
			 "https://example.org/guide/en/articles/b/");
	assert_xp_string(&d, "/a:feed/a:entry[1]/a:updated", "2026-06-30T00:00:00Z");
	assert_xp_string(&d, "/a:feed/a:entry[1]/a:category/@term", "h100");
	assert_xp_string(&d, "/a:feed/a:entry[2]/a:updated", "2026-01-02T00:00:00Z");
	assert_xp_string(&d, "/a:feed/a:entry[2]/a:summary", "About A & more");
	/* the newest article is later than the build date: the feed follows it */
	assert_xp_string(&d, "/a:feed/a:updated", "2026-06-30T00:00:00Z");
	assert_xp_string(&d, "/a:feed/a:title", "GPU Buyer's Guide · Articles feed");
	assert_xp_string(&d, "/a:feed/a:id", "https://example.org/guide/en/");
	assert_xp_string(&d, "/a:feed/a:author/a:name", "GPU Buyer's Guide");
	assert_xp_string(&d, "/a:feed/a:link[@rel='self']/@href",
			 "https://example.org/guide/en/feed.xml");
	doc_free(&d);
	buf_release(&b);
}

static void test_atom_content_is_the_article_html_as_text(void **state)
{
	struct fixture *fx = *state;
	struct buf b = BUF_INIT;
	assert_int_equal(feeds_atom(&fx->base.s, LANG_EN, &b), 0);
	struct doc d;
	doc_parse(&d, &b);
	assert_xp_string(&d, "/a:feed/a:entry[2]/a:content/@type", "html");
	assert_xp_string(&d, "/a:feed/a:entry[2]/a:content",
			 "<p>See <a href=\"../../gpus/\">GPUs</a> &amp; more</p>\n");
	/* relative links resolve against the article's page */
	assert_xp_string(&d, "/a:feed/a:entry[2]/a:content/@xml:base",
			 "https://example.org/guide/en/articles/a/");
	/* a control character XML cannot carry is dropped, not passed on */
	assert_xp_string(&d, "/a:feed/a:entry[1]/a:content", "<p>B</p>");
	doc_free(&d);
	buf_release(&b);
}

/* The English feed of the fixture with `html` as its first article's body
 * holds `content`: that article's content element's text and end tag. */
static void assert_content_bytes(struct fixture *fx, const char *html, const char *content)
{
	fx->articles[0].html = (char *)html;
	struct buf b = BUF_INIT, want = BUF_INIT;
	buf_adds(&want, "<content type=\"html\" xml:base=\"https://example.org/guide/en/articles/a/\">");
	buf_adds(&want, content);
	buf_adds(&want, "</content>\n");
	assert_int_equal(feeds_atom(&fx->base.s, LANG_EN, &b), 0);
	if (!strstr(b.ptr, want.ptr))
		fail_msg("no %s in %s", want.ptr, b.ptr);
	buf_release(&want);
	buf_release(&b);
}

/* The content's bytes: the five characters XML text escapes as libxml2's
 * writer escapes them (a carriage return as a reference), the characters
 * XML cannot carry dropped, UTF-8 kept; content as most is, with no CR
 * and no control character (escaped 16 bytes at a time), the same
 * escapes, tab and LF kept. */
static void test_atom_content_bytes(void **state)
{
	struct fixture *fx = *state;
	assert_content_bytes(fx, "<p class=\"x\">A\r\nB &amp; <b>c</b>\x1f 显卡'</p>\n",
			     "&lt;p class=&quot;x&quot;&gt;A&#13;\nB &amp;amp; &lt;b&gt;c&lt;/b&gt; "
			     "显卡'&lt;/p&gt;\n");
	assert_content_bytes(fx, "<p title=\"it's\">\tA &amp; B > C, 显卡 and a text "
				 "longer than sixteen bytes</p>\n<pre>x\n</pre>",
			     "&lt;p title=&quot;it's&quot;&gt;\tA &amp;amp; B &gt; C, 显卡 and a text "
			     "longer than sixteen bytes&lt;/p&gt;\n&lt;pre&gt;x\n&lt;/pre&gt;");
}

/* Of many articles, the feed shows the ARTICLES_IN_FEED newest, newest
 * first, a day's articles by slug; those of the other language not. */
static void test_atom_shows_the_newest_of_many(void **state)
{
	struct fixture *fx = *state;
	enum { N = 3 * ARTICLES_IN_FEED };
	struct article many[N];
	char slugs[N][8], dates[N][16];
	for (size_t i = 0; i < N; i++) {
		/* days repeat, out of order; every seventh article is Chinese */
		snprintf(slugs[i], sizeof slugs[i], "s%02zu", (i * 37) % N);
		snprintf(dates[i], sizeof dates[i], "2026-03-%02zu", (i * 7) % 25 + 1);
		many[i] = (struct article){ .lang = i % 7 ? LANG_EN : LANG_ZH,
			.title = slugs[i], .slug = slugs[i], .date = dates[i] };
	}
	fx->base.s.in.articles = many;
	fx->base.s.in.narticles = N;
	/* what the feed must list: picked one by one, the newest left each time */
	bool taken[N] = { false };
	const char *want[ARTICLES_IN_FEED];
	for (size_t k = 0; k < ARTICLES_IN_FEED; k++) {
		long best = -1;
		for (size_t i = 0; i < N; i++) {
			if (taken[i] || many[i].lang != LANG_EN)
				continue;
			int c = best < 0 ? 1 : strcmp(many[i].date, many[best].date);
			if (c > 0 || (c == 0 && strcmp(many[i].slug, many[best].slug) < 0))
				best = (long)i;
		}
		taken[best] = true;
		want[k] = many[best].slug;
	}
	struct buf b = BUF_INIT;
	assert_int_equal(feeds_atom(&fx->base.s, LANG_EN, &b), 0);
	struct doc d;
	doc_parse(&d, &b);
	assert_true(xp_number(&d, "count(/a:feed/a:entry)") == ARTICLES_IN_FEED);
	for (size_t k = 0; k < ARTICLES_IN_FEED; k++) {
		char expr[64];
		snprintf(expr, sizeof expr, "/a:feed/a:entry[%zu]/a:title", k + 1);
		assert_xp_string(&d, expr, want[k]);
	}
	doc_free(&d);
	buf_release(&b);
}

static void test_title_with_markup_is_escaped(void **state)
{
	struct fixture *fx = *state;
	struct buf b = BUF_INIT;
	assert_int_equal(feeds_atom(&fx->base.s, LANG_EN, &b), 0);
	assert_null(strstr(b.ptr, "<script>"));
	assert_non_null(strstr(b.ptr, "<title>Older &lt;script&gt;&amp;&quot; article</title>"));
	struct doc d;
	doc_parse(&d, &b);
	assert_xp_string(&d, "/a:feed/a:entry[2]/a:title", "Older <script>&\" article");
	doc_free(&d);
	buf_release(&b);
}

static void test_chinese_feed_keeps_utf8_and_language(void **state)
{
	struct fixture *fx = *state;
	struct buf b = BUF_INIT;
	assert_int_equal(feeds_atom(&fx->base.s, LANG_ZH, &b), 0);
	assert_non_null(strstr(b.ptr, "<title>较新的文章</title>"));
	struct doc d;
	doc_parse(&d, &b);
	assert_true(xp_number(&d, "count(/a:feed/a:entry)") == 1);
	assert_xp_string(&d, "/a:feed/@xml:lang", "zh-CN");
	assert_xp_string(&d, "/a:feed/a:title", "GPU 选购指南 · 文章订阅");
	/* the build date is later than the only article */
	assert_xp_string(&d, "/a:feed/a:updated", "2026-05-01T00:00:00Z");
	doc_free(&d);
	buf_release(&b);
}

static void test_feeds_are_byte_for_byte_repeatable(void **state)
{
	struct fixture *fx = *state;
	struct buf a = BUF_INIT, b = BUF_INIT;
	assert_int_equal(feeds_sitemap(&fx->base.s, &a), 0);
	assert_int_equal(feeds_atom(&fx->base.s, LANG_EN, &a), 0);
	assert_int_equal(feeds_sitemap(&fx->base.s, &b), 0);
	assert_int_equal(feeds_atom(&fx->base.s, LANG_EN, &b), 0);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.ptr, b.ptr, a.len);
	buf_release(&a);
	buf_release(&b);
}

static void test_feeds_write_publishes_sitemap_and_both_feeds(void **state)
{
	struct fixture *fx = *state;
	char tmpl[] = "/tmp/test_feeds.XXXXXX";
	assert_non_null(mkdtemp(tmpl));
	char *out = NULL;
	struct buf path = BUF_INIT, body = BUF_INIT;
	buf_addf(&path, "%s/site", tmpl);
	out = buf_detach(&path, NULL);
	struct output o;
	assert_int_equal(output_begin(&o, out, &fx->base.diag), 0);
	assert_int_equal(feeds_write(&fx->base.s, &o, NULL), 0);
	assert_int_equal(output_commit(&o), 0);
	output_free(&o);
	const char *files[] = { "sitemap.xml", "en/feed.xml", "zh/feed.xml" };
	for (size_t i = 0; i < 3; i++) {
		buf_reset(&path);
		buf_addf(&path, "%s/%s", out, files[i]);
		buf_reset(&body);
		assert_int_equal(fs_read_file(path.ptr, &body), 0);
		struct doc d;
		doc_parse(&d, &body);
		doc_free(&d);
	}
	assert_int_equal(fx->base.diag.errors, 0);
	assert_int_equal(fs_remove_tree(tmpl), 0);
	free(out);
	buf_release(&path);
	buf_release(&body);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_sitemap_lists_root_and_every_page),
		T(test_sitemap_alternates_only_for_translated_pages),
		T(test_sitemap_escapes_a_hostile_base_url),
		T(test_sitemap_entry_of_a_translated_page),
		T(test_atom_lists_the_language_articles_newest_first),
		T(test_atom_content_is_the_article_html_as_text),
		T(test_atom_content_bytes),
		T(test_atom_shows_the_newest_of_many),
		T(test_title_with_markup_is_escaped),
		T(test_chinese_feed_keeps_utf8_and_language),
		T(test_feeds_are_byte_for_byte_repeatable),
		T(test_feeds_write_publishes_sitemap_and_both_feeds),
	};
	int failed = cmocka_run_group_tests_name("feeds", tests, NULL, NULL);
	xmlCleanupParser();
	return failed;
}
