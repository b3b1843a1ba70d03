/* digest: a 128-bit fingerprint of bytes, for "are these inputs the ones
 * the published file was made from?" (the page cache, pagecache.h).
 *
 * SipHash-2-4 with its 128-bit tag (siphash.h), keyed with the page
 * cache's own secret (digest_set_key): anyone may propose an article, so
 * nobody may be able to make two different inputs share a digest and have
 * the build keep the old page for the new text. SipHash is a PRF: without
 * the key the tags of chosen inputs cannot be told, so no collision can be
 * aimed at; it costs a third of the BLAKE2b used before. A hand-written
 * mix (xxHash's round, used before that) is invertible: a same-length
 * body with the same digest was found in milliseconds. Without a key the
 * digest is SipHash under the zero key: fine for tests and for builds that
 * keep no cache, where no digest decides anything.
 * (The 64-bit FNV of strmap.h is for hash tables, where a match only costs a
 * comparison.)
 *
 * Feed it with digest_add (any split of the same bytes gives the same
 * digest) and the typed helpers, which mark each field's length so that
 * "ab","c" and "a","bc" differ.
 */
#ifndef GPUGUIDE_DIGEST_H
#define GPUGUIDE_DIGEST_H

#include "base/siphash.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Small adds (a number, a short field) gather in `pend` and reach SipHash
 * a few hundred bytes at a time: a context digest is thousands of small
 * adds, and a call per add would cost more than the hashing. A multiple
 * of 8 (SipHash's word). */
#define DIGEST_PENDING 512
struct digest {
	struct siphash s;
	size_t npend;
	unsigned char pend[DIGEST_PENDING];
};

/* The key of every digest made from now on (DIGEST_KEY_LEN bytes), or none
 * (NULL). Set once, before any thread digests: digests made under another
 * key never match. */
#define DIGEST_KEY_LEN 32
void digest_set_key(const unsigned char *key);

/* What a digest ends as: two words, compared and stored as they are. */
struct digest_value {
	uint64_t hi, lo;
};

void digest_init(struct digest *d);
void digest_add(struct digest *d, const void *data, size_t len);
void digest_add_u64(struct digest *d, uint64_t v);
/* A length or a count: one byte below 128, one more per 7 bits above
 * (LEB128), so every value has one encoding and none is the start of
 * another's. Most of a context's fields are short: an 8-byte word for each
 * length was a quarter of the bytes a page's digest hashed. */
void digest_add_len(struct digest *d, uint64_t n);
/* One byte (a tag: what kind of value follows). */
void digest_add_byte(struct digest *d, unsigned char b);
/* `len` bytes with their length (digest_add_len), so that fields in a row
 * cannot run into each other. */
void digest_add_field(struct digest *d, const void *data, size_t len);
/* A string with its length (NULL is told apart from "": a length no
 * string has). Inline: a string written in the code has its length
 * worked out when gen is compiled. */
static inline void digest_add_str(struct digest *d, const char *s)
{
	if (!s)
		digest_add_len(d, UINT64_MAX);
	else
		digest_add_field(d, s, strlen(s));
}
void digest_add_value(struct digest *d, struct digest_value v);
/* The digest of everything added (the state is left as it was). */
struct digest_value digest_end(const struct digest *d);

/* The digest of `len` bytes (NULL when len is 0), in one call. */
struct digest_value digest_bytes(const void *data, size_t len);
/* The same under `key` (DIGEST_KEY_LEN bytes) instead of the one set. */
struct digest_value digest_bytes_keyed(const unsigned char *key, const void *data,
				       size_t len);

/* A check of `len` bytes (NULL when len is 0): 128 bits that tell a
 * damaged copy of stored bytes from the bytes as they were written (a
 * flipped bit, a cut, a shifted block), at about a tenth of a digest's
 * cost. Not a digest: it is no key and no secret, and anyone could make
 * two texts share a check, so it never stands for what an input is; it
 * only compares bytes read back with the check stored beside them, which
 * is what the page cache's records need (whoever could write a record to
 * match could read the cache's secret in the same file). */
struct digest_value digest_check(const void *data, size_t len);

bool digest_equal(struct digest_value x, struct digest_value y);

struct buf;
struct buf_reader;
/* A digest as a record keeps it (16 bytes: hi, then lo, each as
 * buf_add_u64 writes it), appended to `b`; and read back (r->bad when the
 * record ends first). */
void digest_value_write(struct buf *b, struct digest_value v);
struct digest_value digest_value_read(struct buf_reader *r);
/* 32 hex digits and a NUL into `out`. */
void digest_hex(struct digest_value v, char out[33]);

#endif
