/* gfm: an article body as cmark-gfm reads it. CommonMark with GitHub's pipe
 * tables, strikethrough and autolinks; safe mode (an author's raw HTML never
 * passes); smart punctuation. A body in the forms gfm_quick reads goes
 * there (the same output, a fraction of the work); any other to cmark-gfm,
 * whose parser and memory (an arena per body) this module owns, with what
 * an article takes from its tree: the headings' levels and text, links
 * with unsafe targets dropped with a warning, the prose a figure may be
 * typed in (gfm_out.h holds them, and their record kept between builds).
 *
 * Shortcodes are markdown.c's: it hands this module the body with each
 * shortcode replaced by a token (gfm_out.h), which cmark passes through as
 * text, and puts each shortcode's HTML (or, in code, its own text) where
 * its token landed. Functions are prefixed gfm_.
 */
#ifndef GPUGUIDE_GFM_H
#define GPUGUIDE_GFM_H

#include "markdown/gfm_out.h"

#include <stdbool.h>
#include <stddef.h>

struct diag;

/* Parse `len` bytes of `md` (an article body, tokens in) into `o` (empty).
 * A link with an unsafe target loses it, with a warning at its position in
 * the file `path`, whose line `body_line` is the body's first. */
void gfm_render(const char *md, size_t len, const char *path, int body_line,
		struct gfm_out *o, struct diag *diag);

/* The same by cmark-gfm alone: what gfm_render does with a body
 * gfm_quick declines, and what gfm_quick's output is held to. */
void gfm_render_cmark(const char *md, size_t len, const char *path, int body_line,
		      struct gfm_out *o, struct diag *diag);

#endif
