/* renameat2 and RENAME_EXCHANGE are GNU extensions of glibc */
#define _GNU_SOURCE

#include "output.h"

#include "buf.h"
#include "diag.h"
#include "fs.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static volatile sig_atomic_t interrupted;
static struct sigaction old_int, old_term;

static void on_signal(int sig)
{
	interrupted = sig;
}

int output_interrupted(void)
{
	return interrupted;
}

/* The absolute form of `path`, whose last parts may not exist yet: the
 * deepest existing ancestor resolved, the rest appended. malloc'd, or NULL
 * with errno set (e.g. ENOTDIR when an ancestor is a file). */
static char *absolute_path(const char *path)
{
	char *r = realpath(path, NULL);
	if (r || errno != ENOENT)
		return r;
	const char *slash = strrchr(path, '/');
	if (slash == path)
		return strdup(path); /* "/name": the root exists */
	char *parent = slash ? strndup(path, (size_t)(slash - path)) : strdup(".");
	if (!parent)
		abort();
	char *base = absolute_path(parent);
	int e = errno;
	free(parent);
	if (!base) {
		errno = e;
		return NULL;
	}
	struct buf b = BUF_INIT;
	buf_addf(&b, "%s/%s", strcmp(base, "/") ? base : "", slash ? slash + 1 : path);
	free(base);
	return buf_detach(&b, NULL);
}

/* True when `inner` is `outer` or lies below it (both absolute). */
static bool path_within(const char *inner, const char *outer)
{
	size_t n = strlen(outer);
	return !strncmp(inner, outer, n) && (inner[n] == '/' || inner[n] == '\0');
}

int output_check_target(const char *dir, const char *root, struct diag *diag)
{
	char *out = absolute_path(dir);
	int out_errno = errno;
	char *proj = realpath(root, NULL);
	int rc = 0;
	if (!out) {
		diag_error(diag, dir, 0, 0, "cannot use the output folder: %s",
			   strerror(out_errno));
		rc = -1;
	} else if (!proj) {
		diag_error(diag, root, 0, 0, "cannot find the project folder: %s",
			   strerror(errno));
		rc = -1;
	} else if (path_within(proj, out)) {
		diag_error(diag, dir, 0, 0,
			   "the output folder is the project folder or holds it; refusing");
		rc = -1;
	} else {
		static const char *const inputs[] = { "content", "data", "templates" };
		for (size_t i = 0; i < 3 && rc == 0; i++) {
			struct buf in = BUF_INIT;
			buf_addf(&in, "%s/%s", proj, inputs[i]);
			if (path_within(out, in.ptr)) {
				diag_error(diag, dir, 0, 0,
					   "the output folder is inside the project's %s/; refusing",
					   inputs[i]);
				rc = -1;
			}
			buf_release(&in);
		}
	}
	free(out);
	free(proj);
	return rc;
}

/* Check that `dir` is absent, empty, or a site an earlier build made. */
static int check_replaceable(const char *dir, struct diag *diag)
{
	struct stat st;
	if (lstat(dir, &st) != 0)
		return 0;
	if (S_ISLNK(st.st_mode)) {
		diag_error(diag, dir, 0, 0,
			   "the output folder is a symbolic link; refusing to replace it");
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		diag_error(diag, dir, 0, 0,
			   "the output path exists and is not a folder; refusing to replace it");
		return -1;
	}
	char **names = fs_list_dir(dir, NULL);
	bool empty = names && !names[0];
	fs_free_list(names);
	struct buf marker = BUF_INIT;
	buf_addf(&marker, "%s/" OUTPUT_MARKER, dir);
	bool ours = fs_exists(marker.ptr);
	buf_release(&marker);
	if (empty || ours)
		return 0;
	diag_error(diag, dir, 0, 0,
		   "the output folder exists and was not made by gen (no " OUTPUT_MARKER
		   "); refusing to replace it");
	return -1;
}

int output_begin(struct output *o, const char *dir, struct diag *diag)
{
	memset(o, 0, sizeof *o);
	o->dir_fd = o->staging_fd = -1;
	o->diag = diag;
	if (check_replaceable(dir, diag) != 0)
		return -1;
	size_t n = strlen(dir);
	while (n > 1 && dir[n - 1] == '/')
		n--;
	o->dir = strndup(dir, n);
	if (!o->dir)
		abort();
	const char *slash = strrchr(o->dir, '/');
	struct buf b = BUF_INIT;
	if (slash)
		buf_add(&b, o->dir, (size_t)(slash - o->dir) + 1);
	buf_addf(&b, ".site-staging-%s-%ld", slash ? slash + 1 : o->dir,
		 (long)getpid());
	o->staging = buf_detach(&b, NULL);
	fs_remove_tree(o->staging);
	if (fs_mkdir_p(o->staging) != 0 ||
	    (o->staging_fd = open(o->staging, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
		diag_error(diag, o->staging, 0, 0,
			   "cannot create the staging folder: %s", strerror(errno));
		return -1;
	}
	/* no published folder yet: nothing to compare with or link from */
	o->dir_fd = open(o->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	return 0;
}

/* True for a relative path of safe segments. */
static bool path_is_safe(const char *rel)
{
	if (!*rel || rel[0] == '/')
		return false;
	const char *seg = rel;
	for (const char *p = rel;; p++) {
		if (*p == '\\' || (*p && (unsigned char)*p < 0x20))
			return false;
		if (*p == '/' || *p == '\0') {
			if (p == seg || seg[0] == '.')
				return false;
			if (!*p)
				return true;
			seg = p + 1;
		}
	}
}

/* Keep an unchanged file: a hard link to the published one, or a copy with
 * the old modification time where links are not possible. */
static int keep_file(struct output *o, const char *rel, const void *data,
		     size_t len)
{
	if (linkat(o->dir_fd, rel, o->staging_fd, rel, 0) == 0)
		return 0;
	if (errno == ENOENT && fs_make_parent_at(o->staging_fd, rel) == 0 &&
	    linkat(o->dir_fd, rel, o->staging_fd, rel, 0) == 0)
		return 0;
	struct stat st;
	if (errno == EEXIST || fstatat(o->dir_fd, rel, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
	    fs_create_file_at(o->staging_fd, rel, data, len) != 0)
		return -1;
	struct timespec times[2] = { st.st_atim, st.st_mtim };
	return utimensat(o->staging_fd, rel, times, 0);
}

/* True for "<folder>/index.html". */
static bool is_page(const char *rel)
{
	size_t n = strlen(rel);
	return n > 11 && !strcmp(rel + n - 11, "/index.html");
}

/* Put one file into the staging folder: a link to the published copy when
 * the bytes are the same, else a new file. `counted` files show in the
 * summary (the marker does not). Paths are relative to the open folders. */
static int stage_file(struct output *o, const char *rel, const void *data,
		      size_t len, bool counted, struct diag *diag)
{
	int rc = 0;
	bool kept = false;
	/* files are created exclusively (link and O_EXCL fail on an existing
	 * path), so a second writer of a path fails even in another thread */
	enum fs_same old = o->dir_fd >= 0 ? fs_compare_file_at(o->dir_fd, rel, data, len)
					  : FS_ABSENT;
	/* a page is the only file of its folder: make the folder first, not
	 * after a failed open or link */
	if (is_page(rel))
		fs_make_parent_at(o->staging_fd, rel);
	if (old == FS_SAME) {
		rc = keep_file(o, rel, data, len);
		kept = true;
	} else {
		rc = fs_create_file_at(o->staging_fd, rel, data, len);
	}
	if (rc == 0 && old != FS_ABSENT)
		atomic_fetch_add(&o->existed, 1);
	if (rc != 0 && errno == EEXIST)
		diag_error(diag, rel, 0, 0, "two inputs write the same output file");
	else if (rc != 0)
		diag_error(diag, rel, 0, 0, "cannot write: %s", strerror(errno));
	else if (counted)
		atomic_fetch_add(kept ? &o->unchanged : &o->written, 1);
	return rc;
}

int output_add_to(struct output *o, const char *rel, const void *data,
		  size_t len, struct diag *diag)
{
	if (interrupted) {
		diag_error(diag, NULL, 0, 0, "interrupted; the site was not changed");
		return -1;
	}
	if (!path_is_safe(rel)) {
		diag_error(diag, rel, 0, 0,
			   "refusing to write outside the output folder");
		return -1;
	}
	return stage_file(o, rel, data, len, true, diag);
}

int output_add(struct output *o, const char *rel, const void *data, size_t len)
{
	return output_add_to(o, rel, data, len, o->diag);
}

int output_commit(struct output *o)
{
	if (interrupted) {
		diag_error(o->diag, NULL, 0, 0, "interrupted; the site was not changed");
		output_abort(o);
		return -1;
	}
	static const char note[] = "made by gen (gpuguide); replaced by every build\n";
	if (stage_file(o, OUTPUT_MARKER, note, sizeof note - 1, false, o->diag) != 0) {
		output_abort(o);
		return -1;
	}
	if (!fs_exists(o->dir)) {
		if (rename(o->staging, o->dir) != 0) {
			diag_error(o->diag, o->dir, 0, 0, "cannot publish: %s",
				   strerror(errno));
			output_abort(o);
			return -1;
		}
		return 0;
	}
	if (renameat2(AT_FDCWD, o->staging, AT_FDCWD, o->dir, RENAME_EXCHANGE) != 0) {
		diag_error(o->diag, o->dir, 0, 0,
			   "cannot swap the new site in (is it a mount point?): %s",
			   strerror(errno));
		output_abort(o);
		return -1;
	}
	/* the staging name now holds the previous site: its files that the new
	 * one does not have at the same path are the removed ones */
	size_t old_files = 0;
	fs_remove_tree_counted(o->staging, &old_files);
	o->removed = old_files > o->existed ? old_files - o->existed : 0;
	return 0;
}

void output_abort(struct output *o)
{
	if (o->staging)
		fs_remove_tree(o->staging);
}

void output_free(struct output *o)
{
	/* o->dir is set once output_begin has set the folders' descriptors
	 * (a zeroed output that never began holds none) */
	if (o->dir) {
		if (o->dir_fd >= 0)
			close(o->dir_fd);
		if (o->staging_fd >= 0)
			close(o->staging_fd);
		o->dir_fd = o->staging_fd = -1;
	}
	free(o->dir);
	free(o->staging);
	o->dir = o->staging = NULL;
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
}
