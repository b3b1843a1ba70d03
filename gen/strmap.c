#include "strmap.h"
#include "xalloc.h"

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

size_t strmap_hash(const char *s)
{
	return (size_t)strmap_hash_bytes(s, strlen(s));
}

static struct strmap_entry *find(const struct strmap *m, const char *key)
{
	size_t mask = m->cap - 1;
	for (size_t i = strmap_hash(key) & mask;; i = (i + 1) & mask) {
		struct strmap_entry *e = &m->slots[i];
		if (!e->key || !strcmp(e->key, key))
			return e;
	}
}

static void grow(struct strmap *m)
{
	struct strmap old = *m;
	m->cap = old.cap ? old.cap * 2 : 64;
	m->slots = xcalloc(m->cap, sizeof *m->slots);
	for (size_t i = 0; i < old.cap; i++)
		if (old.slots[i].key)
			*find(m, old.slots[i].key) = old.slots[i];
	free(old.slots);
}

size_t *strmap_slot(struct strmap *m, const char *key, bool *created)
{
	if ((m->len + 1) * 4 > m->cap * 3)
		grow(m);
	struct strmap_entry *e = find(m, key);
	bool is_new = !e->key;
	if (is_new) {
		size_t n = strlen(key) + 1;
		e->key = xmalloc(n);
		memcpy(e->key, key, n);
		e->value = 0;
		m->len++;
	}
	if (created)
		*created = is_new;
	return &e->value;
}

const size_t *strmap_get(const struct strmap *m, const char *key)
{
	if (!m->cap)
		return NULL;
	const struct strmap_entry *e = find(m, key);
	return e->key ? &e->value : NULL;
}

void strmap_free(struct strmap *m)
{
	for (size_t i = 0; i < m->cap; i++)
		free(m->slots[i].key);
	free(m->slots);
	m->slots = NULL;
	m->cap = m->len = 0;
}
