/* gfm_quick: the forms most article bodies are written in, read in one pass
 * straight to what gfm.c makes of them with cmark-gfm (gfm_out.h's HTML,
 * headings and prose), byte for byte; any other body is declined and goes
 * to cmark-gfm.
 *
 * Why: cmark-gfm builds a tree of every character's node, links and
 * consolidates them and walks them twice more (gfm.c's inspection, gfm_html's
 * writer); parsing took a quarter of a build. Reading the common forms costs
 * a fraction of that.
 *
 * What it reads: paragraphs (their lines after the first at any
 * indentation); ATX headings (# to ######, no closing #s); fenced code
 * (```, an info string of one or more words); lists whose items are a
 * paragraph each ("- " or "N. ", wrapped lines as far in as the item's
 * text, tight or loose, one kind in a list); pipe tables whose every row
 * starts and ends with '|' and has the header's cells; a block's inlines as
 * gfm_inline.h reads them. It declines (false) at the first thing that is
 * not one of those or could be read another way: a first line indented,
 * tabs, CR and other control bytes, block quotes, HTML, thematic breaks,
 * setext headings, a paragraph or item that starts with '[' (a link
 * reference definition could), a list that interrupts a paragraph, a lazy
 * line, a block inside an item, a second paragraph in one, a table row or
 * a fence's first line that is not UTF-8 (cmark-gfm's scanners of those
 * read UTF-8), and what gfm_inline declines. Declining costs a scan of part of the body.
 *
 * tests/markdown/test_gfm_quick.c and the fuzz target fuzz_gfm_quick hold
 * its output to gfm.c's cmark path on every body it reads. Functions are
 * prefixed gfm_quick_.
 */
#ifndef GPUGUIDE_GFM_QUICK_H
#define GPUGUIDE_GFM_QUICK_H

#include "markdown/gfm_out.h"

#include <stdbool.h>
#include <stddef.h>

/* Read `len` bytes of `md` (an article body, tokens in) into `o` (its HTML
 * appended, headings and prose added), as gfm_render would: true; false,
 * with `o` as it was, when the body has a form this reader declines. */
bool gfm_quick_render(const char *md, size_t len, struct gfm_out *o);

#endif
