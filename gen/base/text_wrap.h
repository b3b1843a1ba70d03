/* text_wrap: text broken into lines no wider than a width, for laying it
 * out in a picture (SVG charts): the line-breaking rules (at spaces, after
 * '-' or '/', beside CJK characters; never after an opening bracket, before
 * a closing one, or between a number and its unit), and a text measured
 * once to be wrapped at several widths. Widths are text.h's (text_width).
 *
 * Memory: lines go to the caller's buffers; a struct text_measure owns its
 * array (text_measure_release) and borrows its text.
 */
#ifndef GPUGUIDE_TEXT_WRAP_H
#define GPUGUIDE_TEXT_WRAP_H

#include <stdbool.h>
#include <stddef.h>

struct buf;

/* Wrap text into at most `max_lines` lines no wider than `max_w`, breaking
 * at spaces, after '-' or '/', or between CJK characters; the last line is
 * abbreviated with "…" if text remains. Lines go to lines[0..] (caller's
 * buffers, appended to, caller releases). Returns the number of lines used
 * (0 for empty text). */
size_t text_wrap(const char *utf8, double font_px, double max_w,
		 size_t max_lines, struct buf *lines);

/* A text measured once, to be wrapped at several widths (a chart balances
 * its lines by trying narrower ones): each code point's place, width and
 * whether a line may end after it. `s` is borrowed; cp holds n + 1 entries
 * (the last one: the end). */
struct text_cp {
	size_t off; /* byte offset in s */
	double em;  /* width, in em */
	bool brk;   /* a line may end after it */
};
struct text_measure {
	const char *s;
	size_t n;
	struct text_cp *cp;
};
void text_measure_init(struct text_measure *m, const char *utf8);
void text_measure_release(struct text_measure *m);
/* text_wrap of the measured text: the same lines. */
size_t text_wrap_measured(const struct text_measure *m, double font_px, double max_w,
			  size_t max_lines, struct buf *lines);

#endif
