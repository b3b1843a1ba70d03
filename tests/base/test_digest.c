/* Tests for digest (the 128-bit fingerprint of the page cache) and for
 * value_digest, the fingerprint of a template context: any split of the
 * same bytes gives one digest, a field's length is part of it, and every
 * part of a context a template could read changes it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/arena.h"
#include "base/digest.h"
#include "base/xalloc.h"
#include "base/siphash.h"
#include "template/value.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static const char text[] = "RTX 4090, 24 GB GDDR6X, 1008 GB/s: the fastest card of 2022.";

/* Two digests are one: compared by value and by their hex form. */
static void assert_same(struct digest_value x, struct digest_value y)
{
	char hx[33], hy[33];
	digest_hex(x, hx);
	digest_hex(y, hy);
	assert_string_equal(hx, hy);
	assert_true(digest_equal(x, y));
}

static void assert_differ(struct digest_value x, struct digest_value y)
{
	assert_false(digest_equal(x, y));
	assert_true(x.hi != y.hi || x.lo != y.lo);
}

static void test_any_split_of_the_same_bytes_gives_one_digest(void **state)
{
	(void)state;
	size_t n = strlen(text);
	struct digest_value whole = digest_bytes(text, n);

	struct digest d;
	digest_init(&d);
	for (size_t i = 0; i < n; i++)
		digest_add(&d, text + i, 1);
	assert_same(digest_end(&d), whole);

	digest_init(&d);
	digest_add(&d, text, 7);
	digest_add(&d, text + 7, n - 7);
	assert_same(digest_end(&d), whole);

	/* every split point, with an empty add in the middle */
	for (size_t cut = 0; cut <= n; cut++) {
		digest_init(&d);
		digest_add(&d, text, cut);
		digest_add(&d, "", 0);
		digest_add(&d, text + cut, n - cut);
		assert_same(digest_end(&d), whole);
	}
}

static void test_one_changed_byte_or_length_changes_the_digest(void **state)
{
	(void)state;
	size_t n = strlen(text);
	char copy[sizeof text];
	struct digest_value whole = digest_bytes(text, n);
	for (size_t i = 0; i < n; i++) {
		memcpy(copy, text, sizeof text);
		copy[i] ^= 1;
		assert_differ(digest_bytes(copy, n), whole);
	}
	/* one byte fewer or more, and zero bytes appended (a length the
	 * bytes alone would not tell) */
	assert_differ(digest_bytes(text, n - 1), whole);
	assert_differ(digest_bytes(text, n + 1), whole); /* its NUL */
	char zeros[16] = { 0 };
	assert_differ(digest_bytes(zeros, 8), digest_bytes(zeros, 9));
	assert_differ(digest_bytes(zeros, 0), digest_bytes(zeros, 1));
	assert_differ(digest_bytes(zeros, 7), digest_bytes(zeros, 8));
}

static struct digest_value digest_strs(const char *a, const char *b)
{
	struct digest d;
	digest_init(&d);
	digest_add_str(&d, a);
	digest_add_str(&d, b);
	return digest_end(&d);
}

static void test_strings_are_added_with_their_length(void **state)
{
	(void)state;
	assert_same(digest_strs("ab", "c"), digest_strs("ab", "c"));
	assert_differ(digest_strs("ab", "c"), digest_strs("a", "bc"));
	assert_differ(digest_strs("abc", ""), digest_strs("", "abc"));
	assert_differ(digest_strs(NULL, "x"), digest_strs("", "x"));
	assert_differ(digest_strs("x", NULL), digest_strs("x", ""));
	assert_same(digest_strs(NULL, NULL), digest_strs(NULL, NULL));
	/* numbers and digests are words of their own */
	struct digest d, e;
	digest_init(&d);
	digest_add_u64(&d, 1);
	digest_init(&e);
	digest_add_u64(&e, 256);
	assert_differ(digest_end(&d), digest_end(&e));
	struct digest_value v = digest_strs("a", "b");
	digest_init(&d);
	digest_add_value(&d, v);
	digest_init(&e);
	digest_add_u64(&e, v.hi);
	digest_add_u64(&e, v.lo);
	assert_same(digest_end(&d), digest_end(&e));
}

/* The bytes digest_add_len adds, as digest_add would add them. */
static struct digest_value digest_len(uint64_t n)
{
	struct digest d;
	digest_init(&d);
	digest_add_len(&d, n);
	return digest_end(&d);
}

static void test_lengths_are_7_bits_a_byte(void **state)
{
	(void)state;
	/* LEB128: 127 in one byte, 128 in two (0x80 0x01), 2^64 - 1 in ten */
	assert_same(digest_len(0), digest_bytes("\x00", 1));
	assert_same(digest_len(127), digest_bytes("\x7f", 1));
	assert_same(digest_len(128), digest_bytes("\x80\x01", 2));
	assert_same(digest_len(300), digest_bytes("\xac\x02", 2));
	assert_same(digest_len(UINT64_MAX),
		    digest_bytes("\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 10));
	char big[129];
	memset(big, 'x', sizeof big);
	struct digest d;
	/* lengths near the pending buffer's end land whole */
	for (size_t fill = 500; fill < 512; fill++) {
		digest_init(&d);
		for (size_t k = 0; k < fill; k++)
			digest_add_byte(&d, 'x');
		digest_add_len(&d, UINT64_MAX);
		struct buf_like { char b[600]; } all;
		memset(all.b, 'x', fill);
		memcpy(all.b + fill, "\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 10);
		assert_same(digest_end(&d), digest_bytes(all.b, fill + 10));
	}
}

/* A check tells bytes from every copy with one bit flipped, one byte
 * more or fewer, or two blocks swapped; and is the same for the same
 * bytes wherever they lie. */
/* A field is its length (digest_add_len) then its bytes, whatever its
 * length and wherever the pending bytes stand. */
static void test_a_field_is_its_length_then_its_bytes(void **state)
{
	(void)state;
	char bytes[200];
	for (size_t i = 0; i < sizeof bytes; i++)
		bytes[i] = (char)('a' + i % 26);
	static const size_t fills[] = { 0, 1, 7, 400, 440, 446, 447, 448, 449, 500, 510, 511 };
	for (size_t f = 0; f < sizeof fills / sizeof *fills; f++)
		for (size_t len = 0; len <= sizeof bytes; len += len < 70 ? 1 : 43) {
			struct digest d, e;
			digest_init(&d);
			digest_init(&e);
			for (size_t k = 0; k < fills[f]; k++) {
				digest_add_byte(&d, 'z');
				digest_add_byte(&e, 'z');
			}
			digest_add_field(&d, bytes + 1, len);
			digest_add_len(&e, len);
			for (size_t k = 0; k < len; k++)
				digest_add_byte(&e, (unsigned char)bytes[1 + k]);
			assert_same(digest_end(&d), digest_end(&e));
		}
}

static void test_a_check_tells_a_damaged_copy(void **state)
{
	(void)state;
	unsigned char bytes[80], copy[81];
	for (size_t i = 0; i < sizeof bytes; i++)
		bytes[i] = (unsigned char)(i * 37 + 11);
	for (size_t len = 0; len <= sizeof bytes; len++) {
		struct digest_value c = digest_check(bytes, len);
		memcpy(copy + 1, bytes, len); /* elsewhere, unaligned */
		assert_same(digest_check(copy + 1, len), c);
		for (size_t bit = 0; bit < len * 8; bit++) {
			memcpy(copy, bytes, len);
			copy[bit / 8] ^= (unsigned char)(1u << (bit % 8));
			assert_differ(digest_check(copy, len), c);
		}
		if (len) {
			assert_differ(digest_check(bytes, len - 1), c);
			memcpy(copy, bytes, len);
			copy[len] = 0;
			assert_differ(digest_check(copy, len + 1), c);
		}
		if (len >= 32) { /* the first 16 bytes after the second 16 */
			memcpy(copy, bytes + 16, 16);
			memcpy(copy + 16, bytes, 16);
			memcpy(copy + 32, bytes + 32, len - 32);
			assert_differ(digest_check(copy, len), c);
		}
		if (len >= 64) { /* two blocks of 32, each word in its lane */
			memcpy(copy, bytes + 32, 32);
			memcpy(copy + 32, bytes, 32);
			memcpy(copy + 64, bytes + 64, len - 64);
			assert_differ(digest_check(copy, len), c);
		}
		if (len >= 16) { /* two words swapped: their lanes differ */
			memcpy(copy, bytes, len);
			memcpy(copy, bytes + 8, 8);
			memcpy(copy + 8, bytes, 8);
			assert_differ(digest_check(copy, len), c);
		}
	}
	/* zeros of any length differ from each other */
	unsigned char zeros[40] = { 0 };
	for (size_t n = 1; n < sizeof zeros; n++)
		assert_differ(digest_check(zeros, n), digest_check(zeros, n - 1));
	/* no key changes it: a check is the bytes' alone */
	struct digest_value before = digest_check(text, strlen(text));
	unsigned char key[DIGEST_KEY_LEN] = { 1 };
	digest_set_key(key);
	assert_same(digest_check(text, strlen(text)), before);
	digest_set_key(NULL);
}

static void test_hex_is_32_lowercase_digits_of_both_words(void **state)
{
	(void)state;
	char hex[33];
	memset(hex, 'X', sizeof hex);
	digest_hex((struct digest_value){ 0x0123456789abcdefu, 0xfedcba9876543210u }, hex);
	assert_string_equal(hex, "0123456789abcdeffedcba9876543210");
	digest_hex((struct digest_value){ 0, 1 }, hex);
	assert_string_equal(hex, "00000000000000000000000000000001");
	/* every digit at once: the letters start where 9 ends, in each half */
	digest_hex((struct digest_value){ UINT64_MAX, 0x9a09a09af0f0f0f0u }, hex);
	assert_string_equal(hex, "ffffffffffffffff9a09a09af0f0f0f0");
	digest_hex(digest_bytes(text, strlen(text)), hex);
	assert_int_equal(strlen(hex), 32);
	assert_int_equal(strspn(hex, "0123456789abcdef"), 32);
}

static void test_end_leaves_the_state_as_it_was(void **state)
{
	(void)state;
	struct digest d, e;
	digest_init(&d);
	digest_init(&e);
	digest_add(&d, text, 11);
	digest_add(&e, text, 11);
	struct digest_value first = digest_end(&d);
	assert_same(digest_end(&d), first); /* twice: the same */
	digest_add(&d, text + 11, 5);
	digest_add(&e, text + 11, 5);
	struct digest_value later = digest_end(&d);
	assert_differ(later, first);
	assert_same(later, digest_end(&e)); /* as if never ended */
	assert_same(later, digest_bytes(text, 16));
}

/* ---- value_digest ---- */

/* {"name":"RTX 4090","vram":24,"pro":false,"tags":["a","b"],
 *  "spec":{"bus":384}} with `parent` as its parent (or none). */
static struct value *make_page(struct arena *a, const struct value *parent)
{
	struct value *m = value_new_map(a);
	value_map_set_str(a, m, "name", "RTX 4090");
	value_map_set_num(a, m, "vram", 24);
	value_map_set_bool(a, m, "pro", false);
	struct value *tags = value_new_list(a);
	value_list_push(a, tags, value_new_string(a, "a"));
	value_list_push(a, tags, value_new_string(a, "b"));
	value_map_set(a, m, "tags", tags);
	struct value *spec = value_new_map(a);
	value_map_set_num(a, spec, "bus", 384);
	value_map_set(a, m, "spec", spec);
	value_map_set(a, m, "none", value_null());
	if (parent)
		value_map_set_parent(m, parent);
	return m;
}

static struct value *make_site(struct arena *a, const char *lang)
{
	struct value *s = value_new_map(a);
	value_map_set_str(a, s, "lang", lang);
	value_map_set_str(a, s, "site_name", "GPU guide");
	return s;
}

static struct digest_value digest_tree(const struct value *v)
{
	struct digest d;
	digest_init(&d);
	value_digest(v, &d);
	return digest_end(&d);
}

static struct digest_value digest_own(const struct value *v)
{
	struct digest d;
	digest_init(&d);
	value_digest_own(v, &d);
	return digest_end(&d);
}

/* ---- the hand-written mix digest used before, and a collision in it ----
 *
 * Two lanes of xxHash's round took the 8-byte words in turn. The round is
 * invertible, so a body with one word changed is brought back to the old
 * lane's state by the next word of that lane: a same-length text with the
 * same digest. collide() makes one of printable ASCII (the article body an
 * adversary would propose); the test pins that the digest now in use tells
 * the two apart. */
#define OLD_P1 0x9e3779b97f4a7c15u
#define OLD_P2 0xc2b2ae3d27d4eb4fu
#define OLD_P3 0x165667b19e3779f9u

static uint64_t rotl64(uint64_t x, unsigned r) { return (x << r) | (x >> (64 - r)); }
static uint64_t rotr64(uint64_t x, unsigned r) { return (x >> r) | (x << (64 - r)); }
static uint64_t old_round(uint64_t v, uint64_t w) { return rotl64(v + w * OLD_P2, 31) * OLD_P1; }

static uint64_t inverse(uint64_t x) /* of an odd number, mod 2^64 */
{
	uint64_t inv = x;
	for (int i = 0; i < 6; i++)
		inv *= 2 - x * inv;
	return inv;
}

static uint64_t word_of(const char *p)
{
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = v << 8 | (unsigned char)p[i];
	return v;
}

static uint64_t old_avalanche(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdu;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53u;
	h ^= h >> 33;
	return h;
}

/* The old digest_bytes, for a length that is a multiple of 8. */
static struct digest_value old_digest(const char *p, size_t len)
{
	uint64_t lane[2] = { OLD_P1, OLD_P2 }, words = 0;
	for (size_t i = 0; i < len; i += 8, words++)
		lane[words & 1] = old_round(lane[words & 1], word_of(p + i));
	lane[words & 1] = old_round(lane[words & 1], 0), words++; /* no tail */
	lane[words & 1] = old_round(lane[words & 1], len);
	uint64_t hi = old_avalanche(lane[0] + rotl64(lane[1], 17) * OLD_P3);
	uint64_t lo = old_avalanche(lane[1] ^ rotl64(lane[0], 43) ^ hi);
	return (struct digest_value){ hi, lo };
}

/* `text` (len a multiple of 8, at least 24) with words 0 and 2 replaced so
 * that the old digest is the same, all printable ASCII: into `out`. */
static void collide(const char *orig, size_t len, char *out)
{
	memcpy(out, orig, len);
	uint64_t target = old_round(old_round(OLD_P1, word_of(orig)), word_of(orig + 16));
	uint64_t seed = 1;
	for (;;) {
		char w0[8], w2[8];
		for (int i = 0; i < 8; i++) {
			seed = seed * 6364136223846793005u + 1442695040888963407u;
			w0[i] = (char)('a' + (seed >> 33) % 26);
		}
		uint64_t v1 = old_round(OLD_P1, word_of(w0));
		uint64_t need = (rotr64(target * inverse(OLD_P1), 31) - v1) * inverse(OLD_P2);
		bool printable = true;
		for (int i = 0; i < 8; i++) {
			w2[i] = (char)(need >> (8 * i));
			printable = printable && w2[i] >= 0x20 && w2[i] < 0x7f;
		}
		if (printable && memcmp(w0, orig, 8)) {
			memcpy(out, w0, 8);
			memcpy(out + 16, w2, 8);
			return;
		}
	}
}

static void test_a_body_colliding_in_the_old_mix_gets_another_digest(void **state)
{
	(void)state;
	static const char body[] = "The RTX 4090 costs $0.39 an hour to rent on demand today........";
	size_t len = sizeof body - 1;
	assert_int_equal(len % 8, 0);
	char forged[sizeof body];
	forged[len] = '\0';
	collide(body, len, forged);
	assert_memory_not_equal(forged, body, len);
	/* the helper works: the old mix could not tell them apart */
	struct digest_value a = old_digest(body, len), b = old_digest(forged, len);
	assert_true(digest_equal(a, b));
	/* the digest in use does, with a key and without */
	assert_false(digest_equal(digest_bytes(body, len), digest_bytes(forged, len)));
	unsigned char key[DIGEST_KEY_LEN];
	memset(key, 7, sizeof key);
	digest_set_key(key);
	assert_false(digest_equal(digest_bytes(body, len), digest_bytes(forged, len)));
	digest_set_key(NULL);
}

/* The tag SipHash-2-4-128 gives `len` bytes under the zero key, as
 * digest_hex prints it (siphash.c is held to the reference's vectors). */
static void sip_hex(const unsigned char *p, size_t len, char hex[33])
{
	static const unsigned char zero[SIPHASH_KEY_LEN];
	unsigned char tag[SIPHASH_TAG_LEN];
	struct siphash s;
	siphash_init(&s, zero);
	siphash_words(&s, p, len / 8);
	siphash_final(&s, p + len / 8 * 8, len % 8, tag);
	for (int i = 0; i < SIPHASH_TAG_LEN; i++)
		snprintf(hex + 2 * i, 3, "%02x", tag[i]);
}

static void test_the_digest_is_siphash_and_its_key_changes_it(void **state)
{
	(void)state;
	char hex[33], want[33];
	/* unkeyed, SipHash-2-4-128 under the zero key, however the bytes come:
	 * one call, or pieces that leave the pending bytes at every offset
	 * before a long run */
	unsigned char big[1500];
	for (size_t i = 0; i < sizeof big; i++)
		big[i] = (unsigned char)(i * 131 + 7);
	static const size_t lens[] = { 0, 1, 7, 8, 9, 511, 512, 513, 1500 };
	for (size_t k = 0; k < sizeof lens / sizeof *lens; k++) {
		sip_hex(big, lens[k], want);
		digest_hex(digest_bytes(big, lens[k]), hex);
		assert_string_equal(hex, want);
		for (size_t first = 1; first < 16 && first < lens[k]; first++) {
			struct digest d;
			digest_init(&d);
			digest_add(&d, big, first);
			digest_add(&d, big + first, lens[k] - first);
			digest_hex(digest_end(&d), hex);
			assert_string_equal(hex, want);
		}
	}
	unsigned char key[DIGEST_KEY_LEN], other[DIGEST_KEY_LEN];
	memset(key, 1, sizeof key);
	memset(other, 2, sizeof other);
	struct digest_value plain = digest_bytes(text, strlen(text));
	digest_set_key(key);
	struct digest_value keyed = digest_bytes(text, strlen(text));
	assert_false(digest_equal(plain, keyed));
	/* digest_bytes_keyed is the same function under the key it is given */
	assert_true(digest_equal(digest_bytes_keyed(key, text, strlen(text)), keyed));
	assert_false(digest_equal(digest_bytes_keyed(other, text, strlen(text)), keyed));
	/* every byte of the key counts */
	key[DIGEST_KEY_LEN - 1] ^= 1;
	assert_false(digest_equal(digest_bytes_keyed(key, text, strlen(text)), keyed));
	digest_set_key(NULL);
	assert_true(digest_equal(digest_bytes(text, strlen(text)), plain));
}

static void test_equal_trees_give_equal_digests(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct value *site1 = make_site(&a, "en"), *site2 = make_site(&a, "en");
	struct value *x = make_page(&a, site1), *y = make_page(&a, site2);
	assert_same(digest_tree(x), digest_tree(y));
	assert_same(digest_tree(make_page(&a, NULL)), digest_tree(make_page(&a, NULL)));
	/* and a tree is not its parent-less twin */
	assert_differ(digest_tree(x), digest_tree(make_page(&a, NULL)));
	arena_free(&a);
}

static void test_a_changed_scalar_changes_the_digest(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct digest_value base = digest_tree(make_page(&a, NULL));

	struct value *m = make_page(&a, NULL);
	value_map_set_str(&a, m, "name", "RTX 4080");
	assert_differ(digest_tree(m), base);

	m = make_page(&a, NULL);
	value_map_set_str(&a, m, "name", "RTX 4090 "); /* longer */
	assert_differ(digest_tree(m), base);

	m = make_page(&a, NULL);
	value_map_set_num(&a, m, "vram", 24.5);
	assert_differ(digest_tree(m), base);

	m = make_page(&a, NULL);
	value_map_set_num(&a, m, "vram", 0);
	assert_differ(digest_tree(m), base);

	m = make_page(&a, NULL);
	value_map_set_bool(&a, m, "pro", true);
	assert_differ(digest_tree(m), base);

	m = make_page(&a, NULL); /* the same text, another type */
	value_map_set_str(&a, m, "vram", "24");
	assert_differ(digest_tree(m), base);

	m = make_page(&a, NULL); /* null is not false */
	value_map_set(&a, m, "none", value_new_bool(&a, false));
	assert_differ(digest_tree(m), base);

	m = make_page(&a, NULL); /* deep inside */
	value_map_set_num(&a, value_map_get(m, "spec"), "bus", 256);
	assert_differ(digest_tree(m), base);

	/* and setting a key to the value it had changes nothing */
	m = make_page(&a, NULL);
	value_map_set_num(&a, m, "vram", 24);
	assert_same(digest_tree(m), base);
	arena_free(&a);
}

static void test_list_order_and_map_keys_change_the_digest(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct digest_value base = digest_tree(make_page(&a, NULL));

	struct value *m = make_page(&a, NULL);
	struct value *tags = value_new_list(&a);
	value_list_push(&a, tags, value_new_string(&a, "b"));
	value_list_push(&a, tags, value_new_string(&a, "a"));
	value_map_set(&a, m, "tags", tags);
	assert_differ(digest_tree(m), base);

	m = make_page(&a, NULL); /* ["ab"] is not ["a","b"] */
	tags = value_new_list(&a);
	value_list_push(&a, tags, value_new_string(&a, "ab"));
	value_map_set(&a, m, "tags", tags);
	assert_differ(digest_tree(m), base);

	m = make_page(&a, NULL); /* one key more */
	value_map_set_str(&a, m, "extra", "");
	assert_differ(digest_tree(m), base);

	/* one key renamed, its value kept */
	struct value *n = value_new_map(&a), *o = value_new_map(&a);
	value_map_set_num(&a, n, "vram", 24);
	value_map_set_num(&a, o, "vramm", 24);
	assert_differ(digest_tree(n), digest_tree(o));
	arena_free(&a);
}

static void test_a_key_of_the_parent_changes_the_digest_not_the_own_one(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct value *en = make_site(&a, "en"), *zh = make_site(&a, "zh");
	struct value *x = make_page(&a, en), *y = make_page(&a, zh);
	assert_differ(digest_tree(x), digest_tree(y));
	/* the parent's keys are left to the caller by value_digest_own */
	assert_same(digest_own(x), digest_own(y));
	assert_same(digest_own(x), digest_own(make_page(&a, NULL)));
	/* which still sees the map's own keys */
	value_map_set_num(&a, y, "vram", 16);
	assert_differ(digest_own(x), digest_own(y));
	/* a parent of the parent counts too */
	struct value *root1 = make_site(&a, "en"), *root2 = make_site(&a, "en");
	value_map_set_str(&a, root2, "site_name", "GPU guide 2");
	struct value *p1 = make_site(&a, "en"), *p2 = make_site(&a, "en");
	value_map_set_parent(p1, root1);
	value_map_set_parent(p2, root2);
	assert_differ(digest_tree(make_page(&a, p1)), digest_tree(make_page(&a, p2)));
	/* for a non-map value_digest_own is value_digest */
	struct value *s = value_new_string(&a, "x");
	assert_same(digest_own(s), digest_tree(s));
	arena_free(&a);
}

/* A keyed string is digested by its key: another text under one key gives
 * one digest (the caller's promise makes that text the same), another key
 * another digest, and no plain string, not even its own text, the same. */
static void test_a_keyed_string_is_digested_by_its_key(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	const struct digest_value key1 = { 1, 2 }, key2 = { 1, 3 };
	struct value *k1 = value_new_string_keyed(&a, "<p>RTX 4090</p>", &key1);
	struct value *k1_other = value_new_string_keyed(&a, "<p>H100</p>", &key1);
	struct value *k2 = value_new_string_keyed(&a, "<p>RTX 4090</p>", &key2);
	struct value *plain = value_new_string(&a, "<p>RTX 4090</p>");
	assert_string_equal(value_string(k1), "<p>RTX 4090</p>");
	assert_same(digest_tree(k1), digest_tree(k1_other));
	assert_false(digest_equal(digest_tree(k1), digest_tree(k2)));
	assert_false(digest_equal(digest_tree(k1), digest_tree(plain)));
	/* one made from a malloc'd text the arena takes is the same value (the
	 * text freed with the arena: ASan) */
	struct value *owned = value_new_string_keyed_owned(&a, xstrdup("<p>RTX 4090</p>"), 15,
							   &key1);
	assert_string_equal(value_string(owned), "<p>RTX 4090</p>");
	assert_same(digest_tree(owned), digest_tree(k1));
	/* in a map, as a page's body */
	struct value *m1 = value_new_map(&a), *m2 = value_new_map(&a);
	value_map_set(&a, m1, "body", k1);
	value_map_set(&a, m2, "body", k2);
	assert_false(digest_equal(digest_own(m1), digest_own(m2)));
	arena_free(&a);
}

/* A sealed map is digested once: equal maps sealed give one digest, maps
 * that differ in any key, or in their parent's, give two; as a parent it
 * tells its children apart as before. */
static void test_a_sealed_map_digests_as_its_contents(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct value *site_en = make_site(&a, "en"), *site_zh = make_site(&a, "zh");
	struct value *x = make_page(&a, site_en), *y = make_page(&a, site_en);
	struct value *z = make_page(&a, site_zh);
	value_seal(&a, x);
	value_seal(&a, y);
	value_seal(&a, z);
	assert_same(digest_tree(x), digest_tree(y));
	assert_false(digest_equal(digest_tree(x), digest_tree(z)));
	struct value *other = make_page(&a, site_en);
	value_map_set_num(&a, other, "vram", 48);
	value_seal(&a, other);
	assert_false(digest_equal(digest_tree(x), digest_tree(other)));
	/* children of sealed parents */
	struct value *cx = value_new_map(&a), *cother = value_new_map(&a);
	value_map_set_str(&a, cx, "href", "/en/");
	value_map_set_str(&a, cother, "href", "/en/");
	value_map_set_parent(cx, x);
	value_map_set_parent(cother, other);
	assert_false(digest_equal(digest_tree(cx), digest_tree(cother)));
	arena_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_any_split_of_the_same_bytes_gives_one_digest),
		cmocka_unit_test(test_one_changed_byte_or_length_changes_the_digest),
		cmocka_unit_test(test_strings_are_added_with_their_length),
		cmocka_unit_test(test_lengths_are_7_bits_a_byte),
		cmocka_unit_test(test_a_field_is_its_length_then_its_bytes),
		cmocka_unit_test(test_a_check_tells_a_damaged_copy),
		cmocka_unit_test(test_hex_is_32_lowercase_digits_of_both_words),
		cmocka_unit_test(test_end_leaves_the_state_as_it_was),
		cmocka_unit_test(test_a_body_colliding_in_the_old_mix_gets_another_digest),
		cmocka_unit_test(test_the_digest_is_siphash_and_its_key_changes_it),
		cmocka_unit_test(test_equal_trees_give_equal_digests),
		cmocka_unit_test(test_a_changed_scalar_changes_the_digest),
		cmocka_unit_test(test_list_order_and_map_keys_change_the_digest),
		cmocka_unit_test(test_a_key_of_the_parent_changes_the_digest_not_the_own_one),
		cmocka_unit_test(test_a_keyed_string_is_digested_by_its_key),
		cmocka_unit_test(test_a_sealed_map_digests_as_its_contents),
	};
	return cmocka_run_group_tests_name("digest", tests, NULL, NULL);
}
