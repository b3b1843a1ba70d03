/* libFuzzer target: the records a build reads back from the page cache
 * (publish/pagecache.h), decoded from arbitrary bytes. The cache checks a
 * record's digest before it is decoded, but the digest guards against
 * damage, not against whoever can write the cache's file (its key lies in
 * it): what a decoder accepts must be safe to use, and a build given such
 * a record may only cost work, never a crash or a wrong page.
 *
 * The input's first byte picks the decoder; the rest is the record:
 *   0  a page's search record (search_page_decode),
 *   1  an index's term shard (search_index_decode),
 *   2  the list of an index's term shards (search_kept_decode),
 *   3  an article's headings and prose (gfm_decode),
 *   4  an article's parse (markdown_article_decode),
 *   5  the figures a page showed (ledger_sink_decode), against a ledger
 *      of two figures,
 *   6  the last build's record of a page rendered again whose figure
 *      changed (search_page_from_last),
 *   7  the last build's record of a page rendered again and read whole,
 *      against its new record, for the shards it changes
 *      (search_kept_note),
 *   8  a kept page's doc (search_index_put_doc), written into the index's
 *      files.
 * Oracles besides the sanitizers: a record a decoder takes is encoded
 * again, that encoding decoded and encoded once more: the two encodings
 * are the same bytes (nothing decoded is lost or made up on the way); a
 * page's record taken is of the same page as its encoding
 * (search_records_same), and merged into an index, that index's record
 * makes the same trip; a page's figures taken are merged into the ledger
 * and listed; a page read again from a record is one whose own record is
 * taken, and its changes are put into an index. */
#include "base/buf.h"
#include "markdown/frontmatter.h"
#include "markdown/gfm_out.h"
#include "markdown/markdown.h"
#include "model/ledger.h"
#include "search/search.h"
#include "search/search_again.h"
#include "search/search_write.h"

#include "edited_page.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what)
{
	fprintf(stderr, "fuzz_records: round trip: %s\n", what);
	abort();
}

/* A record's way back: the `len` bytes at `rec` decoded and encoded again
 * into `out`; false when the decoder refuses them. */
typedef bool read_back_fn(const char *rec, size_t len, struct buf *out);

/* The round trip's second half: `e1` read back by `back` is taken, and
 * encoded again to the same bytes. `what`: the record's name. */
static void trip(const struct buf *e1, read_back_fn *back, const char *what)
{
	struct buf e2 = BUF_INIT;
	if (!back(e1->ptr, e1->len, &e2)) {
		fprintf(stderr, "fuzz_records: round trip: %s's own record is refused\n", what);
		abort();
	}
	if (e1->len != e2.len || memcmp(e1->ptr, e2.ptr, e1->len) != 0) {
		fprintf(stderr, "fuzz_records: round trip: %s's record changes when read back\n",
			what);
		abort();
	}
	buf_release(&e2);
}

/* The whole trip of a record of a kind with nothing more to check: taken
 * by `back` or not, and when taken, read back to the same bytes. */
static void round_trip(const char *rec, size_t len, read_back_fn *back, const char *what)
{
	struct buf e1 = BUF_INIT;
	if (back(rec, len, &e1))
		trip(&e1, back, what);
	buf_release(&e1);
}

static bool index_back(const char *rec, size_t len, struct buf *out)
{
	uint32_t ndocs; /* read for the count it states (an encoding's own) */
	memcpy(&ndocs, rec, 4);
	struct search_index *ix = search_index_decode(rec, len, ndocs);
	bool taken = ix != NULL;
	if (taken)
		search_index_encode(ix, out);
	search_index_free(ix);
	return taken;
}

/* An index's record, decoded, encoded, decoded and encoded again. */
static void index_trip(const struct search_index *ix)
{
	struct buf e1 = BUF_INIT;
	search_index_encode(ix, &e1);
	trip(&e1, index_back, "an index");
	buf_release(&e1);
}

static bool page_back(const char *rec, size_t len, struct buf *out)
{
	struct search_terms *st = search_terms_new();
	struct search_page *pg = search_page_decode(st, rec, len);
	bool taken = pg != NULL;
	if (taken)
		search_page_encode(pg, out);
	search_page_free(pg);
	search_terms_free(st);
	return taken;
}

static void page_record(const char *rec, size_t len)
{
	struct buf e1 = BUF_INIT;
	if (page_back(rec, len, &e1)) {
		if (!search_records_same(rec, len, e1.ptr, e1.len))
			fail("a page's record is not of the page it was read as");
		trip(&e1, page_back, "a page");
		struct search_terms *st = search_terms_new();
		struct search_index *ix = search_index_new();
		search_index_put(ix, 0, search_page_decode(st, e1.ptr, e1.len)); /* taken */
		index_trip(ix);
		search_index_free(ix);
		search_terms_free(st);
	}
	buf_release(&e1);
}

/* A term shard read for the count of docs it states, up to a bound (a
 * build reads one for the count of its own docs). */
static void index_record(const char *rec, size_t len)
{
	uint32_t ndocs = 0;
	if (len >= 4)
		memcpy(&ndocs, rec, 4);
	if (ndocs > 65536)
		ndocs = 65536;
	struct search_index *ix = search_index_decode(rec, len, ndocs);
	if (!ix)
		return;
	index_trip(ix);
	search_index_free(ix);
}

static bool gfm_back(const char *rec, size_t len, struct buf *out)
{
	struct gfm_out o;
	gfm_out_init(&o);
	bool taken = gfm_decode(rec, len, &o) == 0;
	if (taken)
		gfm_encode(&o, out);
	gfm_out_release(&o);
	return taken;
}

static bool article_back(const char *rec, size_t len, struct buf *out)
{
	struct article a;
	if (markdown_article_decode(&a, "content/en/x.md", 0, rec, len) != 0)
		return false;
	markdown_article_encode(&a, out);
	markdown_article_free(&a);
	return true;
}

/* Whether search_page_decode takes `len` bytes at `rec`. */
static bool is_page_record(const char *rec, size_t len)
{
	struct buf out = BUF_INIT;
	bool taken = page_back(rec, len, &out);
	buf_release(&out);
	return taken;
}

/* The edited page read again from `rec`, twice (two docs), each put into
 * one index by its changes: the second puts the same terms again, which
 * looks up each term the first made. Reading again does not look at
 * every term (a run of those it does not read again is copied as it is),
 * so it may take a record with a term twice, which search_page_decode
 * refuses: only from a record that one takes must it make one that it
 * takes. */
static void again_record(const char *rec, size_t len)
{
	struct search_terms *st = search_terms_new();
	struct search_index *ix = search_index_new();
	for (size_t doc = 0; doc < 2; doc++) {
		struct search_page *pg = search_page_from_last(st, &fuzz_page_doc, fuzz_page_now,
							       strlen(fuzz_page_now), fuzz_page_was,
							       strlen(fuzz_page_was), rec, len);
		if (!pg)
			break;
		struct buf e1 = BUF_INIT;
		search_page_encode(pg, &e1);
		search_index_put_changes(ix, doc, pg); /* takes pg */
		if (is_page_record(rec, len) && !is_page_record(e1.ptr, e1.len))
			fail("a page read again from a record makes one that is refused");
		buf_release(&e1);
	}
	search_index_free(ix);
	search_terms_free(st);
}

/* The edited page read whole, its shards marked against `rec` as its
 * last record (and against its own record, whose first terms it passes
 * over by their bytes): 0 or -1, never a read past either. */
static void note_record(const char *rec, size_t len)
{
	static const char list[] = { 2, 0, 0, 0, 1, 0, 0, 0, 100, 0, 0, 0, 0, 0, 0, 0,
				     (char)900 & 0xFF, 900 >> 8, 0, 0, 0, 0, 0, 0 };
	struct search_kept *kept = search_kept_decode(list, sizeof list);
	if (!kept)
		fail("the list of two shards is refused");
	struct search_terms *st = search_terms_new();
	struct search_page *pg = search_page_from_html(st, &fuzz_page_doc, fuzz_page_now,
						       strlen(fuzz_page_now));
	struct buf mine = BUF_INIT;
	search_page_encode(pg, &mine);
	(void)search_kept_note(kept, pg, rec, len, mine.ptr, mine.len);
	(void)search_kept_note(kept, pg, rec, len, NULL, 0);
	buf_release(&mine);
	search_page_free(pg);
	search_terms_free(st);
	search_kept_free(kept);
}

static int discard(void *ctx, const char *name, const struct buf *data)
{
	(void)ctx;
	(void)name;
	(void)data;
	return 0;
}

/* A kept page's doc read from `rec` as doc 0 of two (never as a doc past
 * them), and the index of the two written. */
static void doc_record(const char *rec, size_t len)
{
	struct search_index *ix = search_index_new();
	search_index_reserve(ix, 2);
	(void)search_index_put_doc(ix, 0, rec, len);
	if (search_index_put_doc(ix, 2, rec, len) != -1)
		fail("a doc past the docs reserved is taken");
	if (search_index_write(ix, discard, NULL) != 0)
		fail("an index of kept docs is not written");
	search_index_free(ix);
}

/* A ledger of two figures, as a build's data would define them. */
static void ledger_of_two(struct ledger *lg)
{
	ledger_init(lg);
	ledger_add(lg, "price.a", "A", "A 价", "0.39", "", "USD/h", "prices.csv:3");
	ledger_add(lg, "ratio.a.b", "A over B", "A 比 B", "1.5", "2", "x", "");
	ledger_pages_begin(lg, 1);
}

static long page_zero(void *ctx, const char *key)
{
	(void)ctx;
	(void)key;
	return 0;
}

static const char *page_url(void *ctx, size_t page, struct buf *tmp)
{
	(void)ctx;
	buf_reset(tmp);
	buf_addf(tmp, "/en/p%zu/", page);
	return tmp->ptr;
}

static bool sink_back(const char *rec, size_t len, struct buf *out)
{
	struct ledger lg;
	ledger_of_two(&lg);
	bool taken = ledger_sink_decode(&lg, ledger_page_sink(&lg, 0), rec, len) == 0;
	if (taken)
		ledger_sink_encode(&lg, ledger_page_sink(&lg, 0), 0, out);
	ledger_free(&lg);
	return taken;
}

static void sink_record(const char *rec, size_t len)
{
	struct ledger lg;
	ledger_of_two(&lg);
	if (ledger_sink_decode(&lg, ledger_page_sink(&lg, 0), rec, len) == 0) {
		struct buf e1 = BUF_INIT, csv = BUF_INIT;
		ledger_sink_encode(&lg, ledger_page_sink(&lg, 0), 0, &e1);
		trip(&e1, sink_back, "a page's figures");
		ledger_merge(&lg, page_zero, NULL);
		ledger_write_csv(&lg, &csv, page_url, NULL);
		buf_release(&e1);
		buf_release(&csv);
	}
	ledger_free(&lg);
}

static void kept_record(const char *rec, size_t len)
{
	search_kept_free(search_kept_decode(rec, len));
}

static void gfm_record(const char *rec, size_t len)
{
	round_trip(rec, len, gfm_back, "a body's headings and prose");
}

static void article_record(const char *rec, size_t len)
{
	round_trip(rec, len, article_back, "an article");
}

/* The readers, by the input's first byte (the list at the top). */
static void (*const readers[])(const char *rec, size_t len) = {
	page_record, index_record, kept_record, gfm_record, article_record,
	sink_record, again_record, note_record, doc_record,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 0)
		readers[data[0] % (sizeof readers / sizeof *readers)]((const char *)data + 1,
								     size - 1);
	return 0;
}
