/* search_index: the index's own structures, shared by the two modules that
 * make it (search.c: terms, pages and records; search_index.c: the table
 * of terms and the index as a record; search_write.c: the files, and the
 * index kept by term shard). No other module includes this: the
 * rest of gen sees search.h and search_write.h.
 *
 * Memory: an index owns its terms (keys and postings) and its docs'
 * strings; search_index_free frees them.
 */
#ifndef GPUGUIDE_SEARCH_INDEX_H
#define GPUGUIDE_SEARCH_INDEX_H

#include "base/buf.h"
#include "search/search_text.h"

#include "base/bytes.h"
#include "base/xalloc.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A doc number and the fields (4 bits) a term occurs in, as one number
 * (doc << 4 | fields): 4 bytes per posting, in doc order when sorted. */
typedef uint32_t posting;
#define POST_DOC(p) ((p) >> 4)
#define POST_FIELDS(p) ((p) & 15u)

struct term {
	char *key;
	size_t len;
	uint64_t head;   /* search_token_head of the key */
	uint32_t hash;   /* search_token_hash of the key */
	posting *post;
	uint32_t npost, cap;
};

/* A doc as its doc shard writes it: the JSON array ["title","path","kind",
 * "text"], escaped once when its page is read and kept so in the page's
 * record, so a kept page's doc costs a copy, not an escaping. */
struct idoc {
	char *json;
	size_t len;
	unsigned title_tokens;
};

/* Terms are interned once per build: an open-addressed table of term
 * indexes + 1 (0: empty), a power of two at most half full, probed by
 * the hash the tokenizer gave each token, so a merged page hashes nothing. */
struct search_index {
	uint64_t id;     /* what search_terms know it by: never two the same */
	uint32_t *slots;
	size_t nslots;
	struct term *terms;
	size_t nterms, cap_terms;
	struct idoc *docs;
	size_t ndocs, cap_docs;
};


/* What the last build kept of an index (search_write.h): its term shards,
 * each one's size, and the shards this build makes again. */
struct search_kept {
	struct search_shards shards;
	uint64_t *size;      /* [shards.all]: each shard's, as the last build wrote it */
	atomic_bool *dirty;  /* [shards.all]: its postings change in this build */
};

/* Whether a term is of the numbers' shards (search.h). */
static inline bool search_term_is_number(const char *key)
{
	return key[0] >= '0' && key[0] <= '9';
}

/* The shard of a term: search.h's rule, the script's. */
static inline size_t search_term_shard(const char *key, size_t len,
				       const struct search_shards *sh)
{
	uint32_t h = search_shard_of(key, search_shard_key_len(key, len));
	if (search_term_is_number(key))
		return h % sh->numbers;
	return sh->numbers + h % (sh->all - sh->numbers);
}

static inline void search_idoc_free(struct idoc *d)
{
	free(d->json);
}

/* Postings: a term has a hundred on average at N=1,000 (a few thousand
 * at most), so they start at 8 and double: a few reallocations a term. */
static inline posting *search_postings_grow(posting *p, uint32_t n, uint32_t *cap)
{
	if (n < *cap)
		return p;
	*cap = *cap ? *cap * 2 : 8;
	return xreallocarray(p, *cap, sizeof *p);
}

/* The table of the index's terms: slots holding a term's index + 1 (0:
 * empty), a power of two of them, at most half full. Twice the slots (256
 * at first), each of the n entries (`stride` bytes apart, its uint32_t
 * hash at `hash_at`) placed again by its hash. */
void search_slots_grow(uint32_t **slots, size_t *nslots, const void *entries, size_t stride,
		       size_t hash_at, size_t n);

/* The index of the term `key` (head and hash: search_token_head and
 * _hash), made when new. Compared by head and length, and by the bytes
 * after the head when it has more. */
static inline size_t search_index_term(struct search_index *ix, const char *key,
				       size_t len, uint64_t head, uint32_t h)
{
	if (ix->nterms * 2 >= ix->nslots)
		search_slots_grow(&ix->slots, &ix->nslots, ix->terms, sizeof *ix->terms,
			   offsetof(struct term, hash), ix->nterms);
	size_t mask = ix->nslots - 1, k = h & mask;
	for (; ix->slots[k]; k = (k + 1) & mask) {
		const struct term *t = &ix->terms[ix->slots[k] - 1];
		if (t->head == head && t->len == len &&
		    (len <= 8 || bytes_equal_short(t->key + 8, key + 8, len - 8)))
			return ix->slots[k] - 1;
	}
	ALLOC_GROW(ix->terms, ix->nterms, ix->cap_terms);
	ix->terms[ix->nterms] = (struct term){ .key = xstrndup(key, len), .len = len,
					       .head = head, .hash = h };
	ix->slots[k] = (uint32_t)++ix->nterms;
	return ix->nterms - 1;
}

/* The postings `b` (sorted, nb of them) added to term t's, all in doc
 * order. */
void search_postings_merge(struct term *t, const posting *b, uint32_t nb);
/* A number of a record in 7-bit groups, low first (a byte or two where
 * four would hold it), appended at *o; read back, false when it runs past
 * the end or past 32 bits. */
void search_varint_add(unsigned char **o, uint32_t v);
bool search_varint_read(struct buf_reader *r, uint32_t *v);

/* The postings of `from` (sorted) added to the term of its key in `ix`
 * (made when new), in doc order: the docs of the two are never the same
 * (a doc kept or rendered again). */
void search_index_add_postings(struct search_index *ix, const struct term *from);
/* The record (search_index_encode's) of `n` terms of an index of `ndocs`
 * docs, appended to `out`. */
void search_index_encode_terms(size_t ndocs, const struct term *const *terms, size_t n,
			       struct buf *out);

#endif
