/* feeds: the site-wide files for machines (the XML files and robots.txt),
 * byte for byte the same for the same inputs. The Atom feeds are written by
 * a small indenting writer of feeds.c (every text and attribute escaped as it
 * is written, bytes XML forbids dropped: well-formed whatever the inputs; the
 * bytes libxml2's xmlTextWriter wrote, which wrote them before); the
 * sitemap, one entry per page, straight into a buffer (its URLs escaped the
 * way xmlTextWriter escaped them), for speed.
 *
 *   site/sitemap.xml     every planned page (absolute URL = base_url + "/" +
 *                        lang + "/" + path) with xhtml:link hreflang
 *                        alternates (both languages and x-default) when the
 *                        page has a translation, plus the root index.html
 *   site/<lang>/feed.xml an Atom feed of the language's articles, newest
 *                        first, the article's HTML as content
 *   site/<lang>/prices.xml an Atom feed of price changes (price_history.h:
 *                        a new dated quote that differs from its series'
 *                        previous one), newest first, linked to the GPU page
 *   site/robots.txt      every page may be crawled; the sitemap's address
 */
#ifndef GPUGUIDE_FEEDS_H
#define GPUGUIDE_FEEDS_H

#include "model/i18n.h"

struct buf;
struct output;
struct pagecache;
struct site;

/* Write sitemap.xml, both Atom feeds and robots.txt. The sitemap is kept
 * as published when the last build (its cache `last`, or NULL) made it of
 * the same pages and base URL. Returns 0, or -1 after reporting a
 * problem. */
int feeds_write(struct site *s, struct output *o, const struct pagecache *last);

/* The sitemap's bytes, appended to `out`. Returns 0. */
int feeds_sitemap(struct site *s, struct buf *out);

/* robots.txt's bytes (every crawler may read every page; the sitemap's
 * address when the base URL is set), appended to `out`. Returns 0. */
int feeds_robots(struct site *s, struct buf *out);

/* The Atom feed of language `l`, appended to `out`. Returns 0. */
int feeds_atom(struct site *s, enum lang l, struct buf *out);

/* The price-change feed of language `l`, appended to `out`. Returns 0. */
int feeds_prices_atom(struct site *s, enum lang l, struct buf *out);

#endif
