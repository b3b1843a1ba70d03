/* gfm_inline: the inlines of one block (a paragraph's, a heading's, a
 * table cell's) as cmark-gfm reads them with gfm.c's options, for
 * gfm_quick.c: text, *emphasis* and _emphasis_ by CommonMark's delimiter
 * rules, `code` (with cmark's record of backtick runs), [text](url) with a
 * safe url of no space, parenthesis, '<', '\' or entity, backslash
 * escapes, smart quotes, dashes and ellipses, soft line breaks. It declines
 * images, entities, '<' before a letter ('/', '!', '?': raw HTML or an
 * autolink), hard line breaks, strikethrough's '~', any other link, and a
 * text in which an autolink could be found. Bytes that are not UTF-8 are
 * read as cmark reads them (a line end beside a delimiter). The inlines
 * become pieces in the order written, each with the emphasis tags that
 * open after it and close before it: what cmark's tree comes to once
 * written out. Functions are prefixed gfm_inline_.
 */
#ifndef GPUGUIDE_GFM_INLINE_H
#define GPUGUIDE_GFM_INLINE_H

#include "base/buf.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum gfm_piece_kind { GFM_P_TEXT, GFM_P_CODE, GFM_P_SOFT, GFM_P_LINK, GFM_P_LINK_END };
enum { TAG_EM = 1, TAG_STRONG = 2, TAGS_MAX = 16, BACKTICKS_MAX = 80 };

/* A piece of a block's inlines, in the order written. */
struct gfm_piece {
	unsigned char kind;
	unsigned char nopen, nclose; /* tags opening after it, closing before it */
	unsigned char fixed;         /* a delimiter's or bracket's: never joined */
	uint32_t open, close;        /* two bits a tag, the first written lowest */
	const char *s;               /* a text's or code's bytes, a link's url */
	size_t n;
};

struct gfm_delim;
struct gfm_bracket;

/* The pieces of the last block parsed and what parsing needs; reused from
 * block to block (gfm_inline_init, gfm_inline_release). The pieces point
 * into the block's source, which must outlive them, and into `lits`. */
struct gfm_inlines {
	const char *s;
	size_t n, pos;
	struct gfm_piece *p;
	size_t np, cap_p;
	struct gfm_delim *d;
	size_t nd, cap_d;
	long last;         /* the last delimiter, -1: none */
	struct gfm_bracket *b;
	size_t nb, cap_b;
	struct buf lits;   /* code's and dashes' bytes; room made for all first */
	struct buf url;    /* a link's target, NUL-terminated, to be checked */
	struct buf run;    /* a text of cmark's tree, to be checked for autolinks */
	size_t backticks[BACKTICKS_MAX + 1]; /* closing_backticks' record */
	bool scanned_backticks;
	bool declined;
};

/* An empty reader. */
void gfm_inline_init(struct gfm_inlines *in);
/* Frees its memory; it is then empty. */
void gfm_inline_release(struct gfm_inlines *in);

/* Parse the `n` bytes at `s` (a block's inline source, its lines joined by
 * '\n'; trailing spaces are left off): false when it holds anything this
 * reader declines, or a text in which an autolink could be found. */
bool gfm_inline_parse(struct gfm_inlines *in, const char *s, size_t n);

/* The pieces' HTML as cmark writes it, appended to `out`. */
void gfm_inline_write(const struct gfm_inlines *in, struct buf *out);

/* The pieces' text as gfm.c collects it: texts, and a space for a break
 * or (unless `code`) a code span, whose text it is otherwise. */
void gfm_inline_text(const struct gfm_inlines *in, bool code, struct buf *out);

/* Whether cmark-gfm's autolink extension could find a link in the text
 * `s` (NUL-terminated): a URL at a "://", an address at an '@', a host at
 * a "www". The one test of it: gfm.c parses a body again with autolinks
 * when a text of its tree has one, and this reader declines such a text. */
bool gfm_inline_may_autolink(const char *s);

#endif
