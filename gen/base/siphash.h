/* siphash: SipHash-2-4 with its 128-bit tag (Aumasson and Bernstein,
 * 2012), the keyed function behind digest.h. A PRF: without the 16-byte
 * key nobody can tell which inputs share a tag, so nobody can make two
 * share one; about four instructions a byte, a third of BLAKE2b's.
 *
 * Streaming in whole words: siphash_words takes 8-byte little-endian words,
 * siphash_final the last 0..7 bytes (the total length counts both) and
 * gives the tag, leaving the state as it was. The tags are the reference
 * implementation's (tests/base/test_siphash.c holds its vectors).
 */
#ifndef GPUGUIDE_SIPHASH_H
#define GPUGUIDE_SIPHASH_H

#include <stddef.h>
#include <stdint.h>

#define SIPHASH_KEY_LEN 16
#define SIPHASH_TAG_LEN 16

struct siphash {
	uint64_t v0, v1, v2, v3;
	uint64_t len; /* bytes taken so far */
};

void siphash_init(struct siphash *s, const unsigned char key[SIPHASH_KEY_LEN]);
/* `n` whole words at `p` (8 * n bytes; any alignment). */
void siphash_words(struct siphash *s, const unsigned char *p, size_t n);
/* The tag of everything taken and `ntail` (< 8) bytes at `tail`. */
void siphash_final(const struct siphash *s, const unsigned char *tail, size_t ntail,
		   unsigned char out[SIPHASH_TAG_LEN]);

#endif
