/* data_fixture: small data sets built by hand for unit tests (metrics,
 * guide charts): rows appended to a struct data in its own arena, each with
 * source "s" and its row number, the indexes (gpu, task, benchmark) set as
 * data_load would set them.
 */
#ifndef GPUGUIDE_TESTS_DATA_FIXTURE_H
#define GPUGUIDE_TESTS_DATA_FIXTURE_H

#include "base/arena.h"
#include "model/data.h"

#include <stdbool.h>
#include <string.h>

static inline struct num num_of(double v)
{
	return (struct num){ v, true };
}

/* A copy of `old` (n elements) with room for one more, zeroed; the old array
 * stays in the arena until it is freed. */
static inline void *grow(struct arena *a, const void *old, size_t n, size_t size)
{
	void *p = arena_alloc(a, (n + 1) * size);
	if (n)
		memcpy(p, old, n * size);
	return p;
}

static inline void add_price(struct data *d, size_t gpu, const char *kind,
			     double usd)
{
	d->prices = grow(&d->arena, d->prices, d->nprices, sizeof *d->prices);
	d->prices[d->nprices] = (struct price){
		.gpu_id = d->gpus[gpu].id, .provider = "p", .kind = kind,
		.source = "s", .usd_per_hour = usd, .gpu = gpu, .row = d->nprices,
	};
	d->nprices++;
}

static inline void add_result(struct data *d, size_t bench, size_t gpu,
			      double value)
{
	d->results = grow(&d->arena, d->results, d->nresults, sizeof *d->results);
	d->results[d->nresults] = (struct result){
		.benchmark_id = d->benchmarks[bench].id, .gpu_id = d->gpus[gpu].id,
		.source = "s", .value = value, .benchmark = bench, .gpu = gpu,
		.row = d->nresults,
	};
	d->nresults++;
}

static inline void add_time(struct data *d, size_t task, size_t gpu,
			    double hours, int count)
{
	d->task_times = grow(&d->arena, d->task_times, d->ntask_times,
			     sizeof *d->task_times);
	d->task_times[d->ntask_times] = (struct task_time){
		.task_id = d->tasks[task].id, .gpu_id = d->gpus[gpu].id,
		.source = "s", .hours = hours, .gpu_count = count, .task = task,
		.gpu = gpu, .row = d->ntask_times,
	};
	d->ntask_times++;
}

static inline void add_vram(struct data *d, double params_b,
			    const char *precision, double gb)
{
	d->vram = grow(&d->arena, d->vram, d->nvram, sizeof *d->vram);
	d->vram[d->nvram] = (struct vram_rule){
		.params_b = params_b, .precision = precision, .gb = gb,
		.source = "s", .row = d->nvram,
	};
	d->nvram++;
}

#endif
