/* pool: run n independent jobs on several threads. Jobs are handed out one
 * at a time (a shared counter), so uneven jobs balance themselves; `worker`
 * (0 .. jobs-1) lets a job use per-thread state. The caller's thread is
 * worker 0. Results must not depend on which worker ran a job.
 */
#ifndef GPUGUIDE_POOL_H
#define GPUGUIDE_POOL_H

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

#endif
