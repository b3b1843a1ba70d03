/* A document for splice.h, made by hand: cmark's HTML with a token where
 * each shortcode stood, and the shortcodes as the scan found them and as
 * they resolved. For test_splice and the fuzz target fuzz_splice, which
 * hold splice_undo to making cmark's HTML again from splice_html's output.
 */
#ifndef GPUGUIDE_TESTS_SPLICE_DOC_H
#define GPUGUIDE_TESTS_SPLICE_DOC_H

#include "base/buf.h"
#include "markdown/gfm_out.h"
#include "markdown/splice.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

enum { SPLICE_DOC_MAX = 64 };

struct splice_doc {
	struct buf html;
	struct found items[SPLICE_DOC_MAX];
	struct cited cited[SPLICE_DOC_MAX];
	size_t n;
};

static inline void splice_doc_init(struct splice_doc *d)
{
	memset(d, 0, sizeof *d);
	buf_init(&d->html);
}

static inline void splice_doc_release(struct splice_doc *d)
{
	for (size_t i = 0; i < d->n; i++)
		buf_release(&d->cited[i].html);
	buf_release(&d->html);
}

/* A shortcode's token into the HTML: resolved to `html` (NULL: left after
 * an error), a block or inline; `code`: it stands in code. False (nothing
 * added) when the document has SPLICE_DOC_MAX already. */
static inline bool splice_doc_add(struct splice_doc *d, const char *html, bool block,
				  bool code)
{
	if (d->n >= SPLICE_DOC_MAX)
		return false;
	static const char text[] = "{{< price gpu=rtx-4090 >}}";
	struct found *f = &d->items[d->n];
	struct cited *c = &d->cited[d->n];
	*f = (struct found){ .text = text, .len = sizeof text - 1, .line = 1, .col = 1,
			     .closed = true, .block = block, .code = code };
	memset(c, 0, sizeof *c);
	buf_init(&c->html);
	if (html && !code) {
		c->sc.block = block;
		buf_adds(&c->html, html);
		f->cited = c;
	}
	gfm_token_add(&d->html, d->n++);
	return true;
}

#endif
