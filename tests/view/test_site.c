/* Tests for site, the page registry: relative links, the plan's index. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "view/site.h"

#include <stdlib.h>
#include <string.h>

static struct site *site_new(const char *base_url)
{
	struct site *s = calloc(1, sizeof *s);
	assert_non_null(s);
	s->arena = (struct arena)ARENA_INIT;
	s->in.opt.base_url = base_url;
	return s;
}

static void site_done(struct site *s)
{
	free(s->plan.pages);
	strmap_free(&s->plan.page_paths);
	arena_free(&s->arena);
	free(s);
}

static void test_links_between_pages_are_relative(void **state)
{
	(void)state;
	struct site *s = site_new(NULL);
	/* from a page to itself, below it, beside it, up to the language root */
	assert_string_equal(site_href(&s->arena, LANG_EN, "gpus/", LANG_EN, "gpus/"), "./");
	assert_string_equal(site_href(&s->arena, LANG_EN, "gpus/", LANG_EN, "gpus/rtx-4090/"),
			    "rtx-4090/");
	assert_string_equal(site_href(&s->arena, LANG_EN, "gpus/rtx-4090/", LANG_EN, "tasks/"),
			    "../../../en/tasks/");
	assert_string_equal(site_href(&s->arena, LANG_EN, "", LANG_EN, "gpus/"), "gpus/");
	/* to the other language: through the site root */
	assert_string_equal(site_href(&s->arena, LANG_EN, "gpus/rtx-4090/", LANG_ZH,
				      "gpus/rtx-4090/"),
			    "../../../zh/gpus/rtx-4090/");
	assert_string_equal(site_href(&s->arena, LANG_ZH, "", LANG_EN, ""), "../en/");
	/* files at the site root */
	assert_string_equal(site_root_href(&s->arena, "gpus/rtx-4090/", "style.css"),
			    "../../../style.css");
	assert_string_equal(site_root_href(&s->arena, "", "data/gpus.csv"),
			    "../data/gpus.csv");
	site_done(s);
}

static void test_planned_pages_are_found_by_language_and_path(void **state)
{
	(void)state;
	struct site *s = site_new(NULL);
	for (int i = 0; i < 300; i++) { /* past the first growth */
		char *path = arena_printf(&s->arena, "gpus/g%d/", i);
		struct page_spec p = { .lang = i % 2 ? LANG_ZH : LANG_EN, .path = path,
				       .template_name = "pages/gpu", .title = path };
		site_add_page(s, &p);
	}
	assert_int_equal(s->plan.npages, 300);
	assert_true(site_has_page(s, LANG_EN, "gpus/g0/"));
	assert_false(site_has_page(s, LANG_ZH, "gpus/g0/"));
	assert_true(site_has_page(s, LANG_ZH, "gpus/g299/"));
	assert_false(site_has_page(s, LANG_EN, "gpus/g300/"));
	/* the spec is copied */
	assert_string_equal(s->plan.pages[42].title, "gpus/g42/");
	site_done(s);
}

static void test_absolute_urls_use_the_base_url(void **state)
{
	(void)state;
	struct site *s = site_new("https://gpuguide.example//");
	assert_string_equal(site_base_url(&s->in, &s->arena), "https://gpuguide.example");
	assert_string_equal(site_page_url(&s->in, &s->arena, LANG_ZH, "gpus/h100-80gb/"),
			    "https://gpuguide.example/zh/gpus/h100-80gb/");
	site_done(s);
	s = site_new(NULL);
	assert_string_equal(site_base_url(&s->in, &s->arena), "");
	site_done(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_links_between_pages_are_relative),
		cmocka_unit_test(test_planned_pages_are_found_by_language_and_path),
		cmocka_unit_test(test_absolute_urls_use_the_base_url),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
