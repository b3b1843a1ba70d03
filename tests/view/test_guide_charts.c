/* Tests for guide_charts: the guide's data drawn as charts, over a small site
 * built by hand (data rows in an arena, metrics, an i18n table in memory). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "data_fixture.h"

#include "base/buf.h"
#include "base/diag.h"
#include "base/fs.h"
#include "base/digest.h"
#include "markdown/markdown.h"
#include "model/metrics.h"
#include "view/guide_charts.h"
#include "publish/output.h"
#include "view/present.h"
#include "view/site.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdlib.h>
#include <string.h>

/* ---- the fixture ---- */

enum { H100, A100, RTX4090, EVIL, B100, NGPUS };
enum { REL_RESNET, REL_BERT, LATENCY, NBENCH };
enum { LORA_7B, SCRATCH_13B, NTASKS };

static const char *const i18n_rows[][3] = {
	{ "no_data", "no data", "暂无数据" },
	{ "nodata.mark", "—", "—" },
	{ "nodata.legend", "no data: no source gives this figure.", "暂无数据：来源未给出该数字。" },
	{ "unit.x", "×", "×" },
	{ "unit.h", "h", "小时" },
	{ "unit.gb", "GB", "GB" },
	{ "unit.gbs", "GB/s", "GB/s" },
	{ "unit.w", "W", "W" },
	{ "unit.per_hour", "/h", "/小时" },
	{ "why.no_price", "no rental price seen", "暂无租用价格" },
	{ "chart.why", "{no_data} ({why})", "{no_data}（{why}）" },
	{ "chart.name_why", "{name} ({why})", "{name}（{why}）" },
	{ "chart.data_table", "Data table", "数据表" },
	{ "chart.open_svg", "Open the chart as an SVG file", "以 SVG 文件打开此图表" },
	{ "chart.desc.no_data", "No source gives these figures yet.", "尚无来源给出这些数字。" },
	{ "chart.desc.missing", "No figure for: {gpus}.", "缺少数据：{gpus}。" },
	{ "chart.col.gpu", "GPU", "显卡" },
	{ "task.gpu", "GPU", "显卡" },
	{ "task.cards", "Cards", "卡数" },
	{ "task.hours", "Time", "耗时" },
	{ "task.price", "Price per card-hour", "单卡每小时价格" },
	{ "task.cost", "Cost", "费用" },
	{ "gpu.rent", "Lowest price per card-hour", "单卡最低每小时价格" },
	{ "chart.task_cost.title", "Cost of {task} on each GPU", "{task}：各显卡的费用" },
	{ "chart.task_cost.desc",
	  "Cheapest: {best_gpu} at {best}; most expensive: {worst_gpu} at {worst}.",
	  "最便宜：{best_gpu}，{best}；最贵：{worst_gpu}，{worst}。" },
	{ "chart.relative_speed.title", "Training speed relative to {baseline}",
	  "相对 {baseline} 的训练速度" },
	{ "chart.vram_fit.row", "{n}B {precision} ({gb})", "{n}B {precision}（{gb}）" },
	{ "chart.vram_fit.col", "{gpu} ({vram})", "{gpu}（{vram}）" },
	{ "chart.vram_fit.head", "{gpu} ({vram})", "{gpu} {vram}" },
	{ "chart.log_scale", "log scale", "对数刻度" },
	{ "unit.min", "min", "分钟" },
	{ "list.colon", ": ", "：" },
	{ "punct.list_sep", ", ", "，" },
	{ "list.sep", ", ", "、" },
	{ "punct.paren_open", " (", "（" },
	{ "punct.paren_close", ")", "）" },
	{ "punct.gap", " ", "" },
	{ "chart.vram_fit.needs_n", "needs {n} cards", "需要 {n} 张卡" },
	{ "chart.vram_fit.fits_one", "fits", "放得下" },
	{ "chart.vram_fit.tight", "tight, no room to spare", "偏紧，没有余量" },
	{ "chart.vram_fit.tight_one", "tight", "偏紧" },
	{ "vram.tight", "fits, but tight", "勉强放得下" },
	{ "vram.needs_tight", "needs {n} cards, tight", "需要 {n} 张卡（偏紧）" },
	{ "chart.cards", "{gpu} ({n} cards)", "{gpu}（{n} 张卡）" },
	{ "chart.spec.title.tdp_w", "Power draw (TDP) of each GPU", "各显卡的功耗（TDP）" },
	{ "chart.pair.desc", "{a} and {b} on {what}, each row scaled to the larger of the two.",
	  "{a} 与 {b} 在{what}上的对比，每行按两者中较大值缩放。" },
	{ "chart.count.workloads.one", "{n} training workload", "{n} 项训练负载" },
	{ "chart.count.workloads.many", "{n} training workloads", "{n} 项训练负载" },
	{ "chart.count.gpus.one", "{n} GPU", "{n} 款显卡" },
	{ "chart.count.gpus.many", "{n} GPUs", "{n} 款显卡" },
	{ "chart.count.model_sizes.one", "{n} model size", "{n} 种模型规模" },
	{ "chart.count.model_sizes.many", "{n} model sizes", "{n} 种模型规模" },
	{ "chart.pair.others.one", "{n} other figure", "{n} 项其他指标" },
	{ "chart.pair.others.many", "{n} other figures", "{n} 项其他指标" },
	{ "chart.pair.figures.one", "{n} figure", "{n} 项指标" },
	{ "chart.pair.figures.many", "{n} figures", "{n} 项指标" },
	{ "chart.pair.both", "{speeds} and {others}", "{speeds}和{others}" },
	{ "chart.vram_fit.desc", "{sizes} against {gpus}: {fits}, {tight}, {needs}.",
	  "{sizes}对照{gpus}：{fits}，{tight}，{needs}。" },
	{ "chart.vram_fit.count_fits.one", "{n} combination fits", "{n} 种组合放得下" },
	{ "chart.vram_fit.count_fits.many", "{n} combinations fit", "{n} 种组合放得下" },
	{ "chart.vram_fit.count_tight.one", "{n} only tightly", "{n} 种勉强放下" },
	{ "chart.vram_fit.count_tight.many", "{n} only tightly", "{n} 种勉强放下" },
	{ "chart.vram_fit.count_needs.one", "{n} needs several cards", "{n} 种需要多张卡" },
	{ "chart.vram_fit.count_needs.many", "{n} need several cards", "{n} 种需要多张卡" },
	{ "why.no_vram", "memory size not stated", "显存容量未注明" },
};
#define NI18N (sizeof i18n_rows / sizeof i18n_rows[0])

struct fixture {
	struct site s;
	struct diag diag;
	struct buf log;
	struct table i18n;
	const char **rows[NI18N];
	int lines[NI18N];
};

static const char *const i18n_cols[] = { "key", "en", "zh" };

static void set_gpu(struct gpu *g, const char *id, const char *name, size_t row)
{
	g->id = id;
	g->name = name;
	g->fp8 = -1;
	g->row = row;
}

static void set_specs(struct gpu *g, double vram, double bw, double fp16, double tdp)
{
	g->vram_gb = num_of(vram);
	g->bandwidth_gbs = num_of(bw);
	g->fp16_tflops = num_of(fp16);
	g->tdp_w = num_of(tdp);
}

/* Five GPUs (one named like markup, one with no figures at all), two
 * relative-speed benchmarks with H100 = 1, two tasks, three prices, three
 * VRAM rules. With `results` false there are no benchmark results. */
static struct fixture *fixture_new(bool results)
{
	struct fixture *f = calloc(1, sizeof *f);
	assert_non_null(f);
	buf_init(&f->log);
	diag_init(&f->diag, NULL, &f->log);
	struct site *s = &f->s;
	s->diag = &f->diag;
	struct data *d = &s->in.data;

	d->ngpus = NGPUS;
	d->gpus = arena_alloc(&d->arena, NGPUS * sizeof *d->gpus);
	set_gpu(&d->gpus[H100], "h100-80gb", "H100 80GB", 0);
	set_specs(&d->gpus[H100], 80, 3350, 989, 700);
	set_gpu(&d->gpus[A100], "a100-80gb", "A100 80GB", 1);
	set_specs(&d->gpus[A100], 80, 2000, 312, 400);
	set_gpu(&d->gpus[RTX4090], "rtx-4090", "RTX 4090", 2);
	set_specs(&d->gpus[RTX4090], 24, 1000, 330, 450);
	set_gpu(&d->gpus[EVIL], "evil", "<script>&\"", 3);
	d->gpus[EVIL].vram_gb = num_of(48);
	set_gpu(&d->gpus[B100], "b100", "B100", 4);

	d->nbenchmarks = NBENCH;
	d->benchmarks = arena_alloc(&d->arena, NBENCH * sizeof *d->benchmarks);
	d->benchmarks[REL_RESNET] = (struct benchmark){
		.id = "rel-resnet50", .name_en = "ResNet-50", .name_zh = "ResNet-50 训练",
		.kind = "relative-speed", .unit = "x", .higher_is_better = true, .row = 0 };
	d->benchmarks[REL_BERT] = (struct benchmark){
		.id = "rel-bert", .name_en = "BERT", .name_zh = "BERT 训练",
		.kind = "relative-speed", .unit = "x", .higher_is_better = true, .row = 1 };
	d->benchmarks[LATENCY] = (struct benchmark){
		.id = "llama-70b-latency", .name_en = "Latency", .name_zh = "延迟",
		.kind = "inference-latency", .unit = "ms", .row = 2 };

	d->ntasks = NTASKS;
	d->tasks = arena_alloc(&d->arena, NTASKS * sizeof *d->tasks);
	d->tasks[LORA_7B] = (struct task){ .id = "lora-7b",
		.name_en = "LoRA fine-tune (7B)", .name_zh = "LoRA 微调（7B）", .row = 0 };
	d->tasks[SCRATCH_13B] = (struct task){ .id = "scratch-13b",
		.name_en = "13B from scratch", .name_zh = "从头训练 13B", .row = 1 };

	if (results) {
		add_result(d, REL_RESNET, H100, 1.0);
		add_result(d, REL_BERT, H100, 1.0);
		add_result(d, REL_RESNET, A100, 0.4);
		add_result(d, REL_BERT, A100, 0.35);
		add_result(d, REL_RESNET, RTX4090, 0.25);
		add_result(d, REL_BERT, RTX4090, 0.22);
		add_result(d, REL_RESNET, EVIL, 0.5);
		add_result(d, LATENCY, H100, 45);
	}
	add_time(d, LORA_7B, RTX4090, 3, 1);
	add_time(d, LORA_7B, A100, 2, 1);
	add_time(d, LORA_7B, H100, 0.666667, 1);
	add_time(d, SCRATCH_13B, A100, 72, 4);
	add_price(d, RTX4090, "on-demand", 0.39);
	add_price(d, A100, "on-demand", 1.39);
	add_price(d, EVIL, "on-demand", 0.5);
	add_vram(d, 7, "fp32", 28);
	add_vram(d, 70, "int8", 70);
	add_vram(d, 7, "int4", 7);
	metrics_compute(d, NULL, &s->in.metrics);

	for (size_t i = 0; i < NI18N; i++) {
		f->rows[i] = (const char **)i18n_rows[i];
		f->lines[i] = (int)i + 2;
	}
	f->i18n = (struct table){ .name = "i18n", .path = "data/i18n.csv", .ncols = 3,
				  .cols = (const char **)i18n_cols, .nrows = NI18N,
				  .rows = f->rows, .lines = f->lines };
	assert_int_equal(i18n_load(&s->in.i18n, &f->i18n, &f->diag), 0);
	return f;
}

static void fixture_free(struct fixture *f)
{
	guide_charts_free(&f->s);
	i18n_free(&f->s.in.i18n);
	data_free(&f->s.in.data);
	arena_free(&f->s.arena);
	buf_release(&f->log);
	free(f);
}

/* Render one chart; asserts success and no diagnostics. */
static void render(struct fixture *f, enum lang l, struct chart_request rq,
		   struct buf *out)
{
	struct page_ctx pc = pg_planning(&f->s, l, NULL, NULL);
	assert_int_equal(guide_chart_render(&pc, &rq, out, "t.md", 1, 1), 0);
	assert_string_equal(f->log.ptr, "");
}

/* The <svg>...</svg> part of a figure, parsed; caller frees with xmlFreeDoc. */
static xmlDocPtr parse_svg(const char *html)
{
	const char *a = strstr(html, "<svg"), *b = strstr(html, "</svg>");
	assert_non_null(a);
	assert_non_null(b);
	xmlDocPtr doc = xmlReadMemory(a, (int)(b + 6 - a), "chart.svg", "UTF-8",
				      XML_PARSE_NONET | XML_PARSE_NOERROR |
				      XML_PARSE_NOWARNING);
	assert_non_null(doc);
	return doc;
}

static xmlNodePtr child_named(xmlNodePtr parent, const char *name)
{
	for (xmlNodePtr n = parent->children; n; n = n->next)
		if (n->type == XML_ELEMENT_NODE && !strcmp((const char *)n->name, name))
			return n;
	return NULL;
}

/* The text of a node, as a malloc'd copy compared and freed here. */
static void assert_node_text(xmlNodePtr n, const char *want)
{
	assert_non_null(n);
	xmlChar *t = xmlNodeGetContent(n);
	assert_string_equal((const char *)t, want);
	xmlFree(t);
}

/* The first element anywhere below `n` whose <title> child begins with
 * `prefix` (a bar's tooltip: "RTX 4090: $1.17"). */
static xmlNodePtr find_mark(xmlNodePtr n, const char *prefix)
{
	for (xmlNodePtr c = n->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		xmlNodePtr t = child_named(c, "title");
		if (t && strcmp((const char *)c->name, "svg")) {
			xmlChar *s = xmlNodeGetContent(t);
			bool hit = !strncmp((const char *)s, prefix, strlen(prefix));
			xmlFree(s);
			if (hit)
				return c;
		}
		xmlNodePtr r = find_mark(c, prefix);
		if (r)
			return r;
	}
	return NULL;
}

/* True when some <text> below `n` reads exactly `want`. */
static bool has_text(xmlNodePtr n, const char *want)
{
	for (xmlNodePtr c = n->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		if (!strcmp((const char *)c->name, "text")) {
			xmlChar *s = xmlNodeGetContent(c);
			bool hit = !strcmp((const char *)s, want);
			xmlFree(s);
			if (hit)
				return true;
		}
		if (has_text(c, want))
			return true;
	}
	return false;
}

/* The first class of the mark whose tooltip begins with `prefix`. */
static void assert_mark_class(const char *html, const char *prefix, const char *want)
{
	xmlDocPtr doc = parse_svg(html);
	xmlNodePtr m = find_mark(xmlDocGetRootElement(doc), prefix);
	assert_non_null(m);
	xmlChar *cls = xmlGetProp(m, (const xmlChar *)"class");
	assert_non_null(cls);
	size_t n = strcspn((const char *)cls, " ");
	char first[32] = "";
	memcpy(first, cls, n < sizeof first - 1 ? n : sizeof first - 1);
	assert_string_equal(first, want);
	xmlFree(cls);
	xmlFreeDoc(doc);
}

/* ---- tests ---- */

static const struct chart_request every_kind[] = {
	{ .name = "relative-speed" },
	{ .name = "task-cost", .task = "lora-7b" },
	{ .name = "task-hours", .task = "scratch-13b" },
	{ .name = "price-vs-speed" },
	{ .name = "vram-fit" },
	{ .name = "spec", .field = "bandwidth_gbs" },
	{ .name = "spec", .field = "fp16_tflops" },
	{ .name = "spec", .field = "tdp_w" },
	{ .name = "spec", .field = "tflops_per_watt" },
	{ .name = "gpu", .gpu = "rtx-4090" },
	{ .name = "gpu", .gpu = "h100-80gb" },
	{ .name = "gpu", .gpu = "b100" },
	{ .name = "pair", .gpu = "rtx-4090", .other = "a100-80gb" },
};

static void test_every_chart_kind_is_svg_with_title_desc_and_table(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(true);
	for (int l = 0; l < LANG_COUNT; l++) {
		for (size_t i = 0; i < sizeof every_kind / sizeof every_kind[0]; i++) {
			struct buf out = BUF_INIT;
			render(f, (enum lang)l, every_kind[i], &out);
			/* drawn for a wide column and for a phone's: the
			 * compact one 320 units wide, with its own ids */
			assert_true(!strncmp(out.ptr, "<figure class=\"chart chart-w480\"><div class=\"chart-wide\"><svg", 60) ||
				    !strncmp(out.ptr, "<figure class=\"chart chart-w768\"><div class=\"chart-wide\"><svg", 60));
			const char *compact = strstr(out.ptr, "</svg></div><div class=\"chart-compact\"><svg");
			assert_non_null(compact);
			assert_non_null(strstr(compact, "viewBox=\"0 0 320 "));
			assert_non_null(strstr(compact, "-compact\""));
			assert_non_null(strstr(out.ptr, "</figcaption></figure>")); /* caption last */
			assert_non_null(strstr(out.ptr, "</figure>"));
			xmlDocPtr doc = parse_svg(out.ptr);
			xmlNodePtr root = xmlDocGetRootElement(doc);
			assert_string_equal((const char *)root->name, "svg");
			xmlNodePtr title = child_named(root, "title");
			xmlNodePtr desc = child_named(root, "desc");
			assert_non_null(title);
			assert_non_null(desc);
			xmlChar *t = xmlNodeGetContent(title), *dd = xmlNodeGetContent(desc);
			assert_true(t[0] && dd[0]);
			/* the figcaption says what the <desc> says */
			struct buf cap = BUF_INIT;
			buf_addf(&cap, "<figcaption>%s", (const char *)dd);
			if (!strpbrk((const char *)dd, "<>&\"'"))
				assert_non_null(strstr(out.ptr, cap.ptr));
			buf_release(&cap);
			xmlFree(t);
			xmlFree(dd);
			xmlFreeDoc(doc);
			if (l == LANG_EN && strcmp(every_kind[i].name, "gpu") &&
			    strcmp(every_kind[i].name, "pair"))
				assert_non_null(strstr(out.ptr,
					"<details><summary>Data table</summary>"
					"<div class=\"table-wrap\" tabindex=\"0\"><table"));
			buf_release(&out);
		}
	}
	fixture_free(f);
}

static void test_titles_and_names_are_in_the_page_language(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(true);
	struct buf en = BUF_INIT, zh = BUF_INIT;
	render(f, LANG_EN, (struct chart_request){ .name = "task-cost", .task = "lora-7b" }, &en);
	render(f, LANG_ZH, (struct chart_request){ .name = "task-cost", .task = "lora-7b" }, &zh);
	assert_non_null(strstr(en.ptr, "<title id=\"chart-task-cost-lora-7b-title\">"
				       "Cost of LoRA fine-tune (7B) on each GPU</title>"));
	assert_non_null(strstr(zh.ptr, "<title id=\"chart-task-cost-lora-7b-title\">"
				       "LoRA 微调（7B）：各显卡的费用</title>"));
	assert_non_null(strstr(zh.ptr, "<summary>数据表</summary>"));
	assert_non_null(strstr(zh.ptr, "暂无数据（暂无租用价格）"));
	buf_release(&en);
	buf_release(&zh);

	struct buf rel = BUF_INIT;
	render(f, LANG_ZH, (struct chart_request){ .name = "relative-speed" }, &rel);
	assert_non_null(strstr(rel.ptr, ">ResNet-50 训练</text>"));
	assert_non_null(strstr(rel.ptr, ">相对 H100 80GB 的训练速度</text>"));
	buf_release(&rel);
	fixture_free(f);
}

static void test_task_cost_table_holds_the_figures_and_marks_the_cheapest(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(true);
	struct buf out = BUF_INIT;
	render(f, LANG_EN, (struct chart_request){ .name = "task-cost", .task = "lora-7b" },
	       &out);
	/* 3 h x $0.39 = $1.17; 2 h x $1.39 = $2.78; H100 has no price */
	assert_non_null(strstr(out.ptr,
		"<tr><th scope=\"row\">RTX 4090</th><td class=\"num\" data-sort=\"1\">1</td>"
		"<td class=\"num\" data-sort=\"3\">3 h</td>"
		"<td class=\"num\" data-sort=\"0.39\">$0.39/h</td>"
		"<td class=\"num\" data-sort=\"1.17\">$1.17</td></tr>"));
	assert_non_null(strstr(out.ptr,
		"<tr><th scope=\"row\">A100 80GB</th><td class=\"num\" data-sort=\"1\">1</td>"
		"<td class=\"num\" data-sort=\"2\">2 h</td>"
		"<td class=\"num\" data-sort=\"1.39\">$1.39/h</td>"
		"<td class=\"num\" data-sort=\"2.78\">$2.78</td></tr>"));
	assert_non_null(strstr(out.ptr,
		"<tr><th scope=\"row\">H100 80GB</th><td class=\"num\" data-sort=\"1\">1</td>"
		"<td class=\"num\" data-sort=\"0.666667\">40 min</td>"
		"<td class=\"nodata\" data-sort=\"\" title=\"no data (no rental price seen)\">"
		"<span class=\"nd\" aria-hidden=\"true\">—</span><small class=\"nd-why\">no data (no rental price seen)</small></td>"
		"<td class=\"nodata\" data-sort=\"\" title=\"no data (no rental price seen)\">"
		"<span class=\"nd\" aria-hidden=\"true\">—</span><small class=\"nd-why\">no data (no rental price seen)</small></td></tr>"));
	/* one legend for the marks, under the table */
	assert_non_null(strstr(out.ptr, "</table></div><p class=\"nodata-legend\"><span class=\"nd\" "
				       "aria-hidden=\"true\">—</span> no data: no source gives this figure.</p></details>"));
	assert_non_null(strstr(out.ptr, "<figcaption>Cheapest: RTX 4090 at $1.17; most "
				       "expensive: A100 80GB at $2.78. No figure for: "
				       "H100 80GB (no rental price seen).</figcaption>"));
	/* the cheapest bar is highlighted, the others not */
	assert_non_null(strstr(out.ptr, "class=\"c2 bar hl\""));
	assert_non_null(strstr(out.ptr, "class=\"c1 bar\""));
	buf_release(&out);
	fixture_free(f);
}

static void test_relative_speed_table_holds_the_results(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(true);
	struct buf out = BUF_INIT;
	render(f, LANG_EN, (struct chart_request){ .name = "relative-speed" }, &out);
	assert_non_null(strstr(out.ptr,
		"<tr><th scope=\"row\">A100 80GB</th>"
		"<td class=\"num\" data-sort=\"0.4\">0.4×</td>"
		"<td class=\"num\" data-sort=\"0.35\">0.35×</td></tr>"));
	/* a GPU with one result shows the other as no data */
	assert_non_null(strstr(out.ptr,
		"<td class=\"num\" data-sort=\"0.5\">0.5×</td>"
		"<td class=\"nodata\" data-sort=\"\" title=\"no data\"><span class=\"nd\" aria-hidden=\"true\">—</span>"
		"<small class=\"nd-why\">no data</small></td></tr>"));
	/* the GPU without any result is not a series */
	assert_null(strstr(out.ptr, "B100"));
	buf_release(&out);
	fixture_free(f);
}

/* The pair chart says what its rows are, each count in its form: one
 * workload, figures other than workloads, figures when no workload is
 * among them. */
static void test_pair_chart_says_its_rows_in_words(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(true);
	struct buf out = BUF_INIT;
	/* the evil card and the RTX 4090 share one workload, VRAM and a price */
	struct chart_request rq = { .name = "pair", .gpu = "evil", .other = "rtx-4090" };
	render(f, LANG_EN, rq, &out);
	assert_non_null(strstr(out.ptr, " and RTX 4090 on 1 training workload and 2 other figures, "
				  "each row scaled to the larger of the two."));
	buf_release(&out);
	render(f, LANG_ZH, rq, &out);
	assert_non_null(strstr(out.ptr, " 与 RTX 4090 在 1 项训练负载和 2 项其他指标上的对比"));
	buf_release(&out);
	rq = (struct chart_request){ .name = "pair", .gpu = "h100-80gb", .other = "a100-80gb" };
	render(f, LANG_EN, rq, &out);
	assert_non_null(strstr(out.ptr, "H100 80GB and A100 80GB on 2 training workloads and "
				  "4 other figures, "));
	buf_release(&out);
	fixture_free(f);

	f = fixture_new(false); /* no results: no workload among the rows */
	rq = (struct chart_request){ .name = "pair", .gpu = "evil", .other = "rtx-4090" };
	render(f, LANG_EN, rq, &out);
	assert_non_null(strstr(out.ptr, " and RTX 4090 on 2 figures, each row"));
	buf_release(&out);
	rq = (struct chart_request){ .name = "pair", .gpu = "evil", .other = "a100-80gb" };
	render(f, LANG_EN, rq, &out);
	assert_non_null(strstr(out.ptr, " and A100 80GB on 2 figures, each row"));
	buf_release(&out);
	fixture_free(f);
}

/* The pair chart's table: a row per figure both GPUs have (the H100 has
 * no price: no price row), each number with its figure in data-sort to 15
 * significant digits. */
static void test_pair_table_sorts_by_each_figure(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(true);
	struct buf out = BUF_INIT;
	render(f, LANG_EN, (struct chart_request){ .name = "pair", .gpu = "h100-80gb",
						   .other = "rtx-4090" }, &out);
	assert_non_null(strstr(out.ptr, "<td class=\"num\" data-sort=\"0.22\">0.22×</td>"));
	assert_non_null(strstr(out.ptr, "<td class=\"num\" data-sort=\"3350\">3,350 GB/s</td>"));
	assert_null(strstr(out.ptr, "$0.39/h"));
	assert_null(strstr(out.ptr, "data-sort=\"\""));
	buf_release(&out);
	render(f, LANG_EN, (struct chart_request){ .name = "pair", .gpu = "a100-80gb",
						   .other = "rtx-4090" }, &out);
	assert_non_null(strstr(out.ptr, "<td class=\"num\" data-sort=\"0.39\">$0.39/h</td>"));
	int numbers = 0;
	for (const char *p = out.ptr; (p = strstr(p, "data-sort=\"")); numbers++) {
		p += strlen("data-sort=\"");
		size_t n = strcspn(p, "\"");
		char sort[64], again[64];
		assert_true(n < sizeof sort);
		memcpy(sort, p, n);
		sort[n] = '\0';
		if (!n)
			continue; /* no data */
		snprintf(again, sizeof again, "%.15g", strtod(sort, NULL));
		assert_string_equal(sort, again);
	}
	assert_true(numbers >= 12);
	buf_release(&out);
	fixture_free(f);
}

static void test_gpu_named_like_markup_is_drawn_as_text(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(true);
	const struct chart_request rqs[] = {
		{ .name = "relative-speed" },
		{ .name = "price-vs-speed" },
		{ .name = "vram-fit" },
		{ .name = "gpu", .gpu = "evil" },
	};
	for (size_t i = 0; i < sizeof rqs / sizeof rqs[0]; i++) {
		struct buf out = BUF_INIT;
		render(f, LANG_EN, rqs[i], &out);
		assert_null(strstr(out.ptr, "<script"));
		assert_non_null(strstr(out.ptr, "&lt;script&gt;&amp;"));
		xmlDocPtr doc = parse_svg(out.ptr);
		xmlNodePtr root = xmlDocGetRootElement(doc);
		bool drawn = has_text(root, "<script>&\"") ||
			     has_text(root, "<script>&\" (48 GB)");
		assert_true(drawn);
		xmlFreeDoc(doc);
		buf_release(&out);
	}
	fixture_free(f);
}

static void assert_error(struct fixture *f, struct chart_request rq, const char *want)
{
	struct buf out = BUF_INIT;
	buf_reset(&f->log);
	struct page_ctx pc = pg_planning(&f->s, LANG_EN, NULL, NULL);
	assert_int_equal(guide_chart_render(&pc, &rq, &out, "content/en/a.md", 3, 5), -1);
	assert_string_equal(out.ptr, "");
	assert_string_equal(f->log.ptr, want);
	buf_release(&out);
}

static void test_unknown_names_are_errors_at_the_position(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(true);
	assert_error(f, (struct chart_request){ .name = "pie" },
		     "content/en/a.md:3:5: error: unknown chart \"pie\"\n");
	assert_error(f, (struct chart_request){ .name = "task-cost", .task = "nope" },
		     "content/en/a.md:3:5: error: unknown task \"nope\"\n");
	assert_error(f, (struct chart_request){ .name = "gpu", .gpu = "rtx-9090" },
		     "content/en/a.md:3:5: error: unknown gpu \"rtx-9090\"\n");
	assert_error(f, (struct chart_request){ .name = "pair", .gpu = "x", .other = "y" },
		     "content/en/a.md:3:5: error: unknown gpu \"x\"\n"
		     "content/en/a.md:3:5: error: unknown gpu \"y\"\n");
	assert_error(f, (struct chart_request){ .name = "spec", .field = "vram" },
		     "content/en/a.md:3:5: error: unknown field \"vram\" for chart \"spec\" "
		     "(bandwidth_gbs, fp16_tflops, tdp_w or tflops_per_watt)\n");
	assert_error(f, (struct chart_request){ .name = "task-hours" },
		     "content/en/a.md:3:5: error: chart \"task-hours\" needs task=\n");
	assert_error(f, (struct chart_request){ .name = "vram-fit", .gpu = "b100" },
		     "content/en/a.md:3:5: error: chart \"vram-fit\" takes no gpu=\n");
	assert_error(f, (struct chart_request){ .name = "pair", .gpu = "b100",
						.other = "b100" },
		     "content/en/a.md:3:5: error: chart \"pair\" needs two different gpus, "
		     "not \"b100\" twice\n");
	assert_int_equal(f->diag.errors, 9);
	fixture_free(f);
}

static void test_no_results_give_a_no_data_chart(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(false);
	struct buf out = BUF_INIT;
	render(f, LANG_EN, (struct chart_request){ .name = "relative-speed" }, &out);
	xmlDocPtr doc = parse_svg(out.ptr);
	xmlNodePtr root = xmlDocGetRootElement(doc);
	assert_node_text(child_named(root, "desc"), "No source gives these figures yet.");
	assert_true(has_text(root, "no data"));
	assert_null(find_mark(root, "H100 80GB"));
	xmlFreeDoc(doc);
	/* nothing to tabulate: no <details> */
	assert_null(strstr(out.ptr, "<details>"));
	assert_non_null(strstr(out.ptr, "<figcaption>No source gives these figures yet."));
	buf_release(&out);
	fixture_free(f);
}

static void test_a_gpu_has_the_same_colour_in_every_chart(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(true);
	const struct chart_request rqs[] = {
		{ .name = "relative-speed" },
		{ .name = "task-cost", .task = "lora-7b" },
		{ .name = "spec", .field = "tdp_w" },
		{ .name = "pair", .gpu = "h100-80gb", .other = "rtx-4090" },
	};
	for (size_t i = 0; i < sizeof rqs / sizeof rqs[0]; i++) {
		struct buf out = BUF_INIT;
		render(f, LANG_EN, rqs[i], &out);
		/* RTX 4090 is row 2 of gpus.csv, A100 row 1 */
		assert_mark_class(out.ptr, "RTX 4090", "c2");
		if (i < 3)
			assert_mark_class(out.ptr, "A100 80GB", "c1");
		buf_release(&out);
	}
	fixture_free(f);
}

static void test_link_to_the_standalone_file_is_relative_to_the_page(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(true);
	struct buf out = BUF_INIT;
	render(f, LANG_ZH, (struct chart_request){ .name = "gpu", .gpu = "rtx-4090",
						   .page_path = "gpus/rtx-4090/" }, &out);
	assert_non_null(strstr(out.ptr, "<a href=\"../../../charts/zh/chart-gpu-rtx-4090.svg\">"
				       "以 SVG 文件打开此图表</a></figcaption>"));
	/* after a Chinese sentence the link follows with no space (punct.gap) */
	assert_null(strstr(out.ptr, " <a href"));
	buf_reset(&out);
	/* without the page there is no right relative link: none is made */
	render(f, LANG_EN, (struct chart_request){ .name = "gpu", .gpu = "rtx-4090" }, &out);
	assert_null(strstr(out.ptr, "<a href"));
	buf_release(&out);
	fixture_free(f);
}

static void test_second_copy_on_a_page_gets_its_own_id(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(true);
	struct chart_request rq = { .name = "spec", .field = "tdp_w", .page_path = "" };
	struct buf a = BUF_INIT, b = BUF_INIT;
	render(f, LANG_EN, rq, &a);
	render(f, LANG_EN, rq, &b);
	assert_non_null(strstr(a.ptr, " id=\"chart-spec-tdp_w\""));
	assert_non_null(strstr(b.ptr, " id=\"chart-spec-tdp_w-2\""));
	assert_non_null(strstr(b.ptr, "#chart-spec-tdp_w-2 .c0"));
	/* both link to the one standalone file */
	assert_non_null(strstr(b.ptr, "href=\"../charts/en/chart-spec-tdp_w.svg\""));
	buf_release(&a);
	buf_release(&b);
	fixture_free(f);
}

/* An output staging into a new folder under /tmp: `tmpl` its name
 * ("/tmp/test_guide_charts.XXXXXX", filled in), `dir` the site in it. */
static void temp_output(struct fixture *f, char *tmpl, struct buf *dir, struct output *o)
{
	assert_non_null(mkdtemp(tmpl));
	buf_addf(dir, "%s/site", tmpl);
	assert_int_equal(output_begin(o, dir->ptr, &f->diag), 0);
}

static void test_standalone_files_are_written_once_per_language(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(true);
	f->s.in.opt.write = true; /* a build, not a check: charts are kept */
	char tmpl[] = "/tmp/test_guide_charts.XXXXXX";
	struct buf dir = BUF_INIT;
	struct output o;
	temp_output(f, tmpl, &dir, &o);

	struct buf out = BUF_INIT;
	render(f, LANG_EN, (struct chart_request){ .name = "relative-speed" }, &out);
	render(f, LANG_EN, (struct chart_request){ .name = "relative-speed",
						   .page_path = "gpus/" }, &out);
	render(f, LANG_ZH, (struct chart_request){ .name = "relative-speed" }, &out);
	render(f, LANG_EN, (struct chart_request){ .name = "task-hours",
						   .task = "lora-7b" }, &out);
	buf_release(&out);

	assert_int_equal(guide_charts_write(&f->s, &o), 0);
	assert_int_equal(output_commit(&o), 0);
	assert_int_equal(o.written, 3);
	output_free(&o);

	const char *files[] = { "charts/en/chart-relative-speed.svg",
				"charts/zh/chart-relative-speed.svg",
				"charts/en/chart-task-hours-lora-7b.svg" };
	for (size_t i = 0; i < 3; i++) {
		struct buf path = BUF_INIT, text = BUF_INIT;
		buf_addf(&path, "%s/%s", dir.ptr, files[i]);
		assert_true(fs_exists(path.ptr));
		assert_int_equal(fs_read_file(path.ptr, &text), 0);
		assert_memory_equal(text.ptr, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg", 43);
		xmlDocPtr doc = xmlReadMemory(text.ptr, (int)text.len, files[i], NULL,
					      XML_PARSE_NONET);
		assert_non_null(doc);
		xmlFreeDoc(doc);
		buf_release(&path);
		buf_release(&text);
	}
	assert_string_equal(f->log.ptr, "");
	assert_int_equal(fs_remove_tree(tmpl), 0);
	buf_release(&dir);
	fixture_free(f);
}

static void test_vram_fit_counts_cards_needed(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(true);
	struct buf out = BUF_INIT;
	render(f, LANG_EN, (struct chart_request){ .name = "vram-fit" }, &out);
	xmlDocPtr doc = parse_svg(out.ptr);
	xmlNodePtr root = xmlDocGetRootElement(doc);
	/* rows sorted by size then precision, each at parameters x bytes as
	 * the VRAM table counts it; 70 GB on a 24 GB card: 3 cards, tight
	 * (with the headroom, 4); a cell draws its mark ("×3", "✓") and its
	 * tooltip says it in the words of the table beside it */
	assert_non_null(find_mark(root, "70B INT8 (70 GB), RTX 4090 (24 GB): needs 3 cards, tight"));
	assert_non_null(find_mark(root, "7B INT4 (3.5 GB), RTX 4090 (24 GB): fits"));
	assert_null(find_mark(root, "70B INT8 (70 GB), RTX 4090 (24 GB): ×3"));
	assert_non_null(strstr(out.ptr, ">×3</text>"));
	/* no VRAM figure: not a column, in the drawing or the table, but
	 * named under the matrix; a name that tells its VRAM keeps it */
	assert_null(find_mark(root, "7B FP32 (28 GB), B100"));
	assert_non_null(strstr(out.ptr, "B100</text>"));
	assert_null(strstr(out.ptr, "<th scope=\"col\">B100"));
	assert_non_null(strstr(out.ptr, "<th scope=\"col\">H100 80GB</th>"));
	assert_non_null(find_mark(root, "7B FP32 (28 GB), H100 80GB: fits"));
	xmlFreeDoc(doc);
	assert_non_null(strstr(out.ptr, "<td class=\"num\" data-sort=\"3\">needs 3 cards, tight</td>"));
	/* the description counts the columns drawn, each count in its form,
	 * and names the card left out; a model on several cards "needs
	 * several cards" however tight (70B INT8 on the RTX 4090: 3 cards,
	 * tight), as the table reads, "only tightly" is on one card */
	assert_non_null(strstr(out.ptr, "3 model sizes against 4 GPUs: 7 combinations fit, "
				  "2 only tightly, 3 need several cards. "
				  "No figure for: B100 (memory size not stated)."));
	buf_release(&out);
	/* in Chinese the tooltips take the language's punctuation (the chart
	 * module is told it: label_sep, pair_sep), the narrow column heads
	 * put the memory after the name (no bracket to wrap), and no English
	 * "(…): " is left; a tooltip says a cell in words, never "×2" or "✓" */
	struct buf zh = BUF_INIT;
	render(f, LANG_ZH, (struct chart_request){ .name = "vram-fit" }, &zh);
	doc = parse_svg(zh.ptr);
	root = xmlDocGetRootElement(doc);
	assert_non_null(find_mark(root, "70B INT8（70 GB），RTX 4090 24 GB：需要 3 张卡（偏紧）"));
	assert_non_null(find_mark(root, "7B FP32（28 GB），RTX 4090 24 GB：需要 2 张卡"));
	assert_non_null(find_mark(root, "7B INT4（3.5 GB），RTX 4090 24 GB：放得下"));
	assert_null(find_mark(root, "7B FP32（28 GB），RTX 4090 24 GB：×2"));
	xmlFreeDoc(doc);
	assert_null(strstr(zh.ptr, "GB): "));
	buf_release(&zh);
	fixture_free(f);
}

/* While pages render (guide_charts_set_output) a chart's file goes to the
 * output at once, and only the first time. */
static void test_charts_drawn_while_rendering_are_written_at_once(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(true);
	f->s.in.opt.write = true;
	char tmpl[] = "/tmp/test_guide_charts.XXXXXX";
	struct buf dir = BUF_INIT;
	struct output o;
	temp_output(f, tmpl, &dir, &o);
	guide_charts_init(&f->s);
	guide_charts_set_output(f->s.charts, &o);
	struct buf out = BUF_INIT;
	render(f, LANG_EN, (struct chart_request){ .name = "relative-speed" }, &out);
	render(f, LANG_EN, (struct chart_request){ .name = "relative-speed",
						   .page_path = "gpus/" }, &out);
	buf_release(&out);
	guide_charts_set_output(f->s.charts, NULL);
	assert_int_equal(o.written, 1);
	assert_int_equal(guide_charts_write(&f->s, &o), 0); /* nothing kept */
	assert_int_equal(o.written, 1);
	assert_int_equal(output_commit(&o), 0);
	output_free(&o);
	struct buf path = BUF_INIT;
	buf_addf(&path, "%s/charts/en/chart-relative-speed.svg", dir.ptr);
	assert_true(fs_exists(path.ptr));
	fs_remove_tree(tmpl);
	buf_release(&path);
	buf_release(&dir);
	fixture_free(f);
}

/* A chart drawn again (the report shows what the guide's pages drew) is
 * placed from the figure kept when it was first drawn while planning: the
 * same bytes, but for the link to the standalone file, which is the
 * page's; a page rendering (a context over its own arena) finds it too. */
static void test_a_chart_drawn_again_is_the_same_figure_linked_from_its_page(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(true);
	struct chart_request rq = { .name = "pair", .gpu = "h100-80gb", .other = "rtx-4090",
				    .page_path = "report/" };
	struct buf first = BUF_INIT, again = BUF_INIT, page = BUF_INIT;
	render(f, LANG_EN, rq, &first);
	render(f, LANG_EN, (struct chart_request){ .name = "pair", .gpu = "h100-80gb",
						   .other = "rtx-4090" }, &again);
	struct page_ctx pc = pg_planning(&f->s, LANG_EN, NULL, NULL);
	struct arena own = ARENA_INIT;
	pc.arena = &own; /* as while pages render */
	rq.page_path = "compare/h100-80gb-vs-rtx-4090/";
	assert_int_equal(guide_chart_render(&pc, &rq, &page, "t.md", 1, 1), 0);
	assert_string_equal(f->log.ptr, "");

	const char *link = "<a href=\"../../charts/en/chart-pair-h100-80gb-rtx-4090.svg\">"
			   "Open the chart as an SVG file</a></figcaption></figure>\n";
	const char *page_link = "<a href=\"../../../charts/en/chart-pair-h100-80gb-rtx-4090.svg\">"
				"Open the chart as an SVG file</a></figcaption></figure>\n";
	/* the figure without a page ends where the link would begin */
	size_t body = again.len - strlen("</figcaption></figure>\n");
	assert_true(first.len == body + 1 + strlen(link));
	assert_memory_equal(first.ptr, again.ptr, body);
	assert_string_equal(first.ptr + body, arena_printf(&own, " %s", link));
	assert_true(page.len == body + 1 + strlen(page_link));
	assert_memory_equal(page.ptr, again.ptr, body);
	assert_string_equal(page.ptr + body, arena_printf(&own, " %s", page_link));
	/* a second copy on the same page is drawn with its own id, not found */
	struct buf second = BUF_INIT;
	rq.page_path = "report/";
	render(f, LANG_EN, rq, &second);
	assert_non_null(strstr(second.ptr, " id=\"chart-pair-h100-80gb-rtx-4090-2\""));
	assert_null(strstr(second.ptr, " id=\"chart-pair-h100-80gb-rtx-4090\""));
	arena_free(&own);
	buf_release(&first);
	buf_release(&again);
	buf_release(&page);
	buf_release(&second);
	fixture_free(f);
}

/* ---- drawings kept between builds ---- */

/* A memo (markdown.h's interface) of a few records, and how many of them
 * it gave back. */
struct drawing_memo {
	struct digest_value key[256];
	struct buf rec[256];
	size_t n, found;
};

static int dm_find(void *ctx, struct digest_value key, struct buf *rec)
{
	struct drawing_memo *m = ctx;
	for (size_t i = 0; i < m->n; i++)
		if (digest_equal(m->key[i], key)) {
			buf_addbuf(rec, &m->rec[i]);
			m->found++;
			return 0;
		}
	return -1;
}

static void dm_keep(void *ctx, struct digest_value key, const char *rec, size_t len)
{
	struct drawing_memo *m = ctx;
	assert_true(m->n < 256);
	m->key[m->n] = key;
	buf_init(&m->rec[m->n]);
	buf_add(&m->rec[m->n++], rec, len);
}

/* Figures and their keys (guide_chart_render_keyed), gathered. */
struct keyed_figures {
	struct buf html[256];
	struct digest_value key[256];
	size_t n;
};

/* Every chart of both languages for a page at `path`, drawn in a page's
 * arena (`planning`: in the build's, as while pages are planned) with the
 * memo `memo` (NULL: none), each figure and key into `kf`. */
static void render_keyed(struct fixture *f, const struct markdown_memo *memo, const char *path,
			 bool planning, struct keyed_figures *kf)
{
	f->s.in.markdown_memo = memo;
	struct arena page = ARENA_INIT;
	for (int l = 0; l < LANG_COUNT; l++)
		for (size_t i = 0; i < sizeof every_kind / sizeof every_kind[0]; i++) {
			struct page_ctx pc = pg_planning(&f->s, (enum lang)l, NULL, NULL);
			if (!planning)
				pc.arena = &page;
			struct chart_request rq = every_kind[i];
			rq.page_path = path;
			assert_true(kf->n < 256);
			buf_init(&kf->html[kf->n]);
			assert_int_equal(guide_chart_render_keyed(&pc, &rq, &kf->html[kf->n], "t.md", 1,
								  1, &kf->key[kf->n]), 0);
			kf->n++;
			arena_reset(&page);
		}
	assert_string_equal(f->log.ptr, "");
	arena_free(&page);
	f->s.in.markdown_memo = NULL;
}

/* The same, one figure after the other into `out`, for no page. */
static void render_all(struct fixture *f, const struct markdown_memo *memo, struct buf *out)
{
	struct keyed_figures *kf = calloc(1, sizeof *kf);
	render_keyed(f, memo, NULL, false, kf);
	for (size_t i = 0; i < kf->n; i++) {
		buf_addbuf(out, &kf->html[i]);
		buf_release(&kf->html[i]);
	}
	free(kf);
}

/* The next build: it keeps figures of its own (what one build keeps, the
 * next one's memo gives it). */
static void new_build(struct fixture *f)
{
	guide_charts_free(&f->s); /* made again by the next page context */
}

/* How many standalone files the build so far keeps (written into a
 * folder of their own, then removed). */
static size_t files_kept(struct fixture *f)
{
	char tmpl[] = "/tmp/test_guide_charts.XXXXXX";
	struct buf dir = BUF_INIT;
	struct output o;
	temp_output(f, tmpl, &dir, &o);
	assert_int_equal(guide_charts_write(&f->s, &o), 0);
	size_t n = o.written;
	assert_int_equal(output_commit(&o), 0);
	output_free(&o);
	assert_int_equal(fs_remove_tree(tmpl), 0);
	buf_release(&dir);
	return n;
}

/* A page's own chart `rq` (omit_if_no_figure) left out or drawn as
 * `left_out` says, in one build; and in another, the page kept unbuilt
 * places a file exactly when the render drew one (the kept page's test
 * is told without drawing, the render's by drawing: the two agree). */
static void assert_page_chart(struct fixture *f, struct chart_request rq, bool left_out)
{
	f->s.in.opt.write = true;
	rq.page_path = "p/";
	rq.omit_if_no_figure = true;
	struct page_ctx pc = pg_planning(&f->s, LANG_EN, NULL, NULL);
	struct buf out = BUF_INIT;
	struct digest_value key;
	assert_int_equal(guide_chart_render_keyed(&pc, &rq, &out, "t.md", 1, 1, &key),
			 left_out ? 1 : 0);
	assert_int_equal(out.len == 0, left_out);
	size_t drawn = files_kept(f);
	assert_int_equal(drawn, left_out ? 0 : 1);
	buf_release(&out);
	new_build(f);
	pc = pg_planning(&f->s, LANG_EN, NULL, NULL);
	assert_int_equal(guide_chart_place_kept(&pc, &rq), 0);
	assert_int_equal(files_kept(f), drawn);
	new_build(f);
	assert_string_equal(f->log.ptr, "");
}

/* A chart without a figure is left out of the page that shows it as its
 * own (the page's lines say what is missing), no file written; an article
 * asking for it still gets it drawn saying "no data", and its file. */
static void test_a_pages_chart_without_a_figure_is_left_out(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(true);
	/* B100: no figure at all; EVIL: one result (no speed against the
	 * baseline on the other workload) and its VRAM */
	assert_page_chart(f, (struct chart_request){ .name = "gpu", .gpu = "b100" }, true);
	assert_page_chart(f, (struct chart_request){ .name = "gpu", .gpu = "evil" }, false);
	assert_page_chart(f, (struct chart_request){ .name = "gpu", .gpu = "h100-80gb" }, false);
	/* a pair chart draws what both have: B100 has nothing */
	assert_page_chart(f, (struct chart_request){ .name = "pair", .gpu = "b100",
						      .other = "evil" }, true);
	assert_page_chart(f, (struct chart_request){ .name = "pair", .gpu = "rtx-4090",
						      .other = "evil" }, false);

	/* the page leaves it out; an article's copy is drawn and placed */
	struct page_ctx pc = pg_planning(&f->s, LANG_EN, NULL, NULL);
	struct chart_request rq = { .name = "gpu", .gpu = "b100", .page_path = "gpus/b100/",
				    .omit_if_no_figure = true };
	struct buf out = BUF_INIT;
	assert_int_equal(guide_chart_render_keyed(&pc, &rq, &out, "t.md", 1, 1, NULL), 1);
	rq.omit_if_no_figure = false;
	rq.page_path = "articles/a/";
	assert_int_equal(guide_chart_render_keyed(&pc, &rq, &out, "t.md", 1, 1, NULL), 0);
	assert_non_null(strstr(out.ptr, "<figcaption>No source gives these figures yet."));
	assert_int_equal(files_kept(f), 1);
	/* and a page asking again finds it drawn, and still leaves it out */
	size_t len = out.len;
	rq.omit_if_no_figure = true;
	rq.page_path = "gpus/b100/";
	assert_int_equal(guide_chart_render_keyed(&pc, &rq, &out, "t.md", 1, 1, NULL), 1);
	assert_int_equal(out.len, len);
	buf_release(&out);
	new_build(f);

	/* no figure on either side: EVIL's VRAM and price taken away, no
	 * results at all */
	fixture_free(f);
	f = fixture_new(false);
	struct data *d = &f->s.in.data;
	d->gpus[EVIL].vram_gb = d->gpus[B100].vram_gb;
	d->nprices--; /* EVIL's, the last added */
	metrics_compute(d, NULL, &f->s.in.metrics);
	assert_page_chart(f, (struct chart_request){ .name = "pair", .gpu = "b100",
						      .other = "evil" }, true);
	assert_page_chart(f, (struct chart_request){ .name = "pair", .gpu = "evil",
						      .other = "rtx-4090" }, true);
	assert_page_chart(f, (struct chart_request){ .name = "pair", .gpu = "a100-80gb",
						      .other = "rtx-4090" }, false);
	assert_page_chart(f, (struct chart_request){ .name = "gpu", .gpu = "evil" }, true);
	assert_page_chart(f, (struct chart_request){ .name = "gpu", .gpu = "a100-80gb" }, false);
	/* any other kind a kept page may show is told by drawing it: no
	 * result, no speed chart; a job with a priced time has its cost */
	assert_page_chart(f, (struct chart_request){ .name = "relative-speed" }, true);
	assert_page_chart(f, (struct chart_request){ .name = "task-cost", .task = "scratch-13b" },
			  false);
	d->nprices = 0; /* no price at all: no cost */
	metrics_compute(d, NULL, &f->s.in.metrics);
	assert_page_chart(f, (struct chart_request){ .name = "task-cost", .task = "scratch-13b" },
			  true);
	fixture_free(f);
}

/* A figure drawn while a page renders is kept, and the next page finds it
 * (that page's arena gone): the same bytes and key, not drawn again (the
 * memo is not asked), a page's own link aside. */
static void test_a_figure_drawn_while_rendering_is_found_by_the_next_page(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(true);
	struct drawing_memo m = { .n = 0 };
	struct markdown_memo memo = { dm_find, dm_keep, &m, NULL, NULL, NULL };
	struct keyed_figures *first = calloc(1, sizeof *first), *next = calloc(1, sizeof *next);
	render_keyed(f, &memo, "compare/a/", false, first);
	size_t drawn = m.n;
	assert_true(drawn > 0);
	render_keyed(f, &memo, "compare/b/", false, next);
	assert_int_equal(m.n, drawn);
	assert_int_equal(m.found, 0);
	assert_int_equal(next->n, first->n);
	for (size_t i = 0; i < first->n; i++) {
		assert_string_equal(next->html[i].ptr, first->html[i].ptr);
		assert_true(digest_equal(next->key[i], first->key[i]));
		buf_release(&first->html[i]);
		buf_release(&next->html[i]);
	}
	free(first);
	free(next);
	for (size_t i = 0; i < m.n; i++)
		buf_release(&m.rec[i]);
	fixture_free(f);
}

/* A drawing kept in the memo is the drawing: the charts drawn from it are
 * those drawn without it; a chart whose figure changed, or whose record is
 * damaged, is drawn anew. */
static void test_drawings_from_the_memo_are_the_drawings(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(true);
	struct drawing_memo m = { .n = 0 };
	struct markdown_memo memo = { dm_find, dm_keep, &m, NULL, NULL, NULL };
	struct buf fresh = BUF_INIT, kept = BUF_INIT, again = BUF_INIT;
	render_all(f, NULL, &fresh);
	new_build(f);
	render_all(f, &memo, &kept);
	size_t drawn = m.n;
	assert_true(drawn > 0);
	assert_int_equal(m.found, 0);
	new_build(f);
	render_all(f, &memo, &again);
	assert_int_equal(m.found, drawn);
	assert_int_equal(m.n, drawn);
	assert_string_equal(kept.ptr, fresh.ptr);
	assert_string_equal(again.ptr, fresh.ptr);

	/* another price: the cost charts are drawn anew, as without the memo */
	struct data *d = &f->s.in.data;
	for (size_t i = 0; i < d->nprices; i++)
		if (d->prices[i].gpu == RTX4090)
			d->prices[i].usd_per_hour = 0.41;
	metrics_compute(d, NULL, &f->s.in.metrics);
	buf_reset(&fresh);
	buf_reset(&again);
	new_build(f);
	render_all(f, NULL, &fresh);
	new_build(f);
	render_all(f, &memo, &again);
	assert_true(m.n > drawn);
	assert_string_equal(again.ptr, fresh.ptr);

	/* records cut short: read as none, drawn again */
	for (size_t i = 0; i < m.n; i++)
		buf_truncate(&m.rec[i], m.rec[i].len / 2);
	buf_reset(&again);
	new_build(f);
	render_all(f, &memo, &again);
	assert_string_equal(again.ptr, fresh.ptr);

	for (size_t i = 0; i < m.n; i++)
		buf_release(&m.rec[i]);
	buf_release(&fresh);
	buf_release(&kept);
	buf_release(&again);
	fixture_free(f);
}

/* A figure's key stands for its bytes: drawn fresh, from the memo, found
 * among the figures drawn while planning or rendering, on another page,
 * with another price (builds of their own), two figures have one key
 * exactly when they are the same bytes. */
static void test_a_figure_has_one_key_for_one_text(void **state)
{
	(void)state;
	struct fixture *f = fixture_new(true);
	struct drawing_memo m = { .n = 0 };
	struct markdown_memo memo = { dm_find, dm_keep, &m, NULL, NULL, NULL };
	struct keyed_figures *kf = calloc(1, sizeof *kf);
	/* pages of one depth (one link to the file), each its first copy */
	render_keyed(f, NULL, "compare/a/", false, kf);
	new_build(f);
	render_keyed(f, &memo, "compare/b/", false, kf);
	new_build(f);
	render_keyed(f, &memo, "compare/c/", false, kf); /* from the memo */
	render_keyed(f, NULL, "compare/e/", false, kf);  /* found, drawn while rendering */
	new_build(f);
	render_keyed(f, NULL, "report/", true, kf);
	render_keyed(f, NULL, "tasks/", true, kf);       /* found, drawn while planning */
	render_keyed(f, NULL, "report/", false, kf);     /* a second copy: its own id */
	struct data *d = &f->s.in.data;
	for (size_t i = 0; i < d->nprices; i++)
		if (d->prices[i].gpu == RTX4090)
			d->prices[i].usd_per_hour = 0.41;
	metrics_compute(d, NULL, &f->s.in.metrics);
	new_build(f);
	render_keyed(f, &memo, "compare/d/", false, kf);
	assert_true(m.found > 0);
	size_t same = 0;
	for (size_t i = 0; i < kf->n; i++)
		for (size_t j = i + 1; j < kf->n; j++) {
			bool equal = !strcmp(kf->html[i].ptr, kf->html[j].ptr);
			assert_int_equal(digest_equal(kf->key[i], kf->key[j]), equal);
			same += equal;
		}
	assert_true(same > 0); /* not blind: figures met again */
	for (size_t i = 0; i < kf->n; i++)
		buf_release(&kf->html[i]);
	free(kf);
	for (size_t i = 0; i < m.n; i++)
		buf_release(&m.rec[i]);
	fixture_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_chart_kind_is_svg_with_title_desc_and_table),
		cmocka_unit_test(test_titles_and_names_are_in_the_page_language),
		cmocka_unit_test(test_task_cost_table_holds_the_figures_and_marks_the_cheapest),
		cmocka_unit_test(test_relative_speed_table_holds_the_results),
		cmocka_unit_test(test_pair_table_sorts_by_each_figure),
		cmocka_unit_test(test_pair_chart_says_its_rows_in_words),
		cmocka_unit_test(test_gpu_named_like_markup_is_drawn_as_text),
		cmocka_unit_test(test_unknown_names_are_errors_at_the_position),
		cmocka_unit_test(test_no_results_give_a_no_data_chart),
		cmocka_unit_test(test_a_gpu_has_the_same_colour_in_every_chart),
		cmocka_unit_test(test_link_to_the_standalone_file_is_relative_to_the_page),
		cmocka_unit_test(test_second_copy_on_a_page_gets_its_own_id),
		cmocka_unit_test(test_standalone_files_are_written_once_per_language),
		cmocka_unit_test(test_charts_drawn_while_rendering_are_written_at_once),
		cmocka_unit_test(test_vram_fit_counts_cards_needed),
		cmocka_unit_test(test_a_chart_drawn_again_is_the_same_figure_linked_from_its_page),
		cmocka_unit_test(test_a_figure_drawn_while_rendering_is_found_by_the_next_page),
		cmocka_unit_test(test_drawings_from_the_memo_are_the_drawings),
		cmocka_unit_test(test_a_figure_has_one_key_for_one_text),
		cmocka_unit_test(test_a_pages_chart_without_a_figure_is_left_out),
	};
	int rc = cmocka_run_group_tests_name("guide_charts", tests, NULL, NULL);
	xmlCleanupParser();
	return rc;
}
