/* splice: cmark's HTML with each shortcode's HTML put in, and made again
 * from that output and the record of what was changed (splice_record,
 * splice_undo): on documents of every kind of place a splice changes
 * (headings given ids, inline figures in English and Chinese with the
 * spaces around them added or taken back, blocks that drop their
 * paragraph, shortcodes in code, in a tag or left after an error), and
 * on many documents made of them at random; a record or an output that
 * does not fit is refused, the HTML left as it was. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/buf.h"
#include "markdown/splice.h"
#include "markdown/splice_doc.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* A shortcode's token into the document (splice_doc_add), which has room. */
static void add_token(struct splice_doc *d, const char *html, bool block, bool code)
{
	assert_true(splice_doc_add(d, html, block, code));
}

static const char *const ids[] = { "costs", "prices", "x&y", "a" };

/* splice_html's output of the document (after `before` in the buffer, as
 * a page's body follows its head), with and without its edits recorded
 * (the same); cmark's HTML made again from it and the record. */
static void check_undone(struct splice_doc *d, size_t nids, const char *before)
{
	struct buf out = BUF_INIT, plain = BUF_INIT, rec = BUF_INIT, back = BUF_INIT;
	struct splice_edits edits = { NULL, 0, 0 };
	buf_adds(&out, before);
	splice_html(d->html.ptr, d->html.len, ids, nids, d->items, d->n, &out, &edits);
	splice_html(d->html.ptr, d->html.len, ids, nids, d->items, d->n, &plain, NULL);
	const char *body = out.ptr + strlen(before);
	size_t len = out.len - strlen(before);
	assert_string_equal(body, plain.ptr);
	splice_record(d->html.ptr, d->html.len, len, &edits, &rec);
	buf_adds(&back, "x");
	assert_int_equal(splice_undo(body, len, rec.ptr, rec.len, &back), 0);
	assert_string_equal(back.ptr + 1, d->html.ptr);
	free(edits.v);
	buf_release(&out);
	buf_release(&plain);
	buf_release(&rec);
	buf_release(&back);
}

static void test_each_kind_of_place_is_undone(void **state)
{
	(void)state;
	struct splice_doc d;
	splice_doc_init(&d);
	buf_adds(&d.html, "<h2>Costs ");
	add_token(&d, "<b>$1.39/h</b>", false, false);
	buf_adds(&d.html, "</h2>\n<p>The RTX 4090 rents for ");
	add_token(&d, "<b>$0.39/h</b>", false, false);
	buf_adds(&d.html, " today.</p>\n<p>");
	add_token(&d, "<div class=\"t\">table</div>", true, false);
	buf_adds(&d.html, "</p>\n<hr />\n<h3>Prices</h3>\n<p>Code: <code>");
	add_token(&d, NULL, false, true);
	buf_adds(&d.html, "</code> and <img src=\"a.png\" alt=\"a ");
	add_token(&d, "<b>24 GB</b>", false, false);
	buf_adds(&d.html, "\" /> and ");
	add_token(&d, NULL, false, false); /* an error left nothing */
	buf_adds(&d.html, ".</p>\n<h4>Third</h4>\n<h5>Fourth</h5>\n<h6>Past the ids</h6>\n");
	check_undone(&d, 4, "");
	check_undone(&d, 1, "<!doctype html><main>");
	splice_doc_release(&d);
}

/* A Chinese sentence: a figure between Chinese characters takes back the
 * space typed before it and after it; one in Latin text gets one. */
static void test_spaces_taken_back_are_undone(void **state)
{
	(void)state;
	struct splice_doc d;
	splice_doc_init(&d);
	buf_adds(&d.html, "<p>按 ");
	add_token(&d, "<b>小时</b>", false, false);
	buf_adds(&d.html, " 计算，每 ");
	add_token(&d, "<b>任务（FSDP）</b>", false, false);
	buf_adds(&d.html, " 需要");
	add_token(&d, "<b>ResNet-50</b>", false, false);
	buf_adds(&d.html, "训练 ");
	add_token(&d, "<b>小时</b>", false, false);
	buf_adds(&d.html, " ");
	add_token(&d, "<b>$1.39/小时</b>", false, false);
	add_token(&d, "<b>H100</b>", false, false);
	buf_adds(&d.html, "。</p>\n");
	check_undone(&d, 0, "");
	splice_doc_release(&d);
}

/* Documents of those pieces in random order (a fixed seed). */
static void test_random_documents_are_undone(void **state)
{
	(void)state;
	static const char *const text[] = {
		"<p>", "</p>\n", " ", "  ", "text ", "价格", "，", "（", "）", "Latin",
		"<h2>", "</h2>\n", "<h7>", "<hr />", "<em>", "</em>", "<code>", "</code>",
		"<img alt=\"", "\" />", "<h3>", "</h3>\n", "。", "4090",
	};
	static const char *const html[] = {
		"<b>$0.39/h</b>", "<b>小时</b>", "<b>任务（FSDP）</b>", "<i>x</i> ", " <b>y</b>",
		"<div>block</div>", "<figure>f</figure>", "<table><tr><td>1</td></tr></table>",
		"", "plain", "小时 ", "（ ", "x ",
	};
	unsigned seed = 12345;
	for (int doc = 0; doc < 400; doc++) {
		struct splice_doc d;
		splice_doc_init(&d);
		int pieces = 1 + doc % 40;
		for (int i = 0; i < pieces && d.n < SPLICE_DOC_MAX; i++) {
			seed = seed * 1103515245u + 12345u;
			unsigned r = seed >> 16;
			if (r % 3) {
				buf_adds(&d.html, text[r / 3 % (sizeof text / sizeof *text)]);
				continue;
			}
			unsigned k = r / 3 % (sizeof html / sizeof *html);
			bool block = k >= 5 && k <= 7;
			add_token(&d, r % 7 == 0 ? NULL : html[k], block, r % 11 == 0);
		}
		check_undone(&d, doc % 5, doc % 2 ? "<main>" : "");
		splice_doc_release(&d);
	}
}

/* splice_undo refuses an output that is not the one its record was made
 * of, and a record cut short or with a byte changed. */
static void test_what_does_not_fit_is_refused(void **state)
{
	(void)state;
	struct splice_doc d;
	splice_doc_init(&d);
	buf_adds(&d.html, "<h2>Costs</h2>\n<p>It rents for ");
	add_token(&d, "<b>$0.39/h</b>", false, false);
	buf_adds(&d.html, " an hour.</p>\n");
	struct buf out = BUF_INIT, rec = BUF_INIT, back = BUF_INIT;
	struct splice_edits edits = { NULL, 0, 0 };
	splice_html(d.html.ptr, d.html.len, ids, 1, d.items, d.n, &out, &edits);
	splice_record(d.html.ptr, d.html.len, out.len, &edits, &rec);
	buf_adds(&back, "kept");

	char *changed = strdup(out.ptr);
	*strstr(changed, "rents") = 'R'; /* a byte of the copied text */
	assert_int_equal(splice_undo(changed, out.len, rec.ptr, rec.len, &back), -1);
	*strstr(changed, "Rents") = 'r';
	*strstr(changed, "0.39") = '9'; /* a byte of the figure: not cmark's */
	assert_int_equal(splice_undo(changed, out.len, rec.ptr, rec.len, &back), 0);
	buf_truncate(&back, 4);
	assert_int_equal(splice_undo(out.ptr, out.len - 1, rec.ptr, rec.len, &back), -1);
	for (size_t cut = 0; cut < rec.len; cut++)
		assert_int_equal(splice_undo(out.ptr, out.len, rec.ptr, cut, &back), -1);
	for (size_t at = 0; at < rec.len; at++) {
		rec.ptr[at] ^= 0x40;
		int rc = splice_undo(out.ptr, out.len, rec.ptr, rec.len, &back);
		rec.ptr[at] ^= 0x40;
		/* the record's byte of the bytes a figure took the place of
		 * changes the HTML, whose check then differs */
		assert_int_equal(rc, -1);
	}
	assert_string_equal(back.ptr, "kept");
	free(changed);
	free(edits.v);
	buf_release(&out);
	buf_release(&rec);
	buf_release(&back);
	splice_doc_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_each_kind_of_place_is_undone),
		cmocka_unit_test(test_spaces_taken_back_are_undone),
		cmocka_unit_test(test_random_documents_are_undone),
		cmocka_unit_test(test_what_does_not_fit_is_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
