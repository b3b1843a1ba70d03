/* Tests for fs: reading, listing, writing and removing files, and the
 * refusals the build relies on (a FIFO is not read, an existing file is
 * not overwritten by fs_create_file_at, a link out of the root escapes). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/buf.h"
#include "base/fs.h"
#include "base/strmap.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

struct tmp {
	char dir[64];
};

static int tmp_setup(void **state)
{
	struct tmp *t = calloc(1, sizeof *t);
	if (!t)
		return -1;
	strcpy(t->dir, "/tmp/test_fs_XXXXXX");
	if (!mkdtemp(t->dir)) {
		free(t);
		return -1;
	}
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

/* t->dir/rel, in a static buffer (one at a time). */
static const char *at(const struct tmp *t, const char *rel)
{
	static char path[256];
	snprintf(path, sizeof path, "%s/%s", t->dir, rel);
	return path;
}

static void test_written_files_are_read_back_with_their_folders(void **state)
{
	struct tmp *t = *state;
	assert_int_equal(fs_write_file(at(t, "a/b/c.txt"), "hello", 5), 0);
	assert_true(fs_is_dir(at(t, "a/b")));
	struct buf b = BUF_INIT;
	buf_adds(&b, ">");
	assert_int_equal(fs_read_file(at(t, "a/b/c.txt"), &b), 0);
	assert_string_equal(b.ptr, ">hello"); /* appended */
	buf_release(&b);
	assert_true(fs_exists(at(t, "a/b/c.txt")));
	assert_false(fs_exists(at(t, "a/b/d.txt")));
}

/* Files of every size around the rooms read_all asks for come back whole,
 * the empty one too; and so does a file whose size says 0 but that holds
 * bytes (/proc's): the size only spares a read, it never cuts one. */
static void test_files_of_any_size_are_read_whole(void **state)
{
	struct tmp *t = *state;
	static const size_t sizes[] = { 0, 1, 4095, 4096, 4097, 8191, 8192, 8193, 12288, 100000 };
	char *data = malloc(100000);
	assert_non_null(data);
	for (size_t i = 0; i < 100000; i++)
		data[i] = (char)('a' + i % 26);
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		assert_int_equal(fs_write_file(at(t, "f.txt"), data, sizes[k]), 0);
		struct buf b = BUF_INIT;
		assert_int_equal(fs_read_file(at(t, "f.txt"), &b), 0);
		assert_int_equal(b.len, sizes[k]);
		assert_memory_equal(b.ptr, data, sizes[k]);
		assert_int_equal(b.ptr[b.len], '\0');
		buf_release(&b);
		/* appended to what the buffer holds */
		buf_adds(&b, "xy");
		assert_int_equal(fs_read_file_nofollow(at(t, "f.txt"), &b), 0);
		assert_int_equal(b.len, sizes[k] + 2);
		assert_memory_equal(b.ptr + 2, data, sizes[k]);
		buf_release(&b);
	}
	free(data);
	struct stat st;
	if (stat("/proc/self/status", &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0) {
		struct buf b = BUF_INIT;
		assert_int_equal(fs_read_file("/proc/self/status", &b), 0);
		assert_true(b.len > 0);
		assert_non_null(strstr(b.ptr, "Name:"));
		buf_release(&b);
	}
}

static void test_a_missing_file_is_an_error_with_errno(void **state)
{
	struct tmp *t = *state;
	struct buf b = BUF_INIT;
	errno = 0;
	assert_int_equal(fs_read_file(at(t, "nope.csv"), &b), -1);
	assert_int_equal(errno, ENOENT);
	assert_int_equal(b.len, 0);
	buf_release(&b);
}

static void test_a_fifo_is_refused_without_blocking(void **state)
{
	struct tmp *t = *state;
	assert_int_equal(mkfifo(at(t, "pipe"), 0600), 0);
	struct buf b = BUF_INIT;
	errno = 0;
	assert_int_equal(fs_read_file(at(t, "pipe"), &b), -1);
	assert_int_equal(errno, FS_ENOTREG);
	assert_string_equal(fs_strerror(FS_ENOTREG),
			    "not a regular file (a FIFO, socket, device or folder); refused");
	assert_int_equal(fs_read_file(t->dir, &b), -1); /* a folder too */
	assert_int_equal(errno, FS_ENOTREG);
	buf_release(&b);
}

static void test_a_link_is_not_followed_when_asked(void **state)
{
	struct tmp *t = *state;
	assert_int_equal(fs_write_file(at(t, "real.txt"), "x", 1), 0);
	assert_int_equal(symlink("real.txt", at(t, "link.txt")), 0);
	struct buf b = BUF_INIT;
	assert_int_equal(fs_read_file(at(t, "link.txt"), &b), 0);
	assert_string_equal(b.ptr, "x");
	buf_reset(&b);
	errno = 0;
	assert_int_equal(fs_read_file_nofollow(at(t, "link.txt"), &b), -1);
	assert_int_equal(errno, ELOOP);
	buf_release(&b);
}

static void test_listings_are_sorted_and_filtered_by_suffix(void **state)
{
	struct tmp *t = *state;
	assert_int_equal(fs_write_file(at(t, "l/b.md"), "", 0), 0);
	assert_int_equal(fs_write_file(at(t, "l/a.md"), "", 0), 0);
	assert_int_equal(fs_write_file(at(t, "l/c.txt"), "", 0), 0);
	assert_int_equal(fs_mkdir_p(at(t, "l/sub")), 0);
	char **md = fs_list_dir(at(t, "l"), ".md");
	assert_non_null(md);
	assert_string_equal(md[0], "a.md");
	assert_string_equal(md[1], "b.md");
	assert_null(md[2]);
	fs_free_list(md);
	char **all = fs_list_dir_kinds(at(t, "l"));
	assert_non_null(all);
	assert_int_equal(all[0][0], FS_FILE);
	assert_string_equal(all[0] + 1, "a.md");
	assert_string_equal(all[2] + 1, "c.txt");
	assert_int_equal(all[3][0], FS_DIR);
	assert_string_equal(all[3] + 1, "sub");
	assert_null(all[4]);
	fs_free_list(all);
	/* only some kinds: the folders (and links), sorted, with their kind */
	assert_int_equal(fs_mkdir_p(at(t, "l/a-sub")), 0);
	assert_int_equal(symlink("sub", at(t, "l/link")), 0);
	char **dirs = fs_list_dir_of_kinds(at(t, "l"), FS_KIND(FS_DIR));
	assert_non_null(dirs);
	assert_string_equal(dirs[0] + 1, "a-sub");
	assert_int_equal(dirs[1][0], FS_DIR);
	assert_string_equal(dirs[1] + 1, "sub");
	assert_null(dirs[2]);
	fs_free_list(dirs);
	char **some = fs_list_dir_of_kinds(at(t, "l"), FS_KIND(FS_DIR) | FS_KIND(FS_LINK));
	assert_string_equal(some[0] + 1, "a-sub");
	assert_int_equal(some[1][0], FS_LINK);
	assert_string_equal(some[1] + 1, "link");
	assert_string_equal(some[2] + 1, "sub");
	assert_null(some[3]);
	fs_free_list(some);
	assert_null(fs_list_dir(at(t, "no-such-folder"), NULL));
	assert_null(fs_list_dir_of_kinds(at(t, "no-such-folder"), FS_KIND(FS_DIR)));
}

static void test_create_at_never_overwrites(void **state)
{
	struct tmp *t = *state;
	int dirfd = open(t->dir, O_RDONLY | O_DIRECTORY);
	assert_true(dirfd >= 0);
	assert_int_equal(fs_make_parent_at(dirfd, "x/y/page.html"), 0);
	struct fs_file_id written, read;
	assert_int_equal(fs_create_file_at(dirfd, "x/y/page.html", "one", 3, &written), 0);
	/* the id given is the one the file has */
	assert_int_equal(fs_file_id_at(dirfd, "x/y/page.html", &read), 0);
	assert_true(fs_file_id_same(&written, &read));
	assert_int_equal(written.size, 3);
	errno = 0;
	assert_int_equal(fs_create_file_at(dirfd, "x/y/page.html", "two", 3, NULL), -1);
	assert_int_equal(errno, EEXIST);
	assert_int_equal(fs_compare_file_at(dirfd, "x/y/page.html", "one", 3), FS_SAME);
	assert_int_equal(fs_compare_file_at(dirfd, "x/y/page.html", "onE", 3), FS_DIFFERENT);
	assert_int_equal(fs_compare_file_at(dirfd, "x/y/page.html", "one!", 4), FS_DIFFERENT);
	assert_int_equal(fs_compare_file_at(dirfd, "x/y/none.html", "", 0), FS_ABSENT);
	assert_int_equal(fs_compare_file_at(dirfd, "x/y", "", 0), FS_ABSENT); /* a folder */
	close(dirfd);
}

/* A file longer than the pieces it is compared in: the same bytes are the
 * same; a byte changed anywhere, at the start, across a piece's edge or
 * last, is a difference. */
static void test_compare_reads_a_long_file_in_pieces(void **state)
{
	struct tmp *t = *state;
	int dirfd = open(t->dir, O_RDONLY | O_DIRECTORY);
	assert_true(dirfd >= 0);
	size_t len = 50000;
	char *bytes = malloc(len);
	assert_non_null(bytes);
	for (size_t i = 0; i < len; i++)
		bytes[i] = (char)('a' + i % 26);
	assert_int_equal(fs_create_file_at(dirfd, "long.html", bytes, len, NULL), 0);
	assert_int_equal(fs_compare_file_at(dirfd, "long.html", bytes, len), FS_SAME);
	const size_t at[] = { 0, 16383, 16384, 32768, len - 1 };
	for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
		bytes[at[k]] ^= 1;
		assert_int_equal(fs_compare_file_at(dirfd, "long.html", bytes, len), FS_DIFFERENT);
		bytes[at[k]] ^= 1;
	}
	assert_int_equal(fs_compare_file_at(dirfd, "long.html", bytes, len - 1), FS_DIFFERENT);
	free(bytes);
	close(dirfd);
}

static void test_trees_are_removed_and_their_files_counted(void **state)
{
	struct tmp *t = *state;
	assert_int_equal(fs_write_file(at(t, "r/1.html"), "", 0), 0);
	assert_int_equal(fs_write_file(at(t, "r/d/2.html"), "", 0), 0);
	assert_int_equal(fs_write_file(at(t, "r/d/e/3.html"), "", 0), 0);
	size_t files = 0;
	assert_int_equal(fs_remove_tree_counted(at(t, "r"), 1, &files), 0);
	assert_int_equal(files, 3);
	assert_false(fs_exists(at(t, "r")));
	assert_int_equal(fs_remove_tree(at(t, "r")), 0); /* absent: no error */
}

/* With threads: files at every level (the top two listed by the caller,
 * the rest by the jobs), empty folders, and as many as one thread finds. */
static void test_trees_are_removed_on_threads_with_every_file_counted(void **state)
{
	struct tmp *t = *state;
	static const char *const paths[] = {
		"r/marker", "r/en/index.html", "r/en/a/index.html", "r/en/a/x/index.html",
		"r/en/a/y/index.html", "r/en/a/y/z/deep.svg", "r/zh/b/index.html",
		"r/zh/b/c/index.html", "r/data/figures.csv",
	};
	for (int jobs = 1; jobs <= 4; jobs += 3) {
		for (size_t i = 0; i < sizeof paths / sizeof *paths; i++)
			assert_int_equal(fs_write_file(at(t, paths[i]), "x", 1), 0);
		assert_int_equal(fs_mkdir_p(at(t, "r/zh/empty/none")), 0);
		assert_int_equal(fs_mkdir_p(at(t, "r/void")), 0);
		size_t files = 0;
		assert_int_equal(fs_remove_tree_counted(at(t, "r"), jobs, &files), 0);
		assert_int_equal(files, sizeof paths / sizeof *paths);
		assert_false(fs_exists(at(t, "r")));
	}
	size_t files = 7;
	assert_int_equal(fs_remove_tree_counted(at(t, "r"), 4, &files), 0); /* absent */
	assert_int_equal(files, 0);
}

static void test_a_link_out_of_the_root_escapes_it(void **state)
{
	struct tmp *t = *state;
	assert_int_equal(fs_mkdir_p(at(t, "root/site")), 0);
	assert_int_equal(symlink("/tmp", at(t, "root/out")), 0);
	char root[128];
	snprintf(root, sizeof root, "%s/root", t->dir);
	assert_false(fs_path_escapes(at(t, "root/site"), root));
	assert_true(fs_path_escapes(at(t, "root/out"), root));
	assert_true(fs_path_escapes(at(t, "root/../elsewhere"), root));
}

/* ---- file ids and the walk ---- */

static void test_a_file_id_is_its_inode_size_and_times(void **state)
{
	struct tmp *t = *state;
	assert_int_equal(fs_write_file(at(t, "d/page.html"), "hello", 5), 0);
	struct stat st;
	assert_int_equal(lstat(at(t, "d/page.html"), &st), 0);
	int dirfd = open(t->dir, O_RDONLY | O_DIRECTORY);
	assert_true(dirfd >= 0);
	struct fs_file_id id;
	assert_int_equal(fs_file_id_at(dirfd, "d/page.html", &id), 0);
	assert_true(id.ino == (uint64_t)st.st_ino);
	assert_true(id.size == 5);
	assert_true(id.mtime_ns == (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec);
	assert_true(id.ctime_ns == (int64_t)st.st_ctim.tv_sec * 1000000000 + st.st_ctim.tv_nsec);
	/* not a file: a link (not followed), a folder, nothing */
	assert_int_equal(symlink("page.html", at(t, "d/link.html")), 0);
	errno = 0;
	assert_int_equal(fs_file_id_at(dirfd, "d/link.html", &id), -1);
	assert_int_equal(errno, FS_ENOTREG);
	errno = 0;
	assert_int_equal(fs_file_id_at(dirfd, "d", &id), -1);
	assert_int_equal(errno, FS_ENOTREG);
	errno = 0;
	assert_int_equal(fs_file_id_at(dirfd, "d/none.html", &id), -1);
	assert_int_equal(errno, ENOENT);
	close(dirfd);
}

/* A file read by its id: only while it is that file (the published page
 * a rebuild reads back for the search index). */
static void test_a_file_is_read_by_its_id_only(void **state)
{
	struct tmp *t = *state;
	assert_int_equal(fs_write_file(at(t, "d/page.html"), "hello", 5), 0);
	int dirfd = open(t->dir, O_RDONLY | O_DIRECTORY);
	assert_true(dirfd >= 0);
	struct fs_file_id id, other;
	assert_int_equal(fs_file_id_at(dirfd, "d/page.html", &id), 0);
	struct buf b = BUF_INIT;
	buf_adds(&b, "x");
	assert_int_equal(fs_read_file_at(dirfd, "d/page.html", &id, &b), 0);
	assert_string_equal(b.ptr, "xhello"); /* appended */
	/* another version of it (its id told apart by a time), a link to it,
	 * a folder: nothing read, nothing appended */
	other = id;
	other.mtime_ns++;
	errno = 0;
	assert_int_equal(fs_read_file_at(dirfd, "d/page.html", &other, &b), -1);
	assert_int_equal(errno, ESTALE);
	assert_int_equal(symlink("page.html", at(t, "d/link.html")), 0);
	assert_int_equal(fs_read_file_at(dirfd, "d/link.html", &id, &b), -1);
	assert_int_equal(fs_read_file_at(dirfd, "d", &id, &b), -1);
	assert_int_equal(fs_read_file_at(dirfd, "d/none.html", &id, &b), -1);
	assert_string_equal(b.ptr, "xhello");
	/* written again, a byte longer: another version */
	assert_int_equal(fs_write_file(at(t, "d/page.html"), "hello!", 6), 0);
	assert_int_equal(fs_read_file_at(dirfd, "d/page.html", &id, &b), -1);
	buf_release(&b);
	close(dirfd);
}

static void test_one_version_of_a_file_is_told_by_inode_size_and_times(void **state)
{
	(void)state;
	const struct fs_file_id a = { 7, 100, 1000, 2000 };
	struct fs_file_id b = a;
	assert_true(fs_file_id_same(&a, &b));
	/* a same-size edit with its mtime put back moves only the ctime */
	b.ctime_ns = 9999;
	assert_false(fs_file_id_same(&a, &b));
	b = a;
	b.ino = 8;
	assert_false(fs_file_id_same(&a, &b));
	b = a;
	b.size = 101;
	assert_false(fs_file_id_same(&a, &b));
	b = a;
	b.mtime_ns = 1001;
	assert_false(fs_file_id_same(&a, &b));
}

struct walked {
	char rel[8][64];
	uint64_t size[8];
	size_t n;
	int dirfd; /* the walked folder, to check each id */
	pthread_mutex_t lock;
};

static void walk_keep(void *ctx, const char *rel, const struct fs_file_id *id)
{
	struct walked *w = ctx;
	struct fs_file_id want;
	assert_int_equal(fs_file_id_at(w->dirfd, rel, &want), 0);
	assert_memory_equal(id, &want, sizeof want);
	pthread_mutex_lock(&w->lock); /* called from the walk's threads */
	assert_true(w->n < 8);
	assert_true(strlen(rel) < sizeof w->rel[0]);
	strcpy(w->rel[w->n], rel);
	w->size[w->n] = id->size;
	w->n++;
	pthread_mutex_unlock(&w->lock);
}

static int by_name(const void *x, const void *y)
{
	return strcmp(x, y);
}

/* Walk t->dir/rel on `jobs` threads; the files found, sorted, as lines. */
static int walk_on(struct tmp *t, const char *rel, int jobs, struct buf *out)
{
	struct walked w = { .n = 0, .lock = PTHREAD_MUTEX_INITIALIZER };
	char dir[256];
	snprintf(dir, sizeof dir, "%s", at(t, rel));
	w.dirfd = open(dir, O_RDONLY | O_DIRECTORY);
	assert_true(w.dirfd >= 0);
	int rc = fs_walk_files_jobs(dir, jobs, walk_keep, &w);
	close(w.dirfd);
	qsort(w.rel, w.n, sizeof w.rel[0], by_name);
	for (size_t i = 0; i < w.n; i++)
		buf_addf(out, "%s\n", w.rel[i]);
	return rc;
}

/* The same, on one thread (fs_walk_files) and on three: both agree. */
static int walk(struct tmp *t, const char *rel, struct buf *out)
{
	struct buf threads = BUF_INIT;
	size_t from = out->len;
	int rc = walk_on(t, rel, 1, out);
	assert_int_equal(walk_on(t, rel, 3, &threads), rc);
	assert_string_equal(threads.len ? threads.ptr : "", out->len ? out->ptr + from : "");
	buf_release(&threads);
	return rc;
}

static void test_the_walk_finds_every_file_below_with_its_path(void **state)
{
	struct tmp *t = *state;
	assert_int_equal(fs_write_file(at(t, "s/index.html"), "home", 4), 0);
	assert_int_equal(fs_write_file(at(t, "s/en/gpus/index.html"), "", 0), 0);
	assert_int_equal(fs_write_file(at(t, "s/en/a.css"), "x", 1), 0);
	assert_int_equal(fs_mkdir_p(at(t, "s/empty/deeper")), 0);
	struct buf b = BUF_INIT;
	assert_int_equal(walk(t, "s", &b), 0);
	assert_string_equal(b.ptr, "en/a.css\nen/gpus/index.html\nindex.html\n");
	buf_reset(&b);
	/* an empty folder: no call */
	assert_int_equal(walk(t, "s/empty", &b), 0);
	assert_string_equal(b.ptr, "");
	buf_release(&b);
	/* no folder: an error */
	errno = 0;
	assert_int_equal(fs_walk_files(at(t, "none"), walk_keep, NULL), -1);
	assert_int_equal(errno, ENOENT);
	errno = 0;
	assert_int_equal(fs_walk_files(at(t, "s/index.html"), walk_keep, NULL), -1);
	assert_int_equal(errno, ENOTDIR);
}

static void test_the_walk_says_when_it_met_a_link_or_fifo(void **state)
{
	struct tmp *t = *state;
	assert_int_equal(fs_write_file(at(t, "s/index.html"), "home", 4), 0);
	assert_int_equal(fs_write_file(at(t, "s/en/gpus/index.html"), "", 0), 0);
	assert_int_equal(fs_write_file(at(t, "elsewhere/secret.html"), "", 0), 0);
	/* a link to a file, deep down: 1, the link not reported, the rest is */
	assert_int_equal(symlink("../../index.html", at(t, "s/en/gpus/link.html")), 0);
	struct buf b = BUF_INIT;
	assert_int_equal(walk(t, "s", &b), 1);
	assert_string_equal(b.ptr, "en/gpus/index.html\nindex.html\n");
	assert_int_equal(unlink(at(t, "s/en/gpus/link.html")), 0);
	buf_reset(&b);
	assert_int_equal(walk(t, "s", &b), 0);
	/* a link to a folder is not followed */
	assert_int_equal(symlink("../elsewhere", at(t, "s/out")), 0);
	buf_reset(&b);
	assert_int_equal(walk(t, "s", &b), 1);
	assert_string_equal(b.ptr, "en/gpus/index.html\nindex.html\n");
	assert_int_equal(unlink(at(t, "s/out")), 0);
	/* a FIFO */
	assert_int_equal(mkfifo(at(t, "s/en/pipe"), 0600), 0);
	buf_reset(&b);
	assert_int_equal(walk(t, "s", &b), 1);
	assert_string_equal(b.ptr, "en/gpus/index.html\nindex.html\n");
	buf_release(&b);
	/* the folder itself a link: not walked */
	assert_int_equal(symlink("s", at(t, "s-link")), 0);
	assert_int_equal(fs_walk_files(at(t, "s-link"), walk_keep, NULL), -1);
}

/* Whether `key` is listed, with a number from 1 to the count (each one
 * once: see numbered). */
static bool listed(const struct strmap *m, const char *key)
{
	const size_t *v = strmap_get(m, key);
	return v && *v >= 1 && *v <= m->len;
}

/* The numbers of a map's entries are 1 to its count, each once. */
static bool numbered(const struct strmap *m)
{
	uint64_t seen = 0;
	for (size_t i = 0; i < m->cap; i++)
		if (m->slots[i].key)
			seen |= (uint64_t)1 << (m->slots[i].value - 1);
	return m->len < 64 && seen == ((uint64_t)1 << m->len) - 1;
}

/* A scan lists every file and folder by its path below the folder, and
 * removes what is neither (a link, to a file or a folder, and a FIFO):
 * nothing outside is reached. */
static void test_a_scan_lists_files_and_folders_and_removes_the_rest(void **state)
{
	struct tmp *t = *state;
	assert_int_equal(fs_write_file(at(t, "s/index.html"), "home", 4), 0);
	assert_int_equal(fs_write_file(at(t, "s/en/gpus/index.html"), "", 0), 0);
	assert_int_equal(fs_mkdir_p(at(t, "s/empty")), 0);
	assert_int_equal(fs_write_file(at(t, "elsewhere/secret.html"), "", 0), 0);
	assert_int_equal(symlink("../elsewhere", at(t, "s/en/out")), 0);
	assert_int_equal(symlink("index.html", at(t, "s/link.html")), 0);
	assert_int_equal(mkfifo(at(t, "s/en/gpus/pipe"), 0600), 0);
	int fd = open(at(t, "s"), O_RDONLY | O_DIRECTORY);
	struct strmap files = STRMAP_INIT, dirs = STRMAP_INIT;
	assert_int_equal(fs_scan_tree_at(fd, FS_FOLDER_MODE, &files, &dirs), 0);
	assert_int_equal(files.len, 2);
	assert_true(listed(&files, "index.html"));
	assert_true(listed(&files, "en/gpus/index.html"));
	assert_int_equal(dirs.len, 3);
	assert_true(listed(&dirs, "en"));
	assert_true(listed(&dirs, "en/gpus"));
	assert_true(listed(&dirs, "empty"));
	assert_true(numbered(&files) && numbered(&dirs));
	assert_false(fs_exists(at(t, "s/en/out")));
	assert_false(fs_exists(at(t, "s/link.html")));
	assert_false(fs_exists(at(t, "s/en/gpus/pipe")));
	assert_true(fs_exists(at(t, "elsewhere/secret.html")));
	/* the descriptor is the caller's still, and scans again alike */
	strmap_free(&files);
	strmap_free(&dirs);
	assert_int_equal(fs_scan_tree_at(fd, FS_FOLDER_MODE, &files, &dirs), 0);
	assert_int_equal(files.len + dirs.len, 5);
	close(fd);
	strmap_free(&files);
	strmap_free(&dirs);
	/* a tree removed by its path below an open folder; a file too */
	fd = open(t->dir, O_RDONLY | O_DIRECTORY);
	assert_int_equal(fs_remove_tree_at(fd, "s/en"), 0);
	assert_int_equal(fs_remove_tree_at(fd, "s/index.html"), 0);
	assert_int_equal(fs_remove_tree_at(fd, "s/absent"), 0);
	close(fd);
	assert_false(fs_exists(at(t, "s/en")));
	assert_false(fs_exists(at(t, "s/index.html")));
	assert_true(fs_exists(at(t, "s/empty")));
}

/* The mode of the folder at `rel` below the test's folder. */
static mode_t mode_at(const struct tmp *t, const char *rel)
{
	struct stat st;
	assert_int_equal(lstat(at(t, rel), &st), 0);
	return st.st_mode & 07777;
}

/* A scan gives every folder, the scanned one too, the permissions it is
 * asked for (a folder given others by hand would pass them on); a file's
 * stay as they are. */
static void test_a_scan_gives_every_folder_its_mode(void **state)
{
	struct tmp *t = *state;
	assert_int_equal(fs_write_file(at(t, "s/a/b/index.html"), "", 0), 0);
	assert_int_equal(chmod(at(t, "s/a/b/index.html"), 0600), 0);
	assert_int_equal(chmod(at(t, "s/a/b"), 0777), 0);
	assert_int_equal(chmod(at(t, "s/a"), 0711), 0);
	assert_int_equal(chmod(at(t, "s"), 0700), 0);
	int fd = open(at(t, "s"), O_RDONLY | O_DIRECTORY);
	struct strmap files = STRMAP_INIT, dirs = STRMAP_INIT;
	assert_int_equal(fs_scan_tree_at(fd, 0750, &files, &dirs), 0);
	assert_int_equal(files.len + dirs.len, 3);
	assert_int_equal(mode_at(t, "s"), 0750);
	assert_int_equal(mode_at(t, "s/a"), 0750);
	assert_int_equal(mode_at(t, "s/a/b"), 0750);
	assert_int_equal(mode_at(t, "s/a/b/index.html"), 0600);
	close(fd);
	strmap_free(&files);
	strmap_free(&dirs);
}

/* A POSIX default ACL of three entries (the owner rwx, the group r-x,
 * others nothing), as the kernel takes it (posix_acl_xattr.h). */
static const unsigned char private_default_acl[] = {
	2, 0, 0, 0,                                      /* version 2 */
	0x01, 0x00, 7, 0, 0xff, 0xff, 0xff, 0xff,        /* user:: rwx */
	0x04, 0x00, 5, 0, 0xff, 0xff, 0xff, 0xff,        /* group:: r-x */
	0x20, 0x00, 0, 0, 0xff, 0xff, 0xff, 0xff,        /* other:: --- */
};

/* A scan takes a folder's ACLs away: a default ACL set by hand would be
 * the permissions of every file the build writes in it (here: none for
 * others, whatever the umask). Skipped where the file system has none. */
static void test_a_scan_drops_a_folders_acls(void **state)
{
	struct tmp *t = *state;
	assert_int_equal(fs_mkdir_p(at(t, "s/a")), 0);
	if (setxattr(at(t, "s/a"), "system.posix_acl_default", private_default_acl,
		     sizeof private_default_acl, 0) != 0)
		skip();
	assert_int_equal(fs_write_file(at(t, "s/a/before.html"), "", 0), 0);
	assert_int_equal(mode_at(t, "s/a/before.html") & 07, 0);
	int fd = open(at(t, "s"), O_RDONLY | O_DIRECTORY);
	struct strmap files = STRMAP_INIT, dirs = STRMAP_INIT;
	assert_int_equal(fs_scan_tree_at(fd, FS_FOLDER_MODE, &files, &dirs), 0);
	close(fd);
	strmap_free(&files);
	strmap_free(&dirs);
	char names[256];
	assert_int_equal(listxattr(at(t, "s/a"), names, sizeof names), 0);
	mode_t mask = umask(0);
	umask(mask);
	assert_int_equal(fs_write_file(at(t, "s/a/after.html"), "", 0), 0);
	assert_int_equal(mode_at(t, "s/a/after.html"), 0644 & ~mask);
}

/* A folder of another user fails the scan (EPERM): a tree that is not
 * the process's own is not one it may take (run as root: only root can
 * give a folder away). */
static void test_a_scan_refuses_another_users_folder(void **state)
{
	struct tmp *t = *state;
	if (geteuid() != 0)
		skip();
	assert_int_equal(fs_write_file(at(t, "s/a/index.html"), "", 0), 0);
	assert_int_equal(chown(at(t, "s/a"), 65534, 65534), 0);
	int fd = open(at(t, "s"), O_RDONLY | O_DIRECTORY);
	struct strmap files = STRMAP_INIT, dirs = STRMAP_INIT;
	errno = 0;
	assert_int_equal(fs_scan_tree_at(fd, FS_FOLDER_MODE, &files, &dirs), -1);
	assert_int_equal(errno, EPERM);
	close(fd);
	strmap_free(&files);
	strmap_free(&dirs);
}

/* The umask is read without being set: as umask() gives it. */
static void test_the_umask_is_read_as_set(void **state)
{
	(void)state;
	mode_t was = umask(027), mask = 0;
	assert_int_equal(fs_umask(&mask), 0);
	assert_int_equal(mask, 027);
	umask(was);
	assert_int_equal(fs_umask(&mask), 0);
	assert_int_equal(mask, was);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_written_files_are_read_back_with_their_folders,
						tmp_setup, tmp_teardown),
		cmocka_unit_test_setup_teardown(test_files_of_any_size_are_read_whole,
						tmp_setup, tmp_teardown),
		cmocka_unit_test_setup_teardown(test_a_missing_file_is_an_error_with_errno,
						tmp_setup, tmp_teardown),
		cmocka_unit_test_setup_teardown(test_a_fifo_is_refused_without_blocking,
						tmp_setup, tmp_teardown),
		cmocka_unit_test_setup_teardown(test_a_link_is_not_followed_when_asked,
						tmp_setup, tmp_teardown),
		cmocka_unit_test_setup_teardown(test_listings_are_sorted_and_filtered_by_suffix,
						tmp_setup, tmp_teardown),
		cmocka_unit_test_setup_teardown(test_create_at_never_overwrites,
						tmp_setup, tmp_teardown),
		cmocka_unit_test_setup_teardown(test_compare_reads_a_long_file_in_pieces,
						tmp_setup, tmp_teardown),
		cmocka_unit_test_setup_teardown(test_trees_are_removed_and_their_files_counted,
						tmp_setup, tmp_teardown),
		cmocka_unit_test_setup_teardown(test_trees_are_removed_on_threads_with_every_file_counted,
						tmp_setup, tmp_teardown),
		cmocka_unit_test_setup_teardown(test_a_link_out_of_the_root_escapes_it,
						tmp_setup, tmp_teardown),
		cmocka_unit_test_setup_teardown(test_a_file_id_is_its_inode_size_and_times,
						tmp_setup, tmp_teardown),
		cmocka_unit_test_setup_teardown(test_a_file_is_read_by_its_id_only, tmp_setup,
						tmp_teardown),
		cmocka_unit_test(test_one_version_of_a_file_is_told_by_inode_size_and_times),
		cmocka_unit_test_setup_teardown(test_the_walk_finds_every_file_below_with_its_path,
						tmp_setup, tmp_teardown),
		cmocka_unit_test_setup_teardown(test_a_scan_lists_files_and_folders_and_removes_the_rest,
						tmp_setup, tmp_teardown),
		cmocka_unit_test_setup_teardown(test_a_scan_gives_every_folder_its_mode, tmp_setup,
						tmp_teardown),
		cmocka_unit_test_setup_teardown(test_a_scan_drops_a_folders_acls, tmp_setup,
						tmp_teardown),
		cmocka_unit_test_setup_teardown(test_a_scan_refuses_another_users_folder, tmp_setup,
						tmp_teardown),
		cmocka_unit_test(test_the_umask_is_read_as_set),
		cmocka_unit_test_setup_teardown(test_the_walk_says_when_it_met_a_link_or_fifo,
						tmp_setup, tmp_teardown),
	};
	return cmocka_run_group_tests_name("fs", tests, NULL, NULL);
}
