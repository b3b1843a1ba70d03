/* siphash: SipHash-2-4-128 (see siphash.h). */
#include "base/siphash.h"

#include "base/bytes.h"

#define SIPROUND(v0, v1, v2, v3) \
	do { \
		v0 += v1; v1 = bytes_rotl64(v1, 13); v1 ^= v0; v0 = bytes_rotl64(v0, 32); \
		v2 += v3; v3 = bytes_rotl64(v3, 16); v3 ^= v2; \
		v0 += v3; v3 = bytes_rotl64(v3, 21); v3 ^= v0; \
		v2 += v1; v1 = bytes_rotl64(v1, 17); v1 ^= v2; v2 = bytes_rotl64(v2, 32); \
	} while (0)

void siphash_init(struct siphash *s, const unsigned char key[SIPHASH_KEY_LEN])
{
	uint64_t k0 = bytes_le64(key), k1 = bytes_le64(key + 8);
	s->v0 = 0x736f6d6570736575u ^ k0;
	s->v1 = 0x646f72616e646f6du ^ k1 ^ 0xee; /* 0xee: the 128-bit tag */
	s->v2 = 0x6c7967656e657261u ^ k0;
	s->v3 = 0x7465646279746573u ^ k1;
	s->len = 0;
}

void siphash_words(struct siphash *s, const unsigned char *p, size_t n)
{
	uint64_t v0 = s->v0, v1 = s->v1, v2 = s->v2, v3 = s->v3;
	for (size_t i = 0; i < n; i++, p += 8) {
		uint64_t m = bytes_le64(p);
		v3 ^= m;
		SIPROUND(v0, v1, v2, v3);
		SIPROUND(v0, v1, v2, v3);
		v0 ^= m;
	}
	s->v0 = v0, s->v1 = v1, s->v2 = v2, s->v3 = v3;
	s->len += 8 * (uint64_t)n;
}

void siphash_final(const struct siphash *s, const unsigned char *tail, size_t ntail,
		   unsigned char out[SIPHASH_TAG_LEN])
{
	uint64_t v0 = s->v0, v1 = s->v1, v2 = s->v2, v3 = s->v3;
	uint64_t b = (s->len + ntail) << 56;
	for (size_t i = 0; i < ntail; i++)
		b |= (uint64_t)tail[i] << (8 * i);
	v3 ^= b;
	SIPROUND(v0, v1, v2, v3);
	SIPROUND(v0, v1, v2, v3);
	v0 ^= b;
	v2 ^= 0xee;
	for (int i = 0; i < 4; i++)
		SIPROUND(v0, v1, v2, v3);
	bytes_put_le64(out, v0 ^ v1 ^ v2 ^ v3);
	v1 ^= 0xdd;
	for (int i = 0; i < 4; i++)
		SIPROUND(v0, v1, v2, v3);
	bytes_put_le64(out + 8, v0 ^ v1 ^ v2 ^ v3);
}
