/* render: the planned pages (site.h) to HTML.
 *
 * Every page's context is the keys its language shares (UI strings as t.*,
 * sources, the build's date), the layout's (title, links, alternates, nav,
 * crumbs) and its own, which win. Pages are rendered on every core (pool.h)
 * with a view of the site per thread whose arena is emptied after each
 * page; messages are kept per page and printed in page order, so the output
 * and the messages do not depend on the threads' timing.
 */
#ifndef GPUGUIDE_RENDER_H
#define GPUGUIDE_RENDER_H

#include <stdbool.h>
#include <stddef.h>

struct buf;
struct output;
struct pagecache;
struct site;

/* Called with each page rendered without error (its index in s->plan.pages and
 * its HTML), on the rendering thread: it must only touch that page's own
 * state (the search index keeps a slot per page). What it appends to
 * `kept` goes into the page cache's record of the page (pagecache.h),
 * after render.c's own part (the figure marks of a page kept without being
 * built), and is given back to render_page_reuse when a later build does
 * not render the page, and as `was` (NULL when there is none) to the next
 * build that renders it, with `old`, the page's file as that build
 * published it (NULL when it is not at hand, or not that file any more). */
typedef void (*render_page_done)(struct site *s, size_t page, const char *html,
				 size_t len, const struct buf *was, const struct buf *old,
				 struct buf *kept);
/* Called instead of render_page_done for a page kept from the published
 * site, with what render_page_done kept of it then. Returns 0, or -1 when
 * the record cannot be used (the page is then rendered after all). */
typedef int (*render_page_reuse)(struct site *s, size_t page, const char *kept,
				 size_t len);

/* Rendering against the published site: a page whose inputs (the template
 * set, its template, its path and its whole context, digested) are those
 * the cache `old` holds for the published page, and whose published file
 * is still the one recorded, is linked from the site instead of rendered
 * (output_keep). Its own context is still built (its frame, the layout's
 * keys, is digested by what it is made from, and made only for a page
 * that is written): that is what tells whether it changed, and what marks
 * its figures in the ledger; but a page whose inputs are known before it
 * is built (page_spec.inputs) is kept, or not, by them, and when kept
 * makes again the figure marks its build made (kept in its record), and
 * places the chart files it shows as published (site_inputs.published).
 * With GEN_CHECK_INPUTS set (not "0") in the environment, a page kept by
 * its inputs is built all the same and its context held to the one it was
 * last rendered from (kept in its record when that build ran under
 * GEN_CHECK_INPUTS too): another one is an error naming the page, whose
 * inputs leave something out. For tests; it costs the pages' builds.
 * A page rendered again that has a splice string (page_spec.splice: an
 * article's body) and whose shell (all its file is made from but that
 * string) is the one its published file was rendered from is made from
 * that file, the string's bytes replaced where its template wrote them
 * (the template's render tells where: tmpl_render_spot; the record keeps
 * the shell and the place), not rendered again; the page's own code may
 * ask for that string as published (page_ctx.published: an article makes
 * its cmark HTML again from it, markdown.h). With GEN_CHECK_SPLICE set
 * (not "0"), such a page is rendered too, and one whose two makings
 * differ is an error naming it. For tests. */
/* Whether render_page_done would use the last record of page `page` (its
 * `was`): a record is read for it only then. */
typedef bool (*render_page_wants_last)(const struct site *s, size_t page);

struct render_cache {
	const struct pagecache *old; /* the published site's, or NULL */
	struct pagecache *next;      /* gets every page, in page order */
	render_page_reuse reuse;
	render_page_wants_last wants_last; /* NULL: never */
	size_t rendered, kept;       /* set by render_pages */
};

/* Render every planned page into `out` (NULL: render only, to check them),
 * `done` (or NULL) called for each; with `cache` (or NULL: every page is
 * rendered), only the pages that changed. Returns 0, or -1 when any page
 * failed (reported). */
int render_pages(struct site *s, struct output *out, render_page_done done,
		 struct render_cache *cache);
/* The site root's index.html (the language choice) into `out`. */
int render_root_index(struct site *s, struct output *out, struct buf *html);

#endif
