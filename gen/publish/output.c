/* renameat2 and RENAME_EXCHANGE are GNU extensions of glibc */
#define _GNU_SOURCE

#include "publish/output.h"

#include "base/buf.h"
#include "base/diag.h"
#include "base/fs.h"
#include "base/strmap.h"
#include "base/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
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
		return xstrdup(path); /* "/name": the root exists */
	char *parent = slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup(".");
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

/* "<parent>/<prefix><name><suffix>" for the output folder o->dir. */
static char *beside_dir(const struct output *o, const char *prefix,
			const char *suffix)
{
	const char *slash = strrchr(o->dir, '/');
	struct buf b = BUF_INIT;
	if (slash)
		buf_add(&b, o->dir, (size_t)(slash - o->dir) + 1);
	buf_addf(&b, "%s%s%s", prefix, slash ? slash + 1 : o->dir, suffix);
	return buf_detach(&b, NULL);
}

static long lock_wait_ms(void)
{
	const char *env = getenv("GPUGUIDE_LOCK_WAIT_MS");
	char *end;
	long ms = env && *env ? strtol(env, &end, 10) : -1;
	return env && *env && !*end && ms >= 0 ? ms : OUTPUT_LOCK_WAIT_MS;
}

/* The pid written in the lock file by its holder, or 0. */
static long lock_holder(int fd)
{
	char text[32];
	ssize_t n = pread(fd, text, sizeof text - 1, 0);
	if (n <= 0)
		return 0;
	text[n] = '\0';
	return strtol(text, NULL, 10);
}

/* Open and lock the lock file; 1 when locked, 0 when another process holds
 * it (its pid in *holder), -1 when it cannot be opened. A lock file that
 * its last holder removed after we opened it is opened again. */
static int lock_try(struct output *o, long *holder)
{
	for (;;) {
		int fd = open(o->lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
		if (fd < 0)
			return -1;
		if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
			*holder = lock_holder(fd);
			close(fd);
			return 0;
		}
		struct stat held, now;
		if (fstat(fd, &held) == 0 && stat(o->lock, &now) == 0 &&
		    held.st_ino == now.st_ino && held.st_dev == now.st_dev) {
			char pid[32];
			int len = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
			if (ftruncate(fd, 0) != 0 || pwrite(fd, pid, (size_t)len, 0) != len)
				(void)0; /* the pid is only shown to a waiting build */
			o->lock_fd = fd;
			return 1;
		}
		close(fd);
	}
}

/* Take the output's lock, waiting a while for another build. 0 or -1
 * (reported). A lock file that cannot be created (a read-only parent)
 * is skipped: creating the staging folder there fails next, and says so. */
static int lock_take(struct output *o, struct diag *diag)
{
	o->lock = beside_dir(o, ".site-lock-", "");
	long wait = lock_wait_ms(), waited = 0, holder = 0;
	bool told = false;
	for (;;) {
		int rc = lock_try(o, &holder);
		if (rc > 0)
			return 0;
		if (rc < 0 && errno != EACCES && errno != EPERM && errno != EROFS) {
			diag_error(diag, o->lock, 0, 0, "cannot create the lock file: %s",
				   strerror(errno));
			return -1;
		}
		if (rc < 0)
			return 0;
		if (waited >= wait)
			break;
		if (!told && diag->echo && wait > 0) {
			fprintf(diag->echo, "gen: waiting for another build of %s to finish\n",
				o->dir);
			told = true;
		}
		struct timespec step = { 0, 50 * 1000000L };
		nanosleep(&step, NULL);
		waited += 50;
	}
	char pid[40] = "";
	if (holder > 0)
		snprintf(pid, sizeof pid, " (pid %ld)", holder);
	diag_error(diag, o->dir, 0, 0,
		   "another build is running%s; try again when it has finished", pid);
	return -1;
}

/* Remove the staging folders of this output that earlier builds left (a
 * build killed with SIGKILL cannot clean up). Called holding the lock, so
 * none of them belongs to a running build (this one's is named after). */
static void remove_stale_staging(const struct output *o)
{
	char *prefix = beside_dir(o, ".site-staging-", "-");
	const char *slash = strrchr(prefix, '/');
	const char *name = slash ? slash + 1 : prefix;
	struct buf parent = BUF_INIT;
	if (slash)
		buf_add(&parent, prefix, (size_t)(slash - prefix));
	else
		buf_adds(&parent, ".");
	char **names = fs_list_dir(parent.ptr, NULL);
	size_t plen = strlen(name);
	for (char **n = names; n && *n; n++) {
		const char *pid = *n + plen;
		if (strncmp(*n, name, plen) || !*pid || strspn(pid, "0123456789") != strlen(pid))
			continue;
		struct buf full = BUF_INIT;
		buf_addf(&full, "%s/%s", parent.ptr, *n);
		fs_remove_tree(full.ptr);
		buf_release(&full);
	}
	fs_free_list(names);
	buf_release(&parent);
	free(prefix);
}

/* The published folder must be writable, or its old files could not be
 * removed after the swap (root may write anywhere: access says so). */
static int check_writable(const char *dir, struct diag *diag)
{
	if (!fs_is_dir(dir) || access(dir, W_OK) == 0)
		return 0;
	diag_error(diag, dir, 0, 0, "cannot replace the output folder: %s",
		   strerror(errno));
	return -1;
}

static void release(struct output *o);

/* Set up `o` for `dir` and take the lock. */
static int lock_only(struct output *o, const char *dir, struct diag *diag)
{
	memset(o, 0, sizeof *o);
	o->dir_fd = o->staging_fd = o->lock_fd = -1;
	o->jobs = 1;
	o->spare_files.paths = (struct strmap)STRMAP_INIT;
	o->spare_dirs.paths = (struct strmap)STRMAP_INIT;
	pthread_mutex_init(&o->staged_lock, NULL);
	o->diag = diag;
	size_t n = strlen(dir);
	while (n > 1 && dir[n - 1] == '/')
		n--;
	o->dir = xstrndup(dir, n);
	const char *slash = strrchr(o->dir, '/');
	if (slash && slash != o->dir) {
		/* the lock and the staging folder go beside the output folder */
		char *parent = xstrndup(o->dir, (size_t)(slash - o->dir));
		fs_mkdir_p(parent);
		free(parent);
	}
	return lock_take(o, diag);
}

int output_lock(struct output *o, const char *dir, struct diag *diag)
{
	if (lock_only(o, dir, diag) == 0)
		return 0;
	release(o);
	return -1;
}

void output_unlock(struct output *o)
{
	release(o);
}

/* What the adopted spare held at a path (the states of its sets). */
enum spare_state {
	SPARE_HELD = 1, /* as listed */
	SPARE_USED,     /* a folder with this build's files below it, a file kept */
	SPARE_TAKEN,    /* a thread is looking at it, or removing it */
	SPARE_FREED     /* removed: the path is free for this build's own */
};

/* Every path of `set` held, as listed. */
static void spare_set_held(struct output_spare_set *set)
{
	set->state = xmalloc(set->paths.len + 1);
	for (size_t i = 0; i < set->paths.len; i++)
		atomic_init(&set->state[i], SPARE_HELD);
}

static void spare_set_free(struct output_spare_set *set)
{
	strmap_free(&set->paths);
	free((void *)set->state);
	set->state = NULL;
}

/* Take the spare as the staging folder: renamed, then listed. 0, or -1
 * when there is none or it cannot be used (then it is deleted). */
static int adopt_spare(struct output *o)
{
	struct stat st;
	if (lstat(o->spare, &st) != 0)
		return -1;
	/* its folders are given the permissions a new one gets (the umask's
	 * bits taken away): unknown, it is not used */
	mode_t mask;
	bool ours = st.st_uid == geteuid();
	if (!S_ISDIR(st.st_mode) || !ours || fs_umask(&mask) != 0 ||
	    rename(o->spare, o->staging) != 0) {
		/* another user's is never taken, and removed only by root (the
		 * user could not: each build would walk it in vain) */
		if (ours || geteuid() == 0)
			fs_remove_tree(o->spare);
		return -1;
	}
	int fd = open(o->staging, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0 && fs_scan_tree_at(fd, FS_FOLDER_MODE & ~mask, &o->spare_files.paths,
				       &o->spare_dirs.paths) == 0) {
		o->staging_fd = fd;
		o->adopted = true;
		spare_set_held(&o->spare_files);
		spare_set_held(&o->spare_dirs);
		return 0;
	}
	if (fd >= 0)
		close(fd);
	fs_remove_tree(o->staging);
	spare_set_free(&o->spare_files);
	spare_set_free(&o->spare_dirs);
	return -1;
}

static void *adopt_in_background(void *arg)
{
	adopt_spare(arg);
	return NULL;
}

/* The staging folder's name: this process's own. */
static void name_staging(struct output *o)
{
	char pid[32];
	snprintf(pid, sizeof pid, "-%ld", (long)getpid());
	if (!o->staging)
		o->staging = beside_dir(o, ".site-staging-", pid);
}

/* The spare's path, beside the output folder (malloc'd). */
static char *spare_path(const struct output *o)
{
	return beside_dir(o, ".site-spare-", "");
}

void output_keep_spare(struct output *o, const struct strmap *previous)
{
	o->previous = previous;
	if (o->spare)
		return;
	o->spare = spare_path(o);
	remove_stale_staging(o);
	name_staging(o);
	/* listing a spare costs a few system calls a folder, and every page
	 * is a folder: it goes on while the build reads its inputs */
	o->adopting = pthread_create(&o->adopter, NULL, adopt_in_background, o) == 0;
	if (!o->adopting)
		adopt_spare(o);
}

/* Wait for the spare's listing, if it is being made. */
static void adopt_wait(struct output *o)
{
	if (o->adopting)
		pthread_join(o->adopter, NULL);
	o->adopting = false;
}

/* The staging folder, open: the spare when one was taken, else a new
 * folder (a spare that will not be taken deleted). 0 or -1. */
static int open_staging(struct output *o)
{
	adopt_wait(o);
	if (o->adopted)
		return 0;
	if (!o->spare) {
		char *spare = spare_path(o);
		fs_remove_tree(spare);
		free(spare);
	}
	/* a new folder of its own: what a spare that could not be removed
	 * left under this name must not be published */
	if (mkdir(o->staging, FS_FOLDER_MODE) != 0)
		return -1;
	o->staging_fd = open(o->staging, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	return o->staging_fd < 0 ? -1 : 0;
}

/* The rest of output_begin, the lock held. */
static int begin_locked(struct output *o, struct diag *diag)
{
	if (check_replaceable(o->dir, diag) != 0 || check_writable(o->dir, diag) != 0)
		return -1;
	if (!o->spare) /* else removed before the spare took this build's name */
		remove_stale_staging(o);
	name_staging(o);
	o->begun = true;
	if (open_staging(o) != 0) {
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

static int begin(struct output *o, const char *dir, struct diag *diag)
{
	return lock_only(o, dir, diag) == 0 ? begin_locked(o, diag) : -1;
}

int output_begin_locked(struct output *o, struct diag *diag)
{
	if (begin_locked(o, diag) == 0)
		return 0;
	output_abort(o);
	release(o);
	return -1;
}

int output_begin(struct output *o, const char *dir, struct diag *diag)
{
	if (begin(o, dir, diag) == 0)
		return 0;
	/* nothing to free afterwards, though output_free may still be called */
	output_abort(o);
	release(o);
	return -1;
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

/* Link the published file `rel` into the staging folder, making its
 * folder when the link says it is missing. 0, or -1 (errno set). */
static int link_published(struct output *o, const char *rel)
{
	if (linkat(o->dir_fd, rel, o->staging_fd, rel, 0) == 0)
		return 0;
	return errno == ENOENT && fs_make_parent_at(o->staging_fd, rel) == 0
		       ? linkat(o->dir_fd, rel, o->staging_fd, rel, 0)
		       : -1;
}

/* Keep an unchanged file: a hard link to the published one, or a copy with
 * the old modification time where links are not possible. */
static int keep_file(struct output *o, const char *rel, const void *data,
		     size_t len)
{
	if (link_published(o, rel) == 0)
		return 0;
	struct stat st;
	if (errno == EEXIST || fstatat(o->dir_fd, rel, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
	    fs_create_file_at(o->staging_fd, rel, data, len, NULL) != 0)
		return -1;
	struct timespec times[2] = { st.st_atim, st.st_mtim };
	return utimensat(o->staging_fd, rel, times, 0);
}

/* The state of `len` bytes of `rel` in `set`, or NULL when the spare did
 * not hold that path. */
static _Atomic unsigned char *spare_state(const struct output_spare_set *set,
					  const char *rel, size_t len)
{
	const size_t *number = strmap_get_n(&set->paths, rel, len);
	return number ? &set->state[*number - 1] : NULL;
}

/* Take `state` (may be NULL) from held for this thread alone: true when
 * it was held, and now is SPARE_TAKEN. */
static bool spare_take(_Atomic unsigned char *state)
{
	unsigned char held = SPARE_HELD;
	return state && atomic_compare_exchange_strong(state, &held, SPARE_TAKEN);
}

/* Remove the spare's entry at the first `len` bytes of `rel` (a file or
 * a whole folder), which this thread took, and mark it freed. 0, or -1
 * (errno set; then it is held again). */
static int spare_free(struct output *o, _Atomic unsigned char *state, const char *rel,
		      size_t len)
{
	char *path = rel[len] ? xstrndup(rel, len) : NULL;
	int rc = fs_remove_tree_at(o->staging_fd, path ? path : rel);
	free(path);
	atomic_store(state, rc == 0 ? SPARE_FREED : SPARE_HELD);
	return rc;
}

/* The length of the folder that holds the first `n` bytes of `rel` (the
 * bytes before their last '/'), or 0 at the top. */
static size_t folder_len(const char *rel, size_t n)
{
	while (n > 0 && rel[--n] != '/')
		;
	return n;
}

/* Mark the folders above `rel` as used, and remove a file of the spare
 * where one of them goes. 0, or -1 (errno set: EEXIST when another thread
 * is removing one of the folders for a file at its path). */
static int spare_claim_folders(struct output *o, const char *rel)
{
	for (size_t n = folder_len(rel, strlen(rel)); n > 0; n = folder_len(rel, n)) {
		_Atomic unsigned char *dir = spare_state(&o->spare_dirs, rel, n);
		unsigned char was = dir ? atomic_exchange(dir, SPARE_USED) : 0;
		if (was == SPARE_USED)
			break; /* and so are the folders above it */
		if (was == SPARE_TAKEN) {
			errno = EEXIST;
			return -1;
		}
		if (dir)
			continue;
		_Atomic unsigned char *file = spare_state(&o->spare_files, rel, n);
		if (spare_take(file) && spare_free(o, file, rel, n) != 0)
			return -1;
	}
	return 0;
}

/* Make way in an adopted spare for this build's file at `rel` (a path
 * output_add or output_keep was given; any thread, no lock: each path's
 * state is taken by one thread at a time): its folders claimed, what the
 * spare held at `rel` removed, unless `id` is given and the spare's file
 * is that one (the published file's link, left there by the last builds).
 * 1 when it is, and stays; 0 when the path is free for a new file or a
 * link; -1 with errno set: EEXIST when this build has the path already. */
static int spare_claim(struct output *o, const char *rel, const struct fs_file_id *id)
{
	if (!o->adopted)
		return 0;
	size_t len = strlen(rel);
	if (spare_claim_folders(o, rel) != 0)
		return -1;
	_Atomic unsigned char *dir = spare_state(&o->spare_dirs, rel, len);
	if (spare_take(dir) && spare_free(o, dir, rel, len) != 0)
		return -1;
	_Atomic unsigned char *file = spare_state(&o->spare_files, rel, len);
	if (!file)
		return 0;
	if (!spare_take(file)) {
		/* kept or being looked at by another writer of the path; a
		 * freed path is anyone's, and creating it exclusively tells */
		if (atomic_load(file) == SPARE_FREED)
			return 0;
		errno = EEXIST;
		return -1;
	}
	struct fs_file_id now;
	if (id && fs_file_id_at(o->staging_fd, rel, &now) == 0 && fs_file_id_same(&now, id)) {
		atomic_store(file, SPARE_USED);
		return 1;
	}
	return spare_free(o, file, rel, len);
}

/* Remove what the adopted spare held and this build did not stage: a
 * folder with nothing staged below it whole, a file not in such a folder
 * on its own. 0, or -1 (reported). */
static int spare_prune(struct output *o, const struct output_spare_set *set)
{
	int rc = 0;
	for (size_t i = 0; i < set->paths.cap; i++) {
		const struct strmap_entry *e = &set->paths.slots[i];
		if (!e->key || set->state[e->value - 1] != SPARE_HELD)
			continue;
		size_t n = folder_len(e->key, e->len);
		_Atomic unsigned char *parent = n ? spare_state(&o->spare_dirs, e->key, n) : NULL;
		if (parent && *parent != SPARE_USED)
			continue; /* removed with its folder, now or before */
		if (fs_remove_tree_at(o->staging_fd, e->key) != 0) {
			diag_error(o->diag, o->staging, 0, 0, "cannot remove %s: %s", e->key,
				   strerror(errno));
			rc = -1;
		}
	}
	return rc;
}

/* Note a file staged at `rel` (any thread), with its id when it was
 * written anew (`id` NULL for a link). */
static void note_staged(struct output *o, const char *rel, const struct fs_file_id *id)
{
	struct output_staged f = { xstrdup(rel), { 0 }, id != NULL };
	if (id)
		f.id = *id;
	pthread_mutex_lock(&o->staged_lock);
	ALLOC_GROW(o->staged, o->nstaged, o->cap_staged);
	o->staged[o->nstaged++] = f;
	pthread_mutex_unlock(&o->staged_lock);
}

/* True for "<folder>/index.html". */
static bool is_page(const char *rel)
{
	size_t n = strlen(rel);
	return n > 11 && !strcmp(rel + n - 11, "/index.html");
}

/* A page is the only file of its folder: make the folder first, not after
 * a failed open or link (a spare has it already, mostly). */
static void make_page_folder(struct output *o, const char *rel)
{
	if (is_page(rel) && !o->adopted)
		fs_make_parent_at(o->staging_fd, rel);
}

/* Put one file into the staging folder: a link to the published copy when
 * the bytes are the same, else a new file. `counted` files show in the
 * summary (the marker does not). Paths are relative to the open folders. */
static int stage_file(struct output *o, const char *rel, const void *data,
		      size_t len, bool counted, struct diag *diag)
{
	int rc = 0;
	bool kept = false;
	struct fs_file_id id;
	/* files are created exclusively (link and O_EXCL fail on an existing
	 * path), so a second writer of a path fails even in another thread */
	enum fs_same old = o->dir_fd >= 0 ? fs_compare_file_at(o->dir_fd, rel, data, len)
					  : FS_ABSENT;
	make_page_folder(o, rel);
	if (spare_claim(o, rel, NULL) != 0) {
		rc = -1;
	} else if (old == FS_SAME) {
		rc = keep_file(o, rel, data, len);
		kept = true;
	} else {
		rc = fs_create_file_at(o->staging_fd, rel, data, len, &id);
	}
	if (rc == 0 && old != FS_ABSENT)
		atomic_fetch_add(&o->existed, 1);
	if (rc != 0 && errno == EEXIST)
		diag_error(diag, rel, 0, 0, "two inputs write the same output file");
	else if (rc != 0)
		diag_error(diag, rel, 0, 0, "cannot write: %s", strerror(errno));
	if (rc != 0)
		return rc;
	note_staged(o, rel, kept ? NULL : &id);
	if (counted)
		atomic_fetch_add(kept ? &o->unchanged : &o->written, 1);
	return 0;
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

bool output_intact(const struct output *o, const char *rel, const struct fs_file_id *id)
{
	struct fs_file_id now;
	return o->dir_fd >= 0 && path_is_safe(rel) && fs_file_id_at(o->dir_fd, rel, &now) == 0 &&
	       fs_file_id_same(&now, id);
}

int output_read_published(const struct output *o, const char *rel,
			  const struct fs_file_id *id, struct buf *out)
{
	return o->dir_fd >= 0 && path_is_safe(rel) ? fs_read_file_at(o->dir_fd, rel, id, out)
						   : -1;
}

int output_keep(struct output *o, const char *rel, const struct fs_file_id *id,
		struct diag *diag)
{
	if (!path_is_safe(rel))
		return 0;
	int in_spare = spare_claim(o, rel, id);
	if (in_spare == 0 && !output_intact(o, rel, id))
		return 0;
	if (in_spare == 0)
		make_page_folder(o, rel);
	if (in_spare < 0 || (in_spare == 0 && link_published(o, rel) != 0)) {
		if (errno != EEXIST)
			return 0; /* the file can still be written */
		diag_error(diag, rel, 0, 0, "two inputs write the same output file");
		return -1;
	}
	/* a file kept in the spare keeps its id: no link made, none removed */
	note_staged(o, rel, in_spare ? id : NULL);
	atomic_fetch_add(&o->existed, 1);
	atomic_fetch_add(&o->unchanged, 1);
	return 1;
}

int output_add(struct output *o, const char *rel, const void *data, size_t len)
{
	return output_add_to(o, rel, data, len, o->diag);
}

/* The files the last build published (o->previous) that this one did
 * not stage. */
static size_t count_removed(const struct output *o)
{
	size_t still = 0;
	for (size_t i = 0; i < o->nstaged; i++)
		still += strmap_get(o->previous, o->staged[i].rel) != NULL;
	return o->previous->len > still ? o->previous->len - still : 0;
}

/* Whether the tree the swap took out is worth keeping as the spare: not
 * when this build wrote more files than it kept (a template changed),
 * for then the spare would hold mostly old copies, costing their disk
 * space to spare the next build little. */
static bool keeps_spare(const struct output *o)
{
	return atomic_load(&o->written) <= atomic_load(&o->unchanged);
}

int output_commit(struct output *o)
{
	if (interrupted) {
		diag_error(o->diag, NULL, 0, 0, "interrupted; the site was not changed");
		output_abort(o);
		return -1;
	}
	static const char note[] = "made by gen (gpuguide); replaced by every build\n";
	if (stage_file(o, OUTPUT_MARKER, note, sizeof note - 1, false, o->diag) != 0 ||
	    (o->adopted && (spare_prune(o, &o->spare_dirs) | spare_prune(o, &o->spare_files)))) {
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
	if (o->previous && keeps_spare(o)) {
		o->removed = count_removed(o);
		if (rename(o->staging, o->spare) == 0)
			return 0;
	}
	size_t old_files = 0;
	fs_remove_tree_counted(o->staging, o->jobs, &old_files);
	o->removed = old_files > o->existed ? old_files - o->existed : 0;
	return 0;
}

int output_published_ids(const struct output *o, fs_walk_fn fn, void *ctx)
{
	int fd = open(o->dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	int rc = 0;
	for (size_t i = 0; i < o->nstaged && rc == 0; i++) {
		const struct output_staged *f = &o->staged[i];
		struct fs_file_id id = f->id;
		if (!f->has_id)
			rc = fs_file_id_at(fd, f->rel, &id);
		if (rc == 0)
			fn(ctx, f->rel, &id);
	}
	close(fd);
	return rc;
}

/* Give the staging folder back as the spare (a spare like any other:
 * never trusted), else delete it. */
static void staging_to_spare(struct output *o)
{
	if (!o->spare || rename(o->staging, o->spare) != 0)
		fs_remove_tree(o->staging);
}

void output_abort(struct output *o)
{
	adopt_wait(o);
	if (o->staging && o->staging_fd >= 0)
		staging_to_spare(o);
	else if (o->staging)
		fs_remove_tree(o->staging);
}

/* Close the folders, release the lock, free the memory. */
static void release(struct output *o)
{
	adopt_wait(o);
	/* a spare taken for a build that never began goes back as it was */
	if (o->adopted && !o->begun)
		staging_to_spare(o);
	/* o->dir is set once output_begin has set the folders' descriptors
	 * (a zeroed output that never began holds none) */
	if (o->dir) {
		if (o->dir_fd >= 0)
			close(o->dir_fd);
		if (o->staging_fd >= 0)
			close(o->staging_fd);
		o->dir_fd = o->staging_fd = -1;
	}
	if (o->lock && o->lock_fd >= 0) {
		/* removed while held: a build waiting on it opens it again */
		unlink(o->lock);
		close(o->lock_fd);
		o->lock_fd = -1;
	}
	free(o->dir);
	free(o->staging);
	free(o->lock);
	free(o->spare);
	o->dir = o->staging = o->lock = o->spare = NULL;
	spare_set_free(&o->spare_files);
	spare_set_free(&o->spare_dirs);
	o->adopted = o->begun = false;
	for (size_t i = 0; i < o->nstaged; i++)
		free(o->staged[i].rel);
	free(o->staged);
	o->staged = NULL;
	o->nstaged = o->cap_staged = 0;
}

void output_free(struct output *o)
{
	release(o);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
}
