/* search_pages: the site's search, in both languages.
 *
 * Plans /<lang>/search/ (a search form; without JavaScript, every page of
 * the site grouped by kind), gives every indexed page its doc number, puts
 * each page into its language's index as it is rendered
 * (search_pages_collect, from any rendering thread: the page's tokens are
 * made on that thread, merged under a lock), and writes one index per
 * language (search.h's files) into <lang>/search/ beside the page, for
 * templates/assets/search.js.
 *
 * What is indexed: every page whose kind (from its template) is a GPU,
 * task, technique, use case, case study, benchmark or memory page, data
 * page or article, and the lists of those; not pair pages (the pair list
 * and the picker find them), tag pages, the home page or the search page.
 * State lives in s->search (malloc'd), freed by search_pages_free.
 */
#ifndef GPUGUIDE_SEARCH_PAGES_H
#define GPUGUIDE_SEARCH_PAGES_H

#include <stdbool.h>
#include <stddef.h>

struct buf;
struct output;
struct pagecache;
struct site;

/* Plan the search pages of both languages. Call after every other page is
 * planned (the listing shows them all). Sets the order the pages are
 * rendered in (s->plan.order): the indexed ones in doc order, then the
 * rest, so that the postings each thread puts come in doc order. */
void search_pages_plan(struct site *s);

/* Index page `i` (s->plan.pages[i]) from its rendered HTML, when its kind is
 * indexed, appending the page's record (search_page_encode) to `kept`
 * (or NULL) for the page cache; `was` is the record the last build kept
 * (or NULL): what it says the page had tells the index what changed, and,
 * with `old` (the page as then published, or NULL), a page whose HTML
 * changed only in its figures is read from it (search_page_from_last), not
 * whole, and put into the index by what it changed. With GEN_CHECK_SEARCH
 * set (not "0") in the environment, such a page is read whole too, and
 * one whose two readings differ fails the build (search_pages_write says
 * which); set to "whole", the index is then made whole as when a page
 * rendered again has no last record (the pages put by what they changed
 * are put again from their records). For tests. Thread-safe (a
 * render_page_done). */
void search_pages_collect(struct site *s, size_t i, const char *html, size_t len,
			  const struct buf *was, const struct buf *old, struct buf *kept);
/* Whether search_pages_collect would read page i's last record (`was`):
 * when its index is kept by shard from the last build and the page is
 * indexed (a render_page_wants_last). */
bool search_pages_wants_last(const struct site *s, size_t i);
/* Index page `i` from the record search_pages_collect kept of it in an
 * earlier build (a render_page_reuse). 0, or -1 for a damaged record. */
int search_pages_reuse(struct site *s, size_t i, const char *kept, size_t len);

/* Write the index files into <lang>/search/ for both languages: with
 * what the last build kept (its cache `last`, or NULL), only the term
 * shards that changed; the others are kept as published. `beside` (or
 * NULL) is the build's other finishing work, run with its `ctx` on a
 * thread of the pool while the languages are written (on the others): it
 * may use the build's arena and messages, which the index's writing does
 * not touch until it is done; its messages come before the index's. 0, or
 * -1 (reported). */
int search_pages_write(struct site *s, struct output *out, const struct pagecache *last,
		       void (*beside)(void *ctx), void *ctx);

void search_pages_free(struct site *s);

#endif
