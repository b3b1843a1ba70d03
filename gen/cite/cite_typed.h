/* cite_typed: figures typed by hand in an article where the data holds
 * them. A sentence or a table row (struct prose, markdown.h) that names a
 * GPU (its name, its name without the memory size when no other GPU has
 * that short name, its id, or a shortcode citing it) and types a number that
 * is one of that GPU's figures gets a warning at the number, naming the
 * shortcode that cites it instead:
 *   - a dollar amount ("$0.39", "0.39 美元") equal to one of its current
 *     price quotes (data/prices.csv: {{< price gpu=ID >}}, with source=
 *     when it is not the lowest) or to its list price (data/gpus.csv:
 *     {{< gpu id=ID field=price_usd_min >}});
 *   - a number followed by the unit of one of its numeric specs ("24 GB",
 *     "1,008 GB/s", "450 W") equal to that spec ({{< gpu id=ID field=F >}}).
 * Equal means equal at the precision typed; a dollar amount without cents
 * under $10 and the value 0 are never held to be a figure (too many
 * sentences say "$1" or "0 GB"). Code and shortcodes are not prose. */
#ifndef GPUGUIDE_CITE_TYPED_H
#define GPUGUIDE_CITE_TYPED_H

struct diag;
struct prose;

/* A prose_checker (markdown.h): `ctx` is the article page's
 * struct page_ctx (view/site.h). */
void cite_check_prose(void *ctx, const struct prose *p, struct diag *diag);

#endif
