/* libFuzzer target: a page rendered again read for the search index from
 * its last record (search_page_from_last) against the page read whole
 * (search_page_from_html), on arbitrary bytes.
 *
 * The input is two pages' <main> contents split at the first byte 0x01
 * (the page before an edit, then after it; without one, the second is the
 * first with the text of each figure, <span class="fig">, reversed).
 * Oracle besides the sanitizers: when the page after is read from the
 * record of the page before, its record holds the doc and terms (fields
 * folded) of the page read whole. */
#define _GNU_SOURCE /* memmem */
#include "base/buf.h"
#include "search/search.h"
#include "search/search_again.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const struct search_doc doc = { .title = "A page", .path = "p/", .kind = "article",
				       .description = "Its description" };

static void page(const char *main, size_t len, struct buf *out)
{
	buf_reset(out);
	buf_adds(out, "<html><head><title>A page</title></head><body><main>");
	buf_add(out, main, len);
	buf_adds(out, "</main><footer>f</footer></body></html>");
}

/* The page's figures' texts reversed (the bytes between each figure's
 * tag and the next '<'). */
static void reverse_figures(struct buf *b)
{
	static const char open[] = "<span class=\"fig\">";
	char *p = b->ptr, *end = b->ptr + b->len;
	while ((p = memmem(p, (size_t)(end - p), open, sizeof open - 1)) != NULL) {
		p += sizeof open - 1;
		char *q = memchr(p, '<', (size_t)(end - p));
		if (!q)
			break;
		for (char *a = p, *z = q - 1; a < z; a++, z--) {
			char c = *a;
			*a = *z;
			*z = c;
		}
		p = q;
	}
}

static void record_of(struct search_terms *st, const struct buf *html, struct buf *rec)
{
	buf_reset(rec);
	struct search_page *pg = search_page_from_html(st, &doc, html->ptr, html->len);
	search_page_encode(pg, rec);
	search_page_free(pg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	const char *cut = memchr(s, 1, size);
	struct buf old = BUF_INIT, now = BUF_INIT, was = BUF_INIT, whole = BUF_INIT,
		   again = BUF_INIT;
	page(s, cut ? (size_t)(cut - s) : size, &old);
	if (cut) {
		page(cut + 1, size - (size_t)(cut - s) - 1, &now);
	} else {
		page(s, size, &now);
		reverse_figures(&now);
	}
	struct search_terms *st = search_terms_new();
	record_of(st, &old, &was);
	struct search_page *pg = search_page_from_last(st, &doc, now.ptr, now.len, old.ptr,
						       old.len, was.ptr, was.len);
	if (pg) {
		search_page_encode(pg, &again);
		search_page_free(pg);
		record_of(st, &now, &whole);
		if (!search_records_same(again.ptr, again.len, whole.ptr, whole.len)) {
			fprintf(stderr, "read again, not as whole:\n--- before\n%s\n--- after\n%s\n",
				old.ptr, now.ptr);
			abort();
		}
	}
	search_terms_free(st);
	buf_release(&old);
	buf_release(&now);
	buf_release(&was);
	buf_release(&whole);
	buf_release(&again);
	return 0;
}
