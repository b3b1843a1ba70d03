/* gfm_html: the HTML of a tree cmark-gfm parsed (gfm.c's), written as
 * cmark_render_html writes it with gfm.c's options (safe mode, a table
 * column's alignment as a style), byte for byte, and each table in the box
 * the site's tables scroll in on a narrow screen.
 *
 * Why not cmark_render_html: it escapes a text a byte at a time (a third
 * of a body's rendering went there) into a buffer of its own that is then
 * copied again to wrap the tables. This one escapes eight bytes at a time
 * into the caller's buffer. It knows the nodes gfm.c's parser makes
 * (CommonMark's, tables, strikethrough); a tree with any other goes to
 * cmark_render_html, so a node it does not know can cost time, never a
 * wrong page. tests/markdown and the fuzz target fuzz_gfm_html hold it to
 * cmark's output. Functions are prefixed gfm_html_.
 */
#ifndef GPUGUIDE_GFM_HTML_H
#define GPUGUIDE_GFM_HTML_H

#include "base/buf.h"

#include <stdbool.h>

struct cmark_mem;
struct cmark_node;

/* The HTML of `doc` (a document node) appended to `out`; false, with `out`
 * as it was, when the tree holds a node this module does not write. */
bool gfm_html_render(struct cmark_node *doc, struct buf *out);

/* `len` bytes of a link's target as cmark writes it in href (its
 * houdini_escape_href): letters, digits and -_.+!*(),%#@?=;:/$~ as they
 * are, & and ' as entities, any other byte as %XX. */
void gfm_html_escape_href(struct buf *out, const char *s, size_t len);

/* The opening tags cmark writes for a list (<ul>, <ol>, <ol start="N">
 * and its line end), a fenced block (its class the info string's first
 * word, `len` bytes of it; none when empty) and a table cell (th or td,
 * its column's alignment 'l', 'c', 'r' or 0 as a style): gfm_quick.c's
 * writer uses them too, so both write these the one way. */
void gfm_html_list_open(struct buf *out, bool bullet, int start);
void gfm_html_code_open(struct buf *out, const char *info, size_t len);
void gfm_html_cell_open(struct buf *out, bool head, int align);

/* The box each table is written in (it scrolls on a narrow screen). */
extern const char gfm_html_table_open[], gfm_html_table_close[];

/* The same by cmark_render_html, each table wrapped the same way: what
 * gfm_html_render's output is held to, and what writes a tree it leaves.
 * `mem` is the tree's allocator (cmark's HTML is made and freed with it). */
void gfm_html_render_cmark(struct cmark_node *doc, struct cmark_mem *mem, struct buf *out);

#endif
