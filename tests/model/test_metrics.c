/* Tests for metrics: the figures are worked out by hand from the seed texts. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "data_fixture.h"
#include "metrics_fixture.h"

#include "model/metrics.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define assert_figure(f, want)                \
	do {                                  \
		struct figure f_ = (f);       \
		assert_null(f_.missing);      \
		assert_close(f_.value, want); \
	} while (0)

/* A missing figure names its reason and holds no NaN or inf. */
#define assert_missing(f, why)                         \
	do {                                           \
		struct figure f_ = (f);                \
		assert_non_null(f_.missing);           \
		assert_string_equal(f_.missing, why);  \
		assert_true(isfinite(f_.value));       \
	} while (0)

static struct figure fig(double v)
{
	struct figure f = { v, NULL };
	return f;
}

static struct figure nofig(const char *why)
{
	struct figure f = { 0.0, why };
	return f;
}

/* ---- Single figures ---- */

static void test_cost_per_job_multiplies_hours_by_price(void **state)
{
	(void)state;
	/* LoRA 7B on an RTX 4090: 3 h at $0.39/h. */
	assert_figure(metric_cost_per_job(fig(3), fig(0.39), 1), 1.17);
}

static void test_cost_per_job_counts_every_card(void **state)
{
	(void)state;
	assert_figure(metric_cost_per_job(fig(10), fig(1.5), 4), 60.0);
	/* An unstated count (0) is one card. */
	assert_figure(metric_cost_per_job(fig(10), fig(1.5), 0), 15.0);
}

static void test_missing_price_gives_no_figure(void **state)
{
	(void)state;
	assert_missing(metric_cost_per_job(fig(3), nofig("why.no_price"), 1),
		       "why.no_price");
}

static void test_missing_hours_gives_no_figure(void **state)
{
	(void)state;
	assert_missing(metric_cost_per_job(nofig("why.no_hours"), fig(0.39), 1),
		       "why.no_hours");
	/* Both missing: the first input's reason. */
	assert_missing(metric_cost_per_job(nofig("why.no_hours"),
					   nofig("why.no_price"), 1),
		       "why.no_hours");
}

static void test_figure_of_empty_cell_is_missing(void **state)
{
	(void)state;
	struct num empty = { 0, false };
	assert_missing(figure_of(empty, "why.no_tdp"), "why.no_tdp");
	assert_false(figure_ok(figure_of(empty, "why.no_tdp")));
	assert_figure(figure_of(num_of(700), "why.no_tdp"), 700);
	assert_true(figure_ok(figure_of(num_of(700), "why.no_tdp")));
}

static void test_break_even_divides_list_price_by_hourly_price(void **state)
{
	(void)state;
	/* A $1,600 card rented at $0.39/h pays for itself after 4,102.56 h. */
	struct figure f = metric_break_even_hours(fig(1600), fig(0.39));
	assert_figure(f, 1600 / 0.39);
	assert_close(round(f.value * 100) / 100, 4102.56);
}

static void test_break_even_without_list_price_or_price_gives_no_figure(void **state)
{
	(void)state;
	assert_missing(metric_break_even_hours(nofig("why.no_list_price"), fig(0.39)),
		       "why.no_list_price");
	assert_missing(metric_break_even_hours(fig(1600), nofig("why.no_price")),
		       "why.no_price");
	assert_missing(metric_break_even_hours(fig(1600), fig(0)), "why.zero");
}

static void test_tflops_per_watt_divides_fp16_by_tdp(void **state)
{
	(void)state;
	/* H100: 989 FP16 TFLOPS at 700 W. */
	struct figure f = metric_tflops_per_watt(fig(989), fig(700));
	assert_figure(f, 989.0 / 700.0);
	assert_close(round(f.value * 1000) / 1000, 1.413);
}

static void test_tflops_per_watt_without_tflops_or_tdp_gives_no_figure(void **state)
{
	(void)state;
	assert_missing(metric_tflops_per_watt(nofig("why.no_tflops"), fig(700)),
		       "why.no_tflops");
	assert_missing(metric_tflops_per_watt(fig(989), nofig("why.no_tdp")),
		       "why.no_tdp");
	assert_missing(metric_tflops_per_watt(fig(989), fig(0)), "why.zero");
}

static void test_tflops_per_kusd_is_per_thousand_dollars(void **state)
{
	(void)state;
	/* 165.2 TFLOPS for $1,600: 103.25 TFLOPS per $1,000. */
	assert_figure(metric_tflops_per_kusd(fig(165.2), fig(1600)), 103.25);
	assert_missing(metric_tflops_per_kusd(fig(165.2), nofig("why.no_list_price")),
		       "why.no_list_price");
	assert_missing(metric_tflops_per_kusd(fig(165.2), fig(0)), "why.zero");
}

/* A list price that is a range gives a range (ranges stay ranges): the
 * break-even from each end of it, the TFLOPS per $1,000 too, the smaller
 * end first; one price, one figure; none, no figure. */
static void test_list_price_range_gives_ranges(void **state)
{
	(void)state;
	struct gpu g = { .price_usd_min = num_of(10000), .price_usd_max = num_of(15000) };
	double high;
	struct figure f = metrics_break_even(&g, fig(1.39), &high);
	assert_figure(f, 10000 / 1.39);
	assert_close(high, 15000 / 1.39);
	f = metrics_tflops_per_kusd(&g, fig(312), &high);
	assert_figure(f, 312.0 / 15000 * 1000);
	assert_close(high, 312.0 / 10000 * 1000);
	g.price_usd_max.ok = false;
	f = metrics_break_even(&g, fig(1.39), &high);
	assert_figure(f, 10000 / 1.39);
	assert_close(high, f.value);
	f = metrics_tflops_per_kusd(&g, fig(312), &high);
	assert_figure(f, 31.2);
	assert_close(high, f.value);
	g.price_usd_min.ok = false;
	assert_missing(metrics_break_even(&g, fig(1.39), &high), "why.no_list_price");
	assert_missing(metrics_tflops_per_kusd(&g, fig(312), &high), "why.no_list_price");
	g.price_usd_min = num_of(10000);
	assert_missing(metrics_break_even(&g, nofig("why.no_price"), &high), "why.no_price");
	assert_missing(metrics_tflops_per_kusd(&g, nofig("why.not_stated"), &high),
		       "why.not_stated");
}

static void test_cost_per_million_tokens_divides_price_by_hourly_tokens(void **state)
{
	(void)state;
	/* $0.39/h at 60 tokens/s: 216,000 tokens/h, $1.8056 per million. */
	struct figure f = metric_cost_per_million_tokens(fig(0.39), fig(60));
	assert_figure(f, 0.39 / 216000 * 1e6);
	assert_close(round(f.value * 10000) / 10000, 1.8056);
}

static void test_cost_per_million_tokens_without_inputs_gives_no_figure(void **state)
{
	(void)state;
	assert_missing(metric_cost_per_million_tokens(nofig("why.no_price"), fig(60)),
		       "why.no_price");
	assert_missing(metric_cost_per_million_tokens(fig(0.39), nofig("why.no_result")),
		       "why.no_result");
	assert_missing(metric_cost_per_million_tokens(fig(0.39), fig(0)), "why.zero");
}

static void test_relative_speed_divides_by_baseline(void **state)
{
	(void)state;
	assert_figure(metric_relative_speed(fig(300), fig(100), true), 3.0);
}

static void test_relative_speed_inverts_when_lower_is_better(void **state)
{
	(void)state;
	/* 50 ms against a 100 ms baseline is twice as fast. */
	assert_figure(metric_relative_speed(fig(50), fig(100), false), 2.0);
}

static void test_relative_speed_without_baseline_or_with_zero_gives_no_figure(void **state)
{
	(void)state;
	assert_missing(metric_relative_speed(fig(1), nofig("why.no_baseline"), true),
		       "why.no_baseline");
	assert_missing(metric_relative_speed(nofig("why.no_result"), fig(1), true),
		       "why.no_result");
	assert_missing(metric_relative_speed(fig(1), fig(0), true), "why.zero");
	assert_missing(metric_relative_speed(fig(0), fig(10), false), "why.zero");
}

static void test_speed_per_dollar_divides_speed_by_price(void **state)
{
	(void)state;
	assert_figure(metric_speed_per_dollar(fig(0.5), fig(0.25)), 2.0);
	assert_missing(metric_speed_per_dollar(fig(0.5), nofig("why.no_price")),
		       "why.no_price");
	assert_missing(metric_speed_per_dollar(fig(0.5), fig(0)), "why.zero");
}

static void test_bytes_per_param_follow_precision(void **state)
{
	(void)state;
	assert_close(metric_bytes_per_param("fp32"), 4.0);
	assert_close(metric_bytes_per_param("fp16"), 2.0);
	assert_close(metric_bytes_per_param("bf16"), 2.0);
	assert_close(metric_bytes_per_param("int8"), 1.0);
	assert_close(metric_bytes_per_param("int4"), 0.5);
	assert_true(metric_bytes_per_param("fp64") < 0);
	assert_true(metric_bytes_per_param(NULL) < 0);
}

static void test_vram_needed_is_params_times_bytes(void **state)
{
	(void)state;
	assert_figure(metric_vram_needed_gb(7, "fp16"), 14.0);
	assert_figure(metric_vram_needed_gb(70, "int4"), 35.0);
	assert_figure(metric_vram_needed_gb(70, "fp16"), 140.0);
}

static void test_unknown_precision_gives_no_figure(void **state)
{
	(void)state;
	assert_missing(metric_vram_needed_gb(7, "fp64"), "why.unknown_precision");
	assert_missing(metric_vram_needed_gb(7, NULL), "why.unknown_precision");
}

static void test_gpus_needed_rounds_up(void **state)
{
	(void)state;
	/* 70B fp16 is 140 GB: two 80 GB cards. */
	assert_figure(metric_gpus_needed(metric_vram_needed_gb(70, "fp16"), fig(80)),
		      2.0);
	assert_figure(metric_gpus_needed(fig(14), fig(24)), 1.0);
	assert_figure(metric_gpus_needed(fig(160), fig(80)), 2.0);
	assert_figure(metric_gpus_needed(fig(160.5), fig(80)), 3.0);
	/* 8.4 / 1.2 is 7.000000000000001 in binary: still 7 cards. */
	assert_figure(metric_gpus_needed(fig(8.4), fig(1.2)), 7.0);
}

static void test_gpus_needed_without_vram_gives_no_figure(void **state)
{
	(void)state;
	assert_missing(metric_gpus_needed(fig(140), nofig("why.no_vram")),
		       "why.no_vram");
	assert_missing(metric_gpus_needed(metric_vram_needed_gb(70, "fp12"), fig(80)),
		       "why.unknown_precision");
	assert_missing(metric_gpus_needed(fig(140), fig(0)), "why.zero");
}

static void test_overflow_gives_no_figure_rather_than_inf(void **state)
{
	(void)state;
	assert_missing(metric_cost_per_job(fig(1e300), fig(1e300), 1), "why.zero");
	assert_missing(metric_break_even_hours(fig(1e300), fig(1e-300)), "why.zero");
	assert_missing(metric_vram_needed_gb(1e308, "fp32"), "why.zero");
	struct num inf_cell = { INFINITY, true };
	assert_missing(figure_of(inf_cell, "why.no_tdp"), "why.zero");
}

/* ---- Figures over a data set ---- */

static void test_default_price_is_lowest_on_demand_price(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_price(&d, RTX4090, "on-demand", 0.44);
	add_price(&d, RTX4090, "spot", 0.29);
	add_price(&d, RTX4090, "on-demand", 0.39);
	add_price(&d, RTX4090, "on-demand", 0.39);
	metrics_compute(&d, NULL, &m);

	const struct gpu_prices *p = &m.prices[RTX4090];
	assert_figure(p->lowest, 0.39);
	assert_int_equal(p->lowest_row, 2); /* the first of the tied rows */
	assert_figure(p->low, 0.29);
	assert_figure(p->high, 0.44);
	assert_int_equal(p->count, 4);
	arena_free(&d.arena);
}

static void test_gpu_without_prices_has_no_price(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_price(&d, A100, "spot", 1.10);
	metrics_compute(&d, NULL, &m);

	assert_missing(m.prices[H100].lowest, "why.no_price");
	assert_missing(m.prices[H100].low, "why.no_price");
	assert_missing(m.prices[H100].high, "why.no_price");
	assert_int_equal(m.prices[H100].lowest_row, -1);
	assert_int_equal(m.prices[H100].count, 0);
	/* A spot price alone is a range but not a default price. */
	assert_missing(m.prices[A100].lowest, "why.no_price");
	assert_figure(m.prices[A100].low, 1.10);
	assert_int_equal(m.prices[A100].count, 1);
	arena_free(&d.arena);
}

static void test_task_cost_multiplies_hours_by_default_price(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_price(&d, RTX4090, "on-demand", 0.39);
	add_price(&d, RTX4090, "on-demand", 0.44);
	add_price(&d, RTX4090, "spot", 0.29);
	add_time(&d, LORA_7B, RTX4090, 3, 1);
	metrics_compute(&d, NULL, &m);

	const struct task_cost *c = metrics_task_cost(&d, &m, LORA_7B, RTX4090);
	assert_non_null(c);
	assert_int_equal(c->task, LORA_7B);
	assert_int_equal(c->gpu, RTX4090);
	assert_int_equal(c->time_row, 0);
	assert_figure(c->hours, 3);
	assert_figure(c->usd_per_hour, 0.39);
	assert_figure(c->cost, 1.17);
	assert_missing(c->cost_max, "why.no_hours"); /* one time: no range */
	assert_int_equal(c->quote_row, 0);
	assert_int_equal(c->choice, QUOTE_SAME_SOURCE);
	assert_int_equal(c->gpu_count, 1);
	/* Task-major layout. */
	assert_ptr_equal(c, &m.costs[LORA_7B * NGPUS + RTX4090]);
	arena_free(&d.arena);
}

static void test_task_cost_uses_first_time_row_of_a_gpu(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_price(&d, RTX4090, "on-demand", 0.39);
	add_time(&d, RESNET50, RTX4090, 20, 1);
	add_time(&d, LORA_7B, RTX4090, 3, 1);
	add_time(&d, LORA_7B, RTX4090, 5, 1);
	metrics_compute(&d, NULL, &m);

	const struct task_cost *c = metrics_task_cost(&d, &m, LORA_7B, RTX4090);
	assert_int_equal(c->time_row, 1);
	assert_figure(c->hours, 3);
	assert_figure(c->cost, 1.17);
	arena_free(&d.arena);
}

static void test_task_cost_counts_the_cards_used(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_price(&d, A100, "on-demand", 1.5);
	add_time(&d, RESNET50, A100, 10, 4);
	metrics_compute(&d, NULL, &m);

	const struct task_cost *c = metrics_task_cost(&d, &m, RESNET50, A100);
	assert_int_equal(c->gpu_count, 4);
	assert_figure(c->cost, 60);
	arena_free(&d.arena);
}

static void test_task_cost_without_time_or_price_says_why(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_price(&d, H100, "on-demand", 2.0);
	add_time(&d, LORA_7B, A100, 2, 1);
	metrics_compute(&d, NULL, &m);

	const struct task_cost *no_time = metrics_task_cost(&d, &m, LORA_7B, H100);
	assert_int_equal(no_time->time_row, -1);
	assert_missing(no_time->hours, "why.no_hours");
	assert_missing(no_time->cost, "why.no_hours");
	assert_missing(no_time->cost_max, "why.no_hours");
	assert_false(no_time->cheapest);
	assert_false(no_time->fastest);

	const struct task_cost *no_price = metrics_task_cost(&d, &m, LORA_7B, A100);
	assert_figure(no_price->hours, 2);
	assert_missing(no_price->usd_per_hour, "why.no_price");
	assert_missing(no_price->cost, "why.no_price");
	assert_int_equal(no_price->quote_row, -1);
	assert_int_equal(no_price->choice, QUOTE_NONE);
	/* A mark needs two GPUs with the figure: one time alone is not the
	 * fastest of anything. */
	assert_false(no_price->fastest);
	assert_false(no_price->cheapest);
	arena_free(&d.arena);
}

static void test_cheapest_and_fastest_are_marked(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_price(&d, H100, "on-demand", 2.0);
	add_price(&d, A100, "on-demand", 1.0);
	add_price(&d, RTX4090, "on-demand", 0.39);
	add_time(&d, LORA_7B, H100, 1, 1);    /* $2.00, fastest */
	add_time(&d, LORA_7B, A100, 1.5, 1);  /* $1.50 */
	add_time(&d, LORA_7B, RTX4090, 3, 1); /* $1.17, cheapest */
	metrics_compute(&d, NULL, &m);

	assert_true(metrics_task_cost(&d, &m, LORA_7B, H100)->fastest);
	assert_false(metrics_task_cost(&d, &m, LORA_7B, H100)->cheapest);
	assert_false(metrics_task_cost(&d, &m, LORA_7B, A100)->fastest);
	assert_false(metrics_task_cost(&d, &m, LORA_7B, A100)->cheapest);
	assert_true(metrics_task_cost(&d, &m, LORA_7B, RTX4090)->cheapest);
	assert_false(metrics_task_cost(&d, &m, LORA_7B, RTX4090)->fastest);
	/* A task nobody timed has no best GPU. */
	for (size_t g = 0; g < NGPUS; g++) {
		assert_false(metrics_task_cost(&d, &m, RESNET50, g)->cheapest);
		assert_false(metrics_task_cost(&d, &m, RESNET50, g)->fastest);
	}
	arena_free(&d.arena);
}

static void test_tied_gpus_are_all_marked(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_price(&d, H100, "on-demand", 2.0);
	add_price(&d, A100, "on-demand", 1.0);
	add_price(&d, RTX4090, "on-demand", 0.5);
	add_time(&d, LORA_7B, H100, 1, 1);    /* $2.00 */
	add_time(&d, LORA_7B, A100, 1, 1);    /* $1.00, as fast as H100 */
	add_time(&d, LORA_7B, RTX4090, 2, 1); /* $1.00, as cheap as A100 */
	metrics_compute(&d, NULL, &m);

	assert_true(metrics_task_cost(&d, &m, LORA_7B, H100)->fastest);
	assert_true(metrics_task_cost(&d, &m, LORA_7B, A100)->fastest);
	assert_false(metrics_task_cost(&d, &m, LORA_7B, RTX4090)->fastest);
	assert_false(metrics_task_cost(&d, &m, LORA_7B, H100)->cheapest);
	assert_true(metrics_task_cost(&d, &m, LORA_7B, A100)->cheapest);
	assert_true(metrics_task_cost(&d, &m, LORA_7B, RTX4090)->cheapest);
	arena_free(&d.arena);
}

/* Costs that print alike are tied, as the comparison model has them:
 * $1.26 and $1.261 both print "$1.26", so both are the cheapest. */
static void test_costs_printed_alike_are_tied(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_price(&d, A100, "on-demand", 1.26);
	add_price(&d, RTX4090, "on-demand", 0.39);
	add_price(&d, H100, "on-demand", 2.4);
	add_time(&d, LORA_7B, A100, 1, 1);         /* $1.26 */
	add_time(&d, LORA_7B, RTX4090, 3.2333, 1); /* $1.261 */
	add_time(&d, LORA_7B, H100, 1, 1);         /* $2.40 */
	metrics_compute(&d, NULL, &m);

	assert_true(metrics_task_cost(&d, &m, LORA_7B, A100)->cheapest);
	assert_true(metrics_task_cost(&d, &m, LORA_7B, RTX4090)->cheapest);
	assert_false(metrics_task_cost(&d, &m, LORA_7B, H100)->cheapest);
	arena_free(&d.arena);
}

/* Times that print alike are tied too: 0.199 and 0.201 h both print
 * "12 min", so both cards are the fastest; and costs under 0.5% apart are
 * "about the same" (the comparison model), so both are the cheapest. */
static void test_times_printed_alike_are_tied(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_price(&d, A100, "on-demand", 1000);
	add_price(&d, RTX4090, "on-demand", 994);
	add_price(&d, H100, "on-demand", 2000);
	add_time(&d, LORA_7B, A100, 0.199, 1);   /* 12 min, $199 */
	add_time(&d, LORA_7B, RTX4090, 0.201, 1); /* 12 min, $199.79: 0.4% more */
	add_time(&d, LORA_7B, H100, 0.5, 1);     /* 30 min, $1,000 */
	add_time(&d, RESNET50, A100, 0.2, 1);    /* $200 */
	add_time(&d, RESNET50, RTX4090, 0.2, 1); /* $198.80: 0.6% less */
	metrics_compute(&d, NULL, &m);

	assert_true(metrics_task_cost(&d, &m, LORA_7B, A100)->fastest);
	assert_true(metrics_task_cost(&d, &m, LORA_7B, RTX4090)->fastest);
	assert_false(metrics_task_cost(&d, &m, LORA_7B, H100)->fastest);
	assert_true(metrics_task_cost(&d, &m, LORA_7B, A100)->cheapest);
	assert_true(metrics_task_cost(&d, &m, LORA_7B, RTX4090)->cheapest);
	assert_false(metrics_task_cost(&d, &m, LORA_7B, H100)->cheapest);
	assert_false(metrics_task_cost(&d, &m, RESNET50, A100)->cheapest);
	assert_true(metrics_task_cost(&d, &m, RESNET50, RTX4090)->cheapest);
	arena_free(&d.arena);
}

/* A ratio of two jobs' costs goes end to end: a cost without a range is
 * both its ends, so a range against one cost is a range of ratios, and two
 * ranges from one source's hours one ratio. */
static void test_cost_ratio_goes_end_to_end(void **state)
{
	(void)state;
	struct task_cost point = { .hours = { 2, NULL }, .cost = { 3.78, NULL },
				   .cost_max = { 0, "why.no_range" } };
	struct task_cost range = { .hours = { 4, NULL }, .cost = { 1.76, NULL },
				   .cost_max = { 3.52, NULL } };
	struct task_cost wide = { .hours = { 2, NULL }, .cost = { 3.52, NULL },
				  .cost_max = { 7.04, NULL } };
	double high;
	struct figure r = metrics_cost_ratio(&point, &range, &high);
	assert_null(r.missing);
	assert_float_equal(r.value, 3.78 / 3.52, 1e-12);
	assert_float_equal(high, 3.78 / 1.76, 1e-12);
	r = metrics_cost_ratio(&range, &point, &high); /* the same, inverted */
	assert_float_equal(r.value, 1.76 / 3.78, 1e-12);
	assert_float_equal(high, 3.52 / 3.78, 1e-12);
	r = metrics_cost_ratio(&wide, &range, &high);
	assert_float_equal(r.value, 2, 1e-12);
	assert_float_equal(high, 2, 1e-12);
	r = metrics_cost_ratio(&point, &point, &high);
	assert_float_equal(r.value, 1, 1e-12);
	assert_float_equal(high, 1, 1e-12);
	struct task_cost unpriced = { .hours = { 2, NULL }, .cost = { 0, "why.no_price" },
				      .cost_max = { 0, "why.no_range" } };
	struct task_cost untimed = { .hours = { 0, "why.no_hours" },
				     .cost = { 0, "why.no_hours" }, .cost_max = { 0, "why.no_range" } };
	assert_string_equal(metrics_cost_ratio(&point, &unpriced, &high).missing, "why.no_price");
	assert_string_equal(metrics_cost_ratio(&untimed, &point, &high).missing, "why.no_pair_hours");
}

/* Two jobs' costs or times compared end to end: a range wins against a
 * figure or another range when it is the lower at one end and not the
 * higher at the other; ranges that cross have no winner, and nor have
 * figures about the same (as they print). */
static void test_cheaper_and_quicker_go_end_to_end(void **state)
{
	(void)state;
	struct figure none = { 0, "why.no_range" };
	static const struct { double lo_a, hi_a, lo_b, hi_b; int cheaper; } cases[] = {
		{ 1.76, 3.52, 3.78, 0, 1 },    /* a range below a cost */
		{ 3.78, 0, 1.76, 3.52, -1 },
		{ 0.30, 1.20, 0.78, 0, 0 },    /* a range across a cost */
		{ 1, 4, 2, 3, 0 },             /* a range across another */
		{ 1, 2, 1, 3, 1 },             /* the same lower end */
		{ 2, 4, 3.78, 7.56, 1 },
		{ 1.261, 0, 1.26, 0, 0 },      /* both print $1.26 */
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct task_cost a = { .cost = { cases[i].lo_a, NULL },
				       .cost_max = cases[i].hi_a ? (struct figure){ cases[i].hi_a, NULL } : none,
				       .hours = { cases[i].lo_a, NULL },
				       .hours_max = cases[i].hi_a ? (struct figure){ cases[i].hi_a, NULL } : none };
		struct task_cost b = { .cost = { cases[i].lo_b, NULL },
				       .cost_max = cases[i].hi_b ? (struct figure){ cases[i].hi_b, NULL } : none,
				       .hours = { cases[i].lo_b, NULL },
				       .hours_max = cases[i].hi_b ? (struct figure){ cases[i].hi_b, NULL } : none };
		if (metrics_cheaper(&a, &b) != cases[i].cheaper)
			fail_msg("case %zu: cheaper %d, not %d", i, metrics_cheaper(&a, &b),
				 cases[i].cheaper);
		/* no winner: crossing ranges (cases 2, 3) are not about the same */
		if (metrics_ranges_cross(&a, &b, true) != (i == 2 || i == 3))
			fail_msg("case %zu: ranges cross %d", i, metrics_ranges_cross(&a, &b, true));
		if (i != 6 && metrics_quicker(&a, &b) != cases[i].cheaper)
			fail_msg("case %zu: quicker %d", i, metrics_quicker(&a, &b));
	}
	struct task_cost priced = { .cost = { 1, NULL }, .cost_max = none };
	struct task_cost unpriced = { .cost = { 0, "why.no_price" }, .cost_max = none };
	assert_int_equal(metrics_cheaper(&priced, &unpriced), 0);
}

/* On a job's page, a range that crosses the lowest cost is marked the
 * cheapest with it: neither is cheaper at both ends. */
static void test_ranges_that_cross_are_both_the_cheapest(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_price(&d, A100, "on-demand", 0.3);
	add_price(&d, RTX4090, "on-demand", 0.39);
	add_price(&d, H100, "on-demand", 2);
	add_time(&d, LORA_7B, A100, 1, 1);    /* $0.30-$1.20 with the range below */
	d.task_times[d.ntask_times - 1].hours_max = (struct num){ 4, true };
	add_time(&d, LORA_7B, RTX4090, 2, 1); /* $0.78 */
	add_time(&d, LORA_7B, H100, 1, 1);   /* $2 */
	metrics_compute(&d, NULL, &m);

	assert_true(metrics_task_cost(&d, &m, LORA_7B, A100)->cheapest);
	assert_true(metrics_task_cost(&d, &m, LORA_7B, RTX4090)->cheapest);
	assert_false(metrics_task_cost(&d, &m, LORA_7B, H100)->cheapest);
	/* 1-4 h against 1 h: the same lower end, the longer upper one */
	assert_true(metrics_task_cost(&d, &m, LORA_7B, H100)->fastest);
	assert_false(metrics_task_cost(&d, &m, LORA_7B, A100)->fastest);
	arena_free(&d.arena);
}

static void test_task_cost_out_of_range_is_null(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	metrics_compute(&d, NULL, &m);
	assert_null(metrics_task_cost(&d, &m, NTASKS, 0));
	assert_null(metrics_task_cost(&d, &m, 0, NGPUS));
	arena_free(&d.arena);
}

static void test_baseline_is_gpu_whose_relative_speeds_are_all_one(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_result(&d, REL_RESNET, H100, 1.0);
	add_result(&d, REL_BERT, H100, 2.5); /* one 1 is not enough */
	add_result(&d, LATENCY, A100, 30);   /* not a relative speed */
	add_result(&d, REL_RESNET, A100, 1.0);
	add_result(&d, REL_BERT, A100, 1.0);
	add_result(&d, REL_RESNET, RTX4090, 1.0);
	metrics_compute(&d, NULL, &m);
	assert_int_equal(m.baseline_gpu, A100); /* the first in table order */
	arena_free(&d.arena);
}

static void test_baseline_can_be_named(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_h100_baseline(&d);
	metrics_compute(&d, "a100-80gb", &m);
	assert_int_equal(m.baseline_gpu, A100);
	metrics_compute(&d, "no-such-gpu", &m);
	assert_int_equal(m.baseline_gpu, -1);
	arena_free(&d.arena);
}

static void test_no_relative_speeds_means_no_baseline(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_result(&d, LATENCY, H100, 1.0);
	metrics_compute(&d, NULL, &m);
	assert_int_equal(m.baseline_gpu, -1);
	arena_free(&d.arena);
}

/* The baseline as pages ask it: within the GPUs, or -1; and a speed
 * against it, or the source's own figure when there is none. */
static void test_speed_vs_baseline_is_the_sources_own_without_one(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_result(&d, REL_RESNET, H100, 2.0);
	add_result(&d, REL_RESNET, RTX4090, 0.5);
	metrics_compute(&d, NULL, &m);
	assert_int_equal(metrics_baseline(&d, &m), -1);
	assert_figure(metrics_speed_vs_baseline(&d, &m, REL_RESNET, RTX4090), 0.5);
	assert_missing(metrics_speed_vs_baseline(&d, &m, REL_RESNET, A100), "why.no_result");

	m.baseline_gpu = H100;
	assert_int_equal(metrics_baseline(&d, &m), H100);
	assert_figure(metrics_speed_vs_baseline(&d, &m, REL_RESNET, RTX4090), 0.25);
	assert_missing(metrics_speed_vs_baseline(&d, &m, REL_RESNET, A100), "why.no_result");
	m.baseline_gpu = A100; /* a baseline without this result */
	assert_missing(metrics_speed_vs_baseline(&d, &m, REL_RESNET, RTX4090),
		       "why.no_baseline");
	m.baseline_gpu = (long)d.ngpus; /* out of the table: none */
	assert_int_equal(metrics_baseline(&d, &m), -1);
	assert_figure(metrics_speed_vs_baseline(&d, &m, REL_RESNET, H100), 2.0);
	arena_free(&d.arena);
}

static void test_result_is_first_row_or_no_result(void **state)
{
	(void)state;
	struct data d;
	fixture_init(&d);
	add_result(&d, LATENCY, H100, 30);
	add_result(&d, LATENCY, H100, 35);
	assert_figure(metrics_result(&d, LATENCY, H100), 30);
	assert_missing(metrics_result(&d, LATENCY, A100), "why.no_result");
	arena_free(&d.arena);
}

static void test_speed_ratio_follows_benchmark_direction(void **state)
{
	(void)state;
	struct data d;
	fixture_init(&d);
	add_result(&d, REL_RESNET, H100, 1.0);
	add_result(&d, REL_RESNET, RTX4090, 0.6);
	add_result(&d, LATENCY, H100, 30);
	add_result(&d, LATENCY, A100, 60);
	assert_figure(metrics_speed_ratio(&d, REL_RESNET, RTX4090, H100), 0.6);
	assert_figure(metrics_speed_ratio(&d, LATENCY, A100, H100), 0.5);
	assert_figure(metrics_speed_ratio(&d, LATENCY, H100, A100), 2.0);
	/* of two cards compared, neither is "the baseline" */
	assert_missing(metrics_speed_ratio(&d, REL_RESNET, A100, H100),
		       "why.no_pair_result");
	assert_missing(metrics_speed_ratio(&d, REL_RESNET, RTX4090, A100),
		       "why.no_pair_result");
	assert_missing(metrics_speed_ratio(&d, NBENCH, RTX4090, H100),
		       "why.no_result");
	arena_free(&d.arena);
}

static void test_empty_data_set_computes_nothing(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	memset(&d, 0, sizeof d);
	metrics_compute(&d, NULL, &m);
	assert_int_equal(m.baseline_gpu, -1);
	assert_null(metrics_task_cost(&d, &m, 0, 0));
	arena_free(&d.arena);
}

/* ---- Quotes, ranges and the sources' own costs ---- */

static void test_time_is_priced_by_a_quote_of_its_own_source(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_quote(&d, RTX4090, "other", 0.39, 1); /* lower, but another source */
	add_quote(&d, RTX4090, "s", 0.44, 1);
	add_time(&d, LORA_7B, RTX4090, 6, 1);
	metrics_compute(&d, NULL, &m);
	const struct task_cost *c = metrics_task_cost(&d, &m, LORA_7B, RTX4090);
	assert_int_equal(c->quote_row, 1);
	assert_int_equal(c->choice, QUOTE_SAME_SOURCE);
	assert_figure(c->cost, 2.64);
	arena_free(&d.arena);
}

static void test_time_without_a_quote_of_its_source_takes_the_lowest(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_quote(&d, RTX4090, "a", 0.44, 1);
	add_quote(&d, RTX4090, "b", 0.39, 1);
	add_price(&d, RTX4090, "spot", 0.20); /* spot never prices a job */
	d.prices[2].source = "b";
	add_time(&d, LORA_7B, RTX4090, 3, 1);
	metrics_compute(&d, NULL, &m);
	const struct task_cost *c = metrics_task_cost(&d, &m, LORA_7B, RTX4090);
	assert_int_equal(c->quote_row, 1);
	assert_int_equal(c->choice, QUOTE_LOWEST);
	assert_figure(c->cost, 1.17);
	arena_free(&d.arena);
}

static void test_a_quote_for_the_same_cards_comes_first(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_quote(&d, A100, "s", 1.80, 1);
	add_quote(&d, A100, "s", 1.89, 4); /* the quote for four cards */
	add_quote(&d, A100, "s", 1.70, 8);
	add_time(&d, RESNET50, A100, 72, 4);
	add_time(&d, LORA_7B, A100, 2, 1);
	metrics_compute(&d, NULL, &m);
	const struct task_cost *four = metrics_task_cost(&d, &m, RESNET50, A100);
	assert_int_equal(four->quote_row, 1);
	assert_figure(four->cost, 544.32); /* 72 h x 4 x $1.89 */
	const struct task_cost *one = metrics_task_cost(&d, &m, LORA_7B, A100);
	assert_int_equal(one->quote_row, 0); /* one card: the one-card quote */
	enum quote_choice why;
	assert_int_equal(metrics_pick_quote(&d, A100, "s", 2, &why), 0);
	assert_int_equal(why, QUOTE_SAME_SOURCE);
	assert_int_equal(metrics_pick_quote(&d, H100, "s", 1, &why), -1);
	assert_int_equal(why, QUOTE_NONE);
	arena_free(&d.arena);
}

/* The quote rule, once: a quote superseded by a later dated one of its
 * series is history for every price figure (the price shortcode's too),
 * and the cost of a job names the same quote the price beside it names. */
static void test_superseded_quotes_price_nothing(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_quote(&d, RTX4090, "s", 0.44, 1);      /* undated: superseded below */
	add_quote(&d, RTX4090, "s", 0.20, 1);      /* an older dated quote ... */
	d.prices[0].superseded = true;             /* ... data_load marks the undated */
	d.prices[1].as_of = "2023-01-15";
	add_quote(&d, RTX4090, "other", 0.39, 1);
	add_price(&d, RTX4090, "spot", 0.15);
	add_quote(&d, A100, "s", 1.89, 1);
	add_time(&d, LORA_7B, RTX4090, 6, 1);
	metrics_compute(&d, NULL, &m);
	/* the lowest current on-demand quote of a source, of any source */
	assert_int_equal(metrics_price_row(&d, RTX4090, "s", NULL), 1);
	assert_int_equal(metrics_price_row(&d, RTX4090, NULL, NULL), 1);
	assert_int_equal(metrics_price_row(&d, RTX4090, "other", NULL), 2);
	/* low and high: any kind, still only current quotes */
	assert_int_equal(metrics_price_row(&d, RTX4090, NULL, "low"), 3);
	assert_int_equal(metrics_price_row(&d, RTX4090, NULL, "high"), 2);
	assert_int_equal(metrics_price_row(&d, H100, NULL, NULL), -1);
	/* the job's cost uses the quote the price names: 6 h x $0.20 */
	const struct task_cost *c = metrics_task_cost(&d, &m, LORA_7B, RTX4090);
	assert_int_equal(c->quote_row, metrics_price_row(&d, RTX4090, "s", NULL));
	assert_figure(c->cost, 1.20);
	/* an undated quote alone is current */
	d.prices[0].superseded = false;
	d.prices[1].superseded = true;
	assert_int_equal(metrics_price_row(&d, RTX4090, "s", NULL), 0);
	arena_free(&d.arena);
}

static void test_a_time_range_gives_a_cost_range(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_quote(&d, RTX4090, "s", 0.44, 1);
	add_quote(&d, A100, "s", 1.89, 1);
	add_time(&d, LORA_7B, RTX4090, 4, 1);
	d.task_times[0].hours_max = num_of(8);
	add_time(&d, LORA_7B, A100, 2, 1);
	d.task_times[1].hours_max = num_of(4);
	metrics_compute(&d, NULL, &m);
	const struct task_cost *r = metrics_task_cost(&d, &m, LORA_7B, RTX4090);
	assert_figure(r->hours, 4);
	assert_figure(r->hours_max, 8);
	assert_figure(r->cost, 1.76);
	assert_figure(r->cost_max, 3.52);
	const struct task_cost *a = metrics_task_cost(&d, &m, LORA_7B, A100);
	assert_figure(a->cost, 3.78);
	assert_figure(a->cost_max, 7.56);
	/* ranges compare by their lower end */
	assert_true(r->cheapest);
	assert_false(a->cheapest);
	assert_true(a->fastest);
	arena_free(&d.arena);
}

static void test_one_gpu_alone_is_neither_cheapest_nor_fastest(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_quote(&d, A100, "s", 1.89, 4);
	add_time(&d, RESNET50, A100, 72, 4);
	metrics_compute(&d, NULL, &m);
	const struct task_cost *c = metrics_task_cost(&d, &m, RESNET50, A100);
	assert_figure(c->cost, 544.32);
	assert_false(c->cheapest);
	assert_false(c->fastest);
	arena_free(&d.arena);
}

/* A stated cost of `usd` (as written) for the job of task on gpu, or for a
 * month of serving (task -1). */
static void test_stated_costs_agree_within_their_rounding(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_quote(&d, A100, "s", 1.89, 4);
	add_quote(&d, RTX4090, "s", 0.44, 1);
	add_quote(&d, RTX4090, "s", 0.44, 2);
	add_time(&d, RESNET50, A100, 72, 4);
	add_time(&d, LORA_7B, RTX4090, 4, 1);
	d.task_times[1].hours_max = num_of(8);
	add_stated(&d, RESNET50, A100, 4, "545", NULL, true); /* about $545 */
	add_stated(&d, LORA_7B, RTX4090, 1, "2", "4", false); /* $2-4 */
	add_stated(&d, -1, RTX4090, 2, "635", NULL, true);    /* about $635/month */
	add_stated(&d, RESNET50, A100, 4, "560", NULL, true); /* off by $15.68 */
	metrics_compute(&d, NULL, &m);

	assert_figure(m.checks[0].computed, 544.32);
	assert_true(m.checks[0].agrees);
	assert_figure(m.checks[1].computed, 1.76);
	assert_figure(m.checks[1].computed_max, 3.52);
	assert_true(m.checks[1].agrees);
	assert_figure(m.checks[2].hours, METRICS_HOURS_PER_MONTH);
	assert_figure(m.checks[2].computed, 633.60); /* 2 x $0.44 x 24 h x 30 */
	assert_int_equal(m.checks[2].quote_row, 2);  /* the two-card quote */
	assert_true(m.checks[2].agrees);
	assert_false(m.checks[3].agrees);
	arena_free(&d.arena);
}

static void test_agreement_is_the_stated_figures_rounding(void **state)
{
	(void)state;
	assert_true(metric_agrees("545", true, 544.32));  /* to the nearest 5 */
	assert_false(metric_agrees("545", false, 544.32)); /* to the dollar */
	assert_true(metric_agrees("3", true, 2.64));
	assert_false(metric_agrees("3", true, 2.4));
	assert_true(metric_agrees("0.88", false, 2 * 0.44));
	assert_false(metric_agrees("0.90", false, 0.88));
	assert_true(metric_agrees("100", true, 104));  /* to the nearest 10 */
	assert_false(metric_agrees("100", true, 106));
	assert_false(metric_agrees("abc", true, 1));
}

/* A card's mean speed over the relative-speed benchmarks it has, against
 * the baseline (its speed per dollar and the data-health check use it). */
static void test_mean_relative_speed_is_over_the_benchmarks_a_card_has(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_h100_baseline(&d);
	add_result(&d, REL_RESNET, RTX4090, 0.4);
	add_result(&d, REL_BERT, RTX4090, 0.6);
	add_result(&d, REL_BERT, A100, 0.5);   /* one benchmark of two */
	add_result(&d, LATENCY, A100, 30);     /* not a relative speed */
	metrics_compute(&d, NULL, &m);
	assert_figure(metrics_mean_relative_speed(&d, &m, RTX4090), 0.5);
	assert_figure(metrics_mean_relative_speed(&d, &m, A100), 0.5);
	assert_figure(metrics_mean_relative_speed(&d, &m, H100), 1);
	arena_free(&d.arena);
	fixture_init(&d);
	metrics_compute(&d, NULL, &m);
	assert_missing(metrics_mean_relative_speed(&d, &m, RTX4090), "why.no_result");
	arena_free(&d.arena);
}

static void test_results_measured_differently_are_not_set_side_by_side(void **state)
{
	(void)state;
	struct data d;
	fixture_init(&d);
	d.benchmarks[LATENCY].kind = "training-step";
	add_result(&d, LATENCY, A100, 0.68);
	add_result(&d, LATENCY, RTX4090, 1.2);
	add_result(&d, LATENCY, H100, 0.42);
	d.results[0].batch_size = 4;
	d.results[1].batch_size = 1;
	d.results[2].batch_size = 4;
	assert_false(metrics_same_conditions(&d, &d.results[0], &d.results[1]));
	assert_true(metrics_same_conditions(&d, &d.results[0], &d.results[2]));
	d.results[1].batch_size = 0; /* not stated: not alike either */
	assert_false(metrics_same_conditions(&d, &d.results[0], &d.results[1]));
	/* one of three measured otherwise: none of them is "the fastest" */
	assert_false(metrics_results_alike(&d, LATENCY));
	d.results[1].batch_size = 4;
	assert_true(metrics_results_alike(&d, LATENCY));
	assert_true(metrics_results_alike(&d, REL_BERT)); /* no results */
	arena_free(&d.arena);
}

/* A result whose source leaves out its cards is counted on as many as its
 * model's weights need at FP16, as its serving cost is: a 70B model (140
 * GB) on 2 cards of 80 GB (tight) and 6 of 24 GB, so the 24 GB card's
 * result is alike with neither 80 GB card's, which are alike; a 13B model
 * (26 GB) on 1 card of 80 GB and 2 of 24 GB, not alike either; a stated
 * count is as stated, and unlike an unstated one of the same number. */
static void test_results_are_counted_on_the_cards_their_model_needs(void **state)
{
	(void)state;
	struct data d;
	fixture_init(&d);
	d.benchmarks[LATENCY].params_b = num_of(70);
	add_result(&d, LATENCY, H100, 45);
	add_result(&d, LATENCY, A100, 68);
	add_result(&d, LATENCY, RTX4090, 52);
	struct result_cards c = metrics_result_cards(&d, &d.results[0]);
	assert_int_equal(c.n, 2);
	assert_true(c.tight);
	assert_false(c.stated);
	assert_int_equal(metrics_result_cards(&d, &d.results[2]).n, 6);
	assert_true(metrics_same_conditions(&d, &d.results[0], &d.results[1]));
	assert_false(metrics_same_conditions(&d, &d.results[0], &d.results[2]));
	assert_true(metrics_same_conditions(&d, &d.results[2], &d.results[2]));
	assert_false(metrics_results_alike(&d, LATENCY));
	/* serving counts the same cards */
	assert_float_equal(metrics_serving_cost(&d, LATENCY, RTX4090).cards.value, 6, 0);
	d.benchmarks[LATENCY].params_b = num_of(13);
	assert_int_equal(metrics_result_cards(&d, &d.results[0]).n, 1);
	assert_int_equal(metrics_result_cards(&d, &d.results[2]).n, 2);
	assert_false(metrics_same_conditions(&d, &d.results[1], &d.results[2]));
	/* stated: as stated, and unlike the unstated count it equals */
	d.results[2].gpu_count = 1;
	c = metrics_result_cards(&d, &d.results[2]);
	assert_true(c.stated);
	assert_int_equal(c.n, 1);
	assert_false(metrics_same_conditions(&d, &d.results[1], &d.results[2]));
	assert_float_equal(metrics_serving_cost(&d, LATENCY, RTX4090).cards.value, 1, 0);
	d.results[1].gpu_count = 1;
	assert_true(metrics_same_conditions(&d, &d.results[1], &d.results[2]));
	/* no model size: one card each */
	d.benchmarks[LATENCY].params_b = (struct num){ 0 };
	assert_int_equal(metrics_result_cards(&d, &d.results[0]).n, 1);
	arena_free(&d.arena);
}

/* A result of training whose source leaves out its cards is counted on
 * one (30B: 15 GB at INT4 fits 24 GB), unless one cannot hold the model
 * even at INT4 (175B: 87.5 GB on 80 GB): then on several, how many
 * unknown, alike with none; an inference result on a card whose memory
 * is not stated is alike with none either. */
static void test_results_not_of_serving_are_counted_on_one_card_or_several(void **state)
{
	(void)state;
	struct data d;
	fixture_init(&d);
	d.benchmarks[LATENCY].kind = "training-step";
	d.benchmarks[LATENCY].params_b = num_of(30);
	add_result(&d, LATENCY, H100, 0.42);
	add_result(&d, LATENCY, RTX4090, 1.2);
	struct result_cards c = metrics_result_cards(&d, &d.results[1]);
	assert_int_equal(c.n, 1);
	assert_false(c.several || c.counted || c.stated);
	assert_true(metrics_same_conditions(&d, &d.results[0], &d.results[1]));
	d.benchmarks[LATENCY].params_b = num_of(175);
	c = metrics_result_cards(&d, &d.results[0]);
	assert_true(c.several);
	assert_int_equal(c.n, 0);
	assert_false(metrics_same_conditions(&d, &d.results[0], &d.results[0]));
	d.benchmarks[LATENCY].kind = "inference-latency";
	d.benchmarks[LATENCY].params_b = num_of(13);
	d.gpus[RTX4090].vram_gb = (struct num){ 0 };
	c = metrics_result_cards(&d, &d.results[1]);
	assert_int_equal(c.n, 0);
	assert_false(metrics_same_conditions(&d, &d.results[1], &d.results[1]));
	arena_free(&d.arena);
}

static void test_model_memory_is_arithmetic_and_names_the_rule_of_thumb(void **state)
{
	(void)state;
	struct data d;
	fixture_init(&d);
	add_vram(&d, 13, "int8", 26); /* a rule of thumb off the arithmetic */
	long rule;
	assert_figure(metrics_model_vram(&d, 13, "int8", &rule), 13);
	assert_int_equal(rule, 0);
	assert_figure(metrics_model_vram(&d, 70, "fp16", &rule), 140);
	assert_int_equal(rule, -1);
	assert_figure(metric_monthly_cost(fig(0.44), 2), 633.6);
	arena_free(&d.arena);
}

/* Rules of thumb that disagree with each other and with the arithmetic (as
 * the Chinese guide's do) never make a bigger model need less memory. */
static void test_memory_never_decreases_as_parameters_grow(void **state)
{
	(void)state;
	struct data d;
	fixture_init(&d);
	add_vram(&d, 7, "int4", 7);
	add_vram(&d, 7, "int8", 14);
	add_vram(&d, 13, "int4", 13);
	add_vram(&d, 70, "int4", 35);
	add_vram(&d, 7, "fp32", 28);
	const char *jobs[] = { "inference", "lora", "training" };
	for (size_t j = 0; j < 3; j++)
		for (size_t q = 0; schema_precisions[q]; q++) {
			double last = 0;
			for (double p = CALC_PARAMS_MIN; p <= CALC_PARAMS_MAX; p *= 1.01) {
				struct job_memory m = metrics_job_memory(&d, p, schema_precisions[q],
									 jobs[j]);
				assert_true(figure_ok(m.total));
				assert_true(m.total.value >= last);
				last = m.total.value;
			}
			/* the sizes the rules of thumb name, and next to them */
			double sizes[] = { 6.9, 7, 8, 12.9, 13, 14, 69, 70, 71 };
			last = 0;
			for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
				struct job_memory m = metrics_job_memory(&d, sizes[k],
									 schema_precisions[q], jobs[j]);
				assert_true(m.total.value >= last);
				last = m.total.value;
			}
		}
	arena_free(&d.arena);
}

static void test_full_training_counts_mixed_precision_adam(void **state)
{
	(void)state;
	struct data d;
	fixture_init(&d);
	/* 7B: 2 + 2 + 12 = 16 bytes per parameter = 112 GB, at any precision */
	for (size_t q = 0; schema_precisions[q]; q++) {
		struct job_memory m = metrics_job_memory(&d, 7, schema_precisions[q],
							 "training");
		assert_figure(m.weights, 14);
		assert_figure(m.gradients, 14);
		assert_figure(m.optimizer, 84);
		assert_figure(m.total, 112);
		assert_string_equal(m.not_counted, "calc.not_counted.training");
		assert_false(m.at_precision);
		assert_int_equal(m.rule, -1);
	}
	/* a LoRA fine-tune: the frozen weights; what it leaves out is named */
	struct job_memory lora = metrics_job_memory(&d, 7, "int4", "lora");
	assert_figure(lora.total, 3.5);
	assert_figure(lora.gradients, 0);
	assert_string_equal(lora.not_counted, "calc.not_counted.lora");
	struct job_memory inf = metrics_job_memory(&d, 70, "fp16", "inference");
	assert_figure(inf.total, 140);
	assert_string_equal(inf.not_counted, "calc.not_counted.inference");
	assert_missing(metrics_job_memory(&d, 7, "fp16", "pretraining").total,
		       "why.unknown_job");
	assert_missing(metrics_job_memory(&d, 7, "fp64", "inference").total,
		       "why.unknown_precision");
	arena_free(&d.arena);
}

static void test_fits_needs_headroom_else_tight(void **state)
{
	(void)state;
	/* 70B at FP16 (140 GB) on one 144 GB card: it fits with 3 % to spare */
	struct card_fit f = metric_fit(metric_vram_needed_gb(70, "fp16"), fig(144));
	assert_figure(f.cards, 1);
	assert_true(f.tight);
	assert_figure(f.roomy, 2);
	/* 14 GB on 24 GB: 71 % left, it fits */
	f = metric_fit(fig(14), fig(24));
	assert_figure(f.cards, 1);
	assert_false(f.tight);
	/* exactly the headroom left: fits */
	f = metric_fit(fig(100), fig(100 * (1 + METRICS_FIT_HEADROOM)));
	assert_false(f.tight);
	/* 140 GB on 80 GB cards: two hold it with 14 % to spare */
	f = metric_fit(fig(140), fig(80));
	assert_figure(f.cards, 2);
	assert_true(f.tight);
	assert_figure(f.roomy, 3);
	f = metric_fit(fig(140), nofig("why.no_vram"));
	assert_missing(f.cards, "why.no_vram");
	assert_false(f.tight);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cost_per_job_multiplies_hours_by_price),
		cmocka_unit_test(test_cost_per_job_counts_every_card),
		cmocka_unit_test(test_missing_price_gives_no_figure),
		cmocka_unit_test(test_missing_hours_gives_no_figure),
		cmocka_unit_test(test_figure_of_empty_cell_is_missing),
		cmocka_unit_test(test_break_even_divides_list_price_by_hourly_price),
		cmocka_unit_test(test_break_even_without_list_price_or_price_gives_no_figure),
		cmocka_unit_test(test_tflops_per_watt_divides_fp16_by_tdp),
		cmocka_unit_test(test_tflops_per_watt_without_tflops_or_tdp_gives_no_figure),
		cmocka_unit_test(test_tflops_per_kusd_is_per_thousand_dollars),
		cmocka_unit_test(test_list_price_range_gives_ranges),
		cmocka_unit_test(test_cost_per_million_tokens_divides_price_by_hourly_tokens),
		cmocka_unit_test(test_cost_per_million_tokens_without_inputs_gives_no_figure),
		cmocka_unit_test(test_relative_speed_divides_by_baseline),
		cmocka_unit_test(test_relative_speed_inverts_when_lower_is_better),
		cmocka_unit_test(test_relative_speed_without_baseline_or_with_zero_gives_no_figure),
		cmocka_unit_test(test_speed_per_dollar_divides_speed_by_price),
		cmocka_unit_test(test_bytes_per_param_follow_precision),
		cmocka_unit_test(test_vram_needed_is_params_times_bytes),
		cmocka_unit_test(test_unknown_precision_gives_no_figure),
		cmocka_unit_test(test_gpus_needed_rounds_up),
		cmocka_unit_test(test_gpus_needed_without_vram_gives_no_figure),
		cmocka_unit_test(test_overflow_gives_no_figure_rather_than_inf),
		cmocka_unit_test(test_default_price_is_lowest_on_demand_price),
		cmocka_unit_test(test_gpu_without_prices_has_no_price),
		cmocka_unit_test(test_task_cost_multiplies_hours_by_default_price),
		cmocka_unit_test(test_task_cost_uses_first_time_row_of_a_gpu),
		cmocka_unit_test(test_task_cost_counts_the_cards_used),
		cmocka_unit_test(test_task_cost_without_time_or_price_says_why),
		cmocka_unit_test(test_cheapest_and_fastest_are_marked),
		cmocka_unit_test(test_tied_gpus_are_all_marked),
		cmocka_unit_test(test_costs_printed_alike_are_tied),
		cmocka_unit_test(test_times_printed_alike_are_tied),
		cmocka_unit_test(test_cost_ratio_goes_end_to_end),
		cmocka_unit_test(test_cheaper_and_quicker_go_end_to_end),
		cmocka_unit_test(test_ranges_that_cross_are_both_the_cheapest),
		cmocka_unit_test(test_task_cost_out_of_range_is_null),
		cmocka_unit_test(test_baseline_is_gpu_whose_relative_speeds_are_all_one),
		cmocka_unit_test(test_baseline_can_be_named),
		cmocka_unit_test(test_no_relative_speeds_means_no_baseline),
		cmocka_unit_test(test_result_is_first_row_or_no_result),
		cmocka_unit_test(test_speed_ratio_follows_benchmark_direction),
		cmocka_unit_test(test_speed_vs_baseline_is_the_sources_own_without_one),
		cmocka_unit_test(test_empty_data_set_computes_nothing),
		cmocka_unit_test(test_time_is_priced_by_a_quote_of_its_own_source),
		cmocka_unit_test(test_time_without_a_quote_of_its_source_takes_the_lowest),
		cmocka_unit_test(test_a_quote_for_the_same_cards_comes_first),
		cmocka_unit_test(test_a_time_range_gives_a_cost_range),
		cmocka_unit_test(test_one_gpu_alone_is_neither_cheapest_nor_fastest),
		cmocka_unit_test(test_stated_costs_agree_within_their_rounding),
		cmocka_unit_test(test_agreement_is_the_stated_figures_rounding),
		cmocka_unit_test(test_mean_relative_speed_is_over_the_benchmarks_a_card_has),
		cmocka_unit_test(test_results_measured_differently_are_not_set_side_by_side),
		cmocka_unit_test(test_results_are_counted_on_the_cards_their_model_needs),
		cmocka_unit_test(test_results_not_of_serving_are_counted_on_one_card_or_several),
		cmocka_unit_test(test_superseded_quotes_price_nothing),
		cmocka_unit_test(test_model_memory_is_arithmetic_and_names_the_rule_of_thumb),
		cmocka_unit_test(test_memory_never_decreases_as_parameters_grow),
		cmocka_unit_test(test_full_training_counts_mixed_precision_adam),
		cmocka_unit_test(test_fits_needs_headroom_else_tight),
	};
	return cmocka_run_group_tests_name("metrics", tests, NULL, NULL);
}
