/* bytes: what the hot loops over bytes share: whether they read 16 bytes
 * at a time (BYTES_SSE2), the constants of 8 at a time, the short copy and
 * comparison (a context's fields in digest.c, a token in search.c, a map's
 * key in value.c: mostly a few bytes, for which a call to memcpy or strcmp
 * costs more than the work), the hash of a table's key, a little-endian
 * word and a rotation (the hashes of digest.c and siphash.c), and the
 * search for a short mark in a long text.
 */
#ifndef GPUGUIDE_BYTES_H
#define GPUGUIDE_BYTES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Where the loops over bytes read 16 at a time: with SSE2, which every
 * x86-64 has (no test at run time); elsewhere, and in a build without it
 * (the portable unit tests), they read 8 at a time (SWAR). */
#if defined(__SSE2__) && defined(__x86_64__)
#define BYTES_SSE2 1
#include <emmintrin.h>
#endif

/* A word of eight bytes of 0x01, and of eight high bits: the constants of
 * every test of eight bytes at once (SWAR). */
#define BYTES_ONES 0x0101010101010101u
#define BYTES_HIGH 0x8080808080808080u

/* The ASCII letters and digits among the 8 bytes of x (little-endian):
 * 0x80 in each such byte's place, 0 elsewhere; its letters alone to
 * *letters. A range test on 7-bit bytes by addition: v + (0x80 - lo) has
 * its high bit set when v is lo or more, and carries into no other byte;
 * bytes of 0x80 and up (not ASCII) are neither. */
static inline uint64_t bytes_alnum8(uint64_t x, uint64_t *letters)
{
	uint64_t v = x & ~BYTES_HIGH;
	uint64_t w = (x | BYTES_ONES * 0x20) & ~BYTES_HIGH; /* letters lowercased */
	uint64_t digit = (v + BYTES_ONES * (0x80 - '0')) & ~(v + BYTES_ONES * (0x7F - '9'));
	uint64_t letter = (w + BYTES_ONES * (0x80 - 'a')) & ~(w + BYTES_ONES * (0x7F - 'z'));
	letter &= ~x & BYTES_HIGH;
	*letters = letter;
	return (digit & ~x & BYTES_HIGH) | letter;
}

#ifdef BYTES_SSE2
/* The same of 16 bytes: 0xFF in each letter's or digit's place; its
 * letters alone to *letters (signed compares: bytes of 0x80 and up are
 * below every bound). */
static inline __m128i bytes_alnum16(__m128i x, __m128i *letters)
{
	__m128i w = _mm_or_si128(x, _mm_set1_epi8(0x20));
	*letters = _mm_and_si128(_mm_cmpgt_epi8(w, _mm_set1_epi8('a' - 1)),
				 _mm_cmplt_epi8(w, _mm_set1_epi8('z' + 1)));
	__m128i digit = _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8('0' - 1)),
				      _mm_cmplt_epi8(x, _mm_set1_epi8('9' + 1)));
	return _mm_or_si128(*letters, digit);
}
#endif

#ifdef BYTES_SSE2
/* 0xFF in the place of each of the 16 bytes of x below 0x20 (a C0
 * control, NUL too), 0 elsewhere (bytes of 0x80 and up are above). */
static inline __m128i bytes_control16(__m128i x)
{
	return _mm_cmpeq_epi8(_mm_max_epu8(x, _mm_set1_epi8(0x1F)), _mm_set1_epi8(0x1F));
}
#endif

/* Copy `n` bytes with fixed-size moves, the last overlapping, never
 * reading past `from + n` nor writing past `to + n`. Any n; meant for a
 * few dozen. */
static inline void bytes_copy_short(void *to, const void *from, size_t n)
{
	unsigned char *t = to;
	const unsigned char *f = from;
	if (n >= 8) {
		for (size_t i = 0; i + 8 < n; i += 8)
			memcpy(t + i, f + i, 8);
		memcpy(t + n - 8, f + n - 8, 8);
	} else if (n >= 4) {
		memcpy(t, f, 4);
		memcpy(t + n - 4, f + n - 4, 4);
	} else {
		for (size_t i = 0; i < n; i++)
			t[i] = f[i];
	}
}

/* The little-endian word at `p`, whatever the host (a cache moved to
 * another machine keeps its meaning): one load on the hosts gen runs on. */
static inline uint64_t bytes_le64(const void *p)
{
	uint64_t v;
	memcpy(&v, p, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}

/* The little-endian 32-bit word at `p`: one load. */
static inline uint32_t bytes_le32(const void *p)
{
	uint32_t v;
	memcpy(&v, p, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap32(v);
#endif
	return v;
}

/* Store `v` as the little-endian word at `p`: one store. */
static inline void bytes_put_le64(void *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	memcpy(p, &v, sizeof v);
}

/* Store `v` as the little-endian 32-bit word at `p`: one store. */
static inline void bytes_put_le32(void *p, uint32_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap32(v);
#endif
	memcpy(p, &v, sizeof v);
}

/* Whether the `n` bytes at `a` and `b` are the same, compared with the
 * moves of bytes_copy_short (never reading past either's `n` bytes). Any
 * n; meant for a few dozen (a map's key, a token's tail). */
static inline bool bytes_equal_short(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;
	if (n >= 8) {
		for (size_t i = 0; i + 8 < n; i += 8)
			if (bytes_le64(x + i) != bytes_le64(y + i))
				return false;
		return bytes_le64(x + n - 8) == bytes_le64(y + n - 8);
	}
	if (n >= 4)
		return bytes_le32(x) == bytes_le32(y) && bytes_le32(x + n - 4) == bytes_le32(y + n - 4);
	for (size_t i = 0; i < n; i++)
		if (x[i] != y[i])
			return false;
	return true;
}

/* A hash of the `n` bytes at `p` for a table's slots (strmap.c, a value
 * map's keys in value.c): a word at a time (a key of fewer than 8 bytes in
 * one word, by overlapping loads), each mixed in by a multiplication; the
 * high half of the last product, its best mixed bits (tables use the low
 * bits of the hash). Not a content hash: it may change between versions. */
static inline uint32_t bytes_hash_short(const void *p, size_t n)
{
	const uint64_t mul = 0x9E3779B97F4A7C15u;
	const unsigned char *s = p;
	uint64_t h = n * mul, w;
	if (n >= 8) {
		for (size_t i = 0; i + 8 < n; i += 8)
			h = (h ^ bytes_le64(s + i)) * mul;
		w = bytes_le64(s + n - 8);
	} else if (n >= 4) {
		w = bytes_le32(s) | (uint64_t)bytes_le32(s + n - 4) << 32;
	} else {
		w = n ? (uint64_t)s[0] | (uint64_t)s[n / 2] << 8 | (uint64_t)s[n - 1] << 16 : 0;
	}
	return (uint32_t)((h ^ w) * mul >> 32);
}

/* The first place of the `n` bytes of `needle` in the `len` bytes at `s`,
 * or NULL (an empty needle at `s`). The passes over an article's body and
 * HTML look for short marks ("{{<", "<h", "<code") in text of thousands of
 * bytes: 32 places a step are tested for the needle's first two bytes at
 * once (SSE2; 8 by SWAR elsewhere), the rest compared only where both
 * stand. strstr, which glibc may serve a byte at a time (it does on some
 * x86-64 machines natively, and not under valgrind), also needs the
 * string's end. */
static inline const char *bytes_find(const char *s, size_t len, const char *needle, size_t n)
{
	if (n < 2 || n > len)
		return n == 1 ? memchr(s, needle[0], len) : n ? NULL : s;
	size_t last = len - n, i = 0; /* the last place it can start */
	const unsigned char a = (unsigned char)needle[0], b = (unsigned char)needle[1];
#ifdef BYTES_SSE2
	/* places i to i + 31, their second bytes to i + 32: all before len;
	 * 32 a step, the two halves' tests joined before the branch */
	const __m128i va = _mm_set1_epi8((char)a), vb = _mm_set1_epi8((char)b);
	for (; i + 31 <= last; i += 32) {
		const __m128i *q = (const __m128i *)(s + i), *r = (const __m128i *)(s + i + 1);
		__m128i lo = _mm_and_si128(_mm_cmpeq_epi8(_mm_loadu_si128(q), va),
					   _mm_cmpeq_epi8(_mm_loadu_si128(r), vb));
		__m128i hi = _mm_and_si128(_mm_cmpeq_epi8(_mm_loadu_si128(q + 1), va),
					   _mm_cmpeq_epi8(_mm_loadu_si128(r + 1), vb));
		if (_mm_movemask_epi8(_mm_or_si128(lo, hi)) == 0)
			continue;
		uint32_t m = (uint32_t)_mm_movemask_epi8(lo) |
			     (uint32_t)_mm_movemask_epi8(hi) << 16;
		for (; m; m &= m - 1) {
			size_t k = i + (size_t)__builtin_ctz(m);
			if (!memcmp(s + k + 2, needle + 2, n - 2))
				return s + k;
		}
	}
#else
	for (; i + 7 <= last; i += 8) {
		uint64_t x = bytes_le64(s + i) ^ BYTES_ONES * a;
		uint64_t y = bytes_le64(s + i + 1) ^ BYTES_ONES * b;
		uint64_t z = x | y; /* 0 in a byte where both stand */
		uint64_t m = (z - BYTES_ONES) & ~z & BYTES_HIGH; /* exact from the lowest */
		for (; m; m &= m - 1) {
			size_t k = i + (size_t)__builtin_ctzll(m) / 8;
			if (s[k] == (char)a && s[k + 1] == (char)b &&
			    !memcmp(s + k + 2, needle + 2, n - 2))
				return s + k;
		}
	}
#endif
	for (; i <= last; i++)
		if ((unsigned char)s[i] == a && (unsigned char)s[i + 1] == b &&
		    !memcmp(s + i + 2, needle + 2, n - 2))
			return s + i;
	return NULL;
}

/* `x` rotated left by `r` bits (0 < r < 64). */
static inline uint64_t bytes_rotl64(uint64_t x, int r)
{
	return x << r | x >> (64 - r);
}

#endif
