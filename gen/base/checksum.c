/* checksum: a fast fingerprint against damage (see checksum.h). */
#include "base/checksum.h"

#include <stdint.h>
#include <string.h>

/* xxHash's 64-bit primes and round; its final mix (avalanche) per lane. */
#define P1 0x9E3779B185EBCA87u
#define P2 0xC2B2AE3D27D4EB4Fu
#define P3 0x165667B19E3779F9u
#define P4 0x85EBCA77C2B2AE63u

static uint64_t rotl(uint64_t x, int r)
{
	return (x << r) | (x >> (64 - r));
}

/* Bijective in `input` for a given `acc` and in `acc` for a given input. */
static uint64_t round64(uint64_t acc, uint64_t input)
{
	return rotl(acc + input * P2, 31) * P1;
}

static uint64_t avalanche(uint64_t h)
{
	h ^= h >> 33;
	h *= P2;
	h ^= h >> 29;
	h *= P3;
	h ^= h >> 32;
	return h;
}

static uint64_t load64(const unsigned char *p)
{
	uint64_t w;
	memcpy(&w, p, 8);
	return w;
}

struct digest_value checksum_bytes(const void *data, size_t len)
{
	const unsigned char *p = data;
	/* two lanes, each taking every other word: independent chains */
	uint64_t a = P1 + P2 + (uint64_t)len, b = P2 ^ ((uint64_t)len * P4);
	size_t i = 0;
	for (; i + 16 <= len; i += 16) {
		a = round64(a, load64(p + i));
		b = round64(b, load64(p + i + 8));
	}
	if (i + 8 <= len) {
		a = round64(a, load64(p + i));
		i += 8;
	}
	/* the last 0..7 bytes as one word, its length marked above it */
	uint64_t tail = (uint64_t)(len - i) << 56;
	for (size_t k = 0; i + k < len; k++)
		tail |= (uint64_t)p[i + k] << (8 * k);
	b = round64(b, tail);
	return (struct digest_value){ avalanche(a ^ rotl(b, 27)), avalanche(b + a * P3) };
}
