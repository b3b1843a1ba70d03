/* Tests for pool: every job runs once, on a worker within range. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/pool.h"

#include <stdatomic.h>
#include <stdlib.h>

struct tally {
	atomic_int *runs;   /* [n] */
	atomic_int bad_worker;
	int jobs;
};

static void count(void *ctx, size_t i, int worker)
{
	struct tally *t = ctx;
	atomic_fetch_add(&t->runs[i], 1);
	if (worker < 0 || worker >= t->jobs)
		atomic_fetch_add(&t->bad_worker, 1);
}

static void run_and_check(int jobs, size_t n)
{
	struct tally t = { calloc(n + 1, sizeof *t.runs), 0, jobs };
	assert_non_null(t.runs);
	pool_run(jobs, n, count, &t);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(atomic_load(&t.runs[i]), 1);
	assert_int_equal(atomic_load(&t.bad_worker), 0);
	free(t.runs);
}

static void test_every_job_runs_once(void **state)
{
	(void)state;
	run_and_check(1, 100);
	run_and_check(4, 1000);
	run_and_check(POOL_MAX_JOBS, 37);
}

static void test_no_jobs_is_no_work(void **state)
{
	(void)state;
	run_and_check(4, 0);
}

static void test_size_is_bounded(void **state)
{
	(void)state;
	assert_int_equal(pool_size(1), 1);
	assert_int_equal(pool_size(3), 3);
	assert_int_equal(pool_size(1000), POOL_MAX_JOBS);
	int cores = pool_size(0);
	assert_true(cores >= 1 && cores <= POOL_MAX_JOBS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_job_runs_once),
		cmocka_unit_test(test_no_jobs_is_no_work),
		cmocka_unit_test(test_size_is_bounded),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
