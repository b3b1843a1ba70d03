/* search_write: an index's files (search.h says what they hold), written
 * through a callback, and the index kept between builds by term shard.
 *
 * A build that publishes keeps, through a search_store, each term shard's
 * record (its terms and postings) and the list of them (how many, of
 * numbers and of words, each one's size). The next build of the same docs reads the list
 * (search_kept_decode); as pages are rendered again, each marks the shards
 * its changes touch (search_kept_note, search.h); search_index_publish
 * then makes only those shards again, from their records and the pages
 * rendered, and keeps the others as published: the files are the ones a
 * build of every page writes, byte for byte.
 *
 * Memory: a search_kept is the caller's (search_kept_free); the index
 * given to search_index_publish stays the caller's.
 */
#ifndef GPUGUIDE_SEARCH_WRITE_H
#define GPUGUIDE_SEARCH_WRITE_H

#include "base/buf.h"
#include "search/search.h"

#include <stdbool.h>
#include <stddef.h>


/* The list search_index_publish gave (how many term shards, each one's
 * size), and which shards this build changes (search_kept_note). */
struct search_kept;
/* NULL for bytes that are not such a list. */
struct search_kept *search_kept_decode(const char *data, size_t len);
void search_kept_free(struct search_kept *k);

/* Where an index's files and records go. Files are named relative
 * ("index.json", "t0.json"); a term shard's record is kept by its file's
 * name and the shard counts. Every callback but `write` may be NULL when
 * nothing is kept (no record made, none read). */
typedef int (*search_write_fn)(void *ctx, const char *name, const struct buf *data);
struct search_store {
	search_write_fn write;       /* 0, or -1: writing stops */
	/* whether the published file is still the one the last build wrote */
	bool (*intact)(void *ctx, const char *name);
	/* keep it (unread) as this build's: 1 kept, 0 it changed since
	 * intact said so, -1 error (reported by the callback) */
	int (*keep_file)(void *ctx, const char *name);
	/* the last build's record of the shard (appended): 0, or -1 */
	int (*find)(void *ctx, const char *name, const struct search_shards *shards,
		    struct buf *rec);
	void (*keep)(void *ctx, const char *name, const struct search_shards *shards,
		     const char *rec, size_t len);
	/* the last build's record kept for the next, unread */
	void (*carry)(void *ctx, const char *name, const struct search_shards *shards);
	void *ctx;
};

/* Write the index's files through `st`, keeping each term shard's record
 * and appending to `list` (or NULL) the list of them for the next build
 * (search_kept_decode). With `kept` (the last build's list for these docs;
 * every page put since rendered again and noted, `from_old` marking the
 * docs kept, whose strings were put from their records): only the term
 * shards marked or no longer as published are made, from the last build's
 * record of each (the kept docs' postings) and the pages put; the others
 * are kept as published. Returns 0, -1 (a write failed), or 1 when the
 * kept shards cannot give the index (a record lost, or a shard count
 * changes with the index's size): nothing has been written then; put
 * every kept page (search_page_decode) and publish without `kept`. */
int search_index_publish(struct search_index *ix, const struct search_kept *kept,
			 const bool *from_old, const struct search_store *st,
			 struct buf *list);
/* search_index_publish without `kept` (the index written whole) in parts
 * that two threads may run at once: begin, then the term shards
 * (search_whole_terms, which sorts the postings and keeps each shard's
 * record through `st`) beside the doc shards (search_whole_docs, which
 * reads only the docs, and writes through its own `fn` and `ctx`: the
 * other thread's store may not be shared), then search_whole_end once
 * both are done, given the first error of the two (0: none): the doc
 * list, and the list of shards for the next build into `list` (or NULL).
 * It frees what begin took; the index stays the caller's. */
struct search_whole {
	struct search_index *ix;
	const struct search_store *st;
	struct search_shards shards;
	uint64_t *size;     /* each term shard's size */
	struct buf starts;  /* the first doc of each doc shard */
};
void search_whole_begin(struct search_whole *w, struct search_index *ix,
			const struct search_store *st);
int search_whole_terms(struct search_whole *w);
int search_whole_docs(struct search_whole *w, search_write_fn fn, void *ctx);
int search_whole_end(struct search_whole *w, int rc, struct buf *list);

/* Write the files through `fn` (search_index_publish keeping nothing). */
int search_index_write(struct search_index *ix, search_write_fn fn, void *ctx);

#endif
