/* Tests for chart: ticks, scales, text measure, layout without overlaps,
 * escaping, accessibility attributes, no-data charts and each chart kind. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/buf.h"
#include "chart/chart.h"
#include "chart/chart_scatter.h"
#include "chart/chart_layout.h"
#include "chart/chart_scale.h"
#include "base/numfmt.h"
#include "base/text.h"
#include "base/text_wrap.h"

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct chart_text TXT = {
	.title = "Hourly price",
	.desc = "Lowest on-demand price per hour for each GPU.",
	.axis_title = "USD per hour",
	.axis2_title = "Relative speed",
	.no_data = "No data",
	.log_scale = "log scale",
};

/* ------------------------------------------------------------ helpers */

static xmlDocPtr parse_svg(const struct buf *b)
{
	xmlDocPtr doc = xmlReadMemory(b->ptr, (int)b->len, "chart.svg", NULL,
				      XML_PARSE_NONET | XML_PARSE_NOERROR |
					      XML_PARSE_NOWARNING);
	assert_non_null(doc);
	return doc;
}

static char *attr(xmlNodePtr n, const char *name)
{
	return (char *)xmlGetProp(n, (const xmlChar *)name);
}

/* Concatenated direct text children of n (not the <title> inside). */
static void own_text(xmlNodePtr n, struct buf *out)
{
	for (xmlNodePtr c = n->children; c; c = c->next)
		if (c->type == XML_TEXT_NODE)
			buf_adds(out, (const char *)c->content);
}

/* Count elements named `name` whose own text is `text` (NULL: any). */
static int count_elems(xmlNodePtr n, const char *name, const char *text)
{
	int count = 0;
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (strcmp((const char *)n->name, name) == 0) {
			struct buf b = BUF_INIT;
			own_text(n, &b);
			if (!text || strcmp(b.ptr, text) == 0)
				count++;
			buf_release(&b);
		}
		count += count_elems(n->children, name, text);
	}
	return count;
}

/* Count elements whose class attribute contains the word `cls`. */
static int count_class(xmlNodePtr n, const char *cls)
{
	int count = 0;
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		char *c = attr(n, "class");
		if (c) {
			char *save = NULL;
			for (char *w = strtok_r(c, " ", &save); w;
			     w = strtok_r(NULL, " ", &save))
				count += strcmp(w, cls) == 0;
			xmlFree(c);
		}
		count += count_class(n->children, cls);
	}
	return count;
}

/* A random double in [0, 1) from xorshift64: a stream of its own, so the
 * random layouts of test_random_inputs_never_overlap stay as they were. */
static double coord_random(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return (double)(*x >> 11) / 9007199254740992.0;
}

static bool is_mark(const struct chart_item *it)
{
	return it->kind == CHART_ITEM_BAR || it->kind == CHART_ITEM_POINT;
}

/* Texts never overlap texts or data marks; everything is inside the
 * viewBox. Prints the offenders to help whoever breaks it. */
static void assert_no_overlap(const struct chart_layout *lay)
{
	for (size_t i = 0; i < lay->n; i++) {
		const struct chart_item *a = &lay->items[i];
		if (a->kind != CHART_ITEM_RULE) {
			if (a->box.x < -0.01 || a->box.y < -0.01 ||
			    a->box.x + a->box.w > lay->width + 0.01 ||
			    a->box.y + a->box.h > lay->height + 0.01)
				fail_msg("item %zu '%s' (%.1f,%.1f %.1fx%.1f) "
					 "outside %.1fx%.1f",
					 i, a->text ? a->text : "", a->box.x,
					 a->box.y, a->box.w, a->box.h,
					 lay->width, lay->height);
		}
		if (a->kind != CHART_ITEM_TEXT)
			continue;
		for (size_t j = 0; j < lay->n; j++) {
			const struct chart_item *b = &lay->items[j];
			if (j == i || !(b->kind == CHART_ITEM_TEXT || is_mark(b)))
				continue;
			if (chart_box_overlap(&a->box, &b->box))
				fail_msg("'%s' (%.1f,%.1f %.1fx%.1f) overlaps "
					 "%s '%s' (%.1f,%.1f %.1fx%.1f)",
					 a->text, a->box.x, a->box.y, a->box.w,
					 a->box.h,
					 b->kind == CHART_ITEM_TEXT ? "text"
								    : "mark",
					 b->text ? b->text : "", b->box.x,
					 b->box.y, b->box.w, b->box.h);
		}
	}
}

/* A chart given a width (chart_text.width) is exactly that wide, and its
 * text is never smaller than CHART_FONT_SMALL: shown that wide, no label
 * is under CHART_FONT_SMALL px. */
static void assert_framed(const struct chart_layout *lay,
			  const struct chart_text *t)
{
	if (t->width > 0 && fabs(lay->width - t->width) > 0.01)
		fail_msg("laid out %.1f wide, asked for %.1f", lay->width, t->width);
	for (size_t i = 0; i < lay->n; i++)
		if (lay->items[i].kind == CHART_ITEM_TEXT &&
		    lay->items[i].font_px < CHART_FONT_SMALL)
			fail_msg("'%s' at %.1f units", lay->items[i].text,
				 lay->items[i].font_px);
}

static size_t count_kind(const struct chart_layout *lay,
			 enum chart_item_kind kind)
{
	size_t n = 0;
	for (size_t i = 0; i < lay->n; i++)
		n += lay->items[i].kind == kind;
	return n;
}

static bool layout_has_text(const struct chart_layout *lay, const char *s)
{
	for (size_t i = 0; i < lay->n; i++)
		if (lay->items[i].kind == CHART_ITEM_TEXT &&
		    strcmp(lay->items[i].text, s) == 0)
			return true;
	return false;
}

static void check_hbar_layout(const struct chart_bar *bars, size_t n)
{
	struct chart_layout lay = { 0 };
	assert_int_equal(chart_hbar_layout(&lay, &TXT, bars, n), 0);
	assert_no_overlap(&lay);
	chart_layout_release(&lay);
}

/* -------------------------------------------------------------- ticks */

static void test_nice_ticks_0_to_97_steps_by_20(void **state)
{
	(void)state;
	struct chart_ticks t;
	assert_int_equal(chart_scale_nice_ticks(0, 97, 8, &t), 6);
	for (size_t i = 0; i < t.n; i++)
		assert_true(fabs(t.v[i] - 20.0 * (double)i) < 1e-9);
	assert_int_equal(t.decimals, 0);
	assert_false(t.log);
}

static void test_nice_ticks_use_2_5_with_one_decimal(void **state)
{
	(void)state;
	struct chart_ticks t;
	char s[32];
	assert_int_equal(chart_scale_nice_ticks(0, 17, 8, &t), 8);
	assert_true(fabs(t.step - 2.5) < 1e-12);
	chart_scale_tick_label(&t, 1, s, sizeof s);
	assert_string_equal(s, "2.5");
	chart_scale_tick_label(&t, 7, s, sizeof s);
	assert_string_equal(s, "17.5");
	chart_scale_tick_label(&t, 0, s, sizeof s);
	assert_string_equal(s, "0.0");
}

static void test_nice_ticks_small_and_negative_ranges(void **state)
{
	(void)state;
	struct chart_ticks t;
	char s[32];
	assert_int_equal(chart_scale_nice_ticks(0.31, 0.47, 8, &t), 8);
	assert_true(fabs(t.step - 0.025) < 1e-12);
	chart_scale_tick_label(&t, 0, s, sizeof s);
	assert_string_equal(s, "0.300");
	chart_scale_tick_label(&t, 7, s, sizeof s);
	assert_string_equal(s, "0.475");
	chart_scale_nice_ticks(-3, 7, 8, &t);
	assert_true(t.v[0] <= -3 && t.v[t.n - 1] >= 7);
	for (size_t i = 0; i < t.n; i++) {
		chart_scale_tick_label(&t, i, s, sizeof s);
		assert_string_not_equal(s, "-0");
	}
}

/* Over many ranges and magnitudes: 4..8 ticks of a nice step, covering
 * the data, evenly spaced. */
static void test_nice_ticks_cover_data_with_4_to_8_nice_steps(void **state)
{
	(void)state;
	uint32_t seed = 12345;
	for (int k = 0; k < 20000; k++) {
		seed = seed * 1103515245u + 12345u;
		double a = (double)(seed >> 8) / (double)(1u << 24);
		seed = seed * 1103515245u + 12345u;
		double b = (double)(seed >> 8) / (double)(1u << 24);
		double mag = pow(10, (k % 13) - 6);
		double lo = (k % 3 == 0 ? -a : a) * mag, hi = lo + b * mag * 3;
		if (k % 5 == 0)
			lo = 0;
		struct chart_ticks t;
		size_t n = chart_scale_nice_ticks(lo, hi, 8, &t);
		if (n < 4 || n > 8)
			fail_msg("range [%g, %g]: %zu ticks", lo, hi, n);
		assert_true(t.v[0] <= lo + 1e-9 * t.step);
		assert_true(t.v[n - 1] >= hi - 1e-9 * t.step);
		double m = t.step / pow(10, floor(log10(t.step) + 1e-9));
		assert_true(fabs(m - 1) < 1e-6 || fabs(m - 2) < 1e-6 ||
			    fabs(m - 2.5) < 1e-6 || fabs(m - 5) < 1e-6);
		for (size_t i = 1; i < n; i++)
			assert_true(fabs(t.v[i] - t.v[i - 1] - t.step) <
				    1e-6 * t.step);
	}
}

static void test_nice_ticks_equal_values_include_zero(void **state)
{
	(void)state;
	struct chart_ticks t;
	chart_scale_nice_ticks(5, 5, 8, &t);
	assert_true(t.v[0] == 0 && t.v[t.n - 1] >= 5);
	chart_scale_nice_ticks(0, 0, 8, &t);
	assert_true(t.v[0] == 0 && t.v[t.n - 1] >= 1);
	chart_scale_nice_ticks(-2, -2, 8, &t);
	assert_true(t.v[0] <= -2 && t.v[t.n - 1] == 0);
	chart_scale_nice_ticks(NAN, 3, 8, &t);
	assert_true(t.n >= 2 && t.v[0] == 0);
}

static void test_log_ticks_are_powers_of_ten_below_min(void **state)
{
	(void)state;
	struct chart_ticks t;
	char s[32];
	static const char *const want[] = { "0.1", "1", "10", "100", "1,000" };
	assert_int_equal(chart_scale_log_ticks(1, 1000, 8, &t), 5);
	assert_true(t.log);
	for (size_t i = 0; i < 5; i++) {
		chart_scale_tick_label(&t, i, s, sizeof s);
		assert_string_equal(s, want[i]);
	}
	assert_int_equal(chart_scale_log_ticks(3, 250000, 8, &t), 7);
	chart_scale_tick_label(&t, 0, s, sizeof s);
	assert_string_equal(s, "1");
	chart_scale_tick_label(&t, 6, s, sizeof s);
	assert_string_equal(s, "1e6");
	/* 20 decades in at most 6 ticks: every 4th decade. */
	assert_true(chart_scale_log_ticks(1e-9, 1e10, 6, &t) <= 6);
	assert_true(t.v[0] < 1e-9 && t.v[t.n - 1] >= 1e10);
	assert_int_equal(chart_scale_log_ticks(0, 10, 8, &t), 0);
}

/* An axis groups thousands as every figure of the site does (1,500, not
 * 1500), in any language: the chart module writes the numbers itself. */
static void test_tick_labels_group_thousands(void **state)
{
	(void)state;
	struct chart_ticks t;
	char s[32];
	static const char *const want[] = { "0", "500", "1,000", "1,500", "2,000",
					    "2,500", "3,000", "3,500" };
	assert_int_equal(chart_scale_nice_ticks(0, 3350, 8, &t), 8);
	for (size_t i = 0; i < 8; i++) {
		chart_scale_tick_label(&t, i, s, sizeof s);
		assert_string_equal(s, want[i]);
	}
	chart_scale_nice_ticks(-12000, 1000, 8, &t);
	chart_scale_tick_label(&t, 0, s, sizeof s);
	assert_string_equal(s, "-12,000");
	chart_scale_nice_ticks(1000, 1001, 8, &t); /* a step with decimals */
	chart_scale_tick_label(&t, 0, s, sizeof s);
	assert_string_equal(s, "1,000.0");
	chart_scale_log_ticks(5, 10000, 8, &t);
	chart_scale_tick_label(&t, t.n - 1, s, sizeof s);
	assert_string_equal(s, "10,000");
	/* a label too long for its buffer is left ungrouped, not cut */
	char small[5];
	chart_scale_nice_ticks(0, 3350, 8, &t);
	chart_scale_tick_label(&t, 2, small, sizeof small);
	assert_string_equal(small, "1000");
	/* the numbers a chart writes for values its caller did not format */
	chart_layout_format_number(1600, s, sizeof s);
	assert_string_equal(s, "1,600");
	chart_layout_format_number(-3350.5, s, sizeof s);
	assert_string_equal(s, "-3,350.5");
	chart_layout_format_number(999.999, s, sizeof s);
	assert_string_equal(s, "1,000");
}

static void test_log_scale_only_when_positive_values_span_over_100x(void **state)
{
	(void)state;
	const double a[] = { 1, 100 }, b[] = { 1, 101 }, c[] = { 0, 1, 1000 },
		     d[] = { -1, 5, 1000 }, e[] = { 0.002, 0.5 };
	assert_false(chart_scale_wants_log(a, 2));
	assert_true(chart_scale_wants_log(b, 2));
	assert_false(chart_scale_wants_log(c, 3));
	assert_false(chart_scale_wants_log(d, 3));
	assert_true(chart_scale_wants_log(e, 2));
	assert_false(chart_scale_wants_log(a, 0));
}

static void test_scale_linear_maps_and_clamps(void **state)
{
	(void)state;
	struct chart_scale s;
	chart_scale_init(&s, 0, 100, 10, 210, false);
	assert_true(fabs(chart_scale_map(&s, 50) - 110) < 1e-9);
	assert_true(fabs(chart_scale_map(&s, 0) - 10) < 1e-9);
	assert_true(fabs(chart_scale_map(&s, 150) - 210) < 1e-9);
	assert_true(fabs(chart_scale_map(&s, -5) - 10) < 1e-9);
	/* A y axis: range reversed. */
	chart_scale_init(&s, 0, 10, 300, 100, false);
	assert_true(fabs(chart_scale_map(&s, 10) - 100) < 1e-9);
	assert_true(fabs(chart_scale_map(&s, 2.5) - 250) < 1e-9);
	/* An empty domain maps to the start. */
	chart_scale_init(&s, 3, 3, 0, 50, false);
	assert_true(chart_scale_map(&s, 3) == 0);
}

static void test_scale_log_spaces_decades_evenly(void **state)
{
	(void)state;
	struct chart_scale s;
	chart_scale_init(&s, 1, 1000, 0, 300, true);
	assert_true(fabs(chart_scale_map(&s, 10) - 100) < 1e-9);
	assert_true(fabs(chart_scale_map(&s, 100) - 200) < 1e-9);
	assert_true(fabs(chart_scale_map(&s, 1000) - 300) < 1e-9);
	assert_true(chart_scale_map(&s, 0) == 0);
	assert_true(chart_scale_map(&s, -1) == 0);
}

/* --------------------------------------------------------------- text */

static void test_text_width_counts_cjk_as_full_width(void **state)
{
	(void)state;
	assert_true(fabs(text_width("中文", 10) - 20) < 1e-9);
	assert_true(fabs(text_width("ｆｕｌｌ", 10) - 40) < 1e-9);
	assert_true(fabs(text_width("한국", 10) - 20) < 1e-9);
	double ascii = text_width("ab", 10);
	assert_true(ascii > 8 && ascii < 14);
	assert_true(text_width("iiii", 10) < text_width("MMMM", 10));
	/* Combining accent adds nothing; width scales with the font. */
	assert_true(text_width("e\xCC\x81", 10) == text_width("e", 10));
	assert_true(fabs(text_width("RTX 4090", 26) -
			 2 * text_width("RTX 4090", 13)) < 1e-9);
	assert_true(text_width("", 13) == 0);
	assert_true(text_width(NULL, 13) == 0);
}

/* The width of a text is the sum of its characters' advances, whatever
 * mix of ASCII, control, wide, combining and other characters it has. */
static void test_text_width_adds_the_advance_of_each_character(void **state)
{
	(void)state;
	const char *const chars[] = { "A", "b", " ", "\x01", "\x7f", "\xC3\xA9",
				      "\xCC\x81", "\xE4\xB8\xAD", "\xE2\x80\xA6",
				      "\xFF", "~", "\xF0\x9F\x98\x80" };
	size_t n = sizeof chars / sizeof chars[0];
	char text[64] = "";
	double sum = 0;
	for (size_t i = 0; i < n; i++) {
		strcat(text, chars[i]);
		sum += text_width(chars[i], 1); /* font 1: the advance in em */
		assert_true(text_width(text, 1) == sum);
	}
	assert_true(text_width("\x01\x1f\x7f", 10) == 0);   /* controls */
	assert_true(text_width("\xC3\xA9", 10) == 8);          /* é: 0.8 em */
	assert_true(text_width("\xE2\x80\xA6", 10) == 10);    /* … */
	assert_true(text_width("\xFF", 10) == 10);              /* bad UTF-8 */
	assert_true(text_width("\xF0\x9F\x98\x80", 10) == 10); /* emoji */
}

static void test_text_fit_abbreviates_with_ellipsis(void **state)
{
	(void)state;
	struct buf b = BUF_INIT;
	assert_false(text_fit("RTX 4090", 13, 200, &b));
	assert_string_equal(b.ptr, "RTX 4090");
	buf_reset(&b);
	assert_true(text_fit("NVIDIA GeForce RTX 4090 Founders Edition", 13,
				   100, &b));
	assert_true(text_width(b.ptr, 13) <= 100);
	assert_true(b.len > 3 && strcmp(b.ptr + b.len - 3, "\xE2\x80\xA6") == 0);
	buf_reset(&b);
	/* Never cuts inside a UTF-8 sequence. */
	assert_true(text_fit("英伟达图形处理器超长名称测试", 10, 45, &b));
	assert_string_equal(b.ptr, "英伟达…");
	assert_int_equal(xmlCheckUTF8((const xmlChar *)b.ptr), 1);
	buf_release(&b);
}

/* text_wrap of `text` gives exactly the two lines `first` and `second`. */
static void assert_wraps_in_two(const char *text, double font_px, double max_w,
				size_t max_lines, const char *first, const char *second)
{
	struct buf l[3] = { BUF_INIT, BUF_INIT, BUF_INIT };
	assert_int_equal(text_wrap(text, font_px, max_w, max_lines, l), 2);
	assert_string_equal(l[0].ptr, first);
	assert_string_equal(l[1].ptr, second);
	for (size_t i = 0; i < 3; i++)
		buf_release(&l[i]);
}

static void test_text_wrap_breaks_at_spaces_and_between_cjk(void **state)
{
	(void)state;
	struct buf l[2] = { BUF_INIT, BUF_INIT };
	assert_wraps_in_two("NVIDIA GeForce RTX 4090", 13, 110, 2, "NVIDIA GeForce", "RTX 4090");
	assert_wraps_in_two("英伟达图形处理器", 10, 40, 2, "英伟达图", "形处理器");
	assert_int_equal(text_wrap("英伟达图形处理器超长", 10, 40, 2, l), 2);
	assert_string_equal(l[1].ptr, "形处理…");
	buf_reset(&l[0]);
	buf_reset(&l[1]);
	assert_int_equal(text_wrap("H100", 13, 100, 2, l), 1);
	assert_string_equal(l[0].ptr, "H100");
	buf_release(&l[0]);
	buf_release(&l[1]);
}

/* A text measured once wraps at each width as text_wrap wraps it (a chart
 * tries a dozen widths for one label): the same lines, breaks and cuts. */
static void test_a_measured_text_wraps_as_text_wrap(void **state)
{
	(void)state;
	static const char *const texts[] = {
		"NVIDIA GeForce RTX 4090", "RTX 4090（24 GB）", "显存不足，无法运行。",
		"  leading spaces, then words", "LoRA fine-tune (7B) on A100/H100 80GB",
		"330 TFLOPS at 450 W", "英伟达图形处理器超长名称测试", "a-b/c d…e", "",
	};
	struct text_measure m;
	text_measure_init(&m, "RTX 4090（24 GB）");
	struct buf l[4] = { BUF_INIT, BUF_INIT, BUF_INIT, BUF_INIT };
	assert_int_equal(text_wrap_measured(&m, 12, 100, 3, l), 2);
	assert_string_equal(l[0].ptr, "RTX 4090");
	assert_string_equal(l[1].ptr, "（24 GB）");
	text_measure_release(&m);
	for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++) {
		text_measure_init(&m, texts[t]);
		for (double w = 4; w < 320; w += 3.3) {
			for (size_t ml = 1; ml <= 4; ml++) {
				struct buf want[4] = { BUF_INIT, BUF_INIT, BUF_INIT, BUF_INIT };
				for (size_t i = 0; i < 4; i++)
					buf_reset(&l[i]);
				size_t n = text_wrap(texts[t], 11, w, ml, want);
				assert_int_equal(text_wrap_measured(&m, 11, w, ml, l), n);
				for (size_t i = 0; i < n; i++)
					assert_string_equal(l[i].ptr, want[i].ptr);
				for (size_t i = 0; i < 4; i++)
					buf_release(&want[i]);
			}
		}
		text_measure_release(&m);
	}
	for (size_t i = 0; i < 4; i++)
		buf_release(&l[i]);
}

/* Chinese line breaking: no line ends with an opening bracket or starts
 * with a closing one, and a number keeps its unit. */
static void test_text_wrap_keeps_brackets_and_units_together(void **state)
{
	(void)state;
	struct buf l[3] = { BUF_INIT, BUF_INIT, BUF_INIT };
	/* not "RTX 4090（24" / "GB）", nor "RTX 4090（" / "24 GB）" */
	assert_wraps_in_two("RTX 4090（24 GB）", 12, 100, 3, "RTX 4090", "（24 GB）");
	/* no line starts with "，" or "。" */
	size_t n = text_wrap("显存不足，无法运行。", 10, 45, 3, l);
	assert_true(n >= 2);
	for (size_t i = 1; i < n; i++)
		assert_false(!strncmp(l[i].ptr, "，", 3) || !strncmp(l[i].ptr, "。", 3));
	for (size_t i = 0; i < 3; i++)
		buf_reset(&l[i]);
	/* a name keeps its number: not "A100 40GB 与 H100" / "80GB 的训练速度对比" */
	n = text_wrap("A100 40GB 与 H100 80GB 的训练速度对比", 15, 200, 3, l);
	assert_true(n >= 2);
	for (size_t i = 0; i < n; i++)
		assert_true(l[i].len < 4 || strcmp(l[i].ptr + l[i].len - 4, "H100"));
	for (size_t i = 0; i < 3; i++)
		buf_reset(&l[i]);
	n = text_wrap("on RTX 4090 cards", 12, 60, 3, l);
	assert_true(n >= 2);
	for (size_t i = 0; i < n; i++) /* "RTX" never ends a line, "4090" never starts one */
		assert_true((l[i].len < 3 || strcmp(l[i].ptr + l[i].len - 3, "RTX")) &&
			    strncmp(l[i].ptr, "4090", 4));
	for (size_t i = 0; i < 3; i++)
		buf_reset(&l[i]);
	/* ... but a column too narrow for the name breaks inside it rather
	 * than cut it: "A100" / "40GB", not "A100 40…" */
	assert_wraps_in_two("A100 40GB", 11, 40, 2, "A100", "40GB");
	/* a number's hyphen joins: never "(4-" / "bit, …" */
	for (double w = 30; w <= 240; w += 2) {
		n = text_wrap("QLoRA fine-tune (4-bit, customer service)", 12, w, 3, l);
		for (size_t i = 0; i < n; i++) {
			assert_true(l[i].len < 2 || strcmp(l[i].ptr + l[i].len - 2, "4-"));
			buf_reset(&l[i]);
		}
	}
	for (size_t i = 0; i < 3; i++)
		buf_release(&l[i]);
}

/* Chinese text ends a line at a clause break where one fits on it (before
 * "（", after "：", "，", "、"), not inside a word; not when that would leave
 * text out; and a chart narrowing the lines to balance them keeps it. */
static void test_text_wrap_prefers_clause_breaks(void **state)
{
	(void)state;
	static const char *title = "Mistral 7B QLoRA 4 位量化微调（客服场景）：各显卡的费用";
	struct buf l[3] = { BUF_INIT, BUF_INIT, BUF_INIT };
	/* 20 em: "……微调（客服场" would fit, split inside a word */
	assert_int_equal(text_wrap(title, 15, 300, 3, l), 2);
	assert_string_equal(l[0].ptr, "Mistral 7B QLoRA 4 位量化微调");
	assert_string_equal(l[1].ptr, "（客服场景）：各显卡的费用");
	assert_int_equal(text_wrap_clause_breaks(l, 2), 1);
	for (size_t i = 0; i < 3; i++)
		buf_reset(&l[i]);
	/* after "，" when it fits on the line */
	assert_wraps_in_two("显存不足时，可以开启梯度检查点", 10, 100, 3, "显存不足时，",
			    "可以开启梯度检查点");
	/* an early "，" would leave "癸子丑" out of two lines: plain breaks */
	assert_int_equal(text_wrap("甲，乙丙丁戊己庚辛壬癸子丑", 10, 80, 2, l), 2);
	assert_string_equal(l[0].ptr, "甲，乙丙丁戊己庚");
	assert_string_equal(l[1].ptr, "辛壬癸子丑");
	assert_int_equal(text_wrap_clause_breaks(l, 2), 0);
	for (size_t i = 0; i < 3; i++)
		buf_release(&l[i]);
	/* the title balanced on a chart: narrower lines, the same break */
	struct chart_layout lay = { 0 };
	assert_int_equal(chart_layout_text_block(&lay, title, 440, 3, 8, 30, 15,
						 CHART_ITEM_BOLD), 2);
	assert_true(layout_has_text(&lay, "Mistral 7B QLoRA 4 位量化微调"));
	assert_true(layout_has_text(&lay, "（客服场景）：各显卡的费用"));
	chart_layout_release(&lay);
}

/* ------------------------------------------------------ bar layouts */

static void test_hbar_labels_do_not_overlap_on_awkward_inputs(void **state)
{
	(void)state;
	const struct chart_bar one[] = { { "RTX 4090", 0.39, true, 0, false, "$0.39/h" } };
	check_hbar_layout(one, 1);
	const struct chart_bar equal[] = {
		{ "A100", 1.2, true, 0, false, "$1.20/h" },
		{ "H100", 1.2, true, 1, true, "$1.20/h" },
		{ "L40S", 1.2, true, 2, false, "$1.20/h" },
	};
	check_hbar_layout(equal, 3);
	const struct chart_bar zeros[] = {
		{ "A", 0, true, 0, false, "0" },
		{ "B", 0, true, 1, false, "0" },
	};
	check_hbar_layout(zeros, 2);
	const struct chart_bar range[] = {
		{ "tiny", 1, true, 0, false, NULL },
		{ "mid", 30, true, 1, false, NULL },
		{ "huge", 1000, true, 2, false, NULL },
	};
	check_hbar_layout(range, 3);
	const struct chart_bar chinese[] = {
		{ "英伟达 GeForce RTX 4090 显卡（二十四吉字节显存，桌面版）", 330,
		  true, 0, false, "330 万亿次" },
		{ "英伟达数据中心图形处理器H100 SXM5 八十吉字节", 989, true, 1, true,
		  "989 万亿次" },
		{ "超长名称超长名称超长名称超长名称超长名称超长名称超长名称", 80,
		  true, 2, false, "80 万亿次" },
	};
	check_hbar_layout(chinese, 3);
	const struct chart_bar neg[] = {
		{ "loss", -12.5, true, 0, false, "-12.5%" },
		{ "gain", 40, true, 1, false, "+40%" },
		{ "none", 0, false, 2, false, NULL },
	};
	check_hbar_layout(neg, 3);
}

static void test_hbar_twenty_bars_fit_without_overlap(void **state)
{
	(void)state;
	struct chart_bar bars[20];
	char labels[20][32], vals[20][32];
	for (int i = 0; i < 20; i++) {
		snprintf(labels[i], sizeof labels[i], "GPU model number %d", i);
		snprintf(vals[i], sizeof vals[i], "$%d.%02d/h", i, 7 * i % 100);
		bars[i] = (struct chart_bar){ labels[i], i + 0.07 * i, i % 7 != 3,
					      i % 8, i == 5, vals[i] };
	}
	struct chart_layout lay = { 0 };
	assert_int_equal(chart_hbar_layout(&lay, &TXT, bars, 20), 0);
	assert_no_overlap(&lay);
	assert_int_equal(count_kind(&lay, CHART_ITEM_BAR), 17);
	chart_layout_release(&lay);
}

static void test_hbar_long_label_is_wrapped_then_abbreviated(void **state)
{
	(void)state;
	const struct chart_bar bars[] = {
		{ "NVIDIA GeForce RTX 4090 Founders Edition with a very long "
		  "marketing name that goes on",
		  10, true, 0, false, "10" },
		{ "B", 5, true, 1, false, "5" },
	};
	struct chart_layout lay = { 0 };
	assert_int_equal(chart_hbar_layout(&lay, &TXT, bars, 2), 0);
	assert_no_overlap(&lay);
	bool found_ellipsis = false, found_tip = false;
	for (size_t i = 0; i < lay.n; i++) {
		const struct chart_item *it = &lay.items[i];
		if (it->kind != CHART_ITEM_TEXT)
			continue;
		if (strstr(it->text, "\xE2\x80\xA6"))
			found_ellipsis = true;
		if (it->tip && strcmp(it->tip, bars[0].label) == 0)
			found_tip = true;
	}
	assert_true(found_ellipsis);
	assert_true(found_tip);
	assert_true(layout_has_text(&lay, "NVIDIA GeForce RTX 4090"));
	chart_layout_release(&lay);
}

static void test_hbar_1000x_range_uses_log_axis(void **state)
{
	(void)state;
	const struct chart_bar bars[] = {
		{ "small", 2, true, 0, false, NULL },
		{ "large", 2000, true, 1, false, NULL },
	};
	struct chart_layout lay = { 0 };
	assert_int_equal(chart_hbar_layout(&lay, &TXT, bars, 2), 0);
	assert_true(layout_has_text(&lay, "1"));
	assert_true(layout_has_text(&lay, "10"));
	assert_true(layout_has_text(&lay, "100"));
	assert_true(layout_has_text(&lay, "1,000")); /* grouped as every figure */
	assert_true(layout_has_text(&lay, "2,000")); /* value label */
	assert_true(layout_has_text(&lay, "USD per hour (log scale)"));
	/* The smallest bar still has a visible length. */
	for (size_t i = 0; i < lay.n; i++)
		if (lay.items[i].kind == CHART_ITEM_BAR)
			assert_true(lay.items[i].box.w > 5);
	chart_layout_release(&lay);
}

static void test_missing_value_keeps_its_slot_saying_no_data(void **state)
{
	(void)state;
	const struct chart_bar bars[] = {
		{ "A100", 1.1, true, 0, false, "$1.10/h" },
		{ "V100", 0, false, 1, false, NULL },
	};
	struct buf out = BUF_INIT;
	assert_int_equal(chart_hbar(&out, "price", &TXT, bars, 2), 0);
	xmlDocPtr doc = parse_svg(&out);
	xmlNodePtr root = xmlDocGetRootElement(doc);
	assert_int_equal(count_elems(root, "text", "V100"), 1);
	assert_int_equal(count_elems(root, "text", "No data"), 1);
	assert_int_equal(count_class(root, "bar"), 1);
	assert_int_equal(count_class(root, "na"), 1);
	xmlFreeDoc(doc);
	buf_release(&out);
}

/* --------------------------------------------------- SVG output rules */

static void test_label_markup_is_escaped_as_text(void **state)
{
	(void)state;
	const char *evil = "<script>&\"";
	const struct chart_bar bars[] = { { evil, 1, true, 0, false, "1 & 2" } };
	struct chart_text t = TXT;
	t.title = "Ti<t>le & \"quotes\"";
	struct buf out = BUF_INIT;
	assert_int_equal(chart_hbar(&out, "esc", &t, bars, 1), 0);
	assert_null(strstr(out.ptr, "<script>"));
	xmlDocPtr doc = parse_svg(&out);
	xmlNodePtr root = xmlDocGetRootElement(doc);
	assert_int_equal(count_elems(root, "text", evil), 1);
	assert_int_equal(count_elems(root, "text", "1 & 2"), 1);
	assert_int_equal(count_elems(root, "title", t.title), 1);
	assert_int_equal(count_elems(root, "script", NULL), 0);
	xmlFreeDoc(doc);
	buf_release(&out);

	/* Bad bytes and control characters still give well-formed XML. */
	const struct chart_bar bad[] = { { "a\x01" "b\xFF\xC3", 1, true, 0, false, "1" } };
	assert_int_equal(chart_hbar(&out, "esc", &t, bad, 1), 0);
	doc = parse_svg(&out);
	root = xmlDocGetRootElement(doc);
	assert_int_equal(count_elems(root, "text", "a b\xEF\xBF\xBD\xEF\xBF\xBD"), 1);
	xmlFreeDoc(doc);
	buf_release(&out);
}

/* The exact bytes of escaped text: markup characters as entities in the
 * title, a label and a tooltip (the bar's <title>: "label: value"); tab,
 * newline, carriage return and other controls as spaces. */
static void test_title_label_and_tooltip_escape_markup_and_controls(void **state)
{
	(void)state;
	const struct chart_bar bars[] = {
		{ "L<a>&\"b\"\x01\t\r\n\x7F" "z", 1, true, 0, false, "<1 & 2>" },
	};
	struct chart_text t = TXT;
	t.title = "T<i>tle & \"q\"\tx\ny\rz\x1F!";
	struct buf out = BUF_INIT;
	assert_int_equal(chart_hbar(&out, "esc", &t, bars, 1), 0);
	assert_non_null(strstr(out.ptr,
			       "<title id=\"esc-title\">T&lt;i&gt;tle &amp; \"q\" x y z !"
			       "</title>"));
	/* the tooltip of the bar */
	assert_non_null(strstr(out.ptr, "<title>L&lt;a&gt;&amp;\"b\"     z: "
					"&lt;1 &amp; 2&gt;</title>"));
	/* the label drawn next to the bar and the value text */
	assert_non_null(strstr(out.ptr, ">L&lt;a&gt;&amp;\"b\"     z</text>"));
	assert_non_null(strstr(out.ptr, ">&lt;1 &amp; 2&gt;</text>"));
	xmlDocPtr doc = parse_svg(&out);
	xmlNodePtr root = xmlDocGetRootElement(doc);
	assert_int_equal(count_elems(root, "title", "T<i>tle & \"q\" x y z !"), 1);
	assert_int_equal(count_elems(root, "title", "L<a>&\"b\"     z: <1 & 2>"), 1);
	assert_int_equal(count_elems(root, "text", "L<a>&\"b\"     z"), 1);
	assert_int_equal(count_elems(root, "i", NULL), 0);
	xmlFreeDoc(doc);
	buf_release(&out);
}

/* Every byte sequence that is not a valid XML character in UTF-8 becomes
 * U+FFFD: stray continuation bytes, truncated and overlong sequences
 * (an overlong '<' must not sneak markup through), surrogates, code points
 * beyond U+10FFFF, U+FFFE. Valid UTF-8 is kept as it is. */
static void test_bad_utf8_becomes_replacement_characters(void **state)
{
	(void)state;
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "a\x80" "b", "a\xEF\xBF\xBD" "b" },
		{ "a\xC3", "a\xEF\xBF\xBD" },
		{ "\xC0\xBC" "b", "\xEF\xBF\xBD" "b" },         /* overlong '<' */
		{ "\xE0\x80\xBC", "\xEF\xBF\xBD" },             /* overlong '<' */
		{ "\xC0\x80", "\xEF\xBF\xBD" },                 /* overlong NUL */
		{ "\xED\xA0\x80", "\xEF\xBF\xBD" },             /* surrogate */
		{ "\xF4\x90\x80\x80", "\xEF\xBF\xBD" },         /* > U+10FFFF */
		{ "\xEF\xBF\xBE", "\xEF\xBF\xBD" },             /* U+FFFE */
		{ "\xFF\xFE", "\xEF\xBF\xBD\xEF\xBF\xBD" },
		{ "\xC3\xA9\xE6\x9A\x82\xF0\x9F\x98\x80",
		  "\xC3\xA9\xE6\x9A\x82\xF0\x9F\x98\x80" },  /* é 暂 😀 */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct chart_text t = TXT;
		t.title = cases[i].in;
		struct buf out = BUF_INIT, want = BUF_INIT;
		const struct chart_bar bars[] = { { "A", 1, true, 0, false, "1" } };
		assert_int_equal(chart_hbar(&out, "u", &t, bars, 1), 0);
		buf_addf(&want, "<title id=\"u-title\">%s</title>", cases[i].out);
		if (!strstr(out.ptr, want.ptr))
			fail_msg("case %zu: no %s in %s", i, want.ptr, out.ptr);
		xmlFreeDoc(parse_svg(&out));
		buf_release(&want);
		buf_release(&out);
	}
}

/* Elements without children are written <name .../>, with children
 * <name ...>...</name>; an empty description leaves <desc> empty. */
static void test_empty_elements_are_self_closed(void **state)
{
	(void)state;
	const struct chart_bar bars[] = { { "A", 1, true, 0, true, "1" } };
	struct chart_text t = TXT;
	t.desc = "";
	struct buf out = BUF_INIT;
	assert_int_equal(chart_hbar(&out, "e", &t, bars, 1), 0);
	assert_non_null(strstr(out.ptr, "<desc id=\"e-desc\"/>"));
	assert_non_null(strstr(out.ptr,
			       "<defs><pattern id=\"e-hatch\" width=\"6\" height=\"6\" "
			       "patternUnits=\"userSpaceOnUse\" "
			       "patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" "
			       "x2=\"0\" y2=\"6\" class=\"hatch-line\" stroke=\"#fff\" "
			       "stroke-width=\"2\" stroke-opacity=\"0.7\"/></pattern></defs>"));
	assert_non_null(strstr(out.ptr, "class=\"hatch\" fill=\"url(#e-hatch)\"/>"));
	assert_non_null(strstr(out.ptr, "class=\"c0 bar hl\" fill=\"#0072B2\" "
					"stroke=\"#222\" stroke-width=\"2\"><title>A: 1"
					"</title></rect>"));
	assert_int_equal(strncmp(out.ptr + out.len - 6, "</svg>", 6), 0);
	xmlFreeDoc(parse_svg(&out));
	buf_release(&out);
}

/* numfmt_coord prints what snprintf("%.1f") prints (after mapping
 * |v| < 0.05 to 0): on exact ties (x.25, x.75), next to them, near zero,
 * negative, huge and not finite. */
static void check_coord(double v)
{
	char got[NUMFMT_COORD_MAX], want[NUMFMT_COORD_MAX];
	size_t len = numfmt_coord(v, got);
	snprintf(want, sizeof want, "%.1f", fabs(v) < 0.05 ? 0 : v);
	if (strcmp(got, want) != 0 || len != strlen(want))
		fail_msg("%.17g: got %s, want %s", v, got, want);
}

static void test_coord_format_matches_printf(void **state)
{
	(void)state;
	uint64_t x = 88172645463325252u;
	static const double fixed[] = {
		0,        -0.0,    0.04999, 0.05,   -0.05,    0.05000001,
		-0.06,    0.25,    0.75,    -0.25,  8.25,     8.75,
		8.35,     1.05,    999999.95, 1e6,  -1e6,     1e300,
		-DBL_MAX, DBL_MIN, 123.45,  480.0,  0.1 + 0.2, 2.675,
	};
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
		check_coord(fixed[i]);
	check_coord(INFINITY);
	check_coord(-INFINITY);
	check_coord(NAN);
	for (int i = 0; i < 200000; i++) {
		/* multiples of 0.05 up to 1e6: x.x5 and x.x0 */
		double tie = floor((coord_random(&x) - 0.5) * 4e7) / 20.0;
		check_coord(tie);
		check_coord(nextafter(tie, 1e9));
		check_coord(nextafter(tie, -1e9));
		check_coord((coord_random(&x) - 0.5) *
			    pow(10, floor(coord_random(&x) * 10) - 2));
	}
}

/* A text of random pieces: markup, quotes, controls, valid and broken
 * UTF-8, into dst (at least 200 bytes). */
static void nasty_text(uint64_t *x, char *dst)
{
	static const char *const parts[] = {
		"a", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\x01",
		"\x7F", "]]>", "&amp;", "<!--", "\xC3\xA9", "\xE6\x9A\x82",
		"\xF0\x9F\x98\x80", "\x80", "\xC3", "\xFF", "\xC0\xBC",
		"\xED\xA0\x80", "\xEF\xBF\xBE", "\xF4\x90\x80\x80",
	};
	size_t n = (size_t)(coord_random(x) * 12);
	dst[0] = '\0';
	for (size_t i = 0; i < n; i++)
		strcat(dst, parts[(size_t)(coord_random(x) * (sizeof parts /
							      sizeof parts[0]))]);
}

/* Whatever the texts hold, every kind of chart is well-formed XML with
 * one <svg> root. */
static void test_random_texts_give_well_formed_svg(void **state)
{
	(void)state;
	uint64_t x = 2463534242u;
	static char texts[12][200];
	for (int iter = 0; iter < 60; iter++) {
		for (size_t i = 0; i < 12; i++)
			nasty_text(&x, texts[i]);
		/* every other one laid out for a phone */
		struct chart_text t = {
			.title = texts[0], .desc = texts[1], .axis_title = texts[2],
			.axis2_title = texts[3], .no_data = texts[4],
			.log_scale = texts[5],
			.width = iter % 2 ? CHART_WIDTH_COMPACT : 0,
		};
		const char *names[CHART_FIT_STATES] = { texts[6], texts[7], texts[8], NULL };
		struct chart_bar bars[3];
		struct chart_point pts[3];
		struct chart_value values[9];
		struct chart_series series[3];
		struct chart_fit_cell cells[9];
		for (size_t i = 0; i < 3; i++) {
			double v = 1 + coord_random(&x) * 100;
			bars[i] = (struct chart_bar){ names[i], v, i != 1, (int)i,
						      i == 0, texts[9 + i] };
			pts[i] = (struct chart_point){ names[i], v, 100 - v, true,
						       (int)i, i == 2,
						       texts[9 + i], texts[9] };
			series[i] = (struct chart_series){ texts[9 + i], (int)i,
							   i == 1 };
		}
		for (size_t i = 0; i < 9; i++) {
			values[i] = (struct chart_value){ (double)i, i != 4,
							  texts[9 + i % 3] };
			cells[i] = (struct chart_fit_cell){
				(enum chart_fit_state)(i % 3), texts[9 + i % 3],
				i % 2 ? texts[9 + (i + 1) % 3] : NULL
			};
		}
		const struct chart_scatter_opts o = { false, true, texts[11] };
		struct buf out[4] = { BUF_INIT, BUF_INIT, BUF_INIT, BUF_INIT };
		assert_int_equal(chart_hbar(&out[0], "r", &t, bars, 3), 0);
		assert_int_equal(chart_grouped(&out[1], "r", &t, names, 3, series, 3,
					       values),
				 0);
		assert_int_equal(chart_scatter(&out[2], "r", &t, pts, 3, &o), 0);
		assert_int_equal(chart_fit(&out[3], "r", &t, names, 3, names, 3,
					   cells, names),
				 0);
		for (size_t k = 0; k < 4; k++) {
			xmlDocPtr doc = parse_svg(&out[k]);
			assert_string_equal(
				(const char *)xmlDocGetRootElement(doc)->name, "svg");
			xmlFreeDoc(doc);
			buf_release(&out[k]);
		}
	}
}

static void test_svg_root_is_accessible_and_scalable(void **state)
{
	(void)state;
	const struct chart_bar bars[] = { { "A", 1, true, 0, false, "1" } };
	struct buf out = BUF_INIT;
	assert_int_equal(chart_hbar(&out, "c1", &TXT, bars, 1), 0);
	assert_memory_equal(out.ptr,
			    "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" "
			    "viewBox=\"0 0 480 ",
			    strlen("<svg xmlns=\"http://www.w3.org/2000/svg\" "
				   "role=\"img\" viewBox=\"0 0 480 "));
	assert_non_null(strstr(out.ptr, ".c0{fill:var(--c0,#0072B2)}"));
	assert_non_null(strstr(out.ptr, "text{font-family:"));
	assert_non_null(strstr(out.ptr, "fill:var(--fg,#222)"));
	xmlDocPtr doc = parse_svg(&out);
	xmlNodePtr root = xmlDocGetRootElement(doc);
	assert_string_equal((const char *)root->name, "svg");
	char *a = attr(root, "aria-labelledby");
	assert_string_equal(a, "c1-title c1-desc");
	xmlFree(a);
	assert_null(xmlHasProp(root, (const xmlChar *)"width"));
	assert_null(xmlHasProp(root, (const xmlChar *)"height"));
	xmlNodePtr title = xmlFirstElementChild(root);
	assert_string_equal((const char *)title->name, "title");
	a = attr(title, "id");
	assert_string_equal(a, "c1-title");
	xmlFree(a);
	assert_int_equal(count_elems(root, "title", TXT.title), 1);
	xmlNodePtr desc = xmlNextElementSibling(title);
	assert_string_equal((const char *)desc->name, "desc");
	a = attr(desc, "id");
	assert_string_equal(a, "c1-desc");
	xmlFree(a);
	assert_int_equal(count_elems(root, "desc", TXT.desc), 1);
	xmlFreeDoc(doc);
	buf_release(&out);
}

static void test_output_is_deterministic_with_one_decimal(void **state)
{
	(void)state;
	const struct chart_bar bars[] = {
		{ "A", 1.0 / 3, true, 0, false, NULL },
		{ "B", 2.0 / 3, true, 1, true, NULL },
	};
	struct buf a = BUF_INIT, b = BUF_INIT;
	assert_int_equal(chart_hbar(&a, "d", &TXT, bars, 2), 0);
	assert_int_equal(chart_hbar(&b, "d", &TXT, bars, 2), 0);
	assert_string_equal(a.ptr, b.ptr);
	/* Every x="..." is a number with exactly one decimal. */
	for (const char *p = strstr(a.ptr, " x=\""); p; p = strstr(p + 1, " x=\"")) {
		const char *v = p + 4;
		const char *q = strchr(v, '"');
		const char *dot = memchr(v, '.', (size_t)(q - v));
		assert_non_null(dot);
		assert_int_equal(q - dot, 2);
	}
	buf_release(&a);
	buf_release(&b);
}

static void test_ids_come_from_the_callers_prefix(void **state)
{
	(void)state;
	const struct chart_bar bars[] = { { "A", 1, true, 0, true, "1" } };
	struct buf out = BUF_INIT;
	assert_int_equal(chart_hbar(&out, "speed-2", &TXT, bars, 1), 0);
	assert_non_null(strstr(out.ptr, "id=\"speed-2\""));
	assert_non_null(strstr(out.ptr, "id=\"speed-2-title\""));
	assert_non_null(strstr(out.ptr, "id=\"speed-2-desc\""));
	assert_non_null(strstr(out.ptr, "id=\"speed-2-hatch\""));
	assert_non_null(strstr(out.ptr, "#speed-2 .c0{fill:var(--c0,#0072B2)}"));
	assert_null(strstr(out.ptr, "id=\"c1"));
	/* A bad id is refused and nothing is written. */
	assert_int_equal(chart_hbar(&out, "2bad", &TXT, bars, 1), -1);
	assert_int_equal(chart_hbar(&out, "a b", &TXT, bars, 1), -1);
	assert_int_equal(chart_hbar(&out, NULL, &TXT, bars, 1), -1);
	size_t len = out.len;
	assert_int_equal(chart_hbar(&out, "x\"y", &TXT, bars, 1), -1);
	assert_int_equal(out.len, len);
	buf_release(&out);
}

static void test_highlight_has_outline_and_pattern_not_just_colour(void **state)
{
	(void)state;
	const struct chart_bar bars[] = {
		{ "A", 1, true, 0, false, "1" },
		{ "B", 2, true, 0, true, "2" },
	};
	struct buf out = BUF_INIT;
	assert_int_equal(chart_hbar(&out, "h", &TXT, bars, 2), 0);
	xmlDocPtr doc = parse_svg(&out);
	xmlNodePtr root = xmlDocGetRootElement(doc);
	assert_int_equal(count_class(root, "hl"), 1);
	assert_int_equal(count_class(root, "hatch"), 1);
	assert_int_equal(count_class(root, "b"), 2); /* bold label and value */
	assert_int_equal(count_elems(root, "pattern", NULL), 1);
	assert_int_equal(count_elems(root, "text", "2"), 1); /* direct value */
	xmlFreeDoc(doc);
	buf_release(&out);
}

static void test_chart_without_data_says_so_instead_of_axes(void **state)
{
	(void)state;
	struct chart_text t = TXT;
	t.no_data = "暂无数据";
	struct buf out = BUF_INIT;
	assert_int_equal(chart_hbar(&out, "e", &t, NULL, 0), 0);
	const struct chart_bar missing[] = {
		{ "A", 0, false, 0, false, NULL },
		{ "B", 0, false, 1, false, NULL },
	};
	struct buf out2 = BUF_INIT;
	assert_int_equal(chart_hbar(&out2, "e", &t, missing, 2), 0);
	assert_string_equal(out.ptr, out2.ptr);
	xmlDocPtr doc = parse_svg(&out);
	xmlNodePtr root = xmlDocGetRootElement(doc);
	assert_int_equal(count_elems(root, "text", "暂无数据"), 1);
	assert_int_equal(count_elems(root, "line", NULL), 0);
	assert_int_equal(count_elems(root, "rect", NULL), 0);
	assert_int_equal(count_class(root, "chart-empty"), 1);
	assert_int_equal(count_elems(root, "title", TXT.title), 1);
	xmlFreeDoc(doc);
	buf_release(&out);
	buf_release(&out2);
}

/* ------------------------------------------------------------ grouped */

static void test_grouped_labels_each_bar_with_its_series(void **state)
{
	(void)state;
	const char *const groups[] = { "LoRA 7B", "Llama 70B 推理", "SDXL" };
	const struct chart_series series[] = {
		{ "RTX 4090", 0, true }, { "A100 80GB", 1, false }, { "H100", 2, false }
	};
	const struct chart_value values[] = {
		{ 3.1, true, "3.1 h" }, { 2.0, true, "2.0 h" }, { 1.2, true, "1.2 h" },
		{ 0, false, NULL },     { 9.5, true, "9.5 h" }, { 4.0, true, "4.0 h" },
		{ 0.5, true, "0.5 h" }, { 0.4, true, NULL },    { 0.2, true, NULL },
	};
	struct chart_layout lay = { 0 };
	assert_int_equal(chart_grouped_layout(&lay, &TXT, groups, 3, series, 3,
					      values),
			 0);
	assert_no_overlap(&lay);
	assert_int_equal(count_kind(&lay, CHART_ITEM_BAR), 8);
	chart_layout_release(&lay);

	struct buf out = BUF_INIT;
	assert_int_equal(chart_grouped(&out, "g", &TXT, groups, 3, series, 3,
				       values),
			 0);
	xmlDocPtr doc = parse_svg(&out);
	xmlNodePtr root = xmlDocGetRootElement(doc);
	assert_int_equal(count_elems(root, "text", "Llama 70B 推理"), 1);
	assert_int_equal(count_elems(root, "text", "A100 80GB"), 3);
	assert_int_equal(count_elems(root, "text", "No data"), 1);
	assert_int_equal(count_elems(root, "text", "0.4"), 1);
	assert_int_equal(count_class(root, "c2"), 3);
	xmlFreeDoc(doc);
	buf_release(&out);

	assert_int_equal(chart_grouped(&out, "g", &TXT, groups, 0, series, 3,
				       values),
			 0);
	assert_non_null(strstr(out.ptr, "chart-empty"));
	buf_release(&out);
}

/* The value of attribute `name` of every element with class word `cls`
 * must be `want`; returns how many there are. */
static int check_class_attr(xmlNodePtr n, const char *cls, const char *name,
			    const char *want)
{
	int count = 0;
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		char *c = attr(n, "class");
		if (c && (!strcmp(c, cls) || (!strncmp(c, cls, strlen(cls)) &&
					      c[strlen(cls)] == ' '))) {
			char *v = attr(n, name);
			assert_non_null(v);
			assert_string_equal(v, want);
			xmlFree(v);
			count++;
		}
		xmlFree(c);
		count += check_class_attr(n->children, cls, name, want);
	}
	return count;
}

/* A class set on many elements gives each the same presentation
 * attributes (they are written once per chart, then repeated). */
static void test_every_element_of_a_class_has_its_presentation(void **state)
{
	(void)state;
	const char *const groups[] = { "One", "Two", "Three", "Four" };
	const struct chart_series series[] = { { "RTX 4090", 0, false },
					       { "A100 80GB", 9, true } };
	const struct chart_value values[] = {
		{ 1, true, "1" }, { 2, true, "2" }, { 3, true, "3" }, { 4, true, "4" },
		{ 5, true, "5" }, { 6, true, "6" }, { 7, true, "7" }, { 8, true, "8" },
	};
	struct buf out = BUF_INIT;
	assert_int_equal(chart_grouped(&out, "g", &TXT, groups, 4, series, 2, values), 0);
	xmlDocPtr doc = parse_svg(&out);
	xmlNodePtr root = xmlDocGetRootElement(doc);
	assert_true(check_class_attr(root, "grid", "stroke", "#ddd") > 8);
	assert_true(check_class_attr(root, "grid", "stroke-width", "1") > 8);
	assert_int_equal(check_class_attr(root, "axis", "stroke", "#222"), 4);
	assert_int_equal(check_class_attr(root, "c0", "fill", "#0072B2"), 4);
	/* colour 9 is c1, hatched as a highlight: outline and pattern */
	assert_int_equal(check_class_attr(root, "c1", "stroke-width", "2"), 4);
	assert_int_equal(check_class_attr(root, "hatch", "fill", "url(#g-hatch)"), 4);
	assert_true(check_class_attr(root, "md", "font-size", "12") >= 8);
	xmlFreeDoc(doc);
	buf_release(&out);
}

/* A bar's tooltip is its label and value: "label: value". */
static void test_bar_tooltip_is_label_and_value(void **state)
{
	(void)state;
	const struct chart_bar bars[] = { { "RTX 4090", 1.5, true, 0, false, "1.5 h" },
					  { NULL, 2, true, 1, false, "2 h" } };
	struct buf out = BUF_INIT;
	assert_int_equal(chart_hbar(&out, "t", &TXT, bars, 2), 0);
	assert_non_null(strstr(out.ptr, "<title>RTX 4090: 1.5 h</title>"));
	assert_non_null(strstr(out.ptr, "<title>: 2 h</title>"));
	buf_release(&out);
}

/* ------------------------------------------------------------ scatter */

static void test_frontier_keeps_points_nothing_beats(void **state)
{
	(void)state;
	/* x = price (lower better), y = speed (higher better). */
	const struct chart_point p[] = {
		{ "cheap slow", 0.3, 1.0, true, 0, false, NULL, NULL },
		{ "mid", 1.0, 2.0, true, 0, false, NULL, NULL },
		{ "dominated", 1.2, 1.5, true, 0, false, NULL, NULL },
		{ "fast", 2.5, 4.0, true, 0, false, NULL, NULL },
		{ "same price slower", 2.5, 3.0, true, 0, false, NULL, NULL },
		{ "no data", 0.1, 9, false, 0, false, NULL, NULL },
	};
	bool front[6];
	assert_int_equal(chart_frontier(p, 6, false, true, front), 3);
	assert_true(front[0] && front[1] && front[3]);
	assert_false(front[2] || front[4] || front[5]);
	/* Lower y better too (e.g. hours): cheapest and quickest win. */
	assert_int_equal(chart_frontier(p, 6, false, false, front), 1);
	assert_true(front[0]);
}

static void test_scatter_draws_frontier_and_unclashing_labels(void **state)
{
	(void)state;
	struct chart_point p[12];
	char names[12][32];
	for (int i = 0; i < 12; i++) {
		snprintf(names[i], sizeof names[i], "GPU %c", 'A' + i);
		p[i] = (struct chart_point){ names[i], 0.2 + 0.3 * i,
					     1 + (i * 7 % 12) * 0.5, i != 11,
					     i % 8, i == 4, NULL, NULL };
	}
	/* Several points on the same spot: not all labels can sit there. */
	p[1].x = p[2].x = p[3].x = p[0].x;
	p[1].y = p[2].y = p[3].y = p[0].y;
	const struct chart_scatter_opts o = { false, true, "Best value" };
	struct chart_layout lay = { 0 };
	assert_int_equal(chart_scatter_layout(&lay, &TXT, p, 12, &o), 0);
	assert_no_overlap(&lay);
	assert_true(lay.path_n >= 2);
	assert_int_equal(count_kind(&lay, CHART_ITEM_POINT), 11);
	/* No label is crossed by the frontier line. */
	for (size_t i = 0; i < lay.n; i++) {
		const struct chart_box *b = &lay.items[i].box;
		if (lay.items[i].kind != CHART_ITEM_TEXT)
			continue;
		for (size_t s = 1; s < lay.path_n; s++)
			for (int k = 0; k <= 200; k++) {
				double f = k / 200.0;
				double x = lay.path[2 * s - 2] * (1 - f) +
					   lay.path[2 * s] * f;
				double y = lay.path[2 * s - 1] * (1 - f) +
					   lay.path[2 * s + 1] * f;
				if (x > b->x && x < b->x + b->w && y > b->y &&
				    y < b->y + b->h)
					fail_msg("frontier crosses '%s'",
						 lay.items[i].text);
			}
	}
	/* The point without data is listed as such under the plot. */
	assert_true(layout_has_text(&lay, "GPU L: No data"));
	chart_layout_release(&lay);

	struct buf out = BUF_INIT;
	assert_int_equal(chart_scatter(&out, "s", &TXT, p, 12, &o), 0);
	xmlDocPtr doc = parse_svg(&out);
	xmlNodePtr root = xmlDocGetRootElement(doc);
	assert_int_equal(count_elems(root, "polyline", NULL), 1);
	assert_int_equal(count_elems(root, "circle", NULL), 11);
	assert_int_equal(count_elems(root, "text", "Best value"), 1);
	assert_int_equal(count_elems(root, "text", TXT.axis2_title), 1);
	assert_int_equal(count_elems(root, "text", TXT.axis_title), 1);
	/* Every point's name is shown somewhere, in the plot or the key. */
	for (int i = 0; i < 12; i++) {
		bool seen = strstr(out.ptr, names[i]) != NULL;
		assert_true(seen);
	}
	xmlFreeDoc(doc);
	buf_release(&out);
}

static void test_scatter_wide_range_uses_log_axis(void **state)
{
	(void)state;
	const struct chart_point p[] = {
		{ "a", 1, 0.5, true, 0, false, "$1", "0.5x" },
		{ "b", 5000, 2, true, 1, false, "$5000", "2x" },
	};
	struct chart_layout lay = { 0 };
	assert_int_equal(chart_scatter_layout(&lay, &TXT, p, 2, NULL), 0);
	assert_no_overlap(&lay);
	assert_true(layout_has_text(&lay, "1,000"));
	assert_true(layout_has_text(&lay, "10,000"));
	assert_true(layout_has_text(&lay, "USD per hour (log scale)"));
	assert_true(layout_has_text(&lay, "Relative speed"));
	assert_int_equal(lay.path_n, 0);
	chart_layout_release(&lay);

	struct buf out = BUF_INIT;
	const struct chart_point none[] = { { "a", 0, 0, false, 0, false, NULL, NULL } };
	assert_int_equal(chart_scatter(&out, "s", &TXT, none, 1, NULL), 0);
	assert_non_null(strstr(out.ptr, "chart-empty"));
	buf_release(&out);
}

/* ----------------------------------------------------------- fit matrix */

static void test_fit_matrix_marks_states_without_colour_alone(void **state)
{
	(void)state;
	const char *const rows[] = { "7B FP16", "70B INT4", "405B FP8 超大模型名称" };
	const char *const cols[] = { "RTX 4090", "A100 80GB", "H100 SXM5 80GB",
				     "英伟达 L40S" };
	const struct chart_fit_cell cells[] = {
		{ CHART_FIT_FITS, "✓", NULL },    { CHART_FIT_FITS, "✓", NULL },
		{ CHART_FIT_FITS, "✓", NULL },    { CHART_FIT_FITS, "✓", NULL },
		{ CHART_FIT_NEEDS, "×2", NULL },  { CHART_FIT_FITS, "✓", NULL },
		{ CHART_FIT_FITS, "✓", NULL },    { CHART_FIT_NO_DATA, NULL, NULL },
		{ CHART_FIT_NEEDS, "×17", NULL }, { CHART_FIT_NEEDS, "×6", NULL },
		{ CHART_FIT_NEEDS, "×6", NULL },  { CHART_FIT_NEEDS, "×9", NULL },
	};
	const char *const names[] = { "No data", "Fits", "Needs more cards", "Tight" };
	struct chart_layout lay = { 0 };
	assert_int_equal(chart_fit_layout(&lay, &TXT, rows, 3, cols, 4, cells,
					  names),
			 0);
	assert_no_overlap(&lay);
	/* Cell texts stay inside their cells. */
	size_t cell_i = 0;
	for (size_t i = 0; i < lay.n; i++) {
		if (lay.items[i].kind == CHART_ITEM_CELL) {
			cell_i = i;
			continue;
		}
		if (lay.items[i].kind != CHART_ITEM_TEXT || cell_i == 0 ||
		    i != cell_i + 1)
			continue;
		const struct chart_box *c = &lay.items[cell_i].box,
				       *b = &lay.items[i].box;
		assert_true(b->x >= c->x && b->x + b->w <= c->x + c->w);
	}
	chart_layout_release(&lay);

	struct buf out = BUF_INIT;
	assert_int_equal(chart_fit(&out, "fit", &TXT, rows, 3, cols, 4, cells,
				   names),
			 0);
	xmlDocPtr doc = parse_svg(&out);
	xmlNodePtr root = xmlDocGetRootElement(doc);
	/* the legend's swatches: fits, needs, no data (no cell is tight:
	 * no swatch of it) */
	assert_int_equal(count_class(root, "fit-yes"), 6 + 1);
	assert_int_equal(count_class(root, "fit-need"), 5 + 1);
	assert_int_equal(count_class(root, "fit-na"), 1 + 1);
	assert_int_equal(count_class(root, "hatch"), 5 + 1);
	assert_int_equal(count_elems(root, "text", "×17"), 1);
	assert_int_equal(count_elems(root, "text", "No data"), 2);
	assert_int_equal(count_elems(root, "text", "Needs more cards"), 1);
	xmlFreeDoc(doc);
	buf_release(&out);

	const struct chart_fit_cell empty[] = { { CHART_FIT_NO_DATA, NULL, NULL } };
	assert_int_equal(chart_fit(&out, "fit", &TXT, rows, 1, cols, 1, empty,
				   NULL),
			 0);
	assert_non_null(strstr(out.ptr, "chart-empty"));
	buf_release(&out);
}

/* A cell draws its mark ("×2") and says itself in its tooltip in the words
 * it is given ("needs 2 cards"), or, given none, by its mark. */
static void test_fit_matrix_tooltip_says_a_cell_in_words(void **state)
{
	(void)state;
	const char *const rows[] = { "13B FP16 (26 GB)" };
	const char *const cols[] = { "RTX 4090", "A100 80GB", "L40S" };
	const struct chart_fit_cell cells[] = {
		{ CHART_FIT_NEEDS, "×2", "needs 2 cards" },
		{ CHART_FIT_FITS, "✓", "fits" },
		{ CHART_FIT_FITS, "✓", NULL },
	};
	const char *const names[] = { "No data", "Fits", "Needs more cards", "Tight" };
	struct buf out = BUF_INIT;
	assert_int_equal(chart_fit(&out, "fit", &TXT, rows, 1, cols, 3, cells, names), 0);
	xmlDocPtr doc = parse_svg(&out);
	xmlNodePtr root = xmlDocGetRootElement(doc);
	assert_int_equal(count_elems(root, "title", "13B FP16 (26 GB), RTX 4090: needs 2 cards"), 1);
	assert_int_equal(count_elems(root, "title", "13B FP16 (26 GB), A100 80GB: fits"), 1);
	assert_int_equal(count_elems(root, "title", "13B FP16 (26 GB), L40S: ✓"), 1);
	/* the cells still draw their marks */
	assert_int_equal(count_elems(root, "text", "×2"), 1);
	assert_int_equal(count_elems(root, "text", "✓"), 2);
	assert_int_equal(count_elems(root, "text", "needs 2 cards"), 0);
	xmlFreeDoc(doc);
	buf_release(&out);
}

static void test_fit_matrix_many_columns_widens_the_chart(void **state)
{
	(void)state;
	const char *rows[] = { "7B" };
	const char *cols[14];
	struct chart_fit_cell cells[14];
	for (int i = 0; i < 14; i++) {
		cols[i] = "GeForce RTX 4060 Ti 16GB";
		cells[i] = (struct chart_fit_cell){ CHART_FIT_FITS, "✓", NULL };
	}
	struct chart_layout lay = { 0 };
	assert_int_equal(chart_fit_layout(&lay, &TXT, rows, 1, cols, 14, cells,
					  NULL),
			 0);
	assert_true(lay.width > CHART_WIDTH);
	assert_no_overlap(&lay);
	chart_layout_release(&lay);
}

/* ------------------------------------------------ charts for a phone */

static struct chart_text compact_text(void)
{
	struct chart_text t = TXT;
	t.width = CHART_WIDTH_COMPACT;
	return t;
}

static void test_compact_hbar_puts_long_labels_above_their_bars(void **state)
{
	(void)state;
	struct chart_bar bars[] = {
		{ "ResNet-50 training speed (relative to H100)", 1, true, 0, false, "1×" },
		{ "Llama 2 13B inference throughput, 8 GPUs", 0.4, true, 1, false,
		  "1,100 requests/s" },
	};
	struct chart_text t = compact_text();
	struct chart_layout lay = { 0 };
	assert_int_equal(chart_hbar_layout(&lay, &t, bars, 2), 0);
	assert_no_overlap(&lay);
	assert_framed(&lay, &t);
	/* each label starts at the left edge, above its bar, whole */
	const struct chart_item *label = NULL, *bar = NULL;
	for (size_t i = 0; i < lay.n; i++) {
		const struct chart_item *it = &lay.items[i];
		if (it->kind == CHART_ITEM_TEXT && !strncmp(it->text, "ResNet-50", 9))
			label = label ? label : it;
		if (it->kind == CHART_ITEM_BAR && it->index == 0)
			bar = it;
	}
	assert_non_null(label);
	assert_non_null(bar);
	assert_true(fabs(label->box.x - 8) < 0.01);
	assert_true(label->box.y + label->box.h <= bar->box.y + 0.01);
	assert_null(strstr(label->text, "…"));
	/* the value is not cut either */
	assert_true(layout_has_text(&lay, "1,100 requests/s"));
	chart_layout_release(&lay);

	/* at the default width the labels stay left of the bars */
	assert_int_equal(chart_hbar_layout(&lay, &TXT, bars, 2), 0);
	assert_true(lay.width == CHART_WIDTH);
	for (size_t i = 0; i < lay.n; i++)
		if (lay.items[i].kind == CHART_ITEM_TEXT &&
		    !strncmp(lay.items[i].text, "ResNet-50", 9))
			assert_true(lay.items[i].box.x + lay.items[i].box.w <
				    lay.items[0].box.x + CHART_WIDTH * 0.5);
	chart_layout_release(&lay);
}

static void test_wrapped_labels_are_balanced(void **state)
{
	(void)state;
	const char *rows[] = { "7B FP32 (28 GB)" };
	const char *cols[] = { "A", "B" };
	struct chart_fit_cell cells[] = { { CHART_FIT_FITS, "✓", NULL },
					  { CHART_FIT_NEEDS, "×2", NULL } };
	struct chart_text t = compact_text();
	struct chart_layout lay = { 0 };
	/* the label's room is 30% of 320 units: two lines */
	assert_int_equal(chart_fit_layout(&lay, &t, rows, 1, cols, 2, cells, NULL), 0);
	assert_true(layout_has_text(&lay, "7B FP32"));
	assert_true(layout_has_text(&lay, "(28 GB)"));
	chart_layout_release(&lay);
}

static void test_fit_matrix_wraps_columns_and_names_empty_ones(void **state)
{
	(void)state;
	const char *rows[] = { "7B FP16", "13B FP16", "70B FP16" };
	const char *cols[10] = {
		"RTX 4090 (24 GB)", "A100 40GB", "H100 80GB", "A100 80GB",
		"H200 (144 GB)", "L40S", "RTX 3090", "B100", "GPU Nine", "GPU Ten",
	};
	struct chart_fit_cell cells[30];
	for (size_t r = 0; r < 3; r++)
		for (size_t c = 0; c < 10; c++)
			cells[r * 10 + c] = c == 5 || c == 7
				? (struct chart_fit_cell){ CHART_FIT_NO_DATA, NULL, NULL }
				: (struct chart_fit_cell){ CHART_FIT_FITS, "✓", NULL };
	static const char *const states[] = { "no data", "fits", "needs", "tight" };
	struct chart_text t = compact_text();
	t.omitted = "No VRAM figure: ";
	t.list_sep = " / ";
	struct chart_layout lay = { 0 };
	assert_int_equal(chart_fit_layout(&lay, &t, rows, 3, cols, 10, cells, states), 0);
	assert_no_overlap(&lay);
	assert_framed(&lay, &t);
	/* 8 columns drawn (3 rows each), in blocks: two heads of "A100" */
	assert_int_equal(count_kind(&lay, CHART_ITEM_CELL), 24);
	size_t heads = 0;
	for (size_t i = 0; i < lay.n; i++)
		heads += lay.items[i].kind == CHART_ITEM_TEXT &&
			 !strcmp(lay.items[i].text, "7B FP16");
	assert_true(heads >= 2);
	assert_true(layout_has_text(&lay, "No VRAM figure: L40S / B100"));
	chart_layout_release(&lay);

	/* a column with data in one row is drawn */
	cells[5] = (struct chart_fit_cell){ CHART_FIT_NEEDS, "×2", NULL };
	assert_int_equal(chart_fit_layout(&lay, &t, rows, 3, cols, 10, cells, states), 0);
	assert_int_equal(count_kind(&lay, CHART_ITEM_CELL), 27);
	assert_true(layout_has_text(&lay, "No VRAM figure: B100"));
	chart_layout_release(&lay);

	/* a wide matrix leaves out the same columns (chart_fit_columns, which
	 * a table of it uses too), named alike */
	cells[5] = (struct chart_fit_cell){ CHART_FIT_NO_DATA, NULL, NULL };
	struct chart_text w = TXT;
	w.omitted = "No VRAM figure: ";
	w.list_sep = " / ";
	assert_int_equal(chart_fit_layout(&lay, &w, rows, 3, cols, 10, cells, states), 0);
	assert_no_overlap(&lay);
	assert_int_equal(count_kind(&lay, CHART_ITEM_CELL), 24);
	assert_true(layout_has_text(&lay, "No VRAM figure: L40S / B100"));
	chart_layout_release(&lay);
	size_t keep[10];
	assert_int_equal(chart_fit_columns(cells, 3, 10, keep), 8);
	assert_int_equal(keep[5], 6);
	assert_int_equal(keep[6], 8);
}

/* ------------------------------------------------ random awkward inputs */

static uint32_t rnd_state = 2024;

static uint32_t rnd(uint32_t n)
{
	rnd_state = rnd_state * 1103515245u + 12345u;
	return (rnd_state >> 8) % n;
}

/* A label of 0..40 pieces mixing ASCII words, CJK and markup. */
static void random_label(char *dst, size_t cap)
{
	static const char *const parts[] = {
		"RTX", "4090", " ", "英伟达", "显卡", "H100 SXM5", "-", "80GB",
		"<b>", "&", "Founders Edition", "超长名称", "/", "é", "W",
	};
	size_t len = 0, n = rnd(12);
	dst[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		const char *p = parts[rnd(sizeof parts / sizeof parts[0])];
		if (len + strlen(p) + 1 >= cap)
			break;
		strcpy(dst + len, p);
		len += strlen(p);
	}
}

static double random_value(void)
{
	switch (rnd(5)) {
	case 0:
		return 0;
	case 1:
		return 1000;
	case 2:
		return (double)rnd(100) / 7;
	case 3:
		return pow(10, (double)rnd(8) - 3) * (1 + rnd(9));
	default:
		return 1.5;
	}
}

/* Every kind of chart from the same random inputs: no overlap, and a chart
 * given a width is exactly that wide with no text under CHART_FONT_SMALL. */
static void check_random_layouts(const struct chart_text *t,
				 const struct chart_bar *bars,
				 const struct chart_point *pts,
				 const struct chart_value *values,
				 const struct chart_fit_cell *cells,
				 const char *const *names, size_t n)
{
	struct chart_layout lay = { 0 };
	assert_int_equal(chart_hbar_layout(&lay, t, bars, n), 0);
	assert_no_overlap(&lay);
	assert_framed(&lay, t);
	chart_layout_release(&lay);
	const struct chart_scatter_opts o = { rnd(2), rnd(2), "Frontier" };
	assert_int_equal(chart_scatter_layout(&lay, t, pts, n, &o), 0);
	assert_no_overlap(&lay);
	assert_framed(&lay, t);
	chart_layout_release(&lay);
	size_t g = n ? 1 + rnd((uint32_t)n) : 0, s = g ? n / g : 0;
	assert_int_equal(chart_grouped_layout(&lay, t, names, g, NULL, 0,
					      values),
			 0);
	chart_layout_release(&lay);
	struct chart_series series[25];
	for (size_t i = 0; i < s; i++)
		series[i] = (struct chart_series){ names[i], (int)i, i == 0 };
	assert_int_equal(chart_grouped_layout(&lay, t, names, g, series, s,
					      values),
			 0);
	assert_no_overlap(&lay);
	assert_framed(&lay, t);
	chart_layout_release(&lay);
	static const char *const states[] = { "No data", "Fits", "Needs", "Tight" };
	assert_int_equal(chart_fit_layout(&lay, t, names, g, names, s, cells,
					  states),
			 0);
	assert_no_overlap(&lay);
	assert_framed(&lay, t);
	chart_layout_release(&lay);
}

static void test_random_inputs_never_overlap(void **state)
{
	(void)state;
	static char labels[25][200], vals[25][40];
	for (int iter = 0; iter < 300; iter++) {
		size_t n = rnd(25);
		struct chart_bar bars[25];
		struct chart_point pts[25];
		struct chart_value values[25];
		struct chart_fit_cell cells[25];
		const char *names[25];
		for (size_t i = 0; i < n; i++) {
			random_label(labels[i], sizeof labels[i]);
			names[i] = labels[i];
			double v = random_value();
			snprintf(vals[i], sizeof vals[i], "%.2f %s", v,
				 rnd(2) ? "万亿次" : "h");
			const char *vt = rnd(3) ? vals[i] : NULL;
			bool has = rnd(6) != 0;
			bars[i] = (struct chart_bar){ labels[i], v, has, (int)rnd(9),
						      rnd(4) == 0, vt };
			pts[i] = (struct chart_point){ labels[i], random_value(), v,
						       has, (int)rnd(8),
						       rnd(5) == 0, vt, NULL };
			values[i] = (struct chart_value){ v, has, vt };
			cells[i] = (struct chart_fit_cell){
				(enum chart_fit_state)rnd(3), rnd(2) ? vt : "✓",
				i % 2 ? "needs 2 cards" : NULL
			};
		}
		/* laid out at the default width and for a phone */
		struct chart_text compact = TXT;
		compact.width = CHART_WIDTH_COMPACT;
		const struct chart_text *frames[] = { &TXT, &compact };
		for (size_t f = 0; f < 2; f++)
			check_random_layouts(frames[f], bars, pts, values, cells,
					     names, n);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nice_ticks_0_to_97_steps_by_20),
		cmocka_unit_test(test_nice_ticks_use_2_5_with_one_decimal),
		cmocka_unit_test(test_nice_ticks_small_and_negative_ranges),
		cmocka_unit_test(test_nice_ticks_cover_data_with_4_to_8_nice_steps),
		cmocka_unit_test(test_nice_ticks_equal_values_include_zero),
		cmocka_unit_test(test_log_ticks_are_powers_of_ten_below_min),
		cmocka_unit_test(test_tick_labels_group_thousands),
		cmocka_unit_test(test_log_scale_only_when_positive_values_span_over_100x),
		cmocka_unit_test(test_scale_linear_maps_and_clamps),
		cmocka_unit_test(test_scale_log_spaces_decades_evenly),
		cmocka_unit_test(test_text_width_counts_cjk_as_full_width),
		cmocka_unit_test(test_text_width_adds_the_advance_of_each_character),
		cmocka_unit_test(test_text_fit_abbreviates_with_ellipsis),
		cmocka_unit_test(test_text_wrap_breaks_at_spaces_and_between_cjk),
		cmocka_unit_test(test_text_wrap_keeps_brackets_and_units_together),
		cmocka_unit_test(test_text_wrap_prefers_clause_breaks),
		cmocka_unit_test(test_a_measured_text_wraps_as_text_wrap),
		cmocka_unit_test(test_hbar_labels_do_not_overlap_on_awkward_inputs),
		cmocka_unit_test(test_hbar_twenty_bars_fit_without_overlap),
		cmocka_unit_test(test_hbar_long_label_is_wrapped_then_abbreviated),
		cmocka_unit_test(test_hbar_1000x_range_uses_log_axis),
		cmocka_unit_test(test_missing_value_keeps_its_slot_saying_no_data),
		cmocka_unit_test(test_label_markup_is_escaped_as_text),
		cmocka_unit_test(test_compact_hbar_puts_long_labels_above_their_bars),
		cmocka_unit_test(test_wrapped_labels_are_balanced),
		cmocka_unit_test(test_fit_matrix_wraps_columns_and_names_empty_ones),
		cmocka_unit_test(test_title_label_and_tooltip_escape_markup_and_controls),
		cmocka_unit_test(test_bad_utf8_becomes_replacement_characters),
		cmocka_unit_test(test_empty_elements_are_self_closed),
		cmocka_unit_test(test_coord_format_matches_printf),
		cmocka_unit_test(test_random_texts_give_well_formed_svg),
		cmocka_unit_test(test_svg_root_is_accessible_and_scalable),
		cmocka_unit_test(test_output_is_deterministic_with_one_decimal),
		cmocka_unit_test(test_ids_come_from_the_callers_prefix),
		cmocka_unit_test(test_highlight_has_outline_and_pattern_not_just_colour),
		cmocka_unit_test(test_chart_without_data_says_so_instead_of_axes),
		cmocka_unit_test(test_grouped_labels_each_bar_with_its_series),
		cmocka_unit_test(test_every_element_of_a_class_has_its_presentation),
		cmocka_unit_test(test_bar_tooltip_is_label_and_value),
		cmocka_unit_test(test_frontier_keeps_points_nothing_beats),
		cmocka_unit_test(test_scatter_draws_frontier_and_unclashing_labels),
		cmocka_unit_test(test_scatter_wide_range_uses_log_axis),
		cmocka_unit_test(test_fit_matrix_marks_states_without_colour_alone),
		cmocka_unit_test(test_fit_matrix_many_columns_widens_the_chart),
		cmocka_unit_test(test_fit_matrix_tooltip_says_a_cell_in_words),
		cmocka_unit_test(test_random_inputs_never_overlap),
	};
	int rc = cmocka_run_group_tests_name("chart", tests, NULL, NULL);
	xmlCleanupParser();
	return rc;
}
