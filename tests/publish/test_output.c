#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/buf.h"
#include "base/diag.h"
#include "base/fs.h"
#include "publish/output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct fixture {
	char root[64];
	char site[96];
	struct buf log;
	struct diag diag;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof *f);
	strcpy(f->root, "/tmp/gpuguide-output-XXXXXX");
	if (!mkdtemp(f->root))
		return -1;
	snprintf(f->site, sizeof f->site, "%s/site", f->root);
	buf_init(&f->log);
	diag_init(&f->diag, NULL, &f->log);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	fs_remove_tree(f->root);
	buf_release(&f->log);
	free(f);
	return 0;
}

/* Publish the given files (path, content pairs, NULL-terminated). */
static int publish(struct fixture *f, const char *const *files)
{
	struct output o;
	if (output_begin(&o, f->site, &f->diag) != 0)
		return -1;
	int rc = 0;
	for (size_t i = 0; files[i] && rc == 0; i += 2)
		rc = output_add(&o, files[i], files[i + 1], strlen(files[i + 1]));
	if (rc == 0)
		rc = output_commit(&o);
	else
		output_abort(&o);
	output_free(&o);
	return rc;
}

static char *read_site(struct fixture *f, const char *rel)
{
	struct buf path = BUF_INIT, b = BUF_INIT;
	buf_addf(&path, "%s/%s", f->site, rel);
	int rc = fs_read_file(path.ptr, &b);
	buf_release(&path);
	if (rc != 0) {
		buf_release(&b);
		return NULL;
	}
	return buf_detach(&b, NULL);
}

static void stat_site(struct fixture *f, const char *rel, struct stat *st)
{
	struct buf path = BUF_INIT;
	buf_addf(&path, "%s/%s", f->site, rel);
	assert_int_equal(lstat(path.ptr, st), 0);
	buf_release(&path);
}

static void test_first_build_creates_the_folder(void **state)
{
	struct fixture *f = *state;
	const char *files[] = { "en/index.html", "hello", "style.css", "x", NULL };
	assert_int_equal(publish(f, files), 0);
	char *s = read_site(f, "en/index.html");
	assert_string_equal(s, "hello");
	free(s);
}

static void test_unchanged_file_keeps_inode_and_mtime(void **state)
{
	struct fixture *f = *state;
	const char *v1[] = { "a.html", "same", "b.html", "old", NULL };
	assert_int_equal(publish(f, v1), 0);
	struct stat before_a, before_b, after_a, after_b;
	stat_site(f, "a.html", &before_a);
	stat_site(f, "b.html", &before_b);
	sleep(1);
	const char *v2[] = { "a.html", "same", "b.html", "new", NULL };
	struct output o;
	assert_int_equal(output_begin(&o, f->site, &f->diag), 0);
	assert_int_equal(output_add(&o, v2[0], v2[1], 4), 0);
	assert_int_equal(output_add(&o, v2[2], v2[3], 3), 0);
	assert_int_equal(output_commit(&o), 0);
	assert_int_equal(o.unchanged, 1);
	assert_int_equal(o.written, 1);
	output_free(&o);
	stat_site(f, "a.html", &after_a);
	stat_site(f, "b.html", &after_b);
	assert_int_equal(before_a.st_ino, after_a.st_ino);
	assert_int_equal(before_a.st_mtim.tv_sec, after_a.st_mtim.tv_sec);
	assert_int_equal(before_a.st_mtim.tv_nsec, after_a.st_mtim.tv_nsec);
	assert_true(after_b.st_mtim.tv_sec > before_b.st_mtim.tv_sec ||
		    before_b.st_ino != after_b.st_ino);
}

static void test_stale_files_are_removed_and_counted(void **state)
{
	struct fixture *f = *state;
	const char *v1[] = { "a.html", "1", "old/gone.html", "2", NULL };
	assert_int_equal(publish(f, v1), 0);
	struct output o;
	assert_int_equal(output_begin(&o, f->site, &f->diag), 0);
	assert_int_equal(output_add(&o, "a.html", "1", 1), 0);
	assert_int_equal(output_commit(&o), 0);
	assert_int_equal(o.removed, 1);
	output_free(&o);
	char *gone = read_site(f, "old/gone.html");
	assert_null(gone);
}

/* What output_published_ids and a walk of the site list: one line per
 * file, "rel ino size mtime ctime", sorted. */
static void add_id_line(void *ctx, const char *rel, const struct fs_file_id *id)
{
	buf_addf(ctx, "%s %llu %llu %lld %lld\n", rel, (unsigned long long)id->ino,
		 (unsigned long long)id->size, (long long)id->mtime_ns, (long long)id->ctime_ns);
}

static int compare_lines(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void sort_lines(struct buf *b)
{
	char *lines[16];
	size_t n = 0;
	for (char *p = strtok(b->ptr, "\n"); p && n < 16; p = strtok(NULL, "\n"))
		lines[n++] = strdup(p);
	qsort(lines, n, sizeof *lines, compare_lines);
	buf_reset(b);
	for (size_t i = 0; i < n; i++) {
		buf_addf(b, "%s\n", lines[i]);
		free(lines[i]);
	}
}

static void test_published_ids_are_the_walks_after_the_swap(void **state)
{
	struct fixture *f = *state;
	const char *v1[] = { "en/a/index.html", "same", "en/b/index.html", "old",
			     "gone.html", "x", NULL };
	assert_int_equal(publish(f, v1), 0);
	struct output o;
	assert_int_equal(output_begin(&o, f->site, &f->diag), 0);
	assert_int_equal(output_add(&o, "en/a/index.html", "same", 4), 0); /* linked */
	assert_int_equal(output_add(&o, "en/b/index.html", "new", 3), 0);  /* written */
	assert_int_equal(output_add(&o, "zh/c/index.html", "c", 1), 0);
	assert_int_equal(output_commit(&o), 0);
	struct buf listed = BUF_INIT, walked = BUF_INIT;
	assert_int_equal(output_published_ids(&o, add_id_line, &listed), 0);
	assert_int_equal(fs_walk_files(f->site, add_id_line, &walked), 0);
	sort_lines(&listed);
	sort_lines(&walked);
	/* the marker too, the removed file not; ids as they are after the
	 * previous site's links went */
	assert_non_null(strstr(listed.ptr, ".gpuguide-site "));
	assert_null(strstr(listed.ptr, "gone.html"));
	assert_string_equal(listed.ptr, walked.ptr);
	/* a linked file removed since: an error, not an id (a written one's id
	 * was taken as it was written: the next build finds it gone) */
	char path[160];
	snprintf(path, sizeof path, "%s/en/a/index.html", f->site);
	assert_int_equal(unlink(path), 0);
	buf_reset(&listed);
	assert_int_equal(output_published_ids(&o, add_id_line, &listed), -1);
	output_free(&o);
	buf_release(&listed);
	buf_release(&walked);
}

static void test_path_collision_is_an_error_and_site_is_kept(void **state)
{
	struct fixture *f = *state;
	const char *v1[] = { "a.html", "kept", NULL };
	assert_int_equal(publish(f, v1), 0);
	const char *v2[] = { "a.html", "one", "a.html", "two", NULL };
	assert_int_equal(publish(f, v2), -1);
	assert_string_equal(f->log.ptr, "a.html: error: two inputs write the same output file\n");
	char *s = read_site(f, "a.html");
	assert_string_equal(s, "kept");
	free(s);
}

static void test_paths_outside_the_folder_are_refused(void **state)
{
	struct fixture *f = *state;
	const char *bad[] = { "../escape.html", "/abs.html", "a/../../b", ".hidden",
			      "a\\b", "a//b", "" };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		const char *files[] = { bad[i], "x", NULL };
		assert_int_equal(publish(f, files), -1);
	}
	struct buf esc = BUF_INIT;
	buf_addf(&esc, "%s/escape.html", f->root);
	assert_false(fs_exists(esc.ptr));
	buf_release(&esc);
	assert_non_null(strstr(f->log.ptr,
			       "../escape.html: error: refusing to write outside the output folder\n"));
}

static void test_no_staging_folder_is_left_behind(void **state)
{
	struct fixture *f = *state;
	const char *v1[] = { "a.html", "1", NULL };
	assert_int_equal(publish(f, v1), 0);
	const char *v2[] = { "a.html", "1", "a.html", "2", NULL };
	assert_int_equal(publish(f, v2), -1);
	char **names = fs_list_dir(f->root, NULL);
	assert_non_null(names);
	assert_string_equal(names[0], "site");
	assert_null(names[1]);
	fs_free_list(names);
}

static void test_folder_not_made_by_gen_is_not_replaced(void **state)
{
	struct fixture *f = *state;
	struct buf path = BUF_INIT;
	buf_addf(&path, "%s/important.doc", f->site);
	assert_int_equal(fs_write_file(path.ptr, "keep", 4), 0);
	const char *files[] = { "a.html", "x", NULL };
	assert_int_equal(publish(f, files), -1);
	assert_true(fs_exists(path.ptr));
	assert_non_null(strstr(f->log.ptr, "error: the output folder exists and was not made by gen (no .gpuguide-site); refusing to replace it\n"));
	buf_release(&path);
}

static void test_published_folder_carries_the_marker(void **state)
{
	struct fixture *f = *state;
	const char *files[] = { "a.html", "x", NULL };
	assert_int_equal(publish(f, files), 0);
	assert_int_equal(publish(f, files), 0); /* and can be replaced again */
	char *m = read_site(f, OUTPUT_MARKER);
	assert_non_null(m);
	free(m);
}

static void test_output_over_a_file_is_refused(void **state)
{
	struct fixture *f = *state;
	assert_int_equal(fs_write_file(f->site, "precious", 8), 0);
	const char *files[] = { "a.html", "x", NULL };
	assert_int_equal(publish(f, files), -1);
	struct buf b = BUF_INIT;
	assert_int_equal(fs_read_file(f->site, &b), 0);
	assert_string_equal(b.ptr, "precious");
	buf_release(&b);
}

static void test_output_holding_the_project_is_refused(void **state)
{
	struct fixture *f = *state;
	struct buf log = BUF_INIT, data = BUF_INIT;
	struct diag d;
	diag_init(&d, NULL, &log);
	assert_int_equal(output_check_target(f->root, f->root, &d), -1);
	buf_addf(&data, "%s/data", f->root);
	fs_mkdir_p(data.ptr);
	buf_addf(&data, "/out");
	assert_int_equal(output_check_target(data.ptr, f->root, &d), -1);
	assert_int_equal(output_check_target(f->site, f->root, &d), 0);
	/* missing parents are fine: they are created */
	buf_reset(&data);
	buf_addf(&data, "%s/new1/new2/site", f->root);
	assert_int_equal(output_check_target(data.ptr, f->root, &d), 0);
	assert_non_null(strstr(log.ptr, "the output folder is the project folder or holds it; refusing"));
	assert_non_null(strstr(log.ptr, "the output folder is inside the project's data/; refusing"));
	buf_release(&log);
	buf_release(&data);
}

static void test_changed_and_new_files_are_not_counted_as_removed(void **state)
{
	struct fixture *f = *state;
	const char *v1[] = { "a/index.html", "1", "b/index.html", "2",
			     "c/index.html", "3", "d/x.html", "4", NULL };
	assert_int_equal(publish(f, v1), 0);
	struct output o;
	assert_int_equal(output_begin(&o, f->site, &f->diag), 0);
	assert_int_equal(output_add(&o, "a/index.html", "1", 1), 0);   /* same */
	assert_int_equal(output_add(&o, "b/index.html", "22", 2), 0);  /* changed */
	assert_int_equal(output_add(&o, "e/index.html", "5", 1), 0);   /* new */
	assert_int_equal(output_add(&o, "d", "6", 1), 0); /* a file where a folder was */
	assert_int_equal(output_commit(&o), 0);
	/* gone: c/index.html and d/x.html */
	assert_int_equal(o.removed, 2);
	assert_int_equal(o.unchanged, 1);
	assert_int_equal(o.written, 3);
	output_free(&o);
	char *b = read_site(f, "b/index.html");
	assert_string_equal(b, "22");
	free(b);
	assert_null(read_site(f, "c/index.html"));
}

static void test_deep_folders_are_made_and_existing_ones_kept(void **state)
{
	struct fixture *f = *state;
	struct buf p = BUF_INIT;
	buf_addf(&p, "%s/a/b//c/d/", f->root);
	assert_int_equal(fs_mkdir_p(p.ptr), 0);
	assert_true(fs_is_dir(p.ptr));
	assert_int_equal(fs_mkdir_p(p.ptr), 0); /* already there */
	buf_reset(&p);
	buf_addf(&p, "%s/a/b/file", f->root);
	assert_int_equal(fs_write_file(p.ptr, "x", 1), 0);
	buf_adds(&p, "/below");
	assert_int_equal(fs_mkdir_p(p.ptr), -1); /* a file is in the way */
	buf_release(&p);
}

static void test_listing_gives_sorted_names_with_their_kinds(void **state)
{
	struct fixture *f = *state;
	struct buf p = BUF_INIT;
	buf_addf(&p, "%s/list/b-dir", f->root);
	assert_int_equal(fs_mkdir_p(p.ptr), 0);
	buf_reset(&p);
	buf_addf(&p, "%s/list/c-file", f->root);
	assert_int_equal(fs_write_file(p.ptr, "x", 1), 0);
	buf_reset(&p);
	buf_addf(&p, "%s/list/a-link", f->root);
	assert_int_equal(symlink("c-file", p.ptr), 0);
	buf_reset(&p);
	buf_addf(&p, "%s/list", f->root);
	char **e = fs_list_dir_kinds(p.ptr);
	assert_non_null(e);
	assert_int_equal(e[0][0], FS_LINK);
	assert_string_equal(e[0] + 1, "a-link");
	assert_int_equal(e[1][0], FS_DIR);
	assert_string_equal(e[1] + 1, "b-dir");
	assert_int_equal(e[2][0], FS_FILE);
	assert_string_equal(e[2] + 1, "c-file");
	assert_null(e[3]);
	fs_free_list(e);
	char **names = fs_list_dir(p.ptr, NULL);
	assert_string_equal(names[0], "a-link");
	assert_string_equal(names[2], "c-file");
	fs_free_list(names);
	buf_release(&p);
}


/* A second build of the same folder while one holds the lock: refused
 * (after waiting GPUGUIDE_LOCK_WAIT_MS), and the lock file goes with the
 * first build. */
static void test_one_build_at_a_time(void **state)
{
	struct fixture *f = *state;
	struct output first, second;
	assert_int_equal(output_begin(&first, f->site, &f->diag), 0);
	setenv("GPUGUIDE_LOCK_WAIT_MS", "100", 1);
	assert_int_equal(output_begin(&second, f->site, &f->diag), -1);
	unsetenv("GPUGUIDE_LOCK_WAIT_MS");
	output_free(&second);
	struct buf want = BUF_INIT;
	buf_addf(&want, "%s: error: another build is running (pid %ld); try again when it has finished\n",
		 f->site, (long)getpid());
	assert_string_equal(f->log.ptr, want.ptr);
	output_abort(&first);
	output_free(&first);
	struct buf lock = BUF_INIT;
	buf_addf(&lock, "%s/.site-lock-site", f->root);
	assert_false(fs_exists(lock.ptr));
	/* free again: the next build goes ahead */
	static const char *const files[] = { "a.html", "a", NULL };
	assert_int_equal(publish(f, files), 0);
	buf_release(&lock);
	buf_release(&want);
}

/* Staging folders a killed build left are removed by the next build. */
static void test_stale_staging_folders_are_removed(void **state)
{
	struct fixture *f = *state;
	struct buf stale = BUF_INIT, keep = BUF_INIT;
	buf_addf(&stale, "%s/.site-staging-site-999999/en/x.html", f->root);
	assert_int_equal(fs_write_file(stale.ptr, "x", 1), 0);
	buf_addf(&keep, "%s/.site-staging-other-1", f->root); /* another output's */
	assert_int_equal(fs_mkdir_p(keep.ptr), 0);
	static const char *const files[] = { "a.html", "a", NULL };
	assert_int_equal(publish(f, files), 0);
	buf_reset(&stale);
	buf_addf(&stale, "%s/.site-staging-site-999999", f->root);
	assert_false(fs_exists(stale.ptr));
	assert_true(fs_exists(keep.ptr));
	buf_release(&stale);
	buf_release(&keep);
}

int main(void)
{
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
	const struct CMUnitTest tests[] = {
		T(test_first_build_creates_the_folder),
		T(test_unchanged_file_keeps_inode_and_mtime),
		T(test_stale_files_are_removed_and_counted),
		T(test_published_ids_are_the_walks_after_the_swap),
		T(test_path_collision_is_an_error_and_site_is_kept),
		T(test_paths_outside_the_folder_are_refused),
		T(test_no_staging_folder_is_left_behind),
		T(test_folder_not_made_by_gen_is_not_replaced),
		T(test_published_folder_carries_the_marker),
		T(test_output_over_a_file_is_refused),
		T(test_output_holding_the_project_is_refused),
		T(test_deep_folders_are_made_and_existing_ones_kept),
		T(test_changed_and_new_files_are_not_counted_as_removed),
		T(test_listing_gives_sorted_names_with_their_kinds),
		T(test_one_build_at_a_time),
		T(test_stale_staging_folders_are_removed),
	};
	return cmocka_run_group_tests_name("output", tests, NULL, NULL);
}
