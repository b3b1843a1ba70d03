/* Tests for content_load: the front matter of content/<lang>/NAME.md read
 * into the site, translations linked, and the problems of a content folder
 * reported at their file and line (exact texts), every one of them. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/arena.h"
#include "build/content.h"
#include "base/buf.h"
#include "base/diag.h"
#include "base/digest.h"
#include "base/fs.h"
#include "markdown/markdown.h"
#include "view/site.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* The articles loaded, freed: the site holds none (another load may
 * follow). */
static void drop_articles(struct site *s)
{
	for (size_t i = 0; i < s->in.narticles; i++)
		markdown_article_free(&s->in.articles[i]);
	free(s->in.articles);
	free(s->in.translation_of);
	s->in.articles = NULL;
	s->in.translation_of = NULL;
	s->in.narticles = s->in.cap_articles = 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	drop_articles(&f->s);
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
	content_load(&f->s, NULL, NULL);
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
	assert_null(en->html); /* rendered with the page */
	assert_string_equal(en->body, "Some text.\n"); /* held for it */
}

/* Which article `a` (an index) links to: the first article of the other
 * language, by path, with the same translation key; -1 when none. Worked
 * out article by article, as a check of content_load's merge. */
static long twin_slowly(const struct site *s, size_t a)
{
	const struct article *x = &s->in.articles[a];
	long best = -1;
	for (size_t i = 0; x->translation && i < s->in.narticles; i++) {
		const struct article *y = &s->in.articles[i];
		if (y->lang == x->lang || !y->translation || strcmp(y->translation, x->translation))
			continue;
		if (best < 0 || strcmp(y->path, s->in.articles[best].path) < 0)
			best = (long)i;
	}
	return best;
}

/* Article i of language l for the test below: English has the keys of
 * i % 3 != 0, Chinese of i % 2 == 0; every fifth article of each language
 * has no key; the files' names in the reverse order of i. */
static void keyed_article(struct fixture *f, int l, int i)
{
	bool has = l == 0 ? i % 3 != 0 : i % 2 == 0;
	if (!has && i % 5 != 4)
		return;
	char rel[64], front[256];
	snprintf(rel, sizeof rel, "%s/f%02d.md", l ? "zh" : "en", 39 - i);
	int at = snprintf(front, sizeof front, "title: T\ndate: 2026-01-02\nslug: s%d\n", i);
	if (i % 5 != 4)
		snprintf(front + at, sizeof front - (size_t)at, "translation: k%02d\n", i);
	article(f, rel, front);
}

/* Keys in both languages, in one only, none, and one key twice in a
 * language (an error, and each article of the other language then links
 * to the first by path): every link is the first twin's. */
static void test_translations_are_linked_to_the_first_twin(void **state)
{
	struct fixture *f = *state;
	for (int i = 0; i < 40; i++)
		for (int l = 0; l < 2; l++)
			keyed_article(f, l, i);
	/* k02 twice in English (the second by path is linked from nowhere) */
	article(f, "en/g-dup.md", "title: T\ndate: 2026-01-02\nslug: dup\ntranslation: k02\n");
	content_load(&f->s, NULL, NULL);
	assert_int_equal(f->diag.errors, 1); /* the duplicate key */
	size_t linked = 0;
	for (size_t i = 0; i < f->s.in.narticles; i++) {
		assert_int_equal(f->s.in.translation_of[i], twin_slowly(&f->s, i));
		linked += f->s.in.translation_of[i] >= 0;
	}
	assert_true(linked > 20);
}

/* The bodies read are held for their pages up to CONTENT_HELD_BODIES
 * bytes in all; past them, left to be read again (one thread: the files
 * are read in name order). */
static void test_bodies_are_held_within_their_bound(void **state)
{
	struct fixture *f = *state;
	static const char front[] = "---\ntitle: A\ndate: 2026-01-02\nslug: a\n---\n";
	size_t body = CONTENT_HELD_BODIES - 8;
	char *text = malloc(sizeof front - 1 + body);
	assert_non_null(text);
	memcpy(text, front, sizeof front - 1);
	memset(text + sizeof front - 1, 'x', body - 1);
	text[sizeof front - 1 + body - 1] = '\n';
	char path[256];
	snprintf(path, sizeof path, "%s/content/en/a.md", f->root);
	assert_int_equal(fs_write_file(path, text, sizeof front - 1 + body), 0);
	free(text);
	article(f, "en/b.md", "title: B\ndate: 2026-01-03\nslug: b\n");
	content_load(&f->s, NULL, NULL);
	assert_int_equal(f->diag.errors, 0);
	const struct article *a = by_slug(&f->s, LANG_EN, "a");
	const struct article *b = by_slug(&f->s, LANG_EN, "b");
	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(a->body);
	assert_int_equal(strlen(a->body), body);
	assert_int_equal(a->body[0], 'x');
	assert_null(b->body); /* 11 bytes more than the bound */
}

static void test_drafts_are_left_out(void **state)
{
	struct fixture *f = *state;
	article(f, "en/a.md", "title: A\ndate: 2026-01-02\nslug: a\n");
	article(f, "en/wip.md", "title: W\ndate: 2026-01-02\nslug: wip\ndraft: true\n");
	content_load(&f->s, NULL, NULL);
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
	content_load(&f->s, NULL, NULL);
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

/* A memo that remembers the key of the parse asked for, has none, and
 * gives the file ids `walked` (as the build's walk of content/ would) or
 * none. */
struct key_memo {
	struct digest_value asked;
	int nasked;
	const struct fs_file_id *walked; /* of content/en/a.md, or NULL */
};

static int km_find(void *ctx, struct digest_value key, struct buf *rec)
{
	(void)rec;
	struct key_memo *m = ctx;
	m->asked = key;
	m->nasked++;
	return -1;
}

static void km_keep(void *ctx, struct digest_value key, const char *rec, size_t len)
{
	(void)ctx, (void)key, (void)rec, (void)len;
}

static int km_file_id(void *ctx, const char *path, struct fs_file_id *id)
{
	const struct key_memo *m = ctx;
	if (!m->walked || strcmp(path, "content/en/a.md"))
		return -1;
	*id = *m->walked;
	return 0;
}

/* The key the loader asks the memo for, for content/en/a.md (the only
 * article), with `file_id` as the memo's (NULL: none) giving `walked`. */
static struct digest_value key_asked(struct fixture *f,
				     int (*file_id)(void *, const char *, struct fs_file_id *),
				     const struct fs_file_id *walked)
{
	struct key_memo m = { .walked = walked };
	struct markdown_memo memo = { km_find, km_keep, &m, NULL, NULL, file_id };
	f->s.in.markdown_memo = &memo;
	content_load(&f->s, NULL, NULL);
	f->s.in.markdown_memo = NULL;
	assert_int_equal(f->diag.errors, 0);
	assert_int_equal(m.nasked, 1);
	drop_articles(&f->s);
	return m.asked;
}

/* An article's parse is looked up by the id the build's walk took of its
 * file, when the memo gives one: the same key as the file's own id gives
 * (a stat of its own, without), another for another id; without an id
 * for the file the loader takes it itself. */
static void test_the_parse_is_looked_up_by_the_walked_id(void **state)
{
	struct fixture *f = *state;
	article(f, "en/a.md", "title: A\ndate: 2026-01-02\nslug: a\n");
	char path[256];
	snprintf(path, sizeof path, "%s/content/en/a.md", f->root);
	struct fs_file_id id;
	assert_int_equal(fs_file_id_at(AT_FDCWD, path, &id), 0);
	/* not of the last moments: an id just taken is not trusted */
	id.mtime_ns -= 10 * (int64_t)1000000000;
	id.ctime_ns -= 10 * (int64_t)1000000000;
	struct fs_file_id other = id;
	other.ino++;
	struct digest_value walked = key_asked(f, km_file_id, &id);
	struct digest_value moved = key_asked(f, km_file_id, &other);
	assert_false(digest_equal(walked, moved));
	/* the file's own id, once it has settled (FS_RACE_NS after its
	 * change), gives the walked id's key */
	usleep(FS_RACE_NS / 1000 + 50000);
	struct fs_file_id now;
	assert_int_equal(fs_file_id_at(AT_FDCWD, path, &now), 0);
	assert_true(fs_file_id_settled(&now));
	assert_true(digest_equal(key_asked(f, NULL, NULL), key_asked(f, km_file_id, &now)));
	assert_true(digest_equal(key_asked(f, km_file_id, NULL), key_asked(f, NULL, NULL)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_translations_are_linked_both_ways,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_translations_are_linked_to_the_first_twin,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_drafts_are_left_out, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bodies_are_held_within_their_bound, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_the_parse_is_looked_up_by_the_walked_id,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_every_problem_is_reported_at_its_place,
						setup, teardown),
	};
	return cmocka_run_group_tests_name("articles", tests, NULL, NULL);
}
