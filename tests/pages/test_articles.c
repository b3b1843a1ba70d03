/* Tests for articles_load: the front matter of content/<lang>/NAME.md read
 * into the site, translations linked, and the problems of a content folder
 * reported at their file and line (exact texts), every one of them. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/arena.h"
#include "pages/articles.h"
#include "base/buf.h"
#include "base/diag.h"
#include "base/fs.h"
#include "markdown/markdown.h"
#include "view/site.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fixture {
	char root[64];
	struct site s;
	struct diag diag;
	struct buf log;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof *f);
	if (!f)
		return -1;
	strcpy(f->root, "/tmp/test_articles_XXXXXX");
	if (!mkdtemp(f->root)) {
		free(f);
		return -1;
	}
	buf_init(&f->log);
	diag_init(&f->diag, NULL, &f->log);
	f->s.diag = &f->diag;
	f->s.in.opt.root = f->root;
	f->s.in.opt.jobs = 1;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	for (size_t i = 0; i < f->s.in.narticles; i++)
		markdown_article_free(&f->s.in.articles[i]);
	free(f->s.in.articles);
	free(f->s.in.translation_of);
	arena_free(&f->s.arena);
	buf_release(&f->log);
	int rc = fs_remove_tree(f->root);
	free(f);
	return rc;
}

/* content/<rel> holding an article with these front matter lines. */
static void article(struct fixture *f, const char *rel, const char *front)
{
	char path[256], text[1024];
	snprintf(path, sizeof path, "%s/content/%s", f->root, rel);
	snprintf(text, sizeof text, "---\n%s---\nSome text.\n", front);
	assert_int_equal(fs_write_file(path, text, strlen(text)), 0);
}

static const struct article *by_slug(const struct site *s, int lang, const char *slug)
{
	for (size_t i = 0; i < s->in.narticles; i++)
		if (s->in.articles[i].lang == lang && !strcmp(s->in.articles[i].slug, slug))
			return &s->in.articles[i];
	return NULL;
}

static void test_translations_are_linked_both_ways(void **state)
{
	struct fixture *f = *state;
	article(f, "en/a.md", "title: A\ndate: 2026-01-02\nslug: a\ntranslation: a\n");
	article(f, "zh/a.md", "title: 甲\ndate: 2026-01-02\nslug: a-zh\ntranslation: a\n");
	article(f, "en/b.md", "title: B\ndate: 2026-01-03\nslug: b\n");
	articles_load(&f->s);
	assert_int_equal(f->diag.errors, 0);
	assert_int_equal(f->diag.warnings, 0);
	assert_int_equal(f->s.in.narticles, 3);
	const struct article *en = by_slug(&f->s, LANG_EN, "a");
	const struct article *zh = by_slug(&f->s, LANG_ZH, "a-zh");
	const struct article *b = by_slug(&f->s, LANG_EN, "b");
	assert_non_null(en);
	assert_non_null(zh);
	assert_non_null(b);
	assert_int_equal(f->s.in.translation_of[en - f->s.in.articles], zh - f->s.in.articles);
	assert_int_equal(f->s.in.translation_of[zh - f->s.in.articles], en - f->s.in.articles);
	assert_int_equal(f->s.in.translation_of[b - f->s.in.articles], -1);
	assert_null(en->html); /* bodies are read again when rendered */
}

static void test_drafts_are_left_out(void **state)
{
	struct fixture *f = *state;
	article(f, "en/a.md", "title: A\ndate: 2026-01-02\nslug: a\n");
	article(f, "en/wip.md", "title: W\ndate: 2026-01-02\nslug: wip\ndraft: true\n");
	articles_load(&f->s);
	assert_int_equal(f->diag.errors, 0);
	assert_int_equal(f->s.in.narticles, 1);
	assert_null(by_slug(&f->s, LANG_EN, "wip"));
}

static void test_every_problem_is_reported_at_its_place(void **state)
{
	struct fixture *f = *state;
	article(f, "en/a.md", "title: A\ndate: 2026-01-02\nslug: same\n");
	article(f, "en/b.md", "title: B\ndate: 2026-01-03\nslug: same\n");
	article(f, "zh/c.md", "title: 丙\ndate: 2026-01-04\nslug: c\n");
	article(f, "en/sub/d.md", "title: D\ndate: 2026-01-05\nslug: d\n");
	articles_load(&f->s);
	/* the folder is the build's to report (adversarial.sh): its article
	 * is not read */
	assert_int_equal(f->diag.errors, 1);
	assert_int_equal(f->diag.warnings, 1);
	assert_null(by_slug(&f->s, LANG_EN, "d"));
	assert_non_null(strstr(f->log.ptr, "content/en/b.md:4:7: error: duplicate slug \"same\" "
					   "(also in content/en/a.md)\n"));
	assert_non_null(strstr(f->log.ptr, "content/zh/c.md:1:1: warning: no translation key, so no "
					   "English twin (add \"translation:\" to both articles)\n"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_translations_are_linked_both_ways,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_drafts_are_left_out, setup, teardown),
		cmocka_unit_test_setup_teardown(test_every_problem_is_reported_at_its_place,
						setup, teardown),
	};
	return cmocka_run_group_tests_name("articles", tests, NULL, NULL);
}
