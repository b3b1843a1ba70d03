#include "value.h"

#include "arena.h"
#include "buf.h"
#include "strmap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct value the_null = { .type = VALUE_NULL };

struct value *value_null(void)
{
	return &the_null;
}

static struct value *value_alloc(struct arena *a, enum value_type type)
{
	struct value *v = arena_alloc(a, sizeof *v);
	v->type = type;
	return v;
}

struct value *value_new_bool(struct arena *a, bool b)
{
	struct value *v = value_alloc(a, VALUE_BOOL);
	v->u.boolean = b;
	return v;
}

struct value *value_new_number(struct arena *a, double n)
{
	struct value *v = value_alloc(a, VALUE_NUMBER);
	v->u.number = n;
	return v;
}

struct value *value_new_stringn(struct arena *a, const char *s, size_t len)
{
	struct value *v = value_alloc(a, VALUE_STRING);
	v->u.str.ptr = arena_strndup(a, s, len);
	v->u.str.len = len;
	return v;
}

struct value *value_new_string(struct arena *a, const char *s)
{
	return value_new_stringn(a, s, strlen(s));
}

struct value *value_new_string_borrowed(struct arena *a, const char *s)
{
	struct value *v = value_alloc(a, VALUE_STRING);
	v->u.str.ptr = s;
	v->u.str.len = strlen(s);
	return v;
}

struct value *value_new_list(struct arena *a)
{
	return value_alloc(a, VALUE_LIST);
}

struct value *value_new_map(struct arena *a)
{
	return value_alloc(a, VALUE_MAP);
}

/* Grow an arena array of `elem` byte items; the old copy stays in the arena
 * (cheap: the arrays are small and the arena is short-lived). */
static void *grow_array(struct arena *a, void *old, size_t len, size_t *cap,
			size_t elem)
{
	size_t ncap = *cap ? *cap * 2 : 8;
	void *p = arena_alloc(a, ncap * elem);
	if (len)
		memcpy(p, old, len * elem);
	*cap = ncap;
	return p;
}

void value_list_push(struct arena *a, struct value *list, struct value *item)
{
	if (list->type != VALUE_LIST)
		abort();
	if (list->u.list.len == list->u.list.cap)
		list->u.list.items = grow_array(a, list->u.list.items,
						list->u.list.len,
						&list->u.list.cap,
						sizeof(struct value *));
	list->u.list.items[list->u.list.len++] = item;
}

/* The index slot holding `key`, or the empty slot where it would go. */
static unsigned *index_slot(const struct value *map, const char *key)
{
	size_t mask = map->u.map.index_cap - 1;
	for (size_t i = strmap_hash(key) & mask;; i = (i + 1) & mask) {
		unsigned *slot = &map->u.map.index[i];
		if (!*slot || !strcmp(map->u.map.entries[*slot - 1].key, key))
			return slot;
	}
}

/* (Re)build the index with room for twice the entries. */
static void index_rebuild(struct arena *a, struct value *map)
{
	size_t cap = 32;
	while (cap < map->u.map.len * 2 + 2)
		cap *= 2;
	map->u.map.index = arena_alloc(a, cap * sizeof *map->u.map.index);
	map->u.map.index_cap = cap;
	for (size_t i = 0; i < map->u.map.len; i++)
		*index_slot(map, map->u.map.entries[i].key) = (unsigned)i + 1;
}

/* The entry of `key`, or NULL. */
static struct value_entry *map_find(const struct value *map, const char *key)
{
	if (map->u.map.index_cap) {
		unsigned e = *index_slot(map, key);
		return e ? &map->u.map.entries[e - 1] : NULL;
	}
	/* small maps: a scan, the first byte compared before the rest (most
	 * lookups miss: templates walk the context stack from the top) */
	for (size_t i = 0; i < map->u.map.len; i++) {
		const char *k = map->u.map.entries[i].key;
		if (k[0] == key[0] && strcmp(k, key) == 0)
			return &map->u.map.entries[i];
	}
	return NULL;
}

void value_map_set(struct arena *a, struct value *map, const char *key,
		   struct value *val)
{
	if (map->type != VALUE_MAP)
		abort();
	struct value_entry *e = map_find(map, key);
	if (e) {
		e->val = val;
		return;
	}
	if (map->u.map.len == map->u.map.cap)
		map->u.map.entries = grow_array(a, map->u.map.entries,
						map->u.map.len,
						&map->u.map.cap,
						sizeof(struct value_entry));
	map->u.map.entries[map->u.map.len].key = key;
	map->u.map.entries[map->u.map.len].val = val;
	map->u.map.len++;
	if (map->u.map.len == VALUE_MAP_INDEXED ||
	    (map->u.map.index_cap && map->u.map.len * 2 + 2 > map->u.map.index_cap))
		index_rebuild(a, map);
	else if (map->u.map.index_cap)
		*index_slot(map, key) = (unsigned)map->u.map.len;
}

void value_map_set_str(struct arena *a, struct value *map, const char *key,
		       const char *s)
{
	value_map_set(a, map, key, s ? value_new_string(a, s) : value_null());
}

void value_map_set_num(struct arena *a, struct value *map, const char *key,
		       double n)
{
	value_map_set(a, map, key, value_new_number(a, n));
}

void value_map_set_bool(struct arena *a, struct value *map, const char *key,
			bool b)
{
	value_map_set(a, map, key, value_new_bool(a, b));
}

void value_map_set_parent(struct value *map, const struct value *parent)
{
	if (map->type != VALUE_MAP || (parent && parent->type != VALUE_MAP))
		abort();
	map->u.map.parent = parent;
}

struct value *value_map_get(const struct value *map, const char *key)
{
	for (; map && map->type == VALUE_MAP; map = map->u.map.parent) {
		struct value_entry *e = map_find(map, key);
		if (e)
			return e->val;
	}
	return NULL;
}

size_t value_list_len(const struct value *list)
{
	return list && list->type == VALUE_LIST ? list->u.list.len : 0;
}

bool value_is_truthy(const struct value *v)
{
	if (!v)
		return false;
	switch (v->type) {
	case VALUE_NULL:
		return false;
	case VALUE_BOOL:
		return v->u.boolean;
	case VALUE_NUMBER:
		return true;
	case VALUE_STRING:
		return v->u.str.len > 0;
	case VALUE_LIST:
		return v->u.list.len > 0;
	case VALUE_MAP:
		return true;
	}
	return false;
}

/* The shortest %g form that reads back as the same double. */
static void append_number(double n, struct buf *out)
{
	char tmp[40];
	if (!isfinite(n))
		return;
	if (n == (double)(long long)n && fabs(n) < 1e15) { /* whole numbers */
		snprintf(tmp, sizeof tmp, "%lld", (long long)n);
		buf_adds(out, tmp);
		return;
	}
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(tmp, sizeof tmp, "%.*g", prec, n);
		if (strtod(tmp, NULL) == n)
			break;
	}
	buf_adds(out, tmp);
}

void value_append_text(const struct value *v, struct buf *out)
{
	if (!v)
		return;
	switch (v->type) {
	case VALUE_BOOL:
		buf_adds(out, v->u.boolean ? "true" : "false");
		break;
	case VALUE_NUMBER:
		append_number(v->u.number, out);
		break;
	case VALUE_STRING:
		buf_add(out, v->u.str.ptr, v->u.str.len);
		break;
	default:
		break;
	}
}
