/* Tests for pool: every job runs once, on a worker within range; the work
 * beside them once, first on one thread; work started beside the caller
 * runs once, at once with one job, alongside the caller with more. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/pool.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

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

/* The work beside the jobs: how many times it ran, and how many jobs had
 * run before it began (with one thread: none, it is handed out first). */
struct beside_tally {
	struct tally *t;
	size_t n;
	atomic_int ran;
	int jobs_before;
};

static void beside(void *ctx)
{
	struct beside_tally *b = ctx;
	atomic_fetch_add(&b->ran, 1);
	for (size_t i = 0; i < b->n; i++)
		b->jobs_before += atomic_load(&b->t->runs[i]);
}

static void run_beside_and_check(int jobs, size_t n)
{
	struct tally t = { calloc(n + 1, sizeof *t.runs), 0, jobs };
	assert_non_null(t.runs);
	struct beside_tally b = { &t, n, 0, 0 };
	pool_run_beside(jobs, n, count, &t, beside, &b);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(atomic_load(&t.runs[i]), 1);
	assert_int_equal(atomic_load(&t.bad_worker), 0);
	assert_int_equal(atomic_load(&b.ran), 1);
	if (jobs == 1)
		assert_int_equal(b.jobs_before, 0);
	/* no work beside: the jobs alone */
	struct tally t2 = { calloc(n + 1, sizeof *t2.runs), 0, jobs };
	assert_non_null(t2.runs);
	pool_run_beside(jobs, n, count, &t2, NULL, NULL);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(atomic_load(&t2.runs[i]), 1);
	free(t.runs);
	free(t2.runs);
}

static void test_the_work_beside_runs_once_and_first(void **state)
{
	(void)state;
	run_beside_and_check(1, 50);
	run_beside_and_check(4, 1000);
	run_beside_and_check(2, 0); /* beside alone */
}

/* Work started beside the caller (pool_beside_start): it counts its runs,
 * and waits (up to ten seconds, never forever) for the caller's flag, which
 * the caller sets after the start returned: it saw the flag only when it
 * ran alongside the caller. */
struct alongside {
	atomic_int ran;
	atomic_bool go;
	bool saw_go;
};

static void wait_for_go(void *ctx)
{
	struct alongside *a = ctx;
	atomic_fetch_add(&a->ran, 1);
	struct timespec start, now;
	clock_gettime(CLOCK_MONOTONIC, &start);
	do {
		if (atomic_load(&a->go)) {
			a->saw_go = true;
			return;
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while (now.tv_sec - start.tv_sec < 10);
}

static void start_and_wait(int jobs, struct alongside *a)
{
	struct pool_beside b;
	pool_beside_start(&b, jobs, wait_for_go, a);
	atomic_store(&a->go, true);
	pool_beside_wait(&b);
	pool_beside_wait(&b); /* a second wait is none */
}

static void test_work_started_beside_runs_alongside(void **state)
{
	(void)state;
	struct alongside one = { 0 };
	start_and_wait(1, &one); /* one job: run at once, the flag not yet set */
	assert_int_equal(atomic_load(&one.ran), 1);
	assert_false(one.saw_go);
	struct alongside two = { 0 };
	start_and_wait(2, &two);
	assert_int_equal(atomic_load(&two.ran), 1);
	assert_true(two.saw_go);
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
		cmocka_unit_test(test_the_work_beside_runs_once_and_first),
		cmocka_unit_test(test_work_started_beside_runs_alongside),
		cmocka_unit_test(test_size_is_bounded),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
