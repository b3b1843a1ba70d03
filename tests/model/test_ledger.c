/* Tests for ledger: figures, the pages that show them (merged in page
 * order), the CSV, and the change report (changed, added, removed, grouped
 * by cause, capped). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/buf.h"
#include "model/ledger.h"
#include "model/ledger_diff.h"

#include <stdio.h>
#include <string.h>

static const char *url(void *ctx, size_t page, struct buf *tmp)
{
	(void)ctx;
	buf_addf(tmp, "/en/p%zu/", page);
	return tmp->ptr;
}

static long page_of(void *ctx, const char *key)
{
	(void)ctx;
	long n;
	return sscanf(key, "en/p%ld/", &n) == 1 ? n : -1;
}

static const char header[] = "id,label,value,value_max,unit,inputs,pages,page_list\n";
/* the columns since figures have Chinese labels */
static const char header_zh[] =
	"id,label,label_zh,value,value_max,unit,inputs,pages,page_list\n";

static void test_pages_merge_in_page_order(void **state)
{
	(void)state;
	struct ledger lg;
	ledger_init(&lg);
	size_t price = ledger_add(&lg, "price.a", "A lowest price", "A 最低价格", "0.39", "",
				  "USD/h", "data/prices.csv:3");
	assert_int_equal(ledger_add(&lg, "price.a", "other", "其他", "1", "", "", ""), price);
	ledger_add(&lg, "price.b", "B lowest price", "B 最低价格", "1", "", "USD/h", "");
	ledger_pages_begin(&lg, 3);
	/* page 2 marks first, as a faster thread would; page 0 through the plan */
	ledger_sink_mark(ledger_page_sink(&lg, 2), NULL, price);
	ledger_sink_define(ledger_page_sink(&lg, 2), NULL, "gpu.a.vram", "A vram", "A 的显存",
			   "24", "", "GB", "data/gpus.csv:2");
	ledger_sink_define(ledger_page_sink(&lg, 1), NULL, "gpu.a.vram", "A vram", "A 的显存",
			   "24", "", "GB", "data/gpus.csv:2");
	ledger_sink_mark(ledger_page_sink(&lg, 1), NULL, price);
	ledger_sink_mark(ledger_page_sink(&lg, 1), NULL, price);
	ledger_sink_mark(&lg.plan, "en/p0/", price);
	ledger_sink_mark(&lg.plan, "en/gone/", price);
	ledger_merge(&lg, page_of, NULL);
	struct buf csv = BUF_INIT;
	ledger_write_csv(&lg, &csv, url, NULL);
	/* price.b is shown by no page: not written */
	assert_string_equal(csv.ptr,
		"id,label,label_zh,value,value_max,unit,inputs,pages,page_list\n"
		"price.a,A lowest price,A 最低价格,0.39,,USD/h,data/prices.csv:3,3,/en/p0/ /en/p1/ /en/p2/\n"
		"gpu.a.vram,A vram,A 的显存,24,,GB,data/gpus.csv:2,2,/en/p1/ /en/p2/\n");
	buf_release(&csv);
	ledger_free(&lg);
}

/* A page listed once per figure, in page order, however its marks come:
 * plan marks out of page order and repeated, a page showing a figure it
 * defines twice with another mark between. */
static void test_repeated_marks_list_a_page_once(void **state)
{
	(void)state;
	struct ledger lg;
	ledger_init(&lg);
	size_t price = ledger_add(&lg, "price.a", "A", "", "0.39", "", "USD/h", "");
	ledger_pages_begin(&lg, 4);
	ledger_sink_mark(&lg.plan, "en/p2/", price);
	ledger_sink_mark(&lg.plan, "en/p0/", price);
	ledger_sink_mark(&lg.plan, "en/p2/", price);
	struct ledger_sink *k = ledger_page_sink(&lg, 1);
	ledger_sink_define(k, NULL, "vram.a", "A vram", "", "24", "", "GB", "");
	ledger_sink_mark(k, NULL, price);
	ledger_sink_define(k, NULL, "vram.a", "A vram", "", "24", "", "GB", "");
	ledger_sink_mark(ledger_page_sink(&lg, 3), NULL, price);
	ledger_sink_mark(ledger_page_sink(&lg, 2), NULL, price);
	ledger_merge(&lg, page_of, NULL);
	struct buf csv = BUF_INIT;
	ledger_write_csv(&lg, &csv, url, NULL);
	assert_string_equal(csv.ptr, "id,label,label_zh,value,value_max,unit,inputs,pages,page_list\n"
		"price.a,A,,0.39,,USD/h,,4,/en/p0/ /en/p1/ /en/p2/ /en/p3/\n"
		"vram.a,A vram,,24,,GB,,1,/en/p1/\n");
	assert_int_equal(lg.nconflicts, 0);
	buf_release(&csv);
	ledger_free(&lg);
}

/* One figure, two printed values: a page that defines a figure the ledger
 * has with another value is a conflict, kept in page order; the same value
 * is none. */
static void test_two_values_of_one_figure_are_conflicts(void **state)
{
	(void)state;
	struct ledger lg;
	ledger_init(&lg);
	size_t mtok = ledger_add(&lg, "mtok.13b.rtx-4090", "13B per 1M tokens", "", "4.07",
				 "", "USD/1M tokens", "data/prices.csv:8");
	ledger_pages_begin(&lg, 3);
	ledger_sink_mark(ledger_page_sink(&lg, 0), NULL, mtok);
	ledger_sink_define(ledger_page_sink(&lg, 2), NULL, "mtok.13b.rtx-4090", "x", "",
			   "1.81", "", "USD/1M tokens", "data/prices.csv:3");
	ledger_sink_define(ledger_page_sink(&lg, 1), NULL, "mtok.13b.rtx-4090", "x", "",
			   "4.07", "", "USD/1M tokens", "data/prices.csv:8");
	ledger_sink_define(ledger_page_sink(&lg, 1), NULL, "range.a", "a", "", "1", "2",
			   "h", "");
	ledger_sink_define(ledger_page_sink(&lg, 2), NULL, "range.a", "a", "", "1", "3",
			   "h", "");
	ledger_merge(&lg, page_of, NULL);
	assert_int_equal(lg.nconflicts, 2);
	assert_int_equal(lg.conflicts[0].fig, mtok);
	assert_int_equal(lg.conflicts[0].page, 2);
	assert_string_equal(lg.conflicts[0].value, "1.81");
	assert_string_equal(lg.figs[mtok].value, "4.07"); /* the first value stays */
	assert_int_equal(lg.conflicts[1].page, 2);
	assert_string_equal(lg.conflicts[1].value_max, "3");
	ledger_free(&lg);
}

static void test_numbers_are_short_and_exact(void **state)
{
	(void)state;
	struct buf b = BUF_INIT;
	ledger_number(&b, 0.39 * 3);
	assert_string_equal(b.ptr, "1.17");
	buf_reset(&b);
	ledger_number(&b, 544.32);
	assert_string_equal(b.ptr, "544.32");
	buf_release(&b);
}

static void report(const char *old_text, const char *new_text, size_t cap,
		   struct buf *out, struct ledger_diff *d)
{
	assert_int_equal(ledger_diff(d, old_text, new_text), 0);
	ledger_report(d, cap, out);
}

static void test_changed_figure_names_values_row_and_pages(void **state)
{
	(void)state;
	struct ledger_diff d;
	struct buf out = BUF_INIT;
	report("id,label,value,value_max,unit,inputs,pages,page_list\n"
	       "price.rtx-4090.lowest,RTX 4090 lowest on-demand price,0.39,,USD/h,data/prices.csv:3,95,/en/tasks/lora-7b/ /zh/\n"
	       "gpu.a.vram,A vram,24,,GB,data/gpus.csv:2,1,/en/\n",
	       "id,label,value,value_max,unit,inputs,pages,page_list\n"
	       "price.rtx-4090.lowest,RTX 4090 lowest on-demand price,0.5,,USD/h,data/prices.csv:3,95,/en/tasks/lora-7b/ /zh/\n"
	       "gpu.a.vram,A vram,24,,GB,data/gpus.csv:2,1,/en/\n",
	       8, &out, &d);
	assert_int_equal(d.changed, 1);
	assert_int_equal(d.added, 0);
	assert_int_equal(d.removed, 0);
	assert_string_equal(out.ptr,
		"RTX 4090 lowest on-demand price: $0.39/h → $0.50/h (data/prices.csv:3)"
		" · 95 pages, e.g. /en/tasks/lora-7b/\n");
	ledger_diff_free(&d);
	buf_release(&out);
}

/* Figures the same in both ledgers, in another order, with a "quoted,
 * label": only the changed one, added one and removed one are told (the
 * same lines are left out before the texts are parsed). */
static void test_same_figures_in_another_order_are_no_change(void **state)
{
	(void)state;
	struct ledger_diff d;
	struct buf out = BUF_INIT;
	report("id,label,value,value_max,unit,inputs,pages,page_list\n"
	       "a.one,\"One, first\",1,,GB,data/gpus.csv:2,1,/en/\n"
	       "a.two,Two,2,,GB,data/gpus.csv:3,1,/en/\n"
	       "a.three,Three,3,,GB,data/gpus.csv:4,1,/en/\n"
	       "a.gone,Gone,9,,GB,data/gpus.csv:5,1,/en/\n"
	       "a.four,Four,4,,GB,data/gpus.csv:6,1,/en/\n",
	       "id,label,value,value_max,unit,inputs,pages,page_list\n"
	       "a.four,Four,4,,GB,data/gpus.csv:6,1,/en/\n"
	       "a.three,Three,3,,GB,data/gpus.csv:4,1,/en/\n"
	       "a.new,New,5,,GB,data/gpus.csv:7,1,/en/\n"
	       "a.two,Two,22,,GB,data/gpus.csv:3,1,/en/\n"
	       "a.one,\"One, first\",1,,GB,data/gpus.csv:2,1,/en/\n",
	       8, &out, &d);
	assert_int_equal(d.changed, 1);
	assert_int_equal(d.added, 1);
	assert_int_equal(d.removed, 1);
	assert_string_equal(d.v[0].id, "a.two");
	assert_string_equal(d.v[0].old_value, "2");
	assert_string_equal(d.v[1].id, "a.new");
	assert_string_equal(d.v[2].id, "a.gone");
	ledger_diff_free(&d);
	buf_release(&out);
}

static void test_added_and_removed(void **state)
{
	(void)state;
	struct ledger_diff d;
	struct buf out = BUF_INIT;
	report("id,label,value,value_max,unit,inputs,pages,page_list\n"
	       "cost.x.a,X on A: cost,1.76,3.52,USD,data/task_times.csv:4,2,/en/a/ /zh/a/\n",
	       "id,label,value,value_max,unit,inputs,pages,page_list\n"
	       "time.x.b,X on B: time,4,8,h,data/task_times.csv:5,1,/en/b/\n"
	       "cost.x.b,X on B: cost,,,USD,data/task_times.csv:5,1,/en/b/\n",
	       8, &out, &d);
	assert_int_equal(d.changed, 0);
	assert_int_equal(d.added, 2);
	assert_int_equal(d.removed, 1);
	assert_string_equal(out.ptr,
		"2 figures added:\n"
		"  X on B: time: 4–8 h · 1 page, e.g. /en/b/\n"
		"  X on B: cost: no data · 1 page, e.g. /en/b/\n"
		"1 figure removed:\n"
		"  X on A: cost: $1.76–$3.52 · 2 pages, e.g. /en/a/\n");
	ledger_diff_free(&d);
	buf_release(&out);
}

/* A page is counted by its whole URL in a change's page list (a page whose
 * URL another's begins with is not it), once per change. */
static void test_changes_on_a_page(void **state)
{
	(void)state;
	struct ledger_diff d;
	struct buf out = BUF_INIT;
	report("id,label,value,value_max,unit,inputs,pages,page_list\n"
	       "a,A,1,,USD,data/prices.csv:2,2,/en/report/ /zh/report/\n"
	       "b,B,2,,USD,data/prices.csv:3,1,/en/report/x/\n"
	       "c,C,3,,USD,data/prices.csv:4,1,/en/\n",
	       "id,label,value,value_max,unit,inputs,pages,page_list\n"
	       "a,A,1.5,,USD,data/prices.csv:2,2,/en/report/ /zh/report/\n"
	       "b,B,2.5,,USD,data/prices.csv:3,1,/en/report/x/\n"
	       "c,C,3,,USD,data/prices.csv:4,1,/en/\n"
	       "d,D,4,,USD,data/prices.csv:5,3,/en/ /zh/ /zh/report/\n",
	       8, &out, &d);
	assert_int_equal(d.changed, 2);
	assert_int_equal(d.added, 1);
	assert_int_equal(ledger_diff_on_page(&d, "/en/report/"), 1);
	assert_int_equal(ledger_diff_on_page(&d, "/zh/report/"), 2);
	assert_int_equal(ledger_diff_on_page(&d, "/en/"), 1);
	assert_int_equal(ledger_diff_on_page(&d, "/zh/"), 1);
	ledger_diff_free(&d);
	buf_release(&out);
}

static void test_no_earlier_ledger_reports_nothing(void **state)
{
	(void)state;
	struct ledger_diff d;
	struct buf out = BUF_INIT;
	report(NULL, "id,label,value,value_max,unit,inputs,pages,page_list\n"
	       "a,A,1,,USD,,1,/en/\n", 8, &out, &d);
	assert_int_equal(d.n, 0);
	assert_string_equal(out.ptr, "");
	ledger_diff_free(&d);
	assert_int_equal(ledger_diff(&d, "not,a,ledger\n1,2,3\n", header), -1);
	ledger_diff_free(&d);
	buf_release(&out);
}

/* One price row moves the price and every cost priced at it: one group,
 * named by that row, before a change of its own; capped. */
static void test_changes_grouped_by_cause(void **state)
{
	(void)state;
	struct buf old_text = BUF_INIT, new_text = BUF_INIT;
	buf_adds(&old_text, header);
	buf_adds(&new_text, header);
	buf_adds(&old_text, "gpu.b.tdp,B TDP,300,,W,data/gpus.csv:3,1,/en/b/\n");
	buf_adds(&new_text, "gpu.b.tdp,B TDP,350,,W,data/gpus.csv:3,1,/en/b/\n");
	/* the lowest price moves from row 3 to row 7: still grouped under 3 */
	buf_adds(&old_text, "price.a,A lowest price,0.39,,USD/h,data/prices.csv:3,4,/en/a/\n");
	buf_adds(&new_text, "price.a,A lowest price,0.44,,USD/h,data/prices.csv:7,4,/en/a/\n");
	for (int t = 0; t < 4; t++) {
		buf_addf(&old_text, "cost.t%d.a,T%d on A: cost,%d,,USD,data/task_times.csv:%d data/prices.csv:3,2,/en/t%d/\n",
			 t, t, t + 1, t + 2, t);
		buf_addf(&new_text, "cost.t%d.a,T%d on A: cost,%d.5,,USD,data/task_times.csv:%d data/prices.csv:3,2,/en/t%d/\n",
			 t, t, t + 1, t + 2, t);
	}
	struct ledger_diff d;
	struct buf out = BUF_INIT;
	report(old_text.ptr, new_text.ptr, 3, &out, &d);
	assert_int_equal(d.changed, 6);
	assert_string_equal(out.ptr,
		"data/prices.csv:3 changed 5 figures:\n"
		"  A lowest price: $0.39/h → $0.44/h · 4 pages, e.g. /en/a/\n"
		"  T0 on A: cost: $1 → $1.50 · 2 pages, e.g. /en/t0/\n"
		"  T1 on A: cost: $2 → $2.50 · 2 pages, e.g. /en/t1/\n"
		"  and 2 more\n"
		"B TDP: 300 W → 350 W (data/gpus.csv:3) · 1 page, e.g. /en/b/\n");
	ledger_diff_free(&d);
	buf_reset(&out);
	/* a cap of one group: the rest is counted */
	report(old_text.ptr, new_text.ptr, 1, &out, &d);
	assert_string_equal(out.ptr,
		"data/prices.csv:3 changed 5 figures:\n"
		"  A lowest price: $0.39/h → $0.44/h · 4 pages, e.g. /en/a/\n"
		"  and 4 more\n"
		"and 1 more changed figure\n");
	ledger_diff_free(&d);
	buf_release(&out);
	buf_release(&old_text);
	buf_release(&new_text);
}

/* The edited row's own figure (row_prefix) leads its group, and the
 * figures it moved follow, amounts as the pages print them. */
static void test_the_edited_row_leads_its_group(void **state)
{
	(void)state;
	const char *old_text =
		"id,label,value,value_max,unit,inputs,pages,page_list\n"
		"price.a,A lowest price,0.39,,USD/h,data/prices.csv:3,4,/en/a/\n"
		"month.a,A serving cost per month,1684.8,,USD/month,data/results.csv:2 data/prices.csv:3,2,/en/m/\n"
		"quote.a.p,\"A, P\",0.39,,USD/h,data/prices.csv:3,2,/en/gpus/a/\n"
		"quote.b.p,\"B, P\",0.7,,USD/h,data/prices.csv:4,2,/en/gpus/b/\n";
	const char *new_text =
		"id,label,value,value_max,unit,inputs,pages,page_list\n"
		"price.a,A lowest price,0.44,,USD/h,data/prices.csv:7,4,/en/a/\n"
		"month.a,A serving cost per month,1900.8,,USD/month,data/results.csv:2 data/prices.csv:3,2,/en/m/\n"
		"quote.a.p,\"A, P\",0.5,,USD/h,data/prices.csv:3,2,/en/gpus/a/\n"
		"quote.b.p,\"B, P\",0.75,,USD/h,data/prices.csv:4,2,/en/gpus/b/\n";
	struct ledger_diff d;
	struct buf out = BUF_INIT;
	assert_int_equal(ledger_diff(&d, old_text, new_text), 0);
	d.row_prefix = "quote.";
	ledger_report(&d, 1, &out);
	assert_string_equal(out.ptr,
		"data/prices.csv:3 A, P: $0.39/h → $0.50/h; it moved 2 figures:\n"
		"  A lowest price: $0.39/h → $0.44/h · 4 pages, e.g. /en/a/\n"
		"  and 1 more\n"
		"and 1 more changed figure\n");
	buf_reset(&out);
	ledger_report(&d, 8, &out);
	assert_string_equal(out.ptr,
		"data/prices.csv:3 A, P: $0.39/h → $0.50/h; it moved 2 figures:\n"
		"  A lowest price: $0.39/h → $0.44/h · 4 pages, e.g. /en/a/\n"
		"  A serving cost per month: $1,685/month → $1,901/month · 2 pages, e.g. /en/m/\n"
		"data/prices.csv:4 B, P: $0.70/h → $0.75/h\n");
	ledger_diff_free(&d);
	/* without a row prefix, the groups read as before */
	assert_int_equal(ledger_diff(&d, old_text, new_text), 0);
	buf_reset(&out);
	ledger_report(&d, 8, &out);
	assert_non_null(strstr(out.ptr, "data/prices.csv:3 changed 3 figures:\n"));
	ledger_diff_free(&d);
	buf_release(&out);
}

/* The Chinese label is written (quoted where CSV needs it) and read back:
 * the written ledger against itself changes nothing. */
static void test_label_zh_written_and_read_back(void **state)
{
	(void)state;
	struct ledger lg;
	ledger_init(&lg);
	size_t r = ledger_add(&lg, "speed.b.x.y", "X against Y on B: speed ratio",
			      "X 对比 Y（\"B\", 推理）：速度比", "1.5", "", "×",
			      "data/results.csv:2 data/results.csv:3");
	ledger_sink_mark(&lg.plan, "en/p0/", r);
	ledger_pages_begin(&lg, 1);
	ledger_merge(&lg, page_of, NULL);
	struct buf csv = BUF_INIT, out = BUF_INIT;
	ledger_write_csv(&lg, &csv, url, NULL);
	assert_string_equal(csv.ptr,
		"id,label,label_zh,value,value_max,unit,inputs,pages,page_list\n"
		"speed.b.x.y,X against Y on B: speed ratio,\"X 对比 Y（\"\"B\"\", 推理）：速度比\","
		"1.5,,×,data/results.csv:2 data/results.csv:3,1,/en/p0/\n");
	struct ledger_diff d;
	report(csv.ptr, csv.ptr, 8, &out, &d);
	assert_int_equal(d.n, 0);
	assert_string_equal(out.ptr, "");
	ledger_diff_free(&d);
	/* a value changed: the report gives the English label */
	char *moved = strstr(csv.ptr, ",1.5,");
	assert_non_null(moved);
	moved[3] = '7';
	struct buf old_text = BUF_INIT;
	buf_adds(&old_text, header_zh);
	buf_adds(&old_text, "speed.b.x.y,X against Y on B: speed ratio,X 对比 Y：速度比,1.5,,×,"
			    "data/results.csv:2,1,/en/p0/\n");
	report(old_text.ptr, csv.ptr, 8, &out, &d);
	assert_int_equal(d.changed, 1);
	assert_string_equal(out.ptr, "X against Y on B: speed ratio: 1.5× → 1.7× "
				     "(data/results.csv:2 data/results.csv:3) · 1 page, "
				     "e.g. /en/p0/\n");
	ledger_diff_free(&d);
	buf_release(&old_text);
	buf_release(&csv);
	buf_release(&out);
	ledger_free(&lg);
}

/* A ledger published before figures had Chinese labels (no label_zh) is
 * read: against the new one with the same figures nothing changed, and a
 * moved figure is reported, not every figure. */
static void test_ledger_without_label_zh_is_read(void **state)
{
	(void)state;
	struct buf old_text = BUF_INIT, new_text = BUF_INIT, out = BUF_INIT;
	buf_adds(&old_text, header);
	buf_adds(&new_text, header_zh);
	buf_adds(&old_text, "price.a,A lowest price,0.39,,USD/h,data/prices.csv:3,2,/en/a/ /zh/a/\n"
			    "fit.70b.fp16.a,70B model at fp16 on A: cards needed,2,,cards,"
			    "data/gpus.csv:2,1,/en/vram/\n"
			    "gone.a,Gone,1,,,,1,/en/a/\n");
	buf_adds(&new_text, "price.a,A lowest price,A 最低按需价格,0.39,,USD/h,data/prices.csv:3,2,"
			    "/en/a/ /zh/a/\n"
			    "fit.70b.fp16.a,70B model at fp16 on A: cards needed,"
			    "A 运行 70B 模型（fp16）：所需卡数,1,,cards,data/gpus.csv:2,1,/en/vram/\n");
	struct ledger_diff d;
	report(old_text.ptr, new_text.ptr, 8, &out, &d);
	assert_int_equal(d.changed, 1);
	assert_int_equal(d.added, 0);
	assert_int_equal(d.removed, 1);
	assert_string_equal(out.ptr,
		"70B model at fp16 on A: cards needed: 2 cards → 1 card (data/gpus.csv:2)"
		" · 1 page, e.g. /en/vram/\n"
		"1 figure removed:\n"
		"  Gone: 1 · 1 page, e.g. /en/a/\n");
	ledger_diff_free(&d);
	/* and the other way round (a new ledger published, an old build run) */
	buf_reset(&out);
	report(new_text.ptr, old_text.ptr, 8, &out, &d);
	assert_int_equal(d.changed, 1);
	assert_int_equal(d.added, 1);
	ledger_diff_free(&d);
	/* a text with label_zh but without a column it needs is no ledger */
	assert_int_equal(ledger_diff(&d, "id,label,label_zh\na,A,甲\n", header_zh), -1);
	ledger_diff_free(&d);
	buf_release(&old_text);
	buf_release(&new_text);
	buf_release(&out);
}

static void format(const char *v, const char *vmax, const char *unit,
		   const char *want)
{
	struct buf b = BUF_INIT;
	ledger_format_value(&b, v, vmax, unit);
	assert_string_equal(b.ptr, want);
	buf_release(&b);
}

static void test_values_read_as_the_report_prints_them(void **state)
{
	(void)state;
	format("0.39", "", "USD/h", "$0.39/h");
	format("1684.8", "", "USD/month", "$1,685/month"); /* as the pages print it */
	format("0.0042", "", "USD/1M tokens", "$0.0042 per 1M tokens");
	format("", "", "USD", "no data");
	format("1", "", "cards", "1 card");
	format("2", "", "cards", "2 cards");
	format("1.6", "", "\xc3\x97", "1.6\xc3\x97"); /* hugs, as on the pages */
	/* shares and ratios rounded as the sentences and tables print them */
	format("19.23076923", "", "%", "19%");
	format("1.590909091", "", "\xc3\x97", "1.59\xc3\x97");
	format("12.5", "", "\xc3\x97", "13\xc3\x97");
	format("4.074074074", "", "USD/1M tokens", "$4.07 per 1M tokens");
	format("1.412857143", "", "TFLOPS/W", "1.41 TFLOPS/W");
	format("3350", "", "GB/s", "3,350 GB/s");
	format("1.5", "2", "\xc3\x97", "1.5\xe2\x80\x93" "2\xc3\x97");
	format("agrees", "", "", "agrees");
}

static void test_values_that_print_alike_show_their_change(void **state)
{
	(void)state;
	struct ledger_diff d;
	struct buf out = BUF_INIT;
	report("id,label,value,value_max,unit,inputs,pages,page_list\n"
	       "by.a.b,A or B: how much less the cheaper costs,19.23076923,,%,data/prices.csv:3,2,/en/c/\n"
	       "by.c.d,C or D: how much less the cheaper costs,7.804785854,,%,data/prices.csv:4,2,/en/d/\n",
	       "id,label,value,value_max,unit,inputs,pages,page_list\n"
	       "by.a.b,A or B: how much less the cheaper costs,19.4,,%,data/prices.csv:3,2,/en/c/\n"
	       "by.c.d,C or D: how much less the cheaper costs,9.1,,%,data/prices.csv:4,2,/en/d/\n",
	       8, &out, &d);
	assert_int_equal(d.changed, 2);
	assert_string_equal(out.ptr,
		"A or B: how much less the cheaper costs: 19.23% \xe2\x86\x92 19.4% (data/prices.csv:3)"
		" \xc2\xb7 2 pages, e.g. /en/c/\n"
		"C or D: how much less the cheaper costs: 8% \xe2\x86\x92 9% (data/prices.csv:4)"
		" \xc2\xb7 2 pages, e.g. /en/d/\n");
	ledger_diff_free(&d);
	buf_release(&out);
}

/* The diff and its report of `old_text` and `new_text`, read as gen writes
 * a ledger (without the general CSV reader where the text allows), and the
 * same texts read by the CSV reader (a byte-order mark in front sends them
 * there): the same. Returns what ledger_diff returned. */
static int same_as_csv_reader(const char *old_text, const char *new_text)
{
	struct buf bom_old = BUF_INIT, bom_new = BUF_INIT, a = BUF_INIT, b = BUF_INIT;
	buf_addf(&bom_old, "\xEF\xBB\xBF%s", old_text);
	buf_addf(&bom_new, "\xEF\xBB\xBF%s", new_text);
	struct ledger_diff d, e;
	int rc = ledger_diff(&d, old_text, new_text);
	assert_int_equal(ledger_diff(&e, bom_old.ptr, bom_new.ptr), rc);
	if (rc == 0) {
		ledger_report(&d, 8, &a);
		ledger_report(&e, 8, &b);
		assert_string_equal(a.ptr, b.ptr);
		assert_int_equal(d.changed, e.changed);
		assert_int_equal(d.added, e.added);
		assert_int_equal(d.removed, e.removed);
		for (size_t i = 0; i < d.n; i++)
			assert_string_equal(d.v[i].page_list, e.v[i].page_list);
	}
	ledger_diff_free(&d);
	ledger_diff_free(&e);
	buf_release(&bom_old);
	buf_release(&bom_new);
	buf_release(&a);
	buf_release(&b);
	return rc;
}

static void test_ledger_is_read_as_the_csv_reader_reads_it(void **state)
{
	(void)state;
	const char *old_text =
		"id,label,value,value_max,unit,inputs,pages,page_list\n"
		"a,\"A, quoted \"\"x\"\"\",1,,USD,data/prices.csv:2,2,/en/ /zh/\n"
		"b,\"B on\ntwo lines\",2,,USD,,1,\"/en/b/\"\n"
		"c,C,3,,h,,1,/en/c/\n"
		"d,D,,,,,0,\n";
	const char *new_text =
		"id,label,value,value_max,unit,inputs,pages,page_list\n"
		"a,\"A, quoted \"\"x\"\"\",1.5,,USD,data/prices.csv:2,2,/en/ /zh/\n"
		"b,\"B on\ntwo lines\",2.5,,USD,,1,\"/en/b/\"\n"
		"e,\"\",4,,,,1,/en/e/\n";
	assert_int_equal(same_as_csv_reader(old_text, new_text), 0);
	assert_int_equal(same_as_csv_reader(new_text, old_text), 0);
	/* texts the fast reader leaves to the CSV reader: a blank line, no
	 * newline at the end, CR LF, a stray quote, a field too many or too
	 * few, a quote never closed, bad UTF-8 */
	static const char *const odd[] = {
		"a,A,1,,USD,,1,/en/\n\nc,C,3,,h,,1,/en/c/\n",
		"a,A,1,,USD,,1,/en/",
		"a,A,1,,USD,,1,/en/\r\nc,C,3,,h,,1,/en/c/\r\n",
		"a,A\"x,1,,USD,,1,/en/\n",
		"a,\"A\"x,1,,USD,,1,/en/\n",
		"a,A,1,,USD,,1,/en/,extra\n",
		"a,A,1,,USD,,1\n",
		"a,\"A,1,,USD,,1,/en/\n",
		"a,A\xff,1,,USD,,1,/en/\n",
		"\"a\",\"A\",\"1\",\"\",\"USD\",\"\",\"1\",\"/en/\"\n",
	};
	for (size_t i = 0; i < sizeof odd / sizeof *odd; i++) {
		struct buf t = BUF_INIT;
		buf_addf(&t, "id,label,value,value_max,unit,inputs,pages,page_list\n%s", odd[i]);
		same_as_csv_reader(old_text, t.ptr);
		same_as_csv_reader(t.ptr, new_text);
		buf_release(&t);
	}
}

/* A page's marks as a record and back, in another build's ledger (its
 * figures at other indexes): the same CSV as the marks made there; a
 * record naming a figure that ledger lacks, or cut short, marks nothing. */
static void test_marks_recorded_and_replayed(void **state)
{
	(void)state;
	struct ledger lg;
	ledger_init(&lg);
	size_t price = ledger_add(&lg, "price.a", "A", "A 价", "0.39", "", "USD/h", "x:3");
	ledger_pages_begin(&lg, 1);
	struct ledger_sink *k = ledger_page_sink(&lg, 0);
	ledger_sink_mark(k, NULL, price); /* before `from`: not recorded */
	ledger_sink_define(k, NULL, "ratio.a.b", "A over B", "A 比 B", "1.5", "", "x",
			   "x:2 x:3");
	ledger_sink_mark(k, NULL, price);
	struct buf rec = BUF_INIT;
	ledger_sink_encode(&lg, k, 1, &rec);
	ledger_free(&lg);

	struct ledger next;
	ledger_init(&next);
	ledger_add(&next, "price.b", "B", "B 价", "1", "", "USD/h", "");
	ledger_add(&next, "price.a", "A", "A 价", "0.41", "", "USD/h", "x:3");
	ledger_pages_begin(&next, 1);
	k = ledger_page_sink(&next, 0);
	assert_int_equal(ledger_sink_decode(&next, k, rec.ptr, rec.len), 0);
	assert_int_equal(k->n, 2);
	assert_int_equal(ledger_sink_decode(&next, k, rec.ptr, rec.len - 1), -1);
	assert_int_equal(k->n, 2);
	ledger_merge(&next, page_of, NULL);
	struct buf csv = BUF_INIT;
	ledger_write_csv(&next, &csv, url, NULL);
	assert_string_equal(csv.ptr, "id,label,label_zh,value,value_max,unit,inputs,pages,page_list\n"
		"price.a,A,A 价,0.41,,USD/h,x:3,1,/en/p0/\n"
		"ratio.a.b,A over B,A 比 B,1.5,,x,x:2 x:3,1,/en/p0/\n");
	ledger_free(&next);

	struct ledger other;
	ledger_init(&other);
	ledger_pages_begin(&other, 1);
	assert_int_equal(ledger_sink_decode(&other, ledger_page_sink(&other, 0), rec.ptr,
					    rec.len), -1);
	assert_int_equal(ledger_page_sink(&other, 0)->n, 0);
	ledger_free(&other);
	buf_release(&csv);
	buf_release(&rec);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pages_merge_in_page_order),
		cmocka_unit_test(test_repeated_marks_list_a_page_once),
		cmocka_unit_test(test_marks_recorded_and_replayed),
		cmocka_unit_test(test_two_values_of_one_figure_are_conflicts),
		cmocka_unit_test(test_numbers_are_short_and_exact),
		cmocka_unit_test(test_changed_figure_names_values_row_and_pages),
		cmocka_unit_test(test_added_and_removed),
		cmocka_unit_test(test_same_figures_in_another_order_are_no_change),
		cmocka_unit_test(test_changes_on_a_page),
		cmocka_unit_test(test_no_earlier_ledger_reports_nothing),
		cmocka_unit_test(test_changes_grouped_by_cause),
		cmocka_unit_test(test_label_zh_written_and_read_back),
		cmocka_unit_test(test_ledger_without_label_zh_is_read),
		cmocka_unit_test(test_values_read_as_the_report_prints_them),
		cmocka_unit_test(test_values_that_print_alike_show_their_change),
		cmocka_unit_test(test_the_edited_row_leads_its_group),
		cmocka_unit_test(test_ledger_is_read_as_the_csv_reader_reads_it),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
