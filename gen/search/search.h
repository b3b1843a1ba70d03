/* search: the site search index, built at build time (pure functions: no
 * I/O; the files go out through a callback).
 *
 * Tokens (search_tokens): words of letters and digits, lowercased (ASCII),
 * and, for Chinese, Japanese and Korean text, every pair of neighbouring
 * characters (bigrams), as CJK search engines index it, so any substring
 * of two or more characters is found; a lone CJK character is not indexed.
 * The browser side (templates/assets/search.js) splits queries by the same
 * rules.
 *
 * The index records, for each token and page, in which fields it occurs
 * (title, headings, description, body: SEARCH_IN_*), the ranking's input.
 * search_index_write (search_write.h) emits, under a folder the caller
 * chooses:
 *   index.json   {"v":3,"shards":S,"number_shards":M,"docs":N,
 *                "doc_shards":[first id of each doc shard...],
 *                "title_tokens":[per doc],"held":[per doc: its
 *                figures' count's bit length, search_figs_held]}
 *   t<k>.json    {"<token>":"<postings>",...}, CJK pairs that share
 *                their first character (in the shard) under it, then
 *                their second ({"显":{"卡":"...","存":"..."}}; a pair
 *                alone stays whole); each posting one number, twice
 *                the step from the doc before (the first from 0), plus
 *                one when its fields follow as one digit (else it is
 *                in the body alone), in the digits
 *                0-9a-zA-Z-_ (values 0-63), most significant first:
 *                0-31 end a number, 32-63 come before its last ("638":
 *                doc 3 in the body, doc 4 in the title); tokens in byte
 *                order; a token that starts with a digit lives in
 *                shard h % M, any other in M + h % (S - M), h being
 *                search_shard_of(its first two characters) (struct
 *                search_shards): every token sharing a prefix of two
 *                characters is in one shard (prefix search fetches one file
 *                per query word), and the figures, which an edit of the
 *                data changes, share none with the words
 *   d<k>.json    [[title,path,kind,text],...] for docs doc_shards[k]...,
 *                text being the description then the body, cut at
 *                SEARCH_TEXT_MAX bytes (for snippets)
 * The bytes depend only on the docs and their numbers, not on the order
 * they were put in.
 */
#ifndef GPUGUIDE_SEARCH_H
#define GPUGUIDE_SEARCH_H

#include "search/search_text.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct buf;

/* Bytes of a doc's text kept for snippets (its description, then its
 * body): some 380 Chinese characters. 1,150, where it was 1,200, since
 * the pages' descriptions say what each holds and compress less: the
 * Chinese index of the real site stays under issue 28's 45 KB gzipped
 * (bench/search.py). */
#define SEARCH_TEXT_MAX 1150
/* Size a term shard aims for, and a doc shard's. */
#define SEARCH_TERM_SHARD_BYTES (96 * 1024)
#define SEARCH_DOC_SHARD_BYTES (32 * 1024)

/* One page to index. Strings are borrowed for the call; plain text. */
struct search_doc {
	const char *title, *path, *kind, *description, *headings, *body;
};

struct search_index;

struct search_index *search_index_new(void);
void search_index_free(struct search_index *ix);
/* Add a doc (copied); its number is the count of docs added before. */
void search_index_add(struct search_index *ix, const struct search_doc *d);

/* The terms one thread has read, numbered as first read, and what each
 * index it merged pages into numbers them (so a term is looked up in an
 * index once per search_terms, not once per page). Pages are read with
 * one (search_page_from_html, _decode) on any thread, one page at a time
 * per search_terms: a page is put (or freed) before the next is read with
 * it. Owned by the caller (search_terms_free, after the pages). */
struct search_terms;
struct search_terms *search_terms_new(void);
void search_terms_free(struct search_terms *st);

/* One doc's distinct terms with their fields and what the doc files keep
 * of it, made without touching any index, so pages can be tokenized on
 * any thread; search_index_put then merges it (with one lock around the
 * call when threads share the index). */
struct search_page;
/* A page of its own terms (a search_terms it owns). */
struct search_page *search_page_new(const struct search_doc *d);
/* A rendered page, read with `st`, in one pass: its text (as
 * search_text_from_html gives it: headings and body) tokenized straight
 * from the HTML, only the snippet's part of it copied; `d`'s headings and
 * body are not read. */
struct search_page *search_page_from_html(struct search_terms *st,
					  const struct search_doc *d, const char *html,
					  size_t len);
void search_page_free(struct search_page *pg);
/* Whether two records (search_page_encode's) are of one page: the same
 * doc and terms, each in the same fields (in figures or not: what the
 * index keeps); neither the order of their terms nor their figures are
 * compared. For checks (GEN_CHECK_SEARCH, tests). */
bool search_records_same(const char *a, size_t alen, const char *b, size_t blen);
/* The page as bytes (appended to `out`) and back, read with `st`: a page
 * kept from an earlier build (pagecache.h) is merged without its HTML
 * being read or tokenized again. Decoding checks every length: NULL for
 * bytes that are not such a record (a term twice, too). */
void search_page_encode(const struct search_page *pg, struct buf *out);
struct search_page *search_page_decode(struct search_terms *st, const char *data,
				       size_t len);
/* Merge `pg` as doc number `doc` (any order; numbers never put are
 * written as empty docs); takes and frees `pg`. */
void search_index_put(struct search_index *ix, size_t doc, struct search_page *pg);
size_t search_index_docs(const struct search_index *ix);
/* The SEARCH_IN_* fields `token` occurs in, in doc `doc`; 0 when none. */
unsigned search_index_fields(const struct search_index *ix, const char *token,
			     size_t doc);

/* The index's terms and postings as bytes (appended to `out`) and back:
 * the record of a term shard (search_index_publish keeps one per shard,
 * so that the postings of pages kept unchanged are taken from it, not
 * decoded page by page); the decoded index has the docs' numbers, not
 * their strings. Decoding checks every length and number: NULL for bytes
 * that are not such a record, or are the record of an index of another
 * number of docs than `ndocs` (the caller's: a record's own count is not
 * trusted with an allocation). */
void search_index_encode(const struct search_index *ix, struct buf *out);
struct search_index *search_index_decode(const char *data, size_t len, size_t ndocs);
/* Move into `ix` (which does not hold them) the postings `old` holds of
 * the docs `take` marks (take[d] for each doc d of old). */
void search_index_take(struct search_index *ix, struct search_index *old, const bool *take);
/* Room for `ndocs` docs, so that search_index_put_doc and search_index_put
 * of distinct docs may run on several threads (put under one lock). */
void search_index_reserve(struct search_index *ix, size_t ndocs);
/* Doc `doc`'s strings (below ndocs reserved) from the record of its page
 * (search_page_encode's; its terms not read): 0, or -1 for bytes that are
 * not such a record. */
int search_index_put_doc(struct search_index *ix, size_t doc, const char *data, size_t len);

/* ---- the index kept between builds, by term shard ---- */

/* What the last build kept of an index of the same docs (search_write.h):
 * a page rendered again marks the term shards whose postings for its doc
 * differ from its last record's (a price edited: the shards of its old and
 * new digits, not of every word on the page). */
struct search_kept;
/* Mark the shards where the doc of `pg` (being read: before it is put)
 * differs from `was`, its page's record of the last build
 * (search_page_encode's). `mine`, when not NULL, is pg's own record
 * (search_page_encode's, `mine_len` bytes): the terms both records start
 * with are passed over by their bytes. Thread-safe. 0, or -1 when `was` is
 * not such a record (the index must then be made whole:
 * search_index_publish). */
int search_kept_note(struct search_kept *k, const struct search_page *pg,
		     const char *was, size_t len, const char *mine, size_t mine_len);
/* Put a page read again from its last record (search_again.h) as doc
 * `doc` by what it changed there: its doc, and the terms whose fields
 * changed, into ix's changes (search_index_publish makes the shards they
 * are in again from the last build's records, the doc's other postings
 * taken from them: the caller marks the doc as kept); takes and frees
 * `pg`. Only while the index is not made whole: a page so put is put
 * again whole (search_index_put, from its record) when it is. */
void search_index_put_changes(struct search_index *ix, size_t doc, struct search_page *pg);

#endif
