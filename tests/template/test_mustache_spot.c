/* Where a string went (tmpl_render_spot): told only when one tag resolved
 * a name to it and that tag wrote it as it is ({{{name}}}); then the render
 * with any other string in its place is this one with those bytes
 * replaced. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/arena.h"
#include "base/buf.h"
#include "base/diag.h"
#include "template/mustache.h"
#include "template/value.h"

#include <string.h>

static void add_template(struct tmpl_set *set, const char *name, const char *src)
{
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	assert_int_equal(tmpl_set_add(set, name, name, src, strlen(src), &d), 0);
	assert_string_equal(log.ptr ? log.ptr : "", "");
	buf_release(&log);
}

/* A page's layout, its content in a block of a parent, a section over a
 * sealed list (kept by the memo) and an indented partial around it. */
static struct tmpl_set *site_templates(const char *page)
{
	struct tmpl_set *set = tmpl_set_new();
	add_template(set, "layout", "<html><title>{{title}}</title>\n"
				    "<nav>{{#nav}}<a>{{.}}</a>{{/nav}}</nav>\n"
				    "  {{$content}}none{{/content}}\n"
				    "<footer>{{title}}</footer></html>\n");
	add_template(set, "note", "<p>{{title}}</p>\n");
	add_template(set, "page", page);
	return set;
}

static struct value *page_context(struct arena *a, const char *body)
{
	struct value *ctx = value_new_map(a);
	value_map_set_str(a, ctx, "title", "Prices <2026>");
	struct value *nav = value_new_list(a);
	value_list_push(a, nav, value_new_string(a, "GPUs"));
	value_list_push(a, nav, value_new_string(a, "Data"));
	value_seal(a, nav);
	value_map_set(a, ctx, "nav", nav);
	value_map_set(a, ctx, "body", value_new_string(a, body));
	return ctx;
}

/* Render `page` over a body, with `memo`: where the body went (*at,
 * *len), into `out`. */
static void render_spot(struct tmpl_set *set, struct value *ctx, struct tmpl_memo *memo,
			struct buf *out, size_t *at, size_t *len)
{
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	buf_reset(out);
	assert_int_equal(tmpl_render_spot(set, tmpl_set_get(set, "page"), ctx, out, &d, memo,
					  value_map_get(ctx, "body"), at, len),
			 0);
	assert_string_equal(log.ptr ? log.ptr : "", "");
	buf_release(&log);
}

/* The body's bytes in the first render, replaced by another body's, are
 * the second render, byte for byte (twice: the memo keeps the nav). */
static void test_a_body_written_once_is_told_and_replaces(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct tmpl_set *set = site_templates("{{<layout}}{{$content}}<main>\n"
					      "{{> note}}<div>\n{{{body}}}\n</div></main>"
					      "{{/content}}{{/layout}}");
	struct tmpl_memo *memo = tmpl_memo_new();
	struct buf first = BUF_INIT, second = BUF_INIT, spliced = BUF_INIT;
	const char *bodies[] = { "<p>Old: <span class=\"fig\">$0.39/h</span></p>",
				 "<p>New, longer: <span class=\"fig\">$10.41/h</span> & more</p>",
				 "" };
	for (size_t k = 0; k + 1 < sizeof bodies / sizeof *bodies; k++) {
		size_t at, len, at2, len2;
		render_spot(set, page_context(&a, bodies[k]), memo, &first, &at, &len);
		assert_int_not_equal(at, SIZE_MAX);
		assert_int_equal(len, strlen(bodies[k]));
		assert_memory_equal(first.ptr + at, bodies[k], len);
		render_spot(set, page_context(&a, bodies[k + 1]), memo, &second, &at2, &len2);
		assert_int_equal(at2, at); /* what comes before it is the same */
		buf_reset(&spliced);
		buf_add(&spliced, first.ptr, at);
		buf_adds(&spliced, bodies[k + 1]);
		buf_adds(&spliced, first.ptr + at + len);
		assert_string_equal(spliced.ptr, second.ptr);
	}
	buf_release(&first);
	buf_release(&second);
	buf_release(&spliced);
	tmpl_memo_free(memo);
	tmpl_set_free(set);
	arena_free(&a);
}

/* Any other use of the body, besides or instead of {{{body}}}, leaves its
 * place untold: written twice, escaped, tested by a section or an inverted
 * one, or not written at all. */
static void test_a_body_used_otherwise_is_not_told(void **state)
{
	(void)state;
	static const char *const pages[] = {
		"{{{body}}}<aside>{{{body}}}</aside>",
		"{{body}}",
		"{{{body}}}<p>{{body}}</p>",
		"{{#body}}<div>{{{body}}}</div>{{/body}}",
		"{{^body}}none{{/body}}{{{body}}}",
		"<p>{{title}}</p>",
	};
	for (size_t k = 0; k < sizeof pages / sizeof *pages; k++) {
		struct arena a = ARENA_INIT;
		struct tmpl_set *set = site_templates(pages[k]);
		struct buf out = BUF_INIT;
		size_t at, len;
		render_spot(set, page_context(&a, "<p>body</p>"), NULL, &out, &at, &len);
		assert_int_equal(at, SIZE_MAX);
		assert_int_equal(len, 0);
		buf_release(&out);
		tmpl_set_free(set);
		arena_free(&a);
	}
}

/* Without a string to watch, the render is tmpl_render's. */
static void test_no_string_renders_as_before(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct tmpl_set *set = site_templates("<main>{{{body}}}</main>");
	struct value *ctx = page_context(&a, "<p>x</p>");
	struct buf spot = BUF_INIT, plain = BUF_INIT, log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	size_t at, len;
	assert_int_equal(tmpl_render_spot(set, tmpl_set_get(set, "page"), ctx, &spot, &d, NULL,
					  NULL, &at, &len),
			 0);
	assert_int_equal(tmpl_render(set, tmpl_set_get(set, "page"), ctx, &plain, &d), 0);
	assert_string_equal(spot.ptr, plain.ptr);
	assert_int_equal(at, SIZE_MAX);
	buf_release(&spot);
	buf_release(&plain);
	buf_release(&log);
	tmpl_set_free(set);
	arena_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_a_body_written_once_is_told_and_replaces),
		cmocka_unit_test(test_a_body_used_otherwise_is_not_told),
		cmocka_unit_test(test_no_string_renders_as_before),
	};
	return cmocka_run_group_tests_name("mustache_spot", tests, NULL, NULL);
}
