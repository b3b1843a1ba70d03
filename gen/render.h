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

#include <stddef.h>

struct buf;
struct output;
struct site;

/* A UI string key as templates name it under "t": "nav.gpus" is
 * t.nav_gpus, because a dot in a Mustache name walks into a map (the
 * site's arena). */
char *render_ui_key(struct site *s, const char *key);
/* Make the keys every page of a language shares (before planning). */
void render_lang_contexts(struct site *s);
/* Called with each page rendered without error (its index in s->pages and
 * its HTML), on the rendering thread: it must only touch that page's own
 * state (the search index keeps a slot per page). */
typedef void (*render_page_done)(struct site *s, size_t page, const char *html,
				 size_t len);
/* Render every planned page into `out` (NULL: render only, to check them),
 * `done` (or NULL) called for each. Returns 0, or -1 when any page failed
 * (reported). */
int render_pages(struct site *s, struct output *out, render_page_done done);
/* The site root's index.html (the language choice) into `out`. */
int render_root_index(struct site *s, struct output *out, struct buf *html);

#endif
