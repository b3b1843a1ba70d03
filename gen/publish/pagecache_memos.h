/* pagecache_memos: the page cache's memos (records that modules keep under
 * the digest of their input: pagecache.h) and the table that finds them
 * by key.
 *
 * An index lists about five memos per article (100,000 at N=10,000), and
 * placing one in a table or finding it there is a cache miss or two. A
 * rebuild with nothing to do reads one memo of them (the warnings), so
 * the memos a loaded index lists are appended as they are read
 * (pagecache_memos_append) and put in the table only when a build goes on
 * to look many up (pagecache_memos_index: on one thread, the slot of a
 * memo further on fetched while each is placed). Until then a lookup reads
 * them in order. Each slot holds, beside the memo's number, half of the
 * key's other word, so that a probe past another memo's slot reads no
 * memo: a memo is read only to tell its key from one of the same slot
 * and half-word, which two different keys share about once in four
 * billion probes.
 *
 * Memory: a pagecache_memos owns its array of memos and its table;
 * pagecache_memos_release frees both. Nothing here locks: the page cache
 * changes a table on one thread or with its lock held, and reads one
 * nobody changes any more.
 */
#ifndef GPUGUIDE_PAGECACHE_MEMOS_H
#define GPUGUIDE_PAGECACHE_MEMOS_H

#include "base/digest.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Where a record's bytes lie in the cache file, and their check. */
struct pagecache_rec {
	uint64_t at, len;
	struct digest_value check;
};

struct pagecache_memo_entry {
	struct digest_value key; /* in the file as its 16 bytes */
	struct pagecache_rec rec;
};

struct pagecache_memos {
	struct pagecache_memo_entry *at; size_t n, cap;
	/* open addressing on the key's low word (a digest is spread evenly),
	 * at most half full: each slot the memo's index + 1 with the low half
	 * of the key's high word above it, or 0 */
	uint64_t *slots; size_t nslots;
	bool indexed; /* every memo is in the table */
};

/* An empty set, indexed. */
void pagecache_memos_init(struct pagecache_memos *m);
/* Frees the memos and the table; the set is then empty. */
void pagecache_memos_release(struct pagecache_memos *m);

/* Room for `n` memos in all, in the array and (when indexed) the table, so
 * that neither grows step by step. */
void pagecache_memos_reserve(struct pagecache_memos *m, size_t n);

/* Room for `n` memos more, to be appended (pagecache_memos_append): the
 * set is no longer indexed, and no table is made for them yet. */
void pagecache_memos_expect(struct pagecache_memos *m, size_t n);
/* A memo as a loaded index lists it, appended without a place in the
 * table: the set is no longer indexed. */
void pagecache_memos_append(struct pagecache_memos *m, struct digest_value key,
			    struct pagecache_rec rec);

/* Every memo put in the table (nothing to do when the set is indexed); of
 * two under one key, which only a damaged index could list, the first
 * stays and the second is dropped. */
void pagecache_memos_index(struct pagecache_memos *m);

/* A new memo under `key` (its record zero, for the caller to set), the
 * set indexed first when it is not; NULL when the key has a memo. */
struct pagecache_memo_entry *pagecache_memos_add(struct pagecache_memos *m, struct digest_value key);

/* The memo of `key`, or NULL: by the table, or by reading the memos in
 * order when the set is not indexed. */
const struct pagecache_memo_entry *pagecache_memos_find(const struct pagecache_memos *m,
						  struct digest_value key);

#endif
