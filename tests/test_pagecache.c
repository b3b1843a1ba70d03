/* Tests for pagecache: where the cache lives, that a written cache loads
 * back as it was, that a cache cut short, damaged or of another format is
 * never loaded (and leaves nothing behind in memory), and that the
 * published tree is found changed by any edit that changes a file's id. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "buf.h"
#include "digest.h"
#include "fs.h"
#include "pagecache.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct tmp {
	char dir[64];
	char cache[96]; /* dir/cache */
	char site[96];  /* dir/site, a published tree */
};

static int tmp_setup(void **state)
{
	struct tmp *t = calloc(1, sizeof *t);
	if (!t)
		return -1;
	strcpy(t->dir, "/tmp/test_pagecache_XXXXXX");
	if (!mkdtemp(t->dir)) {
		free(t);
		return -1;
	}
	snprintf(t->cache, sizeof t->cache, "%s/cache", t->dir);
	snprintf(t->site, sizeof t->site, "%s/site", t->dir);
	*state = t;
	return 0;
}

static int tmp_teardown(void **state)
{
	struct tmp *t = *state;
	int rc = fs_remove_tree(t->dir);
	free(t);
	return rc;
}

/* t->site/rel, in a static buffer (one at a time). */
static const char *in_site(const struct tmp *t, const char *rel)
{
	static char path[256];
	snprintf(path, sizeof path, "%s/%s", t->site, rel);
	return path;
}

static void assert_path(const char *out, const char *want)
{
	char *p = pagecache_path(out);
	assert_string_equal(p, want);
	free(p);
}

static void test_the_cache_is_beside_the_output_folder(void **state)
{
	(void)state;
	assert_path("site", ".site-cache-site");
	assert_path("/a/b/site/", "/a/b/.site-cache-site");
	assert_path("/a/b/site", "/a/b/.site-cache-site");
	assert_path("out//", ".site-cache-out");
	assert_path("./public", "./.site-cache-public");
}

/* ---- the file ---- */

static const char kept_nul[] = "doc\0with\0NULs\0"; /* 15 bytes with its NUL */

/* A cache of two files and three pages (one kept record holding NUL
 * bytes, one empty). */
static void fill(struct pagecache *pc)
{
	pagecache_init(pc);
	pc->tool = (struct digest_value){ 0x0102030405060708u, 0x1112131415161718u };
	pc->inputs = (struct digest_value){ 0xa1a2a3a4a5a6a7a8u, 0xb1b2b3b4b5b6b7b8u };
	pc->clean = true;
	pc->placeholder_url = false;
	struct fs_file_id a = { 12345, 678, 1700000000123456789, 1700000000999999999 };
	struct fs_file_id b = { UINT64_MAX, 0, -1, 5 };
	pagecache_add_file(pc, "en/index.html", &a);
	pagecache_add_file(pc, "zh/gpus/rtx-4090/index.html", &b);
	pagecache_add_page(pc, "en/index.html", (struct digest_value){ 1, 2 },
			   "plain record", 12);
	pagecache_add_page(pc, "zh/index.html", (struct digest_value){ 3, UINT64_MAX },
			   kept_nul, sizeof kept_nul);
	pagecache_add_page(pc, "en/about/index.html", (struct digest_value){ 0, 0 },
			   NULL, 0);
}

static void assert_digest(struct digest_value v, uint64_t hi, uint64_t lo)
{
	assert_true(v.hi == hi);
	assert_true(v.lo == lo);
}

static void assert_page(const struct pagecache *pc, size_t i, const char *rel,
			uint64_t hi, uint64_t lo, const char *kept, size_t len)
{
	const struct pagecache_page *pg = pagecache_page(pc, rel);
	assert_ptr_equal(pg, &pc->pages[i]);
	assert_string_equal(pg->rel, rel);
	assert_digest(pg->inputs, hi, lo);
	assert_int_equal(pg->kept_len, len);
	assert_memory_equal(pg->kept, kept, len);
}

static void assert_filled(const struct pagecache *pc)
{
	assert_digest(pc->tool, 0x0102030405060708u, 0x1112131415161718u);
	assert_digest(pc->inputs, 0xa1a2a3a4a5a6a7a8u, 0xb1b2b3b4b5b6b7b8u);
	assert_true(pc->clean);
	assert_false(pc->placeholder_url);
	assert_int_equal(pc->nfiles, 2);
	const struct pagecache_file *f = pagecache_file(pc, "en/index.html");
	assert_ptr_equal(f, &pc->files[0]);
	assert_true(f->id.ino == 12345 && f->id.size == 678);
	assert_true(f->id.mtime_ns == 1700000000123456789);
	f = pagecache_file(pc, "zh/gpus/rtx-4090/index.html");
	assert_ptr_equal(f, &pc->files[1]);
	assert_true(f->id.ino == UINT64_MAX && f->id.size == 0 && f->id.mtime_ns == -1);
	assert_null(pagecache_file(pc, "zh/index.html"));
	assert_int_equal(pc->npages, 3);
	assert_page(pc, 0, "en/index.html", 1, 2, "plain record", 12);
	assert_page(pc, 1, "zh/index.html", 3, UINT64_MAX, kept_nul, sizeof kept_nul);
	assert_page(pc, 2, "en/about/index.html", 0, 0, "", 0);
	assert_null(pagecache_page(pc, "zh/gpus/rtx-4090/index.html"));
}

static void assert_empty(const struct pagecache *pc)
{
	assert_int_equal(pc->nfiles, 0);
	assert_int_equal(pc->npages, 0);
	assert_null(pc->files);
	assert_null(pc->pages);
	assert_null(pagecache_file(pc, "en/index.html"));
	assert_null(pagecache_page(pc, "en/index.html"));
	assert_false(pc->clean);
	assert_digest(pc->tool, 0, 0);
}

static void test_a_written_cache_loads_back_as_it_was(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc, back;
	fill(&pc);
	assert_filled(&pc);
	assert_int_equal(pagecache_write(&pc, t->cache), 0);
	pagecache_init(&back);
	assert_int_equal(pagecache_load(&back, t->cache), 0);
	assert_filled(&back);
	/* the ids that matter compare as one version of the file */
	for (size_t i = 0; i < pc.nfiles; i++)
		assert_true(fs_file_id_same(&pc.files[i].id, &back.files[i].id));
	pagecache_free(&back);

	/* the other flags, and an empty cache */
	pagecache_free(&pc);
	pc.clean = false;
	pc.placeholder_url = true;
	assert_int_equal(pagecache_write(&pc, t->cache), 0);
	assert_int_equal(pagecache_load(&back, t->cache), 0);
	assert_false(back.clean);
	assert_true(back.placeholder_url);
	assert_int_equal(back.nfiles, 0);
	assert_int_equal(back.npages, 0);
	pagecache_free(&back);
	pagecache_free(&pc);
	/* nothing but the cache is left in its folder (no temporary file) */
	char **names = fs_list_dir(t->dir, NULL);
	assert_non_null(names);
	assert_string_equal(names[0], "cache");
	assert_null(names[1]);
	fs_free_list(names);
}

/* The cache's bytes, as pagecache_write wrote them. */
static void written(struct tmp *t, struct buf *out)
{
	struct pagecache pc;
	fill(&pc);
	assert_int_equal(pagecache_write(&pc, t->cache), 0);
	pagecache_free(&pc);
	assert_int_equal(fs_read_file(t->cache, out), 0);
}

/* Load `len` bytes as a cache: must fail and leave it empty. */
static void assert_refused(struct tmp *t, const void *data, size_t len)
{
	assert_int_equal(fs_write_file(t->cache, data, len), 0);
	struct pagecache pc;
	pagecache_init(&pc);
	assert_int_equal(pagecache_load(&pc, t->cache), -1);
	assert_empty(&pc);
	pagecache_free(&pc);
}

static void test_a_cache_cut_short_is_not_loaded(void **state)
{
	struct tmp *t = *state;
	struct buf b = BUF_INIT;
	written(t, &b);
	assert_true(b.len > 100);
	for (size_t len = 0; len < b.len; len++)
		assert_refused(t, b.ptr, len);
	/* and one byte more is no cache either */
	buf_addc(&b, '\n');
	assert_refused(t, b.ptr, b.len);
	buf_release(&b);
}

static void test_a_cache_with_any_byte_changed_is_not_loaded(void **state)
{
	struct tmp *t = *state;
	struct buf b = BUF_INIT;
	written(t, &b);
	for (size_t i = 0; i < b.len; i++) {
		b.ptr[i] ^= 0x20;
		assert_refused(t, b.ptr, b.len);
		b.ptr[i] ^= 0x20;
	}
	/* the bytes put back load */
	assert_int_equal(fs_write_file(t->cache, b.ptr, b.len), 0);
	struct pagecache pc;
	pagecache_init(&pc);
	assert_int_equal(pagecache_load(&pc, t->cache), 0);
	assert_filled(&pc);
	pagecache_free(&pc);
	buf_release(&b);
}

/* Replace the closing digest of `b` with that of the bytes before it, as a
 * writer of a damaged record would have: the records themselves are then
 * what the load must refuse. */
static void reseal(struct buf *b)
{
	buf_truncate(b, b->len - 16);
	struct digest d;
	digest_init(&d);
	digest_add(&d, b->ptr, b->len);
	struct digest_value v = digest_end(&d);
	buf_add_u64(b, v.hi);
	buf_add_u64(b, v.lo);
}

static void test_a_sealed_cache_of_another_format_is_not_loaded(void **state)
{
	struct tmp *t = *state;
	struct buf b = BUF_INIT;
	written(t, &b);
	/* resealing alone keeps it a cache */
	reseal(&b);
	assert_int_equal(fs_write_file(t->cache, b.ptr, b.len), 0);
	struct pagecache pc;
	pagecache_init(&pc);
	assert_int_equal(pagecache_load(&pc, t->cache), 0);
	assert_int_equal(pc.npages, 3);
	pagecache_free(&pc);
	/* another magic (a later version of the format) */
	assert_memory_equal(b.ptr, "ggcache2", 8);
	b.ptr[7] = '3';
	reseal(&b);
	assert_refused(t, b.ptr, b.len);
	b.ptr[7] = '2';
	/* a byte more after the records */
	struct buf c = BUF_INIT;
	buf_add(&c, b.ptr, b.len - 16);
	buf_addc(&c, 0);
	buf_add_u64(&c, 0);
	buf_add_u64(&c, 0);
	reseal(&c);
	assert_refused(t, c.ptr, c.len);
	/* the last record a byte short */
	buf_reset(&c);
	buf_add(&c, b.ptr, b.len - 17);
	buf_add_u64(&c, 0);
	buf_add_u64(&c, 0);
	reseal(&c);
	assert_refused(t, c.ptr, c.len);
	buf_release(&c);
	buf_release(&b);
}

static void test_a_missing_or_empty_cache_is_not_loaded(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	pagecache_init(&pc);
	assert_int_equal(pagecache_load(&pc, t->cache), -1);
	assert_empty(&pc);
	assert_refused(t, "", 0);
	assert_refused(t, "ggcache2", 8);
	/* a folder in its place */
	assert_int_equal(unlink(t->cache), 0);
	assert_int_equal(mkdir(t->cache, 0700), 0);
	assert_int_equal(pagecache_load(&pc, t->cache), -1);
	assert_empty(&pc);
	pagecache_free(&pc);
}

static void test_a_cache_that_cannot_be_written_leaves_nothing(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	fill(&pc);
	/* the cache's path is a folder: the rename fails */
	assert_int_equal(mkdir(t->cache, 0700), 0);
	errno = 0;
	assert_int_equal(pagecache_write(&pc, t->cache), -1);
	assert_int_not_equal(errno, 0);
	pagecache_free(&pc);
	char **names = fs_list_dir(t->dir, NULL);
	assert_non_null(names);
	assert_string_equal(names[0], "cache");
	assert_null(names[1]);
	fs_free_list(names);
	assert_true(fs_is_dir(t->cache));
}

/* ---- records ---- */

static void test_a_second_record_of_a_path_replaces_the_first(void **state)
{
	(void)state;
	struct pagecache pc;
	pagecache_init(&pc);
	char rel[] = "en/index.html"; /* copied: the caller's buffer may change */
	pagecache_add_page(&pc, rel, (struct digest_value){ 1, 1 }, "first record", 12);
	pagecache_add_page(&pc, "zh/index.html", (struct digest_value){ 5, 5 }, "zh", 2);
	pagecache_add_page(&pc, rel, (struct digest_value){ 2, 3 }, "2nd", 3);
	rel[0] = 'x';
	assert_int_equal(pc.npages, 2);
	assert_page(&pc, 0, "en/index.html", 2, 3, "2nd", 3);
	assert_page(&pc, 1, "zh/index.html", 5, 5, "zh", 2);
	assert_null(pagecache_page(&pc, rel));

	struct fs_file_id a = { 1, 2, 3, 4 }, b = { 5, 6, 7, 8 };
	pagecache_add_file(&pc, "en/index.html", &a);
	pagecache_add_file(&pc, "en/index.html", &b);
	assert_int_equal(pc.nfiles, 1);
	const struct pagecache_file *f = pagecache_file(&pc, "en/index.html");
	assert_non_null(f);
	assert_true(f->id.ino == 5 && f->id.size == 6 && f->id.mtime_ns == 7 &&
		    f->id.ctime_ns == 8);
	pagecache_free(&pc);
	assert_empty(&pc); /* and reusable */
	pagecache_add_page(&pc, "a", (struct digest_value){ 0, 0 }, "", 0);
	assert_int_equal(pc.npages, 1);
	pagecache_free(&pc);
}

/* ---- the published tree ---- */

/* dir/site with three files in two folders, recorded in `pc`. */
static void publish(struct tmp *t, struct pagecache *pc)
{
	assert_int_equal(fs_write_file(in_site(t, "index.html"), "<p>home</p>", 11), 0);
	assert_int_equal(fs_write_file(in_site(t, "en/gpus/index.html"), "gpus", 4), 0);
	assert_int_equal(fs_write_file(in_site(t, "en/style.css"), "", 0), 0);
	pagecache_init(pc);
	assert_int_equal(pagecache_add_tree(pc, t->site), 0);
	assert_int_equal(pc->nfiles, 3);
	assert_non_null(pagecache_file(pc, "index.html"));
	assert_non_null(pagecache_file(pc, "en/gpus/index.html"));
	assert_non_null(pagecache_file(pc, "en/style.css"));
	assert_true(pagecache_tree_intact(pc, t->site));
}

static void test_an_untouched_tree_is_intact(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	publish(t, &pc);
	/* read, listed, its metadata changed (a link moves the change time
	 * only): still the published files */
	struct buf b = BUF_INIT;
	assert_int_equal(fs_read_file(in_site(t, "index.html"), &b), 0);
	buf_release(&b);
	assert_int_equal(chmod(in_site(t, "index.html"), 0600), 0);
	assert_true(pagecache_tree_intact(&pc, t->site));
	/* and through a cache written and loaded again */
	assert_int_equal(pagecache_write(&pc, t->cache), 0);
	struct pagecache back;
	pagecache_init(&back);
	assert_int_equal(pagecache_load(&back, t->cache), 0);
	assert_true(pagecache_tree_intact(&back, t->site));
	pagecache_free(&back);
	pagecache_free(&pc);
}

static void test_a_file_rewritten_with_another_size_breaks_the_tree(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	publish(t, &pc);
	assert_int_equal(fs_write_file(in_site(t, "en/gpus/index.html"), "GPUs!", 5), 0);
	assert_false(pagecache_tree_intact(&pc, t->site));
	pagecache_free(&pc);
}

static void test_a_removed_file_breaks_the_tree(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	publish(t, &pc);
	assert_int_equal(unlink(in_site(t, "en/style.css")), 0);
	assert_false(pagecache_tree_intact(&pc, t->site));
	pagecache_free(&pc);
}

static void test_an_added_file_breaks_the_tree(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	publish(t, &pc);
	assert_int_equal(fs_write_file(in_site(t, "en/new/index.html"), "new", 3), 0);
	assert_false(pagecache_tree_intact(&pc, t->site));
	pagecache_free(&pc);
}

static void test_a_file_moved_breaks_the_tree(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	publish(t, &pc);
	/* as many files, each with its id, one under another name */
	char to[256];
	snprintf(to, sizeof to, "%s", in_site(t, "en/style2.css"));
	assert_int_equal(rename(in_site(t, "en/style.css"), to), 0);
	assert_false(pagecache_tree_intact(&pc, t->site));
	pagecache_free(&pc);
}

static void stat_of(const char *path, struct stat *st)
{
	assert_int_equal(lstat(path, st), 0);
}

static void test_a_file_replaced_by_one_of_its_size_breaks_the_tree(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	publish(t, &pc);
	/* a new file (a new inode) renamed over it, with its size and its
	 * modification time: only the inode tells */
	struct stat old, now;
	stat_of(in_site(t, "index.html"), &old);
	char tmp[256];
	snprintf(tmp, sizeof tmp, "%s", in_site(t, "new.tmp"));
	assert_int_equal(fs_write_file(tmp, "<p>HOME</p>", 11), 0);
	struct timespec times[2] = { old.st_atim, old.st_mtim };
	assert_int_equal(utimensat(AT_FDCWD, tmp, times, 0), 0);
	assert_int_equal(rename(tmp, in_site(t, "index.html")), 0);
	stat_of(in_site(t, "index.html"), &now);
	assert_true(now.st_ino != old.st_ino);
	assert_int_equal(now.st_size, old.st_size);
	assert_true(now.st_mtim.tv_sec == old.st_mtim.tv_sec &&
		    now.st_mtim.tv_nsec == old.st_mtim.tv_nsec);
	assert_false(pagecache_tree_intact(&pc, t->site));
	pagecache_free(&pc);
}

static void test_a_file_rewritten_in_place_with_its_size_breaks_the_tree(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	publish(t, &pc);
	/* the same inode and size, another modification time */
	struct stat old, now;
	stat_of(in_site(t, "index.html"), &old);
	assert_int_equal(fs_write_file(in_site(t, "index.html"), "<p>HOME</p>", 11), 0);
	struct timespec times[2] = { old.st_atim, old.st_mtim };
	times[1].tv_sec += 1;
	assert_int_equal(utimensat(AT_FDCWD, in_site(t, "index.html"), times, 0), 0);
	stat_of(in_site(t, "index.html"), &now);
	assert_true(now.st_ino == old.st_ino);
	assert_int_equal(now.st_size, old.st_size);
	assert_false(pagecache_tree_intact(&pc, t->site));
	pagecache_free(&pc);
}

static void test_a_tree_holding_a_link_is_not_intact(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	publish(t, &pc);
	assert_int_equal(symlink("index.html", in_site(t, "en/link.html")), 0);
	assert_false(pagecache_tree_intact(&pc, t->site));
	/* nor recorded */
	struct pagecache other;
	pagecache_init(&other);
	assert_int_equal(pagecache_add_tree(&other, t->site), -1);
	pagecache_free(&other);
	pagecache_free(&pc);
}

static void test_a_missing_tree_is_not_intact(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	pagecache_init(&pc);
	/* not even when nothing was recorded */
	assert_false(pagecache_tree_intact(&pc, t->site));
	assert_int_equal(pagecache_add_tree(&pc, t->site), -1);
	assert_int_equal(pc.nfiles, 0);
	/* an empty folder is what an empty record describes */
	assert_int_equal(mkdir(t->site, 0700), 0);
	assert_true(pagecache_tree_intact(&pc, t->site));
	pagecache_free(&pc);
}

#define TMP_TEST(f) cmocka_unit_test_setup_teardown(f, tmp_setup, tmp_teardown)

static void test_memos_are_kept_by_key_and_read_back(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	pagecache_init(&pc);
	struct digest_value k1 = { 1, 2 }, k2 = { 3, 4 }, k3 = { 1, 3 };
	pagecache_add_memo(&pc, k1, "first\0record", 12);
	pagecache_add_memo(&pc, k2, "", 0);
	pagecache_add_memo(&pc, k1, "second", 6); /* a key keeps its first record */
	assert_int_equal(pc.nmemos, 2);
	assert_int_equal(pagecache_write(&pc, t->cache), 0);
	pagecache_free(&pc);
	pagecache_init(&pc);
	assert_int_equal(pagecache_load(&pc, t->cache), 0);
	size_t len = 99;
	const char *rec = pagecache_memo(&pc, k1, &len);
	assert_non_null(rec);
	assert_int_equal(len, 12);
	assert_memory_equal(rec, "first\0record", 12);
	assert_non_null(pagecache_memo(&pc, k2, &len));
	assert_int_equal(len, 0);
	assert_null(pagecache_memo(&pc, k3, &len));
	pagecache_free(&pc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_the_cache_is_beside_the_output_folder),
		TMP_TEST(test_a_written_cache_loads_back_as_it_was),
		TMP_TEST(test_a_cache_cut_short_is_not_loaded),
		TMP_TEST(test_a_cache_with_any_byte_changed_is_not_loaded),
		TMP_TEST(test_a_sealed_cache_of_another_format_is_not_loaded),
		TMP_TEST(test_a_missing_or_empty_cache_is_not_loaded),
		TMP_TEST(test_a_cache_that_cannot_be_written_leaves_nothing),
		cmocka_unit_test(test_a_second_record_of_a_path_replaces_the_first),
		TMP_TEST(test_memos_are_kept_by_key_and_read_back),
		TMP_TEST(test_an_untouched_tree_is_intact),
		TMP_TEST(test_a_file_rewritten_with_another_size_breaks_the_tree),
		TMP_TEST(test_a_removed_file_breaks_the_tree),
		TMP_TEST(test_an_added_file_breaks_the_tree),
		TMP_TEST(test_a_file_moved_breaks_the_tree),
		TMP_TEST(test_a_file_replaced_by_one_of_its_size_breaks_the_tree),
		TMP_TEST(test_a_file_rewritten_in_place_with_its_size_breaks_the_tree),
		TMP_TEST(test_a_tree_holding_a_link_is_not_intact),
		TMP_TEST(test_a_missing_tree_is_not_intact),
	};
	return cmocka_run_group_tests_name("pagecache", tests, NULL, NULL);
}
