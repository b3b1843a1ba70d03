/* splice: the shortcodes an article's body holds, as the scan finds them
 * and as they resolve, and cmark's HTML of the body with each one's HTML
 * put where its token stands (markdown.c renders; this places).
 *
 * Memory: a found shortcode's text lies in the body or in the memo's
 * record (borrowed); what it resolved to is owned by markdown.c's pending
 * rendering, which frees it.
 */
#ifndef GPUGUIDE_SPLICE_H
#define GPUGUIDE_SPLICE_H

#include "base/buf.h"
#include "base/digest.h"
#include "markdown/shortcode_text.h"

#include <stdbool.h>
#include <stddef.h>

/* A shortcode resolved: its parsed form (once parsed: a shortcode the
 * resolver knew by its text is parsed only when asked for), its HTML and
 * the HTML's digest (markdown_cited_digest). */
struct cited {
	struct shortcode sc;
	char *storage; /* the shortcode's text, holding name and args; NULL
			  until parsed */
	struct buf html;
	struct digest_value digest;
};

/* A shortcode found in the body, before cmark says whether it stands in
 * code. Every "{{<" gets a token: closed on its line, the whole shortcode;
 * not closed, those three characters (an error only outside code). */
struct found {
	const char *text; /* its text: in the body, or in the memo's record */
	size_t len;
	int line, col;
	bool closed, block;
	bool code;        /* cmark put it in code: shown as it is */
	struct cited *cited; /* outside code, once parsed */
};

/* Copy `html` (cmark's: `len` bytes and a NUL, a token where each
 * shortcode stood) to `out`, giving the first `nids` headings the ids
 * `ids` and putting each token's HTML in from items[0..n) (a block token's
 * own <p> wrapper is dropped; a token inside a tag, in alt text or a URL,
 * is dropped: no HTML there; a shortcode in code shown as the text it
 * is). Text between headings and tokens is copied in one run. */
void splice_html(const char *html, size_t len, const char *const *ids, size_t nids,
		 const struct found *items, size_t n, struct buf *out);

#endif
