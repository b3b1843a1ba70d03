/* text_wrap: text broken into lines no wider than a width, for laying it
 * out in a picture (SVG charts): the line-breaking rules (at spaces, after
 * '-' or '/', beside CJK characters; never after an opening bracket, before
 * a closing one, or between a number and its unit; inside a name, "RTX
 * 4090", "4-bit", only when nothing else fits), and a text measured
 * once to be wrapped at several widths; and the widths themselves
 * (text_width), estimated from the characters.
 *
 * Memory: lines go to the caller's buffers; a struct text_measure owns its
 * array (text_measure_release) and borrows its text.
 */
#ifndef GPUGUIDE_TEXT_WRAP_H
#define GPUGUIDE_TEXT_WRAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct buf;

/* Wrap text into at most `max_lines` lines no wider than `max_w`, breaking
 * at spaces, after '-' or '/', or between CJK characters; a line of CJK
 * text ends at a clause break (after "，", "、", "：", "；", "。", "？" or
 * "！", or before "（") when one fits on it, unless that would leave text
 * out; the last line is abbreviated with "…" if text remains. Lines go to
 * lines[0..] (caller's buffers, appended to, caller releases). Returns the
 * number of lines used (0 for empty text). */
size_t text_wrap(const char *utf8, double font_px, double max_w,
		 size_t max_lines, struct buf *lines);

/* A text measured once, to be wrapped at several widths (a chart balances
 * its lines by trying narrower ones): each code point's place, width and
 * whether a line may end after it. `s` is borrowed; cp holds n + 1 entries
 * (the last one: the end). */
struct text_cp {
	size_t off;  /* byte offset in s */
	double em;   /* width, in em */
	bool brk;    /* a line may end after it */
	bool clause; /* ... and it ends a clause (or a bracket follows) */
	bool weak;   /* ... but inside a name ("RTX / 4090"): only when no
		      * other break fits on the line */
};
struct text_measure {
	const char *s;
	size_t n;
	struct text_cp *cp;
	bool clauses; /* some code point ends a clause */
};
void text_measure_init(struct text_measure *m, const char *utf8);
void text_measure_release(struct text_measure *m);
/* text_wrap of the measured text: the same lines. */
size_t text_wrap_measured(const struct text_measure *m, double font_px, double max_w,
			  size_t max_lines, struct buf *lines);

/* How many of the n lines (the last aside) end at a clause break, as
 * text_wrap prefers them: a chart that narrows a wrapped text to balance
 * its lines keeps as many. */
size_t text_wrap_clause_breaks(const struct buf *lines, size_t n);

/* ---- measuring ---- */

/* What abbreviated text ends with: the horizontal ellipsis. */
#define TEXT_ELLIPSIS "\xE2\x80\xA6"

/* Estimated advance width of UTF-8 text at `font_px`, on the generous side
 * so real text fits in the estimate: CJK and other East Asian wide or
 * fullwidth characters (and emoji) count 1 em, combining marks 0, ASCII by
 * the widths of DejaVu Sans (the widest common UI sans: "i" 0.28 em,
 * digits 0.64, "W" 0.99), other characters 0.8 em ("…" 1 em). Invalid
 * bytes count 1 em each. */
double text_width(const char *utf8, double font_px);
/* The width of one code point in em, as text_width counts it; whether it
 * is East Asian wide or fullwidth (a line may break beside it). */
double text_codepoint_em(uint32_t c);
bool text_codepoint_is_wide(uint32_t c);
/* Append to `out` the text, or its longest prefix followed by "…" whose
 * width fits `max_w` (only "…" when nothing fits). Returns true when it
 * had to abbreviate. Never splits a UTF-8 sequence. */
bool text_fit(const char *utf8, double font_px, double max_w,
	      struct buf *out);

#endif
