/* Tests of numfmt: "%.*f" and "%.*g" without printf, byte for byte what
 * snprintf writes. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/numfmt.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static uint64_t rng = 88172645463325252ULL;

static uint64_t next_random(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* Both formats of v, at every decimal count and precision, against
 * snprintf. */
static void check_like_printf(double v)
{
	char got[400], want[400];
	for (int d = 0; d <= 8; d++) {
		size_t n = numfmt_fixed(got, sizeof got, v, d);
		snprintf(want, sizeof want, "%.*f", d, v);
		if (strcmp(got, want))
			fail_msg("%%.%df of %.17g: \"%s\", printf \"%s\"", d, v, got, want);
		assert_int_equal(n, strlen(want));
	}
	for (int p = 1; p <= 17; p++) {
		size_t n = numfmt_g(got, sizeof got, v, p);
		snprintf(want, sizeof want, "%.*g", p, v);
		if (strcmp(got, want))
			fail_msg("%%.%dg of %.17g: \"%s\", printf \"%s\"", p, v, got, want);
		assert_int_equal(n, strlen(want));
	}
}

/* A value of one of the kinds that trip rounding: ties at some decimal
 * (k + 1/2) / 10^d and their neighbours, binary fractions, near powers of
 * ten, any bits at all. */
static double tricky_value(unsigned kind)
{
	uint64_t r = next_random();
	int d = (int)(r % 8);
	double tie = ((double)(next_random() % 100000000) + 0.5) / pow(10, d);
	switch (kind % 6) {
	case 0: return tie;
	case 1: return nextafter(tie, (r >> 40) & 1 ? INFINITY : 0);
	case 2: return ldexp((double)(r >> 11), -(int)(next_random() % 80));
	case 3: {
		double p = pow(10, (int)(r % 40) - 10);
		return (r >> 50) & 1 ? nextafter(p, (r >> 51) & 1 ? INFINITY : 0) : p;
	}
	case 4: return (double)(r % 2000000) / 8.0;
	default: {
		double v;
		memcpy(&v, &r, sizeof v);
		return isfinite(v) ? v : 1.5;
	}
	}
}

static void test_fixed_and_g_write_what_printf_writes(void **state)
{
	(void)state;
	for (unsigned i = 0; i < 20000; i++) {
		double v = tricky_value(i);
		check_like_printf(i & 1 ? -v : v);
	}
}

static void test_exact_ties_round_to_even_as_printf_does(void **state)
{
	(void)state;
	char s[NUMFMT_MAX];
	numfmt_fixed(s, sizeof s, 0.125, 2);
	assert_string_equal(s, "0.12");
	numfmt_fixed(s, sizeof s, 0.375, 2);
	assert_string_equal(s, "0.38");
	numfmt_fixed(s, sizeof s, 2.5, 0);
	assert_string_equal(s, "2");
	numfmt_fixed(s, sizeof s, 3.5, 0);
	assert_string_equal(s, "4");
	/* 0.15 is a little below 0.15 as a double: no tie */
	numfmt_fixed(s, sizeof s, 0.15, 1);
	assert_string_equal(s, "0.1");
	numfmt_g(s, sizeof s, 1234567890.5, 10);
	assert_string_equal(s, "1234567890");
}

static void test_signs_zeros_and_specials_are_as_printf_writes_them(void **state)
{
	(void)state;
	char s[NUMFMT_MAX];
	numfmt_fixed(s, sizeof s, -0.001, 2);
	assert_string_equal(s, "-0.00");
	numfmt_fixed(s, sizeof s, -0.0, 1);
	assert_string_equal(s, "-0.0");
	numfmt_g(s, sizeof s, 0.0, 10);
	assert_string_equal(s, "0");
	numfmt_g(s, sizeof s, NAN, 10);
	assert_string_equal(s, "nan");
	numfmt_fixed(s, sizeof s, -INFINITY, 2);
	assert_string_equal(s, "-inf");
	double specials[] = { 0.0, -0.0, 5e-324, 1e300, -1e300, DBL_MAX };
	for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++)
		check_like_printf(specials[i]);
}

static void test_g_drops_trailing_zeros_and_uses_exponents_where_printf_does(void **state)
{
	(void)state;
	char s[NUMFMT_MAX];
	numfmt_g(s, sizeof s, 123.456, 10);
	assert_string_equal(s, "123.456");
	numfmt_g(s, sizeof s, 2.0, 10);
	assert_string_equal(s, "2");
	numfmt_g(s, sizeof s, 0.0001, 10);
	assert_string_equal(s, "0.0001");
	numfmt_g(s, sizeof s, 0.00001, 10);
	assert_string_equal(s, "1e-05");
	numfmt_g(s, sizeof s, 1e10, 10);
	assert_string_equal(s, "1e+10");
	numfmt_g(s, sizeof s, 9999999999.7, 10); /* rounds up to 10 digits + 1 */
	assert_string_equal(s, "1e+10");
	numfmt_g(s, sizeof s, 0.1 + 0.2, 15);
	assert_string_equal(s, "0.3");
}

static void test_small_buffers_are_cut_as_snprintf_cuts(void **state)
{
	(void)state;
	char s[5];
	/* snprintf would write "1234" of "12345.68" and "0.12" of "0.123456" */
	assert_int_equal(numfmt_fixed(s, sizeof s, 12345.678, 2), 4);
	assert_string_equal(s, "1234");
	assert_int_equal(numfmt_g(s, sizeof s, 0.123456, 6), 4);
	assert_string_equal(s, "0.12");
	assert_int_equal(numfmt_g(s, 0, 1.5, 3), 0);
}

static void test_rounding_is_half_the_last_digit(void **state)
{
	(void)state;
	assert_true(numfmt_rounding("0.88", false) == 0.005);
	assert_true(numfmt_rounding("3", false) == 0.5);
	assert_true(numfmt_rounding("544", true) == 0.5);
	assert_true(numfmt_rounding("545", false) == 0.5);
	assert_true(numfmt_rounding("545", true) == 2.5);  /* about: to a 5 */
	assert_true(numfmt_rounding("5", true) == 0.5);    /* one digit: no 5s */
	assert_true(numfmt_rounding("100", false) == 5);   /* to the second digit */
	assert_true(numfmt_rounding("50", false) == 0.5);
	assert_true(numfmt_rounding("7.50", false) == 0.005);
	assert_true(numfmt_rounding("", false) == 0);
	assert_true(numfmt_rounding("1e3", false) == 0);
}

/* Whole numbers as "%llu" writes them. */
static void test_whole_numbers_are_what_printf_writes(void **state)
{
	(void)state;
	static const uint64_t cases[] = { 0, 7, 9, 10, 99, 100, 12345, 4294967296u,
					  18446744073709551615u };
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char got[NUMFMT_UINT_MAX + 1], want[32];
		size_t n = numfmt_uint(got, cases[i]);
		assert_true(n <= NUMFMT_UINT_MAX);
		got[n] = '\0';
		snprintf(want, sizeof want, "%llu", (unsigned long long)cases[i]);
		assert_string_equal(got, want);
	}
}

/* Thousands grouped in place, the fraction left as it is; any other text,
 * or one the buffer cannot hold grouped, unchanged. */
static void test_group_puts_commas_between_thousands(void **state)
{
	(void)state;
	static const char *const cases[][2] = {
		{ "0", "0" }, { "999", "999" }, { "1000", "1,000" }, { "1600", "1,600" },
		{ "12345", "12,345" }, { "123456", "123,456" }, { "1234567", "1,234,567" },
		{ "-100", "-100" }, { "-1500", "-1,500" }, { "-123456.789", "-123,456.789" },
		{ "3350.12345", "3,350.12345" }, { "1000.", "1000." }, { "1e5", "1e5" },
		{ "inf", "inf" }, { "-nan", "-nan" }, { "12a34", "12a34" }, { "", "" },
		{ "1,000", "1,000" }, { "10000.5x", "10000.5x" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char s[32];
		snprintf(s, sizeof s, "%s", cases[i][0]);
		size_t n = numfmt_group(s, sizeof s);
		assert_string_equal(s, cases[i][1]);
		assert_int_equal(n, strlen(cases[i][1]));
	}
	/* "12345" needs 7 bytes grouped: in 6 it stays as it is */
	char s[7] = "12345";
	assert_int_equal(numfmt_group(s, 6), 5);
	assert_string_equal(s, "12345");
	assert_int_equal(numfmt_group(s, 7), 6);
	assert_string_equal(s, "12,345");
	/* what numfmt_fixed writes, grouped */
	char f[NUMFMT_MAX + 16];
	numfmt_fixed(f, NUMFMT_MAX, 1234567.891, 2);
	numfmt_group(f, sizeof f);
	assert_string_equal(f, "1,234,567.89");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixed_and_g_write_what_printf_writes),
		cmocka_unit_test(test_exact_ties_round_to_even_as_printf_does),
		cmocka_unit_test(test_signs_zeros_and_specials_are_as_printf_writes_them),
		cmocka_unit_test(test_g_drops_trailing_zeros_and_uses_exponents_where_printf_does),
		cmocka_unit_test(test_small_buffers_are_cut_as_snprintf_cuts),
		cmocka_unit_test(test_rounding_is_half_the_last_digit),
		cmocka_unit_test(test_whole_numbers_are_what_printf_writes),
		cmocka_unit_test(test_group_puts_commas_between_thousands),
	};
	return cmocka_run_group_tests_name("numfmt", tests, NULL, NULL);
}
