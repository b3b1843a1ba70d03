/* libFuzzer target: gfm_html_render, the HTML writer of article bodies,
 * against cmark_render_html (gfm_html_render_cmark) on a tree cmark-gfm
 * parsed from arbitrary bytes with gfm.c's options and extensions (tables,
 * strikethrough, autolinks; and task lists, a node gfm_html leaves to
 * cmark).
 *
 * Oracle besides the sanitizers: when gfm_html_render writes a tree, its
 * HTML is cmark's byte for byte; when it does not, it leaves the buffer as
 * it was. */
#include "base/buf.h"
#include "markdown/gfm_html.h"
#include "../markdown/gfm_parse.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* the first byte chooses whether task lists are parsed too */
	bool tasklist = size && data[0] == 'T';
	cmark_node *doc = parse_as_gfm((const char *)data, size, tasklist);
	struct buf ours = BUF_INIT, theirs = BUF_INIT;
	buf_adds(&ours, "<>");
	bool wrote = gfm_html_render(doc, &ours);
	gfm_html_render_cmark(doc, cmark_get_default_mem_allocator(), &theirs);
	if (!wrote && strcmp(ours.ptr, "<>") != 0) {
		fprintf(stderr, "gfm_html_render left a tree but changed the buffer\n");
		abort();
	}
	if (wrote && (ours.len != theirs.len + 2 || memcmp(ours.ptr + 2, theirs.ptr, theirs.len))) {
		fprintf(stderr, "different HTML:\n--- gfm_html\n%s\n--- cmark\n%s\n", ours.ptr + 2,
			theirs.ptr);
		abort();
	}
	buf_release(&ours);
	buf_release(&theirs);
	cmark_node_free(doc);
	return 0;
}
