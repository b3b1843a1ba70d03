/* value: the template context tree (null, bool, number, string, list, map).
 *
 * Values are built once, then only read (by the template engine; a string
 * notes once whether it has characters HTML escapes, value_append_html,
 * the same from any thread). Every value lives in an arena (see arena.h)
 * and is freed with it; nothing is freed alone.
 * Strings and keys may be borrowed from longer-lived memory (the data tables
 * live all build long) to avoid copies: each function says whether it copies.
 *
 * Truthiness (for Mustache sections): null, false, the empty string and the
 * empty list are false; every number is true, 0 included, because 0 is a
 * figure (a missing figure is null, never 0).
 */
#ifndef GPUGUIDE_VALUE_H
#define GPUGUIDE_VALUE_H

#include "base/bytes.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct arena;
struct buf;

enum value_type {
	VALUE_NULL,
	VALUE_BOOL,
	VALUE_NUMBER,
	VALUE_STRING,
	VALUE_LIST,
	VALUE_MAP,
};

struct value;
struct value_entry {
	const char *key; /* borrowed */
	struct value *val;
	/* of `key` (see struct value_key): compared before its bytes */
	uint32_t hash, len;
};

/* A key with its hash worked out once, for code that looks the same key up
 * in many maps (the template engine makes one per name when it parses). */
struct value_key {
	const char *s; /* borrowed */
	uint32_t hash, len; /* len: strlen(s) */
};

struct digest_value;
struct value {
	enum value_type type;
	unsigned map_index_cap; /* a map's index size: 0 or a power of two */
	/* `seal`: the value's digest when it was given or worked out once (a
	 * keyed string, a sealed map or list): value_digest adds it instead of
	 * walking the value, which must not change any more (value_seal) */
	union {
		bool boolean;
		double number;
		struct {
			const char *ptr; /* NUL-terminated */
			size_t len;
			const struct digest_value *seal;
			/* VALUE_HTML_*: whether its HTML is its text, found
			 * the first time it is written (value_append_html) */
			_Atomic unsigned char html;
		} str;
		struct {
			struct value **items;
			size_t len, cap;
			const struct digest_value *seal;
		} list;
		struct {
			struct value_entry *entries;
			uint32_t len, cap;
			/* bit (hash & 63) of each of its keys set: a key whose
			 * bit is clear is not looked for (most lookups of a
			 * template miss most of the maps they pass) */
			uint64_t bloom;
			/* maps past VALUE_MAP_INDEXED keys get a hash index
			 * (entry number + 1, 0 = empty; map_index_cap slots),
			 * built as keys are set, so lookups in big maps (the
			 * UI strings) stay O(1); smaller maps are scanned,
			 * comparing hashes first */
			unsigned *index;
			/* keys this map lacks are looked up here (or NULL) */
			const struct value *parent;
			const struct digest_value *seal;
		} map;
	} u;
};

#define VALUE_MAP_INDEXED 12

/* The one null value (static; never modify it). */
struct value *value_null(void);
/* true or false: one shared, static value each (never modify it; `a` is
 * not used) */
struct value *value_new_bool(struct arena *a, bool b);
struct value *value_new_number(struct arena *a, double n);
/* A string value holding a copy of `s`. */
struct value *value_new_string(struct arena *a, const char *s);
struct value *value_new_stringn(struct arena *a, const char *s, size_t len);
/* A string value holding a copy of `s` whose text is wholly made from what
 * `key` digests (an article's body: its Markdown and the HTML of each
 * figure it cites). value_digest adds the key instead of the text, so a
 * page whose context holds a long text it made itself is digested at the
 * cost of a few words; two such strings with one key must be the same
 * text, which is the caller's promise. */
struct value *value_new_string_keyed(struct arena *a, const char *s,
				     const struct digest_value *key);
/* The same without a copy: the malloc'd `s` (`len` bytes) becomes the
 * arena's, freed with it (arena_own): a page's chart or an article's HTML,
 * tens of kilobytes. */
struct value *value_new_string_keyed_owned(struct arena *a, char *s, size_t len,
					   const struct digest_value *key);
/* A string value that borrows `s`: `s` must outlive the value. */
struct value *value_new_string_borrowed(struct arena *a, const char *s);
struct value *value_new_list(struct arena *a);
struct value *value_new_map(struct arena *a);

/* Append `item` to a list. */
void value_list_push(struct arena *a, struct value *list, struct value *item);
/* `s` (borrowed: it must outlive the key) with its hash, for
 * value_map_get_key and value_map_set_key. Inline, as the shorthands
 * below: a key written in the code (most are) has its length and hash
 * worked out when gen is compiled, not at every page. */
static inline struct value_key value_key_make(const char *s)
{
	size_t n = strlen(s);
	if (n > UINT32_MAX)
		abort(); /* a key of four gigabytes: never a page's */
	return (struct value_key){ s, bytes_hash_short(s, n), (uint32_t)n };
}

/* Set `key` (its string borrowed: it must outlive the map) to `val`,
 * replacing any earlier value of that key. */
void value_map_set_key(struct arena *a, struct value *map, struct value_key key,
		       struct value *val);
static inline void value_map_set(struct arena *a, struct value *map, const char *key,
				 struct value *val)
{
	value_map_set_key(a, map, value_key_make(key), val);
}
/* Shorthands: a copied string (NULL gives null), a number, a bool. */
static inline void value_map_set_str(struct arena *a, struct value *map, const char *key,
				     const char *s)
{
	value_map_set(a, map, key, s ? value_new_string(a, s) : value_null());
}
/* A string that lives at least as long as the map (in its arena, the
 * build's, or static): borrowed, not copied (NULL gives null). */
static inline void value_map_set_borrowed(struct arena *a, struct value *map,
					  const char *key, const char *s)
{
	value_map_set(a, map, key, s ? value_new_string_borrowed(a, s) : value_null());
}
static inline void value_map_set_num(struct arena *a, struct value *map, const char *key,
				     double n)
{
	value_map_set(a, map, key, value_new_number(a, n));
}
static inline void value_map_set_bool(struct arena *a, struct value *map, const char *key,
				      bool b)
{
	value_map_set(a, map, key, value_new_bool(a, b));
}

/* Let `map` fall back on `parent` (a map) for keys it lacks: many pages
 * share one set of keys without copying it. `parent` must outlive `map`. */
void value_map_set_parent(struct value *map, const struct value *parent);

/* value_map_get with the key's hash worked out once: cheaper when one key
 * is looked up in many maps or many times. */
struct value *value_map_get_key(const struct value *map,
				const struct value_key *key);
/* The value of `key` in a map (or its parents), or NULL when absent (or
 * `map` is no map). Inline, as value_map_set. */
static inline struct value *value_map_get(const struct value *map, const char *key)
{
	struct value_key k = value_key_make(key);
	return value_map_get_key(map, &k);
}
/* A dotted name of n keys (n >= 1) as a template reads it: the first
 * looked up in the maps of `stack` (and their parents) from its top, the
 * last of `depth`, down; each next one in the value the one before
 * names. NULL when a key is missing. */
const struct value *value_lookup_path(const struct value *const *stack, size_t depth,
				      const struct value_key *keys, size_t n);
/* The number of items of a list (0 for anything else). */
size_t value_list_len(const struct value *list);
/* Item i of a list (NULL past its end or for another value). */
const struct value *value_list_item(const struct value *list, size_t i);
/* The same, writable: for the list's maker, before the list is sealed. */
struct value *value_list_at(struct value *list, size_t i);
/* A string's text, or NULL for another value. */
const char *value_string(const struct value *v);
/* Whether some map of `list` has a non-empty string at `key` (a table's
 * column of blanks is left out). */
bool value_list_has_text(const struct value *list, const char *key);

bool value_is_truthy(const struct value *v);
/* Append the text form of a scalar (numbers in their shortest exact form,
 * e.g. 1.21, 85; null gives nothing) to `out`. Lists and maps give nothing. */
void value_append_text(const struct value *v, struct buf *out);
/* Append a string's text escaped for HTML (text_escape_html_nul); a string
 * is looked at once for characters to escape, and one that has none is
 * copied as it is from then on: a value of a site-wide context (a UI
 * string, a GPU's name) is written on every page, by any thread. */
enum { VALUE_HTML_UNKNOWN, VALUE_HTML_PLAIN, VALUE_HTML_ESCAPED };
void value_append_html(const struct value *str, struct buf *out);

/* Feed everything a template could read of `v` (its parents' keys too)
 * into `d`: two trees with equal digests render alike (pagecache.h). */
struct digest;
void value_digest(const struct value *v, struct digest *d);
/* Only a map's own keys, not its parent's: for a parent shared by many
 * maps, whose digest the caller adds once. A sealed map's own keys are
 * walked all the same (its seal covers its parent too). */
void value_digest_own(const struct value *map, struct digest *d);
/* Work out the digest of `v` (a map or list made once, for many pages:
 * an article's summary keys, a table cell's kit) now, in `a`, and let
 * value_digest add it from now on. A sealed value and what it holds must
 * not change: setting a key of a sealed map, setting its parent or pushing
 * to a sealed list aborts. */
void value_seal(struct arena *a, struct value *v);

#endif
