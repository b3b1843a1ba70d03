/* gfm_out: what reading an article body yields, whichever reader read it
 * (gfm.c's cmark-gfm, or gfm_quick.c's reader of the common forms): the
 * shortcodes' tokens it passes through, the HTML, the headings and the
 * prose, and their record kept between builds. This module owns those
 * structures and their memory; the readers fill them through it. Functions
 * are prefixed gfm_out_ (the tokens', gfm_token_; the record's, gfm_).
 */
#ifndef GPUGUIDE_GFM_OUT_H
#define GPUGUIDE_GFM_OUT_H

#include "base/arena.h"
#include "base/buf.h"

#include <stdbool.h>
#include <stddef.h>

/* A shortcode's token: two private-use characters (U+E000, U+E001) around
 * its six-digit number; cmark leaves it alone wherever it stands. Authors
 * cannot forge one: markdown.c replaces those characters in the body before
 * it makes tokens. */
#define GFM_TOKEN_OPEN "\xEE\x80\x80"
#define GFM_TOKEN_CLOSE "\xEE\x80\x81"
enum { GFM_TOKEN_LEN = 12, GFM_TOKEN_MAX = 999999 };

/* True when a whole token starts at `p` (NUL-terminated); sets *idx. */
bool gfm_token_at(const char *p, size_t *idx);

/* The first GFM_TOKEN_OPEN in `s` (NUL-terminated), or NULL: found by its
 * first byte, rare in text (Chinese starts E4-E9), with strchr. */
const char *gfm_token_find(const char *s);

/* Append the token of shortcode number `n` (at most GFM_TOKEN_MAX). */
void gfm_token_add(struct buf *b, size_t n);

/* A stretch of prose a figure may be typed in: a table row (its cells'
 * text joined by " | "), or the text of a paragraph or heading (to be cut
 * into sentences), kept only when it has a digit. Code is left out (a
 * space stands for a code span); tokens stay in. Lines are the body's,
 * from 1. */
struct gfm_prose {
	bool row;
	int line, end_line;
	char *text; /* in the gfm_out's strings */
	size_t len; /* strlen(text) */
};

/* A heading: its level and plain text (tokens left out). */
struct gfm_heading {
	int level;
	char *text; /* in the gfm_out's strings */
	size_t len; /* strlen(text) */
};

/* What cmark made of a body: the HTML (tokens still in), the headings in
 * order and the prose, whose texts live in `strings` (a body's dozens of
 * them allocated at once, freed with it; a gfm_out moved as a whole takes
 * them along). */
struct gfm_out {
	struct buf html;
	struct gfm_heading *headings;
	size_t nheadings, cap_headings;
	struct gfm_prose *prose;
	size_t nprose, cap_prose;
	struct arena strings;
};

void gfm_out_init(struct gfm_out *o);
void gfm_out_release(struct gfm_out *o);

/* Add a heading of `level` whose text is `text` (tokens dropped here: a
 * heading's text and id have no shortcodes); `text` is left empty, its
 * room kept. */
void gfm_out_add_heading(struct gfm_out *o, int level, struct buf *text);

/* Keep the prose `text` of a block on lines `line` to `end_line` (an end
 * before the start is the start) when it has a digit (the only prose a
 * figure can be typed in); `text` is left empty, its room kept. */
void gfm_out_add_prose(struct gfm_out *o, bool row, int line, int end_line, struct buf *text);

/* The headings and prose past the first `nh` and `np` taken out of `o`. */
void gfm_out_truncate(struct gfm_out *o, size_t nh, size_t np);

/* The record of `o` but its HTML (its headings and prose: what an article
 * needs of it to be checked; its HTML, needed only to be written, is kept
 * apart by markdown.c), appended to `rec`. */
void gfm_encode(const struct gfm_out *o, struct buf *rec);

/* The record `rec` back into `o` (empty; its HTML stays empty): 0, or -1
 * (and `o` empty) when it is damaged or of another format. */
int gfm_decode(const char *rec, size_t len, struct gfm_out *o);

#endif
