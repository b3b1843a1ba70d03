/* The search index builder (gen/search/search.c): tokens, CJK bigrams, the fields
 * each token is found in, page text from HTML, and the files it writes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/buf.h"
#include "model/metrics.h"
#include "search/search.h"
#include "search/search_index.h"
#include "search/search_scan.h"
#include "search/search_write.h"
#include "base/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The terms pages are read with, shared by the tests as a thread's are by
 * the pages it renders (made by main). */
static struct search_terms *terms;

/* Tokens joined by '|'. */
static void add_tok(void *ctx, const char *t, size_t len)
{
	struct buf *b = ctx;
	if (b->len)
		buf_addc(b, '|');
	assert_true(len > 0);
	buf_add(b, t, len);
}

static void assert_tokens(const char *text, const char *want)
{
	struct buf b = BUF_INIT;
	search_tokens(text, strlen(text), add_tok, &b);
	assert_string_equal(b.ptr, want);
	buf_release(&b);
}

static void test_words_are_lowercased_letters_and_digits(void **state)
{
	(void)state;
	assert_tokens("RTX 4090: 24 GB, $0.39/h", "rtx|4090|24|gb|0|39|h");
	assert_tokens("H100-80GB vs. A100", "h100|80gb|vs|a100");
	assert_tokens("Café × naïve", "café|naïve");
	assert_tokens("", "");
	assert_tokens("  ...  ", "");
	/* a word longer than 40 bytes is not indexed, however long (one
	 * of 64 bytes and more once named a place past the tokenizer's
	 * buffer: clang's UBSan in fuzz_search_figs told) */
	assert_tokens("a 0123456789012345678901234567890123456789x b", "a|b");
	char text[256] = "a ";
	memset(text + 2, 'x', 200);
	strcpy(text + 202, " b");
	assert_tokens(text, "a|b");
}

static void test_cjk_text_gives_every_bigram(void **state)
{
	(void)state;
	assert_tokens("显存", "显存");
	assert_tokens("显存需求", "显存|存需|需求");
	/* a lone character is not indexed; punctuation and ASCII break runs */
	assert_tokens("卡", "");
	assert_tokens("显存，够用", "显存|够用");
	assert_tokens("RTX 4090显存24GB", "rtx|4090|显存|24gb");
	assert_tokens("の日本語", "の日|日本|本語");
	/* runs of the main block mixed with kana, hangul and punctuation */
	assert_tokens("日本のテスト", "日本|本の|のテ|テス|スト");
	assert_tokens("한국어中文字", "한국|국어|어中|中文|文字");
	assert_tokens("中文字、显存", "中文|文字|显存");
	assert_tokens("一丁\xe9\xbe\xa5\xe4\xb8", "一丁|丁龥"); /* U+9FA5, then a cut one */
	assert_tokens("\xe4\xb8\x80\xe3\x90\x80", "一㐀"); /* U+4E00, U+3400 */
	/* invalid bytes separate tokens */
	assert_tokens("ab\xff" "cd", "ab|cd");
	assert_tokens("显\xff存", "");
}

static void test_fields_record_where_a_token_occurs(void **state)
{
	(void)state;
	struct search_index *ix = search_index_new();
	struct search_doc a = { .title = "RTX 4090", .path = "gpus/rtx-4090/", .kind = "gpu",
				.description = "A consumer card", .headings = "Specs",
				.body = "24 GB of GDDR6X; RTX" };
	struct search_doc b = { .title = "显存需求", .path = "vram/", .kind = "benchmark",
				.description = NULL, .headings = "按模型规模", .body = "4090 的显存" };
	search_index_add(ix, &a);
	search_index_add(ix, &b);
	assert_int_equal(search_index_docs(ix), 2);
	assert_int_equal(search_index_fields(ix, "rtx", 0), SEARCH_IN_TITLE | SEARCH_IN_BODY);
	assert_int_equal(search_index_fields(ix, "4090", 0), SEARCH_IN_TITLE);
	assert_int_equal(search_index_fields(ix, "consumer", 0), SEARCH_IN_DESCRIPTION);
	assert_int_equal(search_index_fields(ix, "specs", 0), SEARCH_IN_HEADING);
	assert_int_equal(search_index_fields(ix, "gddr6x", 0), SEARCH_IN_BODY);
	assert_int_equal(search_index_fields(ix, "4090", 1), SEARCH_IN_BODY);
	assert_int_equal(search_index_fields(ix, "显存", 1), SEARCH_IN_TITLE | SEARCH_IN_BODY);
	assert_int_equal(search_index_fields(ix, "模型", 1), SEARCH_IN_HEADING);
	assert_int_equal(search_index_fields(ix, "显存", 0), 0);
	assert_int_equal(search_index_fields(ix, "nothing", 0), 0);
	search_index_free(ix);
}

static void test_page_text_is_the_main_element_without_markup(void **state)
{
	(void)state;
	const char *html =
		"<html><head><title>T</title></head><body><nav>Menu</nav>"
		"<main id=\"main\"><h1>RTX&nbsp;4090</h1><p>24&#160;GB &amp; <em>fast</em>"
		"&#x4E2D;&lt;b&gt;</p><script>var x = '<p>no</p>';</script>"
		"<form><select><option>H100</option></select></form>"
		"<svg><text>9</text></svg><h2>Prices</h2><ul><li>显存<a href=\"x\">需求</a></li></ul>"
		"&bogus; a&b</main><footer>Sources</footer></body></html>";
	struct buf h = BUF_INIT, b = BUF_INIT;
	search_text_from_html(html, strlen(html), &h, &b);
	assert_string_equal(h.ptr, "RTX 4090 Prices");
	assert_string_equal(b.ptr, "24 GB & fast中<b> 显存需求 &bogus; a&b");
	buf_release(&h);
	buf_release(&b);
	/* the last "</main>" ends the page's own text, whatever stands
	 * before and after it (near misses of every length) */
	static const char *const tails[] = {
		"", "</main", "</mai>", "<</main", "/main>", "</main </main>x", ">", "n>", "in>",
		"ain>", "main>", "/main>>", "<</main>>", "</maim>", "</ main>",
	};
	for (size_t i = 0; i < sizeof tails / sizeof *tails; i++)
		for (size_t pad = 0; pad < 9; pad++) {
			char page[128];
			snprintf(page, sizeof page, "<main><p>in</p></main>%.*s%s<p>out</p>",
				 (int)pad, "mainmain/", tails[i]);
			/* the same page cut right after its last "</main>" (found
			 * by a plain search forward) gives the same text */
			const char *last = NULL;
			for (const char *q = page; (q = strstr(q, "</main>")) != NULL; q++)
				last = q;
			size_t cut = (size_t)(last - page) + 7;
			struct buf h2 = BUF_INIT, b2 = BUF_INIT;
			buf_reset(&h);
			buf_reset(&b);
			search_text_from_html(page, strlen(page), &h, &b);
			search_text_from_html(page, cut, &h2, &b2);
			assert_string_equal(b.ptr, b2.ptr);
			assert_null(strstr(b.ptr, "out"));
			buf_release(&h2);
			buf_release(&b2);
		}
	buf_release(&h);
	buf_release(&b);
	/* no <main>: nothing */
	search_text_from_html("<p>x</p>", 8, &h, &b);
	assert_int_equal(h.len + b.len, 0);
	buf_release(&h);
	buf_release(&b);
}

struct files {
	struct buf all;
	int count, fail_at;
};

static int keep_file(void *ctx, const char *name, const struct buf *data)
{
	struct files *f = ctx;
	if (++f->count == f->fail_at)
		return -1;
	buf_adds(&f->all, name);
	buf_addc(&f->all, '\n');
	buf_addbuf(&f->all, data);
	return 0;
}

static void test_written_files_are_sorted_escaped_json(void **state)
{
	(void)state;
	struct search_index *ix = search_index_new();
	struct search_doc a = { .title = "B \"q\" <x>", .path = "a/", .kind = "gpu",
				.description = "d", .headings = "", .body = "zeta 24 alpha 7b" };
	search_index_add(ix, &a);
	struct files f = { BUF_INIT, 0, 0 };
	assert_int_equal(search_index_write(ix, keep_file, &f), 0);
	/* the numbers' shard first, then the words' */
	assert_string_equal(f.all.ptr,
		"t0.json\n{\"24\":\"0\",\"7b\":\"0\"}\n"
		"t1.json\n{\"alpha\":\"0\",\"b\":\"18\",\"d\":\"12\",\"q\":\"18\","
		"\"x\":\"18\",\"zeta\":\"0\"}\n"
		"d0.json\n[[\"B \\\"q\\\" \\u003cx\\u003e\",\"a/\",\"gpu\",\"d zeta 24 alpha 7b\"]]\n"
		"index.json\n{\"v\":3,\"shards\":2,\"number_shards\":1,\"docs\":1,"
		"\"doc_shards\":[0],\"title_tokens\":[3],\"held\":[0]}\n");
	buf_release(&f.all);
	/* a failing write stops and says so */
	struct files g = { BUF_INIT, 0, 2 };
	assert_int_equal(search_index_write(ix, keep_file, &g), -1);
	assert_int_equal(g.count, 2);
	buf_release(&g.all);
	search_index_free(ix);
}

static void test_shard_of_is_fnv1a(void **state)
{
	(void)state;
	assert_int_equal(search_shard_of("", 0), 2166136261u);
	assert_int_equal(search_shard_of("a", 1), 0xe40c292cu);
}

static void test_json_strings_are_escaped(void **state)
{
	(void)state;
	struct buf b = BUF_INIT;
	text_escape_jsons(&b, "a\"b\\c\n\t\x01</script>&显");
	assert_string_equal(b.ptr, "\"a\\\"b\\\\c\\n\\t\\u0001\\u003c/script\\u003e\\u0026显\"");
	/* every byte alone: as it is, or escaped as JSON and HTML need */
	for (unsigned c = 0; c < 256; c++) {
		char one = (char)c, want[16];
		if (c == '"' || c == '\\')
			snprintf(want, sizeof want, "\"\\%c\"", c);
		else if (c == '\n')
			snprintf(want, sizeof want, "\"\\n\"");
		else if (c == '\t')
			snprintf(want, sizeof want, "\"\\t\"");
		else if (c < 0x20 || c == '<' || c == '>' || c == '&')
			snprintf(want, sizeof want, "\"\\u%04x\"", c);
		else
			snprintf(want, sizeof want, "\"%c\"", c);
		buf_reset(&b);
		text_escape_json(&b, &one, 1);
		assert_string_equal(b.ptr, want);
		/* and at every place of 8 bytes read at a time, among bytes
		 * next to those escaped (the tests 8 at a time are borrows) */
		for (size_t len = 1; len <= 20; len++)
			for (size_t at = 0; at < len; at++) {
				char text[24], expect[64];
				size_t n = 0;
				for (size_t k = 0; k < len; k++)
					text[k] = k == at ? (char)c : (char)(k % 3 ? 'a' + k : 0x21);
				expect[n++] = '"';
				for (size_t k = 0; k < len; k++) {
					if (k != at) {
						expect[n++] = text[k];
						continue;
					}
					size_t w = strlen(want) - 2; /* without its quotes */
					memcpy(expect + n, want + 1, w);
					n += w;
				}
				expect[n++] = '"';
				expect[n] = '\0';
				buf_reset(&b);
				text_escape_json(&b, text, len);
				assert_string_equal(b.ptr, expect);
			}
	}
	buf_release(&b);
}

static void test_calculator_presets_are_checked(void **state)
{
	(void)state;
	struct buf why = BUF_INIT;
	assert_true(metric_preset_ok("13", "fp16", "inference", &why));
	assert_true(metric_preset_ok("0.5", NULL, NULL, &why));
	assert_true(metric_preset_ok(NULL, NULL, NULL, &why));
	assert_false(metric_preset_ok("abc", NULL, NULL, &why));
	assert_string_equal(why.ptr, "params \"abc\" is not a plain number of billions, like 13");
	buf_reset(&why);
	assert_false(metric_preset_ok("1e9", NULL, NULL, &why));
	assert_string_equal(why.ptr, "params \"1e9\" is not a plain number of billions, like 13");
	buf_reset(&why);
	assert_false(metric_preset_ok("5000", NULL, NULL, &why));
	assert_string_equal(why.ptr, "params \"5000\" is outside 0.1 to 2000 billion");
	buf_reset(&why);
	assert_false(metric_preset_ok("13", "fp64", NULL, &why));
	assert_string_equal(why.ptr, "unknown precision \"fp64\" (fp32, fp16, bf16, int8 or int4)");
	buf_reset(&why);
	assert_false(metric_preset_ok("13", "int4", "pretrain", &why));
	assert_string_equal(why.ptr, "unknown job \"pretrain\" (inference, lora or training)");
	buf_release(&why);
}

/* ---- pages kept between builds ---- */

/* Three docs: plain, with Chinese text and headings, and one whose text
 * is cut at SEARCH_TEXT_MAX; with `long_body`, a buffer the caller frees. */
static void kept_docs(struct search_doc docs[3], struct buf *long_body)
{
	for (size_t i = 0; i < 300; i++)
		buf_addf(long_body, "word%zu ", i);
	assert_true(long_body->len > SEARCH_TEXT_MAX);
	docs[0] = (struct search_doc){ .title = "RTX 4090", .path = "en/gpus/rtx-4090/",
		.kind = "gpu", .description = "24 GB", .headings = "Speed",
		.body = "fast fast \"card\"" };
	docs[1] = (struct search_doc){ .title = "显卡指南", .path = "zh/guide/",
		.kind = "article", .description = "", .headings = "显存 带宽",
		.body = "显存越大越好 VRAM" };
	docs[2] = (struct search_doc){ .title = "Long", .path = "en/long/",
		.kind = "article", .description = NULL, .headings = NULL,
		.body = long_body->ptr };
}

/* The index written in parts (search_whole_*: the doc shards through a
 * store of their own, here before the term shards, whose postings are not
 * yet sorted then) writes the files the index written whole does, in
 * that order once each store's files are put together, and the same list
 * of shards for the next build; an error of either part stops the end. */
static void index_of_kept_docs(struct search_index *ix, struct buf *long_body)
{
	struct search_doc docs[3];
	kept_docs(docs, long_body);
	/* put out of doc order: the term shards' part sorts the postings */
	for (size_t i = 3; i-- > 0;)
		search_index_put(ix, i, search_page_new(&docs[i]));
}

static void test_the_index_written_in_parts_is_the_index_written_whole(void **state)
{
	(void)state;
	struct buf long_body = BUF_INIT, list_whole = BUF_INIT, list_parts = BUF_INIT;
	struct search_index *ix = search_index_new();
	index_of_kept_docs(ix, &long_body);
	struct files whole = { BUF_INIT, 0, 0 };
	struct search_store st = { .write = keep_file, .ctx = &whole };
	assert_int_equal(search_index_publish(ix, NULL, NULL, &st, &list_whole), 0);
	search_index_free(ix);

	ix = search_index_new();
	index_of_kept_docs(ix, &long_body);
	struct files term_files = { BUF_INIT, 0, 0 }, doc_files = { BUF_INIT, 0, 0 };
	struct search_store ts = { .write = keep_file, .ctx = &term_files };
	struct search_whole w;
	search_whole_begin(&w, ix, &ts);
	assert_int_equal(search_whole_docs(&w, keep_file, &doc_files), 0);
	assert_int_equal(search_whole_terms(&w), 0);
	assert_int_equal(search_whole_end(&w, 0, &list_parts), 0);
	/* the term shards, then the doc shards, then index.json (the end's) */
	const char *list_at = strstr(term_files.all.ptr, "index.json\n");
	assert_non_null(list_at);
	struct buf joined = BUF_INIT;
	buf_add(&joined, term_files.all.ptr, (size_t)(list_at - term_files.all.ptr));
	buf_addbuf(&joined, &doc_files.all);
	buf_adds(&joined, list_at);
	assert_string_equal(joined.ptr, whole.all.ptr);
	assert_int_equal(list_parts.len, list_whole.len);
	assert_memory_equal(list_parts.ptr, list_whole.ptr, list_whole.len);
	assert_non_null(strstr(doc_files.all.ptr, "d0.json\n"));
	assert_null(strstr(doc_files.all.ptr, "t0.json"));

	/* a doc shard that cannot be written: the end writes nothing more */
	struct files failing = { BUF_INIT, 0, 1 }, rest = { BUF_INIT, 0, 0 };
	struct search_store rs = { .write = keep_file, .ctx = &rest };
	search_whole_begin(&w, ix, &rs);
	int rc = search_whole_docs(&w, keep_file, &failing);
	assert_int_equal(rc, -1);
	assert_int_equal(search_whole_terms(&w), 0);
	assert_int_equal(search_whole_end(&w, rc, NULL), -1);
	assert_null(strstr(rest.all.ptr, "index.json"));
	search_index_free(ix);
	buf_release(&failing.all);
	buf_release(&rest.all);
	buf_release(&joined);
	buf_release(&term_files.all);
	buf_release(&doc_files.all);
	buf_release(&whole.all);
	buf_release(&list_whole);
	buf_release(&list_parts);
	buf_release(&long_body);
}


/* Every file search_index_write gives for `ix` (then freed). */
static void written_index(struct search_index *ix, struct buf *out)
{
	struct files f = { BUF_INIT, 0, 0 };
	assert_int_equal(search_index_write(ix, keep_file, &f), 0);
	buf_addbuf(out, &f.all);
	buf_release(&f.all);
	search_index_free(ix);
}

/* A snippet takes no space after full-width punctuation (where the
 * description meets the body, or two blocks meet), every other kept. */
static void test_snippet_takes_no_space_after_fullwidth_punctuation(void **state)
{
	(void)state;
	struct search_doc d = { .title = "T", .path = "a/", .kind = "gpu",
				.description = "数字均注明出处。",
				.body = "来源：  训练指南 Done. Next 显存 需要 “A100” 《训练指南》" };
	struct search_page *pg = search_page_new(&d);
	assert_non_null(strstr(pg->doc.json,
			       "数字均注明出处。来源：训练指南 Done. Next 显存 需要 “A100”《训练指南》"));
	search_page_free(pg);
	d.description = "Plain. English";
	d.body = "text only";
	pg = search_page_new(&d);
	assert_non_null(strstr(pg->doc.json, "Plain. English text only"));
	search_page_free(pg);
}

/* The doc's page, encoded, freed and decoded again. */
static struct search_page *page_through_bytes(const struct search_doc *d)
{
	struct search_page *pg = search_page_new(d);
	struct buf b = BUF_INIT;
	search_page_encode(pg, &b);
	search_page_free(pg);
	pg = search_page_decode(terms, b.ptr, b.len);
	assert_non_null(pg);
	/* and it encodes as it was */
	struct buf again = BUF_INIT;
	search_page_encode(pg, &again);
	assert_int_equal(again.len, b.len);
	assert_memory_equal(again.ptr, b.ptr, b.len);
	buf_release(&again);
	buf_release(&b);
	return pg;
}

/* The one pass over a page's HTML indexes what the text taken from it
 * (search_text_from_html) and then tokenized indexes: words and CJK pairs
 * across inline tags and entities, block edges as separators, headings and
 * body apart, skipped elements left out, the snippet cut as before. */
static void test_a_page_from_html_indexes_as_its_text(void **state)
{
	(void)state;
	struct buf html = BUF_INIT;
	buf_adds(&html, "<html><nav>menu words</nav><main class=x><h1>RTX <em>40</em>90 "
		 "显<b>存</b></h1><p>GDDR<em>6X</em> &amp; A&#x31;00 &nbsp;中&#x6587;字"
		 "</p><script>hidden script</script><svg><text>chart</text></svg>"
		 "<h2>Ne&shy;xt</h2><p>after\n\n heading</p><ul><li>one</li><li>two"
		 "</li></ul><p><b>left</b>\n<i>right</i> <b>卡</b>\n<i>片</i></p>");
	for (int i = 0; i < 300; i++) /* past the snippet's cut, in Chinese */
		buf_adds(&html, "<p>显存需求 word</p>");
	buf_adds(&html, "</main><footer>foot</footer></html>");
	struct buf h = BUF_INIT, b = BUF_INIT, two = BUF_INIT, one = BUF_INIT;
	search_text_from_html(html.ptr, html.len, &h, &b);
	struct search_doc d = { .title = "T 4090", .path = "p/", .kind = "gpu",
				.description = "Desc", .headings = h.ptr, .body = b.ptr };
	struct search_index *ix = search_index_new();
	search_index_put(ix, 0, search_page_new(&d));
	written_index(ix, &two);
	d.headings = d.body = NULL;
	ix = search_index_new();
	search_index_put(ix, 0, search_page_from_html(terms, &d, html.ptr, html.len));
	written_index(ix, &one);
	assert_string_equal(one.ptr, two.ptr);
	/* not blind: pairs across tags, words across inline tags, the cut */
	assert_non_null(strstr(one.ptr, "\"显存\":\"15\""));
	assert_non_null(strstr(one.ptr, "\"gddr6x\":\"0\""));
	assert_non_null(strstr(one.ptr, "\"4090\":\"1c\""));
	assert_null(strstr(one.ptr, "\"hidden\""));
	/* a line break between two inline tags separates */
	assert_non_null(strstr(one.ptr, "\"left\":\"0\""));
	assert_null(strstr(one.ptr, "\"leftright\""));
	assert_null(strstr(one.ptr, "\"卡片\""));
	assert_null(strstr(one.ptr, "\"foot\""));
	buf_release(&html);
	buf_release(&h);
	buf_release(&b);
	buf_release(&two);
	buf_release(&one);
}

/* The body text of "<main>a<TAG>b</TAG>c</main>". */
static void assert_tag_text(const char *tag, const char *want)
{
	char html[128];
	snprintf(html, sizeof html, "<main>a<%s>b</%s>c</main>", tag, tag);
	struct buf h = BUF_INIT, b = BUF_INIT;
	search_text_from_html(html, strlen(html), &h, &b);
	if (strcmp(b.ptr ? b.ptr : "", want) != 0)
		fail_msg("<%s>: \"%s\", not \"%s\"", tag, b.ptr ? b.ptr : "", want);
	buf_release(&h);
	buf_release(&b);
}

static void test_every_tag_is_a_block_inline_or_skipped(void **state)
{
	(void)state;
	static const char *const blocks[] = {
		"p", "div", "li", "ul", "ol", "td", "th", "tr", "table", "br", "section",
		"dt", "dd", "dl", "figure", "figcaption", "caption", "header", "footer",
		"article", "aside", "blockquote", "pre", "main", "hr",
	};
	for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++)
		assert_tag_text(blocks[i], "a b c");
	/* headings are blocks too, their text elsewhere */
	for (char n = '1'; n <= '6'; n++) {
		char tag[3] = { 'h', n, 0 };
		assert_tag_text(tag, "a c");
	}
	static const char *const skipped[] = { "script", "style", "svg", "form", "template",
						"nav" };
	for (size_t i = 0; i < sizeof skipped / sizeof skipped[0]; i++)
		assert_tag_text(skipped[i], "ac");
	/* near misses of every length are inline */
	static const char *const inlines[] = {
		"a", "b", "i", "em", "h7", "h0", "tx", "dx", "lx", "pp", "span", "code",
		"strong", "divx", "mai", "na", "navs", "tables", "sectio", "templat", "figcaptio",
		"blockquotes", "P", "DIV", "TEMPLATE", "Script", "abbr", "small", "summary",
	};
	for (size_t i = 0; i < sizeof inlines / sizeof inlines[0]; i++)
		assert_tag_text(inlines[i], "abc");
}

/* A tag's name and its '>' are found wherever the '>' stands: within the
 * first 16 bytes of the name or past them (attributes of any length), in a
 * name longer than 16 bytes, and not at all in a page cut inside a tag,
 * at any distance from its end. */
static void test_tags_of_any_length_are_read_to_their_end(void **state)
{
	(void)state;
	for (int pad = 0; pad <= 40; pad++) {
		static const struct { const char *tag, *want; } kinds[] = {
			{ "div", "a b c" }, { "svg", "ac" }, { "span", "abc" },
		};
		for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
			char html[160];
			snprintf(html, sizeof html, "<main>a<%s%s%.*s%s>b</%s>c</main>", kinds[k].tag,
				 pad ? " data-x=\"" : "", pad, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
				 pad ? "\"" : "", kinds[k].tag);
			struct buf h = BUF_INIT, b = BUF_INIT;
			search_text_from_html(html, strlen(html), &h, &b);
			if (strcmp(b.ptr ? b.ptr : "", kinds[k].want) != 0)
				fail_msg("%s: \"%s\", not \"%s\"", html, b.ptr ? b.ptr : "",
					 kinds[k].want);
			buf_release(&h);
			buf_release(&b);
			/* cut inside the opening tag: the text before it alone */
			char cut[160];
			int n = snprintf(cut, sizeof cut, "<main>a b<%s data-x=\"%.*s", kinds[k].tag,
					 pad, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
			search_text_from_html(cut, (size_t)n, &h, &b);
			assert_string_equal(b.ptr ? b.ptr : "", "a b");
			buf_release(&h);
			buf_release(&b);
		}
	}
	assert_tag_text("abcdefghijklmnopqrstuvwxyz", "abc");
	assert_tag_text("blockquoteblockquote", "abc");
}

/* The bytes of a token's first character when it is a CJK pair (these
 * tests' pairs: of three-byte characters, or four from U+20000), else 0. */
static int pair_first(const char *tok)
{
	unsigned char b0 = (unsigned char)tok[0];
	return b0 >= 0xF0 ? 4 : b0 >= 0xE3 ? 3 : 0;
}

/* The tokens of "<main>PARTS</main>", each '|' of `parts` an inline tag
 * (the scan feeds the text between tags as pieces of its own): exactly
 * those of `want` (joined by '|'), each in the body. */
static void assert_fed_tokens(const char *parts, const char *want)
{
	struct buf html = BUF_INIT;
	buf_adds(&html, "<main>");
	for (const char *p = parts; *p; p++) {
		if (*p == '|')
			buf_adds(&html, "<b></b>");
		else
			buf_addc(&html, *p);
	}
	buf_adds(&html, "</main>");
	struct search_doc d = { .title = "", .path = "p/", .kind = "x" };
	struct search_index *ix = search_index_new();
	search_index_put(ix, 0, search_page_from_html(terms, &d, html.ptr, html.len));
	struct buf out = BUF_INIT, expect = BUF_INIT;
	written_index(ix, &out);
	/* the two term shards, of numbers and of words: {"tok":[0],...} in
	 * byte order, a CJK pair under its first character */
	char *w = strdup(want);
	const char *toks[16];
	size_t n = 0;
	for (char *tok = strtok(w, "|"); tok && n < 16; tok = strtok(NULL, "|"))
		toks[n++] = tok;
	for (size_t i = 1; i < n; i++) /* insertion sort by bytes */
		for (size_t j = i; j > 0 && strcmp(toks[j - 1], toks[j]) > 0; j--) {
			const char *x = toks[j];
			toks[j] = toks[j - 1];
			toks[j - 1] = x;
		}
	for (int numbers = 1; numbers >= 0; numbers--) {
		buf_reset(&expect);
		buf_addf(&expect, "t%d.json\n{", !numbers);
		size_t k = 0;
		const char *group = NULL; /* a CJK pair's first character, open */
		int group_len = 0;
		for (size_t i = 0; i < n; i++) {
			if ((toks[i][0] >= '0' && toks[i][0] <= '9') != numbers)
				continue;
			int first = pair_first(toks[i]);
			bool same = group && first == group_len && !memcmp(group, toks[i], (size_t)first);
			if (group && !same) {
				buf_addc(&expect, '}');
				group = NULL;
			}
			if (k++)
				buf_addc(&expect, ',');
			/* a pair shares its first character with the next: both
			 * under it */
			if (first && !same && i + 1 < n && pair_first(toks[i + 1]) == first &&
			    !memcmp(toks[i + 1], toks[i], (size_t)first)) {
				buf_addf(&expect, "\"%.*s\":{", first, toks[i]);
				group = toks[i];
				group_len = first;
			}
			buf_addf(&expect, "\"%s\":\"0\"", toks[i] + (group ? first : 0));
		}
		buf_adds(&expect, group ? "}}\n" : "}\n");
		if (!strstr(out.ptr, expect.ptr))
			fail_msg("%s: want %s in\n%s", parts, expect.ptr, out.ptr);
	}
	free(w);
	buf_release(&expect);
	buf_release(&out);
	buf_release(&html);
}

static void test_cjk_pairs_within_and_across_pieces(void **state)
{
	(void)state;
	/* pairs read from the text itself, and across inline tags */
	assert_fed_tokens("显存需求", "显存|存需|需求");
	assert_fed_tokens("显|存需|求", "显存|存需|需求");
	assert_fed_tokens("显存|需求", "显存|存需|需求");
	assert_fed_tokens("の日|本語ab|c", "の日|日本|本語|abc");
	assert_fed_tokens("显存x需求", "显存|x|需求");
	/* an entity between two characters is a piece of its own */
	assert_fed_tokens("显&#x5B58;需", "显存|存需");
	/* a word of exactly 40 bytes is indexed, one of 41 is not */
	assert_fed_tokens("0123456789012345678901234567890123456789 x",
			  "0123456789012345678901234567890123456789|x");
	assert_fed_tokens("01234567890123456789|01234567890123456789 x",
			  "0123456789012345678901234567890123456789|x");
}

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* How many different tokens `list` (joined by '|') holds. */
static size_t distinct_tokens(const char *list)
{
	char *w = strdup(list ? list : "");
	const char *toks[256];
	size_t n = 0, d = 0;
	for (char *t = strtok(w, "|"); t; t = strtok(NULL, "|")) {
		assert_true(n < 256);
		toks[n++] = t;
	}
	qsort(toks, n, sizeof *toks, compare_strings);
	for (size_t i = 0; i < n; i++)
		d += i == 0 || strcmp(toks[i - 1], toks[i]) != 0;
	free(w);
	return d;
}

/* What a page's set reads is what search_tokens gives, token for token:
 * the set reads a run of the main CJK block in a loop of its own. Texts
 * made of pieces of every kind (main-block characters at its edges, other
 * CJK, words, digits, white space, punctuation, Latin letters, characters
 * of four bytes, invalid and cut sequences), in a fixed pseudo-random
 * order. */
/* The terms a page's set reads from `text` are the tokens search_tokens
 * gives: every token given in the body, and no other term. */
static void assert_set_reads_as_given(int round, const char *text)
{
	struct buf seen = BUF_INIT, out = BUF_INIT;
	search_tokens(text, strlen(text), add_tok, &seen);
	struct search_doc d = { .title = "", .path = "p/", .kind = "x", .body = text };
	struct search_index *ix = search_index_new();
	search_index_put(ix, 0, search_page_new(&d));
	char *list = strdup(seen.ptr ? seen.ptr : "");
	for (char *tok = strtok(list, "|"); tok; tok = strtok(NULL, "|"))
		if (search_index_fields(ix, tok, 0) != SEARCH_IN_BODY)
			fail_msg("round %d: \"%s\" not read from \"%s\"", round, tok, text);
	free(list);
	/* as many terms, each of the body alone, in the term shards (written
	 * before the docs) */
	written_index(ix, &out);
	const char *docs = strstr(out.ptr, "\nd0.json\n");
	assert_non_null(docs);
	size_t nterms = 0;
	for (const char *p = out.ptr; (p = strstr(p, "\":\"0\"")) && p < docs; p++)
		nterms++;
	if (nterms != distinct_tokens(seen.ptr))
		fail_msg("round %d: %zu terms for the tokens %s of \"%s\"", round, nterms,
			 seen.ptr ? seen.ptr : "", text);
	buf_release(&out);
	buf_release(&seen);
}

static void test_a_set_reads_the_tokens_search_tokens_gives(void **state)
{
	(void)state;
	static const char *const pieces[] = {
		"\xe4\xb8\x80", "\xe9\xbf\xbf", "\xe4\xb8\xb8", "显", "存", "需", "求",
		"\xe4\xb7\xbf", "\xea\x80\x80", "\xe3\x90\x80", "の", "テ", "한", "\xef\xa4\x80",
		"\xf0\xa0\x80\x80", "ab", "RTX", "4090", " ", "\n", "，", ".", "é", "×",
		"\xff", "\xe4\xb8", "\xe4", "\xed\xa0\x80", "\xe0\x80\x80",
		/* the punctuation read inside a run of CJK: U+3002, U+201C, U+3001, a
		 * fullwidth letter and U+FFFF; kana, a cut E2 and U+FAFF are not of it */
		"。", "“", "、", "Ａ", "\xef\xbf\xbf", "ぁ", "\xe2\x80", "\xef\xab\xbf",
	};
	enum { NPIECES = sizeof pieces / sizeof pieces[0] };
	uint32_t seed = 12345;
	for (int round = 0; round < 400; round++) {
		struct buf text = BUF_INIT;
		size_t n = 1 + (size_t)round % 37;
		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			buf_adds(&text, pieces[(seed >> 16) % NPIECES]);
		}
		assert_set_reads_as_given(round, text.ptr);
		buf_release(&text);
	}
}

/* The same of texts of ASCII words of every length (up to past WORD_MAX),
 * at every place of the set's blocks of 32 bytes, between separators,
 * '<' and '&' (where a page's run of text stops) and letters that are not
 * ASCII, which a word runs into. */
static void test_a_set_reads_the_words_search_tokens_gives(void **state)
{
	(void)state;
	static const char *const seps[] = { " ", ".", ", ", "\n", "<", "&", "é", "，", "-" };
	enum { NSEPS = sizeof seps / sizeof seps[0] };
	const char *alnum = "aZ0yB9cX1wD8eV2uF7gT3sH6iR4qJ5kP";
	uint32_t r = 4242;
	for (int round = 0; round < 2000; round++) {
		struct buf text = BUF_INIT;
		for (size_t words = 0; words < 24 && text.len < 360; words++) {
			r = r * 1103515245u + 12345u;
			/* mostly short words, as prose has, and some long */
			size_t wlen = (r >> 16) % 4 ? 1 + (r >> 8) % 9 : 1 + (r >> 8) % 44;
			for (size_t k = 0; k < wlen; k++)
				buf_addc(&text, alnum[(r + k * 7) % 32]);
			/* the same word again, now and then: a page's repeats */
			if ((r >> 4) % 5 == 0) {
				buf_addc(&text, ' ');
				for (size_t k = 0; k < wlen; k++)
					buf_addc(&text, alnum[(r + k * 7) % 32]);
			}
			buf_adds(&text, seps[(r >> 24) % NSEPS]);
		}
		assert_set_reads_as_given(round, text.ptr);
		buf_release(&text);
	}
}

/* A page's text has its white space collapsed 16 or 8 bytes at a time: texts of
 * every length up to 40, of words, runs of every kind of white space,
 * other low bytes and bytes not ASCII, anywhere, give what collapsing a
 * byte at a time gives (no space at the start or the end, one for a run). */
static void test_white_space_collapsed_16_or_8_bytes_at_a_time(void **state)
{
	(void)state;
	static const char bytes[] = { 'a', 'B', '7', ' ', ' ', '\n', '\t', '\r', '\x01',
				      '\x1f', '!', '\x7f', '\xc3', '\xa9', '-', 'z' };
	/* and, every other round, text as prose has it (read 16 bytes at a
	 * time where its only white space is single spaces) */
	static const char prose[] = { 'a', 'B', '7', 'z', 'e', '\xc3', '\xa9', '-', '.', 'q',
				      ' ', ' ', ' ', 'o', 't', 'n', '\x01', '!', 'w', '\n' };
	uint32_t seed = 1;
	for (int round = 0; round < 4000; round++) {
		size_t len = (size_t)round % 41;
		char text[48], want[48];
		size_t n = 0;
		bool space = true;
		for (size_t k = 0; k < len; k++) {
			seed = seed * 1103515245u + 12345u;
			char c = round & 1 ? prose[(seed >> 16) % sizeof prose]
					   : bytes[(seed >> 16) % sizeof bytes];
			text[k] = c;
			if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
				if (!space)
					want[n++] = ' ';
				space = true;
			} else {
				want[n++] = c;
				space = false;
			}
		}
		if (n && want[n - 1] == ' ')
			n--;
		want[n] = '\0';
		struct buf html = BUF_INIT, h = BUF_INIT, b = BUF_INIT;
		buf_adds(&html, "<main>");
		buf_add(&html, text, len);
		buf_adds(&html, "</main>");
		search_text_from_html(html.ptr, html.len, &h, &b);
		assert_string_equal(b.ptr ? b.ptr : "", want);
		buf_release(&html);
		buf_release(&h);
		buf_release(&b);
	}
}

/* The ASCII words of `text` as the rules say, a byte at a time: runs of
 * letters and digits, lowercased, those of at most 40 bytes, joined by '|'. */
static void reference_words(const char *text, struct buf *out)
{
	size_t n = 0;
	char word[64];
	for (const char *p = text;; p++) {
		char c = *p;
		bool alnum = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
			     (c >= 'A' && c <= 'Z');
		if (alnum) {
			if (n < sizeof word)
				word[n] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
			n++;
			continue;
		}
		if (n && n <= 40) {
			if (out->len)
				buf_addc(out, '|');
			buf_add(out, word, n);
		}
		n = 0;
		if (!c)
			break;
	}
}

/* Words are read 8 bytes at a time: every length of word (1 to 45 bytes)
 * at every place in those 8 bytes, before each kind of separator, upper
 * and lower case, letters and digits, a word ending with its text or
 * within its last 7 bytes, give the tokens a byte at a time gives, by the
 * callback and into a page's set alike. */
static void test_words_read_8_bytes_at_a_time_are_the_words(void **state)
{
	(void)state;
	static const char seps[] = " .-/:@[`{\x7f";
	const char *alnum = "aZ0yB9cX1wD8eV2uF7gT3sH6iR4qJ5kP";
	char text[128];
	for (size_t lead = 0; lead < 9; lead++)
		for (size_t wlen = 1; wlen <= 45; wlen++)
			for (size_t si = 0; si < sizeof seps - 1; si++)
				for (size_t tail = 0; tail < 10; tail++) {
					size_t n = 0;
					for (size_t k = 0; k < lead; k++)
						text[n++] = k == lead - 1 ? ' ' : 'L';
					for (size_t k = 0; k < wlen; k++)
						text[n++] = alnum[k % 32];
					if (tail) {
						text[n++] = seps[si];
						for (size_t k = 1; k < tail; k++)
							text[n++] = (char)('A' + k);
					}
					text[n] = '\0';
					struct buf want = BUF_INIT, got = BUF_INIT;
					reference_words(text, &want);
					search_tokens(text, n, add_tok, &got);
					if (strcmp(got.ptr ? got.ptr : "", want.ptr ? want.ptr : ""))
						fail_msg("\"%s\": \"%s\", not \"%s\"", text,
							 got.ptr ? got.ptr : "", want.ptr ? want.ptr : "");
					buf_release(&want);
					buf_release(&got);
				}
	/* the same words into a page's set: each found, with its field */
	assert_tokens("ABCDEFG hij", "abcdefg|hij");
	assert_tokens("Abcdefgh ij", "abcdefgh|ij");
	assert_tokens("x0123456789ABCDEFGhij,k", "x0123456789abcdefghij|k");
	assert_fed_tokens("GDDR6X, GDDR|6X HBM3e", "gddr6x|hbm3e");
	assert_fed_tokens("abcdefg abcdefgh-abcdefghi", "abcdefg|abcdefgh|abcdefghi");
	assert_fed_tokens("ABCDEFGcafé1234567 Z", "abcdefgcafé1234567|z");
	assert_fed_tokens("tail8ch|ar", "tail8char");
	assert_fed_tokens("Word&amp;more", "word|more");
	assert_fed_tokens("Word&#x41;B x", "wordab|x");
}

/* Runs of words are read 16 bytes at a time, the next word straight after
 * the separator that ends one: 3,000 texts of words of 1 to 50 bytes with
 * runs of 1 to 3 separators between them (a pseudo-random sequence, the
 * same every run) give the tokens a byte at a time gives. */
static void test_runs_of_words_read_16_bytes_at_a_time_are_the_words(void **state)
{
	(void)state;
	static const char seps[] = " .-/:@[`{\x7f,";
	const char *alnum = "aZ0yB9cX1wD8eV2uF7gT3sH6iR4qJ5kP";
	uint32_t r = 12345;
	char text[400];
	for (int round = 0; round < 3000; round++) {
		size_t n = 0;
		for (;;) {
			r = r * 1103515245u + 12345u;
			size_t wlen = 1 + (r >> 16) % 50, nsep = 1 + (r >> 8) % 3;
			if (n + wlen + nsep >= sizeof text - 1)
				break;
			for (size_t k = 0; k < wlen; k++)
				text[n++] = alnum[(r + k * 7) % 32];
			for (size_t k = 0; k < nsep; k++)
				text[n++] = seps[(r >> (4 + k)) % (sizeof seps - 1)];
			if ((r >> 28) == 0) /* some texts end early */
				break;
		}
		if (round & 1 && n) /* and some with a word at their very end */
			text[n - 1] = 'q';
		text[n] = '\0';
		struct buf want = BUF_INIT, got = BUF_INIT;
		reference_words(text, &want);
		search_tokens(text, n, add_tok, &got);
		if (strcmp(got.ptr ? got.ptr : "", want.ptr ? want.ptr : ""))
			fail_msg("\"%s\": \"%s\", not \"%s\"", text, got.ptr ? got.ptr : "",
				 want.ptr ? want.ptr : "");
		buf_release(&want);
		buf_release(&got);
	}
}

/* A token's first 8 bytes are its head, compared as one number: tokens
 * that share it (or all but their length) stay apart, by their bytes
 * after it; a token read in pieces, and the tokenizer's stops at '<' and
 * '&', give the same tokens as the text without them. */
static void test_tokens_sharing_their_first_eight_bytes_stay_apart(void **state)
{
	(void)state;
	assert_fed_tokens("abcdefgh abcdefghi abcdefghj abcdefg",
			  "abcdefgh|abcdefghi|abcdefghj|abcdefg");
	assert_fed_tokens("abcdefghijklmnopq abcdefghijklmnopr abcdefghijklmnop",
			  "abcdefghijklmnopq|abcdefghijklmnopr|abcdefghijklmnop");
	/* pieces split inside the head and after it; upper case folded */
	assert_fed_tokens("ABCD|efghIJ|klmnopq x|Y", "abcdefghijklmnopq|xy");
	/* an entity ends a word; a decoded '<' or '&' is a separator */
	assert_fed_tokens("ab&amp;cd ef&lt;gh ij&#x41;k", "ab|cd|ef|gh|ijak");
	/* pairs of four-byte characters fill a head: 8 bytes */
	assert_fed_tokens("\xf0\xa0\x80\x80\xf0\xa0\x80\x81|\xf0\xa0\x80\x82",
			  "\xf0\xa0\x80\x80\xf0\xa0\x80\x81|\xf0\xa0\x80\x81\xf0\xa0\x80\x82");
	/* the edges of the main CJK block (U+4E00-9FFF, read in a loop of
	 * its own): U+4DC0 (a hexagram) and U+A000 (Yi) separate, U+4DBF
	 * (extension A), U+4E00 and U+9FFF pair */
	assert_fed_tokens("\xe6\x98\xbe\xe4\xb7\x80\xe5\xad\x98\xe9\x9c\x80",
			  "\xe5\xad\x98\xe9\x9c\x80");
	assert_fed_tokens("\xe4\xb6\xbf\xe4\xb8\x80\xe9\xbf\xbf\xea\x80\x80\xe4\xb8\x80",
			  "\xe4\xb6\xbf\xe4\xb8\x80|\xe4\xb8\x80\xe9\xbf\xbf");
	/* a three-byte character then a four-byte one, across a piece */
	assert_fed_tokens("\xe6\x98\xbe|\xf0\xa0\x80\x80", "\xe6\x98\xbe\xf0\xa0\x80\x80");
}

/* The hash a token is given while a page is read is the one
 * search_token_hash gives its bytes (a kept page's tokens are looked up
 * with it): a word of each length up to WORD_MAX, and pairs, found. */
static void test_the_hash_of_a_token_is_the_hash_of_its_bytes(void **state)
{
	(void)state;
	struct buf html = BUF_INIT;
	char word[WORD_MAX + 1];
	buf_adds(&html, "<main><p>");
	for (size_t n = 1; n <= WORD_MAX; n++) {
		for (size_t i = 0; i < n; i++)
			word[i] = (char)('a' + (i * 7 + n) % 26);
		word[n] = '\0';
		buf_adds(&html, word);
		buf_addc(&html, ' ');
	}
	buf_adds(&html, "\xe6\x98\xbe\xe5\xad\x98</p></main>");
	struct search_doc d = { .title = "", .path = "p/", .kind = "x" };
	struct search_index *ix = search_index_new();
	struct search_page *pg = search_page_from_html(terms, &d, html.ptr, html.len);
	struct buf rec = BUF_INIT;
	search_page_encode(pg, &rec);
	search_index_put(ix, 0, pg);
	search_index_put(ix, 1, search_page_decode(terms, rec.ptr, rec.len));
	for (size_t n = 1; n <= WORD_MAX; n++) {
		for (size_t i = 0; i < n; i++)
			word[i] = (char)('a' + (i * 7 + n) % 26);
		word[n] = '\0';
		assert_int_equal(search_index_fields(ix, word, 0), SEARCH_IN_BODY);
		assert_int_equal(search_index_fields(ix, word, 1), SEARCH_IN_BODY);
	}
	assert_int_equal(search_index_fields(ix, "\xe6\x98\xbe\xe5\xad\x98", 1), SEARCH_IN_BODY);
	/* one term per token: the two docs' tokens met in the index */
	struct buf out = BUF_INIT;
	written_index(ix, &out);
	assert_non_null(strstr(out.ptr, "\"\xe6\x98\xbe\xe5\xad\x98\":\"02\""));
	buf_release(&out);
	buf_release(&rec);
	buf_release(&html);
}

/* How much of the data a page holds is its figures' count, cited or in
 * its tables' cells, in bits: kept in its record, written per doc (search.js
 * ranks the richer of two pages alike first). */
static void test_a_pages_figures_are_what_it_holds(void **state)
{
	(void)state;
	static const char rich[] = "<main><p>From <span class=\"fig\">$0.39</span>.</p><table>"
				   "<tr><td><span class=\"v\">1</span></td><td><span class=\"v\">2"
				   "</span></td><td><span class=\"v\">3</span></td></tr></table>"
				   "</main>",
			  poor[] = "<main><p>No figure.</p><span class=\"vv\">x</span></main>";
	struct search_doc d = { .title = "t", .path = "p/", .kind = "x" };
	struct search_index *ix = search_index_new();
	struct search_page *pg = search_page_from_html(terms, &d, rich, sizeof rich - 1);
	struct buf rec = BUF_INIT;
	search_page_encode(pg, &rec);
	search_index_put(ix, 0, pg);
	search_index_put(ix, 1, search_page_decode(terms, rec.ptr, rec.len));
	search_index_put(ix, 2, search_page_from_html(terms, &d, poor, sizeof poor - 1));
	struct buf out = BUF_INIT;
	written_index(ix, &out);
	assert_non_null(strstr(out.ptr, "\"held\":[3,3,0]}"));
	buf_release(&out);
	buf_release(&rec);
}

/* Many distinct tokens on one page (its table grows) and one token many
 * times: the page as its two steps make it. */
static void test_a_page_of_many_tokens_is_deduplicated(void **state)
{
	(void)state;
	struct buf html = BUF_INIT, body = BUF_INIT;
	buf_adds(&html, "<main><p>");
	for (int i = 0; i < 5000; i++) {
		char w[32];
		snprintf(w, sizeof w, "w%d same%s ", i % 3000, i % 2 ? "" : "ab");
		buf_adds(&html, w);
		buf_adds(&body, w);
	}
	buf_adds(&html, "</p></main>");
	struct search_doc d = { .title = "same", .path = "p/", .kind = "x",
				.body = body.ptr };
	struct search_index *ix = search_index_new();
	search_index_put(ix, 0, search_page_new(&d));
	d.body = NULL;
	search_index_put(ix, 1, search_page_from_html(terms, &d, html.ptr, html.len));
	for (size_t doc = 0; doc < 2; doc++) {
		assert_int_equal(search_index_fields(ix, "same", doc),
				 SEARCH_IN_TITLE | SEARCH_IN_BODY);
		assert_int_equal(search_index_fields(ix, "sameab", doc), SEARCH_IN_BODY);
		assert_int_equal(search_index_fields(ix, "w0", doc), SEARCH_IN_BODY);
		assert_int_equal(search_index_fields(ix, "w2999", doc), SEARCH_IN_BODY);
		assert_int_equal(search_index_fields(ix, "w3000", doc), 0);
	}
	struct buf out = BUF_INIT;
	written_index(ix, &out);
	/* each term once, each doc once in its postings */
	assert_non_null(strstr(out.ptr, "\"same\":\"1939\""));
	assert_non_null(strstr(out.ptr, "\"w1234\":\"02\""));
	buf_release(&out);
	buf_release(&html);
	buf_release(&body);
}

static void test_a_decoded_page_indexes_as_the_page_made_from_its_doc(void **state)
{
	(void)state;
	struct search_doc docs[3];
	struct buf long_body = BUF_INIT, direct = BUF_INIT, decoded = BUF_INIT;
	kept_docs(docs, &long_body);

	struct search_index *ix = search_index_new();
	for (size_t i = 0; i < 3; i++)
		search_index_put(ix, i, search_page_new(&docs[i]));
	written_index(ix, &direct);

	ix = search_index_new(); /* decoded, put in another order */
	search_index_put(ix, 2, page_through_bytes(&docs[2]));
	search_index_put(ix, 0, page_through_bytes(&docs[0]));
	search_index_put(ix, 1, page_through_bytes(&docs[1]));
	written_index(ix, &decoded);
	assert_int_equal(decoded.len, direct.len);
	assert_memory_equal(decoded.ptr, direct.ptr, direct.len);
	/* the test is not blind: the files hold the Chinese pairs, the
	 * fields and the cut text */
	assert_non_null(strstr(direct.ptr, "\"显\":{\"卡\":\"38\",\"存\":\"35\"}"));
	assert_non_null(strstr(direct.ptr, "\"fast\":\"0\""));
	assert_non_null(strstr(direct.ptr, "\"word299\":\"4\""));
	assert_null(strstr(direct.ptr, "word299 ")); /* past the text kept */
	assert_non_null(strstr(direct.ptr, "word100 "));

	buf_reset(&decoded); /* one page decoded, the others direct */
	ix = search_index_new();
	search_index_put(ix, 0, search_page_new(&docs[0]));
	search_index_put(ix, 1, page_through_bytes(&docs[1]));
	search_index_put(ix, 2, search_page_new(&docs[2]));
	written_index(ix, &decoded);
	assert_int_equal(decoded.len, direct.len);
	assert_memory_equal(decoded.ptr, direct.ptr, direct.len);

	buf_release(&decoded);
	buf_release(&direct);
	buf_release(&long_body);
}

#define DOC_X "[\"x\",\"x\",\"x\",\"x\"]"

static void test_a_record_cut_short_or_followed_by_more_is_no_page(void **state)
{
	(void)state;
	struct search_doc docs[3];
	struct buf long_body = BUF_INIT, b = BUF_INIT;
	kept_docs(docs, &long_body);
	struct search_page *pg = search_page_new(&docs[1]);
	search_page_encode(pg, &b);
	search_page_free(pg);
	for (size_t len = 0; len < b.len; len++)
		assert_null(search_page_decode(terms, b.ptr, len));
	buf_addc(&b, 0);
	assert_null(search_page_decode(terms, b.ptr, b.len));
	buf_truncate(&b, b.len - 1);
	pg = search_page_decode(terms, b.ptr, b.len); /* whole, it is one */
	assert_non_null(pg);
	search_page_free(pg);
	/* a term is its fields, its length and its bytes: one of no bytes,
	 * of more than WORD_MAX, holding a NUL byte (short or long, read at
	 * the record's end or before more), with fields no field has or none
	 * (in a figure: the body or a heading only), or twice in the page is
	 * none */
	static const struct { unsigned char fields, len; const char *bytes; bool ok; } toks[] = {
		{ SEARCH_IN_BODY, 1, "x", true },
		{ SEARCH_IN_BODY, 0, "", false },
		{ SEARCH_IN_BODY, 8, "abcdefgh", true },
		{ SEARCH_IN_BODY, 12, "abcdefghijkl", true },
		{ SEARCH_IN_BODY, 3, "s\0h", false },
		{ SEARCH_IN_BODY, 1, "\0", false },
		{ SEARCH_IN_BODY, 8, "abcdefg\0", false },
		{ SEARCH_IN_BODY, 12, "abcdefghij\0k", false },
		{ SEARCH_IN_BODY, 41, "0123456789012345678901234567890123456789x", false },
		{ SEARCH_IN_BODY << SEARCH_FIG_SHIFT, 1, "x", true },
		{ SEARCH_IN_TITLE | SEARCH_IN_HEADING << SEARCH_FIG_SHIFT, 1, "x", true },
		{ SEARCH_IN_TITLE << SEARCH_FIG_SHIFT, 1, "x", false },
		{ 0, 1, "x", false },
	};
	/* a doc is a JSON array of one line, as a page's is: any other is none */
	static const char *const docs_not[] = { "x", "[", "[\"x\"", "\"x\"]", "[\"x\n\"]" };
	for (size_t k = 0; k < sizeof docs_not / sizeof docs_not[0]; k++) {
		buf_reset(&b);
		buf_add_u32(&b, 0);
		buf_add_u32(&b, 0); /* held */
		buf_add_counted(&b, docs_not[k], strlen(docs_not[k]));
		buf_add_u32(&b, 0);
		assert_null(search_page_decode(terms, b.ptr, b.len));
	}
	for (size_t k = 0; k < sizeof toks / sizeof toks[0]; k++) {
		for (unsigned twice = 0; twice < 2; twice++) {
			buf_reset(&b);
			buf_add_u32(&b, 0);
			buf_add_u32(&b, 0); /* held */
			buf_add_counted(&b, DOC_X, sizeof DOC_X - 1);
			buf_add_u32(&b, 0); /* no figures, and the snippet not cut */
			buf_addc(&b, 0);
			buf_add_u32(&b, 1 + twice);
			for (unsigned i = 0; i <= twice; i++) {
				buf_addc(&b, (char)toks[k].fields);
				buf_addc(&b, (char)toks[k].len);
				buf_add(&b, toks[k].bytes, toks[k].len);
			}
			pg = search_page_decode(terms, b.ptr, b.len);
			assert_int_equal(pg != NULL, toks[k].ok && !twice);
			search_page_free(pg);
		}
	}
	buf_release(&b);
	buf_release(&long_body);
}

/* The index files of `n` docs sharing the word "shared" (each with its
 * own "only<i>" too), put in the order `order` gives. */
static void index_in_order(const size_t *order, size_t n, struct buf *out)
{
	struct search_index *ix = search_index_new();
	for (size_t k = 0; k < n; k++) {
		char body[64], path[32];
		snprintf(body, sizeof body, "shared only%zu", order[k]);
		snprintf(path, sizeof path, "p%zu/", order[k]);
		struct search_doc d = { .title = "T", .path = path, .kind = "gpu",
					.description = "", .headings = "", .body = body };
		search_index_put(ix, order[k], search_page_new(&d));
	}
	written_index(ix, out);
}

static void test_postings_are_in_doc_order_whatever_order_pages_come(void **state)
{
	(void)state;
	/* 300 docs: more than are always sorted one by one, in order,
	 * reversed (sorted one by one until that moves too many, then by
	 * bytes), shuffled, and each a few places from its own (as two
	 * threads put them: sorted one by one) */
	enum { N = 300 };
	size_t in_order[N], reversed[N], shuffled[N], near[N];
	for (size_t i = 0; i < N; i++) {
		in_order[i] = i;
		reversed[i] = N - 1 - i;
		shuffled[i] = (i * 7919) % N; /* 7919 is prime to 300 */
		near[i] = i % 3 == 2 ? i - 2 : i + 1; /* 1 2 0 4 5 3 ... */
	}
	struct buf a = BUF_INIT, b = BUF_INIT, c = BUF_INIT;
	index_in_order(in_order, N, &a);
	index_in_order(reversed, N, &b);
	index_in_order(shuffled, N, &c);
	assert_string_equal(b.ptr, a.ptr);
	assert_string_equal(c.ptr, a.ptr);
	buf_reset(&c);
	index_in_order(near, N, &c);
	assert_string_equal(c.ptr, a.ptr);
	/* and the list is the docs in order, each in the body: doc 0, then
	 * 299 steps of 1 */
	struct buf want = BUF_INIT;
	buf_adds(&want, "\"shared\":\"0");
	for (size_t i = 1; i < N; i++)
		buf_adds(&want, "2");
	buf_adds(&want, "\"");
	assert_non_null(strstr(a.ptr, want.ptr));
	buf_release(&want);
	/* a short list out of order (sorted one by one) */
	size_t few[5] = { 4, 0, 3, 1, 2 }, five[5] = { 0, 1, 2, 3, 4 };
	buf_reset(&a);
	buf_reset(&b);
	index_in_order(few, 5, &a);
	index_in_order(five, 5, &b);
	assert_string_equal(a.ptr, b.ptr);
	assert_non_null(strstr(a.ptr, "\"shared\":\"02222\""));
	buf_release(&a);
	buf_release(&b);
	buf_release(&c);
}

/* Doc numbers of one to five digits and fields of one and two, put out of
 * order over 70 thousand docs (three bytes of a posting vary: an odd
 * number of sorting passes). */
static void test_postings_of_far_docs_are_written_in_order(void **state)
{
	(void)state;
	static const size_t docs[] = { 70000, 9, 10000, 100, 0, 9999, 1000, 99, 10, 999, 5 };
	enum { NDOCS = sizeof docs / sizeof docs[0] };
	struct search_index *ix = search_index_new();
	for (size_t k = 0; k < 80; k++) { /* more than are sorted one by one */
		size_t doc = k < NDOCS ? docs[k] : 20000 + (k * 7919) % 1000;
		struct search_doc d = { .title = doc % 2 ? "shared" : "t", .path = "p/",
					.kind = "x", .headings = doc == 9999 ? "shared" : NULL,
					.body = "shared" };
		search_index_put(ix, doc, search_page_new(&d));
	}
	struct buf out = BUF_INIT;
	written_index(ix, &out);
	/* docs 0, 5, 9, 10, 99, 100, 999, 1000, 9999, 10000, 20003, 20006...
	 * as steps, the odd ones in the title too (9), 9999 in a heading (13) */
	assert_non_null(strstr(out.ptr, "\"shared\":\"0b9992Bj92xU792"
					"NOfd2PN796"));
	assert_non_null(strstr(out.ptr, "96y_Ts\"")); /* ... 20975, 20978, 70000 */
	buf_release(&out);
}

/* ---- terms shared by the pages ---- */

/* Rendered pages: words, a long word, CJK pairs, headings, words the
 * pages share and words only one has. */
static const char *const shared_pages[] = {
	"<main><h1>RTX 4090</h1><p>fast card, 24 GB; a-very-long-word-indeed-longer "
	"than eight bytes</p></main>",
	"<main><h2>显存 带宽</h2><p>显存越大越好 VRAM 4090 card</p></main>",
	"<main><p>Card card CARD only2 pneumonoultramicroscopicsilicovolcanoconiosis "
	"verylongwordsharedbyall</p></main>",
	"<main><h3>verylongwordsharedbyall</h3><p>显存 fast only3</p></main>",
};
#define NSHARED (sizeof shared_pages / sizeof shared_pages[0])

static struct search_doc shared_doc(size_t i)
{
	static const char *const titles[] = { "RTX 4090", "显卡指南", "Cards", "Words" };
	return (struct search_doc){ .title = titles[i], .path = "p/", .kind = "x",
				    .description = i % 2 ? "desc card" : NULL };
}

/* The index files of the shared pages put in `order`, page k read with
 * `with[k % nwith]` (as pages are read on the threads that render them). */
static void shared_index(const size_t *order, struct search_terms **with, size_t nwith,
			 struct buf *out)
{
	struct search_index *ix = search_index_new();
	for (size_t k = 0; k < NSHARED; k++) {
		size_t i = order[k];
		struct search_doc d = shared_doc(i);
		search_index_put(ix, i, search_page_from_html(with[k % nwith], &d, shared_pages[i],
							      strlen(shared_pages[i])));
	}
	written_index(ix, out);
}

/* A term's number is the order its search_terms first read it in, and an
 * index's the order pages were put: neither shows in the files. Pages read
 * with their own terms, with terms shared by all, shared by two "threads"
 * in another order, and terms that already numbered every word (in
 * another order, for another index) give the same bytes. */
static void test_terms_shared_by_pages_give_the_index_of_pages_read_alone(void **state)
{
	(void)state;
	struct buf alone = BUF_INIT;
	struct search_index *ix = search_index_new();
	for (size_t i = 0; i < NSHARED; i++) {
		struct buf h = BUF_INIT, b = BUF_INIT;
		search_text_from_html(shared_pages[i], strlen(shared_pages[i]), &h, &b);
		struct search_doc d = shared_doc(i);
		d.headings = h.ptr;
		d.body = b.ptr;
		search_index_put(ix, i, search_page_new(&d));
		buf_release(&h);
		buf_release(&b);
	}
	written_index(ix, &alone);
	assert_non_null(strstr(alone.ptr, "\"verylongwordsharedbyall\":\"434\""));
	assert_non_null(strstr(alone.ptr, "\"card\":\"033232\""));
	assert_non_null(strstr(alone.ptr, "\"显\":{\"卡\":\"38\",\"存\":\"354\"}"));

	static const size_t forward[NSHARED] = { 0, 1, 2, 3 };
	static const size_t backward[NSHARED] = { 3, 2, 1, 0 };
	static const size_t mixed[NSHARED] = { 2, 0, 3, 1 };
	struct search_terms *a = search_terms_new(), *b = search_terms_new();
	struct search_terms *two[2] = { a, b }, *one[1] = { a };
	struct buf out = BUF_INIT;
	const size_t *const orders[] = { forward, backward, mixed, forward, backward };
	for (size_t r = 0; r < sizeof orders / sizeof orders[0]; r++) {
		buf_reset(&out);
		shared_index(orders[r], r % 2 ? two : one, r % 2 ? 2 : 1, &out);
		assert_string_equal(out.ptr, alone.ptr);
	}
	search_terms_free(a);
	search_terms_free(b);
	buf_release(&out);
	buf_release(&alone);
}

/* ---- the index kept between builds ---- */

/* The index of the shared pages, page i put from `pages[i]`. */
static struct search_index *index_of(const char *const *pages)
{
	struct search_index *ix = search_index_new();
	struct search_terms *st = search_terms_new();
	for (size_t i = 0; i < NSHARED; i++) {
		struct search_doc d = shared_doc(i);
		search_index_put(ix, i, search_page_from_html(st, &d, pages[i], strlen(pages[i])));
	}
	search_terms_free(st);
	return ix;
}

/* The record of page i of `pages` (search_page_encode's), as the page
 * cache keeps it. */
static void page_record(const char *const *pages, size_t i, struct buf *out)
{
	struct search_terms *st = search_terms_new();
	struct search_doc d = shared_doc(i);
	struct search_page *pg = search_page_from_html(st, &d, pages[i], strlen(pages[i]));
	search_page_encode(pg, out);
	search_page_free(pg);
	search_terms_free(st);
}

/* An index kept reads back as it was (its terms and postings; the docs'
 * strings are the pages' records'); the next build's index, made of its
 * pages that changed, the kept pages' docs from their records and the
 * kept index's postings of them, writes what an index of all its pages
 * writes (a changed page's old terms gone, its new ones in). */
static void test_a_kept_index_gives_the_postings_of_the_pages_kept(void **state)
{
	(void)state;
	struct buf rec = BUF_INIT, again = BUF_INIT;
	struct search_index *ix = index_of(shared_pages);
	struct buf first = BUF_INIT;
	written_index(ix, &first); /* sorted, as a build keeps it */
	ix = index_of(shared_pages);
	search_index_encode(ix, &rec);
	search_index_free(ix);
	struct search_index *back = search_index_decode(rec.ptr, rec.len, NSHARED);
	assert_non_null(back);
	assert_int_equal(search_index_docs(back), NSHARED);
	search_index_encode(back, &again);
	assert_int_equal(again.len, rec.len);
	assert_memory_equal(again.ptr, rec.ptr, rec.len);
	search_index_free(back);

	/* the next build: page 1 changed (a word gone, one new), the others kept */
	const char *next_pages[NSHARED];
	for (size_t i = 0; i < NSHARED; i++)
		next_pages[i] = shared_pages[i];
	next_pages[1] = "<main><h2>显存 带宽</h2><p>显存越大越好 newword 4090</p></main>";
	struct buf full = BUF_INIT, merged = BUF_INIT, page = BUF_INIT;
	written_index(index_of(next_pages), &full);
	struct search_index *old = search_index_decode(rec.ptr, rec.len, NSHARED);
	struct search_index *next = search_index_new();
	search_index_reserve(next, NSHARED);
	struct search_terms *st = search_terms_new();
	struct search_doc d = shared_doc(1);
	search_index_put(next, 1, search_page_from_html(st, &d, next_pages[1],
							  strlen(next_pages[1])));
	bool take[NSHARED] = { true, false, true, true };
	for (size_t i = 0; i < NSHARED; i++) {
		if (!take[i])
			continue;
		buf_reset(&page);
		page_record(next_pages, i, &page);
		assert_int_equal(search_index_put_doc(next, i, page.ptr, page.len), 0);
	}
	assert_int_equal(search_index_put_doc(next, NSHARED, page.ptr, page.len), -1);
	assert_int_equal(search_index_put_doc(next, 0, page.ptr, 3), -1); /* cut short */
	search_index_take(next, old, take);
	written_index(next, &merged);
	assert_string_equal(merged.ptr, full.ptr);
	assert_null(strstr(merged.ptr, "\"vram\""));
	assert_non_null(strstr(merged.ptr, "\"newword\":\"2\""));
	search_index_free(old);
	search_terms_free(st);

	/* a record cut anywhere, followed by more, with a posting of no doc or
	 * of no field is no index */
	for (size_t n = 0; n < rec.len; n++)
		assert_null(search_index_decode(rec.ptr, n, NSHARED));
	buf_addc(&rec, 0);
	assert_null(search_index_decode(rec.ptr, rec.len, NSHARED));
	buf_truncate(&rec, rec.len - 1);
	struct buf bad = BUF_INIT;
	buf_addbuf(&bad, &rec);
	uint32_t huge = 0xFFFFFFF1u; /* doc 268 million, in the last posting */
	memcpy(bad.ptr + bad.len - 4, &huge, 4);
	assert_null(search_index_decode(bad.ptr, bad.len, NSHARED));
	uint32_t none = 0x10u; /* doc 1, in no field */
	memcpy(bad.ptr + bad.len - 4, &none, 4);
	assert_null(search_index_decode(bad.ptr, bad.len, NSHARED));
	buf_release(&bad);
	buf_release(&page);
	buf_release(&full);
	buf_release(&merged);
	buf_release(&first);
	buf_release(&again);
	buf_release(&rec);
}

/* A term shard of one-byte terms, each in one doc, is the smallest record
 * per term there is (its key's length, the key, its postings' count, one
 * posting: ten bytes): read back whole, however many such terms it has;
 * the count of docs it is read for is the caller's. */
static void test_a_kept_index_of_short_terms_is_read_back(void **state)
{
	(void)state;
	struct search_index *ix = search_index_new();
	struct search_doc d = { "a", "/a/", "page", NULL, NULL, "b c d e f g h i j k l m n o p" };
	search_index_add(ix, &d);
	struct buf rec = BUF_INIT, again = BUF_INIT;
	search_index_encode(ix, &rec);
	search_index_free(ix);
	assert_int_equal(rec.len, 8 + 16 * 10);
	struct search_index *back = search_index_decode(rec.ptr, rec.len, 1);
	assert_non_null(back);
	search_index_encode(back, &again);
	assert_int_equal(again.len, rec.len);
	assert_memory_equal(again.ptr, rec.ptr, rec.len);
	search_index_free(back);
	/* the record of one doc is no index of another count of docs, least
	 * of all of the count its damaged bytes claim */
	assert_null(search_index_decode(rec.ptr, rec.len, 2));
	uint32_t huge = 0xFFFFFFF0u;
	memcpy(rec.ptr, &huge, 4);
	assert_null(search_index_decode(rec.ptr, rec.len, 1));
	huge = 1;
	memcpy(rec.ptr, &huge, 4);
	/* a count of terms the bytes cannot hold is refused before any is made */
	uint32_t more = 17;
	memcpy(rec.ptr + 4, &more, 4);
	assert_null(search_index_decode(rec.ptr, rec.len, 1));
	buf_release(&again);
	buf_release(&rec);
}

/* A kept page's record, read back with terms that never saw it or with
 * ones that read it (and others) already, merges as its page rendered;
 * a refused record (a term twice) leaves the terms reading the next page
 * as before. */
static void test_a_kept_record_merges_as_its_page_rendered(void **state)
{
	(void)state;
	struct search_terms *st = search_terms_new();
	struct buf rec[NSHARED], rendered = BUF_INIT;
	struct search_index *ix = search_index_new();
	for (size_t i = 0; i < NSHARED; i++) {
		struct search_doc d = shared_doc(i);
		struct search_page *pg = search_page_from_html(st, &d, shared_pages[i],
								strlen(shared_pages[i]));
		buf_init(&rec[i]);
		search_page_encode(pg, &rec[i]);
		search_index_put(ix, i, pg);
	}
	written_index(ix, &rendered);
	struct search_terms *fresh = search_terms_new();
	struct search_terms *const with[] = { fresh, st };
	for (size_t w = 0; w < 2; w++) {
		struct buf out = BUF_INIT;
		ix = search_index_new();
		for (size_t k = NSHARED; k-- > 0;) {
			search_index_put(ix, k, search_page_decode(with[w], rec[k].ptr, rec[k].len));
		}
		written_index(ix, &out);
		assert_string_equal(out.ptr, rendered.ptr);
		buf_release(&out);
	}
	/* a record whose last term is the one before it again */
	struct search_doc d = { .title = "a", .path = "p/", .kind = "x" };
	struct search_page *pg = search_page_from_html(fresh, &d, "<main>bb</main>", 15);
	struct buf twice = BUF_INIT, good = BUF_INIT;
	search_page_encode(pg, &good);
	search_page_free(pg);
	buf_addbuf(&twice, &good);
	/* its terms: "a" (fields, length, bytes: 8 1 a) then "bb" (1 2 bb) */
	assert_memory_equal(good.ptr + good.len - 7, "\x08\x01" "a\x01\x02" "bb", 7);
	buf_truncate(&twice, twice.len - 4);
	buf_add(&twice, "\x01\x01" "a", 3);
	assert_null(search_page_decode(fresh, twice.ptr, twice.len));
	ix = search_index_new();
	search_index_put(ix, 0, search_page_decode(fresh, good.ptr, good.len));
	assert_int_equal(search_index_fields(ix, "a", 0), SEARCH_IN_TITLE);
	assert_int_equal(search_index_fields(ix, "bb", 0), SEARCH_IN_BODY);
	search_index_free(ix);
	buf_release(&twice);
	buf_release(&good);
	for (size_t i = 0; i < NSHARED; i++)
		buf_release(&rec[i]);
	buf_release(&rendered);
	search_terms_free(fresh);
	search_terms_free(st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_words_are_lowercased_letters_and_digits),
		cmocka_unit_test(test_cjk_text_gives_every_bigram),
		cmocka_unit_test(test_fields_record_where_a_token_occurs),
		cmocka_unit_test(test_page_text_is_the_main_element_without_markup),
		cmocka_unit_test(test_written_files_are_sorted_escaped_json),
		cmocka_unit_test(test_shard_of_is_fnv1a),
		cmocka_unit_test(test_json_strings_are_escaped),
		cmocka_unit_test(test_calculator_presets_are_checked),
		cmocka_unit_test(test_a_decoded_page_indexes_as_the_page_made_from_its_doc),
		cmocka_unit_test(test_a_record_cut_short_or_followed_by_more_is_no_page),
		cmocka_unit_test(test_postings_are_in_doc_order_whatever_order_pages_come),
		cmocka_unit_test(test_postings_of_far_docs_are_written_in_order),
		cmocka_unit_test(test_a_page_from_html_indexes_as_its_text),
		cmocka_unit_test(test_every_tag_is_a_block_inline_or_skipped),
		cmocka_unit_test(test_tags_of_any_length_are_read_to_their_end),
		cmocka_unit_test(test_cjk_pairs_within_and_across_pieces),
		cmocka_unit_test(test_a_set_reads_the_tokens_search_tokens_gives),
		cmocka_unit_test(test_a_set_reads_the_words_search_tokens_gives),
		cmocka_unit_test(test_words_read_8_bytes_at_a_time_are_the_words),
		cmocka_unit_test(test_runs_of_words_read_16_bytes_at_a_time_are_the_words),
		cmocka_unit_test(test_white_space_collapsed_16_or_8_bytes_at_a_time),
		cmocka_unit_test(test_a_pages_figures_are_what_it_holds),
		cmocka_unit_test(test_a_page_of_many_tokens_is_deduplicated),
		cmocka_unit_test(test_tokens_sharing_their_first_eight_bytes_stay_apart),
		cmocka_unit_test(test_the_hash_of_a_token_is_the_hash_of_its_bytes),
		cmocka_unit_test(test_terms_shared_by_pages_give_the_index_of_pages_read_alone),
		cmocka_unit_test(test_a_kept_record_merges_as_its_page_rendered),
		cmocka_unit_test(test_a_kept_index_gives_the_postings_of_the_pages_kept),
		cmocka_unit_test(test_a_kept_index_of_short_terms_is_read_back),
		cmocka_unit_test(test_the_index_written_in_parts_is_the_index_written_whole),
		cmocka_unit_test(test_snippet_takes_no_space_after_fullwidth_punctuation),
	};
	terms = search_terms_new();
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	search_terms_free(terms);
	return failed;
}
