/* strmap: the one hash map of gpuguide, from strings to counts or indexes
 * (size_t): sets and tallies that would otherwise be searched linearly (ids
 * already seen, uses per page), and indexes of rows or entries kept
 * elsewhere (value + 1 as the entry number, 0 for none).
 *
 * Keys are copied and owned by the map (STRMAP_INIT), or borrowed
 * (STRMAP_INIT_BORROWED): then the map keeps the caller's pointer, which
 * must outlive the map and not move. A key is `len` bytes (the _n calls; a
 * borrowed one need not be NUL-terminated) or a C string. Each slot keeps
 * its key's hash, so neither growth nor a probe past other keys hashes or
 * compares a key again. Not thread-safe by itself.
 */
#ifndef GPUGUIDE_STRMAP_H
#define GPUGUIDE_STRMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct strmap_entry {
	const char *key; /* NULL: empty slot */
	size_t value;
	uint32_t len;    /* keys are shorter than 4 GiB */
	uint32_t hash;   /* bytes_hash_short of the key (bytes.h) */
};

struct strmap {
	struct strmap_entry *slots;
	size_t cap, len; /* cap is 0 or a power of two */
	bool borrowed;   /* keys are the caller's, not copied */
};

#define STRMAP_INIT { NULL, 0, 0, false }
#define STRMAP_INIT_BORROWED { NULL, 0, 0, true }

/* The FNV-1a hash (64 bits) of `len` bytes: the content hash of the
 * site's assets in their addresses (assets.h), so the same in every
 * version. The map's slots use bytes_hash_short (bytes.h), which reads a
 * word at a time. */
uint64_t strmap_hash_bytes(const void *data, size_t len);

/* The value of `key`, created as 0 when absent (`*created` says which;
 * may be NULL). The pointer is valid until the next insertion. */
size_t *strmap_slot(struct strmap *m, const char *key, bool *created);
size_t *strmap_slot_n(struct strmap *m, const char *key, size_t len, bool *created);
/* Room for `n` keys in all, so that inserting up to n grows no table. */
void strmap_reserve(struct strmap *m, size_t n);
/* The value of `key`, or NULL when absent. */
const size_t *strmap_get(const struct strmap *m, const char *key);
const size_t *strmap_get_n(const struct strmap *m, const char *key, size_t len);
/* Free the table (and the keys it owns); the map is empty and reusable,
 * borrowing or not as before. */
void strmap_free(struct strmap *m);

#endif
