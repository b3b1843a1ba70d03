/* The index's terms and postings (search_index.h): the table of terms,
 * the index as a record, and postings moved between indexes. */
#include "search/search.h"
#include "search/search_index.h"

#include "base/buf.h"
#include "base/bytes.h"
#include "base/xalloc.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- the index ---- */
struct search_index *search_index_new(void)
{
	static atomic_uint_fast64_t last_id;
	struct search_index *ix = xcalloc(1, sizeof *ix);
	ix->id = atomic_fetch_add(&last_id, 1) + 1;
	return ix;
}

void search_index_free(struct search_index *ix)
{
	if (!ix)
		return;
	for (size_t i = 0; i < ix->nterms; i++) {
		free(ix->terms[i].key);
		free(ix->terms[i].post);
	}
	for (size_t i = 0; i < ix->ndocs; i++)
		search_idoc_free(&ix->docs[i]);
	free(ix->terms);
	free(ix->docs);
	free(ix->slots);
	free(ix);
}

/* The table of the index's terms: slots holding a term's index + 1 (0:
 * empty), a power of two of them, at most half full. Twice the slots (256
 * at first), each of the n entries (`stride` bytes apart, its uint32_t
 * hash at `hash_at`) placed again by its hash. */
void search_slots_grow(uint32_t **slots, size_t *nslots, const void *entries,
		       size_t stride, size_t hash_at, size_t n)
{
	size_t cap = *nslots ? *nslots * 2 : 256;
	uint32_t *s = xcalloc(cap, sizeof *s);
	for (size_t i = 0; i < n; i++) {
		uint32_t h;
		memcpy(&h, (const char *)entries + i * stride + hash_at, sizeof h);
		size_t k = h & (cap - 1);
		while (s[k])
			k = (k + 1) & (cap - 1);
		s[k] = (uint32_t)i + 1;
	}
	free(*slots);
	*slots = s;
	*nslots = cap;
}

/* The term `key`, or NULL. */
static const struct term *index_find(const struct search_index *ix, const char *key,
				     size_t len)
{
	if (!ix->nslots)
		return NULL;
	uint32_t h = search_token_hash(key, len);
	size_t mask = ix->nslots - 1;
	for (size_t k = h & mask; ix->slots[k]; k = (k + 1) & mask) {
		const struct term *t = &ix->terms[ix->slots[k] - 1];
		if (t->hash == h && t->len == len && !memcmp(t->key, key, len))
			return t;
	}
	return NULL;
}

unsigned search_index_fields(const struct search_index *ix, const char *token,
			     size_t doc)
{
	const struct term *t = index_find(ix, token, strlen(token));
	if (!t)
		return 0;
	for (size_t i = 0; i < t->npost; i++)
		if (POST_DOC(t->post[i]) == doc)
			return POST_FIELDS(t->post[i]);
	return 0;
}

/* ---- the index as a record ---- */

/* The record: the doc count, the term count, each term's key, posting
 * count and postings (in doc order: each the step from the last doc,
 * shifted, with the fields, in 7-bit groups, low first: a byte or two
 * where four would hold the number; the index at 10,000 pages is 9 MB of
 * postings). The docs' strings are not in it: a kept page's own record has
 * them (search_index_put_doc). */
void search_varint_add(unsigned char **o, uint32_t v)
{
	while (v >= 0x80) {
		*(*o)++ = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	*(*o)++ = (unsigned char)v;
}

void search_index_encode_terms(size_t ndocs, const struct term *const *terms, size_t n,
			       struct buf *out)
{
	size_t need = 8;
	for (size_t i = 0; i < n; i++)
		need += 8 + terms[i]->len + (size_t)terms[i]->npost * 5;
	buf_grow(out, need);
	buf_add_u32(out, (uint32_t)ndocs);
	buf_add_u32(out, (uint32_t)n);
	for (size_t i = 0; i < n; i++) {
		const struct term *t = terms[i];
		buf_add_counted(out, t->key, t->len);
		buf_add_u32(out, t->npost);
		unsigned char *o = (unsigned char *)out->ptr + out->len;
		uint32_t last = 0;
		for (uint32_t k = 0; k < t->npost; k++) {
			uint32_t doc = POST_DOC(t->post[k]);
			search_varint_add(&o, (doc - last) << 4 | POST_FIELDS(t->post[k]));
			last = doc;
		}
		out->len = (size_t)((char *)o - out->ptr);
	}
	out->ptr[out->len] = '\0';
}

void search_index_encode(const struct search_index *ix, struct buf *out)
{
	const struct term **all = xmalloc((ix->nterms + 1) * sizeof *all);
	for (size_t i = 0; i < ix->nterms; i++)
		all[i] = &ix->terms[i];
	search_index_encode_terms(ix->ndocs, all, ix->nterms, out);
	free((void *)all);
}

/* The next number of the record (add_varint's): false when it runs past
 * the end or past 32 bits. */
bool search_varint_read(struct buf_reader *r, uint32_t *v)
{
	uint32_t x = 0;
	for (unsigned shift = 0; shift < 35; shift += 7) {
		if (!r->left)
			return false;
		unsigned char c = *r->p++;
		r->left--;
		x |= (uint32_t)(c & 0x7F) << shift;
		if (!(c & 0x80))
			return shift < 28 || c < 16 ? (*v = x, true) : false;
	}
	return false;
}

/* A term of the record into `ix`: false when it is none (a key empty,
 * too long or seen before; a posting of no doc or no field). */
static bool decode_term(struct buf_reader *r, struct search_index *ix)
{
	size_t len;
	const char *key = buf_read_counted(r, &len);
	uint32_t npost = buf_read_u32(r);
	if (r->bad || !key || !len || len > WORD_MAX || memchr(key, '\0', len) ||
	    npost > r->left)
		return false;
	/* the table may move as the term is made: indexed after */
	size_t at = search_index_term(ix, key, len, search_token_head(key, len),
			       search_token_hash(key, len));
	struct term *t = &ix->terms[at];
	if (t->npost)
		return false;
	if (!npost)
		return false;
	t->post = xreallocarray(NULL, npost, sizeof *t->post);
	t->cap = npost;
	/* in doc order, each doc once, each of the docs, with a field */
	uint64_t doc = 0;
	for (uint32_t k = 0; k < npost; k++) {
		uint32_t v;
		if (!search_varint_read(r, &v) || !(v & 15) || (k && v < 16))
			return false;
		doc += v >> 4;
		if (doc >= ix->ndocs)
			return false;
		t->post[t->npost++] = (posting)doc << 4 | (v & 15);
	}
	return true;
}

struct search_index *search_index_decode(const char *data, size_t len)
{
	struct search_index *ix = search_index_new();
	struct buf_reader r = { (const unsigned char *)data, len, false };
	size_t ndocs = buf_read_u32(&r);
	size_t nterms = buf_read_u32(&r);
	/* its docs' numbers (their strings are the pages' records') */
	ix->docs = xcalloc(ndocs + 1, sizeof *ix->docs);
	ix->ndocs = ix->cap_docs = ndocs;
	bool ok = !r.bad && nterms <= r.left / 13;
	for (size_t i = 0; ok && i < nterms; i++)
		ok = decode_term(&r, ix);
	if (ok && !r.bad && !r.left)
		return ix;
	search_index_free(ix);
	return NULL;
}

/* Merge the sorted postings `b` (nb) into the term's own (sorted here:
 * the few of the pages rendered again), in doc order. */
static void merge_postings(struct term *t, const posting *b, uint32_t nb)
{
	posting *a = t->post;
	uint32_t na = t->npost;
	for (uint32_t i = 1; i < na; i++) /* insertion: a few, nearly sorted */
		for (uint32_t j = i; j > 0 && a[j - 1] > a[j]; j--) {
			posting v = a[j];
			a[j] = a[j - 1];
			a[j - 1] = v;
		}
	posting *m = xreallocarray(NULL, (size_t)na + nb, sizeof *m);
	uint32_t i = 0, j = 0, k = 0;
	while (i < na && j < nb)
		m[k++] = a[i] < b[j] ? a[i++] : b[j++];
	while (i < na)
		m[k++] = a[i++];
	while (j < nb)
		m[k++] = b[j++];
	free(a);
	t->post = m;
	t->npost = t->cap = k;
}

void search_index_take(struct search_index *ix, struct search_index *old, const bool *take)
{
	for (size_t i = 0; i < old->nterms; i++) {
		struct term *from = &old->terms[i];
		/* the postings of the docs taken, kept in place (doc order) */
		uint32_t n = 0;
		for (uint32_t k = 0; k < from->npost; k++)
			if (take[POST_DOC(from->post[k])])
				from->post[n++] = from->post[k];
		if (!n)
			continue;
		size_t at = search_index_term(ix, from->key, from->len, from->head, from->hash);
		struct term *t = &ix->terms[at];
		if (!t->npost) { /* only kept docs have it: the list moves */
			free(t->post);
			t->post = from->post;
			t->npost = n;
			t->cap = from->cap;
			from->post = NULL;
			from->npost = from->cap = 0;
		} else {
			merge_postings(t, from->post, n);
		}
	}
}

void search_index_add_postings(struct search_index *ix, const struct term *from)
{
	size_t at = search_index_term(ix, from->key, from->len, from->head, from->hash);
	struct term *t = &ix->terms[at]; /* after: the terms may move as it is made */
	if (t->npost) {
		merge_postings(t, from->post, from->npost);
		return;
	}
	free(t->post);
	t->post = xreallocarray(NULL, from->npost, sizeof *t->post);
	memcpy(t->post, from->post, from->npost * sizeof *t->post);
	t->npost = t->cap = from->npost;
}
