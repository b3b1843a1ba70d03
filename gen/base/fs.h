/* fs: the few file-system operations the build needs, with errors reported
 * as diagnostics (never silently ignored).
 */
#ifndef GPUGUIDE_FS_H
#define GPUGUIDE_FS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct buf;
struct diag;
struct digest;

/* errno of a read refused because the path is not a regular file (a FIFO,
 * socket, device or folder): such a file could block the build forever or
 * never end. Not a system errno: print it with fs_strerror. */
#define FS_ENOTREG 0x4e52

/* Read a whole regular file into `out` (appended). Returns 0, or -1 with
 * errno set (FS_ENOTREG for anything but a regular file, found without
 * blocking: the open does not wait for a FIFO's writer). */
int fs_read_file(const char *path, struct buf *out);
/* The same, but a symbolic link is not followed: -1 with errno ELOOP. */
int fs_read_file_nofollow(const char *path, struct buf *out);

/* Read the regular file at `path` under the folder `dirfd` (no symbolic
 * link followed) into `out` (appended) when it is the file `id` says, as
 * it was before and after the read. Returns 0, or -1 (errno set; ESTALE:
 * another file). */
struct fs_file_id;
int fs_read_file_at(int dirfd, const char *path, const struct fs_file_id *id,
		    struct buf *out);

/* strerror, knowing FS_ENOTREG. */
const char *fs_strerror(int err);

/* The names in `dir` that end in `suffix` (NULL: every entry but . and ..),
 * sorted bytewise, as a NULL-terminated array whose strings lie in the same
 * malloc'd block: fs_free_list (a free of the array) frees them all. NULL
 * when the folder cannot be read. */
char **fs_list_dir(const char *dir, const char *suffix);
void fs_free_list(char **list);

/* What an entry of a folder is, links not followed. */
enum fs_kind { FS_OTHER = 1, FS_FILE, FS_DIR, FS_LINK };
/* Every entry of `dir` like fs_list_dir, each string holding its kind (an
 * enum fs_kind) in its first byte and the name after it: "\3name" for a
 * folder. Kinds come from the listing itself (no stat per entry on most
 * file systems). Free with fs_free_list. */
char **fs_list_dir_kinds(const char *dir);
/* The same, keeping only the entries of the kinds in `kinds` (FS_KIND(FS_DIR)
 * | ...): a folder of thousands of articles searched for its few folders or
 * links makes, sorts and frees only those. */
#define FS_KIND(k) (1u << (k))
char **fs_list_dir_of_kinds(const char *dir, unsigned kinds);

/* The permissions gen asks for a folder it makes (mkdir's, before the
 * process's umask takes its bits away). */
#define FS_FOLDER_MODE 0755
/* The process's umask into *mask (as /proc/self/status gives it: umask()
 * tells it only by setting it, for every thread at once). 0, or -1 when
 * the kernel does not say. */
int fs_umask(mode_t *mask);

/* Create `path` and its missing parents (FS_FOLDER_MODE). Returns 0 or -1. */
int fs_mkdir_p(const char *path);

/* Write `len` bytes to `path`, creating parent folders. Returns 0 or -1. */
int fs_write_file(const char *path, const void *data, size_t len);
/* Write all `len` bytes at offset `at` of the open file `fd` (pwrite, again
 * after a short write or a signal): 0, or -1 with errno (EIO when nothing
 * more can be written). */
int fs_write_all_at(int fd, const void *data, size_t len, uint64_t at);

/* The same, relative to the open folder `dirfd`, but `path` must not exist
 * yet: -1 with errno EEXIST if it does (so two writers of one path cannot
 * both succeed). Short relative paths spare the kernel the walk from the
 * root. With `id` (may be NULL), the new file's id (fs_file_id_at) once
 * written. */
struct fs_file_id;
int fs_create_file_at(int dirfd, const char *path, const void *data, size_t len,
		      struct fs_file_id *id);

/* How the file at `path` (relative to `dirfd`) compares with these bytes:
 * absent (or a folder), different (a symbolic link always is), the same. */
enum fs_same { FS_ABSENT, FS_DIFFERENT, FS_SAME };
enum fs_same fs_compare_file_at(int dirfd, const char *path, const void *data,
				size_t len);

/* Remove `path` and everything below it (no error if absent). Returns 0/-1. */
int fs_remove_tree(const char *path);
/* The same for `path` relative to the open folder `dirfd`. */
int fs_remove_tree_at(int dirfd, const char *path);
/* The same for a folder, counting into *files what it held besides folders
 * (the walk goes folder by folder through open descriptors: no path walks
 * from the root, no stat where the listing tells an entry's kind). With
 * `jobs` above 1, the folders two levels down are removed on that many
 * threads (pool.h): a site's sections at once. */
int fs_remove_tree_counted(const char *path, int jobs, size_t *files);

/* Every regular file and folder below the open folder `fd`, by its path
 * relative to it ("en/gpus/index.html", "en/gpus"), added to `files` and
 * to `dirs`, each numbered (its value) from 1 in the order found (the maps
 * empty to begin with); anything else met (a symbolic link, a FIFO,
 * a socket) is removed, and no link is followed, so that what the maps
 * list is all the folder holds. Each folder, `fd`'s own too, must be the
 * effective user's, and is given the permissions `folder_mode` when it
 * has others and loses its POSIX ACLs (a default one would be the
 * permissions of every file made in it), so that the tree's folders are
 * as the process would make them (see FS_FOLDER_MODE). 0, or -1 when a folder cannot be read or
 * changed, is another user's (EPERM) or an entry cannot be removed (errno
 * set; the maps then list part of it). */
struct strmap;
int fs_scan_tree_at(int fd, mode_t folder_mode, struct strmap *files, struct strmap *dirs);

/* What tells one version of a file from another without reading it: its
 * inode, size and modification and change times (as git's index does).
 * A hard link keeps the first three; the change time moves with it. */
struct fs_file_id {
	uint64_t ino, size;
	int64_t mtime_ns, ctime_ns;
};
/* The id of `path` (relative to the open folder `dirfd`; links not
 * followed). Returns 0, or -1 with errno set (also for a non-file). */
int fs_file_id_at(int dirfd, const char *path, struct fs_file_id *id);
/* A file's times move by the kernel's clock tick, not at every write: a
 * file changed in the same tick as its id was read may change again
 * without its id showing it (git's "racily clean" entries). An id whose
 * times are that recent does not stand for the file's bytes; a later build
 * reads them again. True for a time (ns since the epoch, as in struct
 * fs_file_id) less than FS_RACE_NS ago. */
#define FS_RACE_NS 100000000 /* 100 ms, many ticks */
bool fs_time_is_recent(int64_t ns);
/* True when `id` stands for the file's bytes read after it was taken:
 * neither of its times is recent. */
bool fs_file_id_settled(const struct fs_file_id *id);
/* Feed `id` (inode, size, modification and change times) into `d`. */
void fs_file_id_digest(struct digest *d, const struct fs_file_id *id);
/* True when `a` and `b` are one version of a published file: same inode,
 * size, modification and change times. The change time is what a hand
 * edit cannot put back (touch -d restores the modification time); a link
 * or an unlink moves it too, so ids are recorded after a build's last
 * link (output_published_ids after the swap). */
bool fs_file_id_same(const struct fs_file_id *a, const struct fs_file_id *b);
/* Call `fn` for every regular file below `dir` with its path relative to
 * `dir` ("en/gpus/index.html") and its id, folder by folder, in the
 * listing's order (not sorted). Returns 0; 1 when the walk met something
 * else than files and folders (a link, a FIFO: `fn` is not called for
 * it); -1 when a folder could not be read (errno set). */
typedef void (*fs_walk_fn)(void *ctx, const char *rel, const struct fs_file_id *id);
int fs_walk_files(const char *dir, fs_walk_fn fn, void *ctx);
/* The same, the folders of `dir` walked on `jobs` threads (pool.h), one
 * each (a site's languages): `fn` is then called from several threads at
 * once, in no set order. */
int fs_walk_files_jobs(const char *dir, int jobs, fs_walk_fn fn, void *ctx);

/* Create the folders above `path` (a file's path, relative to the open
 * folder `dirfd`). Returns 0 or -1. */
int fs_make_parent_at(int dirfd, const char *path);

/* True when `path` is a folder (links followed). */
bool fs_is_dir(const char *path);

/* True when `path` exists (any kind, links not followed). */
bool fs_exists(const char *path);

/* True when `path`, with every symbolic link on the way resolved, lies
 * outside `root` (or does not resolve at all). */
bool fs_path_escapes(const char *path, const char *root);

#endif
