/* Tests for fs: reading, listing, writing and removing files, and the
 * refusals the build relies on (a FIFO is not read, an existing file is
 * not overwritten by fs_create_file_at, a link out of the root escapes). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "buf.h"
#include "fs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
	assert_null(fs_list_dir(at(t, "no-such-folder"), NULL));
}

static void test_create_at_never_overwrites(void **state)
{
	struct tmp *t = *state;
	int dirfd = open(t->dir, O_RDONLY | O_DIRECTORY);
	assert_true(dirfd >= 0);
	assert_int_equal(fs_make_parent_at(dirfd, "x/y/page.html"), 0);
	assert_int_equal(fs_create_file_at(dirfd, "x/y/page.html", "one", 3), 0);
	errno = 0;
	assert_int_equal(fs_create_file_at(dirfd, "x/y/page.html", "two", 3), -1);
	assert_int_equal(errno, EEXIST);
	assert_int_equal(fs_compare_file_at(dirfd, "x/y/page.html", "one", 3), FS_SAME);
	assert_int_equal(fs_compare_file_at(dirfd, "x/y/page.html", "onE", 3), FS_DIFFERENT);
	assert_int_equal(fs_compare_file_at(dirfd, "x/y/page.html", "one!", 4), FS_DIFFERENT);
	assert_int_equal(fs_compare_file_at(dirfd, "x/y/none.html", "", 0), FS_ABSENT);
	assert_int_equal(fs_compare_file_at(dirfd, "x/y", "", 0), FS_ABSENT); /* a folder */
	close(dirfd);
}

static void test_trees_are_removed_and_their_files_counted(void **state)
{
	struct tmp *t = *state;
	assert_int_equal(fs_write_file(at(t, "r/1.html"), "", 0), 0);
	assert_int_equal(fs_write_file(at(t, "r/d/2.html"), "", 0), 0);
	assert_int_equal(fs_write_file(at(t, "r/d/e/3.html"), "", 0), 0);
	size_t files = 0;
	assert_int_equal(fs_remove_tree_counted(at(t, "r"), &files), 0);
	assert_int_equal(files, 3);
	assert_false(fs_exists(at(t, "r")));
	assert_int_equal(fs_remove_tree(at(t, "r")), 0); /* absent: no error */
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_written_files_are_read_back_with_their_folders,
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
		cmocka_unit_test_setup_teardown(test_trees_are_removed_and_their_files_counted,
						tmp_setup, tmp_teardown),
		cmocka_unit_test_setup_teardown(test_a_link_out_of_the_root_escapes_it,
						tmp_setup, tmp_teardown),
	};
	return cmocka_run_group_tests_name("fs", tests, NULL, NULL);
}
