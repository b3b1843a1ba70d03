#include "template/value.h"

#include "base/arena.h"
#include "base/buf.h"
#include "base/bytes.h"
#include "base/digest.h"
#include "base/numfmt.h"
#include "base/text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct value the_null = { .type = VALUE_NULL };
/* true and false: values are only read once made, so every bool is one of
 * these two (no arena block per flag: tables set several per cell) */
static struct value the_bools[2] = {
	{ .type = VALUE_BOOL, .u.boolean = false },
	{ .type = VALUE_BOOL, .u.boolean = true },
};

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

/* Where a value keeps its seal (value_seal), or NULL for a scalar. */
static const struct digest_value **seal_slot(struct value *v)
{
	switch (v->type) {
	case VALUE_STRING: return &v->u.str.seal;
	case VALUE_LIST: return &v->u.list.seal;
	case VALUE_MAP: return &v->u.map.seal;
	default: return NULL;
	}
}

struct value *value_new_bool(struct arena *a, bool b)
{
	(void)a;
	return &the_bools[b];
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

/* The string `s` (`len` bytes, in memory that lives as long as `a`) with
 * its key. */
static struct value *string_keyed(struct arena *a, const char *s, size_t len,
				  const struct digest_value *key)
{
	struct value *v = value_alloc(a, VALUE_STRING);
	v->u.str.ptr = s;
	v->u.str.len = len;
	struct digest_value *k = arena_alloc(a, sizeof *k);
	*k = *key;
	v->u.str.seal = k;
	return v;
}

struct value *value_new_string_keyed(struct arena *a, const char *s,
				     const struct digest_value *key)
{
	size_t len = strlen(s);
	return string_keyed(a, arena_strndup(a, s, len), len, key);
}

struct value *value_new_string_keyed_owned(struct arena *a, char *s, size_t len,
					   const struct digest_value *key)
{
	arena_own(a, s);
	return string_keyed(a, s, len, key);
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
	if (list->type != VALUE_LIST || list->u.list.seal)
		abort();
	if (list->u.list.len == list->u.list.cap)
		list->u.list.items = grow_array(a, list->u.list.items,
						list->u.list.len,
						&list->u.list.cap,
						sizeof(struct value *));
	list->u.list.items[list->u.list.len++] = item;
}

/* Does `e` hold `key`? The hashes settle almost every miss; equal ones
 * are confirmed by the lengths and then byte for byte. */
static inline bool entry_has_key(const struct value_entry *e, const struct value_key *key)
{
	return e->hash == key->hash && e->len == key->len &&
	       bytes_equal_short(e->key, key->s, key->len);
}

/* The index slot holding `key`, or the empty slot where it would go. */
static inline unsigned *index_slot(const struct value *map, const struct value_key *key)
{
	size_t mask = map->map_index_cap - 1;
	for (size_t i = key->hash & mask;; i = (i + 1) & mask) {
		unsigned *slot = &map->u.map.index[i];
		if (!*slot || entry_has_key(&map->u.map.entries[*slot - 1], key))
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
	map->map_index_cap = (unsigned)cap;
	for (size_t i = 0; i < map->u.map.len; i++) {
		const struct value_entry *e = &map->u.map.entries[i];
		struct value_key k = { e->key, e->hash, e->len };
		*index_slot(map, &k) = (unsigned)i + 1;
	}
}

/* The entry of `key` in `map` itself, or NULL. Inline
 * (like the two above): lookups are the template engine's main cost. */
static inline struct value_entry *map_find(const struct value *map,
					   const struct value_key *key)
{
	if (!(map->u.map.bloom >> (key->hash & 63) & 1))
		return NULL;
	if (map->map_index_cap) {
		unsigned e = *index_slot(map, key);
		return e ? &map->u.map.entries[e - 1] : NULL;
	}
	for (size_t i = 0; i < map->u.map.len; i++)
		if (entry_has_key(&map->u.map.entries[i], key))
			return &map->u.map.entries[i];
	return NULL;
}

void value_map_set_key(struct arena *a, struct value *map, struct value_key k,
		       struct value *val)
{
	if (map->type != VALUE_MAP || map->u.map.seal)
		abort();
	struct value_entry *e = map_find(map, &k);
	if (e) {
		e->val = val;
		return;
	}
	if (map->u.map.len == map->u.map.cap) {
		size_t cap = map->u.map.cap;
		map->u.map.entries = grow_array(a, map->u.map.entries, map->u.map.len, &cap,
						sizeof(struct value_entry));
		if (cap > UINT32_MAX)
			abort(); /* four thousand million keys: never a page's */
		map->u.map.cap = (uint32_t)cap;
	}
	e = &map->u.map.entries[map->u.map.len++];
	*e = (struct value_entry){ k.s, val, k.hash, k.len };
	map->u.map.bloom |= (uint64_t)1 << (k.hash & 63);
	if (map->u.map.len == VALUE_MAP_INDEXED ||
	    (map->map_index_cap && map->u.map.len * 2 + 2 > map->map_index_cap))
		index_rebuild(a, map);
	else if (map->map_index_cap)
		*index_slot(map, &k) = (unsigned)map->u.map.len;
}

void value_map_set_parent(struct value *map, const struct value *parent)
{
	if (map->type != VALUE_MAP || map->u.map.seal || (parent && parent->type != VALUE_MAP))
		abort();
	map->u.map.parent = parent;
}

/* value_map_get_key, inline in the loops of value_lookup_path. */
static inline struct value *map_get_key(const struct value *map, const struct value_key *key)
{
	for (; map && map->type == VALUE_MAP; map = map->u.map.parent) {
		struct value_entry *e = map_find(map, key);
		if (e)
			return e->val;
	}
	return NULL;
}

struct value *value_map_get_key(const struct value *map,
				const struct value_key *key)
{
	return map_get_key(map, key);
}

const struct value *value_lookup_path(const struct value *const *stack, size_t depth,
				      const struct value_key *keys, size_t n)
{
	const struct value *v = NULL;
	for (size_t i = depth; i-- > 0;) {
		v = map_get_key(stack[i], &keys[0]);
		if (v)
			break;
	}
	for (size_t k = 1; v && k < n; k++)
		v = map_get_key(v, &keys[k]);
	return v;
}

size_t value_list_len(const struct value *list)
{
	return list && list->type == VALUE_LIST ? list->u.list.len : 0;
}

bool value_list_has_text(const struct value *list, const char *key)
{
	for (size_t i = 0; i < value_list_len(list); i++) {
		const char *t = value_string(value_map_get(value_list_item(list, i), key));
		if (t && *t)
			return true;
	}
	return false;
}

const struct value *value_list_item(const struct value *list, size_t i)
{
	return value_list_at((struct value *)list, i);
}

struct value *value_list_at(struct value *list, size_t i)
{
	if (!list || list->type != VALUE_LIST || i >= list->u.list.len)
		return NULL;
	return list->u.list.items[i];
}

const char *value_string(const struct value *v)
{
	return v && v->type == VALUE_STRING ? v->u.str.ptr : NULL;
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

/* What "%lld" prints, without printf's cost: pages print many whole
 * numbers (counts, minutes, years). */
static void append_whole(long long n, struct buf *out)
{
	char tmp[1 + NUMFMT_UINT_MAX];
	size_t i = 0;
	if (n < 0)
		tmp[i++] = '-';
	uint64_t u = n < 0 ? 0ull - (unsigned long long)n : (unsigned long long)n;
	i += numfmt_uint(tmp + i, u);
	buf_add(out, tmp, i);
}

/* The shortest %g form that reads back as the same double. */
static void append_number(double n, struct buf *out)
{
	char tmp[40];
	if (!isfinite(n))
		return;
	if (n == (double)(long long)n && fabs(n) < 1e15) { /* whole numbers */
		append_whole((long long)n, out);
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

void value_append_html(const struct value *str, struct buf *out)
{
	/* the one change a value sees once built: the same from any thread
	 * (relaxed: the answer, not an order, is what is shared) */
	_Atomic unsigned char *html = (_Atomic unsigned char *)&str->u.str.html;
	unsigned char known = atomic_load_explicit(html, memory_order_relaxed);
	if (known == VALUE_HTML_UNKNOWN) {
		known = text_html_is_plain(str->u.str.ptr, str->u.str.len) ? VALUE_HTML_PLAIN
									 : VALUE_HTML_ESCAPED;
		atomic_store_explicit(html, known, memory_order_relaxed);
	}
	if (known == VALUE_HTML_PLAIN)
		buf_add(out, str->u.str.ptr, str->u.str.len);
	else
		text_escape_html_nul(out, str->u.str.ptr, str->u.str.len);
}

/* ---- fingerprints ---- */

static void digest_entries(const struct value *map, struct digest *d)
{
	digest_add_len(d, map->u.map.len);
	for (size_t i = 0; i < map->u.map.len; i++) {
		digest_add_str(d, map->u.map.entries[i].key);
		value_digest(map->u.map.entries[i].val, d);
	}
}

/* A sealed value's digest: its own tag, so that it never reads as a value. */
static void add_seal(struct digest *d, const struct digest_value *seal)
{
	digest_add_byte(d, 0xfeu);
	digest_add_value(d, *seal);
}

void value_digest(const struct value *v, struct digest *d)
{
	if (!v) {
		digest_add_byte(d, 0xffu);
		return;
	}
	/* a seal is looked at in its type's case: no cost to the others */
	switch (v->type) {
	case VALUE_NULL:
		digest_add_byte(d, VALUE_NULL); /* a tag: a byte is enough */
		break;
	case VALUE_BOOL:
		digest_add_byte(d, VALUE_BOOL);
		digest_add_byte(d, v->u.boolean);
		break;
	case VALUE_NUMBER: {
		uint64_t bits;
		memcpy(&bits, &v->u.number, sizeof bits);
		digest_add_byte(d, VALUE_NUMBER);
		digest_add_u64(d, bits);
		break;
	}
	case VALUE_STRING:
		if (v->u.str.seal) {
			add_seal(d, v->u.str.seal);
			break;
		}
		digest_add_byte(d, VALUE_STRING);
		digest_add_field(d, v->u.str.ptr, v->u.str.len);
		break;
	case VALUE_LIST:
		if (v->u.list.seal) {
			add_seal(d, v->u.list.seal);
			break;
		}
		digest_add_byte(d, VALUE_LIST);
		digest_add_len(d, v->u.list.len);
		for (size_t i = 0; i < v->u.list.len; i++)
			value_digest(v->u.list.items[i], d);
		break;
	case VALUE_MAP:
		if (v->u.map.seal) {
			add_seal(d, v->u.map.seal);
			break;
		}
		digest_add_byte(d, VALUE_MAP);
		digest_entries(v, d);
		value_digest(v->u.map.parent, d);
		break;
	}
}

void value_digest_own(const struct value *map, struct digest *d)
{
	if (!map || map->type != VALUE_MAP) {
		value_digest(map, d);
		return;
	}
	digest_entries(map, d);
}

void value_seal(struct arena *a, struct value *v)
{
	const struct digest_value **slot = seal_slot(v);
	if (!slot || *slot)
		return; /* a scalar's digest costs no more than its seal */
	struct digest d;
	digest_init(&d);
	value_digest(v, &d);
	struct digest_value *k = arena_alloc(a, sizeof *k);
	*k = digest_end(&d);
	*slot = k;
}
