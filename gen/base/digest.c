/* digest: a 128-bit fingerprint of bytes (see digest.h). */
#include "base/digest.h"

#include <stdio.h>
#include <string.h>

#define P1 0x9e3779b97f4a7c15u
#define P2 0xc2b2ae3d27d4eb4fu
#define P3 0x165667b19e3779f9u

static inline uint64_t rotl(uint64_t x, unsigned r)
{
	return (x << r) | (x >> (64 - r));
}

static inline uint64_t load64(const unsigned char *p)
{
	/* little-endian on every host, so a digest stored on one machine
	 * means the same on another */
	uint64_t v;
	memcpy(&v, p, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}

/* xxHash's round, the words taken in turn by two lanes: each word costs a
 * multiply, an add, a rotate and a multiply, and the lanes run side by
 * side; the final mix folds them and the count together. */
static inline uint64_t round64(uint64_t v, uint64_t w)
{
	return rotl(v + w * P2, 31) * P1;
}

static inline void mix_word(struct digest *d, uint64_t w)
{
	if (d->words++ & 1)
		d->b = round64(d->b, w);
	else
		d->a = round64(d->a, w);
}

void digest_init(struct digest *d)
{
	memset(d, 0, sizeof *d);
	d->a = P1;
	d->b = P2;
}

void digest_add(struct digest *d, const void *data, size_t len)
{
	const unsigned char *p = data;
	d->len += len;
	if (d->ntail) {
		while (d->ntail < 8 && len) {
			d->tail[d->ntail++] = *p++;
			len--;
		}
		if (d->ntail < 8)
			return;
		mix_word(d, load64(d->tail));
		d->ntail = 0;
	}
	for (; len >= 8; p += 8, len -= 8)
		mix_word(d, load64(p));
	memcpy(d->tail, p, len);
	d->ntail = (unsigned)len;
}

void digest_add_u64(struct digest *d, uint64_t v)
{
	if (d->ntail == 0) { /* the common case: whole words so far */
		d->len += 8;
		mix_word(d, v);
		return;
	}
	unsigned char b[8];
	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	digest_add(d, b, sizeof b);
}

void digest_add_field(struct digest *d, const void *data, size_t len)
{
	if (d->ntail) { /* bytes were added loose: no word boundary to keep */
		digest_add_u64(d, len);
		digest_add(d, data, len);
		return;
	}
	/* the length, the whole words, then the last bytes padded with zeros
	 * to a word (the length tells them apart), so the state stays on a
	 * word boundary and short fields cost a word or two */
	const unsigned char *p = data;
	mix_word(d, len);
	size_t words = len / 8;
	for (size_t i = 0; i < words; i++)
		mix_word(d, load64(p + 8 * i));
	size_t rest = len % 8;
	if (rest) {
		unsigned char last[8] = { 0 };
		memcpy(last, p + 8 * words, rest);
		mix_word(d, load64(last));
	}
	d->len += 8 + 8 * (words + (rest != 0));
}

void digest_add_str(struct digest *d, const char *s)
{
	if (!s) {
		digest_add_u64(d, UINT64_MAX);
		return;
	}
	digest_add_field(d, s, strlen(s));
}

void digest_add_value(struct digest *d, struct digest_value v)
{
	digest_add_u64(d, v.hi);
	digest_add_u64(d, v.lo);
}

static uint64_t avalanche(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdu;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53u;
	h ^= h >> 33;
	return h;
}

struct digest_value digest_end(const struct digest *d)
{
	struct digest e = *d;
	unsigned char last[8] = { 0 };
	memcpy(last, e.tail, e.ntail);
	mix_word(&e, load64(last) ^ ((uint64_t)e.ntail << 56));
	mix_word(&e, e.len);
	uint64_t hi = avalanche(e.a + rotl(e.b, 17) * P3);
	uint64_t lo = avalanche(e.b ^ rotl(e.a, 43) ^ hi);
	return (struct digest_value){ hi, lo };
}

struct digest_value digest_bytes(const void *data, size_t len)
{
	struct digest d;
	digest_init(&d);
	if (len)
		digest_add(&d, data, len);
	return digest_end(&d);
}

bool digest_equal(struct digest_value x, struct digest_value y)
{
	return x.hi == y.hi && x.lo == y.lo;
}

void digest_hex(struct digest_value v, char out[33])
{
	snprintf(out, 33, "%016llx%016llx", (unsigned long long)v.hi,
		 (unsigned long long)v.lo);
}
