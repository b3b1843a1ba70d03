/* Tests for chart_spark: the labelled sparkline of the chart layer. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/buf.h"
#include "chart/chart_spark.h"

#include <string.h>

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;
	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

static void test_every_point_is_marked_and_labelled(void **state)
{
	(void)state;
	const struct chart_spark_point pts[] = {
		{ 0, 0.55, "15 Jan 2026", "$0.55/h" },
		{ 45, 0.49, "1 Mar 2026", "$0.49/h" },
	};
	struct chart_text t = { .title = "Price history: A & B", .desc = "2 quotes" };
	struct buf out = BUF_INIT;
	assert_int_equal(chart_spark(&out, "ph", &t, pts, 2), 0);
	assert_int_equal(count(out.ptr, "<circle"), 2);
	assert_non_null(strstr(out.ptr, "<title>15 Jan 2026: $0.55/h</title>"));
	assert_non_null(strstr(out.ptr, ">1 Mar 2026</text>"));
	assert_non_null(strstr(out.ptr, ">$0.49/h</text>"));
	assert_non_null(strstr(out.ptr, "<title id=\"ph-title\">Price history: A &amp; B</title>"));
	assert_non_null(strstr(out.ptr, "role=\"img\""));
	assert_non_null(strstr(out.ptr, "<polyline points=\"52.0,"));
	/* the lower price sits lower */
	assert_non_null(strstr(out.ptr, "<circle cx=\"52.0\" cy=\"47.2\""));
	assert_non_null(strstr(out.ptr, "<circle cx=\"428.0\" cy=\"100.8\""));
	buf_release(&out);
	assert_int_equal(chart_spark(&out, "1bad", &t, pts, 2), -1);
	buf_release(&out);
}

/* Many points: the end labels always show, the others only where no two
 * labels overlap. */
static void test_labels_never_overlap(void **state)
{
	(void)state;
	struct chart_spark_point pts[30];
	for (int i = 0; i < 30; i++)
		pts[i] = (struct chart_spark_point){ i, 1 + (i % 3) * 0.1, "30 Sep 2026", "$1.20/h" };
	struct chart_text t = { .title = "Price history" };
	struct chart_layout lay;
	assert_int_equal(chart_spark_layout(&lay, &t, pts, 30), 0);
	size_t texts = 0;
	for (size_t i = 0; i < lay.n; i++) {
		if (lay.items[i].kind != CHART_ITEM_TEXT)
			continue;
		texts++;
		for (size_t j = i + 1; j < lay.n; j++)
			if (lay.items[j].kind == CHART_ITEM_TEXT)
				assert_false(chart_box_overlap(&lay.items[i].box, &lay.items[j].box));
	}
	assert_true(texts >= 5 && texts < 61); /* title, both ends, some between */
	assert_int_equal(lay.path_n, 30);
	chart_layout_release(&lay);
}

static void test_no_points_says_no_data(void **state)
{
	(void)state;
	struct chart_text t = { .title = "Price history", .no_data = "No data" };
	struct buf out = BUF_INIT;
	assert_int_equal(chart_spark(&out, "ph", &t, NULL, 0), 0);
	assert_non_null(strstr(out.ptr, "class=\"chart chart-empty\""));
	assert_int_equal(count(out.ptr, "<circle"), 0);
	buf_release(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_point_is_marked_and_labelled),
		cmocka_unit_test(test_labels_never_overlap),
		cmocka_unit_test(test_no_points_says_no_data),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
