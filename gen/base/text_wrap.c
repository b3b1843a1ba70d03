/* text_wrap: text broken into lines of a width (see text_wrap.h). */
#include "base/text_wrap.h"

#include "base/buf.h"
#include "base/text.h"
#include "base/xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Chinese line-breaking rules: no line ends with an opening bracket or
 * quote, and none starts with closing or ending punctuation. */
static bool opens(uint32_t c)
{
	return c == 0xff08 || c == 0x201c || c == 0x2018 || c == 0x300a ||
	       c == 0x300c || c == 0x3010 || c == 0x3014; /* （“‘《「【〔 */
}

static bool closes(uint32_t c)
{
	return c == 0xff09 || c == 0x201d || c == 0x2019 || c == 0x300b ||
	       c == 0x300d || c == 0x3011 || c == 0x3015 || c == 0xff0c ||
	       c == 0x3002 || c == 0x3001 || c == 0xff1b || c == 0xff1a ||
	       c == 0xff1f || c == 0xff01 || c == 0x2026; /* ）”’》」】〕，。、；：？！… */
}

/* A line may end after code point c (prev before it, next after it, the
 * text from next on at rest): at
 * spaces, after '-' or '/', and on either side of a wide character, but
 * never after an opening bracket or before a closing one ("4090（" /
 * "24 GB）"), nor between a number and its unit ("24 / GB"). */
static bool is_digit_cp(uint32_t c)
{
	return c >= '0' && c <= '9';
}

/* A unit written after a number: one to six capitals ending the word
 * ("24 GB", "450 W", "330 TFLOPS", "3,350 GB/s"); "4090 Founders" or
 * "4090 with" is a word, not a unit, and may wrap. */
static bool unit_at(const char *s)
{
	size_t n = 0;
	while (s[n] >= 'A' && s[n] <= 'Z')
		n++;
	return n >= 1 && n <= 6 && !((s[n] >= 'a' && s[n] <= 'z') ||
				      (s[n] >= 'A' && s[n] <= 'Z'));
}

static bool can_break_after(uint32_t prev, uint32_t c, uint32_t next,
			    const char *rest)
{
	if (opens(c) || closes(next))
		return false;
	/* "24 GB": neither before nor after the space (`rest` follows c) */
	if ((c == ' ' && is_digit_cp(prev) && unit_at(rest)) ||
	    (next == ' ' && is_digit_cp(c) && unit_at(rest + 1)))
		return false;
	if (next == ' ' || c == ' ' || c == '-' || c == '/')
		return true;
	return text_codepoint_is_wide(c) || text_codepoint_is_wide(next);
}

void text_measure_init(struct text_measure *m, const char *utf8)
{
	size_t bytes = utf8 ? strlen(utf8) : 0;
	m->s = utf8;
	m->n = 0;
	m->cp = xmalloc((bytes + 1) * sizeof *m->cp);
	uint32_t prev = 0, c = 0, next;
	size_t len = 0, nlen = 0;
	if (bytes)
		c = text_utf8_decode(utf8, &len);
	for (const char *q = utf8; bytes && *q; q += len, len = nlen, prev = c, c = next) {
		next = q[len] ? text_utf8_decode(q + len, &nlen) : 0;
		/* `prev` is the line's previous code point when text_wrap asks:
		 * at a line's start it has none, but a line never starts with
		 * the space, the one code point whose rule reads it */
		m->cp[m->n++] = (struct text_cp){ (size_t)(q - utf8), text_codepoint_em(c),
			next && can_break_after(prev, c, next, q + len) };
	}
	m->cp[m->n] = (struct text_cp){ bytes, 0, false };
}

void text_measure_release(struct text_measure *m)
{
	free(m->cp);
	memset(m, 0, sizeof *m);
}

size_t text_wrap_measured(const struct text_measure *m, double font_px, double max_w,
			  size_t max_lines, struct buf *lines)
{
	size_t used = 0, i = 0; /* i: the code point the line starts at */
	if (!m->s || max_lines == 0)
		return 0;
	const struct text_cp *cp = m->cp;
	while (i < m->n && used < max_lines) {
		while (m->s[cp[i].off] == ' ')
			i++;
		if (i == m->n)
			break;
		const char *p = m->s + cp[i].off;
		double em = 0; /* text_width(p), summed as it sums */
		for (size_t k = i; k < m->n; k++)
			em += cp[k].em;
		if (em * font_px <= max_w + 1e-6) {
			buf_adds(&lines[used++], p); /* the rest fits as it is */
			break;
		}
		if (used == max_lines - 1) {
			text_fit(p, font_px, max_w, &lines[used++]);
			break;
		}
		/* Longest prefix that fits and ends at a break opportunity. */
		double w = 0;
		size_t brk = i; /* the code point after the break; i: none */
		for (size_t k = i; k < m->n; k++) {
			w += cp[k].em * font_px;
			if (w > max_w + 1e-6)
				break;
			if (cp[k].brk)
				brk = k + 1;
		}
		if (brk == i) { /* one long word: abbreviate it and stop */
			text_fit(p, font_px, max_w, &lines[used++]);
			break;
		}
		size_t keep = cp[brk].off - cp[i].off;
		while (keep > 0 && p[keep - 1] == ' ')
			keep--;
		buf_add(&lines[used++], p, keep);
		i = brk;
	}
	return used;
}

size_t text_wrap(const char *utf8, double font_px, double max_w,
		       size_t max_lines, struct buf *lines)
{
	if (!utf8 || max_lines == 0)
		return 0;
	/* most texts fit on one line (text_wrap_measured's first step): no
	 * need to measure each code point */
	const char *p = utf8;
	while (*p == ' ')
		p++;
	if (!*p)
		return 0;
	if (text_width(p, font_px) <= max_w + 1e-6) {
		buf_adds(&lines[0], p);
		return 1;
	}
	struct text_measure m;
	text_measure_init(&m, utf8);
	size_t n = text_wrap_measured(&m, font_px, max_w, max_lines, lines);
	text_measure_release(&m);
	return n;
}
