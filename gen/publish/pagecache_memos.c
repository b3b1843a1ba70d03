#include "publish/pagecache_memos.h"

#include "base/xalloc.h"

#include <stdlib.h>

/* What a slot holds of a key besides its place: the low half of its high
 * word, above the memo's number. */
static uint64_t key_tag(struct digest_value key)
{
	return (uint64_t)(uint32_t)key.hi << 32;
}

/* How many memos a table may number: their index + 1 in 32 bits. */
#define MEMOS_MAX (UINT32_MAX - 1)

/* Stop on `n` memos, more than a table numbers (and than memory holds). */
static void check_count(size_t n)
{
	if (n > MEMOS_MAX)
		xfatal("too many memos for the page cache's table");
}

void pagecache_memos_init(struct pagecache_memos *m)
{
	*m = (struct pagecache_memos){ .indexed = true };
}

void pagecache_memos_release(struct pagecache_memos *m)
{
	free(m->at);
	free(m->slots);
	pagecache_memos_init(m);
}

/* The slot of `key` in the table, or the empty one where it goes (the
 * table has one). */
static size_t slot_of(const struct pagecache_memos *m, struct digest_value key)
{
	size_t mask = m->nslots - 1, k = (size_t)key.lo & mask;
	uint64_t tag = key_tag(key);
	for (uint64_t s; (s = m->slots[k]) != 0; k = (k + 1) & mask)
		if ((s & ~(uint64_t)UINT32_MAX) == tag && digest_equal(m->at[(uint32_t)s - 1].key, key))
			break;
	return k;
}

/* A table with room for `n` memos (at most half full, at least 64 slots),
 * empty. */
static void table_new(struct pagecache_memos *m, size_t n)
{
	size_t slots = 64;
	while (slots < 2 * (n + 1))
		slots *= 2;
	free(m->slots);
	m->slots = xcalloc(slots, sizeof *m->slots);
	m->nslots = slots;
}

/* Memo i placed at its key's slot `k` (empty). */
static void place(struct pagecache_memos *m, size_t k, size_t i)
{
	m->slots[k] = ((uint64_t)i + 1) | key_tag(m->at[i].key);
}

/* Every memo placed in a new table for `room` memos, the slot of the one
 * 16 further fetched ahead (a table of megabytes: each slot is a cache
 * miss, and placing one after another leaves them waiting in turn);
 * memos under a key placed already dropped. */
static void table_fill(struct pagecache_memos *m, size_t room)
{
	table_new(m, room);
	size_t n = m->n, mask = m->nslots - 1;
	m->n = 0;
	for (size_t i = 0; i < n; i++) {
		if (i + 16 < n)
			__builtin_prefetch(&m->slots[(size_t)m->at[i + 16].key.lo & mask], 1);
		size_t k = slot_of(m, m->at[i].key);
		if (m->slots[k])
			continue;
		if (m->n != i) /* after a memo dropped */
			m->at[m->n] = m->at[i];
		place(m, k, m->n++);
	}
	m->indexed = true;
}

/* The table made anew, larger, when `n` memos would fill more than half of
 * it (an indexed set's: one not indexed has no table to keep). */
static void table_room(struct pagecache_memos *m, size_t n)
{
	if (m->indexed && 2 * (n + 1) > m->nslots)
		table_fill(m, n);
}

void pagecache_memos_reserve(struct pagecache_memos *m, size_t n)
{
	check_count(n);
	ALLOC_GROW(m->at, n, m->cap); /* doubling: a build adds a few more */
	table_room(m, n);
}

void pagecache_memos_expect(struct pagecache_memos *m, size_t n)
{
	m->indexed = false;
	pagecache_memos_reserve(m, m->n + n);
}

void pagecache_memos_append(struct pagecache_memos *m, struct digest_value key,
			    struct pagecache_rec rec)
{
	check_count(m->n + 1);
	ALLOC_GROW(m->at, m->n, m->cap);
	m->at[m->n++] = (struct pagecache_memo_entry){ key, rec };
	m->indexed = false;
}

void pagecache_memos_index(struct pagecache_memos *m)
{
	if (!m->indexed)
		table_fill(m, m->n);
}

struct pagecache_memo_entry *pagecache_memos_add(struct pagecache_memos *m, struct digest_value key)
{
	pagecache_memos_index(m);
	check_count(m->n + 1);
	ALLOC_GROW(m->at, m->n, m->cap);
	table_room(m, m->n + 1);
	size_t k = slot_of(m, key);
	if (m->slots[k])
		return NULL;
	m->at[m->n] = (struct pagecache_memo_entry){ .key = key };
	place(m, k, m->n);
	return &m->at[m->n++];
}

const struct pagecache_memo_entry *pagecache_memos_find(const struct pagecache_memos *m,
						  struct digest_value key)
{
	if (!m->indexed) {
		for (size_t i = 0; i < m->n; i++)
			if (digest_equal(m->at[i].key, key))
				return &m->at[i];
		return NULL;
	}
	if (!m->nslots)
		return NULL;
	uint64_t s = m->slots[slot_of(m, key)];
	return s ? &m->at[(uint32_t)s - 1] : NULL;
}
