/* Sections kept between renders (mustache_memo.h): a render with a memo
 * gives, byte for byte, what a render without one gives, whatever changes
 * between the renders; and a memo does give kept sections. */
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

#include <stdio.h>
#include <string.h>

static void add_template(struct tmpl_set *set, const char *name, const char *src)
{
	struct buf log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	assert_int_equal(tmpl_set_add(set, name, name, src, strlen(src), &d), 0);
	assert_string_equal(log.ptr, "");
	buf_release(&log);
}

/* Render `name` with `ctx` with `memo` and without: the two outputs are
 * the same; and the one that is `want`, when it is given. */
static void assert_same_with_memo(struct tmpl_set *set, const char *name,
				  const struct value *ctx, struct tmpl_memo *memo,
				  const char *want)
{
	struct buf with = BUF_INIT, without = BUF_INIT, log = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	const struct tmpl *t = tmpl_set_get(set, name);
	assert_non_null(t);
	assert_int_equal(tmpl_render_memo(set, t, ctx, &with, &d, memo), 0);
	assert_int_equal(tmpl_render(set, t, ctx, &without, &d), 0);
	assert_string_equal(with.ptr ? with.ptr : "", without.ptr ? without.ptr : "");
	if (want)
		assert_string_equal(with.ptr ? with.ptr : "", want);
	assert_string_equal(log.ptr ? log.ptr : "", "");
	buf_release(&with);
	buf_release(&without);
	buf_release(&log);
}

/* Two sources, the second with an original title, sealed. */
static struct value *sealed_items(struct arena *a, const char *second)
{
	struct value *list = value_new_list(a);
	struct value *x = value_new_map(a), *y = value_new_map(a);
	value_map_set_str(a, x, "id", "s1");
	value_map_set_str(a, x, "name", "One <1>");
	value_map_set_str(a, y, "id", "s2");
	value_map_set_str(a, y, "name", second);
	value_map_set_str(a, y, "original", "Yi");
	value_list_push(a, list, x);
	value_list_push(a, list, y);
	value_seal(a, list);
	return list;
}

/* A page's context: the items, and outside them a relative link, a
 * separator string in a map (a dotted name), and `extra` when given. */
static struct value *page_ctx(struct arena *a, const struct value *items, const char *home,
			      const char *sep, const char *extra)
{
	struct value *ctx = value_new_map(a), *t = value_new_map(a);
	value_map_set_str(a, t, "sep", sep);
	value_map_set(a, ctx, "t", t);
	value_map_set(a, ctx, "items", (struct value *)items);
	value_map_set_str(a, ctx, "home", home);
	if (extra)
		value_map_set_str(a, ctx, "extra", extra);
	return ctx;
}

static const char footer[] =
	"<ul>{{#items}}<li><a href=\"{{home}}sources/#{{id}}\">{{name}}</a>"
	"{{#original}}{{t.sep}}{{original}}{{/original}}"
	"{{#extra}}[{{extra}}]{{/extra}}{{^extra}}.{{/extra}}</li>{{/items}}</ul>";

/* The same list on page after page: kept from its second render on; a
 * page whose names outside the list find something else (another depth's
 * link, another separator, a name that was missing) gets its own. */
static void test_a_kept_section_follows_the_names_outside_it(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct tmpl_set *set = tmpl_set_new();
	add_template(set, "page", footer);
	struct tmpl_memo *memo = tmpl_memo_new();
	const struct value *items = sealed_items(&a, "Two");
	static const char *const homes[] = { "../", "./", "../../" };
	for (int k = 0; k < 12; k++) {
		const char *home = homes[k % 3];
		const char *sep = k == 9 ? " / " : ": ";
		const char *extra = k == 7 ? "E" : NULL;
		char want[256];
		snprintf(want, sizeof want,
			 "<ul><li><a href=\"%ssources/#s1\">One &lt;1&gt;</a>%s</li>"
			 "<li><a href=\"%ssources/#s2\">Two</a>%sYi%s</li></ul>",
			 home, extra ? "[E]" : ".", home, sep, extra ? "[E]" : ".");
		assert_same_with_memo(set, "page", page_ctx(&a, items, home, sep, extra), memo,
				      want);
	}
	/* seen once each (not kept), recorded once each, then given: of 12
	 * renders over three depths, the last ones came from the memo */
	assert_true(tmpl_memo_hits(memo) >= 4);
	tmpl_memo_free(memo);
	tmpl_set_free(set);
	arena_free(&a);
}

/* Another list of the same section (another digest) is its own; a list
 * that is not sealed is rendered every time. */
static void test_each_list_is_kept_as_itself(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct tmpl_set *set = tmpl_set_new();
	add_template(set, "page", footer);
	struct tmpl_memo *memo = tmpl_memo_new();
	const struct value *lists[3] = { sealed_items(&a, "Two"), sealed_items(&a, "Deux"),
					 NULL };
	struct value *open = value_new_list(&a); /* not sealed */
	struct value *m = value_new_map(&a);
	value_map_set_str(&a, m, "id", "o");
	value_map_set_str(&a, m, "name", "Open");
	value_list_push(&a, open, m);
	lists[2] = open;
	for (int k = 0; k < 9; k++)
		assert_same_with_memo(set, "page", page_ctx(&a, lists[k % 3], "./", ": ", NULL),
				      memo, NULL);
	size_t hits = tmpl_memo_hits(memo);
	assert_true(hits >= 2);
	value_map_set_str(&a, m, "name", "Changed"); /* the open list may change */
	assert_same_with_memo(set, "page", page_ctx(&a, open, "./", ": ", NULL), memo,
			      "<ul><li><a href=\"./sources/#o\">Changed</a>.</li></ul>");
	assert_int_equal(tmpl_memo_hits(memo), hits);
	tmpl_memo_free(memo);
	tmpl_set_free(set);
	arena_free(&a);
}

/* A name outside that finds a list or map not sealed: its content may
 * differ from page to page under one address, so the section is never
 * kept; a partial's indentation is not kept either. */
static void test_unsealed_names_and_indentation_are_rendered_each_time(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct tmpl_set *set = tmpl_set_new();
	add_template(set, "page", "{{#items}}{{#cfg}}{{v}}{{/cfg}}{{name}};{{/items}}");
	add_template(set, "rows", "{{#items}}\n{{name}}\n{{/items}}\n");
	add_template(set, "deep", "<div>\n  {{>rows}}\n</div>\n");
	add_template(set, "flat", "<div>\n{{>rows}}\n</div>\n");
	struct tmpl_memo *memo = tmpl_memo_new();
	const struct value *items = sealed_items(&a, "Two");
	struct value *cfg = value_new_map(&a); /* one map, its content changed */
	for (int k = 0; k < 6; k++) {
		struct value *ctx = page_ctx(&a, items, "./", ": ", NULL);
		value_map_set_str(&a, cfg, "v", k % 2 ? "odd " : "even ");
		value_map_set(&a, ctx, "cfg", cfg);
		assert_same_with_memo(set, "page", ctx, memo,
				      k % 2 ? "odd One &lt;1&gt;;odd Two;" : "even One &lt;1&gt;;even Two;");
		assert_same_with_memo(set, "deep", ctx, memo,
				      "<div>\n  One &lt;1&gt;\n  Two\n</div>\n");
		assert_same_with_memo(set, "flat", ctx, memo, "<div>\nOne &lt;1&gt;\nTwo\n</div>\n");
	}
	tmpl_memo_free(memo);
	tmpl_set_free(set);
	arena_free(&a);
}

/* A section with a block in it renders what each page's parent tag puts
 * there: not kept (nor one with a partial, whose indentation may vary). */
static void test_a_section_holding_a_block_is_not_kept(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct tmpl_set *set = tmpl_set_new();
	add_template(set, "base", "{{#items}}{{$cell}}-{{/cell}}{{>sep}}{{/items}}");
	add_template(set, "sep", ";");
	add_template(set, "pa", "{{<base}}{{$cell}}A{{/cell}}{{/base}}");
	add_template(set, "pb", "{{<base}}{{$cell}}B{{/cell}}{{/base}}");
	struct tmpl_memo *memo = tmpl_memo_new();
	const struct value *items = sealed_items(&a, "Two");
	for (int k = 0; k < 4; k++) {
		struct value *ctx = page_ctx(&a, items, "./", ": ", NULL);
		assert_same_with_memo(set, "pa", ctx, memo, "A;A;");
		assert_same_with_memo(set, "pb", ctx, memo, "B;B;");
		assert_same_with_memo(set, "base", ctx, memo, "-;-;");
	}
	assert_int_equal(tmpl_memo_hits(memo), 0);
	tmpl_memo_free(memo);
	tmpl_set_free(set);
	arena_free(&a);
}

/* More lists than the memo holds, each rendered three times, in turn: it
 * forgets and starts again, and every render is still the same. */
static void test_a_full_memo_forgets_and_stays_right(void **state)
{
	(void)state;
	struct arena a = ARENA_INIT;
	struct tmpl_set *set = tmpl_set_new();
	add_template(set, "page", "{{#items}}{{home}}{{name}},{{/items}}");
	struct tmpl_memo *memo = tmpl_memo_new();
	enum { N = 1500 };
	static const struct value *lists[N];
	char name[32];
	for (size_t i = 0; i < N; i++) {
		struct value *list = value_new_list(&a), *m = value_new_map(&a);
		snprintf(name, sizeof name, "n%zu", i);
		value_map_set_str(&a, m, "name", arena_strdup(&a, name));
		value_list_push(&a, list, m);
		value_seal(&a, list);
		lists[i] = list;
	}
	for (int round = 0; round < 3; round++)
		for (size_t i = 0; i < N; i += round + 1) {
			char want[64];
			snprintf(want, sizeof want, "%sn%zu,", round == 1 ? "../" : "./", i);
			assert_same_with_memo(set, "page",
					      page_ctx(&a, lists[i], round == 1 ? "../" : "./", "",
						       NULL),
					      memo, want);
		}
	tmpl_memo_free(memo);
	tmpl_set_free(set);
	arena_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_a_kept_section_follows_the_names_outside_it),
		cmocka_unit_test(test_each_list_is_kept_as_itself),
		cmocka_unit_test(test_unsealed_names_and_indentation_are_rendered_each_time),
		cmocka_unit_test(test_a_section_holding_a_block_is_not_kept),
		cmocka_unit_test(test_a_full_memo_forgets_and_stays_right),
	};
	return cmocka_run_group_tests_name("mustache_memo", tests, NULL, NULL);
}
