/* pagecache: what the published site was made from, kept beside it so
 * that the next build renders only the pages whose inputs changed.
 *
 * The cache is the file ".site-cache-<name>" beside the output folder
 * <name> (like the build's lock; publishers copy the folder and never see
 * it). It holds
 *   - the digest of the gen that wrote it (a different gen: no cache),
 *   - the digest of the inputs' file ids (every file of data/, templates/
 *     and content/ with its inode, size and times) and of the options,
 *     with whether that build was clean (no warning): a build with the
 *     same inputs, into a site whose files are all as recorded, has
 *     nothing to do;
 *   - every published file with its id (inode, size, modification time),
 *     so a file changed or removed by hand is never trusted;
 *   - records that modules keep of their own work by the digest of its
 *     input (what cmark made of each article's Markdown: markdown.h), so
 *     an unchanged input is not worked on again;
 *   - every page with the digest of its inputs (the template set, its
 *     template and its whole context: render.c) and what the build's
 *     listeners kept of it (the search index's record of the page), so
 *     a page whose digest is unchanged is linked, not rendered again.
 * The file ends with the digest of everything before it: a cache cut short
 * or damaged is not loaded (the build is then a full one). It is written
 * after the site is published (a new file renamed over the old); a build
 * that fails or is interrupted leaves the old one, which still describes
 * the published site.
 *
 * Memory: a pagecache owns every string and record in it (heap), those of
 * a loaded cache inside the file's bytes it keeps (records are not
 * NUL-terminated: use their lengths); pagecache_free frees them.
 */
#ifndef GPUGUIDE_PAGECACHE_H
#define GPUGUIDE_PAGECACHE_H

#include "digest.h"
#include "fs.h"
#include "strmap.h"

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

struct pagecache_page {
	char *rel;                  /* "en/gpus/rtx-4090/index.html" */
	struct digest_value inputs; /* what the page was rendered from */
	char *kept; size_t kept_len; /* the listeners' record of it */
	bool borrowed;              /* kept points into the loaded file */
};

struct pagecache_file {
	char *rel;
	struct fs_file_id id;
};

struct pagecache {
	struct digest_value tool;   /* the gen that wrote it */
	struct digest_value inputs; /* the inputs' ids and the options */
	bool clean;                 /* that build warned about nothing */
	bool placeholder_url;       /* and used the placeholder base URL */
	struct pagecache_file *files; size_t nfiles, cap_files;
	struct pagecache_page *pages; size_t npages, cap_pages;
	struct strmap file_index, page_index; /* rel -> index + 1 */
	struct pagecache_memo *memos; size_t nmemos, cap_memos;
	struct strmap memo_index;   /* key (32 hex digits) -> index + 1 */
	pthread_mutex_t lock;       /* pagecache_add_memo may come from threads */
	char *backing;              /* a loaded cache's bytes (records point in) */
};

struct pagecache_memo {
	char *key; /* the digest in 32 hex digits */
	char *rec; size_t len;
	bool borrowed;              /* rec points into the loaded file */
};

void pagecache_init(struct pagecache *pc);
void pagecache_free(struct pagecache *pc);

/* The digest of this gen (its program file): a cache by another gen is
 * not used. */
struct digest_value pagecache_tool(void);

/* ".site-cache-<name>" beside the output folder `out` (malloc'd). */
char *pagecache_path(const char *out);

/* Read the cache at `path` into `pc` (initialised, empty). Returns 0, or
 * -1 when there is none or it is not a whole cache of this format (then
 * `pc` is left empty). */
int pagecache_load(struct pagecache *pc, const char *path);
/* Write `pc` to `path` (through a new file renamed over it). Returns 0, or
 * -1 with errno set (nothing is left behind). */
int pagecache_write(const struct pagecache *pc, const char *path);

/* Record a published file, a page (both copied; a second record of one
 * path replaces the first). */
void pagecache_add_file(struct pagecache *pc, const char *rel,
			const struct fs_file_id *id);
void pagecache_add_page(struct pagecache *pc, const char *rel,
			struct digest_value inputs, const char *kept,
			size_t kept_len);
/* Keep a record of `len` bytes under `key` (copied; a second record of a
 * key is ignored). Thread-safe. */
void pagecache_add_memo(struct pagecache *pc, struct digest_value key,
			const char *rec, size_t len);
/* The record under `key`, or NULL; *len set. */
const char *pagecache_memo(const struct pagecache *pc, struct digest_value key,
			   size_t *len);
const struct pagecache_file *pagecache_file(const struct pagecache *pc,
					    const char *rel);
const struct pagecache_page *pagecache_page(const struct pagecache *pc,
					    const char *rel);

/* Record every file of the published folder `dir`. Returns 0 or -1. */
int pagecache_add_tree(struct pagecache *pc, const char *dir);
/* True when `dir` holds exactly the recorded files, each with its id. */
bool pagecache_tree_intact(const struct pagecache *pc, const char *dir);

#endif
