/* Tests for strmap: the string-keyed map every set and tally uses. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/strmap.h"

#include <stdio.h>
#include <string.h>

static void test_absent_keys_are_created_as_zero(void **state)
{
	(void)state;
	struct strmap m = STRMAP_INIT;
	assert_null(strmap_get(&m, "rtx-4090"));
	bool created = false;
	size_t *v = strmap_slot(&m, "rtx-4090", &created);
	assert_true(created);
	assert_int_equal(*v, 0);
	*v = 7;
	v = strmap_slot(&m, "rtx-4090", &created);
	assert_false(created);
	assert_int_equal(*v, 7);
	assert_int_equal(*strmap_get(&m, "rtx-4090"), 7);
	assert_int_equal(m.len, 1);
	strmap_free(&m);
	assert_int_equal(m.len, 0);
	assert_null(strmap_get(&m, "rtx-4090")); /* empty and reusable */
	strmap_free(&m);
}

static void test_keys_are_copied(void **state)
{
	(void)state;
	struct strmap m = STRMAP_INIT;
	char key[16];
	strcpy(key, "h100");
	*strmap_slot(&m, key, NULL) = 1;
	strcpy(key, "a100");
	assert_null(strmap_get(&m, "a100"));
	assert_int_equal(*strmap_get(&m, "h100"), 1);
	strmap_free(&m);
}

static void test_borrowed_keys_are_kept_as_given_with_their_length(void **state)
{
	(void)state;
	struct strmap m = STRMAP_INIT_BORROWED;
	const char *text = "h100-80gb a100-80gb";
	/* keys of `len` bytes inside a longer string, not NUL-terminated */
	*strmap_slot_n(&m, text, 4, NULL) = 1;          /* "h100" */
	*strmap_slot_n(&m, text + 10, 4, NULL) = 2;     /* "a100" */
	assert_int_equal(*strmap_get(&m, "h100"), 1);
	assert_int_equal(*strmap_get_n(&m, "a100-40gb", 4), 2);
	assert_null(strmap_get(&m, "h100-80gb"));       /* a longer key is another */
	assert_null(strmap_get_n(&m, "h10", 3));
	for (size_t i = 0; i < m.cap; i++) /* the caller's pointers, not copies */
		assert_true(!m.slots[i].key || m.slots[i].key == text || m.slots[i].key == text + 10);
	bool created;
	*strmap_slot(&m, "h100", &created) += 10;
	assert_false(created);
	assert_int_equal(*strmap_get_n(&m, text, 4), 11);
	strmap_free(&m); /* frees no key */
	assert_true(m.borrowed);
	assert_null(strmap_get(&m, "h100"));
}

static void test_many_keys_survive_growth(void **state)
{
	(void)state;
	struct strmap m = STRMAP_INIT;
	char key[32];
	for (size_t i = 0; i < 5000; i++) {
		snprintf(key, sizeof key, "key-%zu", i);
		*strmap_slot(&m, key, NULL) = i + 1;
	}
	assert_int_equal(m.len, 5000);
	/* a power of two with room to spare */
	assert_true(m.cap >= m.len && (m.cap & (m.cap - 1)) == 0);
	for (size_t i = 0; i < 5000; i++) {
		snprintf(key, sizeof key, "key-%zu", i);
		const size_t *v = strmap_get(&m, key);
		assert_non_null(v);
		assert_int_equal(*v, i + 1);
	}
	assert_null(strmap_get(&m, "key-5000"));
	strmap_free(&m);
}

/* Room reserved for n keys takes n keys without a new table (a value's
 * pointer stays valid), and a map reserved again keeps what it holds. */
static void test_reserved_room_takes_its_keys_without_growing(void **state)
{
	(void)state;
	struct strmap m = STRMAP_INIT;
	*strmap_slot(&m, "before", NULL) = 42;
	strmap_reserve(&m, 1000);
	assert_int_equal(*strmap_get(&m, "before"), 42);
	const struct strmap_entry *slots = m.slots;
	size_t cap = m.cap;
	assert_true(cap * 3 >= 1000 * 4);
	char key[32];
	for (int i = 1; i < 1000; i++) {
		snprintf(key, sizeof key, "page-%d/", i);
		*strmap_slot(&m, key, NULL) = (size_t)i;
	}
	assert_ptr_equal(m.slots, slots);
	assert_int_equal(m.cap, cap);
	for (int i = 1; i < 1000; i++) {
		snprintf(key, sizeof key, "page-%d/", i);
		assert_int_equal(*strmap_get(&m, key), (size_t)i);
	}
	strmap_reserve(&m, 10); /* less than it holds: nothing changes */
	assert_ptr_equal(m.slots, slots);
	assert_int_equal(m.len, 1000);
	strmap_free(&m);
}

static void test_hash_is_fnv1a(void **state)
{
	(void)state;
	/* FNV-1a of "" is the offset basis; of "a" a known value (an asset's
	 * address holds it: it must not change) */
	assert_true(strmap_hash_bytes("", 0) == 0xcbf29ce484222325ULL);
	assert_true(strmap_hash_bytes("a", 1) == 0xaf63dc4c8601ec8cULL);
	assert_true(strmap_hash_bytes("rtx-4090", 8) != strmap_hash_bytes("rtx-4080", 8));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_absent_keys_are_created_as_zero),
		cmocka_unit_test(test_keys_are_copied),
		cmocka_unit_test(test_borrowed_keys_are_kept_as_given_with_their_length),
		cmocka_unit_test(test_many_keys_survive_growth),
		cmocka_unit_test(test_reserved_room_takes_its_keys_without_growing),
		cmocka_unit_test(test_hash_is_fnv1a),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
