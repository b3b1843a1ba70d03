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

/* What splice_html changed at one place: the src_len bytes of cmark's
 * HTML at src_at became the out_len bytes of the output at out_at; all
 * between two edits is copied as it is. In order, none overlapping. */
struct splice_edit {
	size_t src_at, src_len, out_at, out_len;
};

struct splice_edits {
	struct splice_edit *v;
	size_t n, cap;
};

/* Copy `html` (cmark's: `len` bytes and a NUL, a token where each
 * shortcode stood) to `out`, giving the first `nids` headings the ids
 * `ids` and putting each token's HTML in from items[0..n) (a block token's
 * own <p> wrapper is dropped; a token inside a tag, in alt text or a URL,
 * is dropped: no HTML there; a shortcode in code shown as the text it
 * is). Text between headings and tokens is copied in one run. Each place
 * changed is added to `edits` (NULL: not recorded), positions in `out`
 * counted from the length it had. */
void splice_html(const char *html, size_t len, const char *const *ids, size_t nids,
		 const struct found *items, size_t n, struct buf *out,
		 struct splice_edits *edits);

/* The record of splice_html's `edits` of `html` (cmark's, `len` bytes)
 * into `out_len` bytes of output, appended to `rec`: the two lengths,
 * cmark's HTML's check (digest_check) and each edit's place in the output
 * with the bytes of cmark's it took the place of, so that cmark's HTML is
 * made again from the output alone (splice_undo). A few hundred bytes
 * where the HTML is kilobytes. */
void splice_record(const char *html, size_t len, size_t out_len,
		   const struct splice_edits *edits, struct buf *rec);

/* cmark's HTML made again from what splice_html made of it (`spliced`,
 * `len` bytes: a page's published body) and splice_record's `rec`,
 * appended to `html` (NUL-terminated): 0, or -1 when the record is
 * damaged or was not made of those bytes (its lengths or the HTML's check
 * differ; `html` is then as it was). */
int splice_undo(const char *spliced, size_t len, const char *rec, size_t rec_len,
		struct buf *html);

#endif
