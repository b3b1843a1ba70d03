/* metrics_fixture: the small data set of the model's tests (metrics,
 * findings): three GPUs with every specification, three benchmarks, two
 * tasks, built in memory with data_fixture's rows; and the rows those tests
 * add (claims, quotes of a source, the sources' own costs).
 */
#ifndef GPUGUIDE_TESTS_METRICS_FIXTURE_H
#define GPUGUIDE_TESTS_METRICS_FIXTURE_H

#include "data_fixture.h"

#include <math.h>
#include <stdlib.h>

/* cmocka 1.1 only compares floats; these compare doubles (cmocka.h first). */
#define assert_close(got, want)                                               \
	do {                                                                  \
		double got_ = (got), want_ = (want);                          \
		if (!(fabs(got_ - want_) <= 1e-6 * fmax(1.0, fabs(want_)))) { \
			print_error("%.10g != %.10g\n", got_, want_);         \
			fail();                                               \
		}                                                             \
	} while (0)

enum { H100, A100, RTX4090, NGPUS };
enum { REL_RESNET, REL_BERT, LATENCY, NBENCH };
enum { LORA_7B, RESNET50, NTASKS };

static inline void fixture_gpu(struct gpu *g, const char *id, double vram,
			       double bw, double fp16, double tdp, size_t row)
{
	g->id = id;
	g->name = id;
	g->vram_gb = num_of(vram);
	g->bandwidth_gbs = num_of(bw);
	g->fp16_tflops = num_of(fp16);
	g->tdp_w = num_of(tdp);
	g->fp8 = -1;
	g->row = row;
}

static inline void fixture_benchmark(struct benchmark *b, const char *id,
				     const char *kind, bool higher, size_t row)
{
	b->id = id;
	b->kind = kind;
	b->higher_is_better = higher;
	b->row = row;
}

/* Three GPUs with every spec filled in, three benchmarks, two tasks; no
 * prices, results, times, claims or VRAM rows (tests add those). */
static inline void fixture_init(struct data *d)
{
	memset(d, 0, sizeof *d);
	d->ngpus = NGPUS;
	d->gpus = arena_alloc(&d->arena, NGPUS * sizeof *d->gpus);
	fixture_gpu(&d->gpus[H100], "h100-80gb", 80, 3350, 989, 700, 0);
	fixture_gpu(&d->gpus[A100], "a100-80gb", 80, 2039, 312, 400, 1);
	fixture_gpu(&d->gpus[RTX4090], "rtx-4090", 24, 1008, 165.2, 450, 2);

	d->nbenchmarks = NBENCH;
	d->benchmarks = arena_alloc(&d->arena, NBENCH * sizeof *d->benchmarks);
	fixture_benchmark(&d->benchmarks[REL_RESNET], "rel-resnet50",
			  "relative-speed", true, 0);
	fixture_benchmark(&d->benchmarks[REL_BERT], "rel-bert", "relative-speed",
			  true, 1);
	fixture_benchmark(&d->benchmarks[LATENCY], "llama-70b-latency",
			  "inference-latency", false, 2);

	d->ntasks = NTASKS;
	d->tasks = arena_alloc(&d->arena, NTASKS * sizeof *d->tasks);
	d->tasks[LORA_7B] = (struct task){ .id = "lora-7b", .speed_benchmark = -1, .row = 0 };
	d->tasks[RESNET50] = (struct task){ .id = "resnet50-imagenet", .speed_benchmark = -1,
					    .row = 1 };
}

/* A claim tested by every benchmark of the fixture (those of its kind
 * count). */
static inline void add_claim(struct data *d, size_t gpu, size_t other,
			     const char *kind, double low, double high)
{
	d->claims = grow(&d->arena, d->claims, d->nclaims, sizeof *d->claims);
	d->claims[d->nclaims] = (struct claim){
		.id = "c", .gpu_id = d->gpus[gpu].id, .other_gpu_id = d->gpus[other].id,
		.kind = kind, .benchmark_ids = "rel-resnet50;rel-bert;llama-70b-latency",
		.low = low, .high = high, .source = "s", .gpu = gpu,
		.other = other, .row = d->nclaims,
	};
	d->nclaims++;
}

/* H100 as the baseline: every relative-speed result 1. */
static inline void add_h100_baseline(struct data *d)
{
	add_result(d, REL_RESNET, H100, 1.0);
	add_result(d, REL_BERT, H100, 1.0);
}

/* A quote of one source, for `cards` cards. */
static inline void add_quote(struct data *d, size_t gpu, const char *source,
			     double usd, int cards)
{
	add_price(d, gpu, "on-demand", usd);
	d->prices[d->nprices - 1].source = source;
	d->prices[d->nprices - 1].cards = cards;
}

/* A cost a source states (task -1: a month of `cards` cards). */
static inline void add_stated(struct data *d, long task, size_t gpu, int cards,
			      const char *usd, const char *usd_max, bool approx)
{
	d->stated_costs = grow(&d->arena, d->stated_costs, d->nstated_costs,
			       sizeof *d->stated_costs);
	struct stated_cost *c = &d->stated_costs[d->nstated_costs];
	*c = (struct stated_cost){
		.id = "x", .task_id = task >= 0 ? d->tasks[task].id : "",
		.gpu_id = d->gpus[gpu].id, .period = task >= 0 ? "job" : "month",
		.source = "s", .task = task, .gpu = gpu, .cards = cards,
		.monthly = task < 0, .usd = strtod(usd, NULL),
		.usd_text = usd, .usd_max_text = usd_max ? usd_max : "",
		.approx = approx, .row = d->nstated_costs,
	};
	if (usd_max)
		c->usd_max = num_of(strtod(usd_max, NULL));
	d->nstated_costs++;
}

#endif
