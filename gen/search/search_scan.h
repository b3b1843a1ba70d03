/* search_scan: the text of a rendered page, for search.c.
 *
 * search_scan_html is the one pass over a rendered page that
 * search_text_from_html is made of: the inside of <main>, its headings'
 * text to one sink and the rest to the other; the runs of text between
 * tags are tokenized as they are found (search_text.h's tokenizer stops at
 * the next '<' or '&'), not found first and read again.
 */
#ifndef GPUGUIDE_SEARCH_SCAN_H
#define GPUGUIDE_SEARCH_SCAN_H

#include "search/search_text.h"

#include <stdbool.h>
#include <stddef.h>

struct buf;

/* Plain text of a rendered page: the inside of its <main> element, tags
 * dropped (the contents of script, style, svg, form and template left
 * out), entities decoded, white space collapsed; headings (h1-h6) go to
 * `headings`, everything else to `body`, each part separated by a space. */
void search_text_from_html(const char *html, size_t len, struct buf *headings,
			   struct buf *body);

/* Where the text of one part (headings, or the rest) goes: a buffer (NULL:
 * not kept; kept up to `max` bytes and then no more, the cut being the
 * caller's), a tokenizer (NULL: not tokenized), or both. Borrowed. */
struct sink {
	struct buf *text;
	size_t max;
	struct tokenizer *tk;
};

/* ---- figures ----
 *
 * A figure is the text of an element <span class="fig" ...> (what a
 * shortcode writes for a figure of the data, which an edit of a price
 * changes): its tokens are entered with their field shifted by
 * SEARCH_FIG_SHIFT, so a page's record tells the terms its other text has
 * from those only its figures have, and a page whose HTML changed only
 * inside its figures is read again from its record and its figures' new
 * text (search.h: search_page_from_last). That holds while every figure
 * stands apart: no tag inside it, and no word or CJK pair running across
 * its edges (what the tokenizer had pending when it began, and the
 * character after it, are kept to tell that of its next text too). */
#define SEARCH_FIG_SHIFT 4

/* What follows a figure: a character of a kind (enum search_char_kind,
 * a block tag being a separator), or anything else (another tag, an
 * entity) that the figure's next text is not held to. */
#define SEARCH_EDGE_UNKNOWN 3

struct search_fig {
	size_t at, len;      /* its text, in the page's bytes */
	unsigned char field; /* the field its part's tokenizer had */
	unsigned char before; /* enum search_char_kind: what was pending */
	unsigned char after;  /* enum search_char_kind or SEARCH_EDGE_UNKNOWN */
};

/* The figures of a page's <main>, in order, outside the parts left out;
 * `apart` false when one does not stand apart (the page is then only read
 * whole); `cut`, where the body's kept text went past its max (an offset
 * in the page at or after the text that did; 0: it did not): a figure
 * before it may be in the snippet. Owned by its maker:
 * search_figs_release. */
struct search_figs {
	struct search_fig *v;
	size_t n, cap;
	size_t values; /* the figures of its tables' cells, counted only */
	bool apart;
	size_t cut;
};
void search_figs_release(struct search_figs *f);
/* How much of the data a page holds, from its figures (cited in its text
 * and shown in its tables' cells): the bit length of their count (0 for
 * none, 1 for one, 2 for two or three...), a digit in the index however
 * many there are. */
unsigned search_figs_held(const struct search_figs *f);

/* Whether a figure of edges `before` and `after` (as a search_fig has
 * them) whose text is now the `len` bytes at `s` still stands apart: no
 * word or CJK pair would run across either edge, told from its first and
 * last characters (an entity there: not told, so not apart). */
bool search_fig_apart(const char *s, size_t len, unsigned before, unsigned after);

/* The scan of a page, its figures into `figs` (emptied; NULL: not told). */
void search_scan_html(const char *html, size_t len, struct sink headings,
		      struct sink body, struct search_figs *figs);
/* The body's text of a page alone (a sink that keeps up to `max` bytes,
 * and no more is read once it has them), as search_scan_html keeps it:
 * where it was cut (search_figs.cut). */
size_t search_scan_snippet(const char *html, size_t len, struct buf *body, size_t max);
/* The text of a figure (no tag in it; entities decoded) into `k`. */
void search_scan_fig_text(const char *s, size_t len, struct sink k);

#endif
