/* A body read by gfm_quick and by the cmark path (gfm_render_cmark), and
 * whether the two readings (gfm_out.h) are the same, byte for byte: HTML,
 * headings (levels, text) and prose (kind, lines, text). For test_gfm_quick
 * and the fuzz target fuzz_gfm_quick, which hold gfm_quick's reading to the
 * cmark path's. */
#ifndef GPUGUIDE_TESTS_GFM_SAME_H
#define GPUGUIDE_TESTS_GFM_SAME_H

#include "base/diag.h"
#include "markdown/gfm.h"
#include "markdown/gfm_out.h"
#include "markdown/gfm_quick.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* `len` bytes of `md` read into *cmark by the cmark path and into *quick
 * by gfm_quick (both made empty here; the caller releases them): whether
 * gfm_quick read it. */
static inline bool gfm_read_both(const char *md, size_t len, struct gfm_out *quick,
				 struct gfm_out *cmark)
{
	gfm_out_init(quick);
	gfm_out_init(cmark);
	struct diag diag;
	diag_init(&diag, NULL, NULL);
	gfm_render_cmark(md, len, "a.md", 1, cmark, &diag);
	return gfm_quick_render(md, len, quick);
}

/* What differs first ("HTML", "heading 2", "prose count", ...), written
 * into `what` (room for 32 bytes); NULL when nothing does. */
static inline const char *gfm_out_difference(const struct gfm_out *a, const struct gfm_out *b,
					     char what[32])
{
	if (strcmp(a->html.ptr ? a->html.ptr : "", b->html.ptr ? b->html.ptr : ""))
		return "HTML";
	if (a->nheadings != b->nheadings)
		return "heading count";
	for (size_t i = 0; i < a->nheadings; i++)
		if (a->headings[i].level != b->headings[i].level ||
		    strcmp(a->headings[i].text, b->headings[i].text)) {
			snprintf(what, 32, "heading %zu", i);
			return what;
		}
	if (a->nprose != b->nprose)
		return "prose count";
	for (size_t i = 0; i < a->nprose; i++) {
		const struct gfm_prose *x = &a->prose[i], *y = &b->prose[i];
		if (x->row != y->row || x->line != y->line || x->end_line != y->end_line ||
		    strcmp(x->text, y->text)) {
			snprintf(what, 32, "prose %zu", i);
			return what;
		}
	}
	return NULL;
}

#endif
