/* phrase: the sentences that compare figures, with the guide's own templates
 * (data/i18n.csv), in both languages: increases as multiples only above
 * 1.5x, small differences as percentages, reductions as fractions or
 * percentages, lower-is-better figures said to be lower; and the spaces
 * i18n_fill puts between Chinese and Latin text. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/arena.h"
#include "base/buf.h"
#include "base/csv.h"
#include "base/diag.h"
#include "model/i18n.h"
#include "model/compare.h"
#include "view/phrase.h"
#include "base/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

struct fixture {
	struct arena arena;
	struct table table;
	struct diag diag;
	struct i18n t;
	struct buf out;
};

static struct fixture *fx;

static int setup(void **state)
{
	(void)state;
	fx = calloc(1, sizeof *fx);
	assert_non_null(fx);
	diag_init(&fx->diag, stderr, NULL);
	assert_int_equal(csv_table_load(&fx->table, &fx->arena, "data/i18n.csv",
					"data/i18n.csv", &fx->diag), 0);
	assert_int_equal(i18n_load(&fx->t, &fx->table, &fx->diag), 0);
	buf_init(&fx->out);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	buf_release(&fx->out);
	i18n_free(&fx->t);
	arena_free(&fx->arena);
	free(fx);
	return 0;
}

/* The comparison model's cases, each with its sentence in both languages:
 * quantity x direction x ratio x conditions. */
struct cmp_case {
	enum cmp_quantity q;
	const char *what_en, *what_zh;
	const char *na; double va; const char *sa_en, *sa_zh;
	const char *nb; double vb; const char *sb_en, *sb_zh;
	bool same;
	const char *en, *zh;
};

static const struct cmp_case cmp_cases[] = {
	/* higher is better, above 1.5x: a multiple, rounded as the table */
	{ CMP_SPEED, "ResNet-50", "ResNet-50", "H100 80GB", 1, "1×", "1 倍",
	  "A100 80GB", 0.35, "0.35×", "0.35 倍", true,
	  "H100 80GB is 2.9 times as fast as A100 80GB on ResNet-50 (1× vs 0.35×).",
	  "在基准测试“ResNet-50”中，H100 80GB 的速度是 A100 80GB 的 2.9 倍（1 倍 vs 0.35 倍）。" },
	/* up to 1.5x: a percentage; the better side first whatever the order */
	{ CMP_SPEED, "SDXL", "SDXL", "A100 40GB", 0.38, "0.38×", "0.38 倍",
	  "A100 80GB", 0.4, "0.4×", "0.4 倍", true,
	  "A100 80GB is about 5% faster than A100 40GB on SDXL (0.4× vs 0.38×).",
	  "在基准测试“SDXL”中，A100 80GB 比 A100 40GB 快约 5%（0.4 倍 vs 0.38 倍）。" },
	{ CMP_SPEED, "BERT", "BERT", "RTX 4090", 1.5, "1.5×", "1.5 倍",
	  "RTX 3090", 1, "1×", "1 倍", true,
	  "RTX 4090 is about 50% faster than RTX 3090 on BERT (1.5× vs 1×).",
	  "在基准测试“BERT”中，RTX 4090 比 RTX 3090 快约 50%（1.5 倍 vs 1 倍）。" },
	/* lower is better: latency said to be lower, never "as fast" */
	{ CMP_LATENCY, "70B model inference latency", "70B 模型推理延迟",
	  "RTX 4090", 52, "52 ms", "52 毫秒", "H100 80GB", 45, "45 ms", "45 毫秒", true,
	  "H100 80GB's 70B model inference latency is about 13% lower than RTX 4090's (45 ms vs 52 ms).",
	  "在基准测试“70B 模型推理延迟”中，H100 80GB 的延迟比 RTX 4090 低约 13%（45 毫秒 vs 52 毫秒）。" },
	/* however large the difference, a lower latency is lower by a share
	 * of the higher, never a multiple (content/STYLE.md) */
	{ CMP_LATENCY, "latency", "推理延迟", "A", 90, "90 ms", "90 毫秒", "B", 30, "30 ms",
	  "30 毫秒", true,
	  "B's latency is about 67% lower than A's (30 ms vs 90 ms).",
	  "在基准测试“推理延迟”中，B 的延迟比 A 低约 67%（30 毫秒 vs 90 毫秒）。" },
	/* a time: shorter by a share of the longer, never a multiple */
	{ CMP_TIME, "step time", "训练单步耗时", "RTX 4090", 1.2, "1.2 s", "1.2 秒", "H100 80GB", 0.42,
	  "0.42 s", "0.42 秒", true,
	  "H100 80GB's step time is about 65% shorter than RTX 4090's (0.42 s vs 1.2 s).",
	  "在基准测试“训练单步耗时”中，H100 80GB 的耗时比 RTX 4090 少约 65%（0.42 秒 vs 1.2 秒）。" },
	/* different batch sizes: both values with their conditions, no ratio */
	{ CMP_TIME, "a step", "训练单步耗时", "H100 80GB", 0.42, "0.42 s", "0.42 秒", "RTX 4090", 1.2,
	  "1.2 s", "1.2 秒", false,
	  "On a step, H100 80GB measured 0.42 s (batch size 4) and RTX 4090 1.2 s (batch size 1): under different conditions, so no ratio.",
	  "在基准测试“训练单步耗时”中，H100 80GB 为 0.42 秒（批量大小 4），RTX 4090 为 1.2 秒（批量大小 1）；测试条件不同，不计算比值。" },
	/* equal printed values: about the same, never "3% cheaper" */
	{ CMP_COST, "SDXL LoRA", "SDXL LoRA", "A100 40GB", 0.1260, "$0.13", "$0.13",
	  "RTX 4090", 0.1300, "$0.13", "$0.13", true,
	  "A100 40GB and RTX 4090 cost about the same for SDXL LoRA ($0.13 vs $0.13).",
	  "运行“SDXL LoRA”时，A100 40GB 与 RTX 4090 的费用基本相同（$0.13 vs $0.13）。" },
	{ CMP_COST, "LoRA 7B", "LoRA 7B", "RTX 4090", 1.17, "$1.17", "$1.17", "A100 40GB",
	  0.95, "$0.95", "$0.95", true,
	  "A100 40GB runs LoRA 7B for about 19% less than RTX 4090 ($0.95 vs $1.17).",
	  "运行“LoRA 7B”时，A100 40GB 比 RTX 4090 便宜约 19%（$0.95 vs $1.17）。" },
	{ CMP_COST, "a run", "BERT 微调", "A", 30, "$30", "$30", "B", 10, "$10", "$10", true,
	  "A costs 3 times as much as B for a run ($30 vs $10).",
	  "运行“BERT 微调”时，A 的费用是 B 的 3 倍（$30 vs $10）。" },
	{ CMP_PRICE, "", "", "A100 40GB", 0.63, "$0.63/h", "$0.63/小时", "RTX 4090", 0.39,
	  "$0.39/h", "$0.39/小时", true,
	  "A100 40GB rents for 1.62 times as much per hour as RTX 4090 ($0.63/h vs $0.39/h).",
	  "A100 40GB 的每小时租价是 RTX 4090 的 1.62 倍（$0.63/小时 vs $0.39/小时）。" },
	{ CMP_MEMORY, "", "", "A100 40GB", 40, "40 GB", "40 GB", "A100 80GB", 80, "80 GB",
	  "80 GB", true,
	  "A100 80GB has twice as much memory as A100 40GB (80 GB vs 40 GB).",
	  "A100 80GB 的显存是 A100 40GB 的 2 倍（80 GB vs 40 GB）。" },
	{ CMP_MEMORY, "", "", "A", 24, "24 GB", "24 GB", "B", 24, "24 GB", "24 GB", true,
	  "A and B have the same memory (24 GB each).", "A 与 B 的显存相同（均为 24 GB）。" },
	{ CMP_EFFICIENCY, "175B training", "175B 训练能效", "H100 80GB", 3.2, "3.2", "3.2",
	  "RTX 4090", 3.0, "3", "3", true,
	  "H100 80GB is about 7% more efficient than RTX 4090 on 175B training (3.2 vs 3).",
	  "在基准测试“175B 训练能效”中，H100 80GB 的能效比 RTX 4090 高约 7%（3.2 vs 3）。" },
};

static void test_comparisons_say_what_they_compare(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof cmp_cases / sizeof *cmp_cases; i++) {
		const struct cmp_case *c = &cmp_cases[i];
		for (int l = 0; l < 2; l++) {
			bool zh = l == LANG_ZH;
			/* the batch sizes of the unlike case, per language: a
			 * sentence of the data, in parentheses without its stop */
			const char *ca = c->same ? "" : zh ? "批量大小 4。" : "batch size 4.";
			const char *cb = c->same ? "" : zh ? "批量大小 1" : "batch size 1";
			struct cmp_pair p = {
				.q = c->q, .what = zh ? c->what_zh : c->what_en,
				.a = { c->na, c->va, zh ? c->sa_zh : c->sa_en, ca },
				.b = { c->nb, c->vb, zh ? c->sb_zh : c->sb_en, cb },
				.same_conditions = c->same,
			};
			buf_reset(&fx->out);
			phrase_comparison(&fx->out, &fx->t, (enum lang)l, &p);
			assert_string_equal(fx->out.ptr, zh ? c->zh : c->en);
		}
	}
}

/* The side a table marks better: none when the two print alike or round
 * to 0% apart, as the sentence beside the table says "about the same". */
static void test_a_table_marks_no_winner_between_equal_prints(void **state)
{
	(void)state;
	assert_int_equal(cmp_better_side(0.126, "$0.13", 0.13, "$0.13", -1), 0);
	assert_int_equal(cmp_better_side(0.95, "$0.95", 1.17, "$1.17", -1), 1);
	assert_int_equal(cmp_better_side(1.17, "$1.17", 0.95, "$0.95", -1), -1);
	assert_int_equal(cmp_better_side(80, "80 GB", 24, "24 GB", 1), 1);
	assert_int_equal(cmp_better_side(100.2, NULL, 100, NULL, 1), 0); /* 0% apart */
	assert_int_equal(cmp_better_side(600, "600 GB/s", 0, "not supported", 1), 1);
	assert_int_equal(cmp_better_side(3, "3", 2, "2", 0), 0);
}

/* The best of a row or a column marks with it every figure about the same
 * as it: printed alike, or under 0.5% apart; nothing without a direction. */
static void test_figures_about_the_same_as_the_best_are_marked_with_it(void **state)
{
	(void)state;
	assert_true(cmp_ties_best(0.13, "$0.13", 0.126, "$0.13", -1));
	assert_true(cmp_ties_best(0.126, "$0.13", 0.126, "$0.13", -1));
	assert_false(cmp_ties_best(0.14, "$0.14", 0.126, "$0.13", -1));
	assert_true(cmp_ties_best(0.201, "12 min", 0.199, "12 min", -1));
	assert_true(cmp_ties_best(1000, "1,000 tokens/s", 1004, "1,004 tokens/s", 1));
	assert_false(cmp_ties_best(990, "990 tokens/s", 1004, "1,004 tokens/s", 1));
	assert_true(cmp_ties_best(80, "80 GB", 80, "80 GB", 1));
	assert_false(cmp_ties_best(80, "80 GB", 80, "80 GB", 0));
	assert_false(cmp_ties_best(0, "not supported", 600, "600 GB/s", 1));
}

/* A table's ratio is the sentence's: never below 1, a range turned whole,
 * one that spans 1 left as it is. */
static void test_a_ratio_prints_upright(void **state)
{
	(void)state;
	double lo = 0.65, hi = 0;
	cmp_ratio_upright(&lo, &hi); /* "costs 1.54 times as much" */
	assert_true(fabs(lo - 1 / 0.65) < 1e-12 && hi == 0);
	lo = 1.6;
	cmp_ratio_upright(&lo, &hi);
	assert_true(lo == 1.6 && hi == 0);
	lo = 0.25;
	hi = 0.5;
	cmp_ratio_upright(&lo, &hi);
	assert_true(lo == 2 && hi == 4);
	lo = 0.8; /* each side cheaper at one end */
	hi = 1.25;
	cmp_ratio_upright(&lo, &hi);
	assert_true(lo == 0.8 && hi == 1.25);
	lo = 0; /* no ratio */
	hi = 0;
	cmp_ratio_upright(&lo, &hi);
	assert_true(lo == 0 && hi == 0);
	/* the sentence's multiple of the same pair, as the table rounds it */
	struct cmp_pair p = { .q = CMP_COST, .same_conditions = true,
			      .a = { "a", 4.68, NULL, NULL }, .b = { "b", 7.20, NULL, NULL } };
	struct cmp_judgement j = cmp_judge(&p);
	lo = 4.68 / 7.20;
	hi = 0;
	cmp_ratio_upright(&lo, &hi);
	assert_int_equal(j.verdict, CMP_TIMES);
	assert_true(j.first == &p.a && fabs(j.ratio - 1.54) < 1e-9 && fabs(lo - 1.538) < 1e-3);
}
/* Which benchmarks a verdict on speed counts: speed, latency and time, not
 * efficiency (work per watt). */
static void test_speed_is_not_efficiency(void **state)
{
	(void)state;
	assert_true(cmp_is_speed(cmp_quantity_of_kind("relative-speed", true)));
	assert_true(cmp_is_speed(cmp_quantity_of_kind("inference-throughput", true)));
	assert_true(cmp_is_speed(cmp_quantity_of_kind("inference-latency", false)));
	assert_true(cmp_is_speed(cmp_quantity_of_kind("training-step", false)));
	assert_false(cmp_is_speed(cmp_quantity_of_kind("training-efficiency", true)));
	assert_false(cmp_is_speed(CMP_COST));
	assert_false(cmp_is_speed(CMP_MEMORY));
}

/* The model's verdicts themselves: the threshold, the rounding of the
 * table, the better side of each direction. */
static void test_comparison_verdicts(void **state)
{
	(void)state;
	struct cmp_pair p = { .q = CMP_SPEED, .same_conditions = true,
			      .a = { "a", 1.5, NULL, NULL }, .b = { "b", 1, NULL, NULL } };
	struct cmp_judgement j = cmp_judge(&p);
	assert_int_equal(j.verdict, CMP_PERCENT); /* 1.5x is still a percentage */
	assert_true(j.percent == 50);
	p.a.value = 1.504; /* prints 1.5 as the table rounds it */
	assert_int_equal(cmp_judge(&p).verdict, CMP_PERCENT);
	p.a.value = 1.51;
	j = cmp_judge(&p);
	assert_int_equal(j.verdict, CMP_TIMES);
	assert_true(j.ratio == 1.51 && j.first == &p.a);
	p.a.value = 1.004; /* 0% apart */
	assert_int_equal(cmp_judge(&p).verdict, CMP_SAME);
	p.q = CMP_LATENCY; /* lower is better: b first */
	p.a.value = 60;
	p.b.value = 45;
	j = cmp_judge(&p);
	assert_int_equal(j.verdict, CMP_PERCENT);
	assert_true(j.first == &p.b && j.percent == 25);
	/* the margin a ledger keeps, unrounded, in the sentence's form */
	assert_true(cmp_margin(&p, CMP_PERCENT) == 25);
	assert_true(fabs(cmp_margin(&p, CMP_TIMES) - 60.0 / 45) < 1e-12);
	assert_true(cmp_margin(&p, CMP_SAME) == 0);
	p.q = CMP_SPEED; /* higher is better: of the lower */
	assert_true(fabs(cmp_margin(&p, CMP_PERCENT) - (60.0 / 45 - 1) * 100) < 1e-9);
	p.q = CMP_LATENCY;
	p.same_conditions = false;
	assert_int_equal(cmp_judge(&p).verdict, CMP_UNLIKE);
	assert_int_equal(cmp_quantity_of_kind("inference-latency", false), CMP_LATENCY);
	assert_int_equal(cmp_quantity_of_kind("training-step", false), CMP_TIME);
	assert_int_equal(cmp_quantity_of_kind("relative-speed", true), CMP_SPEED);
	assert_int_equal(cmp_quantity_of_kind("training-efficiency", true), CMP_EFFICIENCY);
}

/* Every sentence kind has its template in both languages: a kind without
 * one would be a build error (an unknown UI string). A duration has no
 * multiple's template: cmp_judge never says one. */
static void test_every_sentence_kind_has_both_templates(void **state)
{
	(void)state;
	struct buf key = BUF_INIT;
	for (int q = 0; q < CMP_QUANTITY_COUNT; q++) {
		for (int v = 0; v < CMP_UNLIKE; v++) {
			/* a duration is never a multiple */
			if (v == CMP_TIMES && cmp_is_duration((enum cmp_quantity)q))
				continue;
			buf_reset(&key);
			buf_addf(&key, "cmp.s.%s.%s", cmp_quantity_name((enum cmp_quantity)q),
				 cmp_verdict_name((enum cmp_verdict)v));
			assert_true(i18n_has(&fx->t, key.ptr));
			assert_true(*i18n_get(&fx->t, LANG_ZH, key.ptr));
			assert_true(*i18n_get(&fx->t, LANG_EN, key.ptr));
		}
	}
	assert_true(i18n_has(&fx->t, "cmp.s.unlike"));
	buf_release(&key);
}

static void test_technique_speed(void **state)
{
	(void)state;
	struct { enum lang l; double lo, hi; const char *scope, *want; } cases[] = {
		{ LANG_EN, 1.5, 2, "", "1.5–2 times as fast" },
		{ LANG_ZH, 1.5, 2, "", "速度提升到原来的 1.5～2 倍" },
		{ LANG_EN, 2, 4, "for attention", "2–4 times as fast for attention" },
		{ LANG_ZH, 2, 4, "注意力部分的", "注意力部分的速度提升到原来的 2～4 倍" },
		{ LANG_EN, 0.9, 0, "", "about 10% slower" },
		{ LANG_ZH, 0.9, 0, "", "速度降低约 10%" },
		{ LANG_EN, 1.05, 0, "", "about 5% faster" },
		{ LANG_ZH, 1.1, 1.3, "", "速度提高 10%～30%" },
		{ LANG_EN, 1.1, 1.3, "", "10–30% faster" },
		{ LANG_EN, 1, 1, "", "about as fast" },
		{ LANG_ZH, 1, 1, "", "速度基本不变" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		buf_reset(&fx->out);
		phrase_speedup(&fx->out, &fx->t, cases[i].l, cases[i].lo, cases[i].hi,
			       cases[i].scope);
		assert_string_equal(fx->out.ptr, cases[i].want);
	}
}

/* Speed over several workloads: a multiple when the high end is past the
 * threshold (1.33–1.67: "1.33–1.67 times as fast", not "33–67% faster");
 * faster by a percentage when all of it is within; a share when slower. */
static void test_speed_range(void **state)
{
	(void)state;
	struct { enum lang l; double lo, hi; bool keep; const char *want; } cases[] = {
		{ LANG_EN, 3.3, 5.6, false, "H100 80GB is 3.3–5.6 times as fast as RTX 4090" },
		{ LANG_ZH, 3.3, 5.6, false, "H100 80GB 的速度是 RTX 4090 的 3.3～5.6 倍" },
		{ LANG_EN, 1.05, 1.07, false, "H100 80GB is 5–7% faster than RTX 4090" },
		/* a range whose upper end is past 1.5: multiples, as a
		 * technique's speed-up says it */
		{ LANG_EN, 1.33, 1.67, true, "H100 80GB is 1.33–1.67 times as fast as RTX 4090" },
		{ LANG_ZH, 1.33, 1.67, true, "H100 80GB 的速度是 RTX 4090 的 1.33～1.67 倍" },
		{ LANG_EN, 1.1, 1.5, true, "H100 80GB is 10–50% faster than RTX 4090" },
		{ LANG_ZH, 0.18, 0.3, true, "H100 80GB 的速度只有 RTX 4090 的 18%～30%" },
		{ LANG_ZH, 0.6, 0.75, false, "RTX 4090 的速度是 H100 80GB 的 1.33～1.67 倍" },
		{ LANG_EN, 0.8, 1.2, true, "H100 80GB runs at 80–120% of the speed of RTX 4090" },
		{ LANG_ZH, 0.8, 1.2, true, "H100 80GB 的速度是 RTX 4090 的 80%～120%" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		buf_reset(&fx->out);
		phrase_speed_range(&fx->out, &fx->t, cases[i].l, "H100 80GB", "RTX 4090",
				   cases[i].lo, cases[i].hi, cases[i].keep);
		assert_string_equal(fx->out.ptr, cases[i].want);
	}
}

static void test_reduction_is_a_fraction_or_a_percentage(void **state)
{
	(void)state;
	struct { enum lang l; enum phrase_cut how; double lo, hi; const char *scope, *want; } cases[] = {
		{ LANG_ZH, PHRASE_CUT_FACTOR, 4, 8, "", "显存降到原来的 1/4～1/8" },
		{ LANG_EN, PHRASE_CUT_FACTOR, 4, 8, "", "cuts memory to a quarter to an eighth" },
		{ LANG_EN, PHRASE_CUT_FACTOR, 5, 20, "for attention",
		  "cuts memory for attention to a fifth to a twentieth" },
		{ LANG_ZH, PHRASE_CUT_FACTOR, 5, 20, "注意力部分的", "注意力部分的显存降到原来的 1/5～1/20" },
		{ LANG_EN, PHRASE_CUT_FACTOR, 8, 0, "with ZeRO-3", "cuts memory with ZeRO-3 to an eighth or less" },
		{ LANG_ZH, PHRASE_CUT_FACTOR, 8, 0, "使用 ZeRO-3 时", "使用 ZeRO-3 时显存降到原来的 1/8 以下" },
		{ LANG_EN, PHRASE_CUT_FACTOR, 25, 25, "", "cuts memory to 1/25" },
		{ LANG_EN, PHRASE_CUT_PERCENT, 50, 0, "", "cuts memory by about 50%" },
		{ LANG_ZH, PHRASE_CUT_PERCENT, 50, 0, "", "显存减少约 50%" },
		{ LANG_EN, PHRASE_CUT_PERCENT, 40, 70, "", "cuts memory by 40–70%" },
		{ LANG_ZH, PHRASE_CUT_PERCENT, 40, 70, "", "显存减少 40%～70%" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		buf_reset(&fx->out);
		phrase_memory_cut(&fx->out, &fx->t, cases[i].l, cases[i].how,
				  cases[i].lo, cases[i].hi, cases[i].scope);
		assert_string_equal(fx->out.ptr, cases[i].want);
	}
}

static void test_fill_spaces_chinese_and_latin(void **state)
{
	(void)state;
	const char *names[] = { "task", "x" };
	const char *vals[] = { "LoRA 微调", "$1.39/小时" };
	buf_reset(&fx->out);
	i18n_fill(&fx->out, "执行{task}的租价为{x}，而按{task}计", names, vals, 2);
	assert_string_equal(fx->out.ptr, "执行 LoRA 微调的租价为 $1.39/小时，而按 LoRA 微调计");
	buf_reset(&fx->out);
	i18n_fill(&fx->out, "{x}起", names + 1, vals + 1, 1);
	assert_string_equal(fx->out.ptr, "$1.39/小时起");
	const char *n2[] = { "p" }, *v2[] = { "5%" };
	buf_reset(&fx->out);
	i18n_fill(&fx->out, "快{p}的卡 and {p} more", n2, v2, 1);
	assert_string_equal(fx->out.ptr, "快 5% 的卡 and 5% more");
	assert_true(text_needs_space("显存", strlen("显存"), "24 GB"));
	assert_false(text_needs_space("显存 ", strlen("显存 "), "24 GB"));
	assert_false(text_needs_space("（", strlen("（"), "24 GB"));
}

static void test_units_hug_or_follow_a_space(void **state)
{
	(void)state;
	buf_reset(&fx->out);
	i18n_format_unit(&fx->out, &fx->t, 0.4, "unit.x", LANG_ZH);
	assert_string_equal(fx->out.ptr, "0.4 倍");
	buf_reset(&fx->out);
	i18n_format_unit(&fx->out, &fx->t, 0.4, "unit.x", LANG_EN);
	assert_string_equal(fx->out.ptr, "0.4×");
	buf_reset(&fx->out);
	/* a rate written from its slash hugs, as "$0.39/小时" (content/STYLE.md) */
	i18n_format_unit(&fx->out, &fx->t, 0.61, "unit.speed_per_usd", LANG_ZH);
	assert_string_equal(fx->out.ptr, "0.61/（美元/小时）");
	buf_reset(&fx->out);
	i18n_format_unit(&fx->out, &fx->t, 0.61, "unit.speed_per_usd", LANG_EN);
	assert_string_equal(fx->out.ptr, "0.61 per $/h");
	buf_reset(&fx->out);
	i18n_format_range(&fx->out, "1/4", "1/8", LANG_ZH);
	assert_string_equal(fx->out.ptr, "1/4～1/8");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_comparisons_say_what_they_compare),
		cmocka_unit_test(test_comparison_verdicts),
		cmocka_unit_test(test_a_ratio_prints_upright),
		cmocka_unit_test(test_speed_is_not_efficiency),
		cmocka_unit_test(test_a_table_marks_no_winner_between_equal_prints),
		cmocka_unit_test(test_figures_about_the_same_as_the_best_are_marked_with_it),
		cmocka_unit_test(test_every_sentence_kind_has_both_templates),
		cmocka_unit_test(test_technique_speed),
		cmocka_unit_test(test_speed_range),
		cmocka_unit_test(test_reduction_is_a_fraction_or_a_percentage),
		cmocka_unit_test(test_fill_spaces_chinese_and_latin),
		cmocka_unit_test(test_units_hug_or_follow_a_space),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
