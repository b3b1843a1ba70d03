/* libFuzzer target: an article rendered with what the page cache kept of
 * its body (markdown.h's memo), the records given as arbitrary bytes.
 *
 * A kept body is rendered from three records found under its digest (its
 * shortcodes and count of headings; its headings and prose; how its last
 * splice changed cmark's HTML) and from the page the site published. A
 * record's digest guards it against damage, not against whoever can write
 * the cache (its key lies in the file), so each record, and the published
 * page, may be anything: the render may refuse them (the body is then
 * parsed again), or make another page of them, but never read out of
 * bounds, crash or hang.
 *
 * The input is four parts, each but the last after a two-byte length
 * (little-endian; a length past the input's end takes what is left): the
 * body (Markdown after a fixed front matter; a NUL ends it), the body's
 * record, its headings and prose, the splice's record; the rest is the
 * page as published (none when empty). Oracles besides the sanitizers:
 * the body rendered without a memo, then with the records a render keeps
 * and its own HTML as published, gives the same HTML; with the input's
 * records, it renders or is refused. */
#include "base/buf.h"
#include "body_memo.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The next part of the input: `n` bytes at *p after a two-byte length
 * (what is left when it says more). */
static const uint8_t *next_part(const uint8_t **p, const uint8_t *end, size_t *n)
{
	size_t left = (size_t)(end - *p);
	if (left < 2) {
		*p = end;
		*n = 0;
		return end;
	}
	size_t want = (size_t)(*p)[0] | (size_t)(*p)[1] << 8;
	const uint8_t *at = *p + 2;
	*n = want < left - 2 ? want : left - 2;
	*p = at + *n;
	return at;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *p = data, *end = data + size;
	size_t n;
	const uint8_t *b = next_part(&p, end, &n);
	char *body = strndup((const char *)b, n);
	struct buf plain = BUF_INIT, kept = BUF_INIT, given = BUF_INIT;
	if (render(body, NULL, &plain) == 0) {
		/* the records a render keeps, and its own HTML as published */
		struct memo own;
		memo_init(&own);
		if (render(body, &own, &kept) != 0)
			abort();
		buf_addbuf(&own.published, &kept);
		buf_reset(&kept);
		if (render(body, &own, &kept) != 0 || kept.len != plain.len ||
		    (plain.len && memcmp(kept.ptr, plain.ptr, plain.len) != 0)) {
			fprintf(stderr, "fuzz_body_memo: round trip: the kept body is "
					"rendered to another HTML\n");
			abort();
		}
		memo_release(&own);
	}
	struct memo m;
	memo_init(&m);
	for (int i = 0; i < NPARTS; i++) {
		const uint8_t *r = next_part(&p, end, &n);
		buf_add(&m.rec[i], r, n);
		m.have[i] = n > 0;
	}
	buf_add(&m.published, p, (size_t)(end - p));
	(void)render(body, &m, &given);
	memo_release(&m);
	buf_release(&plain);
	buf_release(&kept);
	buf_release(&given);
	free(body);
	return 0;
}
