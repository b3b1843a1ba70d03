/* cite: shortcodes that cite data in articles, resolved to HTML in the
 * article's language (values with units, tables, charts, links). The syntax
 * is documented in README.md ("Citing data in articles").
 */
#ifndef GPUGUIDE_CITE_H
#define GPUGUIDE_CITE_H

#include "model/i18n.h"

#include <stdbool.h>
#include <stddef.h>

struct buf;
struct diag;
struct digest_value;
struct shortcode;
struct site;

/* A shortcode_resolver (markdown.h): `ctx` is the article page's
 * struct page_ctx (view/site.h: its path is the article's page, for links). Unknown
 * shortcodes, ids and fields are errors at the shortcode's position; a
 * figure with no data shows "no data" and gives a warning. */
int cite_resolve(void *ctx, const struct shortcode *sc, struct buf *out,
		 struct diag *diag);
/* markdown_cite's resolve_known for cite_resolve: a shortcode this thread
 * resolved before (cite_memo.h), known by its text. */
bool cite_resolve_known(void *ctx, const char *text, size_t len, bool block,
			struct buf *out, struct digest_value *digest);

#endif
