/* pool: run n independent jobs on several threads. Jobs are handed out one
 * at a time (a shared counter), so uneven jobs balance themselves; `worker`
 * (0 .. jobs-1) lets a job use per-thread state. The caller's thread is
 * worker 0. Results must not depend on which worker ran a job.
 *
 * The threads are made by the first pool that needs them and kept, asleep,
 * for the next (joined at exit); a pool run while another has them (from
 * another thread, or from within a job) makes threads of its own.
 */
#ifndef GPUGUIDE_POOL_H
#define GPUGUIDE_POOL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#define POOL_MAX_JOBS 16

/* Threads to use for `wanted` (0: one per core), at most POOL_MAX_JOBS. */
int pool_size(int wanted);

/* Call work(ctx, i, worker) for every i < n, on `jobs` threads, and return
 * when all are done. */
void pool_run(int jobs, size_t n, void (*work)(void *ctx, size_t i, int worker),
	      void *ctx);

/* pool_run, and beside(beside_ctx) as one job more, the first handed out
 * (beside NULL: none): other work, done on one thread while the others
 * take the n jobs. It must share nothing with them unlocked. */
void pool_run_beside(int jobs, size_t n, void (*work)(void *ctx, size_t i, int worker),
		     void *ctx, void (*beside)(void *ctx), void *beside_ctx);

/* beside(ctx) on a thread of its own from now on, while the caller goes on
 * (to a pool_run, say: work that must come first, on the caller's thread,
 * need not keep a core idle); run at once, before returning, when `jobs` is
 * 1 or no thread can be made. pool_beside_wait waits for it. It must share
 * nothing with the caller unlocked. */
struct pool_beside {
	pthread_t thread;
	bool started;
	void (*fn)(void *ctx);
	void *ctx;
};
void pool_beside_start(struct pool_beside *b, int jobs, void (*fn)(void *ctx), void *ctx);
void pool_beside_wait(struct pool_beside *b);

#endif
