/* gfm_html: the HTML of a cmark-gfm tree held to cmark_render_html's, byte
 * for byte, on documents with every node gfm.c's parser makes; its own
 * escaping and table boxes by their exact text; a tree with a node it does
 * not write (a task list) left to cmark. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/buf.h"
#include "markdown/gfm_html.h"
#include "markdown/gfm_parse.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* gfm_html_render's HTML of `md`, checked to be cmark's (appended to a
 * buffer that has some already, as cmark's is to an empty one); the caller
 * frees. */
static char *render_checked(const char *md)
{
	cmark_node *doc = parse_as_gfm(md, strlen(md), false);
	struct buf ours = BUF_INIT, theirs = BUF_INIT;
	buf_adds(&ours, "<p>x");
	assert_true(gfm_html_render(doc, &ours));
	gfm_html_render_cmark(doc, cmark_get_default_mem_allocator(), &theirs);
	assert_string_equal(ours.ptr + 4, theirs.ptr);
	buf_release(&ours);
	cmark_node_free(doc);
	return buf_detach(&theirs, NULL);
}

static void check_same(const char *md)
{
	free(render_checked(md));
}

static void test_blocks(void **state)
{
	(void)state;
	check_same("# One\n\nSome *text* and **more**.\n\n## Two ##\n\nSetext\n======\n\n---\n");
	check_same("> quoted\n> > twice, with `code`\n\n    indented code & <b>\n");
	check_same("```python extra words\nx = \"a\" < 'b' & c > d\n```\n\n~~~\nplain\n~~~\n");
	check_same("```\tjs\ncode\n```\n\n``` a\vb\ncode\n```\n");
	check_same("<div>raw block</div>\n\ntext <span>inline</span> html\n");
	check_same("line one  \nline two\\\nline three\nsoft\n");
	check_same("");
	check_same("\n\n\n");
}

static void test_lists(void **state)
{
	(void)state;
	check_same("- tight\n- list\n  - nested\n  - items\n");
	check_same("- loose\n\n- list\n\n  second paragraph\n");
	check_same("1. one\n2. two\n\n7) seven\n8) eight\n");
	check_same("0. zero\n\n- > quote in item\n-\n  empty first line\n");
}

static void test_inlines(void **state)
{
	(void)state;
	check_same("[link](http://a.example/x?y=1&z='2' \"its \\\"title\\\"\") and "
		   "[bare](<a b>) and [ref][r]\n\n[r]: /to/ref 'Ref & title'\n");
	check_same("![alt *with* `code` and [a link](/x) and\nbreak](/img.png \"t\") "
		   "![![nested](/n.png)](/o.png)\n");
	check_same("[js](javascript:alert(1)) [JS](JaVaScRiPt:x) [v](vbscript:x) "
		   "[f](file:///etc) [d](data:text/html,x) ![p](data:image/png;base64,AA) "
		   "![s](data:image/svg+xml,x) [ok](datax:y)\n");
	check_same("URLs with odd bytes: [u](/a%20b/ü/{x}|[y]^`z`\\\\) [e](/é?q=\"1\")\n");
	check_same("\"Quotes\" -- 'single' --- dashes... & < > \" done\n");
	check_same("a ~~struck~~ and ~single~ and ~~~three~~~\n");
	check_same("www.example.com and https://example.com/path?q=1 and me@example.com\n");
	check_same("Chinese 中文，“引号”和 **粗体** & 符号 <标签>\n");
	check_same("entities: &amp; &copy; &#169; &#xA9; &bogus; \\& \\<\n");
}

static void test_tables(void **state)
{
	(void)state;
	check_same("| a | b | c | d |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n| x | `y|z` | **w** |\n");
	check_same("| head only |\n| --- |\n");
	check_same("| a |\n| - |\n| 1 |\n\ntext between\n\n| b | c |\n|---|---|\n| 2 | 3 | 4 |\n");
	check_same("> | in | quote |\n> |----|-------|\n> | 1  | 2     |\n\n- | in | item |\n  |----|------|\n  | 1  | 2    |\n");
}

/* Its own output by its exact text: each table in its box, text escaped
 * as cmark escapes it (a ' stays). */
static void test_exact_text(void **state)
{
	(void)state;
	char *html = render_checked("a \"b\" & 'c' 3 < 4 > 2\n\n| x |\n|:-:|\n| 1 |\n");
	assert_string_equal(html,
			    "<p>a “b” &amp; ‘c’ 3 &lt; 4 &gt; 2</p>\n"
			    "<div class=\"table-wrap\" tabindex=\"0\"><table>\n<thead>\n<tr>\n"
			    "<th style=\"text-align: center\">x</th>\n</tr>\n</thead>\n<tbody>\n"
			    "<tr>\n<td style=\"text-align: center\">1</td>\n</tr>\n</tbody>\n"
			    "</table></div>\n");
	free(html);
	html = render_checked("    \"<&>\" 'x'\n");
	assert_string_equal(html, "<pre><code>&quot;&lt;&amp;&gt;&quot; 'x'\n</code></pre>\n");
	free(html);
}

/* Text of every length around the sixteen and eight bytes tested at a
 * time, with a markup byte at every place, and a second one 17 bytes
 * further when there is room (the next block of sixteen). */
static void test_escape_every_place(void **state)
{
	(void)state;
	static const char marks[] = "\"&<>";
	char md[64];
	for (size_t len = 1; len < 40; len++)
		for (size_t at = 0; at < len; at++)
			for (size_t m = 0; m < 4; m++) {
				memset(md, 'x', len);
				md[at] = marks[m];
				if (at + 17 < len)
					md[at + 17] = marks[(m + 1) % 4];
				md[len] = '\0';
				check_same(md);
			}
}

/* A tree with a node it does not write: false, the buffer as it was; cmark
 * writes it. */
static void test_unknown_node_left_to_cmark(void **state)
{
	(void)state;
	cmark_node *doc = parse_as_gfm("- [x] done\n- [ ] to do\n", 23, true);
	struct buf out = BUF_INIT, theirs = BUF_INIT;
	buf_adds(&out, "before");
	assert_false(gfm_html_render(doc, &out));
	assert_string_equal(out.ptr, "before");
	gfm_html_render_cmark(doc, cmark_get_default_mem_allocator(), &theirs);
	assert_non_null(strstr(theirs.ptr, "type=\"checkbox\""));
	buf_release(&out);
	buf_release(&theirs);
	cmark_node_free(doc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_blocks),
		cmocka_unit_test(test_lists),
		cmocka_unit_test(test_inlines),
		cmocka_unit_test(test_tables),
		cmocka_unit_test(test_exact_text),
		cmocka_unit_test(test_escape_every_place),
		cmocka_unit_test(test_unknown_node_left_to_cmark),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
