/* gfm_quick: every body it reads comes out as gfm.c's cmark path makes it
 * (HTML, headings, prose with their lines), byte for byte; the forms it
 * declines leave the output as it was; a few results by their exact text;
 * and thousands of bodies made at random from the pieces of its forms and
 * of their near misses, each read by both. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/buf.h"
#include "base/diag.h"
#include "markdown/gfm.h"
#include "markdown/gfm_inline.h"
#include "markdown/gfm_quick.h"
#include "markdown/gfm_same.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* `quick` and `cmark` the same; what differs said, with both HTMLs. */
static void assert_same_out(const struct gfm_out *quick, const struct gfm_out *cmark)
{
	char what[32];
	const char *d = gfm_out_difference(quick, cmark, what);
	if (d)
		fail_msg("%s differs:\n--- gfm_quick\n%s\n--- cmark\n%s", d,
			 quick->html.ptr ? quick->html.ptr : "", cmark->html.ptr ? cmark->html.ptr : "");
}

/* Whether gfm_quick reads `md`; when it does, its output is checked to be
 * the cmark path's, and when it does not, `o` to be untouched. */
static bool quick_checked(const char *md, size_t len)
{
	struct gfm_out quick, cmark;
	bool read = gfm_read_both(md, len, &quick, &cmark);
	if (read) {
		assert_same_out(&quick, &cmark);
	} else {
		assert_int_equal(quick.html.len, 0);
		assert_int_equal(quick.nheadings, 0);
		assert_int_equal(quick.nprose, 0);
	}
	gfm_out_release(&quick);
	gfm_out_release(&cmark);
	return read;
}

static void check_read(const char *md)
{
	if (!quick_checked(md, strlen(md)))
		fail_msg("declined: %s", md);
}

static void check_declined(const char *md)
{
	if (quick_checked(md, strlen(md)))
		fail_msg("read: %s", md);
}

static void test_blocks(void **state)
{
	(void)state;
	check_read("");
	check_read("\n\n");
	check_read("# One\n\nSome *text* and **more**.\n\n## Two\n\nA paragraph\non two lines.\n");
	check_read("###### Six #hash\n\n#not a heading\n####### seven\n");
	check_read("```python extra words\nx = \"a\" < 'b' & c > d\n   ```nope\n  ```\n\nafter\n");
	check_read("```\nno info\n\n\n```\n");
	check_read("text\n```\ncode interrupting a paragraph\n```\n## and a heading\ntext\n");
	check_read("2024. A year at a paragraph's start\n\n1234567890. not a list\n");
}

static void test_lists(void **state)
{
	(void)state;
	check_read("- tight\n- list with **bold**\n\nafter\n");
	check_read("- loose\n\n- list\n\n- three\n");
	check_read("1. one\n2. two\n\n7. seven\n8. eight\n");
	check_read("- a\n## heading ends it\n\n1. b\n```\ncode ends it\n```\n");
	check_declined("para\n- a list interrupting it\n");
	check_declined("- item\ncontinued lazily\n");
	check_read("- item\n  continued\n  on three lines\n- and\n    further in\n");
	check_read("1. item\n   continued *a\n   b*\n\n10. ten\n    continued\n");
	check_read("A paragraph\n  continued further in\n      and further: - not a list\n");
	check_declined("- item\n continued less far in\n");
	check_declined("- item\n  - nested\n");
	check_declined("- item\n  ## a heading in it\n");
	check_declined("- item\n\n  a second paragraph\n");
	check_declined("para\n  - a list interrupting it\n");
	check_declined("para\n   ## a heading three spaces in\n");
	check_declined("- a\n* other bullet\n");
	check_declined("1) paren\n");
	check_declined("- a\n\n\n- two blank lines\n");
	check_declined("- - nested\n");
	check_declined("-\n");
}

static void test_inlines(void **state)
{
	(void)state;
	check_read("*a* **b** ***c*** _d_ __e__ a_b_c *a*b* **a*b** *a **b** c*\n");
	check_read("See [link](https://a.example/x?y=1&z=%20) and [rel](../guide/) and [a *b*](/c)\n");
	check_read("A [not a link] and [also](not) ] [ [outer [inner](/i) x](/o)\n");
	check_read("\"Quotes\" -- 'single' --- dashes... and don't, it's 'x'. \"a\" b\"\n");
	check_read("---- ----- ------- .. .... a - b\n");
	check_read("`code` ``a ` b`` ` spaced ` `unclosed and ``a`b``` x ` `code`\n");
	check_read("escapes: \\* \\_ \\` \\[ \\\\ \\a and & alone, a < b, 3 > 2\n");
	check_read("Chinese 中文，“引号”和 **粗体**，*斜体*。\n中文换行\n继续\n");
	check_read("\xEE\x80\x80" "000001" "\xEE\x80\x81 a token *in* **text**\n");
	check_declined("![image](/a.png)\n");
	check_declined("entity &amp; here\n");
	check_declined("<b>raw</b>\n");
	check_declined("a <1`x@y.z>` mail\n"); /* cmark: an address */
	check_read("a < b, 3 <= 4, <3 and << >\n");
	check_declined("a hard  \nbreak\n");
	check_declined("a hard\\\nbreak\n");
	check_declined("~~struck~~\n");
	check_declined("see https://example.com now\n");
	check_declined("www.example.com\n");
	check_declined("me@example.com\n");
	check_declined("[ref]: /url\n");
	check_declined("[bad](javascript:alert(1))\n");
	check_declined("[spaced](/a b)\n");
	check_declined("[titled](/a \"t\")\n");
}

static void test_tables(void **state)
{
	(void)state;
	check_read("| GPU | $/h | note |\n|:---|---:|:-:|\n| RTX 4090 | 0.39 | *fast* |\n"
		   "| A100 | 1.10 | `code` |\n\nafter\n");
	check_read("| a | b |\n|---|---|\n");
	check_read("| a |  |\n| --- | --- |\n|  | x |\n");
	check_declined("a | b\n--|--\n1 | 2\n");
	check_declined("| a | b |\n|---|---|\n| 1 |\n");
	check_declined("| a | b |\n|---|---|\n| 1 | 2 |\nlazy row\n");
	check_declined("text\n| a | b |\n|---|---|\n");
	check_declined("| a \\| b | c |\n|---|---|\n");
}

static void test_declined(void **state)
{
	(void)state;
	check_declined("> quote\n");
	check_declined("    indented code\n");
	check_declined("\ttab\n");
	check_declined("crlf\r\n");
	check_declined("Setext\n======\n");
	check_declined("Setext\n---\n");
	check_declined("***\n");
	check_declined("## closed ##\n");
	check_declined("```\nunclosed\n");
	check_declined("<div>\nhtml\n</div>\n");
	check_declined("a form feed\f\n");
	assert_false(quick_checked("a NUL\0 byte\n", 12));
	check_read("invalid \xC3 UTF-8 *\xC3*\xC3 \xE4\xB8\n\xE4\xB8\xAD\n");
	check_declined("```py\xC3\ncode\n```\n"); /* cmark: no fence, a paragraph */
}

/* A few results by their exact text, so that the reader is held to
 * something besides cmark. */
static void test_exact(void **state)
{
	(void)state;
	struct gfm_out o;
	gfm_out_init(&o);
	const char *md = "## Costs `x`\n\nThe *A100* costs \"$1.10\" -- a 'deal'...\n\n"
			 "- one 1\n- two\n\n| a | b |\n|:-|-:|\n| 2 | [x](/y) |\n";
	assert_true(gfm_quick_render(md, strlen(md), &o));
	assert_string_equal(o.html.ptr,
			    "<h2>Costs <code>x</code></h2>\n"
			    "<p>The <em>A100</em> costs \xE2\x80\x9C$1.10\xE2\x80\x9D \xE2\x80\x93 a "
			    "\xE2\x80\x98" "deal\xE2\x80\x99\xE2\x80\xA6</p>\n"
			    "<ul>\n<li>one 1</li>\n<li>two</li>\n</ul>\n"
			    "<div class=\"table-wrap\" tabindex=\"0\"><table>\n<thead>\n<tr>\n"
			    "<th style=\"text-align: left\">a</th>\n"
			    "<th style=\"text-align: right\">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n"
			    "<td style=\"text-align: left\">2</td>\n"
			    "<td style=\"text-align: right\"><a href=\"/y\">x</a></td>\n</tr>\n"
			    "</tbody>\n</table></div>\n");
	assert_int_equal(o.nheadings, 1);
	assert_string_equal(o.headings[0].text, "Costs x");
	assert_int_equal(o.nprose, 3); /* the paragraph has a digit, so does a row */
	assert_string_equal(o.prose[0].text, "The A100 costs \xE2\x80\x9C$1.10\xE2\x80\x9D "
					     "\xE2\x80\x93 a \xE2\x80\x98" "deal\xE2\x80\x99\xE2\x80\xA6");
	assert_int_equal(o.prose[0].line, 3);
	assert_string_equal(o.prose[1].text, "one 1");
	assert_int_equal(o.prose[1].line, 5);
	assert_true(o.prose[2].row);
	assert_string_equal(o.prose[2].text, "2 | x");
	assert_int_equal(o.prose[2].line, 10);
	gfm_out_release(&o);
}

/* An '@', a "://" or a "www" anywhere in a text; their near misses, also
 * at its end. */
static void test_an_autolink_is_looked_for_everywhere(void **state)
{
	(void)state;
	assert_true(gfm_inline_may_autolink("see http://x"));
	assert_true(gfm_inline_may_autolink("a@b"));
	assert_true(gfm_inline_may_autolink("xwwwy"));
	assert_false(gfm_inline_may_autolink("ww w: //"));
	assert_false(gfm_inline_may_autolink(""));
	char text[80];
	static const char *const found[] = { "@", "://", "www" };
	for (size_t k = 0; k < 3; k++) {
		for (size_t at = 0; at + strlen(found[k]) <= 40; at++) {
			memset(text, 'x', 40);
			text[40] = '\0';
			memcpy(text + at, found[k], strlen(found[k]));
			assert_true(gfm_inline_may_autolink(text));
			/* cut before its last byte: none left */
			text[at + strlen(found[k]) - 1] = '\0';
			assert_false(gfm_inline_may_autolink(text));
		}
	}
	/* 'w' and ':' all over English text, none of them a link; the near
	 * misses at the very end of the bytes looked at */
	assert_false(gfm_inline_may_autolink("we were with two wide windows when it was w"));
	assert_false(gfm_inline_may_autolink("the note: two ways, wow: ww / :/ and :/ww"));
	assert_false(gfm_inline_may_autolink("abcdefghijklmnopww"));
	assert_false(gfm_inline_may_autolink("abcdefghijklmnop:/"));
	assert_true(gfm_inline_may_autolink("abcdefghijklmnop://"));
}

/* Bodies made at random from the pieces of the forms read and of their
 * near misses; each is read by both readers (quick_checked). Most must be
 * read, or the sweep would test nothing. */
static const char *const atoms[] = {
	"a", "b", "foo", "7B", "$0.39", "\xE4\xB8\xAD", "\xE6\x96\x87", "\xEF\xBC\x8C", "\xE3\x80\x82",
	"*", "**", "***", "_", "__", "'", "\"", "(", ")", "[", "]", "](https://x.org/p)", "](/a)",
	"`", "``", ".", "-", "--", "!", "?", ":", ";", "1", "2.5", "%", "\xC3\xBC", " ", " ", " ",
	"\n", "\xE2\x80\x94", "\xE2\x80\x9C", "\\*", "&", "<", "|", "\xC3", "\xE4\xB8",
	"\xEE\x80\x80" "000007" "\xEE\x80\x81", /* a shortcode's token */
};

static unsigned next_random(unsigned *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return (*seed >> 16) & 0x7FFF;
}

static void random_inline(struct buf *b, unsigned *seed, bool one_line)
{
	size_t start = b->len, n = 1 + next_random(seed) % 24;
	for (size_t i = 0; i < n; i++) {
		const char *a = atoms[next_random(seed) % (sizeof atoms / sizeof atoms[0])];
		if (one_line && *a == '\n')
			a = " ";
		if (*a == '\n' || *a == ' ') {
			/* no space at a line's ends: a line of its own kind */
			if (b->len == start || b->ptr[b->len - 1] == '\n' || b->ptr[b->len - 1] == ' ')
				continue;
		}
		if (b->len > start && b->ptr[b->len - 1] == ' ' && *a == '\n')
			continue;
		buf_adds(b, a);
	}
	while (b->len > start && (b->ptr[b->len - 1] == ' ' || b->ptr[b->len - 1] == '\n'))
		buf_truncate(b, b->len - 1);
	if (b->len == start)
		buf_addc(b, 'x');
}

static void random_body(struct buf *b, unsigned *seed)
{
	size_t blocks = 1 + next_random(seed) % 4;
	for (size_t k = 0; k < blocks; k++) {
		unsigned r = next_random(seed) % 10;
		if (k)
			buf_adds(b, "\n\n");
		if (r < 5) {
			random_inline(b, seed, false);
			if (next_random(seed) % 4 == 0) { /* a line further in */
				buf_adds(b, next_random(seed) % 2 ? "\n  " : "\n    ");
				random_inline(b, seed, true);
			}
		} else if (r < 6) {
			buf_adds(b, "## ");
			random_inline(b, seed, true);
		} else if (r < 8) {
			for (int i = 0; i < 2; i++) {
				buf_adds(b, i ? "\n- " : "- ");
				random_inline(b, seed, true);
				if (next_random(seed) % 3 == 0) { /* a line further in */
					buf_adds(b, next_random(seed) % 2 ? "\n  " : "\n     ");
					random_inline(b, seed, true);
				}
			}
		} else {
			buf_adds(b, "| ");
			random_inline(b, seed, true);
			buf_adds(b, " | x |\n|---|:-:|\n| ");
			random_inline(b, seed, true);
			buf_adds(b, " | y |");
		}
	}
	buf_addc(b, '\n');
}

static void test_random_bodies(void **state)
{
	(void)state;
	unsigned seed = 2718, read = 0, total = 4000;
	struct buf b = BUF_INIT;
	for (unsigned i = 0; i < total; i++) {
		buf_reset(&b);
		random_body(&b, &seed);
		read += quick_checked(b.ptr, b.len);
	}
	buf_release(&b);
	printf("gfm_quick: %u of %u random bodies read, each as cmark reads it\n", read, total);
	assert_true(read > total / 5);
}

/* The fixture project's articles, written as editors write them (wrapped
 * list items, tables, code, shortcodes), are all read by gfm_quick, each
 * as cmark reads it: the forms it is for stay its forms. */
static void test_fixture_articles(void **state)
{
	(void)state;
	static const char *const files[] = {
		"tests/fixtures/project/content/en/a100-vs-h100-vs-rtx-4090.md",
		"tests/fixtures/project/content/en/how-to-choose.md",
		"tests/fixtures/project/content/en/training-guide.md",
		"tests/fixtures/project/content/zh/a100-vs-h100-vs-rtx-4090.md",
		"tests/fixtures/project/content/zh/how-to-choose.md",
		"tests/fixtures/project/content/zh/training-guide.md",
	};
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		FILE *f = fopen(files[i], "rb");
		assert_non_null(f);
		struct buf src = BUF_INIT;
		char chunk[4096];
		size_t n;
		while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
			buf_add(&src, chunk, n);
		fclose(f);
		/* the body: after the front matter's closing line */
		const char *body = strstr(src.ptr + 4, "\n---\n");
		assert_non_null(body);
		body += 5;
		if (!quick_checked(body, strlen(body)))
			fail_msg("%s: declined", files[i]);
		buf_release(&src);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_blocks),
		cmocka_unit_test(test_lists),
		cmocka_unit_test(test_inlines),
		cmocka_unit_test(test_tables),
		cmocka_unit_test(test_declined),
		cmocka_unit_test(test_exact),
		cmocka_unit_test(test_random_bodies),
		cmocka_unit_test(test_fixture_articles),
		cmocka_unit_test(test_an_autolink_is_looked_for_everywhere),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
