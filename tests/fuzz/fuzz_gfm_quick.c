/* libFuzzer target: gfm_quick_render, the one-pass reader of a body's
 * common forms, against gfm_render_cmark (gfm.c's cmark-gfm path) on
 * arbitrary bytes.
 *
 * Oracle besides the sanitizers: when gfm_quick_render reads a body, its
 * HTML, headings and prose (with their lines) are the cmark path's, byte
 * for byte; when it declines, it leaves the output as it was. */
#include "base/buf.h"
#include "base/diag.h"
#include "markdown/gfm.h"
#include "markdown/gfm_quick.h"
#include "../markdown/gfm_same.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void differ(const char *what, const char *a, const char *b)
{
	fprintf(stderr, "different %s:\n--- gfm_quick\n%s\n--- cmark\n%s\n", what, a, b);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* a body as gen hands it: NUL-terminated */
	char *md = malloc(size + 1);
	memcpy(md, data, size);
	md[size] = '\0';
	struct gfm_out quick, cmark;
	char what[32];
	const char *d;
	if (!gfm_read_both(md, size, &quick, &cmark)) {
		if (quick.html.len || quick.nheadings || quick.nprose)
			differ("output of a declined body", quick.html.ptr, "");
	} else if ((d = gfm_out_difference(&quick, &cmark, what))) {
		differ(d, quick.html.ptr, cmark.html.ptr);
	}
	gfm_out_release(&quick);
	gfm_out_release(&cmark);
	free(md);
	return 0;
}
