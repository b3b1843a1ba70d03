#include "base/pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
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

/* The crew: threads made by the first pool_run that needs them and kept,
 * asleep, for the next ones (a build runs a dozen pools). Made anew each
 * time, a thread was often put on the busy core of the thread that made
 * it and waited there for milliseconds while the other core stood idle; a
 * thread woken is put back on the core it slept on. One pool_run at a
 * time has the crew (`taken`); another at the same moment (on a thread
 * beside, or a job's own) makes threads of its own, as before. */
static struct crew {
	pthread_mutex_t lock;
	pthread_cond_t wake, done;
	atomic_bool taken;
	struct pool *run;    /* the pool it works for, in round `round` */
	unsigned long round; /* a thread takes part once in each round */
	int wanted;          /* the threads 1..wanted take part in it */
	int busy;            /* those of them still at it */
	int nthreads;
	bool quit;
	pthread_t threads[POOL_MAX_JOBS];
} crew = { .lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER,
	   .done = PTHREAD_COND_INITIALIZER };

static void *crew_loop(void *arg)
{
	int worker = (int)(intptr_t)arg;
	unsigned long seen = 0;
	pthread_mutex_lock(&crew.lock);
	for (;;) {
		while (crew.round == seen && !crew.quit)
			pthread_cond_wait(&crew.wake, &crew.lock);
		if (crew.quit)
			break;
		seen = crew.round;
		if (worker > crew.wanted)
			continue;
		struct pool_thread t = { .pool = crew.run, .worker = worker };
		pthread_mutex_unlock(&crew.lock);
		pool_loop(&t);
		pthread_mutex_lock(&crew.lock);
		if (--crew.busy == 0)
			pthread_cond_signal(&crew.done);
	}
	pthread_mutex_unlock(&crew.lock);
	return NULL;
}

/* At exit: the crew's threads told to end and joined, unless the exit
 * comes from within a run (its threads are then left to the exit). */
static void crew_stop(void)
{
	if (atomic_exchange(&crew.taken, true))
		return;
	pthread_mutex_lock(&crew.lock);
	crew.quit = true;
	pthread_cond_broadcast(&crew.wake);
	pthread_mutex_unlock(&crew.lock);
	for (int i = 0; i < crew.nthreads; i++)
		pthread_join(crew.threads[i], NULL);
	crew.nthreads = 0;
}

/* The crew's threads up to `jobs` - 1 (as many as can be made); how many
 * there are. Under its lock. */
static int crew_grow(int jobs)
{
	while (crew.nthreads < jobs - 1) {
		int worker = crew.nthreads + 1;
		if (pthread_create(&crew.threads[crew.nthreads], NULL, crew_loop,
				   (void *)(intptr_t)worker) != 0)
			break;
		if (crew.nthreads++ == 0)
			atexit(crew_stop);
	}
	return crew.nthreads;
}

/* Run `p` on the caller's thread and jobs - 1 of the crew's: false (and
 * nothing run) when another run has the crew. */
static bool crew_run(struct pool *p, int jobs)
{
	if (atomic_exchange(&crew.taken, true))
		return false;
	pthread_mutex_lock(&crew.lock);
	int have = crew_grow(jobs);
	crew.run = p;
	crew.wanted = crew.busy = have < jobs - 1 ? have : jobs - 1;
	crew.round++;
	pthread_cond_broadcast(&crew.wake);
	pthread_mutex_unlock(&crew.lock);
	struct pool_thread self = { .pool = p, .worker = 0 };
	pool_loop(&self);
	pthread_mutex_lock(&crew.lock);
	while (crew.busy)
		pthread_cond_wait(&crew.done, &crew.lock);
	pthread_mutex_unlock(&crew.lock);
	atomic_store(&crew.taken, false);
	return true;
}

/* Run `p` on the caller's thread and jobs - 1 made for it. */
static void run_on_new_threads(struct pool *p, int jobs)
{
	struct pool_thread threads[POOL_MAX_JOBS];
	int started = 1;
	for (int w = 1; w < jobs; w++, started++) {
		threads[w] = (struct pool_thread){ .pool = p, .worker = w };
		if (pthread_create(&threads[w].thread, NULL, pool_loop, &threads[w]) != 0)
			break; /* the threads there are finish the work */
	}
	threads[0] = (struct pool_thread){ .pool = p, .worker = 0 };
	pool_loop(&threads[0]);
	for (int w = 1; w < started; w++)
		pthread_join(threads[w].thread, NULL);
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
	if (jobs == 1) {
		struct pool_thread self = { .pool = &p, .worker = 0 };
		pool_loop(&self);
	} else if (!crew_run(&p, jobs)) {
		run_on_new_threads(&p, jobs);
	}
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
