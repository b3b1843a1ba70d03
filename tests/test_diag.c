/* Unit tests of diag: the message format, control characters shown as
 * escapes, and the cap on messages of one kind. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "base/buf.h"
#include "base/diag.h"

static void test_messages_are_positioned_and_one_line(void **state)
{
	(void)state;
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	diag_error(&d, "data/prices.csv", 14, 3, "usd_per_hour \"%s\" is not a number", "0,39");
	diag_warning(&d, "content/en/a.md", 2, 0, "x\ny\033");
	diag_error(&d, NULL, 0, 0, "interrupted");
	assert_string_equal(log.ptr,
		"data/prices.csv:14:3: error: usd_per_hour \"0,39\" is not a number\n"
		"content/en/a.md:2: warning: x\\ny\\x1b\n"
		"error: interrupted\n");
	assert_int_equal(d.errors, 2);
	assert_int_equal(d.warnings, 1);
	buf_release(&log);
}

static void test_each_kind_of_message_is_capped_and_counted(void **state)
{
	(void)state;
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	for (int i = 0; i < DIAG_MAX_PER_KIND + 250; i++)
		diag_error(&d, "data/prices.csv", i + 2, 1, "duplicate row %d", i);
	diag_error(&d, "data/gpus.csv", 3, 1, "another kind");
	assert_int_equal(d.errors, DIAG_MAX_PER_KIND + 251); /* all counted */
	diag_flush_capped(&d);
	struct buf want = BUF_INIT;
	for (int i = 0; i < DIAG_MAX_PER_KIND; i++)
		buf_addf(&want, "data/prices.csv:%d:1: error: duplicate row %d\n", i + 2, i);
	buf_addf(&want, "data/gpus.csv:3:1: error: another kind\n");
	buf_addf(&want, "gen: ... and 250 more like the last of the %d shown\n",
		 DIAG_MAX_PER_KIND);
	assert_string_equal(log.ptr, want.ptr);
	/* flushed: counting starts again */
	buf_reset(&log);
	diag_error(&d, "x", 1, 1, "duplicate row %d", 0);
	assert_string_equal(log.ptr, "x:1:1: error: duplicate row 0\n");
	buf_release(&want);
	buf_release(&log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_messages_are_positioned_and_one_line),
		cmocka_unit_test(test_each_kind_of_message_is_capped_and_counted),
	};
	return cmocka_run_group_tests_name("diag", tests, NULL, NULL);
}
