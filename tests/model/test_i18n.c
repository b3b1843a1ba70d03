/* Unit tests of the UI strings' checks: placeholders that differ between
 * the languages (at load), keys looked up that have no row and
 * placeholders no caller fills (remembered, reported once each). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "base/arena.h"
#include "base/buf.h"
#include "base/csv.h"
#include "base/diag.h"
#include "model/i18n.h"

struct fx {
	struct arena a;
	struct table table;
	struct i18n t;
	struct buf log;
	struct diag d;
	int loaded;
};

/* Parse `csv` as data/i18n.csv and load it; the messages go to fx->log. */
static void load(struct fx *f, const char *csv)
{
	memset(f, 0, sizeof *f);
	f->a = (struct arena)ARENA_INIT;
	buf_init(&f->log);
	diag_init(&f->d, NULL, &f->log);
	assert_int_equal(csv_table_parse(&f->table, &f->a, csv, strlen(csv),
					 "data/i18n.csv", &f->d), 0);
	f->loaded = i18n_load(&f->t, &f->table, &f->d);
}

static void unload(struct fx *f)
{
	i18n_free(&f->t);
	arena_free(&f->a);
	buf_release(&f->log);
}

static void test_placeholders_must_match_between_languages(void **state)
{
	(void)state;
	struct fx f;
	load(&f, "key,en,zh\nok,{a} and {b},{b} 和 {a}\nbad,({nope}),（{why}）\n");
	assert_int_equal(f.loaded, -1);
	assert_string_equal(f.log.ptr,
		"data/i18n.csv:3:2: error: placeholder {nope} of UI string \"bad\" is in the en text but not in the zh one\n"
		"data/i18n.csv:3:3: error: placeholder {why} of UI string \"bad\" is in the zh text but not in the en one\n");
	unload(&f);
}

/* A tag's twin is its tag.* row's other text, either way; a tag without
 * one, or a text of another key, has none. */
static void test_a_tag_finds_its_twin_in_its_row(void **state)
{
	(void)state;
	struct fx f;
	load(&f, "key,en,zh\ntag.buying,buying,选购\nnav.buying,cost,成本\n");
	assert_int_equal(f.loaded, 0);
	assert_string_equal(i18n_tag_twin(&f.t, LANG_EN, "buying"), "选购");
	assert_string_equal(i18n_tag_twin(&f.t, LANG_ZH, "选购"), "buying");
	assert_null(i18n_tag_twin(&f.t, LANG_EN, "cost"));
	assert_null(i18n_tag_twin(&f.t, LANG_ZH, "buying"));
	unload(&f);
}

/* Two sentences in one bracket: a Chinese one's 。 gives way to ；, an
 * English pair stays two sentences. */
static void test_two_sentences_in_a_bracket(void **state)
{
	(void)state;
	struct fx f;
	load(&f, "key,en,zh\npunct.semicolon,; ,；\npunct.gap, ,\n");
	assert_int_equal(f.loaded, 0);
	static const struct {
		enum lang l;
		const char *a, *b, *want;
	} cases[] = {
		{ LANG_ZH, "来源只写作“A100”。", "未注明卡数", "来源只写作“A100”；未注明卡数" },
		{ LANG_ZH, "批量 4", "未注明卡数", "批量 4；未注明卡数" },
		{ LANG_EN, "The source says only A100.", "Counted as 2.",
		  "The source says only A100. Counted as 2." },
		{ LANG_EN, "batch size 4", "counted as 2.", "batch size 4; counted as 2." },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct buf b = BUF_INIT;
		i18n_add_in_brackets(&f.t, cases[i].l, &b, cases[i].a, cases[i].b);
		assert_string_equal(b.ptr, cases[i].want);
		buf_release(&b);
	}
	unload(&f);
}

/* A list as a sentence has it: a separator, a last word before the last
 * item (the serial comma's when there are three or more, if the caller
 * names one), one space where Chinese meets Latin. */
static void test_a_list_is_joined_as_a_sentence_lists_it(void **state)
{
	(void)state;
	struct fx f;
	load(&f, "key,en,zh\nsep,\", \",、\nlast, and ,和\nmany,\", and \",和\n");
	assert_int_equal(f.loaded, 0);
	const char *three[] = { "计算机视觉", "推理", "Stable Diffusion LoRA" };
	struct buf b = BUF_INIT;
	i18n_add_joined(&f.t, LANG_ZH, &b, three, 3, "sep", "last", "many");
	assert_string_equal(b.ptr, "计算机视觉、推理和 Stable Diffusion LoRA");
	buf_reset(&b);
	const char *en[] = { "A", "B", "research and testing" };
	i18n_add_joined(&f.t, LANG_EN, &b, en, 3, "sep", "last", NULL);
	assert_string_equal(b.ptr, "A, B and research and testing");
	buf_reset(&b);
	i18n_add_joined(&f.t, LANG_EN, &b, en, 3, "sep", "last", "many");
	assert_string_equal(b.ptr, "A, B, and research and testing");
	buf_reset(&b);
	i18n_add_joined(&f.t, LANG_EN, &b, en + 1, 2, "sep", "last", "many");
	assert_string_equal(b.ptr, "B and research and testing");
	buf_reset(&b);
	i18n_add_joined(&f.t, LANG_EN, &b, en, 1, "sep", "last", "many");
	assert_string_equal(b.ptr, "A");
	buf_release(&b);
	unload(&f);
}

static void test_missing_keys_are_reported_once_in_key_order(void **state)
{
	(void)state;
	struct fx f;
	load(&f, "key,en,zh\nnav.home,Home,首页\n");
	assert_int_equal(f.loaded, 0);
	assert_string_equal(i18n_get(&f.t, LANG_EN, "nav.home"), "Home");
	assert_string_equal(i18n_get(&f.t, LANG_ZH, "site.description"), "site.description");
	i18n_get(&f.t, LANG_EN, "site.description");
	i18n_get(&f.t, LANG_EN, "nav.label");
	assert_true(i18n_has(&f.t, "nav.home"));
	assert_false(i18n_has(&f.t, "nope")); /* asking is not using */
	assert_int_equal(i18n_report_uses(&f.t, &f.d), 2);
	assert_string_equal(f.log.ptr,
		"data/i18n.csv: error: no row for the UI string \"nav.label\" (the site uses it; add key,en,zh)\n"
		"data/i18n.csv: error: no row for the UI string \"site.description\" (the site uses it; add key,en,zh)\n");
	unload(&f);
}

static void test_a_placeholder_nobody_fills_is_reported_not_published(void **state)
{
	(void)state;
	struct fx f;
	load(&f, "key,en,zh\nwhy.paren,({nope}),（{nope}）\nratio,{a} is {x}× {b},{a} 是 {b} 的 {x} 倍\n");
	assert_int_equal(f.loaded, 0);
	static const char *const names[] = { "why" }, *const vals[] = { "cheap" };
	struct buf out = BUF_INIT;
	i18n_fill_key(&out, &f.t, LANG_EN, "why.paren", names, vals, 1);
	assert_string_equal(out.ptr, "()");
	buf_reset(&out);
	static const char *const n3[] = { "a", "b", "x" }, *const v3[] = { "H100", "A100", "3" };
	i18n_fill_key(&out, &f.t, LANG_ZH, "ratio", n3, v3, 3);
	assert_string_equal(out.ptr, "H100 是 A100 的 3 倍");
	assert_int_equal(i18n_report_uses(&f.t, &f.d), 1);
	assert_string_equal(f.log.ptr,
		"data/i18n.csv:2: error: placeholder {nope} of UI string \"why.paren\" is not one "
		"the site fills; remove it or check its spelling\n");
	buf_release(&out);
	unload(&f);
}

/* ---- the formats: one function per quantity and language ---- */

#define UNITS "key,en,zh\nunit.h,h,小时\nunit.min,min,分钟\n"

/* What `fmt` appends, as a string kept in a static buffer per call site. */
static const char *usd(double v, enum lang l)
{
	static char out[8][64];
	static int i;
	struct buf b = BUF_INIT;
	i18n_format_usd(&b, v, l);
	char *r = out[i++ % 8];
	snprintf(r, 64, "%s", b.ptr);
	buf_release(&b);
	return r;
}

static void test_money_rounds_on_the_decimal_value(void **state)
{
	(void)state;
	assert_string_equal(usd(2.675, LANG_EN), "$2.68"); /* 2.67499999... in binary */
	assert_string_equal(usd(2.674999, LANG_EN), "$2.67");
	/* below $1, a tenth of a cent where it is not 0 */
	assert_string_equal(usd(0.75 * 0.30, LANG_EN), "$0.225"); /* 0.2249999... */
	assert_string_equal(usd(0.126, LANG_EN), "$0.126");
	assert_string_equal(usd(0.12999987, LANG_EN), "$0.13");
	assert_string_equal(usd(0.9996, LANG_EN), "$1");
	assert_string_equal(usd(0.39, LANG_EN), "$0.39");
	assert_string_equal(usd(544.32, LANG_EN), "$544.32");
	assert_string_equal(usd(545, LANG_EN), "$545");
	assert_string_equal(usd(544.999, LANG_EN), "$545");
	assert_string_equal(usd(1684.8, LANG_ZH), "$1,685");
	assert_string_equal(usd(30000, LANG_EN), "$30,000");
	assert_string_equal(usd(0.0042, LANG_EN), "$0.0042");
	assert_string_equal(usd(0, LANG_EN), "$0");
}

static void test_ratios_and_percents_round_as_the_tables(void **state)
{
	(void)state;
	struct buf b = BUF_INIT;
	i18n_format_ratio(&b, 12.5, LANG_EN);
	buf_addc(&b, ' ');
	i18n_format_ratio(&b, 2.25, LANG_EN);
	buf_addc(&b, ' ');
	i18n_format_ratio(&b, 1.049, LANG_EN);
	buf_addc(&b, ' ');
	i18n_format_percent(&b, 12.5, LANG_ZH);
	assert_string_equal(b.ptr, "13 2.3 1.05 13%");
	buf_release(&b);
}

static void test_ranges_use_each_languages_mark(void **state)
{
	(void)state;
	struct fx f;
	load(&f, UNITS);
	struct buf b = BUF_INIT;
	i18n_format_usd_range(&b, 1.76, 3.52, LANG_EN);
	assert_string_equal(b.ptr, "$1.76–$3.52");
	buf_reset(&b);
	i18n_format_usd_range(&b, 1.76, 3.52, LANG_ZH);
	assert_string_equal(b.ptr, "$1.76～$3.52");
	buf_reset(&b);
	i18n_format_usd_range(&b, 1.31, 1.29, LANG_EN); /* not above: one */
	assert_string_equal(b.ptr, "$1.31");
	buf_reset(&b);
	i18n_format_usd_range(&b, 1.311, 1.312, LANG_EN); /* both print $1.31 */
	assert_string_equal(b.ptr, "$1.31");
	buf_reset(&b);
	i18n_format_hours_range(&b, &f.t, 4, 8, LANG_ZH);
	assert_string_equal(b.ptr, "4～8 小时");
	buf_reset(&b);
	i18n_format_hours_range(&b, &f.t, 4, 8, LANG_EN);
	assert_string_equal(b.ptr, "4–8 h");
	buf_reset(&b);
	i18n_format_hours_range(&b, &f.t, 0.5, 0.75, LANG_EN);
	assert_string_equal(b.ptr, "30–45 min");
	buf_release(&b);
	unload(&f);
}

static void test_durations_under_an_hour_are_minutes(void **state)
{
	(void)state;
	struct fx f;
	load(&f, UNITS);
	struct buf b = BUF_INIT;
	i18n_format_duration(&b, &f.t, 2.0 / 3.0, LANG_ZH);
	assert_string_equal(b.ptr, "40 分钟");
	buf_reset(&b);
	i18n_format_duration(&b, &f.t, 0.75, LANG_EN);
	assert_string_equal(b.ptr, "45 min");
	buf_reset(&b);
	i18n_format_duration(&b, &f.t, 1.5, LANG_EN);
	assert_string_equal(b.ptr, "1.5 h");
	buf_reset(&b);
	i18n_format_duration(&b, &f.t, 72, LANG_ZH);
	assert_string_equal(b.ptr, "72 小时");
	buf_reset(&b);
	i18n_format_duration(&b, &f.t, 0.001, LANG_EN); /* at least a minute */
	assert_string_equal(b.ptr, "1 min");
	buf_reset(&b);
	i18n_format_duration(&b, &f.t, 1, LANG_EN);
	assert_string_equal(b.ptr, "1 h");
	buf_release(&b);
	unload(&f);
}

/* A duration's print without the UI strings: equal exactly when the pages'
 * prints are ("12 min" from 0.199 and 0.201 h). */
static void test_durations_plain_print_as_the_pages_do(void **state)
{
	(void)state;
	static const struct { double h; const char *plain; } cases[] = {
		{ 0.199, "12 min" }, { 0.201, "12 min" }, { 0.75, "45 min" },
		{ 0.001, "1 min" }, { 1.5, "1.5 h" }, { 1, "1 h" }, { 4103, "4,103 h" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct buf b = BUF_INIT;
		i18n_format_duration_plain(&b, cases[i].h);
		assert_string_equal(b.ptr, cases[i].plain);
		buf_release(&b);
	}
}

/* Dates written YYYY-MM-DD are read without sscanf; what they give is
 * what sscanf's reading gives the same date written otherwise. */
static void test_dates_read_as_sscanf_reads_them(void **state)
{
	(void)state;
	static const char *const cases[][3] = {
		{ "2026-07-04", "4 Jul 2026", "2026年7月4日" },
		{ " 2026-07-04", "4 Jul 2026", "2026年7月4日" }, /* sscanf's */
		{ "2026-7-4", "4 Jul 2026", "2026年7月4日" },     /* sscanf's */
		{ "0999-12-31", "31 Dec 999", "999年12月31日" },
		{ "2026-07-04T10:00", "4 Jul 2026", "2026年7月4日" },
		{ "2026-00-04", "2026-00-04", "2026-00-04" },
		{ "2026-13-04", "2026-13-04", "2026-13-04" },
		{ "2026-07-x4", "2026-07-x4", "2026-07-x4" },
		{ "2026-07", "2026-07", "2026-07" },
		{ "soon", "soon", "soon" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct buf en = BUF_INIT, zh = BUF_INIT;
		i18n_format_date(&en, cases[i][0], LANG_EN);
		i18n_format_date(&zh, cases[i][0], LANG_ZH);
		assert_string_equal(en.ptr, cases[i][1]);
		assert_string_equal(zh.ptr, cases[i][2]);
		buf_release(&en);
		buf_release(&zh);
	}
}

/* A missing date is NULL, for the caller to say in its page's words; a
 * column's language is its suffix's, or i18n.csv's own column's. */
static void test_date_text_and_column_lang(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	assert_null(i18n_date_text(&a, NULL, LANG_EN));
	assert_null(i18n_date_text(&a, "", LANG_ZH));
	assert_string_equal(i18n_date_text(&a, "2026-07-04", LANG_EN), "4 Jul 2026");
	assert_string_equal(i18n_date_text(&a, "2026-07-04", LANG_ZH), "2026年7月4日");
	arena_free(&a);
	static const struct { const char *column; int lang; size_t base; } cases[] = {
		{ "name_en", LANG_EN, 4 }, { "notes_zh", LANG_ZH, 5 }, { "en", LANG_EN, 2 },
		{ "zh", LANG_ZH, 2 }, { "name", -1, 4 }, { "_en", -1, 3 }, { "token", -1, 5 },
		{ "name_fr", -1, 7 }, { "", -1, 0 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		size_t base;
		assert_int_equal(lang_of_column(cases[i].column, &base), cases[i].lang);
		assert_int_equal(base, cases[i].base);
	}
}

static void test_dates_read_per_language(void **state)
{
	(void)state;
	struct buf b = BUF_INIT;
	i18n_format_date(&b, "2026-07-04", LANG_EN);
	buf_addc(&b, '|');
	i18n_format_date(&b, "2026-07-04", LANG_ZH);
	buf_addc(&b, '|');
	i18n_format_number(&b, 1600, LANG_ZH);
	buf_addc(&b, '|');
	i18n_format_percent_range(&b, 18, 30, LANG_EN);
	buf_addc(&b, '|');
	i18n_format_percent_range(&b, 18, 30, LANG_ZH);
	assert_string_equal(b.ptr, "4 Jul 2026|2026年7月4日|1,600|18–30%|18%～30%");
	buf_release(&b);
}

/* Where an inserted value meets Chinese across a space the template keeps
 * for a Latin value, the space goes when the value's edge is Chinese or
 * full-width punctuation ("（4 张卡） 有" reads "（4 张卡）有"), and stays
 * for a Latin edge; Chinese against Latin gets one (content/STYLE.md). */
static void test_fill_spaces_by_the_values_edges(void **state)
{
	(void)state;
	static const char *const n[] = { "gpu" };
	static const char *const cases[][3] = { /* template, value, result */
		{ "只有 {gpu} 有数据", "H100 80GB（4 张卡）", "只有 H100 80GB（4 张卡）有数据" },
		{ "只有 {gpu} 有数据", "RTX 4090", "只有 RTX 4090 有数据" },
		{ "在 {gpu} 上", "“推理延迟”", "在“推理延迟”上" },
		{ "执行{gpu}任务", "LoRA", "执行 LoRA 任务" },
		{ "a {gpu} b", "(x)", "a (x) b" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct buf out = BUF_INIT;
		const char *v[] = { cases[i][1] };
		i18n_fill(&out, cases[i][0], n, v, 1);
		assert_string_equal(out.ptr, cases[i][2]);
		buf_release(&out);
	}
}

/* A number as typed, thousands grouped, decimals kept; other text as is. */
static void test_numbers_as_typed_get_grouped(void **state)
{
	(void)state;
	static const char *const cases[][2] = {
		{ "3350", "3,350" }, { "30000", "30,000" }, { "1600", "1,600" },
		{ "936", "936" }, { "0.416667", "0.416667" }, { "1234567.5", "1,234,567.5" },
		{ "-2500", "-2,500" }, { "2024-05-01", "2024-05-01" }, { "12a34", "12a34" },
		{ "1000.", "1000." }, { "", "" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct buf out = BUF_INIT;
		i18n_group_number_text(&out, cases[i][0]);
		assert_string_equal(out.ptr ? out.ptr : "", cases[i][1]);
		buf_release(&out);
	}
}

/* A placeholder's name is a-z, 0-9 and '_': anything else in braces is
 * text, kept as it is. */
static void test_placeholder_names(void **state)
{
	(void)state;
	const char *names[] = { "a_1", "b" }, *vals[] = { "X", "Y" };
	struct buf out = BUF_INIT;
	i18n_fill(&out, "{a_1}{b}/{A}/{}/{b-c}/{b/{a_1", names, vals, 2);
	assert_string_equal(out.ptr, "XY/{A}/{}/{b-c}/{b/{a_1");
	buf_release(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_placeholders_must_match_between_languages),
		cmocka_unit_test(test_placeholder_names),
		cmocka_unit_test(test_a_list_is_joined_as_a_sentence_lists_it),
		cmocka_unit_test(test_two_sentences_in_a_bracket),
		cmocka_unit_test(test_missing_keys_are_reported_once_in_key_order),
		cmocka_unit_test(test_a_placeholder_nobody_fills_is_reported_not_published),
		cmocka_unit_test(test_money_rounds_on_the_decimal_value),
		cmocka_unit_test(test_ratios_and_percents_round_as_the_tables),
		cmocka_unit_test(test_ranges_use_each_languages_mark),
		cmocka_unit_test(test_durations_under_an_hour_are_minutes),
		cmocka_unit_test(test_durations_plain_print_as_the_pages_do),
		cmocka_unit_test(test_dates_read_per_language),
		cmocka_unit_test(test_date_text_and_column_lang),
		cmocka_unit_test(test_a_tag_finds_its_twin_in_its_row),
		cmocka_unit_test(test_dates_read_as_sscanf_reads_them),
		cmocka_unit_test(test_fill_spaces_by_the_values_edges),
		cmocka_unit_test(test_numbers_as_typed_get_grouped),
	};
	return cmocka_run_group_tests_name("i18n", tests, NULL, NULL);
}
