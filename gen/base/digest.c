/* digest: a 128-bit fingerprint of bytes (see digest.h). */
#include "base/digest.h"

#include "base/buf.h"
#include "base/bytes.h"

#include <stdio.h>
#include <string.h>


/* The key of every digest (digest_set_key), set before any thread reads
 * it; all zeros: none. */
static unsigned char the_key[SIPHASH_KEY_LEN];

/* SipHash's key from a digest key (DIGEST_KEY_LEN bytes, or none: zeros):
 * the SipHash tag of all of it under the zero key, so every byte of the
 * secret counts. */
static void sip_key_of(const unsigned char *key, unsigned char out[SIPHASH_KEY_LEN])
{
	static const unsigned char zero[SIPHASH_KEY_LEN];
	if (!key) {
		memset(out, 0, SIPHASH_KEY_LEN);
		return;
	}
	struct siphash s;
	siphash_init(&s, zero);
	siphash_words(&s, key, DIGEST_KEY_LEN / 8);
	siphash_final(&s, NULL, 0, out);
}

void digest_set_key(const unsigned char *key)
{
	sip_key_of(key, the_key);
}

void digest_init(struct digest *d)
{
	d->npend = 0;
	siphash_init(&d->s, the_key);
}

/* Hash the whole words of the pending bytes; keep the rest (0..7 bytes). */
static void flush(struct digest *d)
{
	size_t words = d->npend / 8, rest = d->npend % 8;
	siphash_words(&d->s, d->pend, words);
	memmove(d->pend, d->pend + 8 * words, rest);
	d->npend = rest;
}

void digest_add(struct digest *d, const void *data, size_t len)
{
	if (!len) /* data may be NULL */
		return;
	if (len <= DIGEST_PENDING - d->npend) {
		memcpy(d->pend + d->npend, data, len);
		d->npend += len;
		return;
	}
	/* a long run: the pending bytes made whole words with its first
	 * bytes, then its own whole words straight from it */
	const unsigned char *p = data;
	size_t fill = (8 - d->npend % 8) % 8;
	memcpy(d->pend + d->npend, p, fill);
	d->npend += fill;
	flush(d);
	p += fill;
	len -= fill;
	siphash_words(&d->s, p, len / 8);
	memcpy(d->pend, p + len / 8 * 8, len % 8);
	d->npend = len % 8;
}

void digest_add_u64(struct digest *d, uint64_t v)
{
	if (DIGEST_PENDING - d->npend < 8)
		flush(d);
	/* little-endian on every host, so a digest stored on one machine
	 * means the same on another */
	bytes_put_le64(d->pend + d->npend, v);
	d->npend += 8;
}

void digest_add_len(struct digest *d, uint64_t n)
{
	if (DIGEST_PENDING - d->npend < 10) /* the longest: 64 bits in 7s */
		flush(d);
	unsigned char *b = d->pend + d->npend;
	size_t k = 0;
	while (n >= 0x80) {
		b[k++] = (unsigned char)(n | 0x80);
		n >>= 7;
	}
	b[k++] = (unsigned char)n;
	d->npend += k;
}

void digest_add_byte(struct digest *d, unsigned char b)
{
	if (d->npend == DIGEST_PENDING)
		flush(d);
	d->pend[d->npend++] = b;
}


void digest_add_field(struct digest *d, const void *data, size_t len)
{
	/* the common case: a length of one byte and the bytes, in the room
	 * left */
	if (len <= 64 && len < DIGEST_PENDING - d->npend) {
		unsigned char *o = d->pend + d->npend;
		o[0] = (unsigned char)len;
		bytes_copy_short(o + 1, data, len);
		d->npend += 1 + len;
		return;
	}
	digest_add_len(d, len);
	digest_add(d, data, len);
}

void digest_add_value(struct digest *d, struct digest_value v)
{
	digest_add_u64(d, v.hi);
	digest_add_u64(d, v.lo);
}

/* Big-endian, so that digest_hex prints the tag's bytes in their order. */
static uint64_t word_at(const unsigned char *p)
{
	return __builtin_bswap64(bytes_le64(p));
}

struct digest_value digest_end(const struct digest *d)
{
	/* siphash_final leaves the state as it was */
	struct siphash e = d->s;
	size_t words = d->npend / 8;
	siphash_words(&e, d->pend, words);
	unsigned char out[SIPHASH_TAG_LEN];
	siphash_final(&e, d->pend + 8 * words, d->npend % 8, out);
	return (struct digest_value){ word_at(out), word_at(out + 8) };
}

struct digest_value digest_bytes(const void *data, size_t len)
{
	struct digest d;
	digest_init(&d);
	digest_add(&d, data, len);
	return digest_end(&d);
}

struct digest_value digest_bytes_keyed(const unsigned char *key, const void *data,
				       size_t len)
{
	unsigned char k[SIPHASH_KEY_LEN];
	sip_key_of(key, k);
	struct digest d;
	d.npend = 0;
	siphash_init(&d.s, k);
	digest_add(&d, data, len);
	return digest_end(&d);
}

/* ---- checks ---- */

#define CHECK_P1 0x9E3779B97F4A7C15u
#define CHECK_P2 0xC2B2AE3D27D4EB4Fu

/* Every bit of the result depends on every bit of `k` (MurmurHash3's
 * finalizer). */
static uint64_t check_mix(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xFF51AFD7ED558CCDu;
	k ^= k >> 33;
	k *= 0xC4CEB9FE1A85EC53u;
	k ^= k >> 33;
	return k;
}

/* One word into a lane: xored in, turned (a difference in the word's
 * high bits comes down to where the multiply spreads it upward) and
 * multiplied by an odd number. For a given lane this is a bijection of
 * the word, and of the lane for a given word: a lane that took one
 * different word stays different to its end. */
static inline uint64_t check_lane(uint64_t lane, uint64_t word, int turn, uint64_t mul)
{
	return bytes_rotl64(lane ^ word, turn) * mul;
}

/* The 32 bytes at p into the four lanes, a word each. */
static inline void check_block(uint64_t v[4], const unsigned char *p)
{
	v[0] = check_lane(v[0], bytes_le64(p), 31, CHECK_P1);
	v[1] = check_lane(v[1], bytes_le64(p + 8), 29, CHECK_P2);
	v[2] = check_lane(v[2], bytes_le64(p + 16), 33, CHECK_P1);
	v[3] = check_lane(v[3], bytes_le64(p + 24), 27, CHECK_P2);
}

/* Four lanes of 64 bits, each taking every fourth word (one xor, turn and
 * multiply a word: four independent chains that a processor runs side by
 * side), then the tail and the length, and the lanes mixed into each
 * other. */
struct digest_value digest_check(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t v[4] = { CHECK_P1 ^ len, CHECK_P2 + len, ~CHECK_P1 - len, ~CHECK_P2 ^ len };
	size_t i = 0;
	for (; i + 32 <= len; i += 32)
		check_block(v, p + i);
	unsigned char tail[32] = { 0 };
	if (len > i)
		memcpy(tail, p + i, len - i);
	check_block(v, tail);
	uint64_t a = check_mix(v[0] + bytes_rotl64(v[2], 23));
	uint64_t b = check_mix(v[1] + bytes_rotl64(v[3], 41));
	a += b;
	b += a;
	a = check_mix(a);
	b = check_mix(b);
	a += b;
	b += a;
	return (struct digest_value){ a, b };
}

bool digest_equal(struct digest_value x, struct digest_value y)
{
	return x.hi == y.hi && x.lo == y.lo;
}

/* Half a word, 32 bits, as 8 lowercase hex digits ("%08x"), all eight at
 * once: each nibble spread to a byte of its own (the lowest nibble in the
 * lowest byte), 0-9 and 10-15 told apart by a carry out of the low half of
 * each byte (n + 6 reaches 16 when n is 10 or more), '0' added to each
 * and 'a' - '0' - 10 to the letters, then stored highest digit first. */
static void hex_half(uint32_t x, char *out)
{
	uint64_t v = x;
	v = (v | v << 16) & 0x0000FFFF0000FFFFu;
	v = (v | v << 8) & 0x00FF00FF00FF00FFu;
	v = (v | v << 4) & 0x0F0F0F0F0F0F0F0Fu;
	uint64_t letter = ((v + 0x0606060606060606u) >> 4) & 0x0101010101010101u;
	v += 0x3030303030303030u + letter * ('a' - '0' - 10);
	bytes_put_le64(out, __builtin_bswap64(v));
}

/* A word as 16 lowercase hex digits ("%016llx"). */
static void hex_word(uint64_t w, char *out)
{
	hex_half((uint32_t)(w >> 32), out);
	hex_half((uint32_t)w, out + 8);
}

void digest_hex(struct digest_value v, char out[33])
{
	hex_word(v.hi, out);
	hex_word(v.lo, out + 16);
	out[32] = '\0';
}

void digest_value_write(struct buf *b, struct digest_value v)
{
	buf_add_u64(b, v.hi);
	buf_add_u64(b, v.lo);
}

struct digest_value digest_value_read(struct buf_reader *r)
{
	struct digest_value v;
	v.hi = buf_read_u64(r); /* in turn: an initializer's are unsequenced */
	v.lo = buf_read_u64(r);
	return v;
}
