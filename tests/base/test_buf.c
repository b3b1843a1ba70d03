#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>

#include "base/arena.h"
#include "base/buf.h"
#include "base/xalloc.h"
#include "base/diag.h"
#include "template/value.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_new_buffer_is_empty_string(void **state)
{
	(void)state;
	struct buf b = BUF_INIT;
	assert_string_equal(b.ptr, "");
	assert_int_equal(b.len, 0);
	buf_release(&b);
}

static void test_add_keeps_nul_termination(void **state)
{
	(void)state;
	struct buf b = BUF_INIT;
	buf_adds(&b, "rtx");
	buf_addc(&b, '-');
	buf_addf(&b, "%d", 4090);
	assert_string_equal(b.ptr, "rtx-4090");
	assert_int_equal(b.len, 8);
	assert_true(buf_equals(&b, "rtx-4090"));
	buf_truncate(&b, 3);
	assert_string_equal(b.ptr, "rtx");
	buf_release(&b);
}

static void test_addf_grows_past_small_buffer(void **state)
{
	(void)state;
	struct buf b = BUF_INIT;
	char big[1000];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	buf_addf(&b, "<%s>", big);
	assert_int_equal(b.len, 1001);
	assert_int_equal(b.ptr[1000], '>');
	buf_release(&b);
}

/* Growing keeps the bytes a buffer holds; an emptied one (reset) grows
 * without them, still an empty string. */
static void test_grow_keeps_what_is_held_and_only_that(void **state)
{
	(void)state;
	struct buf b = BUF_INIT;
	buf_adds(&b, "h100");
	buf_grow(&b, 10000);
	assert_true(b.cap >= 10005);
	assert_string_equal(b.ptr, "h100");
	buf_reset(&b);
	buf_grow(&b, 50000);
	assert_true(b.cap >= 50001);
	assert_int_equal(b.len, 0);
	assert_string_equal(b.ptr, "");
	buf_adds(&b, "b200");
	assert_string_equal(b.ptr, "b200");
	buf_release(&b);
}

static void test_detach_hands_over_memory(void **state)
{
	(void)state;
	struct buf b = BUF_INIT;
	buf_adds(&b, "owned");
	size_t len;
	char *s = buf_detach(&b, &len);
	assert_string_equal(s, "owned");
	assert_int_equal(len, 5);
	assert_int_equal(b.len, 0);
	free(s);
	s = buf_detach(&b, NULL); /* an empty buffer detaches too */
	assert_string_equal(s, "");
	free(s);
}

static void test_diag_formats_position(void **state)
{
	(void)state;
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	diag_error(&d, "data/prices.csv", 14, 3, "usd_per_hour \"%s\" is not a number", "0,39");
	diag_error(&d, "content/en/a.md", 2, 0, "no column");
	diag_warning(&d, "x", 0, 0, "no line");
	assert_string_equal(log.ptr,
			    "data/prices.csv:14:3: error: usd_per_hour \"0,39\" is not a number\n"
			    "content/en/a.md:2: error: no column\n"
			    "x: warning: no line\n");
	assert_int_equal(d.errors, 2);
	assert_int_equal(d.warnings, 1);
	assert_true(diag_failed(&d));
	buf_release(&log);
}

static void test_message_quoting_input_stays_one_printable_line(void **state)
{
	(void)state;
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	diag_error(&d, "data/prices.csv", 3, 3, "usd_per_hour \"%s\" is not a number",
		   "0.\x1b[31mRED\n39\t");
	assert_string_equal(log.ptr,
			    "data/prices.csv:3:3: error: usd_per_hour \"0.\\x1b[31mRED\\n39\\t\" is not a number\n");
	buf_release(&log);
}

static void test_value_numbers_print_shortest_form(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct buf b = BUF_INIT;
	value_append_text(value_new_number(&a, 1.21), &b);
	buf_addc(&b, ' ');
	value_append_text(value_new_number(&a, 85), &b);
	buf_addc(&b, ' ');
	value_append_text(value_new_number(&a, 0.1 + 0.2), &b);
	assert_string_equal(b.ptr, "1.21 85 0.30000000000000004");
	buf_release(&b);
	arena_free(&a);
}

static void test_zero_is_truthy_null_is_not(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	assert_true(value_is_truthy(value_new_number(&a, 0)));
	assert_false(value_is_truthy(value_null()));
	assert_false(value_is_truthy(value_new_string(&a, "")));
	assert_false(value_is_truthy(value_new_list(&a)));
	struct value *m = value_new_map(&a);
	value_map_set_str(&a, m, "k", "v1");
	value_map_set_str(&a, m, "k", "v2");
	assert_string_equal(value_map_get(m, "k")->u.str.ptr, "v2");
	assert_int_equal(m->u.map.len, 1);
	assert_null(value_map_get(m, "missing"));
	arena_free(&a);
}

static void test_big_map_finds_every_key_and_replaces_in_place(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct value *m = value_new_map(&a);
	char *keys[300];
	for (int i = 0; i < 300; i++) {
		keys[i] = arena_printf(&a, "key.%d", i);
		value_map_set_num(&a, m, keys[i], i);
	}
	value_map_set_num(&a, m, "key.7", 700); /* replaces, keeps the order */
	assert_int_equal(m->u.map.len, 300);
	for (int i = 0; i < 300; i++) {
		struct value *v = value_map_get(m, keys[i]);
		assert_non_null(v);
		assert_true(v->u.number == (i == 7 ? 700 : i));
		assert_string_equal(m->u.map.entries[i].key, keys[i]);
	}
	assert_null(value_map_get(m, "key.300"));
	arena_free(&a);
}

static void test_map_falls_back_on_its_parent(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct value *shared = value_new_map(&a), *page = value_new_map(&a);
	value_map_set_str(&a, shared, "lang", "en");
	value_map_set_str(&a, shared, "title", "shared");
	value_map_set_str(&a, page, "title", "page");
	value_map_set_parent(page, shared);
	assert_string_equal(value_map_get(page, "title")->u.str.ptr, "page");
	assert_string_equal(value_map_get(page, "lang")->u.str.ptr, "en");
	assert_null(value_map_get(page, "absent"));
	assert_int_equal(page->u.map.len, 1); /* nothing was copied */
	arena_free(&a);
}

static void test_hashed_lookup_finds_what_plain_lookup_finds(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct value *shared = value_new_map(&a), *page = value_new_map(&a);
	for (int i = 0; i < 100; i++) /* indexed */
		value_map_set_num(&a, shared, arena_printf(&a, "ui.%d", i), i);
	/* small, with keys sharing first bytes and prefixes */
	const char *own[] = { "t", "title", "titles", "text", "ui.7" };
	for (size_t i = 0; i < sizeof own / sizeof *own; i++)
		value_map_set_str(&a, page, own[i], own[i]);
	value_map_set_parent(page, shared);
	const char *probe[] = { "t", "title", "titles", "titl", "text", "ui.7",
				"ui.0", "ui.99", "ui.100", "", "absent" };
	for (size_t i = 0; i < sizeof probe / sizeof *probe; i++) {
		struct value_key k = value_key_make(probe[i]);
		assert_ptr_equal(value_map_get_key(page, &k),
				 value_map_get(page, probe[i]));
		assert_ptr_equal(value_map_get_key(shared, &k),
				 value_map_get(shared, probe[i]));
	}
	struct value_key k = value_key_make("ui.7");
	assert_string_equal(value_map_get_key(page, &k)->u.str.ptr, "ui.7");
	assert_true(value_map_get_key(shared, &k)->u.number == 7);
	k = value_key_make("titl");
	assert_null(value_map_get_key(page, &k));
	assert_null(value_map_get_key(value_new_list(&a), &k)); /* no map */
	arena_free(&a);
}

static void test_whole_numbers_print_like_printf(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	const long long whole[] = { 0, 7, -7, 10, 85, 2024, -1000,
				    999999999999999, -999999999999999 };
	for (size_t i = 0; i < sizeof whole / sizeof *whole; i++) {
		char want[32];
		struct buf b = BUF_INIT;
		snprintf(want, sizeof want, "%lld", whole[i]);
		value_append_text(value_new_number(&a, (double)whole[i]), &b);
		assert_string_equal(b.ptr, want);
		buf_release(&b);
	}
	struct buf b = BUF_INIT;
	value_append_text(value_new_number(&a, -0.0), &b);
	assert_string_equal(b.ptr, "0");
	buf_release(&b);
	arena_free(&a);
}

static void test_arena_large_allocation_keeps_small_ones(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	char *small = arena_strdup(&a, "small");
	char *large = arena_alloc(&a, 1 << 20);
	memset(large, 'x', 1 << 20);
	char *after = arena_strdup(&a, "after");
	assert_string_equal(small, "small");
	assert_string_equal(after, "after");
	arena_free(&a);
}

/* A path joined in the arena: head, separator, tail and a NUL, the
 * lengths given (not read up to a NUL), either side possibly empty. */
static void test_arena_join_makes_head_sep_tail(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	assert_string_equal(arena_join(&a, "content/en", 10, '/', "x.md", 4), "content/en/x.md");
	assert_string_equal(arena_join(&a, "content/enXX", 10, '/', "x.mdYY", 4), "content/en/x.md");
	assert_string_equal(arena_join(&a, NULL, 0, '/', "x.md", 4), "/x.md");
	assert_string_equal(arena_join(&a, "dir", 3, '/', NULL, 0), "dir/");
	arena_free(&a);
}

static void test_arena_grow_keeps_bytes_in_place_or_moved(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	char *p = arena_alloc(&a, 10);
	memcpy(p, "abcdefghi", 10);
	/* the latest allocation grows where it is */
	assert_ptr_equal(arena_grow(&a, p, 10, 100), p);
	char *q = arena_strdup(&a, "after");
	/* no longer the latest: moved, with its bytes */
	char *r = arena_grow(&a, p, 100, 200);
	assert_ptr_not_equal(r, p);
	assert_string_equal(r, "abcdefghi");
	assert_string_equal(q, "after");
	/* bigger than a block */
	char *big = arena_grow(&a, r, 200, 1 << 20);
	assert_string_equal(big, "abcdefghi");
	arena_free(&a);
}

static void test_arena_reset_reuses_memory_and_zeroes_it(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	memset(arena_alloc(&a, 64), 0xAB, 64);
	arena_alloc(&a, 1 << 20); /* a one-off block, freed by the reset */
	arena_reset(&a);
	unsigned char *z = arena_alloc(&a, 64);
	for (int i = 0; i < 64; i++)
		assert_int_equal(z[i], 0);
	arena_reset(&a);
	arena_reset(&a);
	arena_free(&a);
}

static void test_arena_adopt_moves_every_block_and_keeps_the_head(void **state)
{
	(void)state;
	struct arena into = ARENA_INIT, from = ARENA_INIT, empty = ARENA_INIT;
	char *head = arena_strdup(&into, "head");
	char *kept[3];
	kept[0] = arena_strdup(&from, "one");
	kept[1] = arena_alloc(&from, 1 << 20); /* a block of its own */
	kept[2] = arena_strdup(&from, "three");
	memset(kept[1], 'x', 1 << 20);
	arena_adopt(&into, &from);
	arena_adopt(&into, &empty); /* nothing to take */
	assert_null(from.head);
	assert_int_equal(from.used, 0);
	/* into's head goes on where it was: the next string follows "head" */
	char *next = arena_strdup(&into, "next");
	assert_ptr_equal(next, head + sizeof(max_align_t));
	assert_string_equal(kept[0], "one");
	assert_string_equal(kept[2], "three");
	assert_int_equal(kept[1][(1 << 20) - 1], 'x');
	/* an empty arena takes the other's blocks as they are */
	assert_string_equal(arena_strdup(&from, "again"), "again");
	arena_adopt(&empty, &from);
	assert_null(from.head);
	assert_non_null(empty.head);
	arena_free(&empty);
	arena_free(&into); /* every block once (ASan: no leak, no double free) */
}

/* Memory given to an arena (arena_own) is freed with it: when it is reset,
 * freed, or adopted by another that is freed, each block once (ASan: no
 * leak, no double free), and it stays readable until then. */
static void test_arena_frees_what_it_is_given_once(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT, b = ARENA_INIT, c = ARENA_INIT;
	char *s = xstrdup("chart");
	arena_own(&a, s);
	arena_own(&a, xstrdup("body"));
	assert_string_equal(s, "chart");
	arena_reset(&a); /* both freed, the arena reusable */
	assert_null(a.owned);
	arena_own(&a, xstrdup("again"));
	arena_strdup(&b, "b's own");
	arena_own(&b, xstrdup("b's given"));
	arena_adopt(&a, &b); /* into an arena with blocks */
	assert_null(b.owned);
	char *kept = xstrdup("kept");
	arena_own(&c, kept);
	arena_adopt(&b, &c); /* into an empty one */
	assert_null(c.owned);
	assert_string_equal(kept, "kept");
	arena_free(&b);
	arena_free(&a);
	assert_null(a.owned);
}

/* ---- records ---- */

static void test_records_round_trip_little_endian(void **state)
{
	(void)state;
	struct buf b = BUF_INIT;
	buf_add_u32(&b, 0x01020304u);
	buf_add_u64(&b, 0x1122334455667788u);
	buf_add_counted(&b, "a\0b", 3);
	buf_add_counted(&b, "", 0);
	buf_add_u32(&b, UINT32_MAX);
	buf_add_u64(&b, UINT64_MAX);
	assert_int_equal(b.len, 4 + 8 + 4 + 3 + 4 + 4 + 8);
	/* the bytes whatever the host */
	assert_memory_equal(b.ptr, "\x04\x03\x02\x01\x88\x77\x66\x55\x44\x33\x22\x11"
			    "\x03\0\0\0a\0b\0\0\0\0", 23);
	struct buf_reader r = { (const unsigned char *)b.ptr, b.len, false };
	assert_int_equal(buf_read_u32(&r), 0x01020304u);
	assert_true(buf_read_u64(&r) == 0x1122334455667788u);
	size_t n = 99;
	const char *p = buf_read_counted(&r, &n);
	assert_int_equal(n, 3);
	assert_ptr_equal(p, b.ptr + 16); /* not copied */
	assert_memory_equal(p, "a\0b", 3);
	p = buf_read_counted(&r, &n);
	assert_non_null(p);
	assert_int_equal(n, 0);
	assert_int_equal(buf_read_u32(&r), UINT32_MAX);
	assert_true(buf_read_u64(&r) == UINT64_MAX);
	assert_false(r.bad);
	assert_int_equal(r.left, 0);
	buf_release(&b);
}

/* Every read after a short one gives 0 / NULL and leaves `bad` set. */
static void assert_stays_bad(struct buf_reader *r)
{
	size_t n = 99;
	assert_true(r->bad);
	assert_int_equal(buf_read_u32(r), 0);
	assert_true(buf_read_u64(r) == 0);
	assert_null(buf_read_counted(r, &n));
	assert_int_equal(n, 0);
	assert_true(r->bad);
}

static void test_a_short_number_is_bad_and_stays_bad(void **state)
{
	(void)state;
	const unsigned char bytes[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
	/* a u32 of 3 bytes */
	struct buf_reader r = { bytes, 3, false };
	assert_int_equal(buf_read_u32(&r), 0);
	assert_stays_bad(&r);
	/* a u64 of 7 bytes (its low half is there, the high half not) */
	r = (struct buf_reader){ bytes, 7, false };
	assert_true(buf_read_u64(&r) == 0);
	assert_stays_bad(&r);
	/* a u64 of 4 bytes */
	r = (struct buf_reader){ bytes, 4, false };
	assert_true(buf_read_u64(&r) == 0);
	assert_stays_bad(&r);
	/* nothing at all */
	r = (struct buf_reader){ bytes, 0, false };
	assert_int_equal(buf_read_u32(&r), 0);
	assert_stays_bad(&r);
	/* a reader already bad reads nothing, even where bytes are left */
	r = (struct buf_reader){ bytes, sizeof bytes, true };
	assert_stays_bad(&r);
	assert_int_equal(r.left, sizeof bytes);
}

static void test_short_counted_bytes_are_bad_and_stay_bad(void **state)
{
	(void)state;
	struct buf b = BUF_INIT;
	buf_add_counted(&b, "hello", 5);
	buf_add_u32(&b, 7);
	/* the count says 5, 4 bytes follow */
	struct buf_reader r = { (const unsigned char *)b.ptr, 8, false };
	size_t n = 99;
	assert_null(buf_read_counted(&r, &n));
	assert_int_equal(n, 0);
	assert_stays_bad(&r);
	/* the count itself cut short */
	r = (struct buf_reader){ (const unsigned char *)b.ptr, 2, false };
	n = 99;
	assert_null(buf_read_counted(&r, &n));
	assert_int_equal(n, 0);
	assert_stays_bad(&r);
	/* a count larger than anything (a damaged record) */
	const unsigned char huge[] = { 0xff, 0xff, 0xff, 0xff, 'x' };
	r = (struct buf_reader){ huge, sizeof huge, false };
	n = 99;
	assert_null(buf_read_counted(&r, &n));
	assert_int_equal(n, 0);
	assert_stays_bad(&r);
	/* whole, it reads */
	r = (struct buf_reader){ (const unsigned char *)b.ptr, b.len, false };
	assert_memory_equal(buf_read_counted(&r, &n), "hello", 5);
	assert_int_equal(n, 5);
	assert_int_equal(buf_read_u32(&r), 7);
	assert_false(r.bad);
	buf_release(&b);
}

/* buf_addf as snprintf writes it: `...` formatted both ways. */
#define ASSERT_LIKE_PRINTF(...)                                               \
	do {                                                                 \
		char want[512];                                              \
		snprintf(want, sizeof want, __VA_ARGS__);                    \
		struct buf got = BUF_INIT;                                   \
		buf_addc(&got, '>');                                         \
		buf_addf(&got, __VA_ARGS__);                                 \
		assert_string_equal(got.ptr + 1, want);                      \
		assert_int_equal(got.len, 1 + strlen(want));                 \
		char *in_arena = arena_printf(&a, __VA_ARGS__);              \
		assert_string_equal(in_arena, want);                         \
		buf_release(&got);                                           \
	} while (0)

/* The plain conversions (written without vsnprintf) and the others (with
 * it) give what printf gives, at the ends of their ranges too. */
static void test_addf_writes_what_printf_writes(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	/* NULL, unknown to the compiler (which refuses a known one) */
	const char *none = getenv("GPUGUIDE_TEST_SURELY_UNSET");
	assert_null(none);
	ASSERT_LIKE_PRINTF("%s", "");
	ASSERT_LIKE_PRINTF("price.%s.lowest", "rtx-4090");
	ASSERT_LIKE_PRINTF("%s.%s.%s", "cost", "lora-7b", "h100");
	ASSERT_LIKE_PRINTF("%s", none);
	ASSERT_LIKE_PRINTF("no conversion at all");
	ASSERT_LIKE_PRINTF("100%% of %d", 7);
	ASSERT_LIKE_PRINTF("%d %d %d %d", 0, -1, INT_MAX, INT_MIN);
	ASSERT_LIKE_PRINTF("%u %u", 0u, UINT_MAX);
	ASSERT_LIKE_PRINTF("%ld %ld %lu", LONG_MAX, LONG_MIN, ULONG_MAX);
	ASSERT_LIKE_PRINTF("%zu bytes, %c%c", (size_t)SIZE_MAX, 'o', 'k');
	ASSERT_LIKE_PRINTF("%s:%d:%d: %s", "data/prices.csv", 14, 3, "error");
	/* not plain: printf's own */
	ASSERT_LIKE_PRINTF("%.2f", 0.125);
	ASSERT_LIKE_PRINTF("%5d|%-4s|%03u", 42, "ab", 7u);
	ASSERT_LIKE_PRINTF("%s and %.*s", "one", 3, "three");
	ASSERT_LIKE_PRINTF("%x %g %lld", 255u, 1.5, -5ll);
	arena_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_new_buffer_is_empty_string),
		cmocka_unit_test(test_add_keeps_nul_termination),
		cmocka_unit_test(test_addf_grows_past_small_buffer),
		cmocka_unit_test(test_grow_keeps_what_is_held_and_only_that),
		cmocka_unit_test(test_addf_writes_what_printf_writes),
		cmocka_unit_test(test_detach_hands_over_memory),
		cmocka_unit_test(test_diag_formats_position),
		cmocka_unit_test(test_message_quoting_input_stays_one_printable_line),
		cmocka_unit_test(test_value_numbers_print_shortest_form),
		cmocka_unit_test(test_zero_is_truthy_null_is_not),
		cmocka_unit_test(test_big_map_finds_every_key_and_replaces_in_place),
		cmocka_unit_test(test_map_falls_back_on_its_parent),
		cmocka_unit_test(test_hashed_lookup_finds_what_plain_lookup_finds),
		cmocka_unit_test(test_whole_numbers_print_like_printf),
		cmocka_unit_test(test_arena_large_allocation_keeps_small_ones),
		cmocka_unit_test(test_arena_join_makes_head_sep_tail),
		cmocka_unit_test(test_arena_grow_keeps_bytes_in_place_or_moved),
		cmocka_unit_test(test_arena_reset_reuses_memory_and_zeroes_it),
		cmocka_unit_test(test_arena_adopt_moves_every_block_and_keeps_the_head),
		cmocka_unit_test(test_arena_frees_what_it_is_given_once),
		cmocka_unit_test(test_records_round_trip_little_endian),
		cmocka_unit_test(test_a_short_number_is_bad_and_stays_bad),
		cmocka_unit_test(test_short_counted_bytes_are_bad_and_stay_bad),
	};
	return cmocka_run_group_tests_name("buf", tests, NULL, NULL);
}
