/* search_again: a page rendered again, read for the search index from its
 * last record (search.h: search_page_encode's) when its HTML changed only
 * in the text of its figures (search_scan.h), as a data edit changes it:
 * its terms are the record's, but for those its title, description and
 * figures give (read again), and the page tells what changed in them, so
 * that the index puts those changes alone (search_index_put_changes), the
 * doc's other postings taken from the last build's term shards.
 *
 * Memory: a page is its caller's (search_page_free, or put).
 */
#ifndef GPUGUIDE_SEARCH_AGAIN_H
#define GPUGUIDE_SEARCH_AGAIN_H

#include "search/search.h"

#include <stddef.h>

/* A page rendered again, read with `st` from what it was: `old` (its HTML
 * as the last build published it, `old_len` bytes) and `was` (the record
 * of its reading then). When the two HTMLs differ only in the text of the
 * figures the record lists, each still standing apart, its terms are the
 * record's (but for those only its title, description and figures had)
 * and those its title, description and figures have now, its snippet
 * kept or read again: the page search_page_from_html would make of
 * `html`, at the cost of its figures. NULL otherwise (or for a record
 * that is none): the page is to be read whole. */
struct search_page *search_page_from_last(struct search_terms *st,
					  const struct search_doc *d, const char *html,
					  size_t len, const char *old, size_t old_len,
					  const char *was, size_t was_len);

#endif
