/* A page rendered again whose HTML changed only in its figures (the text
 * of <span class="fig" ...>), read for the search index from its last
 * record (gen/search/search.c, search_page_from_last): the page it gives
 * is the page read whole (search_page_from_html), or it gives none and
 * the page is read whole; which figures stand apart from their
 * neighbours (gen/search/search_scan.c); the snippet kept or read again;
 * and what such a page says it changed (its changes, which the index puts
 * alone: search_index_put_changes) turns its last record's terms into its
 * new record's, each change a change. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/buf.h"
#include "search/search.h"
#include "search/search_again.h"
#include "search/search_index.h" /* the page's changes, and its records' terms */
#include "search/search_scan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct search_terms *terms;

static int setup(void **state)
{
	(void)state;
	terms = search_terms_new();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	search_terms_free(terms);
	return 0;
}

static const struct search_doc doc = {
	.title = "RTX 4090 prices", .path = "articles/x/", .kind = "article",
	.description = "What a card costs",
};

#define FIG "<span class=\"fig\" title=\"Source: a guide\">"

/* A page: a head, then <main> with `body`, then a footer. */
static void page(const char *body, struct buf *out)
{
	buf_reset(out);
	buf_adds(out, "<!doctype html><html><head><title>RTX 4090 prices</title></head><body>"
		      "<nav><a href=\"/\">Home</a></nav><main id=\"main\">");
	buf_adds(out, body);
	buf_adds(out, "</main><footer>Footer words</footer></body></html>");
}

/* The record of the page read whole, into `rec` (emptied). */
static void record_whole(const char *html, size_t len, struct buf *rec)
{
	buf_reset(rec);
	struct search_page *pg = search_page_from_html(terms, &doc, html, len);
	search_page_encode(pg, rec);
	search_page_free(pg);
}

/* A record's terms, each with its fields as the index keeps them. */
struct term_fields {
	char key[WORD_MAX + 1];
	size_t len;
	unsigned fields;
};
#define MAX_TERMS 256

static struct term_fields *term_find(struct term_fields *t, size_t n, const unsigned char *key,
				     size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (t[i].len == len && !memcmp(t[i].key, key, len))
			return &t[i];
	return NULL;
}

/* The terms of `n` terms as a record has them (at p, `left` bytes) into
 * t[] (their fields folded, or as they are when `raw`): how many. */
static size_t terms_of(const unsigned char *p, size_t left, size_t n, bool raw,
		       struct term_fields *t)
{
	assert_true(n <= MAX_TERMS);
	for (size_t i = 0; i < n; i++) {
		size_t len = raw ? p[1] : search_record_term_len(p, left);
		assert_true(len > 0 && len <= WORD_MAX && SEARCH_RECORD_TERM_HEAD + len <= left);
		memcpy(t[i].key, p + SEARCH_RECORD_TERM_HEAD, len);
		t[i].len = len;
		t[i].fields = raw ? p[0] : search_fields_fold(p[0]);
		p += SEARCH_RECORD_TERM_HEAD + len;
		left -= SEARCH_RECORD_TERM_HEAD + len;
	}
	assert_int_equal(left, 0);
	return n;
}

/* A page's record's terms into t[]: how many. */
static size_t record_terms_of(const struct buf *rec, struct term_fields *t)
{
	struct buf_reader r = { (const unsigned char *)rec->ptr, rec->len, false };
	struct idoc d;
	assert_true(search_record_read_doc(&r, &d));
	search_idoc_free(&d);
	assert_true(search_record_read_figs(&r, NULL));
	size_t n = buf_read_u32(&r);
	assert_false(r.bad);
	return terms_of(r.p, r.left, n, false, t);
}

/* The changes of a page read again from its record `was`, which made the
 * record `rec`: each one a term whose fields changed, to those it has
 * now (none: gone); all of them turn was's terms into rec's. */
static void assert_changes_hold(const struct search_page *pg, const struct buf *was,
				const struct buf *rec)
{
	static struct term_fields last[MAX_TERMS], now[MAX_TERMS], changes[MAX_TERMS];
	size_t nlast = record_terms_of(was, last), nnow = record_terms_of(rec, now);
	size_t nchanges = terms_of((const unsigned char *)pg->changes.ptr, pg->changes.len,
				   pg->nchanges, true, changes);
	for (size_t i = 0; i < nchanges; i++) {
		const struct term_fields *c = &changes[i];
		struct term_fields *t = term_find(last, nlast, (const unsigned char *)c->key, c->len);
		assert_int_not_equal(t ? t->fields : 0, c->fields); /* a change */
		if (!t) {
			assert_true(nlast < MAX_TERMS);
			t = &last[nlast++];
			*t = *c;
		}
		t->fields = c->fields; /* 0: gone */
	}
	size_t kept = 0;
	for (size_t i = 0; i < nlast; i++) {
		if (!last[i].fields)
			continue;
		const struct term_fields *t = term_find(now, nnow, (const unsigned char *)last[i].key,
							last[i].len);
		assert_non_null(t);
		assert_int_equal(t->fields, last[i].fields);
		kept++;
	}
	assert_int_equal(kept, nnow);
}

/* The page `now` read again from `old` and its record `was`: its record
 * into `rec` (emptied), or false when it is to be read whole; its changes
 * held to the two records (assert_changes_hold). */
static bool record_again(const struct buf *now, const struct buf *old, const struct buf *was,
			 struct buf *rec)
{
	buf_reset(rec);
	struct search_page *pg = search_page_from_last(terms, &doc, now->ptr, now->len, old->ptr,
						       old->len, was->ptr, was->len);
	if (!pg)
		return false;
	search_page_encode(pg, rec);
	assert_changes_hold(pg, was, rec);
	search_page_free(pg);
	return true;
}

/* The record `rec` is the page `html` read whole (its doc and terms). */
static void assert_reads_as_whole(const struct buf *rec, const struct buf *html)
{
	struct buf whole = BUF_INIT;
	record_whole(html->ptr, html->len, &whole);
	assert_true(search_records_same(rec->ptr, rec->len, whole.ptr, whole.len));
	buf_release(&whole);
}

/* Whether the page of `body_now` read again from the one of `body_old`
 * (read whole) is read from its figures, and then as it reads whole. */
static bool read_again_as_whole(const char *body_old, const char *body_now)
{
	struct buf old = BUF_INIT, now = BUF_INIT, was = BUF_INIT, again = BUF_INIT;
	page(body_old, &old);
	page(body_now, &now);
	record_whole(old.ptr, old.len, &was);
	bool read = record_again(&now, &old, &was, &again);
	if (read)
		assert_reads_as_whole(&again, &now);
	buf_release(&old);
	buf_release(&now);
	buf_release(&was);
	buf_release(&again);
	return read;
}

/* A page's <main> before and after an edit, and whether the page after
 * is read from the record of the page before. */
struct edit {
	const char *before, *after;
	bool again;
};

static void assert_edits(const struct edit *e, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (read_again_as_whole(e[i].before, e[i].after) != e[i].again)
			fail_msg("edit %zu (%s -> %s): read again %s", i, e[i].before, e[i].after,
				 e[i].again ? "expected" : "not expected");
}

static void test_a_figure_changed_is_read_as_the_page_whole(void **state)
{
	(void)state;
	static const struct edit edits[] = {
		/* in the body, a heading, a list, a table cell; English and Chinese */
		{ "<h1>Prices</h1><p>It rents for " FIG "$0.39/h</span>. Cheap.</p>",
		  "<h1>Prices</h1><p>It rents for " FIG "$0.41/h</span>. Cheap.</p>", true },
		{ "<h2>At " FIG "$0.39/h</span> an hour</h2><ul><li>about " FIG "24 h</span></li></ul>",
		  "<h2>At " FIG "$0.45/h</span> an hour</h2><ul><li>about " FIG "26 h</span></li></ul>",
		  true },
		{ "<table><tr><td>" FIG "$1,684.80/month</span></td><td>x</td></tr></table>",
		  "<table><tr><td>" FIG "no data</span></td><td>x</td></tr></table>", true },
		{ "<p>参考：" FIG "$0.39/小时</span>。耗时约 " FIG "4 小时</span>。</p>",
		  "<p>参考：" FIG "$0.41/小时</span>。耗时约 " FIG "5 小时</span>。</p>", true },
		/* a word the figure alone had goes; one the text has too stays */
		{ "<p>Cheap, " FIG "cheap 39</span>.</p>", "<p>Cheap, " FIG "dear 41</span>.</p>", true },
		/* the same page again, and one with no figure */
		{ "<p>at " FIG "$0.39/h</span>.</p>", "<p>at " FIG "$0.39/h</span>.</p>", true },
		{ "<p>No figure.</p>", "<p>No figure.</p>", true },
	};
	assert_edits(edits, sizeof edits / sizeof edits[0]);
}

static void test_what_is_read_whole(void **state)
{
	(void)state;
	static const struct edit edits[] = {
		/* the text around the figures changed */
		{ "<p>It rents for " FIG "$0.39/h</span>.</p>",
		  "<p>It leases for " FIG "$0.41/h</span>.</p>", false },
		/* a new figure text running into the word before it, or after it */
		{ "<p>price" FIG "$39</span>.</p>", "<p>price" FIG "39</span>.</p>", false },
		{ "<p>" FIG "39 %</span>x.</p>", "<p>" FIG "40</span>x.</p>", false },
		/* a CJK character on both sides of an edge makes a pair */
		{ "<p>价格" FIG "$39</span>。</p>", "<p>价格" FIG "三十</span>。</p>", false },
		/* an entity at an edge a word meets (not where none does), a tag
		 * inside, an inline tag after */
		{ "<p>a" FIG "$39</span>.</p>", "<p>a" FIG "&amp;39</span>.</p>", false },
		{ "<p>a " FIG "39</span>.</p>", "<p>a " FIG "&amp;39</span>.</p>", true },
		{ "<p>a " FIG "<b>39</b></span>.</p>", "<p>a " FIG "<b>39</b></span>.</p>", false },
		{ "<p>a " FIG "39 </span><em>x</em></p>", "<p>a " FIG "40</span><em>x</em></p>", false },
		/* a figure with no text after a word: the word and what follows meet */
		{ "<p>a" FIG " </span>b</p>", "<p>a" FIG "</span>b</p>", false },
		/* but a block tag after a figure is a separator */
		{ "<p>a " FIG "39</span></p><p>b</p>", "<p>a " FIG "40</span></p><p>b</p>", true },
	};
	assert_edits(edits, sizeof edits / sizeof edits[0]);
}

/* A page whose first figure is in the snippet and whose last is far
 * past it: an edit of the first shows in the doc, of the last keeps it. */
static void test_the_snippet_follows_its_figures(void **state)
{
	(void)state;
	struct buf body = BUF_INIT, old = BUF_INIT, now = BUF_INIT, was = BUF_INIT,
		   again = BUF_INIT;
	for (int edit = 0; edit < 2; edit++) {
		for (int v = 0; v < 2; v++) {
			buf_reset(&body);
			buf_addf(&body, "<p>Rent " FIG "$0.%d/h</span>.</p>", edit == 0 ? 39 + v : 39);
			for (int i = 0; i < 200; i++)
				buf_addf(&body, "<p>filler words %d here</p>", i);
			buf_addf(&body, "<p>Last " FIG "$%d</span>.</p>", edit == 1 ? 7 + v : 7);
			page(body.ptr, v ? &now : &old);
		}
		record_whole(old.ptr, old.len, &was);
		assert_true(record_again(&now, &old, &was, &again));
		bool shows = strstr(again.ptr + 4 + 4 + 4, "$0.40/h") != NULL; /* past three counts */
		assert_int_equal(shows, edit == 0);
		assert_reads_as_whole(&again, &now);
		/* and read again from the new record, edited back */
		struct buf back = BUF_INIT;
		assert_true(record_again(&old, &now, &again, &back));
		assert_reads_as_whole(&back, &old);
		buf_release(&back);
	}
	buf_release(&body);
	buf_release(&old);
	buf_release(&now);
	buf_release(&was);
	buf_release(&again);
}

/* A record cut short, or with any byte changed, gives no page or a page
 * (never a crash, never a read out of bounds: ASan watches); one with a
 * NUL in a term, no page. */
static void test_a_damaged_record_is_no_risk(void **state)
{
	(void)state;
	struct buf old = BUF_INIT, now = BUF_INIT, was = BUF_INIT, bad = BUF_INIT;
	page("<p>It rents for " FIG "$0.39/h</span> or " FIG "$0.50/h</span>.</p>", &old);
	page("<p>It rents for " FIG "$0.41/h</span> or " FIG "$0.50/h</span>.</p>", &now);
	record_whole(old.ptr, old.len, &was);
	for (size_t n = 0; n < was.len; n++) {
		buf_reset(&bad);
		buf_add(&bad, was.ptr, n);
		struct search_page *pg = search_page_from_last(terms, &doc, now.ptr, now.len,
							       old.ptr, old.len, bad.ptr, bad.len);
		search_page_free(pg);
	}
	for (size_t i = 0; i < was.len; i++)
		for (unsigned v = 1; v < 256; v *= 3) {
			buf_reset(&bad);
			buf_add(&bad, was.ptr, was.len);
			bad.ptr[i] = (char)(bad.ptr[i] ^ v);
			struct search_page *pg = search_page_from_last(
				terms, &doc, now.ptr, now.len, old.ptr, old.len, bad.ptr, bad.len);
			search_page_free(pg);
		}
	/* nor a record whose last term (its bytes end the record) has a NUL
	 * byte, which no token has: its key would be cut short where the
	 * index keeps it */
	buf_reset(&bad);
	buf_add(&bad, was.ptr, was.len);
	bad.ptr[bad.len - 1] = '\0';
	assert_null(search_page_from_last(terms, &doc, now.ptr, now.len, old.ptr, old.len,
					  bad.ptr, bad.len));
	/* a record whose figures do not stand apart is never read again */
	page("<p>a " FIG "<b>39</b></span>.</p>", &old);
	record_whole(old.ptr, old.len, &was);
	assert_null(search_page_from_last(terms, &doc, old.ptr, old.len, old.ptr, old.len,
					  was.ptr, was.len));
	buf_release(&old);
	buf_release(&now);
	buf_release(&was);
	buf_release(&bad);
}

/* Pages of figures between neighbours of every kind (words, CJK, marks,
 * tags, entities), each edited to another text of every kind: read again,
 * each is the page read whole; many are read again. */
static void test_any_edit_reads_as_whole_or_whole(void **state)
{
	(void)state;
	static const char *const sides[] = { " ", "x", "价", ".", "</p><p>", "<em>e</em>",
					     "&amp;", "", "9", "。", "\n" };
	static const char *const texts[] = { "$0.39/h", "41", "三十", "", " 2 ", "&lt;b",
					     "4 小时", "a", "x9", "no data", "é" };
	size_t ns = sizeof sides / sizeof sides[0], nt = sizeof texts / sizeof texts[0];
	unsigned seed = 12345, again = 0, cases = 0;
	struct buf a = BUF_INIT, b = BUF_INIT;
	for (int round = 0; round < 3000; round++) {
		buf_reset(&a);
		buf_reset(&b);
		buf_adds(&a, "<p>");
		buf_adds(&b, "<p>");
		int nfigs = 1 + (int)(seed % 3);
		for (int f = 0; f < nfigs; f++) {
			seed = seed * 1103515245u + 12345u;
			const char *left = sides[(seed >> 8) % ns], *right = sides[(seed >> 16) % ns];
			seed = seed * 1103515245u + 12345u;
			const char *was = texts[(seed >> 8) % nt], *now = texts[(seed >> 16) % nt];
			buf_addf(&a, "w%d%s" FIG "%s</span>%s", f, left, was, right);
			buf_addf(&b, "w%d%s" FIG "%s</span>%s", f, left, now, right);
		}
		buf_adds(&a, " end</p>");
		buf_adds(&b, " end</p>");
		cases++;
		again += read_again_as_whole(a.ptr, b.ptr);
	}
	buf_release(&a);
	buf_release(&b);
	printf("read from their figures: %u of %u\n", again, cases);
	assert_true(again > cases / 10); /* a fifth, as made */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_a_figure_changed_is_read_as_the_page_whole,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_what_is_read_whole, setup, teardown),
		cmocka_unit_test_setup_teardown(test_the_snippet_follows_its_figures, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_a_damaged_record_is_no_risk, setup, teardown),
		cmocka_unit_test_setup_teardown(test_any_edit_reads_as_whole_or_whole, setup,
						teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
