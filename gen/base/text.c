#include "base/text.h"

#include "base/bytes.h"

#include "base/buf.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

size_t text_utf8_sequence(const unsigned char *s, size_t left)
{
	unsigned c = s[0];
	if (c == 0)
		return 0;
	if (c < 0x80)
		return 1;
	size_t n;
	unsigned lo = 0x80, hi = 0xBF; /* allowed range of the second byte */
	if (c >= 0xC2 && c <= 0xDF) {
		n = 2;
	} else if (c >= 0xE0 && c <= 0xEF) {
		n = 3;
		if (c == 0xE0)
			lo = 0xA0;
		else if (c == 0xED)
			hi = 0x9F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4;
		if (c == 0xF0)
			lo = 0x90;
		else if (c == 0xF4)
			hi = 0x8F;
	} else {
		return 0;
	}
	if (left < n || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if ((s[i] & 0xC0) != 0x80)
			return 0;
	return n;
}

/* The code point of the valid sequence of n bytes at s. */
static unsigned utf8_decode(const unsigned char *s, size_t n)
{
	static const unsigned char lead_mask[5] = { 0, 0x7F, 0x1F, 0x0F, 0x07 };
	unsigned cp = s[0] & lead_mask[n];
	for (size_t i = 1; i < n; i++)
		cp = cp << 6 | (s[i] & 0x3F);
	return cp;
}

static bool is_unpublishable(unsigned cp)
{
	return (cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') ||
	       (cp >= 0x7F && cp <= 0x9F) || (cp >= 0xFDD0 && cp <= 0xFDEF) ||
	       (cp & 0xFFFE) == 0xFFFE;
}

/* Whether none of the eight bytes of `w` is below 0x20, 0x7F or above:
 * printable ASCII, all of them. */
static bool all_printable_ascii(uint64_t w)
{
	const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
	uint64_t below_20 = (w - 0x20 * ones) & ~w & highs; /* a byte under 0x20 */
	uint64_t x = w ^ (0x7F * ones);
	uint64_t is_7f = (x - ones) & ~x & highs;           /* a byte of 0x7F */
	return !((w & highs) | below_20 | is_7f);
}

/* Whether the three bytes at u are a character led by E1-EF but ED (CJK,
 * its punctuation and full-width forms) that is valid (its two other bytes
 * continuations) and publishable: never a control character (those are
 * under U+00A0) nor, but for EF B7 (U+FDC0-FDFF) and EF BF (U+FFC0-FFFF),
 * a noncharacter. */
static inline bool is_plain_wide(const unsigned char *u)
{
	return u[0] >= 0xE1 && u[0] != 0xED && u[0] <= 0xEF && (u[1] & 0xC0) == 0x80 &&
	       (u[2] & 0xC0) == 0x80 && (u[0] != 0xEF || (u[1] != 0xB7 && u[1] != 0xBF));
}

const char *text_find_unpublishable(const char *s, size_t len, unsigned *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < len;) {
		if (u[i] < 0x80) {
			/* the common cases: printable ASCII eight bytes at a
			 * time, else a byte at a time */
			uint64_t w;
			if (i + 8 <= len && (memcpy(&w, u + i, 8), all_printable_ascii(w))) {
				i += 8;
				continue;
			}
			if ((u[i] >= 0x20 && u[i] < 0x7F) || u[i] == '\n' || u[i] == '\t' ||
			    u[i] == '\r') {
				i++;
				continue;
			}
		} else if (len - i >= 3 && is_plain_wide(u + i)) {
			/* CJK: a run of such characters, none decoded */
			do
				i += 3;
			while (len - i >= 3 && is_plain_wide(u + i));
			continue;
		}
		size_t n = u[i] < 0x80 ? 1 : text_utf8_sequence(u + i, len - i);
		if (!n)
			n = 1; /* not UTF-8: the UTF-8 check reports it */
		unsigned c = n == 1 ? u[i] : utf8_decode(u + i, n);
		if (is_unpublishable(c)) {
			*cp = c;
			return s + i;
		}
		i += n;
	}
	return NULL;
}

const char *text_unpublishable_kind(unsigned cp)
{
	return cp < 0xA0 ? "control character" : "noncharacter";
}

size_t text_utf8_check(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	while (i < len) {
		/* ASCII fast path: eight bytes at a time while none has its high
		 * bit set or is NUL */
		while (i + 8 <= len) {
			uint64_t w;
			memcpy(&w, u + i, 8);
			if ((w & 0x8080808080808080u) ||
			    ((w - 0x0101010101010101u) & ~w & 0x8080808080808080u))
				break;
			i += 8;
		}
		if (i >= len)
			break;
		if (u[i] >= 0x01 && u[i] < 0x80) {
			i++;
			continue;
		}
		/* the common Chinese case: three-byte characters that are neither
		 * overlong (E0 80..9F) nor surrogates (ED A0..BF), a run of them
		 * in a loop of its own */
		if (i + 3 <= len && u[i] > 0xE0 && u[i] < 0xF0 && u[i] != 0xED &&
		    (u[i + 1] & 0xC0) == 0x80 && (u[i + 2] & 0xC0) == 0x80) {
			do
				i += 3;
			while (i + 3 <= len && u[i] > 0xE0 && u[i] < 0xF0 && u[i] != 0xED &&
			       (u[i + 1] & 0xC0) == 0x80 && (u[i + 2] & 0xC0) == 0x80);
			continue;
		}
		size_t n = text_utf8_sequence(u + i, len - i);
		if (!n)
			return i;
		i += n;
	}
	return len;
}

/* ---- words, and the one pass an article's file takes ---- */

/* Words of 8 bytes at once ("SWAR"), little-endian: byte 0 is the lowest.
 * In each byte's top bit: */
/* ... bytes >= k, for bytes below 0x80 (no carry into the next byte) */
#define BYTES_AT_LEAST(x, k) (((x) + BYTES_ONES * (0x80 - (k))) & BYTES_HIGH)

/* Top bits of the ASCII letters and digits in `x`. */
static uint64_t alnum_bytes(uint64_t x)
{
	uint64_t letters;
	return bytes_alnum8(x, &letters);
}

/* Top bits of the lead bytes of 3- and 4-byte UTF-8 sequences (>= 0xE0). */
static uint64_t wide_bytes(uint64_t x)
{
	return x & x << 1 & x << 2 & BYTES_HIGH;
}

/* How many top bits are set. */
static size_t count_high(uint64_t bits)
{
	return (size_t)(((bits >> 7) * BYTES_ONES) >> 56);
}

size_t text_count_words(const char *s, size_t len)
{
	/* a word starts where a letter or digit follows any other byte; a CJK
	 * character (its lead byte) reads like a word of its own */
	const unsigned char *p = (const unsigned char *)s;
	size_t words = 0, i = 0;
	uint64_t prev = 0; /* the top bit: the byte before was alphanumeric */
	for (; i + 8 <= len; i += 8) {
		uint64_t x;
		memcpy(&x, p + i, 8);
		uint64_t alnum = alnum_bytes(x);
		words += count_high(alnum & ~(alnum << 8 | prev)) +
			 count_high(wide_bytes(x));
		prev = alnum >> 56;
	}
	for (; i < len; i++) {
		uint64_t x = p[i], alnum = alnum_bytes(x);
		words += count_high(alnum & ~prev) + count_high(wide_bytes(x));
		prev = alnum;
	}
	return words;
}

/* Top bits of the bytes of `x` (all ASCII) equal to `c`. */
static uint64_t bytes_equal(uint64_t x, unsigned char c)
{
	return ~((x ^ BYTES_ONES * c) + BYTES_ONES * 0x7F) & BYTES_HIGH;
}

/* Top bits of the letters and digits among eight ASCII bytes none of which
 * is a control character but tab, LF and CR (ascii_publishable): with
 * 0x20 set, letters are a-z, and digits the only bytes in 0x30-0x39
 * (0x10-0x19 being controls), so one form serves both. */
static uint64_t clean_alnum_bytes(uint64_t x)
{
	uint64_t lower = x | BYTES_ONES * 0x20;
	return (BYTES_AT_LEAST(lower, 'a') & ~BYTES_AT_LEAST(lower, 'z' + 1)) |
	       (BYTES_AT_LEAST(lower, '0') & ~BYTES_AT_LEAST(lower, '9' + 1));
}

/* Whether the eight ASCII bytes of `x` may all be published: none is a
 * control character but tab, LF and CR, nor DEL. */
static bool ascii_publishable(uint64_t x)
{
	uint64_t controls = (~(x + BYTES_ONES * 0x60) | (x + BYTES_ONES)) & BYTES_HIGH; /* < 0x20, 0x7F */
	if (!controls)
		return true;
	return !(controls & ~(bytes_equal(x, '\n') | bytes_equal(x, '\t') |
			      bytes_equal(x, '\r')));
}

/* For the scan a byte at a time: ASCII bytes that may be published (bit
 * 0) and letters and digits (bit 1); the lead bytes of the three-byte
 * characters that cannot be overlong, surrogates or controls (bit 2: E1
 * to EC, EE; EF too, whose noncharacters are checked apart). */
enum { SCAN_PLAIN = 1, SCAN_ALNUM = 2, SCAN_WIDE = 4 };
static const unsigned char scan_class[256] = {
	[0x09] = 1, [0x0A] = 1, [0x0D] = 1,
	[0x20] = 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	[0x30] = 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1,
	[0x40] = 1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	[0x50] = 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1,
	[0x60] = 1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	[0x70] = 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 0,
	[0xE1] = 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, [0xEE] = 4, 4,
};

#ifdef BYTES_SSE2
/* Whether the 16 bytes at u start with five plain three-byte characters
 * (what skip_wide_run takes one at a time): leads E1 to EF but ED at 0, 3,
 * 6, 9 and 12, no EF B7 or EF BF (noncharacters), continuation bytes
 * between them. A Chinese text is mostly such runs. */
static bool wide5(const unsigned char *u)
{
	__m128i x = _mm_loadu_si128((const __m128i *)u);
	__m128i from_e1 = _mm_sub_epi8(x, _mm_set1_epi8((char)0xE1));
	__m128i lead = _mm_andnot_si128(
		_mm_cmpeq_epi8(x, _mm_set1_epi8((char)0xED)),
		_mm_cmpeq_epi8(_mm_min_epu8(from_e1, _mm_set1_epi8(0x0E)), from_e1));
	__m128i next = _mm_srli_si128(x, 1); /* each byte's next in its place */
	__m128i nonchar = _mm_and_si128(
		_mm_cmpeq_epi8(x, _mm_set1_epi8((char)0xEF)),
		_mm_cmpeq_epi8(_mm_and_si128(next, _mm_set1_epi8((char)0xF7)),
			       _mm_set1_epi8((char)0xB7)));
	__m128i cont = _mm_cmpeq_epi8(_mm_and_si128(x, _mm_set1_epi8((char)0xC0)),
				      _mm_set1_epi8((char)0x80));
	unsigned leads = (unsigned)_mm_movemask_epi8(_mm_andnot_si128(nonchar, lead));
	unsigned conts = (unsigned)_mm_movemask_epi8(cont);
	return (leads & 0x1249) == 0x1249 && (conts & 0x6DB6) == 0x6DB6;
}
#endif

/* The run of plain three-byte characters (scan_class) at u[*i], skipped;
 * returns how many. Each is read as one little-endian word of four bytes
 * (the character and the next byte), so the last one of the text is left
 * to the caller. */
static size_t skip_wide_run(const unsigned char *u, size_t len, size_t *i)
{
	size_t at = *i;
	for (uint32_t w; len - at >= 4; at += 3) {
#ifdef BYTES_SSE2
		if (len - at >= 16 && wide5(u + at)) {
			at += 12; /* and 3 more */
			continue;
		}
#endif
		memcpy(&w, u + at, 4);
		if (!(scan_class[w & 0xFF] & SCAN_WIDE) || (w & 0xC0C000) != 0x808000)
			break;
		/* EF B7 xx (U+FDC0-FDFF) and EF BF xx (U+FFC0-FFFF) hold
		 * noncharacters: decoded by the caller */
		if ((w & 0xF7FF) == 0xB7EF)
			break;
	}
	size_t n = (at - *i) / 3;
	*i = at;
	return n;
}

#ifdef BYTES_SSE2
/* text_scan_publishable's ASCII sixteen bytes at a time, from u[i]: while
 * they are all ASCII that may be published, their words are counted into
 * *n (a word starts at a letter or digit after any other byte; *prev's
 * top bit: the byte before i was one); where it stops. */
static size_t scan_ascii16(const unsigned char *u, size_t len, size_t i, size_t *n,
			   uint64_t *prev)
{
	__m128i before = _mm_cvtsi32_si128(*prev ? 0xFF : 0);
	for (; len - i >= 16; i += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(u + i));
		/* printable or a line's end (signed compares: a byte that is not
		 * ASCII is below both bounds); else (a tab, a CR, a control, not
		 * ASCII) told eight or one at a time */
		__m128i plain = _mm_or_si128(
			_mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8(0x1F)),
				      _mm_cmplt_epi8(x, _mm_set1_epi8(0x7F))),
			_mm_cmpeq_epi8(x, _mm_set1_epi8('\n')));
		if (_mm_movemask_epi8(plain) != 0xFFFF)
			break;
		__m128i letters, alnum = bytes_alnum16(x, &letters);
		/* the starts: letters and digits after another byte, counted
		 * by summing their bytes of 1 */
		__m128i starts = _mm_andnot_si128(_mm_or_si128(_mm_slli_si128(alnum, 1), before),
						  alnum);
		__m128i sums = _mm_sad_epu8(_mm_and_si128(starts, _mm_set1_epi8(1)),
					    _mm_setzero_si128());
		*n += (size_t)_mm_cvtsi128_si32(sums) + (size_t)_mm_extract_epi16(sums, 4);
		before = _mm_srli_si128(alnum, 15);
	}
	*prev = (uint64_t)(_mm_cvtsi128_si32(before) & 0x80);
	return i;
}
#endif

bool text_scan_publishable(const char *s, size_t len, size_t *words)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, n = 0;
	uint64_t prev = 0; /* the top bit: the byte before was alphanumeric */
	while (i < len) {
#ifdef BYTES_SSE2
		/* (entered for a run of ASCII long enough: a Chinese text's
		 * short ones are not worth its setting up) */
		if (len - i >= 16 && !((bytes_le64(u + i) | bytes_le64(u + i + 8)) & BYTES_HIGH))
			i = scan_ascii16(u, len, i, &n, &prev);
#endif
		/* ASCII eight bytes at a time: checked, and its words counted
		 * as text_count_words counts them */
		for (uint64_t x; len - i >= 8 && (memcpy(&x, u + i, 8), !(x & BYTES_HIGH)) &&
				 ascii_publishable(x);
		     i += 8) {
			uint64_t alnum = clean_alnum_bytes(x);
			n += count_high(alnum & ~(alnum << 8 | prev));
			prev = alnum >> 56;
		}
		if (i >= len)
			break;
		unsigned char c = u[i], cls = scan_class[c];
		if (c < 0x80) {
			if (!(cls & SCAN_PLAIN))
				return false;
			uint64_t alnum = cls & SCAN_ALNUM ? 0x80 : 0;
			n += (alnum & ~prev) != 0;
			prev = alnum;
			i++;
			continue;
		}
		prev = 0;
		if (cls & SCAN_WIDE) {
			size_t run = skip_wide_run(u, len, &i);
			n += run; /* each a word */
			if (run)
				continue;
		}
		size_t k = text_utf8_sequence(u + i, len - i);
		if (!k || is_unpublishable(utf8_decode(u + i, k)))
			return false;
		n += c >= 0xE0;
		i += k;
	}
	*words = n;
	return true;
}

size_t text_utf8_prefix(const char *s, size_t len, size_t chars)
{
	size_t i = 0;
	for (; i < len && chars; chars--) {
		size_t n = text_utf8_sequence((const unsigned char *)s + i, len - i);
		i += n ? n : 1;
	}
	return i;
}

/* The bytes that are not continuations (10xxxxxx), sixteen at a time with
 * SSE2 (a signed byte above -65 is one: 0x00-0x7F and 0xC0-0xFF), each a
 * 1 summed by _mm_sad_epu8; the column of a shortcode on a paragraph's
 * long line counts hundreds of them. */
size_t text_utf8_length(const char *s, size_t len)
{
	size_t n = 0, i = 0;
#ifdef BYTES_SSE2
	for (; len - i >= 16; i += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(s + i));
		__m128i lead = _mm_cmpgt_epi8(x, _mm_set1_epi8(-65));
		__m128i sums = _mm_sad_epu8(_mm_and_si128(lead, _mm_set1_epi8(1)),
					    _mm_setzero_si128());
		n += (size_t)_mm_cvtsi128_si32(sums) + (size_t)_mm_extract_epi16(sums, 4);
	}
#endif
	for (; i < len; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			n++;
	return n;
}

/* The code point of the UTF-8 sequence at p (0 for a bad one). */
static unsigned utf8_at(const unsigned char *p)
{
	if (p[0] < 0x80)
		return p[0];
	if ((p[0] & 0xE0) == 0xC0 && (p[1] & 0xC0) == 0x80)
		return (p[0] & 0x1Fu) << 6 | (p[1] & 0x3Fu);
	if ((p[0] & 0xF0) == 0xE0 && (p[1] & 0xC0) == 0x80 && (p[2] & 0xC0) == 0x80)
		return (p[0] & 0x0Fu) << 12 | (p[1] & 0x3Fu) << 6 | (p[2] & 0x3Fu);
	return 0;
}

bool text_is_han(unsigned cp)
{
	return (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0x4E00 && cp <= 0x9FFF) ||
	       (cp >= 0xF900 && cp <= 0xFAFF);
}

/* A Latin letter, a digit, or a sign that belongs to a number ($5, 5%). */
static bool is_latin(unsigned cp, bool after_han)
{
	return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') ||
	       (cp >= '0' && cp <= '9') || cp == (after_han ? '$' : '%');
}

/* The code point of the last character of the UTF-8 text s[0..len)
 * (0: none). */
static unsigned last_char(const char *s, size_t len)
{
	if (!len)
		return 0;
	size_t i = len - 1;
	while (i > 0 && ((unsigned char)s[i] & 0xC0) == 0x80)
		i--;
	return utf8_at((const unsigned char *)s + i);
}

size_t text_len_without_stop(const char *s)
{
	size_t len = strlen(s);
	if (len >= 1 && s[len - 1] == '.' && !(len >= 2 && s[len - 2] == '.'))
		return len - 1; /* an ellipsis ("...") stays whole */
	if (len >= 3 && memcmp(s + len - 3, "\xe3\x80\x82", 3) == 0) /* 。 */
		return len - 3;
	return len;
}

/* Punctuation only Chinese text uses: the CJK symbols and punctuation
 * block ("。", "、") and the full-width forms ("，", "（", "："). */
static bool is_fullwidth_punct(unsigned cp)
{
	return (cp >= 0x3000 && cp <= 0x303f) || (cp >= 0xff01 && cp <= 0xff60);
}

/* A Chinese character or punctuation Chinese text uses, the curly quotes,
 * ellipsis and dash included (which English uses too: they count only
 * beside another wide character). */
static bool is_wide(unsigned cp)
{
	return text_is_han(cp) || is_fullwidth_punct(cp) || cp == 0x201c ||
	       cp == 0x201d || cp == 0x2018 || cp == 0x2019 || cp == 0x2026 ||
	       cp == 0x2014;
}

/* Whether the characters meeting at `before`'s end and `after`'s start
 * are both ASCII (a byte below 0x80 is a character whole): then neither is
 * wide, Chinese or full-width, and the two below need not decode them
 * (UI strings filled with English words and numbers, thousands a build). */
static bool ascii_meets_ascii(const char *before, size_t len, const char *after)
{
	return (((unsigned char)before[len - 1] | (unsigned char)after[0]) & 0x80) == 0;
}

bool text_no_space_between(const char *before, size_t len, const char *after)
{
	if (!len || !*after || ascii_meets_ascii(before, len, after))
		return false;
	unsigned b = last_char(before, len);
	unsigned a = utf8_at((const unsigned char *)after);
	return (is_wide(b) && is_wide(a)) || is_fullwidth_punct(b) ||
	       is_fullwidth_punct(a);
}

bool text_ends_in_fullwidth_punct(const char *s, size_t len)
{
	return len && is_fullwidth_punct(last_char(s, len));
}

bool text_needs_space(const char *before, size_t len, const char *after)
{
	if (!len || !*after || ascii_meets_ascii(before, len, after))
		return false;
	unsigned b = last_char(before, len);
	unsigned a = utf8_at((const unsigned char *)after);
	return (text_is_han(b) && is_latin(a, true)) ||
	       (is_latin(b, false) && text_is_han(a));
}

const char *text_tag_problem(const char *tag)
{
	if (!*tag)
		return "is empty";
	if (tag[0] == '.')
		return "starts with a dot";
	if (text_utf8_check(tag, strlen(tag)) != strlen(tag))
		return "is not valid UTF-8";
	for (const unsigned char *p = (const unsigned char *)tag; *p; p++)
		if (*p < 0x20 || *p == 0x7F || strchr("/\\?#%&\"'<>:*|", *p))
			return "holds a character that cannot be in a URL (/ \\ ? # % & \" ' < > : * |)";
	return NULL;
}

void text_tag_path(struct buf *out, const char *tag)
{
	bool space = false;
	for (const char *p = tag; *p; p++) {
		if (*p == ' ' || *p == '\t') {
			space = true;
			continue;
		}
		if (space && out->len)
			buf_addc(out, '-');
		space = false;
		buf_addc(out, *p >= 'A' && *p <= 'Z' ? (char)(*p - 'A' + 'a') : *p);
	}
}

void text_add_upper(struct buf *out, const char *s)
{
	for (const char *p = s; *p; p++)
		buf_addc(out, *p >= 'a' && *p <= 'z' ? (char)(*p - 'a' + 'A') : *p);
}

void text_uri_encode(struct buf *out, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		const unsigned char *run = p; /* copied as it is, at once */
		while (*p < 0x80 && *p > 0x20 && *p != '%')
			p++;
		buf_add(out, run, (size_t)(p - run));
		if (!*p)
			break;
		char esc[3] = { '%', hex[*p >> 4], hex[*p & 15] };
		buf_add(out, esc, 3);
	}
}

bool text_is_slug(const char *s)
{
	if (!*s)
		return false;
	bool prev_hyphen = true; /* no leading hyphen */
	for (; *s; s++) {
		if (*s == '-') {
			if (prev_hyphen)
				return false;
			prev_hyphen = true;
		} else if ((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')) {
			prev_hyphen = false;
		} else {
			return false;
		}
	}
	return !prev_hyphen;
}

void text_heading_id(struct buf *out, const char *s, size_t len)
{
	size_t start = out->len;
	bool pending_hyphen = false;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x80 || isalnum(c)) {
			if (pending_hyphen && out->len > start)
				buf_addc(out, '-');
			pending_hyphen = false;
			buf_addc(out, c < 0x80 ? (char)tolower(c) : (char)c);
		} else {
			pending_hyphen = true;
		}
	}
	if (out->len == start)
		buf_adds(out, "section");
}

/* ---- HTML ---- */

/* The 0x80 bit of each byte of x that HTML escapes: '"' (0x22), '&'
 * (0x26), '<' (0x3C), '>' (0x3E) and, with `apos`, '\'' (0x27). x | 0x04
 * is 0x26 for the first two alone, x | 0x02 is 0x3E for the next two; a
 * zero byte of each difference is found by the borrow trick, whose lowest
 * flag is always right (a false one can stand only above a true one of
 * the same test), so the lowest flag of them all is too. */
static inline uint64_t markup_bytes(uint64_t x, bool apos)
{
	uint64_t a = (x | BYTES_ONES * 0x04) ^ BYTES_ONES * 0x26;
	uint64_t b = (x | BYTES_ONES * 0x02) ^ BYTES_ONES * 0x3E;
	uint64_t hit = ((a - BYTES_ONES) & ~a) | ((b - BYTES_ONES) & ~b);
	if (apos) {
		uint64_t c = x ^ BYTES_ONES * 0x27;
		hit |= (c - BYTES_ONES) & ~c;
	}
	return hit & BYTES_HIGH;
}

#ifdef BYTES_SSE2
static inline unsigned markup_mask16(__m128i x, bool apos)
{
	__m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')),
						_mm_cmpeq_epi8(x, _mm_set1_epi8('&'))),
				   _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('<')),
						_mm_cmpeq_epi8(x, _mm_set1_epi8('>'))));
	if (apos)
		hit = _mm_or_si128(hit, _mm_cmpeq_epi8(x, _mm_set1_epi8('\'')));
	return (unsigned)_mm_movemask_epi8(hit);
}
#endif

/* The entity of a byte HTML escapes (and its length), or NULL. */
static inline const char *markup_entity(char c, bool apos, size_t *n)
{
	switch (c) {
	case '"': *n = 6; return "&quot;";
	case '&': *n = 5; return "&amp;";
	case '<': *n = 4; return "&lt;";
	case '>': *n = 4; return "&gt;";
	case '\'': *n = 5; return apos ? "&#39;" : NULL;
	default: return NULL;
	}
}

/* The last r (1 to 7) bytes of s[0..len), at len - r, in the low bytes
 * of a word (zeros above), read without a byte past len: one load that
 * ends at len when the text has 8 bytes, else two that overlap, or three
 * single bytes. */
static inline uint64_t tail_word(const char *s, size_t len, size_t r)
{
	const unsigned char *u = (const unsigned char *)s + len - r;
	if (len >= 8)
		return bytes_le64(s + len - 8) >> (8 * (8 - r));
	if (r >= 4) {
		uint32_t lo, hi;
		memcpy(&lo, u, 4);
		memcpy(&hi, u + r - 4, 4);
		return lo | (uint64_t)hi << (8 * (r - 4));
	}
	return u[0] | (uint64_t)u[r / 2] << (8 * (r / 2)) | (uint64_t)u[r - 1] << (8 * (r - 1));
}

/* Sixteen bytes (with SSE2) or eight tested and stored at a time
 * straight into the room made for them (the bytes past a markup byte are
 * overwritten next), and the last few as one word (tail_word): most of a
 * template's values are shorter than eight bytes. A flag markup_bytes
 * raises for another byte only costs that byte's copy. Inlined into each
 * of its two callers, `apos` a constant there. */
__attribute__((always_inline))
static inline void escape_markup(struct buf *out, const char *s, size_t len, bool apos)
{
	if (out->cap - out->len < len + 17) /* the bytes, 16 more and the NUL */
		buf_grow(out, len + 16);
	char *o = out->ptr + out->len;
	size_t i = 0;
	while (i < len) {
		size_t k, left = len - i;
#ifdef BYTES_SSE2
		if (left >= 16) {
			__m128i x = _mm_loadu_si128((const __m128i *)(s + i));
			unsigned mask = markup_mask16(x, apos);
			_mm_storeu_si128((__m128i *)o, x);
			k = mask ? (size_t)__builtin_ctz(mask) : 16;
		} else
#endif
		{
			uint64_t x = left >= 8 ? bytes_le64(s + i) : tail_word(s, len, left);
			uint64_t hit = markup_bytes(x, apos);
			bytes_put_le64(o, x);
			k = hit ? (size_t)__builtin_ctzll(hit) / 8 : 8;
			if (k > left)
				k = left;
		}
		o += k;
		i += k;
		if (k == 16 || k == 8 || i == len)
			continue; /* no markup byte in them */
		size_t n;
		const char *ent = markup_entity(s[i], apos, &n);
		if (!ent) {
			*o++ = s[i++];
			continue;
		}
		out->len = (size_t)(o - out->ptr);
		buf_grow(out, n + (len - i) + 16);
		o = out->ptr + out->len;
		memcpy(o, ent, n);
		o += n;
		i++;
	}
	out->len = (size_t)(o - out->ptr);
	out->ptr[out->len] = '\0';
}

void text_escape_html(struct buf *out, const char *s, size_t len)
{
	escape_markup(out, s, len, true);
}

void text_escape_html_cmark(struct buf *out, const char *s, size_t len)
{
	escape_markup(out, s, len, false);
}

/* What text_escape_html_nul escapes (a NUL byte stops strcspn too). */
static const char html_specials[] = "&<>\"'";

bool text_html_is_plain(const char *s, size_t len)
{
	return strcspn(s, html_specials) >= len;
}

void text_escape_html_nul(struct buf *out, const char *s, size_t len)
{
	const char *end = s + len;
	while (s < end) {
		size_t run = strcspn(s, html_specials);
		buf_add(out, s, run);
		s += run;
		if (s == end)
			break;
		size_t n;
		const char *ent = markup_entity(*s, true, &n);
		if (ent)
			buf_add(out, ent, n);
		else
			buf_addc(out, *s); /* a NUL byte before len */
		s++;
	}
}

void text_escape_htmls(struct buf *out, const char *s)
{
	text_escape_html_nul(out, s, strlen(s));
}

/* ---- XML (SVG, the sitemap) ---- */

/* The bytes that are copied as they are: printable ASCII other than the
 * markup characters; bit 0 in text, bit 1 in attribute values (where '"'
 * is escaped too). A table: every byte of a chart's text passes here. */
static const unsigned char xml_plain[256] = {
	/* 0x00 - 0x1f: control characters */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	/* 0x20 - 0x2f: '"' (0x22) is plain in text only, '&' (0x26) never */
	3, 3, 1, 3, 3, 3, 0, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	/* 0x30 - 0x3f: '<' (0x3c) and '>' (0x3e) never */
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 0, 3, 0, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	/* 0x70 - 0x7f: DEL (0x7f) is a control character */
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 0,
	/* 0x80 - 0xff: UTF-8, checked by xml_escape_char */
};

/* True for the bytes that are copied as they are (see xml_plain). */
static bool xml_byte_is_plain(unsigned char c, bool in_attr)
{
	return xml_plain[c] & (in_attr ? 2 : 1);
}

/* A character that may not appear in the output as it is: invalid or
 * overlong UTF-8, a surrogate, beyond U+10FFFF, or U+FFFE/U+FFFF. */
static bool xml_char_is_bad(uint32_t c, size_t len)
{
	static const uint32_t shortest[5] = { 0, 0, 0x80, 0x800, 0x10000 };
	return c == UINT32_MAX || c < shortest[len] ||
	       (c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF || c == 0xFFFE ||
	       c == 0xFFFF;
}

/* Escape one non-plain character at s and return its length. Text escapes
 * & < > as xmlNodeDump did; attribute values also '"' and tab, newline and
 * carriage return as character references (which keeps them through
 * attribute value normalization). Bad UTF-8 becomes U+FFFD and other
 * control characters a space, so the output stays well-formed XML
 * whatever the caller passes. */
static size_t xml_escape_char(struct buf *out, const char *s, bool in_attr)
{
	size_t len;
	uint32_t c = text_utf8_decode(s, &len);
	if (xml_char_is_bad(c, len)) {
		buf_add(out, "\xEF\xBF\xBD", 3);
	} else if (c == '&') {
		buf_add(out, "&amp;", 5);
	} else if (c == '<') {
		buf_add(out, "&lt;", 4);
	} else if (c == '>') {
		buf_add(out, "&gt;", 4);
	} else if (in_attr && c == '"') {
		buf_add(out, "&quot;", 6);
	} else if (in_attr && c == '\t') {
		buf_add(out, "&#9;", 4);
	} else if (in_attr && c == '\n') {
		buf_add(out, "&#10;", 5);
	} else if (in_attr && c == '\r') {
		buf_add(out, "&#13;", 5);
	} else if (c < 0x20 || c == 0x7F) {
		buf_addc(out, ' ');
	} else {
		buf_add(out, s, len);
	}
	return len;
}

void text_escape_xml(struct buf *out, const char *s, bool in_attr)
{
	while (*s) {
		const char *run = s;
		while (xml_byte_is_plain((unsigned char)*s, in_attr))
			s++;
		buf_add(out, run, (size_t)(s - run));
		if (*s)
			s += xml_escape_char(out, s, in_attr);
	}
}

/* The bytes a JSON string escapes: controls, the quote and the backslash,
 * and < > & (so that no "</script>" or entity closes an inline script). */
static inline bool json_escaped(unsigned char c)
{
	return c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&';
}

/* Whether any of the 8 bytes of x is escaped: below 0x20, '"' or '&' (x | 4 is
 * 0x26), '<' or '>' (x | 2 is 0x3E) or '\\'. (y - k...) & ~y & 0x80... is 0 only
 * when no byte of y is below k; ~x leaves out bytes of 0x80 up (never escaped). */
#define JSON_ONES 0x0101010101010101u
static inline bool json_any_escaped(uint64_t x)
{
	return (((x - JSON_ONES * 0x20) | (((x | JSON_ONES * 4) ^ JSON_ONES * 0x26) - JSON_ONES) |
		 (((x | JSON_ONES * 2) ^ JSON_ONES * 0x3E) - JSON_ONES) |
		 ((x ^ JSON_ONES * '\\') - JSON_ONES)) & ~x & JSON_ONES * 0x80) != 0;
}

#ifdef BYTES_SSE2
/* The same of the 16 bytes at p. */
static inline bool json_any_escaped16(const char *p)
{
	__m128i x = _mm_loadu_si128((const __m128i *)p);
	__m128i low = bytes_control16(x);
	__m128i quote = _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')),
				     _mm_cmpeq_epi8(x, _mm_set1_epi8('\\')));
	__m128i markup = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('<')),
						   _mm_cmpeq_epi8(x, _mm_set1_epi8('>'))),
				      _mm_cmpeq_epi8(x, _mm_set1_epi8('&')));
	return _mm_movemask_epi8(_mm_or_si128(low, _mm_or_si128(quote, markup))) != 0;
}
#endif

void text_escape_json(struct buf *out, const char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	buf_addc(out, '"');
	size_t run = 0; /* start of the bytes copied as they are */
	for (size_t i = 0; i < len; i++) {
		uint64_t x; /* most text needs no escape: passed 16 (SSE2) or 8 bytes at a time */
#ifdef BYTES_SSE2
		while (len - i >= 16 && !json_any_escaped16(s + i))
			i += 16;
#endif
		while (len - i >= 8 && (memcpy(&x, s + i, 8), !json_any_escaped(x)))
			i += 8;
		if (i >= len)
			break;
		unsigned char c = (unsigned char)s[i];
		if (!json_escaped(c))
			continue;
		buf_add(out, s + run, i - run);
		run = i + 1;
		/* \" \\ \n \t, or \u00XX */
		char u[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
		bool two = c == '"' || c == '\\' || c == '\n' || c == '\t';
		if (two)
			u[1] = c == '\n' ? 'n' : c == '\t' ? 't' : (char)c;
		buf_add(out, u, two ? 2 : sizeof u);
	}
	buf_add(out, s + run, len - run);
	buf_addc(out, '"');
}

void text_escape_jsons(struct buf *out, const char *s)
{
	text_escape_json(out, s, strlen(s));
}

bool text_url_is_safe(const char *url)
{
	/* "//host/x" (and "/\\host", "\\host", which browsers read so) is not
	 * relative: it leads to another host with the page's scheme */
	if ((url[0] == '/' || url[0] == '\\') && (url[1] == '/' || url[1] == '\\'))
		return false;
	if (url[0] == '\\')
		return false;
	size_t i = 0;
	for (; url[i]; i++) {
		unsigned char c = (unsigned char)url[i];
		if (c == ':')
			break;
		if (c == '/' || c == '?' || c == '#')
			return true; /* a relative reference: no scheme */
		if (c <= 0x20 || c == 0x7F)
			return false;
	}
	if (!url[i])
		return true;
	size_t n = i;
	return (n == 4 && !strncasecmp(url, "http", 4)) ||
	       (n == 5 && !strncasecmp(url, "https", 5)) ||
	       (n == 6 && !strncasecmp(url, "mailto", 6));
}

/* ---- decoding ---- */

uint32_t text_utf8_decode(const char *s, size_t *len)
{
	const unsigned char *u = (const unsigned char *)s;
	uint32_t cp;
	size_t n;
	if (u[0] < 0x80) {
		*len = 1;
		return u[0];
	} else if ((u[0] & 0xE0) == 0xC0) {
		cp = u[0] & 0x1F;
		n = 2;
	} else if ((u[0] & 0xF0) == 0xE0) {
		cp = u[0] & 0x0F;
		n = 3;
	} else if ((u[0] & 0xF8) == 0xF0) {
		cp = u[0] & 0x07;
		n = 4;
	} else {
		*len = 1;
		return UINT32_MAX;
	}
	for (size_t i = 1; i < n; i++) {
		if ((u[i] & 0xC0) != 0x80) {
			*len = 1;
			return UINT32_MAX;
		}
		cp = (cp << 6) | (u[i] & 0x3F);
	}
	*len = n;
	return cp;
}

int text_compare_strings(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}
