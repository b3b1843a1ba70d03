/* metrics: the derived figures a buyer needs, as pure functions (no I/O).
 *
 * A figure either has a value or says why it has none: `missing` is NULL for a
 * real figure, else an i18n key naming the reason ("why.no_price", ...), so a
 * page can say "no data: no price seen" instead of printing 0 or NaN.
 *
 * Formulas (also stated on the methodology page):
 *   cost per job        = task hours x per-card price of the quote x cards used
 *                         (a range when the time is: 4-8 h x $0.44 = $1.76-$3.52)
 *   monthly cost        = per-card price x cards x 720 h (24 h x 30 days)
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

#include "model/data.h"

#include <stdbool.h>
#include <stddef.h>

struct buf;
struct finding;

struct figure {
	double value;
	const char *missing; /* NULL when value is a real figure */
};

/* Hours in the month a serving cost is priced for: 24 h x 30 days. */
#define METRICS_HOURS_PER_MONTH 720

/* The precision a model's memory is counted at when its source states
 * none (weights in 16-bit floats, as served without quantisation). */
#define METRICS_DEFAULT_PRECISION "fp16"

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
/* What a card's list price gives, from each end of it when it is a range
 * (price_usd_min..price_usd_max: ranges stay ranges): its buy-or-rent
 * break-even at `usd_per_hour` (metric_break_even_hours) and its `tflops`
 * per $1,000 (metric_tflops_per_kusd). The smaller end is the figure, the
 * larger in *high (the figure's own value when the price is one figure or
 * the figure is missing, "why.no_list_price" without a list price). */
struct figure metrics_break_even(const struct gpu *g, struct figure usd_per_hour,
				 double *high);
struct figure metrics_tflops_per_kusd(const struct gpu *g, struct figure tflops,
				      double *high);
struct figure metric_cost_per_million_tokens(struct figure usd_per_hour,
					     struct figure tokens_per_s);
/* A month (METRICS_HOURS_PER_MONTH) of `cards` cards at a per-card price. */
struct figure metric_monthly_cost(struct figure usd_per_hour, int cards);
/* Whether a figure a source states (`written` as in its CSV cell, "about"
 * when `approx`) is `computed` up to the stated figure's rounding (see
 * numfmt_rounding): "about 545" agrees with 544.32, "2" with 1.76. */
bool metric_agrees(const char *written, bool approx, double computed);
/* Bytes per parameter for fp32 (4), fp16/bf16 (2), int8 (1), int4 (0.5);
 * a negative number for an unknown precision. */
double metric_bytes_per_param(const char *precision);

/* The model sizes the calculator takes, in billions of parameters. */
#define CALC_PARAMS_MIN 0.1
#define CALC_PARAMS_MAX 2000
/* Whether a calculator preset is one the calculator takes: `params` a plain
 * decimal number from CALC_PARAMS_MIN to CALC_PARAMS_MAX, `precision` one
 * of schema_precisions, `job` one of schema_jobs (each may be
 * NULL: not given). On false, `why` gets the problem in words. */
bool metric_preset_ok(const char *params, const char *precision,
		      const char *job, struct buf *why);
struct figure metric_vram_needed_gb(double params_b, const char *precision);
/* Cards needed to hold `need_gb` (ceil), or missing when vram is unknown. */
struct figure metric_gpus_needed(struct figure need_gb, struct figure vram_gb);

/* The headroom a "fits" needs: memory left free on the cards beyond what is
 * counted, as a share of it (for what no accounting here counts: activations,
 * the KV cache, the framework). A rule of this site, stated on the
 * calculator and methodology pages, not a source's figure. */
#define METRICS_FIT_HEADROOM 0.2

/* Where a need stands on one kind of card: `cards` the fewest that hold it
 * (metric_gpus_needed), `roomy` the fewest that hold it with
 * METRICS_FIT_HEADROOM to spare; `tight` when those differ (the fewest
 * cards hold it with less than the headroom left). Missing as
 * metric_gpus_needed is. */
struct card_fit {
	struct figure cards, roomy;
	bool tight;
};
struct card_fit metric_fit(struct figure need_gb, struct figure vram_gb);

/* Full training counted by the published accounting of mixed-precision
 * training with Adam (Rajbhandari et al., "ZeRO: Memory Optimizations Toward
 * Training Trillion Parameter Models", SC 2020, section 3.1): fp16 weights
 * (2 bytes per parameter) and gradients (2), and the optimizer states: fp32
 * weights, momentum and variance (4 + 4 + 4 = 12): 16 bytes per parameter,
 * whatever precision the weights are served at. METRICS_ACCOUNTING_SOURCE is
 * its row in sources.csv. */
#define METRICS_ADAM_WEIGHT_BYTES 2.0
#define METRICS_ADAM_GRADIENT_BYTES 2.0
#define METRICS_ADAM_OPTIMIZER_BYTES 12.0
#define METRICS_ACCOUNTING_SOURCE "zero-sc2020"

/* Memory a job needs for a model of `params_b` billion parameters at
 * `precision` (GB), part by part:
 *   inference: the weights, params x bytes per parameter;
 *   lora:      the frozen weights at `precision` (they get no gradients or
 *              optimizer states); the adapter's own are not counted (they
 *              depend on its rank);
 *   training:  weights + gradients + optimizer states by the accounting
 *              above (16 bytes per parameter).
 * `total` is their sum and never decreases as params_b grows at one
 * precision and job. `not_counted` is the i18n key naming what the figure
 * leaves out (activations, KV cache, ...); `rule` the vram.csv row of a
 * source's rule of thumb for this size and precision (-1: none, and always
 * -1 when the weights are not counted at `precision`), shown beside
 * the figure, never used for it (a rule of thumb may disagree with the
 * arithmetic, and a bigger model must never need less). Missing
 * "why.unknown_precision" or "why.unknown_job" for what is not one. */
struct job_memory {
	struct figure weights, gradients, optimizer, total;
	const char *not_counted;
	long rule;
	bool at_precision; /* the weights counted at `precision` (not training) */
};
struct job_memory metrics_job_memory(const struct data *d, double params_b,
				     const char *precision, const char *job);

/* ---- Figures over the whole data set, computed once per build. ---- */

struct gpu_prices {
	struct figure lowest;      /* lowest on-demand price: the default */
	struct figure low, high;   /* range across every price row */
	long lowest_row;           /* index into data.prices, -1 if none */
	size_t count;
};

/* Why a cost is priced at the quote it is. */
enum quote_choice {
	QUOTE_NONE,        /* no on-demand quote for the GPU: no cost */
	QUOTE_SAME_SOURCE, /* a quote of the source that gives the time */
	QUOTE_LOWEST,      /* that source quotes none: the lowest on-demand */
};

/* The quote a time (or a serving case) is priced at: the on-demand quotes
 * of `source` for the GPU first (one for exactly `cards` cards before
 * one for a single card before any other, the lowest per card among
 * equals), else the GPU's lowest on-demand quote. The index into
 * data.prices, or -1; *why says which rule chose it. */
long metrics_pick_quote(const struct data *d, size_t gpu, const char *source,
			int cards, enum quote_choice *why);

/* The quote a price figure of an article names (the price shortcode): of
 * the GPU's current quotes (none superseded by a later dated quote of its
 * series), those of `source` when it is not NULL; the lowest on-demand one,
 * or with `which` "low" or "high" the lowest or highest of any kind. The
 * index into data.prices, or -1. Pages price everything through the same
 * current quotes (metrics_pick_quote, gpu_prices). */
long metrics_price_row(const struct data *d, size_t gpu, const char *source,
		       const char *which);

struct task_cost {
	size_t task, gpu;           /* indexes into data.tasks, data.gpus */
	long time_row;              /* index into data.task_times, -1 if none */
	struct figure hours;
	struct figure hours_max;    /* the range's upper end, else missing */
	long quote_row;             /* index into data.prices, -1 if none */
	enum quote_choice choice;
	struct figure usd_per_hour; /* per card, of that quote */
	struct figure cost;         /* hours x price x cards */
	struct figure cost_max;     /* hours_max x price x cards, else missing */
	int gpu_count;
	long stated;                /* data.stated_costs of this job, or -1 */
	bool cheapest, fastest;     /* best of two or more GPUs with figures:
				     * none cheaper or quicker (metrics_cheaper) */
	/* cost, cost_max, hours and hours_max as they print (money; a
	 * duration by i18n_format_duration_plain), for telling figures that
	 * print alike: NULL where missing, or not made (a task_cost not of
	 * metrics_compute's: metrics_cheaper prints it then) */
	const char *shown[4];
};

/* A stated cost held against the one computed from its inputs. */
struct stated_check {
	long time_row;               /* a job's time (data.task_times), or -1 */
	long quote_row;              /* the quote it is priced at, or -1 */
	enum quote_choice choice;
	struct figure hours, hours_max; /* a job's time; a month's hours */
	struct figure computed, computed_max; /* max missing unless a range */
	bool agrees;                 /* within the stated figures' rounding */
};

struct metrics {
	struct gpu_prices *prices;   /* [ngpus] */
	struct task_cost *costs;     /* [ntasks * ngpus], task-major */
	struct stated_check *checks; /* [nstated_costs] */
	struct finding *findings;    size_t nfindings; /* findings_compute */
	long baseline_gpu;           /* the relative-speed baseline (index) */
};

/* Compute every derived figure of `d` (the data-health findings are
 * findings_compute's, from these); memory comes from `d->arena`. The
 * baseline GPU for relative speeds is `baseline_id` (NULL: the GPU whose
 * relative-speed results are all 1). */
void metrics_compute(const struct data *d, const char *baseline_id,
		     struct metrics *m);
/* Whether some card with a time for `task` has a price for it: else no
 * cost of the job can be given, and a table of its times leaves out the
 * price and cost columns (its page's, an article's). */
bool metrics_task_priced(const struct data *d, const struct metrics *m, size_t task);
/* The cost of `task` on `gpu`. */
const struct task_cost *metrics_task_cost(const struct data *d,
					  const struct metrics *m,
					  size_t task, size_t gpu);
/* Whether the GPU has a result on some benchmark (metrics_result), or a
 * time (hours) for some task. */
bool metrics_gpu_has_result(const struct data *d, size_t gpu);
bool metrics_gpu_has_time(const struct data *d, const struct metrics *m, size_t gpu);
/* Whether b's results are relative speeds (kind "relative-speed"); whether
 * they are of serving a model (a kind "inference-..."). */
bool metrics_is_relative_speed(const struct benchmark *b);
bool metrics_is_inference(const struct benchmark *b);
/* A benchmark result of one GPU, or missing "why.no_result". */
struct figure metrics_result(const struct data *d, size_t benchmark,
			     size_t gpu);
/* Relative speed of `gpu` against `base` on one benchmark (of two cards
 * compared: missing "why.no_pair_result" unless both have a result). */
struct figure metrics_speed_ratio(const struct data *d, size_t benchmark,
				  size_t gpu, size_t base);
/* Which of two jobs' costs is the lower: 1 for a, -1 for b, 0 for neither.
 * End to end: a range's lower end against the other's lower end, its
 * upper end against the other's upper end, a cost without a range being
 * both its ends; the lower at one end and not the higher at the other
 * wins; about the same at both (as they print: the comparison model's
 * cmp_better_side), or each the lower at one end (ranges that cross), is
 * neither. 0 when either has no cost. */
int metrics_cheaper(const struct task_cost *a, const struct task_cost *b);
/* The same of two jobs' times (as durations print). */
int metrics_quicker(const struct task_cost *a, const struct task_cost *b);
/* Whether two jobs' costs (`cost`) or times are ranges that cross, each
 * the lower at one end: metrics_cheaper (metrics_quicker) then names
 * neither, and not because they are about the same. */
bool metrics_ranges_cross(const struct task_cost *a, const struct task_cost *b, bool cost);
/* The ratio of two jobs' costs, a to b, end to end: a cost without a range
 * counts as both its ends, so the ratio of their lower ends and that of
 * their upper ends, the smaller the figure and the larger in *high (equal
 * when neither cost is a range). Missing "why.no_hours" when either card
 * has no time, else "why.no_price" when either has no cost or b's is 0. */
struct figure metrics_cost_ratio(const struct task_cost *a, const struct task_cost *b,
				 double *high);
/* The relative-speed baseline of `m`: a GPU of `d` (an index below
 * d->ngpus), or -1 when no card is the baseline. Every page, chart and
 * sentence asks this, never m->baseline_gpu itself. */
long metrics_baseline(const struct data *d, const struct metrics *m);
/* `gpu`'s speed on a relative-speed benchmark as the guide shows it: against
 * the baseline card (metrics_speed_ratio), or, when there is none
 * (metrics_baseline), the result as its source gives it (metrics_result:
 * relative to that source's own baseline card). */
struct figure metrics_speed_vs_baseline(const struct data *d, const struct metrics *m,
				     size_t benchmark, size_t gpu);
/* The mean of `gpu`'s speeds on the relative-speed benchmarks, as the
 * guide shows them (metrics_speed_vs_baseline), over those it has; missing
 * "why.no_result" when none. A GPU's speed per dollar is of it, and the
 * data-health check holds job times against it. */
struct figure metrics_mean_relative_speed(const struct data *d, const struct metrics *m,
					  size_t gpu);
/* The precision of the fewest bytes per parameter the guide counts: a
 * model its card cannot hold even so needs more than one. */
#define METRICS_LEAST_PRECISION "int4"

/* How many cards result x ran on, as the guide counts them: the count its
 * source states; else, for a result of serving a model
 * (metrics_is_inference), as many as the model's weights need on that
 * card at METRICS_DEFAULT_PRECISION (metric_fit, `tight` as it says), the
 * cards its serving cost counts (metrics_serving_cost); else one, unless
 * one cannot hold the benchmark's model even at METRICS_LEAST_PRECISION:
 * then `several`, how many unknown (n 0). n is 0 too when the card's
 * memory is not stated. `counted`: n is known and is the cards the
 * model needs. */
struct result_cards {
	int n;
	bool stated, tight, several, counted;
};
struct result_cards metrics_result_cards(const struct data *d, const struct result *x);
/* Whether two results were measured alike: the same batch size and the
 * same number of cards, by metrics_result_cards (a condition one states
 * and the other does not counts as different; cards unknown are alike
 * with none). */
bool metrics_same_conditions(const struct data *d, const struct result *a,
			     const struct result *b);
/* Whether every GPU's result on `benchmark` (metrics_result's row) was
 * measured alike: only then is one of them "the fastest" (a table's best
 * of N marks none otherwise, as a pair gets no winner). */
bool metrics_results_alike(const struct data *d, size_t benchmark);
/* What serving a benchmark's model on one GPU costs: the cards its result
 * ran on, as metrics_result_cards counts them (those its weights need when
 * its source does not say), the quote (of the result's source first, by
 * metrics_pick_quote), a month of those cards, and for a tokens/s result
 * the cost per million tokens on all of them. */
struct serving_cost {
	struct figure cards;
	bool tight; /* the cards hold the weights with less than
		     * METRICS_FIT_HEADROOM left free (metric_fit) */
	long quote_row;
	enum quote_choice choice;
	struct figure usd_per_hour;  /* per card */
	struct figure monthly;
	struct figure per_mtok;      /* missing unless the unit is tokens/s */
};
struct serving_cost metrics_serving_cost(const struct data *d, size_t benchmark,
					 size_t gpu);

/* Memory the weights of a model of `params_b` billion parameters need at
 * `precision`: parameters x bytes per parameter, always (so a bigger model
 * never needs less); *rule = the vram.csv row of a source's rule of thumb
 * for that size and precision, shown beside it, or -1. */
struct figure metrics_model_vram(const struct data *d, double params_b,
				 const char *precision, long *rule);

#endif
