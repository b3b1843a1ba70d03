/* A page before and after a price's edit (the text of its one figure
 * changed), and its doc: what fuzz_records reads again from a record of
 * the page before, and what its seeds (seed_records) make that record of. */
#ifndef GPUGUIDE_TESTS_EDITED_PAGE_H
#define GPUGUIDE_TESTS_EDITED_PAGE_H

#include "search/search.h"

static const char fuzz_page_was[] =
	"<main><h1>T</h1><p>It costs <span class=\"fig\">$0.39/h</span> an hour.</p></main>";
static const char fuzz_page_now[] =
	"<main><h1>T</h1><p>It costs <span class=\"fig\">$0.41/h</span> an hour.</p></main>";
static const struct search_doc fuzz_page_doc = { "T", "/t/", "article", "D", NULL, NULL };

#endif
