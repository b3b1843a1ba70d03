/* checksum: damage to a record is seen (tests of gen/base/checksum). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/checksum.h"

#include <string.h>

static void fill(unsigned char *b, size_t n)
{
	uint32_t x = 12345;
	for (size_t i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		b[i] = (unsigned char)(x >> 16);
	}
}

/* The same bytes, the same checksum: in another call and at another
 * address (no alignment, no state between calls). */
static void test_a_checksum_depends_on_the_bytes_alone(void **state)
{
	(void)state;
	unsigned char b[200], c[201];
	fill(b, sizeof b);
	memcpy(c + 1, b, sizeof b);
	for (size_t n = 0; n <= sizeof b; n++)
		assert_true(digest_equal(checksum_bytes(b, n), checksum_bytes(c + 1, n)));
	assert_true(digest_equal(checksum_bytes(NULL, 0), checksum_bytes(b, 0)));
}

/* Every single flipped bit, at every place of records of every length
 * up to 80 bytes (every tail and lane), changes the checksum. */
static void test_every_flipped_bit_is_seen(void **state)
{
	(void)state;
	unsigned char b[80];
	for (size_t n = 1; n <= sizeof b; n++) {
		fill(b, n);
		struct digest_value want = checksum_bytes(b, n);
		for (size_t i = 0; i < n; i++)
			for (int bit = 0; bit < 8; bit++) {
				b[i] ^= (unsigned char)(1u << bit);
				assert_false(digest_equal(checksum_bytes(b, n), want));
				b[i] ^= (unsigned char)(1u << bit);
			}
	}
}

/* A record cut short, or grown by zeros, is another record; so are two
 * words swapped. */
static void test_length_and_order_are_seen(void **state)
{
	(void)state;
	unsigned char b[64] = { 0 };
	for (size_t n = 0; n < sizeof b; n++)
		assert_false(digest_equal(checksum_bytes(b, n), checksum_bytes(b, n + 1)));
	fill(b, sizeof b);
	struct digest_value want = checksum_bytes(b, sizeof b);
	unsigned char w[8];
	memcpy(w, b, 8);
	memcpy(b, b + 16, 8);
	memcpy(b + 16, w, 8);
	assert_false(digest_equal(checksum_bytes(b, sizeof b), want));
	/* and the two words of one 16-byte block */
	memcpy(b + 16, b, 8);
	memcpy(b, w, 8);
	assert_true(digest_equal(checksum_bytes(b, sizeof b), want));
	memcpy(w, b, 8);
	memcpy(b, b + 8, 8);
	memcpy(b + 8, w, 8);
	assert_false(digest_equal(checksum_bytes(b, sizeof b), want));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_a_checksum_depends_on_the_bytes_alone),
		cmocka_unit_test(test_every_flipped_bit_is_seen),
		cmocka_unit_test(test_length_and_order_are_seen),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
