/* Tests for pagecache_memos: the page cache's memos and the table that
 * finds them by key, held to a plain list read in order. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "publish/pagecache_memos.h"

#include <stdlib.h>

static struct digest_value key_of(uint64_t hi, uint64_t lo)
{
	return (struct digest_value){ hi, lo };
}

static struct pagecache_rec rec_of(uint64_t at)
{
	return (struct pagecache_rec){ at, at + 1, { at, at } };
}

/* `key` is found, with the record at `at` (rec_of's). */
static void assert_found(const struct pagecache_memos *m, struct digest_value key, uint64_t at)
{
	const struct pagecache_memo_entry *f = pagecache_memos_find(m, key);
	assert_non_null(f);
	assert_true(digest_equal(f->key, key));
	assert_true(f->rec.at == at && f->rec.len == at + 1 && f->rec.check.lo == at);
}

static void test_added_memos_are_found_and_a_key_taken_once(void **state)
{
	(void)state;
	struct pagecache_memos m;
	pagecache_memos_init(&m);
	assert_null(pagecache_memos_find(&m, key_of(1, 2))); /* no table yet */
	struct pagecache_memo_entry *a = pagecache_memos_add(&m, key_of(1, 2));
	assert_non_null(a);
	assert_true(a->rec.at == 0 && a->rec.len == 0); /* the caller's to set */
	a->rec = rec_of(10);
	pagecache_memos_add(&m, key_of(2, 1))->rec = rec_of(20);
	assert_null(pagecache_memos_add(&m, key_of(1, 2))); /* taken */
	assert_int_equal(m.n, 2);
	assert_found(&m, key_of(1, 2), 10);
	assert_found(&m, key_of(2, 1), 20);
	assert_null(pagecache_memos_find(&m, key_of(1, 1)));
	assert_null(pagecache_memos_find(&m, key_of(2, 2)));
	pagecache_memos_release(&m);
	assert_int_equal(m.n, 0);
	assert_null(pagecache_memos_find(&m, key_of(1, 2))); /* empty and reusable */
	pagecache_memos_release(&m);
}

/* Keys that share their slot (the low word, or its low bits) and the half
 * of the high word a slot holds, told apart by the rest. */
static void test_keys_alike_in_what_a_slot_holds_are_told_apart(void **state)
{
	(void)state;
	struct pagecache_memos m;
	pagecache_memos_init(&m);
	const uint64_t tag = 0x89abcdefu; /* the low half of each high word */
	for (uint64_t i = 0; i < 40; i++) {
		uint64_t lo = i % 2 ? 7 : 7 + (i << 40); /* one slot, any table size */
		pagecache_memos_add(&m, key_of(i << 32 | tag, lo))->rec = rec_of(i);
	}
	for (uint64_t i = 0; i < 40; i++)
		assert_found(&m, key_of(i << 32 | tag, i % 2 ? 7 : 7 + (i << 40)), i);
	assert_null(pagecache_memos_find(&m, key_of(40ull << 32 | tag, 7)));
	assert_null(pagecache_memos_find(&m, key_of(3ull << 32 | tag, 8)));
	pagecache_memos_release(&m);
}

/* A small xorshift: the same keys every run. */
static uint64_t next_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Memos appended as an index lists them (a few keys twice, as only a
 * damaged index would) are read in order before they are indexed, then by
 * the table: each key's first memo either way, the rest dropped, the
 * order kept; a memo added after them goes in the table too. Held to a
 * list read in order, over table sizes from empty to thousands. */
static void test_appended_memos_read_alike_before_and_after_their_table(void **state)
{
	(void)state;
	uint64_t seed = 0x9E3779B97F4A7C15u;
	for (size_t n = 0; n <= 3000; n = n ? n * 3 : 1) {
		struct pagecache_memos m;
		pagecache_memos_init(&m);
		struct digest_value *keys = calloc(n + 1, sizeof *keys);
		size_t distinct = 0;
		for (size_t i = 0; i < n; i++) {
			/* one in ten a key listed before (its first memo stays) */
			bool again = i && next_random(&seed) % 10 == 0;
			keys[i] = again ? keys[next_random(&seed) % i]
					: key_of(next_random(&seed), next_random(&seed) % 512);
			distinct += !again;
			pagecache_memos_append(&m, keys[i], rec_of(i));
		}
		assert_int_equal(m.n, n);
		assert_true(m.indexed == (n == 0));
		for (int round = 0; round < 2; round++) {
			for (size_t i = 0; i < n; i++) {
				size_t first = 0;
				while (!digest_equal(keys[first], keys[i]))
					first++;
				assert_found(&m, keys[i], first);
			}
			pagecache_memos_index(&m);
			assert_true(m.indexed);
			assert_int_equal(m.n, distinct);
		}
		for (size_t i = 1; i < m.n; i++)
			assert_true(m.at[i - 1].rec.at < m.at[i].rec.at); /* in order */
		pagecache_memos_add(&m, key_of(1, 1))->rec = rec_of(5000);
		assert_found(&m, key_of(1, 1), 5000);
		assert_null(pagecache_memos_add(&m, key_of(1, 1)));
		free(keys);
		pagecache_memos_release(&m);
	}
}

/* Memos expected and appended are read in order; the first memo added
 * then indexes them, and finds a key appended before. */
static void test_an_add_indexes_the_appended_memos_first(void **state)
{
	(void)state;
	struct pagecache_memos m;
	pagecache_memos_init(&m);
	pagecache_memos_expect(&m, 2); /* room, and no table for them yet */
	assert_false(m.indexed);
	assert_true(m.cap >= 2 && m.nslots == 0);
	pagecache_memos_append(&m, key_of(5, 5), rec_of(1));
	pagecache_memos_append(&m, key_of(6, 6), rec_of(2));
	assert_false(m.indexed);
	assert_found(&m, key_of(6, 6), 2); /* read in order */
	assert_null(pagecache_memos_add(&m, key_of(6, 6)));
	assert_true(m.indexed);
	pagecache_memos_add(&m, key_of(7, 7))->rec = rec_of(3);
	assert_found(&m, key_of(5, 5), 1);
	assert_found(&m, key_of(6, 6), 2);
	assert_found(&m, key_of(7, 7), 3);
	pagecache_memos_release(&m);
}

/* Room reserved up front takes that many memos without a new table, and
 * keeps the memos there are. */
static void test_reserved_room_takes_its_memos_without_a_new_table(void **state)
{
	(void)state;
	struct pagecache_memos m;
	pagecache_memos_init(&m);
	pagecache_memos_add(&m, key_of(9, 9))->rec = rec_of(9);
	pagecache_memos_reserve(&m, 1000);
	const uint64_t *slots = m.slots;
	assert_found(&m, key_of(9, 9), 9);
	for (uint64_t i = 1; i < 1000; i++)
		pagecache_memos_add(&m, key_of(i, i * 0x9E3779B97F4A7C15u))->rec = rec_of(i + 100);
	assert_ptr_equal(m.slots, slots);
	assert_true(m.nslots >= 2000);
	for (uint64_t i = 1; i < 1000; i++)
		assert_found(&m, key_of(i, i * 0x9E3779B97F4A7C15u), i + 100);
	pagecache_memos_release(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_added_memos_are_found_and_a_key_taken_once),
		cmocka_unit_test(test_keys_alike_in_what_a_slot_holds_are_told_apart),
		cmocka_unit_test(test_appended_memos_read_alike_before_and_after_their_table),
		cmocka_unit_test(test_an_add_indexes_the_appended_memos_first),
		cmocka_unit_test(test_reserved_room_takes_its_memos_without_a_new_table),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
