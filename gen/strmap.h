/* strmap: a hash map from strings to counts (size_t), for sets and tallies
 * that would otherwise be searched linearly (ids already seen, uses per
 * page). Keys are copied; the map owns them. Not thread-safe by itself.
 */
#ifndef GPUGUIDE_STRMAP_H
#define GPUGUIDE_STRMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct strmap_entry {
	char *key; /* NULL: empty slot */
	size_t value;
};

struct strmap {
	struct strmap_entry *slots;
	size_t cap, len; /* cap is 0 or a power of two */
};

#define STRMAP_INIT { NULL, 0, 0 }

/* The hash of a string (FNV-1a: simple, and good enough for ids, keys and
 * paths); value.c's map index uses it too. */
size_t strmap_hash(const char *s);
/* The same hash (64 bits) of `len` bytes: also the content hash of the
 * site's assets (assets.h). */
uint64_t strmap_hash_bytes(const void *data, size_t len);

/* The value of `key`, created as 0 when absent (`*created` says which;
 * may be NULL). The pointer is valid until the next insertion. */
size_t *strmap_slot(struct strmap *m, const char *key, bool *created);
/* The value of `key`, or NULL when absent. */
const size_t *strmap_get(const struct strmap *m, const char *key);
/* Free every key and the table; the map is empty and reusable. */
void strmap_free(struct strmap *m);

#endif
