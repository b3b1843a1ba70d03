/* Tests for findings: where the sources disagree with one another or with
 * the figures derived from them, and the figures none gives, on the model's
 * small data set (metrics_fixture.h). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "metrics_fixture.h"

#include "model/findings.h"

#include <string.h>

static size_t count_findings(const struct metrics *m, enum finding_kind kind)
{
	size_t n = 0;
	for (size_t i = 0; i < m->nfindings; i++)
		n += m->findings[i].kind == kind;
	return n;
}

/* The only finding of `kind` (asserts there is exactly one). */
static const struct finding *only_finding(const struct metrics *m,
					  enum finding_kind kind)
{
	const struct finding *found = NULL;
	for (size_t i = 0; i < m->nfindings; i++) {
		if (m->findings[i].kind != kind)
			continue;
		assert_null(found);
		found = &m->findings[i];
	}
	assert_non_null(found);
	return found;
}

/* The figures of d, then its findings. */
static void compute(struct data *d, struct metrics *m)
{
	metrics_compute(d, NULL, m);
	findings_compute(d, m);
}

static void test_two_prices_for_one_card_give_price_spread_finding(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_price(&d, RTX4090, "on-demand", 0.39);
	add_price(&d, RTX4090, "on-demand", 0.69);
	add_price(&d, H100, "on-demand", 2.0);
	add_price(&d, H100, "on-demand", 2.0); /* same price twice: no spread */
	compute(&d, &m);

	const struct finding *f = only_finding(&m, FINDING_PRICE_SPREAD);
	assert_int_equal(f->gpu, RTX4090);
	assert_close(f->stated, 0.39);
	assert_close(f->computed, 0.69);
	assert_int_equal(f->other_gpu, -1);
	assert_int_equal(f->task, -1);
	assert_int_equal(f->benchmark, -1);
	assert_int_equal(f->claim, -1);
	assert_int_equal(f->vram_row, -1);
	arena_free(&d.arena);
}

static void test_claim_of_3x_against_0_3x_results_gives_finding(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_h100_baseline(&d);
	add_result(&d, REL_RESNET, A100, 3.33);
	add_result(&d, REL_BERT, A100, 3.0); /* gives 0.33x: also a miss */
	add_result(&d, LATENCY, H100, 10);
	add_result(&d, LATENCY, A100, 30); /* not the claim's kind */
	/* "H100 trains about 3x faster than A100", but the results say 0.3x. */
	add_claim(&d, H100, A100, "relative-speed", 3, 3);
	compute(&d, &m);

	assert_int_equal(count_findings(&m, FINDING_CLAIM_MISMATCH), 2);
	const struct finding *f = &m.findings[0];
	assert_int_equal(f->kind, FINDING_CLAIM_MISMATCH);
	assert_int_equal(f->claim, 0);
	assert_int_equal(f->gpu, H100);
	assert_int_equal(f->other_gpu, A100);
	assert_int_equal(f->benchmark, REL_RESNET);
	assert_close(f->stated, 3);
	assert_close(f->stated_high, 3);
	assert_close(f->computed, 1 / 3.33);
	assert_int_equal(m.findings[1].benchmark, REL_BERT);
	arena_free(&d.arena);
}

static void test_claim_within_tolerance_gives_no_finding(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_h100_baseline(&d);
	add_result(&d, REL_RESNET, A100, 1 / 2.6);  /* 2.6x: inside 3 - 15 % */
	add_result(&d, REL_BERT, A100, 1 / 3.4);    /* 3.4x: inside 3 + 15 % */
	add_claim(&d, H100, A100, "relative-speed", 3, 3);
	add_claim(&d, H100, RTX4090, "relative-speed", 2, 3); /* no results */
	compute(&d, &m);
	assert_int_equal(count_findings(&m, FINDING_CLAIM_MISMATCH), 0);
	arena_free(&d.arena);
}

static void test_claim_range_is_widened_by_tolerance(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_h100_baseline(&d);
	add_result(&d, REL_RESNET, A100, 1 / 1.6); /* 1.6x: below 2 x 0.85 */
	add_result(&d, REL_BERT, A100, 1 / 3.4);   /* 3.4x: inside 3 x 1.15 */
	add_claim(&d, H100, A100, "relative-speed", 2, 3);
	compute(&d, &m);

	const struct finding *f = only_finding(&m, FINDING_CLAIM_MISMATCH);
	assert_int_equal(f->benchmark, REL_RESNET);
	assert_close(f->stated, 2);
	assert_close(f->stated_high, 3);
	assert_close(f->computed, 1.6);
	arena_free(&d.arena);
}

/* A claim is held against the benchmarks it lists alone: "training an LLM"
 * is not tested by ResNet-50, and a claim that lists none is not tested. */
static void test_claim_is_held_against_its_listed_benchmarks_only(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_h100_baseline(&d);
	add_result(&d, REL_RESNET, A100, 0.4); /* 2.5x: a miss, were it listed */
	add_result(&d, REL_BERT, A100, 0.35);  /* 2.86x: inside 3 - 15 % */
	add_claim(&d, H100, A100, "relative-speed", 3, 3);
	d.claims[0].benchmark_ids = "rel-bert";
	add_claim(&d, H100, A100, "relative-speed", 5, 5);
	d.claims[1].benchmark_ids = "";
	compute(&d, &m);
	assert_int_equal(count_findings(&m, FINDING_CLAIM_MISMATCH), 0);
	d.claims[0].benchmark_ids = "rel-bert;rel-resnet50";
	compute(&d, &m);
	const struct finding *f = only_finding(&m, FINDING_CLAIM_MISMATCH);
	assert_int_equal(f->benchmark, REL_RESNET);
	arena_free(&d.arena);
}

static void test_claim_on_lower_is_better_benchmark_inverts_ratio(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_result(&d, LATENCY, H100, 20);
	add_result(&d, LATENCY, A100, 60); /* H100 3x faster */
	add_claim(&d, H100, A100, "inference-latency", 3, 3);
	add_claim(&d, A100, H100, "inference-latency", 3, 3);
	compute(&d, &m);

	const struct finding *f = only_finding(&m, FINDING_CLAIM_MISMATCH);
	assert_int_equal(f->claim, 1);
	assert_close(f->computed, 1.0 / 3.0);
	arena_free(&d.arena);
}

static void test_task_times_slower_than_stated_speed_give_finding(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_h100_baseline(&d);
	add_result(&d, REL_RESNET, RTX4090, 0.4);
	add_result(&d, REL_BERT, RTX4090, 0.6); /* stated: 0.5 on average */
	add_result(&d, REL_RESNET, A100, 0.5);
	add_time(&d, LORA_7B, H100, 1, 1);
	add_time(&d, LORA_7B, RTX4090, 4, 1);  /* implied 0.25: a miss */
	add_time(&d, LORA_7B, A100, 2.2, 1);   /* implied 0.4545: within 15 % */
	add_time(&d, RESNET50, H100, 10, 1);
	add_time(&d, RESNET50, RTX4090, 18, 1); /* implied 0.5556: within */
	compute(&d, &m);

	assert_int_equal(m.baseline_gpu, H100);
	const struct finding *f = only_finding(&m, FINDING_SPEED_MISMATCH);
	assert_int_equal(f->gpu, RTX4090);
	assert_int_equal(f->other_gpu, H100);
	assert_int_equal(f->task, LORA_7B);
	assert_close(f->stated, 0.5);
	assert_close(f->computed, 0.25);
	arena_free(&d.arena);
}

/* A job whose model has a relative-speed benchmark of its own is held
 * against the card's result there, not the mean of its relative speeds. */
static void test_speed_check_takes_the_jobs_own_model(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_h100_baseline(&d);
	add_result(&d, REL_RESNET, RTX4090, 0.25);
	add_result(&d, REL_BERT, RTX4090, 0.75); /* the mean: 0.5 */
	add_time(&d, RESNET50, H100, 1, 1);
	add_time(&d, RESNET50, RTX4090, 4, 1);   /* implied 0.25: as on ResNet-50 */
	add_time(&d, LORA_7B, H100, 1, 1);
	add_time(&d, LORA_7B, RTX4090, 4, 1);    /* implied 0.25 against the mean */
	d.tasks[RESNET50].speed_benchmark = REL_RESNET;
	compute(&d, &m);
	const struct finding *f = only_finding(&m, FINDING_SPEED_MISMATCH);
	assert_int_equal(f->task, LORA_7B);
	assert_int_equal(f->benchmark, -1);
	assert_close(f->stated, 0.5);
	arena_free(&d.arena);

	/* against its own model's result when that one is off */
	fixture_init(&d);
	add_h100_baseline(&d);
	add_result(&d, REL_RESNET, RTX4090, 0.5);
	add_result(&d, REL_BERT, RTX4090, 0.25); /* the mean: 0.375 */
	add_time(&d, RESNET50, H100, 1, 1);
	add_time(&d, RESNET50, RTX4090, 2.7, 1); /* implied 0.37 */
	d.tasks[RESNET50].speed_benchmark = REL_RESNET;
	compute(&d, &m);
	f = only_finding(&m, FINDING_SPEED_MISMATCH);
	assert_int_equal(f->task, RESNET50);
	assert_int_equal(f->benchmark, REL_RESNET);
	assert_close(f->stated, 0.5);
	arena_free(&d.arena);
}

static void test_speed_check_compares_card_hours(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_h100_baseline(&d);
	add_result(&d, REL_RESNET, A100, 0.5);
	add_result(&d, REL_RESNET, RTX4090, 0.5);
	/* 4 A100s for 2 h against 2 H100s for 2 h: 8 card-hours against 4,
	 * 0.5 per card as stated (by wall-clock hours it would look like 1x). */
	add_time(&d, RESNET50, H100, 2, 2);
	add_time(&d, RESNET50, A100, 2, 4);
	/* 2 RTX 4090s for 2 h: 4 card-hours, 1.0 per card against 0.5 stated. */
	add_time(&d, RESNET50, RTX4090, 2, 2);
	compute(&d, &m);

	const struct finding *f = only_finding(&m, FINDING_SPEED_MISMATCH);
	assert_int_equal(f->gpu, RTX4090);
	assert_int_equal(f->task, RESNET50);
	assert_close(f->stated, 0.5);
	assert_close(f->computed, 1.0);
	arena_free(&d.arena);
}

static void test_speed_check_needs_a_baseline(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_result(&d, REL_RESNET, RTX4090, 0.5);
	add_time(&d, LORA_7B, H100, 1, 1);
	add_time(&d, LORA_7B, RTX4090, 4, 1);
	compute(&d, &m);
	assert_int_equal(m.baseline_gpu, -1);
	assert_int_equal(count_findings(&m, FINDING_SPEED_MISMATCH), 0);
	arena_free(&d.arena);
}

static void test_vram_row_off_the_rule_gives_finding(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_vram(&d, 7, "fp16", 14);   /* exact */
	add_vram(&d, 70, "int4", 38);  /* 35 + 8.6 %: within */
	add_vram(&d, 70, "fp16", 168); /* 140 + 20 %: a miss */
	compute(&d, &m);

	const struct finding *f = only_finding(&m, FINDING_VRAM_RULE);
	assert_int_equal(f->vram_row, 2);
	assert_close(f->stated, 168);
	assert_close(f->computed, 140);
	assert_int_equal(f->gpu, -1);
	arena_free(&d.arena);
}

static void test_empty_gpu_figure_gives_missing_finding(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	d.gpus[A100].tdp_w.ok = false;
	d.gpus[A100].vram_gb.ok = false;
	d.gpus[RTX4090].bandwidth_gbs.ok = false;
	d.gpus[RTX4090].fp32_tflops.ok = false; /* not one of the checked four */
	compute(&d, &m);

	assert_int_equal(m.nfindings, 3);
	assert_int_equal(m.findings[0].kind, FINDING_MISSING);
	assert_int_equal(m.findings[0].gpu, A100);
	assert_string_equal(m.findings[0].field, "vram_gb");
	assert_int_equal(m.findings[1].gpu, A100);
	assert_string_equal(m.findings[1].field, "tdp_w");
	assert_int_equal(m.findings[2].gpu, RTX4090);
	assert_string_equal(m.findings[2].field, "bandwidth_gbs");
	arena_free(&d.arena);
}

static void test_findings_are_ordered_by_kind_then_table(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	d.gpus[H100].fp16_tflops.ok = false;
	add_vram(&d, 7, "fp32", 14);
	add_h100_baseline(&d);
	add_result(&d, REL_RESNET, RTX4090, 0.5);
	add_time(&d, LORA_7B, H100, 1, 1);
	add_time(&d, LORA_7B, RTX4090, 1, 1);
	add_claim(&d, RTX4090, H100, "relative-speed", 2, 2);
	add_price(&d, RTX4090, "on-demand", 0.39);
	add_price(&d, RTX4090, "spot", 0.2);
	add_price(&d, H100, "on-demand", 2.0);
	add_price(&d, H100, "on-demand", 3.0);
	compute(&d, &m);

	static const enum finding_kind want[] = {
		FINDING_PRICE_SPREAD, FINDING_PRICE_SPREAD, FINDING_CLAIM_MISMATCH,
		FINDING_SPEED_MISMATCH, FINDING_VRAM_RULE, FINDING_MISSING,
	};
	assert_int_equal(m.nfindings, sizeof want / sizeof want[0]);
	for (size_t i = 0; i < m.nfindings; i++)
		assert_int_equal(m.findings[i].kind, want[i]);
	assert_int_equal(m.findings[0].gpu, H100);
	assert_int_equal(m.findings[1].gpu, RTX4090);
	assert_string_equal(m.findings[5].field, "fp16_tflops");
	arena_free(&d.arena);
}

static void test_a_quote_total_off_its_cards_is_a_finding(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_quote(&d, RTX4090, "s", 0.44, 2);
	d.prices[0].total = num_of(0.90);
	/* the total's cell, as the finding reads its rounding there */
	static const char *cols[] = { "total_usd_per_hour" };
	static const char *cells[] = { "0.90" };
	static const char **rows[] = { cells };
	static int lines[] = { 2 };
	d.tables[TABLE_PRICES] = (struct table){ .name = "prices", .path = "data/prices.csv",
		.ncols = 1, .cols = cols, .nrows = 1, .rows = rows, .lines = lines };
	compute(&d, &m);
	size_t n = 0;
	for (size_t i = 0; i < m.nfindings; i++)
		if (m.findings[i].kind == FINDING_QUOTE_TOTAL) {
			n++;
			assert_close(m.findings[i].stated, 0.90);
			assert_close(m.findings[i].computed, 0.88);
		}
	assert_int_equal(n, 1);
	arena_free(&d.arena);
}

static void test_a_stated_cost_off_its_rounding_is_a_finding(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	fixture_init(&d);
	add_quote(&d, A100, "s", 1.89, 4);
	add_time(&d, RESNET50, A100, 72, 4);
	add_stated(&d, RESNET50, A100, 4, "545", NULL, true); /* about $545: agrees */
	add_stated(&d, RESNET50, A100, 4, "560", NULL, true); /* off by $15.68 */
	compute(&d, &m);
	const struct finding *f = only_finding(&m, FINDING_STATED_COST);
	assert_int_equal(f->stated_cost, 1);
	assert_int_equal(f->gpu, A100);
	assert_int_equal(f->task, RESNET50);
	assert_close(f->stated, 560);
	assert_close(f->stated_high, 560);
	assert_close(f->computed, 544.32);
	assert_close(f->computed_high, 544.32);
	arena_free(&d.arena);
}

static void test_empty_data_set_has_no_findings(void **state)
{
	(void)state;
	struct data d;
	struct metrics m;
	memset(&d, 0, sizeof d);
	compute(&d, &m);
	assert_int_equal(m.nfindings, 0);
	arena_free(&d.arena);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_prices_for_one_card_give_price_spread_finding),
		cmocka_unit_test(test_claim_of_3x_against_0_3x_results_gives_finding),
		cmocka_unit_test(test_claim_within_tolerance_gives_no_finding),
		cmocka_unit_test(test_claim_range_is_widened_by_tolerance),
		cmocka_unit_test(test_claim_is_held_against_its_listed_benchmarks_only),
		cmocka_unit_test(test_claim_on_lower_is_better_benchmark_inverts_ratio),
		cmocka_unit_test(test_task_times_slower_than_stated_speed_give_finding),
		cmocka_unit_test(test_speed_check_takes_the_jobs_own_model),
		cmocka_unit_test(test_speed_check_compares_card_hours),
		cmocka_unit_test(test_speed_check_needs_a_baseline),
		cmocka_unit_test(test_vram_row_off_the_rule_gives_finding),
		cmocka_unit_test(test_empty_gpu_figure_gives_missing_finding),
		cmocka_unit_test(test_findings_are_ordered_by_kind_then_table),
		cmocka_unit_test(test_a_quote_total_off_its_cards_is_a_finding),
		cmocka_unit_test(test_a_stated_cost_off_its_rounding_is_a_finding),
		cmocka_unit_test(test_empty_data_set_has_no_findings),
	};
	return cmocka_run_group_tests_name("findings", tests, NULL, NULL);
}
