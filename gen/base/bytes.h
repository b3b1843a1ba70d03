/* bytes: what the hot loops over bytes share: whether they read 16 bytes
 * at a time (BYTES_SSE2), the constants of 8 at a time, the short copy (a
 * context's fields in digest.c, a token in search.c: mostly a few bytes,
 * for which a call to memcpy costs more than the copy), a little-endian
 * word and a rotation (the hashes of digest.c and siphash.c).
 */
#ifndef GPUGUIDE_BYTES_H
#define GPUGUIDE_BYTES_H

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

/* `x` rotated left by `r` bits (0 < r < 64). */
static inline uint64_t bytes_rotl64(uint64_t x, int r)
{
	return x << r | x >> (64 - r);
}

#endif
