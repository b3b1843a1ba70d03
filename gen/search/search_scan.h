/* search_scan: the text of a rendered page, for search.c.
 *
 * search_scan_html is the one pass over a rendered page that
 * search_text_from_html is made of: the inside of <main>, its headings'
 * text to one sink and the rest to the other; the runs of text between
 * tags are tokenized as they are found (search_text.h's tokenizer stops at
 * the next '<' or '&'), not found first and read again.
 */
#ifndef GPUGUIDE_SEARCH_SCAN_H
#define GPUGUIDE_SEARCH_SCAN_H

#include "search/search_text.h"

#include <stddef.h>

struct buf;

/* Plain text of a rendered page: the inside of its <main> element, tags
 * dropped (the contents of script, style, svg, form and template left
 * out), entities decoded, white space collapsed; headings (h1-h6) go to
 * `headings`, everything else to `body`, each part separated by a space. */
void search_text_from_html(const char *html, size_t len, struct buf *headings,
			   struct buf *body);

/* Where the text of one part (headings, or the rest) goes: a buffer (NULL:
 * not kept; kept up to `max` bytes and then no more, the cut being the
 * caller's), a tokenizer (NULL: not tokenized), or both. Borrowed. */
struct sink {
	struct buf *text;
	size_t max;
	struct tokenizer *tk;
};

void search_scan_html(const char *html, size_t len, struct sink headings,
		      struct sink body);

#endif
