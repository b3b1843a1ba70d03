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
#include "view/phrase.h"
#include "base/text.h"

#include <stdio.h>
#include <stdlib.h>
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

/* phrase_compare of a and b as text. */
static const char *compare(enum lang l, const char *na, double va, const char *sa,
			   const char *nb, double vb, const char *sb,
			   const char *measure, bool higher_is_better)
{
	struct phrase_side a = { na, va, sa }, b = { nb, vb, sb };
	buf_reset(&fx->out);
	phrase_compare(&fx->out, &fx->t, l, &a, &b, measure, higher_is_better);
	return fx->out.ptr;
}

static void test_increase_above_one_and_a_half_is_a_multiple(void **state)
{
	(void)state;
	assert_string_equal(compare(LANG_EN, "H100 80GB", 1, NULL, "A100 80GB", 0.35, NULL, NULL, true),
			    "H100 80GB is 2.9 times as fast as A100 80GB");
	assert_string_equal(compare(LANG_ZH, "H100 80GB", 1, NULL, "A100 80GB", 0.35, NULL, NULL, true),
			    "H100 80GB 的速度是 A100 80GB 的 2.9 倍");
	/* the table's rounding: 1/0.35 = 2.857... reads 2.9 in both */
	buf_reset(&fx->out);
	i18n_format_ratio(&fx->out, 1 / 0.35, LANG_ZH);
	assert_string_equal(fx->out.ptr, "2.9");
	assert_string_equal(compare(LANG_EN, "H100 80GB", 150, NULL, "RTX 4090", 60, NULL,
				    "throughput", true),
			    "H100 80GB's throughput is 2.5 times that of RTX 4090");
	assert_string_equal(compare(LANG_ZH, "H100 80GB", 150, NULL, "RTX 4090", 60, NULL,
				    "吞吐量", true),
			    "H100 80GB 的吞吐量是 RTX 4090 的 2.5 倍");
}

static void test_small_difference_is_a_percentage(void **state)
{
	(void)state;
	assert_string_equal(compare(LANG_EN, "A100 80GB", 0.4, NULL, "A100 40GB", 0.38, NULL, NULL, true),
			    "A100 80GB is about 5% faster than A100 40GB");
	assert_string_equal(compare(LANG_ZH, "A100 80GB", 0.4, NULL, "A100 40GB", 0.38, NULL, NULL, true),
			    "A100 80GB 比 A100 40GB 快约 5%");
	/* exactly 1.5x is still a percentage */
	assert_string_equal(compare(LANG_ZH, "RTX 4090", 1.5, NULL, "RTX 3090", 1, NULL, NULL, true),
			    "RTX 4090 比 RTX 3090 快约 50%");
	assert_string_equal(compare(LANG_EN, "RTX 3090", 0.12, NULL, "RTX 4090", 0.25, NULL, NULL, true),
			    "RTX 3090 is about 52% slower than RTX 4090");
	assert_string_equal(compare(LANG_ZH, "X", 1.004, NULL, "Y", 1, NULL, NULL, true),
			    "X 与 Y 的速度基本相同");
	assert_string_equal(compare(LANG_EN, "X", 1.004, NULL, "Y", 1, NULL, NULL, true),
			    "X and Y are about as fast");
}

static void test_lower_is_better_is_stated_as_lower(void **state)
{
	(void)state;
	assert_string_equal(compare(LANG_ZH, "H100 80GB", 52, "52 毫秒", "A100 80GB", 68, "68 毫秒",
				    "延迟", false),
			    "H100 80GB 的延迟比 A100 80GB 低约 24%（52 毫秒 vs 68 毫秒）");
	assert_string_equal(compare(LANG_EN, "H100 80GB", 52, "52 ms", "A100 80GB", 68, "68 ms",
				    "latency", false),
			    "H100 80GB's latency is about 24% lower than A100 80GB's (52 ms vs 68 ms)");
	/* a much longer time is a multiple of the other, never "as fast" */
	assert_string_equal(compare(LANG_EN, "RTX 4090", 1.2, "1.2 s", "H100 80GB", 0.42, "0.42 s",
				    NULL, false),
			    "RTX 4090's time is 2.9 times that of H100 80GB (1.2 s vs 0.42 s)");
	assert_string_equal(compare(LANG_ZH, "RTX 4090", 1.2, NULL, "H100 80GB", 0.42, NULL,
				    NULL, false),
			    "RTX 4090 的耗时是 H100 80GB 的 2.9 倍");
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
	i18n_format_range(&fx->out, "1/4", "1/8", LANG_ZH);
	assert_string_equal(fx->out.ptr, "1/4～1/8");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_increase_above_one_and_a_half_is_a_multiple),
		cmocka_unit_test(test_small_difference_is_a_percentage),
		cmocka_unit_test(test_lower_is_better_is_stated_as_lower),
		cmocka_unit_test(test_technique_speed),
		cmocka_unit_test(test_reduction_is_a_fraction_or_a_percentage),
		cmocka_unit_test(test_fill_spaces_chinese_and_latin),
		cmocka_unit_test(test_units_hug_or_follow_a_space),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
