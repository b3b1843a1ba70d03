/* Tests for pagecache: where the cache lives; that a cache started,
 * filled and finished loads back as it was, every record read back from
 * the file byte for byte; that a cache cut short, damaged in its magic,
 * index or trailer, of another format, or whose index points outside its
 * records is never loaded (and leaves nothing behind in memory), while a
 * damaged record is refused alone; that a cache which cannot be written,
 * whose writing fails half way or which is never finished leaves no file
 * behind; that the next cache is
 * appended to the last (a kept record left where it lies), cut back when
 * its build fails or was killed, and written anew when the file is mostly
 * records no longer listed; that pages may be added from
 * several threads; and that the published tree is found changed by any
 * edit that changes a file's id. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/buf.h"
#include "base/digest.h"
#include "base/fs.h"
#include "publish/pagecache.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
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

/* pagecache_load, without the reason for a refusal. */
static int load_cache(struct pagecache *pc, const char *path)
{
	const char *why;
	return pagecache_load(pc, path, &why);
}

/* t->site/rel, in a static buffer (one at a time). */
static const char *in_site(const struct tmp *t, const char *rel)
{
	static char path[256];
	snprintf(path, sizeof path, "%s/%s", t->site, rel);
	return path;
}

/* The names in t->dir, joined by spaces ("" when none). */
static void assert_dir_holds(const struct tmp *t, const char *want)
{
	char **names = fs_list_dir(t->dir, NULL);
	assert_non_null(names);
	struct buf b = BUF_INIT;
	for (size_t i = 0; names[i]; i++) {
		if (i)
			buf_addc(&b, ' ');
		buf_adds(&b, names[i]);
	}
	fs_free_list(names);
	assert_string_equal(b.len ? b.ptr : "", want);
	buf_release(&b);
}

static void assert_path(const char *out, const char *want)
{
	char *p = pagecache_path(out);
	assert_string_equal(p, want);
	free(p);
}

/* Whether the site is intact, asked with one thread and with three (a
 * walk of its folders on threads): the answers agree. */
static bool tree_intact(const struct pagecache *pc, const char *site)
{
	bool alone = pagecache_tree_intact(pc, site, 1);
	assert_int_equal(pagecache_tree_intact(pc, site, 3), alone);
	return alone;
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
static const char memo_nul[] = "first\0record";     /* 12 bytes without it */
static const struct digest_value key1 = { 1, 2 }, key2 = { 3, 4 }, key3 = { 1, 3 };

/* A cache of two files, three pages (one record holding NUL bytes, one
 * empty) and two memos (one empty), started at `path` unless NULL. */
static void fill(struct pagecache *pc, const char *path)
{
	pagecache_init(pc);
	if (path)
		assert_int_equal(pagecache_start(pc, path), 0);
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
	pagecache_add_memo(pc, key1, memo_nul, sizeof memo_nul - 1);
	pagecache_add_memo(pc, key2, "", 0);
	pagecache_add_memo(pc, key1, "second", 6); /* a key keeps its first record */
}

static void assert_digest(struct digest_value v, uint64_t hi, uint64_t lo)
{
	assert_true(v.hi == hi);
	assert_true(v.lo == lo);
}

/* The record read back is `want` (appended to what `out` held), or, with
 * `want` NULL, it is refused and `out` is left as it was. */
static void assert_read(int rc, const struct buf *out, const char *want, size_t len)
{
	if (!want) {
		assert_int_equal(rc, -1);
		assert_int_equal(out->len, 3);
		assert_memory_equal(out->ptr, "pre", 4);
		return;
	}
	assert_int_equal(rc, 0);
	assert_int_equal(out->len, 3 + len);
	assert_memory_equal(out->ptr, "pre", 3);
	assert_memory_equal(out->ptr + 3, want, len);
	assert_int_equal(out->ptr[out->len], '\0');
}

static void assert_rec(const struct pagecache *pc, const struct pagecache_rec *rec,
		       const char *want, size_t len)
{
	struct buf b = BUF_INIT;
	buf_adds(&b, "pre");
	assert_read(pagecache_read(pc, rec, &b), &b, want, len);
	buf_release(&b);
}

static void assert_memo(const struct pagecache *pc, struct digest_value key,
			const char *want, size_t len)
{
	struct buf b = BUF_INIT;
	buf_adds(&b, "pre");
	assert_read(pagecache_memo(pc, key, &b), &b, want, len);
	buf_release(&b);
}

/* Page `i` is `rel` with those inputs; its record reads back as `rec`
 * (NULL: is refused). */
static void assert_page(const struct pagecache *pc, size_t i, const char *rel,
			uint64_t hi, uint64_t lo, const char *rec, size_t len)
{
	const struct pagecache_page *pg = pagecache_page(pc, rel);
	assert_ptr_equal(pg, &pc->pages[i]);
	assert_string_equal(pg->rel, rel);
	assert_digest(pg->inputs, hi, lo);
	assert_rec(pc, &pg->rec, rec, len);
}

static void assert_index(const struct pagecache *pc)
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
	assert_null(pagecache_page(pc, "zh/gpus/rtx-4090/index.html"));
	assert_int_equal(pc->memos.n, 2);
}

/* The whole of fill's cache, every record read back from its file. */
static void assert_filled(const struct pagecache *pc)
{
	assert_index(pc);
	assert_page(pc, 0, "en/index.html", 1, 2, "plain record", 12);
	assert_page(pc, 1, "zh/index.html", 3, UINT64_MAX, kept_nul, sizeof kept_nul);
	assert_page(pc, 2, "en/about/index.html", 0, 0, "", 0);
	assert_memo(pc, key1, memo_nul, sizeof memo_nul - 1);
	assert_memo(pc, key2, "", 0);
	assert_memo(pc, key3, NULL, 0);
}

static void assert_empty(const struct pagecache *pc)
{
	assert_int_equal(pc->nfiles, 0);
	assert_int_equal(pc->npages, 0);
	assert_int_equal(pc->memos.n, 0);
	assert_null(pc->files);
	assert_null(pc->pages);
	assert_null(pc->memos.at);
	assert_null(pagecache_file(pc, "en/index.html"));
	assert_null(pagecache_page(pc, "en/index.html"));
	assert_memo(pc, key1, NULL, 0);
	assert_false(pc->clean);
	assert_digest(pc->tool, 0, 0);
	assert_int_equal(pc->fd, -1);
}

/* The build's warnings are kept as printed, with their count, and read
 * back from the loaded cache; a cache without them has none to give. */
static void test_the_warnings_are_kept_and_read_back(void **state)
{
	struct tmp *t = *state;
	static const char said[] =
		"content/en/a.md:3:5: warning: link target \"javascript:x\" is not allowed\n"
		"gen: ... and 7 more like the last of the 100 shown\n";
	struct pagecache pc, back;
	pagecache_init(&pc);
	assert_int_equal(pagecache_start(&pc, t->cache), 0);
	pagecache_keep_warnings(&pc, 108, said, sizeof said - 1);
	assert_int_equal(pagecache_finish(&pc), 0);
	pagecache_free(&pc);
	pagecache_init(&back);
	assert_int_equal(load_cache(&back, t->cache), 0);
	struct buf b = BUF_INIT;
	int n = 0;
	assert_int_equal(pagecache_warnings(&back, &n, &b), 0);
	assert_int_equal(n, 108);
	assert_string_equal(b.ptr, said);
	pagecache_free(&back);
	buf_reset(&b);
	/* none kept: none read */
	pagecache_init(&pc);
	assert_int_equal(pagecache_start(&pc, t->cache), 0);
	assert_int_equal(pagecache_finish(&pc), 0);
	pagecache_free(&pc);
	pagecache_init(&back);
	assert_int_equal(load_cache(&back, t->cache), 0);
	assert_int_equal(pagecache_warnings(&back, &n, &b), -1);
	assert_int_equal(b.len, 0);
	pagecache_free(&back);
	buf_release(&b);
}

static void test_a_finished_cache_loads_back_as_it_was(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc, back;
	fill(&pc, t->cache);
	assert_index(&pc);
	assert_int_equal(pagecache_finish(&pc), 0);
	assert_dir_holds(t, "cache"); /* no temporary file */
	pagecache_init(&back);
	assert_int_equal(load_cache(&back, t->cache), 0);
	assert_false(back.memos.indexed); /* read in order until a build goes on */
	assert_filled(&back);
	pagecache_index_memos(&back); /* and found by their table then */
	assert_true(back.memos.indexed);
	assert_filled(&back);
	/* the ids that matter compare as one version of the file */
	for (size_t i = 0; i < pc.nfiles; i++)
		assert_true(fs_file_id_same(&pc.files[i].id, &back.files[i].id));
	pagecache_free(&back);
	pagecache_free(&pc);
	assert_dir_holds(t, "cache");

	/* the other flags, and an empty cache (renamed over the first) */
	pagecache_init(&pc);
	assert_int_equal(pagecache_start(&pc, t->cache), 0);
	pc.clean = false;
	pc.placeholder_url = true;
	assert_int_equal(pagecache_finish(&pc), 0);
	pagecache_free(&pc);
	pagecache_init(&back);
	assert_int_equal(load_cache(&back, t->cache), 0);
	assert_false(back.clean);
	assert_true(back.placeholder_url);
	assert_int_equal(back.nfiles, 0);
	assert_int_equal(back.npages, 0);
	assert_int_equal(back.memos.n, 0);
	assert_memo(&back, key1, NULL, 0);
	pagecache_free(&back);
	assert_dir_holds(t, "cache");
}

/* The cache's bytes, as fill's cache was finished. */
static void written(struct tmp *t, struct buf *out)
{
	struct pagecache pc;
	fill(&pc, t->cache);
	assert_int_equal(pagecache_finish(&pc), 0);
	pagecache_free(&pc);
	assert_int_equal(fs_read_file(t->cache, out), 0);
}

/* Load `len` bytes as a cache: must fail and leave it empty. */
static void assert_refused(struct tmp *t, const void *data, size_t len)
{
	assert_int_equal(fs_write_file(t->cache, data, len), 0);
	struct pagecache pc;
	pagecache_init(&pc);
	assert_int_equal(load_cache(&pc, t->cache), -1);
	assert_empty(&pc);
	pagecache_free(&pc);
}

/* The file's header (the magic and the secret) and trailer (the index's
 * offset, the three counts and the index's seal). */
#define HEADER 40
#define TRAILER 48

/* A little-endian u64 of the file. */
static uint64_t u64_at(const struct buf *b, size_t at)
{
	uint64_t v = 0;
	for (size_t i = 8; i-- > 0;)
		v = v << 8 | (unsigned char)b->ptr[at + i];
	return v;
}

static void put_u64(struct buf *b, size_t at, uint64_t v)
{
	for (size_t i = 0; i < 8; i++, v >>= 8)
		b->ptr[at + i] = (char)(v & 0xff);
}

/* Where the index begins (the trailer's first number). */
static size_t index_at(const struct buf *b)
{
	return (size_t)u64_at(b, b->len - TRAILER);
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

/* How many of the loaded cache's records hold byte `i` of the file. */
static size_t records_holding(const struct pagecache *pc, size_t i)
{
	size_t n = 0;
	for (size_t k = 0; k < pc->npages; k++)
		n += i >= pc->pages[k].rec.at &&
		     i - pc->pages[k].rec.at < pc->pages[k].rec.len;
	for (size_t k = 0; k < pc->memos.n; k++)
		n += i >= pc->memos.at[k].rec.at &&
		     i - pc->memos.at[k].rec.at < pc->memos.at[k].rec.len;
	return n;
}

/* The bytes with byte `i` of a record changed: the cache loads, with that
 * record refused and every other read back. */
static void assert_record_refused(struct tmp *t, const struct buf *b, size_t i)
{
	assert_int_equal(fs_write_file(t->cache, b->ptr, b->len), 0);
	struct pagecache pc;
	pagecache_init(&pc);
	assert_int_equal(load_cache(&pc, t->cache), 0);
	assert_index(&pc);
	assert_int_equal(records_holding(&pc, i), 1); /* records fill their part */
	static const struct { const char *rel, *rec; size_t len; } pages[] = {
		{ "en/index.html", "plain record", 12 },
		{ "zh/index.html", kept_nul, sizeof kept_nul },
		{ "en/about/index.html", "", 0 },
	};
	for (size_t k = 0; k < 3; k++) {
		const struct pagecache_rec *r = &pagecache_page(&pc, pages[k].rel)->rec;
		bool hit = i >= r->at && i - r->at < r->len;
		assert_rec(&pc, r, hit ? NULL : pages[k].rec, pages[k].len);
	}
	const struct pagecache_rec *m = &pc.memos.at[0].rec; /* key1's */
	bool hit = i >= m->at && i - m->at < m->len;
	assert_memo(&pc, key1, hit ? NULL : memo_nul, sizeof memo_nul - 1);
	assert_memo(&pc, key2, "", 0);
	pagecache_free(&pc);
}

static void test_a_cache_with_a_byte_changed_is_refused_where_it_changed(void **state)
{
	struct tmp *t = *state;
	struct buf b = BUF_INIT;
	written(t, &b);
	size_t idx = index_at(&b);
	/* the records: 12 + 15 + 0 + 12 + 0 bytes after the magic and secret */
	assert_int_equal(idx, HEADER + 12 + 15 + 12);
	for (size_t i = 0; i < b.len; i++) {
		b.ptr[i] ^= 0x20;
		/* the magic, the secret (the index's key), the index, the trailer */
		if (i < HEADER || i >= idx)
			assert_refused(t, b.ptr, b.len);
		else
			assert_record_refused(t, &b, i);
		b.ptr[i] ^= 0x20;
	}
	/* the bytes put back load */
	assert_int_equal(fs_write_file(t->cache, b.ptr, b.len), 0);
	struct pagecache pc;
	pagecache_init(&pc);
	assert_int_equal(load_cache(&pc, t->cache), 0);
	assert_filled(&pc);
	pagecache_free(&pc);
	buf_release(&b);
}

/* Seal the index of `b` again (a correct trailer over the index as it now
 * is, from the trailer's offset to the trailer), as a writer of a bad
 * index would have: the index itself is then what the load must refuse. */
static void reseal(struct buf *b)
{
	size_t idx = index_at(b);
	/* the index's check, digested under the secret (pagecache.c's
	 * index_seal) */
	struct digest_value c = digest_check(b->ptr + idx, b->len - TRAILER - idx);
	struct buf w = BUF_INIT;
	buf_add_u64(&w, c.hi);
	buf_add_u64(&w, c.lo);
	struct digest_value v = digest_bytes_keyed((const unsigned char *)b->ptr + 8, w.ptr, w.len);
	buf_release(&w);
	put_u64(b, b->len - 16, v.hi);
	put_u64(b, b->len - 8, v.lo);
}

/* Where the index holds the record at `at` of `len` bytes (its offset). */
static size_t rec_in_index(const struct buf *b, uint64_t at, uint64_t len)
{
	size_t found = 0, n = 0;
	for (size_t i = index_at(b); i + 16 <= b->len - TRAILER; i++)
		if (u64_at(b, i) == at && u64_at(b, i + 8) == len) {
			found = i;
			n++;
		}
	assert_int_equal(n, 1);
	return found;
}

/* `b` with the record at `pos` of the index moved to `at` and `len`,
 * resealed: loaded (true) or refused (false, and then left empty). */
static bool loads_pointing(struct tmp *t, const struct buf *b, size_t pos,
			   uint64_t at, uint64_t len)
{
	struct buf c = BUF_INIT;
	buf_add(&c, b->ptr, b->len);
	put_u64(&c, pos, at);
	put_u64(&c, pos + 8, len);
	reseal(&c);
	assert_int_equal(fs_write_file(t->cache, c.ptr, c.len), 0);
	buf_release(&c);
	struct pagecache pc;
	pagecache_init(&pc);
	int rc = load_cache(&pc, t->cache);
	if (rc == 0) {
		assert_index(&pc);
	} else {
		assert_int_equal(rc, -1);
		assert_empty(&pc);
	}
	pagecache_free(&pc);
	return rc == 0;
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
	assert_int_equal(load_cache(&pc, t->cache), 0);
	assert_filled(&pc);
	pagecache_free(&pc);
	/* another magic: the version before, a later one */
	assert_memory_equal(b.ptr, "ggcacheE", 8);
	b.ptr[7] = 'D';
	reseal(&b);
	assert_refused(t, b.ptr, b.len);
	b.ptr[7] = 'F';
	reseal(&b);
	assert_refused(t, b.ptr, b.len);
	b.ptr[7] = 'E';
	/* an index a byte longer or shorter than its entries, sealed */
	size_t idx = index_at(&b);
	struct buf c = BUF_INIT;
	buf_add(&c, b.ptr, b.len - TRAILER);
	buf_addc(&c, 0);
	buf_add(&c, b.ptr + b.len - TRAILER, TRAILER);
	reseal(&c);
	assert_refused(t, c.ptr, c.len);
	buf_reset(&c);
	buf_add(&c, b.ptr, b.len - TRAILER - 1);
	buf_add(&c, b.ptr + b.len - TRAILER, TRAILER);
	reseal(&c);
	assert_refused(t, c.ptr, c.len);
	/* a trailer pointing before the magic's end or into itself */
	buf_reset(&c);
	buf_add(&c, b.ptr, b.len);
	put_u64(&c, c.len - TRAILER, HEADER - 1);
	assert_refused(t, c.ptr, c.len);
	put_u64(&c, c.len - TRAILER, c.len - TRAILER + 1);
	assert_refused(t, c.ptr, c.len);
	buf_release(&c);

	/* a record pointed outside the records: refused, where inside (if
	 * not its bytes) loaded */
	size_t page = rec_in_index(&b, HEADER, 12); /* "plain record" */
	assert_true(loads_pointing(t, &b, page, HEADER, 12));
	assert_true(loads_pointing(t, &b, page, idx - 12, 12));
	assert_true(loads_pointing(t, &b, page, idx, 0));
	assert_false(loads_pointing(t, &b, page, 0, 12));
	assert_false(loads_pointing(t, &b, page, HEADER - 1, 12));
	assert_false(loads_pointing(t, &b, page, idx - 11, 12));
	assert_false(loads_pointing(t, &b, page, idx, 12));
	assert_false(loads_pointing(t, &b, page, idx + 1, 0));
	assert_false(loads_pointing(t, &b, page, idx + 1, 12));
	assert_false(loads_pointing(t, &b, page, b.len, 1));
	assert_false(loads_pointing(t, &b, page, UINT64_MAX - 3, 12));
	assert_false(loads_pointing(t, &b, page, HEADER, idx - HEADER + 1));
	assert_false(loads_pointing(t, &b, page, HEADER, UINT64_MAX));
	size_t memo = rec_in_index(&b, HEADER + 12 + 15, 12); /* key1's */
	assert_true(loads_pointing(t, &b, memo, HEADER, 12));
	assert_false(loads_pointing(t, &b, memo, HEADER - 1, 12));
	assert_false(loads_pointing(t, &b, memo, idx + 1, 0));
	assert_false(loads_pointing(t, &b, memo, idx - 11, 12));
	/* the one inside but not on its bytes is refused when read */
	struct buf d = BUF_INIT;
	buf_add(&d, b.ptr, b.len);
	put_u64(&d, page, idx - 12);
	reseal(&d);
	assert_int_equal(fs_write_file(t->cache, d.ptr, d.len), 0);
	buf_release(&d);
	pagecache_init(&pc);
	assert_int_equal(load_cache(&pc, t->cache), 0);
	assert_page(&pc, 0, "en/index.html", 1, 2, NULL, 0);
	assert_page(&pc, 1, "zh/index.html", 3, UINT64_MAX, kept_nul, sizeof kept_nul);
	pagecache_free(&pc);
	buf_release(&b);
}

static void test_a_missing_or_empty_cache_is_not_loaded(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	pagecache_init(&pc);
	assert_int_equal(load_cache(&pc, t->cache), -1);
	assert_empty(&pc);
	assert_refused(t, "", 0);
	assert_refused(t, "ggcacheE", 8);
	/* a header and a trailer sealing an empty index: no tool, no cache */
	struct buf b = BUF_INIT;
	buf_add(&b, "ggcacheE", 8);
	for (int i = 0; i < 4; i++)
		buf_add_u64(&b, 0); /* the secret */
	buf_add_u64(&b, HEADER);
	for (int i = 0; i < 5; i++)
		buf_add_u64(&b, 0); /* the counts, the check */
	reseal(&b);
	assert_refused(t, b.ptr, b.len);
	buf_release(&b);
	/* a folder in its place */
	assert_int_equal(unlink(t->cache), 0);
	assert_int_equal(mkdir(t->cache, 0700), 0);
	assert_int_equal(load_cache(&pc, t->cache), -1);
	assert_empty(&pc);
	pagecache_free(&pc);
}

static void test_a_cache_that_cannot_be_written_leaves_nothing(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	/* its folder does not exist: not started, but pages are still kept */
	char path[160];
	snprintf(path, sizeof path, "%s/none/cache", t->dir);
	pagecache_init(&pc);
	errno = 0;
	assert_int_equal(pagecache_start(&pc, path), -1);
	assert_int_equal(errno, ENOENT);
	assert_false(appender_active(&pc.out));
	pagecache_add_page(&pc, "en/index.html", (struct digest_value){ 1, 2 }, "rec", 3);
	assert_int_equal(pc.npages, 1);
	assert_rec(&pc, &pc.pages[0].rec, NULL, 0); /* no file to read it from */
	errno = 0;
	assert_int_equal(pagecache_finish(&pc), -1);
	assert_int_not_equal(errno, 0);
	pagecache_free(&pc);
	assert_dir_holds(t, "");

	/* the cache's path is a folder: the rename fails */
	assert_int_equal(mkdir(t->cache, 0700), 0);
	fill(&pc, t->cache);
	errno = 0;
	assert_int_equal(pagecache_finish(&pc), -1);
	assert_int_not_equal(errno, 0);
	assert_dir_holds(t, "cache"); /* no temporary file */
	assert_true(fs_is_dir(t->cache));
	pagecache_free(&pc);
	assert_dir_holds(t, "cache");
	assert_true(fs_is_dir(t->cache));
}

/* fill()'s cache at t->cache, finished. */
static void fill_finished(struct tmp *t)
{
	struct pagecache pc;
	fill(&pc, t->cache);
	assert_int_equal(pagecache_finish(&pc), 0);
	pagecache_free(&pc);
}

/* The folder holds fill_finished's cache alone, as it was made. */
static void assert_filled_cache_stays(struct tmp *t)
{
	struct pagecache pc;
	assert_dir_holds(t, "cache");
	pagecache_init(&pc);
	assert_int_equal(load_cache(&pc, t->cache), 0);
	assert_filled(&pc);
	pagecache_free(&pc);
}

static void test_a_cache_never_finished_leaves_nothing(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	fill(&pc, t->cache);
	char tmp_name[64];
	snprintf(tmp_name, sizeof tmp_name, "cache.%ld", (long)getpid());
	assert_dir_holds(t, tmp_name); /* the records go to a file beside it */
	pagecache_free(&pc);
	assert_dir_holds(t, "");

	/* and a finished cache stays what it was */
	fill_finished(t);
	pagecache_init(&pc);
	assert_int_equal(pagecache_start(&pc, t->cache), 0);
	pagecache_add_page(&pc, "en/index.html", (struct digest_value){ 9, 9 }, "new", 3);
	pagecache_add_memo(&pc, key3, "new", 3);
	pagecache_free(&pc);
	assert_filled_cache_stays(t);
}

/* A write that fails half way (its file a descriptor that cannot be
 * written, as a full disk would make it): the records still indexed, the
 * cache not finished, nothing left behind, and the cache that was there
 * before stays. */
static void test_a_cache_whose_write_fails_leaves_nothing(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	fill_finished(t);
	pagecache_init(&pc);
	assert_int_equal(pagecache_start(&pc, t->cache), 0);
	int ro = open(t->cache, O_RDONLY | O_CLOEXEC);
	assert_true(ro >= 0);
	assert_true(dup2(ro, pc.out.fd) >= 0); /* writes to it now fail */
	close(ro);
	static char rec[40000];
	memset(rec, 'r', sizeof rec);
	for (int i = 0; i < 20; i++) { /* three chunks' worth */
		char name[32];
		snprintf(name, sizeof name, "en/p%d/index.html", i);
		pagecache_add_page(&pc, name, (struct digest_value){ 1, (uint64_t)i }, rec,
				   sizeof rec);
	}
	assert_int_equal(pc.npages, 20);
	assert_false(appender_active(&pc.out));
	errno = 0;
	assert_int_equal(pagecache_finish(&pc), -1);
	assert_int_not_equal(errno, 0);
	pagecache_free(&pc);
	assert_filled_cache_stays(t);
}

/* ---- records ---- */

static void test_a_second_record_of_a_path_replaces_the_first(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	pagecache_init(&pc);
	assert_int_equal(pagecache_start(&pc, t->cache), 0);
	char rel[] = "en/index.html"; /* copied: the caller's buffer may change */
	pagecache_add_page(&pc, rel, (struct digest_value){ 1, 1 }, "first record", 12);
	pagecache_add_page(&pc, "zh/index.html", (struct digest_value){ 5, 5 }, "zh", 2);
	pagecache_add_page(&pc, rel, (struct digest_value){ 2, 3 }, "2nd", 3);
	rel[0] = 'x';
	assert_int_equal(pc.npages, 2);
	assert_null(pagecache_page(&pc, rel));

	struct fs_file_id a = { 1, 2, 3, 4 }, b = { 5, 6, 7, 8 };
	pagecache_add_file(&pc, "en/index.html", &a);
	pagecache_add_file(&pc, "en/index.html", &b);
	assert_int_equal(pc.nfiles, 1);
	const struct pagecache_file *f = pagecache_file(&pc, "en/index.html");
	assert_non_null(f);
	assert_true(f->id.ino == 5 && f->id.size == 6 && f->id.mtime_ns == 7 &&
		    f->id.ctime_ns == 8);
	assert_int_equal(pagecache_finish(&pc), 0);
	pagecache_free(&pc);

	pagecache_init(&pc);
	assert_int_equal(load_cache(&pc, t->cache), 0);
	assert_int_equal(pc.npages, 2);
	assert_page(&pc, 0, "en/index.html", 2, 3, "2nd", 3);
	assert_page(&pc, 1, "zh/index.html", 5, 5, "zh", 2);
	assert_int_equal(pc.nfiles, 1);
	f = pagecache_file(&pc, "en/index.html");
	assert_non_null(f);
	assert_true(f->id.ino == 5 && f->id.size == 6 && f->id.mtime_ns == 7 &&
		    f->id.ctime_ns == 8);
	pagecache_free(&pc);
	assert_empty(&pc); /* and reusable */
}

/* A page and a memo kept from the last build's cache go into the next one
 * as they were: read back from it, byte for byte, under their inputs and
 * key; a key the old cache lacks carries nothing. */
static void test_kept_records_are_carried_into_the_next_cache(void **state)
{
	struct tmp *t = *state;
	struct pagecache old, next, back;
	fill(&old, t->cache);
	assert_int_equal(pagecache_finish(&old), 0);
	pagecache_free(&old);
	pagecache_init(&old);
	assert_int_equal(load_cache(&old, t->cache), 0);

	pagecache_init(&next);
	assert_int_equal(pagecache_start(&next, t->cache), 0);
	struct buf rec = BUF_INIT;
	const struct pagecache_page *pg = pagecache_page(&old, "zh/index.html");
	assert_non_null(pg);
	assert_int_equal(pagecache_read(&old, &pg->rec, &rec), 0);
	pagecache_carry_page(&next, "zh/index.html", pg, rec.ptr);
	buf_reset(&rec);
	assert_int_equal(pagecache_carry_memo(&next, &old, key1, &rec), 0);
	assert_int_equal(rec.len, sizeof memo_nul - 1);
	buf_reset(&rec);
	assert_int_equal(pagecache_carry_memo(&next, &old, key3, &rec), -1);
	assert_int_equal(rec.len, 0);
	assert_int_equal(pagecache_finish(&next), 0);
	pagecache_free(&next);
	pagecache_free(&old);

	pagecache_init(&back);
	assert_int_equal(load_cache(&back, t->cache), 0);
	assert_int_equal(back.npages, 1);
	pg = pagecache_page(&back, "zh/index.html");
	assert_non_null(pg);
	assert_digest(pg->inputs, 3, UINT64_MAX);
	buf_reset(&rec);
	assert_int_equal(pagecache_read(&back, &pg->rec, &rec), 0);
	assert_int_equal(rec.len, sizeof kept_nul);
	assert_memory_equal(rec.ptr, kept_nul, sizeof kept_nul);
	buf_reset(&rec);
	assert_int_equal(pagecache_memo(&back, key1, &rec), 0);
	assert_int_equal(rec.len, sizeof memo_nul - 1);
	assert_memory_equal(rec.ptr, memo_nul, sizeof memo_nul - 1);
	buf_reset(&rec);
	assert_int_equal(pagecache_memo(&back, key3, &rec), -1);
	buf_release(&rec);
	pagecache_free(&back);
}

static void test_a_cache_not_started_still_indexes_pages(void **state)
{
	(void)state;
	struct pagecache pc;
	fill(&pc, NULL);
	assert_index(&pc);
	assert_int_equal(pc.pages[0].rec.len, 12);
	assert_int_equal(pc.pages[1].rec.len, sizeof kept_nul);
	/* but there is no file to read its records from */
	assert_page(&pc, 0, "en/index.html", 1, 2, NULL, 0);
	assert_page(&pc, 2, "en/about/index.html", 0, 0, NULL, 0);
	assert_memo(&pc, key1, NULL, 0);
	pagecache_add_page(&pc, "en/index.html", (struct digest_value){ 7, 7 }, "2nd", 3);
	assert_int_equal(pc.npages, 3);
	assert_int_equal(pc.pages[0].rec.len, 3);
	assert_digest(pc.pages[0].inputs, 7, 7);
	errno = 0;
	assert_int_equal(pagecache_finish(&pc), -1);
	assert_int_equal(errno, EINVAL);
	pagecache_free(&pc);
	assert_empty(&pc);
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
	assert_true(tree_intact(pc, t->site));
}

static void test_an_untouched_tree_is_intact(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	publish(t, &pc);
	/* read and listed: still the published files */
	struct buf b = BUF_INIT;
	assert_int_equal(fs_read_file(in_site(t, "index.html"), &b), 0);
	buf_release(&b);
	assert_true(tree_intact(&pc, t->site));
	/* and through a cache written and loaded again */
	assert_int_equal(pagecache_start(&pc, t->cache), 0);
	assert_int_equal(pagecache_finish(&pc), 0);
	struct pagecache back;
	pagecache_init(&back);
	assert_int_equal(load_cache(&back, t->cache), 0);
	assert_true(tree_intact(&back, t->site));
	pagecache_free(&back);
	pagecache_free(&pc);
}

static void test_a_same_size_edit_with_its_mtime_put_back_breaks_the_tree(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	publish(t, &pc);
	const char *path = in_site(t, "en/gpus/index.html");
	struct stat before;
	assert_int_equal(stat(path, &before), 0);
	int fd = open(path, O_WRONLY);
	assert_true(fd >= 0);
	assert_int_equal(pwrite(fd, "GPUS", 4, 0), 4); /* same inode, same size */
	close(fd);
	struct timespec times[2] = { before.st_atim, before.st_mtim };
	assert_int_equal(utimensat(AT_FDCWD, path, times, 0), 0);
	struct stat after;
	assert_int_equal(stat(path, &after), 0);
	assert_true(after.st_mtim.tv_sec == before.st_mtim.tv_sec &&
		    after.st_mtim.tv_nsec == before.st_mtim.tv_nsec);
	assert_false(tree_intact(&pc, t->site)); /* the ctime tells */
	pagecache_free(&pc);
	/* and a chmod too: the change time moved, the file is not trusted */
	publish(t, &pc);
	assert_int_equal(chmod(in_site(t, "index.html"), 0600), 0);
	assert_false(tree_intact(&pc, t->site));
	pagecache_free(&pc);
}

static void test_a_file_rewritten_with_another_size_breaks_the_tree(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	publish(t, &pc);
	assert_int_equal(fs_write_file(in_site(t, "en/gpus/index.html"), "GPUs!", 5), 0);
	assert_false(tree_intact(&pc, t->site));
	pagecache_free(&pc);
}

static void test_a_removed_file_breaks_the_tree(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	publish(t, &pc);
	assert_int_equal(unlink(in_site(t, "en/style.css")), 0);
	assert_false(tree_intact(&pc, t->site));
	pagecache_free(&pc);
}

static void test_an_added_file_breaks_the_tree(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	publish(t, &pc);
	assert_int_equal(fs_write_file(in_site(t, "en/new/index.html"), "new", 3), 0);
	assert_false(tree_intact(&pc, t->site));
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
	assert_false(tree_intact(&pc, t->site));
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
	assert_false(tree_intact(&pc, t->site));
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
	assert_false(tree_intact(&pc, t->site));
	pagecache_free(&pc);
}

static void test_a_tree_holding_a_link_is_not_intact(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	publish(t, &pc);
	assert_int_equal(symlink("index.html", in_site(t, "en/link.html")), 0);
	assert_false(tree_intact(&pc, t->site));
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
	assert_false(tree_intact(&pc, t->site));
	assert_int_equal(pagecache_add_tree(&pc, t->site), -1);
	assert_int_equal(pc.nfiles, 0);
	/* an empty folder is what an empty record describes */
	assert_int_equal(mkdir(t->site, 0700), 0);
	assert_true(tree_intact(&pc, t->site));
	pagecache_free(&pc);
}

/* ---- threads ---- */

#define THREADS 4
#define PER_THREAD 200

/* Page `i` of thread `n`: its path and record (NUL bytes, lengths from 1
 * to about 150). */
static void page_of(int n, int i, char *rel, size_t cap, struct buf *rec)
{
	snprintf(rel, cap, "t%d/p%03d/index.html", n, i);
	buf_reset(rec);
	for (int k = 0; k <= i % 7; k++) {
		buf_addf(rec, "thread %d page %d part %d", n, i, k);
		buf_addc(rec, '\0');
	}
}

struct worker {
	struct pagecache *pc;
	pthread_barrier_t *go; /* all start at once */
	int n;
};

static void *add_pages(void *arg)
{
	struct worker *w = arg;
	struct buf rec = BUF_INIT;
	char rel[64];
	pthread_barrier_wait(w->go);
	for (int i = 0; i < PER_THREAD; i++) {
		page_of(w->n, i, rel, sizeof rel, &rec);
		pagecache_add_page(w->pc, rel, (struct digest_value){ (uint64_t)w->n,
					(uint64_t)i }, rec.ptr, rec.len);
		pagecache_add_memo(w->pc, (struct digest_value){ (uint64_t)w->n + 100,
					(uint64_t)i }, rec.ptr, rec.len);
	}
	buf_release(&rec);
	return NULL;
}

static void test_pages_added_from_threads_all_read_back(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	pagecache_init(&pc);
	assert_int_equal(pagecache_start(&pc, t->cache), 0);
	pthread_t th[THREADS];
	struct worker w[THREADS];
	pthread_barrier_t go;
	assert_int_equal(pthread_barrier_init(&go, NULL, THREADS), 0);
	for (int n = 0; n < THREADS; n++) {
		w[n] = (struct worker){ &pc, &go, n };
		assert_int_equal(pthread_create(&th[n], NULL, add_pages, &w[n]), 0);
	}
	for (int n = 0; n < THREADS; n++)
		assert_int_equal(pthread_join(th[n], NULL), 0);
	pthread_barrier_destroy(&go);
	assert_int_equal(pc.npages, THREADS * PER_THREAD);
	assert_int_equal(pc.memos.n, THREADS * PER_THREAD);
	assert_int_equal(pagecache_finish(&pc), 0);
	pagecache_free(&pc);

	pagecache_init(&pc);
	assert_int_equal(load_cache(&pc, t->cache), 0);
	assert_int_equal(pc.npages, THREADS * PER_THREAD);
	assert_int_equal(pc.memos.n, THREADS * PER_THREAD);
	struct buf want = BUF_INIT, got = BUF_INIT;
	char rel[64];
	for (int n = 0; n < THREADS; n++)
		for (int i = 0; i < PER_THREAD; i++) {
			page_of(n, i, rel, sizeof rel, &want);
			const struct pagecache_page *pg = pagecache_page(&pc, rel);
			assert_non_null(pg);
			assert_digest(pg->inputs, (uint64_t)n, (uint64_t)i);
			buf_reset(&got);
			assert_int_equal(pagecache_read(&pc, &pg->rec, &got), 0);
			assert_int_equal(got.len, want.len);
			assert_memory_equal(got.ptr, want.ptr, want.len);
			buf_reset(&got);
			assert_int_equal(pagecache_memo(&pc, (struct digest_value){
				(uint64_t)n + 100, (uint64_t)i }, &got), 0);
			assert_int_equal(got.len, want.len);
			assert_memory_equal(got.ptr, want.ptr, want.len);
		}
	buf_release(&want);
	buf_release(&got);
	pagecache_free(&pc);
}

/* Load the cache at t->cache: refused, for `want`, and left empty. */
static void assert_refused_for(struct tmp *t, const char *want)
{
	struct pagecache pc;
	pagecache_init(&pc);
	const char *why = NULL;
	assert_int_equal(pagecache_load(&pc, t->cache, &why), -1);
	assert_non_null(why);
	assert_string_equal(why, want);
	assert_empty(&pc);
	pagecache_free(&pc);
}

static void test_a_fifo_or_link_in_the_caches_place_is_refused_at_once(void **state)
{
	struct tmp *t = *state;
	/* no writer will ever come: opening it must not wait for one */
	assert_int_equal(mkfifo(t->cache, 0600), 0);
	assert_refused_for(t, "not a regular file");
	assert_int_equal(unlink(t->cache), 0);
	assert_int_equal(symlink("/etc/passwd", t->cache), 0);
	assert_refused_for(t, "a symbolic link");
	assert_int_equal(unlink(t->cache), 0);
	/* another version's cache (an upgrade) is no reason to warn either,
	 * other bytes in its place are */
	static const char old_cache[] = "ggcache3 and the rest of an old cache, long enough "
					"to hold a header and a trailer of this format......";
	assert_int_equal(fs_write_file(t->cache, old_cache, sizeof old_cache - 1), 0);
	struct pagecache old;
	pagecache_init(&old);
	const char *old_why = "set";
	assert_int_equal(pagecache_load(&old, t->cache, &old_why), -1);
	assert_null(old_why);
	pagecache_free(&old);
	static const char html[] = "<html>not a cache at all, but long enough to hold "
				   "a header and a trailer of this format...........";
	assert_int_equal(fs_write_file(t->cache, html, sizeof html - 1), 0);
	assert_refused_for(t, "damaged");
	assert_int_equal(unlink(t->cache), 0);
	/* none at all is no reason to warn */
	struct pagecache pc;
	pagecache_init(&pc);
	const char *why = "set";
	assert_int_equal(pagecache_load(&pc, t->cache, &why), -1);
	assert_null(why);
	pagecache_free(&pc);
}

static void test_a_huge_cache_is_refused_before_it_is_read(void **state)
{
	struct tmp *t = *state;
	struct buf b = BUF_INIT;
	written(t, &b);
	/* a 64 GiB sparse file whose trailer points at the first record: its
	 * "index" would be read whole into memory if it were trusted */
	const uint64_t size = (uint64_t)64 << 30;
	int fd = open(t->cache, O_WRONLY | O_TRUNC);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, b.ptr, HEADER), HEADER);
	assert_int_equal(ftruncate(fd, (off_t)size), 0);
	struct buf tr = BUF_INIT;
	buf_add(&tr, b.ptr + b.len - TRAILER, TRAILER);
	put_u64(&tr, 0, HEADER);
	assert_int_equal(pwrite(fd, tr.ptr, TRAILER, (off_t)(size - TRAILER)), TRAILER);
	close(fd);
	assert_refused_for(t, "larger than what it lists");
	/* counts past any site's, however long the index */
	put_u64(&tr, 8, (uint64_t)1 << 40);
	fd = open(t->cache, O_WRONLY);
	assert_int_equal(pwrite(fd, tr.ptr, TRAILER, (off_t)(size - TRAILER)), TRAILER);
	close(fd);
	assert_refused_for(t, "larger than what it lists");
	/* the counts of the trailer must be the index's */
	buf_release(&tr);
	struct buf c = BUF_INIT;
	buf_add(&c, b.ptr, b.len);
	put_u64(&c, c.len - TRAILER + 16, u64_at(&c, c.len - TRAILER + 16) + 1);
	reseal(&c);
	assert_int_equal(fs_write_file(t->cache, c.ptr, c.len), 0);
	assert_refused_for(t, "damaged");
	buf_release(&c);
	buf_release(&b);
}

static void test_caches_killed_builds_left_are_removed(void **state)
{
	struct tmp *t = *state;
	char path[160];
	static const char *const left[] = { "cache.123", "cache.4567" };
	static const char *const kept[] = { "cache.", "cache.12x", "cache2.1", "cache" };
	for (size_t i = 0; i < 2; i++) {
		snprintf(path, sizeof path, "%s/%s", t->dir, left[i]);
		assert_int_equal(fs_write_file(path, "x", 1), 0);
	}
	for (size_t i = 0; i < 4; i++) {
		snprintf(path, sizeof path, "%s/%s", t->dir, kept[i]);
		assert_int_equal(fs_write_file(path, "x", 1), 0);
	}
	assert_int_equal(pagecache_remove_leftovers(t->cache), 2);
	for (size_t i = 0; i < 2; i++) {
		snprintf(path, sizeof path, "%s/%s", t->dir, left[i]);
		assert_false(fs_exists(path));
	}
	for (size_t i = 0; i < 4; i++) {
		snprintf(path, sizeof path, "%s/%s", t->dir, kept[i]);
		assert_true(fs_exists(path));
	}
}

/* ---- appending to the last build's cache ---- */

/* A record of 4 KB, so that a cache is mostly records. */
static void big_record(char *rec, size_t len, char fill_with)
{
	memset(rec, fill_with, len);
}

/* A finished cache at `path` holding the page "en/big/index.html" (a big
 * record of `c`) and the memo key1; loaded back into *old. */
static void big_cache(const char *path, struct pagecache *old, char c)
{
	static char rec[4096];
	big_record(rec, sizeof rec, c);
	struct pagecache pc;
	pagecache_init(&pc);
	assert_int_equal(pagecache_start(&pc, path), 0);
	pagecache_add_page(&pc, "en/big/index.html", (struct digest_value){ 7, 7 }, rec,
			   sizeof rec);
	pagecache_add_memo(&pc, key1, memo_nul, sizeof memo_nul - 1);
	assert_int_equal(pagecache_finish(&pc), 0);
	pagecache_free(&pc);
	pagecache_init(old);
	assert_int_equal(load_cache(old, path), 0);
}

static ino_t inode_of(const char *path)
{
	struct stat st;
	assert_int_equal(stat(path, &st), 0);
	return st.st_ino;
}

static const char *mark_of(const struct tmp *t)
{
	static char mark[128];
	snprintf(mark, sizeof mark, "%s" PAGECACHE_TAIL, t->cache);
	return mark;
}

/* The next cache is appended to the last one's file: its first bytes stay
 * as they were, a record carried stays where it lies (neither read nor
 * written again, a memo's too), the new records and index go after them,
 * and the file loads back as the new cache. While it is written, a mark
 * beside it holds the size it had. */
static void test_the_next_cache_is_appended_to_the_last(void **state)
{
	struct tmp *t = *state;
	struct pagecache old, next, back;
	big_cache(t->cache, &old, 'a');
	struct buf before = BUF_INIT, rec = BUF_INIT, mark = BUF_INIT;
	assert_int_equal(fs_read_file(t->cache, &before), 0);
	ino_t ino = inode_of(t->cache);

	pagecache_init(&next);
	memcpy(next.secret, old.secret, sizeof next.secret);
	assert_int_equal(pagecache_start_after(&next, &old, t->cache), 0);
	assert_int_equal(fs_read_file(mark_of(t), &mark), 0);
	char size[32];
	snprintf(size, sizeof size, "%zu", before.len);
	assert_string_equal(mark.ptr, size);
	const struct pagecache_page *pg = pagecache_page(&old, "en/big/index.html");
	assert_int_equal(pagecache_read(&old, &pg->rec, &rec), 0);
	pagecache_carry_page(&next, "en/big/index.html", pg, rec.ptr);
	assert_int_equal(pagecache_carry_memo_unread(&next, &old, key1), 0);
	pagecache_add_page(&next, "en/new/index.html", (struct digest_value){ 8, 8 },
			   "new record", 10);
	assert_int_equal(pagecache_finish(&next), 0);
	assert_false(fs_exists(mark_of(t)));
	uint64_t big_at = pg->rec.at;
	pagecache_free(&next);
	pagecache_free(&old);

	assert_int_equal(inode_of(t->cache), ino);
	struct buf after = BUF_INIT;
	assert_int_equal(fs_read_file(t->cache, &after), 0);
	assert_true(after.len > before.len);
	assert_true(after.len < before.len + 1024); /* the big record not again */
	assert_memory_equal(after.ptr, before.ptr, before.len);
	pagecache_init(&back);
	assert_int_equal(load_cache(&back, t->cache), 0);
	pg = pagecache_page(&back, "en/big/index.html");
	assert_non_null(pg);
	assert_true(pg->rec.at == big_at);
	buf_reset(&rec);
	assert_int_equal(pagecache_read(&back, &pg->rec, &rec), 0);
	assert_int_equal(rec.len, 4096);
	assert_int_equal(rec.ptr[4095], 'a');
	buf_reset(&rec);
	pg = pagecache_page(&back, "en/new/index.html");
	assert_int_equal(pagecache_read(&back, &pg->rec, &rec), 0);
	assert_string_equal(rec.ptr, "new record");
	buf_reset(&rec);
	assert_int_equal(pagecache_memo(&back, key1, &rec), 0);
	assert_memory_equal(rec.ptr, memo_nul, sizeof memo_nul - 1);
	pagecache_free(&back);
	buf_release(&before);
	buf_release(&after);
	buf_release(&rec);
	buf_release(&mark);
}

/* A build that fails leaves the cache byte for byte as it was (the
 * records it appended cut off), and no mark. */
static void test_an_appended_cache_never_finished_is_cut_back(void **state)
{
	struct tmp *t = *state;
	struct pagecache old, next;
	big_cache(t->cache, &old, 'b');
	struct buf before = BUF_INIT, after = BUF_INIT;
	assert_int_equal(fs_read_file(t->cache, &before), 0);
	pagecache_init(&next);
	assert_int_equal(pagecache_start_after(&next, &old, t->cache), 0);
	for (int i = 0; i < 100; i++)
		pagecache_add_page(&next, "en/new/index.html", (struct digest_value){ 8, 8 },
				   "new record", 10);
	pagecache_free(&next);
	pagecache_free(&old);
	assert_int_equal(fs_read_file(t->cache, &after), 0);
	assert_int_equal(after.len, before.len);
	assert_memory_equal(after.ptr, before.ptr, before.len);
	assert_dir_holds(t, "cache");
	buf_release(&before);
	buf_release(&after);
}

/* A build killed while it appended leaves its tail and the mark: the next
 * build (pagecache_remove_leftovers) cuts the cache back to the mark's
 * size, and it loads as it was; a mark that gives no size, or more than
 * the cache has, costs the cache (a full build), never a wrong one. */
static void test_a_killed_append_is_cut_back_by_the_next_build(void **state)
{
	struct tmp *t = *state;
	struct pagecache old;
	big_cache(t->cache, &old, 'c');
	pagecache_free(&old);
	struct buf before = BUF_INIT, after = BUF_INIT, tail = BUF_INIT;
	assert_int_equal(fs_read_file(t->cache, &before), 0);
	buf_addbuf(&tail, &before);
	buf_adds(&tail, "half a record and half an ind");
	char size[32];
	snprintf(size, sizeof size, "%zu", before.len);
	assert_int_equal(fs_write_file(t->cache, tail.ptr, tail.len), 0);
	assert_int_equal(fs_write_file(mark_of(t), size, strlen(size)), 0);
	assert_int_equal(load_cache(&old, t->cache), -1); /* the tail is no trailer */
	pagecache_init(&old);
	assert_int_equal(pagecache_remove_leftovers(t->cache), 1);
	assert_dir_holds(t, "cache");
	assert_int_equal(fs_read_file(t->cache, &after), 0);
	assert_int_equal(after.len, before.len);
	assert_memory_equal(after.ptr, before.ptr, before.len);
	assert_int_equal(load_cache(&old, t->cache), 0);
	pagecache_free(&old);

	static const char *const bad[] = { "12x", "", "99999999999", "-1" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(fs_write_file(t->cache, tail.ptr, tail.len), 0);
		assert_int_equal(fs_write_file(mark_of(t), bad[i], strlen(bad[i])), 0);
		assert_int_equal(pagecache_remove_leftovers(t->cache), 1);
		assert_dir_holds(t, "");
	}
	buf_release(&before);
	buf_release(&after);
	buf_release(&tail);
}

/* When less than half the file is records the cache lists, the next cache
 * is written anew (another file, renamed over it), only what it lists;
 * else it is appended. */
static void test_a_cache_mostly_unlisted_is_written_anew(void **state)
{
	struct tmp *t = *state;
	struct pagecache old, next;
	static char rec[4096];
	big_cache(t->cache, &old, 'd');
	for (int round = 0; round < 3; round++) { /* the big page made again */
		ino_t ino = inode_of(t->cache);
		struct stat st;
		assert_int_equal(stat(t->cache, &st), 0);
		pagecache_init(&next);
		memcpy(next.secret, old.secret, sizeof next.secret);
		assert_int_equal(pagecache_start_after(&next, &old, t->cache), 0);
		big_record(rec, sizeof rec, (char)('e' + round));
		pagecache_add_page(&next, "en/big/index.html", (struct digest_value){ 7, 7 }, rec,
				   sizeof rec);
		assert_int_equal(pagecache_finish(&next), 0);
		pagecache_free(&next);
		pagecache_free(&old);
		/* the first is appended (its records all listed), and then the
		 * file is two big records, one listed: the second is written
		 * anew, the third appended again */
		bool anew = round == 1;
		assert_true(anew ? inode_of(t->cache) != ino : inode_of(t->cache) == ino);
		pagecache_init(&old);
		assert_int_equal(load_cache(&old, t->cache), 0);
		struct buf r = BUF_INIT;
		const struct pagecache_page *pg = pagecache_page(&old, "en/big/index.html");
		assert_int_equal(pagecache_read(&old, &pg->rec, &r), 0);
		assert_int_equal(r.ptr[0], 'e' + round);
		buf_release(&r);
		if (anew) {
			assert_int_equal(stat(t->cache, &st), 0);
			assert_true(st.st_size < 2 * 4096);
		}
	}
	pagecache_free(&old);
}

static void test_a_cache_keeps_its_secret(void **state)
{
	struct tmp *t = *state;
	struct pagecache pc;
	pagecache_init(&pc);
	unsigned char a[DIGEST_KEY_LEN], b[DIGEST_KEY_LEN];
	pagecache_new_secret(a);
	pagecache_new_secret(b);
	assert_memory_not_equal(a, b, DIGEST_KEY_LEN);
	memcpy(pc.secret, a, sizeof a);
	assert_int_equal(pagecache_start(&pc, t->cache), 0);
	pagecache_add_page(&pc, "en/index.html", (struct digest_value){ 1, 2 }, "rec", 3);
	assert_int_equal(pagecache_finish(&pc), 0);
	pagecache_free(&pc);
	pagecache_init(&pc);
	const char *why = "set";
	assert_int_equal(pagecache_load(&pc, t->cache, &why), 0);
	assert_null(why); /* a cache loaded is no reason to warn */
	assert_memory_equal(pc.secret, a, DIGEST_KEY_LEN);
	assert_rec(&pc, &pagecache_page(&pc, "en/index.html")->rec, "rec", 3);
	pagecache_free(&pc);
}

#define TMP_TEST(f) cmocka_unit_test_setup_teardown(f, tmp_setup, tmp_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_the_cache_is_beside_the_output_folder),
		TMP_TEST(test_a_finished_cache_loads_back_as_it_was),
		TMP_TEST(test_the_warnings_are_kept_and_read_back),
		TMP_TEST(test_a_cache_cut_short_is_not_loaded),
		TMP_TEST(test_a_cache_with_a_byte_changed_is_refused_where_it_changed),
		TMP_TEST(test_a_sealed_cache_of_another_format_is_not_loaded),
		TMP_TEST(test_a_missing_or_empty_cache_is_not_loaded),
		TMP_TEST(test_a_cache_that_cannot_be_written_leaves_nothing),
		TMP_TEST(test_a_cache_never_finished_leaves_nothing),
		TMP_TEST(test_a_cache_whose_write_fails_leaves_nothing),
		TMP_TEST(test_a_second_record_of_a_path_replaces_the_first),
		TMP_TEST(test_kept_records_are_carried_into_the_next_cache),
		cmocka_unit_test(test_a_cache_not_started_still_indexes_pages),
		TMP_TEST(test_a_fifo_or_link_in_the_caches_place_is_refused_at_once),
		TMP_TEST(test_a_huge_cache_is_refused_before_it_is_read),
		TMP_TEST(test_caches_killed_builds_left_are_removed),
		TMP_TEST(test_the_next_cache_is_appended_to_the_last),
		TMP_TEST(test_an_appended_cache_never_finished_is_cut_back),
		TMP_TEST(test_a_killed_append_is_cut_back_by_the_next_build),
		TMP_TEST(test_a_cache_mostly_unlisted_is_written_anew),
		TMP_TEST(test_a_cache_keeps_its_secret),
		TMP_TEST(test_an_untouched_tree_is_intact),
		TMP_TEST(test_a_same_size_edit_with_its_mtime_put_back_breaks_the_tree),
		TMP_TEST(test_a_file_rewritten_with_another_size_breaks_the_tree),
		TMP_TEST(test_a_removed_file_breaks_the_tree),
		TMP_TEST(test_an_added_file_breaks_the_tree),
		TMP_TEST(test_a_file_moved_breaks_the_tree),
		TMP_TEST(test_a_file_replaced_by_one_of_its_size_breaks_the_tree),
		TMP_TEST(test_a_file_rewritten_in_place_with_its_size_breaks_the_tree),
		TMP_TEST(test_a_tree_holding_a_link_is_not_intact),
		TMP_TEST(test_a_missing_tree_is_not_intact),
		TMP_TEST(test_pages_added_from_threads_all_read_back),
	};
	return cmocka_run_group_tests_name("pagecache", tests, NULL, NULL);
}
