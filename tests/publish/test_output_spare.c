/* The spare of the output module (output.h): the site the swap takes out,
 * kept beside the output folder and taken as the next build's staging
 * folder. Each build here lists the files the last one published with
 * their ids, as the page cache does (output_published_ids after the swap),
 * and hands the listing to output_keep_spare; what a hand or a killed
 * build left in the spare must never reach the site, nor any write leave
 * it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/buf.h"
#include "base/diag.h"
#include "base/fs.h"
#include "base/pool.h"
#include "base/strmap.h"
#include "publish/output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_FILES 64

/* What the last build published, as the page cache keeps it. */
struct listing {
	struct strmap files; /* path -> index + 1 */
	struct fs_file_id ids[MAX_FILES];
	size_t n;
};

struct fixture {
	char root[64];
	char site[96];
	char spare[96];
	struct buf log;
	struct diag diag;
	struct listing last;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof *f);
	strcpy(f->root, "/tmp/gpuguide-spare-XXXXXX");
	if (!mkdtemp(f->root))
		return -1;
	snprintf(f->site, sizeof f->site, "%s/site", f->root);
	snprintf(f->spare, sizeof f->spare, "%s/.site-spare-site", f->root);
	buf_init(&f->log);
	diag_init(&f->diag, NULL, &f->log);
	f->last.files = (struct strmap)STRMAP_INIT;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	fs_remove_tree(f->root);
	buf_release(&f->log);
	strmap_free(&f->last.files);
	free(f);
	return 0;
}

static void record(void *ctx, const char *rel, const struct fs_file_id *id)
{
	struct listing *l = ctx;
	assert_true(l->n < MAX_FILES);
	l->ids[l->n++] = *id;
	*strmap_slot(&l->files, rel, NULL) = l->n;
}

/* Begin a build of the site, with the spare when the last build listed
 * its files (its first build has none). */
static void begin(struct fixture *f, struct output *o)
{
	assert_int_equal(output_lock(o, f->site, &f->diag), 0);
	if (f->last.n)
		output_keep_spare(o, &f->last.files);
	assert_int_equal(output_begin_locked(o, &f->diag), 0);
}

/* The id the last build published `rel` with. */
static const struct fs_file_id *last_id(struct fixture *f, const char *rel)
{
	const size_t *i = strmap_get(&f->last.files, rel);
	assert_non_null(i);
	return &f->last.ids[*i - 1];
}

/* Publish, and list what was published for the next build. */
static void commit(struct fixture *f, struct output *o)
{
	assert_int_equal(output_commit(o), 0);
	struct listing next = { STRMAP_INIT, { { 0 } }, 0 };
	assert_int_equal(output_published_ids(o, record, &next), 0);
	output_free(o);
	strmap_free(&f->last.files);
	f->last = next;
}

/* A build that keeps `kept` (NULL-terminated) by the last build's ids
 * and writes `files` (path, content pairs). */
static void build(struct fixture *f, const char *const *kept, const char *const *files)
{
	struct output o;
	begin(f, &o);
	for (size_t i = 0; kept && kept[i]; i++)
		assert_int_equal(output_keep(&o, kept[i], last_id(f, kept[i]), &f->diag), 1);
	for (size_t i = 0; files && files[i]; i += 2)
		assert_int_equal(output_add(&o, files[i], files[i + 1], strlen(files[i + 1])), 0);
	commit(f, &o);
}

static char *path_in(const char *dir, const char *rel)
{
	struct buf b = BUF_INIT;
	buf_addf(&b, "%s/%s", dir, rel);
	return buf_detach(&b, NULL);
}

static void write_in(const char *dir, const char *rel, const char *text)
{
	char *p = path_in(dir, rel);
	assert_int_equal(fs_write_file(p, text, strlen(text)), 0);
	free(p);
}

static void stat_in(const char *dir, const char *rel, struct stat *st)
{
	char *p = path_in(dir, rel);
	assert_int_equal(lstat(p, st), 0);
	free(p);
}

static bool exists_in(const char *dir, const char *rel)
{
	char *p = path_in(dir, rel);
	bool there = fs_exists(p);
	free(p);
	return there;
}

static void assert_file(const char *dir, const char *rel, const char *want)
{
	char *p = path_in(dir, rel);
	struct buf b = BUF_INIT;
	assert_int_equal(fs_read_file(p, &b), 0);
	assert_string_equal(b.ptr, want);
	buf_release(&b);
	free(p);
}

/* The files below `dir`, counted (folders not). */
static void count_file(void *ctx, const char *rel, const struct fs_file_id *id)
{
	(void)rel, (void)id;
	(*(size_t *)ctx)++;
}

static size_t files_in(const char *dir)
{
	size_t n = 0;
	assert_int_equal(fs_walk_files(dir, count_file, &n), 0);
	return n;
}

static const char *const first[] = { "a.html", "A", "en/b/index.html", "B", NULL };

/* The first build has no spare; the second keeps the first's tree as one;
 * the third takes it, and a file all three keep is not touched at all
 * (no link made or removed: its change time stays). */
static void test_a_kept_file_stays_where_it_is(void **state)
{
	struct fixture *f = *state;
	build(f, NULL, first);
	assert_false(fs_exists(f->spare));
	static const char *const kept[] = { "a.html", NULL };
	static const char *const b2[] = { "en/b/index.html", "B2", NULL };
	build(f, kept, b2);
	assert_true(fs_is_dir(f->spare));
	struct stat before, after;
	stat_in(f->site, "a.html", &before);
	usleep(20000);
	static const char *const b3[] = { "en/b/index.html", "B3", NULL };
	build(f, kept, b3);
	stat_in(f->site, "a.html", &after);
	assert_int_equal(before.st_ino, after.st_ino);
	assert_int_equal(before.st_ctim.tv_sec, after.st_ctim.tv_sec);
	assert_int_equal(before.st_ctim.tv_nsec, after.st_ctim.tv_nsec);
	assert_file(f->site, "en/b/index.html", "B3");
	/* the id the third build noted for it is still the file's */
	assert_int_equal(last_id(f, "a.html")->ctime_ns,
			 (int64_t)after.st_ctim.tv_sec * 1000000000 + after.st_ctim.tv_nsec);
	/* the spare holds the second build's site, the page that changed too */
	assert_file(f->spare, "en/b/index.html", "B2");
}

/* Files, folders, links and FIFOs put into the spare by hand are never
 * published, and no link in it is followed. */
static void test_what_the_spare_holds_is_not_published(void **state)
{
	struct fixture *f = *state;
	build(f, NULL, first);
	build(f, NULL, first);
	assert_true(fs_is_dir(f->spare));
	char *outside = path_in(f->root, "outside");
	assert_int_equal(fs_mkdir_p(outside), 0);
	write_in(f->spare, "stray.html", "S");
	write_in(f->spare, "en/stray.html", "S");
	write_in(f->spare, "zz/deep/x.html", "S");
	char *link = path_in(f->spare, "link.html");
	assert_int_equal(symlink(outside, link), 0);
	char *fifo = path_in(f->spare, "en/b/fifo");
	assert_int_equal(mkfifo(fifo, 0644), 0);
	/* the page's folder a link to the folder outside: the write goes in
	 * a folder of the staging's own */
	char *page = path_in(f->spare, "fr");
	assert_int_equal(symlink(outside, page), 0);
	static const char *const kept[] = { "a.html", NULL };
	static const char *const files[] = { "en/b/index.html", "B", "fr/index.html", "F", NULL };
	build(f, kept, files);
	assert_int_equal(files_in(f->site), 4); /* and the marker */
	assert_file(f->site, "fr/index.html", "F");
	assert_int_equal(files_in(outside), 0);
	assert_false(exists_in(f->site, "stray.html"));
	assert_false(exists_in(f->site, "zz"));
	free(outside);
	free(link);
	free(fifo);
	free(page);
}

/* A file of the spare that is not the published one (the last build
 * wrote the file anew: the spare has the version before) is not kept:
 * the published file is linked in its place. */
static void test_a_spare_file_not_the_published_one_is_replaced(void **state)
{
	struct fixture *f = *state;
	static const char *const v1[] = { "a.html", "A1", "b.html", "B", NULL };
	static const char *const v2[] = { "a.html", "A2", "b.html", "B", NULL };
	build(f, NULL, v1);
	build(f, NULL, v2);
	assert_file(f->spare, "a.html", "A1");
	struct stat published, after;
	stat_in(f->site, "a.html", &published);
	static const char *const kept[] = { "a.html", "b.html", NULL };
	build(f, kept, NULL);
	stat_in(f->site, "a.html", &after);
	assert_int_equal(after.st_ino, published.st_ino);
	assert_file(f->site, "a.html", "A2");
	/* the next build finds the spare's copy is the published one */
	stat_in(f->spare, "a.html", &published);
	build(f, kept, NULL);
	stat_in(f->site, "a.html", &after);
	assert_int_equal(after.st_ino, published.st_ino);
	assert_int_equal(after.st_ctim.tv_nsec, published.st_ctim.tv_nsec);
}

/* A file of the spare where the build needs a folder, and a folder where
 * it needs a file, make way. */
static void test_a_spare_entry_of_the_other_kind_makes_way(void **state)
{
	struct fixture *f = *state;
	static const char *const v1[] = { "p", "P", "q/old.html", "Q", "q/r/s.html", "S", NULL };
	build(f, NULL, v1);
	build(f, NULL, v1);
	static const char *const v2[] = { "p/index.html", "P2", "q", "Q2", NULL };
	build(f, NULL, v2);
	assert_file(f->site, "p/index.html", "P2");
	assert_file(f->site, "q", "Q2");
	assert_int_equal(files_in(f->site), 3);
}

/* Two files at one path are an error with the spare as without it, and
 * the site stays as it was. */
static void test_two_writers_of_a_path_the_spare_held(void **state)
{
	struct fixture *f = *state;
	build(f, NULL, first);
	build(f, NULL, first);
	struct output o;
	begin(f, &o);
	assert_int_equal(output_keep(&o, "a.html", last_id(f, "a.html"), &f->diag), 1);
	assert_int_equal(output_add(&o, "a.html", "X", 1), -1);
	assert_int_equal(output_add(&o, "en/b/index.html", "B", 1), 0);
	assert_int_equal(output_add(&o, "en/b/index.html", "B", 1), -1);
	assert_string_equal(f->log.ptr, "a.html: error: two inputs write the same output file\n"
					"en/b/index.html: error: two inputs write the same output file\n");
	output_abort(&o);
	output_free(&o);
	assert_file(f->site, "a.html", "A");
	/* the staging folder went back to be the spare: the next build is right */
	assert_true(fs_is_dir(f->spare));
	static const char *const files[] = { "en/b/index.html", "B2", NULL };
	build(f, NULL, files);
	assert_int_equal(files_in(f->site), 2);
	assert_file(f->site, "en/b/index.html", "B2");
}

/* The removed files are those the last build listed and this one did not
 * stage (the old tree is not walked to count them). */
static void test_removed_files_are_counted_from_the_listing(void **state)
{
	struct fixture *f = *state;
	static const char *const v1[] = { "a.html", "A", "b.html", "B", "c/index.html", "C", NULL };
	build(f, NULL, v1);
	struct output o;
	begin(f, &o);
	assert_int_equal(output_add(&o, "a.html", "A", 1), 0);
	assert_int_equal(output_add(&o, "d.html", "D", 1), 0);
	assert_int_equal(output_commit(&o), 0);
	assert_int_equal(o.removed, 2);
	output_free(&o);
	assert_false(exists_in(f->site, "b.html"));
	assert_false(exists_in(f->site, "c"));
}

/* A spare taken for a build that stops before it begins (an error in the
 * inputs) is put back as it was. */
static void test_a_build_that_never_began_leaves_the_spare(void **state)
{
	struct fixture *f = *state;
	build(f, NULL, first);
	build(f, NULL, first);
	size_t held = files_in(f->spare);
	struct output o;
	assert_int_equal(output_lock(&o, f->site, &f->diag), 0);
	output_keep_spare(&o, &f->last.files);
	output_unlock(&o);
	assert_int_equal(files_in(f->spare), held);
	char **left = fs_list_dir(f->root, NULL);
	for (char **n = left; *n; n++)
		assert_null(strstr(*n, "staging"));
	fs_free_list(left);
}

/* Without a listing (no page cache: a first build, another gen), the
 * spare is deleted and the old tree removed after the swap, as before. */
static void test_without_a_listing_there_is_no_spare(void **state)
{
	struct fixture *f = *state;
	build(f, NULL, first);
	build(f, NULL, first);
	assert_true(fs_is_dir(f->spare));
	strmap_free(&f->last.files);
	f->last.n = 0;
	static const char *const files[] = { "a.html", "A", NULL };
	struct output o;
	begin(f, &o);
	assert_int_equal(output_add(&o, files[0], files[1], 1), 0);
	assert_int_equal(output_commit(&o), 0);
	assert_int_equal(o.removed, 1);
	output_free(&o);
	assert_false(fs_exists(f->spare));
}

/* An output folder named without a folder before it ("site", the build
 * run beside it): the spare is taken as this build's staging folder, not
 * removed as a killed build's. */
static void test_a_relative_output_folder_keeps_its_spare(void **state)
{
	struct fixture *f = *state;
	char here[4096];
	assert_non_null(getcwd(here, sizeof here));
	assert_int_equal(chdir(f->root), 0);
	strcpy(f->site, "site");
	strcpy(f->spare, ".site-spare-site");
	build(f, NULL, first);
	build(f, NULL, first);
	struct stat before, after;
	stat_in(f->site, "a.html", &before);
	static const char *const kept[] = { "a.html", NULL };
	build(f, kept, NULL);
	stat_in(f->site, "a.html", &after);
	assert_int_equal(after.st_ctim.tv_nsec, before.st_ctim.tv_nsec);
	assert_int_equal(after.st_ino, before.st_ino);
	assert_int_equal(files_in(f->site), 2);
	assert_int_equal(chdir(here), 0);
}

/* Threads staging into an adopted spare at once (as the render's do):
 * each path's state is taken by one of them, a kept file stays, a written
 * one replaces the spare's, and a path two of them write is one error. */
struct staging_job {
	struct fixture *f;
	struct output *o;
	char rel[40][32];
	struct diag diag[41];
	struct buf log[41];
	int rc[41];
};

static void stage_one(void *ctx, size_t i, int worker)
{
	(void)worker;
	struct staging_job *j = ctx;
	if (i == 40) /* a second writer of a page another job writes */
		j->rc[i] = output_add_to(j->o, j->rel[1], "again", 5, &j->diag[i]);
	else if (i % 2 == 0)
		j->rc[i] = output_keep(j->o, j->rel[i], last_id(j->f, j->rel[i]), &j->diag[i]);
	else
		j->rc[i] = output_add_to(j->o, j->rel[i], "new", 3, &j->diag[i]);
}

static void test_threads_stage_into_the_spare(void **state)
{
	struct fixture *f = *state;
	struct staging_job *j = calloc(1, sizeof *j);
	const char *files[81];
	for (size_t i = 0; i < 40; i++) {
		snprintf(j->rel[i], sizeof j->rel[i], "s%zu/p%zu/index.html", i % 3, i);
		files[2 * i] = j->rel[i];
		files[2 * i + 1] = "old";
	}
	files[80] = NULL;
	build(f, NULL, files);
	build(f, NULL, files);
	struct output o;
	begin(f, &o);
	j->f = f;
	j->o = &o;
	for (size_t i = 0; i < 41; i++) {
		buf_init(&j->log[i]);
		diag_init(&j->diag[i], NULL, &j->log[i]);
	}
	pool_run(4, 41, stage_one, j);
	int errors = 0;
	for (size_t i = 0; i < 41; i++) {
		if (i % 2 == 0 && i < 40)
			assert_int_equal(j->rc[i], 1);
		if (j->rc[i] < 0) {
			errors++;
			assert_string_equal(j->log[i].ptr, "s1/p1/index.html: error: two inputs write the same output file\n");
		}
		buf_release(&j->log[i]);
	}
	assert_int_equal(errors, 1);
	commit(f, &o);
	assert_int_equal(files_in(f->site), 41);
	for (size_t i = 2; i < 40; i++)
		assert_file(f->site, j->rel[i], i % 2 ? "new" : "old");
	free(j);
}

/* A build that writes more files than it keeps (a template changed)
 * removes the old tree instead of keeping it: the spare would be mostly
 * old copies. The next build stages into a new folder, and keeps one. */
static void test_a_build_that_rewrote_most_keeps_no_spare(void **state)
{
	struct fixture *f = *state;
	static const char *const v1[] = { "a.html", "A", "b.html", "B", "c.html", "C", NULL };
	static const char *const v2[] = { "a.html", "A2", "b.html", "B2", "c.html", "C", NULL };
	build(f, NULL, v1);
	build(f, NULL, v1);
	assert_true(fs_is_dir(f->spare));
	struct output o;
	begin(f, &o);
	for (size_t i = 0; v2[i]; i += 2)
		assert_int_equal(output_add(&o, v2[i], v2[i + 1], strlen(v2[i + 1])), 0);
	assert_int_equal(output_commit(&o), 0);
	assert_int_equal(o.written, 2);
	assert_int_equal(o.unchanged, 1);
	output_free(&o);
	assert_false(fs_exists(f->spare));
	assert_int_equal(files_in(f->site), 4);
	/* no listing taken of that build here: the next starts over, without
	 * a spare, and leaves one (it keeps all) */
	strmap_free(&f->last.files);
	f->last.n = 0;
	build(f, NULL, v2);
	build(f, NULL, v2);
	assert_true(fs_is_dir(f->spare));
	assert_file(f->site, "b.html", "B2");
}

/* The permissions of the folder at `rel` of `dir`, and its owner. */
static mode_t folder_mode_in(const char *dir, const char *rel, uid_t *owner)
{
	struct stat st;
	stat_in(dir, rel, &st);
	assert_true(S_ISDIR(st.st_mode));
	if (owner)
		*owner = st.st_uid;
	return st.st_mode & 07777;
}

/* The spare's folders, given other permissions by hand, are published
 * with those a new folder gets: a folder's mode is not passed on. */
static void test_the_spares_folders_get_a_new_folders_mode(void **state)
{
	struct fixture *f = *state;
	build(f, NULL, first);
	build(f, NULL, first);
	assert_true(fs_is_dir(f->spare));
	char *en = path_in(f->spare, "en"), *b = path_in(f->spare, "en/b");
	assert_int_equal(chmod(f->spare, 0700), 0);
	assert_int_equal(chmod(en, 0711), 0);
	assert_int_equal(chmod(b, 0777), 0);
	static const char *const kept[] = { "a.html", NULL };
	static const char *const files[] = { "en/b/index.html", "B2", NULL };
	build(f, kept, files);
	mode_t mask = umask(0);
	umask(mask);
	mode_t want = FS_FOLDER_MODE & ~mask;
	assert_int_equal(folder_mode_in(f->root, "site", NULL), want);
	assert_int_equal(folder_mode_in(f->site, "en", NULL), want);
	assert_int_equal(folder_mode_in(f->site, "en/b", NULL), want);
	assert_file(f->site, "en/b/index.html", "B2");
	free(en);
	free(b);
}

/* A spare of another user (a build run as root, then as an editor, or
 * the reverse) is not taken: the build stages into a folder of its own,
 * and the site it publishes is all the process's. As root only (only
 * root can give a folder away). */
static void test_another_users_spare_is_not_taken(void **state)
{
	struct fixture *f = *state;
	if (geteuid() != 0)
		skip();
	build(f, NULL, first);
	build(f, NULL, first);
	static const char *const theirs[] = { "", "en", "en/b", "a.html", "en/b/index.html", NULL };
	for (size_t i = 0; theirs[i]; i++) {
		char *p = path_in(f->spare, theirs[i]);
		assert_int_equal(lchown(p, 65534, 65534), 0);
		free(p);
	}
	build(f, NULL, first);
	uid_t owner;
	folder_mode_in(f->root, "site", &owner);
	assert_int_equal(owner, geteuid());
	folder_mode_in(f->site, "en/b", &owner);
	assert_int_equal(owner, geteuid());
	assert_file(f->site, "en/b/index.html", "B");
	/* the other user's spare is gone (root removes it); the site this
	 * build took out is the spare now */
	folder_mode_in(f->root, ".site-spare-site", &owner);
	assert_int_equal(owner, geteuid());
}

int main(void)
{
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
	const struct CMUnitTest tests[] = {
		T(test_a_kept_file_stays_where_it_is),
		T(test_what_the_spare_holds_is_not_published),
		T(test_a_spare_file_not_the_published_one_is_replaced),
		T(test_a_spare_entry_of_the_other_kind_makes_way),
		T(test_two_writers_of_a_path_the_spare_held),
		T(test_removed_files_are_counted_from_the_listing),
		T(test_a_build_that_never_began_leaves_the_spare),
		T(test_without_a_listing_there_is_no_spare),
		T(test_a_relative_output_folder_keeps_its_spare),
		T(test_threads_stage_into_the_spare),
		T(test_a_build_that_rewrote_most_keeps_no_spare),
		T(test_the_spares_folders_get_a_new_folders_mode),
		T(test_another_users_spare_is_not_taken),
	};
	return cmocka_run_group_tests_name("spare", tests, NULL, NULL);
}
