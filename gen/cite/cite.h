/* cite: shortcodes that cite data in articles, resolved to HTML in the
 * article's language (values with units, tables, charts, links). The syntax
 * is documented in README.md ("Citing data in articles").
 */
#ifndef GPUGUIDE_CITE_H
#define GPUGUIDE_CITE_H

#include "model/i18n.h"

struct buf;
struct diag;
struct shortcode;
struct site;

/* A shortcode_resolver (markdown.h): `ctx` is the article page's
 * struct page_ctx (view/site.h: its path is the article's page, for links). Unknown
 * shortcodes, ids and fields are errors at the shortcode's position; a
 * figure with no data shows "no data" and gives a warning. */
int cite_resolve(void *ctx, const struct shortcode *sc, struct buf *out,
		 struct diag *diag);

#endif
