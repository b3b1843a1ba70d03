#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/buf.h"
#include "model/data.h"
#include "base/arena.h"
#include "base/digest.h"
#include "base/diag.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A small, valid data folder; each test changes what it is about. */
static const struct {
	const char *file, *text;
} good_files[] = {
	{ "sources.csv",
	  "id,title,publisher,date,lang,url\n"
	  "src,Guide,Someone,2024-01-01,en,https://example.com/guide\n"
	  "src-zh,指南,,,zh,\n" },
	{ "gpus.csv",
	  "id,name,segment,vram_gb,memory_type,bandwidth_gbs,fp16_tflops,fp32_tflops,tensor_core_gen,fp8,nvlink_gbs,pcie_gbs,tdp_w,price_usd_min,price_usd_max,source,notes_en,notes_zh\n"
	  "h100-80gb,H100 80GB,datacenter,80,HBM3,3350,989,495,4,yes,900,64,700,30000,40000,src;src-zh,fast,快\n"
	  "rtx-4090,RTX 4090,consumer,24,GDDR6X,1008,165,82.6,4,no,0,32,450,1599,1599,src,,\n"
	  "a100-80gb,A100 80GB,datacenter,80,,,,,,,,,,,,src-zh,,\n" },
	{ "prices.csv",
	  "gpu_id,provider,usd_per_hour,kind,as_of,source\n"
	  "h100-80gb,Lambda,2.49,on-demand,2025-01-02,src\n"
	  "rtx-4090,Vast,0.39,spot,,src\n" },
	{ "benchmarks.csv",
	  "id,name_en,name_zh,kind,unit,higher_is_better,source\n"
	  "rel-resnet50,ResNet-50,ResNet-50,relative-speed,x,yes,src\n"
	  "llama-70b-latency,Latency,延迟,inference-latency,ms,no,src\n" },
	{ "results.csv",
	  "benchmark_id,gpu_id,value,source\n"
	  "rel-resnet50,h100-80gb,1.0,src\n"
	  "rel-resnet50,rtx-4090,0.45,src\n"
	  "llama-70b-latency,a100-80gb,120,src\n" },
	{ "tasks.csv",
	  "id,name_en,name_zh,source\n"
	  "lora-7b,LoRA 7B,LoRA 7B,src\n" },
	{ "task_times.csv",
	  "task_id,gpu_id,hours,gpu_count,source\n"
	  "lora-7b,rtx-4090,6,,src\n"
	  "lora-7b,a100-80gb,2,4,src\n" },
	{ "vram.csv",
	  "params_b,precision,gb,source\n"
	  "7,fp16,14,src\n" },
	{ "techniques.csv",
	  "id,name_en,name_zh,speed_low,speed_high,speed_scope_en,speed_scope_zh,speed_text_en,speed_text_zh,"
	  "vram_cut,vram_low,vram_high,vram_scope_en,vram_scope_zh,vram_text_en,vram_text_zh,difficulty,notes_en,notes_zh,source\n"
	  "qlora,QLoRA,QLoRA,1,,,,,,factor,4,8,,,,,medium,,,src\n" },
	{ "use_cases.csv",
	  "id,name_en,name_zh,budget_gpu,recommended_gpu,fastest_gpu,reason_en,reason_zh,source\n"
	  "llm-finetune,LLM fine-tuning,大模型微调,,rtx-4090,h100-80gb,,,src\n" },
	{ "claims.csv",
	  "id,gpu_id,other_gpu_id,kind,benchmark_ids,low,high,text_en,text_zh,source\n"
	  "h100-3x,h100-80gb,a100-80gb,relative-speed,rel-resnet50,2.5,3,About 3x,约 3 倍,src-zh\n" },
	{ "i18n.csv",
	  "key,en,zh\n"
	  "nav.home,Home,首页\n" },
};

enum { NGOOD = sizeof good_files / sizeof good_files[0] };

struct fixture {
	char dir[64];
	struct data data;
	struct buf log;
	struct diag diag;
};

static void fixture_write(struct fixture *f, const char *file, const char *text)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", f->dir, file);
	FILE *fp = fopen(path, "wb");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

static void fixture_unlink(struct fixture *f, const char *file)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", f->dir, file);
	assert_int_equal(unlink(path), 0);
}

/* A temp folder holding the good data. */
static void fixture_make(struct fixture *f)
{
	snprintf(f->dir, sizeof f->dir, "/tmp/gpuguide-data-XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	for (size_t i = 0; i < NGOOD; i++)
		fixture_write(f, good_files[i].file, good_files[i].text);
	buf_init(&f->log);
	diag_init(&f->diag, NULL, &f->log);
	memset(&f->data, 0, sizeof f->data);
}

static int fixture_load(struct fixture *f)
{
	return data_load(&f->data, f->dir, "data", &f->diag);
}

/* Remove the folder and everything in it (files and links only). */
static void fixture_remove(struct fixture *f)
{
	data_free(&f->data);
	buf_release(&f->log);
	DIR *dir = opendir(f->dir);
	assert_non_null(dir);
	struct dirent *e;
	while ((e = readdir(dir)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		char path[512];
		snprintf(path, sizeof path, "%s/%s", f->dir, e->d_name);
		assert_int_equal(unlink(path), 0);
	}
	closedir(dir);
	assert_int_equal(rmdir(f->dir), 0);
}

static void test_good_data_loads_with_typed_rows(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	assert_int_equal(fixture_load(&f), 0);
	assert_string_equal(f.log.ptr, "");
	struct data *d = &f.data;

	assert_int_equal(d->nsources, 2);
	assert_string_equal(d->sources[1].id, "src-zh");
	assert_int_equal(d->sources[1].line, 3);

	assert_int_equal(d->ngpus, 3);
	assert_string_equal(d->gpus[0].id, "h100-80gb"); /* file order */
	assert_string_equal(d->gpus[2].id, "a100-80gb");
	assert_true(d->gpus[0].vram_gb.ok);
	assert_true(d->gpus[0].vram_gb.v == 80);
	assert_true(d->gpus[1].fp32_tflops.v == 82.6);
	assert_int_equal(d->gpus[0].fp8, 1);
	assert_int_equal(d->gpus[1].fp8, 0);
	assert_int_equal(d->gpus[2].fp8, -1);
	assert_true(d->gpus[1].nvlink_gbs.ok); /* 0 = "not supported" */
	assert_true(d->gpus[1].nvlink_gbs.v == 0);
	assert_false(d->gpus[2].nvlink_gbs.ok); /* empty = not stated */
	assert_false(d->gpus[2].bandwidth_gbs.ok);
	assert_string_equal(d->gpus[0].tensor_core_gen, "4");
	assert_string_equal(d->gpus[0].source, "src;src-zh");
	assert_int_equal(d->gpus[2].row, 2);

	assert_int_equal(d->nprices, 2);
	assert_true(d->prices[1].usd_per_hour == 0.39);
	assert_int_equal(d->prices[1].gpu, 1);
	assert_string_equal(d->prices[1].as_of, "");

	assert_int_equal(d->nbenchmarks, 2);
	assert_true(d->benchmarks[0].higher_is_better);
	assert_false(d->benchmarks[1].higher_is_better);
	assert_int_equal(d->nresults, 3);
	assert_int_equal(d->results[2].benchmark, 1);
	assert_int_equal(d->results[2].gpu, 2);

	assert_int_equal(d->ntask_times, 2);
	assert_int_equal(d->task_times[0].gpu_count, 1); /* empty = 1 */
	assert_int_equal(d->task_times[1].gpu_count, 4);
	assert_int_equal(d->task_times[1].task, 0);
	assert_true(d->task_times[1].hours == 2);

	assert_int_equal(d->nvram, 1);
	assert_true(d->vram[0].params_b == 7 && d->vram[0].gb == 14);
	assert_true(d->techniques[0].speed_low.ok && !d->techniques[0].speed_high.ok);
	assert_string_equal(d->techniques[0].vram_cut, "factor");
	assert_true(d->techniques[0].vram_low.v == 4 && d->techniques[0].vram_high.v == 8);
	assert_string_equal(d->techniques[0].difficulty, "medium");

	assert_int_equal(d->nuse_cases, 1);
	assert_int_equal(d->use_cases[0].budget, -1);
	assert_int_equal(d->use_cases[0].recommended, 1);
	assert_int_equal(d->use_cases[0].fastest, 0);

	assert_int_equal(d->nclaims, 1);
	assert_true(d->claims[0].low == 2.5 && d->claims[0].high == 3);
	assert_int_equal(d->claims[0].gpu, 0);
	assert_int_equal(d->claims[0].other, 2);

	assert_ptr_equal(data_find_gpu(d, "rtx-4090"), &d->gpus[1]);
	assert_null(data_find_gpu(d, "rtx-9999"));
	assert_int_equal(data_gpu_index(d, "a100-80gb"), 2);
	assert_int_equal(data_gpu_index(d, ""), -1);
	assert_ptr_equal(data_find_task(d, "lora-7b"), &d->tasks[0]);
	assert_ptr_equal(data_find_benchmark(d, "llama-70b-latency"),
			 &d->benchmarks[1]);
	assert_ptr_equal(data_find_source(d, "src"), &d->sources[0]);
	assert_null(data_find_source(d, "nope"));

	const struct table *gpus = data_table(d, "gpus");
	assert_non_null(gpus);
	assert_string_equal(gpus->path, "data/gpus.csv");
	/* the extra column is kept for the templates */
	assert_int_equal(gpus->ncols, 18);
	assert_string_equal(gpus->cols[16], "notes_en");
	assert_string_equal(gpus->rows[0][16], "fast");
	const struct table *i18n = data_table(d, "i18n");
	assert_non_null(i18n);
	assert_string_equal(i18n->rows[0][2], "首页");
	assert_null(data_table(d, "nope"));
	fixture_remove(&f);
}

static void test_missing_file_is_named(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	fixture_unlink(&f, "claims.csv");
	assert_int_equal(fixture_load(&f), -1);
	assert_string_equal(f.log.ptr,
			    "data/claims.csv: error: missing file (the claims table is required)\n");
	assert_int_equal(f.data.nclaims, 0);
	assert_int_equal(f.data.ngpus, 3); /* the rest still loads */
	const struct table *claims = data_table(&f.data, "claims");
	assert_non_null(claims);
	assert_int_equal(claims->nrows, 0);
	fixture_remove(&f);
}

static void test_bad_number_in_prices_is_reported_with_position(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	fixture_write(&f, "prices.csv",
		      "gpu_id,provider,usd_per_hour,kind,as_of,source\n"
		      "h100-80gb,Lambda,2.49,on-demand,2025-01-02,src\n"
		      "rtx-4090,Vast,\"0,39\",spot,,src\n"
		      "rtx-4090,RunPod,-0.39,spot,2024-13-01,src\n"
		      "rtx-4090,,0.5,spot,,src\n");
	assert_int_equal(fixture_load(&f), -1);
	assert_string_equal(f.log.ptr,
			    "data/prices.csv:3:3: error: usd_per_hour \"0,39\" is not a number\n"
			    "data/prices.csv:4:3: error: usd_per_hour \"-0.39\" must be at least 0.01\n"
			    "data/prices.csv:4:5: error: as_of \"2024-13-01\" is not a date (YYYY-MM-DD)\n");
	fixture_remove(&f);
}

static void test_unknown_gpu_across_tables(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	fixture_write(&f, "prices.csv",
		      "gpu_id,provider,usd_per_hour,kind,as_of,source\n"
		      "h100-80gb,Lambda,2.49,on-demand,2025-01-02,src\n"
		      "rtx-9999,Vast,0.39,spot,,nowhere\n");
	fixture_write(&f, "use_cases.csv",
		      "id,name_en,name_zh,budget_gpu,recommended_gpu,fastest_gpu,reason_en,reason_zh,source\n"
		      "x,X,X,rtx-3060,,,,,src\n");
	assert_int_equal(fixture_load(&f), -1);
	assert_string_equal(f.log.ptr,
			    "data/prices.csv:3:1: error: unknown gpu \"rtx-9999\" (not in data/gpus.csv)\n"
			    "data/prices.csv:3:6: error: unknown source \"nowhere\" (not in data/sources.csv)\n"
			    "data/use_cases.csv:2:4: error: unknown gpu \"rtx-3060\" (not in data/gpus.csv)\n");
	assert_int_equal(f.data.prices[1].gpu, SIZE_MAX);
	assert_int_equal(f.data.use_cases[0].budget, -1);
	fixture_remove(&f);
}

/* A use case's role may name alternatives after its pick ("rtx-4090;
 * a100-80gb": RTX 4090, or A100 80GB), each id checked at its cell. */
/* A claim is tested by the benchmarks it lists, each of its kind: one of
 * another kind is an error at the cell, naming both kinds. */
static void test_claim_benchmark_of_another_kind_is_an_error(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	fixture_write(&f, "claims.csv",
		      "id,gpu_id,other_gpu_id,kind,benchmark_ids,low,high,text_en,text_zh,source\n"
		      "h100-3x,h100-80gb,a100-80gb,relative-speed,rel-resnet50;llama-70b-latency,3,3,About 3x,约 3 倍,src-zh\n"
		      "untested,h100-80gb,a100-80gb,relative-speed,,2,2,About 2x,约 2 倍,src-zh\n");
	assert_int_equal(fixture_load(&f), -1);
	assert_string_equal(f.log.ptr,
			    "data/claims.csv:2:5: error: claim \"h100-3x\" is of kind relative-speed, but benchmark llama-70b-latency is of kind inference-latency: list only benchmarks of the claim's kind\n");
	fixture_remove(&f);
}

/* Which benchmarks test a claim: those it lists of its kind; none when it
 * lists none. */
static void test_claim_is_about_the_benchmarks_it_lists(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	fixture_write(&f, "claims.csv",
		      "id,gpu_id,other_gpu_id,kind,benchmark_ids,low,high,text_en,text_zh,source\n"
		      "h100-3x,h100-80gb,a100-80gb,relative-speed,rel-resnet50,3,3,About 3x,约 3 倍,src-zh\n"
		      "untested,h100-80gb,a100-80gb,relative-speed,,2,2,About 2x,约 2 倍,src-zh\n");
	assert_int_equal(fixture_load(&f), 0);
	assert_true(data_claim_about(&f.data, &f.data.claims[0], 0));
	assert_false(data_claim_about(&f.data, &f.data.claims[0], 1));
	assert_false(data_claim_about(&f.data, &f.data.claims[1], 0));
	assert_false(data_claim_about(&f.data, &f.data.claims[1], 1));
	fixture_remove(&f);
}

static void test_use_case_role_names_alternatives(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	fixture_write(&f, "use_cases.csv",
		      "id,name_en,name_zh,budget_gpu,recommended_gpu,fastest_gpu,reason_en,reason_zh,source\n"
		      "x,X,X,,rtx-4090;a100-80gb;h100-80gb,h100-80gb,,,src\n");
	assert_int_equal(fixture_load(&f), 0);
	const struct use_case *u = &f.data.use_cases[0];
	assert_int_equal(u->budget, -1);
	assert_int_equal(u->nalternatives[0], 0);
	assert_int_equal(u->recommended, 1);
	assert_int_equal(u->nalternatives[1], 2);
	assert_int_equal(u->alternatives[1][0], 2);
	assert_int_equal(u->alternatives[1][1], 0);
	assert_int_equal(u->fastest, 0);
	assert_int_equal(u->nalternatives[2], 0);
	fixture_remove(&f);

	fixture_make(&f);
	fixture_write(&f, "use_cases.csv",
		      "id,name_en,name_zh,budget_gpu,recommended_gpu,fastest_gpu,reason_en,reason_zh,source\n"
		      "x,X,X,,rtx-4090;l40s,,,,src\n");
	assert_int_equal(fixture_load(&f), -1);
	assert_non_null(strstr(f.log.ptr, "data/use_cases.csv:2:5: error: unknown gpu \"l40s\""));
	fixture_remove(&f);
}

static void test_duplicate_gpu_id_names_first_line_and_finds_its_first_row(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	fixture_write(&f, "gpus.csv",
		      "id,name,segment,vram_gb,memory_type,bandwidth_gbs,fp16_tflops,fp32_tflops,tensor_core_gen,fp8,nvlink_gbs,pcie_gbs,tdp_w,price_usd_min,price_usd_max,source\n"
		      "rtx-4090,RTX 4090,consumer,,,,,,,,,,,,,src\n"
		      "h100-80gb,H100,datacenter,,,,,,,,,,,,,src\n"
		      "rtx-4090,RTX 4090 again,consumer,,,,,,,,,,,,,src\n"
		      "a100-80gb,A100,datacenter,,,,,,,,,,,,,src\n");
	assert_int_equal(fixture_load(&f), -1);
	assert_string_equal(f.log.ptr,
			    "data/gpus.csv:4:1: error: duplicate id \"rtx-4090\" (first on line 2)\n");
	/* reported, and still looked up: at its first row, as a scan finds it */
	assert_int_equal(data_gpu_index(&f.data, "rtx-4090"), 0);
	assert_int_equal(data_gpu_index(&f.data, "h100-80gb"), 1);
	fixture_remove(&f);
}

static void test_gpus_are_found_by_id_through_the_index(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	assert_int_equal(fixture_load(&f), 0);
	struct data *d = &f.data;
	assert_int_equal(d->gpu_ids.len, d->ngpus);
	for (size_t g = 0; g < d->ngpus; g++)
		assert_int_equal(data_gpu_index(d, d->gpus[g].id), (long)g);
	assert_int_equal(data_gpu_index(d, "h100"), -1);
	assert_int_equal(data_gpu_index(d, "h100-80gb-x"), -1);
	assert_int_equal(data_gpu_index(d, ""), -1);
	assert_int_equal(data_gpu_index(d, NULL), -1);

	/* data built by hand has no index: the same answers by a scan */
	struct data hand;
	memset(&hand, 0, sizeof hand);
	hand.gpus = d->gpus;
	hand.ngpus = d->ngpus;
	for (size_t g = 0; g < d->ngpus; g++)
		assert_int_equal(data_gpu_index(&hand, d->gpus[g].id), (long)g);
	assert_int_equal(data_gpu_index(&hand, "h100"), -1);
	fixture_remove(&f);
}

static void test_missing_column_in_gpus(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	fixture_write(&f, "gpus.csv",
		      "id,name,segment,memory_type,bandwidth_gbs,fp16_tflops,fp32_tflops,tensor_core_gen,fp8,nvlink_gbs,pcie_gbs,tdp_w,price_usd_min,price_usd_max,source\n"
		      "h100-80gb,H100,datacenter,,,,,,,,,,,,src\n"
		      "rtx-4090,RTX 4090,consumer,,,,,,,,,,,,src\n"
		      "a100-80gb,A100,datacenter,,,,,,,,,,,,src\n");
	assert_int_equal(fixture_load(&f), -1);
	assert_string_equal(f.log.ptr,
			    "data/gpus.csv:1: error: missing column \"vram_gb\"\n");
	assert_false(f.data.gpus[0].vram_gb.ok);
	fixture_remove(&f);
}

static void test_low_above_high_and_min_above_max(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	fixture_write(&f, "claims.csv",
		      "id,gpu_id,other_gpu_id,kind,benchmark_ids,low,high,text_en,text_zh,source\n"
		      "h100-3x,h100-80gb,a100-80gb,relative-speed,rel-resnet50,3.5,3,About 3x,约 3 倍,src-zh\n");
	fixture_write(&f, "gpus.csv",
		      "id,name,segment,vram_gb,memory_type,bandwidth_gbs,fp16_tflops,fp32_tflops,tensor_core_gen,fp8,nvlink_gbs,pcie_gbs,tdp_w,price_usd_min,price_usd_max,source\n"
		      "h100-80gb,H100,datacenter,,,,,,,,,,,40000,30000,src\n"
		      "rtx-4090,RTX 4090,consumer,,,,,,,,,,,,,src\n"
		      "a100-80gb,A100,datacenter,,,,,,,,,,,,,src\n");
	assert_int_equal(fixture_load(&f), -1);
	assert_string_equal(f.log.ptr,
			    "data/gpus.csv:2:15: error: price_usd_max \"30000\" is less than price_usd_min \"40000\"\n"
			    "data/claims.csv:2:7: error: high \"3\" is less than low \"3.5\"\n");
	fixture_remove(&f);
}

static void test_refs_skipped_when_referenced_table_is_broken(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	/* the rtx-4090 row is lost to a stray quote: prices, results and the
	 * rest must not each complain that rtx-4090 is unknown */
	fixture_write(&f, "gpus.csv",
		      "id,name,segment,vram_gb,memory_type,bandwidth_gbs,fp16_tflops,fp32_tflops,tensor_core_gen,fp8,nvlink_gbs,pcie_gbs,tdp_w,price_usd_min,price_usd_max,source\n"
		      "h100-80gb,H100,datacenter,,,,,,,,,,,,,src\n"
		      "rtx-4090,RTX 4090 \"24GB\",consumer,,,,,,,,,,,,,src\n"
		      "a100-80gb,A100,datacenter,,,,,,,,,,,,,src\n");
	assert_int_equal(fixture_load(&f), -1);
	assert_string_equal(f.log.ptr,
			    "data/gpus.csv:3:19: error: stray quote in an unquoted field (quote the whole field and write \"\" for a quote)\n");
	fixture_remove(&f);
}

static void test_every_problem_in_every_file_is_reported(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	fixture_write(&f, "vram.csv", "");
	fixture_write(&f, "tasks.csv",
		      "id,name_en,name_zh,source\n"
		      "lora-7b,LoRA 7B,LoRA 7B,src,extra\n");
	fixture_write(&f, "i18n.csv", "key,en,zh\n");
	assert_int_equal(fixture_load(&f), -1);
	/* tasks.csv lost its row: task_times is not checked against it */
	assert_string_equal(f.log.ptr,
			    "data/tasks.csv:2: error: row has 5 fields, header has 4\n"
			    "data/vram.csv: error: empty file, expected a header row\n");
	assert_int_equal(f.diag.errors, 2);
	assert_int_equal(f.data.nvram, 0);
	assert_int_equal(f.data.ntasks, 0);
	fixture_remove(&f);
}

static void test_symlink_out_of_the_data_folder_is_refused(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	char outside[] = "/tmp/gpuguide-outside-XXXXXX";
	assert_non_null(mkdtemp(outside));
	char target[128], link[128];
	snprintf(target, sizeof target, "%s/i18n.csv", outside);
	FILE *fp = fopen(target, "wb");
	assert_non_null(fp);
	fputs("key,en,zh\nnav.home,Home,首页\n", fp);
	fclose(fp);
	fixture_unlink(&f, "i18n.csv");
	snprintf(link, sizeof link, "%s/i18n.csv", f.dir);
	assert_int_equal(symlink(target, link), 0);

	/* a link that stays inside the folder is fine */
	fixture_write(&f, "real-tasks.txt", good_files[5].text);
	fixture_unlink(&f, "tasks.csv");
	snprintf(link, sizeof link, "%s/tasks.csv", f.dir);
	assert_int_equal(symlink("real-tasks.txt", link), 0);

	assert_int_equal(fixture_load(&f), -1);
	assert_string_equal(f.log.ptr,
			    "data/i18n.csv: error: symbolic link points outside the data folder; refused\n");
	assert_int_equal(f.data.ntasks, 1);
	fixture_remove(&f);
	unlink(target);
	rmdir(outside);
}

static void test_unknown_csv_file_is_a_warning(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	fixture_write(&f, "notes.csv", "a,b\n");
	fixture_write(&f, "gpu.csv", "a,b\n");
	fixture_write(&f, "README.txt", "not csv\n");
	assert_int_equal(fixture_load(&f), 0);
	assert_string_equal(f.log.ptr,
			    "data/gpu.csv: warning: not a known table, ignored\n"
			    "data/notes.csv: warning: not a known table, ignored\n");
	assert_int_equal(f.diag.warnings, 2);
	assert_int_equal(f.diag.errors, 0);
	fixture_remove(&f);
}

static void test_crlf_and_bom_files_load(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	fixture_write(&f, "tasks.csv",
		      "\xEF\xBB\xBFid,name_en,name_zh,source\r\n"
		      "lora-7b,\"LoRA, 7B\",LoRA 7B,src\r\n");
	assert_int_equal(fixture_load(&f), 0);
	assert_string_equal(f.log.ptr, "");
	assert_string_equal(f.data.tasks[0].name_en, "LoRA, 7B");
	fixture_remove(&f);
}

static void test_data_free_twice_is_harmless(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	assert_int_equal(fixture_load(&f), 0);
	data_free(&f.data);
	assert_int_equal(f.data.ngpus, 0);
	assert_null(f.data.gpus);
	fixture_remove(&f); /* frees again */
}

static void test_real_data_loads_without_errors(void **state)
{
	(void)state;
	struct stat st;
	if (stat("data/gpus.csv", &st) != 0) {
		skip(); /* not run from the repository root */
		return;
	}
	struct data d;
	struct buf log = BUF_INIT;
	struct diag diag;
	diag_init(&diag, NULL, &log);
	int rc = data_load(&d, "data", "data", &diag);
	if (rc != 0 || diag.warnings)
		fprintf(stderr, "%s", log.ptr);
	assert_int_equal(rc, 0);
	assert_int_equal(diag.errors, 0);
	assert_int_equal(diag.warnings, 0);
	assert_non_null(data_find_gpu(&d, "h100-80gb"));
	assert_non_null(data_find_gpu(&d, "rtx-4090"));
	assert_non_null(data_find_source(&d, "training-guide-en"));
	data_free(&d);
	buf_release(&log);
}

static void test_quote_totals_need_their_cards_and_agree(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	fixture_write(&f, "prices.csv",
		      "gpu_id,provider,usd_per_hour,cards,total_usd_per_hour,kind,as_of,source\n"
		      "rtx-4090,,0.44,2,0.88,on-demand,,src\n"
		      "rtx-4090,,0.44,,0.88,on-demand,,src\n"
		      "a100-80gb,,1.89,0,7.56,on-demand,,src\n");
	assert_int_equal(fixture_load(&f), -1);
	assert_string_equal(f.log.ptr,
			    "data/prices.csv:4:4: error: cards \"0\" must be at least 1\n");
	data_free(&f.data);
	buf_reset(&f.log);
	fixture_write(&f, "prices.csv",
		      "gpu_id,provider,usd_per_hour,cards,total_usd_per_hour,kind,as_of,source\n"
		      "rtx-4090,,0.44,2,0.88,on-demand,,src\n"
		      "rtx-4090,,0.44,,0.88,spot,,src\n"
		      "a100-80gb,,1.89,4,7.50,on-demand,,src\n");
	assert_int_equal(fixture_load(&f), -1);
	assert_string_equal(f.log.ptr,
			    "data/prices.csv:3:5: error: total_usd_per_hour 0.88 is given but cards is empty: say how many cards the total is for\n"
			    "data/prices.csv:4:5: warning: total_usd_per_hour 7.50 for 4 cards disagrees with cards × usd_per_hour = 4 × 1.89 = 7.56\n");
	fixture_remove(&f);
}

static void test_a_stated_cost_needs_its_time(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	fixture_write(&f, "stated_costs.csv",
		      "id,task_id,gpu_id,cards,period,usd,usd_max,approx,source\n"
		      "ok,lora-7b,rtx-4090,,job,3,,yes,src\n"
		      "no-time,lora-7b,h100-80gb,,job,3,,yes,src\n"
		      "no-task,,rtx-4090,,job,3,,yes,src\n"
		      "cards,lora-7b,a100-80gb,2,job,9,,no,src\n"
		      "month,lora-7b,rtx-4090,2,month,635,,yes,src\n");
	assert_int_equal(fixture_load(&f), -1);
	assert_string_equal(f.log.ptr,
			    "data/stated_costs.csv:3:6: error: stated cost \"no-time\" has no time: data/task_times.csv has no row for lora-7b on h100-80gb from source src\n"
			    "data/stated_costs.csv:4:2: error: stated cost \"no-task\" is for one job but names no task_id\n"
			    "data/stated_costs.csv:5:4: error: stated cost \"cards\" is for 2 cards, but its time (data/task_times.csv:3) is for 4\n"
			    "data/stated_costs.csv:6:2: error: stated cost \"month\" is for a month of serving: leave task_id empty\n");
	assert_int_equal(f.data.nstated_costs, 5);
	assert_int_equal(data_stated_time_row(&f.data, &f.data.stated_costs[0]), 0);
	fixture_remove(&f);
}

/* `gen check`'s dates to come: a quote's as_of and a source's date after
 * today, each at its cell; today's and earlier ones, and empty ones, not. */
static void test_a_date_after_today_is_named_at_its_cell(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	fixture_write(&f, "prices.csv",
		      "gpu_id,provider,usd_per_hour,kind,as_of,source\n"
		      "h100-80gb,Lambda,2.49,on-demand,2026-12-06,src\n"
		      "rtx-4090,Vast,0.39,spot,2062-01-02,src\n"
		      "rtx-4090,RunPod,0.44,spot,,src\n");
	fixture_write(&f, "sources.csv",
		      "id,title,publisher,date,lang,url\n"
		      "src,Guide,Someone,2027-01-01,en,https://example.com/guide\n"
		      "src-zh,指南,,2025-05-05,zh,\n");
	assert_int_equal(fixture_load(&f), 0);
	data_check_dates(&f.data, "2026-12-06", &f.diag);
	assert_string_equal(f.log.ptr,
			    "data/prices.csv:3:5: warning: as_of 2062-01-02 is after today (2026-12-06)\n"
			    "data/sources.csv:2:4: warning: date 2027-01-01 is after today (2026-12-06)\n");
	fixture_remove(&f);
}

/* A case study names its stated cost; without stated_costs.csv (an
 * optional file) no name is one, and each is an error at its cell (it was
 * not checked, and a case page read the stated cost at index -1). */
static void test_a_case_study_without_stated_costs_is_an_error(void **state)
{
	(void)state;
	struct fixture f;
	fixture_make(&f);
	fixture_write(&f, "case_studies.csv",
		      "id,name_en,name_zh,goal_en,goal_zh,method_en,method_zh,stated_cost,benchmark_id,source\n"
		      "c1,C,C,G,G,M,M,lora-cost,,src\n");
	assert_int_equal(fixture_load(&f), -1);
	assert_string_equal(f.log.ptr,
			    "data/case_studies.csv:2:8: error: unknown stated cost \"lora-cost\" (there is no data/stated_costs.csv)\n");
	assert_int_equal(f.data.nstated_costs, 0);
	fixture_remove(&f);
}

/* The data's digests for pages about some GPUs (data_digests_make) after
 * an edit: a GPU's row changes its own digest alone (a claim about two,
 * both of theirs), a row moved down by another its GPU's (figures name
 * rows by line), a table not about one GPU the shared one. */
static struct data_digests digests_after(struct fixture *f, const char *file, const char *text,
					 struct arena *a)
{
	if (file)
		fixture_write(f, file, text);
	data_free(&f->data);
	memset(&f->data, 0, sizeof f->data);
	assert_int_equal(fixture_load(f), 0);
	struct data_digests dd;
	data_digests_make(&f->data, a, &dd);
	return dd;
}

static void assert_digests(const struct data_digests *x, const struct data_digests *y,
			   bool shared, bool h100, bool rtx4090, bool a100)
{
	assert_int_equal(digest_equal(x->shared, y->shared), !shared);
	assert_int_equal(digest_equal(x->gpu[0], y->gpu[0]), !h100);
	assert_int_equal(digest_equal(x->gpu[1], y->gpu[1]), !rtx4090);
	assert_int_equal(digest_equal(x->gpu[2], y->gpu[2]), !a100);
}

static void test_digests_follow_the_rows_about_each_gpu(void **state)
{
	(void)state;
	struct fixture f;
	struct arena a = ARENA_INIT;
	fixture_make(&f);
	struct data_digests d0 = digests_after(&f, NULL, NULL, &a);
	struct data_digests d1 = digests_after(&f, "prices.csv",
		"gpu_id,provider,usd_per_hour,kind,as_of,source\n"
		"h100-80gb,Lambda,2.49,on-demand,2025-01-02,src\n"
		"rtx-4090,Vast,0.41,spot,,src\n", &a);
	assert_digests(&d0, &d1, false, false, true, false);
	struct data_digests d2 = digests_after(&f, "prices.csv",
		"gpu_id,provider,usd_per_hour,kind,as_of,source\n"
		"h100-80gb,Lambda,2.49,on-demand,2025-01-02,src\n"
		"h100-80gb,RunPod,2.99,on-demand,2025-01-02,src\n"
		"rtx-4090,Vast,0.41,spot,,src\n", &a);
	assert_digests(&d1, &d2, false, true, true, false);
	struct data_digests d3 = digests_after(&f, "claims.csv",
		"id,gpu_id,other_gpu_id,kind,benchmark_ids,low,high,text_en,text_zh,source\n"
		"h100-3x,h100-80gb,a100-80gb,relative-speed,rel-resnet50,2,3,About 3x,约 3 倍,src-zh\n", &a);
	assert_digests(&d2, &d3, false, true, false, true);
	struct data_digests d4 = digests_after(&f, "use_cases.csv",
		"id,name_en,name_zh,budget_gpu,recommended_gpu,fastest_gpu,reason_en,reason_zh,source\n"
		"llm-finetune,LLM fine-tuning,大模型微调,,a100-80gb,h100-80gb,,,src\n", &a);
	assert_digests(&d3, &d4, true, false, false, false);
	arena_free(&a);
	fixture_remove(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good_data_loads_with_typed_rows),
		cmocka_unit_test(test_digests_follow_the_rows_about_each_gpu),
		cmocka_unit_test(test_missing_file_is_named),
		cmocka_unit_test(test_bad_number_in_prices_is_reported_with_position),
		cmocka_unit_test(test_unknown_gpu_across_tables),
		cmocka_unit_test(test_claim_benchmark_of_another_kind_is_an_error),
		cmocka_unit_test(test_claim_is_about_the_benchmarks_it_lists),
		cmocka_unit_test(test_use_case_role_names_alternatives),
		cmocka_unit_test(test_duplicate_gpu_id_names_first_line_and_finds_its_first_row),
		cmocka_unit_test(test_gpus_are_found_by_id_through_the_index),
		cmocka_unit_test(test_missing_column_in_gpus),
		cmocka_unit_test(test_low_above_high_and_min_above_max),
		cmocka_unit_test(test_refs_skipped_when_referenced_table_is_broken),
		cmocka_unit_test(test_every_problem_in_every_file_is_reported),
		cmocka_unit_test(test_symlink_out_of_the_data_folder_is_refused),
		cmocka_unit_test(test_unknown_csv_file_is_a_warning),
		cmocka_unit_test(test_crlf_and_bom_files_load),
		cmocka_unit_test(test_data_free_twice_is_harmless),
		cmocka_unit_test(test_real_data_loads_without_errors),
		cmocka_unit_test(test_quote_totals_need_their_cards_and_agree),
		cmocka_unit_test(test_a_stated_cost_needs_its_time),
		cmocka_unit_test(test_a_case_study_without_stated_costs_is_an_error),
		cmocka_unit_test(test_a_date_after_today_is_named_at_its_cell),
	};
	return cmocka_run_group_tests_name("data", tests, NULL, NULL);
}
