/* getdents64 is a GNU extension of glibc */
#define _GNU_SOURCE
#include "base/fs.h"

#include "base/buf.h"
#include "base/digest.h"
#include "base/pool.h"
#include "base/strmap.h"
#include "base/xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

/* Close `fd`, errno as it was (the reason a read, a write or a listing failed). */
static void close_keeping_errno(int fd)
{
	int e = errno;
	close(fd);
	errno = e;
}

/* Read what `fd` holds into `out`; `size` is its size when it was opened
 * (fstat), or -1. A read that stops short of the room asked for, with the
 * bytes read then making that size, has met the file's end: no second
 * read to see nothing more (a system call a file; only a regular file's
 * end stops a read short, and a file that grew fills the room). */
static int read_all(int fd, struct buf *out, off_t size)
{
	size_t start = out->len;
	if (size >= 0 && (uintmax_t)size < SIZE_MAX / 2)
		buf_grow(out, (size_t)size + 4096); /* the room past it: see a file that grew */
	for (;;) {
		if (out->cap - out->len < 4096)
			buf_grow(out, out->len < 8192 ? 8192 : out->len);
		size_t room = out->cap - out->len - 1;
		ssize_t n = read(fd, out->ptr + out->len, room);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			close_keeping_errno(fd);
			return -1;
		}
		if (n == 0)
			break;
		out->len += (size_t)n;
		out->ptr[out->len] = '\0';
		if ((size_t)n < room && size >= 0 && out->len - start == (uintmax_t)size)
			break;
	}
	close(fd);
	return 0;
}

/* Open `path` for reading without blocking (a FIFO with no writer would
 * wait forever) and keep it only when it is a regular file, its size to
 * *size. */
static int open_regular(const char *path, int flags, off_t *size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | flags);
	struct stat st;
	if (fd < 0) {
		/* a socket cannot be opened at all (ENXIO): say what it is */
		if (errno != ELOOP && stat(path, &st) == 0 && !S_ISREG(st.st_mode))
			errno = FS_ENOTREG;
		return -1;
	}
	int e = fstat(fd, &st) != 0 ? errno : S_ISREG(st.st_mode) ? 0 : FS_ENOTREG;
	if (e) {
		close(fd);
		errno = e;
		return -1;
	}
	*size = st.st_size;
	/* O_NONBLOCK stays: it changes nothing for a regular file, whose
	 * reads never wait (two fewer system calls a file) */
	return fd;
}

int fs_read_file(const char *path, struct buf *out)
{
	off_t size;
	int fd = open_regular(path, 0, &size);
	return fd < 0 ? -1 : read_all(fd, out, size);
}

int fs_read_file_nofollow(const char *path, struct buf *out)
{
	off_t size;
	int fd = open_regular(path, O_NOFOLLOW, &size);
	return fd < 0 ? -1 : read_all(fd, out, size);
}

static void id_of(const struct stat *st, struct fs_file_id *id);

/* Whether the file open as `fd` is the file `id` says. */
static bool fd_is(int fd, const struct fs_file_id *id)
{
	struct stat st;
	struct fs_file_id now;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
		return false;
	id_of(&st, &now);
	return fs_file_id_same(&now, id);
}

int fs_read_file_at(int dirfd, const char *path, const struct fs_file_id *id,
		    struct buf *out)
{
	int fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW);
	if (fd < 0)
		return -1;
	/* the id is held to once, after the read: the descriptor's file is
	 * the one read, and a write before or during the read changes its
	 * times (one system call a page fewer than a look before it too; a
	 * FIFO's or folder's read fails or ends at once, O_NONBLOCK) */
	size_t start = out->len, left = (size_t)id->size;
	bool ok = left < SIZE_MAX / 2;
	if (ok)
		buf_grow(out, left);
	while (ok && left) {
		ssize_t n = read(fd, out->ptr + out->len, left);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			ok = false;
			break;
		}
		out->len += (size_t)n;
		left -= (size_t)n;
	}
	ok = ok && fd_is(fd, id);
	close(fd);
	if (!ok) {
		buf_truncate(out, start);
		errno = ESTALE;
		return -1;
	}
	out->ptr[out->len] = '\0';
	return 0;
}

const char *fs_strerror(int err)
{
	if (err == FS_ENOTREG)
		return "not a regular file (a FIFO, socket, device or folder); refused";
	return strerror(err);
}

static bool has_suffix(const char *name, const char *suffix)
{
	size_t n = strlen(name), s = strlen(suffix);
	return n >= s && strcmp(name + n - s, suffix) == 0;
}

/* What a d_type or a stat's mode says an entry is. */
static enum fs_kind kind_of_type(unsigned char t)
{
	return t == DT_LNK ? FS_LINK : t == DT_DIR ? FS_DIR : t == DT_REG ? FS_FILE : FS_OTHER;
}

static enum fs_kind kind_of_mode(mode_t m)
{
	return S_ISLNK(m) ? FS_LINK : S_ISDIR(m) ? FS_DIR : S_ISREG(m) ? FS_FILE : FS_OTHER;
}

/* An entry's kind from its d_type, or from lstat when the file system does
 * not say. */
static enum fs_kind entry_kind(const char *dir, const struct dirent *e)
{
	if (e->d_type != DT_UNKNOWN)
		return kind_of_type(e->d_type);
	struct stat st;
	struct buf path = BUF_INIT;
	buf_adds(&path, dir);
	buf_addc(&path, '/');
	buf_adds(&path, e->d_name);
	bool known = lstat(path.ptr, &st) == 0;
	buf_release(&path);
	return known ? kind_of_mode(st.st_mode) : FS_OTHER;
}

/* A name and its kind side by side: the kind byte before the name, so
 * that sorting the names sorts the kinds with them. */
static int compare_entries(const void *a, const void *b)
{
	return strcmp(*(char *const *)a + 1, *(char *const *)b + 1);
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of `dir` ending in `suffix` (NULL: any), each with its kind
 * before its name when `kinds` is not 0, and only those of the kinds it
 * holds (FS_KIND); sorted by name. One allocation: the array of pointers,
 * then the strings they point to (a folder of 10,000 articles listed
 * without 10,000 mallocs and frees). */
static char **list_dir(const char *dir, const char *suffix, unsigned kinds)
{
	DIR *d = opendir(dir);
	if (!d)
		return NULL;
	struct buf names = BUF_INIT; /* each entry's string and its NUL */
	size_t len = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (suffix && !has_suffix(e->d_name, suffix))
			continue;
		enum fs_kind kind = kinds ? entry_kind(dir, e) : FS_OTHER;
		if (kinds && !(kinds & FS_KIND(kind)))
			continue;
		if (kinds)
			buf_addc(&names, (char)kind);
		buf_add(&names, e->d_name, strlen(e->d_name) + 1);
		len++;
	}
	closedir(d);
	char **list = xmalloc((len + 1) * sizeof *list + names.len);
	char *at = memcpy((char *)(list + len + 1), names.ptr ? names.ptr : "", names.len);
	for (size_t i = 0; i < len; i++) { /* (a kind byte is never 0) */
		list[i] = at;
		at += strlen(at) + 1;
	}
	list[len] = NULL;
	buf_release(&names);
	qsort(list, len, sizeof *list, kinds ? compare_entries : compare_names);
	return list;
}

char **fs_list_dir(const char *dir, const char *suffix)
{
	return list_dir(dir, suffix, 0);
}

char **fs_list_dir_kinds(const char *dir)
{
	return list_dir(dir, NULL, FS_KIND(FS_OTHER) | FS_KIND(FS_FILE) | FS_KIND(FS_DIR) |
				   FS_KIND(FS_LINK));
}

char **fs_list_dir_of_kinds(const char *dir, unsigned kinds)
{
	return list_dir(dir, NULL, kinds);
}

void fs_free_list(char **list)
{
	free(list); /* the strings with it: list_dir's one allocation */
}

static int mkdir_p_at(int dirfd, const char *path)
{
	/* most calls make one folder under an existing one: try the whole path
	 * first and walk up only when a parent is missing */
	if (mkdirat(dirfd, path, FS_FOLDER_MODE) == 0 || errno == EEXIST)
		return 0;
	if (errno != ENOENT)
		return -1;
	const char *slash = strrchr(path, '/');
	while (slash && slash > path && slash[-1] == '/')
		slash--;
	if (!slash || slash == path)
		return -1;
	struct buf parent = BUF_INIT;
	buf_add(&parent, path, (size_t)(slash - path));
	int rc = mkdir_p_at(dirfd, parent.ptr);
	buf_release(&parent);
	if (rc != 0)
		return -1;
	return mkdirat(dirfd, path, FS_FOLDER_MODE) == 0 || errno == EEXIST ? 0 : -1;
}

int fs_mkdir_p(const char *path)
{
	return mkdir_p_at(AT_FDCWD, path);
}

int fs_make_parent_at(int dirfd, const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash || slash == path)
		return 0;
	struct buf dir = BUF_INIT;
	buf_add(&dir, path, (size_t)(slash - path));
	int rc = mkdir_p_at(dirfd, dir.ptr);
	buf_release(&dir);
	return rc;
}

static void id_of(const struct stat *st, struct fs_file_id *id);

/* Write a file; with `id`, its id as the last write left it (the
 * descriptor's: no second walk of the path). */
static int write_new(int dirfd, const char *path, const void *data, size_t len,
		     int flags, struct fs_file_id *id)
{
	/* the folder usually exists: make it only when the open says not */
	flags |= O_WRONLY | O_CREAT | O_CLOEXEC;
	int fd = openat(dirfd, path, flags, 0644);
	if (fd < 0 && errno == ENOENT) {
		if (fs_make_parent_at(dirfd, path) != 0)
			return -1;
		fd = openat(dirfd, path, flags, 0644);
	}
	if (fd < 0)
		return -1;
	if (fs_write_all_at(fd, data, len, 0) != 0) { /* a new or emptied file */
		close_keeping_errno(fd);
		return -1;
	}
	struct stat st;
	if (id && fstat(fd, &st) != 0) {
		close_keeping_errno(fd);
		return -1;
	}
	if (id)
		id_of(&st, id);
	return close(fd);
}

int fs_write_all_at(int fd, const void *data, size_t len, uint64_t at)
{
	const char *p = data;
	while (len) {
		ssize_t n = pwrite(fd, p, len, (off_t)at);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0)
				errno = EIO;
			return -1;
		}
		p += n;
		len -= (size_t)n;
		at += (uint64_t)n;
	}
	return 0;
}

int fs_write_file(const char *path, const void *data, size_t len)
{
	return write_new(AT_FDCWD, path, data, len, O_TRUNC, NULL);
}

int fs_create_file_at(int dirfd, const char *path, const void *data, size_t len,
		      struct fs_file_id *id)
{
	return write_new(dirfd, path, data, len, O_EXCL, id);
}

/* Whether what is left to read of `fd` is the `len` bytes at `data`, and
 * no more (a file that grew is not): read a piece at a time into the stack,
 * up to the first difference. A site's pages are compared after each
 * rebuild, most of them changed, some of them megabytes long: a buffer of
 * the file's size would be pages the kernel maps in and out for each. */
static bool same_bytes_read(int fd, const char *data, size_t len)
{
	char piece[1 << 14];
	size_t got = 0;
	for (;;) {
		ssize_t n = read(fd, piece, sizeof piece);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return false;
		if (n == 0)
			return got == len;
		if ((size_t)n > len - got || memcmp(piece, data + got, (size_t)n) != 0)
			return false;
		got += (size_t)n;
	}
}

enum fs_same fs_compare_file_at(int dirfd, const char *path, const void *data,
				size_t len)
{
	int fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return errno == ENOENT || errno == ENOTDIR ? FS_ABSENT : FS_DIFFERENT;
	struct stat st;
	if (fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
		close(fd);
		return FS_ABSENT; /* a folder is not a file there */
	}
	bool same = S_ISREG(st.st_mode) && (size_t)st.st_size == len &&
		    same_bytes_read(fd, data, len);
	close(fd);
	return same ? FS_SAME : FS_DIFFERENT;
}

/* Call fn(ctx, fd, name, kind) for each entry of the open folder `fd`
 * but "." and "..", its kind from the listing (a stat only where the file
 * system does not say). Read with getdents64 on `fd` itself: a DIR stream
 * costs a dup, two fcntl calls and a close more a folder, and every page
 * of a site is a folder of its own. 0, or -1 when the folder cannot be
 * read or `fn` fails (returns non-zero; the listing goes on). */
typedef int (*entry_fn)(void *ctx, int fd, const char *name, enum fs_kind kind);
static int for_each_entry(int fd, entry_fn fn, void *ctx)
{
	union {
		struct dirent64 first; /* aligns the records */
		char bytes[8192];
	} buf;
	int rc = 0;
	for (;;) {
		ssize_t got = getdents64(fd, buf.bytes, sizeof buf.bytes);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return got < 0 ? -1 : rc;
		for (ssize_t at = 0; at < got;) {
			const struct dirent64 *e = (const struct dirent64 *)(buf.bytes + at);
			at += e->d_reclen;
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			enum fs_kind kind = kind_of_type(e->d_type);
			struct stat st;
			if (e->d_type == DT_UNKNOWN)
				kind = fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0
					       ? kind_of_mode(st.st_mode) : FS_OTHER;
			if (fn(ctx, fd, e->d_name, kind) != 0)
				rc = -1;
		}
	}
}

/* Open the folder `name` of the open folder `dirfd` (AT_FDCWD: a path),
 * a link not followed. */
static int open_folder_at(int dirfd, const char *name)
{
	return openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
}

/* Append `name` to the relative path `rel` (a '/' between); returns the
 * length to truncate `rel` back to. */
static size_t rel_push(struct buf *rel, const char *name)
{
	size_t at = rel->len;
	if (at)
		buf_addc(rel, '/');
	buf_adds(rel, name);
	return at;
}

/* Append a copy of `name` to the list `*names` of *n (room for *cap). */
static void names_add(char ***names, size_t *n, size_t *cap, const char *name)
{
	ALLOC_GROW(*names, *n, *cap);
	(*names)[(*n)++] = xstrdup(name);
}

/* What remove_files_listing_dirs gathers. */
struct listing_dirs {
	size_t *files;
	char ***dirs;
	size_t *ndirs, cap;
};

static int remove_file_or_list(void *ctx, int fd, const char *name, enum fs_kind kind)
{
	struct listing_dirs *l = ctx;
	if (kind == FS_DIR) {
		names_add(l->dirs, l->ndirs, &l->cap, name);
		return 0;
	}
	if (unlinkat(fd, name, 0) != 0)
		return -1;
	(*l->files)++;
	return 0;
}

/* Remove the files of the open folder `fd` (its folders kept), counting
 * them; its folders' names into `dirs` (owned). */
static int remove_files_listing_dirs(int fd, size_t *files, char ***dirs, size_t *ndirs)
{
	struct listing_dirs l = { files, dirs, ndirs, 0 };
	return for_each_entry(fd, remove_file_or_list, &l);
}

static int remove_folder_at(int parent, const char *name, size_t *files);

/* Remove what folder `fd` holds (closing `fd`), counting the files: its
 * files, then each folder's contents and the folder. */
static int remove_contents(int fd, size_t *files)
{
	char **dirs = NULL;
	size_t ndirs = 0;
	int rc = remove_files_listing_dirs(fd, files, &dirs, &ndirs);
	for (size_t i = 0; i < ndirs; i++) {
		if (remove_folder_at(fd, dirs[i], files) != 0)
			rc = -1;
		free(dirs[i]);
	}
	free(dirs);
	close(fd);
	return rc;
}

/* Remove the folder `name` of the open folder `parent` and all it holds. */
static int remove_folder_at(int parent, const char *name, size_t *files)
{
	int sub = open_folder_at(parent, name);
	return sub < 0 || remove_contents(sub, files) != 0 ||
		       unlinkat(parent, name, AT_REMOVEDIR) != 0 ? -1 : 0;
}

/* The folders two levels down (site/<lang>/<section>), removed in
 * parallel: a folder's parent, open, and its name. */
struct remove_job {
	int parent;
	char *name;
};

struct parallel_remove {
	struct remove_job *jobs;
	size_t n, cap;
	atomic_size_t files;
	atomic_int failed;
};

static void remove_one_job(void *ctx, size_t i, int worker)
{
	(void)worker;
	struct parallel_remove *pr = ctx;
	const struct remove_job *j = &pr->jobs[i];
	size_t files = 0;
	if (remove_folder_at(j->parent, j->name, &files) != 0)
		atomic_store(&pr->failed, 1);
	atomic_fetch_add(&pr->files, files);
}

int fs_remove_tree_counted(const char *path, int jobs, size_t *files)
{
	*files = 0;
	int fd = open_folder_at(AT_FDCWD, path);
	if (fd < 0)
		return errno == ENOENT ? 0 : -1;
	if (jobs <= 1)
		return remove_contents(fd, files) != 0 ? -1 : rmdir(path);
	/* the top two levels listed here, what lies below each folder of the
	 * second level removed by the pool (a site's sections: a language's
	 * articles are one job, the other language's another) */
	struct parallel_remove pr = { 0 };
	char **top = NULL;
	size_t ntop = 0;
	int rc = remove_files_listing_dirs(fd, files, &top, &ntop);
	int *top_fd = xcalloc(ntop + 1, sizeof *top_fd);
	for (size_t i = 0; i < ntop; i++) {
		char **second = NULL;
		size_t nsecond = 0;
		top_fd[i] = open_folder_at(fd, top[i]);
		if (top_fd[i] < 0 ||
		    remove_files_listing_dirs(top_fd[i], files, &second, &nsecond) != 0)
			rc = -1;
		for (size_t k = 0; k < nsecond; k++) {
			ALLOC_GROW(pr.jobs, pr.n, pr.cap);
			pr.jobs[pr.n++] = (struct remove_job){ top_fd[i], second[k] };
		}
		free(second);
	}
	pool_run(jobs, pr.n, remove_one_job, &pr);
	*files += atomic_load(&pr.files);
	if (atomic_load(&pr.failed))
		rc = -1;
	for (size_t i = 0; i < pr.n; i++)
		free(pr.jobs[i].name);
	free(pr.jobs);
	for (size_t i = 0; i < ntop; i++) {
		if (top_fd[i] >= 0)
			close(top_fd[i]);
		if (unlinkat(fd, top[i], AT_REMOVEDIR) != 0)
			rc = -1;
		free(top[i]);
	}
	free(top);
	free(top_fd);
	close(fd);
	return rc != 0 ? -1 : rmdir(path);
}

static void id_of(const struct stat *st, struct fs_file_id *id)
{
	id->ino = (uint64_t)st->st_ino;
	id->size = (uint64_t)st->st_size;
	id->mtime_ns = (int64_t)st->st_mtim.tv_sec * 1000000000 + st->st_mtim.tv_nsec;
	id->ctime_ns = (int64_t)st->st_ctim.tv_sec * 1000000000 + st->st_ctim.tv_nsec;
}

int fs_file_id_at(int dirfd, const char *path, struct fs_file_id *id)
{
	struct stat st;
	if (fstatat(dirfd, path, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return -1;
	if (!S_ISREG(st.st_mode)) {
		errno = FS_ENOTREG;
		return -1;
	}
	id_of(&st, id);
	return 0;
}

void fs_file_id_digest(struct digest *d, const struct fs_file_id *id)
{
	digest_add_u64(d, id->ino);
	digest_add_u64(d, id->size);
	digest_add_u64(d, (uint64_t)id->mtime_ns);
	digest_add_u64(d, (uint64_t)id->ctime_ns);
}

bool fs_time_is_recent(int64_t ns)
{
	struct timespec now;
	clock_gettime(CLOCK_REALTIME, &now);
	int64_t now_ns = (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
	return ns > now_ns - FS_RACE_NS;
}

bool fs_file_id_settled(const struct fs_file_id *id)
{
	return !fs_time_is_recent(id->mtime_ns > id->ctime_ns ? id->mtime_ns : id->ctime_ns);
}

bool fs_file_id_same(const struct fs_file_id *a, const struct fs_file_id *b)
{
	return a->ino == b->ino && a->size == b->size && a->mtime_ns == b->mtime_ns &&
	       a->ctime_ns == b->ctime_ns;
}

/* What a walk of files carries: the path of the folder being listed,
 * relative to the walked one, and what it met. */
struct file_walk {
	struct buf rel;
	fs_walk_fn fn;
	void *ctx;
	bool met_other, failed;
};

static int walk_folder(struct file_walk *w, int fd);

/* One entry of a walk: a folder walked, a file's id taken (its kind from
 * the listing, so a folder costs no stat). */
static int walk_entry(void *ctx, int fd, const char *name, enum fs_kind kind)
{
	struct file_walk *w = ctx;
	if (w->failed)
		return -1;
	if (kind != FS_FILE && kind != FS_DIR) {
		w->met_other = true;
		return 0;
	}
	size_t at = rel_push(&w->rel, name);
	struct stat st;
	if (kind == FS_DIR) {
		int sub = open_folder_at(fd, name);
		w->failed = sub < 0 || walk_folder(w, sub) != 0;
	} else if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
		w->failed = true;
	} else if (!S_ISREG(st.st_mode)) {
		w->met_other = true; /* replaced since the listing */
	} else {
		struct fs_file_id id;
		id_of(&st, &id);
		w->fn(w->ctx, w->rel.ptr, &id);
	}
	buf_truncate(&w->rel, at);
	return w->failed ? -1 : 0;
}

/* Walk the open folder `fd` (closed here). */
static int walk_folder(struct file_walk *w, int fd)
{
	int rc = for_each_entry(fd, walk_entry, w);
	close_keeping_errno(fd);
	return rc;
}

/* Walk the open folder `fd` (closed here; -1: it could not be opened),
 * `rel` its path in the walk: 0, or -1 when a folder or file could not
 * be read; *met_other set when something else than files and folders
 * was met. */
static int walk_tree(int fd, const char *rel, fs_walk_fn fn, void *ctx, bool *met_other)
{
	struct file_walk w = { BUF_INIT, fn, ctx, false, false };
	buf_adds(&w.rel, rel);
	int rc = fd < 0 || walk_folder(&w, fd) != 0 || w.failed ? -1 : 0;
	*met_other = w.met_other;
	buf_release(&w.rel);
	return rc;
}

/* The folders of a walk's top folder, walked on threads: one job each
 * (a site's languages). */
struct walk_jobs {
	int fd;
	char **names;
	size_t n, cap;
	fs_walk_fn fn;
	void *ctx;
	atomic_bool met_other, failed;
};

static void walk_one_job(void *ctx, size_t i, int worker)
{
	(void)worker;
	struct walk_jobs *j = ctx;
	bool met_other;
	if (walk_tree(open_folder_at(j->fd, j->names[i]), j->names[i], j->fn, j->ctx,
		      &met_other) != 0)
		atomic_store(&j->failed, true);
	if (met_other)
		atomic_store(&j->met_other, true);
}

/* One entry of the top folder: a file's id taken here, a folder kept for
 * the threads. */
static int walk_top_entry(void *ctx, int fd, const char *name, enum fs_kind kind)
{
	struct walk_jobs *j = ctx;
	if (kind != FS_DIR) {
		struct file_walk w = { BUF_INIT, j->fn, j->ctx, false, false };
		int rc = walk_entry(&w, fd, name, kind);
		if (w.met_other)
			atomic_store(&j->met_other, true);
		buf_release(&w.rel);
		return rc;
	}
	names_add(&j->names, &j->n, &j->cap, name);
	return 0;
}

int fs_walk_files_jobs(const char *dir, int jobs, fs_walk_fn fn, void *ctx)
{
	int fd = open_folder_at(AT_FDCWD, dir);
	if (fd < 0)
		return -1;
	if (jobs <= 1) {
		bool met_other;
		return walk_tree(fd, "", fn, ctx, &met_other) != 0 ? -1 : met_other ? 1 : 0;
	}
	struct walk_jobs j = { .fd = fd, .fn = fn, .ctx = ctx };
	if (for_each_entry(fd, walk_top_entry, &j) != 0)
		atomic_store(&j.failed, true);
	pool_run(jobs, j.n, walk_one_job, &j);
	for (size_t i = 0; i < j.n; i++)
		free(j.names[i]);
	free(j.names);
	close(fd);
	return atomic_load(&j.failed) ? -1 : atomic_load(&j.met_other) ? 1 : 0;
}

int fs_walk_files(const char *dir, fs_walk_fn fn, void *ctx)
{
	return fs_walk_files_jobs(dir, 1, fn, ctx);
}

int fs_remove_tree_at(int dirfd, const char *path)
{
	/* mostly a file: unlinked without a stat first (a folder refuses,
	 * with EISDIR on Linux, EPERM by POSIX) */
	if (unlinkat(dirfd, path, 0) == 0 || errno == ENOENT)
		return 0;
	struct stat st;
	if ((errno != EISDIR && errno != EPERM) ||
	    fstatat(dirfd, path, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISDIR(st.st_mode))
		return -1;
	size_t files = 0;
	return remove_folder_at(dirfd, path, &files);
}

int fs_remove_tree(const char *path)
{
	return fs_remove_tree_at(AT_FDCWD, path);
}

/* What a scan gathers: the path of the folder being listed, relative to
 * the scanned one, and the maps the paths go to; the permissions each
 * folder is given, and the user each must belong to (asked once: a site
 * is thousands of folders). */
struct tree_scan {
	struct buf rel;
	struct strmap *files, *dirs;
	mode_t folder_mode;
	uid_t owner;
};

/* The POSIX ACLs of the open folder `fd` removed: its access ACL adds to
 * its permissions, and its default ACL would be every new file's below it
 * (the umask aside). One call when it has no extended attribute at all,
 * or its file system none. */
static int drop_acls(int fd)
{
	static const char *const acls[] = { "system.posix_acl_default",
					    "system.posix_acl_access" };
	ssize_t n = flistxattr(fd, NULL, 0);
	if (n == 0 || (n < 0 && errno == ENOTSUP))
		return 0;
	if (n < 0)
		return -1;
	for (size_t i = 0; i < sizeof acls / sizeof acls[0]; i++)
		if (fremovexattr(fd, acls[i]) != 0 && errno != ENODATA && errno != ENOTSUP)
			return -1;
	return 0;
}

/* The open folder `fd` made the scan's own: the effective user's, with the
 * scan's permissions and no ACL (a folder given others by hand would pass
 * them on to the site and the files written in it). */
static int own_folder(const struct tree_scan *t, int fd)
{
	struct stat st;
	if (fstat(fd, &st) != 0)
		return -1;
	if (st.st_uid != t->owner) {
		errno = EPERM;
		return -1;
	}
	if (drop_acls(fd) != 0)
		return -1;
	if ((st.st_mode & 07777) == t->folder_mode)
		return 0;
	return fchmod(fd, t->folder_mode);
}

static int scan_folder(struct tree_scan *t, int fd);

static int scan_entry(void *ctx, int fd, const char *name, enum fs_kind kind)
{
	struct tree_scan *t = ctx;
	if (kind != FS_FILE && kind != FS_DIR)
		return unlinkat(fd, name, 0);
	size_t at = rel_push(&t->rel, name);
	struct strmap *m = kind == FS_FILE ? t->files : t->dirs;
	bool created;
	size_t *number = strmap_slot_n(m, t->rel.ptr, t->rel.len, &created);
	if (created)
		*number = m->len;
	int rc = 0;
	if (kind == FS_DIR) {
		int sub = open_folder_at(fd, name);
		rc = sub < 0 ? -1 : scan_folder(t, sub);
	}
	buf_truncate(&t->rel, at);
	return rc;
}

/* List the open folder `fd` (closed here) into `t`, and its folders. */
static int scan_folder(struct tree_scan *t, int fd)
{
	int rc = own_folder(t, fd) == 0 ? for_each_entry(fd, scan_entry, t) : -1;
	close_keeping_errno(fd);
	return rc;
}

int fs_scan_tree_at(int fd, mode_t folder_mode, struct strmap *files, struct strmap *dirs)
{
	/* a descriptor of its own: a listing moves the descriptor's offset */
	int own = open_folder_at(fd, ".");
	if (own < 0)
		return -1;
	struct tree_scan t = { BUF_INIT, files, dirs, folder_mode & 07777, geteuid() };
	int rc = scan_folder(&t, own);
	buf_release(&t.rel);
	return rc;
}

int fs_umask(mode_t *mask)
{
	struct buf b = BUF_INIT;
	int rc = -1;
	static const char key[] = "\nUmask:"; /* "Umask:\t0022", never the first line */
	if (fs_read_file("/proc/self/status", &b) == 0) {
		const char *line = strstr(b.ptr, key);
		const char *digits = line ? line + sizeof key - 1 : NULL;
		char *end;
		unsigned long v = digits ? strtoul(digits, &end, 8) : 0;
		if (digits && end != digits && v <= 0777) {
			*mask = (mode_t)v;
			rc = 0;
		}
	}
	buf_release(&b);
	return rc;
}

bool fs_is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool fs_exists(const char *path)
{
	struct stat st;
	return lstat(path, &st) == 0;
}

bool fs_path_escapes(const char *path, const char *root)
{
	char target[PATH_MAX], base[PATH_MAX];
	if (!realpath(path, target) || !realpath(root, base))
		return true;
	size_t n = strlen(base);
	return strncmp(target, base, n) != 0 ||
	       (target[n] != '/' && target[n] != '\0');
}
