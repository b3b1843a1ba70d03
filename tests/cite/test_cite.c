/* Tests for cite: shortcodes in small articles, rendered through markdown
 * against a site built by hand in memory (a few GPUs, prices, results,
 * tasks and UI strings). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/buf.h"
#include "cite/cite.h"
#include "cite/cite_memo.h"
#include "cite/cite_typed.h"
#include "base/diag.h"
#include "view/guide_charts.h"
#include "view/guide_ledger.h"
#include "model/ledger.h"
#include "markdown/frontmatter.h"
#include "markdown/markdown.h"
#include "template/value.h"
#include "view/guide_tables.h"
#include "view/present.h"
#include "view/site.h"
#include "template/mustache.h"

#include <stdlib.h>
#include <string.h>

/* ---- the site ---- */

enum { H100, A100, RTX4090, L40S, NGPUS };
enum { REL_GPT2, TOKENS, LATENCY, NBENCH };
enum { LORA_7B, SCRATCH_13B, NTASKS };

/* UI strings the tests need (a small i18n table). */
static const char *const ui[][3] = {
	{ "no_data", "no data", "暂无数据" },
	{ "cite.bench_missing", "Not in the table: no source gives a result on {list}.",
	  "表中未列出：没有来源给出以下测试的结果：{list}。" },
	{ "cite.bench_none", "No source gives a result on {list} yet.",
	  "目前还没有来源给出以下测试的结果：{list}。" },
	{ "list.sep", ", ", "、" },
	{ "cite.specs_missing", "Not in the table: no source gives {list} for these cards.",
	  "表中未列出：来源均未给出这些显卡的{list}。" },
	{ "cite.no_rows", "{caption}: no source gives these figures yet.",
	  "{caption}：目前还没有来源给出这些数据。" },
	{ "nodata.mark", "—", "—" },
	{ "nodata.legend", "no data: no source gives this figure.", "暂无数据：来源未给出该数字。" },
	{ "why.nodata", "{nodata} ({why})", "{nodata}（{why}）" },
	{ "why.paren", "({why})", "（{why}）" },
	{ "nav.vram", "VRAM", "显存" },
	{ "nav.gpus", "GPUs", "显卡" },
	{ "unit.gb", "GB", "GB" },
	{ "unit.gbs", "GB/s", "GB/s" },
	{ "unit.tflops", "TFLOPS", "TFLOPS" },
	{ "unit.w", "W", "W" },
	{ "unit.h", "h", "小时" },
	{ "unit.min", "min", "分钟" },
	{ "unit.per_hour", "/h", "/小时" },
	{ "unit.x", "×", "×" },
	{ "unit.tflops_per_w", "TFLOPS/W", "TFLOPS/W" },
	{ "unit.tflops_per_kusd", "TFLOPS per $1,000", "TFLOPS/千美元" },
	{ "unit.speed_per_usd", "per $/h", "每 $/小时" },
	{ "unit.tokens_per_s", "tokens/s", "tokens/秒" },
	{ "cite.source", "Source:", "来源：" },
	{ "cite.sources", "Sources:", "来源：" },
	{ "punct.semicolon", "; ", "；" },
	{ "punct.gap", " ", "" },
	{ "punct.title_open", "", "《" },
	{ "punct.title_close", "", "》" },
	{ "gpu.nvlink_none", "not supported", "不支持" },
	{ "why.not_stated", "no source gives this figure", "来源未给出" },
	{ "cite.vs", "vs", "对比" },
	{ "cite.vram_formula", "parameters × bytes", "参数量 × 字节数" },
	{ "cite.cheapest", "cheapest", "最便宜" },
	{ "cite.fastest", "fastest", "最快" },
	{ "cite.lowest", "lowest", "最低" },
	{ "cite.col.gpu", "GPU", "显卡" },
	{ "task.gpu", "GPU", "显卡" },
	{ "task.hours", "Time", "耗时" },
	{ "task.cards", "Cards", "卡数" },
	{ "task.price", "Price per card-hour", "单卡每小时价格" },
	{ "task.cost", "Cost", "费用" },
	{ "task.quote", "Quote used", "所用报价" },
	{ "task.time_source", "Time from", "耗时出处" },
	{ "task.no_times", "No source gives a time for this job on any card yet.",
	  "目前还没有来源给出任何显卡完成这项任务的耗时。" },
	{ "task.fastest", "fastest", "最快" },
	{ "gpu.segment_datacenter", "Data center", "数据中心" },
	{ "cite.mtok_how", "{formula} {cards}", "{formula}{cards}" },
	{ "inf.how", "Cost = price × cards ÷ tokens.", "成本 = 价格 × 卡数 ÷ token 数。" },
	{ "inf.cards_how", "Cards at {precision}; every card counted.", "按 {precision} 计卡数；计入每张卡。" },
	{ "task.no_time_for", "No source gives a time for this job on: {list}.",
	  "来源没有给出以下显卡完成这项任务的耗时：{list}。" },
	{ "list.colon", ": ", "：" },
	{ "uc.no_rows", "No source recommends a GPU for a kind of work yet.",
	  "目前还没有来源针对某类工作推荐显卡。" },
	{ "task.page_title", "{task}: time and cost", "{task}：耗时与费用" },
	{ "why.no_price", "no price seen", "未见租价" },
	{ "tech.difficulty_easy", "easy", "简单" },
};
enum { NUI = sizeof ui / sizeof ui[0] };

struct fixture {
	struct site s;
	struct diag diag;
	struct buf log;
	struct table i18n;
	const char **cols;
	const char ***rows;
	int *lines;
	struct article a;
};

static struct num num(double v)
{
	struct num n = { v, true };
	return n;
}

static void add_gpu(struct data *d, size_t i, const char *id, const char *name,
		    const char *source)
{
	struct gpu *g = &d->gpus[i];
	g->id = id;
	g->name = name;
	g->segment = "datacenter";
	g->memory_type = "";
	g->tensor_core_gen = "";
	g->source = source;
	g->fp8 = -1;
	g->row = i;
}

static void add_price(struct data *d, size_t i, size_t gpu, double usd,
		      const char *kind, const char *source)
{
	d->prices[i] = (struct price){
		.gpu_id = d->gpus[gpu].id, .provider = "P", .usd_per_hour = usd,
		.kind = kind, .as_of = "", .source = source, .gpu = gpu, .row = i,
	};
}

static void add_result(struct data *d, size_t i, size_t b, size_t g, double v)
{
	d->results[i] = (struct result){
		.benchmark_id = d->benchmarks[b].id, .gpu_id = d->gpus[g].id,
		.source = "training-guide-en", .value = v, .benchmark = b,
		.gpu = g, .row = i,
	};
}

static void add_time(struct data *d, size_t i, size_t t, size_t g, double h,
		     int count)
{
	d->task_times[i] = (struct task_time){
		.task_id = d->tasks[t].id, .gpu_id = d->gpus[g].id,
		.source = "training-guide-en", .hours = h, .gpu_count = count,
		.task = t, .gpu = g, .row = i,
	};
}

static void fill_data(struct data *d)
{
	struct arena *a = &d->arena;
	d->nsources = 2;
	d->sources = arena_alloc(a, 2 * sizeof *d->sources);
	d->sources[0] = (struct source){ .id = "training-guide-en",
		.title = "Training Guide", .lang = "en" };
	d->sources[1] = (struct source){ .id = "choosing-guide-zh",
		.title = "如何选择 GPU", .lang = "zh" };

	d->ngpus = NGPUS;
	d->gpus = arena_alloc(a, NGPUS * sizeof *d->gpus);
	add_gpu(d, H100, "h100-80gb", "H100 80GB", "training-guide-en");
	add_gpu(d, A100, "a100-80gb", "A100 80GB", "training-guide-en");
	add_gpu(d, RTX4090, "rtx-4090", "RTX 4090",
		"training-guide-en;choosing-guide-zh");
	add_gpu(d, L40S, "l40s", "L40S", "choosing-guide-zh");
	struct gpu *h = &d->gpus[H100], *x = &d->gpus[A100], *r = &d->gpus[RTX4090];
	h->vram_gb = num(80);
	h->bandwidth_gbs = num(3350);
	h->fp16_tflops = num(989);
	h->tdp_w = num(700);
	h->nvlink_gbs = num(900);
	h->memory_type = "HBM3";
	h->price_usd_min = num(30000);
	h->price_usd_max = num(40000);
	x->vram_gb = num(80);
	x->fp16_tflops = num(312);
	r->vram_gb = num(24);
	r->fp16_tflops = num(330);
	r->nvlink_gbs = num(0);
	r->price_usd_min = num(1600);
	r->price_usd_max = num(1600);

	d->nprices = 4;
	d->prices = arena_alloc(a, 4 * sizeof *d->prices);
	add_price(d, 0, RTX4090, 0.39, "on-demand", "training-guide-en");
	add_price(d, 1, RTX4090, 0.44, "on-demand", "choosing-guide-zh");
	add_price(d, 2, RTX4090, 0.25, "spot", "choosing-guide-zh");
	add_price(d, 3, A100, 1.39, "on-demand", "training-guide-en");

	d->nbenchmarks = NBENCH;
	d->benchmarks = arena_alloc(a, NBENCH * sizeof *d->benchmarks);
	d->benchmarks[REL_GPT2] = (struct benchmark){ .id = "rel-gpt2",
		.name_en = "GPT-2", .name_zh = "GPT-2", .kind = "relative-speed",
		.unit = "x", .higher_is_better = true, .source = "training-guide-en",
		.row = 0 };
	d->benchmarks[TOKENS] = (struct benchmark){ .id = "llama2-13b-tokens",
		.name_en = "Llama 2 13B", .name_zh = "Llama 2 13B",
		.kind = "inference-throughput", .unit = "tokens/s",
		.higher_is_better = true, .source = "choosing-guide-zh", .row = 1 };
	d->benchmarks[LATENCY] = (struct benchmark){ .id = "llama-70b-latency",
		.name_en = "70B latency", .name_zh = "70B 延迟",
		.kind = "inference-latency", .unit = "ms",
		.higher_is_better = false, .source = "choosing-guide-zh", .row = 2 };

	d->nresults = 6;
	d->results = arena_alloc(a, 6 * sizeof *d->results);
	add_result(d, 0, REL_GPT2, H100, 1.0);
	add_result(d, 1, REL_GPT2, A100, 0.3);
	add_result(d, 2, REL_GPT2, RTX4090, 0.18);
	add_result(d, 3, TOKENS, H100, 150);
	add_result(d, 4, TOKENS, RTX4090, 60);
	add_result(d, 5, LATENCY, H100, 45);

	d->ntasks = NTASKS;
	d->tasks = arena_alloc(a, NTASKS * sizeof *d->tasks);
	d->tasks[LORA_7B] = (struct task){ .id = "lora-7b",
		.name_en = "LoRA fine-tune (7B)", .name_zh = "LoRA 微调（7B）",
		.source = "training-guide-en", .row = 0 };
	d->tasks[SCRATCH_13B] = (struct task){ .id = "scratch-13b",
		.name_en = "13B from scratch", .name_zh = "从头训练 13B",
		.source = "choosing-guide-zh", .row = 1 };

	d->ntask_times = 3;
	d->task_times = arena_alloc(a, 3 * sizeof *d->task_times);
	add_time(d, 0, LORA_7B, RTX4090, 3, 1);
	add_time(d, 1, LORA_7B, H100, 0.666667, 1);
	add_time(d, 2, SCRATCH_13B, A100, 72, 4);

	d->ntechniques = 1;
	d->techniques = arena_alloc(a, sizeof *d->techniques);
	d->techniques[0] = (struct technique){ .id = "qlora", .name_en = "QLoRA",
		.name_zh = "QLoRA", .speed_en = "about as fast", .speed_zh = "速度基本不变",
		.vram_saving_en = "cuts memory to a quarter to an eighth", .vram_saving_zh = "显存降到原来的 1/4～1/8",
		.difficulty = "easy", .notes_en = "<b>small</b> & cheap",
		.notes_zh = "", .source = "training-guide-en" };
}

static void fill_i18n(struct fixture *f)
{
	static const char *const cols[] = { "key", "en", "zh" };
	f->rows = calloc(NUI, sizeof *f->rows);
	f->lines = calloc(NUI, sizeof *f->lines);
	assert_non_null(f->rows);
	assert_non_null(f->lines);
	for (size_t r = 0; r < NUI; r++) {
		f->rows[r] = (const char **)ui[r];
		f->lines[r] = (int)r + 2;
	}
	f->i18n = (struct table){ .name = "i18n", .path = "data/i18n.csv", .ncols = 3,
				  .cols = (const char **)cols, .nrows = NUI,
				  .rows = f->rows, .lines = f->lines };
	assert_int_equal(i18n_load(&f->s.in.i18n, &f->i18n, &f->diag), 0);
}

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof *f);
	assert_non_null(f);
	buf_init(&f->log);
	diag_init(&f->diag, NULL, &f->log);
	f->s.diag = &f->diag;
	fill_data(&f->s.in.data);
	metrics_compute(&f->s.in.data, NULL, &f->s.in.metrics);
	fill_i18n(f);
	/* the guide's own partials draw the tables' cells, on the language
	 * keys every page has */
	f->s.in.templates = tmpl_set_new();
	assert_int_equal(tmpl_set_load_dir(f->s.in.templates, "templates", "templates",
					   &f->diag), 0);
	site_lang_contexts(&f->s);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	markdown_article_free(&f->a);
	guide_charts_free(&f->s);
	tmpl_set_free(f->s.in.templates);
	i18n_free(&f->s.in.i18n);
	arena_free(&f->s.in.data.arena);
	arena_free(&f->s.arena);
	free(f->rows);
	free(f->lines);
	buf_release(&f->log);
	free(f);
	return 0;
}

/* Render `body` as the article content/<lang>/t.md (its body starts on line
 * 6) and return the HTML; `rc` gets markdown_render's result. */
static const char *render_rc(struct fixture *f, enum lang l, const char *body,
			     int *rc)
{
	struct buf src = BUF_INIT;
	buf_adds(&src, "---\ntitle: T\ndate: 2026-01-01\nslug: t\n---\n");
	buf_adds(&src, body);
	const char *path = l == LANG_ZH ? "content/zh/t.md" : "content/en/t.md";
	markdown_article_free(&f->a);
	assert_int_equal(markdown_parse_article(&f->a, path, l, src.ptr, src.len,
						&f->diag), 0);
	buf_release(&src);
	struct page_ctx pc = pg_planning(&f->s, l, "articles/t/", NULL);
	/* every article is checked for typed figures too: the other tests'
	 * bodies must raise none */
	*rc = markdown_render(&f->a, &(struct markdown_cite){ cite_resolve, cite_check_prose, &pc,
							      NULL, false, cite_resolve_known, NULL },
			      NULL, &f->diag);
	return f->a.html;
}

/* Render an article that must resolve without errors or warnings. */
static const char *render(struct fixture *f, enum lang l, const char *body)
{
	int rc;
	const char *html = render_rc(f, l, body, &rc);
	if (rc != 0 || f->log.len)
		print_error("diagnostics: %s\n", f->log.ptr);
	assert_int_equal(rc, 0);
	assert_string_equal(f->log.ptr, "");
	return html;
}

/* Render one line that must fail, and check the one message. */
static void assert_error(struct fixture *f, const char *body, const char *msg)
{
	int rc;
	render_rc(f, LANG_EN, body, &rc);
	assert_int_equal(rc, -1);
	assert_string_equal(f->log.ptr, msg);
}

#define FIG_TG(text) "<span class=\"fig\" title=\"Source: Training Guide\">" text "</span>"

/* ---- inline values ---- */

static void test_price_in_paragraph_has_unit_and_source(void **state)
{
	struct fixture *f = *state;
	assert_string_equal(render(f, LANG_EN, "From {{< price gpu=rtx-4090 >}} an hour.\n"),
			    "<p>From " FIG_TG("$0.39/h") " an hour.</p>\n");
}

static void test_price_in_chinese_says_per_hour_in_chinese(void **state)
{
	struct fixture *f = *state;
	assert_string_equal(render(f, LANG_ZH, "租金 {{< price gpu=rtx-4090 >}}。\n"),
			    "<p>租金 <span class=\"fig\" title=\"来源：《Training Guide》\">"
			    "$0.39/小时</span>。</p>\n");
}

static void test_price_inside_emphasis_and_list(void **state)
{
	struct fixture *f = *state;
	assert_string_equal(render(f, LANG_EN, "- *{{< price gpu=rtx-4090 >}}*\n"
					       "- **{{< price gpu=a100-80gb >}}**\n"),
			    "<ul>\n<li><em>" FIG_TG("$0.39/h") "</em></li>\n"
			    "<li><strong>" FIG_TG("$1.39/h") "</strong></li>\n</ul>\n");
}

static void test_price_which_and_source_pick_other_rows(void **state)
{
	struct fixture *f = *state;
	const char *html = render(f, LANG_EN,
		"{{< price gpu=rtx-4090 which=high >}} "
		"{{< price gpu=rtx-4090 which=low >}} "
		"{{< price gpu=rtx-4090 source=choosing-guide-zh >}}\n");
	assert_string_equal(html,
		"<p><span class=\"fig\" title=\"Source: 如何选择 GPU\">$0.44/h</span> "
		"<span class=\"fig\" title=\"Source: 如何选择 GPU\">$0.25/h</span> "
		"<span class=\"fig\" title=\"Source: 如何选择 GPU\">$0.44/h</span></p>\n");
}

static void test_gpu_fields_have_units(void **state)
{
	struct fixture *f = *state;
	const char *html = render(f, LANG_EN,
		"{{< gpu id=h100-80gb field=bandwidth_gbs >}}|"
		"{{< gpu id=h100-80gb field=fp16_tflops >}}|"
		"{{< gpu id=h100-80gb field=tdp_w >}}|"
		"{{< gpu id=rtx-4090 field=vram_gb >}}|"
		"{{< gpu id=rtx-4090 field=price_usd_min >}}|"
		"{{< gpu id=h100-80gb field=memory_type >}}|"
		"{{< gpu id=h100-80gb field=name >}}\n");
	assert_string_equal(html,
		"<p>" FIG_TG("3,350 GB/s") "|" FIG_TG("989 TFLOPS") "|" FIG_TG("700 W")
		"|<span class=\"fig\" title=\"Sources: Training Guide; 如何选择 GPU\">24 GB</span>"
		"|<span class=\"fig\" title=\"Sources: Training Guide; 如何选择 GPU\">$1,600</span>"
		"|" FIG_TG("HBM3") "|" FIG_TG("H100 80GB") "</p>\n");
}

/* A card's segment and FP8 support read as every page writes them (the
 * GPU page's words), never as the CSV's code ("datacenter"). */
static void test_segment_and_fp8_read_as_on_the_gpu_page(void **state)
{
	struct fixture *f = *state;
	const char *html = render(f, LANG_EN, "{{< gpu id=h100-80gb field=segment >}}\n");
	assert_non_null(strstr(html, ">Data center</span>"));
	html = render(f, LANG_ZH, "{{< table name=specs gpus=h100-80gb,rtx-4090 >}}\n");
	assert_non_null(strstr(html, "<th scope=\"row\">gpu.segment</th>"));
	assert_non_null(strstr(html, ">数据中心</span></td>"));
}

static void test_nvlink_zero_reads_not_supported(void **state)
{
	struct fixture *f = *state;
	const char *src = "{{< gpu id=rtx-4090 field=nvlink_gbs >}}\n\n"
			  "{{< gpu id=h100-80gb field=nvlink_gbs >}}\n";
	const char *en = render(f, LANG_EN, src);
	assert_non_null(strstr(en, ">not supported</span>"));
	assert_non_null(strstr(en, ">900 GB/s</span>"));
	assert_non_null(strstr(render(f, LANG_ZH, src), ">不支持</span>"));
}

static void test_hours_below_one_hour_are_minutes(void **state)
{
	struct fixture *f = *state;
	const char *src = "{{< hours task=lora-7b gpu=rtx-4090 >}} / "
			  "{{< hours task=lora-7b gpu=h100-80gb >}}\n";
	assert_string_equal(render(f, LANG_EN, src),
			    "<p>" FIG_TG("3 h") " / " FIG_TG("40 min") "</p>\n");
	assert_string_equal(render(f, LANG_ZH, src),
			    "<p><span class=\"fig\" title=\"来源：《Training Guide》\">3 小时</span> / "
			    "<span class=\"fig\" title=\"来源：《Training Guide》\">40 分钟</span></p>\n");
}

static void test_cost_is_hours_times_price_times_cards(void **state)
{
	struct fixture *f = *state;
	assert_string_equal(render(f, LANG_EN,
				   "{{< cost task=lora-7b gpu=rtx-4090 >}} and "
				   "{{< cost task=scratch-13b gpu=a100-80gb >}}\n"),
			    "<p>" FIG_TG("$1.17") " and " FIG_TG("$400.32") "</p>\n");
}

static void test_result_has_benchmark_unit(void **state)
{
	struct fixture *f = *state;
	const char *src = "At {{< result benchmark=llama2-13b-tokens gpu=h100-80gb >}}.\n";
	assert_string_equal(render(f, LANG_EN, src), "<p>At " FIG_TG("150 tokens/s") ".</p>\n");
	assert_non_null(strstr(render(f, LANG_ZH, src), ">150 tokens/秒</span>"));
	/* a unit with no UI string is shown as the data gives it */
	assert_non_null(strstr(render(f, LANG_EN,
		"{{< result benchmark=llama-70b-latency gpu=h100-80gb >}}\n"),
		">45 ms</span>"));
}

static void test_ratio_of_benchmark_and_of_field(void **state)
{
	struct fixture *f = *state;
	assert_string_equal(render(f, LANG_EN,
		"{{< ratio benchmark=rel-gpt2 a=h100-80gb b=a100-80gb >}} "
		"{{< ratio field=fp16_tflops a=rtx-4090 b=a100-80gb >}} "
		"{{< ratio field=fp16_tflops a=h100-80gb b=a100-80gb >}}\n"),
		"<p>" FIG_TG("3.3×") " <span class=\"fig\" title=\"Sources: Training Guide; "
		"如何选择 GPU\">1.06×</span> " FIG_TG("3.2×") "</p>\n");
}

static void test_metrics_of_one_gpu(void **state)
{
	struct fixture *f = *state;
	const char *html = render(f, LANG_EN,
		"{{< metric name=break_even gpu=rtx-4090 >}}|"
		"{{< metric name=tflops_per_watt gpu=h100-80gb >}}|"
		"{{< metric name=tflops_per_kusd gpu=rtx-4090 >}}|"
		"{{< metric name=speed_per_dollar gpu=rtx-4090 benchmark=rel-gpt2 >}}|"
		"{{< metric name=cost_per_mtok gpu=rtx-4090 benchmark=llama2-13b-tokens >}}\n");
	const char *want[] = { ">4,103 h<", ">1.41 TFLOPS/W<",
			       ">206 TFLOPS per $1,000<", ">0.46 per $/h<", ">$1.81<" };
	for (size_t i = 0; i < 5; i++)
		if (!strstr(html, want[i]))
			fail_msg("%s not in %s", want[i], html);
}

static void test_vram_is_params_times_bytes(void **state)
{
	struct fixture *f = *state;
	assert_string_equal(render(f, LANG_EN, "{{< vram params=7 precision=fp16 >}} "
					       "{{< vram params=7 precision=int4 >}}\n"),
			    "<p><span class=\"fig\" title=\"parameters × bytes\">14 GB</span> "
			    "<span class=\"fig\" title=\"parameters × bytes\">3.5 GB</span></p>\n");
}

static void test_technique_text_is_escaped_and_in_language(void **state)
{
	struct fixture *f = *state;
	assert_string_equal(render(f, LANG_EN, "Note: {{< technique id=qlora field=notes >}}\n"),
			    "<p>Note: " FIG_TG("&lt;b&gt;small&lt;/b&gt; &amp; cheap") "</p>\n");
	/* no space between Chinese and a figure that is Chinese at its edge */
	assert_non_null(strstr(render(f, LANG_ZH, "启用后 {{< technique id=qlora field=vram_saving >}}，"
					       "难度 {{< technique id=qlora field=difficulty >}}\n"),
			       "<p>启用后<span class=\"fig\" title=\"来源：《Training Guide》\">显存降到原来的 1/4～1/8</span>，"
			       "难度<span class=\"fig\" title=\"来源：《Training Guide》\">简单</span>"));
}

static void test_shortcode_in_heading_keeps_heading_id(void **state)
{
	struct fixture *f = *state;
	assert_string_equal(render(f, LANG_EN, "## Rent at {{< price gpu=rtx-4090 >}}\n"),
			    "<h2 id=\"rent-at\">Rent at " FIG_TG("$0.39/h") "</h2>\n");
}

/* ---- links ---- */

static void test_links_are_relative_to_the_article(void **state)
{
	struct fixture *f = *state;
	assert_string_equal(render(f, LANG_EN,
		"{{< link gpu=rtx-4090 >}}, {{< link task=lora-7b >}}, "
		"{{< link compare=rtx-4090,h100-80gb >}}, "
		"{{< link page=vram text=\"VRAM <calculator>\" >}}, {{< link page=gpus >}}\n"),
		"<p><a href=\"../../../en/gpus/rtx-4090/\">RTX 4090</a>, "
		"<a href=\"../../../en/tasks/lora-7b/\">LoRA fine-tune (7B)</a>, "
		"<a href=\"../../../en/compare/h100-80gb-vs-rtx-4090/\">H100 80GB vs RTX 4090</a>, "
		"<a href=\"../../../en/vram/\">VRAM &lt;calculator&gt;</a>, "
		"<a href=\"../../../en/gpus/\">GPUs</a></p>\n");
}

static void test_links_in_chinese_use_chinese_names(void **state)
{
	struct fixture *f = *state;
	assert_string_equal(render(f, LANG_ZH, "{{< link task=lora-7b >}}、"
					       "{{< link compare=h100-80gb,a100-80gb >}}\n"),
			    "<p><a href=\"../../../zh/tasks/lora-7b/\">LoRA 微调（7B）</a>、"
			    "<a href=\"../../../zh/compare/h100-80gb-vs-a100-80gb/\">"
			    "H100 80GB 对比 A100 80GB</a></p>\n");
}

/* ---- blocks ---- */

static void test_task_cost_table_marks_cheapest_and_fastest(void **state)
{
	struct fixture *f = *state;
	const char *html = render(f, LANG_EN, "Costs:\n\n{{< table name=task-costs task=lora-7b >}}\n\nEnd.\n");
	/* the job page's table (guide_tables, partials/table-task-costs), with
	 * the article's caption */
	assert_string_equal(html,
		"<p>Costs:</p>\n"
		"<div class=\"table-wrap\" tabindex=\"0\">\n<table class=\"sortable task-costs\">\n"
		"<caption>LoRA fine-tune (7B): time and cost</caption>\n"
		"<thead>\n<tr><th scope=\"col\">GPU</th><th scope=\"col\" class=\"num\">Time</th>"
		"<th scope=\"col\" class=\"num\">Price per card-hour</th>"
		"<th scope=\"col\" class=\"num\">Cost</th><th scope=\"col\">Quote used</th>"
		"<th scope=\"col\">Time from</th></tr>\n</thead>\n"
		"<tbody>\n"
		"<tr data-gpu=\"h100-80gb\"><th scope=\"row\"><a href=\"../../../en/gpus/h100-80gb/\">"
		"H100 80GB</a></th>"
		/* the cells of the guide's tables (partials/guide-cell) */
		"<td class=\"num\" data-sort=\"0.666667\"><span class=\"v\">40 min</span> "
		"<span class=\"badge fast\">fastest</span></td>"
		/* no data: a mark, the reason in its title and as text beside it */
		"<td class=\"num nodata\" data-sort=\"\" title=\"no data (no price seen)\">"
		"<span class=\"nd\" aria-hidden=\"true\">—</span>"
		"<small class=\"nd-why\">no data (no price seen)</small></td>"
		"<td class=\"num nodata\" data-sort=\"\" title=\"no data (no price seen)\">"
		"<span class=\"nd\" aria-hidden=\"true\">—</span>"
		"<small class=\"nd-why\">no data (no price seen)</small></td>"
		"<td class=\"src\"></td><td class=\"src\">Training Guide</td></tr>\n"
		"<tr data-gpu=\"rtx-4090\"><th scope=\"row\"><a href=\"../../../en/gpus/rtx-4090/\">"
		"RTX 4090</a></th>"
		"<td class=\"num\" data-sort=\"3\"><span class=\"v\">3 h</span></td>"
		"<td class=\"num\" data-sort=\"0.39\"><span class=\"v\">$0.39/h</span></td>"
		/* the only cost: "cheapest" needs two to compare */
		"<td class=\"num\" data-sort=\"1.17\"><span class=\"v\">$1.17</span></td>"
		"<td class=\"src\">quote.text</td><td class=\"src\">Training Guide</td></tr>\n"
		"</tbody>\n</table>\n</div>\n"
		/* one legend for the table's marks */
		"<p class=\"nodata-legend\"><span class=\"nd\" aria-hidden=\"true\">—</span> "
		"no data: no source gives this figure.</p>\n"
		"<p class=\"note\"> </p>\n"
		/* the cards without a time are named under it */
		"<p class=\"meta\">No source gives a time for this job on: A100 80GB, L40S.</p>\n"
		"<p>End.</p>\n");
}

/* Every row of a guide table holds its table's column flags (DESIGN.md: a
 * list item carries every key it needs; nothing falls through from the
 * page around the table, which may have flags of the same names). */
static void test_guide_table_rows_hold_their_flags(void **state)
{
	struct fixture *f = *state;
	struct page_ctx pc = pg_planning(&f->s, LANG_EN, "tasks/lora-7b/", NULL);
	struct value *table = guide_tables_task_costs(&pc, LORA_7B, NULL);
	const struct value *rows = value_map_get(table, "rows");
	assert_int_equal(value_list_len(rows), 2);
	static const char *const flags[] = { "has_cards", "has_prices", "has_stated", "has_notes" };
	for (size_t i = 0; i < value_list_len(rows); i++)
		for (size_t k = 0; k < sizeof flags / sizeof flags[0]; k++) {
			const struct value *v = value_map_get(value_list_item(rows, i), flags[k]);
			assert_non_null(v);
			assert_true(value_is_truthy(v) ==
				    value_is_truthy(value_map_get(table, flags[k])));
		}
	/* the LoRA job is priced and takes one card */
	assert_true(pg_map_flag(value_list_item(rows, 0), "has_prices"));
	assert_false(pg_map_flag(value_list_item(rows, 0), "has_cards"));
	table = guide_tables_techniques(&pc, NULL);
	rows = value_map_get(table, "rows");
	assert_true(value_list_len(rows) > 0);
	assert_non_null(value_map_get(value_list_item(rows, 0), "has_speed"));
	assert_non_null(value_map_get(value_list_item(rows, 0), "has_caption"));
}

static void test_task_cost_table_in_chinese_shows_cards(void **state)
{
	struct fixture *f = *state;
	const char *html = render(f, LANG_ZH, "{{< table name=task-costs task=scratch-13b >}}\n");
	assert_non_null(strstr(html, "<caption>从头训练 13B：耗时与费用</caption>"));
	assert_non_null(strstr(html, "<th scope=\"col\" class=\"num\">卡数</th>"));
	/* one GPU alone is neither the fastest nor the cheapest of anything */
	assert_non_null(strstr(html, ">72 小时</span></td>"));
	assert_non_null(strstr(html, ">$400.32</span></td>"));
	assert_null(strstr(html, "badge"));
	assert_null(strstr(html, "<p>"));
}

static void test_every_table_renders_wrapped(void **state)
{
	struct fixture *f = *state;
	const char *const tables[] = { /* (no VRAM rule, no use case: a line, below) */
		"relative-speed", "specs gpus=h100-80gb,rtx-4090", "prices gpu=rtx-4090",
		"prices", "inference",
	};
	for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
		struct buf src = BUF_INIT;
		buf_addf(&src, "{{< table name=%s >}}\n", tables[i]);
		const char *html = render(f, LANG_EN, src.ptr);
		buf_release(&src);
		if (strncmp(html, "<div class=\"table-wrap\" tabindex=\"0\"><table", 43) ||
		    !strstr(html, "</table></div>\n") || !strstr(html, "<thead><tr>"))
			fail_msg("table %s: %s", tables[i], html);
	}
	/* the techniques: their page's table */
	const char *tech = render(f, LANG_EN, "{{< table name=techniques >}}\n");
	const char *tech_head = "<div class=\"table-wrap\" tabindex=\"0\">\n"
				"<table class=\"sortable techniques\">\n<caption>";
	assert_true(!strncmp(tech, tech_head, strlen(tech_head)));
	assert_non_null(strstr(tech, "</table>\n</div>\n"));
	/* no VRAM rule or use case at all: a line of its own, not a table of
	 * one dash (nor a paragraph around it) */
	const char *html = render(f, LANG_EN, "{{< table name=vram >}}\n");
	assert_string_equal(html, "<p class=\"nodata\">cite.caption.vram: no source gives these "
				  "figures yet.</p>\n");
	html = render(f, LANG_EN, "{{< table name=use-cases >}}\n");
	assert_string_equal(html, "<p class=\"nodata\">No source recommends a GPU for a kind of "
				  "work yet.</p>\n");
}

static void test_specs_table_marks_best_and_missing(void **state)
{
	struct fixture *f = *state;
	const char *html = render(f, LANG_EN,
				  "{{< table name=specs gpus=h100-80gb,rtx-4090 >}}\n");
	assert_non_null(strstr(html, "<td class=\"num best\" data-sort=\"989\"><span class=\"v\">989 TFLOPS</span></td>"));
	assert_non_null(strstr(html, ">not supported</span></td>"));
	assert_non_null(strstr(html, "<td class=\"num nodata\" data-sort=\"\" title=\"no data (no source gives this figure)\">"
				     "<span class=\"nd\" aria-hidden=\"true\">—</span>"
				     "<small class=\"nd-why\">no data (no source gives this figure)</small></td>"));
	assert_non_null(strstr(html, "</table></div>\n<p class=\"nodata-legend\">"));
	assert_non_null(strstr(html, ">$1,600</span> <span class=\"badge\">cheapest</span>"));
	assert_non_null(strstr(html, ">$30,000–$40,000</span></td>"));
}

/* A spec row's best is a comparison's: the one list of gpus.csv's columns
 * says which way is better, and a lower TDP is (an article's table had left
 * TDP unmarked where the comparison page marks the lower one better). */
static void test_specs_table_marks_the_lower_tdp(void **state)
{
	struct fixture *f = *state;
	f->s.in.data.gpus[A100].tdp_w = num(400);
	const char *html = render(f, LANG_EN,
				  "{{< table name=specs gpus=h100-80gb,a100-80gb >}}\n");
	assert_non_null(strstr(html, "<td class=\"num best\" data-sort=\"400\"><span class=\"v\">400 W</span></td>"));
	assert_non_null(strstr(html, "<td class=\"num\" data-sort=\"700\"><span class=\"v\">700 W</span></td>"));
	assert_int_equal(gpu_columns[GPU_COL_TDP].better, -1);
	assert_int_equal(gpu_column_named("tdp_w"), GPU_COL_TDP);
	assert_int_equal(gpu_column_named("memory_type"), -1);
}

/* A figure about the same as the best of its row or column is marked with
 * it, as the comparison model has two such figures: 987 against 989 TFLOPS
 * (0.2% apart), 149.6 against 150 tokens/s (printed alike). */
static void test_tables_mark_figures_about_the_same_as_the_best(void **state)
{
	struct fixture *f = *state;
	f->s.in.data.gpus[A100].fp16_tflops = num(987);
	f->s.in.data.results[4].value = 149.6;
	const char *html = render(f, LANG_EN,
				  "{{< table name=specs gpus=h100-80gb,a100-80gb,rtx-4090 >}}\n");
	assert_non_null(strstr(html, "<td class=\"num best\" data-sort=\"989\"><span class=\"v\">989 TFLOPS</span></td>"));
	assert_non_null(strstr(html, "<td class=\"num best\" data-sort=\"987\"><span class=\"v\">987 TFLOPS</span></td>"));
	assert_non_null(strstr(html, "<td class=\"num\" data-sort=\"330\"><span class=\"v\">330 TFLOPS</span></td>"));
	html = render(f, LANG_EN, "{{< table name=inference >}}\n");
	const char *fast = ">150 tokens/s</span> <span class=\"badge fast\">fastest</span>";
	const char *first = strstr(html, fast);
	assert_non_null(first);
	assert_non_null(strstr(first + 1, fast));
}

/* The lowest latency is marked "lowest", never "fastest": a latency is not
 * a speed (content/STYLE.md); the highest throughput is the fastest. */
static void test_inference_table_marks_lowest_latency_lowest(void **state)
{
	struct fixture *f = *state;
	const char *html = render(f, LANG_EN, "{{< table name=inference >}}\n");
	assert_non_null(strstr(html, ">45 ms</span> <span class=\"badge fast\">lowest</span>"));
	assert_null(strstr(html, "ms</span> <span class=\"badge fast\">fastest</span>"));
	assert_non_null(strstr(html, ">150 tokens/s</span> <span class=\"badge fast\">fastest</span>"));
	assert_non_null(strstr(html, ">$1.81</span> <span class=\"badge\">cheapest</span>"));
	/* a cost per token says, under the table, that it counts every card
	 * the model needs, in the inference page's words */
	assert_non_null(strstr(html, "</table></div>\n<p class=\"nodata-legend\">"));
	assert_non_null(strstr(html, "\n<p class=\"note\">Cost = price × cards ÷ tokens. Cards at "
				     "FP16; every card counted.</p>"));
}

/* A benchmark no GPU has a result on is no column of dashes: a line under
 * the table names it; with none left, a line instead of the table. */
static void test_benchmark_without_results_is_named_not_a_column(void **state)
{
	struct fixture *f = *state;
	f->s.in.data.nresults = 5; /* the 70B latency's only result gone */
	const char *html = render(f, LANG_EN, "{{< table name=inference >}}\n");
	assert_null(strstr(html, ">70B latency</th>"));
	assert_non_null(strstr(html, ">Llama 2 13B</th>"));
	const char *line = strstr(html, "\n<p class=\"nodata\">Not in the table: "
				  "no source gives a result on 70B latency.</p>");
	assert_non_null(line); /* under the table (and its legend) */
	assert_true(line > strstr(html, "</table></div>"));
	f->s.in.data.nresults = 3; /* no inference result at all */
	html = render(f, LANG_ZH, "{{< table name=inference >}}\n");
	assert_null(strstr(html, "<table"));
	assert_non_null(strstr(html, "<p class=\"nodata\">目前还没有来源给出以下测试的结果："
				     "Llama 2 13B、70B 延迟。</p>"));
}

/* A spec none of a table's GPUs has is named under it, not a row of
 * dashes; a table without rows is a line in its place. */
static void test_tables_leave_out_what_no_source_gives(void **state)
{
	struct fixture *f = *state;
	/* neither the A100 nor the RTX 4090 has a bandwidth or a memory type */
	const char *html = render(f, LANG_EN,
				  "{{< table name=specs gpus=a100-80gb,rtx-4090 >}}\n");
	assert_non_null(strstr(html, "<div class=\"table-wrap\""));
	const char *line = strstr(html, "<p class=\"nodata\">Not in the table: no source gives ");
	assert_non_null(line);
	assert_true(line > strstr(html, "</table></div>"));
	assert_non_null(strstr(line, "gpu.bandwidth"));
	assert_non_null(strstr(line, "gpu.memory"));
	assert_null(strstr(html, "<th scope=\"row\">gpu.bandwidth"));
	/* the H100 has them: they are rows */
	html = render(f, LANG_EN, "{{< table name=specs gpus=h100-80gb,rtx-4090 >}}\n");
	assert_non_null(strstr(html, "<th scope=\"row\">gpu.bandwidth</th>"));
	assert_null(strstr(strstr(html, "Not in the table"), "gpu.bandwidth"));
	/* a job without a time on any card: no table, a line */
	f->s.in.data.ntask_times = 1; /* the LoRA's time on the RTX 4090 only */
	metrics_compute(&f->s.in.data, NULL, &f->s.in.metrics);
	html = render(f, LANG_EN, "{{< table name=task-costs task=scratch-13b >}}\n");
	assert_null(strstr(html, "<table"));
	assert_non_null(strstr(html, "<p class=\"nodata\">"));
	assert_non_null(strstr(html, ">No source gives a time for this job on any card yet.</p>"));
}

static void test_chart_is_a_figure(void **state)
{
	struct fixture *f = *state;
	const char *html = render(f, LANG_EN, "{{< chart name=relative-speed >}}\n");
	assert_non_null(strstr(html, "<figure"));
	assert_null(strstr(html, "<p><figure"));
}

/* ---- errors, with the shortcode's line and column ---- */

static void test_unknown_shortcode_is_an_error_at_its_position(void **state)
{
	assert_error(*state, "Text\nand {{< foo a=b >}}\n",
		     "content/en/t.md:7:5: error: unknown shortcode \"foo\"\n");
}

static void test_unknown_ids_are_errors(void **state)
{
	struct fixture *f = *state;
	assert_error(f, "- a {{< price gpu=rtx-9999 >}}\n",
		     "content/en/t.md:6:5: error: unknown gpu \"rtx-9999\"\n");
	buf_reset(&f->log);
	assert_error(f, "{{< hours task=nope gpu=rtx-4090 >}}\n",
		     "content/en/t.md:6:1: error: unknown task \"nope\"\n");
	buf_reset(&f->log);
	assert_error(f, "x {{< result benchmark=nope gpu=rtx-4090 >}}\n",
		     "content/en/t.md:6:3: error: unknown benchmark \"nope\"\n");
	buf_reset(&f->log);
	assert_error(f, "{{< gpu id=rtx-4090 field=speed >}}\n",
		     "content/en/t.md:6:1: error: unknown field \"speed\" for gpu\n");
	buf_reset(&f->log);
	assert_error(f, "{{< link page=nowhere >}}\n",
		     "content/en/t.md:6:1: error: unknown page \"nowhere\"\n");
	buf_reset(&f->log);
	assert_error(f, "{{< technique id=qlora field=price >}}\n",
		     "content/en/t.md:6:1: error: unknown field \"price\" for technique\n");
}

static void test_column_counts_characters_not_bytes(void **state)
{
	assert_error(*state, "价格：{{< price gpu=nope >}}\n",
		     "content/en/t.md:6:4: error: unknown gpu \"nope\"\n");
}

static void test_missing_and_unknown_arguments_are_errors(void **state)
{
	struct fixture *f = *state;
	assert_error(f, "{{< cost task=lora-7b >}}\n",
		     "content/en/t.md:6:1: error: shortcode \"cost\" needs task= and gpu=\n");
	buf_reset(&f->log);
	assert_error(f, "{{< price gpu=rtx-4090 x=1 >}}\n",
		     "content/en/t.md:6:1: error: unknown argument \"x\" for shortcode \"price\"\n");
	buf_reset(&f->log);
	assert_error(f, "{{< ratio a=h100-80gb b=rtx-4090 >}}\n",
		     "content/en/t.md:6:1: error: shortcode \"ratio\" needs benchmark= or field=\n");
	buf_reset(&f->log);
	assert_error(f, "{{< metric name=speed_per_dollar gpu=rtx-4090 >}}\n",
		     "content/en/t.md:6:1: error: metric \"speed_per_dollar\" needs benchmark=\n");
	buf_reset(&f->log);
	assert_error(f, "{{< table name=task-costs >}}\n",
		     "content/en/t.md:6:1: error: table \"task-costs\" needs task=\n");
	buf_reset(&f->log);
	assert_error(f, "{{< vram params=7 precision=fp12 >}}\n",
		     "content/en/t.md:6:1: error: unknown precision \"fp12\" (fp32, fp16, bf16, int8 or int4)\n");
}

static void test_block_shortcode_inline_is_an_error(void **state)
{
	struct fixture *f = *state;
	assert_error(f, "See {{< table name=vram >}} here.\n",
		     "content/en/t.md:6:5: error: shortcode \"table\" must stand alone on its line\n");
	buf_reset(&f->log);
	assert_error(f, "A {{< chart name=vram-fit >}}\n",
		     "content/en/t.md:6:3: error: shortcode \"chart\" must stand alone on its line\n");
}

static void test_unknown_chart_is_an_error(void **state)
{
	assert_error(*state, "\n{{< chart name=pie >}}\n",
		     "content/en/t.md:7:1: error: unknown chart \"pie\"\n");
}

static void test_every_error_of_an_article_is_reported(void **state)
{
	struct fixture *f = *state;
	int rc;
	render_rc(f, LANG_EN, "{{< gpu id=x field=name >}}\n{{< price gpu=y >}}\n", &rc);
	assert_int_equal(rc, -1);
	assert_string_equal(f->log.ptr,
			    "content/en/t.md:6:1: error: unknown gpu \"x\"\n"
			    "content/en/t.md:7:1: error: unknown gpu \"y\"\n");
}

/* ---- missing figures ---- */

static void test_missing_figure_shows_no_data_and_warns(void **state)
{
	struct fixture *f = *state;
	int rc;
	const char *html = render_rc(f, LANG_EN,
		"H100: {{< cost task=lora-7b gpu=h100-80gb >}}.\n", &rc);
	assert_int_equal(rc, 0);
	assert_string_equal(html, "<p>H100: <span class=\"fig nodata\" title=\"no price seen\">"
				  "no data</span>.</p>\n");
	assert_string_equal(f->log.ptr,
		"content/en/t.md:6:7: warning: no data for the cost of task \"lora-7b\" "
		"on gpu \"h100-80gb\" (no price seen)\n");
	assert_int_equal(f->diag.errors, 0);
	assert_int_equal(f->diag.warnings, 1);
}

static void test_missing_spec_warns_in_chinese_article_too(void **state)
{
	struct fixture *f = *state;
	int rc;
	const char *html = render_rc(f, LANG_ZH, "显存{{< gpu id=l40s field=vram_gb >}}\n", &rc);
	assert_int_equal(rc, 0);
	assert_string_equal(html, "<p>显存<span class=\"fig nodata\" title=\"来源未给出\">暂无数据</span></p>\n");
	assert_string_equal(f->log.ptr,
		"content/zh/t.md:6:3: warning: no data for field \"vram_gb\" of gpu \"l40s\" "
		"(not stated by the sources)\n");
}

static void test_ratio_with_zero_denominator_is_no_data(void **state)
{
	struct fixture *f = *state;
	int rc;
	render_rc(f, LANG_EN, "{{< ratio field=nvlink_gbs a=h100-80gb b=rtx-4090 >}}\n", &rc);
	assert_int_equal(rc, 0);
	assert_string_equal(f->log.ptr,
		"content/en/t.md:6:1: warning: no data for the ratio of gpu \"h100-80gb\" "
		"to gpu \"rtx-4090\" on field \"nvlink_gbs\" (division by zero)\n");
}

/* ---- safety ---- */

static void test_raw_html_and_javascript_links_do_not_pass(void **state)
{
	struct fixture *f = *state;
	int rc;
	const char *html = render_rc(f, LANG_EN,
		"<script>alert(1)</script>\n\n"
		"[x](javascript:alert(1)) {{< price gpu=rtx-4090 >}}\n", &rc);
	assert_int_equal(rc, 0);
	assert_null(strstr(html, "<script"));
	assert_null(strstr(html, "javascript:"));
	assert_non_null(strstr(html, FIG_TG("$0.39/h")));
}

static void test_shortcode_in_code_is_left_alone(void **state)
{
	struct fixture *f = *state;
	assert_string_equal(render(f, LANG_EN, "`{{< foo >}}`\n"),
			    "<p><code>{{&lt; foo &gt;}}</code></p>\n");
}


/* ---- figures typed by hand (cite_typed) ---- */

/* Render `body`, which must build, and return its messages. */
static const char *typed_log(struct fixture *f, enum lang l, const char *body)
{
	int rc;
	render_rc(f, l, body, &rc);
	assert_int_equal(rc, 0);
	return f->log.ptr;
}

static void test_typed_price_in_a_table_cell_is_a_warning_at_the_cell(void **state)
{
	struct fixture *f = *state;
	/* the body starts on line 6: the second row is line 8 */
	assert_string_equal(typed_log(f, LANG_EN,
				      "| GPU | Price |\n|---|---:|\n| RTX 4090 | $0.39/h |\n"),
			    "content/en/t.md:8:14: warning: \"$0.39\" types the lowest on-demand price of RTX 4090, "
			    "which data/prices.csv holds: cite it with {{< price gpu=rtx-4090 >}} so that it follows the data\n");
}

static void test_typed_figures_in_sentences_name_their_shortcodes(void **state)
{
	struct fixture *f = *state;
	const char *log = typed_log(f, LANG_EN,
		"The H100 80GB lists at $30,000. The {{< link gpu=rtx-4090 >}} has\n"
		"24 GB and draws 450 W, and spot it costs $0.25.\n");
	assert_non_null(strstr(log, "t.md:6:24: warning: \"$30,000\" types the price_usd_min of H100 80GB, which data/gpus.csv holds: "
				    "cite it with {{< gpu id=h100-80gb field=price_usd_min >}}"));
	assert_non_null(strstr(log, "t.md:7:1: warning: \"24 GB\" types the vram_gb of RTX 4090, which data/gpus.csv holds: "
				    "cite it with {{< gpu id=rtx-4090 field=vram_gb >}}"));
	assert_non_null(strstr(log, "t.md:7:42: warning: \"$0.25\" types the lowest price of RTX 4090, which data/prices.csv holds: "
				    "cite it with {{< price gpu=rtx-4090 which=low >}}"));
	/* 450 W is not the fixture RTX 4090's tdp_w: no warning */
	assert_null(strstr(log, "450 W"));
}

static void test_typed_price_in_chinese_is_a_warning(void **state)
{
	struct fixture *f = *state;
	assert_string_equal(typed_log(f, LANG_ZH, "RTX 4090 的租价是 0.39 美元/小时。\n"),
			    "content/zh/t.md:6:15: warning: \"0.39 美元\" types the lowest on-demand price of RTX 4090, "
			    "which data/prices.csv holds: cite it with {{< price gpu=rtx-4090 >}} so that it follows the data\n");
}

/* What is not a typed figure: another GPU's sentence, a number of the
 * name, the memory size that names a variant, a figure in code, a
 * different figure, dollars without cents under $10, a percentage. */
static void test_what_is_not_a_typed_figure(void **state)
{
	struct fixture *f = *state;
	assert_string_equal(typed_log(f, LANG_EN,
		"It costs $0.39 an hour. The RTX 4090 is fast.\n\n"
		"The A100 80GB and the 80GB version of the H100 80GB.\n\n"
		"The RTX 4090 at `$0.39` and 25 GB, $1 or 39% off.\n\n"
		"    RTX 4090 $0.39\n"), "");
}

/* The figure is found in its own line even when an earlier name holds
 * the same digits ("80" of "A100 80GB"). */
static void test_typed_figure_position_skips_names(void **state)
{
	struct fixture *f = *state;
	assert_string_equal(typed_log(f, LANG_EN,
		"The A100 80GB, {{< link gpu=a100-80gb >}}, with\nits 80 GB.\n"),
		"content/en/t.md:7:5: warning: \"80 GB\" types the vram_gb of A100 80GB, which data/gpus.csv holds: "
		"cite it with {{< gpu id=a100-80gb field=vram_gb >}} so that it follows the data\n");
}

/* ---- what one thread resolves once ---- */

/* Render `body` on page `path` (rendering, not planning: its marks go to
 * `marks`), with the memo `memo` (NULL: none); the HTML (malloc'd). */
static char *render_on(struct fixture *f, enum lang l, const char *path, const char *body,
		       struct ledger_sink *marks, struct cite_memo *memo)
{
	struct page_ctx pc = pg_planning(&f->s, l, path, NULL);
	pc.marks = marks;
	pc.cites = memo;
	struct buf src = BUF_INIT;
	buf_adds(&src, "---\ntitle: T\ndate: 2026-01-01\nslug: t\n---\n");
	buf_adds(&src, body);
	markdown_article_free(&f->a);
	assert_int_equal(markdown_parse_article(&f->a, "content/en/t.md", l, src.ptr, src.len,
						&f->diag), 0);
	buf_release(&src);
	markdown_render(&f->a, &(struct markdown_cite){ cite_resolve, NULL, &pc, NULL, false,
							cite_resolve_known, NULL },
			NULL, &f->diag);
	return strdup(f->a.html ? f->a.html : "");
}

/* The marks of a page's sink as text: one line each. */
static char *marks_text(const struct ledger_sink *k)
{
	struct buf b = BUF_INIT;
	for (size_t i = 0; i < k->n; i++) {
		const struct ledger_fig *d = k->v[i].def;
		if (d)
			buf_addf(&b, "def %s|%s|%s|%s|%s|%s|%s\n", d->id, d->label, d->label_zh,
				 d->value, d->value_max, d->unit, d->inputs);
		else
			buf_addf(&b, "fig %zu\n", k->v[i].fig);
	}
	return buf_detach(&b, NULL);
}

/* Three pages at one depth cite the same figures and links: the page
 * rendered without the memo, the one that fills it and the one that takes
 * from it have the same HTML and the same figure marks, in order. */
static void test_memo_gives_what_resolving_gives(void **state)
{
	struct fixture *f = *state;
	guide_ledger_collect(&f->s);
	f->s.plan.npages = 3;
	guide_ledger_pages_begin(&f->s);
	const char *body = "From {{< price gpu=rtx-4090 >}} on {{< link gpu=a100-80gb >}}, "
			   "{{< gpu id=rtx-4090 field=vram_gb >}}, {{< price gpu=rtx-4090 >}} "
			   "and {{< cost task=lora-7b gpu=rtx-4090 >}}.\n";
	struct cite_memo *memo = cite_memo_new();
	char *html[3], *marks[3];
	const char *paths[3] = { "articles/t/", "articles/u/", "articles/v/" };
	for (size_t p = 0; p < 3; p++) {
		struct ledger_sink *k = guide_ledger_page_sink(&f->s, p);
		html[p] = render_on(f, LANG_EN, paths[p], body, k, p ? memo : NULL);
		marks[p] = marks_text(k);
	}
	assert_string_equal(f->log.ptr, "");
	assert_non_null(strstr(html[0], "href=\"../../../en/gpus/a100-80gb/\""));
	/* the card's VRAM: a figure the ledger defines for every GPU, marked */
	long vram = ledger_find(&f->s.in.ledger->lg, "gpu.rtx-4090.vram_gb");
	assert_true(vram >= 0);
	char mark[32];
	snprintf(mark, sizeof mark, "fig %ld\n", vram);
	assert_non_null(strstr(marks[0], mark));
	for (size_t p = 1; p < 3; p++) {
		assert_string_equal(html[p], html[0]);
		assert_string_equal(marks[p], marks[0]);
	}
	/* the memo knows each citation by its text too, at that depth and in
	 * that language: its HTML and its digest */
	struct page_ctx pc = pg_planning(&f->s, LANG_EN, "articles/w/", NULL);
	pc.cites = memo;
	struct buf out = BUF_INIT;
	struct digest_value d;
	assert_true(cite_resolve_known(&pc, " price gpu=rtx-4090 ", 20, false, &out, &d));
	assert_non_null(strstr(html[0], out.ptr));
	assert_true(digest_equal(d, markdown_cited_digest(out.ptr, out.len)));
	buf_reset(&out);
	assert_false(cite_resolve_known(&pc, " price gpu=rtx-4090 ", 20, true, &out, &d));
	assert_false(cite_resolve_known(&pc, " price  gpu=rtx-4090 ", 21, false, &out, &d));
	pc.path = "about/";
	assert_false(cite_resolve_known(&pc, " price gpu=rtx-4090 ", 20, false, &out, &d));
	pc = pg_planning(&f->s, LANG_ZH, "articles/w/", NULL);
	pc.cites = memo;
	assert_false(cite_resolve_known(&pc, " price gpu=rtx-4090 ", 20, false, &out, &d));
	assert_int_equal(out.len, 0);
	buf_release(&out);
	for (size_t p = 0; p < 3; p++) {
		free(html[p]);
		free(marks[p]);
	}
	cite_memo_free(memo);
	guide_ledger_free(&f->s);
}

/* A citation that raised a message is not kept: the next page's own
 * citation gives it again, at its own place; a page of another depth or
 * language resolves its own links. */
static void test_memo_keeps_no_message_nor_other_depth(void **state)
{
	struct fixture *f = *state;
	struct cite_memo *memo = cite_memo_new();
	char *a = render_on(f, LANG_EN, "articles/t/", "H100: {{< cost task=lora-7b gpu=h100-80gb >}}.\n",
			    NULL, memo);
	char *b = render_on(f, LANG_EN, "articles/u/", "Its {{< cost task=lora-7b gpu=h100-80gb >}}.\n",
			    NULL, memo);
	assert_string_equal(f->log.ptr,
		"content/en/t.md:6:7: warning: no data for the cost of task \"lora-7b\" "
		"on gpu \"h100-80gb\" (no price seen)\n"
		"content/en/t.md:6:5: warning: no data for the cost of task \"lora-7b\" "
		"on gpu \"h100-80gb\" (no price seen)\n");
	/* nor is it known by its text */
	struct page_ctx pc = pg_planning(&f->s, LANG_EN, "articles/w/", NULL);
	pc.cites = memo;
	struct buf out = BUF_INIT;
	struct digest_value d;
	assert_false(cite_resolve_known(&pc, " cost task=lora-7b gpu=h100-80gb ", 33, false,
					&out, &d));
	buf_release(&out);
	const char *link = "See {{< link gpu=a100-80gb >}}.\n";
	char *deep = render_on(f, LANG_EN, "articles/t/", link, NULL, memo);
	char *top = render_on(f, LANG_EN, "about/", link, NULL, memo);
	char *zh = render_on(f, LANG_ZH, "articles/t/", link, NULL, memo);
	char *fresh_top = render_on(f, LANG_EN, "about/", link, NULL, NULL);
	char *fresh_zh = render_on(f, LANG_ZH, "articles/t/", link, NULL, NULL);
	assert_non_null(strstr(deep, "href=\"../../../en/gpus/a100-80gb/\""));
	assert_string_equal(top, fresh_top);
	assert_non_null(strstr(top, "href=\"../../en/gpus/a100-80gb/\""));
	assert_string_equal(zh, fresh_zh);
	assert_non_null(strstr(zh, "href=\"../../../zh/gpus/a100-80gb/\""));
	free(a);
	free(b);
	free(deep);
	free(top);
	free(zh);
	free(fresh_top);
	free(fresh_zh);
	cite_memo_free(memo);
}

/* ---- an article's check kept between builds ---- */

/* A markdown memo of two builds: records are read from the last one's
 * and kept for the next. */
enum { RECORDS = 4 };
struct two_builds {
	struct digest_value key[2][RECORDS];
	struct buf rec[2][RECORDS];
	size_t n[2];
};

static int last_build_record(void *ctx, struct digest_value key, struct buf *rec)
{
	struct two_builds *m = ctx;
	for (size_t i = 0; i < m->n[0]; i++)
		if (digest_equal(m->key[0][i], key)) {
			buf_add(rec, m->rec[0][i].ptr, m->rec[0][i].len);
			return 0;
		}
	return -1;
}

static void keep_for_next(void *ctx, struct digest_value key, const char *rec, size_t len)
{
	struct two_builds *m = ctx;
	assert_true(m->n[1] < RECORDS);
	m->key[1][m->n[1]] = key;
	buf_init(&m->rec[1][m->n[1]]);
	buf_add(&m->rec[1][m->n[1]++], rec, len);
}

/* The next build begins: what was kept is what it reads. */
static void next_build(struct two_builds *m)
{
	for (size_t i = 0; i < m->n[0]; i++)
		buf_release(&m->rec[0][i]);
	memcpy(m->key[0], m->key[1], sizeof m->key[0]);
	memcpy(m->rec[0], m->rec[1], sizeof m->rec[0]);
	m->n[0] = m->n[1];
	m->n[1] = 0;
}

static void two_builds_free(struct two_builds *m)
{
	next_build(m);
	next_build(m);
}

/* Check `body` as a rendering thread (its memo `cm`) does, with the
 * markdown memo `m`: the messages. */
static const char *check_kept(struct fixture *f, struct two_builds *m, struct cite_memo *cm,
			      const char *body)
{
	struct markdown_memo memo = { last_build_record, keep_for_next, m,
				      last_build_record, NULL, NULL };
	f->s.in.markdown_memo = &memo;
	struct page_ctx pc = pg_planning(&f->s, LANG_EN, "articles/t/", NULL);
	pc.cites = cm;
	struct buf src = BUF_INIT;
	buf_adds(&src, "---\ntitle: T\ndate: 2026-01-01\nslug: t\n---\n");
	buf_adds(&src, body);
	markdown_article_free(&f->a);
	assert_int_equal(markdown_parse_article(&f->a, "content/en/t.md", LANG_EN, src.ptr,
						src.len, &f->diag), 0);
	buf_release(&src);
	buf_reset(&f->log);
	struct markdown_pending *p;
	assert_int_equal(markdown_render_deferred(&f->a, &(struct markdown_cite){ cite_resolve, NULL,
							&pc, NULL, false, NULL, NULL },
						  NULL, &f->diag, &p), 0);
	cite_check_article(&pc, p);
	markdown_pending_free(p);
	f->s.in.markdown_memo = NULL;
	return f->log.ptr;
}

/* The bytes `from` of the only record kept, made `to` (as long). */
static void rewrite_record(struct two_builds *m, const char *from, const char *to)
{
	assert_int_equal(m->n[0], 1);
	struct buf *r = &m->rec[0][0];
	size_t n = strlen(from), i = 0;
	while (i + n <= r->len && memcmp(r->ptr + i, from, n))
		i++;
	assert_true(i + n <= r->len);
	memcpy(r->ptr + i, to, n);
}

/* A check's warnings are said from the memo while the figures of the GPUs
 * its sentences name are the same (the record's words, altered here, show
 * that it was not checked again); one of those figures changed, or the
 * record cut short, the prose is checked again. Another GPU's figures do
 * not count. */
static void test_a_kept_check_is_said_again_until_its_figures_change(void **state)
{
	struct fixture *f = *state;
	const char *body = "The RTX 4090 rents for $0.39 an hour.\n";
	const char *warning = "content/en/t.md:6:24: warning: \"$0.39\" types the lowest on-demand price "
			      "of RTX 4090, which data/prices.csv holds: cite it with "
			      "{{< price gpu=rtx-4090 >}} so that it follows the data\n";
	struct two_builds m = { 0 };
	struct cite_memo *cm = cite_memo_new();
	assert_string_equal(check_kept(f, &m, cm, body), warning);
	next_build(&m);
	rewrite_record(&m, "$0.39", "$9.99");
	assert_non_null(strstr(check_kept(f, &m, cm, body), "\"$9.99\" types"));
	next_build(&m);
	long h100 = data_gpu_index(&f->s.in.data, "h100-80gb");
	assert_true(h100 >= 0);
	f->s.in.metrics.prices[h100].lowest.value += 1;
	struct cite_memo *other = cite_memo_new(); /* a build: the digests anew */
	assert_non_null(strstr(check_kept(f, &m, other, body), "\"$9.99\" types"));
	next_build(&m);
	long rtx = data_gpu_index(&f->s.in.data, "rtx-4090");
	f->s.in.metrics.prices[rtx].lowest.value += 1;
	struct cite_memo *moved = cite_memo_new();
	const char *log = check_kept(f, &m, moved, body);
	assert_null(strstr(log, "$9.99"));
	assert_null(strstr(log, "lowest on-demand price"));
	f->s.in.metrics.prices[rtx].lowest.value -= 1;
	struct cite_memo *back = cite_memo_new();
	next_build(&m);
	assert_string_equal(check_kept(f, &m, back, body), warning);
	next_build(&m);
	m.rec[0][0].len -= 3; /* cut short */
	assert_string_equal(check_kept(f, &m, back, body), warning);
	f->s.in.metrics.prices[h100].lowest.value -= 1;
	cite_memo_free(cm);
	cite_memo_free(other);
	cite_memo_free(moved);
	cite_memo_free(back);
	two_builds_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
		T(test_price_in_paragraph_has_unit_and_source),
		T(test_memo_gives_what_resolving_gives),
		T(test_memo_keeps_no_message_nor_other_depth),
		T(test_a_kept_check_is_said_again_until_its_figures_change),
		T(test_price_in_chinese_says_per_hour_in_chinese),
		T(test_price_inside_emphasis_and_list),
		T(test_price_which_and_source_pick_other_rows),
		T(test_gpu_fields_have_units),
		T(test_segment_and_fp8_read_as_on_the_gpu_page),
		T(test_nvlink_zero_reads_not_supported),
		T(test_hours_below_one_hour_are_minutes),
		T(test_cost_is_hours_times_price_times_cards),
		T(test_result_has_benchmark_unit),
		T(test_ratio_of_benchmark_and_of_field),
		T(test_metrics_of_one_gpu),
		T(test_vram_is_params_times_bytes),
		T(test_technique_text_is_escaped_and_in_language),
		T(test_shortcode_in_heading_keeps_heading_id),
		T(test_links_are_relative_to_the_article),
		T(test_links_in_chinese_use_chinese_names),
		T(test_task_cost_table_marks_cheapest_and_fastest),
		T(test_guide_table_rows_hold_their_flags),
		T(test_task_cost_table_in_chinese_shows_cards),
		T(test_every_table_renders_wrapped),
		T(test_specs_table_marks_best_and_missing),
		T(test_specs_table_marks_the_lower_tdp),
		T(test_tables_mark_figures_about_the_same_as_the_best),
		T(test_inference_table_marks_lowest_latency_lowest),
		T(test_benchmark_without_results_is_named_not_a_column),
		T(test_tables_leave_out_what_no_source_gives),
		T(test_chart_is_a_figure),
		T(test_unknown_shortcode_is_an_error_at_its_position),
		T(test_unknown_ids_are_errors),
		T(test_column_counts_characters_not_bytes),
		T(test_missing_and_unknown_arguments_are_errors),
		T(test_block_shortcode_inline_is_an_error),
		T(test_unknown_chart_is_an_error),
		T(test_every_error_of_an_article_is_reported),
		T(test_missing_figure_shows_no_data_and_warns),
		T(test_missing_spec_warns_in_chinese_article_too),
		T(test_ratio_with_zero_denominator_is_no_data),
		T(test_raw_html_and_javascript_links_do_not_pass),
		T(test_shortcode_in_code_is_left_alone),
		T(test_typed_price_in_a_table_cell_is_a_warning_at_the_cell),
		T(test_typed_figures_in_sentences_name_their_shortcodes),
		T(test_typed_price_in_chinese_is_a_warning),
		T(test_what_is_not_a_typed_figure),
		T(test_typed_figure_position_skips_names),
#undef T
	};
	return cmocka_run_group_tests_name("cite", tests, NULL, NULL);
}
