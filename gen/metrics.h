/* metrics: the derived figures a buyer needs, as pure functions (no I/O).
 *
 * A figure either has a value or says why it has none: `missing` is NULL for a
 * real figure, else an i18n key naming the reason ("why.no_price", ...), so a
 * page can say "no data: no price seen" instead of printing 0 or NaN.
 *
 * Formulas (also stated on the methodology page):
 *   cost per job        = task hours x hourly price (x cards used)
 *   relative speed      = value / baseline value (inverted when lower is better)
 *   speed per dollar    = relative speed / hourly price
 *   TFLOPS per watt     = FP16 TFLOPS / TDP
 *   TFLOPS per 1000 USD = FP16 TFLOPS / list price x 1000 (list price = lower bound)
 *   break-even hours    = list price / hourly price
 *   VRAM needed (GB)    = params (billions) x bytes per parameter
 *   GPUs needed         = ceil(VRAM needed / card VRAM)
 *   cost per 1M tokens  = hourly price / (tokens per second x 3600) x 1e6
 */
#ifndef GPUGUIDE_METRICS_H
#define GPUGUIDE_METRICS_H

#include "data.h"

#include <stdbool.h>
#include <stddef.h>

struct figure {
	double value;
	const char *missing; /* NULL when value is a real figure */
};

/* Relative tolerance when a stated figure is held against one implied by
 * other figures (a claim, a rule of thumb): 15 %. */
#define METRICS_TOLERANCE 0.15

struct figure figure_of(struct num n, const char *why_missing);
bool figure_ok(struct figure f);

struct figure metric_cost_per_job(struct figure hours, struct figure usd_per_hour,
				  int gpu_count);
struct figure metric_relative_speed(struct figure value, struct figure baseline,
				    bool higher_is_better);
struct figure metric_speed_per_dollar(struct figure rel_speed,
				      struct figure usd_per_hour);
struct figure metric_tflops_per_watt(struct figure tflops, struct figure watts);
struct figure metric_tflops_per_kusd(struct figure tflops, struct figure usd);
struct figure metric_break_even_hours(struct figure list_usd,
				      struct figure usd_per_hour);
struct figure metric_cost_per_million_tokens(struct figure usd_per_hour,
					     struct figure tokens_per_s);
/* Bytes per parameter for fp32 (4), fp16/bf16 (2), int8 (1), int4 (0.5);
 * a negative number for an unknown precision. */
double metric_bytes_per_param(const char *precision);
struct figure metric_vram_needed_gb(double params_b, const char *precision);
/* Cards needed to hold `need_gb` (ceil), or missing when vram is unknown. */
struct figure metric_gpus_needed(struct figure need_gb, struct figure vram_gb);

/* ---- Figures over the whole data set, computed once per build. ---- */

struct gpu_prices {
	struct figure lowest;      /* lowest on-demand price: the default */
	struct figure low, high;   /* range across every price row */
	long lowest_row;           /* index into data.prices, -1 if none */
	size_t count;
};

struct task_cost {
	size_t task, gpu;           /* indexes into data.tasks, data.gpus */
	long time_row;              /* index into data.task_times, -1 if none */
	struct figure hours;
	struct figure usd_per_hour; /* the GPU's default price */
	struct figure cost;         /* hours x price x cards */
	struct figure cost_low, cost_high; /* over the range of prices */
	int gpu_count;
	bool cheapest, fastest;     /* best of the task's GPUs */
};

enum finding_kind {
	FINDING_PRICE_SPREAD,  /* one GPU, prices that differ across sources */
	FINDING_CLAIM_MISMATCH, /* a stated ratio the results do not give */
	FINDING_SPEED_MISMATCH, /* task-time speed vs stated relative speed */
	FINDING_VRAM_RULE,      /* rule-of-thumb row vs params x bytes */
	FINDING_MISSING,        /* a figure no source gives */
};

/* One data-health finding. Indexes are -1 where they do not apply. */
struct finding {
	enum finding_kind kind;
	long gpu, other_gpu, task, benchmark, claim, vram_row;
	double stated, computed;     /* the two figures held against each other */
	double stated_high;          /* upper end when a range was stated */
	const char *field;           /* FINDING_MISSING: the empty column */
};

struct metrics {
	struct gpu_prices *prices;   /* [ngpus] */
	struct task_cost *costs;     /* [ntasks * ngpus], task-major */
	struct finding *findings;    size_t nfindings;
	long baseline_gpu;           /* the relative-speed baseline (index) */
};

/* Compute every derived figure of `d`; memory comes from `d->arena`. The
 * baseline GPU for relative speeds is `baseline_id` (NULL: the GPU whose
 * relative-speed results are all 1). */
void metrics_compute(const struct data *d, const char *baseline_id,
		     struct metrics *m);
/* The cost of `task` on `gpu`. */
const struct task_cost *metrics_task_cost(const struct data *d,
					  const struct metrics *m,
					  size_t task, size_t gpu);
/* A benchmark result of one GPU, or missing "why.no_result". */
struct figure metrics_result(const struct data *d, size_t benchmark,
			     size_t gpu);
/* Relative speed of `gpu` against `base` on one benchmark. */
struct figure metrics_speed_ratio(const struct data *d, size_t benchmark,
				  size_t gpu, size_t base);

#endif
