/* output: publishing a build without ever leaving a half-written site.
 *
 * output_begin creates a staging folder beside the output folder; every file
 * of the build goes there through output_add (an unchanged file is hard-linked
 * from the current output, keeping its bytes, inode and mtime); output_commit
 * swaps the staging folder in with one atomic rename (renameat2 with
 * RENAME_EXCHANGE) and deletes the old tree. output_abort (after any error, or
 * an interrupt) deletes the staging folder and leaves the output untouched.
 *
 * With output_keep_spare, the old tree is not deleted but kept beside the
 * output folder as the spare (".site-spare-<name>"), and the next build
 * takes it as its staging folder: a file kept by both builds is there
 * already (a link to the published one: nothing to link, and nothing to
 * remove after the swap). It is never trusted: it is listed first (what is
 * neither a file nor a folder removed, no link followed; each folder must
 * be the process's user's, and is given the permissions a new folder gets,
 * the umask's bits taken away, and no ACL: a spare of another user, or
 * whose folders cannot be made so, is not taken), a file of it
 * stays only when its id is the one the page cache recorded for the
 * published file, any other is removed before a file is written or linked
 * at its path, and what the build did not stage is removed before the
 * swap, so the site published holds the build's files and no other. The
 * cost is disk space: the files that changed in the last build, twice;
 * a build that wrote more files than it kept (a template changed) removes
 * the old tree as before instead, so that copy stays under half the site.
 *
 * Paths given to output_add are relative, made of safe segments (no "..", no
 * leading dot or slash, no backslash); anything else, or a second file at the
 * same path, is an error rather than a write outside the folder or an
 * overwrite.
 */
#ifndef GPUGUIDE_OUTPUT_H
#define GPUGUIDE_OUTPUT_H

#include "base/fs.h"
#include "base/strmap.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

struct diag;

/* A file staged: its path and, for one written anew, its id as written
 * (nothing links to it, so the swap leaves it as it is); a linked one's
 * is read after the swap, which unlinks the previous site's copy. */
struct output_staged {
	char *rel;
	struct fs_file_id id;
	bool has_id;
};

/* What an adopted spare held of one kind (files or folders): the paths,
 * numbered from 1 as listed (fs_scan_tree_at), and each one's state (enum
 * spare_state in output.c), which any thread changes without a lock. */
struct output_spare_set {
	struct strmap paths;
	_Atomic unsigned char *state; /* by number - 1 (owned) */
};

struct output {
	char *dir;      /* the published folder (owned) */
	char *staging;  /* the folder being filled (owned) */
	char *lock;     /* the lock file beside it (owned), or NULL */
	int lock_fd;    /* held (flock) from output_begin to output_free */
	int dir_fd;     /* the published folder, open; -1 when there is none */
	int staging_fd; /* the staging folder, open (files go in relative to it) */
	struct diag *diag;
	int jobs;       /* threads to remove the previous site with (1: this one) */
	_Atomic size_t written, unchanged; /* output_add is thread-safe */
	_Atomic size_t existed; /* staged files the published folder also had */
	size_t removed;
	/* every file staged (written, linked or kept), by its relative path
	 * (owned): after the swap, the published folder holds these and no
	 * other, so their ids are known without listing a folder */
	struct output_staged *staged; size_t nstaged, cap_staged;
	pthread_mutex_t staged_lock;
	/* the spare (output_keep_spare): its path (owned), or NULL for none */
	char *spare;
	const struct strmap *previous; /* the last build's files (borrowed) */
	bool adopted;                  /* the staging folder is the spare */
	bool adopting, begun;          /* `adopter` is listing it; begin ran */
	pthread_t adopter;
	/* what the adopted spare held: its files and its folders */
	struct output_spare_set spare_files, spare_dirs;
};

/* The file every published folder holds, so that a later build knows the
 * folder is its own to replace. */
#define OUTPUT_MARKER ".gpuguide-site"

/* Start a build into `dir`. Refuses (-1, reported) a `dir` that is a
 * symbolic link, not a folder, a non-empty folder without OUTPUT_MARKER (a
 * build never replaces what it did not make) or a folder the build could
 * not replace (not writable). Installs SIGINT/SIGTERM handlers that make
 * the build stop at the next file.
 *
 * One build publishes into `dir` at a time: output_begin takes a lock, the
 * file ".site-lock-<name>" beside `dir` (flock: released by the kernel when
 * a build dies, removed by output_free), waiting up to
 * OUTPUT_LOCK_WAIT_MS (or $GPUGUIDE_LOCK_WAIT_MS) for another build to
 * finish, else failing with "another build is running". Holding the lock,
 * it removes the staging folders (".site-staging-<name>-<pid>") that
 * killed builds left behind. On failure nothing is left to free (calling
 * output_free is still allowed). */
#define OUTPUT_LOCK_WAIT_MS 10000
int output_begin(struct output *o, const char *dir, struct diag *diag);
/* Only take the lock of `dir` (into `o`), so that what lies beside the
 * folder (the page cache) is read by one build at a time; then
 * output_begin_locked goes on as output_begin does, or output_unlock
 * releases the lock. Each returns 0 or -1 (reported; on failure nothing
 * is held). */
int output_lock(struct output *o, const char *dir, struct diag *diag);
int output_begin_locked(struct output *o, struct diag *diag);
void output_unlock(struct output *o);
/* Keep the site the swap takes out as the next build's staging folder
 * (the spare, above), and take the spare this one left, if any. `previous`
 * lists the files the last build published, by path (the page cache's
 * file_index, borrowed until output_free): the removed files are counted
 * from it, the old tree not being walked. Between output_lock and
 * output_begin_locked; without it, a spare is deleted. */
void output_keep_spare(struct output *o, const struct strmap *previous);
/* Refuse an output folder that is the project `root`, holds it, or lies
 * inside its content/, data/ or templates/. Returns 0 or -1 (reported). */
int output_check_target(const char *dir, const char *root, struct diag *diag);

/* Add one file. Returns 0, or -1 after reporting the problem. */
int output_add(struct output *o, const char *rel, const void *data, size_t len);
/* The same, reporting to `diag` instead of the output's own: safe to call
 * from several threads at once, each with its own diag. */
int output_add_to(struct output *o, const char *rel, const void *data,
		  size_t len, struct diag *diag);
/* Keep the published file `rel` as it is when its id is still `id` (the
 * page cache's record of it, pagecache.h): linked into the staging folder
 * without being read or written. Returns 1 when kept; 0 when the published
 * file is not that one any more (absent, changed by hand: the caller
 * writes it); -1 after reporting an error to `diag`. Thread-safe. */
int output_keep(struct output *o, const char *rel, const struct fs_file_id *id,
		struct diag *diag);
/* Whether the published file `rel` is still the one of id `id` (what
 * output_keep checks first), without keeping it. */
bool output_intact(const struct output *o, const char *rel, const struct fs_file_id *id);
/* The published file at `rel` into `out` (appended) when it is still the
 * file `id` says: 0, or -1 (none, another one, or unsafe). */
int output_read_published(const struct output *o, const char *rel,
			  const struct fs_file_id *id, struct buf *out);
/* Publish: swap the staging folder in. Returns 0 or -1 (then nothing
 * changed). */
int output_commit(struct output *o);
/* After output_commit: call fn(ctx, rel, id) for each file published, with
 * its id as it is now (the previous site's links removed: a linked file's
 * is read again, a written one's was taken as it was written). 0, or -1
 * when a file cannot be read (removed or replaced since: errno). */
int output_published_ids(const struct output *o, fs_walk_fn fn, void *ctx);
/* Give up: delete the staging folder. */
void output_abort(struct output *o);
/* Free the memory (after commit or abort), release the lock; restores
 * signal handlers. */
void output_free(struct output *o);
/* The signal that interrupted the build, or 0. */
int output_interrupted(void);

#endif
