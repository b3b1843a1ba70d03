/* search_index: the index's own structures, shared by the modules that
 * make it (search.c: terms, pages and their records; search_index.c: the
 * table of terms and the index as a record; search_again.c: a page read
 * again from its last record; search_write.c: the files, and the index
 * kept by term shard). No other module includes this: the rest of gen
 * sees search.h, search_again.h and search_write.h.
 *
 * Memory: an index owns its terms (keys and postings), its docs' strings
 * and its changes; search_index_free frees them. A page owns its doc, its
 * figures, and (read again) its record and changes; search_page_free.
 */
#ifndef GPUGUIDE_SEARCH_INDEX_H
#define GPUGUIDE_SEARCH_INDEX_H

#include "base/buf.h"
#include "search/search_scan.h"
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
	/* how much of the data the page holds: the bit length of its
	 * figures' count (search_figs_held), so that pages of one kind at one
	 * score come richest first (search.js) */
	unsigned held;
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
	/* what pages read again from their last records changed in their
	 * docs' postings (search_index_put_changes; NULL: none): an index of
	 * its own, each term's postings those of the docs whose fields for
	 * it changed, a posting of no field one dropped (the term is no
	 * longer in the doc) */
	struct search_index *changes;
};

/* ---- pages and their records (search.c) ---- */

struct search_doc;

/* What one index numbers the terms: to[tn] is the index's term number + 1
 * of term tn, 0 when not looked up yet. */
struct terms_map {
	uint64_t ix_id;
	uint32_t *to;
	size_t n, cap;
};

struct search_terms {
	struct token_set set;
	struct terms_map *maps; /* one per index merged into (a site has two) */
	size_t nmaps, cap_maps;
	/* seen[tn] == stamp: term tn of the page is marked (by whoever took
	 * the stamp: search_terms_stamp; a new one per use) */
	uint32_t *seen, stamp;
	size_t cap_seen;
	/* room kept from page to page: the text of the page being read, as
	 * far as its snippet reaches, and its doc's head and text before
	 * they are escaped into the doc (search_page_from_html) */
	struct buf body, text;
};

/* A page's distinct terms (the page its search_terms is reading: the set's
 * in_page, with their fields in the set's toks) and its doc; or, read
 * again from its last record (`from_last`), its record made from that
 * one's bytes (`rec`, whole) and what its terms changed there (`changes`:
 * `nchanges` terms as a record has them, each with its fields as the
 * index keeps them now: search_fields_fold's, 0 when it is no longer in
 * the page); the set then holds the terms read again alone. */
struct search_page {
	struct search_terms *terms;
	bool own_terms;           /* search_page_new's: freed with the page */
	struct idoc doc;
	struct search_figs figs;  /* a rendered page's (search_scan.h) */
	bool from_last;
	struct buf rec, changes;
	size_t nchanges;
};

/* A term's fields byte: its fields, and (SEARCH_FIG_SHIFT higher) those it
 * has in figures; what the index keeps of it: the two together. */
static inline unsigned search_fields_fold(unsigned f)
{
	return (f | f >> SEARCH_FIG_SHIFT) & 15u;
}

/* An empty page read with `st` (which it frees when `own`). */
struct search_page *search_page_begin(struct search_terms *st, bool own);
/* The tokens of `s` (NULL: none) into the page, in `field`. */
void search_page_read_field(struct search_page *pg, const char *s, unsigned field);
/* The doc's JSON (struct idoc) from its strings and its text for
 * snippets: the description, a space, the body, cut at SEARCH_TEXT_MAX
 * bytes. */
void search_page_set_doc(struct search_page *pg, const struct search_doc *d,
			 const char *body, size_t body_len);
/* The doc's JSON up to its text: "[title,path,kind,". */
void search_doc_head(const struct search_doc *d, struct buf *json);
/* The text's start: the description and a space, or nothing. */
void search_doc_text_head(const struct search_doc *d, struct buf *text);
/* A new stamp for the page `st` reads, seen[] as long as its terms. */
uint32_t search_terms_stamp(struct search_terms *st);

/* A page's record (search_page_encode's): title_tokens, held, the doc's JSON
 * (buf.h's counted bytes), the figures (search_record_add_figs), the term
 * count, then each term as its fields (a byte), its length (a byte: at
 * most WORD_MAX) and its bytes; its head and hash are made again when it
 * is read, by one load and one multiplication for most. */
#define SEARCH_RECORD_TERM_HEAD 2
/* A record's doc into *d: false when it is none (cut short, or not a
 * JSON array of one line: never a doc a page gave). */
bool search_record_read_doc(struct buf_reader *r, struct idoc *d);
/* A record's figures into `f` (NULL: passed over), where they were in
 * its page: false when they are not such a list. */
bool search_record_read_figs(struct buf_reader *r, struct search_figs *f);
void search_record_add_figs(const struct search_figs *f, struct buf *out);

/* Whether a record's fields byte is one a page gives: some field, and in
 * figures only the body or a heading. */
static inline bool search_fields_valid(unsigned f)
{
	return search_fields_fold(f) &&
	       !(f >> SEARCH_FIG_SHIFT & ~(unsigned)(SEARCH_IN_BODY | SEARCH_IN_HEADING));
}

/* A record's terms, read by `r` after its doc and figures: their count
 * into *n, their bytes (the rest of the record) at *p, *left of them;
 * false when they cannot be a record's terms: more than the bytes hold
 * (a term takes three at least), or a NUL among them. No token holds a
 * NUL (a term's key becomes a C string; a shorter token would share its
 * head), and the two bytes before each term's (its fields, its length)
 * are never 0 in a record taken: one look at them all, not one a term.
 * Every reader of a record's terms reads them so. */
static inline bool search_record_read_terms(struct buf_reader *r, size_t *n,
					    const unsigned char **p, size_t *left)
{
	*n = buf_read_u32(r);
	if (r->bad || *n > r->left / (SEARCH_RECORD_TERM_HEAD + 1) ||
	    memchr(r->p, '\0', r->left))
		return false;
	*p = r->p;
	*left = r->left;
	return true;
}

/* The length of the term at `p` (its fields, length and bytes), with
 * `left` bytes readable there: 0 when it is none (cut short, of no bytes
 * or too long, in no field or one no field has). */
static inline size_t search_record_term_len(const unsigned char *p, size_t left)
{
	if (left < SEARCH_RECORD_TERM_HEAD)
		return 0;
	size_t len = p[1];
	return len && len <= WORD_MAX && search_fields_valid(p[0]) &&
			       left - SEARCH_RECORD_TERM_HEAD >= len
		       ? len : 0;
}

/* The head of a token of `len` bytes at `p` (at most WORD_MAX), with
 * `left` bytes readable from p: by one load when 8 are. */
static inline uint64_t search_record_head(const unsigned char *p, size_t len, size_t left)
{
	if (left < 8)
		return search_token_head((const char *)p, len);
	uint64_t head = bytes_le64(p);
	return len < 8 ? head & (((uint64_t)1 << (8 * len)) - 1) : head;
}


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
/* The changes `c` (sorted, nc of them: struct search_index's changes)
 * made to term t's postings (in doc order): each of their docs loses its
 * posting in t, and has c's when it has a field. */
void search_postings_change(struct term *t, const posting *c, uint32_t nc);
/* A number of a record in 7-bit groups, low first (a byte or two where
 * four would hold it), appended at *o; read back, false when it runs past
 * the end or past 32 bits. */
void search_varint_add(unsigned char **o, uint32_t v);
bool search_varint_read_long(struct buf_reader *r, uint32_t *v);
/* One byte, most numbers of a record (a posting's step), here; the
 * others in search_varint_read_long. */
static inline bool search_varint_read(struct buf_reader *r, uint32_t *v)
{
	if (r->left && !(r->p[0] & 0x80)) {
		*v = r->p[0];
		r->p++;
		r->left--;
		return true;
	}
	return search_varint_read_long(r, v);
}

/* The postings of `from` (sorted) added to the term of its key in `ix`
 * (made when new), in doc order: the docs of the two are never the same
 * (a doc kept or rendered again). */
void search_index_add_postings(struct search_index *ix, const struct term *from);
/* The record (search_index_encode's) of `n` terms of an index of `ndocs`
 * docs, appended to `out`. */
void search_index_encode_terms(size_t ndocs, const struct term *const *terms, size_t n,
			       struct buf *out);

#endif
