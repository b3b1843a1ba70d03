/* pagecache: what the published site was made from, kept beside it so
 * that the next build renders only the pages whose inputs changed.
 *
 * The cache is the file ".site-cache-<name>" beside the output folder
 * <name> (like the build's lock; publishers copy the folder and never see
 * it). It holds
 *   - its secret, the key of every digest (digest.h) the build makes, so
 *     that nobody who cannot read the cache can steer a digest;
 *   - the digest of the gen that wrote it: its program file and the
 *     shared libraries it ran with, by path and build id (a different gen,
 *     or another libcmark: no cache),
 *   - the digest of the inputs' file ids (every file of data/, templates/
 *     and content/ with its inode, size and times) and of the options,
 *     with whether that build was clean (no warning): a build with the
 *     same inputs, into a site whose files are all as recorded, has
 *     nothing to do;
 *   - every published file with its id (inode, size, modification and
 *     change times), so a file changed or removed by hand is never
 *     trusted, even with its size and modification time put back;
 *   - every page with the digest of its inputs (the template set, its
 *     template and its whole context: render.c) and a record of it (what
 *     the search index keeps of the page), so a page whose digest is
 *     unchanged is linked, not rendered again;
 *   - records that modules keep of their own work by the digest of its
 *     input (what cmark made of each article's body: markdown.h; each
 *     language's search index, its term shards and their list, by its
 *     docs: search_pages.c; each chart's
 *     drawings, by all they are drawn from: guide_charts_common.c), so an
 *     unchanged input is not worked on again.
 *
 * The file: a magic and the secret, the records' bytes, then the index
 * (all of the above but the records' bytes: where each record lies, and
 * its check, digest.h's digest_check), and a trailer: the index's offset, how many files, pages
 * and memos it lists, and the index's seal (its check digested under the
 * secret, so that a damaged secret is told too). Records are appended as
 * a build makes them and read when they are needed (pread), so a build
 * never holds them all in memory. A cache is a help, never a risk: one
 * that is not a regular file, is cut short or damaged (the seal), or
 * whose index is longer than what it lists could take is not loaded (and
 * nothing of it is read before its sizes are checked: the memory it costs
 * is bounded by what it lists, not by its size); a damaged record (its own
 * check) is not used. Neither check is a digest: whoever could change the
 * index or a record and its check together could read the secret beside
 * them; so the records' bytes (a third of what a full build once hashed)
 * and the index (what every rebuild reads and writes whole) cost a
 * checksum's time, not a digest's. A rebuild appends to the last cache's
 * file (pagecache_start_after): the records it keeps stay where they lie,
 * the new ones, the index and the trailer go after them; a build that
 * fails cuts the file back to what it was, and the mark
 * ".site-cache-<name>.tail" lets the next build do the same after a killed
 * one. A cache mostly made of records no index lists any more is
 * written anew instead, to a new file (".site-cache-<name>.<pid>") renamed
 * over the old once the site is published; a build that fails leaves the
 * old one, which still describes the published site, and the next build
 * holding the lock removes what a killed one left.
 *
 * Memory: a pagecache owns every string in it (its paths, in its own
 * arena: tens of thousands, freed at once) and, when loaded, the cache
 * file's descriptor; pagecache_free frees them (and removes a cache being
 * written that was not finished).
 */
#ifndef GPUGUIDE_PAGECACHE_H
#define GPUGUIDE_PAGECACHE_H

#include "base/arena.h"
#include "base/digest.h"
#include "publish/appender.h"
#include "publish/pagecache_memos.h"
#include "base/fs.h"
#include "base/strmap.h"

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct buf;

struct pagecache_page {
	char *rel;                  /* "en/gpus/rtx-4090/index.html" */
	struct digest_value inputs; /* what the page was rendered from */
	struct pagecache_rec rec;   /* the listeners' record of it */
};

struct pagecache_file {
	char *rel;
	struct fs_file_id id;
};

struct pagecache {
	unsigned char secret[DIGEST_KEY_LEN]; /* the key of its digests */
	struct digest_value tool;   /* the gen that wrote it */
	struct digest_value inputs; /* the inputs' ids and the options */
	bool clean;                 /* its inputs' ids stood for them, and its
				       warnings are kept (pagecache_keep_warnings) */
	bool placeholder_url;       /* and used the placeholder base URL */
	struct pagecache_file *files; size_t nfiles, cap_files;
	struct pagecache_page *pages; size_t npages, cap_pages;
	struct pagecache_memos memos; /* by key (pagecache_memos.h) */
	struct strmap file_index, page_index; /* -> index + 1 */
	int fd;                     /* a loaded cache's file, or -1 */
	struct appender out;        /* a cache being written (started or not) */
	char *out_path, *tmp_path;  /* where it goes, and the file until then */
	/* appending to the last build's file (pagecache_start_after): `from`
	 * is its cache, whose records are kept where they lie; `base` its
	 * size, to which a build that does not finish cuts it back;
	 * tmp_path then names the mark that says so (PAGECACHE_TAIL) */
	const struct pagecache *from;
	uint64_t base;
	pthread_mutex_t lock;       /* records may be added from threads */
	struct arena paths;         /* the files' and pages' paths (with lock
				       held, or on one thread) */
};

void pagecache_init(struct pagecache *pc);
void pagecache_free(struct pagecache *pc);

/* The digest of this gen (the build ids of its program and of the shared
 * libraries it runs with, or their bytes where they have none; under the
 * digest key set): a cache by another gen is not used. */
struct digest_value pagecache_tool(void);

/* ".site-cache-<name>" beside the output folder `out` (malloc'd). */
char *pagecache_path(const char *out);

/* Read the index of the cache at `path` into `pc` (initialised, empty),
 * with its secret, keeping the file open for its records. Returns 0, or -1
 * when there is none or it is another version's (*why NULL) or it cannot
 * be trusted (*why says why, "damaged", "not a regular file": the caller
 * warns); `pc` is then left
 * empty. Never blocks, never reads more than the index's counts allow. */
int pagecache_load(struct pagecache *pc, const char *path, const char **why);
/* A new secret for a cache (from the kernel's randomness). */
void pagecache_new_secret(unsigned char secret[DIGEST_KEY_LEN]);
/* Remove the caches being written that killed builds left beside `path`
 * (to be called holding the output's lock: no running build owns one),
 * and cut the cache back to the size its mark gives when a killed build
 * was appending to it (a mark that gives none: the cache is removed).
 * Returns how many were removed or cut. */
size_t pagecache_remove_leftovers(const char *path);
/* A record's bytes into `out` (appended): 0, or -1 when they cannot be
 * read or are not what was written (their digest). */
int pagecache_read(const struct pagecache *pc, const struct pagecache_rec *rec,
		   struct buf *out);

/* Start writing a cache that will go to `path` (a new file beside it),
 * under the secret set in pc->secret: records added from now on go to
 * that file. Returns 0 or -1 (errno; the
 * cache is then only not written: adding still works). */
int pagecache_start(struct pagecache *pc, const char *path);
/* The same after the last build's cache `old`, loaded from `path` (its
 * secret set in pc->secret): while at least half of that file is records
 * its index lists, the new records are appended to it, and a record
 * carried from `old` stays where it lies (a rebuild writes what changed,
 * not every record again); the new index and trailer go after them, so
 * the file is the new cache once they are written. The mark
 * "<path>" PAGECACHE_TAIL holds the size the file had: a build that does
 * not finish cuts the file back to it (pagecache_free), and so does the
 * next build (pagecache_remove_leftovers) after a killed one, so the
 * file is again the cache that describes the published site. Otherwise,
 * or when the mark cannot be written, pagecache_start. */
#define PAGECACHE_TAIL ".tail"
int pagecache_start_after(struct pagecache *pc, const struct pagecache *old,
			  const char *path);
/* Write the index and put the cache in place (renamed over `path`).
 * Returns 0, or -1 with errno set (nothing is left behind). */
int pagecache_finish(struct pagecache *pc);

/* Record a published file; a page and its record (appended to the cache
 * being written; a second record of one path replaces the first). */
void pagecache_add_file(struct pagecache *pc, const char *rel,
			const struct fs_file_id *id);
void pagecache_add_page(struct pagecache *pc, const char *rel,
			struct digest_value inputs, const char *rec, size_t len);
/* pagecache_add_page for a page kept from the last build: `old` is its
 * entry there, `rec` its record as pagecache_read gave it (checked: its
 * check is carried over, not worked out again). */
void pagecache_carry_page(struct pagecache *pc, const char *rel,
			  const struct pagecache_page *old, const char *rec);
const struct pagecache_file *pagecache_file(const struct pagecache *pc,
					    const char *rel);
const struct pagecache_page *pagecache_page(const struct pagecache *pc,
					    const char *rel);

/* Keep a record of `len` bytes under `key` (a second record of a key is
 * ignored). Thread-safe, like pagecache_add_page. */
void pagecache_add_memo(struct pagecache *pc, struct digest_value key,
			const char *rec, size_t len);
/* The memos of a loaded cache put in their table, for a build that will
 * look many up (pagecache_memo, pagecache_carry_memo...), before its
 * threads do: until then each lookup reads the memos in order, which
 * suits a build that reads one (pagecache_warnings) and stops. */
void pagecache_index_memos(struct pagecache *pc);
/* The record under `key` into `out` (appended): 0, or -1 when there is
 * none (or it cannot be read). */
int pagecache_memo(const struct pagecache *pc, struct digest_value key,
		   struct buf *out);
/* pagecache_memo from `old` (the last build's cache), the record kept in
 * `pc` too, its check carried over: 0, or -1 when `old` has none. */
int pagecache_carry_memo(struct pagecache *pc, const struct pagecache *old,
			 struct digest_value key, struct buf *out);
/* The same without reading the record for the caller nor checking it: it
 * goes on as it is, with its check (a damaged record is found so when it
 * is read). 0, or -1 when `old` has none or it cannot be read. */
int pagecache_carry_memo_unread(struct pagecache *pc, const struct pagecache *old,
				struct digest_value key);

/* The warnings the build printed, kept so that a build with nothing to do
 * prints them again (the editor still sees them, positions and all):
 * `count` warnings, `text` as printed (every line, "... and N more"
 * included). A record of the cache being written, like a memo. */
void pagecache_keep_warnings(struct pagecache *pc, int count, const char *text,
			     size_t len);
/* The kept warnings: their count, their text into `text` (appended).
 * 0, or -1 when the cache has none or they cannot be read. */
int pagecache_warnings(const struct pagecache *pc, int *count, struct buf *text);

/* Record every file of the published folder `dir`. Returns 0 or -1. */
int pagecache_add_tree(struct pagecache *pc, const char *dir);
/* Record every file `out` published (after output_commit: the files it
 * staged, each with its id as it is now), without listing a folder.
 * Returns 0 or -1. */
struct output;
int pagecache_add_published(struct pagecache *pc, const struct output *out);
/* True when `dir` holds exactly the recorded files, each with its id
 * (its folders walked on `jobs` threads). */
bool pagecache_tree_intact(const struct pagecache *pc, const char *dir, int jobs);

#endif
