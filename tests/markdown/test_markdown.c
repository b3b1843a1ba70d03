#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/buf.h"
#include "base/diag.h"
#include "base/digest.h"
#include "markdown/frontmatter.h"
#include "markdown/gfm.h"
#include "markdown/markdown.h"

#include <stdbool.h>
#include <stdlib.h>
#include <pthread.h>
#include <string.h>

struct fixture {
	struct buf log;
	struct diag diag;
	struct article a;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof *f);
	buf_init(&f->log);
	diag_init(&f->diag, NULL, &f->log);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	markdown_article_free(&f->a);
	buf_release(&f->log);
	free(f);
	return 0;
}

static int parse(struct fixture *f, const char *src)
{
	return markdown_parse_article(&f->a, "content/en/a.md", 0, src, strlen(src),
				      &f->diag);
}

/* A resolver that prints the shortcode back, for checking placement. */
static int echo_resolver(void *ctx, const struct shortcode *sc, struct buf *out,
			 struct diag *diag)
{
	(void)ctx;
	if (!strcmp(sc->name, "bad")) {
		diag_error(diag, sc->path, sc->line, sc->col, "unknown shortcode \"%s\"",
			   sc->name);
		return -1;
	}
	if (sc->block) {
		buf_addf(out, "<div class=\"block\">%s</div>", sc->name);
		return 0;
	}
	if (!strcmp(sc->name, "zh")) { /* a figure that ends in Chinese */
		buf_adds(out, "<b>小时</b>");
		return 0;
	}
	if (!strcmp(sc->name, "paren")) { /* one that ends in a full-width bracket */
		buf_adds(out, "<b>任务（FSDP）</b>");
		return 0;
	}
	buf_addf(out, "<b>%s", sc->name);
	for (size_t i = 0; i < sc->nargs; i++)
		buf_addf(out, " %s=%s", sc->args[i].key, sc->args[i].val);
	buf_adds(out, "</b>");
	return 0;
}

static const struct markdown_cite echo_cite = { echo_resolver, NULL, NULL, NULL, true, NULL, NULL };

static const char good_head[] =
	"---\ntitle: A title\ndescription: Text\ndate: 2026-11-20\nslug: a-slug\n"
	"translation: a-slug\ntags: training, cost\n---\n";

static void test_front_matter_fields_are_read(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(parse(f, "---\ntitle: A title\ndescription: Text\ndate: 2026-11-20\n"
				  "slug: a-slug\ntranslation: a-slug\ntags: training, cost\n"
				  "draft: true\n---\nBody\n"), 0);
	assert_string_equal(f->a.title, "A title");
	assert_string_equal(f->a.date, "2026-11-20");
	assert_string_equal(f->a.slug, "a-slug");
	assert_int_equal(f->a.ntags, 2);
	assert_string_equal(f->a.tags[1], "cost");
	assert_true(f->a.draft);
	assert_string_equal(f->a.body, "Body\n");
	assert_int_equal(f->a.body_line, 10);
}

static void test_malformed_front_matter_line_is_an_error(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(parse(f, "---\ntitle: T\nno colon here\ndate: 2026-01-01\nslug: s\n---\n"), -1);
	assert_string_equal(f->log.ptr,
			    "content/en/a.md:3:1: error: front matter line is not \"key: value\"\n");
}

static void test_missing_title_is_an_error(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(parse(f, "---\ndate: 2026-01-01\nslug: s\n---\nx\n"), -1);
	assert_string_equal(f->log.ptr,
			    "content/en/a.md:1:1: error: missing title in front matter\n");
}

static void test_bad_date_is_an_error_at_its_value(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(parse(f, "---\ntitle: T\ndate: 2026-02-30\nslug: s\n---\n"), -1);
	assert_string_equal(f->log.ptr,
			    "content/en/a.md:3:7: error: date \"2026-02-30\" is not a date (YYYY-MM-DD)\n");
}

/* A value quoted as YAML quotes one (a title that holds a colon is written
 * so) is read as YAML reads it: its text without the quotes. */
static void test_quoted_values_are_read_without_their_quotes(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(parse(f, "---\ntitle: \"H100: \\\"fast\\\" \\\\ x\"\n"
				  "description: 'It''s: here'\ndate: \"2026-11-20\"\nslug: s\n"
				  "tags: \"a, b\"\n---\nBody\n"), 0);
	assert_string_equal(f->a.title, "H100: \"fast\" \\ x");
	assert_string_equal(f->a.description, "It's: here");
	assert_string_equal(f->a.date, "2026-11-20");
	assert_int_equal(f->a.ntags, 2);
	assert_string_equal(f->a.tags[1], "b");
	assert_string_equal(f->log.ptr ? f->log.ptr : "", "");
}

/* A quote that does not close at the line's end, an escape YAML's double
 * quotes have but a value here does not need, and text after the closing
 * quote are errors at their columns (characters, not bytes), every one
 * reported. */
static void test_a_quoted_value_is_whole_or_an_error(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(parse(f, "---\ntitle: T\ndescription: \"显卡 open\ntags: \"a\\qb\"\n"
				  "draft: 'true' x\ndate: 2026-01-01\nslug: s\n---\n"), -1);
	assert_string_equal(f->log.ptr,
		"content/en/a.md:3:22: error: the value's double quote is not closed at the line's end\n"
		"content/en/a.md:4:9: error: \"\\q\" is no escape a quoted value may hold "
		"(\\\" for a quote, \\\\ for a backslash)\n"
		"content/en/a.md:5:14: error: text after the quoted value (quote it whole, "
		"with '' for a quote inside)\n");
}

static void test_slug_with_path_characters_is_rejected(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(parse(f, "---\ntitle: T\ndate: 2026-01-01\nslug: ../etc\n---\n"), -1);
	assert_string_equal(f->log.ptr,
			    "content/en/a.md:4:7: error: slug \"../etc\" is not a slug (a-z, 0-9 and single hyphens)\n");
}

static void test_unknown_front_matter_key_is_an_error_with_a_hint(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(parse(f, "---\ntitle: T\ndate: 2026-01-01\nslug: s\ntagz: a\n---\n"), -1);
	assert_string_equal(f->log.ptr,
			    "content/en/a.md:5:1: error: unknown front matter key \"tagz\"; did you mean \"tags\"?\n");
}

static void test_overlong_slug_is_an_error(void **state)
{
	struct fixture *f = *state;
	struct buf src = BUF_INIT;
	buf_adds(&src, "---\ntitle: T\ndate: 2026-01-01\nslug: ");
	for (int i = 0; i < MARKDOWN_SLUG_MAX + 1; i++)
		buf_addc(&src, 'a');
	buf_adds(&src, "\n---\n");
	assert_int_equal(parse(f, src.ptr), -1);
	assert_string_equal(f->log.ptr,
			    "content/en/a.md:4:7: error: slug is 101 characters long; at most 100\n");
	buf_release(&src);
}

static void test_tags_are_counted_and_measured_in_characters(void **state)
{
	struct fixture *f = *state;
	struct buf src = BUF_INIT;
	/* 90 Chinese characters: 270 bytes, too long for a folder's name, said
	 * in characters and bytes, shown cut between characters */
	buf_adds(&src, "---\ntitle: T\ndate: 2026-01-01\ntags: a, ");
	for (int i = 0; i < 90; i++)
		buf_adds(&src, "显");
	buf_adds(&src, "\nslug: s\n---\n");
	assert_int_equal(parse(f, src.ptr), -1);
	assert_string_equal(f->log.ptr,
			    "content/en/a.md:4:7: error: tag \"显显显显显显显显显显显显显显显显显显显显…\" "
			    "is 90 characters, 270 bytes in UTF-8; a folder name holds at most 255 bytes\n");
	/* 101 characters */
	markdown_article_free(&f->a);
	buf_reset(&f->log);
	buf_reset(&src);
	buf_adds(&src, "---\ntitle: T\ndate: 2026-01-01\ntags: ");
	for (int i = 0; i < MARKDOWN_SLUG_MAX + 1; i++)
		buf_adds(&src, "é");
	buf_adds(&src, "\nslug: s\n---\n");
	assert_int_equal(parse(f, src.ptr), -1);
	assert_string_equal(f->log.ptr,
			    "content/en/a.md:4:7: error: tag \"éééééééééééééééééééé…\" "
			    "is 101 characters long; at most 100\n");
	/* one tag more than the limit */
	markdown_article_free(&f->a);
	buf_reset(&f->log);
	buf_reset(&src);
	buf_adds(&src, "---\ntitle: T\ndate: 2026-01-01\ntags: t0");
	for (int i = 1; i <= MARKDOWN_TAGS_MAX; i++)
		buf_addf(&src, ", t%d", i);
	buf_adds(&src, "\nslug: s\n---\n");
	assert_int_equal(parse(f, src.ptr), -1);
	assert_string_equal(f->log.ptr,
			    "content/en/a.md:4:7: error: 21 tags; at most 20 (each tag's page lists the article)\n");
	buf_release(&src);
}

static void test_unclosed_front_matter_is_an_error(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(parse(f, "---\ntitle: T\n"), -1);
	assert_string_equal(f->log.ptr,
			    "content/en/a.md:1:1: error: front matter is not closed by a \"---\" line\n");
}

static void test_invalid_utf8_in_article_is_rejected(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(parse(f, "---\ntitle: T\xff\n---\n"), -1);
	assert_string_equal(f->log.ptr,
			    "content/en/a.md:2:9: error: invalid UTF-8 (or NUL byte)\n");
}

static void test_controls_and_noncharacters_are_refused_where_they_stand(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(parse(f, "---\ntitle: 标题 \xEF\xBF\xBE\ndescription: a\x01" "b\n---\n"
				  "Body \x1b[31m red, tab\tand CR\r\nfine.\n"), -1);
	assert_string_equal(f->log.ptr,
			    "content/en/a.md:2:11: error: the noncharacter U+FFFE cannot be published; remove it\n"
			    "content/en/a.md:3:15: error: the control character U+0001 cannot be published; remove it\n"
			    "content/en/a.md:5:6: error: the control character U+001B cannot be published; remove it\n");
}

/* The one pass that finds nothing to report goes a word of eight bytes at a
 * time: a bad byte or character is reported where it stands at every
 * offset from such a word's start, after ASCII and after Chinese. */
static void test_problems_are_placed_at_every_offset_of_a_word(void **state)
{
	struct fixture *f = *state;
	static const struct {
		const char *bad, *message;
	} cases[] = {
		{ "\xff", "invalid UTF-8 (or NUL byte)" },
		{ "\xE6\x98", "invalid UTF-8 (or NUL byte)" },
		{ "\x01", "the control character U+0001 cannot be published; remove it" },
		{ "\x7f", "the control character U+007F cannot be published; remove it" },
		{ "\xC2\x85", "the control character U+0085 cannot be published; remove it" },
		{ "\xEF\xBF\xBE", "the noncharacter U+FFFE cannot be published; remove it" },
		{ "\xEF\xB7\x90", "the noncharacter U+FDD0 cannot be published; remove it" },
	};
	static const char *const fill[] = { "a", "显" };
	for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
		for (size_t k = 0; k < 18; k++)
			for (size_t l = 0; l < 2; l++) {
				struct buf src = BUF_INIT, want = BUF_INIT;
				buf_adds(&src, "---\ntitle: T\ndate: 2024-01-01\nslug: a\n---\n");
				for (size_t i = 0; i < k; i++)
					buf_adds(&src, fill[l]);
				buf_addf(&src, "%s and more text\n", cases[c].bad);
				buf_addf(&want, "content/en/a.md:6:%zu: error: %s\n", k + 1,
					 cases[c].message);
				markdown_article_free(&f->a);
				buf_reset(&f->log);
				diag_init(&f->diag, NULL, &f->log); /* no cap reached */
				assert_int_equal(parse(f, src.ptr), -1);
				assert_string_equal(f->log.ptr, want.ptr);
				buf_release(&src);
				buf_release(&want);
			}
}

static void test_parse_counts_the_words_of_the_body_only(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(parse(f, "---\ntitle: Four words in title\ndate: 2024-01-01\n"
				  "slug: a\n---\nRent an H100 显卡, 2x faster!\n"), 0);
	/* Rent an H100 2x faster: 5 words, and 2 Chinese characters */
	assert_int_equal(f->a.words, 7);
	size_t parsed = f->a.words;
	markdown_count_words(&f->a);
	assert_int_equal(f->a.words, parsed);
	markdown_article_free(&f->a);
	assert_int_equal(parse(f, "\xEF\xBB\xBF---\ntitle: T\ndate: 2024-01-01\nslug: a\n---"), 0);
	assert_int_equal(f->a.words, 0);
}

static int render(struct fixture *f, const char *body)
{
	struct buf src = BUF_INIT;
	buf_adds(&src, good_head);
	buf_adds(&src, body);
	int rc = markdown_parse_article(&f->a, "content/en/a.md", 0, src.ptr, src.len,
					&f->diag);
	buf_release(&src);
	if (rc == 0)
		rc = markdown_render(&f->a, &echo_cite, NULL, &f->diag);
	return rc;
}

static void test_raw_html_is_not_passed_through(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "Hi <script>alert(1)</script>\n\n<div onclick=\"x\">y</div>\n"), 0);
	assert_null(strstr(f->a.html, "<script"));
	assert_null(strstr(f->a.html, "<div"));
}

/* cmark's memory (a chunk handed out a block after another, zeroed ahead
 * of them): a line of 200,000 bytes (a buffer that moves to a block of its
 * own), a paragraph of 40,000 lines (its text grown in place to the end of
 * a chunk, then moved with all it holds), a list of 2,000 items (thousands
 * of nodes over many chunks), a heading with text after it: all rendered
 * whole. */
static void test_long_lines_and_many_nodes_render_whole(void **state)
{
	struct fixture *f = *state;
	struct buf md = BUF_INIT, want = BUF_INIT;
	buf_adds(&md, "# Top\n\n");
	for (int i = 0; i < 40000; i++)
		buf_adds(&md, "word ");
	buf_adds(&md, "end\n\n");
	for (int i = 0; i < 40000; i++)
		buf_addf(&md, "l%d\n", i);
	buf_adds(&md, "\n");
	for (int i = 0; i < 2000; i++)
		buf_addf(&md, "- item *%d*\n", i);
	buf_adds(&md, "\n## Last\n\nclosing\n");
	assert_int_equal(render(f, md.ptr), 0);
	for (int i = 0; i < 40000; i++)
		buf_adds(&want, "word ");
	buf_adds(&want, "end</p>");
	assert_non_null(strstr(f->a.html, want.ptr));
	buf_reset(&want);
	buf_adds(&want, "<p>l0");
	for (int i = 1; i < 40000; i++)
		buf_addf(&want, "\nl%d", i);
	buf_adds(&want, "</p>");
	assert_non_null(strstr(f->a.html, want.ptr));
	assert_non_null(strstr(f->a.html, "<li>item <em>0</em></li>"));
	assert_non_null(strstr(f->a.html, "<li>item <em>1999</em></li>"));
	assert_non_null(strstr(f->a.html, "Last</h2>\n<p>closing</p>"));
	buf_release(&md);
	buf_release(&want);
}

static void test_dangerous_link_loses_its_target(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "[click](javascript:alert(1)) [ok](https://example.com/)\n"), 0);
	assert_null(strstr(f->a.html, "javascript"));
	assert_non_null(strstr(f->a.html, "href=\"https://example.com/\""));
}

/* A body parsed again for its bare links (gfm.c) says each dangerous link
 * once and keeps each heading once, however far the first walk went. */
static void test_dangerous_link_beside_a_bare_link_is_said_once(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "## Costs in 2026\n\n[click](javascript:alert(1)) costs 3 and "
				   "[x](data:text/html,y)\n\nthen https://b.example/ ok\n"), 0);
	assert_null(strstr(f->a.html, "javascript"));
	assert_null(strstr(f->a.html, "data:"));
	assert_non_null(strstr(f->a.html, "<a href=\"https://b.example/\">https://b.example/</a>"));
	const char *first = strstr(f->log.ptr, "\"javascript:alert(1)\" is not allowed");
	assert_non_null(first);
	assert_null(strstr(first + 1, "\"javascript:alert(1)\" is not allowed"));
	assert_non_null(strstr(f->log.ptr, "\"data:text/html,y\" is not allowed"));
	/* in the order written, at their places */
	assert_true(strstr(f->log.ptr, "javascript") < strstr(f->log.ptr, "data:text"));
	assert_non_null(strstr(f->log.ptr, "content/en/a.md:"));
	assert_int_equal(f->a.nheadings, 1);
}

static void test_inline_shortcode_sits_in_its_paragraph(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "It costs *{{< cost task=lora-7b gpu=rtx-4090 >}}* today.\n\n"
				   "- item {{< price gpu=rtx-4090 >}}\n"), 0);
	assert_non_null(strstr(f->a.html,
			       "<p>It costs <em><b>cost task=lora-7b gpu=rtx-4090</b></em> today.</p>"));
	assert_non_null(strstr(f->a.html, "<li>item <b>price gpu=rtx-4090</b></li>"));
}

/* A figure in Chinese text keeps one space from Chinese characters on either
 * side, whether the author typed it or not; none before Chinese
 * punctuation. */
static void test_inline_figure_is_spaced_from_chinese(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "而按{{< price gpu=rtx-4090 >}}的租价，"
				   "为 {{< cost task=x gpu=y >}} 元，"
				   "（{{< hours task=x gpu=y >}}）"
				   "按 {{< zh >}} 的租价\n"), 0);
	assert_non_null(strstr(f->a.html,
			       "<p>而按 <b>price gpu=rtx-4090</b> 的租价，为 "
			       "<b>cost task=x gpu=y</b> 元，（<b>hours task=x gpu=y</b>）"
			       "按<b>小时</b>的租价</p>"));
}

/* A figure that ends in full-width punctuation takes no space after it,
 * even where the author typed one ("（FSDP） 需要" reads "（FSDP）需要",
 * "（FSDP） H100" reads "（FSDP）H100"). */
static void test_inline_figure_ending_in_full_width_punctuation(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "训练 {{< paren >}} 需要，而 {{< paren >}} H100\n"), 0);
	assert_non_null(strstr(f->a.html,
			       "<p>训练<b>任务（FSDP）</b>需要，而<b>任务（FSDP）</b>H100</p>"));
}

static void test_block_shortcode_replaces_its_paragraph(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "Before.\n\n{{< table name=vram >}}\n\nAfter.\n"), 0);
	assert_non_null(strstr(f->a.html, "<p>Before.</p>\n<div class=\"block\">table</div>\n<p>After.</p>"));
}

static void test_shortcode_in_code_is_left_alone(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "Use `{{< price gpu=x >}}` like this.\n\n```\n{{< chart name=y >}}\n```\n"), 0);
	assert_non_null(strstr(f->a.html, "<code>{{&lt; price gpu=x &gt;}}</code>"));
	assert_non_null(strstr(f->a.html, "{{&lt; chart name=y &gt;}}"));
	assert_int_equal(f->a.ncites, 0);
}

/* Issue 27: whatever CommonMark reads as code shows a shortcode as the text
 * it is, unresolved (a "bad" one would be an error) and uncited. */
static void test_shortcode_in_every_code_form_stays_literal(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "Indented:\n\n    {{< bad gpu=your-gpu-id >}}\n\n"
				   "- a list item\n\n      {{< bad in=list >}}\n\n"
				   "> ```\n> {{< bad in=quote >}}\n> ```\n\n"
				   "````\n```\n{{< bad in=backticks >}}\n```\n````\n\n"
				   "~~~~\n~~~\n{{< bad in=tildes >}}\n~~~\n~~~~\n\n"
				   "A span ``{{< bad in=\"span\" >}}`` and `{{<` unclosed.\n"), 0);
	assert_string_equal(f->log.ptr, "");
	assert_int_equal(f->a.ncites, 0);
	assert_non_null(strstr(f->a.html, "<pre><code>{{&lt; bad gpu=your-gpu-id &gt;}}\n</code></pre>"));
	assert_non_null(strstr(f->a.html, "<pre><code>{{&lt; bad in=list &gt;}}\n</code></pre>"));
	assert_non_null(strstr(f->a.html, "<blockquote>\n<pre><code>{{&lt; bad in=quote &gt;}}\n</code></pre>"));
	assert_non_null(strstr(f->a.html, "<pre><code>```\n{{&lt; bad in=backticks &gt;}}\n```\n</code></pre>"));
	assert_non_null(strstr(f->a.html, "<pre><code>~~~\n{{&lt; bad in=tildes &gt;}}\n~~~\n</code></pre>"));
	assert_non_null(strstr(f->a.html, "<code>{{&lt; bad in=&quot;span&quot; &gt;}}</code>"));
	assert_non_null(strstr(f->a.html, "<code>{{&lt;</code> unclosed."));
	assert_null(strstr(f->a.html, "<b>"));
}

/* Only cmark decides what is code: a shortcode after a fence that a longer
 * fence never closed, or beside a backtick that opens no span, is cited. */
static void test_shortcode_beside_code_is_still_cited(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "A ` lone backtick {{< price gpu=a >}}.\n\n"
				   "```\ncode\n```\n\n{{< price gpu=b >}} after a fence.\n"), 0);
	assert_non_null(strstr(f->a.html, "A ` lone backtick <b>price gpu=a</b>.</p>"));
	assert_non_null(strstr(f->a.html, "<p><b>price gpu=b</b> after a fence.</p>"));
	assert_int_equal(f->a.ncites, 2);
}

/* A shortcode not closed on its line is an error outside code only. */
static void test_unclosed_shortcode_in_code_is_text(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "    {{< price gpu=x\n\nText {{< price gpu=y\n"), -1);
	assert_string_equal(f->log.ptr,
			    "content/en/a.md:11:6: error: shortcode is not closed by \">}}\" on its line\n");
}

/* Issue 28: GFM as editors write it, in both languages. */
static void test_pipe_table_renders_in_its_scroll_box(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "| 显卡 | Price |\n|---|---:|\n| RTX 4090 | {{< price gpu=rtx-4090 >}} |\n"), 0);
	assert_string_equal(f->a.html,
			    "<div class=\"table-wrap\" tabindex=\"0\"><table>\n<thead>\n<tr>\n<th>显卡</th>\n"
			    "<th style=\"text-align: right\">Price</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n"
			    "<td>RTX 4090</td>\n<td style=\"text-align: right\"><b>price gpu=rtx-4090</b></td>\n"
			    "</tr>\n</tbody>\n</table></div>\n");
	assert_string_equal(f->log.ptr, "");
	assert_int_equal(f->a.ncites, 1);
}

static void test_strikethrough_takes_two_tildes(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "~~old~~ and ~2x faster, ~3x cheaper\n"), 0);
	assert_string_equal(f->a.html, "<p><del>old</del> and ~2x faster, ~3x cheaper</p>\n");
}

static void test_bare_links_are_links_without_chinese_punctuation(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "见 https://example.org/a。也见 www.example.com，好。\n"), 0);
	assert_string_equal(f->a.html,
			    "<p>见 <a href=\"https://example.org/a\">https://example.org/a</a>。"
			    "也见 <a href=\"http://www.example.com\">www.example.com</a>，好。</p>\n");
}

/* A body is parsed without autolinks when no text of it could hold one:
 * a "://" in a link's target only. A bare URL, a "www." host (its '.' a
 * text of its own under smart punctuation) or an address beside such a
 * link is still a link; so is one in a table cell or with a strikethrough,
 * and an address written with an entity (what GFM's autolinks make of it). */
static void test_bare_links_beside_links_in_targets(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "[docs](https://a.example/x), the rest plain.\n"), 0);
	assert_string_equal(f->a.html,
			    "<p><a href=\"https://a.example/x\">docs</a>, the rest plain.</p>\n");
	static const char *const bodies[][2] = {
		{ "[docs](https://a.example/x) or https://b.example/y.\n",
		  "<p><a href=\"https://a.example/x\">docs</a> or "
		  "<a href=\"https://b.example/y\">https://b.example/y</a>.</p>\n" },
		{ "[docs](https://a.example/x) or www.b.example.\n",
		  "<p><a href=\"https://a.example/x\">docs</a> or "
		  "<a href=\"http://www.b.example\">www.b.example</a>.</p>\n" },
		{ "[docs](https://a.example/x) or ed@b.example.\n",
		  "<p><a href=\"https://a.example/x\">docs</a> or "
		  "<a href=\"mailto:ed@b.example\">ed@b.example</a>.</p>\n" },
		/* an address written with an entity, linked once decoded */
		{ "[docs](https://a.example/x) or ed&#64;b.example.\n",
		  "<p><a href=\"https://a.example/x\">docs</a> or "
		  "<a href=\"mailto:ed@b.example\">ed@b.example</a>.</p>\n" },
		{ "Write to ed&#64;b.example.\n",
		  "<p>Write to <a href=\"mailto:ed@b.example\">ed@b.example</a>.</p>\n" },
		{ "| a | b |\n|---|---|\n| [d](https://a.example/) | ~~x~~ www.b.example |\n",
		  "<div class=\"table-wrap\" tabindex=\"0\"><table>\n<thead>\n<tr>\n<th>a</th>\n"
		  "<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n"
		  "<td><a href=\"https://a.example/\">d</a></td>\n"
		  "<td><del>x</del> <a href=\"http://www.b.example\">www.b.example</a></td>\n"
		  "</tr>\n</tbody>\n</table></div>\n" },
	};
	for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
		markdown_article_free(&f->a);
		assert_int_equal(render(f, bodies[i][0]), 0);
		assert_string_equal(f->a.html, bodies[i][1]);
	}
	assert_string_equal(f->log.ptr, "");
}

/* Raw HTML stays out of tables too (safe mode). */
static void test_raw_html_in_a_table_cell_does_not_pass(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "| a |\n|---|\n| <script>x</script> [l](javascript:y) |\n"), 0);
	assert_null(strstr(f->a.html, "<script"));
	assert_null(strstr(f->a.html, "javascript"));
	assert_non_null(strstr(f->a.html, "<table>"));
}

/* A checker that writes what it is given: each stretch of prose, its
 * shortcodes and where its first digit stands in the file. */
static void echo_checker(void *ctx, const struct prose *p, struct diag *diag)
{
	struct buf *out = ctx;
	(void)diag;
	buf_addf(out, "%s[%.*s]", p->row ? "row" : "text", (int)p->len, p->text);
	for (size_t i = 0; i < p->ncites; i++)
		buf_addf(out, " %s@%zu", p->cites[i].sc->name, p->cites[i].at);
	size_t d = strcspn(p->text, "0123456789");
	struct md_cursor at = { 0 };
	int line, col;
	bool found = markdown_prose_position(p, d, 1, &at, &line, &col);
	buf_addf(out, " %s:%d:%d%s\n", p->path, line, col, found ? "" : " (not found)");
}

static void test_prose_with_digits_goes_to_the_checker(void **state)
{
	struct fixture *f = *state;
	struct buf seen = BUF_INIT;
	struct markdown_cite mc = { echo_resolver, echo_checker, &seen, NULL, false, NULL, NULL };
	struct buf src = BUF_INIT;
	buf_adds(&src, good_head);
	buf_adds(&src, "No digits here.\n\n## Costs in 2026\n\n"
		       "| GPU | 价格 |\n|---|---|\n| RTX 4090 | {{< price gpu=x >}} 9 |\n\n"
		       "A `code 1` span and\n  7 {{< link gpu=y >}}.\n\n    code 5\n");
	assert_int_equal(markdown_parse_article(&f->a, "content/en/a.md", 0, src.ptr, src.len,
						&f->diag), 0);
	assert_int_equal(markdown_render(&f->a, &mc, NULL, &f->diag), 0);
	assert_string_equal(seen.ptr,
			    "text[Costs in 2026] content/en/a.md:11:13\n"
			    "row[RTX 4090 | \xEF\xBF\xBC 9] price@11 content/en/a.md:15:7\n"
			    "text[A   span and 7 \xEF\xBF\xBC.] link@15 content/en/a.md:18:3\n");
	buf_release(&src);
	buf_release(&seen);
}

/* Many shortcodes and unclosed "{{<" on one line: each lands in its place
 * and each unclosed one is reported once, at its own column. */
static void test_many_shortcodes_on_one_line(void **state)
{
	struct fixture *f = *state;
	struct buf body = BUF_INIT;
	for (int i = 0; i < 2000; i++)
		buf_adds(&body, "{{< x >}}");
	buf_adds(&body, " {{< a {{< b\n");
	assert_int_equal(render(f, body.ptr), -1);
	assert_string_equal(f->log.ptr,
			    "content/en/a.md:9:18002: error: shortcode is not closed by \">}}\" on its line\n"
			    "content/en/a.md:9:18008: error: shortcode is not closed by \">}}\" on its line\n");
	buf_release(&body);
}


static void test_unclosed_backtick_runs_do_not_hide_later_spans(void **state)
{
	struct fixture *f = *state;
	/* "``" and "```" close nothing on their line; "`" after the first still
	 * opens a span, and a shortcode after the last run is text again */
	assert_int_equal(render(f, "``a `{{< price gpu=x >}}` ``` b {{< price gpu=y >}}\n\n"
				   "`{{< price gpu=z >}}`\n"), 0);
	assert_non_null(strstr(f->a.html, "<code>{{&lt; price gpu=x &gt;}}</code>"));
	assert_non_null(strstr(f->a.html, "<b>price gpu=y</b>"));
	assert_non_null(strstr(f->a.html, "<code>{{&lt; price gpu=z &gt;}}</code>"));
	assert_int_equal(f->a.ncites, 1);
}

static void test_shortcode_error_names_file_line_and_column(void **state)
{
	struct fixture *f = *state;
	/* the head has 8 lines; the body's second line is line 10 */
	assert_int_equal(render(f, "Intro.\nSee 显卡 {{< bad x=1 >}} here.\n"), -1);
	assert_string_equal(f->log.ptr, "content/en/a.md:10:8: error: unknown shortcode \"bad\"\n");
}

static void test_unclosed_shortcode_is_an_error(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "Text {{< price gpu=x\n"), -1);
	assert_string_equal(f->log.ptr,
			    "content/en/a.md:9:6: error: shortcode is not closed by \">}}\" on its line\n");
}

static void test_headings_get_stable_unique_ids(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "## Costs\n\n## Costs\n\n### 显存 {{< price gpu=x >}}\n"), 0);
	assert_non_null(strstr(f->a.html, "<h2 id=\"costs\">Costs</h2>"));
	assert_non_null(strstr(f->a.html, "<h2 id=\"costs-2\">Costs</h2>"));
	assert_non_null(strstr(f->a.html, "<h3 id=\"显存\">"));
	assert_int_equal(f->a.nheadings, 3);
}

static void test_cites_are_recorded_canonically(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "{{< price gpu=b >}} {{< cost task=t gpu=a text=\"x\" >}}\n"), 0);
	assert_int_equal(f->a.ncites, 2);
	assert_string_equal(f->a.cites[0], "cost gpu=a task=t");
	assert_string_equal(f->a.cites[1], "price gpu=b");
}

/* A build does not list them (only `gen check` compares translations). */
static void test_cites_are_listed_only_when_asked(void **state)
{
	struct fixture *f = *state;
	struct buf src = BUF_INIT;
	buf_adds(&src, good_head);
	buf_adds(&src, "At {{< price gpu=b >}} an hour.\n");
	assert_int_equal(markdown_parse_article(&f->a, "content/en/a.md", 0, src.ptr, src.len,
						&f->diag), 0);
	buf_release(&src);
	struct markdown_cite unlisted = echo_cite;
	unlisted.list_cites = false;
	assert_int_equal(markdown_render(&f->a, &unlisted, NULL, &f->diag), 0);
	assert_non_null(strstr(f->a.html, "<b>price gpu=b</b>"));
	assert_int_equal(f->a.ncites, 0);
	assert_null(f->a.cites);
}

static void test_author_text_cannot_forge_a_shortcode_token(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "Cost {{< price gpu=x >}}.\n\n"
				   "[x](\xEE\x80\x80" "000000\xEE\x80\x81) and \xEE\x80\x80" "000000\xEE\x80\x81\n"), 0);
	/* the shortcode's HTML appears once: where the shortcode was */
	const char *first = strstr(f->a.html, "<b>price");
	assert_non_null(first);
	assert_null(strstr(first + 1, "<b>price"));
}

static void test_shortcode_in_image_alt_gives_no_markup_in_attribute(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(render(f, "![a {{< price gpu=x >}} b](/i.png)\n"), 0);
	assert_non_null(strstr(f->a.html, "alt=\"a  b\""));
	assert_null(strstr(f->a.html, "<b>"));
}

static void test_words_are_counted_in_english_and_chinese(void **state)
{
	struct fixture *f = *state;
	f->a.body = strdup("Rent an H100 for 3 hours: 2x faster! 显卡很快 ok.\n");
	markdown_count_words(&f->a);
	/* Rent an H100 for 3 hours 2x faster ok = 9 words, 4 CJK characters */
	assert_int_equal(f->a.words, 13);
	free(f->a.body);
	f->a.body = strdup("");
	markdown_count_words(&f->a);
	assert_int_equal(f->a.words, 0);
}

/* The definition, a byte at a time. */
static size_t words_one_by_one(const unsigned char *p)
{
	size_t words = 0;
	bool in_word = false;
	for (; *p; p++) {
		bool alnum = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			     (*p >= '0' && *p <= '9');
		words += (alnum && !in_word) + (*p >= 0xE0);
		in_word = alnum;
	}
	return words;
}

static void test_word_count_matches_the_definition_on_random_bytes(void **state)
{
	struct fixture *f = *state;
	static const char pieces[][8] = { "a", "Z", "9", " ", "-", "\n", "{", "`",
		"@", "[", "\xE6\x98\xBE", "\xC3\xA9", "\xF0\x9F\x98\x80", "\x7F", "/" };
	unsigned seed = 12345;
	for (int round = 0; round < 300; round++) {
		struct buf b = BUF_INIT;
		int n = round % 70;
		for (int i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			buf_adds(&b, pieces[(seed >> 16) % (sizeof pieces / sizeof pieces[0])]);
		}
		f->a.body = buf_detach(&b, NULL);
		markdown_count_words(&f->a);
		assert_int_equal(f->a.words, words_one_by_one((unsigned char *)f->a.body));
		free(f->a.body);
		f->a.body = NULL;
	}
}

static void test_many_shortcodes_each_land_in_their_place(void **state)
{
	struct fixture *f = *state;
	struct buf md = BUF_INIT;
	for (int i = 0; i < 120; i++)
		buf_addf(&md, "p%d {{< price gpu=g%d >}}\n\n", i, i);
	assert_int_equal(render(f, md.ptr), 0);
	for (int i = 0; i < 120; i += 7) {
		struct buf want = BUF_INIT;
		buf_addf(&want, "<p>p%d <b>price gpu=g%d</b></p>", i, i);
		assert_non_null(strstr(f->a.html, want.ptr));
		buf_release(&want);
	}
	buf_release(&md);
}

/* ---- what cmark made, kept between builds ---- */

/* A record the memo keeps apart from a body's (its HTML, its headings and
 * prose: markdown.h), counting its calls. */
struct apart {
	struct buf b;
	bool have;
	int finds, hits, keeps, carries;
};

/* A memo of one body's record and of the records kept apart from it. */
struct one_memo {
	struct digest_value key;
	struct buf rec;
	bool have;
	int finds, hits, keeps;
	struct apart html, gfm;
};

/* The record apart that `key` names, or NULL (the body's own, or none). */
static struct apart *apart_of(struct one_memo *m, struct digest_value key)
{
	if (!m->have)
		return NULL;
	if (digest_equal(key, markdown_html_record_key(m->key, 0)))
		return &m->html;
	if (digest_equal(key, markdown_gfm_record_key(m->key)))
		return &m->gfm;
	return NULL;
}

static int one_find(void *ctx, struct digest_value key, struct buf *rec)
{
	struct one_memo *m = ctx;
	struct apart *x = apart_of(m, key);
	if (x) {
		x->finds++;
		if (!x->have)
			return -1;
		x->hits++;
		buf_addbuf(rec, &x->b);
		return 0;
	}
	m->finds++;
	if (!m->have || !digest_equal(m->key, key))
		return -1;
	m->hits++;
	buf_addbuf(rec, &m->rec);
	return 0;
}

static void one_keep(void *ctx, struct digest_value key, const char *rec, size_t len)
{
	struct one_memo *m = ctx;
	struct apart *x = apart_of(m, key);
	if (x) {
		x->keeps++;
		buf_reset(&x->b);
		buf_add(&x->b, rec, len);
		x->have = true;
		return;
	}
	m->keeps++;
	m->key = key;
	buf_reset(&m->rec);
	buf_add(&m->rec, rec, len);
	m->have = true;
	m->html.have = m->gfm.have = false; /* another body's */
}

static void one_carry(void *ctx, struct digest_value key)
{
	struct apart *x = apart_of(ctx, key);
	if (x)
		x->carries++;
}

static void one_release(struct one_memo *m)
{
	buf_release(&m->rec);
	buf_release(&m->html.b);
	buf_release(&m->gfm.b);
}

/* Parse good_head, then `body`, as content/en/a.md into `a`. */
static int parse_with_head(const char *body, struct article *a, struct diag *d)
{
	struct buf src = BUF_INIT;
	buf_adds(&src, good_head);
	buf_adds(&src, body);
	int rc = markdown_parse_article(a, "content/en/a.md", 0, src.ptr, src.len, d);
	buf_release(&src);
	return rc;
}

/* Render `body` as a fresh article with `memo`; the HTML and the headings
 * ("level id text;" each) into `out`. */
static int render_with(const char *body, const struct markdown_memo *memo,
		       struct buf *out, struct buf *log)
{
	struct diag d;
	diag_init(&d, NULL, log);
	struct article a;
	int rc = parse_with_head(body, &a, &d);
	if (rc == 0)
		rc = markdown_render(&a, &echo_cite, memo, &d);
	if (rc == 0) {
		buf_adds(out, a.html);
		for (size_t i = 0; i < a.nheadings; i++)
			buf_addf(out, "\n%d %s %s;", a.headings[i].level, a.headings[i].id,
				 a.headings[i].text);
	}
	markdown_article_free(&a);
	return rc;
}

/* `body`'s HTML as a page publishes it (rendered without a memo). */
static char *html_of(const char *body)
{
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	struct article a;
	assert_int_equal(parse_with_head(body, &a, &d), 0);
	assert_int_equal(markdown_render(&a, &echo_cite, NULL, &d), 0);
	char *html = strdup(a.html);
	markdown_article_free(&a);
	buf_release(&log);
	return html;
}

/* Articles rendered on several threads at once keep their strikethrough
 * and bare links: cmark-gfm's table of special characters is global, and
 * a parse that ends takes the extensions' characters out of it (gfm.c). */
struct gfm_thread {
	pthread_t id;
	int missing;
};

static void *render_gfm_many(void *arg)
{
	struct gfm_thread *th = arg;
	static const char body[] =
		"Was ~~$0.50~~ now less, see https://example.org/prices today.\n\n"
		"| GPU | VRAM |\n|---|--:|\n| A | 24 GB |\n\n"
		"Plain text with *emphasis* and more ~~struck words~~ here.\n";
	for (int i = 0; i < 300; i++) {
		struct buf out = BUF_INIT, log = BUF_INIT;
		if (render_with(body, NULL, &out, &log) != 0 || !strstr(out.ptr, "<del>$0.50</del>") ||
		    !strstr(out.ptr, "<del>struck words</del>") ||
		    !strstr(out.ptr, "<a href=\"https://example.org/prices\">"))
			th->missing++;
		buf_release(&out);
		buf_release(&log);
	}
	return NULL;
}

static void test_gfm_on_several_threads_at_once(void **state)
{
	(void)state;
	struct gfm_thread th[4];
	memset(th, 0, sizeof th);
	for (int i = 0; i < 4; i++)
		assert_int_equal(pthread_create(&th[i].id, NULL, render_gfm_many, &th[i]), 0);
	int missing = 0;
	for (int i = 0; i < 4; i++) {
		pthread_join(th[i].id, NULL);
		missing += th[i].missing;
	}
	assert_int_equal(missing, 0);
}

static const char memo_body[] =
	"## Prices {{< price gpu=rtx-4090 >}}\n\nText with *emphasis*.\n\n"
	"{{< table name=gpus >}}\n\n## Prices\n\nMore.\n";

static void test_memo_gives_what_cmark_gives(void **state)
{
	(void)state;
	struct one_memo m = { .rec = BUF_INIT, .html.b = BUF_INIT, .gfm.b = BUF_INIT };
	struct markdown_memo memo = { one_find, one_keep, &m, NULL, one_carry, NULL };
	struct buf plain = BUF_INIT, first = BUF_INIT, second = BUF_INIT, log = BUF_INIT;
	assert_int_equal(render_with(memo_body, NULL, &plain, &log), 0);
	assert_int_equal(render_with(memo_body, &memo, &first, &log), 0);
	assert_int_equal(m.keeps, 1);
	assert_int_equal(m.hits, 0);
	assert_int_equal(render_with(memo_body, &memo, &second, &log), 0);
	assert_int_equal(m.hits, 1);  /* cmark was spared */
	assert_int_equal(m.keeps, 1); /* and nothing kept twice */
	assert_string_equal(first.ptr, plain.ptr);
	assert_string_equal(second.ptr, plain.ptr);
	assert_non_null(strstr(plain.ptr, "\n2 prices Prices ;\n2 prices-2 Prices;"));
	assert_string_equal(log.ptr, "");
	buf_release(&plain);
	buf_release(&first);
	buf_release(&second);
	buf_release(&log);
	one_release(&m);
}

/* A resolver that prints the figure its context holds: the data of a
 * build, changed between two. */
static int figure_resolver(void *ctx, const struct shortcode *sc, struct buf *out,
			   struct diag *diag)
{
	(void)diag;
	buf_addf(out, "<b>%s %s</b>", sc->name, (const char *)ctx);
	return 0;
}

/* The memo's key is the body: a cited figure that changed is resolved
 * anew into what the same record gives; another shortcode or word is
 * another key. */
static void test_memo_key_is_the_body_not_what_its_figures_are(void **state)
{
	(void)state;
	struct one_memo m = { .rec = BUF_INIT, .html.b = BUF_INIT, .gfm.b = BUF_INIT };
	struct markdown_memo memo = { one_find, one_keep, &m, NULL, one_carry, NULL };
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	static const char *const bodies[] = {
		"Costs {{< price gpu=rtx-4090 >}} now.\n", "Costs {{< price gpu=rtx-4090 >}} now.\n",
		"Costs {{< price gpu=h100-80gb >}} now.\n", "Costs {{< price gpu=rtx-4090 >}} today.\n",
	};
	static const char *const figures[] = { "$0.39", "$0.41", "$0.41", "$0.41" };
	static const char *const want[] = {
		"<p>Costs <b>price $0.39</b> now.</p>", "<p>Costs <b>price $0.41</b> now.</p>",
		"<p>Costs <b>price $0.41</b> now.</p>", "<p>Costs <b>price $0.41</b> today.</p>",
	};
	static const int hits[] = { 0, 1, 1, 1 }, keeps[] = { 1, 1, 2, 3 };
	struct digest_value html_keys[4];
	for (int i = 0; i < 4; i++) {
		struct markdown_cite mc = { figure_resolver, NULL, (void *)figures[i], NULL, false, NULL, NULL };
		struct article a;
		assert_int_equal(parse_with_head(bodies[i], &a, &d), 0);
		assert_int_equal(markdown_render(&a, &mc, &memo, &d), 0);
		assert_non_null(strstr(a.html, want[i]));
		assert_int_equal(m.hits, hits[i]);
		assert_int_equal(m.keeps, keeps[i]);
		html_keys[i] = a.html_key;
		markdown_article_free(&a);
	}
	/* one key, one HTML: the figure that changed changed the key */
	assert_false(digest_equal(html_keys[0], html_keys[1]));
	assert_false(digest_equal(html_keys[1], html_keys[2]));
	assert_string_equal(log.ptr, "");
	buf_release(&log);
	one_release(&m);
}

/* ---- an article rendered without its body at hand ---- */

/* What the loader gives (the file as it is now) and how often it was asked. */
struct body_file {
	const char *body;
	int loads;
	struct buf *seen; /* the checker's */
	const char *published; /* the published page's HTML of it, or NULL */
	int publishes;         /* how often that was asked for */
};

static int load_from(void *ctx, struct article *a)
{
	struct body_file *bf = ctx;
	bf->loads++;
	a->body = strdup(bf->body);
	return 0;
}

/* A markdown_cite's published: the body's HTML as bf says it was published. */
static int published_from(void *ctx, const char **html, size_t *len)
{
	struct body_file *bf = ctx;
	bf->publishes++;
	if (!bf->published)
		return -1;
	*html = bf->published;
	*len = strlen(bf->published);
	return 0;
}

static void echo_checker_of_file(void *ctx, const struct prose *p, struct diag *diag)
{
	struct body_file *bf = ctx;
	echo_checker(bf->seen, p, diag);
}

/* Render `body` as its page would be: with the article's key and no body
 * (a parse kept from the last build), the loader reading `file`. */
static int render_keyed(const char *body, const char *file, struct digest_value key,
			const struct markdown_memo *memo, struct body_file *bf,
			struct buf *out, struct buf *log)
{
	struct diag d;
	diag_init(&d, NULL, log);
	struct article a;
	int rc = parse_with_head(body, &a, &d);
	free(a.body);
	a.body = NULL;
	a.body_key = key;
	a.has_body_key = key.hi || key.lo; /* { 0, 0 }: a parse made anew */
	bf->body = file;
	struct markdown_cite mc = { echo_resolver, echo_checker_of_file, bf, load_from, false,
				    NULL, published_from };
	if (rc == 0)
		rc = markdown_render(&a, &mc, memo, &d);
	if (rc == 0)
		buf_adds(out, a.html);
	markdown_article_free(&a);
	return rc;
}

/* `body` parsed, then rendered deferred as its page would be: with its
 * key and no body at hand, the loader reading it from bf, `check` (or
 * NULL) checking its prose. `a` and `d` stay the caller's (and live as
 * long as the pending rendering). */
static struct markdown_pending *defer_keyed(const char *body, struct digest_value key,
					    const struct markdown_memo *memo,
					    struct body_file *bf, prose_checker check,
					    struct article *a, struct diag *d)
{
	assert_int_equal(parse_with_head(body, a, d), 0);
	free(a->body);
	a->body = NULL;
	a->body_key = key;
	a->has_body_key = true;
	bf->body = body;
	struct markdown_cite mc = { echo_resolver, check, bf, load_from, false, NULL,
				    published_from };
	struct markdown_pending *p;
	assert_int_equal(markdown_render_deferred(a, &mc, memo, d, &p), 0);
	return p;
}

/* Render `body` deferred as its page would be (defer_keyed, its prose
 * checked), splice it when `splice`, and give the HTML (if spliced) and
 * the HTML's key. */
static void render_deferred(const char *body, struct digest_value key,
			    const struct markdown_memo *memo, struct body_file *bf, bool splice,
			    struct buf *out, struct digest_value *html_key, struct buf *log)
{
	struct diag d;
	diag_init(&d, NULL, log);
	struct article a;
	struct markdown_pending *p =
		defer_keyed(body, key, memo, bf, echo_checker_of_file, &a, &d);
	*html_key = markdown_pending_article(p)->html_key;
	if (splice) {
		const char *html = markdown_splice(p);
		assert_non_null(html);
		buf_adds(out, html);
	}
	markdown_pending_free(p);
	markdown_article_free(&a);
}

/* A page kept as published needs no HTML: the deferred rendering gives
 * markdown_render's html_key without reading the record of the body's
 * splice (which goes on to the next build unread). Spliced, the page makes
 * cmark's HTML again from that record and the HTML it was published with,
 * and keeps the record of its own splice; it parses the body again (the
 * same HTML) when the published HTML is not there, is not the one the
 * record was made of, or the record is lost. */
static void test_the_html_is_read_only_for_a_page_written(void **state)
{
	(void)state;
	struct one_memo m = { .rec = BUF_INIT, .html.b = BUF_INIT, .gfm.b = BUF_INIT };
	struct markdown_memo memo = { one_find, one_keep, &m, NULL, one_carry, NULL };
	struct buf plain = BUF_INIT, out = BUF_INIT, seen = BUF_INIT, log = BUF_INIT;
	struct body_file bf = { .seen = &seen };
	struct diag d;
	diag_init(&d, NULL, &log);
	struct article a;
	assert_int_equal(parse_with_head(memo_body, &a, &d), 0);
	struct markdown_cite mc = { echo_resolver, NULL, NULL, NULL, false, NULL, NULL };
	assert_int_equal(markdown_render(&a, &mc, &memo, &d), 0);
	buf_adds(&plain, a.html);
	struct digest_value key = a.body_key, html_key = a.html_key, got;
	markdown_article_free(&a);
	assert_int_equal(m.keeps, 1);
	assert_int_equal(m.html.keeps, 1); /* the splice's record */
	assert_true(m.html.b.len < 200);   /* far shorter than the HTML */

	render_deferred(memo_body, key, &memo, &bf, false, &out, &got, &log);
	assert_true(digest_equal(got, html_key));
	assert_int_equal(m.hits, 1);
	assert_int_equal(m.html.finds, 0); /* not read */
	assert_int_equal(m.html.carries, 1); /* but carried on */
	assert_int_equal(bf.loads + bf.publishes, 0);

	/* made again from the page as published */
	bf.published = plain.ptr;
	render_deferred(memo_body, key, &memo, &bf, true, &out, &got, &log);
	assert_string_equal(out.ptr, plain.ptr);
	assert_int_equal(m.html.hits, 1);
	assert_int_equal(bf.publishes, 1);
	assert_int_equal(m.html.carries, 1);
	assert_int_equal(m.html.keeps, 2); /* its own splice's, for the next build */
	assert_int_equal(bf.loads, 0);

	/* a published page that is not the one the record was made of */
	char *changed = strdup(plain.ptr);
	*strstr(changed, "emphasis") = 'E';
	bf.published = changed;
	buf_reset(&out);
	render_deferred(memo_body, key, &memo, &bf, true, &out, &got, &log);
	assert_string_equal(out.ptr, plain.ptr);
	assert_int_equal(bf.loads, 1);
	changed[strlen(changed) - 1] = '\0'; /* and one a byte shorter */
	buf_reset(&out);
	render_deferred(memo_body, key, &memo, &bf, true, &out, &got, &log);
	assert_string_equal(out.ptr, plain.ptr);
	assert_int_equal(bf.loads, 2);
	free(changed);

	bf.published = NULL; /* no page published */
	buf_reset(&out);
	render_deferred(memo_body, key, &memo, &bf, true, &out, &got, &log);
	assert_string_equal(out.ptr, plain.ptr);
	assert_int_equal(bf.loads, 3);

	m.html.have = false; /* the record lost */
	bf.published = plain.ptr;
	buf_reset(&out);
	render_deferred(memo_body, key, &memo, &bf, true, &out, &got, &log);
	assert_string_equal(out.ptr, plain.ptr);
	assert_true(digest_equal(got, html_key));
	assert_int_equal(bf.loads, 4);
	assert_int_equal(m.html.keeps, 6);
	assert_int_equal(m.keeps, 1);
	assert_string_equal(log.ptr, "");
	buf_release(&plain);
	buf_release(&out);
	buf_release(&seen);
	buf_release(&log);
	one_release(&m);
}

/* Render `body` deferred without a checker, as a page kept or written
 * reads it (defer_keyed): the count of headings known before, then when
 * `splice` the HTML and the headings as render_with gives them. */
static size_t render_unchecked(const char *body, struct digest_value key,
			       const struct markdown_memo *memo, struct body_file *bf,
			       bool splice, struct buf *out, struct buf *log)
{
	struct diag d;
	diag_init(&d, NULL, log);
	struct article a;
	struct markdown_pending *p = defer_keyed(body, key, memo, bf, NULL, &a, &d);
	size_t n = markdown_pending_nheadings(p);
	struct article *r = markdown_pending_article(p);
	assert_int_equal(r->nheadings, 0); /* not read yet */
	if (splice) {
		const char *html = markdown_splice(p);
		assert_non_null(html);
		assert_int_equal(markdown_pending_headings(p), 0);
		buf_adds(out, html);
		for (size_t i = 0; i < r->nheadings; i++)
			buf_addf(out, "\n%d %s %s;", r->headings[i].level, r->headings[i].id,
				 r->headings[i].text);
	}
	markdown_pending_free(p);
	markdown_article_free(&a);
	return n;
}

/* A page kept as published reads no heading and no prose either: how many
 * headings the body has comes with its shortcodes' record, the record of
 * the headings and prose is carried on unread, and read only when the page
 * is written (the headings with their ids, as markdown_render gives them).
 * That record lost, damaged or holding another count of headings is made
 * again from the body. */
static void test_the_headings_are_read_only_for_a_page_written(void **state)
{
	(void)state;
	struct one_memo m = { .rec = BUF_INIT, .html.b = BUF_INIT, .gfm.b = BUF_INIT };
	struct markdown_memo memo = { one_find, one_keep, &m, NULL, one_carry, NULL };
	struct buf plain = BUF_INIT, out = BUF_INIT, log = BUF_INIT, good = BUF_INIT;
	char *published = html_of(memo_body);
	struct body_file bf = { .seen = NULL, .published = published };
	assert_int_equal(render_with(memo_body, &memo, &plain, &log), 0);
	assert_int_equal(m.gfm.keeps, 1);
	struct digest_value key = m.key;
	buf_addbuf(&good, &m.gfm.b);

	assert_int_equal(render_unchecked(memo_body, key, &memo, &bf, false, &out, &log), 2);
	assert_int_equal(m.gfm.finds, 0);
	assert_int_equal(m.gfm.carries, 1);
	assert_int_equal(bf.loads, 0);

	assert_int_equal(render_unchecked(memo_body, key, &memo, &bf, true, &out, &log), 2);
	assert_string_equal(out.ptr, plain.ptr);
	assert_int_equal(m.gfm.hits, 1);
	assert_int_equal(bf.loads, 0);

	/* lost, cut short, another body's count: parsed again, kept again */
	static const char one_heading[] = "## Only\n\nText.\n";
	struct diag d;
	diag_init(&d, NULL, &log);
	for (int damage = 0; damage < 3; damage++) {
		buf_reset(&m.gfm.b);
		if (damage == 1) {
			buf_addbuf(&m.gfm.b, &good);
			buf_truncate(&m.gfm.b, m.gfm.b.len - 1);
		} else if (damage == 2) {
			struct gfm_out o;
			gfm_out_init(&o);
			gfm_render(one_heading, strlen(one_heading), "a.md", 1, &o, &d);
			gfm_encode(&o, &m.gfm.b);
			gfm_out_release(&o);
		}
		m.gfm.have = damage > 0;
		int keeps = m.gfm.keeps;
		bf.loads = 0;
		buf_reset(&out);
		assert_int_equal(render_unchecked(memo_body, key, &memo, &bf, true, &out, &log), 2);
		assert_string_equal(out.ptr, plain.ptr);
		assert_int_equal(bf.loads, 1);
		assert_int_equal(m.gfm.keeps, keeps + 1);
		assert_int_equal(m.gfm.b.len, good.len);
		assert_memory_equal(m.gfm.b.ptr, good.ptr, good.len);
	}
	assert_string_equal(log.ptr, "");
	buf_release(&plain);
	buf_release(&out);
	buf_release(&good);
	buf_release(&log);
	one_release(&m);
	free(published);
}

static void test_an_article_renders_from_the_memo_without_its_body(void **state)
{
	(void)state;
	struct one_memo m = { .rec = BUF_INIT, .html.b = BUF_INIT, .gfm.b = BUF_INIT };
	struct markdown_memo memo = { one_find, one_keep, &m, NULL, one_carry, NULL };
	static const char body[] =
		"## Costs {{< price gpu=rtx-4090 >}}\n\nIt has 24 fans and `{{< code >}}`.\n\n"
		"| GPU | VRAM |\n|---|---|\n| RTX 4090 | 24 GB |\n";
	struct buf plain = BUF_INIT, seen_plain = BUF_INIT, out = BUF_INIT, seen = BUF_INIT,
		   log = BUF_INIT;
	/* rendered with its body: kept */
	struct markdown_cite mc = { echo_resolver, echo_checker, &seen_plain, NULL, false, NULL, NULL };
	struct diag d;
	diag_init(&d, NULL, &log);
	struct article a;
	assert_int_equal(parse_with_head(body, &a, &d), 0);
	assert_int_equal(markdown_render(&a, &mc, &memo, &d), 0);
	assert_true(a.has_body_key);
	assert_true(digest_equal(a.body_key, markdown_body_key(body, strlen(body))));
	buf_adds(&plain, a.html);
	struct digest_value key = a.body_key;
	markdown_article_free(&a);
	assert_int_equal(m.keeps, 1);

	/* from the memo: the same HTML (made again from the one published),
	 * headings and prose, the file not read until the checker asks where a
	 * digit stands */
	struct body_file bf = { .seen = &seen, .published = plain.ptr };
	assert_int_equal(render_keyed(body, body, key, &memo, &bf, &out, &log), 0);
	assert_int_equal(m.hits, 1);
	assert_string_equal(out.ptr, plain.ptr);
	assert_string_equal(seen.ptr, seen_plain.ptr);
	assert_non_null(strstr(seen.ptr, "text[It has 24 fans and  .] content/en/a.md:11:8\n"));
	assert_int_equal(bf.loads, 1); /* once for every position asked */
	assert_non_null(strstr(out.ptr, "<code>{{&lt; code &gt;}}</code>"));
	/* a parse made anew (a file touched: its key not known yet): the
	 * body read, then what the memo holds of it used, cmark spared */
	buf_reset(&out);
	buf_reset(&seen);
	struct body_file touched = { .seen = &seen, .published = plain.ptr };
	int hits = m.hits, keeps = m.keeps;
	assert_int_equal(render_keyed(body, body, (struct digest_value){ 0, 0 }, &memo,
				      &touched, &out, &log), 0);
	assert_int_equal(touched.loads, 1);
	assert_int_equal(m.hits, hits + 1);
	assert_int_equal(m.keeps, keeps);
	assert_string_equal(out.ptr, plain.ptr);

	/* a page with no figure to place in its prose never reads it */
	buf_reset(&out);
	struct body_file quiet = { .seen = &seen };
	static const char no_digits[] = "## Costs {{< price gpu=rtx-4090 >}}\n\nNo figures.\n";
	struct body_file first = { .seen = &seen };
	struct digest_value quiet_key = markdown_body_key(no_digits, strlen(no_digits));
	assert_int_equal(render_keyed(no_digits, no_digits, quiet_key, &memo, &first, &out, &log), 0);
	assert_int_equal(first.loads, 1); /* not in the memo yet */
	char *quiet_html = strdup(out.ptr);
	quiet.published = quiet_html;
	buf_reset(&out);
	assert_int_equal(render_keyed(no_digits, no_digits, quiet_key, &memo, &quiet, &out, &log), 0);
	free(quiet_html);
	assert_int_equal(quiet.loads, 0);
	assert_non_null(strstr(out.ptr, "<b>price gpu=rtx-4090</b>"));

	/* a file changed since its parse was kept: an error, not a page */
	buf_reset(&out);
	buf_reset(&seen);
	struct body_file changed = { .seen = &seen };
	assert_int_equal(render_keyed(body, "## Costs\n\nIt has 42 fans.\n", key, &memo,
				      &changed, &out, &log), -1);
	assert_non_null(strstr(log.ptr,
		"content/en/a.md: error: changed while the site was built; build again"));

	/* not in the memo: read, rendered, kept under its key */
	struct one_memo none = { .rec = BUF_INIT, .html.b = BUF_INIT, .gfm.b = BUF_INIT };
	struct markdown_memo empty = { one_find, one_keep, &none, NULL, one_carry, NULL };
	buf_reset(&out);
	buf_reset(&seen);
	struct body_file fresh = { .seen = &seen };
	assert_int_equal(render_keyed(body, body, key, &empty, &fresh, &out, &log), 0);
	assert_int_equal(fresh.loads, 1);
	assert_int_equal(none.keeps, 1);
	assert_true(digest_equal(none.key, key));
	assert_string_equal(out.ptr, plain.ptr);
	buf_release(&plain);
	buf_release(&seen_plain);
	buf_release(&out);
	buf_release(&seen);
	buf_release(&log);
	one_release(&m);
	one_release(&none);
}

/* A damaged record (cut short, a shortcode's text that is none, a count
 * past its end) is never used: the body is read and rendered. */
static void test_a_damaged_body_record_reads_the_body(void **state)
{
	(void)state;
	struct one_memo m = { .rec = BUF_INIT, .html.b = BUF_INIT, .gfm.b = BUF_INIT };
	struct markdown_memo memo = { one_find, one_keep, &m, NULL, one_carry, NULL };
	static const char body[] = "Costs {{< price gpu=rtx-4090 >}} now.\n";
	struct buf plain = BUF_INIT, out = BUF_INIT, seen = BUF_INIT, log = BUF_INIT;
	struct digest_value key = markdown_body_key(body, strlen(body));
	struct body_file bf = { .seen = &seen };
	assert_int_equal(render_keyed(body, body, key, &memo, &bf, &plain, &log), 0);
	assert_int_equal(m.keeps, 1);
	struct buf good = BUF_INIT;
	buf_addbuf(&good, &m.rec);
	for (int damage = 0; damage < 3; damage++) {
		buf_reset(&m.rec);
		buf_addbuf(&m.rec, &good);
		if (damage == 0)
			buf_truncate(&m.rec, m.rec.len - 1);
		else if (damage == 1)
			m.rec.ptr[8] = 'x'; /* "{{<" no more */
		else
			m.rec.ptr[0] = 9; /* nine shortcodes */
		bf.loads = 0;
		buf_reset(&out);
		assert_int_equal(render_keyed(body, body, key, &memo, &bf, &out, &log), 0);
		assert_int_equal(bf.loads, 1);
		assert_string_equal(out.ptr, plain.ptr);
	}
	assert_string_equal(log.ptr, "");
	buf_release(&good);
	buf_release(&plain);
	buf_release(&out);
	buf_release(&seen);
	buf_release(&log);
	one_release(&m);
}

static void test_memo_never_keeps_a_rendering_that_warned(void **state)
{
	(void)state;
	struct one_memo m = { .rec = BUF_INIT, .html.b = BUF_INIT, .gfm.b = BUF_INIT };
	struct markdown_memo memo = { one_find, one_keep, &m, NULL, one_carry, NULL };
	struct buf out = BUF_INIT, log = BUF_INIT;
	const char *body = "[x](javascript:alert(1))\n";
	assert_int_equal(render_with(body, &memo, &out, &log), 0);
	assert_int_equal(m.keeps, 0);
	buf_reset(&log);
	assert_int_equal(render_with(body, &memo, &out, &log), 0);
	/* rendered again, so the warning is said again */
	assert_non_null(strstr(log.ptr, "warning: link target \"javascript:alert(1)\" is not allowed"));
	buf_release(&out);
	buf_release(&log);
	one_release(&m);
}

static void test_memo_damaged_record_falls_back_to_cmark(void **state)
{
	(void)state;
	struct one_memo m = { .rec = BUF_INIT, .html.b = BUF_INIT, .gfm.b = BUF_INIT };
	struct markdown_memo memo = { one_find, one_keep, &m, NULL, one_carry, NULL };
	struct buf plain = BUF_INIT, out = BUF_INIT, log = BUF_INIT;
	assert_int_equal(render_with(memo_body, NULL, &plain, &log), 0);
	assert_int_equal(render_with(memo_body, &memo, &out, &log), 0);
	buf_truncate(&m.rec, m.rec.len - 1); /* one byte short */
	buf_reset(&out);
	assert_int_equal(render_with(memo_body, &memo, &out, &log), 0);
	assert_int_equal(m.hits, 1);
	assert_string_equal(out.ptr, plain.ptr);
	buf_release(&plain);
	buf_release(&out);
	buf_release(&log);
	one_release(&m);
}

/* The prose comes with the memo's record too, so that a rebuild checks it. */
static void test_prose_is_checked_from_the_memo(void **state)
{
	(void)state;
	struct one_memo m = { .rec = BUF_INIT, .html.b = BUF_INIT, .gfm.b = BUF_INIT };
	struct markdown_memo memo = { one_find, one_keep, &m, NULL, one_carry, NULL };
	struct buf first = BUF_INIT, second = BUF_INIT, log = BUF_INIT;
	const char *body = "| a | b |\n|---|---|\n| RTX 4090 | 24 GB |\n\nIt has 2 fans.\n";
	for (int i = 0; i < 2; i++) {
		struct buf *seen = i ? &second : &first;
		struct markdown_cite mc = { echo_resolver, echo_checker, seen, NULL, false, NULL, NULL };
		struct diag d;
		diag_init(&d, NULL, &log);
		struct article a;
		assert_int_equal(parse_with_head(body, &a, &d), 0);
		assert_int_equal(markdown_render(&a, &mc, &memo, &d), 0);
		markdown_article_free(&a);
	}
	assert_int_equal(m.hits, 1);
	assert_string_equal(first.ptr, second.ptr);
	assert_non_null(strstr(first.ptr, "row[RTX 4090 | 24 GB] content/en/a.md:11:7\n"));
	buf_release(&first);
	buf_release(&second);
	buf_release(&log);
	one_release(&m);
}

/* Two parses of one file agree on all but the body (each string, the
 * lines, the body's place and words). */
static void assert_same_front(const struct article *x, const struct article *y)
{
	assert_string_equal(x->title, y->title);
	assert_true((x->description == NULL) == (y->description == NULL));
	assert_string_equal(x->date, y->date);
	assert_string_equal(x->slug, y->slug);
	assert_int_equal(x->ntags, y->ntags);
	for (size_t i = 0; i < x->ntags; i++)
		assert_string_equal(x->tags[i], y->tags[i]);
	assert_int_equal(x->draft, y->draft);
	assert_int_equal(x->tags_line, y->tags_line);
	assert_int_equal(x->slug_line, y->slug_line);
	assert_int_equal(x->body_line, y->body_line);
	assert_int_equal(x->body_at, y->body_at);
	assert_int_equal(x->file_len, y->file_len);
	assert_int_equal(x->words, y->words);
}

/* An article with every front matter field the kept parse holds: a quoted
 * title, tags in two languages, a draft mark; a body of words and Chinese. */
static const char parsed_src[] =
	"---\n"
	"title: \"Budget, job, memory\"\n"
	"date: 2026-03-01\n"
	"slug: budget\n"
	"tags: training, 显存\n"
	"draft: true\n"
	"---\n"
	"Some words, 一些中文。\n";

/* The loader's parse (markdown_parse_front) is the whole parse but the
 * body: the same fields, the body's place and words, no copy of it. */
static void test_the_front_alone_is_the_parse_without_the_body(void **state)
{
	(void)state;
	const char *src = parsed_src;
	struct diag d;
	diag_init(&d, NULL, NULL);
	struct article whole, front;
	assert_int_equal(markdown_parse_article(&whole, "content/en/t.md", 0, src, strlen(src), &d), 0);
	assert_int_equal(markdown_parse_front(&front, "content/en/t.md", 0, src, strlen(src), &d), 0);
	assert_non_null(whole.body);
	assert_null(front.body);
	assert_same_front(&front, &whole);
	markdown_article_free(&whole);
	markdown_article_free(&front);
	/* the body read again: moved to the start of the file's buffer, which
	 * becomes the article's; a file of another size is refused, its
	 * buffer left as it was */
	assert_int_equal(markdown_parse_front(&front, "content/en/t.md", 0, src, strlen(src), &d), 0);
	struct buf file = BUF_INIT;
	buf_adds(&file, src);
	buf_addc(&file, '!');
	assert_int_equal(markdown_reload_body(&front, &file), -1);
	assert_null(front.body);
	assert_int_equal(file.len, strlen(src) + 1);
	buf_truncate(&file, strlen(src));
	assert_int_equal(markdown_reload_body(&front, &file), 0);
	assert_string_equal(front.body, "Some words, 一些中文。\n");
	assert_int_equal(file.len, 0);
	markdown_article_free(&front);
	buf_release(&file);
	/* an error is the same error */
	static const char bad[] = "---\ntitle: x\n---\nbody\n";
	assert_int_equal(markdown_parse_front(&front, "content/en/t.md", 0, bad, strlen(bad), &d), -1);
	assert_int_equal(d.errors, 2); /* no date, no slug */
	markdown_article_free(&front);
}

/* What a parse made of a file, kept between builds: read back as it was
 * (every field, absent ones absent), and a record cut short, lengthened or
 * with a bad count is refused, leaving nothing to free. */
static void test_a_parse_kept_between_builds_reads_back_as_it_was(void **state)
{
	(void)state;
	const char *src = parsed_src;
	struct diag d;
	diag_init(&d, NULL, NULL);
	struct article a, back;
	assert_int_equal(markdown_parse_article(&a, "content/zh/b.md", 1, src, strlen(src), &d), 0);
	struct buf rec = BUF_INIT;
	markdown_article_encode(&a, &rec);
	assert_int_equal(markdown_article_decode(&back, "content/zh/b.md", 1, rec.ptr, rec.len), 0);
	assert_string_equal(back.path, "content/zh/b.md");
	assert_string_equal(back.file, "b.md");
	assert_int_equal(back.lang, 1);
	assert_null(back.description);
	assert_null(back.translation);
	assert_string_equal(back.date, "2026-03-01");
	assert_string_equal(back.slug, "budget");
	assert_int_equal(back.ntags, 2);
	assert_true(back.draft);
	assert_same_front(&back, &a);
	assert_null(back.body);
	markdown_article_free(&back);

	/* damaged: every cut, one byte more, a count past the end */
	for (size_t cut = 0; cut < rec.len; cut++)
		assert_int_equal(markdown_article_decode(&back, "x", 0, rec.ptr, cut), -1);
	buf_addc(&rec, 0);
	assert_int_equal(markdown_article_decode(&back, "x", 0, rec.ptr, rec.len), -1);
	rec.ptr[4] = 0x7f; /* the title's count */
	assert_int_equal(markdown_article_decode(&back, "x", 0, rec.ptr, rec.len - 1), -1);
	buf_release(&rec);
	markdown_article_free(&a);
}

/* The k newest articles picked from many are the first k of the whole
 * list sorted newest first: by date, then by slug; no date reads as the
 * earliest. */
static void test_the_newest_are_the_first_of_the_sorted_list(void **state)
{
	(void)state;
	static const char *const dates[] = { "2026-01-02", "2026-03-01", NULL, "2026-03-01",
					     "2025-12-31", "2026-02-28", "2026-03-01", "2026-01-02" };
	static const char *const slugs[] = { "b", "c", "a", "a", "z", "y", "b", "a" };
	enum { N = sizeof dates / sizeof dates[0] };
	struct article arts[N];
	const struct article *sorted[N];
	memset(arts, 0, sizeof arts);
	for (size_t i = 0; i < N; i++) {
		arts[i].date = (char *)dates[i];
		arts[i].slug = (char *)slugs[i];
		sorted[i] = &arts[i];
	}
	qsort(sorted, N, sizeof *sorted, markdown_compare_newest_first);
	assert_ptr_equal(sorted[0], &arts[3]); /* 03-01 a, b, c */
	assert_ptr_equal(sorted[1], &arts[6]);
	assert_ptr_equal(sorted[2], &arts[1]);
	assert_ptr_equal(sorted[N - 1], &arts[2]); /* no date */
	for (size_t k = 0; k <= N + 1; k++) {
		const struct article *list[N];
		for (size_t i = 0; i < N; i++)
			list[i] = &arts[(i * 5) % N]; /* another order */
		size_t m = markdown_newest_first(list, N, k);
		assert_int_equal(m, k < N ? k : N);
		for (size_t i = 0; i < m; i++)
			assert_ptr_equal(list[i], sorted[i]);
	}
}

/* A resolver that knows some shortcodes by their text, as a rendering
 * thread knows those it resolved before: what it knows it gives as
 * echo_resolver would, and counts; echo_resolver counts the others. */
struct knowing {
	const char *known; /* the one text it knows */
	int known_given, resolved;
	struct buf seen;   /* what the checker saw */
};

static int counting_resolver(void *ctx, const struct shortcode *sc, struct buf *out,
			     struct diag *diag)
{
	((struct knowing *)ctx)->resolved++;
	return echo_resolver(NULL, sc, out, diag);
}

static bool knowing_resolver(void *ctx, const char *text, size_t len, bool block,
			     struct buf *out, struct digest_value *digest)
{
	struct knowing *k = ctx;
	(void)block;
	if (strlen(k->known) != len || memcmp(k->known, text, len))
		return false;
	size_t at = out->len;
	buf_adds(out, "<b>price gpu=b</b>");
	*digest = markdown_cited_digest(out->ptr + at, out->len - at);
	k->known_given++;
	return true;
}

static void knowing_checker(void *ctx, const struct prose *p, struct diag *diag)
{
	echo_checker(&((struct knowing *)ctx)->seen, p, diag);
}

/* A shortcode known by its text renders, keys, lists and is checked as the
 * same shortcode resolved: it is not resolved again, and parsed only for
 * the list of cites and the checker. */
static void test_a_shortcode_known_by_its_text_is_the_one_resolved(void **state)
{
	struct fixture *f = *state;
	static const char body[] = "At {{< price gpu=b >}} an hour, 3 times {{< price gpu=b >}}; "
				   "{{< link gpu=c >}}.\n";
	char *html[2];
	struct digest_value key[2];
	char *seen[2];
	for (int knows = 0; knows < 2; knows++) {
		struct knowing k = { knows ? " price gpu=b " : "\x01", 0, 0, BUF_INIT };
		struct markdown_cite mc = { counting_resolver, knowing_checker, &k, NULL, true,
					    knowing_resolver, NULL };
		struct buf src = BUF_INIT;
		buf_adds(&src, good_head);
		buf_adds(&src, body);
		memset(&f->a, 0, sizeof f->a);
		assert_int_equal(markdown_parse_article(&f->a, "content/en/a.md", 0, src.ptr,
							src.len, &f->diag), 0);
		buf_release(&src);
		assert_int_equal(markdown_render(&f->a, &mc, NULL, &f->diag), 0);
		assert_int_equal(k.known_given, knows ? 2 : 0);
		assert_int_equal(k.resolved, knows ? 1 : 3);
		assert_int_equal(f->a.ncites, 3);
		assert_string_equal(f->a.cites[0], "link gpu=c");
		assert_string_equal(f->a.cites[1], "price gpu=b");
		assert_string_equal(f->a.cites[2], "price gpu=b");
		html[knows] = f->a.html;
		f->a.html = NULL;
		key[knows] = f->a.html_key;
		seen[knows] = buf_detach(&k.seen, NULL);
		markdown_article_free(&f->a);
	}
	assert_string_equal(html[1], html[0]);
	assert_true(digest_equal(key[1], key[0]));
	assert_string_equal(seen[1], seen[0]);
	assert_non_null(strstr(seen[0], " price@")); /* the checker saw the cites */
	for (int i = 0; i < 2; i++) {
		free(html[i]);
		free(seen[i]);
	}
}

int main(void)
{
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
	const struct CMUnitTest tests[] = {
		T(test_front_matter_fields_are_read),
		T(test_malformed_front_matter_line_is_an_error),
		T(test_missing_title_is_an_error),
		T(test_bad_date_is_an_error_at_its_value),
		T(test_quoted_values_are_read_without_their_quotes),
		T(test_a_quoted_value_is_whole_or_an_error),
		T(test_slug_with_path_characters_is_rejected),
		T(test_unclosed_front_matter_is_an_error),
		T(test_unknown_front_matter_key_is_an_error_with_a_hint),
		T(test_overlong_slug_is_an_error),
		T(test_invalid_utf8_in_article_is_rejected),
		T(test_raw_html_is_not_passed_through),
		T(test_long_lines_and_many_nodes_render_whole),
		T(test_dangerous_link_loses_its_target),
		T(test_dangerous_link_beside_a_bare_link_is_said_once),
		T(test_inline_shortcode_sits_in_its_paragraph),
		T(test_inline_figure_is_spaced_from_chinese),
		T(test_inline_figure_ending_in_full_width_punctuation),
		T(test_block_shortcode_replaces_its_paragraph),
		T(test_shortcode_in_code_is_left_alone),
		T(test_shortcode_in_every_code_form_stays_literal),
		T(test_shortcode_beside_code_is_still_cited),
		T(test_unclosed_shortcode_in_code_is_text),
		T(test_pipe_table_renders_in_its_scroll_box),
		T(test_strikethrough_takes_two_tildes),
		T(test_bare_links_are_links_without_chinese_punctuation),
		T(test_bare_links_beside_links_in_targets),
		T(test_raw_html_in_a_table_cell_does_not_pass),
		T(test_prose_with_digits_goes_to_the_checker),
		T(test_many_shortcodes_on_one_line),
		T(test_unclosed_backtick_runs_do_not_hide_later_spans),
		T(test_tags_are_counted_and_measured_in_characters),
		T(test_controls_and_noncharacters_are_refused_where_they_stand),
		T(test_problems_are_placed_at_every_offset_of_a_word),
		T(test_parse_counts_the_words_of_the_body_only),
		T(test_shortcode_error_names_file_line_and_column),
		T(test_unclosed_shortcode_is_an_error),
		T(test_headings_get_stable_unique_ids),
		T(test_words_are_counted_in_english_and_chinese),
		T(test_many_shortcodes_each_land_in_their_place),
		T(test_word_count_matches_the_definition_on_random_bytes),
		T(test_cites_are_recorded_canonically),
		T(test_cites_are_listed_only_when_asked),
		T(test_author_text_cannot_forge_a_shortcode_token),
		T(test_shortcode_in_image_alt_gives_no_markup_in_attribute),
		T(test_memo_gives_what_cmark_gives),
		T(test_gfm_on_several_threads_at_once),
		T(test_memo_key_is_the_body_not_what_its_figures_are),
		T(test_an_article_renders_from_the_memo_without_its_body),
		T(test_the_html_is_read_only_for_a_page_written),
		T(test_the_headings_are_read_only_for_a_page_written),
		T(test_a_damaged_body_record_reads_the_body),
		T(test_prose_is_checked_from_the_memo),
		T(test_memo_never_keeps_a_rendering_that_warned),
		T(test_memo_damaged_record_falls_back_to_cmark),
		T(test_the_front_alone_is_the_parse_without_the_body),
		T(test_a_parse_kept_between_builds_reads_back_as_it_was),
		T(test_the_newest_are_the_first_of_the_sorted_list),
		T(test_a_shortcode_known_by_its_text_is_the_one_resolved),
	};
	return cmocka_run_group_tests_name("markdown", tests, NULL, NULL);
}
