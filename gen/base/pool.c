#include "base/pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

struct pool {
	size_t n;
	atomic_size_t next;
	void (*work)(void *ctx, size_t i, int worker);
	void *ctx;
};

struct pool_thread {
	struct pool *pool;
	int worker;
	pthread_t thread;
};

int pool_size(int wanted)
{
	if (wanted > 0)
		return wanted > POOL_MAX_JOBS ? POOL_MAX_JOBS : wanted;
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > POOL_MAX_JOBS ? POOL_MAX_JOBS : (int)n;
}

static void *pool_loop(void *arg)
{
	struct pool_thread *t = arg;
	struct pool *p = t->pool;
	for (;;) {
		size_t i = atomic_fetch_add(&p->next, 1);
		if (i >= p->n)
			break;
		p->work(p->ctx, i, t->worker);
	}
	return NULL;
}

void pool_run(int jobs, size_t n, void (*work)(void *ctx, size_t i, int worker),
	      void *ctx)
{
	struct pool p = { .n = n, .work = work, .ctx = ctx };
	atomic_init(&p.next, 0);
	if (jobs < 1)
		jobs = 1;
	if (jobs > POOL_MAX_JOBS)
		jobs = POOL_MAX_JOBS;
	if ((size_t)jobs > n)
		jobs = n ? (int)n : 1;
	struct pool_thread threads[POOL_MAX_JOBS];
	int started = 1;
	for (int w = 1; w < jobs; w++, started++) {
		threads[w] = (struct pool_thread){ .pool = &p, .worker = w };
		if (pthread_create(&threads[w].thread, NULL, pool_loop, &threads[w]) != 0)
			break; /* the threads there are finish the work */
	}
	threads[0] = (struct pool_thread){ .pool = &p, .worker = 0 };
	pool_loop(&threads[0]);
	for (int w = 1; w < started; w++)
		pthread_join(threads[w].thread, NULL);
}

struct beside_jobs {
	void (*work)(void *ctx, size_t i, int worker);
	void *ctx;
	void (*beside)(void *ctx);
	void *beside_ctx;
};

static void beside_job(void *ctx, size_t i, int worker)
{
	struct beside_jobs *b = ctx;
	if (i == 0)
		b->beside(b->beside_ctx);
	else
		b->work(b->ctx, i - 1, worker);
}

void pool_run_beside(int jobs, size_t n, void (*work)(void *ctx, size_t i, int worker),
		     void *ctx, void (*beside)(void *ctx), void *beside_ctx)
{
	if (!beside) {
		pool_run(jobs, n, work, ctx);
		return;
	}
	struct beside_jobs b = { work, ctx, beside, beside_ctx };
	pool_run(jobs, n + 1, beside_job, &b);
}

static void *beside_loop(void *arg)
{
	struct pool_beside *b = arg;
	b->fn(b->ctx);
	return NULL;
}

void pool_beside_start(struct pool_beside *b, int jobs, void (*fn)(void *ctx), void *ctx)
{
	*b = (struct pool_beside){ .fn = fn, .ctx = ctx };
	b->started = jobs > 1 && pthread_create(&b->thread, NULL, beside_loop, b) == 0;
	if (!b->started)
		fn(ctx);
}

void pool_beside_wait(struct pool_beside *b)
{
	if (b->started)
		pthread_join(b->thread, NULL);
	b->started = false;
}
