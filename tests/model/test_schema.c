#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/arena.h"
#include "base/buf.h"
#include "base/csv.h"
#include "base/diag.h"
#include "model/schema.h"

#include <string.h>

/* Parse `text` as data/<name>.csv and check it against the guide's spec of
 * <name>; the messages are left in `log`. */
struct checked {
	struct arena arena;
	struct table t;
	struct buf log;
	struct diag diag;
	int errors;
};

static void check(struct checked *c, const char *name, const char *text)
{
	c->arena = (struct arena)ARENA_INIT;
	buf_init(&c->log);
	diag_init(&c->diag, NULL, &c->log);
	char path[64];
	snprintf(path, sizeof path, "data/%s.csv", name);
	assert_int_equal(csv_table_parse(&c->t, &c->arena, text, strlen(text),
					 path, &c->diag), 0);
	const struct table_spec *spec = schema_table_spec(name);
	assert_non_null(spec);
	c->errors = schema_check_table(spec, &c->t, &c->diag);
	assert_int_equal(c->errors, c->diag.errors);
}

static void checked_free(struct checked *c)
{
	arena_free(&c->arena);
	buf_release(&c->log);
}

static const char prices_header[] = "gpu_id,provider,usd_per_hour,kind,as_of,source\n";

/* One prices row with usd_per_hour = `usd`; returns the messages. */
static void check_price(struct checked *c, const char *usd)
{
	struct buf text = BUF_INIT;
	buf_adds(&text, prices_header);
	buf_addf(&text, "h100-80gb,Lambda,%s,on-demand,2025-01-02,src\n", usd);
	check(c, "prices", text.ptr);
	buf_release(&text);
}

static void test_valid_prices_pass(void **state)
{
	(void)state;
	struct checked c;
	check(&c, "prices",
	      "gpu_id,provider,usd_per_hour,kind,as_of,source\n"
	      "h100-80gb,Lambda,2.49,on-demand,2025-01-02,src\n"
	      "h100-80gb,Lambda,1000,spot,,src\n"
	      "h100-80gb,Lambda,0.01,reserved,,src\n"
	      "rtx-4090,\"Vast, Inc.\",0.39,spot,2024-02-29,src\n");
	assert_int_equal(c.errors, 0);
	assert_string_equal(c.log.ptr, "");
	checked_free(&c);
}

static void test_price_with_comma_is_rejected(void **state)
{
	(void)state;
	struct checked c;
	check_price(&c, "\"0,39\"");
	assert_string_equal(c.log.ptr,
			    "data/prices.csv:2:3: error: usd_per_hour \"0,39\" is not a number\n");
	checked_free(&c);
}

static void test_every_bad_number_form_is_not_a_number(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"NaN", "nan", "inf", "-inf", "Infinity", "1e3", "1E3", "$0.39",
		" 0.39", "0.39 ", "0x10", "0.39%", "+1", ".5", "5.", "1.2.3",
		"--1", "-", "1 000", "１",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct checked c;
		struct buf text = BUF_INIT;
		buf_adds(&text, prices_header);
		buf_addf(&text, "h100-80gb,Lambda,%s,on-demand,,src\n", bad[i]);
		check(&c, "prices", text.ptr);
		char want[128];
		snprintf(want, sizeof want,
			 "data/prices.csv:2:3: error: usd_per_hour \"%s\" is not a number\n",
			 bad[i]);
		assert_string_equal(c.log.ptr, want);
		checked_free(&c);
		buf_release(&text);
	}
}

/* A price per card and hour is a cent to a thousand dollars. */
static void test_price_must_be_a_cent_to_a_thousand_dollars(void **state)
{
	(void)state;
	struct checked c;
	check_price(&c, "-0.39");
	assert_string_equal(c.log.ptr,
			    "data/prices.csv:2:3: error: usd_per_hour \"-0.39\" must be at least 0.01\n");
	checked_free(&c);
	check_price(&c, "0");
	assert_string_equal(c.log.ptr,
			    "data/prices.csv:2:3: error: usd_per_hour \"0\" must be at least 0.01\n");
	checked_free(&c);
	check_price(&c, "0.0000000000000000000000000001");
	assert_string_equal(c.log.ptr,
			    "data/prices.csv:2:3: error: usd_per_hour \"0.0000000000000000000000000001\" must be at least 0.01\n");
	checked_free(&c);
	check_price(&c, "1000.01");
	assert_string_equal(c.log.ptr,
			    "data/prices.csv:2:3: error: usd_per_hour \"1000.01\" must be at most 1000\n");
	checked_free(&c);
}

static void test_control_characters_in_text_cells_are_refused(void **state)
{
	(void)state;
	struct checked c;
	check(&c, "prices",
	      "gpu_id,provider,usd_per_hour,kind,as_of,source,note\n"
	      "h100-80gb,La\001mbda,2.49,on-demand,,src,ok\tfine\n"
	      "h100-80gb,Lambda,2.49,spot,,src,\"two\nlines \xc2\x85\"\n");
	assert_string_equal(c.log.ptr,
			    "data/prices.csv:2:2: error: provider holds the control character U+0001; remove it\n"
			    "data/prices.csv:3:7: error: note holds the control character U+0085; remove it\n");
	checked_free(&c);
}

static void test_missing_column_says_which_was_meant(void **state)
{
	(void)state;
	struct checked c;
	check(&c, "prices",
	      "GPU_ID,provider,usd_per_hour,kind,as_of,source \n"
	      "h100-80gb,Lambda,2.49,on-demand,,src\n");
	assert_string_equal(c.log.ptr,
			    "data/prices.csv:1:1: error: missing column \"gpu_id\" (column 1 is \"GPU_ID\": did you mean \"gpu_id\"?)\n"
			    "data/prices.csv:1:6: error: missing column \"source\" (column 6 is \"source \": did you mean \"source\"?)\n");
	checked_free(&c);
}

static void test_inclusive_and_integer_ranges(void **state)
{
	(void)state;
	struct checked c;
	check(&c, "task_times",
	      "task_id,gpu_id,hours,gpu_count,source\n"
	      "t,g,1,0,s\n"
	      "t,g2,1,1.5,s\n"
	      "t,g3,1,,s\n"
	      "t,g4,1,8,s\n");
	assert_string_equal(c.log.ptr,
			    "data/task_times.csv:2:4: error: gpu_count \"0\" must be at least 1\n"
			    "data/task_times.csv:3:4: error: gpu_count \"1.5\" is not an integer\n");
	checked_free(&c);
	check(&c, "results",
	      "benchmark_id,gpu_id,value,source\n"
	      "b,g,0,s\n"
	      "b,g2,-1,s\n");
	assert_string_equal(c.log.ptr,
			    "data/results.csv:3:3: error: value \"-1\" must be at least 0\n");
	checked_free(&c);
}

static void test_integer_above_maximum(void **state)
{
	(void)state;
	struct checked c;
	check(&c, "gpus",
	      "id,name,segment,vram_gb,memory_type,bandwidth_gbs,fp16_tflops,fp32_tflops,tensor_core_gen,fp8,nvlink_gbs,pcie_gbs,tdp_w,price_usd_min,price_usd_max,source\n"
	      "g,G,consumer,24,GDDR6X,1008,165,82,12,maybe,0,64,450,,,s\n");
	assert_string_equal(c.log.ptr,
			    "data/gpus.csv:2:9: error: tensor_core_gen \"12\" must be at most 9\n"
			    "data/gpus.csv:2:10: error: fp8 \"maybe\" must be yes or no\n");
	checked_free(&c);
}

static void test_bad_date_is_reported(void **state)
{
	(void)state;
	struct checked c;
	check(&c, "prices",
	      "gpu_id,provider,usd_per_hour,kind,as_of,source\n"
	      "g,p,1,spot,2024-13-01,s\n"
	      "g,p,1,reserved,2023-02-29,s\n"
	      "g,p,1,on-demand,2024-1-01,s\n");
	assert_string_equal(c.log.ptr,
			    "data/prices.csv:2:5: error: as_of \"2024-13-01\" is not a date (YYYY-MM-DD)\n"
			    "data/prices.csv:3:5: error: as_of \"2023-02-29\" is not a date (YYYY-MM-DD)\n"
			    "data/prices.csv:4:5: error: as_of \"2024-1-01\" is not a date (YYYY-MM-DD)\n");
	checked_free(&c);
}

static void test_required_cell_is_reported(void **state)
{
	(void)state;
	struct checked c;
	check(&c, "prices",
	      "gpu_id,provider,usd_per_hour,kind,as_of,source\n"
	      "g,p,1,spot,,s\n"
	      "g,p,,on-demand,,s\n");
	assert_string_equal(c.log.ptr,
			    "data/prices.csv:3:3: error: usd_per_hour is required\n");
	checked_free(&c);
}

static void test_enum_id_and_url_values(void **state)
{
	(void)state;
	struct checked c;
	check(&c, "sources",
	      "id,title,publisher,date,lang,url\n"
	      "ok-1,T,,,en,https://example.com/a\n"
	      "Bad_Id,T,,,fr,www.example.com\n"
	      "-x,T,,,zh,javascript:alert(1)\n"
	      "a--b,T,,,zh,http://\n");
	assert_string_equal(c.log.ptr,
			    "data/sources.csv:3:1: error: id \"Bad_Id\" is not an id (lowercase letters, digits and single hyphens, like \"rtx-4090\")\n"
			    "data/sources.csv:3:5: error: lang \"fr\" must be one of en, zh\n"
			    "data/sources.csv:3:6: error: url \"www.example.com\" is not an http(s) URL\n"
			    "data/sources.csv:4:1: error: id \"-x\" is not an id (lowercase letters, digits and single hyphens, like \"rtx-4090\")\n"
			    "data/sources.csv:4:6: error: url \"javascript:alert(1)\" is not an http(s) URL\n"
			    "data/sources.csv:5:1: error: id \"a--b\" is not an id (lowercase letters, digits and single hyphens, like \"rtx-4090\")\n"
			    "data/sources.csv:5:6: error: url \"http://\" is not an http(s) URL\n");
	checked_free(&c);
}

static void test_refs_list_without_spaces(void **state)
{
	(void)state;
	struct checked c;
	check(&c, "tasks",
	      "id,name_en,name_zh,source\n"
	      "a,A,甲,s1;s2\n"
	      "b,B,乙,s1; s2\n"
	      "c,C,丙,s1;\n");
	assert_string_equal(c.log.ptr,
			    "data/tasks.csv:3:4: error: source \"s1; s2\" is not a list of ids separated by \";\" (no spaces)\n"
			    "data/tasks.csv:4:4: error: source \"s1;\" is not a list of ids separated by \";\" (no spaces)\n");
	checked_free(&c);
}

static void test_duplicate_id_names_the_first_line(void **state)
{
	(void)state;
	struct checked c;
	check(&c, "tasks",
	      "id,name_en,name_zh,source\n"
	      "rtx-4090,A,甲,s\n"
	      "other,B,乙,s\n"
	      "rtx-4090,C,丙,s\n"
	      "rtx-4090,D,丁,s\n");
	assert_string_equal(c.log.ptr,
			    "data/tasks.csv:4:1: error: duplicate id \"rtx-4090\" (first on line 2)\n"
			    "data/tasks.csv:5:1: error: duplicate id \"rtx-4090\" (first on line 2)\n");
	checked_free(&c);
}

static void test_duplicate_key_of_several_columns(void **state)
{
	(void)state;
	struct checked c;
	check(&c, "prices",
	      "gpu_id,provider,usd_per_hour,kind,as_of,source\n"
	      "g,p,1,spot,,s\n"
	      "g,p,2,on-demand,,s\n"
	      "g,p,3,spot,,s\n");
	assert_string_equal(c.log.ptr,
			    "data/prices.csv:4:1: error: duplicate row: same gpu_id, provider, cards, kind, as_of and source as line 2\n");
	checked_free(&c);
	check(&c, "i18n", "key,en,zh\nnav.home,Home,首页\nnav.home,Home,主页\n");
	assert_string_equal(c.log.ptr,
			    "data/i18n.csv:3:1: error: duplicate key \"nav.home\" (first on line 2)\n");
	checked_free(&c);
}

static void test_missing_column_is_reported_once(void **state)
{
	(void)state;
	struct checked c;
	check(&c, "vram",
	      "params_b,precision,source\n"
	      "7,fp16,s\n"
	      "7,fp8,s\n");
	assert_string_equal(c.log.ptr,
			    "data/vram.csv:1: error: missing column \"gb\"\n"
			    "data/vram.csv:3:2: error: precision \"fp8\" must be one of fp32, fp16, bf16, int8, int4\n");
	checked_free(&c);
}

static void test_extra_column_is_allowed_and_kept(void **state)
{
	(void)state;
	struct checked c;
	check(&c, "tasks",
	      "id,note,name_en,name_zh,source\n"
	      "a,anything at all: 1e3 NaN,A,甲,s\n");
	assert_int_equal(c.errors, 0);
	assert_int_equal(c.t.ncols, 5);
	assert_string_equal(c.t.rows[0][1], "anything at all: 1e3 NaN");
	checked_free(&c);
}

static void test_text_without_its_translation_is_an_error(void **state)
{
	(void)state;
	struct checked c;
	check(&c, "tasks",
	      "id,name_en,name_zh,source,note_en,note_zh\n"
	      "a,A,甲,s,fine,好\n"
	      "b,B,乙,s,only English,\n"
	      "c,C,丙,s,,只有中文\n"
	      "d,D,丁,s,,\n");
	assert_string_equal(c.log.ptr,
			    "data/tasks.csv:3:6: error: note_zh is empty but note_en is not (every text needs both languages)\n"
			    "data/tasks.csv:4:5: error: note_en is empty but note_zh is not (every text needs both languages)\n");
	checked_free(&c);
}

static void test_language_column_needs_its_twin(void **state)
{
	(void)state;
	struct checked c;
	check(&c, "tasks",
	      "id,name_en,name_zh,source,note_zh,title,title_en\n"
	      "a,A,甲,s,说明,原题,Title\n");
	assert_string_equal(c.log.ptr,
			    "data/tasks.csv:1:5: error: column \"note_zh\" has no twin \"note_en\" (every text needs both languages)\n");
	checked_free(&c);
}

static void test_duplicate_header_column_is_an_error(void **state)
{
	(void)state;
	struct checked c;
	check(&c, "tasks",
	      "id,name_en,name_zh,name_en,source\n"
	      "a,A,甲,B,s\n");
	assert_string_equal(c.log.ptr,
			    "data/tasks.csv:1:4: error: duplicate column \"name_en\" (also column 2)\n");
	checked_free(&c);
}

static void test_max_below_min_is_reported(void **state)
{
	(void)state;
	struct checked c;
	check(&c, "claims",
	      "id,gpu_id,other_gpu_id,kind,benchmark_ids,low,high,text_en,text_zh,source\n"
	      "c1,a,b,relative-speed,,3,3,T,文,s\n"
	      "c2,a,b,relative-speed,,3,2.5,T,文,s\n");
	assert_string_equal(c.log.ptr,
			    "data/claims.csv:3:7: error: high \"2.5\" is less than low \"3\"\n");
	checked_free(&c);
}

/* References are checked against the one table given as context. */
static const struct table *lookup_one(const char *name, void *ctx)
{
	const struct table *t = ctx;
	return strcmp(t->name, name) == 0 ? t : NULL;
}

static void test_unknown_reference_names_the_other_file(void **state)
{
	(void)state;
	struct checked gpus, prices;
	check(&gpus, "gpus",
	      "id,name,segment,vram_gb,memory_type,bandwidth_gbs,fp16_tflops,fp32_tflops,tensor_core_gen,fp8,nvlink_gbs,pcie_gbs,tdp_w,price_usd_min,price_usd_max,source\n"
	      "rtx-4090,RTX 4090,consumer,24,,,,,,,,,,1500,1000,s\n");
	assert_string_equal(gpus.log.ptr,
			    "data/gpus.csv:2:15: error: price_usd_max \"1000\" is less than price_usd_min \"1500\"\n");
	check(&prices, "prices",
	      "gpu_id,provider,usd_per_hour,kind,as_of,source\n"
	      "rtx-4090,p,1,spot,,s\n"
	      "rtx-9999,p,1,spot,,s\n"
	      "RTX,p,1,spot,,s\n");
	buf_reset(&prices.log);
	int n = schema_check_refs(schema_table_spec("prices"), &prices.t,
				  lookup_one, &gpus.t, &prices.diag);
	assert_int_equal(n, 1);
	/* "RTX" is not an id at all: reported by the table check, not here */
	assert_string_equal(prices.log.ptr,
			    "data/prices.csv:3:1: error: unknown gpu \"rtx-9999\" (not in data/gpus.csv)\n");
	checked_free(&gpus);
	checked_free(&prices);
}

static void test_unknown_id_in_a_list_of_refs(void **state)
{
	(void)state;
	struct checked sources, tasks;
	check(&sources, "sources", "id,title,publisher,date,lang,url\ns1,T,,,en,\n");
	check(&tasks, "tasks", "id,name_en,name_zh,source\na,A,甲,s1;s2;s1;s3\n");
	int n = schema_check_refs(schema_table_spec("tasks"), &tasks.t,
				  lookup_one, &sources.t, &tasks.diag);
	assert_int_equal(n, 2);
	assert_string_equal(tasks.log.ptr,
			    "data/tasks.csv:2:4: error: unknown source \"s2\" (not in data/sources.csv)\n"
			    "data/tasks.csv:2:4: error: unknown source \"s3\" (not in data/sources.csv)\n");
	checked_free(&sources);
	checked_free(&tasks);
}

static void test_cell_parsers(void **state)
{
	(void)state;
	double v = 0;
	long l = 0;
	assert_true(schema_parse_number("3.35", &v));
	assert_true(v == 3.35);
	assert_true(schema_parse_number("-1", &v));
	assert_true(v == -1);
	assert_false(schema_parse_number("", &v));
	assert_true(schema_parse_integer("42", &l));
	assert_int_equal(l, 42);
	assert_false(schema_parse_integer("99999999999999999999999", &l));
	assert_true(schema_is_id("rtx-4090"));
	assert_false(schema_is_id(""));
	assert_false(schema_is_id("rtx-"));
	assert_true(schema_is_date("2024-02-29"));
	assert_false(schema_is_date("1900-02-29"));
	assert_true(schema_is_date("2000-02-29"));
	assert_false(schema_is_date("2024-04-31"));
	assert_false(schema_is_date("2024-04-301"));
	assert_true(schema_is_url("http://a.b/c?d=1"));
	assert_false(schema_is_url("https://a b"));
}

static void test_every_table_has_a_spec_in_enum_order(void **state)
{
	(void)state;
	static const char *const names[TABLE_COUNT] = {
		"sources", "gpus", "prices", "benchmarks", "results", "tasks",
		"task_times", "vram", "techniques", "use_cases", "claims",
		"stated_costs", "case_studies", "i18n",
	};
	for (size_t i = 0; i < TABLE_COUNT; i++) {
		assert_string_equal(schema_tables[i].name, names[i]);
		assert_ptr_equal(schema_table_spec(names[i]), &schema_tables[i]);
	}
	assert_null(schema_table_spec("nope"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_valid_prices_pass),
		cmocka_unit_test(test_price_with_comma_is_rejected),
		cmocka_unit_test(test_every_bad_number_form_is_not_a_number),
		cmocka_unit_test(test_price_must_be_a_cent_to_a_thousand_dollars),
		cmocka_unit_test(test_control_characters_in_text_cells_are_refused),
		cmocka_unit_test(test_missing_column_says_which_was_meant),
		cmocka_unit_test(test_inclusive_and_integer_ranges),
		cmocka_unit_test(test_integer_above_maximum),
		cmocka_unit_test(test_bad_date_is_reported),
		cmocka_unit_test(test_required_cell_is_reported),
		cmocka_unit_test(test_enum_id_and_url_values),
		cmocka_unit_test(test_refs_list_without_spaces),
		cmocka_unit_test(test_duplicate_id_names_the_first_line),
		cmocka_unit_test(test_duplicate_key_of_several_columns),
		cmocka_unit_test(test_missing_column_is_reported_once),
		cmocka_unit_test(test_extra_column_is_allowed_and_kept),
		cmocka_unit_test(test_text_without_its_translation_is_an_error),
		cmocka_unit_test(test_language_column_needs_its_twin),
		cmocka_unit_test(test_duplicate_header_column_is_an_error),
		cmocka_unit_test(test_max_below_min_is_reported),
		cmocka_unit_test(test_unknown_reference_names_the_other_file),
		cmocka_unit_test(test_unknown_id_in_a_list_of_refs),
		cmocka_unit_test(test_cell_parsers),
		cmocka_unit_test(test_every_table_has_a_spec_in_enum_order),
	};
	return cmocka_run_group_tests_name("schema", tests, NULL, NULL);
}
