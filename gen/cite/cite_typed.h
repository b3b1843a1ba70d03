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
struct markdown_pending;
struct page_ctx;
struct prose;

/* A prose_checker (markdown.h): `ctx` is the article page's
 * struct page_ctx (view/site.h). */
void cite_check_prose(void *ctx, const struct prose *p, struct diag *diag);

/* The prose of an article rendered deferred (markdown.h, whose cite had no
 * checker) checked as cite_check_prose checks it, for the page `pc`, its
 * warnings to pc->diag; nothing when its body could not be rendered.
 *
 * What a check found is kept in the markdown memo: the GPUs each typed
 * dollar amount or number with a unit was held against (every GPU its
 * sentence names), the digest of those GPUs' figures, and the warnings.
 * It is kept under a key made of the article's html_key (its body, each
 * shortcode's text and HTML), the line its body starts on, its language
 * and the digest of every GPU's id and name and the specs' units in that
 * language. A later build with that key whose GPUs' figures are the same
 * says the warnings again without reading the prose: an article that names
 * no GPU whose price changed is not checked again. The digests are worked
 * out once per thread (pc->cites, cite_memo.h); without a memo or a
 * thread's memo the prose is checked. */
void cite_check_article(const struct page_ctx *pc, struct markdown_pending *p);

#endif
