/* Unit tests of diag: the message format, control characters shown as
 * escapes, the cap on messages of one kind, and a thread's messages taken
 * file by file, and said once across pages. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/diag.h"
#include "base/strmap.h"

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

static void test_the_cap_counts_across_files_and_says_how_many_more(void **state)
{
	(void)state;
	struct buf log = BUF_INIT;
	struct diag build;
	diag_init(&build, NULL, &log);
	/* 300 files with one unknown key each, then one with 1,000: each file's
	 * messages kept on its thread, passed on in file order */
	for (int f = 0; f < 301; f++) {
		struct diag one;
		diag_init_kept(&one);
		int n = f < 300 ? 1 : 1000;
		for (int k = 0; k < n; k++)
			diag_error(&one, "content/en/a.md", k + 2, 1, "unknown key \"%d\"", k);
		diag_warning(&one, "content/en/a.md", 1, 1, "a warning of file %d", f);
		if (f == 0)
			assert_int_equal(log.len, 0); /* kept, not shown */
		diag_pass_on(&build, &one);
		assert_null(one.kept);
	}
	assert_int_equal(build.errors, 1300);
	assert_int_equal(build.warnings, 301);
	diag_flush_capped(&build);
	size_t lines = 0;
	for (const char *p = log.ptr; (p = strchr(p, '\n')); p++)
		lines++;
	assert_int_equal(lines, 2 * DIAG_MAX_PER_KIND + 2);
	assert_non_null(strstr(log.ptr, "gen: ... and 1200 more like the last of the 100 shown\n"));
	assert_non_null(strstr(log.ptr, "gen: ... and 201 more like the last of the 100 shown\n"));
	buf_release(&log);
}

/* One kept diag for a thread's files: a file's messages and counts are
 * taken with it, the next file starts empty, a file with none takes none. */
static void test_a_files_messages_are_taken_and_the_next_starts_empty(void **state)
{
	(void)state;
	struct diag thread;
	diag_init_kept(&thread);
	assert_null(diag_take_kept(&thread));
	diag_error(&thread, "content/en/a.md", 2, 1, "first");
	diag_warning(&thread, "content/en/a.md", 3, 1, "second");
	struct diag *a = diag_take_kept(&thread);
	assert_non_null(a);
	assert_int_equal(a->errors, 1);
	assert_int_equal(a->warnings, 1);
	assert_int_equal(a->nkept, 2);
	assert_int_equal(thread.errors + thread.warnings, 0);
	assert_int_equal(thread.nkept, 0);
	assert_null(diag_take_kept(&thread)); /* the next file: nothing */
	diag_warning(&thread, "content/en/c.md", 4, 1, "third");
	struct diag *c = diag_take_kept(&thread);
	assert_non_null(c);
	struct buf log = BUF_INIT;
	struct diag build;
	diag_init(&build, NULL, &log);
	diag_pass_on(&build, a);
	diag_pass_on(&build, c);
	free(a);
	free(c);
	assert_string_equal(log.ptr, "content/en/a.md:2:1: error: first\n"
				     "content/en/a.md:3:1: warning: second\n"
				     "content/en/c.md:4:1: warning: third\n");
	assert_int_equal(build.errors, 1);
	assert_int_equal(build.warnings, 2);
	buf_release(&log);
}

/* Pages passed on once each: a message an earlier page said (a template's
 * fault, on every page) is counted and not shown again, and said as more of
 * its kind; another message of that kind, or the same one from a diag
 * passed on without the set, is shown. */
static void test_a_message_said_by_an_earlier_page_is_counted_not_shown(void **state)
{
	(void)state;
	struct buf log = BUF_INIT;
	struct diag build;
	diag_init(&build, NULL, &log);
	struct strmap said = STRMAP_INIT;
	for (int page = 0; page < 4; page++) {
		struct diag one;
		diag_init_kept(&one);
		diag_error(&one, "templates/layouts/base.mustache", 18, 30,
			   "unknown name \"%s\"", page == 2 ? "other" : "rot");
		diag_pass_on_once(&build, &one, &said);
	}
	struct diag last;
	diag_init_kept(&last);
	diag_error(&last, "templates/layouts/base.mustache", 18, 30, "unknown name \"%s\"", "rot");
	diag_pass_on(&build, &last);
	strmap_free(&said);
	assert_int_equal(build.errors, 5);
	diag_flush_capped(&build);
	assert_string_equal(log.ptr,
			    "templates/layouts/base.mustache:18:30: error: unknown name \"rot\"\n"
			    "templates/layouts/base.mustache:18:30: error: unknown name \"other\"\n"
			    "templates/layouts/base.mustache:18:30: error: unknown name \"rot\"\n"
			    "gen: ... and 2 more like the last of the 3 shown\n");
	buf_release(&log);
}

static void test_more_kinds_than_tracked_are_still_capped(void **state)
{
	(void)state;
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	static char fmts[DIAG_KINDS + 10][8];
	for (int k = 0; k < DIAG_KINDS + 10; k++) {
		memcpy(fmts[k], "kind", 5); /* a format of its own (its address) */
		for (int i = 0; i < DIAG_MAX_PER_KIND; i++)
			diag_error(&d, NULL, 0, 0, fmts[k], 0);
	}
	diag_flush_capped(&d);
	assert_non_null(strstr(log.ptr, "gen: ... and 900 more like the last of the 100 shown\n"));
	buf_release(&log);
}

static void test_invisible_characters_are_named(void **state)
{
	(void)state;
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	diag_error(&d, "data/prices.csv", 2, 1, "gpu_id \"%s\" is not an id",
		   "rtx-\xE2\x80\x8B" "4090\xC2\xAD\xEF\xBB\xBF\xE2\x80\xAE");
	assert_string_equal(log.ptr, "data/prices.csv:2:1: error: gpu_id "
			    "\"rtx-<U+200B>4090<U+00AD><U+FEFF><U+202E>\" is not an id\n");
	buf_release(&log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_messages_are_positioned_and_one_line),
		cmocka_unit_test(test_each_kind_of_message_is_capped_and_counted),
		cmocka_unit_test(test_the_cap_counts_across_files_and_says_how_many_more),
		cmocka_unit_test(test_a_files_messages_are_taken_and_the_next_starts_empty),
		cmocka_unit_test(test_a_message_said_by_an_earlier_page_is_counted_not_shown),
		cmocka_unit_test(test_more_kinds_than_tracked_are_still_capped),
		cmocka_unit_test(test_invisible_characters_are_named),
	};
	return cmocka_run_group_tests_name("diag", tests, NULL, NULL);
}
