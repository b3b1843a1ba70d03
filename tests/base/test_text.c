#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/buf.h"
#include "base/bytes.h"
#include "model/data.h"
#include "base/diag.h"
#include "model/i18n.h"
#include "base/text.h"
#include "base/text_suggest.h"

#include <stdlib.h>
#include <string.h>

static void test_slugs_are_lowercase_words_joined_by_hyphens(void **state)
{
	(void)state;
	assert_true(text_is_slug("rtx-4090"));
	assert_true(text_is_slug("a"));
	assert_false(text_is_slug(""));
	assert_false(text_is_slug("RTX-4090"));
	assert_false(text_is_slug("-rtx"));
	assert_false(text_is_slug("rtx-"));
	assert_false(text_is_slug("rtx--4090"));
	assert_false(text_is_slug("../etc"));
	assert_false(text_is_slug("a/b"));
	assert_false(text_is_slug(".hidden"));
}

static void test_invalid_utf8_is_found(void **state)
{
	(void)state;
	assert_int_equal(text_utf8_check("显卡 ok", strlen("显卡 ok")), strlen("显卡 ok"));
	assert_int_equal(text_utf8_check("ab\xff", 3), 2);
	assert_int_equal(text_utf8_check("\xc0\xaf", 2), 0);       /* overlong */
	assert_int_equal(text_utf8_check("\xed\xa0\x80", 3), 0);   /* surrogate */
	assert_int_equal(text_utf8_check("a\0b", 3), 1);           /* NUL */
	assert_int_equal(text_utf8_check("\xe6\x98", 2), 0);       /* cut short */
}

static void test_heading_ids_keep_cjk(void **state)
{
	(void)state;
	struct buf b = BUF_INIT;
	text_heading_id(&b, "What VRAM do I need?", 20);
	assert_string_equal(b.ptr, "what-vram-do-i-need");
	buf_reset(&b);
	text_heading_id(&b, "显存：最关键的因素", strlen("显存：最关键的因素"));
	assert_string_equal(b.ptr, "显存：最关键的因素");
	buf_reset(&b);
	text_heading_id(&b, "!!!", 3);
	assert_string_equal(b.ptr, "section");
	buf_release(&b);
}

static void test_html_escaping_covers_quotes(void **state)
{
	(void)state;
	struct buf b = BUF_INIT;
	text_escape_htmls(&b, "<script>&\"'");
	assert_string_equal(b.ptr, "&lt;script&gt;&amp;&quot;&#39;");
	buf_release(&b);
}

/* What each HTML escape writes, a byte at a time: ' is an entity but for
 * cmark's. */
static void escape_by_bytes(struct buf *out, const char *s, size_t len, bool apos)
{
	for (size_t i = 0; i < len; i++) {
		switch (s[i]) {
		case '"': buf_adds(out, "&quot;"); break;
		case '&': buf_adds(out, "&amp;"); break;
		case '<': buf_adds(out, "&lt;"); break;
		case '>': buf_adds(out, "&gt;"); break;
		case '\'': buf_adds(out, apos ? "&#39;" : "'"); break;
		default: buf_addc(out, s[i]);
		}
	}
}

/* Texts of every length around the sixteen and eight bytes tested at a
 * time and the last few read as one word, with a byte to escape (or one
 * next to which a word's test may see one: '#' after '&', a byte of
 * UTF-8) at every place and another 17 bytes further, appended to a
 * buffer that holds text already: the three escapes against a byte at a
 * time. */
static void test_html_escapes_agree_with_a_byte_at_a_time(void **state)
{
	(void)state;
	static const char *marks[] = { "\"", "&", "<", ">", "'", "&#", "\xC3\xA9", "'&" };
	enum { NMARKS = sizeof marks / sizeof marks[0] };
	char text[64];
	struct buf got = BUF_INIT, want = BUF_INIT;
	for (size_t len = 0; len < 44; len++)
		for (size_t at = 0; at <= len; at++)
			for (size_t m = 0; m < NMARKS; m++) {
				memset(text, 'x', len);
				for (size_t k = 0; marks[m][k] && at + k < len; k++)
					text[at + k] = marks[m][k];
				if (at + 17 < len)
					text[at + 17] = *marks[(m + 1) % NMARKS];
				text[len] = '\0';
				for (int kind = 0; kind < 3; kind++) {
					buf_reset(&got);
					buf_reset(&want);
					buf_add(&got, "before", at % 7);
					buf_add(&want, "before", at % 7);
					escape_by_bytes(&want, text, len, kind != 1);
					if (kind == 0)
						text_escape_html(&got, text, len);
					else if (kind == 1)
						text_escape_html_cmark(&got, text, len);
					else
						text_escape_html_nul(&got, text, len);
					assert_int_equal(got.len, want.len);
					assert_memory_equal(got.ptr, want.ptr, want.len + 1);
				}
			}
	buf_release(&got);
	buf_release(&want);
}

/* text_html_is_plain says whether text_escape_html_nul would copy the
 * bytes as they are, for every byte it escapes and a NUL byte inside. */
static void test_html_is_plain_when_the_escape_changes_nothing(void **state)
{
	(void)state;
	struct buf b = BUF_INIT;
	char text[4] = "abc";
	for (int c = 0; c < 256; c++) {
		text[1] = (char)c;
		buf_reset(&b);
		text_escape_html_nul(&b, text, 3);
		bool same = b.len == 3 && !memcmp(b.ptr, text, 3);
		assert_int_equal(text_html_is_plain(text, 3), same && c != 0);
	}
	assert_true(text_html_is_plain("", 0));
	buf_release(&b);
}

/* A NUL byte before the end is an ordinary byte to each of them. */
static void test_html_escapes_keep_a_nul_byte(void **state)
{
	(void)state;
	static const char text[] = "a\0<b";
	struct buf b = BUF_INIT;
	text_escape_html_nul(&b, text, sizeof text - 1);
	assert_int_equal(b.len, 7);
	assert_memory_equal(b.ptr, "a\0&lt;b", 8);
	buf_reset(&b);
	text_escape_html(&b, text, sizeof text - 1);
	assert_int_equal(b.len, 7);
	assert_memory_equal(b.ptr, "a\0&lt;b", 8);
	buf_release(&b);
}

static void test_only_safe_url_schemes_pass(void **state)
{
	(void)state;
	assert_true(text_url_is_safe("https://example.com/"));
	assert_true(text_url_is_safe("HTTP://example.com/"));
	assert_true(text_url_is_safe("mailto:a@b.c"));
	assert_false(text_url_is_safe("//evil.example/x")); /* another host */
	assert_false(text_url_is_safe("/\\evil.example/x"));
	assert_false(text_url_is_safe("\\\\evil.example/x"));
	assert_true(text_url_is_safe("/en/gpus/"));
	assert_true(text_url_is_safe("../gpus/rtx-4090/"));
	assert_true(text_url_is_safe("#section"));
	assert_true(text_url_is_safe("page?a=b:c"));
	assert_false(text_url_is_safe("javascript:alert(1)"));
	assert_false(text_url_is_safe("JavaScript:alert(1)"));
	assert_false(text_url_is_safe("java\tscript:alert(1)"));
	assert_false(text_url_is_safe("vbscript:x"));
	assert_false(text_url_is_safe("data:text/html,x"));
	assert_false(text_url_is_safe("file:///etc/passwd"));
}

static void test_numbers_are_grouped_and_rounded_by_size(void **state)
{
	(void)state;
	struct buf b = BUF_INIT;
	i18n_format_number(&b, 4102.56, LANG_EN);
	assert_string_equal(b.ptr, "4,103");
	buf_reset(&b);
	i18n_format_number(&b, 3.35, LANG_EN);
	assert_string_equal(b.ptr, "3.35");
	buf_reset(&b);
	i18n_format_number(&b, 0.30, LANG_ZH);
	assert_string_equal(b.ptr, "0.3");
	buf_reset(&b);
	i18n_format_number(&b, 12.0, LANG_EN);
	assert_string_equal(b.ptr, "12");
	buf_reset(&b);
	i18n_format_number(&b, 1234567, LANG_EN);
	assert_string_equal(b.ptr, "1,234,567");
	buf_release(&b);
}

static void test_money_has_cents_below_a_thousand(void **state)
{
	(void)state;
	struct buf b = BUF_INIT;
	i18n_format_usd(&b, 3 * 0.39, LANG_EN);
	assert_string_equal(b.ptr, "$1.17");
	buf_reset(&b);
	i18n_format_usd(&b, 30000, LANG_ZH);
	assert_string_equal(b.ptr, "$30,000");
	buf_reset(&b);
	i18n_format_usd(&b, 544.32, LANG_EN);
	assert_string_equal(b.ptr, "$544.32");
	buf_reset(&b);
	i18n_format_usd(&b, 545, LANG_EN); /* a whole sum has no cents */
	assert_string_equal(b.ptr, "$545");
	buf_reset(&b);
	i18n_format_usd(&b, 1599.5, LANG_EN);
	assert_string_equal(b.ptr, "$1,600");
	buf_release(&b);
}

static void test_dates_read_naturally_in_each_language(void **state)
{
	(void)state;
	struct buf b = BUF_INIT;
	i18n_format_date(&b, "2026-07-27", LANG_EN);
	assert_string_equal(b.ptr, "27 Jul 2026");
	buf_reset(&b);
	i18n_format_date(&b, "2026-07-27", LANG_ZH);
	assert_string_equal(b.ptr, "2026年7月27日");
	buf_release(&b);
}

/* A small i18n table built in memory. */
static const char *row1[] = { "unit.h", "h", "小时" };
static const char *row2[] = { "nav.home", "Home", "" };
static const char *row3[] = { "unit.h", "hours", "时" };
static const char **rows[] = { row1, row2, row3 };
static const char *cols[] = { "key", "en", "zh" };
static int lines[] = { 2, 3, 4 };

static void test_ui_string_missing_in_one_language_names_the_key(void **state)
{
	(void)state;
	struct table t = { .name = "i18n", .path = "data/i18n.csv", .ncols = 3, .cols = cols,
			   .nrows = 3, .rows = rows, .lines = lines };
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	struct i18n tr;
	assert_int_equal(i18n_load(&tr, &t, &d), -1);
	assert_string_equal(log.ptr,
			    "data/i18n.csv:3:3: error: UI string \"nav.home\" has no zh text\n"
			    "data/i18n.csv:4:1: error: duplicate UI string \"unit.h\" (first on line 2)\n");
	i18n_free(&tr);
	buf_release(&log);
}

static void test_units_follow_the_language(void **state)
{
	(void)state;
	struct table t = { .name = "i18n", .path = "data/i18n.csv", .ncols = 3, .cols = cols,
			   .nrows = 1, .rows = rows, .lines = lines };
	struct diag d;
	diag_init(&d, NULL, NULL);
	struct i18n tr;
	assert_int_equal(i18n_load(&tr, &t, &d), 0);
	struct buf b = BUF_INIT;
	i18n_format_unit(&b, &tr, 4102.56, "unit.h", LANG_ZH);
	assert_string_equal(b.ptr, "4,103 小时");
	buf_reset(&b);
	i18n_format_unit(&b, &tr, 24, "GB", LANG_EN);
	assert_string_equal(b.ptr, "24 GB");
	buf_reset(&b);
	i18n_format_unit(&b, &tr, 3.3, "×", LANG_EN);
	assert_string_equal(b.ptr, "3.3×");
	assert_string_equal(i18n_get(&tr, LANG_EN, "unit.h"), "h");
	assert_string_equal(i18n_get(&tr, LANG_EN, "absent"), "absent");
	buf_release(&b);
	i18n_free(&tr);
}

/* Every key of a table of many is found, in both languages; a key that
 * is not there gives itself back. */
static void test_every_ui_string_is_found_among_many(void **state)
{
	(void)state;
	enum { N = 300 };
	static char keys[N][16], en[N][16], zh[N][16];
	static const char *row_cells[N][3];
	static const char **table_rows[N];
	static int row_lines[N];
	for (int i = 0; i < N; i++) {
		snprintf(keys[i], sizeof keys[i], "k.%d", i * 7919 % 1000);
		snprintf(en[i], sizeof en[i], "en %d", i);
		snprintf(zh[i], sizeof zh[i], "zh %d", i);
		row_cells[i][0] = keys[i];
		row_cells[i][1] = en[i];
		row_cells[i][2] = zh[i];
		table_rows[i] = row_cells[i];
		row_lines[i] = i + 2;
	}
	struct table t = { .name = "i18n", .path = "data/i18n.csv", .ncols = 3, .cols = cols,
			   .nrows = N, .rows = table_rows, .lines = row_lines };
	struct diag d;
	diag_init(&d, NULL, NULL);
	struct i18n tr;
	assert_int_equal(i18n_load(&tr, &t, &d), 0);
	for (int i = 0; i < N; i++) {
		assert_string_equal(i18n_get(&tr, LANG_EN, keys[i]), en[i]);
		assert_string_equal(i18n_get(&tr, LANG_ZH, keys[i]), zh[i]);
		assert_true(i18n_has(&tr, keys[i]));
	}
	assert_false(i18n_has(&tr, "k.1000"));
	assert_string_equal(i18n_get(&tr, LANG_EN, "k."), "k.");
	i18n_free(&tr);
}

/* Placeholders are filled by name; unknown ones and lone braces stay. */
static void test_fill_replaces_known_placeholders_only(void **state)
{
	(void)state;
	const char *names[] = { "a", "bb" }, *vals[] = { "X", NULL };
	struct buf b = BUF_INIT;
	i18n_fill(&b, "{a} and {bb}, {c} {a}{ {", names, vals, 2);
	assert_string_equal(b.ptr, "X and , {c} X{ {");
	buf_reset(&b);
	i18n_fill(&b, "no placeholder", names, vals, 2);
	assert_string_equal(b.ptr, "no placeholder");
	buf_release(&b);
}


static void test_did_you_mean_finds_near_words_and_case_slips(void **state)
{
	(void)state;
	static const char *const keys[] = { "title", "description", "date", "slug",
					    "translation", "tags", "draft" };
	assert_string_equal(text_did_you_mean("tagz", keys, 7), "tags");
	assert_string_equal(text_did_you_mean("descripton", keys, 7), "description");
	assert_string_equal(text_did_you_mean("Title", keys, 7), "title");
	assert_null(text_did_you_mean("author", keys, 7));
	assert_null(text_did_you_mean("tg", keys, 7)); /* 2 edits in a short word */
	static const char *const header[] = { "gpu_id", "provider", "usd_per_hour" };
	assert_string_equal(text_did_you_mean("gpu_id ", header, 3), "gpu_id");
	assert_string_equal(text_did_you_mean("GPU_ID", header, 3), "gpu_id");
	assert_int_equal(text_edit_distance("kitten", "sitting"), 3);
	assert_int_equal(text_edit_distance("", "abc"), 3);
}

static void test_unpublishable_characters_are_found_where_they_stand(void **state)
{
	(void)state;
	unsigned cp = 0;
	static const char ok[] = "RTX 4090\t24 GB\r\n显存 — “quoted” \xF0\x9F\x98\x80 \xEF\xBF\xBD";
	assert_null(text_find_unpublishable(ok, sizeof ok - 1, &cp));
	static const struct { const char *s; size_t at; unsigned cp; const char *kind; } bad[] = {
		{ "a\x01z", 1, 0x01, "control character" },
		{ "ab\x1b[31m", 2, 0x1B, "control character" },
		{ "x\x7f", 1, 0x7F, "control character" },
		{ "\xC2\x85next line", 0, 0x85, "control character" },
		{ "title \xEF\xBF\xBE", 6, 0xFFFE, "noncharacter" },
		{ "\xEF\xBF\xBF", 0, 0xFFFF, "noncharacter" },
		{ "ab\xEF\xB7\x90", 2, 0xFDD0, "noncharacter" },
		{ "\xF0\x9F\xBF\xBE", 0, 0x1FFFE, "noncharacter" },
		{ "\xF4\x8F\xBF\xBF", 0, 0x10FFFF, "noncharacter" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		const char *at = text_find_unpublishable(bad[i].s, strlen(bad[i].s), &cp);
		assert_non_null(at);
		assert_int_equal(at - bad[i].s, bad[i].at);
		assert_int_equal(cp, bad[i].cp);
		assert_string_equal(text_unpublishable_kind(cp), bad[i].kind);
	}
	/* U+FDEF is the last noncharacter of its block, U+FDF0 a character */
	assert_null(text_find_unpublishable("\xEF\xB7\xB0", 3, &cp));
}

/* text_find_unpublishable a byte at a time, as it was before its fast
 * paths: the reference they must agree with. */
static const char *unpublishable_slowly(const char *s, size_t len, unsigned *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < len;) {
		size_t n = u[i] < 0x80 ? 1 : text_utf8_sequence(u + i, len - i);
		if (!n)
			n = 1;
		unsigned c = u[i];
		if (n > 1) {
			static const unsigned char lead_mask[5] = { 0, 0x7F, 0x1F, 0x0F, 0x07 };
			c = u[i] & lead_mask[n];
			for (size_t k = 1; k < n; k++)
				c = c << 6 | (u[i + k] & 0x3F);
		}
		if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') ||
		    (c >= 0x7F && c <= 0x9F) || (c >= 0xFDD0 && c <= 0xFDEF) ||
		    (c & 0xFFFE) == 0xFFFE) {
			*cp = c;
			return s + i;
		}
		i += n;
	}
	return NULL;
}

/* Into `text` (`cap` bytes): `before` bytes of `run` (repeated), then
 * `odd`, then `run` `after` times; its length. */
static size_t odd_text(char *text, size_t cap, const char *run, size_t before,
		       const char *odd, int after)
{
	size_t n = 0, len = strlen(run);
	for (size_t k = 0; k < before; k++)
		text[n++] = run[k % len];
	n += (size_t)snprintf(text + n, cap - n, "%s", odd);
	for (int i = 0; i < after; i++)
		n += (size_t)snprintf(text + n, cap - n, "%s", run);
	return n;
}

static void test_unpublishable_fast_paths_agree_with_a_byte_at_a_time(void **state)
{
	(void)state;
	/* text of printable ASCII and Chinese with one odd byte or character
	 * somewhere (or none), at every offset from an 8-byte boundary */
	static const char *const odd[] = {
		"", "\x01", "\x1f", "\x7f", "\x80", "\xC2\x85", "\xC2\xA0", "\xED\xA0\x80",
		"\xE0\x80\x80", "\xE1\x80", "\xEE\x80\x80", "\xEF\xBF\xBE", "\xEF\xB7\x90",
		"\xEF\xBF\xBD", "\xF0\x9F\xBF\xBE", "\t", "\n", "\r", "\xff", " ",
		"\xEF\xBC\x8C", "\xEF\xB7\xAF", "\xEF\xB7\xB0", "\xEF\xBF\xBF", "\xEF\xB6\xBF",
		"\xEF\xC0\x80", "\xEF\x80",
	};
	static const char *const runs[] = { "abcdefghij", "显存需求", "a显b存 c" };
	char text[128];
	for (size_t o = 0; o < sizeof odd / sizeof *odd; o++)
		for (size_t r = 0; r < sizeof runs / sizeof *runs; r++)
			for (size_t before = 0; before < 20; before++) {
				size_t n = odd_text(text, sizeof text, runs[r], before, odd[o], 1);
				for (size_t cut = n > 3 ? n - 3 : 0; cut <= n; cut++) {
					unsigned a = 0, b = 0;
					const char *x = text_find_unpublishable(text, cut, &a);
					const char *y = unpublishable_slowly(text, cut, &b);
					assert_ptr_equal(x, y);
					assert_int_equal(a, b);
				}
			}
}

/* text_utf8_check a character at a time: the reference of its fast paths. */
static size_t utf8_check_slowly(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < len;) {
		size_t n = text_utf8_sequence(u + i, len - i);
		if (!n)
			return i;
		i += n;
	}
	return len;
}

/* Characters a byte at a time: the bytes that are not continuations. */
static size_t length_slowly(const char *s, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		n += ((unsigned char)s[i] & 0xC0) != 0x80;
	return n;
}

static void test_utf8_fast_paths_agree_with_a_character_at_a_time(void **state)
{
	(void)state;
	static const char *const odd[] = {
		"", "\x01", "\x80", "\xC2\x85", "\xED\xA0\x80", "\xED\x9F\xBF", "\xE0\x80\x80",
		"\xE0\xA0\x80", "\xE1\x80", "\xEF\xBF\xBF", "\xF0\x9F\x98\x80", "\xF4\x90\x80\x80",
		"\xff", "\xE4\xB8", "\xE4\xB8\xE4", "\xC0\x80",
	};
	static const char *const runs[] = { "abcdefghij", "显存需求", "a显b存 c" };
	char text[128];
	for (size_t o = 0; o < sizeof odd / sizeof *odd; o++)
		for (size_t r = 0; r < sizeof runs / sizeof *runs; r++)
			for (size_t before = 0; before < 20; before++) {
				size_t n = odd_text(text, sizeof text, runs[r], before, odd[o], 1);
				for (size_t cut = n > 4 ? n - 4 : 0; cut <= n; cut++)
					assert_int_equal(text_utf8_check(text, cut),
							 utf8_check_slowly(text, cut));
				for (size_t from = 0; from < 3 && from <= n; from++)
					assert_int_equal(text_utf8_length(text + from, n - from),
							 length_slowly(text + from, n - from));
			}
}

/* Words a byte at a time: the definition text_count_words implements. */
static size_t words_slowly(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t words = 0;
	bool in_word = false;
	for (size_t i = 0; i < len; i++) {
		bool alnum = (u[i] >= 'a' && u[i] <= 'z') || (u[i] >= 'A' && u[i] <= 'Z') ||
			     (u[i] >= '0' && u[i] <= '9');
		words += (alnum && !in_word) + (u[i] >= 0xE0);
		in_word = alnum;
	}
	return words;
}

static void test_words_count_latin_words_and_chinese_characters(void **state)
{
	(void)state;
	const char *s = "Rent an H100 for 3 hours: 2x faster! 显卡很快 ok.\n";
	/* Rent an H100 for 3 hours 2x faster ok: 9 words, 4 CJK characters */
	assert_int_equal(text_count_words(s, strlen(s)), 13);
	assert_int_equal(text_count_words("", 0), 0);
	size_t words = 99;
	assert_true(text_scan_publishable(s, strlen(s), &words));
	assert_int_equal(words, 13);
}

/* The one pass says what the two checks and the count say, whatever stands
 * where: an odd byte or character at every offset from a boundary of the
 * 8 and the 16 bytes read at a time, in ASCII, in Chinese and in both, the
 * text cut anywhere near its end. */
static void test_scan_agrees_with_the_checks_and_the_count(void **state)
{
	(void)state;
	static const char *const odd[] = {
		"", "\x01", "\x1f", "\x7f", "\x80", "\xC2\x85", "\xC2\xA0", "\xED\xA0\x80",
		"\xED\x9F\xBF", "\xE0\x80\x80", "\xE0\xA0\x80", "\xE1\x80", "\xEE\x80\x80",
		"\xEF\xBF\xBE", "\xEF\xB7\x90", "\xEF\xBF\xBD", "\xF0\x9F\xBF\xBE",
		"\xF0\x9F\x98\x80", "\xF4\x90\x80\x80", "\t", "\n", "\r", "\r\n\t", "\xff",
		" ", "\xEF\xBC\x8C", "\xEF\xB7\xAF", "\xEF\xB7\xB0", "\xEF\xBF\xBF",
		"\xEF\xB6\xBF", "\xEF\xC0\x80", "\xEF\x80", "\xE4\xB8", "\xE4\xB8\xE4",
		"\xC3\xA9", "Zz9", "@[`{/:",
	};
	static const char *const runs[] = { "abcdefghij", "显存需求", "a显b存 c", "H100 4090\n",
					    "\xE1\x80\x80\xEC\xBF\xBF\xEE\x80\x80" };
	char text[160];
	for (size_t o = 0; o < sizeof odd / sizeof *odd; o++)
		for (size_t r = 0; r < sizeof runs / sizeof *runs; r++)
			for (size_t before = 0; before < 36; before++) {
				size_t n = odd_text(text, sizeof text, runs[r], before, odd[o], 3);
				/* a NUL byte where the odd one stands, too */
				for (int nul = 0; nul < 2; nul++) {
					if (nul)
						text[before] = '\0';
					for (size_t cut = n > 6 ? n - 6 : 0; cut <= n; cut++) {
						unsigned cp;
						bool clean = text_utf8_check(text, cut) == cut &&
							     !text_find_unpublishable(text, cut, &cp);
						size_t words = 12345;
						assert_int_equal(text_scan_publishable(text, cut, &words),
								 clean);
						assert_int_equal(words, clean ? words_slowly(text, cut)
									      : 12345);
						assert_int_equal(text_count_words(text, cut),
								 words_slowly(text, cut));
					}
				}
			}
}

/* A path for a URL: bytes from 0x21 to 0x7F but "%" copied, the others as %XX;
 * in runs. */
static void test_uri_encoding(void **state)
{
	(void)state;
	static const char *const cases[][2] = {
		{ "tags/显卡 a%b&c/", "tags/%E6%98%BE%E5%8D%A1%20a%25b&c/" },
		{ " x", "%20x" }, { "%", "%25" }, { "gpus/rtx-4090/", "gpus/rtx-4090/" },
		{ "\x7f\t", "\x7f%09" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct buf b = BUF_INIT;
		text_uri_encode(&b, cases[i][0]);
		assert_string_equal(b.ptr, cases[i][1]);
		buf_release(&b);
	}
	struct buf e = BUF_INIT;
	text_uri_encode(&e, "");
	assert_int_equal(e.len, 0);
	buf_release(&e);
}

/* An array of strings sorted in byte order (capitals before small
 * letters, a prefix before what extends it), and found by bsearch. */
static void test_strings_sort_and_are_found_in_byte_order(void **state)
{
	(void)state;
	const char *w[] = { "b", "a", "B", "ab", "" };
	qsort(w, 5, sizeof *w, text_compare_strings);
	const char *const want[] = { "", "B", "a", "ab", "b" };
	for (size_t i = 0; i < 5; i++)
		assert_string_equal(w[i], want[i]);
	const char *key = "ab";
	const char **hit = bsearch(&key, w, 5, sizeof *w, text_compare_strings);
	assert_non_null(hit);
	assert_string_equal(*hit, "ab");
	key = "c";
	assert_null(bsearch(&key, w, 5, sizeof *w, text_compare_strings));
}

/* bytes_equal_short over every length up to 40: equal bytes are equal,
 * and a difference at any place, in any bit, is seen (the comparison
 * reads words that overlap: none of its words may skip a byte). */
static void test_short_comparison_sees_a_difference_at_every_place(void **state)
{
	(void)state;
	unsigned char x[40], y[40];
	for (size_t n = 0; n <= sizeof x; n++) {
		for (size_t i = 0; i < n; i++)
			x[i] = (unsigned char)(i * 37 + n);
		memcpy(y, x, n);
		assert_true(bytes_equal_short(x, y, n));
		for (size_t i = 0; i < n; i++)
			for (int bit = 0; bit < 8; bit++) {
				y[i] ^= (unsigned char)(1u << bit);
				assert_false(bytes_equal_short(x, y, n));
				y[i] ^= (unsigned char)(1u << bit);
			}
	}
}

/* bytes_hash_short reads every byte of a key of any length up to 40: a
 * key and the same with one bit flipped, anywhere, hash apart; and the
 * length counts (a key and its prefix of zero bytes differ). */
/* A JSON string's escapes at every place of texts up to 40 bytes (read 16
 * or 8 bytes at a time where none is escaped): each byte the escape
 * changes, and one it does not (not ASCII), alone in a text of letters,
 * gives what escaping a byte at a time gives. */
static void test_json_escapes_at_every_place(void **state)
{
	(void)state;
	static const char special[] = { '"', '\\', '\n', '\t', '\x01', '\x1f', '<', '>', '&',
					'\x7f', ' ', '\xc3' };
	for (size_t len = 1; len <= 40; len++)
		for (size_t at = 0; at < len; at++)
			for (size_t k = 0; k < sizeof special; k++) {
				char text[41];
				memset(text, 'a', len);
				text[at] = special[k];
				struct buf want = BUF_INIT, got = BUF_INIT;
				buf_addc(&want, '"');
				for (size_t i = 0; i < len; i++) {
					unsigned char c = (unsigned char)text[i];
					if (c == '"' || c == '\\')
						buf_addf(&want, "\\%c", c);
					else if (c == '\n')
						buf_adds(&want, "\\n");
					else if (c == '\t')
						buf_adds(&want, "\\t");
					else if (c < 0x20 || c == '<' || c == '>' || c == '&')
						buf_addf(&want, "\\u%04x", c);
					else
						buf_addc(&want, (char)c);
				}
				buf_addc(&want, '"');
				text_escape_json(&got, text, len);
				assert_int_equal(got.len, want.len);
				assert_memory_equal(got.ptr, want.ptr, want.len);
				buf_release(&want);
				buf_release(&got);
			}
}

static void test_short_hash_reads_every_byte_and_the_length(void **state)
{
	(void)state;
	unsigned char x[40];
	for (size_t n = 0; n <= sizeof x; n++) {
		for (size_t i = 0; i < n; i++)
			x[i] = (unsigned char)(i * 37 + n);
		uint32_t h = bytes_hash_short(x, n);
		for (size_t i = 0; i < n; i++)
			for (int bit = 0; bit < 8; bit++) {
				x[i] ^= (unsigned char)(1u << bit);
				assert_int_not_equal(bytes_hash_short(x, n), h);
				x[i] ^= (unsigned char)(1u << bit);
			}
	}
	unsigned char zeros[16] = { 0 };
	for (size_t n = 0; n < sizeof zeros; n++)
		assert_int_not_equal(bytes_hash_short(zeros, n), bytes_hash_short(zeros, n + 1));
}

/* The first place of `needle` in s[0..len), a byte at a time. */
static const char *find_slowly(const char *s, size_t len, const char *needle, size_t n)
{
	for (size_t i = 0; i + n <= len; i++)
		if (!memcmp(s + i, needle, n))
			return s + i;
	return NULL;
}

/* bytes_find finds what a byte-at-a-time search finds, in texts of every
 * length up to 100 (its 32- and 8-byte steps and the bytes after them),
 * from every start: needles of two to seven bytes that stand nowhere,
 * once, many times, overlapping themselves, and at the very end; whose
 * first two bytes stand often without the rest, next to bytes a bit
 * apart from theirs; and of one byte. */
static void test_find_agrees_with_a_byte_at_a_time(void **state)
{
	(void)state;
	/* bytes one bit apart ('`' 'a', 'h' 'i', '<' '='): what 8 bytes at
	 * a time could take for the needle's */
	static const char alphabet[] = "<=hia`bc\xEE\x80\x81";
	static const char *const needles[] = {
		"<h", "<h1", "ha", "aa", "aab", "aaa", "\xEE\x80", "\xEE\x80\x80", "<code",
		"</code>", "{{<", "c<", "hh<a", "<=h", "x", "<",
	};
	char text[101];
	unsigned seed = 7;
	for (int round = 0; round < 40; round++) {
		for (size_t i = 0; i < sizeof text - 1; i++) {
			seed = seed * 1103515245u + 12345u;
			text[i] = alphabet[(seed >> 16) % (sizeof alphabet - 1)];
		}
		text[sizeof text - 1] = '\0';
		for (size_t len = 0; len < sizeof text; len++)
			for (size_t from = 0; from <= len; from += 1 + len / 16)
				for (size_t k = 0; k < sizeof needles / sizeof needles[0]; k++) {
					size_t n = strlen(needles[k]);
					const char *want = find_slowly(text + from, len - from, needles[k], n);
					const char *got = bytes_find(text + from, len - from, needles[k], n);
					if (got != want)
						fail_msg("\"%s\" in %zu bytes from %zu: %td, not %td",
							 needles[k], len, from, got ? got - text : -1,
							 want ? want - text : -1);
				}
		/* a needle that ends the text, its bytes taken from it */
		for (size_t n = 2; n <= 7; n++)
			assert_ptr_equal(bytes_find(text, 100, text + 100 - n, n),
					 find_slowly(text, 100, text + 100 - n, n));
	}
	/* "aa" then a byte one bit from 'a': 8 bytes at a time flag its place
	 * too (a borrow), where "aab" must not be taken for "a`b" */
	for (size_t off = 0; off < 40; off++) {
		char t[64];
		memset(t, 'z', sizeof t);
		memcpy(t + off, "aa`b", 4);
		assert_null(bytes_find(t, sizeof t, "aab", 3));
		memcpy(t + off, "aaab", 4);
		assert_ptr_equal(bytes_find(t, sizeof t, "aab", 3), t + off + 1);
	}
	assert_ptr_equal(bytes_find("abc", 3, "", 0), "abc");
}

/* Chinese spacing (content/STYLE.md): where two ASCII characters meet,
 * never a space added or taken away, for every pair; across a Chinese or
 * full-width character, the rules as before. */
static void test_spacing_rules_leave_ascii_meeting_ascii_alone(void **state)
{
	(void)state;
	for (int b = 1; b < 0x80; b++) {
		for (int a = 1; a < 0x80; a++) {
			char before[] = { 'x', (char)b, '\0' }, after[] = { (char)a, 'y', '\0' };
			assert_false(text_needs_space(before, 2, after));
			assert_false(text_no_space_between(before, 2, after));
		}
	}
	assert_true(text_needs_space("显存", strlen("显存"), "24 GB"));
	assert_true(text_needs_space("H100", 4, "显存"));
	assert_false(text_needs_space("H100 ", 5, "显存"));
	assert_true(text_no_space_between("显存", strlen("显存"), "的卡"));
	assert_true(text_no_space_between("（", strlen("（"), "24"));
	assert_true(text_no_space_between("24", 2, "）"));
	assert_false(text_no_space_between("显存", strlen("显存"), "24"));
}

/* Full-width punctuation ends a text ("。", "："), a Chinese character,
 * an ASCII stop or the curly quote does not. */
static void test_text_ends_in_fullwidth_punctuation(void **state)
{
	(void)state;
	assert_true(text_ends_in_fullwidth_punct("出处。", strlen("出处。")));
	assert_true(text_ends_in_fullwidth_punct("来源：", strlen("来源：")));
	assert_false(text_ends_in_fullwidth_punct("来源", strlen("来源")));
	assert_false(text_ends_in_fullwidth_punct("Done.", 5));
	assert_false(text_ends_in_fullwidth_punct("“x”", strlen("“x”")));
	assert_false(text_ends_in_fullwidth_punct("", 0));
}

/* A sentence quoted in parentheses loses its closing stop, and only that. */
static void test_a_sentence_without_its_stop(void **state)
{
	(void)state;
	assert_int_equal(text_len_without_stop("Batch size 4."), 12);
	assert_int_equal(text_len_without_stop("批量大小为 4。"), strlen("批量大小为 4"));
	assert_int_equal(text_len_without_stop("batch size 4"), 12);
	assert_int_equal(text_len_without_stop("and so on..."), 12); /* an ellipsis stays */
	assert_int_equal(text_len_without_stop("."), 0);
	assert_int_equal(text_len_without_stop(""), 0);
	assert_int_equal(text_len_without_stop("“A100”."), strlen("“A100”"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_spacing_rules_leave_ascii_meeting_ascii_alone),
		cmocka_unit_test(test_text_ends_in_fullwidth_punctuation),
		cmocka_unit_test(test_unpublishable_characters_are_found_where_they_stand),
		cmocka_unit_test(test_find_agrees_with_a_byte_at_a_time),
		cmocka_unit_test(test_uri_encoding),
		cmocka_unit_test(test_html_escapes_agree_with_a_byte_at_a_time),
		cmocka_unit_test(test_html_is_plain_when_the_escape_changes_nothing),
		cmocka_unit_test(test_html_escapes_keep_a_nul_byte),
		cmocka_unit_test(test_unpublishable_fast_paths_agree_with_a_byte_at_a_time),
		cmocka_unit_test(test_utf8_fast_paths_agree_with_a_character_at_a_time),
		cmocka_unit_test(test_words_count_latin_words_and_chinese_characters),
		cmocka_unit_test(test_scan_agrees_with_the_checks_and_the_count),
		cmocka_unit_test(test_slugs_are_lowercase_words_joined_by_hyphens),
		cmocka_unit_test(test_invalid_utf8_is_found),
		cmocka_unit_test(test_heading_ids_keep_cjk),
		cmocka_unit_test(test_html_escaping_covers_quotes),
		cmocka_unit_test(test_only_safe_url_schemes_pass),
		cmocka_unit_test(test_numbers_are_grouped_and_rounded_by_size),
		cmocka_unit_test(test_money_has_cents_below_a_thousand),
		cmocka_unit_test(test_dates_read_naturally_in_each_language),
		cmocka_unit_test(test_ui_string_missing_in_one_language_names_the_key),
		cmocka_unit_test(test_units_follow_the_language),
		cmocka_unit_test(test_every_ui_string_is_found_among_many),
		cmocka_unit_test(test_fill_replaces_known_placeholders_only),
		cmocka_unit_test(test_did_you_mean_finds_near_words_and_case_slips),
		cmocka_unit_test(test_strings_sort_and_are_found_in_byte_order),
		cmocka_unit_test(test_short_comparison_sees_a_difference_at_every_place),
		cmocka_unit_test(test_short_hash_reads_every_byte_and_the_length),
		cmocka_unit_test(test_json_escapes_at_every_place),
		cmocka_unit_test(test_a_sentence_without_its_stop),
	};
	return cmocka_run_group_tests_name("text", tests, NULL, NULL);
}
