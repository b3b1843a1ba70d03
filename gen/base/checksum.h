/* checksum: a fast 128-bit fingerprint of bytes, to tell a record read back
 * from the page cache (pagecache.h) from the one written: a disk, a copy or
 * a hand that damaged it. Any one damaged 8-byte word always changes it
 * (every step of its lanes is a bijection); other damage, a record cut
 * short or grown, with all but certainty (one chance in 2^64 or less).
 * It costs about one instruction a byte, where the keyed BLAKE2b of
 * digest.h costs a dozen.
 *
 * Not for what anyone may write (articles, data, templates: a page's
 * inputs): whoever picks the bytes can steer this one, so those take the
 * keyed digest. The cache's records need no key: whoever can write the
 * cache can read the secret beside them too.
 */
#ifndef GPUGUIDE_CHECKSUM_H
#define GPUGUIDE_CHECKSUM_H

#include "base/digest.h"

#include <stddef.h>

/* The checksum of `len` bytes (data may be NULL when len is 0). */
struct digest_value checksum_bytes(const void *data, size_t len);

#endif
