/* cite_memo: what one rendering thread has resolved of inline shortcodes
 * (cite_resolve, cite.h), so that a figure or link that many articles
 * cite is worked out once per thread and build, not once per citation.
 *
 * An entry is the HTML a shortcode resolved to, its digest, and the figure
 * marks it made (replayed into each page that cites it, so the ledger
 * lists every page as before), under cite_memo_key: what the resolution
 * depends on besides the build's inputs; and under cite_memo_text_key too,
 * the shortcode as written (its name and arguments are what its text
 * parses to), so that a shortcode met again is not parsed again. cite.c
 * keeps only what depends on nothing else: a resolution without a message
 * (a message has its position), of an inline shortcode (a table or chart
 * numbers its ids in the page), whose links climb from the page (a link
 * below the page itself depends on its path, not only on its depth).
 *
 * It also holds digests a module works out once per thread and build for
 * its own memo (cite_typed: what the typed-figure check of an article
 * compared with), in slots the module numbers.
 *
 * Memory: the memo owns its entries (heap); one thread uses it.
 */
#ifndef GPUGUIDE_CITE_MEMO_H
#define GPUGUIDE_CITE_MEMO_H

#include "base/digest.h"

#include <stdbool.h>
#include <stddef.h>

struct buf;
struct ledger_sink;
struct shortcode;

/* Given to the pages a thread renders (struct page_ctx's `cites`), freed
 * once they are done. */
struct cite_memo;
struct cite_memo *cite_memo_new(void);
void cite_memo_free(struct cite_memo *m);

/* The key of `sc` cited in language `lang` on a page `depth` folders deep,
 * in the memo's own buffer (valid until the next call). */
const char *cite_memo_key(struct cite_memo *m, const char *lang, int depth,
			  const struct shortcode *sc);
/* The entry of `key`: its HTML appended to `out`, its marks replayed into
 * `marks` (a page's sink; NULL: none); false when there is none. */
bool cite_memo_find(const struct cite_memo *m, const char *key, struct buf *out,
		    struct ledger_sink *marks);
/* Keep `len` bytes of HTML and the marks (taken: `marks` is left empty)
 * under `key`. */
void cite_memo_keep(struct cite_memo *m, const char *key, const char *html, size_t len,
		    struct ledger_sink *marks);

/* The key of the shortcode written as the `len` bytes of `text` (between
 * its delimiters), standing on its own line or not (`block`), cited in
 * `lang` on a page `depth` folders deep; in a buffer of its own (valid
 * until the next call), apart from cite_memo_key's. */
const char *cite_memo_text_key(struct cite_memo *m, const char *lang, int depth, bool block,
			       const char *text, size_t len);
/* cite_memo_find by a text key; the HTML's digest (markdown_cited_digest)
 * into *digest. */
bool cite_memo_find_text(const struct cite_memo *m, const char *text_key, struct buf *out,
			 struct ledger_sink *marks, struct digest_value *digest);
/* Let `text_key` find the entry of `key`, when there is one. */
void cite_memo_alias(struct cite_memo *m, const char *text_key, const char *key);

/* A digest worked out once per thread: `value` once `known`. */
struct cite_memo_digest {
	struct digest_value value;
	bool known;
};
/* The memo's `n` digest slots (none known at first; the same `n` at every
 * call of a build, or all are forgotten). */
struct cite_memo_digest *cite_memo_digests(struct cite_memo *m, size_t n);

#endif
