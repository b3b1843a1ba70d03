#include "base/strmap.h"

#include "base/bytes.h"
#include "base/xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

uint64_t strmap_hash_bytes(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = 14695981039346656037u; /* the FNV-1a offset basis */
	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 1099511628211u;
	}
	return h;
}

/* The slot of the key, or the empty slot where it would go. */
static struct strmap_entry *find(const struct strmap *m, const char *key, size_t len,
				 uint32_t hash)
{
	size_t mask = m->cap - 1;
	for (size_t i = hash & mask;; i = (i + 1) & mask) {
		struct strmap_entry *e = &m->slots[i];
		if (!e->key || (e->hash == hash && e->len == len && !memcmp(e->key, key, len)))
			return e;
	}
}

/* The table made `cap` slots (a power of two), each key placed again. */
static void rehash(struct strmap *m, size_t cap)
{
	struct strmap old = *m;
	m->cap = cap;
	m->slots = xcalloc(m->cap, sizeof *m->slots);
	size_t mask = m->cap - 1;
	for (size_t i = 0; i < old.cap; i++) {
		if (!old.slots[i].key)
			continue;
		size_t j = old.slots[i].hash & mask;
		while (m->slots[j].key)
			j = (j + 1) & mask;
		m->slots[j] = old.slots[i];
	}
	free(old.slots);
}

/* Whether a table of `cap` slots holds n keys: at most three quarters full. */
static bool holds(size_t cap, size_t n)
{
	return n * 4 <= cap * 3;
}

static void grow(struct strmap *m)
{
	rehash(m, m->cap ? m->cap * 2 : 64);
}

void strmap_reserve(struct strmap *m, size_t n)
{
	size_t cap = m->cap ? m->cap : 64;
	while (!holds(cap, n))
		cap *= 2;
	if (cap != m->cap)
		rehash(m, cap);
}

size_t *strmap_slot_n(struct strmap *m, const char *key, size_t len, bool *created)
{
	if (!holds(m->cap, m->len + 1))
		grow(m);
	uint32_t hash = bytes_hash_short(key, len);
	struct strmap_entry *e = find(m, key, len, hash);
	bool is_new = !e->key;
	if (is_new) {
		*e = (struct strmap_entry){ m->borrowed ? key : xstrndup(key, len), 0,
					    (uint32_t)len, hash };
		m->len++;
	}
	if (created)
		*created = is_new;
	return &e->value;
}

size_t *strmap_slot(struct strmap *m, const char *key, bool *created)
{
	return strmap_slot_n(m, key, strlen(key), created);
}

const size_t *strmap_get_n(const struct strmap *m, const char *key, size_t len)
{
	if (!m->cap)
		return NULL;
	const struct strmap_entry *e = find(m, key, len, bytes_hash_short(key, len));
	return e->key ? &e->value : NULL;
}

const size_t *strmap_get(const struct strmap *m, const char *key)
{
	return strmap_get_n(m, key, strlen(key));
}

void strmap_free(struct strmap *m)
{
	if (!m->borrowed)
		for (size_t i = 0; i < m->cap; i++)
			free((char *)m->slots[i].key);
	free(m->slots);
	m->slots = NULL;
	m->cap = m->len = 0;
}
