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

/* Where a line of Chinese text best ends: after a clause's punctuation
 * (，、：；。？！) or before an opening bracket (“（”), rather than inside a
 * word ("……4 位量化微" / "调（客服场景）"). */
static bool ends_clause(uint32_t c)
{
	return c == 0xff0c || c == 0x3001 || c == 0xff1a || c == 0xff1b ||
	       c == 0x3002 || c == 0xff1f || c == 0xff01;
}

static bool clause_break(uint32_t c, uint32_t next)
{
	return ends_clause(c) || next == 0xff08;
}

/* A line may end after code point c (prev before it, next after it, the
 * text from next on at rest): at
 * spaces, after '-' or '/', and on either side of a wide character, but
 * never after an opening bracket or before a closing one ("4090（" /
 * "24 GB）"), between a number and its unit ("24 / GB"), nor before a
 * number that follows a word ("RTX / 4090", "H100 / 80GB": a name). */
static bool is_digit_cp(uint32_t c)
{
	return c >= '0' && c <= '9';
}

static bool is_alnum_cp(uint32_t c)
{
	return is_digit_cp(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
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

/* A break opportunity inside a name or a number's compound: before a
 * number that follows a word ("RTX / 4090", "H100 / 80GB") or after a
 * number's hyphen ("4- / bit"). A line ends there only when no other
 * break fits on it (a narrow column head may still need "A100 / 40GB"). */
static bool weak_break(uint32_t prev, uint32_t c, uint32_t next, const char *rest)
{
	return (c == ' ' && is_alnum_cp(prev) && is_digit_cp(next)) ||
	       (next == ' ' && is_alnum_cp(c) && is_digit_cp((unsigned char)rest[1])) ||
	       (c == '-' && is_digit_cp(prev));
}

void text_measure_init(struct text_measure *m, const char *utf8)
{
	size_t bytes = utf8 ? strlen(utf8) : 0;
	m->s = utf8;
	m->n = 0;
	m->clauses = false;
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
		bool brk = next && can_break_after(prev, c, next, q + len);
		bool clause = brk && clause_break(c, next);
		m->clauses |= clause;
		m->cp[m->n++] = (struct text_cp){ (size_t)(q - utf8), text_codepoint_em(c),
			brk, clause, brk && weak_break(prev, c, next, q + len) };
	}
	m->cp[m->n] = (struct text_cp){ bytes, 0, false, false, false };
}

void text_measure_release(struct text_measure *m)
{
	free(m->cp);
	memset(m, 0, sizeof *m);
}

/* The code point after the line that starts at i ends, for a width of
 * max_w px: the last break opportunity that fits, the last clause break
 * among them when `prefer` finds one; a weak one only when no other fits;
 * i when none fits. */
static size_t line_end(const struct text_measure *m, size_t i, double font_px,
		       double max_w, bool prefer)
{
	double w = 0;
	size_t brk = i, strong = i, clause = i;
	for (size_t k = i; k < m->n; k++) {
		w += m->cp[k].em * font_px;
		if (w > max_w + 1e-6)
			break;
		if (m->cp[k].brk)
			brk = k + 1;
		if (m->cp[k].brk && !m->cp[k].weak)
			strong = k + 1;
		if (m->cp[k].clause)
			clause = k + 1;
	}
	return prefer && clause > i ? clause : strong > i ? strong : brk;
}

/* One wrapping of the measured text (into `lines` unless NULL, to count);
 * *cut: the last line was abbreviated. */
static size_t wrap_lines(const struct text_measure *m, double font_px, double max_w,
			 size_t max_lines, struct buf *lines, bool prefer, bool *cut)
{
	size_t used = 0, i = 0; /* i: the code point the line starts at */
	const struct text_cp *cp = m->cp;
	*cut = false;
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
			if (lines)
				buf_adds(&lines[used], p); /* the rest fits as it is */
			used++;
			break;
		}
		size_t brk = line_end(m, i, font_px, max_w, prefer);
		if (used == max_lines - 1 || brk == i) {
			/* the last line, or one long word: abbreviate it and stop */
			if (lines)
				text_fit(p, font_px, max_w, &lines[used]);
			used++;
			*cut = true;
			break;
		}
		size_t keep = cp[brk].off - cp[i].off;
		while (keep > 0 && p[keep - 1] == ' ')
			keep--;
		if (lines)
			buf_add(&lines[used], p, keep);
		used++;
		i = brk;
	}
	return used;
}

size_t text_wrap_measured(const struct text_measure *m, double font_px, double max_w,
			  size_t max_lines, struct buf *lines)
{
	if (!m->s || max_lines == 0)
		return 0;
	/* Chinese text ends its lines at clause breaks where a line has one,
	 * unless that leaves out text the plain breaks would show */
	bool cut = false;
	if (m->clauses)
		wrap_lines(m, font_px, max_w, max_lines, NULL, true, &cut);
	return wrap_lines(m, font_px, max_w, max_lines, lines, m->clauses && !cut, &cut);
}

size_t text_wrap_clause_breaks(const struct buf *lines, size_t n)
{
	size_t count = 0;
	for (size_t i = 0; i + 1 < n; i++) {
		const char *end = lines[i].ptr + lines[i].len, *last = end;
		while (last > lines[i].ptr && ((unsigned char)last[-1] & 0xC0) == 0x80)
			last--;
		size_t len;
		uint32_t c = last > lines[i].ptr ? text_utf8_decode(last - 1, &len) : 0;
		uint32_t next = lines[i + 1].len ? text_utf8_decode(lines[i + 1].ptr, &len) : 0;
		count += clause_break(c, next);
	}
	return count;
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

/* ---- measuring ---- */

/* East Asian Wide and Fullwidth blocks (approximate, by block). */
bool text_codepoint_is_wide(uint32_t c)
{
	static const uint32_t ranges[][2] = {
		{ 0x1100, 0x115F }, { 0x231A, 0x231B }, { 0x2329, 0x232A },
		{ 0x2E80, 0x303E }, { 0x3041, 0x33FF }, { 0x3400, 0x4DBF },
		{ 0x4E00, 0x9FFF }, { 0xA000, 0xA4CF }, { 0xA960, 0xA97F },
		{ 0xAC00, 0xD7A3 }, { 0xF900, 0xFAFF }, { 0xFE10, 0xFE19 },
		{ 0xFE30, 0xFE6F }, { 0xFF00, 0xFF60 }, { 0xFFE0, 0xFFE6 },
		{ 0x1F300, 0x1F64F }, { 0x1F900, 0x1F9FF },
		{ 0x20000, 0x2FFFD }, { 0x30000, 0x3FFFD },
	};
	for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++)
		if (c >= ranges[i][0] && c <= ranges[i][1])
			return true;
	return false;
}

static bool codepoint_is_zero_width(uint32_t c)
{
	return (c >= 0x0300 && c <= 0x036F) || (c >= 0x200B && c <= 0x200F) ||
	       (c >= 0xFE00 && c <= 0xFE0F);
}

/* Advance widths (em) of ASCII 32..126 in DejaVu Sans, the widest of the
 * common UI sans-serif fonts, so the estimate is an upper bound for most. */
static const double ascii_em[95] = {
	0.318, 0.401, 0.460, 0.838, 0.636, 0.950, 0.780, 0.275,
	0.390, 0.390, 0.500, 0.838, 0.318, 0.361, 0.318, 0.337,
	0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636,
	0.636, 0.636, 0.337, 0.337, 0.838, 0.838, 0.838, 0.531,
	1.000, 0.684, 0.686, 0.698, 0.770, 0.632, 0.575, 0.775,
	0.752, 0.295, 0.295, 0.656, 0.557, 0.863, 0.748, 0.787,
	0.603, 0.787, 0.695, 0.635, 0.611, 0.732, 0.684, 0.989,
	0.685, 0.611, 0.685, 0.390, 0.337, 0.390, 0.838, 0.500,
	0.500, 0.613, 0.635, 0.550, 0.635, 0.615, 0.352, 0.635,
	0.634, 0.278, 0.278, 0.579, 0.278, 0.974, 0.634, 0.612,
	0.635, 0.635, 0.411, 0.521, 0.392, 0.634, 0.592, 0.818,
	0.592, 0.592, 0.525, 0.636, 0.337, 0.636, 0.838,
};

/* Width of an ASCII character in em: control characters have none. */
static double ascii_char_em(unsigned char c)
{
	return c >= 32 && c < 127 ? ascii_em[c - 32] : 0;
}

/* Width of one code point in em. ASCII, most of what charts measure, is
 * looked up before the range scans (none of its code points is wide or
 * zero-width). */
double text_codepoint_em(uint32_t c)
{
	if (c < 0x80)
		return ascii_char_em((unsigned char)c);
	if (c == UINT32_MAX || text_codepoint_is_wide(c))
		return 1.0;
	if (codepoint_is_zero_width(c))
		return 0;
	if (c == 0x2026) /* the ellipsis is a full em in most fonts */
		return 1.0;
	return 0.8;
}

double text_width(const char *utf8, double font_px)
{
	double em = 0;
	size_t len;
	if (!utf8)
		return 0;
	for (const char *p = utf8; *p; p += len) {
		if ((unsigned char)*p < 0x80) { /* no decoding for ASCII */
			em += ascii_char_em((unsigned char)*p);
			len = 1;
			continue;
		}
		em += text_codepoint_em(text_utf8_decode(p, &len));
	}
	return em * font_px;
}

bool text_fit(const char *utf8, double font_px, double max_w,
		    struct buf *out)
{
	if (!utf8)
		return false;
	max_w += 1e-6; /* widths computed two ways may differ in the last bit */
	if (text_width(utf8, font_px) <= max_w) {
		buf_adds(out, utf8);
		return false;
	}
	double room = max_w - text_width(TEXT_ELLIPSIS, font_px);
	double w = 0;
	size_t len, keep = 0;
	for (const char *p = utf8; *p; p += len) {
		w += text_codepoint_em(text_utf8_decode(p, &len)) * font_px;
		if (w > room)
			break;
		keep = (size_t)(p - utf8) + len;
	}
	while (keep > 0 && utf8[keep - 1] == ' ')
		keep--;
	buf_add(out, utf8, keep);
	buf_adds(out, TEXT_ELLIPSIS);
	return true;
}
